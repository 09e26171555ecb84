"""Worksheet 02 in a real JupyterLab: a game of 421 against the computer, by clicks only.

Opens the solution notebook in the shared JupyterLab, runs only the cells the game
widget needs (``GameWidget(play_game, tokens=10, opponent=hunt_421, seed=7)``), then
throws, marks a die, throws the marked die, keeps, round after round, to the verdict.
The same clicks are played on a GameWidget in this process with the solution's own
``play_game`` (the same seed throws the same dice), and after each click the page must
show what that widget shows: the dice, the status, the round, the totals. Screenshots:
test-artifacts/browser/02_*.png; click latencies are printed.
"""

from __future__ import annotations

import re

import pytest

from lab_server import open_notebook
from browser_steps import (
    ARTIFACTS, cells_for, overflowing, press_enter_on, report, run_cells, shown, text_of,
    timed, widget_of,
)
from conftest import ROOT
from course.notebook import solution_namespace
from exercises.dice421 import GameWidget, hunt_421

pytestmark = pytest.mark.browser

SOLUTION = ROOT / "solutions" / "02_dice_421.ipynb"


def test_play_421_against_the_computer_to_a_verdict(lab, page, capsys):
    oracle = GameWidget(solution_namespace(SOLUTION)["play_game"], tokens=10, opponent=hunt_421, seed=7)
    cells = cells_for(SOLUTION, "opponent=hunt_421")
    latencies: dict[str, list[float]] = {"throw": [], "mark a die": [], "throw marked dice": [], "keep": []}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        open_notebook(page, lab, "solutions/02_dice_421.ipynb")
        run_cells(page, cells)
        widget = widget_of(page, cells[-1])
        dice = widget.locator("button.widget-toggle-button")
        throw = widget.locator(".widget-button", has_text="Throw")
        keep = widget.locator(".widget-button", has_text="Keep")
        counters = widget.locator(".widget-html").first

        def same_as_oracle() -> None:
            """The page shows the oracle's dice, status, counters and verdict."""
            panel = oracle.panel
            for position, button in enumerate(panel.dice_buttons):
                assert dice.nth(position).inner_text().strip() == button.description
                marked = "mod-active" in (dice.nth(position).get_attribute("class") or "")
                assert marked == button.value
            assert shown(counters) == text_of(oracle.counters.value)
            assert text_of(oracle.who.value) in shown(widget)
            if oracle.verdict.value:
                assert text_of(oracle.verdict.value) in shown(widget)

        widget.get_by_text("Click Throw to throw the three dice.").wait_for()
        assert shown(counters) == "Player1:10tokensComputer:10tokens"
        page.screenshot(path=str(ARTIFACTS / "02_start.png"))

        rounds = 0
        while not oracle.table.over:
            assert rounds < 40, "the game went on for 40 rounds"
            rounds += 1
            oracle.panel.throw_button.click()
            first = oracle.panel.status.value
            if rounds == 2:  # a keyboard user: focus Throw, press Enter
                latencies["throw"].append(timed(lambda: press_enter_on(page, throw),
                                                widget.get_by_text(first).wait_for))
            else:
                latencies["throw"].append(timed(throw.click, widget.get_by_text(first).wait_for))
            same_as_oracle()
            if rounds % 2 == 1:  # odd rounds: mark the first die and throw it again
                oracle.panel.dice_buttons[0].value = True
                latencies["mark a die"].append(timed(
                    dice.nth(0).click,
                    lambda: widget.locator("button.widget-toggle-button.mod-warning").first.wait_for(),
                ))
                assert throw.inner_text().strip() == "Throw marked dice"
                label = throw.evaluate("b => [b.scrollWidth, b.clientWidth]")
                assert label[0] <= label[1], f"the Throw button's label is cut: {label}"
                oracle.panel.throw_button.click()
                second = oracle.panel.status.value
                latencies["throw marked dice"].append(timed(throw.click, widget.get_by_text(second).wait_for))
                same_as_oracle()
                if rounds == 1:
                    page.screenshot(path=str(ARTIFACTS / "02_marked_and_rethrown.png"))
            oracle.panel.keep_button.click()
            verdict = (f"Round {rounds}" if not oracle.table.over else
                       f"{oracle.names[oracle.table.winner - 1]} has no tokens left and wins the game!")
            latencies["keep"].append(timed(keep.click, widget.get_by_text(verdict).first.wait_for))
            same_as_oracle()

        assert rounds >= 2
        winner = oracle.names[oracle.table.winner - 1]
        widget.get_by_text(f"{winner} has no tokens left and wins the game!").wait_for()
        page_text = shown(widget)
        assert re.search(r"-\d+ tokens?|−\d", page_text) is None, page_text
        assert f"{winner}:notokensleft".replace(" ", "") in shown(counters)
        assert throw.is_disabled() and keep.is_disabled()
        assert overflowing(widget) == []
        widget.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "02_verdict.png"))
        with capsys.disabled():
            print(f"\n421: {rounds} rounds to the verdict, totals printed by play_game {oracle.table.totals}")
    finally:
        page.screenshot(path=str(ARTIFACTS / "02_dice_421.png"))
    report(capsys, "421 game widget", latencies)
