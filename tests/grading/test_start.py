"""Hidden tests of notebook 00, "Start here": the warm-up exercise."""

import random

import pytest

from course.grading.grader.differential import compare, draw
from strategies.start import dice

NOTEBOOK = "00_start_here"

#: each exercise's points, shared equally by its tests (a test names only its exercise)
POINTS = {
    "start.count_pips": 1,
}

#: each test's rule, as the public check shows it (see tests/grader/test_one_verdict.py)
RULES = {
    "test_count_pips_sums_every_die_as_an_int": "count_pips([4, 2, 1]) == 7",
    "test_count_pips_like_the_reference_on_any_dice": "count_pips([4, 2, 1]) == 7",
}

#: what a student who fails each test most likely got wrong (shown in the feedback)
HINTS = {
    "test_count_pips_sums_every_die_as_an_int": (
        "Add every die of the list, the first and the last included, and return the total as an int (not a float or a "
        "str); no dice at all total 0."
    ),
    "test_count_pips_like_the_reference_on_any_dice":
        "Add every die of the list, whatever its length, and return the total as an int.",
}

#: the rules the hints state, in the game's words: each names the tests whose hint states it
#: (a mistake of tests/corpora/ declares the rule it breaks; its first failing test is one of them)
HINT_RULES = {
    "add-every-die": ["test_count_pips_sums_every_die_as_an_int", "test_count_pips_like_the_reference_on_any_dice"],
    "the-total-is-an-int": [
        "test_count_pips_sums_every_die_as_an_int", "test_count_pips_like_the_reference_on_any_dice"],
    "no-dice-total-0": ["test_count_pips_sums_every_die_as_an_int"],
}

# Every test of count_pips asks for the total itself: a function that returns something
# else (the highest die, say) passes none of them by accident, on an empty list or by type.


@pytest.mark.exercise("start.count_pips")
def test_count_pips_sums_every_die_as_an_int(sub):
    rng = random.Random(7)
    for size in range(8):
        dice = [rng.randint(1, 6) for _ in range(size)]
        total = sub.count_pips(list(dice))
        assert total == sum(dice) and type(total) is int, f"count_pips({dice}) returned {total!r}, expected {sum(dice)}"


#: "A die shows a number of pips from 1 to 6", "a list of dice", and the docstring's
#: `count_pips([4, 2, 1])`: no die, one die at each end of 1 to 6, both ends together
THROWS_THE_TEXT_NAMES = [[4, 2, 1], [], [1], [6], [6, 1], [1, 1, 1], [6, 6, 6]]


@pytest.mark.exercise("start.count_pips")
def test_count_pips_like_the_reference_on_any_dice(sub, ref):
    compare(sub, ref, "count_pips(dice)",
            [{"dice": throw} for throw in draw(dice(), 40, boundaries=THROWS_THE_TEXT_NAMES)])
