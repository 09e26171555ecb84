"""The computer players of tCHu play legal, deterministic games through the Player protocol.

``play_game`` below is a plain game loop written for these tests only (the course never
ships a game loop: writing one is the worksheet's exercise). It follows the original's
call sequence and checks every answer of a player before using it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping

import pytest

from exercises.tchu import (
    Card,
    ChMap,
    GameState,
    GreedyPlayer,
    Info,
    Player,
    PlayerId,
    PlayerState,
    PublicGameState,
    RandomPlayer,
    SortedBag,
    Ticket,
    Trail,
    TurnKind,
    claimable_routes,
)

NAMES = {PlayerId.PLAYER_1: "Ada", PlayerId.PLAYER_2: "Bob"}


class IllegalMove(AssertionError):
    """A player answered something the rules forbid."""


def _check_kept(offered: SortedBag[Ticket], kept: SortedBag[Ticket], minimum: int) -> None:
    if not isinstance(kept, SortedBag) or not offered.contains_all(kept) or len(kept) < minimum:
        raise IllegalMove(f"kept {kept!r} of {offered!r}")


def _tunnel_cards(state: GameState, rng: random.Random) -> tuple[GameState, SortedBag[Card]]:
    """Turn over up to 3 cards, recreating the draw pile before each."""
    drawn = []
    for _ in range(3):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if state.card_state.is_deck_empty:
            break
        drawn.append(state.top_card())
        state = state.without_top_card()
    return state, SortedBag(tuple(drawn))


def play_game(
    players: Mapping[PlayerId, Player], tickets: SortedBag[Ticket], rng: random.Random, log: list[str] | None = None
) -> tuple[GameState, dict[PlayerId, int]]:
    """Play a whole game; returns the final state and each player's total points."""
    state = GameState.initial(tickets, rng)
    infos = {pid: Info(NAMES[pid]) for pid in PlayerId}
    log = [] if log is None else log

    def say(message: str) -> None:
        log.append(message)
        for player in players.values():
            player.receive_info(message)

    def update() -> None:
        for pid, player in players.items():
            player.update_state(state.public(), state.player_state(pid))

    for pid, player in players.items():
        player.init_players(pid, NAMES)
    say(infos[state.current_player_id].will_play_first())
    offers = {}
    for pid, player in players.items():
        offers[pid] = state.top_tickets(5)
        player.set_initial_ticket_choice(offers[pid])
        state = state.without_top_tickets(5)
    update()
    for pid, player in players.items():
        kept = player.choose_initial_tickets()
        _check_kept(offers[pid], kept, 3)
        state = state.with_initially_chosen_tickets(pid, kept)
    for pid in PlayerId:
        say(infos[pid].kept_tickets(state.player_state(pid).ticket_count))

    for _turn in range(1000):
        pid, player, info = state.current_player_id, players[state.current_player_id], infos[state.current_player_id]
        update()
        say(info.can_play())
        kind = player.next_turn()
        if kind is TurnKind.DRAW_TICKETS:
            if not state.can_draw_tickets():
                raise IllegalMove("drew tickets from an empty pile")
            say(info.drew_tickets(3))
            offered = state.top_tickets(3)
            kept = player.choose_tickets(offered)
            _check_kept(offered, kept, 1)
            state = state.with_chosen_additional_tickets(offered, kept)
            say(info.kept_tickets(len(kept)))
        elif kind is TurnKind.DRAW_CARDS:
            if not state.can_draw_cards():
                raise IllegalMove("drew cards with fewer than 5 cards in the piles")
            for draw in range(2):
                if draw:
                    update()
                state = state.with_cards_deck_recreated_if_needed(rng)
                slot = player.draw_slot()
                if slot == -1:
                    state = state.with_blindly_drawn_card()
                    say(info.drew_blind_card())
                else:
                    card = state.card_state.face_up_card(slot)
                    state = state.with_drawn_face_up_card(slot)
                    say(info.drew_visible_card(card))
        elif kind is TurnKind.CLAIM_ROUTE:
            route = player.claimed_route()
            if route not in claimable_routes(state.public(), state.current_player_state()):
                raise IllegalMove(f"claimed {route!r}")
            cards = player.initial_claim_cards()
            if cards not in state.current_player_state().possible_claim_cards(route):
                raise IllegalMove(f"claimed {route!r} with {cards!r}")
            if not route.is_tunnel:
                state = state.with_claimed_route(route, cards)
                say(info.claimed_route(route, cards))
            else:
                say(info.attempts_tunnel_claim(route, cards))
                state, drawn = _tunnel_cards(state, rng)
                cost = route.additional_claim_cards_count(cards, drawn)
                say(info.drew_additional_cards(drawn, cost))
                if cost == 0:
                    state = state.with_claimed_route(route, cards)
                    say(info.claimed_route(route, cards))
                else:
                    options = state.current_player_state().possible_additional_cards(cost, cards)
                    extra = player.choose_additional_cards(options) if options else SortedBag()
                    if extra.is_empty():
                        say(info.did_not_claim_route(route))
                    else:
                        if extra not in options:
                            raise IllegalMove(f"added {extra!r}, options {options!r}")
                        state = state.with_claimed_route(route, cards.union(extra))
                        say(info.claimed_route(route, cards.union(extra)))
                state = state.with_more_discarded_cards(drawn)
        else:
            raise IllegalMove(f"next_turn returned {kind!r}")
        if state.last_turn_begins():
            say(info.last_turn_begins(state.current_player_state().car_count))
        if state.current_player_id is state.last_player:
            break
        state = state.for_next_turn()
    else:
        raise AssertionError("the game did not end in 1000 turns")

    update()
    trails = {pid: Trail.longest(state.player_state(pid).routes) for pid in PlayerId}
    longest = max(trail.length for trail in trails.values())
    totals = {}
    for pid in PlayerId:
        bonus = 10 if trails[pid].length == longest else 0
        if bonus:
            say(infos[pid].gets_longest_trail_bonus(trails[pid]))
        totals[pid] = state.player_state(pid).final_points() + bonus
    one, two = totals[PlayerId.PLAYER_1], totals[PlayerId.PLAYER_2]
    if one == two:
        say(Info.draw(list(NAMES.values()), one))
    else:
        winner = PlayerId.PLAYER_1 if one > two else PlayerId.PLAYER_2
        say(infos[winner].won(max(one, two), min(one, two)))
    return state, totals


def greedy_pair(seed: int) -> dict[PlayerId, Player]:
    return {PlayerId.PLAYER_1: GreedyPlayer(random.Random(seed)),
            PlayerId.PLAYER_2: GreedyPlayer(random.Random(seed + 1))}


def random_pair(seed: int) -> dict[PlayerId, Player]:
    return {PlayerId.PLAYER_1: RandomPlayer(random.Random(seed)),
            PlayerId.PLAYER_2: RandomPlayer(random.Random(seed + 1))}


def test_players_follow_the_player_protocol():
    assert isinstance(GreedyPlayer(0), Player)
    assert isinstance(RandomPlayer(0), Player)


@pytest.mark.parametrize("seed", range(5))
def test_greedy_players_play_legal_games_to_the_end(seed):
    log: list[str] = []
    state, totals = play_game(greedy_pair(seed), ChMap.all_tickets(), random.Random(seed), log)
    assert state.last_player is not None
    assert min(s.car_count for s in state.player_states) <= 2
    assert sum("the last turn begins" in line for line in log) == 1
    assert 100 <= len(log) <= 1000


@pytest.mark.parametrize("seed", range(8))
def test_random_players_play_legal_games_to_the_end(seed):
    state, _totals = play_game(random_pair(seed), ChMap.all_tickets(), random.Random(seed))
    assert state.last_player is not None


def test_players_are_deterministic_given_their_rng():
    first = play_game(greedy_pair(3), ChMap.all_tickets(), random.Random(3))
    again = play_game(greedy_pair(3), ChMap.all_tickets(), random.Random(3))
    assert first == again
    first = play_game(random_pair(3), ChMap.all_tickets(), random.Random(3))
    again = play_game(random_pair(3), ChMap.all_tickets(), random.Random(3))
    assert first == again


def test_greedy_player_beats_the_random_player():
    wins = 0
    for seed in range(10):
        players = {PlayerId.PLAYER_1: GreedyPlayer(seed), PlayerId.PLAYER_2: RandomPlayer(seed)}
        _state, totals = play_game(players, ChMap.all_tickets(), random.Random(seed))
        wins += totals[PlayerId.PLAYER_1] > totals[PlayerId.PLAYER_2]
    assert wins >= 9


def test_greedy_player_completes_most_of_its_tickets():
    state, _totals = play_game(greedy_pair(5), ChMap.all_tickets(), random.Random(5))
    for player in state.player_states:
        assert player.ticket_points() > 0


def test_a_greedy_game_takes_well_under_a_second():
    start = time.perf_counter()
    for seed in range(3):
        play_game(greedy_pair(seed), ChMap.all_tickets(), random.Random(seed))
    assert (time.perf_counter() - start) / 3 < 1.0  # about 0.1 s on a quiet machine


def test_seeded_greedy_game_golden_result():
    """A recorded game: any change to the model or the greedy player shows up here."""
    state, totals = play_game(greedy_pair(0), ChMap.all_tickets(), random.Random(0))
    routes = [r.id for r in state.player_state(PlayerId.PLAYER_1).routes]
    assert (totals[PlayerId.PLAYER_1], totals[PlayerId.PLAYER_2], len(routes)) == GOLDEN


GOLDEN = (103, 28, 19)


# --- Single decisions on hand-made states ----------------------------------------------


def told(player, state: GameState, pid: PlayerId) -> None:
    player.init_players(pid, NAMES)
    player.update_state(state.public(), state.player_state(pid))


def hand_made(cards: SortedBag[Card], tickets: tuple[Ticket, ...]) -> GameState:
    state = GameState.initial(ChMap.all_tickets(), random.Random(0))
    pid = state.current_player_id
    states = tuple(PlayerState(SortedBag(tickets), cards, ()) if p is pid else s
                   for p, s in zip(PlayerId, state.player_states))
    return GameState(state.ticket_deck, state.card_state, pid, states, None)


def test_greedy_player_keeps_the_tickets_it_can_reach_most_cheaply():
    state = GameState.initial(ChMap.all_tickets(), random.Random(0))
    player = GreedyPlayer(0)
    told(player, state, PlayerId.PLAYER_1)
    offer = SortedBag(tuple(ChMap.ticket(t) for t in (
        "Bâle - Berne (5)", "Zürich - Vaduz (6)", "Bâle - Brigue (10)",
            "Lausanne - Saint-Gall (13)", "Berne - Zürich (6)",
    )))
    player.set_initial_ticket_choice(offer)
    kept = player.choose_initial_tickets()
    assert len(kept) >= 3 and offer.contains_all(kept)
    assert ChMap.ticket("Bâle - Berne (5)") in kept


def test_greedy_player_claims_a_route_on_the_path_of_its_ticket():
    # Berne - Fribourg: the single route BER_FRI_1 (orange) or BER_FRI_2 (yellow).
    state = hand_made(SortedBag.of(1, Card.ORANGE, 2, Card.BLUE), (Ticket.of(ChMap.station(
        "BER"), ChMap.station("FRI"), 1),))
    player = GreedyPlayer(0)
    told(player, state, state.current_player_id)
    assert player.next_turn() is TurnKind.CLAIM_ROUTE
    assert player.claimed_route() == ChMap.route("BER_FRI_1")
    assert player.initial_claim_cards() == SortedBag((Card.ORANGE,))


def test_greedy_player_draws_a_face_up_card_its_routes_need():
    state = hand_made(SortedBag.of(4, Card.BLUE), (Ticket.of(ChMap.station("BER"), ChMap.station("NEU"), 1),))
    player = GreedyPlayer(0)
    told(player, state, state.current_player_id)
    assert player.next_turn() is TurnKind.DRAW_CARDS
    slot = player.draw_slot()
    face_up = state.card_state.face_up_cards
    # BER_NEU_1 is red: a face-up red card if there is one, else a locomotive, else the deck.
    if Card.RED in face_up:
        assert face_up[slot] is Card.RED
    elif Card.LOCOMOTIVE in face_up:
        assert face_up[slot] is Card.LOCOMOTIVE
    else:
        assert slot == -1


def test_players_see_only_the_public_game_state():
    seen = []

    class Spy(GreedyPlayer):
        def update_state(self, new_state, own_state):
            seen.append((type(new_state), type(own_state)))
            super().update_state(new_state, own_state)

    play_game({PlayerId.PLAYER_1: Spy(1), PlayerId.PLAYER_2: RandomPlayer(2)}, ChMap.all_tickets(), random.Random(1))
    assert set(seen) == {(PublicGameState, PlayerState)}


def test_players_say_clearly_when_the_game_forgot_a_step():
    for player in (GreedyPlayer(0), RandomPlayer(0)):
        with pytest.raises(RuntimeError, match="update_state"):
            player.next_turn()
        with pytest.raises(RuntimeError, match="next_turn"):
            player.claimed_route()
