"""Worksheet 0, the warm-up: mistakes and alternatives of ``count_pips``."""

from corpora import Alternative, Mistake

NOTEBOOK = "00_start_here"

MISTAKES = [
    Mistake("start-max-pip", "start.count_pips",
            "def count_pips(dice):\n    return max(dice)\n",
            "returns the highest die, not the total", rule="add-every-die"),
    Mistake("start-max-pip-or-zero", "start.count_pips",
            "def count_pips(dice):\n    return max(dice, default=0)\n",
            "the highest die, 0 for no dice: right on an empty list and an int, yet not the total",
            rule="add-every-die"),
    Mistake("start-skips-first-die", "start.count_pips",
            "def count_pips(dice):\n    return sum(dice[1:])\n",
            "an off-by-one that forgets the first die", rule="add-every-die"),
    Mistake("start-float-total", "start.count_pips",
            "def count_pips(dice):\n    return sum(dice) / 1\n",
            "the total of pips is an int, not a float", rule="the-total-is-an-int"),
    Mistake("start-empty-hand", "start.count_pips",
            "def count_pips(dice):\n    return sum(dice) if len(dice) > 1 else dice[0]\n",
            "no dice at all must total 0, not raise", rule="no-dice-total-0"),
]

ALTERNATIVES = [
    Alternative("start-loop", "start.count_pips",
                "def count_pips(dice):\n    total = 0\n    for die in dice:\n        total += die\n    return total\n",
                "a loop instead of sum"),
    Alternative("start-recursion", "start.count_pips",
                "def count_pips(dice):\n    return dice[0] + count_pips(dice[1:]) if dice else 0\n",
                "recursion on the rest of the dice"),
]
