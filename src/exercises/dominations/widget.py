"""``KingdominoTable``: a whole game of Kingdomino in the notebook, against AIs.

The widget runs the student's ``Game`` (any class with the worksheet's interface:
``kingdoms``, ``line``, ``claimed``, ``previous``, ``player``, ``to_place``, ``free()``,
``legal_moves()``, ``play(move)``, ``is_over()``, ``score(p)``, ``ranking()``) and the
players it is given; every call to them goes through an :class:`~exercises.ui.ErrorPanel`,
so an exception in the student's code shows in red inside the widget.

The human is player 0. On their turn they click a domino of the line to put their king on
it, then choose where the domino their king stood on goes: click a square of their
kingdom for its first half, **Rotate** to send the second half right, down, left or up,
**Flip** to swap the halves, then **Place**. A preview shows where the domino would go.
The kingdom is a grid (:class:`exercises.ui.Grid`): one Tab stop, the arrow keys move in
it, each square is named by its row, column and content. The message line is a live
region: it says every move (the AIs' too), every refusal, the scores and the end.
A move that ``Game.play`` refuses (a ``ValueError``) shows its message: the rule broken.
While the ``Game`` still has a stub, the table shows one sentence instead (what to write
first, then run the cell again) and no button.
A redraw updates the widgets the table has: it builds none.
Widgets are thin: the methods :meth:`choose`, :meth:`select`, :meth:`rotate`,
:meth:`flip`, :meth:`place` and :meth:`discard` are what the buttons call, so tests
call them too.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ..ai import as_player
from ..display import ink, side_by_side
from ..i18n import N_, _
from ..ui import Announcer, ErrorPanel, Grid, StudentCodeError, grid_cell, scrolls_sideways, spoken, write_first
from .model import COLORS, LETTERS, parse_kingdom
from .pictures import PLAYER_COLORS, domino_svg, kingdom_svg, square_text

__all__ = ["KingdominoTable"]

#: Where the second half goes from the first: right, down, left, up.
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIRECTION_NAMES = (N_("right"), N_("down"), N_("left"), N_("up"))
PLAYER_NAMES = (N_("pink"), N_("yellow"), N_("green"), N_("blue"))
#: The text of an empty square: a button given "" keeps its old text in the page.
BLANK = "\u00a0"


class KingdominoTable(widgets.VBox):
    """Play Kingdomino against ``opponents`` (players 1, 2, ...), with the student's ``Game``."""

    def __init__(
        self,
        Game: Callable[..., Any],
        opponents: Sequence[Any],
        seed: int = 0,
        middle_kingdom: bool = True,
        harmony: bool = True,
        mighty_duel: bool = False,
    ) -> None:
        self.Game = Game
        self.opponents = [as_player(opponent) for opponent in opponents]  # TypeError if not a player
        self.seed = seed
        self.options = {"middle_kingdom": middle_kingdom, "harmony": harmony}
        if mighty_duel:
            self.options["mighty_duel"] = True
        self.game: Any = None
        self.size = 7 if mighty_duel else 5
        self.choice: int | None = None
        self.anchor: tuple[int, int] | None = None
        self.direction = 0
        self.flipped = False
        self.games_started = 0
        self.stopped = ""  # the sentence shown while the Game has a stub

        self.errors = ErrorPanel()
        self.status = widgets.HTML()
        self.message = Announcer(html=True)
        self.moves: list[str] = []  # the moves played since the human's last, in words
        self.line_box = widgets.HBox()
        self.line_slots: list[tuple[widgets.VBox, widgets.HTML, widgets.Button]] = []
        self.line_numbers: list[int] = []
        self.no_line = widgets.HTML(_("<i>No new line: the last round.</i>"))
        self.previous_view = widgets.HTML()
        side = 2 * self.size - 1
        # one Tab stop; its roving focus starts right of the castle
        # its squares a little smaller on a narrow page (200 % zoom); narrower still (400 %),
        # the kingdom scrolls sideways in a region that says so; the controls go under it
        self.squares = Grid(lambda index: self.select(*divmod(index, side)), columns=side, label=_("your kingdom"),
                            active=(side // 2) * side + side // 2 + 1, cell_size="clamp(24px, 4.4vw, 30px)",
                            scrolls=scrolls_sideways(_("your kingdom")),
                            layout=widgets.Layout(flex="0 1 auto", min_width="0", max_width="100%"))
        board = self.squares
        self.rotate_button = widgets.Button(description=_("Rotate"), icon="redo")
        self.flip_button = widgets.Button(description=_("Flip"), icon="exchange-alt")
        self.place_button = widgets.Button(description=_("Place"), button_style="primary")
        self.discard_button = widgets.Button(description=_("Discard"))  # white on orange: 2.7:1
        self.new_button = widgets.Button(description=_("New game"), icon="sync")
        self.rotate_button.on_click(lambda _: self.rotate())
        self.flip_button.on_click(lambda _: self.flip())
        self.place_button.on_click(lambda _: self.place())
        self.discard_button.on_click(lambda _: self.discard())
        self.new_button.on_click(lambda _: self.new_game())
        self.to_place_view = widgets.HTML()
        controls = widgets.VBox(
            [
                widgets.HTML(_("<b>Your domino to place</b>")),
                self.to_place_view,
                widgets.HBox([self.rotate_button, self.flip_button]),
                widgets.HBox([self.place_button, self.discard_button]),
                self.new_button,
            ]
        )
        self.kingdoms_view = widgets.HTML()
        self.table = widgets.VBox(
            [
                widgets.HTML(_("<b>The line</b> (click a domino to put your king on it)")),
                self.line_box,
                self.previous_view,
                widgets.HBox([board, controls], layout=widgets.Layout(flex_flow="row wrap")),
                self.kingdoms_view,
            ]
        )
        super().__init__([self.status, self.message, self.errors, self.table])
        self.add_class("course-focus")  # a focus outline of 3:1 on the buttons (exercises.ui)
        self.new_game()

    # ---- the game -------------------------------------------------------------------

    def new_game(self) -> None:
        """Start a new game (the next seed), and let the AIs play until it is our turn."""
        rng = random.Random(self.seed + self.games_started)
        self.games_started += 1
        self._reset_move()
        self.message.value = ""
        self.stopped = ""
        self.table.layout.display = None
        try:
            self.game = self._call(self.Game, len(self.opponents) + 1, rng, **self.options, doing=_("starting a Game"))
        except StudentCodeError:
            self.game = None
            if not self.stopped:
                self.status.value = _("<b>The game could not start.</b>")
                self._disable_all()
            return
        self.moves = []
        self._advance()
        self._announce()

    def _reset_move(self) -> None:
        self.choice = None
        self.anchor = None
        self.direction = 0
        self.flipped = False

    def _call(self, function: Callable[..., Any], *args: Any, doing: str, **kwargs: Any) -> Any:
        """Call the student's code; a stub met stops the table with what to write first."""
        try:
            return self.errors.call(function, *args, doing=doing, **kwargs)
        except StudentCodeError:
            sentence = write_first(self.errors.last_error) if self.errors.last_error else None
            if sentence is not None:
                self._stop(sentence)
            raise

    def _stop(self, sentence: str) -> None:
        """Show only ``sentence``: no table, no button, until the cell runs again."""
        self.stopped = sentence
        self.errors.clear()
        self.message.value = ""
        self.status.value = _note(sentence, "#1c4f82")
        self._disable_all()
        self.table.layout.display = "none"

    def _disable_all(self) -> None:
        self.squares.cells = [{**cell, "disabled": True} for cell in self.squares.cells]
        for button in self._buttons():
            button.disabled = True

    def _buttons(self) -> list[widgets.Button]:
        return [
            *(button for _box, _picture, button in self.line_slots),
            self.rotate_button, self.flip_button, self.place_button, self.discard_button, self.new_button,
        ]

    def _advance(self) -> None:
        """Let the AIs play until it is the human's turn or the game is over; then redraw."""
        try:
            for _turn in range(200):
                if self._call(self.game.is_over, doing=_("asking is_over()")):
                    break
                player = self._call(lambda: self.game.player, doing=_("reading game.player"))
                if player == 0:
                    break
                move = self._call(self.opponents[player - 1].choose_move, self.game,
                                  doing=_("asking AI {player} for a move").format(player=player))
                placing = self._call(lambda: self.game.to_place, doing=_("reading game.to_place"))
                self._call(self.game.play, move,
                           doing=_("playing AI {player}'s move {move!r}").format(player=player, move=move))
                self.moves.append(_move_text(player, move, placing))
        except StudentCodeError:
            pass
        self._render()

    def _needs(self) -> tuple[bool, Any]:
        """Whether the human must choose a domino, and the domino they must place (or None)."""
        free = self._call(self.game.free, doing=_("asking game.free()"))
        to_place = self._call(lambda: self.game.to_place, doing=_("reading game.to_place"))
        return bool(free), to_place

    def _placement(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        if self.anchor is None:
            return None
        dr, dc = DIRECTIONS[self.direction]
        other = (self.anchor[0] + dr, self.anchor[1] + dc)
        return (other, self.anchor) if self.flipped else (self.anchor, other)

    def _submit(self, move: Any) -> None:
        """Play the human's move; a refusal (ValueError) shows the rule it breaks."""
        try:
            placing = self._call(lambda: self.game.to_place, doing=_("reading game.to_place"))
            self._call(self.game.play, move, doing=_("playing your move {move!r}").format(move=move))
        except StudentCodeError:
            error = self.errors.last_error
            if isinstance(error, ValueError):
                self.errors.clear()
                self.message.say(_note(_("Refused: {error}").format(error=error), "#b42318"))
            self._render()
            return
        self.moves = [_move_text(0, move, placing)]
        self._reset_move()
        self._advance()
        self._announce()
        self._focus_next()

    def _announce(self) -> None:
        """Say the moves played since the human's last one, then the turn and scores (or the end)."""
        if self.game is None or self.stopped:
            return
        self.message.say(_note(" ".join([*self.moves, spoken(self.status.value)])))
        self.moves = []

    def _focus_next(self) -> None:
        """After a move, the keyboard's focus goes to the next thing to do: a domino to take,
        else a square of the kingdom, else New game (the button pressed may be disabled now)."""
        takes = [button for _box, _picture, button in self.line_slots if not button.disabled]
        if takes:
            takes[0].focus()
        elif self.squares.enabled():
            self.squares.focus()
        else:
            self.new_button.focus()

    # ---- what the buttons do --------------------------------------------------------

    def _my_turn(self) -> bool:
        try:
            return (
                self.game is not None
                and not self.stopped
                and not self._call(self.game.is_over, doing=_("asking is_over()"))
                and self._call(lambda: self.game.player, doing=_("reading game.player")) == 0
            )
        except StudentCodeError:
            return False

    def choose(self, number: int) -> None:
        """Put the human's king on domino ``number`` of the line."""
        if not self._my_turn():
            return
        self.choice = number
        try:
            _must_choose, to_place = self._needs()
        except StudentCodeError:
            return
        if to_place is None:
            self._submit((number, None))
        else:
            self.message.say(_note(
                _("Your king is on domino {number}. Now place domino {domino}: click a square.").format(
                    number=number, domino=to_place.number
                )
            ))
            self._render()
            self.squares.focus()  # the next thing to do: choose a square

    def select(self, row: int, column: int) -> None:
        """Put the first half of the domino to place on square (row, column) (a preview)."""
        if self.stopped or self.game is None:
            return
        self.anchor = (row, column)
        self._render()
        try:
            to_place = self._call(lambda: self.game.to_place, doing=_("reading game.to_place"))
        except StudentCodeError:
            return
        if to_place is None or not self._my_turn():  # no preview to show: say what to do first
            self.message.say(_note(_("First click a domino of the line to put your king on it.")))
        else:
            self._say_preview()

    def rotate(self) -> None:
        """Turn the domino a quarter: its second half goes right, down, left, then up."""
        self.direction = (self.direction + 1) % 4
        self._render()
        self._say_preview()

    def flip(self) -> None:
        """Swap the two halves of the domino."""
        self.flipped = not self.flipped
        self._render()
        self._say_preview()

    def _say_preview(self) -> None:
        """Say where the previewed domino lies (or that no square is chosen yet)."""
        where = self._placement()
        direction = _(DIRECTION_NAMES[self.direction])
        side = (_("second half: {direction}, flipped") if self.flipped else _("second half: {direction}")).format(
            direction=direction)
        preview = _("Preview: {where}.").format(where=_where(where)) + " " if where else ""
        self.message.say(_note(f"{preview}{side}."))

    def place(self) -> None:
        """Play: the king's new domino and the previewed placement."""
        if not self._my_turn():
            return
        try:
            must_choose, to_place = self._needs()
        except StudentCodeError:
            return
        if must_choose and self.choice is None:
            self.message.say(_note(_("First click a domino of the line to put your king on it.")))
            return
        if to_place is not None and self.anchor is None:
            self.message.say(_note(_("Click a square of your kingdom for the domino's first half.")))
            return
        self._submit((self.choice if must_choose else None, self._placement()))

    def discard(self) -> None:
        """Discard the domino to place (the game accepts it only when it fits nowhere)."""
        if not self._my_turn():
            return
        try:
            must_choose, _placement = self._needs()
        except StudentCodeError:
            return
        if must_choose and self.choice is None:
            self.message.say(_note(_("First click a domino of the line to put your king on it.")))
            return
        self._submit((self.choice if must_choose else None, None))

    # ---- drawing --------------------------------------------------------------------

    def _line_slot(self, index: int) -> tuple[widgets.VBox, widgets.HTML, widgets.Button]:
        """The picture and the button of place ``index`` of the line (made once, then reused)."""
        picture = widgets.HTML()
        # at least a domino's width, more when its label needs it ("Prendre le 28")
        button = widgets.Button(layout=widgets.Layout(width="max-content", min_width="76px"))
        button.on_click(lambda _button: self.choose(self.line_numbers[index]))
        return widgets.VBox([picture, button]), picture, button

    def _render(self) -> None:
        """Redraw everything; an error shown before stays shown (drawing would clear it)."""
        if self.game is None or self.stopped:
            return
        shown, error = self.errors.value, self.errors.last_error
        try:
            self._draw()
        except StudentCodeError:
            if not self.stopped:
                self.status.value = _("<b>The table could not be drawn.</b>")
            return
        if error is not None:
            self.errors.value, self.errors.last_error = shown, error

    def _draw(self) -> None:
        game = self.game
        over = self._call(game.is_over, doing=_("asking is_over()"))
        players = len(self.opponents) + 1
        scores = [self._call(game.score, p,
                             doing=_("scoring player {player}").format(player=p)) for p in range(players)]
        if over:
            ranking = self._call(game.ranking, doing=_("ranking the players"))
            winners = ranking[0] if ranking else []
            names = _(" and ").join(_player_name(p) for p in winners)
            self.status.value = _(
                "<b>Game over.</b> Scores: {scores}. Winner: <b>{names}</b>. "
                "Click <i>New game</i> to play again."
            ).format(scores=_scores(scores), names=html.escape(names))
        else:
            to_place = self._call(lambda: game.to_place, doing=_("reading game.to_place"))
            if to_place is None:
                what = _("put your king on a domino of the line")
            elif self._call(game.free, doing=_("asking game.free()")):
                what = _("place domino {domino} and choose a domino of the line").format(domino=to_place.number)
            else:
                what = _("place domino {domino}").format(domino=to_place.number)
            self.status.value = _("<b>Your turn</b>: {what}. Scores: {scores}.").format(
                what=what, scores=_scores(scores)
            )
        self._draw_line(over)
        self._draw_board(over)
        self._draw_kingdoms(scores)

    def _draw_line(self, over: bool) -> None:
        game = self.game
        line = list(self._call(lambda: game.line, doing=_("reading game.line")))
        claimed = {
            domino.number: player
            for domino, player in self._call(lambda: game.claimed, doing=_("reading game.claimed"))
        }
        while len(self.line_slots) < len(line):
            self.line_slots.append(self._line_slot(len(self.line_slots)))
        self.line_numbers = [domino.number for domino in line]
        for (_box, picture, button), domino in zip(self.line_slots, line):
            owner = claimed.get(domino.number)
            king = PLAYER_COLORS[owner % 4] if owner is not None else None
            if owner is None and self.choice == domino.number:
                king = PLAYER_COLORS[0]
            picture.value = domino_svg(domino, king=king)
            button.description = _("Take {domino}").format(domino=domino.number)
            button.disabled = owner is not None or over
        slots = [box for box, _picture, _button in self.line_slots[: len(line)]]
        self.line_box.children = slots if line else [self.no_line]
        previous = list(self._call(lambda: game.previous, doing=_("reading game.previous")))
        if previous:
            svgs = [domino_svg(domino, king=PLAYER_COLORS[owner % 4]) for domino, owner in previous]
            self.previous_view.value = _("<b>Dominos to place this round</b>") + side_by_side(svgs)
        else:
            self.previous_view.value = ""

    def _draw_board(self, over: bool) -> None:
        kingdom = self._call(lambda: self.game.kingdoms[0], doing=_("reading game.kingdoms[0]"))
        text = self._call(kingdom.to_text, doing=_("writing your kingdom as text"))
        grid = parse_kingdom(text, self.size)
        to_place = None if over else self._call(lambda: self.game.to_place, doing=_("reading game.to_place"))
        preview: dict[tuple[int, int], Any] = {}
        placement = self._placement()
        if to_place is not None and placement is not None:
            first, second = placement
            preview = {first: to_place.first, second: to_place.second}
        if to_place is not None:
            self.to_place_view.value = domino_svg(to_place) + (
                "<div>"
                + (_("second half: {direction}, flipped") if self.flipped else _("second half: {direction}"))
                .format(direction=_(DIRECTION_NAMES[self.direction]))
                + "</div>"
            )
        else:
            self.to_place_view.value = _("<i>none</i>")
        can_act = not over and to_place is not None
        side = self.squares.columns
        cells = []
        for row in range(side):
            for column in range(side):
                square = grid[row][column] if row < len(grid) and column < len(grid) else None
                shown = preview.get((row, column), square)
                # a square's letter and crowns say its terrain, not its colour alone
                if shown is None:
                    colour, text = "#f1f3f5", BLANK
                elif shown.terrain == "castle":
                    colour, text = PLAYER_COLORS[0], "♜"
                else:
                    colour, text = COLORS[shown.terrain], LETTERS[shown.terrain] + _crowns_text(shown.crowns)
                if (row, column) in preview:
                    terrain = preview[(row, column)].terrain
                    colour, text = COLORS.get(terrain, "#cccccc"), "◆" + LETTERS[terrain]
                label = _("row {row}, column {column}: {what}").format(
                    row=row, column=column, what=square_text(shown) if shown is not None else _("empty"))
                if (row, column) in preview:
                    label += " " + _("(preview)")
                cells.append(grid_cell(text, label, background=colour, color=ink(colour), disabled=not can_act,
                                       mark=(row, column) in preview))
        self.squares.cells = cells
        for button in (self.rotate_button, self.flip_button, self.place_button, self.discard_button):
            button.disabled = not can_act
        self.new_button.disabled = False

    def _draw_kingdoms(self, scores: list[int]) -> None:
        svgs = []
        for player, kingdom in enumerate(self._call(lambda: self.game.kingdoms, doing=_("reading game.kingdoms"))):
            text = self._call(kingdom.to_text, doing=_("writing kingdom {player} as text").format(player=player))
            name = _player_name(player)
            svgs.append(
                kingdom_svg(
                    text,
                    self.size,
                    cell=18,
                    castle_color=PLAYER_COLORS[player % 4],
                    title=_("{name} ({color}): {score}").format(
                        name=name, color=_(PLAYER_NAMES[player % 4]), score=scores[player]),
                )
            )
        self.kingdoms_view.value = side_by_side(svgs)


def _crowns_text(crowns: int) -> str:
    """A square's crowns on its 30 px button: "♛", "♛♛", then "3♛"."""
    return "♛" * crowns if crowns <= 2 else f"{crowns}♛"


def _where(placement: tuple[tuple[int, int], tuple[int, int]]) -> str:
    """Two squares in words: "row 4, column 5 and row 4, column 6"."""
    return _(" and ").join(_("row {row}, column {column}").format(row=row, column=column) for row, column in placement)


def _move_text(player: int, move: Any, placing: Any) -> str:
    """A move in words: "AI 2 placed domino 12 at row 4, column 5 and row 4, column 6, and took domino 30."."""
    number, placement = move if isinstance(move, tuple) and len(move) == 2 else (None, None)
    done = []
    if placing is not None:
        done.append(_("placed domino {domino} at {where}").format(domino=placing.number, where=_where(placement))
                    if placement is not None else _("discarded domino {domino}").format(domino=placing.number))
    if number is not None:
        done.append(_("took domino {number}").format(number=number))
    name = _player_name(player)
    return _("{player} {done}.").format(player=name[:1].upper() + name[1:], done=_(", and ").join(done))


def _note(text: str, color: str = "#1c4f82") -> str:
    """A sentence of the table, in the theme's text colour (readable in both themes); a bar of
    ``color`` beside it (red for a refusal)."""
    return f'<div style="border-left:4px solid {color};padding-left:6px">{html.escape(text)}</div>'


def _player_name(player: int) -> str:
    return _("you") if player == 0 else _("AI {player}").format(player=player)


def _scores(scores: list[int]) -> str:
    return ", ".join(_("{player} {score}").format(player=_player_name(p), score=s) for p, s in enumerate(scores))
