"""Batched calls: one expression evaluated for a list of cases in one request, each case as
``eval`` alone would be (its value or its exception, with a call's time of its own).

The notebook's side (:func:`serve`, the ``eval_cases`` request) evaluates the cases in
order and answers per case ``{"ok": value}`` or ``{"error": ...}``, encoded exactly as
``eval``'s answer. A case that runs past its time, exits or raises what is not an
``Exception`` ends the list (its error is the last item): no later case runs, as when a
test sends the cases one by one. An answer too large for the wire ends the list early;
the grader sends the remaining cases again. While the cases run, a ``{"tick": i}`` frame
now and then says that case ``i`` started in time, so that the grader waits for a case,
not for the whole list.

The grader's side (:func:`ask`) trusts none of it: one answer per case sent, in order,
each a value or an error (values decoded as ``eval``'s, exceptions rebuilt as
``eval``'s), at most one tick per case, each giving a call's time from then on; so a
tampered notebook's process gets nothing from a batch that it could not get from ``eval``.
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Callable, Iterator
from typing import Any

from .. import wire
from ..grader.spawn import SubmissionError, SubmissionFailure
from ..wire import codec
from ..wire.codec import ProtocolError

#: a batch of cases tells the grader it is alive at most this often
TICK_SECONDS = 0.25


# ----------------------------------------------------------------------------- the notebook's side


def serve(server: Any, message: dict[str, Any], timeout: type[BaseException]) -> list[dict[str, Any]]:
    """The answers of an ``eval_cases`` request (``server``: the notebook's ``Server``;
    ``timeout``: what its alarm raises)."""
    expression, cases = message["expression"], message["cases"]
    if type(expression) is not str or type(cases) is not list:
        raise ProtocolError("a bad list of cases")
    top = server.depth == 1
    code: Any = None
    answers: list[dict[str, Any]] = []
    size = kept = 0
    ticked = time.monotonic()
    for index, names in enumerate(cases):
        if type(names) is not dict:
            raise ProtocolError("a bad case")
        if top and index:
            if time.monotonic() - ticked > TICK_SECONDS:
                server.channel.send({"tick": index})
                ticked = time.monotonic()
            server.timed_out = False
            signal.setitimer(signal.ITIMER_REAL, server.limits.call_seconds)
        numbered = len(server.interned.sent)  # values numbered by an answer that is not sent are forgotten
        if top:
            server.given_rng = False
        watched = False
        try:
            if code is None:
                code = compile(expression, "<string>", "eval")
            scope = dict(server.namespace)
            scope.update({str(key): server.load(value) for key, value in names.items()})
            watched = top and server.given_rng  # a case given an rng may not draw elsewhere (the only one watched)
            with server.watch if watched else contextlib.nullcontext():
                answer = {"ok": server.encode(eval(code, scope))}
        except ProtocolError:
            raise
        except timeout:
            answers.append({"error": {"kind": "timeout"}})
            return answers
        except BaseException as error:  # noqa: BLE001 - the notebook's exception is the case's answer
            answer = wire.error_answer(error)
            if not isinstance(error, Exception):
                answers.append(answer)
                return answers
        drew = server.drew_elsewhere() if watched else None
        if drew is not None:  # the grader fails the test on it: no later case runs
            answers.append(drew)
            return answers
        if top:
            signal.setitimer(signal.ITIMER_REAL, 0)  # sending is not the case's time, as for eval
        try:
            data = wire.dumps(answer)
        except ProtocolError as error:  # too large to send: said so, as for one call
            server.interned.forget_since(numbered)
            answer = wire.error_answer(ValueError(str(error)))
            data = wire.dumps(answer)
        size, kept = size + len(data) + 1, kept + codec.containers(data)
        if answers and (size > wire.MAX_MESSAGE - 4096 or kept > codec.MAX_CONTAINERS - 16):
            server.interned.forget_since(numbered)
            return answers  # too much for one answer: the grader sends this case and the rest again
        answers.append(answer)
        if size > wire.MAX_MESSAGE // 2 or kept > codec.MAX_CONTAINERS // 2:
            return answers  # the grader sends the remaining cases again
    return answers


# ----------------------------------------------------------------------------- the grader's side


def ask(process: Any, expression: str, cases: list[dict[str, Any]]) -> list[tuple[bool, Any]]:
    """``expression`` evaluated for each case (encoded names) in ``process`` (a
    ``submission.Process``), in order, in as few requests as the wire's limits allow: per
    case ``(True, value)`` or ``(False, exception)``, each as ``eval`` gives it. A case
    that fails the process (its time, ``sys.exit``, a crash) raises that
    :class:`SubmissionFailure`, as ``eval`` does.
    """
    return ask_later(process, expression, cases)()


def ask_later(process: Any, expression: str, cases: list[dict[str, Any]]) -> Callable[[], list[tuple[bool, Any]]]:
    """:func:`ask`, its first request sent now: a function that waits for the answers (and
    sends the rest of the cases, if the wire's limits split them) and returns them."""
    chunks = list(_chunks(cases))
    first = process._request_later("eval_cases", expression, expression=expression, cases=chunks[0],
                                   ticks=len(chunks[0])) if chunks else None
    return lambda: _answers(process, expression, chunks, first)


def _answers(process: Any, expression: str, chunks: list[list[dict[str, Any]]],
             first: Callable[[], dict[str, Any]] | None) -> list[tuple[bool, Any]]:
    found: list[tuple[bool, Any]] = []

    def broken(what: str) -> SubmissionFailure:
        failure: SubmissionFailure = process._end(SubmissionError(
            f"the notebook's process broke the grader's protocol during {expression}: {what}"))
        return failure

    for chunk in chunks:
        while chunk:
            if first is not None:
                message, first = first(), None
            else:
                message = process._request("eval_cases", expression, expression=expression, cases=chunk,
                                           ticks=len(chunk))
            if "error" in message:
                raise process._error(message["error"], expression)
            answers = message.get("ok")
            if type(answers) is not list or not 0 < len(answers) <= len(chunk):
                raise broken("a bad list of answers")
            for answer in answers:
                if type(answer) is not dict or len(answer) != 1 or not ("ok" in answer or "error" in answer):
                    raise broken("a bad answer")
                if "error" in answer:
                    error = process._error(answer["error"], expression)
                    if isinstance(error, SubmissionFailure):
                        raise error
                    found.append((False, error))
                else:
                    found.append((True, process._value(answer["ok"], expression, True)))
            chunk = chunk[len(answers):]
    return found


def tick(process: Any, index: Any, grace: float) -> float:
    """The new deadline when a batch's case ``index`` started (a call's time from now)."""
    ticks = process.ticks
    if ticks is None or type(index) is not int or not ticks[0] < index < ticks[1]:
        raise ProtocolError("a tick that was not expected")
    process.ticks = (index, ticks[1])
    deadline: float = time.monotonic() + process.limits.call_seconds + grace
    process.deadline = deadline
    return deadline


def _chunks(cases: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """The cases in lists each small enough to send in one request (half the wire's limits)."""
    chunk: list[dict[str, Any]] = []
    size = kept = 0
    for case in cases:
        try:
            data = wire.dumps(case)
        except ProtocolError:  # a case too large for the wire: sent alone, it fails as in eval
            if chunk:
                yield chunk
            yield [case]
            chunk, size, kept = [], 0, 0
            continue
        more, items = len(data) + 1, codec.containers(data)
        if chunk and (size + more > wire.MAX_MESSAGE // 2 or kept + items > codec.MAX_CONTAINERS // 2):
            yield chunk
            chunk, size, kept = [], 0, 0
        chunk.append(case)
        size, kept = size + more, kept + items
    if chunk:
        yield chunk
