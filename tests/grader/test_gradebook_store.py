"""The gradebook's own parts without grading: its schema's version and migrations, the cache of
earlier versions taken in, LMS exports of hand-in times, and a command that waits for the lock."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import ROOT
from course.gradebook.handin import BadSource, HandIns, parse_source
from course.gradebook.lock import hold
from course.gradebook.schema import NAME, VERSION, NewerGradebook, connect
from course.gradebook.store import FileEntry, Gradebook, Grading
from course.grading.instructor import book, discover


def test_a_new_gradebook_has_the_latest_schema_and_a_newer_one_is_refused(tmp_path: Path) -> None:
    connect(tmp_path / NAME).close()
    with sqlite3.connect(tmp_path / NAME) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
        db.execute(f"PRAGMA user_version = {VERSION + 1}")
    with pytest.raises(NewerGradebook, match="written by a newer version of the course"):
        connect(tmp_path / NAME)


def test_the_cache_of_an_earlier_version_is_taken_in_and_removed(tmp_path: Path) -> None:
    solution = ROOT / "solutions" / "00_start_here.ipynb"
    entry = {"path": str(solution), "student": "zoe", "worksheet": "start", "group": "start", "sha256": "ab",
             "submitted": 1_790_000_000.0, "graded": 1_790_000_100.0, "fingerprint": "f", "seconds": 1.0,
             "failure": "", "report": {"tests": [{"nodeid": "t", "name": "test_x", "exercise": "start.count_pips",
                                                  "points": 1, "outcome": "passed"}]}}
    (tmp_path / ".cache").mkdir()
    (tmp_path / ".cache" / "abc.json").write_text(json.dumps(entry), encoding="utf-8")
    report = book.Report(tmp_path, discover.worksheets(ROOT))
    assert not (tmp_path / ".cache").exists()
    assert report.chosen()["zoe.start"].score == 1
    assert [e.detail for e in report.book.history()] == ["1 files taken from the cache of an earlier version"]
    assert len(report.book.gradings("zoe")) == 1


def test_a_file_and_its_grading_are_kept_as_written(tmp_path: Path) -> None:
    report = {"tests": [{"nodeid": "t", "name": "test_x", "exercise": "start.count_pips", "points": 1,
                         "outcome": "failed", "message": "bad \udc80 text"}]}
    graded = FileEntry("f1", str(tmp_path / "zo\udc80e.ipynb"), "A/zoe", "start", "start", "ab", 1_790_000_000.0,
                       "canvas:x.csv", lms_late=True, language="fr",
                       grading=Grading(1_790_000_100.0, "print", report, 2.5, ""))
    waiting = FileEntry("f2", str(tmp_path / "b.ipynb"), "bob", None, "file:b.ipynb", "cd", reason="no worksheet")
    store = Gradebook(tmp_path)
    store.save_file(waiting)
    store.graded(graded)
    store.close()
    store = Gradebook(tmp_path)
    assert store.files() == {"f1": graded, "f2": waiting}
    assert [g["student"] for g in store.gradings()] == ["A/zoe"]  # only a grading is listed
    store.close()


def test_lms_exports_give_hand_in_times_by_login_id_or_name(tmp_path: Path) -> None:
    canvas = tmp_path / "canvas.csv"
    canvas.write_text("Student,ID,SIS Login ID,submitted_at\nJane Doe,4242,doejane,2026-11-27T14:03:00Z\n",
                      encoding="utf-8")
    moodle = tmp_path / "moodle.csv"
    moodle.write_text("Identifier,Full name,Email address,Status,Last modified (submission)\n"
                      "Participant 4567,Jim Poe,jim@school,Submitted,\"Friday, 27 November 2026, 2:03 PM\"\n",
                      encoding="utf-8")
    times = HandIns([parse_source(f"canvas:{canvas}"), parse_source(f"start=moodle:{moodle}")])
    expected = 1_795_788_180.0  # 2026-11-27 14:03 UTC
    assert times.time_of(tmp_path / "x.ipynb", ["doejane"], "dice421") == (expected, f"canvas:{canvas}")
    assert times.time_of(tmp_path / "x.ipynb", ["nobody", "4242"], "start")[0] == expected
    assert times.time_of(tmp_path / "x.ipynb", ["4567"], "start") == (expected, f"start=moodle:{moodle}")
    assert times.time_of(tmp_path / "x.ipynb", ["4567"], "dice421") == (None, "")  # that export is start's
    bad = tmp_path / "bad.csv"
    bad.write_text("login,grade\nann,3\n", encoding="utf-8")
    with pytest.raises(BadSource, match="has no column of submission times"):
        HandIns([parse_source(f"canvas:{bad}")])


def test_a_change_waits_for_the_command_that_holds_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    Gradebook(out).close()
    held, release = threading.Event(), threading.Event()

    def busy() -> None:
        with hold(out, "course grade hand-in/"):
            held.set()
            release.wait(120)

    holder = threading.Thread(target=busy)
    holder.start()
    try:
        held.wait(10)
        command = [sys.executable, "-m", "course.commands", "gradebook", "late-penalty", "5", "--out", str(out),
                   "--root", str(ROOT)]
        refused = subprocess.run(command, capture_output=True, text=True, timeout=120)
        said = tmp_path / "stderr.txt"
        with said.open("w", encoding="utf-8") as stderr:
            waiting = subprocess.Popen([*command, "--wait"], stdout=subprocess.DEVNULL, stderr=stderr)
            deadline = time.monotonic() + 120
            while "waiting for" not in said.read_text(encoding="utf-8") and time.monotonic() < deadline:
                time.sleep(0.1)
            release.set()
            code = waiting.wait(120)
    finally:
        release.set()
        holder.join()
    assert refused.returncode == 2 and "is in use by `course grade hand-in/`" in refused.stderr, refused.stderr
    assert code == 0 and "waiting for `course grade hand-in/`" in said.read_text(encoding="utf-8")
    assert Gradebook(out).rules()[("late_penalty", "")] == "5"
