"""What a hidden test sees of a graded notebook: plain values and opaque handles.

Hidden tests reach the graded code only through the ``sub`` fixture: ``sub.Meld`` is the
notebook's global ``Meld``. The notebook runs in another process (see
:mod:`course.grading.notebook.worker`), confined and limited in time and memory; the tests
and their assertions run here. Whatever comes back is either

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

Objects of the test (a scripted player, say) passed into a call reach the notebook as
proxies: their methods run here, in the test's process, when the notebook calls them.

When the notebook's code runs past its time, exits or crashes, the test fails with a
:class:`SubmissionFailure` saying so (not an ``Exception``: ``pytest.raises(Exception)``
does not catch it) and the next test gets a fresh process that has run the notebook
again (skipping the cells that killed a process).
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import time
import types
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ...i18n.grading_text import reason as english
from ...i18n.notebooks import reference_skips
from ...notebook import graded_cell_positions, read_notebook, read_solution, skipped_sources
from .. import wire
from ..notebook import many, randomness
from ..notebook.sandbox import Limits
from ..wire import Channel, ChannelClosed, ChannelTimeout, codec
from ..wire.codec import ProtocolError
from .handle import TRACE, Handle, _Stop
from .spawn import (
    UNCONFINED,
    SubmissionCrashed,
    SubmissionError,
    SubmissionExit,
    SubmissionFailure,
    SubmissionRandomness,
    SubmissionTimeout,
    zygote,
)

GRACE_SECONDS = 2.0  #: how long after its own alarm a stuck process is killed
MAX_RESTARTS = 50  #: fresh processes per notebook (the submission timeout bounds the time)
REQUESTS = [0]  #: requests sent to notebooks' processes by this process (for timings)


# ----------------------------------------------------------------------------- values


_BLOCKED_NAME = re.compile(r"^(_|gi_|cr_|ag_|f_|tb_|co_|func_)")
_BLOCKED_TYPES = (types.ModuleType, types.FrameType, types.CodeType, types.TracebackType)


class Process(codec.Codec):
    """One confined process running a notebook, as the test's side talks to it."""

    waiting = False  #: a request was sent whose answer is not read yet (:meth:`_request_later`)

    def __init__(self, limits: Limits, forbidden: list[Path]) -> None:
        self.limits = limits
        self.zygote = zygote()
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        answer = self.zygote.ask(
            {"op": "spawn", "limits": asdict(limits), "forbidden": [str(p) for p in forbidden]},
            [theirs.fileno()],
        )
        theirs.close()
        if "pid" not in answer:
            raise SubmissionError(f"the notebook's process could not start: {answer.get('error')}")
        self.pid = answer["pid"]
        super().__init__()
        self.channel = Channel(mine, self._serve_callback)
        self.callbacks: dict[int, Any] = {}
        self.callback_numbers: dict[Any, int] = {}
        self.depth = 0
        self.deadline = 0.0
        self.death: SubmissionFailure | None = None
        self.ticks: tuple[int, int] | None = None  #: a batch's last started case and its size
        self.channel.on_tick = lambda index, deadline: many.tick(self, index, GRACE_SECONDS)
        try:
            hello = self.channel.receive(time.monotonic() + 30)
        except (ChannelClosed, ChannelTimeout, ProtocolError) as error:
            self._end(SubmissionCrashed(english("the notebook's process did not start ({error})", error=error)))
            raise self.death from None  # type: ignore[misc]
        self.confinement = hello.get("hello", {})
        if not isinstance(self.confinement, dict):
            self.confinement = {}
        confined = self.confinement.get("seccomp") or self.confinement.get("processes_limited")
        if not confined and os.environ.get(UNCONFINED) != "1":
            self._end(SubmissionError(
                "the grader cannot stop a notebook from starting processes here (no seccomp "
                f"filter, and root ignores RLIMIT_NPROC): grade as another user, or set {UNCONFINED}=1 "
                "to grade anyway"))
            raise self.death from None  # type: ignore[misc]

    @property
    def alive(self) -> bool:
        return self.death is None

    def _end(self, failure: SubmissionFailure) -> SubmissionFailure:
        """Stop the process for good; later uses raise ``failure``."""
        if self.death is None:
            self.death = failure
            with contextlib.suppress(SubmissionFailure):
                self.zygote.ask({"op": "kill", "pid": self.pid})
            self.channel.sock.close()
        return self.death

    def close(self) -> None:
        if self.death is None:
            with contextlib.suppress(ChannelClosed, ProtocolError):
                self.channel.send({"id": 0, "op": "bye"})
            self._end(SubmissionCrashed(english("the notebook's process was closed")))

    def ask(self, op: str, what: str, **fields: Any) -> Any:
        """Send a request and return its answer's value (or raise what it raised)."""
        answer = self._request(op, what, **fields)
        if "error" in answer:
            raise self._error(answer["error"], what)
        return self._value(answer.get("ok"), what, op in ("global", "getattr", "call", "eval", "getitem"))

    def _value(self, encoded: Any, what: str, labelled: bool) -> Any:
        try:
            value = self.load(encoded)
            if type(value) is Handle and labelled:
                object.__setattr__(value, "_label", what[:100])
            return value
        except (ProtocolError, RecursionError) as error:
            raise self._end(SubmissionError(f"{what} sent back a bad value: {error}")) from None

    def _request(self, op: str, what: str, ticks: int = 0, **fields: Any) -> dict[str, Any]:
        """Send a request; its answer, ``ok`` or ``error`` (a failure of the process raises)."""
        return self._send(op, what, ticks, **fields)()

    def _request_later(self, op: str, what: str, ticks: int = 0, **fields: Any) -> Callable[[], dict[str, Any]]:
        """Send a request now; a function that waits for its answer and returns it, as
        :meth:`_request` does. Until it is called, nothing else may be asked of this process
        (the grader works meanwhile, while the notebook computes). A request read late gets
        its time from when it was sent, and at least :data:`GRACE_SECONDS` more from when it
        is read: the grader's own work is not the notebook's time."""
        return self._send(op, what, ticks, **fields)

    def _send(self, op: str, what: str, ticks: int = 0, **fields: Any) -> Callable[[], dict[str, Any]]:
        if self.death is not None:
            raise type(self.death)(str(self.death))
        if self.waiting:
            raise RuntimeError("a request was sent while another one waits for its answer")
        top = self.depth == 0
        REQUESTS[0] += 1
        if top:
            self.deadline = time.monotonic() + self.limits.call_seconds + GRACE_SECONDS
        self.depth += 1
        outer, self.ticks = self.ticks, ((0, ticks) if top and ticks else None)

        def restore() -> None:
            self.depth -= 1
            self.ticks = outer
            self.waiting = False

        try:
            with self._failures(what):
                number = self.channel.ask(op, **fields)
        except BaseException:
            restore()
            raise
        self.waiting = True

        def answer() -> dict[str, Any]:
            try:
                self.waiting = False
                if top:  # a request read late (a nested one is read at once, in its outer one's time)
                    self.deadline = max(self.deadline, time.monotonic() + GRACE_SECONDS)
                with self._failures(what):
                    return self.channel.answer(number, self.deadline)
            finally:
                restore()

        return answer

    @contextlib.contextmanager
    def _failures(self, what: str) -> Iterator[None]:
        """The channel's failures during ``what``, as the failures of the notebook's process
        they are (the process is ended)."""
        try:
            yield
        except ChannelTimeout:
            raise self._end(SubmissionTimeout(english(
                "{what} ran longer than {seconds} s: the notebook's process was stopped",
                what=what, seconds=f"{self.limits.call_seconds:g}"))) from None
        except ChannelClosed:
            status = self.zygote.ask({"op": "status", "pid": self.pid}).get("status", "ended")
            raise self._end(SubmissionCrashed(english("the notebook's process {status} during {what}",
                                                      status=status, what=what))) from None
        except ProtocolError as error:
            raise self._end(SubmissionError(
                f"the notebook's process broke the grader's protocol during {what}: {error}")) from None

    def _error(self, error: Any, what: str) -> BaseException:
        if not isinstance(error, dict):
            return SubmissionError(f"{what} failed")
        kind = error.get("kind")
        if kind == "timeout":
            return SubmissionTimeout(english("{what} ran longer than {seconds} s and was stopped",
                                             what=what, seconds=f"{self.limits.call_seconds:g}"))
        if kind == "exit":
            called = str(error.get("message", "sys.exit"))[:100]
            if called.startswith("sys.exit(") and called.endswith(")"):
                return SubmissionExit(english("{what} called sys.exit({code})", what=what, code=called[9:-1]))
            return SubmissionExit(f"{what} called {called}")
        if kind == "stop":
            return _Stop()
        if kind == "randomness":
            return SubmissionRandomness(english(randomness.sentence(error.get("source")), what=what))
        if kind == "exception":
            return notebook_exception(error)
        return SubmissionError(f"{what} failed: {str(error.get('message', ''))[:200]}")

    # values ---------------------------------------------------------------------
    strict = False  # the tests are trusted: a subclass of a plain type is sent as that type

    def encode_reference(self, value: Any, kind: type) -> dict[str, Any] | None:
        if kind is not Handle:
            return None
        if object.__getattribute__(value, "_process") is not self:
            raise SubmissionError(english("a handle from an earlier run of the notebook was used"))
        return {"$handle": object.__getattribute__(value, "_number")}

    def encode_other(self, value: Any) -> dict[str, Any]:
        return {"$callback": self._register(value)}

    def load_reference(self, tag: str, payload: Any) -> Any:
        if tag == "$handle":
            number = payload.get("$handle") if type(payload) is dict else payload
            if type(number) is not int:
                raise ProtocolError("a bad handle")
            label = payload.get("type", "object") if type(payload) is dict else "object"
            return Handle(self, number, str(label)[:100])
        if tag == "$callback" and type(payload) is int and payload in self.callbacks:
            return self.callbacks[payload]
        raise ProtocolError(f"unknown or bad tag {tag!r}")

    def _register(self, value: Any, key: Any = None) -> int:
        key = id(value) if key is None else key
        number = self.callback_numbers.get(key)
        known = self.callbacks.get(number) if number is not None else None
        if number is None or not (known is value or (key != id(value) and known == value)):
            number = len(self.callbacks) + 1
            self.callbacks[number] = value
            self.callback_numbers[key] = number
        return number

    # callbacks --------------------------------------------------------------------
    def _serve_callback(self, message: dict[str, Any]) -> dict[str, Any]:
        """Serve the notebook's request about one of the test's objects."""
        try:
            target = self.callbacks[message["target"]]
            op = message["op"]
            if op == "getattr":
                name = str(message["name"])
                if _BLOCKED_NAME.match(name):
                    raise AttributeError(f"{name!r} is not available to the notebook")
                result = getattr(target, name)
                if isinstance(result, types.MethodType) and result.__self__ is target:
                    # a method: the notebook keeps it, so the next call is one round trip
                    return {"ok": {"$method": self._register(result, (id(target), name))}}
            elif op == "call":
                args = [self.load(item) for item in message["args"]]
                kwargs = {str(k): self.load(v) for k, v in message["kwargs"].items()}
                result = target(*args, **kwargs)
            elif op == "iter":
                result = iter(target)
            elif op == "next":
                result = next(target)
            elif op == "len":
                result = len(target)
            elif op == "getitem":
                result = target[self.load(message["key"])]
            elif op in ("str", "repr"):
                result = str(target) if op == "str" else repr(target)
            elif op == "bool":
                result = bool(target)
            else:
                raise ProtocolError(f"unknown op {op!r}")
            if isinstance(result, _BLOCKED_TYPES):
                raise TypeError(f"a {type(result).__name__} is not available to the notebook")
            return {"ok": self.encode(result)}
        except (KeyError, ProtocolError) as error:
            raise self._end(SubmissionError(f"the notebook sent a bad request: {error!r}")) from None
        except Exception as error:  # the test's object raised: the notebook's code sees it
            return wire.error_answer(error)


def _not_accepted(name: str, message: str) -> BaseException:
    return SubmissionError(english("the notebook raised {name}, which a test does not accept", name=name))


def notebook_exception(error: dict[str, Any]) -> BaseException:
    """The test's side of an exception raised by the notebook (see :func:`wire.rebuild_exception`)."""
    exception = wire.rebuild_exception(error, _not_accepted)
    if not isinstance(exception, SubmissionFailure):
        exception._from_notebook = True  # type: ignore[attr-defined]  # feedback names the call that raised it
    return exception


# ----------------------------------------------------------------------------- notebook


@dataclass
class CellError:
    """A cell that raised while the notebook ran (``index`` among the graded cells)."""

    index: int
    error: str
    cell: int = 0  #: its number in the notebook (1: the first cell, text cells counted)


def forbidden_paths(reference: Path | None) -> list[Path]:
    """The course folders a notebook's process must never read: solutions/ and tests/."""
    if reference is None:
        return []
    root = Path(reference).resolve().parent.parent
    return [root / "solutions", root / "tests"]


class Submission:
    """A notebook run in a confined process, seen through the hidden tests' contract."""

    process_type: Any = Process  #: how its process is made (the reference's: course.grading.grader.journal)

    def __init__(self, path: Path, reference: Path | None = None, limits: Limits | None = None,
                 notebook: dict[str, Any] | None = None) -> None:  # notebook: the file's, if read already
        self.path = Path(path)
        own = reference is not None and self.path == Path(reference)  # the course's solution: read once a version
        notebook = notebook or (read_solution(self.path) if own else read_notebook(self.path, check=False))
        skip = reference_skips(Path(reference), notebook) if reference else skipped_sources(notebook)
        self.limits = limits or Limits()
        self._forbidden = forbidden_paths(reference or self.path)
        positions = graded_cell_positions(notebook, skip)
        self._positions, self._cells = [p for p, _ in positions], [source for _, source in positions]
        self._fatal: dict[int, str] = {}
        self._process: Process | None = None
        self._reference: tuple[tuple[str, ...], Submission] | None = None
        self._views: list[Submission] = []
        self.errors: list[CellError] = []
        self.restarts = 0
        self._start()

    def _start(self) -> None:
        """Start a process and run the notebook's cells, skipping those that killed one."""
        while True:
            process = self._process = self.process_type(self.limits, self._forbidden)
            self.errors = []
            for index, source in enumerate(self._cells):
                cell = self._positions[index]
                if index in self._fatal:
                    self.errors.append(CellError(index, self._fatal[index], cell))
                    continue
                try:
                    error = process.ask("cell", english("code cell {number}", number=index + 1), source=source,
                                        index=index)
                except SubmissionFailure as failure:
                    self._fatal[index] = str(failure)
                    self.errors.append(CellError(index, str(failure), cell))
                    if process.alive:
                        continue
                    break
                if error is not None:
                    self.errors.append(CellError(index, str(error), cell))
            else:
                return
            self.restarts += 1
            if self.restarts > MAX_RESTARTS:
                return

    def rerun(self) -> None:
        """End the notebook's process and run its cells again in a fresh one.

        The public checks are run this way, after the hidden tests: they see the
        notebook as a student's "Run All" leaves it, not as the tests left it.
        """
        self.close()
        self._process = None
        self._start()

    @contextlib.contextmanager
    def graded_with(self, key: tuple[str, ...], codes: list[str]) -> Iterator[Submission | None]:
        """Another view of this notebook for the block: a process that ran the notebook's
        cells and then ``codes`` (base64 of marshalled code objects: the reference code of
        earlier exercises); None when no such process could run the notebook.

        The view is a distinct object (a test's memo keyed by its ``sub`` does not answer
        for it); it and its process are kept for the next block with the same ``key``.
        """
        if self._reference is not None and self._reference[0] == key and self._reference[1]._running().alive:
            yield self._reference[1]
            return
        if self._reference is not None:
            self._reference[1]._running().close()
            self._views.append(self._reference[1])  # kept: no later view reuses its id()
            self._reference = None
        process = None
        try:
            process = Process(self.limits, self._forbidden)
            for index, source in enumerate(self._cells):
                if index not in self._fatal:
                    process.ask("cell", english("code cell {number}", number=index + 1), source=source, index=index)
            for code in codes:
                process.ask("define", english("the given code"), code=code)
        except SubmissionFailure:
            if process is not None:
                process.close()
            yield None
            return
        view = object.__new__(Submission)
        view.__dict__.update(self.__dict__)
        view._process = process
        view._reference = None
        view.errors = []
        self._reference = (key, view)
        yield view

    def revive(self) -> None:
        """Give the next test a fresh process if the last one ended."""
        if (self._process is None or not self._process.alive) and self.restarts <= MAX_RESTARTS:
            self.restarts += 1
            self._start()

    @property
    def confinement(self) -> dict[str, Any]:
        """What the sandbox could apply to the notebook's process."""
        return self._process.confinement if self._process else {}

    def close(self) -> None:
        """End the notebook's process (and the one graded with reference code)."""
        if self._process is not None:
            self._process.close()
        if self._reference is not None:
            self._reference[1]._running().close()
            self._reference = None

    def _running(self) -> Process:
        assert self._process is not None, "a submission has its process from the start (_start)"
        return self._process

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        TRACE.names.add(name)
        answer = self._running().ask("global", name, name=name)
        if type(answer) is list and len(answer) == 2 and type(answer[1]) is Handle:
            object.__setattr__(answer[1], "_label", name)
        if not (type(answer) is list and len(answer) == 2 and answer[0] is True):
            raise AttributeError(
                english("the notebook defines no {name} (is the cell that defines it run?)", name=repr(name))
            )
        return answer[1]

    def run(self, source: str) -> str | None:
        """Run ``source`` as one more cell of the notebook; its error message, or None."""
        error = self._running().ask("cell", english("an added cell"), source=source, index=len(self._cells))
        return None if error is None else str(error)

    def eval(self, expression: str, **names: Any) -> Any:
        """Evaluate ``expression`` in the notebook's namespace, with ``names`` bound."""
        process = self._running()
        encoded = {key: process.encode(value) for key, value in names.items()}
        return process.ask("eval", expression, expression=expression, names=encoded)

    def eval_cases(self, expression: str, cases: list[dict[str, Any]]) -> list[tuple[bool, Any]]:
        """``eval(expression, **case)`` for each case, in one request (or a few for a huge list):
        per case ``(True, value)`` or ``(False, the exception it raised)``, each as :meth:`eval`
        gives it. A case that fails the process raises as :meth:`eval` would (no later case runs)."""
        return self.eval_cases_later(expression, cases)()

    def eval_cases_later(self, expression: str, cases: list[dict[str, Any]]) -> Callable[[], list[tuple[bool, Any]]]:
        """:meth:`eval_cases`, asked now: a function that waits for the answers and returns
        them. The notebook computes while the grader works on something else (the
        reference's answers, say); nothing else may be asked of this notebook meanwhile."""
        process = self._running()
        encoded = [{key: process.encode(value) for key, value in case.items()} for case in cases]
        return many.ask_later(process, expression, encoded)

    def defines(self, name: str) -> bool:
        """True when the notebook defines the global ``name``."""
        TRACE.start(f"defines({name!r})")
        found = self._running().ask("defines", f"defines({name!r})", name=name) is True
        TRACE.done(found)
        return found
