"""Given code of worksheet 2, the 421 dice game: pictures, scripts, widgets and checks.

The game (rules in :mod:`exercises.dice421.model`): two players, three dice, the same
number of tokens each. In each round both players play a turn of at most three throws;
the better combination gives tokens to the other; the first player rid of all tokens
wins. The worksheet's functions are the student's, and nothing here scores a
combination or settles a round: this package draws dice (:class:`DicePicture`), scripts
the keyboard and the dice (:func:`answers`, :class:`ScriptedDice`), turns clicks and
strategies into turns that the student's ``play_turn`` and ``play_game`` replay
(:class:`TurnWidget`, :class:`GameWidget`, :func:`league`) and checks each exercise
(``check_swap`` ... ``check_play_game``).
"""

from typing import Any

from .. import widget_name
from .checks import (
    check_is_421,
    check_is_straight,
    check_is_three_of_a_kind,
    check_play_game,
    check_play_turn,
    check_rethrow,
    check_roll_die,
    check_settle_different_tokens,
    check_settle_equal_tokens,
    check_sort2_desc,
    check_sort3_desc,
    check_swap,
    check_tokens_of,
    check_value_of,
)
from .model import (
    MAX_THROWS,
    Script,
    ScriptedDice,
    ScriptError,
    Table,
    TableError,
    ThrowError,
    Turn,
    answers,
    hunt_421,
    keep_first,
    league,
    play_computer_turn,
    play_match,
    replay_turn,
)
from .pictures import DICE_FACES, DicePicture, dice_svg, die_svg

#: the widget's names, imported from it when first asked for (:func:`exercises.widget_name`)
WIDGET = ("GameWidget", "TurnPanel", "TurnWidget")

__all__ = [
    *WIDGET,
    "DICE_FACES",
    "DicePicture",
    "MAX_THROWS",
    "Script",
    "ScriptError",
    "ScriptedDice",
    "Table",
    "TableError",
    "ThrowError",
    "Turn",
    "answers",
    "check_is_421",
    "check_is_straight",
    "check_is_three_of_a_kind",
    "check_play_game",
    "check_play_turn",
    "check_rethrow",
    "check_roll_die",
    "check_settle_different_tokens",
    "check_settle_equal_tokens",
    "check_sort2_desc",
    "check_sort3_desc",
    "check_swap",
    "check_tokens_of",
    "check_value_of",
    "dice_svg",
    "die_svg",
    "hunt_421",
    "keep_first",
    "league",
    "play_computer_turn",
    "play_match",
    "replay_turn",
]


def __getattr__(name: str) -> Any:
    return widget_name(__name__, WIDGET, name)
