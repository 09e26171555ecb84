"""Which cells of a student's notebook the grader runs, and in what order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from course.grading.grader.submission import Submission

DEMO = "log.append('demo')\nraise SystemExit('a demo must not run')"
CHECK = "log.append('check')"


def code(source: str, **course: object) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {"course": course} if course else {},
            "outputs": [], "source": source}


def write(path: Path, cells: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": cells, "metadata": {"course": {"worksheet": "start"}},
                                "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    return path


@pytest.fixture
def reference(tmp_path: Path) -> Path:
    """The instructor's notebook: setup, an exercise, a demo and a check of it."""
    return write(tmp_path / "solutions" / "00_cells.ipynb", [
        code("log = []"),
        code("def double(x):\n    return 2 * x", exercise="start.double"),
        code(DEMO, demo=True),
        code(CHECK, check="start.double"),
    ])


def grade(tmp_path: Path, reference: Path, cells: list[dict]) -> Submission:
    return Submission(write(tmp_path / "student.ipynb", cells), reference=reference)


def test_demos_and_checks_are_skipped_by_their_source_whatever_the_students_metadata(
    tmp_path: Path, reference: Path
) -> None:
    sub = grade(tmp_path, reference, [
        code("log = []"), code("def double(x):\n    return 2 * x"), code(DEMO), code(CHECK, demo=False),
    ])
    assert sub.log == [] and sub.errors == []
    assert sub.double(21) == 42


def test_added_moved_copied_and_deleted_cells_run_in_the_students_order(tmp_path: Path, reference: Path) -> None:
    sub = grade(tmp_path, reference, [
        code("def helper(x):\n    return x + 1"),  # added, used by the exercise
        code("def double(x):\n    return 2 * helper(x) - 2", exercise="start.double"),  # moved up
        code("log = ['mine']"),
        code("log.append(double(1))"),
        code(CHECK, check="start.double"),
        code("log.append(double(2))"),  # copied cells run each time
        code("log.append(double(2))"),
    ])  # the demo cell was deleted
    assert sub.log == ["mine", 2, 4, 4]
    assert sub.errors == []


def test_a_cell_that_raises_does_not_stop_the_next_ones(tmp_path: Path, reference: Path) -> None:
    sub = grade(tmp_path, reference, [
        code("log = []"),
        code("undefined_name + 1"),
        code("%matplotlib inline\n!ls\ndef double(x):\n    return 2 * x"),
        code(DEMO + "  # edited by the student: no longer the instructor's demo"),
        code("log.append('after')"),
    ])
    assert [(error.index, error.error.split(":")[0]) for error in sub.errors] == [(1, "NameError"), (3,
        "the cell called sys.exit('a demo must not run')")]
    assert sub.double(4) == 8
    assert sub.log == ["demo", "after"]


def test_code_under_time_and_capture_magics_runs_as_in_jupyter(tmp_path: Path, reference: Path) -> None:
    sub = grade(tmp_path, reference, [
        code("log = []"),
        code("%%capture\ndef double(x):\n    print('noise')\n    return 2 * x"),
        code("%%time\nlog.append(double(1))\n%time log.append(double(2))"),
        code("%%timeit\nlog.append('timed')"),  # IPython would run it many times in a scope of its own
        code("%time log.append(double(3))"),
    ])
    assert sub.errors == []
    assert sub.double(21) == 42
    assert sub.log == [2, 4, 6]
