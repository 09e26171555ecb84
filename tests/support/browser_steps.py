"""Steps the browser tests of the worksheets share: run the cells a widget needs, click and
time the answer, check that nothing overflows, and build a released widget.

The page helpers take a Playwright page opened on a notebook of the shared JupyterLab
(conftest's ``lab`` and ``page``, lab_server's ``open_notebook``). Every wait is bounded
by the page's default timeout and waits on a state of the page, never on a fixed sleep.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import ROOT
from support.lab_server import open_notebook, wait_for_kernel

ARTIFACTS = ROOT / "test-artifacts" / "browser"

#: What a widget says while the student's code is a stub (exercises.ui.write_first).
MISSING_CODE = re.compile(r"Write (\S+) first( \(exercise [\w.]+\))?, then run this cell again\.")


def cell_sources(notebook: Path) -> list[tuple[str, dict, str]]:
    """Every cell of ``notebook``: its type, its ``course`` metadata and its source."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [(c["cell_type"], c["metadata"].get("course", {}), "".join(c["source"])) for c in cells]


def cells_for(notebook: Path, marker: str) -> list[int]:
    """The indices of the cells a widget needs: the code cells before the first cell whose
    source holds ``marker``, checks, demos and instructor cells left out, then that cell."""
    needed = []
    for index, (kind, course, source) in enumerate(cell_sources(notebook)):
        if kind != "code":
            continue
        if marker in source:
            return [*needed, index]
        if not (course.get("check") or course.get("demo") or course.get("instructor")):
            needed.append(index)
    raise AssertionError(f"no cell of {notebook.name} holds {marker!r}")


def cell(page, index: int):
    """The cell at ``index`` of the notebook opened last (every cell is in the page:
    windowingMode none)."""
    return page.locator(".jp-NotebookPanel").last.locator(".jp-Notebook .jp-Cell").nth(index)


def run_cells(page, indices: list[int]) -> None:
    """Select each cell by its prompt and run it with Ctrl+Enter, as a student would, and
    wait until the last one has run."""
    for index in indices:
        target = cell(page, index)
        target.scroll_into_view_if_needed()
        target.locator(".jp-InputPrompt").first.click()
        page.keyboard.press("Control+Enter")
    finished(page, indices[-1])


def finished(page, index: int) -> None:
    """Wait until the cell at ``index`` has run: its prompt shows an execution count
    ("[*]" while it waits or runs; no number if an earlier error cancelled it)."""
    prompt = cell(page, index).locator(".jp-InputPrompt").first
    prompt.filter(has_text=re.compile(r"\[\d+\]")).wait_for()


def widget_of(page, index: int):
    """The widget shown by the cell at ``index``, once it is drawn."""
    view = cell(page, index).locator(".jp-OutputArea-output .widget-box").first
    view.wait_for()
    return view


def text_of(markup: str) -> str:
    """What the page shows of an HTML widget's value: its text, without spaces (the page
    puts none between inline blocks)."""
    markup = re.sub(r"<svg.*?</svg>", "", markup, flags=re.DOTALL)  # pictures: no text on the page
    return re.sub(r"\s+", "", html.unescape(re.sub(r"<[^>]+>", "", markup)))


def shown(locator) -> str:
    """The text of ``locator`` in the page, without spaces."""
    return re.sub(r"\s+", "", locator.inner_text())


def timed(action: Callable[[], Any], answer: Callable[[], Any]) -> float:
    """Milliseconds from ``action()`` (a click, a key) until ``answer()`` saw the page answer."""
    start = time.perf_counter()
    action()
    answer()
    return (time.perf_counter() - start) * 1000


#: Whether an element is a board that says it scrolls sideways: a scroll container named for
#: a screen reader (a ``region`` or ``group`` with an ``aria-label``) that the keyboard can
#: scroll (it is a Tab stop, or holds controls that scroll it into view as they get the focus).
SAYS_IT_SCROLLS = """el => ['region', 'group'].includes(el.getAttribute('role'))
    && !!(el.getAttribute('aria-label') || '').trim()
    && (el.tabIndex >= 0 || !!el.querySelector('button, select, input, a[href], [tabindex="0"]'))"""

#: The JavaScript of :func:`overflowing`.
OVERFLOWING = """root => {
    const saysItScrolls = """ + SAYS_IT_SCROLLS + """;
    const scrolls = style => style.overflowX === 'auto' || style.overflowX === 'scroll';
    const bad = [];
    const area = root.closest('.jp-Cell').getBoundingClientRect();
    const edge = root.getBoundingClientRect().right;
    if (edge > area.right + 1) bad.push('the widget ends right of its cell');
    const boards = [];
    for (const el of [root, ...root.querySelectorAll('*')]) {
        const style = getComputedStyle(el);
        if (style.display === 'none' || el.closest('svg') && el.tagName !== 'svg') continue;
        const what = `${el.tagName}.${el.className.baseVal ?? el.className}`;
        const text = (el.textContent || '').trim().slice(0, 40);
        if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && el.tagName !== 'svg') {
            if (!scrolls(style) && style.overflowX !== 'visible') {
                bad.push(`${what} cuts its text: ${el.scrollWidth} > ${el.clientWidth} (${text})`);
            } else if (scrolls(style) && saysItScrolls(el)) {
                boards.push(el);
            } else if (scrolls(style)) {
                const right = el.getBoundingClientRect().right;
                const wide = [...el.querySelectorAll('*')].filter(c => c.getBoundingClientRect().right > right + 1)
                    .map(c => `${c.tagName}.${c.className.baseVal ?? c.className}`).slice(0, 3);
                bad.push(`${what} scrolls sideways: ${el.scrollWidth} > ${el.clientWidth}`
                         + ` (past its right edge: ${wide.join('; ')})`);
            }
        }
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.right > edge + 1 && style.visibility !== 'hidden'
                && !boards.some(board => board !== el && board.contains(el))) {
            bad.push(`${what} runs ${Math.round(box.right - edge)} px past the widget's right edge (${text})`);
        }
    }
    return bad;
}"""


def overflowing(locator) -> list[str]:
    """What of the widget of ``locator`` a student cannot read without a sideways scroll
    bar: an element that cuts its text (wider than its box, the rest hidden), one that
    scrolls sideways (unless it is a board that says so, :data:`SAYS_IT_SCROLLS`), one
    that runs past the widget's right edge, and the widget itself when it runs past the
    right edge of its cell."""
    return locator.evaluate(OVERFLOWING)


def press_enter_on(page, button) -> None:
    """Tab-free keyboard use: focus ``button`` and press Enter."""
    button.focus()
    page.keyboard.press("Enter")


def report(capsys, name: str, latencies: dict[str, list[float]]) -> None:
    """Print each click's latency (median and worst, milliseconds), never asserted."""
    with capsys.disabled():
        print(f"\n{name}: click to answer, ms")
        for what, times in latencies.items():
            ordered = sorted(times)
            print(f"  {what:<28} n={len(times):>3}  median {ordered[len(ordered) // 2]:6.0f}  worst {ordered[-1]:6.0f}")


def released_widget(notebook: str, marker: str) -> Any:
    """The widget of the RELEASED notebook's cell holding ``marker``, built in this process
    after its earlier code cells (stubs and all; what a stub raises there is dropped)."""
    from IPython.core.inputtransformer2 import TransformerManager

    from course.notebook import Shell

    transformer = TransformerManager()
    namespace: dict[str, Any] = {"__name__": "__main__"}

    def run(source: str) -> Any:
        code = transformer.transform_cell(source)
        *body, last = code.rstrip().splitlines() or [""]
        exec(compile("\n".join(body), f"<{notebook}>", "exec"), namespace)
        return eval(compile(last, f"<{notebook}>", "eval"), namespace)

    namespace["get_ipython"] = Shell(lambda source: exec(transformer.transform_cell(source), namespace))
    for kind, course, source in cell_sources(ROOT / "notebooks" / f"{notebook}.ipynb"):
        if kind != "code":
            continue
        if marker in source:
            return run(source)
        if course.get("check") or course.get("demo"):
            continue
        with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(Exception):
            exec(compile(transformer.transform_cell(source), f"<{notebook}>", "exec"), namespace)
    raise AssertionError(f"no cell of notebooks/{notebook}.ipynb holds {marker!r}")


def open_from_path(page, path: str) -> None:
    """Open another notebook in the same page (File > Open from Path…, no reload of
    JupyterLab) and wait until its kernel is idle; :func:`cell` then finds its cells."""
    panels = page.locator(".jp-NotebookPanel").count()
    page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Open from Path").first.click()
    field = page.locator(".jp-Dialog input").first
    field.fill(path)
    field.press("Enter")
    page.locator(".jp-NotebookPanel").nth(panels).locator(".jp-Cell").first.wait_for()
    wait_for_kernel(page, panels)


def run_cell(page, target, source: str | None = None):
    """Run the cell ``target`` (Ctrl+Enter), its source first replaced by ``source`` when given."""
    if source is not None:
        target.locator(".cm-content").first.click()
        page.keyboard.press("Control+A")
        page.keyboard.insert_text(source)
        page.keyboard.press("Escape")
    target.locator(".jp-InputPrompt").first.click()
    page.keyboard.press("Control+Enter")
    return target


def open_widget(page, lab, path: str, marker: str):
    """Open notebook ``path`` alone, run the cells the widget cell holding ``marker`` needs,
    then that cell; the cell and its first output area (where the widget shows)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    open_notebook(page, lab, path)
    *needed, target = cells_for(ROOT / path, marker)
    run_cells(page, needed)
    widget_cell = run_cell(page, cell(page, target))
    return widget_cell, widget_cell.locator(".jp-OutputArea-output").first


def overflow(locator) -> dict[str, int]:
    """The scrollWidth and clientWidth of an element: more of the first means a scroll bar."""
    return locator.evaluate("element => ({scroll: element.scrollWidth, client: element.clientWidth})")
