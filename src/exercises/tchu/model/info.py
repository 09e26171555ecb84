"""The game log: one message per kind of event, about one player.

The original writes French messages (``StringsFr``); these are the same kinds of message
with the same line breaks, in English, and in the original's own French with
``exercises.set_language("fr")``. Card lists are written like "2 red and 1 white":
each kind of card in ``Card`` order with its count, the last two joined by " and ", the
others by ", ". Colors do not take a plural ("3 orange"), locomotives do ("2 locomotives").
A route is written "Neuchâtel – Lausanne" (an en dash between spaces).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...i18n import _, ngettext, npgettext
from .bag import SortedBag
from .cards import Card
from .chmap import Route, Trail

__all__ = ["Info"]

#: a card's name for a count (in English only "locomotive" takes a plural)
_CARD_NAMES = {
    Card.BLACK: lambda n: npgettext("card", "black", "black", n),
    Card.VIOLET: lambda n: npgettext("card", "violet", "violet", n),
    Card.BLUE: lambda n: npgettext("card", "blue", "blue", n),
    Card.GREEN: lambda n: npgettext("card", "green", "green", n),
    Card.YELLOW: lambda n: npgettext("card", "yellow", "yellow", n),
    Card.ORANGE: lambda n: npgettext("card", "orange", "orange", n),
    Card.RED: lambda n: npgettext("card", "red", "red", n),
    Card.WHITE: lambda n: npgettext("card", "white", "white", n),
    Card.LOCOMOTIVE: lambda n: npgettext("card", "locomotive", "locomotives", n),
}


def plural(count: int) -> str:
    """"s" unless ``count`` is 1 or -1 (so 0 takes the plural, as in the original)."""
    return "" if abs(count) == 1 else "s"


def _form(count: int) -> int:
    """The count that picks a message's form as :func:`plural` does (0 takes the plural)."""
    return 2 if count == 0 else abs(count)


def _points(count: int) -> str:
    """"17 points", "1 point"."""
    return ngettext("{count} point", "{count} points", _form(count)).format(count=count)


def _cards_text(cards: SortedBag[Card]) -> str:
    """A card list: "2 red and 1 white", "1 black, 1 red and 1 locomotive"."""
    parts = [f"{count} {Info.card_name(card, count)}" for card, count in SortedBag(tuple(cards)).counts().items()]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + _(" and ") + parts[-1]


@dataclass(frozen=True)
class Info:
    """The messages about player ``player_name``: ``Info("Ada").can_play()``."""

    player_name: str

    @staticmethod
    def card_name(card: Card, count: int) -> str:
        """The English name of ``card``; only "locomotive" takes a plural, unless count is ±1."""
        if card not in _CARD_NAMES:
            raise ValueError(_("card_name takes a Card, got {card!r}").format(card=card))
        return _CARD_NAMES[card](_form(count))

    @staticmethod
    def draw(player_names: Sequence[str], points: int) -> str:
        """The game ended in a tie: "\\nAda and Bob are tied with 17 points!\\n"."""
        return _("\n{names} are tied with {points}!\n").format(
            names=_(" and ").join(player_names), points=_points(points)
        )

    def will_play_first(self) -> str:
        """Who starts: "Ada will play first.\\n\\n"."""
        return _("{name} will play first.\n\n").format(name=self.player_name)

    def kept_tickets(self, count: int) -> str:
        """How many tickets were kept: "Ada kept 3 tickets.\\n"."""
        return ngettext("{name} kept {count} ticket.\n", "{name} kept {count} tickets.\n", _form(count)).format(
            name=self.player_name, count=count
        )

    def can_play(self) -> str:
        """A turn begins: "\\nIt is Ada's turn to play.\\n"."""
        return _("\nIt is {name}'s turn to play.\n").format(name=self.player_name)

    def drew_tickets(self, count: int) -> str:
        """Tickets drawn: "Ada drew 3 tickets...\\n"."""
        return ngettext("{name} drew {count} ticket...\n", "{name} drew {count} tickets...\n", _form(count)).format(
            name=self.player_name, count=count
        )

    def drew_blind_card(self) -> str:
        """A card taken from the deck: "Ada drew a card from the deck.\\n"."""
        return _("{name} drew a card from the deck.\n").format(name=self.player_name)

    def drew_visible_card(self, card: Card) -> str:
        """A face-up card taken: "Ada drew a face-up green card.\\n"."""
        return _("{name} drew a face-up {card} card.\n").format(name=self.player_name, card=Info.card_name(card, 1))

    def claimed_route(self, route: Route, cards: SortedBag[Card]) -> str:
        """A route claimed: "Ada claimed the route Berne – Fribourg with 1 red.\\n"."""
        return _("{name} claimed the route {route} with {cards}.\n").format(
            name=self.player_name, route=route.description, cards=_cards_text(cards)
        )

    def attempts_tunnel_claim(self, route: Route, initial_cards: SortedBag[Card]) -> str:
        """A tunnel attempt: "Ada attempts to claim the tunnel Berne – Fribourg with 1 red!\\n"."""
        return _("{name} attempts to claim the tunnel {route} with {cards}!\n").format(
            name=self.player_name, route=route.description, cards=_cards_text(initial_cards)
        )

    def drew_additional_cards(self, drawn_cards: SortedBag[Card], additional_cost: int) -> str:
        """The 3 tunnel cards and their extra cost (this message names no player)."""
        text = _("The additional cards are {cards}. ").format(cards=_cards_text(drawn_cards))
        if additional_cost == 0:
            return text + _("They imply no additional cost.\n")
        return text + ngettext(
            "They imply an additional cost of {count} card.\n",
            "They imply an additional cost of {count} cards.\n",
            _form(additional_cost),
        ).format(count=additional_cost)

    def did_not_claim_route(self, route: Route) -> str:
        """A tunnel given up: "Ada could not (or would not) claim the route Berne – Fribourg.\\n"."""
        return _("{name} could not (or would not) claim the route {route}.\n").format(
            name=self.player_name, route=route.description
        )

    def last_turn_begins(self, car_count: int) -> str:
        """The last turn: "\\nAda has only 2 cars left, the last turn begins!\\n"."""
        return ngettext(
            "\n{name} has only {count} car left, the last turn begins!\n",
            "\n{name} has only {count} cars left, the last turn begins!\n",
            _form(car_count),
        ).format(name=self.player_name, count=car_count)

    def gets_longest_trail_bonus(self, longest_trail: Trail) -> str:
        """The bonus: "\\nAda gets a bonus of 10 points for the longest trail (Berne – Sion).\\n"."""
        start = longest_trail.station1.name if longest_trail.station1 else ""
        end = longest_trail.station2.name if longest_trail.station2 else ""
        return _("\n{name} gets a bonus of 10 points for the longest trail ({start} – {end}).\n").format(
            name=self.player_name, start=start, end=end
        )

    def won(self, points: int, loser_points: int) -> str:
        """The winner: "\\nAda wins with 3 points, against 2 points!\\n"."""
        return _("\n{name} wins with {points}, against {loser}!\n").format(
            name=self.player_name, points=_points(points), loser=_points(loser_points)
        )
