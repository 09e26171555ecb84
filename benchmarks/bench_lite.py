"""The course in the browser (``course lite``): the site's size, the Python kernel's start in
the page, and how fast the page answers a click when Python runs in it (Pyodide).

Builds the site (offline, from what ``make lite-deps`` fetched), serves it on 127.0.0.1 and
drives headless Chromium with every request that is not for 127.0.0.1 refused. Prints: the
build time and the site's size (Pyodide's core, the wheels, the rest); the time from opening
the site to an idle kernel on 00, then to a check's answer; the time from opening the Abapa
notebook to an idle kernel; each click of a short Abapa game until the computer's answer
shows; and, in tCHu (no thread: each answer runs ``play`` again from the start), each
"Draw cards" until the computer has played and it is your turn again. Numbers are printed, never asserted.

Run: ``.venv/bin/python benchmarks/bench_lite.py`` (needs Chromium and ``make lite-deps``).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # conftest (ROOT) and support, as pytest has them

from support.browser_steps import cell, cells_for, run_cell, run_cells  # noqa: E402
from support.lab_server import CHROMIUM, CHROMIUM_FLAGS, VIEWPORT  # noqa: E402
from support.lite_site import (  # noqa: E402
    TCHU_GAME, TCHU_WIDGET, TIMEOUT_MS, build, guard, missing, notebook_url, open_site, serving,
)
from browser.test_browser_abapa import MINE, SHORT_GAME, THEIRS, WIDGET, pit  # noqa: E402


TCHU_TURNS = 12


def megabytes(folder: Path, pattern: str = "*") -> float:
    return sum(p.stat().st_size for p in folder.rglob(pattern) if p.is_file()) / 1e6


def main() -> int:
    reason = missing()
    if reason:
        print(f"bench_lite: {reason}")
        return 1
    from playwright.sync_api import expect, sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        start = time.perf_counter()
        site = build(Path(scratch) / "site")
        print(f"build: {time.perf_counter() - start:.1f} s")
        pyodide = site / "static" / "pyodide"
        print(f"site: {megabytes(site):.1f} MB (Pyodide's core {megabytes(pyodide) - megabytes(pyodide, '*.whl'):.1f} MB,"
              f" wheels {megabytes(pyodide, '*.whl'):.1f} MB, JupyterLab and the rest"
              f" {megabytes(site) - megabytes(pyodide):.1f} MB; the solutions the benchmark adds included)")
        with serving(site) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
            outside: list[str] = []

            def fresh_page():
                """A page of its own context (its own storage), as a student's first visit."""
                context = browser.new_context(viewport=VIEWPORT)
                context.set_default_timeout(TIMEOUT_MS)
                guard(context, outside)
                return context.new_page()

            page = fresh_page()
            print(f"open the site to an idle kernel on 00: {open_site(page, url):.1f} s")
            notebook = ROOT / "notebooks" / "00_start_here.ipynb"
            cells = cells_for(notebook, "check_count_pips(count_pips)")
            start = time.perf_counter()
            run_cells(page, cells)
            print(f"run 00's {len(cells)} cells to its check's answer: {time.perf_counter() - start:.2f} s")

            page.context.close()
            page = fresh_page()
            seconds = open_site(page, notebook_url(url, "solutions/03_abapa.ipynb"))
            print(f"open 03 (Abapa) to an idle kernel: {seconds:.1f} s")
            *setup, widget_cell = cells_for(ROOT / "solutions" / "03_abapa.ipynb", WIDGET)
            run_cells(page, setup)
            run_cell(page, cell(page, widget_cell), SHORT_GAME)
            output = cell(page, widget_cell).locator(".jp-OutputArea-output").first
            status = output.locator("div.widget-label")
            expect(status).to_contain_text("Your move")
            clicks = []
            for move, mine in enumerate(MINE):
                expected = f"The computer played pit {THEIRS[move]}." if move < len(THEIRS) else "You win"
                start = time.perf_counter()
                pit(output, mine).click()
                expect(status).to_contain_text(expected)
                clicks.append((time.perf_counter() - start) * 1000)
            print(f"Abapa, click to the computer's answer (depth 2), ms: n={len(clicks)}"
                  f" median {statistics.median(clicks):.0f} worst {max(clicks):.0f}")

            page.context.close()
            page = fresh_page()
            seconds = open_site(page, notebook_url(url, "solutions/04_tchu_game.ipynb"))
            print(f"open 04 (tCHu) to an idle kernel: {seconds:.1f} s")
            *setup, widget_cell = cells_for(ROOT / "solutions" / "04_tchu_game.ipynb", TCHU_WIDGET)
            run_cells(page, setup)
            run_cell(page, cell(page, widget_cell), TCHU_GAME.format(draw_map=False))
            output = cell(page, widget_cell).locator(".jp-OutputArea-output").first
            draw = output.locator(".widget-button", has_text="Draw cards")
            log = output.locator(".tchu-game-log")
            expect(draw).to_be_enabled()
            clicks = []
            for _ in range(TCHU_TURNS):
                before = log.inner_text()
                start = time.perf_counter()
                draw.click()
                expect(log).not_to_have_text(before)
                expect(draw).to_be_enabled()
                clicks.append((time.perf_counter() - start) * 1000)
            print(f"tCHu, draw two cards to your next turn (play run again from the start), ms: n={len(clicks)}"
                  f" first {clicks[0]:.0f} median {statistics.median(clicks):.0f} last {clicks[-1]:.0f}")
            browser.close()
        print(f"requests refused (not for 127.0.0.1): {len(outside)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
