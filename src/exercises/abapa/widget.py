"""``AbapaGame``: play Abapa against the computer in a notebook, with the student's ``Board``.

The computer thinks in a thread of its own, so that the page stays alive: meanwhile the
status says so and every pit is disabled, and a click that still reaches the kernel is
refused, with the reason said (never kept and played later on the new position). The pits
are a grid (:class:`exercises.ui.Grid`): one Tab stop, arrow keys along it, each pit named
with its seeds; the status line is a live region that says each move, refusal and score. The thread ends with the
computer's turn (within its time budget). In the browser's Python (no threads) the turn
runs on the kernel's event loop, right after the click that asked for it has been answered.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import traitlets

from ..ai import AlphaBetaPlayer
from ..browser import start_background, wait_background
from ..i18n import _, ngettext
from ..ui import Announcer, ErrorPanel, Grid, StudentCodeError, describe, grid_cell, scrolls_sideways, write_first
from .model import START
from .pictures import PIT, BoardPicture

__all__ = ["AbapaGame"]


class AbapaGame(widgets.VBox):
    """Play Abapa against the computer, with the student's ``Board`` class.

    Click one of your pits to play it; the opponent (by default alpha-beta with about
    one second per move) answers, in a thread: :meth:`wait` waits for its answer.
    ``human`` is your player number (0 plays first). Errors raised by the ``Board`` are
    shown in the widget; a stub met says what to write first.
    """

    def __init__(
        self,
        board_class: Callable[[], Any],
        opponent: Any = None,
        human: int = 0,
        seconds: float = 1.0,
    ) -> None:
        if human not in (0, 1):
            raise ValueError(_("you are player 0 or player 1, not {human!r}").format(human=human))
        self.board_class = board_class
        self.opponent = opponent if opponent is not None else AlphaBetaPlayer(time_limit=seconds)
        self.human = human
        self.board: Any = None
        self.last: int | None = None
        self.history: list[tuple[int, int]] = []
        self.thinking = False
        self.stopped = ""  # the sentence shown while the Board has a stub
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._refocus = False  # after a move from the page: focus a pit that can be played
        self.picture = widgets.HTML()  # the board's picture, which the pits' grid shows above them
        # as wide as a pit, for the row of buttons to stand under the pits; the board cannot
        # shrink (400 % zoom): it scrolls sideways in a region that says so
        self.pits = Grid(self.click, columns=6, cell_size=f"{PIT - 1}px", label=_("your pits"),
                         indent=f"{int(PIT * 1.5) - 28}px", scrolls=scrolls_sideways(_("the board")))
        traitlets.dlink((self.picture, "value"), (self.pits, "picture"))
        self.new_game_button = widgets.Button(description=_("New game"), icon="refresh")
        self.new_game_button.on_click(lambda _button: self.new_game())
        self.status = Announcer()
        self.errors = ErrorPanel()
        super().__init__([self.pits, self.new_game_button, self.status, self.errors])
        self.add_class("course-focus")  # a focus outline of 3:1 on the buttons (exercises.ui)
        self.new_game()

    def new_game(self) -> None:
        """Set up the start position (and let the computer move if it starts)."""
        if self.thinking:
            self.status.say(_("Wait: the computer is thinking."))
            return
        self.last, self.history = None, []
        try:
            self.board = self.errors.call(self.board_class, doing=_("creating Board()"))
        except StudentCodeError:
            self.board = None
            if not self._stop_at_stub():
                self._refresh(_("Fix your Board class, then run this cell again."))
            return
        self._start_computer()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the computer has answered; False if it still thinks after ``timeout`` s."""
        if self._thread is not None or self.thinking:
            wait_background(self._thread, timeout)
        return not self.thinking

    def click(self, pit: int) -> None:
        """Play your ``pit`` (0 to 5), then let the computer answer."""
        with self._lock:
            if self.thinking:  # a click sent while the computer thinks: refused, and said
                self.status.say(_("Wait: the computer is thinking."))
                return
        if self.board is None or self.stopped:
            return
        try:
            if self.errors.call(self.board.is_over, doing=_("asking is_over()")):
                self._refresh(_("The game is over: click New game to play again."))
                return
            mover = self.errors.call(lambda: self.board.player, doing=_("reading board.player"))
            if mover != self.human:
                self._refresh(_("Wait for the computer to move."))
                return
            self.errors.call(self.board.play, pit, doing=_("playing pit {pit}").format(pit=pit))
        except StudentCodeError:
            if not self._stop_at_stub():  # the reason (your Board's error) is said too
                reason = describe(self.errors.last_error) if self.errors.last_error else ""
                self._refresh((_("Your move was not played.") + " " + reason).strip(), keep_error=True)
                self.status.said += 1  # said again when refused again
            return
        self._played(self.human, pit)
        self._refocus = True
        self._start_computer()
        if not self.thinking:
            self._focus_next()

    def _stop_at_stub(self) -> bool:
        """If the last error is a stub's, show what to write first, disable every button: True."""
        sentence = write_first(self.errors.last_error) if self.errors.last_error else None
        if sentence is None:
            return False
        self.stopped = sentence
        self.errors.clear()
        self.pits.cells = [{**cell, "disabled": True} for cell in self.pits.cells]
        self.new_game_button.disabled = True
        self.status.value = sentence
        return True

    def _start_computer(self) -> None:
        """Let the computer play its turn in a thread; meanwhile show it thinking."""
        try:
            over = self.errors.call(self.board.is_over, doing=_("asking is_over()"))
            mover = None if over else self.errors.call(lambda: self.board.player, doing=_("reading board.player"))
        except StudentCodeError:
            if not self._stop_at_stub():
                self._refresh(_("Your Board raised an error."), keep_error=True)
            return
        if over or mover == self.human:
            self._refresh()
            return
        with self._lock:
            self.thinking = True
        thinking = _("The computer is thinking…")
        if self.history and self.history[-1][0] == self.human:
            thinking = _("You played pit {pit}.").format(pit=self.history[-1][1]) + " " + thinking
        self._refresh(thinking)
        self._thread = start_background(self._computer_turn, "abapa-computer")

    def _computer_turn(self) -> None:
        """The computer's turn, in its thread: play, then give the board back to the human."""
        message, keep_error = "", False
        try:
            self._computer_moves()
        except StudentCodeError:
            message, keep_error = _("The computer could not move with your Board."), True
        finally:
            with self._lock:
                self.thinking = False
                if not self._stop_at_stub():
                    self._refresh(message, keep_error=keep_error)
                    if self._refocus:
                        self._focus_next()

    def _focus_next(self) -> None:
        """Give the keyboard's focus to the first pit you can play (New game at the end)."""
        playable = self.pits.enabled()
        if playable:
            self.pits.focus(playable[0])
        else:
            self.new_game_button.focus()

    def _played(self, player: int, pit: int) -> None:
        self.last = 7 * player + pit
        self.history.append((player, pit))

    def _computer_moves(self) -> None:
        """Let the computer play while it is its turn (StudentCodeError if the Board raises)."""
        while not self.errors.call(self.board.is_over, doing=_("asking is_over()")):
            mover = self.errors.call(lambda: self.board.player, doing=_("reading board.player"))
            if mover == self.human:
                break
            pit = self.errors.call(self.opponent.choose_move, self.board, doing=_("letting the computer choose"))
            self.errors.call(self.board.play, pit, doing=_("playing the computer's pit {pit}").format(pit=pit))
            self._played(mover, pit)

    def _message(self) -> str:
        """What the status line says about the game."""
        if self.errors.call(self.board.is_over, doing=_("asking is_over()")):
            winner = self.errors.call(self.board.winner, doing=_("asking winner()"))
            scores = _(" to ").join(
                str(self.errors.call(self.board.score, p,
                                     doing=_("asking score({player})").format(player=p))) for p in (0, 1)
            )
            if winner is None:
                return _("A draw, {scores}. Click New game to play again.").format(scores=scores)
            if winner == self.human:
                return _("You win, {scores}. Click New game to play again.").format(scores=scores)
            return _("The computer wins, {scores}. Click New game to play again.").format(scores=scores)
        legal = list(self.errors.call(self.board.legal_moves, doing=_("asking legal_moves()")))
        kalahs = self._kalahs()
        if self.history:
            player, pit = self.history[-1]
            if player == self.human:
                said = _("You played pit {pit}. Your move: one of {legal}.").format(pit=pit, legal=legal)
            else:
                pits: list[int] = []  # the computer's moves since yours (an extra turn gives it several)
                for mover, played in reversed(self.history):
                    if mover == self.human:
                        break
                    pits.insert(0, played)
                said = (_("The computer played pit {pit}. Your move: one of {legal}.").format(pit=pit, legal=legal)
                        if len(pits) < 2 else _("The computer played pits {pits}. Your move: one of {legal}.")
                        .format(pits=_(", then ").join(str(p) for p in pits), legal=legal))
            return f"{said} {kalahs}"
        return _("Your move: click one of the pits {legal}.").format(legal=legal)

    def _kalahs(self) -> str:
        """The score as the kalahs hold it: "Kalahs: you 3, the computer 5."."""
        cells = self.errors.call(lambda: list(self.board.cells), doing=_("reading board.cells"))
        return _("Kalahs: you {mine}, the computer {theirs}.").format(
            mine=cells[7 * self.human + 6], theirs=cells[7 * (1 - self.human) + 6])

    def _refresh(self, message: str = "", keep_error: bool = False) -> None:
        """Redraw the board, the buttons and the status line."""
        saved = (self.errors.value, self.errors.last_error)
        legal: list[int] = []
        cells = list(START)
        try:
            if self.board is not None:
                cells = self.errors.call(lambda: list(self.board.cells), doing=_("reading board.cells"))
                player = self.errors.call(lambda: self.board.player, doing=_("reading board.player"))
                over = self.errors.call(self.board.is_over, doing=_("asking is_over()"))
                to_move = None if over else player
                self.picture.value = BoardPicture(tuple(cells), to_move, self.last).svg()
                if not over and player == self.human and not self.thinking:
                    legal = list(self.errors.call(self.board.legal_moves, doing=_("asking legal_moves()")))
                if not message:
                    message = self._message()
            else:
                self.picture.value = BoardPicture(START).svg()
        except StudentCodeError:
            message = message or _("Your Board raised an error.")
        except Exception as error:  # an error outside ErrorPanel.call: show it too
            self.errors.show(error, _("drawing the board"))
            message = message or _("Your Board raised an error.")
        if keep_error and saved[1] is not None and self.errors.last_error is None:
            self.errors.value, self.errors.last_error = saved
        self.pits.cells = [self._pit_cell(pit, cells[7 * self.human + pit], pit not in legal) for pit in range(6)]
        self.status.value = message

    @staticmethod
    def _pit_cell(pit: int, seeds: int, disabled: bool) -> dict[str, Any]:
        """A pit's button: "pit 2", named with its seeds for a screen reader."""
        label = ngettext("pit {pit}: {count} seed", "pit {pit}: {count} seeds", seeds).format(pit=pit, count=seeds)
        return grid_cell(_("pit {pit}").format(pit=pit), label, disabled=disabled)
