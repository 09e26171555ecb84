"""Every game of the course goes through the same seeded random playout.

As OpenSpiel's ``random_sim_test`` does for each of its games: from the start, a
``random.Random(seed)`` picks one of ``state.legal_moves()`` until ``state.is_over()``.
At every step the test checks the protocol of :mod:`exercises.ai` (the players rely on
it): there are legal moves exactly while the game is not over; a move outside them is
refused and changes nothing; a copy is independent of its original (a move played on one
leaves the other as it was) and plays the same; the game ends within a bound; and the
scores are the ones its rules say, at every step and at the end (a ranking, when the game
has one, goes from the best score to the worst).

The games: Abapa and Kingdomino (the solution notebooks' ``Board`` and ``Game``, in every
variant of the rules) and the toy games of the exercises.ai tests.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from conftest import ROOT
from course.notebook import solution_namespace
from support.toy_games import CoinRow, RankedCoinRow

SEEDS = (0, 1, 2)


@functools.cache
def solution(name: str) -> dict[str, Any]:
    """The namespace of a solution notebook (its code cells, without demos and checks)."""
    return solution_namespace(ROOT / "solutions" / f"{name}.ipynb")


@dataclass(frozen=True)
class Game:
    """How to play one game through the protocol, and what its rules say."""

    new: Callable[[random.Random], Any]  #: the start state, from a seeded generator
    view: Callable[[Any], Any]  #: everything of a state its rules see, as a comparable value
    rules: Callable[[Any], None]  #: asserts the scores (and what the rules keep) of any state
    end: Callable[[Any, Any], None]  #: asserts the final state's scores, given the start view
    illegal: Callable[[Any], Any]  #: a move the state must refuse
    max_moves: int


# ----------------------------------------------------------------------------- Abapa


def abapa_view(board: Any) -> Any:
    return tuple(board.cells), board.player, tuple(board.legal_moves()), board.is_over()


def abapa_rules(board: Any) -> None:
    names = solution("03_abapa")
    cells = board.cells
    assert sum(cells) == names["SEEDS"], "the seeds are neither made nor lost"
    assert [board.score(p) for p in (0, 1)] == [cells[names["kalah"](p)] for p in (0, 1)]
    assert all(0 <= move < names["PITS"] and cells[names["cell"](board.player, move)] for move in board.legal_moves())


def abapa_end(start: Any, board: Any) -> None:
    names = solution("03_abapa")
    scores = [board.score(p) for p in (0, 1)]
    pits = sum(board.cells) - sum(scores)
    assert max(scores) >= names["WINNING_SCORE"] or pits == 0, "the game ends on a win or on empty pits"
    assert board.winner() == (None if scores[0] == scores[1] else scores.index(max(scores)))


def abapa_illegal(board: Any) -> Any:
    empty = [pit for pit in range(6) if pit not in board.legal_moves()]
    return empty[0] if empty else 6


ABAPA = Game(new=lambda rng: solution("03_abapa")["Board"](), view=abapa_view, rules=abapa_rules,
             end=abapa_end, illegal=abapa_illegal, max_moves=2000)


# ----------------------------------------------------------------------------- Kingdomino


def kingdomino(players: int, **rules: bool) -> Game:
    def new(rng: random.Random) -> Any:  # the game's generator is its own, seeded from the playout's
        return solution("05_dominations")["Game"](players, random.Random(rng.getrandbits(64)), **rules)

    return Game(new=new, view=kingdomino_view, rules=kingdomino_rules, end=kingdomino_end,
                illegal=lambda game: ("not a domino", None), max_moves=400)


def kingdomino_view(game: Any) -> Any:
    numbers = lambda pairs: tuple((domino.number, player) for domino, player in pairs)  # noqa: E731
    return (tuple(kingdom.to_text() for kingdom in game.kingdoms), game.player, game.turn, tuple(game.kings),
            tuple(d.number for d in game.pile), tuple(d.number for d in game.line), numbers(game.claimed),
            numbers(game.previous), game.rng.getstate())


def kingdomino_rules(game: Any) -> None:
    ranking = solution("05_dominations")["ranking"]
    bonuses = (game.middle_kingdom, game.harmony)
    assert [game.score(p) for p in range(game.num_players)] == [k.score(*bonuses) for k in game.kingdoms]
    assert game.ranking() == ranking(game.kingdoms, *bonuses)


def kingdomino_end(start: Any, game: Any) -> None:
    assert game.player is None and not game.pile and not game.line, "every domino in play was dealt"
    placed = [sum(square is not None for row in k.grid for square in row) - 1 for k in game.kingdoms]
    per_player = len(start[4] + start[5]) // game.num_players
    assert all(count % 2 == 0 and count // 2 <= per_player for count in placed)


# ----------------------------------------------------------------------------- toy games


def coin_row(kind: type, players: int) -> Game:
    def new(rng: random.Random) -> Any:
        return kind(tuple(rng.randint(0, 9) for _ in range(rng.randint(1, 15))), num_players=players)

    def rules(state: Any) -> None:
        assert [state.score(p) for p in range(players)] == state.scores

    def end(start: Any, state: Any) -> None:
        coins, scores, _ = start
        assert sum(state.scores) == sum(coins) + sum(scores), "every coin was taken once"

    return Game(new=new, view=lambda state: state.snapshot(), rules=rules, end=end, illegal=lambda state: 3,
                max_moves=20)


GAMES = {
    "abapa": ABAPA,
    "kingdomino-2": kingdomino(2),
    "kingdomino-3": kingdomino(3, middle_kingdom=True),
    "kingdomino-4": kingdomino(4, harmony=True),
    "kingdomino-mighty-duel": kingdomino(2, mighty_duel=True, middle_kingdom=True, harmony=True),
    "coin-row": coin_row(CoinRow, 2),
    "coin-row-3": coin_row(CoinRow, 3),
    "ranked-coin-row": coin_row(RankedCoinRow, 2),
}


def random_playout(game: Game, seed: int) -> Any:
    """Play a game at random from its start, checking the protocol at every step; the end state."""
    rng = random.Random(seed)
    state = game.new(rng)
    start, start_view = state.copy(), game.view(state)
    players = int(getattr(state, "num_players", 2))
    for _ in range(game.max_moves):
        game.rules(state)
        moves = list(state.legal_moves())
        if state.is_over():
            assert moves == [], "a finished game has no legal move"
            break
        assert moves, "a game that is not over has a legal move"
        assert state.player in range(players)
        before = game.view(state)
        with pytest.raises(ValueError):
            state.play(game.illegal(state))
        assert game.view(state) == before, "a refused move changes nothing"
        twin = state.copy()
        assert twin is not state and game.view(twin) == before
        move = rng.choice(moves)
        twin.play(move)
        assert game.view(state) == before, "a move played on a copy leaves the original as it was"
        state.play(move)
        assert game.view(state) == game.view(twin), "a copy plays as its original"
    else:
        pytest.fail(f"the game did not end within {game.max_moves} moves")
    assert game.view(start) == start_view, "a copy of the start is left as it was by the whole game"
    game.end(start_view, state)
    if hasattr(state, "ranking"):
        groups = state.ranking()
        assert sorted(p for group in groups for p in group) == list(range(players))
        assert [min(state.score(p) for p in group) for group in groups] == sorted(
            (min(state.score(p) for p in group) for group in groups), reverse=True)
    return state


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_plays_a_seeded_random_game_by_its_rules(name, seed):
    random_playout(GAMES[name], seed)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_same_seed_plays_the_same_game(name):
    game = GAMES[name]
    assert game.view(random_playout(game, 7)) == game.view(random_playout(game, 7))


def test_the_playout_sees_a_copy_that_is_not_independent():
    """The checker itself: a game whose copy shares its coins is caught."""

    class SharedCopy(CoinRow):
        def copy(self) -> CoinRow:
            return self

    with pytest.raises(AssertionError, match="copy"):
        random_playout(coin_row(SharedCopy, 2), 0)


def test_the_playout_sees_a_wrong_score():
    """The checker itself: a game that loses a coin's points is caught."""

    class Leaky(CoinRow):
        def play(self, take: int) -> None:
            super().play(take)
            self.scores[self.player - 1] -= 1 if take == 2 else 0

        def copy(self) -> CoinRow:
            twin = Leaky(self.coins, self.num_players)
            twin.scores, twin.player = list(self.scores), self.player
            return twin

    with pytest.raises(AssertionError, match="every coin"):
        random_playout(coin_row(Leaky, 2), 1)
