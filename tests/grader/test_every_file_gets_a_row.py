"""``course grade`` never drops a file: when the grader itself fails on one (its grading
process cannot start, keeping a grading raises), that file is kept as not graded with the
reason, the others are graded as usual, the exit status says so, and the next run grades
the failed file again."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from conftest import ROOT
from course.commands.main import main
from course.grading.instructor import book, local

SOLUTION = ROOT / "solutions" / "00_start_here.ipynb"
NAMES = ("a", "b", "c", "d", "e")


def hand_in(folder: Path) -> Path:
    hand = folder / "hand-in"
    hand.mkdir()
    for name in NAMES:
        (hand / f"{name}.ipynb").write_bytes(SOLUTION.read_bytes())
    return hand


def outcome(out: Path) -> dict[str, str]:
    """Per student of the grade book, the notes of their row ("" when graded); a result was written
    for each of them."""
    rows = list(csv.DictReader((out / "grades.csv").open(encoding="utf-8")))
    assert sorted(path.name for path in (out / "results").glob("*.json")) == \
        sorted(f"{row['student']}.start.json" for row in rows)
    return {row["student"]: row["notes"] for row in rows}


def grade(hand: Path, out: Path, *extra: str) -> int:
    return main(["grade", str(hand), "--out", str(out), "--root", str(ROOT), "--jobs", "2", *extra])


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_graders_own_failures_leave_no_file_without_its_row(tmp_path: Path, monkeypatch, capsys,
                                                               jobs: str) -> None:
    hand, out = hand_in(tmp_path), tmp_path / "out"
    real_grade_one, real_add = local.grade_one, book.Report.add

    def cannot_start():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    def grade_one(worker, batch, task, report):
        if task.path.name == "b.ipynb":
            raise RuntimeError("the report folder vanished")
        if task.path.name == "d.ipynb":  # its grading process cannot start
            worker.start = cannot_start
            try:
                return real_grade_one(worker, batch, task, report)
            finally:
                del worker.start
        return real_grade_one(worker, batch, task, report)

    def add(self, task, report, *rest, **named):
        if task.path.name == "c.ipynb" and report is not None:
            raise OSError("disk full")
        return real_add(self, task, report, *rest, **named)

    monkeypatch.setattr(local, "grade_one", grade_one)
    monkeypatch.setattr(book.Report, "add", add)
    code = main(["grade", str(hand), "--out", str(out), "--root", str(ROOT), "--jobs", jobs])
    stderr = capsys.readouterr().err

    failures = outcome(out)
    assert sorted(failures) == list(NAMES), "every file has its result"
    assert "the report folder vanished" in failures["b"] and "grade it again" in failures["b"]
    assert "disk full" in failures["c"]
    assert "Resource temporarily unavailable" in failures["d"]
    assert sum(failure == "" for failure in failures.values()) == 2, "the other files are graded"
    assert code == 1
    assert "the grader failed on 3 files" in stderr and "Traceback" in stderr

    monkeypatch.undo()  # the next run grades again only the files that failed
    assert grade(hand, out) == 0
    assert outcome(out) == dict.fromkeys(NAMES, "")
    assert "Graded 3 files (2 already graded)" in capsys.readouterr().err

