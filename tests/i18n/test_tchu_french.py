"""Worksheet 04, tCHu, in French: its hidden tests, its checks and its model speak the
notebook's language (see docs/AUTHORING.md, "Translations")."""

from __future__ import annotations

import functools
import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from course.i18n.notebooks import translated_solutions
from course.release import dumps
from exercises import i18n
from exercises.tchu import TchuGame
from support.commands import alone
from worksheets import test_tchu_game_package
from worksheets.test_tchu_game_package import one_tunnel_then_wait, play_some_turns

#: the solution notebook's namespace, the fixture the worksheet's package tests share
sol = test_tchu_game_package.sol

HIDDEN = ROOT / "tests" / "grading" / "test_tchu.py"
SOLUTION = ROOT / "solutions" / "04_tchu_game.ipynb"
WHO_PLAYS_FIRST = "tell_all(players, Info(player_names[state.current_player_id]).will_play_first())"


@functools.cache
def french_solution() -> dict:
    """Worksheet 04's solution as the French release writes it (never committed)."""
    return dict(translated_solutions(ROOT, "fr"))[SOLUTION]


def with_first_message(notebook: dict, message: str) -> dict:
    """``notebook`` whose start_game tells ``message`` (a Python expression) instead of
    the first player's ``will_play_first``."""
    cells = [dict(cell) for cell in notebook["cells"]]
    changed = 0
    for cell in cells:
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if WHO_PLAYS_FIRST in source:
            cell["source"] = source.replace(WHO_PLAYS_FIRST, f"tell_all(players, {message})")
            changed += 1
    assert changed == 1, "start_game's first message is no longer where this test looks for it"
    return {**notebook, "cells": cells}


def hidden_tests(notebook: dict, folder: Path, *selection: str) -> str:
    """The summary line of tCHu's hidden tests run on ``notebook`` (saved in ``folder``),
    e.g. "1 failed, 75 passed in 3.34s", and the output above it."""
    path = folder / "04_tchu_game.ipynb"
    path.write_text(dumps(notebook), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", str(HIDDEN), "--submission", str(path),
         "-p", "no:cacheprovider", "-q", *selection],
        capture_output=True, text=True, timeout=600, cwd=ROOT, env=alone(),
    )
    lines = run.stdout.strip().splitlines()
    return "\n".join(lines[-1:] + lines[:-1])


# ------------------------------------------------------------------ the hidden tests


def test_the_hidden_tests_of_the_first_message_pass_on_the_french_solution(tmp_path):
    """Its Info says "Ada jouera en premier.": the expected messages are made in French too.
    (The tests below, on the same harness, fail; every hidden test passing on the French
    solution is test_translation.py's full marks.)"""
    notebook = french_solution()
    assert any('exercises.set_language("fr")' in "".join(cell["source"]) for cell in notebook["cells"])
    output = hidden_tests(notebook, tmp_path, "-k", "first_message")
    assert re.fullmatch(r"[1-9]\d* passed, \d+ deselected in [\d.]+s", output.splitlines()[0]), output[:3000]


@pytest.mark.parametrize("message, why", [
    ('f"{player_names[state.current_player_id]} will play first.\\n\\n"', "the English text"),
    ('Info(player_names[state.current_player_id.next()]).will_play_first()', "the other player"),
])
def test_the_hidden_tests_refuse_a_wrong_first_message_in_french(tmp_path, message, why):
    output = hidden_tests(with_first_message(french_solution(), message), tmp_path, "-k", "first_message")
    assert re.fullmatch(r"\d+ failed, \d+ deselected in [\d.]+s", output.splitlines()[0]), (why, output[:3000])


# ------------------------------------------------------------------------ the widget


def test_the_widget_says_an_unpaid_tunnel_in_french(sol):
    i18n.set_language("fr")
    game = TchuGame(one_tunnel_then_wait(sol), draw_map=False, your_name="Ada")
    try:
        assert game.wait(10).method == "next_turn"
        game.route.value = "BEL_LUG_1"
        assert game.claim("BEL_LUG_1", 0)
        assert game.wait(10).method == "next_turn"
        status = html.unescape(game.status.value)
        assert "Vous ne vous êtes pas emparé du tunnel Bellinzone – Lugano" in status, status
        assert "Elles impliquent un coût additionnel de 3 cartes." in status, status
        assert "Bellinzone – Lugano (1, tunnel) - tunnel manqué au tour précédent" in dict(game.route.options)
    finally:
        game.stop()


def test_the_widget_plays_a_whole_game_in_french(sol):
    i18n.set_language("fr")
    game = TchuGame(sol["play"], seed=12, opponent="random", draw_map=False)
    asked = play_some_turns(game, 10_000)
    game.thread.join(20)
    assert not game.thread.is_alive()
    assert "choose_additional_cards" in asked
    assert game.errors.value == ""
    status = html.unescape(game.status.value)
    assert "Partie finie." in status, status
    assert " remporte la victoire avec " in status or " sont ex æquo avec " in status, status
    log = html.unescape(game.game_log.value)
    assert "C'est à Humain de jouer." in log and " turn " not in log, log[-2000:]
    assert "C'est à Ordinateur (aléatoire) de jouer." in log and "(random)" not in log, log[-2000:]


# ------------------------------------------------------------------------ the checks

#: English words that a French failure line must not hold (names of Python code aside)
ENGLISH = {
    "the", "should", "was", "were", "got", "when", "with", "and", "but", "not", "its", "each",
    "every", "player", "players", "card", "cards", "ticket", "tickets", "turn", "call", "calls",
    "received", "instead", "from", "deck", "asked", "answer", "scenario", "only", "once", "twice",
    "after", "before", "rules", "Hint", "Call", "end", "game",
}


def words(line: str) -> set[str]:
    """The words of ``line`` outside quoted texts, reprs and Python names (``x()``, ``a.b``, ``A_B``)."""
    line = re.sub(r"'[^']*'|\"[^\"]*\"|\[[^\]]*\]|\{[^}]*\}|<[^>]*>", " ", line)
    line = re.sub(r"[\w.]*(?:\(\S*?\)|\.\w+|_\w*)\S*", " ", line)
    return set(re.findall(r"[A-Za-zÀ-ÿ]+", line))


def failure_lines(result) -> list[str]:
    return [line for line in result.lines if line.lstrip().startswith(("✗", "Indice", "Hint"))]


def tells_only_the_first(players, info):
    next(iter(players.values())).receive_info(info)


def draws_three_cards(players, player_names, state, rng):
    for _ in range(3):
        players[state.current_player_id].draw_slot()
    return state


def never_refuses(players, player_names, tickets, rng):
    return {}


def wrong_answers(sol):
    from exercises.tchu import check_draw_cards, check_helpers, check_play

    return [
        lambda: check_helpers(tells_only_the_first, sol["update_all"]),
        lambda: check_draw_cards(draws_three_cards),
        lambda: check_play(never_refuses),
    ]


@pytest.mark.parametrize("which", range(3))
def test_a_french_check_of_a_wrong_answer_says_its_failure_in_french(sol, which):
    english = failure_lines(wrong_answers(sol)[which]())
    assert english and words(english[0]) & ENGLISH, english  # the same check, in English
    i18n.set_language("fr")
    result = wrong_answers(sol)[which]()
    lines = failure_lines(result)
    assert lines and lines[0].lstrip().startswith("✗"), result.lines
    for line in lines:
        assert not words(line) & ENGLISH, (sorted(words(line) & ENGLISH), line)
    assert result.lines[0] == "Vérification de tchu." + result.lines[0].split(".", 1)[1]


def test_a_french_check_of_the_solution_says_the_examples_in_french(sol):
    from exercises.tchu import check_end_game

    i18n.set_language("fr")
    result = check_end_game(sol["end_game"])
    assert any(line.startswith("  ✓ end_game(...) quand Ada a le plus long chemin et gagne == {'Ada': 22")
               for line in result.lines), result.lines
    assert result.lines[-1] == "Les 9 exemples passent tous."


# ------------------------------------------------------------------------- the model


def test_the_given_model_raises_its_value_errors_in_french():
    from exercises.tchu import Card, ChMap, SortedBag
    from exercises.tchu.model.cards import Deck
    from exercises.tchu.model.state import PlayerState

    i18n.set_language("fr")
    with pytest.raises(ValueError, match=r"^la pioche est vide\u202f: elle n'a pas de carte du dessus$"):
        Deck(()).top_card()
    with pytest.raises(ValueError, match=
        r"^SortedBag.of prend des paires \(nombre, élément\), obtenu\u202f: 1 arguments$"):
        SortedBag.of(Card.RED)
    route = ChMap.route("BER_FRI_1")
    hand = PlayerState.initial(SortedBag.of(4, Card.RED))
    with pytest.raises(ValueError, match=r"^le joueur n'a pas les cartes SortedBag\(\[Card.BLUE\]\) \(main\u202f: "):
        hand.with_claimed_route(route, SortedBag.of(1, Card.BLUE))
    i18n.set_language("en")
    with pytest.raises(ValueError, match=r"^the deck is empty: it has no top card$"):
        Deck(()).top_card()


def test_the_map_says_an_unknown_route_in_french():
    from exercises.tchu import ChMap, Trail

    i18n.set_language("fr")
    with pytest.raises(ValueError, match=
        r"^aucune route n'a l'identifiant 'BER_XXX_1'\u202f; les identifiants sont comme"):
        ChMap.route("BER_XXX_1")
    assert str(Trail.longest([])) == "(chemin vide)"
    i18n.set_language("en")
    with pytest.raises(ValueError, match=r"^no route has id 'BER_XXX_1'; ids are like 'BER_FRI_1'$"):
        ChMap.route("BER_XXX_1")


def test_the_hand_panel_names_its_cards_and_says_none_in_french():
    from exercises.tchu import Card, PlayerState, SortedBag
    from exercises.tchu.pictures import player_state_html

    hand = PlayerState(SortedBag.of(), SortedBag.of(2, Card.YELLOW).union(SortedBag.of(1, Card.LOCOMOTIVE)), [])
    empty = PlayerState(SortedBag.of(), SortedBag.of(), [])
    english = player_state_html(hand), player_state_html(empty)
    i18n.set_language("fr")
    french = player_state_html(hand), player_state_html(empty)
    assert ">2 yellow</span>" in english[0] and ">1 locomotive</span>" in english[0]
    assert ">2 jaunes</span>" in french[0] and ">1 locomotive</span>" in french[0], french[0]
    assert not re.search(r"\b(yellow|red|none)\b", french[0] + french[1])
    assert "<td style=\"text-align:left\">aucun</td>" in french[1]  # no ticket
    assert french[1].count(">aucune</td>") == 2  # no card, no route
