"""Unit tests of exercises.dice421: pictures, scripts, the turn and game models, widgets, checks."""

import random

import pytest

from exercises.checks import Status
from exercises.dice421 import (
    MAX_THROWS,
    DicePicture,
    Game,
    GameWidget,
    Rules,
    ScriptedDice,
    ScriptError,
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
    league_table,
    play_computer_turn,
    play_match,
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
    while throws < 3 and ask("Type 1 to throw again? ").strip() == "1":
        dice = [rethrow(die, n, ask, rng) for n, die in enumerate(dice, start=1)]
        throws += 1
    a, b, c = sort3_desc(*dice)
    return (tokens_of(a, b, c), value_of(a, b, c))


def settle_different_tokens(nj1, nj2, total1, total2):
    print("different tokens")
    return (total1 - nj1, total2 + nj1) if nj1 > nj2 else (total1 + nj2, total2 - nj2)


def settle_equal_tokens(nj, s1, s2, total1, total2):
    return (total1 - nj, total2 + nj) if s1 > s2 else (total1 + nj, total2 - nj)


def play_game(tokens, ask=input, rng=None):
    if tokens <= 0:
        raise ValueError("at least one token")
    total1 = total2 = tokens
    while total1 > 0 and total2 > 0:
        (nj1, s1), (nj2, s2) = play_turn(ask, rng), play_turn(ask, rng)
        if s1 == s2:
            continue
        if nj1 != nj2:
            total1, total2 = settle_different_tokens(nj1, nj2, total1, total2)
        else:
            total1, total2 = settle_equal_tokens(nj1, s1, s2, total1, total2)
    return (total1, total2)


def stub(*args, **kwargs):
    raise NotImplementedError("Exercise dice421.x: write your code here.")


RULES = Rules(roll_die, sort3_desc, tokens_of, value_of, settle_different_tokens, settle_equal_tokens)


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
    with pytest.raises(ScriptError, match="ran out"):
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


# The game ---------------------------------------------------------------------------


def test_a_game_needs_a_positive_number_of_tokens():
    for tokens in (0, -3):
        with pytest.raises(ValueError, match="positive"):
            Game(RULES, tokens)


def test_a_round_is_settled_by_the_students_functions():
    game = Game(RULES, 10)
    assert game.record((1, 2, 4)) is None and game.player == 2
    played = game.record((6, 4, 1))
    assert game.totals == (2, 18) and game.player == 1
    assert played.results == ((8, 421), (1, 641))
    assert played.verdict == "Different tokens: player 1 wins the round and gives 8."
    assert played.printed == "different tokens"


def test_a_draw_changes_nothing_and_equal_tokens_compare_values():
    game = Game(RULES, 3)
    played = game.record((6, 6, 5)) or game.record((5, 6, 6))
    assert game.totals == (3, 3) and played.verdict.startswith("Same value 665: a draw")
    game.record((5, 4, 3))
    played = game.record((6, 5, 4))
    assert game.totals == (5, 1)
    assert played.verdict == "Same tokens, different values: player 2 wins the round and gives 2."


def test_the_game_ends_when_a_total_reaches_zero():
    game = Game(RULES, 8)
    game.record((4, 2, 1))
    game.record((3, 3, 1))
    assert game.over and game.winner == 1 and game.totals == (0, 16)
    with pytest.raises(ValueError, match="over"):
        game.record((1, 1, 1))


def test_a_settle_function_giving_a_list_is_refused_and_changes_nothing():
    rules = Rules(roll_die, sort3_desc, tokens_of, value_of,
                  lambda *args: [1, 2], settle_equal_tokens)
    game = Game(rules, 10)
    game.record((4, 2, 1))
    with pytest.raises(ValueError, match="tuple"):
        game.record((6, 4, 1))
    assert game.totals == (10, 10) and game.rounds == [] and game.player == 2


def test_rules_check_what_the_students_functions_give():
    with pytest.raises(ValueError, match="1 to 6"):
        Rules(lambda rng: 7, sort3_desc, tokens_of, value_of).throw(random.Random(1))
    with pytest.raises(ValueError, match="tuple of three"):
        Rules(roll_die, lambda a, b, c: [a, b, c], tokens_of, value_of).result((1, 2, 3))
    assert RULES.result((2, 3, 1)) == (2, 321)


def test_a_match_between_strategies_ends_with_a_winner():
    game = play_match(RULES, (hunt_421, keep_first), random.Random(5))
    assert game.over and game.winner in (1, 2)


def test_the_league_is_reproducible_and_counts_every_game():
    strategies = {"keep first": keep_first, "hunt 421": hunt_421}
    rows = league(RULES, strategies, games=20, seed=3)
    assert rows == league(RULES, strategies, games=20, seed=3)
    assert [row.games for row in rows] == [40, 40]
    assert sum(row.wins for row in rows) == 40
    assert rows[0].name == "hunt 421"
    assert league_table(rows).splitlines()[0].startswith("strategy")


# Widgets ----------------------------------------------------------------------------


def test_turn_widget_throws_marks_and_stops_after_three_throws():
    widget = TurnWidget(RULES, seed=1)
    panel = widget.panel
    assert all(button.disabled for button in panel.dice_buttons)
    panel.throw_button.click()
    first = panel.turn.dice
    assert [button.description for button in panel.dice_buttons] == ["⚀⚁⚂⚃⚄⚅"[d - 1] for d in first]
    assert not panel.keep_button.disabled
    panel.dice_buttons[1].value = True
    assert panel.turn.marked == {1} and panel.dice_buttons[1].button_style == "warning"
    panel.throw_button.click()
    assert panel.turn.dice[0] == first[0] and panel.turn.dice[2] == first[2]
    assert panel.turn.throws == 2 and not panel.dice_buttons[1].value
    panel.throw_button.click()  # nothing marked: refused, said in the status
    assert panel.turn.throws == 2 and "Mark at least one die" in panel.status.value
    panel.dice_buttons[0].value = True
    panel.throw_button.click()
    assert panel.turn.over and panel.throw_button.disabled and panel.keep_button.disabled
    assert panel.status.value.startswith("Final combination: tokens =")
    widget.new_button.click()
    assert panel.turn.throws == 0 and not panel.throw_button.disabled


def test_turn_widget_shows_the_students_error_and_keeps_the_turn():
    widget = TurnWidget(Rules(stub, sort3_desc, tokens_of, value_of))
    widget.panel.throw_button.click()
    assert "Not implemented yet" in widget.errors.value
    assert widget.panel.turn.throws == 0
    assert "roll_die raised an error" in widget.panel.status.value


def test_turn_widget_shows_a_scoring_error():
    widget = TurnWidget(Rules(roll_die, sort3_desc, stub, value_of))
    widget.panel.throw_button.click()
    widget.panel.keep_button.click()
    assert "Not implemented yet" in widget.errors.value
    assert "raised an error while scoring" in widget.panel.status.value


def test_game_widget_hot_seat_settles_a_round_after_both_turns():
    widget = GameWidget(RULES, tokens=10, seed=2)
    widget.panel.throw_button.click()
    widget.panel.keep_button.click()
    assert widget.game.player == 2 and "Player 2, your turn" in widget.who.value
    widget.panel.throw_button.click()
    widget.panel.keep_button.click()
    assert len(widget.game.rounds) == 1 and widget.game.player == 1
    assert "Round 1" in widget.verdict.value
    totals = widget.game.totals
    assert f"{totals[0]} tokens" in widget.counters.value


def test_game_widget_against_the_computer_plays_to_the_end():
    widget = GameWidget(RULES, tokens=3, opponent=hunt_421, seed=7)
    for _ in range(100):
        if widget.game.over:
            break
        widget.panel.throw_button.click()
        if not widget.panel.turn.over:
            widget.panel.keep_button.click()
    assert widget.game.over and widget.panel.throw_button.disabled
    assert "wins the game" in widget.who.value
    assert "the computer threw" in widget.story.value
    widget.new_button.click()
    assert widget.game.totals == (3, 3) and widget.game.rounds == []


def test_game_widget_shows_an_error_of_a_settle_function():
    rules = Rules(roll_die, sort3_desc, tokens_of, value_of, stub, stub)
    widget = GameWidget(rules, tokens=10, opponent=keep_first, seed=4)
    widget.panel.throw_button.click()
    widget.panel.keep_button.click()
    assert "Not implemented yet" in widget.errors.value
    assert widget.game.totals == (10, 10)


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
    def seed_loop(ask, rng):
        dice = [roll_die(rng) for _ in range(3)]
        throws = 1
        while throws <= 3 and ask("again? ") == "1":
            dice = [rethrow(die, n, ask, rng) for n, die in enumerate(dice, start=1)]
            throws += 1
        return (tokens_of(*sort3_desc(*dice)), value_of(*sort3_desc(*dice)))

    result = check_play_turn(seed_loop)
    assert result.status is Status.ERROR
    assert "do not ask again" in str(result)


def test_check_play_game_wants_a_value_error_for_zero_tokens():
    def no_check(tokens, ask, rng):
        return (tokens, tokens) if tokens <= 0 else play_game(tokens, ask, rng)

    assert check_play_game(no_check).status is Status.FAILED
