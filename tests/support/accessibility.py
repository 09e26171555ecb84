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
                print(f"\naxe, {what}: " + "; ".join(f"{v['id']} ({v['impact']}, {len(v['nodes'])})" for v in violations))
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


def press(page, key: str, settle_ms: int = 10_000) -> dict:
    """Press ``key``; then an element must have the focus and show it, within ``settle_ms``
    (a button that a move disables loses the focus until the widget hands it on)."""
    page.keyboard.press(key)
    try:
        page.wait_for_function("() => (" + FOCUS + ")().visible", timeout=settle_ms)
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


def fits_every_width(page, output) -> None:
    """At 1,280 px with the side panel open, and at 200 % zoom (the side panel closed: the
    notebook keeps 540 px of the 640), nothing of the widget shown in ``output`` (its
    output area) needs a sideways scroll bar; the page is at 100 %, its side panel open, after."""
    from support.browser_steps import overflow, overflowing

    widget = output.locator(".widget-box").first
    try:
        for percent in (100, 200):
            zoomed(page, percent)
            side_panel(page, percent == 100)
            page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
            output.scroll_into_view_if_needed()
            widths = overflow(output)
            bad = overflowing(widget)
            if bad or widths["scroll"] > widths["client"]:
                page.screenshot(path=str(ROOT / "test-artifacts" / "accessibility" / f"overflow-{percent}.png"))
            assert bad == [], f"at {percent} %: {bad}"
            assert widths["scroll"] <= widths["client"], f"at {percent} %, the output area scrolls sideways: {widths}"
    finally:
        zoomed(page, 100)
        side_panel(page, True)
