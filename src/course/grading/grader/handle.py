"""What a hidden test holds of the graded notebook's objects: opaque handles, the last call
it made into the notebook (:data:`TRACE`, for feedback), and values shown short.

A :class:`Handle` stands for an object of the notebook's process that is not plain data
(see :mod:`.submission`): every attribute, call, iteration, ``len``, index, ``str`` and
``repr`` is a request to that process; equality and hashing are by identity there, never
by the student's code; its truth is refused. :func:`shown` writes a value as feedback shows
it, a handle by its label, so that feedback never runs the notebook's code.
"""

from __future__ import annotations

import dataclasses
import enum
import reprlib
from collections.abc import Iterator
from typing import Any, TypeVar, cast

from ..wire import codec

T = TypeVar("T")


class _Stop(Exception):
    """The end of an iteration in the notebook's process."""


class Trace:
    """The last call a test made into the notebook, for feedback: what was called, what came back."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.call = ""
        self.value: Any = None
        self.returned = False
        self.names: set[str] = set()  #: the notebook's globals the test asked for

    def start(self, call: str) -> None:
        self.call, self.value, self.returned = call, None, False

    def done(self, value: Any) -> None:
        self.value, self.returned = value, True


TRACE = Trace()

class _Shown(reprlib.Repr):
    """Short reprs that never ask the notebook: a handle by its label, a test's object by its
    ``shown_as()`` (what the student would write to make it: ``answers(['1', '0'])``), else by its type."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = 8
        self.maxdict = 6
        self.maxstring = self.maxother = 80
        self.maxlevel = 4

    def repr1(self, x: Any, level: int) -> str:
        if type(x) is Handle:
            return cast(str, object.__getattribute__(x, "_label"))
        if isinstance(x, type):
            return x.__name__
        package = type(x).__module__.split(".")[0] == codec.PACKAGE
        if type(x) in (bool, int, float, complex, str, bytes, list, tuple, set, frozenset, dict, type(None)) \
                or (package and (isinstance(x, enum.Enum) or dataclasses.is_dataclass(x))):
            return super().repr1(x, level)
        if callable(getattr(type(x), "shown_as", None)):  # a test's object, in the student's terms
            return str(x.shown_as())[:2 * self.maxother]
        return f"<{type(x).__name__}>"


def shown(value: Any) -> str:
    """A value as feedback shows it (short, and never running the notebook's code)."""
    try:
        return _Shown().repr(value)
    except Exception:  # noqa: BLE001
        return f"<{type(value).__name__}>"


class Handle:
    """An opaque reference to an object of the graded notebook."""

    __slots__ = ("_process", "_number", "_label")

    def __init__(self, process: Any, number: int, label: str) -> None:
        object.__setattr__(self, "_process", process)
        object.__setattr__(self, "_number", number)
        object.__setattr__(self, "_label", label)

    def _ask(self, op: str, what: str, **fields: Any) -> Any:
        process = object.__getattribute__(self, "_process")
        return process.ask(op, what, target=object.__getattribute__(self, "_number"), **fields)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return self._ask("getattr", f"{self._label}.{name}", name=name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("hidden tests do not change the submission's objects")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        process = object.__getattribute__(self, "_process")
        shown_args = [shown(a) for a in args] + [f"{k}={shown(v)}" for k, v in kwargs.items()]
        what = f"{self._label}({', '.join(shown_args)})"
        what = what if len(what) <= 160 else what[:157] + "...)"
        top = process.depth == 0
        if top:
            TRACE.start(what)
        value = self._ask(
            "call", what, args=[process.encode(a) for a in args],
            kwargs={str(k): process.encode(v) for k, v in kwargs.items()},
        )
        if top:
            TRACE.done(value)
        return value

    def __iter__(self) -> Iterator[Any]:
        iterator = self._ask("iter", f"iter({self._label})")
        index = 0
        while True:
            try:
                item = iterator._ask("next", f"{self._label}[{index}]")
            except _Stop:
                return
            yield item
            index += 1

    def _ask_for(self, op: str, kind: type[T], article: str) -> T:
        """``op(handle)`` (``len``, ``str``, ``repr``), refused unless it is exactly a ``kind``."""
        what = f"{op}({self._label})"
        value = self._ask(op, what)
        if type(value) is not kind:
            raise TypeError(f"{what} is not {article} {kind.__name__}")
        return value

    def __len__(self) -> int:
        return self._ask_for("len", int, "an")

    def __getitem__(self, key: Any) -> Any:
        process = object.__getattribute__(self, "_process")
        return self._ask("getitem", f"{self._label}[{key!r}]", key=process.encode(key))

    def __str__(self) -> str:
        return self._ask_for("str", str, "a")

    def __repr__(self) -> str:
        return self._ask_for("repr", str, "a")

    def __eq__(self, other: Any) -> bool:
        return (
            type(other) is Handle
            and object.__getattribute__(other, "_process") is object.__getattribute__(self, "_process")
            and object.__getattribute__(other, "_number") == object.__getattribute__(self, "_number")
        )

    def __ne__(self, other: Any) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((id(object.__getattribute__(self, "_process")), object.__getattribute__(self, "_number")))

    def __bool__(self) -> bool:
        raise TypeError(
            f"the truth of {self._label} is not decided by a hidden test: convert it to "
            "a plain value first, or ask sub.eval(...)"
        )
