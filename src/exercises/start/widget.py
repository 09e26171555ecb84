"""Notebook 00's dice roller: three dice, a button, and the total the student's code gives."""

from __future__ import annotations

import random
from collections.abc import Callable

import ipywidgets as widgets

from ..display import DICE_FACES
from ..i18n import _
from ..ui import ErrorPanel, StudentCodeError

__all__ = ["DiceRoller"]


class DiceRoller(widgets.VBox):
    """Roll three dice with a button and show the total that ``count_pips`` gives.

    The dice come from ``random.Random(seed)``, so the same clicks give the same rolls.
    """

    def __init__(self, count_pips: Callable[[list[int]], int], seed: int = 421) -> None:
        self.count_pips = count_pips
        self.rng = random.Random(seed)
        self.dice: list[int] = []
        self.button = widgets.Button(description=_("Roll"), icon="dice", button_style="primary")
        self.faces = widgets.HTML(value="")
        self.total = widgets.Label(value=_("Click Roll to throw three dice."))
        self.errors = ErrorPanel()
        self.button.on_click(lambda _button: self.roll())
        super().__init__([self.button, self.faces, self.total, self.errors])

    def roll(self) -> None:
        """Throw three dice and show them with the student's total."""
        self.dice = [self.rng.randint(1, 6) for _ in range(3)]
        label = _("dice {faces}").format(faces=" ".join(str(die) for die in self.dice))
        self.faces.value = (
            f'<span role="img" aria-label="{label}" style="font-size: 48px">'
            + " ".join(DICE_FACES[die - 1] for die in self.dice)
            + "</span>"
        )
        try:
            total = self.errors.call(self.count_pips, list(self.dice), doing=_("counting pips"))
        except StudentCodeError:
            self.total.value = _("Dice {dice}: your count_pips raised an error.").format(dice=self.dice)
            return
        self.total.value = _("Dice {dice}: total = {total}").format(dice=self.dice, total=total)
