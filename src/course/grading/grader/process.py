"""A grading process (``python -m course.grading.grader.process --serve``): reads tasks on stdin and
grades each notebook with pytest and the grading plugin; :class:`GradingProcess` drives one."""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .. import wire
from ..wire.codec import ProtocolError
from .spawn import UNCONFINED

#: how many objects a grading process allocates between two collections of the youngest
#: generation (Python's default: 700); the older generations keep their defaults
YOUNG_COLLECTION = 20_000

#: pytest's own plugins that grading does not need (each costs time in every session)
QUIET_PLUGINS = ("unraisableexception", "threadexception", "doctest", "junitxml", "pastebin",
                 "legacypath", "stepwise", "faulthandler", "setuponly", "setupplan")


def pytest_arguments(task: wire.GradingTask, served: bool = False) -> list[str]:
    """The pytest command line that grades one notebook (``served``: the first of a session
    that may grade more, :mod:`course.grading.grader.served`, which chooses each one's tests)."""
    options = task.options
    arguments = ["--run-checks"] if options.checks else []
    if options.only and not served:
        arguments += ["--only-exercise", options.only]
    if not options.cascade:
        arguments.append("--no-cascade")
    arguments += [
        str(task.module), "--submission", str(task.notebook), "--grading-report", str(task.report),
        "--rootdir", str(task.root), "-p", "no:cacheprovider", "-q", "--tb=no",
        "-o", "addopts=", "--any-worksheet", "--call-timeout", str(options.call_seconds),
        "--memory-limit", str(options.memory_mb), "-p", "course.grading.grader.plugin",
    ]
    for plugin in QUIET_PLUGINS:
        arguments += ["-p", f"no:{plugin}"]
    if (task.root / "pyproject.toml").exists():
        arguments += ["-c", str(task.root / "pyproject.toml")]
    return arguments


def environment(**extra: str) -> dict[str, str]:
    """The environment of a process that runs the hidden tests: this one's, without the
    options a user gives their own pytest runs (``PYTEST_ADDOPTS``: an option the grading
    session does not know, such as ``--junitxml`` with that plugin off, would stop every
    session before a test runs), with only the grading plugin and ``extra``."""
    kept = {name: value for name, value in os.environ.items() if name != "PYTEST_ADDOPTS"}
    return {**kept, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", **extra}


def cache_rewrites(folder: Path) -> None:
    """Keep pytest's rewritten hidden test modules from one session to the next, in ``folder``.

    A grading process runs one pytest session per row of notebooks of a module (a class of
    several worksheets, or ``course adequacy`` on several, starts more than one). pytest keeps a rewritten
    module as a ``.pyc`` (checked by the source's hash) in the folder Python's
    ``sys.pycache_prefix`` names: here the process's temporary folder, so that it works with
    PYTHONDONTWRITEBYTECODE and with a read-only course folder, and writes nothing there.
    """
    sys.pycache_prefix = str(folder)
    sys.dont_write_bytecode = False


def serve(arguments: list[str] | None = None) -> None:
    """A grading process: read tasks (frames, :class:`wire.GradingTask`) on stdin, grade each with pytest,
    in one session for the tasks in a row of one hidden test module (:mod:`.served`).

    The notebooks' zygote starts first: it imports what notebooks use while this process
    imports pytest, waits for its first task and collects the hidden tests.
    """
    from .spawn import start_zygote

    start_zygote()
    # A grading process decodes answers in bursts of small objects that live as long as a
    # test (a tCHu grading reads about 9 MB of JSON). Collecting every 700 allocations walks
    # them again as they age through the generations: about 8 % of a class's CPU (docs/GRADING.md).
    gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])
    import pytest

    from .served import Served, next_task

    cache_rewrites(Path(tempfile.gettempdir()) / "pycache")

    tasks, answers = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    task = next_task(tasks)
    while task is not None:
        served = Served(task, tasks, answers)
        code = pytest.main([*pytest_arguments(task, served=True), *(arguments or [])], plugins=[served])
        tests = str(task.root / "tests")
        for name, module in list(sys.modules.items()):  # each session imports its hidden tests afresh
            if (getattr(module, "__file__", None) or "").startswith(tests):
                del sys.modules[name]
        if not served.answered:  # the session ended before its task was answered (a collection error)
            wire.write_frame(answers, {"exit": int(code)})
            task = next_task(tasks)
        else:
            task = served.pending


class GradingProcess:
    """A ``course grade`` worker: one process grading notebooks one after the other."""

    def __init__(self, scratch: Path, arguments: tuple[str, ...] = (), unconfined: bool | None = None) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self.scratch = scratch  # temporary folders of this process and its notebooks' processes
        self.arguments = arguments  #: pytest options every session of this process gets besides the task's
        #: whether it may grade where a notebook's process cannot be kept from starting others
        #: (``TABLETOP_GRADE_UNCONFINED``); None: as this process's environment says
        self.unconfined = unconfined

    def start(self) -> subprocess.Popen[bytes]:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "course.grading.grader.process", "--serve", *self.arguments],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                bufsize=0, start_new_session=True,
                # only the grading plugin: scanning installed plugins costs time at every session
                # one hash seed: the requests to the reference, sets iterated into lists among
                # them, are those `course cases` stored (course.grading.grader.stored)
                env=self._environment(),
            )
        return self.process

    def _environment(self) -> dict[str, str]:
        env = environment(TMPDIR=str(self.scratch), PYTHONHASHSEED="0")
        if self.unconfined is not None:
            env.pop(UNCONFINED, None)
            if self.unconfined:
                env[UNCONFINED] = "1"
        return env

    def grade(self, task: wire.GradingTask, seconds: float) -> dict[str, Any] | None:
        """Send one task; its answer, or None when it took too long or the process died."""
        process = self.start()
        try:
            wire.write_frame(process.stdin.fileno(), task.message())  # type: ignore[union-attr]
            answer = wire.read_frame(process.stdout.fileno(), time.monotonic() + seconds)  # type: ignore[union-attr]
        except (OSError, ProtocolError):
            answer = None
        if answer is None:
            self.stop()
        return answer

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(OSError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        serve(sys.argv[2:])
