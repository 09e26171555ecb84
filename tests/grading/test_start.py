"""Hidden tests of notebook 00, "Start here": the warm-up exercise."""

import random

import pytest

from course.grading.differential import compare, draw
from strategies.start import dice

NOTEBOOK = "00_start_here"

#: each exercise's points, shared equally by its tests (a test names only its exercise)
POINTS = {
    "start.count_pips": 1,
}

#: each test's rule, as the public check shows it (see tests/grader/test_one_verdict.py)
RULES = {
    "test_count_pips_of_no_dice_is_zero": "count_pips([]) == 0",
    "test_count_pips_sums_every_die": "count_pips([4, 2, 1]) == 7",
    "test_count_pips_returns_an_int": "count_pips([6, 6, 6]) == 18",
    "test_count_pips_like_the_reference_on_any_dice": "count_pips([4, 2, 1]) == 7",
}

#: what a student who fails each test most likely got wrong (shown in the feedback)
HINTS = {
    "test_count_pips_of_no_dice_is_zero": "No dice at all show no pips: the total of an empty list is 0.",
    "test_count_pips_sums_every_die": "Add every die of the list, the first and the last included.",
    "test_count_pips_returns_an_int": "A total of pips is a whole number: return an int, not a float or a str.",
    "test_count_pips_like_the_reference_on_any_dice": "Add every die of the list, whatever its length, and return the total as an int.",
}


@pytest.mark.exercise("start.count_pips")
def test_count_pips_of_no_dice_is_zero(sub):
    assert sub.count_pips([]) == 0


@pytest.mark.exercise("start.count_pips")
def test_count_pips_sums_every_die(sub):
    rng = random.Random(7)
    for size in range(1, 8):
        dice = [rng.randint(1, 6) for _ in range(size)]
        assert sub.count_pips(list(dice)) == sum(dice), dice


@pytest.mark.exercise("start.count_pips")
def test_count_pips_returns_an_int(sub):
    assert type(sub.count_pips([6, 5, 4])) is int


@pytest.mark.exercise("start.count_pips")
def test_count_pips_like_the_reference_on_any_dice(sub, ref):
    compare(sub, ref, "count_pips(dice)", [{"dice": throw} for throw in draw(dice(), 40)])
