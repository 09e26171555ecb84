"""Worksheets 01, 02, 03 and 05 in French: a check run on a wrong answer, a given model's
error, both French under ``set_language("fr")`` and what they always were in English.

The hints built at run time, the examples' descriptions and the models' ValueError
sentences go through the package's catalog (see :mod:`exercises.i18n`).
"""

from __future__ import annotations

import random
import re

import pytest

from exercises import i18n

#: Words of English sentences that no French line of a check should hold.
ENGLISH = re.compile(
    r"\b(the|is|are|of|and|with|when|but|after|before|then|not|returned|expected|got|Hint|"
    r"Checking|should|your|which|every|must|cannot|has|have|first|raised|prints|twice|"
    r"tokens?|against|answer|throws?|seeds?)\b"
)


def english_words(lines: list[str]) -> list[str]:
    """The lines that still hold an English word."""
    return [line for line in lines if ENGLISH.search(line)]


def french(make) -> list[str]:
    """The lines of ``make()`` in French."""
    i18n.set_language("fr")
    try:
        return str(make()).splitlines()
    finally:
        i18n.set_language("en")


def english(make) -> list[str]:
    i18n.set_language("en")
    return str(make()).splitlines()


def message_of(call, error=ValueError) -> str:
    with pytest.raises(error) as raised:
        call()
    return str(raised.value)


# ---------------------------------------------------------------------------- 01 jass


class NoQuartets:
    @classmethod
    def add_all_quartets_into(cls, melds):
        pass


def test_jass_check_of_a_wrong_answer_speaks_french_then_english_as_always():
    from exercises.jass import check_quartets

    assert french(lambda: check_quartets(NoQuartets)) == [
        "Vérification de jass.meld",
        "  ✗ len(melds) après Meld.add_all_quartets_into(melds)",
        "    attendu\u202f: 6",
        "    obtenu\u202f:  0",
        "    Indice\u202f: Il n'y a de carrés que pour les 9, 10, J, Q, K et A. Ajoutez à la liste "
        "`melds` reçue (melds.append(...))\u202f; ne créez pas de nouvelle liste.",
    ]
    assert english(lambda: check_quartets(NoQuartets))[1:2] == [
        "  ✗ len(melds) after Meld.add_all_quartets_into(melds)",
    ]


def test_jass_hint_built_at_run_time_is_french():
    from exercises.jass import check_hands_without_meld

    right = {0: 1, 1: 36, 2: 630}
    lines = french(lambda: check_hands_without_meld(lambda size: right.get(size, 0)))
    assert lines[-1] == ("    Indice\u202f: Il y a comb(36, 3) = 7\u202f140 mains de 3 cartes\u202f; 28 d'entre elles "
                         "sont des suites de 3.")
    assert english_words(lines) == []
    assert english(lambda: check_hands_without_meld(lambda size: right.get(size, 0)))[-1] == (
        "    Hint: There are comb(36, 3) = 7140 hands of 3 cards; 28 of them are runs of 3."
    )


def test_jass_stale_meld_all_is_said_in_french():
    from exercises.jass import check_meld_all_in
    from worksheets.test_jass_package import Meld

    class Fresh(Meld):
        pass

    Fresh.ALL = ()
    lines = french(lambda: check_meld_all_in(Fresh))
    assert lines == [
        "Vérification de jass.meld",
        "  ✗ Meld.ALL est vide\u202f: exécutez la cellule `Meld.ALL = Meld.all_melds()` après celle de "
        "la classe Meld (réexécuter la cellule de la classe vide Meld.ALL), puis relancez cette "
        "vérification.",
    ]
    assert english(lambda: check_meld_all_in(Fresh))[1] == (
        "  ✗ Meld.ALL is empty: run the cell `Meld.ALL = Meld.all_melds()` after the cell of "
        "class Meld (running the class cell again empties Meld.ALL), then this check again."
    )


def test_jass_model_errors_speak_french():
    from exercises.jass import parse_cards, validate_hand

    i18n.set_language("fr")
    assert message_of(lambda: validate_hand(parse_cards("♠6 ♠6"))) == (
        "la main contient deux fois ♠6\u202f: chaque carte n'est qu'une fois dans le jeu"
    )
    assert message_of(lambda: parse_cards("♠X")).startswith("'♠X' n'est pas une carte\u202f: écrivez")
    i18n.set_language("en")
    assert message_of(lambda: validate_hand(parse_cards("♠6 ♠6"))) == (
        "the hand holds ♠6 twice: a deck has each card only once"
    )


# ---------------------------------------------------------------------------- 02 dice 421


def test_dice421_broken_rule_and_culprit_speak_french():
    from exercises.dice421 import check_play_turn

    # a roll_die that ignores its rng: the dice of play_turn come from elsewhere
    namespace = {"roll_die": lambda rng: random.Random(1).randint(1, 6)}
    exec("def play_turn(ask, rng):\n    ask(str([roll_die(rng) for _ in 'abc']))\n    return (1, 100)\n",
         namespace)
    lines = french(lambda: check_play_turn(namespace["play_turn"]))
    assert lines == [
        "Vérification de dice421.play_turn",
        "  ✗ garder le premier lancer 6 6 5\u202f: les dés de play_turn ne suivent pas le rng\u202f: "
        "vérifiez d'abord roll_die.",
    ]
    assert english(lambda: check_play_turn(namespace["play_turn"]))[-1] == (
        "  ✗ keep the first throw 6 6 5: play_turn's dice do not follow the rng: check roll_die first."
    )


def test_dice421_a_question_too_many_and_an_earlier_function_in_french():
    from exercises.dice421 import check_play_turn, check_sort2_desc
    from worksheets.test_dice421_package import seed_loop

    lines = french(lambda: check_play_turn(seed_loop))
    assert ("  ✗ répondre 1 à chaque fois\u202f: trois lancers, pas de quatrième\u202f: play_turn a posé la "
            "question 9 ('again?'), mais le joueur n'a donné que 8 réponse(s).") in lines
    assert english_words(lines) == []

    namespace = {"swap": lambda a, b: (a, b)}
    exec("def sort2_desc(a, b):\n    return swap(a, b) if a < b else (a, b)\n", namespace)
    lines = french(lambda: check_sort2_desc(namespace["sort2_desc"]))
    assert lines[-1] == ("    Vérifiez d'abord swap\u202f: votre swap, que cette fonction appelle, ne passe "
                         "pas encore sa propre vérification.")
    assert english(lambda: check_sort2_desc(namespace["sort2_desc"]))[-1] == (
        "    Check swap first: your swap, which this function calls, does not pass its own check yet."
    )


def test_dice421_model_errors_speak_french():
    from exercises.dice421.model import ScriptedDice, Turn, check_face

    i18n.set_language("fr")
    assert message_of(lambda: check_face(7)) == "un dé montre un nombre entier de 1 à 6, pas 7"
    assert message_of(lambda: Turn(lambda: 3).keep()) == "lancez les dés avant de les garder"
    assert message_of(lambda: ScriptedDice([1]).randint(0, 9)) == (
        "un dé se lance avec rng.randint(1, 6), pas rng.randint(0, 9)"
    )
    i18n.set_language("en")
    assert message_of(lambda: check_face(7)) == "a die shows a whole number from 1 to 6, not 7"


# ---------------------------------------------------------------------------- 03 abapa


@pytest.fixture(scope="module")
def abapa():
    """The solution notebook 03's namespace."""
    from worksheets.test_abapa_package import solution

    return solution.__wrapped__()


def test_abapa_check_of_a_wrong_answer_speaks_french(abapa):
    from exercises.abapa import check_sow

    def careless(cells, start):
        result = abapa["sow"](cells, start)
        cells[0] = 99
        return result

    lines = french(lambda: check_sow(careless))
    assert lines[-4:] == [
        "  ✗ sow(cells, 4) laisse cells inchangée",
        "    attendu\u202f: [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0]",
        "    obtenu\u202f:  [99, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0]",
        "    Indice\u202f: Travaillez sur une copie\u202f: cells = list(cells).",
    ]
    assert english_words(lines) == []
    assert english(lambda: check_sow(careless))[-4] == "  ✗ sow(cells, 4) leaves cells unchanged"


def test_abapa_scripted_players_and_keyboards_speak_french(abapa):
    from exercises.abapa import check_game, check_players

    class Deaf(abapa["HumanPlayer"]):
        def choose_move(self, board):
            while True:
                self.ask("? ")

    lines = french(lambda: check_players(Deaf, abapa["RandomPlayer"], abapa["Board"]))
    assert lines[1:3] == [
        "  ✗ HumanPlayer(ask qui répond '2').choose_move(Board())",
        "    attendu\u202f: 2",
    ]
    assert lines[3].startswith("    obtenu\u202f:  \"choose_move a continué à demander après la dernière")
    assert lines[3].endswith("il a refusé un trou permis, ou demandé une fois de trop\"")

    class FirstOnly(abapa["Game"]):
        def play_turn(self):
            pit = self.players[0].choose_move(self.board.copy())
            self.board.play(pit)
            return pit

    lines = french(lambda: check_game(FirstOnly, abapa["Board"]))
    assert lines[-4] == "  ✗ deux play_turn()\u202f: le joueur 0 choisit le trou 4, puis le joueur 1 le trou 3"
    assert lines[-2].startswith("    obtenu\u202f:  \"on a demandé au joueur 0 de l'exemple un coup qu'il n'a")
    assert lines[-1] == ("    Indice\u202f: Demandez à players[board.player], et renvoyez le trou qu'il a "
                         "choisi.")
    assert english_words(lines[-4:]) == []
    assert english(lambda: check_game(FirstOnly, abapa["Board"]))[-2].startswith(
        "    got:      \"the example's player 0 was asked for a move it does not have"
    )


# ---------------------------------------------------------------------------- 05 dominations


@pytest.fixture(scope="module")
def dominations():
    """The solution notebook 05's namespace."""
    from worksheets.test_dominations_package import solution

    return solution.__wrapped__()


def test_dominations_check_of_a_wrong_answer_speaks_french(dominations):
    from exercises.dominations import check_placement

    class NoSizeRule(dominations["Kingdom"]):
        def problem(self, domino, first, second):
            message = super().problem(domino, first, second)
            return None if message and "fit" in message else message

    lines = french(lambda: check_placement(NoSizeRule))
    failed = [line for line in lines if line.startswith("  ✗ ")]
    assert failed == ["  ✗ 'W0 C0 W0 W0 W0' + #13 W0 F0 sur (4, 8), (3, 8) (6 colonnes de large)"]
    assert lines[-3:-1] == ["    attendu\u202f: 'refusé, inchangé'", "    obtenu\u202f:  'can_place ne dit pas False'"]
    assert lines[-1].startswith("    Indice\u202f: ")
    assert english_words(lines) == []
    assert english(lambda: check_placement(NoSizeRule))[-3:-1] == [
        "    expected: 'refused, unchanged'", "    got:      'can_place does not say False'",
    ]


def test_dominations_ranking_descriptions_and_lost_methods_in_french(dominations):
    from exercises.dominations import check_legal_placements, check_ranking

    def upside_down(*kingdoms, **bonuses):
        return list(reversed(dominations["ranking"](*kingdoms, **bonuses)))

    lines = french(lambda: check_ranking(dominations["Kingdom"], upside_down))
    assert [line for line in lines if line.startswith("  ✗ ")][0].startswith("  ✗ classement de [")
    assert english_words(lines) == []

    class Kingdom:
        from_text = dominations["Kingdom"].from_text

    assert french(lambda: check_legal_placements(Kingdom)) == [
        "Vérification de dominations.legal",
        "  ✗ Kingdom n'a pas de méthode legal_placements\u202f: exécutez de nouveau les cellules qui suivent "
        "la classe Kingdom.",
    ]


def test_dominations_model_errors_speak_french():
    from exercises.dominations import Square, parse_kingdom

    i18n.set_language("fr")
    assert message_of(lambda: Square.from_text("X9")).startswith("'X9' n'est pas une case\u202f: écrivez la lettre")
    assert message_of(lambda: parse_kingdom("W0 W0")) == (
        "un royaume a exactement un château C0, ce texte en a 0"
    )
    assert message_of(lambda: Square("castle", 1)) == "le château n'a pas de couronne"
    i18n.set_language("en")
    assert message_of(lambda: parse_kingdom("W0 W0")) == "a kingdom has exactly one castle C0, this text has 0"


def test_the_dominations_check_accepts_the_ligne_n_the_french_text_asks_for(dominations):
    from exercises.dominations import check_load_dominos

    def renamed(word):
        def load_dominos(path):
            try:
                return dominations["load_dominos"](path)
            except ValueError as error:
                raise ValueError(str(error).replace("line ", word)) from None
        return load_dominos

    assert check_load_dominos(dominations["load_dominos"]).ok
    i18n.set_language("fr")
    assert check_load_dominos(renamed("ligne ")).ok
    result = check_load_dominos(renamed("rang "))
    assert not result.ok and "nomme la ligne 1" in str(result), str(result)


def test_the_hidden_tests_of_the_loader_pass_on_the_french_solution_that_says_ligne(tmp_path):
    import subprocess
    import sys

    from conftest import ROOT
    from course.i18n.notebooks import translated_solutions
    from course.release import dumps
    from support.commands import alone

    path = ROOT / "solutions" / "05_dominations.ipynb"
    notebook = dict(translated_solutions(ROOT, "fr"))[path]
    source = "".join("".join(cell["source"]) for cell in notebook["cells"])
    assert 'f"ligne {line}' in source and 'f"line {line}' not in source
    target = tmp_path / path.name
    target.write_text(dumps(notebook), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", str(ROOT / "tests" / "grading" / "test_dominations.py"),
         "--submission", str(target), "-p", "no:cacheprovider", "-q", "-k", "load"],
        capture_output=True, text=True, timeout=600, cwd=ROOT, env=alone(),
    )
    assert re.search(r"^\d+ passed, \d+ deselected", run.stdout, re.MULTILINE), run.stdout[-3000:]
