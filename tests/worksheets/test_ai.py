"""Unit tests of exercises.ai on a tiny game: taking coins from a row (tests/support/toy_games.py)."""

from __future__ import annotations

import itertools
import random

import pytest

import exercises.ai as ai
from exercises.ai import (
    WIN_BONUS,
    AlphaBetaPlayer,
    GameResult,
    MonteCarloPlayer,
    evaluate,
    league,
    margin,
    play_game,
    plot_league,
)
from support.toy_games import CoinRow, RankedCoinRow


def best_value(state: CoinRow, me: int) -> float:
    """Exhaustive minimax value of ``state`` for ``me`` (two players), without pruning."""
    if state.is_over():
        return evaluate(state, me)
    values = []
    for move in state.legal_moves():
        child = state.copy()
        child.play(move)
        values.append(best_value(child, me))
    return max(values) if state.player == me else min(values)


class Chance:
    """A random player of these tests (the package leaves the simple players to worksheets)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_move(self, state: CoinRow) -> int:
        return self.rng.choice(sorted(state.legal_moves()))


def greedy() -> AlphaBetaPlayer:
    """Looking one move ahead: alpha-beta of depth 1."""
    return AlphaBetaPlayer(depth=1)


def random_rows(count: int, length: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.randint(0, 9) for _ in range(length)) for _ in range(count)]


ALL_PLAYERS = [
    greedy,
    lambda: AlphaBetaPlayer(depth=3),
    lambda: AlphaBetaPlayer(time_limit=0.05),
    lambda: MonteCarloPlayer(playouts=20, rng=random.Random(2)),
]


@pytest.mark.parametrize("make", ALL_PLAYERS)
def test_every_player_plays_a_legal_move_and_leaves_the_state_alone(make):
    state = CoinRow((3, 1, 4, 1, 5, 9, 2, 6))
    before = state.snapshot()
    move = make().choose_move(state)
    assert move in state.legal_moves()
    assert state.snapshot() == before


@pytest.mark.parametrize("make", ALL_PLAYERS)
def test_every_player_refuses_a_finished_game(make):
    with pytest.raises((ValueError, IndexError)):
        make().choose_move(CoinRow(()))


def test_the_package_has_no_greedy_player_a_worksheet_asks_for():
    assert not hasattr(ai, "GreedyPlayer") and "GreedyPlayer" not in ai.__all__


def test_random_player_plays_legal_moves_reproducibly_with_its_rng():
    state = CoinRow((3, 1, 4, 1, 5, 9, 2, 6))
    moves = [ai.RandomPlayer(random.Random(seed)).choose_move(state) for seed in range(20)]
    assert set(moves) == {1, 2}
    assert moves == [ai.RandomPlayer(random.Random(seed)).choose_move(state) for seed in range(20)]
    with pytest.raises(ValueError):
        ai.RandomPlayer().choose_move(CoinRow(()))


def test_as_player_makes_a_function_a_player_and_play_game_wants_players():
    def take_one(state):
        return 1

    player = ai.as_player(take_one)
    assert player.choose_move(CoinRow((1, 2))) == 1 and "take_one" in repr(player)
    assert ai.as_player(player) is player
    assert play_game(CoinRow((1, 2, 3)), [player, player]).moves == 3
    with pytest.raises(TypeError, match="as_player"):
        play_game(CoinRow((1, 2)), [take_one, take_one])
    with pytest.raises(TypeError):
        ai.as_player(3)


def test_one_move_ahead_takes_the_most_now():
    assert greedy().choose_move(CoinRow((1, 5, 0))) == 2
    assert greedy().choose_move(CoinRow((9, -3, 5))) == 1


def test_alpha_beta_breaks_ties_at_the_root_towards_the_last_move():
    assert greedy().choose_move(CoinRow((7, 0, 0))) == 2
    assert AlphaBetaPlayer(depth=2).choose_move(CoinRow((0, 0))) == 2
    assert AlphaBetaPlayer(time_limit=60).choose_move(CoinRow((0, 0, 0))) == 2


def test_one_move_ahead_prefers_a_finished_win_to_the_same_lead():
    state = CoinRow((0, 2))
    state.scores = [0, 1]
    assert greedy().choose_move(state) == 2


def test_alpha_beta_plays_perfectly_with_full_depth():
    for coins in random_rows(40, 7, seed=3):
        state = CoinRow(coins)
        move = AlphaBetaPlayer(depth=len(coins)).choose_move(state)
        child = state.copy()
        child.play(move)
        assert best_value(child, 0) == best_value(state, 0), coins


def test_alpha_beta_sees_a_trap_that_greedy_falls_into():
    state = CoinRow((2, 1, 0, 9))
    assert greedy().choose_move(state) == 2
    assert AlphaBetaPlayer(depth=3).choose_move(state) == 1


def test_alpha_beta_is_deterministic():
    coins = (5, 5, 5, 5, 5, 5, 5, 5)
    assert len({AlphaBetaPlayer(depth=4).choose_move(CoinRow(coins)) for _ in range(3)}) == 1


def test_alpha_beta_with_a_time_budget_deepens_until_the_clock_runs_out():
    ticks = itertools.count()
    player = AlphaBetaPlayer(time_limit=200, clock=lambda: next(ticks))
    move = player.choose_move(CoinRow(tuple(range(60))))
    assert move in (1, 2)
    assert 1 <= player.depth_reached < 60
    assert player.nodes > 0


def test_alpha_beta_with_a_time_budget_stops_when_it_has_seen_the_whole_game():
    player = AlphaBetaPlayer(time_limit=60)
    for coins in random_rows(10, 6, seed=9):
        state = CoinRow(coins)
        move = player.choose_move(state)
        assert player.depth_reached <= len(coins)
        child = state.copy()
        child.play(move)
        assert best_value(child, 0) == best_value(state, 0), coins


def test_alpha_beta_depth_and_time_limit_are_checked():
    with pytest.raises(ValueError):
        AlphaBetaPlayer(depth=0)
    with pytest.raises(ValueError):
        AlphaBetaPlayer(time_limit=0)
    assert AlphaBetaPlayer().depth == 4


def test_monte_carlo_finds_the_obvious_move_with_three_players():
    state = CoinRow((9, 0, 0, 0), num_players=3)
    assert MonteCarloPlayer(playouts=30, rng=random.Random(4)).choose_move(state) == 1
    state = CoinRow((0, 9, 0, 0), num_players=4)
    assert MonteCarloPlayer(playouts=30, rng=random.Random(4)).choose_move(state) == 2


def test_monte_carlo_is_reproducible_with_a_seed():
    coins = tuple(range(12))
    moves = {MonteCarloPlayer(10, random.Random(8)).choose_move(CoinRow(coins)) for _ in range(3)}
    assert len(moves) == 1


def test_margin_is_the_difference_to_the_best_opponent():
    state = CoinRow((1,), num_players=3)
    state.scores = [5, 7, 2]
    assert margin(state, 0) == -2
    assert margin(state, 1) == 2
    assert evaluate(state, 1) == 2  # not over: no bonus
    state.coins = ()
    assert evaluate(state, 1) == 2 + WIN_BONUS
    assert evaluate(state, 2) == -5 - WIN_BONUS


def test_play_game_reports_scores_winners_and_length():
    result = play_game(CoinRow((1, 2, 3)), [greedy(), greedy()])
    assert result == GameResult(scores=(3, 3), winners=(0, 1), moves=2)


def test_play_game_needs_one_player_per_seat_and_stops_endless_games():
    with pytest.raises(ValueError):
        play_game(CoinRow((1, 2)), [greedy()])

    class Endless(CoinRow):
        def play(self, take):
            self.player = 1 - self.player

    with pytest.raises(RuntimeError):
        play_game(Endless((1,)), [greedy(), greedy()], max_moves=50)


def test_league_is_reproducible_and_ranks_search_above_chance():
    players = {
        "random": Chance,
        "greedy": lambda rng: greedy(),
        "alpha-beta 6": lambda rng: AlphaBetaPlayer(depth=6),
    }

    def new_state():
        return CoinRow((3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5))

    table = league(new_state, players, games=4, seed=1)
    again = league(new_state, players, games=4, seed=1)
    assert table.rate == again.rate
    assert table.games["random"]["greedy"] == 8
    for a in players:
        for b in players:
            if a != b:
                assert table.rate[a][b] + table.rate[b][a] == pytest.approx(1)
    assert table.overall("alpha-beta 6") > table.overall("random")
    text = str(table)
    assert text.splitlines()[0].split() == ["random", "greedy", "alpha-beta", "6", "overall"]
    assert "<table>" in table._repr_html_()


def test_league_openings_vary_the_games_of_deterministic_players():
    players = {"greedy": lambda rng: greedy(), "alpha-beta 2": lambda rng: AlphaBetaPlayer(depth=2)}

    def new_state():
        return CoinRow((3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7))

    plain = league(new_state, players, games=3, seed=4)
    varied = league(new_state, players, games=3, seed=4, openings=3)
    assert plain.rate["greedy"]["alpha-beta 2"] in (0.0, 0.5, 1.0)  # the same game, 3 times each way
    assert varied.games["greedy"]["alpha-beta 2"] == 6
    assert varied.rate == league(new_state, players, games=3, seed=4, openings=3).rate


def test_play_game_takes_the_winners_from_the_ranking_when_the_state_has_one():
    result = play_game(RankedCoinRow((1, 2, 3)), [greedy(), greedy()])
    assert result.scores == (3, 3) and result.winners == (1,)
    assert result.points(1) == 1 and result.points(0) == 0


def test_league_of_more_players_puts_the_agent_in_every_seat_against_copies():
    players = {"random": Chance, "mc": lambda rng: MonteCarloPlayer(playouts=10, rng=rng)}
    starts = [CoinRow(row, num_players=3) for row in random_rows(2, 9, seed=6)]
    table = league(starts, players, seed=2, matchups=[("mc", "random"), ("random", "random")])
    assert list(dict.fromkeys(result.names for result in table.results)) == [
        ("mc", "random", "random"), ("random", "mc", "random"), ("random", "random", "mc"),
        ("random", "random", "random")]
    assert table.games["mc"]["random"] == 6  # 2 starts x 3 seats
    assert table.games["random"]["random"] == 6  # 2 games, counted once per seat
    assert table.games["random"]["mc"] == 0
    assert table.agents == ["random", "mc"] and table.opponents == ["random"]
    assert table.rate["mc"]["random"] > 1 / 3
    assert table.scores["mc"]["random"][0] > table.scores["mc"]["random"][1]
    low, high = table.interval("mc", "random")
    assert 0 <= low <= table.rate["mc"]["random"] <= high <= 1
    assert str(table).splitlines()[0].split() == ["random", "overall"]
    assert [state.coins for state in starts] == [tuple(row) for row in random_rows(2, 9, seed=6)]
    with pytest.raises(ValueError):
        league(starts, players, games=3)


def test_plot_league_draws_a_heat_map_and_leaves_no_figure_open():
    import matplotlib.pyplot as plt

    players = {"random": Chance, "greedy": lambda rng: greedy()}
    table = league(lambda: CoinRow((3, 1, 4, 1, 5)), players, games=2, seed=1)
    figure = ai.plot_league(table)
    texts = sorted(text.get_text() for text in figure.axes[0].texts)
    assert texts == sorted([f"{table.rate['random']['greedy']:.0%}", f"{table.rate['greedy']['random']:.0%}"])
    assert figure.number not in plt.get_fignums()


def test_wilson_interval():
    low, high = ai.wilson_interval(50, 100)
    assert 0.40 < low < 0.5 < high < 0.60
    assert ai.wilson_interval(0, 0) == (0.0, 1.0)


@pytest.fixture
def french():
    import exercises

    exercises.set_language("fr")  # English again after the test (conftest)


@pytest.mark.parametrize("make", ALL_PLAYERS[1:])
def test_every_player_refuses_a_finished_game_in_the_notebooks_language(make, french):
    with pytest.raises(ValueError, match="^il n'y a aucun coup permis à choisir\u202f: la partie est finie$"):
        make().choose_move(CoinRow(()))


def test_the_game_layer_speaks_the_notebooks_language(french):
    import exercises

    with pytest.raises(TypeError, match=
        r"^rng est un random\.Random, pas 7\u202f: RandomPlayer\(random\.Random\(7\)\)$"):
        ai.RandomPlayer(7)
    with pytest.raises(ValueError, match="^cette partie se joue à 2 joueurs, pas 1$"):
        play_game(CoinRow((1, 2)), [ai.RandomPlayer(random.Random(1))])
    table = league(lambda: CoinRow((3, 1, 4)), {"a": ai.RandomPlayer, "b": ai.RandomPlayer}, games=2)
    assert table.rows()[0][-1] == "en tout"
    assert plot_league(table).axes[0].get_title() == "Part des points de la ligne contre la colonne"
    exercises.set_language("en")
    assert plot_league(table).axes[0].get_title() == "Share of points of the row against the column"
