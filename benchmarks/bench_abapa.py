"""Speed of the Abapa solution: random playouts per second, alpha-beta depth in a second.

Loads the solution notebook's Board by running its graded cells (not the demos nor the
checks), then prints two figures:

* random games played to the end per second (target: 2,000 or more), from the start and
  from the positions the hidden tests' strategies draw (tests/grading/strategies/abapa.py:
  any distribution of the 48 seeds, near the end, hungry camps);
* the depth the widget's opponent, ``AlphaBetaPlayer(time_limit=1.0)``, reaches within
  one second on the first positions of a game (target: 8 or more);
* how long the solution's GreedyPlayer takes on the drawn positions.

Run: ``.venv/bin/python benchmarks/bench_abapa.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from pathlib import Path
from typing import Any

from exercises.ai import AlphaBetaPlayer
from course.grading.grader.differential import draw
from course.notebook import solution_namespace

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "grading"))
from strategies import abapa as drawn  # noqa: E402 - the hidden tests' strategies

NOTEBOOK = ROOT / "solutions" / "03_abapa.ipynb"


def playouts_per_second(board_class: Any, seconds: float, seed: int = 1,
                        positions: list[tuple[list[int], int]] | None = None) -> tuple[float, float]:
    """Random games per second, and their average number of moves: from the start, or
    from each of ``positions`` in turn."""
    rng = random.Random(seed)
    games = moves = 0
    starts = itertools.cycle(positions or [(None, 0)])
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        cells, player = next(starts)
        board = board_class() if cells is None else board_class(list(cells), player)
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
    namespace = solution_namespace(NOTEBOOK)
    board_class = namespace["Board"]
    rate, length = playouts_per_second(board_class, args.seconds)
    print(f"random playouts: {rate:,.0f} games/s (about {length:.0f} moves a game)")
    positions = draw(drawn.playable, 200) + draw(drawn.playable_ends, 200)
    rate, length = playouts_per_second(board_class, args.seconds, positions=positions)
    print(f"random playouts from {len(positions)} drawn positions: {rate:,.0f} games/s "
          f"(about {length:.1f} moves a game)")
    greedy = namespace["GreedyPlayer"]()
    started = time.perf_counter()
    for cells, player in positions:
        greedy.choose_move(board_class(list(cells), player))
    spent = time.perf_counter() - started
    print(f"GreedyPlayer on the drawn positions: {spent / len(positions) * 1e6:,.0f} µs a move")
    depths = alpha_beta_depths(board_class)
    print(f"alpha-beta within 1 s: depths {depths} (smallest {min(depths)})")


if __name__ == "__main__":
    main()
