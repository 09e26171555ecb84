"""A student's feedback file in Markdown: points per exercise, the root causes of failures,
what failed and why, the cells that raised; never a hidden test's source."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from exercises.i18n import STUB_PATTERN

from ...i18n.grading_text import ENGLISH, Words, one_line
from .results import GradingResult, number

#: a stub's sentence, in any language: French spaces the colon after the exception's name
STUB = re.compile(r"NotImplementedError[ \u202f]?: " + STUB_PATTERN.pattern)
MISSING = re.compile(r"(?:(?:does not define|defines no) [`']|NameError: name ')(?P<name>\w+)[`']")


def root_cause(message: str, say: Words = ENGLISH) -> str | None:
    """What a failure comes from when it is not the test's exercise itself: a stub, a missing name."""
    found = STUB.search(message)
    if found:
        return say("`{exercise}` is not done yet (its code still raises NotImplementedError)",
                   exercise=found["exercise"])
    found = root_cause_name(message, say)
    if found:
        return say("your notebook does not define `{name}`", name=found["name"])
    return None


def _cell_line(cell: dict[str, Any], say: Words = ENGLISH) -> str:
    where = say("cell {cell}", cell=cell["cell"]) if cell.get("cell") else \
        say("code cell {number} (not counting checks and demos)", number=cell["index"] + 1)
    return f"- {where}: {one_line(say.sentence(str(cell['error'])))}"


def feedback(student: str, results: list[GradingResult], root: Path | None = None) -> str:
    """A student's feedback in Markdown, one section per worksheet.

    Points per exercise; then the root causes first (an exercise not done yet, a name
    the notebook does not define: "6 tests of 3 exercises need it"); then each
    exercise's other failures, one line each saying what was called, expected and
    returned; then the cells that raised, numbered as the notebook shows them (every
    cell from the top, text cells included). A notebook where nothing is done yet gets a
    short summary instead of every test. Each section is in its notebook's language
    (:mod:`course.i18n.grading_text`); the title in the language of the first.
    """
    ordered = sorted(results, key=lambda r: r.path)
    first = Words(root, ordered[0].language) if ordered else ENGLISH
    lines = [first("# Feedback for {student}", student=student), ""]
    for result in ordered:
        say = Words(root, result.language) if result.language else ENGLISH
        name = Path(result.path).name
        exercises = result.exercises
        if result.reason and not exercises:
            lines += [f"## {name}", "", say("Not graded: {reason}.", reason=say.sentence(result.reason)), ""]
            continue
        total = sum(e.max for e in exercises.values())
        lines += [say("## {name} (worksheet {worksheet}): {score} / {total} points", name=name,
                      worksheet=result.worksheet, score=number(result.score or 0), total=number(total)), ""]
        if result.reason:
            lines += [say("Note: {reason}.", reason=say.sentence(result.reason)), ""]
        if result.others:
            rule = say("the best") if result.rule == "best" else say("the newest")
            lines += [say("Several notebooks of this worksheet were handed in: {name} counts ({rule}); "
                          "not counted: {others}.", name=name, rule=rule, others=", ".join(result.others)), ""]
        lines += circumstances(result, say)
        failing = [test for test in result.tests if not test.passed]
        causes: dict[str, dict[str, list[str]]] = {}
        rest: dict[str, list[tuple[str, str]]] = {}
        for test in failing:
            exercise, _, test_name = test.name.partition(": ")
            message = one_line(str(test.output)) or "failed"
            cause = root_cause(message, say)
            if cause:
                causes.setdefault(cause, {}).setdefault(exercise, []).append(test_name)
            else:
                rest.setdefault(exercise, []).append((test_name, message))
        cells = [c for c in result.cells if not STUB.search(str(c.get("error", "")))]
        nothing_done = failing and not rest and result.score == 0
        if nothing_done:
            lines += [say("Nothing of this worksheet can be graded yet: {tests} tests of {exercises} exercises "
                          "fail because:", tests=len(failing), exercises=len(exercises)), ""]
            stubs = [stub["exercise"] for m in (" ".join(str(t.output).split()) for t in failing)
                     if (stub := STUB.search(m))]
            missing = [found["name"] for found in (root_cause_name(" ".join(str(t.output).split()), say)
                                                   for t in failing) if found]
            if stubs:
                lines.append(say("- not done yet (the code still raises NotImplementedError): {names}",
                                 names=", ".join(f"`{e}`" for e in dict.fromkeys(stubs))))
            if missing:
                lines.append(say("- not defined in your notebook (is its cell there, and run?): {names}",
                                 names=", ".join(f"`{n}`" for n in dict.fromkeys(missing))))
            if cells:
                lines += ["", say("Cells of your notebook that raised an error when run from the top:"), ""]
                lines += [_cell_line(cell, say) for cell in cells]
            lines.append("")
            continue
        lines += [say("| exercise | points | tests passed |"), "|---|---|---|"]
        for exercise, entry in exercises.items():
            lines.append(say("| {exercise} | {score} / {total} | {passed} of {count} |", exercise=exercise,
                             score=number(entry.score), total=number(entry.max),
                             passed=entry.passed, count=entry.total))
        given: dict[str, dict[str, int]] = {}
        given_start = say("graded with the given {names} because yours fails its tests", names="\0").split("\0")[0]
        for test in result.tests:
            if test.passed and str(test.output).startswith(given_start):
                exercise = test.name.partition(": ")[0]
                notes = given.setdefault(exercise, {})
                notes[test.output] = notes.get(test.output, 0) + 1
        if given:
            lines += ["", say("A mistake costs once: these exercises were graded with the course's code in place "
                              "of an earlier exercise of yours that fails its tests:"), ""]
            for exercise, notes in given.items():
                for note, count in notes.items():
                    lines.append(say("- {exercise}: {note} (1 test).", exercise=exercise, note=note) if count == 1
                                 else say("- {exercise}: {note} ({count} tests).", exercise=exercise, note=note,
                                          count=count))
        if causes:
            lines += ["", say("First, what other failures come from:"), ""]
            for cause, by_exercise in causes.items():
                count = sum(len(tests) for tests in by_exercise.values())
                if len(by_exercise) == 1 and f"`{next(iter(by_exercise))}`" in cause:
                    lines.append(say("- {cause}: its {count} tests fail on it.", cause=cause, count=count)
                                 if count > 1 else say("- {cause}: its one test fails on it.", cause=cause))
                    continue
                names = ", ".join(by_exercise)
                if len(by_exercise) != 1:
                    lines.append(say("- {cause}: {count} tests of {exercises} exercises need it ({names}).",
                                     cause=cause, count=count, exercises=len(by_exercise), names=names))
                elif count != 1:
                    lines.append(say("- {cause}: {count} tests of 1 exercise need it ({names}).",
                                     cause=cause, count=count, names=names))
                else:
                    lines.append(say("- {cause}: 1 test of 1 exercise needs it ({names}).", cause=cause, names=names))
        if rest:
            lines += ["", say("Tests that did not pass, by exercise:"), ""]
            for exercise, tests in rest.items():
                lines.append(f"- **{exercise}**")
                lines += [f"  - `{test_name}`: {message}" for test_name, message in tests]
        if cells:
            lines += ["", say("Cells of your notebook that raised an error when run from the top "
                              "(counted from the top, text cells included):"), ""]
            lines += [_cell_line(cell, say) for cell in cells]
        lines.append("")
    return "\n".join(lines)


def circumstances(result: GradingResult, say: Words) -> list[str]:
    """The feedback's lines on how the result stands: not in the last hand-in, late, changed by hand."""
    lines = []
    if result.gone:
        lines += [say("This notebook was not in the last hand-in; its result is kept."), ""]
    late = result.late
    if late and late.days and late.penalty_percent:
        lines += [say("Handed in {days} day(s) late ({late} after the deadline): {percent}% of the points are "
                      "taken off in the grade book.", days=late.days, late=late.hours(),
                      percent=number(late.penalty_percent)), ""]
    elif late and late.days:
        lines += [say("Handed in {days} day(s) late ({late} after the deadline).", days=late.days,
                      late=late.hours()), ""]
    for change in result.adjustments:
        lines += [say("Points changed by hand on {exercise}: {points} ({reason}).", exercise=change["exercise"],
                      points=f"{float(change['points']):+g}", reason=change["reason"]), ""]
    return lines


def root_cause_name(message: str, say: Words = ENGLISH) -> re.Match[str] | None:
    """The match naming what a message says the notebook does not define, in either language."""
    found = MISSING.search(message)
    if found or say is ENGLISH:
        return found
    for template, name in (("the notebook does not define `{name}`; the test expected it", "\0"),
                           ("the notebook defines no {name} (is the cell that defines it run?)", "'\0'")):
        french = re.escape(say.table.get(template, template).replace("{name}", name))
        found = re.search(french.replace(re.escape("\0"), r"(?P<name>\w+)"), message)
        if found:
            return found
    return None
