"""The game layer of the course: players, games and leagues for turn-based games with scores.

The players here know nothing about any particular game: they only use a *state* object
that follows this small protocol (OpenSpiel's vocabulary, in plain Python)::

    state.legal_moves()   # the moves the player to move may play (a list, or any iterable)
    state.play(move)      # plays one of them, changing the state in place
    state.copy()          # an independent copy of the state
    state.is_over()       # True when the game has ended
    state.player          # the number of the player to move: 0, 1, ...
    state.score(p)        # the score of player p (higher is better); final when is_over()

and, optionally, ``state.num_players`` (2 when absent) and ``state.ranking()`` (the
players from best to worst, in groups still tied after the game's tie-breaks; without
it, the players with the best score win). So a worksheet's own engine, written by the
student, plugs straight into these players: the players always call the state's own
rules and never change a state they are given (they play on copies).

A *player* is an object with one method, ``choose_move(state)``, which returns one of
``state.legal_moves()``: the students' player classes, and these:

* :class:`RandomPlayer` ``(rng)``: a legal move at random, the baseline of a league.
* :class:`AlphaBetaPlayer` ``(depth=4)`` or ``(time_limit=1.0)``: minimax search with
  alpha-beta pruning, for two players (0 and 1), to a fixed depth or by iterative
  deepening within a time budget.
* :class:`MonteCarloPlayer` ``(playouts, rng)``: random playouts after each move, for
  2 to 4 players.

A plain function of the state is made a player by :func:`as_player` (the one way:
:func:`play_game` refuses anything without ``choose_move``). Randomness is always given
as a ``random.Random`` (``rng``), so every game is reproducible.

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

:func:`play_game` plays one game between such players and returns a :class:`GameResult`;
:func:`league` plays matchups from several start positions and returns a
:class:`LeagueTable` (shown as a table in Jupyter), which :func:`plot_league` draws as a
heat map.
"""

from __future__ import annotations

import html
import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..browser import NoMatplotlib, require_matplotlib
from ..i18n import _, decimal_commas, percent

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "GameState",
    "Player",
    "as_player",
    "RandomPlayer",
    "AlphaBetaPlayer",
    "MonteCarloPlayer",
    "WIN_BONUS",
    "margin",
    "evaluate",
    "play_game",
    "GameResult",
    "league",
    "LeagueTable",
    "plot_league",
    "wilson_interval",
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


class _FunctionPlayer:
    """A function of the state, as a player (see :func:`as_player`)."""

    def __init__(self, function: Callable[[Any], Any]) -> None:
        self.function = function

    def __repr__(self) -> str:
        return f"as_player({getattr(self.function, '__name__', repr(self.function))})"

    def choose_move(self, state: Any) -> Any:
        """What the function chooses in ``state``."""
        return self.function(state)


def as_player(function: Callable[[Any], Any]) -> Player:
    """A player whose ``choose_move(state)`` is ``function(state)``.

    A player (anything with ``choose_move``) is returned as it is.
    """
    if hasattr(function, "choose_move"):
        return function
    if not callable(function):
        raise TypeError(_("a player is a function of the state or has choose_move, not {value}").format(
            value=repr(function)))
    return _FunctionPlayer(function)


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
    best_other: float = max(state.score(other) for other in range(count) if other != player)
    own: float = state.score(player)
    return own - best_other


def evaluate(state: Any, player: int, players: int | None = None) -> float:
    """The margin of ``player``, plus or minus WIN_BONUS when the game is won or lost."""
    value = margin(state, player, players)
    if state.is_over() and value != 0:
        value += WIN_BONUS if value > 0 else -WIN_BONUS
    return value


class RandomPlayer:
    """Plays a legal move drawn with ``rng`` (``random.Random(0)`` when not given)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        if rng is not None and not callable(getattr(rng, "choice", None)):
            raise TypeError(_(
                "rng is a random.Random, not {value}: RandomPlayer(random.Random({value}))"
            ).format(value=repr(rng)))
        self.rng = rng if rng is not None else random.Random(0)

    def __repr__(self) -> str:
        return "RandomPlayer()"

    def choose_move(self, state: Any) -> Any:
        """A legal move of ``state``, at random."""
        moves = ordered_moves(state)
        if not moves:
            raise ValueError(_("there is no legal move to choose from: the game is over"))
        return self.rng.choice(moves)


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
            raise ValueError(_("the depth must be at least 1, not {depth}").format(depth=depth))
        if time_limit is not None and time_limit <= 0:
            raise ValueError(_("the time limit must be positive, not {limit}").format(limit=time_limit))
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
            raise ValueError(_("there is no legal move to choose from: the game is over"))
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
            raise ValueError(
                _("the number of playouts must be at least 1, not {playouts}").format(playouts=playouts))
        self.playouts = playouts
        self.rng = rng if rng is not None else random.Random(0)
        self.max_moves = max_moves

    def __repr__(self) -> str:
        return f"MonteCarloPlayer(playouts={self.playouts})"

    def choose_move(self, state: Any) -> Any:
        """The move with the best average final margin over its playouts."""
        moves = ordered_moves(state)
        if not moves:
            raise ValueError(_("there is no legal move to choose from: the game is over"))
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

    def random_move(self, state: Any) -> Any:
        """The move of a playout: uniformly at random among the legal moves."""
        return self.rng.choice(ordered_moves(state))

    def _playout(self, state: Any) -> Any:
        """``state`` played to the end by random moves (at most ``max_moves``)."""
        for _move in range(self.max_moves):
            if state.is_over():
                break
            state.play(self.random_move(state))
        return state


@dataclass(frozen=True)
class GameResult:
    """How a game ended: the final scores, the winners and the length in moves.

    The winners are the first group of ``state.ranking()`` when the state has one, else
    all the players tied with the best score. In a league, ``names`` gives the name of the
    player in each seat.
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    moves: int
    names: tuple[str, ...] = ()

    def points(self, seat: int) -> float:
        """What the game is worth to ``seat``: 1 for a win, shared among tied winners."""
        return 1 / len(self.winners) if seat in self.winners else 0.0


def _winners(state: Any, scores: tuple[float, ...]) -> tuple[int, ...]:
    """The first group of ``state.ranking()``, else the players with the best score."""
    ranking = getattr(state, "ranking", None)
    if ranking is not None:
        return tuple(ranking()[0])
    return tuple(p for p, score in enumerate(scores) if score == max(scores))


def play_game(state: Any, players: Sequence[Player], max_moves: int = 10_000) -> GameResult:
    """Play ``state`` to the end, ``players[p]`` choosing the moves of player p.

    The state is changed in place (pass a copy to keep it). A game longer than
    ``max_moves`` moves raises RuntimeError: a last resort against rules that loop.
    """
    count = num_players(state)
    if len(players) != count:
        raise ValueError(
            _("this game needs {count} players, not {given}").format(count=count, given=len(players)))
    for player in players:
        if not hasattr(player, "choose_move"):
            raise TypeError(_("{player} has no choose_move: as_player makes a function a player").format(
                player=repr(player)))
    moves = 0
    while not state.is_over():
        if moves >= max_moves:
            raise RuntimeError(_("the game did not end within {moves} moves").format(moves=max_moves))
        state.play(players[state.player].choose_move(state))
        moves += 1
    scores = tuple(state.score(p) for p in range(count))
    return GameResult(scores, _winners(state, scores), moves)


def wilson_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson confidence interval of a proportion ``wins / games``."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _entries(result: GameResult) -> Iterable[tuple[str, str, int]]:
    """(agent, opponent, seat) for each seat whose opponents all have one name."""
    for seat, agent in enumerate(result.names):
        others = {name for other, name in enumerate(result.names) if other != seat}
        if len(others) == 1:
            yield agent, others.pop(), seat


def _mean(values: Sequence[float]) -> float:
    """The mean of ``values``, 0 when there are none."""
    return sum(values) / len(values) if values else 0.0


class LeagueTable:
    """The games of a league, as win rates of agents (rows) against opponents (columns).

    A game counts for the player in a seat against ``opponent`` when every other seat
    holds ``opponent``: in a two-player game, for both players; with more players, for
    the one facing copies of a single opponent (against itself, once per seat: its share
    is then 1 / seats, and only its mean score says something). A win counts 1 point,
    shared among tied winners. ``rate[a][b]`` is a's share of points in its games against
    b, ``games[a][b]`` how many there were, ``scores[a][b]`` the mean (a's score, its
    opponents' score) in them; ``overall`` leaves out a player's games against itself.
    Jupyter shows the table as HTML, ``str`` as text.
    """

    def __init__(self, results: Iterable[GameResult], names: Sequence[str] = ()) -> None:
        self.results = list(results)
        seen = list(names) + [name for result in self.results for name in result.names]
        self.names = list(dict.fromkeys(seen))
        counted: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
        for result in self.results:
            for agent, opponent, seat in _entries(result):
                others = [score for other, score in enumerate(result.scores) if other != seat]
                counted.setdefault((agent, opponent), []).append(
                    (result.points(seat), result.scores[seat], _mean(others))
                )
        self.games: dict[str, dict[str, int]] = {a: {} for a in self.names}
        self.rate: dict[str, dict[str, float]] = {a: {} for a in self.names}
        self.scores: dict[str, dict[str, tuple[float, float]]] = {a: {} for a in self.names}
        for a in self.names:
            for b in self.names:
                games = counted.get((a, b), [])
                self.games[a][b] = len(games)
                self.rate[a][b] = _mean([points for points, _mine, _theirs in games])
                mine = [score for _points, score, _theirs in games]
                theirs = [score for _points, _mine, score in games]
                self.scores[a][b] = (_mean(mine), _mean(theirs))
        self.agents = [a for a in self.names if any(self.games[a].values())]
        self.opponents = [b for b in self.names if any(self.games[a][b] for a in self.names)]

    def overall(self, name: str) -> float:
        """The share of points ``name`` won in all its games against the others."""
        others = [o for o in self.names if o != name]
        played = sum(self.games[name][o] for o in others)
        points = sum(self.rate[name][o] * self.games[name][o] for o in others)
        return points / played if played else 0.0

    def interval(self, agent: str, opponent: str) -> tuple[float, float]:
        """The 95% interval of ``agent``'s share of points against ``opponent``."""
        games = self.games[agent][opponent]
        return wilson_interval(self.rate[agent][opponent] * games, games)

    def rows(self) -> list[list[str]]:
        """The table as text cells: a header row, then one row per agent."""
        header = [""] + self.opponents + [_("overall")]
        body = [
            [a]
            + [percent(self.rate[a][b]) if self.games[a][b] else "-" for b in self.opponents]
            + [percent(self.overall(a))]
            for a in self.agents
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
        rows = [[html.escape(cell) for cell in row] for row in self.rows()]
        head = "".join(f"<th>{cell}</th>" for cell in rows[0])
        body = "".join(
            "<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows[1:]
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _starts(
    new_state: Callable[[], Any] | Sequence[Any], games: int | None, seed: int, openings: int
) -> list[Any]:
    """The start position of each game: made by ``new_state`` or copied, then opened."""
    if callable(new_state):
        starts = [new_state() for _game in range(10 if games is None else games)]
    else:
        if games is not None and games != len(new_state):
            raise ValueError(
                _("{count} start positions, but games={games}").format(count=len(new_state), games=games))
        starts = [state.copy() for state in new_state]
    for game, state in enumerate(starts):
        opening = random.Random(f"{seed}/opening/{game}")
        for _move in range(openings):
            if state.is_over():
                break
            state.play(opening.choice(ordered_moves(state)))
    return starts


def _seatings(matchups: Iterable[tuple[str, str]], seats: int) -> list[tuple[str, ...]]:
    """Every seating of the matchups: the agent in each seat, its opponent in the others."""
    seatings = [
        tuple(agent if seat == s else opponent for s in range(seats))
        for agent, opponent in matchups
        for seat in range(seats)
    ]
    return list(dict.fromkeys(seatings))  # a seating serves every matchup it holds


def league(
    new_state: Callable[[], Any] | Sequence[Any],
    players: Mapping[str, Callable[[random.Random], Player]],
    games: int | None = None,
    seed: int = 0,
    openings: int = 0,
    max_moves: int = 10_000,
    matchups: Iterable[tuple[str, str]] | None = None,
) -> LeagueTable:
    """Play each matchup from ``games`` start positions, the agent in every seat in turn.

    ``new_state`` makes a start position (called ``games`` times, 10 by default), or is
    the list of start positions (for games with chance, each with its own seeded
    generator). ``players`` maps a name to a function that makes the player from a
    ``random.Random`` (so random players are seeded): ``{"random": RandomPlayer,
    "alpha-beta 2": lambda rng: AlphaBetaPlayer(depth=2), "mine": lambda rng:
    as_player(my_function)}``. A matchup ``(a, b)`` puts ``a`` in one seat and ``b`` in
    all the others; by default every pair of different players meets, so in a
    two-player game each pair plays each start twice, once from each seat.

    Start g is played after ``openings`` random moves, the same for every seating: so
    deterministic players meet in varied positions, and fairly. Every random choice
    comes from ``seed``, so the table is reproducible.
    """
    names = list(players)
    starts = _starts(new_state, games, seed, openings)
    if matchups is None:
        matchups = [(a, b) for a in names for b in names if a != b]
    seats = num_players(starts[0]) if starts else 2
    results = []
    for seating in _seatings(matchups, seats):
        for game, start in enumerate(starts):
            rng = random.Random(f"{seed}/{'/'.join(seating)}/{game}")
            chosen = [players[name](rng) for name in seating]
            result = play_game(start.copy(), chosen, max_moves)
            results.append(replace(result, names=seating))
    return LeagueTable(results, names)


def plot_league(table: LeagueTable, title: str | None = None) -> Figure | None:
    """A heat map of a league's win rates (a matplotlib Figure, which Jupyter draws), titled
    ``title`` (by default, what its numbers are). In the browser without network: None,
    after printing the sentence that says so."""
    try:
        require_matplotlib()
    except NoMatplotlib as missing:
        print(missing)
        return None
    import matplotlib.pyplot as plt

    rows, columns = table.agents, table.opponents
    values = [[table.rate[a][b] if table.games[a][b] else math.nan for b in columns] for a in rows]
    figure, axes = plt.subplots(figsize=(1.3 * len(columns) + 2, 1.0 * len(rows) + 1))
    image = axes.imshow(values, cmap="RdYlGn", vmin=0, vmax=1)
    axes.set_xticks(range(len(columns)), columns, rotation=30, ha="right")
    axes.set_yticks(range(len(rows)), rows)
    for i, a in enumerate(rows):
        for j, b in enumerate(columns):
            if table.games[a][b]:
                axes.text(j, i, percent(table.rate[a][b]), ha="center", va="center")
    axes.set_title(_("Share of points of the row against the column") if title is None else title)
    colorbar = figure.colorbar(image, ax=axes, fraction=0.046, pad=0.04)
    decimal_commas(colorbar.ax)
    figure.tight_layout()
    plt.close(figure)  # Jupyter shows the returned figure once, not also at the cell's end
    return figure
