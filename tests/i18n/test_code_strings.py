"""The strings of a code cell a student reads are units, even when a name carries them to
``print`` or ``raise``; their translation keeps the f-string's fields and runs."""

from __future__ import annotations

import contextlib
import io

from nbformat.v4 import new_code_cell

from course.i18n.units import cell_units, translate_source

SHOW_WINNER = '''\
class Game:
    def __init__(self, scores, winner):
        self.scores, self.won = scores, winner

    def score(self, player):
        return self.scores[player]

    def winner(self):
        return self.won

    def show_winner(self):
        scores = f"{self.score(0)} to {self.score(1)}"
        winner = self.winner()
        print("A draw, " + scores if winner is None else f"Player {winner} wins, " + scores)

    def check(self, card):
        message = f"two melds share {card}: a card belongs to one meld only"
        raise ValueError(message)

    def strategy(self):
        kind = "greedy"
        return choose(kind)
'''


def test_an_f_string_calling_methods_that_a_name_carries_to_print_is_a_unit():
    texts = [unit.text for unit in cell_units(new_code_cell(SHOW_WINNER))]
    assert texts == [
        "{self.score(0)} to {self.score(1)}",
        "A draw, ",
        "Player {winner} wins, ",
        "two melds share {card}: a card belongs to one meld only",
    ]


def test_a_string_named_in_one_function_is_no_unit_for_a_print_in_another():
    cell = new_code_cell(
        'def label():\n'
        '    text = "kept as it is"\n'
        '    return text\n'
        '\n'
        'def show(text):\n'
        '    print(text)\n'
    )
    assert cell_units(cell) == []


def test_the_translated_f_string_keeps_its_fields_and_prints_the_french():
    french = {
        "{self.score(0)} to {self.score(1)}": "{self.score(0)} à {self.score(1)}",
        "A draw, ": "Match nul, ",
        "Player {winner} wins, ": "Le joueur {winner} gagne, ",
        "two melds share {card}: a card belongs to one meld only":
            "deux annonces ont la carte {card} en commun\u202f: une carte n'appartient qu'à une annonce",
    }
    source, missing = translate_source(new_code_cell(SHOW_WINNER), french)
    assert missing == []
    assert 'scores = f"{self.score(0)} à {self.score(1)}"' in source
    space: dict = {"choose": lambda kind: kind}
    exec(compile(source, "<cell>", "exec"), space)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        space["Game"]([25, 16], 0).show_winner()
        space["Game"]([24, 24], None).show_winner()
    assert printed.getvalue() == "Le joueur 0 gagne, 25 à 16\nMatch nul, 24 à 24\n"
    assert space["Game"]([0, 0], None).strategy() == "greedy"


def test_what_a_function_returns_is_a_unit_when_the_cell_raises_or_prints_it():
    cell = new_code_cell(
        'def problem(self, move):\n'
        '    """None if `move` is legal, else the rule it breaks."""\n'
        '    if self.over:\n'
        '        return "the game is over"\n'
        '    return None if move else f"square {move} is already taken"\n'
        '\n'
        'def terrain(self):\n'
        '    return "wheat"\n'
        '\n'
        'def play(self, move):\n'
        '    problem = self.problem(move)\n'
        '    if problem is not None:\n'
        '        raise ValueError(problem)\n'
        '    self.grid.append(self.terrain())\n'
    )
    assert [unit.text for unit in cell_units(cell)] == [
        "None if `move` is legal, else the rule it breaks.", "the game is over", "square {move} is already taken",
    ]
