"""Many calls of a notebook's function in one request (course.grading.grader.calls), as the calls one
by one would have answered: values, exceptions where the loop meets them, feedback's call."""

from __future__ import annotations

import pytest

from course.grading.grader.calls import calls
from course.grading.grader.handle import TRACE, Handle
from course.grading.grader.submission import REQUESTS, Submission, SubmissionTimeout
from course.grading.notebook import sandbox
from support.notebooks import start_notebook

CELLS = [
    "import time\nclass Box:\n    pass",
    "def sort3(a, b, c):\n"
    "    if a == 0:\n        raise ValueError(f'no zero: {a}, {b}, {c}')\n"
    "    if a == 99:\n        time.sleep(30)\n"
    "    return tuple(sorted((a, b, c), reverse=True))",
    "def box(n):\n    return Box()",
]


@pytest.fixture(scope="module")
def sub(tmp_path_factory: pytest.TempPathFactory) -> Submission:
    submission = start_notebook(tmp_path_factory.mktemp("calls") / "calls.ipynb", CELLS, sandbox.Limits(call_seconds=2))
    yield submission
    submission.close()


def test_many_calls_in_one_request_give_what_each_call_gives(sub: Submission) -> None:
    throws = [(1, 2, 3), (6, 6, 1), (2, 5, 4)]
    function = sub.sort3
    before = REQUESTS[0]
    found = list(calls(function, throws))
    assert REQUESTS[0] - before == 1
    assert found == [function(*throw) for throw in throws] == [(3, 2, 1), (6, 6, 1), (5, 4, 2)]
    assert (TRACE.call, TRACE.value) == ("sort3(2, 5, 4)", (5, 4, 2))


def test_an_exception_is_raised_where_the_loop_reaches_its_call(sub: Submission) -> None:
    seen = []
    with pytest.raises(ValueError, match="no zero: 0, 1, 2") as error:
        for value in calls(sub.sort3, [(3, 1, 2), (0, 1, 2), (4, 4, 4)]):
            seen.append(value)
    assert seen == [(3, 2, 1)]
    assert (TRACE.call, TRACE.returned) == ("sort3(0, 1, 2)", False)
    with pytest.raises(ValueError) as direct:
        sub.sort3(0, 1, 2)
    assert type(error.value) is type(direct.value) and getattr(error.value, "_from_notebook", False)


def test_a_call_past_its_time_fails_the_test_and_handles_are_named_by_their_call(sub: Submission) -> None:
    with pytest.raises(SubmissionTimeout):
        list(calls(sub.sort3, [(1, 1, 1), (99, 1, 1)]))
    sub.revive()
    made, = calls(sub.box, [(7,)])
    assert type(made) is Handle and object.__getattribute__(made, "_label") == "box(7)"
    assert list(calls(sub.box, [])) == []
    with pytest.raises(TypeError):
        list(calls(len, [((1,),)]))
