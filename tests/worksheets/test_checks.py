"""The public checks students run after each exercise."""

import pytest

from exercises.checks import Example, RuleBroken, Status, check, same


def square(x):
    return x * x


def stub(x):
    raise NotImplementedError("Exercise demo.square: write your code here.")


def examples(function):
    return [
        Example("square(2)", lambda: function(2), 4),
        Example("square(-3)", lambda: function(-3), 9),
        Example("square(0)", lambda: function(0), 0),
    ]


def test_all_examples_pass_gives_one_line_each():
    result = check("demo.square", examples(square))
    assert result.status is Status.PASSED and result.ok
    assert str(result).splitlines() == [
        "Checking demo.square",
        "  ✓ square(2) == 4",
        "  ✓ square(-3) == 9",
        "  ✓ square(0) == 0",
        "All 3 examples pass.",
    ]


def test_a_stub_is_not_implemented_yet():
    result = check("demo.square", examples(stub))
    assert result.status is Status.NOT_IMPLEMENTED
    assert "not implemented yet" in str(result)
    assert "Traceback" not in str(result)


def test_a_stub_of_another_exercise_is_named():
    def uses_stub(x):
        raise NotImplementedError("Exercise demo.helper: write your code here.")

    result = check("demo.square", examples(uses_stub))
    assert result.status is Status.NOT_IMPLEMENTED
    assert "it needs exercise demo.helper, which still has its stub" in str(result)


def test_the_first_failing_example_shows_expected_and_got():
    result = check("demo.square", examples(lambda x: x * 2))
    assert result.status is Status.FAILED
    assert result.passed == 1
    lines = str(result).splitlines()
    assert lines[1:] == ["  ✓ square(2) == 4", "  ✗ square(-3)", "    expected: 9", "    got:      -6"]


def test_an_exception_is_one_line_without_traceback():
    result = check("demo.square", examples(lambda x: 1 // (x - 2)))
    assert result.status is Status.ERROR
    lines = str(result).splitlines()
    assert lines[1].startswith(
        "  ✗ square(2): expected 4, but it raised ZeroDivisionError: integer division or modulo by zero"
    )
    assert "Traceback" not in str(result)


def test_traceback_is_shown_only_when_asked():
    result = check("demo.square", [Example("f()", lambda: 1 // 0, 1)], traceback=True)
    assert result.status is Status.ERROR
    assert "Traceback" in str(result)
    assert "ZeroDivisionError" in str(result).splitlines()[1]


def test_an_expected_exception_passes():
    def parse(text):
        raise ValueError("not a number")

    result = check("demo.parse", [Example("parse('x')", lambda: parse("x"), raises=ValueError)])
    assert result.ok
    assert str(result).splitlines()[1] == "  ✓ parse('x') raises ValueError"


def test_a_missing_exception_fails():
    result = check("demo.parse", [Example("int('1')", lambda: int("1"), raises=ValueError)])
    assert result.status is Status.FAILED
    assert "expected ValueError, but it returned 1" in str(result)


def test_true_is_not_one():
    result = check("demo.is_even", [Example("is_even(2)", lambda: 1, True)])
    assert result.status is Status.FAILED


def test_hints_follow_a_failure():
    result = check("demo.f", [Example("f()", lambda: 0, 1, hint="Count from one.")])
    assert str(result).splitlines()[-1] == "    Hint: Count from one."


def test_html_view_escapes_text():
    result = check("demo.f", [Example("f() < 2", lambda: "<b>", "<i>")])
    assert "&lt;b&gt;" in result._repr_html_()


@pytest.mark.parametrize("value", [object(), "x" * 1000])
def test_long_or_odd_values_are_shortened(value):
    result = check("demo.f", [Example("f()", lambda: value, 1)])
    assert all(len(line) < 200 for line in str(result).splitlines())


def test_a_wrong_kind_of_error_reads_as_a_broken_rule_not_a_crash() -> None:
    def refuse():
        raise AssertionError("no")

    result = check("demo.refuse", [Example("refuse()", refuse, raises=ValueError, hint="raise ValueError")])
    assert result.status is Status.ERROR
    assert "expected ValueError, but it raised AssertionError: no" in str(result)
    assert "traceback=True" not in str(result)


@pytest.mark.parametrize(("got", "expected", "verdict"), [
    ((2, 1), (2, 1), True), ([2, 1], (2, 1), False), ((2.0, 1), (2, 1), False),
    ((True, 1), (1, 1), False), ({"a": [1]}, {"a": [1]}, True), ({"a": [1.0]}, {"a": [1]}, False),
    (2, 2.0, True), (True, 1.0, False), ({1, 2}, {1, 2}, True), ("7", 7, False),
])
def test_same_compares_plain_types_all_the_way_down(got, expected, verdict) -> None:
    assert same(got, expected) is verdict


def test_a_broken_rule_is_said_in_one_sentence() -> None:
    def play():
        raise RuleBroken("the player was told twice")

    result = check("demo.rule", [Example("play()", play, None, hint="tell each player once")])
    assert result.status is Status.FAILED
    assert result.lines[1:] == ["  ✗ play(): the player was told twice", "    Hint: tell each player once"]
