"""The notebook's process from the tests' side: how it fails (:class:`SubmissionFailure` and its
kinds) and the zygote's client that forks a fresh one (:func:`zygote`)."""

from __future__ import annotations

import atexit
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .. import wire

START_SECONDS = 60.0  #: how long the zygote may take to import what notebooks use
#: the variable that sets the notebooks' processes' hash seed (``course cases`` records the
#: reference's answers under :data:`RECORDING_SEED`; a graded notebook runs under
#: :data:`GRADING_SEED`, so a seeded game that iterates a set of strings or of cards
#: replays otherwise there and fails, as it would in a student's next kernel)
HASH_SEED = "TABLETOP_NOTEBOOK_HASHSEED"
RECORDING_SEED = "0"
GRADING_SEED = "1"
#: set to 1 to grade where a notebook's process cannot be kept from starting others
UNCONFINED = "TABLETOP_GRADE_UNCONFINED"


class SubmissionFailure(BaseException):
    """The graded notebook's process failed a test: time, exit, crash or protocol."""


class SubmissionTimeout(SubmissionFailure):
    """A cell or a call ran past its time limit."""


class SubmissionExit(SubmissionFailure):
    """The notebook's code called ``sys.exit``."""


class SubmissionCrashed(SubmissionFailure):
    """The notebook's process ended (``os._exit``, a crash, a limit)."""


class SubmissionRandomness(SubmissionFailure):
    """A call given a ``random.Random`` drew from another source of randomness."""


class SubmissionError(SubmissionFailure):
    """The notebook's process broke the grader's protocol or raised what a test cannot."""


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = Path(base) / "tabletop-python"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        path = Path(tempfile.gettempdir())
    return path



class ZygoteClient:
    """The grader's handle on the zygote process that forks notebook processes.

    The process starts at once; its hello (it has imported what notebooks use) is awaited
    by the first question, so a grading process starts its zygote before it imports pytest
    and collects the hidden tests, and the two overlap.
    """

    def __init__(self, seed: str) -> None:
        self.control, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.home = tempfile.mkdtemp(prefix="grading-")
        cache = _cache_dir()
        self.seed = seed  #: the hash seed of the notebooks' processes it forks
        env = {
            "PATH": "/usr/bin:/bin", "HOME": self.home, "TMPDIR": self.home, "LANG": "C.UTF-8",
            "MPLBACKEND": "Agg", "MPLCONFIGDIR": str(cache / "matplotlib"),
            # one order of sets of strings in every notebook's process of a run, another one
            # than the reference's stored answers' (the environment is this one alone: -s -P,
            # not -I, which would drop it)
            "PYTHONHASHSEED": self.seed,
        }
        self.process = subprocess.Popen(
            [sys.executable, "-s", "-P", "-m", "course.grading.notebook.worker", str(theirs.fileno())],
            pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, cwd=self.home, env=env,
        )
        theirs.close()
        self.landlock: int | None = None  #: the Landlock ABI the zygote found, once it said hello

    def ready(self) -> ZygoteClient:
        """This zygote, once it has said hello (at most :data:`START_SECONDS` after it started)."""
        if self.landlock is None:
            self.control.settimeout(START_SECONDS)
            hello = self._receive()
            self.landlock = hello.get("landlock", 0)
            self.control.settimeout(30)
        return self

    def _receive(self) -> dict[str, Any]:
        try:
            message, _ = wire.receive_packet(self.control)
        except OSError as error:
            raise SubmissionError(f"the grader's zygote did not answer: {error}") from None
        if message is None:
            raise SubmissionError("the grader's zygote ended")
        return message

    def ask(self, message: dict[str, Any], fds: list[int] | None = None) -> dict[str, Any]:
        self.ready()
        try:
            wire.send_packet(self.control, message, fds)
        except OSError as error:
            raise SubmissionError(f"the grader's zygote is gone: {error}") from None
        return self._receive()

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> None:
        self.control.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        import shutil

        shutil.rmtree(self.home, ignore_errors=True)


#: this process's zygotes, by the hash seed of the processes they fork
_zygotes: dict[str, ZygoteClient] = {}


def wanted_seed() -> str:
    """The hash seed the notebooks' processes started now run under (:data:`HASH_SEED`)."""
    return os.environ.get(HASH_SEED, GRADING_SEED)


@contextlib.contextmanager
def hash_seed(seed: str) -> Iterator[None]:
    """Notebooks' processes started in this process meanwhile run under ``seed`` (``course
    cases``: :data:`RECORDING_SEED`); afterwards the environment is as it was, and the next
    process is forked by a zygote of the seed asked then."""
    before = os.environ.get(HASH_SEED)
    os.environ[HASH_SEED] = seed
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(HASH_SEED, None)
        else:
            os.environ[HASH_SEED] = before


def start_zygote() -> ZygoteClient:
    """The zygote of this process for the hash seed :func:`wanted_seed` gives, started now
    if it is not running (not waited for). A zygote of another seed goes on serving the
    processes it forked."""
    seed = wanted_seed()
    found = _zygotes.get(seed)
    if found is None or not found.alive():
        found = _zygotes[seed] = ZygoteClient(seed)
        atexit.register(found.close)
    return found


def zygote() -> ZygoteClient:
    """The zygote of this process, started on first use (and again if it died), once ready."""
    return start_zygote().ready()
