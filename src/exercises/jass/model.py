"""The 36 cards of a Jass deck, the points of quartets, power sets and hands.

Rules (the worksheet's source, in English):

* A Jass deck has 36 cards: 4 suits times 9 ranks. The suits, in this order, are spade
  ♠, heart ♡, diamond ♢ and club ♣; the ranks, ascending, are 6, 7, 8, 9, 10, jack J,
  queen Q, king K and ace A.
* A card prints as its suit symbol followed by its rank: ``♠6``, ``♡10``, ``♢A``.
  Cards are ordered by suit, then by rank, so sorting a hand groups its suits.
* ``ALL_OF[suit]`` lists that suit's 9 cards by ascending rank.
* Four cards of one rank (a *quartet*) are worth 150 points for the 9s, 200 for the
  jacks and 100 for the 10s, queens, kings and aces; there is no quartet of 6s, 7s or 8s.
* A *hand* is a collection of distinct cards, at most the whole deck.

``Card``, ``Suit`` and ``Rank`` are values: frozen, hashable and equal by value.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from ..i18n import _

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "DECK",
    "ALL_OF",
    "quartet_points",
    "power_set",
    "parse_cards",
    "validate_hand",
    "deal",
]

T = TypeVar("T", bound=Hashable)


class _OrderedEnum(enum.Enum):
    """An enum whose members compare by their order of declaration."""

    _value_: str  #: the symbol printed on a card

    def __init__(self, *args: object) -> None:
        self._index = len(type(self)._member_names_)

    @property
    def index(self) -> int:
        """The position of this member in its enum (0 for the first)."""
        return self._index

    def __lt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.index >= other.index

    @property
    def symbol(self) -> str:
        """How the member is printed on a card: ``♠`` or ``10``, say."""
        return self.value

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Suit(_OrderedEnum):
    """The four suits, in the deck's order; the value is the symbol."""

    SPADE = "♠"
    HEART = "♡"
    DIAMOND = "♢"
    CLUB = "♣"

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEART, Suit.DIAMOND)


class Rank(_OrderedEnum):
    """The nine ranks, ascending; the value is the rank as printed on a card."""

    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"


_SUIT_OF_SYMBOL = {suit.symbol: suit for suit in Suit} | {"♥": Suit.HEART, "♦": Suit.DIAMOND}
_RANK_OF_SYMBOL = {rank.symbol: rank for rank in Rank}


@dataclass(frozen=True)
class Card:
    """A card: a suit and a rank. Prints (and reprs) as ``♠6``; ordered by suit, then rank."""

    suit: Suit
    rank: Rank

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit):
            raise ValueError(_("a card's suit is a Suit such as Suit.SPADE, not {value}").format(
                value=repr(self.suit)))
        if not isinstance(self.rank, Rank):
            raise ValueError(_("a card's rank is a Rank such as Rank.SIX, not {value}").format(
                value=repr(self.rank)))

    @classmethod
    def of(cls, suit: Suit, rank: Rank) -> Card:
        """The card of ``suit`` and ``rank``: ``Card.of(Suit.SPADE, Rank.SIX)`` is ``♠6``."""
        return cls(suit, rank)

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card printed as ``text``: ``Card.parse("♡10")`` (``♥`` and ``♦`` also work)."""
        if not isinstance(text, str):
            raise ValueError(_("Card.parse takes a string such as '♠6', not {value}").format(
                value=repr(text)))
        cleaned = text.strip()
        suit = _SUIT_OF_SYMBOL.get(cleaned[:1])
        rank = _RANK_OF_SYMBOL.get(cleaned[1:].upper())
        if suit is None or rank is None:
            raise ValueError(_(
                "{text} is not a card: write a suit symbol (♠ ♡ ♢ ♣) followed by a rank "
                "(6 7 8 9 10 J Q K A), as in '♠6' or '♡10'"
            ).format(text=repr(text)))
        return cls(suit, rank)

    def _key(self) -> tuple[int, int]:
        return (self.suit._index, self.rank._index)

    def __hash__(self) -> int:
        # The card's place in the deck: the same in every run (an enum's own hash is
        # its name's, which changes from run to run), so sets of cards always list
        # their cards in the same order and stored outputs stay the same.
        return self.suit._index * 9 + self.rank._index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() < other._key()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() <= other._key()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() > other._key()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self._key() >= other._key()

    def __str__(self) -> str:
        return self.suit.symbol + self.rank.symbol

    __repr__ = __str__


#: The 36 cards, ordered by suit, then rank.
DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)

#: Each suit's 9 cards, by ascending rank (the seed's ``Card.ALL_OF``).
ALL_OF: dict[Suit, tuple[Card, ...]] = {
    suit: tuple(Card(suit, rank) for rank in Rank) for suit in Suit
}

_QUARTET_POINTS = {
    Rank.NINE: 150,
    Rank.TEN: 100,
    Rank.JACK: 200,
    Rank.QUEEN: 100,
    Rank.KING: 100,
    Rank.ACE: 100,
}


def quartet_points(rank: Rank) -> int:
    """The points of the four cards of ``rank``; ValueError for 6, 7 and 8 (no such meld)."""
    if not isinstance(rank, Rank):
        raise ValueError(_("quartet_points takes a Rank such as Rank.NINE, not {value}").format(
            value=repr(rank)))
    if rank not in _QUARTET_POINTS:
        raise ValueError(_(
            "there is no quartet of {rank}s: quartets exist for 9, 10, J, Q, K and A only"
        ).format(rank=rank.symbol))
    return _QUARTET_POINTS[rank]


def power_set(s: Iterable[T]) -> set[frozenset[T]]:
    """All the subsets of ``s``, as a set of frozensets (2 ** len(s) of them).

    The recursive idea: the subsets of an empty set are just the empty set; otherwise set
    one element ``x`` aside: every subset of ``s`` is a subset of the rest, with or
    without ``x``.

    >>> sorted(sorted(subset) for subset in power_set({1, 2}))
    [[], [1], [1, 2], [2]]
    """
    elements = list(dict.fromkeys(s))
    if not elements:
        return {frozenset()}
    x, rest = elements[0], elements[1:]
    without_x = power_set(rest)
    return without_x | {subset | {x} for subset in without_x}


def parse_cards(text: str) -> list[Card]:
    """The cards written in ``text``, separated by spaces or commas: ``parse_cards("♠6 ♠7")``."""
    if not isinstance(text, str):
        raise ValueError(_("parse_cards takes a string such as '♠6 ♠7 ♠8', not {value}").format(
            value=repr(text)))
    return [Card.parse(word) for word in text.replace(",", " ").split()]


def validate_hand(hand: Iterable[Card]) -> frozenset[Card]:
    """The cards of ``hand`` as a frozenset; ValueError for a non-card, a card twice, or > 36 cards."""
    if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
        raise ValueError(_(
            "a hand is a collection of cards (a list or a set of Card), not {value}; "
            "parse_cards('♠6 ♠7 ♠8') turns a text into cards"
        ).format(value=repr(hand)))
    cards = list(hand)
    if len(cards) > len(DECK):
        raise ValueError(_(
            "a hand holds at most {most} cards (the whole deck), not {count}"
        ).format(most=len(DECK), count=len(cards)))
    seen: set[Card] = set()
    for card in cards:
        if not isinstance(card, Card):
            raise ValueError(_(
                "a hand holds cards only, but it holds {value} "
                "(a {type}); Card.parse('♠6') makes a card"
            ).format(value=repr(card), type=type(card).__name__))
        if card in seen:
            raise ValueError(_("the hand holds {card} twice: a deck has each card only once").format(
                card=card))
        seen.add(card)
    return frozenset(cards)


def deal(rng: random.Random, size: int = 9) -> list[Card]:
    """A hand of ``size`` cards drawn from the deck with ``rng``, sorted."""
    if not isinstance(size, int) or not 0 <= size <= len(DECK):
        raise ValueError(_("a hand has 0 to {most} cards, not {value}").format(
            most=len(DECK), value=repr(size)))
    return sorted(rng.sample(DECK, size))
