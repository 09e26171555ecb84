"""Widgets to play 421 with the student's functions: one turn, then a whole game.

``TurnWidget(play_turn)`` plays one turn: click Throw, click dice to mark them for a
rethrow, Throw again or Keep; never more than three throws. The clicks become the
answers and dice of the student's ``play_turn``, which scores the turn.
``GameWidget(play_game)`` plays a game for two players at one keyboard (hot seat), or
against the computer with ``opponent=hunt_421``: after each turn the student's
``play_game`` runs again on the turns played so far (see :class:`~.model.Table`), and the
widget shows what it printed and the totals it printed. Every call of the student's code
goes through :class:`exercises.ui.ErrorPanel`, which shows its errors; a rule broken
that the table sees is said in one sentence. A game ends when a player has no tokens
left (0 or fewer, by the rules: a 421 gives 8 tokens even to a player who holds 5), so a
total of 0 or less is shown as "no tokens left", never as a negative number of tokens.
While the student's functions are still stubs, a widget is one sentence that names the
function to write.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

from ..i18n import _, ngettext, pgettext
from ..ui import Announcer, ErrorPanel, Grid, StudentCodeError, grid_cell, spoken, write_first, write_first_html
from .model import MAX_THROWS, Strategy, Table, TableError, Turn, play_computer_turn, replay_turn
from .pictures import DICE_FACES, dice_svg

__all__ = ["TurnPanel", "TurnWidget", "GameWidget", "run_student"]

T = TypeVar("T")


def show_write_first(widget: widgets.Box, error: BaseException | None) -> bool:
    """Make ``widget`` the one sentence "write ... first" when ``error`` comes from a stub."""
    sentence = write_first(error) if error is not None else None
    if sentence is None:
        return False
    widget.children = (widgets.HTML(write_first_html(sentence)),)
    return True


def run_student(errors: ErrorPanel, function: Callable[..., T], *args: Any, doing: str) -> T:
    """``errors.call(function, *args)``; a :class:`TableError` is shown as the rule it says."""
    try:
        return errors.call(function, *args, doing=doing)
    except StudentCodeError:
        if isinstance(errors.last_error, TableError):
            errors.value = (
                '<div style="border-left:4px solid #b42318;padding:2px 8px">'
                f"{html.escape(str(errors.last_error))}.</div>"
            )
        raise


class TurnPanel(widgets.VBox):
    """Three clickable dice with Throw and Keep buttons, for one turn at a time.

    With ``play_turn``, the finished turn is scored by the student's ``play_turn``;
    ``on_over(turn)`` is called with every finished turn.
    """

    def __init__(
        self,
        play_turn: Callable[..., Any] | None,
        rng: random.Random,
        errors: ErrorPanel,
        on_over: Callable[[Turn], None] | None = None,
    ) -> None:
        self.play_turn, self.rng, self.errors, self.on_over = play_turn, rng, errors, on_over
        self.turn = self._new_turn()
        # the dice: a grid of three toggles (aria-pressed: marked for a rethrow), named by value
        self.dice = Grid(self.toggle, columns=3, cell_size="clamp(56px, 20vw, 76px)", font_size="44px",
                         label=_("your dice"))  # smaller dice on a narrow page (400 % zoom)
        self.throw_button = widgets.Button(  # "auto": the default 148 px cut "Throw marked dice"
            description=_("Throw"), icon="dice", button_style="primary", layout=widgets.Layout(width="auto")
        )
        self.keep_button = widgets.Button(description=_("Keep"), icon="check", disabled=True)
        self.throw_button.on_click(lambda _button: self.throw())
        self.keep_button.on_click(lambda _button: self.keep())
        # the live region: each throw, mark and refusal is read aloud; a long sentence wraps
        self.status = Announcer(html=True)
        self.picture = widgets.HTML()
        super().__init__(
            [
                self.dice,
                widgets.HBox([self.throw_button, self.keep_button]),
                self.status,
                self.picture,
            ]
        )
        self.add_class("course-focus")  # a focus outline of 3:1 on the buttons (exercises.ui)
        self.refresh()

    def _new_turn(self) -> Turn:
        return Turn(lambda: self.rng.randint(1, 6))

    def toggle(self, position: int) -> None:
        """Mark die ``position`` (0 to 2) for a rethrow, or unmark it; a refusal says why."""
        try:
            self.turn.toggle(position)
        except ValueError as error:
            self.refresh(keep_status=True)
            self.status.say(_("Refused: {reason}.").format(reason=html.escape(str(error), quote=False)))
            return
        self.refresh(keep_status=True)
        face = self.turn.dice[position]
        self.status.say((_("Die {number} ({face}) marked for a rethrow.") if position in self.turn.marked
                         else _("Die {number} ({face}) kept.")).format(number=position + 1, face=face))

    def start(self) -> None:
        """Begin a new turn."""
        self.turn = self._new_turn()
        self.refresh()

    def throw(self) -> None:
        """Throw all dice (first throw) or the marked ones."""
        try:
            self.turn.throw()
        except ValueError as error:
            self.refresh()
            self.status.say(_("Refused: {reason}.").format(reason=html.escape(str(error), quote=False)))
            return
        self.refresh()
        if self.turn.over:
            self._finish()

    def keep(self) -> None:
        """Keep the dice: the turn ends."""
        try:
            self.turn.keep()
        except ValueError as error:
            self.status.say(_("Refused: {reason}.").format(reason=html.escape(str(error), quote=False)))
            return
        self.refresh()
        self._finish()

    def _finish(self) -> None:
        if self.play_turn is not None:
            try:
                (tokens, value), _printed = run_student(
                    self.errors, replay_turn, self.play_turn, self.turn, doing=_("scoring the turn (play_turn)")
                )
            except StudentCodeError:
                self.status.value = _("Your play_turn could not score this turn: see below.")
            else:
                self.status.value = _(
                    "Final combination: your play_turn says tokens = {tokens}, value = {value}."
                ).format(tokens=html.escape(str(tokens), quote=False), value=html.escape(str(value), quote=False))
        else:
            self.status.value = _("Turn over.")
        if self.on_over is not None:
            self.on_over(self.turn)

    def refresh(self, keep_status: bool = False) -> None:
        """Redraw the dice, buttons and status from the turn."""
        turn = self.turn
        self.dice.cells = [self._die_cell(position) for position in range(3)]
        self.throw_button.disabled = turn.over
        self.throw_button.description = _("Throw") if turn.throws == 0 else _("Throw marked dice")
        self.keep_button.disabled = turn.throws == 0 or turn.over
        self.picture.value = dice_svg(turn.dice, turn.marked) if turn.dice else ""
        if keep_status:
            return
        if turn.throws == 0:
            self.status.value = _("Click Throw to throw the three dice.")
        elif not turn.over:
            self.status.value = _("You threw {dice}.").format(dice=", ".join(str(face) for face in turn.dice)) + " " + (
                _("Throw {throws} of {most}: click the dice to rethrow, then Throw marked dice; or Keep.")
            ).format(throws=turn.throws, most=MAX_THROWS)

    def _die_cell(self, position: int) -> dict[str, Any]:
        """Die ``position``'s toggle: its face, named by its value, pressed when marked."""
        turn, number = self.turn, position + 1
        if not turn.dice:
            return grid_cell("?", _("die {number}: not thrown yet").format(number=number), pressed=False, disabled=True)
        face, marked = turn.dice[position], position in turn.marked
        label = (_("die {number}: {face}, marked for a rethrow") if marked else _("die {number}: {face}")).format(
            number=number, face=face)
        return grid_cell(DICE_FACES[face - 1], label, pressed=marked, disabled=turn.throws == 0 or turn.over)


class TurnWidget(widgets.VBox):
    """Play one turn of 421, scored by the student's ``play_turn``."""

    def __init__(self, play_turn: Callable[..., Any], seed: int = 421) -> None:
        self.errors = ErrorPanel()
        # a keyboard user's focus goes on where the turn goes on: New turn, then Throw
        self.panel = TurnPanel(play_turn, random.Random(seed), self.errors,
                               on_over=lambda _turn: self.new_button.focus())
        self.new_button = widgets.Button(description=_("New turn"), icon="redo")

        def new_turn(_button: widgets.Button) -> None:
            self.panel.start()
            self.panel.throw_button.focus()

        self.new_button.on_click(new_turn)
        super().__init__([self.panel, self.new_button, self.errors])
        self.add_class("course-focus")
        show_write_first(self, _stub_error(play_turn))


def _stub_error(play_turn: Callable[..., Any]) -> NotImplementedError | None:
    """What ``play_turn`` raises on a turn kept at its first throw, if it is a stub's error."""
    turn = Turn(iter([4, 2, 1]).__next__)
    turn.throw()
    turn.keep()
    try:
        replay_turn(play_turn, turn)
    except NotImplementedError as error:
        return error
    except Exception:  # anything else is said when the student plays a turn
        return None
    return None


def tokens_text(total: int | None) -> str:
    """A player's tokens as the rules see them: "7 tokens", "1 token", "no tokens left" (0 or fewer)."""
    if total is None:
        return _("? tokens")
    if total <= 0:
        return _("no tokens left")
    return ngettext("{count} token", "{count} tokens", total).format(count=total)


def _counter(label: str, total: int | None, active: bool) -> str:
    border = "#1d4ed8" if active else "#cccccc"
    return (
        f'<div style="display:inline-block;border:2px solid {border};border-radius:6px;'
        f'padding:4px 12px;margin-right:8px">'
        + _("{player}: {tokens}").format(player=f"<b>{html.escape(label)}</b>", tokens=tokens_text(total))
        + "</div>"
    )


def describe_round(number: int, dice: list[tuple[int, ...]],
                   before: tuple[int, int] | None, after: tuple[int, int] | None,
                   names: tuple[str, str], subjects: tuple[str, str] | None = None) -> str:
    """A round as HTML: both players' dice and who gave tokens, by the totals printed
    (``subjects``: the players as a sentence names them, « l'ordinateur »; else ``names``)."""
    subjects = subjects or names
    lines = [_("<b>Round {number}</b>").format(number=number)]
    for name, kept in zip(names, dice):
        lines.append(_("{name}: {dice}").format(name=html.escape(name), dice=dice_svg(kept, size=24)))
    if after is None:
        lines.append(_("Print the totals as <code>total1 = ..., total2 = ...</code> to see them here."))
        return "<br>".join(lines)
    has = ", ".join(
        (_("{name} none left") if total <= 0 else _("{name} has {tokens}")).format(
            name=html.escape(name), tokens=tokens_text(total)
        )
        for name, total in zip(subjects, after)
    )
    if before is None:
        lines.append(f"{has}.")
    else:
        given = before[0] - after[0]
        if given:
            giver = html.escape(capital(subjects[0] if given > 0 else subjects[1]))
            # the same English for one and many: French says "jeton" or "jetons"
            lines.append(ngettext("{name} gave {given}: {has}.", "{name} gave {given}: {has}.", abs(given))
                         .format(name=giver, given=abs(given), has=has))
        else:
            lines.append(_("Nobody gave tokens: {has}.").format(has=has))
    return "<br>".join(lines)


def capital(text: str) -> str:
    """``text`` starting a sentence: its first letter in capitals."""
    return text[:1].upper() + text[1:]


def console(printed: str) -> str:
    """What ``play_game`` printed, as a console that shows its last lines."""
    shown = html.escape(printed.rstrip()) or _("(nothing yet)")
    label = html.escape(_("what your play_game printed"))
    return (
        _("<i>your play_game printed:</i>")
        # focusable (tabindex), so that a keyboard user can scroll it too; long lines wrap
        + f'<div tabindex="0" role="log" aria-label="{label}" '
        'style="display:flex;flex-direction:column-reverse;max-height:14em;overflow-y:auto;'
        'border:1px solid #cccccc;padding:2px 6px">'
        f'<pre style="margin:0;flex:none;white-space:pre-wrap;overflow-wrap:anywhere">{shown}</pre></div>'
    )


class GameWidget(widgets.VBox):
    """A game of 421 run by the student's ``play_game``: two players at one keyboard, or
    player 1 against ``opponent``."""

    def __init__(
        self,
        play_game: Callable[..., Any],
        tokens: int = 10,
        opponent: Strategy | None = None,
        seed: int = 421,
    ) -> None:
        self.play_game, self.tokens, self.opponent, self.seed = play_game, tokens, opponent, seed
        self.names = (_("Player 1"), _("Computer") if opponent is not None else _("Player 2"))
        # the same players as a sentence names them: French says « l'ordinateur a gardé »
        self.subjects = (pgettext("subject", "Player 1"),
                         pgettext("subject", "Computer") if opponent is not None else pgettext("subject", "Player 2"))
        self.errors = ErrorPanel()
        self.counters = widgets.HTML()
        self.who = widgets.HTML()
        self.rng = random.Random(seed)
        self.panel = TurnPanel(None, self.rng, self.errors, on_over=self._turn_over)
        self.story = widgets.HTML()
        self.verdict = widgets.HTML()
        self.console = widgets.HTML()
        self.new_button = widgets.Button(description=_("New game"), icon="redo")
        self.new_button.on_click(lambda _button: self.new_game())
        super().__init__(
            [
                self.counters,
                self.who,
                self.panel,
                self.story,
                self.verdict,
                self.console,
                self.new_button,
                self.errors,
            ]
        )
        self.add_class("course-focus")
        self.new_game()

    def new_game(self) -> None:
        """Start again with the starting tokens."""
        self.table = Table(self.play_game, self.tokens)
        self.shown_totals: tuple[int, int] | None = (self.tokens, self.tokens)
        self.story.value = self.verdict.value = self.console.value = ""
        self.errors.clear()
        self.panel.start()
        try:
            run_student(self.errors, self.table.start, doing=_("starting play_game"))
        except StudentCodeError:
            self.panel.throw_button.disabled = True
            if show_write_first(self, self.errors.last_error):
                return
        else:
            self.console.value = console(self.table.printed)
        self.refresh()

    def _turn_over(self, turn: Turn) -> None:
        name = capital(self.subjects[self.table.player - 1])
        rounds = self.table.rounds
        if not self._record(turn):
            self.panel.throw_button.disabled = True
            return
        self.story.value = _("{name} kept {dice}").format(name=html.escape(name), dice=dice_svg(turn.dice, size=24))
        if self.opponent is not None and self.table.player == 2 and not self.table.over:
            computer = Turn(lambda: self.rng.randint(1, 6))
            try:
                throws = run_student(
                    self.errors, play_computer_turn, computer, self.opponent,
                    doing=_("playing the computer's turn"),
                )
            except StudentCodeError:
                return
            self.story.value += _("; the computer threw {throws} and kept the last.").format(
                throws=_(", then ").join(dice_svg(thrown, size=24) for thrown in throws)
            )
            if not self._record(computer):
                self.panel.throw_button.disabled = True
                return
        if self.table.over:
            self.panel.throw_button.disabled = True
        else:
            self.panel.start()
        self.refresh()
        self._announce(rounds)
        # the focus leaves the disabled Keep for what comes next (a keyboard user's place)
        (self.new_button if self.table.over else self.panel.throw_button).focus()

    def _announce(self, rounds: int) -> None:
        """Say in the live region what the turn did: the dice kept (the computer's too), the
        round's tokens when it ended one, whose turn it is or who won."""
        news = [spoken(self.story.value)]
        if self.table.rounds != rounds:
            news.append(spoken(self.verdict.value))
        news.append(spoken(self.who.value))
        if not self.table.over:
            news.append(spoken(self.panel.status.value))
        self.panel.status.say(html.escape(" ".join(part for part in news if part), quote=False))

    def _record(self, turn: Turn) -> bool:
        try:
            run_student(self.errors, self.table.record, turn, doing=_("running your play_game"))
        except StudentCodeError:
            return False
        self.console.value = console(self.table.printed)
        if self.table.player == 1:  # a round is complete
            before, after = self.shown_totals, self.table.totals
            dice = [kept.dice for kept in self.table.turns[-2:]]
            self.verdict.value = describe_round(self.table.rounds, dice, before, after, self.names, self.subjects)
            self.shown_totals = after
        self.refresh()
        return True

    def refresh(self) -> None:
        """Redraw the counters and say whose turn it is."""
        table = self.table
        totals = table.totals if table.over else self.shown_totals
        self.counters.value = "".join(
            _counter(name, None if totals is None else totals[number - 1],
                     not table.over and table.player == number)
            for number, name in enumerate(self.names, start=1)
        )
        if table.over:
            winner = table.winner
            self.who.value = (
                _("<b>{name} has no tokens left and wins the game!</b>").format(
                    name=html.escape(capital(self.subjects[winner - 1]))
                )
                if winner else _("<b>The game is over.</b>")
            )
        else:
            self.who.value = _("{name}, your turn.").format(name=html.escape(self.names[table.player - 1]))
