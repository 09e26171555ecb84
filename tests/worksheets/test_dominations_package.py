"""Unit tests of exercises.dominations: tiles, pictures, checks, players and the widget.

The student's classes come from the solution notebook (its cells other than checks and
demos, run here), so the given code is tested against the code it will meet.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import ipywidgets as widgets
import pytest

import exercises
import exercises.ai as ai
from conftest import ROOT
from course.notebook import solution_namespace
from exercises.ai import RandomPlayer, as_player, league, play_game
from exercises.checks import Status
from exercises.dominations import (
    CASTLE,
    DOMINOS_CSV,
    Domino,
    KingdominoTable,
    MonteCarloPlayer,
    Square,
    check_game,
    check_game_setup,
    check_game_turn,
    check_greedy,
    check_legal_placements,
    check_load_dominos,
    check_placement,
    check_properties,
    check_ranking,
    check_score,
    domino_svg,
    format_kingdom,
    kingdom_svg,
    line_svg,
    parse_kingdom,
)
from exercises.dominations.model import COLORS, LETTERS
from exercises.dominations.pictures import PLAYER_COLORS
from exercises.dominations.widget import DIRECTIONS


@pytest.fixture(scope="module")
def solution() -> dict:
    """The namespace of the solution notebook (checks and demos skipped)."""
    return solution_namespace(ROOT / "solutions" / "05_dominations.ipynb")


# ---- tiles ---------------------------------------------------------------------------


def test_the_csv_ships_with_the_package():
    lines = Path(DOMINOS_CSV).read_text(encoding="utf-8").splitlines()
    assert lines[0] == "number,terrain1,crowns1,terrain2,crowns2"
    assert len(lines) == 49


def test_square_text_round_trip():
    for text in ("W0", "F1", "L2", "G3", "S0", "M3", "C0"):
        assert str(Square.from_text(text)) == text
    assert Square.from_text("C0") == CASTLE


def test_there_is_one_castle():
    import copy
    import pickle

    assert Square.from_text("C0") is CASTLE
    assert Square("castle", 0) is CASTLE and Square(terrain="castle", crowns=0) is CASTLE
    assert copy.copy(CASTLE) is CASTLE and copy.deepcopy(CASTLE) is CASTLE
    assert pickle.loads(pickle.dumps(CASTLE)) is CASTLE
    assert parse_kingdom("W1 C0")[4][4] is CASTLE
    assert pickle.loads(pickle.dumps(Square("wheat", 2))) == Square("wheat", 2)


@pytest.mark.parametrize("text", ["X0", "W4", "W", "W10", "w1", "C1"])
def test_bad_square_text_is_refused(text):
    with pytest.raises(ValueError):
        Square.from_text(text)


def test_square_checks_terrain_and_crowns():
    with pytest.raises(ValueError):
        Square("desert", 0)
    with pytest.raises(ValueError):
        Square("wheat", -1)
    with pytest.raises(ValueError):
        Square("wheat", True)


def test_domino_text_and_crowns():
    domino = Domino(48, Square("wheat", 0), Square("mine", 3))
    assert str(domino) == "#48 W0 M3"
    assert domino.crowns == 3


def test_kingdom_text_round_trip_puts_the_castle_in_the_middle():
    text = "W0 W1 ..\n.. C0 F0"
    grid = parse_kingdom(text)
    assert len(grid) == 9 and grid[4][4] == CASTLE
    assert grid[3][3] == Square("wheat", 0) and grid[3][4] == Square("wheat", 1)
    assert format_kingdom(grid) == text
    assert len(parse_kingdom("C0", 7)) == 13 and parse_kingdom("C0", 7)[6][6] == CASTLE


@pytest.mark.parametrize("text", ["W0 W0", "C0 C0", "C0 W0\nW0", "C0 X1", " ".join(["W0"] * 5 + ["C0"])])
def test_bad_kingdom_text_is_refused(text):
    with pytest.raises(ValueError):
        parse_kingdom(text)


# ---- pictures ------------------------------------------------------------------------


def test_domino_picture_has_two_coloured_squares_and_its_crowns():
    svg = domino_svg(Domino(41, Square("wheat", 0), Square("grassland", 2)))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert COLORS["wheat"] in svg and COLORS["grassland"] in svg
    assert ">W<" in svg and ">G<" in svg  # each half's letter: not by colour alone
    assert 'aria-label="domino 41: wheat and grassland with 2 crowns"' in svg
    assert svg.count("<polygon") == 2
    assert ">41<" in svg


def test_line_picture_draws_kings():
    dominos = [Domino(n, Square("wheat", 0), Square("forest", 0)) for n in (1, 2, 3)]
    svg = line_svg(dominos, [PLAYER_COLORS[0], None, None])
    assert svg.count("<circle") == 1
    assert all(f">{n}<" in svg for n in (1, 2, 3))


def test_a_kingdom_picture_says_what_it_holds_in_the_packages_language():
    text = "W0 W1 ..\n.. C0 F0\nM3 .. .."
    # what it holds, then where, row by row (as a sighted student reads the picture)
    assert ('aria-label="kingdom: wheat: 2 squares, 1 crown; forest: 1 square; mine: 1 square, 3 crowns. '
            "row 3: column 3 wheat, column 4 wheat with 1 crown; row 4: column 4 castle, column 5 forest; "
            'row 5: column 3 mine with 3 crowns."') in kingdom_svg(text)
    assert 'aria-label="you: the castle alone. row 4: column 4 castle."' in kingdom_svg("C0", title="you")
    exercises.set_language("fr")
    said = "royaume : blé : 2 cases, 1 couronne ; forêt : 1 case ; mine : 1 case, 3 couronnes"
    said += ". rangée 3 : colonne 3 blé, colonne 4 blé avec 1 couronne ; rangée 4 : colonne 4 château"
    assert f'aria-label="{said}'.replace(" :", "\u202f:").replace(" ;", "\u202f;") in kingdom_svg(text)
    assert 'aria-label="domino 41\u202f: blé et prairie avec 2 couronnes"' in domino_svg(
        Domino(41, Square("wheat", 0), Square("grassland", 2)))


def test_kingdom_picture_is_the_same_every_time():
    text = "W0 W1 ..\n.. C0 F0\nM3 .. .."
    assert kingdom_svg(text) == kingdom_svg(text)
    assert kingdom_svg(text).count("<polygon") == 4  # 1 + 3 crowns


# ---- checks --------------------------------------------------------------------------


def stub(*args, **kwargs):
    raise NotImplementedError("Exercise: write your code here.")


class StubKingdom:
    """A Kingdom whose every method is still a stub (as in the released notebook)."""

    def __init__(self, size: int = 5) -> None:
        self.size = size

    @classmethod
    def from_text(cls, text, size=5):
        return cls(size)

    can_place = place = legal_placements = is_full = property_of = crown_map = score = stub
    largest_property = crowns = to_text = stub


class StubGame:
    """A Game whose every method is still a stub (as in the released notebook)."""

    def __init__(self, *args, **kwargs) -> None:
        stub()

    legal_moves = problem = play = next_round = is_over = score = ranking = stub


def test_every_check_passes_on_the_solution(solution):
    s = solution
    results = [
        check_load_dominos(s["load_dominos"]),
        check_placement(s["Kingdom"]),
        check_legal_placements(s["Kingdom"]),
        check_properties(s["Kingdom"]),
        check_score(s["Kingdom"]),
        check_ranking(s["Kingdom"], s["ranking"]),
        check_greedy(s["greedy_placement"], s["greedy_choice"], s["Kingdom"]),
        check_game_setup(s["Game"]),
        check_game_turn(s["Game"]),
        check_game(s["Game"]),
    ]
    assert [result.status for result in results] == [Status.PASSED] * len(results), [str(r) for r in results]


def test_every_check_says_not_implemented_on_stubs():
    results = [
        check_load_dominos(stub),
        check_placement(StubKingdom),
        check_legal_placements(StubKingdom),
        check_properties(StubKingdom),
        check_score(StubKingdom),
        check_ranking(StubKingdom, stub),
        check_greedy(stub, stub, StubKingdom),
        check_game_setup(StubGame),
        check_game_turn(StubGame),
        check_game(StubGame),
    ]
    assert [result.status for result in results] == [Status.NOT_IMPLEMENTED] * len(results)


def test_a_check_catches_a_wrong_answer(solution):
    Kingdom = solution["Kingdom"]

    class NoSizeRule(Kingdom):
        def problem(self, domino, first, second):
            message = super().problem(domino, first, second)
            return None if message and "fit" in message else message

    assert check_placement(NoSizeRule).status is Status.FAILED


def test_a_check_names_the_methods_lost_by_running_a_class_cell_again(solution):
    class Kingdom:
        """The class cell run again: the methods of the later cells are gone."""

        from_text = solution["Kingdom"].from_text

    result = check_legal_placements(Kingdom)
    assert result.status is Status.FAILED
    assert result.lines[-1] == (
        "  ✗ Kingdom has no method legal_placements: run the cells after the Kingdom class again."
    )
    assert "no method score:" in str(check_score(type("Kingdom", (), {"legal_placements": 1, "is_full": 1,
                                                                     "property_of": 1, "crown_map": 1})))

    class Game:
        pass

    for check_ in (check_game_turn, check_game):
        assert str(check_(Game)).splitlines()[-1] == (
            "  ✗ Game has no method legal_moves: run the cells after the Game class again."
        )


# ---- players -------------------------------------------------------------------------


def test_random_player_plays_legal_moves_to_the_end(solution):
    game = solution["Game"](3, random.Random(1))
    result = play_game(game, [RandomPlayer(random.Random(p)) for p in range(3)])
    assert game.is_over() and result.scores == tuple(game.score(p) for p in range(3))
    assert result.winners == tuple(game.ranking()[0])  # the game's tie-breaks decide


@pytest.mark.parametrize("language", ["en", "fr"])
def test_monte_carlo_player_refuses_a_finished_game_in_a_sentence(solution, language):
    game = solution["Game"](3, random.Random(1))
    play_game(game, [RandomPlayer(random.Random(p)) for p in range(3)])
    exercises.set_language(language)
    with pytest.raises(ValueError) as refused:
        MonteCarloPlayer(playouts=10, rng=random.Random(5)).choose_move(game)
    assert str(refused.value) == {
        "en": "there is no legal move to choose from: the game is over",
        "fr": "il n'y a aucun coup permis à choisir\u202f: la partie est finie",
    }[language]


def test_monte_carlo_player_is_an_ai_player_and_plays_a_legal_move_deterministically(solution):
    Game, greedy = solution["Game"], solution["greedy_player"]
    assert issubclass(MonteCarloPlayer, ai.MonteCarloPlayer)
    game = Game(4, random.Random(3), middle_kingdom=True, harmony=True)
    for _ in range(40):
        game.play(greedy(game))
    moves = game.legal_moves()
    first = MonteCarloPlayer(playouts=4, rng=random.Random(4), keep=1).choose_move(game)
    second = MonteCarloPlayer(playouts=4, rng=random.Random(4), keep=1).choose_move(game)
    assert first in moves and first == second
    assert game.legal_moves() == moves  # the game it was given is unchanged


def test_monte_carlo_playouts_do_not_know_the_future_lines():
    class Fake:
        """A game of one move whose copies remember the generator they played with."""

        num_players, player = 2, 0

        def __init__(self, rng):
            self.rng = rng
            self.played_with = None

        def copy(self):
            self.last_copy = Fake(self.rng)
            return self.last_copy

        def play(self, move):
            self.played_with = self.rng

        def is_over(self):
            return self.played_with is not None

        def score(self, player):
            return 1

    game = Fake(random.Random(1))
    assert MonteCarloPlayer(rng=random.Random(0)).playout(game, "move", 0) == 0.5
    assert game.last_copy.played_with is not game.rng


def test_league_counts_wins_with_the_tie_breaks(solution):
    Game = solution["Game"]
    starts = [Game(4, random.Random(seed), middle_kingdom=True, harmony=True) for seed in (3, 4)]
    players = {"greedy": lambda rng: as_player(solution["greedy_player"]), "random": RandomPlayer}
    table = league(starts, players, seed=3, matchups=[("greedy", "random")])
    assert table.games["greedy"]["random"] == 8 and table.agents == ["greedy"]
    for result in table.results:
        game_winners = result.winners
        assert len(game_winners) >= 1 and all(result.scores[p] == max(result.scores) for p in game_winners)
    assert table.rate["greedy"]["random"] > 0.5
    assert "<table>" in table._repr_html_()
    assert all(start.turn == 0 and not start.previous for start in starts)  # played on copies


# ---- widget --------------------------------------------------------------------------


def test_widget_plays_a_whole_game(solution):
    table = KingdominoTable(solution["Game"], [RandomPlayer(random.Random(p)) for p in (1, 2, 3)], seed=5)
    assert "Your turn" in table.status.value
    for _ in range(40):
        game = table.game
        if game.is_over():
            break
        free = game.free()
        if free:
            table.choose(free[0].number)
        if game.is_over() or game.player != 0 or game.to_place is None:
            continue
        placement = game.legal_moves()[0][1]
        if placement is None:
            table.discard()
            continue
        first, second = placement
        table.select(*first)
        while DIRECTIONS[table.direction] != (second[0] - first[0], second[1] - first[1]):
            table.rotate()
        table.place()
    assert table.game.is_over()
    assert "Game over" in table.status.value
    assert table.errors.value == ""
    assert len(table.game.kingdoms[0].to_text().split()) > 1
    # every square of the kingdom shows its terrain by a letter, and is named by position and content
    grid = parse_kingdom(table.game.kingdoms[0].to_text(), 5)
    for index, cell in enumerate(table.squares.cells):
        row, column = divmod(index, 9)
        square = grid[row][column]
        if square is not None and square.terrain != "castle":
            assert cell["text"].startswith(LETTERS[square.terrain]), (row, column, cell["text"])
            assert cell["label"].startswith(f"row {row}, column {column}: {square.terrain}"), cell["label"]
        elif square is None:
            assert cell["label"] == f"row {row}, column {column}: empty"
    # the game's end is said in the live region, with the scores
    assert "Game over" in table.message.value and "Scores: you" in table.message.value


def test_widget_shows_the_rule_a_placement_breaks(solution):
    Game, greedy = solution["Game"], solution["greedy_player"]
    table = KingdominoTable(Game, [greedy, greedy, greedy], seed=5)
    while table.game.to_place is None:
        table.choose(table.game.free()[0].number)
    table.choose(table.game.free()[0].number)
    before = table.game.kingdoms[0].to_text()
    table.select(0, 0)
    table.place()
    assert "Refused" in table.message.value and "touch" in table.message.value
    assert table.game.kingdoms[0].to_text() == before
    assert table.errors.value == ""


def test_widget_flip_swaps_the_halves(solution):
    table = KingdominoTable(solution["Game"], [solution["greedy_player"]] * 3, seed=5)
    table.select(3, 4)
    assert table._placement() == ((3, 4), (3, 5))
    table.rotate()
    assert table._placement() == ((3, 4), (4, 4))
    table.flip()
    assert table._placement() == ((4, 4), (3, 4))


def test_widget_shows_errors_of_the_students_code(solution):
    Game = solution["Game"]

    class BrokenGame(Game):
        def play(self, move):
            raise RuntimeError("oops")

    for seed in (5, 6, 7, 8):  # the AIs play first, or the human does
        table = KingdominoTable(BrokenGame, [solution["greedy_player"]] * 3, seed=seed)
        if table.game.player == 0:
            table.choose(table.game.free()[0].number)
        assert "RuntimeError: oops" in table.errors.value


def live_widgets() -> int:
    """How many widgets the kernel holds (each one a comm and a model in the page)."""
    return len(widgets.widget._instances)


def buttons(table: KingdominoTable) -> list[widgets.Button]:
    """Every button of the table: squares, line, controls."""
    found, todo = [], [table]
    while todo:
        widget = todo.pop()
        if isinstance(widget, widgets.Button):
            found.append(widget)
        todo.extend(getattr(widget, "children", ()))
    return found


def test_widget_redraws_with_the_widgets_it_has(solution):
    table = KingdominoTable(solution["Game"], [RandomPlayer(random.Random(p)) for p in (1, 2, 3)], seed=5)
    built = live_widgets()
    for _ in range(40):
        game = table.game
        if game.is_over():
            break
        if game.free():
            table.choose(game.free()[0].number)
        if game.is_over() or game.player != 0 or game.to_place is None:
            continue
        table.select(0, 0)
        table.rotate()
        table.flip()
        placement = game.legal_moves()[0][1]
        if placement is None:
            table.discard()
        else:
            table.select(*placement[0])
            while DIRECTIONS[table.direction] != (placement[1][0] - placement[0][0], placement[1][1] - placement[0][1]):
                table.rotate()
            if table.flipped:
                table.flip()
            table.place()
    assert table.game.is_over()
    assert live_widgets() - built <= 12, "a redraw built new widgets"


@pytest.mark.parametrize("Game", [stub, StubGame], ids=["function", "class"])
def test_widget_on_a_stub_game_says_what_to_write_and_offers_no_button(Game):
    table = KingdominoTable(Game, [stub], seed=1)
    assert table.game is None
    assert "Write `" in table.status.value and "then run this cell again" in table.status.value
    assert "Traceback" not in table.status.value and table.errors.value == ""
    assert [button.description for button in buttons(table) if not button.disabled] == []


def test_widget_stops_at_the_first_stub_met_during_the_game(solution):
    class HalfWritten(solution["Game"]):
        def play(self, move):
            raise NotImplementedError("Exercise dominations.game_turn: write your code here.")

    table = KingdominoTable(HalfWritten, [solution["greedy_player"]] * 3, seed=5)
    if table.game is not None and "Write `" not in table.status.value:
        table.choose(table.game.free()[0].number)
    assert "Write `" in table.status.value
    assert "first (exercise dominations.game_turn), then run this cell again." in table.status.value
    assert [button.description for button in buttons(table) if not button.disabled] == []


# ---- add_methods ---------------------------------------------------------------------


def test_add_methods_adds_functions_but_no_stub_over_a_method():
    from exercises.dominations import add_methods

    class Thing:
        def size(self):
            return 1

    def size(self):
        raise NotImplementedError("Exercise dominations.game_turn: write your code here.")

    def colour(self):
        raise NotImplementedError("Exercise dominations.game_turn: write your code here.")

    def weight(self):
        return 3

    add_methods(Thing, size, colour, mass=weight)
    assert Thing().size() == 1 and Thing().mass() == 3
    with pytest.raises(NotImplementedError):
        Thing().colour()

    def size(self):  # noqa: F811 (the student's own code replaces the class's method)
        return 2

    add_methods(Thing, size)
    assert Thing().size() == 2


def test_widget_says_every_move_in_its_live_region(solution):
    Game, greedy = solution["Game"], solution["greedy_player"]
    table = KingdominoTable(Game, [greedy, greedy, greedy], seed=5)
    while table.game.to_place is None:
        table.choose(table.game.free()[0].number)
    # the AIs' moves before your turn are said, then what to do and the scores
    assert re.search(r"AI \d (placed domino \d+ at row \d, column \d and row \d, column \d, and )?took domino \d+\.",
                     table.message.value), table.message.value
    number, placement = next(move for move in table.game.legal_moves() if move[1] is not None)
    placing = table.game.to_place.number
    table.choose(number)
    assert f"Your king is on domino {number}." in table.message.value
    table.select(*placement[0])
    while DIRECTIONS[table.direction] != (placement[1][0] - placement[0][0], placement[1][1] - placement[0][1]):
        table.rotate()
    assert "Preview: row" in table.message.value
    table.place()
    (r1, c1), (r2, c2) = placement
    said = table.message.value
    assert (f"You placed domino {placing} at row {r1}, column {c1} and row {r2}, column {c2}, "
            f"and took domino {number}.") in said, said
    assert "AI 1 " in said and "Scores: you " in said
