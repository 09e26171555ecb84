"""The wire: every message between the grader's processes, and how each crosses.

=====================================  ==========================================
channel                                what crosses, and how
=====================================  ==========================================
``course grade`` -> grading process    a task (:class:`GradingTask`), a frame on
                                       the process's stdin; ``{"exit": code}``
                                       back, a frame on its stdout
pytest plugin -> ``course grade``      the grading report (:class:`GradingReport`),
                                       a JSON file (:mod:`.report`)
grading process <-> zygote             ``spawn``, ``kill``, ``status``: one frame
                                       per ``SOCK_SEQPACKET`` packet, a socket
                                       passed along with ``spawn``
                                       (:func:`send_packet`, :func:`receive_packet`)
grading process <-> notebook process   requests, answers and values: frames on a
                                       socket (:class:`Channel`, :class:`Codec`)
instructor <-> Dask worker             the grading bundle (:func:`pack`,
                                       :func:`unpack`), a task's report back
=====================================  ==========================================

A *frame* is 4 bytes of length (big endian), then that many bytes of UTF-8 JSON, an
object. Nothing else ever crosses: no pickle, no code (but the grader's own compiled
reference code, see ``define``). On the notebook's socket a request is
``{"id": n, "op": ..., ...}``; its answer ``{"re": n, "ok": value}`` or
``{"re": n, "error": {...}}`` (:func:`error_answer`, :func:`rebuild_exception`). While
a side waits for its answer it serves the other side's requests, so calls nest both
ways (a test calls the notebook, which calls a test's player, which calls the notebook
again). While it evaluates a batch of cases (``eval_cases``), the notebook's side may
send ``{"tick": i}``: case ``i`` started, and has a call's time from now.

Values are JSON with tags, each a one-key object (a JSON object is never a plain dict):

======================  ===============================================
``{"$tuple": [...]}``   a tuple (a JSON list is a list)
``{"$set": [...]}``     a set (``$frozenset`` a frozenset)
``{"$dict": [[k, v]]}`` a dict (keys of any plain type)
``{"$float": "nan"}``   a float that JSON cannot spell (nan, inf, -inf)
``{"$enum": [m, q, n]}``  member ``n`` of the package's enum ``q`` in module ``m``
                        (a fourth item numbers it: sent once per connection)
``{"$data": [m, q, f]}``  the package's frozen dataclass ``q`` built as ``cls(**f)``
                        (a fourth item ``n`` numbers it when it is immutable)
``{"$random": state}``  a copy of a ``random.Random``
``{"$ref": n}``         the immutable package value sent before with number ``n``
``{"$handle": n}``      an object of the notebook's process, known by number
``{"$callback": n}``    an object of the tests' process, known by number
======================  ===============================================

Classes named by ``$enum`` and ``$data`` are looked up in the receiver's own import
of the package (modules ``exercises.*`` only) and must be, there, an enum or a frozen
dataclass: what the sender claims decides nothing else.
"""


from __future__ import annotations

import builtins
import gzip
import hashlib
import io
import json
import os
import select
import shutil
import socket
import struct
import tarfile
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .codec import (
    MAX_CONTAINERS,
    ProtocolError,
    containers,
    in_package,
    package_class,
    qualified,
)
from .report import GradingReport as GradingReport
from .report import NotebookReport as NotebookReport
from .report import TestReport as TestReport
from .report import read_report as read_report
from .report import write_report as write_report

try:  # the grade extra's JSON writer: about six times as fast as the standard library's
    import orjson
except ImportError:  # pragma: no cover - without it, the standard library writes the same messages
    orjson = None  # type: ignore[assignment]
#: dataclasses and dates are not JSON: orjson refuses them, as the standard library does
_ORJSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME if orjson else 0
#: what :func:`dumps` tries first (None: the standard library alone, see :func:`standard_writer`)
_FAST: Any = orjson

MAX_MESSAGE = 32 << 20
_HEADER = struct.Struct(">I")
MESSAGE_CHARS = 2000  #: an error's message is cut there
MAX_PACKET = 1 << 16  #: the zygote's packets (a spawn request, an answer)


class ChannelClosed(ConnectionError):
    """The other side closed the connection (its process ended)."""


class ChannelTimeout(TimeoutError):
    """No answer came before the deadline."""


# ----------------------------------------------------------------------------- frames


def dumps(message: dict[str, Any]) -> bytes:
    """A message as the bytes of one frame's body (ProtocolError if it cannot be sent).

    Written by orjson when it is installed and can write it (in the grader's processes, not
    in a notebook's: :func:`standard_writer`), else by :func:`canonical`:
    the same JSON, but for how it spells a float and a string's non-ASCII characters (raw
    UTF-8), which read back as the same values. What orjson refuses (an int of more than 64
    bits, a lone surrogate, a key that is not a string, nesting deeper than 255) the
    standard library writes, or refuses, as it always did. orjson writes a float that JSON
    cannot spell as ``null``, and an enum member as its value: a message holds neither (the
    codec tags them, and the limits that cross are checked finite where they are given).
    """
    data = None
    if _FAST is not None:
        try:
            data = _FAST.dumps(message, option=_ORJSON_OPTIONS)
        except _FAST.JSONEncodeError:
            data = None
    if data is None:
        data = canonical(message)
    if len(data) > MAX_MESSAGE:
        raise ProtocolError(
            f"a value of {len(data) >> 20} MB is too large to send to the grader "
            f"(the limit is {MAX_MESSAGE >> 20} MB)"
        )
    if containers(data) > MAX_CONTAINERS:
        raise ProtocolError(
            f"a value of more than {MAX_CONTAINERS} lists, tuples, sets and dicts is too "
            "large to send to the grader"
        )
    return data


def standard_writer() -> None:
    """Write this process's messages with the standard library alone: a notebook's process,
    whose memory is limited, where orjson failing to allocate (a 100 MB string handed back)
    ends the process instead of raising MemoryError."""
    global _FAST
    _FAST = None


def canonical(message: Any) -> bytes:
    """A message as the standard library writes it (ASCII, no spaces): bytes that do not
    depend on what is installed, for a digest (ProtocolError if it cannot be written)."""
    try:
        return json.dumps(message, separators=(",", ":"), allow_nan=False).encode()
    except (ValueError, TypeError, RecursionError) as error:
        raise ProtocolError(f"a value cannot be sent: {error}") from None


def loads(data: bytes) -> dict[str, Any]:
    """The message of a frame's body (ProtocolError if it is not one)."""
    if containers(data) > MAX_CONTAINERS:
        raise ProtocolError(f"a message of more than {MAX_CONTAINERS} lists and objects")
    try:
        message = json.loads(data)
    except (ValueError, RecursionError):
        raise ProtocolError("a message is not valid JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is not a JSON object")
    return message


def frame(message: dict[str, Any]) -> bytes:
    """A message as one frame: its length, then its JSON."""
    data = dumps(message)
    return _HEADER.pack(len(data)) + data


def frame_size(header: bytes) -> int:
    """The length a frame's header announces (ProtocolError when it is over the limit)."""
    size: int
    (size,) = _HEADER.unpack(header)
    if size > MAX_MESSAGE:
        raise ProtocolError(f"a message of {size} bytes is over the limit")
    return size


def unframe(packet: bytes) -> dict[str, Any]:
    """The message of a packet that holds exactly one frame (the zygote's socket)."""
    if len(packet) < _HEADER.size or frame_size(packet[:_HEADER.size]) != len(packet) - _HEADER.size:
        raise ProtocolError("a packet is not one whole frame")
    return loads(packet[_HEADER.size:])


def send_packet(sock: socket.socket, message: dict[str, Any], fds: list[int] | None = None) -> None:
    """Send a message as one frame in one packet (``SOCK_SEQPACKET``), with file descriptors."""
    socket.send_fds(sock, [frame(message)], fds or [])


def receive_packet(sock: socket.socket) -> tuple[dict[str, Any] | None, list[int]]:
    """The message of the next packet (None: the other side closed) and the descriptors it brought."""
    data, fds, _flags, _address = socket.recv_fds(sock, MAX_PACKET, 4)
    return (unframe(data) if data else None), fds


def write_frame(fd: int, message: dict[str, Any]) -> None:
    """Write a message as a frame on a pipe (OSError if the other end is gone)."""
    data = memoryview(frame(message))
    while data:
        data = data[os.write(fd, data):]


def read_frame(fd: int, deadline: float | None = None) -> dict[str, Any] | None:
    """The next message on a pipe; None at its end or when ``deadline`` passes first."""
    header = _read_exactly(fd, _HEADER.size, deadline)
    if header is None:
        return None
    body = _read_exactly(fd, frame_size(header), deadline)
    return None if body is None else loads(body)


def _read_exactly(fd: int, size: int, deadline: float | None) -> bytes | None:
    chunks = bytearray()
    while len(chunks) < size:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
        chunk = os.read(fd, size - len(chunks))
        if not chunk:
            return None
        chunks += chunk
    return bytes(chunks)


# ----------------------------------------------------------------------------- errors


def error_answer(error: BaseException) -> dict[str, Any]:
    """The answer to a request whose handling raised ``error``.

    ``{"error": {"kind": "exit"}}`` for ``sys.exit``, ``"stop"`` for the end of an
    iteration, else ``"exception"`` with the exception's classes (``[module, qualname]``,
    most derived first) and its message. (``"timeout"`` and ``"protocol"`` are the
    notebook's process's own.)
    """
    if isinstance(error, SystemExit):
        return {"error": {"kind": "exit", "message": f"sys.exit({error.code!r})"[:200]}}
    if isinstance(error, StopIteration):
        return {"error": {"kind": "stop"}}
    try:
        message = str(error)[:MESSAGE_CHARS]
    except BaseException:  # noqa: BLE001 - a notebook's __str__ may raise anything
        message = "(its message could not be shown)"
    types = [qualified(cls) for cls in type(error).__mro__]
    return {"error": {"kind": "exception", "types": types, "message": message}}


def rebuild_exception(error: Any, otherwise: Callable[[str, str], BaseException]) -> BaseException:
    """This process's exception for an ``"exception"`` error answer of the other side.

    Its type is the first of the error's classes known here as an ``Exception``: a
    built-in or a class of the package (so the other side can never raise
    ``KeyboardInterrupt`` or ``SystemExit`` here); its message the other side's. When no
    class is known, ``otherwise(first class name, message)``.
    """
    error = error if isinstance(error, dict) else {}
    message = str(error.get("message", ""))[:MESSAGE_CHARS]
    names = error.get("types", [])
    names = names if isinstance(names, list) else []
    for entry in names:
        if not (isinstance(entry, list) and len(entry) == 2):
            continue
        module, name = entry
        cls: Any = None
        if module == "builtins" and isinstance(name, str):
            cls = getattr(builtins, name, None)
        elif in_package(module):
            try:
                cls = package_class(module, name)
            except ProtocolError:
                cls = None
        if isinstance(cls, type) and issubclass(cls, Exception):
            instance = cls.__new__(cls)
            BaseException.__init__(instance, message)
            return instance
    first = names[0][1] if names and isinstance(names[0], list) and len(names[0]) == 2 else "?"
    return otherwise(str(first)[:100], message)


# ----------------------------------------------------------------------------- the notebook's socket


#: requests of the other side this process served (in the grader: the notebooks' callbacks)
SERVED = [0]


class Channel:
    """One end of a connection: send and receive messages, nest requests both ways."""

    def __init__(self, sock: socket.socket, handler: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        self.sock = sock
        self.handler = handler
        self.next_id = 0
        self.in_io = False
        self.closed = False
        #: called with the deadline when the other side says it is alive (``{"tick": n}``,
        #: see the notebook's ``eval_cases``); returns the new deadline
        self.on_tick: Callable[[Any, float | None], float | None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        data = frame(message)
        self.in_io = True
        try:
            self.sock.sendall(data)
        except OSError as error:
            self.closed = True
            raise ChannelClosed(str(error)) from None
        finally:
            self.in_io = False

    def _read(self, size: int, deadline: float | None) -> bytes:
        chunks = bytearray()
        while len(chunks) < size:
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise ChannelTimeout("no answer in time")
                self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(min(size - len(chunks), 1 << 20))
            except TimeoutError:
                raise ChannelTimeout("no answer in time") from None
            except OSError as error:
                self.closed = True
                raise ChannelClosed(str(error)) from None
            if not chunk:
                self.closed = True
                raise ChannelClosed("the other side closed the connection")
            chunks += chunk
        return bytes(chunks)

    def receive(self, deadline: float | None = None) -> dict[str, Any]:
        self.in_io = True
        try:
            data = self._read(frame_size(self._read(_HEADER.size, deadline)), deadline)
        finally:
            self.in_io = False
        return loads(data)

    def request(self, op: str, deadline: float | None = None, **fields: Any) -> dict[str, Any]:
        """Send a request and serve the other side until its answer comes; the answer."""
        return self.answer(self.ask(op, **fields), deadline)

    def ask(self, op: str, **fields: Any) -> int:
        """Send a request; its number, for :meth:`answer`."""
        self.next_id += 1
        number = self.next_id
        self.send({"id": number, "op": op, **fields})
        return number

    def answer(self, number: int, deadline: float | None = None) -> dict[str, Any]:
        """Serve the other side until the answer to request ``number`` comes; the answer."""
        while True:
            message = self.receive(deadline)
            if "re" in message:
                if message["re"] != number:
                    raise ProtocolError("an answer to a request that was not asked")
                return message
            if "tick" in message:
                if self.on_tick is None:
                    raise ProtocolError("a tick that was not expected")
                deadline = self.on_tick(message["tick"], deadline)
                continue
            self.serve_one(message)

    def serve_one(self, message: dict[str, Any]) -> None:
        """Handle one request of the other side and send its answer."""
        number = message.get("id")
        if type(number) is not int or not isinstance(message.get("op"), str):
            raise ProtocolError("a request without id or op")
        SERVED[0] += 1
        answer = self.handler(message)
        try:
            self.send({"re": number, **answer})
        except ProtocolError as error:  # an answer too large to send: say so instead
            self.send({"re": number, **error_answer(ValueError(str(error)))})


# ----------------------------------------------------------------------------- grading processes


@dataclass(frozen=True)
class GradingOptions:
    """How a grading process grades one notebook: its limits, and what runs beside the hidden tests."""

    call_seconds: float  #: wall time of one cell or one call from a test
    memory_mb: int  #: memory the notebook may allocate
    checks: bool = False  #: run the notebook's public checks too, and record their verdicts
    cascade: bool = True  #: grade an exercise with the given code in place of a failing earlier one
    only: str | None = None  #: the one exercise to grade (None: all of them)


@dataclass(frozen=True)
class GradingTask:
    """What a grading process is sent to grade one notebook (a frame on its stdin, :meth:`message`)."""

    root: Path  #: the course folder
    module: Path  #: the worksheet's hidden test module
    notebook: Path
    report: Path  #: where the grading report is written (:func:`write_report`)
    options: GradingOptions

    def message(self) -> dict[str, Any]:
        """The task as a frame's JSON object."""
        return {"root": str(self.root), "module": str(self.module), "notebook": str(self.notebook),
                "report": str(self.report), "options": asdict(self.options)}

    @classmethod
    def of_message(cls, message: dict[str, Any]) -> GradingTask:
        """The task a frame holds (ProtocolError when it is not one)."""
        try:
            return cls(Path(message["root"]), Path(message["module"]), Path(message["notebook"]),
                       Path(message["report"]), GradingOptions(**message["options"]))
        except (KeyError, TypeError) as error:
            raise ProtocolError(f"not a grading task: {error}") from None


# ----------------------------------------------------------------------------- the cluster's bundle

#: what a cluster worker needs to grade: hidden tests (and their strategies), solutions,
#: pytest's configuration
BUNDLED = ("solutions/*.ipynb", "tests/grading/*.py", "tests/grading/*/*.py", "tests/grading/cases/*.json",
           "pyproject.toml")


def pack(root: Path) -> tuple[bytes, str]:
    """The grading bundle of a course folder (a tar.gz of :data:`BUNDLED`) and its checksum.

    The archive is the same for the same files (sorted, no times, no owners), so its
    checksum names it on every worker.
    """
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0) as zipped, \
            tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as archive:
        files = sorted({path for pattern in BUNDLED for path in root.glob(pattern) if path.is_file()})
        for path in files:
            info = tarfile.TarInfo(path.relative_to(root).as_posix())
            data = path.read_bytes()
            info.size, info.mode = len(data), 0o644
            archive.addfile(info, io.BytesIO(data))
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()


def unpack(data: bytes, digest: str) -> Path:
    """The bundle's folder on this worker, unpacked once (checked against its checksum)."""
    folder = Path(tempfile.gettempdir()) / "tabletop-grading" / digest
    if (folder / ".complete").exists():
        return folder
    if hashlib.sha256(data).hexdigest() != digest:
        raise ValueError("the grading bundle arrived damaged (its checksum does not match)")
    folder.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=f"{digest}.", dir=folder.parent))
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        archive.extractall(partial, filter="data")
    (partial / ".complete").touch()
    try:
        partial.rename(folder)
    except OSError:  # another task of this worker unpacked it first
        shutil.rmtree(partial, ignore_errors=True)
    return folder
