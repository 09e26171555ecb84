"""The graded notebook's process: what it cannot reach, its limits, and what happens when it dies."""

from __future__ import annotations

import json
import os
import platform
from pathlib import Path

import pytest

from conftest import ROOT
from course.grading.grader.submission import (
    Submission,
    SubmissionCrashed,
    SubmissionError,
    SubmissionExit,
    SubmissionTimeout,
)
from course.grading.notebook import sandbox

REFERENCE = ROOT / "solutions" / "00_start_here.ipynb"
LANDLOCK = sandbox.landlock_abi() > 0
SECCOMP = platform.machine() in ("x86_64", "aarch64")

PROBES = """
import os, signal, socket, subprocess, threading

def attempt(action):
    try:
        action()
        return "allowed"
    except BaseException as error:
        return type(error).__name__

def read(path):
    return attempt(lambda: open(path, "rb").read(1))

def listing(path):
    return attempt(lambda: os.listdir(path))

def write(path):
    def go():
        with open(path, "w") as file:
            file.write("x")
    return attempt(go)

def fork():
    def go():
        if os.fork() == 0:
            os._exit(0)
    return attempt(go)

def spin():
    while True:
        pass

def stubborn():
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass

def thread_result():
    box = []
    worker = threading.Thread(target=lambda: box.append(6 * 7))
    worker.start()
    worker.join()
    return box[0]
"""


@pytest.fixture(scope="module")
def probe_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("probe") / "probe.ipynb"
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": PROBES}
    path.write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return path


@pytest.fixture
def sub(probe_path: Path) -> Submission:
    submission = Submission(probe_path, reference=REFERENCE, limits=sandbox.Limits(call_seconds=1.5))
    assert submission.errors == []
    yield submission
    submission.close()


def test_the_sandbox_reports_what_the_kernel_gave(sub: Submission) -> None:
    done = sub.confinement
    assert done["rlimits"] is True
    assert done["seccomp"] is SECCOMP
    assert (done["landlock_abi"] > 0) is LANDLOCK
    if os.geteuid() == 0:
        assert done["capabilities_dropped"] is True


@pytest.mark.skipif(not LANDLOCK, reason="this kernel has no Landlock")
def test_solutions_and_hidden_tests_cannot_be_read(sub: Submission) -> None:
    for path in [REFERENCE, ROOT / "tests" / "grading" / "test_start.py", ROOT / "pyproject.toml"]:
        assert sub.read(str(path)) == "PermissionError", path
    for folder in [ROOT / "solutions", ROOT / "tests" / "grading", ROOT, Path("/root"), Path("/tmp")]:
        assert sub.listing(str(folder)) == "PermissionError", folder
    assert sub.read(f"/proc/{sub.eval('os.getppid()')}/environ") in ("PermissionError", "FileNotFoundError")


def test_the_package_and_the_standard_library_stay_readable(sub: Submission) -> None:
    assert sub.read(str(ROOT / "src" / "exercises" / "display.py")) == "allowed"
    assert sub.eval("__import__('fractions').Fraction(1, 3).denominator") == 3


def test_the_work_folder_is_fresh_and_the_environment_names_no_course_path(sub: Submission) -> None:
    cwd = sub.eval("os.getcwd()")
    assert str(ROOT) not in cwd
    assert sub.eval("os.listdir('.')") == []
    environment = sub.eval("dict(os.environ)")
    assert environment["HOME"] == cwd and environment["MPLBACKEND"] == "Agg"
    assert not [value for value in environment.values() if str(ROOT) in value]
    assert sub.write("notes.txt") == "allowed"


@pytest.mark.skipif(not LANDLOCK, reason="this kernel has no Landlock")
def test_nothing_is_written_outside_the_work_folder(sub: Submission, tmp_path: Path) -> None:
    assert sub.write(str(tmp_path / "forged.json")) == "PermissionError"
    assert sub.write(str(ROOT / "forged.json")) == "PermissionError"
    assert not (tmp_path / "forged.json").exists() and not (ROOT / "forged.json").exists()


@pytest.mark.skipif(not SECCOMP, reason="no seccomp filter for this architecture")
def test_no_new_process_but_threads_work(sub: Submission) -> None:
    assert sub.fork() == "PermissionError"
    assert sub.eval("attempt(lambda: subprocess.run(['true']))") == "PermissionError"
    assert sub.eval("os.system('true')") != 0
    assert sub.eval("attempt(lambda: socket.socket())") == "PermissionError"
    assert sub.thread_result() == 42


@pytest.mark.skipif(sandbox.landlock_abi() < 6, reason="Landlock below ABI 6 does not scope signals")
def test_no_signal_reaches_the_grader(sub: Submission) -> None:
    assert sub.eval("attempt(lambda: os.kill(os.getppid(), 0))") == "PermissionError"
    assert sub.eval("attempt(lambda: os.kill(os.getpid(), 0))") == "allowed"


def test_memory_is_limited_and_stdin_is_closed(sub: Submission) -> None:
    assert sub.eval("attempt(lambda: bytearray(3 * 1024 ** 3))") == "MemoryError"
    assert sub.eval("attempt(input)") == "EOFError"
    assert sub.eval("attempt(lambda: print('x' * 10_000_000))") == "allowed"


def test_a_call_past_its_time_fails_and_the_same_process_goes_on(sub: Submission) -> None:
    pid = sub.eval("os.getpid()")
    with pytest.raises(SubmissionTimeout, match="ran longer than 1.5 s"):
        sub.spin()
    assert sub.eval("os.getpid()") == pid


def test_a_process_that_swallows_its_timeout_is_killed_and_replaced(sub: Submission) -> None:
    pid = sub.eval("os.getpid()")
    box = sub.eval("object()")
    with pytest.raises(SubmissionTimeout, match="process was stopped"):
        sub.stubborn()
    with pytest.raises(SubmissionTimeout):
        sub.eval("1")  # the rest of that test fails the same way
    sub.revive()  # what the plugin does before the next test
    assert sub.eval("os.getpid()") != pid
    assert sub.eval("1 + 1") == 2
    with pytest.raises(SubmissionError, match="earlier run"):
        sub.eval("b", b=box)


def test_exit_and_crash_are_reported(sub: Submission) -> None:
    with pytest.raises(SubmissionExit, match=r"sys.exit\(3\)"):
        sub.eval("exit(3)")
    assert sub.eval("2") == 2  # sys.exit does not end the process
    with pytest.raises(SubmissionCrashed, match="exited with status 5"):
        sub.eval("os._exit(5)")
    sub.revive()
    with pytest.raises(SubmissionCrashed, match="SIGSEGV"):
        sub.eval("os.kill(os.getpid(), signal.SIGSEGV)")


def test_the_seccomp_program_refuses_what_it_should() -> None:
    program = sandbox.seccomp_program("x86_64")
    assert program is not None and len(program) % 8 == 0
    assert sandbox.seccomp_program("riscv64") is None
