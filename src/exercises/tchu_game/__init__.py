"""The tCHu game loop worksheet (04): checks, recording players and the game widget.

The model of the game is in :mod:`exercises.tchu`; this package holds what the
worksheet on ``play`` (the game loop students write) adds to it:

* :class:`RecordingPlayer` and :class:`ScriptedPlayer`, players that write down every
  call of the game loop, or answer from a script;
* :class:`CallOrder`, which finds the first call that breaks the order the rules give,
  and explains it in plain words;
* the public checks ``check_helpers`` ... ``check_play``;
* :class:`TchuGame`, a widget to play against the computer with the student's ``play``.
"""

from .order import CallOrder, first_problem
from .recording import Call, RecordingPlayer, ScriptedPlayer, ScriptExhausted, format_call, print_calls
from .remote import GameAbandoned, Question, RemotePlayer

__all__ = [
    "Call",
    "CallOrder",
    "first_problem",
    "RecordingPlayer",
    "ScriptedPlayer",
    "ScriptExhausted",
    "print_calls",
    "format_call",
    "GameAbandoned",
    "Question",
    "RemotePlayer",
]

from .checks import (  # noqa: E402
    OutOfOrder,
    check_claim_route,
    check_draw_cards,
    check_draw_tickets,
    check_end_game,
    check_helpers,
    check_play,
    check_start_game,
)

__all__ += [
    "OutOfOrder",
    "check_helpers",
    "check_start_game",
    "check_draw_tickets",
    "check_draw_cards",
    "check_claim_route",
    "check_end_game",
    "check_play",
]

from .widget import TchuGame  # noqa: E402

__all__ += ["TchuGame"]
