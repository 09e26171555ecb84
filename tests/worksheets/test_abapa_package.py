"""Unit tests of exercises.abapa: the board picture, the widget, the public checks."""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import matplotlib

matplotlib.use("Agg")

import pytest
from IPython.core.inputtransformer2 import TransformerManager

from conftest import ROOT
from course.notebook import cell_source, course_meta
from exercises.abapa import (
    FIGURE_1,
    AbapaGame,
    BoardPicture,
    check_board,
    check_board_play,
    check_board_text,
    check_capture,
    check_end,
    check_feeding,
    check_game,
    check_greedy,
    check_players,
    check_sow,
    draw_board,
)
from exercises.ai import AlphaBetaPlayer, league, plot_league
from exercises.checks import Status

SOLUTION = ROOT / "solutions" / "03_abapa.ipynb"


class _Shell:
    def run_line_magic(self, *args: Any, **kwargs: Any) -> None:
        return None


@pytest.fixture(scope="module")
def solution() -> dict[str, Any]:
    """The solution notebook's namespace (its code cells, without demos and checks)."""
    notebook = json.loads(SOLUTION.read_text(encoding="utf-8"))
    namespace: dict[str, Any] = {"__name__": "__main__", "get_ipython": _Shell}
    for cell in notebook["cells"]:
        meta = course_meta(cell)
        if cell["cell_type"] == "code" and not (meta.get("demo") or meta.get("check")):
            source = TransformerManager().transform_cell(cell_source(cell))
            exec(compile(source, "<solution>", "exec"), namespace)
    return namespace


class RandomPlayer:
    """A random player of these tests (the worksheet's RandomPlayer is an exercise)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_move(self, board: Any) -> int:
        return self.rng.choice(board.legal_moves())


@pytest.fixture
def Board(solution):
    return solution["Board"]


def stub(*args: Any, **kwargs: Any) -> Any:
    raise NotImplementedError("Exercise abapa.x: write your code here.")


class StubClass:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise NotImplementedError("Exercise abapa.x: write your code here.")


# --- pictures -------------------------------------------------------------------------


def test_picture_draws_twelve_pits_two_kalahs_and_their_counts():
    svg = draw_board(list(FIGURE_1)).svg()
    assert svg.count('class="pit"') == 12
    assert svg.count('class="kalah"') == 2
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for index in (0, 5, 6, 7, 12, 13):
        assert f'data-cell="{index}"' in svg


def test_picture_marks_the_last_move():
    plain = BoardPicture(FIGURE_1).svg()
    marked = BoardPicture(FIGURE_1, last=4).svg()
    assert "#d9480f" not in plain
    assert marked.count("#d9480f") == 1
    assert 'data-cell="4" cx="308.0" cy="140.0" r="23" fill="#f3dfc1" stroke="#d9480f"' in marked


def test_picture_of_a_board_shows_who_is_to_move(Board):
    board = Board()
    board.play(4)
    picture = draw_board(board, last=4, caption="Figure 1")
    assert picture.cells == FIGURE_1 and picture.player == 1
    assert "player 1: kalah 0 (to move)" in picture._repr_svg_()
    assert "Figure 1" in picture.svg()
    assert str(picture) == "[ 0]  4  4  4  4  5  5\n      4  4  4  4  0  5 [ 1]"


def test_picture_needs_fourteen_cells():
    with pytest.raises(ValueError):
        draw_board([4] * 12)


# --- the widget -----------------------------------------------------------------------


def enabled(widget: AbapaGame) -> list[int]:
    return widget.pits.enabled()


def play(widget: AbapaGame, pit: int) -> None:
    """Click ``pit`` and wait (at most 30 s) until the computer has answered."""
    widget.pits.click(pit)
    assert widget.wait(30), "the computer did not answer within 30 s"


class SlowPlayer:
    """A computer that thinks until the test lets it answer."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.go = threading.Event()

    def choose_move(self, board: Any) -> int:
        self.asked.set()
        assert self.go.wait(30), "the test never let the computer answer"
        return board.legal_moves()[0]


def test_widget_starts_with_the_students_board(Board):
    widget = AbapaGame(Board, opponent=AlphaBetaPlayer(depth=1))
    assert widget.board.cells == [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0]
    assert enabled(widget) == [0, 1, 2, 3, 4, 5]
    assert 'class="pit"' in widget.picture.value
    assert "Your move" in widget.status.value
    assert widget.errors.value == ""
    assert AbapaGame(Board).opponent.time_limit == 1.0  # the default opponent


def test_widget_click_plays_the_pit_and_the_computer_answers(Board):
    widget = AbapaGame(Board, opponent=AlphaBetaPlayer(depth=2))
    play(widget, 4)
    assert widget.history[0] == (0, 4)
    assert len(widget.history) == 2 and widget.history[1][0] == 1
    assert widget.board.player == 0
    assert sum(widget.board.cells) == 48
    assert widget.last == 7 + widget.history[1][1]
    assert "The computer played pit" in widget.status.value


def test_widget_shows_an_illegal_move_and_keeps_the_board(Board):
    widget = AbapaGame(Board, opponent=AlphaBetaPlayer(depth=1))
    play(widget, 4)
    before = widget.board.cells
    widget.click(4)  # pit 4 is empty now: the button is disabled, but call it anyway
    assert widget.board.cells == before
    assert "ValueError" in widget.errors.value
    assert "not played" in widget.status.value


def test_widget_plays_a_whole_game(Board):
    widget = AbapaGame(Board, opponent=RandomPlayer(random.Random(3)))
    rng = random.Random(4)
    for _ in range(300):
        if not enabled(widget):
            break
        play(widget, rng.choice(enabled(widget)))
    assert widget.board.is_over()
    assert "Click New game" in widget.status.value
    assert enabled(widget) == []
    assert "(to move)" not in widget.picture.value  # nobody is to move at the end
    widget.new_game_button.click()
    assert widget.history == [] and enabled(widget) == [0, 1, 2, 3, 4, 5]


def test_widget_as_player_1_lets_the_computer_start(Board):
    widget = AbapaGame(Board, opponent=AlphaBetaPlayer(depth=1), human=1)
    assert widget.wait(30)
    assert len(widget.history) == 1 and widget.history[0][0] == 0
    assert widget.board.player == 1
    with pytest.raises(ValueError):
        AbapaGame(Board, human=2)


def test_widget_on_a_stub_board_says_what_to_write_and_offers_no_button():
    widget = AbapaGame(StubClass, opponent=AlphaBetaPlayer(depth=1))
    assert widget.board is None
    assert widget.status.value == "Write `StubClass` first (exercise abapa.x), then run this cell again."
    assert widget.errors.value == ""
    assert enabled(widget) == [] and widget.new_game_button.disabled
    widget.click(0)  # nothing happens
    assert widget.status.value.startswith("Write `StubClass` first")


def test_widget_on_a_board_without_play_says_what_to_write(Board):
    widget = AbapaGame(board_with_stub_play(Board), opponent=AlphaBetaPlayer(depth=1))
    widget.pits.click(0)
    assert widget.status.value == "Write `Half.play` first (exercise abapa.board_play), then run this cell again."
    assert widget.errors.value == ""
    assert enabled(widget) == [] and widget.new_game_button.disabled


def test_widget_shows_the_computer_thinking_and_refuses_a_second_click(Board):
    computer = SlowPlayer()
    widget = AbapaGame(Board, opponent=computer)
    widget.pits.click(4)
    assert computer.asked.wait(30)
    assert widget.status.value == "You played pit 4. The computer is thinking…"
    assert enabled(widget) == []
    assert "player 1: kalah 0 (to move)" in widget.picture.value  # your move shows at once
    widget.click(5)  # a second click while the computer thinks: not played, not kept for later
    assert widget.history == [(0, 4)] and widget.errors.value == ""
    assert widget.status.value == "Wait: the computer is thinking."  # the refusal is said
    widget.new_game()  # New game keeps the focus while the computer thinks, and refuses too
    assert widget.history == [(0, 4)] and widget.status.said == 1
    computer.go.set()
    assert widget.wait(30)
    assert widget.history == [(0, 4), (1, 0)]
    assert widget.errors.value == ""
    assert widget.status.value.startswith("The computer played pit 0. Your move: one of ")
    assert widget.status.value.endswith("Kalahs: you 1, the computer 0.")
    assert enabled(widget) == widget.board.legal_moves() and not widget.new_game_button.disabled


def test_widget_names_each_pit_with_its_seeds_and_says_why_it_refuses_one(Board):
    widget = AbapaGame(lambda: Board([0, 1, 2, 1, 0, 3, 18, 2, 1, 2, 0, 1, 2, 15], 0),
                       opponent=AlphaBetaPlayer(depth=1))
    assert [cell["label"] for cell in widget.pits.cells][:3] == ["pit 0: 0 seeds", "pit 1: 1 seed", "pit 2: 2 seeds"]
    assert [cell["text"] for cell in widget.pits.cells][:2] == ["pit 0", "pit 1"]
    widget.pits.click(0)  # empty: your Board refuses it, and the reason is said in the live region
    assert widget.status.value.startswith("Your move was not played. ValueError: ")
    assert widget.history == []


def test_widget_shows_errors_raised_while_playing(Board):
    class Broken(Board):
        def play(self, pit):
            raise ZeroDivisionError("division by zero")

    widget = AbapaGame(Broken, opponent=AlphaBetaPlayer(depth=1))
    play(widget, 0)
    assert "ZeroDivisionError" in widget.errors.value
    assert widget.history == []


def test_widget_shows_errors_raised_in_the_computers_turn(Board):
    class BrokenCopy(Board):
        def copy(self):
            raise KeyError("oops")

    widget = AbapaGame(BrokenCopy, opponent=AlphaBetaPlayer(depth=2))
    play(widget, 0)
    assert "KeyError" in widget.errors.value
    assert "could not move" in widget.status.value


# --- the league plot ------------------------------------------------------------------


def test_plot_league_draws_a_heat_map(Board):
    players = {"random": RandomPlayer, "alpha-beta 1": lambda rng: AlphaBetaPlayer(depth=1)}
    table = league(Board, players, games=1, seed=1)
    figure = plot_league(table)
    texts = [text.get_text() for text in figure.axes[0].texts]
    assert len(texts) == 2 and all(text.endswith("%") for text in texts)
    import matplotlib.pyplot as plt

    assert figure.number not in plt.get_fignums()  # closed: shown once, as the cell's value


# --- the checks -----------------------------------------------------------------------


def test_a_random_player_that_reseeds_the_module_fails_its_check(solution):
    class Reseeding(solution["RandomPlayer"]):
        def choose_move(self, board):
            random.seed(0)  # every move right, but the module's generator is another one now
            return super().choose_move(board)

    result = check_players(solution["HumanPlayer"], Reseeding, solution["Board"])
    assert result.status is Status.FAILED and "drew from the module random" in str(result), str(result)


def test_every_check_passes_on_the_solution(solution):
    s = solution
    results = [
        check_board_text(s["board_text"]),
        check_sow(s["sow"]),
        check_capture(s["capture"]),
        check_feeding(s["feeds"], s["legal_pits"]),
        check_end(s["game_over"], s["take_remaining"]),
        check_board(s["Board"]),
        check_board_play(s["Board"]),
        check_players(s["HumanPlayer"], s["RandomPlayer"], s["Board"]),
        check_game(s["Game"], s["Board"]),
        check_greedy(s["GreedyPlayer"], s["Board"]),
    ]
    for result in results:
        assert result.status is Status.PASSED, str(result)


def test_every_check_says_not_implemented_on_stubs():
    results = [
        check_board_text(stub),
        check_sow(stub),
        check_capture(stub),
        check_feeding(stub, stub),
        check_end(stub, stub),
        check_board(StubClass),
        check_board_play(StubClass),
        check_players(StubClass, StubClass, StubClass),
        check_game(StubClass, StubClass),
        check_greedy(StubClass, StubClass),
    ]
    for result in results:
        assert result.status is Status.NOT_IMPLEMENTED, str(result)
        assert "not implemented yet" in str(result)


def test_checks_catch_wrong_answers(solution):
    sow = solution["sow"]

    def sow_into_the_origin(cells, start):
        cells = list(cells)
        seeds, cells[start] = cells[start], 0
        for step in range(1, seeds + 1):
            cells[(start + step) % 14] += 1
        return cells, (start + seeds) % 14

    def capture_without_grand_slam(cells, last, player):
        cells = list(cells)
        while last in range(7 * (1 - player), 7 * (1 - player) + 6) and cells[last] in (2, 3):
            cells[7 * player + 6] += cells[last]
            cells[last] = 0
            last -= 1
        return cells

    def sow_in_place(cells, start):
        new, last = sow(cells, start)
        cells[:] = new
        return new, last

    assert check_sow(sow_into_the_origin).status is Status.FAILED
    assert check_sow(sow_in_place).status is Status.FAILED
    assert check_capture(capture_without_grand_slam).status is Status.FAILED
    result = check_board_text(lambda cells: "board")
    assert result.status is Status.FAILED and "expected" in str(result)
    assert check_feeding(solution["feeds"], lambda cells, player: [0, 1, 2, 3, 4, 5]).status is Status.FAILED


def test_widget_shows_errors_raised_while_drawing(Board):
    class NoCells(Board):
        @property
        def cells(self):
            raise KeyError("cells")

    widget = AbapaGame(NoCells, opponent=AlphaBetaPlayer(depth=1))
    assert "KeyError: &#x27;cells&#x27;" in widget.errors.value
    assert enabled(widget) == []
    assert "raised an error" in widget.status.value


def board_with_stub_play(Board: Any) -> Any:
    """The solution's Board, with play still a stub (exercise 7 not done yet)."""

    class Half(Board):
        def play(self, pit):
            raise NotImplementedError("Exercise abapa.board_play: write your code here.")

    return Half


def test_board_check_needs_no_play_and_later_checks_name_the_play_exercise(solution, Board):
    Half = board_with_stub_play(Board)
    assert check_board(Half).status is Status.PASSED
    assert check_board_play(Half).status is Status.NOT_IMPLEMENTED
    greedy = check_greedy(solution["GreedyPlayer"], Half)
    assert greedy.status is Status.NOT_IMPLEMENTED
    assert "it needs exercise abapa.board_play" in str(greedy)


def test_board_play_check_names_a_board_cell_run_again(Board):
    class Fresh:  # a Board class made again, without the play attached in a later cell
        def __init__(self, cells=None, player=0):
            self.inner = Board(cells, player) if cells is not None else Board()

    for result in (check_board_play(Fresh), check_game(object, Fresh), check_greedy(object, Fresh)):
        assert result.status is Status.FAILED
        assert "run the cell of play (exercise abapa.board_play) again" in str(result)


def test_checks_catch_rules_broken_on_the_board(solution, Board):
    class CellsNotCopied(Board):
        @property
        def cells(self):
            return self._cells

    class NoFullLap(Board):
        def play(self, pit):
            seeds = self._cells[7 * self.player + pit]
            if seeds >= 14:
                self._cells[7 * self.player + pit] += 1  # the origin gets a seed back
            Board.play(self, pit)

    assert check_board(CellsNotCopied).status is Status.FAILED
    assert check_board_play(NoFullLap).status is not Status.PASSED


def test_players_and_game_checks_name_a_scripted_player_asked_too_often(solution, Board):
    class AsksForever:
        def __init__(self, ask=input):
            self.ask = ask

        def choose_move(self, board):
            while True:
                self.ask("pit? ")

    result = check_players(AsksForever, solution["RandomPlayer"], Board)
    assert result.status is Status.FAILED
    assert "kept asking after the last answer" in str(result)

    class AsksBoth:
        def __init__(self, player0, player1, board=None):
            self.players, self.board = [player0, player1], board or Board()

        def play_turn(self):
            for player in self.players:
                player.choose_move(self.board.copy())
            return 0

        def is_over(self):
            return self.board.is_over()

    result = check_game(AsksBoth, Board)
    assert result.status is Status.FAILED
    assert "was asked for a move it does not have" in str(result)
