"""Strategies of worksheet 4, tCHu: players of many styles, ticket piles, made states and turns.

A whole game is decided by its seed, its tickets and its two players. The players here are
test-side objects whose every choice is drawn from their own seeded ``random.Random``
within a *style*: how often they claim, draw cards or draw tickets, how many tickets they
keep, where they draw cards from, which routes they prefer, whether they pay for tunnels.
Styles cover the whole game: claim-hungry players that run out of cars and end the game by
the last-turn rule, players that draw tickets until the pile is empty, players that only
draw face-up cards, players that give up every tunnel. Each style plays legal moves only,
so a difference between two game loops is a difference of the loops.

The turn strategies make states the seeded games rarely reach (:func:`states`): chosen
hands, owned routes up to the last cars, an empty or nearly empty deck, a last player;
with a scripted current player's answers (:func:`card_turns`, :func:`claim_turns`,
:func:`ticket_turns`, :func:`ends`).

No samples for ``course cases`` here: every exercise of this worksheet talks to players,
which cases.json cannot hold as data; the checks keep seeded examples in their tables.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from course.grading.grader.drawing import st
from exercises.tchu import Card, ChMap, Constants, PlayerId, SortedBag, StationPartition, Trail
from exercises.tchu.checks.scenarios import SINGLE_TRIP_TICKETS, made_state, scarce_state
from inside.tchu import Style, StylePlayer

P1, P2 = PlayerId.PLAYER_1, PlayerId.PLAYER_2

#: the seeds of the ``random.Random`` given to a game or a turn: never one a student would
#: write for a generator of its own (0, 1, 42, 2021...), even the simplest drawn
SEEDS = st.integers(0, 2**16).map(lambda n: 20213 + n)

#: how many tickets a player keeps of those offered: as few as allowed, all, or any
KEEPS = ("fewest", "most", "any")
#: where a player draws its cards from
SLOTS = ("deck", "face_up", "any", "locomotives")
#: which of the claimable routes a player claims
ROUTES = ("longest", "shortest", "tunnels", "any")
#: what a player does when a tunnel costs more: pay with the cheapest option, the dearest, give up, any
TUNNELS = ("cheapest", "dearest", "give_up", "any")


def styles():
    """Every style: weights for each kind of turn (claiming and drawing cards never 0, so
    that games end, by the last-turn rule, in about a hundred turns)."""
    return st.builds(
        Style,
        claim=st.integers(2, 6), cards=st.integers(1, 6), tickets=st.integers(0, 2),
        keep=st.sampled_from(KEEPS), slots=st.sampled_from(SLOTS),
        routes=st.sampled_from(ROUTES), tunnels=st.sampled_from(TUNNELS),
        seed=st.integers(0, 2**16),
    )


def ticket_piles(every=tuple(SINGLE_TRIP_TICKETS)):
    """The tickets of a game: all of ``every``, or 10 + 3k of them.

    10 + 3k tickets deal 5 to each player and leave whole draws of 3 (as the 46 of the
    map do), so no draw meets a pile of 1 or 2 tickets, which the rules do not settle.
    The single-trip tickets by default: a country ticket's 60 trips make every state sent
    heavy, and the loop treats every ticket alike (``ChMap.tickets()`` for all of them).
    """
    every = tuple(every)
    some = st.builds(
        lambda k, seed: SortedBag(tuple(random.Random(seed).sample(every, 10 + 3 * k))),
        st.integers(0, (len(every) - 10) // 3), st.integers(0, 2**16),
    )
    return st.one_of(st.just(SortedBag(every)), some)


@dataclass(frozen=True)
class Match:
    """One seeded game: the two players' styles, the tickets and the seed of ``rng``."""

    styles: tuple[Style, Style]
    tickets: SortedBag
    seed: int

    def players(self) -> tuple[StylePlayer, StylePlayer]:
        """Two fresh players of the match's styles (one pair per game loop played)."""
        return StylePlayer(self.styles[0]), StylePlayer(self.styles[1])

    def __str__(self) -> str:
        return f"seed {self.seed}, {len(self.tickets)} tickets, Ada: {self.styles[0]}, Bob: {self.styles[1]}"


def matches(piles=None):
    """Seeded games between two players of any styles, on any pile of ``piles`` (ticket_piles())."""
    return st.builds(Match, st.tuples(styles(), styles()), ticket_piles() if piles is None else piles, SEEDS)


def initial_choices():
    """Each player's initial choice: the positions of the offered tickets it keeps (any
    number, fewer than 3 too) and whether it adds a ticket it was not offered; the rng's seed."""
    keep = st.lists(st.integers(0, 4), max_size=5, unique=True)
    return st.fixed_dictionaries({"keeps": st.tuples(keep, keep), "foreign": st.tuples(st.booleans(), st.booleans()),
                                  "seed": SEEDS})


#: answers to next_turn() that are no TurnKind: words (a TurnKind's value too), None, numbers, a card
NOT_TURN_KINDS = ("FLY", None, 0, 2, -1, 1.5, "DRAW_CARDS", "draw_cards", Card.RED)


def bad_turns():
    """A game whose players draw cards from the deck for ``before`` turns each, then answer
    next_turn() with something that is no TurnKind; the seed of ``rng``."""
    return st.fixed_dictionaries({"before": st.integers(0, 3), "answer": st.sampled_from(NOT_TURN_KINDS),
                                  "seed": SEEDS})


# Turns from made states ----------------------------------------------------------------------

ROUTE_IDS = [route.id for route in ChMap.routes()]


@st.composite
def owned_routes(draw, cars_left=st.integers(0, 40), free=()):
    """Routes of each player, free of twins and within 40 cars each (up to the last car).

    ``free``: routes that no one owns (nor their twins), for a claim that must be legal."""
    owned = {P1: [], P2: []}
    blocked = set()
    for route in free:
        twin = ChMap.twin(route)
        blocked |= {route.id} | ({twin.id} if twin else set())
    for pid in PlayerId:
        budget = 40 - draw(cars_left)
        for route_id in draw(st.lists(st.sampled_from(ROUTE_IDS), max_size=12, unique=True)):
            route = ChMap.route(route_id)
            twin = ChMap.twin(route)
            if route.id in blocked or route.length > budget:
                continue
            owned[pid].append(route)
            budget -= route.length
            blocked |= {route.id} | ({twin.id} if twin else set())
    return owned


@st.composite
def states(draw, *, current=st.sampled_from(list(PlayerId)), hand=None, deck_top=(), routes=None):
    """A legal state holding all 110 cards: hands, routes, face-up cards, a deck of any size.

    ``hand``: the current player's hand (a strategy of card lists), drawn when None;
    ``routes``: a strategy of the owned routes (:func:`owned_routes` when None).
    """
    who = draw(current)
    hands = {pid: draw(st.lists(st.sampled_from(list(Card)), max_size=12)) for pid in PlayerId}
    if hand is not None:
        hands[who] = draw(hand)
    routes = draw(routes if routes is not None else owned_routes())
    deck_top = list(draw(deck_top) if not isinstance(deck_top, (list, tuple)) else deck_top)
    used = sum(len(h) for h in hands.values()) + len(deck_top) + 5
    small = st.sampled_from([0, 1, 2, 3, len(deck_top)])
    deck_size = draw(st.one_of(small, small, st.just(None), st.integers(0, 110 - used)))
    if deck_size is not None:
        deck_size = max(deck_size, len(deck_top))
    return made_state(current=who, hands=hands, routes=routes, deck_top=deck_top, deck_size=deck_size,
                      last_player=draw(st.sampled_from([None, None, None, P1, P2])), seed=draw(st.integers(0, 2**16)))


#: every slot a player may ask for, and a few it may not
SLOT_ANSWERS = st.one_of(st.integers(-1, 4), st.integers(-1, 4), st.sampled_from([-3, -2, 5, 7, 9]))


#: the pairs of slots of a DRAW_CARDS turn: the deck and face-up slots in every order first
SLOT_PAIRS = st.one_of(
    st.sampled_from([[-1, -1], [-1, 4], [0, -1], [2, 2], [-1, 0], [4, 3]]),
    st.lists(SLOT_ANSWERS, min_size=2, max_size=2),
)


def card_turns():
    """A DRAW_CARDS turn: a state, the two slots asked for, the seed of ``rng``."""
    return st.fixed_dictionaries({"state": states(), "slots": SLOT_PAIRS, "seed": SEEDS})


@st.composite
def claim_turns(draw):
    """A CLAIM_ROUTE turn: a state, the route and cards claimed (mostly legal), the tunnel choice.

    The route is free and the player has the cars for it five times in six; the claim
    cards are one of the route's ways, else locomotives only; the deck's top cards (the
    tunnel's) are drawn among the claim's kinds, locomotives and two other colors, and the
    deck is often nearly empty, so that the discards are shuffled during the claim.
    """
    route = ChMap.route(draw(st.sampled_from(ROUTE_IDS)))
    ways = route.possible_claim_cards()
    claim = draw(st.sampled_from(ways)) if draw(st.integers(0, 5)) else SortedBag((Card.LOCOMOTIVE,) * route.length)
    extra = st.lists(st.sampled_from([Card.LOCOMOTIVE, *claim]), max_size=4)
    hand = st.builds(lambda more, other: list(claim) + more + other, extra,
                     st.lists(st.sampled_from(list(Card)), max_size=4))
    tunnel_cards = st.lists(st.sampled_from([Card.LOCOMOTIVE, *claim, Card.WHITE, Card.BLUE]), min_size=0, max_size=3)
    legal = draw(st.integers(0, 5)) > 0
    routes = owned_routes(st.integers(route.length, 40), free=(route,)) if legal else owned_routes()
    top = st.just(()) if draw(st.booleans()) else tunnel_cards  # often an empty deck, to shuffle the discards
    state = draw(states(hand=hand, deck_top=top, routes=routes))
    return {"state": state, "route": route, "claim": claim,
            "choice": draw(st.sampled_from([0, 1, 2, None, "more"])), "seed": draw(SEEDS)}


def ticket_turns():
    """A DRAW_TICKETS turn: a state, which of the 3 drawn tickets are kept (by position), and
    whether a ticket that was not drawn is kept too (``foreign``, one time in four)."""
    keep = st.one_of(st.lists(st.integers(0, 2), min_size=1, max_size=3, unique=True), st.just([]))
    foreign = st.sampled_from([False, False, False, True])
    return st.fixed_dictionaries({"state": states(), "keep": keep, "foreign": foreign})


@st.composite
def ends(draw):
    """A state at the end of a game: routes and tickets of each player, any lead, and ties.

    Half of the time the lead is made up, up to three times, by an unlinked ticket given
    to the leader or a linked one to the other player, worth as much of it as the map
    allows: often a tie, whatever the route points."""
    tickets = st.lists(st.sampled_from(list(SINGLE_TRIP_TICKETS)), max_size=4, unique=True)
    few = draw(st.booleans())  # few routes: small leads, which a ticket can make up
    routes = draw(owned_routes(st.integers(28, 40) if few else st.integers(0, 40)))
    t1, t2, seed = draw(tickets), draw(tickets), draw(st.integers(0, 2**16))
    held = {P1: t1, P2: [t for t in t2 if t not in t1]}
    state = made_state(routes=routes, tickets=held, seed=seed)
    for _ in range(3 if draw(st.booleans()) else 0):
        totals = _totals(state)
        leader = max(PlayerId, key=totals.get)
        lead = totals[leader] - totals[leader.next()]
        # an unlinked ticket for the leader, or a linked one for the other player, worth at most the lead
        spare = [(abs(points), pid, t) for pid, sign in ((leader, -1), (leader.next(), 1)) for t in SINGLE_TRIP_TICKETS
                 if t not in held[P1] + held[P2]
                 for points in [t.points(StationPartition.of_routes(state.player_state(pid).routes))]
                 if points * sign > 0 and abs(points) <= lead]
        if not lead or not spare:
            break
        best = max(points for points, _pid, _t in spare)
        _points, pid, ticket = draw(st.sampled_from([entry for entry in spare if entry[0] == best]))
        held[pid] = held[pid] + [ticket]
        state = made_state(routes=routes, tickets=held, seed=seed)
    return state


def _totals(state):
    """Each player's total at the end of the game: final points and the longest-trail bonus."""
    lengths = {pid: Trail.longest(state.player_state(pid).routes).length for pid in PlayerId}
    return {pid: state.player_state(pid).final_points()
            + (Constants.LONGEST_TRAIL_BONUS_POINTS if lengths[pid] == max(lengths.values()) else 0)
            for pid in PlayerId}


def _features(match):
    """What a match covers: each player's style values, and the size of the ticket pile."""
    found = {("tickets", len(match.tickets) == len(SINGLE_TRIP_TICKETS))}
    for side, style in enumerate(match.styles):
        found |= {(side, name, getattr(style, name)) for name in ("keep", "slots", "routes", "tunnels")}
        found |= {(side, name, getattr(style, name) > 3) for name in ("claim", "cards", "tickets")}
    return found


def varied(cases, count):
    """``count`` of the drawn matches ``cases``, each chosen to cover the most style values
    the earlier ones did not (Hypothesis draws its simplest, alike examples first)."""
    chosen, covered, left = [], set(), [(match, _features(match)) for match in cases]
    while left and len(chosen) < count:
        best = max(left, key=lambda entry: len(entry[1] - covered))
        chosen.append(best[0])
        covered |= best[1]
        left.remove(best)
    return chosen


# The boundaries the worksheet's text names, tried before the generated cases ------------------
# Plain data, passed to draw(..., boundaries=...): the cases come first, in their order.

HAND = {P1: [Card.VIOLET, Card.VIOLET, Card.RED, Card.RED, Card.RED, Card.LOCOMOTIVE], P2: [Card.BLUE, Card.GREEN]}
#: a route above ground and a tunnel, with one way each to claim them from HAND
ROAD, ROAD_CARDS = ChMap.route("BAD_OLT_1"), SortedBag((Card.VIOLET, Card.VIOLET))
TUNNEL, TUNNEL_CARDS = ChMap.route("BAD_BAL_1"), SortedBag((Card.RED, Card.RED, Card.RED))


def _deck_of(size, current=P1):
    """A state whose deck holds ``size`` cards (the discards the rest), HAND in the hands."""
    return made_state(current=current, hands=HAND, deck_size=size, seed=11)


def _slots(size, slots, current=P1):
    return {"state": _deck_of(size, current), "slots": slots, "seed": 20213 + size}


#: "recreating the deck before each card" (decks of 0, 1, 2), "a face-up slot 0 to 4 or -1", "Another slot raises"
CARD_TURNS = [
    _slots(0, [-1, -1]), _slots(1, [-1, -1]), _slots(1, [0, -1]), _slots(0, [4, 0], P2), _slots(2, [-1, 4]),
    _slots(30, [5, 0]), _slots(30, [-2, -1]), _slots(30, [0, 5]), _slots(30, [-1, -2]),
]


def _owning(cars_left, free, pid=P1):
    """Routes of ``pid`` that leave it exactly ``cars_left`` cars, none of them ``free`` or its twin."""
    blocked = {free.id} | ({ChMap.twin(free).id} if ChMap.twin(free) else set())
    owned, budget = [], 40 - cars_left
    for route in sorted(ChMap.routes(), key=lambda r: (-r.length, r.id)):
        twin = ChMap.twin(route)
        if route.id not in blocked and route.length <= budget:
            owned.append(route)
            budget -= route.length
            blocked |= {route.id} | ({twin.id} if twin else set())
    return {P1: [], P2: [], pid: owned}


def _claim(state, route, claim, choice=0):
    return {"state": state, "route": route, "claim": claim, "choice": choice, "seed": 20219}


#: "route.length cars at least", "neither the route nor its twin", "fewer than 3 cards", "not one of the options"
CLAIM_TURNS = [
    _claim(made_state(hands=HAND, routes=_owning(ROAD.length, ROAD), seed=12), ROAD, ROAD_CARDS),
    _claim(made_state(hands=HAND, routes=_owning(ROAD.length - 1, ROAD), seed=12), ROAD, ROAD_CARDS),
    _claim(made_state(hands=HAND, routes=_owning(TUNNEL.length, TUNNEL), seed=12), TUNNEL, TUNNEL_CARDS),
    _claim(made_state(hands=HAND, routes={P1: [], P2: [ChMap.route("BEL_LUG_2")]}, seed=12),
           ChMap.route("BEL_LUG_1"), SortedBag((Card.RED,))),
    _claim(_deck_of(0), TUNNEL, TUNNEL_CARDS),
    _claim(scarce_state(HAND[P1], [Card.RED, Card.LOCOMOTIVE]), TUNNEL, TUNNEL_CARDS),
    _claim(scarce_state(HAND[P1], [Card.RED]), TUNNEL, TUNNEL_CARDS, None),
    _claim(scarce_state(HAND[P1], []), TUNNEL, TUNNEL_CARDS),
    _claim(scarce_state(HAND[P1], [Card.RED, Card.LOCOMOTIVE, Card.WHITE]), TUNNEL, TUNNEL_CARDS, "more"),
]

#: "Keeping no ticket, or a ticket that was not drawn, raises" (none, one, all 3, one not drawn), "the 3 top tickets"
TICKET_TURNS = [
    {"state": _deck_of(20), "keep": [], "foreign": False}, {"state": _deck_of(20), "keep": [2], "foreign": False},
    {"state": _deck_of(20), "keep": [0, 1, 2], "foreign": False},
    {"state": _deck_of(20), "keep": [0, 1], "foreign": True},
    {"state": made_state(hands=HAND, tickets={P1: list(SINGLE_TRIP_TICKETS)[3:], P2: []}, seed=13), "keep": [1],
     "foreign": False},
]

#: "the longest, or both if their trails are as long, get the bonus"; "on a tie, Info.draw"
ENDS = [
    made_state(seed=14),
    made_state(routes={P1: [ChMap.route("BAD_OLT_1")], P2: [ChMap.route("BAL_OLT_1")]}, seed=14),
    made_state(routes={P1: [ChMap.route("BAD_OLT_1")], P2: [ChMap.route("BAD_ZUR_1")]}, seed=14),
]

#: "at least 3 of its 5 tickets" (3 and all 5), on the smallest pile, which the 10 tickets dealt empty
STARTS = [
    Match((Style(keep="fewest", seed=1), Style(keep="most", seed=2)), SortedBag(SINGLE_TRIP_TICKETS[:10]), 20221),
    Match((Style(keep="most", seed=3), Style(keep="fewest", seed=4)), SortedBag(SINGLE_TRIP_TICKETS[:]), 20222),
]

#: "at least 3 of its 5 tickets" (2, 3, all 5, none), "a ticket it was not offered" (with 2 and 3 offered)
INITIAL_CHOICES = [
    {"keeps": keeps, "foreign": foreign, "seed": 20223}
    for keeps, foreign in ((([0, 1], [0, 1, 2]), (False, False)), (([0, 1, 2], [2, 3]), (False, False)),
                           (([0, 1, 2], [0, 1, 2, 3, 4]), (False, False)), (([], [0, 1, 2]), (False, False)),
                           (([0, 1, 2], [0, 1]), (False, True)), (([0, 1, 2], [0, 1, 2]), (True, False)))
]

#: "A next_turn() answer that is no TurnKind is an illegal move" (its value, as the first and a later answer)
BAD_TURNS = [{"before": 0, "answer": "DRAW_CARDS", "seed": 20231},
             {"before": 2, "answer": "CLAIM_ROUTE", "seed": 20231}]

#: the boundaries of each turn strategy, by its name
BOUNDARIES = {"bad_turns": BAD_TURNS, "initial_choices": INITIAL_CHOICES, "card_turns": CARD_TURNS,
              "claim_turns": CLAIM_TURNS, "ticket_turns": TICKET_TURNS, "ends": ENDS}
