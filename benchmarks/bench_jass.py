"""Speed of the Jass worksheet, run with the solution notebook's Meld and MeldSet.

Prints the time of ``MeldSet.all_in`` per 9-card hand over 10,000 seeded hands (median,
mean, 99th percentile, worst), ``Meld.all_in`` likewise, the slowest hand there is (nine
cards of one suit: 18 melds, 2**18 subsets), the notebook's sampling cell and the exact
count of hands without meld; then both methods on hands drawn by the hidden tests'
strategies (tests/grading/strategies/jass.py: any size, given as a list, a tuple, a set
or a generator). Run from the repository's root:
``.venv/bin/python benchmarks/bench_jass.py``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from course.grading.grader.differential import draw
from course.notebook import solution_namespace
from exercises.jass import ALL_OF, Suit, deal

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "grading"))
from strategies import jass as drawn  # noqa: E402 - the hidden tests' strategies

SOLUTION = ROOT / "solutions" / "01_jass_melds.ipynb"
HANDS = 10_000
DRAWN = 300


def per_call(function: Callable[[Any], Any], inputs: list[Any]) -> list[float]:
    """The time of ``function(x)`` for each ``x``, in seconds."""
    times = []
    for value in inputs:
        start = time.perf_counter()
        function(value)
        times.append(time.perf_counter() - start)
    return times


def report(label: str, times: list[float]) -> None:
    """Print median, mean, 99th percentile and worst of ``times`` in microseconds."""
    ordered = sorted(times)
    p99 = ordered[int(0.99 * (len(ordered) - 1))]
    print(
        f"{label:<34} median {statistics.median(times) * 1e6:8.1f} µs   mean "
        f"{statistics.fmean(times) * 1e6:8.1f} µs   p99 {p99 * 1e6:8.1f} µs   worst {ordered[-1] * 1e3:7.2f} ms"
    )


def once(label: str, action: Callable[[], Any]) -> None:
    """Print how long ``action()`` takes once."""
    start = time.perf_counter()
    action()
    print(f"{label:<34} {time.perf_counter() - start:8.3f} s")


def main() -> None:
    ns = solution_namespace(SOLUTION)
    meld, meld_set = ns["Meld"], ns["MeldSet"]
    rng = random.Random(2026)
    hands = [deal(rng) for _ in range(HANDS)]
    print(f"{HANDS:,} seeded hands of 9 cards (random.Random(2026))")
    report("MeldSet.all_in per hand", per_call(meld_set.all_in, hands))
    report("Meld.all_in per hand", per_call(meld.all_in, hands))
    counts = [len(meld.all_in(hand)) for hand in hands]
    print(f"{'melds per hand':<34} mean {statistics.fmean(counts):.2f}   most {max(counts)}")
    once("MeldSet.all_in, nine spades", lambda: meld_set.all_in(list(ALL_OF[Suit.SPADE])))
    once("sampling cell (10,000 hands)", lambda: ns["sample_best_points"](HANDS))
    once("count_hands_without_meld(9)", lambda: ns["count_hands_without_meld"](9))
    started = time.perf_counter()
    forms = draw(drawn.hands_in_forms(), DRAWN)
    print(f"{len(forms)} hands drawn by strategies.jass in {time.perf_counter() - started:.2f} s "
          f"(sizes {min(len(h) for _, h in forms)} to {max(len(h) for _, h in forms)})")

    def given(case: tuple[str, list]) -> object:
        form, hand = case
        return eval(drawn.FORMS[form].format("hand"), {"hand": hand})

    report("Meld.all_in per drawn hand", per_call(lambda case: meld.all_in(given(case)), forms))
    few = [case for case in forms if len(meld.all_in(case[1])) <= 10]
    report(f"MeldSet.all_in, {len(few)} drawn hands", per_call(lambda case: meld_set.all_in(given(case)), few))


if __name__ == "__main__":
    main()
