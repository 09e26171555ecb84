"""Speed of the 421 worksheet's given code, run with the solution notebook's functions.

Prints how long the public checks, a computer turn, a whole match (the solution's
``play_game`` with two strategies) and the notebook's league take. Run from the
repository's root: ``.venv/bin/python benchmarks/bench_dice421.py``.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from exercises import dice421
from course.notebook import solution_namespace

SOLUTION = Path(__file__).resolve().parent.parent / "solutions" / "02_dice_421.ipynb"


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


if __name__ == "__main__":
    main()
