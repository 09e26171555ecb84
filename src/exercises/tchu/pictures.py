"""Pictures of tCHu: the map of Switzerland with its routes, and a player's state as HTML.

Stations sit at their approximate real positions (longitude, latitude, from
``map_positions.json``); the foreign stations sit just outside the border next to the
Swiss station they link to. A route is drawn as a row of ``length`` cars in its color
(grey for a neutral route) with, on its middle car, its color's shape (``COLOR_MARKER``,
listed in the legend: not by color alone); tunnel cars are hatched; the two tracks of a
double route run side by side. A claimed route's cars take the owner's color.
``map_text`` says in words what the map shows (its text alternative).
"""

from __future__ import annotations

import html
import io
import json
import math
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, cast

from ..browser import require_matplotlib
from ..display import ink
from ..i18n import _, ngettext, pgettext
from .model import (
    Card,
    ChMap,
    Color,
    GameState,
    PlayerId,
    PlayerState,
    PublicGameState,
    Route,
    Station,
    StationPartition,
    Ticket,
)
from .model.info import Info

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    class MapFigure(Figure):
        """The class ``_map_figure_class`` makes when the first map is drawn."""

        def _repr_png_(self) -> bytes: ...

__all__ = ["MapFigure", "map_figure", "map_png", "map_text", "player_state_html", "COLOR_RGB", "PLAYER_RGB",
           "station_xy"]

#: How each game color is painted: told apart under protanopia, deuteranopia and
#: tritanopia too (benchmarks/bench_palettes.py).
COLOR_RGB: dict[Color | None, str] = {
    Color.BLACK: "#2b2b2b",
    Color.VIOLET: "#81548a",
    Color.BLUE: "#5066f1",
    Color.GREEN: "#60c771",
    Color.YELLOW: "#ffe002",
    Color.ORANGE: "#ff8500",
    Color.RED: "#cc212b",
    Color.WHITE: "#ffffff",
    None: "#b0b0b0",
}
#: The shape (a matplotlib marker) on a free route of each color, for who cannot tell the colors.
COLOR_MARKER: dict[Color, str] = {
    Color.BLACK: "s", Color.VIOLET: "v", Color.BLUE: "o", Color.GREEN: "^",
    Color.YELLOW: "D", Color.ORANGE: "P", Color.RED: "X", Color.WHITE: "*",
}
#: The card colors (locomotives are drawn in a rainbow-ish grey).
CARD_RGB: dict[Card, str] = {**{Card.of(c): rgb for c, rgb in COLOR_RGB.items() if c}, Card.LOCOMOTIVE: "#7f8c8d"}
#: Each player's color for the routes they claim.
PLAYER_RGB: dict[PlayerId, str] = {PlayerId.PLAYER_1: "#d1007a", PlayerId.PLAYER_2: "#00a0a0"}

_DATA = json.loads(resources.files(__package__).joinpath("map_positions.json").read_text(encoding="utf-8"))
_X_SCALE = math.cos(math.radians(46.8))
_CAR_WIDTH = 0.045
_TICKET_RGB = "#ff8c00"
_GLOW_RGB = "#ffe600"
_FIRST_FOREIGN_ID = 34


@cache
def _map_figure_class() -> type[Figure]:
    """``MapFigure``, made the first time a map is drawn: matplotlib is imported then, not
    with the package (the browser's Python fetches it only for a picture)."""
    from matplotlib.figure import Figure

    class MapFigure(Figure):
        """A matplotlib Figure that Jupyter shows as a picture even when pyplot is never imported."""

        def _repr_png_(self) -> bytes:
            buffer = io.BytesIO()
            self.savefig(buffer, format="png", metadata={"Software": None})
            return buffer.getvalue()

    MapFigure.__module__, MapFigure.__qualname__ = __name__, "MapFigure"
    return MapFigure


def __getattr__(name: str) -> Any:
    if name == "MapFigure":
        return _map_figure_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _xy(lon: float, lat: float) -> tuple[float, float]:
    return (lon * _X_SCALE, lat)


def station_xy(station: Station) -> tuple[float, float]:
    """Where ``station`` is drawn: its longitude (scaled) and latitude."""
    p = _DATA["positions"][station.code]
    return _xy(p["lon"], p["lat"])


def _track_offset(route: Route) -> float:
    """-1/+1 for the two tracks of a double route, 0 for a single route."""
    twin = ChMap.twin(route)
    if twin is None:
        return 0.0
    return -0.5 if route.id < twin.id else 0.5


def _car_corners(route: Route) -> list[list[tuple[float, float]]]:
    """The 4 corners of each of the ``length`` cars of ``route`` (double tracks side by side)."""
    (x1, y1), (x2, y2) = station_xy(route.station1), station_xy(route.station2)
    dx, dy = x2 - x1, y2 - y1
    distance = math.hypot(dx, dy)
    ux, uy = dx / distance, dy / distance
    nx, ny = -uy, ux
    shift = _track_offset(route) * _CAR_WIDTH * 1.25
    margin = 0.035
    step = (distance - 2 * margin) / route.length
    gap = min(0.006, step * 0.15)
    w = _CAR_WIDTH / 2
    cars = []
    for i in range(route.length):
        a = margin + i * step + gap / 2
        b = margin + (i + 1) * step - gap / 2
        cars.append(
            [
                (x1 + ux * along + nx * (across + shift), y1 + uy * along + ny * (across + shift))
                for along, across in ((a, -w), (b, -w), (b, w), (a, w))
            ]
        )
    return cars


_CARS: dict[Route, list[list[tuple[float, float]]]] = {route: _car_corners(route) for route in ChMap.routes()}


def _draw_cars(ax: Axes, owners: Mapping[Route, PlayerId]) -> None:
    """Draw every route as its cars: four collections (free or claimed, overground or tunnel).

    Each collection's ``get_urls()`` names its cars "ROUTE_ID:index", in drawing order.
    """
    from matplotlib.collections import PolyCollection

    for claimed in (False, True):
        for tunnel in (False, True):
            routes = [r for r in ChMap.routes() if (r in owners) == claimed and r.is_tunnel == tunnel]
            polygons, faces, names = [], [], []
            for route in routes:
                face = PLAYER_RGB[owners[route]] if claimed else COLOR_RGB[route.color]
                for index, corners in enumerate(_CARS[route]):
                    polygons.append(corners)
                    faces.append(face)
                    names.append(f"{route.id}:{index}")
            cars = PolyCollection(
                polygons,
                facecolors=faces,
                edgecolors="#202020" if claimed else "black",
                linewidths=1.2 if claimed else 0.5,
                hatch="////" if tunnel else None,
                alpha=1.0 if claimed else 0.85,
                zorder=3 if claimed else 2,
            )
            cars.set_urls(names)
            cars.set_gid(f"cars:{'claimed' if claimed else 'free'}:{'tunnel' if tunnel else 'overground'}")
            ax.add_collection(cars, autolim=False)
    for color, marker in COLOR_MARKER.items():
        middles = [_middle(route) for route in ChMap.routes() if route not in owners and route.color == color]
        if middles:
            xs, ys = zip(*middles)
            shapes = ax.scatter(xs, ys, s=26, marker=marker, facecolors=ink(COLOR_RGB[color]),
                                edgecolors=COLOR_RGB[color], linewidths=0.4, zorder=3.5)
            shapes.set_gid(f"shapes:{color.name.lower()}")


def _middle(route: Route) -> tuple[float, float]:
    """The centre of the middle car of ``route``."""
    corners = _CARS[route][len(_CARS[route]) // 2]
    return (sum(x for x, _y in corners) / 4, sum(y for _x, y in corners) / 4)


def _draw_highlighted_routes(ax: Axes, routes: Iterable[Route]) -> None:
    """A glow under each route of ``routes`` (e.g. the ones a player may claim now)."""
    from matplotlib.collections import LineCollection

    segments = []
    for route in routes:
        cars = _CARS[route]
        first, last = cars[0], cars[-1]
        start = ((first[0][0] + first[3][0]) / 2, (first[0][1] + first[3][1]) / 2)
        end = ((last[1][0] + last[2][0]) / 2, (last[1][1] + last[2][1]) / 2)
        segments.append([start, end])
    glow = LineCollection(segments, colors=_GLOW_RGB, linewidths=18, alpha=0.9, zorder=1.5, capstyle="round")
    glow.set_gid("highlighted routes")
    ax.add_collection(glow, autolim=False)


def _owners(state: GameState | PublicGameState | None) -> dict[Route, PlayerId]:
    if state is None:
        return {}
    return {route: pid for pid, ps in zip(PlayerId, state.player_states) for route in ps.routes}


def map_figure(
    state: GameState | PublicGameState | None = None,
    *,
    tickets: Iterable[Ticket] | None = None,
    highlight: PlayerId | None = None,
    own_state: PlayerState | None = None,
    player_names: Mapping[PlayerId, str] | None = None,
    title: str | None = None,
    highlight_routes: Iterable[Route] = (),
    label_size: float = 7.5,
) -> MapFigure:
    """The map, with the routes claimed in ``state`` and some tickets highlighted.

    ``tickets`` are highlighted (their stations ringed, listed below the map). A
    player's own tickets are highlighted and marked done or open with
    ``own_state=player_state`` (what a player sees), or with a ``GameState`` and
    ``highlight=PlayerId.PLAYER_1``. ``highlight_routes`` glow (e.g. the routes a player
    may claim now). ``label_size`` is the size of the station names, in points (the
    figure is 800 px wide: 7.5 points are 8 px; the widget asks for more).
    """
    if highlight is not None:
        if not isinstance(state, GameState):
            raise ValueError(_("highlight=PlayerId needs a GameState; pass own_state=... otherwise"))
        own_state = state.player_state(highlight)
    if own_state is not None:
        if not isinstance(own_state, PlayerState):
            raise ValueError(_("own_state must be a PlayerState, got {own_state!r}").format(own_state=own_state))
        tickets = own_state.tickets
    tickets = list(tickets or ())
    names = _player_names(player_names)

    require_matplotlib()
    figure = cast("MapFigure", _map_figure_class()(figsize=(10, 7.4), dpi=80))
    from matplotlib import patheffects
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Polygon

    label_outline = [patheffects.withStroke(linewidth=2.5, foreground="white")]
    ax = figure.add_axes((0.01, 0.1 if tickets else 0.02, 0.98, 0.85 if tickets else 0.93))
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_xlim(*(v * _X_SCALE for v in (5.75, 10.7)))
    ax.set_ylim(45.7, 48.02)

    border = [_xy(lon, lat) for lon, lat in _DATA["border"]]
    ax.add_patch(Polygon(border, closed=True, facecolor="#fbf7ee", edgecolor="#c0392b", linewidth=1.2, zorder=0))
    for lake in _DATA["lakes"]:
        ax.add_patch(Polygon([_xy(*p) for p in lake], closed=True, facecolor="#cfe8f7", edgecolor="none", zorder=1))
    for country, (lon, lat) in _DATA["countries"].items():
        x, y = _xy(lon, lat)
        ax.text(x, y, country, fontsize=15, color="#9a9a9a", style="italic", ha="center", va="center", zorder=1)

    _draw_cars(ax, _owners(state))
    highlight_routes = list(highlight_routes)
    if highlight_routes:
        _draw_highlighted_routes(ax, highlight_routes)

    # A city-to-city ticket rings both its stations; a country ticket rings where it leaves from.
    ticket_stations = {
        station
        for t in tickets
        for trip in t.trips
        for station in ((trip.from_station, trip.to_station) if len(t.trips) == 1 else (trip.from_station,))
    }
    if ticket_stations:
        xs, ys = zip(*(station_xy(s) for s in sorted(ticket_stations, key=lambda s: s.id)))
        ax.scatter(xs, ys, s=230, facecolors="none", edgecolors=_TICKET_RGB, linewidths=3, zorder=5)
    for foreign in (False, True):
        stations = [s for s in ChMap.stations() if (s.id >= _FIRST_FOREIGN_ID) == foreign]
        xs, ys = zip(*(station_xy(s) for s in stations))
        ax.scatter(xs, ys, s=30 if foreign else 45, marker="s" if foreign else "o", facecolors="white",
                   edgecolors="black", linewidths=1, zorder=6)
        if not foreign:
            for station, x, y in zip(stations, xs, ys):
                ax.text(x, y + 0.035, station.name, fontsize=label_size, ha="center", va="bottom", zorder=7,
                        color="#111111", path_effects=label_outline)

    for ticket in tickets:
        trip = ticket.trips[0]
        if len(ticket.trips) == 1:
            (x1, y1), (x2, y2) = station_xy(trip.from_station), station_xy(trip.to_station)
            ax.plot([x1, x2], [y1, y2], linestyle=":", color=_TICKET_RGB, linewidth=2, zorder=4)

    handles = [Patch(facecolor=PLAYER_RGB[pid], edgecolor="black", label=names[pid]) for pid in PlayerId]
    handles.append(Patch(facecolor="white", edgecolor="black", hatch="////", label=_("tunnel")))
    if tickets:
        handles.append(Patch(facecolor="none", edgecolor=_TICKET_RGB, linewidth=2, label=_("ticket station")))
    legend = ax.legend(handles=handles, loc="lower right", fontsize=8, framealpha=0.9)
    ax.add_artist(legend)
    shapes = [Line2D([], [], linestyle="none", marker=marker, markersize=7, markerfacecolor=COLOR_RGB[color],
                     markeredgecolor="black", markeredgewidth=0.6, label=Info.card_name(Card.of(color), 1))
              for color, marker in COLOR_MARKER.items()]
    ax.legend(handles=shapes, loc="upper left", fontsize=7.5, framealpha=0.9, ncols=2, title=_("route colors"),
              title_fontsize=7.5, handletextpad=0.2, columnspacing=0.8)

    if title is None and state is not None:
        title = "   ".join(
            _("{name}: {cars}, {points}").format(
                name=names[pid],
                cars=ngettext("{count} car", "{count} cars", ps.car_count).format(count=ps.car_count),
                points=ngettext("{count} route point", "{count} route points", ps.claim_points).format(
                    count=ps.claim_points),
            )
            for pid, ps in zip(PlayerId, state.player_states)
        )
    if title:
        ax.set_title(title, fontsize=10)
    if tickets:
        partition = StationPartition.of_routes(own_state.routes) if own_state is not None else None
        lines = []
        for ticket in tickets:
            if partition is None:
                lines.append(ticket.text)
            elif ticket.points(partition) > 0:
                lines.append(_("{ticket} [done]").format(ticket=ticket.text))
            else:
                lines.append(_("{ticket} [open]").format(ticket=ticket.text))
        figure.text(0.01, 0.01, _("Tickets: {tickets}").format(tickets=";  ".join(lines)), fontsize=8, wrap=True,
                    va="bottom")
    return figure


def map_png(state: GameState | PublicGameState | None = None, **options: Any) -> bytes:
    """The map of ``state`` as PNG bytes (what Jupyter shows for a game state); ``options`` are map_figure's."""
    return map_figure(state, **options)._repr_png_()


def card_text_rgb(card: Card) -> str:
    """The text color on a card of ``card``'s color: black or white, whichever contrasts most."""
    return ink(CARD_RGB[card])


def _card_badge(card: Card, count: int) -> str:
    rgb = CARD_RGB[card]
    text_rgb = card_text_rgb(card)
    name = html.escape(Info.card_name(card, count))
    return (
        f'<span style="display:inline-block;margin:1px;padding:1px 6px;border:1px solid #333;'
        f'border-radius:4px;background:{rgb};color:{text_rgb}">{count} {name}</span>'
    )


def player_state_html(state: PlayerState) -> str:
    """A player's state as an HTML table: tickets, cards, routes, cars and points."""
    partition = StationPartition.of_routes(state.routes)
    tickets = "<br>".join(
        f"{html.escape(t.text)} ({'+' if t.points(partition) > 0 else ''}{t.points(partition)})"
        for t in state.tickets
    ) or pgettext("tickets", "none")
    cards = "".join(_card_badge(card, n) for card, n in state.cards.counts().items()) or pgettext("cards", "none")
    routes = "<br>".join(f"{html.escape(r.description)} ({r.length})" for r in state.routes) or pgettext(
        "routes", "none")
    rows = [
        (_("Tickets"), tickets),
        (_("Cards"), cards),
        (_("Routes"), routes),
        (_("Cars left"), str(state.car_count)),
        (_("Points"), _("{routes} for routes, {tickets} for tickets").format(
            routes=state.claim_points, tickets=state.ticket_points()
        )),
    ]
    body = "".join(
        f'<tr><th style="text-align:left;vertical-align:top">{k}</th><td style="text-align:left">{v}</td></tr>'
        for k, v in rows
    )
    return f"<table>{body}</table>"


def _player_names(given: Mapping[PlayerId, str] | None) -> dict[PlayerId, str]:
    """The players' names: those given, else "Player 1" and "Player 2" in the notebook's language."""
    return {pid: (given or {}).get(pid, _("Player {number}").format(number=pid.name.rsplit("_", 1)[1]))
            for pid in PlayerId}


def map_text(state: GameState | PublicGameState | None, player_names: Mapping[PlayerId, str] | None = None,
             tickets: Iterable[Ticket] = ()) -> str:
    """The map in words, its text alternative: who claimed which routes, the tickets shown."""
    names = _player_names(player_names)
    owners = _owners(state)
    parts = [_("Map of Switzerland, {count} routes").format(count=len(ChMap.routes()))]
    for pid in PlayerId:
        routes = [route.description for route in ChMap.routes() if owners.get(route) == pid]
        if routes:
            parts.append(_("{name} claimed {routes}").format(name=names[pid], routes=", ".join(routes)))
    tickets = list(tickets)
    if tickets:
        parts.append(_("tickets: {tickets}").format(tickets=_("; ").join(ticket.text for ticket in tickets)))
    return ". ".join(parts) + "."
