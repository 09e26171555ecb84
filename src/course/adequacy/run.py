"""Run an exercise's hidden tests and public check on each of its mutants.

Each mutant is a copy of the solution notebook with one cell changed
(:mod:`course.adequacy.mutants`), graded as ``course grade --only EXERCISE`` grades a
notebook: in a grading process that keeps pytest's rewritten test modules and its
zygote (the process that forks notebook processes) from one mutant to the next, with
``--first-failure`` (the first failing test kills the mutant), then the exercise's check alone
(:mod:`course.adequacy.probe`) on the notebook run afresh. With ``--scheduler`` the
mutants are graded on a Dask cluster by the code of ``course grade --scheduler``: there
every test and every check of the notebook run (a worker's grading processes are shared
with grading, so they are not given ``--first-failure`` nor the probe).

A mutant is *killed* when a hidden test of its exercise fails (or its grading ends
without a report: a crash or a timeout costs the student the points too), *flagged*
when a check cell of its exercise does not pass, *equivalent* when
tests/adequacy/equivalent.toml lists it (with its reason), else a *survivor*.
"""

from __future__ import annotations

import hashlib
import json
import queue
import random
import shutil
import tempfile
import threading
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..grading import wire
from ..grading.grader.process import GradingProcess
from ..grading.instructor.discover import Worksheet, worksheets
from ..notebook import read_notebook
from .mutants import Mutant, notebook_mutants

EQUIVALENTS = Path("tests") / "adequacy" / "equivalent.toml"


class Refused(Exception):
    """Why ``course adequacy`` cannot run, in one sentence."""


@dataclass(frozen=True)
class Listed:
    """A mutant the equivalents file lists: as equivalent, or as one no check can show."""

    exercise: str
    operator: str
    before: str
    after: str
    reason: str

    def matches(self, mutant: Mutant) -> bool:
        return (self.exercise, self.operator, self.before.strip(), self.after.strip()) == (
            mutant.exercise, mutant.operator, mutant.before, mutant.after)


def read_listed(path: Path) -> tuple[list[Listed], list[Listed]]:
    """The equivalent mutants and the mutants no check can show, from the reviewed file."""
    if not path.exists():
        return [], []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise Refused(f"{path} is not valid TOML ({error})") from None
    found: dict[str, list[Listed]] = {}
    for table in ("equivalent", "unchecked"):
        entries = []
        for number, entry in enumerate(data.get(table, []), start=1):
            missing = [key for key in ("exercise", "operator", "before", "after", "reason")
                       if not isinstance(entry.get(key), str) or not entry.get(key).strip()]
            if missing:
                raise Refused(f"{path}: [[{table}]] number {number} lacks {', '.join(missing)} "
                              "(each entry names exercise, operator, before, after and its one-line reason)")
            entries.append(Listed(entry["exercise"], entry["operator"], entry["before"], entry["after"],
                                  entry["reason"].strip()))
        found[table] = entries
    return found["equivalent"], found["unchecked"]


@dataclass
class Job:
    """One mutant to grade: where its notebook is written, and what its grading gave."""

    mutant: Mutant
    worksheet: Worksheet
    path: Path
    verdict: dict[str, Any] = field(default_factory=dict)

    @property
    def fid(self) -> str:  # what course.grading.instructor.cluster names a task by
        return hashlib.sha256(str(self.path).encode()).hexdigest()[:24]

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.mutant.source.encode()).hexdigest()


def select(root: Path, wanted: list[str]) -> list[tuple[Worksheet, list[str]]]:
    """The worksheets and exercises named (exercise ids or worksheet ids; all when none)."""
    sheets = [sheet for sheet in worksheets(root) if sheet.tests is not None and sheet.exercises]
    if not wanted:
        return [(sheet, list(sheet.exercises)) for sheet in sheets]
    chosen: set[str] = set()
    for name in wanted:
        found = {e for sheet in sheets for e in sheet.exercises if name in (sheet.id, sheet.stem, e)}
        if not found:
            known = ", ".join(sheet.id for sheet in sheets)
            raise Refused(f"no exercise or worksheet {name!r} (worksheets: {known}; an exercise is e.g. "
                          f"{sheets[0].exercises[0] if sheets else 'sheet.exercise'})")
        chosen |= found
    return [(sheet, [e for e in sheet.exercises if e in chosen]) for sheet in sheets
            if any(e in chosen for e in sheet.exercises)]


def plan(root: Path, wanted: list[str], sample: int | None = None, seed: int = 0, family: str = "first-order"
         ) -> list[tuple[Worksheet, list[Mutant]]]:
    """The mutants of ``family``'s operators to grade per worksheet: all of them, or a seeded
    sample of ``sample`` each."""
    planned = []
    for sheet, exercises in select(root, wanted):
        notebook = read_notebook(sheet.solution)
        mutants = notebook_mutants(notebook, exercises, family)
        if sample is not None and sample < len(mutants):
            chosen = set(random.Random(f"{seed}:{sheet.id}").sample(range(len(mutants)), sample))
            mutants = [mutant for index, mutant in enumerate(mutants) if index in chosen]
        planned.append((sheet, mutants))
    return planned


def write_mutant(sheet: Worksheet, mutant: Mutant, folder: Path) -> Path:
    """The mutant's notebook, written under ``folder`` with the solution's file name."""
    notebook = read_notebook(sheet.solution)
    notebook["cells"][mutant.cell]["source"] = mutant.source
    path = folder / mutant.exercise / str(mutant.number) / sheet.solution.name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def options(exercise: str, call_seconds: float, checks: bool = False) -> wire.GradingOptions:
    """How a grading process grades a mutant (as ``course grade --only EXERCISE``): every
    check of the notebook with ``checks`` (on a cluster), else the probe runs the exercise's."""
    return wire.GradingOptions(call_seconds=call_seconds, memory_mb=1024, checks=checks, only=exercise,
                               cascade=False)


def verdict(exercise: str, report: wire.GradingReport | None, failure: str = "") -> dict[str, Any]:
    """What a grading says of a mutant: killed (and by which test), flagged, and the time."""
    if report is None:
        return {"killed": True, "by": failure or "no report: the grading crashed", "flagged": None, "checks": []}
    ran = [test for test in report.tests if test.exercise == exercise]
    failed = [test for test in ran if not test.passed]
    checks = [check["status"] for check in report.all_checks() if check.get("exercise") == exercise]
    return {"killed": bool(failed) or not ran, "timings": dict(report.timings),
            "by": failed[0].name + ": " + failed[0].message[:200] if failed
            else ("" if ran else "no hidden test ran"),
            "flagged": any(status != "passed" for status in checks) if checks else None,
            "checks": checks}


class MutantProcess(GradingProcess):
    """A grading process that stops a notebook's grading at its first failing test
    (``--first-failure``), then runs the exercise's check (:mod:`course.adequacy.probe`)."""

    def __init__(self, scratch: Path) -> None:
        super().__init__(scratch, ("--first-failure", "-p", "course.adequacy.probe"))


def grade_locally(root: Path, jobs: list[Job], processes: int, call_seconds: float, seconds: float,
                  done: Callable[[Job], None]) -> None:
    """Grade every job in ``processes`` grading processes (threads feeding them)."""
    pending: queue.Queue[Job] = queue.Queue()
    for job in jobs:
        pending.put(job)
    scratch = Path(tempfile.mkdtemp(prefix="course-adequacy-"))
    workers = [MutantProcess(scratch) for _ in range(max(1, min(processes, len(jobs) or 1)))]

    def work(worker: MutantProcess, number: int) -> None:
        report = scratch / f"report-{number}.json"
        while True:
            try:
                job = pending.get_nowait()
            except queue.Empty:
                return
            started = time.monotonic()
            for attempt in (1, 2):  # the grader's own failure (a process that cannot start): once more
                try:
                    answer = worker.grade(wire.GradingTask(root, job.worksheet.tests, job.path, report,  # type: ignore[arg-type]
                                                           options(job.mutant.exercise, call_seconds)), seconds)
                except Exception as error:  # noqa: BLE001 - a job never goes without its verdict
                    worker.stop()
                    if attempt == 2:  # not known to be killed: counted as a survivor, with why
                        job.verdict = {"killed": False, "flagged": None, "checks": [], "seconds": 0.0,
                                       "by": f"not graded: the grader failed ({type(error).__name__}: {error})"}
                    continue
                data = wire.read_report(report)
                failure = "" if answer is not None else f"grading stopped after {seconds:g} s or its process ended"
                job.verdict = {**verdict(job.mutant.exercise, data, failure), "seconds": time.monotonic() - started}
                break
            done(job)

    threads = [threading.Thread(target=work, args=(w, n), daemon=True) for n, w in enumerate(workers)]
    for thread in threads:
        thread.start()
    try:
        while any(thread.is_alive() for thread in threads):
            time.sleep(0.2)  # short waits: Ctrl-C is seen at once
    finally:
        for worker in workers:
            worker.stop()
        shutil.rmtree(scratch, ignore_errors=True)


def grade_on_dask(root: Path, jobs: list[Job], address: str, call_seconds: float, seconds: float,
                  done: Callable[[Job], None]) -> None:
    """Grade every job on the Dask cluster of ``address``, as ``course grade --scheduler`` does."""
    from ..grading.instructor.cluster import SchedulerUnreachable, connect, grade_on_cluster

    try:
        client = connect(address)
    except SchedulerUnreachable as error:
        raise Refused(str(error)) from None

    def finished(job: Job, report: wire.GradingReport | None, spent: float, failure: str) -> None:
        job.verdict = {**verdict(job.mutant.exercise, report, failure), "seconds": spent}
        done(job)

    try:
        grade_on_cluster(client, root, jobs, lambda job: options(job.mutant.exercise, call_seconds, True),
                         finished, seconds)
    finally:
        client.close()


def classify(job: Job, equivalent: list[Listed], unchecked: list[Listed]) -> dict[str, Any]:
    """The mutant's row: its status (killed, equivalent, survived) and the check's verdict."""
    mutant, found = job.mutant, job.verdict
    listed = next((entry for entry in equivalent if entry.matches(mutant)), None)
    status = "killed" if found.get("killed") else ("equivalent" if listed else "survived")
    check = "flagged" if found.get("flagged") else ("missing" if found.get("flagged") is None else "passed")
    reason = listed.reason if listed else ""
    if status == "killed" and check != "flagged":
        why = next((entry for entry in unchecked if entry.matches(mutant)), None)
        if why:
            check, reason = "listed", why.reason
    return {"id": mutant.id, "exercise": mutant.exercise, "operator": mutant.operator, "line": mutant.line,
            "before": mutant.before, "after": mutant.after, "status": status, "check": check,
            "stale": bool(listed) and status == "killed", "reason": reason, "by": found.get("by", ""),
            "seconds": round(found.get("seconds", 0.0), 3), "diff": mutant.diff}


def phases(verdicts: list[dict[str, Any]]) -> dict[str, float]:
    """Where a mutant's grading spends its time, in seconds on average: pytest's collection,
    running the notebook, the tests, the check (the notebook run again first), the session."""
    names = ("collect", "notebook", "tests", "checks", "session")
    timed = [v["timings"] for v in verdicts if v.get("timings")]
    return {name: round(sum(t.get(name, 0.0) for t in timed) / len(timed), 3) for name in names} if timed else {}


def analyse(root: Path, wanted: list[str], jobs: int = 1, scheduler: str | None = None,
            sample: int | None = None, seed: int = 0, call_seconds: float = 5.0, seconds: float = 300.0,
            progress: Callable[[int, int], None] | None = None,
            mutants: list[tuple[Worksheet, list[Mutant]]] | None = None) -> dict[str, Any]:
    """Grade the mutants of the exercises named (all by default); every mutant's row,
    the baseline (the solution itself, graded the same way, per exercise) and the time.

    ``mutants`` replaces the generated mutants (a test's own); the equivalents file is
    read from ``root``.
    """
    equivalent, unchecked = read_listed(root / EQUIVALENTS)
    planned = mutants if mutants is not None else plan(root, wanted, sample, seed)
    folder = Path(tempfile.mkdtemp(prefix="course-mutants-"))
    try:
        work = [Job(mutant, sheet, write_mutant(sheet, mutant, folder)) for sheet, found in planned for mutant in found]
        baseline = [Job(Mutant(exercise, 0, "none", -1, 0, "", "", "", ""), sheet, sheet.solution.resolve())
                    for sheet, found in planned for exercise in dict.fromkeys(m.exercise for m in found)]
        total, count = len(work) + len(baseline), [0]
        lock = threading.Lock()

        def done(job: Job) -> None:
            with lock:
                count[0] += 1
                if progress:
                    progress(count[0], total)

        started = time.monotonic()
        if scheduler:
            grade_on_dask(root, baseline + work, scheduler, call_seconds, seconds, done)
        else:
            grade_locally(root, baseline + work, jobs, call_seconds, seconds, done)
        elapsed = time.monotonic() - started
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return {
        "mutants": [classify(job, equivalent, unchecked) for job in work],
        "baseline": {job.mutant.exercise: {"killed": job.verdict.get("killed"), "by": job.verdict.get("by"),
                                           "flagged": job.verdict.get("flagged")} for job in baseline},
        "exercises": [e for sheet, found in planned for e in dict.fromkeys(m.exercise for m in found)],
        "seconds": round(elapsed, 1),
        "gradings": total,
        "phases": phases([job.verdict for job in work]),
        "jobs": scheduler or jobs,
        "sample": sample,
        "seed": seed if sample is not None else None,
    }
