"""Gettext catalogs on Babel: read (with the ``#|`` previous msgids), write only when changed,
merge with a template (``Catalog.update``); an empty catalog, its translations and glossary."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Babel comes with the i18n extra, imported where it is used
    from babel.messages.catalog import Catalog

GLOSSARY = "glossary"
_PROJECT = "Tabletop Python"
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')


def read_catalog(path: Path) -> Catalog:
    """A catalog from its file (Babel's ``Catalog``), with the previous ids of its ``#|`` lines."""
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        catalog = read_po(handle, abort_invalid=True)
    for message in [*catalog, *catalog.obsolete.values()]:
        _take_previous_id(message)
    return catalog


def _take_previous_id(message: Any) -> None:
    """Move the ``#|`` lines of ``message`` into its ``previous_id``.

    Babel writes a previous id (``#| msgid``, ``#| msgid_plural``) but reads it back as user
    comments, ``| msgid "..."`` then ``| "..."``; a long one is written wrapped, and its
    lines are joined again with the space each wrapping took. Of two previous ids, the
    last is the one."""
    from babel.messages.pofile import unescape

    previous: list[list[str]] = []
    comments = []
    for comment in message.user_comments:
        if comment.startswith("| msgid "):
            previous = [[comment[len("| msgid "):]]]
        elif comment.startswith("| msgid_plural ") and previous:
            previous.append([comment[len("| msgid_plural "):]])
        elif comment.startswith("| ") and previous:
            previous[-1].append(comment[len("| "):])
        else:
            comments.append(comment)
    if previous:
        message.previous_id = ["".join(unescape(f'"{piece}"') for piece in _QUOTED.findall(" ".join(lines)))
                               for lines in previous]
        message.user_comments = comments


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


def merge(old: Catalog, template: Catalog, *, cutoff: float | None = None, keep_obsolete: bool = True) -> Catalog:
    """``old`` brought up to date with ``template`` (both Babel's) by Babel's ``Catalog.update``:
    an unchanged id keeps its translation, a changed one keeps its old translation as fuzzy
    with its old id (``#|``), a gone one becomes obsolete (only if translated: an empty one
    has nothing to give back; none at all without ``keep_obsolete``); the header comment
    and creation date are the template's. Returns ``old``, updated.

    What ``update`` does not do is done around it: an obsolete entry whose id comes back
    is active again, with its translation (``update`` leaves it obsolete and adds an empty
    one); a fuzzy entry kept keeps its old id (``update`` takes the template's entry, which
    has none). With a ``cutoff``, a changed id is matched only with an id gone from the same
    place (a location ``file#cell`` or ``file#function``), the closest, if its ratio is at least
    ``cutoff``, each gone id once: ``update``'s own matching (``cutoff`` None) compares with every
    translated id of the catalog, even one still there, at a fixed 0.6, so a short sentence
    could take the translation of another notebook cell's."""
    from babel.messages.catalog import Message

    for key, message in list(old.obsolete.items()):
        if template.get(message.id, message.context) is not None and old.get(message.id, message.context) is None:
            del old.obsolete[key]
            old[message.id] = message
    previous = {(m.id, m.context): m.previous_id for m in old if m.id and m.fuzzy and m.previous_id}
    for message, gone in _changed(old, template, cutoff) if cutoff is not None else ():
        old.delete(gone.id, gone.context)
        old[message.id] = Message(message.id, gone.string, flags={"fuzzy"}, user_comments=gone.user_comments,
                                  context=message.context)
        previous[(message.id, message.context)] = list(gone.id) if isinstance(gone.id, tuple) else [gone.id]
    obsolete = dict(old.obsolete)
    old.update(template, no_fuzzy_matching=cutoff is not None, update_header_comment=True)
    for message in old:
        if message.id and message.fuzzy and not message.previous_id:
            message.previous_id = previous.get((message.id, message.context), [])
    old.obsolete = {key: message for key, message in old.obsolete.items()
                    if keep_obsolete and (key in obsolete or message.string)}
    return old


def _changed(old: Catalog, template: Catalog, cutoff: float) -> list[tuple[Any, Any]]:
    """(new entry, the translated entry gone from its place that it most likely replaces)."""
    import difflib

    def places(message: Any) -> set[str]:
        return {filename for filename, _ in message.locations if "#" in filename}

    gone = [m for m in old if m.id and m.string and places(m) and template.get(m.id, m.context) is None]
    found = []
    for message in template:
        near = [m for m in gone if places(m) & places(message)] if message.id else []
        if not near or old.get(message.id, message.context) is not None:
            continue
        ratios = [difflib.SequenceMatcher(None, m.id, message.id, autojunk=False).ratio() for m in near]
        best = max(range(len(near)), key=ratios.__getitem__)
        if ratios[best] >= cutoff:
            gone.remove(near[best])
            found.append((message, near[best]))
    return found


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
