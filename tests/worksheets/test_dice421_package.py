"""Unit tests of exercises.dice421: pictures, scripts, the turn and game models, widgets, checks."""

import html
import random
import re

import pytest

import exercises.ai as ai
from exercises.checks import Status
from exercises.dice421 import (
    MAX_THROWS,
    DicePicture,
    GameWidget,
    ScriptedDice,
    ScriptError,
    Table,
    TableError,
    Turn,
    TurnWidget,
    answers,
    check_is_421,
    check_is_straight,
    check_is_three_of_a_kind,
    check_play_game,
    check_play_turn,
    check_rethrow,
    check_roll_die,
    check_settle_different_tokens,
    check_settle_equal_tokens,
    check_sort2_desc,
    check_sort3_desc,
    check_swap,
    check_tokens_of,
    check_value_of,
    dice_svg,
    die_svg,
    hunt_421,
    keep_first,
    league,
    play_computer_turn,
    play_match,
    replay_turn,
)

# A reference answer to every exercise, to drive the package as a student's code would.


def swap(a, b):
    return (b, a)


def sort2_desc(a, b):
    return (a, b) if a >= b else (b, a)


def sort3_desc(a, b, c):
    a, b = sort2_desc(a, b)
    b, c = sort2_desc(b, c)
    a, b = sort2_desc(a, b)
    return (a, b, c)


def is_straight(a, b, c):
    return a == b + 1 and b == c + 1


def is_three_of_a_kind(a, b, c):
    return a == b == c


def is_421(a, b, c):
    return (a, b, c) == (4, 2, 1)


def tokens_of(a, b, c):
    return 8 if is_421(a, b, c) else 5 if is_three_of_a_kind(a, b, c) else 2 if is_straight(a, b, c) else 1


def value_of(a, b, c):
    return 100 * a + 10 * b + c


def roll_die(rng):
    return rng.randint(1, 6)


def rethrow(die, n, ask=input, rng=None):
    return roll_die(rng) if ask(f"Value of die {n} = {die} (type 1 to rethrow)? ").strip() == "1" else die


def play_turn(ask=input, rng=None):
    dice = [roll_die(rng) for _ in range(3)]
    throws = 1
    print("Current combination =", *dice)
    while throws < 3 and ask("Type 1 to throw again? ").strip() == "1":
        dice = [rethrow(die, n, ask, rng) for n, die in enumerate(dice, start=1)]
        throws += 1
        print("Current combination =", *dice)
    print("Final combination =", *dice)
    a, b, c = sort3_desc(*dice)
    return (tokens_of(a, b, c), value_of(a, b, c))


def settle_different_tokens(nj1, nj2, total1, total2):
    print("different tokens -- player", 1 if nj1 > nj2 else 2, "wins")
    return (total1 - nj1, total2 + nj1) if nj1 > nj2 else (total1 + nj2, total2 - nj2)


def settle_equal_tokens(nj, s1, s2, total1, total2):
    print("equal tokens -- player", 1 if s1 > s2 else 2, "wins")
    return (total1 - nj, total2 + nj) if s1 > s2 else (total1 + nj, total2 - nj)


def play_game(tokens, ask=input, rng=None):
    if tokens <= 0:
        raise ValueError("at least one token")
    total1 = total2 = tokens
    while total1 > 0 and total2 > 0:
        print("==> Player 1 active:")
        nj1, s1 = play_turn(ask, rng)
        print("==> Player 2 active:")
        nj2, s2 = play_turn(ask, rng)
        if s1 == s2:
            print("a draw")
        elif nj1 != nj2:
            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)
        else:
            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)
        print(f"total1 = {total1}, total2 = {total2}")
    return (total1, total2)


def stub(*args, **kwargs):
    raise NotImplementedError("Exercise dice421.x: write your code here.")


# Pictures ---------------------------------------------------------------------------


@pytest.mark.parametrize("face", range(1, 7))
def test_a_die_picture_has_as_many_pips_as_its_face(face):
    assert die_svg(face).count("<circle") == face


@pytest.mark.parametrize("bad", [0, 7, "3", 2.0, True, None])
def test_a_die_shows_1_to_6_only(bad):
    with pytest.raises(ValueError, match="1 to 6"):
        dice_svg([bad])


def test_marked_dice_are_drawn_in_amber():
    assert dice_svg([6, 6, 5], marked=[2]).count("#fde7b0") == 1
    assert "#fde7b0" not in dice_svg([6, 6, 5])


def test_dice_picture_shows_faces_and_repr_evaluates_back():
    picture = DicePicture((6, 6, 5))
    assert str(picture) == "⚅ ⚅ ⚄"
    assert eval(repr(picture)) == picture
    assert picture._repr_svg_().startswith("<svg")
    with pytest.raises(ValueError):
        DicePicture((1, 9))


# Scripts ----------------------------------------------------------------------------


def test_answers_types_the_answers_in_order_then_says_it_ran_out(capsys):
    ask = answers(["1", "0"])
    assert ask("Again? ") == "1"
    assert ask("Again? ") == "0"
    assert capsys.readouterr().out == "Again? 1\nAgain? 0\n"
    with pytest.raises(ScriptError, match="2 answer\\(s\\) and no more"):
        ask("Again? ")


def test_answers_without_echo_print_nothing(capsys):
    answers(["3"], echo=False)("Die? ")
    assert capsys.readouterr().out == ""


def test_scripted_dice_throw_their_faces_then_say_they_ran_out():
    dice = ScriptedDice([6, 1])
    assert [dice.randint(1, 6), dice.randint(1, 6)] == [6, 1]
    assert dice.thrown == 2
    with pytest.raises(ScriptError, match="a throw too many"):
        dice.randint(1, 6)


def test_scripted_dice_only_know_randint_1_6():
    dice = ScriptedDice([3])
    with pytest.raises(ValueError, match="randint\\(1, 6\\)"):
        dice.randint(0, 5)
    with pytest.raises(AttributeError, match="randint"):
        dice.choice([1, 2])
    with pytest.raises(ValueError):
        ScriptedDice([0])


# The turn ---------------------------------------------------------------------------


def turn_of(faces):
    dice = ScriptedDice(faces)
    return Turn(lambda: dice.randint(1, 6))


def test_first_throw_throws_the_three_dice():
    turn = turn_of([6, 6, 5])
    turn.throw()
    assert (turn.dice, turn.throws, turn.over) == ((6, 6, 5), 1, False)


def test_a_rethrow_throws_only_the_marked_dice():
    turn = turn_of([6, 6, 5, 3, 4])
    turn.throw()
    turn.toggle(0)
    turn.toggle(2)
    turn.toggle(2)
    turn.toggle(2)
    assert turn.marked == {0, 2}
    turn.throw()
    assert (turn.dice, turn.marked) == ((3, 6, 4), frozenset())


def test_no_die_can_be_marked_before_the_first_throw():
    turn = turn_of([1, 2, 3])
    with pytest.raises(ValueError, match="throw the dice"):
        turn.toggle(0)
    with pytest.raises(ValueError, match="throw the dice"):
        turn.keep()


def test_a_rethrow_needs_a_marked_die_and_changes_nothing_without():
    turn = turn_of([1, 2, 3])
    turn.throw()
    with pytest.raises(ValueError, match="mark at least one die"):
        turn.throw()
    assert (turn.dice, turn.throws) == ((1, 2, 3), 1)


def test_never_more_than_three_throws():
    turn = turn_of([1] * 9 + [2] * 3)
    turn.throw()
    for _ in range(MAX_THROWS - 1):
        turn.marked = frozenset({0, 1, 2})
        turn.throw()
    assert turn.over and turn.throws == 3
    with pytest.raises(ValueError, match="three throws at most"):
        turn.throw()
    with pytest.raises(ValueError):
        turn.toggle(1)


def test_keep_ends_the_turn():
    turn = turn_of([4, 2, 1])
    turn.throw()
    turn.keep()
    assert turn.over and turn.throws_left == 0
    with pytest.raises(ValueError, match="kept"):
        turn.throw()


def test_a_failing_throw_leaves_the_turn_unchanged():
    faces = iter([5, 5])

    def roll():
        return next(faces)

    turn = Turn(roll)
    with pytest.raises(StopIteration):
        turn.throw()
    assert (turn.dice, turn.throws) == ((), 0)


# Strategies and computer turns --------------------------------------------------------


def test_keep_first_keeps_anything():
    assert keep_first((6, 4, 1), 2) == frozenset()


@pytest.mark.parametrize(
    "dice, rethrow_positions",
    [((4, 2, 1), set()), ((1, 4, 2), set()), ((3, 3, 3), set()), ((4, 4, 6), {1, 2}),
     ((6, 5, 3), {0, 1, 2}), ((2, 1, 2), {2}), ((4, 6, 1), {1})],
)
def test_hunt_421_holds_one_4_one_2_one_1(dice, rethrow_positions):
    assert hunt_421(dice, 2) == rethrow_positions


def test_a_computer_turn_follows_its_strategy_and_stops_at_three_throws():
    turn = turn_of([4, 6, 6, 5, 3, 2, 1])
    assert play_computer_turn(turn, hunt_421) == [(4, 6, 6), (4, 5, 3), (4, 2, 1)]
    turn = turn_of([6, 5, 3])
    assert play_computer_turn(turn, keep_first) == [(6, 5, 3)] and turn.kept


# The game, replayed through the student's play_turn and play_game ---------------------


def clicked(faces, marks=(), keep=True):
    """A turn thrown from ``faces``: rethrow the positions in each of ``marks``, then keep."""
    turn = turn_of(faces)
    turn.throw()
    for positions in marks:
        turn.marked = frozenset(positions)
        turn.throw()
    if keep and not turn.over:
        turn.keep()
    return turn


def test_a_turn_records_the_answers_play_turn_gets():
    turn = clicked([6, 6, 5, 5, 6], marks=[{2}, {2}])
    assert turn.faces == [6, 6, 5, 5, 6]
    assert turn.replies == ["1", "0", "0", "1", "1", "0", "0", "1"]
    assert clicked([1, 2, 4]).replies == ["0"]


def test_replay_turn_scores_the_turn_with_the_students_play_turn():
    assert replay_turn(play_turn, clicked([6, 6, 5, 5, 6], marks=[{2}, {2}]))[0] == (5, 666)
    assert replay_turn(play_turn, clicked([2, 4, 1]))[0] == (8, 421)


def test_replay_turn_names_roll_die_when_the_dice_do_not_follow_the_rng():
    def deaf_turn(ask, rng):
        dice = [random.randint(1, 6) for _ in range(3)]
        ask("again? ")
        return (tokens_of(*sort3_desc(*dice)), value_of(*sort3_desc(*dice)))

    with pytest.raises(TableError, match="^play_turn's dice do not follow the rng: check roll_die first$"):
        replay_turn(deaf_turn, clicked([1, 2, 4]))


def seed_loop(ask, rng):
    """The seed's loop, ``while throws <= 3``: a fourth throw."""
    dice = [roll_die(rng) for _ in range(3)]
    throws = 1
    while throws <= 3 and ask("again? ") == "1":
        dice = [rethrow(die, n, ask, rng) for n, die in enumerate(dice, start=1)]
        throws += 1
    return (tokens_of(*sort3_desc(*dice)), value_of(*sort3_desc(*dice)))


def test_replay_turn_says_when_play_turn_throws_a_fourth_time():
    turn = clicked([1] * 9, marks=[{0, 1, 2}, {0, 1, 2}])
    with pytest.raises(TableError, match="had no answer to give: check play_turn first"):
        replay_turn(seed_loop, turn)


def test_a_table_runs_the_students_play_game_on_the_turns_played():
    table = Table(play_game, 10)
    assert table.start() == "==> Player 1 active:\n" and table.player == 1 and not table.over
    table.record(clicked([1, 2, 4]))
    printed = table.record(clicked([6, 4, 1]))
    assert table.totals == (2, 18) and table.player == 1 and table.rounds == 1
    assert "different tokens" in printed and "total1 = 2, total2 = 18" in printed
    table.record(clicked([6, 6, 6]))
    table.record(clicked([1, 1, 2]))
    assert table.over and table.totals == (-3, 23) and table.winner == 1
    with pytest.raises(ValueError, match="over"):
        table.record(clicked([1, 1, 1]))


def test_a_table_leaves_its_turns_unchanged_when_play_game_raises():
    def broken(tokens, ask, rng):
        play_turn(ask, rng)
        play_turn(ask, rng)
        raise ZeroDivisionError

    table = Table(broken, 10)
    table.record(clicked([4, 2, 1]))
    with pytest.raises(ZeroDivisionError):
        table.record(clicked([6, 4, 1]))
    assert len(table.turns) == 1 and table.player == 2


def test_a_table_refuses_a_play_game_that_never_ends_a_game():
    def one_round(tokens, ask, rng):
        play_turn(ask, rng)
        play_turn(ask, rng)
        return (tokens, tokens)

    table = Table(one_round, 10)
    table.record(clicked([4, 2, 1]))
    with pytest.raises(TableError, match="a game ends when a total is 0 or less"):
        table.record(clicked([6, 4, 1]))


def test_a_match_between_strategies_ends_with_a_winner():
    result = play_match(play_game, (hunt_421, keep_first), random.Random(5))
    totals = [10 - score for score in result.scores]
    assert result.winners == ((0,) if totals[0] <= 0 else (1,))
    assert min(totals) <= 0 < max(totals) and result.moves >= 2 and result.moves % 2 == 0


def test_a_match_stops_a_play_game_that_never_stops():
    def endless(tokens, ask, rng):
        while True:
            play_turn(ask, rng)

    with pytest.raises(TableError, match="more than 10 turns"):
        play_match(endless, (keep_first, keep_first), random.Random(1), max_turns=10)


def test_the_league_is_reproducible_and_counts_every_game():
    strategies = {"keep first": keep_first, "hunt 421": hunt_421}
    table = league(play_game, strategies, games=20, seed=3)
    assert table.results == league(play_game, strategies, games=20, seed=3).results
    assert table.games == {
        "keep first": {"keep first": 0, "hunt 421": 40}, "hunt 421": {"keep first": 40, "hunt 421": 0}}
    assert table.rate["hunt 421"]["keep first"] + table.rate["keep first"]["hunt 421"] == 1
    assert table.overall("hunt 421") > table.overall("keep first")
    assert str(table).splitlines()[0].split() == ["keep", "first", "hunt", "421", "overall"]
    figure = ai.plot_league(table)
    assert len(figure.axes[0].texts) == 2


def test_nothing_exported_scores_or_settles():
    import exercises.dice421 as package

    answers_of_exercises = {
        "swap", "sort2_desc", "sort3_desc", "is_straight", "is_three_of_a_kind", "is_421",
        "tokens_of", "value_of", "roll_die", "rethrow", "play_turn",
        "settle_different_tokens", "settle_equal_tokens", "play_game",
        "Game", "Rules", "Round",
    }
    assert not answers_of_exercises & set(dir(package))


# Widgets ----------------------------------------------------------------------------


def test_turn_widget_throws_marks_and_stops_after_three_throws():
    widget = TurnWidget(play_turn, seed=1)
    panel = widget.panel
    assert panel.dice.enabled() == []
    panel.dice.click(0)  # before the first throw: refused, the reason said
    assert panel.status.value.startswith("Refused: ") and panel.turn.marked == set()
    panel.throw_button.click()
    first = panel.turn.dice
    assert [cell["text"] for cell in panel.dice.cells] == ["⚀⚁⚂⚃⚄⚅"[d - 1] for d in first]
    # named by value, not by glyph; a toggle (aria-pressed)
    assert [cell["label"] for cell in panel.dice.cells] == [f"die {n}: {d}" for n, d in enumerate(first, start=1)]
    assert [cell["pressed"] for cell in panel.dice.cells] == [False] * 3
    assert panel.status.value.startswith(f"You threw {first[0]}, {first[1]}, {first[2]}. Throw 1 of 3")
    assert not panel.keep_button.disabled
    panel.dice.click(1)
    assert panel.turn.marked == {1} and panel.dice.cells[1]["pressed"]
    assert panel.dice.cells[1]["label"] == f"die 2: {first[1]}, marked for a rethrow"
    assert panel.status.value == f"Die 2 ({first[1]}) marked for a rethrow."
    panel.throw_button.click()
    assert panel.turn.dice[0] == first[0] and panel.turn.dice[2] == first[2]
    assert panel.turn.throws == 2 and not panel.dice.cells[1]["pressed"]
    panel.throw_button.click()  # nothing marked: refused, said in the status
    assert panel.turn.throws == 2 and panel.status.value.startswith("Refused: mark at least one die")
    panel.dice.click(0)
    panel.throw_button.click()
    assert panel.turn.over and panel.throw_button.disabled and panel.keep_button.disabled
    tokens, value = play_turn(answers(panel.turn.replies, echo=False), ScriptedDice(panel.turn.faces))
    assert panel.status.value == f"Final combination: your play_turn says tokens = {tokens}, value = {value}."
    widget.new_button.click()
    assert panel.turn.throws == 0 and not panel.throw_button.disabled


def test_turn_widget_shows_the_students_error_and_keeps_the_dice():
    def broken(ask, rng):
        raise KeyError("oops")

    widget = TurnWidget(broken)
    widget.panel.throw_button.click()
    widget.panel.keep_button.click()
    assert "KeyError" in widget.errors.value
    assert widget.panel.turn.over
    assert "could not score this turn" in widget.panel.status.value


def test_turn_widget_with_a_stub_is_one_sentence_and_no_button():
    def play_turn(ask, rng):
        raise NotImplementedError("Exercise dice421.play_turn: write your code here.")

    widget = TurnWidget(play_turn)
    assert len(widget.children) == 1
    assert widget.children[0].value.count("<p") == 1
    assert "Write <code>play_turn</code> first" in widget.children[0].value


def test_turn_widget_names_the_stub_play_turn_calls():
    def roll_die(rng):
        raise NotImplementedError("Exercise dice421.roll_die: write your code here.")

    def play_turn(ask, rng):
        return roll_die(rng)

    widget = TurnWidget(play_turn)
    assert "Write <code>roll_die</code> first" in widget.children[0].value


def test_the_throw_button_is_wide_enough_for_its_label():
    panel = TurnWidget(play_turn, seed=1).panel
    panel.throw_button.click()
    assert panel.throw_button.description == "Throw marked dice"
    assert panel.throw_button.layout.width == "auto"  # ipywidgets' default 148 px cuts it


def test_turn_widget_names_roll_die_in_one_sentence():
    def deaf_turn(ask, rng):
        ask("again? ")
        return (1, 111)

    widget = TurnWidget(deaf_turn)
    widget.panel.throw_button.click()
    widget.panel.keep_button.click()
    assert "play_turn's dice do not follow the rng: check roll_die first." in html.unescape(widget.errors.value)
    assert "raised" not in widget.errors.value


def test_game_widget_hot_seat_settles_a_round_with_the_students_play_game():
    widget = GameWidget(play_game, tokens=10, seed=2)
    widget.panel.throw_button.click()
    widget.panel.keep_button.click()
    assert widget.table.player == 2 and "Player 2, your turn" in widget.who.value
    widget.panel.throw_button.click()
    widget.panel.keep_button.click()
    assert widget.table.rounds == 1 and widget.table.player == 1
    assert "Round 1" in widget.verdict.value and "your play_game printed" in widget.console.value
    totals = widget.table.totals
    assert f"{totals[0]} tokens" in widget.counters.value


def play_to_the_end(widget: GameWidget) -> None:
    """Throw and keep at once, turn after turn, until the game is over."""
    for _ in range(200):
        if widget.table.over:
            return
        widget.panel.throw_button.click()
        if not widget.panel.turn.over:
            widget.panel.keep_button.click()


def test_game_widget_against_the_computer_plays_to_the_end():
    widget = GameWidget(play_game, tokens=3, opponent=hunt_421, seed=7)
    play_to_the_end(widget)
    assert widget.table.over and widget.panel.throw_button.disabled
    assert "wins the game" in widget.who.value
    assert "the computer threw" in widget.story.value
    widget.new_button.click()
    assert widget.table.turns == [] and "3 tokens" in widget.counters.value


def test_game_widget_names_roll_die_when_the_dice_do_not_follow_the_rng():
    namespace = {}
    exec(
        "import random\n"
        "def roll_die(rng):\n    return random.randint(1, 6)\n"
        "def play_game(tokens, ask, rng):\n"
        "    dice = [roll_die(rng) for _ in range(3)]\n"
        "    ask('again? ')\n"
        "    return (0, tokens)\n",
        namespace,
    )
    widget = GameWidget(namespace["play_game"], tokens=10, seed=4)
    assert "play_game's dice do not follow the rng: check roll_die first." in html.unescape(widget.errors.value)


def test_game_widget_with_a_stub_play_game_is_one_sentence_and_no_button():
    def play_game(tokens, ask, rng):
        raise NotImplementedError("Exercise dice421.play_game: write your code here.")

    widget = GameWidget(play_game, tokens=10, opponent=keep_first, seed=4)
    assert len(widget.children) == 1
    assert "Write <code>play_game</code> first" in widget.children[0].value


def test_a_game_ends_with_no_tokens_left_never_negative_tokens():
    widget = GameWidget(play_game, tokens=10, opponent=hunt_421, seed=7)  # the worksheet's game
    play_to_the_end(widget)
    assert widget.table.totals == (23, -3)  # play_game's totals: the computer gave 8 with 5 left
    page = html.unescape(widget.counters.value + widget.who.value + widget.verdict.value)
    assert "-3" not in page and "−3" not in page
    assert "<b>Computer</b>: no tokens left" in page and "<b>Player 1</b>: 23 tokens" in page
    assert "Computer has no tokens left and wins the game!" in page
    assert "Computer gave 8: Player 1 has 23 tokens, Computer none left." in page


# Checks -----------------------------------------------------------------------------

CHECKS = [
    (check_swap, swap), (check_sort2_desc, sort2_desc), (check_sort3_desc, sort3_desc),
    (check_is_straight, is_straight), (check_is_three_of_a_kind, is_three_of_a_kind),
    (check_is_421, is_421), (check_tokens_of, tokens_of), (check_value_of, value_of),
    (check_roll_die, roll_die), (check_rethrow, rethrow), (check_play_turn, play_turn),
    (check_settle_different_tokens, settle_different_tokens),
    (check_settle_equal_tokens, settle_equal_tokens), (check_play_game, play_game),
]


@pytest.mark.parametrize("check, answer", CHECKS, ids=[c.__name__ for c, _ in CHECKS])
def test_every_check_passes_a_right_answer_and_says_a_stub_is_not_implemented(check, answer):
    assert check(answer).status is Status.PASSED, str(check(answer))
    assert check(stub).status is Status.NOT_IMPLEMENTED


def test_checks_fail_wrong_answers():
    assert check_swap(lambda a, b: (a, b)).status is Status.FAILED
    assert check_is_straight(lambda a, b, c: int(is_straight(a, b, c))).status is Status.FAILED
    assert check_roll_die(lambda rng: random.randint(1, 6)).status is Status.FAILED
    assert check_rethrow(lambda die, n, ask, rng: roll_die(rng) if int(ask("?")) == 1 else die).status is Status.ERROR


def test_check_play_turn_catches_a_fourth_throw():
    result = check_play_turn(seed_loop)
    assert result.status is Status.FAILED
    assert "✗ answer 1 every time: three throws, no fourth: play_turn asked question 9 ('again?'), " \
        "but the player gave 8 answer(s) and no more." in str(result)
    assert "do not ask again" in str(result) and "raised" not in str(result)


def test_check_play_turn_names_roll_die_when_the_dice_do_not_follow_the_rng():
    namespace = {}
    exec(
        "import random\n"
        "def roll_die(rng):\n    return random.randint(1, 6)\n"
        "def play_turn(ask, rng):\n"
        "    dice = [roll_die(rng) for _ in range(3)]\n"
        "    ask('again? ')\n"
        "    return (1, 100)\n",
        namespace,
    )
    result = check_play_turn(namespace["play_turn"])
    assert result.status is Status.FAILED
    assert result.lines[-1] == "  ✗ keep the first throw 6 6 5: play_turn's dice do not follow the rng: " \
        "check roll_die first."


def test_a_check_names_a_failing_earlier_function_it_calls():
    namespace = {"swap": lambda a, b: (a, b)}
    exec("def sort2_desc(a, b):\n    return swap(a, b) if a < b else (a, b)\n", namespace)
    result = check_sort2_desc(namespace["sort2_desc"])
    assert result.status is Status.FAILED
    assert "Check swap first: your swap, which this function calls, does not pass its own check yet." in str(result)


def test_a_check_blames_an_earlier_function_only_when_that_one_fails_its_own_check():
    """play_turn's own fourth throw is play_turn's fault while rethrow passes its check; a rethrow
    that converts the answer with int() fails its own, and is then named."""
    right = {name: globals()[name] for name in ("roll_die", "rethrow", "sort3_desc", "tokens_of", "value_of")}
    wrong = {**right}
    exec("def rethrow(die, n, ask, rng):\n    return roll_die(rng) if int(ask('?')) == 1 else die\n", wrong)
    for namespace in (right, wrong):
        exec("def play_turn(ask, rng):\n"
             "    dice, throws = [roll_die(rng) for _ in range(3)], 1\n"
             "    while throws <= 3 and ask('again? ').strip() == '1':\n"
             "        dice = [rethrow(die, n, ask, rng) for n, die in enumerate(dice, start=1)]\n"
             "        throws += 1\n"
             "    return tokens_of(*sort3_desc(*dice)), value_of(*sort3_desc(*dice))\n", namespace)
    alone, blamed = check_play_turn(right["play_turn"]), check_play_turn(wrong["play_turn"])
    assert alone.status is Status.FAILED and "rethrow first" not in str(alone).lower(), str(alone)
    assert "After the third throw the turn is over" in str(alone)
    assert blamed.status in (Status.FAILED, Status.ERROR)
    assert "rethrow first" in str(blamed).lower(), str(blamed)


def test_check_rethrow_refuses_a_die_thrown_before_the_answer():
    def eager(die, n, ask, rng):
        new = roll_die(rng)
        return new if ask(f"Value of die {n} = {die}? ") == "1" else die

    result = check_rethrow(eager)
    assert result.status is Status.FAILED
    assert "rethrow threw die number 1, but the script holds 0 dice and no more." in str(result)


def test_check_play_game_wants_a_value_error_for_zero_tokens():
    def no_check(tokens, ask, rng):
        return (tokens, tokens) if tokens <= 0 else play_game(tokens, ask, rng)

    assert check_play_game(no_check).status is Status.FAILED


@pytest.mark.parametrize("check", [c for c, _ in CHECKS], ids=[c.__name__ for c, _ in CHECKS])
def test_no_export_of_the_package_passes_an_exercises_check_when_plugged_in(check):
    import exercises.dice421 as package

    candidates = [getattr(package, name) for name in package.__all__ if not name.startswith("check_")]
    passing = [
        candidate for candidate in candidates
        if callable(candidate) and check(candidate).status is Status.PASSED
    ]
    assert not passing


@pytest.mark.parametrize("marker", ["TurnWidget(play_turn", "GameWidget(play_game, tokens=10, seed=2)",
                                    "opponent=hunt_421"])
def test_the_released_notebook_shows_each_widget_as_one_sentence(marker):
    from support.browser_steps import released_widget

    widget = released_widget("02_dice_421", marker)
    assert len(widget.children) == 1
    assert re.search(
        r"Write <code>\w+</code> first( \(exercise [\w.]+\))?, then run this cell again\.", widget.children[0].value)
