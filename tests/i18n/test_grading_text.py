"""The grader speaks the notebook's language: its catalog complete, fresh and used.

The catalog is locale/fr/LC_MESSAGES/grading.po (see :mod:`course.i18n.grading_text`): the
grader's sentences and the hidden tests' hints.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from conftest import ROOT
from course.grading.notebook import randomness
from course.i18n.catalog import read_catalog
from course.i18n.grading_text import ENGLISH, MESSAGES, Words, catalog_file, hints, problems, units

FIELDS = re.compile(r"\{[^{}]*\}")
SOURCES = ["course/grading_text.py"] + sorted({where.partition("#")[0] for where, _ in units(ROOT)} -
                                             {"course/grading_text.py"})


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
                found |= {part.value for part in parts
                          if isinstance(part, ast.Constant) and isinstance(part.value, str)}
    return found


def test_every_sentence_of_the_grader_is_in_the_catalog_and_used():
    used = set()
    for name in ("grading/grader/plugin", "grading/instructor/results", "grading/instructor/feedback",
                 "grading/instructor/discover", "grading/instructor/local", "gradescope"):
        used |= said(ROOT / "src" / "course" / f"{name}.py")
    assert used - set(MESSAGES) == set(), "say() with a sentence missing from grading_text.MESSAGES"
    assert set(MESSAGES) - used == set(), "sentences of grading_text.MESSAGES that nothing says"


def test_english_words_are_the_templates_themselves(tmp_path):
    assert ENGLISH("expected {want}, got {got}", want="1", got="2") == "expected 1, got 2"
    assert Words(ROOT, "en")("a true value") == "a true value"
    assert Words(tmp_path, "fr")("a true value") == "a true value"  # no catalog: English
    french = Words(ROOT, "fr")
    assert french("expected {want}, got {got}", want="1", got="2") == "attendu\u202f: 1, obtenu\u202f: 2"
    english_hint, = (hint for where, hint in hints(ROOT) if where ==
        "test_start.py#test_count_pips_sums_every_die_as_an_int")
    assert french.hint(english_hint).startswith("Additionnez")


def test_a_changed_hint_comes_back_fuzzy_and_is_named(tmp_path):
    from course.i18n.catalog import write_catalog
    from course.i18n.grading_text import extract

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


# ------------------------------------------------------------------ the hidden tests' messages

MODULE = '''
import pytest

NAMES = {1: "Ada", 2: "Bob"}


def heard_right(player, expected, heard):
    assert heard == expected, f"{NAMES[player]} should hear {expected!r}, heard {heard!r}"


def test_tunnel(sub):
    dice = [1, 2]
    assert sub.ok(), "a tunnel costs {at most} 3 more cards"
    assert sub.ok(), dice
    assert sub.ok(), (dice, 1)
    assert sub.ok(), f"{dice}"
    if not sub.ok():
        raise AssertionError(f"{len(dice)} wagons left, {len(dice)} expected")
    pytest.fail("the kingdom is not 5 by 5")
'''


@pytest.fixture
def tiny(tmp_path) -> Path:
    module = tmp_path / "tests" / "grading" / "test_tiny.py"
    module.parent.mkdir(parents=True)
    module.write_text(MODULE, encoding="utf-8")
    return tmp_path


def test_messages_of_asserts_and_raises_are_templates_values_are_left_out(tiny):
    from course.i18n.grading_text import messages_of_tests

    found = [(s.line, s.location, s.template) for s in messages_of_tests(tiny)]
    assert found == [
        (8, "test_tiny.py#heard_right", "{NAMES[player]} should hear {expected!r}, heard {heard!r}"),
        (13, "test_tiny.py#test_tunnel", "a tunnel costs {{at most}} 3 more cards"),
        (18, "test_tiny.py#test_tunnel", "{len(dice)} wagons left, {len(dice)} expected"),
        (19, "test_tiny.py#test_tunnel", "the kingdom is not 5 by 5"),
    ]


def translate_all(root: Path, french: dict[str, str]) -> None:
    from course.i18n.catalog import write_catalog
    from course.i18n.grading_text import extract

    extract(root, "fr")
    catalog = read_catalog(catalog_file(root, "fr"))
    for message in catalog:
        if message.id:
            message.string = french.get(message.id, message.id)
    write_catalog(catalog, catalog_file(root, "fr"))


def test_a_message_is_translated_with_the_values_it_was_made_with(tiny):
    translate_all(tiny, {
        "{NAMES[player]} should hear {expected!r}, heard {heard!r}": "{NAMES[player]} devrait entendre {expected!r}, "
                                                                      "a entendu {heard!r}",
        "a tunnel costs {{at most}} 3 more cards": "un tunnel coûte {{au plus}} 3 cartes de plus",
        "{len(dice)} wagons left, {len(dice)} expected": "il reste {len(dice)} wagons, {len(dice)} attendus",
    })
    french = Words(tiny, "fr")
    said_in_english = "Ada should hear ['Ada jouera en premier.'], heard ['x, heard y']"
    assert french.sentence(said_in_english) == \
        "Ada devrait entendre ['Ada jouera en premier.'], a entendu ['x, heard y']"
    assert french.sentence("a tunnel costs {at most} 3 more cards") == "un tunnel coûte {au plus} 3 cartes de plus"
    assert french.sentence("2 wagons left, 2 expected") == "il reste 2 wagons, 2 attendus"
    assert french.sentence("2 wagons left, 3 expected") == "2 wagons left, 3 expected"  # a field twice: one value
    assert french.sentence("[1, 2]") == "[1, 2]"  # a value: as it is
    assert ENGLISH.sentence(said_in_english) == said_in_english
    assert Words(tiny, "en").sentence(said_in_english) == said_in_english


PIECES = '''
from course.grading.grader.differential import sentence


def difference(name, got, want):
    return sentence(f"{name} was {got!r}, expected {want!r}")


def test_game(sub):
    for move in range(3):
        where = sentence(f"in a {sub.players}-player game, move {move + 1}")
        assert sub.ok(), f"{where}: {difference('game.turn', 1, 2)}"
'''


def test_pieces_marked_as_sentences_are_translated_inside_the_message(tmp_path):
    module = tmp_path / "tests" / "grading" / "test_pieces.py"
    module.parent.mkdir(parents=True)
    module.write_text(PIECES, encoding="utf-8")
    from course.i18n.grading_text import messages_of_tests

    assert [s.template for s in messages_of_tests(tmp_path)] == [
        "{name} was {got!r}, expected {want!r}", "in a {sub.players}-player game, move {move + 1}",
        "{where}: {difference('game.turn', 1, 2)}"]
    translate_all(tmp_path, {
        "{name} was {got!r}, expected {want!r}": "{name} valait {got!r}, attendu : {want!r}",
        "in a {sub.players}-player game, move {move + 1}": "dans une partie à {sub.players} joueurs, coup {move + 1}",
        "{where}: {difference('game.turn', 1, 2)}": "{where} : {difference('game.turn', 1, 2)}",
    })
    english = "in a 2-player game, move 3: game.turn was 1, expected 2"
    assert Words(tmp_path, "fr").sentence(english) == \
        "dans une partie à 2 joueurs, coup 3 : game.turn valait 1, attendu : 2"


def test_an_untranslated_message_is_named_by_file_and_line_and_a_changed_one_comes_back_fuzzy(tiny):
    translate_all(tiny, {})
    assert problems(tiny, "fr") == []
    module = tiny / "tests" / "grading" / "test_tiny.py"
    module.write_text(MODULE.replace("3 more cards", "3 more wagons").replace(
        'pytest.fail("the kingdom', 'assert sub.ok(), "a new sentence"\n    pytest.fail("the kingdom'),
        encoding="utf-8")
    from course.i18n.grading_text import extract

    extract(tiny, "fr")
    assert problems(tiny, "fr") == [
        "grading.po, test_tiny.py:13: fuzzy: 'a tunnel costs {{at most}} 3 more wagons'",
        "grading.po, test_tiny.py:19: untranslated: 'a new sentence'",
    ]
    stale = read_catalog(catalog_file(tiny, "fr"))["a tunnel costs {{at most}} 3 more wagons"]
    assert stale.previous_id == ["a tunnel costs {{at most}} 3 more cards"]


def test_the_reasons_a_file_is_not_graded_are_in_the_catalog_and_said_in_french():
    from course.i18n.grading_text import REASONS

    used, strings = set(), set()
    for name in ("grading/instructor/discover", "grading/instructor/results", "grading/instructor/local",
                 "grading/instructor/batch", "grading/instructor/run", "gradescope",
                 "grading/grader/submission", "grading/grader/spawn", "grading/notebook/worker",
                 "grading/notebook/randomness", "grading/grader/differential"):
        for node in ast.walk(ast.parse((ROOT / "src" / "course" / f"{name}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("english", "reason") and \
                    isinstance(node.args[0], ast.Constant):
                used.add(node.args[0].value)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                strings.add(node.value)
    assert used - set(REASONS) == set(), "english() with a sentence missing from grading_text.REASONS"
    assert set(REASONS) - used - strings == {"DID NOT RAISE {exception}", "DID NOT RAISE any exception"}
    french = Words(ROOT, "fr")
    assert french.sentence("matches no worksheet of the course") == \
        "ne correspond à aucune feuille d'exercices du cours"
    assert french.sentence("not valid JSON (Expecting value: line 1 column 2 (char 1))") == \
        "JSON non valide (Expecting value: line 1 column 2 (char 1))"
    assert french.sentence("not a notebook (a file without extension, not a .ipynb)") == \
        "pas un notebook (un fichier sans extension, pas un .ipynb)"
    assert french.sentence("DID NOT RAISE ValueError") == "aucune ValueError n'a été levée"
    drew = french.sentence(randomness.DREW[randomness.MODULE].format(what="`roll_die(rng)`"))
    assert drew.startswith("`roll_die(rng)` a tiré au hasard avec le module random"), drew


def test_a_message_of_the_real_hidden_tests_in_french():
    english = "Alice (PLAYER_1) should hear ['Alice jouera en premier.'], heard []"
    assert Words(ROOT, "fr").sentence(english) == \
        "Alice (PLAYER_1) devrait entendre ['Alice jouera en premier.'], a entendu []"


def test_a_whole_game_message_of_the_real_hidden_tests_in_french_piece_by_piece():
    french = Words(ROOT, "fr")
    english = "in a Mighty Duel (seed 6), move 12: game.turn was 3, expected 4"
    assert french.sentence(english) == \
        "dans un Grand Duel (graine aléatoire 6), coup 12\u202f: game.turn valait 3, attendu\u202f: 4"
    english = "in a 4-player game (seed 5), move 2: game.kings has [3] too many and lacks [1]"
    assert french.sentence(english) == \
        "dans une partie à 4 joueurs (graine aléatoire 5), coup 2\u202f: game.kings a [3] en trop et il lui manque [1]"


def test_how_the_notebooks_process_ended_is_said_in_french_inside_the_sentence_that_tells_it():
    english = "the notebook's process killed (time or memory limit) by SIGKILL during count_pips([1, 2])"
    assert Words(ROOT, "fr").sentence(english) == \
        "le processus du notebook\u202f: tué (limite de temps ou de mémoire) par SIGKILL, pendant count_pips([1, 2])"
    assert Words(ROOT, "fr").sentence("code cell 2 called sys.exit('a demo')") == \
        "cellule de code 2 a appelé sys.exit('a demo')"
    cell = "code cell 3 ran longer than 1.5 s and was stopped"
    assert Words(ROOT, "fr").sentence(cell) == "cellule de code 3\u202f: durée de plus de 1.5 s, exécution interrompue"


def test_a_missing_name_is_a_root_cause_in_french_too():
    from course.grading.instructor.feedback import root_cause

    french = Words(ROOT, "fr")
    message = french.sentence("the notebook defines no 'count_pips' (is the cell that defines it run?)")
    assert message != "the notebook defines no 'count_pips' (is the cell that defines it run?)"
    assert root_cause(f"AttributeError: {message}", french) == "votre notebook ne définit pas `count_pips`"
