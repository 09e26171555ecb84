"""The package in French: its catalog complete and fresh, its checks and widgets French.

The catalog is src/exercises/locale/fr/LC_MESSAGES/exercises.po, compiled into the
committed exercises.mo (see :mod:`course.i18n.package`).
"""

from __future__ import annotations

import html
import subprocess
import sys
from pathlib import Path

import pytest

import exercises.checks
from conftest import ROOT
from course.i18n import package
from exercises import i18n
from exercises.checks import Example, check
from exercises.start import check_count_pips
from exercises.ui import ErrorPanel, StudentCodeError, write_first

PO = package.catalog_path(ROOT, "fr")


def not_implemented(dice):
    raise NotImplementedError("Exercise start.count_pips: write your code here.")


# ---------------------------------------------------------------------------- catalog


def test_every_message_of_the_package_has_a_fresh_french_translation():
    found = package.problems(ROOT, "fr")
    assert not found, (
        "messages of src/exercises without a usable French translation "
        "(run `course translate extract`, translate in " + str(PO.relative_to(ROOT)) + "):\n"
        + "\n".join(map(str, found))
    )


def test_the_package_has_messages_and_the_catalog_holds_each_of_them():
    found = package.messages(ROOT)
    assert len(found) >= 20
    catalog = package.read(PO)
    assert {message.key for message in found} <= {message.id[0] if isinstance(message.id, tuple)
                                                  else message.id for message in catalog}


def test_the_committed_mo_holds_the_messages_the_po_compiles_to():
    compiled = package.mo_messages(package.mo_bytes(package.read(PO)))
    assert len(compiled) >= 20
    assert package.mo_messages(PO.with_suffix(".mo").read_bytes()) == compiled


def test_another_babel_release_neither_fails_the_comparison_nor_rewrites_the_mo(monkeypatch, tmp_path):
    import babel.messages.catalog

    po = tmp_path / "exercises.po"
    po.write_bytes(PO.read_bytes())
    package.compile_catalog(po)
    committed = po.with_suffix(".mo").read_bytes()
    monkeypatch.setattr(babel.messages.catalog, "VERSION", "99.0.0")
    newer = package.mo_bytes(package.read(po))
    assert newer != committed  # the header names the release...
    assert package.mo_messages(newer) == package.mo_messages(committed)  # ...the messages do not
    assert package.compile_catalog(po) is False
    assert po.with_suffix(".mo").read_bytes() == committed


def test_a_changed_translation_changes_the_compiled_messages(tmp_path):
    po = tmp_path / "exercises.po"
    catalog = package.read(PO)
    message = next(message for message in catalog if message.id and isinstance(message.id, str)
                   and message.string and not message.fuzzy)
    message.string = message.string + " (changed)"
    po.write_bytes(package.po_bytes(catalog))
    (tmp_path / "exercises.mo").write_bytes(PO.with_suffix(".mo").read_bytes())
    assert package.compile_catalog(po) is True
    assert package.mo_messages(po.with_suffix(".mo").read_bytes())[(message.context, message.id)] \
        == message.string


def test_the_translations_keep_every_field_of_the_english():
    import re

    field = re.compile(r"\{[^{}]*\}")
    for message in package.read(PO):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set(field.findall(" ".join(english)))
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            assert set(field.findall(string)) <= wanted, (message.id, string)
        if not isinstance(message.id, tuple):
            assert set(field.findall(message.string)) == wanted, (message.id, message.string)


def small_package(tmp_path: Path, code: str) -> Path:
    (tmp_path / "src" / "exercises").mkdir(parents=True)
    (tmp_path / "src" / "exercises" / "words.py").write_text(code, encoding="utf-8")
    return tmp_path


def test_extract_adds_new_messages_marks_changed_ones_fuzzy_and_is_stable(tmp_path):
    root = small_package(tmp_path, 'print(_("Deal the cards"))\nprint(_("Shuffle"))\n')
    assert package.extract(root, "fr") == (2, True)
    path = package.catalog_path(root, "fr")
    assert [problem.state for problem in package.problems(root, "fr")] == ["untranslated"] * 2
    catalog = package.read(path)
    catalog["Deal the cards"].string = "Distribuer les cartes"
    catalog["Shuffle"].string = "Mélanger"
    path.write_bytes(package.po_bytes(catalog))
    assert package.extract(root, "fr") == (2, True)  # the .mo follows
    assert package.problems(root, "fr") == []
    assert package.extract(root, "fr") == (2, False)

    (root / "src" / "exercises" / "words.py").write_text(
        '\n\nprint(_("Deal the cards!"))\nprint(_("Shuffle"))\nprint(_("Cut"))\n', encoding="utf-8"
    )
    package.extract(root, "fr")
    assert package.extract(root, "fr")[1] is False  # stable, the old English kept
    found = {problem.text: (problem.state, problem.path, problem.line)
             for problem in package.problems(root, "fr")}
    assert found == {
        "Deal the cards!": ("fuzzy", "exercises/words.py", 3),
        "Cut": ("untranslated", "exercises/words.py", 5),
    }
    text = path.read_text(encoding="utf-8")
    assert '#| msgid "Deal the cards"' in text and "# |" not in text
    assert 'msgstr "Distribuer les cartes"' in text
    i18n.set_language("fr", localedir=path.parent.parent.parent)
    assert i18n._("Shuffle") == "Mélanger"
    assert i18n._("Deal the cards!") == "Deal the cards!"  # fuzzy: not in the .mo


def test_course_translate_extract_updates_the_package_catalog(tmp_path):
    root = small_package(tmp_path, 'print(_("Shuffle"))\n')
    (root / "solutions").mkdir()
    script = Path(sys.executable).with_name("course")
    run = subprocess.run([str(script), "translate", "extract", "--root", str(root)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "exercises.po: 1 entries, updated" in run.stdout
    assert "src/exercises/words.py:1: untranslated: 'Shuffle'" in run.stdout
    assert package.catalog_path(root, "fr").with_suffix(".mo").exists()


# ---------------------------------------------------------------------------- checks


def test_a_french_check_of_notebook_00_prints_french_lines():
    generated = len(exercises.checks.generated("start.count_pips", {}))
    assert generated > 1
    i18n.set_language("fr")
    assert str(check_count_pips(lambda dice: sum(dice))).splitlines() == [
        "Vérification de start.count_pips",
        "  ✓ count_pips([4, 2, 1]) == 7",
        "  ✓ count_pips([6, 6, 6]) == 18",
        "  ✓ count_pips([3]) == 3",
        "  ✓ count_pips([]) == 0",
        f"  ✓ {generated} exemples générés",
        f"Les {4 + generated} exemples passent tous.",
    ]
    assert str(check_count_pips(not_implemented)).splitlines() == [
        "Vérification de start.count_pips",
        "  … count_pips([4, 2, 1])\u202f: pas encore écrit. Écrivez votre code dans la cellule de "
        "l'exercice, exécutez-la, puis relancez cette vérification.",
    ]
    wrong = str(check_count_pips(lambda dice: sum(dice) if dice else 1)).splitlines()
    assert wrong[-4:] == [
        "  ✗ count_pips([])",
        "    attendu\u202f: 0",
        "    obtenu\u202f:  1",
        "    Indice\u202f: Aucun dé, aucun point.",
    ]


def test_french_plural_of_the_summary():
    i18n.set_language("fr")
    one = check("x.y", [Example("f()", lambda: 1, 1)])
    assert one.lines[-1] == "L'exemple passe."


def test_back_in_english_a_check_says_what_it_always_said():
    i18n.set_language("fr")
    i18n.set_language("en")
    assert str(check_count_pips(lambda dice: sum(dice) if dice else 1)).splitlines() == [
        "Checking start.count_pips",
        "  ✓ count_pips([4, 2, 1]) == 7",
        "  ✓ count_pips([6, 6, 6]) == 18",
        "  ✓ count_pips([3]) == 3",
        "  ✗ count_pips([])",
        "    expected: 0",
        "    got:      1",
        "    Hint: No dice show no pips.",
    ]
    assert check("x.y", [Example("f()", lambda: 1, 1)]).lines[-1] == "All 1 examples pass."
    assert str(check_count_pips(not_implemented)).splitlines()[-1] == (
        "  … count_pips([4, 2, 1]): not implemented yet. Write your code in the exercise "
        "cell, run it, then run this check again."
    )


def test_french_errors_and_exceptions_expected():
    i18n.set_language("fr")
    raised = check("x.y", [Example("f()", lambda: 1 / 0, 1)])
    assert raised.lines[1].startswith("  ✗ f()\u202f: attendu 1, mais le code a levé ZeroDivisionError")
    assert raised.lines[-1] == "    (check(..., traceback=True) affiche toute la trace de l'erreur)"
    returned = check("x.y", [Example("f()", lambda: 2, raises=ValueError)])
    assert returned.lines[1] == "  ✗ f()\u202f: attendu ValueError, mais le code a renvoyé 2"


# ---------------------------------------------------------------------------- shared ui


def test_write_first_and_the_error_panel_speak_french():
    def stub():
        raise NotImplementedError("Exercise abapa.board: write your code here.")

    i18n.set_language("fr")
    try:
        stub()
    except NotImplementedError as error:
        assert write_first(error) == (
            "Écrivez d'abord `stub` (exercice abapa.board), puis exécutez de nouveau cette cellule."
        )
    panel = ErrorPanel()
    with pytest.raises(StudentCodeError):
        panel.call(lambda: 1 / 0)
    assert "Votre code a levé une erreur\u202f: ZeroDivisionError" in panel.value
    i18n.set_language("en")
    with pytest.raises(StudentCodeError):
        panel.call(lambda: 1 / 0)
    assert "Your code raised an error: ZeroDivisionError" in panel.value


def test_every_call_with_a_literal_is_extracted():
    """A ``_("...")`` the extractor cannot see (inside an f-string) would stay English."""
    import ast

    extracted = {message.key for message in package.messages(ROOT)}
    seen = []
    for path in sorted((ROOT / "src" / "exercises").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "N_", "ngettext") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                seen.append((path.name, node.lineno, node.args[0].value))
    assert len(seen) > 150
    assert [call for call in seen if call[2] not in extracted] == []


# ---------------------------------------------------------------------------- widgets


def test_the_dice_roller_of_notebook_00_speaks_french_then_english_again():
    from exercises.start import DiceRoller

    i18n.set_language("fr")
    roller = DiceRoller(lambda dice: sum(dice), seed=1)
    assert roller.button.description == "Lancer"
    assert roller.total.value == "Cliquez sur Lancer pour lancer trois dés."
    roller.roll()
    assert roller.total.value == f"Dés {roller.dice}\u202f: total = {sum(roller.dice)}"
    broken = DiceRoller(lambda dice: 1 / 0, seed=1)
    broken.roll()
    assert broken.total.value == f"Dés {broken.dice}\u202f: votre count_pips a levé une erreur."
    assert "Votre code a levé une erreur en comptant les points\u202f: ZeroDivisionError" in broken.errors.value
    i18n.set_language("en")
    roller = DiceRoller(lambda dice: sum(dice), seed=1)
    assert (roller.button.description, roller.total.value) == ("Roll", "Click Roll to throw three dice.")
    roller.roll()
    assert roller.total.value == f"Dice {roller.dice}: total = {sum(roller.dice)}"


def test_the_421_turn_speaks_french():
    from exercises.dice421 import TurnWidget
    from exercises.dice421.widget import tokens_text

    i18n.set_language("fr")
    widget = TurnWidget(lambda *args: (1, 1), seed=4)
    assert (widget.panel.throw_button.description, widget.panel.keep_button.description) == ("Lancer", "Garder")
    assert widget.new_button.description == "Nouveau tour"
    assert widget.panel.status.value == "Cliquez sur Lancer pour lancer les trois dés."
    assert [tokens_text(n) for n in (None, 0, 1, 3)] == ["? jetons", "plus aucun jeton", "1 jeton", "3 jetons"]
    i18n.set_language("en")
    assert [tokens_text(n) for n in (None, 0, 1, 3)] == ["? tokens", "no tokens left", "1 token", "3 tokens"]


def test_the_meld_picker_speaks_french_with_french_plurals():
    from exercises.jass import MeldPicker

    class NoMelds:
        @staticmethod
        def all_in(hand):
            return []

    i18n.set_language("fr")
    picker = MeldPicker(NoMelds, seed=3)
    assert (picker.deal_button.description, picker.clear_button.description) == ("Distribuer", "Vider")
    picker.deal()
    assert picker.status.value == "9 cartes choisies sur 9."
    assert "<b>0 ensemble d'annonces</b> (le plus de points d'abord)" in picker.results.value
    i18n.set_language("en")
    picker.deal()
    assert picker.status.value == "9 of 9 cards picked."
    assert "<b>0 meld sets</b> (most points first)" in picker.results.value


@pytest.mark.parametrize("language, sentence", [
    ("fr", "Écrivez d'abord `Game` (exercice dominations.game), puis exécutez de nouveau cette cellule."),
    ("en", "Write `Game` first (exercise dominations.game), then run this cell again."),
])
def test_a_widget_on_a_stub_says_what_to_write_first_in_the_language(language, sentence):
    from exercises.dominations import KingdominoTable
    class Game:
        def __init__(self, *args, **kwargs):
            raise NotImplementedError("Exercise dominations.game: write your code here.")

    i18n.set_language(language)
    table = KingdominoTable(Game, [], seed=1)
    assert html.unescape(table.status.value).endswith(f">{sentence}</div>")


# ---------------------------------------------------------------------------- tCHu's Info


def test_tchu_info_speaks_the_original_french_and_english_by_default():
    from exercises.tchu import Card, ChMap, Info, SortedBag, Trail

    route = ChMap.route("BER_FRI_1")
    cards = SortedBag.of(2, Card.RED, 1, Card.LOCOMOTIVE)
    english = [
        Info("Ada").will_play_first(), Info("Ada").kept_tickets(1), Info("Ada").claimed_route(route, cards),
        Info("Ada").last_turn_begins(0), Info("Ada").won(3, 1), Info.draw(["Ada", "Bob"], 17),
        Info("Ada").drew_additional_cards(SortedBag.of(3, Card.BLUE), 2),
    ]
    assert english == [
        "Ada will play first.\n\n", "Ada kept 1 ticket.\n",
        f"Ada claimed the route {route.description} with 2 red and 1 locomotive.\n",
        "\nAda has only 0 cars left, the last turn begins!\n", "\nAda wins with 3 points, against 1 point!\n",
        "\nAda and Bob are tied with 17 points!\n",
        "The additional cards are 3 blue. They imply an additional cost of 2 cards.\n",
    ]
    i18n.set_language("fr")
    assert Info("Ada").will_play_first() == "Ada jouera en premier.\n\n"
    assert Info("Ada").kept_tickets(3) == "Ada a gardé 3 billets.\n"
    assert Info("Ada").can_play() == "\nC'est à Ada de jouer.\n"
    assert Info("Ada").claimed_route(route, cards) == (
        f"Ada a pris possession de la route {route.description} au moyen de 2 rouges et 1 locomotive.\n"
    )
    assert Info("Ada").drew_visible_card(Card.WHITE) == "Ada a tiré une carte blanche visible.\n"
    assert Info("Ada").did_not_claim_route(route) == (
        f"Ada n'a pas pu (ou voulu) s'emparer de la route {route.description}.\n"
    )
    assert Info("Ada").won(3, 1) == "\nAda remporte la victoire avec 3 points, contre 1 point\u202f!\n"
    assert Info.draw(["Ada", "Bob"], 17) == "\nAda et Bob sont ex æquo avec 17 points\u202f!\n"
    assert Info("Ada").gets_longest_trail_bonus(Trail.longest([route])).startswith(
        "\nAda reçoit un bonus de 10 points pour le plus long chemin ("
    )
    i18n.set_language("en")
    assert Info("Ada").will_play_first() == english[0]


def test_the_tchu_checks_read_a_french_log():
    from exercises.tchu import Info, PlayerId
    from exercises.tchu.checks.messages import MessageKind, MessageReader

    i18n.set_language("fr")
    reader = MessageReader({PlayerId.PLAYER_1: "Ada", PlayerId.PLAYER_2: "Bob"})
    assert reader.read("Bob jouera en premier.\n\n").kind is MessageKind.WILL_PLAY_FIRST
    assert reader.read(Info("Ada").last_turn_begins(2)).count == 2
    assert reader.read(Info("Bob").won(40, 12)).player is PlayerId.PLAYER_2
    assert reader.read(Info.draw(["Ada", "Bob"], 1)).kind is MessageKind.RESULT
