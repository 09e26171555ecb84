"""Given code of worksheet 5, Domi'Nations (Kingdomino).

- :mod:`.model`: terrains and their colours, ``Square``, ``Domino``, the 48 dominos as a
  CSV file (``DOMINOS_CSV``), kingdoms as text; ``add_methods``, how a cell adds
  functions to a class as methods; ``MonteCarloPlayer``, the Kingdomino player built on
  ``exercises.ai``'s (whose ``RandomPlayer``, ``play_game``, ``league`` and
  ``plot_league`` the worksheet uses);
- :mod:`.pictures`: SVG pictures of dominos, lines and kingdoms;
- :mod:`.checks`: the public checks of the exercises;
- :mod:`.widget`: ``KingdominoTable``, a whole game against AIs, inline.

The rules are in the worksheet and in the module docstrings; the student writes
``load_dominos``, ``Kingdom``, the greedy AI and ``Game``. Nothing here solves them.
"""

from typing import Any

from .. import widget_name
from .checks import (
    check_game,
    check_game_setup,
    check_game_turn,
    check_greedy,
    check_legal_placements,
    check_load_dominos,
    check_placement,
    check_properties,
    check_ranking,
    check_score,
)
from .model import (
    CASTLE,
    COLORS,
    DOMINOS_CSV,
    LETTERS,
    TERRAINS,
    Domino,
    MonteCarloPlayer,
    Square,
    add_methods,
    format_kingdom,
    parse_kingdom,
)
from .pictures import (
    PLAYER_COLORS,
    domino_svg,
    kingdom_svg,
    line_svg,
    show_domino,
    show_kingdom,
    show_kingdoms,
    show_line,
)

#: the widget's names, imported from it when first asked for (:func:`exercises.widget_name`)
WIDGET = ("KingdominoTable",)

__all__ = [
    *WIDGET,
    "add_methods",
    "CASTLE",
    "COLORS",
    "DOMINOS_CSV",
    "LETTERS",
    "TERRAINS",
    "Domino",
    "Square",
    "format_kingdom",
    "parse_kingdom",
    "PLAYER_COLORS",
    "domino_svg",
    "kingdom_svg",
    "line_svg",
    "show_domino",
    "show_kingdom",
    "show_kingdoms",
    "show_line",
    "check_load_dominos",
    "check_placement",
    "check_legal_placements",
    "check_properties",
    "check_score",
    "check_ranking",
    "check_greedy",
    "check_game_setup",
    "check_game_turn",
    "check_game",
    "MonteCarloPlayer",
]


def __getattr__(name: str) -> Any:
    return widget_name(__name__, WIDGET, name)
