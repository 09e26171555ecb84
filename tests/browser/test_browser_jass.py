"""Worksheet 01 in a real JupyterLab: the meld picker played by clicks, then by the keyboard alone.

Opens the solution notebook in the shared JupyterLab (conftest's ``lab``), runs only the
cells the widget needs, then clears the hand, picks nine cards by clicking them, reads the
meld sets the page lists (compared with the solution's own ``MeldSet``), deals with the
keyboard and checks that no meld-set list overflows at 1280 px (side panel open) or at
200 % zoom; then picks the same hand again with Tab and Space alone, every focus visible;
axe-core audits the widget along the way (``make axe``). Then it opens the
RELEASED notebook in the same page, where ``MeldSet`` is a stub: the widget is one
sentence, no card to click. Screenshots: test-artifacts/browser/01_*.png; click latencies are printed.
"""

from __future__ import annotations

import random
import re

import pytest

from conftest import ROOT
from course.notebook import solution_namespace
from exercises.jass import Card, deal, parse_cards
from support.accessibility import Audit, fits_every_width, has_focus, output_of, press, start_at, tab_to
from support.browser_steps import (
    ARTIFACTS,
    MISSING_CODE,
    cell,
    cells_for,
    open_from_path,
    overflowing,
    press_enter_on,
    report,
    run_cells,
    timed,
    widget_of,
)
from support.lab_server import open_notebook

pytestmark = pytest.mark.browser

SOLUTION = ROOT / "solutions" / "01_jass_melds.ipynb"
#: A hand of 7 melds (runs of 3, 4 and 5 in spades, the four nines) that share ♠9 and more.
PICKED = "♠6 ♠7 ♠8 ♠9 ♠10 ♡9 ♢9 ♣9 ♡A"


def card_button(widget, card: Card):
    return widget.locator("button.widget-toggle-button").filter(has_text=re.compile(f"^{re.escape(str(card))}$"))


def test_pick_a_hand_by_clicking_cards_and_see_the_best_meld_set(lab, page, capsys):
    solution = solution_namespace(SOLUTION)
    meld_set = solution["MeldSet"]
    cells = cells_for(SOLUTION, "MeldPicker(MeldSet")
    latencies: dict[str, list[float]] = {"pick a card": [], "clear": [], "deal (Enter key)": [],
                                         "pick a card (Tab, Space)": []}
    audit = Audit(page, capsys)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        open_notebook(page, lab, "solutions/01_jass_melds.ipynb")
        run_cells(page, cells)
        widget = widget_of(page, cells[-1])
        widget.get_by_text("9 of 9 cards picked.").wait_for()
        widget.get_by_text("6 meld sets").wait_for()
        page.screenshot(path=str(ARTIFACTS / "01_example_hand.png"))
        output = output_of(widget)
        audit.check(output, "01 MeldPicker, the example hand")
        assert widget.get_by_role("img", name=re.compile(r"^hand: ♠")).count() == 1

        clear = widget.locator(".widget-button", has_text="Clear")
        latencies["clear"].append(timed(clear.click, widget.get_by_text("0 of 9 cards picked.").wait_for))
        widget.get_by_text("1 meld set").wait_for()
        assert widget.locator("button.widget-toggle-button.mod-active").count() == 0

        hand = parse_cards(PICKED)
        for count, card in enumerate(hand, start=1):
            button = card_button(widget, card)
            latencies["pick a card"].append(
                timed(button.click, widget.get_by_text(f"{count} of 9 cards picked.").wait_for)
            )
            assert "mod-active" in (button.get_attribute("class") or "")
        expected = meld_set.all_in(hand)
        best = max(m.points() for m in expected)
        widget.get_by_text(f"{len(expected)} meld sets").wait_for()
        assert best == 170  # the four nines and ♠6 ♠7 ♠8
        assert widget.get_by_text(re.compile(rf"^\s*{best} points \(best\)")).count() == 1
        assert widget.get_by_text(re.compile(r"points")).count() == len(expected)
        assert overflowing(widget) == []
        page.screenshot(path=str(ARTIFACTS / "01_picked_hand.png"))

        tenth = card_button(widget, Card.parse("♣A"))
        tenth.click()
        widget.get_by_text("A hand has 9 cards: unpick one before picking ♣A.").wait_for()
        assert "mod-active" not in (tenth.get_attribute("class") or "")

        dealt = deal(random.Random(36), 9)  # the widget's first deal (seed=36)
        deal_button = widget.locator(".widget-button", has_text="Deal")
        dealt_sets = meld_set.all_in(dealt)
        latencies["deal (Enter key)"].append(timed(
            lambda: press_enter_on(page, deal_button),
            lambda: widget.get_by_text(f"{len(dealt_sets)} meld set{'s' if len(dealt_sets) != 1 else ''}").wait_for(),
        ))
        for card in dealt:
            assert "mod-active" in (card_button(widget, card).get_attribute("class") or "")
        assert widget.locator("button.widget-toggle-button.mod-active").count() == 9
        assert overflowing(widget) == []
        page.screenshot(path=str(ARTIFACTS / "01_jass_melds.png"))
        fits_every_width(page, output)

        # The keyboard alone, from Deal (focused): Tab to Clear, Enter; then each card of
        # the hand by Tab (or Shift+Tab) and Space; every focus visible on the way.
        start_at(page, deal_button)
        tab_to(page, clear)
        press(page, "Enter")
        widget.get_by_text("0 of 9 cards picked.").wait_for()
        for count, card in enumerate(hand, start=1):
            tab_to(page, card_button(widget, card))
            latencies["pick a card (Tab, Space)"].append(
                timed(lambda: press(page, "Space"), widget.get_by_text(f"{count} of 9 cards picked.").wait_for))
            assert has_focus(card_button(widget, card))
        widget.get_by_text(f"{len(expected)} meld sets").wait_for()
        assert widget.get_by_text(re.compile(rf"^\s*{best} points \(best\)")).count() == 1
        audit.check(output, "01 MeldPicker, a hand picked by keyboard")

        # The released notebook, where MeldSet is a stub: one sentence, nothing to click.
        released = ROOT / "notebooks" / "01_jass_melds.ipynb"
        cells = cells_for(released, "MeldPicker(MeldSet")
        open_from_path(page, "notebooks/01_jass_melds.ipynb")
        run_cells(page, cells)
        outputs = cell(page, cells[-1]).locator(".jp-OutputArea-output")
        sentence = outputs.get_by_text(MISSING_CODE)
        sentence.wait_for()
        said = MISSING_CODE.fullmatch(sentence.inner_text().strip())
        assert said and said.group(1) == "MeldSet.all_in", sentence.inner_text()
        assert outputs.count() == 1 and "Error" not in outputs.inner_text()
        assert outputs.locator("button, img, select, input").count() == 0
    finally:
        page.screenshot(path=str(ARTIFACTS / "01_last_state.png"))
    report(capsys, "Jass meld picker", latencies)
    audit.finish()

