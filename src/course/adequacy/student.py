"""Mutants of the kinds students make: state kept across calls, objects handed out, randomness,
shown text, error paths and sharing (``course adequacy --operators student``).

Each operator, named as reports name them (docs/ADEQUACY.md says how they are chosen):

=========  =========================================================================
``memo``   a function or method memoized in a module-level dict, keyed by its
           arguments (int, str, bool, float, tuple, frozenset) and by ``id`` for the
           rest (``self`` included); inserted at the top of the region, each
           ``return x`` becoming ``return _memo.setdefault(_key, x)``
``keep``   a local container started empty (``[]``, ``{}``, ``set()``...) kept in the
           module across calls: ``xs = globals().setdefault("_kept_xs", [])``
``leak``   a method hands out its internal list: ``return list(self.xs)``,
           ``tuple(self.xs)`` or ``[x for x in self.xs]`` -> ``return self.xs``
``rand``   one draw from module ``random`` where an rng is given:
           ``rng.choice(xs)`` -> ``__import__("random").choice(xs)``
``text``   a shown string edited: a trailing space dropped, its last punctuation mark
           changed, the case of its first letter changed (strings with a space or a
           punctuation mark, f-strings too; not an exception's message, whose wording
           the worksheets leave free)
``order``  a set or a dict iterated in another order (``for k in d.items()`` ->
           ``reversed(list(d.items()))``), ``dict.fromkeys(xs)`` -> ``set(xs)``
``etype``  ``ValueError`` -> ``TypeError``, raised or caught
``guard``  a validation (``if ...: raise``) skipped, or moved after the change that
           follows it (a statement that assigns an attribute or an item, or calls)
``alias``  one object shared in a list: ``[[] for _ in range(n)]`` -> ``[[]] * n``,
           ``{k: [] for k in ks}`` -> ``dict.fromkeys(ks, [])``
``is``     ``==`` -> ``is`` and ``!=`` -> ``is not`` between two computed values
=========  =========================================================================

Expression and statement operators give replacement nodes (:func:`replacements`), spliced
as the first-order ones are; ``memo`` and ``guard``'s move rewrite lines (:func:`rewrites`).
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterator
from dataclasses import dataclass

OPERATORS = ("memo", "keep", "leak", "rand", "text", "order", "etype", "guard", "alias", "is")

_EMPTY_CALLS = ("list", "dict", "set", "Counter", "defaultdict", "deque", "OrderedDict")
_DRAWS = ("choice", "choices", "randint", "randrange", "random", "sample", "shuffle", "uniform")
_VALUE_TYPES = ("int", "str", "bool", "float", "tuple", "frozenset")
_PUNCTUATION = {".": "!", "!": ".", "?": ".", ":": ".", ";": ",", ",": ";"}
_VIEWS = ("items", "keys", "values")


@dataclass(frozen=True)
class Places:
    """Where in a cell's tree some operators apply: nodes known by their ``id``."""

    in_function: frozenset[int]  #: nodes inside a function's body
    iterated: frozenset[int]  #: the iterables of ``for`` loops and comprehensions
    caught: frozenset[int]  #: the exception classes of ``except`` clauses
    raised: frozenset[int]  #: the nodes of ``raise`` statements


def places(tree: ast.AST) -> Places:
    """The places of ``tree``'s nodes that the operators need to know."""
    inside: set[int] = set()
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inside |= {id(node) for statement in function.body for node in ast.walk(statement)}
    iterated = {id(node.iter) for node in ast.walk(tree) if isinstance(node, (ast.For, ast.comprehension))}
    caught = {id(node.type) for node in ast.walk(tree) if isinstance(node, ast.ExceptHandler) and node.type}
    raised = {id(part) for node in ast.walk(tree) if isinstance(node, ast.Raise) for part in ast.walk(node)}
    return Places(frozenset(inside), frozenset(iterated), frozenset(caught), frozenset(raised))


def _name(node: ast.AST | None) -> str:
    """The name a node is written with (``x``, or ``attr`` of ``a.attr``), else ''."""
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def _is_empty_container(node: ast.AST | None) -> bool:
    if isinstance(node, (ast.List, ast.Set)) and not node.elts:
        return True
    if isinstance(node, ast.Dict) and not node.keys:
        return True
    return isinstance(node, ast.Call) and _name(node.func) in _EMPTY_CALLS and not node.keywords and (
        not node.args or (_name(node.func) == "defaultdict" and len(node.args) == 1))


def _kept(node: ast.AST) -> ast.AST | None:
    """``xs = []`` -> ``xs = globals().setdefault("_kept_xs", [])``."""
    target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else getattr(
        node, "target", None) if isinstance(node, ast.AnnAssign) else None
    if not isinstance(target, ast.Name) or not _is_empty_container(getattr(node, "value", None)):
        return None
    setdefault = ast.Attribute(ast.Call(ast.Name("globals", ast.Load()), [], []), "setdefault", ast.Load())
    kept = ast.Call(setdefault, [ast.Constant(f"_kept_{target.id}"), node.value], [])  # type: ignore[attr-defined]
    changed = copy.copy(node)
    changed.value = kept  # type: ignore[attr-defined]
    return changed


def _own(node: ast.AST) -> ast.expr | None:
    """The attribute of ``self`` a returned copy copies (``list(self.xs)``...), else None."""
    if isinstance(node, ast.Call) and _name(node.func) in ("list", "tuple") and len(node.args) == 1 \
            and not node.keywords:
        node = node.args[0]
    elif isinstance(node, ast.ListComp) and len(node.generators) == 1:
        loop = node.generators[0]
        if loop.ifs or not isinstance(loop.target, ast.Name) or not isinstance(node.elt, ast.Name) \
                or node.elt.id != loop.target.id:
            return None
        node = loop.iter
    else:
        return None
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return node
    return None


def _edited(text: str, end: bool = True, start: bool = True) -> Iterator[str]:
    """A shown string's student edits: at its ``end`` a trailing space dropped or its last
    punctuation mark changed; at its ``start`` the case of its first letter changed."""
    marks = [i for i, char in enumerate(text) if char in _PUNCTUATION]
    if end and text.endswith(" "):
        yield text[:-1]
    if end and marks:
        yield text[:marks[-1]] + _PUNCTUATION[text[marks[-1]]] + text[marks[-1] + 1:]
    letters = [i for i, char in enumerate(text) if char.isalpha() and char.swapcase() != char]
    if start and letters:
        yield text[:letters[0]] + text[letters[0]].swapcase() + text[letters[0] + 1:]


def _shown(text: str) -> bool:
    return " " in text or any(char in _PUNCTUATION for char in text)


def _texts(node: ast.AST, where: Places) -> Iterator[ast.AST]:
    """The string literal, or the f-string, with one student edit (not an exception's message:
    the worksheets leave its wording free)."""
    if id(node) in where.raised:
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and _shown(node.value):
        for text in _edited(node.value):
            yield ast.Constant(text)
    elif isinstance(node, ast.JoinedStr):
        parts = [(i, part.value) for i, part in enumerate(node.values)
                 if isinstance(part, ast.Constant) and isinstance(part.value, str)]
        if not parts or not _shown("".join(text for _, text in parts)):
            return
        first, last = parts[0][0], parts[-1][0]
        for place, text in parts if first != last else parts[:1]:
            for edit in _edited(text, end=place == last, start=place == first):
                values = list(node.values)
                values[place] = ast.Constant(edit)
                yield ast.JoinedStr(values)


def _reordered(node: ast.AST, where: Places) -> ast.AST | None:
    """A set or a dict's view, iterated backwards; ``dict.fromkeys(xs)`` as ``set(xs)``."""
    if isinstance(node, ast.Call) and _name(node.func) == "fromkeys" and _name(
            getattr(node.func, "value", None)) == "dict" and len(node.args) == 1:
        return ast.Call(ast.Name("set", ast.Load()), node.args, [])
    if id(node) not in where.iterated or not isinstance(node, ast.expr):
        return None
    view = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _VIEWS \
        and not node.args
    a_set = isinstance(node, (ast.Set, ast.SetComp)) or (
        isinstance(node, ast.Call) and _name(node.func) in ("set", "frozenset"))
    if not (view or a_set):
        return None
    listed = ast.Call(ast.Name("list", ast.Load()), [node], [])
    return ast.Call(ast.Name("reversed", ast.Load()), [listed], [])


def _fresh(node: ast.AST) -> bool:
    """``node`` makes a new mutable object each time it runs."""
    return isinstance(node, (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp, ast.Call))


def _uses(node: ast.AST, name: str) -> bool:
    return any(isinstance(part, ast.Name) and part.id == name for part in ast.walk(node))


def _shared(node: ast.AST) -> ast.AST | None:
    """``[[] for _ in range(n)]`` -> ``[[]] * n``; ``{k: [] for k in ks}`` -> ``dict.fromkeys(ks, [])``."""
    if not isinstance(node, (ast.ListComp, ast.DictComp)) or len(node.generators) != 1:
        return None
    loop = node.generators[0]
    if loop.ifs or not isinstance(loop.target, ast.Name):
        return None
    if isinstance(node, ast.ListComp):
        counted = isinstance(loop.iter, ast.Call) and _name(loop.iter.func) == "range" and len(loop.iter.args) == 1
        if counted and _fresh(node.elt) and not _uses(node.elt, loop.target.id):
            return ast.BinOp(ast.List([node.elt], ast.Load()), ast.Mult(), loop.iter.args[0])  # type: ignore[attr-defined]
        return None
    if isinstance(node.key, ast.Name) and node.key.id == loop.target.id and _fresh(node.value) \
            and not _uses(node.value, loop.target.id):
        fromkeys = ast.Attribute(ast.Name("dict", ast.Load()), "fromkeys", ast.Load())
        return ast.Call(fromkeys, [loop.iter, node.value], [])
    return None


def _is_validation(node: ast.AST) -> bool:
    """``if ...: raise ...`` (no ``else``)."""
    return isinstance(node, ast.If) and not node.orelse and len(node.body) == 1 and isinstance(node.body[0], ast.Raise)


def _type_error(node: ast.AST, where: Places) -> ast.AST | None:
    if id(node) in where.caught and _name(node) == "ValueError":
        return ast.Name("TypeError", ast.Load())
    if isinstance(node, ast.Raise) and node.exc is not None:
        raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        if isinstance(raised, ast.Name) and raised.id == "ValueError":
            other = ast.Name("TypeError", ast.Load())
            exc = ast.Call(other, node.exc.args, node.exc.keywords) if isinstance(node.exc, ast.Call) else other
            return ast.Raise(exc, node.cause)
    return None


def _drawn(node: ast.AST) -> ast.AST | None:
    """``rng.choice(xs)`` -> ``__import__("random").choice(xs)`` (not a draw of module random)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _DRAWS):
        return None
    if _name(node.func.value) in ("", "random") or isinstance(node.func.value, ast.Call):
        return None
    module = ast.Call(ast.Name("__import__", ast.Load()), [ast.Constant("random")], [])
    return ast.Call(ast.Attribute(module, node.func.attr, ast.Load()), node.args, node.keywords)


def _identity(node: ast.AST) -> Iterator[ast.AST]:
    """``a == b`` -> ``a is b``, ``a != b`` -> ``a is not b``, where neither side is a literal."""
    if not isinstance(node, ast.Compare):
        return
    sides = [node.left, *node.comparators]
    for index, op in enumerate(node.ops):
        left, right = sides[index], sides[index + 1]
        if isinstance(op, (ast.Eq, ast.NotEq)) and not any(
                isinstance(side, (ast.Constant, ast.List, ast.Tuple, ast.Dict, ast.Set)) for side in (left, right)):
            ops = list(node.ops)
            ops[index] = ast.Is() if isinstance(op, ast.Eq) else ast.IsNot()
            yield ast.Compare(node.left, ops, node.comparators)


def replacements(node: ast.AST, where: Places) -> Iterator[tuple[str, ast.AST]]:
    """Every (operator, replacement node) of one node by the student operators."""
    found: list[tuple[str, ast.AST | None]] = [
        ("keep", _kept(node) if id(node) in where.in_function else None),
        ("leak", ast.Return(_own(node.value)) if isinstance(node, ast.Return) and node.value is not None
         and _own(node.value) is not None else None),
        ("rand", _drawn(node)),
        ("order", _reordered(node, where)),
        ("etype", _type_error(node, where)),
        ("guard", ast.Pass() if _is_validation(node) else None),
        ("alias", _shared(node)),
    ]
    yield from ((name, changed) for name, changed in found if changed is not None)
    yield from (("text", changed) for changed in _texts(node, where))
    yield from (("is", changed) for changed in _identity(node))


# --- rewrites of whole lines: a memo around a function's body, a validation moved ---

def _own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function's body, not those of the functions and classes it defines."""
    todo = list(getattr(function, "body", []))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo += list(ast.iter_child_nodes(node))


def _key(function: ast.FunctionDef, method: bool) -> str | None:
    """The memo's key: values for the value types, ``id`` for the rest (``self`` too)."""
    arguments = function.args
    if arguments.vararg or arguments.kwarg:
        return None
    names = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    parts = []
    for place, argument in enumerate(names):
        annotation = ast.unparse(argument.annotation) if argument.annotation else ""
        by_value = annotation.split("[")[0] in _VALUE_TYPES or (place == 0 and method and argument.arg == "cls")
        parts.append(argument.arg if by_value and not (place == 0 and method and argument.arg == "self")
                     else f"id({argument.arg})")
    return f"({parts[0]},)" if len(parts) == 1 else "(" + ", ".join(parts) + ")"


def _memoized(source: str, function: ast.FunctionDef, method: bool, region: tuple[int, int]) -> str | None:
    """``function`` with a memo: lines at the top of its region, its returns through it."""
    own = list(_own_nodes(function))
    returns = [node for node in own if isinstance(node, ast.Return) and node.value is not None]
    key, begin = _key(function, method), region[0]
    outside = any(not begin <= node.lineno <= region[1] for node in returns)
    if not returns or outside or key is None or any(
            isinstance(node, (ast.Yield, ast.YieldFrom, ast.Nonlocal, ast.Global))
            or (isinstance(node, ast.Name) and node.id == "super") for node in own):
        return None
    lines = source.splitlines(keepends=True)
    for node in sorted(returns, key=lambda r: (r.lineno, r.col_offset), reverse=True):
        value = node.value
        segment = ast.get_source_segment(source, value)  # type: ignore[arg-type]
        first, last = value.lineno - 1, value.end_lineno - 1  # type: ignore[union-attr,operator]
        head = lines[first][:_column(lines[first], value.col_offset)]  # type: ignore[union-attr]
        tail = lines[last][_column(lines[last], value.end_col_offset):]  # type: ignore[union-attr,arg-type]
        lines[first:last + 1] = [f"{head}_memo.setdefault(_key, {segment}){tail}"]
    code = lines[begin - 1]
    indent = code[:len(code) - len(code.lstrip())]
    memo = f'{indent}_memo = globals().setdefault("_memo_{function.name}", {{}})\n'
    check = f"{indent}_key = {key}\n{indent}if _key in _memo:\n{indent}    return _memo[_key]\n"
    lines[begin - 1:begin - 1] = [memo, check]
    return "".join(lines)


def _column(line: str, offset: int) -> int:
    """The character column of a UTF-8 byte offset in ``line``."""
    return len(line.encode("utf-8")[:offset].decode("utf-8", "replace"))


def _moved(source: str, body: list[ast.stmt], index: int, end: int) -> str | None:
    """The validation ``body[index]`` moved after the first change that follows it (before line ``end``)."""
    after = next((i for i in range(index + 1, len(body)) if _changes(body[i])
                  or isinstance(body[i], (ast.Return, ast.Raise))), None)
    if after is None or isinstance(body[after], (ast.Return, ast.Raise)) or (body[after].end_lineno or end + 1) > end:
        return None
    lines = source.splitlines(keepends=True)
    first, last = body[index].lineno - 1, body[after].end_lineno or body[after].lineno
    middle = body[index].end_lineno or body[index].lineno
    if any(statement.col_offset != body[index].col_offset for statement in body[index:after + 1]):
        return None
    lines[first:last] = lines[middle:last] + lines[first:middle]
    return "".join(lines)


def _changes(statement: ast.stmt) -> bool:
    """``statement`` changes something a caller sees: it sets an attribute or an item, or calls
    (not a loop: a validation moved after one is rather skipped)."""
    if isinstance(statement, (ast.Return, ast.Raise, ast.For, ast.While, ast.Try, ast.With)):
        return False
    for node in ast.walk(statement):
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)] if isinstance(
            node, (ast.AugAssign, ast.AnnAssign)) else []
        if any(isinstance(target, (ast.Attribute, ast.Subscript)) for target in targets):
            return True
        if isinstance(node, (ast.Delete, ast.Expr)) and not (
                isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            return True
    return False


def rewrites(source: str, regions: list[tuple[int, int]]) -> Iterator[tuple[str, str]]:
    """The (operator, mutated source) that rewrite lines: memos and moved validations."""
    tree = ast.parse(source)
    classes = {id(item) for node in ast.walk(tree) if isinstance(node, ast.ClassDef) for item in node.body}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            region = min(((first, last) for first, last in regions if first > node.lineno), default=None)
            if region is not None and region[0] <= node.body[-1].lineno <= region[1]:
                memoized = _memoized(source, node, id(node) in classes, region)
                if memoized is not None:
                    yield "memo", memoized
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list):
                continue
            for index, statement in enumerate(body):
                end = next((last for first, last in regions
                            if first <= statement.lineno and (statement.end_lineno or 0) <= last), None)
                if _is_validation(statement) and end is not None:
                    moved = _moved(source, body, index, end)
                    if moved is not None:
                        yield "guard", moved
