"""Worksheet 1, Jass melds: mistakes and alternatives of Meld, mutually_disjoint, MeldSet
and print_meld_sets (see tests/corpora/__init__.py).

Each cell runs after the whole solution notebook. A cell that changes a method of
``Meld`` runs ``Meld.ALL = Meld.all_melds()`` again, as a student who reruns the cells
after the class would. ``jass.hands_without_meld`` is worth no points: its mistakes fail
hidden tests without costing any.
"""

from corpora import Alternative, Mistake

NOTEBOOK = "01_jass_melds"


def _quartets(rank_test: str, points: str) -> str:
    """A cell that rewrites add_all_quartets_into: the quartets of the ranks that pass."""
    return f'''
def add_all_quartets_into(cls, melds):
    for rank in Rank:
        if {rank_test}:
            melds.append(cls(frozenset(Card.of(suit, rank) for suit in Suit), {points}))

Meld.add_all_quartets_into = classmethod(add_all_quartets_into)
Meld.ALL = Meld.all_melds()
'''


def _runs(run: str, starts: str = "range(len(cards) - size + 1)",
          points: str = "{3: 20, 4: 50, 5: 100}", suits: str = "ALL_OF.values()") -> str:
    """A cell that rewrites add_all_suits_into: for each suit, size and start, one run."""
    return f'''
def add_all_suits_into(cls, melds):
    for cards in {suits}:
        for size, points in {points}.items():
            for start in {starts}:
                melds.append(cls(frozenset({run}), points))

Meld.add_all_suits_into = classmethod(add_all_suits_into)
Meld.ALL = Meld.all_melds()
'''


def _of(prepare: str, made: str) -> str:
    """A cell that rewrites MeldSet.of: ``prepare`` the melds, refuse an overlap, return ``made``."""
    return f'''
def of(cls, melds):
    {prepare}
    if not cls.mutually_disjoint(melds):
        shared = min(card for a in melds for b in melds if a is not b for card in a.cards & b.cards)
        raise ValueError(f"two of these melds share {{shared}}")
    return {made}

MeldSet.of = classmethod(of)
'''

#: the solution's count of hands without a meld, for mistakes that change one line of it
_COUNT = '''
def count_hands_without_meld(size):
    def has_run(ranks: frozenset) -> bool:
        return any(index in ranks and index + 1 in ranks and index + 2 in ranks for index in range(7))

    patterns = [ranks for ranks in power_set(range(len(Rank))) if not has_run(ranks)]

    def multiply(a: list[int], b: list[int]) -> list[int]:
        product = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                product[i + j] += x * y
        return product

    quartet_ranks = [rank.index for rank in Rank if rank >= Rank.NINE]
    total = 0
    for forced in power_set(quartet_ranks):
        one_suit = [0] * (len(Rank) + 1)  # run-free patterns holding `forced`, by size
        for ranks in patterns:
            if forced <= ranks:
                one_suit[len(ranks)] += 1
        four_suits = [1]
        for _ in Suit:
            four_suits = multiply(four_suits, one_suit)
        if size < len(four_suits):
            total += (-1) ** len(forced) * four_suits[size]
    return total
'''


MISTAKES = [
    # ------------------------------------------------------------------ Meld: quartets
    Mistake("jass-quartets-from-six", "jass.meld",
            _quartets("rank >= Rank.SIX", "quartet_points(rank) if rank >= Rank.NINE else 100"),
            "there is no quartet of 6s, 7s or 8s: only 6 quartets, 9 to ace", rule="quartets-nine-to-ace-only"),
    Mistake("jass-quartets-skip-nines", "jass.meld", _quartets("rank > Rank.NINE", "quartet_points(rank)"),
            "the four 9s are a quartet too (150 points): rank >= Rank.NINE, not >", rule="quartets-nine-to-ace-only"),
    Mistake("jass-quartets-all-100", "jass.meld", _quartets("rank >= Rank.NINE", "100"),
            "four 9s are worth 150 and four jacks 200, not 100 like the others", rule="quartet-points-150-200-100"),
    Mistake("jass-quartets-new-list", "jass.meld", '''
def add_all_quartets_into(cls, melds):
    melds = melds + [
        cls(frozenset(Card.of(suit, rank) for suit in Suit), quartet_points(rank))
        for rank in Rank if rank >= Rank.NINE
    ]
    return melds

Meld.add_all_quartets_into = classmethod(add_all_quartets_into)
Meld.ALL = Meld.all_melds()
''', "the method adds to the list it is given; a new list is lost to the caller",
            rule="melds-added-into-the-list-given"),
    # ------------------------------------------------------------------ Meld: runs
    Mistake("jass-runs-wrap-around", "jass.meld",
            _runs("cards[(start + k) % len(cards)] for k in range(size)", starts="range(-1, len(cards) - size)"),
            "runs never wrap from the ace to the 6 (and Q K A is a run)", rule="runs-never-wrap"),
    Mistake("jass-runs-miss-the-last", "jass.meld",
            _runs("cards[start:start + size]", starts="range(len(cards) - size)"),
            "an off-by-one that forgets the runs ending on the ace: end <= len(cards)", rule="runs-reach-the-ace"),
    Mistake("jass-runs-points-swapped", "jass.meld",
            _runs("cards[start:start + size]", points="{3: 20, 4: 100, 5: 50}"),
            "a run of 4 is worth 50 and a run of 5 100", rule="run-points-20-50-100"),
    Mistake("jass-runs-slice-one-too-long", "jass.meld", _runs("cards[start:start + size + 1]"),
            "the slice cards[start:end] holds end - start cards: a run of 3 has 3, not 4",
            rule="runs-of-3-4-5-in-every-suit"),
    Mistake("jass-runs-spades-only", "jass.meld",
            _runs("cards[start:start + size]", suits="[ALL_OF[Suit.SPADE]]"),
            "every suit has its runs, 18 each, 72 in all", rule="runs-of-3-4-5-in-every-suit"),
    # ------------------------------------------------------------------ Meld: all_in, ALL
    Mistake("jass-all-in-proper-subset", "jass.meld", '''
def all_in(cls, hand):
    hand = validate_hand(hand)
    return {meld for meld in cls.ALL if meld.cards < hand}

Meld.all_in = classmethod(all_in)
''', "a meld whose cards are the whole hand is in the hand: <=, not <", rule="meld-of-the-whole-hand-is-in-it"),
    Mistake("jass-all-in-any-card", "jass.meld", '''
def all_in(cls, hand):
    hand = validate_hand(hand)
    return {meld for meld in cls.ALL if meld.cards & hand}

Meld.all_in = classmethod(all_in)
''', "a meld is in the hand when ALL its cards are, not one of them", rule="meld-in-hand-when-all-its-cards-are"),
    Mistake("jass-all-in-no-validation", "jass.meld", '''
def all_in(cls, hand):
    hand = set(hand)
    return {meld for meld in cls.ALL if meld.cards <= hand}

Meld.all_in = classmethod(all_in)
''', "a bad hand (a card twice, strings) is refused with a ValueError", rule="meld-all-in-refuses-a-bad-hand"),
    Mistake("jass-all-in-sorts-the-hand", "jass.meld", '''
def all_in(cls, hand):
    if isinstance(hand, list):
        hand.sort()  # easier to read
    cards = validate_hand(hand)
    return {meld for meld in cls.ALL if meld.cards <= cards}

Meld.all_in = classmethod(all_in)
''', "all_in leaves the caller's hand as it was (sorting it in place changes it)",
            rule="meld-all-in-leaves-the-hand-unchanged"),
    Mistake("jass-meld-equal-by-identity", "jass.meld", '''
Meld.__eq__ = object.__eq__
Meld.__hash__ = object.__hash__
Meld.ALL = Meld.all_melds()
''', "two melds with the same cards and points are equal and hash alike", rule="melds-equal-by-value"),
    Mistake("jass-stale-all-empty", "jass.meld", '''
Meld.ALL = ()  # the class cell ran again, the cell that fills Meld.ALL did not
''', "Meld.ALL holds the 78 melds: run its cell after the class cell", rule="all-holds-the-78-melds-once"),
    Mistake("jass-stale-all-quartets-only", "jass.meld", '''
Meld.ALL = Meld.all_melds()[:6]  # filled when only the quartets were written
''', "Meld.ALL holds the 78 melds, not those of an earlier version of the class", rule="all-holds-the-78-melds-once"),
    # ------------------------------------------------------------------ mutually_disjoint
    Mistake("jass-disjoint-neighbours-only", "jass.disjoint", '''
def mutually_disjoint(sets):
    sets = list(sets)
    return all(not (a & b) for a, b in zip(sets, sets[1:]))
''', "every two sets are compared, not only neighbours", rule="disjoint-no-element-in-two-sets"),
    Mistake("jass-disjoint-grows-the-first-set", "jass.disjoint", '''
def mutually_disjoint(sets):
    sets = list(sets)
    if not sets:
        return True
    union = sets[0]
    for s in sets[1:]:
        size = len(union)
        union |= s
        if len(union) != size + len(s):
            return False
    return True
''', "the running union must be a new set: |= on the first set changes the caller's set",
            rule="disjoint-leaves-the-sets-unchanged"),
    Mistake("jass-disjoint-empty-is-false", "jass.disjoint", '''
def mutually_disjoint(sets):
    sets = list(sets)
    return bool(sets) and len(set().union(*sets)) == sum(len(s) for s in sets)
''', "no sets at all are mutually disjoint: True", rule="disjoint-no-set-or-one-set-is-true"),
    Mistake("jass-disjoint-equal-sets-once", "jass.disjoint", '''
def mutually_disjoint(sets):
    distinct = {frozenset(s) for s in sets}
    return len(frozenset().union(*distinct)) == sum(map(len, distinct))
''', "two equal non-empty sets share their elements: not disjoint", rule="disjoint-equal-sets-share-their-elements"),
    Mistake("jass-disjoint-returns-ints", "jass.disjoint", '''
def mutually_disjoint(sets):
    seen = set()
    for s in sets:
        if not seen.isdisjoint(s):
            return 0
        seen.update(s)
    return 1
''', "the answer is True or False, not 1 or 0", rule="disjoint-returns-a-bool"),
    Mistake("jass-disjoint-pops-the-list", "jass.disjoint", '''
def mutually_disjoint(sets):
    union = set()
    while sets:
        s = sets.pop()
        if union & s:
            return False
        union |= s
    return True
''', "the list of sets given is left as it was", rule="disjoint-leaves-the-sets-unchanged"),
    Mistake("jass-disjoint-common-to-all", "jass.disjoint", '''
def mutually_disjoint(sets):
    sets = [set(s) for s in sets]
    return len(sets) < 2 or not set.intersection(*sets)
''', "pairwise: an element in two of the sets is enough, not one in all of them",
            rule="disjoint-no-element-in-two-sets"),
    # ------------------------------------------------------------------ MeldSet
    Mistake("jass-of-never-refuses", "jass.meld_set", '''
def of(cls, melds):
    return cls(frozenset(melds))

MeldSet.of = classmethod(of)
''', "MeldSet.of refuses melds that share a card with a ValueError", rule="of-refuses-melds-that-share-a-card"),
    Mistake("jass-of-vague-message", "jass.meld_set", '''
def of(cls, melds):
    melds = list(melds)
    if not cls.mutually_disjoint(melds):
        raise ValueError("these melds are not compatible")
    return cls(frozenset(melds))

MeldSet.of = classmethod(of)
''', "the ValueError names a card that two melds share", rule="of-names-a-shared-card"),
    Mistake("jass-of-assert", "jass.meld_set", '''
def of(cls, melds):
    melds = list(melds)
    assert cls.mutually_disjoint(melds), "two melds share a card"
    return cls(frozenset(melds))

MeldSet.of = classmethod(of)
''', "overlapping melds raise a ValueError, not an AssertionError", rule="of-refuses-melds-that-share-a-card"),
    Mistake("jass-of-sorts-the-list", "jass.meld_set",
            _of("melds.sort(key=lambda meld: sorted(meld.cards))", "cls(frozenset(melds))"),
            "MeldSet.of leaves the list it is given as it was", rule="of-leaves-its-melds-unchanged"),
    Mistake("jass-of-keeps-a-tuple", "jass.meld_set", _of("melds = tuple(melds)", "cls(melds)"),
            "the melds are a frozenset, so the order they are given in does not matter",
            rule="meld-sets-equal-by-their-melds"),
    Mistake("jass-points-float", "jass.meld_set", '''
MeldSet.points = lambda self: float(sum(meld.points for meld in self.melds))
''', "points() is an int", rule="points-is-an-int"),
    Mistake("jass-points-best-meld", "jass.meld_set", '''
MeldSet.points = lambda self: max((meld.points for meld in self.melds), default=0)
''', "points() adds up the points of all the melds, not the best one", rule="points-add-up-every-meld"),
    Mistake("jass-points-cached-by-id", "jass.meld_set", '''
_totals = {}


def points(self):
    if id(self) not in _totals:
        _totals[id(self)] = sum(meld.points for meld in self.melds)
    return _totals[id(self)]

MeldSet.points = points
''', "a total kept by id(self) answers for a later meld set that takes the place of a dropped one",
            rule="points-of-this-meld-set-at-each-call"),
    Mistake("jass-equal-by-points", "jass.meld_set", '''
MeldSet.__eq__ = lambda self, other: self.points() == other.points()
MeldSet.__hash__ = lambda self: hash(self.points())
''', "two meld sets are equal when they hold the same melds, not the same points",
            rule="meld-sets-equal-by-their-melds"),
    Mistake("jass-md-neighbours-only", "jass.meld_set", '''
def meld_sets_disjoint(melds):
    melds = list(melds)
    return all(mutually_disjoint([a.cards, b.cards]) for a, b in zip(melds, melds[1:]))

MeldSet.mutually_disjoint = staticmethod(meld_sets_disjoint)
''', "every two melds are compared, not only neighbours", rule="melds-compared-two-by-two"),
    Mistake("jass-md-compares-melds", "jass.meld_set", '''
MeldSet.mutually_disjoint = staticmethod(lambda melds: mutually_disjoint([{meld} for meld in melds]))
''', "compare the cards of the melds, not the melds themselves", rule="melds-clash-by-their-cards"),
    Mistake("jass-all-in-without-the-empty-set", "jass.meld_set", '''
def all_in(cls, hand):
    return [cls(s) for s in power_set(Meld.all_in(hand)) if s and cls.mutually_disjoint(s)]

MeldSet.all_in = classmethod(all_in)
''', "the empty meld set is in every hand", rule="empty-meld-set-once-in-every-hand"),
    Mistake("jass-all-in-at-most-two-melds", "jass.meld_set", '''
from itertools import combinations

def all_in(cls, hand):
    melds = Meld.all_in(hand)
    found = [cls(frozenset())]
    found += [cls(frozenset([meld])) for meld in melds]
    found += [cls(frozenset(pair)) for pair in combinations(melds, 2) if cls.mutually_disjoint(pair)]
    return found

MeldSet.all_in = classmethod(all_in)
''', "a meld set may hold three melds or more: take every subset", rule="meld-set-of-any-number-of-melds"),
    Mistake("jass-all-in-empty-set-twice", "jass.meld_set", '''
def all_in(cls, hand):
    found = [cls(s) for s in power_set(Meld.all_in(hand)) if cls.mutually_disjoint(s)]
    return [cls(frozenset())] + found

MeldSet.all_in = classmethod(all_in)
''', "each meld set comes once, the empty one too", rule="empty-meld-set-once-in-every-hand"),
    # ------------------------------------------------------------------ print_meld_sets
    Mistake("jass-print-descending", "jass.print_meld_sets", '''
def print_meld_sets(hand):
    for meld_set in sorted(MeldSet.all_in(hand), key=MeldSet.points, reverse=True):
        print(f"{meld_set.points():>3}: {meld_set}")
''', "by increasing points", rule="print-by-increasing-points"),
    Mistake("jass-print-no-padding", "jass.print_meld_sets", '''
def print_meld_sets(hand):
    for meld_set in sorted(MeldSet.all_in(hand), key=MeldSet.points):
        print(f"{meld_set.points()}: {meld_set}")
''', "the points are right-aligned on 3 characters", rule="print-points-on-3-characters-then-the-meld-set"),
    Mistake("jass-print-points-as-text", "jass.print_meld_sets", '''
def print_meld_sets(hand):
    for meld_set in sorted(MeldSet.all_in(hand), key=lambda s: str(s.points())):
        print(f"{meld_set.points():>3}: {meld_set}")
''', "points sort as numbers: 20 before 150", rule="print-by-increasing-points"),
    Mistake("jass-print-skips-the-empty-set", "jass.print_meld_sets", '''
def print_meld_sets(hand):
    for meld_set in sorted(MeldSet.all_in(hand), key=MeldSet.points):
        if meld_set.melds:
            print(f"{meld_set.points():>3}: {meld_set}")
''', "the empty meld set is printed too", rule="print-one-line-per-meld-set"),
    Mistake("jass-print-the-picture", "jass.print_meld_sets", '''
def print_meld_sets(hand):
    print("\\n".join(reversed(str(show_meld_sets(MeldSet.all_in(hand))).splitlines())))
''', "the package's picture is not the printout the exercise asks for",
            rule="print-points-on-3-characters-then-the-meld-set"),
    Mistake("jass-print-the-example-lines", "jass.print_meld_sets", '''
from exercises.jass import EXAMPLE_LINES

def print_meld_sets(hand):
    print("\\n".join(EXAMPLE_LINES))
''', "every hand prints its own meld sets, not the example's", rule="print-one-line-per-meld-set"),
    Mistake("jass-count-forgets-quartets", "jass.hands_without_meld",
            _COUNT.replace("quartet_ranks = [rank.index for rank in Rank if rank >= Rank.NINE]", "quartet_ranks = []"),
            "a hand holding the four cards of one rank (nine or higher) holds a quartet: it has a meld",
            rule="count-no-quartet-of-9-to-ace"),
    Mistake("jass-count-misses-runs-to-the-ace", "jass.hands_without_meld",
            _COUNT.replace("for index in range(7))", "for index in range(6))"),
            "a run of three may end at the ace: 7 places for a run in 9 ranks, not 6",
            rule="count-no-run-of-three-in-a-suit"),
    # ------------------------------------------------------------------ the text's types and bounds
    # Written after the first round of hidden tests, and kept out of their sight: hands and
    # sets given as any Iterable (a generator read twice gives nothing the second time),
    # hands of any size, several melds of which only two clash.
    Mistake("jass-all-in-reads-the-hand-twice", "jass.meld", """
def all_in(cls, hand):
    validate_hand(hand)
    return {meld for meld in cls.ALL if meld.cards <= set(hand)}

Meld.all_in = classmethod(all_in)
""", "the hand is an Iterable: validated, then read again, a generator gives no meld",
            rule="meld-all-in-reads-any-hand-once"),
    Mistake("jass-disjoint-sum-then-union", "jass.disjoint", """
def mutually_disjoint(sets):
    total = sum(len(s) for s in sets)
    return len(set().union(*sets)) == total
""", "the sets are an Iterable, read once: the sizes, then the union, read a generator twice",
            rule="disjoint-reads-any-iterable-once"),
    Mistake("jass-disjoint-indexes-the-first", "jass.disjoint", """
def mutually_disjoint(sets):
    if len(sets) < 2:
        return True
    union = set(sets[0])
    for s in sets[1:]:
        if union & s:
            return False
        union |= s
    return True
""", "the sets are an Iterable, not a list: a generator has no len, a set of frozensets no [0]",
            rule="disjoint-reads-any-iterable-once"),
    Mistake("jass-md-indexes-the-melds", "jass.meld_set", """
def meld_sets_disjoint(melds):
    for i in range(len(melds)):
        for j in range(i + 1, len(melds)):
            if melds[i].cards & melds[j].cards:
                return False
    return True

MeldSet.mutually_disjoint = staticmethod(meld_sets_disjoint)

def all_in(cls, hand):
    return [cls(s) for s in power_set(Meld.all_in(hand)) if cls.mutually_disjoint(list(s))]

MeldSet.all_in = classmethod(all_in)
""", "MeldSet.mutually_disjoint takes any Iterable of melds: a set or a generator has no [i]",
            rule="melds-disjoint-of-any-iterable"),
    Mistake("jass-of-reads-the-melds-twice", "jass.meld_set", """
def of(cls, melds):
    if not cls.mutually_disjoint(melds):
        counts = Counter(card for meld in melds for card in meld.cards)
        shared = min(card for card, count in counts.items() if count > 1)
        raise ValueError(f"two of these melds share {shared}")
    return cls(frozenset(melds))

MeldSet.of = classmethod(of)
""", "the melds are an Iterable: checked, then read again, a generator gives an empty meld set",
            rule="of-reads-any-iterable-once"),
    Mistake("jass-of-names-cards-common-to-all", "jass.meld_set", """
def of(cls, melds):
    melds = list(melds)
    if not cls.mutually_disjoint(melds):
        common = frozenset.intersection(*(meld.cards for meld in melds))
        raise ValueError(f"these melds share {', '.join(map(str, sorted(common)))}")
    return cls(frozenset(melds))

MeldSet.of = classmethod(of)
""", "the message names a card two of the melds share; with three melds no card may be in all",
            rule="of-names-a-shared-card"),
    Mistake("jass-points-of-a-set", "jass.meld_set", """
MeldSet.points = lambda self: sum({meld.points for meld in self.melds})
""", "points() adds the points of every meld: two runs of 3 are worth 40, not 20", rule="points-add-up-every-meld"),
    Mistake("jass-set-all-in-validates-then-reads", "jass.meld_set", """
def all_in(cls, hand):
    validate_hand(hand)
    return [cls(s) for s in power_set(Meld.all_in(hand)) if cls.mutually_disjoint(s)]

MeldSet.all_in = classmethod(all_in)
""", "the hand is an Iterable: validated, then passed on, a generator reaches Meld.all_in empty",
            rule="meld-set-all-in-reads-any-hand-once"),
    Mistake("jass-set-all-in-three-melds-at-most", "jass.meld_set", """
from itertools import combinations

def all_in(cls, hand):
    melds = list(Meld.all_in(hand))
    return [cls(frozenset(chosen)) for size in range(4) for chosen in combinations(melds, size)
            if cls.mutually_disjoint(chosen)]

MeldSet.all_in = classmethod(all_in)
""", "a hand may hold up to 36 cards: 12 cards hold four runs that share no card",
            rule="meld-set-of-any-number-of-melds"),
    Mistake("jass-print-validates-then-reads", "jass.print_meld_sets", """
def print_meld_sets(hand):
    validate_hand(hand)
    for meld_set in sorted(MeldSet.all_in(hand), key=MeldSet.points):
        print(f"{meld_set.points():>3}: {meld_set}")
""", "the hand is an Iterable: validated, then read again, a generator prints only the empty set",
            rule="print-reads-any-hand-once"),
    # decisions written into the text: the melds and the sets are taken as given
    Mistake("jass-of-the-same-meld-twice-as-one", "jass.meld_set", """
_of = MeldSet.of.__func__

def of(cls, melds):
    return _of(cls, set(melds))

MeldSet.of = classmethod(of)
""", "the melds are taken as given: the same meld twice shares its cards with itself, so of([m, m]) raises",
            rule="of-a-meld-twice-shares-its-cards"),
    Mistake("jass-disjoint-as-a-set-of-sets", "jass.disjoint", """
_disjoint = mutually_disjoint

def mutually_disjoint(sets):
    return _disjoint({frozenset(s) for s in sets})
""", "the sets are taken as given: a non-empty set given twice shares its elements with itself",
            rule="disjoint-equal-sets-share-their-elements"),
]

ALTERNATIVES = [
    Alternative("jass-quartets-one-by-one", "jass.meld", '''
def add_all_quartets_into(cls, melds):
    melds.append(cls(parse_cards("♠9 ♡9 ♢9 ♣9"), 150))
    melds.append(cls(parse_cards("♠10 ♡10 ♢10 ♣10"), 100))
    melds.append(cls(parse_cards("♠J ♡J ♢J ♣J"), 200))
    melds.append(cls(parse_cards("♠Q ♡Q ♢Q ♣Q"), 100))
    melds.append(cls(parse_cards("♠K ♡K ♢K ♣K"), 100))
    melds.append(cls(parse_cards("♠A ♡A ♢A ♣A"), 100))

Meld.add_all_quartets_into = classmethod(add_all_quartets_into)
Meld.ALL = Meld.all_melds()
''', "the trivial way the worksheet allows: the six quartets one by one"),
    Alternative("jass-runs-extend-and-return", "jass.meld", '''
def add_all_suits_into(cls, melds):
    points = {3: 20, 4: 50, 5: 100}
    melds.extend(
        cls(frozenset(ALL_OF[suit][start:start + size]), points[size])
        for suit in Suit for size in points for start in range(len(Rank) - size + 1)
    )
    return melds

Meld.add_all_suits_into = classmethod(add_all_suits_into)
Meld.ALL = Meld.all_melds()
''', "one extend over a generator (returning the list as well does no harm)"),
    Alternative("jass-all-as-a-frozenset", "jass.meld", '''
def all_in(cls, hand):
    hand = validate_hand(hand)
    return set(filter(lambda meld: meld.cards.issubset(hand), cls.ALL))

Meld.all_in = classmethod(all_in)
Meld.ALL = frozenset(Meld.all_melds())
''', "Meld.ALL as a frozenset, all_in with filter and issubset"),
    Alternative("jass-disjoint-pairs", "jass.disjoint", '''
from itertools import combinations

def mutually_disjoint(sets):
    return all(a.isdisjoint(b) for a, b in combinations(list(sets), 2))
''', "every pair compared with isdisjoint instead of a running union"),
    Alternative("jass-disjoint-recursion", "jass.disjoint", '''
def mutually_disjoint(sets):
    sets = list(sets)
    if len(sets) < 2:
        return True
    first, rest = sets[0], sets[1:]
    return not any(first & s for s in rest) and mutually_disjoint(rest)
''', "recursion: the first set against the rest, then the rest"),
    Alternative("jass-all-in-by-size", "jass.meld_set", '''
from itertools import combinations

def all_in(cls, hand):
    melds = list(Meld.all_in(hand))
    return [
        cls(frozenset(chosen))
        for size in range(len(melds) + 1)
        for chosen in combinations(melds, size)
        if cls.mutually_disjoint(chosen)
    ]

MeldSet.all_in = classmethod(all_in)
MeldSet.points = lambda self: sum(map(lambda meld: meld.points, self.melds), 0)
''', "combinations of each size instead of power_set; points with map"),
    Alternative("jass-print-default-alignment", "jass.print_meld_sets", '''
def print_meld_sets(hand):
    meld_sets = sorted(MeldSet.all_in(hand), key=str, reverse=True)
    meld_sets.sort(key=lambda meld_set: meld_set.points())
    for meld_set in meld_sets:
        print(f"{meld_set.points():3}: {meld_set}")
''', "ints align right by default; equal points in the other order"),
    Alternative("jass-count-by-ranks", "jass.hands_without_meld", '''
def count_hands_without_meld(size):
    states = {((0, 0, 0, 0), 0): 1}  # cards in a row below, per suit; cards held
    for rank in Rank:
        following = {}
        for (streaks, held), ways in states.items():
            for suits in power_set(range(4)):
                if len(suits) == 4 and rank >= Rank.NINE:
                    continue
                new = tuple(streaks[s] + 1 if s in suits else 0 for s in range(4))
                if max(new) < 3 and held + len(suits) <= size:
                    key = (new, held + len(suits))
                    following[key] = following.get(key, 0) + ways
        states = following
    return sum(ways for (_, held), ways in states.items() if held == size)
''', "counting up the ranks (dynamic programming) instead of inclusion-exclusion"),
    Alternative("jass-all-in-generator-safe", "jass.meld", """
def all_in(cls, hand):
    cards = validate_hand(hand)
    return set(filter(lambda meld: cards.issuperset(meld.cards), cls.ALL))

Meld.all_in = classmethod(all_in)
""", "the validated frozenset read with issuperset and filter"),
    Alternative("jass-disjoint-counter", "jass.disjoint", """
from collections import Counter

def mutually_disjoint(sets):
    counts = Counter(element for s in sets for element in s)
    return all(count == 1 for count in counts.values())
""", "every element counted once over all the sets: no element twice"),
    Alternative("jass-of-tuple-first-then-pairs", "jass.meld_set", """
from itertools import combinations

def of(cls, melds):
    melds = tuple(melds)
    for a, b in combinations(melds, 2):
        shared = a.cards & b.cards
        if shared:
            raise ValueError(f"{min(shared)} is in two of the melds")
    return cls(frozenset(melds))

MeldSet.of = classmethod(of)
""", "the melds read once into a tuple, the first clashing pair named"),
    Alternative("jass-set-all-in-grown-subsets", "jass.meld_set", """
def all_in(cls, hand):
    found = [frozenset()]
    for meld in Meld.all_in(hand):
        found += [chosen | {meld} for chosen in found if all(not meld.cards & m.cards for m in chosen)]
    return [cls(chosen) for chosen in found]

MeldSet.all_in = classmethod(all_in)
""", "compatible subsets grown meld by meld instead of filtering the power set"),
    Alternative("jass-print-list-then-join", "jass.print_meld_sets", """
def print_meld_sets(hand):
    meld_sets = MeldSet.all_in(list(hand))
    meld_sets.sort(key=lambda meld_set: (meld_set.points(), -len(meld_set.melds)))
    print("\\n".join(str(meld_set.points()).rjust(3) + ": " + str(meld_set) for meld_set in meld_sets))
""", "one print of joined lines, rjust, ties by the number of melds"),
]
