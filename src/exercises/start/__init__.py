"""Given code for notebook 00, "Start here": a check and a tiny widget for the warm-up.

* :mod:`.checks`: ``check_count_pips``, the public check of the warm-up exercise.
* :mod:`.widget`: ``DiceRoller``, three dice and the total that the student's code gives.
"""

from typing import Any

from .. import widget_name
from ..display import DICE_FACES
from .checks import check_count_pips

#: the widget's names, imported from it when first asked for (:func:`exercises.widget_name`)
WIDGET = ("DiceRoller",)

__all__ = ["DICE_FACES", "check_count_pips", *WIDGET]


def __getattr__(name: str) -> Any:
    return widget_name(__name__, WIDGET, name)
