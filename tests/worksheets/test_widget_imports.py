"""A worksheet's package imports its widget, and with it ipywidgets and IPython, only when
a widget's name is asked for: the hidden tests import the models and checks alone."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

WORKSHEETS = ["start", "jass", "dice421", "abapa", "tchu", "dominations"]


def test_importing_every_worksheet_imports_no_widget_library() -> None:
    program = ("import sys\n"
               f"for name in {WORKSHEETS!r}: __import__('exercises.' + name)\n"
               "print(sorted(m for m in ('ipywidgets', 'IPython', 'anywidget') if m in sys.modules))\n"
               "from exercises.dice421 import TurnWidget\n"
               "print('ipywidgets' in sys.modules, TurnWidget.__module__)\n")
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.splitlines() == ["[]", "True exercises.dice421.widget"]


@pytest.mark.parametrize("name", WORKSHEETS)
def test_every_name_a_worksheet_exports_is_there_and_its_widgets_are_the_widgets(name: str) -> None:
    package = importlib.import_module(f"exercises.{name}")
    widget = importlib.import_module(f"exercises.{name}.widget")
    assert [n for n in package.__all__ if not hasattr(package, n)] == []
    assert all(getattr(package, n) is getattr(widget, n) for n in package.WIDGET)
    assert package.widget is widget
    with pytest.raises(AttributeError, match="has no attribute 'Widgett'"):
        package.Widgett  # noqa: B018 - a name the package does not have
    scope: dict = {}
    exec(f"from exercises.{name} import *", scope)  # noqa: S102 - what a notebook's first cell does
    assert set(package.__all__) <= set(scope)
