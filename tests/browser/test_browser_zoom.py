"""What the zoom tests of the game widgets (``support.accessibility.fits_every_width``, at
200 % beside the file browser and at 400 %) count as text a student cannot read: checked
on small pages of known faults, in headless Chromium, without JupyterLab."""

from __future__ import annotations

import pytest

from support.browser_steps import overflowing

pytestmark = pytest.mark.browser

#: A cell 200 px wide holding a widget (``.widget-box``) of what ``body`` is.
PAGE = """<div class="jp-Cell" style="width:200px;font:13px sans-serif">
  <div class="widget-box" style="display:flex;flex-direction:column;overflow:auto">{body}</div></div>"""

CUT_BUTTON = '<button style="width:60px;overflow:hidden;white-space:nowrap">Throw marked dice</button>'
PAST_THE_EDGE = '<div style="width:320px">a status line longer than the widget is wide</div>'
UNNAMED_SCROLL = '<div style="overflow-x:auto"><div style="width:400px">a board</div></div>'
NAMED_SCROLL = ('<div role="region" aria-label="the board: it scrolls sideways" style="overflow-x:auto">'
                '<div style="width:400px"><button>pit 0</button> a board</div></div>')
WRAPPED = '<div style="display:flex;flex-wrap:wrap"><button>Throw marked dice</button><button>Keep</button></div>'


def faults(page, body: str) -> list[str]:
    page.set_content(PAGE.format(body=body))
    return overflowing(page.locator(".widget-box"))


def test_a_cut_label_text_past_the_edge_and_an_unnamed_scroll_are_faults(page):
    assert any("cuts its text" in fault and "Throw marked dice" in fault for fault in faults(page, CUT_BUTTON))
    assert any("past the widget's right edge" in fault for fault in faults(page, PAST_THE_EDGE))
    assert any("scrolls sideways" in fault for fault in faults(page, UNNAMED_SCROLL))


def test_a_board_that_says_it_scrolls_and_wrapped_controls_are_not(page):
    assert faults(page, NAMED_SCROLL) == []
    assert faults(page, WRAPPED) == []
    # named, but nothing in it for the keyboard to scroll it with: a fault
    assert faults(page, NAMED_SCROLL.replace("<button>pit 0</button>", ""))
