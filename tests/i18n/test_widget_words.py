"""What the widgets put together around the catalog's sentences says it in French: the
421 round's tokens given, a player's counter, the dice a player kept or threw (with their article)."""

from __future__ import annotations

from exercises import i18n
from exercises.dice421.widget import describe_round

NNBSP = "\u202f"


def test_a_french_round_says_how_many_tokens_were_given():
    i18n.set_language("fr")
    text = describe_round(2, [(6, 6, 5), (4, 2, 1)], (10, 10), (2, 18), ("Joueur 1", "Ordinateur"))
    assert f"Joueur 1 a donné 8 jetons{NNBSP}: " in text, text
    one = describe_round(2, [(6, 6, 5), (4, 2, 1)], (10, 10), (11, 9), ("Joueur 1", "Ordinateur"))
    assert f"Ordinateur a donné 1 jeton{NNBSP}: " in one, one


def test_the_english_round_is_unchanged():
    text = describe_round(2, [(6, 6, 5), (4, 2, 1)], (10, 10), (2, 18), ("Player 1", "Computer"))
    assert "Player 1 gave 8: Player 1 has 2 tokens, Computer has 18 tokens." in text, text


def test_a_french_kept_throw_is_said_with_its_article():
    from exercises.dice421.pictures import dice_svg
    from exercises.i18n import _
    from exercises.ui import spoken

    i18n.set_language("fr")
    kept = _("{name} kept {dice}").format(name="Ordinateur", dice=dice_svg((4, 2, 1), size=24))
    assert spoken(kept) == "Ordinateur a gardé les dés 4 2 1", spoken(kept)
    thrown = _("; the computer threw {throws} and kept the last.").format(
        throws=_(", then ").join(dice_svg(faces, size=24) for faces in ((6, 6, 5), (4, 2, 1))))
    said = spoken(thrown)
    assert said.endswith("a lancé les dés 6 6 5, puis dés 4 2 1 et a gardé le dernier lancer."), said
