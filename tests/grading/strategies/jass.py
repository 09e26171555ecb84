"""Hypothesis strategies of worksheet 1, Jass melds: cards, hands, melds and sets of sets.

They cover what the worksheet's text allows, not only what a dealt hand of 9 reaches:
hands of 0 to 36 cards, long suits whose runs of 3, 4 and 5 overlap, several quartets,
four disjoint runs, hands given as a list, a tuple, a set or a generator (``forms``: a
generator read twice gives nothing the second time), melds that share a card with one
other meld only, and collections of sets with empty sets, equal sets and overlaps far
apart. Each strategy draws plain data: cards are the package's and cross by value.
"""

from __future__ import annotations

import random

from course.grading.grader.drawing import st
from course.grading.instructor.cases import Sample
from exercises.jass import ALL_OF, DECK, Card, Rank, Suit, quartet_points

RANKS = tuple(Rank)
RUN_POINTS = {3: 20, 4: 50, 5: 100}

#: How a hand (or any collection) reaches the function: the text types it as an Iterable.
#: Each form is an expression of ``hand`` evaluated in the notebook's process.
FORMS = {
    "list": "list({})",
    "tuple": "tuple({})",
    "set": "set({})",
    "generator": "(x for x in {})",
}


def cards() -> st.SearchStrategy[Card]:
    """Any card of the deck."""
    return st.sampled_from(DECK)


def runs_of(suit: Suit, low: int, size: int) -> tuple[Card, ...]:
    """The ``size`` cards of ``suit`` in a row from rank index ``low``."""
    return ALL_OF[suit][low : low + size]


@st.composite
def long_suits(draw, min_size: int = 3, max_size: int = 9) -> tuple[Card, ...]:
    """Cards in a row of one suit, up to all nine (whose runs overlap)."""
    size = draw(st.integers(min_size, max_size))
    low = draw(st.integers(0, len(RANKS) - size))
    return runs_of(draw(st.sampled_from(list(Suit))), low, size)


@st.composite
def quartets(draw) -> tuple[Card, ...]:
    """The four cards of one rank, 6 to ace (6, 7 and 8 make no meld)."""
    rank = draw(st.sampled_from(RANKS))
    return tuple(Card(suit, rank) for suit in Suit)


@st.composite
def hands(draw, min_size: int = 0, max_size: int = 36) -> list[Card]:
    """A hand of distinct cards in any order: random cards, or built around melds.

    Some hands hold long suits and quartets (several overlapping melds), some are
    random, some are the whole deck or empty; all have ``min_size`` to ``max_size`` cards.
    The cards around the melds and the order come from one drawn seed (a seeded shuffle
    is much cheaper to draw than a permutation of the deck).
    """
    size = draw(st.integers(min_size, max_size))
    chosen: dict[Card, None] = {}
    for part in draw(st.lists(st.one_of(long_suits(), quartets()), max_size=4)):
        for card in part:
            if len(chosen) < size:
                chosen[card] = None
    shuffled = random.Random(draw(st.integers(0, 2**32 - 1)))
    hand = list(chosen) + shuffled.sample([card for card in DECK if card not in chosen], size - len(chosen))
    shuffled.shuffle(hand)
    return hand


def deals() -> st.SearchStrategy[list[Card]]:
    """A hand of 9 cards, as the game deals them."""
    return hands(9, 9)


@st.composite
def disjoint_runs(draw) -> list[Card]:
    """A hand holding four (or more) runs that share no card: 12 cards or more."""
    hand: list[Card] = []
    for suit in Suit:
        size = draw(st.integers(3, 4))
        low = draw(st.integers(0, len(RANKS) - size))
        hand.extend(runs_of(suit, low, size))
    random.Random(draw(st.integers(0, 2**32 - 1))).shuffle(hand)
    return hand


def hands_in_forms(min_size: int = 0, max_size: int = 36) -> st.SearchStrategy[tuple[str, list[Card]]]:
    """A form of :data:`FORMS` and a hand: the hand as the function receives it."""
    return st.tuples(st.sampled_from(sorted(FORMS)), hands(min_size, max_size))


#: what a hand must not hold (the text: "a collection of distinct cards"): a card's text,
#: a number, nothing, a (suit, rank) pair
NOT_CARDS = ["♠6", 6, None, ("♠", "6")]


@st.composite
def bad_hands(draw, too_long: bool = True) -> tuple[str, list]:
    """A form and a hand the text refuses: a card twice, something that is no card among the
    cards, anywhere in the hand, or (``too_long``) the whole deck and a card or more again.
    A repeated card never comes as a set, which would drop it."""
    fault = draw(st.sampled_from(["twice", "not a card", "too long"] if too_long else ["twice", "not a card"]))
    if fault == "too long":
        return draw(st.sampled_from(["list", "tuple", "generator"])), list(DECK) + draw(
            st.lists(cards(), min_size=1, max_size=3))
    hand = draw(hands(1, 12))
    intruder = draw(st.sampled_from(hand)) if fault == "twice" else draw(st.sampled_from(NOT_CARDS))
    where = draw(st.integers(0, len(hand)))
    forms = sorted(FORMS) if fault == "not a card" else ["list", "tuple", "generator"]
    return draw(st.sampled_from(forms)), hand[:where] + [intruder] + hand[where:]


# ----------------------------------------------------------------------------- melds


def all_melds() -> list[tuple[frozenset[Card], int]]:
    """The 78 melds of the rules, as (cards, points): written from the rules' table."""
    melds = []
    for rank in RANKS:
        if rank >= Rank.NINE:
            melds.append((frozenset(Card(suit, rank) for suit in Suit), quartet_points(rank)))
    for suit in Suit:
        for size, points in RUN_POINTS.items():
            for low in range(len(RANKS) - size + 1):
                melds.append((frozenset(runs_of(suit, low, size)), points))
    return melds


MELDS = all_melds()


def melds() -> st.SearchStrategy[tuple[frozenset[Card], int]]:
    """One of the 78 melds, as (cards, points)."""
    return st.sampled_from(MELDS)


@st.composite
def meld_lists(draw, max_size: int = 5) -> list[tuple[frozenset[Card], int]]:
    """Distinct melds, often overlapping: any, or the melds of one hand, or disjoint ones."""
    kind = draw(st.sampled_from(["any", "of a hand", "disjoint"]))
    if kind == "any":
        chosen = draw(st.lists(melds(), max_size=max_size, unique=True))
    else:
        hand = set(draw(hands(6, 20)))
        inside = [meld for meld in MELDS if meld[0] <= hand]
        if kind == "disjoint":
            picked: list = []
            for meld in draw(st.permutations(inside)) if inside else []:
                if all(not meld[0] & other[0] for other in picked):
                    picked.append(meld)
            inside = picked
        chosen = draw(st.lists(st.sampled_from(inside), max_size=max_size, unique=True)) if inside else []
    return chosen


@st.composite
def overlapping_melds(draw) -> list[tuple[frozenset[Card], int]]:
    """Two to five distinct melds of which exactly two share a card, anywhere in the list."""
    disjoint: list[tuple[frozenset[Card], int]] = []
    for meld in draw(st.lists(melds(), min_size=1, max_size=4, unique=True)):
        if all(not meld[0] & other[0] for other in disjoint):
            disjoint.append(meld)
    clashing = draw(st.sampled_from(disjoint))
    partners = [meld for meld in MELDS if meld not in disjoint and meld[0] & clashing[0]
                and all(not meld[0] & other[0] for other in disjoint if other != clashing)]
    where = draw(st.integers(0, len(disjoint)))
    return disjoint[:where] + [draw(st.sampled_from(partners))] + disjoint[where:]


# ----------------------------------------------------------------------------- sets of sets


def elements() -> st.SearchStrategy:
    """What a set holds: small ints (sets of cards come from the melds; a set of ints
    prints the same in every process, a set of strings does not)."""
    return st.integers(-3, 12)


@st.composite
def collections_of_sets(draw) -> list[frozenset]:
    """Zero to seven sets: empty ones, equal ones, overlaps between any two of them."""
    sets = draw(st.lists(st.frozensets(elements(), max_size=4), max_size=7))
    if len(sets) >= 2 and draw(st.booleans()):  # make the first and the last overlap
        shared = draw(elements())
        sets[0], sets[-1] = sets[0] | {shared}, sets[-1] | {shared}
    return sets


# ----------------------------------------------------------------------------- the checks' samples


def named_hands(max_melds: int = 78) -> st.SearchStrategy[dict]:
    """The hand of one call as the text of its cards (``parse_cards(cards)`` reads it back):
    up to 12 cards, holding at most ``max_melds`` melds."""
    return hands(0, 12).filter(lambda hand: sum(cards <= set(hand) for cards, _ in MELDS) <= max_melds).map(
        lambda hand: {"cards": " ".join(map(str, hand))})


#: The generated examples of the public checks (``course cases`` computes their answers
#: from the reference): hands of any size given as generators, sets of sets of any shape.
SAMPLES = [
    Sample("jass.meld", "sorted(m.points for m in Meld.all_in(x for x in parse_cards(cards)))", named_hands(), count=8),
    Sample("jass.disjoint", "mutually_disjoint(s for s in sets)",
           collections_of_sets().map(lambda sets: {"sets": sets}), count=14),
    Sample("jass.meld_set", "sorted(s.points() for s in MeldSet.all_in(x for x in parse_cards(cards)))",
           named_hands(10), count=10),
]
