"""Randomness accounted for: a call given a ``random.Random`` that draws from another source
(the module ``random``, ``secrets``, ``os.urandom``) fails, and the failure names the call;
a call given none may draw from anything; a call that draws only from its rng passes; a
graded notebook runs under another hash seed than the one the reference was recorded under."""

from __future__ import annotations

import ast
import contextlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import load
from course.grading.grader import spawn
from course.grading.grader.spawn import GRADING_SEED, RECORDING_SEED, SubmissionRandomness
from course.grading.grader.submission import Submission
from course.grading.notebook import randomness
from course.i18n.grading_text import REASONS
from support.notebooks import SOLUTION, fake_course, save, start_notebook, started_fixture

CELLS = [
    "import os, random, secrets",
    "COLOURS = set('red blue green yellow black white orange pink'.split())",
    "def fair(rng):\n    return rng.randint(1, 6)",
    "def module_draw(rng):\n    return random.randint(1, 6)",
    "def imported_draw(rng):\n    from random import randint\n    return randint(1, 6)",
    "def secret_draw(rng):\n    return secrets.randbelow(6) + 1",
    "def bytes_draw(rng):\n    return os.urandom(1)[0] % 6 + 1",
    "def reseeded(rng):\n    random.seed(4)\n    return rng.randint(1, 6)",
    "def no_rng(n):\n    return random.randint(1, n)",
    "def raises_after_drawing(rng):\n    random.random()\n    raise ValueError('no')",
    "class Player:\n    def __init__(self, rng):\n        self.rng = rng\n"
    "    def fair(self):\n        return self.rng.randrange(6)\n"
    "    def cheat(self):\n        return random.randrange(6)",
    "class Table:\n    def __init__(self, players):\n        self.players = players\n"
    "    def round(self):\n        return [player.cheat() for player in self.players]",
]


sub = started_fixture(CELLS, "randomness")


@pytest.mark.parametrize("name", ["module_draw", "imported_draw", "reseeded", "secret_draw", "bytes_draw"])
def test_a_call_given_an_rng_that_draws_elsewhere_fails_and_names_the_call(sub: Submission, name: str) -> None:
    with pytest.raises(SubmissionRandomness) as failure:
        getattr(sub, name)(random.Random(1))
    assert f"{name}(" in str(failure.value)
    source = "module random" if name in ("module_draw", "imported_draw", "reseeded") else "os.urandom"
    assert source in str(failure.value)
    assert sub.fair(random.Random(1)) == random.Random(1).randint(1, 6)  # the process goes on


def test_a_call_given_no_rng_may_draw_from_the_module(sub: Submission) -> None:
    assert 1 <= sub.no_rng(6) <= 6


def test_a_fair_call_passes_and_leaves_nothing_patched(sub: Submission) -> None:
    assert [sub.fair(random.Random(seed)) for seed in range(5)] == [random.Random(s).randint(1, 6) for s in range(5)]
    assert sub.eval("os.urandom is os.__dict__['urandom'] and secrets.randbelow(3) < 3")


def test_an_exception_does_not_hide_a_draw_elsewhere(sub: Submission) -> None:
    with pytest.raises(SubmissionRandomness):
        sub.raises_after_drawing(random.Random(1))


def test_a_method_of_an_object_holding_an_rng_is_watched(sub: Submission) -> None:
    player = sub.Player(random.Random(2))
    assert player.fair() == random.Random(2).randrange(6)
    with pytest.raises(SubmissionRandomness):
        player.cheat()


def test_a_method_of_an_object_whose_players_hold_an_rng_is_watched(sub: Submission) -> None:
    table = sub.Table([sub.Player(random.Random(2)), sub.Player(random.Random(3))])
    with pytest.raises(SubmissionRandomness):
        table.round()


def test_a_batch_of_cases_fails_at_the_case_that_draws_elsewhere(sub: Submission) -> None:
    fair = sub.eval_cases("fair(rng)", [{"rng": random.Random(seed)} for seed in range(3)])
    assert fair == [(True, random.Random(seed).randint(1, 6)) for seed in range(3)]
    with pytest.raises(SubmissionRandomness) as failure:
        sub.eval_cases("module_draw(rng)", [{"rng": random.Random(1)}])
    assert "module_draw(rng)" in str(failure.value)
    assert sub.eval_cases("no_rng(n)", [{"n": 3}])[0][0]


def test_a_batch_case_is_watched_when_an_object_it_is_given_holds_an_rng(sub: Submission) -> None:
    """What gives a case an rng is read from its names before it runs: a case given none
    runs unwatched, one given a handle to an object holding an rng is watched."""
    player = sub.Player(random.Random(2))
    assert sub.eval_cases("player.fair()", [{"player": player}]) == [(True, random.Random(2).randrange(6))]
    assert [ok for ok, _ in sub.eval_cases("no_rng(n)", [{"n": 6}] * 3)] == [True] * 3
    either = "no_rng(6) if player is None else player.cheat()"  # both draw from the module
    assert sub.eval_cases(either, [{"player": None}])[0][0]
    with pytest.raises(SubmissionRandomness) as failure:
        sub.eval_cases(either, [{"player": None}, {"player": player}])
    assert "player.cheat()" in str(failure.value)


def test_every_sentence_of_a_draw_elsewhere_is_translated() -> None:
    assert set(randomness.DREW.values()) <= set(REASONS)


def colours_order(seed: str) -> list[str]:
    """The order of CELLS' COLOURS in a process under the hash seed ``seed``."""
    code = "print(list(set('red blue green yellow black white orange pink'.split())))"
    shown = subprocess.run([sys.executable, "-c", code], env={"PYTHONHASHSEED": seed}, check=True,
                           capture_output=True, text=True).stdout.strip()
    return ast.literal_eval(shown)


def test_a_graded_notebook_iterates_a_set_of_strings_otherwise_than_the_recorded_reference(sub: Submission) -> None:
    """A seeded game that iterates a set of strings replays otherwise under another hash seed
    (as in a student's next kernel): graded under its own seed, it cannot match the answers
    `course cases` recorded under the reference's by luck."""
    orders = {seed: colours_order(seed) for seed in (GRADING_SEED, RECORDING_SEED)}
    assert orders[GRADING_SEED] != orders[RECORDING_SEED]  # these strings do tell the two seeds apart
    assert sub.eval("list(COLOURS)") == orders[GRADING_SEED]


def test_notebooks_started_after_recording_run_under_the_grading_seed(tmp_path: Path) -> None:
    """``course cases`` starts the reference's processes under the recording seed; once it
    is done, a notebook started in the same process (a test after it) runs under the
    grading seed again, and the environment is as it was."""
    seed = os.environ.get(spawn.HASH_SEED)
    orders = []
    for name, recording in (("recorded", True), ("graded", False)):
        with spawn.hash_seed(spawn.RECORDING_SEED) if recording else contextlib.nullcontext():
            submission = start_notebook(tmp_path / f"{name}.ipynb", CELLS[:2])
        try:
            orders.append(submission.eval("list(COLOURS)"))
        finally:
            submission.close()
    assert os.environ.get(spawn.HASH_SEED) == seed
    assert orders[0] != orders[1]
    assert orders[1] == colours_order(spawn.GRADING_SEED)


HIDDEN = '''
import random
import pytest
NOTEBOOK = "00_start_here"
POINTS = {"start.count_pips": 1}
HINTS = {"test_count_with_an_rng": "Add the pips of every die."}

@pytest.mark.exercise("start.count_pips")
def test_count_with_an_rng(sub):
    assert sub.eval("count_pips([1]) + int(random.random() > 2)", rng=random.Random(1)) == 1
'''


def test_the_feedback_of_a_draw_elsewhere_is_the_sentence_about_the_rng_not_the_test_hint(tmp_path: Path) -> None:
    root = fake_course(tmp_path, HIDDEN)
    notebook = load(SOLUTION)
    notebook["cells"].insert(0, {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                                 "source": "import random"})
    save(tmp_path / "hand-in" / "zoe.ipynb", notebook)
    run = subprocess.run([sys.executable, "-m", "course.commands", "grade", str(tmp_path / "hand-in"),
                          "--out", str(tmp_path / "out"), "--root", str(root)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads((tmp_path / "out" / "results" / "zoe.start.json").read_text(encoding="utf-8"))
    output = " ".join(test["output"] for test in result["tests"])
    assert result["score"] == 0 and "drew from the module random" in output, output
    assert "Add the pips" not in output


def test_what_holds_an_rng_is_looked_for_within_bounds() -> None:
    class Player:
        def __init__(self, rng: random.Random) -> None:
            self.rng = rng

    class Table:
        def __init__(self, players: list) -> None:
            self.players = players

    rng = random.Random(7)
    assert randomness.holds_rng(Table([Player(None), Player(rng)]).players[1].__init__)
    assert randomness.holds_rng(Table([Player(None), Player(rng)]))
    assert not randomness.holds_rng(Table([Player(None), Player(None)]))
    assert not randomness.holds_rng(Table([[[rng]]])), "three steps at most"
    # a long list handed in is looked at up to its first LOOKED_AT items, whatever its length
    assert randomness.holds_rng([0] * (randomness.LOOKED_AT - 1) + [rng])
    assert not randomness.holds_rng([0] * randomness.LOOKED_AT + [rng])
    assert not randomness.holds_rng(list(range(10**6)))
