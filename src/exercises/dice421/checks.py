"""Public checks of worksheet 2, the 421 dice game: one ``check_...`` per exercise.

Each check runs the student's function on the worksheet's own examples (those of the
seed's sample runs where there are some), with scripted answers and loaded dice for the
functions that ask or throw. What the functions print is kept out of the check's report.
"""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Callable
from typing import Any

from ..checks import CheckResult, Example, check
from .scripted import ScriptedDice, answers

__all__ = [
    "check_swap",
    "check_sort2_desc",
    "check_sort3_desc",
    "check_is_straight",
    "check_is_three_of_a_kind",
    "check_is_421",
    "check_tokens_of",
    "check_value_of",
    "check_roll_die",
    "check_rethrow",
    "check_play_turn",
    "check_settle_different_tokens",
    "check_settle_equal_tokens",
    "check_play_game",
]


def _quiet(call: Callable[[], Any]) -> Callable[[], Any]:
    """``call`` with whatever it prints thrown away."""

    def run() -> Any:
        with contextlib.redirect_stdout(io.StringIO()):
            return call()

    return run


def _calls(function: Callable[..., Any], name: str, cases: list[tuple[tuple, Any]], hint: str = "") -> list[Example]:
    return [
        Example(f"{name}{args!r}", lambda args=args: function(*args), expected, hint=hint)
        for args, expected in cases
    ]


def check_swap(swap: Callable[[int, int], tuple[int, int]]) -> CheckResult:
    """Check ``swap(a, b)`` [permuter2i]."""
    return check(
        "dice421.swap",
        _calls(swap, "swap", [((1, 2), (2, 1)), ((6, 3), (3, 6)), ((5, 5), (5, 5))],
               hint="Return the tuple (b, a)."),
    )


def check_sort2_desc(sort2_desc: Callable[[int, int], tuple[int, int]]) -> CheckResult:
    """Check ``sort2_desc(a, b)`` [decroitre2i]."""
    return check(
        "dice421.sort2_desc",
        _calls(sort2_desc, "sort2_desc", [((3, 5), (5, 3)), ((5, 3), (5, 3)), ((4, 4), (4, 4))],
               hint="The larger number comes first; swap them when a < b."),
    )


def check_sort3_desc(sort3_desc: Callable[[int, int, int], tuple[int, int, int]]) -> CheckResult:
    """Check ``sort3_desc(a, b, c)`` [decroitre3i] on the seed's examples and every order."""
    cases = [((3, 2, 6), (6, 3, 2)), ((3, 2, 1), (3, 2, 1))]
    cases += [(order, (6, 4, 1)) for order in [(1, 4, 6), (1, 6, 4), (4, 1, 6), (6, 1, 4)]]
    cases += [((2, 5, 2), (5, 2, 2)), ((1, 1, 6), (6, 1, 1)), ((3, 3, 3), (3, 3, 3))]
    return check(
        "dice421.sort3_desc",
        _calls(sort3_desc, "sort3_desc", cases,
               hint="Sort a and b, then b and c, then a and b again, with sort2_desc."),
    )


def check_is_straight(is_straight: Callable[[int, int, int], bool]) -> CheckResult:
    """Check ``is_straight(a, b, c)`` [tierce]."""
    cases = [((3, 2, 1), True), ((5, 3, 2), False), ((6, 5, 4), True), ((4, 4, 4), False),
             ((4, 2, 1), False), ((5, 4, 4), False)]
    return check("dice421.is_straight", _calls(
        is_straight, "is_straight", cases,
        hint="The dice are sorted: a is b + 1 and b is c + 1. Return True or False."))


def check_is_three_of_a_kind(is_three_of_a_kind: Callable[[int, int, int], bool]) -> CheckResult:
    """Check ``is_three_of_a_kind(a, b, c)`` [brelan]."""
    cases = [((6, 6, 6), True), ((1, 1, 1), True), ((6, 6, 5), False), ((2, 1, 1), False),
             ((3, 2, 1), False)]
    return check("dice421.is_three_of_a_kind", _calls(
        is_three_of_a_kind, "is_three_of_a_kind", cases,
        hint="All three dice are equal. Return True or False."))


def check_is_421(is_421: Callable[[int, int, int], bool]) -> CheckResult:
    """Check ``is_421(a, b, c)`` [est421]."""
    cases = [((4, 2, 1), True), ((4, 2, 2), False), ((4, 1, 1), False), ((5, 2, 1), False),
             ((4, 3, 1), False), ((3, 2, 1), False)]
    return check("dice421.is_421", _calls(
        is_421, "is_421", cases, hint="The sorted dice are exactly 4, 2 and 1."))


def check_tokens_of(tokens_of: Callable[[int, int, int], int]) -> CheckResult:
    """Check ``tokens_of(a, b, c)`` [njetons]."""
    cases = [((4, 2, 1), 8), ((6, 6, 6), 5), ((1, 1, 1), 5), ((3, 2, 1), 2), ((5, 4, 3), 2),
             ((6, 4, 1), 1), ((6, 6, 5), 1), ((4, 2, 2), 1)]
    return check("dice421.tokens_of", _calls(
        tokens_of, "tokens_of", cases,
        hint="421 gives 8, three of a kind 5, a straight 2, anything else 1."))


def check_value_of(value_of: Callable[[int, int, int], int]) -> CheckResult:
    """Check ``value_of(a, b, c)`` [evalcmb]."""
    cases = [((6, 5, 1), 651), ((4, 2, 1), 421), ((1, 1, 1), 111), ((6, 6, 6), 666)]
    return check("dice421.value_of", _calls(
        value_of, "value_of", cases, hint="100 * a + 10 * b + c."))


class _Recorder:
    """An rng that records its calls and always answers ``face``."""

    def __init__(self, face: int) -> None:
        self.face = face
        self.calls: list[tuple[Any, ...]] = []

    def randint(self, a: int, b: int) -> int:
        self.calls.append((a, b))
        return self.face


def _recorded(roll_die: Callable[[Any], int]) -> list[tuple[Any, ...]]:
    recorder = _Recorder(5)
    roll_die(recorder)
    return recorder.calls


def check_roll_die(roll_die: Callable[[random.Random], int]) -> CheckResult:
    """Check ``roll_die(rng)`` [jetDe]: one call of ``rng.randint(1, 6)``."""
    examples = [
        Example(
            f"roll_die(random.Random({seed})) == random.Random({seed}).randint(1, 6)",
            lambda seed=seed: roll_die(random.Random(seed)),
            random.Random(seed).randint(1, 6),
            hint="Throw the die with the rng you are given: return rng.randint(1, 6).",
        )
        for seed in range(4)
    ]
    examples.append(
        Example("roll_die(rng) calls rng.randint(1, 6) once: calls", lambda: _recorded(roll_die),
                [(1, 6)], hint="Call rng.randint(1, 6) exactly once.")
    )
    examples.append(
        Example(
            "the faces of 300 throws with random.Random(1)",
            lambda: sorted({roll_die(rng) for rng in [random.Random(1)] for _ in range(300)}),
            [1, 2, 3, 4, 5, 6],
        )
    )
    return check("dice421.roll_die", examples)


def check_rethrow(rethrow: Callable[..., int]) -> CheckResult:
    """Check ``rethrow(die, n, ask, rng)`` [relancer] with scripted answers and dice."""

    def run(die: int, reply: str, face: int) -> int:
        return rethrow(die, 2, answers([reply], echo=False), ScriptedDice([face]))

    cases = [(3, "1", 6), (3, "0", 6), (5, "1", 1), (5, "", 1), (4, "yes", 2), (4, "2", 2)]
    return check(
        "dice421.rethrow",
        [
            Example(
                f"rethrow({die}, 2, answers([{reply!r}]), ScriptedDice([{face}]))",
                _quiet(lambda die=die, reply=reply, face=face: run(die, reply, face)),
                face if reply == "1" else die,
                hint='Only the answer "1" rethrows (with roll_die); any other keeps the die.',
            )
            for die, reply, face in cases
        ],
    )


def _turn(play_turn: Callable[..., tuple[int, int]], replies: list[str], faces: list[int]) -> Callable[[], Any]:
    return _quiet(lambda: play_turn(answers(replies, echo=False), ScriptedDice(faces)))


def check_play_turn(play_turn: Callable[..., tuple[int, int]]) -> CheckResult:
    """Check ``play_turn(ask, rng)`` [jouerTour] on scripted turns, the seed's among them."""
    seed_turn = ["1", "0", "0", "1", "1", "0", "0", "1", "0"]
    return check(
        "dice421.play_turn",
        [
            Example("keep the first throw 6 6 5", _turn(play_turn, ["0"], [6, 6, 5]), (1, 665)),
            Example("keep the first throw 1 2 4 (sorted before scoring)",
                    _turn(play_turn, ["0"], [1, 2, 4]), (8, 421),
                    hint="Sort the dice with sort3_desc before tokens_of and value_of."),
            Example("the seed's turn: 665, rethrow die 3 -> 665, rethrow die 3 -> 666, keep",
                    _turn(play_turn, seed_turn, [6, 6, 5, 5, 6]), (5, 666)),
            Example("answer 1 every time: three throws, no fourth",
                    _turn(play_turn, ["1"] * 8, [1, 2, 3, 4, 5, 6, 4, 2, 1]), (8, 421),
                    hint="After the third throw the turn is over: do not ask again."),
            Example("a non-number answer keeps the dice",
                    _turn(play_turn, ["yes"], [3, 3, 3]), (5, 333)),
        ],
    )


def check_settle_different_tokens(settle: Callable[[int, int, int, int], tuple[int, int]]) -> CheckResult:
    """Check ``settle_different_tokens(nj1, nj2, total1, total2)`` [traiterJetonsDiff]."""
    cases = [((8, 1, 10, 10), (2, 18)), ((1, 2, 10, 10), (12, 8)), ((5, 2, 3, 7), (-2, 12)),
             ((1, 8, 6, 14), (14, 6))]
    return check("dice421.settle_different_tokens", [
        Example(f"settle_different_tokens{args!r}", _quiet(lambda args=args: settle(*args)), expected,
                hint="The player with more tokens gives that many to the other.")
        for args, expected in cases
    ])


def check_settle_equal_tokens(settle: Callable[[int, int, int, int, int], tuple[int, int]]) -> CheckResult:
    """Check ``settle_equal_tokens(nj, s1, s2, total1, total2)`` [traiterJetonsEgaux]."""
    cases = [((5, 666, 444, 10, 10), (5, 15)), ((2, 321, 654, 10, 10), (12, 8)),
             ((1, 642, 631, 4, 4), (3, 5)), ((1, 521, 643, 2, 9), (3, 8))]
    return check("dice421.settle_equal_tokens", [
        Example(f"settle_equal_tokens{args!r}", _quiet(lambda args=args: settle(*args)), expected,
                hint="The higher value gives nj tokens to the other.")
        for args, expected in cases
    ])


def check_play_game(play_game: Callable[..., tuple[int, int]]) -> CheckResult:
    """Check ``play_game(tokens, ask, rng)`` [test_jeu] on scripted games."""

    def game(tokens: int, faces: list[int]) -> Callable[[], Any]:
        turns = len(faces) // 3
        return _quiet(lambda: play_game(tokens, answers(["0"] * turns, echo=False), ScriptedDice(faces)))

    return check(
        "dice421.play_game",
        [
            Example("10 tokens; 421 against 641, then 111 against 652",
                    game(10, [4, 2, 1, 6, 4, 1, 1, 1, 1, 6, 5, 2]), (-3, 23),
                    hint="Play rounds while both totals are above 0."),
            Example("8 tokens; 665 against 566 (a draw), then 124 against 331",
                    game(8, [6, 6, 5, 5, 6, 6, 1, 2, 4, 3, 3, 1]), (0, 16),
                    hint="Same value: nothing changes. A total of 0 ends the game."),
            Example("5 tokens; 654 against 654, then 222 against 654",
                    game(5, [6, 5, 4, 6, 5, 4, 2, 2, 2, 6, 5, 4]), (0, 10)),
            Example("play_game(0, ...)", game(0, []), raises=ValueError,
                    hint="Each player starts with at least one token."),
            Example("play_game(-4, ...)", game(-4, []), raises=ValueError),
        ],
    )
