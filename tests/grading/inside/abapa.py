"""What the hidden tests of worksheet 3, Abapa, run inside the notebook's process: seeded
players that record every call they get, and whole games played with the notebook's classes.

Shipped by course.grading.notebook.shipped, which gives this module ``snapshot`` (a value as it
would cross to the grader at that moment) and ``caught`` (an exception as data). Every
function returns plain data; the grader compares it with the reference's.
"""

import random


class Recorder:
    """Plays ``random.Random(seed).choice(board.legal_moves())`` and writes every call it gets
    into ``log``: who was asked, the board's cells, its player to move and its legal moves."""

    def __init__(self, name, seed, log):
        self.name, self.rng, self.log = name, random.Random(seed), log

    def choose_move(self, board):
        cells, player, legal = snapshot(board.cells), snapshot(board.player), snapshot(list(board.legal_moves()))
        self.log.append((self.name, cells, player, legal))
        return self.rng.choice(legal) if legal else 0


def whole_game(Game, Board, cells, player, seeds):
    """``Game(p0, p1, Board(cells, player)).run()`` between two recorders: the calls they got,
    and ("value", (what run returned, the board's cells and player, is_over())) or ("raised",
    the exception) at the end."""
    log = []
    p0, p1 = Recorder("p0", seeds[0], log), Recorder("p1", seeds[1], log)
    try:
        game = Game(p0, p1, Board(list(cells), player))
        end = ("value", snapshot((game.run(), game.board.cells, game.board.player, game.is_over())))
    except Exception as error:  # the notebook's exception is how its game ended
        end = ("raised", caught(error))
    return log, end


def greedy_game(Board, GreedyPlayer, cells, player, seed):
    """Every position a greedy player (player 0) is asked about in a game against
    ``random.Random(seed).choice(board.legal_moves())``, from ``Board(cells, player)``."""
    board, rng, greedy, asked = Board(list(cells), player), random.Random(seed), GreedyPlayer(), []
    while board.is_over() is False:
        if board.player == 0:
            asked.append({"cells": snapshot(board.cells), "player": 0})
            board.play(greedy.choose_move(board.copy()))
        else:
            board.play(rng.choice(list(board.legal_moves())))
    return asked



# --- loops of calls whose values the grader replays (course.grading.notebook.shipped.Replay) ---------
#
# Each loop makes the calls the hidden test made one by one before, in the same order, and
# tapes each value the test read; it stops where the test's assertions would stop it at the
# latest (the grader replays them on the values).


def rules_game(tape, Board, pits):
    """The rules' seeded game from ``Board()``, playing ``pits``: the board; at each pit, its
    legal moves, the play, its cells twice and its player; at the end its legal moves,
    is_over() and winner()."""
    board = tape(Board())
    for pit in pits:
        tape(list(board.legal_moves()))
        tape(board.play(pit))
        tape(board.cells), tape(board.cells), tape(board.player)
    tape(list(board.legal_moves()))
    tape(board.is_over()), tape(board.winner())


def _progress(cells):
    pits = sum((c % 7) * cells[c] for c in list(range(6)) + list(range(7, 13)))
    return (cells[6] + cells[13], pits)


def random_walk(tape, Board, cells, seed):
    """A game from ``Board(cells, 0)``, each move ``random.Random(seed).choice(board.legal_moves())``:
    the board; at each move is_over(), the cells, the player, the legal moves, the play and
    the cells after it; at the end is_over(). It stops when a position comes back or the
    game does not progress (where the test fails)."""
    rng, board, seen = random.Random(seed), tape(Board(list(cells), 0)), set()
    while tape(board.is_over()) is False:
        before, player = tape(board.cells), tape(board.player)
        key = (tuple(before), player)
        if key in seen:
            return
        seen.add(key)
        tape(board.play(rng.choice(tape(list(board.legal_moves())))))
        if not _progress(tape(board.cells)) > _progress(before):
            return


def random_moves(tape, RandomPlayer, Board, rng, boards, count, fresh):
    """``RandomPlayer(rng)``, then for each board (cells and player to move, or None for
    ``Board()``) ``count`` of its moves on that board (``fresh``: on a new board each time):
    the player, each board, each move."""

    def made(position):
        return tape(Board() if position is None else Board(list(position[0]), position[1]))

    player = tape(RandomPlayer(rng))
    for position in boards:
        board = None if fresh else made(position)
        for _ in range(count):
            tape(player.choose_move(made(position) if fresh else board))
