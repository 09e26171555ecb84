"""The README's commands are the ones the tests run.

Every command line shown in a ``sh`` block of README.md must be listed here with the
test that runs it; `make test` itself is what CI runs (.ci/run).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT
from support.lab_server import free_port

BIN = Path(sys.executable).parent

COVERED = {
    "make lab": "test_make_lab_serves_notebook_00",
    "make test": ".ci/run",
    "make lock": "test_lock.py::test_make_lock_writes_a_complete_lock",
    "conda env create -f environment.yml":
        "test_environment_installs_the_course (conda itself is not on the test machine)",
    "conda activate tabletop-python": "test_environment_installs_the_course",
    "jupyter lab notebooks/00_start_here.ipynb": "test_jupyter_lab_opens_a_notebook_given_on_the_command_line",
    "make outputs": "test_make_outputs_stores_outputs",
    ".venv/bin/course release": "test_course_release_regenerates_notebooks",
    ".venv/bin/course adequacy --exercise dice421.tokens_of": "test_adequacy.py::test_the_readme_command",
    ".venv/bin/course release --to bundle": "test_release.py::test_student_bundle_holds_no_solution",
    ".venv/bin/python -m pytest tests/grading/test_start.py": "test_hidden_tests_pass_on_the_solution",
    ".venv/bin/python -m pytest tests/grading/test_start.py --submission notebooks/00_start_here.ipynb":
        "test_hidden_tests_fail_on_the_released_stub",
    ".venv/bin/course grade hand-in/ --out grades/ --jobs 2": "grader/test_cli.py (the classroom fixture)",
    ".venv/bin/course grade hand-in/alice --out grades/ --force":
        "grader/test_cli.py::test_a_rerun_skips_what_is_graded_unless_forced",
    '.venv/bin/course gradebook adjust alice dice421.roll_die 1 --reason "regrade request" --out grades/':
        "test_gradebook.py::test_a_whole_term_keeps_every_decision_and_result (an adjustment, its reason)",
    ".venv/bin/course gradebook history --out grades/":
        "test_gradebook.py::test_a_whole_term_keeps_every_decision_and_result (the history read)",
    ".venv/bin/course report grades/ --out grades/report.html":
        "test_report.py::test_command_writes_html_markdown_and_csvs",
    ".venv/bin/course grade hand-in/ --out grades/ --scheduler tcp://10.0.0.5:8786":
        "test_cluster.py::test_a_cluster_gives_the_same_grades_and_feedback (a LocalCluster on 127.0.0.1)",
    '.venv/bin/python -m pytest tests -m "not browser and not hub and not cluster and not lite and not slow"':
        "test_fast_markers_are_registered",
    # Teaching a class
    ".venv/bin/course release --to class-bundle --git": "test_teaching_commands_run",
    "git -C class-bundle push https://github.com/your-class/tabletop-class.git main":
        "test_hub.py (pushes a second release to a local bare repository; no network here)",
    ".venv/bin/course link --hub https://hub.example.edu --repo https://github.com/your-class/tabletop-class":
        "test_teaching_commands_run",
    'sudo -E pip install git+https://github.com/your-class/tabletop-class':
        "test_binder.py::test_postbuild_in_a_fresh_environment_gives_a_jupyterlab_with_the_course "
        "(the same pip install from the bundle's repository, in a fresh environment)",
    ".venv/bin/course link --binder --repo https://github.com/your-class/tabletop-class": "test_teaching_commands_run",
    ".venv/bin/course gradescope --worksheet jass --to autograder-jass.zip": "test_teaching_commands_run",
    "make lite": "test_lite.py::test_make_lite_builds_the_site_with_course_lite (and the site every lite test opens)",
    'git -C _site init -b gh-pages && git -C _site add -A && git -C _site commit -m "The course"':
        "publishing with git, as any folder (no network here); the site served from a folder: test_lite.py",
    "git -C _site push --force https://github.com/your-class/tabletop-class.git gh-pages":
        "publishing with git, as any folder (no network here); the site served from a folder: test_lite.py",
    # En français
    "make lab-fr": "test_make_lab_fr_serves_the_french_notebook_00_in_french",
    ".venv/bin/course release --lang fr": "test_translation.py::test_notebooks_fr_folder_is_a_fresh_french_release",
    ".venv/bin/course release --lang fr --to bundle-fr":
        "test_translation.py::test_course_release_lang_fr_writes_notebooks_fr_and_a_french_bundle",
    ".venv/bin/course translate extract":
        "test_translation.py::test_course_release_lang_fr_writes_notebooks_fr_and_a_french_bundle",
    ".venv/bin/course translate check":
        "test_translation.py::test_course_release_lang_fr_writes_notebooks_fr_and_a_french_bundle",
}


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            command = line.split("  #")[0].strip()
            if command:
                commands.append(command)
    return commands


def test_every_readme_command_is_tested():
    commands = readme_commands()
    assert commands[:2] == ["make lab", "make test"], "the README starts with its two commands"
    assert [command for command in commands if command not in COVERED] == []


def test_ci_runs_the_readme_test_command():
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make test$", script, flags=re.M)


def test_environment_installs_the_course():
    text = (ROOT / "environment.yml").read_text(encoding="utf-8")
    assert "name: tabletop-python" in text
    assert re.search(r"^\s*- python=3\.11$", text, flags=re.M)
    assert re.search(r'^\s*- -e "\.\[test\]"$', text, flags=re.M)


def installed() -> bool:
    """True when the Makefile's environment is set up and up to date (make -q)."""
    if shutil.which("make") is None:
        return False
    return subprocess.run(["make", "-q", ".venv/.installed"], cwd=ROOT).returncode == 0


needs_make = pytest.mark.skipif(not installed(), reason="the Makefile's .venv is not set up: run `make test`")


def serves_notebook_00(command: list[str], port: int, tmp_path: Path, path: str) -> str:
    """Run a command that starts JupyterLab; check it serves notebook 00 at ``path``.

    Returns the address the command printed.
    """
    env = dict(
        os.environ,
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"),
    )
    lab = subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        deadline = time.monotonic() + 90
        url = None
        for line in lab.stdout:
            match = re.search(rf"(http://127\.0\.0\.1:{port}/lab\S*)", line)
            if match:
                url = match.group(1)
                break
            assert time.monotonic() < deadline, "JupyterLab printed no address"
        assert url is not None, "JupyterLab stopped without printing its address"
        token = re.search(r"token=(\w+)", url).group(1)
        contents = f"http://127.0.0.1:{port}/api/contents/{path}?token={token}"
        while True:
            try:
                with urllib.request.urlopen(contents, timeout=10) as answer:
                    assert answer.status == 200
                    break
            except urllib.error.HTTPError:
                raise
            except urllib.error.URLError:
                assert lab.poll() is None and time.monotonic() < deadline, "JupyterLab does not answer"
                time.sleep(0.5)
        return url
    finally:
        os.killpg(lab.pid, signal.SIGTERM)
        lab.wait(timeout=30)


@needs_make
def test_make_lab_serves_notebook_00(tmp_path):
    port = free_port()
    url = serves_notebook_00(["make", "lab", f"PORT={port}"], port, tmp_path, "notebooks/00_start_here.ipynb")
    assert "/lab/tree/notebooks/00_start_here.ipynb?token=" in url


@needs_make
def test_make_lab_fr_serves_the_french_notebook_00_in_french(tmp_path):
    port = free_port()
    url = serves_notebook_00(["make", "lab-fr", f"PORT={port}"], port, tmp_path, "notebooks/fr/00_start_here.ipynb")
    assert "/lab/tree/notebooks/fr/00_start_here.ipynb?token=" in url
    settings = ROOT / ".venv" / "lab-settings-fr" / "@jupyterlab" / "translation-extension" / (
        "plugin.jupyterlab-settings"
    )
    assert json.loads(settings.read_text(encoding="utf-8"))["locale"] == "fr_FR"


def test_jupyter_lab_opens_a_notebook_given_on_the_command_line(tmp_path):
    port = free_port()
    command = [str(BIN / "jupyter"), "lab", "notebooks/00_start_here.ipynb", "--no-browser",
               "--ip=127.0.0.1", f"--port={port}"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    serves_notebook_00(command, port, tmp_path, "00_start_here.ipynb")  # served from notebooks/


@needs_make
def test_make_outputs_stores_outputs(tmp_path):
    copy = tmp_path / "course"
    shutil.copytree(ROOT, copy, symlinks=True, ignore=shutil.ignore_patterns(".git", "test-artifacts", "__pycache__"))
    notebook = copy / "solutions" / "00_start_here.ipynb"
    blank = notebook.read_text(encoding="utf-8").replace('"execution_count": 4', '"execution_count": null')
    notebook.write_text(blank, encoding="utf-8")
    completed = subprocess.run(["make", "outputs", "WORKSHEETS=start", "NOTEBOOKS=solutions/00_start_here.ipynb"],
                               cwd=copy, capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr[-2000:]
    assert notebook.read_text(encoding="utf-8") != blank
    assert '"execution_count": 4' in notebook.read_text(encoding="utf-8")


def test_course_release_regenerates_notebooks(tmp_path):
    copy = tmp_path / "course"
    shutil.copytree(ROOT / "solutions", copy / "solutions")
    completed = subprocess.run([str(BIN / "course"), "release"], cwd=copy, capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
    for path in (ROOT / "notebooks").glob("*.ipynb"):
        assert (copy / "notebooks" / path.name).read_text(encoding="utf-8") == path.read_text(encoding="utf-8")


def start_tests() -> int:
    """How many hidden tests notebook 00 has."""
    return len(re.findall(r"^def test_", (ROOT / "tests" / "grading" / "test_start.py").read_text(encoding="utf-8"),
                          flags=re.M))


def test_hidden_tests_pass_on_the_solution():
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/grading/test_start.py", "-p", "no:cacheprovider", "-q"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert completed.returncode == 0, completed.stdout[-2000:]
    assert re.search(rf"\b{start_tests()} passed\b", completed.stdout), completed.stdout[-2000:]


def test_hidden_tests_fail_on_the_released_stub():
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/grading/test_start.py", "-p", "no:cacheprovider",
         "--submission", "notebooks/00_start_here.ipynb", "-q"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert completed.returncode == 1
    assert re.search(rf"\b{start_tests()} failed\b", completed.stdout), completed.stdout[-2000:]


TEACHING = [command for command, test in COVERED.items() if test == "test_teaching_commands_run"]


def course_copy(target: Path) -> Path:
    """What the instructor's checkout holds, without its environment and history."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for folder in ("solutions", "src", "tests/grading", "binder"):
        shutil.copytree(ROOT / folder, target / folder, ignore=ignore)
    for name in ("pyproject.toml", "constraints.txt", "environment.yml", "LICENSE", "README.md"):
        shutil.copy2(ROOT / name, target / name)
    return target


@pytest.mark.parametrize("command", TEACHING)
def test_teaching_commands_run(command, tmp_path):
    from course.link import binder_link, nbgitpuller_link

    assert command in readme_commands()
    copy = course_copy(tmp_path / "course")
    words = command.split()
    completed = subprocess.run([str(BIN / words[0].removeprefix(".venv/bin/")), *words[1:]], cwd=copy,
                               capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr
    repo = "https://github.com/your-class/tabletop-class"
    if "release" in words:
        log = subprocess.run(["git", "log", "--oneline"], cwd=copy / "class-bundle", capture_output=True,
                             text=True, check=True).stdout
        assert len(log.splitlines()) == 1
        assert (copy / "class-bundle" / "binder" / "postBuild").exists()
    elif "--hub" in words:
        assert completed.stdout == nbgitpuller_link("https://hub.example.edu", repo) + "\n"
    elif "--binder" in words:
        assert completed.stdout == binder_link(repo) + "\n"
    else:
        with zipfile.ZipFile(copy / words[words.index("--to") + 1]) as zf:
            assert "--worksheet \"${AUTOGRADER_WORKSHEET:-jass}\"" in zf.read("run_autograder").decode()


def test_fast_markers_are_registered():
    """The README's fast run names markers that pytest knows, so none is a silent typo."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    command = next(c for c in readme_commands() if " -m " in c and "not browser" in c)
    for marker in re.findall(r"not (\w+)", command):
        assert re.search(rf'^\s*"{marker}:', text, flags=re.M), marker
    block = text.split("\nmarkers = [", 1)[1].split("\n]", 1)[0]
    registered = set(re.findall(r'^\s*"(\w+)(?:\(\w+\))?:', block, flags=re.M))
    assert registered - set(re.findall(r"not (\w+)", command)) == {"exercise"}, "the fast run keeps a slow kind of test"


def test_the_grading_doc_maps_every_file_and_channel_of_the_grader():
    from course.grading import wire

    text = (ROOT / "docs" / "GRADING.md").read_text(encoding="utf-8")
    section = text.split("\n## Where the code is\n", 1)[1].split("\n## ", 1)[0]
    files = {str(path.relative_to(ROOT / "src" / "course")) for path in (ROOT / "src" / "course").rglob("*.py")
             if path.name not in ("__init__.py", "__main__.py")}
    assert set(re.findall(r"`([\w/]+\.py)`", section)) == files
    table = section.split("The channels between them", 1)[1]
    channels = [row for row in table.splitlines() if row.startswith("| ")][1:]
    assert len(channels) == 5
    for row in channels:
        for name in re.findall(r"`(\w+)`", row.rsplit("|", 2)[1]):
            assert hasattr(wire, name), f"docs/GRADING.md names wire.{name}, which is not there"
