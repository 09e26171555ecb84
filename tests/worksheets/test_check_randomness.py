"""The public checks of exercises that are given an rng fail code that also draws from the
module random, even when every value it returns is right, and pass code that draws from
its rng alone: one verdict with the hidden tests (tests/grader/test_randomness.py; Abapa's
RandomPlayer in tests/worksheets/test_abapa_package.py)."""

from __future__ import annotations

import random

from exercises.checks import Example, Status, check
from exercises.dice421.checks import check_roll_die

DREW = "drew from the module random"


def fair_die(rng: random.Random) -> int:
    return rng.randint(1, 6)


def shuffling_die(rng: random.Random) -> int:
    random.random()  # a draw from the module too: the die is right, the game no longer replays
    return rng.randint(1, 6)


def test_a_die_that_draws_from_the_module_too_fails_its_check() -> None:
    assert check_roll_die(fair_die).status is Status.PASSED
    result = check_roll_die(shuffling_die)
    assert result.status is Status.FAILED
    assert any(DREW in line for line in result.lines), str(result)


def test_only_a_check_of_code_given_an_rng_watches_the_module() -> None:
    example = [Example("shuffled", lambda: random.random() < 2, True)]
    assert check("x.free", example).status is Status.PASSED
    assert check("x.given", example, rng=True).status is Status.FAILED
