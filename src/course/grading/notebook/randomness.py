"""Randomness accounted for: a call that is given a ``random.Random`` draws from it alone.

The worksheets' text gives every function or object that plays a game an rng, so that a
seeded game replays. A call that was handed one (an argument, or the object whose method
is called, holds a ``random.Random``) and that draws from anything else (the module
``random``'s own generator, ``secrets``, ``random.SystemRandom``, ``os.urandom``) fails
its test, and the failure names the call: the draw matches the reference only by luck,
and the game no longer replays.

:class:`Watch` notes those draws while a request of the grader runs in the notebook's
process; the notebook's code cannot tell it is watched (every draw is made as usual).
"""

from __future__ import annotations

import itertools
import os
import random
import types
from typing import Any

#: the sources a watched call may not draw from, as the failure names them
MODULE = "the module random"
SYSTEM = "the system's random bytes (secrets, random.SystemRandom or os.urandom)"
#: the failure of a test, by the source drawn from (``{what}``: the call)
DREW = {
    MODULE: "{what} drew from the module random, but it is given a random.Random: "
            "every draw must come from that rng, so that a seeded game replays",
    SYSTEM: "{what} drew from secrets, random.SystemRandom or os.urandom, but it is given a "
            "random.Random: every draw must come from that rng, so that a seeded game replays",
}


def sentence(source: object) -> str:
    """The failure's sentence for a draw from ``source`` (the notebook's word for it)."""
    return DREW.get(source, DREW[MODULE]) if isinstance(source, str) else DREW[MODULE]


#: values that hold nothing
_SCALARS = frozenset({type(None), bool, int, float, str, bytes})


#: the attributes or items of one object looked at (a game's players, a kingdom's rows:
#: a few; a list of a million numbers handed in is not walked)
LOOKED_AT = 64


def holds_rng(value: Any, depth: int = 3) -> bool:
    """True when ``value`` is a ``random.Random``, or holds one within ``depth`` steps
    through attributes and the items of lists and tuples (a game's players' rngs; the
    object of a bound method), among the first :data:`LOOKED_AT` of each: the calls it
    makes are given that rng."""
    if type(value) is random.Random:
        return True
    if depth == 0 or type(value) in _SCALARS:
        return False
    if type(value) is types.MethodType:
        value = value.__self__
    if type(value) in (list, tuple):
        items: Any = value
    else:
        try:
            attributes = object.__getattribute__(value, "__dict__")
        except (AttributeError, TypeError):
            return False
        if type(attributes) is not dict:
            return False
        items = attributes.values()
    return any(holds_rng(item, depth - 1) for item in itertools.islice(items, LOOKED_AT))


class Watch:
    """The draws from other sources than the given rng, while one request runs.

    ``with watch:`` around the request; then :attr:`drew` names the first source drawn
    from, or is empty. The module ``random``'s generator is compared before and after
    (a draw, a ``seed()`` or a ``setstate()`` changes it); the system's random bytes are
    noted as they are read.
    """

    _SYSTEM_METHODS = ("random", "getrandbits", "randbytes")

    def __init__(self) -> None:
        self.drew = ""
        self._state: Any = None
        self._saved: dict[str, Any] = {}

    def __enter__(self) -> Watch:
        self.drew = ""
        self._state = random.getstate()
        self._saved = {"urandom": os.urandom}
        os.urandom = self._system(os.urandom)
        for name in self._SYSTEM_METHODS:
            original = vars(random.SystemRandom)[name]
            self._saved[name] = original
            setattr(random.SystemRandom, name, self._system(original))
        return self

    def __exit__(self, *exc: object) -> None:
        os.urandom = self._saved.pop("urandom")
        for name, original in self._saved.items():
            setattr(random.SystemRandom, name, original)
        self._saved = {}
        if not self.drew and random.getstate() != self._state:
            self.drew = MODULE
        self._state = None

    def _system(self, original: Any) -> Any:
        watch = self

        def drawn(*args: Any, **kwargs: Any) -> Any:
            watch.drew = watch.drew or SYSTEM
            return original(*args, **kwargs)

        return drawn
