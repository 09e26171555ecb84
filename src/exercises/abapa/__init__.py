"""Given code of worksheet 3, Abapa: the rules' positions, pictures, a widget and checks.

* :mod:`.model`: the rules of Abapa (in its docstring) and the positions ``START`` and
  ``FIGURE_1`` of the worksheet.
* :mod:`.pictures`: ``draw_board`` and ``BoardPicture`` draw a board (a league's table
  and plot are ``exercises.ai``'s).
* :mod:`.widget`: ``AbapaGame``, to play against the computer with the student's ``Board``.
* :mod:`.checks`: the public checks, one per exercise.

The package holds no solution: pictures and the widget take the student's ``Board`` and
run it.
"""

from typing import Any

from .. import widget_name
from . import checks
from .checks import *  # noqa: F403 (the public checks, listed in checks.__all__)
from .model import FIGURE_1, START
from .pictures import BoardPicture, draw_board

#: the widget's names, imported from it when first asked for (:func:`exercises.widget_name`)
WIDGET = ("AbapaGame",)

__all__ = [
    *WIDGET,
    "FIGURE_1",
    "START",
    "BoardPicture",
    "draw_board",
    *checks.__all__,
]


def __getattr__(name: str) -> Any:
    return widget_name(__name__, WIDGET, name)
