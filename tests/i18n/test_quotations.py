"""What the French text quotes as something to type or something the program prints is
what the English quotes, byte for byte, or what the French package prints in its place:
a French student who copies a quoted output passes the hidden test.

The rule is :mod:`course.i18n.quotes`; the typography fixer leaves quotations alone.
"""

from __future__ import annotations

import json

import pytest

from conftest import ROOT
from course.i18n.catalog import read_catalog, translations
from course.i18n.quotes import changed, quotations
from support.french_typography import NNBSP, faults, fixed, french_catalogs, is_french, strings

CATALOGS = french_catalogs(ROOT)
#: what the French package and the French notebooks' code print, by its English
PACKAGE = {english: french for path in CATALOGS if path.name != "grading.po"
           for english, french in translations(read_catalog(path)).items() if "\n" not in english}

#: French quotations that differ from their English on purpose, each with what accepts it
ACCEPTED = {
    # the hidden tests of Domi'Nations find the line's number after "line" or "ligne"
    "ligne N": "test_dominations.py names_line", "ligne 1": "", "ligne 3": "", "ligne 4": "", "ligne 8": "",
    "ligne 6": "", "ligne 11": "", "ligne 31": "", "ligne 45": "", "ligne 48": "", "ligne 50": "",
    # 421: any answer but the text 1 keeps the die; the hidden tests compare the numbers of
    # the printed lines, "the words are yours"
    "oui": "test_dice421.py rethrow", "Nombre de jetons? ": "the original French worksheet's question",
    "cas de jetons différents -- joueur 1 gagnant": "",
    "cas de jetons égaux -- joueur 2 gagnant": "",
    # an example of a ValueError's message: the hidden test asks only that it names the player
    '"Ada a gardé 2 billets : gardez au moins 3 des 5 billets proposés"': "test_tchu.py initial tickets",
    # the terrains' names, which the English lists as TERRAINS
    "wheat": "", "forest": "", "water": "", "grassland": "", "swamp": "", "mine": "", "Square": "",
    # the parameter feeds names, and a pseudo-code, not a program's text
    "pit": "", "\nafficher le plateau\ntant que la partie n'est pas finie :\n    jouer un tour\n"
    "    afficher le plateau\nafficher le gagnant\n": "",
}


def entries():
    """(catalog, where, English, French) of every French entry."""
    for path in CATALOGS:
        for message in read_catalog(path):
            if is_french(message):
                english = message.id if isinstance(message.id, str) else " ".join(message.id)
                where = message.locations[0][0] if message.locations else "?"
                for text in strings(message):
                    yield path.relative_to(ROOT), where, english, text


def notebook_cells(path):
    return {cell["id"]: "".join(cell["source"]) for cell in json.loads(path.read_text("utf-8"))["cells"]
            if cell["cell_type"] == "markdown"}


# ------------------------------------------------------------------------- the rule


def test_a_french_colon_inside_a_quoted_output_is_a_change():
    english = "print exactly one line, '  0: {}', the 0 right-aligned"
    assert changed(english, f"une ligne, '  0{NNBSP}: {{}}', le 0") == [f"  0{NNBSP}: {{}}"]
    assert changed(english, "une ligne, '  0: {}', le 0 aligné à droite") == []
    assert changed("like `170: {[♠9]}`", f"comme `170{NNBSP}: {{[♠9]}}`") == [f"170{NNBSP}: {{[♠9]}}"]


def test_an_apostrophe_opens_no_quotation_and_a_line_break_is_no_change():
    assert quotations("l'état de l'autre joueur, 'x' et \"y\" puis `z`") == ["x", "y", "z"]
    assert changed("`state.with(a,\nb)`", "`state.with(a, b)`") == []


def test_what_the_french_package_prints_is_the_french_quotation():
    english = "Print 'Current combination = 665' after the first throw"
    assert changed(english, "Affichez 'Combinaison actuelle = 665'", PACKAGE) == []
    assert changed(english, "Affichez 'Combinaison courante = 665'", PACKAGE) == ["Combinaison courante = 665"]


@pytest.mark.parametrize("text", [
    "comme '170: {[♠9, ♡9]}', le 0", "affichez '  0: {}' puis \"a: b\" ; fin", "tapez `oui; non`",
    "la question \"Value of die 3 = 5? \" et 'Nombre: 3'",
])
def test_the_typography_fixer_leaves_quotations_alone(text):
    assert quotations(fixed(text)) == quotations(text)
    assert faults("comme '170: {[♠9]}', le 0, puis \"Nombre? \" et `x: y`") == []


# -------------------------------------------------------------------- the real French


@pytest.mark.parametrize("path", CATALOGS, ids=[path.stem for path in CATALOGS])
def test_every_french_quotation_of_a_catalog_is_the_english_one(path):
    found = [f"{where}, entry {english[:50]!r}: {quotation!r}"
             for catalog, where, english, french in entries() if catalog == path.relative_to(ROOT)
             for quotation in changed(english, french, PACKAGE, ACCEPTED)]
    assert not found, f"{len(found)} quotations changed by the translation:\n" + "\n".join(found[:30])


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "notebooks" / "fr").glob("*.ipynb")))
def test_every_quotation_of_a_french_notebook_is_the_english_one(name):
    english, french = notebook_cells(ROOT / "notebooks" / name), notebook_cells(ROOT / "notebooks" / "fr" / name)
    assert french.keys() & english.keys()
    found = [f"cell {cell}: {quotation!r}" for cell in french.keys() & english.keys()
             for quotation in changed(english[cell], french[cell], PACKAGE, ACCEPTED)]
    assert not found, "\n".join(found[:30])
