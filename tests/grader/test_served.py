"""One collection per grading process: a grading process grades the notebooks sent for one
hidden test module in a row in one pytest session, and each notebook's report is the one it
gets alone, in a process of its own.

The notebooks in a row are chosen to leave something behind if anything leaked from one
notebook to the next: a notebook with exercises left as their stubs (failures, and tests
passed with the given code, with their note), the solution (no failure, no note), a notebook
whose cell raises, a French notebook, and the stub again.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import ROOT
from course.adequacy.run import MutantProcess
from course.grading import wire
from course.grading.grader.process import GradingProcess
from course.notebook import strip_solutions

DICE = ROOT / "solutions" / "02_dice_421.ipynb"
START = ROOT / "solutions" / "00_start_here.ipynb"
MODULES = ROOT / "tests" / "grading"
SECONDS = 300.0


def stubbed(notebook: Path, *exercises: str) -> dict:
    """The solution notebook with ``exercises`` left as their stubs."""
    data = json.loads(notebook.read_text(encoding="utf-8"))
    for cell in data["cells"]:
        exercise = cell.get("metadata", {}).get("course", {}).get("exercise")
        if exercise in exercises:
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            cell["source"] = strip_solutions(source, exercise, exercise)
    return data


def raising(notebook: Path) -> dict:
    """The solution notebook with a first code cell that raises."""
    data = json.loads(notebook.read_text(encoding="utf-8"))
    data["cells"].insert(0, {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                             "source": "raise RuntimeError('not today')"})
    return data


@pytest.fixture(scope="module")
def notebooks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("row")
    written = {
        "dice-stubs": stubbed(DICE, "dice421.roll_die", "dice421.sort3_desc"),
        "dice-solution": json.loads(DICE.read_text(encoding="utf-8")),
        "dice-raising": raising(DICE),
        "dice-french": json.loads((ROOT / "notebooks" / "fr" / DICE.name).read_text(encoding="utf-8")),
        "start-solution": json.loads(START.read_text(encoding="utf-8")),
        "start-stub": json.loads((ROOT / "notebooks" / START.name).read_text(encoding="utf-8")),
    }
    paths = {}
    for name, data in written.items():
        paths[name] = folder / f"{name}.ipynb"
        paths[name].write_text(json.dumps(data), encoding="utf-8")
    return paths


def task(notebook: Path, report: Path, only: str | None = None) -> wire.GradingTask:
    module = MODULES / ("test_dice421.py" if notebook.name.startswith("dice") else "test_start.py")
    return wire.GradingTask(ROOT, module, notebook, report,
                            wire.GradingOptions(call_seconds=10.0, memory_mb=1024, checks=True, only=only))


def graded(process: GradingProcess, tasks: list[wire.GradingTask]) -> list[wire.GradingReport]:
    """Each task's report, graded in a row by ``process``."""
    reports = []
    for each in tasks:
        each.report.unlink(missing_ok=True)
        assert process.grade(each, SECONDS) is not None, f"{each.notebook.name}: no answer"
        report = wire.read_report(each.report)
        assert report is not None, f"{each.notebook.name}: no report"
        reports.append(report)
    return reports


def meaning(report: wire.GradingReport) -> wire.GradingReport:
    """A report without its timings (and the process ids of its runs)."""
    return replace(report, timings={}, notebooks=tuple(replace(n, confinement=None) for n in report.notebooks))


def alone(tasks: list[wire.GradingTask], scratch: Path, kind: type[GradingProcess] = GradingProcess
          ) -> list[wire.GradingReport]:
    """Each task graded by a grading process of its own."""
    reports = []
    for each in tasks:
        process = kind(scratch)
        try:
            reports += graded(process, [each])
        finally:
            process.stop()
    return reports


def test_a_row_of_notebooks_is_collected_once_and_graded_as_each_alone(notebooks, tmp_path: Path) -> None:
    row = ["dice-stubs", "dice-solution", "dice-raising", "dice-french", "dice-stubs", "start-solution",
           "start-stub", "dice-solution"]
    tasks = [task(notebooks[name], tmp_path / f"{number}.json") for number, name in enumerate(row)]
    process = GradingProcess(tmp_path)
    try:
        served = graded(process, tasks)
    finally:
        process.stop()
    by_itself = alone(tasks, tmp_path)
    for name, mine, theirs in zip(row, served, by_itself, strict=True):
        assert meaning(mine) == meaning(theirs), f"{name} graded in a row differs from {name} graded alone"
    # what the row is made of leaves a trace when it leaks: failures and given notes, then none
    stubs, solution = served[0], served[1]
    assert any(t.outcome == "failed" for t in stubs.tests) and any(t.given for t in stubs.tests)
    assert all(t.passed and not t.given for t in solution.tests)
    assert served[2].notebooks[0].cells and served[3].language == "fr"
    # a module collected once per row: only the first notebook of a row of a module waits for it
    collections = [report.timings["collect"] > 0 for report in served]
    assert collections == [True, False, False, False, False, True, False, True]


def test_a_row_may_grade_one_exercise_then_all_of_them(notebooks, tmp_path: Path) -> None:
    exercise = "dice421.sort3_desc"
    tasks = [task(notebooks["dice-stubs"], tmp_path / "one.json", only=exercise),
             task(notebooks["dice-stubs"], tmp_path / "all.json")]
    process = GradingProcess(tmp_path)
    try:
        one, every = graded(process, tasks)
    finally:
        process.stop()
    assert {t.exercise for t in one.tests} == {exercise}
    assert {t.exercise for t in every.tests} > {exercise}
    assert [t for t in every.tests if t.exercise == exercise] == list(one.tests)


def test_a_module_that_cannot_be_collected_is_answered_and_the_row_goes_on(notebooks, tmp_path: Path) -> None:
    course = tmp_path / "course"
    (course / "tests" / "grading").mkdir(parents=True)
    shutil.copytree(ROOT / "solutions", course / "solutions")
    broken = course / "tests" / "grading" / "test_dice421.py"
    broken.write_text('NOTEBOOK = "02_dice_421"\nPOINTS = {"dice421.roll_die": 1}\nimport no_such_module\n',
                      encoding="utf-8")
    tasks = [replace(task(notebooks["dice-solution"], tmp_path / "broken.json"), root=course, module=broken),
             task(notebooks["start-solution"], tmp_path / "start.json")]
    process = GradingProcess(tmp_path)
    try:
        answers = [process.grade(each, SECONDS) for each in tasks]
    finally:
        process.stop()
    assert [answer is not None for answer in answers] == [True, True]
    assert answers[0]["exit"] == pytest.ExitCode.INTERRUPTED
    start = wire.read_report(tmp_path / "start.json")
    assert start is not None and start.tests and all(t.passed for t in start.tests)


def test_a_row_of_mutants_stops_each_at_its_first_failure_and_runs_its_check(notebooks, tmp_path: Path) -> None:
    """``course adequacy``'s processes (``--first-failure`` and the exercise's check after its tests) in a row."""
    exercise = "dice421.roll_die"
    row = ["dice-stubs", "dice-solution", "dice-stubs", "dice-raising"]
    tasks = [replace(task(notebooks[name], tmp_path / f"{number}.json", only=exercise),
                     options=wire.GradingOptions(call_seconds=10.0, memory_mb=1024, cascade=False, only=exercise))
             for number, name in enumerate(row)]
    process = MutantProcess(tmp_path)
    try:
        served = graded(process, tasks)
    finally:
        process.stop()
    for name, mine, theirs in zip(row, served, alone(tasks, tmp_path, MutantProcess), strict=True):
        assert meaning(mine) == meaning(theirs), f"{name} graded in a row differs from {name} graded alone"
    stub, solution = served[0], served[1]
    assert [t.outcome for t in stub.tests] == ["failed"], "the first failure ends a mutant's grading"
    assert stub.checks and all(c["status"] != "passed" for c in stub.checks)
    assert len(solution.tests) > 1 and all(t.passed for t in solution.tests)
    assert solution.checks and all(c["status"] == "passed" for c in solution.checks)


def collections_of(rows: dict[int, list]) -> int:
    """How many collections the processes' rows of files cost: one per run of one module."""
    return sum(1 for row in rows.values() for index, task in enumerate(row)
               if index == 0 or row[index - 1].worksheet.tests != task.worksheet.tests)


@pytest.mark.parametrize("jobs", [2, 3])
def test_each_grading_process_takes_a_row_of_one_module_and_the_rows_end_together(jobs: int) -> None:
    from types import SimpleNamespace

    from course.grading.instructor.local import Shares

    modules = ["test_abapa.py", "test_jass.py", "test_tchu.py", "test_start.py"]
    tasks = [SimpleNamespace(name=f"{student}.{module}", worksheet=SimpleNamespace(tests=MODULES / module))
             for student in range(6) for module in modules]  # handed in student by student
    shares = Shares(tasks, jobs)
    for row in shares.rows:  # a process ends its row on the short gradings of small modules
        sizes = [task.worksheet.tests.stat().st_size for task in row]
        assert sizes == sorted(sizes, reverse=True)
    rows: dict[int, list] = {number: [] for number in range(jobs)}
    turns = [number for number in range(jobs) for _ in range(number + 1)]  # process k is k+1 times as fast
    done: set[int] = set()
    while len(done) < jobs:
        for number in turns:
            task = shares.take(number)
            if task is None:
                done.add(number)
            else:
                rows[number].append(task)
    taken = [task.name for row in rows.values() for task in row]
    assert sorted(taken) == sorted(task.name for task in tasks), "every file is graded once"
    # one sorted list taken in the same turns: each process collects nearly every module
    in_turns: dict[int, list] = {number: [] for number in range(jobs)}
    ordered = sorted(tasks, key=lambda task: task.worksheet.tests)
    while ordered:
        for number in turns:
            if ordered:
                in_turns[number].append(ordered.pop(0))
    assert collections_of(in_turns) >= len(modules) * (jobs - 1)
    # a row per process: each module about once, plus a new one at most per process and per theft
    assert collections_of(rows) <= len(modules) + 2 * (jobs - 1), rows
    assert len(rows[jobs - 1]) > len(rows[0])  # the fastest process took more: the rows end together
