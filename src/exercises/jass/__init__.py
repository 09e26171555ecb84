"""Given code of worksheet 1, "Jass melds": cards, pictures, a hand picker and checks.

* :mod:`.model`: ``Suit``, ``Rank``, ``Card``, ``DECK``, ``ALL_OF``, ``quartet_points``,
  ``power_set``, ``parse_cards``, ``validate_hand`` and ``deal``.
* :mod:`.pictures`: ``show_hand`` and ``show_meld_sets`` draw cards as small faces.
* :mod:`.widget`: ``MeldPicker``, a 36-card picker that runs the student's ``MeldSet``.
* :mod:`.checks`: the public checks, one per exercise.

The student writes ``Meld``, ``mutually_disjoint``, ``MeldSet`` and ``print_meld_sets``
in the notebook; nothing here solves them.
"""

from typing import Any

from .. import widget_name
from .checks import (
    EXAMPLE_HAND,
    EXAMPLE_LINES,
    check_hands_without_meld,
    check_meld_all_in,
    check_meld_set,
    check_mutually_disjoint,
    check_print_meld_sets,
    check_quartets,
    check_runs,
)
from .model import (
    ALL_OF,
    DECK,
    Card,
    Rank,
    Suit,
    deal,
    parse_cards,
    power_set,
    quartet_points,
    validate_hand,
)
from .pictures import show_hand, show_meld_sets

#: the widget's names, imported from it when first asked for (:func:`exercises.widget_name`)
WIDGET = ("HAND_SIZE", "MeldPicker")

__all__ = [
    *WIDGET,
    "ALL_OF",
    "DECK",
    "Card",
    "Rank",
    "Suit",
    "deal",
    "parse_cards",
    "power_set",
    "quartet_points",
    "validate_hand",
    "EXAMPLE_HAND",
    "EXAMPLE_LINES",
    "check_hands_without_meld",
    "check_meld_all_in",
    "check_meld_set",
    "check_mutually_disjoint",
    "check_print_meld_sets",
    "check_quartets",
    "check_runs",
    "show_hand",
    "show_meld_sets",
]


def __getattr__(name: str) -> Any:
    return widget_name(__name__, WIDGET, name)
