"""`course grade`: grade a class's notebooks with the hidden tests, in parallel.

``course grade SUBMISSIONS... --out DIR [--jobs N] [--force]`` takes notebooks or
folders of notebooks. For each file it

* finds the student (the file's folder under a given folder, else the file's name)
  and the worksheet (notebook metadata ``course.worksheet``, else the cells it shares
  with a solution notebook, else the file name);
* runs the worksheet's hidden test module (tests/grading/test_*.py whose ``NOTEBOOK``
  names the worksheet's notebook) against it, in one of N grading processes, each
  notebook in a confined process of its own (see :mod:`exercises.course.submission`);
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
import hashlib
import io
import json
import os
import queue
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .notebook import cell_source, exercise_ids, normalized, worksheet_of
from .sandbox import Limits

RESULTS = "results"
FEEDBACK = "feedback"
GRADES = "grades.csv"
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


@dataclass
class Task:
    """One file to grade (or to report as not gradable)."""

    path: Path
    student: str
    digest: str
    worksheet: Worksheet | None = None
    reason: str = ""
    key: str = ""


def expand(paths: list[str]) -> list[tuple[Path, Path | None]]:
    """Every file to grade, with the folder it was found in (None: named directly)."""
    files = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            for file in sorted(path.rglob("*")):
                parts = file.relative_to(path).parts
                if file.is_file() and not any(p.startswith(".") for p in parts):
                    files.append((file, path))
        else:
            files.append((path, None))
    return files


def _looks_like_worksheet(stem: str, sheets: list[Worksheet]) -> bool:
    lowered = stem.lower()
    return bool(re.match(r"^\d\d_", lowered)) or any(
        lowered == sheet.stem.lower() or lowered == sheet.id.lower() for sheet in sheets
    )


def student_of(path: Path, folder: Path | None, sheets: list[Worksheet]) -> str:
    """The student's id: the top folder under a given folder, else the file's name.

    A file named like a worksheet (``00_start_here.ipynb``) is named by its folder.
    """
    if folder is not None:
        parts = path.relative_to(folder).parts
        if len(parts) > 1:
            return parts[0]
    if _looks_like_worksheet(path.stem, sheets) and path.resolve().parent.name:
        return path.resolve().parent.name
    return path.stem


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


def prepare(path: Path, folder: Path | None, sheets: list[Worksheet]) -> Task:
    """A task for one file: its student, worksheet, or why it cannot be graded."""
    student = student_of(path, folder, sheets)
    try:
        data = path.read_bytes()
    except OSError as error:
        return Task(path, student, "", reason=f"cannot be read ({error.strerror})")
    task = Task(path, student, hashlib.sha256(data).hexdigest())
    if path.suffix.lower() != ".ipynb":
        task.reason = f"not a notebook (a {path.suffix or 'file without extension'}, not a .ipynb)"
        return task
    try:
        notebook = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        task.reason = f"not valid JSON ({str(error)[:120]})"
        return task
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        task.reason = "not a notebook (valid JSON without a list of cells)"
        return task
    task.worksheet = match_worksheet(notebook, path, sheets)
    if task.worksheet is None:
        task.reason = "matches no worksheet of the course"
    elif task.worksheet.tests is None:
        task.reason = f"worksheet {task.worksheet.id} has no hidden tests"
    return task


def prepare_safely(path: Path, folder: Path | None, sheets: list[Worksheet]) -> Task:
    """:func:`prepare`, with a malformed notebook reported instead of stopping the batch."""
    try:
        return prepare(path, folder, sheets)
    except (TypeError, AttributeError, ValueError, RecursionError) as error:
        student = student_of(path, folder, sheets)
        return Task(path, student, "", reason=f"not a well-formed notebook ({type(error).__name__})")


def assign_keys(tasks: list[Task]) -> None:
    """A unique, file-name-safe key per task: ``student.worksheet``."""
    seen: dict[str, int] = {}
    for task in tasks:
        kind = task.worksheet.id if task.worksheet else re.sub(r"[^\w.-]", "_", task.path.stem)
        key = re.sub(r"[^\w.-]", "_", f"{task.student}.{kind}")
        seen[key] = seen.get(key, 0) + 1
        task.key = key if seen[key] == 1 else f"{key}.{seen[key]}"


# ----------------------------------------------------------------------------- results


def scores(tests: list[dict]) -> dict[str, dict[str, float]]:
    """Per exercise: its points and score (points times the share of tests passed)."""
    exercises: dict[str, dict[str, Any]] = {}
    for test in tests:
        entry = exercises.setdefault(test["exercise"], {"max": float(test["points"]), "passed": 0, "total": 0})
        entry["total"] += 1
        entry["passed"] += test["outcome"] == "passed"
    return {
        exercise: {"score": round(e["max"] * e["passed"] / e["total"], 4), "max": e["max"],
                   "passed": e["passed"], "total": e["total"]}
        for exercise, e in exercises.items()
    }


def result_of(task: Task, report: dict | None, seconds: float, failure: str = "") -> dict:
    """The Gradescope-style results.json of one submission."""
    tests = report.get("tests", []) if report else []
    exercises = scores(tests)
    gradescope_tests = []
    for test in tests:
        total = exercises[test["exercise"]]["total"]
        share = exercises[test["exercise"]]["max"] / total
        gradescope_tests.append({
            "name": f"{test['exercise']}: {test['name']}",
            "score": round(share if test["outcome"] == "passed" else 0.0, 4),
            "max_score": round(share, 4),
            "status": "passed" if test["outcome"] == "passed" else "failed",
            "output": test.get("message", ""),
            "tags": [test["exercise"]],
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
        reason = "the hidden tests did not run (see the grader's log)"
    return {
        "score": round(sum(e["score"] for e in exercises.values()), 4),
        "execution_time": round(seconds, 2),
        "output": reason or "Graded by the hidden tests.",
        "tests": gradescope_tests,
        "extra_data": {
            "student": task.student,
            "worksheet": task.worksheet.id if task.worksheet else None,
            "path": str(task.path),
            "sha256": task.digest,
            "status": "graded" if not reason else ("not graded" if task.reason else "error"),
            "reason": reason,
            "exercises": exercises,
            "cells": cells,
            "checks": checks,
            "confinement": confinement,
        },
    }


def write_text(path: Path, text: str) -> None:
    """Write a text file atomically (a reader never sees half a file).

    A notebook's messages may hold lone surrogates, which UTF-8 cannot encode: they are
    written as ``\\udc80`` escapes (in a JSON string, the same character again).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
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


def grades_csv(results: list[dict], sheets: list[Worksheet]) -> str:
    """grades.csv: one row per student, one column per exercise, total, maximum, notes."""
    cols = columns(results, sheets)
    maximum = sum(points for _, points in cols)
    students: dict[str, list[dict]] = {}
    for result in results:
        students.setdefault(result["extra_data"]["student"], []).append(result)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["student", *[c for c, _ in cols], "total", "maximum", "notes"])
    for student in sorted(students):
        earned: dict[str, float] = {}
        notes = []
        for result in sorted(students[student], key=lambda r: r["extra_data"]["path"]):
            extra = result["extra_data"]
            for exercise, entry in extra["exercises"].items():
                earned[exercise] = earned.get(exercise, 0) + entry["score"]
            if extra["reason"]:
                notes.append(f"{Path(extra['path']).name}: {extra['reason']}")
        row = [student] + [_number(earned[c]) if c in earned else "" for c, _ in cols]
        writer.writerow([*row, _number(sum(earned.values())), _number(maximum), "; ".join(notes)])
    return out.getvalue()


def feedback(student: str, results: list[dict]) -> str:
    """A student's feedback in Markdown: points, failing tests and why, cells that raised."""
    lines = [f"# Feedback for {student}", ""]
    for result in sorted(results, key=lambda r: r["extra_data"]["path"]):
        extra = result["extra_data"]
        name = Path(extra["path"]).name
        exercises = extra["exercises"]
        if extra["reason"] and not exercises:
            lines += [f"## {name}", "", f"Not graded: {extra['reason']}.", ""]
            continue
        total = sum(e["max"] for e in exercises.values())
        lines += [f"## {name} (worksheet {extra['worksheet']}): {_number(result['score'])} / {_number(total)} points", ""]
        if extra["reason"]:
            lines += [f"Note: {extra['reason']}.", ""]
        lines += ["| exercise | points | tests passed |", "|---|---|---|"]
        for exercise, entry in exercises.items():
            lines.append(f"| {exercise} | {_number(entry['score'])} / {_number(entry['max'])} | {entry['passed']} of {entry['total']} |")
        failing = [test for test in result["tests"] if test["status"] != "passed"]
        if failing:
            lines += ["", "Tests that did not pass:", ""]
            for test in failing:
                exercise, _, test_name = test["name"].partition(": ")
                message = " ".join(str(test["output"]).split()) or "failed"
                lines.append(f"- `{test_name}` ({exercise}): {message}")
        if extra["cells"]:
            lines += ["", "Cells of your notebook that raised an error when run from the top:", ""]
            for cell in extra["cells"]:
                lines.append(f"- code cell {cell['index'] + 1} (not counting checks and demos): {' '.join(str(cell['error']).split())}")
        lines.append("")
    return "\n".join(lines)


class Report:
    """The output folder: results as they come, grades.csv and feedback regenerated."""

    def __init__(self, out: Path, sheets: list[Worksheet]) -> None:
        self.out = out
        self.sheets = sheets
        self.results: dict[str, dict] = {}
        for path in sorted((out / RESULTS).glob("*.json")):
            try:
                self.results[path.stem] = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue

    def done(self, task: Task) -> bool:
        result = self.results.get(task.key)
        return bool(result) and result["extra_data"].get("sha256") == task.digest and result["extra_data"]["status"] != "error"

    def add(self, task: Task, result: dict) -> None:
        write_json(self.out / RESULTS / f"{task.key}.json", result)
        self.results[task.key] = result
        self.write_student(task.student)
        self.write_grades()

    def write_student(self, student: str) -> None:
        mine = [r for r in self.results.values() if r["extra_data"]["student"] == student]
        safe = re.sub(r"[^\w.-]", "_", student)
        write_text(self.out / FEEDBACK / f"{safe}.md", feedback(student, mine))

    def write_grades(self) -> None:
        write_text(self.out / GRADES, grades_csv(list(self.results.values()), self.sheets))


# ----------------------------------------------------------------------------- grading processes


def pytest_arguments(root: Path, module: Path, notebook: Path, report: Path, limits: Limits,
                     checks: bool = False) -> list[str]:
    """The pytest command line that grades one notebook."""
    arguments = ["--run-checks"] if checks else []
    arguments += [
        str(module), "--submission", str(notebook), "--grading-report", str(report),
        "--rootdir", str(root), "-p", "no:cacheprovider", "--assert=plain", "-q",
        "-o", "addopts=", "--any-worksheet", "--call-timeout", str(limits.call_seconds),
        "--memory-limit", str(limits.memory_bytes >> 20), "-p", "exercises.course.plugin",
    ]
    for plugin in QUIET_PLUGINS:
        arguments += ["-p", f"no:{plugin}"]
    if (root / "pyproject.toml").exists():
        arguments += ["-c", str(root / "pyproject.toml")]
    return arguments


def serve() -> None:
    """A grading process: read tasks (JSON lines) on stdin, grade each with pytest."""
    import pytest

    answers = os.fdopen(os.dup(1), "w", buffering=1)
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 1)
    os.dup2(null, 2)
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for line in sys.stdin:
        task = json.loads(line)
        root = Path(task["root"])
        code = pytest.main(pytest_arguments(
            root, Path(task["module"]), Path(task["notebook"]), Path(task["report"]),
            Limits(call_seconds=task["call_seconds"], memory_bytes=task["memory_mb"] << 20),
            task.get("checks", False),
        ))
        tests = str(root / "tests")
        for name, module in list(sys.modules.items()):  # hidden tests start afresh each time
            if (getattr(module, "__file__", None) or "").startswith(tests):
                del sys.modules[name]
        answers.write(json.dumps({"exit": int(code)}) + "\n")


class GradingProcess:
    """A ``course grade`` worker: one process grading notebooks one after the other."""

    def __init__(self, scratch: Path) -> None:
        self.process: subprocess.Popen | None = None
        self.scratch = scratch  # temporary folders of this process and its notebooks' processes

    def start(self) -> subprocess.Popen:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "exercises.course.grade", "--serve"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                text=True, start_new_session=True,
                # only the grading plugin: scanning installed plugins costs time at every session
                env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "TMPDIR": str(self.scratch)},
            )
        return self.process

    def grade(self, task: dict, seconds: float) -> dict | None:
        """Send one task; its answer, or None when it took too long or the process died."""
        process = self.start()
        try:
            process.stdin.write(json.dumps(task) + "\n")  # type: ignore[union-attr]
            process.stdin.flush()  # type: ignore[union-attr]
        except OSError:
            self.stop()
            return None
        ready, _, _ = select.select([process.stdout], [], [], seconds)
        line = process.stdout.readline() if ready else ""  # type: ignore[union-attr]
        if not line:
            self.stop()
            return None
        return json.loads(line)

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


def run(args: argparse.Namespace) -> int:
    """Grade the submissions; 0 when every file got a result."""
    root = Path(args.root).resolve() if args.root else find_root(Path.cwd().resolve())
    if root is None or not (root / "solutions").is_dir():
        print("course grade: no course folder (with solutions/ and tests/grading/) here or above; "
              "use --root", file=sys.stderr)
        return 2
    client = None
    if args.scheduler:
        from .cluster import SchedulerUnreachable, connect

        try:
            client = connect(args.scheduler)
        except SchedulerUnreachable as error:
            print(f"course grade: {error}", file=sys.stderr)
            return 2
    try:
        return _run(args, root, client)
    finally:
        if client is not None:
            client.close()


def _run(args: argparse.Namespace, root: Path, client: Any) -> int:
    sheets = worksheets(root)
    out = Path(args.out).resolve()
    report = Report(out, sheets)
    tasks = [prepare_safely(path, folder, sheets) for path, folder in expand(args.submissions)]
    if not tasks:
        print("course grade: no files to grade", file=sys.stderr)
        return 2
    assign_keys(tasks)
    todo = [t for t in tasks if args.force or not report.done(t)]
    skipped = len(tasks) - len(todo)
    if skipped:
        print(f"{skipped} of {len(tasks)} already graded (use --force to grade them again)", file=sys.stderr)
    progress = Progress(len(todo))
    for task in [t for t in todo if t.reason]:
        report.add(task, result_of(task, None, 0.0))
        progress.step(True)
    graded = [t for t in todo if not t.reason]
    if client is not None:
        return _run_on_cluster(args, root, client, graded, report, progress, skipped, out)
    jobs = max(1, min(args.jobs or os.cpu_count() or 1, len(graded) or 1))
    pending: queue.Queue[Task] = queue.Queue()
    for task in graded:
        pending.put(task)
    lock = threading.Lock()
    reports = out / RESULTS / ".reports"
    reports.mkdir(parents=True, exist_ok=True)
    # A killed grading process cannot clean up after itself: every temporary folder of the
    # run lives in one folder that this process removes at the end, whatever happened.
    scratch = Path(tempfile.mkdtemp(prefix="course-grade-"))
    workers = [GradingProcess(scratch) for _ in range(jobs)]
    cancelled = threading.Event()

    def work(worker: GradingProcess) -> None:
        while True:
            try:
                task = pending.get_nowait()
            except queue.Empty:
                return
            report_path = reports / f"{task.key}.json"
            report_path.unlink(missing_ok=True)
            started = time.monotonic()
            answer = worker.grade({
                "root": str(root), "module": str(task.worksheet.tests), "notebook": str(task.path.resolve()),
                "report": str(report_path), "call_seconds": args.call_timeout, "memory_mb": args.memory_limit,
                "checks": args.checks,
            }, args.submission_timeout)
            seconds = time.monotonic() - started
            data = None
            if report_path.exists():
                try:
                    data = json.loads(report_path.read_text(encoding="utf-8"))
                except ValueError:
                    data = None
                report_path.unlink(missing_ok=True)
            failure = ""
            if answer is None:
                failure = f"grading stopped after {args.submission_timeout:g} s or its process ended"
            elif data is None:
                failure = "the hidden tests could not run on this notebook"
            if cancelled.is_set():
                return
            result = result_of(task, data, seconds, failure)
            with lock:
                report.add(task, result)
            progress.step(bool(failure))

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
        with lock:
            report.write_grades()
        try:
            reports.rmdir()
        except OSError:
            pass
    return _finished(progress, len(todo), skipped, out)


def _finished(progress: Progress, count: int, skipped: int, out: Path) -> int:
    progress.stream.write("\n")
    print(f"Graded {count} files ({skipped} already graded); grades in {out / GRADES}, "
          f"feedback in {out / FEEDBACK}", file=sys.stderr)
    return 0


def _run_on_cluster(args: argparse.Namespace, root: Path, client: Any, graded: list[Task],
                    report: Report, progress: Progress, skipped: int, out: Path) -> int:
    """Grade ``graded`` on a Dask cluster (see :mod:`exercises.course.cluster`)."""
    from .cluster import grade_on_cluster

    def done(task: Task, data: dict | None, seconds: float, failure: str) -> None:
        report.add(task, result_of(task, data, seconds, failure))
        progress.step(bool(failure))

    options = {"call_seconds": args.call_timeout, "memory_mb": args.memory_limit, "checks": args.checks,
               "submission_seconds": args.submission_timeout}
    try:
        grade_on_cluster(client, root, graded, options, done)
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return 130
    finally:
        report.write_grades()
    return _finished(progress, progress.total, skipped, out)


if __name__ == "__main__":
    if sys.argv[1:] == ["--serve"]:
        serve()
