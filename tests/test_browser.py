"""A real JupyterLab in headless Chromium: open notebook 00, run it, click the widget.

Needs Debian's ``chromium`` (``.ci/run`` installs it) and Playwright's Python package,
which drives that browser through ``executable_path`` (fixtures ``lab``, ``page`` of
conftest.py). The screenshot of the last state is kept in test-artifacts/browser/, on
failure as well.
"""

from __future__ import annotations

import random

import pytest

from conftest import ROOT
from lab_server import open_notebook, run_all_cells

ARTIFACTS = ROOT / "test-artifacts" / "browser"

pytestmark = pytest.mark.browser


def test_run_notebook_00_and_click_the_dice_roller(lab, page):
    rng = random.Random(421)
    dice = [rng.randint(1, 6) for _ in range(3)]
    expected = f"Dice {dice}: total = {sum(dice)}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        open_notebook(page, lab, "solutions/00_start_here.ipynb")
        run_all_cells(page)
        page.get_by_text("All 4 examples pass.").first.wait_for()
        roll = page.locator(".widget-button", has_text="Roll")
        roll.wait_for()
        page.get_by_text("Click Roll to throw three dice.").wait_for()
        roll.click()
        page.get_by_text(expected).wait_for()
        roll.scroll_into_view_if_needed()
    finally:
        page.screenshot(path=str(ARTIFACTS / "00_start_here.png"))
