"""``course grade`` bookkeeping: one result per student and worksheet, students from LMS
downloads, reruns that follow what decides a grade, Gradescope and LMS exports."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from support import commands
from support.notebooks import fake_course

SOLUTION = ROOT / "solutions" / "00_start_here.ipynb"
STUB = ROOT / "notebooks" / "00_start_here.ipynb"
DAY = 86400
T0 = 1_790_000_000  # a fixed moment, so that file times are deterministic


def course(*args: str, root: Path = ROOT, timeout: float = 600) -> subprocess.CompletedProcess:
    """``course grade ...`` with the course folder given."""
    return commands.course("grade", *args, "--root", str(root), timeout=timeout)


def put(path: Path, source: Path | str, moment: float | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source if isinstance(source, str) else source.read_text(encoding="utf-8"), encoding="utf-8")
    if moment is not None:
        os.utime(path, (moment, moment))
    return path


def table(out: Path, name: str = "grades.csv") -> dict[str, dict]:
    return {row["student"]: row for row in csv.DictReader((out / name).open(encoding="utf-8"))}


def results(out: Path) -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in (out / "results").glob("*.json")}


def test_two_copies_of_a_worksheet_count_once_newest_by_default_best_on_request(tmp_path: Path) -> None:
    hand_in = tmp_path / "hand-in"
    put(hand_in / "ann" / "00_start_here.ipynb", SOLUTION, T0)
    put(hand_in / "ann" / "00_start_here-Copy1.ipynb", STUB, T0 + 60)  # newest, but a stub
    put(hand_in / "ben" / "00_start_here.ipynb", STUB, T0)
    put(hand_in / "ben" / "00_start_here-Copy1.ipynb", SOLUTION, T0 + 60)
    run = course(str(hand_in), "--out", str(tmp_path / "out"))
    assert run.returncode == 0, run.stderr
    rows = table(tmp_path / "out")
    assert (rows["ann"]["total"], rows["ann"]["maximum"]) == ("0", "1")  # never summed: not 1 / 2
    assert (rows["ben"]["total"], rows["ben"]["maximum"]) == ("1", "1")
    assert "ann: 00_start_here-Copy1.ipynb counts for start" in run.stderr
    assert "not counted: 00_start_here.ipynb" in run.stderr
    assert sorted(results(tmp_path / "out")) == ["ann.start", "ben.start"]
    feedback = (tmp_path / "out" / "feedback" / "ann.md").read_text(encoding="utf-8")
    assert "00_start_here-Copy1.ipynb counts (the newest); not counted: 00_start_here.ipynb" in feedback
    best = course(str(hand_in), "--out", str(tmp_path / "out"), "--best")
    assert best.returncode == 0, best.stderr
    rows = table(tmp_path / "out")
    assert (rows["ann"]["total"], rows["ben"]["total"]) == ("1", "1")
    assert "(best copy)" in best.stderr


def test_regrading_one_students_folder_keeps_their_row_and_adds_no_phantom(tmp_path: Path) -> None:
    hand_in = tmp_path / "hand-in"
    put(hand_in / "student37" / "00_start_here.ipynb", STUB, T0)
    put(hand_in / "student37" / "Untitled.ipynb", SOLUTION, T0 + 60)  # renamed, newer
    put(hand_in / "student38" / "00_start_here.ipynb", SOLUTION, T0)
    out = tmp_path / "out"
    assert course(str(hand_in), "--out", str(out)).returncode == 0
    assert sorted(table(out)) == ["student37", "student38"]
    assert table(out)["student37"]["total"] == "1"
    again = course(str(hand_in / "student37"), "--out", str(out), "--force")
    assert again.returncode == 0, again.stderr
    assert sorted(table(out)) == ["student37", "student38"]
    assert table(out)["student37"]["total"] == "1"
    fresh = course(str(hand_in / "student37"), "--out", str(tmp_path / "fresh"))  # no earlier run
    assert fresh.returncode == 0, fresh.stderr
    assert sorted(table(tmp_path / "fresh")) == ["student37"]


def test_a_deleted_submission_keeps_its_result_marked_until_forgotten(tmp_path: Path) -> None:
    hand_in = tmp_path / "hand-in"
    put(hand_in / "ann" / "00_start_here.ipynb", SOLUTION, T0)
    put(hand_in / "ann" / "00_start_here-Copy1.ipynb", STUB, T0 + 60)
    put(hand_in / "ben" / "00_start_here.ipynb", SOLUTION, T0)
    out = tmp_path / "out"
    assert course(str(hand_in), "--out", str(out)).returncode == 0
    assert table(out)["ann"]["total"] == "0"
    (hand_in / "ann" / "00_start_here-Copy1.ipynb").unlink()  # the newest copy is withdrawn
    (hand_in / "ben" / "00_start_here.ipynb").unlink()
    again = course(str(hand_in), "--out", str(out))
    assert again.returncode == 0, again.stderr
    assert "their results are kept" in again.stderr
    assert sorted(table(out)) == ["ann", "ben"] and table(out)["ann"]["total"] == "1"  # the copy still there counts
    assert (table(out)["ben"]["total"], table(out)["ben"]["notes"]) == ("1",
        "00_start_here.ipynb: not in the last hand-in")
    assert "not in the last hand-in" in (out / "feedback" / "ben.md").read_text(encoding="utf-8")
    forget = subprocess.run([sys.executable, "-m", "course.commands", "gradebook", "forget", "ben", "--out", str(out),
                             "--root", str(ROOT)], capture_output=True, text=True, timeout=600)
    assert forget.returncode == 0, forget.stderr
    assert sorted(table(out)) == ["ann"] and sorted(results(out)) == ["ann.start"]
    assert not (out / "feedback" / "ben.md").exists()


LMS_CLASS = {
    "canvas/doejane_12345_678_00_start_here.ipynb": "solution",
    "canvas/roerick_LATE_23456_789_00_start_here.ipynb": "stub",
    "moodle/Jane Moe_4567_assignsubmission_file_/00_start_here.ipynb": "solution",
    "moodle/Jim Poe_4568_assignsubmission_file_my work.ipynb": "solution",
    "nbgrader/submitted/sam/ps1/00_start_here.ipynb": "solution",
    "nbgrader/submitted/sam/ps1/timestamp.txt": "2026-11-20 10:00:00.000000 UTC",
    "nbgrader/submitted/tia/ps1/00_start_here.ipynb": "stub",
    "nbgrader/submitted/tia/ps1/timestamp.txt": "2026-11-22 10:00:00.000000 UTC",
}


def lms_class(folder: Path) -> Path:
    for name, what in LMS_CLASS.items():
        source = {"solution": SOLUTION, "stub": STUB}.get(what, what)
        put(folder / name, source, T0)
    return folder


def test_students_come_from_lms_download_names(tmp_path: Path) -> None:
    hand_in = lms_class(tmp_path / "lms")
    out = tmp_path / "out"
    run = course(str(hand_in / "canvas"), str(hand_in / "moodle"), str(hand_in / "nbgrader"), "--out", str(out))
    assert run.returncode == 0, run.stderr
    rows = table(out)
    assert sorted(rows) == ["Jane Moe", "Jim Poe", "doejane", "roerick", "sam", "tia"]
    assert [rows[s]["total"] for s in ("doejane", "roerick", "Jane Moe", "Jim Poe", "sam", "tia")] == \
        ["1", "0", "1", "1", "1", "0"]
    assert all(not row["notes"] for row in rows.values()), rows  # timestamp.txt is no "not a notebook"


def test_a_mapping_file_names_the_students(tmp_path: Path) -> None:
    hand_in = lms_class(tmp_path / "lms")
    mapping = put(tmp_path / "map.csv", "12345,jane.doe@school\nsam,sam.smith@school\n4568,jim.poe@school\n")
    out = tmp_path / "out"
    run = course(str(hand_in), "--out", str(out), "--students", str(mapping))
    assert run.returncode == 0, run.stderr
    assert {"jane.doe@school", "sam.smith@school", "jim.poe@school", "roerick"} <= set(table(out))


def test_lms_csv_has_worksheet_totals_zeros_ids_and_a_late_penalty(tmp_path: Path) -> None:
    hand_in = lms_class(tmp_path / "lms")
    put(hand_in / "canvas" / "late_99999_1_00_start_here.ipynb", SOLUTION, T0 + 3 * DAY + 5)
    put(hand_in / "canvas" / "nobody_99998_2_notes.txt", "not a notebook", T0)
    ids = put(tmp_path / "ids.csv", "doejane,1001\nsam,1002\nroerick,1003\nJane Moe,1004\nJim Poe,1005\n"
                                    "tia,1006\nlate,1007\nnobody,1008\n")  # every student: a missing one is refused
    out = tmp_path / "out"
    deadline = "2026-11-21T00:00:00+00:00"
    import datetime
    late_moment = datetime.datetime.fromisoformat(deadline).timestamp()
    os.utime(hand_in / "canvas" / "late_99999_1_00_start_here.ipynb", (late_moment + 2 * DAY - 1,) * 2)
    os.utime(hand_in / "canvas" / "doejane_12345_678_00_start_here.ipynb", (late_moment - 1,) * 2)
    run = course(str(hand_in), "--out", str(out), "--lms-ids", str(ids), "--deadline", deadline,
                 "--late-penalty", "25", "--handed-in", "timestamp", "--handed-in", "file-time")
    assert run.returncode == 0, run.stderr
    header = next(csv.reader((out / "lms.csv").open(encoding="utf-8")))
    assert header == ["student", "id", "start", "total"]
    rows = table(out, "lms.csv")
    assert (rows["doejane"]["id"], rows["doejane"]["start"], rows["doejane"]["total"]) == ("1001", "1", "1")
    assert rows["late"]["start"] == "0.5"  # two started days late, 25 % each
    assert rows["sam"]["start"] == "1"  # its timestamp.txt says the 20th, before the deadline
    assert rows["nobody"]["start"] == "0" and rows["nobody"]["total"] == "0"  # zero, not blank
    assert "2 day(s) late" in (out / "feedback" / "late.md").read_text(encoding="utf-8")


def test_gradescope_results_hide_tests_by_default_and_maxima_add_up(tmp_path: Path) -> None:
    root = fake_course(tmp_path, THIRDS)
    put(tmp_path / "hand-in" / "zoe.ipynb", SOLUTION)
    out = tmp_path / "out"
    assert course(str(tmp_path / "hand-in"), "--out", str(out), root=root).returncode == 0
    result = results(out)["zoe.start"]
    assert {test["visibility"] for test in result["tests"]} == {"after_due_date"}
    assert sum(test["max_score"] for test in result["tests"]) == pytest.approx(10 / 3 + 1, abs=1e-9)
    for exercise, points in (("start.count_pips", 1), ("start.bonus", 10 / 3)):
        mine = [t["max_score"] for t in result["tests"] if t["tags"] == [exercise]]
        listed = round(result["extra_data"]["exercises"][exercise]["max"], 9)
        assert round(sum(mine), 9) == listed == round(points, 9)
    shown = course(str(tmp_path / "hand-in"), "--out", str(out), "--visibility", "visible", root=root)
    assert "1 of 1 already graded" in shown.stderr  # visibility changes no outcome: nothing regraded
    assert {test["visibility"] for test in results(out)["zoe.start"]["tests"]} == {"visible"}


THIRDS = '''
import pytest
NOTEBOOK = "00_start_here"
POINTS = {"start.count_pips": 1, "start.bonus": 3.3333333333}

@pytest.mark.exercise("start.count_pips")
def test_a(sub):
    assert sub.count_pips([]) == 0

@pytest.mark.exercise("start.count_pips")
def test_b(sub):
    assert sub.count_pips([1]) == 1

@pytest.mark.exercise("start.count_pips")
def test_c(sub):
    assert sub.count_pips([1, 2]) == 3

@pytest.mark.exercise("start.bonus")
def test_bonus(sub):
    assert sub.count_pips([6]) == 6
'''


def test_reruns_follow_the_hidden_tests_the_solution_the_options_and_only_regrade_one_exercise(tmp_path: Path) -> None:
    root = fake_course(tmp_path, THIRDS)
    put(tmp_path / "hand-in" / "zoe.ipynb", SOLUTION)
    out = tmp_path / "out"
    hand_in = str(tmp_path / "hand-in")
    assert course(hand_in, "--out", str(out), root=root).returncode == 0
    assert "1 of 1 already graded" in course(hand_in, "--out", str(out), root=root).stderr
    hidden = root / "tests" / "grading" / "test_start.py"
    hidden.write_text(THIRDS.replace('"start.bonus": 3.3333333333', '"start.bonus": 5'), encoding="utf-8")
    changed = course(hand_in, "--out", str(out), root=root)
    assert "of 1 already graded" not in changed.stderr
    assert table(out)["zoe"]["maximum"] == "6"  # the new points, not the old maximum
    assert "already graded" in course(hand_in, "--out", str(out), root=root).stderr
    assert "of 1 already graded" not in course(hand_in, "--out", str(out), "--call-timeout", "9", root=root).stderr
    solution = root / "solutions" / "00_start_here.ipynb"
    solution.write_text(solution.read_text(encoding="utf-8").replace('"cells": [', '"cells": [{"cell_type": '
                        '"markdown", "metadata": {}, "source": "A new first cell."}, ', 1), encoding="utf-8")
    assert "of 1 already graded" not in course(hand_in, "--out", str(out), "--call-timeout", "9", root=root).stderr
    # --only: one exercise's tests run again, the other's results are kept as they were
    hidden.write_text(THIRDS.replace('"start.bonus": 3.3333333333', '"start.bonus": 5').replace("== 6", "== 7")
                      .replace("== 3\n", "== 4\n"), encoding="utf-8")
    only = course(hand_in, "--out", str(out), "--call-timeout", "9", "--only", "start.bonus", root=root)
    assert only.returncode == 0, only.stderr
    exercises = results(out)["zoe.start"]["extra_data"]["exercises"]
    assert exercises["start.bonus"]["score"] == 0
    assert exercises["start.count_pips"]["score"] == 1
    bad = course(hand_in, "--out", str(out), "--only", "start.nothing", root=root)
    assert bad.returncode == 2 and "no worksheet has an exercise" in bad.stderr
