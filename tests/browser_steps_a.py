"""Steps the browser tests of the game widgets share: run the cells a widget needs, time a
click, read what the page shows.

Every wait is bounded (the page's default timeout, lab_server.TIMEOUT_MS) and waits on a
state of the page, never on a fixed sleep.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Callable

from conftest import ROOT

ARTIFACTS = ROOT / "test-artifacts" / "browser"


def notebook_cells(path: str) -> list[dict]:
    """The cells of a notebook of the checkout (``solutions/05_dominations.ipynb``)."""
    return json.loads((ROOT / path).read_text(encoding="utf-8"))["cells"]


def run_widget_cell(page, path: str, text: str, source: str | None = None):
    """Run the cells that define names above the cell holding ``text`` (code cells that are
    neither demos nor checks: no league, no long example), then that cell, its source first
    replaced by ``source`` when given. Each cell is selected by a click on its prompt and
    run with Ctrl+Enter, as a student would. Returns the cell (its outputs hold the widget).
    """
    cells = notebook_cells(path)
    target = next(i for i, cell in enumerate(cells) if text in "".join(cell["source"]))
    needed = [
        i for i, cell in enumerate(cells[:target])
        if cell["cell_type"] == "code"
        and not ({"demo", "check"} & set(cell["metadata"].get("course", {})))
    ]
    from playwright.sync_api import expect

    in_page = page.locator(".jp-Notebook .jp-Cell")
    expect(in_page).to_have_count(len(cells))  # every cell in the page (windowingMode none)
    for i in needed:
        in_page.nth(i).locator(".jp-InputPrompt").first.click()
        page.keyboard.press("Control+Enter")
    return run_cell(page, in_page.nth(target), source)


def run_cell(page, cell, source: str | None = None):
    """Run ``cell`` (Ctrl+Enter), its source first replaced by ``source`` when given."""
    if source is not None:
        cell.locator(".cm-content").first.click()
        page.keyboard.press("Control+A")
        page.keyboard.insert_text(source)
        page.keyboard.press("Escape")
    cell.locator(".jp-InputPrompt").first.click()
    page.keyboard.press("Control+Enter")
    return cell


def open_alone(page, lab, path: str) -> None:
    """Open a notebook alone in the page, and wait until its kernel is idle.

    The shared JupyterLab's workspace remembers the tabs of the tests before, and would open
    them again, hidden behind this one: ``reset`` starts from an empty workspace.
    """
    page.goto(lab.notebook_url(path) + "&reset")
    page.locator(".jp-Notebook").first.wait_for()
    page.get_by_text(re.compile(r"\| Idle$")).first.wait_for()


def open_widget(page, lab, path: str, text: str):
    """Open notebook ``path`` in the lab, run the widget cell holding ``text`` and the cells
    it needs; the cell and its first output area (where the widget shows)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    open_alone(page, lab, path)
    cell = run_widget_cell(page, path, text)
    return cell, cell.locator(".jp-OutputArea-output").first


def stop_kernels(lab) -> None:
    """Shut down the kernels the lab runs (this test's notebook): the next tests get the CPU."""
    with urllib.request.urlopen(f"{lab.url}/api/kernels?token={lab.token}", timeout=10) as answer:
        kernels = json.load(answer)
    for kernel in kernels:
        request = urllib.request.Request(f"{lab.url}/api/kernels/{kernel['id']}?token={lab.token}", method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()


def timed(action: Callable[[], None], answered: Callable[[], None]) -> float:
    """Milliseconds from ``action`` (a click) to ``answered`` returning (a wait on the page)."""
    start = time.perf_counter()
    action()
    answered()
    return (time.perf_counter() - start) * 1000


def print_latencies(capsys, title: str, latencies: dict[str, list[float]]) -> None:
    """Print each click's latency (milliseconds): measured, not asserted."""
    with capsys.disabled():
        print(f"\n{title}: click to answer in the page (ms)")
        for name, values in latencies.items():
            shown = ", ".join(f"{value:.0f}" for value in values)
            print(f"  {name:<24} n={len(values):<3} max={max(values):.0f}  [{shown}]")


def overflow(locator) -> dict[str, int]:
    """The scrollWidth and clientWidth of an element: more of the first means a scroll bar."""
    return locator.evaluate("element => ({scroll: element.scrollWidth, client: element.clientWidth})")
