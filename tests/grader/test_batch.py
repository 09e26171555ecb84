"""One request for many cases: ``Submission.eval_cases``, as ``eval`` case by case would be."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from course.grading.grader.differential import compare, outcomes
from course.grading.grader.submission import (
    REQUESTS,
    Handle,
    Submission,
    SubmissionCrashed,
    SubmissionError,
    SubmissionExit,
    SubmissionTimeout,
)
from course.grading.notebook import sandbox
from exercises.checks import Status
from support.notebooks import start_notebook

CELLS = [
    "import time, os, gc\nfrom exercises.checks import Status",
    "class Box:\n    def __init__(self, n):\n        self.n = n\n    def __eq__(self, other):\n        return True",
    "class MyError(ValueError):\n    pass",
    "def half(n):\n"
    "    if n < 0:\n        raise MyError(f'negative {n}')\n"
    "    if n == 99:\n        time.sleep(30)\n"
    "    if n == 98:\n        raise SystemExit(4)\n"
    "    if n == 97:\n        raise KeyboardInterrupt\n"
    "    return n // 2",
    "seen = []\n"
    "def counted(n):\n    seen.append(n)\n    return n",
    "def slow(n):\n    time.sleep(0.4)\n    return n",
    "def forge(answer, ticks=()):\n"
    "    server = next(o for o in gc.get_objects() if type(o).__name__ == 'Server')\n"
    "    def lie(self, message):\n"
    "        for tick in ticks:\n            self.channel.send({'tick': tick})\n"
    "        return answer(message)\n"
    "    type(server).op_eval_cases = lie",
]


def started(folder: Path, limits: sandbox.Limits) -> Submission:
    return start_notebook(folder / "batch.ipynb", CELLS, limits)


@pytest.fixture
def sub(tmp_path: Path) -> Submission:
    submission = started(tmp_path, sandbox.Limits(call_seconds=1.5))
    yield submission
    submission.close()


@pytest.fixture
def roomy(tmp_path: Path) -> Submission:
    """A notebook whose calls have time to spare: encoding a million values before refusing them
    takes over the usual 10 s on a loaded machine, and the limit these tests test is the size."""
    submission = started(tmp_path, sandbox.Limits(call_seconds=120))
    yield submission
    submission.close()


def test_values_and_exceptions_come_back_per_case_as_eval_gives_them(sub: Submission) -> None:
    cases = [{"n": 4}, {"n": -3}, {"n": 7}, {"n": "x"}]
    before = REQUESTS[0]
    found = sub.eval_cases("half(n)", cases)
    assert REQUESTS[0] - before == 1
    assert found[0] == (True, 2) and found[2] == (True, 3)
    assert found[1][0] is False and type(found[1][1]) is ValueError and str(found[1][1]) == "negative -3"
    assert found[3][0] is False and type(found[3][1]) is TypeError
    for case, (ok, value) in zip(cases, found):
        try:
            single = (True, sub.eval("half(n)", **case))
        except Exception as error:  # noqa: BLE001
            single = (False, error)
        assert ok is single[0] and type(value) is type(single[1]) and str(value) == str(single[1])


def test_plain_data_package_values_and_handles(sub: Submission) -> None:
    found = sub.eval_cases("x", [{"x": (1, [2.5, None])}, {"x": {1: frozenset({2})}}, {"x": Status.PASSED}])
    assert found == [(True, (1, [2.5, None])), (True, {1: frozenset({2})}), (True, Status.PASSED)]
    (ok, box), (_, same) = sub.eval_cases("b", [{"b": sub.eval("Box(1)")}] * 2)
    assert ok and type(box) is Handle and box == same and box.n == 1
    assert box != 1  # the notebook's __eq__ decides nothing here
    assert sub.eval_cases("b.n + k", [{"b": box, "k": 2}]) == [(True, 3)]


def test_a_case_past_its_time_fails_the_test_and_stops_the_batch(sub: Submission) -> None:
    started = time.monotonic()
    with pytest.raises(SubmissionTimeout, match=r"\(counted\(n\), half\(n\)\) ran longer"):
        sub.eval_cases("(counted(n), half(n))", [{"n": 2}, {"n": 4}, {"n": 99}, {"n": 6}])
    assert time.monotonic() - started < 10
    assert sub.eval("seen") == [2, 4, 99]  # the fourth case never ran


def test_each_case_has_the_calls_time_of_its_own(sub: Submission) -> None:
    cases = [{"n": n} for n in range(6)]  # 2.4 s in all, 0.4 s each: more than one call's 1.5 s
    assert sub.eval_cases("slow(n)", cases) == [(True, n) for n in range(6)]


def test_sys_exit_in_a_case_fails_the_test_as_eval_does(sub: Submission) -> None:
    with pytest.raises(SubmissionExit, match=r"sys.exit\(4\)"):
        sub.eval_cases("(counted(n), half(n))", [{"n": 1}, {"n": 98}, {"n": 3}])
    assert sub.eval("seen") == [1, 98]
    with pytest.raises(SubmissionError, match="KeyboardInterrupt"):
        sub.eval_cases("half(n)", [{"n": 1}, {"n": 97}])


def test_a_process_that_dies_mid_batch_fails_the_test_and_the_next_gets_a_fresh_one(sub: Submission) -> None:
    pid = sub.eval("os.getpid()")
    with pytest.raises(SubmissionCrashed, match=r"process exited with status 3 .* during os._exit"):
        sub.eval_cases("os._exit(3) if n == 2 else n", [{"n": 1}, {"n": 2}, {"n": 3}])
    sub.revive()
    assert sub.eval("os.getpid()") != pid
    assert sub.eval_cases("n", [{"n": 5}]) == [(True, 5)]


def test_a_huge_list_is_split_to_fit_the_wire(roomy: Submission) -> None:
    sub = roomy
    big = "x" * 100_000
    cases = [{"n": n, "pad": big} for n in range(400)]  # 40 MB of cases, over one message's limit
    before = REQUESTS[0]
    found = sub.eval_cases("(n, pad)", cases)
    assert [value[0] for _, value in found] == list(range(400)) and all(ok for ok, _ in found)
    assert 2 <= REQUESTS[0] - before <= 4
    many = sub.eval_cases("n", [{"n": n} for n in range(20_000)])
    assert many == [(True, n) for n in range(20_000)]
    too_big = sub.eval_cases("[()] * k", [{"k": 1}, {"k": 1 << 20}, {"k": 2}])
    assert too_big[0] == (True, [()]) and too_big[2] == (True, [(), ()])
    assert type(too_big[1][1]) is ValueError and "too large to send" in str(too_big[1][1])


def test_differential_outcomes_send_one_request_per_side(sub: Submission) -> None:
    cases = [{"n": n} for n in range(-3, 40)]
    before = REQUESTS[0]
    got = outcomes(sub, "half(n)", cases)
    assert REQUESTS[0] - before == 1
    assert [str(outcome) for outcome in got[:4]] == ["ValueError: negative -3", "ValueError: negative -2",
                                                      "ValueError: negative -1", "0"]
    compare(sub, sub, "half(n)", cases)
    assert REQUESTS[0] - before == 3


@pytest.mark.parametrize("forged", [
    "lambda m: [{'ok': 1}] * (len(m['cases']) + 1)",  # more answers than cases
    "lambda m: []",  # no answer at all
    "lambda m: [{'ok': 1, 'error': {}}] * len(m['cases'])",  # both a value and an error
    "lambda m: [{'maybe': 1}] * len(m['cases'])",
    "lambda m: 'all right'",
])
def test_a_tampered_worker_cannot_make_a_batch_lie(sub: Submission, forged: str) -> None:
    sub.run(f"forge({forged})")
    with pytest.raises(SubmissionError, match="protocol"):
        sub.eval_cases("n", [{"n": 1}, {"n": 2}])


@pytest.mark.parametrize("ticks", ["(1, 1)", "(5,)", "(0,)", "('1',)"])
def test_a_tampered_worker_cannot_extend_its_time_with_ticks(sub: Submission, ticks: str) -> None:
    sub.run(f"forge(lambda m: [{{'ok': 0}}] * len(m['cases']), {ticks})")
    with pytest.raises(SubmissionError, match="protocol"):
        sub.eval_cases("n", [{"n": 1}, {"n": 2}, {"n": 3}])


def test_ticks_never_give_more_time_than_the_cases_would_have(sub: Submission) -> None:
    # a worker that says every case started, then hangs: stopped a call's time after its last tick
    sub.run("import signal\n"
            "forge(lambda m: (signal.setitimer(signal.ITIMER_REAL, 0), time.sleep(60)), (1, 2))")
    started = time.monotonic()
    with pytest.raises(SubmissionTimeout, match="process was stopped"):
        sub.eval_cases("n", [{"n": 1}, {"n": 2}, {"n": 3}])
    assert time.monotonic() - started < 1.5 + 2.0 + 3

