"""Many calls of one of the notebook's functions in one request, given back one by one as the
calls themselves would have answered: a hidden test's loop of calls, without a round trip each.

``for got in calls(sub.sort3_desc, throws)`` asks the notebook's process for every call at once
(:mod:`.many`: each call with a call's time of its own, in order) and gives back each value in
turn; a call that raised raises there, when the loop reaches it. Feedback names each call as a
direct call names it (``sort3_desc(6, 1, 6)``), so that a test's assertion that fails says the
call it failed on. A call that runs past its time or ends the process fails the test when the
request is made, as a direct call would when the loop came to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..notebook import many
from .handle import TRACE, Handle, shown


def calls(function: Any, arguments: Iterable[tuple[Any, ...]]) -> Iterator[Any]:
    """``function(*args)`` for each ``args`` (``function``: a handle, say ``sub.sort3_desc``),
    all in one request; each value given back in order (each exception raised) as that call
    would have given it."""
    if type(function) is not Handle:
        raise TypeError("calls() takes a function of the notebook (a handle)")
    process = object.__getattribute__(function, "_process")
    label = object.__getattribute__(function, "_label")
    arguments = [tuple(args) for args in arguments]
    handle = process.encode(function)
    cases = [{"f": handle, "args": process.encode(list(args))} for args in arguments]
    answers = many.ask(process, "f(*args)", cases) if cases else []
    for args, (ok, value) in zip(arguments, answers):
        what = call_label(label, *args)
        TRACE.start(what)
        if not ok:
            raise value
        if type(value) is Handle:
            object.__setattr__(value, "_label", what[:100])
        TRACE.done(value)
        yield value


def call_label(label: str, *args: Any) -> str:
    """A call of a handle labelled ``label`` as feedback names it (``sort3_desc(6, 1, 6)``),
    for a test that replays calls made in the notebook's process."""
    what = f"{label}({', '.join(shown(arg) for arg in args)})"
    return what if len(what) <= 160 else what[:157] + "...)"
