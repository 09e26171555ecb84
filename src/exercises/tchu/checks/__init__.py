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

from ...checks import CheckResult, Example, Status, check, hint_line, observed, said, short_repr
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


def _guarded(call: Callable[[], Any], caller: str, broken: dict[int, str], number: int) -> Any:
    """``call()``, where a broken rule is said in its own sentence: recorded in ``broken`` under
    the example's ``number``, and returned as a :class:`_Broken` value."""
    _LOGS.clear()
    try:
        return call()
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
    broken[number] = text
    return _Broken(text)


def _check(exercise: str, caller: str, examples: list[Example], rng: bool = False) -> CheckResult:
    """``check(exercise, examples, rng=rng)``, where a broken rule fails with its own sentence.

    ``caller`` names the student's function (``"draw_cards()"``) in the sentence said
    when a scripted player runs out of answers.
    """
    broken: dict[int, str] = {}
    guarded = [dataclasses.replace(example, call=functools.partial(_guarded, example.call, caller, broken, number))
               for number, example in enumerate(examples)]
    result = check(exercise, guarded, rng=rng)
    if result.status is not Status.PASSED and broken:
        number, text = next(iter(broken.items()))
        description, hint = examples[number].description, examples[number].hint
        start = next(
            (i for i, line in enumerate(result.lines) if line.startswith(f"  ✗ {description}")), None
        )
        if start is not None:
            result.lines[start:] = [said("✗", description, text)] + ([hint_line(hint)] if hint else [])
            result.status = Status.FAILED
    return result


def _rows(rows: list[tuple[Any, ...]], subject: Any, hint: str = "") -> list[Example]:
    """The examples of a table of rows ``(description, observe, arguments, expected[, hint])``
    in the current language: a description is a message, or a message and the values it is
    formatted with; ``subject`` is the student's function that each ``observe`` runs."""
    said_rows = []
    for description, observe, arguments, expected, *more in rows:
        text, values = description if isinstance(description, tuple) else (description, {})
        words = {key: _(value) if isinstance(value, str) and value else value for key, value in values.items()}
        shown_hint = more[0] if more else hint
        said_rows.append((_(text).format(**words), observe, arguments, _(expected) if expected == OK else expected,
                          _(shown_hint) if shown_hint else ""))
    return observed(said_rows, subject)


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


def _word(word: str | tuple[str, ...]) -> str:
    """A word a message must name, or the words any one of which will do."""
    return _(" or ").join(map(repr, word)) if isinstance(word, tuple) else repr(word)


def _refused(call: Callable[[], Any], *words: str | tuple[str, ...]) -> str:
    """OK if ``call()`` raises a ValueError whose message names every one of ``words``.

    A word may be a tuple of words, any one of which will do (a route's id or its station).
    """
    try:
        call()
    except ValueError as error:
        text = str(error)
        missing = [w for w in words if not any(x in text for x in (w if isinstance(w, tuple) else (w,)))]
        _expect(
            not missing,
            _("the ValueError should name {words}, but its message {text!r} does not name {missing}.").format(
                words=_(" and ").join(map(_word, words)), text=text, missing=_(" nor ").join(map(_word, missing))
            ),
        )
        return _(OK)
    raise OutOfOrder(_("the move breaks the rules, so a ValueError should come, but none came: the move was accepted."))


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
    best = max(PlayerId, key=totals.__getitem__)
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
    (N_("end_game(...) when no one has a route and both lose 18 points of tickets: a tie at -8"), ((), ()),
     (("Bâle - Brigue (10)", "Lausanne - Lucerne (8)"), ("Bâle - Saint-Gall (8)", "Bâle - Brigue (10)")),
     {"Ada": -8, "Bob": -8, "bonus": ["Ada", "Bob"], "winner": None, "in order": True}),
]
#: the texts of the tickets offered to each player by start_game(..., random.Random(3)), Bob playing first
OFFERS_OF_SEED_3 = {
    "Ada": ["Bâle - Brigue (10)", "Bâle - Saint-Gall (8)", "France - {Allemagne (5), Autriche (14), Italie (11)}",
            "Lausanne - Interlaken (7)", "Lausanne - Lucerne (8)"],
    "Bob": ["Autriche - {Allemagne (5), France (14), Italie (6)}", "Berne - Schwyz (5)", "Bâle - Berne (5)",
            "Italie - {Allemagne (13), Autriche (6), France (11)}", "Zürich - Bâle (4)"],
}
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


def _told(helpers: tuple[Callable[..., Any], Callable[..., Any]]) -> str:
    """tell_all twice: each player hears both messages once, in order, and nothing else."""
    tell_all, _update_all = helpers
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


def _updated(helpers: tuple[Callable[..., Any], Callable[..., Any]], current: PlayerId) -> str:
    """update_all when ``current`` is to play: one update_state each, public state and own state."""
    _tell_all, update_all = helpers
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
              "state, state.player_state(PlayerId.{player}), got {own!r}.").format(player=call.player.name, own=own),
        )
    return _(OK)


# Every turn function, asked twice ----------------------------------------------------


def _twice_arguments(kind: str) -> tuple[Any, ...]:
    """The arguments of a call of the ``kind`` of turn function, whose players answer it twice."""
    if kind in ("start_game", "play"):
        players, _log = _players({P1: GreedyPlayer(1), P2: RandomPlayer(2)})
        return players, dict(NAMES), ChMap.all_tickets(), random.Random(6)
    inner = {P1: ScriptedPlayer(), P2: ScriptedPlayer()}
    if kind == "draw_tickets":
        state = started_state(4)
        inner = {pid: _Chooser(functools.partial(_first_of, 1)) for pid in PlayerId}
    elif kind == "draw_cards":
        state = made_state(current=P2, hands={P2: [Card.BLACK]}, face_up=FACE_UP,
                           deck_top=[Card.YELLOW, Card.ORANGE, Card.VIOLET], seed=5)
        inner[P2] = ScriptedPlayer(slots=[0, -1, 0, -1])
    elif kind == "claim_route":
        state = made_state(hands={P1: [Card.RED] * 3}, seed=7)
        inner[P1] = ScriptedPlayer(claims=[(ChMap.route(ROAD), cards(3, Card.RED))] * 2)
    else:
        state = made_state(seed=9)
    players, _log = _players(inner)
    return (players, dict(NAMES), state) if kind == "end_game" else (players, dict(NAMES), state, random.Random(5))


def _twice(subject: Callable[..., Any], kind: str) -> str:
    """``subject`` called twice with the same objects: the second call asks and tells the
    players what the first did (a whole game: it begins as the first did)."""
    arguments = _twice_arguments(kind)
    log = _LOGS[-1][0]
    subject(*arguments)
    first = [(call.player, call.method) for call in log]
    subject(*arguments)
    second = [(call.player, call.method) for call in log[len(first):]]
    if kind == "play":
        first, second = first[:8], second[:8]
    _expect(second == first, _("called twice with the same players, names and state, {function}(...) made {first} "
                               "calls of the players the first time and {second} the second, not the same ones."
                               ).format(function=kind, first=len(first), second=len(second)))
    return _(OK)


_ANEW = N_("keep nothing from one call to the next: each call asks the players and tells everyone again, even with "
           "the same state and players.")


def _twice_row(kind: str) -> tuple[Any, ...]:
    """The row of a check that calls the ``kind`` of turn function twice on the same objects."""
    return ((N_("{function}(...) called twice on the same players, names and state"), {"function": kind}),
            _twice, (kind,), OK, _ANEW)


#: the rows of check_helpers: a description, an observer, its arguments, what it gives (and a hint)
HELPERS = [
    (N_("tell_all(players, 'Hello!\\n'), then tell_all(players, 'Bye!\\n'): each player hears both, once, in order"),
     _told, (), OK),
    (N_("update_all(players, state): each player gets the state and its own state"), _updated, (P1,), OK),
    (N_("update_all(players, state) when PLAYER_2 is to play"), _updated, (P2,), OK),
]


def check_helpers(tell_all: Callable[..., Any], update_all: Callable[..., Any]) -> CheckResult:
    """Check ``tell_all(players, info)`` and ``update_all(players, state)``."""
    return _check("tchu.helpers", "helpers", _rows(HELPERS, (tell_all, update_all)))


# Exercise 2 ---------------------------------------------------------------------------


def _started(start_game: Callable[..., Any], seed: int,
             inner: tuple[Any, Any] | None = None) -> tuple[GameState, list[Call]]:
    """``start_game`` with all the tickets and ``random.Random(seed)``: its state and log."""
    first, second = inner or (GreedyPlayer(1), GreedyPlayer(2))
    players, log = _players({P1: first, P2: second})
    state = start_game(players, dict(NAMES), ChMap.all_tickets(), random.Random(seed))
    return state, log


def _start_in_order(start_game: Callable[..., Any], seed: int) -> str:
    """The calls of the start in the order of the rules, stopping before the first turn."""
    _state, log = _started(start_game, seed)
    order = CallOrder()
    order.read(log)
    _expect(order.problem is None, str(order.problem))
    for pid in PlayerId:
        seat = order.seats[pid]
        _expect(seat.chose_initial,
                _("{player} was never asked to choose its initial tickets.").format(player=NAMES[pid]))
        _expect(seat.kept_messages == 2,
                _("{player} should hear how many tickets each player kept (2 messages), got {kept_messages}.").format(
                    player=NAMES[pid], kept_messages=seat.kept_messages))
    _expect(not any(call.method == "next_turn" for call in log),
            _("start_game should stop before the first turn (no next_turn)."))
    return _(OK)


def _introduced(start_game: Callable[..., Any], seed: int) -> str:
    """init_players first, once for each player, with its own id and both names."""
    _state, log = _started(start_game, seed)
    for pid in PlayerId:
        inits = _calls(log, pid, "init_players")
        _expect(len(inits) == 1 and _calls(log, pid)[0] is inits[0],
                _("{player} should receive init_players exactly once, before any other call.").format(
                    player=NAMES[pid]))
        own_id, names = inits[0].args
        _expect(own_id is pid, _("init_players to {player} should give its own id, PlayerId.{player_id}, got "
                                 "{own_id!r}.").format(player=NAMES[pid], player_id=pid.name, own_id=own_id))
        _expect(isinstance(names, dict) and dict(names) == NAMES,
                _("init_players to {player} should give the names of both players, {names}, got {got!r}.").format(
                    player=NAMES[pid], names=NAMES, got=names))
    return _(OK)


def _first_player(start_game: Callable[..., Any], seed: int) -> str:
    """The first message names the first player of the initial state."""
    _state, log = _started(start_game, seed)
    first = GameState.initial(ChMap.all_tickets(), random.Random(seed)).current_player_id
    expected = Info(NAMES[first]).will_play_first()
    for pid in PlayerId:
        got = _infos(log, pid)[:1]
        _expect(got == [expected], _("the first message to {player} should be {expected!r} (the first player "
                                     "of GameState.initial(tickets, rng)), got {got!r}.").format(
            player=NAMES[pid], expected=expected, got=got))
    return _(OK)


def _offered(start_game: Callable[..., Any], seed: int) -> str:
    """One offer of 5 each, the 10 top tickets between them."""
    _state, log = _started(start_game, seed)
    initial = GameState.initial(ChMap.all_tickets(), random.Random(seed))
    offers = [_calls(log, pid, "set_initial_ticket_choice") for pid in PlayerId]
    _expect([len(o) for o in offers] == [1, 1], _("each player should be offered tickets once "
                                                  "(set_initial_ticket_choice), got {offers} offers.").format(
        offers=[len(o) for o in offers]))
    bags = [o[0].args[0] for o in offers]
    _expect([len(b) for b in bags] == [5, 5],
            _("each offer should hold 5 tickets, got {bags}.").format(bags=[len(b) for b in bags]))
    _expect(Counter(bags[0]) + Counter(bags[1]) == Counter(initial.top_tickets(10)),
            _("the two players should be offered the 10 top tickets of the initial state, 5 each "
              "(state.top_tickets(5), then state.without_top_tickets(5))."))
    return _(OK)


def _offers(start_game: Callable[..., Any], seed: int) -> dict[str, list[str]]:
    """The tickets offered to each player, by name (the texts of the tickets, in order)."""
    _state, log = _started(start_game, seed)
    return {NAMES[pid]: [ticket.text for call in _calls(log, pid, "set_initial_ticket_choice")
                         for ticket in call.args[0]] for pid in PlayerId}


def _state_before_choice(start_game: Callable[..., Any], seed: int) -> str:
    """Each player holds, when it chooses, its 4 cards, no ticket, the offers off the pile."""
    _state, log = _started(start_game, seed)
    for pid in PlayerId:
        mine = _calls(log, pid)
        offer = mine.index(_calls(log, pid, "set_initial_ticket_choice")[0])
        choose = mine.index(_calls(log, pid, "choose_initial_tickets")[0])
        updates = [c for c in mine[offer:choose] if c.method == "update_state"]
        _expect(bool(updates), _("{player} should receive the state (update_state) after its ticket offer, before "
                                 "choosing.").format(player=NAMES[pid]))
        public, own = updates[-1].args
        _expect(own.card_count == 4 and own.ticket_count == 0,
                _("the state sent to {player} before its choice should show its 4 cards and no ticket yet, got "
                  "{card_count} cards and {ticket_count} tickets.").format(
                    player=NAMES[pid], card_count=own.card_count, ticket_count=own.ticket_count))
        _expect(public.card_state.deck_size == 97, _("at the initial choice, 97 cards should be left in the deck, "
                                                     "got {deck_size}.").format(deck_size=public.card_state.deck_size))
        index = next(i for i, c in enumerate(log) if c is updates[-1])
        dealt = sum(c.method == "set_initial_ticket_choice" for c in log[:index])
        _expect(public.ticket_count == 46 - 5 * dealt,
                _("{offered} tickets were offered before that update_state, so {left} should be left in the pile, "
                  "got {got} (state.without_top_tickets).").format(
                    offered=dealt * 5, left=46 - 5 * dealt, got=public.ticket_count))
    return _(OK)


def _start_messages(start_game: Callable[..., Any], seed: int) -> str:
    """Who plays first, then how many tickets each player kept (in either order)."""
    _state, log = _started(start_game, seed)
    first = GameState.initial(ChMap.all_tickets(), random.Random(seed)).current_player_id
    kept = {pid: len(_calls(log, pid, "choose_initial_tickets")[0].result) for pid in PlayerId}
    expected = [Info(NAMES[first]).will_play_first()] + [Info(NAMES[pid]).kept_tickets(kept[pid]) for pid in PlayerId]
    for pid in PlayerId:
        got = _infos(log, pid)
        _expect(len(got) == 3 and got[0] == expected[0] and sorted(got[1:]) == sorted(expected[1:]),
                _("at the start, {player} should hear who plays first, then how many tickets each "
                  "player kept, {expected!r}, but heard {got!r}.").format(
                    player=NAMES[pid], expected=expected, got=got))
    return _(OK)


def _start_kept(start_game: Callable[..., Any], seed: int) -> str:
    """The state returned: the tickets kept, the 4 cards, 36 tickets left, the first player to play."""
    state, log = _started(start_game, seed)
    initial = GameState.initial(ChMap.all_tickets(), random.Random(seed))
    for pid in PlayerId:
        chosen = next(c.result for c in log if c.player is pid and c.method == "choose_initial_tickets")
        _expect(state.player_state(pid).tickets == chosen,
                _("in the state returned, {player} should hold the tickets it chose, {chosen}.").format(
                    player=NAMES[pid], chosen=list(chosen)))
        _expect(state.player_state(pid).cards == initial.player_state(pid).cards,
                _("in the state returned, {player} should hold its 4 initial cards.").format(player=NAMES[pid]))
    _expect(state.ticket_count == 36, _("10 tickets were dealt, so 36 should be left in the pile, got "
                                        "{ticket_count}.").format(ticket_count=state.ticket_count))
    _expect(state.current_player_id is initial.current_player_id,
            _("the state returned should have the first player to play."))
    return _(OK)


def _too_few(start_game: Callable[..., Any], who: PlayerId) -> str:
    """``who`` keeps 2 initial tickets: a ValueError naming it."""
    inner = {P1: ScriptedPlayer(initial_tickets=3), P2: ScriptedPlayer(initial_tickets=3)}
    inner[who] = ScriptedPlayer(initial_tickets=2)
    return _refused(functools.partial(_started, start_game, 1, (inner[P1], inner[P2])), NAMES[who])


def _not_offered(start_game: Callable[..., Any]) -> str:
    """Bob keeps a ticket he was not offered: a ValueError naming Bob."""
    inner = (_Chooser(_first_three), _Chooser(_other_ticket))
    return _refused(functools.partial(_started, start_game, 1, inner), "Bob")


_KEEP_THREE = N_("a player keeps at least 3 of its 5 tickets, and only tickets it was offered: raise ValueError "
                 "naming the player.")
#: the rows of check_start_game; the offers of seed 3 (Bob plays first) were read from the reference
START = [
    (N_("the calls of start_game(players, names, ChMap.all_tickets(), random.Random(1))"), _start_in_order, (1,), OK),
    (N_("start_game(...): init_players(own id, both names) first, once for each player"), _introduced, (1,), OK,
     N_("call player.init_players(player_id, player_names) on each player first, with the whole dict of names.")),
    (N_("the first message names the first player of GameState.initial (seed 1)"), _first_player, (1,), OK),
    (N_("the first message names the first player of GameState.initial (seed 2)"), _first_player, (2,), OK),
    (N_("start_game(...): each player is offered 5 of the 10 top tickets, once"), _offered, (3,), OK,
     N_("offer state.top_tickets(5) to a player, then state = state.without_top_tickets(5), then offer the next 5 "
        "to the other.")),
    (N_("start_game(..., random.Random(3)), Bob playing first: the tickets offered to each player"), _offers, (3,),
     OFFERS_OF_SEED_3,
     N_("PLAYER_1 gets the 5 tickets at the top of the pile, then PLAYER_2 the next 5, whoever plays first.")),
    (N_("start_game(...): the state sent before choose_initial_tickets (4 cards, no ticket, offers off the pile)"),
     _state_before_choice, (4,), OK,
     N_("update_all(players, state) once the offers are off the pile, just before asking for the initial tickets.")),
    (N_("start_game(...): the messages, who plays first, then how many tickets each player kept"),
     _start_messages, (5,), OK,
     N_("tell who plays first, then, once both players chose, Info(name).kept_tickets(count) for each player.")),
    (N_("the state returned: tickets kept, 36 left in the pile, first player to play"), _start_kept, (1,), OK),
    (N_("start_game(...) when Bob keeps only 2 tickets: ValueError naming Bob"), _too_few, (P2,), OK, _KEEP_THREE),
    (N_("start_game(...) when Ada keeps only 2 tickets: ValueError naming Ada"), _too_few, (P1,), OK, _KEEP_THREE),
    (N_("start_game(...) when Bob keeps a ticket he was not offered: ValueError naming Bob"), _not_offered, (), OK,
     N_("a player keeps at least 3 of its 5 tickets, and only tickets it was offered: raise ValueError naming the "
        "player. offered.contains_all(chosen) tells.")),
    _twice_row("start_game"),
]


def check_start_game(start_game: Callable[..., Any]) -> CheckResult:
    """Check ``start_game(players, player_names, tickets, rng)``."""
    return _check("tchu.start", "start_game()", _rows(START, start_game), rng=True)


# Exercise 3 ---------------------------------------------------------------------------


def _first_three(offer: SortedBag[Ticket]) -> SortedBag[Ticket]:
    """The first 3 tickets of ``offer``."""
    return SortedBag(tuple(offer)[:3])


def _ticket_turn(draw_tickets: Callable[..., Any], keep: int | Callable[..., Any],
                 current: PlayerId = P1) -> tuple[GameState, GameState, list[Call]]:
    """``current`` draws tickets in a started game (seed 4), keeping the first ``keep`` of the 3
    (or what ``keep`` chooses): the state before, the state returned and the log."""
    state = started_state(4)
    if state.current_player_id is not current:
        state = state.for_next_turn()
    chooser = keep if callable(keep) else functools.partial(_first_of, keep)
    players, log = _players({P1: _Chooser(chooser), P2: _Chooser(chooser)}, start="turn", current=current,
                            turn=TurnKind.DRAW_TICKETS)
    new = draw_tickets(players, dict(NAMES), state, random.Random(0))
    return state, new, log


def _first_of(count: int, options: SortedBag[Ticket]) -> SortedBag[Ticket]:
    """The first ``count`` tickets of ``options``."""
    return SortedBag(tuple(options)[:count])


def _tickets_in_order(draw_tickets: Callable[..., Any], current: PlayerId) -> str:
    """``current`` keeps 2 tickets: the calls, the messages, the 3 top tickets offered first."""
    state, _new, log = _ticket_turn(draw_tickets, 2, current)
    _turn_order(log, current, TurnKind.DRAW_TICKETS)
    name = NAMES[current]
    _same_infos(log, [Info(name).drew_tickets(3), Info(name).kept_tickets(2)])
    offered = _calls(log, current, "choose_tickets")[0].args[0]
    _expect(offered == state.top_tickets(3), _("choose_tickets should offer the 3 top tickets of the pile, "
                                               "{top_tickets}, got {offered}.").format(
        top_tickets=list(state.top_tickets(3)), offered=list(offered)))
    heard = log.index(_calls(log, current, "receive_info")[0])
    _expect(heard < log.index(_calls(log, current, "choose_tickets")[0]),
            _("everyone should hear that the player draws 3 tickets before it chooses them."))
    return _(OK)


def _ticket_state(draw_tickets: Callable[..., Any], keep: int) -> dict[str, Any]:
    """Ada draws tickets in a started game (seed 4) and keeps the first ``keep`` of the 3:
    her tickets, the size of the pile, and whether the rest of the state stayed as it was
    (Bob, the cards, Ada still to play)."""
    state, new, _log = _ticket_turn(draw_tickets, keep)
    return {"tickets": sorted(ticket.text for ticket in new.player_state(P1).tickets), "pile": new.ticket_count,
            "rest unchanged": (new.player_state(P2) == state.player_state(P2) and new.card_state == state.card_state
                               and new.current_player_id is P1)}


def _tickets_refused(draw_tickets: Callable[..., Any], keep: int | Callable[..., Any]) -> str:
    """Ada keeps what ``keep`` says, against the rules: a ValueError naming Ada."""
    return _refused(functools.partial(_ticket_turn, draw_tickets, keep), "Ada")


_KEEP_ONE = N_("a player keeps at least 1 of the 3 tickets, and only tickets it drew: raise ValueError naming the "
               "player.")
_TICKETS_KEPT = N_("all 3 drawn tickets leave the pile (with_chosen_additional_tickets(drawn, chosen)); the player "
                   "adds the kept ones to its own; nothing else changes, and the turn does not pass.")
#: the rows of check_draw_tickets (the states' tickets and piles were read from the reference)
DRAW_TICKETS = [
    (N_("the calls and messages of draw_tickets(...) when Ada keeps 2 tickets"), _tickets_in_order, (P1,), OK),
    (N_("the calls and messages of draw_tickets(...) when Bob is to play and keeps 2 tickets"), _tickets_in_order,
     (P2,), OK, N_("the player who draws is state.current_player_id, not always PLAYER_1.")),
    *[(description, _ticket_state, (keep,), expected, _TICKETS_KEPT) for description, keep, expected in TICKET_STATES],
    (N_("draw_tickets(...) when Ada keeps no ticket: ValueError naming Ada"), _tickets_refused, (0,), OK, _KEEP_ONE),
    (N_("draw_tickets(...) when Ada keeps a ticket she did not draw: ValueError naming Ada"), _tickets_refused,
     (_other_ticket,), OK, _KEEP_ONE),
    _twice_row("draw_tickets"),
]


def check_draw_tickets(draw_tickets: Callable[..., Any]) -> CheckResult:
    """Check ``draw_tickets(players, player_names, state, rng)``."""
    return _check("tchu.draw_tickets", "draw_tickets()", _rows(DRAW_TICKETS, draw_tickets), rng=True)


# Exercise 4 ---------------------------------------------------------------------------

FACE_UP = [Card.RED, Card.BLUE, Card.GREEN, Card.WHITE, Card.LOCOMOTIVE]


def _card_turn(draw_cards: Callable[..., Any], slots: Sequence[int], deck_size: int | None = None,
               current: PlayerId = P2) -> tuple[GameState, GameState, list[Call]]:
    """``current`` draws from ``slots``, the deck's top cards yellow, orange, violet (the first
    ``deck_size`` of them): the state before, the state returned and the log."""
    top = [Card.YELLOW, Card.ORANGE, Card.VIOLET][: 3 if deck_size is None else deck_size]
    state = made_state(current=current, hands={current: [Card.BLACK]}, face_up=FACE_UP,
                       deck_top=top, deck_size=deck_size, seed=5)
    inner = {P1: ScriptedPlayer(), P2: ScriptedPlayer()}
    inner[current] = ScriptedPlayer(slots=list(slots))
    players, log = _players(inner, start="turn", current=current, turn=TurnKind.DRAW_CARDS)
    new = draw_cards(players, dict(NAMES), state, random.Random(5))
    return state, new, log


def _turn_kept(new: GameState, current: PlayerId) -> None:
    """All 110 cards are still there, and the turn is still ``current``'s."""
    _expect(_total_cards(new) == 110,
            _("all 110 cards should still be there, the state returned holds {count}.").format(count=_total_cards(new)))
    _expect(new.current_player_id is current, _("the turn is not over for the state: keep the same current player "
                                                "(play changes it)."))


def _cards_drawn(draw_cards: Callable[..., Any], slots: tuple[int, int], messages: tuple[tuple[Any, ...], ...],
                 hand: tuple[Card, ...], hand_said: str, face_up: tuple[Card | None, ...], face_up_said: str) -> str:
    """Bob draws ``slots``: the calls, the ``messages`` (each Info's method and its arguments),
    his ``hand`` and the ``face_up`` cards after (None: any card), each with what is said when wrong."""
    _state, new, log = _card_turn(draw_cards, slots)
    _turn_order(log, P2, TurnKind.DRAW_CARDS)
    _same_infos(log, [getattr(Info("Bob"), method)(*args) for method, *args in messages])
    _expect(new.player_state(P2).cards == SortedBag(hand), _(hand_said).format(cards=list(new.player_state(P2).cards)))
    got = new.card_state.face_up_cards
    _expect(all(want in (None, card) for want, card in zip(face_up, got)),
            _(face_up_said).format(face_up_cards=list(got)) if face_up_said else "")
    _turn_kept(new, P2)
    return _(OK)


def _updated_between_draws(draw_cards: Callable[..., Any]) -> str:
    """Ada draws slot 2 twice: both players get, between the draws, the state with the new card."""
    _state, _new, log = _card_turn(draw_cards, [2, 2], current=P1)
    first, second = (log.index(c) for c in _calls(log, P1, "draw_slot"))
    for pid in PlayerId:
        between = [c for c in log[first:second] if c.method == "update_state" and c.player is pid]
        _expect(bool(between), _("{player} should receive the state (update_state) between the two draw_slot "
                                 "calls: every player sees the card that replaced the one taken.").format(
            player=NAMES[pid]))
        public, _own = between[-1].args
        _expect(public.card_state.face_up_cards[2] is Card.YELLOW,
                _("before the second draw_slot, the players should see the yellow card that replaced the green one."))
    own = [c for c in log[first:second] if c.method == "update_state" and c.player is P1][-1].args[1]
    _expect(own.cards == cards(1, Card.BLACK, 1, Card.GREEN),
            _("before the second draw_slot, Ada's own state should show the green card she took."))
    return _(OK)


def _recreated(draw_cards: Callable[..., Any], deck_size: int, slots: tuple[int, int]) -> str:
    """Bob draws ``slots`` from a deck of ``deck_size``: the empty deck is recreated before a card."""
    state, new, _log = _card_turn(draw_cards, slots, deck_size=deck_size)
    _expect(new.player_state(P2).card_count == 3,
            _("Bob should hold 3 cards after drawing 2, got {card_count}.").format(
                card_count=new.player_state(P2).card_count))
    _turn_kept(new, P2)
    before = state.card_state.deck_size + state.card_state.discards_size
    _expect(new.card_state.deck_size + new.card_state.discards_size == before - 2,
            _("2 cards should have left the deck and the discards."))
    _expect(new.card_state.deck_size > 0 and new.card_state.discards_size == 0,
            _("the empty deck should be recreated from the discards before the card is drawn: "
              "the deck holds {deck_size} cards and the discards {discards_size}.").format(
                deck_size=new.card_state.deck_size, discards_size=new.card_state.discards_size))
    return _(OK)


def _bad_slot(draw_cards: Callable[..., Any], slots: tuple[int, int]) -> str:
    """Bob asks for ``slots``, one of them no slot: a ValueError naming Bob and that slot."""
    bad = next(s for s in slots if s not in range(-1, 5))
    return _refused(functools.partial(_card_turn, draw_cards, slots), "Bob", str(bad))


def _seeded_draw(draw_cards: Callable[..., Any], deck_size: int, slots: tuple[int, int], seed: int) -> tuple[Any, ...]:
    """Bob draws ``slots`` from a deck of ``deck_size`` cards with ``random.Random(seed)``:
    his hand and the face-up cards after the turn."""
    state = made_state(current=P2, hands={P2: [Card.BLACK]}, face_up=FACE_UP, deck_size=deck_size, seed=seed)
    players, _log = _players({P1: ScriptedPlayer(), P2: ScriptedPlayer(slots=list(slots))},
                             start="turn", current=P2, turn=TurnKind.DRAW_CARDS)
    new = draw_cards(players, dict(NAMES), state, random.Random(seed))
    return tuple(new.player_state(P2).cards), new.card_state.face_up_cards


_SLOT = N_("a slot is -1 (the deck) or 0 to 4: raise ValueError naming the player and the slot.")
_DECK = N_("call state = state.with_cards_deck_recreated_if_needed(rng) before each card, face up or from the deck.")
K, G, Y, OR, W = Card.BLACK, Card.GREEN, Card.YELLOW, Card.ORANGE, Card.WHITE
#: the rows of check_draw_cards: Bob's draws from the face-up cards red, blue, green, white,
#: locomotive and a deck whose top cards are yellow, orange, violet
DRAW_CARDS = [
    (N_("draw_cards(...) when Bob draws face-up slot 2, then the deck"), _cards_drawn,
     ((2, -1), (("drew_visible_card", G), ("drew_blind_card",)),
      (K, G, OR), N_("Bob took the green face-up card (replaced by the yellow top card of the deck), then the orange "
                    "card now on top of the deck; his hand should be black, green, orange, got {cards}."),
      (R, Card.BLUE, Y, W, L), N_("the yellow top card of the deck should replace the green face-up card, got the "
                                  "face-up cards {face_up_cards}.")), OK),
    (N_("draw_cards(...) when Bob draws from the deck, then face-up slot 4"), _cards_drawn,
     ((-1, 4), (("drew_blind_card",), ("drew_visible_card", L)),
      (K, Y, L), N_("Bob took the yellow top card of the deck, then the face-up locomotive; got {cards}."),
      (None, None, None, None, OR), N_("the face-up locomotive should be replaced by the orange card now on top of the "
                                      "deck.")), OK,
     N_("remember the face-up card, state.card_state.face_up_card(slot), before the model replaces it.")),
    (N_("draw_cards(...) when Bob draws face-up slot 4 twice"), _cards_drawn,
     ((4, 4), (("drew_visible_card", L), ("drew_visible_card", Y)),
      (K, Y, L), N_("Bob took the face-up locomotive, then the yellow card that replaced it."), (None,) * 5, ""), OK),
    (N_("draw_cards(...) when Ada draws slot 2 twice: both players get the state between the draws"),
     _updated_between_draws, (), OK,
     N_("update_all(players, state) between the two draws: every player, not only the one who draws.")),
    (N_("draw_cards(...) from a deck of 1 card, twice the deck (then recreated from the discards)"), _recreated,
     (1, (-1, -1)), OK, _DECK),
    (N_("draw_cards(...) from an empty deck, face-up slots 0 then 1"), _recreated, (0, (0, 1)), OK, _DECK),
    (N_("draw_cards(...) from a deck of 1 card, face-up slot 0 twice"), _recreated, (1, (0, 0)), OK, _DECK),
    (N_("draw_cards(...) when Bob asks for slot 5: ValueError naming Bob and 5"), _bad_slot, ((5, 0),), OK, _SLOT),
    (N_("draw_cards(...) when Bob asks for slot -2: ValueError naming Bob and -2"), _bad_slot, ((-2, 0),), OK,
     _SLOT),
    (N_("draw_cards(...) when Bob asks for slot 0, then slot 7: ValueError naming Bob and 7"), _bad_slot, ((0, 7),),
     OK, _SLOT),
    *[((N_("draw_cards(..., random.Random({seed})) from a deck of {size}, slots {slots}: Bob's hand and the face-up "
           "cards"), {"seed": seed, "size": size, "slots": list(slots)}), _seeded_draw, (size, slots, seed), expected,
       N_("recreate the deck with the rng that draw_cards is given, not a random generator of your own: a seeded "
          "game replays."))
      for size, slots, seed, expected in SEEDED_DRAWS],
    _twice_row("draw_cards"),
]


def check_draw_cards(draw_cards: Callable[..., Any]) -> CheckResult:
    """Check ``draw_cards(players, player_names, state, rng)``."""
    return _check("tchu.draw_cards", "draw_cards()", _rows(DRAW_CARDS, draw_cards), rng=True)


# Exercise 5 ---------------------------------------------------------------------------

TUNNEL = "BAD_BAL_1"  # Baden - Bâle, a red tunnel of length 3
ROAD = "FRI_LAU_1"  # Fribourg - Lausanne, a red route above ground of length 3
#: Routes of 38 cars in all: their owner has 2 cars left.
THIRTY_EIGHT_CARS = ["BRI_LOC_1", "GEN_YVE_1", "BRU_COI_1", "COI_WAS_1", "AT1_STG_1", "BER_LUC_1", "INT_LUC_1",
                     "STG_ZUR_1"]


def _claim(claim_route: Callable[..., Any], route_id: str, claim: SortedBag[Card], hand: Sequence[Card],
           deck_top: Sequence[Card], additional: Sequence[int | SortedBag[Card] | None] = (),
           routes: dict[PlayerId, Sequence[str]] | None = None, current: PlayerId = P1,
           deck_size: int | None = None) -> tuple[GameState, GameState, list[Call]]:
    """``current`` claims ``route_id`` with ``claim``, holding ``hand``, the deck's top cards
    ``deck_top``, the players owning ``routes`` (by id): the state before and after, and the log."""
    route = ChMap.route(route_id)
    owned = {pid: [ChMap.route(r) for r in ids] for pid, ids in (routes or {}).items()}
    state = made_state(current=current, hands={current: list(hand)}, deck_top=list(deck_top), routes=owned or None,
                       deck_size=deck_size, seed=7)
    inner = {P1: ScriptedPlayer(), P2: ScriptedPlayer()}
    inner[current] = ScriptedPlayer(claims=[(route, claim)], additional=list(additional))
    players, log = _players(inner, start="turn", current=current, turn=TurnKind.CLAIM_ROUTE)
    new = claim_route(players, dict(NAMES), state, random.Random(7))
    return state, new, log


def _claimed(claim_route: Callable[..., Any], route_id: str, claim: SortedBag[Card], hand: tuple[Card, ...],
             current: PlayerId, left: tuple[Card, ...]) -> str:
    """A route above ground claimed at once: the message, the route, the cards ``left``, the
    cars, the claim cards in the discards, the deck untouched."""
    state, new, log = _claim(claim_route, route_id, claim, hand, [], current=current)
    route, name = ChMap.route(route_id), NAMES[current]
    _turn_order(log, current, TurnKind.CLAIM_ROUTE)
    _same_infos(log, [Info(name).claimed_route(route, claim)])
    _expect(new.player_state(current).routes == (route,), _("{player} should own the route.").format(player=name))
    _expect(new.player_state(current).cards == SortedBag(left),
            _("the {count} cards of the claim leave {player}'s hand, the others stay.").format(
                count=len(claim), player=name))
    _expect(new.player_state(current).car_count == 40 - route.length,
            _("a route of {length} leaves {player} {cars} cars, got {car_count}.").format(
                length=route.length, player=name, cars=40 - route.length,
                car_count=new.player_state(current).car_count))
    _expect(new.player_state(current.next()) == state.player_state(current.next()),
            _("{player} should not change.").format(player=NAMES[current.next()]))
    _expect(new.card_state.discards_size == state.card_state.discards_size + len(claim),
            _("the {count} cards go to the discards.").format(count=len(claim)))
    _expect(new.card_state.deck == state.card_state.deck,
            _("a route above ground does not touch the deck: no card is drawn."))
    _turn_kept(new, current)
    return _(OK)


def _tunnel(claim_route: Callable[..., Any], route_id: str, claim: SortedBag[Card], hand: tuple[Card, ...],
            drawn: tuple[Card, ...], cost: int, ask: bool, answer: int | None, paid: SortedBag[Card] | None) -> str:
    """Ada claims the tunnel ``route_id`` with ``claim``, the deck turning over ``drawn``: it
    costs ``cost`` more; she is asked to choose among her options if ``ask``, and answers
    ``answer`` (an option's position, None to give up); she gets the tunnel for ``paid`` (None:
    she does not)."""
    state, new, log = _claim(claim_route, route_id, claim, hand, drawn, additional=[answer])
    route = ChMap.route(route_id)
    _turn_order(log, P1, TurnKind.CLAIM_ROUTE)
    asked = _calls(log, P1, "choose_additional_cards")
    expected = state.player_state(P1).possible_additional_cards(cost, claim) if ask else []
    _expect(ask or not asked,
            _("Ada cannot pay the {cost} extra cards: she should not be asked to choose additional cards.").format(
                cost=cost))
    _expect(not ask or (len(asked) == 1 and list(asked[0].args[0]) == expected),
            _("Ada should be asked once to choose among {options} (possible_additional_cards({cost}, initial "
              "cards)).").format(options=expected, cost=cost))
    end = (Info("Ada").claimed_route(route, paid) if paid is not None else Info("Ada").did_not_claim_route(route))
    _same_infos(log, [Info("Ada").attempts_tunnel_claim(route, claim),
                      Info("Ada").drew_additional_cards(SortedBag(drawn), cost), end])
    if paid is None:
        _expect(new.player_state(P1) == state.player_state(P1),
                _("Ada does not get the tunnel: she keeps her cards and her cars."))
    else:
        _expect(new.player_state(P1).routes == (route,), _("Ada should own the tunnel."))
        _expect(new.player_state(P1).cards == SortedBag(hand).difference(paid),
                _("Ada paid with {used}, the option she chose and her initial cards: they leave her hand.").format(
                    used=list(paid)))
    _expect(new.card_state.deck_size == state.card_state.deck_size - len(drawn),
            _("3 cards are drawn from the deck for a tunnel."))
    _expect(new.card_state.discards_size == state.card_state.discards_size + len(paid or ()) + len(drawn),
            _("the claim cards and the 3 drawn cards all go to the discards."))
    _turn_kept(new, P1)
    return _(OK)


def _small_deck(claim_route: Callable[..., Any]) -> str:
    """A tunnel when the deck holds 1 card: the other 2 come from the recreated deck."""
    state, new, log = _claim(claim_route, TUNNEL, cards(3, Card.RED), [Card.RED] * 3, [Card.BLUE], deck_size=1)
    _expect(len(_infos(log)) >= 2 and _infos(log)[1] in additional_cards_messages("Ada"),
            _("everyone should hear the 3 drawn cards and their cost (drew_additional_cards), "
              "got {log!r}.").format(log=_infos(log)))
    _expect(new.card_state.deck_size == state.card_state.deck_size + state.card_state.discards_size - 3,
            _("the 3 tunnel cards are drawn one at a time, the deck recreated from the discards when it is empty: "
              "{discards_size} cards should be left in the deck, got {deck_size}.").format(
                discards_size=state.card_state.deck_size + state.card_state.discards_size - 3,
                deck_size=new.card_state.deck_size))
    _turn_kept(new, P1)
    return _(OK)


def _scarce_deck(claim_route: Callable[..., Any]) -> str:
    """A tunnel when the deck holds 1 card and the discards none: that card alone is drawn."""
    tunnel, three_red = ChMap.route(TUNNEL), cards(3, Card.RED)
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
    _turn_kept(new, P1)
    return _(OK)


def _exact_cars(claim_route: Callable[..., Any]) -> str:
    """Ada has 2 cars left and claims a route of 2: she may."""
    _state, new, _log = _claim(claim_route, "BER_NEU_1", cards(2, Card.RED), [Card.RED] * 3, [],
                               routes={P1: THIRTY_EIGHT_CARS})
    _expect(new.player_state(P1).routes[-1:] == (ChMap.route("BER_NEU_1"),),
            _("with 2 cars left Ada may claim a route of 2: she should own BER_NEU_1."))
    _turn_kept(new, P1)
    return _(OK)


def _claim_refused(claim_route: Callable[..., Any], route_id: str, claim: SortedBag[Card], hand: tuple[Card, ...],
                   routes: dict[PlayerId, Sequence[str]] | None = None, drawn: tuple[Card, ...] = (Card.BLUE,) * 3,
                   answer: SortedBag[Card] | None = None) -> str:
    """Ada's claim breaks the rules: a ValueError naming Ada (and the route, unless the fault
    is her ``answer`` for the additional cards)."""
    call = functools.partial(_claim, claim_route, route_id, claim, hand, drawn, [answer], routes)
    route = ChMap.route(route_id)
    return _refused(call, "Ada") if answer is not None else _refused(call, "Ada", (route_id, route.station1.name))


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


R3, B3 = cards(3, Card.RED), cards(3, Card.BLUE)
_TAKEN = N_("a route is free when neither it nor its twin (the other track of a double route) is taken: "
            "state.is_route_free(route).")
_CARDS = N_("the cards must be among state.current_player_state().possible_claim_cards(route): raise ValueError "
            "naming the player and the route.")
_CARS = N_("a player needs route.length cars at least: check the cars first, and raise ValueError naming the "
           "player and the route.")
#: the rows of check_claim_route: Ada claims (Bob once), the tunnel's drawn cards on top of the deck
CLAIM_ROUTE = [
    ((N_("claim_route(...) when Ada claims {road} with 3 red cards"), {"road": ROAD}), _claimed,
     (ROAD, R3, (R,) * 4, P1, (R,)), OK),
    (N_("claim_route(...) when Bob claims the neutral route BER_LUC_1 with 4 blue cards"), _claimed,
     ("BER_LUC_1", cards(4, Card.BLUE), (Card.BLUE,) * 4 + (R,), P2, (R,)), OK,
     N_("the player who claims is state.current_player_id; its cards leave its hand and the route costs route.length "
        "cars.")),
    ((N_("claim_route(...): tunnel {tunnel} with 3 red, drawn blue, blue, white (no extra cost)"), {"tunnel": TUNNEL}),
     _tunnel, (TUNNEL, R3, (R,) * 3, (Card.BLUE, Card.BLUE, W), 0, False, None, R3), OK),
    ((N_("claim_route(...): tunnel {tunnel} with 3 red, drawn red, locomotive, blue (2 more, Ada pays with the 1st "
         "option)"), {"tunnel": TUNNEL}),
     _tunnel, (TUNNEL, R3, (R,) * 5 + (L,) * 2, (R, L, Card.BLUE), 2, True, 0, cards(5, Card.RED)), OK),
    ((N_("claim_route(...): tunnel {tunnel} with 3 red, drawn red, locomotive, blue (2 more, Ada pays with the 2nd "
         "option)"), {"tunnel": TUNNEL}),
     _tunnel, (TUNNEL, R3, (R,) * 5 + (L,) * 2, (R, L, Card.BLUE), 2, True, 1, cards(4, Card.RED, 1, L)), OK,
     N_("pay with the option the player chose, choose_additional_cards(options), and name all the cards used.")),
    ((N_("claim_route(...): tunnel {tunnel} with 3 red, drawn red, blue, blue (1 more, refused)"), {"tunnel": TUNNEL}),
     _tunnel, (TUNNEL, R3, (R,) * 4, (R, Card.BLUE, Card.BLUE), 1, True, None, None), OK),
    ((N_("claim_route(...): tunnel {tunnel} with 3 red, drawn locomotive, blue, red (2 more, cannot pay)"),
      {"tunnel": TUNNEL}),
     _tunnel, (TUNNEL, R3, (R,) * 4 + (Card.BLUE,), (L, Card.BLUE, R), 2, False, None, None), OK),
    (N_("claim_route(...): tunnel AT1_STG_1 with 4 locomotives, drawn red, blue, locomotive (1 more, paid)"), _tunnel,
     ("AT1_STG_1", cards(4, L), (L,) * 6, (R, Card.BLUE, L), 1, True, 0, cards(5, L)), OK,
     N_("let route.additional_claim_cards_count(cards, drawn) count the extra cost: with locomotives only, only drawn "
        "locomotives cost more.")),
    ((N_("claim_route(...): tunnel {tunnel} when the deck holds 1 card (then recreated from the discards)"),
      {"tunnel": TUNNEL}), _small_deck, (), OK,
     N_("draw the 3 cards one at a time, with state.with_cards_deck_recreated_if_needed(rng) before each.")),
    ((N_("claim_route(...): tunnel {tunnel} when the deck holds 1 card and the discards none (draw the cards there "
         "are)"), {"tunnel": TUNNEL}), _scarce_deck, (), OK,
     N_("when the deck, even recreated, is empty, stop drawing: only the cards drawn count.")),
    ((N_("claim_route(...): tunnel {tunnel}, drawn red, locomotive, blue (2 more), Ada answers 1 red card, no option: "
         "ValueError naming Ada"), {"tunnel": TUNNEL}),
     _claim_refused, (TUNNEL, R3, (R,) * 6 + (L,) * 2 + (Card.BLUE,) * 2, None, (R, L, Card.BLUE), cards(1, R)), OK,
     N_("the additional cards must be one of the options, or an empty bag: raise ValueError naming the player "
        "otherwise.")),
    (N_("claim_route(...) when Ada has 2 cars left, as many as BER_NEU_1 needs"), _exact_cars, (), OK,
     N_("a player needs route.length cars at least: as many cars as the route is long will do.")),
    ((N_("claim_route(...) when Bob already owns the twin route FRI_LAU_2: ValueError naming Ada and {road}"),
      {"road": ROAD}), _claim_refused, (ROAD, R3, (R,) * 3, {P2: ["FRI_LAU_2"]}), OK, _TAKEN),
    ((N_("claim_route(...) when Bob already owns {tunnel}: ValueError naming Ada and {tunnel}"), {"tunnel": TUNNEL}),
     _claim_refused, (TUNNEL, R3, (R,) * 3, {P2: [TUNNEL]}), OK, _TAKEN),
    ((N_("claim_route(...) with 3 red cards when Ada holds only 2: ValueError naming Ada and {road}"), {"road": ROAD}),
     _claim_refused, (ROAD, R3, (R, R, L)), OK, _CARDS),
    ((N_("claim_route(...) with 3 blue cards on the red route {road}: ValueError naming Ada and {road}"),
      {"road": ROAD}), _claim_refused, (ROAD, B3, (Card.BLUE,) * 3), OK, _CARDS),
    ((N_("claim_route(...) when Ada has 2 cars left: ValueError naming Ada and {road}"), {"road": ROAD}),
     _claim_refused, (ROAD, R3, (R,) * 3, {P1: THIRTY_EIGHT_CARS}), OK, _CARS),
    *[((N_("claim_route(..., random.Random({seed})) of {route} from a deck of {size}: Ada's routes, the sizes of the "
           "deck and the discards, the deck's top cards"), {"seed": seed, "route": route_id, "size": size}),
       _seeded_claim, (route_id, hand, size, seed), expected,
       N_("recreate the deck with the rng that claim_route is given, only before a tunnel card is drawn."))
      for route_id, hand, size, seed, expected in SEEDED_CLAIMS],
    _twice_row("claim_route"),
]


def check_claim_route(claim_route: Callable[..., Any]) -> CheckResult:
    """Check ``claim_route(players, player_names, state, rng)``, tunnels included."""
    return _check("tchu.claim_route", "claim_route()", _rows(CLAIM_ROUTE, claim_route), rng=True)


# Exercise 6 ---------------------------------------------------------------------------

#: the rows of check_end_game: a description, Ada's and Bob's routes and tickets, and the totals,
#: the bonus, the winner and the order seen by _ending
END_GAME = [*[(description, _ending, (routes, tickets), expected) for description, routes, tickets, expected in ENDS],
            _twice_row("end_game")]


def check_end_game(end_game: Callable[..., Any]) -> CheckResult:
    """Check ``end_game(players, player_names, state)``: a table of ends of games."""
    return _check("tchu.end", "end_game()", _rows(END_GAME, end_game, hint=N_(
        "send the final state first; the bonus to the longest trails (both when as long), named by "
        "gets_longest_trail_bonus; the totals are final_points() plus the bonus; equal totals tie.")))


# Exercise 7 ---------------------------------------------------------------------------

#: the games of check_play, played once per run of the check: by play, players, seed and tickets
_GAMES: dict[tuple[Any, ...], tuple[list[Call], Any]] = {}


def _game(play: Callable[..., Any], kind1: type, kind2: type, seed: int,
          tickets: SortedBag[Ticket] | None = None) -> tuple[list[Call], Any]:
    """A whole game of ``play`` between a ``kind1(seed)`` and a ``kind2(seed + 1)``: its log and totals."""
    key = (id(play), kind1, kind2, seed, tickets is None)
    if key not in _GAMES:
        players, log = _players({P1: kind1(seed), P2: kind2(seed + 1)})
        totals = play(players, dict(NAMES), ChMap.all_tickets() if tickets is None else tickets, random.Random(seed))
        _GAMES[key] = (log, totals)
    return _GAMES[key]


def _counts(play: Callable[..., Any]) -> str:
    """Other than 2 players or 2 names: a ValueError at once, before the game begins."""
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
                    players=players, names=names, error_type=type(error).__name__, error=error)) from None
        raise OutOfOrder(_("play(...) with {players} player(s) and {names} name(s) should raise ValueError, but it "
                           "returned {got}.").format(players=players, names=names, got=short_repr(got)))
    return _(OK)


def _whole_game(play: Callable[..., Any], kind1: type, kind2: type, seed: int) -> str:
    """A whole game in the order of the rules, returning the totals of its final state."""
    log, totals = _game(play, kind1, kind2, seed)
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
                                  "bonus), got {totals!r}.").format(expected=expected, totals=totals))
    return _(OK)


def _initial_state(play: Callable[..., Any], seed: int) -> str:
    """A game with the single-trip tickets: its tickets and rng make the first state."""
    log, _totals = _game(play, GreedyPlayer, RandomPlayer, seed, SINGLE_TRIP_TICKETS)
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


def _last_turn_message(play: Callable[..., Any], seed: int) -> str:
    """The last-turn message names the player who just played and its cars left."""
    log, _totals = _game(play, RandomPlayer, GreedyPlayer, seed)
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


def _deck_recreated(play: Callable[..., Any]) -> str:
    """Long games (seeds 3 and 4): the states sent show the deck grow again."""
    for kinds in [(RandomPlayer, GreedyPlayer, 3), (GreedyPlayer, GreedyPlayer, 4)]:
        log, _totals = _game(play, *kinds)
        piles = [c.args[0].card_state for c in _calls(log, P1, "update_state")]
        if any(b.deck_size > a.deck_size for a, b in zip(piles, piles[1:])):
            return _(OK)
    raise OutOfOrder(_("in these long games the deck runs out, so it should be recreated from the discards: the "
                       "states sent never show a deck that grew."))


def _both_updated(play: Callable[..., Any], seed: int) -> str:
    """Both players get the same new state before every next_turn."""
    log, _totals = _game(play, GreedyPlayer, RandomPlayer, seed)
    last: dict[PlayerId, Any] = {}
    decided, turn = -1, 0
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


def _replayed(play: Callable[..., Any], seed: int) -> str:
    """The same seed played twice: the same game, call by call."""
    first, _totals = _game(play, GreedyPlayer, RandomPlayer, seed)
    players, again = _players({P1: GreedyPlayer(seed), P2: RandomPlayer(seed + 1)})
    play(players, dict(NAMES), ChMap.all_tickets(), random.Random(seed))
    differing = next(((index, one, two) for index, (one, two) in enumerate(zip(first, again))
                      if (one.player, one.method, one.args, one.result)
                      != (two.player, two.method, two.args, two.result)), None)
    if differing is not None:
        index, one, two = differing
        raise OutOfOrder(_("played twice with random.Random(6), the game differed at call {number}: {first} the first "
                           "time, {second} the second: use only the rng given to play, for every shuffle.").format(
            number=index + 1, first=f"{one} {short_repr(one.args)}", second=f"{two} {short_repr(two.args)}"))
    _expect(len(first) == len(again), _("played twice with random.Random(6), the two games had {first} and "
                                        "{second} calls.").format(first=len(first), second=len(again)))
    return _(OK)


def _totals_and_turns(play: Callable[..., Any], kind1: str, kind2: str, seed: int, single: bool) -> Any:
    """A seeded game between the package's players named ``kind1`` and ``kind2``: both totals
    and the number of turns."""
    kinds = {"GreedyPlayer": GreedyPlayer, "RandomPlayer": RandomPlayer}
    log, totals = _game(play, kinds[kind1], kinds[kind2], seed, SINGLE_TRIP_TICKETS if single else None)
    turns = sum(call.method == "next_turn" for call in log)
    return (totals[P1], totals[P2], turns) if isinstance(totals, dict) and set(totals) == set(PlayerId) else totals


#: the illegal moves of scripted players: the script, a word the ValueError names, the move in words
ILLEGAL_MOVES: list[tuple[dict[str, Any], str | None, str]] = [
    ({"turns": [TurnKind.DRAW_CARDS], "slots": [9]}, "9", N_("slot 9")),
    ({"turns": [TurnKind.DRAW_CARDS], "slots": [0, -3]}, "-3", N_("slot -3")),
    ({"turns": [TurnKind.DRAW_CARDS] * 2, "slots": [0, 1, 9]}, "9", N_("slot 9 in a second turn")),
    ({"initial_tickets": 1}, None, N_("1 initial ticket kept")),
    ({"turns": [TurnKind.DRAW_TICKETS], "tickets": [0]}, None, N_("no ticket kept")),
    ({"turns": ["FLY"]}, "FLY", N_("the turn 'FLY', which is no TurnKind")),
]


def _illegal(play: Callable[..., Any]) -> str:
    """Each illegal move stops the game with a ValueError naming the player (and the slot)."""
    for script, word, move in ILLEGAL_MOVES:
        players, _log = _players({P1: ScriptedPlayer(**copy.deepcopy(script)),
                                  P2: ScriptedPlayer(**copy.deepcopy(script))})
        words = [("Ada", "Bob")] + ([word] if word else [])
        try:
            _refused(functools.partial(play, players, dict(NAMES), ChMap.all_tickets(), random.Random(2)), *words)
        except ScriptExhausted as error:
            raise OutOfOrder(
                _("after an illegal move ({move}) the game went on, and {problem}; "
                  "an illegal move stops the game with a ValueError naming the player.").format(
                    move=_(move), problem=error.explain('play()'))) from None
    return _(OK)


#: the rows of check_play (the totals and turns of the GAMES were read from the reference)
PLAY = [
    (N_("play(...) with other than 2 players and 2 names: ValueError"), _counts, (), OK,
     N_("a game has exactly two players and two names: check both dicts.")),
    (N_("a whole game, RandomPlayer against GreedyPlayer (seed 3)"), _whole_game, (RandomPlayer, GreedyPlayer, 3), OK),
    (N_("a whole game, GreedyPlayer against GreedyPlayer (seed 4)"), _whole_game, (GreedyPlayer, GreedyPlayer, 4), OK),
    (N_("a whole game with the 34 single-trip tickets (seed 5): its tickets and rng make the first state"),
     _initial_state, (5,), OK,
     N_("make the initial state with GameState.initial(tickets, rng), the arguments of play.")),
    (N_("a whole game (seed 3): the last-turn message names the player who just played and its cars"),
     _last_turn_message, (3,), OK,
     N_("Info(name).last_turn_begins(cars) with the cars left to the player who just played.")),
    (N_("whole games (seeds 3 and 4): the deck runs out and is recreated from the discards"), _deck_recreated, (), OK,
     N_("pass the rng given to play to every turn function, which recreates the deck before each card.")),
    (N_("a whole game, GreedyPlayer against RandomPlayer (seed 6): both players get the state before every next_turn"),
     _both_updated, (6,), OK,
     N_("update_all(players, state) before every next_turn: both players, not only the one to play.")),
    (N_("the same seed played twice gives the same game (seed 6), call by call"), _replayed, (6,), OK,
     N_("every shuffle uses the rng given to play, passed on to the turn functions: never a random generator of your "
        "own.")),
    *[((N_("a whole game, {kind1} against {kind2} (seed {seed}{tickets}): the totals and the number of turns"),
        {"kind1": kind1, "kind2": kind2, "seed": seed, "tickets": N_(", single-trip tickets") if single else ""}),
       _totals_and_turns, (kind1, kind2, seed, single), expected,
       N_("the game the rules make: every call in its order, the state sent before every next_turn, the rng given for "
          "every shuffle."))
      for kind1, kind2, seed, single, expected in GAMES],
    (N_("play(...) when a player asks for slot 9, or slot -3, or slot 9 in its second turn, or the turn 'FLY', "
        "or keeps 1 initial ticket, or no ticket: ValueError naming it"), _illegal, (), OK,
     N_("an illegal move stops the game with a ValueError naming the player (and the slot, or the turn that is no "
        "TurnKind).")),
    _twice_row("play"),
]


def check_play(play: Callable[..., Any]) -> CheckResult:
    """Check ``play(players, player_names, tickets, rng)`` on whole games."""
    _GAMES.clear()
    return _check("tchu.play", "play()", _rows(PLAY, play), rng=True)
