"""Given code for worksheet 3, Abapa: pictures, a widget to play, public checks.

The rules (from the seed, each ambiguity resolved; the notebook states them too):

* 14 cells in sowing order: player 0's pits 0..5, player 0's kalah 6, player 1's pits
  7..12, player 1's kalah 13. Pits are also named from the mover's side, 0 to 5.
  Start: 4 seeds in each pit, kalahs empty (48 seeds).
* A move empties one of the mover's non-empty pits and sows its seeds one by one in the
  following cells, both kalahs included, never in the pit it came from (14 seeds or more
  make a full lap that skips it).
* If the last seed lands in an opponent pit that then holds 2 or 3 seeds, they go to the
  mover's kalah, and so do those of the previous cells while each is an opponent pit
  with 2 or 3 seeds. Grand slam: a move whose captures would empty the opponent's camp
  is played without any capture.
* Feeding: when the opponent's camp is empty, the mover must play a pit whose seeds reach
  it. If none can, the game ends and the mover takes every seed left in the pits.
* The game ends when a kalah holds 25 seeds or more (or by the feeding rule); the larger
  kalah wins, 24-24 is a draw.
* Termination: every game ends, and no position can come back, because seeds never
  leave a kalah: each move either puts at least one seed into a kalah (sowing past one,
  a capture), or moves seeds forward inside the mover's own camp. So the pair (seeds in
  the kalahs, sum over the seeds in pits of their pit number 0..5) grows at each move,
  and a game has at most 49 * 241 moves. OpenSpiel's oware needs a repetition rule
  because oware sows past no store; here the proof is the guard, and ``play_game`` of
  :mod:`exercises.ai` keeps a hard cap on the number of moves as a last resort.

The package holds no solution: pictures and the widget take the student's ``Board`` (any
object with ``cells``, ``player``, ``legal_moves()``, ``play(pit)``, ``copy()``,
``is_over()``, ``winner()``, ``score(p)``) and run it.
"""

from __future__ import annotations

import contextlib
import html
import io
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..ai import AlphaBetaPlayer, LeagueTable
from ..checks import CheckResult, Example, check
from ..ui import ErrorPanel, StudentCodeError

__all__ = [
    "FIGURE_1",
    "BoardPicture",
    "draw_board",
    "AbapaGame",
    "plot_league",
    "check_board_text",
    "check_sow",
    "check_capture",
    "check_feeding",
    "check_end",
    "check_board",
    "check_players",
    "check_game",
    "check_greedy",
]

#: The worksheet's figure 1: player 0 has just emptied pit 4 of the start position.
FIGURE_1 = (4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0)

START = (4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0)

# ---------------------------------------------------------------------------------------
# Pictures

_PIT = 56  # distance between pit centres, in pixels
_RADIUS = 23
_COLOURS = {"board": "#c8955c", "edge": "#7a4f24", "pit": "#f3dfc1", "last": "#d9480f"}


def _pit_centre(index: int) -> tuple[float, float]:
    """Where the centre of cell ``index`` (a pit) is drawn."""
    if index < 7:
        return (_PIT * (index + 1.5), 2.5 * _PIT)
    return (_PIT * (12 - index + 1.5), 1.5 * _PIT)


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
        width, height = _PIT * 8, int(_PIT * (4.4 if self.caption else 3.95))
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
            f'<rect x="4" y="{_PIT * 0.75}" width="{width - 8}" height="{_PIT * 2.5}" '
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
                f'<text x="{x}" y="{label_y}" text-anchor="middle" font-size="11" '
                f'fill="#444">pit {index % 7}</text>'
            )
        for index, x in ((13, 14), (6, _PIT * 7 + 2)):
            parts.append(
                f'<rect class="kalah" data-cell="{index}" x="{x}" y="{_PIT * 1.1}" '
                f'width="40" height="{_PIT * 1.8}" rx="18" '
                f'fill="{_COLOURS["pit"]}" stroke="{_COLOURS["edge"]}" stroke-width="2"/>'
            )
            centre = x + 20
            parts.append(
                f'<text x="{centre}" y="{_PIT * 2 + 7}" text-anchor="middle" '
                f'font-size="20" font-weight="bold">{self.cells[index]}</text>'
            )
        for player, y in ((1, _PIT * 0.45), (0, _PIT * 3.75)):
            mark = " (to move)" if player == self.player else ""
            parts.append(
                f'<text x="{width / 2}" y="{y}" text-anchor="middle" font-size="14">'
                f"player {player}: kalah {self.cells[7 * player + 6]}{html.escape(mark)}</text>"
            )
        if self.caption:
            parts.append(
                f'<text x="8" y="{height - 4}" font-size="12" fill="#444">'
                f"{html.escape(self.caption)}</text>"
            )
        parts.append("</svg>")
        return "".join(parts)

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
        raise ValueError(f"an Abapa board has 14 cells, not {len(cells)}")
    return BoardPicture(cells, player, last, caption)


# ---------------------------------------------------------------------------------------
# The widget


class AbapaGame(widgets.VBox):
    """Play Abapa against the computer, with the student's ``Board`` class.

    Click one of your pits to play it; the opponent (by default alpha-beta with about
    one second per move) answers at once. ``human`` is your player number (0 plays
    first). Errors raised by the ``Board`` are shown in the widget.
    """

    def __init__(
        self,
        board_class: Callable[[], Any],
        opponent: Any = None,
        human: int = 0,
        seconds: float = 1.0,
    ) -> None:
        if human not in (0, 1):
            raise ValueError(f"you are player 0 or player 1, not {human!r}")
        self.board_class = board_class
        self.opponent = opponent if opponent is not None else AlphaBetaPlayer(time_limit=seconds)
        self.human = human
        self.board: Any = None
        self.last: int | None = None
        self.history: list[tuple[int, int]] = []
        self.picture = widgets.HTML()
        self.pits = [
            widgets.Button(description=f"pit {pit}", layout=widgets.Layout(width="56px"))
            for pit in range(6)
        ]
        for pit, button in enumerate(self.pits):
            button.on_click(lambda _button, pit=pit: self.click(pit))
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.status = widgets.Label()
        self.errors = ErrorPanel()
        row = widgets.HBox(
            self.pits, layout=widgets.Layout(margin=f"0 0 0 {int(_PIT * 1.5) - 28}px")
        )
        super().__init__([self.picture, row, self.new_game_button, self.status, self.errors])
        self.new_game()

    def new_game(self) -> None:
        """Set up the start position (and let the computer move if it starts)."""
        self.last, self.history = None, []
        try:
            self.board = self.errors.call(self.board_class, doing="creating Board()")
        except StudentCodeError:
            self.board = None
            self._refresh("Fix your Board class, run its cell, then click New game.")
            return
        self._computer_moves()

    def click(self, pit: int) -> None:
        """Play your ``pit`` (0 to 5), then let the computer answer."""
        if self.board is None:
            return
        try:
            if self.errors.call(self.board.is_over, doing="asking is_over()"):
                self._refresh("The game is over: click New game to play again.")
                return
            mover = self.errors.call(lambda: self.board.player, doing="reading board.player")
            if mover != self.human:
                self._refresh("Wait for the computer to move.")
                return
            self.errors.call(self.board.play, pit, doing=f"playing pit {pit}")
        except StudentCodeError:
            self._refresh("Your move was not played.", keep_error=True)
            return
        self._played(self.human, pit)
        self._computer_moves()

    def _played(self, player: int, pit: int) -> None:
        self.last = 7 * player + pit
        self.history.append((player, pit))

    def _computer_moves(self) -> None:
        """Let the computer play while it is its turn, then redraw."""
        try:
            while not self.errors.call(self.board.is_over, doing="asking is_over()"):
                mover = self.errors.call(lambda: self.board.player, doing="reading board.player")
                if mover == self.human:
                    break
                pit = self.errors.call(
                    self.opponent.choose_move, self.board, doing="letting the computer choose"
                )
                self.errors.call(self.board.play, pit, doing=f"playing the computer's pit {pit}")
                self._played(mover, pit)
        except StudentCodeError:
            self._refresh("The computer could not move with your Board.", keep_error=True)
            return
        self._refresh()

    def _message(self) -> str:
        """What the status line says about the game."""
        if self.errors.call(self.board.is_over, doing="asking is_over()"):
            winner = self.errors.call(self.board.winner, doing="asking winner()")
            scores = " to ".join(
                str(self.errors.call(self.board.score, p, doing=f"asking score({p})")) for p in (0, 1)
            )
            if winner is None:
                return f"A draw, {scores}. Click New game to play again."
            who = "You win" if winner == self.human else "The computer wins"
            return f"{who}, {scores}. Click New game to play again."
        legal = self.errors.call(self.board.legal_moves, doing="asking legal_moves()")
        if self.history:
            player, pit = self.history[-1]
            who = "You" if player == self.human else "The computer"
            return f"{who} played pit {pit}. Your move: one of {list(legal)}."
        return f"Your move: click one of the pits {list(legal)}."

    def _refresh(self, message: str = "", keep_error: bool = False) -> None:
        """Redraw the board, the buttons and the status line."""
        saved = (self.errors.value, self.errors.last_error)
        legal: list[int] = []
        try:
            if self.board is not None:
                cells = self.errors.call(lambda: list(self.board.cells), doing="reading board.cells")
                player = self.errors.call(lambda: self.board.player, doing="reading board.player")
                self.picture.value = BoardPicture(tuple(cells), player, self.last).svg()
                over = self.errors.call(self.board.is_over, doing="asking is_over()")
                if not over and player == self.human:
                    legal = list(self.errors.call(self.board.legal_moves, doing="asking legal_moves()"))
                if not message:
                    message = self._message()
            else:
                self.picture.value = BoardPicture(START).svg()
        except StudentCodeError:
            message = message or "Your Board raised an error."
        except Exception as error:  # an error outside ErrorPanel.call: show it too
            self.errors.show(error, "drawing the board")
            message = message or "Your Board raised an error."
        if keep_error and saved[1] is not None and self.errors.last_error is None:
            self.errors.value, self.errors.last_error = saved
        for pit, button in enumerate(self.pits):
            button.disabled = pit not in legal
        self.status.value = message


# ---------------------------------------------------------------------------------------
# The league plot


def plot_league(table: LeagueTable, title: str = "Win rate of the row against the column"):
    """A heat map of a league's win rates (a matplotlib Figure, which Jupyter draws)."""
    import matplotlib.pyplot as plt

    names = table.names
    size = len(names)
    values = [[table.rate[a][b] if a != b else float("nan") for b in names] for a in names]
    figure, axes = plt.subplots(figsize=(1.3 * size + 2, 1.0 * size + 1))
    image = axes.imshow(values, cmap="RdYlGn", vmin=0, vmax=1)
    axes.set_xticks(range(size), names, rotation=30, ha="right")
    axes.set_yticks(range(size), names)
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if a != b:
                axes.text(j, i, f"{table.rate[a][b]:.0%}", ha="center", va="center")
    axes.set_title(title)
    figure.colorbar(image, ax=axes, fraction=0.046, pad=0.04)
    figure.tight_layout()
    plt.close(figure)  # Jupyter shows the returned figure once, not also at the cell's end
    return figure


# ---------------------------------------------------------------------------------------
# Public checks


def check_board_text(board_text: Callable[[list[int]], str]) -> CheckResult:
    """Check ``board_text(cells)`` (abapa.display)."""
    return check(
        "abapa.display",
        [
            Example(
                "board_text(figure 1)",
                lambda: board_text(list(FIGURE_1)),
                "      4   4   4   4   5   5\n0      4   4   4   4   0   5      1",
                hint="Player 1's pits go from 12 down to 7 on the top line.",
            ),
            Example(
                "board_text(start)",
                lambda: board_text(list(START)),
                "      4   4   4   4   4   4\n0      4   4   4   4   4   4      0",
            ),
            Example(
                "board_text([0, 1, 2, 3, 0, 0, 20, 0, 0, 0, 0, 1, 11, 10])",
                lambda: board_text([0, 1, 2, 3, 0, 0, 20, 0, 0, 0, 0, 1, 11, 10]),
                "     11   1   0   0   0   0\n10     0   1   2   3   0   0     20",
                hint="Kalah 13 is left-aligned in 4 characters, kalah 6 right-aligned in 7.",
            ),
        ],
    )


def _quietly(call: Callable[[], Any]) -> Callable[[], Any]:
    """``call``, with whatever it prints kept out of the check's report."""

    def quiet() -> Any:
        with contextlib.redirect_stdout(io.StringIO()):
            return call()

    return quiet


def _unchanged(function: Callable[..., Any], cells: list[int], *args: Any) -> list[int]:
    """Call ``function(cells, *args)`` and return ``cells`` afterwards."""
    function(cells, *args)
    return cells


def check_sow(sow: Callable[[list[int], int], tuple[list[int], int]]) -> CheckResult:
    """Check ``sow(cells, start)`` (abapa.sowing)."""
    return check(
        "abapa.sowing",
        [
            Example(
                "sow(start, 4)  (figure 1)",
                lambda: sow(list(START), 4),
                ([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0], 8),
            ),
            Example(
                "sow(start, 2): the last seed in kalah 6",
                lambda: sow(list(START), 2),
                ([4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0], 6),
            ),
            Example(
                "sow([...], 12) with 3 seeds: through kalah 13 to cells 0 and 1",
                lambda: sow([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 3, 1], 12),
                ([5, 5, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 0, 2], 1),
                hint="After cell 13 comes cell 0: use % 14.",
            ),
            Example(
                "sow([...], 2) with 15 seeds: a full lap that skips cell 2",
                lambda: sow([1, 1, 15, 1, 1, 1, 10, 1, 1, 1, 1, 1, 1, 12], 2),
                ([2, 2, 0, 3, 3, 2, 11, 2, 2, 2, 2, 2, 2, 13], 4),
                hint="The pit the seeds come from gets no seed back.",
            ),
            Example(
                "sow(cells, 4) leaves cells unchanged",
                lambda: _unchanged(sow, list(START), 4),
                list(START),
                hint="Work on a copy: cells = list(cells).",
            ),
        ],
    )


def check_capture(capture: Callable[[list[int], int, int], list[int]]) -> CheckResult:
    """Check ``capture(cells, last, player)`` (abapa.capture)."""
    return check(
        "abapa.capture",
        [
            Example(
                "capture([...], 8, 0): 2 seeds in cell 8",
                lambda: capture([4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3], 8, 0),
                [4, 4, 4, 4, 0, 5, 3, 5, 0, 4, 4, 4, 4, 3],
            ),
            Example(
                "capture([...], 10, 0): a chain over cells 10, 9, 8",
                lambda: capture([4, 4, 4, 0, 0, 0, 8, 1, 2, 3, 2, 5, 4, 11], 10, 0),
                [4, 4, 4, 0, 0, 0, 15, 1, 0, 0, 0, 5, 4, 11],
                hint="After a capture, look at the previous cell, and again.",
            ),
            Example(
                "capture([...], 8, 0): the chain stops at kalah 6",
                lambda: capture([2, 3, 0, 0, 0, 2, 10, 3, 2, 4, 4, 4, 4, 10], 8, 0),
                [2, 3, 0, 0, 0, 2, 15, 0, 0, 4, 4, 4, 4, 10],
            ),
            Example(
                "capture([...], 3, 1): player 1 captures in cells 3, 2; cell 1 has 4",
                lambda: capture([4, 4, 2, 3, 4, 4, 10, 4, 4, 0, 0, 0, 0, 9], 3, 1),
                [4, 4, 0, 0, 4, 4, 10, 4, 4, 0, 0, 0, 0, 14],
            ),
            Example(
                "capture([...], 4, 0): the last seed in the mover's own camp",
                lambda: capture([4, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4, 2, 0], 4, 0),
                [4, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4, 2, 0],
            ),
            Example(
                "capture([...], 8, 0): a grand slam captures nothing",
                lambda: capture([10, 10, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 3], 8, 0),
                [10, 10, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 3],
                hint="Captures that would empty the opponent's camp are not made.",
            ),
            Example(
                "capture(cells, 8, 0) leaves cells unchanged",
                lambda: _unchanged(capture, [4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3], 8, 0),
                [4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3],
            ),
        ],
    )


def check_feeding(
    feeds: Callable[[list[int], int, int], bool], legal_pits: Callable[[list[int], int], list[int]]
) -> CheckResult:
    """Check ``feeds(cells, player, pit)`` and ``legal_pits(cells, player)`` (abapa.feeding)."""
    hungry = [0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22]
    return check(
        "abapa.feeding",
        [
            Example("legal_pits(start, 0)", lambda: legal_pits(list(START), 0), [0, 1, 2, 3, 4, 5]),
            Example(
                "legal_pits(figure 1, 0): pit 4 is empty",
                lambda: legal_pits(list(FIGURE_1), 0),
                [0, 1, 2, 3, 5],
            ),
            Example(
                "legal_pits([...], 1): pits counted from player 1's side",
                lambda: legal_pits([4, 4, 4, 4, 4, 4, 0, 0, 9, 0, 7, 0, 8, 0], 1),
                [1, 3, 5],
            ),
            Example("feeds(hungry, 0, 5)", lambda: feeds(list(hungry), 0, 5), True),
            Example(
                "feeds(hungry, 0, 1): its 3 seeds stop at pit 4",
                lambda: feeds(list(hungry), 0, 1),
                False,
            ),
            Example(
                "legal_pits(hungry, 0): only feeding pits",
                lambda: legal_pits(list(hungry), 0),
                [5],
                hint="When the opponent's camp is empty, only moves that feed it are legal.",
            ),
            Example(
                "legal_pits([...], 1): nobody can feed player 0",
                lambda: legal_pits([0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 0, 24], 1),
                [],
            ),
        ],
    )


def check_end(
    game_over: Callable[[list[int], int], bool],
    take_remaining: Callable[[list[int], int], list[int]],
) -> CheckResult:
    """Check ``game_over(cells, player)`` and ``take_remaining(cells, player)`` (abapa.end)."""
    return check(
        "abapa.end",
        [
            Example("game_over(start, 0)", lambda: game_over(list(START), 0), False),
            Example(
                "game_over([...25 in kalah 6...], 1)",
                lambda: game_over([0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5], 1),
                True,
            ),
            Example(
                "game_over([...24 in kalah 13...], 0)",
                lambda: game_over([0, 4, 4, 4, 0, 0, 7, 1, 1, 1, 1, 1, 0, 24], 0),
                False,
                hint="25 seeds are needed to win.",
            ),
            Example(
                "game_over([...], 1): player 1 cannot feed player 0",
                lambda: game_over([0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 0, 24], 1),
                True,
            ),
            Example(
                "take_remaining([...], 1)",
                lambda: take_remaining([0, 0, 1, 0, 0, 0, 24, 0, 2, 0, 0, 0, 0, 21], 1),
                [0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24],
            ),
            Example(
                "take_remaining(cells, 1) leaves cells unchanged",
                lambda: _unchanged(take_remaining, [0, 0, 1, 0, 0, 0, 24, 0, 2, 0, 0, 0, 0, 21], 1),
                [0, 0, 1, 0, 0, 0, 24, 0, 2, 0, 0, 0, 0, 21],
            ),
        ],
    )


def _after(board_class: Callable[..., Any], moves: Sequence[int], *args: Any) -> Any:
    """A board made with ``board_class(*args)``, after ``moves``."""
    board = board_class(*args)
    for move in moves:
        board.play(move)
    return board


def _illegal_is_refused(board_class: Callable[..., Any], cells: list[int], player: int, pit: Any) -> Any:
    """Play an illegal ``pit``: the ValueError's class name, and whether the board changed."""
    board = board_class(list(cells), player)
    try:
        board.play(pit)
    except ValueError:
        return ("ValueError", board.cells == cells and board.player == player)
    return ("no error", None)


def check_board(Board: Callable[..., Any]) -> CheckResult:
    """Check the ``Board`` class (abapa.board)."""
    hungry = [0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22]
    return check(
        "abapa.board",
        [
            Example("Board().cells", lambda: Board().cells, list(START)),
            Example("Board().player", lambda: Board().player, 0),
            Example("Board().legal_moves()", lambda: Board().legal_moves(), [0, 1, 2, 3, 4, 5]),
            Example(
                "after Board().play(4): cells",
                lambda: _after(Board, [4]).cells,
                list(FIGURE_1),
            ),
            Example("after Board().play(4): player", lambda: _after(Board, [4]).player, 1),
            Example(
                "str(board) after Board().play(4)",
                lambda: str(_after(Board, [4])),
                "      4   4   4   4   5   5\n0      4   4   4   4   0   5      1",
            ),
            Example(
                "after Board().play(4), then player 1 plays pit 3",
                lambda: _after(Board, [4, 3]).cells,
                [5, 4, 4, 4, 0, 5, 1, 5, 5, 4, 0, 5, 5, 1],
                hint="Player 1's pit 3 is cell 10.",
            ),
            Example(
                "Board(figure 1, 0).play(4): an empty pit is refused, the board unchanged",
                lambda: _illegal_is_refused(Board, list(FIGURE_1), 0, 4),
                ("ValueError", True),
            ),
            Example(
                "Board().play(6): pits go from 0 to 5",
                lambda: _illegal_is_refused(Board, list(START), 0, 6),
                ("ValueError", True),
            ),
            Example(
                "Board(hungry, 0).play(1): you must feed",
                lambda: _illegal_is_refused(Board, hungry, 0, 1),
                ("ValueError", True),
            ),
            Example(
                "Board([4] * 14, 0): 56 seeds",
                lambda: Board([4] * 14, 0),
                raises=ValueError,
            ),
            Example("Board(start, 2)", lambda: Board(list(START), 2), raises=ValueError),
            Example(
                "board.copy() is independent",
                lambda: _copy_then_play(Board),
                (list(START), list(FIGURE_1)),
            ),
            Example(
                "Board([...25 in kalah 6...], 1): over, player 0 wins",
                lambda: _end_state(Board, [0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5], 1),
                (True, 0, 25, 5, []),
            ),
            Example("Board(): not over, no winner", lambda: _end_state(Board, list(START), 0)[:2], (False, None)),
        ],
    )


def _copy_then_play(Board: Callable[..., Any]) -> tuple[list[int], list[int]]:
    board = Board()
    twin = board.copy()
    twin.play(4)
    return (board.cells, twin.cells)


def _end_state(Board: Callable[..., Any], cells: list[int], player: int) -> tuple:
    board = Board(cells, player)
    return (board.is_over(), board.winner(), board.score(0), board.score(1), board.legal_moves())


class _Script:
    """Answers ``ask(prompt)`` from a list of strings, as a person at the keyboard would."""

    def __init__(self, answers: Sequence[str]) -> None:
        self.answers = list(answers)

    def __call__(self, prompt: str = "") -> str:
        if not self.answers:
            raise RuntimeError("the player kept asking after the last answer")
        return self.answers.pop(0)


def check_players(HumanPlayer: Callable[..., Any], RandomPlayer: Callable[..., Any], Board: Callable[..., Any]) -> CheckResult:
    """Check ``HumanPlayer`` and ``RandomPlayer`` (abapa.players)."""

    def random_moves(seed: int) -> list[int]:
        player = RandomPlayer(random.Random(seed))
        return [player.choose_move(Board()) for _ in range(20)]

    return check(
        "abapa.players",
        [
            Example(
                "HumanPlayer(ask answering '2').choose_move(Board())",
                _quietly(lambda: HumanPlayer(ask=_Script(["2"])).choose_move(Board())),
                2,
            ),
            Example(
                "HumanPlayer answering '9', 'four', '4' (asks again until legal)",
                _quietly(lambda: HumanPlayer(ask=_Script(["9", "four", "4"])).choose_move(Board())),
                4,
                hint="Keep asking while the answer is not a legal pit; return an int.",
            ),
            Example(
                "HumanPlayer answering '4' on figure 1, then '5'",
                _quietly(lambda: HumanPlayer(ask=_Script(["4", "5"])).choose_move(Board(list(FIGURE_1), 0))),
                5,
            ),
            Example(
                "RandomPlayer(random.Random(1)) plays legal pits",
                lambda: {RandomPlayer(random.Random(1)).choose_move(Board(list(FIGURE_1), 0)) in (0, 1, 2, 3, 5) for _ in range(30)},
                {True},
            ),
            Example(
                "RandomPlayer with the same seed plays the same moves",
                lambda: random_moves(7) == random_moves(7),
                True,
            ),
            Example(
                "RandomPlayer with different seeds plays different moves",
                lambda: random_moves(7) != random_moves(8),
                True,
                hint="Use self.rng, not the random module's functions.",
            ),
        ],
    )


class _Scripted:
    """A player that plays the given pits in order."""

    def __init__(self, pits: Sequence[int]) -> None:
        self.pits = list(pits)

    def choose_move(self, board: Any) -> int:
        return self.pits.pop(0)


def check_game(Game: Callable[..., Any], Board: Callable[..., Any]) -> CheckResult:
    """Check the ``Game`` class (abapa.game)."""

    def one_turn() -> tuple[int, list[int], int]:
        game = Game(_Scripted([4]), _Scripted([]))
        pit = game.play_turn()
        return (pit, game.board.cells, game.board.player)

    def short_game() -> tuple[Any, list[int]]:
        board = Board([0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], 0)
        game = Game(_Scripted([5]), _Scripted([]), board)
        return (game.run(), game.board.cells)

    return check(
        "abapa.game",
        [
            Example("Game(p0, p1).board.cells", lambda: Game(_Scripted([]), _Scripted([])).board.cells, list(START)),
            Example("Game(p0, p1).is_over()", lambda: Game(_Scripted([]), _Scripted([])).is_over(), False),
            Example("play_turn() with player 0 choosing pit 4", one_turn, (4, list(FIGURE_1), 1)),
            Example(
                "run() on a board where player 0 plays pit 5 and player 1 cannot feed",
                _quietly(short_game),
                (1, [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27]),
                hint="run() returns the board's winner.",
            ),
        ],
    )


def check_greedy(GreedyPlayer: Callable[..., Any], Board: Callable[..., Any]) -> CheckResult:
    """Check ``GreedyPlayer`` (abapa.greedy)."""
    return check(
        "abapa.greedy",
        [
            Example(
                "GreedyPlayer().choose_move(Board()): every pit ties, the lowest wins",
                lambda: GreedyPlayer().choose_move(Board()),
                2,
                hint="Pits 2 to 5 all put one seed in your kalah; on a tie, the lowest pit.",
            ),
            Example(
                "GreedyPlayer() takes a capture of 5 seeds",
                lambda: GreedyPlayer().choose_move(Board([4, 4, 4, 0, 4, 0, 8, 1, 2, 1, 2, 5, 4, 9], 0)),
                4,
            ),
            Example(
                "GreedyPlayer() as player 1",
                lambda: GreedyPlayer().choose_move(Board([1, 2, 1, 4, 4, 4, 10, 0, 0, 4, 0, 4, 0, 14], 1)),
                4,
            ),
        ],
    )
