"""Contrast, measured from the colours the page renders: each game's widget in a real
JupyterLab, in the light theme and in the dark one.

axe-core's colour-contrast rule counts the widgets' text as off screen, so it says nothing
here. This test computes, in headless Chromium, the contrast of every piece of text of the
widget against the backgrounds composited under it (WCAG 2.1: 4.5:1, or 3:1 for large
text), and of every control's focus outline against what surrounds the control (3:1).
Disabled controls are left out (WCAG exempts them), and so is the text drawn inside
pictures (SVG), which has its own text alternative.
"""

from __future__ import annotations

import re

import pytest

from support.accessibility import output_of
from support.browser_steps import open_widget
from support.lab_server import stop_kernels

pytestmark = pytest.mark.browser

#: The game widgets: the solution notebook, and the source of its widget's cell.
GAMES = {
    "421": ("solutions/02_dice_421.ipynb", "opponent=hunt_421"),
    "abapa": ("solutions/03_abapa.ipynb", "AbapaGame(Board)"),
    "tchu": ("solutions/04_tchu_game.ipynb", "TchuGame(play"),
    "kingdomino": ("solutions/05_dominations.ipynb", "KingdominoTable(Game"),
}

#: WCAG 2.1 contrast of the colours the page computes; what falls short, one line each.
MEASURE = """([root, focusOnly]) => {
    const parse = text => {
        const m = text && text.match(/rgba?\\(([^)]+)\\)/);
        if (!m) return null;
        const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
        return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top, under) => [0, 1, 2].map(i => top[i] * top[3] + under[i] * (1 - top[3])).concat([1]);
    const behind = el => {
        const chain = [];
        for (let e = el; e; e = e.parentElement) chain.push(e);
        let colour = [255, 255, 255, 1];
        for (const e of chain.reverse()) {
            const c = parse(getComputedStyle(e).backgroundColor);
            if (c && c[3] > 0) colour = over(c, colour);
        }
        return colour;
    };
    const luminance = c => {
        const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
    };
    const ratio = (a, b) => {
        const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
    };
    const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const off = el => el.closest('[disabled], [aria-disabled="true"], svg');
    const name = el => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent || '').trim().slice(0, 30)}"`;
    const short = [];
    if (!focusOnly) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        const seen = new Set();
        while (walker.nextNode()) {
            const el = walker.currentNode.parentElement;
            if (!walker.currentNode.textContent.trim() || seen.has(el) || off(el) || !shown(el)) continue;
            seen.add(el);
            const style = getComputedStyle(el);
            const under = behind(el), ink = over(parse(style.color), under);
            const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
            const bound = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
            const r = ratio(ink, under);
            if (r < bound) short.push(`text ${name(el)}: ${r.toFixed(2)} < ${bound}`);
        }
        return short;
    }
    const controls = root.querySelectorAll('button, select, input, textarea, [tabindex="0"]');
    for (const el of controls) {
        if (off(el) || !shown(el)) continue;
        el.focus();
        const style = getComputedStyle(el);
        const width = parseFloat(style.outlineWidth);
        if (style.outlineStyle === 'none' || !(width >= 1)) {
            short.push(`focus ${name(el)}: no outline`);
            continue;
        }
        const r = ratio(over(parse(style.outlineColor), behind(el.parentElement)), behind(el.parentElement));
        if (r < 3) short.push(`focus ${name(el)}: ${r.toFixed(2)} < 3`);
    }
    return short;
}"""


def theme(page, name: str) -> None:
    """Choose JupyterLab's theme ``name`` (Settings > Theme) and wait until the page uses it."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Theme").first.hover()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(name)}$")).first.click()
    page.wait_for_function("n => document.body.dataset.jpThemeName === n", arg=name)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_text_and_focus_outline_of_a_game_has_its_contrast_in_both_themes(lab, page, game):
    path, marker = GAMES[game]
    try:
        _, output = open_widget(page, lab, path, marker)
        widget = output.locator(".widget-box").first
        widget.wait_for()
        output.locator("[aria-live]").first.wait_for()  # the live region: drawn by its own module
        page.keyboard.press("Shift")  # the keyboard is in use: the focus shows as for Tab
        root = output_of(widget).element_handle()
        # the measure sees a faint text and a faint outline (#999 on white: 2.8:1)
        faint = page.evaluate_handle("""r => { const d = document.createElement('div');
            d.innerHTML = '<p style="color:#999;background:#fff">faint</p>'
                + '<button style="outline:2px solid #ccc;background:#fff">faint</button>';
            r.appendChild(d); return d; }""", root)
        assert [line.split(":")[0] for line in page.evaluate(MEASURE, [faint, False])] == ['text p. "faint"']
        assert [line.split(":")[0] for line in page.evaluate(MEASURE, [faint, True])] == ['focus button. "faint"']
        faint.evaluate("d => d.remove()")
        short = {}
        for name in ("JupyterLab Light", "JupyterLab Dark"):
            theme(page, name)
            texts = root.evaluate("r => r.innerText.trim().length")
            assert texts > 0 and page.evaluate("() => document.body.dataset.jpThemeLight") == str(
                name.endswith("Light")).lower()
            short[name] = (page.evaluate(MEASURE, [root, False]) + page.evaluate(MEASURE, [root, True]))
        assert short == {"JupyterLab Light": [], "JupyterLab Dark": []}, short
    finally:
        if page.evaluate("() => document.body.dataset.jpThemeName") != "JupyterLab Light":
            theme(page, "JupyterLab Light")
        stop_kernels(lab)
