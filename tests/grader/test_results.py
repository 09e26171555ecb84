"""The grader's results as data, the one notebook reader, and the cache of rewritten test modules.

A grading is a :class:`GradingResult` (its ``TestOutcome``s and :class:`ExerciseScore`s)
inside the grader; results.json is written from it and read back into it. Notebooks are
read by :func:`course.notebook.read_notebook` (nbformat; the course's own notebooks are
checked against the format's schema). A grading process keeps pytest's rewritten hidden
test modules in a folder of its own (:func:`course.grading.grader.process.cache_rewrites`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from course.grading import wire
from course.grading.instructor import results
from course.grading.instructor.discover import prepare, worksheets
from course.grading.instructor.results import ExerciseScore, GradingResult, Late, Options, result_of
from course.notebook import NotebookFormatError, cell_source, read_notebook
from support.commands import alone

SOLUTION = ROOT / "solutions" / "00_start_here.ipynb"


def plugin_report() -> wire.GradingReport:
    """A grading report as the plugin writes it: two tests of one exercise, one failing with a hint."""
    return wire.GradingReport.from_json({"tests": [
        {"nodeid": "a", "name": "test_a", "exercise": "start.count_pips", "points": 2, "outcome": "passed"},
        {"nodeid": "b", "name": "test_b", "exercise": "start.count_pips", "points": 2, "outcome": "failed",
         "message": "count_pips(3) returned 4, expected 3", "hint": "count each pip once"},
    ], "notebooks": [{"cells": [{"index": 2, "error": "ValueError: no"}], "checks": [], "confinement": {}}],
        "timings": {"pytest": 0.5}})


def test_a_grading_is_data_and_results_json_is_written_from_it():
    task = prepare(SOLUTION, None, worksheets(ROOT))
    task.student = "zoe"
    result = result_of(task, plugin_report(), 1.234, options=Options(visibility="visible"))
    assert isinstance(result, GradingResult) and result.student == "zoe" and result.worksheet == "start"
    assert result.exercises == {"start.count_pips": ExerciseScore(score=1.0, max=2.0, passed=1, total=2)}
    first, second = result.tests
    assert first == results.TestOutcome(name="start.count_pips: test_a", score=1.0, max_score=1.0, status="passed",
                                        output="", tags=("start.count_pips",), visibility="visible")
    assert not second.passed and second.output.endswith("\nHint: count each pip once")
    data = result.to_json()
    assert list(data) == ["score", "execution_time", "output", "stdout_visibility", "tests", "extra_data"]
    assert data["score"] == 1.0 and data["execution_time"] == 1.23 and data["extra_data"]["status"] == "graded"
    assert data["extra_data"]["exercises"]["start.count_pips"] == {"score": 1.0, "max": 2.0, "passed": 1, "total": 2}
    assert "late" not in data["extra_data"] and "language" not in data["extra_data"]


def test_results_json_reads_back_into_the_same_result():
    task = prepare(SOLUTION, None, worksheets(ROOT))
    result = result_of(task, plugin_report(), 2.0)
    late = GradingResult(**{**result.__dict__, "late": Late(2, 20.0, True), "others": ("old.ipynb",)})
    for kept in (result, late):
        assert GradingResult.from_json(json.loads(json.dumps(kept.to_json()))) == kept


def test_a_file_that_is_not_a_results_json_is_refused():
    with pytest.raises(KeyError):
        GradingResult.from_json({"score": 1.0, "tests": []})
    with pytest.raises(KeyError):
        GradingResult.from_json({"extra_data": {"student": "zoe", "worksheet": "start"}})


def test_the_course_notebooks_are_read_and_checked_with_nbformat(tmp_path: Path):
    notebook = read_notebook(SOLUTION)
    assert notebook["metadata"]["course"]["worksheet"] == "start" and notebook["cells"]
    broken = json.loads(SOLUTION.read_text(encoding="utf-8"))
    broken["cells"][0]["cell_type"] = "poem"
    path = tmp_path / "00_start_here.ipynb"
    path.write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(NotebookFormatError, match="00_start_here.ipynb: not a valid notebook"):
        read_notebook(path)
    assert read_notebook(path, check=False)["cells"][0]["cell_type"] == "poem"  # a hand-in is graded as it is
    with pytest.raises(ValueError, match="Expecting value"):
        read_notebook(b"not json", check=False)


def test_a_grading_process_keeps_rewritten_test_modules_in_its_own_folder(tmp_path: Path):
    """With PYTHONDONTWRITEBYTECODE and whatever the course folder allows, the rewritten
    hidden test module is kept for the next session, in the folder given, by its source's hash."""
    cache = tmp_path / "pycache"
    code = ("import sys, pytest; from pathlib import Path; from course.grading.grader.process import cache_rewrites; "
            f"cache_rewrites(Path({str(cache)!r})); "
            f"sys.exit(pytest.main([{str(ROOT / 'tests' / 'grading' / 'test_start.py')!r}, '--collect-only', '-q', "
            "'-p', 'no:cacheprovider', '-o', 'addopts=']))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                         env={"PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert [path.name for path in cache.rglob("test_start.*pytest*.pyc")], "the rewritten module is not kept"


def test_grading_a_notebook_imports_no_schema_checker(tmp_path: Path):
    """Importing nbformat imports jsonschema, whose IRI checker compiles dozens of grammars:
    seconds in ``course grade`` and in every grading process. Finding the worksheets, reading
    a hand-in and grading it with the hidden tests read format-4 notebooks as JSON."""
    hand_in = tmp_path / "hand-in.ipynb"
    hand_in.write_bytes(SOLUTION.read_bytes())
    code = ("import sys, pytest; from pathlib import Path; "
            "from course.grading.instructor.discover import worksheets; "
            "from course.notebook import read_notebook; "
            f"assert worksheets(Path({str(ROOT)!r})); read_notebook(Path({str(hand_in)!r}), check=False); "
            f"code = pytest.main([{str(ROOT / 'tests' / 'grading' / 'test_start.py')!r}, '-q', "
            f"'--submission', {str(hand_in)!r}, '-p', 'course.grading.grader.plugin', "
            "'-p', 'no:cacheprovider', '-o', 'addopts=']); "
            "print('imported:', sorted(m for m in ('nbformat', 'jsonschema') if m in sys.modules)); "
            "sys.exit(code)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                         env=alone())
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "imported: []" in run.stdout, run.stdout[-2000:]


def test_a_grading_reads_the_solution_once(tmp_path: Path):
    """The solution is read for the worksheet's name, its cells to skip, the reference's
    cells, its check cells and its given code: one read of its file serves them all."""
    hand_in = tmp_path / "hand-in.ipynb"
    hand_in.write_bytes(SOLUTION.read_bytes())
    code = ("import pathlib, sys, pytest; reads = []; read_text = pathlib.Path.read_text; "
            "pathlib.Path.read_text = lambda self, *a, **k: (reads.append(self.name), read_text(self, *a, **k))[1]; "
            f"code = pytest.main([{str(ROOT / 'tests' / 'grading' / 'test_start.py')!r}, '-q', '--run-checks', "
            f"'--submission', {str(hand_in)!r}, '-p', 'course.grading.grader.plugin', "
            "'-p', 'no:cacheprovider', '-o', 'addopts=']); "
            f"print('reads:', reads.count({SOLUTION.name!r}), reads.count('hand-in.ipynb')); sys.exit(code)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                         env=alone())
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "reads: 1 1" in run.stdout, run.stdout[-2000:]


def test_an_older_notebook_format_is_upgraded():
    old = {"nbformat": 3, "nbformat_minor": 0, "metadata": {}, "worksheets": [{"cells": [
        {"cell_type": "code", "input": "x = 1", "language": "python", "outputs": [], "metadata": {}}]}]}
    notebook = read_notebook(json.dumps(old).encode(), check=False)
    assert notebook["nbformat"] == 4 and cell_source(notebook["cells"][0]) == "x = 1"


def test_the_options_of_the_instructors_own_pytest_runs_do_not_reach_grading(tmp_path: Path):
    """``PYTEST_ADDOPTS`` holds the options of someone's own test runs; the grading session,
    with its own plugins only, would refuse one it does not know before any test ran."""
    hand_in = tmp_path / "hand-in" / "zoe"
    hand_in.mkdir(parents=True)
    (hand_in / SOLUTION.name).write_bytes(SOLUTION.read_bytes())
    run = subprocess.run([sys.executable, "-m", "course.commands", "grade", str(tmp_path / "hand-in"),
                          "--out", str(tmp_path / "out"), "--jobs", "1", "--root", str(ROOT)],
                         capture_output=True, text=True, timeout=600,
                         env={**os.environ, "PYTEST_ADDOPTS": "--junitxml=report.xml --no-such-option"})
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    data, = [json.loads(path.read_text(encoding="utf-8"))["extra_data"]
             for path in (tmp_path / "out" / "results").glob("*.json")]
    assert data["status"] == "graded", data
    assert data["exercises"] and all(e["score"] == e["max"] > 0 for e in data["exercises"].values()), data
