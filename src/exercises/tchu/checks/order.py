"""The order in which ``play`` must call the players, and the first call that breaks it.

The rules of the game loop (the original's step 6, in the order of its text):

* Start: ``init_players`` once for each player, before anything else; then every
  player hears who plays first (``Info.will_play_first``); each player is offered 5
  tickets once (``set_initial_ticket_choice``); each player receives the state
  (``update_state``) before it chooses its initial tickets (``choose_initial_tickets``);
  only when both players have chosen, everyone hears how many tickets each one kept.
* Each turn: the players receive the state, and hear whose turn it is
  (``Info.can_play``), then the current player says what it does (``next_turn``):
  ``choose_tickets`` once for DRAW_TICKETS; ``draw_slot`` twice for DRAW_CARDS, with
  a state update between the two; ``claimed_route`` then ``initial_claim_cards`` for
  CLAIM_ROUTE, possibly followed by ``choose_additional_cards`` (a tunnel whose extra
  cost the player can pay, with at least one option). Players take turns.
* When a player ends a turn with 2 cars or fewer, everyone hears that the last turn
  begins, exactly once; then exactly two more turns are played.
* End: everyone receives the final state, hears who gets the longest-trail bonus (one
  or two messages) and then the result (one message, the very last one).
* Both players hear the same messages, in the same order, and every state a player holds
  when it decides (the initial tickets, its turn, its second card) or hears the result
  accounts for all 110 cards. A state sent in between may show a tunnel's three cards
  turned over, out of the deck and not yet in the discards: the text allows a state update
  at every change of the state.

:class:`CallOrder` reads a log of :class:`~exercises.tchu.checks.recording.Call` values
one call at a time and stops at the first call that breaks one of these rules,
describing it in plain words (``problem``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...i18n import _
from ..model import GameState, PlayerId, PlayerState, TurnKind
from .messages import MessageKind, MessageReader
from .recording import INFORMING, PLAYER_METHODS, Call

__all__ = ["CallOrder", "first_problem", "DECISIONS"]

#: The methods by which a player makes a decision (every method but the three that
#: only inform it: init_players, receive_info and update_state).
DECISIONS = frozenset(PLAYER_METHODS) - INFORMING


@dataclass
class _Seat:
    """What the checker knows about one player while it reads the log."""

    name: str = ""
    initialized: bool = False
    offers: int = 0
    chose_initial: bool = False
    updated: bool = False  # an update_state since the player's last decision
    updated_this_turn: bool = False  # an update_state since anyone's last decision
    updated_after_offer: bool = False
    announced: PlayerId | None = None  # whose turn the last can_play message announced
    infos: list[str] = field(default_factory=list)
    kept_messages: int = 0
    missing: int = 0  # the cards the last state received does not account for


class CallOrder:
    """Reads the calls of a game loop and finds the first one out of order.

    ``start``: where the log begins: ``"game"`` (a whole game, or the start of one) or
    ``"turn"`` (the calls of one turn, after ``next_turn`` answered ``turn``, made by
    ``current``).
    """

    def __init__(
        self,
        names: dict[PlayerId, str] | None = None,
        *,
        start: str = "game",
        current: PlayerId | None = None,
        turn: TurnKind | None = None,
    ) -> None:
        self.seats = {player_id: _Seat() for player_id in PlayerId}
        self.reader = MessageReader(names or {})
        if names:
            for player_id, name in names.items():
                self.seats[player_id].name = name
        self.problem: str | None = None
        self.position = 0
        self.first_player: PlayerId | None = None
        self.current: PlayerId | None = current
        self.turn: TurnKind | None = turn
        self.turn_steps: list[str] = []
        self.turns_played = 0
        self.last_turn_messages = 0
        self.turns_after_last = 0
        self.results = 0
        self.bonuses = 0
        if start == "turn":
            for seat in self.seats.values():
                seat.initialized = seat.chose_initial = True
                seat.offers, seat.kept_messages = 1, 2
            self.first_player = current
            self.turns_played = 1

    # Reading ----------------------------------------------------------------------

    def read(self, calls: Iterable[Call]) -> str | None:
        """Read ``calls``; the first problem found (None while all is in order)."""
        for call in calls:
            if self.problem is not None:
                break
            self.position += 1
            self._read(call)
        return self.problem

    def _who(self, player_id: PlayerId) -> str:
        name = self.seats[player_id].name
        return f"{name} ({player_id.name})" if name else player_id.name

    def _fail(self, call: Call | None, text: str) -> None:
        if self.problem is None:
            where = (
                _("Call {position}, {method}() to {player}: ").format(
                    position=self.position, method=call.method, player=self._who(call.player)
                )
                if call is not None
                else _("At the end of the game: ")
            )
            self.problem = where + text

    def _read(self, call: Call) -> None:
        seat = self.seats[call.player]
        method = call.method
        if method == "init_players":
            if seat.initialized:
                self._fail(call, _("init_players was already called for this player; call it exactly once for each "
                                   "player, at the very start."))
                return
            seat.initialized = True
            own_id, names = call.args
            if own_id is not call.player:
                self._fail(call,
                           _("the player was told it is {own_id!r}; tell each player its own id.").format(
                               own_id=own_id))
            elif not isinstance(names, dict) or len(names) != 2:
                self._fail(call, _("init_players must receive the names of both players (a dict of two entries)."))
            else:
                for player_id, name in names.items():
                    self.seats[player_id].name = name
                self.reader = MessageReader(dict(names))
            return
        if not seat.initialized:
            self._fail(call,
                       _("this came before init_players; the game starts by calling init_players on each player."))
            return
        if method == "receive_info":
            self._read_info(call, seat, call.args[0])
        elif method == "update_state":
            self._read_update(call, seat)
        else:
            self._read_decision(call, seat)

    def _read_update(self, call: Call, seat: _Seat) -> None:
        state, own_state = call.args
        if isinstance(state, GameState):
            self._fail(call, _("the first argument should be the public state, state.public(): the whole GameState "
                               "would show each player the other's cards and the piles."))
            return
        seat.missing = _cards_missing(state)
        try:
            seen = state.player_state(call.player)
            same = isinstance(own_state, PlayerState) and seen in (own_state, own_state.public())
        except Exception:
            same = False
        if not same:
            self._fail(call, _("the second argument must be this player's own full state, state.player_state(its id)."))
            return
        seat.updated = seat.updated_this_turn = True
        if seat.offers:
            seat.updated_after_offer = True

    def _held_all_cards(self, call: Call, seat: _Seat) -> bool:
        """False (and the problem told) if the last state ``seat`` received, which it holds
        at ``call``, does not account for all 110 cards."""
        if seat.missing:
            self._fail(call, _("the last state {player} received before this call accounts for {count} cards "
                               "instead of 110 (hands, face-up cards, draw pile and discards); some cards were lost "
                               "or created.").format(player=seat.name or _("the player"), count=110 - seat.missing))
        return not seat.missing

    def _read_info(self, call: Call, seat: _Seat, text: Any) -> None:
        if not isinstance(text, str):
            self._fail(call, _("receive_info takes a message (a str) made by Info, got {text!r}.").format(text=text))
            return
        seat.infos.append(text)
        message = self.reader.read(text)
        if len(seat.infos) == 1 and message.kind is not MessageKind.WILL_PLAY_FIRST and self.turns_played == 0:
            self._fail(call,
                       _("the first message must say who plays first (Info.will_play_first), got {text!r}.").format(
                           text=text))
            return
        kind = message.kind
        if kind is MessageKind.WILL_PLAY_FIRST:
            self.first_player = message.player
        elif kind is MessageKind.KEPT_TICKETS and self.turns_played == 0:
            if not all(s.chose_initial for s in self.seats.values()):
                self._fail(call, _("a kept-tickets message came before both players had chosen their initial tickets; "
                                   "wait until all players have chosen, so that the last to choose gets no advantage."))
                return
            seat.kept_messages += 1
        elif kind is MessageKind.CAN_PLAY:
            seat.announced = message.player
            if self.last_turn_messages and call.player is PlayerId.PLAYER_1:
                self.turns_after_last += 1
                if self.turns_after_last > 2:
                    self._fail(call, _("a third turn began after the last-turn message; after it, each player plays "
                                       "exactly one more turn and the game ends."))
        elif kind is MessageKind.LAST_TURN:
            if call.player is PlayerId.PLAYER_1:
                self.last_turn_messages += 1
                if self.last_turn_messages > 1:
                    self._fail(call, _("the last-turn message came a second time; it is sent exactly once, when a "
                                       "player first ends a turn with 2 cars or fewer."))
        elif kind is MessageKind.BONUS:
            if call.player is PlayerId.PLAYER_1:
                self.bonuses += 1
        elif kind is MessageKind.RESULT:
            if not seat.updated:
                self._fail(call, _("the result came without a final update_state; send every player the final state "
                                   "just before the result."))
                return
            if not self._held_all_cards(call, seat):
                return
            if call.player is PlayerId.PLAYER_1:
                self.results += 1

    def _turn_unfinished(self) -> str | None:
        """Why the turn in progress is not finished (None if it is, or if there is none)."""
        if self.turn is None:
            return None
        steps = self.turn_steps
        if self.turn is TurnKind.DRAW_TICKETS and steps.count("choose_tickets") != 1:
            return _("a DRAW_TICKETS turn ended without choose_tickets(); the player must choose which of the 3 drawn "
                     "tickets it keeps.")
        if self.turn is TurnKind.DRAW_CARDS and steps.count("draw_slot") != 2:
            return _("a DRAW_CARDS turn ended after {count} draw_slot() call(s); a player draws two cards, so "
                     "draw_slot() is called twice.").format(
                count=steps.count("draw_slot")
            )
        if self.turn is TurnKind.CLAIM_ROUTE and "initial_claim_cards" not in steps:
            return _("a CLAIM_ROUTE turn ended before claimed_route() and initial_claim_cards() were both called.")
        return None

    def _read_decision(self, call: Call, seat: _Seat) -> None:
        method = call.method
        was_updated = seat.updated_this_turn
        for other in self.seats.values():
            other.updated_this_turn = False
        if method == "set_initial_ticket_choice":
            if self.first_player is None:
                self._fail(call, _("the tickets were offered before the players heard who plays first "
                                   "(Info.will_play_first)."))
            elif seat.offers:
                self._fail(call, _("this player was already offered its initial tickets; each player gets exactly one "
                                   "offer of 5 tickets."))
            elif len(call.args[0]) != 5:
                self._fail(call, _("the offer holds {count} tickets instead of 5.").format(count=len(call.args[0])))
            seat.offers += 1
            seat.updated = seat.updated_after_offer = False
            return
        if method == "choose_initial_tickets":
            if not seat.offers:
                self._fail(call, _("the player was asked to choose its initial tickets before any were offered "
                                   "(set_initial_ticket_choice)."))
            elif seat.chose_initial:
                self._fail(call, _("the player already chose its initial tickets; ask once."))
            elif not seat.updated_after_offer:
                self._fail(call, _("no update_state came before it; send every player the state just before asking for "
                                   "the initial tickets, so that it sees its cards."))
            else:
                self._held_all_cards(call, seat)
            seat.chose_initial = True
            seat.updated = False
            return
        if method == "next_turn":
            self._read_next_turn(call, seat, was_updated)
            return
        if call.player is not self.current or self.turn is None:
            self._fail(call, _("{method}() was called outside a turn of this player; it belongs to the current "
                               "player's turn, right after next_turn().").format(
                method=method
            ))
            return
        self._read_turn_step(call, seat, method)

    def _read_turn_step(self, call: Call, seat: _Seat, method: str) -> None:
        """Read a decision of the current player within its turn (after next_turn)."""
        assert self.turn is not None, "a turn step is read only within a turn"
        steps = self.turn_steps
        if method == "choose_tickets":
            if self.turn is not TurnKind.DRAW_TICKETS:
                self._fail(call,
                           _("the player chose {turn} in next_turn(), not {expected}.").format(
                               turn=self.turn.name, expected="DRAW_TICKETS"))
            elif steps:
                self._fail(call, _("choose_tickets() is called once per DRAW_TICKETS turn."))
        elif method == "draw_slot":
            if self.turn is not TurnKind.DRAW_CARDS:
                self._fail(call,
                           _("the player chose {turn} in next_turn(), not {expected}.").format(
                               turn=self.turn.name, expected="DRAW_CARDS"))
            elif len(steps) >= 2:
                self._fail(call, _("draw_slot() is called exactly twice in a DRAW_CARDS turn."))
            elif steps and not seat.updated:
                self._fail(call, _("the second draw_slot() came without an update_state since the first; send the "
                                   "state in between, so that the player sees the card that replaced the one it took."))
            elif steps:
                self._held_all_cards(call, seat)
        elif method == "claimed_route":
            if self.turn is not TurnKind.CLAIM_ROUTE:
                self._fail(call,
                           _("the player chose {turn} in next_turn(), not {expected}.").format(
                               turn=self.turn.name, expected="CLAIM_ROUTE"))
            elif steps:
                self._fail(call, _("claimed_route() is called once, first in a CLAIM_ROUTE turn."))
        elif method == "initial_claim_cards":
            if self.turn is not TurnKind.CLAIM_ROUTE or steps != ["claimed_route"]:
                self._fail(call,
                           _("initial_claim_cards() comes right after claimed_route(), once per CLAIM_ROUTE turn."))
        elif method == "choose_additional_cards":
            if self.turn is not TurnKind.CLAIM_ROUTE or steps != ["claimed_route", "initial_claim_cards"]:
                self._fail(call, _("choose_additional_cards() is only called right after claimed_route() and "
                                   "initial_claim_cards(), once, for a tunnel."))
            elif not call.args[0]:
                self._fail(call, _("choose_additional_cards() was called with no option; when the player cannot pay "
                                   "the extra cost, do not ask it: it does not claim the tunnel."))
        steps.append(method)
        seat.updated = False

    def _read_next_turn(self, call: Call, seat: _Seat, updated: bool) -> None:
        unfinished = self._turn_unfinished()
        if unfinished:
            self._fail(call, _("the previous turn was not finished: ") + unfinished)
            return
        if not all(s.chose_initial for s in self.seats.values()):
            self._fail(call, _("a turn began before both players had chosen their initial tickets."))
            return
        if seat.kept_messages < 2:
            self._fail(call, _("a turn began before everyone heard how many tickets each player kept "
                               "(Info.kept_tickets, once for each player)."))
            return
        expected = self.first_player if self.current is None else self.current.next()
        if self.current is not None and self.turn is None:
            expected = self.current
        assert expected is not None, "both players chose their tickets, so the first player was announced"
        if call.player is not expected:
            self._fail(call, _("it is {player}'s turn; players take turns, starting with the one announced by "
                               "Info.will_play_first.").format(
                player=self._who(expected)
            ))
            return
        if not updated:
            self._fail(call, _("no update_state came since the previous turn; send every player the state just before "
                               "asking the current player for its turn."))
            return
        if not all(self._held_all_cards(call, other) for other in self.seats.values()):
            return
        if seat.announced is not call.player:
            self._fail(call, _("the players were not told that it is {player}'s turn (Info(name).can_play()) before "
                               "next_turn().").format(
                player=self._who(call.player)
            ))
            return
        if self.last_turn_messages and self.turns_after_last > 2:
            self._fail(call, _("the game went on after the two turns that follow the last-turn message."))
            return
        if not isinstance(call.result, TurnKind):
            self._fail(call,
                       _("next_turn() answered {answer!r}; a game loop must refuse it.").format(answer=call.result))
            return
        self.current = call.player
        self.turn = call.result
        self.turn_steps = []
        self.turns_played += 1
        for other in self.seats.values():
            other.announced = None
        seat.updated = False

    def finish(self, *, game_over: bool = True) -> str | None:
        """The first problem, once the whole log is read (``game_over``: a whole game)."""
        if self.problem is not None:
            return self.problem
        unfinished = self._turn_unfinished()
        if unfinished:
            self._fail(None, unfinished)
        if not game_over:
            return self.problem
        infos = [seat.infos for seat in self.seats.values()]
        if infos[0] != infos[1]:
            index = next(
                (i for i, (a, b) in enumerate(zip(*infos)) if a != b), min(map(len, infos))
            )
            self._fail(None, _("the two players did not receive the same messages: they differ at message {number}; "
                               "tell every message to all players.").format(
                number=index + 1
            ))
        elif self.last_turn_messages != 1:
            self._fail(None, _("the last-turn message (Info.last_turn_begins) was never sent; send it once, when a "
                               "player first ends a turn with 2 cars or fewer."))
        elif self.turns_after_last != 2:
            self._fail(None, _("{count} turn(s) were played after the last-turn message instead of 2; after it, each "
                               "player plays exactly one more turn.").format(
                count=self.turns_after_last
            ))
        elif self.bonuses not in (1, 2):
            self._fail(None, _("{count} longest-trail bonus messages were sent; the longest trail gets one (two when "
                               "both trails are as long).").format(
                count=self.bonuses
            ))
        elif self.results != 1:
            self._fail(None,
                       _("{count} result messages were sent; send exactly one (Info.won or Info.draw).").format(
                           count=self.results))
        elif self.reader.read(infos[0][-1]).kind is not MessageKind.RESULT:
            self._fail(None, _("the last message must be the result, got {message!r}.").format(message=infos[0][-1]))
        return self.problem


def _cards_missing(state: Any) -> int:
    """How many of the 110 cards a state does not account for (0 when all are there)."""
    try:
        cards = state.card_state
        total = 5 + cards.deck_size + cards.discards_size
        total += sum(state.player_state(player_id).card_count for player_id in PlayerId)
    except Exception:
        return 0
    return 110 - total if total != 110 else 0


def first_problem(calls: Iterable[Call], names: dict[PlayerId, str] | None = None) -> str | None:
    """The first call of a whole game's log that breaks the rules, in words (or None)."""
    order = CallOrder(names)
    order.read(calls)
    return order.finish()
