"""Abapa in a real JupyterLab: a student plays ``AbapaGame`` against the computer by clicks,
then a whole game with the keyboard alone.

The solution notebook 03 runs its definition cells and the widget cell as written (the
default computer: alpha-beta with one second a move): a double click on a pit plays it
once while the page shows the computer thinking. Then the widget cell, changed in the
page, starts a short seeded game (a position near the end, a depth-2 computer), played to
its end with the keyboard alone: the pits are one grid (one Tab stop, the arrow keys, Home
and End move in it, never the notebook), each pit named with its seeds; Enter plays, the
focus stays on the pit while the computer thinks, then goes to the first pit you can play.
The status line is the widget's one live region, its element never rebuilt: it says your
move, the computer's, a refusal with its reason, the kalahs and the end. axe-core audits
the widget (``make axe``); it fits at 1280 px, at 200 % zoom beside the file browser and at 400 %.
Screenshots go to
test-artifacts/browser/03_*.png; each click's latency is printed, not asserted.
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from support.accessibility import (
    Audit,
    LiveRegion,
    fits_every_width,
    focused,
    has_focus,
    press,
    start_at,
    walk_grid,
)
from support.browser_steps import ARTIFACTS, open_widget, overflow, report, run_cell, timed
from support.lab_server import stop_kernels

pytestmark = pytest.mark.browser

SOLUTION = "solutions/03_abapa.ipynb"
WIDGET = "AbapaGame(Board)"
#: A short game: player 0 to move, near the end; the computer searches 2 plies.
SHORT_GAME = (
    "AbapaGame(lambda: Board([2, 1, 2, 1, 0, 3, 18, 2, 1, 2, 0, 1, 2, 13], 0), opponent=ai.AlphaBetaPlayer(depth=2))"
)
#: Playing the lowest legal pit each time, the pits of each side (replayed with the solution).
MINE = [0, 1, 0, 1, 2, 3, 4, 5]
THEIRS = [1, 5, 4, 5, 2, 3, 4]


def enabled_pits(output) -> list[int]:
    pits = output.locator('[role=grid] button[aria-disabled="false"]')
    return [int(pits.nth(i).inner_text().split()[1]) for i in range(pits.count())]


def pit(output, number: int):
    return output.locator("[role=grid] button").nth(number)


def test_play_abapa_against_the_computer_by_clicks_then_keyboard(lab, page, capsys):
    from playwright.sync_api import expect

    latencies: dict[str, list[float]] = defaultdict(list)
    audit = Audit(page, capsys)
    try:
        cell, output = open_widget(page, lab, SOLUTION, WIDGET)
        status = output.locator(".course-live")
        expect(status).to_have_text("Your move: click one of the pits [0, 1, 2, 3, 4, 5].")
        live = LiveRegion(output)
        assert pit(output, 2).get_attribute("aria-label") == "pit 2: 4 seeds"
        page.screenshot(path=str(ARTIFACTS / "03_start.png"))
        board = output.get_by_role("img", name=re.compile(r"^Abapa board\. player 0: pits 4 4 4 4 4 4, kalah 0;"))
        expect(board).to_have_count(1)
        audit.check(output, "03 AbapaGame, the start")

        # A double click: pit 5 is played once, the computer thinks (shown, pits disabled),
        # and the second click is not replayed on the new position.
        # (the second click, refused, may say "Wait: ..." over it: the recorded sentences are checked)
        latencies["show thinking"].append(timed(
            pit(output, 5).dblclick,
            lambda: live.wait_for(page, "^You played pit 5\\. The computer is thinking…$")))
        assert enabled_pits(output) == []
        expect(output.get_by_text("player 1: kalah 0 (to move)")).to_have_count(1)
        page.screenshot(path=str(ARTIFACTS / "03_thinking.png"))
        audit.check(output, "03 AbapaGame, the computer thinking")
        latencies["answer after 'thinking'"].append(timed(
            lambda: None,
            lambda: expect(status).to_contain_text("The computer played pit")))
        expect(output.get_by_text("player 0: kalah 1 (to move)")).to_have_count(1)
        said = live.said()
        assert "You played pit 5. The computer is thinking…" in said, said
        assert re.fullmatch(r"The computer played pit \d\. Your move: one of \[[\d, ]+\]\. "
                            r"Kalahs: you 1, the computer \d+\.", said[-1]), said
        assert "error" not in output.text_content().replace("course-error", "")
        assert 5 not in enabled_pits(output)  # pit 5 is empty: played once, not twice

        # A short seeded game to its end with the keyboard alone.
        run_cell(page, cell, SHORT_GAME)
        status = output.locator(".course-live")
        expect(status).to_have_text("Your move: click one of the pits [0, 1, 2, 3, 5].")
        live = LiveRegion(output)
        start_at(page, pit(output, MINE[0]))
        # one Tab stop: the arrow keys walk the pits, Tab leaves them for New game
        names = walk_grid(page, output.locator("[role=grid]"))
        assert names[:2] == ["pit 0: 2 seeds", "pit 1: 1 seed"], names
        press(page, "Tab")
        assert has_focus(output.locator(".widget-button", has_text="New game"))
        press(page, "Shift+Tab")
        press(page, "Home")
        # an empty pit (4) refused, its reason said; the focus stays
        press(page, "End")
        press(page, "ArrowLeft")
        press(page, "Enter")
        refused = live.wait_for(page, "Your move was not played")
        assert "ValueError" in refused and "4" in refused, refused
        press(page, "Home")
        for move, mine in enumerate(MINE):
            legal = enabled_pits(output)
            assert legal and legal[0] == mine, (move, legal)
            if move == 1:  # along the pits and back, with the arrows
                for _ in range(legal[-1] - mine):
                    press(page, "ArrowRight")
                assert has_focus(pit(output, legal[-1]))
                for _ in range(legal[-1] - mine):
                    press(page, "ArrowLeft")
            # the computer's answer put the focus on the first pit to play
            assert has_focus(pit(output, mine)) and focused(page)["visible"], (move, focused(page))
            if move < len(THEIRS):
                expected = f"The computer played pit {THEIRS[move]}. Your move: one of "
            else:
                expected = "You win, 25 to 16. Click New game to play again."
            latencies["pit by Enter (computer answers)"].append(timed(
                lambda: press(page, "Enter"), lambda expected=expected: expect(status).to_contain_text(expected)))
            # the focus stayed in the pits while the computer played, never on the page's body
            assert has_focus(output.locator("[role=grid]")) or has_focus(
                output.locator(".widget-button", has_text="New game")), focused(page)
            shown = re.search(r"one of (\[[\d, ]*\])", status.inner_text())
            if shown:
                assert str(enabled_pits(output)) == shown.group(1)
                page.wait_for_function("e => e === document.activeElement",
                                       arg=pit(output, enabled_pits(output)[0]).element_handle())
        page.wait_for_function("e => e === document.activeElement",
                               arg=output.locator(".widget-button", has_text="New game").element_handle())
        expect(output.get_by_text("player 0: kalah 25")).to_have_count(1)
        expect(output.get_by_text("player 1: kalah 16")).to_have_count(1)
        assert "(to move)" not in output.text_content()  # nobody is to move at the end
        said = live.said()
        assert said[-1] == "You win, 25 to 16. Click New game to play again.", said
        assert sum("The computer played" in s for s in said) >= len(THEIRS) - 1, said
        assert enabled_pits(output) == []
        widths = overflow(output)
        assert widths["scroll"] <= widths["client"], f"the widget overflows its output area: {widths}"
        audit.check(output, "03 AbapaGame, the end")
        fits_every_width(page, output)
        output.scroll_into_view_if_needed()
        report(capsys, "Abapa", latencies)
    finally:
        page.screenshot(path=str(ARTIFACTS / "03_end.png"))
        stop_kernels(lab)
    audit.finish()
