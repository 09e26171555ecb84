"""The French feedback of some results is the English feedback of the same results,
translated: the same lines, the same kind of line, the same numbers and names.

The results are written as the grader writes them in each language: a test's output is
the plugin's template said by :class:`~course.i18n.grading_text.Words` of the notebook's
language, a stub's message is the stub's sentence in that language.
"""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from course.grading.instructor.feedback import feedback
from course.grading.instructor.results import ExerciseScore, GradingResult
from course.grading.instructor.results import TestOutcome as Outcome
from course.i18n.grading_text import ENGLISH, Words
from exercises.i18n import stub_sentence

#: (exercise, test, what it does): "pass", "stub" (the exercise's own stub), "wrong"
TESTS = [
    ("dice421.swap", "test_swap_exchanges_the_two_integers", "pass"),
    ("dice421.swap", "test_swap_returns_a_tuple", "wrong"),
    ("dice421.sort2_desc", "test_sort2_desc_on_every_pair", "pass"),
    *[("dice421.play_turn", f"test_play_turn_{n}", "stub") for n in range(8)],
    *[("dice421.play_game", f"test_play_game_{n}", "stub") for n in range(3)],
]


def result(language: str | None) -> GradingResult:
    """A 421 notebook with two exercises done (one wrong once) and two still stubs."""
    say = Words(ROOT, language) if language else ENGLISH
    tests = []
    for exercise, name, does in TESTS:
        call = f"{exercise.split('.')[1]}(6, 5)"
        output = "" if does == "pass" else \
            say("`{call}` returned {got}, expected {want}", call=call, got="[5, 6]", want="(5, 6)") if does == "wrong" \
            else say("`{call}` raised {name}: {message}", call=call, name="NotImplementedError",
                     message=stub_sentence(exercise, language or "en"))
        if does != "pass":
            output += say("\nHint: {hint}", hint=say.hint("Return the pair as a tuple."))
        tests.append(Outcome(f"{exercise}: {name}", 1.0 if does == "pass" else 0.0, 1.0,
                                 "passed" if does == "pass" else "failed", output, (exercise,)))
    exercises = {}
    for exercise, _, does in TESTS:
        entry = exercises.get(exercise, ExerciseScore(0.0, 2.0))
        exercises[exercise] = ExerciseScore(entry.score + (does == "pass"), 2.0, entry.passed + (does == "pass"),
                                            entry.total + 1)
    return GradingResult(score=sum(e.score for e in exercises.values()), output="", student="zoe",
                         worksheet="dice421", path="02_dice_421.ipynb", status="graded", tests=tuple(tests),
                         exercises=exercises, language=language)


def shape(text: str) -> list[tuple[str, list[str]]]:
    """Each line's kind (heading, table row, list item, text, blank) and its numbers and code."""
    kinds = [("#", "heading"), ("|", "row"), ("  -", "item in item"), ("-", "item")]
    return [(next((kind for start, kind in kinds if line.startswith(start)), "text" if line else "blank"),
             re.findall(r"\d+", re.sub(r"`[^`]*`", "", line)) + re.findall(r"`[^`]*`", line)) for line in
            text.splitlines()]


@pytest.mark.parametrize("stubs", [True, False], ids=["stubs left", "no stub"])
def test_the_french_feedback_says_what_the_english_says(stubs):
    english, french = result(None), result("fr")
    if not stubs:
        keep = [t for t in english.tests if "play_" not in t.name]
        english = GradingResult(**{**english.__dict__, "tests": tuple(keep)})
        french = GradingResult(**{**french.__dict__, "tests": tuple(t for t in french.tests if "play_" not in t.name)})
    said, dit = feedback("zoe", [english], ROOT), feedback("zoe", [french], ROOT)
    assert dit != said
    assert shape(dit) == shape(said), f"English:\n{said}\n\nFrench:\n{dit}"


def test_a_stub_that_fails_eight_tests_is_one_line_in_both_languages():
    for language in (None, "fr"):
        text = feedback("zoe", [result(language)], ROOT)
        assert "8" in next(line for line in text.splitlines() if "`dice421.play_turn`" in line)
        assert "test_play_turn_3" not in text
