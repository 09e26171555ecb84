"""French typography, kept by a test: narrow no-break spaces (U+202F) before ``: ; ! ?``,
inside « », between a number and its unit, × for a dimension; code left alone.

The rules and their convention are :mod:`french_typography` (``python
tests/support/french_typography.py --fix`` mends the catalogs).
"""

from __future__ import annotations

import json

import pytest

from conftest import ROOT
from course.i18n.catalog import read_catalog
from support.french_typography import NNBSP, faults, fixed, french_catalogs, is_french, strings

CATALOGS = french_catalogs(ROOT)
FRENCH_NOTEBOOKS = sorted((ROOT / "notebooks" / "fr").glob("*.ipynb"))


# ------------------------------------------------------------------------- the rules


@pytest.mark.parametrize("text", [
    "Feuille 2 : le 421", "Feuille 2: le 421", "vraiment ?", "vraiment?", "Bravo !", "a ; b",
    "« garder »", "«garder»", "27,68 %", "10 s par coup", "un terrain de 9x9", "9 x 9",
    "94 143 280 mains", "94,143,280 mains", "vous (rose): 10", "la fin\n: la suite",
])
def test_an_ordinary_space_or_none_where_french_wants_a_narrow_one_is_a_fault(text):
    assert faults(text), text
    assert not faults(fixed(text)) or "94,143,280" in text, fixed(text)


@pytest.mark.parametrize("text", [
    f"Feuille 2{NNBSP}: le 421", f"vraiment{NNBSP}?", f"«{NNBSP}garder{NNBSP}»", f"27,68{NNBSP}%",
    f"9{NNBSP}×{NNBSP}9", f"94{NNBSP}143{NNBSP}280 mains", "Python 3.11", "1,5 point",
])
def test_french_typography_is_no_fault(text):
    assert faults(text) == []
    assert fixed(text) == text


@pytest.mark.parametrize("code", [
    "`def f(x):` puis `x[1:2]`", "{points:>3}", "voir https://example.org/a?b=1", "```\nx = {1: 2}\n```",
    "affichez f'{points:>3}: {meld_set}'.", "comme '  0: {}', le 0", "$a:b$", "`a` != `b`",
    "twin = Board().copy(); twin.play(4)", "![image](a.png)",
])
def test_code_fields_urls_and_latex_are_not_french_punctuation(code):
    assert faults(code) == [], code
    assert fixed(code) == code


def test_a_field_then_a_colon_still_wants_the_narrow_space():
    assert faults("{call} : pas encore écrit")
    assert fixed("{call} : pas encore écrit") == f"{{call}}{NNBSP}: pas encore écrit"
    assert fixed("{percent} % des points") == f"{{percent}}{NNBSP}% des points"


def test_fixed_moves_a_colon_that_starts_a_line_to_the_end_of_the_previous_one():
    assert fixed("la feuille ne pose pas\n: **quelles**") == f"la feuille ne pose pas{NNBSP}:\n**quelles**"


# -------------------------------------------------------------------- the real French


@pytest.mark.parametrize("path", CATALOGS, ids=[path.stem for path in CATALOGS])
def test_every_french_entry_of_the_catalogs_keeps_the_typography(path):
    found = []
    for message in read_catalog(path):
        if not is_french(message):
            continue
        where = message.locations[0][0] if message.locations else "?"
        key = message.id if isinstance(message.id, str) else message.id[0]
        for text in strings(message):
            found += [f"{path.relative_to(ROOT)}, {where}, entry {key[:50]!r}: {fault}" for fault in faults(text)]
    assert not found, (
        f"{len(found)} faults of French typography (`python tests/support/french_typography.py --fix` "
        "mends the spaces):\n" + "\n".join(found[:30])
    )


@pytest.mark.parametrize("path", FRENCH_NOTEBOOKS, ids=[path.stem for path in FRENCH_NOTEBOOKS])
def test_every_markdown_cell_of_a_french_notebook_keeps_the_typography(path):
    found = []
    for cell in json.loads(path.read_text("utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            found += [f"{path.relative_to(ROOT)}, cell {cell.get('id')}: {fault}" for fault in faults(source)]
    assert not found, "\n".join(found[:30])


def test_the_french_notebooks_have_narrow_no_break_spaces_and_no_other_kind():
    text = "".join(path.read_text("utf-8") for path in FRENCH_NOTEBOOKS)
    assert text.count(NNBSP) > 500
    assert "\u00a0" not in text


def test_text_the_package_writes_in_french_keeps_the_typography():
    """What code puts together around the catalog's sentences: a check's lines, the stub,
    tCHu's log."""
    from exercises import i18n
    from exercises.start import check_count_pips
    from exercises.tchu import Info

    i18n.set_language("fr")
    lines = str(check_count_pips(lambda dice: sum(dice) if dice else 1)).splitlines()
    lines += [i18n.stub_sentence("jass.meld", "fr"), Info("Ada").won(3, 1), Info.draw(["Ada", "Bob"], 17)]
    found = [f"{line!r}: {fault}" for line in lines for fault in faults(line)]
    assert not found, "\n".join(found)
    assert any(f"{NNBSP}:" in line for line in lines)
