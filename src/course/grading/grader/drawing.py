"""Strategies as recipes: the hidden tests describe their cases without importing Hypothesis.

A strategies module (and a hidden test module) writes ``from course.grading.grader.drawing import
st`` and builds its strategies as it would with ``hypothesis.strategies``::

    st.tuples(st.integers(1, 6), st.integers(1, 6)).map(sorted)

``st`` here records each construction as a :class:`Recipe`: a name, its arguments and the
functions it was given. A recipe has a :func:`key`, a text that changes when the recipe
changes (a function's key holds its source, the plain values it reads from its module and
its closure's values), and :meth:`Recipe.real` builds the Hypothesis strategy it describes
through Hypothesis's public API. ``course cases`` draws each recipe once, with Hypothesis,
and stores the examples under its key (:mod:`course.grading.grader.stored`); grading looks the key
up and never imports Hypothesis.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import os
import types
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import Any

from .given import mentioned

#: how deep a key follows functions that call functions
DEPTH = 4
_PLAIN = (type(None), bool, int, float, str, bytes)
_DATA = (*_PLAIN, list, tuple, set, frozenset, dict)


class Recipe:
    """One strategy as it was built: ``name(*args, **kwargs)`` of ``hypothesis.strategies``
    (or ``map``, ``filter``, ``flatmap`` of its first argument, or a composite's call)."""

    def __init__(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        self.name, self.args, self.kwargs = name, args, kwargs
        self._key: str | None = None
        self._real: Any = None

    def map(self, function: Callable[[Any], Any]) -> Recipe:
        return Recipe("map", (self, function), {})

    def filter(self, function: Callable[[Any], Any]) -> Recipe:
        return Recipe("filter", (self, function), {})

    def flatmap(self, function: Callable[[Any], Any]) -> Recipe:
        return Recipe("flatmap", (self, function), {})

    def __or__(self, other: Recipe) -> Recipe:
        return Recipe("one_of", (self, other), {})

    def __repr__(self) -> str:
        return key(self)

    def real(self) -> Any:
        """The Hypothesis strategy this recipe describes (imports Hypothesis)."""
        if self._real is None:
            from hypothesis import strategies

            if self.name in ("map", "filter"):
                parent, function = self.args
                self._real = getattr(real(parent), self.name)(function)
            elif self.name == "flatmap":
                parent, function = self.args
                self._real = real(parent).flatmap(lambda value: real(function(value)))
            elif self.name == "composite":
                body, *rest = self.args
                self._real = strategies.composite(_drawing(body))(*rest, **self.kwargs)
            else:
                self._real = getattr(strategies, self.name)(*real(self.args), **real(self.kwargs))
        return self._real


def _drawing(body: Callable[..., Any]) -> Callable[..., Any]:
    """A composite's body given Hypothesis's ``draw``, which it calls with recipes."""

    def drawn(draw: Any, *args: Any, **kwargs: Any) -> Any:
        return body(lambda recipe, *label: draw(real(recipe), *label), *args, **kwargs)

    return functools.update_wrapper(drawn, body)  # the body's signature: draw first, then the rest


def real(value: Any) -> Any:
    """``value`` with every recipe in it (in tuples, lists and dicts) made a Hypothesis strategy."""
    if isinstance(value, Recipe):
        return value.real()
    if type(value) in (list, tuple):
        return type(value)(real(item) for item in value)
    if type(value) is dict:
        return {name: real(item) for name, item in value.items()}
    return value


class _Strategies:
    """``st``: each of Hypothesis's strategy functions as a recipe."""

    class SearchStrategy:
        """For annotations only (``st.SearchStrategy[int]``)."""

        def __class_getitem__(cls, item: Any) -> Any:
            return cls

    DrawFn = Callable[..., Any]

    def composite(self, body: Callable[..., Any]) -> Callable[..., Recipe]:
        """``@st.composite``: calling the result gives a recipe of the body and its arguments."""

        @functools.wraps(body)
        def recipe(*args: Any, **kwargs: Any) -> Recipe:
            return Recipe("composite", (body, *args), kwargs)

        return recipe

    def __getattr__(self, name: str) -> Callable[..., Recipe]:
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *args, **kwargs: Recipe(name, args, kwargs)


st: Any = _Strategies()


# ----------------------------------------------------------------------------- keys


def key(value: Any, depth: int = DEPTH) -> str:
    """A text that names ``value`` as a strategy's ingredient, the same in every process."""
    if isinstance(value, Recipe):
        if value._key is None:
            parts = [key(item, depth) for item in value.args]
            parts += [f"{name}={key(item, depth)}" for name, item in sorted(value.kwargs.items())]
            value._key = f"{value.name}({', '.join(parts)})"
        return value._key
    kind = type(value)
    if isinstance(value, (str, PurePath)) and os.path.isabs(value) and os.path.isfile(value):
        return _file_key(Path(value))
    if kind in _PLAIN:
        return repr(value)
    if kind in (list, tuple):
        inner = ", ".join(key(item, depth) for item in value)
        return f"[{inner}]" if kind is list else f"({inner})"
    if kind in (set, frozenset):
        return f"{kind.__name__}({sorted(key(item, depth) for item in value)})"
    if kind is dict:
        return "{" + ", ".join(f"{key(k, depth)}: {key(v, depth)}" for k, v in value.items()) + "}"
    if isinstance(value, (types.FunctionType, functools.partial)):
        return _function_key(value, depth)
    if isinstance(value, type):
        return f"{value.__module__}.{value.__qualname__}"
    if callable(value) and hasattr(value, "__qualname__"):
        return f"{getattr(value, '__module__', '')}.{value.__qualname__}"
    return repr(value)


def _file_key(path: Path) -> str:
    """A file a strategy reads (a data file of the course), named by its name and content, not
    by where this copy of the course lies: a clone elsewhere gives the same key."""
    return f"file({path.name!r} {hashlib.sha256(path.read_bytes()).hexdigest()[:12]})"


def _function_key(function: Any, depth: int) -> str:
    if isinstance(function, functools.partial):
        return f"partial({key(function.func, depth)}, {key(function.args, depth)}, {key(function.keywords, depth)})"
    name = f"{function.__module__}.{function.__qualname__}"
    if depth <= 0:
        return name
    parts = [name, _source_digest(function.__code__)]
    for cell in function.__closure__ or ():
        try:
            parts.append(key(cell.cell_contents, depth - 1))
        except ValueError:  # a cell not filled yet
            parts.append("?")
    for global_name in sorted(mentioned(function.__code__)):
        if global_name in function.__globals__:
            found = function.__globals__[global_name]
            if type(found) in _DATA or isinstance(found, (Recipe, types.FunctionType)):
                parts.append(f"{global_name}={key(found, depth - 1)}")
    return "<" + " ".join(parts) + ">"


def _source_digest(code: types.CodeType) -> str:
    """A short digest of a function's source text (its code's name when it has none), and
    where on its first line it starts (two lambdas on one line share their source text)."""
    columns = [column for line, _, column, _ in code.co_positions() if line == code.co_firstlineno and column]
    return f"{_digest_at(code.co_filename, code.co_firstlineno, code.co_qualname, code)}@{min(columns, default=0)}"


@functools.cache
def _digest_at(file: str, line: int, name: str, code: types.CodeType) -> str:
    try:
        text = inspect.getsource(code)
    except (OSError, TypeError):
        text = name
    return hashlib.sha256(text.encode()).hexdigest()[:12]
