"""The course in other languages: one gettext catalog per solution notebook.

solutions/ stays the single source, in English. A language's text lives in catalogs
``locale/<lang>/LC_MESSAGES/notebooks/NN_name.po`` (read and written with Babel, edited
with any gettext tool: Poedit, Weblate, a text editor). An entry is one *unit*:

* in a markdown cell, one paragraph, list, table or heading (blocks between blank lines;
  the items of one list stay together); a fenced block (a sample session) is a unit
  when it holds words, and is kept as it is otherwise;
* in a code cell, a comment (consecutive full-line comments are one unit), a docstring,
  or a string literal that a student reads: an argument of ``print``, ``input`` or
  ``ask`` (the worksheets' keyboard), the message of a ``raise``, a plot's title or label. Python names are never units, and an
  f-string's ``{fields}`` must come back unchanged in its translation.

Each entry's location (``#:``) is ``NN_name.ipynb#<cell id>``: where a translator finds
the English in the notebook. Units of the solution regions are units too: the French
solution notebook is the English one with every unit translated, and the French student
notebook is made from it by the ordinary release, so both come from one catalog.

``course translate extract`` brings the catalogs up to date with solutions/: a new
unit is a new, empty entry; a unit whose English changed keeps its old translation,
marked ``fuzzy``, with the old English as ``#| msgid`` (what the translator compares);
a unit gone from the notebook becomes obsolete (``#~``), and gets its translation back
if its English returns (a translation may so wait, obsolete, for a text on its way from
another branch). The glossary of a notebook
(English name in the code -> the worksheet's own French term) is kept in the same
catalog, as entries of context ``glossary``; the release writes it as a table in a
markdown cell after the title.

``course release --lang fr`` writes notebooks/fr/ from solutions/ and the catalogs; the
result is deterministic: the same sources and catalogs give the same bytes. With
``--to DIR`` the bundle gets the French notebooks and the student README translated by
its own catalog, ``locale/fr/LC_MESSAGES/notebooks/student_README.po``.
"""

from __future__ import annotations

import ast
import copy
import difflib
import io
import json
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .notebook import BEGIN, END, cell_source
from .plurals import fix_plural_forms

#: the languages a release can be made in, besides English
LANGUAGES = ("fr",)
GLOSSARY = "glossary"
#: the lines a translated notebook's first code cell gets, after its magics
LANGUAGE_LINES = ("import exercises", 'exercises.set_language("{lang}")')
#: the glossary cell's own words, per language
GLOSSARY_TEXT = {
    "fr": (
        "**Glossaire.** Le code garde ses noms anglais (ce sont eux que le correcteur "
        "appelle) ; voici les termes français qui correspondent aux noms et aux mots "
        "anglais de cette feuille.",
        "en anglais",
        "en français",
    ),
}
_PROJECT = "Tabletop Python"
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
HEADER_COMMENT = """\
# Translation ({lang}) of the notebook solutions/{notebook} of Tabletop Python.
# Updated by `course translate extract`; a "fuzzy" entry's English changed since it was
# translated (its old English is the "#|" line): review it, then remove the flag.
# Entries of context "glossary" are the notebook's glossary (name in the code -> term).
#"""


#: the catalog of the student README of a translated bundle
README = "student_README.md"


def readme_notebook() -> dict[str, Any]:
    """The student README as a notebook of one markdown cell (id ``README``)."""
    from .release import STUDENT_README

    text = STUDENT_README.read_text(encoding="utf-8")
    return {"cells": [{"cell_type": "markdown", "id": "README", "metadata": {}, "source": text}]}


def sources(root: Path) -> list[tuple[str, Any]]:
    """(name, notebook) of everything a language's catalogs translate: the solution
    notebooks, in order, then the student README."""
    found = [
        (path.name, json.loads(path.read_text(encoding="utf-8")))
        for path in sorted((root / "solutions").glob("*.ipynb"))
    ]
    return [*found, (README, readme_notebook())]


def catalog_folder(root: Path, lang: str) -> Path:
    """The folder of a language's notebook catalogs."""
    return root / "locale" / lang / "LC_MESSAGES" / "notebooks"


def catalog_path(root: Path, lang: str, notebook: str) -> Path:
    """The catalog of one notebook (``notebook``: its file name or stem)."""
    return catalog_folder(root, lang) / (Path(notebook).stem + ".po")


# --------------------------------------------------------------------------- units


@dataclass(frozen=True)
class Unit:
    """A piece of a cell's source to translate: ``text`` replaces ``start:end``.

    ``text`` is the msgid. For a comment block, its lines without the ``#`` markers;
    for a string literal, its body as written in the source (escapes and f-string
    fields included).
    """

    start: int
    end: int
    text: str
    kind: str  # "markdown", "comment", "docstring" or "string"
    prefix: str = ""  # comment marker and indentation, or the literal's quotes
    pieces: int = 1  # implicitly concatenated literals making this one unit


_FENCE = re.compile(r"^\s*(```|~~~)")
_LIST_ITEM = re.compile(r"^\s*([-*+]|\d+[.)])\s")
_BLANK = re.compile(r"\n[ \t]*\n(?:[ \t]*\n)*")


def markdown_units(source: str) -> list[Unit]:
    """The units of a markdown cell: paragraphs, lists, tables, headings."""
    blocks: list[tuple[int, int]] = []
    position = 0
    fenced = False
    for match in [*_BLANK.finditer(source), None]:
        end = match.start() if match else len(source)
        block = source[position:end]
        for line in block.splitlines():
            if _FENCE.match(line):
                fenced = not fenced
        if not fenced:
            blocks.append((position, end))
            position = match.end() if match else len(source)
    if position < len(source):
        blocks.append((position, len(source)))
    merged: list[tuple[int, int]] = []
    for start, end in blocks:
        previous = source[merged[-1][0] : merged[-1][1]] if merged else ""
        if merged and _LIST_ITEM.match(source[start:end]) and _LIST_ITEM.match(previous):
            merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    units = []
    for start, end in merged:
        # a heading line followed by text without a blank line: two units
        text = source[start:end]
        lines = text.split("\n")
        if len(lines) > 1 and lines[0].startswith("#"):
            cut = start + len(lines[0])
            units.append(Unit(start, cut, lines[0], "markdown"))
            start = cut + 1
            text = source[start:end]
        if text.strip() and (not _FENCE.match(text) or _WORDS.search(text.strip("`~ \n"))):
            units.append(Unit(start, end, text, "markdown"))
    return units


_MAGIC = re.compile(r"^\s*[%!]")
_COMMENT = re.compile(r"^(#+:?[ \t]?)(.*)$")
_NOT_PROSE = re.compile(rf"^({re.escape(BEGIN)}|{re.escape(END)}|#\s*(noqa|type:|pragma|fmt:))")
#: calls whose string arguments a student reads
_READ_CALLS = {"print", "input", "ask", "set_title", "set_xlabel", "set_ylabel", "suptitle",
               "title", "xlabel", "ylabel"}
_READ_KEYWORDS = {"label", "title", "xlabel", "ylabel", "description", "caption"}
_WORDS = re.compile(r"[A-Za-z]{2,}")
_LITERAL = re.compile(r"^([rRbBuUfF]*)('''|\"\"\"|'|\")(.*)\2$", re.DOTALL)


def _masked(source: str) -> str:
    """``source`` with IPython magics and shell lines blanked (same offsets)."""
    return "".join(
        " " * len(line.rstrip("\n")) + line[len(line.rstrip("\n")) :] if _MAGIC.match(line) else line
        for line in source.splitlines(keepends=True)
    )


def _read_strings(tree: ast.AST) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Start positions (line, byte column) of docstrings and of strings a student reads."""
    docstrings, read = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                if isinstance(body[0].value.value, str):
                    docstrings.add((body[0].value.lineno, body[0].value.col_offset))
        roots: list[ast.AST] = []
        if isinstance(node, ast.Raise) and node.exc is not None:
            roots.append(node.exc)
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in _READ_CALLS:
                roots.extend(node.args)
            roots.extend(k.value for k in node.keywords if k.arg in _READ_KEYWORDS)
        for root in roots:
            pending = [root]
            while pending:
                item = pending.pop()
                if isinstance(item, ast.JoinedStr) or (
                    isinstance(item, ast.Constant) and isinstance(item.value, str)
                ):
                    read.add((item.lineno, item.col_offset))
                    continue
                if isinstance(item, (ast.Lambda, ast.FunctionDef)):
                    continue
                pending.extend(ast.iter_child_nodes(item))
    return docstrings, read


def code_units(source: str) -> list[Unit]:
    """The units of a code cell: comments, docstrings and the strings a student reads."""
    masked = _masked(source)
    try:
        tree = ast.parse(masked)
        tokens = list(tokenize.generate_tokens(io.StringIO(masked).readline))
    except (SyntaxError, tokenize.TokenError, IndentationError):
        return []
    lines = masked.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(row: int, column: int) -> int:
        return starts[row - 1] + column

    def char_column(row: int, byte_column: int) -> int:
        return len(lines[row - 1].encode("utf-8")[:byte_column].decode("utf-8"))

    docstrings, read = _read_strings(tree)
    docstrings = {(row, char_column(row, col)) for row, col in docstrings}
    read = {(row, char_column(row, col)) for row, col in read}
    units: list[Unit] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == tokenize.COMMENT:
            units.extend(_comment_unit(tokens, index, lines, offset))
            index = _comment_block_end(tokens, index, lines)
            continue
        if token.type == tokenize.STRING and (token.start in docstrings or token.start in read):
            kind = "docstring" if token.start in docstrings else "string"
            pieces = [token]
            following = index + 1
            while following < len(tokens) and tokens[following].type in (
                tokenize.STRING, tokenize.NL, tokenize.COMMENT
            ):
                if tokens[following].type == tokenize.STRING:
                    pieces.append(tokens[following])
                following += 1
            unit = _string_unit(pieces, kind, offset)
            if unit is not None:
                units.extend(unit)
            index += 1
            continue
        index += 1
    return sorted(units, key=lambda unit: unit.start)


def _full_line_comment(token: tokenize.TokenInfo, lines: list[str]) -> bool:
    row, column = token.start
    return not lines[row - 1][:column].strip()


def _comment_block_end(tokens: list[tokenize.TokenInfo], index: int, lines: list[str]) -> int:
    """The index after the comment block starting at ``index`` (one token if trailing)."""
    first = tokens[index]
    if not _full_line_comment(first, lines) or _NOT_PROSE.match(first.string):
        return index + 1
    marker = _COMMENT.match(first.string).group(1).strip()
    row = first.start[0]
    following = index + 1
    while following < len(tokens):
        token = tokens[following]
        if token.type in (tokenize.NL,):
            following += 1
            continue
        if (
            token.type == tokenize.COMMENT
            and token.start[0] == row + 1
            and token.start[1] == first.start[1]
            and _full_line_comment(token, lines)
            and not _NOT_PROSE.match(token.string)
            and _COMMENT.match(token.string).group(1).strip() == marker
        ):
            row += 1
            following += 1
            continue
        break
    # back up over trailing NL tokens: they belong to no comment
    while following > index + 1 and tokens[following - 1].type == tokenize.NL:
        following -= 1
    return following


def _comment_unit(tokens, index, lines, offset) -> list[Unit]:
    first = tokens[index]
    if _NOT_PROSE.match(first.string):
        return []
    end_index = _comment_block_end(tokens, index, lines)
    block = [token for token in tokens[index:end_index] if token.type == tokenize.COMMENT]
    prefix = _COMMENT.match(first.string).group(1)
    text = "\n".join(_COMMENT.match(token.string).group(2).rstrip() for token in block)
    if not _WORDS.search(text):
        return []
    indent = " " * first.start[1]
    return [
        Unit(
            offset(*first.start),
            offset(*block[-1].end),
            text,
            "comment",
            prefix=indent + prefix if _full_line_comment(first, lines) else prefix,
            pieces=len(block),
        )
    ]


def _string_unit(pieces: list[tokenize.TokenInfo], kind: str, offset) -> list[Unit] | None:
    parsed = [_LITERAL.match(piece.string) for piece in pieces]
    if any(match is None for match in parsed):
        return None
    prefixes = [match.group(1).lower() for match in parsed]
    if any("b" in prefix for prefix in prefixes):
        return None
    bodies = [match.group(3) for match in parsed]
    plain_braces = any("f" not in p and ("{" in b or "}" in b) for p, b in zip(prefixes, bodies))
    if len(pieces) > 1 and plain_braces:
        # literal braces in a plain piece next to f-pieces: one unit a piece
        units = []
        for piece in pieces:
            units.extend(_string_unit([piece], kind, offset) or [])
        return units
    text = "".join(bodies)
    if not _WORDS.search(re.sub(r"\{[^{}]*\}", "", text)):
        return None
    quote = parsed[0].group(2)
    prefix = parsed[0].group(1)
    if len(pieces) > 1 and any("f" in p for p in prefixes) and "f" not in prefix.lower():
        prefix += "f"
    return [
        Unit(
            offset(*pieces[0].start),
            offset(*pieces[-1].end),
            text,
            kind,
            prefix=prefix + quote,
            pieces=len(pieces),
        )
    ]


def cell_units(cell: Any) -> list[Unit]:
    """The units of a notebook cell."""
    source = cell_source(cell)
    if cell.get("cell_type") == "markdown":
        return markdown_units(source)
    if cell.get("cell_type") == "code":
        return code_units(source)
    return []


# ----------------------------------------------------------------------- rewriting


def _render(unit: Unit, translation: str, source: str) -> str:
    """The source text that replaces ``unit`` for ``translation``."""
    if unit.kind == "markdown":
        return translation
    if unit.kind == "comment":
        indent = unit.prefix[: len(unit.prefix) - len(unit.prefix.lstrip(" "))]
        marker = unit.prefix.lstrip(" ")
        lines = [marker + line if line else marker.rstrip() for line in translation.split("\n")]
        return ("\n" + indent).join(lines)
    match = re.match(r"^([rRuUfF]*)('''|\"\"\"|'|\")$", unit.prefix)
    assert match is not None
    prefix, quote = match.groups()
    if unit.pieces == 1:
        return prefix + quote + _quoted(translation, quote) + quote
    original = source[unit.start : unit.end]
    column = len(source[: unit.start].rsplit("\n", 1)[-1])
    separator = "\n" + " " * column if "\n" in original else " "
    parts = _split_words(translation, unit.pieces)
    return separator.join(prefix + quote + _quoted(part, quote) + quote for part in parts)


def _quoted(text: str, quote: str) -> str:
    """``text`` made safe between ``quote``s (an unescaped quote gets a backslash)."""
    if len(quote) == 3:
        return text
    return re.sub(r"(?<!\\)" + quote, "\\\\" + quote, text)


def _split_words(text: str, count: int) -> list[str]:
    """``text`` cut into ``count`` pieces of similar length, at spaces outside ``{}``."""
    cuts = []
    depth = 0
    for position, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        elif char == " " and depth == 0:
            cuts.append(position + 1)
    chosen: list[int] = []
    for piece in range(1, count):
        goal = len(text) * piece / count
        candidates = [cut for cut in cuts if not chosen or cut > chosen[-1]]
        if not candidates:
            break
        chosen.append(min(candidates, key=lambda cut: (abs(cut - goal), cut)))
    bounds = [0, *chosen, len(text)]
    parts = [text[a:b] for a, b in zip(bounds, bounds[1:])]
    return [part for part in parts if part] or [text]


def translate_source(cell: Any, translations: dict[str, str]) -> tuple[str, list[str]]:
    """A cell's source with its units translated; and the units left in English."""
    source = cell_source(cell)
    missing = []
    for unit in reversed(cell_units(cell)):
        translation = translations.get(unit.text)
        if not translation:
            missing.append(unit.text)
            continue
        source = source[: unit.start] + _render(unit, translation, source) + source[unit.end :]
    return source, missing[::-1]


# --------------------------------------------------------------------------- catalogs


def notebook_units(notebook: Any, name: str) -> Iterator[tuple[str, str]]:
    """(msgid, location) for every unit of a notebook, in order."""
    for cell in notebook.get("cells", []):
        for unit in cell_units(cell):
            yield unit.text, f"{name}#{cell.get('id', '')}"


def read_catalog(path: Path):
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


def write_catalog(catalog, path: Path) -> bool:
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


def _location_cells(message) -> set[str]:
    return {filename for filename, _ in message.locations}


def empty_catalog(old, lang: str, header_comment: str, **options: Any):
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


def update_catalog(old, notebook: Any, name: str, lang: str):
    """A catalog for ``notebook``: ``old``'s translations kept, changed ones fuzzy."""
    new = empty_catalog(old, lang, HEADER_COMMENT.format(notebook=name, lang=lang))
    if old is None:
        new.revision_date = new.creation_date
    units: dict[str, list[str]] = {}
    for text, location in notebook_units(notebook, name):
        places = units.setdefault(text, [])
        if location not in places:
            places.append(location)
    previous = {}
    gone = []
    if old is not None:
        for message in old:
            if not message.id:
                continue
            if message.context == GLOSSARY:
                continue
            previous[message.id] = message
            if message.id not in units:
                gone.append(message)
    used: set[str] = set()
    for text, locations in units.items():
        kept = previous.get(text)
        if kept is None and old is not None and old.obsolete.get(text) is not None:
            kept = old.obsolete[text]  # a unit that comes back gets its translation back
        if kept is not None:
            new.add(
                text,
                kept.string,
                locations=[(place, None) for place in locations],
                flags=kept.flags,
                auto_comments=kept.auto_comments,
                user_comments=kept.user_comments,
                previous_id=kept.previous_id if "fuzzy" in kept.flags else (),
            )
            continue
        ancestor = _ancestor(text, set(locations), gone, used)
        if ancestor is not None and ancestor.string:
            used.add(ancestor.id)
            new.add(
                text,
                ancestor.string,
                locations=[(place, None) for place in locations],
                flags={"fuzzy"},
                user_comments=ancestor.user_comments,
                previous_id=ancestor.id,
            )
        else:
            new.add(text, "", locations=[(place, None) for place in locations])
    if old is not None:
        for message in old:
            if message.context == GLOSSARY:
                new.add(message.id, message.string, context=GLOSSARY,
                        flags=message.flags, user_comments=message.user_comments)
        for message in gone:
            if message.id not in used and message.string:
                new.obsolete[message.id] = message
        for key, message in old.obsolete.items():
            if key not in units and key not in new.obsolete:
                new.obsolete[key] = message
    return new


def _ancestor(text: str, places: set[str], gone: list, used: set[str]):
    """The gone entry of the same cell that ``text`` most likely replaces, if any."""
    candidates = [
        message
        for message in gone
        if message.id not in used and _location_cells(message) & places
    ]
    if not candidates:
        return None
    scored = [
        (difflib.SequenceMatcher(None, message.id, text, autojunk=False).ratio(), -order, message)
        for order, message in enumerate(candidates)
    ]
    ratio, _, best = max(scored, key=lambda item: item[:2])
    return best if ratio >= 0.4 else None


def extract(root: Path, lang: str) -> dict[str, tuple[int, bool]]:
    """Bring every catalog of ``lang`` up to date with solutions/.

    Returns, per notebook, (number of entries, whether the file changed).
    """
    report = {}
    for name, notebook in sources(root):
        target = catalog_path(root, lang, name)
        old = read_catalog(target) if target.exists() else None
        catalog = update_catalog(old, notebook, name, lang)
        report[name] = (sum(1 for message in catalog if message.id), write_catalog(catalog, target))
    return report


@dataclass(frozen=True)
class Problem:
    """A unit without a usable translation."""

    notebook: str
    cell: str
    state: str  # "untranslated", "fuzzy" or "missing" (not in the catalog at all)
    text: str

    def __str__(self) -> str:
        first = self.text.strip().splitlines()[0] if self.text.strip() else ""
        return f"{self.notebook}, cell {self.cell}: {self.state}: {first[:70]!r}"


def translations(catalog) -> dict[str, str]:
    """The usable translations of a catalog: translated and not fuzzy."""
    return {
        message.id: message.string
        for message in catalog
        if message.id and message.string and not message.fuzzy and message.context != GLOSSARY
    }


def glossary(catalog) -> list[tuple[str, str]]:
    """The glossary entries of a catalog: (name in the code, term), in catalog order."""
    return [
        (message.id, message.string)
        for message in catalog
        if message.context == GLOSSARY and message.id and message.string
    ]


def problems(root: Path, lang: str) -> list[Problem]:
    """Every unit of solutions/ without a usable ``lang`` translation, in order."""
    found = []
    for name, notebook in sources(root):
        target = catalog_path(root, lang, name)
        catalog = read_catalog(target) if target.exists() else None
        for cell in notebook.get("cells", []):
            for unit in cell_units(cell):
                message = catalog.get(unit.text) if catalog is not None else None
                if message is None:
                    state = "missing"
                elif message.fuzzy:
                    state = "fuzzy"
                elif not message.string:
                    state = "untranslated"
                else:
                    continue
                found.append(Problem(name, cell.get("id", ""), state, unit.text))
        if catalog is not None and name != README and not glossary(catalog):
            found.append(Problem(name, "-", "no glossary", ""))
    return found


# ---------------------------------------------------------------------------- release


def translate_notebook(notebook: Any, catalog, lang: str) -> Any:
    """The notebook in ``lang``: units translated, glossary cell, language set."""
    table = translations(catalog) if catalog is not None else {}
    result = copy.deepcopy(notebook)
    cells = []
    for cell in result.get("cells", []):
        source, _ = translate_source(cell, table)
        if source != cell_source(cell):
            cell["source"] = source
        cells.append(cell)
    first_code = next((cell for cell in cells if cell.get("cell_type") == "code"), None)
    if first_code is not None:
        first_code["source"] = with_language(cell_source(first_code), lang)
    terms = glossary(catalog) if catalog is not None else []
    if terms and cells:
        cells.insert(1, glossary_cell(terms, lang))
    result["cells"] = cells
    metadata = result.setdefault("metadata", {})
    metadata.setdefault("course", {})["language"] = lang
    metadata["language"] = lang
    return result


def with_language(source: str, lang: str) -> str:
    """A first code cell that sets the package's language, after its magics."""
    lines = source.split("\n")
    position = 0
    while position < len(lines) and _MAGIC.match(lines[position]):
        position += 1
    added = [line.format(lang=lang) for line in LANGUAGE_LINES]
    return "\n".join(lines[:position] + added + lines[position:])


def without_language(source: str, lang: str) -> str:
    """The inverse of :func:`with_language` (for tests and tools)."""
    added = [line.format(lang=lang) for line in LANGUAGE_LINES]
    lines = source.split("\n")
    for position in range(len(lines) - len(added) + 1):
        if lines[position : position + len(added)] == added:
            return "\n".join(lines[:position] + lines[position + len(added) :])
    return source


def glossary_cell(terms: list[tuple[str, str]], lang: str) -> dict[str, Any]:
    """The markdown cell of a translated notebook's glossary."""
    intro, code_head, term_head = GLOSSARY_TEXT[lang]
    rows = [intro, "", f"| {code_head} | {term_head} |", "|---|---|"]
    rows += [f"| {', '.join(f'`{part}`' for part in name.split(', '))} | {term} |" for name, term in terms]
    return {"cell_type": "markdown", "id": f"{GLOSSARY}-{lang}", "metadata": {}, "source": "\n".join(rows)}


def build(root: Path, lang: str) -> dict[str, str]:
    """The text of every student notebook in ``lang``, by file name."""
    from .release import dumps, release_notebook

    released = {}
    for path, notebook in translated_solutions(root, lang):
        released[path.name] = dumps(release_notebook(notebook, path.name, lang))
    return released


def translated_solutions(root: Path, lang: str) -> list[tuple[Path, Any]]:
    """Every solution notebook translated into ``lang`` (for the release and the tests)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no catalogs for language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    result = []
    for path in sorted((root / "solutions").glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        target = catalog_path(root, lang, path.name)
        catalog = read_catalog(target) if target.exists() else None
        result.append((path, translate_notebook(notebook, catalog, lang)))
    return result


# ------------------------------------------------------------------------ command line


def add_arguments(parser) -> None:
    """The arguments of ``course translate``."""
    parser.add_argument("action", choices=("extract", "check"),
                        help="extract: update the catalogs from solutions/ and src/exercises; "
                             "check: list what is untranslated or stale")
    parser.add_argument("--lang", default="fr", choices=LANGUAGES, help="the language (default: fr)")
    parser.add_argument("--root", default=".", help="the course folder (default: .)")


def run(args) -> int:
    """Run ``course translate`` (the notebooks' catalogs and the grader's, :mod:`course.grading_text`)."""
    import sys

    from . import grading_text

    root = Path(args.root)
    if not (root / "solutions").is_dir():
        print(f"course translate: {root.resolve()} has no solutions/ folder", file=sys.stderr)
        return 2
    from . import package_translation as package

    has_package = (root / package.PACKAGE).is_dir()
    if args.action == "extract":
        for name, (entries, changed) in extract(root, args.lang).items():
            state = "updated" if changed else "unchanged"
            print(f"{catalog_path(root, args.lang, name)}: {entries} entries, {state}")
        entries, changed = grading_text.extract(root, args.lang)
        print(f"{grading_text.catalog_file(root, args.lang)}: {entries} entries, {'updated' if changed else 'unchanged'}")
        if has_package:
            entries, changed = package.extract(root, args.lang)
            state = "updated" if changed else "unchanged"
            print(f"{package.catalog_path(root, args.lang)}: {entries} entries, {state}")
    found: list[Any] = [*problems(root, args.lang), *grading_text.problems(root, args.lang)]
    if has_package:
        found += package.problems(root, args.lang)
    for problem in found:
        print(problem)
    print(f"{len(found)} units to translate or review")
    return 1 if found and args.action == "check" else 0


def translated_readme(root: Path, lang: str) -> str:
    """The student README in ``lang`` (English where its catalog has no translation)."""
    target = catalog_path(root, lang, README)
    catalog = read_catalog(target) if target.exists() else None
    cell = readme_notebook()["cells"][0]
    return translate_source(cell, translations(catalog) if catalog is not None else {})[0]


def release_language(root: Path, lang: str, bundle: Path | None = None) -> list[str]:
    """Write notebooks/<lang>/ (and the bundle at ``bundle``); the names of the notebooks.

    notebooks/ itself (the English release) is left as it is.
    """
    from .release import write_bundle, write_notebooks

    released = build(root, lang)  # raises before anything is written
    if bundle is not None:
        write_bundle(root, released, bundle, readme=translated_readme(root, lang))
        from .lab_language import localize_bundle  # JupyterLab in the bundle's language

        localize_bundle(root, bundle, lang)
    write_notebooks(released, root / "notebooks" / lang)
    return sorted(released)
