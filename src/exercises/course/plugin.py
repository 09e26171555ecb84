"""The pytest plugin of hidden tests: the ``sub`` fixture and the ``exercise`` marker.

A hidden test module in tests/grading/ names its notebook and marks each test with the
exercise it grades::

    NOTEBOOK = "01_jass_melds"

    @pytest.mark.exercise("jass.quartets", points=2)
    def test_six_quartets(sub):
        assert len([m for m in sub.Meld.ALL if len(m.cards) == 4]) == 6

``sub`` is the solution notebook solutions/<NOTEBOOK>.ipynb by default, or the notebook
given with ``--submission PATH``. See :mod:`exercises.course.submission` for what a test
may do with it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .notebook import worksheet_of
from .submission import Submission


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("course", "Tabletop Python grading")
    group.addoption(
        "--submission",
        default=None,
        metavar="PATH",
        help="run the hidden tests against this student notebook instead of the solution",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "exercise(id, points): the exercise a hidden test grades and its points"
    )


def solution_path(config: pytest.Config, notebook: str) -> Path:
    """Where the solution notebook of a hidden test module is."""
    return Path(config.rootpath) / "solutions" / f"{notebook}.ipynb"


@pytest.fixture(scope="module")
def sub(request: pytest.FixtureRequest) -> Submission:
    """The graded notebook's namespace, seen through plain values and handles."""
    notebook = getattr(request.module, "NOTEBOOK", None)
    if notebook is None:
        pytest.fail(f"{request.module.__name__} names no NOTEBOOK for the sub fixture")
    reference = solution_path(request.config, notebook)
    given = request.config.getoption("--submission")
    if given is None:
        return Submission(reference)
    path = Path(given)
    data = json.loads(path.read_text(encoding="utf-8"))
    expected = worksheet_of(json.loads(reference.read_text(encoding="utf-8")))
    if worksheet_of(data) not in (None, expected):
        pytest.skip(f"{path.name} is not a {expected} notebook")
    return Submission(path, reference=reference)
