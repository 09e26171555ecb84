"""What the widgets put together around the catalog's sentences says it in French: the
421 round's tokens given, a player's counter, the dice a player kept or threw (with their article),
a Domi'Nations move of yours or of an AI, a tCHu game state shown in a cell."""

from __future__ import annotations

import html

from exercises import i18n
from exercises.dice421.widget import describe_round

NNBSP = "\u202f"


def test_a_french_round_says_how_many_tokens_were_given_and_who_with_an_article():
    from exercises.i18n import pgettext

    i18n.set_language("fr")
    names = ("Joueur 1", "Ordinateur")
    subjects = (pgettext("subject", "Player 1"), pgettext("subject", "Computer"))
    text = describe_round(2, [(6, 6, 5), (4, 2, 1)], (10, 10), (2, 18), names, subjects)
    said = html.unescape(text)
    assert f"Le joueur 1 a donné 8 jetons{NNBSP}: le joueur 1 a 2 jetons, l'ordinateur a 18 jetons." in said, said
    assert f"Ordinateur{NNBSP}: " in text  # the dice of the round keep the names as labels
    one = describe_round(2, [(6, 6, 5), (4, 2, 1)], (10, 10), (11, 9), names, subjects)
    assert f"L'ordinateur a donné 1 jeton{NNBSP}: " in html.unescape(one), one


def test_the_english_round_is_unchanged():
    text = describe_round(2, [(6, 6, 5), (4, 2, 1)], (10, 10), (2, 18), ("Player 1", "Computer"))
    assert "Player 1 gave 8: Player 1 has 2 tokens, Computer has 18 tokens." in text, text


def test_a_french_kept_throw_is_said_with_its_article():
    from exercises.dice421.pictures import dice_svg
    from exercises.i18n import _
    from exercises.ui import spoken

    i18n.set_language("fr")
    kept = _("{name} kept {dice}").format(name="L'ordinateur", dice=dice_svg((4, 2, 1), size=24))
    assert spoken(kept) == "L'ordinateur a gardé les dés 4 2 1", spoken(kept)
    thrown = _("; the computer threw {throws} and kept the last.").format(
        throws=_(", then ").join(dice_svg(faces, size=24) for faces in ((6, 6, 5), (4, 2, 1))))
    said = spoken(thrown)
    assert said.endswith("a lancé les dés 6 6 5, puis dés 4 2 1 et a gardé le dernier lancer."), said


def test_a_french_move_of_yours_and_of_an_ai_reads_right():
    """The same pieces say your move and an AI's: « Vous : … », never « Vous a posé »."""
    from types import SimpleNamespace

    from exercises.dominations.widget import _move_text

    i18n.set_language("fr")
    placing = SimpleNamespace(number=12)
    mine = _move_text(0, (30, ((4, 5), (4, 6))), placing)
    assert mine == (f"Vous{NNBSP}: domino 12 posé en rangée 4, colonne 5 et rangée 4, colonne 6, "
                    "et domino 30 pris."), mine
    assert _move_text(2, (None, None), placing) == f"IA 2{NNBSP}: domino 12 défaussé."
    i18n.set_language("en")
    assert _move_text(0, (30, ((4, 5), (4, 6))), placing) == (
        "You placed domino 12 at row 4, column 5 and row 4, column 6, and took domino 30.")


def test_a_tchu_game_state_shown_in_a_french_cell_is_french():
    import random

    from exercises.tchu.model.chmap import ChMap
    from exercises.tchu.model.state import GameState

    state = GameState.initial(ChMap.all_tickets(), random.Random(2021))
    i18n.set_language("en")
    assert repr(state) == ("<GameState: PLAYER_1 to play, 46 tickets, 97 cards in the deck, 0 discarded; "
                           "PLAYER_1: 0 tickets, 4 cards, 40 cars, PLAYER_2: 0 tickets, 4 cards, 40 cars>")
    i18n.set_language("fr")
    assert repr(state) == (f"<GameState{NNBSP}: à PLAYER_1 de jouer, 46 billets, 97 cartes dans la pioche, "
                           f"0 à la défausse{NNBSP}; PLAYER_1{NNBSP}: 0 billets, 4 cartes, 40 wagons, "
                           f"PLAYER_2{NNBSP}: 0 billets, 4 cartes, 40 wagons>")


def test_a_tchu_map_without_names_calls_the_players_in_the_notebooks_language():
    import dataclasses
    import random

    from exercises.tchu import Card, ChMap, GameState, PlayerId, SortedBag
    from exercises.tchu.pictures import map_text

    state = GameState.initial(ChMap.all_tickets(), random.Random(2))
    state = dataclasses.replace(state, current_player_id=PlayerId.PLAYER_1).with_claimed_route(
        ChMap.route("BER_NEU_1"), SortedBag.of(2, Card.RED))
    i18n.set_language("en")
    assert "Player 1 claimed Berne – Neuchâtel" in map_text(state)
    i18n.set_language("fr")
    said = map_text(state)
    assert "Joueur 1 " in said and "Player" not in said, said


def test_a_french_game_against_the_computer_names_it_with_its_article():
    """A whole 421 game in French: the story, the rounds and the end say « l'ordinateur »
    where it is a sentence's subject, and keep « Ordinateur » as its counter's label."""
    from exercises.dice421.widget import GameWidget
    from worksheets.test_dice421_package import hunt_421, play_game, play_to_the_end

    i18n.set_language("fr")
    widget = GameWidget(play_game, tokens=3, opponent=hunt_421, seed=7)
    while not widget.table.over:
        play_to_the_end(widget)
    seen = " ".join(html.unescape(part) for part in (widget.story.value, widget.verdict.value, widget.who.value))
    assert "Ordinateur " not in seen and "ordinateur " in seen, seen  # « Ordinateur\u202f: » labels its dice
    assert f"<b>Ordinateur</b>{NNBSP}:" in widget.counters.value
