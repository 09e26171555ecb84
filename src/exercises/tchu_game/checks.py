"""Public checks of the game-loop worksheet: one per exercise, with recording players.

Each check runs the student's function with players that write down every call
(:class:`~exercises.tchu_game.recording.RecordingPlayer`), then reads the calls with
:class:`~exercises.tchu_game.order.CallOrder`. When a call comes out of order, the
example fails with :class:`OutOfOrder`, whose message says which call it was and what
the rules expected, in plain words.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from exercises.checks import CheckResult, Example, check
from exercises.tchu import (
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
    Trail,
    TurnKind,
)

from .order import CallOrder, first_problem
from .recording import Call, RecordingPlayer, ScriptedPlayer
from .scenarios import NAMES, cards, made_state, started_state

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

OK = "as the rules say"
P1, P2 = PlayerId.PLAYER_1, PlayerId.PLAYER_2


class OutOfOrder(Exception):
    """A function called the players in a way the rules do not allow."""


def _players(inner: dict[PlayerId, Any]) -> tuple[dict[PlayerId, RecordingPlayer], list[Call]]:
    log: list[Call] = []
    return {pid: RecordingPlayer(pid, player, log) for pid, player in inner.items()}, log


def _expect(condition: bool, text: str) -> None:
    if not condition:
        raise OutOfOrder(text)


def _infos(log: list[Call], player: PlayerId = P1) -> list[str]:
    return [call.args[0] for call in log if call.player is player and call.method == "receive_info"]


def _same_infos(log: list[Call], expected: list[str]) -> None:
    for player in PlayerId:
        got = _infos(log, player)
        _expect(
            got == expected,
            f"{NAMES[player]} should have received the messages {expected!r}, in this order, "
            f"but received {got!r}.",
        )


def _turn_order(log: list[Call], current: PlayerId, turn: TurnKind) -> None:
    order = CallOrder(NAMES, start="turn", current=current, turn=turn)
    order.read(log)
    problem = order.finish(game_over=False)
    _expect(problem is None, str(problem))


# Exercise 1 ---------------------------------------------------------------------------


def check_helpers(tell_all: Callable, update_all: Callable) -> CheckResult:
    """Check ``tell_all(players, info)`` and ``update_all(players, state)``."""

    def telling() -> str:
        players, log = _players({P1: ScriptedPlayer(), P2: ScriptedPlayer()})
        tell_all(players, "Hello!\n")
        got = sorted((call.player.name, call.method, call.args) for call in log)
        _expect(
            got == [("PLAYER_1", "receive_info", ("Hello!\n",)), ("PLAYER_2", "receive_info", ("Hello!\n",))],
            f"each player should receive 'Hello!\\n' once with receive_info, and nothing else; the calls were {got}",
        )
        return OK

    def updating(current: PlayerId) -> Callable[[], str]:
        def run() -> str:
            state = made_state(current=current, hands={P1: [Card.RED] * 3, P2: [Card.BLUE]}, seed=3)
            players, log = _players({P1: ScriptedPlayer(), P2: ScriptedPlayer()})
            update_all(players, state)
            _expect(
                sorted(call.player.name for call in log) == ["PLAYER_1", "PLAYER_2"]
                and all(call.method == "update_state" for call in log),
                f"each player should receive exactly one update_state call; the calls were {[str(c) for c in log]}",
            )
            for call in log:
                public, own = call.args
                _expect(
                    type(public) is PublicGameState and public == state.public(),
                    f"update_state to {call.player.name}: the first argument should be the public "
                    "state of the game, state.public() (the whole state would show each player "
                    "the other's cards)",
                )
                _expect(
                    own == state.player_state(call.player),
                    f"update_state to {call.player.name}: the second argument should be its own "
                    f"state, state.player_state(PlayerId.{call.player.name}), got {own!r}",
                )
            return OK

        return run

    return check(
        "tchu.helpers",
        [
            Example("tell_all(players, 'Hello!\\n'): each player is told once", telling, OK),
            Example("update_all(players, state): each player gets the state and its own state", updating(P1), OK),
            Example("update_all(players, state) when PLAYER_2 is to play", updating(P2), OK),
        ],
    )


# Exercise 2 ---------------------------------------------------------------------------


def check_start_game(start_game: Callable) -> CheckResult:
    """Check ``start_game(players, player_names, tickets, rng)``."""

    def run(seed: int) -> tuple[GameState, list[Call]]:
        players, log = _players({P1: GreedyPlayer(1), P2: GreedyPlayer(2)})
        state = start_game(players, dict(NAMES), ChMap.all_tickets(), random.Random(seed))
        return state, log

    def in_order() -> str:
        _state, log = run(1)
        order = CallOrder()
        order.read(log)
        _expect(order.problem is None, str(order.problem))
        for pid in PlayerId:
            seat = order.seats[pid]
            _expect(seat.chose_initial, f"{NAMES[pid]} was never asked to choose its initial tickets.")
            _expect(seat.kept_messages == 2, f"{NAMES[pid]} should hear how many tickets each player kept (2 messages), got {seat.kept_messages}.")
        _expect(not any(call.method == "next_turn" for call in log), "start_game should stop before the first turn (no next_turn).")
        return OK

    def first_player(seed: int) -> Callable[[], str]:
        def run_first() -> str:
            _state, log = run(seed)
            first = GameState.initial(ChMap.all_tickets(), random.Random(seed)).current_player_id
            expected = Info(NAMES[first]).will_play_first()
            got = _infos(log)[:1]
            _expect(got == [expected], f"the first message should be {expected!r} (the first player of GameState.initial(tickets, rng)), got {got!r}.")
            return OK

        return run_first

    def kept() -> str:
        state, log = run(1)
        for pid in PlayerId:
            chosen = next(c.result for c in log if c.player is pid and c.method == "choose_initial_tickets")
            _expect(state.player_state(pid).tickets == chosen, f"in the state returned, {NAMES[pid]} should hold the tickets it chose, {list(chosen)}.")
        _expect(state.ticket_count == 36, f"10 tickets were dealt, so 36 should be left in the pile, got {state.ticket_count}.")
        first = GameState.initial(ChMap.all_tickets(), random.Random(1)).current_player_id
        _expect(state.current_player_id is first, "the state returned should have the first player to play.")
        return OK

    def too_few() -> Any:
        players, _log = _players({P1: ScriptedPlayer(initial_tickets=3), P2: ScriptedPlayer(initial_tickets=2)})
        return start_game(players, dict(NAMES), ChMap.all_tickets(), random.Random(1))

    return check(
        "tchu.start",
        [
            Example("the calls of start_game(players, names, ChMap.all_tickets(), random.Random(1))", in_order, OK),
            Example("the first message names the first player of GameState.initial (seed 1)", first_player(1), OK),
            Example("the first message names the first player of GameState.initial (seed 2)", first_player(2), OK),
            Example("the state returned: tickets kept, 36 left in the pile, first player to play", kept, OK),
            Example("start_game(...) when Bob keeps only 2 tickets", too_few, raises=ValueError,
                    hint="a player keeps at least 3 of its 5 tickets: raise ValueError naming the player."),
        ],
    )


# Exercise 3 ---------------------------------------------------------------------------


def check_draw_tickets(draw_tickets: Callable) -> CheckResult:
    """Check ``draw_tickets(players, player_names, state, rng)``."""

    def run(keep: int | None) -> tuple[GameState, GameState, list[Call]]:
        state = started_state(4)
        players, log = _players({P1: ScriptedPlayer(tickets=[keep]), P2: ScriptedPlayer(tickets=[keep])})
        new = draw_tickets(players, dict(NAMES), state, random.Random(0))
        return state, new, log

    def in_order() -> str:
        state, _new, log = run(2)
        _turn_order(log, state.current_player_id, TurnKind.DRAW_TICKETS)
        name = NAMES[state.current_player_id]
        _same_infos(log, [Info(name).drew_tickets(3), Info(name).kept_tickets(2)])
        offered = next(c.args[0] for c in log if c.method == "choose_tickets")
        _expect(offered == state.top_tickets(3), f"choose_tickets should offer the 3 top tickets of the pile, {list(state.top_tickets(3))}, got {list(offered)}.")
        return OK

    def new_state() -> str:
        state, new, _log = run(2)
        pid = state.current_player_id
        expected = state.player_state(pid).tickets.union(tuple(state.top_tickets(3))[:2])
        _expect(new.player_state(pid).tickets == expected, "the player should hold its tickets and the 2 it kept.")
        _expect(new.ticket_count == state.ticket_count - 3, f"the 3 drawn tickets leave the pile: {state.ticket_count - 3} tickets should be left, got {new.ticket_count}.")
        _expect(new.player_state(pid.next()) == state.player_state(pid.next()), "the other player should not change.")
        _expect(new.current_player_id is pid, "the turn is not over for the state: keep the same current player (play changes it).")
        return OK

    def none_kept() -> Any:
        _state, new, _log = run(0)
        return new

    return check(
        "tchu.draw_tickets",
        [
            Example("the calls and messages of draw_tickets(...) when the player keeps 2 tickets", in_order, OK),
            Example("the state returned by draw_tickets(...)", new_state, OK),
            Example("draw_tickets(...) when the player keeps no ticket", none_kept, raises=ValueError,
                    hint="a player keeps at least 1 of the 3 tickets: raise ValueError naming the player."),
        ],
    )


# Exercise 4 ---------------------------------------------------------------------------


def check_draw_cards(draw_cards: Callable) -> CheckResult:
    """Check ``draw_cards(players, player_names, state, rng)``."""
    face_up = [Card.RED, Card.BLUE, Card.GREEN, Card.WHITE, Card.LOCOMOTIVE]

    def run(slots: list[int], deck_size: int | None = None, seed: int = 5) -> tuple[GameState, GameState, list[Call]]:
        state = made_state(
            current=P2, hands={P2: [Card.BLACK]}, face_up=face_up,
            deck_top=[Card.YELLOW, Card.ORANGE, Card.VIOLET][: 3 if deck_size is None else deck_size],
            deck_size=deck_size, seed=seed,
        )
        players, log = _players({P1: ScriptedPlayer(), P2: ScriptedPlayer(slots=list(slots))})
        new = draw_cards(players, dict(NAMES), state, random.Random(seed))
        return state, new, log

    def face_up_then_deck() -> str:
        _state, new, log = run([2, Constants.DECK_SLOT])
        _turn_order(log, P2, TurnKind.DRAW_CARDS)
        _same_infos(log, [Info("Bob").drew_visible_card(Card.GREEN), Info("Bob").drew_blind_card()])
        _expect(new.player_state(P2).cards == cards(1, Card.BLACK, 1, Card.GREEN, 1, Card.ORANGE),
                "Bob took the green face-up card (replaced by the yellow top card of the deck), then the "
                f"orange card now on top of the deck; his hand should be black, green, orange, got {list(new.player_state(P2).cards)}.")
        second = [c for c in log if c.player is P2 and c.method == "update_state"]
        _expect(bool(second) and second[-1].args[0].card_state.face_up_cards[2] is Card.YELLOW,
                "before the second draw_slot, Bob should see the yellow card that replaced the green one.")
        return OK

    def twice_face_up() -> str:
        _state, new, log = run([4, 4])
        _same_infos(log, [Info("Bob").drew_visible_card(Card.LOCOMOTIVE), Info("Bob").drew_visible_card(Card.YELLOW)])
        _expect(new.player_state(P2).cards == cards(1, Card.BLACK, 1, Card.YELLOW, 1, Card.LOCOMOTIVE),
                "Bob took the face-up locomotive, then the yellow card that replaced it.")
        return OK

    def empty_deck() -> str:
        state, new, log = run([Constants.DECK_SLOT, Constants.DECK_SLOT], deck_size=1)
        _expect(new.player_state(P2).card_count == 3, "Bob should hold 3 cards after drawing 2.")
        _expect(new.card_state.deck_size + new.card_state.discards_size == state.card_state.deck_size + state.card_state.discards_size - 2,
                "the deck had 1 card: the second card comes from the discards, shuffled into a new deck.")
        return OK

    def bad_slot() -> Any:
        return run([5, 0])[1]

    return check(
        "tchu.draw_cards",
        [
            Example("draw_cards(...) when Bob draws face-up slot 2, then the deck", face_up_then_deck, OK),
            Example("draw_cards(...) when Bob draws face-up slot 4 twice", twice_face_up, OK),
            Example("draw_cards(...) from a deck of 1 card (then recreated from the discards)", empty_deck, OK,
                    hint="call state.with_cards_deck_recreated_if_needed(rng) before each card."),
            Example("draw_cards(...) when Bob asks for slot 5", bad_slot, raises=ValueError,
                    hint="a slot is -1 (the deck) or 0 to 4: raise ValueError naming the player and the slot."),
        ],
    )


# Exercise 5 ---------------------------------------------------------------------------

TUNNEL = "BAD_BAL_1"  # Baden - Bâle, a red tunnel of length 3
ROAD = "FRI_LAU_1"  # Fribourg - Lausanne, a red route above ground of length 3


def _claim(claim_route: Callable, route_id: str, claim: SortedBag, hand: list[Card], deck_top: list[Card],
           additional: list[int | None] = (), routes: dict | None = None) -> tuple[GameState, GameState, list[Call]]:
    route = ChMap.route(route_id)
    state = made_state(current=P1, hands={P1: hand}, deck_top=deck_top, routes=routes, seed=7)
    players, log = _players({P1: ScriptedPlayer(claims=[(route, claim)], additional=list(additional)), P2: ScriptedPlayer()})
    new = claim_route(players, dict(NAMES), state, random.Random(7))
    return state, new, log


def check_claim_route(claim_route: Callable) -> CheckResult:
    """Check ``claim_route(players, player_names, state, rng)``, tunnels included."""
    three_red = cards(3, Card.RED)
    tunnel = ChMap.route(TUNNEL)

    def road() -> str:
        state, new, log = _claim(claim_route, ROAD, three_red, [Card.RED] * 4, [])
        _turn_order(log, P1, TurnKind.CLAIM_ROUTE)
        _same_infos(log, [Info("Ada").claimed_route(ChMap.route(ROAD), three_red)])
        _expect(new.player_state(P1).routes == (ChMap.route(ROAD),), "Ada should own the route.")
        _expect(new.player_state(P1).cards == cards(1, Card.RED), "the 3 red cards leave Ada's hand.")
        _expect(new.card_state.discards_size == state.card_state.discards_size + 3, "the 3 cards go to the discards.")
        return OK

    def no_cost() -> str:
        drawn = [Card.BLUE, Card.BLUE, Card.WHITE]
        state, new, log = _claim(claim_route, TUNNEL, three_red, [Card.RED] * 3, drawn)
        _turn_order(log, P1, TurnKind.CLAIM_ROUTE)
        _same_infos(log, [
            Info("Ada").attempts_tunnel_claim(tunnel, three_red),
            Info("Ada").drew_additional_cards(SortedBag(tuple(drawn)), 0),
            Info("Ada").claimed_route(tunnel, three_red),
        ])
        _expect(new.player_state(P1).routes == (tunnel,), "Ada should own the tunnel.")
        _expect(new.card_state.discards_size == state.card_state.discards_size + 6,
                "the 3 claim cards and the 3 drawn cards all go to the discards.")
        return OK

    def paid() -> str:
        drawn = [Card.RED, Card.LOCOMOTIVE, Card.BLUE]
        state, new, log = _claim(claim_route, TUNNEL, three_red, [Card.RED] * 5 + [Card.LOCOMOTIVE], drawn, additional=[0])
        _turn_order(log, P1, TurnKind.CLAIM_ROUTE)
        asked = [c for c in log if c.method == "choose_additional_cards"]
        expected = state.player_state(P1).possible_additional_cards(2, three_red)
        _expect(len(asked) == 1 and list(asked[0].args[0]) == expected,
                f"Ada should be asked once to choose among {expected}.")
        _same_infos(log, [
            Info("Ada").attempts_tunnel_claim(tunnel, three_red),
            Info("Ada").drew_additional_cards(SortedBag(tuple(drawn)), 2),
            Info("Ada").claimed_route(tunnel, cards(5, Card.RED)),
        ])
        _expect(new.player_state(P1).cards == cards(1, Card.LOCOMOTIVE), "Ada paid with 5 red cards: the locomotive is left.")
        return OK

    def refused() -> str:
        drawn = [Card.RED, Card.BLUE, Card.BLUE]
        state, new, log = _claim(claim_route, TUNNEL, three_red, [Card.RED] * 4, drawn, additional=[None])
        _same_infos(log, [
            Info("Ada").attempts_tunnel_claim(tunnel, three_red),
            Info("Ada").drew_additional_cards(SortedBag(tuple(drawn)), 1),
            Info("Ada").did_not_claim_route(tunnel),
        ])
        _expect(new.player_state(P1).routes == () and new.player_state(P1).cards == state.player_state(P1).cards,
                "Ada gave up: she keeps her cards and does not get the tunnel.")
        _expect(new.card_state.discards_size == state.card_state.discards_size + 3, "the 3 drawn cards go to the discards.")
        return OK

    def cannot_pay() -> str:
        drawn = [Card.LOCOMOTIVE, Card.BLUE, Card.BLUE]
        state, new, log = _claim(claim_route, TUNNEL, three_red, [Card.RED] * 3, drawn)
        _expect(not any(c.method == "choose_additional_cards" for c in log),
                "Ada cannot pay the extra card: she should not be asked to choose additional cards.")
        _same_infos(log, [
            Info("Ada").attempts_tunnel_claim(tunnel, three_red),
            Info("Ada").drew_additional_cards(SortedBag(tuple(drawn)), 1),
            Info("Ada").did_not_claim_route(tunnel),
        ])
        return OK

    def taken() -> Any:
        return _claim(claim_route, ROAD, three_red, [Card.RED] * 3, [], routes={P2: [ChMap.route("FRI_LAU_2")]})[1]

    def not_held() -> Any:
        return _claim(claim_route, ROAD, three_red, [Card.RED] * 2 + [Card.BLUE], [])[1]

    return check(
        "tchu.claim_route",
        [
            Example(f"claim_route(...) when Ada claims {ROAD} with 3 red cards", road, OK),
            Example(f"claim_route(...): tunnel {TUNNEL} with 3 red, drawn blue, blue, white (no extra cost)", no_cost, OK),
            Example(f"claim_route(...): tunnel {TUNNEL} with 3 red, drawn red, locomotive, blue (2 more, paid)", paid, OK),
            Example(f"claim_route(...): tunnel {TUNNEL} with 3 red, drawn red, blue, blue (1 more, refused)", refused, OK),
            Example(f"claim_route(...): tunnel {TUNNEL} with 3 red, drawn locomotive, blue, blue (1 more, cannot pay)", cannot_pay, OK),
            Example(f"claim_route(...) when Bob already owns the twin route FRI_LAU_2", taken, raises=ValueError,
                    hint="once either track of a double route is taken, the other is blocked: state.is_route_free(route)."),
            Example("claim_route(...) with 3 red cards when Ada holds only 2", not_held, raises=ValueError,
                    hint="the cards must be among state.current_player_state().possible_claim_cards(route)."),
        ],
    )


# Exercise 6 ---------------------------------------------------------------------------


def check_end_game(end_game: Callable) -> CheckResult:
    """Check ``end_game(players, player_names, state)``."""
    r = ChMap.route

    def run(routes: dict) -> tuple[GameState, Any, list[Call]]:
        state = made_state(routes=routes, seed=9)
        players, log = _players({P1: ScriptedPlayer(), P2: ScriptedPlayer()})
        return state, end_game(players, dict(NAMES), state), log

    def expected_totals(state: GameState) -> dict[PlayerId, int]:
        trails = {pid: Trail.longest(state.player_state(pid).routes).length for pid in PlayerId}
        return {
            pid: state.player_state(pid).final_points() + (10 if trails[pid] == max(trails.values()) else 0)
            for pid in PlayerId
        }

    def winner() -> str:
        routes = {P1: [r("BER_FRI_1"), r("FRI_LAU_1"), r("GEN_LAU_1")], P2: [r("ZOU_ZUR_1"), r("BAD_ZUR_1")]}
        state, totals, log = run(routes)
        expected = expected_totals(state)
        trail = Trail.longest(state.player_state(P1).routes)
        _same_infos(log, [Info("Ada").gets_longest_trail_bonus(trail), Info("Ada").won(expected[P1], expected[P2])])
        updates = [c for c in log if c.method == "update_state"]
        _expect(len(updates) == 2 and log.index(updates[-1]) < next(i for i, c in enumerate(log) if c.method == "receive_info"),
                "every player should receive the final state (update_state) before the messages.")
        _expect(totals == expected, f"end_game should return the totals {expected}, got {totals!r}.")
        return OK

    def tie() -> str:
        routes = {P1: [r("LUC_ZOU_1"), r("LUC_SCZ_1")], P2: [r("ZOU_ZUR_1"), r("WIN_ZUR_1")]}
        state, totals, log = run(routes)
        expected = expected_totals(state)
        infos = _infos(log)
        bonus = [Info(NAMES[pid]).gets_longest_trail_bonus(Trail.longest(state.player_state(pid).routes)) for pid in PlayerId]
        _expect(infos[:2] == bonus, f"both trails are 2 cars long: both players get the bonus, {bonus!r}; got {infos[:2]!r}.")
        if expected[P1] == expected[P2]:
            result = [Info.draw(["Ada", "Bob"], expected[P1]), Info.draw(["Bob", "Ada"], expected[P1])]
        else:
            best = max(PlayerId, key=expected.get)
            result = [Info(NAMES[best]).won(expected[best], expected[best.next()])]
        _expect(len(infos) == 3 and infos[2] in result, f"the last message should be {result[0]!r}, got {infos[2:]!r}.")
        _expect(totals == expected, f"end_game should return the totals {expected}, got {totals!r}.")
        return OK

    return check(
        "tchu.end",
        [
            Example("end_game(...) when Ada has the longest trail and wins", winner, OK),
            Example("end_game(...) when both trails are as long", tie, OK),
        ],
    )


# Exercise 7 ---------------------------------------------------------------------------


def check_play(play: Callable) -> CheckResult:
    """Check ``play(players, player_names, tickets, rng)`` on whole games."""

    def one_player() -> Any:
        return play({P1: RandomPlayer(1)}, {P1: "Ada"}, ChMap.all_tickets(), random.Random(1))

    def whole_game(kind1: type, kind2: type, seed: int) -> Callable[[], str]:
        def run() -> str:
            players, log = _players({P1: kind1(seed), P2: kind2(seed + 1)})
            totals = play(players, dict(NAMES), ChMap.all_tickets(), random.Random(seed))
            problem = first_problem(log, dict(NAMES))
            _expect(problem is None, str(problem))
            expected = {}
            finals = {}
            for pid in PlayerId:
                finals[pid] = [c for c in log if c.player is pid and c.method == "update_state"][-1].args
            trails = {pid: Trail.longest(finals[pid][1].routes).length for pid in PlayerId}
            for pid in PlayerId:
                bonus = Constants.LONGEST_TRAIL_BONUS_POINTS if trails[pid] == max(trails.values()) else 0
                expected[pid] = finals[pid][1].final_points() + bonus
            _expect(totals == expected, f"play should return the totals {expected} (points of the final state and the bonus), got {totals!r}.")
            return OK

        return run

    return check(
        "tchu.play",
        [
            Example("play(...) with one player", one_player, raises=ValueError,
                    hint="a game has exactly two players and two names."),
            Example("a whole game, RandomPlayer against GreedyPlayer (seed 3)", whole_game(RandomPlayer, GreedyPlayer, 3), OK),
            Example("a whole game, GreedyPlayer against GreedyPlayer (seed 4)", whole_game(GreedyPlayer, GreedyPlayer, 4), OK),
        ],
    )
