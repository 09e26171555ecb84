"""The instructor's commands as a test runs them, and what they write.

``course(...)`` runs ``python -m course.commands`` as the console script would, in a process
of its own; :func:`rows` and :func:`rows_by_student` read the grades.csv a run wrote;
:func:`alone` is the environment of a pytest run of the hidden tests.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from conftest import ROOT
from course.grading.grader.process import environment


def alone() -> dict[str, str]:
    """The environment of a pytest run of hidden tests as the grader starts one
    (:func:`course.grading.grader.process.environment`): without the plugins installed beside
    pytest (Hypothesis', nbval's, the browser's: seconds of imports in each run); the grading
    plugin comes from tests/conftest.py or ``-p``."""
    return environment()


def course(*args: str, cwd: Path = ROOT, timeout: float = 600, env: dict | None = None
           ) -> subprocess.CompletedProcess:
    """Run ``course`` as an instructor would (the console script's entry point)."""
    return subprocess.run([sys.executable, "-m", "course.commands", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout, env=env)


def rows(out: Path) -> list[dict]:
    """The rows of the grades.csv in ``out``, in order."""
    with (out / "grades.csv").open(encoding="utf-8") as file:
        return list(csv.DictReader(file))


def rows_by_student(out: Path) -> dict[str, dict]:
    """The rows of the grades.csv in ``out``, by student."""
    return {row["student"]: row for row in rows(out)}
