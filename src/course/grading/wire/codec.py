"""How a value crosses between the grader and a notebook's process: plain values, the package's
enums and frozen dataclasses, random states, interned objects and handles (:class:`Codec`)."""

from __future__ import annotations

import collections
import dataclasses
import enum
import functools
import importlib
import math
import random
from collections.abc import Callable
from typing import Any

#: lists and objects in one message: each costs its receiver about 100 bytes, so
#: 32 MB of ``[[],[],...]`` would take it more than 1 GB (brackets in strings count too)
MAX_CONTAINERS = 1 << 20



PACKAGE = "exercises"



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



def in_package(module: Any) -> bool:
    """True for the name of a module of the course package (never the grader's: it is ``course``)."""
    return isinstance(module, str) and (module == PACKAGE or module.startswith(PACKAGE + "."))



@functools.lru_cache(maxsize=4096)
def _package_class(module: str, qualname: str) -> type:
    if not in_package(module):
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
    if not in_package(target.__module__):  # reached through a module the package imports
        raise ProtocolError(f"{module}.{qualname} is not a class of the course package")
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
    if not in_package(getattr(cls, "__module__", "")):
        return False
    return issubclass(cls, enum.Enum) or is_frozen_dataclass(cls)



@functools.lru_cache(maxsize=4096)
def init_names(cls: type) -> tuple[str, ...]:
    """The names of a dataclass's init fields."""
    return tuple(f.name for f in dataclasses.fields(cls) if f.init)



def init_fields(value: Any) -> dict[str, Any]:
    """The init fields of a dataclass instance, by name."""
    kind: type = type(value)
    return {name: getattr(value, name) for name in init_names(kind)}



def enum_member(payload: Any) -> enum.Enum:
    """The real enum member an ``$enum`` tag names."""
    if not (isinstance(payload, list) and len(payload) in (3, 4) and isinstance(payload[2], str)):
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
    return built(package_class(payload[0], payload[1]), payload[1], payload[2], decode)


def built(cls: type, name: str, fields: dict[str, Any], decode: Callable[[Any], Any]) -> Any:
    """The frozen dataclass ``cls`` (called ``name``) built by its constructor from its
    encoded ``fields``."""
    if not is_frozen_dataclass(cls):
        raise ProtocolError(f"{name} is not a frozen dataclass")
    names = init_names(cls)
    if set(fields) != set(names):
        raise ProtocolError(f"{name} takes the fields {sorted(names)}")
    # in the order of the constructor's fields, the order they were encoded in: a value sent
    # once and then by number is decoded before its numbers, whatever the order of the JSON
    # object's keys (a stored file writes them sorted)
    values = {field: decode(fields[field]) for field in names}
    try:
        return cls(**values)
    except Exception as error:  # the package's own validation refused the fields
        raise ProtocolError(f"not a valid {name}: {type(error).__name__}: {error}") from None



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

    def forget_since(self, count: int) -> None:
        """Forget the values numbered after the first ``count``: an answer that was encoded
        but never sent (the receiver never got their numbers)."""
        for key in list(self.sent)[count:]:
            del self.sent[key]

    def reference(self, value: Any) -> dict[str, Any] | None:
        entry = self.sent.get(id(value))
        return {"$ref": entry[1]} if entry is not None and entry[0] is value else None

    def number(self, value: Any, fields: dict[str, Any]) -> list[int]:
        """``[n]`` for a value whose encoded fields are immutable (then remembered), else []."""
        if not all(is_immutable(item) for item in fields.values()):
            return []
        number = len(self.sent) + 1
        self.sent[id(value)] = (value, number)
        return [number]

    def store(self, payload: list[Any], value: Any) -> Any:
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



_PLAIN_ORDER = (bool, int, float, str, list, tuple, frozenset, set, dict)



_PLAIN_TYPES = frozenset(_PLAIN_ORDER)
#: the values that are sent as themselves whatever their size (ints only when not huge)
_SELF_ENCODED = frozenset({type(None), bool, str})
#: the JSON values that stand for themselves
SCALARS = frozenset({type(None), bool, int, float, str})

#: the standard library's dicts that the strict side sends as plain dicts (exactly these
#: types: a subclass of them may redefine what it holds), so that an answer the text types
#: as a dict may be a Counter, an OrderedDict or a defaultdict
_STANDARD_DICTS = frozenset({collections.Counter, collections.OrderedDict, collections.defaultdict})



_REFERENCES = ("$handle", "$callback")



#: collections nested deeper than this cross as a handle
MAX_DEPTH = 60
#: an int of fewer bits crosses as a number (about 3,600 digits at most); a larger one as a
#: handle: JSON writes an int as its digits, which Python refuses past 4,300 digits
INT_BITS = 12000



class Codec:
    """Values to and from the wire, for one side of a connection.

    ``strict`` (the notebook's side): only values of exactly a plain type are data, and a
    set or dict holding a reference is itself sent as a reference; the tests' side also
    converts subclasses of plain types. :meth:`encode_reference` and
    :meth:`encode_other` say how this side sends its own objects, :meth:`load_reference`
    how it takes the other side's references.
    """

    strict = True

    def __init__(self) -> None:
        self.interned = Interned()

    def encode_reference(self, value: Any, kind: type) -> dict[str, Any] | None:
        """The tag of a reference to the other side's object, or None."""
        return None

    def encode_other(self, value: Any) -> dict[str, Any]:
        """The tag of an object that is not data (a reference kept on this side)."""
        raise NotImplementedError

    def load_reference(self, tag: str, payload: Any) -> Any:
        """The object a reference tag names on this side."""
        raise ProtocolError(f"unknown tag {tag!r}")

    def _plain_kind(self, value: Any, kind: type) -> type | None:
        if self.strict:
            return kind if kind in _PLAIN_TYPES else dict if kind in _STANDARD_DICTS else None
        return next((base for base in _PLAIN_ORDER if isinstance(value, base)), None)

    def encode(self, value: Any, depth: int = 0) -> Any:
        """A value of this side as JSON with tags."""
        kind = type(value)
        if value is None or kind is bool or kind is str:
            return value
        if kind is int:  # never a reference, nor a package type
            return value if value.bit_length() < INT_BITS else self.encode_other(value)
        if (kind is tuple or kind is list) and depth < MAX_DEPTH:  # never a reference: the common case first
            return self._encode_collection(value, kind, depth + 1)
        reference = self.encode_reference(value, kind)
        if reference is not None:
            return reference
        if is_package_type(kind):
            known = self.interned.reference(value)
            if known is not None:
                return known
            module, qualname = qualified(kind)
            if isinstance(value, enum.Enum):  # numbered: sent once in full, then as $ref
                return {"$enum": [module, qualname, value.name, *self.interned.number(value, {})]}
            fields = {name: self.encode(item, depth + 1) for name, item in init_fields(value).items()}
            return {"$data": [module, qualname, fields, *self.interned.number(value, fields)]}
        plain = self._plain_kind(value, kind)
        if plain is bool or plain is str:
            return plain(value)
        if plain is int:
            return int(value) if value.bit_length() < INT_BITS else self.encode_other(value)
        if plain is float:
            return encode_float(float(value))
        if plain is not None and depth < MAX_DEPTH:
            return self._encode_collection(value, plain, depth + 1)
        if kind is random.Random:
            return {"$random": random_state(value)}
        return self.encode_other(value)

    def _encode_collection(self, value: Any, plain: type, depth: int) -> Any:
        if plain is list:
            return self._encode_items(value, depth)
        if plain is tuple:
            return {"$tuple": self._encode_items(value, depth)}
        if plain is dict:
            keys = self._encode_items(value, depth)
            if self.strict and any(_is_reference(key) for key in keys):
                return self.encode_other(value)
            return {"$dict": [[key, self.encode(item, depth)] for key, item in zip(keys, value.values())]}
        items = self._encode_items(value, depth)
        if self.strict and any(_is_reference(item) for item in items):
            return self.encode_other(value)
        return {"$set" if plain is set else "$frozenset": items}

    def _encode_items(self, items: Any, depth: int) -> list[Any]:
        """The items of a collection, encoded in order (strings, small ints, True, False and
        None are themselves)."""
        encode = self.encode
        return [item if type(item) in _SELF_ENCODED or (type(item) is int and item.bit_length() < INT_BITS)
                else encode(item, depth) for item in items]

    def load(self, value: Any) -> Any:
        """A value of the other side, as an object of this side."""
        kind = type(value)
        if kind in SCALARS:
            return value
        if kind is list:
            return self._load_items(value)
        if kind is not dict or len(value) < 1:
            raise ProtocolError("a value is neither JSON data nor a tag")
        if len(value) != 1:
            if "$handle" in value and "type" in value and len(value) == 2:  # a handle and its type name
                return self.load_reference("$handle", value)
            raise ProtocolError("a tag with extra keys")
        (tag, payload), = value.items()
        if tag in ("$tuple", "$set", "$frozenset", "$dict") and type(payload) is not list:
            raise ProtocolError(f"bad {tag}")
        if tag == "$tuple":
            return tuple(self._load_items(payload))
        if tag == "$set":
            return set(self._load_items(payload))
        if tag == "$frozenset":
            return frozenset(self._load_items(payload))
        if tag == "$dict":
            if not all(type(pair) is list and len(pair) == 2 for pair in payload):
                raise ProtocolError("bad $dict")
            keys = [self.load(key) for key, _ in payload]  # as they were encoded: the keys first
            return {key: self.load(item) for key, (_, item) in zip(keys, payload)}
        if tag == "$float":
            return decode_float(payload)
        if tag == "$enum":
            return self.interned.store(payload, enum_member(payload))
        if tag == "$data":
            return self.interned.store(payload, dataclass_value(payload, self.load))
        if tag == "$ref":
            return self.interned.get(payload)
        if tag == "$random":
            return self.load_random(payload)
        return self.load_reference(tag, payload)

    def load_random(self, payload: Any) -> random.Random:
        """The ``random.Random`` a ``$random`` tag sends: a copy of the other side's."""
        return random_copy(payload)

    def _load_items(self, items: list[Any]) -> list[Any]:
        """The items of a list, tuple or set, in order (JSON scalars are themselves)."""
        load = self.load
        return [item if type(item) in SCALARS else load(item) for item in items]



def _is_reference(encoded: Any) -> bool:
    return type(encoded) is dict and any(tag in encoded for tag in _REFERENCES)



def qualified(cls: type) -> list[str]:
    """``[module, qualname]`` of a class."""
    return [str(getattr(cls, "__module__", "?")), str(getattr(cls, "__qualname__", "?"))]



def containers(data: bytes) -> int:
    """How many JSON lists and objects a message holds, at most (a bound read from its bytes)."""
    return data.count(b"[") + data.count(b"{")
