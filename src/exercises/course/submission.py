"""What a hidden test sees of a graded notebook: plain values and opaque handles.

Hidden tests reach the graded code only through the ``sub`` fixture: ``sub.Meld`` is the
notebook's global ``Meld``. Whatever comes back is either

* plain data, rebuilt on the test's side: ``None``, ``bool``, ``int``, ``float``,
  ``str``, and ``list``, ``tuple``, ``dict``, ``set``, ``frozenset`` of plain data,
  taken only when the type is exactly one of these (a subclass of ``int`` is not an
  int here); the package's own enums (by name) and the package's frozen dataclasses (by
  their fields, rebuilt with the package's constructor); a ``random.Random`` (a copy of
  its state); or
* an opaque :class:`Handle` to anything else (the student's classes and objects).

On a handle a test may get attributes, call it, iterate over it, take ``len``, index
it, take ``str`` or ``repr``, and pass it back into calls. Equality and hashing of
handles are by identity, never by the student's code; a handle never equals a plain
value; the truth of a handle is refused (``TypeError``): convert first, or ask the
submission with ``sub.eval("a == b", a=a, b=b)``, which evaluates an expression in the
notebook's namespace with the given names bound.

Objects of the test (a scripted player, say) passed into a call reach the submission as
they are here; across processes they become handles whose method calls come back to
the test.

This module runs a notebook in the current process. The grader runs it in a separate,
limited process with the same contract, so tests written against one work with the other.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import io
import json
import random
from pathlib import Path
from typing import Any

from .notebook import cell_source, course_meta, normalized, skipped_sources

PLAIN_SCALARS = (type(None), bool, int, float, str)
PLAIN_COLLECTIONS = (list, tuple, set, frozenset, dict)


def is_package_value(value: Any) -> bool:
    """True for the package's enums and frozen dataclasses, which cross by value."""
    cls = type(value)
    if not cls.__module__.startswith("exercises."):
        return False
    if isinstance(value, enum.Enum):
        return True
    params = getattr(cls, "__dataclass_params__", None)
    return dataclasses.is_dataclass(cls) and params is not None and params.frozen


class Handle:
    """An opaque reference to an object of the graded notebook."""

    __slots__ = ("_target", "_label")

    def __init__(self, target: Any, label: str) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_label", label)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return to_test(getattr(self._target, name), f"{self._label}.{name}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("hidden tests do not change the submission's objects")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        result = self._target(*to_sub(args), **to_sub(kwargs))
        return to_test(result, f"{self._label}(...)")

    def __iter__(self):
        for index, item in enumerate(self._target):
            yield to_test(item, f"{self._label}[{index}]")

    def __len__(self) -> int:
        length = len(self._target)
        if type(length) is not int:
            raise TypeError(f"len({self._label}) is not an int")
        return length

    def __getitem__(self, key: Any) -> Any:
        return to_test(self._target[to_sub(key)], f"{self._label}[{key!r}]")

    def __str__(self) -> str:
        text = str(self._target)
        if type(text) is not str:
            raise TypeError(f"str({self._label}) is not a str")
        return text

    def __repr__(self) -> str:
        text = repr(self._target)
        if type(text) is not str:
            raise TypeError(f"repr({self._label}) is not a str")
        return text

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Handle) and other._target is self._target

    def __ne__(self, other: Any) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return id(self._target)

    def __bool__(self) -> bool:
        raise TypeError(
            f"the truth of {self._label} is not decided by a hidden test: convert it to "
            "a plain value first, or ask sub.eval(...)"
        )


def to_test(value: Any, label: str = "value") -> Any:
    """A submission's value as a test sees it: plain data or a Handle."""
    kind = type(value)
    if kind in PLAIN_SCALARS or is_package_value(value):
        return value
    if kind is random.Random:
        copy = random.Random()
        copy.setstate(value.getstate())
        return copy
    if kind in (list, tuple):
        return kind(to_test(item, f"{label}[{i}]") for i, item in enumerate(value))
    if kind in (set, frozenset):
        items = [to_test(item, label) for item in value]
        if all(not isinstance(item, Handle) for item in items):
            return kind(items)
        return Handle(value, label)
    if kind is dict:
        keys = [to_test(key, label) for key in value]
        if all(not isinstance(key, Handle) for key in keys):
            return {key: to_test(item, f"{label}[{key!r}]") for key, item in zip(keys, value.values())}
        return Handle(value, label)
    return Handle(value, label)


def to_sub(value: Any) -> Any:
    """A test's value as the submission receives it (handles are unwrapped)."""
    kind = type(value)
    if kind is Handle:
        return object.__getattribute__(value, "_target")
    if kind in (list, tuple, set, frozenset):
        return kind(to_sub(item) for item in value)
    if kind is dict:
        return {to_sub(key): to_sub(item) for key, item in value.items()}
    return value


class _Shell:
    """Stands in for IPython's ``get_ipython()`` while a notebook runs outside a kernel."""

    def run_line_magic(self, *args: Any, **kwargs: Any) -> None:
        return None

    def run_cell_magic(self, *args: Any, **kwargs: Any) -> None:
        return None

    def system(self, *args: Any, **kwargs: Any) -> None:
        return None

    def getoutput(self, *args: Any, **kwargs: Any) -> list[str]:
        return []


def python_source(source: str) -> str:
    """A cell's source with IPython syntax (magics, ``!`` commands) turned into calls."""
    from IPython.core.inputtransformer2 import TransformerManager

    return TransformerManager().transform_cell(source)


def graded_cells(notebook: Any, skip: set[str]) -> list[str]:
    """The Python sources the grader runs: every code cell not in ``skip``, in order."""
    sources = []
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = cell_source(cell)
        if normalized(source) in skip or course_meta(cell).get("instructor"):
            continue
        sources.append(source)
    return sources


@dataclasses.dataclass
class CellError:
    """A cell that raised while the notebook ran."""

    index: int
    error: str


class Submission:
    """A notebook run in this process, seen through the hidden tests' contract."""

    def __init__(self, path: Path, reference: Path | None = None) -> None:
        self.path = Path(path)
        notebook = json.loads(self.path.read_text(encoding="utf-8"))
        source_notebook = (
            json.loads(Path(reference).read_text(encoding="utf-8")) if reference else notebook
        )
        self._namespace: dict[str, Any] = {
            "__name__": "__main__",
            "get_ipython": _Shell,
            "display": lambda *args, **kwargs: None,
        }
        self.errors: list[CellError] = []
        self.output = io.StringIO()
        for index, source in enumerate(graded_cells(notebook, skipped_sources(source_notebook))):
            try:
                code = compile(python_source(source), f"<cell {index}>", "exec")
                with contextlib.redirect_stdout(self.output), contextlib.redirect_stderr(self.output):
                    exec(code, self._namespace)
            except BaseException as error:  # a cell that raises does not stop the others
                if isinstance(error, KeyboardInterrupt):
                    raise
                self.errors.append(CellError(index, f"{type(error).__name__}: {error}"))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            value = self._namespace[name]
        except KeyError:
            raise AttributeError(
                f"the notebook defines no {name!r} (is the cell that defines it run?)"
            ) from None
        return to_test(value, name)

    def eval(self, expression: str, **names: Any) -> Any:
        """Evaluate ``expression`` in the notebook's namespace, with ``names`` bound."""
        scope = dict(self._namespace)
        scope.update({key: to_sub(value) for key, value in names.items()})
        return to_test(eval(expression, scope), expression)

    def defines(self, name: str) -> bool:
        """True when the notebook defines the global ``name``."""
        return name in self._namespace
