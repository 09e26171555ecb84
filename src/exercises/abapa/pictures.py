"""Pictures of an Abapa board (SVG, with the last move marked)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from ..i18n import _

__all__ = ["BoardPicture", "draw_board"]

PIT = 56  # distance between pit centres, in pixels
_RADIUS = 23
_COLOURS = {"board": "#c8955c", "edge": "#7a4f24", "pit": "#f3dfc1", "last": "#d9480f"}


def _pit_centre(index: int) -> tuple[float, float]:
    """Where the centre of cell ``index`` (a pit) is drawn."""
    if index < 7:
        return (PIT * (index + 1.5), 2.5 * PIT)
    return (PIT * (12 - index + 1.5), 1.5 * PIT)


@dataclass(frozen=True)
class BoardPicture:
    """A picture of 14 cells: pits with their seed counts, kalahs, the last move marked.

    ``last`` is the cell (0..12) emptied by the last move, ``player`` the one to move.
    Jupyter draws it as SVG; ``str`` gives a text summary.
    """

    cells: tuple[int, ...]
    player: int | None = None
    last: int | None = None
    caption: str = ""

    def svg(self) -> str:
        """The picture as an SVG document."""
        width, height = PIT * 8, int(PIT * (4.4 if self.caption else 3.95))
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img" '
            f'aria-label="{html.escape(self.text())}">',
            f'<rect x="4" y="{PIT * 0.75}" width="{width - 8}" height="{PIT * 2.5}" '
            f'rx="28" fill="{_COLOURS["board"]}" stroke="{_COLOURS["edge"]}" stroke-width="3"/>',
        ]
        for index in list(range(0, 6)) + list(range(7, 13)):
            x, y = _pit_centre(index)
            marked = index == self.last
            stroke = _COLOURS["last"] if marked else _COLOURS["edge"]
            parts.append(
                f'<circle class="pit" data-cell="{index}" cx="{x}" cy="{y}" r="{_RADIUS}" '
                f'fill="{_COLOURS["pit"]}" stroke="{stroke}" '
                f'stroke-width="{5 if marked else 2}"/>'
            )
            parts.append(
                f'<text x="{x}" y="{y + 7}" text-anchor="middle" font-size="20" '
                f'font-weight="bold">{self.cells[index]}</text>'
            )
            label_y = y + 40 if index < 7 else y - 32
            parts.append(
                f'<text x="{x}" y="{label_y}" text-anchor="middle" font-size="12" '  # 8:1 on the board
                f'fill="#111111">{_pit_label(index % 7)}</text>'
            )
        for index, x in ((13, 14), (6, PIT * 7 + 2)):
            parts.append(
                f'<rect class="kalah" data-cell="{index}" x="{x}" y="{PIT * 1.1}" '
                f'width="40" height="{PIT * 1.8}" rx="18" '
                f'fill="{_COLOURS["pit"]}" stroke="{_COLOURS["edge"]}" stroke-width="2"/>'
            )
            centre = x + 20
            parts.append(
                f'<text x="{centre}" y="{PIT * 2 + 7}" text-anchor="middle" '
                f'font-size="20" font-weight="bold">{self.cells[index]}</text>'
            )
        for player, y in ((1, PIT * 0.45), (0, PIT * 3.75)):
            line = (_("player {player}: kalah {seeds} (to move)") if player == self.player
                    else _("player {player}: kalah {seeds}")).format(player=player, seeds=self.cells[7 * player + 6])
            parts.append(
                f'<text x="{width / 2}" y="{y}" text-anchor="middle" font-size="14">'
                f"{html.escape(line)}</text>"
            )
        if self.caption:
            parts.append(
                f'<text x="8" y="{height - 4}" font-size="12" fill="#444">'
                f"{html.escape(self.caption)}</text>"
            )
        parts.append("</svg>")
        return "".join(parts)

    def text(self) -> str:
        """The picture in words, its text alternative: each side's seeds per pit, the kalahs."""
        sides = [
            _("player {player}: pits {pits}, kalah {seeds}").format(
                player=player, pits=" ".join(str(self.cells[7 * player + pit]) for pit in range(6)),
                seeds=self.cells[7 * player + 6])
            for player in (0, 1)
        ]
        said = _("Abapa board. {sides}.").format(sides=_("; ").join(sides))
        if self.player is not None:
            said += " " + _("Player {player} to move.").format(player=self.player)
        if self.last is not None:
            said += " " + _("Last move: pit {pit} of player {player}.").format(pit=self.last % 7, player=self.last // 7)
        return said

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        top = " ".join(f"{self.cells[i]:2}" for i in range(12, 6, -1))
        bottom = " ".join(f"{self.cells[i]:2}" for i in range(6))
        return f"[{self.cells[13]:2}] {top}\n     {bottom} [{self.cells[6]:2}]"


def draw_board(board: Any, last: int | None = None, caption: str = "") -> BoardPicture:
    """A picture of ``board``: a Board (its ``cells`` and ``player``) or a list of 14 cells.

    ``last`` marks the cell emptied by the last move.
    """
    if isinstance(board, (list, tuple)):
        cells, player = board, None
    else:
        cells, player = board.cells, board.player
    cells = tuple(cells)
    if len(cells) != 14:
        raise ValueError(_("an Abapa board has 14 cells, not {count}").format(count=len(cells)))
    return BoardPicture(cells, player, last, caption)


def _pit_label(pit: int) -> str:
    """The label under a pit: ``pit 3``."""
    return _("pit {pit}").format(pit=pit)
