"""The tCHu pictures: the map of Switzerland, and states that show themselves in Jupyter."""

from __future__ import annotations

import dataclasses
import random

import pytest
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure

from exercises.tchu import Card, ChMap, Color, GameState, PlayerId, PlayerState, SortedBag, map_figure, map_png
from exercises.tchu.pictures import _CARS, COLOR_RGB, PLAYER_RGB, station_xy

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def claimed_game() -> GameState:
    """A game where PLAYER_1 owns Berne - Neuchâtel and holds 5 tickets."""
    state = GameState.initial(ChMap.all_tickets(), random.Random(2))
    tickets = state.top_tickets(5)
    state = state.without_top_tickets(5).with_initially_chosen_tickets(PlayerId.PLAYER_1, tickets)
    own = PlayerState(tickets, SortedBag.of(2, Card.RED), ())
    state = dataclasses.replace(state, current_player_id=PlayerId.PLAYER_1, player_states=(own, state.player_states[1]))
    return state.with_claimed_route(ChMap.route("BER_NEU_1"), SortedBag.of(2, Card.RED))


def cars(figure: Figure) -> dict[str, tuple[str, tuple]]:
    """Every car drawn on the map: "ROUTE_ID:index" -> (its collection's gid, its face color)."""
    drawn = {}
    for collection in figure.axes[0].collections:
        if (collection.get_gid() or "").startswith("cars:"):
            for name, face in zip(collection.get_urls(), collection.get_facecolors()):
                drawn[name] = (collection.get_gid(), tuple(face))
    return drawn


def cars_of(code: str) -> list:
    """The corners of the cars of route ``code``."""
    return _CARS[ChMap.route(code)]


def test_every_station_lies_at_its_approximate_place():
    x = {s.code: station_xy(s)[0] for s in ChMap.stations()}
    y = {s.code: station_xy(s)[1] for s in ChMap.stations()}
    assert x["GEN"] < x["LAU"] < x["BER"] < x["ZUR"] < x["STG"] < x["DAV"]  # west to east
    assert y["LUG"] < y["BRI"] < y["BER"] < y["ZUR"] < y["SCE"]  # south to north
    assert all(y[f"DE{i}"] > 47.5 for i in range(1, 6))
    assert all(y[f"IT{i}"] < 46.7 for i in range(1, 6))
    assert all(x[f"FR{i}"] < x["DEL"] + 0.01 for i in range(1, 5))
    assert all(x[f"AT{i}"] > x["STG"] for i in range(1, 4))


def test_map_draws_one_car_per_unit_of_route_length():
    drawn = cars(map_figure())
    assert len(drawn) == sum(r.length for r in ChMap.routes()) == 205
    assert set(drawn) == {f"{r.id}:{i}" for r in ChMap.routes() for i in range(r.length)}
    tunnels = {name for name, (gid, _face) in drawn.items() if gid.endswith(":tunnel")}
    assert tunnels == {f"{r.id}:{i}" for r in ChMap.routes() if r.is_tunnel for i in range(r.length)}
    assert drawn["BER_NEU_1:0"][1][:3] == pytest.approx(to_rgb(COLOR_RGB[Color.RED]))


def test_claimed_routes_take_their_owner_color():
    drawn = cars(map_figure(claimed_game()))
    owned = sorted(name for name, (gid, _face) in drawn.items() if gid.startswith("cars:claimed"))
    assert owned == ["BER_NEU_1:0", "BER_NEU_1:1"]
    assert drawn["BER_NEU_1:1"][1][:3] == pytest.approx(to_rgb(PLAYER_RGB[PlayerId.PLAYER_1]))


def test_double_routes_run_side_by_side():
    one, two = (cars_of(code) for code in ("BER_FRI_1", "BER_FRI_2"))
    assert one != two
    centre = lambda corners: (sum(x for x, _ in corners) / 4, sum(y for _, y in corners) / 4)  # noqa: E731
    (x1, y1), (x2, y2) = centre(one[0]), centre(two[0])
    assert 0.03 < ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 < 0.1


def test_highlighted_routes_glow():
    figure = map_figure(claimed_game(), highlight_routes=[ChMap.route("GEN_YVE_1")])
    glows = [c for c in figure.axes[0].collections if c.get_gid() == "highlighted routes"]
    assert len(glows) == 1 and len(glows[0].get_segments()) == 1


def test_a_player_s_tickets_are_highlighted_and_listed():
    state = claimed_game()
    figure = map_figure(state, highlight=PlayerId.PLAYER_1)
    texts = " ".join(t.get_text() for t in figure.texts)
    for ticket in state.player_state(PlayerId.PLAYER_1).tickets:
        assert ticket.text in texts
    with pytest.raises(ValueError):
        map_figure(state.public(), highlight=PlayerId.PLAYER_1)
    seen = map_figure(state.public(), own_state=state.player_state(PlayerId.PLAYER_1))
    listed = " ".join(t.get_text() for t in seen.texts)
    assert listed.count("[done]") + listed.count("[open]") == 5


def test_game_states_show_the_map_in_jupyter():
    state = claimed_game()
    assert state._repr_png_().startswith(PNG_MAGIC)
    assert state.public()._repr_png_().startswith(PNG_MAGIC)
    assert map_png(None).startswith(PNG_MAGIC)


def test_a_map_figure_shows_itself_without_pyplot():
    figure = map_figure()
    assert isinstance(figure, Figure)
    assert figure._repr_png_().startswith(PNG_MAGIC)


def test_player_state_shows_an_html_table():
    html = claimed_game().player_state(PlayerId.PLAYER_1)._repr_html_()
    assert html.startswith("<table>")
    assert "Berne – Neuchâtel" in html
    assert "Cars left</th><td" in html and ">38<" in html


def test_the_map_title_counts_cars_and_points_in_the_notebooks_language():
    import exercises

    state = claimed_game()
    names = {PlayerId.PLAYER_1: "Ada", PlayerId.PLAYER_2: "Bob"}
    title = map_figure(state, player_names=names).axes[0].get_title()
    assert title == "Ada: 38 cars, 2 route points   Bob: 40 cars, 0 route points"
    exercises.set_language("fr")
    try:
        title = map_figure(state, player_names=names).axes[0].get_title()
    finally:
        exercises.set_language("en")
    assert title == "Ada\u202f: 38 wagons, 2 points de route   Bob\u202f: 40 wagons, 0 point de route"
