"""Public checks of the game-loop worksheet: one per exercise, with recording players.

Each check runs the student's function with players that write down every call
(:class:`~exercises.tchu.checks.recording.RecordingPlayer`), then reads the calls with
:class:`~exercises.tchu.checks.order.CallOrder`. An example whose calls break a rule fails
with one sentence that names the rule (which call came out of order, which message or
state was wrong, what a scripted player was asked once too often): a broken rule never
reads as a crash of the student's code.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import random
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ...checks import CheckResult, Example, Status, check, hint_line, said, short_repr
from ...i18n import N_, _
from ..model import (
    Card,
    ChMap,
    Constants,
    GameState,
    GreedyPlayer,
    Info,
    PlayerId,
    PublicGameState,
    RandomPlayer,
    Route,
    SortedBag,
    Ticket,
    Trail,
    TurnKind,
)
from ..model import players as computer_players
from .messages import MessageKind, MessageReader, additional_cards_messages
from .order import CallOrder, first_problem
from .recording import Call, RecordingPlayer, ScriptedPlayer, ScriptExhausted
from .scenarios import NAMES, SINGLE_TRIP_TICKETS, cards, made_state, scarce_state, started_state

__all__ = [
    "OutOfOrder",
    "check_helpers",
    "check_start_game",
    "check_draw_tickets",
    "check_draw_cards",
    "check_claim_route",
    "check_end_game",
    "check_play",
]

#: what every example returns when the rules are kept (said with ``_(OK)``)
OK = N_("as the rules say")
P1, P2 = PlayerId.PLAYER_1, PlayerId.PLAYER_2
_PLAYERS_MODULE = str(Path(computer_players.__file__).resolve())


class OutOfOrder(Exception):
    """A function called the players, or changed the state, in a way the rules do not allow."""


class _Broken:
    """What an example returns when a rule was broken (its sentence is shown instead)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _from_package_player(error: BaseException) -> bool:
    """True if ``error`` was raised inside a computer player of the package."""
    frames = traceback.extract_tb(error.__traceback__)
    return bool(frames) and Path(frames[-1].filename).resolve() == Path(_PLAYERS_MODULE)


def _check(exercise: str, caller: str, examples: list[Example]) -> CheckResult:
    """``check(exercise, examples)``, where a broken rule fails with its own sentence.

    ``caller`` names the student's function (``"draw_cards()"``) in the sentence said
    when a scripted player runs out of answers.
    """
    broken: dict[str, str] = {}

    def guarded(example: Example) -> Example:
        def call() -> Any:
            _LOGS.clear()
            try:
                return example.call()
            except OutOfOrder as error:
                text = str(error)
            except NotImplementedError:
                raise
            except ScriptExhausted as error:
                text = _rule_broken_before() or error.explain(caller) + "."
            except Exception as error:
                before = _rule_broken_before()
                if before:
                    text = _("{before} (After that, {caller} stopped with {error_type}: {error})").format(
                        before=before, caller=caller, error_type=type(error).__name__, error=error
                    )
                elif isinstance(error, RuntimeError) and _from_package_player(error):
                    text = _("a computer player could not answer: {error}.").format(error=error)
                else:
                    raise
            broken[example.description] = text
            return _Broken(text)

        return dataclasses.replace(example, call=call)

    result = check(exercise, [guarded(example) for example in examples])
    if result.status is not Status.PASSED and broken:
        description, text = next(iter(broken.items()))
        start = next(
            (i for i, line in enumerate(result.lines) if line.startswith(f"  ✗ {description}")), None
        )
        if start is not None:
            hint = next((e.hint for e in examples if e.description == description), "")
            result.lines[start:] = [said("✗", description, text)] + ([hint_line(hint)] if hint else [])
            result.status = Status.FAILED
    return result


#: The logs of the example being run, each with how CallOrder reads it (its arguments).
_LOGS: list[tuple[list[Call], dict[str, Any]]] = []


def _players(inner: dict[PlayerId, Any], **order: Any) -> tuple[dict[PlayerId, RecordingPlayer], list[Call]]:
    """Recording players around ``inner``, sharing one log.

    ``order``: the arguments of the :class:`CallOrder` that reads the log (``start``,
    ``current``, ``turn``) when the function under test stops with an error: a rule it
    broke before is the real culprit, and is told instead of the error.
    """
    log: list[Call] = []
    _LOGS.append((log, order))
    return {pid: RecordingPlayer(pid, player, log) for pid, player in inner.items()}, log


def _rule_broken_before() -> str | None:
    """The first rule broken in the logs of the example being run (None if none was)."""
    for log, order in _LOGS:
        problem = CallOrder(NAMES, **order).read(log)
        if problem:
            return problem
    return None


def _expect(condition: bool, text: str) -> None:
    if not condition:
        raise OutOfOrder(text)


def _infos(log: list[Call], player: PlayerId = P1) -> list[str]:
    return [call.args[0] for call in log if call.player is player and call.method == "receive_info"]


def _calls(log: list[Call], player: PlayerId, method: str | None = None) -> list[Call]:
    return [c for c in log if c.player is player and (method is None or c.method == method)]


def _same_infos(log: list[Call], expected: list[str]) -> None:
    for player in PlayerId:
        got = _infos(log, player)
        _expect(
            got == expected,
            _("{player} should have received the messages {expected!r}, in this order, "
            "but received {got!r}.").format(player=NAMES[player], expected=expected, got=got),
        )


def _turn_order(log: list[Call], current: PlayerId, turn: TurnKind) -> None:
    order = CallOrder(NAMES, start="turn", current=current, turn=turn)
    order.read(log)
    problem = order.finish(game_over=False)
    _expect(problem is None, str(problem))


def _total_cards(state: Any) -> Any:  # the student's state's counts
    cs = state.card_state
    return 5 + cs.deck_size + cs.discards_size + sum(state.player_state(p).card_count for p in PlayerId)


def _refused(call: Callable[[], Any], *words: str | tuple[str, ...]) -> str:
    """OK if ``call()`` raises a ValueError whose message names every one of ``words``.

    A word may be a tuple of words, any one of which will do (a route's id or its station).
    """
    def said(word: str | tuple[str, ...]) -> str:
        return _(" or ").join(map(repr, word)) if isinstance(word, tuple) else repr(word)

    try:
        call()
    except ValueError as error:
        text = str(error)
        missing = [w for w in words if not any(x in text for x in (w if isinstance(w, tuple) else (w,)))]
        _expect(
            not missing,
            _("the ValueError should name {words}, but its message {text!r} does not name {missing}.").format(
                words=_(" and ").join(map(said, words)), text=text, missing=_(" nor ").join(map(said, missing))
            ),
        )
        return _(OK)
    raise OutOfOrder(_("the move breaks the rules, so a ValueError should come, but none came: the move was accepted."))


def _table(run: Callable[..., Any], rows: list[tuple[str, tuple[Any, ...], Any]], hint: str = "") -> list[Example]:
    """Examples from a table: each row is a description, the arguments of ``run`` and what
    ``run(*arguments)`` must give, as data (read from the reference solution when the
    example was written, never computed here)."""
    return [Example(description, functools.partial(run, *args), expected, hint=hint)
            for description, args, expected in rows]


def _ticket_state(draw_tickets: Callable[..., Any], keep: int) -> dict[str, Any]:
    """Ada draws tickets in a started game (seed 4) and keeps the first ``keep`` of the 3:
    her tickets, the size of the pile, and whether the rest of the state stayed as it was
    (Bob, the cards, Ada still to play)."""
    state = started_state(4)
    if state.current_player_id is not P1:
        state = state.for_next_turn()
    chooser = _Chooser(lambda options: SortedBag(tuple(options)[:keep]))
    players, _log = _players({P1: chooser, P2: ScriptedPlayer()}, start="turn", current=P1, turn=TurnKind.DRAW_TICKETS)
    new = draw_tickets(players, dict(NAMES), state, random.Random(0))
    return {"tickets": sorted(ticket.text for ticket in new.player_state(P1).tickets), "pile": new.ticket_count,
            "rest unchanged": (new.player_state(P2) == state.player_state(P2) and new.card_state == state.card_state
                               and new.current_player_id is P1)}


def _seeded_draw(draw_cards: Callable[..., Any], deck_size: int, slots: tuple[int, int], seed: int) -> tuple[Any, ...]:
    """Bob draws ``slots`` from a deck of ``deck_size`` cards with ``random.Random(seed)``:
    his hand and the face-up cards after the turn."""
    state = made_state(current=P2, hands={P2: [Card.BLACK]}, face_up=FACE_UP, deck_size=deck_size, seed=seed)
    players, _log = _players({P1: ScriptedPlayer(), P2: ScriptedPlayer(slots=list(slots))},
                             start="turn", current=P2, turn=TurnKind.DRAW_CARDS)
    new = draw_cards(players, dict(NAMES), state, random.Random(seed))
    return tuple(new.player_state(P2).cards), new.card_state.face_up_cards


def _seeded_claim(claim_route: Callable[..., Any], route_id: str, hand: tuple[Card, ...], deck_size: int,
                  seed: int) -> tuple[Any, ...]:
    """Ada claims ``route_id`` with all of ``hand`` but the extra cards, from a deck of
    ``deck_size`` cards, with ``random.Random(seed)`` (paying the first option of a tunnel):
    her routes, the sizes of the deck and the discards, and the deck's 3 top cards after the turn."""
    route = ChMap.route(route_id)
    claim = SortedBag(tuple(hand[: route.length]))
    state = made_state(current=P1, hands={P1: list(hand)}, deck_size=deck_size, seed=seed)
    players, _log = _players({P1: ScriptedPlayer(claims=[(route, claim)], additional=[0]), P2: ScriptedPlayer()},
                             start="turn", current=P1, turn=TurnKind.CLAIM_ROUTE)
    new = claim_route(players, dict(NAMES), state, random.Random(seed))
    cs = new.card_state
    return tuple(r.id for r in new.player_state(P1).routes), cs.deck_size, cs.discards_size, cs.deck.cards[:3]


def _ending(end_game: Callable[..., Any], routes: tuple[tuple[str, ...], ...],
            tickets: tuple[tuple[str, ...], ...]) -> dict[str, Any]:
    """``end_game`` on a state with these routes and tickets (by id and text): both totals,
    who heard the bonus (in any order), who won (None for a tie), and whether the calls came
    in the order of the rules (the final state first, to each player its own; each bonus
    naming the player's longest trail; the result last, with the totals returned; the same
    messages to both)."""
    state = made_state(routes={pid: [ChMap.route(r) for r in ids] for pid, ids in zip(PlayerId, routes)},
                       tickets={pid: [ChMap.ticket(t) for t in texts] for pid, texts in zip(PlayerId, tickets)}, seed=9)
    players, log = _players({P1: ScriptedPlayer(), P2: ScriptedPlayer()}, start="turn")
    totals = end_game(players, dict(NAMES), state)
    heard = _infos(log)
    reader = MessageReader(dict(NAMES))
    read = [reader.read(text) for text in heard]
    bonus = sorted(NAMES[m.player] for m in read if m.kind is MessageKind.BONUS and m.player)
    last = read[-1] if read else None
    winner = ((NAMES[last.player] if last.player else None) if last and last.kind is MessageKind.RESULT
              else _("no result message"))
    first = {pid: next(iter(_calls(log, pid)), None) for pid in PlayerId}
    in_order = (
        all(call is not None and call.method == "update_state"
            and call.args == (state.public(), state.player_state(pid))
            for pid, call in first.items())
        and _infos(log, P2) == heard
        and [m.kind for m in read] == [MessageKind.BONUS] * len(bonus) + [MessageKind.RESULT]
        and all(text == Info(NAMES[m.player]).gets_longest_trail_bonus(
                    Trail.longest(state.player_state(m.player).routes))
                for text, m in zip(heard, read) if m.kind is MessageKind.BONUS and m.player is not None)
    )
    if not isinstance(totals, dict) or set(totals) != set(PlayerId):
        return {"totals": totals, "bonus": bonus, "winner": winner, "in order": in_order}
    best = max(PlayerId, key=lambda pid: totals[pid])
    said = ([Info.draw([NAMES[P1], NAMES[P2]], totals[P1]), Info.draw([NAMES[P2], NAMES[P1]], totals[P1])]
            if totals[P1] == totals[P2] else [Info(NAMES[best]).won(totals[best], totals[best.next()])])
    in_order = in_order and heard[-1] in said
    return {"Ada": totals.get(P1), "Bob": totals.get(P2), "bonus": bonus, "winner": winner, "in order": in_order}


# The tables' expected values were read from the reference solution (data, not computed here).
R, L = Card.RED, Card.LOCOMOTIVE
#: a description, how many of the 3 drawn tickets Ada keeps: what _ticket_state sees
TICKET_STATES = [
    (N_("the state returned by draw_tickets(...) when Ada keeps 1 ticket"), 1,
     {"tickets": ["Autriche - {Allemagne (5), France (14), Italie (6)}", "Berne - Zürich (6)", "Bâle - Brigue (10)",
                  "Lucerne - Zürich (2)"], "pile": 33, "rest unchanged": True}),
    (N_("the state returned by draw_tickets(...) when Ada keeps all 3 tickets"), 3,
     {"tickets": ["Autriche - {Allemagne (5), France (14), Italie (6)}", "Berne - Zürich (6)", "Bâle - Brigue (10)",
                  "Genève - Berne (8)", "Lucerne - Zürich (2)", "Neuchâtel - Winterthour (9)"], "pile": 33,
      "rest unchanged": True}),
]
#: a deck's size, two slots, the seed of rng: Bob's hand (he held a black card) and the face-up cards after
SEEDED_DRAWS = [
    (0, (-1, -1), 11,
     ((Card.BLACK, Card.RED, Card.WHITE), (Card.RED, Card.BLUE, Card.GREEN, Card.WHITE, Card.LOCOMOTIVE))),
    (1, (0, -1), 12,
     ((Card.BLACK, Card.BLACK, Card.RED), (Card.BLACK, Card.BLUE, Card.GREEN, Card.WHITE, Card.LOCOMOTIVE))),
    (0, (3, 3), 13,
     ((Card.BLACK, Card.RED, Card.WHITE), (Card.RED, Card.BLUE, Card.GREEN, Card.BLUE, Card.LOCOMOTIVE))),
]
#: a route, Ada's hand (the first cards claim it), a deck's size, the seed of rng: what _seeded_claim sees after
SEEDED_CLAIMS = [
    ("BAD_BAL_1", (R, R, R, R, R, L), 0, 21, (("BAD_BAL_1",), 96, 7, (L, Card.BLACK, L))),
    ("BAD_BAL_1", (R, R, R, L, L), 1, 22, (("BAD_BAL_1",), 97, 6, (Card.WHITE, Card.BLACK, Card.WHITE))),
    ("AT1_STG_1", (L, L, L, L, L), 2, 24, (("AT1_STG_1",), 97, 8, (Card.VIOLET, Card.WHITE, Card.BLACK))),
    ("FRI_LAU_1", (R, R, R), 0, 23, (("FRI_LAU_1",), 0, 105, ())),
]
#: a description, Ada's and Bob's routes and tickets: the totals, the bonus, the winner, the order
ENDS = [
    (N_("end_game(...) when Ada has the longest trail and wins"),
     (("BER_FRI_1", "FRI_LAU_1", "GEN_LAU_1"), ("ZOU_ZUR_1", "BAD_ZUR_1")), ((), ()),
     {"Ada": 22, "Bob": 2, "bonus": ["Ada"], "winner": "Ada", "in order": True}),
    (N_("end_game(...) when the routes are worth as much and Bob's trail is longer"),
     (("BER_LUC_1",), ("ZOU_ZUR_1", "WIN_ZUR_1", "SCE_WIN_1", "KRE_SCE_1")), ((), ()),
     {"Ada": 7, "Bob": 17, "bonus": ["Bob"], "winner": "Bob", "in order": True}),
    (N_("end_game(...) when both trails are as long"),
     (("LUC_ZOU_1", "LUC_SCZ_1"), ("ZOU_ZUR_1", "WIN_ZUR_1")), ((), ()),
     {"Ada": 12, "Bob": 12, "bonus": ["Ada", "Bob"], "winner": None, "in order": True}),
    (N_("end_game(...) when both hold the ticket Bâle - Berne, which only Ada links"),
     (("ZOU_ZUR_1",), ("SCE_WIN_1",)), (("Bâle - Berne (5)",), ("Bâle - Berne (5)",)),
     {"Ada": 6, "Bob": 6, "bonus": ["Ada", "Bob"], "winner": None, "in order": True}),
    (N_("end_game(...) when the totals are equal but the route points are not: IT4_LOC_1, STG_VAD_1 / BAD_ZUR_1, "
        "ZOU_ZUR_1"),
     (("IT4_LOC_1", "STG_VAD_1"), ("BAD_ZUR_1", "ZOU_ZUR_1")), (("Lugano - Coire (10)",), ("Lausanne - Lucerne (8)",)),
     {"Ada": 4, "Bob": 4, "bonus": ["Ada", "Bob"], "winner": None, "in order": True}),
    (N_("end_game(...) when the totals are equal but the route points are not: BRI_SIO_1, BAL_DE1_1 / BAD_BAL_1, "
        "COI_DAV_1, BER_NEU_1"),
     (("BRI_SIO_1", "BAL_DE1_1"), ("BAD_BAL_1", "COI_DAV_1", "BER_NEU_1")),
     (("La Chaux-de-Fonds - Lucerne (7)",), ("Bâle - Brigue (10)",)),
     {"Ada": 8, "Bob": 8, "bonus": ["Ada", "Bob"], "winner": None, "in order": True}),
    (N_("end_game(...) when no one has a route: both get the bonus and tie"), ((), ()), ((), ()),
     {"Ada": 10, "Bob": 10, "bonus": ["Ada", "Bob"], "winner": None, "in order": True}),
]
#: the players' kinds, the seed (each player's is seed and seed + 1), single-trip tickets or all: totals and turns
GAMES = [
    ("GreedyPlayer", "RandomPlayer", 6, False, (102, -82, 112)),
    ("RandomPlayer", "RandomPlayer", 8, False, (1, -38, 137)),
    ("GreedyPlayer", "GreedyPlayer", 9, True, (97, 131, 109)),
]


class _Chooser(ScriptedPlayer):
    """A scripted player whose ticket choices are computed from the offer by ``choose``."""

    def __init__(self, choose: Callable[[SortedBag[Ticket]], SortedBag[Ticket]]) -> None:
        super().__init__()
        self.choose = choose

    def choose_initial_tickets(self) -> SortedBag[Ticket]:
        if self.offer is None:  # asked before any offer, as a ScriptedPlayer
            raise ScriptExhausted("choose_initial_tickets", 1, 0)
        return self.choose(self.offer)

    def choose_tickets(self, options: SortedBag[Ticket]) -> SortedBag[Ticket]:
        return self.choose(options)


def _other_ticket(offer: SortedBag[Ticket]) -> SortedBag[Ticket]:
    """The first 2 tickets of ``offer`` and one ticket that is not in it."""
    foreign = next(t for t in ChMap.tickets() if t not in offer)
    return SortedBag(tuple(offer)[:2] + (foreign,))


# Exercise 1 ---------------------------------------------------------------------------


def check_helpers(tell_all: Callable[..., Any], update_all: Callable[..., Any]) -> CheckResult:
    """Check ``tell_all(players, info)`` and ``update_all(players, state)``."""

    def telling() -> str:
        players, log = _players({P1: ScriptedPlayer(), P2: ScriptedPlayer()}, start="turn")
        tell_all(players, "Hello!\n")
        tell_all(players, "Bye!\n")
        got = sorted((call.player.name, call.method) for call in log)
        _expect(
            got == sorted([("PLAYER_1", "receive_info"), ("PLAYER_2", "receive_info")] * 2),
            _("each player should receive each message once with receive_info, and nothing else; "
            "the calls were {log}.").format(log=[str(c) for c in log]),
        )
        _same_infos(log, ["Hello!\n", "Bye!\n"])
        return _(OK)

    def updating(current: PlayerId) -> Callable[[], str]:
        def run() -> str:
            state = made_state(current=current, hands={P1: [Card.RED] * 3, P2: [Card.BLUE]}, seed=3)
            players, log = _players({P1: ScriptedPlayer(), P2: ScriptedPlayer()}, start="turn")
            update_all(players, state)
            _expect(
                sorted(call.player.name for call in log) == ["PLAYER_1", "PLAYER_2"]
                and all(call.method == "update_state" for call in log),
                _("each player should receive exactly one update_state call; the calls were {log}.").format(
                    log=[str(c) for c in log]),
            )
            for call in log:
                public, own = call.args
                _expect(
                    type(public) is PublicGameState and public == state.public(),
                    _("update_state to {player}: the first argument should be the public "
                    "state of the game, state.public() (the whole state would show each player "
                    "the other's cards).").format(player=call.player.name),
                )
                _expect(
                    own == state.player_state(call.player),
                    _("update_state to {player}: the second argument should be its own "
                    "state, state.player_state(PlayerId.{player}), got {own!r}.").format(
                        player=call.player.name, own=own),
                )
            return _(OK)

        return run

    return _check(
        "tchu.helpers", "helpers",
        [
            Example(_("tell_all(players, 'Hello!\\n'), then tell_all(players, 'Bye!\\n'): each player hears both, "
                      "once, in order"),
                    telling, _(OK)),
            Example(_("update_all(players, state): each player gets the state and its own state"), updating(P1), _(OK)),
            Example(_("update_all(players, state) when PLAYER_2 is to play"), updating(P2), _(OK)),
        ],
    )


# Exercise 2 ---------------------------------------------------------------------------


def check_start_game(start_game: Callable[..., Any]) -> CheckResult:
    """Check ``start_game(players, player_names, tickets, rng)``."""

    def run(seed: int, inner: tuple[Any, Any] | None = None) -> tuple[GameState, list[Call]]:
        first, second = inner or (GreedyPlayer(1), GreedyPlayer(2))
        players, log = _players({P1: first, P2: second})
        state = start_game(players, dict(NAMES), ChMap.all_tickets(), random.Random(seed))
        return state, log

    def in_order() -> str:
        _state, log = run(1)
        order = CallOrder()
        order.read(log)
        _expect(order.problem is None, str(order.problem))
        for pid in PlayerId:
            seat = order.seats[pid]
            _expect(seat.chose_initial,
                    _("{player} was never asked to choose its initial tickets.").format(player=NAMES[pid]))
            _expect(seat.kept_messages == 2, _("{player} should hear how many tickets each player kept (2 messages), "
                                               "got {kept_messages}.").format(
                player=NAMES[pid], kept_messages=seat.kept_messages
            ))
        _expect(not any(call.method == "next_turn" for call in log),
                _("start_game should stop before the first turn (no next_turn)."))
        return _(OK)

    def introduced() -> str:
        _state, log = run(1)
        for pid in PlayerId:
            inits = _calls(log, pid, "init_players")
            _expect(len(inits) == 1 and _calls(log, pid)[0] is inits[0],
                    _("{player} should receive init_players exactly once, before any other call.").format(
                        player=NAMES[pid]))
            own_id, names = inits[0].args
            _expect(own_id is pid, _("init_players to {player} should give its own id, PlayerId.{player_id}, got "
                                     "{own_id!r}.").format(
                player=NAMES[pid], player_id=pid.name, own_id=own_id
            ))
            _expect(isinstance(names, dict) and dict(names) == NAMES,
                    _("init_players to {player} should give the names of both players, {names}, got {got!r}.").format(
                        player=NAMES[pid], names=NAMES, got=names
                    ))
        return _(OK)

    def first_player(seed: int) -> Callable[[], str]:
        def run_first() -> str:
            _state, log = run(seed)
            first = GameState.initial(ChMap.all_tickets(), random.Random(seed)).current_player_id
            expected = Info(NAMES[first]).will_play_first()
            for pid in PlayerId:
                got = _infos(log, pid)[:1]
                _expect(got == [expected], _("the first message to {player} should be {expected!r} (the first player "
                                             "of GameState.initial(tickets, rng)), got {got!r}.").format(
                    player=NAMES[pid], expected=expected, got=got
                ))
            return _(OK)

        return run_first

    def offered() -> str:
        _state, log = run(3)
        initial = GameState.initial(ChMap.all_tickets(), random.Random(3))
        offers = [_calls(log, pid, "set_initial_ticket_choice") for pid in PlayerId]
        _expect([len(o) for o in offers] == [1, 1], _("each player should be offered tickets once "
                                                      "(set_initial_ticket_choice), got {offers} offers.").format(
            offers=[len(o) for o in offers]
        ))
        bags = [o[0].args[0] for o in offers]
        _expect([len(b) for b in bags] == [5, 5],
                _("each offer should hold 5 tickets, got {bags}.").format(bags=[len(b) for b in bags]))
        _expect(Counter(bags[0]) + Counter(bags[1]) == Counter(initial.top_tickets(10)),
                _("the two players should be offered the 10 top tickets of the initial state, 5 each "
                  "(state.top_tickets(5), then state.without_top_tickets(5))."))
        return _(OK)

    def state_before_choice() -> str:
        _state, log = run(4)
        for pid in PlayerId:
            mine = _calls(log, pid)
            offer = mine.index(_calls(log, pid, "set_initial_ticket_choice")[0])
            choose = mine.index(_calls(log, pid, "choose_initial_tickets")[0])
            updates = [c for c in mine[offer:choose] if c.method == "update_state"]
            _expect(bool(updates), _("{player} should receive the state (update_state) after its ticket offer, before "
                                     "choosing.").format(
                player=NAMES[pid]
            ))
            public, own = updates[-1].args
            _expect(own.card_count == 4 and own.ticket_count == 0,
                    _("the state sent to {player} before its choice should show its 4 cards and no ticket yet, got "
                      "{card_count} cards and {ticket_count} tickets.").format(
                        player=NAMES[pid], card_count=own.card_count, ticket_count=own.ticket_count
                    ))
            _expect(public.card_state.deck_size == 97, _("at the initial choice, 97 cards should be left in the deck, "
                                                         "got {deck_size}.").format(
                deck_size=public.card_state.deck_size
            ))
            index = next(i for i, c in enumerate(log) if c is updates[-1])
            dealt = sum(c.method == "set_initial_ticket_choice" for c in log[:index])
            _expect(public.ticket_count == 46 - 5 * dealt,
                    _("{offered} tickets were offered before that update_state, so {left} should be left in the pile, "
                      "got {got} (state.without_top_tickets).").format(
                        offered=dealt * 5, left=46 - 5 * dealt, got=public.ticket_count))
        return _(OK)

    def messages() -> str:
        _state, log = run(5)
        first = GameState.initial(ChMap.all_tickets(), random.Random(5)).current_player_id
        kept = {pid: len(_calls(log, pid, "choose_initial_tickets")[0].result) for pid in PlayerId}
        expected = ([Info(NAMES[first]).will_play_first()]
                    + [Info(NAMES[pid]).kept_tickets(kept[pid]) for pid in PlayerId])
        for pid in PlayerId:
            got = _infos(log, pid)
            _expect(len(got) == 3 and got[0] == expected[0] and sorted(got[1:]) == sorted(expected[1:]),
                    _("at the start, {player} should hear who plays first, then how many tickets each "
                    "player kept, {expected!r}, but heard {got!r}.").format(
                        player=NAMES[pid], expected=expected, got=got))
        return _(OK)

    def kept() -> str:
        state, log = run(1)
        initial = GameState.initial(ChMap.all_tickets(), random.Random(1))
        for pid in PlayerId:
            chosen = next(c.result for c in log if c.player is pid and c.method == "choose_initial_tickets")
            _expect(state.player_state(pid).tickets == chosen,
                    _("in the state returned, {player} should hold the tickets it chose, {chosen}.").format(
                player=NAMES[pid], chosen=list(chosen)
            ))
            _expect(state.player_state(pid).cards == initial.player_state(pid).cards,
                    _("in the state returned, {player} should hold its 4 initial cards.").format(
                player=NAMES[pid]
            ))
        _expect(state.ticket_count == 36, _("10 tickets were dealt, so 36 should be left in the pile, got "
                                            "{ticket_count}.").format(
            ticket_count=state.ticket_count
        ))
        _expect(state.current_player_id is initial.current_player_id,
                _("the state returned should have the first player to play."))
        return _(OK)

    def too_few(who: PlayerId) -> Callable[[], str]:
        def run_few() -> str:
            inner = {P1: ScriptedPlayer(initial_tickets=3), P2: ScriptedPlayer(initial_tickets=3)}
            inner[who] = ScriptedPlayer(initial_tickets=2)
            return _refused(lambda: run(1, (inner[P1], inner[P2])), NAMES[who])

        return run_few

    def not_offered() -> str:
        inner = (_Chooser(lambda offer: SortedBag(tuple(offer)[:3])), _Chooser(_other_ticket))
        return _refused(lambda: run(1, inner), "Bob")

    keep_three = _("a player keeps at least 3 of its 5 tickets, and only tickets it was offered: raise ValueError "
                   "naming the player.")
    return _check(
        "tchu.start", "start_game()",
        [
            Example(_("the calls of start_game(players, names, ChMap.all_tickets(), random.Random(1))"), in_order,
                    _(OK)),
            Example(_("start_game(...): init_players(own id, both names) first, once for each player"), introduced,
                    _(OK),
                    hint=_('call player.init_players(player_id, player_names) on each player first, with the whole '
                           'dict of names.')),
            Example(_("the first message names the first player of GameState.initial (seed 1)"), first_player(1),
                    _(OK)),
            Example(_("the first message names the first player of GameState.initial (seed 2)"), first_player(2),
                    _(OK)),
            Example(_("start_game(...): each player is offered 5 of the 10 top tickets, once"), offered, _(OK),
                    hint=_('offer state.top_tickets(5) to a player, then state = state.without_top_tickets(5), then '
                           'offer the next 5 to the other.')),
            Example(_("start_game(...): the state sent before choose_initial_tickets (4 cards, no ticket, offers off "
                      "the pile)"),
                    state_before_choice, _(OK),
                    hint=_('update_all(players, state) once the offers are off the pile, just before asking for the '
                           'initial tickets.')),
            Example(_("start_game(...): the messages, who plays first, then how many tickets each player kept"),
                    messages, _(OK),
                    hint=_('tell who plays first, then, once both players chose, Info(name).kept_tickets(count) for '
                           'each player.')),
            Example(_("the state returned: tickets kept, 36 left in the pile, first player to play"), kept, _(OK)),
            Example(_("start_game(...) when Bob keeps only 2 tickets: ValueError naming Bob"), too_few(P2), _(OK),
                    hint=keep_three),
            Example(_("start_game(...) when Ada keeps only 2 tickets: ValueError naming Ada"), too_few(P1), _(OK),
                    hint=keep_three),
            Example(_("start_game(...) when Bob keeps a ticket he was not offered: ValueError naming Bob"), not_offered,
                    _(OK),
                    hint=_("a player keeps at least 3 of its 5 tickets, and only tickets it was offered: raise "
                           "ValueError naming the player. offered.contains_all(chosen) tells.")),
        ],
    )


# Exercise 3 ---------------------------------------------------------------------------


def check_draw_tickets(draw_tickets: Callable[..., Any]) -> CheckResult:
    """Check ``draw_tickets(players, player_names, state, rng)``."""

    def run(keep: Any, current: PlayerId = P1) -> tuple[GameState, GameState, list[Call]]:
        state = started_state(4)
        if state.current_player_id is not current:
            state = state.for_next_turn()
        chooser = keep if callable(keep) else (lambda options: SortedBag(tuple(options)[:keep]))
        players, log = _players({P1: _Chooser(chooser), P2: _Chooser(chooser)}, start="turn", current=current,
                                turn=TurnKind.DRAW_TICKETS)
        new = draw_tickets(players, dict(NAMES), state, random.Random(0))
        return state, new, log

    def in_order(current: PlayerId) -> Callable[[], str]:
        def run_order() -> str:
            state, _new, log = run(2, current)
            _turn_order(log, current, TurnKind.DRAW_TICKETS)
            name = NAMES[current]
            _same_infos(log, [Info(name).drew_tickets(3), Info(name).kept_tickets(2)])
            offered = _calls(log, current, "choose_tickets")[0].args[0]
            _expect(offered == state.top_tickets(3), _("choose_tickets should offer the 3 top tickets of the pile, "
                                                       "{top_tickets}, got {offered}.").format(
                top_tickets=list(state.top_tickets(3)), offered=list(offered)
            ))
            heard = log.index(_calls(log, current, "receive_info")[0])
            _expect(heard < log.index(_calls(log, current, "choose_tickets")[0]),
                    _("everyone should hear that the player draws 3 tickets before it chooses them."))
            return _(OK)

        return run_order

    keep_one = _("a player keeps at least 1 of the 3 tickets, and only tickets it drew: raise ValueError naming the "
                 "player.")
    return _check(
        "tchu.draw_tickets", "draw_tickets()",
        [
            Example(_("the calls and messages of draw_tickets(...) when Ada keeps 2 tickets"), in_order(P1), _(OK)),
            Example(_("the calls and messages of draw_tickets(...) when Bob is to play and keeps 2 tickets"),
                    in_order(P2), _(OK),
                    hint=_('the player who draws is state.current_player_id, not always PLAYER_1.')),
            *_table(lambda keep: _ticket_state(draw_tickets, keep), [
                (_(description), (keep,), expected) for description, keep, expected in TICKET_STATES
            ], hint=_("all 3 drawn tickets leave the pile (with_chosen_additional_tickets(drawn, chosen)); the player "
                      "adds the kept ones to its own; nothing else changes, and the turn does not pass.")),
            Example(_("draw_tickets(...) when Ada keeps no ticket: ValueError naming Ada"),
                    lambda: _refused(lambda: run(0), "Ada"), _(OK), hint=keep_one),
            Example(_("draw_tickets(...) when Ada keeps a ticket she did not draw: ValueError naming Ada"),
                    lambda: _refused(lambda: run(_other_ticket), "Ada"), _(OK), hint=keep_one),
        ],
    )


# Exercise 4 ---------------------------------------------------------------------------

FACE_UP = [Card.RED, Card.BLUE, Card.GREEN, Card.WHITE, Card.LOCOMOTIVE]


def check_draw_cards(draw_cards: Callable[..., Any]) -> CheckResult:
    """Check ``draw_cards(players, player_names, state, rng)``."""

    def run(slots: list[int], deck_size: int | None = None, current: PlayerId = P2,
            deck_top: tuple[Card, ...] = (Card.YELLOW, Card.ORANGE,
                                          Card.VIOLET)) -> tuple[GameState, GameState, list[Call]]:
        top = list(deck_top)[: len(deck_top) if deck_size is None else deck_size]
        state = made_state(current=current, hands={current: [Card.BLACK]}, face_up=FACE_UP,
                           deck_top=top, deck_size=deck_size, seed=5)
        inner = {P1: ScriptedPlayer(), P2: ScriptedPlayer()}
        inner[current] = ScriptedPlayer(slots=list(slots))
        players, log = _players(inner, start="turn", current=current, turn=TurnKind.DRAW_CARDS)
        new = draw_cards(players, dict(NAMES), state, random.Random(5))
        return state, new, log

    def common(new: GameState, current: PlayerId = P2) -> None:
        _expect(_total_cards(new) == 110,
                _("all 110 cards should still be there, the state returned holds {count}.").format(
                    count=_total_cards(new)))
        _expect(new.current_player_id is current, _("the turn is not over for the state: keep the same current player "
                                                    "(play changes it)."))

    def face_up_then_deck() -> str:
        _state, new, log = run([2, Constants.DECK_SLOT])
        _turn_order(log, P2, TurnKind.DRAW_CARDS)
        _same_infos(log, [Info("Bob").drew_visible_card(Card.GREEN), Info("Bob").drew_blind_card()])
        _expect(new.player_state(P2).cards == cards(1, Card.BLACK, 1, Card.GREEN, 1, Card.ORANGE),
                _("Bob took the green face-up card (replaced by the yellow top card of the deck), then the "
                "orange card now on top of the deck; his hand should be black, green, orange, got {cards}.").format(
                    cards=list(new.player_state(P2).cards)
                ))
        _expect(new.card_state.face_up_cards == (Card.RED, Card.BLUE, Card.YELLOW, Card.WHITE, Card.LOCOMOTIVE),
                _("the yellow top card of the deck should replace the green face-up card, got the face-up cards "
                  "{face_up_cards}.").format(
                    face_up_cards=list(new.card_state.face_up_cards)
                ))
        common(new)
        return _(OK)

    def deck_then_face_up() -> str:
        _state, new, log = run([Constants.DECK_SLOT, 4])
        _turn_order(log, P2, TurnKind.DRAW_CARDS)
        _same_infos(log, [Info("Bob").drew_blind_card(), Info("Bob").drew_visible_card(Card.LOCOMOTIVE)])
        _expect(new.player_state(P2).cards == cards(1, Card.BLACK, 1, Card.YELLOW, 1, Card.LOCOMOTIVE),
                _("Bob took the yellow top card of the deck, then the face-up locomotive; got {cards}.").format(
                    cards=list(new.player_state(P2).cards)
                ))
        _expect(new.card_state.face_up_cards[4] is Card.ORANGE,
                _("the face-up locomotive should be replaced by the orange card now on top of the deck."))
        common(new)
        return _(OK)

    def twice_face_up() -> str:
        _state, new, log = run([4, 4])
        _same_infos(log, [Info("Bob").drew_visible_card(Card.LOCOMOTIVE), Info("Bob").drew_visible_card(Card.YELLOW)])
        _expect(new.player_state(P2).cards == cards(1, Card.BLACK, 1, Card.YELLOW, 1, Card.LOCOMOTIVE),
                _("Bob took the face-up locomotive, then the yellow card that replaced it."))
        common(new)
        return _(OK)

    def both_updated() -> str:
        _state, _new, log = run([2, 2], current=P1)
        first, second = (log.index(c) for c in _calls(log, P1, "draw_slot"))
        for pid in PlayerId:
            between = [c for c in log[first:second] if c.method == "update_state" and c.player is pid]
            _expect(bool(between), _("{player} should receive the state (update_state) between the two draw_slot "
                                     "calls: every player sees the card that replaced the one taken.").format(
                player=NAMES[pid]
            ))
            public, own = between[-1].args
            _expect(public.card_state.face_up_cards[2] is Card.YELLOW,
                    _("before the second draw_slot, the players should see the yellow card that replaced the "
                      "green one."))
        own = [c for c in log[first:second] if c.method == "update_state" and c.player is P1][-1].args[1]
        _expect(own.cards == cards(1, Card.BLACK, 1, Card.GREEN),
                _("before the second draw_slot, Ada's own state should show the green card she took."))
        return _(OK)

    def recreated(deck_size: int, slots: list[int]) -> Callable[[], str]:
        def run_recreated() -> str:
            state, new, _log = run(slots, deck_size=deck_size)
            _expect(new.player_state(P2).card_count == 3,
                    _("Bob should hold 3 cards after drawing 2, got {card_count}.").format(
                card_count=new.player_state(P2).card_count
            ))
            common(new)
            before = state.card_state.deck_size + state.card_state.discards_size
            _expect(new.card_state.deck_size + new.card_state.discards_size == before - 2,
                    _("2 cards should have left the deck and the discards."))
            _expect(new.card_state.deck_size > 0 and new.card_state.discards_size == 0,
                    _("the empty deck should be recreated from the discards before the card is drawn: "
                    "the deck holds {deck_size} cards and the discards {discards_size}.").format(
                        deck_size=new.card_state.deck_size, discards_size=new.card_state.discards_size
                    ))
            return _(OK)

        return run_recreated

    def bad_slot(slots: list[int]) -> Callable[[], str]:
        bad = next(s for s in slots if s not in range(-1, 5))
        return lambda: _refused(lambda: run(slots), "Bob", str(bad))

    slot_hint = _("a slot is -1 (the deck) or 0 to 4: raise ValueError naming the player and the slot.")
    deck_hint = _("call state = state.with_cards_deck_recreated_if_needed(rng) before each card, face up or from the "
                  "deck.")
    return _check(
        "tchu.draw_cards", "draw_cards()",
        [
            Example(_("draw_cards(...) when Bob draws face-up slot 2, then the deck"), face_up_then_deck, _(OK)),
            Example(_("draw_cards(...) when Bob draws from the deck, then face-up slot 4"), deck_then_face_up, _(OK),
                    hint=_('remember the face-up card, state.card_state.face_up_card(slot), before the model replaces '
                           'it.')),
            Example(_("draw_cards(...) when Bob draws face-up slot 4 twice"), twice_face_up, _(OK)),
            Example(_("draw_cards(...) when Ada draws slot 2 twice: both players get the state between the draws"),
                    both_updated, _(OK),
                    hint=_('update_all(players, state) between the two draws: every player, not only the one '
                           'who draws.')),
            Example(_("draw_cards(...) from a deck of 1 card, twice the deck (then recreated from the discards)"),
                    recreated(1, [-1, -1]), _(OK), hint=deck_hint),
            Example(_("draw_cards(...) from an empty deck, face-up slots 0 then 1"), recreated(0, [0, 1]), _(OK),
                    hint=deck_hint),
            Example(_("draw_cards(...) from a deck of 1 card, face-up slot 0 twice"), recreated(1, [0, 0]), _(OK),
                    hint=deck_hint),
            Example(_("draw_cards(...) when Bob asks for slot 5: ValueError naming Bob and 5"), bad_slot([5, 0]), _(OK),
                    hint=slot_hint),
            Example(_("draw_cards(...) when Bob asks for slot -2: ValueError naming Bob and -2"), bad_slot([-2, 0]),
                    _(OK), hint=slot_hint),
            Example(_("draw_cards(...) when Bob asks for slot 0, then slot 7: ValueError naming Bob and 7"),
                    bad_slot([0, 7]), _(OK), hint=slot_hint),
            *_table(lambda size, slots, seed: _seeded_draw(draw_cards, size, slots, seed), [
                (_("draw_cards(..., random.Random({seed})) from a deck of {size}, slots {slots}: Bob's hand and the "
                   "face-up cards").format(
                    seed=seed, size=size, slots=list(slots)), (size, slots, seed), expected)
                for size, slots, seed, expected in SEEDED_DRAWS
            ], hint=_("recreate the deck with the rng that draw_cards is given, not a random generator of your own: a "
                      "seeded game replays.")),
        ],
    )


# Exercise 5 ---------------------------------------------------------------------------

TUNNEL = "BAD_BAL_1"  # Baden - Bâle, a red tunnel of length 3
ROAD = "FRI_LAU_1"  # Fribourg - Lausanne, a red route above ground of length 3
#: Routes of 38 cars in all: their owner has 2 cars left.
THIRTY_EIGHT_CARS = ["BRI_LOC_1", "GEN_YVE_1", "BRU_COI_1", "COI_WAS_1", "AT1_STG_1", "BER_LUC_1", "INT_LUC_1",
                     "STG_ZUR_1"]


def _claim(claim_route: Callable[..., Any], route_id: str, claim: SortedBag[Card], hand: list[Card],
           deck_top: list[Card],
           additional: Sequence[int | SortedBag[Card] | None] = (), routes: dict[PlayerId, list[Route]] | None = None,
           current: PlayerId = P1,
           deck_size: int | None = None) -> tuple[GameState, GameState, list[Call]]:
    route = ChMap.route(route_id)
    state = made_state(current=current, hands={current: hand}, deck_top=deck_top, routes=routes, deck_size=deck_size,
                       seed=7)
    inner = {P1: ScriptedPlayer(), P2: ScriptedPlayer()}
    inner[current] = ScriptedPlayer(claims=[(route, claim)], additional=list(additional))
    players, log = _players(inner, start="turn", current=current, turn=TurnKind.CLAIM_ROUTE)
    new = claim_route(players, dict(NAMES), state, random.Random(7))
    return state, new, log


def check_claim_route(claim_route: Callable[..., Any]) -> CheckResult:
    """Check ``claim_route(players, player_names, state, rng)``, tunnels included."""
    three_red = cards(3, Card.RED)
    tunnel = ChMap.route(TUNNEL)

    def common(state: GameState, new: GameState, current: PlayerId = P1) -> None:
        _expect(_total_cards(new) == 110,
                _("all 110 cards should still be there, the state returned holds {count}.").format(
                    count=_total_cards(new)))
        _expect(new.current_player_id is current, _("the turn is not over for the state: keep the same current player "
                                                    "(play changes it)."))

    def road() -> str:
        state, new, log = _claim(claim_route, ROAD, three_red, [Card.RED] * 4, [])
        _turn_order(log, P1, TurnKind.CLAIM_ROUTE)
        _same_infos(log, [Info("Ada").claimed_route(ChMap.route(ROAD), three_red)])
        _expect(new.player_state(P1).routes == (ChMap.route(ROAD),), _("Ada should own the route."))
        _expect(new.player_state(P1).cards == cards(1, Card.RED), _("the 3 red cards leave Ada's hand."))
        _expect(new.card_state.discards_size == state.card_state.discards_size + 3,
                _("the 3 cards go to the discards."))
        _expect(new.card_state.deck == state.card_state.deck,
                _("a route above ground does not touch the deck: no card is drawn."))
        common(state, new)
        return _(OK)

    def neutral() -> str:
        four_blue = cards(4, Card.BLUE)
        route = ChMap.route("BER_LUC_1")
        state, new, log = _claim(claim_route, "BER_LUC_1", four_blue, [Card.BLUE] * 4 + [Card.RED], [], current=P2)
        _turn_order(log, P2, TurnKind.CLAIM_ROUTE)
        _same_infos(log, [Info("Bob").claimed_route(route, four_blue)])
        _expect(new.player_state(P2).routes == (route,), _("Bob should own the route."))
        _expect(new.player_state(P2).cards == cards(1, Card.RED),
                _("the 4 blue cards leave Bob's hand; his red card stays."))
        _expect(new.player_state(P2).car_count == 36, _("a route of 4 leaves Bob 36 cars, got {car_count}.").format(
            car_count=new.player_state(P2).car_count
        ))
        _expect(new.player_state(P1) == state.player_state(P1), _("Ada should not change."))
        common(state, new, P2)
        return _(OK)

    def no_cost() -> str:
        drawn = [Card.BLUE, Card.BLUE, Card.WHITE]
        state, new, log = _claim(claim_route, TUNNEL, three_red, [Card.RED] * 3, drawn)
        _turn_order(log, P1, TurnKind.CLAIM_ROUTE)
        _same_infos(log, [
            Info("Ada").attempts_tunnel_claim(tunnel, three_red),
            Info("Ada").drew_additional_cards(SortedBag(tuple(drawn)), 0),
            Info("Ada").claimed_route(tunnel, three_red),
        ])
        _expect(new.player_state(P1).routes == (tunnel,), _("Ada should own the tunnel."))
        _expect(new.card_state.deck_size == state.card_state.deck_size - 3,
                _("3 cards are drawn from the deck for a tunnel."))
        _expect(new.card_state.discards_size == state.card_state.discards_size + 6,
                _("the 3 claim cards and the 3 drawn cards all go to the discards."))
        common(state, new)
        return _(OK)

    def paid(choice: int) -> Callable[[], str]:
        def run_paid() -> str:
            drawn = [Card.RED, Card.LOCOMOTIVE, Card.BLUE]
            hand = [Card.RED] * 5 + [Card.LOCOMOTIVE] * 2
            state, new, log = _claim(claim_route, TUNNEL, three_red, hand, drawn, additional=[choice])
            _turn_order(log, P1, TurnKind.CLAIM_ROUTE)
            asked = _calls(log, P1, "choose_additional_cards")
            options = state.player_state(P1).possible_additional_cards(2, three_red)
            _expect(len(asked) == 1 and list(asked[0].args[0]) == options,
                    _("Ada should be asked once to choose among {options} (possible_additional_cards(2, initial "
                      "cards)).").format(options=options))
            used = three_red.union(options[choice])
            _same_infos(log, [
                Info("Ada").attempts_tunnel_claim(tunnel, three_red),
                Info("Ada").drew_additional_cards(SortedBag(tuple(drawn)), 2),
                Info("Ada").claimed_route(tunnel, used),
            ])
            _expect(new.player_state(P1).cards == SortedBag(tuple(hand)).difference(used),
                    _("Ada paid with {used}, the option she chose and her initial cards: they leave her hand.").format(
                        used=list(used)))
            _expect(new.player_state(P1).routes == (tunnel,), _("Ada should own the tunnel."))
            _expect(new.card_state.discards_size == state.card_state.discards_size + len(used) + 3,
                    _("the claim cards and the 3 drawn cards all go to the discards."))
            common(state, new)
            return _(OK)

        return run_paid

    def refused() -> str:
        drawn = [Card.RED, Card.BLUE, Card.BLUE]
        state, new, log = _claim(claim_route, TUNNEL, three_red, [Card.RED] * 4, drawn, additional=[None])
        _turn_order(log, P1, TurnKind.CLAIM_ROUTE)
        _same_infos(log, [
            Info("Ada").attempts_tunnel_claim(tunnel, three_red),
            Info("Ada").drew_additional_cards(SortedBag(tuple(drawn)), 1),
            Info("Ada").did_not_claim_route(tunnel),
        ])
        _expect(new.player_state(P1) == state.player_state(P1),
                _("Ada gave up: she keeps her cards and does not get the tunnel."))
        _expect(new.card_state.discards_size == state.card_state.discards_size + 3,
                _("the 3 drawn cards go to the discards."))
        common(state, new)
        return _(OK)

    def cannot_pay() -> str:
        drawn = [Card.LOCOMOTIVE, Card.BLUE, Card.RED]
        state, new, log = _claim(claim_route, TUNNEL, three_red, [Card.RED] * 4 + [Card.BLUE], drawn)
        _expect(not any(c.method == "choose_additional_cards" for c in log),
                _("Ada cannot pay the 2 extra cards (one red card left): she should not be asked to choose additional "
                  "cards."))
        _same_infos(log, [
            Info("Ada").attempts_tunnel_claim(tunnel, three_red),
            Info("Ada").drew_additional_cards(SortedBag(tuple(drawn)), 2),
            Info("Ada").did_not_claim_route(tunnel),
        ])
        _expect(new.player_state(P1) == state.player_state(P1),
                _("Ada cannot pay: she keeps her cards and does not get the tunnel."))
        common(state, new)
        return _(OK)

    def locomotives() -> str:
        four = cards(4, Card.LOCOMOTIVE)
        drawn = [Card.RED, Card.BLUE, Card.LOCOMOTIVE]
        route = ChMap.route("AT1_STG_1")
        state, new, log = _claim(claim_route, "AT1_STG_1", four, [Card.LOCOMOTIVE] * 6, drawn, additional=[0])
        asked = _calls(log, P1, "choose_additional_cards")
        _expect(len(asked) == 1 and list(asked[0].args[0]) == [cards(1, Card.LOCOMOTIVE)],
                _("claimed with locomotives only, only the drawn locomotive costs more: Ada should be asked once, with "
                  "the one option [1 locomotive]."))
        _same_infos(log, [
            Info("Ada").attempts_tunnel_claim(route, four),
            Info("Ada").drew_additional_cards(SortedBag(tuple(drawn)), 1),
            Info("Ada").claimed_route(route, cards(5, Card.LOCOMOTIVE)),
        ])
        _expect(new.player_state(P1).cards == cards(1, Card.LOCOMOTIVE), _("Ada paid 5 locomotives: one is left."))
        common(state, new)
        return _(OK)

    def small_deck() -> str:
        state, new, log = _claim(claim_route, TUNNEL, three_red, [Card.RED] * 3, [Card.BLUE], deck_size=1)
        _expect(len(_infos(log)) >= 2 and _infos(log)[1] in additional_cards_messages("Ada"),
                _("everyone should hear the 3 drawn cards and their cost (drew_additional_cards), "
                  "got {log!r}.").format(log=_infos(log)))
        _expect(new.card_state.deck_size == state.card_state.deck_size + state.card_state.discards_size - 3,
                _("the 3 tunnel cards are drawn one at a time, the deck recreated from the discards when it is empty: "
                "{discards_size} cards should be left in the deck, got {deck_size}.").format(
                    discards_size=state.card_state.deck_size + state.card_state.discards_size - 3,
                    deck_size=new.card_state.deck_size
                ))
        common(state, new)
        return _(OK)

    def exact_cars() -> str:
        routes = {P1: [ChMap.route(r) for r in THIRTY_EIGHT_CARS]}
        state, new, log = _claim(claim_route, "BER_NEU_1", cards(2, Card.RED), [Card.RED] * 3, [], routes=routes)
        _expect(new.player_state(P1).routes[-1:] == (ChMap.route("BER_NEU_1"),),
                _("with 2 cars left Ada may claim a route of 2: she should own BER_NEU_1."))
        common(state, new)
        return _(OK)

    def scarce_deck() -> str:
        state = scarce_state([Card.RED] * 3, [Card.BLUE], seed=7)
        inner = {P1: ScriptedPlayer(claims=[(tunnel, three_red)]), P2: ScriptedPlayer()}
        players, log = _players(inner, start="turn", current=P1, turn=TurnKind.CLAIM_ROUTE)
        new = claim_route(players, dict(NAMES), state, random.Random(7))
        _same_infos(log, [
            Info("Ada").attempts_tunnel_claim(tunnel, three_red),
            Info("Ada").drew_additional_cards(cards(1, Card.BLUE), 0),
            Info("Ada").claimed_route(tunnel, three_red),
        ])
        _expect(new.player_state(P1).routes == (tunnel,), _("Ada should own the tunnel."))
        common(state, new)
        return _(OK)

    def no_option() -> Any:
        drawn = [Card.RED, Card.LOCOMOTIVE, Card.BLUE]
        hand = [Card.RED] * 6 + [Card.LOCOMOTIVE] * 2 + [Card.BLUE] * 2
        return _claim(claim_route, TUNNEL, three_red, hand, drawn, additional=[cards(1, Card.RED)])[1]

    def refuse(route_id: str, claim: SortedBag[Card], hand: list[Card],
               routes: dict[PlayerId, list[Route]] | None = None
               ) -> Callable[[], str]:
        route = ChMap.route(route_id)

        def call() -> Any:
            return _claim(claim_route, route_id, claim, hand, [Card.BLUE] * 3, routes=routes)[1]

        return lambda: _refused(call, "Ada", (route_id, route.station1.name))

    taken_hint = _("a route is free when neither it nor its twin (the other track of a double route) is taken: "
                   "state.is_route_free(route).")
    cards_hint = _("the cards must be among state.current_player_state().possible_claim_cards(route): raise ValueError "
                   "naming the player and the route.")
    cars_hint = _("a player needs route.length cars at least: check the cars first, and raise ValueError naming the "
                  "player and the route.")
    return _check(
        "tchu.claim_route", "claim_route()",
        [
            Example(_("claim_route(...) when Ada claims {road} with 3 red cards").format(road=ROAD), road, _(OK)),
            Example(_("claim_route(...) when Bob claims the neutral route BER_LUC_1 with 4 blue cards"), neutral, _(OK),
                    hint=_('the player who claims is state.current_player_id; its cards leave its hand and the route '
                           'costs route.length cars.')),
            Example(_("claim_route(...): tunnel {tunnel} with 3 red, drawn blue, blue, white (no extra cost)").format(
                tunnel=TUNNEL), no_cost, _(OK)),
            Example(_("claim_route(...): tunnel {tunnel} with 3 red, drawn red, locomotive, blue (2 more, Ada pays "
                      "with the 1st option)").format(
                tunnel=TUNNEL
            ), paid(0), _(OK)),
            Example(_("claim_route(...): tunnel {tunnel} with 3 red, drawn red, locomotive, blue (2 more, Ada pays "
                      "with the 2nd option)").format(
                tunnel=TUNNEL
            ), paid(1), _(OK),
                    hint=_('pay with the option the player chose, choose_additional_cards(options), and name all the '
                           'cards used.')),
            Example(_("claim_route(...): tunnel {tunnel} with 3 red, drawn red, blue, blue (1 more, refused)").format(
                tunnel=TUNNEL), refused, _(OK)),
            Example(_("claim_route(...): tunnel {tunnel} with 3 red, drawn locomotive, blue, red (2 more, "
                      "cannot pay)").format(
                tunnel=TUNNEL
            ), cannot_pay, _(OK)),
            Example(_("claim_route(...): tunnel AT1_STG_1 with 4 locomotives, drawn red, blue, locomotive (1 more, "
                      "paid)"), locomotives, _(OK),
                    hint=_('let route.additional_claim_cards_count(cards, drawn) count the extra cost: with '
                           'locomotives only, only drawn locomotives cost more.')),
            Example(_("claim_route(...): tunnel {tunnel} when the deck holds 1 card (then recreated from the "
                      "discards)").format(
                tunnel=TUNNEL
            ), small_deck, _(OK),
                    hint=_("draw the 3 cards one at a time, with state.with_cards_deck_recreated_if_needed(rng) before "
                           "each.")),
            Example(_("claim_route(...): tunnel {tunnel} when the deck holds 1 card and the discards none (draw the "
                      "cards there are)").format(
                tunnel=TUNNEL
            ), scarce_deck, _(OK),
                    hint=_("when the deck, even recreated, is empty, stop drawing: only the cards drawn count.")),
            Example(_("claim_route(...): tunnel {tunnel}, drawn red, locomotive, blue (2 more), Ada answers 1 red "
                      "card, no option: ValueError naming Ada").format(tunnel=TUNNEL),
                    lambda: _refused(no_option, "Ada"), _(OK),
                    hint=_("the additional cards must be one of the options, or an empty bag: raise ValueError naming "
                           "the player otherwise.")),
            Example(_("claim_route(...) when Ada has 2 cars left, as many as BER_NEU_1 needs"), exact_cars, _(OK),
                    hint=_("a player needs route.length cars at least: as many cars as the route is long will do.")),
            Example(_("claim_route(...) when Bob already owns the twin route FRI_LAU_2: ValueError naming Ada and "
                      "{road}").format(road=ROAD),
                    refuse(ROAD, three_red, [Card.RED] * 3, {P2: [ChMap.route("FRI_LAU_2")]}), _(OK), hint=taken_hint),
            Example(_("claim_route(...) when Bob already owns {tunnel}: ValueError naming Ada and {tunnel}").format(
                tunnel=TUNNEL),
                    refuse(TUNNEL, three_red, [Card.RED] * 3, {P2: [tunnel]}), _(OK), hint=taken_hint),
            Example(_("claim_route(...) with 3 red cards when Ada holds only 2: ValueError naming Ada and "
                      "{road}").format(road=ROAD),
                    refuse(ROAD, three_red, [Card.RED] * 2 + [Card.LOCOMOTIVE]), _(OK), hint=cards_hint),
            Example(_("claim_route(...) with 3 blue cards on the red route {road}: ValueError naming Ada and "
                      "{road}").format(road=ROAD),
                    refuse(ROAD, cards(3, Card.BLUE), [Card.BLUE] * 3), _(OK), hint=cards_hint),
            Example(_("claim_route(...) when Ada has 2 cars left: ValueError naming Ada and {road}").format(road=ROAD),
                    refuse(ROAD, three_red, [Card.RED] * 3, {P1: [ChMap.route(r) for r in THIRTY_EIGHT_CARS]}), _(OK),
                    hint=cars_hint),
            *_table(lambda route_id, hand, size, seed: _seeded_claim(claim_route, route_id, hand, size, seed), [
                (_("claim_route(..., random.Random({seed})) of {route} from a deck of {size}: Ada's routes, the sizes "
                   "of the deck and the discards, the deck's top cards").format(
                    seed=seed, route=route_id, size=size), (route_id, hand, size, seed), expected)
                for route_id, hand, size, seed, expected in SEEDED_CLAIMS
            ], hint=_("recreate the deck with the rng that claim_route is given, only before a tunnel card is drawn.")),
        ],
    )


# Exercise 6 ---------------------------------------------------------------------------


def check_end_game(end_game: Callable[..., Any]) -> CheckResult:
    """Check ``end_game(players, player_names, state)``: a table of ends of games."""
    return _check(
        "tchu.end", "end_game()",
        _table(lambda routes, tickets: _ending(end_game, routes, tickets),
               [(_(description), (routes, tickets), expected) for description, routes, tickets, expected in ENDS],
               hint=_("send the final state first; the bonus to the longest trails (both when as long), named by "
                      "gets_longest_trail_bonus; the totals are final_points() plus the bonus; equal totals tie.")),
    )


# Exercise 7 ---------------------------------------------------------------------------


def check_play(play: Callable[..., Any]) -> CheckResult:
    """Check ``play(players, player_names, tickets, rng)`` on whole games."""
    games: dict[tuple[type, type, int, bool], tuple[list[Call], Any]] = {}

    def game(kind1: type, kind2: type, seed: int, tickets: SortedBag[Ticket] | None = None) -> tuple[list[Call], Any]:
        key = (kind1, kind2, seed, tickets is None)
        if key not in games:
            players, log = _players({P1: kind1(seed), P2: kind2(seed + 1)})
            totals = play(players, dict(NAMES), ChMap.all_tickets() if tickets is None else tickets,
                          random.Random(seed))
            games[key] = (log, totals)
        return games[key]

    def counts() -> str:
        for players, names in [(1, 1), (2, 1), (1, 2), (3, 2), (2, 3)]:
            ids = [P1, P2, "extra"]
            inner = {ids[i]: RandomPlayer(i) for i in range(players)}
            named = {ids[i]: f"N{i}" for i in range(names)}
            try:
                got = play(inner, named, ChMap.all_tickets(), random.Random(1))
            except ValueError:
                continue
            except NotImplementedError:
                raise
            except Exception as error:  # noqa: BLE001 - the game began when it should not have
                raise OutOfOrder(
                    _("play(...) with {players} player(s) and {names} name(s) should raise ValueError at once, "
                    "but it began the game, which stopped with {error_type}: {error}.").format(
                        players=players, names=names, error_type=type(error).__name__, error=error
                    )
                ) from None
            raise OutOfOrder(_("play(...) with {players} player(s) and {names} name(s) should raise ValueError, but it "
                               "returned {got}.").format(
                players=players, names=names, got=short_repr(got)
            ))
        return _(OK)

    def whole_game(kind1: type, kind2: type, seed: int, tickets: SortedBag[Ticket] | None = None) -> Callable[[], str]:
        def run() -> str:
            log, totals = game(kind1, kind2, seed, tickets)
            problem = first_problem(log, dict(NAMES))
            _expect(problem is None, str(problem))
            finals = {pid: _calls(log, pid, "update_state")[-1].args for pid in PlayerId}
            trails = {pid: Trail.longest(finals[pid][1].routes).length for pid in PlayerId}
            expected = {
                pid: finals[pid][1].final_points()
                + (Constants.LONGEST_TRAIL_BONUS_POINTS if trails[pid] == max(trails.values()) else 0)
                for pid in PlayerId
            }
            _expect(totals == expected, _("play should return the totals {expected} (points of the final state and the "
                                          "bonus), got {totals!r}.").format(
                expected=expected, totals=totals
            ))
            return _(OK)

        return run

    def initial_state() -> str:
        seed = 5
        log, _totals = game(GreedyPlayer, RandomPlayer, seed, SINGLE_TRIP_TICKETS)
        initial = GameState.initial(SINGLE_TRIP_TICKETS, random.Random(seed))
        for pid in PlayerId:
            offer = _calls(log, pid, "set_initial_ticket_choice")[0].args[0]
            _expect(SINGLE_TRIP_TICKETS.contains_all(offer),
                    _("the tickets offered should be those given to play, here the 34 single-trip tickets."))
            own = _calls(log, pid, "update_state")[0].args[1]
            _expect(own.cards == initial.player_state(pid).cards,
                    _("the first state should be GameState.initial(tickets, rng), made with the tickets and the rng "
                      "given to play."))
        first = [Info(NAMES[pid]).can_play() for pid in PlayerId]
        turns = [m for m in _infos(log) if m in first]
        _expect(bool(turns) and turns[0] == Info(NAMES[initial.current_player_id]).can_play(),
                _("the first turn should be {player}'s, the first player of the initial state.").format(
                    player=NAMES[initial.current_player_id]))
        return _(OK)

    def last_turn_message() -> str:
        log, _totals = game(RandomPlayer, GreedyPlayer, 3)
        starts = {Info(NAMES[p]).can_play(): p for p in PlayerId}
        reader = MessageReader(dict(NAMES))
        playing: PlayerId | None = None
        message: str | None = None
        cars: Any = None  # what the state sent to the player says
        for call in _calls(log, P1):
            if call.method == "receive_info" and call.args[0] in starts and message is None:
                playing = starts[call.args[0]]
            elif (call.method == "receive_info" and message is None
                  and reader.read(call.args[0]).kind is MessageKind.LAST_TURN):
                message = call.args[0]
            elif call.method == "update_state" and message is not None:
                cars = call.args[0].player_state(playing).car_count
                break
        _expect(message is not None, _("the last-turn message (Info.last_turn_begins) should name the player who just "
                                       "played and its 0, 1 or 2 cars."))
        assert playing is not None, "a player was told it can play before the last-turn message"
        _expect(cars is not None and message == Info(NAMES[playing]).last_turn_begins(cars),
                _("the last-turn message should name {player}, who just played, and its {cars} cars left, "
                  "{expected!r}; got {message!r}.").format(
                    player=NAMES[playing], cars=cars, expected=Info(NAMES[playing]).last_turn_begins(cars),
                                                           message=message))
        return _(OK)

    def recreated() -> str:
        for key in [(RandomPlayer, GreedyPlayer, 3), (GreedyPlayer, GreedyPlayer, 4)]:
            log, _totals = game(*key)
            piles = [c.args[0].card_state for c in _calls(log, P1, "update_state")]
            if any(b.deck_size > a.deck_size for a, b in zip(piles, piles[1:])):
                return _(OK)
        raise OutOfOrder(_("in these long games the deck runs out, so it should be recreated from the discards: the "
                           "states sent never show a deck that grew."))

    def both_updated() -> str:
        log, _totals = game(GreedyPlayer, RandomPlayer, 6)
        last: dict[PlayerId, Any] = {}
        decided = -1
        turn = 0
        for index, call in enumerate(log):
            if call.method == "update_state":
                last[call.player] = (index, call.args[0])
            elif call.method == "next_turn":
                turn += 1
                for pid in PlayerId:
                    _expect(pid in last and last[pid][0] > decided,
                            _("before {player}'s next_turn at turn {turn}, {other} received no new state: "
                              "update_state of both players comes before every next_turn.").format(
                                  player=NAMES[call.player], turn=turn, other=NAMES[pid]))
                _expect(last[P1][1] == last[P2][1],
                        _("before turn {turn}, the two players received different public states.").format(turn=turn))
            if call.method not in ("receive_info", "update_state", "init_players"):
                decided = index
        return _(OK)

    def replayed() -> str:
        first, _totals = game(GreedyPlayer, RandomPlayer, 6)
        players, again = _players({P1: GreedyPlayer(6), P2: RandomPlayer(7)})
        play(players, dict(NAMES), ChMap.all_tickets(), random.Random(6))
        for index, (one, two) in enumerate(zip(first, again)):
            _expect((one.player, one.method, one.args, one.result) == (two.player, two.method, two.args, two.result),
                    _("played twice with random.Random(6), the game differed at call {number}: {first} the first time, "
                      "{second} the second: use only the rng given to play, for every shuffle.").format(
                          number=index + 1, first=f"{one} {short_repr(one.args)}",
                          second=f"{two} {short_repr(two.args)}"))
        _expect(len(first) == len(again), _("played twice with random.Random(6), the two games had {first} and "
                                            "{second} calls.").format(
            first=len(first), second=len(again)))
        return _(OK)

    def totals_and_turns(kind1: type, kind2: type, seed: int, single: bool) -> tuple[int, int, int]:
        log, totals = game(kind1, kind2, seed, SINGLE_TRIP_TICKETS if single else None)
        turns = sum(call.method == "next_turn" for call in log)
        return (totals[P1], totals[P2], turns) if isinstance(totals, dict) and set(totals) == set(PlayerId) else totals

    kinds = {"GreedyPlayer": GreedyPlayer, "RandomPlayer": RandomPlayer}

    def illegal() -> str:
        def play_through(players: dict[PlayerId, RecordingPlayer]) -> Any:
            return play(players, dict(NAMES), ChMap.all_tickets(), random.Random(2))

        scripts: list[tuple[dict[str, Any], str | None, str]] = [
            (dict(turns=[TurnKind.DRAW_CARDS], slots=[9]), "9", _("slot 9")),
            (dict(turns=[TurnKind.DRAW_CARDS], slots=[0, -3]), "-3", _("slot -3")),
            (dict(initial_tickets=1), None, _("1 initial ticket kept")),
            (dict(turns=[TurnKind.DRAW_TICKETS], tickets=[0]), None, _("no ticket kept")),
        ]
        for script, word, move in scripts:
            players, _log = _players({P1: ScriptedPlayer(**copy.deepcopy(script)),
                                      P2: ScriptedPlayer(**copy.deepcopy(script))})
            words = [("Ada", "Bob")] + ([word] if word else [])
            try:
                _refused(functools.partial(play_through, players), *words)
            except ScriptExhausted as error:
                raise OutOfOrder(
                    _("after an illegal move ({move}) the game went on, and {problem}; "
                    "an illegal move stops the game with a ValueError naming the player.").format(
                        move=move, problem=error.explain('play()'))
                ) from None
        return _(OK)

    return _check(
        "tchu.play", "play()",
        [
            Example(_("play(...) with other than 2 players and 2 names: ValueError"), counts, _(OK),
                    hint=_("a game has exactly two players and two names: check both dicts.")),
            Example(_("a whole game, RandomPlayer against GreedyPlayer (seed 3)"),
                    whole_game(RandomPlayer, GreedyPlayer, 3), _(OK)),
            Example(_("a whole game, GreedyPlayer against GreedyPlayer (seed 4)"),
                    whole_game(GreedyPlayer, GreedyPlayer, 4), _(OK)),
            Example(_("a whole game with the 34 single-trip tickets (seed 5): its tickets and rng make the first "
                      "state"),
                    initial_state, _(OK), hint=_("make the initial state with GameState.initial(tickets, rng), the "
                                                 "arguments of play.")),
            Example(_("a whole game (seed 3): the last-turn message names the player who just played and its cars"),
                    last_turn_message, _(OK),
                    hint=_('Info(name).last_turn_begins(cars) with the cars left to the player who just played.')),
            Example(_("whole games (seeds 3 and 4): the deck runs out and is recreated from the discards"), recreated,
                    _(OK),
                    hint=_('pass the rng given to play to every turn function, which recreates the deck before each '
                           'card.')),
            Example(_("a whole game, GreedyPlayer against RandomPlayer (seed 6): both players get the state before "
                      "every next_turn"),
                    both_updated, _(OK), hint=_("update_all(players, state) before every next_turn: both players, not "
                                                "only the one to play.")),
            Example(_("the same seed played twice gives the same game (seed 6), call by call"), replayed, _(OK),
                    hint=_("every shuffle uses the rng given to play, passed on to the turn functions: never a random "
                           "generator of your own.")),
            *_table(lambda kind1, kind2, seed, single: totals_and_turns(kinds[kind1], kinds[kind2], seed, single), [
                (_("a whole game, {kind1} against {kind2} (seed {seed}{tickets}): the totals and the number of "
                   "turns").format(
                    kind1=kind1, kind2=kind2, seed=seed, tickets=_(", single-trip tickets") if single else ""),
                 (kind1, kind2, seed, single), expected)
                for kind1, kind2, seed, single, expected in GAMES
            ], hint=_("the game the rules make: every call in its order, the state sent before every next_turn, the "
                      "rng given for every shuffle.")),
            Example(_("play(...) when a player asks for slot 9, or slot -3, or keeps 1 initial ticket, or no ticket: "
                      "ValueError naming it"),
                    illegal, _(OK), hint=_("an illegal move stops the game with a ValueError naming the player (and "
                                           "the slot).")),
        ],
    )
