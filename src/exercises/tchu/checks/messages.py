"""Reading the game log back: which kind of message a line of ``Info`` is, about whom.

The checks of the game loop count messages ("exactly one result, last"), so they must
recognise them. :class:`MessageReader` knows the players' names and compares a message
with what ``Info`` writes: exactly for the messages that have few possible texts, by a
pattern made from ``Info``'s own text for the others (bonus, win, tie).
"""

from __future__ import annotations

import enum
import itertools
import re
from dataclasses import dataclass

from ..model import Card, ChMap, Info, PlayerId, SortedBag, Trail

__all__ = ["MessageKind", "Message", "MessageReader", "additional_cards_messages"]


def additional_cards_messages(name: str) -> set[str]:
    """Every message of ``Info(name).drew_additional_cards`` in the current language: any 3
    cards, an additional cost of 0 to 3."""
    return {
        Info(name).drew_additional_cards(SortedBag(drawn), cost)
        for drawn in itertools.combinations_with_replacement(list(Card), 3)
        for cost in range(4)
    }


class MessageKind(enum.Enum):
    """The kinds of game-log messages that the rules of the game loop count."""

    WILL_PLAY_FIRST = "will_play_first"
    KEPT_TICKETS = "kept_tickets"
    CAN_PLAY = "can_play"
    LAST_TURN = "last_turn_begins"
    BONUS = "gets_longest_trail_bonus"
    RESULT = "won or draw"
    OTHER = "other"


@dataclass(frozen=True)
class Message:
    """A message's kind and the player it is about (None for a tie or another message)."""

    kind: MessageKind
    player: PlayerId | None = None
    count: int | None = None


_NAME = "\x00NAME\x00"
_SAMPLE_ROUTE = "BER_FRI_1"


def _pattern(sample: str, holes: dict[str, str]) -> re.Pattern[str]:
    """A regular expression for ``sample`` where each key of ``holes`` becomes its value."""
    text = re.escape(sample)
    for key, hole in holes.items():
        text = text.replace(re.escape(key), hole)
    text = re.sub(r"(?<=[a-z])s\b", "s?", text)  # "points" also matches "point"
    return re.compile(text + r"\Z", re.DOTALL)


class MessageReader:
    """Recognises the messages of ``Info`` about the players named ``names``."""

    def __init__(self, names: dict[PlayerId, str]) -> None:
        self.names = dict(names)
        self.exact: dict[str, Message] = {}
        for player_id, name in self.names.items():
            info = Info(name)
            self.exact.setdefault(info.will_play_first(), Message(MessageKind.WILL_PLAY_FIRST, player_id))
            self.exact.setdefault(info.can_play(), Message(MessageKind.CAN_PLAY, player_id))
            for count in range(0, 50):
                self.exact.setdefault(
                    info.kept_tickets(count), Message(MessageKind.KEPT_TICKETS, player_id, count)
                )
                self.exact.setdefault(
                    info.last_turn_begins(count), Message(MessageKind.LAST_TURN, player_id, count)
                )
        route = ChMap.route(_SAMPLE_ROUTE)
        trail = Trail.longest([route])
        any_station = "(?:" + "|".join(sorted({re.escape(s.name) for s in ChMap.stations()}, key=len,
                                              reverse=True)) + ")?"
        self.bonus = _pattern(
            Info(_NAME).gets_longest_trail_bonus(trail),
            {_NAME: "(?P<name>.+)", route.station1.name: any_station, route.station2.name: any_station},
        )
        self.won = _pattern(
            Info(_NAME).won(1111, 2222),
            {_NAME: "(?P<name>.+)", "1111": r"-?\d+", "2222": r"-?\d+"},
        )
        self.draw = _pattern(Info.draw([_NAME, _NAME + "2"], 1111), {_NAME + "2": ".+", _NAME: ".+", "1111": r"-?\d+"})

    def _player(self, name: str) -> PlayerId | None:
        return next((pid for pid, known in self.names.items() if known == name), None)

    def read(self, text: str) -> Message:
        """The kind of message ``text`` is, and whom it is about."""
        if text in self.exact:
            return self.exact[text]
        match = self.bonus.match(text)
        if match:
            return Message(MessageKind.BONUS, self._player(match.group("name")))
        match = self.won.match(text)
        if match:
            return Message(MessageKind.RESULT, self._player(match.group("name")))
        if self.draw.match(text):
            return Message(MessageKind.RESULT)
        return Message(MessageKind.OTHER)
