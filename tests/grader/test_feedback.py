"""Feedback a student can act on: every failure says what was called, expected and got;
root causes first; a short summary for a notebook where nothing is done; cell numbers as
the notebook shows them."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from support.notebooks import variant

DICE = ROOT / "solutions" / "02_dice_421.ipynb"
DICE_STUB = ROOT / "notebooks" / "02_dice_421.ipynb"
HIDDEN = ROOT / "tests" / "grading" / "test_dice421.py"
#: what a failure line must say: what was expected, or why nothing could be compared
STATES_EXPECTATION = re.compile(
    r"expected|returned no bool|does not define|not done yet|raised \w+|ran longer than|called sys\.exit"
    r"|process (ended|was)")



BUGGED = {
    "swapped_back": {"dice421.swap": "def swap(a, b):\n    return (a, b)\n"},
    "sort_ascending": {"dice421.sort2_desc": "def sort2_desc(a, b):\n    return (min(a, b), max(a, b))\n"},
    "roll_stub": {"dice421.roll_die":
        "def roll_die(rng):\n    raise NotImplementedError('Exercise dice421.roll_die: write your code here.')\n"},
    "value_sum": {"dice421.value_of": "def value_of(a, b, c):\n    return a + b + c\n"},
    "straight_list": {"dice421.is_straight": "def is_straight(a, b, c):\n    return [a == b + 1 and b == c + 1]\n"},
    "no_tokens": {"dice421.tokens_of": "pass\n"},
}


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("feedback")
    hand_in = folder / "hand-in"
    for name, cells in BUGGED.items():
        target = hand_in / name / "02_dice_421.ipynb"
        target.parent.mkdir(parents=True)
        target.write_text(json.dumps(variant(DICE, cells)), encoding="utf-8")
    raising = variant(DICE, {}, [(3, "1 / 0")])  # a new 4th cell of the notebook
    (hand_in / "raising").mkdir()
    (hand_in / "raising" / "02_dice_421.ipynb").write_text(json.dumps(raising), encoding="utf-8")
    (hand_in / "stub").mkdir()
    (hand_in / "stub" / "02_dice_421.ipynb").write_bytes(DICE_STUB.read_bytes())
    empty = {"cells": [], "metadata": {"course": {"worksheet": "dice421"}}, "nbformat": 4, "nbformat_minor": 5}
    (hand_in / "empty").mkdir()
    (hand_in / "empty" / "02_dice_421.ipynb").write_text(json.dumps(empty), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "course.commands", "grade", str(hand_in), "--out", str(folder / "out"),
         "--jobs", "2", "--root", str(ROOT), "--no-cascade"],
        capture_output=True, text=True, timeout=900,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return folder / "out"


def failure_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.lstrip().startswith("- `test_")]


def test_every_failure_line_states_what_was_expected(graded: Path) -> None:
    vague = []
    for name in BUGGED:
        text = (graded / "feedback" / f"{name}.md").read_text(encoding="utf-8")
        lines = failure_lines(text)
        assert lines or "First, what other failures come from" in text, (name, text)
        vague += [f"{name}: {line}" for line in lines if not STATES_EXPECTATION.search(line)]
    assert not vague, "\n".join(vague)


def test_a_failure_says_what_was_called_and_what_came_back(graded: Path) -> None:
    text = (graded / "feedback" / "swapped_back.md").read_text(encoding="utf-8")
    assert re.search(r"`swap\(\d+, \d+\)` returned \(\d+, \d+\), expected \(\d+, \d+\)", text), text
    text = (graded / "feedback" / "straight_list.md").read_text(encoding="utf-8")
    # a list is truthy where a bool is asked for: the type test says so, on the throws it failed
    assert "is_straight returned no bool (True or False) on [(3, 2, 1)" in text, text
    text = (graded / "feedback" / "value_sum.md").read_text(encoding="utf-8")
    assert re.search(r"`value_of\(\d, \d, \d\)` returned \d+, expected \d{3}", text), text


def test_root_causes_come_first_with_what_needs_them(graded: Path) -> None:
    text = (graded / "feedback" / "roll_stub.md").read_text(encoding="utf-8")
    cause = text.index("`dice421.roll_die` is not done yet")
    assert re.search(r"`dice421\.roll_die` is not done yet[^:]*: \d+ tests of [2-9] exercises need it", text), text
    assert cause < text.index("Tests that did not pass") if "Tests that did not pass" in text else True
    assert "write your code here" not in "\n".join(failure_lines(text))  # not repeated test by test
    text = (graded / "feedback" / "no_tokens.md").read_text(encoding="utf-8")
    assert "does not define `tokens_of`" in text


def test_a_stub_or_empty_notebook_gets_a_short_summary(graded: Path) -> None:
    for name in ("stub", "empty"):
        text = (graded / "feedback" / f"{name}.md").read_text(encoding="utf-8")
        assert "Nothing of this worksheet can be graded yet" in text, text
        assert len(text.splitlines()) <= 25, text
        assert not failure_lines(text)


def test_cells_are_numbered_as_the_notebook_shows_them(graded: Path) -> None:
    text = (graded / "feedback" / "raising.md").read_text(encoding="utf-8")
    assert "- cell 4: ZeroDivisionError: division by zero" in text, text


def test_feedback_never_shows_the_hidden_tests_source(graded: Path) -> None:
    source_lines = [line.strip() for line in HIDDEN.read_text().splitlines() if len(line.strip()) > 12]
    for path in [*(graded / "feedback").glob("*.md"), *(graded / "results").glob("*.json")]:
        text = path.read_text(encoding="utf-8")
        leaked = [line for line in source_lines if line in text and not line.startswith("def ")
                  and not line.startswith('"""')]
        assert not leaked, (path.name, leaked)
