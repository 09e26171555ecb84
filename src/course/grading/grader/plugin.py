"""The pytest plugin of hidden tests: the ``sub`` fixture and the ``exercise`` marker.

A hidden test module in tests/grading/ names its notebook, gives each exercise's points
once in a table, and marks each test with the exercise it grades::

    NOTEBOOK = "01_jass_melds"
    POINTS = {"jass.quartets": 2}

    @pytest.mark.exercise("jass.quartets")
    def test_six_quartets(sub):
        assert len([m for m in sub.Meld.ALL if len(m.cards) == 4]) == 6

A test without the marker, a marker naming an exercise the table lacks, or an exercise
of the table that no test grades is a collection error of the module.

``sub`` is the solution notebook solutions/<NOTEBOOK>.ipynb by default, or the notebook
given with ``--submission PATH``; it runs in a confined process of its own (see
:mod:`course.grading.grader.submission`). An exercise's points are shared equally by its tests; it
scores its points times the fraction of its tests that pass.

``--grading-report FILE`` writes, at the end of the session, every test's exercise,
points, outcome and a short message (exception type and message; never the test's
source): ``course grade`` builds grades and feedback from it.
"""

from __future__ import annotations

import ast
import gc
import inspect
import time
import types
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ...i18n.grading_text import ENGLISH, Words
from ...notebook import (
    check_cells,
    language_of,
    read_notebook,
    read_solution,
    worksheet_of,
)
from .. import wire
from ..notebook.sandbox import Limits
from . import stored
from .given import given_code, needed
from .handle import TRACE, shown
from .journal import Reference, own_reference
from .notebook_grading import ASKED, REPORT, Asked, Reporting, asked
from .spawn import SubmissionFailure, SubmissionRandomness
from .submission import REQUESTS, Submission

MESSAGE_CHARS = 500
_WORDS = pytest.StashKey[Words]()  #: the graded notebook's language
#: the last failed comparison of an ``assert`` in the running test: (op, left, right)
_COMPARE: list[tuple[str, Any, Any]] = []


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("course", "Tabletop Python grading")
    group.addoption(
        "--submission",
        default=None,
        metavar="PATH",
        help="run the hidden tests against this student notebook instead of the solution",
    )
    group.addoption(
        "--grading-report",
        default=None,
        metavar="FILE",
        help="write each hidden test's exercise, points and outcome to FILE (JSON)",
    )
    group.addoption(
        "--any-worksheet",
        action="store_true",
        help="grade the submission even when its metadata names another worksheet",
    )
    group.addoption(
        "--run-checks",
        action="store_true",
        help="after the hidden tests, run the notebook's public checks afresh and report their verdicts",
    )
    group.addoption(
        "--no-cascade",
        action="store_true",
        help="never grade an exercise with the reference code of an earlier exercise it calls",
    )
    group.addoption(
        "--first-failure",
        action="store_true",
        help="stop grading a notebook at its first failing test (its fixtures end as after its last)",
    )
    group.addoption(
        "--only-exercise",
        default=None,
        metavar="EXERCISE",
        help="run only the hidden tests of this exercise",
    )
    group.addoption(
        "--record-cases",
        default=None,
        metavar="FILE",
        help="keep every draw and every answer of the reference in FILE (what `course cases` stores)",
    )
    group.addoption(
        "--stored-only",
        action="store_true",
        help="fail a test that needs a draw or an answer of the reference the stored cases lack",
    )
    group.addoption(
        "--call-timeout",
        default=Limits.call_seconds,
        type=float,
        metavar="SECONDS",
        help="time limit of one notebook cell or one call from a test (default: %(default)s)",
    )
    group.addoption(
        "--memory-limit",
        default=Limits.memory_bytes >> 20,
        type=int,
        metavar="MB",
        help="memory a graded notebook may allocate (default: %(default)s)",
    )


def serve_task(config: pytest.Config, task: wire.GradingTask, first: bool = False) -> None:
    """Grade ``task`` next in this session (its hidden test module is the one collected):
    its options replace the last task's, and its report starts afresh (the first task's
    keeps the time of the collection)."""
    config.stash[ASKED] = Asked.of_task(task)
    if not first:
        begin_report(config)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "exercise(id): the exercise a hidden test grades (its points: the module's POINTS)"
    )
    config.stash[ASKED] = Asked.of_options(config)
    begin_report(config)
    stored.ONLY[0] = bool(config.getoption("--stored-only"))
    if config.getoption("--record-cases"):
        stored.USED = stored.Store()


def begin_report(config: pytest.Config) -> None:
    """Start the grading report of a notebook (a session, or one notebook of a served session)."""
    config.stash[REPORT] = Reporting()
    config.stash[_STARTED] = time.perf_counter()
    config.stash[_REQUESTS] = REQUESTS[0]
    config.stash[_CALLBACKS] = wire.SERVED[0]
    if _WORDS in config.stash:
        del config.stash[_WORDS]


def pytest_unconfigure(config: pytest.Config) -> None:
    path = config.getoption("--record-cases")
    if path and stored.USED is not None:
        stored.write(Path(path), stored.USED)
    stored.USED, stored.ONLY[0] = None, False
    gc.unfreeze()  # what the session froze (pytest_collection_finish) may be collected once it is gone


_STARTED = pytest.StashKey[float]()
_REQUESTS = pytest.StashKey[int]()
_CALLBACKS = pytest.StashKey[int]()


def _spent(config: pytest.Config, what: str, since: float) -> None:
    config.stash[REPORT].timings[what] += time.perf_counter() - since


def pytest_collection_finish(session: pytest.Session) -> None:
    _spent(session.config, "collect", session.config.stash[_STARTED])
    gc.freeze()  # what stays for the session (pytest, the test module, its stored cases): no collection walks it


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    started = time.perf_counter()
    yield
    _spent(item.config, "tests", started)


def exercise_of(item: pytest.Item) -> tuple[str, float] | None:
    """The exercise a hidden test grades (its marker) and that exercise's points (its
    module's ``POINTS``); None for a test that is not a hidden test."""
    marker = item.get_closest_marker("exercise")
    points = getattr(getattr(item, "module", None), "POINTS", None)
    if marker is None or not marker.args or not isinstance(points, dict) or marker.args[0] not in points:
        return None
    return marker.args[0], points[marker.args[0]]


def points_problems(module: types.ModuleType) -> list[str]:
    """What is wrong with the points of a hidden test module: its ``POINTS`` table, a test
    without its exercise, an exercise the table lacks, an exercise of the table no test grades."""
    table = getattr(module, "POINTS", None)
    if not isinstance(table, dict) or not all(
            isinstance(exercise, str) and type(points) in (int, float) and points >= 0
            for exercise, points in table.items()):
        return ["give each exercise's points once: POINTS = {'sheet.exercise': points, ...}"]
    problems = []
    graded = set()
    for name, function in vars(module).items():
        if not (name.startswith("test") and inspect.isfunction(function)):
            continue
        marks = [mark for mark in getattr(function, "pytestmark", []) if mark.name == "exercise"]
        if not marks:
            problems.append(f"{name} has no @pytest.mark.exercise('sheet.exercise') marker")
            continue
        args, kwargs = marks[0].args, marks[0].kwargs
        if len(args) != 1 or not isinstance(args[0], str) or kwargs:
            problems.append(f"{name}: the marker names only the exercise, "
                            "@pytest.mark.exercise('sheet.exercise'); its points are in POINTS")
        elif args[0] not in table:
            problems.append(f"{name} grades {args[0]}, which is not in POINTS")
        else:
            graded.add(args[0])
    problems += [f"POINTS gives {exercise} points but no test grades it" for exercise in table
                 if exercise not in graded]
    return problems


def is_hidden_test_module(module: types.ModuleType) -> bool:
    """A module of hidden tests: it names its ``NOTEBOOK`` and holds tests (a module of data
    about a notebook, collected for its doctests, is not one)."""
    return hasattr(module, "NOTEBOOK") and any(
        name.startswith("test") and inspect.isfunction(value) for name, value in vars(module).items()
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Any:
    """A hidden test module whose points do not hold (:func:`points_problems`) fails to collect."""
    outcome = yield
    report = outcome.get_result()
    if not (report.passed and isinstance(collector, pytest.Module) and is_hidden_test_module(collector.obj)):
        return
    problems = points_problems(collector.obj)
    if problems:
        report.outcome = "failed"
        report.longrepr = f"hidden tests of {collector.nodeid}: " + "; ".join(problems)
        report.result = []


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``--only-exercise``, keep only that exercise's tests."""
    kept = only_exercise(items, asked(config).only)
    if kept != items:
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


def only_exercise(items: list[pytest.Item], exercise: str | None) -> list[pytest.Item]:
    """The tests of ``exercise`` (all of them for None)."""
    return [item for item in items if (exercise_of(item) or ("",))[0] == exercise] if exercise else list(items)


def solution_path(config: pytest.Config, notebook: str) -> Path:
    """Where the solution notebook of a hidden test module is."""
    return Path(config.rootpath) / "solutions" / f"{notebook}.ipynb"


@pytest.fixture(scope="module")
def sub(request: pytest.FixtureRequest) -> Iterator[Submission]:
    """The graded notebook's namespace, seen through plain values and handles."""
    notebook = getattr(request.module, "NOTEBOOK", None)
    if notebook is None:
        pytest.fail(f"{request.module.__name__} names no NOTEBOOK for the sub fixture")
    reference = solution_path(request.config, notebook)
    given = asked(request.config).submission
    path, data = reference, None
    if given is not None:
        path = given
        data = read_notebook(path, check=False)
        expected = worksheet_of(read_solution(reference))
        claimed = worksheet_of(data) if isinstance(data, dict) else None
        language = language_of(data) if isinstance(data, dict) else None
        if language is not None:
            request.config.stash[_WORDS] = Words(reference.resolve().parent.parent, language)
            request.config.stash[REPORT].language = language
        if claimed not in (None, expected) and not request.config.getoption("--any-worksheet"):
            say = request.config.stash.get(_WORDS, ENGLISH)
            pytest.skip(say("{name} is not a {worksheet} notebook", name=path.name, worksheet=expected))
    started = time.perf_counter()
    submission = Submission(path, reference, asked(request.config).limits, data if isinstance(data, dict) else None)
    _spent(request.config, "notebook", started)
    report = request.config.stash[REPORT]
    checks: list[dict[str, Any]] = []
    try:
        yield submission
        if asked(request.config).checks:
            started = time.perf_counter()
            checks = run_checks(submission, reference)
            _spent(request.config, "checks", started)
    finally:
        submission.close()
        report.notebooks.append(wire.NotebookReport(
            path=str(path), module=request.module.__name__,
            cells=tuple({"index": e.index, "cell": e.cell, "error": e.error} for e in submission.errors),
            restarts=submission.restarts, confinement=submission.confinement, checks=tuple(checks),
        ))


def run_checks(submission: Submission, reference: Path) -> list[dict[str, Any]]:
    """The verdict of every public check cell of ``reference``, run on the submission.

    The notebook is run afresh first, so the checks see what a student's "Run All"
    shows. A verdict is the check's status ("passed", "failed", "not implemented yet",
    "error"), or "broken: ..." when the check itself could not run.
    """
    submission.rerun()
    verdicts = []
    for exercise, source in check_cells(read_solution(reference)):
        try:
            status = submission.eval(f"({source.strip()}).status.value")
        except (Exception, SubmissionFailure) as error:  # noqa: BLE001
            status = f"broken: {short_message(error)}"
            submission.revive()
        verdicts.append({"exercise": exercise, "source": source.strip(), "status": str(status)})
    return verdicts


@pytest.fixture(autouse=True)
def _fresh_submission(request: pytest.FixtureRequest) -> None:
    """Before a test that uses ``sub``: a fresh process if the last test's one ended."""
    if "sub" in request.fixturenames:
        submission = request.getfixturevalue("sub")
        if isinstance(submission, Submission):
            submission.revive()


def _author_message(text: str) -> tuple[str, str]:
    """An AssertionError's own message, and the first line of pytest's explanation."""
    kept = []
    first = ""
    for line in text.splitlines():
        if line.startswith("assert ") or line.startswith(" +") or line.startswith("  "):
            first = line if line.startswith("assert ") else ""
            break
        kept.append(line)
    return "\n".join(kept).strip(), first


def _is_literal(text: str) -> bool:
    """A message that is only a value (``assert ok, (a, b)``): the call says it better."""

    try:
        ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return True


def _same(a: Any, b: Any) -> bool:
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # noqa: BLE001
        return False


def explain_comparison(op: str, left: Any, right: Any, say: Words = ENGLISH) -> str:
    """What a failed ``assert got <op> want`` expected and got, with the call that gave it."""
    call = TRACE.call
    if op in ("is", "==") and isinstance(left, type) and isinstance(right, type):
        if TRACE.returned and type(TRACE.value) is left:
            return say("`{call}` returned {value}, a {got}; expected a {want}",
                       call=call, value=shown(TRACE.value), got=left.__name__, want=right.__name__)
        return say("expected a {want}, got a {got}", want=right.__name__, got=left.__name__) + (
            say(" (from `{call}`)", call=call) if call else "")
    if op in ("==", "is"):
        if TRACE.returned and _same(TRACE.value, left):
            return say("`{call}` returned {got}, expected {want}", call=call, got=shown(left), want=shown(right))
        if TRACE.returned and _same(TRACE.value, right):
            return say("`{call}` returned {got}, expected {want}", call=call, got=shown(right), want=shown(left))
        return say("expected {want}, got {got}", want=shown(right), got=shown(left)) + (
            say(" (last call: `{call}`)", call=call) if call else "")
    if op in ("!=", "is not"):
        return say("expected something other than {want}, got {got}", want=shown(right), got=shown(left)) + (
            say(" from `{call}`", call=call) if call else "")
    return say("expected {left} {op} {right}", left=shown(left), op=op, right=shown(right)) + (
        say(" (last call: `{call}`)", call=call) if call else "")


def short_message(error: BaseException, compare: tuple[str, Any, Any] | None = None,
                  say: Words = ENGLISH) -> str:
    """What failed, for the student: the call, what was expected and what came back.

    From the values a failed ``assert`` compared (assertion rewriting's, never the test's
    source), the last call the test made into the notebook, and the assertion's own
    message; else ``Type: message`` of the exception. In the words of ``say`` (the
    graded notebook's language).
    """
    try:
        message = str(error)
    except Exception:  # noqa: BLE001
        message = ""
    name = type(error).__name__
    if isinstance(error, AssertionError):
        author, first = _author_message(message)
        text = ""
        if compare is not None:
            text = explain_comparison(*compare, say=say)
        elif TRACE.call.startswith("defines(") and TRACE.returned and TRACE.value is False:
            text = say("the notebook does not define `{name}`; the test expected it", name=TRACE.call[9:-2])
        elif TRACE.call and TRACE.returned and first in (f"assert {shown(TRACE.value)}",
                                                         f"assert not {shown(TRACE.value)}"):
            wanted = say("a false value") if first.startswith("assert not ") else say("a true value")
            text = say("`{call}` returned {got}, expected {want}", call=TRACE.call, got=shown(TRACE.value), want=wanted)
        if text and author and not _is_literal(author):
            text += f" ({say.sentence(author)})"
        elif not text and author:
            text = f"AssertionError: {say.sentence(author)}"
        elif not text:
            text = say("AssertionError: a check of this test failed") + (
                say(" after `{call}`", call=TRACE.call) if TRACE.call else "")
    elif name == "Failed":  # pytest.fail / pytest.raises(...) that did not raise
        text = say.sentence(message) or "failed"
    elif getattr(error, "_from_notebook", False) and TRACE.call and not TRACE.returned:
        text = say("`{call}` raised {name}: {message}", call=TRACE.call, name=name,
                   message=say.sentence(message)) if message \
            else say("`{call}` raised {name}", call=TRACE.call, name=name)
    else:
        text = f"{name}: {say.sentence(message)}" if message else name
    return text if len(text) <= MESSAGE_CHARS else text[:MESSAGE_CHARS] + "..."


def hint_of(item: pytest.Item) -> str:
    """The hint a hidden test module gives for a test (its ``HINTS`` table), or ""."""
    hints = getattr(getattr(item, "module", None), "HINTS", None) or {}
    hint = str(hints.get(getattr(item, "originalname", item.name), ""))
    return item.config.stash.get(_WORDS, ENGLISH).hint(hint) if hint else hint


def pytest_assertrepr_compare(config: pytest.Config, op: str, left: Any, right: Any) -> None:
    """Keep the values of the failed comparison (the explanation itself is never shown)."""
    _COMPARE[:] = [(op, left, right)]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _COMPARE.clear()
    TRACE.reset()
    # a served session runs a test once per notebook: what its last run noted goes
    if _GIVEN_NOTE in item.stash:
        del item.stash[_GIVEN_NOTE]
    if _STOPPED in item.stash:
        del item.stash[_STOPPED]
    if item.config.stash[REPORT].stopped:  # before any fixture: the notebook's fixtures end as usual
        item.stash[_STOPPED] = True
        pytest.skip("an earlier test failed (--first-failure)")


# ----------------------------------------------------------------------------- a mistake costs once


@pytest.hookimpl(hookwrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Any:
    """A test that failed is run again with the reference code of the earlier exercises it
    calls that fail their own tests; if it passes then, it counts, with a note."""
    outcome = yield
    config = pyfuncitem.config
    if outcome.excinfo is None or not asked(config).cascade:
        return
    error = outcome.excinfo[1]
    found = exercise_of(pyfuncitem)
    submission = pyfuncitem.funcargs.get("sub")
    if found is None or not isinstance(submission, Submission) or isinstance(error, pytest.skip.Exception):
        return
    exercise = found[0]
    given = given_code(solution_path(config, pyfuncitem.module.NOTEBOOK))
    failed = config.stash[REPORT].failed()
    order = list(given)
    earlier = order[: order.index(exercise)] if exercise in given else []
    # what the exercise's code calls, and what the test itself took from the notebook
    # (a Board built by a test of the players calls the board's exercises)
    wanted = set(needed(given, exercise))
    for other in earlier:
        if set(given[other].names) & TRACE.names:
            wanted |= {other, *needed(given, other)}
    replaced = [e for e in order if e in wanted and e in failed]
    if not replaced:
        return
    message = str(error)
    own = given.get(exercise)
    if f"Exercise {exercise}:" in message or (own and any(f"defines no {n!r}" in message for n in own.names)):
        return  # its own stub, or its own name missing: the given code cannot help
    saved = (TRACE.call, TRACE.value, TRACE.returned, list(_COMPARE), set(TRACE.names))
    passed = False
    started = time.perf_counter()
    try:
        with submission.graded_with(tuple(replaced), [given[e].code for e in replaced]) as view:
            if view is not None:
                arguments = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
                arguments["sub"] = view
                try:
                    with own_reference(arguments, asked(config).limits):
                        pyfuncitem.obj(**arguments)
                    passed = True
                except BaseException:  # noqa: BLE001 - the first failure stands
                    passed = False
    finally:
        TRACE.call, TRACE.value, TRACE.returned = saved[:3]
        _COMPARE[:] = saved[3]
        TRACE.names = saved[4]
        _spent(config, "cascade", started)
    if passed:
        names = [f"`{n}`" for e in replaced for n in given[e].names[:3]]
        say = config.stash.get(_WORDS, ENGLISH)
        pyfuncitem.stash[_GIVEN_NOTE] = say(
            "graded with the given {names} because yours fails its tests" if len(replaced) == 1
            else "graded with the given {names} because yours fail their tests", names=", ".join(names))
        outcome.force_result(True)


_GIVEN_NOTE = pytest.StashKey[str]()
_STOPPED = pytest.StashKey[bool]()  #: a test not run under ``--first-failure``: not in the report


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    outcome = yield
    report = outcome.get_result()
    if asked(item.config).report is None or _STOPPED in item.stash:
        return
    found = exercise_of(item)
    if found is None:
        return
    if report.failed and item.config.getoption("--first-failure"):
        item.config.stash[REPORT].stopped = True
    tests = item.config.stash[REPORT].tests
    entry = tests.get(item.nodeid) or wire.TestReport(item.nodeid, item.name, found[0], found[1], hint=hint_of(item))
    if report.when == "call" and _GIVEN_NOTE in item.stash and not entry.given:
        entry = replace(entry, given=item.stash[_GIVEN_NOTE], message=item.stash[_GIVEN_NOTE])
    tests[item.nodeid] = entry
    if report.when in ("setup", "call") and (report.when == "call" or report.outcome != "passed"):
        if not entry.passed or report.outcome == "passed":
            return  # the first failure (setup or call) is the one reported
        message = entry.message
        if call.excinfo is not None:
            error = call.excinfo.value
            say = item.config.stash.get(_WORDS, ENGLISH)
            if report.outcome == "skipped":
                message = say("skipped: {reason}", reason=getattr(error, "msg", ""))[:MESSAGE_CHARS]
            else:
                message = short_message(error, _COMPARE[-1] if _COMPARE else None, say)
                if report.when == "setup" and not isinstance(error, SubmissionFailure):
                    message = say("the notebook could not be graded: ") + message
        # a call that drew elsewhere than its rng: the grader's sentence states the rule, not the test's hint
        hint = "" if call.excinfo is not None and isinstance(call.excinfo.value, SubmissionRandomness) else entry.hint
        tests[item.nodeid] = replace(entry, outcome="failed" if report.outcome != "skipped" else "skipped",
                                     message=message, hint=hint)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not session.config.stash[REPORT].written:
        finish_report(session.config, int(exitstatus))


def finish_report(config: pytest.Config, exitstatus: int) -> None:
    """Write the grading report of the notebook being graded (when it names a file)."""
    path = asked(config).report
    if path is None:
        return
    report = config.stash[REPORT]
    report.written = True
    report.timings["session"] = time.perf_counter() - config.stash[_STARTED]
    report.timings["requests"] = REQUESTS[0] - config.stash[_REQUESTS]
    report.timings["callbacks"] = wire.SERVED[0] - config.stash[_CALLBACKS]
    wire.write_report(path, report.frozen(exitstatus))


@pytest.fixture(scope="module")
def _reference(request: pytest.FixtureRequest, sub: Any) -> Iterator[Any]:
    """The module's reference solution (see ``ref``)."""
    if asked(request.config).submission is None:
        yield sub
        return
    reference = solution_path(request.config, request.module.NOTEBOOK)
    started = time.perf_counter()
    solution = Reference(reference, reference=reference, limits=asked(request.config).limits)
    _spent(request.config, "notebook", started)
    try:
        yield solution
    finally:
        solution.close()


@pytest.fixture
def ref(_reference: Any) -> Any:
    """The reference solution's namespace, for differential tests (:mod:`course.grading.grader.differential`):
    the solution notebook in a confined process of its own, or ``sub`` itself when the graded
    notebook is the solution. Each test talks to it afresh, from the notebook's cells on, so
    that its conversation is the one ``course cases`` stored whatever the other tests did:
    the answers come from the stored cases (:mod:`course.grading.grader.stored`), and the process
    starts only at a request they do not hold (:mod:`course.grading.grader.journal`)."""
    if isinstance(_reference, Reference) and _reference.asked:
        _reference.rerun()
    return _reference


def pytest_collectstart(collector: pytest.Collector) -> None:
    """Before a hidden test module is imported: its stored cases, when it has some."""
    if isinstance(collector, pytest.Module):
        stored.load(stored.store_path(Path(collector.path)), answers=not collector.config.getoption("--record-cases"))
