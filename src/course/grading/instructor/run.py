"""``course grade``: find the course and the files, decide what to grade, grade it here or on a
Dask cluster, and say what was done (the steps in order, :func:`run`).

``course grade SUBMISSIONS... --out DIR [--jobs N] [--force]`` takes notebooks or
folders of notebooks. For each file it

* finds the student (the file's folder under a given folder, else the file's name)
  and the worksheet (notebook metadata ``course.worksheet``, else the cells it shares
  with a solution notebook, else the file name);
* runs the worksheet's hidden test module (tests/grading/test_*.py whose ``NOTEBOOK``
  names the worksheet's notebook) against it, in one of N grading processes, each
  notebook in a confined process of its own (see :mod:`course.grading.grader.submission`);
* keeps each grading in the gradebook ``DIR/gradebook.sqlite`` as soon as the notebook
  is graded (:mod:`course.gradebook`), and writes from it the student's
  ``DIR/results/<student>.<worksheet>.json`` (Gradescope's results.json format, with the
  grader's details under ``extra_data``) and ``DIR/feedback/<student>.md`` (points per
  exercise, the failing tests' names and messages, the cells that raised; never a hidden
  test's source);
* when the run ends, or is interrupted, writes ``DIR/grades.csv`` (one row per student,
  one column per exercise, total and maximum) and ``DIR/lms.csv``.

A rerun skips notebooks whose grading holds for the same file content (``--force``
grades them again); an interrupted run keeps every grading done. A file that is not
a notebook, not valid JSON, or matches no worksheet gets a row with the reason. One
command at a time holds the output folder (:mod:`course.gradebook.lock`).
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any

from ...gradebook.handin import HandIns
from ...gradebook.lock import Busy, hold
from ...gradebook.store import Gradebook, someone
from .batch import INTERRUPTED, Batch, Progress
from .book import FEEDBACK, GRADES, Report, fingerprints
from .discover import (
    Task,
    Worksheet,
    expand,
    find_root,
    grades_exercise,
    prepare_safely,
    read_mapping,
    worksheets,
)
from .local import Early, grade_locally
from .request import GradeRequest
from .results import Options
from .rules import (
    BadRule,
    Given,
    check_points,
    check_stored,
    deadline,
    lms_missing,
    options_of,
    settle,
    source_list,
    visibility,
)
from .stop import stopped_by_signals


class Refused(Exception):
    """Why ``course grade`` cannot run, in one sentence (it exits with status 2)."""


def given_rules(request: GradeRequest, sheets: list[Worksheet]) -> Given:
    """The rules the command line gives (BadRule for one that cannot be used)."""
    return Given(deadlines=tuple(deadline(text, sheets) for text in request.deadlines),
                 late_penalty=request.late_penalty, visibility=visibility(request.visibility),
                 lms_ids=tuple(read_mapping(request.lms_ids).items()), sources=source_list(list(request.handed_in)))


def run(request: GradeRequest) -> int:
    """Grade the submissions; 0 when every file got a result, 1 when the grader itself failed on one.

    The steps: find the course, check its hidden tests' points and the rules given,
    connect to the cluster if asked (:func:`connect`), hold the output folder's lock,
    settle the rules with the gradebook (:func:`setup`); find the files and decide which to grade
    (:func:`plan`); grade them in local grading processes or on the cluster, each
    grading kept in the gradebook as it comes (:func:`grade_locally`,
    :func:`grade_on_dask`); write the views and say what was done (:func:`finished`).
    SIGTERM and SIGHUP interrupt it as Ctrl-C does (:mod:`course.grading.instructor.stop`); the exit
    status is then 128 + the signal's number.
    """
    with stopped_by_signals() as stops:  # SIGTERM and SIGHUP stop the run as Ctrl-C does
        try:
            return stops.status(steps(request))
        except KeyboardInterrupt:
            print(INTERRUPTED, file=sys.stderr)
            return stops.status(130)


def steps(request: GradeRequest) -> int:
    """The steps of :func:`run`; 2 when refused, 130 when interrupted while grading."""
    early = Early() if request.scheduler is None else None  # it starts while the run plans
    try:
        root = request.root.resolve() if request.root else find_root(Path.cwd().resolve())
        if root is None or not (root / "solutions").is_dir():
            raise Refused("no course folder (with solutions/ and tests/grading/) here or above; use --root")
        sheets = worksheets(root)
        check_points(sheets)
        given = given_rules(request, sheets)
        if "/" in request.section:
            raise Refused(f"--section {request.section!r} has a /; name a section without one (e.g. A or monday)")
        client = connect(request.scheduler)  # an unreachable scheduler is refused before anything is written
        try:
            with hold(request.out, request.command(), wait=request.wait):
                return graded(request, root, sheets, given, client, early)
        finally:
            if client is not None:
                client.close()
    except (Refused, BadRule, Busy) as error:
        print(f"course grade: {error}", file=sys.stderr)
        return 2
    finally:
        if early is not None:
            early.close()


def graded(request: GradeRequest, root: Path, sheets: list[Worksheet], given: Given, client: Any,
           early: Early | None = None) -> int:
    """The steps of :func:`run` that need the output folder, its lock held (``client``: Dask's,
    or None; ``early``: the first local grading process, started)."""
    book = Gradebook(request.out)
    try:
        options = setup(request, book, sheets, given)
        batch = plan(request, root, options, book, sheets)
        grade = functools.partial(grade_locally, early=early) if client is None \
            else functools.partial(grade_on_dask, client=client)
        code = grade(batch)
        book.log(someone(), "grade", history_line(batch, code))
        return code or finished(batch)
    finally:
        book.close()


def setup(request: GradeRequest, book: Gradebook, sheets: list[Worksheet], given: Given) -> Options:
    """The result options: the rules given, settled with those the gradebook keeps (BadRule when one differs)."""
    settle(book, given, request.out, someone(), request.section)
    check_stored(book, sheets)
    return options_of(book, given, rule="best" if request.best else "newest")


def connect(scheduler: str | None) -> Any:
    """The Dask client of ``scheduler`` (None: grade locally)."""
    if not scheduler:
        return None
    from .cluster import SchedulerUnreachable
    from .cluster import connect as connect_to

    try:
        return connect_to(scheduler)
    except SchedulerUnreachable as error:
        raise Refused(str(error)) from None


def history_line(batch: Batch, code: int | None) -> str:
    """What the history says of a run."""
    state = "interrupted" if code else "done"
    return (f"{batch.count} files graded or recorded, {batch.skipped} already graded ({state}); "
            f"from {', '.join(batch.request.submissions)}")


def plan(request: GradeRequest, root: Path, options: Options, book: Gradebook, sheets: list[Worksheet]) -> Batch:
    """The files to grade: found, matched to a student and a worksheet, and not graded already.

    Files that cannot be graded (not a notebook, no worksheet) get their entry at once.
    """
    if request.only and not any(grades_exercise(sheet, request.only) for sheet in sheets):
        raise Refused(f"no worksheet has an exercise {request.only!r}")
    prints = fingerprints(root, sheets, request.grading_options())
    report = Report(request.out, sheets, options, book)
    gone = report.gone()
    if gone:
        print(f"{len(gone)} files graded before are not in this hand-in; their results are kept, marked "
              "\"not in the last hand-in\" (course gradebook forget removes them): "
              + ", ".join(sorted(Path(e.path).name for e in gone)[:10]), file=sys.stderr)
    tasks = found_tasks(request, sheets, report, book)
    if not tasks:
        report.publish()
        raise Refused("no files to grade")
    for task in tasks:
        report.register(task)
    todo, skipped = to_grade(request, tasks, report, prints)
    progress = Progress(len(todo))
    for task in [t for t in todo if t.reason]:
        report.add(task, None, 0.0)
        progress.step(True)
    graded = [t for t in todo if not t.reason]
    return Batch(request, root, report, prints, graded, len(todo), skipped,
                 kept_only(request.only, graded, report), progress)


def found_tasks(request: GradeRequest, sheets: list[Worksheet], report: Report, book: Gradebook) -> list[Task]:
    """The files of the hand-in: each with its student (in its section), worksheet and hand-in time."""
    from .rules import sources_of

    section = request.section
    known = {fid: student.rpartition("/")[2] for fid, student in report.known_students().items()}
    sections = {fid: student.rpartition("/")[0] for fid, student in report.known_students().items()}
    mapping = read_mapping(request.students)
    tasks = [prepare_safely(path, folder, sheets, mapping, known) for path, folder in expand(list(request.submissions))]
    hand_ins = HandIns(sources_of(book, given_rules(request, sheets), section))
    for task in tasks:
        mine = section or sections.get(task.fid, "")
        lms = [task.student, *[part for part in task.path.stem.split("_") if part.isdigit()],
               *[part for part in task.path.parent.name.split("_") if part.isdigit()]]
        moment, task.source = hand_ins.time_of(task.path, lms, task.worksheet.id if task.worksheet else "")
        task.submitted = moment or 0.0
        task.student = f"{mine}/{task.student}" if mine else task.student
    missing = lms_missing(book, {task.student for task in tasks})
    if missing:
        raise Refused(f"the LMS ids name no id for {', '.join(missing[:10])}"
                      f"{' and others' if len(missing) > 10 else ''}; add a row (student,id) for each "
                      "to the --lms-ids file and run again")
    if options_has_deadlines(book) and any(not task.submitted and not task.reason for task in tasks):
        print("warning: a deadline is set but no hand-in time is known for some files; name a source with "
              "--handed-in canvas:EXPORT.csv, moodle:EXPORT.csv, timestamp or file-time", file=sys.stderr)
    return tasks


def options_has_deadlines(book: Gradebook) -> bool:
    return any(name == "deadline" for name, _ in book.rules())


def to_grade(request: GradeRequest, tasks: list[Task], report: Report,
             prints: dict[str, str]) -> tuple[list[Task], int]:
    """The tasks to grade (or to record as not gradable) and how many are graded already.

    Which copy of a worksheet counts is decided before grading with the newest rule
    (older copies are named, not graded); the best rule grades every copy.
    """
    newest = {id(report.newest(entries)) for entries in report.groups().values()}
    counted = [t for t in tasks if report.options.rule == "best" or id(report.entries[t.fid]) in newest]
    if request.only:
        counted = [t for t in counted if t.worksheet and grades_exercise(t.worksheet, request.only)]
    todo = [t for t in counted if request.force or request.only
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
        kept = report.entries.get(task.fid)
        same_file = kept is not None and kept.grading is not None and bool(kept.grading.report) \
            and kept.sha256 == task.digest
        found[task.fid] = only if only and same_file else None
    return found


def grade_on_dask(batch: Batch, client: Any) -> int | None:
    """Grade the batch on the Dask cluster; 130 when interrupted."""
    from .cluster import grade_on_cluster

    try:
        grade_on_cluster(client, batch.root, batch.tasks, batch.options, batch.finish_safely,
                         batch.request.submission_seconds)
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
