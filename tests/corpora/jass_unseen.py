"""Jass melds: mistakes and alternatives written from the worksheet's text and the rules
alone (shared/rules), not from its hidden tests or its checks."""

from corpora import Alternative, Mistake

NOTEBOOK = "01_jass_melds"

MISTAKES = [
    Mistake(
        'jass-unseen-nine-jack-points-swapped', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up."""
        points = {Rank.NINE: 200, Rank.TEN: 100, Rank.JACK: 150,
                  Rank.QUEEN: 100, Rank.KING: 100, Rank.ACE: 100}
        for rank, value in points.items():
            melds.append(cls(frozenset(Card.of(suit, rank) for suit in Suit), value))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit."""
        points_of_size = {3: 20, 4: 50, 5: 100}
        for cards in ALL_OF.values():
            for size, points in points_of_size.items():
                start, end = 0, size
                while end <= len(cards):
                    melds.append(cls(frozenset(cards[start:end]), points))
                    start, end = start + 1, end + 1

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`."""
        hand = validate_hand(hand)
        return {meld for meld in cls.ALL if meld.cards <= hand}
''',
        (
            "table: four 9s are worth 150 and four jacks 200 (and 'Use quartet_points(rank)'); the student typed the "
            "points by hand and swapped them, as in trump order"
        ),
        replace=True, rule="quartet-points-150-200-100"),
    Mistake(
        'jass-unseen-runs-stop-before-ace', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up."""
        for rank in Rank:
            if rank >= Rank.NINE:
                cards = frozenset(Card.of(suit, rank) for suit in Suit)
                melds.append(cls(cards, quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit."""
        points_of_size = {3: 20, 4: 50, 5: 100}
        for cards in ALL_OF.values():
            for size, points in points_of_size.items():
                start, end = 0, size
                while end < len(cards):
                    melds.append(cls(frozenset(cards[start:end]), points))
                    start, end = start + 1, end + 1

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`."""
        hand = validate_hand(hand)
        return {meld for meld in cls.ALL if meld.cards <= hand}
''',
        (
            'table: 28 + 24 + 20 = 72 runs; off-by-one on the end index drops every run ending at the ace (Q-K-A, '
            'J-Q-K-A, 10-J-Q-K-A), leaving 60'
        ),
        replace=True, rule="runs-reach-the-ace"),
    Mistake(
        'jass-unseen-runs-wrap-around', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up."""
        for rank in Rank:
            if rank >= Rank.NINE:
                cards = frozenset(Card.of(suit, rank) for suit in Suit)
                melds.append(cls(cards, quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit."""
        points_of_size = {3: 20, 4: 50, 5: 100}
        for cards in ALL_OF.values():
            circle = list(cards) + list(cards)  # the ace is followed by the 6 again
            for size, points in points_of_size.items():
                for start in range(len(cards)):
                    melds.append(cls(frozenset(circle[start:start + size]), points))

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`."""
        hand = validate_hand(hand)
        return {meld for meld in cls.ALL if meld.cards <= hand}
''',
        "'Runs never wrap around: the ace and the 6 are not consecutive.'",
        replace=True, rule="runs-never-wrap"),
    Mistake(
        'jass-unseen-all-in-no-validate', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up."""
        for rank in Rank:
            if rank >= Rank.NINE:
                cards = frozenset(Card.of(suit, rank) for suit in Suit)
                melds.append(cls(cards, quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit."""
        points_of_size = {3: 20, 4: 50, 5: 100}
        for cards in ALL_OF.values():
            for size, points in points_of_size.items():
                start, end = 0, size
                while end <= len(cards):
                    melds.append(cls(frozenset(cards[start:end]), points))
                    start, end = start + 1, end + 1

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`."""
        hand = set(hand)
        return {meld for meld in cls.ALL if meld.cards <= hand}
''',
        (
            "'Your all_in methods start by calling it [validate_hand]': a card twice or a non-card is silently "
            "accepted instead of raising ValueError"
        ),
        replace=True, rule="meld-all-in-refuses-a-bad-hand"),
    Mistake(
        'jass-unseen-all-in-reads-hand-twice', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up."""
        for rank in Rank:
            if rank >= Rank.NINE:
                cards = frozenset(Card.of(suit, rank) for suit in Suit)
                melds.append(cls(cards, quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit."""
        points_of_size = {3: 20, 4: 50, 5: 100}
        for cards in ALL_OF.values():
            for size, points in points_of_size.items():
                start, end = 0, size
                while end <= len(cards):
                    melds.append(cls(frozenset(cards[start:end]), points))
                    start, end = start + 1, end + 1

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`."""
        validate_hand(hand)
        cards = frozenset(hand)
        return {meld for meld in cls.ALL if meld.cards <= cards}
''',
        (
            'hand is any Iterable[Card]: the validated frozenset is thrown away and the hand read a second time, so a '
            'one-shot iterator (generator) gives no meld'
        ),
        replace=True, rule="meld-all-in-reads-any-hand-once"),
    Mistake(
        'jass-unseen-meld-not-frozen', 'jass.meld',
        '''@dataclass(unsafe_hash=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up."""
        for rank in Rank:
            if rank >= Rank.NINE:
                cards = frozenset(Card.of(suit, rank) for suit in Suit)
                melds.append(cls(cards, quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit."""
        points_of_size = {3: 20, 4: 50, 5: 100}
        for cards in ALL_OF.values():
            for size, points in points_of_size.items():
                start, end = 0, size
                while end <= len(cards):
                    melds.append(cls(frozenset(cards[start:end]), points))
                    start, end = start + 1, end + 1

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`."""
        hand = validate_hand(hand)
        return {meld for meld in cls.ALL if meld.cards <= hand}
''',
        (
            "'The class Meld is immutable ... It is a frozen dataclass': the student forced a hash instead, so "
            "meld.points = 0 is accepted"
        ),
        replace=True, rule="meld-is-frozen"),
    Mistake(
        'jass-unseen-disjoint-only-subset', 'jass.disjoint',
        '''def mutually_disjoint(sets: Iterable[Set]) -> bool:
    """Return True when no two of `sets` share an element (also for zero or one set)."""
    union: set = set()
    for s in sets:
        if s and s <= union:  # all its elements were already seen
            return False
        union |= s
    return True
''',
        (
            "'pairwise disjoint: no element belongs to two of them': only a set lying wholly inside the union is "
            "caught, so [{1, 2}, {2, 3}] is taken as disjoint (the example still passes)"
        ),
        replace=True, rule="disjoint-no-element-in-two-sets"),
    Mistake(
        'jass-unseen-disjoint-mutates-first-set', 'jass.disjoint',
        '''def mutually_disjoint(sets: Iterable[Set]) -> bool:
    """Return True when no two of `sets` share an element (also for zero or one set)."""
    union = None
    for s in sets:
        if union is None:
            union = s
            continue
        size = len(union)
        union |= s
        if len(union) != size + len(s):
            return False
    return True
''',
        (
            "'Keep a running union of the sets seen so far, and do not change the sets you are given': the first set "
            "(a mutable set) becomes the running union and grows"
        ),
        replace=True, rule="disjoint-leaves-the-sets-unchanged"),
    Mistake(
        'jass-unseen-disjoint-len-of-iterable', 'jass.disjoint',
        '''def mutually_disjoint(sets: Iterable[Set]) -> bool:
    """Return True when no two of `sets` share an element (also for zero or one set)."""
    if len(sets) < 2:
        return True
    union: set = set()
    for s in sets:
        size = len(union)
        union |= s
        if len(union) != size + len(s):
            return False
    return True
''',
        'the signature takes an Iterable[Set]: len() fails (TypeError) on a generator of sets',
        replace=True, rule="disjoint-reads-any-iterable-once"),
    Mistake(
        'jass-unseen-of-assert-not-valueerror', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap."""
        melds = list(melds)
        counts = Counter(card for meld in melds for card in meld.cards)
        shared = [card for card, count in counts.items() if count > 1]
        assert cls.mutually_disjoint(melds), f"two of these melds share {min(shared)}"
        return cls(frozenset(melds))

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        return mutually_disjoint([meld.cards for meld in melds])

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included."""
        return [
            cls(subset) for subset in power_set(Meld.all_in(hand)) if cls.mutually_disjoint(subset)
        ]

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        return sum(meld.points for meld in self.melds)

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        (
            "'MeldSet.of(melds) ... raises a ValueError naming a shared card': an assert raises AssertionError (and "
            "nothing at all under python -O)"
        ),
        replace=True, rule="of-refuses-melds-that-share-a-card"),
    Mistake(
        'jass-unseen-of-message-names-no-card', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap."""
        melds = list(melds)
        if not cls.mutually_disjoint(melds):
            raise ValueError("these melds are not compatible: a card belongs to one meld only")
        return cls(frozenset(melds))

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        return mutually_disjoint([meld.cards for meld in melds])

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included."""
        return [
            cls(subset) for subset in power_set(Meld.all_in(hand)) if cls.mutually_disjoint(subset)
        ]

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        return sum(meld.points for meld in self.melds)

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        "'raises a ValueError naming a shared card': the message names no card",
        replace=True, rule="of-names-a-shared-card"),
    Mistake(
        'jass-unseen-of-pops-given-list', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap."""
        if not isinstance(melds, list):
            melds = list(melds)
        if cls.mutually_disjoint(melds):
            return cls(frozenset(melds))
        while melds:
            meld = melds.pop()
            for other in melds:
                shared = meld.cards & other.cards
                if shared:
                    raise ValueError(
                        f"two of these melds share {min(shared)}: a card belongs to one meld only")
        raise ValueError("these melds share a card")

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        return mutually_disjoint([meld.cards for meld in melds])

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included."""
        return [
            cls(subset) for subset in power_set(Meld.all_in(hand)) if cls.mutually_disjoint(subset)
        ]

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        return sum(meld.points for meld in self.melds)

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        (
            "'raises a ValueError ... (and leaves melds as it was)': the search for the shared card pops melds out of "
            "the caller's list"
        ),
        replace=True, rule="of-leaves-its-melds-unchanged"),
    Mistake(
        'jass-unseen-all-in-drops-empty-set', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap."""
        melds = list(melds)
        if not cls.mutually_disjoint(melds):
            counts = Counter(card for meld in melds for card in meld.cards)
            shared = min(card for card, count in counts.items() if count > 1)
            message = f"two of these melds share {shared}: a card belongs to one meld only"
            raise ValueError(message)
        return cls(frozenset(melds))

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        return mutually_disjoint([meld.cards for meld in melds])

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included."""
        return [
            cls(subset)
            for subset in power_set(Meld.all_in(hand))
            if subset and cls.mutually_disjoint(subset)
        ]

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        return sum(meld.points for meld in self.melds)

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        (
            "'returns the list of all the meld sets of the given hand (the empty one included)' / 'the empty meld set "
            "... is always present'"
        ),
        replace=True, rule="empty-meld-set-once-in-every-hand"),
    Mistake(
        'jass-unseen-points-sum-of-set', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap."""
        melds = list(melds)
        if not cls.mutually_disjoint(melds):
            counts = Counter(card for meld in melds for card in meld.cards)
            shared = min(card for card, count in counts.items() if count > 1)
            message = f"two of these melds share {shared}: a card belongs to one meld only"
            raise ValueError(message)
        return cls(frozenset(melds))

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        return mutually_disjoint([meld.cards for meld in melds])

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included."""
        return [
            cls(subset) for subset in power_set(Meld.all_in(hand)) if cls.mutually_disjoint(subset)
        ]

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        return sum({meld.points for meld in self.melds})

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        (
            "'points(), its total number of points': summing a set of points counts two melds of equal worth (two runs "
            "of 20, four kings and four aces) once"
        ),
        replace=True, rule="points-add-up-every-meld"),
    Mistake(
        'jass-unseen-print-best-first', 'jass.print_meld_sets',
        '''def print_meld_sets(hand: Iterable[Card]) -> None:
    """Print the meld sets of `hand` by increasing points, one a line, as `170: {...}`."""
    meld_sets = sorted(MeldSet.all_in(hand), key=lambda meld_set: (meld_set.points(), str(meld_set)))
    for meld_set in reversed(meld_sets):
        print(f"{meld_set.points():>3}: {meld_set}")
''',
        'the example lists the meld sets by increasing points (0 first, 170 last); the best one is printed first here',
        replace=True, rule="print-by-increasing-points"),
    Mistake(
        'jass-unseen-print-frozenset-of-melds', 'jass.print_meld_sets',
        '''def print_meld_sets(hand: Iterable[Card]) -> None:
    """Print the meld sets of `hand` by increasing points, one a line, as `170: {...}`."""
    for meld_set in sorted(MeldSet.all_in(hand), key=MeldSet.points):
        print(f"{meld_set.points():>3}: {meld_set.melds}")
''',
        (
            'the line is f"{points:>3}: {meld_set}": printing the field melds shows frozenset({Meld(...)}) instead of '
            '{[♠6, ♠7, ♠8]}'
        ),
        replace=True, rule="print-points-on-3-characters-then-the-meld-set"),
    Mistake(
        'jass-unseen-count-ignores-quartets', 'jass.hands_without_meld',
        '''def count_hands_without_meld(size: int) -> int:
    """Return how many hands of `size` distinct cards of the deck hold no meld."""
    def has_run(ranks: frozenset) -> bool:
        return any(index in ranks and index + 1 in ranks and index + 2 in ranks for index in range(7))

    patterns = [ranks for ranks in power_set(range(len(Rank))) if not has_run(ranks)]

    def multiply(a: list[int], b: list[int]) -> list[int]:
        product = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                product[i + j] += x * y
        return product

    quartet_ranks = []
    total = 0
    for forced in power_set(quartet_ranks):
        one_suit = [0] * (len(Rank) + 1)
        for ranks in patterns:
            if forced <= ranks:
                one_suit[len(ranks)] += 1
        four_suits = [1]
        for _ in Suit:
            four_suits = multiply(four_suits, one_suit)
        if size < len(four_suits):
            total += (-1) ** len(forced) * four_suits[size]
    return total
''',
        (
            "'Quartets tie the suits together': counting only run-free hands also counts the hands holding four "
            "9s..four aces (count_hands_without_meld(3) = 7112 still passes)"
        ),
        replace=True, rule="count-no-quartet-of-9-to-ace"),
    Mistake(
        'jass-unseen-count-quartets-of-low-ranks', 'jass.hands_without_meld',
        '''def count_hands_without_meld(size: int) -> int:
    """Return how many hands of `size` distinct cards of the deck hold no meld."""
    def has_run(ranks: frozenset) -> bool:
        return any(index in ranks and index + 1 in ranks and index + 2 in ranks for index in range(7))

    patterns = [ranks for ranks in power_set(range(len(Rank))) if not has_run(ranks)]

    def multiply(a: list[int], b: list[int]) -> list[int]:
        product = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            for j, y in enumerate(b):
                product[i + j] += x * y
        return product

    quartet_ranks = [rank.index for rank in Rank]
    total = 0
    for forced in power_set(quartet_ranks):
        one_suit = [0] * (len(Rank) + 1)
        for ranks in patterns:
            if forced <= ranks:
                one_suit[len(ranks)] += 1
        four_suits = [1]
        for _ in Suit:
            four_suits = multiply(four_suits, one_suit)
        if size < len(four_suits):
            total += (-1) ** len(forced) * four_suits[size]
    return total
''',
        (
            "'There is no quartet of 6s, 7s or 8s' / 'a set F of quartet ranks (9 to A)': hands with four 6s, 7s or 8s "
            "are wrongly excluded"
        ),
        replace=True, rule="count-four-6s-7s-8s-allowed"),
]
ALTERNATIVES = [
    Alternative(
        'jass-unseen-meld-runs-by-size-filter', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up."""
        for rank in (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE):
            melds.append(cls([Card.of(suit, rank) for suit in Suit], quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit."""
        for size, points in ((3, 20), (4, 50), (5, 100)):
            for suit in Suit:
                cards = ALL_OF[suit]
                for start in range(len(cards) - size + 1):
                    melds.append(cls(cards[start:start + size], points))

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`."""
        cards = validate_hand(hand)
        return set(filter(lambda meld: meld.cards.issubset(cards), cls.ALL))
''',
        (
            'explicit tuple of quartet ranks, runs built size by size with a for/range (another order of the 72 runs), '
            'cards passed as lists (frozen by __post_init__), filter()'
        ),
        replace=True),
    Alternative(
        'jass-unseen-disjoint-counter', 'jass.disjoint',
        '''def mutually_disjoint(sets: Iterable[Set]) -> bool:
    """Return True when no two of `sets` share an element (also for zero or one set)."""
    counts = Counter()
    for s in sets:
        counts.update(s)
    return all(count == 1 for count in counts.values())
''',
        (
            'counts how many sets hold each element with a Counter (one pass, nothing mutated) instead of comparing '
            'the size of a running union'
        ),
        replace=True),
    Alternative(
        'jass-unseen-disjoint-pairs', 'jass.disjoint',
        '''from itertools import combinations


def mutually_disjoint(sets: Iterable[Set]) -> bool:
    """Return True when no two of `sets` share an element (also for zero or one set)."""
    sets = list(sets)
    return all(a.isdisjoint(b) for a, b in combinations(sets, 2))
''',
        'checks every pair with isdisjoint after reading the iterable once into a list',
        replace=True),
    Alternative(
        'jass-unseen-meld-set-try-of', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap."""
        melds = tuple(melds)
        seen: set[Card] = set()
        for meld in melds:
            for card in sorted(meld.cards):
                if card in seen:
                    raise ValueError(
                        f"{card} is in two of these melds, but a card takes part in one meld only")
                seen.add(card)
        return cls(frozenset(melds))

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        return mutually_disjoint(meld.cards for meld in melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included."""
        meld_sets = []
        for subset in power_set(Meld.all_in(hand)):
            try:
                meld_sets.append(cls.of(subset))
            except ValueError:
                pass
        return meld_sets

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        total = 0
        for meld in self.melds:
            total += meld.points
        return total

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        (
            'of() finds the first shared card with a seen-set and words the message differently (still naming the '
            'card); all_in keeps the subsets MeldSet.of accepts; a loop for points'
        ),
        replace=True),
    Alternative(
        'jass-unseen-print-key-points-rjust', 'jass.print_meld_sets',
        '''def print_meld_sets(hand: Iterable[Card]) -> None:
    """Print the meld sets of `hand` by increasing points, one a line, as `170: {...}`."""
    meld_sets = MeldSet.all_in(hand)
    meld_sets.sort(key=MeldSet.points)
    lines = [str(meld_set.points()).rjust(3) + ": " + str(meld_set) for meld_set in meld_sets]
    print("\\n".join(lines))
''',
        (
            'sorts by MeldSet.points alone (ties in any order, allowed), builds the lines with rjust and prints them '
            'with one print call'
        ),
        replace=True),
    Alternative(
        'jass-unseen-count-by-ranks-dp', 'jass.hands_without_meld',
        '''def count_hands_without_meld(size: int) -> int:
    """Return how many hands of `size` distinct cards of the deck hold no meld."""
    suits = list(Suit)
    # state: (cards in a row just below, per suit, capped at 2; cards so far) -> ways
    states = Counter({(tuple(0 for _ in suits), 0): 1})
    for rank in Rank:
        quartet = rank >= Rank.NINE
        following = Counter()
        for (rows, held), ways in states.items():
            for chosen in range(1 << len(suits)):
                taken = [chosen >> i & 1 for i in range(len(suits))]
                if quartet and all(taken):
                    continue
                new_rows = tuple(row + 1 if take else 0 for row, take in zip(rows, taken))
                if max(new_rows) >= 3:
                    continue
                following[new_rows, held + sum(taken)] += ways
        states = following
    return sum(ways for (rows, held), ways in states.items() if held == size)
''',
        "dynamic programming up the ranks (the worksheet's second idea) instead of inclusion-exclusion",
        replace=True),
]


# More of them, of other kinds than those above.
MISTAKES += [
    Mistake(
        'jass-unseen-runs-of-three-and-four-only', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up.

        The points of a quartet are quartet_points(rank): 150 for the 9s, 200 for the
        jacks, 100 for the 10s, queens, kings and aces.
        """
        for rank in Rank:
            if rank >= Rank.NINE:
                cards = frozenset(Card.of(suit, rank) for suit in Suit)
                melds.append(cls(cards, quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit.

        A run of 3 is worth 20 points, a run of 4 50 and a run of 5 100. Runs do not wrap
        around from the ace to the 6.
        """
        run_points = (20, 50, 100)  # runs of 3, 4 and 5 cards
        for cards in ALL_OF.values():
            for size in range(3, 5):
                start, end = 0, size
                while end <= len(cards):
                    melds.append(cls(frozenset(cards[start:end]), run_points[size - 3]))
                    start, end = start + 1, end + 1

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).

        >>> len(Meld.all_in(EXAMPLE_HAND))
        4
        """
        hand = validate_hand(hand)
        return {meld for meld in cls.ALL if meld.cards <= hand}
''',
        (
            "'runs of 3, 4 or 5 consecutive cards' (28 + 24 + 20 = 72 runs): range(3, 5) stops before 5, so the 20 "
            "runs of 5 cards (100 points) are missing and Meld.ALL has 58 melds; the example hand (no run of 5) still "
            "shows its 4 melds"
        ),
        replace=True, rule="runs-of-3-4-5-in-every-suit"),
    Mistake(
        'jass-unseen-runs-longer-than-five', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up.

        The points of a quartet are quartet_points(rank): 150 for the 9s, 200 for the
        jacks, 100 for the 10s, queens, kings and aces.
        """
        for rank in Rank:
            if rank >= Rank.NINE:
                cards = frozenset(Card.of(suit, rank) for suit in Suit)
                melds.append(cls(cards, quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit.

        A run of 3 is worth 20 points, a run of 4 50 and a run of 5 100. Runs do not wrap
        around from the ace to the 6.
        """
        points_of_size = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}  # as at the Jass table
        for cards in ALL_OF.values():
            for size, points in points_of_size.items():
                start, end = 0, size
                while end <= len(cards):
                    melds.append(cls(frozenset(cards[start:end]), points))
                    start, end = start + 1, end + 1

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).

        >>> len(Meld.all_in(EXAMPLE_HAND))
        4
        """
        hand = validate_hand(hand)
        return {meld for meld in cls.ALL if meld.cards <= hand}
''',
        (
            "'runs of 3, 4 or 5 consecutive cards' / rules: 'Runs longer than 5 are not melds of their own': the "
            "student adds runs of 6 to 9 cards (40 more melds, 118 in all); the example hand is unaffected"
        ),
        replace=True, rule="runs-of-3-4-5-in-every-suit"),
    Mistake(
        'jass-unseen-all-in-proper-subset', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up.

        The points of a quartet are quartet_points(rank): 150 for the 9s, 200 for the
        jacks, 100 for the 10s, queens, kings and aces.
        """
        for rank in Rank:
            if rank >= Rank.NINE:
                cards = frozenset(Card.of(suit, rank) for suit in Suit)
                melds.append(cls(cards, quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit.

        A run of 3 is worth 20 points, a run of 4 50 and a run of 5 100. Runs do not wrap
        around from the ace to the 6.
        """
        points_of_size = {3: 20, 4: 50, 5: 100}
        for cards in ALL_OF.values():
            for size, points in points_of_size.items():
                start, end = 0, size
                while end <= len(cards):
                    melds.append(cls(frozenset(cards[start:end]), points))
                    start, end = start + 1, end + 1

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).

        >>> len(Meld.all_in(EXAMPLE_HAND))
        4
        """
        hand = validate_hand(hand)
        return {meld for meld in cls.ALL if meld.cards < hand}
''',
        (
            "'the subset of the 78 melds whose cards are all in the hand. meld.cards <= hand': < (proper subset) "
            "misses a meld that is the whole hand, e.g. the hand ♠6 ♠7 ♠8 or the four aces alone"
        ),
        replace=True, rule="meld-of-the-whole-hand-is-in-it"),
    Mistake(
        'jass-unseen-suits-into-clears-list', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up.

        The points of a quartet are quartet_points(rank): 150 for the 9s, 200 for the
        jacks, 100 for the 10s, queens, kings and aces.
        """
        for rank in Rank:
            if rank >= Rank.NINE:
                cards = frozenset(Card.of(suit, rank) for suit in Suit)
                melds.append(cls(cards, quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit.

        A run of 3 is worth 20 points, a run of 4 50 and a run of 5 100. Runs do not wrap
        around from the ace to the 6.
        """
        melds.clear()  # start from an empty list of runs
        points_of_size = {3: 20, 4: 50, 5: 100}
        for cards in ALL_OF.values():
            for size, points in points_of_size.items():
                start, end = 0, size
                while end <= len(cards):
                    melds.append(cls(frozenset(cards[start:end]), points))
                    start, end = start + 1, end + 1

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).

        >>> len(Meld.all_in(EXAMPLE_HAND))
        4
        """
        hand = validate_hand(hand)
        return {meld for meld in cls.ALL if meld.cards <= hand}
''',
        (
            "'add_all_suits_into(melds) adds to the list melds all the runs': it empties the list first, so "
            "Meld.all_melds() loses the 6 quartets added before it (Meld.ALL has 72 melds, the four 9s of the example "
            "are gone); the 'runs' example cell still shows 72 runs"
        ),
        replace=True, rule="melds-added-into-the-list-given"),
    Mistake(
        'jass-unseen-suit-cards-sorted-as-text', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up.

        The points of a quartet are quartet_points(rank): 150 for the 9s, 200 for the
        jacks, 100 for the 10s, queens, kings and aces.
        """
        for rank in Rank:
            if rank >= Rank.NINE:
                cards = frozenset(Card.of(suit, rank) for suit in Suit)
                melds.append(cls(cards, quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit.

        A run of 3 is worth 20 points, a run of 4 50 and a run of 5 100. Runs do not wrap
        around from the ace to the 6.
        """
        points_of_size = {3: 20, 4: 50, 5: 100}
        for suit in Suit:
            cards = sorted((card for card in DECK if card.suit == suit), key=str)
            for size, points in points_of_size.items():
                start, end = 0, size
                while end <= len(cards):
                    melds.append(cls(frozenset(cards[start:end]), points))
                    start, end = start + 1, end + 1

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).

        >>> len(Meld.all_in(EXAMPLE_HAND))
        4
        """
        hand = validate_hand(hand)
        return {meld for meld in cls.ALL if meld.cards <= hand}
''',
        (
            "'ALL_OF maps each suit to the list of that suit's cards, by increasing rank': rebuilding each suit sorted "
            "by the printed text gives 10 6 7 8 9 A J K Q, so runs like 9-10-J or Q-K-A are missing and 10-6-7 or "
            "A-J-K appear; the example's 6-7-8-9 runs still come out right"
        ),
        replace=True, rule="runs-of-consecutive-ranks"),
    Mistake(
        'jass-unseen-meld-identity-equality', 'jass.meld',
        '''@dataclass(frozen=True, eq=False)  # hashed by identity: faster in sets
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up.

        The points of a quartet are quartet_points(rank): 150 for the 9s, 200 for the
        jacks, 100 for the 10s, queens, kings and aces.
        """
        for rank in Rank:
            if rank >= Rank.NINE:
                cards = frozenset(Card.of(suit, rank) for suit in Suit)
                melds.append(cls(cards, quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit.

        A run of 3 is worth 20 points, a run of 4 50 and a run of 5 100. Runs do not wrap
        around from the ace to the 6.
        """
        points_of_size = {3: 20, 4: 50, 5: 100}
        for cards in ALL_OF.values():
            for size, points in points_of_size.items():
                start, end = 0, size
                while end <= len(cards):
                    melds.append(cls(frozenset(cards[start:end]), points))
                    start, end = start + 1, end + 1

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).

        >>> len(Meld.all_in(EXAMPLE_HAND))
        4
        """
        hand = validate_hand(hand)
        return {meld for meld in cls.ALL if meld.cards <= hand}
''',
        (
            "'two melds with the same cards and points are equal and have the same hash': with eq=False a Meld built "
            "again (Meld(parse_cards('♠6 ♠7 ♠8'), 20)) is neither equal to nor found among the melds of Meld.all_in"
        ),
        replace=True, rule="melds-equal-by-value"),
    Mistake(
        'jass-unseen-disjoint-reduce-no-initial', 'jass.disjoint',
        '''from functools import reduce


def mutually_disjoint(sets: Iterable[Set]) -> bool:
    """Return True when no two of `sets` share an element (also for zero or one set).

    >>> mutually_disjoint([{1, 2}, {3}])
    True
    >>> mutually_disjoint([{1, 2}, {3}, {2}])
    False
    """
    sets = list(sets)
    union = reduce(lambda a, b: a | b, sets)  # |E1 ∪ E2 ∪ ...|
    return len(union) == sum(len(s) for s in sets)
''',
        (
            "docstring 'also for zero or one set': reduce without an initial value raises TypeError for no sets at all "
            "(and so MeldSet.all_in fails on the empty subset)"
        ),
        replace=True, rule="disjoint-no-set-or-one-set-is-true"),
    Mistake(
        'jass-unseen-disjoint-dedups-equal-sets', 'jass.disjoint',
        '''def mutually_disjoint(sets: Iterable[Set]) -> bool:
    """Return True when no two of `sets` share an element (also for zero or one set).

    >>> mutually_disjoint([{1, 2}, {3}])
    True
    >>> mutually_disjoint([{1, 2}, {3}, {2}])
    False
    """
    union: set = set()
    for s in set(map(frozenset, sets)):  # frozen copies: the given sets never change
        size = len(union)
        union |= s
        if len(union) != size + len(s):
            return False
    return True
''',
        (
            "'pairwise disjoint: no element belongs to two of them': copying the sets into a set of frozensets merges "
            "equal sets, so [{1}, {1}] (or the same meld twice) is taken as disjoint; both examples still pass"
        ),
        replace=True, rule="disjoint-equal-sets-share-their-elements"),
    Mistake(
        'jass-unseen-disjoint-return-on-empty-set', 'jass.disjoint',
        '''def mutually_disjoint(sets: Iterable[Set]) -> bool:
    """Return True when no two of `sets` share an element (also for zero or one set).

    >>> mutually_disjoint([{1, 2}, {3}])
    True
    >>> mutually_disjoint([{1, 2}, {3}, {2}])
    False
    """
    union: set = set()
    for s in sets:
        if not s:
            return True  # an empty set shares nothing
        size = len(union)
        union |= s
        if len(union) != size + len(s):
            return False
    return True
''',
        (
            "'no element belongs to two of them' (over the whole collection): return instead of continue on an empty "
            "set stops the check, so [set(), {1}, {1}] or [{1}, set(), {1}] is taken as disjoint; the examples (no "
            "empty set) pass"
        ),
        replace=True, rule="disjoint-no-element-in-two-sets"),
    Mistake(
        'jass-unseen-of-keeps-list-field', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap.

        >>> MeldSet.of([Meld(parse_cards("♠6 ♠7 ♠8"), 20)]).points()
        20
        """
        melds = list(melds)
        if not cls.mutually_disjoint(melds):
            counts = Counter(card for meld in melds for card in meld.cards)
            shared = min(card for card, count in counts.items() if count > 1)
            message = f"two of these melds share {shared}: a card belongs to one meld only"
            raise ValueError(message)
        return cls(melds)

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        return mutually_disjoint([meld.cards for meld in melds])

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).
        """
        return [
            cls(subset) for subset in power_set(Meld.all_in(hand)) if cls.mutually_disjoint(subset)
        ]

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        return sum(meld.points for meld in self.melds)

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        (
            "'its field melds is a frozenset of melds, so two meld sets with the same melds are equal and have the "
            "same hash': MeldSet.of stores the list, so hash() raises TypeError and MeldSet.of([a, b]) != "
            "MeldSet.of([b, a]); printing and points() still work"
        ),
        replace=True, rule="meld-sets-equal-by-their-melds"),
    Mistake(
        'jass-unseen-of-names-card-not-shared', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap.

        >>> MeldSet.of([Meld(parse_cards("♠6 ♠7 ♠8"), 20)]).points()
        20
        """
        melds = list(melds)
        seen: set[Card] = set()
        for meld in melds:
            if not seen.isdisjoint(meld.cards):
                message = f"two of these melds share {min(meld.cards)}: a card belongs to one meld only"
                raise ValueError(message)
            seen |= meld.cards
        return cls(frozenset(melds))

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        return mutually_disjoint([meld.cards for meld in melds])

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).
        """
        return [
            cls(subset) for subset in power_set(Meld.all_in(hand)) if cls.mutually_disjoint(subset)
        ]

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        return sum(meld.points for meld in self.melds)

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        (
            "'raises a ValueError naming a shared card': it names the lowest card of the overlapping meld, shared or "
            "not (right for run678 + run789, but [nines, run789] names ♠7 instead of ♠9)"
        ),
        replace=True, rule="of-names-a-shared-card"),
    Mistake(
        'jass-unseen-all-in-misses-full-subset', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap.

        >>> MeldSet.of([Meld(parse_cards("♠6 ♠7 ♠8"), 20)]).points()
        20
        """
        melds = list(melds)
        if not cls.mutually_disjoint(melds):
            counts = Counter(card for meld in melds for card in meld.cards)
            shared = min(card for card, count in counts.items() if count > 1)
            message = f"two of these melds share {shared}: a card belongs to one meld only"
            raise ValueError(message)
        return cls(frozenset(melds))

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        return mutually_disjoint([meld.cards for meld in melds])

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).
        """
        from itertools import combinations

        melds = list(Meld.all_in(hand))
        meld_sets = []
        for size in range(len(melds)):  # subsets of 0, 1, ... melds
            for subset in combinations(melds, size):
                if cls.mutually_disjoint(subset):
                    meld_sets.append(cls(frozenset(subset)))
        return meld_sets

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        return sum(meld.points for meld in self.melds)

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        (
            "'all the valid meld sets' (the power set includes the set itself): range(len(melds)) never takes all the "
            "melds together, so two disjoint melds (♠6 ♠7 ♠8 ♡6 ♡7 ♡8) lose their 40-point set and a hand with no meld "
            "gets [] instead of the empty meld set; the example (whose 4 melds overlap) passes"
        ),
        replace=True, rule="meld-set-of-any-number-of-melds"),
    Mistake(
        'jass-unseen-all-in-returns-set', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap.

        >>> MeldSet.of([Meld(parse_cards("♠6 ♠7 ♠8"), 20)]).points()
        20
        """
        melds = list(melds)
        if not cls.mutually_disjoint(melds):
            counts = Counter(card for meld in melds for card in meld.cards)
            shared = min(card for card, count in counts.items() if count > 1)
            message = f"two of these melds share {shared}: a card belongs to one meld only"
            raise ValueError(message)
        return cls(frozenset(melds))

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        return mutually_disjoint([meld.cards for meld in melds])

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).
        """
        return {
            cls(subset) for subset in power_set(Meld.all_in(hand)) if cls.mutually_disjoint(subset)
        }

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        return sum(meld.points for meld in self.melds)

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        (
            "'MeldSet.all_in(hand), which returns the list of all the meld sets' (-> list[MeldSet]): a set "
            "comprehension returns a set, not a list"
        ),
        replace=True, rule="meld-set-all-in-returns-a-list"),
    Mistake(
        'jass-unseen-all-in-swallows-bad-hand', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap.

        >>> MeldSet.of([Meld(parse_cards("♠6 ♠7 ♠8"), 20)]).points()
        20
        """
        melds = list(melds)
        if not cls.mutually_disjoint(melds):
            counts = Counter(card for meld in melds for card in meld.cards)
            shared = min(card for card, count in counts.items() if count > 1)
            message = f"two of these melds share {shared}: a card belongs to one meld only"
            raise ValueError(message)
        return cls(frozenset(melds))

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        return mutually_disjoint([meld.cards for meld in melds])

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).
        """
        try:
            melds = Meld.all_in(hand)
        except ValueError:
            return [cls(frozenset())]  # a bad hand holds no meld (and the widget does not crash)
        return [cls(subset) for subset in power_set(melds) if cls.mutually_disjoint(subset)]

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        return sum(meld.points for meld in self.melds)

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        (
            "'Your all_in methods start by calling it, so a bad hand is refused with a clear sentence' / 'Raise "
            "ValueError for a bad hand': the ValueError is caught and a bad hand gets the empty meld set"
        ),
        replace=True, rule="meld-set-all-in-refuses-a-bad-hand"),
    Mistake(
        'jass-unseen-print-commas-no-alignment', 'jass.print_meld_sets',
        '''def print_meld_sets(hand: Iterable[Card]) -> None:
    """Print the meld sets of `hand` by increasing points, one a line, as `170: {...}`."""
    for meld_set in sorted(MeldSet.all_in(hand), key=MeldSet.points):
        print(meld_set.points(), ":", meld_set)
''',
        (
            '\'the points right-aligned on 3 characters, a colon, a space and the meld set, f"{points:>3}: '
            '{meld_set}"\': print with commas gives \'0 : {}\' and \'170 : {...}\' (no padding, a space before the '
            'colon)'
        ),
        replace=True, rule="print-points-on-3-characters-then-the-meld-set"),
    Mistake(
        'jass-unseen-print-summary-line', 'jass.print_meld_sets',
        '''def print_meld_sets(hand: Iterable[Card]) -> None:
    """Print the meld sets of `hand` by increasing points, one a line, as `170: {...}`."""
    meld_sets = sorted(MeldSet.all_in(hand), key=lambda meld_set: (meld_set.points(), str(meld_set)))
    for meld_set in meld_sets:
        print(f"{meld_set.points():>3}: {meld_set}")
    print(f"{len(meld_sets)} meld sets, best: {meld_sets[-1].points()} points")
''',
        (
            "'prints them, in this order, one a line' (the six lines of the example, nothing else): an extra summary "
            "line is printed after the meld sets"
        ),
        replace=True, rule="print-one-line-per-meld-set"),
    Mistake(
        'jass-unseen-print-returns-text', 'jass.print_meld_sets',
        '''def print_meld_sets(hand: Iterable[Card]) -> None:
    """Print the meld sets of `hand` by increasing points, one a line, as `170: {...}`."""
    lines = []
    for meld_set in sorted(MeldSet.all_in(hand), key=lambda meld_set: (meld_set.points(), str(meld_set))):
        lines.append(f"{meld_set.points():>3}: {meld_set}")
    return "\\n".join(lines)
''',
        (
            "'write print_meld_sets(hand), which ... prints them' (-> None): the lines are returned as one string and "
            "nothing is printed"
        ),
        replace=True, rule="print-one-line-per-meld-set"),
    Mistake(
        'jass-unseen-count-no-alternating-sign', 'jass.hands_without_meld',
        '''def count_hands_without_meld(size: int) -> int:
    """Return how many hands of `size` distinct cards of the deck hold no meld.

    >>> count_hands_without_meld(3)  # comb(36, 3) hands, 28 of which are runs of 3
    7112
    """
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
            total += four_suits[size]
    return total
''',
        (
            "'add these counts with the sign (-1)^|F|': adding every term counts the hands with a quartet instead of "
            "removing them; count_hands_without_meld(3) = 7112 still holds (a quartet needs 4 cards)"
        ),
        replace=True, rule="count-no-quartet-of-9-to-ace"),
    Mistake(
        'jass-unseen-count-one-quartet-at-most', 'jass.hands_without_meld',
        '''def count_hands_without_meld(size: int) -> int:
    """Return how many hands of `size` distinct cards of the deck hold no meld.

    >>> count_hands_without_meld(3)  # comb(36, 3) hands, 28 of which are runs of 3
    7112
    """
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
        if len(forced) > 1:
            continue  # two quartets hardly fit in a hand
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
''',
        (
            "'for a set F of quartet ranks (9 to A) ... with the sign (-1)^|F|': stopping at |F| <= 1 subtracts twice "
            "the hands holding two quartets (8 cards fit in a hand of 9); right for sizes up to 7 only"
        ),
        replace=True, rule="count-no-quartet-of-9-to-ace"),
]
ALTERNATIVES += [
    Alternative(
        'jass-unseen-meld-quartets-one-by-one', 'jass.meld',
        '''@dataclass(frozen=True)
class Meld:
    """A meld (annonce): a set of cards worth some points. Immutable, equal by value."""

    cards: frozenset[Card]
    points: int

    #: The 78 melds of a Jass deck (set by the cell below this class).
    ALL: ClassVar[tuple["Meld", ...]] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))  # any collection of cards

    def __str__(self) -> str:
        return "[" + ", ".join(str(card) for card in sorted(self.cards)) + "]"

    def __repr__(self) -> str:
        return f"Meld({self}, {self.points})"

    @classmethod
    def add_all_quartets_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 6 quartets: the 4 cards of a rank from 9 up.

        The points of a quartet are quartet_points(rank): 150 for the 9s, 200 for the
        jacks, 100 for the 10s, queens, kings and aces.
        """
        def four(rank: Rank) -> "Meld":
            return cls(frozenset(Card.of(suit, rank) for suit in Suit), quartet_points(rank))

        melds.append(four(Rank.NINE))
        melds.append(four(Rank.TEN))
        melds.append(four(Rank.JACK))
        melds.append(four(Rank.QUEEN))
        melds.append(four(Rank.KING))
        melds.append(four(Rank.ACE))

    @classmethod
    def add_all_suits_into(cls, melds: list["Meld"]) -> None:
        """Add to `melds` the 72 runs: 3, 4 or 5 cards in a row of one suit.

        A run of 3 is worth 20 points, a run of 4 50 and a run of 5 100. Runs do not wrap
        around from the ace to the 6.
        """
        for suit in Suit:
            cards = ALL_OF[suit]
            for end in range(3, len(cards) + 1):  # the run ends just before `end`
                for size, points in ((3, 20), (4, 50), (5, 100)):
                    if end - size >= 0:
                        melds.append(cls(cards[end - size:end], points))

    @classmethod
    def all_melds(cls) -> tuple["Meld", ...]:
        """The 78 melds of a Jass deck: the quartets, then the runs."""
        melds: list[Meld] = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> set["Meld"]:
        """Return the set of the melds of Meld.ALL whose cards are all in `hand`.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).

        >>> len(Meld.all_in(EXAMPLE_HAND))
        4
        """
        cards = validate_hand(hand)
        melds = set()
        for meld in cls.ALL:
            if not meld.cards - cards:  # no card of the meld is missing
                melds.add(meld)
        return melds
''',
        (
            "the 6 quartets added one by one ('the trivial way', allowed by the text), runs grouped by their last card "
            "(another order of the 72 runs), all_in with a set difference and an explicit loop"
        ),
        replace=True),
    Alternative(
        'jass-unseen-disjoint-isdisjoint-running-union', 'jass.disjoint',
        '''def mutually_disjoint(sets: Iterable[Set]) -> bool:
    """Return True when no two of `sets` share an element (also for zero or one set).

    >>> mutually_disjoint([{1, 2}, {3}])
    True
    >>> mutually_disjoint([{1, 2}, {3}, {2}])
    False
    """
    seen: set = set()
    for s in sets:
        if not seen.isdisjoint(s):
            return False
        seen.update(s)
    return True
''',
        'a running union tested with isdisjoint before each update instead of comparing sizes',
        replace=True),
    Alternative(
        'jass-unseen-meld-set-backtracking', 'jass.meld_set',
        '''@dataclass(frozen=True)
class MeldSet:
    """A set of melds no two of which share a card. Make one with MeldSet.of(melds)."""

    melds: frozenset[Meld]

    @classmethod
    def of(cls, melds: Iterable[Meld]) -> "MeldSet":
        """Return the meld set of `melds`; ValueError naming a shared card if two overlap.

        >>> MeldSet.of([Meld(parse_cards("♠6 ♠7 ♠8"), 20)]).points()
        20
        """
        melds = tuple(melds)
        for i, first in enumerate(melds):
            for second in melds[i + 1:]:
                common = first.cards & second.cards
                if common:
                    raise ValueError(
                        f"{sorted(common)[0]} is in two of the melds; a card belongs to one meld only")
        return cls(frozenset(melds))

    @staticmethod
    def mutually_disjoint(melds: Iterable[Meld]) -> bool:
        """Return True when the sets of cards of `melds` are pairwise disjoint."""
        cards = [meld.cards for meld in melds]
        return len(frozenset().union(*cards)) == sum(map(len, cards))

    @classmethod
    def all_in(cls, hand: Iterable[Card]) -> list["MeldSet"]:
        """Return the list of all the meld sets of `hand`, the empty one included.

        Raise ValueError for a bad hand (a non-card, a card twice, more than 36 cards).
        """
        melds = sorted(Meld.all_in(hand), key=lambda meld: sorted(meld.cards))
        meld_sets: list[MeldSet] = []

        def extend(chosen: list[Meld], used: frozenset, start: int) -> None:
            meld_sets.append(cls(frozenset(chosen)))
            for index in range(start, len(melds)):
                meld = melds[index]
                if used.isdisjoint(meld.cards):
                    extend(chosen + [meld], used | meld.cards, index + 1)

        extend([], frozenset(), 0)
        return meld_sets

    def points(self) -> int:
        """Return the total points of the melds of this set (0 for the empty set)."""
        return sum(map(lambda meld: meld.points, self.melds))

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(str(meld) for meld in melds) + "}"

    def __repr__(self) -> str:
        return f"MeldSet.of({self})"
''',
        (
            'all_in builds only the compatible sets by recursive backtracking (no power set, another order of the '
            'list); of() finds a shared card pair by pair; mutually_disjoint compares the size of one union with the '
            'sum of sizes'
        ),
        replace=True),
    Alternative(
        'jass-unseen-print-percent-format', 'jass.print_meld_sets',
        '''def print_meld_sets(hand: Iterable[Card]) -> None:
    """Print the meld sets of `hand` by increasing points, one a line, as `170: {...}`."""
    by_points: dict[int, list[MeldSet]] = {}
    for meld_set in MeldSet.all_in(hand):
        by_points.setdefault(meld_set.points(), []).append(meld_set)
    for points in sorted(by_points):
        for meld_set in by_points[points]:
            print("%3d: %s" % (points, meld_set))
''',
        (
            'groups the meld sets by points in a dict and prints each group in increasing order (ties in any order, '
            'which the text allows), with %-formatting'
        ),
        replace=True),
    Alternative(
        'jass-unseen-count-suit-by-suit-quartet-mask', 'jass.hands_without_meld',
        '''def count_hands_without_meld(size: int) -> int:
    """Return how many hands of `size` distinct cards of the deck hold no meld.

    >>> count_hands_without_meld(3)  # comb(36, 3) hands, 28 of which are runs of 3
    7112
    """
    def has_run(mask: int) -> bool:
        return any(mask >> low & 0b111 == 0b111 for low in range(len(Rank) - 2))

    quartet_bits = sum(1 << rank.index for rank in Rank if rank >= Rank.NINE)
    # the run-free patterns of one suit, by (quartet ranks they hold, number of cards)
    groups = Counter()
    for mask in range(1 << len(Rank)):
        if not has_run(mask):
            groups[mask & quartet_bits, bin(mask).count("1")] += 1
    # suit by suit: (quartet ranks held in every suit so far, cards so far) -> hands
    states = Counter({(quartet_bits, 0): 1})
    for _ in Suit:
        following = Counter()
        for (common, held), ways in states.items():
            for (mask, count), patterns in groups.items():
                if held + count <= size:
                    following[common & mask, held + count] += ways * patterns
        states = following
    return sum(ways for (common, held), ways in states.items() if common == 0 and held == size)
''',
        (
            'a third method: suit by suit, counts run-free patterns while remembering which quartet ranks every suit '
            'so far holds; a hand has no quartet when none is left after the fourth suit'
        ),
        replace=True),
]
