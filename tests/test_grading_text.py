"""The grader speaks the notebook's language: its catalog complete, fresh and used.

The catalog is locale/fr/LC_MESSAGES/grading.po (see :mod:`course.grading_text`): the
grader's sentences and the hidden tests' hints.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from conftest import ROOT
from course.grading_text import ENGLISH, MESSAGES, Words, catalog_file, hints, problems, units
from course.translation import read_catalog

FIELDS = re.compile(r"\{[^{}]*\}")
SOURCES = ["course/grading_text.py"] + sorted({where.partition("#")[0] for where, _ in hints(ROOT)})


@pytest.mark.parametrize("source", SOURCES)
def test_every_sentence_and_hint_has_a_fresh_french_translation(source):
    found = [problem for problem in problems(ROOT, "fr") if f", {source}" in problem]
    assert not found, (f"{len(found)} entries of grading.po lack a usable French translation; run "
                       "`course translate extract`, translate, remove the fuzzy flags:\n" + "\n".join(found[:20]))


def test_the_catalog_is_up_to_date():
    """`course translate extract` would add or retire nothing."""
    catalog = read_catalog(catalog_file(ROOT, "fr"))
    present = {message.id for message in catalog if message.id}
    wanted = {text for _, text in units(ROOT)}
    assert present == wanted, f"run `course translate extract`; missing {sorted(wanted - present)[:3]}, " \
                              f"gone {sorted(present - wanted)[:3]}"


def test_translations_keep_the_fields_and_edges_of_the_english():
    for message in read_catalog(catalog_file(ROOT, "fr")):
        if not message.id or not message.string:
            continue
        english, french = message.id, message.string
        assert sorted(FIELDS.findall(english)) == sorted(FIELDS.findall(french)), english
        assert english[: len(english) - len(english.lstrip())] == french[: len(french) - len(french.lstrip())], english
        assert (english[-1:] == " ") == (french[-1:] == " "), english


def said(path: Path) -> set[str]:
    """The templates a module gives to ``say(...)`` (or ``first(...)``): first arguments that are literals."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("say", "first"):
            for argument in node.args[:1]:
                parts = [argument.body, argument.orelse] if isinstance(argument, ast.IfExp) else [argument]
                found |= {part.value for part in parts if isinstance(part, ast.Constant) and isinstance(part.value, str)}
    return found


def test_every_sentence_of_the_grader_is_in_the_catalog_and_used():
    used = set()
    for name in ("plugin", "grade"):
        used |= said(ROOT / "src" / "course" / f"{name}.py")
    assert used - set(MESSAGES) == set(), "say() with a sentence missing from grading_text.MESSAGES"
    assert set(MESSAGES) - used == set(), "sentences of grading_text.MESSAGES that nothing says"


def test_english_words_are_the_templates_themselves(tmp_path):
    assert ENGLISH("expected {want}, got {got}", want="1", got="2") == "expected 1, got 2"
    assert Words(ROOT, "en")("a true value") == "a true value"
    assert Words(tmp_path, "fr")("a true value") == "a true value"  # no catalog: English
    french = Words(ROOT, "fr")
    assert french("expected {want}, got {got}", want="1", got="2") == "attendu : 1, obtenu : 2"
    english_hint, = (hint for where, hint in hints(ROOT) if where == "test_start.py#test_count_pips_sums_every_die")
    assert french.hint(english_hint).startswith("Additionnez")


def test_a_changed_hint_comes_back_fuzzy_and_is_named(tmp_path):
    from course.grading_text import extract
    from course.translation import write_catalog

    module = tmp_path / "tests" / "grading" / "test_tiny.py"
    module.parent.mkdir(parents=True)
    module.write_text('HINTS = {"test_sow": "Sow the seeds."}\n', encoding="utf-8")
    extract(tmp_path, "fr")
    assert any("test_tiny.py#test_sow: untranslated: 'Sow the seeds.'" in p for p in problems(tmp_path, "fr"))
    catalog = read_catalog(catalog_file(tmp_path, "fr"))
    for message in catalog:
        if message.id:
            message.string = "Égrenez les graines." if message.id == "Sow the seeds." else message.id
    write_catalog(catalog, catalog_file(tmp_path, "fr"))
    assert problems(tmp_path, "fr") == []
    assert Words(tmp_path, "fr").hint("Sow the seeds.") == "Égrenez les graines."

    module.write_text('HINTS = {"test_sow": "Sow all the seeds."}\n', encoding="utf-8")
    extract(tmp_path, "fr")
    stale = read_catalog(catalog_file(tmp_path, "fr"))["Sow all the seeds."]
    assert stale.fuzzy and stale.previous_id == ["Sow the seeds."] and stale.string == "Égrenez les graines."
    assert problems(tmp_path, "fr") == ["grading.po, test_tiny.py#test_sow: fuzzy: 'Sow all the seeds.'"]
    assert Words(tmp_path, "fr").hint("Sow all the seeds.") == "Sow all the seeds."  # stale: English
