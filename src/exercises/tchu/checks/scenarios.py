"""Game states made to order, for the checks: a chosen hand, deck, discards and routes.

:func:`made_state` builds a ``GameState`` that holds all 110 cards, with the cards a
check needs where it needs them (in a player's hand, face up, on top of the deck) and
the others shuffled with a seeded ``random.Random`` into the deck and the discards.
:func:`started_state` is the state of a real game right after its start: each player has
kept the first 3 of its 5 tickets.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from ..model import (
    Card,
    CardState,
    ChMap,
    Constants,
    Deck,
    GameState,
    PlayerId,
    PlayerState,
    Route,
    SortedBag,
    Ticket,
)

__all__ = ["made_state", "scarce_state", "started_state", "NAMES", "cards", "SINGLE_TRIP_TICKETS"]

#: The players' names in the checks.
NAMES = {PlayerId.PLAYER_1: "Ada", PlayerId.PLAYER_2: "Bob"}


#: The 34 tickets of a single trip (city to city): a light ticket pile for scenarios.
SINGLE_TRIP_TICKETS: SortedBag[Ticket] = SortedBag(tuple(t for t in ChMap.tickets() if len(t.trips) == 1))


def cards(*counts_and_cards: object) -> SortedBag[Card]:
    """A bag of cards: ``cards(2, Card.RED, 1, Card.LOCOMOTIVE)``."""
    return SortedBag.of(*counts_and_cards)


def made_state(
    *,
    current: PlayerId = PlayerId.PLAYER_1,
    hands: Mapping[PlayerId, Iterable[Card]] | None = None,
    routes: Mapping[PlayerId, Sequence[Route]] | None = None,
    tickets: Mapping[PlayerId, Sequence[Ticket]] | None = None,
    face_up: Sequence[Card] | None = None,
    deck_top: Sequence[Card] = (),
    deck_size: int | None = None,
    last_player: PlayerId | None = None,
    seed: int = 0,
) -> GameState:
    """A game state holding all 110 cards, with these hands, routes, face-up cards and deck.

    The deck starts with ``deck_top`` and holds ``deck_size`` cards (all the cards left
    when None); the cards left over are the discards. The ticket pile holds the
    single-trip tickets that no player holds, shuffled.
    """
    rng = random.Random(seed)
    hands = {pid: list((hands or {}).get(pid, ())) for pid in PlayerId}
    remaining = Counter(Constants.ALL_CARDS)

    def take(some: Iterable[Card]) -> None:
        for card in some:
            if remaining[card] == 0:
                raise ValueError(f"made_state: no {card.name} card left to place")
            remaining[card] -= 1

    for hand in hands.values():
        take(hand)
    take(deck_top)
    if face_up is not None:
        take(face_up)
    rest = sorted(remaining.elements())
    rng.shuffle(rest)
    if face_up is None:
        face_up, rest = rest[:5], rest[5:]
    below = len(rest) if deck_size is None else deck_size - len(deck_top)
    if below < 0 or below > len(rest):
        raise ValueError(f"made_state: a deck of {deck_size} cards cannot start with {len(deck_top)} given cards")
    deck = Deck(tuple(deck_top) + tuple(rest[:below]))
    discards = SortedBag(tuple(rest[below:]))
    given = {pid: list((tickets or {}).get(pid, ())) for pid in PlayerId}
    pile = list(SINGLE_TRIP_TICKETS)
    for held in given.values():
        for ticket in held:
            if ticket in pile:
                pile.remove(ticket)
    rng.shuffle(pile)
    players = {
        pid: PlayerState(SortedBag(tuple(given[pid])), SortedBag(tuple(hands[pid])), tuple((routes or {}).get(pid, ())))
        for pid in PlayerId
    }
    return GameState(
        Deck(tuple(pile)), CardState(tuple(face_up), deck, discards), current, players, last_player
    )


def scarce_state(hand: Sequence[Card], deck: Sequence[Card], *, current: PlayerId = PlayerId.PLAYER_1,
                 seed: int = 0) -> GameState:
    """A state where the deck holds only ``deck`` and the discards nothing: the current
    player holds ``hand``, and the other player every card that is neither in it, nor
    face up, nor in the deck (all 110 cards are still there)."""
    face_up = [Card.WHITE, Card.WHITE, Card.GREEN, Card.GREEN, Card.YELLOW]
    rest = Counter(Constants.ALL_CARDS)
    rest.subtract(list(hand) + list(deck) + face_up)
    other = PlayerId.PLAYER_2 if current is PlayerId.PLAYER_1 else PlayerId.PLAYER_1
    return made_state(current=current, hands={current: hand, other: sorted(rest.elements())}, face_up=face_up,
                      deck_top=deck, deck_size=len(deck), seed=seed)


def started_state(seed: int, tickets: SortedBag[Ticket] | None = None) -> GameState:
    """The state of a new game (``GameState.initial``) once both players kept 3 tickets.

    ``tickets`` are the game's tickets (all 46 when None).
    """
    state = GameState.initial(ChMap.all_tickets() if tickets is None else tickets, random.Random(seed))
    offers = {}
    for player_id in PlayerId:
        offers[player_id] = state.top_tickets(Constants.INITIAL_TICKETS_COUNT)
        state = state.without_top_tickets(Constants.INITIAL_TICKETS_COUNT)
    for player_id in PlayerId:
        state = state.with_initially_chosen_tickets(player_id, SortedBag(tuple(offers[player_id])[:3]))
    return state
