"""First-order mutants of an exercise's solution code.

Each mutant changes one thing in the code between ``### BEGIN SOLUTION`` and
``### END SOLUTION`` of one cell, the rest of the cell staying as it is written (so that
a survivor reads as a small diff). The operators, each named as reports name them:

========  ==========================================================================
``aor``   an arithmetic operator replaced (``+``/``-``, ``*``/``/``, ``//`` -> ``/``,
          ``%`` -> ``//``, ``**`` -> ``*``; also in ``+=``...), a unary ``-`` dropped
``ror``   a comparison replaced (``<``/``<=``, ``>``/``>=``, ``==``/``!=``,
          ``in``/``not in``, ``is``/``is not``)
``lcr``   ``and``/``or`` swapped, a ``not`` dropped
``crp``   an integer constant plus or minus one, ``True``/``False`` swapped
``slice`` a slice bound (not a constant: those are ``crp``'s) plus or minus one
``sdl``   a statement replaced by ``pass`` (not a ``def``, a ``class`` or a docstring)
``ret``   a returned value replaced by ``None``
``exc``   a raised exception's class replaced (``ValueError`` -> ``TypeError``, any
          other -> ``ValueError``)
``swap``  two neighbouring positional arguments of a call swapped
``copy``  a copy dropped: ``list(x)``, ``dict(x)``, ``set(x)``, ``x.copy()``,
          ``copy.copy(x)``, ``copy.deepcopy(x)``, ``x[:]`` -> ``x`` (``x`` a name, an
          attribute or an item, not a generator or a call: those are not copies)
========  ==========================================================================

A mutant is made on the syntax tree and spliced into the text at the changed node's
place; the splice is parsed again and must give exactly the mutated tree (else it is
parenthesised, else dropped), so every mutant compiles and is the mutation it says.
"""

from __future__ import annotations

import ast
import copy
import difflib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..notebook import solution_regions
from . import student

OPERATORS = ("aor", "ror", "lcr", "crp", "slice", "sdl", "ret", "exc", "swap", "copy")
#: the families ``course adequacy --operators`` chooses from (docs/ADEQUACY.md)
FAMILIES: dict[str, tuple[str, ...]] = {"first-order": OPERATORS, "student": student.OPERATORS,
                                        "all": OPERATORS + student.OPERATORS}

_ARITHMETIC: dict[type, type] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div, ast.Mod: ast.FloorDiv, ast.Pow: ast.Mult,
}
_COMPARISON: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
_COPIES = ("list", "dict", "set")
_COPY_FUNCTIONS = ("copy", "deepcopy")


@dataclass(frozen=True)
class Mutant:
    """One mutant of one exercise: the cell it changes and that cell's new source."""

    exercise: str
    number: int  #: its place among the exercise's mutants (1, 2, ...)
    operator: str  #: one of :data:`OPERATORS`
    cell: int  #: the index of the changed cell in the notebook's cells
    line: int  #: the first changed line of the cell (1: its first line)
    source: str  #: the mutated cell's whole source
    before: str  #: the changed lines as written (stripped, joined by newlines)
    after: str  #: the same lines in the mutant
    diff: str  #: a unified diff of the solution region

    @property
    def id(self) -> str:
        return f"{self.exercise}#{self.number}"


def _is_string(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str))


def _is_docstring(node: ast.AST) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _plus(node: ast.expr, step: int) -> ast.expr:
    return ast.BinOp(copy.deepcopy(node), ast.Add() if step > 0 else ast.Sub(), ast.Constant(1))


def _copied(node: ast.AST) -> ast.expr | None:
    """What ``node`` copies when it is a copy of an existing object, else None."""
    kept = (ast.Name, ast.Attribute, ast.Subscript)
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        bounds = node.slice
        if bounds.lower is None and bounds.upper is None and bounds.step is None and isinstance(node.value, kept):
            return node.value
    if not isinstance(node, ast.Call) or node.keywords:
        return None
    function, arguments = node.func, node.args
    if isinstance(function, ast.Name) and function.id in _COPIES + _COPY_FUNCTIONS and len(arguments) == 1:
        return arguments[0] if isinstance(arguments[0], kept) else None
    if isinstance(function, ast.Attribute) and function.attr == "copy" and not arguments:
        return function.value if isinstance(function.value, kept) else None
    if (isinstance(function, ast.Attribute) and function.attr in _COPY_FUNCTIONS and len(arguments) == 1
            and isinstance(function.value, ast.Name) and function.value.id == "copy"):
        return arguments[0] if isinstance(arguments[0], kept) else None
    return None


def replacements(node: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    """Every (operator, replacement node) of one node; the node itself is left as it is."""
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        if not (_is_string(node.left) or _is_string(node.right)):
            yield "aor", ast.BinOp(node.left, _ARITHMETIC[type(node.op)](), node.right)
    elif isinstance(node, ast.AugAssign) and type(node.op) in _ARITHMETIC and not _is_string(node.value):
        yield "aor", ast.AugAssign(node.target, _ARITHMETIC[type(node.op)](), node.value)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        if not isinstance(node.operand, ast.Constant):  # -1 is a constant: crp's
            yield "aor", node.operand
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "lcr", node.operand
    elif isinstance(node, ast.Compare):
        for index, op in enumerate(node.ops):
            if type(op) in _COMPARISON:
                ops = list(node.ops)
                ops[index] = _COMPARISON[type(op)]()
                yield "ror", ast.Compare(node.left, ops, node.comparators)
    elif isinstance(node, ast.BoolOp):
        yield "lcr", ast.BoolOp(ast.Or() if isinstance(node.op, ast.And) else ast.And(), node.values)
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield "crp", ast.Constant(not node.value)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        for value in (node.value + 1, node.value - 1):  # -1 is written (and parsed) as -(1)
            yield "crp", ast.Constant(value) if value >= 0 else ast.UnaryOp(ast.USub(), ast.Constant(-value))
    elif isinstance(node, ast.Slice):
        for bound in ("lower", "upper"):
            value = getattr(node, bound)
            if value is not None and not isinstance(value, ast.Constant):
                for step in (1, -1):
                    changed = copy.copy(node)
                    setattr(changed, bound, _plus(value, step))
                    yield "slice", changed
    elif isinstance(node, ast.Return) and node.value is not None:
        if not (isinstance(node.value, ast.Constant) and node.value.value is None):
            yield "ret", ast.Return(ast.Constant(None))
    elif isinstance(node, ast.Raise) and node.exc is not None:
        raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        name = raised.id if isinstance(raised, ast.Name) else getattr(raised, "attr", None)
        if name:
            other = ast.Name("TypeError" if name == "ValueError" else "ValueError", ast.Load())
            exc = ast.Call(other, node.exc.args, node.exc.keywords) if isinstance(node.exc, ast.Call) else other
            yield "exc", ast.Raise(exc, node.cause)
    if isinstance(node, ast.Call):
        arguments = node.args
        for index in range(len(arguments) - 1):
            first, second = arguments[index], arguments[index + 1]
            if isinstance(first, ast.Starred) or isinstance(second, ast.Starred):
                continue
            if ast.dump(first) != ast.dump(second):
                swapped = list(arguments)
                swapped[index], swapped[index + 1] = second, first
                yield "swap", ast.Call(node.func, swapped, node.keywords)
    copied = _copied(node)
    if copied is not None:
        yield "copy", copied
    if isinstance(node, ast.stmt) and not isinstance(
            node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Pass)) and not _is_docstring(node):
        yield "sdl", ast.Pass()


def _children(tree: ast.AST) -> Iterator[tuple[ast.AST, str, int | None, ast.AST]]:
    """Every node of ``tree`` with its parent, field and place in that field (None: not a list),
    parents before children, in source order."""
    todo = [tree]
    while todo:
        parent = todo.pop(0)
        if isinstance(parent, ast.JoinedStr):
            continue  # positions inside f-strings are not reliable before Python 3.12
        found: list[tuple[ast.AST, str, int | None, ast.AST]] = []
        for field, value in ast.iter_fields(parent):
            if isinstance(value, list):
                found += [(parent, field, index, child) for index, child in enumerate(value)
                          if isinstance(child, ast.AST)]
            elif isinstance(value, ast.AST):
                found.append((parent, field, None, value))
        yield from found
        todo[:0] = [child for *_, child in found]


def _put(parent: ast.AST, field: str, index: int | None, node: ast.AST) -> None:
    if index is None:
        setattr(parent, field, node)
    else:
        getattr(parent, field)[index] = node


def _offset(lines: list[str], line: int, column: int) -> int:
    """The character offset of (1-based line, UTF-8 byte column) in the joined lines."""
    before = sum(len(text) for text in lines[: line - 1])
    return before + len(lines[line - 1].encode("utf-8")[:column].decode("utf-8", "replace"))


def _splice(source: str, node: ast.AST, text: str) -> str:
    lines = source.splitlines(keepends=True)
    start = _offset(lines, node.lineno, node.col_offset)  # type: ignore[attr-defined]
    end = _offset(lines, node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
    return source[:start] + text + source[end:]


class _Keeping(ast._Unparser):  # type: ignore[name-defined,misc]
    """``ast.unparse`` that writes the nodes it is given as they are written in the source
    (a mutant changes one operator, not its operands' quotes and spacing)."""

    def __init__(self, kept: dict[int, str] | None = None, **options: object) -> None:
        super().__init__(**options)  # an f-string's parts are written by a copy without ``kept``
        self._kept = kept or {}

    def traverse(self, node: ast.AST | list[ast.AST]) -> None:
        if not isinstance(node, list) and id(node) in self._kept:
            self.write(self._kept[id(node)])
        else:
            super().traverse(node)


def _texts(source: str, node: ast.AST, replacement: ast.AST) -> list[str]:
    """The texts that may replace ``node``'s span, best first: its operands as written, then
    as ``ast.unparse`` writes them; each also in parentheses."""
    if isinstance(replacement, ast.Pass):
        return ["pass"]
    kept = {}
    for child in ast.walk(node):
        if child is not node and hasattr(child, "end_col_offset"):
            segment = ast.get_source_segment(source, child)
            if segment is not None and "\n" not in segment:
                kept[id(child)] = segment
    if id(replacement) in kept:  # the node replaced by one of its parts (a copy dropped)
        written = kept[id(replacement)]
    else:
        try:
            written = _Keeping(kept).visit(replacement)
        except (AttributeError, TypeError):  # another Python's unparser: write it all anew
            written = ast.unparse(replacement)
    plain = ast.unparse(replacement)
    return [written, f"({written})", plain, f"({plain})"]


def _changed_lines(old: str, new: str) -> tuple[int, str, str]:
    """The first changed line (1-based) and the changed lines before and after, stripped."""
    before, after = old.splitlines(), new.splitlines()
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    changed = [op for op in matcher.get_opcodes() if op[0] != "equal"]
    first, last = changed[0], changed[-1]
    return (first[1] + 1,
            "\n".join(line.strip() for line in before[first[1]:last[2]]),
            "\n".join(line.strip() for line in after[first[3]:last[4]]))


def region_lines(source: str) -> list[str]:
    """The lines of a cell's solution regions (between the marker lines)."""
    lines = source.splitlines()
    return [line for region in solution_regions(source, "cell") for line in lines[region.begin + 1:region.end]]


def region_diff(old: str, new: str, name: str) -> str:
    """A unified diff of the solution regions of a cell and of its mutant."""
    return "\n".join(difflib.unified_diff(region_lines(old), region_lines(new), f"{name} (solution)",
                                          f"{name} (mutant)", lineterm="", n=2))


def cell_mutants(source: str, where: str = "cell", family: str = "first-order") -> Iterator[tuple[str, str]]:
    """Every (operator, mutated source) of one cell's solution regions by the operators of
    ``family`` (first-order ones first, each node in source order, then the rewrites)."""
    wanted = FAMILIES[family]
    regions = [(region.begin + 2, region.end) for region in solution_regions(source, where)]  # 1-based code lines
    if not regions:
        return
    tree = ast.parse(source)
    original = ast.dump(tree)
    seen = {source}

    def inside(node: ast.AST) -> bool:
        line, last = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
        return line is not None and last is not None and any(begin <= line and last <= end for begin, end in regions)

    spots = student.places(tree)
    for parent, field, index, node in list(_children(tree)):
        if not inside(node):
            continue
        for operator, replacement in [*replacements(node), *student.replacements(node, spots)]:
            if operator not in wanted:
                continue
            if (operator == "sdl" and isinstance(node, ast.Return) and isinstance(parent, ast.FunctionDef)
                    and field == "body" and index == len(parent.body) - 1):
                continue  # a function's last ``return x`` removed is ``return None``: ret's mutant
            _put(parent, field, index, replacement)
            expected = ast.dump(tree)
            _put(parent, field, index, node)
            if expected == original:
                continue
            for candidate in _texts(source, node, replacement):
                mutated = _splice(source, node, candidate)
                try:
                    if ast.dump(ast.parse(mutated)) == expected:
                        break
                except SyntaxError:
                    pass
            else:
                continue
            if mutated not in seen:
                seen.add(mutated)
                yield operator, mutated
    for operator, mutated in student.rewrites(source, regions):
        if operator in wanted and mutated not in seen:
            seen.add(mutated)
            yield operator, mutated


def notebook_mutants(notebook: dict[str, Any], exercises: list[str] | None = None,
                     family: str = "first-order") -> list[Mutant]:
    """Every mutant of the exercises of a solution notebook (all of them by default) by the
    operators of ``family``, numbered per exercise in notebook order."""
    from ..notebook import cell_source, course_meta

    found: list[Mutant] = []
    counts: dict[str, int] = {}
    for position, cell in enumerate(notebook.get("cells", [])):
        exercise = course_meta(cell).get("exercise")
        if cell.get("cell_type") != "code" or not exercise or (exercises is not None and exercise not in exercises):
            continue
        source = cell_source(cell)
        for operator, mutated in cell_mutants(source, exercise, family):
            counts[exercise] = counts.get(exercise, 0) + 1
            line, before, after = _changed_lines(source, mutated)
            found.append(Mutant(exercise, counts[exercise], operator, position, line, mutated, before, after,
                                region_diff(source, mutated, exercise)))
    return found
