"""Players for the worksheet's ``Game``, and a league to compare them.

A *player* is a function from a game to a move. The players here use only the game
interface that the worksheet asks ``Game`` to have, the protocol of ``exercises.ai``
(OpenSpiel's vocabulary, shortened): ``num_players``, ``player`` (whose move),
``legal_moves()``, ``play(move)``, ``is_over()``, ``score(p)``, ``copy()``, plus the
attribute ``rng`` that draws the lines. So they play whatever ``Game`` the student wrote,
and the players of ``exercises.ai`` (objects with ``choose_move``) may sit at the table too.

Why a Monte Carlo player of its own rather than ``exercises.ai.MonteCarloPlayer``:

* Kingdomino has hidden chance, the lines not drawn yet. A copy of the game knows its
  future lines (its random generator is copied with it), so a fair search gives each
  copy a fresh generator (``copy.rng = random.Random(...)``); the generic player cannot
  know that attribute.
* A Kingdomino position has 50 to 200 legal moves and a random playout of a Python game
  takes tens of milliseconds, so sharing a budget evenly among all moves gives each one a
  playout or two. This player first keeps a shortlist of moves that score best now, then
  spends its playouts by successive halving, and it can work to a time budget per move,
  as the 2018 paper's players do.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "RandomPlayer",
    "MonteCarloPlayer",
    "play_game",
    "GameResult",
    "play_league",
    "league_table",
    "plot_league",
    "wilson_interval",
]

Player = Callable[[Any], Any]


class RandomPlayer:
    """Plays a legal move chosen at random with ``random.Random(seed)``."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def __call__(self, game: Any) -> Any:
        """A legal move of ``game``, at random."""
        return self.rng.choice(game.legal_moves())

    choose_move = __call__  # the name the players of exercises.ai use

    def __repr__(self) -> str:
        return "RandomPlayer()"


def play_game(game: Any, players: Sequence[Player], limit: int = 1000) -> Any:
    """Play ``game`` to its end, asking ``players[game.player]`` for each move; return it.

    A player is a function from a game to a move, or an object with ``choose_move(game)``.

    ``limit`` bounds the number of moves (a full Kingdomino game has at most 52), so that
    a game that never ends raises RuntimeError instead of running for ever.
    """
    for _ in range(limit):
        if game.is_over():
            return game
        player = players[game.player]
        choose = getattr(player, "choose_move", None)
        game.play(choose(game) if choose is not None else player(game))
    raise RuntimeError(f"the game is not over after {limit} moves: does is_over() work?")


class MonteCarloPlayer:
    """Monte Carlo evaluation, as in Gedda, Lagerkvist and Butler (2018), after a greedy shortlist.

    1. Shortlist: play each legal move on a copy and keep the moves whose placement gives
       one of the ``keep`` best scores now; then value each of those by the best score the
       kingdom could reach with the domino it chooses placed next (the paper's "full
       greedy" look-ahead), and keep the ``search`` best. Scores are the game's own,
       bonuses included (``game.middle_kingdom``, ``game.harmony``).
    2. Evaluate: for each move of the shortlist, run playouts: on a copy of the game with
       a fresh random generator (unknown future lines), play the move, then random moves
       for everybody to the end. A playout is worth ``mine / (mine + best other)`` (the
       paper's "relative score" R).
    3. Successive halving spreads the budget: after each round of playouts the worse half
       of the shortlist is dropped, so the best moves get the most playouts.

    The budget is ``playouts`` per move, or ``seconds`` per move when given (then the
    player is no longer deterministic). ``seed`` makes it reproducible.
    """

    #: How many random placements to try before listing the legal moves.
    TRIES = 40

    def __init__(
        self,
        playouts: int = 200,
        seconds: float | None = None,
        keep: int = 4,
        search: int = 2,
        seed: int = 0,
    ) -> None:
        self.playouts = playouts
        self.seconds = seconds
        self.keep = keep
        self.search = search
        self.rng = random.Random(seed)
        self.total_playouts = 0
        self.total_seconds = 0.0

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds else f"playouts={self.playouts}"
        return f"MonteCarloPlayer({budget}, keep={self.keep}, search={self.search})"

    def shortlist(self, game: Any, moves: list[Any]) -> list[Any]:
        """The ``search`` most promising moves (see the class docstring), best first."""
        me = game.player
        bonuses = (game.middle_kingdom, game.harmony)
        now: dict[Any, int] = {}
        for move in moves:
            if move[1] not in now:
                trial = game.copy()
                trial.play(move)
                now[move[1]] = trial.kingdoms[me].score(*bonuses)
        best = sorted(set(now.values()), reverse=True)[: self.keep]
        candidates = [move for move in moves if now[move[1]] in best]
        line = {domino.number: domino for domino in game.line}
        value = {}
        for move in candidates:
            value[move] = now[move[1]]
            if move[0] is not None:
                trial = game.copy()
                trial.play(move)
                kingdom, domino = trial.kingdoms[me], line[move[0]]
                for placement in kingdom.legal_placements(domino):
                    after = kingdom.copy()
                    after.place(domino, *placement)
                    value[move] = max(value[move], after.score(*bonuses))
        candidates.sort(key=lambda move: -value[move])  # stable: ties keep the game's order
        return candidates[: self.search]

    def random_move(self, game: Any) -> Any:
        """A legal move drawn (almost) uniformly at random, most often without listing them all.

        Listing every placement is the slow part of a playout, so the player first draws
        a free domino and a random placement whose first square is in the kingdom's
        *window* (the squares that keep it within ``size`` x ``size``, read from
        ``kingdom.grid``), and keeps it if the kingdom accepts it (``can_place``): among
        the placements drawn, each legal one is as likely as any other, so this is the
        same random policy, only faster. After ``TRIES`` refusals (or to discard a
        domino) it falls back on ``legal_moves()``.
        """
        to_place = game.to_place
        if to_place is not None:
            free = [domino.number for domino in game.free()] or [None]
            kingdom = game.kingdoms[game.player]
            size, grid = kingdom.size, kingdom.grid
            rows = [r for r, row in enumerate(grid) if any(row)]
            columns = [c for c, column in enumerate(zip(*grid)) if any(column)]
            top, bottom = max(0, rows[-1] - size + 1), min(len(grid) - 1, rows[0] + size - 1)
            left, right = max(0, columns[-1] - size + 1), min(len(grid) - 1, columns[0] + size - 1)
            for _ in range(self.TRIES):
                row, column = self.rng.randint(top, bottom), self.rng.randint(left, right)
                dr, dc = self.rng.choice(((-1, 0), (0, 1), (1, 0), (0, -1)))
                first, second = (row, column), (row + dr, column + dc)
                if kingdom.can_place(to_place, first, second):
                    return (self.rng.choice(free), (first, second))
        return self.rng.choice(game.legal_moves())

    def playout(self, game: Any, move: Any, me: int) -> float:
        """One playout of ``move``: its relative score for player ``me``."""
        trial = game.copy()
        trial.rng = random.Random(self.rng.getrandbits(64))
        trial.play(move)
        while not trial.is_over():
            trial.play(self.random_move(trial))
        mine = trial.score(me)
        best = max(trial.score(p) for p in range(trial.num_players) if p != me)
        self.total_playouts += 1
        return mine / (mine + best) if mine + best else 0.5

    def __call__(self, game: Any) -> Any:
        """The move to play in ``game``."""
        start = time.perf_counter()
        moves = list(game.legal_moves())
        if len(moves) > 1:
            moves = self.shortlist(game, moves)
        if len(moves) == 1:
            return moves[0]
        me = game.player
        total = {index: 0.0 for index in range(len(moves))}
        count = {index: 0 for index in range(len(moves))}
        alive = list(range(len(moves)))
        rounds = max(1, math.ceil(math.log2(len(moves))))
        for number in range(rounds):
            if self.seconds is None:
                per_move = max(1, self.playouts // (rounds * len(alive)))
                for index in alive:
                    for _ in range(per_move):
                        total[index] += self.playout(game, moves[index], me)
                        count[index] += 1
            else:
                stop = start + self.seconds * (number + 1) / rounds
                while True:
                    for index in alive:
                        total[index] += self.playout(game, moves[index], me)
                        count[index] += 1
                    if time.perf_counter() >= stop:
                        break
            alive.sort(key=lambda index: (-total[index] / count[index], index))
            alive = alive[: max(1, math.ceil(len(alive) / 2))]
        self.total_seconds += time.perf_counter() - start
        return moves[alive[0]]

    choose_move = __call__  # the name the players of exercises.ai use


@dataclass(frozen=True)
class GameResult:
    """One game of a league: who played where, the scores and the final ranking."""

    agent: str
    opponent: str
    seed: int
    seat: int
    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]

    @property
    def won(self) -> bool:
        """The agent is alone at the top after the tie-breaks."""
        return self.ranking[0] == (self.seat,)

    @property
    def top_score(self) -> bool:
        """The agent has the best score, alone or tied (the paper's win or draw)."""
        return self.scores[self.seat] == max(self.scores)

    @property
    def alone_on_score(self) -> bool:
        """The agent's score is above every other (the paper's win, no tie-breaks)."""
        others = [s for p, s in enumerate(self.scores) if p != self.seat]
        return self.scores[self.seat] > max(others)

    @property
    def agent_score(self) -> int:
        return self.scores[self.seat]

    @property
    def opponent_scores(self) -> list[int]:
        return [s for p, s in enumerate(self.scores) if p != self.seat]


def play_league(
    make_game: Callable[..., Any],
    players: dict[str, Callable[[int], Player]],
    matchups: Iterable[tuple[str, str]],
    games: int,
    seed: int = 0,
    players_per_game: int = 4,
    bonuses: bool = True,
) -> list[GameResult]:
    """Play ``games`` seeded games for each (agent, opponent) matchup: the agent against
    ``players_per_game - 1`` copies of the opponent, its seat turning round the table.

    ``players[name](seed)`` makes a player. Game ``g`` of every matchup uses the same
    seed, so the matchups see the same draws. ``make_game`` is ``Game``.
    """
    results = []
    for agent, opponent in matchups:
        for number in range(games):
            game_seed = seed * 100_003 + number
            seat = number % players_per_game
            table = [
                players[agent if p == seat else opponent](game_seed * 10 + p)
                for p in range(players_per_game)
            ]
            game = make_game(
                players_per_game,
                random.Random(game_seed),
                middle_kingdom=bonuses,
                harmony=bonuses,
            )
            play_game(game, table)
            results.append(
                GameResult(
                    agent,
                    opponent,
                    game_seed,
                    seat,
                    tuple(int(game.score(p)) for p in range(players_per_game)),
                    tuple(tuple(group) for group in game.ranking()),
                )
            )
    return results


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson confidence interval of a proportion ``wins / games``."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


class LeagueTable:
    """A league's results per matchup, as a table (rich display as HTML)."""

    COLUMNS = (
        "agent",
        "opponents",
        "games",
        "wins",
        "win %",
        "95% interval",
        "top score (tied or not)",
        "agent mean score",
        "opponents mean score",
    )

    def __init__(self, results: Sequence[GameResult]) -> None:
        self.rows: list[tuple[Any, ...]] = []
        matchups = list(dict.fromkeys((r.agent, r.opponent) for r in results))
        for agent, opponent in matchups:
            games = [r for r in results if (r.agent, r.opponent) == (agent, opponent)]
            wins = sum(r.won for r in games)
            low, high = wilson_interval(wins, len(games))
            self.rows.append(
                (
                    agent,
                    f"3 x {opponent}" if opponent else opponent,
                    len(games),
                    wins,
                    f"{100 * wins / len(games):.1f}",
                    f"{100 * low:.0f}-{100 * high:.0f}",
                    sum(r.top_score for r in games),
                    f"{_mean([r.agent_score for r in games]):.1f}",
                    f"{_mean([s for r in games for s in r.opponent_scores]):.1f}",
                )
            )

    def __str__(self) -> str:
        table = [self.COLUMNS, *[tuple(str(cell) for cell in row) for row in self.rows]]
        widths = [max(len(str(row[i])) for row in table) for i in range(len(self.COLUMNS))]
        return "\n".join(
            "  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)) for row in table
        )

    __repr__ = __str__

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{column}</th>" for column in self.COLUMNS)
        body = "".join(
            "<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in self.rows
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def league_table(results: Sequence[GameResult]) -> LeagueTable:
    """The league's results per matchup: wins (alone at the top after the tie-breaks),
    their rate with a 95% interval, top scores and mean scores."""
    return LeagueTable(results)


def plot_league(results: Sequence[GameResult]) -> None:
    """Histograms of the agents' scores and their opponents', one panel per matchup."""
    import matplotlib.pyplot as plt

    matchups = list(dict.fromkeys((r.agent, r.opponent) for r in results))
    figure, axes = plt.subplots(1, len(matchups), figsize=(5 * len(matchups), 3.2), squeeze=False)
    for axis, (agent, opponent) in zip(axes[0], matchups):
        games = [r for r in results if (r.agent, r.opponent) == (agent, opponent)]
        mine = [r.agent_score for r in games]
        theirs = [s for r in games for s in r.opponent_scores]
        top = max(mine + theirs + [1])
        bins = list(range(0, top + 10, 5))
        axis.hist(theirs, bins=bins, alpha=0.6, density=True, label=f"{opponent} (opponents)")
        axis.hist(mine, bins=bins, alpha=0.6, density=True, label=agent)
        axis.set_title(f"{agent} vs 3 x {opponent}")
        axis.set_xlabel("final score")
        axis.legend()
    figure.tight_layout()
    plt.show()
