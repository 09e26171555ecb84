"""One verdict: every mistake of the corpora costs points and turns its check red; every
correct alternative keeps full marks and green checks.

The corpora are data in tests/corpora/ (one module per worksheet). Each worksheet's
variants are graded in one ``course grade --checks`` run, which also runs every public
check cell afresh after the hidden tests and records its verdict. The run has
``--no-cascade``: a mistake is judged on its own exercise, which its earlier exercises
(the solution's) do not touch, and an alternative has no failure to cascade from, so
grading later exercises again with the reference's earlier ones would only cost time
(tests/grader/test_cascade.py tests the cascade itself).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import corpora
import pytest

from course.notebook import exercise_ids
from conftest import ROOT

MODULES = {module.NOTEBOOK: module for module in corpora.modules()}
MISTAKES = [(stem, m) for stem, module in MODULES.items() for m in module.MISTAKES]
ALTERNATIVES = [(stem, a) for stem, module in MODULES.items() for a in module.ALTERNATIVES]
_GRADED: dict[str, dict[str, dict]] = {}
_FAILED: dict[str, str] = {}
#: A mistake that explodes (a meld "in" the hand when one of its cards is) costs this much
#: in each call of each test, instead of the grader's default 10 s; no call of a solution or
#: an alternative comes near it.
CALL_TIMEOUT = "4"


def graded(stem: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """Every variant of one worksheet, graded once per session: extra_data by variant name."""
    if stem in _FAILED:  # one failed run is enough: every test of the worksheet says why at once
        pytest.fail(_FAILED[stem], pytrace=False)
    if stem not in _GRADED:
        try:
            _GRADED[stem] = grade_all(stem, tmp_path_factory)
        except (AssertionError, subprocess.TimeoutExpired) as failure:
            _FAILED[stem] = f"grading the {stem} corpus failed: {failure}"
            raise
    return _GRADED[stem]


def grade_all(stem: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """Every variant of one worksheet graded: extra_data by variant name."""
    module = MODULES[stem]
    folder = tmp_path_factory.mktemp(f"corpus-{stem}")
    corpora.write(ROOT / "solutions" / f"{stem}.ipynb",
                  [*module.MISTAKES, *module.ALTERNATIVES], folder / "submissions")
    results = grade(folder, [folder / "submissions"], "out", codes=(0, 1))
    # On a loaded machine a Domi'Nations notebook has reached the 600 s limit inside the
    # whole suite (alone it takes seconds), and the grader can fail on a file of its own
    # accord (it then exits 1; the file is kept as not graded). Such files are graded
    # again, alone, and that run must succeed.
    again = [v.name for v in [*module.MISTAKES, *module.ALTERNATIVES]
             if results.get(v.name, {}).get("status") != "graded"]
    if again:
        results.update(grade(folder, [folder / "submissions" / name for name in again], "out-again"))
    return results


def grade(folder: Path, submissions: list[Path], out: str, codes: tuple[int, ...] = (0,)) -> dict[str, dict]:
    """``course grade --checks`` on ``submissions``: extra_data by variant name."""
    run = subprocess.run(
        [sys.executable, "-m", "course.commands", "grade", *map(str, submissions),
         "--out", str(folder / out), "--jobs", "2", "--checks", "--root", str(ROOT),
         "--call-timeout", CALL_TIMEOUT, "--no-cascade"],
        capture_output=True, text=True, timeout=2400,  # Domi'Nations: 3 min alone, up to 1,297 s inside the suite
    )
    assert run.returncode in codes, run.stderr[-2000:]
    results = {}
    for path in (folder / out / "results").glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))["extra_data"]
        results[data["student"]] = data
    return results


def red_checks(data: dict, exercise: str | None = None) -> list[str]:
    """The check cells (of ``exercise``, or all) that do not say all examples pass."""
    return [
        f"{c['source']}: {c['status']}" for c in data["checks"]
        if (exercise is None or c["exercise"] == exercise) and c["status"] != "passed"
    ]


@pytest.mark.parametrize("stem", sorted(MODULES))
def test_corpus_is_well_formed(stem: str) -> None:
    module = MODULES[stem]
    notebook = json.loads((ROOT / "solutions" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    exercises = set(exercise_ids(notebook))
    names = [v.name for v in [*module.MISTAKES, *module.ALTERNATIVES]]
    assert len(names) == len(set(names)), "two variants share a name"
    for variant in [*module.MISTAKES, *module.ALTERNATIVES]:
        assert variant.exercise in exercises, f"{variant.name}: no exercise {variant.exercise}"
        assert variant.why.strip(), f"{variant.name}: say what it does"
        compile(variant.cell, variant.name, "exec")


@pytest.mark.slow  # each worksheet's corpus is graded in one run of a minute or more
@pytest.mark.parametrize(("stem", "mistake"), MISTAKES, ids=lambda v: getattr(v, "name", v))
def test_mistake_costs_points_and_turns_its_check_red(
    stem: str, mistake: corpora.Mistake, tmp_path_factory: pytest.TempPathFactory
) -> None:
    data = graded(stem, tmp_path_factory)[mistake.name]
    assert data["status"] == "graded", data["reason"]
    entry = data["exercises"][mistake.exercise]
    # an exercise worth 0 points (an optional one) still has tests that must fail
    assert entry["passed"] < entry["total"], f"the hidden tests pass: {mistake.why}"
    assert entry["score"] < entry["max"] or entry["max"] == 0, f"full marks for: {mistake.why}"
    assert red_checks(data, mistake.exercise), f"every check of {mistake.exercise} passes: {mistake.why}"


@pytest.mark.slow
@pytest.mark.parametrize(("stem", "alternative"), ALTERNATIVES, ids=lambda v: getattr(v, "name", v))
def test_alternative_keeps_full_marks_and_green_checks(
    stem: str, alternative: corpora.Alternative, tmp_path_factory: pytest.TempPathFactory
) -> None:
    data = graded(stem, tmp_path_factory)[alternative.name]
    assert data["status"] == "graded", data["reason"]
    lost = {e: v for e, v in data["exercises"].items() if v["score"] < v["max"]}
    assert not lost, f"{alternative.why}: points lost in {lost}"
    assert not data["cells"], f"cells that raise: {data['cells']}"
    assert not red_checks(data), f"{alternative.why}: checks not green"
