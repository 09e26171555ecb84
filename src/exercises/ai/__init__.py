"""Generic computer players for turn-based games with scores.

The players here know nothing about any particular game: they only use a *state* object
that follows this small protocol (OpenSpiel's vocabulary, in plain Python)::

    state.legal_moves()   # the moves the player to move may play (a list, or any iterable)
    state.play(move)      # plays one of them, changing the state in place
    state.copy()          # an independent copy of the state
    state.is_over()       # True when the game has ended
    state.player          # the number of the player to move: 0, 1, ...
    state.score(p)        # the score of player p (higher is better); final when is_over()

and, optionally, ``state.num_players`` (2 when absent). So a worksheet's own engine,
written by the student, plugs straight into these players: the players always call the
state's own rules and never change a state they are given (they play on copies).

Every player has one method, ``choose_move(state)``, which returns one of
``state.legal_moves()``:

* :class:`AlphaBetaPlayer` ``(depth=4)`` or ``(time_limit=1.0)``: minimax search with
  alpha-beta pruning, for two players (0 and 1), to a fixed depth or by iterative
  deepening within a time budget.
* :class:`MonteCarloPlayer` ``(playouts, rng)``: random playouts after each move, for
  2 to 4 players.

The simple players (one playing at random, a greedy one looking one move ahead) are
exercises of the worksheets, so this package has none: a league plays the students' own
players against these searches.

Evaluation: a player's *margin* is its score minus the best score among its opponents.
Alpha-beta maximises the margin; a finished game adds :data:`WIN_BONUS` to the margin of
a winner (and subtracts it for a loser), so a won game beats any lead. Monte Carlo
averages the final margin of its playouts.

Determinism: moves are considered in the order of ``sorted(state.legal_moves())`` (the
state's own order when the moves cannot be sorted). Between moves of the same value,
alpha-beta plays the *last* one in that order and Monte Carlo the first, so a player
with a fixed depth (or a seeded ``random.Random``) always plays the same move in the same
position. Only the time-budget alpha-beta depends on the machine's speed (its
``depth_reached`` tells how deep it went).

:func:`play_game` plays one game between such players, and :func:`league` plays every
pair of players against each other, both ways round, and returns their win rates.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

__all__ = [
    "GameState",
    "Player",
    "AlphaBetaPlayer",
    "MonteCarloPlayer",
    "WIN_BONUS",
    "margin",
    "evaluate",
    "play_game",
    "GameResult",
    "league",
    "LeagueTable",
]

#: Added to (or subtracted from) the margin of a finished game that was won (or lost).
WIN_BONUS = 1000


@runtime_checkable
class GameState(Protocol):
    """What the players need from a game: see the module docstring."""

    player: int

    def legal_moves(self) -> Any: ...

    def play(self, move: Any) -> Any: ...

    def copy(self) -> GameState: ...

    def is_over(self) -> bool: ...

    def score(self, player: int) -> float: ...


class Player(Protocol):
    """Anything with ``choose_move(state)``: the players here, and the students' ones."""

    def choose_move(self, state: Any) -> Any: ...


def num_players(state: Any) -> int:
    """The number of players of ``state``: its ``num_players``, else 2."""
    return int(getattr(state, "num_players", 2))


def ordered_moves(state: Any) -> list[Any]:
    """The legal moves of ``state`` in a fixed order: sorted when they can be."""
    moves = list(state.legal_moves())
    try:
        return sorted(moves)
    except TypeError:
        return moves


def margin(state: Any, player: int, players: int | None = None) -> float:
    """The score of ``player`` minus the best score among the other players."""
    count = num_players(state) if players is None else players
    best_other = max(state.score(other) for other in range(count) if other != player)
    return state.score(player) - best_other


def evaluate(state: Any, player: int, players: int | None = None) -> float:
    """The margin of ``player``, plus or minus WIN_BONUS when the game is won or lost."""
    value = margin(state, player, players)
    if state.is_over() and value != 0:
        value += WIN_BONUS if value > 0 else -WIN_BONUS
    return value


def _after(state: Any, move: Any) -> Any:
    """A copy of ``state`` with ``move`` played."""
    child = state.copy()
    child.play(move)
    return child


class _OutOfTime(Exception):
    """Stops a search whose time budget is spent."""


class AlphaBetaPlayer:
    """Minimax with alpha-beta pruning for a two-player game (players 0 and 1).

    ``AlphaBetaPlayer(depth=4)`` searches 4 moves (plies) ahead.
    ``AlphaBetaPlayer(time_limit=1.0)`` deepens one ply at a time (depth 1, 2, ...,
    at most ``max_depth``) and plays the best move of the deepest search that finished
    within ``time_limit`` seconds (or that searched the whole game); each new search
    tries the previous best move first. Between root moves of the same value, the last one
    tried wins. Below the root, moves are tried best first by a one-ply evaluation (a
    stable sort, so ties keep the moves' order).
    The player to move need not alternate: a position is a max node when the searching
    player is to move, a min node otherwise. After a move, ``depth_reached`` is the depth
    of the search that chose it and ``nodes`` the number of positions visited.
    """

    def __init__(
        self,
        depth: int | None = None,
        time_limit: float | None = None,
        max_depth: int = 64,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if depth is None and time_limit is None:
            depth = 4
        if depth is not None and depth < 1:
            raise ValueError(f"the depth must be at least 1, not {depth}")
        if time_limit is not None and time_limit <= 0:
            raise ValueError(f"the time limit must be positive, not {time_limit}")
        self.depth = depth
        self.time_limit = time_limit
        self.max_depth = depth if depth is not None else max_depth
        self.clock = clock
        self.depth_reached = 0
        self.nodes = 0
        self._deadline = math.inf
        self._cut_off = False

    def __repr__(self) -> str:
        if self.time_limit is not None:
            return f"AlphaBetaPlayer(time_limit={self.time_limit})"
        return f"AlphaBetaPlayer(depth={self.depth})"

    def choose_move(self, state: Any) -> Any:
        """The best move found by the search (see the class docstring)."""
        moves = ordered_moves(state)
        if not moves:
            raise ValueError("there is no legal move to choose from: the game is over")
        self.nodes = 0
        self.depth_reached = 0
        if self.time_limit is None:
            self._deadline = math.inf
            return self._root(state, moves, self.max_depth)
        self._deadline = self.clock() + self.time_limit
        best = moves[0]
        for depth in range(1, self.max_depth + 1):
            try:
                best = self._root(state, moves, depth)
            except _OutOfTime:
                break
            self.depth_reached = depth
            moves = [best] + [move for move in moves if move != best]
            if not self._cut_off or self.clock() >= self._deadline:
                break  # the whole game was searched, or the time is up
        return best

    def _root(self, state: Any, moves: list[Any], depth: int) -> Any:
        """The best of ``moves`` with a search ``depth`` plies deep."""
        me = state.player
        self._cut_off = False
        best_move, best = moves[0], -math.inf
        for move in moves:
            # alpha stays just below the best value, so that an equal value is exact too
            alpha = best if best == -math.inf else math.nextafter(best, -math.inf)
            value = self._value(_after(state, move), me, depth - 1, alpha, math.inf)
            if value >= best:
                best_move, best = move, value
        self.depth_reached = depth
        return best_move

    def _children(self, state: Any, me: int, depth: int) -> list[Any]:
        """The positions after each legal move; best first (for the mover) when deep enough.

        Sorting by a one-ply evaluation makes alpha-beta prune far more. The sort is
        stable, so equal positions keep the order of the moves.
        """
        children = [_after(state, move) for move in ordered_moves(state)]
        if depth >= 2:
            children.sort(key=lambda child: evaluate(child, me, 2), reverse=state.player == me)
        return children

    def _value(self, state: Any, me: int, depth: int, alpha: float, beta: float) -> float:
        """The minimax value of ``state`` for player ``me``, within (alpha, beta)."""
        self.nodes += 1
        if self.nodes % 64 == 0 and self.clock() >= self._deadline:
            raise _OutOfTime
        if state.is_over():
            return evaluate(state, me, 2)
        if depth == 0:
            self._cut_off = True
            return evaluate(state, me, 2)
        if state.player == me:
            value = -math.inf
            for child in self._children(state, me, depth):
                value = max(value, self._value(child, me, depth - 1, alpha, beta))
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
        else:
            value = math.inf
            for child in self._children(state, me, depth):
                value = min(value, self._value(child, me, depth - 1, alpha, beta))
                beta = min(beta, value)
                if alpha >= beta:
                    break
        return value


class MonteCarloPlayer:
    """Plays the move whose random playouts end with the best average margin.

    ``playouts`` random games are shared out among the legal moves, one move after the
    other; each is played to the end (or ``max_moves`` moves) by uniformly random moves
    drawn from ``rng``. Works for 2 to 4 players (``num_players`` of the state, or 2).
    """

    def __init__(
        self, playouts: int = 200, rng: random.Random | None = None, max_moves: int = 10_000
    ) -> None:
        if playouts < 1:
            raise ValueError(f"the number of playouts must be at least 1, not {playouts}")
        self.playouts = playouts
        self.rng = rng if rng is not None else random.Random(0)
        self.max_moves = max_moves

    def __repr__(self) -> str:
        return f"MonteCarloPlayer(playouts={self.playouts})"

    def choose_move(self, state: Any) -> Any:
        """The move with the best average final margin over its playouts."""
        moves = ordered_moves(state)
        if not moves:
            raise ValueError("there is no legal move to choose from: the game is over")
        if len(moves) == 1:
            return moves[0]
        me, players = state.player, num_players(state)
        totals = [0.0] * len(moves)
        counts = [0] * len(moves)
        for playout in range(max(self.playouts, len(moves))):
            index = playout % len(moves)
            end = self._playout(_after(state, moves[index]))
            totals[index] += margin(end, me, players)
            counts[index] += 1
        means = [total / count for total, count in zip(totals, counts)]
        return moves[means.index(max(means))]

    def _playout(self, state: Any) -> Any:
        """``state`` played to the end by random moves (at most ``max_moves``)."""
        for _ in range(self.max_moves):
            if state.is_over():
                break
            state.play(self.rng.choice(ordered_moves(state)))
        return state


@dataclass(frozen=True)
class GameResult:
    """How a game ended: the final scores, the winners (all tied best) and the length."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    moves: int


def play_game(state: Any, players: Sequence[Player], max_moves: int = 10_000) -> GameResult:
    """Play ``state`` to the end, ``players[p]`` choosing the moves of player p.

    The state is changed in place (pass a copy to keep it). A game longer than
    ``max_moves`` moves raises RuntimeError: a last resort against rules that loop.
    """
    count = num_players(state)
    if len(players) != count:
        raise ValueError(f"this game needs {count} players, not {len(players)}")
    moves = 0
    while not state.is_over():
        if moves >= max_moves:
            raise RuntimeError(f"the game did not end within {max_moves} moves")
        state.play(players[state.player].choose_move(state))
        moves += 1
    scores = tuple(state.score(p) for p in range(count))
    best = max(scores)
    winners = tuple(p for p in range(count) if scores[p] == best)
    return GameResult(scores, winners, moves)


@dataclass(repr=False)
class LeagueTable:
    """Win rates of a two-player league: ``rate[a][b]`` is a's share of points against b.

    A win counts 1 point, a draw 1/2. ``games[a][b]`` is how many games a and b played.
    """

    names: list[str]
    rate: dict[str, dict[str, float]]
    games: dict[str, dict[str, int]]

    def overall(self, name: str) -> float:
        """The share of points ``name`` won against all the others together."""
        points = sum(self.rate[name][o] * self.games[name][o] for o in self.names if o != name)
        played = sum(self.games[name][o] for o in self.names if o != name)
        return points / played if played else 0.0

    def rows(self) -> list[list[str]]:
        """The table as text cells: a header row, then one row per player."""
        header = [""] + self.names + ["overall"]
        body = [
            [a]
            + ["-" if a == b else f"{self.rate[a][b]:.0%}" for b in self.names]
            + [f"{self.overall(a):.0%}"]
            for a in self.names
        ]
        return [header] + body

    def __str__(self) -> str:
        rows = self.rows()
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        lines = []
        for row in rows:
            cells = [row[0].ljust(widths[0])]
            cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:])]
            lines.append("  ".join(cells))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        rows = self.rows()
        head = "".join(f"<th>{cell}</th>" for cell in rows[0])
        body = "".join(
            "<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows[1:]
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def league(
    new_state: Callable[[], Any],
    players: Mapping[str, Callable[[random.Random], Player]],
    games: int = 10,
    seed: int = 0,
    openings: int = 0,
    max_moves: int = 10_000,
) -> LeagueTable:
    """Play every pair of two-player games ``2 * games`` times from ``new_state()``.

    ``players`` maps a name to a function that makes the player from a
    ``random.Random`` (so random players are seeded): ``{"random": RandomPlayer,
    "alpha-beta 2": lambda rng: AlphaBetaPlayer(depth=2)}``, where ``RandomPlayer(rng)``
    is a player of your own. Opening g (g < ``games``) is ``openings``
    random moves, the same for every pair, and each pair plays it twice, once from each
    seat: so deterministic players meet in varied positions, and fairly. Every random
    choice comes from ``seed``, so the table is reproducible.
    """
    names = list(players)
    starts = []
    for game in range(games):
        state = new_state()
        opening = random.Random(f"{seed}/opening/{game}")
        for _ in range(openings):
            if state.is_over():
                break
            state.play(opening.choice(ordered_moves(state)))
        starts.append(state)
    points = {a: {b: 0.0 for b in names} for a in names}
    played = {a: {b: 0 for b in names} for a in names}
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            for game, start in enumerate(starts):
                for seats in ((a, b), (b, a)):
                    rng = random.Random(f"{seed}/{seats[0]}/{seats[1]}/{game}")
                    chosen = [players[name](rng) for name in seats]
                    result = play_game(start.copy(), chosen, max_moves)
                    for seat, name in enumerate(seats):
                        share = 1 / len(result.winners) if seat in result.winners else 0.0
                        points[name][seats[1 - seat]] += share
                        played[name][seats[1 - seat]] += 1
    rate = {
        a: {b: points[a][b] / played[a][b] if played[a][b] else 0.0 for b in names}
        for a in names
    }
    return LeagueTable(names, rate, played)
