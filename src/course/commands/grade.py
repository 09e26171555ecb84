"""The options of ``course grade`` (the run itself is :func:`course.grading.instructor.run.run`)."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from ..grading.instructor import run as grading
from ..grading.instructor.request import GradeRequest
from ..grading.instructor.results import VISIBILITIES
from ..grading.notebook.sandbox import Limits
from . import paths

__all__ = ["add_arguments", "run", "seconds"]


def seconds(text: str) -> float:
    """A time limit given on the command line: a number of seconds, more than 0 and finite."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"{text!r} is not a time limit: give a number of seconds above 0")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``course grade``."""
    parser.add_argument("submissions", nargs="+", help="student notebooks or folders")
    parser.add_argument("--out", required=True, help="where grades and feedback are written")
    parser.add_argument("--jobs", type=int, default=None, help="parallel gradings (default: all cores)")
    parser.add_argument("--force", action="store_true", help="grade again what is already graded")
    parser.add_argument("--root", default=None, help="the course folder (default: found from the current folder)")
    parser.add_argument("--call-timeout", type=seconds, default=Limits.call_seconds, metavar="SECONDS",
                        help="time limit of one cell or one call of a test (default: %(default)s)")
    parser.add_argument("--memory-limit", type=int, default=Limits.memory_bytes >> 20, metavar="MB",
                        help="memory a notebook may allocate (default: %(default)s)")
    parser.add_argument("--checks", action="store_true",
                        help="also run each notebook's public checks and record their verdicts")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="grade on the Dask cluster of this scheduler (tcp://host:8786); "
                             "workers need the package with its cluster extra")
    parser.add_argument("--submission-timeout", type=seconds, default=600, metavar="SECONDS",
                        help="time limit to grade one notebook (default: %(default)s)")
    parser.add_argument("--no-cascade", dest="cascade", action="store_false",
                        help="grade each exercise with the student's own earlier exercises, even wrong ones")
    parser.add_argument("--best", action="store_true",
                        help="of several notebooks of one worksheet, keep the best (default: the newest)")
    parser.add_argument("--only", metavar="EXERCISE",
                        help="grade this exercise again (e.g. dice421.roll_die), keeping the others' results")
    parser.add_argument("--students", metavar="CSV",
                        help="a mapping (two columns: a folder, file name or LMS id, and the student's id)")
    parser.add_argument("--visibility", choices=VISIBILITIES, default=None,
                        help="Gradescope visibility of each test in results/*.json (default: after_due_date); "
                             "kept in the gradebook")
    parser.add_argument("--lms-ids", metavar="CSV",
                        help="the LMS's id of each student (two columns: student, id) for lms.csv; "
                             "kept in the gradebook")
    parser.add_argument("--deadline", action="append", default=[], metavar="[WORKSHEET[@STUDENT]=]TIME",
                        help="the deadline (ISO time, UTC unless it says), of all worksheets, one, or one "
                             "student's; repeatable; kept in the gradebook (course gradebook deadline changes it)")
    parser.add_argument("--late-penalty", type=float, default=None, metavar="PERCENT",
                        help="lms.csv: percent of a worksheet's points lost per started day late; "
                             "kept in the gradebook")
    parser.add_argument("--handed-in", action="append", default=[], metavar="SOURCE",
                        help="where hand-in times come from: canvas:EXPORT.csv, moodle:EXPORT.csv, timestamp "
                             "(nbgrader's timestamp.txt, the default) or file-time; WORKSHEET= before one "
                             "limits it to that worksheet; repeatable, the first that knows a file wins")
    parser.add_argument("--section", default=None, metavar="NAME",
                        help="the section these students are in: a student is their section and name")
    parser.add_argument("--wait", action="store_true",
                        help="if another command is using --out, wait for it to end instead of refusing")


def check(args: argparse.Namespace) -> None:
    """Refuse (:class:`paths.BadPath`) a path of the command line before anything is written."""
    inputs = [paths.existing(given, "the submission") for given in args.submissions]
    if args.root:
        paths.folder(args.root, "the course folder (--root)")
    paths.output_folder(args.out, "the output folder (--out)", inputs)
    if args.students:
        paths.mapping(args.students, "the students mapping (--students)")
    if args.lms_ids:
        paths.mapping(args.lms_ids, "the LMS ids mapping (--lms-ids)")


def request_of(args: argparse.Namespace) -> GradeRequest:
    """The run the command line asks for, typed (argparse stays in this module)."""
    return GradeRequest(
        submissions=tuple(args.submissions), out=Path(args.out).resolve(),
        root=Path(args.root) if args.root else None, jobs=args.jobs, force=args.force,
        call_seconds=float(args.call_timeout), memory_mb=int(args.memory_limit), checks=bool(args.checks),
        cascade=bool(args.cascade), only=args.only, scheduler=args.scheduler,
        submission_seconds=float(args.submission_timeout), best=args.best, students=args.students,
        lms_ids=args.lms_ids, visibility=args.visibility, deadlines=tuple(args.deadline),
        late_penalty=args.late_penalty, handed_in=tuple(args.handed_in), section=(args.section or "").strip(),
        wait=args.wait,
    )


def run(args: argparse.Namespace) -> int:
    """Check the paths, then grade (:func:`course.grading.instructor.run.run`)."""
    try:
        check(args)
    except paths.BadPath as error:
        print(f"course grade: {error}.", file=sys.stderr)
        return 2
    return grading.run(request_of(args))
