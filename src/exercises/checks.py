"""Friendly public checks that students run right after each exercise.

A check is a list of :class:`Example` values: a description of a call, the call
itself (a function of no arguments), and the expected result. :func:`check` runs them
in order, stops at the first one that fails, and returns a :class:`CheckResult`, which
Jupyter shows as one line per example::

    >>> from exercises.checks import Example, check
    >>> check("start.count_pips", [Example("count_pips([4, 2, 1])", lambda: sum([4, 2, 1]), 7)])
    Checking start.count_pips
      ✓ count_pips([4, 2, 1]) == 7
    All 1 examples pass.

A stub that still raises ``NotImplementedError`` reports "not implemented yet"; any
other exception is summed up in one line (the whole traceback is printed only with
``check(..., traceback=True)``). Worksheets build their ``check_...`` functions on top
of this module, so every check in the course reads the same way.
"""

from __future__ import annotations

import builtins
import enum
import functools
import html
import importlib
import importlib.resources
import json
import random
import traceback as tb
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .i18n import STUB_PATTERN, _, ngettext

__all__ = ["Example", "CheckResult", "RuleBroken", "Status", "check", "generated", "hint_line", "observed", "said",
           "same", "short_repr", "table"]



class RuleBroken(Exception):
    """Raised by a check's own code inside an example: the student's code broke a rule.

    The check reports the message as the example's failure, in one sentence, without
    "it raised": ``raise RuleBroken("the second draw came without an update_state")``.
    """


class Status(enum.Enum):
    """How a check ended."""

    PASSED = "passed"
    FAILED = "failed"
    NOT_IMPLEMENTED = "not implemented yet"
    ERROR = "error"


@dataclass(frozen=True)
class Example:
    """One example of a check.

    ``call`` is run with no argument. The example passes when ``compare(got,
    expected)`` is true (by default :func:`same`: equal and of the same plain types), or,
    when ``raises`` is an exception class, when the call raises it.
    ``hint`` is shown under a failure: what the student may have missed. An example
    that is not ``listed`` (a generated one) gets no line of its own when it passes; a
    failing one is always shown.
    """

    description: str
    call: Callable[[], Any]
    expected: Any = None
    raises: type[BaseException] | None = None
    compare: Callable[[Any, Any], bool] | None = None
    hint: str = ""
    listed: bool = True


@dataclass
class CheckResult:
    """What a check found: its lines of text and how it ended."""

    exercise: str
    status: Status
    lines: list[str] = field(default_factory=list)
    passed: int = 0
    total: int = 0
    details: str = ""

    @property
    def ok(self) -> bool:
        """True when every example passed."""
        return self.status is Status.PASSED

    def __str__(self) -> str:
        text = "\n".join(self.lines)
        return text + ("\n" + self.details if self.details else "")

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour = {
            Status.PASSED: "#1b7f3b",
            Status.FAILED: "#b42318",
            Status.NOT_IMPLEMENTED: "#7a5d00",
            Status.ERROR: "#b42318",
        }[self.status]
        body = html.escape(str(self))
        return (
            f'<pre style="border-left: 4px solid {colour}; padding: 4px 8px; '
            f'margin: 0; white-space: pre-wrap">{body}</pre>'
        )


def short_repr(value: Any, limit: int = 120) -> str:
    """``repr(value)``, cut in the middle when longer than ``limit`` characters."""
    try:
        text = repr(value)
    except Exception as error:  # a broken __repr__ in student code
        text = _("<{type} whose repr raised {error}>").format(
            type=type(value).__name__, error=type(error).__name__
        )
    if len(text) > limit:
        half = (limit - 5) // 2
        text = text[:half] + " ... " + text[-half:]
    return text


def same(got: Any, expected: Any) -> bool:
    """``got == expected`` as the hidden tests see it: of the same plain type all the way down.

    ``True`` is not ``1``, ``7.0`` is not ``7`` (but ``2`` will do for ``2.0``), a list is
    not a tuple, and so inside
    tuples, lists and dict values. Other values (sets, the package's objects, the
    student's objects) compare with ``==``.
    """
    if type(expected) in (tuple, list):
        return (type(got) is type(expected) and len(got) == len(expected)
                and all(same(g, e) for g, e in zip(got, expected)))
    if type(expected) is dict:
        return (type(got) is dict and got.keys() == expected.keys()
                and all(same(got[k], expected[k]) for k in expected))
    if type(expected) is float:  # 2 is a fine answer where 2.0 is expected
        return type(got) in (int, float) and got == expected
    if type(expected) in (bool, int, str) or isinstance(got, bool):
        return type(got) is type(expected) and got == expected
    try:
        return bool(got == expected)
    except Exception:
        return False


def table(rows: Iterable[tuple[Any, ...]], names: dict[str, Any], *, view: Callable[[Any], Any] | None = None,
          hint: str = "", compare: Callable[[Any, Any], bool] | None = None) -> list[Example]:
    """The examples of a table: one per row ``(call, expected)`` or ``(call, expected, hint)``.

    ``call`` is the text a student would type (``"swap(1, 2)"``): it is the example's
    description, and it runs, with ``names`` (the student's functions, the check's
    values) bound, only when the example does. ``view`` turns what the call returns into
    what is compared (melds into text, say). An exception class as ``expected`` means the
    call must raise it. So a check holds its examples as data, each call written once::

        >>> [e.description for e in table([("count_pips([4, 2, 1])", 7)], {"count_pips": sum})]
        ['count_pips([4, 2, 1])']
    """
    examples = []
    for call, expected, *more in rows:
        raises = expected if isinstance(expected, type) and issubclass(expected, BaseException) else None

        def run(call: str = call) -> Any:
            value = eval(call, dict(names))  # noqa: S307 - the check's own text, run with the student's names
            return view(value) if view is not None else value

        examples.append(Example(call, run, None if raises else expected, raises=raises,
                                hint=more[0] if more else hint, compare=compare))
    return examples


def observed(rows: Iterable[tuple[Any, ...]], subject: Any, *, hint: str = "",
             compare: Callable[[Any, Any], bool] | None = None) -> list[Example]:
    """The examples of a table of observations: one per row ``(description, observe,
    arguments, expected)`` or ``(description, observe, arguments, expected, hint)``.

    Where a call cannot be written as one line (a game between scripted players, a turn in a
    chosen state), ``observe`` is a function of the check's module that runs the student's
    ``subject`` and returns what it saw; the example calls ``observe(subject, *arguments)``.
    The rest of the row is data, so a check holds its examples as rows, never as closures::

        >>> [e.call() for e in observed([("a sum", lambda f, *xs: f(xs), (4, 2, 1), 7)], sum)]
        [7]
    """
    return [Example(description, functools.partial(observe, subject, *arguments), expected,
                    hint=more[0] if more else hint, compare=compare)
            for description, observe, arguments, expected, *more in rows]


def _where(error: BaseException) -> str:
    """Where in the student's code an exception was raised, if it was in a notebook cell."""
    frames = tb.extract_tb(error.__traceback__)
    for frame in reversed(frames):
        if "ipykernel_" in frame.filename or frame.filename.startswith("<"):
            return _(" (line {line}, in {function})").format(line=frame.lineno, function=frame.name)
    return ""


def said(mark: str, description: str, verdict: str) -> str:
    """A check's line for one example: its mark (✓, ✗, …), what it tried and the verdict,
    punctuated as the language wants ("ex: verdict", in French "ex : verdict")."""
    return f"  {mark} " + _("{example}: {verdict}").format(example=description, verdict=verdict)


def hint_line(hint: str) -> str:
    """The line under a failed example that gives its hint ("    Hint: ...")."""
    return "    " + _("Hint: {hint}").format(hint=hint)


def check(
    exercise: str,
    examples: Iterable[Example],
    *,
    traceback: bool = False,
    rng: bool = False,
) -> CheckResult:
    """Run ``examples`` in order and report on the first one that fails.

    ``rng``: the exercise's code is given an rng (a ``random.Random`` or an object that
    throws like one) to draw from; an example during which it draws from the module
    ``random`` too fails, whatever it returns: every draw must come from the rng it is
    given, so that a seeded game replays.
    """
    examples = list(examples)
    result = CheckResult(
        exercise, Status.PASSED, [_("Checking {exercise}").format(exercise=exercise)],
        total=len(examples),
    )
    for example in examples:
        state = random.getstate() if rng else None
        try:
            got = example.call()
        except Exception as error:
            ended = _drew_elsewhere(result, example, state) or _raised(result, example, error, traceback)
        else:
            ended = _drew_elsewhere(result, example, state) or _returned(result, example, got)
        if ended:
            return result
    unlisted = sum(1 for example in examples if not example.listed)
    if unlisted:
        result.lines.append("  ✓ " + ngettext(
            "{count} generated example", "{count} generated examples", unlisted).format(count=unlisted))
    # the English says "All 1 examples pass." too: one form, as it always said
    result.lines.append(ngettext(
        "All {count} examples pass.", "All {count} examples pass.", result.total
    ).format(count=result.total))
    return result


def _raised(result: CheckResult, example: Example, error: Exception, traceback: bool) -> bool:
    """Note what an example that raised ``error`` says; True when the check stops there."""
    if isinstance(error, NotImplementedError):
        result.status = Status.NOT_IMPLEMENTED
        other = STUB_PATTERN.fullmatch(str(error))
        if other and other["exercise"] != result.exercise:
            result.lines.append(said("…", example.description, _(
                "not implemented yet: it needs exercise {other}, which still has its "
                "stub. Do that one first."
            ).format(other=other["exercise"])))
        else:
            result.lines.append(said("…", example.description, _(
                "not implemented yet. Write your code in the exercise cell, run it, then "
                "run this check again."
            )))
        return True
    if isinstance(error, RuleBroken):
        result.status = Status.FAILED
        result.lines.append(said("✗", example.description, str(error)))
        _hint(result, example)
        return True
    if example.raises is not None and isinstance(error, example.raises):
        result.passed += 1
        if example.listed:
            result.lines.append(f"  ✓ {example.description} " + _("raises {error}").format(
                error=type(error).__name__
            ))
        return False
    result.status = Status.ERROR
    message = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    expected = short_repr(example.expected) if example.raises is None else example.raises.__name__
    result.lines.append(said("✗", example.description, _(
        "expected {expected}, but it raised {error}"
    ).format(expected=expected, error=message) + _where(error)))
    _hint(result, example)
    if traceback:
        result.details = "".join(tb.format_exception(error))
    elif example.raises is None:  # a wrong kind of error is a rule broken, not a crash
        result.lines.append("    " + _("(check(..., traceback=True) shows the whole traceback)"))
    return True


def _drew_elsewhere(result: CheckResult, example: Example, state: Any) -> bool:
    """True (the check stops there) when an example of code given an rng drew from the
    module ``random`` too (its generator's ``state`` before the call changed)."""
    if state is None or random.getstate() == state:
        return False
    result.status = Status.FAILED
    result.lines.append(said("✗", example.description, _(
        "it drew from the module random, but it is given a random.Random: every draw must "
        "come from that rng, so that a seeded game replays"
    )))
    _hint(result, example)
    return True


def _returned(result: CheckResult, example: Example, got: Any) -> bool:
    """Note what an example that returned ``got`` says; True when the check stops there."""
    if example.raises is not None:
        result.status = Status.FAILED
        result.lines.append(said("✗", example.description, _(
            "expected {expected}, but it returned {got}"
        ).format(expected=example.raises.__name__, got=short_repr(got))))
        _hint(result, example)
        return True
    compare = example.compare or same
    try:
        matched = bool(compare(got, example.expected))
    except Exception:
        matched = False
    if matched:
        result.passed += 1
        if example.listed:
            result.lines.append(f"  ✓ {example.description} == {short_repr(example.expected, 60)}")
        return False
    result.status = Status.FAILED
    result.lines.append(f"  ✗ {example.description}")
    result.lines.append("    " + _("expected: {value}").format(value=short_repr(example.expected)))
    result.lines.append("    " + _("got:      {value}").format(value=short_repr(got)))
    _hint(result, example)
    return True


def _hint(result: CheckResult, example: Example) -> None:
    """The example's hint under its failure, if it has one."""
    if example.hint:
        result.lines.append(hint_line(example.hint))


# ----------------------------------------------------------------------------- generated cases


def _decode(data: Any) -> Any:
    """A value of a worksheet's ``cases.json`` (see ``course cases``), rebuilt."""
    if isinstance(data, list):
        return [_decode(item) for item in data]
    if not isinstance(data, dict):
        return data
    (tag, body), = data.items()
    if tag == "$tuple":
        return tuple(_decode(item) for item in body)
    if tag == "$set":
        return {_decode(item) for item in body}
    if tag == "$frozenset":
        return frozenset(_decode(item) for item in body)
    if tag == "$dict":
        return {_decode(key): _decode(value) for key, value in body}
    if tag in ("$enum", "$data"):
        module_name, qualname = body[0].split(":")
        if module_name != "exercises" and not module_name.startswith("exercises."):
            raise ValueError(f"cases.json names {body[0]}, which is not the package's")
        cls: Any = importlib.import_module(module_name)
        for part in qualname.split("."):
            cls = getattr(cls, part)
        if tag == "$enum":
            return cls[body[1]]
        return cls(**{name: _decode(value) for name, value in body[1].items()})
    raise ValueError(f"cases.json holds an unknown tag {tag!r}")


def _exception(name: str) -> type[BaseException]:
    found = getattr(builtins, name, None)
    if isinstance(found, type) and issubclass(found, Exception):
        return found
    raise ValueError(f"cases.json expects {name}, which is not a built-in exception")


@functools.cache
def _cases(worksheet: str) -> dict[str, Any]:
    resource = importlib.resources.files(f"exercises.{worksheet}").joinpath("cases.json")
    return json.loads(resource.read_text(encoding="utf-8")) if resource.is_file() else {}


def generated(exercise: str, names: dict[str, Any], hint: str = "") -> list[Example]:
    """The generated examples of ``exercise``, smallest first: each a call and the answer
    the reference gave, kept as data in the worksheet's ``cases.json`` (``course cases``
    writes it: the call's expression, its names' values, and the answer). ``names`` binds
    the student's functions and classes the expression uses.

    >>> [e.description for e in generated("start.no_such_exercise", {})]
    []
    """
    found = []
    for case in _cases(exercise.split(".")[0]).get(exercise, []):
        code = compile(case["expression"], case["call"], "eval")
        bound = {**names, **{name: _decode(value) for name, value in case["names"].items()}}

        def call(code: Any = code, bound: dict[str, Any] = bound) -> Any:
            # one namespace: a comprehension in the call sees the names too
            return eval(code, {"__builtins__": builtins, **bound})  # noqa: S307 - the package's own data

        if "raises" in case:
            found.append(Example(case["call"], call, raises=_exception(case["raises"]), hint=hint, listed=False))
        else:
            found.append(Example(case["call"], call, _decode(case["expected"]), compare=same, hint=hint,
                                 listed=False))
    return sorted(found, key=lambda example: len(example.description))
