"""Dice drawn as pictures: one die as SVG, a row of dice, and a value Jupyter draws.

A die is an int from 1 to 6. ``die_svg(5)`` is the SVG text of a die showing five pips;
``DicePicture((6, 6, 5))`` shows a row of dice in a notebook, dice marked for a rethrow
drawn in amber.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..display import DICE_FACES
from ..i18n import _
from .model import check_face

__all__ = ["DICE_FACES", "PIPS", "die_svg", "dice_svg", "DicePicture"]

# Pip centres on a 3 x 3 grid (column, row), for each face.
_CORNERS = ((0, 0), (2, 0), (0, 2), (2, 2))
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((2, 0), (0, 2)),
    3: ((2, 0), (1, 1), (0, 2)),
    4: _CORNERS,
    5: _CORNERS + ((1, 1),),
    6: _CORNERS + ((0, 1), (2, 1)),
}


def _die_shapes(face: int, x: float, size: float, marked: bool) -> str:
    fill, stroke = ("#fde7b0", "#b7791f") if marked else ("#ffffff", "#333333")
    step = size / 4
    radius = size / 11
    shapes = [
        f'<rect x="{x + 1:g}" y="1" width="{size - 2:g}" height="{size - 2:g}" '
        f'rx="{size / 7:g}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
    ]
    for column, row in PIPS[face]:
        cx = x + step * (column + 1)
        cy = step * (row + 1)
        shapes.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="#222222"/>')
    return "".join(shapes)


def dice_svg(dice: Iterable[int], marked: Iterable[int] = (), size: int = 48) -> str:
    """SVG text of a row of dice; dice at the positions in ``marked`` are drawn in amber."""
    faces = [check_face(face) for face in dice]
    marked = set(marked)
    gap = size / 6
    width = max(len(faces) * (size + gap) - gap, 1)
    body = "".join(
        _die_shapes(face, index * (size + gap), size, index in marked)
        for index, face in enumerate(faces)
    )
    label = _("dice {faces}").format(faces=" ".join(str(face) for face in faces))
    if marked:
        label += " " + _("(marked: {dice})").format(dice=" ".join(str(index + 1) for index in sorted(marked)))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{size}" '
        f'viewBox="0 0 {width:g} {size}" role="img"><title>{label}</title>{body}</svg>'
    )


def die_svg(face: int, marked: bool = False, size: int = 48) -> str:
    """SVG text of one die showing ``face`` pips."""
    return dice_svg([face], [0] if marked else [], size)


@dataclass(frozen=True)
class DicePicture:
    """A row of dice that Jupyter draws as a picture: ``DicePicture((6, 6, 5))``."""

    dice: tuple[int, ...]
    marked: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        for face in self.dice:
            check_face(face)

    def __str__(self) -> str:
        return " ".join(DICE_FACES[face - 1] for face in self.dice)

    def _repr_svg_(self) -> str:
        return dice_svg(self.dice, self.marked)
