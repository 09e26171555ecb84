"""The course in the browser with nothing installed: the JupyterLite site of ``course lite``.

One site is built (offline, from what ``make lite-deps`` fetched) and served on 127.0.0.1
for the module; one headless Chromium context drives it, and every request that is not for
127.0.0.1 is aborted and recorded: each test ends asserting there was none. Python runs in
the page (Pyodide): no thread, no matplotlib. The site opens on 00, whose check says "not
implemented yet" on the stub and passes on an answer; the notebook downloaded from the page
(File > Download) gets its grade from ``course grade``; the games of worksheets 02, 03 and
05, from the solutions the test site also serves, are played by clicks to a result, and
tCHu (04) for a few turns, its map replaced by the sentence that it needs the network.
Timings (kernel start, clicks) are printed by benchmarks/bench_lite.py, not asserted.
"""

from __future__ import annotations

import csv
import re
import subprocess
import sys

import pytest

from conftest import ROOT
from support.browser_steps import cell, cells_for, finished, run_cell, run_cells, shown, text_of, widget_of
from support.lite_site import (
    TCHU_GAME,
    TCHU_WIDGET,
    TIMEOUT_MS,
    build,
    guard,
    missing,
    notebook_url,
    open_site,
    serving,
)

pytestmark = [pytest.mark.lite, pytest.mark.browser]

ANSWER = '''def count_pips(dice: list[int]) -> int:
    """The total number of pips."""
    return sum(dice)
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site's address: built once for the module, served on 127.0.0.1."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    folder = build(tmp_path_factory.mktemp("lite") / "site")
    with serving(folder) as url:
        yield url


@pytest.fixture
def refused() -> list[str]:
    """The requests of the test's page that were not for 127.0.0.1 (all refused)."""
    return []


@pytest.fixture
def lite_page(site, chromium, refused):
    """A page of its own browser context (its own storage: no tab of another test comes
    back), every request not for 127.0.0.1 refused; none may have been made at the end."""
    from playwright.sync_api import expect

    from support.lab_server import VIEWPORT

    context = chromium.new_context(viewport=VIEWPORT, accept_downloads=True)
    context.set_default_timeout(TIMEOUT_MS)
    # Python in the page answers in seconds on a loaded machine: expect() waits as long as
    # the page's own steps, not its 5 s default
    expect.set_options(timeout=TIMEOUT_MS)
    guard(context, refused)
    try:
        yield context.new_page()
    finally:
        expect.set_options(timeout=None)
        context.close()
    assert refused == [], f"requests left the machine: {refused[:5]}"


def output_of(page, index: int):
    return cell(page, index).locator(".jp-OutputArea-output")


def test_the_site_opens_on_00_checks_the_stub_and_an_answer_and_the_download_is_graded(
        site, lite_page, tmp_path):
    from playwright.sync_api import expect

    page = lite_page
    open_site(page, site)
    expect(page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current")).to_contain_text("00_start_here.ipynb")
    notebook = ROOT / "notebooks" / "00_start_here.ipynb"
    *setup, check = cells_for(notebook, "check_count_pips(count_pips)")
    stub = next(i for i in setup if "raise NotImplementedError" in cell(page, i).inner_text())
    run_cells(page, [*setup, check])
    expect(output_of(page, check)).to_contain_text("count_pips([4, 2, 1]): not implemented yet")

    run_cell(page, cell(page, stub), ANSWER)
    run_cells(page, [check])
    expect(output_of(page, check)).to_contain_text(re.compile(r"All \d+ examples pass\."))
    assert "Error" not in output_of(page, check).inner_text()

    page.keyboard.press("Control+s")
    page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
    with page.expect_download() as download:
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Download$")).first.click()
    hand_in = tmp_path / "hand-in" / "ada"
    hand_in.mkdir(parents=True)
    saved = hand_in / "00_start_here.ipynb"
    download.value.save_as(saved)
    assert "return sum(dice)" in saved.read_text(encoding="utf-8")

    out = tmp_path / "out"
    graded = subprocess.run([sys.executable, "-m", "course.commands", "grade", str(hand_in.parent), "--out", str(out),
                             "--jobs", "1", "--root", str(ROOT)], capture_output=True, text=True, timeout=600)
    assert graded.returncode == 0, graded.stderr[-2000:]
    with (out / "grades.csv").open(encoding="utf-8") as table:
        row = next(r for r in csv.DictReader(table) if r["student"] == "ada")
    assert (row["start.count_pips"], row["total"], row["maximum"]) == ("1", "1", "1")


def test_abapa_is_played_by_clicks_without_threads(site, lite_page):
    from playwright.sync_api import expect

    from browser.test_browser_abapa import MINE, SHORT_GAME, THEIRS, WIDGET, enabled_pits, pit

    page = lite_page
    open_site(page, notebook_url(site, "solutions/03_abapa.ipynb"))
    *setup, widget_cell = cells_for(ROOT / "solutions" / "03_abapa.ipynb", WIDGET)
    run_cells(page, setup)
    run_cell(page, cell(page, widget_cell), SHORT_GAME)
    output = output_of(page, widget_cell).first
    status = output.locator(".course-live")  # the live region (anywidget, served by the site)
    expect(status).to_have_text("Your move: click one of the pits [0, 1, 2, 3, 5].")
    for move, mine in enumerate(MINE):
        assert enabled_pits(output)[0] == mine, (move, enabled_pits(output))
        expected = (f"The computer played pit {THEIRS[move]}. Your move: one of " if move < len(THEIRS)
                    else "You win, 25 to 16. Click New game to play again.")
        pit(output, mine).click()
        expect(status).to_contain_text(expected)
    expect(output.get_by_text("player 0: kalah 25")).to_have_count(1)
    assert enabled_pits(output) == []


def test_the_421_game_is_played_by_clicks_to_its_verdict(site, lite_page):
    from course.notebook import solution_namespace
    from exercises.dice421 import GameWidget, hunt_421

    solution = ROOT / "solutions" / "02_dice_421.ipynb"
    oracle = GameWidget(solution_namespace(solution)["play_game"], tokens=10, opponent=hunt_421, seed=7)
    page = lite_page
    open_site(page, notebook_url(site, "solutions/02_dice_421.ipynb"))
    cells = cells_for(solution, "opponent=hunt_421")
    run_cells(page, cells)
    widget = widget_of(page, cells[-1])
    throw = widget.locator(".widget-button", has_text="Throw")
    keep = widget.locator(".widget-button", has_text="Keep")
    widget.get_by_text("Click Throw to throw the three dice.").wait_for()
    rounds = 0
    while not oracle.table.over:
        assert rounds < 40, "the game went on for 40 rounds"
        rounds += 1
        oracle.panel.throw_button.click()
        throw.click()
        widget.get_by_text(oracle.panel.status.value).wait_for()
        oracle.panel.keep_button.click()
        verdict = (f"Round {rounds}" if not oracle.table.over else
                   f"{oracle.names[oracle.table.winner - 1]} has no tokens left and wins the game!")
        keep.click()
        widget.get_by_text(verdict).first.wait_for()
        assert shown(widget.locator(".widget-html").first) == text_of(oracle.counters.value)
    assert throw.is_disabled() and keep.is_disabled()


def test_kingdomino_is_played_by_clicks_to_a_placed_domino(site, lite_page):
    from playwright.sync_api import expect

    from browser.test_browser_dominations import WIDGET, marked, square

    page = lite_page
    open_site(page, notebook_url(site, "solutions/05_dominations.ipynb"))
    *setup, widget_cell = cells_for(ROOT / "solutions" / "05_dominations.ipynb", WIDGET)
    run_cells(page, [*setup, widget_cell])
    output = output_of(page, widget_cell).first
    status = output.get_by_text(re.compile(r"^Your turn: "))
    expect(status).to_contain_text("put your king on a domino of the line")
    take = output.locator(".widget-button:not([disabled])", has_text=re.compile(r"^Take \d+$")).first
    take.click()
    expect(status).to_contain_text("place domino")
    take = output.locator(".widget-button:not([disabled])", has_text=re.compile(r"^Take \d+$")).first
    number = take.inner_text().split()[1]
    take.click()
    expect(output.get_by_text(f"Your king is on domino {number}.")).to_be_visible()
    square(page, 4, 5).click()
    expect(marked(page)).to_have_count(2)
    expect(square(page, 4, 6)).to_contain_text("◆")
    output.locator(".widget-button", has_text="Place").click()
    expect(marked(page)).to_have_count(0)
    expect(output.get_by_text(re.compile(r"^Refused: "))).to_have_count(0)
    expect(status).to_contain_text("place domino")
    for row, column in ((4, 5), (4, 6)):
        color = square(page, row, column).evaluate("button => getComputedStyle(button).backgroundColor")
        assert color != "rgb(241, 243, 245)", f"square {(row, column)} still looks empty"


def test_tchu_is_played_by_clicks_and_its_map_says_in_one_sentence_that_it_needs_the_network(
        site, lite_page, refused):
    from playwright.sync_api import expect

    from course.lite import PYODIDE_CDN

    sentence = ("This picture needs matplotlib, which the browser fetches from the internet: "
                "connect, then run this cell again.")
    page = lite_page
    solution = ROOT / "solutions" / "04_tchu_game.ipynb"
    open_site(page, notebook_url(site, "solutions/04_tchu_game.ipynb"))
    *setup, state_cell = cells_for(solution, "state = GameState.initial")
    run_cells(page, [*setup, state_cell])
    expect(output_of(page, state_cell).first).to_contain_text(sentence)
    assert "Traceback" not in output_of(page, state_cell).first.inner_text()

    *definitions, widget_cell = cells_for(solution, TCHU_WIDGET)
    run_cells(page, [i for i in definitions if i not in setup])
    run_cell(page, cell(page, widget_cell), TCHU_GAME.format(draw_map=True))
    finished(page, widget_cell)  # the game has run to its first question
    output = output_of(page, widget_cell).first
    expect(output.get_by_text(sentence)).to_be_visible()  # where the map would be
    draw = output.locator(".widget-button", has_text="Draw cards")
    log = output.locator(".tchu-game-log")
    for _ in range(6):  # a turn's two cards; each click runs play again from the start
        expect(draw).to_be_enabled()
        before = log.inner_text()
        draw.click()
        expect(log).not_to_have_text(before)
    expect(output.get_by_text(re.compile(r"^Your turn: "))).to_be_visible()
    assert log.inner_text().count("Ada drew") == 6 and "Computer (greedy)" in log.inner_text()
    assert output.locator(".widget-html", has_text="error").count() == 0

    for _ in range(300):  # the fetch of matplotlib the picture started: refused, at the CDN (30 s at most)
        if any("/matplotlib-" in url for url in refused):
            break
        page.wait_for_timeout(100)
    cdn = PYODIDE_CDN.format(version="")[:-len("v/full/")]
    assert refused and all(url.startswith(cdn) for url in refused), refused
    assert any("/matplotlib-" in url for url in refused), refused
    refused.clear()


def test_course_lite_refuses_a_folder_that_is_not_a_site(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "thesis.tex").write_text("keep me", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "course.commands", "lite", "--to", str(folder), "--root", str(ROOT)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "not empty" in done.stderr
    assert [p.name for p in folder.iterdir()] == ["thesis.tex"]


def test_the_french_site_serves_the_french_notebooks_in_a_french_jupyterlab(tmp_path):
    import json

    from course.lite import build_site

    reason = missing()
    if reason:
        pytest.skip(reason)
    site = build_site(ROOT, tmp_path / "site", lang="fr")
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert config["settingsOverrides"]["@jupyterlab/translation-extension:plugin"]["locale"] == "fr_FR"
    assert (site / "api" / "translations" / "fr_FR.json").is_file()
    served = site / "files" / "00_start_here.ipynb"
    assert served.read_bytes() == (ROOT / "notebooks" / "fr" / "00_start_here.ipynb").read_bytes()
    assert 'path=00_start_here.ipynb' in (site / "index.html").read_text(encoding="utf-8")


def test_make_lite_builds_the_site_with_course_lite():
    done = subprocess.run(["make", "-n", "lite"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "course lite --to _site" in done.stdout and "npm install" in done.stdout


def test_the_course_wheel_holds_exercises_and_never_course(tmp_path):
    import zipfile

    from course.lite import build_course_wheel

    wheel = build_course_wheel(ROOT, tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    assert "exercises/__init__.py" in names and "exercises/locale/fr/LC_MESSAGES/exercises.mo" in names
    assert not [n for n in names if n.startswith("course/")]
    assert build_course_wheel(ROOT, tmp_path / "again").read_bytes() == wheel.read_bytes()


def test_the_site_lock_names_the_files_it_serves(tmp_path):
    import hashlib
    import json

    from course.lite import PYODIDE_CDN, build_course_wheel, site_lock

    wheel = build_course_wheel(ROOT, tmp_path)
    pyodide_lock = {"info": {}, "packages": {
        "numpy": {"name": "numpy", "file_name": "numpy-2-cp314.whl", "depends": []},
        "tabletop-python": {"name": "tabletop-python", "file_name": "old.whl", "imports": ["exercises"]},
    }}
    lock = site_lock(pyodide_lock, [wheel], "314.0.6")
    assert lock["packages"]["numpy"]["file_name"] == PYODIDE_CDN.format(version="314.0.6") + "numpy-2-cp314.whl"
    course = lock["packages"]["tabletop-python"]
    assert course["file_name"] == wheel.name and course["depends"] == ["ipywidgets", "anywidget"]
    assert course["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert pyodide_lock["packages"]["numpy"]["file_name"] == "numpy-2-cp314.whl"  # its input unchanged
    assert json.loads(json.dumps(lock)) == lock


def test_a_wheel_the_lock_does_not_pin_is_refused(tmp_path):
    from course.lite import LiteError, download_wheels

    constraints = tmp_path / "constraints.txt"
    constraints.write_text("ipywidgets==8.1.9\n", encoding="utf-8")
    with pytest.raises(LiteError, match="micropip is not pinned"):
        download_wheels(tmp_path / "wheels", constraints, roots=("micropip",))
    assert not any((tmp_path / "wheels").glob("*.whl"))
