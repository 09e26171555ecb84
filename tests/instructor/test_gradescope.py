"""`course gradescope`: the autograder zip, run the way Gradescope runs it.

Gradescope unpacks the zip into /autograder/source, runs setup.sh once, copies
run_autograder to /autograder/run_autograder, puts a student's files in
/autograder/submission/ and reads /autograder/results/results.json. The tests here
build that layout in a temporary folder (``AUTOGRADER`` moves it) with the course
installed in this environment; ``test_setup_sh_installs_a_working_autograder`` runs
setup.sh itself into a fresh virtual environment.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT, load

COURSE = Path(sys.executable).with_name("course")

# Gradescope's results.json (gradescope-autograders.readthedocs.io, "Autograder Specifications")
TOP_KEYS = {"score", "execution_time", "output", "output_format", "test_output_format", "test_name_format",
            "visibility", "stdout_visibility", "extra_data", "tests", "leaderboard"}
TEST_KEYS = {"score", "max_score", "status", "name", "name_format", "number", "output", "output_format",
             "tags", "visibility", "extra_data"}
VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}


def validate(results: dict) -> None:
    """Assert that ``results`` is a results.json Gradescope accepts, and adds up."""
    assert set(results) <= TOP_KEYS, set(results) - TOP_KEYS
    assert isinstance(results["score"], (int, float)) and results["score"] >= 0
    assert isinstance(results["execution_time"], (int, float)) and results["execution_time"] >= 0
    assert isinstance(results["output"], str) and results["output"].strip()
    assert results.get("visibility", "visible") in VISIBILITIES
    assert results.get("stdout_visibility", "visible") in VISIBILITIES
    assert isinstance(results["tests"], list)
    for test in results["tests"]:
        assert set(test) <= TEST_KEYS, set(test) - TEST_KEYS
        assert isinstance(test["name"], str) and test["name"]
        assert isinstance(test["score"], (int, float)) and isinstance(test["max_score"], (int, float))
        assert 0 <= test["score"] <= test["max_score"] + 1e-9
        assert test["status"] in {"passed", "failed"}
        assert isinstance(test["output"], str)
        assert test["visibility"] in VISIBILITIES
    assert results["score"] == pytest.approx(sum(test["score"] for test in results["tests"]), abs=1e-3)
    json.dumps(results, allow_nan=False)


@pytest.fixture(scope="module")
def autograder_zip(tmp_path_factory) -> Path:
    zip_path = tmp_path_factory.mktemp("zip") / "autograder.zip"
    completed = subprocess.run([str(COURSE), "gradescope", "--to", str(zip_path)], cwd=ROOT,
                               capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
    return zip_path


def gradescope_layout(zip_path: Path, folder: Path) -> Path:
    """/autograder as Gradescope prepares it, under ``folder``."""
    autograder = folder / "autograder"
    with zipfile.ZipFile(zip_path) as zf:
        for info in zf.infolist():
            zf.extract(info, autograder / "source")
            mode = info.external_attr >> 16
            if mode:
                os.chmod(autograder / "source" / info.filename, mode & 0o777)
    shutil.copy2(autograder / "source" / "run_autograder", autograder / "run_autograder")
    (autograder / "submission").mkdir()
    (autograder / "results").mkdir()
    return autograder


def run_autograder(autograder: Path, venv: Path | None = None) -> tuple[dict, float]:
    """Run run_autograder as Gradescope does; results.json and the seconds it took."""
    env = dict(os.environ, AUTOGRADER=str(autograder), AUTOGRADER_VENV=str(venv or Path(sys.prefix)))
    started = time.monotonic()
    completed = subprocess.run([str(autograder / "run_autograder")], cwd=autograder, env=env,
                               capture_output=True, text=True, timeout=300)
    seconds = time.monotonic() - started
    assert completed.returncode == 0, completed.stdout[-2000:] + completed.stderr[-2000:]
    results = json.loads((autograder / "results" / "results.json").read_text(encoding="utf-8"))
    validate(results)
    return results, seconds


def partial_jass(path: Path) -> None:
    """Jass with its first two exercises solved and the others left as stubs."""
    solution = load(ROOT / "solutions" / "01_jass_melds.ipynb")
    student = load(ROOT / "notebooks" / "01_jass_melds.ipynb")
    solved = {
        cell["metadata"]["course"]["exercise"]: cell for cell in solution["cells"]
        if cell.get("metadata", {}).get("course", {}).get("exercise")
    }
    keep = list(solved)[:2]
    partial = copy.deepcopy(student)
    for index, cell in enumerate(partial["cells"]):
        exercise = cell.get("metadata", {}).get("course", {}).get("exercise")
        if exercise in keep:
            partial["cells"][index] = copy.deepcopy(solved[exercise])
    path.write_text(json.dumps(partial), encoding="utf-8")


def test_the_zip_holds_the_scripts_and_what_grading_needs(autograder_zip):
    with zipfile.ZipFile(autograder_zip) as zf:
        names = zf.namelist()
        modes = {info.filename: info.external_attr >> 16 for info in zf.infolist()}
    assert names[:2] == ["setup.sh", "run_autograder"]  # at the root of the zip, not in a folder
    assert modes["setup.sh"] & stat.S_IXUSR and modes["run_autograder"] & stat.S_IXUSR
    for needed in ("pyproject.toml", "README.md", "src/course/grading/instructor/run.py",
                   "solutions/00_start_here.ipynb", "tests/grading/test_start.py"):
        assert needed in names
    assert not [name for name in names if "__pycache__" in name or name.startswith("notebooks/")]


def test_the_zip_is_the_same_for_the_same_course(autograder_zip, tmp_path):
    again = tmp_path / "again.zip"
    completed = subprocess.run([str(COURSE),
        "gradescope", "--to", str(again)], cwd=ROOT, capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
    assert again.read_bytes() == autograder_zip.read_bytes()


def test_a_solution_scores_every_point(autograder_zip, tmp_path, capsys):
    autograder = gradescope_layout(autograder_zip, tmp_path)
    shutil.copy(ROOT / "solutions" / "00_start_here.ipynb", autograder / "submission" / "00_start_here.ipynb")
    results, seconds = run_autograder(autograder)
    assert results["tests"] and all(test["status"] == "passed" for test in results["tests"])
    assert results["score"] == pytest.approx(sum(test["max_score"] for test in results["tests"]), abs=1e-3)
    assert results["score"] > 0
    assert "00_start_here.ipynb (worksheet start)" in results["output"]
    assert {test["visibility"] for test in results["tests"]} == {"visible"}
    with capsys.disabled():
        print(f"\n[gradescope] run_autograder on the solution of 00_start_here: {seconds:.1f} s")


def test_a_stub_scores_nothing_and_says_why(autograder_zip, tmp_path):
    autograder = gradescope_layout(autograder_zip, tmp_path)
    shutil.copy(ROOT / "notebooks" / "00_start_here.ipynb", autograder / "submission" / "00_start_here.ipynb")
    results, _ = run_autograder(autograder)
    assert results["score"] == 0
    assert results["tests"] and all(test["status"] == "failed" for test in results["tests"])
    assert all("NotImplementedError" in test["output"] or "not implemented" in test["output"].lower()
               for test in results["tests"])


def test_a_partial_submission_scores_what_it_solved(autograder_zip, tmp_path):
    autograder = gradescope_layout(autograder_zip, tmp_path)
    partial_jass(autograder / "submission" / "my_jass.ipynb")
    results, _ = run_autograder(autograder)
    maximum = sum(test["max_score"] for test in results["tests"])
    assert 0 < results["score"] < maximum
    passed = {test["tags"][0] for test in results["tests"] if test["status"] == "passed"}
    assert passed and len(passed) <= 2


def test_a_file_that_is_not_a_notebook_gets_a_clear_message(autograder_zip, tmp_path):
    autograder = gradescope_layout(autograder_zip, tmp_path)
    (autograder / "submission" / "answers.py").write_text("def count_pips(dice):\n    return sum(dice)\n")
    results, _ = run_autograder(autograder)
    assert results["score"] == 0 and results["tests"] == []
    assert results["output"].startswith("Nothing could be graded")
    assert "answers.py" in results["output"] and "not a notebook" in results["output"]


def test_an_empty_submission_gets_a_clear_message(autograder_zip, tmp_path):
    autograder = gradescope_layout(autograder_zip, tmp_path)
    results, _ = run_autograder(autograder)
    assert results["score"] == 0 and results["tests"] == []
    assert "nothing was submitted" in results["output"]


def test_two_copies_of_a_worksheet_count_once(autograder_zip, tmp_path):
    autograder = gradescope_layout(autograder_zip, tmp_path)
    shutil.copy(ROOT / "solutions" / "00_start_here.ipynb", autograder / "submission" / "00_start_here.ipynb")
    old = autograder / "submission" / "old_start_here.ipynb"
    shutil.copy(ROOT / "notebooks" / "00_start_here.ipynb", old)
    os.utime(old, (1_700_000_000, 1_700_000_000))  # the older copy: the newest one counts
    results, _ = run_autograder(autograder)
    assert results["score"] == pytest.approx(sum(test["max_score"] for test in results["tests"]), abs=1e-3)
    assert "not counted" in results["output"]


def grade_with_options(tmp_path: Path, notebook: Path, *options: str) -> dict:
    """Write the zip with ``options``, then grade ``notebook`` with it."""
    zip_path = tmp_path / "autograder.zip"
    completed = subprocess.run([str(COURSE), "gradescope", "--to", str(zip_path), *options],
                               cwd=ROOT, capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
    autograder = gradescope_layout(zip_path, tmp_path)
    shutil.copy(notebook, autograder / "submission" / notebook.name)
    return run_autograder(autograder)[0]


def test_the_visibility_is_chosen_when_the_zip_is_written(tmp_path):
    results = grade_with_options(tmp_path, ROOT / "notebooks" /
        "00_start_here.ipynb", "--visibility", "after_published")
    assert results["visibility"] == "after_published"
    assert {test["visibility"] for test in results["tests"]} == {"after_published"}


@pytest.mark.slow
def test_setup_sh_installs_a_working_autograder(autograder_zip, tmp_path, capsys):
    """setup.sh as Gradescope runs it (Python is already there: no apt-get), then a grading."""
    autograder = gradescope_layout(autograder_zip, tmp_path)
    venv = tmp_path / "venv"
    env = dict(os.environ, AUTOGRADER_SOURCE=str(autograder / "source"), AUTOGRADER_VENV=str(venv))
    env.pop("VIRTUAL_ENV", None)
    env.update(PIP_NO_COMPILE="1", PIP_DISABLE_PIP_VERSION_CHECK="1")  # time: no .pyc at install
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if not p.startswith(sys.prefix))
    started = time.monotonic()
    completed = subprocess.run(["bash", str(autograder / "source" / "setup.sh")], env=env,
                               capture_output=True, text=True, timeout=600)
    installed = time.monotonic() - started
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    assert "The course is installed" in completed.stdout
    shutil.copy(ROOT / "solutions" / "00_start_here.ipynb", autograder / "submission" / "00_start_here.ipynb")
    results, seconds = run_autograder(autograder, venv)
    assert results["score"] > 0
    assert results["score"] == pytest.approx(sum(test["max_score"] for test in results["tests"]), abs=1e-3)
    with capsys.disabled():
        print(f"\n[gradescope] setup.sh: {installed:.0f} s; grading in its environment: {seconds:.1f} s")


def test_a_visibility_that_course_grade_gives_a_test_is_kept():
    from course.gradescope import merge
    from course.grading.instructor.results import GradingResult

    result = {
        "score": 1.0, "output": "Graded by the hidden tests.",
        "tests": [
            {"name": "start.count_pips: test_a", "score": 1.0, "max_score": 1.0, "status": "passed", "output": "",
             "tags": ["start.count_pips"], "visibility": "after_due_date"},
            {"name": "start.count_pips: test_b", "score": 0.0, "max_score": 1.0, "status": "failed", "output": "no",
             "tags": ["start.count_pips"]},
        ],
        "extra_data": {"status": "graded", "worksheet": "start", "path": "/s/00_start_here.ipynb", "reason": "",
                       "student": "s", "exercises": {}},
    }
    merged = merge([GradingResult.from_json(result)], "visible", 1.5)
    validate(merged)
    assert [test["visibility"] for test in merged["tests"]] == ["after_due_date", "visible"]
    assert merged["output"] == "00_start_here.ipynb (worksheet start): 1 / 2 points"


def test_an_assignment_for_one_worksheet_scores_no_other(tmp_path):
    results = grade_with_options(tmp_path, ROOT / "solutions" / "00_start_here.ipynb", "--worksheet", "jass")
    assert results["score"] == 0 and results["tests"] == []
    assert "it is worksheet start; this assignment grades worksheet jass" in results["output"]


def test_an_unknown_worksheet_is_refused(tmp_path):
    completed = subprocess.run([str(COURSE), "gradescope", "--to", str(tmp_path / "a.zip"), "--worksheet", "chess"],
                               cwd=ROOT, capture_output=True, text=True)
    assert completed.returncode == 2
    assert "no worksheet 'chess'" in completed.stderr and "jass" in completed.stderr
    assert not (tmp_path / "a.zip").exists()
