"""course.grading.grader.differential: the submission against the reference, on drawn cases."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT
from course.grading.grader import drawing, stored
from course.grading.grader.differential import Outcome, agree, call_text, compare, draw


class Namespace:
    """A stand-in for ``sub``/``ref``: evaluates an expression among the given functions."""

    def __init__(self, **functions):
        self.functions = functions
        self.calls = 0

    def eval(self, expression, **names):
        self.calls += 1
        return eval(expression, {"__builtins__": __builtins__}, {**self.functions, **names})


def tokens(a, b, c):
    return 8 if (a, b, c) == (4, 2, 1) else 5 if a == b == c else 2 if a == b + 1 == c + 2 else 1


THROWS = [{"a": a, "b": b, "c": c} for a in range(1, 7) for b in range(1, a + 1) for c in range(1, b + 1)]


def test_a_right_answer_written_another_way_passes():
    def other(a, b, c):
        if a == b and b == c:
            return 5
        return {(4, 2, 1): 8}.get((a, b, c), 2 if a - c == 2 and a - b == 1 else 1)

    compare(Namespace(tokens_of=other), Namespace(tokens_of=tokens), "tokens_of(a, b, c)", THROWS)


def test_a_mistake_is_told_by_its_shortest_failing_call():
    def straight_by_ends(a, b, c):
        return 8 if (a, b, c) == (4, 2, 1) else 5 if a == b == c else 2 if a == c + 2 else 1

    with pytest.raises(pytest.fail.Exception) as failure:
        compare(Namespace(tokens_of=straight_by_ends), Namespace(tokens_of=tokens), "tokens_of(a, b, c)", THROWS)
    message = str(failure.value)
    wrong = [call_text("tokens_of(a, b, c)", case) for case in THROWS
             if straight_by_ends(**case) != tokens(**case)]
    assert message.startswith(f"`{min(wrong, key=len)}` returned 2, expected 1")
    assert f"({len(wrong) - 1} more of {len(THROWS)} cases fail)" in message


def test_a_value_of_another_type_is_not_the_answer():
    assert not agree(Outcome(value=1), Outcome(value=True))
    assert not agree(Outcome(value=[1, 2]), Outcome(value=(1, 2)))
    assert agree(Outcome(value=(1, 2)), Outcome(value=(1, 2)))


def test_an_exception_must_be_of_the_references_type_a_subclass_will_do():
    class Refused(ValueError):
        pass

    assert agree(Outcome(raised=Refused, message="non"), Outcome(raised=ValueError, message="no"))
    assert not agree(Outcome(raised=TypeError), Outcome(raised=ValueError))
    assert not agree(Outcome(value=None), Outcome(raised=ValueError))
    assert not agree(Outcome(raised=ValueError), Outcome(value=3))


def test_prepare_compares_only_what_the_text_fixes():
    reference = Namespace(pits=lambda cells: [i for i, c in enumerate(cells) if c])
    backwards = Namespace(pits=lambda cells: [i for i in reversed(range(len(cells))) if cells[i]])
    cases = [{"cells": [0, 3, 0, 2]}, {"cells": [1, 1]}]
    compare(backwards, reference, "pits(cells)", cases, prepare=sorted)
    with pytest.raises(pytest.fail.Exception):
        compare(backwards, reference, "pits(cells)", cases)


def test_the_call_to_paste_puts_the_values_in_place_of_the_names():
    assert call_text("Board(cells, 0).play(pit)", {"cells": [4, 4], "pit": 5}) == "Board([4, 4], 0).play(5)"


def test_a_draw_is_the_same_at_every_call_and_in_every_process(tmp_path):
    """A live draw may depend on what its process imported (Hypothesis draws some constants
    from the modules loaded): the draw stored once is what every process reads back."""
    strategy = drawing.st.tuples(drawing.st.text(max_size=12), drawing.st.integers())
    stored.USED = stored.Store()
    try:
        first = draw(strategy, 200)
        assert first == draw(strategy, 200) and len(first) > 150
        stored.write(tmp_path / "cases.json", stored.USED)
    finally:
        stored.USED = None
    program = ("from pathlib import Path\nfrom course.grading.grader import stored\n"
               "from course.grading.grader.drawing import st\nfrom course.grading.grader.differential import draw\n"
               "{imports}stored.load(Path({path!r}))\nstored.ONLY[0] = True\n"
               "print(draw(st.tuples(st.text(max_size=12), st.integers()), 200))")
    outputs = {
        subprocess.run([sys.executable, "-c", program.format(imports=imports, path=str(tmp_path / "cases.json"))],
                       cwd=ROOT, capture_output=True, text=True, timeout=120, check=True).stdout
        for imports in ("", "import course.grading.instructor.run, course.report, exercises.dominations\n")
    }
    assert outputs == {f"{first}\n"}, "what a process imported changed the cases it read"


class Ahead(Namespace):
    """A stand-in for a graded notebook that can be asked ahead (``eval_cases_later``): it
    notes when it is asked and when its answers are read."""

    def __init__(self, name, log, **functions):
        super().__init__(**functions)
        self.name, self.log = name, log

    def eval_cases_later(self, expression, cases):
        self.log.append(f"{self.name} asked")
        answers = [(True, self.eval(expression, **case)) for case in cases]

        def read():
            self.log.append(f"{self.name} read")
            return answers

        return read


def test_the_notebook_is_asked_before_the_reference_is_read_and_read_after():
    log = []
    sub, ref = Ahead("sub", log, tokens=tokens), Ahead("ref", log, tokens=tokens)
    compare(sub, ref, "tokens(a, b, c)", THROWS)
    assert log == ["sub asked", "ref asked", "ref read", "sub read"]


def test_a_notebook_that_is_the_reference_is_asked_once_at_a_time():
    log = []
    both = Ahead("ref", log, tokens=tokens)
    compare(both, both, "tokens(a, b, c)", THROWS)
    assert log == ["ref asked", "ref read", "ref asked", "ref read"]


def test_when_the_reference_fails_the_notebooks_answers_are_read_and_its_failure_raised():
    from course.grading.grader.differential import alongside

    log = []
    sub = Ahead("sub", log, tokens=tokens)

    def later(target):
        if target is sub:
            return sub.eval_cases_later("tokens(4, 2, 1)", [{}])
        raise RuntimeError("the reference's stored answers are stale")

    with pytest.raises(RuntimeError, match="stale"):
        alongside(sub, object(), later)
    assert log == ["sub asked", "sub read"]  # nothing left waiting on the notebook's channel
