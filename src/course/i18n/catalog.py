"""Gettext catalogs on Babel: read (with the ``#|`` previous msgids), write only when changed,
an empty catalog with an old one's header, and a catalog's usable translations and glossary."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Babel comes with the i18n extra, imported where it is used
    from babel.messages.catalog import Catalog

GLOSSARY = "glossary"
_PROJECT = "Tabletop Python"
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def read_catalog(path: Path) -> Catalog:
    """A catalog from its file (Babel's ``Catalog``)."""
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        catalog = read_po(handle, abort_invalid=True)
    for message_id, previous in _previous_ids(path.read_text(encoding="utf-8")):
        if message_id in catalog:
            catalog[message_id].previous_id = [previous]
    return catalog


def _previous_ids(text: str) -> Iterator[tuple[str, str]]:
    """(msgid, previous msgid) of the entries with a ``#| msgid`` line (Babel reads
    catalogs without them, and writes a long one as a wrapped comment: its lines are
    joined again with the spaces the wrapping took)."""
    from babel.messages.pofile import unescape

    def joined(parts: list[str], separator: str) -> str:
        pieces = _QUOTED.findall(separator.join(parts))
        return "".join(unescape(f'"{piece}"') for piece in pieces)

    for entry in re.split(r"\n\s*\n", text):
        previous: list[str] = []
        current: list[str] = []
        into = None
        for line in entry.splitlines():
            if line.startswith("#| msgid "):
                into = previous
                previous.append(line[len("#| msgid ") :])
            elif line.startswith("#| ") and into is previous:
                previous.append(line[len("#| ") :])
            elif line.startswith("msgid "):
                into = current
                current.append(line[len("msgid ") :])
            elif line.startswith('"') and into is current:
                current.append(line)
            else:
                into = None
        if previous and current:
            yield joined(current, "\n"), joined(previous, " ")


def write_catalog(catalog: Catalog, path: Path) -> bool:
    """Write ``catalog`` at ``path`` unless the file already holds it; True if written."""
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=88, include_previous=True, sort_output=False)
    data = buffer.getvalue()
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def empty_catalog(old: Catalog | None, lang: str, header_comment: str, **options: Any) -> Catalog:
    """An empty catalog of ``lang`` with ``old``'s header (dates, translator, team)."""
    from babel.messages.catalog import Catalog

    header: dict[str, Any] = {"last_translator": "", "language_team": f"{_PROJECT} <{lang}>"}
    if old is not None:
        header = {
            "creation_date": old.creation_date,
            "revision_date": old.revision_date,
            "last_translator": old.last_translator,
            "language_team": old.language_team,
        }
    return fix_plural_forms(Catalog(
        locale=lang,
        project=_PROJECT,
        version=None,
        copyright_holder=_PROJECT,
        msgid_bugs_address="",
        fuzzy=False,
        header_comment=header_comment,
        **header,
        **options,
    ), lang)


#: language -> the Plural-Forms header of the course's catalogs. Babel takes a new
#: catalog's plural rule from the CLDR data of its release, and that data moves (2.19
#: gives French three forms, for "1 000 000 de ..."); the rule is the course's choice,
#: the one its translations were written for: gettext's two forms for French.
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}


def fix_plural_forms(catalog: Catalog, lang: str) -> Catalog:
    """``catalog`` (Babel's) with the course's plural rule for ``lang``; returned for chaining."""
    rule = PLURAL_FORMS.get(lang)
    if rule is not None:
        catalog.mime_headers = [("Plural-Forms", rule)]
    return catalog


def translations(catalog: Catalog) -> dict[str, str]:
    """The usable translations of a catalog: translated and not fuzzy."""
    return {
        message.id: message.string
        for message in catalog
        if isinstance(message.id, str) and isinstance(message.string, str)  # the course's catalogs have no plurals
        and message.id and message.string and not message.fuzzy and message.context != GLOSSARY
    }


def glossary(catalog: Catalog) -> list[tuple[str, str]]:
    """The glossary entries of a catalog: (name in the code, term), in catalog order."""
    return [
        (message.id, message.string)
        for message in catalog
        if message.context == GLOSSARY and isinstance(message.id, str) and isinstance(message.string, str)
        and message.id and message.string
    ]
