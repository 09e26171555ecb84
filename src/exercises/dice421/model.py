"""Turns played by clicks or by strategies, replayed through the student's functions.

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

This module scores nothing and settles nothing: the worksheet asks students to write
that. A :class:`Turn` only records what was thrown and which dice the player marked,
and turns it into what the student's ``play_turn`` expects: the faces its ``rng`` gives
and the answers its ``ask`` gets (:attr:`Turn.faces`, :attr:`Turn.replies`). A
:class:`Script` is that ``ask`` and ``rng`` at once. :func:`replay_turn` runs the
student's ``play_turn`` on a turn; :class:`Table` runs the student's ``play_game`` on the
turns played so far (the hot-seat widget); :func:`play_match` and :func:`league` run it
with computer players.

A *strategy* is a function ``strategy(dice, throws_left) -> positions``: given the dice
in throw order and how many throws are still allowed, the positions (0, 1, 2) of the
dice to rethrow; no position means "keep". :func:`keep_first` and :func:`hunt_421` are
two of them.

Scripted keyboards and loaded dice, so that a turn replays exactly.

The worksheet's functions read the keyboard through ``ask(prompt) -> str`` (``input`` by
default) and throw dice through ``rng.randint(1, 6)``. Pass ``answers(["1", "0"])`` as
``ask`` to type those answers in order, and ``ScriptedDice([6, 6, 5])`` as ``rng`` to
throw those faces in order::

    >>> ask = answers(["1", "0"], echo=False)
    >>> ask("Type 1 to throw again? "), ask("Type 1 to throw again? ")
    ('1', '0')
    >>> dice = ScriptedDice([6, 6, 5])
    >>> [dice.randint(1, 6) for _ in range(3)]
    [6, 6, 5]
"""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .. import ai
from ..i18n import _

__all__ = [
    "check_face",
    "ScriptError",
    "ThrowError",
    "answers",
    "ScriptedDice",
    "MAX_THROWS",
    "Turn",
    "Strategy",
    "keep_first",
    "hunt_421",
    "play_computer_turn",
    "Script",
    "TableError",
    "replay_turn",
    "Table",
    "play_match",
    "league",
]

#: At most three throws in a turn: the first throw and two rethrows.
MAX_THROWS = 3

Dice = tuple[int, int, int]
Strategy = Callable[[Dice, int], Iterable[int]]


class Turn:
    """One player's turn: throw, mark dice to rethrow, throw again or keep.

    ``faces`` lists every face thrown, in order; ``replies`` the answers a ``play_turn``
    gets for this turn: ``"1"`` to throw again then ``"1"``/``"0"`` for dice 1, 2, 3 at
    each rethrow, and ``"0"`` when the player keeps the dice before the third throw.
    """

    def __init__(self, roll: Callable[[], int]) -> None:
        self.roll = roll
        self.dice: tuple[int, ...] = ()
        self.throws = 0
        self.marked: frozenset[int] = frozenset()
        self.kept = False
        self.faces: list[int] = []
        self.replies: list[str] = []

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
            raise ValueError(_("the dice are at positions 0, 1 and 2, not {value}").format(value=repr(position)))
        if self.throws == 0:
            raise ValueError(_("throw the dice before marking one"))
        if self.over:
            raise ValueError(_("this turn is over: no die can be marked"))
        self.marked = self.marked ^ {position}

    def throw(self) -> None:
        """The first throw (all three dice) or a rethrow of the marked dice."""
        if self.over:
            raise ValueError(
                _("this turn is over: a turn has three throws at most")
                if not self.kept
                else _("this turn is over: the dice were kept")
            )
        positions = (0, 1, 2) if self.throws == 0 else sorted(self.marked)
        if not positions:
            raise ValueError(_("mark at least one die to rethrow (click it), or keep the dice"))
        dice = list(self.dice) if self.dice else [0, 0, 0]
        faces = []
        for position in positions:
            dice[position] = self.roll()
            faces.append(dice[position])
        if self.throws:
            self.replies += ["1"] + ["1" if p in self.marked else "0" for p in range(3)]
        self.faces += faces
        self.dice, self.throws, self.marked = tuple(dice), self.throws + 1, frozenset()

    def keep(self) -> None:
        """End the turn with the dice as they are."""
        if self.throws == 0:
            raise ValueError(_("throw the dice before keeping them"))
        if self.over:
            raise ValueError(_("this turn is already over"))
        self.kept, self.marked = True, frozenset()
        self.replies.append("0")


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


class TableError(Exception):
    """The student's function broke a rule of the game the table can see; one sentence."""


class _Pause(BaseException):
    """The student's play_game wants the dice of a turn nobody has played yet."""


class Script:
    """An ``ask`` and an ``rng`` at once, replaying turns' answers and faces in order.

    When the faces run out at a throw, ``more()`` is called for the next turn (a
    :class:`Turn` to append, or ``None``: the game pauses there).
    """

    def __init__(self, turns: Iterable[Turn] = (), more: Callable[[], Turn | None] | None = None,
                 name: str = "play_game") -> None:
        self.faces: list[int] = []
        self.replies: list[str] = []
        self.turns = 0
        self.thrown = 0
        self.asked = 0
        self.more = more
        self.name = name
        for turn in turns:
            self.add(turn)

    def add(self, turn: Turn) -> None:
        """Append a finished turn's faces and answers."""
        self.faces += turn.faces
        self.replies += turn.replies
        self.turns += 1

    def __call__(self, prompt: str = "") -> str:
        """The next answer (``ask``)."""
        if self.thrown == 0:
            raise TableError(_("{name}'s dice do not follow the rng: check roll_die first").format(
                name=self.name))
        if self.asked >= len(self.replies):
            raise TableError(_(
                "{name} asked {question} where the player had no answer to give: check "
                "play_turn first"
            ).format(name=self.name, question=repr(str(prompt).strip())))
        self.asked += 1
        print(f"{prompt}{self.replies[self.asked - 1]}")  # as on a console
        return self.replies[self.asked - 1]

    def randint(self, a: int, b: int) -> int:
        """The next face (``rng.randint(1, 6)``)."""
        if (a, b) != (1, 6):
            raise TableError(_("a die is thrown with rng.randint(1, 6), not rng.randint({a}, {b})").format(
                a=a, b=b))
        if self.thrown >= len(self.faces):
            if self.asked < len(self.replies):
                raise TableError(_(
                    "{name} threw a die before the player's answers were all asked: "
                    "check play_turn first"
                ).format(name=self.name))
            turn = self.more() if self.more is not None else None
            if turn is None:
                raise _Pause
            self.add(turn)
        self.thrown += 1
        return self.faces[self.thrown - 1]


def _plain_pair(value: object, name: str) -> tuple[int, int]:
    if type(value) is not tuple or len(value) != 2 or any(type(x) is not int for x in value):
        raise TableError(_("{name} should return a tuple of two ints, not {value}").format(
            name=name, value=repr(value)))
    return value


def replay_turn(play_turn: Callable[..., Any], turn: Turn) -> tuple[tuple[int, int], str]:
    """The student's ``play_turn`` on ``turn``'s faces and answers: its result and printout."""
    script = Script([turn], name="play_turn")
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            result = play_turn(script, script)
    except _Pause:
        raise TableError(_(
            "play_turn threw a die more than the {count} of this turn: check play_turn first"
        ).format(count=len(turn.faces))) from None
    if script.thrown == 0:
        raise TableError(_("{name}'s dice do not follow the rng: check roll_die first").format(
            name="play_turn"))
    if (script.thrown, script.asked) != (len(turn.faces), len(turn.replies)):
        raise TableError(_(
            "play_turn threw {thrown} dice and asked {asked} questions, but this turn "
            "had {faces} dice and {replies} answers: check play_turn first"
        ).format(thrown=script.thrown, asked=script.asked, faces=len(turn.faces),
                 replies=len(turn.replies)))
    return _plain_pair(result, "play_turn"), printed.getvalue()


_TOTALS = re.compile(r"total1\s*=\s*(-?\d+)\D+?total2\s*=\s*(-?\d+)")


@dataclass
class Table:
    """A game of the student's ``play_game``, replayed on the turns played so far.

    After each turn, ``play_game(tokens, ask, rng)`` runs again from the start on the
    recorded turns and pauses where it wants the dice of the next turn. ``totals`` are
    the last ``total1 = ..., total2 = ...`` it printed (``None`` before any), or what it
    returned; ``over`` is True once it returned.
    """

    play_game: Callable[..., Any]
    tokens: int = 10
    turns: list[Turn] = field(default_factory=list)
    totals: tuple[int, int] | None = field(init=False, default=None)
    over: bool = field(init=False, default=False)
    printed: str = field(init=False, default="")

    @property
    def player(self) -> int:
        """The player whose turn it is: 1 or 2."""
        return 1 + len(self.turns) % 2

    @property
    def rounds(self) -> int:
        """How many rounds were played in full."""
        return len(self.turns) // 2

    @property
    def winner(self) -> int | None:
        """The player with 0 tokens or fewer once the game is over, else None."""
        if not self.over or self.totals is None:
            return None
        return 1 if self.totals[0] <= 0 else 2 if self.totals[1] <= 0 else None

    def start(self) -> str:
        """Run ``play_game`` until it wants the first dice; what it printed."""
        return self._run()

    def record(self, turn: Turn) -> str:
        """Add the current player's finished turn and run ``play_game`` again; the new printout."""
        if self.over:
            raise ValueError(_("the game is over: start a new game"))
        if not turn.over:
            raise ValueError(_("the turn is not over yet"))
        self.turns.append(turn)
        try:
            return self._run()
        except Exception:
            self.turns.pop()
            raise

    def _run(self) -> str:
        script = Script(self.turns)
        printed = io.StringIO()
        over = False
        try:
            with contextlib.redirect_stdout(printed):
                result = self.play_game(self.tokens, script, script)
            over = True
        except _Pause:
            pass
        totals: tuple[int, int] | None
        if over:
            if script.thrown < len(script.faces) or script.turns % 2:
                raise TableError(
                    _("{name}'s dice do not follow the rng: check roll_die first").format(
                        name="play_game")
                    if script.thrown == 0 and script.faces
                    else _("play_game returned before the turns played were over: check play_game")
                )
            totals = _plain_pair(result, "play_game")
            if min(totals) > 0:
                raise TableError(_(
                    "play_game returned {totals}, but a game ends when a total is 0 or less"
                ).format(totals=repr(totals)))
        else:
            if script.asked != len(script.replies):
                raise TableError(_(
                    "play_game asked {asked} questions where the turns had "
                    "{replies} answers: check play_turn first"
                ).format(asked=script.asked, replies=len(script.replies)))
            found = _TOTALS.findall(printed.getvalue())
            totals = (int(found[-1][0]), int(found[-1][1])) if found else None
        new = (printed.getvalue()[len(self.printed):] if printed.getvalue().startswith(self.printed)
               else printed.getvalue())
        self.printed, self.over, self.totals = printed.getvalue(), over, totals
        return new


def play_match(
    play_game: Callable[..., Any],
    strategies: tuple[Strategy, Strategy],
    rng: random.Random,
    tokens: int = 10,
    max_turns: int = 2000,
) -> ai.GameResult:
    """The student's ``play_game`` between two strategies, their turns thrown with ``rng``.

    The result's scores are the tokens each player got rid of (``tokens`` minus its final
    total), its winner the player whose total reached 0 or less, its moves the turns.
    Every round ends with a probability above 9/10 (a draw needs two equal values), so
    ``max_turns`` is only a guard against a ``play_game`` that never ends.
    """
    played = 0

    def more() -> Turn:
        nonlocal played
        if played >= max_turns:
            raise TableError(_(
                "play_game went on for more than {count} turns: does it stop when a total "
                "reaches 0?"
            ).format(count=max_turns))
        turn = Turn(lambda: rng.randint(1, 6))
        play_computer_turn(turn, strategies[played % 2])
        played += 1
        return turn

    script = Script(more=more)
    with contextlib.redirect_stdout(io.StringIO()):
        result = play_game(tokens, script, script)
    totals = _plain_pair(result, "play_game")
    if min(totals) > 0:
        raise TableError(_(
            "play_game returned {totals}, but a game ends when a total is 0 or less"
        ).format(totals=repr(totals)))
    winner = 0 if totals[0] <= 0 else 1
    return ai.GameResult((tokens - totals[0], tokens - totals[1]), (winner,), played)


def league(
    play_game: Callable[..., Any],
    strategies: Mapping[str, Strategy],
    games: int = 100,
    seed: int = 421,
    tokens: int = 10,
) -> ai.LeagueTable:
    """Every strategy against every other in the student's ``play_game``, ``games`` games
    per pairing and seat: the table of ``exercises.ai`` (``ai.plot_league`` draws it)."""
    rng = random.Random(seed)
    results = []
    for first in strategies:
        for second in strategies:
            if first != second:
                for _game in range(games):
                    pair = (strategies[first], strategies[second])
                    result = play_match(play_game, pair, rng, tokens)
                    results.append(replace(result, names=(first, second)))
    return ai.LeagueTable(results, list(strategies))


def check_face(face: object) -> int:
    """``face`` if it is an int from 1 to 6, else ValueError saying what a die shows."""
    if type(face) is not int or not 1 <= face <= 6:
        raise ValueError(_("a die shows a whole number from 1 to 6, not {value}").format(
            value=repr(face)))
    return face


class ScriptError(RuntimeError):
    """A script ran out: the code asked or threw more often than the script expected.

    It is raised by the script, not by the code that called it: a check reports it as a
    rule the code broke ("asked one question too many"), never as a crash. ``kind`` is
    ``"answers"`` or ``"dice"``, ``scripted`` how many the script held, ``number`` the
    question or die that came after them, ``prompt`` that question.
    """

    def __init__(self, message: str, kind: str = "", scripted: int = 0, number: int = 0,
                 prompt: str = "") -> None:
        super().__init__(message)
        self.kind, self.scripted, self.number, self.prompt = kind, scripted, number, prompt


class ThrowError(ScriptError, ValueError):
    """Loaded dice were thrown another way than ``rng.randint(1, 6)``."""


def answers(replies: Iterable[str], echo: bool = True) -> Callable[[str], str]:
    """An ``ask`` function that types ``replies`` in order.

    With ``echo``, each question is printed with its answer, as on a console.
    """
    replies = [str(reply) for reply in replies]
    asked = 0

    def ask(prompt: str = "") -> str:
        nonlocal asked
        if asked >= len(replies):
            raise ScriptError(
                _("the scripted player had {count} answer(s) and no more, but question "
                  "{number} came: {question}").format(
                    count=len(replies), number=asked + 1, question=repr(str(prompt).strip())),
                "answers", len(replies), asked + 1, str(prompt).strip(),
            )
        reply = replies[asked]
        asked += 1
        if echo:
            print(f"{prompt}{reply}")
        return reply

    return ask


class ScriptedDice:
    """Loaded dice: ``randint(1, 6)`` returns the scripted faces in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = [check_face(face) for face in faces]
        self.thrown = 0

    def randint(self, a: int, b: int) -> int:
        """The next scripted face; only ``randint(1, 6)`` is a die."""
        if (a, b) != (1, 6):
            raise ThrowError(
                _("a die is thrown with rng.randint(1, 6), not rng.randint({a}, {b})").format(
                    a=a, b=b), "randint",
                len(self.faces), self.thrown + 1,
            )
        if self.thrown >= len(self.faces):
            raise ScriptError(
                _("the scripted dice held {count} throw(s) and no more, but die "
                  "number {number} was thrown (a throw too many?)").format(
                    count=len(self.faces), number=self.thrown + 1),
                "dice", len(self.faces), self.thrown + 1,
            )
        face = self.faces[self.thrown]
        self.thrown += 1
        return face

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(_(
            "scripted dice have no {name}: throw a die with rng.randint(1, 6)"
        ).format(name=repr(name)))

    def __repr__(self) -> str:
        return f"ScriptedDice({self.faces!r})"
