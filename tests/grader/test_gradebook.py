"""The gradebook keeps every decision and result of a term: two sections, runs after the
hand-in folder moved, hand-in times from an LMS export, a regrade, a hand-made change and a
deadline change; and each instructor mistake gets one sentence with its fix and exit 2."""

from __future__ import annotations

import csv
import shutil
import sqlite3
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest

from conftest import ROOT
from course.gradebook.lock import hold
from support import commands
from support.notebooks import fake_course

SOLUTION = ROOT / "solutions" / "00_start_here.ipynb"
STUB = ROOT / "notebooks" / "00_start_here.ipynb"
DEADLINE = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)
HOUR = 3600


def course(*args: str, root: Path = ROOT) -> subprocess.CompletedProcess:
    """``course COMMAND ...`` with the course folder given."""
    return commands.course(*args, "--root", str(root), timeout=900)


def ok(run: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
    assert run.returncode == 0, run.stderr[-3000:]
    return run


def put(path: Path, source: Path | str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(source if isinstance(source, str) else source.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def table(out: Path, name: str = "grades.csv") -> dict[tuple[str, str], dict]:
    """grades.csv (or lms.csv) by (section, student)."""
    rows = csv.DictReader((out / name).open(encoding="utf-8"))
    if name == "lms.csv":
        return {tuple(row["student"].rpartition("/")[::2]): row for row in rows}  # type: ignore[misc]
    return {(row.get("section", ""), row["student"]): row for row in rows}


def export(path: Path, times: dict[str, datetime]) -> Path:
    """A Canvas export of submission times (login, submitted_at)."""
    lines = ["login,submitted_at"] + [f"{who},{moment.strftime('%Y-%m-%dT%H:%M:%SZ')}" for who, moment in times.items()]
    return put(path, "\n".join(lines) + "\n")


def query(out: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(out / "gradebook.sqlite") as db:
        return db.execute(sql).fetchall()


def test_a_whole_term_keeps_every_decision_and_result(tmp_path: Path) -> None:
    out = tmp_path / "grades"
    a, b = tmp_path / "hand-in-A", tmp_path / "hand-in-B"
    put(a / "ann" / "00_start_here.ipynb", SOLUTION)
    put(a / "bob" / "00_start_here.ipynb", STUB)
    put(b / "ann" / "00_start_here.ipynb", STUB)  # another ann, in the other section
    put(b / "cy" / "00_start_here.ipynb", SOLUTION)
    early = DEADLINE.replace(hour=9)
    times_a = export(tmp_path / "canvas-A.csv", {"ann": early, "bob": early})
    times_b = export(tmp_path / "canvas-B.csv", {"ann": early, "cy": DEADLINE.replace(hour=14)})  # 2 h late

    # run 1: section A, the rules given once
    first = ok(course("grade", str(a), "--out", str(out), "--section", "A", "--deadline",
                      f"start={DEADLINE.isoformat()}", "--late-penalty", "25", "--handed-in", f"canvas:{times_a}"))
    assert "Graded 2 files" in first.stderr
    # run 2: section B, the rules not repeated
    ok(course("grade", str(b), "--out", str(out), "--section", "B", "--handed-in", f"canvas:{times_b}"))
    rows = table(out)
    assert {key: row["total"] for key, row in rows.items()} == {
        ("A", "ann"): "1", ("A", "bob"): "0", ("B", "ann"): "0", ("B", "cy"): "1"}  # two anns stay two
    assert "2 h late" in rows[("B", "cy")]["notes"] and "25% off" in rows[("B", "cy")]["notes"]
    assert table(out, "lms.csv")[("B", "cy")]["start"] == "0.75"
    assert "1 day(s) late (2 h after the deadline): 25%" in (out / "feedback").joinpath(
        next(p.name for p in (out / "feedback").glob("B_cy*.md"))).read_text(encoding="utf-8")

    # run 3: section A's folder moved; nothing is graded again, nothing lost
    moved = tmp_path / "term" / "hand-in-A"
    moved.parent.mkdir()
    shutil.move(a, moved)
    third = ok(course("grade", str(moved), "--out", str(out), "--section", "A"))
    assert "2 of 2 already graded" in third.stderr
    assert {key: row["total"] for key, row in table(out).items()} == {
        ("A", "ann"): "1", ("A", "bob"): "0", ("B", "ann"): "0", ("B", "cy"): "1"}
    assert "not in the last hand-in" not in (out / "grades.csv").read_text(encoding="utf-8")  # replaced by the moved

    # the regrade of one late student keeps the stored deadline, penalty and LMS time
    ok(course("grade", str(b / "cy"), "--out", str(out), "--section", "B", "--force"))
    assert table(out, "lms.csv")[("B", "cy")]["start"] == "0.75"

    # a hand-made change, kept through a regrade
    ok(course("gradebook", "adjust", "B/ann", "start.count_pips", "0.5", "--reason", "right idea, shown in class",
              "--by", "prof", "--out", str(out)))
    assert table(out)[("B", "ann")]["total"] == "0.5"
    ok(course("grade", str(b / "ann"), "--out", str(out), "--section", "B", "--force"))
    assert table(out)[("B", "ann")]["total"] == "0.5"
    assert "right idea, shown in class" in table(out)[("B", "ann")]["notes"]

    # the deadline moves: cy is no longer late and loses the penalty, without grading again
    ok(course("gradebook", "deadline", f"start={DEADLINE.replace(hour=18).isoformat()}", "--reason", "storm",
              "--out", str(out)))
    assert table(out, "lms.csv")[("B", "cy")]["start"] == "1"
    assert "late" not in table(out)[("B", "cy")]["notes"]

    # a file that is gone keeps its result, marked, until an explicit command removes it
    (moved / "bob" / "00_start_here.ipynb").unlink()
    ok(course("grade", str(moved), "--out", str(out), "--section", "A"))
    assert "not in the last hand-in" in table(out)[("A", "bob")]["notes"]
    ok(course("gradebook", "forget", "A/bob", "--out", str(out)))
    assert ("A", "bob") not in table(out)

    # the gradebook keeps it all, and its history can be read
    assert sorted(query(out, "SELECT section, name FROM students")) == [
        ("A", "ann"), ("A", "bob"), ("B", "ann"), ("B", "cy")]
    graded = query(out, "SELECT student, handed_in_source FROM gradings ORDER BY id")
    assert [s for s, _ in graded].count("B/cy") == 2 and [s for s, _ in graded].count("B/ann") == 2
    assert ("B/cy", f"canvas:{times_b}") in graded
    assert query(out, "SELECT student, exercise, points, reason, who FROM adjustments") == [
        ("B/ann", "start.count_pips", 0.5, "right idea, shown in class", "prof")]
    history = ok(course("gradebook", "history", "--out", str(out))).stdout
    assert history.count("grade:") == 6
    assert "deadline of start set to 2026-11-27 18:00 UTC (storm)" in history
    assert "set late penalty to 25%" in history
    assert "forgot 2 files" in history  # bob's file, before and after the move


@pytest.fixture(scope="module")
def hand_in(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("mistakes") / "hand-in"
    put(folder / "zoe" / "00_start_here.ipynb", SOLUTION)
    return folder


@pytest.mark.parametrize(("options", "says"), [
    (["--deadline", "27/11/2026", "--late-penalty", "10"], "'27/11/2026' is not a time; write it as 2026-11-27T23:59"),
    (["--deadline", "dice=2026-11-27T12:00", "--late-penalty", "10"], "names no worksheet 'dice'; the worksheets are"),
    (["--deadline", "2026-11-27T12:00"], "a deadline needs its penalty: add --late-penalty PERCENT"),
    (["--handed-in", "blackboard"], "is not a source of hand-in times; write canvas:EXPORT.csv"),
    (["--section", "a/b"], "has a /; name a section without one"),
])
def test_a_mistake_on_the_command_line_is_one_sentence_and_grades_nobody(hand_in: Path, tmp_path: Path,
                                                                        options: list[str], says: str) -> None:
    run = course("grade", str(hand_in), "--out", str(tmp_path / "out"), *options)
    assert run.returncode == 2 and says in run.stderr, run.stderr
    assert len(run.stderr.strip().splitlines()) == 1 and "log" not in run.stderr
    assert not (tmp_path / "out" / "grades.csv").exists()


def test_a_student_without_an_lms_id_is_named_before_grading(hand_in: Path, tmp_path: Path) -> None:
    ids = put(tmp_path / "ids.csv", "ann,1001\n")
    run = course("grade", str(hand_in), "--out", str(tmp_path / "out"), "--lms-ids", str(ids))
    assert run.returncode == 2 and "the LMS ids name no id for zoe; add a row" in run.stderr, run.stderr
    assert not (tmp_path / "out" / "grades.csv").exists()


def test_a_stored_rule_changes_only_by_its_command(hand_in: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    ok(course("grade", str(hand_in), "--out", str(out), "--deadline", "2026-11-27T12:00", "--late-penalty", "10"))
    again = course("grade", str(hand_in), "--out", str(out), "--late-penalty", "20")
    assert again.returncode == 2, again.stderr
    assert f"kept in the gradebook as 10% per started day; to change it run course gradebook late-penalty 20 " \
           f"--out {out}" in again.stderr
    ok(course("gradebook", "late-penalty", "20", "--out", str(out)))
    assert "late penalty: 20" in ok(course("gradebook", "rules", "--out", str(out))).stdout


def test_a_typo_in_points_is_named_and_nobody_is_graded(hand_in: Path, tmp_path: Path) -> None:
    hidden = (ROOT / "tests" / "grading" / "test_start.py").read_text(encoding="utf-8")
    root = fake_course(tmp_path, hidden.replace('"start.count_pips": 1', '"start.count_pip": 1'))
    shutil.copytree(ROOT / "tests" / "grading" / "strategies", root / "tests" / "grading" / "strategies")
    run = course("grade", str(hand_in), "--out", str(tmp_path / "out"), root=root)
    assert run.returncode == 2, run.stderr
    assert "test_count_pips_sums_every_die_as_an_int grades start.count_pips, which POINTS does not name " \
           "(POINTS names start.count_pip)" in run.stderr
    assert not (tmp_path / "out" / "grades.csv").exists()


def test_points_data_naming_a_missing_exercise_is_refused(hand_in: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    ok(course("grade", str(hand_in), "--out", str(out)))
    wrong = course("gradebook", "points", "start.count_pip", "2", "--out", str(out))
    assert wrong.returncode == 2 and "no worksheet has an exercise 'start.count_pip'" in wrong.stderr
    ok(course("gradebook", "points", "start.count_pips", "4", "--out", str(out)))
    ok(course("gradebook", "weight", "start.count_pips: test_count_pips_sums_every_die_as_an_int", "0",
              "--out", str(out)))
    row = table(out)[("", "zoe")]
    assert (row["start.count_pips"], row["maximum"]) == ("4", "4")
    result = next((out / "results").glob("zoe.*.json")).read_text(encoding="utf-8")
    assert '"max_score": 0.0' in result  # the weight of 0 gives that test no share


def test_a_second_command_on_one_folder_is_refused_naming_the_first(hand_in: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    with hold(out, "course grade hand-in-A"):
        run = course("grade", str(hand_in), "--out", str(out))
        adequacy = course("adequacy", "--exercise", "start", "--out", str(out))
    assert run.returncode == 2 and "is in use by `course grade hand-in-A` (process" in run.stderr, run.stderr
    assert "add --wait" in run.stderr
    assert adequacy.returncode == 2 and "is in use by `course grade hand-in-A`" in adequacy.stderr
