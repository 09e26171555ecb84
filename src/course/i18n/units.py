"""The units of a cell a translator translates (markdown paragraphs, comments, the strings
a student reads) and a cell rewritten with their translations."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..notebook import BEGIN, END, cell_source


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



MAGIC = re.compile(r"^\s*[%!]")



_COMMENT = re.compile(r"^(#+:?[ \t]?)(.*)$")


def _comment_parts(comment: str) -> re.Match[str]:
    """The marker and the text of a comment token (``_COMMENT`` matches every one)."""
    parts = _COMMENT.match(comment)
    assert parts is not None, comment
    return parts



_NOT_PROSE = re.compile(rf"^({re.escape(BEGIN)}|{re.escape(END)}|#\s*(noqa|type:|pragma|fmt:))")



#: calls whose string arguments a student reads
_READ_CALLS = {"print", "input", "ask", "set_title", "set_xlabel", "set_ylabel", "suptitle",
               "title", "xlabel", "ylabel", "set_xticks", "set_yticks", "shown"}



_READ_KEYWORDS = {"label", "title", "xlabel", "ylabel", "description", "caption"}



_WORDS = re.compile(r"[A-Za-z]{2,}")



_LITERAL = re.compile(r"^([rRbBuUfF]*)('''|\"\"\"|'|\")(.*)\2$", re.DOTALL)



def _masked(source: str) -> str:
    """``source`` with IPython magics and shell lines blanked (same offsets)."""
    return "".join(
        " " * len(line.rstrip("\n")) + line[len(line.rstrip("\n")) :] if MAGIC.match(line) else line
        for line in source.splitlines(keepends=True)
    )



def _text_literals(value: ast.expr) -> list[ast.expr]:
    """The string literals an expression is made of: itself, or the parts of a
    concatenation or of a conditional (``"A draw, " + scores``, ``a if c else b``)."""
    if isinstance(value, ast.JoinedStr) or (isinstance(value, ast.Constant) and isinstance(value.value, str)):
        return [value]
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
        return [*_text_literals(value.left), *_text_literals(value.right)]
    if isinstance(value, ast.IfExp):
        return [*_text_literals(value.body), *_text_literals(value.orelse)]
    return []


def _scope_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of one function's (or the cell's) body, without the functions and
    classes defined inside it."""
    pending = list(ast.iter_child_nodes(scope))
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            pending.extend(ast.iter_child_nodes(node))


def _named_texts(tree: ast.AST) -> set[tuple[int, int]]:
    """Start positions of the strings that reach a read expression through a name or a
    function of the cell: ``scores = f"{a} to {b}"`` before ``print("A draw, " + scores)``
    in the same function, and what ``problem`` returns when the cell raises or prints
    ``self.problem(move)`` (directly, or through a name)."""
    found: set[tuple[int, int]] = set()
    functions: set[str] = set()
    for scope in ast.walk(tree):
        if not isinstance(scope, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        roots = _read_roots_of(scope)
        names = {item.id for root in roots for item in ast.walk(root) if isinstance(item, ast.Name)}
        functions |= _called(node for root in roots for node in ast.walk(root))
        for target, value in _assignments(scope):
            if target in names:
                found.update((item.lineno, item.col_offset) for item in _text_literals(value))
                functions |= _called([value])
    for scope in ast.walk(tree):
        if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)) and scope.name in functions:
            for node in _scope_nodes(scope):
                if isinstance(node, ast.Return) and node.value is not None:
                    found.update((item.lineno, item.col_offset) for item in _text_literals(node.value))
    return found


def _assignments(scope: ast.AST) -> Iterator[tuple[str, ast.expr]]:
    """(name, value) of the assignments to a plain name in one function's body."""
    for node in _scope_nodes(scope):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            yield node.targets[0].id, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None and isinstance(node.target, ast.Name):
            yield node.target.id, node.value


def _called(nodes: Iterable[ast.AST]) -> set[str]:
    """The names of the functions and methods called by ``nodes`` themselves."""
    return {name for node in nodes if isinstance(node, ast.Call) and (name := _call_name(node))}


def _call_name(node: ast.Call) -> str | None:
    """``f`` for ``f(...)`` and ``x.f(...)``."""
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _read_roots_of(scope: ast.AST) -> list[ast.AST]:
    """The read expressions of one function's (or the cell's) body."""
    return [root for node in _scope_nodes(scope) for root in _read_roots(node)]


def _read_roots(node: ast.AST) -> list[ast.AST]:
    """The expressions of ``node`` a student reads: a raised exception, the arguments of
    a call that prints, asks or labels."""
    roots: list[ast.AST] = []
    if isinstance(node, ast.Raise) and node.exc is not None:
        roots.append(node.exc)
    if isinstance(node, ast.Call):
        if _call_name(node) in _READ_CALLS:
            roots.extend(node.args)
        roots.extend(k.value for k in node.keywords if k.arg in _READ_KEYWORDS)
    return roots


def _read_strings(tree: ast.AST) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Start positions (line, byte column) of docstrings and of strings a student reads."""
    docstrings, read = set(), _named_texts(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            value = node.body[0].value if node.body and isinstance(node.body[0], ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings.add((value.lineno, value.col_offset))
        for root in _read_roots(node):
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
    marker = _comment_parts(first.string).group(1).strip()
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
            and _comment_parts(token.string).group(1).strip() == marker
        ):
            row += 1
            following += 1
            continue
        break
    # back up over trailing NL tokens: they belong to no comment
    while following > index + 1 and tokens[following - 1].type == tokenize.NL:
        following -= 1
    return following



def _comment_unit(tokens: list[tokenize.TokenInfo], index: int, lines: list[str], offset: Callable[[int, int], int]
                  ) -> list[Unit]:
    first = tokens[index]
    if _NOT_PROSE.match(first.string):
        return []
    end_index = _comment_block_end(tokens, index, lines)
    block = [token for token in tokens[index:end_index] if token.type == tokenize.COMMENT]
    prefix = _comment_parts(first.string).group(1)
    text = "\n".join(_comment_parts(token.string).group(2).rstrip() for token in block)
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



def _string_unit(pieces: list[tokenize.TokenInfo], kind: str, offset: Callable[[int, int], int]
                 ) -> list[Unit] | None:
    parsed = [match for piece in pieces if (match := _LITERAL.match(piece.string))]
    if len(parsed) != len(pieces):
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



def notebook_units(notebook: Any, name: str) -> Iterator[tuple[str, str]]:
    """(msgid, location) for every unit of a notebook, in order."""
    for cell in notebook.get("cells", []):
        for unit in cell_units(cell):
            yield unit.text, f"{name}#{cell.get('id', '')}"
