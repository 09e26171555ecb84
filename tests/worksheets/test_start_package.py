"""Notebook 00's package code: the warm-up check and the dice roller widget."""

import random

from exercises.checks import Status
from exercises.start import DICE_FACES, DiceRoller, check_count_pips


def stub(dice):
    raise NotImplementedError("Exercise start.count_pips: write your code here.")


def test_check_passes_a_correct_count():
    assert check_count_pips(lambda dice: sum(dice)).status is Status.PASSED


def test_check_catches_an_off_by_one():
    result = check_count_pips(lambda dice: len(dice) + sum(dice[1:]))
    assert result.status is Status.FAILED
    assert "expected: 7" in str(result)


def test_check_says_not_implemented_for_the_stub():
    assert check_count_pips(stub).status is Status.NOT_IMPLEMENTED


def test_roll_shows_the_students_total():
    roller = DiceRoller(lambda dice: sum(dice), seed=421)
    roller.button.click()
    rng = random.Random(421)
    expected = [rng.randint(1, 6) for _ in range(3)]
    assert roller.dice == expected
    assert roller.total.value == f"Dice {expected}: total = {sum(expected)}"
    assert all(DICE_FACES[die - 1] in roller.faces.value for die in expected)
    assert roller.errors.value == ""


def test_same_seed_same_rolls():
    first, second = DiceRoller(sum, seed=3), DiceRoller(sum, seed=3)
    for _ in range(5):
        first.roll()
        second.roll()
        assert first.dice == second.dice


def test_an_error_in_student_code_stays_inside_the_widget():
    roller = DiceRoller(stub)
    roller.button.click()
    assert "raised an error" in roller.total.value
    assert "Not implemented yet" in roller.errors.value
    roller.count_pips = sum
    roller.roll()
    assert roller.errors.value == ""
