"""Pictures of dominos, lines and kingdoms, drawn as SVG (Jupyter shows them by itself).

Squares are coloured by terrain (``tiles.COLORS``) and carry the terrain's letter of the
text format (``LETTERS``: not by colour alone), crowns are small gold crowns, the castle is
a grey tower. Every picture has a text alternative (``aria-label``) in the package's
language. A kingdom is drawn from its text (``Kingdom.to_text()``), so the pictures work
with any ``Kingdom`` class that writes the course's text format::

    >>> svg = kingdom_svg("W1 C0")
    >>> svg.startswith("<svg")
    True

Every drawing function returns SVG text; :class:`~exercises.display.SvgPicture` wraps it for rich display, and
:func:`side_by_side` lays several pictures out in one row of HTML.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ..display import HtmlPicture, SvgPicture, ink, side_by_side
from ..i18n import N_, _, ngettext
from .model import COLORS, LETTERS, TERRAINS, Square, parse_kingdom

__all__ = [
    "square_svg",
    "domino_svg",
    "line_svg",
    "kingdom_svg",
    "show_domino",
    "show_line",
    "show_kingdom",
    "show_kingdoms",
    "PLAYER_COLORS",
]

#: The colours of the players' kings and castles (pink, yellow, green, blue as in the box),
#: told apart under protanopia, deuteranopia and tritanopia too.
PLAYER_COLORS: tuple[str, ...] = ("#ff4e81", "#ffc100", "#0a6e0b", "#279eff")
#: The terrains' names, said in the package's language.
TERRAIN_NAMES: dict[str, str] = {
    "wheat": N_("wheat"), "forest": N_("forest"), "water": N_("water"),
    "grassland": N_("grassland"), "swamp": N_("swamp"), "mine": N_("mine"), "castle": N_("castle"),
}

CELL = 32


def _crowns(x: float, y: float, count: int, size: int) -> str:
    """Little gold crowns along the top of a square."""
    parts = []
    width = size / 4
    for index in range(count):
        left = x + 3 + index * (width + 2)
        top = y + 3
        points = [
            (left, top + width * 0.8),
            (left, top),
            (left + width * 0.25, top + width * 0.45),
            (left + width * 0.5, top),
            (left + width * 0.75, top + width * 0.45),
            (left + width, top),
            (left + width, top + width * 0.8),
        ]
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        parts.append(
            f'<polygon points="{path}" fill="#ffd43b" stroke="#5c3d00" stroke-width="0.8"/>'
        )
    return "".join(parts)


def _castle(x: float, y: float, size: int, color: str) -> str:
    """A small tower in the castle square."""
    s = size
    body = (
        f'<rect x="{x + s * 0.28:.1f}" y="{y + s * 0.38:.1f}" width="{s * 0.44:.1f}" '
        f'height="{s * 0.44:.1f}" fill="{color}" stroke="#333" stroke-width="1"/>'
    )
    merlons = "".join(
        f'<rect x="{x + s * (0.28 + 0.16 * i):.1f}" y="{y + s * 0.26:.1f}" '
        f'width="{s * 0.12:.1f}" height="{s * 0.13:.1f}" fill="{color}" stroke="#333" '
        'stroke-width="1"/>'
        for i in range(3)
    )
    door = (
        f'<rect x="{x + s * 0.44:.1f}" y="{y + s * 0.62:.1f}" width="{s * 0.12:.1f}" '
        f'height="{s * 0.2:.1f}" fill="#333"/>'
    )
    return body + merlons + door


def square_svg(
    square: Square | None, x: float, y: float, size: int = CELL, castle_color: str = "#868e96"
) -> str:
    """SVG elements of one square with its top-left corner at (x, y)."""
    if square is None:
        return (
            f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="#fafafa" '
            'stroke="#dee2e6" stroke-width="1"/>'
        )
    rect = (
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{COLORS[square.terrain]}" '
        'stroke="#333" stroke-width="1"/>'
    )
    if square.terrain == "castle":
        return rect + _castle(x, y, size, castle_color)
    letter = (
        f'<text x="{x + size - 2}" y="{y + size - 3}" font-size="{size * 0.38:.0f}" text-anchor="end" '
        f'font-family="sans-serif" font-weight="bold" fill="{ink(COLORS[square.terrain])}">'
        f"{LETTERS[square.terrain]}</text>"
    )
    return rect + _crowns(x, y, square.crowns, size) + letter


def square_text(square: Square) -> str:
    """A square in words: "wheat", "mine with 2 crowns"."""
    name = _(TERRAIN_NAMES[square.terrain])
    if not square.crowns:
        return name
    return ngettext("{terrain} with {count} crown", "{terrain} with {count} crowns", square.crowns).format(
        terrain=name, count=square.crowns)


def _domino_text(domino: Any) -> str:
    return _("domino {number}: {first} and {second}").format(
        number=domino.number, first=square_text(domino.first), second=square_text(domino.second))


def kingdom_text(grid: Sequence[Sequence[Square | None]]) -> str:
    """What a kingdom holds, terrain by terrain: "wheat: 3 squares, 1 crown; forest: 2 squares"."""
    parts = []
    for terrain in TERRAINS:
        squares = [square for row in grid for square in row if square is not None and square.terrain == terrain]
        if not squares:
            continue
        crowns = sum(square.crowns for square in squares)
        part = _("{terrain}: {squares}").format(
            terrain=_(TERRAIN_NAMES[terrain]),
            squares=ngettext("{count} square", "{count} squares", len(squares)).format(count=len(squares)))
        if crowns:
            part += ", " + ngettext("{count} crown", "{count} crowns", crowns).format(count=crowns)
        parts.append(part)
    return _("; ").join(parts) or _("the castle alone")


def kingdom_rows(grid: Sequence[Sequence[Square | None]]) -> str:
    """Where everything lies, row by row, as a sighted student reads the picture:
    "row 4: column 4 castle, column 5 forest with 1 crown; row 5: column 5 wheat"."""
    rows = []
    for r, row in enumerate(grid):
        squares = [_("column {column} {square}").format(column=c, square=square_text(square))
                   for c, square in enumerate(row) if square is not None]
        if squares:
            rows.append(_("row {row}: {squares}").format(row=r, squares=", ".join(squares)))
    return _("; ").join(rows)


def _svg(width: float, height: float, body: str, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{html.escape(label)}">'
        f"{body}</svg>"
    )


def _domino_body(domino: Any, x: float, y: float, size: int, king: str | None) -> str:
    first, second = domino.first, domino.second
    body = square_svg(first, x, y, size) + square_svg(second, x + size, y, size)
    body += (
        f'<rect x="{x}" y="{y}" width="{2 * size}" height="{size}" fill="none" '
        'stroke="#111" stroke-width="2"/>'
    )
    body += (
        f'<text x="{x + size}" y="{y + size + 13}" font-size="11" text-anchor="middle" '
        f'font-family="sans-serif">{int(domino.number)}</text>'
    )
    if king is not None:
        body += (
            f'<circle cx="{x + size}" cy="{y + size / 2}" r="{size / 5:.1f}" fill="{king}" '
            'stroke="#111" stroke-width="1.5"/>'
        )
    return body


def domino_svg(domino: Any, size: int = CELL, king: str | None = None) -> str:
    """A domino (anything with ``number``, ``first`` and ``second``), its number below it.

    ``king`` is a colour: a king of that colour is drawn standing on the domino.
    """
    body = _domino_body(domino, 2, 2, size, king)
    return _svg(2 * size + 4, size + 18, body, _domino_text(domino))


def line_svg(
    dominos: Sequence[Any], kings: Sequence[str | None] | None = None, size: int = CELL
) -> str:
    """A line of dominos side by side; ``kings[i]`` is the colour of the king on domino i."""
    kings = list(kings) if kings is not None else [None] * len(dominos)
    step = 2 * size + 12
    body = "".join(
        _domino_body(domino, 2 + index * step, 2, size, kings[index])
        for index, domino in enumerate(dominos)
    )
    width = max(len(dominos) * step - 8, 10)
    return _svg(width, size + 18, body, _("line of dominos: {dominos}").format(
        dominos=_("; ").join(_domino_text(domino) for domino in dominos)))


def _text_of(kingdom: Any) -> str:
    return kingdom if isinstance(kingdom, str) else kingdom.to_text()


def kingdom_svg(
    kingdom: Any,
    size: int = 5,
    cell: int = CELL,
    castle_color: str = "#868e96",
    title: str = "",
) -> str:
    """A kingdom (its text, or anything with ``to_text()``) over its whole area.

    The window of ``size`` x ``size`` squares centred on the castle is outlined, so one
    sees at a glance whether the Middle Kingdom bonus is still possible.
    """
    grid = parse_kingdom(_text_of(kingdom), size)
    side = len(grid)
    top = 18 if title else 0
    body = ""
    if title:
        body += (
            f'<text x="2" y="13" font-size="13" font-family="sans-serif" '
            f'font-weight="bold">{html.escape(title)}</text>'
        )
    for r, row in enumerate(grid):
        for c, square in enumerate(row):
            body += square_svg(square, 2 + c * cell, top + 2 + r * cell, cell, castle_color)
    corner = (size - 1) - size // 2
    body += (
        f'<rect x="{2 + corner * cell}" y="{top + 2 + corner * cell}" width="{size * cell}" '
        f'height="{size * cell}" fill="none" stroke="#495057" stroke-width="1.5" '
        'stroke-dasharray="5,4"/>'
    )
    label = _("{title}: {contents}").format(title=title or _("kingdom"), contents=kingdom_text(grid))
    return _svg(side * cell + 4, side * cell + 4 + top, body, f"{label}. {kingdom_rows(grid)}.")


def show_domino(domino: Any) -> SvgPicture:
    """A picture of one domino."""
    return SvgPicture(domino_svg(domino), "<" + _("Picture domino {number}").format(number=domino.number) + ">")


def show_line(dominos: Sequence[Any], kings: Sequence[str | None] | None = None) -> SvgPicture:
    """A picture of a line of dominos."""
    return SvgPicture(line_svg(dominos, kings),
                      "<" + _("Picture line of {count} dominos").format(count=len(dominos)) + ">")


def show_kingdom(kingdom: Any, size: int = 5, title: str = "") -> SvgPicture:
    """A picture of a kingdom (its text or anything with ``to_text()``)."""
    return SvgPicture(kingdom_svg(kingdom, size, title=title),
                      "<" + _("Picture {title}").format(title=title or _("kingdom")) + ">")


def show_kingdoms(kingdoms: Sequence[Any], titles: Sequence[str] = (), size: int = 5) -> HtmlPicture:
    """Pictures of several kingdoms side by side, each with its title."""
    titles = list(titles) or [_("player {index}").format(index=index) for index in range(len(kingdoms))]
    svgs = [
        kingdom_svg(kingdom, size, cell=22, castle_color=PLAYER_COLORS[index % 4], title=title)
        for index, (kingdom, title) in enumerate(zip(kingdoms, titles))
    ]
    return HtmlPicture(side_by_side(svgs), "<" + _("{count} kingdoms").format(count=len(svgs)) + ">")
