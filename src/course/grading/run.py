"""``course grade``: find the course and the files, decide what to grade, grade it here or on a
Dask cluster, and say what was done (the steps in order, :func:`run`).

``course grade SUBMISSIONS... --out DIR [--jobs N] [--force]`` takes notebooks or
folders of notebooks. For each file it

* finds the student (the file's folder under a given folder, else the file's name)
  and the worksheet (notebook metadata ``course.worksheet``, else the cells it shares
  with a solution notebook, else the file name);
* runs the worksheet's hidden test module (tests/grading/test_*.py whose ``NOTEBOOK``
  names the worksheet's notebook) against it, in one of N grading processes, each
  notebook in a confined process of its own (see :mod:`course.grading.submission`);
* writes ``DIR/results/<student>.<worksheet>.json`` (Gradescope's results.json format,
  with the grader's details under ``extra_data``) as soon as the notebook is graded,
  then ``DIR/grades.csv`` (one row per student, one column per exercise, total and
  maximum) and ``DIR/feedback/<student>.md`` (points per exercise, the failing tests'
  names and messages, the cells that raised; never a hidden test's source).

A rerun skips notebooks whose result exists for the same file content (``--force``
grades them again); an interrupted run keeps every result written. A file that is not
a notebook, not valid JSON, or matches no worksheet gets a row with the reason.
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path
from typing import Any

from .batch import INTERRUPTED, Batch, Progress
from .book import FEEDBACK, GRADES, Report, fingerprints
from .discover import (
    Task,
    expand,
    find_root,
    grades_exercise,
    parse_time,
    prepare_safely,
    read_mapping,
    worksheets,
)
from .local import grade_locally
from .results import Options
from .stop import stopped_by_signals


class Refused(Exception):
    """Why ``course grade`` cannot run, in one sentence (it exits with status 2)."""


def options_of(args: argparse.Namespace) -> Options:
    """The result options of a command line (ValueError for a bad deadline)."""
    deadlines = []
    for given in args.deadline:
        worksheet, _, moment = given.rpartition("=") if "=" in given else ("", "", given)
        deadlines.append((worksheet, parse_time(moment)))
    return Options(rule="best" if args.best else "newest", visibility=args.visibility,
                   deadlines=tuple(deadlines), late_penalty=args.late_penalty,
                   lms_ids=tuple(read_mapping(args.lms_ids).items()))


def run(args: argparse.Namespace) -> int:
    """Grade the submissions; 0 when every file got a result, 1 when the grader itself failed on one.

    The steps: find the course, read the options, connect to the cluster if asked
    (:func:`setup`); find the files and decide which to grade (:func:`plan`); grade
    them in local grading processes or on the cluster, each result kept as it comes
    (:func:`grade_locally`, :func:`grade_on_dask`); say what was done (:func:`finished`).
    SIGTERM and SIGHUP interrupt it as Ctrl-C does (:mod:`course.grading.stop`); the exit
    status is then 128 + the signal's number.
    """
    with stopped_by_signals() as stops:  # SIGTERM and SIGHUP stop the run as Ctrl-C does
        try:
            return stops.status(steps(args))
        except KeyboardInterrupt:
            print(INTERRUPTED, file=sys.stderr)
            return stops.status(130)


def steps(args: argparse.Namespace) -> int:
    """The steps of :func:`run`; 2 when refused, 130 when interrupted while grading."""
    try:
        root, options, client = setup(args)
    except Refused as error:
        print(f"course grade: {error}", file=sys.stderr)
        return 2
    try:
        batch = plan(args, root, options)
        grade = grade_locally if client is None else functools.partial(grade_on_dask, client=client)
        return grade(batch) or finished(batch)
    except Refused as error:
        print(f"course grade: {error}", file=sys.stderr)
        return 2
    finally:
        if client is not None:
            client.close()


def setup(args: argparse.Namespace) -> tuple[Path, Options, Any]:
    """The course folder, the result options and the Dask client (None: grade locally)."""
    root = Path(args.root).resolve() if args.root else find_root(Path.cwd().resolve())
    if root is None or not (root / "solutions").is_dir():
        raise Refused("no course folder (with solutions/ and tests/grading/) here or above; use --root")
    try:
        options = options_of(args)
    except (ValueError, OSError) as error:
        raise Refused(str(error)) from None
    if not args.scheduler:
        return root, options, None
    from .cluster import SchedulerUnreachable, connect

    try:
        return root, options, connect(args.scheduler)
    except SchedulerUnreachable as error:
        raise Refused(str(error)) from None


def plan(args: argparse.Namespace, root: Path, options: Options) -> Batch:
    """The files to grade: found, matched to a student and a worksheet, and not graded already.

    Files that cannot be graded (not a notebook, no worksheet) get their row at once.
    """
    sheets = worksheets(root)
    if args.only and not any(grades_exercise(sheet, args.only) for sheet in sheets):
        raise Refused(f"no worksheet has an exercise {args.only!r}")
    grading_options = {"call_timeout": args.call_timeout, "memory_limit": args.memory_limit,
                       "checks": bool(args.checks), "cascade": bool(args.cascade)}
    prints = fingerprints(root, sheets, grading_options)
    out = Path(args.out).resolve()
    report = Report(out, sheets, options)
    gone = report.prune()
    if gone:
        print(f"{len(gone)} files graded before are gone; their results leave the totals: "
              + ", ".join(sorted(Path(e["path"]).name for e in gone)[:10]), file=sys.stderr)
    mapping, known = read_mapping(args.students), report.known_students()
    tasks = [prepare_safely(path, folder, sheets, mapping, known) for path, folder in expand(args.submissions)]
    if not tasks:
        report.publish()
        raise Refused("no files to grade")
    for task in tasks:
        report.register(task)
    todo, skipped = to_grade(args, tasks, report, prints)
    progress = Progress(len(todo))
    for task in [t for t in todo if t.reason]:
        report.add(task, None, 0.0)
        progress.step(True)
    graded = [t for t in todo if not t.reason]
    return Batch(args, root, out, report, prints, graded, len(todo), skipped,
                 kept_only(args.only, graded, report), progress)


def to_grade(args: argparse.Namespace, tasks: list[Task], report: Report,
             prints: dict[str, str]) -> tuple[list[Task], int]:
    """The tasks to grade (or to record as not gradable) and how many are graded already.

    Which copy of a worksheet counts is decided before grading with the newest rule
    (older copies are named, not graded); the best rule grades every copy.
    """
    newest = {id(report.newest(entries)) for entries in report.groups().values()}
    counted = [t for t in tasks if report.options.rule == "best" or id(report.entries[t.fid]) in newest]
    if args.only:
        counted = [t for t in counted if t.worksheet and grades_exercise(t.worksheet, args.only)]
    todo = [t for t in counted if args.force or args.only
            or not report.current(t, prints.get(t.worksheet.id, "") if t.worksheet else "")]
    skipped = len(counted) - len(todo)
    if skipped:
        print(f"{skipped} of {len(counted)} already graded (use --force to grade them again)", file=sys.stderr)
    return todo, skipped


def kept_only(only: str | None, tasks: list[Task], report: Report) -> dict[str, str | None]:
    """With ``--only``: per file, the exercise to grade again, the others' kept results staying
    (None: the file is new or changed, and all of it is graded)."""
    found: dict[str, str | None] = {}
    for task in tasks:
        kept = report.entries.get(task.fid) or {}
        same_file = kept.get("report") and kept.get("sha256") == task.digest
        found[task.fid] = only if only and same_file else None
    return found


def grade_on_dask(batch: Batch, client: Any) -> int | None:
    """Grade the batch on the Dask cluster; 130 when interrupted."""
    from .cluster import grade_on_cluster

    try:
        grade_on_cluster(client, batch.root, batch.tasks, batch.options, batch.finish_safely,
                         batch.args.submission_timeout)
        batch.finish_left()
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return 130
    finally:
        batch.report.publish()
    return None


def finished(batch: Batch) -> int:
    """Say what was graded and warn of the copies that do not count; 0, or 1 when the grader
    itself failed on a file (each failure's traceback is printed; the file's row says so)."""
    batch.progress.stream.write("\n")
    for line in batch.report.duplicates():
        print(f"warning: {line}", file=sys.stderr)
    print(f"Graded {batch.count} files ({batch.skipped} already graded); grades in {batch.out / GRADES}, "
          f"feedback in {batch.out / FEEDBACK}", file=sys.stderr)
    for error in batch.errors:
        print(f"course grade: the grader failed on {error}", file=sys.stderr)
    if batch.errors:
        count = f"{len(batch.errors)} file" + ("s" if len(batch.errors) > 1 else "")
        print(f"course grade: the grader failed on {count}; kept as not graded, graded again at the next run",
              file=sys.stderr)
    return 1 if batch.errors else 0
