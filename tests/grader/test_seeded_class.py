"""A seeded class checked against its ground truth: duplicates, renamed files, LMS names,
deleted files, changed hidden tests, and mistakes that other exercises build on.

Every student hands in the dice worksheet with one exercise left as its stub (chosen
with ``random.Random(SEED)``): with cascades on (the default) that costs exactly that
exercise's points; with ``--no-cascade`` it costs more wherever later exercises call it.
The figures are printed (``-s``) for the record.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from course.notebook import exercise_ids, strip_solutions
from support.commands import rows_by_student as rows

SEED = 2026
STUDENTS = 8
DICE = ROOT / "solutions" / "02_dice_421.ipynb"
START = ROOT / "solutions" / "00_start_here.ipynb"
START_STUB = ROOT / "notebooks" / "00_start_here.ipynb"
T0 = 1_790_000_000


def course_copy(folder: Path) -> Path:
    """The course's solutions and hidden tests (of start and dice) in a folder of their own."""
    root = folder / "course"
    (root / "solutions").mkdir(parents=True)
    (root / "tests" / "grading").mkdir(parents=True)
    for path in (DICE, START):
        shutil.copy(path, root / "solutions" / path.name)
    for name in ("test_dice421.py", "test_start.py"):
        shutil.copy(ROOT / "tests" / "grading" / name, root / "tests" / "grading" / name)
    shutil.copytree(ROOT / "tests" / "grading" / "strategies", root / "tests" / "grading" / "strategies",
                    ignore=shutil.ignore_patterns("__pycache__"))  # the hidden tests draw their cases there
    (root / "tests" / "grading" / "cases").mkdir()
    for name in ("dice421.json", "start.json"):  # what they drew, and the reference's answers
        shutil.copy(ROOT / "tests" / "grading" / "cases" / name, root / "tests" / "grading" / "cases" / name)
    return root


def stubbed(exercise: str) -> str:
    notebook = json.loads(DICE.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell.get("metadata", {}).get("course", {}).get("exercise") == exercise:
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            cell["source"] = strip_solutions(source, exercise, exercise)
    return json.dumps(notebook)


def put(path: Path, text: str, moment: float) -> None:
    import os

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (moment, moment))


def build(folder: Path) -> dict:
    """The class on disk and what each student deserves (start and dice separately)."""
    rng = random.Random(SEED)
    exercises = exercise_ids(json.loads(DICE.read_text(encoding="utf-8")))
    hand_in = folder / "hand-in"
    truth: dict[str, dict] = {}
    solution, stub = START.read_text(encoding="utf-8"), START_STUB.read_text(encoding="utf-8")
    for number in range(STUDENTS):
        name = f"s{number:02d}"
        broken = rng.choice(exercises)
        kind = rng.choice(["plain", "duplicate", "renamed", "canvas"])
        truth[name] = {"broken": broken, "start": 1}
        if kind == "canvas":  # a flat LMS download: the student is the login
            put(hand_in / "canvas" / f"{name}_{1000 + number}_{77 + number}_02_dice_421.ipynb", stubbed(broken), T0)
            put(hand_in / "canvas" / f"{name}_{1000 + number}_{99 + number}_00_start_here.ipynb", solution, T0)
            continue
        put(hand_in / name / "02_dice_421.ipynb", stubbed(broken), T0)
        if kind == "renamed":
            put(hand_in / name / "Untitled.ipynb", solution, T0)
        else:
            put(hand_in / name / "00_start_here.ipynb", solution, T0)
        if kind == "duplicate":  # a newer copy, still the stub: it counts, the older one does not
            put(hand_in / name / "00_start_here-Copy1.ipynb", stub, T0 + 60)
            truth[name]["start"] = 0
    return {"hand_in": hand_in, "truth": truth}


def grade(root: Path, hand_in: Path, out: Path, *options: str) -> subprocess.CompletedProcess:
    run = subprocess.run(
        [sys.executable, "-m", "course.commands", "grade", str(hand_in), "--out", str(out),
         "--jobs", "2", "--root", str(root), *options], capture_output=True, text=True, timeout=1200)
    assert run.returncode == 0, run.stderr[-3000:]
    return run


def maxima(out: Path) -> dict[str, float]:
    for path in (out / "results").glob("*.dice421.json"):
        return {e: v["max"] for e, v in json.loads(path.read_text())["extra_data"]["exercises"].items()}
    raise AssertionError("no dice result")


def lost_elsewhere(out: Path, truth: dict) -> float:
    """Points lost on exercises other than the one each student left undone."""
    lost = 0.0
    for path in (out / "results").glob("*.dice421.json"):
        extra = json.loads(path.read_text())["extra_data"]
        broken = truth[extra["student"]]["broken"]
        lost += sum(v["max"] - v["score"] for e, v in extra["exercises"].items() if e != broken)
    return round(lost, 4)


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("seeded")
    root = course_copy(folder)
    built = build(folder)
    before = grade(root, built["hand_in"], folder / "no-cascade", "--no-cascade")
    after = grade(root, built["hand_in"], folder / "out")
    return {**built, "root": root, "folder": folder, "before": before, "after": after}


def test_totals_match_the_ground_truth(seeded: dict) -> None:
    out = seeded["folder"] / "out"
    points = maxima(out)
    table = rows(out)
    assert sorted(table) == sorted(seeded["truth"])
    for student, truth in seeded["truth"].items():
        expected = sum(points.values()) - points[truth["broken"]] + truth["start"]
        assert float(table[student]["total"]) == pytest.approx(expected, abs=0.01), (student, truth, table[student])
        assert float(table[student]["maximum"]) == sum(points.values()) + 1


def test_a_mistake_costs_once_points_lost_to_cascades_before_and_after(seeded: dict) -> None:
    before = lost_elsewhere(seeded["folder"] / "no-cascade", seeded["truth"])
    after = lost_elsewhere(seeded["folder"] / "out", seeded["truth"])
    print(f"\npoints lost on exercises whose own code is right, {STUDENTS} students: "
          f"{before} without cascades, {after} with")
    assert before > 0
    assert after == 0


def test_deleted_files_and_changed_tests_move_the_totals(seeded: dict) -> None:
    out = seeded["folder"] / "out"
    hand_in = seeded["hand_in"]
    gone = sorted(p for p in hand_in.glob("s*/02_dice_421.ipynb"))[0]
    student = gone.parent.name
    gone.unlink()
    hidden = seeded["root"] / "tests" / "grading" / "test_start.py"
    hidden.write_text(hidden.read_text(encoding="utf-8").replace('"start.count_pips": 1,', '"start.count_pips": 2,'),
                      encoding="utf-8")
    run = grade(seeded["root"], hand_in, out)
    assert "their results are kept" in run.stderr  # the deleted file's result stays, marked
    assert "already graded" in run.stderr  # the dice results stand: their tests did not change
    assert "not in the last hand-in" in rows(out)[student]["notes"]
    forget = subprocess.run([sys.executable, "-m", "course.commands", "gradebook", "forget", student, "--out", str(out),
                             "--root", str(seeded["root"])], capture_output=True, text=True, timeout=600)
    assert forget.returncode == 0, forget.stderr
    points = maxima(out)
    table = rows(out)
    for name, truth in seeded["truth"].items():
        dice = 0 if name == student else sum(points.values()) - points[truth["broken"]]
        assert float(table[name]["total"]) == pytest.approx(dice + 2 * truth["start"], abs=0.01), (name, table[name])
    results = sorted(p.name for p in (out / "results").glob(f"{student}.*.json"))
    assert results == [f"{student}.start.json"]
