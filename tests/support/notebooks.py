"""Notebooks made for the grader's tests: a start notebook of given cells, a solution with
some exercises replaced, and a course folder with a hidden test module of one's own."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from conftest import ROOT, load

SOLUTION = ROOT / "solutions" / "00_start_here.ipynb"
DICE = ROOT / "solutions" / "02_dice_421.ipynb"


def notebook(cells: list[str]) -> dict:
    """A notebook of the start worksheet with these code cells."""
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": s}
                  for s in cells],
        "metadata": {"course": {"worksheet": "start"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def start_notebook(path: Path, cells: list[str], limits=None):
    """A start notebook of ``cells`` written at ``path`` and started as a graded submission (the
    start solution its reference), every cell run without error."""
    from course.grading.grader.submission import Submission
    from course.grading.notebook import sandbox

    save(path, notebook(cells))
    submission = Submission(path, reference=SOLUTION, limits=limits or sandbox.Limits())
    assert submission.errors == []
    return submission


def started_fixture(cells: list[str], name: str):
    """A test module's ``sub`` fixture: a start notebook of ``cells`` started once for the
    module's tests (every cell run without error), and closed after them."""
    import pytest

    @pytest.fixture(scope="module")
    def sub(tmp_path_factory: pytest.TempPathFactory):
        submission = start_notebook(tmp_path_factory.mktemp(name) / f"{name}.ipynb", cells)
        yield submission
        submission.close()

    return sub


def variant(source: Path, cells: dict[str, str], extra: list[tuple[int, str]] = ()) -> dict:
    """The notebook with the cells of some exercises replaced, and code cells inserted."""
    notebook = copy.deepcopy(json.loads(source.read_text(encoding="utf-8")))
    for cell in notebook["cells"]:
        exercise = cell.get("metadata", {}).get("course", {}).get("exercise")
        if exercise in cells:
            cell["source"] = cells[exercise]
    for position, code in sorted(extra, reverse=True):
        notebook["cells"].insert(position, {"cell_type": "code", "execution_count": None, "metadata": {},
                                            "outputs": [], "source": code})
    return notebook


def save(path: Path, notebook: dict | str) -> None:
    """Write a notebook (a dict, or text as it is), making its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(notebook if isinstance(notebook, str) else json.dumps(notebook), encoding="utf-8")


def fake_course(tmp_path: Path, hidden: str) -> Path:
    """A course folder with the start notebook and the given hidden test module."""
    root = tmp_path / "course"
    save(root / "solutions" / "00_start_here.ipynb", load(SOLUTION))
    save(root / "tests" / "grading" / "test_start.py", hidden)
    return root
