"""Tabletop Python: given code, pictures, widgets and checks for five game worksheets.

Each worksheet has a subpackage (``exercises.start``, ``exercises.jass``,
``exercises.dice421``, ``exercises.abapa``, ``exercises.tchu``, ``exercises.dominations``)
with the same layout: ``model`` (the rules and data the worksheet gives), ``pictures``,
``widget`` and ``checks`` (the public checks), and an ``__init__`` that re-exports them.
A worksheet imports only the shared layer: ``exercises.checks`` (the check machinery),
``exercises.display`` (pictures' values), ``exercises.ui`` (running student code in a
widget), ``exercises.ai`` (players, games and leagues) and ``exercises.i18n`` (the
language of the messages, English or French). The package never holds the
solution of an exercise.
"""

__version__ = "0.1.0"

import importlib
from collections.abc import Collection
from typing import Any

from .i18n import decimal_commas, get_language, number, percent, set_language, shown

__all__ = ["decimal_commas", "get_language", "number", "percent", "set_language", "shown"]


def widget_name(package: str, names: Collection[str], name: str) -> Any:
    """``package.widget.name``, the widget module imported now, when ``name`` is one of its
    ``names`` (a worksheet package's ``__getattr__``): a widget imports ipywidgets and
    IPython, which the hidden tests, importing a worksheet's model and checks, never need."""
    if name == "widget" or name in names:
        widget = importlib.import_module(f"{package}.widget")
        return widget if name == "widget" else getattr(widget, name)
    raise AttributeError(f"module {package!r} has no attribute {name!r}")
