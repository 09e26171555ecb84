"""A pytest plugin for grading mutants: after the tests of the one exercise graded, run that
exercise's public check cells only (``--run-checks`` runs every check of the notebook).

Loaded beside :mod:`course.grading.grader.plugin` (``-p course.adequacy.probe``). The verdicts are
the report's ``checks`` list, in the shape of a notebook entry's ``checks``; the notebook
is run afresh first, as :func:`course.grading.grader.plugin.run_checks` does.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from ..grading.grader import plugin
from ..grading.grader.notebook_grading import REPORT, asked
from ..grading.grader.submission import Submission
from ..notebook import course_meta, read_solution


@pytest.fixture(scope="module", autouse=True)
def _exercise_check(request: pytest.FixtureRequest) -> Any:
    exercise = asked(request.config).only
    if not exercise or not hasattr(request.module, "NOTEBOOK"):
        yield
        return
    submission = request.getfixturevalue("sub")
    yield
    if not isinstance(submission, Submission):
        return
    solution = read_solution(plugin.solution_path(request.config, request.module.NOTEBOOK))  # shared: not changed
    cells = [cell for cell in solution["cells"] if course_meta(cell).get("check") == exercise]
    reference = {**solution, "cells": cells}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        checks = Path(folder) / "checks.ipynb"
        checks.write_text(json.dumps(reference), encoding="utf-8")
        verdicts = plugin.run_checks(submission, checks)
    report = request.config.stash[REPORT]
    report.checks.extend(verdicts)
    report.timings["checks"] = report.timings.get("checks", 0.0) + time.perf_counter() - started
