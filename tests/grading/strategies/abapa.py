"""Strategies of worksheet 3, Abapa: positions, sowings, captures, moves, typed answers, games.

A *position* is the 14 cells (seed counts in sowing order: player 0's pits 0..5, kalah 6,
player 1's pits 7..12, kalah 13) and the player to move. The rules
(/work/shared/rules/abapa.md) allow any distribution of the 48 seeds, so the positions
here are not only those seeded games reach: one camp empty (a hungry opponent who must be
fed, or cannot be), captures of 2 and 3 seeds in chains and grand slams (opponent camps of
few seeds), kalahs at 24 and 25 (the end, a 24-24 draw), pits of 13, 14 and 27 seeds (a
full lap, two laps). The pits' counts come by kind (few, some, many, laps), and the
remaining seeds go into one drawn pit, so that many positions have a long sowing.

:func:`rules_legal` and :func:`rules_play` are the rules written once for the test side:
they turn positions into legal moves and sequences of moves, and replay games.
"""

from __future__ import annotations

import random

from course.grading.grader.drawing import st
from course.grading.instructor.cases import Sample

SEEDS = 48
START = (4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0)
FIGURE_1 = (4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0)


# --- the rules, for the test side -------------------------------------------------------


def camp(player: int) -> range:
    """The cells of ``player``'s six pits."""
    return range(7 * player, 7 * player + 6)


def mirrored(position: tuple[list[int], int]) -> tuple[list[int], int]:
    """The same position seen from the other side: the camps and kalahs swapped, the other
    player to move (the same game, played by the other seat)."""
    cells, player = position
    return (list(cells[7:]) + list(cells[:7]), 1 - player)


def rules_over(cells: tuple[int, ...] | list[int], player: int) -> bool:
    """True when the game has ended with ``player`` to move."""
    return not rules_legal(cells, player)


def rules_legal(cells: tuple[int, ...] | list[int], player: int) -> list[int]:
    """The pits (0..5) ``player`` may play: none once a kalah holds 25; the pits that
    feed an opponent whose camp is empty."""
    if max(cells[6], cells[13]) >= 25:
        return []
    pits = [i for i in range(6) if cells[7 * player + i]]
    if not any(cells[c] for c in camp(1 - player)):
        pits = [i for i in pits if cells[7 * player + i] >= 7 - i]
    return pits


def rules_play(cells: tuple[int, ...] | list[int], player: int, pit: int) -> list[int]:
    """The cells after ``player`` plays the legal ``pit``: sow, capture (no grand slam), and
    the remaining seeds to the next player when they cannot play and nobody has 25."""
    cells = list(cells)
    start = 7 * player + pit
    seeds, cells[start] = cells[start], 0
    position = start
    for _ in range(seeds):
        position = (position + 1) % 14
        if position == start:
            position = (position + 1) % 14
        cells[position] += 1
    chain = []
    while position in camp(1 - player) and cells[position] in (2, 3):
        chain.append(position)
        position -= 1
    if chain and sum(cells[c] for c in camp(1 - player)) > sum(cells[c] for c in chain):
        for c in chain:
            cells[7 * player + 6] += cells[c]
            cells[c] = 0
    if max(cells[6], cells[13]) < 25 and not rules_legal(cells, 1 - player):
        for c in [*camp(0), *camp(1)]:
            cells[7 * (1 - player) + 6] += cells[c]
            cells[c] = 0
    return cells


# --- positions --------------------------------------------------------------------------

#: how many seeds a kalah holds: anything, or near the end (24, 25: draws and wins)
kalah_counts = st.one_of(st.integers(0, 12), st.integers(0, 48), st.integers(18, 26), st.sampled_from([0, 24, 25]))
#: the pits' counts, by kind: few (captures of 2 and 3, hungry camps), some, many (laps)
PIT_COUNTS = {"few": (0, 3), "some": (0, 6), "many": (0, 15), "laps": (12, 30)}


def spread(seeds: int, pits: list[int], kind: str, seed: int) -> dict[int, int]:
    """``seeds`` spread over the cells ``pits`` in an order and with counts of ``kind``
    drawn by ``random.Random(seed)``; what is left goes into one of them."""
    rng, low_high = random.Random(seed), PIT_COUNTS[kind]
    counts = dict.fromkeys(pits, 0)
    for c in rng.sample(pits, len(pits)):
        counts[c] = min(rng.randint(*low_high) if kind != "laps" or rng.random() < 0.3 else rng.randint(0, 3), seeds)
        seeds -= counts[c]
    counts[rng.choice(pits)] += seeds
    return counts


@st.composite
def cells(draw: st.DrawFn, empty_camp: int | None = -1) -> list[int]:
    """Any 14 cells holding 48 seeds.

    ``empty_camp`` is the player whose camp is empty (``None`` for neither, ``-1`` to
    draw it: neither, most of the time). The kalahs are drawn first, then the rest is
    spread over the pits (:func:`spread`), and what is left goes into one drawn pit.
    """
    if empty_camp == -1:
        empty_camp = draw(st.sampled_from([None, None, None, 0, 1]))
    first = draw(st.sampled_from([6, 13]))
    kalahs = {first: min(draw(kalah_counts), SEEDS)}
    kalahs[19 - first] = min(draw(kalah_counts), SEEDS - kalahs[first])
    pits = [c for c in range(14) if c not in (6, 13) and (empty_camp is None or c not in camp(empty_camp))]
    counts = spread(SEEDS - kalahs[6] - kalahs[13], pits, draw(st.sampled_from(list(PIT_COUNTS))),
                    draw(st.integers(0, 2**32 - 1)))
    return [kalahs.get(c, counts.get(c, 0)) for c in range(14)]


@st.composite
def endgames(draw: st.DrawFn) -> list[int]:
    """Cells near the end: 1 to 14 seeds left in the pits, the kalahs around 24 (wins at
    25, a 24-24 draw, captures and sowings that reach 25, a last move that leaves the
    other player nothing to feed with)."""
    left = draw(st.integers(1, 14))
    low = max(0, SEEDS - left - 24)  # both kalahs at 24 or less, mostly: the game goes on
    result = [0] * 14
    result[6] = draw(st.one_of(st.integers(low, min(24, SEEDS - left)), st.sampled_from([24, 23, 25, 26])))
    result[6] = max(0, min(result[6], SEEDS - left))
    result[13] = SEEDS - left - result[6]
    pits = [*camp(0), *camp(1)]
    for c, seeds in spread(left, pits, draw(st.sampled_from(["few", "some"])), draw(st.integers(0, 2**32 - 1))).items():
        result[c] = seeds
    return result


@st.composite
def races(draw: st.DrawFn) -> tuple[list[int], int]:
    """Positions where the mover can capture and win: their kalah at 17 to 24, the
    opponent's pits holding 0 to 3 seeds (chains of 2s and 3s after a sowing), the mover's
    pits enough to reach them from several pits, so that several moves capture or win
    with different leads."""
    player = draw(players)
    result = [0] * 14
    result[7 * player + 6] = draw(st.integers(17, 24))
    for c in camp(1 - player):
        result[c] = draw(st.sampled_from([1, 2, 1, 0, 2, 3]))
    rest = SEEDS - sum(result)
    mine = spread(min(rest, draw(st.integers(6, 20))), list(camp(player)), draw(st.sampled_from(["some", "many"])),
                  draw(st.integers(0, 2**32 - 1)))
    for c, seeds in mine.items():
        result[c] = seeds
    result[7 * (1 - player) + 6] = SEEDS - sum(result)
    return to_move((result, player))


players = st.integers(0, 1)

#: any position a Board accepts: 14 whole numbers, 0 or more, adding up to 48; player 0 or 1
positions = st.one_of(
    st.tuples(cells(), players),
    st.tuples(cells(empty_camp=0), players),
    st.tuples(cells(empty_camp=1), players),
    st.tuples(endgames(), players),
)

#: positions near the end (see :func:`endgames`)
ends = st.tuples(endgames(), players)

def to_move(position: tuple[list[int], int]) -> tuple[list[int], int]:
    """``position`` if its player to move has a legal pit, else the same cells with the
    other player to move if they have one, else the start position."""
    cells, player = position
    for mover in (player, 1 - player):
        if rules_legal(cells, mover):
            return (cells, mover)
    return (list(START), 0)


#: positions where the player to move has a legal pit (made so, not filtered: a filter
#: rejects examples, and long runs of Hypothesis draw differently in other processes)
playable = positions.map(to_move)

#: positions near the end where the player to move has a legal pit (or the start)
playable_ends = ends.map(to_move)

#: positions of every kind, near the end one time in two
any_positions = st.one_of(positions, ends)
any_playable = any_positions.map(to_move)


def halves(drawn: tuple[list[int], int, int]) -> list[int | float]:
    """The cells with half a seed moved from a non-empty cell to another one: 48 seeds
    still, two of the counts no whole number (``2.5`` and ``4.5``, say)."""
    cells, giver, step = drawn
    full = [i for i, n in enumerate(cells) if n]
    giver = full[giver % len(full)]
    taker = (giver + step) % 14
    return [n - 0.5 if i == giver else n + 0.5 if i == taker else n for i, n in enumerate(cells)]


#: what Board(cells, player) refuses with ValueError: a wrong length, a negative count, a wrong
#: total, a wrong player, counts that are no whole number (``4.0``, every cell a float, ``2.5``)
bad_positions = st.one_of(
    st.tuples(cells().map(lambda c: c[:-1]), players),
    st.tuples(cells().map(lambda c: c + [0]), players),
    st.tuples(st.tuples(cells(), st.integers(0, 12), st.integers(1, 5)).map(
        lambda t: [n - t[2] if i == t[1] else n for i, n in enumerate(t[0])]), players),
    st.tuples(st.tuples(cells(), st.integers(0, 13), st.integers(1, 9)).map(
        lambda t: [n + t[2] if i == t[1] else n for i, n in enumerate(t[0])]), players),
    st.tuples(cells(), st.sampled_from([-1, 2, 7])),
    st.tuples(st.tuples(cells(), st.integers(0, 13)).map(
        lambda t: [float(n) if i == t[1] else n for i, n in enumerate(t[0])]), players),
    st.tuples(cells().map(lambda c: [float(n) for n in c]), players),
    st.tuples(st.tuples(cells(), st.integers(0, 13), st.integers(1, 13)).map(halves), players),
)


#: cells that are no number at all (the text: "such as "4" or None, may raise TypeError
#: instead"): one cell's count as a text, or None
no_numbers = st.tuples(st.tuples(cells(), st.integers(0, 13), st.booleans()).map(
    lambda t: [(str(n) if t[2] else None) if i == t[1] else n for i, n in enumerate(t[0])]), players)


@st.composite
def moves(draw: st.DrawFn, legal_only: bool = False) -> tuple[list[int], int, int]:
    """A position (near the end a third of the time) and a pit of the mover: mostly
    legal, else any of -1..6 (refused)."""
    position, player = draw(any_playable if legal_only else any_positions)
    legal = rules_legal(position, player)
    if legal and (legal_only or draw(st.integers(0, 3))):
        return (position, player, draw(st.sampled_from(legal)))
    return (position, player, draw(st.sampled_from([pit for pit in range(-1, 7) if pit not in legal])))


#: a whole number that is no pit (0 to 5): next to the camp, or far beyond both ends of the
#: 14 cells (a pit used as a cell index there fails another way than with ValueError)
far_pits = st.one_of(st.sampled_from([-1, 6, 7, 13, 14]), st.integers(-60, -2), st.integers(8, 60))

#: any position (the end too) and a whole number that is no pit
far_moves = st.tuples(any_positions, far_pits).map(lambda t: (*t[0], t[1]))


@st.composite
def plays(draw: st.DrawFn, most: int = 6) -> tuple[list[int], int, list[int]]:
    """A position and a few legal pits played one after the other (whatever the rules allow)."""
    position, player = draw(any_playable)
    pits, now, mover = [], list(position), player
    for _ in range(draw(st.integers(1, most))):
        legal = rules_legal(now, mover)
        if not legal:
            break
        pit = draw(st.sampled_from(legal))
        pits.append(pit)
        now, mover = rules_play(now, mover, pit), 1 - mover
    return (position, player, pits)


@st.composite
def sowings(draw: st.DrawFn) -> tuple[list[int], int]:
    """Cells and a non-empty pit cell to sow from, with 1 to 48 seeds: often 12 to 15 and
    26 to 28 (a lap, two laps, and the counts just short of them)."""
    start = draw(st.sampled_from([*camp(0), *camp(1)]))
    seeds = draw(st.one_of(st.integers(1, 6), st.integers(12, 15), st.integers(25, 28), st.integers(1, SEEDS)))
    others = draw(cells(empty_camp=None))
    # the other cells keep their counts while seeds are left, kalahs included
    order = [c for c in range(14) if c != start]
    result = [0] * 14
    result[start] = seeds
    rest = SEEDS - seeds
    for c in order:
        result[c] = min(others[c], rest)
        rest -= result[c]
    result[draw(st.sampled_from(order))] += rest
    return (result, start)


@st.composite
def chains(draw: st.DrawFn) -> tuple[list[int], int, int]:
    """Cells where ``player``'s last seed fell in an opponent pit that ends a chain of 1 to 6
    pits of 2 or 3 seeds, the pit before the chain holding 0, 1, 4 or 5 (or the chain
    starting at the camp's first pit); the rest of the opponent's camp empty half of the
    time (a grand slam), else holding a few seeds."""
    player = draw(players)
    first = 7 * (1 - player)
    last = first + draw(st.integers(0, 5))
    length = draw(st.integers(1, last - first + 1))
    result = [0] * 14
    for c in range(last - length + 1, last + 1):
        result[c] = draw(st.sampled_from([2, 3]))
    if last - length >= first:
        result[last - length] = draw(st.sampled_from([0, 1, 4, 5]))
    if draw(st.booleans()):
        for c in camp(1 - player):
            if not last - length <= c <= last:
                result[c] = draw(st.integers(0, 3))
    rest = SEEDS - sum(result)
    result[6] = min(draw(kalah_counts), rest)
    result[13] = min(draw(kalah_counts), rest - result[6])
    mine = spread(rest - result[6] - result[13], list(camp(player)), draw(st.sampled_from(list(PIT_COUNTS))),
                  draw(st.integers(0, 2**32 - 1)))
    for c, seeds in mine.items():
        result[c] = seeds
    return (result, last, player)


@st.composite
def sown(draw: st.DrawFn) -> tuple[list[int], int, int]:
    """The cells right after a legal sowing of a drawn position, its last cell and the mover."""
    position, player = draw(playable)
    pit = draw(st.sampled_from(rules_legal(position, player)))
    after = list(position)
    start = 7 * player + pit
    seeds, after[start] = after[start], 0
    last = start
    for _ in range(seeds):
        last = (last + 1) % 14
        if last == start:
            last = (last + 1) % 14
        after[last] += 1
    return (after, last, player)


@st.composite
def in_a_kalah(draw: st.DrawFn) -> tuple[list[int], int, int]:
    """Cells where the last seed fell in a kalah (either) holding 2 or 3 seeds, after pits
    of 2 and 3 seeds: no capture."""
    position, player = draw(positions)
    last = draw(st.sampled_from([6, 13]))
    result = list(position)
    for c in range(last - draw(st.integers(0, 3)), last + 1):
        result[c] = draw(st.sampled_from([2, 3]))
    extra = sum(result) - SEEDS
    for c in sorted(range(14), key=lambda c: -result[c]):  # keep 48 seeds: take from the largest cells
        if not last - 3 <= c <= last:
            taken = min(extra, result[c]) if extra > 0 else extra
            result[c] -= taken
            extra -= taken
    return (result, last, player)


#: cells, the cell of the last seed and the player who sowed: chains and grand slams, real
#: sowings, a last seed in a kalah, and any cell 0..13 of any position (the mover's own camp)
captures = st.one_of(
    chains(),
    sown(),
    in_a_kalah(),
    st.tuples(positions, st.integers(0, 13)).map(lambda t: (t[0][0], t[1], t[0][1])),
)


# --- players ----------------------------------------------------------------------------

#: what a person types that is no pit: words in any case, numbers out of 0..5, nothing
junk = st.one_of(
    st.sampled_from(["", " ", "pit", "four", "Four", "FOUR", "x", "-1", "6", "7", "13", "2.0", "1 2", "q"]),
    st.sampled_from([str(n) for n in range(-3, 21) if not 0 <= n <= 5]),
)
#: spaces a person types around an answer
padding = st.sampled_from(["", "", " ", "  ", "\t", " \t"])


@st.composite
def keyboards(draw: st.DrawFn) -> tuple[list[int], int, list[str]]:
    """A playable position and what a person types: answers that are no legal pit (junk,
    empty or non-feeding pits), then a legal pit with spaces around it, then more answers
    that must not be read."""
    position, player = draw(playable)
    legal = rules_legal(position, player)
    illegal = [str(pit) for pit in range(6) if pit not in legal]
    wrong = st.one_of(junk, st.sampled_from(illegal)) if illegal else junk
    typed = draw(st.lists(wrong, max_size=4))
    pit = draw(st.sampled_from(legal))
    typed.append(draw(padding) + str(pit) + draw(padding))
    typed += draw(st.lists(st.one_of(junk, st.sampled_from([str(p) for p in range(6)])), min_size=1, max_size=2))
    return (position, player, typed)


#: a playable position and a seed for a random.Random
seeded_positions = st.tuples(playable, st.integers(0, 99))

#: a start for a whole game: the start position, or any playable position, and two seeds
games = st.tuples(
    st.one_of(st.just((list(START), 0)), any_playable),
    st.integers(0, 2**16),
    st.integers(0, 2**16),
)


# --- the checks' generated examples (course cases) ----------------------------------------


def named(strategy: st.SearchStrategy, *names: str) -> st.SearchStrategy:
    """The examples of ``strategy`` (tuples) as dicts binding ``names``: one call's names."""
    return strategy.map(lambda example: dict(zip(names, example)))


SAMPLES = [
    Sample("abapa.display", "board_text(cells)", named(positions, "cells", "player"), count=6),
    Sample("abapa.sowing", "sow(cells, start)", named(sowings(), "cells", "start"), count=10),
    Sample("abapa.capture", "capture(cells, last, player)", named(captures, "cells", "last", "player"), count=10),
    Sample("abapa.feeding", "legal_pits(cells, player)", named(any_positions, "cells", "player"), count=8),
    Sample("abapa.feeding", "feeds(cells, player, pit)",
           named(st.tuples(positions, st.integers(0, 5)).map(lambda t: (*t[0], t[1])), "cells", "player", "pit"),
           count=6),
    Sample("abapa.end", "game_over(cells, player)", named(any_positions, "cells", "player"), count=8),
    Sample("abapa.end", "take_remaining(cells, player)", named(any_positions, "cells", "player"), count=4),
    Sample("abapa.board", "((b := Board(cells, player)).is_over(), b.winner(), b.score(0), b.score(1), "
           "list(b.legal_moves()))", named(any_positions, "cells", "player"), count=8),
    Sample("abapa.board_play",
           "((b := Board(cells, player)).play(pit), b.cells, b.player, b.is_over(), b.winner())[1:]",
           named(moves(), "cells", "player", "pit"), count=12),
    Sample("abapa.players", "RandomPlayer(random.Random(seed)).choose_move(Board(cells, player))",
           seeded_positions.map(lambda t: {"cells": t[0][0], "player": t[0][1], "seed": t[1]}), count=6),
    Sample("abapa.greedy", "GreedyPlayer().choose_move(Board(cells, player))",
           named(st.one_of(any_playable, races()), "cells", "player"), count=10),
]
