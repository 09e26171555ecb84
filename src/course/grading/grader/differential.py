"""Differential hidden tests: the submission against the reference, case by case.

A differential test evaluates one expression (``"tokens_of(a, b, c)"``) with each case's
names bound (``{"a": 4, "b": 2, "c": 1}``), in the graded notebook and in the reference
solution, and asks that every outcome be the same: the same plain value, or an exception
of the reference's type. The comparison stays in the grader, which alone knows the
expected values. The cases come from Hypothesis strategies (:func:`draw`), derandomized
with a fixed budget, so that a regrade draws the same cases and gives the same grade.

A failure names the smallest failing case as a call the student can paste::

    `tokens_of(4, 4, 1)` returned 2, expected 1
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import operator
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest

from ...i18n.grading_text import reason
from ..wire import codec
from . import drawing, stored
from .handle import shown
from .spawn import SubmissionFailure

#: how many cases a differential test draws unless it says otherwise
CASES = 120


def sentence(text: str) -> str:
    """``text`` as it is. It marks a piece of a message that a hidden test builds apart
    (``where = sentence(f"in a {players}-player game, move {step}")``, then
    ``assert ..., f"{where}: ..."``): ``course translate extract`` takes its template into
    the grading catalog, and the feedback translates it inside the message it is part of."""
    return text


@dataclass(frozen=True)
class Outcome:
    """What one evaluation gave: a value, or the name and message of what it raised."""

    value: Any = None
    raised: type[BaseException] | None = None
    message: str = ""

    def __str__(self) -> str:
        if self.raised is None:
            return shown(self.value)
        return f"{self.raised.__name__}" + (f": {self.message}" if self.message else "")


def outcomes(target: Any, expression: str, cases: Sequence[Mapping[str, Any]]) -> list[Outcome]:
    """``expression`` evaluated in ``target`` (``sub`` or ``ref``) for each case, in order.

    An exception of the notebook is an outcome; a failure of the notebook's process (its
    time, a crash, ``sys.exit``) ends the test, as any call of a hidden test does. A
    target with ``eval_cases`` (a graded notebook) gets all the cases in one request.
    """
    batch = getattr(type(target), "eval_cases", None)
    if batch is not None:
        return _outcomes(batch(target, expression, list(cases)))
    found = []
    for case in cases:
        try:
            found.append(Outcome(value=target.eval(expression, **case)))
        except SubmissionFailure:
            raise
        except Exception as error:  # noqa: BLE001 - the notebook's exception is the outcome
            found.append(Outcome(raised=type(error), message=str(error)))
    return found


def _outcomes(answers: Iterable[tuple[bool, Any]]) -> list[Outcome]:
    return [Outcome(value=value) if ok else Outcome(raised=type(value), message=str(value)) for ok, value in answers]


def outcomes_later(target: Any, expression: str, cases: Sequence[Mapping[str, Any]]) -> Callable[[], list[Outcome]]:
    """:func:`outcomes`, asked now where ``target`` can be asked ahead (a graded notebook's
    ``eval_cases_later``): a function that waits for them and returns them. Otherwise
    the function asks when it is called."""
    later = getattr(type(target), "eval_cases_later", None)
    if later is None:
        return lambda: outcomes(target, expression, cases)
    pending = later(target, expression, list(cases))
    return lambda: _outcomes(pending())


T = TypeVar("T")


def alongside(sub: Any, ref: Any, later: Callable[[Any], Callable[[], T]]) -> tuple[T, T]:
    """What ``sub`` and ``ref`` answer, each asked by ``later(target)`` (which asks, and
    returns a function that waits for the answer): the same requests in the same order on
    each side as when each is asked alone. The notebook is asked first, so that it computes
    while the grader reads the reference's answers (stored, mostly); when ``sub`` is
    ``ref``, one after the other. When the reference fails, the notebook's answer is read
    and dropped, and the reference's failure raised."""
    if sub is ref:
        wanted = later(ref)()
        return later(sub)(), wanted
    pending = later(sub)
    try:
        wanted = later(ref)()
    except BaseException:
        with contextlib.suppress(Exception):
            pending()
        raise
    return pending(), wanted


class _Fill(ast.NodeTransformer):
    def __init__(self, case: Mapping[str, Any]) -> None:
        self.case = case

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in self.case:
            try:
                return ast.parse(repr(self.case[node.id]), mode="eval").body
            except SyntaxError:
                return ast.Name(id=shown(self.case[node.id]), ctx=ast.Load())
        return node


def call_text(expression: str, case: Mapping[str, Any]) -> str:
    """``expression`` with the case's values in place of their names: a call to paste."""
    tree = ast.parse(expression, mode="eval")
    return ast.unparse(_Fill(case).visit(tree))


def agree(got: Outcome, want: Outcome, same: Callable[[Any, Any], bool] = operator.eq) -> bool:
    """True when the submission's outcome is the reference's.

    A value must be of the reference value's exact type and ``same`` as it (equality by
    default; a handle to a notebook object never equals a plain value). An exception must
    be an instance of the reference's exception type (its message is the student's own).
    """
    if want.raised is not None:
        return got.raised is not None and issubclass(got.raised, want.raised)
    if got.raised is not None or type(got.value) is not type(want.value):
        return False
    try:
        return bool(same(got.value, want.value))
    except Exception:  # noqa: BLE001
        return False


def difference(got: Outcome, want: Outcome, call: str) -> str:
    """One sentence, in English (translated where the student reads it): what the call
    gave and what was expected."""
    if got.raised is not None and want.raised is None:
        return reason("`{call}` raised {got}, expected {want}", call=call, got=str(got), want=str(want))
    if want.raised is not None:
        return reason("`{call}` gave {got}, expected {want} to be raised", call=call, got=str(got),
                      want=want.raised.__name__)
    if type(got.value) is not type(want.value):
        return reason("`{call}` returned {got}, a {got_type}; expected {want}, a {want_type}", call=call,
                      got=str(got), got_type=type(got.value).__name__, want=str(want),
                      want_type=type(want.value).__name__)
    return reason("`{call}` returned {got}, expected {want}", call=call, got=str(got), want=str(want))


def compare(sub: Any, ref: Any, expression: str, cases: Iterable[Mapping[str, Any]], *,
            same: Callable[[Any, Any], bool] = operator.eq,
            prepare: Callable[[Any], Any] | None = None,
            shown: Callable[[Mapping[str, Any]], str] | None = None,
            explain: Callable[[Outcome, Outcome, str], str | None] | None = None) -> None:
    """Fail the test unless ``sub`` gives the reference's outcome on every case.

    ``prepare`` turns each value into what the text fixes before comparing (``sorted``
    where any order is allowed, say); it runs here, in the grader, on plain values.
    The failure names the smallest failing case (the shortest call): ``shown(case)``
    where the expression is not what the student typed, said by ``explain(got, wanted,
    call)`` where that knows better than :func:`difference` (None: it does not).
    """
    cases = list(cases)
    if not cases:
        raise ValueError("compare needs at least one case")
    got, wanted = alongside(sub, ref, lambda target: outcomes_later(target, expression, cases))
    failing = []
    for case, mine, theirs in zip(cases, got, wanted):
        if prepare is not None:
            mine, theirs = _prepared(mine, prepare), _prepared(theirs, prepare)
        if not agree(mine, theirs, same):
            call = shown(case) if shown is not None else call_text(expression, case)
            failing.append((len(call), call, mine, theirs))
    if failing:
        _, call, mine, theirs = min(failing, key=lambda entry: entry[0])
        more = len(failing) - 1
        failure = (explain(mine, theirs, call) if explain is not None else None) or difference(mine, theirs, call)
        if more:
            failure = reason("{failure} ({more} more of {total} cases fail)", failure=failure, more=more,
                             total=len(cases))
        pytest.fail(failure, pytrace=False)


def _prepared(outcome: Outcome, prepare: Callable[[Any], Any]) -> Outcome:
    if outcome.raised is not None:
        return outcome
    try:
        return Outcome(value=prepare(outcome.value))
    except Exception as error:  # noqa: BLE001 - a value the text's form does not fit
        return Outcome(raised=type(error), message=f"cannot be read as the answer: {error}")


def draw(strategy: Any, count: int = CASES, boundaries: Iterable[Any] = ()) -> list[Any]:
    """The ``boundaries`` (the cases the exercise's text names: a threshold, the last round,
    a deck of 0, 1 or 2 cards, a tie), in their order, then ``count`` examples of a
    strategy (a :mod:`course.grading.grader.drawing` recipe) that are not among them, the
    same ones at every run, small to large.

    They come from the worksheet's stored cases (:mod:`course.grading.grader.stored`), under the
    strategy's key: grading imports no Hypothesis. A key the stored cases lack (a strategy
    changed since ``course cases``) is drawn live with Hypothesis: derandomized, no example
    database, a fixed budget, duplicates dropped (so fewer may come back), then sorted by
    size, so that the first failing case is the smallest and nothing needs shrinking.
    """
    first = list(boundaries)
    if first:
        return first + [case for case in draw(strategy, count) if case not in first]
    text = drawing.key(strategy)
    key = f"{text[:60]} #{hashlib.sha256(text.encode()).hexdigest()[:16]} ×{count}"
    if key in _DRAWN:
        return list(_DRAWN[key])
    encoded = stored.DRAWS.get(key)
    if encoded is not None:
        found = _Drawn().load(encoded)
    elif stored.ONLY[0]:
        raise stored.stale(f"the draw {key[:200]}")
    else:
        found = _draw_live(strategy, count)
        encoded = _Drawn().encode(found) if stored.USED is not None else None  # not data: a ValueError
        if encoded is not None:  # recording: the tests get the draw as grading will read it back
            found = _Drawn().load(encoded)  # (a set rebuilt from the file may iterate in another order)
    if stored.USED is not None:
        stored.USED.draws[key] = encoded
    _DRAWN[key] = found
    return list(found)


def _draw_live(strategy: Any, count: int) -> list[Any]:
    """Draw with Hypothesis (through its public API), small to large."""
    try:
        from hypothesis import HealthCheck, Phase, given, settings
    except ImportError:
        raise stored.stale("a draw it needs, and Hypothesis is not installed here") from None

    found: list[Any] = []
    seen: set[str] = set()

    @settings(derandomize=True, database=None, max_examples=count, deadline=None,
              phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
    @given(drawing.real(strategy))
    def collect(example: Any) -> None:
        key = repr(example)
        if key not in seen:
            seen.add(key)
            found.append(example)

    collect()
    return sorted(found, key=lambda example: len(repr(example)))


class _Drawn(codec.Codec):
    """Draws as JSON: what the wire carries, and the strategies' own frozen dataclasses."""

    strict = False

    def encode_other(self, value: Any) -> dict[str, Any]:
        kind = type(value)
        if not (codec.is_frozen_dataclass(kind) and sys.modules.get(kind.__module__) is not None):
            raise ValueError(f"a {kind.__name__} is not kept as data")
        fields = {name: self.encode(item) for name, item in codec.init_fields(value).items()}
        return {"$drawn": [kind.__module__, kind.__qualname__, fields]}

    def load_reference(self, tag: str, payload: Any) -> Any:
        if tag != "$drawn":
            raise codec.ProtocolError(f"unknown tag {tag!r}")
        module, qualname, fields = payload
        kind: Any = sys.modules[module]  # never imported because of the data: there already, or a KeyError
        for part in qualname.split("."):
            kind = getattr(kind, part)
        return codec.built(kind, qualname, fields, self.load)


#: what :func:`draw` drew or read in this process, by key
_DRAWN: dict[str, list[Any]] = {}
