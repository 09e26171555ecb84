"""The state of a game of tCHu: players' states and the game state, public and complete.

Every state is an immutable value; each ``with_...`` method returns a new state and
raises ValueError (naming the bad value) without changing anything when its
precondition does not hold.

Rules (as in the original):

* Each player has 40 cars; claiming a route of length L uses L cars and gives
  1, 2, 4, 7, 10 or 15 points for L = 1 to 6.
* The claim cards go from the player's hand to the discard pile.
* Of a double route (two routes between the same stations) only one can be claimed in
  this two-player game: once either is taken, the other is blocked.
* Drawing tickets: the 3 top tickets leave the pile; the player keeps at least one,
  the others are out of the game.
* The last turn: when a player ends a turn with 2 cars or fewer, every player, that one
  included, plays exactly one more turn.
* Final points: claim points plus ticket points (the longest-trail bonus is computed by
  the game with ``Trail.longest``).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from ...browser import NoMatplotlib
from ...i18n import _
from .bag import SortedBag
from .cards import CARS, Card, CardState, Constants, Deck, PublicCardState
from .chmap import ChMap, Route, StationPartition, Ticket

__all__ = [
    "PlayerId",
    "PublicPlayerState",
    "PlayerState",
    "PublicGameState",
    "GameState",
    "LAST_TURN_CAR_COUNT",
]

#: A player who ends a turn with this many cars or fewer starts the last turn.
LAST_TURN_CAR_COUNT = 2


class PlayerId(enum.Enum):
    """The two players."""

    PLAYER_1 = "PLAYER_1"
    PLAYER_2 = "PLAYER_2"

    def next(self) -> PlayerId:
        """The other player."""
        return PlayerId.PLAYER_2 if self is PlayerId.PLAYER_1 else PlayerId.PLAYER_1

    def __repr__(self) -> str:
        return f"PlayerId.{self.name}"


def _route_tuple(routes: Iterable[Route]) -> tuple[Route, ...]:
    routes = tuple(routes)
    for route in routes:
        if not isinstance(route, Route):
            raise ValueError(_("routes must be Routes, got {route!r}").format(route=route))
    return routes


def has_claim_cards(counts: Mapping[Card, int], route: Route) -> bool:
    """True if a hand with these card ``counts`` holds one of the route's possible claim cards."""
    locomotives = counts.get(Card.LOCOMOTIVE, 0) if route.is_tunnel else 0
    if locomotives >= route.length:
        return True
    cars = (Card.of(route.color),) if route.color is not None else CARS
    return any(counts.get(car, 0) + locomotives >= route.length for car in cars)


E = TypeVar("E")


def _bag_of(items: Iterable[E], kind: type[E], name: str) -> SortedBag[E]:
    """``items`` as a SortedBag of ``kind`` values, or ValueError naming the odd one."""
    if isinstance(items, (str, bytes)) or not hasattr(items, "__iter__"):
        raise ValueError(_("{name} must be a SortedBag of {kind} values, got {items!r}").format(
            name=name, kind=kind.__name__, items=items
        ))
    for item in items:
        if not isinstance(item, kind):
            raise ValueError(_("{name} must hold {kind} values, got {item!r}").format(
                name=name, kind=kind.__name__, item=item
            ))
    return items if isinstance(items, SortedBag) else SortedBag(tuple(items))


@dataclass(frozen=True)
class PublicPlayerState:
    """A player as the opponent sees them: how many tickets and cards, which routes."""

    ticket_count: int
    card_count: int
    routes: tuple[Route, ...]

    def __post_init__(self) -> None:
        for name in ("ticket_count", "card_count"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise ValueError(_("{name} must be an int >= 0, got {value!r}").format(
                    name=name, value=value
                ))
        object.__setattr__(self, "routes", _route_tuple(self.routes))

    @property
    def car_count(self) -> int:
        """Cars left: 40 minus the lengths of the player's routes."""
        cars = self.__dict__.get("_car_count")
        if cars is None:
            cars = Constants.INITIAL_CAR_COUNT - sum(route.length for route in self.routes)
            self.__dict__["_car_count"] = cars
        return cars

    @property
    def claim_points(self) -> int:
        """Points earned by claiming routes."""
        return sum(route.claim_points for route in self.routes)

    def public(self) -> PublicPlayerState:
        """What the opponent may see of this player (a PublicPlayerState, never a PlayerState)."""
        return PublicPlayerState(self.ticket_count, self.card_count, self.routes)


@dataclass(frozen=True, init=False, repr=False)
class PlayerState(PublicPlayerState):
    """A player's complete state: tickets, cards in hand and claimed routes.

    Built as ``PlayerState(tickets, cards, routes)``; ``ticket_count`` and ``card_count``
    are always the sizes of ``tickets`` and ``cards``: a value given for them (as when a
    state is rebuilt from its fields) is replaced by the real one.
    """

    tickets: SortedBag[Ticket]
    cards: SortedBag[Card]

    def __init__(
        self,
        tickets: SortedBag[Ticket],
        cards: SortedBag[Card],
        routes: Iterable[Route] = (),
        ticket_count: int | None = None,
        card_count: int | None = None,
    ) -> None:
        tickets = _bag_of(tickets, Ticket, "tickets")
        cards = _bag_of(cards, Card, "cards")
        object.__setattr__(self, "ticket_count", len(tickets))
        object.__setattr__(self, "card_count", len(cards))
        object.__setattr__(self, "routes", _route_tuple(routes))
        object.__setattr__(self, "tickets", tickets)
        object.__setattr__(self, "cards", cards)

    def __repr__(self) -> str:
        return f"PlayerState(tickets={self.tickets!r}, cards={self.cards!r}, routes={self.routes!r})"

    @classmethod
    def initial(cls, initial_cards: SortedBag[Card]) -> PlayerState:
        """A player at the start: the 4 dealt cards, no ticket, no route."""
        if len(initial_cards) != Constants.INITIAL_CARDS_COUNT:
            raise ValueError(_("a player starts with exactly 4 cards, got {count}").format(
                count=len(initial_cards)
            ))
        return cls(SortedBag(), SortedBag(tuple(initial_cards)), ())

    def with_added_tickets(self, new_tickets: SortedBag[Ticket]) -> PlayerState:
        """The state with ``new_tickets`` added to the player's tickets."""
        return PlayerState(self.tickets.union(new_tickets), self.cards, self.routes)

    def with_added_card(self, card: Card) -> PlayerState:
        """The state with ``card`` added to the hand."""
        if not isinstance(card, Card):
            raise ValueError(_("a card must be a Card, got {card!r}").format(card=card))
        return PlayerState(self.tickets, self.cards.union((card,)), self.routes)

    def with_added_cards(self, cards: SortedBag[Card]) -> PlayerState:
        """The state with ``cards`` added to the hand."""
        return PlayerState(self.tickets, self.cards.union(cards), self.routes)

    def _check_cars_for(self, route: Route) -> None:
        if self.car_count < route.length:
            raise ValueError(
                _("route {id} ({description}) needs {length} cars, "
                "the player has only {car_count}").format(
                    id=route.id, description=route.description, length=route.length, car_count=self.car_count
                )
            )

    def can_claim_route(self, route: Route) -> bool:
        """True if the player has enough cars and the cards of a possible claim."""
        return self.car_count >= route.length and has_claim_cards(self.cards.counts(), route)

    def possible_claim_cards(self, route: Route) -> list[SortedBag[Card]]:
        """The route's possible claim cards that the player holds, in the route's order."""
        self._check_cars_for(route)
        return [option for option in route.possible_claim_cards() if self.cards.contains_all(option)]

    def possible_additional_cards(
        self, additional_cards_count: int, initial_cards: SortedBag[Card]
    ) -> list[SortedBag[Card]]:
        """The sets of cards the player may add to claim a tunnel, fewest locomotives first.

        Usable cards are the hand minus ``initial_cards``, limited to locomotives and to
        the car kind of ``initial_cards`` (only locomotives if those are all locomotives).
        """
        if type(additional_cards_count) is not int or not 1 <= additional_cards_count <= 3:
            raise ValueError(_("additional_cards_count must be 1, 2 or 3, got {additional_cards_count!r}").format(
                additional_cards_count=additional_cards_count
            ))
        kinds = set(initial_cards)
        if not kinds or len(kinds) > 2:
            raise ValueError(
                _("initial_cards must be 1 to {max_route_length} cards of at most 2 kinds, "
                "got {initial_cards!r}").format(
                    max_route_length=Constants.MAX_ROUTE_LENGTH, initial_cards=initial_cards
                )
            )
        kinds.add(Card.LOCOMOTIVE)
        usable = SortedBag(tuple(c for c in self.cards.difference(initial_cards) if c in kinds))
        options = usable.subsets_of_size(additional_cards_count)
        return sorted(options, key=lambda option: option.count(Card.LOCOMOTIVE))

    def with_claimed_route(self, route: Route, claim_cards: SortedBag[Card]) -> PlayerState:
        """The state after the player claims ``route`` with ``claim_cards`` from the hand."""
        self._check_cars_for(route)
        if not self.cards.contains_all(claim_cards):
            raise ValueError(_("the player does not hold the cards {claim_cards!r} (hand: {cards!r})").format(
                claim_cards=claim_cards, cards=self.cards
            ))
        return PlayerState(self.tickets, self.cards.difference(claim_cards), self.routes + (route,))

    def ticket_points(self) -> int:
        """The points of all the player's tickets, given the player's routes."""
        partition = StationPartition.of_routes(self.routes)
        return sum(ticket.points(partition) for ticket in self.tickets)

    def final_points(self) -> int:
        """Claim points plus ticket points (the longest-trail bonus is not included)."""
        return self.claim_points + self.ticket_points()

    def _repr_html_(self) -> str:
        from ..pictures import player_state_html  # import cycle: lazy, for rich display only

        return player_state_html(self)


def _player_tuple(states: object, kind: type) -> tuple[Any, ...]:
    """Two player states in PlayerId order, from a tuple/list or a {PlayerId: state} dict."""
    if isinstance(states, Mapping):
        if set(states) != set(PlayerId):
            raise ValueError(_("player_states must have one entry per PlayerId, got keys {states}").format(
                states=list(states)
            ))
        states = tuple(states[player_id] for player_id in PlayerId)
    found = tuple(cast("Iterable[object]", states))  # not an iterable: tuple() raises TypeError
    if len(found) != len(PlayerId) or not all(isinstance(s, kind) for s in found):
        raise ValueError(_("player_states must be 2 {kind} values (PLAYER_1, PLAYER_2), got {states!r}").format(
            kind=kind.__name__, states=found
        ))
    return found


def _is_valid_claim(route: Route, cards: SortedBag[Card]) -> bool:
    """True if ``cards`` may claim ``route`` (with the additional cards of a tunnel)."""
    if not route.is_tunnel:
        return cards in route.possible_claim_cards()
    kinds = set(cards) - {Card.LOCOMOTIVE}
    if len(kinds) > 1 or (kinds and route.color is not None and kinds != {Card.of(route.color)}):
        return False
    return route.length <= len(cards) <= route.length + Constants.ADDITIONAL_TUNNEL_CARDS


@dataclass(frozen=True)
class PublicGameState:
    """A game as every player sees it."""

    ticket_count: int
    card_state: PublicCardState
    current_player_id: PlayerId
    player_states: tuple[PublicPlayerState, PublicPlayerState]
    last_player: PlayerId | None = None

    def __post_init__(self) -> None:
        if type(self.ticket_count) is not int or self.ticket_count < 0:
            raise ValueError(_("ticket_count must be an int >= 0, got {ticket_count!r}").format(
                ticket_count=self.ticket_count
            ))
        _check_common(self, PublicCardState, PublicPlayerState)

    def can_draw_tickets(self) -> bool:
        """True if the ticket pile is not empty."""
        return self.ticket_count > 0

    def can_draw_cards(self) -> bool:
        """True if the draw pile and the discards hold at least 5 cards together."""
        return self.card_state.deck_size + self.card_state.discards_size >= 5

    def player_state(self, player_id: PlayerId) -> PublicPlayerState:
        """The state of player ``player_id``."""
        if not isinstance(player_id, PlayerId):
            raise ValueError(_("player_id must be a PlayerId, got {player_id!r}").format(player_id=player_id))
        return self.player_states[0 if player_id is PlayerId.PLAYER_1 else 1]

    def current_player_state(self) -> PublicPlayerState:
        """The state of the player whose turn it is."""
        return self.player_state(self.current_player_id)

    def claimed_routes(self) -> tuple[Route, ...]:
        """Every route claimed so far, by either player."""
        return self.player_states[0].routes + self.player_states[1].routes

    def route_owner(self, route: Route) -> PlayerId | None:
        """The player who claimed ``route``, or None."""
        for player_id, state in zip(PlayerId, self.player_states):
            if route in state.routes:
                return player_id
        return None

    def is_route_free(self, route: Route) -> bool:
        """True if nobody owns ``route`` nor its twin (the other track of a double route)."""
        claimed = set(self.claimed_routes())
        twin = ChMap.twin(route)
        return route not in claimed and (twin is None or twin not in claimed)

    def public(self) -> PublicGameState:
        """What every player may see of this game (a PublicGameState, never a GameState)."""
        return PublicGameState(
            self.ticket_count,
            self.card_state.public(),
            self.current_player_id,
            tuple(state.public() for state in self.player_states),  # type: ignore[arg-type]
            self.last_player,
        )

    def _repr_png_(self) -> bytes | None:
        from ..pictures import map_png  # import cycle: lazy, for rich display only

        try:
            return map_png(self)
        except NoMatplotlib as missing:  # in the browser, offline: the sentence instead of the map
            print(missing)
            return None


def _check_common(state: PublicGameState, card_kind: type, player_kind: type) -> None:
    """Check the fields that public and complete game states share."""
    if not isinstance(state.card_state, card_kind):
        raise ValueError(_("card_state must be a {kind}, got {card_state!r}").format(
            kind=card_kind.__name__, card_state=state.card_state
        ))
    if not isinstance(state.current_player_id, PlayerId):
        raise ValueError(_("current_player_id must be a PlayerId, got {current_player_id!r}").format(
            current_player_id=state.current_player_id
        ))
    if state.last_player is not None and not isinstance(state.last_player, PlayerId):
        raise ValueError(_("last_player must be a PlayerId or None, got {last_player!r}").format(
            last_player=state.last_player
        ))
    object.__setattr__(state, "player_states", _player_tuple(state.player_states, player_kind))


@dataclass(frozen=True, init=False, repr=False)
class GameState(PublicGameState):
    """A whole game: ticket pile, cards, both players' complete states, whose turn it is.

    Built as ``GameState(ticket_deck, card_state, current_player_id, player_states,
    last_player=None)``; ``player_states`` is a tuple (PLAYER_1's, PLAYER_2's) or a
    ``{PlayerId: PlayerState}`` dict. ``ticket_count`` is always the size of
    ``ticket_deck``: a value given for it (as when a state is rebuilt from its fields)
    is replaced by the real one. A GameState is a PublicGameState, with the hidden
    parts; ``public()`` leaves them out.
    """

    # GameState writes its own __init__ (init=False): mypy's rule on the order of defaults does not apply.
    ticket_deck: Deck[Ticket]  # type: ignore[misc]
    card_state: CardState
    player_states: tuple[PlayerState, PlayerState]

    def __init__(
        self,
        ticket_deck: Deck[Ticket],
        card_state: CardState,
        current_player_id: PlayerId,
        player_states: tuple[PlayerState, PlayerState] | Mapping[PlayerId, PlayerState],
        last_player: PlayerId | None = None,
        ticket_count: int | None = None,
    ) -> None:
        if not isinstance(ticket_deck, Deck):
            raise ValueError(_("ticket_deck must be a Deck, got {ticket_deck!r}").format(
                ticket_deck=ticket_deck
            ))
        object.__setattr__(self, "ticket_count", ticket_deck.size)
        object.__setattr__(self, "card_state", card_state)
        object.__setattr__(self, "current_player_id", current_player_id)
        object.__setattr__(self, "player_states", player_states)
        object.__setattr__(self, "last_player", last_player)
        object.__setattr__(self, "ticket_deck", ticket_deck)
        _check_common(self, CardState, PlayerState)

    @classmethod
    def initial(cls, tickets: SortedBag[Ticket], rng: random.Random) -> GameState:
        """A new game: tickets and cards shuffled with ``rng``, 4 cards each, first player drawn.

        ``rng`` is used in this order: shuffle the tickets, shuffle the 110 cards (PLAYER_1
        gets the 4 top cards, PLAYER_2 the next 4, the next 5 lie face up), then choose
        the first player.
        """
        ticket_deck = Deck.of(tickets, rng)
        deck = Deck.of(Constants.ALL_CARDS, rng)
        states = {}
        for player in PlayerId:
            states[player] = PlayerState.initial(deck.top_cards(Constants.INITIAL_CARDS_COUNT))
            deck = deck.without_top_cards(Constants.INITIAL_CARDS_COUNT)
        first = rng.choice(list(PlayerId))
        return cls(ticket_deck, CardState.of(deck), first, states, None)

    def player_state(self, player_id: PlayerId) -> PlayerState:
        """The complete state of player ``player_id``."""
        return super().player_state(player_id)  # type: ignore[return-value]

    def current_player_state(self) -> PlayerState:
        """The complete state of the player whose turn it is."""
        return self.player_state(self.current_player_id)

    def _with(self, **changes: object) -> GameState:
        fields = {
            "ticket_deck": self.ticket_deck,
            "card_state": self.card_state,
            "current_player_id": self.current_player_id,
            "player_states": self.player_states,
            "last_player": self.last_player,
        }
        fields.update(changes)
        return GameState(**fields)  # type: ignore[arg-type]

    def _with_player(self, player_id: PlayerId, state: PlayerState) -> GameState:
        states = tuple(state if pid is player_id else old for pid, old in zip(PlayerId, self.player_states))
        return self._with(player_states=states)

    # Tickets

    def top_tickets(self, count: int) -> SortedBag[Ticket]:
        """The ``count`` tickets on top of the pile."""
        return self.ticket_deck.top_cards(count)

    def without_top_tickets(self, count: int) -> GameState:
        """The state without the ``count`` top tickets."""
        return self._with(ticket_deck=self.ticket_deck.without_top_cards(count))

    def with_initially_chosen_tickets(self, player_id: PlayerId, chosen_tickets: SortedBag[Ticket]) -> GameState:
        """The state where ``player_id`` keeps ``chosen_tickets`` (the pile is not touched)."""
        state = self.player_state(player_id)
        chosen_tickets = _bag_of(chosen_tickets, Ticket, "chosen_tickets")
        if state.ticket_count:
            raise ValueError(_("{name} already has {ticket_count} tickets: initial tickets are chosen once").format(
                name=player_id.name, ticket_count=state.ticket_count
            ))
        return self._with_player(player_id, state.with_added_tickets(chosen_tickets))

    def with_chosen_additional_tickets(
        self, drawn_tickets: SortedBag[Ticket], chosen_tickets: SortedBag[Ticket]
    ) -> GameState:
        """The state after the current player drew ``drawn_tickets`` and kept ``chosen_tickets``.

        All the drawn tickets leave the pile; the ones not chosen are out of the game.
        """
        drawn_tickets = _bag_of(drawn_tickets, Ticket, "drawn_tickets")
        chosen_tickets = _bag_of(chosen_tickets, Ticket, "chosen_tickets")
        if not drawn_tickets.contains_all(chosen_tickets):
            raise ValueError(_("the chosen tickets {chosen_tickets!r} are not among the drawn tickets "
                               "{drawn_tickets!r}").format(
                chosen_tickets=chosen_tickets, drawn_tickets=drawn_tickets
            ))
        if len(drawn_tickets) > self.ticket_deck.size or self.top_tickets(len(drawn_tickets)) != drawn_tickets:
            raise ValueError(_("the drawn tickets {drawn_tickets!r} are not the tickets on top of the pile").format(
                drawn_tickets=drawn_tickets
            ))
        state = self.current_player_state().with_added_tickets(chosen_tickets)
        return self._with_player(self.current_player_id, state)._with(
            ticket_deck=self.ticket_deck.without_top_cards(len(drawn_tickets))
        )

    # Cards

    def top_card(self) -> Card:
        """The card on top of the draw pile."""
        return self.card_state.top_deck_card()

    def without_top_card(self) -> GameState:
        """The state without the top card of the draw pile."""
        return self._with(card_state=self.card_state.without_top_deck_card())

    def with_more_discarded_cards(self, discarded_cards: SortedBag[Card]) -> GameState:
        """The state with ``discarded_cards`` added to the discard pile."""
        return self._with(card_state=self.card_state.with_more_discarded_cards(discarded_cards))

    def with_cards_deck_recreated_if_needed(self, rng: random.Random) -> GameState:
        """If the draw pile is empty, the state where the shuffled discards replace it."""
        if not self.card_state.deck.is_empty():
            return self
        return self._with(card_state=self.card_state.with_deck_recreated_from_discards(rng))

    def with_drawn_face_up_card(self, slot: int) -> GameState:
        """The state after the current player takes the face-up card in ``slot`` (0 to 4)."""
        card = self.card_state.face_up_card(slot)
        card_state = self.card_state.with_drawn_face_up_card(slot)
        state = self.current_player_state().with_added_card(card)
        return self._with_player(self.current_player_id, state)._with(card_state=card_state)

    def with_blindly_drawn_card(self) -> GameState:
        """The state after the current player takes the top card of the draw pile."""
        card = self.card_state.top_deck_card()
        state = self.current_player_state().with_added_card(card)
        return self._with_player(self.current_player_id, state)._with(
            card_state=self.card_state.without_top_deck_card()
        )

    # Routes and turns

    def with_claimed_route(self, route: Route, cards: SortedBag[Card]) -> GameState:
        """The state after the current player claims ``route`` with ``cards`` (to the discards).

        Raises ValueError if the route or its twin is taken, if the cards cannot claim
        this route, or if the player lacks the cards or the cars.
        """
        if not isinstance(route, Route):
            raise ValueError(_("route must be a Route, got {route!r}").format(route=route))
        cards = _bag_of(cards, Card, "cards")
        owner = self.route_owner(route)
        if owner is not None:
            raise ValueError(_("route {id} ({description}) is already claimed by {name}").format(
                id=route.id, description=route.description, name=owner.name
            ))
        twin = ChMap.twin(route)
        if twin is not None and self.route_owner(twin) is not None:
            raise ValueError(
                _("route {id} ({description}) is blocked: its twin {twin} is already claimed").format(
                    id=route.id, description=route.description, twin=twin.id
                )
            )
        if not _is_valid_claim(route, cards):
            raise ValueError(_("the cards {cards!r} cannot claim route {id} ({description})").format(
                cards=cards, id=route.id, description=route.description
            ))
        state = self.current_player_state().with_claimed_route(route, cards)
        return self._with_player(self.current_player_id, state)._with(
            card_state=self.card_state.with_more_discarded_cards(cards)
        )

    def last_turn_begins(self) -> bool:
        """True if the last turn has not begun yet and the current player has 2 cars or fewer."""
        return self.last_player is None and self.current_player_state().car_count <= LAST_TURN_CAR_COUNT

    def for_next_turn(self) -> GameState:
        """The state for the other player's turn; the current player becomes the last one if
        ``last_turn_begins()``."""
        last = self.current_player_id if self.last_turn_begins() else self.last_player
        return self._with(current_player_id=self.current_player_id.next(), last_player=last)

    def __repr__(self) -> str:
        states = ", ".join(
            _("{player}: {tickets} tickets, {cards} cards, {cars} cars").format(
                player=pid.name, tickets=len(s.tickets), cards=len(s.cards), cars=s.car_count)
            for pid, s in zip(PlayerId, self.player_states)
        )
        return _("<GameState: {player} to play, {tickets} tickets, {deck} cards in the deck, "
                 "{discards} discarded; {states}>").format(
            player=self.current_player_id.name, tickets=self.ticket_deck.size, deck=self.card_state.deck.size,
            discards=len(self.card_state.discards), states=states)
