"""Players that remember every call a game loop makes to them, and players with a script.

A :class:`RecordingPlayer` wraps another player (a random, greedy or scripted one) and
appends a :class:`Call` to a shared log for every method the game loop calls, in order,
with its arguments and what the wrapped player answered. Two recording players sharing
one log give the whole conversation of a game, which :mod:`exercises.tchu.checks.order`
checks against the rules of the game loop.

A :class:`ScriptedPlayer` answers from lists given in advance ("first draw the face-up
card in slot 2, then a card from the deck"), so that a check can steer a game into a
chosen situation: a tunnel with an extra cost, a refused extra cost, an illegal move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ...i18n import N_, _
from ..model import Card, PlayerId, SortedBag, Ticket, TurnKind

T = TypeVar("T")

__all__ = [
    "Call",
    "RecordingPlayer",
    "ScriptedPlayer",
    "ScriptExhausted",
    "ordinal",
    "PLAYER_METHODS",
    "INFORMING",
    "format_call",
    "print_calls",
]

#: The methods of the Player protocol, in the order the rules introduce them.
PLAYER_METHODS = (
    "init_players",
    "receive_info",
    "update_state",
    "set_initial_ticket_choice",
    "choose_initial_tickets",
    "next_turn",
    "choose_tickets",
    "draw_slot",
    "claimed_route",
    "initial_claim_cards",
    "choose_additional_cards",
)

#: The methods that only inform a player; every other one asks it for a decision.
INFORMING = frozenset({"init_players", "receive_info", "update_state"})


@dataclass(frozen=True, eq=False)
class Call:
    """One call of the game loop to a player: who, which method, arguments, answer.

    Calls compare by identity: two calls with the same arguments are still two calls.
    """

    player: PlayerId
    method: str
    args: tuple[Any, ...] = ()
    result: Any = None

    def __str__(self) -> str:
        return _("{method}() to {player}").format(method=self.method, player=self.player.name)


#: What a scripted player's answer to each decision is, in words.
_ANSWERS = {
    "next_turn": N_("turn (next_turn())"),
    "draw_slot": N_("slot (draw_slot())"),
    "claimed_route": N_("route (claimed_route())"),
    "initial_claim_cards": N_("set of claim cards (initial_claim_cards())"),
    "choose_additional_cards": N_("choice of additional cards (choose_additional_cards())"),
}


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... ``11th``, ``21st``."""
    if 10 <= number % 100 <= 20:
        return _("{number}th").format(number=number)
    if number % 10 == 1:
        return _("{number}st").format(number=number)
    if number % 10 == 2:
        return _("{number}nd").format(number=number)
    if number % 10 == 3:
        return _("{number}rd").format(number=number)
    return _("{number}th").format(number=number)


class ScriptExhausted(Exception):
    """A scripted player was asked one more question than its script answers.

    Its message says so in one sentence, blaming the code that asked (``caller``,
    "your code" by default): the scenario is fixed, so asking too often is the
    game loop's mistake, not the player's.
    """

    def __init__(self, method: str, asked: int, available: int, caller: str | None = None) -> None:
        self.method, self.asked, self.available = method, asked, available
        super().__init__(self.explain(caller))

    def explain(self, caller: str | None = None) -> str:
        """The sentence, naming ``caller`` (e.g. ``"draw_cards()"``) as the code that asked."""
        caller = _("code") if caller is None else caller
        if self.method in _ANSWERS:
            what = _(_ANSWERS[self.method])
        else:
            what = _("answer to {method}()").format(method=self.method)
        if self.method == "choose_initial_tickets":
            return _(
                "the scripted player was asked to choose its initial tickets before any were "
                "offered (set_initial_ticket_choice): your {caller} asks too early"
            ).format(caller=caller)
        return _(
            "the scripted player was asked for a {ordinal} {what} but the "
            "scenario has only {available}: your {caller} asks too often"
        ).format(ordinal=ordinal(self.asked), what=what, available=self.available, caller=caller)


class RecordingPlayer:
    """A player that logs every call into ``log`` and lets ``inner`` answer it."""

    def __init__(self, player_id: PlayerId, inner: Any, log: list[Call] | None = None) -> None:
        self.player_id = player_id
        self.inner = inner
        self.log: list[Call] = [] if log is None else log

    def _record(self, method: str, *args: Any) -> Any:
        index = len(self.log)
        self.log.append(Call(self.player_id, method, args))
        result = getattr(self.inner, method)(*args)
        if result is not None:
            self.log[index] = Call(self.player_id, method, args, result)
        return result

    def calls(self, method: str | None = None) -> list[Call]:
        """This player's calls, or only those of ``method``."""
        return [
            call
            for call in self.log
            if call.player is self.player_id and (method is None or call.method == method)
        ]

    def infos(self) -> list[str]:
        """The game-log messages this player received, in order."""
        return [call.args[0] for call in self.calls("receive_info")]

    def init_players(self, own_id: PlayerId, player_names: dict[PlayerId, str]) -> None:
        self._record("init_players", own_id, player_names)

    def receive_info(self, info: str) -> None:
        self._record("receive_info", info)

    def update_state(self, new_state: Any, own_state: Any) -> None:
        self._record("update_state", new_state, own_state)

    # The answers are the inner player's, whatever they are: the checks judge them.

    def set_initial_ticket_choice(self, tickets: SortedBag[Ticket]) -> None:
        self._record("set_initial_ticket_choice", tickets)

    def choose_initial_tickets(self) -> Any:
        return self._record("choose_initial_tickets")

    def next_turn(self) -> Any:
        return self._record("next_turn")

    def choose_tickets(self, options: SortedBag[Ticket]) -> Any:
        return self._record("choose_tickets", options)

    def draw_slot(self) -> Any:
        return self._record("draw_slot")

    def claimed_route(self) -> Any:
        return self._record("claimed_route")

    def initial_claim_cards(self) -> Any:
        return self._record("initial_claim_cards")

    def choose_additional_cards(self, options: Sequence[SortedBag[Card]]) -> Any:
        return self._record("choose_additional_cards", options)


@dataclass
class ScriptedPlayer:
    """A player that answers from lists given in advance.

    ``turns``, ``slots``, ``claims`` (pairs of a route and its initial cards) and
    ``additional`` (an index into the options, None to give up a tunnel, or a bag of
    cards answered as it is, one of the options or not) are used up
    from the front. Tickets: ``initial_tickets`` and ``tickets`` are how many tickets to
    keep (the first ones of the offer); all of them when None. Asked a question its
    script does not answer, it raises :class:`ScriptExhausted`.
    """

    turns: list[TurnKind] = field(default_factory=list)
    slots: list[int] = field(default_factory=list)
    claims: list[tuple[Any, SortedBag[Card]]] = field(default_factory=list)
    additional: list[int | SortedBag[Card] | None] = field(default_factory=list)
    initial_tickets: int | None = None
    tickets: list[int | None] = field(default_factory=list)
    offer: SortedBag[Ticket] | None = None

    def __post_init__(self) -> None:
        self.asked: dict[str, int] = {}

    def _count(self, method: str) -> int:
        self.asked[method] = self.asked.get(method, 0) + 1
        return self.asked[method]

    def _next(self, answers: list[T], method: str) -> T:
        asked = self._count(method)
        if not answers:
            raise ScriptExhausted(method, asked, asked - 1)
        return answers.pop(0)

    def init_players(self, own_id: PlayerId, player_names: dict[PlayerId, str]) -> None:
        pass

    def receive_info(self, info: str) -> None:
        pass

    def update_state(self, new_state: Any, own_state: Any) -> None:
        pass

    def set_initial_ticket_choice(self, tickets: SortedBag[Ticket]) -> None:
        self.offer = tickets

    def choose_initial_tickets(self) -> SortedBag[Ticket]:
        if self.offer is None:
            raise ScriptExhausted("choose_initial_tickets", 1, 0)
        return _first(self.offer, self.initial_tickets)

    def next_turn(self) -> TurnKind:
        return self._next(self.turns, "next_turn")

    def choose_tickets(self, options: SortedBag[Ticket]) -> SortedBag[Ticket]:
        return _first(options, self.tickets.pop(0) if self.tickets else None)

    def draw_slot(self) -> int:
        return self._next(self.slots, "draw_slot")

    def claimed_route(self) -> Any:
        asked = self._count("claimed_route")
        if not self.claims:
            raise ScriptExhausted("claimed_route", asked, asked - 1)
        return self.claims[0][0]

    def initial_claim_cards(self) -> SortedBag[Card]:
        return self._next(self.claims, "initial_claim_cards")[1]

    def choose_additional_cards(self, options: Sequence[SortedBag[Card]]) -> SortedBag[Card]:
        choice = self._next(self.additional, "choose_additional_cards")
        if isinstance(choice, SortedBag):
            return choice
        return SortedBag() if choice is None else options[choice]


def _first(bag: SortedBag[T], count: int | None) -> SortedBag[T]:
    """The first ``count`` items of ``bag`` (all of them when ``count`` is None)."""
    items = list(bag)
    return SortedBag(tuple(items if count is None else items[:count]))


def _short(value: Any) -> str:
    """A short text for an argument or an answer in a printed log."""
    kind = type(value).__name__
    if isinstance(value, str):
        return repr(value)
    if kind in ("GameState", "PublicGameState"):
        return _("<{kind}: {player} to play>").format(kind=kind, player=value.current_player_id.name)
    if kind == "PlayerState":
        return _("<PlayerState: {tickets} tickets, {cards} cards, {cars} cars>").format(
            tickets=value.ticket_count, cards=value.card_count, cars=value.car_count
        )
    if kind == "SortedBag" and len(value) and type(value[0]).__name__ == "Ticket":
        return "[" + ", ".join(ticket.text for ticket in value) + "]"
    if kind == "Route":
        return str(value.id)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_short(k)}: {_short(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_short(item) for item in value) + "]"
    if hasattr(value, "name") and hasattr(value, "value") and not isinstance(value, type):
        return str(value.name)
    return repr(value)


def format_call(call: Call, names: dict[PlayerId, str] | None = None) -> str:
    """One line for a call: who, the method, its arguments, and the answer if any."""
    who = (names or {}).get(call.player, call.player.name)
    args = ", ".join(_short(arg) for arg in call.args)
    line = f"{who:>8} ← {call.method}({args})"
    if call.method not in INFORMING and call.method != "set_initial_ticket_choice":
        line = f"{who:>8} → {call.method}({args}) = {_short(call.result)}"
    return line




def print_calls(calls: Iterable[Call], limit: int = 60) -> None:
    """Print a log of calls, one per line (the first ``limit`` ones)."""
    calls = list(calls)
    names: dict[PlayerId, str] = {}
    for call in calls:
        if call.method == "init_players":
            names.update(call.args[1])
    for call in calls[:limit]:
        print(format_call(call, names))
    if len(calls) > limit:
        print(_("... and {count} more calls").format(count=len(calls) - limit))
