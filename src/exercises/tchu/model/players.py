"""The Player protocol (what a game asks a player) and two computer players.

A game talks to each player only through the methods of ``Player``. A player sees the
public game state and its own complete state (``update_state``), never the opponent's
hand nor the piles.

* ``RandomPlayer`` plays a random legal move.
* ``GreedyPlayer`` keeps the tickets it can reach most cheaply, claims the routes of the
  shortest paths between their stations, and draws the cards those routes need.

Both are deterministic given their ``random.Random`` and play legal moves only.
If a player can do nothing legal at all (no route, no ticket, fewer than 5 cards to
draw) it asks to draw cards, the only move that may still be possible.
"""

from __future__ import annotations

import enum
import heapq
import random
from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from ...i18n import _
from .bag import SortedBag
from .cards import Card, Constants
from .chmap import ChMap, Route, Ticket
from .state import PlayerId, PlayerState, PublicGameState, has_claim_cards

__all__ = ["TurnKind", "Player", "RandomPlayer", "GreedyPlayer"]


class TurnKind(enum.Enum):
    """The three things a player may do in a turn."""

    DRAW_TICKETS = "DRAW_TICKETS"
    DRAW_CARDS = "DRAW_CARDS"
    CLAIM_ROUTE = "CLAIM_ROUTE"

    def __repr__(self) -> str:
        return f"TurnKind.{self.name}"


@runtime_checkable
class Player(Protocol):
    """What a game calls on a player, in the original's order of a game."""

    def init_players(self, own_id: PlayerId, player_names: Mapping[PlayerId, str]) -> None:
        """Once at the start: the player's own id and both players' names."""
        ...

    def receive_info(self, info: str) -> None:
        """A message of the game log (made by ``Info``)."""
        ...

    def update_state(self, new_state: PublicGameState, own_state: PlayerState) -> None:
        """The game changed: the public state and this player's complete state."""
        ...

    def set_initial_ticket_choice(self, tickets: SortedBag[Ticket]) -> None:
        """Once at the start: the 5 tickets dealt to the player."""
        ...

    def choose_initial_tickets(self) -> SortedBag[Ticket]:
        """The initial tickets the player keeps (at least 3 of the 5)."""
        ...

    def next_turn(self) -> TurnKind:
        """At the start of the player's turn: what the player does."""
        ...

    def choose_tickets(self, options: SortedBag[Ticket]) -> SortedBag[Ticket]:
        """DRAW_TICKETS: the tickets kept among the 3 drawn (at least 1)."""
        ...

    def draw_slot(self) -> int:
        """DRAW_CARDS (called twice): a face-up slot 0 to 4, or -1 for the deck."""
        ...

    def claimed_route(self) -> Route:
        """CLAIM_ROUTE: the route the player claims."""
        ...

    def initial_claim_cards(self) -> SortedBag[Card]:
        """CLAIM_ROUTE: the cards first played for it (one of its possible claim cards)."""
        ...

    def choose_additional_cards(self, options: list[SortedBag[Card]]) -> SortedBag[Card]:
        """Tunnel with an extra cost: one of ``options``, or an empty bag to give up."""
        ...


def claimable_routes(state: PublicGameState, own: PlayerState) -> list[Route]:
    """The routes of the map the player can claim now: free (twin too) and affordable."""
    counts, cars = own.cards.counts(), own.car_count
    blocked = _blocked_ids(state)
    return [r for r in ChMap.routes() if r.id not in blocked and r.length <= cars and has_claim_cards(counts, r)]


def _blocked_ids(state: PublicGameState) -> set[str]:
    """The ids of the claimed routes and of their twins."""
    blocked = set()
    for route in state.claimed_routes():
        blocked.add(route.id)
        twin = ChMap.twin(route)
        if twin is not None:
            blocked.add(twin.id)
    return blocked


def _min_tickets(options: SortedBag[Ticket]) -> int:
    """How many of the offered tickets must be kept: 3 of 5 initially, 1 of 3 later."""
    return max(1, len(options) - Constants.DISCARDABLE_TICKETS_COUNT)


def _adjacency(costs: dict[Route, int]) -> dict[int, list[tuple[int, Route, int]]]:
    """For each station id, its neighbours' ids, the routes to them and their costs."""
    adjacent: dict[int, list[tuple[int, Route, int]]] = {}
    for route, cost in costs.items():
        a, b = route.station1.id, route.station2.id
        adjacent.setdefault(a, []).append((b, route, cost))
        adjacent.setdefault(b, []).append((a, route, cost))
    return adjacent


def _cheapest_path(
    sources: set[int], targets: set[int], adjacent: dict[int, list[tuple[int, Route, int]]]
) -> tuple[int, tuple[Route, ...]] | None:
    """Dijkstra from any of the ``sources`` station ids to the nearest of ``targets``."""
    best = {source: 0 for source in sources}
    paths: dict[int, tuple[Route, ...]] = {source: () for source in sources}
    queue = [(0, source) for source in sorted(sources)]
    while queue:
        cost, station = heapq.heappop(queue)
        if cost > best[station]:
            continue
        if station in targets:
            return cost, paths[station]
        for other, route, route_cost in adjacent.get(station, ()):
            new_cost = cost + route_cost
            if new_cost < best.get(other, 1 << 30):
                best[other] = new_cost
                paths[other] = paths[station] + (route,)
                heapq.heappush(queue, (new_cost, other))
    return None


class _BasePlayer:
    """Remembers what the game told the player; subclasses decide the moves."""

    def __init__(self, rng: random.Random | int = 0) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.own_id: PlayerId | None = None
        self.player_names: dict[PlayerId, str] = {}
        self.state: PublicGameState | None = None
        self.own_state: PlayerState | None = None
        self.initial_tickets: SortedBag[Ticket] = SortedBag()
        self.infos: list[str] = []
        self.route: Route | None = None

    def init_players(self, own_id: PlayerId, player_names: Mapping[PlayerId, str]) -> None:
        """Remember the player's id and the names."""
        self.own_id = own_id
        self.player_names = dict(player_names)

    def receive_info(self, info: str) -> None:
        """Keep the message."""
        self.infos.append(info)

    def update_state(self, new_state: PublicGameState, own_state: PlayerState) -> None:
        """Remember the latest states."""
        self.state = new_state
        self.own_state = own_state

    def set_initial_ticket_choice(self, tickets: SortedBag[Ticket]) -> None:
        """Remember the 5 dealt tickets."""
        self.initial_tickets = tickets

    def _states(self) -> tuple[PublicGameState, PlayerState]:
        """The latest states, or an error saying that update_state was never called."""
        if self.state is None or self.own_state is None:
            raise RuntimeError(
                _("{player} has not received a state yet: the game must call "
                "update_state(new_state, own_state) before asking it to play").format(
                    player=type(self).__name__
                )
            )
        return self.state, self.own_state

    def _chosen_route(self) -> Route:
        """The route chosen by ``next_turn``, or an error saying it was not chosen."""
        if self.route is None:
            raise RuntimeError(
                _("{player} has not chosen a route: claimed_route() and "
                "initial_claim_cards() come after next_turn() answered CLAIM_ROUTE").format(
                    player=type(self).__name__
                )
            )
        return self.route

    def _deck_slot_or_face_up(self) -> int:
        """The deck if it has a card (counting the discards that will refill it), else slot 0."""
        state, _own = self._states()
        return Constants.DECK_SLOT if state.card_state.total_size > 0 else 0


class RandomPlayer(_BasePlayer):
    """A player that picks a random legal move, with its own ``random.Random``."""

    def choose_initial_tickets(self) -> SortedBag[Ticket]:
        """A random choice of 3 to 5 of the dealt tickets."""
        tickets = list(self.initial_tickets)
        count = self.rng.randint(_min_tickets(self.initial_tickets), len(tickets))
        return SortedBag(tuple(self.rng.sample(tickets, count)))

    def next_turn(self) -> TurnKind:
        """Claim a random route if possible (usually), else draw cards or tickets."""
        state, own = self._states()
        self.route = None
        routes = claimable_routes(state, own)
        kinds = []
        if routes:
            kinds += [TurnKind.CLAIM_ROUTE] * 4
        if state.can_draw_cards():
            kinds += [TurnKind.DRAW_CARDS] * 4
        if state.can_draw_tickets():
            kinds.append(TurnKind.DRAW_TICKETS)
        kind = self.rng.choice(kinds) if kinds else TurnKind.DRAW_CARDS
        if kind is TurnKind.CLAIM_ROUTE:
            self.route = self.rng.choice(routes)
        return kind

    def choose_tickets(self, options: SortedBag[Ticket]) -> SortedBag[Ticket]:
        """A random choice of at least one of the drawn tickets."""
        count = self.rng.randint(_min_tickets(options), len(options))
        return SortedBag(tuple(self.rng.sample(list(options), count)))

    def draw_slot(self) -> int:
        """A random face-up slot or the deck."""
        state, _own = self._states()
        if state.card_state.total_size == 0:
            return self.rng.randrange(Constants.FACE_UP_CARDS_COUNT)
        return self.rng.choice([Constants.DECK_SLOT, *Constants.FACE_UP_CARD_SLOTS])

    def claimed_route(self) -> Route:
        """The route chosen in ``next_turn``."""
        return self._chosen_route()

    def initial_claim_cards(self) -> SortedBag[Card]:
        """A random one of the possible claim cards."""
        _state, own = self._states()
        return self.rng.choice(own.possible_claim_cards(self._chosen_route()))

    def choose_additional_cards(self, options: list[SortedBag[Card]]) -> SortedBag[Card]:
        """Usually a random option, sometimes giving up."""
        if not options or self.rng.random() < 0.2:
            return SortedBag()
        return self.rng.choice(options)


class GreedyPlayer(_BasePlayer):
    """Keeps reachable tickets, claims routes on shortest paths to them, draws useful cards.

    Its ``rng`` chooses among equally useful face-up cards; everything else follows
    fixed rules, so the same ``rng`` seed and the same game give the same moves.
    """

    #: Below this many cars left, the player stops drawing new tickets.
    TICKET_CAR_RESERVE = 12
    #: The cost of a ticket the player cannot complete any more.
    UNREACHABLE = 10_000

    def __init__(self, rng: random.Random | int = 0) -> None:
        super().__init__(rng)
        # Plans for the latest state, made when first needed.
        self._costs: dict[Route, int] | None = None
        self._adjacent: dict[int, list[tuple[int, Route, int]]] = {}
        self._wanted: list[Route] | None = None

    def update_state(self, new_state: PublicGameState, own_state: PlayerState) -> None:
        """Remember the latest states and forget the plans made for the previous ones."""
        super().update_state(new_state, own_state)
        self._costs = None
        self._wanted = None

    def _route_costs(self) -> dict[Route, int]:
        """The routes the player may still use: its own cost nothing, free ones their length."""
        if self._costs is None:
            state, own_state = self._states()
            blocked = _blocked_ids(state)
            costs = {route: 0 for route in own_state.routes}
            for route in ChMap.routes():
                if route.id not in blocked:
                    costs[route] = route.length
            self._costs = costs
            self._adjacent = _adjacency(costs)
        return self._costs

    def _ticket_plan(self, ticket: Ticket) -> tuple[int, tuple[Route, ...]] | None:
        """The cheapest way to connect one trip of ``ticket``: cost and routes, or None."""
        self._route_costs()
        return _cheapest_path(
            {trip.from_station.id for trip in ticket.trips}, {trip.to_station.id for trip in ticket.trips},
                              self._adjacent
        )

    def _rank_tickets(self, tickets: SortedBag[Ticket]) -> list[tuple[int, int, Ticket]]:
        """The tickets by cost to complete (unreachable last), with their points."""
        ranked = []
        for ticket in tickets:
            plan = self._ticket_plan(ticket)
            cost = plan[0] if plan is not None else self.UNREACHABLE
            points = max(trip.points for trip in ticket.trips)
            ranked.append((cost, -points, ticket))
        ranked.sort(key=lambda item: (item[0], item[1], item[2].text))
        return [(cost, -minus_points, ticket) for cost, minus_points, ticket in ranked]

    def _keep(self, options: SortedBag[Ticket], budget: int) -> SortedBag[Ticket]:
        """The cheapest tickets: the minimum number, plus any others that fit the budget."""
        kept: list[Ticket] = []
        spent = 0
        for cost, _points, ticket in self._rank_tickets(options):
            if len(kept) < _min_tickets(options) or (cost < self.UNREACHABLE and spent + cost <= budget):
                kept.append(ticket)
                spent += cost
        return SortedBag(tuple(kept))

    def choose_initial_tickets(self) -> SortedBag[Ticket]:
        """The 3 cheapest tickets to complete, and more if they are cheap."""
        return self._keep(self.initial_tickets, Constants.INITIAL_CAR_COUNT // 2)

    def choose_tickets(self, options: SortedBag[Ticket]) -> SortedBag[Ticket]:
        """The cheapest ticket to complete, and more if the remaining cars allow it."""
        _state, own = self._states()
        return self._keep(options, own.car_count // 3)

    def _wanted_routes(self) -> list[Route]:
        """The free routes on the cheapest paths of the unfinished tickets, cheapest first."""
        if self._wanted is None:
            self._wanted = self._plan_routes()
        return list(self._wanted)

    def _plan_routes(self) -> list[Route]:
        """The free routes of the cheapest path of each unfinished ticket, cheapest ticket first."""
        _state, own = self._states()
        costs = self._route_costs()
        wanted: list[Route] = []
        plans = []
        for ticket in own.tickets:
            plan = self._ticket_plan(ticket)
            if plan is not None and plan[0] > 0:
                plans.append(plan)
        for _cost, path in sorted(plans, key=lambda plan: plan[0]):
            for route in path:
                if costs[route] > 0 and route not in wanted:
                    wanted.append(route)
        return wanted

    def _wanted_cards(self, routes: list[Route]) -> set[Card]:
        """The car cards the wanted routes need (a neutral route wants the player's best color)."""
        _state, own = self._states()
        counts = own.cards.counts()
        wanted: set[Card] = set()
        for route in routes:
            if route.color is not None:
                wanted.add(Card.of(route.color))
            else:
                best = max((c for c in counts if c is not Card.LOCOMOTIVE), key=lambda c: counts[c], default=None)
                if best is not None:
                    wanted.add(best)
        return wanted

    def next_turn(self) -> TurnKind:
        """Claim a wanted route, else draw cards for them, else take tickets or any route."""
        state, own = self._states()
        self.route = None
        claimable = claimable_routes(state, own)
        wanted = self._wanted_routes()
        for route in sorted(wanted, key=lambda r: -r.length):
            if route in claimable:
                self.route = route
                return TurnKind.CLAIM_ROUTE
        if wanted and state.can_draw_cards() and own.car_count > Constants.MAX_ROUTE_LENGTH // 2:
            return TurnKind.DRAW_CARDS
        if state.can_draw_tickets() and own.car_count >= self.TICKET_CAR_RESERVE and not wanted:
            return TurnKind.DRAW_TICKETS
        if claimable:
            self.route = max(claimable, key=lambda r: (r.length, -ChMap.routes().index(r)))
            return TurnKind.CLAIM_ROUTE
        if state.can_draw_cards():
            return TurnKind.DRAW_CARDS
        if state.can_draw_tickets():
            return TurnKind.DRAW_TICKETS
        return TurnKind.DRAW_CARDS

    def draw_slot(self) -> int:
        """A face-up card a wanted route needs (chosen with the rng), else a face-up
        locomotive, else the deck."""
        state, _own = self._states()
        face_up = state.card_state.face_up_cards
        wanted = self._wanted_cards(self._wanted_routes())
        useful = [slot for slot, card in enumerate(face_up) if card in wanted]
        if useful:
            return self.rng.choice(useful)
        if Card.LOCOMOTIVE in face_up:
            return face_up.index(Card.LOCOMOTIVE)
        return self._deck_slot_or_face_up()

    def claimed_route(self) -> Route:
        """The route chosen in ``next_turn``."""
        return self._chosen_route()

    def initial_claim_cards(self) -> SortedBag[Card]:
        """The possible claim cards with the fewest locomotives, of the color held most."""
        _state, own = self._states()
        counts = own.cards.counts()
        options = own.possible_claim_cards(self._chosen_route())

        def key(option: SortedBag[Card]) -> tuple[int, int]:
            car = next((c for c in option if c is not Card.LOCOMOTIVE), Card.LOCOMOTIVE)
            return (option.count(Card.LOCOMOTIVE), -counts.get(car, 0))

        return min(options, key=key)

    def choose_additional_cards(self, options: list[SortedBag[Card]]) -> SortedBag[Card]:
        """The option with the fewest locomotives (options come sorted that way)."""
        return options[0] if options else SortedBag()
