"""Accessibility steps of the browser tests: an axe-core audit of one part of the page, keyboard
moves that check the focus stays visible, and the page at another zoom.

axe-core is the npm package ``make axe`` installs next to the venv (``.venv/axe``, a
prerequisite of ``make test``). Without it the audit is not run: :class:`Audit` remembers
that and :meth:`Audit.finish` skips the test with the reason, after everything else it
checked. The audit keeps the WCAG 2.0 and 2.1 A and AA rules; a violation of impact
"serious" or "critical" fails; the others are printed.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from conftest import ROOT

AXE = Path(os.environ.get("AXE_CORE", ROOT / ".venv" / "axe" / "node_modules" / "axe-core" / "axe.min.js"))
#: The rules kept: WCAG 2.0 and 2.1, levels A and AA.
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FAILING = ("serious", "critical")
#: Where the audits' findings are written (one JSON line per audit), for the record.
LOG = ROOT / "test-artifacts" / "accessibility" / "axe.jsonl"

RUN_AXE = """async ([element, tags]) => {
    const result = await axe.run(element, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
    return result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').split('\\n').slice(1, 2).join('')),
    }));
}"""


class Audit:
    """axe-core audits of parts of one page; ``findings`` keeps every violation seen."""

    def __init__(self, page, capsys=None) -> None:
        self.page = page
        self.capsys = capsys
        self.available = AXE.is_file()
        self.findings: dict[str, list[dict]] = {}

    def check(self, locator, what: str) -> list[dict]:
        """Audit the element of ``locator``; fail on a serious or critical violation."""
        if not self.available:
            return []
        locator.scroll_into_view_if_needed()
        if not self.page.evaluate("() => typeof window.axe !== 'undefined'"):
            self.page.add_script_tag(path=str(AXE))
        violations = locator.evaluate_handle("e => e").evaluate(
            "(element, args) => (" + RUN_AXE + ")([element, args])", WCAG_AA)
        self.findings[what] = violations
        LOG.parent.mkdir(parents=True, exist_ok=True)
        with LOG.open("a", encoding="utf-8") as log:
            log.write(json.dumps({"what": what, "violations": violations}, ensure_ascii=False) + "\n")
        if violations and self.capsys is not None:
            with self.capsys.disabled():
                print(f"\naxe, {what}: " + "; ".join(
                    f"{v['id']} ({v['impact']}, {len(v['nodes'])})" for v in violations))
        bad = [v for v in violations if v["impact"] in FAILING]
        assert bad == [], f"axe-core finds in {what}: " + json.dumps(bad, indent=1, ensure_ascii=False)
        return violations

    def finish(self) -> None:
        """Skip, with the reason, when the audit could not run."""
        if not self.available:
            pytest.skip(f"axe-core is not installed ({AXE}): `make axe` installs it with npm; "
                        "everything but the accessibility audit was checked")


#: The focused element, and whether a focus indicator shows on it (an outline or a shadow).
FOCUS = """() => {
    const el = document.activeElement;
    if (!el || el === document.body) return {tag: 'body', visible: false, text: ''};
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow && style.boxShadow !== 'none';
    return {tag: el.tagName.toLowerCase(), visible: outline || !!shadow,
            text: (el.getAttribute('aria-label') || el.title || el.innerText || el.value || '').trim().slice(0, 40)};
}"""


def focused(page) -> dict:
    """What has the focus: its tag, its name, and whether a focus indicator shows."""
    return page.evaluate(FOCUS)


def press(page, key: str) -> dict:
    """Press ``key``; then an element must have the focus and show it, within the page's
    timeout (a button that a move disables loses the focus until the widget hands it on)."""
    page.keyboard.press(key)
    try:
        page.wait_for_function("() => (" + FOCUS + ")().visible")
    except Exception:
        raise AssertionError(f"after {key}, the focus on {focused(page)} does not show") from None
    return focused(page)


def tab_to(page, locator, most: int = 120) -> int:
    """Press Tab (Shift+Tab when ``locator``'s element comes before the focus in the page)
    until that element has the focus, every element focused on the way showing it; the
    number of presses."""
    target = locator.element_handle()
    back = page.evaluate(
        "t => !!(document.activeElement.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_PRECEDING)", target)
    for count in range(1, most + 1):
        if page.evaluate("t => t === document.activeElement", target):
            return count - 1
        press(page, "Shift+Tab" if back else "Tab")
    raise AssertionError(f"{most} presses of Tab did not reach {locator}")


def start_at(page, locator) -> None:
    """Put the keyboard's focus on ``locator``'s element, the widget's first control: how a
    keyboard user gets into an output area is JupyterLab's part; from there on, keys only."""
    locator.focus()
    assert focused(page)["visible"], f"the focus on {locator} does not show"


def has_focus(locator) -> bool:
    """Whether ``locator``'s element has the keyboard's focus."""
    return locator.evaluate("e => e === document.activeElement || e.contains(document.activeElement)")


def zoomed(page, percent: int) -> None:
    """Lay the page out as the browser's zoom at ``percent`` % does: a 1,280 px window at
    200 % is 640 CSS pixels wide."""
    from support.lab_server import VIEWPORT

    page.set_viewport_size({"width": VIEWPORT["width"] * 100 // percent,
                            "height": VIEWPORT["height"] * 100 // percent})


def output_of(locator):
    """The output area (``.jp-OutputArea-output``) that shows ``locator``'s element."""
    return locator.locator("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '),"
                           " ' jp-OutputArea-output ')][1]")


def side_panel(page, open_: bool) -> None:
    """Open JupyterLab's left side panel (the file browser), or close it."""
    stack = page.locator("#jp-left-stack")
    if stack.is_visible() != open_:
        tabs = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab")
        (tabs.first if open_ else page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")).click()
    stack.wait_for(state="visible" if open_ else "hidden")


#: The layouts a widget must fit, as (the browser's zoom in %, the file browser open): a
#: 1,280 px window at 100 % and at 200 % in JupyterLab's default layout (the file browser
#: open), and at 400 %, WCAG's reflow (320 CSS px wide; the side panel closed).
LAYOUTS = ((100, True), (200, True), (400, False))

#: How far the notebook's own page scrolls sideways: its scrollWidth less its clientWidth.
NOTEBOOK_SCROLL = """() => {
    const panel = [...document.querySelectorAll('.jp-NotebookPanel')].filter(p => !p.classList.contains('lm-mod-hidden')).pop();
    const pane = panel.querySelector('.jp-WindowedPanel-outer') || panel.querySelector('.jp-Notebook');
    return Math.max(pane.scrollWidth - pane.clientWidth, document.documentElement.scrollWidth - document.documentElement.clientWidth);
}"""  # noqa: E501 (one JavaScript statement a line, as the page runs it)


def misfits(page, output, percent: int, panel_open: bool) -> list[str]:
    """Laid out at ``percent`` % zoom, the file browser open or not: what of the widget
    shown in ``output`` (its output area) is cut or needs a sideways scroll bar."""
    from support.browser_steps import overflow, overflowing

    zoomed(page, percent)
    side_panel(page, panel_open)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    output.scroll_into_view_if_needed()
    bad = overflowing(output.locator(".widget-box").first)
    widths = overflow(output)
    if widths["scroll"] > widths["client"] + 1:
        bad.append(f"the output area scrolls sideways: {widths}")
    if (sideways := page.evaluate(NOTEBOOK_SCROLL)) > 1:
        bad.append(f"the notebook scrolls sideways by {sideways} px")
    return bad


def fits_every_width(page, output) -> None:
    """In every layout of :data:`LAYOUTS`, no text of the widget shown in ``output`` (its
    output area) is cut and nothing of it needs a sideways scroll bar, except inside a
    board that says it scrolls; the page is at 100 %, its side panel open, after."""
    try:
        for percent, panel_open in LAYOUTS:
            bad = misfits(page, output, percent, panel_open)
            if bad:
                page.screenshot(path=str(ROOT / "test-artifacts" / "accessibility" / f"overflow-{percent}.png"))
            assert bad == [], f"at {percent} %, the file browser {'open' if panel_open else 'closed'}: {bad}"
    finally:
        zoomed(page, 100)
        side_panel(page, True)


# ---- live regions and grids (exercises.ui.Announcer and Grid) -------------------------

#: Records every text the live region shows, in the element itself (which must never be replaced).
LISTEN = """region => {
    region.__said = [region.textContent.trim()];
    new MutationObserver(() => {
        const text = region.textContent.trim();
        if (text && region.__said[region.__said.length - 1] !== text) region.__said.push(text);
    }).observe(region, {childList: true, subtree: true, characterData: true});
}"""


class LiveRegion:
    """The one polite live region of a widget, and every sentence it has shown since."""

    def __init__(self, output) -> None:
        from playwright.sync_api import expect

        regions = output.locator("[aria-live]")
        expect(regions).to_have_count(1)  # drawn by its own module, maybe after the rest of the widget
        self.locator = regions.first
        assert self.locator.get_attribute("aria-live") == "polite"
        assert self.locator.get_attribute("role") == "status"
        self.handle = self.locator.element_handle()
        self.handle.evaluate(LISTEN)

    def said(self) -> list[str]:
        """The sentences shown, oldest first; fails if the region's element was rebuilt."""
        assert self.handle.evaluate("e => e.isConnected"), "the live region's element was replaced"
        return self.handle.evaluate("e => e.__said")

    def wait_for(self, page, pattern: str) -> str:
        """Wait (bounded by the page's timeout) until a sentence matching ``pattern`` (a
        regular expression) was shown; that sentence."""
        page.wait_for_function("([e, p]) => e.__said.some(s => new RegExp(p).test(s))",
                               arg=[self.handle, pattern])
        return next(s for s in self.said() if re.search(pattern, s))


def active_cell(page) -> int:
    """The index of the notebook's active cell (what JupyterLab's arrow keys would move)."""
    return page.evaluate("""() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell')]
        .findIndex(c => c.classList.contains('jp-mod-active'))""")


def walk_grid(page, grid) -> list[str]:
    """Check the WAI-ARIA grid pattern on ``grid`` (a ``role=grid`` locator) with the focus
    in it: one Tab stop, arrows, Home and End move inside it, the notebook's active cell
    stays; the names of the cells visited."""
    assert grid.get_attribute("role") == "grid" and grid.get_attribute("aria-label")
    assert grid.locator('[tabindex="0"]').count() == 1, "not one Tab stop in the grid"
    before = active_cell(page)
    names = []
    for key in ("Home", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "End", "ArrowRight"):
        page.keyboard.press(key)
        now = focused(page)
        assert has_focus(grid) and now["visible"], f"after {key} the focus left the grid: {now}"
        assert grid.locator('[tabindex="0"]').count() == 1
        names.append(now["text"])
        assert active_cell(page) == before, f"{key} moved the notebook"
    return names


def arrow_to(page, grid, row: int, column: int) -> int:
    """With the focus in ``grid``, press the arrow keys until the cell at (``row``,
    ``column``) has it; the number of presses."""
    columns = grid.locator("[role=row]").first.locator("button").count()
    where = grid.evaluate("g => [...g.querySelectorAll('button')].indexOf(document.activeElement)")
    assert where >= 0, f"the focus is not in the grid: {focused(page)}"
    now_row, now_column = divmod(where, columns)
    keys = (["ArrowDown"] * (row - now_row) + ["ArrowUp"] * (now_row - row)
            + ["ArrowRight"] * (column - now_column) + ["ArrowLeft"] * (now_column - column))
    for key in keys:
        press(page, key)
    assert grid.evaluate("g => [...g.querySelectorAll('button')].indexOf(document.activeElement)") == (
        row * columns + column)
    return len(keys)

