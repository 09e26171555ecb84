"""Speed of the tCHu game loop: seeded whole games per second with the solution ``play``.

Loads the solution notebook's ``play`` by running its graded cells (not the demos nor
the checks), then plays seeded games between two greedy players (and, for comparison,
a random and a greedy player) on the whole map with all 46 tickets, and prints games
per second and the slowest game; then games between players of styles drawn by the hidden
tests' strategies (tests/grading/strategies/tchu.py), on ticket piles drawn from the whole
map. Target: a whole game well under a second, so that the worksheet's league of a few
dozen games runs in seconds.

Run: ``.venv/bin/python benchmarks/bench_tchu_game.py [--games N]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from course.grading.grader.differential import draw
from course.notebook import solution_namespace
from exercises.tchu import ChMap, GreedyPlayer, PlayerId, RandomPlayer

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "solutions" / "04_tchu_game.ipynb"
sys.path.insert(0, str(ROOT / "tests" / "grading"))
from strategies.tchu import matches, ticket_piles  # noqa: E402 - the hidden tests' strategies


def games_per_second(play: Any, kinds: tuple[type, type], games: int) -> tuple[float, float, float]:
    """Games per second, the slowest game (s) and the mean number of points of a game."""
    names = {PlayerId.PLAYER_1: "Ada", PlayerId.PLAYER_2: "Bob"}
    slowest = 0.0
    points = 0
    start = time.perf_counter()
    for seed in range(games):
        players = {PlayerId.PLAYER_1: kinds[0](2 * seed), PlayerId.PLAYER_2: kinds[1](2 * seed + 1)}
        began = time.perf_counter()
        totals = play(players, names, ChMap.all_tickets(), random.Random(seed))
        slowest = max(slowest, time.perf_counter() - began)
        points += sum(totals.values())
    elapsed = time.perf_counter() - start
    return games / elapsed, slowest, points / games / 2


def styled_games_per_second(play: Any, games: int) -> tuple[float, float, float]:
    """The same figures for seeded games between players of drawn styles (the whole map)."""
    names = {PlayerId.PLAYER_1: "Ada", PlayerId.PLAYER_2: "Bob"}
    drawn = draw(matches(ticket_piles(ChMap.tickets())), games)
    slowest = 0.0
    points = 0
    start = time.perf_counter()
    for match in drawn:
        first, second = match.players()
        began = time.perf_counter()
        totals = play({PlayerId.PLAYER_1: first, PlayerId.PLAYER_2: second}, names, match.tickets, random.Random(match.seed))
        slowest = max(slowest, time.perf_counter() - began)
        points += sum(totals.values())
    elapsed = time.perf_counter() - start
    return len(drawn) / elapsed, slowest, points / len(drawn) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="seeded games per pairing (default 20)")
    args = parser.parse_args()
    play = solution_namespace(NOTEBOOK)["play"]
    for label, kinds in (("greedy vs greedy", (GreedyPlayer, GreedyPlayer)), ("random vs greedy", (RandomPlayer, GreedyPlayer))):
        rate, slowest, mean = games_per_second(play, kinds, args.games)
        print(f"{label}: {rate:.1f} games/s over {args.games} seeded games "
              f"(slowest {slowest * 1000:.0f} ms, mean total {mean:.1f} points)")
    rate, slowest, mean = styled_games_per_second(play, args.games)
    print(f"drawn styles: {rate:.1f} games/s over {args.games} drawn games "
          f"(slowest {slowest * 1000:.0f} ms, mean total {mean:.1f} points)")


if __name__ == "__main__":
    main()
