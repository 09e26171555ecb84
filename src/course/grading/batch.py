"""One run of ``course grade``: the files to grade, where their gradings go as they come, and the
progress bar; shared by the local and the Dask scheduling."""

from __future__ import annotations

import argparse
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .book import Report
from .discover import Task

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

    args: argparse.Namespace
    root: Path
    out: Path
    report: Report
    prints: dict[str, str]  #: each worksheet's fingerprint (see :func:`fingerprints`)
    tasks: list[Task]  #: the files to grade now
    count: int  #: the files that had to be graded or recorded
    skipped: int  #: the files whose kept grading holds
    only: dict[str, str | None]  #: with ``--only``: per file, the exercise graded again
    progress: Progress
    lock: threading.Lock = field(default_factory=threading.Lock)

    def options(self, task: Task) -> dict[str, Any]:
        """How a grading process grades ``task`` (beside its paths, :func:`wire.grading_task`)."""
        args = self.args
        return {"call_seconds": args.call_timeout, "memory_mb": args.memory_limit, "checks": args.checks,
                "only": self.only[task.fid], "cascade": args.cascade}

    def finish(self, task: Task, data: dict[str, Any] | None, seconds: float, failure: str) -> None:
        """Keep a file's grading (``data``: the plugin's report) and write what it changes."""
        with self.lock:
            self.report.add(task, data, seconds, failure, self.prints[task.worksheet.id],  # type: ignore[union-attr]
                            self.only[task.fid])
        self.progress.step(bool(failure))
