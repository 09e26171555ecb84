"""Colors, cards, the game's constants, decks and the state of the cards.

Rules (tCHu, as in the original):

* 8 colors; 12 car cards of each color and 14 locomotives: 110 cards.
* Five cards lie face up; the others form the face-down draw pile ("deck"), and played
  cards go to the discard pile.
* Taking a face-up card replaces it by the top card of the draw pile.
* When the draw pile is empty, the discards are shuffled into a new draw pile; the
  face-up cards stay as they are. tCHu has no "three face-up locomotives" rule.
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from ...i18n import _
from .bag import SortedBag

__all__ = ["Color", "Card", "Constants", "Deck", "PublicCardState", "CardState"]

C = TypeVar("C")


@functools.total_ordering
class Color(enum.Enum):
    """The eight car colors, in the game's order."""

    BLACK = 0
    VIOLET = 1
    BLUE = 2
    GREEN = 3
    YELLOW = 4
    ORANGE = 5
    RED = 6
    WHITE = 7

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Color):
            return NotImplemented
        return self.value < other.value

    def __repr__(self) -> str:
        return f"Color.{self.name}"


@functools.total_ordering
class Card(enum.Enum):
    """The nine kinds of cards: a car card of each color, then the locomotive.

    Cards are ordered as declared, which is the order of cards in a ``SortedBag``.
    """

    BLACK = 0
    VIOLET = 1
    BLUE = 2
    GREEN = 3
    YELLOW = 4
    ORANGE = 5
    RED = 6
    WHITE = 7
    LOCOMOTIVE = 8

    @staticmethod
    def of(color: Color) -> Card:
        """The car card of ``color``: ``Card.of(Color.RED) is Card.RED``."""
        try:
            return _CARD_OF_COLOR[color]
        except KeyError:
            raise ValueError(_("Card.of takes a Color, got {color!r}").format(color=color)) from None

    @property
    def color(self) -> Color | None:
        """The color of a car card; None for the locomotive."""
        return None if self is Card.LOCOMOTIVE else Color[self.name]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.value < other.value

    def __repr__(self) -> str:
        return f"Card.{self.name}"


_CARD_OF_COLOR: dict[Color, Card] = {color: Card[color.name] for color in Color}

#: The eight car cards (every card but the locomotive), in order.
CARS: tuple[Card, ...] = tuple(card for card in Card if card is not Card.LOCOMOTIVE)


class Constants:
    """The game's numbers, as in the original ``Constants`` class."""

    #: Car cards of each color.
    CAR_CARDS_COUNT = 12
    #: Locomotive cards.
    LOCOMOTIVE_CARDS_COUNT = 14
    #: All cards: 14 + 8 x 12 = 110.
    TOTAL_CARDS_COUNT = LOCOMOTIVE_CARDS_COUNT + len(CARS) * CAR_CARDS_COUNT
    #: The bag of all 110 cards.
    ALL_CARDS: SortedBag[Card] = SortedBag.from_counts(
        {**dict.fromkeys(CARS, CAR_CARDS_COUNT), Card.LOCOMOTIVE: LOCOMOTIVE_CARDS_COUNT}
    )
    #: The slot number a player gives to draw the top card of the face-down deck.
    DECK_SLOT = -1
    #: The slots of the face-up cards.
    FACE_UP_CARD_SLOTS: tuple[int, ...] = (0, 1, 2, 3, 4)
    #: How many cards lie face up.
    FACE_UP_CARDS_COUNT = 5
    #: Tickets dealt to each player at the start.
    INITIAL_TICKETS_COUNT = 5
    #: Cards dealt to each player at the start.
    INITIAL_CARDS_COUNT = 4
    #: Cars (train pieces) each player starts with.
    INITIAL_CAR_COUNT = 40
    #: Tickets drawn by a DRAW_TICKETS turn.
    IN_GAME_TICKETS_COUNT = 3
    #: At most this many of the drawn tickets may be thrown away.
    DISCARDABLE_TICKETS_COUNT = 2
    #: Cards turned over from the deck when a player attempts a tunnel.
    ADDITIONAL_TUNNEL_CARDS = 3
    #: Points for claiming a route, indexed by its length (index 0 is no length).
    ROUTE_CLAIM_POINTS: tuple[int | None, ...] = (None, 1, 2, 4, 7, 10, 15)
    #: Shortest and longest route length.
    MIN_ROUTE_LENGTH = 1
    MAX_ROUTE_LENGTH = 6
    #: Bonus for the longest trail.
    LONGEST_TRAIL_BONUS_POINTS = 10


@dataclass(frozen=True)
class Deck(Generic[C]):
    """An immutable pile of cards (or tickets); ``cards[0]`` is the top of the pile."""

    cards: tuple[C, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))

    @classmethod
    def of(cls, cards: SortedBag[C] | Iterable[C], rng: random.Random) -> Deck[C]:
        """A deck of ``cards`` shuffled with ``rng``."""
        shuffled = list(cards)
        rng.shuffle(shuffled)
        return cls(tuple(shuffled))

    @property
    def size(self) -> int:
        """How many cards are in the deck."""
        return len(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def is_empty(self) -> bool:
        """True if the deck holds no card."""
        return not self.cards

    def top_card(self) -> C:
        """The card on top of the deck."""
        if not self.cards:
            raise ValueError(_("the deck is empty: it has no top card"))
        return self.cards[0]

    def without_top_card(self) -> Deck[C]:
        """The deck without its top card."""
        if not self.cards:
            raise ValueError(_("the deck is empty: there is no top card to remove"))
        return Deck(self.cards[1:])

    def _check_count(self, count: int) -> None:
        if type(count) is not int or not 0 <= count <= len(self.cards):
            raise ValueError(_("count must be between 0 and {count} (the deck size), got {got!r}").format(
                count=len(self.cards), got=count
            ))

    def top_cards(self, count: int) -> SortedBag[C]:
        """The ``count`` cards on top of the deck, as a bag."""
        self._check_count(count)
        return SortedBag(self.cards[:count])

    def without_top_cards(self, count: int) -> Deck[C]:
        """The deck without its ``count`` top cards."""
        self._check_count(count)
        return Deck(self.cards[count:])

    def __repr__(self) -> str:
        return f"Deck({list(self.cards)!r})"


def _check_slot(slot: int) -> None:
    """Raise ValueError unless ``slot`` is a face-up card slot (0 to 4)."""
    if type(slot) is not int or slot not in Constants.FACE_UP_CARD_SLOTS:
        raise ValueError(_("a face-up card slot is 0, 1, 2, 3 or 4, got {slot!r}").format(slot=slot))


def _face_up_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The five face-up cards as a tuple, or ValueError."""
    cards = tuple(cards)
    if len(cards) != Constants.FACE_UP_CARDS_COUNT or not all(isinstance(c, Card) for c in cards):
        raise ValueError(_("there must be exactly 5 face-up cards, got {cards!r}").format(cards=cards))
    return cards


@dataclass(frozen=True)
class PublicCardState:
    """The cards as every player sees them: 5 face-up cards and two pile sizes."""

    face_up_cards: tuple[Card, ...]
    deck_size: int
    discards_size: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "face_up_cards", _face_up_tuple(self.face_up_cards))
        for name in ("deck_size", "discards_size"):
            value = getattr(self, name)
            if type(value) is not int or value < 0:
                raise ValueError(_("{name} must be an int >= 0, got {value!r}").format(
                    name=name, value=value
                ))

    def face_up_card(self, slot: int) -> Card:
        """The face-up card in ``slot`` (0 to 4)."""
        _check_slot(slot)
        return self.face_up_cards[slot]

    @property
    def is_deck_empty(self) -> bool:
        """True if the face-down draw pile is empty."""
        return self.deck_size == 0

    @property
    def total_size(self) -> int:
        """Cards in the draw pile and the discards together (face-up cards excluded)."""
        return self.deck_size + self.discards_size

    def public(self) -> PublicCardState:
        """What every player may see of this card state (a PublicCardState, never a CardState)."""
        return PublicCardState(self.face_up_cards, self.deck_size, self.discards_size)


@dataclass(frozen=True, init=False, repr=False)
class CardState(PublicCardState):
    """All the cards outside the players' hands: face-up cards, draw pile, discards.

    Built as ``CardState(face_up_cards, deck, discards)``; ``deck_size`` and
    ``discards_size`` are always those of ``deck`` and ``discards``: a value given for
    them (as when a state is rebuilt from its fields) is replaced by the real one.
    """

    deck: Deck[Card]
    discards: SortedBag[Card]

    def __init__(
        self,
        face_up_cards: Iterable[Card],
        deck: Deck[Card],
        discards: SortedBag[Card] = SortedBag(),
        deck_size: int | None = None,
        discards_size: int | None = None,
    ) -> None:
        if not isinstance(deck, Deck):
            raise ValueError(_("deck must be a Deck, got {deck!r}").format(deck=deck))
        if not isinstance(discards, SortedBag):
            raise ValueError(_("discards must be a SortedBag, got {discards!r}").format(discards=discards))
        object.__setattr__(self, "face_up_cards", _face_up_tuple(face_up_cards))
        object.__setattr__(self, "deck_size", deck.size)
        object.__setattr__(self, "discards_size", len(discards))
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "discards", discards)

    @classmethod
    def of(cls, deck: Deck[Card]) -> CardState:
        """The card state dealt from ``deck``: its 5 top cards face up, the rest the draw pile."""
        if deck.size < Constants.FACE_UP_CARDS_COUNT:
            raise ValueError(_("a card state needs a deck of at least 5 cards, got {size}").format(
                size=deck.size
            ))
        return cls(deck.cards[:5], deck.without_top_cards(5), SortedBag())

    def with_drawn_face_up_card(self, slot: int) -> CardState:
        """The state after the face-up card in ``slot`` is taken and replaced from the deck."""
        _check_slot(slot)
        if self.deck.is_empty():
            raise ValueError(_("the draw pile is empty: no card can replace a face-up card"))
        face_up = list(self.face_up_cards)
        face_up[slot] = self.deck.top_card()
        return CardState(tuple(face_up), self.deck.without_top_card(), self.discards)

    def top_deck_card(self) -> Card:
        """The card on top of the draw pile."""
        if self.deck.is_empty():
            raise ValueError(_("the draw pile is empty: it has no top card"))
        return self.deck.top_card()

    def without_top_deck_card(self) -> CardState:
        """The state without the top card of the draw pile."""
        if self.deck.is_empty():
            raise ValueError(_("the draw pile is empty: there is no top card to remove"))
        return CardState(self.face_up_cards, self.deck.without_top_card(), self.discards)

    def with_deck_recreated_from_discards(self, rng: random.Random) -> CardState:
        """The state where the discards, shuffled with ``rng``, become the new draw pile."""
        if not self.deck.is_empty():
            raise ValueError(
                _("the draw pile still holds {size} cards: it is recreated only when empty").format(
                    size=self.deck.size
                )
            )
        return CardState(self.face_up_cards, Deck.of(self.discards, rng), SortedBag())

    def with_more_discarded_cards(self, cards: SortedBag[Card]) -> CardState:
        """The state with ``cards`` added to the discard pile."""
        if not isinstance(cards, SortedBag):
            raise ValueError(_("discarded cards must be a SortedBag, got {cards!r}").format(cards=cards))
        return CardState(self.face_up_cards, self.deck, self.discards.union(cards))

    def __repr__(self) -> str:
        return (
            f"CardState(face_up_cards={self.face_up_cards!r}, deck=<{self.deck.size} cards>, "
            f"discards=<{len(self.discards)} cards>)"
        )
