"""The French notebook 00 in a French JupyterLab: menus in French, run it, click its widget.

JupyterLab gets the language pack's setting (:mod:`course.lab_language`) in its own
settings folder; the notebook is the French solution of worksheet 00 (made for the test,
as in tests/test_translation.py), so that the widget's roll has a total to show. Needs
Debian's chromium and the pack ``jupyterlab-language-pack-fr-FR`` (the ``i18n`` extra).
"""

from __future__ import annotations

import importlib.util
import random
import re

import pytest

from conftest import ROOT
from lab_server import running_lab, stop_kernels, wait_for_kernel

ARTIFACTS = ROOT / "test-artifacts" / "browser"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def french_lab(tmp_path_factory):
    """A JupyterLab in French serving the French solution of worksheet 00 as notebooks/fr/."""
    if importlib.util.find_spec("jupyterlab_language_pack_fr_FR") is None:
        pytest.skip("jupyterlab-language-pack-fr-FR is not installed (the i18n extra)")
    from course.lab_language import write_user_settings
    from course.release import dumps
    from course.translation import translated_solutions

    work = tmp_path_factory.mktemp("lab-fr")
    folder = work / "root" / "notebooks" / "fr"
    folder.mkdir(parents=True)
    for path, notebook in translated_solutions(ROOT, "fr"):
        if path.name == "00_start_here.ipynb":
            (folder / path.name).write_text(dumps(notebook), encoding="utf-8")
    write_user_settings(work / "scratch" / "settings", "fr")
    with running_lab(work / "root", work / "scratch") as server:
        yield server
        stop_kernels(server)


def test_french_notebook_00_in_a_french_jupyterlab(french_lab, page):
    rng = random.Random(421)
    dice = [rng.randint(1, 6) for _ in range(3)]
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
        roll.scroll_into_view_if_needed()
    finally:
        page.screenshot(path=str(ARTIFACTS / "00_start_here-fr.png"))
