"""Public checks of worksheet 3, Abapa: one ``check_...`` per exercise.

Each check holds its examples as rows of data: ``table`` rows (the call a student would
type, and the answer) or ``observed`` rows (a sentence, a function of this module that
plays the example on the student's code, its arguments and the answer).
"""

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

from ..checks import CheckResult, Example, check, generated, observed, table
from ..i18n import N_, _
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

Rows = tuple[tuple[Any, ...], ...]


def _table(rows: Rows, names: dict[str, Any], compare: Callable[[Any, Any], bool] | None = None) -> list[Example]:
    """The examples of a table of rows ``(call, expected[, hint])``, each hint said in the current language."""
    return table([(call, expected, _(more[0])) if more else (call, expected) for call, expected, *more in rows],
                 names, compare=compare)


def _said(rows: Rows, subject: Any, compare: Callable[[Any, Any], bool] | None = None) -> list[Example]:
    """The examples of a table of rows ``(description, observe, arguments, expected[, hint])``, each
    description and hint said in the current language."""
    return observed([(_(description), observe, arguments, expected, _(more[0]) if more and more[0] else "")
                     for description, observe, arguments, expected, *more in rows], subject, compare=compare)


# ----------------------------------------------------------------------------- the functions on cells

#: a board's cells as board_text shows them
BOARD_TEXTS: Rows = (
    ("board_text([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0])", FIGURE_1_TEXT,
     N_("Player 1's pits go from 12 down to 7 on the top line.")),
    ("board_text([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0])",
     "      4   4   4   4   4   4\n0      4   4   4   4   4   4      0"),
    ("board_text([0, 1, 2, 3, 0, 0, 20, 0, 0, 0, 0, 1, 11, 10])",
     "     11   1   0   0   0   0\n10     0   1   2   3   0   0     20",
     N_("Kalah 13 is left-aligned in 4 characters, kalah 6 right-aligned in 7.")),
    ("board_text([10, 0, 12, 0, 0, 1, 3, 2, 0, 0, 4, 0, 0, 16])",
     "      0   0   4   0   0   2\n16    10   0  12   0   0   1      3",
     N_("Every pit is right-aligned in 4 characters, on both lines: {n:4}.")),
)


def check_board_text(board_text: Callable[[list[int]], str]) -> CheckResult:
    """Check ``board_text(cells)`` (abapa.display)."""
    return check(
        "abapa.display",
        [
            *_table(BOARD_TEXTS, {"board_text": board_text}),
            *generated("abapa.display", {"board_text": board_text},
                       hint=_("Top line: 3 spaces, pits 12 down to 7 in 4 characters each; bottom line: "
                              "kalah 13 in 4 (left-aligned), pits 0 to 5 in 4 each, kalah 6 in 7.")),
        ],
    )


def _unchanged(function: Callable[..., Any], cells: Sequence[int], *args: Any) -> list[int]:
    """Call ``function`` on a new list of ``cells`` (and ``args``) and return that list afterwards."""
    given = list(cells)
    function(given, *args)
    return given


#: cells and a start: what sow returns
SOWINGS: Rows = (
    ("sow([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 4)", ([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0], 8)),
    ("sow([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 2)", ([4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0], 6),
     N_("The last seed may fall in a kalah: return that cell.")),
    ("sow([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 3, 1], 12)", ([5, 5, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 0, 2], 1),
     N_("After cell 13 comes cell 0: use % 14.")),
    ("sow([2, 2, 2, 2, 2, 2, 5, 2, 2, 13, 2, 2, 2, 8], 9)", ([3, 3, 3, 3, 3, 3, 6, 3, 3, 0, 3, 3, 3, 9], 8),
     N_("13 seeds fill the 13 other cells: the last one falls just before start, with no skip.")),
    ("sow([1, 1, 15, 1, 1, 1, 10, 1, 1, 1, 1, 1, 1, 12], 2)",
     ([2, 2, 0, 3, 3, 2, 11, 2, 2, 2, 2, 2, 2, 13], 4),
     N_("The pit the seeds come from gets no seed back.")),
    ("sow([0, 0, 0, 0, 0, 0, 10, 30, 0, 0, 0, 0, 0, 8], 7)",
     ([2, 2, 2, 2, 2, 2, 12, 0, 3, 3, 3, 3, 2, 10], 11),
     N_("Each full lap skips start again.")),
)
SOWN_CELLS_KEPT: Rows = (
    (N_("sow(cells, 4) leaves cells unchanged"), _unchanged, (START, 4), list(START),
     N_("Work on a copy: cells = list(cells).")),
)


def check_sow(sow: Callable[[list[int], int], tuple[list[int], int]]) -> CheckResult:
    """Check ``sow(cells, start)`` (abapa.sowing)."""
    return check(
        "abapa.sowing",
        [
            *_table(SOWINGS, {"sow": sow}),
            *_said(SOWN_CELLS_KEPT, sow),
            *generated("abapa.sowing", {"sow": sow},
                       hint=_("One seed in each following cell, kalahs included, never in start; return "
                              "the new cells and the cell of the last seed.")),
        ],
    )


#: cells, the cell of the last seed and the mover: the cells after the captures
CAPTURES: Rows = (
    ("capture([4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3], 8, 0)",
     [4, 4, 4, 4, 0, 5, 3, 5, 0, 4, 4, 4, 4, 3]),
    ("capture([4, 4, 4, 0, 0, 0, 8, 1, 2, 3, 2, 5, 4, 11], 10, 0)",
     [4, 4, 4, 0, 0, 0, 15, 1, 0, 0, 0, 5, 4, 11],
     N_("After a capture, look at the previous cell, and again.")),
    ("capture([2, 3, 0, 0, 0, 2, 10, 3, 2, 4, 4, 4, 4, 10], 8, 0)",
     [2, 3, 0, 0, 0, 2, 15, 0, 0, 4, 4, 4, 4, 10],
     N_("The chain stops at kalah 6: it takes only the opponent's pits.")),
    ("capture([4, 4, 2, 3, 4, 4, 10, 4, 4, 0, 0, 0, 0, 9], 3, 1)",
     [4, 4, 0, 0, 4, 4, 10, 4, 4, 0, 0, 0, 0, 14],
     N_("Player 1 captures in cells 3 and 2; cell 1 holds 4, so the chain stops.")),
    ("capture([4, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4, 2, 0], 4, 0)",
     [4, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4, 2, 0],
     N_("A last seed in the mover's own camp captures nothing.")),
    ("capture([4, 4, 4, 4, 4, 4, 2, 4, 4, 4, 4, 3, 2, 3], 13, 0)",
     [4, 4, 4, 4, 4, 4, 2, 4, 4, 4, 4, 3, 2, 3],
     N_("A last seed in a kalah captures nothing, the opponent's kalah too: kalah 13 is not in "
        "player 1's camp.")),
    ("capture([10, 10, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 3], 8, 0)",
     [10, 10, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 3],
     N_("Captures that would empty the opponent's camp are not made.")),
)
CAPTURED_CELLS_KEPT: Rows = (
    (N_("capture(cells, 8, 0) leaves cells unchanged"), _unchanged,
     ((4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3), 8, 0), [4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3]),
)


def check_capture(capture: Callable[[list[int], int, int], list[int]]) -> CheckResult:
    """Check ``capture(cells, last, player)`` (abapa.capture)."""
    return check(
        "abapa.capture",
        [
            *_table(CAPTURES, {"capture": capture}),
            *_said(CAPTURED_CELLS_KEPT, capture),
            *generated("abapa.capture", {"capture": capture},
                       hint=_("From the last cell backwards, take the opponent's pits of 2 or 3 seeds; "
                              "nothing when they are all the opponent has left.")),
        ],
    )


def _feeds_from_every_pit(feeds: Callable[[list[int], int, int], bool], cells: Sequence[int]) -> list[bool]:
    """``feeds(cells, 0, pit)`` for each pit from 0 to 5, each on a new list of ``cells``."""
    return [feeds(list(cells), 0, pit) for pit in range(6)]


#: the legal pits of a position, and whether a pit feeds the opponent
FEEDINGS: Rows = (
    ("legal_pits([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 0)", [0, 1, 2, 3, 4, 5]),
    ("legal_pits([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0], 0)", [0, 1, 2, 3, 5],
     N_("An empty pit cannot be played.")),
    ("legal_pits([4, 4, 4, 4, 4, 4, 0, 0, 9, 0, 7, 0, 8, 0], 1)", [1, 3, 5],
     N_("Pits are counted from the player's side: player 1's pit i is cell 7 + i.")),
    ("feeds([0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22], 0, 5)", True),
    ("feeds([0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22], 0, 1)", False,
     N_("Its 3 seeds stop at pit 4: they do not reach the opponent.")),
)
#: each pit one seed short of the opponent's camp, then each just enough
FEEDS_JUST: Rows = (
    (N_("[feeds([6, 5, 4, 3, 2, 1, 10, 0, ...], 0, pit) for pit in range(6)]: each one seed short"),
     _feeds_from_every_pit, ((6, 5, 4, 3, 2, 1, 10, 0, 0, 0, 0, 0, 0, 17),), [False] * 6,
     N_("Pit i is followed by 5 - i pits and your kalah: it needs 7 - i seeds.")),
    (N_("[feeds([7, 6, 5, 4, 3, 2, 6, 0, ...], 0, pit) for pit in range(6)]: each just enough"),
     _feeds_from_every_pit, ((7, 6, 5, 4, 3, 2, 6, 0, 0, 0, 0, 0, 0, 15),), [True] * 6),
)
HUNGRY_PITS: Rows = (
    ("legal_pits([0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22], 0)", [5],
     N_("When the opponent's camp is empty, only moves that feed it are legal.")),
    ("legal_pits([0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 0, 24], 1)", [],
     N_("Nobody can feed player 0 here: no pit is legal.")),
)


def check_feeding(
    feeds: Callable[[list[int], int, int], bool], legal_pits: Callable[[list[int], int], list[int]]
) -> CheckResult:
    """Check ``feeds(cells, player, pit)`` and ``legal_pits(cells, player)`` (abapa.feeding)."""
    names = {"feeds": feeds, "legal_pits": legal_pits}
    return check(
        "abapa.feeding",
        [
            *_table(FEEDINGS, names),
            *_said(FEEDS_JUST, feeds),
            *_table(HUNGRY_PITS, names),
            *generated("abapa.feeding", names,
                       hint=_("A legal pit is not empty and, when the opponent's camp is empty, holds "
                              "at least 7 - i seeds.")),
        ],
    )


#: Rows that ask again after a change: a kept answer shows as a stale one.
ANEW = N_("Work the answer out from what you are given at every call: do not keep an earlier answer.")


def _over_asked_again(game_over: Callable[[list[int], int], bool]) -> list[Any]:
    """``game_over`` on the start, then on the same cells once kalah 6 holds 25."""
    cells = list(START)
    return [game_over(cells, 0), cells.__setitem__(6, 25), game_over(cells, 0)]


def _remaining_asked_again(take_remaining: Callable[[list[int], int], list[int]]) -> list[Any]:
    """Kalah 6 after ``take_remaining`` on the start, then on the same cells once pit 0 holds 9."""
    cells = list(START)
    return [take_remaining(cells, 0)[6], cells.__setitem__(0, 9), take_remaining(cells, 0)[6]]


#: positions that end the game or not, and the seeds left taken
ENDS: Rows = (
    ("game_over([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 0)", False),
    ("game_over([0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5], 1)", True,
     N_("A kalah with 25 seeds ends the game.")),
    ("game_over([0, 4, 4, 4, 0, 0, 7, 1, 1, 1, 1, 1, 0, 24], 0)", False, N_("25 seeds are needed to win.")),
    ("game_over([1, 4, 4, 4, 0, 0, 4, 1, 1, 1, 1, 1, 1, 25], 1)", True,
     N_("Either kalah with 25 seeds ends the game, the one of the player to move too.")),
    ("game_over([0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 0, 24], 1)", True,
     N_("Player 1 cannot feed player 0: the game is over.")),
    ("take_remaining([0, 0, 1, 0, 0, 0, 24, 0, 2, 0, 0, 0, 0, 21], 1)",
     [0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24]),
)
OVER_ANEW: Rows = (
    ("(lambda cells: [game_over(cells, 0), cells.__setitem__(6, 25), game_over(cells, 0)])(list(START))",
     _over_asked_again, (), [False, None, True], ANEW),
)
REMAINING_ANEW: Rows = (
    ("(lambda cells: [take_remaining(cells, 0)[6], cells.__setitem__(0, 9), take_remaining(cells, 0)[6]])"
     "(list(START))", _remaining_asked_again, (), [48, None, 53], ANEW),
    (N_("take_remaining(cells, 1) leaves cells unchanged"), _unchanged,
     ((0, 0, 1, 0, 0, 0, 24, 0, 2, 0, 0, 0, 0, 21), 1), [0, 0, 1, 0, 0, 0, 24, 0, 2, 0, 0, 0, 0, 21]),
)


def check_end(
    game_over: Callable[[list[int], int], bool],
    take_remaining: Callable[[list[int], int], list[int]],
) -> CheckResult:
    """Check ``game_over(cells, player)`` and ``take_remaining(cells, player)`` (abapa.end)."""
    names = {"game_over": game_over, "take_remaining": take_remaining}
    return check(
        "abapa.end",
        [
            *_table(ENDS, names),
            *_said(OVER_ANEW, game_over),
            *_said(REMAINING_ANEW, take_remaining),
            *generated("abapa.end", names,
                       hint=_("The game is over when a kalah holds 25 or more, or when the player to move "
                              "has no legal pit; the remaining seeds go to that player's kalah.")),
        ],
    )


# ----------------------------------------------------------------------------- the Board class


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


def _illegal_are_refused(Board: Callable[..., Any], cells: Sequence[int], player: int, pits: Sequence[Any]) -> Any:
    """:func:`_illegal_is_refused` for each of ``pits``, each on a new board."""
    return [_illegal_is_refused(Board, cells, player, pit) for pit in pits]


def _refusal_message(Board: Callable[..., Any], cells: Sequence[int], player: int, pit: Any) -> Any:
    """Whether the ValueError of an illegal ``pit`` has a message (or what happened instead)."""
    try:
        Board(list(cells), player).play(pit)
    except ValueError as error:
        return bool(str(error).strip())
    return _("no ValueError")


def _cells_after_append(Board: Callable[..., Any]) -> Any:
    """The cells of a board whose ``cells`` list was given a 99 at its end."""
    board = Board(list(FIGURE_1), 1)
    board.cells.append(99)
    return board.cells


def _cells_after_changing_the_argument(Board: Callable[..., Any]) -> Any:
    """The cells of a board after the list it was made from changed."""
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


def _new_cells(Board: Callable[..., Any]) -> Any:
    """``Board().cells``."""
    return Board().cells


def _new_player(Board: Callable[..., Any]) -> Any:
    """``Board().player``."""
    return Board().player


def _new_moves(Board: Callable[..., Any]) -> list[int]:
    """The legal moves of ``Board()``, as a list."""
    return list(Board().legal_moves())


def _new_state(Board: Callable[..., Any]) -> tuple[Any, ...]:
    """The :func:`_state` of ``Board()``."""
    return _state(Board())


def _position_of(Board: Callable[..., Any], cells: Sequence[int], player: int) -> tuple[list[int], int]:
    """The cells and player of ``Board(cells, player)``."""
    return _position(Board(list(cells), player))


def _text_of(Board: Callable[..., Any], cells: Sequence[int], player: int) -> str:
    """``str(Board(cells, player))``."""
    return str(Board(list(cells), player))


def _scores_of(Board: Callable[..., Any], cells: Sequence[int], player: int) -> tuple[Any, ...]:
    """The :func:`_state` of ``Board(cells, player)`` without its legal moves."""
    return _state(Board(list(cells), player))[:4]


def _moves_of(Board: Callable[..., Any], cells: Sequence[int], player: int) -> list[int]:
    """The legal moves of ``Board(cells, player)``, as a list."""
    return list(Board(list(cells), player).legal_moves())


def _state_of(Board: Callable[..., Any], cells: Sequence[int], player: int) -> tuple[Any, ...]:
    """The :func:`_state` of ``Board(cells, player)``."""
    return _state(Board(list(cells), player))


def _winner_of(Board: Callable[..., Any], cells: Sequence[int], player: int) -> Any:
    """``Board(cells, player).winner()``."""
    return Board(list(cells), player).winner()


def _made(Board: Callable[..., Any], cells: Sequence[Any], player: int) -> Any:
    """``Board(cells, player)``, on a new list of ``cells``."""
    return Board(list(cells), player)


def _copies_are_one(Board: Callable[..., Any]) -> bool:
    """Whether two copies of ``Board()`` are the same object."""
    board = Board()
    return board.copy() is board.copy()


def _position_of_copy(Board: Callable[..., Any], cells: Sequence[int], player: int) -> tuple[list[int], int]:
    """The cells and player of ``Board(cells, player).copy()``."""
    return _position(Board(list(cells), player).copy())


def _nothing() -> None:
    """Do nothing: what a list without ``clear`` is cleared with."""


def _moves_after_clearing_the_twins(Board: Callable[..., Any]) -> list[int]:
    """The legal moves of ``Board()`` after its copy's legal_moves() list was cleared."""
    board = Board()
    getattr(board.copy().legal_moves(), "clear", _nothing)()
    return list(board.legal_moves())


def _moves_after_clearing_its_own(Board: Callable[..., Any]) -> tuple[list[int], bool]:
    """The legal moves of ``Board()`` and whether it is over, after the list its legal_moves()
    returned was cleared."""
    board = Board()
    getattr(board.legal_moves(), "clear", _nothing)()
    return (list(board.legal_moves()), board.is_over())


def _copy_is_not_itself(Board: Callable[..., Any]) -> bool:
    """Whether ``Board().copy()`` is another object."""
    board = Board()
    return board.copy() is not board


#: a new board, and positions with their queries
QUERIES: Rows = (
    ("Board().cells", _new_cells, (), list(START)),
    ("Board().player", _new_player, (), 0),
    ("Board().legal_moves()", _new_moves, (), [0, 1, 2, 3, 4, 5]),
    ("Board(): is_over(), winner(), score(0), score(1), legal_moves()", _new_state, (),
     (False, None, 0, 0, [0, 1, 2, 3, 4, 5])),
    ("Board(figure 1, 1).cells, .player", _position_of, (FIGURE_1, 1), (list(FIGURE_1), 1)),
    ("str(Board(figure 1, 1))", _text_of, (FIGURE_1, 1), FIGURE_1_TEXT),
    (N_("Board(figure 1, 1): is_over(), winner(), score(0), score(1): 1 to 0, not over"), _scores_of,
     (FIGURE_1, 1), (False, None, 1, 0), N_("winner() is None while the game goes on, whoever leads.")),
    (N_("Board(figure 1, 0).legal_moves(): pit 4 is empty"), _moves_of, (FIGURE_1, 0), [0, 1, 2, 3, 5]),
    (N_("Board([4, 4, 4, 4, 4, 4, 0, 0, 9, 0, 7, 0, 8, 0], 1).legal_moves(): player 1's side"), _moves_of,
     ((4, 4, 4, 4, 4, 4, 0, 0, 9, 0, 7, 0, 8, 0), 1), [1, 3, 5], N_("Player 1's pit i is cell 7 + i.")),
    (N_("Board(hungry, 0).legal_moves(): only the pits that feed player 1"), _moves_of, (HUNGRY, 0), [5],
     N_("When the opponent's camp is empty, only moves that feed it are legal.")),
    (N_("Board([...25 in kalah 6...], 1): over, player 0 wins"), _state_of,
     ((0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5), 1), (True, 0, 25, 5, []),
     N_("A kalah with 25 seeds ends the game; legal_moves() is then [].")),
)
OTHER_KALAH_WINS: Rows = (
    ("(b := Board([1, 4, 4, 4, 0, 0, 4, 1, 1, 1, 1, 1, 1, 25], 1)).is_over(), b.winner(), "
     "list(b.legal_moves())", (True, 1, []),
     N_("Either kalah with 25 seeds ends the game, the one of the player to move too.")),
)
GAME_OVERS: Rows = (
    (N_("Board([0, 0, 0, 0, 0, 0, 22, 1, 1, 1, 0, 0, 0, 23], 0): over (player 0 cannot move), winner()"), _winner_of,
     ((0, 0, 0, 0, 0, 0, 22, 1, 1, 1, 0, 0, 0, 23), 0), 1,
     N_("winner() compares the two kalahs as they are: the seeds left in the pits are taken "
        "by play, not by winner.")),
    (N_("Board([0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24], 0): over, a draw"), _state_of,
     ((0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24), 0), (True, None, 24, 24, [])),
)
#: a description and a position that no board may hold
BAD_POSITIONS: Rows = (
    (N_("Board([4] * 14, 0): 56 seeds"), [4] * 14, 0),
    (N_("Board([4] * 12, 0): 12 cells"), [4] * 12, 0),
    (N_("Board([-1, 9, 4, ...], 0): a negative count"), [-1, 9, *START[2:]], 0),
    ("Board(start, 2)", START, 2),
    ("Board(start, -1)", START, -1),
)
FLOAT_SEEDS: Rows = (
    ("Board([2.5, 5.5] + list(START[2:]), 0)", ValueError,
     N_("A cell holds a whole number of seeds: refuse a float (type(seeds) is not int), even when the total is 48.")),
    ("Board([4.0] * 12 + [0, 0], 0)", ValueError,
     N_("A cell holds a whole number of seeds: refuse a float (type(seeds) is not int), even when the total is 48.")),
)
OWN_LISTS: Rows = (
    ("(lambda board: board.copy() is board.copy())(Board())", _copies_are_one, (), False,
     N_("copy() makes a new board at every call.")),
    (N_("board.cells.append(99), then board.cells"), _cells_after_append, (), list(FIGURE_1),
     N_("The cells property returns a copy: return list(self._cells).")),
    (N_("board = Board(cells, 1), then cells changes: board.cells"), _cells_after_changing_the_argument, (),
     list(FIGURE_1), N_("Keep a copy of the list you are given: self._cells = list(cells).")),
    ("Board(figure 1, 1).copy(): .cells, .player", _position_of_copy, (FIGURE_1, 1), (list(FIGURE_1), 1)),
    (N_("twin = Board().copy(); twin.legal_moves().clear(), then board.legal_moves()"),
     _moves_after_clearing_the_twins, (), [0, 1, 2, 3, 4, 5],
     N_("copy() gives the twin lists of its own, its legal moves too: or legal_moves() "
        "returns a new list each time.")),
    (N_("board = Board(); board.legal_moves().clear(), then board.legal_moves() and board.is_over()"),
     _moves_after_clearing_its_own, (), ([0, 1, 2, 3, 4, 5], False),
     N_("legal_moves() returns a new list each time: return list(self._legal), not the "
        "list the board keeps.")),
    ("board.copy() is not board", _copy_is_not_itself, (), True,
     N_("copy() makes a new Board with the same position, never returns self.")),
)


def _refused(rows: Rows, Board: Callable[..., Any]) -> list[Example]:
    """The examples of rows ``(description, cells, player)``: ``Board(cells, player)`` raises ValueError."""
    return [Example(_(description), functools.partial(_made, Board, cells, player), raises=ValueError)
            for description, cells, player in rows]


def check_board(Board: Callable[..., Any]) -> CheckResult:
    """Check the ``Board`` class without ``play`` (abapa.board): a position and its queries."""
    names = {"Board": Board, "START": START}
    return check(
        "abapa.board",
        _strict([
            *_said(QUERIES, Board),
            *_table(OTHER_KALAH_WINS, names, compare=_exactly),
            *_said(GAME_OVERS, Board),
            *_refused(BAD_POSITIONS, Board),
            *_table(FLOAT_SEEDS, names),
            *_said(OWN_LISTS, Board),
            *generated("abapa.board", {"Board": Board},
                       hint=_("A board is over when a kalah holds 25 or the player to move has no legal "
                              "pit; its winner is then the larger kalah, None for a draw.")),
        ]),
    )


# ----------------------------------------------------------------------------- Board.play


def _copy_then_play(Board: Callable[..., Any]) -> tuple[Any, ...]:
    """``Board()`` and its copy, after the copy played pit 4: their cells and players."""
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


def _plays(Board: Callable[..., Any]) -> bool:
    """Whether ``Board()`` has a method ``play``."""
    return callable(getattr(Board(), "play", None))


def _has_play(Board: Callable[..., Any]) -> Example:
    """The example: ``Board()`` has a method ``play`` (lost when the Board cell runs again)."""
    return Example(
        _("Board() has a method play"),
        functools.partial(_plays, Board),
        True,
        hint=_("Running the Board cell again makes a new class without play: "
        "run the cell of play (exercise abapa.board_play) again after it."),
    )


def _position_after(Board: Callable[..., Any], cells: Sequence[int], player: int, *pits: int) -> tuple[list[int], int]:
    """The cells and player of ``Board(cells, player)`` after playing ``pits``."""
    return _position(_after(Board, cells, player, *pits))


def _text_after(Board: Callable[..., Any], cells: Sequence[int], player: int, *pits: int) -> str:
    """``str`` of ``Board(cells, player)`` after playing ``pits``."""
    return str(_after(Board, cells, player, *pits))


def _cells_after(Board: Callable[..., Any], cells: Sequence[int], player: int, *pits: int) -> Any:
    """The cells of ``Board(cells, player)`` after playing ``pits``."""
    return _after(Board, cells, player, *pits).cells


def _end_after(Board: Callable[..., Any], cells: Sequence[int], player: int, *pits: int) -> tuple[Any, ...]:
    """The cells and the :func:`_state` of ``Board(cells, player)`` after playing ``pits``."""
    board = _after(Board, cells, player, *pits)
    return (board.cells, *_state(board))


def _state_after(Board: Callable[..., Any], cells: Sequence[int], player: int, *pits: int) -> tuple[Any, ...]:
    """The :func:`_state` of ``Board(cells, player)`` after playing ``pits``."""
    return _state(_after(Board, cells, player, *pits))


#: moves played on a board: its cells, player and state after them
MOVES: Rows = (
    ("Board().play(4): .cells, .player", _position_after, (START, 0, 4), (list(FIGURE_1), 1)),
    (N_("str(board) after Board().play(4)"), _text_after, (START, 0, 4), FIGURE_1_TEXT),
    (N_("Board(figure 1, 1).play(3): player 1's pit 3 is cell 10"), _position_after, (FIGURE_1, 1, 3),
     ([5, 4, 4, 4, 0, 5, 1, 5, 5, 4, 0, 5, 5, 1], 0)),
    (N_("Board([3, 3, 4, 4, 4, 9, 0, ...], 0).play(5): 9 seeds through both kalahs"), _cells_after,
     ((3, 3, 4, 4, 4, 9, 0, 4, 4, 4, 4, 4, 1, 0), 0, 5), [4, 3, 4, 4, 4, 0, 1, 5, 5, 5, 5, 5, 2, 1],
     N_("Both kalahs get a seed when the sowing passes them.")),
    (N_("Board([1, 1, 14, ...], 0).play(2): 14 seeds, a full lap that skips pit 2"), _cells_after,
     ((1, 1, 14, 1, 1, 1, 11, 1, 1, 1, 1, 1, 1, 12), 0, 2), [2, 2, 0, 3, 2, 2, 12, 2, 2, 2, 2, 2, 2, 13],
     N_("The pit the seeds come from gets no seed back.")),
    (N_("Board([4, 4, 4, 0, 4, 0, 8, ...], 0).play(4): captures 3 + 2"), _cells_after,
     ((4, 4, 4, 0, 4, 0, 8, 1, 2, 1, 2, 5, 4, 9), 0, 4), [4, 4, 4, 0, 0, 1, 14, 0, 0, 1, 2, 5, 4, 9],
     N_("Capture where the last seed fell, then the cells before it.")),
    (N_("Board([0, 0, 0, 0, 0, 5, 10, ...], 0).play(5): the chain stops at a pit of 4"), _cells_after,
     ((0, 0, 0, 0, 0, 5, 10, 2, 3, 1, 1, 5, 4, 17), 0, 5), [0, 0, 0, 0, 0, 0, 15, 3, 4, 0, 0, 5, 4, 17]),
    (N_("Board([2, 1, 2, 1, 4, 4, 10, ...], 1).play(5): player 1 captures cells 1 and 0"), _cells_after,
     ((2, 1, 2, 1, 4, 4, 10, 4, 4, 4, 4, 0, 3, 5), 1, 5), [0, 0, 2, 1, 4, 4, 10, 4, 4, 4, 4, 0, 0, 11]),
    (N_("Board([1, 0, 0, 0, 0, 3, 19, ...], 0).play(5): a grand slam captures nothing"), _position_after,
     ((1, 0, 0, 0, 0, 3, 19, 1, 2, 0, 0, 0, 0, 22), 0, 5), ([1, 0, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 22], 1),
     N_("Captures that would empty the opponent's camp are not made.")),
    (N_("Board(hungry, 0).play(1): you must feed, the board unchanged"), _illegal_is_refused, (HUNGRY, 0, 1),
     ("ValueError", True)),
    (N_("Board(hungry, 0).play(5): it feeds player 1"), _cells_after, (HUNGRY, 0, 5),
     [0, 3, 0, 0, 1, 0, 21, 1, 0, 0, 0, 0, 0, 22]),
    (N_("Board([0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], 0).play(5): player 1 cannot feed"), _end_after,
     ((0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24), 0, 5),
     ([0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27], True, 1, 21, 27, []),
     N_("The player who cannot feed takes every seed left in the pits.")),
    (N_("Board([0, 0, 0, 0, 0, 2, 23, ...], 0).play(5): 26 in kalah 6, the end"), _end_after,
     ((0, 0, 0, 0, 0, 2, 23, 1, 2, 3, 4, 1, 0, 12), 0, 5),
     ([0, 0, 0, 0, 0, 0, 26, 0, 2, 3, 4, 1, 0, 12], True, 0, 26, 12, [])),
)
ENDS_AT_25: Rows = (
    ("((b := Board([0, 0, 0, 0, 0, 2, 22, 1, 2, 3, 4, 1, 1, 12], 0)).play(5), b.cells, b.is_over(), "
     "b.winner())[1:]", ([0, 0, 0, 0, 0, 0, 25, 0, 2, 3, 4, 1, 1, 12], True, 0),
     N_("25 seeds in a kalah end the game, exactly 25 too.")),
    ("((b := Board([0, 0, 0, 0, 0, 1, 24, 5, 5, 0, 0, 0, 0, 13], 0)).play(5), b.cells, b.is_over(), "
     "b.winner())[1:]", ([0, 0, 0, 0, 0, 0, 25, 5, 5, 0, 0, 0, 0, 13], True, 0),
     N_("With 25 in a kalah the game is over at once: nobody takes the remaining seeds.")),
    ("((b := Board([1, 2, 3, 4, 1, 1, 12, 0, 0, 0, 0, 0, 2, 22], 1)).play(5), b.cells, b.is_over(), "
     "b.winner())[1:]", ([0, 2, 3, 4, 1, 1, 12, 0, 0, 0, 0, 0, 0, 25], True, 1),
     N_("Player 1's kalah with 25 seeds ends the game too: look at both kalahs.")),
)
#: a draw, moves refused, a copy played on, whole random games
REFUSALS: Rows = (
    (N_("Board([0, 0, 0, 0, 0, 1, 23, 0, 2, 0, 0, 0, 0, 22], 0).play(5): 24 to 24"), _state_after,
     ((0, 0, 0, 0, 0, 1, 23, 0, 2, 0, 0, 0, 0, 22), 0, 5), (True, None, 24, 24, [])),
    (N_("Board(figure 1, 0).play(4): an empty pit is refused, the board unchanged"), _illegal_is_refused,
     (FIGURE_1, 0, 4), ("ValueError", True)),
    (N_("the ValueError of Board(figure 1, 0).play(4) says why"), _refusal_message, (FIGURE_1, 0, 4), True,
     N_("Give the error a sentence: raise ValueError(f'pit {pit} is empty; choose one of ...').")),
    (N_("Board().play(6) and Board().play(-1): pits go from 0 to 5"), _illegal_are_refused, (START, 0, (6, -1)),
     [("ValueError", True)] * 2, N_("A pit is a number from 0 to 5; -1 would be the last cell in Python.")),
    (N_("Board(figure 1, 1).play(7), .play(14) and .play(-20): pits go from 0 to 5 for player 1 too"),
     _illegal_are_refused, (FIGURE_1, 1, (7, 14, -20)), [("ValueError", True)] * 3,
     N_("Check that the pit is from 0 to 5 before using it as a cell: player 1's pit 7 "
        "would be cell 14, beyond the board.")),
    (N_("Board([...25 in kalah 6...], 1).play(0): no move after the end"), _illegal_is_refused,
     ((0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5), 1, 0), ("ValueError", True)),
    (N_("twin = Board().copy(); twin.play(4): board and twin"), _copy_then_play, (),
     (list(START), 0, list(FIGURE_1), 1), N_("copy() needs a list of cells of its own.")),
    (N_("a game from Board(), each move random.Random(2).choice(board.legal_moves())"), _random_game, (2,),
     (47, [0] * 6 + [19] + [0] * 6 + [29], 1)),
    (N_("a game from Board(), each move random.Random(3).choice(board.legal_moves())"), _random_game, (3,),
     (58, [0] * 6 + [28] + [0] * 6 + [20], 0)),
)


def check_board_play(Board: Callable[..., Any]) -> CheckResult:
    """Check ``Board.play`` (abapa.board_play): the rules, played on a ``Board``."""
    return check(
        "abapa.board_play",
        _strict([
            _has_play(Board),
            *_said(MOVES, Board),
            *_table(ENDS_AT_25, {"Board": Board}, compare=_exactly),
            *_said(REFUSALS, Board),
            *generated("abapa.board_play", {"Board": Board},
                       hint=_("Sow, capture (in a chain, never a grand slam), then the other player moves; "
                              "the game ends at 25, or when that player cannot play and takes the rest.")),
        ]),
    )


# ----------------------------------------------------------------------------- the players


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


def _answered(names: dict[str, Any], observe: Callable[..., Any], *arguments: Any) -> Any:
    """``observe(names, *arguments)``, quietly; a scripted player asked too often gives its sentence as the result."""
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            return observe(names, *arguments)
    except _ScriptEnded as ended:
        return str(ended)


def _rng_after_drawing(seed: int, legal: tuple[int, ...]) -> float:
    """rng.random() after drawing randrange(6) from random.Random(seed) until a pit of ``legal``."""
    rng = random.Random(seed)
    while rng.randrange(6) not in legal:
        pass
    return rng.random()


def _human_move(names: dict[str, Any], answers: Sequence[str], cells: Sequence[int], player: int) -> Any:
    """The pit a HumanPlayer whose keyboard gives ``answers`` chooses on ``Board(cells, player)``."""
    return names["HumanPlayer"](ask=_Script(answers)).choose_move(names["Board"](list(cells), player))


def _human_asked_again(names: dict[str, Any]) -> list[Any]:
    """A HumanPlayer's moves on ``Board()`` answering '2', then once pit 2 is played, '3'."""
    human, board = names["HumanPlayer"](ask=_Script(["2", "3"])), names["Board"]()
    return [human.choose_move(board), board.play(2), human.choose_move(board)]


def _random_moves(names: dict[str, Any], seed: int, cells: Sequence[int] = START, player: int = 0) -> list[int]:
    """10 moves of one RandomPlayer(random.Random(seed)), each on a new ``Board(cells, player)``."""
    chooser = names["RandomPlayer"](random.Random(seed))
    return [chooser.choose_move(names["Board"](list(cells), player)) for _turn in range(10)]


def _random_choices(names: dict[str, Any], seed: int, cells: Sequence[int], player: int) -> set[int]:
    """The moves of 20 new RandomPlayer(random.Random(seed)), each on a new ``Board(cells, player)``."""
    return {names["RandomPlayer"](random.Random(seed)).choose_move(names["Board"](list(cells), player))
            for _turn in range(20)}


def _random_then_rng(names: dict[str, Any], seed: int, cells: Sequence[int], player: int) -> tuple[Any, float]:
    """A RandomPlayer's move on ``Board(cells, player)``, then the next ``rng.random()`` of its rng."""
    rng = random.Random(seed)
    return (names["RandomPlayer"](rng).choose_move(names["Board"](list(cells), player)), rng.random())


def _are_players(names: dict[str, Any]) -> bool:
    """Whether HumanPlayer and RandomPlayer are both subclasses of a class named Player."""
    return all(any(base.__name__ == "Player" for base in cls.__mro__[1:])
               for cls in (names["HumanPlayer"], names["RandomPlayer"]))


#: what a person types, the board: the pit a HumanPlayer chooses
HUMAN_MOVES: Rows = (
    (N_("HumanPlayer(ask answering '2').choose_move(Board())"), _answered, (_human_move, ("2",), START, 0), 2,
     N_("Return the pit as an int: int(answer).")),
    (N_("HumanPlayer answering '9', 'four', '4' (asks again until legal)"), _answered,
     (_human_move, ("9", "four", "4"), START, 0), 4,
     N_("Keep asking while the answer is not a legal pit; return an int.")),
    (N_("HumanPlayer answering '4' on figure 1, then '5'"), _answered, (_human_move, ("4", "5"), FIGURE_1, 0), 5, ""),
    (N_("HumanPlayer answering '0', then '2', as player 1 of Board([...], 1)"), _answered,
     (_human_move, ("0", "2"), (4, 4, 4, 4, 4, 4, 0, 0, 4, 4, 4, 4, 8, 0), 1), 2,
     N_("Ask the board for its legal moves: they are counted from the mover's side.")),
    (N_("HumanPlayer answering ' 3 ' on Board(): spaces around the pit"), _answered,
     (_human_move, (" 3 ",), START, 0), 3, N_("People type spaces: answer.strip() before you read the pit.")),
    (N_("HumanPlayer answering '1', '4', then '5' on Board(hungry, 0): only pit 5 feeds"), _answered,
     (_human_move, ("1", "4", "5"), HUNGRY, 0), 5,
     N_("A legal pit is one of board.legal_moves(): when the opponent's camp is empty, it must "
        "feed it.")),
    ("(lambda human, board: [human.choose_move(board), board.play(2), human.choose_move(board)])"
     "(HumanPlayer(ask=Script(['2', '3'])), Board())", _human_asked_again, (), [2, None, 3], ANEW),
)
#: seeded random players: the moves they draw
RANDOM_MOVES: Rows = (
    (N_("player = RandomPlayer(random.Random(7)): 10 moves on Board()"), _random_moves, (7,),
     [2, 1, 3, 5, 0, 0, 4, 0, 2, 4], N_("Draw with self.rng.randrange(6), not with the random module's functions.")),
    (N_("player = RandomPlayer(random.Random(8)): 10 moves on Board(figure 1, 0)"), _random_moves, (8, FIGURE_1, 0),
     [1, 2, 3, 1, 1, 5, 0, 0, 1, 1],
     N_("Draw self.rng.randrange(6) again while the pit drawn is not legal (pit 4 is empty).")),
    (N_("RandomPlayer(random.Random(1)) on Board(hungry, 0): only pit 5 feeds"), _random_choices, (1, HUNGRY, 0),
     {5}),
    (N_("rng = random.Random(3); RandomPlayer(rng).choose_move(Board(hungry, 0)), then rng.random()"),
     _random_then_rng, (3, HUNGRY, 0), (5, _rng_after_drawing(3, (5,))),
     N_("Draw with self.rng.randrange(6) until the pit is legal, even when only one pit is: "
        "the draws are what a replay repeats.")),
    ("issubclass(HumanPlayer, Player) and issubclass(RandomPlayer, Player)", _are_players, (), True,
     N_("Both are subclasses of Player: class RandomPlayer(Player).")),
)


def check_players(HumanPlayer: type[Any], RandomPlayer: type[Any], Board: Callable[..., Any]) -> CheckResult:
    """Check ``HumanPlayer`` and ``RandomPlayer`` (abapa.players)."""
    names = {"HumanPlayer": HumanPlayer, "RandomPlayer": RandomPlayer, "Board": Board}
    return check(
        "abapa.players",
        [
            *_said(HUMAN_MOVES, names),
            *_said(RANDOM_MOVES, names),
            *generated("abapa.players", {"RandomPlayer": RandomPlayer, "Board": Board, "random": random},
                       hint=_("Draw self.rng.randrange(6) again and again until the pit drawn is legal.")),
        ],
        rng=True,
    )


# ----------------------------------------------------------------------------- the Game class


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


class _CountedTurns:
    """A game's ``play_turn``, counting its calls."""

    def __init__(self, play_turn: Callable[[], Any]) -> None:
        self.play_turn = play_turn
        self.played: list[int] = []

    def __call__(self) -> Any:
        self.played.append(1)
        return self.play_turn()


#: what run() prints for the board of a short game, before and after its only move
_SHORT_GAME_TEXTS = (
    "      0   0   0   1   1   1\n24     0   0   0   0   0   1     20",
    "      0   0   0   0   0   0\n27     0   0   0   0   0   0     21",
)
#: a board where player 0 plays pit 5 and player 1 cannot feed
_SHORT_GAME = (0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24)


def _numbers(line: str) -> Counter[int]:
    """The numbers a line shows, each as often as it shows it."""
    return Counter(int(n) for n in re.findall(r"\d+", line))


def _shows_the_numbers(got: Any, expected: list[str]) -> bool:
    """As many lines as expected, each showing every number of its expected line (any
    words, any order)."""
    return (isinstance(got, list) and len(got) == len(expected)
            and all(isinstance(line, str) and _numbers(wanted) <= _numbers(line)
                    for line, wanted in zip(got, expected)))


def _new_game_position(names: dict[str, Any]) -> tuple[list[int], int]:
    """The cells and player of a new ``Game(p0, p1)``'s board."""
    return _position(names["Game"](_Scripted([]), _Scripted([])).board)


def _game_position_on(names: dict[str, Any], cells: Sequence[int], player: int) -> tuple[list[int], int]:
    """The cells and player of the board of ``Game(p0, p1, Board(cells, player))``."""
    return _position(names["Game"](_Scripted([]), _Scripted([]), names["Board"](list(cells), player)).board)


def _new_game_over(names: dict[str, Any]) -> Any:
    """``Game(p0, p1).is_over()``."""
    return names["Game"](_Scripted([]), _Scripted([])).is_over()


def _new_game_after_a_turn(names: dict[str, Any]) -> Any:
    """The cells of a new Game after another one played a turn."""
    Game = names["Game"]
    Game(_Scripted([4], "player 0"), _Scripted([], "player 1")).play_turn()
    return Game(_Scripted([]), _Scripted([])).board.cells


def _two_turns(names: dict[str, Any]) -> tuple[Any, ...]:
    """Two play_turn() of a new Game: the pits, the position, and the boards each player was shown."""
    first, second = _Scripted([4], "player 0"), _Scripted([3], "player 1")
    game = names["Game"](first, second)
    pits = (game.play_turn(), game.play_turn())
    return (pits, game.board.cells, game.board.player, first.seen, second.seen)


def _first_turn_of_player_1(names: dict[str, Any]) -> tuple[Any, ...]:
    """A play_turn() on figure 1, player 1 to move: the pit, the position, the boards player 1 was shown."""
    first, second = _Scripted([], "player 0"), _Scripted([3], "player 1")
    game = names["Game"](first, second, names["Board"](list(FIGURE_1), 1))
    return (game.play_turn(), game.board.cells, game.board.player, second.seen)


def _cheated_turn(names: dict[str, Any]) -> tuple[Any, ...]:
    """The position after a play_turn() whose player played on the board it was shown."""
    game = names["Game"](_Cheater(4), _Scripted([], "player 1"))
    game.play_turn()
    return (game.board.cells, game.board.player)


def _short_game(names: dict[str, Any], cheats: bool, pit: int) -> Any:
    """run() on the short game, player 0 playing ``pit`` (after a move on the board it is shown, if it ``cheats``)."""
    player0 = _Cheater(pit) if cheats else _Scripted([pit], "player 0")
    board = names["Board"](list(_SHORT_GAME), 0)
    game = names["Game"](player0, _Scripted([], "player 1"), board)
    try:
        return (game.run(), game.board.cells, game.is_over())
    except ValueError as error:
        if cheats:
            return "ValueError: " + _(
                "{error}: the move the player made on the board it was shown "
                "counted, so its answer came too late"
            ).format(error=error)
        raise


def _turns_of_run(names: dict[str, Any]) -> tuple[int, int]:
    """The calls of play_turn() that run() made in a game of three moves, and the moves chosen."""
    first, second = _Scripted([4, 5], "player 0"), _Scripted([0], "player 1")
    game = names["Game"](first, second, names["Board"]([0, 0, 0, 0, 1, 1, 22, 1, 0, 0, 0, 0, 0, 23], 0))
    counted = _CountedTurns(game.play_turn)
    game.play_turn = counted
    with contextlib.redirect_stdout(io.StringIO()):
        game.run()
    return (len(counted.played), len(first.seen) + len(second.seen))


def _shown_by_run(names: dict[str, Any]) -> tuple[bool, bool, bool]:
    """Whether run() on the short game printed the board before the move, after it, in that order."""
    board = names["Board"](list(_SHORT_GAME), 0)
    game = names["Game"](_Scripted([5], "player 0"), _Scripted([], "player 1"), board)
    first, last = _SHORT_GAME_TEXTS
    with contextlib.redirect_stdout(io.StringIO()) as out:
        game.run()
    text = out.getvalue()
    return (first in text, last in text, first in text and last in text and text.index(first) < text.index(last))


def _last_lines(names: dict[str, Any]) -> list[str]:
    """The last line run() prints on two boards where player 0 plays pit 5: 1 wins, 0 wins."""
    shown = []
    for cells in ([0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], [0, 0, 0, 0, 0, 2, 22, 1, 2, 3, 4, 1, 1, 12]):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            names["Game"](_Scripted([5], "player 0"), _Scripted([], "player 1"), names["Board"](cells, 0)).run()
        lines = [line for line in out.getvalue().splitlines() if line.strip()]
        shown.append(lines[-1] if lines else "")
    return shown


def _drawn_game(names: dict[str, Any], cells: Sequence[int]) -> Any:
    """What run() returns on ``Board(cells, 0)``, where player 0 plays pit 5."""
    return names["Game"](_Scripted([5], "player 0"), _Scripted([], "player 1"), names["Board"](list(cells), 0)).run()


#: a new game and its turns
NEW_GAMES: Rows = (
    ("Game(p0, p1).board.cells, .player", _new_game_position, (), (list(START), 0)),
    ("Game(p0, p1, Board(figure 1, 1)).board.cells, .player", _game_position_on, (FIGURE_1, 1), (list(FIGURE_1), 1)),
    ("Game(p0, p1).is_over()", _new_game_over, (), False),
    (N_("after a turn of one Game(p0, p1), a new Game(p0, p1).board.cells"), _answered, (_new_game_after_a_turn,),
     list(START), N_("Make a new Board() in __init__: a default argument board=Board() is made "
                     "once, and every game would share it.")),
    (N_("two play_turn(): player 0 chooses pit 4, then player 1 pit 3"), _answered, (_two_turns,),
     ((4, 3), [5, 4, 4, 4, 0, 5, 1, 5, 5, 4, 0, 5, 5, 1], 0, [(list(START), 0)], [(list(FIGURE_1), 1)]),
     N_("Ask players[board.player], and return the pit it chose.")),
    (N_("Game(p0, p1, Board(figure 1, 1)).play_turn(): player 1 is to move, p1 chooses pit 3"), _answered,
     (_first_turn_of_player_1,), (3, [5, 4, 4, 4, 0, 5, 1, 5, 5, 4, 0, 5, 5, 1], 0, [(list(FIGURE_1), 1)]),
     N_("The board says who is to move: ask players[self.board.player], not a turn counter "
        "of your own.")),
    (N_("play_turn() with a player that plays on the board it is shown, then answers 4"), _answered,
     (_cheated_turn,), (list(FIGURE_1), 1), N_("Give the player a copy: choose_move(self.board.copy()).")),
)
#: whole games played by run()
RUNS: Rows = (
    (N_("run() on a board where player 0 plays pit 5 and player 1 cannot feed"), _answered, (_short_game, False, 5),
     (1, [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27], True), N_("run() returns the board's winner.")),
    (N_("run() there, with a player 0 that plays on the board it is shown, then answers 5"), _answered,
     (_short_game, True, 5), (1, [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27], True),
     N_("run() plays each turn with play_turn(), which shows the player a copy.")),
    (N_("the calls of play_turn() that run() makes in a game of three moves, and the moves chosen"), _answered,
     (_turns_of_run,), (3, 3), N_("run() plays each turn by calling self.play_turn(), not by a copy of its code.")),
    (N_("what run() prints there: the board before the move, then after it"), _answered, (_shown_by_run,),
     (True, True, True), N_("run() calls show_board() first, then again after each turn: print(self.board).")),
)
DRAWN_GAMES: Rows = (
    (N_("run() on Board([...], 0) where it ends 24 to 24: a draw"), _answered,
     (_drawn_game, (0, 0, 0, 0, 0, 1, 23, 0, 2, 0, 0, 0, 0, 22)), None),
)


def _winner_lines() -> list[str]:
    """The last lines run() should print on the two boards of :func:`_last_lines`, in the current language."""
    return [_("Player {winner} wins, {score0} to {score1}").format(winner=winner, score0=score0, score1=score1)
            for winner, score0, score1 in ((1, 21, 27), (0, 25, 12))]


def check_game(Game: Callable[..., Any], Board: Callable[..., Any]) -> CheckResult:
    """Check the ``Game`` class (abapa.game)."""
    names = {"Game": Game, "Board": Board}
    last_lines = (
        (N_("the last line run() prints on two boards where player 0 plays pit 5: who wins, and the scores"),
         _answered, (_last_lines,), _winner_lines(),
         N_("run() ends with show_winner(): one line with the winner (0 or 1) and both "
            "scores, or that it is a draw.")),
    )
    return check(
        "abapa.game",
        [
            _has_play(Board),
            *_said(NEW_GAMES, names),
            *_said(RUNS, names),
            *_said(last_lines, names, compare=_shows_the_numbers),
            *_said(DRAWN_GAMES, names),
        ],
        rng=True,
    )


# ----------------------------------------------------------------------------- the greedy player


def _greedy_leaves_the_board(names: dict[str, Any]) -> tuple[list[int], int]:
    """The position of ``Board(figure 1, 1)`` after a GreedyPlayer chose its move on it."""
    board = names["Board"](list(FIGURE_1), 1)
    names["GreedyPlayer"]().choose_move(board)
    return _position(board)


def _greedy_asked_again(names: dict[str, Any]) -> list[Any]:
    """A GreedyPlayer's moves on ``Board()``, then once pit 4 is played."""
    greedy, board = names["GreedyPlayer"](), names["Board"]()
    return [greedy.choose_move(board), board.play(4), greedy.choose_move(board)]


#: positions and the pit a greedy player chooses on them
GREEDY_MOVES: Rows = (
    ("GreedyPlayer().choose_move(Board([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 0))", 2,
     N_("Pits 2 to 5 all put one seed in your kalah; on a tie, the lowest pit.")),
    ("GreedyPlayer().choose_move(Board([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0], 1))", 1,
     N_("On a tie, the lowest pit.")),
    ("GreedyPlayer().choose_move(Board([4, 4, 4, 0, 4, 0, 8, 1, 2, 1, 2, 5, 4, 9], 0))", 4,
     N_("Pit 4 captures 5 seeds: the biggest lead.")),
    ("GreedyPlayer().choose_move(Board([13, 0, 0, 3, 0, 0, 5, 4, 4, 4, 4, 4, 4, 3], 0))", 3,
     N_("The lead is your kalah minus your opponent's: a seed in their kalah counts too.")),
    ("GreedyPlayer().choose_move(Board([1, 2, 1, 4, 4, 4, 10, 0, 0, 4, 0, 4, 0, 14], 1))", 4),
    ("GreedyPlayer().choose_move(Board([0, 0, 0, 2, 2, 2, 24, 2, 1, 3, 0, 0, 1, 11], 0))", 5,
     N_("Pits 4 and 5 both win the game; pit 5 leads by more.")),
    ("GreedyPlayer().choose_move(Board([0, 0, 0, 0, 0, 0, 0, 2, 2, 19, 21, 1, 2, 1], 1))", 3,
     N_("Pit 2 captures, but pit 3 leads by more: compare every legal pit, not only the first "
        "one that captures.")),
)
GREEDY_KEEPS: Rows = (
    (N_("GreedyPlayer().choose_move(board) leaves board unchanged"), _greedy_leaves_the_board, (),
     (list(FIGURE_1), 1), N_("Try each pit on board.copy(), never on the board itself.")),
    ("(lambda greedy, board: [greedy.choose_move(board), board.play(4), greedy.choose_move(board)])"
     "(GreedyPlayer(), Board())", _greedy_asked_again, (), [2, None, 1], ANEW),
)


def check_greedy(GreedyPlayer: Callable[..., Any], Board: Callable[..., Any]) -> CheckResult:
    """Check ``GreedyPlayer`` (abapa.greedy)."""
    names = {"GreedyPlayer": GreedyPlayer, "Board": Board}
    return check(
        "abapa.greedy",
        [
            _has_play(Board),
            *_table(GREEDY_MOVES, names),
            *_said(GREEDY_KEEPS, names),
            *generated("abapa.greedy", names,
                       hint=_("Try every legal pit on a copy and keep the biggest lead (your kalah minus "
                              "the other's); on a tie, the lowest pit.")),
        ],
    )
