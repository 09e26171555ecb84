"""Every ``course`` command refuses a bad path with one sentence naming it, exit status 2, and
nothing written: a missing path, a file for a folder (and a folder for a file), an output
inside the hand-in folder, a mapping that does not parse or names no one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from course.commands.main import main
from course.grading.grader.spawn import HASH_SEED

SOLUTION = ROOT / "solutions" / "00_start_here.ipynb"


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every path under ``folder`` with its content (None for a folder)."""
    return {str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes() for p in sorted(folder.rglob("*"))}


@pytest.fixture
def place(tmp_path: Path) -> Path:
    """A hand-in folder with one notebook, a plain file and a folder for outputs."""
    hand_in = tmp_path / "hand-in" / "alice"
    hand_in.mkdir(parents=True)
    (hand_in / "00_start_here.ipynb").write_bytes(SOLUTION.read_bytes())
    (tmp_path / "notes.txt").write_text("a file, not a folder\n", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    return tmp_path


def refused(capsys: pytest.CaptureFixture, place: Path, argv: list[str], named: Path) -> None:
    """``course ARGV`` exits 2 with one sentence naming ``named`` and changes nothing in ``place``."""
    before = tree(place)
    code = main(argv)
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert code == 2, captured.err
    assert len(lines) == 1 and lines[0].endswith("."), captured.err
    assert str(named) in lines[0], captured.err
    assert captured.out == ""
    assert tree(place) == before, "a refused command wrote nothing"


def grade(place: Path, *argv: str) -> list[str]:
    return ["grade", str(place / "hand-in"), "--root", str(ROOT), *argv]


def test_grade_refuses_a_submission_that_does_not_exist(place, capsys) -> None:
    missing = place / "no" / "such" / "folder"
    refused(capsys, place, ["grade", str(missing), "--out", str(place / "grades"), "--root", str(ROOT)], missing)
    assert not (place / "grades").exists()


def test_grade_refuses_a_typo_as_the_command_line_would(place) -> None:
    """The console command itself: a typo in the hand-in path uploads no zero."""
    missing = place / "hand-im"
    out = place / "grades"
    run = subprocess.run([sys.executable, "-m", "course.commands", "grade", str(missing), "--out", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2, run.stderr
    assert run.stderr.strip().splitlines() == [f"course grade: the submission {missing} does not exist."]
    assert not out.exists()


def test_grade_refuses_a_file_as_the_output_folder(place, capsys) -> None:
    refused(capsys, place, grade(place, "--out", str(place / "notes.txt")), place / "notes.txt")


def test_grade_refuses_an_output_inside_the_hand_in_folder(place, capsys) -> None:
    inside = place / "hand-in" / "grades"
    refused(capsys, place, grade(place, "--out", str(inside)), inside)
    assert not inside.exists()


def test_grade_refuses_the_hand_in_folder_itself_as_output(place, capsys) -> None:
    refused(capsys, place, grade(place, "--out", str(place / "hand-in")), place / "hand-in")


def test_grade_refuses_a_file_as_the_course_folder(place, capsys) -> None:
    argv = ["grade", str(place / "hand-in"), "--out", str(place / "grades"), "--root", str(place / "notes.txt")]
    refused(capsys, place, argv, place / "notes.txt")
    assert not (place / "grades").exists()


def test_grade_refuses_a_students_mapping_that_does_not_exist(place, capsys) -> None:
    missing = place / "students.csv"
    refused(capsys, place, grade(place, "--out", str(place / "grades"), "--students", str(missing)), missing)
    assert not (place / "grades").exists()


def test_grade_refuses_a_students_mapping_that_does_not_parse(place, capsys) -> None:
    binary = place / "students.csv"
    binary.write_bytes(b"\xff\xfe\x00alice\x00,\x9c\x00\n")
    refused(capsys, place, grade(place, "--out", str(place / "grades"), "--students", str(binary)), binary)
    assert not (place / "grades").exists()


def test_grade_refuses_a_students_mapping_that_names_no_one(place, capsys) -> None:
    empty = place / "students.csv"
    empty.write_text("folder\nalice\n\n", encoding="utf-8")  # one column: no one is mapped
    refused(capsys, place, grade(place, "--out", str(place / "grades"), "--students", str(empty)), empty)
    assert not (place / "grades").exists()


def test_grade_refuses_a_folder_as_the_lms_ids(place, capsys) -> None:
    argv = grade(place, "--out", str(place / "grades"), "--lms-ids", str(place / "folder"))
    refused(capsys, place, argv, place / "folder")
    assert not (place / "grades").exists()


def test_report_refuses_grades_that_do_not_exist_or_are_a_file(place, capsys) -> None:
    refused(capsys, place, ["report", str(place / "grades"), "--root", str(ROOT)], place / "grades")
    refused(capsys, place, ["report", str(place / "notes.txt"), "--root", str(ROOT)], place / "notes.txt")


def test_report_refuses_a_folder_as_its_page(place, capsys) -> None:
    refused(capsys, place, ["report", str(place / "folder"), "--out", str(place / "hand-in"), "--root", str(ROOT)],
            place / "hand-in")


def test_gradescope_refuses_a_missing_course_and_a_folder_as_the_zip(place, capsys) -> None:
    refused(capsys, place, ["gradescope", "--root", str(place / "course"), "--to", str(place / "a.zip")],
            place / "course")
    refused(capsys, place, ["gradescope", "--root", str(ROOT), "--to", str(place / "folder")], place / "folder")


def test_release_refuses_a_missing_course_and_a_file_as_the_bundle(place, capsys) -> None:
    refused(capsys, place, ["release", "--root", str(place / "course")], place / "course")
    refused(capsys, place, ["release", "--root", str(place / "notes.txt")], place / "notes.txt")
    refused(capsys, place, ["release", "--root", str(ROOT), "--to", str(place / "notes.txt")], place / "notes.txt")


def test_cases_and_translate_refuse_a_course_folder_that_is_not_one(place, capsys) -> None:
    seed = os.environ.get(HASH_SEED)
    refused(capsys, place, ["cases", "--root", str(place / "course")], place / "course")
    assert os.environ.get(HASH_SEED) == seed, "a refused course cases leaves the notebooks' hash seed alone"
    refused(capsys, place, ["translate", "check", "--root", str(place / "notes.txt")], place / "notes.txt")


@pytest.mark.parametrize("limit", ["nan", "inf", "0", "-3", "soon"])
@pytest.mark.parametrize("option", ["--call-timeout", "--submission-timeout"])
def test_grade_refuses_a_time_limit_that_is_not_some_seconds(place, capsys, option: str, limit: str) -> None:
    """A limit that is not a number of seconds above 0 (a NaN never reaches the wire)."""
    before = tree(place)
    with pytest.raises(SystemExit) as stopped:
        main(grade(place, "--out", str(place / "grades"), option, limit))
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert option in error and repr(limit) in error, error
    assert tree(place) == before, "a refused command wrote nothing"


def test_the_sandboxs_limits_refuse_a_call_time_that_is_not_some_seconds() -> None:
    from course.grading.notebook.sandbox import Limits

    for seconds in (float("nan"), float("inf"), 0.0, -1.0):
        with pytest.raises(ValueError, match="number of seconds above 0"):
            Limits(call_seconds=seconds)
    assert Limits(call_seconds=0.5).call_seconds == 0.5
