"""Tests that prove the hidden tests: every solution scores full marks, every released stub 0.

One test per worksheet (parametrized over solutions/*.ipynb), so a new worksheet is
covered by adding its notebooks and its hidden test module. All notebooks are graded in
one ``course grade`` run, as an instructor would grade them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from course.grading.instructor.discover import notebook_of_module
from course.notebook import exercise_ids

SOLUTIONS = sorted((ROOT / "solutions").glob("*.ipynb"))
HIDDEN = {notebook_of_module(path): path for path in (ROOT / "tests" / "grading").glob("test_*.py")}


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """Every solution and every released stub, graded in one run; results by file."""
    folder = tmp_path_factory.mktemp("proof")
    submissions = folder / "submissions"
    for solution in SOLUTIONS:
        for kind, source in (("solution", solution), ("stub", ROOT / "notebooks" / solution.name)):
            if source.exists():
                target = submissions / f"{kind}-{solution.stem}" / solution.name
                target.parent.mkdir(parents=True)
                target.write_bytes(source.read_bytes())
    run = subprocess.run(
        [sys.executable, "-m", "course.commands", "grade", str(submissions),
         "--out", str(folder / "out"), "--jobs", "2", "--root", str(ROOT)],
        capture_output=True, text=True, timeout=1200,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    results = {}
    for path in (folder / "out" / "results").glob("*.json"):
        result = json.loads(path.read_text(encoding="utf-8"))
        results[result["extra_data"]["student"]] = result
    return results


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda path: path.stem)
def test_solution_scores_full_marks_and_stub_scores_zero(graded: dict, solution: Path) -> None:
    assert solution.stem in HIDDEN, f"{solution.name} has no hidden test module in tests/grading/"
    notebook = json.loads(solution.read_text(encoding="utf-8"))
    full = graded[f"solution-{solution.stem}"]["extra_data"]
    assert full["status"] == "graded", full["reason"]
    untested = set(exercise_ids(notebook)) - set(full["exercises"])
    assert not untested, f"exercises without hidden tests: {sorted(untested)}"
    for exercise, entry in full["exercises"].items():
        assert entry["score"] == entry["max"], (exercise, entry)
    assert not full["cells"], f"cells of the solution that raise when graded: {full['cells']}"
    stub = graded[f"stub-{solution.stem}"]["extra_data"]
    assert stub["status"] == "graded", stub["reason"]
    assert set(stub["exercises"]) == set(full["exercises"])
    for exercise, entry in stub["exercises"].items():
        assert entry["score"] == 0, f"the released stub earns points in {exercise}: {entry}"
