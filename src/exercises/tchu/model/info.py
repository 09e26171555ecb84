"""The game log: one English message per kind of event, about one player.

The original writes French messages (``StringsFr``); these are the same kinds of message
with the same line breaks, in English. Card lists are written like "2 red and 1 white":
each kind of card in ``Card`` order with its count, the last two joined by " and ", the
others by ", ". Colors do not take a plural ("3 orange"), locomotives do ("2 locomotives").
A route is written "Neuchâtel – Lausanne" (an en dash between spaces).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bag import SortedBag
from .cards import Card
from .chmap import Route, Trail

__all__ = ["Info"]

_CARD_NAMES = {
    Card.BLACK: "black",
    Card.VIOLET: "violet",
    Card.BLUE: "blue",
    Card.GREEN: "green",
    Card.YELLOW: "yellow",
    Card.ORANGE: "orange",
    Card.RED: "red",
    Card.WHITE: "white",
    Card.LOCOMOTIVE: "locomotive",
}


def plural(count: int) -> str:
    """"s" unless ``count`` is 1 or -1 (so 0 takes the plural, as in the original)."""
    return "" if abs(count) == 1 else "s"


def _cards_text(cards: SortedBag[Card]) -> str:
    """A card list: "2 red and 1 white", "1 black, 1 red and 1 locomotive"."""
    parts = [f"{count} {Info.card_name(card, count)}" for card, count in SortedBag(tuple(cards)).counts().items()]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


@dataclass(frozen=True)
class Info:
    """The messages about player ``player_name``: ``Info("Ada").can_play()``."""

    player_name: str

    @staticmethod
    def card_name(card: Card, count: int) -> str:
        """The English name of ``card``; only "locomotive" takes a plural, unless count is ±1."""
        if card not in _CARD_NAMES:
            raise ValueError(f"card_name takes a Card, got {card!r}")
        name = _CARD_NAMES[card]
        return name + plural(count) if card is Card.LOCOMOTIVE else name

    @staticmethod
    def draw(player_names: Sequence[str], points: int) -> str:
        """The game ended in a tie: "\\nAda and Bob are tied with 17 points!\\n"."""
        return f"\n{' and '.join(player_names)} are tied with {points} point{plural(points)}!\n"

    def will_play_first(self) -> str:
        """Who starts: "Ada will play first.\\n\\n"."""
        return f"{self.player_name} will play first.\n\n"

    def kept_tickets(self, count: int) -> str:
        """How many tickets were kept: "Ada kept 3 tickets.\\n"."""
        return f"{self.player_name} kept {count} ticket{plural(count)}.\n"

    def can_play(self) -> str:
        """A turn begins: "\\nIt is Ada's turn to play.\\n"."""
        return f"\nIt is {self.player_name}'s turn to play.\n"

    def drew_tickets(self, count: int) -> str:
        """Tickets drawn: "Ada drew 3 tickets...\\n"."""
        return f"{self.player_name} drew {count} ticket{plural(count)}...\n"

    def drew_blind_card(self) -> str:
        """A card taken from the deck: "Ada drew a card from the deck.\\n"."""
        return f"{self.player_name} drew a card from the deck.\n"

    def drew_visible_card(self, card: Card) -> str:
        """A face-up card taken: "Ada drew a face-up green card.\\n"."""
        return f"{self.player_name} drew a face-up {Info.card_name(card, 1)} card.\n"

    def claimed_route(self, route: Route, cards: SortedBag[Card]) -> str:
        """A route claimed: "Ada claimed the route Berne – Fribourg with 1 red.\\n"."""
        return f"{self.player_name} claimed the route {route.description} with {_cards_text(cards)}.\n"

    def attempts_tunnel_claim(self, route: Route, initial_cards: SortedBag[Card]) -> str:
        """A tunnel attempt: "Ada attempts to claim the tunnel Berne – Fribourg with 1 red!\\n"."""
        return (
            f"{self.player_name} attempts to claim the tunnel {route.description} "
            f"with {_cards_text(initial_cards)}!\n"
        )

    def drew_additional_cards(self, drawn_cards: SortedBag[Card], additional_cost: int) -> str:
        """The 3 tunnel cards and their extra cost (this message names no player)."""
        text = f"The additional cards are {_cards_text(drawn_cards)}. "
        if additional_cost == 0:
            return text + "They imply no additional cost.\n"
        return text + f"They imply an additional cost of {additional_cost} card{plural(additional_cost)}.\n"

    def did_not_claim_route(self, route: Route) -> str:
        """A tunnel given up: "Ada could not (or would not) claim the route Berne – Fribourg.\\n"."""
        return f"{self.player_name} could not (or would not) claim the route {route.description}.\n"

    def last_turn_begins(self, car_count: int) -> str:
        """The last turn: "\\nAda has only 2 cars left, the last turn begins!\\n"."""
        return f"\n{self.player_name} has only {car_count} car{plural(car_count)} left, the last turn begins!\n"

    def gets_longest_trail_bonus(self, longest_trail: Trail) -> str:
        """The bonus: "\\nAda gets a bonus of 10 points for the longest trail (Berne – Sion).\\n"."""
        start = longest_trail.station1.name if longest_trail.station1 else ""
        end = longest_trail.station2.name if longest_trail.station2 else ""
        return f"\n{self.player_name} gets a bonus of 10 points for the longest trail ({start} – {end}).\n"

    def won(self, points: int, loser_points: int) -> str:
        """The winner: "\\nAda wins with 3 points, against 2 points!\\n"."""
        return (
            f"\n{self.player_name} wins with {points} point{plural(points)}, "
            f"against {loser_points} point{plural(loser_points)}!\n"
        )
