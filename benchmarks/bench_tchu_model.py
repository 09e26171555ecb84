"""Speed of the tCHu model and its players: whole games, single transitions, the map picture.

Prints:

* seconds per whole game between two greedy players, and between two random players
  (played by the test suite's own game loop, ``tests/worksheets/test_tchu_players.py``; target for
  greedy games: well under one second);
* microseconds per ``GameState`` transition and per ``Trail.longest`` of a full network;
* seconds to draw the map of a finished game as PNG.

Run: ``.venv/bin/python benchmarks/bench_tchu_model.py [--games N]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from worksheets.test_tchu_players import greedy_pair, play_game, random_pair  # noqa: E402

from exercises.tchu import ChMap, PlayerId, Trail, map_png  # noqa: E402


def per_call(function, repeat: int) -> float:
    """Seconds per call of ``function()``, over ``repeat`` calls."""
    start = time.perf_counter()
    for _ in range(repeat):
        function()
    return (time.perf_counter() - start) / repeat


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games of each kind (default 10)")
    games = parser.parse_args().games

    for label, pair in (("greedy vs greedy", greedy_pair), ("random vs random", random_pair)):
        seconds = per_call(lambda seed=iter(range(games)): _play(pair, next(seed)), games)
        print(f"{label}: {seconds:.3f} s per game ({games} games)")

    state, _totals = play_game(greedy_pair(0), ChMap.all_tickets(), random.Random(0))
    network = state.player_state(PlayerId.PLAYER_1).routes
    print(f"for_next_turn: {per_call(state.for_next_turn, 2000) * 1e6:.1f} µs")
    print(f"public(): {per_call(state.public, 2000) * 1e6:.1f} µs")
    print(f"with_more_discarded_cards: {per_call(lambda: state.with_more_discarded_cards(state.card_state.discards), 500) * 1e6:.1f} µs")
    print(f"Trail.longest of {len(network)} routes: {per_call(lambda: Trail.longest(network), 5) * 1e3:.1f} ms")
    print(f"map of the finished game as PNG: {per_call(lambda: map_png(state), 2):.2f} s")


def _play(pair, seed: int) -> None:
    play_game(pair(seed), ChMap.all_tickets(), random.Random(seed))


if __name__ == "__main__":
    main()
