"""The notebooks as students and instructors meet them.

The stored outputs of solutions/ are checked by nbval (`make test` runs
`pytest tests solutions --nbval`). Here: the format every notebook keeps, and the
released notebooks run top to bottom the way a student first opens them.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from conftest import ROOT, load, solution_paths
from course.notebook import cell_source, course_meta

SOLUTIONS = solution_paths()
STUB_ERROR = re.compile(r"^Exercise [a-z0-9_]+\.[a-z0-9_]+: write your code here\.$")


def ids(paths: list[Path]) -> list[str]:
    return [path.stem for path in paths]


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_notebook_names_its_worksheet_and_kernel(path):
    notebook = load(path)
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    assert re.fullmatch(r"[a-z0-9]+", notebook["metadata"]["course"]["worksheet"])
    assert re.fullmatch(r"\d\d_[a-z0-9_]+", path.stem)


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_every_exercise_has_a_visible_heading_and_a_check(path):
    notebook = load(path)
    worksheet = notebook["metadata"]["course"]["worksheet"]
    cells = notebook["cells"]
    exercises = [i for i, cell in enumerate(cells) if course_meta(cell).get("exercise")]
    assert exercises, f"{path.name} has no exercise"
    checked = {course_meta(cell).get("check") for cell in cells}
    for index in exercises:
        exercise = course_meta(cells[index])["exercise"]
        assert exercise.startswith(worksheet + "."), f"{exercise} is not an id of {worksheet}"
        headings = [
            line
            for cell in cells[:index]
            if cell["cell_type"] == "markdown"
            for line in cell_source(cell).splitlines()
            if line.startswith("#")
        ]
        assert headings and exercise in headings[-1], (
            f"the last heading before exercise {exercise} should name it: {headings[-1:]}"
        )
        assert exercise in checked, f"exercise {exercise} has no check cell"


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_released_notebook_runs_with_only_stub_errors(path, tmp_path):
    """A student's first run: every error is an exercise's stub, checks say so."""
    notebook = nbformat.read(ROOT / "notebooks" / path.name, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=300,
        allow_errors=True,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    problems = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        errors = [out for out in cell.outputs if out.output_type == "error"]
        for error in errors:
            if error.ename != "NotImplementedError" or not STUB_ERROR.match(error.evalue):
                problems.append(f"cell {index}: {error.ename}: {error.evalue}")
        check = course_meta(cell).get("check")
        if check:
            text = "".join(
                out.get("text", "") + out.get("data", {}).get("text/plain", "")
                for out in cell.outputs
            )
            if errors or "not implemented yet" not in text:
                problems.append(f"cell {index}: the check of {check} does not say 'not implemented yet'")
    assert problems == []
