"""What crosses between a hidden test and the graded notebook's process: values, handles, calls."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from conftest import ROOT
from course.grading import wire
from course.grading.grader.handle import Handle
from course.grading.grader.submission import Submission, SubmissionError, SubmissionFailure
from course.grading.notebook import sandbox
from course.grading.wire import codec
from exercises.checks import Status
from support.notebooks import start_notebook, started_fixture

CELLS = [
    "%xmode Minimal\nimport random\nfrom exercises.jass import Card, Rank, Suit\nfrom exercises.checks import Status",
    "def echo(value):\n    return value",
    "def kind(value):\n    return type(value).__name__",
    "class Box:\n"
    "    def __init__(self, items):\n        self.items = list(items)\n"
    "    def __len__(self):\n        return len(self.items)\n"
    "    def __iter__(self):\n        return iter(self.items)\n"
    "    def __getitem__(self, index):\n        return self.items[index]\n"
    "    def __str__(self):\n        return f'Box of {len(self.items)}'\n"
    "    def __repr__(self):\n        return f'Box({self.items!r})'\n"
    "    def __eq__(self, other):\n        return True\n"
    "    __hash__ = object.__hash__\n"
    "    def total(self):\n        return sum(self.items)",
    "def play(player, turns):\n    return [player.choose(turn) for turn in range(turns)]",
    "def nested(asker):\n    return asker.ask_back(echo)",
    "class MyError(ValueError):\n    pass\n\n"
    "def fail(kind):\n"
    "    if kind == 'value':\n        raise ValueError('bad value')\n"
    "    if kind == 'key':\n        raise KeyError('k')\n"
    "    if kind == 'mine':\n        raise MyError('my own')\n"
    "    if kind == 'interrupt':\n        raise KeyboardInterrupt\n",
    "def snoop(target):\n"
    "    found = []\n"
    "    for name in ['_secret', '__dict__', 'gi_frame', 'f_globals', 'frames']:\n"
    "        try:\n            getattr(target, name)\n            found.append(name)\n"
    "        except Exception as error:\n            found.append(type(error).__name__)\n"
    "    return found",
    "class FakeInt(int):\n    def __eq__(self, other):\n        return True\n    __hash__ = int.__hash__",
    "rng = random.Random(5)",
    "cards = {Card(Suit.SPADE, Rank.SIX): Status.PASSED}",
]



sub = started_fixture(CELLS, "values")


PLAIN = [None, True, False, 0, -7, 2**80, 2.5, "dés ⚀", [1, [2, "x"]], (1, (2,)), (), {1, 2},
         frozenset({3, (4, 5)}), {"a": {"b": (1,)}}, {(1, 2): [3], 4: None, None: frozenset()}, []]


@pytest.mark.parametrize("value", PLAIN, ids=repr)
def test_plain_values_cross_both_ways_with_their_exact_types(sub: Submission, value: object) -> None:
    back = sub.echo(value)
    assert back == value
    assert type(back) is type(value)
    assert sub.kind(value) == type(value).__name__


def test_floats_that_json_cannot_spell_cross(sub: Submission) -> None:
    assert math.isnan(sub.echo(float("nan")))
    assert sub.echo(float("-inf")) == float("-inf")


def test_package_enums_and_frozen_dataclasses_are_rebuilt_from_the_real_classes(sub: Submission) -> None:
    from exercises.jass import Card, Rank, Suit

    card = Card(Suit.HEART, Rank.ACE)
    assert sub.echo(card) == card and type(sub.echo(card)) is Card
    assert sub.kind(card) == "Card" and sub.kind(Suit.HEART) == "Suit"
    assert sub.echo(Suit.HEART) is Suit.HEART
    assert sub.cards == {Card(Suit.SPADE, Rank.SIX): Status.PASSED}


def test_a_random_crosses_as_a_copy_of_its_state(sub: Submission) -> None:
    copy = sub.rng
    assert type(copy) is random.Random
    assert copy.random() == random.Random(5).random()
    assert sub.eval("rng.random()") == random.Random(5).random()  # the copy did not advance it


def test_the_receiver_never_trusts_a_claimed_class() -> None:
    decode = lambda value: value  # noqa: E731
    with pytest.raises(wire.ProtocolError):
        codec.dataclass_value(["exercises.jass", "Card", {"suit": "x"}], decode)
    with pytest.raises(wire.ProtocolError):
        codec.enum_member(["os", "path", "sep"])
    with pytest.raises(wire.ProtocolError):
        codec.enum_member(["course.grading.grader.submission", "Handle", "x"])
    with pytest.raises(wire.ProtocolError):
        codec.dataclass_value(["exercises.jass", "Suit", {}], decode)
    with pytest.raises(wire.ProtocolError):  # an enum the package imports is not the package's
        codec.enum_member(["exercises.checks", "re.RegexFlag", "ASCII"])


def test_a_handle_reads_calls_iterates_and_indexes(sub: Submission) -> None:
    box = sub.Box([1, 2, 3])
    assert type(box) is Handle
    assert len(box) == 3
    assert list(box) == [1, 2, 3]
    assert box[1] == 2
    assert str(box) == "Box of 3" and repr(box) == "Box([1, 2, 3])"
    assert box.total() == 6 and box.items == [1, 2, 3]
    assert sub.eval("b.total() + n", b=box, n=4) == 10


def test_handles_compare_by_identity_never_by_the_notebooks_eq(sub: Submission) -> None:
    box = sub.Box([])
    again = sub.eval("b", b=box)
    assert box == again and hash(box) == hash(again)
    assert box != sub.Box([])
    assert box != [] and box != 0 and box != "Box of 0"
    assert sub.eval("a == b", a=box, b=1) is True  # the notebook's own == is asked explicitly
    with pytest.raises(TypeError):
        bool(box)
    with pytest.raises(AttributeError):
        box.items = [1]
    with pytest.raises(AttributeError):
        _ = box.__dict__


def test_a_subclass_of_a_plain_type_is_a_handle(sub: Submission) -> None:
    fake = sub.FakeInt(3)
    assert type(fake) is Handle and fake != 3


def test_the_items_of_a_collection_cross_as_a_value_alone_would(sub: Submission) -> None:
    """Items that stand for themselves take a short way through the codec: a huge int, a
    float JSON cannot spell and a subclass of int inside a list or tuple must not."""
    huge, fake, floats = sub.eval("[1, 10 ** 4000, 'x']"), sub.eval("(2, FakeInt(3))"), sub.echo([1.5, math.inf])
    assert huge[0] == 1 and huge[2] == "x" and type(huge[1]) is Handle
    assert fake[0] == 2 and type(fake[1]) is Handle
    assert floats == [1.5, math.inf]
    assert sub.eval("[type(item).__name__ for item in items]", items=[7, 10 ** 4000]) != ["int", "int"]


def test_a_tests_player_is_called_back_in_the_tests_process(sub: Submission) -> None:
    class Player:
        def __init__(self) -> None:
            self.seen: list[int] = []

        def choose(self, turn: int) -> int:
            self.seen.append(turn)
            return turn * 2

    player = Player()
    assert sub.play(player, 3) == [0, 2, 4]
    assert player.seen == [0, 1, 2]


def test_calls_nest_test_to_notebook_to_test_to_notebook(sub: Submission) -> None:
    class Asker:
        def ask_back(self, echo: Handle) -> int:
            return echo(41) + 1

    assert sub.nested(Asker()) == 42


def test_the_notebook_sees_no_private_attribute_nor_frame_of_a_tests_object(sub: Submission) -> None:
    class Secretive:
        _secret = "hidden test data"
        frames = "public"

        def gen(self):
            yield 1

    assert sub.snoop(Secretive()) == ["AttributeError"] * 4 + ["frames"]
    generator = Secretive().gen()
    assert sub.snoop(generator)[2] == "AttributeError"


def test_the_notebooks_exceptions_keep_their_builtin_type_and_message(sub: Submission) -> None:
    with pytest.raises(ValueError, match="bad value"):
        sub.fail("value")
    with pytest.raises(KeyError):
        sub.fail("key")
    with pytest.raises(ValueError, match="my own"):
        sub.fail("mine")


def test_the_notebook_cannot_raise_keyboard_interrupt_in_the_tests_process(sub: Submission) -> None:
    with pytest.raises(SubmissionError, match="KeyboardInterrupt"):
        sub.fail("interrupt")
    assert not issubclass(SubmissionFailure, Exception)  # pytest.raises(Exception) won't hide it


def test_defines_and_missing_names(sub: Submission) -> None:
    assert sub.defines("echo") is True
    assert sub.defines("nothing_here") is False
    with pytest.raises(AttributeError, match="defines no 'nothing_here'"):
        _ = sub.nothing_here


def test_an_immutable_package_value_crosses_once_then_by_number(sub: Submission) -> None:
    from exercises.jass import Card, Rank, Suit

    card = Card(Suit.CLUB, Rank.KING)
    assert sub.eval("a is b", a=card, b=card) is True  # rebuilt once, then referred to
    assert sub.eval("(c, c)", c=card) == (card, card)
    interned = codec.Interned()
    interned.store(["m", "q", {}, 1], "first")
    with pytest.raises(wire.ProtocolError):
        interned.store(["m", "q", {}, 1], "again")  # a number cannot be given twice
    with pytest.raises(wire.ProtocolError):
        interned.get(2)
    assert interned.number(object(), {"cards": [1, 2]}) == []  # a list inside can change


def test_a_value_of_the_graders_own_modules_crosses_as_a_handle(sub: Submission) -> None:
    limits = sub.eval("__import__('course.grading.notebook.sandbox', fromlist=['Limits']).Limits()")
    assert type(limits) is Handle and limits.open_files == 256


def test_a_message_of_millions_of_small_containers_is_refused_before_it_is_parsed() -> None:
    import socket
    import struct
    import threading
    import time

    mine, theirs = socket.socketpair()
    with mine, theirs:
        sending = wire.Channel(mine, lambda message: {})
        many = {"ok": [[]] * (wire.MAX_CONTAINERS + 1)}
        with pytest.raises(wire.ProtocolError, match="too large to send"):
            sending.send(many)
        data = json.dumps(many).encode()  # what a notebook that bypasses its encoder could send
        writer = threading.Thread(target=mine.sendall, args=(struct.pack(">I", len(data)) + data,))
        writer.start()
        with pytest.raises(wire.ProtocolError, match="lists and objects"):
            wire.Channel(theirs, lambda message: {}).receive(time.monotonic() + 10)
        writer.join(10)


def test_a_call_returning_too_many_containers_fails_with_a_reason(tmp_path: Path) -> None:
    # encoding a million tuples before refusing them takes seconds on a loaded machine: a
    # call's time of its own, so that the limit tested is the size, not the time
    slow = start_notebook(tmp_path / "many.ipynb", CELLS, limits=sandbox.Limits(call_seconds=120))
    try:
        with pytest.raises(ValueError, match="too large to send"):
            slow.eval("[()] * (1 << 20)")
        assert slow.echo(3) == 3  # the process goes on
    finally:
        slow.close()


# ----------------------------------------------------------------------------- one wire for every channel


def test_an_error_crosses_as_its_first_class_known_on_the_other_side() -> None:
    from exercises.dice421.model import TableError

    def refused(name: str, message: str) -> BaseException:
        return RuntimeError(f"{name} refused: {message}")

    for error in (ValueError("bad move"), ZeroDivisionError("by zero"), TableError("no such table")):
        rebuilt = wire.rebuild_exception(wire.error_answer(error)["error"], refused)
        assert type(rebuilt) is type(error) and str(rebuilt) == str(error)

    class Mine(LookupError):
        pass

    assert type(wire.rebuild_exception(wire.error_answer(Mine("x"))["error"], refused)) is LookupError
    interrupt = wire.rebuild_exception(wire.error_answer(KeyboardInterrupt("now"))["error"], refused)
    assert type(interrupt) is RuntimeError and str(interrupt) == "KeyboardInterrupt refused: now"
    assert wire.error_answer(SystemExit(3)) == {"error": {"kind": "exit", "message": "sys.exit(3)"}}
    assert wire.error_answer(StopIteration()) == {"error": {"kind": "stop"}}


def test_every_channel_frames_its_messages_alike() -> None:
    import os
    import time

    message = {"op": "spawn", "limits": {"call_seconds": 1.5}, "text": "é"}
    assert wire.unframe(wire.frame(message)) == message
    with pytest.raises(wire.ProtocolError, match="one whole frame"):
        wire.unframe(wire.frame(message)[:-1])
    read, write = os.pipe()
    try:
        wire.write_frame(write, message)
        wire.write_frame(write, {"exit": 0})
        assert wire.read_frame(read, time.monotonic() + 5) == message
        assert wire.read_frame(read) == {"exit": 0}
        assert wire.read_frame(read, time.monotonic() + 0.1) is None  # nothing came in time
        os.close(write)
        write = -1
        assert wire.read_frame(read) is None  # the writer is gone
    finally:
        os.close(read)
        if write != -1:
            os.close(write)


@pytest.mark.parametrize("fast", [True, False], ids=["orjson", "json"])
def test_a_message_reads_back_the_same_whoever_writes_it(monkeypatch, fast: bool) -> None:
    import dataclasses
    import datetime

    if not fast:
        monkeypatch.setattr(wire, "_FAST", None)
    nested: list = []
    for _ in range(300):  # deeper than orjson writes
        nested = [nested]
    messages = [
        {"text": "Zürich, Genève \u2603", "floats": [0.1, 1e-7, 1e16, -0.0, 2.5e-308], "ints": [2**63 - 1, -2**63]},
        {"big": [2**64, -(2**70), 10**300]},  # past 64 bits
        {"surrogate": "\ud800 \udc80"},
        {"deep": nested},
        {"keys": {1: "one", "2": "two"}},
    ]
    for message in messages:
        assert wire.loads(wire.dumps(message)) == json.loads(json.dumps(message)), message
    for refused in (dataclasses.make_dataclass("Point", ["x"])(1), datetime.date(2026, 1, 1), {1, 2}):
        with pytest.raises(wire.ProtocolError, match="cannot be sent"):
            wire.dumps({"value": refused})


def test_a_requests_digest_does_not_depend_on_what_writes_the_wire(monkeypatch) -> None:
    from course.grading.grader import journal

    request = {"op": "eval", "expression": "f(x)", "names": {"x": ["Zürich", 0.1, 2**70, {"$set": ["b", "a"]}]}}
    digest = journal._digested(request)
    monkeypatch.setattr(wire, "_FAST", None)
    assert journal._digested(request) == digest


def test_a_grading_report_is_read_once_whole(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    report = wire.GradingReport(
        tests=(wire.TestReport("m::test_a", "test_a", "start.count_pips", 2.0),
               wire.TestReport("m::test_b", "test_b", "start.count_pips", 2.0, "failed", "returned 4", "count once",
                               given="graded on the given code")),
        notebooks=(wire.NotebookReport("a.ipynb", "test_start", ({"index": 2, "cell": 5, "error": "ValueError"},),
                                       1, {"network": "closed"}, ({"exercise": "start.count_pips",
                                                                   "source": "check()", "status": "failed"},)),),
        timings={"session": 1.5, "requests": 24}, exitstatus=1, language="fr",
        checks=({"exercise": "start.count_pips", "source": "check()", "status": "passed"},))
    wire.write_report(path, report)
    assert wire.read_report(path) == report
    assert not path.exists() and wire.read_report(path) is None
    path.write_text('{"tests": [', encoding="utf-8")  # a session killed while it wrote
    assert wire.read_report(path) is None
    path.write_text('{"tests": [{"outcome": "passed"}]}', encoding="utf-8")  # a test without its name
    assert wire.read_report(path) is None


def test_a_grading_report_keeps_one_exercise_of_a_new_grading_and_the_rest_of_the_kept_one() -> None:
    def test(name: str, exercise: str, outcome: str) -> wire.TestReport:
        return wire.TestReport(name, name, exercise, 1.0, outcome)

    kept = wire.GradingReport((test("a", "x.one", "failed"), test("b", "x.two", "passed")), timings={"session": 1})
    new = wire.GradingReport((test("a", "x.one", "passed"), test("b", "x.two", "failed")), timings={"session": 2})
    regraded = new.only("x.one", kept)
    assert [(t.name, t.outcome) for t in regraded.tests] == [("b", "passed"), ("a", "passed")]
    assert regraded.timings == {"session": 2}


def test_a_grading_task_crosses_as_one_frame_and_a_wrong_one_is_refused(tmp_path: Path) -> None:
    options = wire.GradingOptions(call_seconds=2.5, memory_mb=512, checks=True, cascade=False, only="start.count_pips")
    task = wire.GradingTask(tmp_path, tmp_path /
        "test_start.py", tmp_path / "alice.ipynb", tmp_path / "r.json", options)
    assert wire.GradingTask.of_message(wire.unframe(wire.frame(task.message()))) == task
    for wrong in ({**task.message(), "options": {"call_seconds": 1}}, {"root": "/"}):
        with pytest.raises(wire.ProtocolError, match="not a grading task"):
            wire.GradingTask.of_message(wrong)


def test_feedback_shows_a_tests_object_in_the_students_terms_when_it_says_how() -> None:
    from course.grading.grader.handle import shown

    class Dice:
        def shown_as(self):
            return "ScriptedDice([6, 6, 5])"

    class Opaque:
        def __repr__(self):  # a test's own repr is for the test's author: never shown
            raise AssertionError("asked")

    assert shown([Dice(), Opaque(), 3]) == "[ScriptedDice([6, 6, 5]), <Opaque>, 3]"


def test_every_object_a_hidden_test_hands_the_notebook_says_itself_in_the_students_terms() -> None:
    """A public class of a hidden test module makes players, keyboards and dice for the
    notebook's code: feedback shows them by ``shown_as()``, never by a name of the test's."""
    import ast

    silent = []
    for path in sorted((ROOT / "tests" / "grading").glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                methods = {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
                if "shown_as" not in methods:
                    silent.append(f"{path.name}: {node.name}")
    assert silent == []


def test_the_wire_is_written_once() -> None:
    sources = {str(path.relative_to(ROOT / "src" / "course")): path.read_text(encoding="utf-8")
               for path in (ROOT / "src" / "course").rglob("*.py")}
    for code in ("def rebuild_exception", "def error_answer", "struct.Struct(", '"kind": "exception"',
                 "tarfile.open(", "recv_fds("):
        assert [name for name, text in sources.items() if code in text] == ["grading/wire/__init__.py"], code


def test_cells_run_as_in_jupyter_without_the_graders_future_imports(tmp_path) -> None:
    # under the grader's own `from __future__ import annotations`, a dataclass took a
    # ClassVar for a field (and a slotted one then refused every instance)
    cells = ["from dataclasses import dataclass, fields\nfrom typing import ClassVar",
             "@dataclass(frozen=True, slots=True)\nclass Meld:\n    points: int\n"
             "    ALL: ClassVar[tuple] = ()\nMeld.ALL = (Meld(1),)",
             "def f(x: int) -> int:\n    return x"]
    submission = start_notebook(tmp_path / "future.ipynb", cells)
    try:
        assert submission.eval("[f.name for f in fields(Meld)]") == ["points"]
        assert submission.eval("Meld(2).points") == 2
        assert submission.eval("f.__annotations__['x'] is int") is True
    finally:
        submission.close()
