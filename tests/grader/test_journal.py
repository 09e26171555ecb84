"""The reference's process answered from the journal (course.grading.grader.journal): a conversation a
grading process had before costs no request; the first new request starts the process, which
first gets every request the journal answered, so that it is in the same state."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from conftest import ROOT
from course.grading import wire
from course.grading.grader import journal, submission
from course.grading.grader.handle import Handle
from course.grading.grader.journal import Reference
from course.grading.grader.submission import REQUESTS, Submission, SubmissionTimeout
from course.grading.notebook import sandbox
from support.notebooks import notebook

CELLS = [
    "import time\ncalls = []",
    "def tick(n):\n    calls.append(n)\n    return len(calls)",
    (
        "class Box:\n    def __init__(self, n):\n        self.n = n\n    def grow(self):\n        self.n += 1\n        "
        "return self.n"
    ),
    "def slow(n):\n    time.sleep(n)\n    return n",
    "def ask(player):\n    return player.name()",
]


class Named:
    def name(self) -> str:
        return "Ada"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    journal.JOURNAL.clear()
    found = tmp_path / "reference.ipynb"
    found.write_text(json.dumps(notebook(CELLS)), encoding="utf-8")
    return found


def reference(path: Path) -> Reference:
    return Reference(path, reference=ROOT / "solutions" / "00_start_here.ipynb", limits=sandbox.Limits(call_seconds=1))


def conversation(ref: Reference) -> list:
    box = ref.Box(3)
    return [ref.tick(1), ref.tick(2), box.grow(), box.grow(), ref.eval_cases("tick(n)", [{"n": 3}, {"n": 4}])]


def test_the_same_conversation_again_is_answered_by_the_journal(path: Path) -> None:
    first = reference(path)
    try:
        said = conversation(first)
    finally:
        first.close()
    assert said == [1, 2, 4, 5, [(True, 3), (True, 4)]]
    before = REQUESTS[0]
    again = reference(path)
    try:
        assert conversation(again) == said
        assert REQUESTS[0] == before and again._process.started is False  # no process, no request
        assert type(again.Box(9)) is Handle  # a new request: the process starts
        assert again._process.started is True
    finally:
        again.close()


def test_a_new_request_finds_the_process_in_the_state_the_journal_left(path: Path) -> None:
    first = reference(path)
    conversation(first)
    first.close()
    again = reference(path)
    try:
        box_said = conversation(again)
        assert again._process.started is False
        # the requests answered by the journal reached the process before this one
        assert again.eval("(len(calls), calls)") == (4, [1, 2, 3, 4])
        assert box_said[3] == 5 and again.tick(5) == 5
    finally:
        again.close()


def test_a_conversation_that_passes_an_object_of_the_tests_is_not_journaled(path: Path) -> None:
    for _ in range(2):
        ref = reference(path)
        try:
            assert ref.tick(1) == 1
            assert ref.ask(Named()) == "Ada"
            assert ref._process.started is True  # the first time, and the second: nothing journaled
            assert ref.tick(2) == 2
        finally:
            ref.close()
    again = reference(path)
    try:
        assert again.tick(1) == 1 and again._process.started is False
    finally:
        again.close()


def test_a_case_past_its_time_is_not_journaled(path: Path) -> None:
    ref = reference(path)
    try:
        with pytest.raises(SubmissionTimeout):
            ref.eval_cases("slow(n)", [{"n": 0}, {"n": 3}])
    finally:
        ref.close()
    again = reference(path)
    try:
        assert again._process.started is False  # the cells were journaled
        with pytest.raises(SubmissionTimeout):  # the case that ran out of time was not: asked again
            again.eval_cases("slow(n)", [{"n": 0}, {"n": 3}])
        assert again._process.started is True
    finally:
        again.close()


def test_a_batch_that_said_it_was_alive_is_sent_again_as_a_batch(path: Path) -> None:
    cases = [{"n": 0.15} for _ in range(4)]  # 0.6 s: the batch tells the grader it is alive
    first = reference(path)
    try:
        assert first.eval_cases("slow(n)", cases) == [(True, 0.15)] * 4
    finally:
        first.close()
    again = reference(path)
    try:
        assert again.eval_cases("slow(n)", cases) == [(True, 0.15)] * 4
        assert again._process.started is False
        assert again.tick(1) == 1  # started: the batch is sent again first, ticks and all
        assert again._process.started is True
    finally:
        again.close()


@pytest.mark.filterwarnings("ignore::nbformat.validator.MissingIDFieldWarning")  # the test's notebook has no ids
def test_a_retry_asks_a_reference_of_its_own(path: Path) -> None:
    from course.grading.grader.journal import own_reference

    first = reference(path)
    try:
        conversation(first)
    finally:
        first.close()
    main = reference(path)
    try:
        arguments = {"ref": main, "sub": None}
        with own_reference(arguments, sandbox.Limits(call_seconds=1)):
            retry = arguments["ref"]
            assert retry is not main and isinstance(retry, Reference)
            assert retry.tick(7) == 1  # asked of its own process; the module's reference is untouched
        assert arguments["ref"] is main and retry._process.alive is False
        assert conversation(main) == [1, 2, 4, 5, [(True, 3), (True, 4)]]
        assert main._process.started is False  # its conversation is still the journal's
    finally:
        main.close()
    plain = {"ref": "not journaled"}
    with own_reference(plain, sandbox.Limits()):
        assert plain["ref"] == "not journaled"


def test_a_request_read_after_the_graders_own_work_past_its_time_gets_its_answer(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(submission, "GRACE_SECONDS", 0.3)
    sub = Submission(path, reference=ROOT / "solutions" / "00_start_here.ipynb",
                     limits=sandbox.Limits(call_seconds=0.5))
    try:
        pending = sub.eval_cases_later("slow(n)", [{"n": 0.1}, {"n": 0.2}])
        with pytest.raises(RuntimeError, match="waits for its answer"):  # one request at a time
            sub.tick(1)
        time.sleep(0.5 + submission.GRACE_SECONDS + 0.3)  # the grader at work past the call's time and its grace
        assert pending() == [(True, 0.1), (True, 0.2)]
        assert sub.tick(7) == 1  # the refused request was never sent
    finally:
        sub.close()
    stuck = Submission(path, reference=ROOT / "solutions" / "00_start_here.ipynb",
                       limits=sandbox.Limits(call_seconds=0.5))
    try:
        pending = stuck.eval_cases_later("slow(n)", [{"n": 0}, {"n": 30}])
        time.sleep(0.1)
        with pytest.raises(SubmissionTimeout):  # read at once, a case past its time still fails
            pending()
    finally:
        stuck.close()


@pytest.mark.parametrize("message", [
    {"op": "eval", "expression": "f(s)", "names": {"s": {"$set": ["b", "a"]}}},
    {"op": "eval", "expression": "f(s)", "names": {"s": {"$frozenset": [{"$tuple": [2, 1]}, 0]}}},
    {"op": "eval", "expression": "f(s)", "names": {"s": "$set"}},
    {"op": "eval", "expression": "g(x)", "names": {"x": {"$tuple": [1, "a", None]}}},
])
def test_a_request_is_digested_in_its_canonical_form(message: dict) -> None:
    assert journal._digested(message) == wire.dumps(journal._canonical(message))
