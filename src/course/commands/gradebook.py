"""``course gradebook``: read the gradebook of an output folder (its history, rules, students)
and change it by hand: a rule, a student's points with a reason, the results of files that are gone."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

from ..gradebook.lock import Busy, hold
from ..gradebook.schema import NAME
from ..gradebook.store import Gradebook, someone
from ..grading.instructor.book import Report
from ..grading.instructor.discover import Worksheet, find_root, worksheets
from ..grading.instructor.results import VISIBILITIES
from ..grading.instructor.rules import BadRule, Given, check_stored, deadline, exercises_of, options_of, shown

#: the changes: what each takes, and what it does
CHANGES = {
    "deadline": ("[WORKSHEET[@STUDENT]=]TIME", "set a deadline (an extension when it names a student); "
                 "TIME 'none' removes it"),
    "late-penalty": ("PERCENT", "the percent of a worksheet's points lost per started day late"),
    "visibility": ("VISIBILITY", f"Gradescope visibility of each test: {', '.join(VISIBILITIES)}"),
    "lms-id": ("STUDENT ID", "a student's id in the LMS"),
    "points": ("EXERCISE POINTS", "an exercise's points, in place of its POINTS ('none' goes back to POINTS)"),
    "weight": ("'EXERCISE: TEST' WEIGHT", "a test's weight in its exercise (default 1; 'none' goes back to 1)"),
    "adjust": ("STUDENT EXERCISE POINTS", "give (or take, when negative) points on one student's exercise; "
               "needs --reason; kept through regrades"),
    "forget": ("[STUDENT...]", "remove the results of files that are gone (of these students; default: all)"),
}
READS = {"history": "every run and every change, in order", "rules": "the rules the gradebook keeps",
         "students": "the students, their section, LMS id and files"}


class Refused(Exception):
    """Why the command cannot run, in one sentence."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``course gradebook``."""
    parser.add_argument("action", choices=[*READS, *CHANGES], metavar="ACTION",
                        help="; ".join(f"{name}: {text}" for name, text in READS.items()) + "; "
                        + "; ".join(f"{name} {form}: {text}" for name, (form, text) in CHANGES.items()))
    parser.add_argument("values", nargs="*", help="what the action takes")
    parser.add_argument("--out", required=True, help="the output folder of course grade")
    parser.add_argument("--reason", default="", help="why (needed by adjust; logged with every change)")
    parser.add_argument("--by", default=None, help="who makes the change (default: your login)")
    parser.add_argument("--root", default=None, help="the course folder (default: found from the current folder)")
    parser.add_argument("--wait", action="store_true", help="wait for a running course grade on --out")


def run(args: argparse.Namespace) -> int:
    """Read or change the gradebook; 2 when refused."""
    out = Path(args.out)
    if not (out / NAME).is_file():
        print(f"course gradebook: {out} holds no gradebook ({NAME}); grade into it first with "
              f"course grade HAND-IN --out {out}", file=sys.stderr)
        return 2
    try:
        if args.action in READS:
            return read(args, out)
        with hold(out.resolve(), f"course gradebook {args.action}", wait=args.wait):
            return changed(args, out)
    except (Refused, BadRule, Busy) as error:
        print(f"course gradebook: {error}", file=sys.stderr)
        return 2


def read(args: argparse.Namespace, out: Path) -> int:
    """Print the history, the rules or the students."""
    book = Gradebook(out)
    try:
        if args.action == "history":
            for event in book.history():
                moment = datetime.fromtimestamp(event.at, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
                print(f"{moment}  {event.who}  {event.action}: {event.detail}")
        elif args.action == "rules":
            for (rule, target), value in book.rules().items():
                text = shown(float(value)) if rule == "deadline" else value
                print(f"{rule.replace('_', ' ')}{' ' + target if target else ''}: {text}")
        else:
            files = book.files().values()
            for student, about in book.students().items():
                mine = sorted(Path(e.path).name + ("" if Path(e.path).exists() else " (not in the last hand-in)")
                              for e in files if e.student == student)
                print(f"{about['section'] or '-'}\t{about['name']}\t{about['lms_id'] or '-'}\t{', '.join(mine)}")
    finally:
        book.close()
    return 0


def changed(args: argparse.Namespace, out: Path) -> int:
    """Make the change, log it, and write every view again from the gradebook."""
    root = Path(args.root).resolve() if args.root else find_root(Path.cwd().resolve())
    if root is None:
        raise Refused("no course folder (with solutions/ and tests/grading/) here or above; use --root")
    sheets = worksheets(root)
    who = args.by or someone()
    book = Gradebook(out)
    try:
        said = change(args, book, sheets, who)
        check_stored(book, sheets)
        report = Report(out.resolve(), sheets, options_of(book, Given()), book)
        if args.action == "forget":
            gone = report.forget(set(args.values) or None)
            names = ", ".join(sorted(Path(e.path).name for e in gone))
            said = f"forgot {len(gone)} files that are gone" + (f": {names}" if gone else "")
            book.log(who, "forget", said + (f" ({args.reason})" if args.reason else ""))
        report.publish()
    finally:
        book.close()
    print(f"{said}; grades.csv, lms.csv, results and feedback written again in {out}")
    return 0


def change(args: argparse.Namespace, book: Gradebook, sheets: list[Worksheet], who: str) -> str:
    """Apply one change to the gradebook; what was done, in words (Refused when it cannot be)."""
    action, values = args.action, args.values
    form = CHANGES[action][0]
    count = 0 if action == "forget" else len(form.replace("'EXERCISE: TEST'", "TEST").split())
    if action != "forget" and len(values) != count:
        raise Refused(f"{action} takes {form} (got {len(values)} value{'s' if len(values) != 1 else ''})")
    why = f" ({args.reason})" if args.reason else ""
    if action == "deadline":
        target, _, moment = values[0].rpartition("=") if "=" in values[0] else ("", "", values[0])
        if moment == "none":
            book.set_rule("deadline", target, None, who, f"deadline{' of ' + target if target else ''} removed{why}")
            return f"deadline{' of ' + target if target else ''} removed"
        target, seconds, text = deadline(values[0], sheets)
        book.set_rule("deadline", target, repr(seconds), who,
                      f"deadline{' of ' + target if target else ''} set to {shown(seconds)}{why}")
        return f"deadline{' of ' + target if target else ''} set to {shown(seconds)}"
    if action in ("late-penalty", "points", "weight"):
        rule, target, value = action.replace("-", "_"), values[0] if count == 2 else "", values[-1]
        if action != "late-penalty" and target.partition(": ")[0] not in exercises_of(sheets):
            raise Refused(f"no worksheet has an exercise {target.partition(': ')[0]!r}; "
                          "name it as sheet.exercise (e.g. dice421.roll_die)")
        if value != "none" or action == "late-penalty":
            try:
                number = float(value)
            except ValueError:
                raise Refused(f"{action} takes a number, not {value!r}") from None
            if number < 0 or (action == "late-penalty" and number > 100):
                raise Refused(f"{action} takes a number from 0{' to 100' if action == 'late-penalty' else ''}")
        book.set_rule(rule, target, None if value == "none" else value, who,
                      f"{action}{' of ' + target if target else ''} set to {value}{why}")
        return f"{action}{' of ' + target if target else ''} set to {value}"
    if action in ("visibility", "lms-id"):
        if action == "visibility" and values[0] not in VISIBILITIES:
            raise Refused(f"visibility {values[0]!r} is not one of {', '.join(VISIBILITIES)}")
        rule, target, value = action.replace("-", "_"), values[0] if count == 2 else "", values[-1]
        book.set_rule(rule, target, value, who, f"{action}{' of ' + target if target else ''} set to {value}{why}")
        return f"{action}{' of ' + target if target else ''} set to {value}"
    if action == "adjust":
        return adjust(args, book, sheets, who)
    return ""


def adjust(args: argparse.Namespace, book: Gradebook, sheets: list[Worksheet], who: str) -> str:
    """Give or take points on one student's exercise, with the reason."""
    student, exercise, points = args.values
    if not args.reason.strip():
        raise Refused("adjust needs --reason TEXT: why the points change (the student's feedback shows it)")
    known = {e.student for e in book.files().values()}
    if student not in known:
        matches = sorted(key for key in known if key.rpartition("/")[2] == student)
        if len(matches) != 1:
            raise Refused(f"{student} is in several sections ({', '.join(matches)}); name one as SECTION/NAME"
                          if matches else f"the gradebook has no student {student!r}")
        student = matches[0]
    if exercise not in exercises_of(sheets):
        raise Refused(f"no worksheet has an exercise {exercise!r}; name it as sheet.exercise (e.g. dice421.roll_die)")
    try:
        value = float(points)
    except ValueError:
        raise Refused(f"adjust takes the points to give as a number (+1, -0.5), not {points!r}") from None
    book.adjust(student, exercise, value, args.reason.strip(), who)
    return f"{student}: {value:+g} on {exercise} ({args.reason.strip()})"
