"""Hidden tests of notebook 00, "Start here": the warm-up exercise."""

import random

import pytest

NOTEBOOK = "00_start_here"


@pytest.mark.exercise("start.count_pips", points=1)
def test_count_pips_of_no_dice_is_zero(sub):
    assert sub.count_pips([]) == 0


@pytest.mark.exercise("start.count_pips", points=1)
def test_count_pips_sums_every_die(sub):
    rng = random.Random(7)
    for size in range(1, 8):
        dice = [rng.randint(1, 6) for _ in range(size)]
        assert sub.count_pips(list(dice)) == sum(dice), dice


@pytest.mark.exercise("start.count_pips", points=1)
def test_count_pips_returns_an_int(sub):
    assert type(sub.count_pips([6, 5, 4])) is int
