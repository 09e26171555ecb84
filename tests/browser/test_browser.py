"""A real JupyterLab in headless Chromium: open notebook 00, run it, roll the dice roller
with the mouse, then with the keyboard alone; audit it with axe-core; it fits at 200 % zoom.

Needs Debian's ``chromium`` (``.ci/run`` installs it) and Playwright's Python package,
which drives that browser through ``executable_path`` (fixtures ``lab``, ``page`` of
conftest.py); the audit needs axe-core (``make axe``). The screenshot of the last state is
kept in test-artifacts/browser/, on failure as well.
"""

from __future__ import annotations

import random
import re

import pytest

from conftest import ROOT
from support.accessibility import Audit, fits_every_width, focused, output_of, press, start_at
from support.lab_server import open_notebook, run_all_cells

ARTIFACTS = ROOT / "test-artifacts" / "browser"

pytestmark = pytest.mark.browser


def test_run_notebook_00_and_roll_the_dice_by_mouse_and_keyboard(lab, page, capsys):
    rng = random.Random(421)
    rolls = [[rng.randint(1, 6) for _ in range(3)] for _ in range(3)]
    audit = Audit(page, capsys)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        open_notebook(page, lab, "solutions/00_start_here.ipynb")
        run_all_cells(page)
        page.get_by_text(re.compile(r"All \d+ examples pass\.")).first.wait_for()
        roll = page.locator(".widget-button", has_text="Roll")
        roll.wait_for()
        output = output_of(roll)
        page.get_by_text("Click Roll to throw three dice.").wait_for()
        audit.check(output, "00 DiceRoller, before a roll")
        roll.click()
        page.get_by_text(f"Dice {rolls[0]}: total = {sum(rolls[0])}").wait_for()
        # the dice's picture says them in words
        assert output.get_by_role("img", name=f"dice {' '.join(map(str, rolls[0]))}").count() == 1
        # the keyboard alone: Enter, then Space, on the focused Roll button
        start_at(page, roll)
        for key, dice in zip(("Enter", "Space"), rolls[1:]):
            press(page, key)
            page.get_by_text(f"Dice {dice}: total = {sum(dice)}").wait_for()
            assert focused(page)["text"] == "Roll"
        audit.check(output, "00 DiceRoller, after rolls")
        fits_every_width(page, output)
        roll.scroll_into_view_if_needed()
    finally:
        page.screenshot(path=str(ARTIFACTS / "00_start_here.png"))
    audit.finish()
