"""Helpers shipped into a notebook's process (course.grading.notebook.shipped): a whole loop in one
request, its log as call-by-call would have given it, the comparison left to the grader."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from course.grading.grader.handle import TRACE, Handle
from course.grading.grader.submission import REQUESTS, Submission, SubmissionCrashed
from course.grading.notebook import sandbox
from course.grading.notebook.shipped import Replay, raised, ship
from exercises.dominations import Domino, Square
from support.notebooks import start_notebook

CELLS = [
    "class Counter:\n"
    "    def __init__(self):\n        self.cells = [0, 0]\n"
    "    def step(self, pit):\n"
    "        if pit < 0:\n            raise IndexError(f'no pit {pit}')\n"
    "        self.cells[pit % 2] += 1\n"
    "    def over(self):\n        return sum(self.cells) >= 5",
    "class Sneaky(ValueError):\n    pass\n"
    "def refuse():\n    raise Sneaky('no')",
    "def keep(player):\n    return [player.choose(n) for n in range(3)]",
    "log = 'the notebook s own log'",
]

#: a module of helpers as a hidden test writes one: a recording player and a whole loop
HELPERS = '''
import os

class Recorder:
    """Records what it is shown (a snapshot, as crossing the wire would) and plays 1."""

    def __init__(self):
        self.log = []

    def choose(self, shown):
        self.log.append(snapshot(shown))
        return 1


def play(counter):
    """Every position the loop went through, and how it ended."""
    log = []
    while not counter.over():
        log.append(snapshot(counter.cells))  # the same list object, changed in place later
        counter.step(len(log))
    return log, counter.over()


def outcome(call):
    try:
        return ("value", call())
    except Exception as error:
        return ("raised", caught(error))


def where():
    return os.getpid()


def steps(tape, counter, pits):
    for pit in pits:
        tape(counter.step(pit))
        tape(counter.cells)


def attempts(tape, counter, pits):
    for pit in pits:
        tape(attempt(lambda: counter.step(pit)))
        tape(counter.cells)
'''


def helpers(folder: Path, name: str = "helpers_demo", text: str = HELPERS):
    """The helper module imported here, as a hidden test imports its helpers."""
    path = folder / f"{name}.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@pytest.fixture(scope="module")
def sub(tmp_path_factory: pytest.TempPathFactory) -> Submission:
    submission = start_notebook(tmp_path_factory.mktemp("shipped") /
        "shipped.ipynb", CELLS, sandbox.Limits(call_seconds=5))
    yield submission
    submission.close()


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory):
    return helpers(tmp_path_factory.mktemp("helpers"))


def test_a_whole_loop_is_one_request_and_its_log_keeps_each_moment(sub: Submission, module) -> None:
    shipped = ship(sub, module)
    assert type(shipped) is Handle
    before = REQUESTS[0]
    log, over = sub.eval("h.play(Counter())", h=shipped)
    assert REQUESTS[0] - before == 1
    # each position as it was then, though the notebook changed the same list afterwards
    assert log == [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2]] and over is True
    # what the same loop gives call by call from the grader
    counter, by_calls = sub.Counter(), []
    while counter.over() is False:
        by_calls.append(counter.cells)
        counter.step(len(by_calls))
    assert by_calls == log


def test_a_module_is_shipped_once_per_process_and_again_after_a_restart(sub: Submission, module) -> None:
    first = ship(sub, module)
    before = REQUESTS[0]
    assert ship(sub, module) is first and REQUESTS[0] == before
    pid = sub.eval("h.where()", h=first)
    with pytest.raises(SubmissionCrashed):
        sub.eval("__import__('os')._exit(3)")
    sub.revive()
    again = ship(sub, module)
    assert again is not first and sub.eval("h.where()", h=again) != pid


def test_helpers_live_apart_from_the_notebooks_names(sub: Submission, module) -> None:
    shipped = ship(sub, module)
    assert sub.eval("log") == "the notebook s own log"
    assert sub.defines("Recorder") is False and sub.defines("play") is False
    assert sub.eval("h.Recorder().log", h=shipped) == []


def test_a_recording_player_lives_in_the_notebooks_process(sub: Submission, module) -> None:
    before = REQUESTS[0]
    assert sub.eval("(p := h.Recorder(), keep(p), p.log)[1:]", h=ship(sub, module)) == ([1, 1, 1], [0, 1, 2])
    assert REQUESTS[0] - before <= 2  # shipping (once), then the whole game


def test_a_caught_exception_is_rebuilt_as_a_direct_call_raises_it(sub: Submission, module) -> None:
    shipped = ship(sub, module)
    for expression in ("Counter().step(-1)", "refuse()"):
        kind, error = sub.eval(f"h.outcome(lambda: {expression})", h=shipped)
        assert kind == "raised"
        rebuilt = raised(sub, error)
        with pytest.raises(Exception) as direct:
            sub.eval(expression)
        assert type(rebuilt) is type(direct.value) and str(rebuilt) == str(direct.value)
    assert type(raised(sub, {"kind": "exception", "types": [["builtins", "IndexError"]], "message": "x"})) \
        is IndexError


def test_snapshots_copy_what_can_change_and_keep_the_packages_values(sub: Submission, module) -> None:
    domino = Domino(13, Square("water", 0), Square("forest", 1))
    shipped = ship(sub, module)
    # a tuple of values that cannot change, and the package's frozen values, are kept as they are
    kept = sub.eval("(lambda t, d: (s := h.snapshot((t, d, [t])), s[0] is t, s[2][0] is t, s[1] is d, s[1]))(t, d)",
                    h=shipped, t=(1, "a", None), d=domino)
    assert kept[1:] == (True, True, True, domino)
    changed = sub.eval("(lambda l: (s := h.snapshot({'k': l}), l.append(3), s)[2])([1, 2])", h=shipped)
    assert changed == {"k": [1, 2]}
    # nested tuples: kept whole when nothing in them can change, copied down to a list inside
    assert sub.eval("(lambda f: h.snapshot(f) is f)(frozenset({(1, 2), (3, ((4, 5), 'x'))}))", h=shipped) is True
    deep = sub.eval("(lambda l: (s := h.snapshot((1, ((2, l), 'x'))), l.append(3), s)[2])([0])", h=shipped)
    assert deep == (1, ((2, [0]), "x"))


def test_only_a_module_with_its_source_file_is_shipped(sub: Submission) -> None:
    before = REQUESTS[0]
    with pytest.raises(ValueError, match="no source file"):
        ship(sub, sys)
    assert REQUESTS[0] == before  # nothing was sent


def test_a_taped_loop_is_replayed_in_order_and_raises_where_the_notebook_raised(sub: Submission, module) -> None:
    before = REQUESTS[0]
    recorded = sub.eval("h.taped(h.steps, Counter(), [0, 1, -1, 1])", h=ship(sub, module))
    assert REQUESTS[0] - before <= 2
    tape = Replay(sub, recorded)
    assert tape("Counter().step(0)") is None and tape() == [1, 0]
    assert tape("Counter().step(1)") is None and tape() == [1, 1]
    assert (TRACE.call, TRACE.returned) == ("Counter().step(1)", True)
    with pytest.raises(IndexError, match="no pit -1") as error:
        tape("Counter().step(-1)")
    # as a direct call's exception: feedback names the call that raised it
    assert getattr(error.value, "_from_notebook", False) and (TRACE.call, TRACE.returned) == (
        "Counter().step(-1)", False)
    with pytest.raises(IndexError) as direct:
        sub.eval("Counter().step(-1)")
    assert type(direct.value) is type(error.value)
    complete = Replay(sub, sub.eval("h.taped(h.steps, Counter(), [1])", h=ship(sub, module)))
    assert complete() is None and complete() == [0, 1]
    with pytest.raises(RuntimeError, match="more values than"):
        complete()


def test_an_attempt_goes_on_after_an_exception_and_replays_it_where_it_was(sub: Submission, module) -> None:
    tape = Replay(sub, sub.eval("h.taped(h.attempts, Counter(), [1, -1, 2])", h=ship(sub, module)))
    assert tape.outcome("Counter().step(1)") is None and tape() == [0, 1]
    with pytest.raises(IndexError, match="no pit -1"):
        tape.outcome("Counter().step(-1)")
    assert (TRACE.call, TRACE.returned) == ("Counter().step(-1)", False)
    assert tape() == [0, 1]  # the loop went on
    assert tape.outcome("Counter().step(2)") is None and tape() == [1, 1]
