"""The French notebooks in a French JupyterLab: menus in French; notebook 00 run and its
widget clicked; each game widget drawn in French without overflowing at a student's width
(1280 px with the side panel open, and 200 % zoom), audited with axe-core (``make axe``),
its pictures' text alternatives in French.

JupyterLab gets the language pack's setting (:mod:`course.i18n.lab_language`) in its own
settings folder; the notebook is the French solution of worksheet 00 (made for the test,
as in tests/i18n/test_translation.py), so that the widget's roll has a total to show. Needs
Debian's chromium and the pack ``jupyterlab-language-pack-fr-FR`` (the ``i18n`` extra).
"""

from __future__ import annotations

import functools
import importlib.util
import random
import re

import pytest

from conftest import ROOT
from support.accessibility import Audit, fits_every_width, output_of
from support.browser_steps import cells_for, overflowing, run_cells, widget_of
from support.lab_server import running_lab, stop_kernels, wait_for_kernel

ARTIFACTS = ROOT / "test-artifacts" / "browser"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def french_lab(tmp_path_factory):
    """A JupyterLab in French serving the French solutions as notebooks/fr/."""
    if importlib.util.find_spec("jupyterlab_language_pack_fr_FR") is None:
        pytest.skip("jupyterlab-language-pack-fr-FR is not installed (the i18n extra)")
    from course.i18n.lab_language import write_user_settings
    from course.i18n.notebooks import translated_solutions
    from course.release import dumps

    work = tmp_path_factory.mktemp("lab-fr")
    folder = work / "root" / "notebooks" / "fr"
    folder.mkdir(parents=True)
    for path, notebook in translated_solutions(ROOT, "fr"):
        (folder / path.name).write_text(dumps(notebook), encoding="utf-8")
    write_user_settings(work / "scratch" / "settings", "fr")
    with running_lab(work / "root", work / "scratch") as server:
        yield server
        stop_kernels(server)


def test_french_notebook_00_in_a_french_jupyterlab(french_lab, page, capsys):
    rng = random.Random(421)
    dice = [rng.randint(1, 6) for _ in range(3)]
    audit = Audit(page, capsys)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        page.goto(french_lab.notebook_url("notebooks/fr/00_start_here.ipynb") + "&reset")
        page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for()
        page.locator(".lm-MenuBar-itemLabel", has_text="Fichier").first.wait_for()
        assert page.locator(".lm-MenuBar-itemLabel", has_text="File").count() == 0
        page.get_by_text(re.compile(r"\| Inactif$")).first.wait_for()
        wait_for_kernel(page)
        page.locator(".lm-MenuBar-itemLabel", has_text="Exécution").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Exécuter toutes les cellules").first.click()
        roll = page.locator(".widget-button").first
        roll.wait_for()
        roll.click()
        # the roll's text, whichever language the widget speaks: the three dice and their total
        page.get_by_text(re.compile(re.escape(str(dice)) + rf"\D+\b{sum(dice)}\b")).first.wait_for()
        output = output_of(roll)
        assert output.get_by_role("img", name=f"dés {' '.join(map(str, dice))}").count() == 1
        audit.check(output, "00 DiceRoller, French")
        roll.scroll_into_view_if_needed()
    finally:
        page.screenshot(path=str(ARTIFACTS / "00_start_here-fr.png"))
    audit.finish()


#: each game widget (its notebook, then what tells it apart): its cell (a piece of its
#: source), a button to click first (or None), then French words it shows
WIDGETS = {
    "01_jass_melds": ("MeldPicker(MeldSet", "Distribuer", ["Distribuer", "Vider"]),
    "02_dice_421-turn": ("TurnWidget(play_turn", "Lancer", ["Relancer les dés marqués", "Garder"]),
    "02_dice_421": ("opponent=hunt_421", "Lancer", ["Relancer les dés marqués", "Garder", "Nouvelle partie"]),
    "03_abapa": ("AbapaGame(Board)", None, ["Nouvelle partie", "trou 0", "trou 5"]),
    "04_tchu_game": ("TchuGame(play", None, ["Garder ceux-ci", "Nouvelle partie"]),
    "05_dominations": ("KingdominoTable(Game", None, ["Tourner", "Retourner", "Poser", "Prendre le 28"]),
}


@functools.cache
def english_labels() -> frozenset[str]:
    """The English of every label and sentence of the widgets and pictures that French
    says otherwise (entries of the package's catalog without a field)."""
    from course.i18n.catalog import read_catalog

    catalog = read_catalog(ROOT / "src" / "exercises" / "locale" / "fr" / "LC_MESSAGES" / "exercises.po")
    return frozenset(
        message.id for message in catalog
        if isinstance(message.id, str) and message.string and message.id != message.string
        and not re.search(r"[{<]", message.id) and len(message.id) >= 4
        and any(path.endswith(("/widget.py", "/pictures.py")) for path, _line in message.locations)
    )


@pytest.mark.parametrize("stem", sorted(WIDGETS))
def test_each_game_widget_speaks_french_and_fits(french_lab, page, stem, capsys):
    marker, first, words = WIDGETS[stem]
    path = f"notebooks/fr/{stem.split('-')[0]}.ipynb"
    audit = Audit(page, capsys)
    cells = cells_for(french_lab.root / path, marker)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        page.goto(french_lab.notebook_url(path) + "&reset")
        page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for()
        wait_for_kernel(page)
        run_cells(page, cells)
        widget = widget_of(page, cells[-1])
        if first is not None:
            widget.locator(".widget-button", has_text=first).first.click()
        for word in words:
            widget.get_by_text(word, exact=True).first.wait_for()
        shown = widget.inner_text() + " " + " ".join(
            widget.locator("svg text, [title]").evaluate_all(
                "elements => elements.map(e => e.textContent + ' ' + (e.getAttribute('title') || ''))"))
        english = sorted(label for label in english_labels()
                         if re.search(rf"(?<![\w']){re.escape(label)}(?![\w'])", shown))
        assert english == [], f"English left in the French widget: {english}"
        assert overflowing(widget) == []
        output = output_of(widget)
        audit.check(output, f"{stem}, French")
        # every picture's text alternative speaks French too
        labels = output.locator("[role=img]").evaluate_all(
            "pictures => pictures.map(p => p.getAttribute('aria-label') || p.querySelector('title')?.textContent "
            "|| '')")
        assert all(label and not re.match(r"(dice|hand|kingdom|Abapa board|line of dominos)\b", label)
                   for label in labels), labels
        fits_every_width(page, output)
    finally:
        page.screenshot(path=str(ARTIFACTS / f"{stem}-fr.png"))
        stop_kernels(french_lab)
    audit.finish()
