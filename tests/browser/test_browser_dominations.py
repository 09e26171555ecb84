"""Kingdomino in a real JupyterLab: a student plays the ``KingdominoTable`` with the keyboard alone.

The solution notebook 05 runs its definition cells and the widget cell (no league), then
the test takes a domino, previews placements, rotates, flips, is refused with the rule
named, places, and finishes a round, asserting what the page shows after each key: Tab
(or Shift+Tab) to a button, every focus visible on the way, Enter to press it. After a
move the focus is on the next domino to take; after a domino is taken, on the kingdom,
a grid (one Tab stop, arrows, Home and End, never the notebook's keys) whose squares are
named by row, column and content. A whole move of round 3 takes at most 10 key presses.
The message line is the one live region: it says the refusal with its rule, your move and
the AIs', the scores. Squares say their terrain by a letter, kingdoms in words; axe-core
audits the table (``make axe``); it fits at 1280 px with the side panel open, at 200 % zoom
beside it and at 400 %. The released notebook's widget, built on the stubs, says what to
write first. Screenshots go to test-artifacts/browser/05_*.png; each click's latency is
printed, not asserted.
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from exercises.dominations.model import LETTERS
from support.accessibility import (
    Audit,
    LiveRegion,
    arrow_to,
    fits_every_width,
    focused,
    press,
    start_at,
    tab_to,
    walk_grid,
)
from support.browser_steps import ARTIFACTS, open_widget, overflow, report, timed
from support.lab_server import stop_kernels

pytestmark = pytest.mark.browser

SOLUTION = "solutions/05_dominations.ipynb"
RELEASED = "notebooks/05_dominations.ipynb"
WIDGET = "KingdominoTable(Game"


#: The kingdom's side in squares (a 5 x 5 kingdom lies anywhere in 9 x 9).
SIDE = 9


def square(page, row: int, column: int):
    return page.locator("[role=grid] button").nth(row * SIDE + column)


def marked(page):
    """The squares of the page that show the preview mark."""
    return page.locator("[role=grid] button", has_text="◆")


def test_play_a_round_of_kingdomino_by_keyboard(lab, page, capsys):
    from playwright.sync_api import expect

    latencies: dict[str, list[float]] = defaultdict(list)
    audit = Audit(page, capsys)

    def enter_on(target):
        """What pressing ``target`` is for a keyboard user: Tab to it, Enter."""
        def keys() -> None:
            tab_to(page, target, most=160)
            press(page, "Enter")
        return keys

    try:
        _, output = open_widget(page, lab, SOLUTION, WIDGET)
        status = output.get_by_text(re.compile(r"^Your turn: "))
        # the cell runs the AIs' first moves: a shared machine may take its time
        expect(status).to_contain_text("put your king on a domino of the line")
        page.screenshot(path=str(ARTIFACTS / "05_start.png"))
        audit.check(output, "05 KingdominoTable, the start")
        live = LiveRegion(output)
        kingdom = output.locator("[role=grid]")
        assert square(page, 4, 4).get_attribute("aria-label") == "row 4, column 4: castle"
        assert square(page, 4, 5).get_attribute("aria-label") == "row 4, column 5: empty"

        # Round 1: take a domino (nothing to place yet); the AIs answer, round 2 starts.
        take = output.locator(".widget-button:not([disabled])", has_text=re.compile(r"^Take \d+$")).first
        start_at(page, take)
        latencies["take (round 1)"].append(timed(
            enter_on(take), lambda: expect(status).to_contain_text("place domino")))
        assert output.locator(".widget-button", has_text=re.compile(r"^Take ")).count() == 4

        # Round 2: take a domino of the new line, then choose where the previous one goes.
        take = output.locator(".widget-button:not([disabled])", has_text=re.compile(r"^Take \d+$")).first
        number = take.inner_text().split()[1]
        # the move put the focus on the first domino of the new line to take
        assert focused(page)["text"].startswith("Take ") and focused(page)["visible"], focused(page)
        latencies["take"].append(timed(
            enter_on(take), lambda: expect(output.get_by_text(f"Your king is on domino {number}.")).to_be_visible()))
        # the focus went to the kingdom, right of the castle: arrows walk it, not the notebook
        page.wait_for_function("g => g.contains(document.activeElement)", arg=kingdom.element_handle())
        assert focused(page)["text"] == "row 4, column 5: empty", focused(page)
        walk_grid(page, kingdom)

        # Previews: only the two squares of the last preview carry the mark.
        for row, column in ((0, 0), (1, 1), (2, 6), (6, 6)):
            arrow_to(page, kingdom, row, column)
            latencies["preview"].append(timed(
                lambda: press(page, "Enter"),
                lambda row=row, column=column: expect(square(page, row, column)).to_contain_text("◆")))
            assert live.wait_for(page, f"^Preview: row {row}, column {column} and row {row}, column {column + 1}\\.")
            expect(marked(page)).to_have_count(2)
            expect(square(page, row, column + 1)).to_contain_text("◆")

        to_place = output.get_by_text(re.compile(r"^second half: "))
        expect(to_place).to_have_text("second half: right")
        latencies["rotate"].append(timed(
            enter_on(output.locator(".widget-button", has_text="Rotate")),
            lambda: expect(to_place).to_have_text("second half: down")))
        expect(square(page, 7, 6)).to_contain_text("◆")
        expect(marked(page)).to_have_count(2)
        latencies["flip"].append(timed(
            enter_on(output.locator(".widget-button", has_text="Flip")),
            lambda: expect(to_place).to_have_text("second half: down, flipped")))

        # Far from the castle: refused, with the rule named; the kingdom is unchanged.
        mine = output.get_by_text(re.compile(r"^you \(pink\): \d+$"))
        before = mine.text_content()
        refusal = output.get_by_text(re.compile(r"^Refused: "))
        latencies["place (refused)"].append(timed(
            enter_on(output.locator(".widget-button", has_text="Place")),
            lambda: expect(refusal).to_contain_text("must touch the castle")))
        assert "must touch the castle" in live.wait_for(page, "^Refused: ")
        assert mine.text_content() == before
        assert [square(page, 4, column).inner_text().strip() for column in (3, 4, 5)] == ["", "♜", ""]
        page.screenshot(path=str(ARTIFACTS / "05_refused.png"))
        audit.check(output, "05 KingdominoTable, a placement refused")

        # Rotate four times more: Enter again and again on the focused button.
        rotate = output.locator(".widget-button", has_text="Rotate")
        latencies["rotate (Enter key)"].append(timed(
            enter_on(rotate),
            lambda: expect(to_place).to_have_text("second half: left, flipped")))
        for _ in range(3):  # left -> up -> right -> down
            page.keyboard.press("Enter")
        expect(to_place).to_have_text("second half: down, flipped")

        # Next to the castle (4, 4): placed; the AIs play and round 3 starts.
        tab_to(page, kingdom.locator('[tabindex="0"]'))
        arrow_to(page, kingdom, 4, 5)
        latencies["preview"].append(timed(
            lambda: press(page, "Enter"), lambda: expect(square(page, 5, 5)).to_contain_text("◆")))
        expect(marked(page)).to_have_count(2)
        latencies["place"].append(timed(
            enter_on(output.locator(".widget-button", has_text="Place")),
            lambda: expect(refusal).to_have_count(0)))
        expect(marked(page)).to_have_count(0)
        expect(status).to_contain_text("place domino")
        for row, column in ((4, 5), (5, 5)):
            color = square(page, row, column).evaluate("button => getComputedStyle(button).backgroundColor")
            assert color != "rgb(241, 243, 245)", f"square {(row, column)} still looks empty"
            # not by colour alone: the square's letter, its terrain in words in its title
            assert square(page, row, column).inner_text().strip()[:1] in LETTERS.values()
        page.wait_for_function("() => document.activeElement.innerText.startsWith('Take ')")
        assert focused(page)["visible"]
        said = live.said()[-1]
        assert re.match(
            r"You placed domino \d+ at row 5, column 5 and row 4, column 5, and took domino \d+\. ", said), said
        assert re.search(r"AI \d (placed|discarded) domino \d+.*Scores: you \d+", said), said
        expect(output.get_by_role("img", name=re.compile(r"^you \(pink\): \d+: \w+: \d+ squares?"))).to_have_count(1)
        audit.check(output, "05 KingdominoTable, round 3")

        # Round 3, a whole move by keys, counted: take (focus on the kingdom), two arrows, Enter
        # to preview above the castle, three Tabs to Place, Enter.
        keys = 1
        press(page, "Enter")
        page.wait_for_function("g => g.contains(document.activeElement)", arg=kingdom.element_handle())
        keys += arrow_to(page, kingdom, 3, 4)
        press(page, "Enter")
        keys += 1
        expect(marked(page)).to_have_count(2)
        keys += tab_to(page, output.locator(".widget-button", has_text="Place"))
        press(page, "Enter")
        keys += 1
        assert live.wait_for(page, r"^You placed domino \d+ at row 3, column 4 and row 3, column 5")
        assert keys <= 10, f"a move took {keys} key presses"
        with capsys.disabled():
            print(f"\nKingdomino: a move of round 3 took {keys} key presses")

        # Nothing overflows at 1280 px: the four kingdoms fit the output area.
        kingdoms = output.locator("svg").last
        kingdoms.scroll_into_view_if_needed()
        widths = overflow(output)
        assert widths["scroll"] <= widths["client"], f"the table overflows its output area: {widths}"
        fits_every_width(page, output)
        report(capsys, "Kingdomino", latencies)
    finally:
        page.screenshot(path=str(ARTIFACTS / "05_round.png"), full_page=True)
        stop_kernels(lab)
    audit.finish()


def test_the_released_notebook_says_what_to_write_first(lab, page):
    from playwright.sync_api import expect

    try:
        _, output = open_widget(page, lab, RELEASED, WIDGET)
        expect(output.get_by_text(re.compile(r"^Write `Game` first"))).to_contain_text(
            "then run this cell again")
        assert "Traceback" not in output.inner_text()
        enabled = output.locator(".widget-button:not([disabled]):visible")
        assert enabled.count() == 0, [enabled.nth(i).inner_text() for i in range(enabled.count())]
        output.scroll_into_view_if_needed()
    finally:
        page.screenshot(path=str(ARTIFACTS / "05_released.png"))
        stop_kernels(lab)
