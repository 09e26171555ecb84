"""Given code of worksheet 2, the 421 dice game: pictures, scripts, widgets and checks.

The game (rules in :mod:`exercises.dice421.model`): two players, three dice, the same
number of tokens each. In each round both players play a turn of at most three throws;
the better combination gives tokens to the other; the first player rid of all tokens
wins. The worksheet's functions are the student's; this package draws dice
(:class:`DicePicture`), scripts the keyboard and the dice (:func:`answers`,
:class:`ScriptedDice`), plays turns and games with the student's functions
(:class:`Rules`, :class:`TurnWidget`, :class:`GameWidget`, :func:`league`) and checks
each exercise (``check_swap`` ... ``check_play_game``).
"""

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
    Game,
    LeagueRow,
    Round,
    Rules,
    Turn,
    hunt_421,
    keep_first,
    league,
    league_table,
    play_computer_turn,
    play_match,
)
from .pictures import DICE_FACES, DicePicture, dice_svg, die_svg
from .scripted import ScriptedDice, ScriptError, answers
from .widgets import GameWidget, TurnPanel, TurnWidget

__all__ = [
    "DICE_FACES",
    "DicePicture",
    "Game",
    "GameWidget",
    "LeagueRow",
    "MAX_THROWS",
    "Round",
    "Rules",
    "ScriptError",
    "ScriptedDice",
    "Turn",
    "TurnPanel",
    "TurnWidget",
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
    "league_table",
    "play_computer_turn",
    "play_match",
]
