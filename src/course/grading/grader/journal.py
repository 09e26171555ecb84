"""The reference solution's process, started only when needed: a grading process that has seen the
same conversation with the reference before answers from its journal instead.

Differential tests ask the reference (the ``ref`` fixture) the same questions for every
notebook a grading process grades: the reference's notebook runs the same cells, then gets
the same requests in the same order, and, being the same code in a process forked from the
same zygote, gives the same answers. :class:`Reference` is a :class:`Submission` of the
solution whose :class:`JournaledProcess` keeps every answer in :data:`JOURNAL`, under the
digest of the whole conversation up to and including its request; while each request
continues a conversation already journaled, its answer comes from the journal and nothing
is sent. At the first request that does not (another language, a test that stopped early,
an object of the tests passed in), the process starts, gets again every request the journal
answered, in order (so that it is in the state those answers left it in), and from then on
answers for real. A request that passes one of the tests' objects, or whose answer is a
failure of the process, is never journaled, nor anything after it.

The journal is kept for the life of the grading process, per zygote: another zygote may
order sets of strings otherwise, so its answers are not reused.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .. import wire
from ..wire import codec
from .spawn import zygote
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
        self.kept = True  #: whether this conversation is still journaled
        #: the requests the journal answered (and their ticks), not sent yet
        self.pending: list[tuple[dict[str, Any], int]] = []
        start = [key, dataclasses.asdict(limits), [str(path) for path in forbidden], zygote().process.pid]
        self.chain = hashlib.sha256(json.dumps(start).encode()).digest()

    def _request(self, op: str, what: str, ticks: int = 0, **fields: Any) -> dict[str, Any]:
        message = {"op": op, **fields}
        data = wire.dumps(message) if self.kept else b""
        chain = hashlib.sha256(self.chain + data).digest() if self.kept else b""
        kept = self.kept and b'"$callback"' not in data
        if not self.started:
            if kept and chain in JOURNAL:
                self.chain = chain
                self.pending.append((message, ticks))
                answer: dict[str, Any] = json.loads(JOURNAL[chain])
                return answer
            self._start_now()
        self.chain, self.kept = chain, kept
        served = len(self.callbacks)
        answer = super()._request(op, what, ticks=ticks, **fields)  # a failure of the process raises
        if self.kept:
            stored = wire.dumps(answer)
            # an answer that says the process ran out of time or exited says nothing of the reference
            if len(self.callbacks) != served or any(word in stored for word in FAILURES) \
                    or _SIZE[0] + len(stored) > MAX_BYTES:
                self.kept = False
            else:
                JOURNAL[chain] = stored
                _SIZE[0] += len(stored)
        return answer

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


class Reference(Submission):
    """The reference solution as the ``ref`` fixture sees it, its process journaled."""

    def __init__(self, path: Path, reference: Path | None = None, limits: Any = None) -> None:
        key = str(Path(path).resolve())
        stamp = Path(path).stat().st_mtime_ns
        self.process_type = lambda limits, forbidden: JournaledProcess(f"{key}@{stamp}", limits, forbidden)
        super().__init__(path, reference=reference, limits=limits)


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
