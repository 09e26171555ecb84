"""One merge for every catalog: Babel's ``Catalog.update`` (see :func:`course.i18n.catalog.merge`).

The notebooks' catalogs, the grader's and the package's are brought up to date the same
way: a translation kept for an unchanged English, a changed one fuzzy with its old English
(``#|``), stable from one extraction to the next; a text that comes back gets its
translation back; a changed text takes the translation of a text gone from the same cell
or test, never of one from elsewhere.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_markdown_cell, new_notebook

from course.i18n import grading_text, notebooks, package
from course.i18n.catalog import read_catalog, write_catalog


def two_cells(root: Path, first: str, second: str) -> Path:
    """A course of one solution notebook of two markdown cells (ids ``one`` and ``two``)."""
    (root / "solutions").mkdir(parents=True, exist_ok=True)
    cells = [new_markdown_cell(first), new_markdown_cell(second)]
    cells[0].id, cells[1].id = "one", "two"
    nbformat.write(new_notebook(cells=cells), root / "solutions" / "01_two.ipynb")
    return root


def translate(path: Path, french: dict[str, str]) -> None:
    catalog = read_catalog(path)
    for message in catalog:
        if message.id in french:
            message.string = french[message.id]
    write_catalog(catalog, path)


def test_a_fuzzy_notebook_entry_is_stable_from_one_extract_to_the_next(tmp_path):
    course = two_cells(tmp_path, "Sow the seeds.", "Count the kalah.")
    notebooks.extract(course, "fr")
    path = notebooks.catalog_path(course, "fr", "01_two")
    translate(path, {"Sow the seeds.": "Semez les graines.", "Count the kalah.": "Comptez le kalah."})
    two_cells(tmp_path, "Sow all the seeds.", "Count the kalah.")
    assert notebooks.extract(course, "fr")["01_two.ipynb"][1] is True
    written = path.read_bytes()
    assert notebooks.extract(course, "fr")["01_two.ipynb"] == (2, False), "a second extract changes nothing"
    assert path.read_bytes() == written
    text = written.decode("utf-8")
    assert '#| msgid "Sow the seeds."' in text and "# |" not in text
    stale = read_catalog(path)["Sow all the seeds."]
    assert stale.fuzzy and stale.previous_id == ["Sow the seeds."] and stale.user_comments == []


def test_a_changed_text_takes_a_translation_from_its_own_cell_only(tmp_path):
    course = two_cells(tmp_path, "Sow the seeds.", "Count the kalah.")
    notebooks.extract(course, "fr")
    path = notebooks.catalog_path(course, "fr", "01_two")
    translate(path, {"Sow the seeds.": "Semez les graines."})
    # the first cell's text moves to the second cell, changed: nothing of the first cell is its ancestor
    two_cells(tmp_path, "A new first cell.", "Sow the seeds now.")
    notebooks.extract(course, "fr")
    catalog = read_catalog(path)
    assert catalog["Sow the seeds now."].string == "" and not catalog["Sow the seeds now."].fuzzy
    assert catalog["A new first cell."].string == "" and not catalog["A new first cell."].fuzzy
    assert catalog.obsolete["Sow the seeds."].string == "Semez les graines."


def test_a_fuzzy_hint_keeps_its_old_english_from_one_extract_to_the_next(tmp_path):
    module = tmp_path / "tests" / "grading" / "test_tiny.py"
    module.parent.mkdir(parents=True)
    module.write_text('HINTS = {"test_sow": "Sow the seeds."}\n', encoding="utf-8")
    grading_text.extract(tmp_path, "fr")
    path = grading_text.catalog_file(tmp_path, "fr")
    translate(path, {"Sow the seeds.": "Semez les graines."})
    module.write_text('HINTS = {"test_sow": "Sow all the seeds."}\n', encoding="utf-8")
    grading_text.extract(tmp_path, "fr")
    written = path.read_bytes()
    assert grading_text.extract(tmp_path, "fr")[1] is False, "a second extract changes nothing"
    assert path.read_bytes() == written and '#| msgid "Sow the seeds."' in written.decode("utf-8")
    stale = read_catalog(path)["Sow all the seeds."]
    assert stale.fuzzy and stale.previous_id == ["Sow the seeds."] and stale.string == "Semez les graines."
    assert "Sow the seeds." not in read_catalog(path).obsolete, "the grader's catalog keeps no obsolete entry"


def test_a_grader_sentence_never_takes_another_sentences_translation(tmp_path):
    old = grading_text.update(None, tmp_path, "fr")
    sentence = grading_text.MESSAGES[0]
    old[sentence].string = "traduit"
    old.delete(sentence)
    old.add(sentence.replace("returned", "gave back"), "traduit", locations=[("course/grading_text.py", None)])
    fresh = grading_text.update(old, tmp_path, "fr")
    assert fresh[sentence].string == "" and not fresh[sentence].fuzzy, (
        "the grader's sentences share one location: no sentence is another's ancestor")


def test_a_package_message_that_comes_back_gets_its_translation_back(tmp_path):
    words = tmp_path / "src" / "exercises" / "words.py"
    words.parent.mkdir(parents=True)
    words.write_text('print(_("Shuffle"))\nprint(_("Cut the deck"))\n', encoding="utf-8")
    package.extract(tmp_path, "fr")
    path = package.catalog_path(tmp_path, "fr")
    translate(path, {"Shuffle": "Mélanger", "Cut the deck": "Couper le paquet"})
    words.write_text('print(_("Shuffle"))\n', encoding="utf-8")
    package.extract(tmp_path, "fr")
    assert read_catalog(path).obsolete["Cut the deck"].string == "Couper le paquet"
    words.write_text('print(_("Shuffle"))\nprint(_("Cut the deck"))\n', encoding="utf-8")
    package.extract(tmp_path, "fr")
    catalog = read_catalog(path)
    assert catalog["Cut the deck"].string == "Couper le paquet" and not catalog["Cut the deck"].fuzzy
    assert "Cut the deck" not in catalog.obsolete
    assert path.read_text(encoding="utf-8").count('"Cut the deck"') == 1


def test_a_previous_plural_and_a_long_previous_id_are_read_back(tmp_path):
    from babel.messages.catalog import Catalog

    long = "A long sentence, " + "with many words in it, " * 8 + 'a "quote"\nand a second line.'
    catalog = Catalog(locale="fr")
    catalog.add(("one card", "{n} cards"), ("une carte", "{n} cartes"), flags={"fuzzy"},
                previous_id=["a card", "{n} of the cards"], user_comments=["a note"])
    catalog.add("Long", "Long", flags={"fuzzy"}, previous_id=[long])
    path = tmp_path / "x.po"
    write_catalog(catalog, path)
    read = read_catalog(path)
    assert read["one card"].previous_id == ["a card", "{n} of the cards"]
    assert read["one card"].user_comments == ["a note"]
    assert read["Long"].previous_id == [long] and read["Long"].user_comments == []
