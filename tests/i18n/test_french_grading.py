"""A French submission's feedback has no English sentence left: the hidden tests' own
messages (strings and f-strings) and the reasons a file is not graded are in French, with
the same values; an English submission's feedback is what it always was.

A small course (worksheet 00 and a hidden test module of its own, with its French
catalog) graded once by ``course grade``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from course.i18n.catalog import read_catalog, write_catalog
from course.i18n.grading_text import catalog_file, extract
from course.i18n.notebooks import translated_solutions
from course.notebook import cell_source
from support.commands import alone

SOLUTION = ROOT / "solutions" / "00_start_here.ipynb"
WRONG = ("    return sum(dice)\n", "    return sum(dice[1:])\n")  #: a count_pips that leaves out the first die

HIDDEN = '''
import pytest

NOTEBOOK = "00_start_here"
POINTS = {"start.count_pips": 3}
HINTS = {"test_first_die": "Add every die."}


def told(got, want, dice):
    assert got == want, f"count_pips({dice!r}) should give {want!r} pips, gave {got!r}"


@pytest.mark.exercise("start.count_pips")
def test_first_die(sub):
    told(sub.count_pips([4, 2]), 6, [4, 2])


@pytest.mark.exercise("start.count_pips")
def test_one_die(sub):
    assert sub.count_pips([5]) == 5, "one die counts its own pips"


@pytest.mark.exercise("start.count_pips")
def test_a_value_message(sub):
    dice = [3, 3]
    if sub.count_pips(dice) != 6:
        raise AssertionError(f"{len(dice)} dice of 3 count {sub.count_pips(dice)}, not 6")
'''

FRENCH = {
    "count_pips({dice!r}) should give {want!r} pips, gave {got!r}":
        "count_pips({dice!r}) devrait donner {want!r} points, il a donné {got!r}",
    "one die counts its own pips": "un seul dé compte ses propres points",
    "{len(dice)} dice of 3 count {sub.count_pips(dice)}, not 6":
        "{len(dice)} dés de 3 comptent {sub.count_pips(dice)} points, pas 6",
    "Add every die.": "Additionnez tous les dés.",
}


def wrong(notebook: dict) -> dict:
    cells = [{**cell, "source": cell_source(cell).replace(*WRONG)} if WRONG[0] in cell_source(cell) else cell
             for cell in notebook["cells"]]
    assert cells != notebook["cells"]
    return {**notebook, "cells": cells}


def save(path: Path, data: dict | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> Path:
    """The small course's grades folder: a wrong count_pips in French and in English, and a
    notebook of no worksheet in French and in English."""
    folder = tmp_path_factory.mktemp("french-messages")
    root = folder / "course"
    save(root / "solutions" / SOLUTION.name, SOLUTION.read_text(encoding="utf-8"))
    save(root / "tests" / "grading" / "test_start.py", HIDDEN)
    notebooks = ROOT / "locale" / "fr" / "LC_MESSAGES" / "notebooks" / "00_start_here.po"
    save(root / "locale" / "fr" / "LC_MESSAGES" / "notebooks" / notebooks.name, notebooks.read_text(encoding="utf-8"))
    extract(root, "fr")  # the grader's sentences, the hint, the three messages
    real = read_catalog(catalog_file(ROOT, "fr"))
    catalog = read_catalog(catalog_file(root, "fr"))
    for message in catalog:
        if message.id:
            message.string = FRENCH.get(message.id) or real[message.id].string
    write_catalog(catalog, catalog_file(root, "fr"))

    french = dict(translated_solutions(ROOT, "fr"))[SOLUTION]
    english = json.loads(SOLUTION.read_text(encoding="utf-8"))
    hand_in = folder / "hand-in"
    save(hand_in / "zoe-fr" / SOLUTION.name, wrong(french))
    save(hand_in / "zoe-en" / SOLUTION.name, wrong(english))
    stranger = {"cells": [{"cell_type": "code", "source": "print(1)", "metadata": {}, "outputs": [],
                           "execution_count": None}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    save(hand_in / "gina-fr" / "autre.ipynb", {**stranger, "metadata": {"course": {"language": "fr"}}})
    save(hand_in / "gina-en" / "other.ipynb", stranger)
    run = subprocess.run([sys.executable, "-m", "course.commands", "grade", str(hand_in), "--out", str(folder / "out"),
                          "--root", str(root), "--jobs", "2"], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-3000:]
    return folder / "out"


def outputs(out: Path, result: str) -> dict[str, str]:
    data = json.loads((out / "results" / result).read_text(encoding="utf-8"))
    return {test["name"].partition(": ")[2]: test["output"] for test in data["tests"]}


def test_an_f_string_message_comes_in_french_with_its_values(graded):
    french = outputs(graded, "zoe-fr.start.json")
    assert french["test_first_die"] == ("`count_pips([4, 2])` a renvoyé 2, attendu\u202f: 6 "
                                        "(count_pips([4, 2]) devrait donner 6 points, il a donné 2)"
                                        "\nIndice\u202f: Additionnez tous les dés."), french["test_first_die"]
    assert french["test_a_value_message"] == "AssertionError: 2 dés de 3 comptent 3 points, pas 6"


def test_a_string_message_comes_in_french(graded):
    french = outputs(graded, "zoe-fr.start.json")
    assert french["test_one_die"] == \
        "`count_pips([5])` a renvoyé 0, attendu\u202f: 5 (un seul dé compte ses propres points)"
    feedback = (graded / "feedback" / "zoe-fr.md").read_text(encoding="utf-8")
    assert "un seul dé compte ses propres points" in feedback and "one die" not in feedback


def test_the_english_submission_keeps_the_english_messages(graded):
    english = outputs(graded, "zoe-en.start.json")
    assert english == {
        "test_first_die": "`count_pips([4, 2])` returned 2, expected 6 "
                          "(count_pips([4, 2]) should give 6 pips, gave 2)\nHint: Add every die.",
        "test_one_die": "`count_pips([5])` returned 0, expected 5 (one die counts its own pips)",
        "test_a_value_message": "AssertionError: 2 dice of 3 count 3, not 6",
    }


def test_a_french_notebook_that_is_not_graded_says_why_in_french(graded):
    results = {path.name: json.loads(path.read_text(encoding="utf-8")) for path in (graded / "results").glob("gina-*")}
    french, = (r for name, r in results.items() if name.startswith("gina-fr"))
    english, = (r for name, r in results.items() if name.startswith("gina-en"))
    assert french["output"] == "ne correspond à aucune feuille d'exercices du cours", french["output"]
    assert english["output"] == "matches no worksheet of the course"
    assert french["extra_data"]["reason"] == english["extra_data"]["reason"]  # the grade book stays English
    feedback = (graded / "feedback" / "gina-fr.md").read_text(encoding="utf-8")
    assert "Non corrigé\u202f: ne correspond à aucune feuille d'exercices du cours." in feedback, feedback
    assert "Not graded: matches no worksheet of the course." in (graded / "feedback" / "gina-en.md").read_text("utf-8")


def test_the_gradescope_summary_of_a_french_submission_is_french():
    from course.gradescope import merge
    from course.grading.instructor.results import GradingResult

    result = {"score": 0.0, "output": "matches no worksheet of the course", "tests": [], "extra_data": {
        "path": "/hand-in/autre.ipynb", "status": "not graded", "reason": "matches no worksheet of the course",
        "worksheet": None, "exercises": {}, "language": "fr", "student": "s"}}
    french = merge([GradingResult.from_json(result)], "visible", 1.0, root=ROOT)["output"]
    assert french == (
        "Rien n'a pu être corrigé\u202f: aucun fichier remis n'est un notebook de ce cours qui puisse être "
                      "corrigé. Déposez le fichier .ipynb de votre feuille "
                      "(Fichier > Télécharger dans JupyterLab), "
                      "tel quel, sans renommer ses cellules.\n\n"
                      "autre.ipynb\u202f: non corrigé\u202f: ne correspond à aucune feuille d'exercices du "
                      "cours"), french
    english = {**result, "extra_data": {k: v for k, v in result["extra_data"].items() if k != "language"}}
    assert merge([GradingResult.from_json(english)], "visible", 1.0, root=ROOT)["output"] == (
        "Nothing could be graded: no file of the submission is a notebook of this course that could be graded. "
        "Hand in your worksheet's .ipynb file (File > Download in JupyterLab), as it is, without renaming its cells."
        "\n\nautre.ipynb: not graded: matches no worksheet of the course")


def test_a_french_notebook_of_another_worksheet_is_skipped_in_french(tmp_path):
    notebook = json.loads(SOLUTION.read_text(encoding="utf-8"))
    notebook["metadata"]["course"] = {**notebook["metadata"]["course"], "worksheet": "dice421", "language": "fr"}
    save(tmp_path / "autre.ipynb", notebook)
    run = subprocess.run([sys.executable, "-m", "pytest", str(ROOT / "tests" / "grading" / "test_start.py"),
                          "--submission", str(tmp_path / "autre.ipynb"), "--grading-report", str(tmp_path / "r.json"),
                          "-p", "no:cacheprovider", "-q"], capture_output=True, text=True, timeout=300, cwd=ROOT,
                         env=alone())
    assert "skipped" in run.stdout, run.stdout[-2000:]
    messages = {test["message"] for test in json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["tests"]}
    assert messages == {"ignoré\u202f: autre.ipynb n'est pas un notebook de la feuille start"}, messages
