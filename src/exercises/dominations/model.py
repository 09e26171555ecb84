"""The tiles of Kingdomino (Domi'Nations): terrains, squares, dominos, and kingdoms as text;
and ``MonteCarloPlayer``, a Kingdomino player on the protocol of ``exercises.ai``.

Vocabulary of the worksheet:

* A *square* is one half of a domino: a terrain and 0 to 3 crowns. The six terrains are
  wheat, forest, water, grassland, swamp and mine. The castle is a square of its own
  (terrain ``"castle"``, no crowns) that belongs to no property.
* A *domino* has a number (1 to 48, printed on its back) and two squares, ``first`` and
  ``second``. Their order carries no meaning: a domino may be turned any way.
* A *kingdom* lives in a square *area* of ``2 * size - 1`` rows and columns (9x9 for the
  5x5 game, 13x13 for the 7x7 Mighty Duel) with the castle in the middle, at
  ``(size - 1, size - 1)``: (4, 4) in the 5x5 game. Coordinates are (row, column), row 0
  at the top. However the kingdom grows, a 5x5 (or 7x7) window around the castle fits.

Kingdoms as text (used by ``Kingdom.from_text`` / ``to_text`` and by the pictures): one
line per row, squares separated by single spaces; a square is its terrain letter and
its crowns (``W0``, ``M3``), the castle is ``C0`` and an empty square ``..``. The text
shows the smallest rectangle that holds every square, so a new kingdom is just ``C0``::

    >>> parse_kingdom("W1 C0", size=5)[4][3]
    Square(terrain='wheat', crowns=1)

``add_methods`` is how the worksheet's cells add functions to a class as its methods. The
exercise cells after a class (``Kingdom``, ``Game``) define functions with ``self`` as
first argument and add them to the class. A student may also have written a method in
the class body itself; then the exercise cell, left as its released stub, must not
replace that method with the stub. So a stub (a function that only raises the
``NotImplementedError`` of ``course release``) never replaces a method the class has.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .. import ai
from ..i18n import STUB_PATTERN, _

__all__ = [
    "add_methods",
    "MonteCarloPlayer",
    "TERRAINS",
    "LETTERS",
    "COLORS",
    "CASTLE",
    "DOMINOS_CSV",
    "Square",
    "Domino",
    "parse_kingdom",
    "format_kingdom",
]

#: The six terrains, in the order of the rulebook.
TERRAINS: tuple[str, ...] = ("wheat", "forest", "water", "grassland", "swamp", "mine")

#: One letter per terrain for kingdoms written as text (L for lake: W is wheat).
LETTERS: dict[str, str] = {
    "wheat": "W",
    "forest": "F",
    "water": "L",
    "grassland": "G",
    "swamp": "S",
    "mine": "M",
    "castle": "C",
}

#: The colour of each terrain in pictures, told apart under protanopia, deuteranopia and
#: tritanopia too (benchmarks/bench_palettes.py); pictures also write each terrain's letter.
COLORS: dict[str, str] = {
    "wheat": "#da9b00",
    "forest": "#186800",
    "water": "#1d86f2",
    "grassland": "#a0da9d",
    "swamp": "#99908b",
    "mine": "#4d3c49",
    "castle": "#f4efe6",
}

#: Where the 48 dominos are: a CSV file shipped with the package
#: (``number,terrain1,crowns1,terrain2,crowns2``, one row per domino).
DOMINOS_CSV: str = str(resources.files(__package__) / "dominos.csv")

_TERRAIN_OF_LETTER = {letter: terrain for terrain, letter in LETTERS.items()}


@dataclass(frozen=True)
class Square:
    """One square of a kingdom or of a domino: a terrain and its crowns (0 to 3).

    There is one castle: ``Square("castle", 0)`` (and ``Square.from_text("C0")``) is the
    object ``CASTLE`` itself, so that ``square is CASTLE`` and ``square == CASTLE`` agree.
    """

    terrain: str
    crowns: int = 0

    def __new__(cls, terrain: str = "", crowns: int = 0) -> Square:
        castle = globals().get("CASTLE")
        if cls is Square and isinstance(castle, Square) and terrain == "castle" and crowns == 0 and type(crowns) is int:
            return castle
        return super().__new__(cls)

    def __reduce__(self) -> tuple[type[Square], tuple[str, int]]:
        return (type(self), (self.terrain, self.crowns))  # copies and pickles go through __new__

    def __post_init__(self) -> None:
        if self.terrain not in LETTERS:
            raise ValueError(_(
                "unknown terrain {terrain}: a terrain is one of {terrains}"
            ).format(terrain=repr(self.terrain), terrains=", ".join(TERRAINS)))
        if type(self.crowns) is not int or not 0 <= self.crowns <= 3:
            raise ValueError(_("a square has 0 to 3 crowns, not {value}").format(value=repr(self.crowns)))
        if self.terrain == "castle" and self.crowns:
            raise ValueError(_("the castle has no crowns"))

    def __str__(self) -> str:
        return f"{LETTERS[self.terrain]}{self.crowns}"

    def __copy__(self) -> Square:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Square:
        return self  # immutable: a copied kingdom shares its squares

    @classmethod
    def from_text(cls, text: str) -> Square:
        """The square written ``text`` (``"W0"``, ``"M3"``, ``"C0"``)."""
        if len(text) != 2 or text[0] not in _TERRAIN_OF_LETTER or not text[1].isdigit():
            raise ValueError(_(
                "{text} is not a square: write a terrain letter "
                "({letters}) and a number of crowns, like W0 or M3"
            ).format(text=repr(text), letters=" ".join(_TERRAIN_OF_LETTER)))
        return cls(_TERRAIN_OF_LETTER[text[0]], int(text[1]))


#: The castle square: the only one (``Square("castle", 0) is CASTLE``).
CASTLE = Square("castle", 0)


@dataclass(frozen=True)
class Domino:
    """A domino: its number (1 to 48) and its two squares, ``first`` and ``second``."""

    number: int
    first: Square
    second: Square

    def __str__(self) -> str:
        return f"#{self.number} {self.first} {self.second}"

    def __deepcopy__(self, memo: dict[int, object]) -> Domino:
        return self  # immutable: a copied game shares its dominos

    @property
    def crowns(self) -> int:
        """The crowns on both squares."""
        return self.first.crowns + self.second.crowns

    def _repr_svg_(self) -> str:
        from .pictures import domino_svg  # import cycle: lazy, for rich display only

        return domino_svg(self)


Grid = list[list["Square | None"]]


def parse_kingdom(text: str, size: int = 5) -> Grid:
    """The area (a list of rows) of the kingdom written ``text``, castle in the middle."""
    rows = [line.split() for line in text.strip().splitlines() if line.strip()]
    if not rows or any(len(row) != len(rows[0]) for row in rows):
        raise ValueError(_("a kingdom in text has rows of equal length, squares separated by spaces"))
    castles = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if cell == "C0"]
    if len(castles) != 1:
        raise ValueError(_("a kingdom has exactly one castle C0, this text has {count}").format(
            count=len(castles)))
    middle = size - 1
    side = 2 * size - 1
    grid: Grid = [[None] * side for _ in range(side)]
    (castle_row, castle_col) = castles[0]
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell == "..":
                continue
            row_in_area, col_in_area = middle + r - castle_row, middle + c - castle_col
            if not (0 <= row_in_area < side and 0 <= col_in_area < side):
                raise ValueError(_("square {square} in text row {row} is outside the {side}x{side} area").format(
                    square=cell, row=r, side=side))
            grid[row_in_area][col_in_area] = Square.from_text(cell)
    return grid


def format_kingdom(grid: Grid) -> str:
    """The text of a kingdom's area: the smallest rectangle that holds every square."""
    taken = [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if cell is not None]
    if not taken:
        return ""
    top, bottom = min(r for r, _ in taken), max(r for r, _ in taken)
    left, right = min(c for _, c in taken), max(c for _, c in taken)
    return "\n".join(
        " ".join(".." if grid[r][c] is None else str(grid[r][c]) for c in range(left, right + 1))
        for r in range(top, bottom + 1)
    )


def is_stub(function: Callable[..., Any]) -> bool:
    """True when ``function`` is an exercise's released stub (it raises "write your code here")."""
    code = getattr(function, "__code__", None)
    return code is not None and any(
        isinstance(constant, str) and STUB_PATTERN.fullmatch(constant) for constant in code.co_consts
    )


def add_methods(cls: type, *functions: Callable[..., Any], **named: Callable[..., Any]) -> None:
    """Add each function to ``cls`` as the method of its name (or of its keyword).

    ``add_methods(Kingdom, legal_placements, is_full)`` is ``Kingdom.legal_placements =
    legal_placements`` and ``Kingdom.is_full = is_full``, except that a stub still
    waiting for its code does not replace a method that ``cls`` already has.
    """
    for name, function in [*((f.__name__, f) for f in functions), *named.items()]:
        if is_stub(function) and hasattr(cls, name):
            continue
        setattr(cls, name, function)


# --- a Monte Carlo player for Kingdomino, on the players of exercises.ai ----------------
#
# Why not ``exercises.ai.MonteCarloPlayer`` as it is:
#
# * Kingdomino has hidden chance, the lines not drawn yet. A copy of the game knows its
#   future lines (its random generator is copied with it), so a fair search gives each
#   copy a fresh generator (``copy.rng = random.Random(...)``); the generic player cannot
#   know that attribute.
# * A Kingdomino position has 50 to 200 legal moves and a random playout of a Python game
#   takes tens of milliseconds, so sharing a budget evenly among all moves gives each one
#   a playout or two. This player first keeps a shortlist of moves that score best now,
#   then spends its playouts by successive halving, and it can work to a time budget per
#   move, as the 2018 paper's players do.


class MonteCarloPlayer(ai.MonteCarloPlayer):
    """Monte Carlo evaluation, as in Gedda, Lagerkvist and Butler (2018), after a greedy shortlist.

    1. Shortlist: play each legal move on a copy and keep the moves whose placement gives
       one of the ``keep`` best scores now; then value each of those by the best score the
       kingdom could reach with the domino it chooses placed next (the paper's "full
       greedy" look-ahead), and keep the ``search`` best. Scores are the game's own,
       bonuses included (``game.middle_kingdom``, ``game.harmony``).
    2. Evaluate: for each move of the shortlist, run playouts: on a copy of the game with
       a fresh random generator (unknown future lines), play the move, then random moves
       for everybody to the end. A playout is worth ``mine / (mine + best other)`` (the
       paper's "relative score" R).
    3. Successive halving spreads the budget: after each round of playouts the worse half
       of the shortlist is dropped, so the best moves get the most playouts.

    The budget is ``playouts`` per move, or ``seconds`` per move when given (then the
    player is no longer deterministic). Its random choices come from ``rng`` (a
    ``random.Random``), as every player of ``exercises.ai``: a league gives it one.
    """

    #: How many random placements to try before listing the legal moves.
    TRIES = 40

    def __init__(
        self,
        playouts: int = 200,
        rng: random.Random | None = None,
        seconds: float | None = None,
        keep: int = 4,
        search: int = 2,
    ) -> None:
        super().__init__(playouts, rng)
        self.seconds = seconds
        self.keep = keep
        self.search = search
        self.total_playouts = 0
        self.total_seconds = 0.0

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds else f"playouts={self.playouts}"
        return f"MonteCarloPlayer({budget}, keep={self.keep}, search={self.search})"

    def shortlist(self, game: Any, moves: list[Any]) -> list[Any]:
        """The ``search`` most promising moves (see the class docstring), best first."""
        me = game.player
        bonuses = (game.middle_kingdom, game.harmony)
        now: dict[Any, int] = {}
        for move in moves:
            if move[1] not in now:
                trial = game.copy()
                trial.play(move)
                now[move[1]] = trial.kingdoms[me].score(*bonuses)
        best = sorted(set(now.values()), reverse=True)[: self.keep]
        candidates = [move for move in moves if now[move[1]] in best]
        line = {domino.number: domino for domino in game.line}
        value = {}
        for move in candidates:
            value[move] = now[move[1]]
            if move[0] is not None:
                trial = game.copy()
                trial.play(move)
                kingdom, domino = trial.kingdoms[me], line[move[0]]
                for placement in kingdom.legal_placements(domino):
                    after = kingdom.copy()
                    after.place(domino, *placement)
                    value[move] = max(value[move], after.score(*bonuses))
        candidates.sort(key=lambda move: -value[move])  # stable: ties keep the game's order
        return candidates[: self.search]

    def random_move(self, game: Any) -> Any:
        """A legal move drawn (almost) uniformly at random, most often without listing them all.

        Listing every placement is the slow part of a playout, so the player first draws
        a free domino and a random placement whose first square is in the kingdom's
        *window* (the squares that keep it within ``size`` x ``size``, read from
        ``kingdom.grid``), and keeps it if the kingdom accepts it (``can_place``): among
        the placements drawn, each legal one is as likely as any other, so this is the
        same random policy, only faster. After ``TRIES`` refusals (or to discard a
        domino) it falls back on ``legal_moves()``.
        """
        to_place = game.to_place
        if to_place is not None:
            free = [domino.number for domino in game.free()] or [None]
            kingdom = game.kingdoms[game.player]
            size, grid = kingdom.size, kingdom.grid
            rows = [r for r, row in enumerate(grid) if any(row)]
            columns = [c for c, column in enumerate(zip(*grid)) if any(column)]
            top, bottom = max(0, rows[-1] - size + 1), min(len(grid) - 1, rows[0] + size - 1)
            left, right = max(0, columns[-1] - size + 1), min(len(grid) - 1, columns[0] + size - 1)
            for _attempt in range(self.TRIES):
                row, column = self.rng.randint(top, bottom), self.rng.randint(left, right)
                dr, dc = self.rng.choice(((-1, 0), (0, 1), (1, 0), (0, -1)))
                first, second = (row, column), (row + dr, column + dc)
                if kingdom.can_place(to_place, first, second):
                    return (self.rng.choice(free), (first, second))
        return self.rng.choice(game.legal_moves())

    def playout(self, game: Any, move: Any, me: int) -> float:
        """One playout of ``move``: its relative score for player ``me``."""
        trial = game.copy()
        trial.rng = random.Random(self.rng.getrandbits(64))
        trial.play(move)
        self._playout(trial)
        mine = trial.score(me)
        best = max(trial.score(p) for p in range(trial.num_players) if p != me)
        self.total_playouts += 1
        return mine / (mine + best) if mine + best else 0.5

    def choose_move(self, game: Any) -> Any:
        """The move to play in ``game``."""
        start = time.perf_counter()
        moves = list(game.legal_moves())
        if not moves:
            raise ValueError(_("there is no legal move to choose from: the game is over"))
        if len(moves) > 1:
            moves = self.shortlist(game, moves)
        if len(moves) == 1:
            return moves[0]
        me = game.player
        total = {index: 0.0 for index in range(len(moves))}
        count = {index: 0 for index in range(len(moves))}
        alive = list(range(len(moves)))
        rounds = max(1, math.ceil(math.log2(len(moves))))
        for number in range(rounds):
            if self.seconds is None:
                per_move = max(1, self.playouts // (rounds * len(alive)))
                for index in alive:
                    for _repeat in range(per_move):
                        total[index] += self.playout(game, moves[index], me)
                        count[index] += 1
            else:
                stop = start + self.seconds * (number + 1) / rounds
                while True:
                    for index in alive:
                        total[index] += self.playout(game, moves[index], me)
                        count[index] += 1
                    if time.perf_counter() >= stop:
                        break
            alive.sort(key=lambda index: (-total[index] / count[index], index))
            alive = alive[: max(1, math.ceil(len(alive) / 2))]
        self.total_seconds += time.perf_counter() - start
        return moves[alive[0]]
