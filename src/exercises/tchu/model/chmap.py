"""The map of tCHu: stations, routes, tickets, connectivity and trails.

Rules (as in the original):

* A route joins two stations; it has a length (1 to 6 cars), a level (overground or
  underground, i.e. a tunnel) and a color, or no color (a neutral route, any color).
* Claiming a route takes ``length`` cards of one car color (the route's color if it has
  one). On an overground route locomotives are never allowed; in a tunnel any of the
  cards may be locomotives.
* Claiming a tunnel: after the player shows the initial cards, 3 cards are turned over
  from the deck; each that is a locomotive, or a car card of the kind used in the initial
  cards, costs one more card of that kind (or a locomotive).
* A ticket is worth its points if its two stations are connected by the player's routes,
  minus its points otherwise. A country ticket has several trips: it is worth the best
  trip's points if one is connected, otherwise minus the smallest trip's points.
* A trail is a sequence of distinct routes of one player, each beginning where the
  previous one ends; the longest trail earns a bonus.
"""

from __future__ import annotations

import enum
import functools
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Protocol, TypeVar

from ...i18n import N_, _
from .bag import SortedBag
from .cards import CARS, Card, Color, Constants

__all__ = [
    "Station",
    "Level",
    "Route",
    "Trip",
    "Ticket",
    "StationConnectivity",
    "StationPartition",
    "Trail",
    "ChMap",
]


@dataclass(frozen=True)
class Station:
    """A station: its number (0 to 50 on the map), its name and its short code.

    Two stations are equal when their ids and names are; the code (e.g. "BER") is a
    label for people and pictures.
    """

    id: int
    name: str
    code: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if type(self.id) is not int or self.id < 0:
            raise ValueError(_("a station id must be an int >= 0, got {id!r}").format(id=self.id))

    def __hash__(self) -> int:
        return self.id

    def __str__(self) -> str:
        return self.name


class Level(enum.Enum):
    """Where a route runs: above ground, or in a tunnel."""

    OVERGROUND = "OVERGROUND"
    UNDERGROUND = "UNDERGROUND"

    def __repr__(self) -> str:
        return f"Level.{self.name}"


@dataclass(frozen=True)
class Route:
    """A route between two stations, e.g. ``ChMap.route("BER_FRI_1")``."""

    id: str
    station1: Station
    station2: Station
    length: int
    level: Level
    color: Color | None

    def __post_init__(self) -> None:
        if self.station1 == self.station2:
            raise ValueError(_("route {id!r} must join two different stations, got {station1} twice").format(
                id=self.id, station1=self.station1
            ))
        if type(self.length) is not int or not (
            Constants.MIN_ROUTE_LENGTH <= self.length <= Constants.MAX_ROUTE_LENGTH
        ):
            raise ValueError(_("route {id!r}: a length is 1 to 6, got {length!r}").format(
                id=self.id, length=self.length
            ))
        if not isinstance(self.level, Level):
            raise ValueError(_("route {id!r}: level must be a Level, got {level!r}").format(
                id=self.id, level=self.level
            ))
        if self.color is not None and not isinstance(self.color, Color):
            raise ValueError(_("route {id!r}: color must be a Color or None, got {color!r}").format(
                id=self.id, color=self.color
            ))

    def __hash__(self) -> int:
        return hash(self.id)

    @property
    def stations(self) -> tuple[Station, Station]:
        """The two stations, in order."""
        return (self.station1, self.station2)

    def station_opposite(self, station: Station) -> Station:
        """The other end of the route from ``station``."""
        if station == self.station1:
            return self.station2
        if station == self.station2:
            return self.station1
        raise ValueError(_("{station} is not an end of route {id} ({description})").format(
            station=station, id=self.id, description=self.description
        ))

    @property
    def description(self) -> str:
        """The route as the game log writes it: "Neuchâtel – Lausanne" (en dash)."""
        return f"{self.station1.name} – {self.station2.name}"

    @property
    def claim_points(self) -> int:
        """Points for claiming the route: 1, 2, 4, 7, 10, 15 for lengths 1 to 6."""
        return Constants.ROUTE_CLAIM_POINTS[self.length]  # type: ignore[return-value]

    @property
    def is_tunnel(self) -> bool:
        """True for an underground route."""
        return self.level is Level.UNDERGROUND

    def possible_claim_cards(self) -> list[SortedBag[Card]]:
        """Every set of cards that may claim the route, in the original's order.

        Colored overground: one set. Neutral overground: one per color. Tunnel: by
        increasing number of locomotives, colors in order within each count, ending with
        all locomotives for a neutral tunnel.
        """
        cached = self.__dict__.get("_claim_cards")
        if cached is None:
            cached = self._compute_claim_cards()
            self.__dict__["_claim_cards"] = cached
        return list(cached)

    def _compute_claim_cards(self) -> tuple[SortedBag[Card], ...]:
        colors = [Card.of(self.color)] if self.color is not None else list(CARS)
        if not self.is_tunnel:
            return tuple(SortedBag.of(self.length, car) for car in colors)
        sets: list[SortedBag[Card]] = [
            SortedBag.of(self.length - locomotives, car, locomotives, Card.LOCOMOTIVE)
            for locomotives in range(self.length)
            for car in colors
        ]
        sets.append(SortedBag.of(self.length, Card.LOCOMOTIVE))
        return tuple(sets)

    def additional_claim_cards_count(
        self, claim_cards: SortedBag[Card], drawn_cards: SortedBag[Card]
    ) -> int:
        """How many more cards a tunnel costs, given the initial and the drawn cards.

        The original always draws 3 cards and refuses any other number. In this course,
        when the draw pile and the discards together hold fewer than 3 cards, only those
        are drawn, and the cost counts only them: so 0 to 3 drawn cards are accepted.
        """
        if not self.is_tunnel:
            raise ValueError(_("route {id} is not a tunnel: it has no additional cost").format(id=self.id))
        if len(drawn_cards) > Constants.ADDITIONAL_TUNNEL_CARDS:
            raise ValueError(_("at most 3 cards are drawn for a tunnel, got {count}").format(
                count=len(drawn_cards)
            ))
        used = set(claim_cards)
        return sum(1 for card in drawn_cards if card is Card.LOCOMOTIVE or card in used)

    def __repr__(self) -> str:
        if _ROUTES_BY_ID.get(self.id) == self:
            return f"ChMap.route({self.id!r})"
        color = self.color.name if self.color else None
        return (
            f"Route({self.id!r}, {self.station1!r}, {self.station2!r}, {self.length}, "
            f"Level.{self.level.name}, {'Color.' + color if color else None})"
        )

    def __str__(self) -> str:
        return self.description


class StationConnectivity(Protocol):
    """Anything that tells whether two stations are connected."""

    def connected(self, station1: Station, station2: Station) -> bool:
        """True if the two stations are connected."""
        ...


@dataclass(frozen=True)
class Trip:
    """A trip of a ticket: from a station to another, worth some points."""

    from_station: Station
    to_station: Station
    points: int

    def __post_init__(self) -> None:
        if type(self.points) is not int or self.points <= 0:
            raise ValueError(_("a trip is worth more than 0 points, got {points!r}").format(
                points=self.points
            ))
        for station in (self.from_station, self.to_station):
            if not isinstance(station, Station):
                raise ValueError(_("a trip joins two Stations, got {station!r}").format(station=station))

    @staticmethod
    def all(from_stations: Sequence[Station], to_stations: Sequence[Station], points: int) -> list[Trip]:
        """Every trip from one of ``from_stations`` to one of ``to_stations`` (outer loop: from)."""
        if not from_stations or not to_stations:
            raise ValueError(_("Trip.all needs at least one departure and one arrival station"))
        return [Trip(a, b, points) for a in from_stations for b in to_stations]

    def points_for(self, connectivity: StationConnectivity) -> int:
        """+points if the two stations are connected, -points otherwise."""
        return self.points if connectivity.connected(self.from_station, self.to_station) else -self.points


@functools.total_ordering
@dataclass(frozen=True, init=False, repr=False)
class Ticket:
    """A ticket: one trip, or several trips leaving from the same place (a country ticket).

    Built from its trips, ``Ticket(trips)``, and read back as ``ticket.trips``. It is
    stored compactly, so that it travels light between processes: ``stations``, the
    distinct stations of its trips, and ``legs``, three numbers per trip (the index in
    ``stations`` of where it leaves from, of where it goes, and its points).
    ``Ticket(stations=..., legs=...)`` rebuilds a ticket from those fields.
    """

    stations: tuple[Station, ...]
    legs: tuple[int, ...]

    def __init__(
        self,
        trips: Iterable[Trip] = (),
        stations: Iterable[Station] | None = None,
        legs: Iterable[int] | None = None,
    ) -> None:
        if stations is None and legs is None:
            stations, legs = _compact_trips(tuple(trips))
        elif trips:
            raise ValueError(_("a ticket is built from its trips, or from its stations and legs, not both"))
        else:
            stations, legs = tuple(stations or ()), tuple(legs or ())
        object.__setattr__(self, "stations", stations)
        object.__setattr__(self, "legs", legs)
        trips = self.trips  # checks the stations and legs
        if not trips:
            raise ValueError(_("a ticket needs at least one trip"))
        names = {trip.from_station.name for trip in trips}
        if len(names) != 1:
            raise ValueError(_("all the trips of a ticket leave from the same place, got {names}").format(
                names=sorted(names)
            ))

    @property
    def trips(self) -> tuple[Trip, ...]:
        """The trips of the ticket, in order."""
        trips = self.__dict__.get("_trips")
        if trips is None:
            trips = _expand_legs(self.stations, self.legs)
            self.__dict__["_trips"] = trips
        return trips

    @classmethod
    def of(cls, from_station: Station, to_station: Station, points: int) -> Ticket:
        """The ticket of a single trip."""
        return cls((Trip(from_station, to_station, points),))

    @property
    def text(self) -> str:
        """The ticket as written on it: "Bâle - Berne (5)" or "Berne - {Allemagne (6), ...}"."""
        text = self.__dict__.get("_text")
        if text is None:
            text = _ticket_text(self.trips)
            self.__dict__["_text"] = text
        return text

    def points(self, connectivity: StationConnectivity) -> int:
        """The points the ticket gives: the best of its trips' points for this connectivity."""
        return max(trip.points_for(connectivity) for trip in self.trips)

    def __hash__(self) -> int:
        return hash(self.text)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Ticket):
            return NotImplemented
        return self.text < other.text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        if _TICKETS_BY_TEXT.get(self.text) == self:
            return f"ChMap.ticket({self.text!r})"
        return f"Ticket({self.trips!r})"


def _compact_trips(trips: tuple[Trip, ...]) -> tuple[tuple[Station, ...], tuple[int, ...]]:
    """The distinct stations of ``trips`` (by first appearance) and three numbers per trip."""
    index: dict[Station, int] = {}
    legs: list[int] = []
    for trip in trips:
        if not isinstance(trip, Trip):
            raise ValueError(_("a ticket is made of Trips, got {trip!r}").format(trip=trip))
        for station in (trip.from_station, trip.to_station):
            index.setdefault(station, len(index))
        legs += [index[trip.from_station], index[trip.to_station], trip.points]
    return tuple(index), tuple(legs)


def _expand_legs(stations: tuple[Station, ...], legs: tuple[int, ...]) -> tuple[Trip, ...]:
    """The trips that ``stations`` and ``legs`` describe, or ValueError."""
    if not all(isinstance(station, Station) for station in stations):
        raise ValueError(_("a ticket's stations must be Stations, got {stations!r}").format(
            stations=stations
        ))
    if len(legs) % 3 or not all(type(n) is int for n in legs):
        raise ValueError(_("a ticket's legs are three ints per trip, got {legs!r}").format(legs=legs))
    trips = []
    for start in range(0, len(legs), 3):
        a, b, points = legs[start : start + 3]
        if not (0 <= a < len(stations) and 0 <= b < len(stations)):
            raise ValueError(_("a ticket's leg refers to station number {a} or {b} of {count}").format(
                a=a, b=b, count=len(stations)
            ))
        trips.append(Trip(stations[a], stations[b], points))
    return tuple(trips)


def _ticket_text(trips: Sequence[Trip]) -> str:
    """The original's ticket text: one trip, or sorted distinct "name (points)" entries."""
    start = trips[0].from_station.name
    if len(trips) == 1:
        trip = trips[0]
        return f"{start} - {trip.to_station.name} ({trip.points})"
    entries = sorted({f"{trip.to_station.name} ({trip.points})" for trip in trips})
    return f"{start} - {{{', '.join(entries)}}}"


@dataclass(frozen=True)
class StationPartition:
    """Which stations are connected: ``representatives[i]`` is the representative of station i."""

    representatives: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "representatives", tuple(self.representatives))

    def connected(self, station1: Station, station2: Station) -> bool:
        """True if the stations are connected; a station outside the partition only to itself."""
        links = self.representatives
        if station1.id < len(links) and station2.id < len(links):
            return links[station1.id] == links[station2.id]
        return station1.id == station2.id

    class Builder:
        """Builds a partition by connecting stations, starting from single stations."""

        def __init__(self, station_count: int) -> None:
            if type(station_count) is not int or station_count < 0:
                raise ValueError(_("station_count must be an int >= 0, got {station_count!r}").format(
                    station_count=station_count
                ))
            self._links = list(range(station_count))

        def _representative(self, station_id: int) -> int:
            while self._links[station_id] != station_id:
                station_id = self._links[station_id]
            return station_id

        def connect(self, station1: Station, station2: Station) -> StationPartition.Builder:
            """Join the subsets of the two stations; returns the builder."""
            for station in (station1, station2):
                if not 0 <= station.id < len(self._links):
                    raise ValueError(
                        _("station {station} (id {id}) is outside this partition of "
                        "{count} stations").format(station=station, id=station.id, count=len(self._links))
                    )
            self._links[self._representative(station1.id)] = self._representative(station2.id)
            return self

        def build(self) -> StationPartition:
            """The flat partition: each station mapped straight to its representative."""
            return StationPartition(tuple(self._representative(i) for i in range(len(self._links))))

    @classmethod
    def of_routes(cls, routes: Iterable[Route]) -> StationPartition:
        """The partition of stations 0..(largest id among the routes) joined by ``routes``."""
        routes = list(routes)
        count = max((s.id for r in routes for s in r.stations), default=-1) + 1
        builder = cls.Builder(count)
        for route in routes:
            builder.connect(route.station1, route.station2)
        return builder.build()


@dataclass(frozen=True)
class Trail:
    """A trail: routes one after the other, from ``station1`` to ``station2``."""

    routes: tuple[Route, ...]
    station1: Station | None
    station2: Station | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "routes", tuple(self.routes))

    @property
    def length(self) -> int:
        """The sum of the lengths of the trail's routes."""
        return sum(route.length for route in self.routes)

    @staticmethod
    def longest(routes: Sequence[Route]) -> Trail:
        """The longest trail made of ``routes``; among equals, the one the original finds.

        The original starts from every route in both directions and extends every trail
        by every unused route at its end, level after level, keeping the first strictly
        longer trail. So among the longest trails it returns one with the fewest routes,
        and among those the first in the order (starting route and direction, then each
        added route in the order of ``routes``). This depth-first search visits trails in
        that order and keeps the same one, without holding whole levels in memory.
        No routes: a trail of length 0 with no stations.
        """
        routes = list(dict.fromkeys(routes))
        lengths = [route.length for route in routes]
        total = sum(lengths)
        adjacent: dict[Station, list[tuple[int, Station]]] = {}
        for index, route in enumerate(routes):
            adjacent.setdefault(route.station1, []).append((index, route.station2))
            adjacent.setdefault(route.station2, []).append((index, route.station1))
        best: list[Any] = [0, 0, None]  # length, number of routes, (start, end, route indices)
        path: list[int] = []

        def extend(start: Station, end: Station, used: int, length: int) -> None:
            if length > best[0] or (length == best[0] and len(path) < best[1]):
                best[:] = [length, len(path), (start, end, tuple(path))]
            for index, other in adjacent[end]:
                if best[0] == total:  # every route is used: nothing can beat it
                    return
                if not used >> index & 1:
                    path.append(index)
                    extend(start, other, used | 1 << index, length + lengths[index])
                    path.pop()

        for index, route in enumerate(routes):
            for start, end in ((route.station1, route.station2), (route.station2, route.station1)):
                if best[0] < total or best[2] is None:
                    path.append(index)
                    extend(start, end, 1 << index, lengths[index])
                    path.pop()
        if best[2] is None:
            return Trail((), None, None)
        start, end, indices = best[2]
        return Trail(tuple(routes[i] for i in indices), start, end)

    def __str__(self) -> str:
        if self.station1 is None:
            return _("(empty trail)")
        names = [self.station1.name]
        station = self.station1
        for route in self.routes:
            station = route.station_opposite(station)
            names.append(station.name)
        return f"{' - '.join(names)} ({self.length})"


def _load_map() -> tuple[tuple[Station, ...], tuple[Route, ...], tuple[Ticket, ...]]:
    """Read the stations, routes and tickets of the original map from ``chmap.json``."""
    data = json.loads(resources.files(__package__).joinpath("chmap.json").read_text(encoding="utf-8"))
    stations = tuple(Station(s["id"], s["name"], s["code"]) for s in data["stations"])
    routes = tuple(
        Route(
            r["id"],
            stations[r["station1"]],
            stations[r["station2"]],
            r["length"],
            Level[r["level"]],
            Color[r["color"]] if r["color"] else None,
        )
        for r in data["routes"]
    )
    tickets = []
    made: dict[str, Ticket] = {}
    for t in data["tickets"]:
        ticket = made.get(t["text"]) or Ticket(
            tuple(Trip(stations[x["from"]], stations[x["to"]], x["points"]) for x in t["trips"])
        )
        if ticket.text != t["text"]:
            raise RuntimeError(f"chmap.json: ticket text {t['text']!r} differs from {ticket.text!r}")
        made[ticket.text] = ticket
        tickets.append(ticket)
    return stations, routes, tuple(tickets)


_STATIONS, _ROUTES, _TICKETS = _load_map()
_ROUTES_BY_ID: dict[str, Route] = {route.id: route for route in _ROUTES}
_STATIONS_BY_CODE: dict[str, Station] = {station.code: station for station in _STATIONS}
_TICKETS_BY_TEXT: dict[str, Ticket] = {ticket.text: ticket for ticket in _TICKETS}
_TWINS: dict[str, Route | None] = {
    route.id: next(
        (o for o in _ROUTES if o.id != route.id and set(o.stations) == set(route.stations)), None
    )
    for route in _ROUTES
}


V = TypeVar("V")


def _look_up(table: dict[str, V], key: str, error: str) -> V:
    """``table[key]``, or ValueError with ``error`` naming the key."""
    if not isinstance(key, str) or key not in table:
        raise ValueError(_(error).format(key=key))
    return table[key]


class ChMap:
    """The map of Switzerland and its neighbours: 51 stations, 88 routes, 46 tickets."""

    @staticmethod
    def stations() -> tuple[Station, ...]:
        """The 51 stations, by id (0 to 50)."""
        return _STATIONS

    @staticmethod
    def routes() -> tuple[Route, ...]:
        """The 88 routes, in the original's order (by id)."""
        return _ROUTES

    @staticmethod
    def tickets() -> tuple[Ticket, ...]:
        """The 46 tickets (each country-to-country ticket is listed twice, as in the original)."""
        return _TICKETS

    @staticmethod
    def all_tickets() -> SortedBag[Ticket]:
        """The 46 tickets as a bag, the way a game receives them."""
        return SortedBag(_TICKETS)

    @staticmethod
    def station(code: str) -> Station:
        """The station with this code, e.g. ``ChMap.station("BER")`` for Berne."""
        return _look_up(_STATIONS_BY_CODE, code, N_("no station has code {key!r}; codes are like 'BER', 'LAU', 'DE1'"))

    @staticmethod
    def route(route_id: str) -> Route:
        """The route with this id, e.g. ``ChMap.route("FR2_GEN_1")``."""
        return _look_up(_ROUTES_BY_ID, route_id, N_("no route has id {key!r}; ids are like 'BER_FRI_1'"))

    @staticmethod
    def ticket(text: str) -> Ticket:
        """The ticket with this text, e.g. ``ChMap.ticket("Bâle - Berne (5)")``."""
        return _look_up(_TICKETS_BY_TEXT, text, N_("no ticket reads {key!r}"))

    @staticmethod
    def twin(route: Route) -> Route | None:
        """The other route between the same two stations (double routes), or None."""
        return _TWINS.get(route.id)

