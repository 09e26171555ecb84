"""Unit tests of exercises.tchu (the game loop tools): recording players, the call-order rules, the
public checks and the game widget, with the solution's functions (read from the
solution notebook) and with wrong versions of them."""

from __future__ import annotations

import ast
import functools
import html
import inspect
import json
import random
import threading

import pytest

from conftest import ROOT
from course.notebook import cell_source, course_meta, solution_namespace
from exercises.checks import CheckResult, Status
from exercises.tchu import (
    CallOrder,
    Card,
    ChMap,
    GameAbandoned,
    GreedyPlayer,
    Info,
    PlayerId,
    RandomPlayer,
    RecordingPlayer,
    RemotePlayer,
    ScriptedPlayer,
    ScriptExhausted,
    SortedBag,
    TchuGame,
    TurnKind,
    check_claim_route,
    check_draw_cards,
    check_draw_tickets,
    check_end_game,
    check_helpers,
    check_play,
    check_start_game,
    first_problem,
    format_call,
)
from exercises.tchu.checks.messages import MessageKind, MessageReader
from exercises.tchu.checks.recording import Call
from exercises.tchu.checks.scenarios import NAMES, made_state

P1, P2 = PlayerId.PLAYER_1, PlayerId.PLAYER_2


@pytest.fixture(scope="module")
def sol() -> dict:
    """The solution notebook's namespace: its code cells, demos and checks left out."""
    return solution_namespace(ROOT / "solutions" / "04_tchu_game.ipynb")


def game_log(sol: dict, seed: int = 3, kinds=(RandomPlayer, GreedyPlayer)) -> list[Call]:
    log: list[Call] = []
    players = {P1: RecordingPlayer(P1, kinds[0](seed), log), P2: RecordingPlayer(P2, kinds[1](seed + 1), log)}
    sol["play"](players, dict(NAMES), ChMap.all_tickets(), random.Random(seed))
    return log


@pytest.fixture(scope="module")
def full_log(sol: dict) -> list[Call]:
    return game_log(sol)


# Recording and scripted players ------------------------------------------------------------


def test_recording_player_logs_calls_and_answers():
    log: list[Call] = []
    player = RecordingPlayer(P2, ScriptedPlayer(turns=[TurnKind.DRAW_CARDS], slots=[3]), log)
    player.receive_info("hello\n")
    assert player.next_turn() is TurnKind.DRAW_CARDS
    assert player.draw_slot() == 3
    assert [(c.player, c.method, c.args, c.result) for c in log] == [
        (P2, "receive_info", ("hello\n",), None),
        (P2, "next_turn", (), TurnKind.DRAW_CARDS),
        (P2, "draw_slot", (), 3),
    ]
    assert player.infos() == ["hello\n"]
    assert "draw_slot() = 3" in format_call(log[2])


def test_calls_compare_by_identity():
    first, second = Call(P1, "draw_slot", (), 2), Call(P1, "draw_slot", (), 2)
    assert first != second and [first, second].index(second) == 1


def test_scripted_player_runs_out_of_answers():
    player = ScriptedPlayer(turns=[TurnKind.DRAW_TICKETS])
    assert player.next_turn() is TurnKind.DRAW_TICKETS
    with pytest.raises(ScriptExhausted):
        player.next_turn()


def test_scripted_player_says_in_one_sentence_what_it_was_asked_once_too_often():
    player = ScriptedPlayer(slots=[2, -1])
    player.draw_slot(), player.draw_slot()
    with pytest.raises(ScriptExhausted) as error:
        player.draw_slot()
    assert str(error.value) == (
        "the scripted player was asked for a 3rd slot (draw_slot()) but the scenario has only 2: "
        "your code asks too often"
    )
    assert error.value.explain("draw_cards()").endswith("your draw_cards() asks too often")


def test_scripted_player_keeps_the_first_tickets_and_gives_up_a_tunnel():
    offer = SortedBag(ChMap.tickets()[:5])
    player = ScriptedPlayer(initial_tickets=3, additional=[None, 1])
    player.set_initial_ticket_choice(offer)
    assert player.choose_initial_tickets() == SortedBag(tuple(offer)[:3])
    options = [SortedBag.of(1, Card.RED), SortedBag.of(1, Card.LOCOMOTIVE)]
    assert player.choose_additional_cards(options) == SortedBag()
    assert player.choose_additional_cards(options) == options[1]


def test_made_state_holds_all_110_cards():
    state = made_state(hands={P1: [Card.RED] * 5}, deck_top=[Card.BLUE], deck_size=3, seed=1)
    cards = state.card_state
    assert 5 + cards.deck_size + cards.discards_size + 5 == 110
    assert cards.deck.cards[0] is Card.BLUE and cards.deck_size == 3


# Messages and the order of calls -------------------------------------------------------------


def test_message_reader_recognises_each_counted_kind():
    reader = MessageReader(NAMES)
    from exercises.tchu import Trail

    trail = Trail.longest([ChMap.route("BER_FRI_1"), ChMap.route("FRI_LAU_1")])
    assert reader.read(Info("Bob").will_play_first()).player is P2
    assert reader.read(Info("Ada").can_play()).kind is MessageKind.CAN_PLAY
    assert reader.read(Info("Ada").kept_tickets(4)).count == 4
    assert reader.read(Info("Bob").last_turn_begins(1)).kind is MessageKind.LAST_TURN
    assert reader.read(Info("Bob").gets_longest_trail_bonus(trail)).player is P2
    assert reader.read(Info("Ada").won(1, -3)).kind is MessageKind.RESULT
    assert reader.read(Info.draw(["Ada", "Bob"], 12)).kind is MessageKind.RESULT
    assert reader.read(Info("Ada").drew_blind_card()).kind is MessageKind.OTHER


def test_a_whole_game_of_the_solution_is_in_order(full_log):
    assert first_problem(full_log, dict(NAMES)) is None


def without(log, predicate, count=1):
    """The log without the first ``count`` calls for which ``predicate`` holds."""
    out, removed = [], 0
    for call in log:
        if removed < count and predicate(call):
            removed += 1
            continue
        out.append(call)
    return out


def nth(log, method, n, player=None):
    found = [c for c in log if c.method == method and (player is None or c.player is player)]
    return found[n]


def test_missing_update_before_next_turn_is_explained(full_log):
    turn = nth(full_log, "next_turn", 5)
    index = full_log.index(turn)
    update = max(i for i, c in enumerate(full_log[:index]) if c.method == "update_state" and c.player is turn.player)
    log = full_log[:update] + full_log[update + 1:]
    problem = first_problem(log, dict(NAMES))
    assert problem and "next_turn() to" in problem and "update_state" in problem


def test_second_draw_slot_without_update_is_explained(full_log):
    second = None
    for i, call in enumerate(full_log):
        if call.method == "draw_slot" and any(c.method == "draw_slot" for c in full_log[i - 6:i]):
            second = i
            break
    update = max(i for i, c in enumerate(full_log[:second]) if c.method ==
        "update_state" and c.player is full_log[second].player)
    log = full_log[:update] + full_log[update + 1:]
    problem = first_problem(log, dict(NAMES))
    assert "second draw_slot()" in problem


def test_init_players_twice_is_explained(full_log):
    log = [full_log[0]] + full_log
    assert "init_players was already called" in first_problem(log, dict(NAMES))


def test_kept_tickets_before_both_choices_is_explained(full_log):
    kept = next(c for c in full_log if c.method == "receive_info" and "kept" in c.args[0])
    choice = nth(full_log, "choose_initial_tickets", 1)
    log = [c for c in full_log if c is not kept]
    log.insert(log.index(choice), kept)
    assert "before both players had chosen" in first_problem(log, dict(NAMES))


def test_a_turn_of_the_wrong_player_is_explained(full_log):
    turns = [c for c in full_log if c.method == "next_turn"]
    log = [c for c in full_log if c is not turns[3]]
    problem = first_problem(log, dict(NAMES))
    assert problem is not None


def test_missing_last_turn_message_is_explained(full_log):
    log = without(full_log, lambda c: c.method == "receive_info" and "last turn begins" in c.args[0], 2)
    assert "last-turn message" in first_problem(log, dict(NAMES))


def test_result_not_last_is_explained(full_log):
    log = full_log + [Call(P1, "receive_info", ("late\n",)), Call(P2, "receive_info", ("late\n",))]
    assert "last message must be the result" in first_problem(log, dict(NAMES))


def test_different_messages_to_the_players_are_explained(full_log):
    log = without(full_log, lambda c: c.player is P2 and c.method == "receive_info" and "drew" in c.args[0])
    assert "did not receive the same messages" in first_problem(log, dict(NAMES))


def test_lost_cards_in_a_state_are_explained(full_log):
    update = nth(full_log, "update_state", 10)
    public, own = update.args
    fewer = own.__class__(own.tickets, SortedBag(tuple(own.cards)[1:]), own.routes)
    broken = Call(update.player, "update_state", (public, fewer))
    log = [broken if c is update else c for c in full_log]
    problem = first_problem(log, dict(NAMES))
    assert problem is not None


def test_choose_additional_cards_out_of_place_is_explained():
    order = CallOrder(dict(NAMES), start="turn", current=P1, turn=TurnKind.DRAW_CARDS)
    order.read([Call(P1, "choose_additional_cards", ([SortedBag.of(1, Card.RED)],), SortedBag())])
    assert "only called right after" in order.problem


# Public checks ---------------------------------------------------------------------------------


CHECKS = [
    (check_helpers, ("tell_all", "update_all")),
    (check_start_game, ("start_game",)),
    (check_draw_tickets, ("draw_tickets",)),
    (check_draw_cards, ("draw_cards",)),
    (check_claim_route, ("claim_route",)),
    (check_end_game, ("end_game",)),
    (check_play, ("play",)),
]


@pytest.mark.parametrize("check, names", CHECKS, ids=[c.__name__ for c, _ in CHECKS])
def test_checks_pass_on_the_solution(sol, check, names):
    result = check(*(sol[name] for name in names))
    assert result.ok, str(result)


@pytest.mark.parametrize("check, names", CHECKS, ids=[c.__name__ for c, _ in CHECKS])
def test_checks_say_not_implemented_on_stubs(check, names):
    def stub(*args, **kwargs):
        raise NotImplementedError("Exercise tchu.x: write your code here.")

    result = check(*(stub for _ in names))
    assert result.status is Status.NOT_IMPLEMENTED


def _examples_of(check, names, monkeypatch):
    """The examples ``check`` hands to the shared ``check`` (not run)."""
    import exercises.tchu.checks as checks

    seen = []
    monkeypatch.setattr(checks, "check", lambda exercise, examples, **options: seen.extend(examples) or
                        CheckResult(exercise, Status.PASSED))
    check(*(f"the student's {name}" for name in names))
    return seen


def _module_function(value):
    """True if ``value`` is a function defined at the top of the tCHu checks' modules."""
    return (inspect.isfunction(value) and value.__module__.startswith("exercises.tchu.checks")
            and "<" not in value.__qualname__)


def _plain_data(value):
    """True if ``value`` holds no closure: data, classes, or functions of the checks' modules."""
    if isinstance(value, (tuple, list, set, frozenset)):
        return all(_plain_data(item) for item in value)
    if isinstance(value, dict):
        return all(_plain_data(key) and _plain_data(item) for key, item in value.items())
    if isinstance(value, functools.partial):
        return _module_function(value.func) and _plain_data(value.args) and _plain_data(value.keywords)
    return not callable(value) or inspect.isclass(value) or _module_function(value)


@pytest.mark.parametrize("check, names", CHECKS, ids=[c.__name__ for c, _ in CHECKS])
def test_every_example_of_a_check_is_a_row_of_data(check, names, monkeypatch):
    examples = _examples_of(check, names, monkeypatch)
    assert examples
    for example in examples:
        guard = example.call
        assert isinstance(guard, functools.partial) and _module_function(guard.func)
        observe = guard.args[0]  # the row: an observer of the module and its arguments
        assert isinstance(observe, functools.partial) and _module_function(observe.func), example.description
        subject, *arguments = observe.args
        assert isinstance(subject, (str, tuple)), example.description
        assert _plain_data(arguments) and _plain_data(example.expected), example.description


def test_no_function_of_the_tchu_checks_is_longer_than_60_lines():
    folder = ROOT / "src" / "exercises" / "tchu" / "checks"
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                length = node.end_lineno - node.lineno + 1
                assert length <= 60, f"{path.name}: {node.name} has {length} lines"


def test_check_draw_cards_explains_a_missing_update(sol):
    namespace = dict(sol)
    source = _exercise_source("tchu.draw_cards").replace("update_all(players, state)", "pass")
    exec(source, namespace)  # noqa: S102
    result = check_draw_cards(namespace["draw_cards"])
    assert not result.ok
    assert "second draw_slot() came without an update_state" in str(result)


def test_check_claim_route_explains_asking_a_player_who_cannot_pay(sol):
    namespace = dict(sol)
    source = _exercise_source("tchu.claim_route").replace(
        "if options else SortedBag()", ""
    )
    exec(source, namespace)  # noqa: S102
    result = check_claim_route(namespace["claim_route"])
    assert not result.ok and "cannot pay" in str(result)


def test_check_play_names_the_missing_update_not_the_error_it_caused(sol):
    namespace = dict(sol)
    exec(_exercise_source("tchu.play").replace("        update_all(players, state)\n", ""), namespace)  # noqa: S102
    result = check_play(namespace["play"])
    assert result.status is Status.FAILED
    assert "no update_state came since the previous turn" in str(result)
    assert "raised" not in str(result)


def test_check_play_says_when_the_scripted_player_runs_out(sol):
    namespace = dict(sol)
    source = _exercise_source("tchu.play").replace(
        "        state = TURNS[kind](players, player_names, state, rng)\n",
        "        try:\n            state = TURNS[kind](players, player_names, state, rng)\n"
        "        except ValueError:\n            pass\n",
    )
    exec(source, namespace)  # noqa: S102
    result = check_play(namespace["play"])
    assert result.status is Status.FAILED
    assert (
        "the scripted player was asked for a 2nd turn (next_turn()) but the scenario has only 1: your play() asks too "
        "often"
    ) in str(result)


def test_check_refusals_say_the_move_was_accepted(sol):
    namespace = dict(sol)
    exec(_exercise_source("tchu.draw_tickets").replace("if len(chosen) < 1 or", "if"), namespace)  # noqa: S102
    result = check_draw_tickets(namespace["draw_tickets"])
    assert result.status is Status.FAILED
    assert "a ValueError should come, but none came: the move was accepted" in str(result)
    assert "raised" not in str(result)


def _exercise_source(exercise: str) -> str:
    notebook = json.loads((ROOT / "solutions" / "04_tchu_game.ipynb").read_text(encoding="utf-8"))
    return next(cell_source(c) for c in notebook["cells"] if course_meta(c).get("exercise") == exercise)


# The remote player and the widget ----------------------------------------------------------------


def test_remote_player_waits_for_an_answer_and_follows_a_plan():
    asked = []
    player = RemotePlayer(on_question=asked.append)
    answers = []
    thread = threading.Thread(
        target=lambda: answers.extend([player.next_turn(), player.draw_slot(), player.draw_slot()]))
    thread.start()
    assert player.wait_for_question(5).method == "next_turn"
    player.answer(TurnKind.DRAW_CARDS, draw_slot=2)
    assert player.wait_for_question(5).method == "draw_slot"
    player.answer(-1)
    thread.join(5)
    assert answers == [TurnKind.DRAW_CARDS, 2, -1]
    assert [q.method for q in asked] == ["next_turn", "draw_slot"]


def test_remote_player_abandon_ends_the_waiting_game():
    player = RemotePlayer()
    ended = []

    def run():
        try:
            player.next_turn()
        except BaseException as error:  # GameAbandoned is a BaseException
            ended.append(type(error).__name__)

    thread = threading.Thread(target=run)
    thread.start()
    player.wait_for_question(5)
    player.abandon()
    thread.join(5)
    assert ended == ["GameAbandoned"]


def play_some_turns(game: TchuGame, turns: int) -> list[str]:
    """Answer the game's questions like a simple player; the questions asked, in order."""
    asked = []
    for _ in range(2000):
        question = game.wait(20)
        if question is None:
            break
        asked.append(question.method)
        if question.method in ("choose_initial_tickets", "choose_tickets"):
            assert game.keep_tickets(tuple(range(len(question.options))))
        elif question.method == "next_turn":
            if asked.count("next_turn") > turns:
                break
            if game.route.options and game.claim_cards.options:
                game.claim_cards.value = game.claim_cards.options[0][1]
                assert game.claim(game.route.value, game.claim_cards.value)
            elif not game.cards_button.disabled:
                assert game.draw_card(0)
            else:
                assert not game.tickets_button.disabled
                assert game.draw_tickets()
        elif question.method == "draw_slot":
            assert game.draw_card(-1)
        elif question.method == "choose_additional_cards":
            assert game.pay(0)
    return asked


def test_widget_plays_turns_with_the_solution(sol):
    game = TchuGame(sol["play"], seed=5, draw_map=False)
    try:
        asked = play_some_turns(game, 6)
        assert asked[0] == "choose_initial_tickets"
        assert asked.count("next_turn") >= 6
        assert "draw_slot" in asked
        assert game.errors.value == ""
        assert "turn" in game.game_log.value
        assert "Cars left" in game.hand.value
    finally:
        game.player.abandon()
        game.thread.join(5)
    assert not game.thread.is_alive()


def test_widget_plays_a_whole_game_to_the_result(sol):
    game = TchuGame(sol["play"], seed=12, opponent="random", draw_map=False)
    asked = play_some_turns(game, 10_000)
    game.thread.join(20)
    assert not game.thread.is_alive()
    assert "choose_additional_cards" in asked and "draw_slot" in asked  # the tunnel dialog was used
    assert game.errors.value == ""
    assert set(game.result) == set(PlayerId)
    assert game.player.own_state.routes, "the widget's player claimed no route"
    assert "Game over." in game.status.value
    assert " wins with " in game.status.value or " are tied with " in game.status.value


def test_widget_draws_the_map_after_an_update(sol):
    game = TchuGame(sol["play"], seed=6)
    try:
        assert game.wait(30).method == "choose_initial_tickets"
        assert game.picture.value.startswith('<img src="data:image/png;base64,iVBORw0KGgo')  # a PNG
        assert ' alt="Map of Switzerland, 88 routes."' in game.picture.value
    finally:
        game.player.abandon()
        game.thread.join(5)


def test_widget_refuses_too_few_tickets_and_clicks_out_of_turn(sol):
    game = TchuGame(sol["play"], seed=7, draw_map=False)
    try:
        assert game.wait(20).method == "choose_initial_tickets"
        assert not game.keep_tickets((0, 1))
        assert "at least 3" in game.ticket_note.value
        assert not game.draw_tickets()
        assert "not asking" in game.status.value
    finally:
        game.player.abandon()
        game.thread.join(5)


def test_new_game_abandons_the_old_one(sol):
    game = TchuGame(sol["play"], seed=8, draw_map=False)
    first = game.thread
    assert game.wait(20) is not None
    game.new_game()
    assert not first.is_alive()
    assert game.wait(20).method == "choose_initial_tickets"
    game.player.abandon()
    game.thread.join(5)


def test_widget_shows_the_errors_of_play():
    def broken(players, names, tickets, rng):
        raise KeyError("oops")

    game = TchuGame(broken, draw_map=False)
    assert game.wait(5) is None
    assert "KeyError" in game.errors.value
    assert "stopped" in game.status.value


def test_widget_shows_a_stub_as_not_implemented():
    def stub(players, names, tickets, rng):
        raise NotImplementedError("Exercise tchu.play: write your code here.")

    game = TchuGame(stub, draw_map=False)
    assert game.wait(5) is None
    assert "Not implemented yet" in game.errors.value


def test_widget_refuses_an_unknown_opponent():
    with pytest.raises(ValueError):
        TchuGame(lambda *a: None, opponent="clever", start=False)


# What a student meets: notices, choices, the map, a stub, the background thread -------------


def one_tunnel_then_wait(sol: dict):
    """A ``play`` that gives the human a red card and a blue one, lets it claim, with the
    tunnel cards all red (so a red tunnel cannot be paid), then asks for the next turn."""

    def play(players, names, tickets, rng):
        for pid, player in players.items():
            player.init_players(pid, names)
        state = made_state(hands={P1: [Card.RED, Card.BLUE], P2: [Card.GREEN] * 4},
                           deck_top=[Card.RED] * 3, seed=4)
        human = players[P1]
        human.update_state(state, state.player_state(P1))
        assert human.next_turn() == TurnKind.CLAIM_ROUTE
        state = sol["claim_route"](players, names, state, rng)
        human.update_state(state, state.player_state(P1))
        human.next_turn()

    return play


def test_a_tunnel_that_cannot_be_paid_is_said_and_not_offered_first_again(sol):
    game = TchuGame(one_tunnel_then_wait(sol), draw_map=False, your_name="Ada")
    try:
        assert game.wait(10).method == "next_turn"
        route = ChMap.route("BEL_LUG_1")
        assert route.is_tunnel and ("BEL_LUG_1" in dict((v, k) for k, v in game.route.options))
        game.route.value = "BEL_LUG_1"
        assert game.claim("BEL_LUG_1", 0)
        assert game.wait(10).method == "next_turn"
        assert len(game.player.own_state.routes) == 0
        status = html.unescape(game.status.value)
        assert "Your tunnel Bellinzone – Lugano was not claimed" in status
        assert "additional cost of 3 cards" in status and "Your turn:" in status
        assert game.route.value is not None and game.route.value != "BEL_LUG_1"
        assert "tunnel not claimed last turn" in dict(game.route.options).__repr__()
    finally:
        game.stop()


def test_the_initial_tickets_come_unselected(sol):
    game = TchuGame(sol["play"], seed=7, draw_map=False)
    try:
        assert game.wait(20).method == "choose_initial_tickets"
        assert len(game.ticket_choice.options) == 5
        assert game.ticket_choice.value == ()
        assert not game.keep_tickets(())
        assert "Keep at least 3 tickets: 0 selected." in game.ticket_note.value
    finally:
        game.stop()


def test_the_map_labels_are_at_least_10_px_on_the_page():
    from exercises.tchu.pictures import map_figure

    game = TchuGame(lambda *args: None, start=False)
    figure = map_figure(None, **game.map_options)
    shown_width = int(game.picture.layout.width.removesuffix("px"))
    scale = shown_width / (figure.get_figwidth() * figure.dpi)
    labels = [text for text in figure.axes[0].texts if text.get_text() == "Lausanne"]
    assert len(labels) == 1
    assert labels[0].get_fontsize() * figure.dpi / 72 * scale >= 10


def test_the_map_is_shown_only_once_there_is_one():
    game = TchuGame(lambda *args: None, start=False)
    assert game.picture.layout.display == "none"  # no broken-image icon before the first map


def test_a_stub_play_shows_one_sentence_and_no_button():
    def play(players, names, tickets, rng):
        raise NotImplementedError("Exercise tchu.play: write your code here.")

    game = TchuGame(play)
    assert game.wait(5) is None
    game.thread.join(5)
    assert len(game.children) == 1
    assert "Write <code>play</code> first" in game.children[0].value
    assert "Traceback" not in game.children[0].value


def test_a_stub_called_by_play_is_named():
    def start_game(players):
        raise NotImplementedError("Exercise tchu.start_game: write your code here.")

    def play(players, names, tickets, rng):
        start_game(players)

    game = TchuGame(play)
    game.wait(5)
    game.thread.join(5)
    assert "Write <code>start_game</code> first" in game.children[0].value


def test_rerunning_the_cell_ends_the_game_of_the_old_widget(sol):
    first = TchuGame(sol["play"], seed=9, draw_map=False)
    assert first.wait(20).method == "choose_initial_tickets"
    second = TchuGame(sol["play"], seed=9, draw_map=False)
    try:
        first.thread.join(5)
        assert not first.thread.is_alive()
        assert second.wait(20).method == "choose_initial_tickets"
    finally:
        second.stop()
    assert not second.thread.is_alive()


def test_an_abandoned_game_draws_nothing_more():
    player = RemotePlayer()
    player.abandon()
    with pytest.raises(GameAbandoned):
        player.update_state(None, None)
    with pytest.raises(GameAbandoned):
        player.receive_info("Ada draws a card.\n")


EXIT_SCRIPT = """
import atexit, sys, threading
from pathlib import Path

def last_word():  # registered first, so it runs after every other exit handler
    alive = [t.name for t in threading.enumerate() if t is not threading.main_thread()]
    print("threads left at exit:", alive, flush=True)

atexit.register(last_word)
from course.notebook import solution_namespace
namespace = solution_namespace(Path(sys.argv[1]))
exec("game = " + sys.argv[2], namespace)
game = namespace["game"]
question = game.wait(60)
print("asked:", question.method if question else None, flush=True)
"""


def test_a_process_that_runs_the_widget_cell_exits_cleanly(tmp_path):
    import subprocess
    import sys

    from course.notebook import cell_source

    notebook = json.loads((ROOT / "solutions" / "04_tchu_game.ipynb").read_text(encoding="utf-8"))
    cell = next(c for c in notebook["cells"] if "TchuGame(play" in cell_source(c))
    script = tmp_path / "run_cell.py"
    script.write_text(EXIT_SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script), str(ROOT / "solutions" / "04_tchu_game.ipynb"), cell_source(cell)],
        capture_output=True, text=True, timeout=180, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "asked: choose_initial_tickets" in done.stdout
    assert "threads left at exit: []" in done.stdout, done.stdout
    assert "Fatal Python error" not in done.stderr and "Traceback" not in done.stderr, done.stderr[-2000:]


def test_the_released_notebook_shows_the_game_as_one_sentence():
    from support.browser_steps import released_widget

    game = released_widget("04_tchu_game", "TchuGame(play")
    assert game.wait(10) is None
    game.thread.join(5)
    assert len(game.children) == 1
    assert "Write <code>play</code> first" in game.children[0].value


def test_a_package_player_that_cannot_answer_is_recognised_as_the_package_s():
    from exercises.tchu.checks import _from_package_player

    try:
        GreedyPlayer(random.Random(1)).next_turn()  # asked to play before any update_state
    except RuntimeError as error:
        assert _from_package_player(error)
    else:
        raise AssertionError("a player without a state must refuse to play")
    try:
        raise RuntimeError("raised outside the package's players")
    except RuntimeError as error:
        assert not _from_package_player(error)
