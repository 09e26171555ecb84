"""The tiles of Kingdomino (Domi'Nations): terrains, squares, dominos, and kingdoms as text.

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

import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = [
    "add_methods",
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

#: The colour of each terrain in pictures.
COLORS: dict[str, str] = {
    "wheat": "#e9c341",
    "forest": "#2f6b34",
    "water": "#3f7fd0",
    "grassland": "#93c95a",
    "swamp": "#8c7a62",
    "mine": "#4d4a52",
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
        if cls is Square and castle is not None and terrain == "castle" and crowns == 0 and type(crowns) is int:
            return castle
        return super().__new__(cls)

    def __reduce__(self) -> tuple:
        return (type(self), (self.terrain, self.crowns))  # copies and pickles go through __new__

    def __post_init__(self) -> None:
        if self.terrain not in LETTERS:
            raise ValueError(
                f"unknown terrain {self.terrain!r}: a terrain is one of {', '.join(TERRAINS)}"
            )
        if type(self.crowns) is not int or not 0 <= self.crowns <= 3:
            raise ValueError(f"a square has 0 to 3 crowns, not {self.crowns!r}")
        if self.terrain == "castle" and self.crowns:
            raise ValueError("the castle has no crowns")

    def __str__(self) -> str:
        return f"{LETTERS[self.terrain]}{self.crowns}"

    def __copy__(self) -> Square:
        return self

    def __deepcopy__(self, memo: dict) -> Square:
        return self  # immutable: a copied kingdom shares its squares

    @classmethod
    def from_text(cls, text: str) -> Square:
        """The square written ``text`` (``"W0"``, ``"M3"``, ``"C0"``)."""
        if len(text) != 2 or text[0] not in _TERRAIN_OF_LETTER or not text[1].isdigit():
            raise ValueError(
                f"{text!r} is not a square: write a terrain letter "
                f"({' '.join(_TERRAIN_OF_LETTER)}) and a number of crowns, like W0 or M3"
            )
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

    def __deepcopy__(self, memo: dict) -> Domino:
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
        raise ValueError("a kingdom in text has rows of equal length, squares separated by spaces")
    castles = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if cell == "C0"]
    if len(castles) != 1:
        raise ValueError(f"a kingdom has exactly one castle C0, this text has {len(castles)}")
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
                raise ValueError(f"square {cell} in text row {r} is outside the {side}x{side} area")
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


_STUB = re.compile(r"^Exercise [a-z0-9_]+\.[a-z0-9_]+: write your code here\.$")


def is_stub(function: Callable[..., Any]) -> bool:
    """True when ``function`` is an exercise's released stub (it raises "write your code here")."""
    code = getattr(function, "__code__", None)
    return code is not None and any(
        isinstance(constant, str) and _STUB.match(constant) for constant in code.co_consts
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
