"""One test per rule of the tCHu model (exercises.tchu), named after the rule."""

from __future__ import annotations

import dataclasses
import random

import pytest

from exercises.tchu import (
    Card,
    CardState,
    ChMap,
    Color,
    Constants,
    Deck,
    GameState,
    Info,
    Level,
    PlayerId,
    PlayerState,
    PublicCardState,
    PublicGameState,
    PublicPlayerState,
    Route,
    SortedBag,
    Station,
    StationPartition,
    Ticket,
    Trail,
    Trip,
)

BLACK, VIOLET, BLUE, GREEN, YELLOW, ORANGE, RED, WHITE, LOCO = list(Card)


def bag(*cards: Card) -> SortedBag[Card]:
    return SortedBag(cards)


def route(code: str) -> Route:
    return ChMap.route(code)


def station(code: str) -> Station:
    return ChMap.station(code)


# Stations and routes of a small made-up network, for trails.
A, B, C, D, E, F = (Station(100 + i, name, name) for i, name in enumerate("ABCDEF"))


def link(s1: Station, s2: Station, length: int, n: int = 1) -> Route:
    return Route(f"{s1.code}_{s2.code}_{n}", s1, s2, length, Level.OVERGROUND, None)


def player_with(routes: tuple[Route, ...] = (), cards: SortedBag[Card] = SortedBag(), tickets=()) -> PlayerState:
    return PlayerState(SortedBag(tuple(tickets)), cards, routes)


def started_game(seed: int = 1) -> GameState:
    """A game after both players kept their 5 initial tickets."""
    state = GameState.initial(ChMap.all_tickets(), random.Random(seed))
    for player_id in PlayerId:
        tickets = state.top_tickets(5)
        state = state.without_top_tickets(5).with_initially_chosen_tickets(player_id, tickets)
    return state


def with_current_hand(state: GameState, cards: SortedBag[Card]) -> GameState:
    """``state`` where the current player holds exactly ``cards`` (a test setup)."""
    player = state.current_player_state()
    states = tuple(
        PlayerState(player.tickets, cards, player.routes) if pid is state.current_player_id else s
        for pid, s in zip(PlayerId, state.player_states)
    )
    return dataclasses.replace(state, player_states=states)


# --- The map -----------------------------------------------------------------------------


def test_map_has_51_stations_88_routes_and_46_tickets():
    assert len(ChMap.stations()) == 51
    assert [s.id for s in ChMap.stations()] == list(range(51))
    assert len(ChMap.routes()) == 88
    assert len(ChMap.tickets()) == 46
    assert len(ChMap.all_tickets()) == 46
    assert sum(r.level is Level.UNDERGROUND for r in ChMap.routes()) == 42
    assert sum(r.color is None for r in ChMap.routes()) == 14
    assert sum(r.length for r in ChMap.routes()) == 205


def test_route_found_by_its_id():
    r = route("FR2_GEN_1")
    assert (r.station1.name, r.station2.name, r.length, r.level, r.color) == (
        "France",
        "Genève",
        1,
        Level.OVERGROUND,
        Color.YELLOW,
    )
    with pytest.raises(ValueError, match="XYZ"):
        ChMap.route("XYZ")


def test_double_routes_are_twins_of_each_other():
    twins = {r.id for r in ChMap.routes() if ChMap.twin(r) is not None}
    assert len(twins) == 24
    assert ChMap.twin(route("BER_FRI_1")) == route("BER_FRI_2")
    assert ChMap.twin(route("BER_FRI_2")) == route("BER_FRI_1")
    assert ChMap.twin(route("BER_NEU_1")) is None


def test_country_stations_share_their_country_name():
    names = [s.name for s in ChMap.stations()[34:]]
    assert names == ["Allemagne"] * 5 + ["Autriche"] * 3 + ["Italie"] * 5 + ["France"] * 4


def test_route_claim_points_by_length():
    points = {r.length: r.claim_points for r in ChMap.routes()}
    assert points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}


def test_route_must_join_two_stations_with_a_length_of_1_to_6():
    with pytest.raises(ValueError, match="7"):
        Route("X", A, B, 7, Level.OVERGROUND, None)
    with pytest.raises(ValueError, match="0"):
        Route("X", A, B, 0, Level.OVERGROUND, None)
    with pytest.raises(ValueError, match="different"):
        Route("X", A, A, 1, Level.OVERGROUND, None)


def test_station_opposite_is_the_other_end():
    r = route("BER_FRI_1")
    assert r.station_opposite(station("BER")) == station("FRI")
    assert r.station_opposite(station("FRI")) == station("BER")
    with pytest.raises(ValueError, match="Lausanne"):
        r.station_opposite(station("LAU"))


# --- Which cards claim a route -------------------------------------------------------------


def test_possible_claim_cards_of_a_colored_overground_route():
    assert route("BER_NEU_1").possible_claim_cards() == [bag(RED, RED)]


def test_possible_claim_cards_of_a_neutral_overground_route_never_use_locomotives():
    options = route("BER_LUC_1").possible_claim_cards()
    assert options == [SortedBag.of(4, car) for car in Card if car is not LOCO]


def test_possible_claim_cards_of_a_colored_tunnel_by_increasing_locomotives():
    assert route("BAD_BAL_1").possible_claim_cards() == [
        bag(RED, RED, RED),
        bag(RED, RED, LOCO),
        bag(RED, LOCO, LOCO),
        bag(LOCO, LOCO, LOCO),
    ]


def test_possible_claim_cards_of_a_neutral_tunnel_colors_within_locomotive_counts():
    options = route("FR1_MAR_1").possible_claim_cards()  # neutral tunnel of length 2
    cars = [c for c in Card if c is not LOCO]
    assert options == (
        [SortedBag.of(2, c) for c in cars] + [SortedBag.of(1, c, 1, LOCO) for c in cars] + [bag(LOCO, LOCO)]
    )
    assert len(route("AT1_STG_1").possible_claim_cards()) == 8 * 4 + 1


def test_player_possible_claim_cards_keeps_the_held_sets_in_route_order():
    player = player_with(cards=bag(RED, RED, GREEN, LOCO, LOCO, LOCO))
    assert player.possible_claim_cards(route(
        "FR1_MAR_1")) == [bag(RED, RED), bag(GREEN, LOCO), bag(RED, LOCO), bag(LOCO, LOCO)]


def test_player_possible_claim_cards_needs_enough_cars():
    long_routes = tuple(route(code) for code in (
        "BRI_LOC_1", "GEN_YVE_1", "BRU_COI_1", "COI_WAS_1", "AT1_STG_1", "BEL_WAS_1"))
    player = player_with(routes=long_routes, cards=SortedBag.of(6, RED))
    assert player.car_count == 40 - 30
    assert player.possible_claim_cards(route("STG_ZUR_1")) == []
    player = player_with(routes=long_routes + (route("BRI_WAS_1"), route("BER_LUC_1")), cards=SortedBag.of(6, RED))
    assert player.car_count == 2
    with pytest.raises(ValueError, match="3 cars"):
        player.possible_claim_cards(route("BAD_BAL_1"))
    assert player.can_claim_route(route("BAD_BAL_1")) is False


def test_can_claim_route_needs_one_full_set_of_claim_cards():
    player = player_with(cards=bag(RED, LOCO))
    assert player.can_claim_route(route("BER_NEU_1")) is False  # overground: no locomotive
    assert player.can_claim_route(route("STG_VAD_1")) is False  # blue tunnel: no blue
    assert player.can_claim_route(route("FR1_MAR_1")) is True  # neutral tunnel: red + locomotive
    assert player_with(cards=bag(LOCO, LOCO)).can_claim_route(route("STG_VAD_1")) is True


# --- Tunnels -----------------------------------------------------------------------------


def test_tunnel_additional_cost_counts_locomotives_and_cards_of_the_claim_kind():
    tunnel = route("AT1_STG_1")
    assert tunnel.additional_claim_cards_count(bag(RED, RED, RED, LOCO), bag(RED, LOCO, BLUE)) == 2
    assert tunnel.additional_claim_cards_count(bag(RED, RED, RED, RED), bag(BLUE, GREEN, WHITE)) == 0
    assert tunnel.additional_claim_cards_count(bag(RED, RED, RED, RED), bag(RED, RED, RED)) == 3


def test_tunnel_claimed_with_locomotives_only_costs_only_drawn_locomotives():
    tunnel = route("AT1_STG_1")
    assert tunnel.additional_claim_cards_count(SortedBag.of(4, LOCO), bag(RED, LOCO, BLUE)) == 1


def test_additional_cost_is_only_for_tunnels_and_at_most_three_drawn_cards():
    with pytest.raises(ValueError, match="BER_NEU_1"):
        route("BER_NEU_1").additional_claim_cards_count(bag(RED, RED), bag(RED, RED, RED))
    with pytest.raises(ValueError, match="4"):
        route("BAD_BAL_1").additional_claim_cards_count(bag(RED, RED, RED), bag(RED, RED, RED, RED))


def test_tunnel_cost_counts_only_the_cards_drawn_when_the_piles_run_short():
    # The course's rule: with fewer than 3 cards in the draw pile and the discards, only those are drawn.
    tunnel = route("BAD_BAL_1")
    assert tunnel.additional_claim_cards_count(bag(RED, RED, RED), bag(RED, LOCO)) == 2
    assert tunnel.additional_claim_cards_count(bag(RED, RED, RED), bag(BLUE)) == 0
    assert tunnel.additional_claim_cards_count(bag(RED, RED, RED), bag()) == 0


def test_possible_additional_cards_use_the_claim_kind_and_locomotives_fewest_locomotives_first():
    player = player_with(cards=bag(RED, RED, RED, RED, LOCO, LOCO, BLUE, BLUE))
    assert player.possible_additional_cards(2, bag(RED, RED)) == [bag(RED, RED), bag(RED, LOCO), bag(LOCO, LOCO)]
    assert player.possible_additional_cards(1, bag(RED, LOCO)) == [bag(RED), bag(LOCO)]


def test_possible_additional_cards_after_locomotives_only_are_locomotives():
    player = player_with(cards=bag(RED, RED, LOCO, LOCO, LOCO))
    assert player.possible_additional_cards(1, bag(LOCO, LOCO)) == [bag(LOCO)]
    assert player.possible_additional_cards(2, bag(LOCO, LOCO)) == []


def test_possible_additional_cards_empty_when_the_hand_is_short():
    player = player_with(cards=bag(GREEN, GREEN, GREEN, BLUE))
    assert player.possible_additional_cards(3, bag(GREEN, GREEN)) == []


def test_possible_additional_cards_preconditions():
    player = player_with(cards=bag(RED, RED, LOCO))
    for count in (0, 4):
        with pytest.raises(ValueError, match=str(count)):
            player.possible_additional_cards(count, bag(RED))
    with pytest.raises(ValueError):
        player.possible_additional_cards(1, bag())
    with pytest.raises(ValueError):
        player.possible_additional_cards(1, bag(RED, BLUE, LOCO))


# --- Tickets -----------------------------------------------------------------------------


def test_ticket_text_of_a_single_trip():
    assert Ticket.of(station("BAL"), station("BER"), 5).text == "Bâle - Berne (5)"
    assert str(ChMap.tickets()[0]) == "Bâle - Berne (5)"


def test_ticket_text_of_a_country_ticket_lists_sorted_distinct_destinations():
    berne = ChMap.tickets()[34]
    assert berne.text == "Berne - {Allemagne (6), Autriche (11), France (5), Italie (8)}"
    assert ChMap.tickets()[-1].text == "France - {Allemagne (5), Autriche (14), Italie (11)}"
    assert len(berne.trips) == 17


def test_every_ticket_text_is_the_original_text():
    import json
    from importlib import resources

    data = json.loads(resources.files("exercises.tchu.model").joinpath("chmap.json").read_text(encoding="utf-8"))
    assert [t.text for t in ChMap.tickets()] == [t["text"] for t in data["tickets"]]


def test_country_to_country_tickets_are_listed_twice():
    texts = [t.text for t in ChMap.tickets()]
    assert sum(texts.count(t) == 2 for t in set(texts)) == 4


def test_trips_of_a_ticket_leave_from_the_same_place():
    with pytest.raises(ValueError):
        Ticket((Trip(station("BER"), station("LAU"), 3), Trip(station("BAL"), station("LAU"), 3)))
    with pytest.raises(ValueError):
        Ticket(())
    with pytest.raises(ValueError, match="0"):
        Trip(station("BER"), station("LAU"), 0)


def test_trip_all_makes_every_pair_from_first():
    trips = Trip.all([station("BER"), station("LAU")], [station("DE1"), station("DE2")], 4)
    assert [(t.from_station.code, t.to_station.code) for t in trips] == [
        ("BER", "DE1"), ("BER", "DE2"), ("LAU", "DE1"), ("LAU", "DE2"),
    ]
    with pytest.raises(ValueError):
        Trip.all([], [station("DE1")], 4)


def test_ticket_is_stored_as_its_stations_and_legs():
    berne = ChMap.tickets()[34]
    assert len(berne.stations) == 1 + 17 and len(berne.legs) == 3 * 17
    assert Ticket(stations=berne.stations, legs=berne.legs) == berne
    assert Ticket(berne.trips) == berne and Ticket(berne.trips).trips == berne.trips
    with pytest.raises(ValueError, match="99"):
        Ticket(stations=berne.stations, legs=(0, 99, 3))
    with pytest.raises(ValueError):
        Ticket(stations=berne.stations, legs=(0, 1))
    with pytest.raises(ValueError):
        Ticket(stations=berne.stations, legs=(0, 1, 0))  # a trip is worth more than 0 points


def test_tickets_sort_by_their_text():
    tickets = SortedBag((ChMap.ticket("Zürich - Vaduz (6)"), ChMap.ticket("Bâle - Berne (5)")))
    assert [t.text for t in tickets] == ["Bâle - Berne (5)", "Zürich - Vaduz (6)"]


def partition_of(*codes: str) -> StationPartition:
    return StationPartition.of_routes(route(code) for code in codes)


def test_single_trip_ticket_points_are_plus_or_minus_its_points():
    ticket = ChMap.ticket("Bâle - Berne (5)")
    assert ticket.points(partition_of("BAL_OLT_1", "OLT_SOL_1", "BER_SOL_1")) == 5
    assert ticket.points(partition_of("BAL_OLT_1")) == -5


def test_country_ticket_with_no_connection_costs_its_smallest_trip():
    berne = ChMap.tickets()[34]
    assert berne.points(partition_of("BAL_OLT_1")) == -5


def test_country_ticket_gives_its_best_connected_trip():
    berne = ChMap.tickets()[34]
    to_france_and_germany = ("BER_NEU_1", "LCF_NEU_1", "FR3_LCF_1", "BER_SOL_1", "DEL_SOL_1", "BAL_DEL_1", "BAL_DE1_1")
    assert berne.points(partition_of(*to_france_and_germany)) == 6
    everywhere = to_france_and_germany + ("BRI_INT_1", "BER_INT_1", "BRI_IT5_1", "BER_LUC_1", "LUC_ZOU_1",
                                          "ZOU_ZUR_1", "STG_ZUR_1", "AT1_STG_1")
    assert berne.points(partition_of(*everywhere)) == 11


def test_player_ticket_points_and_final_points():
    routes = tuple(route(code) for code in ("BAL_OLT_1", "OLT_SOL_1", "BER_SOL_1"))
    tickets = (ChMap.ticket("Bâle - Berne (5)"), ChMap.ticket("Zürich - Vaduz (6)"))
    player = player_with(routes=routes, tickets=tickets)
    assert player.claim_points == 2 + 1 + 2
    assert player.ticket_points() == 5 - 6
    assert player.final_points() == 5 - 1
    assert player_with(tickets=tickets).ticket_points() == -11


# --- Station partition -------------------------------------------------------------------


def test_station_partition_connects_stations_transitively():
    partition = StationPartition.Builder(6).connect(ChMap.stations()[0], ChMap.stations()[1]).connect(
        ChMap.stations()[1], ChMap.stations()[5]
    ).build()
    s = ChMap.stations()
    assert partition.connected(s[0], s[5]) is True
    assert partition.connected(s[5], s[0]) is True
    assert partition.connected(s[0], s[2]) is False
    assert partition.representatives[0] == partition.representatives[1] == partition.representatives[5]


def test_station_outside_a_partition_is_connected_only_to_itself():
    partition = StationPartition.Builder(3).build()
    s = ChMap.stations()
    assert partition.connected(s[10], s[10]) is True
    assert partition.connected(s[10], s[11]) is False
    assert partition.connected(s[1], s[10]) is False


def test_station_partition_builder_needs_a_count_of_at_least_zero():
    with pytest.raises(ValueError, match="-1"):
        StationPartition.Builder(-1)
    with pytest.raises(ValueError):
        StationPartition.Builder(2).connect(ChMap.stations()[0], ChMap.stations()[5])


# --- Longest trail -----------------------------------------------------------------------


def test_longest_trail_of_no_routes_has_length_zero_and_no_stations():
    trail = Trail.longest([])
    assert (trail.length, trail.station1, trail.station2, trail.routes) == (0, None, None, ())


def test_longest_trail_of_one_route_is_that_route_from_station1():
    trail = Trail.longest([link(A, B, 3)])
    assert (trail.length, trail.station1, trail.station2) == (3, A, B)


def test_longest_trail_with_branches_takes_the_two_longest_branches():
    # A star: A-B (1), A-C (4), A-D (2): longest C - A - D (6).
    routes = [link(A, B, 1), link(A, C, 4), link(A, D, 2)]
    trail = Trail.longest(routes)
    assert trail.length == 6
    assert {trail.station1, trail.station2} == {C, D}
    assert (trail.station1, trail.station2) == (C, D)  # first found: from C, level by level


def test_longest_trail_may_go_around_a_cycle_but_never_reuses_a_route():
    # Triangle A-B-C plus a tail C-D: B..A..C..B..? A trail may revisit C but not a route.
    routes = [link(A, B, 2), link(B, C, 2), link(C, A, 2), link(C, D, 5)]
    trail = Trail.longest(routes)
    assert trail.length == 11
    assert len(trail.routes) == 4
    assert D in (trail.station1, trail.station2)


def test_longest_trail_tie_returns_the_first_found():
    routes = [link(A, B, 2), link(C, D, 2)]
    trail = Trail.longest(routes)
    assert (trail.length, trail.station1, trail.station2) == (2, A, B)


def test_longest_trail_of_separate_networks_is_in_the_longest_one():
    routes = [link(A, B, 1), link(C, D, 5), link(E, F, 2)]
    trail = Trail.longest(routes)
    assert (trail.length, trail.station1, trail.station2) == (5, C, D)


def test_longest_trail_on_the_real_map():
    routes = [route(code) for code in ("LAU_NEU_1", "NEU_SOL_1", "BER_SOL_1", "BER_FRI_1", "FRI_LAU_1", "BER_LUC_1")]
    trail = Trail.longest(routes)
    assert trail.length == 4 + 4 + 2 + 1 + 3 + 4 - 0  # the whole loop plus the spur to Lucerne
    assert str(trail).endswith(f"({trail.length})")


# --- Deck --------------------------------------------------------------------------------


def test_deck_is_a_shuffle_of_its_cards_decided_by_the_rng():
    deck = Deck.of(Constants.ALL_CARDS, random.Random(3))
    assert SortedBag(deck.cards) == Constants.ALL_CARDS
    assert deck == Deck.of(Constants.ALL_CARDS, random.Random(3))
    assert deck != Deck.of(Constants.ALL_CARDS, random.Random(4))


def test_deck_top_cards_come_off_the_top():
    deck = Deck((RED, BLUE, RED, LOCO))
    assert deck.top_card() is RED
    assert deck.without_top_card() == Deck((BLUE, RED, LOCO))
    assert deck.top_cards(3) == bag(RED, RED, BLUE)
    assert deck.without_top_cards(3) == Deck((LOCO,))
    assert deck.top_cards(0) == bag() and deck.size == len(deck) == 4


def test_deck_refuses_to_take_what_it_does_not_have():
    with pytest.raises(ValueError):
        Deck(()).top_card()
    with pytest.raises(ValueError):
        Deck(()).without_top_card()
    with pytest.raises(ValueError, match="5"):
        Deck((RED, BLUE)).top_cards(5)
    with pytest.raises(ValueError, match="-1"):
        Deck((RED, BLUE)).without_top_cards(-1)


# --- Card state --------------------------------------------------------------------------


def test_card_state_of_a_deck_lays_out_5_face_up_cards():
    deck = Deck((RED, BLUE, GREEN, WHITE, LOCO, BLACK, ORANGE))
    cards = CardState.of(deck)
    assert cards.face_up_cards == (RED, BLUE, GREEN, WHITE, LOCO)
    assert (cards.deck_size, cards.discards_size, cards.deck.top_card()) == (2, 0, BLACK)
    with pytest.raises(ValueError, match="4"):
        CardState.of(Deck((RED, BLUE, GREEN, WHITE)))


def test_taking_a_face_up_card_replaces_it_with_the_top_of_the_draw_pile():
    cards = CardState.of(Deck((RED, BLUE, GREEN, WHITE, LOCO, BLACK, ORANGE)))
    after = cards.with_drawn_face_up_card(1)
    assert after.face_up_cards == (RED, BLACK, GREEN, WHITE, LOCO)
    assert after.deck == Deck((ORANGE,))
    assert cards.face_up_cards == (RED, BLUE, GREEN, WHITE, LOCO)  # unchanged


def test_face_up_slot_must_be_0_to_4():
    cards = CardState.of(Deck((RED, BLUE, GREEN, WHITE, LOCO, BLACK)))
    for slot in (-1, 5):
        with pytest.raises(ValueError, match=str(slot)):
            cards.with_drawn_face_up_card(slot)
        with pytest.raises(ValueError, match=str(slot)):
            cards.face_up_card(slot)
    empty = CardState.of(Deck((RED, BLUE, GREEN, WHITE, LOCO)))
    with pytest.raises(ValueError):
        empty.with_drawn_face_up_card(0)


def test_draw_pile_is_recreated_from_the_discards_only_when_empty():
    cards = CardState.of(Deck((RED, BLUE, GREEN, WHITE, LOCO, BLACK)))
    with pytest.raises(ValueError, match="1"):
        cards.with_deck_recreated_from_discards(random.Random(0))
    empty = cards.without_top_deck_card().with_more_discarded_cards(bag(RED, RED, LOCO))
    assert (empty.deck_size, empty.discards_size) == (0, 3)
    recreated = empty.with_deck_recreated_from_discards(random.Random(0))
    assert SortedBag(recreated.deck.cards) == bag(RED, RED, LOCO)
    assert recreated.discards_size == 0
    assert recreated.face_up_cards == cards.face_up_cards


def test_public_card_state_shows_face_up_cards_and_pile_sizes():
    cards = CardState.of(Deck((RED, BLUE, GREEN, WHITE, LOCO, BLACK))).with_more_discarded_cards(bag(RED))
    assert cards.public() == PublicCardState((RED, BLUE, GREEN, WHITE, LOCO), 1, 1)
    assert cards.public().is_deck_empty is False
    with pytest.raises(ValueError):
        PublicCardState((RED, BLUE), 1, 1)
    with pytest.raises(ValueError):
        PublicCardState((RED, BLUE, GREEN, WHITE, LOCO), -1, 1)


# --- Game state --------------------------------------------------------------------------


def test_initial_deal_leaves_97_cards_in_the_draw_pile():
    state = GameState.initial(ChMap.all_tickets(), random.Random(1))
    assert state.card_state.deck_size == 97
    assert state.card_state.discards_size == 0
    assert [s.card_count for s in state.player_states] == [4, 4]
    assert [s.ticket_count for s in state.player_states] == [0, 0]
    assert state.ticket_count == 46
    assert state.last_player is None
    hands = state.player_states[0].cards + state.player_states[1].cards
    everything = hands + SortedBag(state.card_state.face_up_cards) + SortedBag(state.card_state.deck.cards)
    assert everything == Constants.ALL_CARDS


def test_initial_state_is_decided_by_the_rng():
    assert GameState.initial(ChMap.all_tickets(), random.Random(5)) == GameState.initial(
        ChMap.all_tickets(), random.Random(5)
    )
    firsts = {GameState.initial(ChMap.all_tickets(), random.Random(s)).current_player_id for s in range(20)}
    assert firsts == set(PlayerId)


def test_initial_tickets_are_chosen_once_and_leave_the_pile_alone():
    state = GameState.initial(ChMap.all_tickets(), random.Random(1))
    chosen = state.top_tickets(3)
    after = state.with_initially_chosen_tickets(PlayerId.PLAYER_2, chosen)
    assert after.player_state(PlayerId.PLAYER_2).tickets == chosen
    assert after.ticket_count == 46
    with pytest.raises(ValueError, match="PLAYER_2"):
        after.with_initially_chosen_tickets(PlayerId.PLAYER_2, chosen)


def test_drawn_tickets_all_leave_the_pile_and_the_kept_ones_go_to_the_player():
    state = started_game()
    drawn = state.top_tickets(3)
    kept = SortedBag((drawn[0],))
    after = state.with_chosen_additional_tickets(drawn, kept)
    assert after.ticket_count == state.ticket_count - 3
    assert after.current_player_state().tickets == state.current_player_state().tickets + kept
    assert after.top_tickets(3) != drawn or state.ticket_count == 3


def test_kept_tickets_must_be_among_the_drawn_ones():
    state = started_game()
    drawn = state.top_tickets(3)
    other = state.without_top_tickets(3).top_tickets(1)
    with pytest.raises(ValueError):
        state.with_chosen_additional_tickets(drawn, other)
    with pytest.raises(ValueError):
        state.with_chosen_additional_tickets(other, other)  # not the top of the pile


def test_ticket_pile_refuses_more_tickets_than_it_has():
    state = started_game()
    with pytest.raises(ValueError, match="37"):
        state.top_tickets(37)
    with pytest.raises(ValueError, match="-1"):
        state.without_top_tickets(-1)


def test_face_up_card_goes_to_the_current_player_and_is_replaced():
    state = started_game()
    card = state.card_state.face_up_card(2)
    top = state.top_card()
    after = state.with_drawn_face_up_card(2)
    assert after.current_player_state().cards == state.current_player_state().cards + bag(card)
    assert after.card_state.face_up_card(2) is top
    assert after.card_state.deck_size == 96
    other = state.current_player_id.next()
    assert after.player_state(other) == state.player_state(other)


def test_blindly_drawn_card_is_the_top_of_the_draw_pile():
    state = started_game()
    top = state.top_card()
    after = state.with_blindly_drawn_card()
    assert after.current_player_state().cards == state.current_player_state().cards + bag(top)
    assert after.card_state.face_up_cards == state.card_state.face_up_cards
    assert after.card_state.deck_size == 96


def test_claim_cards_leave_the_hand_for_the_discards():
    state = with_current_hand(started_game(), bag(RED, RED, BLUE))
    after = state.with_claimed_route(route("BER_NEU_1"), bag(RED, RED))
    player = after.current_player_state()
    assert player.routes == (route("BER_NEU_1"),)
    assert player.cards == bag(BLUE)
    assert (player.car_count, player.claim_points) == (38, 2)
    assert after.card_state.discards == bag(RED, RED)
    assert after.claimed_routes() == (route("BER_NEU_1"),)
    assert after.route_owner(route("BER_NEU_1")) is state.current_player_id


def test_tunnel_may_be_claimed_with_its_additional_cards():
    state = with_current_hand(started_game(), bag(RED, RED, RED, LOCO, LOCO))
    after = state.with_claimed_route(route("BAD_BAL_1"), bag(RED, RED, RED, LOCO, LOCO))
    assert after.current_player_state().routes == (route("BAD_BAL_1"),)
    with pytest.raises(ValueError):
        state.with_claimed_route(route("BAD_BAL_1"), bag(RED, RED))  # too few


def test_a_claimed_route_and_its_twin_cannot_be_claimed_again():
    state = with_current_hand(started_game(), bag(ORANGE, YELLOW, ORANGE))
    after = state.with_claimed_route(route("BER_FRI_1"), bag(ORANGE)).for_next_turn()
    after = with_current_hand(after, bag(ORANGE, YELLOW))
    with pytest.raises(ValueError, match="BER_FRI_1"):
        after.with_claimed_route(route("BER_FRI_1"), bag(ORANGE))
    with pytest.raises(ValueError, match="twin"):
        after.with_claimed_route(route("BER_FRI_2"), bag(YELLOW))
    assert after.is_route_free(route("BER_FRI_2")) is False
    assert after.is_route_free(route("BER_NEU_1")) is True


def test_a_route_needs_cards_that_can_claim_it_and_that_the_player_holds():
    state = with_current_hand(started_game(), bag(RED, LOCO, BLUE, BLUE))
    for cards in (bag(RED, LOCO), bag(BLUE, BLUE), bag(RED)):
        with pytest.raises(ValueError):
            state.with_claimed_route(route("BER_NEU_1"), cards)  # overground red of length 2
    with pytest.raises(ValueError, match="does not hold"):
        state.with_claimed_route(route("STG_VAD_1"), bag(BLUE, LOCO, LOCO))


def test_bad_moves_leave_the_state_unchanged():
    state = with_current_hand(started_game(), bag(RED, RED))
    snapshot = dataclasses.replace(state)
    for bad in (
        lambda: state.with_claimed_route(route("BER_NEU_1"), bag(RED, RED, RED)),
        lambda: state.with_drawn_face_up_card(7),
        lambda: state.with_chosen_additional_tickets(state.top_tickets(3), state.top_tickets(4)),
        lambda: state.with_initially_chosen_tickets(PlayerId.PLAYER_1, state.top_tickets(3)),
    ):
        with pytest.raises(ValueError):
            bad()
        assert state == snapshot


def test_the_deck_is_recreated_from_the_discards_only_when_needed():
    state = started_game()
    assert state.with_cards_deck_recreated_if_needed(random.Random(0)) is state
    while state.card_state.deck_size:
        state = state.with_blindly_drawn_card()
    state = state.with_more_discarded_cards(bag(RED, BLUE, GREEN, LOCO, LOCO))
    recreated = state.with_cards_deck_recreated_if_needed(random.Random(0))
    assert recreated.card_state.deck_size == 5
    assert recreated.card_state.discards_size == 0
    assert SortedBag(recreated.card_state.deck.cards) == bag(RED, BLUE, GREEN, LOCO, LOCO)
    with pytest.raises(ValueError):
        state.top_card()


def test_cards_can_be_drawn_when_draw_pile_and_discards_hold_5_cards():
    state = started_game()
    while state.card_state.deck_size > 4:
        state = state.with_blindly_drawn_card()
    assert state.can_draw_cards() is False
    assert state.with_more_discarded_cards(bag(RED)).can_draw_cards() is True
    assert state.public().can_draw_cards() is False


def test_tickets_can_be_drawn_while_the_pile_is_not_empty():
    state = started_game()
    assert state.can_draw_tickets() is True
    assert state.without_top_tickets(state.ticket_count).can_draw_tickets() is False


def long_route_holder(state: GameState, cars_left: int) -> GameState:
    """``state`` where the current player has routes leaving ``cars_left`` cars."""
    six_long = ["BRI_LOC_1", "GEN_YVE_1", "BRU_COI_1", "COI_WAS_1", "AT1_STG_1", "BEL_WAS_1"]  # 30 cars
    lengths = {3: six_long + ["BRI_WAS_1", "BER_INT_1"], 2: six_long + ["BRI_WAS_1", "BER_LUC_1"]}
    player = state.current_player_state()
    routes = tuple(route(code) for code in lengths[cars_left])
    states = tuple(
        PlayerState(player.tickets, player.cards, routes) if pid is state.current_player_id else s
        for pid, s in zip(PlayerId, state.player_states)
    )
    result = dataclasses.replace(state, player_states=states)
    assert result.current_player_state().car_count == cars_left
    return result


def test_last_turn_begins_when_a_player_ends_a_turn_with_2_cars_or_fewer():
    state = started_game()
    assert long_route_holder(state, 3).last_turn_begins() is False
    two = long_route_holder(state, 2)
    assert two.last_turn_begins() is True
    nxt = two.for_next_turn()
    assert nxt.last_player is two.current_player_id
    assert nxt.current_player_id is two.current_player_id.next()
    assert nxt.last_turn_begins() is False  # it began already
    assert nxt.for_next_turn().last_player is two.current_player_id


def test_for_next_turn_passes_the_turn_to_the_other_player():
    state = started_game()
    assert state.for_next_turn().current_player_id is state.current_player_id.next()
    assert state.for_next_turn().last_player is None
    assert PlayerId.PLAYER_1.next() is PlayerId.PLAYER_2 and PlayerId.PLAYER_2.next() is PlayerId.PLAYER_1


def test_complete_states_are_public_states_with_their_hidden_parts():
    state = started_game()
    assert isinstance(state, PublicGameState)
    assert isinstance(state.card_state, PublicCardState)
    assert isinstance(state.current_player_state(), PublicPlayerState)
    assert state.ticket_count == state.ticket_deck.size == 36
    assert (state.card_state.deck_size, state.card_state.discards_size) == (97, 0)
    assert state.player_states[0].card_count == len(state.player_states[0].cards)
    assert state != state.public() and state.public() == state.public().public()


def test_derived_counts_always_follow_the_piles():
    cards = CardState((RED, BLUE, GREEN, WHITE, LOCO), Deck((RED,)), bag(BLUE, BLUE), deck_size=9, discards_size=9)
    assert (cards.deck_size, cards.discards_size) == (1, 2)
    player = PlayerState(bag(), bag(RED), (), ticket_count=5, card_count=5)
    assert (player.ticket_count, player.card_count) == (0, 1)
    state = started_game()
    assert dataclasses.replace(state, ticket_deck=Deck(())).ticket_count == 0


def test_public_game_state_hides_hands_and_piles():
    state = started_game()
    public = state.public()
    assert isinstance(public, PublicGameState)
    assert public.ticket_count == 36
    assert public.card_state == state.card_state.public()
    assert public.player_states == tuple(s.public() for s in state.player_states)
    assert public.current_player_state() == state.current_player_state().public()
    assert not hasattr(public, "ticket_deck") and not hasattr(public.card_state, "deck")
    assert isinstance(public.player_state(PlayerId.PLAYER_1), PublicPlayerState)


# --- Immutability and values --------------------------------------------------------------


def test_states_are_immutable():
    state = started_game()
    for value in (state, state.card_state, state.player_states[0], state.public(), state.ticket_deck,
                  route("BER_NEU_1"), station("BER"), ChMap.tickets()[0], bag(RED)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.__setattr__(dataclasses.fields(value)[0].name, None)
    assert isinstance(state.player_states, tuple) and isinstance(state.card_state.face_up_cards, tuple)


def test_with_methods_return_new_states_and_leave_the_old_ones_alone():
    state = with_current_hand(started_game(), bag(RED, RED))
    before = dataclasses.replace(state)
    state.with_blindly_drawn_card()
    state.with_drawn_face_up_card(0)
    state.with_claimed_route(route("BER_NEU_1"), bag(RED, RED))
    state.with_chosen_additional_tickets(state.top_tickets(3), state.top_tickets(1))
    state.for_next_turn()
    assert state == before


def rebuilt(value):
    """``value`` rebuilt from its fields, the way values cross between processes."""
    if dataclasses.is_dataclass(value):
        params = type(value).__dataclass_params__
        assert params.frozen, type(value)
        fields = {f.name: rebuilt(getattr(value, f.name)) for f in dataclasses.fields(value)}
        assert all(f.init for f in dataclasses.fields(value))
        return type(value)(**fields)
    if type(value) in (tuple, list, set, frozenset):
        return type(value)(rebuilt(v) for v in value)
    if type(value) is dict:
        return {rebuilt(k): rebuilt(v) for k, v in value.items()}
    assert value is None or type(value) in (int, str, bool, float) \
        or isinstance(value, (Card, Color, Level, PlayerId)), value
    return value


def test_every_value_rebuilds_from_its_fields():
    state = with_current_hand(started_game(), bag(RED, RED))
    state = state.with_claimed_route(route("BER_NEU_1"), bag(RED, RED))
    for value in (state, state.public(), Trail.longest([route("BER_NEU_1")]), StationPartition.of_routes(()),
                  Info("Ada"), ChMap.tickets()[34]):
        copy = rebuilt(value)
        assert copy == value and copy is not value


def test_values_are_hashable_and_equal_by_value():
    assert hash(bag(RED, BLUE)) == hash(bag(BLUE, RED))
    assert bag(RED, BLUE) == bag(BLUE, RED)
    assert rebuilt(route("BER_NEU_1")) == route("BER_NEU_1")
    assert len({started_game().public(), started_game().public()}) == 1


# --- SortedBag ---------------------------------------------------------------------------


def test_sorted_bag_is_a_sorted_multiset():
    b = SortedBag.of(2, RED, 1, BLUE, 1, LOCO)
    assert list(b) == [BLUE, RED, RED, LOCO]
    assert (len(b), b.count(RED), b.count(GREEN)) == (4, 2, 0)
    assert b.counts() == {BLUE: 1, RED: 2, LOCO: 1}
    assert b.distinct() == (BLUE, RED, LOCO)
    assert b.contains_all(bag(RED, RED)) and not b.contains_all(bag(RED, RED, RED))
    assert b.difference(bag(RED, GREEN)) == bag(BLUE, RED, LOCO)
    assert b.union(bag(RED)) == SortedBag.of(3, RED, 1, BLUE, 1, LOCO)
    assert bag(RED, RED, BLUE).subsets_of_size(2) == [bag(BLUE, RED), bag(RED, RED)]
    assert SortedBag.from_counts({RED: 2}) == bag(RED, RED)
    assert repr(bag(RED)) == "SortedBag([Card.RED])"
    with pytest.raises(ValueError):
        SortedBag.of(-1, RED)


# --- Colors, cards and constants ----------------------------------------------------------


def test_cards_and_colors_come_in_the_original_order():
    assert [c.name for c in Color] == ["BLACK", "VIOLET", "BLUE", "GREEN", "YELLOW", "ORANGE", "RED", "WHITE"]
    assert [c.name for c in Card] == [c.name for c in Color] + ["LOCOMOTIVE"]
    assert sorted([LOCO, WHITE, BLACK]) == [BLACK, WHITE, LOCO]
    assert Card.of(Color.RED) is RED and RED.color is Color.RED and LOCO.color is None


def test_constants_are_the_original_ones():
    assert Constants.TOTAL_CARDS_COUNT == len(Constants.ALL_CARDS) == 110
    assert Constants.ALL_CARDS.count(LOCO) == 14 and Constants.ALL_CARDS.count(RED) == 12
    assert Constants.DECK_SLOT == -1 and Constants.FACE_UP_CARD_SLOTS == (0, 1, 2, 3, 4)
    assert (Constants.INITIAL_TICKETS_COUNT, Constants.INITIAL_CARDS_COUNT, Constants.INITIAL_CAR_COUNT) == (5, 4, 40)
    counts = (Constants.IN_GAME_TICKETS_COUNT, Constants.DISCARDABLE_TICKETS_COUNT, Constants.ADDITIONAL_TUNNEL_CARDS)
    assert counts == (3, 2, 3)
    assert Constants.ROUTE_CLAIM_POINTS[1:] == (1, 2, 4, 7, 10, 15)
    assert Constants.LONGEST_TRAIL_BONUS_POINTS == 10


# --- Info messages -----------------------------------------------------------------------


def test_info_card_lists_read_like_2_red_and_1_white():
    info = Info("Ada")
    tunnel = route("BAD_BAL_1")
    assert info.claimed_route(route("LAU_NEU_1"), bag(ORANGE)) == (
        "Ada claimed the route Lausanne – Neuchâtel with 1 orange.\n"
    )
    assert info.attempts_tunnel_claim(tunnel, bag(RED, LOCO, LOCO)) == (
        "Ada attempts to claim the tunnel Baden – Bâle with 1 red and 2 locomotives!\n"
    )
    assert info.drew_additional_cards(bag(RED, RED, WHITE), 1) == (
        "The additional cards are 2 red and 1 white. They imply an additional cost of 1 card.\n"
    )
    assert info.drew_additional_cards(bag(BLACK, RED, WHITE), 0) == (
        "The additional cards are 1 black, 1 red and 1 white. They imply no additional cost.\n"
    )
    assert info.drew_additional_cards(bag(RED, LOCO, LOCO), 3).endswith("cost of 3 cards.\n")


def test_info_messages_one_per_kind():
    info = Info("Ada")
    assert Info.draw(["Ada", "Bob"], 17) == "\nAda and Bob are tied with 17 points!\n"
    assert info.will_play_first() == "Ada will play first.\n\n"
    assert info.kept_tickets(1) == "Ada kept 1 ticket.\n"
    assert info.kept_tickets(0) == "Ada kept 0 tickets.\n"
    assert info.can_play() == "\nIt is Ada's turn to play.\n"
    assert info.drew_tickets(3) == "Ada drew 3 tickets...\n"
    assert info.drew_blind_card() == "Ada drew a card from the deck.\n"
    assert info.drew_visible_card(GREEN) == "Ada drew a face-up green card.\n"
    assert info.drew_visible_card(LOCO) == "Ada drew a face-up locomotive card.\n"
    assert info.did_not_claim_route(route("BAD_BAL_1")) == (
        "Ada could not (or would not) claim the route Baden – Bâle.\n"
    )
    assert info.last_turn_begins(1) == "\nAda has only 1 car left, the last turn begins!\n"
    trail = Trail.longest([route("BER_NEU_1")])
    assert info.gets_longest_trail_bonus(trail) == (
        "\nAda gets a bonus of 10 points for the longest trail (Berne – Neuchâtel).\n"
    )
    assert info.won(3, 2) == "\nAda wins with 3 points, against 2 points!\n"
    assert info.won(1, -1) == "\nAda wins with 1 point, against -1 point!\n"
    assert Info.card_name(RED, 2) == "red" and Info.card_name(LOCO, 2) == "locomotives"


def original_longest_trail(routes: list[Route]) -> Trail:
    """The original's search, level by level, keeping the first strictly longer trail."""
    best, best_length = Trail((), None, None), 0
    level = [t for r in routes
             for t in ((r.station1, r.station2, (r,), r.length), (r.station2, r.station1, (r,), r.length))]
    while level:
        next_level = []
        for start, end, used, length in level:
            if length > best_length:
                best, best_length = Trail(used, start, end), length
            for r in routes:
                if r not in used and end in r.stations:
                    next_level.append((start, r.station_opposite(end), used + (r,), length + r.length))
        level = next_level
    return best


def test_longest_trail_is_the_one_the_original_search_finds():
    single_tracks = [r for r in ChMap.routes() if not r.id.endswith("_2")]
    rng = random.Random(7)
    for _ in range(40):
        rng.shuffle(single_tracks)
        network, cars = [], 0
        for r in single_tracks:
            if cars + r.length <= 22:
                network.append(r)
                cars += r.length
        assert Trail.longest(network) == original_longest_trail(network)


def test_every_value_crosses_the_grader_protocol_as_json():
    import enum
    import json

    from course.grading.wire import codec

    def dump(value):
        if codec.is_package_type(type(value)):
            module, qualname = codec.qualified(type(value))
            if isinstance(value, enum.Enum):
                return {"$enum": [module, qualname, value.name]}
            return {"$data": [module, qualname, {k: dump(v) for k, v in codec.init_fields(value).items()}]}
        if type(value) is tuple:
            return {"$tuple": [dump(v) for v in value]}
        assert value is None or type(value) in (int, str, bool), value
        return value

    def load(value):
        if isinstance(value, dict):
            (tag, payload), = value.items()
            if tag == "$tuple":
                return tuple(load(v) for v in payload)
            if tag == "$enum":
                return codec.enum_member(payload)
            return codec.dataclass_value(payload, load)
        return value

    state = with_current_hand(started_game(), bag(RED, RED, LOCO))
    state = state.with_claimed_route(route("BER_NEU_1"), bag(RED, RED))
    for value in (state, state.public(), state.current_player_state(), ChMap.all_tickets(), Info("Ada"),
                  Trail.longest(state.claimed_routes()), StationPartition.of_routes(state.claimed_routes())):
        back = load(json.loads(json.dumps(dump(value))))
        assert back == value and type(back) is type(value)
