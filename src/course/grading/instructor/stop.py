"""SIGTERM and SIGHUP stop ``course grade`` as Ctrl-C does.

``timeout``, a CI runner or a hub's culler sends SIGTERM; a closed terminal sends SIGHUP.
Python's default for both ends the process at once, without its ``finally`` blocks: the
grading processes (each in a session of its own, so that Ctrl-C reaches only the command)
would be left to grade on. Here both signals raise :class:`KeyboardInterrupt` in the main
thread, so the one path of an interruption runs: every grading process group is killed,
every result already written is kept and the run's temporary folder is removed. The
signal is remembered to give the exit status (128 + its number) that a shell expects.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

STOPPING = (signal.SIGTERM, signal.SIGHUP)


class Stops:
    """The signal that stopped the run (None: none did, or Ctrl-C)."""

    def __init__(self) -> None:
        self.received: int | None = None

    def status(self, code: int) -> int:
        """The exit status: ``code``, or 128 + the signal's number when one interrupted the run."""
        if code == 130 and self.received is not None:
            return 128 + self.received
        return code

    def handle(self, number: int, frame: FrameType | None) -> None:
        if self.received is not None:
            return  # already stopping: the cleanup runs to its end
        self.received = number
        raise KeyboardInterrupt


@contextmanager
def stopped_by_signals() -> Iterator[Stops]:
    """Within this block SIGTERM and SIGHUP raise KeyboardInterrupt (main thread only)."""
    stops = Stops()
    previous = {number: signal.signal(number, stops.handle) for number in STOPPING}
    try:
        yield stops
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
