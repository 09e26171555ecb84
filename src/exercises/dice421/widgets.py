"""Widgets to play 421 with the student's functions: one turn, then a whole game.

``TurnWidget(rules)`` plays one turn: click Throw, click dice to mark them for a
rethrow, Throw again or Keep; never more than three throws. ``GameWidget(rules)`` plays
a game for two players at one keyboard (hot seat), or against the computer with
``opponent=hunt_421``, with token counters and each round's verdict. Every call of the
student's code goes through :class:`exercises.ui.ErrorPanel`, which shows its errors.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable

import ipywidgets as widgets

from ..ui import ErrorPanel, StudentCodeError
from .model import MAX_THROWS, Game, Round, Rules, Strategy, Turn, play_computer_turn
from .pictures import DICE_FACES, dice_svg

__all__ = ["TurnPanel", "TurnWidget", "GameWidget"]


class TurnPanel(widgets.VBox):
    """Three clickable dice with Throw and Keep buttons, for one turn at a time."""

    def __init__(
        self,
        rules: Rules,
        rng: random.Random,
        errors: ErrorPanel,
        on_over: Callable[[tuple[int, ...]], None] | None = None,
    ) -> None:
        self.rules, self.rng, self.errors, self.on_over = rules, rng, errors, on_over
        self.turn = self._new_turn()
        self._syncing = False
        self.dice_buttons = [
            widgets.ToggleButton(
                description="?",
                tooltip=f"die {position + 1}: click to mark it for a rethrow",
                layout=widgets.Layout(width="76px", height="76px"),
                disabled=True,
            )
            for position in range(3)
        ]
        for position, button in enumerate(self.dice_buttons):
            button.style.font_size = "44px"
            button.observe(self._toggled(position), names="value")
        self.throw_button = widgets.Button(description="Throw", icon="dice", button_style="primary")
        self.keep_button = widgets.Button(description="Keep", icon="check", disabled=True)
        self.throw_button.on_click(lambda _button: self.throw())
        self.keep_button.on_click(lambda _button: self.keep())
        self.status = widgets.Label()
        self.picture = widgets.HTML()
        super().__init__(
            [
                widgets.HBox(self.dice_buttons),
                widgets.HBox([self.throw_button, self.keep_button]),
                self.status,
                self.picture,
            ]
        )
        self.refresh()

    def _new_turn(self) -> Turn:
        return Turn(
            lambda: self.errors.call(self.rules.throw, self.rng, doing="throwing a die (roll_die)")
        )

    def _toggled(self, position: int) -> Callable[[dict], None]:
        def handler(change: dict) -> None:
            if self._syncing:
                return
            try:
                self.turn.toggle(position)
            except ValueError as error:
                self.status.value = str(error).capitalize() + "."
            self.refresh()

        return handler

    def start(self) -> None:
        """Begin a new turn."""
        self.turn = self._new_turn()
        self.refresh()

    def throw(self) -> None:
        """Throw all dice (first throw) or the marked ones."""
        try:
            self.turn.throw()
        except StudentCodeError:
            self.refresh(keep_status=True)
            self.status.value = "Your roll_die raised an error: see below."
            return
        except ValueError as error:
            self.refresh()
            self.status.value = str(error).capitalize() + "."
            return
        self.refresh()
        if self.turn.over:
            self._finish()

    def keep(self) -> None:
        """Keep the dice: the turn ends."""
        try:
            self.turn.keep()
        except ValueError as error:
            self.status.value = str(error).capitalize() + "."
            return
        self.refresh()
        self._finish()

    def _finish(self) -> None:
        try:
            tokens, value = self.errors.call(
                self.rules.result, self.turn.dice, doing="scoring the combination"
            )
        except StudentCodeError:
            self.status.value = "Your functions raised an error while scoring: see below."
        else:
            self.status.value = f"Final combination: tokens = {tokens}, value = {value}."
        if self.on_over is not None:
            self.on_over(self.turn.dice)

    def refresh(self, keep_status: bool = False) -> None:
        """Redraw the dice, buttons and status from the turn."""
        turn = self.turn
        self._syncing = True
        try:
            for position, button in enumerate(self.dice_buttons):
                button.description = DICE_FACES[turn.dice[position] - 1] if turn.dice else "?"
                button.value = position in turn.marked
                button.disabled = turn.throws == 0 or turn.over
                button.button_style = "warning" if position in turn.marked else ""
        finally:
            self._syncing = False
        self.throw_button.disabled = turn.over
        self.throw_button.description = "Throw" if turn.throws == 0 else "Throw marked dice"
        self.keep_button.disabled = turn.throws == 0 or turn.over
        self.picture.value = dice_svg(turn.dice, turn.marked) if turn.dice else ""
        if keep_status:
            return
        if turn.throws == 0:
            self.status.value = "Click Throw to throw the three dice."
        elif not turn.over:
            self.status.value = (
                f"Throw {turn.throws} of {MAX_THROWS}: click the dice to rethrow, then "
                "Throw marked dice; or Keep."
            )


class TurnWidget(widgets.VBox):
    """Play one turn of 421 with the student's functions (``rules``)."""

    def __init__(self, rules: Rules, seed: int = 421) -> None:
        self.errors = ErrorPanel()
        self.panel = TurnPanel(rules, random.Random(seed), self.errors)
        self.new_button = widgets.Button(description="New turn", icon="redo")
        self.new_button.on_click(lambda _button: self.panel.start())
        super().__init__([self.panel, self.new_button, self.errors])


def _counter(label: str, total: int, active: bool) -> str:
    border = "#1d4ed8" if active else "#cccccc"
    return (
        f'<div style="display:inline-block;border:2px solid {border};border-radius:6px;'
        f'padding:4px 12px;margin-right:8px"><b>{html.escape(label)}</b>: {total} tokens</div>'
    )


def describe_round(number: int, played: Round, names: tuple[str, str]) -> str:
    """A settled round as HTML: both players' dice, results and the verdict."""
    lines = [f"<b>Round {number}</b>"]
    for name, dice, (tokens, value) in zip(names, played.dice, played.results):
        lines.append(
            f"{html.escape(name)}: {dice_svg(dice, size=24)} tokens = {tokens}, value = {value}"
        )
    lines.append(html.escape(played.verdict))
    if played.printed:
        lines.append(f"<i>your code printed:</i> <code>{html.escape(played.printed)}</code>")
    lines.append(f"Totals: {played.after[0]} and {played.after[1]}")
    return "<br>".join(lines)


class GameWidget(widgets.VBox):
    """A game of 421: two players at one keyboard, or player 1 against ``opponent``."""

    def __init__(
        self,
        rules: Rules,
        tokens: int = 10,
        opponent: Strategy | None = None,
        seed: int = 421,
    ) -> None:
        self.rules, self.tokens, self.opponent = rules, tokens, opponent
        self.rng = random.Random(seed)
        self.names = ("Player 1", "Computer" if opponent is not None else "Player 2")
        self.game = Game(rules, tokens)
        self.errors = ErrorPanel()
        self.counters = widgets.HTML()
        self.who = widgets.HTML()
        self.panel = TurnPanel(rules, self.rng, self.errors, on_over=self._turn_over)
        self.story = widgets.HTML()
        self.verdict = widgets.HTML()
        self.new_button = widgets.Button(description="New game", icon="redo")
        self.new_button.on_click(lambda _button: self.new_game())
        super().__init__(
            [
                self.counters,
                self.who,
                self.panel,
                self.story,
                self.verdict,
                self.new_button,
                self.errors,
            ]
        )
        self.refresh()

    def new_game(self) -> None:
        """Start again with the starting tokens."""
        self.game = Game(self.rules, self.tokens)
        self.story.value = self.verdict.value = ""
        self.errors.clear()
        self.panel.start()
        self.refresh()

    def _turn_over(self, dice: tuple[int, ...]) -> None:
        name = self.names[self.game.player - 1]
        if not self._record(dice):
            return
        self.story.value = f"{html.escape(name)} kept {dice_svg(dice, size=24)}"
        if self.opponent is not None and self.game.player == 2:
            turn = Turn(lambda: self.rules.throw(self.rng))
            try:
                throws = self.errors.call(
                    play_computer_turn, turn, self.opponent, doing="playing the computer's turn"
                )
            except StudentCodeError:
                return
            self.story.value += "; the computer threw " + ", then ".join(
                dice_svg(thrown, size=24) for thrown in throws
            ) + " and kept the last."
            if not self._record(turn.dice):
                return
        if self.game.over:
            self.panel.throw_button.disabled = True
        else:
            self.panel.start()
        self.refresh()

    def _record(self, dice: tuple[int, ...]) -> bool:
        try:
            played = self.errors.call(self.game.record, dice, doing="settling the round")
        except StudentCodeError:
            return False
        if played is not None:
            self.verdict.value = describe_round(len(self.game.rounds), played, self.names)
        self.refresh()
        return True

    def refresh(self) -> None:
        """Redraw the counters and say whose turn it is."""
        game = self.game
        self.counters.value = "".join(
            _counter(name, total, not game.over and game.player == number)
            for number, (name, total) in enumerate(zip(self.names, game.totals), start=1)
        )
        if game.over:
            winner = self.names[game.winner - 1]  # type: ignore[operator]
            self.who.value = f"<b>{html.escape(winner)} has no tokens left and wins the game!</b>"
        else:
            self.who.value = f"{html.escape(self.names[game.player - 1])}, your turn."
