"""Given code of worksheet 04, tCHu (the Swiss Ticket to Ride), and the tools of its game loop.

* :mod:`.model`: the model of the game, steps 1 to 5 of the original project (the map,
  cards, states, ``Info`` messages, the ``Player`` protocol and two computer players).
* :mod:`.pictures`: the map with its routes and claims (``map_figure``, ``map_png``).
* :mod:`.widget`: :class:`TchuGame`, to play against the computer with the student's
  ``play``, and :class:`RemotePlayer`, the seat the widget answers.
* :mod:`.checks`: the public checks ``check_helpers`` ... ``check_play``, with the
  players that record or script every call of the game loop (:class:`RecordingPlayer`,
  :class:`ScriptedPlayer`) and :class:`CallOrder`, which finds the first call that breaks
  the order the rules give and explains it in plain words.
"""

from typing import Any

from .. import widget_name
from . import checks, model
from .checks import *  # noqa: F403 (the public checks, listed in checks.__all__)
from .checks.order import (
    CallOrder,
    first_problem,
)
from .checks.recording import (
    Call,
    RecordingPlayer,
    ScriptedPlayer,
    ScriptExhausted,
    format_call,
    print_calls,
)
from .model import *  # noqa: F403 (the model's names, listed in model.__all__)
from .pictures import (
    map_figure,
    map_png,
    player_state_html,
)

#: the widget's names, imported from it when first asked for (:func:`exercises.widget_name`)
WIDGET = ("GameAbandoned", "Question", "RemotePlayer", "TchuGame")

__all__ = [
    *model.__all__,
    *checks.__all__,
    *WIDGET,
    "map_figure",
    "map_png",
    "player_state_html",
    "Call",
    "CallOrder",
    "first_problem",
    "RecordingPlayer",
    "ScriptedPlayer",
    "ScriptExhausted",
    "print_calls",
    "format_call",
]


def __getattr__(name: str) -> Any:
    return widget_name(__name__, WIDGET, name)
