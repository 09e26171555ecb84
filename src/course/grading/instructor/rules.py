"""Each worksheet's rules, stored once in the gradebook: deadlines and extensions, the late
penalty, visibility, points and test weights, LMS ids, hand-in time sources; and the checks.

A rule given on ``course grade``'s command line is stored the first time; a later run
uses the stored one, and a different value is refused with the ``course gradebook``
command that changes it (a change is logged and recomputes every grade it touches).
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ...gradebook.handin import BadSource, Source, parse_source, parse_time, read_export
from ...gradebook.store import Gradebook
from .discover import Worksheet, module_tree
from .results import VISIBILITIES, Options

TIME_FORM = "2026-11-27T23:59 (ISO, UTC unless it says, as 2026-11-27T23:59+01:00)"


class BadRule(ValueError):
    """A rule that cannot be used, in one sentence with its fix."""


@dataclass(frozen=True)
class Given:
    """The rules a command line gives (None or empty: not given)."""

    deadlines: tuple[tuple[str, float, str], ...] = ()  #: (target, seconds, as written)
    late_penalty: float | None = None
    visibility: str | None = None
    lms_ids: tuple[tuple[str, str], ...] = ()
    sources: tuple[Source, ...] = ()


def shown(seconds: float) -> str:
    """A moment as the gradebook shows it."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def deadline(given: str, sheets: list[Worksheet]) -> tuple[str, float, str]:
    """A ``[WORKSHEET[@STUDENT]=]TIME`` value: its target, its moment and the text (BadRule when wrong)."""
    target, _, moment = given.rpartition("=") if "=" in given else ("", "", given)
    worksheet = target.partition("@")[0]
    if worksheet and worksheet not in {sheet.id for sheet in sheets}:
        raise BadRule(f"--deadline names no worksheet {worksheet!r}; the worksheets are "
                      f"{', '.join(sheet.id for sheet in sheets)}")
    try:
        return target, parse_time(moment), moment
    except ValueError:
        raise BadRule(f"the deadline {moment!r} is not a time; write it as {TIME_FORM}") from None


def exercises_of(sheets: list[Worksheet]) -> set[str]:
    """Every exercise a worksheet's notebook or its hidden tests' POINTS names."""
    found = {exercise for sheet in sheets for exercise in sheet.exercises}
    for sheet in sheets:
        table = points_table(sheet)
        if isinstance(table, dict):
            found |= set(table)
    return found


def points_table(sheet: Worksheet) -> object:
    """The ``POINTS`` of a worksheet's hidden test module, read without running it (None: no literal one)."""
    if sheet.tests is None:
        return None
    try:
        tree = module_tree(sheet.tests)
    except (OSError, SyntaxError, UnicodeDecodeError):
        return None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "POINTS" for t in node.targets):
            try:
                return ast.literal_eval(node.value)
            except ValueError:
                return None
    return None


def marked(sheet: Worksheet) -> list[tuple[str, str]]:
    """Each test of the hidden module with the exercise its ``@pytest.mark.exercise`` names."""
    assert sheet.tests is not None
    tree = module_tree(sheet.tests)
    found = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            for mark in node.decorator_list:
                if isinstance(mark, ast.Call) and isinstance(mark.func, ast.Attribute) \
                        and mark.func.attr == "exercise" and mark.args and isinstance(mark.args[0], ast.Constant):
                    found.append((node.name, str(mark.args[0].value)))
    return found


def check_points(sheets: list[Worksheet]) -> None:
    """Refuse (BadRule) a hidden test module whose POINTS is malformed or misses an exercise its tests grade."""
    for sheet in sheets:
        if sheet.tests is None:
            continue
        table = points_table(sheet)
        where = f"{sheet.tests.parent.parent.name}/{sheet.tests.parent.name}/{sheet.tests.name}"
        if not isinstance(table, dict) or not all(
                isinstance(k, str) and type(v) in (int, float) and v >= 0 for k, v in table.items()):
            raise BadRule(f"{where}: POINTS is not a table of points; write POINTS = "
                          "{'sheet.exercise': points, ...} with a number of points (0 or more) for each exercise")
        for test, exercise in marked(sheet):
            if exercise not in table:
                raise BadRule(f"{where}: {test} grades {exercise}, which POINTS does not name "
                              f"(POINTS names {', '.join(sorted(table))}); nothing was graded")


def options_of(book: Gradebook, given: Given, rule: str = "newest") -> Options:
    """The result options from the rules the gradebook keeps."""
    stored = book.rules()
    deadlines = tuple((target, float(value)) for (name, target), value in stored.items() if name == "deadline")
    return Options(rule=rule, visibility=stored.get(("visibility", ""), "after_due_date"), deadlines=deadlines,
                   late_penalty=float(stored.get(("late_penalty", ""), 0.0)),
                   lms_ids=tuple((t, v) for (n, t), v in stored.items() if n == "lms_id"),
                   points=tuple((t, float(v)) for (n, t), v in stored.items() if n == "points"),
                   weights=tuple((t, float(v)) for (n, t), v in stored.items() if n == "weight"))


def sources_of(book: Gradebook, given: Given, section: str = "") -> list[Source]:
    """Where hand-in times come from: this run's sources, else those stored for the section."""
    if given.sources:
        return list(given.sources)
    stored = book.rules().get(("handed_in", section))
    try:
        return [parse_source(text) for text in json.loads(stored)] if stored else []
    except (ValueError, BadSource):
        return []


def change(command: str, out: Path) -> str:
    return f"course gradebook {command} --out {out}"


def settle(book: Gradebook, given: Given, out: Path, who: str, section: str = "") -> None:
    """Store the rules a command line gives for the first time; BadRule when one differs from the stored."""
    stored = book.rules()
    new: list[tuple[str, str, str, str]] = []  # rule, target, value, as written
    for target, seconds, text in given.deadlines:
        kept = stored.get(("deadline", target))
        if kept is not None and float(kept) != seconds:
            what = f"of {target}" if target else "of every worksheet"
            fix = change("deadline " + (f"{target}={text}" if target else text), out)
            raise BadRule(f"the deadline {what} is kept in the gradebook as {shown(float(kept))}; "
                          f"to change it run {fix}")
        new.append(("deadline", target, repr(seconds), text))
    if given.late_penalty is not None:
        kept = stored.get(("late_penalty", ""))
        if kept is not None and float(kept) != given.late_penalty:
            raise BadRule(f"the late penalty is kept in the gradebook as {float(kept):g}% per started day; "
                          f"to change it run {change(f'late-penalty {given.late_penalty:g}', out)}")
        if not 0 <= given.late_penalty <= 100:
            raise BadRule(f"--late-penalty {given.late_penalty:g} is not a percentage; give 0 to 100")
        new.append(("late_penalty", "", repr(given.late_penalty), f"{given.late_penalty:g}%"))
    if given.visibility is not None:
        kept = stored.get(("visibility", ""))
        if kept is not None and kept != given.visibility:
            raise BadRule(f"the visibility is kept in the gradebook as {kept}; to change it run "
                          f"{change(f'visibility {given.visibility}', out)}")
        new.append(("visibility", "", given.visibility, given.visibility))
    for student, lms_id in given.lms_ids:
        kept = stored.get(("lms_id", student))
        if kept is not None and kept != lms_id:
            raise BadRule(f"{student}'s LMS id is kept in the gradebook as {kept}, the --lms-ids file says {lms_id}; "
                          f"to change it run {change(f'lms-id {student} {lms_id}', out)}")
        new.append(("lms_id", student, lms_id, lms_id))
    has_deadline = any(n == "deadline" for n, _ in stored) or given.deadlines
    if has_deadline and given.late_penalty is None and ("late_penalty", "") not in stored:
        raise BadRule("a deadline needs its penalty: add --late-penalty PERCENT, the points taken off per "
                      "started day late (0 to mark lateness without taking points off)")
    for name, target, value, text in new:
        if stored.get((name, target)) != value:
            book.set_rule(name, target, value, who,
                          f"course grade set {name.replace('_', ' ')}{' of ' + target if target else ''} to {text}")
    if given.sources:
        value = json.dumps([source.describe() for source in given.sources])
        if stored.get(("handed_in", section)) != value:
            book.set_rule("handed_in", section, value, who, f"course grade took hand-in times"
                          f"{' of section ' + section if section else ''} from {', '.join(json.loads(value))}")


def check_stored(book: Gradebook, sheets: list[Worksheet]) -> None:
    """Refuse (BadRule) points or weights that name an exercise the course does not have."""
    known = exercises_of(sheets)
    for (name, target), _value in book.rules().items():
        exercise = target.partition(": ")[0] if name == "weight" else target
        if name in ("points", "weight") and exercise not in known:
            raise BadRule(f"the gradebook gives {name} to {exercise}, which no worksheet has; "
                          f"remove it with course gradebook {name} {target!r} none")


def lms_missing(book: Gradebook, students: set[str]) -> list[str]:
    """The students without an LMS id, when the gradebook keeps LMS ids."""
    ids = {t for (n, t) in book.rules() if n == "lms_id"}
    return sorted(s for s in students if s not in ids and s.rpartition("/")[2] not in ids) if ids else []


def source_list(texts: list[str]) -> tuple[Source, ...]:
    """The ``--handed-in`` values (BadRule when one is not a source, or its export cannot be read)."""
    try:
        sources = tuple(parse_source(text) for text in texts)
        for source in sources:
            if source.file:
                read_export(source)
        return sources
    except BadSource as error:
        raise BadRule(str(error)) from None


def visibility(value: str | None) -> str | None:
    if value is not None and value not in VISIBILITIES:
        raise BadRule(f"visibility {value!r} is not one of {', '.join(VISIBILITIES)}")
    return value
