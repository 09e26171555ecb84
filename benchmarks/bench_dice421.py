"""Speed of the 421 worksheet's given code, run with the solution notebook's functions.

Prints how long the public checks, a computer turn, a whole match (the solution's
``play_game`` with two strategies) and the notebook's league take; then ``play_turn``
and ``play_game`` on the turns and games the hidden tests' strategies draw
(tests/grading/strategies/dice421.py: answers typed any way, seeded games). Run from the
repository's root: ``.venv/bin/python benchmarks/bench_dice421.py``.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import random
import sys
import time
from pathlib import Path

from exercises import dice421
from course.grading.grader.differential import draw
from course.notebook import solution_namespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "grading"))
from strategies import dice421 as drawn  # noqa: E402 - the hidden tests' strategies

SOLUTION = ROOT / "solutions" / "02_dice_421.ipynb"


def timed(label: str, repeat: int, action) -> None:
    """Print the mean time of ``action()`` over ``repeat`` runs."""
    start = time.perf_counter()
    for _ in range(repeat):
        action()
    mean = (time.perf_counter() - start) / repeat
    print(f"{label:<44} {mean * 1e3:9.3f} ms")


def main() -> None:
    ns = solution_namespace(SOLUTION)
    checks = [(name, getattr(dice421, name), ns[name[len("check_"):]])
              for name in dice421.__all__ if name.startswith("check_")]
    timed(f"all {len(checks)} public checks", 20, lambda: [check(f) for _, check, f in checks])
    rng = random.Random(1)

    def computer_turn() -> None:
        dice421.play_computer_turn(dice421.Turn(lambda: rng.randint(1, 6)), dice421.hunt_421)

    timed("one computer turn (hunt_421)", 2000, computer_turn)
    timed("one match in play_game, hunt_421 v keep_first", 200,
          lambda: dice421.play_match(ns["play_game"], (dice421.hunt_421, dice421.keep_first), rng))
    strategies = {"keep first": dice421.keep_first, "hunt 421": dice421.hunt_421}
    timed("the notebook's league (2 x 100 games)", 3,
          lambda: dice421.league(ns["play_game"], strategies, games=100, seed=2026))
    turns, games = draw(drawn.turns(), 200), draw(drawn.games(), 50)
    print(f"{len(turns)} turns and {len(games)} games drawn by strategies.dice421")

    def turn(case: dict) -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            ns["play_turn"](dice421.answers(case["replies"], echo=False), dice421.ScriptedDice(case["faces"]))

    def game(case: dict) -> None:
        replies = itertools.cycle(case["replies"])
        with contextlib.redirect_stdout(io.StringIO()):
            ns["play_game"](case["tokens"], lambda prompt="": next(replies), random.Random(case["seed"]))

    timed(f"play_turn on the {len(turns)} drawn turns", 5, lambda: [turn(case) for case in turns])
    timed(f"play_game on the {len(games)} drawn games", 5, lambda: [game(case) for case in games])


if __name__ == "__main__":
    main()
