"""Speed of the Abapa solution: random playouts per second, alpha-beta depth in a second.

Loads the solution notebook's Board by running its graded cells (not the demos nor the
checks), then prints two figures:

* random games played to the end per second (target: 2,000 or more);
* the depth the widget's opponent, ``AlphaBetaPlayer(time_limit=1.0)``, reaches within
  one second on the first positions of a game (target: 8 or more).

Run: ``.venv/bin/python benchmarks/bench_abapa.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from typing import Any

from exercises.ai import AlphaBetaPlayer
from course.notebook import solution_namespace

NOTEBOOK = Path(__file__).resolve().parents[1] / "solutions" / "03_abapa.ipynb"


def playouts_per_second(board_class: Any, seconds: float, seed: int = 1) -> tuple[float, float]:
    """Random games per second, and their average number of moves."""
    rng = random.Random(seed)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = board_class()
        while not board.is_over():
            board.play(rng.choice(board.legal_moves()))
            moves += 1
        games += 1
    return games / (time.perf_counter() - start), moves / games


def alpha_beta_depths(board_class: Any, plies: int = 6, seconds: float = 1.0) -> list[int]:
    """The depth reached within ``seconds`` on the first ``plies`` positions of a game."""
    player = AlphaBetaPlayer(time_limit=seconds)
    board, depths = board_class(), []
    for _ in range(plies):
        board.play(player.choose_move(board))
        depths.append(player.depth_reached)
    return depths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time for the playouts")
    args = parser.parse_args()
    board_class = solution_namespace(NOTEBOOK)["Board"]
    rate, length = playouts_per_second(board_class, args.seconds)
    print(f"random playouts: {rate:,.0f} games/s (about {length:.0f} moves a game)")
    depths = alpha_beta_depths(board_class)
    print(f"alpha-beta within 1 s: depths {depths} (smallest {min(depths)})")


if __name__ == "__main__":
    main()
