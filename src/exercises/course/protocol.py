"""The wire between the grader and a graded notebook's process: length-prefixed JSON.

Every message is a JSON object, sent as 4 bytes of length (big endian) and then that
many bytes of UTF-8. Nothing else ever crosses: no pickle, no code. A request is
``{"id": n, "op": ..., ...}``; its answer ``{"re": n, "ok": value}`` or
``{"re": n, "error": {...}}``. While a side waits for its answer it serves the other
side's requests, so calls nest both ways (a test calls the notebook, which calls a
test's player, which calls the notebook again).

Values are JSON with tags, each a one-key object (a JSON object is never a plain dict):

======================  ===============================================
``{"$tuple": [...]}``   a tuple (a JSON list is a list)
``{"$set": [...]}``     a set (``$frozenset`` a frozenset)
``{"$dict": [[k, v]]}`` a dict (keys of any plain type)
``{"$float": "nan"}``   a float that JSON cannot spell (nan, inf, -inf)
``{"$enum": [m, q, n]}``  member ``n`` of the package's enum ``q`` in module ``m``
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

import dataclasses
import enum
import functools
import importlib
import json
import math
import random
import socket
import struct
import time
from collections.abc import Callable
from typing import Any

MAX_MESSAGE = 32 << 20
_HEADER = struct.Struct(">I")
PACKAGE = "exercises"


class ChannelClosed(ConnectionError):
    """The other side closed the connection (its process ended)."""


class ChannelTimeout(TimeoutError):
    """No answer came before the deadline."""


class ProtocolError(ValueError):
    """A message that breaks the protocol (too large, not JSON, unknown tag)."""


def encode_float(value: float) -> Any:
    """A float as JSON: itself when finite, else a tag."""
    return value if math.isfinite(value) else {"$float": repr(value)}


def decode_float(text: Any) -> float:
    """The float of a ``$float`` tag."""
    if text not in ("nan", "inf", "-inf"):
        raise ProtocolError(f"bad float {text!r}")
    return float(text)


def package_class(module: Any, qualname: Any) -> type:
    """The package's class ``module.qualname``, from this process's own import."""
    if not (isinstance(module, str) and isinstance(qualname, str)):
        raise ProtocolError("a class is named by two strings")
    return _package_class(module, qualname)


@functools.lru_cache(maxsize=4096)
def _package_class(module: str, qualname: str) -> type:
    if not (isinstance(module, str) and isinstance(qualname, str)):
        raise ProtocolError("a class is named by two strings")
    if not (module == PACKAGE or module.startswith(PACKAGE + ".")) or module.startswith(
        PACKAGE + ".course"
    ):
        raise ProtocolError(f"{module} is not a module of the course package")
    try:
        target: Any = importlib.import_module(module)
    except ImportError:
        raise ProtocolError(f"no module {module}") from None
    for part in qualname.split("."):
        if not part or part.startswith("_"):
            raise ProtocolError(f"bad class name {qualname!r}")
        target = getattr(target, part, None)
    if not isinstance(target, type):
        raise ProtocolError(f"{module}.{qualname} is not a class")
    return target


def is_frozen_dataclass(cls: type) -> bool:
    """True for a frozen dataclass."""
    params = getattr(cls, "__dataclass_params__", None)
    return dataclasses.is_dataclass(cls) and params is not None and params.frozen


def is_package_type(cls: type) -> bool:
    """True for the package's enums and frozen dataclasses (they cross by value)."""
    try:
        return _is_package_type(cls)
    except TypeError:  # a class that cannot be hashed
        return False


@functools.lru_cache(maxsize=4096)
def _is_package_type(cls: type) -> bool:
    module = getattr(cls, "__module__", "") or ""
    if not module.startswith(PACKAGE + "."):
        return False
    return issubclass(cls, enum.Enum) or is_frozen_dataclass(cls)


@functools.lru_cache(maxsize=4096)
def init_names(cls: type) -> tuple[str, ...]:
    """The names of a dataclass's init fields."""
    return tuple(f.name for f in dataclasses.fields(cls) if f.init)


def init_fields(value: Any) -> dict[str, Any]:
    """The init fields of a dataclass instance, by name."""
    return {name: getattr(value, name) for name in init_names(type(value))}


def enum_member(payload: Any) -> enum.Enum:
    """The real enum member an ``$enum`` tag names."""
    if not (isinstance(payload, list) and len(payload) == 3 and isinstance(payload[2], str)):
        raise ProtocolError("bad $enum")
    cls = package_class(payload[0], payload[1])
    if not issubclass(cls, enum.Enum):
        raise ProtocolError(f"{payload[1]} is not an enum of the package")
    try:
        return cls[payload[2]]
    except KeyError:
        raise ProtocolError(f"{payload[1]} has no member {payload[2]!r}") from None


def dataclass_value(payload: Any, decode: Callable[[Any], Any]) -> Any:
    """The real frozen dataclass a ``$data`` tag describes, built by its constructor."""
    if not (isinstance(payload, list) and len(payload) in (3, 4) and isinstance(payload[2], dict)):
        raise ProtocolError("bad $data")
    cls = package_class(payload[0], payload[1])
    if not is_frozen_dataclass(cls):
        raise ProtocolError(f"{payload[1]} is not a frozen dataclass of the package")
    names = set(init_names(cls))
    if set(payload[2]) != names:
        raise ProtocolError(f"{payload[1]} takes the fields {sorted(names)}")
    fields = {name: decode(item) for name, item in payload[2].items()}
    try:
        return cls(**fields)
    except Exception as error:  # the package's own validation refused the fields
        raise ProtocolError(f"not a valid {payload[1]}: {type(error).__name__}: {error}") from None


def is_immutable(encoded: Any) -> bool:
    """True when an encoded value can never change (so it may be sent once, then by number)."""
    kind = type(encoded)
    if encoded is None or kind in (bool, int, float, str):
        return True
    if kind is not dict or len(encoded) != 1:
        return False
    (tag, payload), = encoded.items()
    if tag in ("$tuple", "$frozenset"):
        return all(is_immutable(item) for item in payload)
    if tag == "$data":
        return len(payload) == 4  # numbered when it was found immutable
    return tag in ("$enum", "$float", "$ref", "$handle", "$callback")


class Interned:
    """Immutable package values of one connection: sent once in full, then as ``$ref``.

    The sender knows its values by identity (and keeps them alive, so an identity is
    never reused); the receiver keeps what it rebuilt by number, and refuses a number
    given twice.
    """

    def __init__(self) -> None:
        self.sent: dict[int, tuple[Any, int]] = {}
        self.received: dict[int, Any] = {}

    def reference(self, value: Any) -> dict | None:
        entry = self.sent.get(id(value))
        return {"$ref": entry[1]} if entry is not None and entry[0] is value else None

    def number(self, value: Any, fields: dict) -> list:
        """``[n]`` for a value whose encoded fields are immutable (then remembered), else []."""
        if not all(is_immutable(item) for item in fields.values()):
            return []
        number = len(self.sent) + 1
        self.sent[id(value)] = (value, number)
        return [number]

    def store(self, payload: list, value: Any) -> Any:
        if len(payload) == 4:
            number = payload[3]
            if type(number) is not int or number in self.received:
                raise ProtocolError("a bad value number")
            self.received[number] = value
        return value

    def get(self, number: Any) -> Any:
        if type(number) is not int or number not in self.received:
            raise ProtocolError("an unknown value number")
        return self.received[number]


def random_state(value: random.Random) -> Any:
    """A Random's state as JSON."""
    version, internal, gauss = value.getstate()
    return [version, list(internal), encode_float(gauss) if gauss is not None else None]


def random_copy(payload: Any) -> random.Random:
    """A new Random with the state of a ``$random`` tag."""
    try:
        version, internal, gauss = payload
        if isinstance(gauss, dict):
            gauss = decode_float(gauss.get("$float"))
        if not all(type(n) is int for n in internal) or not (gauss is None or type(gauss) in (int, float)):
            raise TypeError
        copy = random.Random()
        copy.setstate((version, tuple(internal), gauss))
        return copy
    except (TypeError, ValueError):
        raise ProtocolError("bad $random state") from None


def qualified(cls: type) -> list[str]:
    """``[module, qualname]`` of a class."""
    return [str(getattr(cls, "__module__", "?")), str(getattr(cls, "__qualname__", "?"))]


class Channel:
    """One end of a connection: send and receive messages, nest requests both ways."""

    def __init__(self, sock: socket.socket, handler: Callable[[dict], dict]) -> None:
        self.sock = sock
        self.handler = handler
        self.next_id = 0
        self.in_io = False
        self.closed = False

    def send(self, message: dict) -> None:
        try:
            data = json.dumps(message, separators=(",", ":"), allow_nan=False).encode()
        except (ValueError, TypeError, RecursionError) as error:
            raise ProtocolError(f"a value cannot be sent: {error}") from None
        if len(data) > MAX_MESSAGE:
            raise ProtocolError(
                f"a value of {len(data) >> 20} MB is too large to send to the grader "
                f"(the limit is {MAX_MESSAGE >> 20} MB)"
            )
        self.in_io = True
        try:
            self.sock.sendall(_HEADER.pack(len(data)) + data)
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
            except socket.timeout:
                raise ChannelTimeout("no answer in time") from None
            except OSError as error:
                self.closed = True
                raise ChannelClosed(str(error)) from None
            if not chunk:
                self.closed = True
                raise ChannelClosed("the other side closed the connection")
            chunks += chunk
        return bytes(chunks)

    def receive(self, deadline: float | None = None) -> dict:
        self.in_io = True
        try:
            (size,) = _HEADER.unpack(self._read(_HEADER.size, deadline))
            if size > MAX_MESSAGE:
                raise ProtocolError(f"a message of {size} bytes is over the limit")
            try:
                message = json.loads(self._read(size, deadline))
            except (ValueError, RecursionError):
                raise ProtocolError("a message is not valid JSON") from None
        finally:
            self.in_io = False
        if not isinstance(message, dict):
            raise ProtocolError("a message is not a JSON object")
        return message

    def request(self, op: str, deadline: float | None = None, **fields: Any) -> dict:
        """Send a request and serve the other side until its answer comes; the answer."""
        self.next_id += 1
        number = self.next_id
        self.send({"id": number, "op": op, **fields})
        while True:
            message = self.receive(deadline)
            if "re" in message:
                if message["re"] != number:
                    raise ProtocolError("an answer to a request that was not asked")
                return message
            self.serve_one(message)

    def serve_one(self, message: dict) -> None:
        """Handle one request of the other side and send its answer."""
        number = message.get("id")
        if type(number) is not int or not isinstance(message.get("op"), str):
            raise ProtocolError("a request without id or op")
        answer = self.handler(message)
        try:
            self.send({"re": number, **answer})
        except ProtocolError as error:  # an answer too large to send: say so instead
            types = [["builtins", "ValueError"], ["builtins", "Exception"]]
            self.send({"re": number, "error": {"kind": "exception", "types": types, "message": str(error)}})
