"""The plural rule of each language of the course's catalogs, fixed here.

Babel takes a new catalog's plural rule from the CLDR data of its release, and that
data moves (Babel 2.19 gives French three forms, for "1 000 000 de ..."); a catalog's
rule is the course's choice, the one its translations were written for: gettext's
classic rule for French, two forms, the singular for 0 and 1.
"""

from __future__ import annotations

from typing import Any

#: language -> the catalog's Plural-Forms header
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}


def fix_plural_forms(catalog: Any, lang: str) -> Any:
    """``catalog`` (Babel's) with the course's plural rule for ``lang``; returned for chaining."""
    rule = PLURAL_FORMS.get(lang)
    if rule is not None:
        catalog.mime_headers = [("Plural-Forms", rule)]
    return catalog
