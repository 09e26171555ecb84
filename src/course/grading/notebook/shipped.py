"""Helpers of the hidden tests run inside a notebook's process: a module shipped once (players
that record their calls, a loop that plays a whole game), so that a whole game is one request.

A hidden test that compares games call by call used to play them from the grader: every call
of the notebook's game loop to a test-side player, and every look at a board, was a round trip.
Instead, the test ships a module of helpers (say tests/grading/shipped/abapa.py) with
:func:`ship`: the grader compiles the module's source and sends its code object, marshalled
(never source text), in one ``ship`` request; the notebook's process runs it in a module of its
own (never in the notebook's namespace) and answers with a handle to it. The test then
evaluates one expression that plays the whole game with the notebook's classes and the
helpers' players, and gets back plain data: each call the players got, as it would have
crossed the wire at that moment. The expected values, and the comparison, stay in the grader:
the notebook's process gets the helpers' code and the game's inputs, never the reference's
answers. A module is shipped once per notebook's process (again after a restart).

Inside the notebook's process a shipped module sees four names more:

* ``snapshot(value)``: the value as it would cross at this moment: its lists, dicts and sets
  copied, the package's frozen values kept (they cannot change), any other object as itself
  (it crosses as a handle), so that what the notebook does later does not change a log;
* ``caught(error)``: an exception of the notebook's code as data; :func:`raised` turns it back,
  in the grader, into the exception a direct call would have raised there;
* ``taped(play, *args)``: runs ``play(tape, *args)``, where ``tape(value)`` keeps a snapshot of
  each value the loop reads, in order, and gives the value back; returns the values and the
  exception that ended the loop (or None). In the grader, :class:`Replay` gives the values
  back in the same order, each as the call that read it (so feedback names that call), and
  raises the exception where the loop met it: a test's loop of calls, with its assertions,
  runs in the grader on values that came in one request;
* ``attempt(call)``: ``("returned", snapshot(call()))``, or ``("raised", caught(error))`` when
  the call raised an ``Exception``, so that a loop goes on where a test expects an exception
  (:meth:`Replay.outcome` raises it again in the grader).
"""

from __future__ import annotations

import base64
import enum
import functools
import hashlib
import marshal
import random
import sys
import types
from pathlib import Path
from typing import Any

from .. import wire
from ..wire import codec
from ..wire.codec import ProtocolError

# ----------------------------------------------------------------------------- the grader's side

#: compiled helper modules, by file: (its modification time, base64 of its marshalled code)
_COMPILED: dict[str, tuple[int, str]] = {}


def compiled(module: types.ModuleType) -> str:
    """Base64 of the marshalled code of a helper module's source file."""
    path = Path(getattr(module, "__file__", None) or "")
    if path.suffix != ".py" or not path.is_file():
        raise ValueError(f"{module.__name__} has no source file to ship")
    stamp = path.stat().st_mtime_ns
    known = _COMPILED.get(str(path))
    if known is None or known[0] != stamp:
        source = path.read_text(encoding="utf-8")
        code = compile(source, f"<hidden tests' {module.__name__}>", "exec")
        known = _COMPILED[str(path)] = (stamp, base64.b64encode(marshal.dumps(code)).decode("ascii"))
        _SOURCES[known[1]] = hashlib.sha256(source.encode()).hexdigest()
    return known[1]


#: the digest of each compiled module's source, by its compiled code (base64)
_SOURCES: dict[str, str] = {}


def source_digest(code: str) -> str:
    """The digest of the source of a module :func:`compiled` gave as ``code`` (the same on
    every Python, where the marshalled code is not)."""
    return _SOURCES.get(code, code)


def ship(target: Any, module: types.ModuleType) -> Any:
    """A handle to ``module`` run in ``target``'s process (``sub`` or ``ref``), shipped there
    the first time this process is asked for it."""
    process = object.__getattribute__(target, "_process")
    shipped = process.__dict__.setdefault("shipped", {})
    name = module.__name__
    if name not in shipped:
        shipped[name] = process.ask("ship", f"the hidden tests' {name}", name=name, code=compiled(module))
    return shipped[name]


def raised(target: Any, error: Any, what: str = "a shipped helper") -> BaseException:
    """The exception that ``caught(error)`` described in ``target``'s process, as a direct
    call would have raised it here (a class unknown here is a ``SubmissionError``)."""
    process = object.__getattribute__(target, "_process")
    found: BaseException = process._error(error, what)
    return found


class Replay:
    """The values ``taped`` recorded in ``target``'s process, given back in order."""

    def __init__(self, target: Any, recorded: Any) -> None:
        values, error = recorded
        self.target, self.values, self.error, self.position = target, values, error, 0

    def __call__(self, what: str = "") -> Any:
        """The next value; ``what`` names the call that read it, as feedback shows a call."""
        from ..grader.handle import TRACE

        if what:
            TRACE.start(what)
        if self.position == len(self.values):
            if self.error is None:
                raise RuntimeError("the hidden test read more values than its shipped loop recorded")
            raise raised(self.target, self.error, what or "a call")
        value = self.values[self.position]
        self.position += 1
        if what:
            TRACE.done(value)
        return value

    def outcome(self, what: str = "") -> Any:
        """The next value, which ``attempt`` taped: what the call returned, or the exception it
        raised, raised here as the call itself would have."""
        from ..grader.handle import TRACE

        how, value = self(what)
        if how != "raised":
            return value
        if what:
            TRACE.start(what)  # the call raised: it returned nothing
        raise raised(self.target, value, what or "a call")


# ----------------------------------------------------------------------------- the notebook's side


def serve(server: Any, message: dict[str, Any]) -> Any:
    """The ``ship`` request: run the marshalled module in a module of its own; its handle."""
    name, code = message.get("name"), message.get("code")
    if type(name) is not str or type(code) is not str:
        raise ProtocolError("a bad module to ship")
    module = types.ModuleType(f"_shipped_{name}")
    module.__dict__["snapshot"] = Snapshots(server).snapshot
    module.__dict__["caught"] = caught
    module.__dict__["taped"] = functools.partial(taped, module.__dict__["snapshot"])
    module.__dict__["attempt"] = functools.partial(attempt, module.__dict__["snapshot"])
    sys.modules[module.__name__] = module  # dataclasses and pickle look their module up
    exec(marshal.loads(base64.b64decode(code)), module.__dict__)  # noqa: S102 - the grader's code
    return server.encode(module)


def caught(error: BaseException) -> dict[str, Any]:
    """An exception of the notebook's code as data (what a direct call's answer would say)."""
    found: dict[str, Any] = wire.error_answer(error)["error"]
    return found


def taped(snapshot: Any, play: Any, *args: Any, **kwargs: Any) -> tuple[list[Any], dict[str, Any] | None]:
    """``play(tape, *args, **kwargs)``: the snapshots ``tape(value)`` kept, in order, and the
    exception of the notebook's code that ended it (None when it did not raise)."""
    values: list[Any] = []

    def tape(value: Any) -> Any:
        values.append(snapshot(value))
        return value

    try:
        play(tape, *args, **kwargs)
    except Exception as error:  # noqa: BLE001 - the notebook's exception, raised again by Replay
        return values, caught(error)
    return values, None


def attempt(snapshot: Any, call: Any) -> tuple[str, Any]:
    """``("returned", snapshot(call()))``, or ``("raised", caught(error))``."""
    try:
        return "returned", snapshot(call())
    except Exception as error:  # noqa: BLE001 - the notebook's exception, raised again by Replay.outcome
        return "raised", caught(error)


class Snapshots:
    """Copies of values as they would cross the wire now (see the module's doc)."""

    def __init__(self, server: Any) -> None:
        self.server = server
        #: the package's values found unchanging, by id (each kept alive, so an id is not reused)
        self.unchanging: dict[int, Any] = {}

    def snapshot(self, value: Any) -> Any:
        return self._copy(value, 0)

    def _copy(self, value: Any, depth: int) -> Any:
        kind = type(value)
        if kind in codec.SCALARS or depth > codec.MAX_DEPTH:
            return value
        if kind is list:
            return self._items(value, depth + 1)
        if kind is dict:
            return {self._copy(key, depth + 1): self._copy(item, depth + 1) for key, item in value.items()}
        if kind is set:
            return set(self._items(value, depth + 1))
        if kind is tuple or kind is frozenset:
            return self._immutable(value, kind, depth + 1)
        if codec.is_package_type(kind) and not isinstance(value, enum.Enum):
            if id(value) in self.unchanging:
                return value
            fields = codec.init_fields(value)
            copies = {name: self._copy(item, depth + 1) for name, item in fields.items()}
            if all(copies[name] is fields[name] for name in fields):
                self.unchanging[id(value)] = value
                return value
            return kind(**copies)  # as the wire would rebuild it
        if kind is random.Random:
            copy = random.Random()
            copy.setstate(value.getstate())
            return copy
        return value  # an enum, or an object that crosses as a handle (by identity)

    def _immutable(self, value: Any, kind: type, depth: int) -> Any:
        """A tuple or frozenset itself when no item changes in the copy (a whole game's legal
        moves are thousands of small tuples of ints), else a new one of the copies."""
        scalars, copy = codec.SCALARS, self._copy
        items = None
        for index, item in enumerate(value):
            if type(item) in scalars:
                continue
            new = copy(item, depth)
            if new is not item:
                if items is None:
                    items = list(value)
                items[index] = new
        return value if items is None else kind(items)

    def _items(self, items: Any, depth: int) -> list[Any]:
        copy, scalars = self._copy, codec.SCALARS
        return [item if type(item) in scalars else copy(item, depth) for item in items]
