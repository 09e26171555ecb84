"""Speed and strength figures of worksheet 5 (Domi'Nations), printed.

Loads the solution notebook's code (every cell but the checks and demos), then measures:

1. seeded 4-player games per second between four greedy players (the worksheet's AI);
2. the Monte Carlo player's playouts per second (``MonteCarloPlayer`` over the
   solution's ``Game``);
3. the league: the greedy player against three random players, four greedy players, and
   the Monte Carlo player at ``--seconds`` per move against three greedy players, with
   ``exercises.ai.league`` (each deal played with the agent in each of the four seats):
   wins (alone at the top after the tie-breaks; players still tied share the point) with
   a 95% interval, and mean scores.

    .venv/bin/python benchmarks/bench_dominations.py [--games 40] [--greedy-games 200] [--seconds 1.0]

With the defaults it takes about ten minutes on an idle machine (the Monte Carlo games
take 1 s a move). It gave the table stored in the notebook; the Monte Carlo player works
to a clock, so its games differ from run to run and from machine to machine.

Both bonuses are on, as in Gedda, Lagerkvist and Butler (2018), whose greedy player won
97.7% of its games against three random players and whose Monte Carlo evaluation player
(random playouts, 1 s per move) won 48% against three greedy players.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from course.notebook import solution_namespace
from exercises.ai import LeagueTable, RandomPlayer, as_player, league, play_game
from exercises.dominations import MonteCarloPlayer

ROOT = Path(__file__).resolve().parents[1]


def report(table: LeagueTable, matchups: list[tuple[str, str]]) -> str:
    """One line per matchup: games, points, win rate with its 95% interval, mean scores."""
    lines = ["agent                 opponents       games  points  win % (95%)   mean score  opponents'"]
    for agent, opponent in matchups:
        games, rate = table.games[agent][opponent], table.rate[agent][opponent]
        low, high = table.interval(agent, opponent)
        mine, theirs = table.scores[agent][opponent]
        lines.append(
            f"{agent:<21} 3 x {opponent:<11} {games:>5}  {rate * games:>6.1f}  "
            f"{100 * rate:>5.1f} ({100 * low:.0f}-{100 * high:.0f})  {mine:>10.1f}  {theirs:>11.1f}"
        )
    return "\n".join(lines)


def deals(Game: type, games: int, seed: int) -> list:
    """The start positions of a league of ``games`` games: a deal for every four."""
    return [Game(4, random.Random(seed * 100_003 + n), middle_kingdom=True, harmony=True)
            for n in range(max(1, games // 4))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games of each matchup against three greedy players")
    parser.add_argument("--seconds", type=float, default=1.0, help="Monte Carlo time per move")
    parser.add_argument("--greedy-games", type=int, default=200, help="games of greedy vs random")
    options = parser.parse_args()
    solution = solution_namespace(ROOT / "solutions" / "05_dominations.ipynb")
    Game, greedy = solution["Game"], as_player(solution["greedy_player"])

    start = time.perf_counter()
    count = 5
    for seed in range(count):
        play_game(Game(4, random.Random(seed), middle_kingdom=True, harmony=True), [greedy] * 4)
    elapsed = time.perf_counter() - start
    print(f"greedy 4-player games: {count / elapsed:.2f} games/s ({elapsed / count:.2f} s a game)")

    player = MonteCarloPlayer(playouts=200, rng=random.Random(1))
    play_game(Game(4, random.Random(7), middle_kingdom=True, harmony=True), [player, greedy, greedy, greedy])
    print(
        f"Monte Carlo playouts: {player.total_playouts / player.total_seconds:.0f} playouts/s "
        f"({player.total_playouts} playouts over one game, from the first move to the last)"
    )

    monte_carlo = f"monte carlo {options.seconds:g} s"
    players = {
        "greedy": lambda rng: greedy,
        "random": RandomPlayer,
        monte_carlo: lambda rng: MonteCarloPlayer(seconds=options.seconds, rng=rng),
    }
    start = time.perf_counter()
    against_random = [("greedy", "random")]
    first = league(deals(Game, options.greedy_games, 2018), players, seed=2018, matchups=against_random)
    against_greedy = [("greedy", "greedy"), (monte_carlo, "greedy")]
    second = league(deals(Game, options.games, 2018), players, seed=2018, matchups=against_greedy)
    print(f"league ({time.perf_counter() - start:.0f} s):")
    print(report(first, against_random))
    print("\n".join(report(second, against_greedy).splitlines()[1:]))

if __name__ == "__main__":
    main()
