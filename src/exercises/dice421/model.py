"""The 421 game as plain classes that run the student's functions.

Rules (../shared/rules/dice421.md, with the seed's ambiguities resolved):

* A *combination* is three dice, handled sorted decreasingly: (a, b, c), a >= b >= c.
  Its *tokens*: 421 -> 8, three of a kind -> 5, straight -> 2, anything else -> 1. Its
  *value*: 100a + 10b + c.
* A *turn* has at most three *throws*: first all three dice, then up to two rethrows of
  the dice the player marks (one, two or all three). The player may keep the dice after
  any throw. The turn's result is (tokens, value) of the final combination.
* A *round*: player 1 plays a turn, then player 2. Same value: a draw, nothing changes.
  Different tokens: the player with more tokens gives that many to the other. Same
  tokens, different values: the higher value gives the common number of tokens.
* The game ends as soon as a player has 0 tokens or fewer: that player wins.

A *strategy* is a function ``strategy(dice, throws_left) -> positions``: given the dice
in throw order and how many throws are still allowed, the positions (0, 1, 2) of the
dice to rethrow; no position means "keep". :func:`keep_first` and :func:`hunt_421` are
two of them. :class:`Rules` bundles the student's functions; :class:`Turn` and
:class:`Game` call them, and leave their state unchanged when they raise.
"""

from __future__ import annotations

import contextlib
import io
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from .pictures import check_face

__all__ = [
    "MAX_THROWS",
    "Rules",
    "Turn",
    "Round",
    "Game",
    "Strategy",
    "keep_first",
    "hunt_421",
    "play_computer_turn",
    "play_match",
    "league",
    "LeagueRow",
    "league_table",
]

#: At most three throws in a turn: the first throw and two rethrows.
MAX_THROWS = 3

Dice = tuple[int, int, int]
Strategy = Callable[[Dice, int], Iterable[int]]


def _plain_int(value: object, what: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{what} should give an int, but it gave {value!r}")
    return value


@dataclass
class Rules:
    """The student's functions that the widgets and simulations run."""

    roll_die: Callable[[random.Random], int]
    sort3_desc: Callable[[int, int, int], tuple[int, int, int]]
    tokens_of: Callable[[int, int, int], int]
    value_of: Callable[[int, int, int], int]
    settle_different_tokens: Callable[[int, int, int, int], tuple[int, int]] | None = None
    settle_equal_tokens: Callable[[int, int, int, int, int], tuple[int, int]] | None = None

    def throw(self, rng: random.Random) -> int:
        """One die thrown by the student's ``roll_die``, checked to be a face."""
        face = self.roll_die(rng)
        try:
            return check_face(face)
        except ValueError:
            raise ValueError(f"roll_die gave {face!r}, but a die shows 1 to 6") from None

    def combination(self, dice: Iterable[int]) -> Dice:
        """The dice sorted decreasingly by the student's ``sort3_desc``."""
        result = self.sort3_desc(*dice)
        if type(result) is not tuple or len(result) != 3:
            raise ValueError(f"sort3_desc should give a tuple of three ints, not {result!r}")
        return tuple(_plain_int(value, "sort3_desc") for value in result)  # type: ignore[return-value]

    def result(self, dice: Iterable[int]) -> tuple[int, int]:
        """(tokens, value) of the dice, by the student's functions."""
        a, b, c = self.combination(dice)
        tokens = _plain_int(self.tokens_of(a, b, c), "tokens_of")
        value = _plain_int(self.value_of(a, b, c), "value_of")
        return tokens, value


class Turn:
    """One player's turn: throw, mark dice to rethrow, throw again or keep."""

    def __init__(self, roll: Callable[[], int]) -> None:
        self.roll = roll
        self.dice: tuple[int, ...] = ()
        self.throws = 0
        self.marked: frozenset[int] = frozenset()
        self.kept = False

    @property
    def over(self) -> bool:
        """True once the player kept the dice or threw three times."""
        return self.kept or self.throws >= MAX_THROWS

    @property
    def throws_left(self) -> int:
        """How many throws the player may still make."""
        return 0 if self.kept else MAX_THROWS - self.throws

    def toggle(self, position: int) -> None:
        """Mark die ``position`` (0, 1 or 2) for a rethrow, or unmark it."""
        if position not in (0, 1, 2):
            raise ValueError(f"the dice are at positions 0, 1 and 2, not {position!r}")
        if self.throws == 0:
            raise ValueError("throw the dice before marking one")
        if self.over:
            raise ValueError("this turn is over: no die can be marked")
        self.marked = self.marked ^ {position}

    def throw(self) -> None:
        """The first throw (all three dice) or a rethrow of the marked dice."""
        if self.over:
            raise ValueError(
                "this turn is over: a turn has three throws at most"
                if not self.kept
                else "this turn is over: the dice were kept"
            )
        positions = (0, 1, 2) if self.throws == 0 else sorted(self.marked)
        if not positions:
            raise ValueError("mark at least one die to rethrow (click it), or keep the dice")
        dice = list(self.dice) if self.dice else [0, 0, 0]
        for position in positions:
            dice[position] = self.roll()
        self.dice, self.throws, self.marked = tuple(dice), self.throws + 1, frozenset()

    def keep(self) -> None:
        """End the turn with the dice as they are."""
        if self.throws == 0:
            raise ValueError("throw the dice before keeping them")
        if self.over:
            raise ValueError("this turn is already over")
        self.kept, self.marked = True, frozenset()


def keep_first(dice: Dice, throws_left: int) -> frozenset[int]:
    """Keep the first throw, whatever it is."""
    return frozenset()


def hunt_421(dice: Dice, throws_left: int) -> frozenset[int]:
    """Keep a 421 or a three of a kind; otherwise hold one 4, one 2 and one 1, rethrow the rest."""
    if sorted(dice) == [1, 2, 4] or len(set(dice)) == 1:
        return frozenset()
    wanted = {4, 2, 1}
    rethrow = set()
    for position, face in enumerate(dice):
        if face in wanted:
            wanted.discard(face)
        else:
            rethrow.add(position)
    return frozenset(rethrow)


def play_computer_turn(turn: Turn, strategy: Strategy) -> list[tuple[int, ...]]:
    """Play ``turn`` to its end with ``strategy``; the dice after each throw."""
    throws = []
    while not turn.over:
        if turn.throws:
            positions = set(strategy(turn.dice, turn.throws_left))  # type: ignore[arg-type]
            if not positions:
                turn.keep()
                break
            turn.marked = frozenset(positions)
        turn.throw()
        throws.append(turn.dice)
    return throws


@dataclass(frozen=True)
class Round:
    """A settled round: both players' final dice, their results and the new totals."""

    dice: tuple[tuple[int, ...], tuple[int, ...]]
    results: tuple[tuple[int, int], tuple[int, int]]
    before: tuple[int, int]
    after: tuple[int, int]
    printed: str = ""

    @property
    def verdict(self) -> str:
        """The round in one sentence, read from the change of the totals."""
        (tokens1, value1), (tokens2, value2) = self.results
        if value1 == value2:
            return f"Same value {value1}: a draw, nobody gives tokens."
        case = "different tokens" if tokens1 != tokens2 else "same tokens, different values"
        given = self.before[0] - self.after[0]
        if given > 0:
            return f"{case.capitalize()}: player 1 wins the round and gives {given}."
        if given < 0:
            return f"{case.capitalize()}: player 2 wins the round and gives {-given}."
        return f"{case.capitalize()}: the totals did not change."


@dataclass
class Game:
    """A game between two players, settled by the student's functions."""

    rules: Rules
    tokens: int = 10
    totals: tuple[int, int] = field(init=False)
    rounds: list[Round] = field(init=False, default_factory=list)
    pending: tuple[tuple[int, ...], tuple[int, int]] | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if type(self.tokens) is not int or self.tokens <= 0:
            raise ValueError(f"each player starts with a positive number of tokens, not {self.tokens!r}")
        self.totals = (self.tokens, self.tokens)

    @property
    def player(self) -> int:
        """The player whose turn it is: 1 or 2."""
        return 1 if self.pending is None else 2

    @property
    def over(self) -> bool:
        """True once a player has no tokens left."""
        return min(self.totals) <= 0

    @property
    def winner(self) -> int | None:
        """The player with no tokens left (the winner), or None while the game goes on."""
        if not self.over:
            return None
        return 1 if self.totals[0] <= 0 else 2

    def record(self, dice: Iterable[int]) -> Round | None:
        """Record the current player's final dice; after player 2, settle the round."""
        if self.over:
            raise ValueError("the game is over: start a new game")
        dice = tuple(dice)
        result = self.rules.result(dice)
        if self.pending is None:
            self.pending = (dice, result)
            return None
        played = self._settle(self.pending, (dice, result))
        self.rounds.append(played)
        self.totals, self.pending = played.after, None
        return played

    def _settle(self, first: tuple, second: tuple) -> Round:
        (dice1, (tokens1, value1)), (dice2, (tokens2, value2)) = first, second
        total1, total2 = self.totals
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            if value1 == value2:
                after = self.totals
            elif tokens1 != tokens2:
                after = self._totals(
                    "settle_different_tokens", tokens1, tokens2, total1, total2
                )
            else:
                after = self._totals(
                    "settle_equal_tokens", tokens1, value1, value2, total1, total2
                )
        return Round(
            (dice1, dice2), ((tokens1, value1), (tokens2, value2)), self.totals, after,
            printed.getvalue().strip(),
        )

    def _totals(self, name: str, *args: int) -> tuple[int, int]:
        function = getattr(self.rules, name)
        if function is None:
            raise ValueError(f"this game needs your {name}: pass it to Rules(...)")
        totals = function(*args)
        if type(totals) is not tuple or len(totals) != 2:
            raise ValueError(f"{name} should give a tuple (total1, total2), not {totals!r}")
        return (_plain_int(totals[0], name), _plain_int(totals[1], name))


def play_match(
    rules: Rules,
    strategies: tuple[Strategy, Strategy],
    rng: random.Random,
    tokens: int = 10,
    max_rounds: int = 1000,
) -> Game:
    """A whole game between two strategies; stops after ``max_rounds`` rounds at most.

    Every round ends with a probability above 9/10 (a draw needs two equal values), so
    the guard is only a guard: a game that reaches it is left unfinished.
    """
    game = Game(rules, tokens)
    while not game.over and len(game.rounds) < max_rounds:
        for strategy in strategies:
            turn = Turn(lambda: rules.throw(rng))
            play_computer_turn(turn, strategy)
            game.record(turn.dice)
    return game


@dataclass(frozen=True)
class LeagueRow:
    """One strategy's line in a league table."""

    name: str
    games: int
    wins: int
    rounds: int

    @property
    def win_rate(self) -> float:
        """The share of its games that the strategy won."""
        return self.wins / self.games if self.games else 0.0


def league(
    rules: Rules,
    strategies: Mapping[str, Strategy],
    games: int = 100,
    seed: int = 421,
    tokens: int = 10,
) -> list[LeagueRow]:
    """Every strategy against every other, ``games`` games per pairing and seat; best first."""
    rng = random.Random(seed)
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    rounds: Counter[str] = Counter()
    for first in strategies:
        for second in strategies:
            if first == second:
                continue
            for _ in range(games):
                game = play_match(rules, (strategies[first], strategies[second]), rng, tokens)
                for name in (first, second):
                    played[name] += 1
                    rounds[name] += len(game.rounds)
                if game.winner is not None:
                    wins[(first, second)[game.winner - 1]] += 1
    rows = [LeagueRow(name, played[name], wins[name], rounds[name]) for name in strategies]
    return sorted(rows, key=lambda row: (-row.win_rate, row.name))


def league_table(rows: Iterable[LeagueRow]) -> str:
    """A league as a text table."""
    lines = [f"{'strategy':<14} {'games':>5} {'wins':>5} {'win rate':>8} {'rounds/game':>11}"]
    for row in rows:
        per_game = row.rounds / row.games if row.games else 0.0
        lines.append(
            f"{row.name:<14} {row.games:>5} {row.wins:>5} {row.win_rate:>8.1%} {per_game:>11.1f}"
        )
    return "\n".join(lines)
