"""The submission against the reference, each failing case named by the call to type.

:func:`course.differential.compare` names a failing case by its expression with the
case's values in place. Where the expression must turn the student's objects into plain
data inside the notebook (``[(m.cards, m.points) for m in Meld.all_in(hand)]``), or
record a whole conversation, the student should rather see the call they wrote, as
they can paste it: ``Meld.all_in(parse_cards('♠6 ♠7 ♠8'))``. :func:`against_reference`
compares the same way (the reference's outcome, the smallest failing case first) and
names each case by ``shown(case)``.

:data:`RUN` is an expression that runs the statements ``code`` in a copy of the
notebook's namespace (with the case's names bound) and gives the value they leave in
``out``: one request per case, however many calls the statements make.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

from course.differential import Outcome, agree, difference, outcomes

RUN = "(lambda scope: (exec(code, scope), scope.get('out'))[1])(globals())"


def _prepared(outcome: Outcome, prepare: Callable[[Any], Any]) -> Outcome:
    if outcome.raised is not None:
        return outcome
    try:
        return Outcome(value=prepare(outcome.value))
    except Exception as error:  # noqa: BLE001 - a value the text's form does not fit
        return Outcome(raised=type(error), message=f"cannot be read as the answer: {error}")


def against_reference(sub: Any, ref: Any, expression: str, cases: Iterable[Mapping[str, Any]],
                      shown: Callable[[Mapping[str, Any]], str], *,
                      same: Callable[[Any, Any], bool] = operator.eq,
                      prepare: Callable[[Any], Any] | None = None,
                      explain: Callable[[Outcome, Outcome, str], str | None] | None = None) -> None:
    """Fail unless ``sub`` gives the reference's outcome of ``expression`` on every case.

    ``prepare`` keeps what the text fixes of a value (in the grader, on plain values);
    ``explain(got, wanted, call)`` may say a difference better than "returned ...,
    expected ..." (None: the usual sentence). The failure names the shortest failing call.
    """
    cases = list(cases)
    if not cases:
        raise ValueError("against_reference needs at least one case")
    wanted = outcomes(ref, expression, cases)
    got = outcomes(sub, expression, cases)
    failing = []
    for case, mine, theirs in zip(cases, got, wanted):
        if prepare is not None:
            mine, theirs = _prepared(mine, prepare), _prepared(theirs, prepare)
        if not agree(mine, theirs, same):
            call = shown(case)
            failing.append((len(call), call, mine, theirs))
    if failing:
        _, call, mine, theirs = min(failing, key=lambda entry: entry[0])
        said = (explain(mine, theirs, call) if explain is not None else None) or difference(mine, theirs, call)
        more = len(failing) - 1
        pytest.fail(said + (f" ({more} more of {len(cases)} cases fail)" if more else ""), pytrace=False)
