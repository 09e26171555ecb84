"""The reference solution's process, started only when needed: a conversation stored by
``course cases`` (:mod:`.stored`), or had before by this process, is answered without it.

Differential tests ask the reference (the ``ref`` fixture) the same questions for every
notebook: the reference's notebook runs the same cells, then each test sends the same
requests in the same order, and, being the same code in a process with the same hash seed,
the reference gives the same answers. :class:`Reference` is a :class:`Submission` of the
solution whose :class:`JournaledProcess` keeps every answer in :data:`JOURNAL`, under the
digest of the whole conversation up to and including its request (sets in one order, a
shipped module as its source's digest, from a start that holds :func:`answers_digest`);
while each request continues a conversation journaled or stored, its answer comes from
there and nothing is sent. At the first request that does not (another language, an object
of the tests passed in, a changed test), the process starts, gets again every request
answered so far, in order (so that it is in the state those answers left it in), and from
then on answers for real. A request that passes one of the tests' objects, or whose answer
is a failure of the process, is never journaled, nor anything after it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.util
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .. import wire
from ..notebook import shipped
from ..wire import codec
from . import stored
from .submission import Process, Submission

#: answers of the reference's processes, by the digest of the conversation up to each request
JOURNAL: dict[bytes, bytes] = {}
#: how many bytes of answers the journal keeps at most (beyond, nothing more is kept)
MAX_BYTES = 256 << 20
_SIZE = [0]
#: what an answer holds when a case of it ran out of time, exited or broke the protocol
FAILURES = (b'"kind":"timeout"', b'"kind":"exit"', b'"kind":"protocol"')


class JournaledProcess(Process):
    """A notebook's process that is started at the first request the journal cannot answer."""

    def __init__(self, key: str, limits: Any, forbidden: list[Path]) -> None:  # noqa: D107 - no process yet
        codec.Codec.__init__(self)
        self.limits, self.forbidden = limits, forbidden
        self.callbacks: dict[int, Any] = {}
        self.callback_numbers: dict[Any, int] = {}
        self.depth, self.deadline, self.ticks = 0, 0.0, None
        self.death = None
        self.confinement: dict[str, Any] = {}
        self.started = False
        self.asked = False  #: whether a test asked something (beyond the notebook's cells)
        self.kept = True  #: whether this conversation is still journaled
        #: the requests the journal answered (and their ticks), not sent yet
        self.pending: list[tuple[dict[str, Any], int]] = []
        self.chain = hashlib.sha256(json.dumps([key, answers_digest()]).encode()).digest()

    def _request(self, op: str, what: str, ticks: int = 0, **fields: Any) -> dict[str, Any]:
        message = {"op": op, **fields}
        self.asked = self.asked or op != "cell"
        data = _digested(message) if self.kept else b""
        chain = hashlib.sha256(self.chain + data).digest() if self.kept else b""
        kept = self.kept and b'"$callback"' not in data
        if not self.started:
            known = JOURNAL.get(chain) if kept else None
            answer: dict[str, Any] | None = json.loads(known) if known is not None \
                else stored.answer(chain) if kept else None
            if answer is not None:
                self.chain = chain
                self.pending.append((message, ticks))
                self._keep(chain, answer)
                return answer
            if stored.ONLY[0]:
                raise stored.stale(f"the reference's answer to {op} {str(fields)[:120]}")
            self._start_now()
        self.chain, self.kept = chain, kept
        served = len(self.callbacks)
        answer = super()._request(op, what, ticks=ticks, **fields)  # a failure of the process raises
        if self.kept:
            sent = wire.dumps(answer)
            # an answer that says the process ran out of time or exited says nothing of the reference
            if len(self.callbacks) != served or any(word in sent for word in FAILURES) \
                    or _SIZE[0] + len(sent) > MAX_BYTES:
                self.kept = False
            else:
                JOURNAL[chain] = sent
                _SIZE[0] += len(sent)
                if stored.USED is not None:
                    self._keep(chain, json.loads(sent))
        return answer

    def _request_later(self, op: str, what: str, ticks: int = 0, **fields: Any) -> Callable[[], dict[str, Any]]:
        """Answered now (a journaled answer needs no process; a live one keeps its journal)."""
        answer = self._request(op, what, ticks, **fields)
        return lambda: answer

    @staticmethod
    def _keep(chain: bytes, answer: Any) -> None:
        """Note an answer used, when ``course cases`` records the stored cases."""
        if stored.USED is not None:
            stored.USED.answers[chain.hex()] = answer

    def _start_now(self) -> None:
        """Start the process and send it every request the journal answered, in order."""
        kept = (self.interned, self.callbacks, self.callback_numbers)  # what the tests' side knows
        Process.__init__(self, self.limits, self.forbidden)
        self.interned, self.callbacks, self.callback_numbers = kept
        self.started = True
        for message, ticks in self.pending:
            fields = dict(message)
            op = fields.pop("op")
            super()._request(op, f"the reference's {op} again", ticks=ticks, **fields)
        self.pending = []

    def close(self) -> None:
        if self.started:
            super().close()


def _digested(message: dict[str, Any]) -> bytes:
    """``wire.canonical(_canonical(message))``: a request as its digest sees it. A request whose
    bytes hold no set's tag and no ``ship`` is its own canonical form, and is not rebuilt (a
    string that holds such a tag only costs the rebuilding)."""
    data = wire.canonical(message)
    if any(tag in data for tag in _CANONICALIZED):
        return wire.canonical(_canonical(message))
    return data


#: the bytes of the tags and the request that :func:`_canonical` rewrites
_CANONICALIZED = (b'"$set"', b'"$frozenset"', b'"op":"ship"')


def _canonical(value: Any) -> Any:
    """A request as its digest sees it: sets' items in one order (a set of strings is
    iterated in another order in another process), a shipped module as its source's digest
    (its marshalled code differs from one Python to the next)."""
    if type(value) is list:
        return [_canonical(item) for item in value]
    if type(value) is not dict:
        return value
    if len(value) == 1 and next(iter(value)) in ("$set", "$frozenset"):
        tag, items = next(iter(value.items()))
        return {tag: sorted((_canonical(item) for item in items), key=lambda item: json.dumps(item, sort_keys=True))}
    if value.get("op") == "ship":
        return {**value, "code": shipped.source_digest(value["code"])}
    return {name: _canonical(item) for name, item in value.items()}


@functools.cache
def answers_digest() -> str:
    """A digest of what a reference's answers depend on besides its conversation: the course
    package the notebooks import (code and data, but the checks' examples, which ``course
    cases`` writes) and the code of the notebook's side of the grader. Another digest:
    the stored answers are not used."""
    digest = hashlib.sha256()
    for name in (PACKAGE, *NOTEBOOK_SIDE):
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            continue
        paths = [Path(spec.origin)]
        for folder in spec.submodule_search_locations or []:
            paths = sorted(path for path in Path(folder).rglob("*")
                           if path.suffix in (".py", ".json", ".csv", ".txt") and path.name != "cases.json"
                           and "__pycache__" not in path.parts)
        for path in paths:
            digest.update(name.encode() + b"/" + path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


#: the package whose code the notebooks import
PACKAGE = "exercises"
#: the grader's modules that run in the notebook's process
NOTEBOOK_SIDE = ("course.grading.notebook", "course.grading.wire", "course.notebook", "course.i18n.grading_text")
#: the reference's conversations start from this (a new format gives new digests)
FORMAT = "reference 1"


class Reference(Submission):
    """The reference solution as the ``ref`` fixture sees it, its process journaled."""

    def __init__(self, path: Path, reference: Path | None = None, limits: Any = None) -> None:
        self.process_type = lambda limits, forbidden: JournaledProcess(FORMAT, limits, forbidden)
        super().__init__(path, reference=reference, limits=limits)

    @property
    def asked(self) -> bool:
        """Whether a test asked this reference something since its cells ran."""
        return bool(getattr(self._process, "asked", True))


@contextlib.contextmanager
def own_reference(arguments: dict[str, Any], limits: Any) -> Iterator[None]:
    """A retry of a test (a mistake costs once) asks a reference of its own: asked again, the
    module's reference would leave the conversation its journal knows, for every later test.
    ``arguments``: the test's, whose ``ref`` is replaced for the block when it is journaled."""
    ref = arguments.get("ref")
    if not isinstance(ref, Reference):
        yield
        return
    arguments["ref"] = Reference(ref.path, reference=ref.path, limits=limits)
    try:
        yield
    finally:
        arguments["ref"].close()
        arguments["ref"] = ref
