"""Public checks of worksheet 3, Abapa: one ``check_...`` per exercise."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..checks import CheckResult, Example, check, generated, table
from ..i18n import _
from .model import FIGURE_1, START

__all__ = [
    "check_board_text",
    "check_sow",
    "check_capture",
    "check_feeding",
    "check_end",
    "check_board",
    "check_board_play",
    "check_players",
    "check_game",
    "check_greedy",
]

FIGURE_1_TEXT = "      4   4   4   4   5   5\n0      4   4   4   4   0   5      1"
HUNGRY = (0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22)  # player 1's camp is empty


def check_board_text(board_text: Callable[[list[int]], str]) -> CheckResult:
    """Check ``board_text(cells)`` (abapa.display)."""
    return check(
        "abapa.display",
        [
            *table([
                ("board_text([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0])", FIGURE_1_TEXT,
                 _("Player 1's pits go from 12 down to 7 on the top line.")),
                ("board_text([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0])",
                 "      4   4   4   4   4   4\n0      4   4   4   4   4   4      0"),
                ("board_text([0, 1, 2, 3, 0, 0, 20, 0, 0, 0, 0, 1, 11, 10])",
                 "     11   1   0   0   0   0\n10     0   1   2   3   0   0     20",
                 _("Kalah 13 is left-aligned in 4 characters, kalah 6 right-aligned in 7.")),
                ("board_text([10, 0, 12, 0, 0, 1, 3, 2, 0, 0, 4, 0, 0, 16])",
                 "      0   0   4   0   0   2\n16    10   0  12   0   0   1      3",
                 _("Every pit is right-aligned in 4 characters, on both lines: {n:4}.")),
            ], {"board_text": board_text}),
            *generated("abapa.display", {"board_text": board_text},
                       hint=_("Top line: 3 spaces, pits 12 down to 7 in 4 characters each; bottom line: "
                              "kalah 13 in 4 (left-aligned), pits 0 to 5 in 4 each, kalah 6 in 7.")),
        ],
    )


def _quietly(call: Callable[[], Any]) -> Callable[[], Any]:
    """``call``, with whatever it prints kept out of the check's report."""

    def quiet() -> Any:
        with contextlib.redirect_stdout(io.StringIO()):
            return call()

    return quiet


def _unchanged(function: Callable[..., Any], cells: list[int], *args: Any) -> list[int]:
    """Call ``function(cells, *args)`` and return ``cells`` afterwards."""
    function(cells, *args)
    return cells


def check_sow(sow: Callable[[list[int], int], tuple[list[int], int]]) -> CheckResult:
    """Check ``sow(cells, start)`` (abapa.sowing)."""
    return check(
        "abapa.sowing",
        [
            *table([
                ("sow([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 4)", ([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0], 8)),
                ("sow([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 2)", ([4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0], 6),
                 _("The last seed may fall in a kalah: return that cell.")),
                ("sow([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 3, 1], 12)", ([5, 5, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 0, 2], 1),
                 _("After cell 13 comes cell 0: use % 14.")),
                ("sow([2, 2, 2, 2, 2, 2, 5, 2, 2, 13, 2, 2, 2, 8], 9)", ([3, 3, 3, 3, 3, 3, 6, 3, 3, 0, 3, 3, 3, 9], 8),
                 _("13 seeds fill the 13 other cells: the last one falls just before start, with no skip.")),
                ("sow([1, 1, 15, 1, 1, 1, 10, 1, 1, 1, 1, 1, 1, 12], 2)",
                 ([2, 2, 0, 3, 3, 2, 11, 2, 2, 2, 2, 2, 2, 13], 4),
                 _("The pit the seeds come from gets no seed back.")),
                ("sow([0, 0, 0, 0, 0, 0, 10, 30, 0, 0, 0, 0, 0, 8], 7)",
                 ([2, 2, 2, 2, 2, 2, 12, 0, 3, 3, 3, 3, 2, 10], 11),
                 _("Each full lap skips start again.")),
            ], {"sow": sow}),
            Example(
                _("sow(cells, 4) leaves cells unchanged"),
                lambda: _unchanged(sow, list(START), 4),
                list(START),
                hint=_("Work on a copy: cells = list(cells)."),
            ),
            *generated("abapa.sowing", {"sow": sow},
                       hint=_("One seed in each following cell, kalahs included, never in start; return "
                              "the new cells and the cell of the last seed.")),
        ],
    )


def check_capture(capture: Callable[[list[int], int, int], list[int]]) -> CheckResult:
    """Check ``capture(cells, last, player)`` (abapa.capture)."""
    return check(
        "abapa.capture",
        [
            *table([
                ("capture([4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3], 8, 0)",
                 [4, 4, 4, 4, 0, 5, 3, 5, 0, 4, 4, 4, 4, 3]),
                ("capture([4, 4, 4, 0, 0, 0, 8, 1, 2, 3, 2, 5, 4, 11], 10, 0)",
                 [4, 4, 4, 0, 0, 0, 15, 1, 0, 0, 0, 5, 4, 11],
                 _("After a capture, look at the previous cell, and again.")),
                ("capture([2, 3, 0, 0, 0, 2, 10, 3, 2, 4, 4, 4, 4, 10], 8, 0)",
                 [2, 3, 0, 0, 0, 2, 15, 0, 0, 4, 4, 4, 4, 10],
                 _("The chain stops at kalah 6: it takes only the opponent's pits.")),
                ("capture([4, 4, 2, 3, 4, 4, 10, 4, 4, 0, 0, 0, 0, 9], 3, 1)",
                 [4, 4, 0, 0, 4, 4, 10, 4, 4, 0, 0, 0, 0, 14],
                 _("Player 1 captures in cells 3 and 2; cell 1 holds 4, so the chain stops.")),
                ("capture([4, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4, 2, 0], 4, 0)",
                 [4, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4, 2, 0],
                 _("A last seed in the mover's own camp captures nothing.")),
                ("capture([4, 4, 4, 4, 4, 4, 2, 4, 4, 4, 4, 3, 2, 3], 13, 0)",
                 [4, 4, 4, 4, 4, 4, 2, 4, 4, 4, 4, 3, 2, 3],
                 _("A last seed in a kalah captures nothing, the opponent's kalah too: kalah 13 is not in "
                   "player 1's camp.")),
                ("capture([10, 10, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 3], 8, 0)",
                 [10, 10, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 3],
                 _("Captures that would empty the opponent's camp are not made.")),
            ], {"capture": capture}),
            Example(
                _("capture(cells, 8, 0) leaves cells unchanged"),
                lambda: _unchanged(capture, [4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3], 8, 0),
                [4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3],
            ),
            *generated("abapa.capture", {"capture": capture},
                       hint=_("From the last cell backwards, take the opponent's pits of 2 or 3 seeds; "
                              "nothing when they are all the opponent has left.")),
        ],
    )


def check_feeding(
    feeds: Callable[[list[int], int, int], bool], legal_pits: Callable[[list[int], int], list[int]]
) -> CheckResult:
    """Check ``feeds(cells, player, pit)`` and ``legal_pits(cells, player)`` (abapa.feeding)."""
    names = {"feeds": feeds, "legal_pits": legal_pits}
    return check(
        "abapa.feeding",
        [
            *table([
                ("legal_pits([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 0)", [0, 1, 2, 3, 4, 5]),
                ("legal_pits([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0], 0)", [0, 1, 2, 3, 5],
                 _("An empty pit cannot be played.")),
                ("legal_pits([4, 4, 4, 4, 4, 4, 0, 0, 9, 0, 7, 0, 8, 0], 1)", [1, 3, 5],
                 _("Pits are counted from the player's side: player 1's pit i is cell 7 + i.")),
                ("feeds([0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22], 0, 5)", True),
                ("feeds([0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22], 0, 1)", False,
                 _("Its 3 seeds stop at pit 4: they do not reach the opponent.")),
            ], names),
            Example(
                _("[feeds([6, 5, 4, 3, 2, 1, 10, 0, ...], 0, pit) for pit in range(6)]: each one seed short"),
                lambda: [feeds([6, 5, 4, 3, 2, 1, 10, 0, 0, 0, 0, 0, 0, 17], 0, pit) for pit in range(6)],
                [False] * 6,
                hint=_("Pit i is followed by 5 - i pits and your kalah: it needs 7 - i seeds."),
            ),
            Example(
                _("[feeds([7, 6, 5, 4, 3, 2, 6, 0, ...], 0, pit) for pit in range(6)]: each just enough"),
                lambda: [feeds([7, 6, 5, 4, 3, 2, 6, 0, 0, 0, 0, 0, 0, 15], 0, pit) for pit in range(6)],
                [True] * 6,
            ),
            *table([
                ("legal_pits([0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22], 0)", [5],
                 _("When the opponent's camp is empty, only moves that feed it are legal.")),
                ("legal_pits([0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 0, 24], 1)", [],
                 _("Nobody can feed player 0 here: no pit is legal.")),
            ], names),
            *generated("abapa.feeding", names,
                       hint=_("A legal pit is not empty and, when the opponent's camp is empty, holds "
                              "at least 7 - i seeds.")),
        ],
    )


#: Rows that ask again after a change: a kept answer shows as a stale one.
ANEW = _("Work the answer out from what you are given at every call: do not keep an earlier answer.")
END_ANEW = [
    ("(lambda cells: [game_over(cells, 0), cells.__setitem__(6, 25), game_over(cells, 0)])(list(START))",
     [False, None, True], ANEW),
    ("(lambda cells: [take_remaining(cells, 0)[6], cells.__setitem__(0, 9), take_remaining(cells, 0)[6]])"
     "(list(START))", [48, None, 53], ANEW),
]
BOARD_ANEW = [
    ("Board([2.5, 5.5] + list(START[2:]), 0)", ValueError,
     _("A cell holds a whole number of seeds: refuse a float (type(seeds) is not int), even when the total is 48.")),
    ("Board([4.0] * 12 + [0, 0], 0)", ValueError,
     _("A cell holds a whole number of seeds: refuse a float (type(seeds) is not int), even when the total is 48.")),
    ("(lambda board: board.copy() is board.copy())(Board())", False,
     _("copy() makes a new board at every call.")),
]
PLAYERS_ANEW = [
    ("(lambda human, board: [human.choose_move(board), board.play(2), human.choose_move(board)])"
     "(HumanPlayer(ask=Script(['2', '3'])), Board())", [2, None, 3], ANEW),
]
GREEDY_ANEW = [
    ("(lambda greedy, board: [greedy.choose_move(board), board.play(4), greedy.choose_move(board)])"
     "(GreedyPlayer(), Board())", [2, None, 1], ANEW),
]


def check_end(
    game_over: Callable[[list[int], int], bool],
    take_remaining: Callable[[list[int], int], list[int]],
) -> CheckResult:
    """Check ``game_over(cells, player)`` and ``take_remaining(cells, player)`` (abapa.end)."""
    names = {"game_over": game_over, "take_remaining": take_remaining}
    return check(
        "abapa.end",
        [
            *table([
                ("game_over([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 0)", False),
                ("game_over([0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5], 1)", True,
                 _("A kalah with 25 seeds ends the game.")),
                ("game_over([0, 4, 4, 4, 0, 0, 7, 1, 1, 1, 1, 1, 0, 24], 0)", False, _("25 seeds are needed to win.")),
                ("game_over([1, 4, 4, 4, 0, 0, 4, 1, 1, 1, 1, 1, 1, 25], 1)", True,
                 _("Either kalah with 25 seeds ends the game, the one of the player to move too.")),
                ("game_over([0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 0, 24], 1)", True,
                 _("Player 1 cannot feed player 0: the game is over.")),
                ("take_remaining([0, 0, 1, 0, 0, 0, 24, 0, 2, 0, 0, 0, 0, 21], 1)",
                 [0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24]),
            ], names),
            *table(END_ANEW, {**names, "START": START}),
            Example(
                _("take_remaining(cells, 1) leaves cells unchanged"),
                lambda: _unchanged(take_remaining, [0, 0, 1, 0, 0, 0, 24, 0, 2, 0, 0, 0, 0, 21], 1),
                [0, 0, 1, 0, 0, 0, 24, 0, 2, 0, 0, 0, 0, 21],
            ),
            *generated("abapa.end", names,
                       hint=_("The game is over when a kalah holds 25 or more, or when the player to move "
                              "has no legal pit; the remaining seeds go to that player's kalah.")),
        ],
    )




def _position(board: Any) -> tuple[list[int], int]:
    """A board's cells and player to move, read through its own attributes."""
    return (board.cells, board.player)


def _after(Board: Callable[..., Any], cells: Sequence[int], player: int, *pits: int) -> Any:
    """``Board(cells, player)`` after playing ``pits`` in order."""
    board = Board(list(cells), player)
    for pit in pits:
        board.play(pit)
    return board


def _illegal_is_refused(Board: Callable[..., Any], cells: Sequence[int], player: int, pit: Any) -> Any:
    """Play an illegal ``pit``: whether a ValueError came, and whether the board stayed."""
    board = Board(list(cells), player)
    try:
        board.play(pit)
    except ValueError:
        return ("ValueError", board.cells == list(cells) and board.player == player)
    return (_("no error"), board.cells, board.player)


def _refusal_message(Board: Callable[..., Any], cells: Sequence[int], player: int, pit: Any) -> Any:
    """Whether the ValueError of an illegal ``pit`` has a message (or what happened instead)."""
    try:
        Board(list(cells), player).play(pit)
    except ValueError as error:
        return bool(str(error).strip())
    return _("no ValueError")


def _cells_after_append(Board: Callable[..., Any]) -> Any:
    board = Board(list(FIGURE_1), 1)
    board.cells.append(99)
    return board.cells


def _cells_after_changing_the_argument(Board: Callable[..., Any]) -> Any:
    cells = list(FIGURE_1)
    board = Board(cells, 1)
    cells[0] = 99
    cells.append(99)
    return board.cells


def _exactly(got: Any, expected: Any) -> bool:
    """``got == expected``, item by item, where ``False`` is not ``0`` and ``None`` is not ``False``."""
    if isinstance(expected, (tuple, list)):
        return (
            type(got) is type(expected)
            and len(got) == len(expected)
            and all(_exactly(g, e) for g, e in zip(got, expected))
        )
    if isinstance(expected, (bool, int)) or expected is None or isinstance(got, bool):
        return type(got) is type(expected) and got == expected
    return bool(got == expected)


def _strict(examples: list[Example]) -> list[Example]:
    """The examples, each compared with :func:`_exactly` unless it says otherwise."""
    return [
        dataclasses.replace(example, compare=_exactly)
        if example.compare is None and example.raises is None
        else example
        for example in examples
    ]


def _state(board: Any) -> tuple[Any, ...]:
    """Whether ``board`` is over, its winner, scores and legal moves."""
    return (board.is_over(), board.winner(), board.score(0), board.score(1), list(board.legal_moves()))


def check_board(Board: Callable[..., Any]) -> CheckResult:
    """Check the ``Board`` class without ``play`` (abapa.board): a position and its queries."""
    return check(
        "abapa.board",
        _strict([
            Example("Board().cells", lambda: Board().cells, list(START)),
            Example("Board().player", lambda: Board().player, 0),
            Example("Board().legal_moves()", lambda: list(Board().legal_moves()), [0, 1, 2, 3, 4, 5]),
            Example(
                "Board(): is_over(), winner(), score(0), score(1), legal_moves()",
                lambda: _state(Board()),
                (False, None, 0, 0, [0, 1, 2, 3, 4, 5]),
            ),
            Example(
                "Board(figure 1, 1).cells, .player",
                lambda: _position(Board(list(FIGURE_1), 1)),
                (list(FIGURE_1), 1),
            ),
            Example("str(Board(figure 1, 1))", lambda: str(Board(list(FIGURE_1), 1)), FIGURE_1_TEXT),
            Example(
                _("Board(figure 1, 1): is_over(), winner(), score(0), score(1): 1 to 0, not over"),
                lambda: _state(Board(list(FIGURE_1), 1))[:4],
                (False, None, 1, 0),
                hint=_("winner() is None while the game goes on, whoever leads."),
            ),
            Example(
                _("Board(figure 1, 0).legal_moves(): pit 4 is empty"),
                lambda: list(Board(list(FIGURE_1), 0).legal_moves()),
                [0, 1, 2, 3, 5],
            ),
            Example(
                _("Board([4, 4, 4, 4, 4, 4, 0, 0, 9, 0, 7, 0, 8, 0], 1).legal_moves(): player 1's side"),
                lambda: list(Board([4, 4, 4, 4, 4, 4, 0, 0, 9, 0, 7, 0, 8, 0], 1).legal_moves()),
                [1, 3, 5],
                hint=_("Player 1's pit i is cell 7 + i."),
            ),
            Example(
                _("Board(hungry, 0).legal_moves(): only the pits that feed player 1"),
                lambda: list(Board(list(HUNGRY), 0).legal_moves()),
                [5],
                hint=_("When the opponent's camp is empty, only moves that feed it are legal."),
            ),
            Example(
                _("Board([...25 in kalah 6...], 1): over, player 0 wins"),
                lambda: _state(Board([0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5], 1)),
                (True, 0, 25, 5, []),
                hint=_("A kalah with 25 seeds ends the game; legal_moves() is then []."),
            ),
            *table([
                ("(b := Board([1, 4, 4, 4, 0, 0, 4, 1, 1, 1, 1, 1, 1, 25], 1)).is_over(), b.winner(), "
                 "list(b.legal_moves())", (True, 1, []),
                 _("Either kalah with 25 seeds ends the game, the one of the player to move too.")),
            ], {"Board": Board}, compare=_exactly),
            Example(
                _("Board([0, 0, 0, 0, 0, 0, 22, 1, 1, 1, 0, 0, 0, 23], 0): over (player 0 cannot move), winner()"),
                lambda: Board([0] * 6 + [22, 1, 1, 1, 0, 0, 0, 23], 0).winner(),
                1,
                hint=_("winner() compares the two kalahs as they are: the seeds left in the pits are taken "
                       "by play, not by winner."),
            ),
            Example(
                _("Board([0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24], 0): over, a draw"),
                lambda: _state(Board([0] * 6 + [24] + [0] * 6 + [24], 0)),
                (True, None, 24, 24, []),
            ),
            Example(_("Board([4] * 14, 0): 56 seeds"), lambda: Board([4] * 14, 0), raises=ValueError),
            Example(_("Board([4] * 12, 0): 12 cells"), lambda: Board([4] * 12, 0), raises=ValueError),
            Example(
                _("Board([-1, 9, 4, ...], 0): a negative count"),
                lambda: Board([-1, 9] + list(START[2:]), 0),
                raises=ValueError,
            ),
            Example("Board(start, 2)", lambda: Board(list(START), 2), raises=ValueError),
            Example("Board(start, -1)", lambda: Board(list(START), -1), raises=ValueError),
            *table(BOARD_ANEW, {"Board": Board, "START": START}),
            Example(
                _("board.cells.append(99), then board.cells"),
                lambda: _cells_after_append(Board),
                list(FIGURE_1),
                hint=_("The cells property returns a copy: return list(self._cells)."),
            ),
            Example(
                _("board = Board(cells, 1), then cells changes: board.cells"),
                lambda: _cells_after_changing_the_argument(Board),
                list(FIGURE_1),
                hint=_("Keep a copy of the list you are given: self._cells = list(cells)."),
            ),
            Example(
                "Board(figure 1, 1).copy(): .cells, .player",
                lambda: _position(Board(list(FIGURE_1), 1).copy()),
                (list(FIGURE_1), 1),
            ),
            Example(
                _("twin = Board().copy(); twin.legal_moves().clear(), then board.legal_moves()"),
                lambda: _moves_after_clearing_the_twins(Board),
                [0, 1, 2, 3, 4, 5],
                hint=_("copy() gives the twin lists of its own, its legal moves too: or legal_moves() "
                       "returns a new list each time."),
            ),
            Example(
                _("board = Board(); board.legal_moves().clear(), then board.legal_moves() and board.is_over()"),
                lambda: _moves_after_clearing_its_own(Board),
                ([0, 1, 2, 3, 4, 5], False),
                hint=_("legal_moves() returns a new list each time: return list(self._legal), not the "
                       "list the board keeps."),
            ),
            Example(
                "board.copy() is not board",
                lambda: (lambda board: board.copy() is not board)(Board()),
                True,
                hint=_("copy() makes a new Board with the same position, never returns self."),
            ),
            *generated("abapa.board", {"Board": Board},
                       hint=_("A board is over when a kalah holds 25 or the player to move has no legal "
                              "pit; its winner is then the larger kalah, None for a draw.")),
        ]),
    )


def _moves_after_clearing_the_twins(Board: Callable[..., Any]) -> list[int]:
    """The legal moves of ``Board()`` after its copy's legal_moves() list was cleared."""
    board = Board()
    getattr(board.copy().legal_moves(), "clear", lambda: None)()
    return list(board.legal_moves())


def _moves_after_clearing_its_own(Board: Callable[..., Any]) -> tuple[list[int], bool]:
    """The legal moves of ``Board()`` and whether it is over, after the list its legal_moves()
    returned was cleared."""
    board = Board()
    getattr(board.legal_moves(), "clear", lambda: None)()
    return (list(board.legal_moves()), board.is_over())


def _copy_then_play(Board: Callable[..., Any]) -> tuple[Any, ...]:
    board = Board()
    twin = board.copy()
    twin.play(4)
    return (board.cells, board.player, twin.cells, twin.player)


def _random_game(Board: Callable[..., Any], seed: int) -> tuple[Any, ...]:
    """A game from ``Board()``, each move ``rng.choice(board.legal_moves())``: its end."""
    rng, board, moves = random.Random(seed), Board(), 0
    while not board.is_over() and moves < 1000:
        board.play(rng.choice(board.legal_moves()))
        moves += 1
    return (moves, board.cells, board.winner())


def _has_play(Board: Callable[..., Any]) -> Example:
    """The example: ``Board()`` has a method ``play`` (lost when the Board cell runs again)."""
    return Example(
        _("Board() has a method play"),
        lambda: callable(getattr(Board(), "play", None)),
        True,
        hint=_("Running the Board cell again makes a new class without play: "
        "run the cell of play (exercise abapa.board_play) again after it."),
    )


def _cells_after_play(
    Board: Callable[..., Any], description: str, cells: list[int], player: int, pit: int,
    expected: list[int], hint: str = "",
) -> Example:
    """The example: ``Board(cells, player).play(pit)``, then its cells are ``expected``."""
    return Example(description, lambda: _after(Board, cells, player, pit).cells, expected, hint=hint)


def check_board_play(Board: Callable[..., Any]) -> CheckResult:
    """Check ``Board.play`` (abapa.board_play): the rules, played on a ``Board``."""
    return check(
        "abapa.board_play",
        _strict([
            _has_play(Board),
            Example(
                "Board().play(4): .cells, .player",
                lambda: _position(_after(Board, START, 0, 4)),
                (list(FIGURE_1), 1),
            ),
            Example(_("str(board) after Board().play(4)"), lambda: str(_after(Board, START, 0, 4)), FIGURE_1_TEXT),
            Example(
                _("Board(figure 1, 1).play(3): player 1's pit 3 is cell 10"),
                lambda: _position(_after(Board, FIGURE_1, 1, 3)),
                ([5, 4, 4, 4, 0, 5, 1, 5, 5, 4, 0, 5, 5, 1], 0),
            ),
            _cells_after_play(
                Board, _("Board([3, 3, 4, 4, 4, 9, 0, ...], 0).play(5): 9 seeds through both kalahs"),
                [3, 3, 4, 4, 4, 9, 0, 4, 4, 4, 4, 4, 1, 0], 0, 5,
                [4, 3, 4, 4, 4, 0, 1, 5, 5, 5, 5, 5, 2, 1],
                hint=_("Both kalahs get a seed when the sowing passes them."),
            ),
            _cells_after_play(
                Board, _("Board([1, 1, 14, ...], 0).play(2): 14 seeds, a full lap that skips pit 2"),
                [1, 1, 14, 1, 1, 1, 11, 1, 1, 1, 1, 1, 1, 12], 0, 2,
                [2, 2, 0, 3, 2, 2, 12, 2, 2, 2, 2, 2, 2, 13],
                hint=_("The pit the seeds come from gets no seed back."),
            ),
            _cells_after_play(
                Board, _("Board([4, 4, 4, 0, 4, 0, 8, ...], 0).play(4): captures 3 + 2"),
                [4, 4, 4, 0, 4, 0, 8, 1, 2, 1, 2, 5, 4, 9], 0, 4,
                [4, 4, 4, 0, 0, 1, 14, 0, 0, 1, 2, 5, 4, 9],
                hint=_("Capture where the last seed fell, then the cells before it."),
            ),
            _cells_after_play(
                Board, _("Board([0, 0, 0, 0, 0, 5, 10, ...], 0).play(5): the chain stops at a pit of 4"),
                [0, 0, 0, 0, 0, 5, 10, 2, 3, 1, 1, 5, 4, 17], 0, 5,
                [0, 0, 0, 0, 0, 0, 15, 3, 4, 0, 0, 5, 4, 17],
            ),
            _cells_after_play(
                Board, _("Board([2, 1, 2, 1, 4, 4, 10, ...], 1).play(5): player 1 captures cells 1 and 0"),
                [2, 1, 2, 1, 4, 4, 10, 4, 4, 4, 4, 0, 3, 5], 1, 5,
                [0, 0, 2, 1, 4, 4, 10, 4, 4, 4, 4, 0, 0, 11],
            ),
            Example(
                _("Board([1, 0, 0, 0, 0, 3, 19, ...], 0).play(5): a grand slam captures nothing"),
                lambda: _position(_after(Board, [1, 0, 0, 0, 0, 3, 19, 1, 2, 0, 0, 0, 0, 22], 0, 5)),
                ([1, 0, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 22], 1),
                hint=_("Captures that would empty the opponent's camp are not made."),
            ),
            Example(
                _("Board(hungry, 0).play(1): you must feed, the board unchanged"),
                lambda: _illegal_is_refused(Board, HUNGRY, 0, 1),
                ("ValueError", True),
            ),
            Example(
                _("Board(hungry, 0).play(5): it feeds player 1"),
                lambda: _after(Board, HUNGRY, 0, 5).cells,
                [0, 3, 0, 0, 1, 0, 21, 1, 0, 0, 0, 0, 0, 22],
            ),
            Example(
                _("Board([0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], 0).play(5): player 1 cannot feed"),
                lambda: (lambda board: (board.cells, *_state(board)))(
                    _after(Board, [0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], 0, 5)
                ),
                ([0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27], True, 1, 21, 27, []),
                hint=_("The player who cannot feed takes every seed left in the pits."),
            ),
            Example(
                _("Board([0, 0, 0, 0, 0, 2, 23, ...], 0).play(5): 26 in kalah 6, the end"),
                lambda: (lambda board: (board.cells, *_state(board)))(
                    _after(Board, [0, 0, 0, 0, 0, 2, 23, 1, 2, 3, 4, 1, 0, 12], 0, 5)
                ),
                ([0, 0, 0, 0, 0, 0, 26, 0, 2, 3, 4, 1, 0, 12], True, 0, 26, 12, []),
            ),
            *table([
                ("((b := Board([0, 0, 0, 0, 0, 2, 22, 1, 2, 3, 4, 1, 1, 12], 0)).play(5), b.cells, b.is_over(), "
                 "b.winner())[1:]", ([0, 0, 0, 0, 0, 0, 25, 0, 2, 3, 4, 1, 1, 12], True, 0),
                 _("25 seeds in a kalah end the game, exactly 25 too.")),
                ("((b := Board([0, 0, 0, 0, 0, 1, 24, 5, 5, 0, 0, 0, 0, 13], 0)).play(5), b.cells, b.is_over(), "
                 "b.winner())[1:]", ([0, 0, 0, 0, 0, 0, 25, 5, 5, 0, 0, 0, 0, 13], True, 0),
                 _("With 25 in a kalah the game is over at once: nobody takes the remaining seeds.")),
                ("((b := Board([1, 2, 3, 4, 1, 1, 12, 0, 0, 0, 0, 0, 2, 22], 1)).play(5), b.cells, b.is_over(), "
                 "b.winner())[1:]", ([0, 2, 3, 4, 1, 1, 12, 0, 0, 0, 0, 0, 0, 25], True, 1),
                 _("Player 1's kalah with 25 seeds ends the game too: look at both kalahs.")),
            ], {"Board": Board}, compare=_exactly),
            Example(
                _("Board([0, 0, 0, 0, 0, 1, 23, 0, 2, 0, 0, 0, 0, 22], 0).play(5): 24 to 24"),
                lambda: _state(_after(Board, [0, 0, 0, 0, 0, 1, 23, 0, 2, 0, 0, 0, 0, 22], 0, 5)),
                (True, None, 24, 24, []),
            ),
            Example(
                _("Board(figure 1, 0).play(4): an empty pit is refused, the board unchanged"),
                lambda: _illegal_is_refused(Board, FIGURE_1, 0, 4),
                ("ValueError", True),
            ),
            Example(
                _("the ValueError of Board(figure 1, 0).play(4) says why"),
                lambda: _refusal_message(Board, FIGURE_1, 0, 4),
                True,
                hint=_("Give the error a sentence: raise ValueError(f'pit {pit} is empty; choose one of ...')."),
            ),
            Example(
                _("Board().play(6) and Board().play(-1): pits go from 0 to 5"),
                lambda: [_illegal_is_refused(Board, START, 0, pit) for pit in (6, -1)],
                [("ValueError", True)] * 2,
                hint=_("A pit is a number from 0 to 5; -1 would be the last cell in Python."),
            ),
            Example(
                _("Board(figure 1, 1).play(7), .play(14) and .play(-20): pits go from 0 to 5 for player 1 too"),
                lambda: [_illegal_is_refused(Board, FIGURE_1, 1, pit) for pit in (7, 14, -20)],
                [("ValueError", True)] * 3,
                hint=_("Check that the pit is from 0 to 5 before using it as a cell: player 1's pit 7 "
                       "would be cell 14, beyond the board."),
            ),
            Example(
                _("Board([...25 in kalah 6...], 1).play(0): no move after the end"),
                lambda: _illegal_is_refused(Board, [0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5], 1, 0),
                ("ValueError", True),
            ),
            Example(
                _("twin = Board().copy(); twin.play(4): board and twin"),
                lambda: _copy_then_play(Board),
                (list(START), 0, list(FIGURE_1), 1),
                hint=_("copy() needs a list of cells of its own."),
            ),
            Example(
                _("a game from Board(), each move random.Random(2).choice(board.legal_moves())"),
                lambda: _random_game(Board, 2),
                (47, [0] * 6 + [19] + [0] * 6 + [29], 1),
            ),
            Example(
                _("a game from Board(), each move random.Random(3).choice(board.legal_moves())"),
                lambda: _random_game(Board, 3),
                (58, [0] * 6 + [28] + [0] * 6 + [20], 0),
            ),
            *generated("abapa.board_play", {"Board": Board},
                       hint=_("Sow, capture (in a chain, never a grand slam), then the other player moves; "
                              "the game ends at 25, or when that player cannot play and takes the rest.")),
        ]),
    )


class _Script:
    """Answers ``ask(prompt)`` from a list of strings, as a person at the keyboard would."""

    def __init__(self, answers: Sequence[str]) -> None:
        self.answers = list(answers)

    def __call__(self, prompt: str = "") -> str:
        if not self.answers:
            raise _ScriptEnded(_(
                "choose_move kept asking after the last answer of the example: "
                "it refused a legal pit, or asked once too often"
            ))
        return self.answers.pop(0)


class _ScriptEnded(Exception):
    """A scripted player or keyboard of a check was asked once too often."""


def _answer(call: Callable[[], Any]) -> Callable[[], Any]:
    """``call``, quietly; a scripted player asked too often gives its sentence as the result."""

    def run() -> Any:
        try:
            return _quietly(call)()
        except _ScriptEnded as ended:
            return str(ended)

    return run


def _rng_after_drawing(seed: int, legal: tuple[int, ...]) -> float:
    """rng.random() after drawing randrange(6) from random.Random(seed) until a pit of ``legal``."""
    rng = random.Random(seed)
    while rng.randrange(6) not in legal:
        pass
    return rng.random()


def check_players(HumanPlayer: type[Any], RandomPlayer: type[Any], Board: Callable[..., Any]) -> CheckResult:
    """Check ``HumanPlayer`` and ``RandomPlayer`` (abapa.players)."""

    def random_moves(seed: int, cells: Sequence[int] = START, player: int = 0) -> list[int]:
        chooser = RandomPlayer(random.Random(seed))
        return [chooser.choose_move(Board(list(cells), player)) for _ in range(10)]

    def human_move(answers: list[str], cells: Sequence[int], player: int) -> Any:
        return HumanPlayer(ask=_Script(answers)).choose_move(Board(list(cells), player))

    return check(
        "abapa.players",
        [
            *[
                Example(description, _answer(functools.partial(human_move, answers, cells, player)), expected,
                        hint=hint)
                for description, answers, cells, player, expected, hint in [
                    (_("HumanPlayer(ask answering '2').choose_move(Board())"), ["2"], START, 0, 2,
                     _("Return the pit as an int: int(answer).")),
                    (_("HumanPlayer answering '9', 'four', '4' (asks again until legal)"), ["9", "four", "4"],
                     START, 0, 4, _("Keep asking while the answer is not a legal pit; return an int.")),
                    (_("HumanPlayer answering '4' on figure 1, then '5'"), ["4", "5"], FIGURE_1, 0, 5, ""),
                    (_("HumanPlayer answering '0', then '2', as player 1 of Board([...], 1)"), ["0", "2"],
                     (4, 4, 4, 4, 4, 4, 0, 0, 4, 4, 4, 4, 8, 0), 1, 2,
                     _("Ask the board for its legal moves: they are counted from the mover's side.")),
                    (_("HumanPlayer answering ' 3 ' on Board(): spaces around the pit"), [" 3 "], START, 0, 3,
                     _("People type spaces: answer.strip() before you read the pit.")),
                    (_("HumanPlayer answering '1', '4', then '5' on Board(hungry, 0): only pit 5 feeds"),
                     ["1", "4", "5"], HUNGRY, 0, 5,
                     _("A legal pit is one of board.legal_moves(): when the opponent's camp is empty, it must "
                       "feed it.")),
                ]
            ],
            *table(PLAYERS_ANEW, {"HumanPlayer": HumanPlayer, "Board": Board, "Script": _Script}),
            Example(
                _("player = RandomPlayer(random.Random(7)): 10 moves on Board()"),
                lambda: random_moves(7),
                [2, 1, 3, 5, 0, 0, 4, 0, 2, 4],
                hint=_("Draw with self.rng.randrange(6), not with the random module's functions."),
            ),
            Example(
                _("player = RandomPlayer(random.Random(8)): 10 moves on Board(figure 1, 0)"),
                lambda: random_moves(8, FIGURE_1, 0),
                [1, 2, 3, 1, 1, 5, 0, 0, 1, 1],
                hint=_("Draw self.rng.randrange(6) again while the pit drawn is not legal (pit 4 is empty)."),
            ),
            Example(
                _("RandomPlayer(random.Random(1)) on Board(hungry, 0): only pit 5 feeds"),
                lambda: {RandomPlayer(random.Random(1)).choose_move(Board(list(HUNGRY), 0)) for _ in range(20)},
                {5},
            ),
            Example(
                _("rng = random.Random(3); RandomPlayer(rng).choose_move(Board(hungry, 0)), then rng.random()"),
                lambda: (lambda rng: (RandomPlayer(rng).choose_move(Board(list(HUNGRY), 0)), rng.random()))(
                    random.Random(3)),
                (5, _rng_after_drawing(3, (5,))),
                hint=_("Draw with self.rng.randrange(6) until the pit is legal, even when only one pit is: "
                       "the draws are what a replay repeats."),
            ),
            Example(
                "issubclass(HumanPlayer, Player) and issubclass(RandomPlayer, Player)",
                lambda: all(any(base.__name__ == "Player" for base in cls.__mro__[1:])
                            for cls in (HumanPlayer, RandomPlayer)),
                True,
                hint=_("Both are subclasses of Player: class RandomPlayer(Player)."),
            ),
            *generated("abapa.players", {"RandomPlayer": RandomPlayer, "Board": Board, "random": random},
                       hint=_("Draw self.rng.randrange(6) again and again until the pit drawn is legal.")),
        ],
    )


class _Scripted:
    """A player that plays the given pits in order, and keeps the boards it is shown."""

    def __init__(self, pits: Sequence[int], name: str = "player") -> None:
        self.pits = list(pits)
        self.name = name
        self.seen: list[tuple[list[int], int]] = []

    def choose_move(self, board: Any) -> int:
        self.seen.append((list(board.cells), board.player))
        if not self.pits:
            name = {"player 0": _("player 0"), "player 1": _("player 1")}.get(self.name, _("player"))
            raise _ScriptEnded(_(
                "the example's {name} was asked for a move it does not have: "
                "was the player to move asked, once per turn?"
            ).format(name=name))
        return self.pits.pop(0)


class _Cheater:
    """Plays a legal move on the board it is shown, then answers ``pit``."""

    def __init__(self, pit: int) -> None:
        self.pit = pit

    def choose_move(self, board: Any) -> int:
        board.play(board.legal_moves()[0])
        return self.pit


#: what run() prints for the board of a short game, before and after its only move
_SHORT_GAME_TEXTS = (
    "      0   0   0   1   1   1\n24     0   0   0   0   0   1     20",
    "      0   0   0   0   0   0\n27     0   0   0   0   0   0     21",
)


def _shows_the_numbers(got: Any, expected: list[str]) -> bool:
    """As many lines as expected, each showing every number of its expected line (any
    words, any order)."""
    def numbers(line: str) -> Counter[int]:
        return Counter(int(n) for n in re.findall(r"\d+", line))

    return (isinstance(got, list) and len(got) == len(expected)
            and all(isinstance(line, str) and numbers(wanted) <= numbers(line) for line, wanted in zip(got, expected)))


def check_game(Game: Callable[..., Any], Board: Callable[..., Any]) -> CheckResult:
    """Check the ``Game`` class (abapa.game)."""

    def two_turns() -> tuple[Any, ...]:
        first, second = _Scripted([4], "player 0"), _Scripted([3], "player 1")
        game = Game(first, second)
        pits = (game.play_turn(), game.play_turn())
        return (pits, game.board.cells, game.board.player, first.seen, second.seen)

    def shown_by_run() -> tuple[bool, bool, bool]:
        board = Board([0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], 0)
        game = Game(_Scripted([5], "player 0"), _Scripted([], "player 1"), board)
        first, last = _SHORT_GAME_TEXTS
        with contextlib.redirect_stdout(io.StringIO()) as out:
            game.run()
        text = out.getvalue()
        return (first in text, last in text, first in text and last in text and text.index(first) < text.index(last))

    def new_game_after_a_turn() -> Any:
        Game(_Scripted([4], "player 0"), _Scripted([], "player 1")).play_turn()
        return Game(_Scripted([]), _Scripted([])).board.cells

    def first_turn_of_player_1() -> tuple[Any, ...]:
        first, second = _Scripted([], "player 0"), _Scripted([3], "player 1")
        game = Game(first, second, Board(list(FIGURE_1), 1))
        return (game.play_turn(), game.board.cells, game.board.player, second.seen)

    def cheated_turn() -> tuple[Any, ...]:
        game = Game(_Cheater(4), _Scripted([], "player 1"))
        game.play_turn()
        return (game.board.cells, game.board.player)

    def last_lines() -> list[str]:
        """The last line run() prints on two boards where player 0 plays pit 5: 1 wins, 0 wins."""
        shown = []
        for cells in ([0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], [0, 0, 0, 0, 0, 2, 22, 1, 2, 3, 4, 1, 1, 12]):
            with contextlib.redirect_stdout(io.StringIO()) as out:
                Game(_Scripted([5], "player 0"), _Scripted([], "player 1"), Board(cells, 0)).run()
            lines = [line for line in out.getvalue().splitlines() if line.strip()]
            shown.append(lines[-1] if lines else "")
        return shown

    def turns_of_run() -> tuple[int, int]:
        """The calls of play_turn() that run() made in a game of three moves, and the moves chosen."""
        first, second = _Scripted([4, 5], "player 0"), _Scripted([0], "player 1")
        game = Game(first, second, Board([0, 0, 0, 0, 1, 1, 22, 1, 0, 0, 0, 0, 0, 23], 0))
        played: list[int] = []
        play_turn = game.play_turn

        def counted() -> Any:
            played.append(1)
            return play_turn()

        game.play_turn = counted
        with contextlib.redirect_stdout(io.StringIO()):
            game.run()
        return (len(played), len(first.seen) + len(second.seen))

    def short_game(player0: Any) -> Any:
        board = Board([0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], 0)
        game = Game(player0, _Scripted([], "player 1"), board)
        try:
            return (game.run(), game.board.cells, game.is_over())
        except ValueError as error:
            if isinstance(player0, _Cheater):
                return "ValueError: " + _(
                    "{error}: the move the player made on the board it was shown "
                    "counted, so its answer came too late"
                ).format(error=error)
            raise

    return check(
        "abapa.game",
        [
            _has_play(Board),
            Example(
                "Game(p0, p1).board.cells, .player",
                lambda: _position(Game(_Scripted([]), _Scripted([])).board),
                (list(START), 0),
            ),
            Example(
                "Game(p0, p1, Board(figure 1, 1)).board.cells, .player",
                lambda: _position(Game(_Scripted([]), _Scripted([]), Board(list(FIGURE_1), 1)).board),
                (list(FIGURE_1), 1),
            ),
            Example("Game(p0, p1).is_over()", lambda: Game(_Scripted([]), _Scripted([])).is_over(), False),
            Example(
                _("after a turn of one Game(p0, p1), a new Game(p0, p1).board.cells"),
                _answer(new_game_after_a_turn),
                list(START),
                hint=_("Make a new Board() in __init__: a default argument board=Board() is made "
                "once, and every game would share it."),
            ),
            Example(
                _("two play_turn(): player 0 chooses pit 4, then player 1 pit 3"),
                _answer(two_turns),
                ((4, 3), [5, 4, 4, 4, 0, 5, 1, 5, 5, 4, 0, 5, 5, 1], 0, [(list(START), 0)], [(list(FIGURE_1), 1)]),
                hint=_("Ask players[board.player], and return the pit it chose."),
            ),
            Example(
                _("Game(p0, p1, Board(figure 1, 1)).play_turn(): player 1 is to move, p1 chooses pit 3"),
                _answer(first_turn_of_player_1),
                (3, [5, 4, 4, 4, 0, 5, 1, 5, 5, 4, 0, 5, 5, 1], 0, [(list(FIGURE_1), 1)]),
                hint=_("The board says who is to move: ask players[self.board.player], not a turn counter "
                       "of your own."),
            ),
            Example(
                _("play_turn() with a player that plays on the board it is shown, then answers 4"),
                _answer(cheated_turn),
                (list(FIGURE_1), 1),
                hint=_("Give the player a copy: choose_move(self.board.copy())."),
            ),
            Example(
                _("run() on a board where player 0 plays pit 5 and player 1 cannot feed"),
                _answer(lambda: short_game(_Scripted([5], "player 0"))),
                (1, [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27], True),
                hint=_("run() returns the board's winner."),
            ),
            Example(
                _("run() there, with a player 0 that plays on the board it is shown, then answers 5"),
                _answer(lambda: short_game(_Cheater(5))),
                (1, [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27], True),
                hint=_("run() plays each turn with play_turn(), which shows the player a copy."),
            ),
            Example(
                _("the calls of play_turn() that run() makes in a game of three moves, and the moves chosen"),
                _answer(turns_of_run),
                (3, 3),
                hint=_("run() plays each turn by calling self.play_turn(), not by a copy of its code."),
            ),
            Example(
                _("what run() prints there: the board before the move, then after it"),
                _answer(shown_by_run),
                (True, True, True),
                hint=_("run() calls show_board() first, then again after each turn: print(self.board)."),
            ),
            Example(
                _("the last line run() prints on two boards where player 0 plays pit 5: who wins, and the scores"),
                _answer(last_lines),
                [_("Player {winner} wins, {score0} to {score1}").format(winner=winner, score0=score0, score1=score1)
                 for winner, score0, score1 in ((1, 21, 27), (0, 25, 12))],
                compare=_shows_the_numbers,
                hint=_("run() ends with show_winner(): one line with the winner (0 or 1) and both "
                       "scores, or that it is a draw."),
            ),
            Example(
                _("run() on Board([...], 0) where it ends 24 to 24: a draw"),
                _answer(
                    lambda: Game(
                        _Scripted([5], "player 0"), _Scripted([], "player 1"),
                        Board([0, 0, 0, 0, 0, 1, 23, 0, 2, 0, 0, 0, 0, 22], 0),
                    ).run()
                ),
                None,
            ),
        ],
    )


def _greedy_leaves_the_board(GreedyPlayer: Callable[..., Any], Board: Callable[..., Any]) -> tuple[list[int], int]:
    board = Board(list(FIGURE_1), 1)
    GreedyPlayer().choose_move(board)
    return _position(board)


def check_greedy(GreedyPlayer: Callable[..., Any], Board: Callable[..., Any]) -> CheckResult:
    """Check ``GreedyPlayer`` (abapa.greedy)."""
    names = {"GreedyPlayer": GreedyPlayer, "Board": Board}
    return check(
        "abapa.greedy",
        [
            _has_play(Board),
            *table([
                ("GreedyPlayer().choose_move(Board([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 0))", 2,
                 _("Pits 2 to 5 all put one seed in your kalah; on a tie, the lowest pit.")),
                ("GreedyPlayer().choose_move(Board([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0], 1))", 1,
                 _("On a tie, the lowest pit.")),
                ("GreedyPlayer().choose_move(Board([4, 4, 4, 0, 4, 0, 8, 1, 2, 1, 2, 5, 4, 9], 0))", 4,
                 _("Pit 4 captures 5 seeds: the biggest lead.")),
                ("GreedyPlayer().choose_move(Board([13, 0, 0, 3, 0, 0, 5, 4, 4, 4, 4, 4, 4, 3], 0))", 3,
                 _("The lead is your kalah minus your opponent's: a seed in their kalah counts too.")),
                ("GreedyPlayer().choose_move(Board([1, 2, 1, 4, 4, 4, 10, 0, 0, 4, 0, 4, 0, 14], 1))", 4),
                ("GreedyPlayer().choose_move(Board([0, 0, 0, 2, 2, 2, 24, 2, 1, 3, 0, 0, 1, 11], 0))", 5,
                 _("Pits 4 and 5 both win the game; pit 5 leads by more.")),
                ("GreedyPlayer().choose_move(Board([0, 0, 0, 0, 0, 0, 0, 2, 2, 19, 21, 1, 2, 1], 1))", 3,
                 _("Pit 2 captures, but pit 3 leads by more: compare every legal pit, not only the first "
                   "one that captures.")),
            ], names),
            Example(
                _("GreedyPlayer().choose_move(board) leaves board unchanged"),
                lambda: _greedy_leaves_the_board(GreedyPlayer, Board),
                (list(FIGURE_1), 1),
                hint=_("Try each pit on board.copy(), never on the board itself."),
            ),
            *table(GREEDY_ANEW, names),
            *generated("abapa.greedy", names,
                       hint=_("Try every legal pit on a copy and keep the biggest lead (your kalah minus "
                              "the other's); on a tie, the lowest pit.")),
        ],
    )
