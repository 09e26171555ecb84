"""``AbapaGame``: play Abapa against the computer in a notebook, with the student's ``Board``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..ai import AlphaBetaPlayer
from ..ui import ErrorPanel, StudentCodeError
from .model import START
from .pictures import PIT, BoardPicture

__all__ = ["AbapaGame"]


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
            self.pits, layout=widgets.Layout(margin=f"0 0 0 {int(PIT * 1.5) - 28}px")
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
