"""The package's own catalog: what ``exercises`` prints and shows, in other languages.

The messages are the ``_()``, ``N_()``, ``ngettext()`` and ``npgettext()`` calls of src/exercises (see
:mod:`exercises.i18n`), extracted with Babel into one catalog per language,
``src/exercises/locale/<lang>/LC_MESSAGES/exercises.po``, compiled next to it into
``exercises.mo`` (what the standard :mod:`gettext` reads; it is committed, so that a
student needs no Babel). ``course translate extract`` updates both: a new message is a new,
empty entry; a message whose English changed keeps its old translation, marked
``fuzzy`` (Babel's own matching), with the old English as ``#| msgid``; a message gone
becomes obsolete. A fuzzy or empty entry is left out of the ``.mo``: the package then
says it in English.

Locations are file names without line numbers (a line moved is no change to translate);
:func:`problems` gives the file and line of each message without a usable translation.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .catalog import empty_catalog, merge, read_catalog

if TYPE_CHECKING:  # Babel comes with the i18n extra, imported where it is used
    from babel.messages.catalog import Catalog

PACKAGE = Path("src") / "exercises"
DOMAIN = "exercises"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "npgettext": ((1, "c"), 2, 3), "pgettext": ((1, "c"), 2)}
HEADER_COMMENT = """\
# Translation ({lang}) of the messages of the package exercises of Tabletop Python.
# Updated by `course translate extract`; a "fuzzy" entry's English changed since it was
# translated (its old English is the "#|" line): review it, then remove the flag.
#"""


def catalog_path(root: Path, lang: str) -> Path:
    """The package's catalog of ``lang`` (``.po``; the ``.mo`` is beside it)."""
    return root / PACKAGE / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@dataclass(frozen=True)
class Message:
    """One ``_()`` or ``ngettext()`` call of the package."""

    id: str | tuple[str, ...]  # a string, or (singular, plural)
    path: str  # relative to src/, e.g. exercises/checks.py
    line: int
    context: str | None = None

    @property
    def key(self) -> str:
        return self.id[0] if isinstance(self.id, tuple) else self.id


def messages(root: Path) -> list[Message]:
    """Every message of the package, in file and line order."""
    from babel.messages.extract import extract_from_dir

    found = []
    for filename, line, text, _comments, context in extract_from_dir(
        str(root / PACKAGE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=(),
        strip_comment_tags=True,
    ):
        path = (Path(DOMAIN) / filename).as_posix()
        found.append(Message(text, path, line, context))
    return sorted(found, key=lambda message: (message.path, message.line))


def template(root: Path, lang: str, old: Catalog | None = None) -> Catalog:
    """A catalog of the package's messages (no translations), header from ``old``."""
    from datetime import UTC, datetime


    catalog = empty_catalog(old, lang, HEADER_COMMENT.format(lang=lang), domain=DOMAIN)
    if old is None:  # a fixed date: the same sources give the same bytes
        catalog.creation_date = catalog.revision_date = datetime(2026, 1, 1, tzinfo=UTC)
    for message in messages(root):
        # Babel writes a location without its line number (None), though its annotation says int
        catalog.add(message.id, locations=[(message.path, None)], context=message.context)  # type: ignore[list-item]
    return catalog


def read(path: Path) -> Catalog:
    """The catalog at ``path`` (Babel's ``Catalog``)."""
    return read_catalog(path)


def po_bytes(catalog: Catalog) -> bytes:
    from babel.messages.pofile import write_po

    buffer = io.BytesIO()
    write_po(buffer, catalog, width=88, include_previous=True, include_lineno=False,
             sort_output=False)
    return buffer.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """``catalog`` compiled (fuzzy entries left out): Babel's ``write_mo``, deterministic."""
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def mo_messages(data: bytes) -> dict[tuple[str | None, str | tuple[str, ...]], str | tuple[str, ...]]:
    """The translations a compiled catalog holds, by (context, id): what gettext will say.

    The header entry is left out: it names the tool and its version (``Generated-By``),
    which says nothing of the messages, so two compilations by different Babel releases
    of the same ``.po`` have the same messages.
    """
    from babel.messages.mofile import read_mo

    def plain(value: Any) -> Any:  # an id or a translation: a string, or a list of them (plural)
        return tuple(value) if isinstance(value, (list, tuple)) else value

    return {(message.context, plain(message.id)): plain(message.string)
            for message in read_mo(io.BytesIO(data)) if message.id}


def _write(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def compile_catalog(path: Path) -> bool:
    """Write the ``.mo`` of the ``.po`` at ``path`` if its messages changed; True if so.

    A ``.mo`` whose messages are already those of the ``.po`` is left as it is, so
    another Babel release (another header) does not rewrite the committed file.
    """
    target = path.with_suffix(".mo")
    data = mo_bytes(read(path))
    if target.exists() and mo_messages(target.read_bytes()) == mo_messages(data):
        return False
    return _write(target, data)


def extract(root: Path, lang: str) -> tuple[int, bool]:
    """Bring the package's catalog of ``lang`` (and its ``.mo``) up to date with the code.

    Returns (number of entries, whether a file changed).
    """
    path = catalog_path(root, lang)
    old = read(path) if path.exists() else None
    catalog = template(root, lang, old)
    if old is not None:  # Babel's own matching of a changed message: the package's locations are files
        catalog = merge(old, catalog)
    changed = _write(path, po_bytes(catalog))
    changed = compile_catalog(path) or changed
    return sum(1 for message in catalog if message.id), changed


@dataclass(frozen=True)
class Problem:
    """A message of the package without a usable translation."""

    path: str
    line: int
    state: str  # "untranslated", "fuzzy" or "missing"
    text: str

    def __str__(self) -> str:
        return f"src/{self.path}:{self.line}: {self.state}: {self.text[:70]!r}"


def problems(root: Path, lang: str) -> list[Problem]:
    """Every message of the package without a usable ``lang`` translation, in order."""
    path = catalog_path(root, lang)
    catalog = read(path) if path.exists() else None
    found = []
    for message in messages(root):
        entry = catalog.get(message.id, message.context) if catalog is not None else None
        if entry is None:
            state = "missing"
        elif entry.fuzzy:
            state = "fuzzy"
        elif not entry.string or (isinstance(entry.string, tuple) and not all(entry.string)):
            state = "untranslated"
        else:
            continue
        found.append(Problem(message.path, message.line, state, message.key))
    return found
