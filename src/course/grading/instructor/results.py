"""One grading's results.json (Gradescope's format, the grader's details under ``extra_data``),
the points of each test, lateness, and grades.csv and lms.csv written from the results."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...i18n.grading_text import Words
from ...i18n.grading_text import reason as english
from ..wire import GradingReport, TestReport
from .discover import Task, Worksheet

VISIBILITIES = ("hidden", "after_due_date", "after_published", "visible")


@dataclass(frozen=True)
class Options:
    """How results are kept and shown (none of these changes a test's outcome)."""

    rule: str = "newest"  #: which copy of a worksheet counts: "newest" or "best"
    visibility: str = "after_due_date"  #: Gradescope visibility of each test
    deadlines: tuple[tuple[str, float], ...] = ()  #: (worksheet, worksheet@student or "", seconds since the epoch)
    late_penalty: float = 0.0  #: percent of the worksheet's points per started day late
    lms_ids: tuple[tuple[str, str], ...] = ()  #: student -> the LMS's id
    points: tuple[tuple[str, float], ...] = ()  #: exercise -> its points, in place of the module's POINTS
    weights: tuple[tuple[str, float], ...] = ()  #: "exercise: test" -> its weight in its exercise (default 1)


@dataclass(frozen=True)
class TestOutcome:
    """One test of a grading as Gradescope shows it: ``exercise: test`` and its share of the points."""

    name: str
    score: float | None  #: None only in a results file that does not say
    max_score: float | None
    status: str  #: "passed" or "failed"
    output: str
    tags: tuple[str, ...] = ()  #: the exercise
    visibility: str | None = None  #: None: the one the results are written with

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    def to_json(self) -> dict[str, Any]:
        found = {"name": self.name, "score": self.score, "max_score": self.max_score, "status": self.status,
                 "output": self.output, "tags": list(self.tags)}
        return found if self.visibility is None else {**found, "visibility": self.visibility}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TestOutcome:
        return cls(name=str(data["name"]), score=data.get("score"), max_score=data.get("max_score"),
                   status=str(data.get("status", "")), output=str(data.get("output", "")),
                   tags=tuple(data.get("tags", ())), visibility=data.get("visibility"))


@dataclass(frozen=True)
class ExerciseScore:
    """An exercise's points in one grading: the shares of the tests it passed, out of its points."""

    score: float
    max: float
    passed: int = 0
    total: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "max": self.max, "passed": self.passed, "total": self.total}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ExerciseScore:
        return cls(score=float(data["score"]), max=float(data["max"]), passed=int(data.get("passed", 0)),
                   total=int(data.get("total", 0)))


@dataclass(frozen=True)
class Late:
    """How late the copy that counts was handed in, and what it costs in lms.csv."""

    days: int
    penalty_percent: float
    lms_says_late: bool
    seconds: float = 0.0  #: after the deadline
    source: str = ""  #: where the hand-in time comes from

    def to_json(self) -> dict[str, Any]:
        return {"days": self.days, "penalty_percent": self.penalty_percent, "lms_says_late": self.lms_says_late,
                "seconds": self.seconds, "source": self.source}

    def hours(self) -> str:
        """How late, in hours (rounded up), or minutes under an hour."""
        minutes = -(-int(self.seconds) // 60)
        return f"{minutes} min" if minutes < 60 else f"{-(-minutes // 60)} h"


@dataclass(frozen=True)
class GradingResult:
    """One file's grading: what results.json holds (:meth:`to_json`), grades.csv, lms.csv, the
    feedback and ``course report`` are written from."""

    score: float | None  #: None only in a results file that does not say
    output: str
    student: str
    worksheet: str | None
    path: str
    status: str  #: "graded", "not graded" (the file) or "error" (the grading)
    reason: str = ""
    tests: tuple[TestOutcome, ...] = ()
    exercises: dict[str, ExerciseScore] = field(default_factory=dict)
    execution_time: float = 0.0
    sha256: str = ""
    submitted: float = 0.0
    cells: tuple[dict[str, Any], ...] = ()  #: the cells that raised when the notebook ran
    checks: tuple[dict[str, Any], ...] = ()  #: the public checks' verdicts (``--checks``)
    confinement: dict[str, Any] = field(default_factory=dict)
    timings: dict[str, Any] = field(default_factory=dict)
    others: tuple[str, ...] = ()  #: the copies of the same worksheet that do not count
    rule: str = "newest"
    language: str | None = None
    late: Late | None = None
    counted: bool | None = None  #: whether it counts, in a results file that says
    gone: bool = False  #: the file was not in the last hand-in (its result is kept)
    adjustments: tuple[dict[str, Any], ...] = ()  #: points given or taken by hand: exercise, points, reason, who

    def to_json(self) -> dict[str, Any]:
        """Gradescope's results.json, the grader's details under ``extra_data``."""
        extra: dict[str, Any] = {
            "student": self.student, "worksheet": self.worksheet, "path": self.path, "sha256": self.sha256,
            "submitted": self.submitted, "status": self.status, "reason": self.reason,
            "exercises": {exercise: entry.to_json() for exercise, entry in self.exercises.items()},
            "cells": list(self.cells), "checks": list(self.checks), "confinement": self.confinement,
            "timings": self.timings, "others": list(self.others), "rule": self.rule,
        }
        if self.language:
            extra["language"] = self.language
        if self.late is not None:
            extra["late"] = self.late.to_json()
        if self.counted is not None:
            extra["counted"] = self.counted
        if self.gone:
            extra["not_in_last_hand_in"] = True
        if self.adjustments:
            extra["adjustments"] = list(self.adjustments)
        return {"score": self.score, "execution_time": self.execution_time, "output": self.output,
                "stdout_visibility": "hidden", "tests": [test.to_json() for test in self.tests],
                "extra_data": extra}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GradingResult:
        """A results.json of ``course grade`` read back (KeyError, TypeError, ValueError or
        AttributeError when it is not one: it names at least its student, worksheet and exercises)."""
        extra = data["extra_data"]
        late = extra.get("late")
        return cls(
            score=data.get("score"), output=str(data.get("output", "")),
            student=str(extra["student"]), worksheet=extra["worksheet"],
            path=str(extra.get("path", "")), status=str(extra.get("status", "")), reason=str(extra.get("reason") or ""),
            tests=tuple(TestOutcome.from_json(test) for test in data.get("tests", [])),
            exercises={str(k): ExerciseScore.from_json(v) for k, v in extra["exercises"].items()},
            execution_time=data.get("execution_time", 0.0), sha256=str(extra.get("sha256", "")),
            submitted=extra.get("submitted", 0.0), cells=tuple(extra.get("cells", ())),
            checks=tuple(extra.get("checks", ())), confinement=extra.get("confinement", {}),
            timings=extra.get("timings", {}), others=tuple(extra.get("others", ())),
            rule=str(extra.get("rule", "newest")), language=extra.get("language"),
            late=Late(late["days"], late["penalty_percent"], late["lms_says_late"], late.get("seconds", 0.0),
                      late.get("source", "")) if late else None,
            counted=extra.get("counted"), gone=bool(extra.get("not_in_last_hand_in")),
            adjustments=tuple(extra.get("adjustments", ())),
        )


def shares(points: float, count: int, weights: list[float] | None = None) -> list[float]:
    """``points`` split over ``count`` tests: shares by weight (equal by default) rounded to 0.0001,
    the last one taking what is left, so that they add up to ``points`` (Gradescope adds them)."""
    if count <= 1:
        return [points] * count
    weights = weights or [1.0] * count
    total = sum(weights) or 1.0
    parts = [round(points * weight / total, 4) for weight in weights[:-1]]
    return parts + [round(points - sum(parts), 10)]


def by_exercise(tests: Sequence[TestReport]) -> dict[str, list[TestReport]]:
    """The tests of each exercise, in the order they ran."""
    exercises: dict[str, list[TestReport]] = {}
    for test in tests:
        exercises.setdefault(test.exercise, []).append(test)
    return exercises


def split(tests: Sequence[TestReport], options: Options) -> dict[str, tuple[float, list[float]]]:
    """Per exercise: its points (the gradebook's, else the module's) and each test's share of them."""
    points, weights = dict(options.points), dict(options.weights)
    found = {}
    for exercise, mine in by_exercise(tests).items():
        total = float(points.get(exercise, mine[0].points))
        found[exercise] = (total, shares(total, len(mine), [weights.get(f"{exercise}: {t.name}", 1.0)
                                                            for t in mine]))
    return found


def scores(tests: Sequence[TestReport], options: Options = Options()) -> dict[str, ExerciseScore]:
    """Per exercise: its points and score (the shares of the tests it passes), from the plugin's report."""
    exercises = by_exercise(tests)
    found = {}
    for exercise, (maximum, parts) in split(tests, options).items():
        passed = [share for share, test in zip(parts, exercises[exercise]) if test.passed]
        found[exercise] = ExerciseScore(score=round(sum(passed), 4), max=maximum, passed=len(passed),
                                        total=len(exercises[exercise]))
    return found


def result_of(task: Task, report: GradingReport | None, seconds: float, failure: str = "",
              options: Options = Options(), root: Path | None = None) -> GradingResult:
    """The result of one file's grading (``report``: the plugin's grading report, None when none)."""
    tests = report.tests if report else ()
    language = (report.language if report else None) or task.language
    say = Words(task.worksheet.solution.parent.parent if task.worksheet else root, language)
    exercises = scores(tests, options)
    gradescope_tests = []
    parts = {exercise: iter(each) for exercise, (_, each) in split(tests, options).items()}
    for test in tests:
        share = next(parts[test.exercise])
        gradescope_tests.append(TestOutcome(
            name=f"{test.exercise}: {test.name}",
            score=share if test.passed else 0.0,
            max_score=share,
            status="passed" if test.passed else "failed",
            output=test.message + (say("\nHint: {hint}", hint=test.hint) if test.hint and not test.passed else ""),
            tags=(test.exercise,),
            visibility=options.visibility,
        ))
    cells: list[dict[str, Any]] = []
    checks: list[dict[str, Any]] = []
    confinement: dict[str, Any] = {}
    for notebook in report.notebooks if report else ():
        cells.extend(notebook.cells)
        checks.extend(notebook.checks)
        confinement = notebook.confinement
    reason = task.reason or failure
    if report is not None and not tests and not reason:
        reason = english("the hidden tests did not run (their module failed to load: run pytest on it to see why)")
    return GradingResult(
        score=round(sum(e.score for e in exercises.values()), 4),
        execution_time=round(seconds, 2),
        output=say.sentence(reason) or say("Graded by the hidden tests."),
        tests=tuple(gradescope_tests),
        student=task.student,
        worksheet=task.worksheet.id if task.worksheet else None,
        path=str(task.path),
        sha256=task.digest,
        submitted=task.submitted,
        status="graded" if not reason else ("not graded" if task.reason else "error"),
        reason=reason,
        exercises=exercises,
        cells=tuple(cells),
        checks=tuple(checks),
        confinement=confinement,
        timings={**(report.timings if report else {}), "total": round(seconds, 4)},
        rule=options.rule,
        language=language or None,
    )


def deadline_of(student: str, worksheet: str, options: Options) -> float | None:
    """The deadline of a student's worksheet: their extension, else the worksheet's, else everyone's."""
    deadlines = dict(options.deadlines)
    for target in (f"{worksheet}@{student}", f"@{student}", worksheet, ""):
        if target in deadlines:
            return deadlines[target]
    return None


def late_of(result: GradingResult, options: Options) -> tuple[int, float]:
    """Days late (started days after the worksheet's deadline) and the penalty in percent."""
    deadline = deadline_of(result.student, result.worksheet or "", options)
    submitted = result.submitted or 0.0
    if deadline is None or not submitted or submitted <= deadline:
        return 0, 0.0
    days = int(-(-(submitted - deadline) // 86400))
    return days, min(100.0, days * options.late_penalty)


def result_key(student: str, group: str) -> str:
    """The file-name-safe key of a student's result for one worksheet: ``student.worksheet``."""
    safe = re.sub(r"[^\w.-]", "_", student)
    if safe != student:  # two names that read alike stay apart
        safe += "-" + hashlib.sha256(student.encode("utf-8", "surrogatepass")).hexdigest()[:6]
    kind = group[5:] if group.startswith("file:") else group
    kind = re.sub(r"[^\w.-]", "_", Path(kind).stem if group.startswith("file:") else kind)
    return f"{safe}.{kind}"


def write_text(path: Path, text: str) -> None:
    """Write a text file atomically (a reader never sees half a file).

    A notebook's messages may hold lone surrogates, which UTF-8 cannot encode: they are
    written as ``\\udc80`` escapes (in a JSON string, the same character again).
    """
    try:
        if path.read_text(encoding="utf-8", errors="backslashreplace") == text.encode(
                "utf-8", "backslashreplace").decode("utf-8"):
            return  # unchanged: a rerun leaves the file (and its time) as it was
    except (OSError, ValueError):
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.part")
    temporary.write_text(text, encoding="utf-8", errors="backslashreplace")
    os.replace(temporary, path)


def write_json(path: Path, data: Any) -> None:
    """Write JSON atomically."""
    write_text(path, json.dumps(data, indent=1, ensure_ascii=False))


def number(value: float) -> str:
    return f"{round(value, 2):g}"


def columns(results: list[GradingResult], sheets: list[Worksheet]) -> list[tuple[str, float]]:
    """The exercise columns (id, points): worksheet order, then notebook order."""
    points: dict[str, float] = {}
    for result in results:
        for exercise, entry in result.exercises.items():
            points.setdefault(exercise, entry.max)
    order = [exercise for sheet in sheets for exercise in sheet.exercises]
    known = [e for e in order if e in points]
    return [(e, points[e]) for e in known + sorted(set(points) - set(known))]


def by_student(results: list[GradingResult]) -> dict[str, list[GradingResult]]:
    students: dict[str, list[GradingResult]] = {}
    for result in results:
        students.setdefault(result.student, []).append(result)
    return students


def grades_csv(results: list[GradingResult], sheets: list[Worksheet]) -> str:
    """grades.csv: one row per student, one column per exercise, total, maximum, notes.

    ``results`` holds one result per student and worksheet (see :meth:`Report.selected`):
    nothing is summed over two copies of a worksheet.
    """
    cols = columns(results, sheets)
    maximum = sum(points for _, points in cols)
    students = by_student(results)
    sections = any("/" in student for student in students)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*(["section"] if sections else []), "student", *[c for c, _ in cols], "total", "maximum",
                     "notes"])
    for student in sorted(students):
        earned: dict[str, float] = {}
        notes = []
        for result in sorted(students[student], key=lambda r: r.path):
            for exercise, entry in result.exercises.items():
                earned[exercise] = entry.score
            notes += notes_of(result)
        section, _, name = student.rpartition("/")
        row = [*([section] if sections else []), name] + [number(earned[c]) if c in earned else "" for c, _ in cols]
        writer.writerow([*row, number(sum(earned.values())), number(maximum), "; ".join(notes)])
    return out.getvalue()


def notes_of(result: GradingResult) -> list[str]:
    """What grades.csv says of one result: why not graded, the copy that counts, lateness, changes by hand."""
    name = Path(result.path).name
    notes = [f"{name}: {result.reason}"] if result.reason else []
    if result.others:
        notes.append(f"{name} counts for {result.worksheet} ({result.rule}); not counted: {', '.join(result.others)}")
    if result.gone:
        notes.append(f"{name}: not in the last hand-in")
    late = result.late
    if late and late.days:
        notes.append(f"{name}: handed in {late.hours()} late ({late.days} started day(s), "
                     f"{number(late.penalty_percent)}% off in lms.csv; time from {late.source or 'the LMS'})")
    for change in result.adjustments:
        notes.append(f"{change['exercise']}: {float(change['points']):+g} by {change['who']} ({change['reason']})")
    return notes


def lms_csv(results: list[GradingResult], sheets: list[Worksheet], options: Options) -> str:
    """lms.csv, for an LMS's grade book: per student, each worksheet's total and the total.

    A worksheet a student did not hand in is 0, never blank. With ``--lms-ids`` a column
    ``id`` gives the LMS's id of each student; with ``--deadline`` and ``--late-penalty``
    a late worksheet loses that percentage of its points per started day.
    """
    order = {sheet.id: index for index, sheet in enumerate(sheets)}
    graded = sorted({r.worksheet for r in results if r.worksheet},
                    key=lambda w: (order.get(w, len(order)), w))
    ids = dict(options.lms_ids)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["student", *(["id"] if ids else []), *graded, "total"])
    for student, mine in sorted(by_student(results).items()):
        totals = dict.fromkeys(graded, 0.0)
        for result in mine:
            if result.worksheet in totals:
                penalty = result.late.penalty_percent if result.late else late_of(result, options)[1]
                totals[result.worksheet] = (result.score or 0.0) * (1 - penalty / 100)
        writer.writerow([student, *([ids.get(student, ids.get(student.rpartition("/")[2], ""))] if ids else []),
                         *[number(totals[w]) for w in graded], number(sum(totals.values()))])
    return out.getvalue()
