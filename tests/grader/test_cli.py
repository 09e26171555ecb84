"""``course grade``: finding worksheets and students, grades.csv, feedback, results, resuming."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, load
from support.commands import alone, course
from support.commands import rows_by_student as rows
from support.notebooks import fake_course, save

SOLUTION = ROOT / "solutions" / "00_start_here.ipynb"
STUB = ROOT / "notebooks" / "00_start_here.ipynb"
HIDDEN = ROOT / "tests" / "grading" / "test_start.py"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """A class's hand-in folder with good, renamed, stripped and broken files, graded once."""
    folder = tmp_path_factory.mktemp("class")
    hand_in = folder / "hand-in"
    save(hand_in / "alice" / "00_start_here.ipynb", load(SOLUTION))
    save(hand_in / "bob" / "my work (final).ipynb", load(STUB))
    stripped = load(SOLUTION)
    stripped["metadata"].pop("course")  # copied into a new notebook: no metadata, same cells
    save(hand_in / "carol.ipynb", stripped)
    save(hand_in / "dave" / "notes.txt", "my notes")
    save(hand_in / "erin" / "00_start_here.ipynb", '{"cells": [')
    save(hand_in / "frank.ipynb", '["not", "a", "notebook"]')
    save(hand_in / "gina.ipynb", {"cells": [{"cell_type": "code", "source": "print(1)", "metadata": {}}],
                                  "metadata": {}})
    save(hand_in / "hank.ipynb", {"cells": [1, {"cell_type": "code", "source": ["x = ", 1], "metadata": []}],
                                  "metadata": {"course": {"worksheet": "start"}}})
    out = folder / "out"
    run = course("grade", str(hand_in), "--out", str(out), "--jobs", "2", cwd=ROOT)
    return {"folder": folder, "hand_in": hand_in, "out": out, "run": run}


def test_grades_csv_has_a_row_per_student_and_a_column_per_exercise(classroom: dict) -> None:
    assert classroom["run"].returncode == 0, classroom["run"].stderr[-2000:]
    table = rows(classroom["out"])
    header = next(csv.reader((classroom["out"] / "grades.csv").open(encoding="utf-8")))
    assert header == ["student", "start.count_pips", "total", "maximum", "notes"]
    assert sorted(table) == ["alice", "bob", "carol", "dave", "erin", "frank", "gina", "hank"]
    assert table["hank"]["total"] == "0" and table["hank"]["notes"] == ""  # malformed cells are not run
    assert (table["alice"]["start.count_pips"], table["alice"]["total"], table["alice"]["maximum"]) == ("1", "1", "1")
    assert table["bob"]["total"] == "0" and table["bob"]["notes"] == ""
    assert table["carol"]["total"] == "1"  # found by its cells, without metadata


def test_files_that_cannot_be_graded_get_a_reason_and_the_batch_goes_on(classroom: dict) -> None:
    table = rows(classroom["out"])
    assert "not a notebook" in table["dave"]["notes"]
    assert "not valid JSON" in table["erin"]["notes"]
    assert "not a notebook" in table["frank"]["notes"]
    assert "matches no worksheet" in table["gina"]["notes"]
    for student in ("dave", "erin", "frank", "gina"):
        assert table[student]["start.count_pips"] == "" and table[student]["total"] == "0"


def test_feedback_names_failing_tests_and_never_shows_hidden_source(classroom: dict) -> None:
    out = classroom["out"]
    bob = (out / "feedback" / "bob.md").read_text(encoding="utf-8")
    assert "0 / 1 points" in bob
    assert "not done yet (the code still raises NotImplementedError): `start.count_pips`" in bob
    assert "Not graded: not valid JSON" in (out / "feedback" / "erin.md").read_text(encoding="utf-8")
    source_lines = [line.strip() for line in HIDDEN.read_text().splitlines() if len(line.strip()) > 12]
    for path in [*(out / "feedback").glob("*.md"), *(out / "results").glob("*.json")]:
        text = path.read_text(encoding="utf-8")
        leaked = [line for line in source_lines if line in text and not line.startswith("def ")]
        assert not leaked, (path.name, leaked)


def start_tests() -> int:
    """How many hidden tests notebook 00 has."""
    return HIDDEN.read_text(encoding="utf-8").count("\ndef test_")


def test_each_submission_has_a_gradescope_results_json(classroom: dict) -> None:
    result = load(classroom["out"] / "results" / "bob.start.json")
    assert result["score"] == 0
    assert {"name", "score", "max_score", "status", "output"} <= set(result["tests"][0])
    assert sum(test["max_score"] for test in result["tests"]) == pytest.approx(1, abs=0.001)
    assert result["extra_data"]["exercises"]["start.count_pips"]["total"] == start_tests()
    assert load(classroom["out"] / "results" / "alice.start.json")["score"] == 1


def test_a_rerun_skips_what_is_graded_unless_forced(classroom: dict) -> None:
    result = classroom["out"] / "results" / "alice.start.json"
    before = result.stat().st_mtime_ns
    # run from a subfolder of the course: the course folder is found above it
    again = course("grade", str(classroom["hand_in"]), "--out", str(classroom["out"]), cwd=ROOT / "tests")
    assert again.returncode == 0 and "8 of 8 already graded" in again.stderr
    assert result.stat().st_mtime_ns == before
    forced = course("grade", str(classroom["hand_in"] / "alice"), "--out", str(classroom["out"]), "--force")
    assert forced.returncode == 0 and result.stat().st_mtime_ns != before
    assert rows(classroom["out"])["alice"]["total"] == "1"


def test_outside_a_course_folder_the_root_must_be_given(classroom: dict, tmp_path: Path) -> None:
    alice = classroom["hand_in"] / "alice" / "00_start_here.ipynb"
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    lost = course("grade", str(alice), "--out", str(tmp_path / "b"), cwd=tmp_path,
                  env={**os.environ, "TMPDIR": str(temporary)})
    assert lost.returncode == 2 and "--root" in lost.stderr
    # the grading process started while the run looked for the course is gone, and its folder
    assert list(temporary.iterdir()) == []
    assert not (tmp_path / "b").exists()


def test_ctrl_c_keeps_what_is_graded_and_a_rerun_finishes(tmp_path: Path) -> None:
    hand_in = tmp_path / "hand-in"
    slow = load(SOLUTION)
    slow["cells"].append({"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                          "source": "import time\ntime.sleep(0.6)"})
    for number in range(4):
        save(hand_in / f"student{number}.ipynb", slow)
    out = tmp_path / "out"
    command = [sys.executable, "-m", "course.commands", "grade", str(hand_in), "--out", str(out),
               "--jobs", "1", "--root", str(ROOT)]
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {**os.environ, "TMPDIR": str(temporary)}
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and len(list((out / "results").glob("*.json"))) < 1:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    kept = sorted(path.name for path in (out / "results").glob("*.json"))
    assert 1 <= len(kept) < 4
    assert len(rows(out)) == len(kept)
    assert list(temporary.iterdir()) == [], "an interrupted run leaves no temporary folder"
    rerun = course("grade", str(hand_in), "--out", str(out), "--jobs", "2", "--root", str(ROOT), env=env)
    assert rerun.returncode == 0 and f"{len(kept)} of 4 already graded" in rerun.stderr
    assert [row["total"] for row in rows(out).values()] == ["1"] * 4
    assert list(temporary.iterdir()) == [], "a run leaves no temporary folder"



PRORATED = '''
import pytest
NOTEBOOK = "00_start_here"
POINTS = {"start.count_pips": 4, "start.bonus": 2}

@pytest.mark.exercise("start.count_pips")
def test_defined(sub):
    assert sub.defines("count_pips")

@pytest.mark.exercise("start.count_pips")
def test_empty(sub):
    assert sub.count_pips([]) == 0

@pytest.mark.exercise("start.count_pips")
def test_three(sub):
    assert sub.count_pips([1, 2]) == 3, "count_pips([1, 2]) should be 3"

@pytest.mark.exercise("start.bonus")
def test_bonus(sub):
    assert sub.defines("bonus")
'''


def test_an_exercise_scores_its_points_times_the_share_of_tests_passed(tmp_path: Path) -> None:
    root = fake_course(tmp_path, PRORATED)
    wrong = load(SOLUTION)
    for cell in wrong["cells"]:
        if cell["metadata"].get("course", {}).get("exercise"):
            cell["source"] = "def count_pips(dice):\n    return 0\n"
    save(tmp_path / "hand-in" / "zoe.ipynb", wrong)
    run = course("grade", str(tmp_path / "hand-in"), "--out", str(tmp_path / "out"), "--root", str(root))
    assert run.returncode == 0, run.stderr
    row = rows(tmp_path / "out")["zoe"]
    assert (row["start.count_pips"], row["start.bonus"], row["total"], row["maximum"]) == ("2.67", "0", "2.67", "6")
    feedback = (tmp_path / "out" / "feedback" / "zoe.md").read_text()
    assert "`test_three`: `count_pips([1, 2])` returned 0, expected 3 (count_pips([1, 2]) should be 3)" in feedback
    assert "sub.count_pips([1, 2]) == 3" not in feedback


def collection_errors(root: Path) -> str:
    """What pytest says when it collects a course's hidden tests, which must fail to collect."""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", str(root / "tests" / "grading"), "-p", "no:cacheprovider",
         "-p", "course.grading.grader.plugin", "--rootdir", str(root), "-q"],
        capture_output=True, text=True, timeout=300, cwd=root, env=alone(),
    )
    assert run.returncode == pytest.ExitCode.INTERRUPTED, run.stdout[-2000:]
    assert "ERROR collecting tests/grading/test_start.py" in run.stdout, run.stdout[-2000:]
    return " ".join(run.stdout.split())


def test_a_marker_naming_an_exercise_missing_from_the_points_table_is_a_collection_error(tmp_path: Path) -> None:
    root = fake_course(tmp_path, PRORATED.replace('@pytest.mark.exercise("start.bonus")',
                                                  '@pytest.mark.exercise("start.bonsu")'))
    output = collection_errors(root)
    assert "hidden tests of tests/grading/test_start.py: test_bonus grades start.bonsu, which is not in POINTS" \
        in output
    assert "POINTS gives start.bonus points but no test grades it" in output


def test_an_exercise_of_the_points_table_without_tests_is_a_collection_error(tmp_path: Path) -> None:
    root = fake_course(tmp_path, PRORATED.replace('"start.bonus": 2}', '"start.bonus": 2, "start.later": 1}'))
    assert "POINTS gives start.later points but no test grades it" in collection_errors(root)


def test_a_marker_names_only_its_exercise_and_every_test_has_one(tmp_path: Path) -> None:
    hidden = PRORATED.replace('@pytest.mark.exercise("start.bonus")', '@pytest.mark.exercise("start.bonus", points=3)')
    output = collection_errors(fake_course(tmp_path, hidden.replace('@pytest.mark.exercise("start.count_pips")\n'
                                                                     'def test_empty', 'def test_empty')))
    assert "test_bonus: the marker names only the exercise" in output
    assert "test_empty has no @pytest.mark.exercise('sheet.exercise') marker" in output


def test_the_sub_fixture_grades_a_student_notebook_given_on_the_command_line(tmp_path: Path) -> None:
    stub = subprocess.run(
        [sys.executable, "-m", "pytest", str(HIDDEN), "--submission", str(STUB), "-p", "no:cacheprovider", "-q"],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert f"{start_tests()} failed" in stub.stdout, stub.stdout[-2000:]
    solution = subprocess.run(  # the plugin named explicitly (the run above had it from tests/conftest.py)
        [sys.executable, "-m", "pytest", str(HIDDEN), "-p", "no:cacheprovider", "-q", "-p",
            "course.grading.grader.plugin"],
        capture_output=True, text=True, timeout=300, cwd=ROOT, env=alone(),
    )
    assert f"{start_tests()} passed" in solution.stdout, solution.stdout[-2000:]


def test_a_students_own_pytest_does_not_load_the_grading_plugin(tmp_path: Path) -> None:
    save(tmp_path / "test_mine.py", (
        "import sys\n\n"
        "def test_no_grading_plugin():\n"
        "    assert [m for m in sys.modules if m.split('.')[-2:] == ['course', 'plugin']] == []\n"))
    run = subprocess.run([sys.executable, "-m", "pytest", "test_mine.py", "-p", "no:cacheprovider", "-q"],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0 and "1 passed" in run.stdout, run.stdout[-2000:]


def test_messages_with_lone_surrogates_are_written_and_read_back(tmp_path: Path) -> None:
    from course.grading import wire
    from course.grading.instructor import book, discover

    sheets = discover.worksheets(ROOT)
    task = discover.prepare(SOLUTION, None, sheets)
    task.student = "zoe"
    report = {"tests": [{"nodeid": "t", "name": "test_x", "exercise": "start.count_pips", "points": 1,
                         "outcome": "failed", "message": "ValueError: bad \udc80 text"}],
              "notebooks": [{"cells": [{"index": 0, "error": "ValueError: \ud800"}]}]}
    out = book.Report(tmp_path, sheets)
    out.add(task, wire.GradingReport.from_json(report), 1.0)  # a notebook's text: UTF-8 cannot encode it
    result = book.Report(tmp_path, sheets).selected()["zoe.start"]
    assert result["tests"][0]["output"] == "ValueError: bad \udc80 text"
    assert "\\ud800" in (tmp_path / "feedback" / f"{task.student}.md").read_text(encoding="utf-8")
