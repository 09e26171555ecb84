"""Grading on this machine: ``--jobs`` grading processes take rows of the batch's files (:class:`Shares`),
each grading kept in the gradebook as it comes; the views are written at the end, or on Ctrl-C."""

from __future__ import annotations

import collections
import contextlib
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

from ...i18n.grading_text import reason as english
from .. import wire
from ..grader.process import GradingProcess
from .batch import INTERRUPTED, Batch
from .book import REPORTS
from .discover import Task


class Early:
    """The run's first grading process, started before the run reads the course and plans its
    files: it imports pytest and starts its zygote meanwhile (what one notebook graded alone
    waits for). :func:`grade_locally` takes it; :meth:`close` stops it if nothing did."""

    def __init__(self) -> None:
        self.scratch = Path(tempfile.mkdtemp(prefix="course-grade-"))
        self.process = GradingProcess(self.scratch)
        self.process.start()

    def close(self) -> None:
        self.process.stop()
        shutil.rmtree(self.scratch, ignore_errors=True)


def grade_locally(batch: Batch, early: Early | None = None) -> int | None:
    """Grade the batch in ``--jobs`` grading processes (the first one ``early``, started now
    when not given); 130 when interrupted.

    A killed grading process cannot clean up after itself: every temporary folder of the
    run lives in one folder that this process removes at the end, whatever happened.
    """
    jobs = max(1, min(batch.request.jobs or os.cpu_count() or 1, len(batch.tasks) or 1))
    shares = Shares(batch.tasks, jobs)
    reports = batch.out / REPORTS
    reports.mkdir(parents=True, exist_ok=True)
    early = early if early is not None else Early()
    scratch = early.scratch
    workers = [early.process] + [GradingProcess(scratch) for _ in range(jobs - 1)]
    cancelled = threading.Event()

    def work(number: int, worker: GradingProcess) -> None:
        while not cancelled.is_set():
            task = shares.take(number)
            if task is None:
                return
            try:
                data, seconds, failure = grade_one(worker, batch, task, reports / f"{task.fid}.json")
            except Exception as error:  # noqa: BLE001 - the grader's own fault: the file still gets its row
                worker.stop()
                data, seconds, failure = None, 0.0, batch.failed(task, error)
            if cancelled.is_set():
                return
            batch.finish_safely(task, data, seconds, failure)

    threads = [threading.Thread(target=work, args=(n, w), daemon=True) for n, w in enumerate(workers)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            while thread.is_alive():
                thread.join(0.2)
        batch.finish_left()
    except KeyboardInterrupt:
        cancelled.set()
        print(INTERRUPTED, file=sys.stderr)
        return 130
    finally:
        for worker in workers:
            worker.stop()
        shutil.rmtree(scratch, ignore_errors=True)
        with batch.lock:
            batch.report.publish()
        with contextlib.suppress(OSError):
            reports.rmdir()
    return None


class Shares:
    """The files of a run, in the order of their hidden test modules, cut into one row per
    grading process; in a row, the files of the largest module come first. A process takes
    the first file of its own row; when its row is empty, the last file of the longest other
    row (one its owner would reach last, of a small module). So a process grades a row of
    files of one module after the other, collecting each module once (with ``--jobs``
    processes taking files in turn, each process would collect every module), and the
    processes still end together, on short gradings."""

    def __init__(self, tasks: list[Task], count: int) -> None:
        ordered = sorted(tasks, key=module_of)
        size, more = divmod(len(ordered), count)
        ends = [0]
        for number in range(count):
            ends.append(ends[-1] + size + (number < more))
        self.rows = [collections.deque(sorted(ordered[start:end], key=_largest_first))
                     for start, end in zip(ends, ends[1:])]
        self.lock = threading.Lock()

    def take(self, number: int) -> Task | None:
        """The next file of process ``number``, or None when every file is taken."""
        with self.lock:
            if self.rows[number]:
                return self.rows[number].popleft()
            longest = max(self.rows, key=len)
            return longest.pop() if longest else None


def _largest_first(task: Task) -> tuple[int, str]:
    """A large hidden test module grades longer (more tests, longer games): its files first."""
    module = module_of(task)
    try:
        size = os.stat(module).st_size if module else 0
    except OSError:
        size = 0
    return -size, module


def module_of(task: Task) -> str:
    """The hidden test module that grades ``task``: :class:`Shares` groups a run's files by it."""
    return str(task.worksheet.tests) if task.worksheet is not None and task.worksheet.tests is not None else ""


def grade_one(worker: GradingProcess, batch: Batch, task: Task, report: Path
              ) -> tuple[wire.GradingReport | None, float, str]:
    """Grade one file in a grading process: the plugin's report, the time, and why it failed ("")."""
    report.unlink(missing_ok=True)
    assert task.worksheet is not None and task.worksheet.tests is not None, "only a gradable task is graded"
    started = time.monotonic()
    answer = worker.grade(wire.GradingTask(batch.root, task.worksheet.tests, task.path.resolve(),
                                           report, batch.options(task)), batch.request.submission_seconds)
    seconds = time.monotonic() - started
    data = wire.read_report(report)
    failure = ""
    if answer is None:
        failure = english("grading stopped after {seconds} s or its process ended",
                          seconds=f"{batch.request.submission_seconds:g}")
    elif data is None:
        failure = english("the hidden tests could not run on this notebook")
    return data, seconds, failure
