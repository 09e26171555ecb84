"""Worksheet 04 in a real JupyterLab: turns of tCHu against the computer, by the keyboard alone.

Opens the solution notebook in the shared JupyterLab, runs only the cells the game widget
needs (``TchuGame(play, seed=2021, your_name="Ada")``), then: tries to keep no initial
ticket, keeps three, draws two cards, draws tickets (tries to keep none, keeps one),
claims a route, then a tunnel. The same answers go to a TchuGame in this process with the
solution's own ``play`` (the same seed deals the same cards), and after each answer the
page must show that game's status and your hand (cards, tickets, routes, cars, points).
Every action is keys: Tab (or Shift+Tab) to a control, every focus visible on the way;
Enter on a button; Home and Shift+arrows in the ticket list, arrows in the route menu.
After each answer the focus is on the next question's first control. The status line
is the widget's one live region, never rebuilt: it says the refusal, then with each
question the moves played since (the computer's and yours). axe-core audits
the widget (``make axe``); it fits at 1280 px, at 200 % zoom beside the file browser and at 400 %;
the map has a text alternative.
The map must be drawn, its station names at least 10 px, and the game log must fit in
the page at 1280 px. Screenshots: test-artifacts/browser/04_*.png; latencies are
printed. (The released notebook's first sight is tested in the browser with worksheet 01,
whose cells run fastest, and in Python for every widget.)
"""

from __future__ import annotations

import pytest

from conftest import ROOT
from course.notebook import solution_namespace
from exercises.tchu import ChMap, TchuGame
from exercises.tchu.widget import MAP_LABEL_POINTS
from support.accessibility import Audit, LiveRegion, fits_every_width, output_of, press, tab_to
from support.browser_steps import (
    ARTIFACTS,
    cells_for,
    overflowing,
    report,
    run_cells,
    text_of,
    timed,
    widget_of,
)
from support.lab_server import open_notebook

pytestmark = pytest.mark.browser

SOLUTION = ROOT / "solutions" / "04_tchu_game.ipynb"
MARKER = "TchuGame(play"


def wait_for_text(page, element, markup: str) -> None:
    """Wait until ``element`` shows the text of ``markup`` (spaces aside)."""
    page.wait_for_function(
        "([el, want]) => el.innerText.replace(/\\s+/g, '') === want",
        arg=[element.element_handle(), text_of(markup)],
    )


def test_play_turns_of_tchu_by_keyboard(lab, page, capsys):
    oracle = TchuGame(solution_namespace(SOLUTION)["play"], seed=2021, your_name="Ada", draw_map=False)
    cells = cells_for(SOLUTION, MARKER)
    latencies: dict[str, list[float]] = {}
    audit = Audit(page, capsys)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def enter_on(target):
        def keys() -> None:
            tab_to(page, target)
            press(page, "Enter")
        return keys

    def pick_tickets(count: int) -> None:
        """In the ticket list: the first ticket by Home, the next ones by Shift+ArrowDown."""
        tab_to(page, tickets)
        press(page, "Home")
        for _ in range(count - 1):
            press(page, "Shift+ArrowDown")
        assert tickets.evaluate("s => [...s.selectedOptions].map(o => o.index)") == list(range(count))
        # the game has them all (each key sends its own change, the last ones may come later)
        widget.get_by_text(f"{count} ticket{'s' if count > 1 else ''} selected", exact=True).wait_for()

    def choose_in(menu, label: str) -> None:
        """Tab to the drop-down ``menu`` and choose ``label`` with the arrow keys."""
        tab_to(page, menu)
        text = "o => o.text.replace(/\u00a0/g, ' ')"  # the page writes spaces as no-break spaces
        want = menu.evaluate(f"(s, label) => [...s.options].map({text}).indexOf(label)", label)
        assert want >= 0, label
        now = menu.evaluate("s => s.selectedIndex")
        for _ in range(abs(want - now)):
            press(page, "ArrowDown" if want > now else "ArrowUp")
        assert menu.evaluate(f"s => ({text})(s.options[s.selectedIndex])") == label
    try:
        open_notebook(page, lab, "solutions/04_tchu_game.ipynb")
        run_cells(page, cells)
        widget = widget_of(page, cells[-1])
        output = output_of(widget)
        status = widget.locator(".course-live")
        live = LiveRegion(output)
        hand = widget.locator(".widget-html").last
        log = widget.locator(".tchu-game-log")
        tickets = widget.locator(".widget-select-multiple select")
        keep = widget.locator(".widget-button", has_text="Keep these")
        route = widget.locator(".widget-dropdown", has_text="Route:").locator("select")
        button = {name: widget.locator(".widget-button", has_text=name)
                  for name in ("Draw 3 tickets", "Draw cards", "Claim")}

        def answered(what: str, action, expect_question: str) -> None:
            """Do ``action`` in the page; the oracle's game must ask ``expect_question`` next,
            and the page must show its status and hand."""
            question = oracle.wait(30)
            assert question is not None and question.method == expect_question, question

            def page_caught_up() -> None:
                wait_for_text(page, hand, oracle.hand.value)
                wait_for_text(page, status, oracle.status.value)

            latencies.setdefault(what, []).append(timed(action, page_caught_up))

        # The five initial tickets, none chosen for you; keeping none is refused.
        assert oracle.wait(30).method == "choose_initial_tickets"
        widget.get_by_text("Keep at least 3 of these tickets").wait_for()
        assert tickets.locator("option").count() == 5
        assert tickets.evaluate("s => [...s.selectedOptions].length") == 0
        page.wait_for_function("s => s === document.activeElement", arg=tickets.element_handle())
        latencies["keep no ticket (refused)"] = [timed(enter_on(keep), widget.get_by_text(
            "Keep at least 3 tickets: 0 selected.").first.wait_for)]
        assert live.wait_for(page, "^Refused: keep at least 3 tickets: 0 selected\\.$")
        img = widget.locator("img")
        img.wait_for()
        assert img.get_attribute("alt") == "Map of Switzerland, 88 routes."
        page.screenshot(path=str(ARTIFACTS / "04_initial_tickets.png"))
        audit.check(output, "04 TchuGame, the initial tickets")
        pick_tickets(3)
        oracle.keep_tickets((0, 1, 2))
        answered("keep 3 tickets", enter_on(keep), "next_turn")
        page.wait_for_function("b => b === document.activeElement", arg=button["Draw 3 tickets"].element_handle())

        # The map: drawn, no wider than the cell, its station names readable.
        natural, width = img.evaluate("i => [i.naturalWidth, i.clientWidth]")
        assert natural > 0 and 0 < width <= natural
        assert MAP_LABEL_POINTS * 80 / 72 * width / natural >= 10, (natural, width)
        assert overflowing(widget) == []
        assert log.evaluate("l => l.getBoundingClientRect().right") <= widget.evaluate(
            "w => w.closest('.jp-Cell').getBoundingClientRect().right")
        page.screenshot(path=str(ARTIFACTS / "04_your_turn.png"))

        # Draw two cards from the deck: the second with the keyboard (focus, Enter).
        oracle.draw_card(-1)
        answered("draw a card", enter_on(button["Draw cards"]), "draw_slot")
        oracle.draw_card(-1)
        answered("draw a second card", enter_on(button["Draw cards"]), "next_turn")
        audit.check(output, "04 TchuGame, your turn")

        # Draw tickets: keeping none is refused, keeping one is taken.
        oracle.draw_tickets()
        answered("draw tickets", enter_on(button["Draw 3 tickets"]), "choose_tickets")
        # the list's options and its focus may come a message after the status and the hand
        from playwright.sync_api import expect

        expect(tickets.locator("option")).to_have_count(3)
        page.wait_for_function("s => s === document.activeElement || s.contains(document.activeElement)",
                               arg=tickets.element_handle())
        enter_on(keep)()
        widget.get_by_text("Keep at least 1 ticket: 0 selected.").first.wait_for()
        pick_tickets(1)
        oracle.keep_tickets((0,))
        answered("keep 1 ticket", enter_on(keep), "next_turn")

        # Claim a route, then a tunnel (the first of each the game offers).
        for kind in ("route", "tunnel"):
            offered = [rid for _label, rid in oracle.route.options if ChMap.route(rid).is_tunnel == (kind == "tunnel")]
            if not offered:
                oracle.draw_card(-1)
                answered("draw a card", enter_on(button["Draw cards"]), "draw_slot")
                oracle.draw_card(-1)
                answered("draw a second card", enter_on(button["Draw cards"]), "next_turn")
                offered = [rid for _l, rid in oracle.route.options if ChMap.route(rid).is_tunnel == (kind == "tunnel")]
            assert offered, f"no {kind} to claim"
            claimed = ChMap.route(offered[0])
            choose_in(route, dict((rid, label) for label, rid in oracle.route.options)[claimed.id])
            oracle.route.value = claimed.id
            oracle.claim(claimed.id, 0)
            answered(f"claim a {kind}", enter_on(button["Claim"]), "next_turn")
            assert claimed.description in log.inner_text()
            page.screenshot(path=str(ARTIFACTS / f"04_claimed_{kind}.png"))
        assert "attempts to claim the tunnel" in log.inner_text()
        # the live region said the moves: yours (as the game writes them) and the computer's
        said = " ".join(live.said())
        assert "Ada drew" in said and "Computer" in said and "attempts to claim the tunnel" in said, said
        assert overflowing(widget) == []
        audit.check(output, "04 TchuGame, routes claimed")
        fits_every_width(page, output)
    finally:
        oracle.stop()
        page.screenshot(path=str(ARTIFACTS / "04_tchu_game.png"))
    report(capsys, "tCHu game widget", latencies)
    audit.finish()

