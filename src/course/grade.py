"""`course grade`: grade a class's notebooks with the hidden tests, in parallel.

``course grade SUBMISSIONS... --out DIR [--jobs N] [--force]`` takes notebooks or
folders of notebooks. For each file it

* finds the student (the file's folder under a given folder, else the file's name)
  and the worksheet (notebook metadata ``course.worksheet``, else the cells it shares
  with a solution notebook, else the file name);
* runs the worksheet's hidden test module (tests/grading/test_*.py whose ``NOTEBOOK``
  names the worksheet's notebook) against it, in one of N grading processes, each
  notebook in a confined process of its own (see :mod:`course.submission`);
* writes ``DIR/results/<student>.<worksheet>.json`` (Gradescope's results.json format,
  with the grader's details under ``extra_data``) as soon as the notebook is graded,
  then ``DIR/grades.csv`` (one row per student, one column per exercise, total and
  maximum) and ``DIR/feedback/<student>.md`` (points per exercise, the failing tests'
  names and messages, the cells that raised; never a hidden test's source).

A rerun skips notebooks whose result exists for the same file content (``--force``
grades them again); an interrupted run keeps every result written. A file that is not
a notebook, not valid JSON, or matches no worksheet gets a row with the reason.
"""

from __future__ import annotations

import argparse
import ast
import csv
import functools
import hashlib
import io
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from exercises.i18n import STUB_PATTERN

from . import wire
from .grading_text import ENGLISH, Words, reason as english
from .notebook import cell_source, exercise_ids, language_of, normalized, worksheet_of
from .sandbox import Limits

RESULTS = "results"
FEEDBACK = "feedback"
GRADES = "grades.csv"
LMS = "lms.csv"
CACHE = ".cache"
SIMILAR = 0.5  #: share of a worksheet's cells a notebook must hold to match by content
SIMILAR_WEAK = 0.2
#: pytest's own plugins that grading does not need (each costs time in every session)
INTERRUPTED = "\ninterrupted: every notebook graded so far is kept; run again to go on"
QUIET_PLUGINS = ("unraisableexception", "threadexception", "doctest", "junitxml", "pastebin",
                 "legacypath", "stepwise", "faulthandler", "setuponly", "setupplan")


# ----------------------------------------------------------------------------- course


@dataclass(frozen=True)
class Worksheet:
    """A worksheet of the course: its solution notebook and hidden test module."""

    id: str
    stem: str
    solution: Path
    tests: Path | None
    exercises: tuple[str, ...]
    cells: frozenset[str]


def find_root(start: Path) -> Path | None:
    """The course folder (with solutions/ and tests/grading/) at or above ``start``."""
    for folder in [start, *start.parents]:
        if (folder / "solutions").is_dir() and (folder / "tests" / "grading").is_dir():
            return folder
    return None


def notebook_of_module(path: Path) -> str | None:
    """The ``NOTEBOOK = "..."`` a hidden test module names, read without importing it."""
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (SyntaxError, UnicodeDecodeError):
        return None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "NOTEBOOK" for target in node.targets
        ):
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                return node.value.value
    return None


def worksheets(root: Path) -> list[Worksheet]:
    """The worksheets of the course, in order."""
    modules = {}
    for module in sorted((root / "tests" / "grading").glob("test_*.py")):
        stem = notebook_of_module(module)
        if stem:
            modules[stem] = module
    found = []
    for solution in sorted((root / "solutions").glob("*.ipynb")):
        notebook = json.loads(solution.read_text(encoding="utf-8"))
        cells = frozenset(
            normalized(cell_source(cell))
            for cell in notebook.get("cells", [])
            if normalized(cell_source(cell)) and not cell.get("metadata", {}).get("course", {}).get("exercise")
        )
        found.append(
            Worksheet(
                id=worksheet_of(notebook) or solution.stem,
                stem=solution.stem,
                solution=solution,
                tests=modules.get(solution.stem),
                exercises=tuple(exercise_ids(notebook)),
                cells=cells,
            )
        )
    return found


# ----------------------------------------------------------------------------- submissions

#: Canvas: ``login_[LATE_]userid_submissionid_filename`` (a resubmission may add ``-1``)
CANVAS = re.compile(r"^(?P<student>[a-z0-9]+)_(?P<late>LATE_)?(?P<user>\d+)_(?P<submission>\d+)_(?P<file>.+)$")
#: Moodle: ``Full Name_participantid_assignsubmission_file_`` (a folder, or a file name's start)
MOODLE = re.compile(r"^(?P<student>.+?)_(?P<user>\d+)_assignsubmission_(?:file|onlinetext)_(?P<file>.*)$")
#: files of an LMS download that are not hand-ins: nbgrader's submission time, macOS litter
IGNORED = {"timestamp.txt", ".DS_Store", "Thumbs.db"}


@dataclass
class Task:
    """One file to grade (or to report as not gradable)."""

    path: Path
    student: str
    digest: str
    worksheet: Worksheet | None = None
    reason: str = ""
    key: str = ""
    submitted: float = 0.0  #: when it was handed in (nbgrader's timestamp.txt, else the file's time)
    lms_late: bool = False  #: the LMS marked it late (Canvas's ``LATE_``)
    language: str | None = None  #: the notebook's language when not English (its metadata)

    @property
    def fid(self) -> str:
        """The file's id in the cache: its absolute path, hashed."""
        return file_id(self.path)

    @property
    def group(self) -> str:
        """What one grade is kept for: the worksheet, or the file itself when it has none."""
        return self.worksheet.id if self.worksheet else "file:" + self.path.name


def file_id(path: Path) -> str:
    return hashlib.sha256(str(Path(os.path.abspath(path))).encode("utf-8", "surrogatepass")).hexdigest()[:24]


def expand(paths: list[str]) -> list[tuple[Path, Path | None]]:
    """Every file to grade, with the folder it was found in (None: named directly)."""
    files = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            for file in sorted(path.rglob("*")):
                parts = file.relative_to(path).parts
                if file.is_file() and not any(p.startswith(".") for p in parts) and file.name not in IGNORED:
                    files.append((file, path))
        elif path.name not in IGNORED:
            files.append((path, None))
    return files


def _looks_like_worksheet(stem: str, sheets: list[Worksheet]) -> bool:
    lowered = stem.lower()
    return bool(re.match(r"^\d\d_", lowered)) or any(
        lowered == sheet.stem.lower() or lowered == sheet.id.lower() for sheet in sheets
    )


def lms_student(path: Path) -> tuple[str, bool] | None:
    """The student an LMS download names (Canvas, Moodle, nbgrader's submitted/), and late."""
    parts = Path(os.path.abspath(path)).parts
    if "submitted" in parts[:-1]:  # nbgrader: submitted/<student>/<assignment>/<notebook>
        index = len(parts) - 1 - parts[::-1].index("submitted")
        if len(parts) - index == 4:
            return parts[index + 1], False
    for part in reversed(parts[-2:]):
        stem = Path(part).stem if part == parts[-1] else part
        found = MOODLE.match(stem)
        if found:
            return found["student"].strip(), False
        found = CANVAS.match(stem)
        if found and part == parts[-1]:
            return found["student"], bool(found["late"])
    return None


def single_student_folder(folder: Path, sheets: list[Worksheet]) -> bool:
    """A folder given on the command line that is one student's hand-in, not a class.

    It has no sub-folders holding notebooks, and at least one notebook named like a
    worksheet (``03_abapa.ipynb``): its other notebooks (``Untitled.ipynb``) are that
    student's too.
    """
    files = [f for f in folder.iterdir() if not f.name.startswith(".")] if folder.is_dir() else []
    if any(f.is_dir() and any(f.rglob("*.ipynb")) for f in files):
        return False
    return any(f.suffix == ".ipynb" and _looks_like_worksheet(f.stem, sheets) for f in files)


def student_of(path: Path, folder: Path | None, sheets: list[Worksheet],
               mapping: dict[str, str] | None = None, known: dict[str, str] | None = None) -> str:
    """The student's id of a file (rules in order, the first that applies):

    1. the mapping file (``--students``): a path part, the file's name or an LMS id;
    2. an LMS download's name: nbgrader's ``submitted/<student>/``, Canvas's
       ``login_userid_subid_file``, Moodle's ``Full Name_id_assignsubmission_file_``;
    3. the student this file was graded for before (a rerun of one student's folder);
    4. the top folder under a given folder; a given folder that is one student's
       hand-in (:func:`single_student_folder`); a file named like a worksheet is named
       by its folder; else the file's name.
    """
    lms = lms_student(path)
    if mapping:
        candidates = [*Path(os.path.abspath(path)).parts[::-1], path.stem]
        if lms:
            candidates.insert(0, lms[0])
        found = CANVAS.match(path.stem) or MOODLE.match(path.stem) or MOODLE.match(path.parent.name)
        if found:
            candidates.insert(0, found["user"])
        for candidate in candidates:
            if candidate in mapping:
                return mapping[candidate]
    if lms:
        return lms[0]
    if known and file_id(path) in known:
        return known[file_id(path)]
    if folder is not None:
        parts = path.relative_to(folder).parts
        if len(parts) > 1:
            return parts[0]
        if single_student_folder(folder, sheets) and Path(os.path.abspath(folder)).name:
            return Path(os.path.abspath(folder)).name
    if _looks_like_worksheet(path.stem, sheets) and path.resolve().parent.name:
        return path.resolve().parent.name
    return path.stem


def submitted_at(path: Path) -> float:
    """When a file was handed in: nbgrader's timestamp.txt beside it (or above), else its time."""
    for folder in (path.parent, path.parent.parent):
        stamp = folder / "timestamp.txt"
        if stamp.is_file():
            try:
                return parse_time(stamp.read_text(encoding="utf-8").strip())
            except (OSError, ValueError):
                break
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def parse_time(text: str) -> float:
    """Seconds since the epoch of an ISO time (``2026-11-20 13:45:01.5 UTC``; naive is UTC)."""
    from datetime import datetime, timezone

    text = text.strip()
    if text.endswith(" UTC") or text.endswith("Z"):
        text = text[:-4] if text.endswith(" UTC") else text[:-1]
        text += "+00:00"
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


def match_worksheet(notebook: Any, path: Path, sheets: list[Worksheet]) -> Worksheet | None:
    """The worksheet of a notebook: its metadata, else its cells, else its file name."""
    by_id = {sheet.id: sheet for sheet in sheets}
    claimed = worksheet_of(notebook)
    if claimed in by_id:
        return by_id[claimed]
    sources = {
        normalized(cell_source(cell))
        for cell in notebook.get("cells", [])
        if isinstance(cell, dict) and isinstance(cell_source(cell), str)
    }
    shares = sorted(
        ((len(sheet.cells & sources) / max(len(sheet.cells), 1), index) for index, sheet in enumerate(sheets)),
        reverse=True,
    )
    if shares and shares[0][0] >= SIMILAR:
        return sheets[shares[0][1]]
    stem = path.stem.lower()
    for sheet in sheets:
        if stem.startswith(sheet.stem.lower()) or re.search(rf"(^|[^a-z]){re.escape(sheet.id)}([^a-z]|$)", stem):
            return sheet
    if shares and shares[0][0] >= SIMILAR_WEAK:
        return sheets[shares[0][1]]
    return None


def prepare(path: Path, folder: Path | None, sheets: list[Worksheet],
            mapping: dict[str, str] | None = None, known: dict[str, str] | None = None) -> Task:
    """A task for one file: its student, worksheet, or why it cannot be graded."""
    student = student_of(path, folder, sheets, mapping, known)
    lms = lms_student(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        return Task(path, student, "", reason=english("cannot be read ({error})", error=error.strerror))
    task = Task(path, student, hashlib.sha256(data).hexdigest(), submitted=submitted_at(path),
                lms_late=bool(lms and lms[1]))
    if path.suffix.lower() != ".ipynb":
        task.reason = english("not a notebook (a {suffix}, not a .ipynb)", suffix=path.suffix) if path.suffix \
            else english("not a notebook (a file without extension, not a .ipynb)")
        return task
    try:
        notebook = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        task.reason = english("not valid JSON ({error})", error=str(error)[:120])
        return task
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        task.reason = english("not a notebook (valid JSON without a list of cells)")
        return task
    task.language = language_of(notebook)
    task.worksheet = match_worksheet(notebook, path, sheets)
    if task.worksheet is None:
        task.reason = english("matches no worksheet of the course")
    elif task.worksheet.tests is None:
        task.reason = english("worksheet {worksheet} has no hidden tests", worksheet=task.worksheet.id)
    return task


def prepare_safely(path: Path, folder: Path | None, sheets: list[Worksheet],
                   mapping: dict[str, str] | None = None, known: dict[str, str] | None = None) -> Task:
    """:func:`prepare`, with a malformed notebook reported instead of stopping the batch."""
    try:
        return prepare(path, folder, sheets, mapping, known)
    except (TypeError, AttributeError, ValueError, RecursionError) as error:
        student = student_of(path, folder, sheets, mapping, known)
        return Task(path, student, "",
                    reason=english("not a well-formed notebook ({error})", error=type(error).__name__))


def result_key(student: str, group: str) -> str:
    """The file-name-safe key of a student's result for one worksheet: ``student.worksheet``."""
    safe = re.sub(r"[^\w.-]", "_", student)
    if safe != student:  # two names that read alike stay apart
        safe += "-" + hashlib.sha256(student.encode("utf-8", "surrogatepass")).hexdigest()[:6]
    kind = group[5:] if group.startswith("file:") else group
    kind = re.sub(r"[^\w.-]", "_", Path(kind).stem if group.startswith("file:") else kind)
    return f"{safe}.{kind}"


def read_mapping(path: str | None) -> dict[str, str]:
    """A CSV of two columns, what a file or LMS names (a folder, file, login or id) and an id."""
    if not path:
        return {}
    mapping = {}
    with open(path, encoding="utf-8-sig", newline="") as handle:
        for row in csv.reader(handle):
            if len(row) >= 2 and row[0].strip() and row[1].strip():
                mapping[row[0].strip()] = row[1].strip()
    return mapping


def fingerprints(root: Path, sheets: list[Worksheet], options: dict) -> dict[str, str]:
    """Per worksheet, a digest of everything that decides its grades.

    The hidden test module and the helpers and conftest files beside it, the solution
    notebook and its translations' catalogs, the package's version and sources (the worksheet's own package, the shared
    modules and the grader, not another worksheet's package), and the grading options.
    """
    from importlib import metadata

    try:
        version = metadata.version("tabletop-python")
    except metadata.PackageNotFoundError:
        version = "?"
    import exercises

    package = Path(exercises.__file__).resolve().parent
    grader = Path(__file__).resolve().parent
    ids = [sheet.id for sheet in sheets]

    def owner(entry: Path) -> str | None:
        name = entry.stem if entry.is_file() else entry.name
        return next((i for i in ids if name == i or name.startswith(i + "_")), None)

    def digest_of(paths: list[Path]) -> hashlib._Hash:
        digest = hashlib.sha256()
        for path in sorted(paths):
            files = sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts) \
                if path.is_dir() else [path]
            for file in files:
                digest.update(str(file.relative_to(root if root in file.parents else package.parent)).encode())
                digest.update(file.read_bytes())
        return digest

    entries = [e for e in package.iterdir() if e.name != "__pycache__"]
    # the grader's own files count when they decide outcomes (not grade.py, cli.py: results
    # are rebuilt from the kept reports at every run)
    shared = [e for e in entries if owner(e) is None]
    shared += [grader / f"{name}.py" for name in ("plugin", "submission", "worker", "wire", "sandbox", "notebook",
                                                    "translation", "grading_text")]
    hidden = root / "tests" / "grading"
    helpers = [p for p in sorted(hidden.rglob("*.py")) if not p.name.startswith("test_")]
    helpers += [p for p in (root / "tests" / "conftest.py",) if p.exists()]
    helpers += sorted((root / "locale").glob("*/LC_MESSAGES/grading.po"))
    common = digest_of(shared + helpers)
    common.update(json.dumps([version, options], sort_keys=True).encode())
    found = {}
    for sheet in sheets:
        digest = common.copy()
        own = [e for e in entries if owner(e) == sheet.id]
        catalogs = sorted((root / "locale").glob(f"*/LC_MESSAGES/notebooks/{sheet.solution.stem}.po"))
        digest.update(digest_of(own + [sheet.solution] + ([sheet.tests] if sheet.tests else []) + catalogs).digest())
        found[sheet.id] = digest.hexdigest()[:32]
    return found


# ----------------------------------------------------------------------------- results

VISIBILITIES = ("hidden", "after_due_date", "after_published", "visible")


@dataclass(frozen=True)
class Options:
    """How results are kept and shown (none of these changes a test's outcome)."""

    rule: str = "newest"  #: which copy of a worksheet counts: "newest" or "best"
    visibility: str = "after_due_date"  #: Gradescope visibility of each test
    deadlines: tuple[tuple[str, float], ...] = ()  #: (worksheet or "", seconds since the epoch)
    late_penalty: float = 0.0  #: percent of the worksheet's points per started day late
    lms_ids: tuple[tuple[str, str], ...] = ()  #: student -> the LMS's id


def shares(points: float, count: int) -> list[float]:
    """``points`` split over ``count`` tests: equal shares rounded to 0.0001, the last one
    taking what is left, so that they add up to ``points`` (Gradescope adds them)."""
    if count <= 1:
        return [points] * count
    share = round(points / count, 4)
    return [share] * (count - 1) + [round(points - share * (count - 1), 10)]


def scores(tests: list[dict]) -> dict[str, dict[str, float]]:
    """Per exercise: its points and score (the shares of the tests it passes)."""
    exercises: dict[str, dict[str, Any]] = {}
    for test in tests:
        entry = exercises.setdefault(test["exercise"], {"max": float(test["points"]), "tests": []})
        entry["tests"].append(test)
    found = {}
    for exercise, e in exercises.items():
        parts = shares(e["max"], len(e["tests"]))
        passed = [share for share, test in zip(parts, e["tests"]) if test["outcome"] == "passed"]
        found[exercise] = {"score": round(sum(passed), 4), "max": e["max"], "passed": len(passed),
                           "total": len(e["tests"])}
    return found


def result_of(task: Task, report: dict | None, seconds: float, failure: str = "",
              options: Options = Options(), root: Path | None = None) -> dict:
    """The Gradescope-style results.json of one submission."""
    tests = report.get("tests", []) if report else []
    language = (report or {}).get("language") or task.language
    say = Words(task.worksheet.solution.parent.parent if task.worksheet else root, language)
    exercises = scores(tests)
    gradescope_tests = []
    split = {exercise: iter(shares(entry["max"], entry["total"])) for exercise, entry in exercises.items()}
    for test in tests:
        share = next(split[test["exercise"]])
        gradescope_tests.append({
            "name": f"{test['exercise']}: {test['name']}",
            "score": share if test["outcome"] == "passed" else 0.0,
            "max_score": share,
            "status": "passed" if test["outcome"] == "passed" else "failed",
            "output": test.get("message", "") + (
                say("\nHint: {hint}", hint=test["hint"]) if test.get("hint") and test["outcome"] != "passed" else ""),
            "tags": [test["exercise"]],
            "visibility": options.visibility,
        })
    cells = []
    checks = []
    confinement = {}
    for notebook in (report or {}).get("notebooks", []):
        cells.extend(notebook.get("cells", []))
        checks.extend(notebook.get("checks", []))
        confinement = notebook.get("confinement", confinement)
    reason = task.reason or failure
    if report is not None and not tests and not reason:
        reason = english("the hidden tests did not run (see the grader's log)")
    return {
        "score": round(sum(e["score"] for e in exercises.values()), 4),
        "execution_time": round(seconds, 2),
        "output": say.sentence(reason) or say("Graded by the hidden tests."),
        "stdout_visibility": "hidden",
        "tests": gradescope_tests,
        "extra_data": {
            "student": task.student,
            "worksheet": task.worksheet.id if task.worksheet else None,
            "path": str(task.path),
            "sha256": task.digest,
            "submitted": task.submitted,
            "status": "graded" if not reason else ("not graded" if task.reason else "error"),
            "reason": reason,
            "exercises": exercises,
            "cells": cells,
            "checks": checks,
            "confinement": confinement,
            "timings": {**(report or {}).get("timings", {}), "total": round(seconds, 4)},
            "others": [],
            "rule": options.rule,
            **({"language": language} if language else {}),
        },
    }


def late_of(result: dict, options: Options) -> tuple[int, float]:
    """Days late (started days after the worksheet's deadline) and the penalty in percent."""
    extra = result["extra_data"]
    deadlines = dict(options.deadlines)
    deadline = deadlines.get(extra.get("worksheet") or "", deadlines.get(""))
    submitted = extra.get("submitted") or 0.0
    if deadline is None or submitted <= deadline:
        return 0, 0.0
    days = int(-(-(submitted - deadline) // 86400))
    return days, min(100.0, days * options.late_penalty)


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


def _number(value: float) -> str:
    return f"{round(value, 2):g}"


def columns(results: list[dict], sheets: list[Worksheet]) -> list[tuple[str, float]]:
    """The exercise columns (id, points): worksheet order, then notebook order."""
    points: dict[str, float] = {}
    for result in results:
        for exercise, entry in result["extra_data"]["exercises"].items():
            points.setdefault(exercise, entry["max"])
    order = [exercise for sheet in sheets for exercise in sheet.exercises]
    known = [e for e in order if e in points]
    return [(e, points[e]) for e in known + sorted(set(points) - set(known))]


def _by_student(results: list[dict]) -> dict[str, list[dict]]:
    students: dict[str, list[dict]] = {}
    for result in results:
        students.setdefault(result["extra_data"]["student"], []).append(result)
    return students


def grades_csv(results: list[dict], sheets: list[Worksheet]) -> str:
    """grades.csv: one row per student, one column per exercise, total, maximum, notes.

    ``results`` holds one result per student and worksheet (see :meth:`Report.selected`):
    nothing is summed over two copies of a worksheet.
    """
    cols = columns(results, sheets)
    maximum = sum(points for _, points in cols)
    students = _by_student(results)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["student", *[c for c, _ in cols], "total", "maximum", "notes"])
    for student in sorted(students):
        earned: dict[str, float] = {}
        notes = []
        for result in sorted(students[student], key=lambda r: r["extra_data"]["path"]):
            extra = result["extra_data"]
            for exercise, entry in extra["exercises"].items():
                earned[exercise] = entry["score"]
            if extra["reason"]:
                notes.append(f"{Path(extra['path']).name}: {extra['reason']}")
            if extra.get("others"):
                notes.append(f"{Path(extra['path']).name} counts for {extra['worksheet']} ({extra['rule']}); "
                             f"not counted: {', '.join(extra['others'])}")
        row = [student] + [_number(earned[c]) if c in earned else "" for c, _ in cols]
        writer.writerow([*row, _number(sum(earned.values())), _number(maximum), "; ".join(notes)])
    return out.getvalue()


def lms_csv(results: list[dict], sheets: list[Worksheet], options: Options) -> str:
    """lms.csv, for an LMS's grade book: per student, each worksheet's total and the total.

    A worksheet a student did not hand in is 0, never blank. With ``--lms-ids`` a column
    ``id`` gives the LMS's id of each student; with ``--deadline`` and ``--late-penalty``
    a late worksheet loses that percentage of its points per started day.
    """
    order = {sheet.id: index for index, sheet in enumerate(sheets)}
    graded = sorted({r["extra_data"]["worksheet"] for r in results if r["extra_data"].get("worksheet")},
                    key=lambda w: (order.get(w, len(order)), w))
    ids = dict(options.lms_ids)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["student", *(["id"] if ids else []), *graded, "total"])
    for student, mine in sorted(_by_student(results).items()):
        totals = dict.fromkeys(graded, 0.0)
        for result in mine:
            worksheet = result["extra_data"].get("worksheet")
            if worksheet in totals:
                _, penalty = late_of(result, options)
                totals[worksheet] = result["score"] * (1 - penalty / 100)
        writer.writerow([student, *([ids.get(student, "")] if ids else []),
                         *[_number(totals[w]) for w in graded], _number(sum(totals.values()))])
    return out.getvalue()


STUB = re.compile(r"NotImplementedError: " + STUB_PATTERN.pattern)  # a stub's sentence, in any language
MISSING = re.compile(r"(?:does not define|defines no) [`'](?P<name>\w+)[`']")


def root_cause(message: str, say: Words = ENGLISH) -> str | None:
    """What a failure comes from when it is not the test's exercise itself: a stub, a missing name."""
    found = STUB.search(message)
    if found:
        return say("`{exercise}` is not done yet (its code still raises NotImplementedError)",
                   exercise=found["exercise"])
    found = root_cause_name(message, say)
    if found:
        return say("your notebook does not define `{name}`", name=found["name"])
    return None


def _cell_line(cell: dict, say: Words = ENGLISH) -> str:
    where = say("cell {cell}", cell=cell["cell"]) if cell.get("cell") else \
        say("code cell {number} (not counting checks and demos)", number=cell["index"] + 1)
    return f"- {where}: {' '.join(say.sentence(str(cell['error'])).split())}"


def feedback(student: str, results: list[dict], root: Path | None = None) -> str:
    """A student's feedback in Markdown, one section per worksheet.

    Points per exercise; then the root causes first (an exercise not done yet, a name
    the notebook does not define: "6 tests of 3 exercises need it"); then each
    exercise's other failures, one line each saying what was called, expected and
    returned; then the cells that raised, numbered as the notebook shows them (every
    cell from the top, text cells included). A notebook where nothing is done yet gets a
    short summary instead of every test. Each section is in its notebook's language
    (:mod:`course.grading_text`); the title in the language of the first.
    """
    ordered = sorted(results, key=lambda r: r["extra_data"]["path"])
    first = Words(root, ordered[0]["extra_data"].get("language")) if ordered else ENGLISH
    lines = [first("# Feedback for {student}", student=student), ""]
    for result in ordered:
        extra = result["extra_data"]
        say = Words(root, extra.get("language")) if extra.get("language") else ENGLISH
        name = Path(extra["path"]).name
        exercises = extra["exercises"]
        if extra["reason"] and not exercises:
            lines += [f"## {name}", "", say("Not graded: {reason}.", reason=say.sentence(extra["reason"])), ""]
            continue
        total = sum(e["max"] for e in exercises.values())
        lines += [say("## {name} (worksheet {worksheet}): {score} / {total} points", name=name,
                      worksheet=extra["worksheet"], score=_number(result["score"]), total=_number(total)), ""]
        if extra["reason"]:
            lines += [say("Note: {reason}.", reason=say.sentence(extra["reason"])), ""]
        if extra.get("others"):
            rule = say("the best") if extra.get("rule") == "best" else say("the newest")
            lines += [say("Several notebooks of this worksheet were handed in: {name} counts ({rule}); "
                          "not counted: {others}.", name=name, rule=rule, others=", ".join(extra["others"])), ""]
        late = extra.get("late")
        if late and late.get("days"):
            lines += [say("Handed in {days} day(s) late: {percent}% of the points are taken off in the grade book.",
                          days=late["days"], percent=_number(late["penalty_percent"])), ""]
        failing = [test for test in result["tests"] if test["status"] != "passed"]
        causes: dict[str, dict[str, list]] = {}
        rest: dict[str, list[tuple[str, str]]] = {}
        for test in failing:
            exercise, _, test_name = test["name"].partition(": ")
            message = " ".join(str(test["output"]).split()) or "failed"
            cause = root_cause(message, say)
            if cause:
                causes.setdefault(cause, {}).setdefault(exercise, []).append(test_name)
            else:
                rest.setdefault(exercise, []).append((test_name, message))
        cells = [c for c in extra["cells"] if not STUB.search(str(c.get("error", "")))]
        nothing_done = failing and not rest and result["score"] == 0
        if nothing_done:
            lines += [say("Nothing of this worksheet can be graded yet: {tests} tests of {exercises} exercises "
                          "fail because:", tests=len(failing), exercises=len(exercises)), ""]
            stubs = [STUB.search(m)["exercise"] for m in (" ".join(str(t["output"]).split()) for t in failing)
                     if STUB.search(m)]
            missing = [found["name"] for found in (root_cause_name(" ".join(str(t["output"]).split()), say)
                                                   for t in failing) if found]
            if stubs:
                lines.append(say("- not done yet (the code still raises NotImplementedError): {names}",
                                 names=", ".join(f"`{e}`" for e in dict.fromkeys(stubs))))
            if missing:
                lines.append(say("- not defined in your notebook (is its cell there, and run?): {names}",
                                 names=", ".join(f"`{n}`" for n in dict.fromkeys(missing))))
            if cells:
                lines += ["", say("Cells of your notebook that raised an error when run from the top:"), ""]
                lines += [_cell_line(cell, say) for cell in cells]
            lines.append("")
            continue
        lines += [say("| exercise | points | tests passed |"), "|---|---|---|"]
        for exercise, entry in exercises.items():
            lines.append(say("| {exercise} | {score} / {total} | {passed} of {count} |", exercise=exercise,
                             score=_number(entry["score"]), total=_number(entry["max"]),
                             passed=entry["passed"], count=entry["total"]))
        given: dict[str, dict[str, int]] = {}
        given_start = say("graded with the given {names} because yours fails its tests", names="\0").split("\0")[0]
        for test in result["tests"]:
            if test["status"] == "passed" and str(test.get("output", "")).startswith(given_start):
                exercise = test["name"].partition(": ")[0]
                notes = given.setdefault(exercise, {})
                notes[test["output"]] = notes.get(test["output"], 0) + 1
        if given:
            lines += ["", say("A mistake costs once: these exercises were graded with the course's code in place "
                              "of an earlier exercise of yours that fails its tests:"), ""]
            for exercise, notes in given.items():
                for note, count in notes.items():
                    lines.append(say("- {exercise}: {note} (1 test).", exercise=exercise, note=note) if count == 1
                                 else say("- {exercise}: {note} ({count} tests).", exercise=exercise, note=note,
                                          count=count))
        if causes:
            lines += ["", say("First, what other failures come from:"), ""]
            for cause, by_exercise in causes.items():
                count = sum(len(tests) for tests in by_exercise.values())
                if len(by_exercise) == 1 and f"`{next(iter(by_exercise))}`" in cause:
                    lines.append(say("- {cause}: its {count} tests fail on it.", cause=cause, count=count)
                                 if count > 1 else say("- {cause}: its one test fails on it.", cause=cause))
                    continue
                names = ", ".join(by_exercise)
                if len(by_exercise) != 1:
                    lines.append(say("- {cause}: {count} tests of {exercises} exercises need it ({names}).",
                                     cause=cause, count=count, exercises=len(by_exercise), names=names))
                elif count != 1:
                    lines.append(say("- {cause}: {count} tests of 1 exercise need it ({names}).",
                                     cause=cause, count=count, names=names))
                else:
                    lines.append(say("- {cause}: 1 test of 1 exercise needs it ({names}).", cause=cause, names=names))
        if rest:
            lines += ["", say("Tests that did not pass, by exercise:"), ""]
            for exercise, tests in rest.items():
                lines.append(f"- **{exercise}**")
                lines += [f"  - `{test_name}`: {message}" for test_name, message in tests]
        if cells:
            lines += ["", say("Cells of your notebook that raised an error when run from the top "
                              "(counted from the top, text cells included):"), ""]
            lines += [_cell_line(cell, say) for cell in cells]
        lines.append("")
    return "\n".join(lines)


def root_cause_name(message: str, say: Words = ENGLISH):
    """The match naming what a message says the notebook does not define, in either language."""
    found = MISSING.search(message)
    if found or say is ENGLISH:
        return found
    for template, name in (("the notebook does not define `{name}`; the test expected it", "\0"),
                           ("the notebook defines no {name} (is the cell that defines it run?)", "'\0'")):
        french = re.escape(say.table.get(template, template).replace("{name}", name))
        found = re.search(french.replace(re.escape("\0"), r"(?P<name>\w+)"), message)
        if found:
            return found
    return None


class Report:
    """The output folder: every file's grading kept in a cache, one result per student and worksheet.

    ``DIR/.cache/<file id>.json`` keeps, for every file ever given (by its absolute
    path), its student, worksheet, content digest, submission time, the fingerprint of
    what graded it and the plugin's raw report. ``DIR/results/`` holds exactly the
    selected results (:meth:`selected`), ``grades.csv``, ``lms.csv`` and ``feedback/``
    are written from them.
    """

    def __init__(self, out: Path, sheets: list[Worksheet], options: Options = Options()) -> None:
        self.out = out
        self.sheets = sheets
        self.by_id = {sheet.id: sheet for sheet in sheets}
        self.root = sheets[0].solution.parent.parent if sheets else None  #: for the feedback's catalogs
        self.options = options
        self._results: dict[int, tuple[Any, str]] = {}
        self.entries: dict[str, dict] = {}
        for path in sorted((out / CACHE).glob("*.json")):
            try:
                entry = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(entry, dict) and "path" in entry:
                self.entries[path.stem] = entry
        self.published: dict[str, str] = {}  # results/<key>.json -> its student
        for path in sorted((out / RESULTS).glob("*.json")):
            try:
                self.published[path.stem] = json.loads(path.read_text(encoding="utf-8"))["extra_data"]["student"]
            except (OSError, ValueError, KeyError, TypeError):
                self.published[path.stem] = ""

    # the cache ----------------------------------------------------------------------
    def prune(self) -> list[dict]:
        """Forget the files that are gone: their results leave the totals."""
        gone = [fid for fid, entry in self.entries.items() if not Path(entry["path"]).exists()]
        for fid in gone:
            (self.out / CACHE / f"{fid}.json").unlink(missing_ok=True)
        return [self.entries.pop(fid) for fid in gone]

    def known_students(self) -> dict[str, str]:
        return {fid: entry["student"] for fid, entry in self.entries.items()}

    def _save(self, fid: str) -> None:
        write_json(self.out / CACHE / f"{fid}.json", self.entries[fid])

    def register(self, task: Task) -> None:
        """Note a file of this run (its grading, if any, is kept while its content is the same)."""
        entry = self.entries.get(task.fid)
        fresh = {"path": str(Path(os.path.abspath(task.path))), "student": task.student,
                 "worksheet": task.worksheet.id if task.worksheet else None, "group": task.group,
                 "sha256": task.digest, "submitted": task.submitted, "lms_late": task.lms_late,
                 "reason": task.reason, **({"language": task.language} if task.language else {})}
        if entry is not None and entry.get("sha256") == task.digest and "graded" in entry:
            fresh.update({k: entry[k] for k in ("graded", "fingerprint", "report", "seconds", "failure")})
        if fresh != entry:
            self.entries[task.fid] = fresh
            self._save(task.fid)

    def current(self, task: Task, fingerprint: str) -> bool:
        """Whether the file's kept grading holds: same content, same tests, options and package."""
        entry = self.entries.get(task.fid)
        return bool(entry) and "graded" in entry and entry.get("sha256") == task.digest \
            and entry.get("fingerprint") == fingerprint and not entry.get("failure")

    def add(self, task: Task, report: dict | None, seconds: float, failure: str = "",
            fingerprint: str = "", only: str | None = None) -> None:
        """Keep a file's grading (with ``only``, that exercise's tests replace the kept ones)."""
        self.register(task)
        entry = self.entries[task.fid]
        if only and report is not None and entry.get("report") and entry.get("sha256") == task.digest:
            kept = [t for t in entry["report"].get("tests", []) if t["exercise"] != only]
            new = [t for t in report.get("tests", []) if t["exercise"] == only]
            report = {**report, "tests": kept + new}
            fingerprint = entry.get("fingerprint", fingerprint)
        entry.update({"graded": time.time(), "fingerprint": fingerprint, "report": report,
                      "seconds": seconds, "failure": failure})
        self._save(task.fid)
        self.publish({task.student})

    # selection -----------------------------------------------------------------------
    def task_of(self, entry: dict) -> Task:
        return Task(Path(entry["path"]), entry["student"], entry["sha256"],
                    worksheet=self.by_id.get(entry.get("worksheet") or ""), reason=entry.get("reason", ""),
                    submitted=entry.get("submitted", 0.0), lms_late=entry.get("lms_late", False),
                    language=entry.get("language"))

    def result(self, entry: dict) -> dict:
        """The results.json of a kept grading (a fresh copy; built once per grading)."""
        key = (entry["path"], entry.get("graded"), entry.get("student"), entry.get("worksheet"))
        if self._results.get(id(entry), (None,))[0] != key:
            self._results[id(entry)] = (key, json.dumps(result_of(
                self.task_of(entry), entry.get("report"), entry.get("seconds", 0.0),
                entry.get("failure", ""), self.options, self.root)))
        return json.loads(self._results[id(entry)][1])

    def groups(self, students: set[str] | None = None) -> dict[tuple[str, str], list[dict]]:
        found: dict[tuple[str, str], list[dict]] = {}
        for entry in self.entries.values():
            if students is None or entry["student"] in students:
                found.setdefault((entry["student"], entry["group"]), []).append(entry)
        return found

    def choose(self, entries: list[dict]) -> dict | None:
        """The copy that counts: the newest (by submission time, then path), or the best."""
        graded = [e for e in entries if "graded" in e]
        if not graded:
            return None
        newest = lambda e: (e.get("submitted", 0.0), e["path"])  # noqa: E731
        if self.options.rule == "best":
            return max(graded, key=lambda e: (self.result(e)["score"], newest(e)))
        return max(graded, key=newest)

    def newest(self, entries: list[dict]) -> dict:
        return max(entries, key=lambda e: (e.get("submitted", 0.0), e["path"]))

    def selected(self, students: set[str] | None = None) -> dict[str, dict]:
        """One result per student and worksheet, by key; the other copies named in it."""
        chosen = {}
        for (student, group), entries in self.groups(students).items():
            entry = self.choose(entries)
            if entry is None:
                continue
            result = self.result(entry)
            others = sorted(Path(e["path"]).name for e in entries if e is not entry)
            result["extra_data"]["others"] = others
            days, penalty = late_of(result, self.options)
            if days or entry.get("lms_late"):
                result["extra_data"]["late"] = {"days": days, "penalty_percent": penalty,
                                                "lms_says_late": bool(entry.get("lms_late"))}
            chosen[result_key(student, group)] = result
        return chosen

    def duplicates(self) -> list[str]:
        """A warning per student and worksheet with more than one copy."""
        lines = []
        for key, result in sorted(self.selected().items()):
            extra = result["extra_data"]
            if extra["others"]:
                lines.append(f"{extra['student']}: {Path(extra['path']).name} counts for {extra['worksheet']} "
                             f"({extra['rule']} copy); not counted: {', '.join(extra['others'])}")
        return lines

    # output ------------------------------------------------------------------------
    def publish(self, students: set[str] | None = None) -> None:
        """Write the selected results of ``students`` (None: everyone), feedback and grade books."""
        chosen = self.selected(students)
        for key, result in chosen.items():
            write_json(self.out / RESULTS / f"{key}.json", result)
            self.published[key] = result["extra_data"]["student"]
        for key, student in list(self.published.items()):
            if key not in chosen and (students is None or student in students or not student):
                (self.out / RESULTS / f"{key}.json").unlink(missing_ok=True)
                del self.published[key]
        everyone = self.selected() if students is not None else chosen
        mine = _by_student(list(chosen.values()))
        for student in (students if students is not None else set(mine)):
            safe = result_key(student, "x")[:-2]
            if mine.get(student):
                write_text(self.out / FEEDBACK / f"{safe}.md", feedback(student, mine[student], self.root))
            else:
                (self.out / FEEDBACK / f"{safe}.md").unlink(missing_ok=True)
        if students is None:  # feedback of students who are gone
            keep = {f"{result_key(s, 'x')[:-2]}.md" for s in mine}
            for path in (self.out / FEEDBACK).glob("*.md"):
                if path.name not in keep:
                    path.unlink(missing_ok=True)
        results = list(everyone.values())
        write_text(self.out / GRADES, grades_csv(results, self.sheets))
        write_text(self.out / LMS, lms_csv(results, self.sheets, self.options))



# ----------------------------------------------------------------------------- grading processes


def pytest_arguments(root: Path, module: Path, notebook: Path, report: Path, limits: Limits,
                     checks: bool = False, only: str | None = None, cascade: bool = True) -> list[str]:
    """The pytest command line that grades one notebook."""
    arguments = ["--run-checks"] if checks else []
    if only:
        arguments += ["--only-exercise", only]
    if not cascade:
        arguments.append("--no-cascade")
    arguments += [
        str(module), "--submission", str(notebook), "--grading-report", str(report),
        "--rootdir", str(root), "-p", "no:cacheprovider", "-q", "--tb=no",
        "-o", "addopts=", "--any-worksheet", "--call-timeout", str(limits.call_seconds),
        "--memory-limit", str(limits.memory_bytes >> 20), "-p", "course.plugin",
    ]
    for plugin in QUIET_PLUGINS:
        arguments += ["-p", f"no:{plugin}"]
    if (root / "pyproject.toml").exists():
        arguments += ["-c", str(root / "pyproject.toml")]
    return arguments


def remember_rewrites() -> None:
    """Keep pytest's rewritten hidden test modules in memory from one session to the next.

    A grading process runs one pytest session per notebook; pytest caches a rewritten
    module in a ``.pyc`` only where bytecode may be written (not with
    PYTHONDONTWRITEBYTECODE, nor in a read-only course folder). The code object is the
    same for the same source, so it is kept by the file's content.
    """
    try:
        from _pytest.assertion import rewrite
    except ImportError:
        return
    original = getattr(rewrite, "_rewrite_test", None)
    if original is None or getattr(original, "remembered", False):
        return
    kept: dict[tuple[str, str], Any] = {}

    def rewrite_test(fn: Path, config: Any) -> Any:
        key = (str(fn), hashlib.sha256(Path(fn).read_bytes()).hexdigest())
        if key not in kept:
            kept[key] = original(fn, config)
        return kept[key]

    rewrite_test.remembered = True  # type: ignore[attr-defined]
    rewrite._rewrite_test = rewrite_test


def serve() -> None:
    """A grading process: read tasks (frames, :func:`wire.grading_task`) on stdin, grade each with pytest."""
    import pytest

    remember_rewrites()

    tasks, answers = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while (task := wire.read_frame(tasks)) is not None:
        root = Path(task["root"])
        code = pytest.main(pytest_arguments(
            root, Path(task["module"]), Path(task["notebook"]), Path(task["report"]),
            Limits(call_seconds=task["call_seconds"], memory_bytes=task["memory_mb"] << 20),
            task.get("checks", False), task.get("only"), task.get("cascade", True),
        ))
        tests = str(root / "tests")
        for name, module in list(sys.modules.items()):  # hidden tests start afresh each time
            if (getattr(module, "__file__", None) or "").startswith(tests):
                del sys.modules[name]
        wire.write_frame(answers, {"exit": int(code)})


class GradingProcess:
    """A ``course grade`` worker: one process grading notebooks one after the other."""

    def __init__(self, scratch: Path) -> None:
        self.process: subprocess.Popen | None = None
        self.scratch = scratch  # temporary folders of this process and its notebooks' processes

    def start(self) -> subprocess.Popen:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "course.grade", "--serve"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                bufsize=0, start_new_session=True,
                # only the grading plugin: scanning installed plugins costs time at every session
                env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "TMPDIR": str(self.scratch)},
            )
        return self.process

    def grade(self, task: dict, seconds: float) -> dict | None:
        """Send one task; its answer, or None when it took too long or the process died."""
        process = self.start()
        try:
            wire.write_frame(process.stdin.fileno(), task)  # type: ignore[union-attr]
            answer = wire.read_frame(process.stdout.fileno(), time.monotonic() + seconds)  # type: ignore[union-attr]
        except (OSError, wire.ProtocolError):
            answer = None
        if answer is None:
            self.stop()
        return answer

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:
                pass
            self.process.wait()
        self.process = None


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


# ----------------------------------------------------------------------------- command


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``course grade``."""
    parser.add_argument("submissions", nargs="+", help="student notebooks or folders")
    parser.add_argument("--out", required=True, help="where grades and feedback are written")
    parser.add_argument("--jobs", type=int, default=None, help="parallel gradings (default: all cores)")
    parser.add_argument("--force", action="store_true", help="grade again what is already graded")
    parser.add_argument("--root", default=None, help="the course folder (default: found from the current folder)")
    parser.add_argument("--call-timeout", type=float, default=Limits.call_seconds, metavar="SECONDS",
                        help="time limit of one cell or one call of a test (default: %(default)s)")
    parser.add_argument("--memory-limit", type=int, default=Limits.memory_bytes >> 20, metavar="MB",
                        help="memory a notebook may allocate (default: %(default)s)")
    parser.add_argument("--checks", action="store_true",
                        help="also run each notebook's public checks and record their verdicts")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="grade on the Dask cluster of this scheduler (tcp://host:8786); "
                             "workers need the package with its cluster extra")
    parser.add_argument("--submission-timeout", type=float, default=600, metavar="SECONDS",
                        help="time limit to grade one notebook (default: %(default)s)")
    parser.add_argument("--no-cascade", dest="cascade", action="store_false",
                        help="grade each exercise with the student's own earlier exercises, even wrong ones")
    parser.add_argument("--best", action="store_true",
                        help="of several notebooks of one worksheet, keep the best (default: the newest)")
    parser.add_argument("--only", metavar="EXERCISE",
                        help="grade this exercise again (e.g. dice421.roll_die), keeping the others' results")
    parser.add_argument("--students", metavar="CSV",
                        help="a mapping (two columns: a folder, file name or LMS id, and the student's id)")
    parser.add_argument("--visibility", choices=VISIBILITIES, default="after_due_date",
                        help="Gradescope visibility of each test in results/*.json (default: %(default)s)")
    parser.add_argument("--lms-ids", metavar="CSV",
                        help="the LMS's id of each student (two columns: student, id) for lms.csv")
    parser.add_argument("--deadline", action="append", default=[], metavar="[WORKSHEET=]TIME",
                        help="the deadline (ISO time, UTC unless it says), of all worksheets or one; repeatable")
    parser.add_argument("--late-penalty", type=float, default=0.0, metavar="PERCENT",
                        help="lms.csv: percent of a worksheet's points lost per started day late")


def grades_exercise(sheet: Worksheet, exercise: str) -> bool:
    """Whether a worksheet's notebook or hidden tests name ``exercise``."""
    if exercise in sheet.exercises:
        return True
    try:
        text = sheet.tests.read_text(encoding="utf-8") if sheet.tests else ""
    except OSError:
        return False
    return f'"{exercise}"' in text or f"'{exercise}'" in text


def options_of(args: argparse.Namespace) -> Options:
    """The result options of a command line (ValueError for a bad deadline)."""
    deadlines = []
    for given in args.deadline:
        worksheet, _, moment = given.rpartition("=") if "=" in given else ("", "", given)
        deadlines.append((worksheet, parse_time(moment)))
    return Options(rule="best" if args.best else "newest", visibility=args.visibility,
                   deadlines=tuple(deadlines), late_penalty=args.late_penalty,
                   lms_ids=tuple(read_mapping(args.lms_ids).items()))


class Refused(Exception):
    """Why ``course grade`` cannot run, in one sentence (it exits with status 2)."""


def run(args: argparse.Namespace) -> int:
    """Grade the submissions; 0 when every file got a result.

    The steps: find the course, read the options, connect to the cluster if asked
    (:func:`setup`); find the files and decide which to grade (:func:`plan`); grade
    them in local grading processes or on the cluster, each result kept as it comes
    (:func:`grade_locally`, :func:`grade_on_dask`); say what was done (:func:`finished`).
    """
    try:
        root, options, client = setup(args)
    except Refused as error:
        print(f"course grade: {error}", file=sys.stderr)
        return 2
    try:
        batch = plan(args, root, options)
        grade = grade_locally if client is None else functools.partial(grade_on_dask, client=client)
        return grade(batch) or finished(batch)
    except Refused as error:
        print(f"course grade: {error}", file=sys.stderr)
        return 2
    finally:
        if client is not None:
            client.close()


def setup(args: argparse.Namespace) -> tuple[Path, Options, Any]:
    """The course folder, the result options and the Dask client (None: grade locally)."""
    root = Path(args.root).resolve() if args.root else find_root(Path.cwd().resolve())
    if root is None or not (root / "solutions").is_dir():
        raise Refused("no course folder (with solutions/ and tests/grading/) here or above; use --root")
    try:
        options = options_of(args)
    except (ValueError, OSError) as error:
        raise Refused(str(error)) from None
    if not args.scheduler:
        return root, options, None
    from .cluster import SchedulerUnreachable, connect

    try:
        return root, options, connect(args.scheduler)
    except SchedulerUnreachable as error:
        raise Refused(str(error)) from None


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

    def finish(self, task: Task, data: dict | None, seconds: float, failure: str) -> None:
        """Keep a file's grading (``data``: the plugin's report) and write what it changes."""
        with self.lock:
            self.report.add(task, data, seconds, failure, self.prints[task.worksheet.id],  # type: ignore[union-attr]
                            self.only[task.fid])
        self.progress.step(bool(failure))


def plan(args: argparse.Namespace, root: Path, options: Options) -> Batch:
    """The files to grade: found, matched to a student and a worksheet, and not graded already.

    Files that cannot be graded (not a notebook, no worksheet) get their row at once.
    """
    sheets = worksheets(root)
    if args.only and not any(grades_exercise(sheet, args.only) for sheet in sheets):
        raise Refused(f"no worksheet has an exercise {args.only!r}")
    grading_options = {"call_timeout": args.call_timeout, "memory_limit": args.memory_limit,
                       "checks": bool(args.checks), "cascade": bool(args.cascade)}
    prints = fingerprints(root, sheets, grading_options)
    out = Path(args.out).resolve()
    report = Report(out, sheets, options)
    gone = report.prune()
    if gone:
        print(f"{len(gone)} files graded before are gone; their results leave the totals: "
              + ", ".join(sorted(Path(e["path"]).name for e in gone)[:10]), file=sys.stderr)
    mapping, known = read_mapping(args.students), report.known_students()
    tasks = [prepare_safely(path, folder, sheets, mapping, known) for path, folder in expand(args.submissions)]
    if not tasks:
        report.publish()
        raise Refused("no files to grade")
    for task in tasks:
        report.register(task)
    todo, skipped = to_grade(args, tasks, report, prints)
    progress = Progress(len(todo))
    for task in [t for t in todo if t.reason]:
        report.add(task, None, 0.0)
        progress.step(True)
    graded = [t for t in todo if not t.reason]
    return Batch(args, root, out, report, prints, graded, len(todo), skipped,
                 kept_only(args.only, graded, report), progress)


def to_grade(args: argparse.Namespace, tasks: list[Task], report: Report,
             prints: dict[str, str]) -> tuple[list[Task], int]:
    """The tasks to grade (or to record as not gradable) and how many are graded already.

    Which copy of a worksheet counts is decided before grading with the newest rule
    (older copies are named, not graded); the best rule grades every copy.
    """
    newest = {id(report.newest(entries)) for entries in report.groups().values()}
    counted = [t for t in tasks if report.options.rule == "best" or id(report.entries[t.fid]) in newest]
    if args.only:
        counted = [t for t in counted if t.worksheet and grades_exercise(t.worksheet, args.only)]
    todo = [t for t in counted if args.force or args.only
            or not report.current(t, prints.get(t.worksheet.id, "") if t.worksheet else "")]
    skipped = len(counted) - len(todo)
    if skipped:
        print(f"{skipped} of {len(counted)} already graded (use --force to grade them again)", file=sys.stderr)
    return todo, skipped


def kept_only(only: str | None, tasks: list[Task], report: Report) -> dict[str, str | None]:
    """With ``--only``: per file, the exercise to grade again, the others' kept results staying
    (None: the file is new or changed, and all of it is graded)."""
    found: dict[str, str | None] = {}
    for task in tasks:
        kept = report.entries.get(task.fid) or {}
        same_file = kept.get("report") and kept.get("sha256") == task.digest
        found[task.fid] = only if only and same_file else None
    return found


def grade_on_dask(batch: Batch, client: Any) -> int | None:
    """Grade the batch on the Dask cluster; 130 when interrupted."""
    from .cluster import grade_on_cluster

    try:
        grade_on_cluster(client, batch.root, batch.tasks, batch.options, batch.finish,
                         batch.args.submission_timeout)
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return 130
    finally:
        batch.report.publish()
    return None


def grade_locally(batch: Batch) -> int | None:
    """Grade the batch in ``--jobs`` grading processes; 130 when interrupted.

    A killed grading process cannot clean up after itself: every temporary folder of the
    run lives in one folder that this process removes at the end, whatever happened.
    """
    args = batch.args
    jobs = max(1, min(args.jobs or os.cpu_count() or 1, len(batch.tasks) or 1))
    pending: queue.Queue[Task] = queue.Queue()
    for task in batch.tasks:
        pending.put(task)
    reports = batch.out / CACHE / ".reports"
    reports.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="course-grade-"))
    workers = [GradingProcess(scratch) for _ in range(jobs)]
    cancelled = threading.Event()

    def work(worker: GradingProcess) -> None:
        while True:
            try:
                task = pending.get_nowait()
            except queue.Empty:
                return
            data, seconds, failure = grade_one(worker, batch, task, reports / f"{task.fid}.json")
            if cancelled.is_set():
                return
            batch.finish(task, data, seconds, failure)

    threads = [threading.Thread(target=work, args=(w,), daemon=True) for w in workers]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            while thread.is_alive():
                thread.join(0.2)
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
        try:
            reports.rmdir()
        except OSError:
            pass
    return None


def grade_one(worker: GradingProcess, batch: Batch, task: Task, report: Path) -> tuple[dict | None, float, str]:
    """Grade one file in a grading process: the plugin's report, the time, and why it failed ("")."""
    report.unlink(missing_ok=True)
    started = time.monotonic()
    answer = worker.grade(wire.grading_task(batch.root, task.worksheet.tests, task.path.resolve(),  # type: ignore[union-attr]
                                            report, batch.options(task)), batch.args.submission_timeout)
    seconds = time.monotonic() - started
    data = wire.read_report(report)
    failure = ""
    if answer is None:
        failure = english("grading stopped after {seconds} s or its process ended",
                          seconds=f"{batch.args.submission_timeout:g}")
    elif data is None:
        failure = english("the hidden tests could not run on this notebook")
    return data, seconds, failure


def finished(batch: Batch) -> int:
    """Say what was graded and warn of the copies that do not count; 0."""
    batch.progress.stream.write("\n")
    for line in batch.report.duplicates():
        print(f"warning: {line}", file=sys.stderr)
    print(f"Graded {batch.count} files ({batch.skipped} already graded); grades in {batch.out / GRADES}, "
          f"feedback in {batch.out / FEEDBACK}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve()
