"""One run of ``course grade``: the files to grade, where their gradings go as they come, and the
progress bar; shared by the local and the Dask scheduling."""

from __future__ import annotations

import sys
import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...i18n.grading_text import reason as english
from ..wire import GradingOptions, GradingReport
from .book import Report
from .discover import Task
from .request import GradeRequest

#: what an interrupted run says
INTERRUPTED = "\ninterrupted: every notebook graded so far is kept; run again to go on"


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, stream: Any = None) -> None:
        self.total = total
        self.done = 0
        self.problems = 0
        self.start = time.monotonic()
        self.stream = stream or sys.stderr
        self.lock = threading.Lock()

    def step(self, problem: bool) -> None:
        with self.lock:
            self.done += 1
            self.problems += problem
            self.show()

    def show(self) -> None:
        width = 30
        filled = width * self.done // max(self.total, 1)
        elapsed = int(time.monotonic() - self.start)
        self.stream.write(
            f"\rgrading [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}"
            f"  {self.problems} not graded  {elapsed // 60}:{elapsed % 60:02d}"
        )
        self.stream.flush()


@dataclass
class Batch:
    """The files of one run to grade, and where their gradings go as they come."""

    request: GradeRequest
    root: Path
    report: Report
    prints: dict[str, str]  #: each worksheet's fingerprint (see :func:`fingerprints`)
    tasks: list[Task]  #: the files to grade now
    count: int  #: the files that had to be graded or recorded
    skipped: int  #: the files whose kept grading holds
    only: dict[str, str | None]  #: with ``--only``: per file, the exercise graded again
    progress: Progress
    lock: threading.Lock = field(default_factory=threading.Lock)
    finished: set[str] = field(default_factory=set)  #: the files whose grading is kept
    errors: list[str] = field(default_factory=list)  #: the grader's own failures, with their traceback

    @property
    def out(self) -> Path:
        """The output folder."""
        return self.request.out

    def options(self, task: Task) -> GradingOptions:
        """How a grading process grades ``task`` (beside its paths, :class:`wire.GradingTask`)."""
        return self.request.grading_options(self.only[task.fid])

    def finish(self, task: Task, data: GradingReport | None, seconds: float, failure: str) -> None:
        """Keep a file's grading (``data``: the plugin's report) and write what it changes."""
        with self.lock:
            self.report.add(task, data, seconds, failure, self.prints[task.worksheet.id],  # type: ignore[union-attr]
                            self.only[task.fid])
            self.finished.add(task.fid)
        self.progress.step(bool(failure))

    def failed(self, task: Task, error: BaseException) -> str:
        """Note the grader's own failure on ``task`` (its traceback for the end of the run); the
        reason its row gives."""
        with self.lock:
            self.errors.append(f"{task.path}:\n{''.join(traceback.format_exception(error)).rstrip()}")
        return english("the grader failed on this notebook ({error}); grade it again",
                       error=f"{type(error).__name__}: {str(error)[:200]}")

    def finish_safely(self, task: Task, data: GradingReport | None, seconds: float, failure: str) -> None:
        """:meth:`finish`; if keeping the grading fails, the file is kept as not graded, with why."""
        try:
            self.finish(task, data, seconds, failure)
        except Exception as error:  # noqa: BLE001 - a file never goes without its row
            self.finish(task, None, seconds, self.failed(task, error))

    def finish_left(self) -> None:
        """Give a row to every file of the run that has none (the grader stopped before it)."""
        for task in self.tasks:
            if task.fid not in self.finished:
                self.finish(task, None, 0.0, self.failed(task, RuntimeError("no grading process took it")))
