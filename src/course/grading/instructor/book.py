"""The output folder of ``course grade``: every file's grading kept in the gradebook, the copy
that counts chosen per student and worksheet, and results, grade books and feedback written from it."""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...gradebook.store import FileEntry, Gradebook, Grading
from ..wire import GradingOptions, GradingReport
from .discover import Task, Worksheet
from .feedback import feedback
from .results import (
    GradingResult,
    Late,
    Options,
    by_student,
    deadline_of,
    grades_csv,
    late_of,
    lms_csv,
    result_key,
    result_of,
    write_json,
    write_text,
)

RESULTS = "results"
FEEDBACK = "feedback"
GRADES = "grades.csv"
LMS = "lms.csv"
CACHE = ".cache"  #: the cache of earlier versions, taken into the gradebook
REPORTS = ".reports"  #: where grading processes write their reports


def fingerprints(root: Path, sheets: list[Worksheet], options: GradingOptions) -> dict[str, str]:
    """Per worksheet, a digest of everything that decides its grades.

    The hidden test module and the helpers and conftest files beside it, the solution
    notebook and its translations' catalogs, the package's version and sources (the worksheet's own package, the shared
    modules and the grader, not another worksheet's package), and the grading options.
    """
    from importlib import metadata

    try:
        version = metadata.version("tabletop-python")
    except metadata.PackageNotFoundError:
        version = "?"
    import exercises

    package = Path(exercises.__file__).resolve().parent
    grader = Path(__file__).resolve().parents[2]  # the package course
    ids = [sheet.id for sheet in sheets]

    def owner(entry: Path) -> str | None:
        name = entry.stem if entry.is_file() else entry.name
        return next((i for i in ids if name == i or name.startswith(i + "_")), None)

    def digest_of(paths: list[Path]) -> hashlib._Hash:
        digest = hashlib.sha256()
        for path in sorted(paths):
            files = sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts) \
                if path.is_dir() else [path]
            for file in files:
                digest.update(str(file.relative_to(root if root in file.parents else package.parent)).encode())
                digest.update(file.read_bytes())
        return digest

    entries = [e for e in package.iterdir() if e.name != "__pycache__"]
    # the grader's own files count when they decide outcomes (not the run, results and feedback,
    # nor the commands: results are rebuilt from the kept reports at every run)
    shared = [e for e in entries if owner(e) is None]
    shared += [grader / f"{name}.py" for name in (
        "grading/grader/plugin", "grading/grader/submission", "grading/grader/journal",
        "grading/grader/calls", "grading/grader/differential", "grading/notebook/worker",
        "grading/notebook/sandbox", "grading/notebook/shipped", "grading/notebook/many",
        "grading/wire/__init__", "grading/wire/codec", "notebook",
        "i18n/catalog", "i18n/notebooks", "i18n/grading_text")]
    hidden = root / "tests" / "grading"
    helpers = [p for p in hidden.rglob("*.py") if not p.name.startswith("test_")]
    helpers += [p for p in (root / "tests" / "conftest.py",) if p.exists()]
    helpers += sorted((root / "locale").glob("*/LC_MESSAGES/grading.po"))
    common = digest_of(shared + helpers)
    # the options under the names they have had since the first gradebooks: a new name would
    # make every kept grading stale
    named = {"call_timeout": options.call_seconds, "memory_limit": options.memory_mb,
             "checks": options.checks, "cascade": options.cascade}
    common.update(json.dumps([version, named], sort_keys=True).encode())
    found = {}
    for sheet in sheets:
        digest = common.copy()
        own = [e for e in entries if owner(e) == sheet.id]
        catalogs = sorted((root / "locale").glob(f"*/LC_MESSAGES/notebooks/{sheet.solution.stem}.po"))
        digest.update(digest_of(own + [sheet.solution] + ([sheet.tests] if sheet.tests else []) + catalogs).digest())
        found[sheet.id] = digest.hexdigest()[:32]
    return found


def kept_report(entry: FileEntry) -> GradingReport | None:
    """The grading report a gradebook entry keeps (None: none, or none that reads as one)."""
    if entry.grading is None or not entry.grading.report:
        return None
    try:
        return GradingReport.from_json(entry.grading.report)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


class Report:
    """The output folder: every file's grading kept in the gradebook, one result per student and worksheet.

    The gradebook (:mod:`course.gradebook`) keeps, for every file ever given (by its
    absolute path), its student, worksheet, content digest, hand-in time and its source,
    the fingerprint of what graded it and the grading process's report. ``DIR/results/``,
    ``grades.csv``, ``lms.csv`` and ``feedback/`` are written from it (:meth:`publish`).
    A file that is gone keeps its result, marked "not in the last hand-in", until
    ``course gradebook forget`` removes it.
    """

    def __init__(self, out: Path, sheets: list[Worksheet], options: Options = Options(),
                 book: Gradebook | None = None) -> None:
        self.out = out
        self.sheets = sheets
        self.by_id = {sheet.id: sheet for sheet in sheets}
        self.root = sheets[0].solution.parent.parent if sheets else None  #: for the feedback's catalogs
        self.options = options
        self.book = book or Gradebook(out)
        if (out / CACHE).is_dir():
            self.book.take_old_cache(out / CACHE)
        self._results: dict[str, tuple[Any, GradingResult]] = {}  #: by file id
        self.entries: dict[str, FileEntry] = self.book.files()
        self.adjustments = self.book.adjustments()
        self.published: dict[str, str] = {}  # results/<key>.json -> its student
        for path in sorted((out / RESULTS).glob("*.json")):
            try:
                published = GradingResult.from_json(json.loads(path.read_text(encoding="utf-8")))
                self.published[path.stem] = published.student
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                self.published[path.stem] = ""

    # the files ---------------------------------------------------------------------------
    def gone(self) -> list[FileEntry]:
        """The files graded before that are no longer there: their results are kept, marked."""
        return [entry for entry in self.entries.values() if not Path(entry.path).exists()]

    def forget(self, students: set[str] | None = None) -> list[FileEntry]:
        """Remove the files that are gone (of ``students``; None: of everyone) from the results."""
        gone = [e for e in self.gone() if students is None or e.student in students
                or e.student.rpartition("/")[2] in students]
        self.book.forget_files([entry.fid for entry in gone])
        for entry in gone:
            del self.entries[entry.fid]
        return gone

    def known_students(self) -> dict[str, str]:
        return {fid: entry.student for fid, entry in self.entries.items()}

    def moved_from(self, task: Task) -> FileEntry | None:
        """The gone file this one is, moved: same student, same content, graded."""
        return next((e for e in self.gone() if e.sha256 == task.digest and e.student == task.student
                     and e.grading is not None and e.fid != task.fid), None)

    def register(self, task: Task) -> None:
        """Note a file of this run (its grading, if any, is kept while its content is the same)."""
        entry = self.entries.get(task.fid)
        earlier = entry if entry is not None and entry.sha256 == task.digest else self.moved_from(task)
        fresh = FileEntry(task.fid, str(Path(os.path.abspath(task.path))), task.student,
                          task.worksheet.id if task.worksheet else None, task.group, task.digest,
                          handed_in=task.submitted or None, handed_in_source=task.source, lms_late=task.lms_late,
                          reason=task.reason, language=task.language)
        if earlier is not None:
            if earlier.handed_in_source:  # the time a source gave for this content stays
                fresh = replace(fresh, handed_in=earlier.handed_in, handed_in_source=earlier.handed_in_source)
            fresh = replace(fresh, grading=earlier.grading)
        if fresh != entry:
            self.entries[task.fid] = fresh
            self.book.save_file(fresh)
        task.submitted, task.source = float(fresh.handed_in or 0.0), fresh.handed_in_source

    def current(self, task: Task, fingerprint: str) -> bool:
        """Whether the file's kept grading holds: same content, same tests, options and package."""
        entry = self.entries.get(task.fid)
        return entry is not None and entry.grading is not None and entry.sha256 == task.digest \
            and entry.grading.fingerprint == fingerprint and not entry.grading.failure

    def add(self, task: Task, report: GradingReport | None, seconds: float, failure: str = "",
            fingerprint: str = "", only: str | None = None) -> None:
        """Keep a file's grading in the gradebook (with ``only``, that exercise's tests replace the kept ones)
        and write the student's results and feedback; the CSVs are written at the end (:meth:`publish`)."""
        self.register(task)
        entry = self.entries[task.fid]
        kept = kept_report(entry)
        if only and report is not None and kept is not None and entry.grading is not None \
                and entry.sha256 == task.digest:
            report = report.only(only, kept)
            fingerprint = entry.grading.fingerprint
        entry = replace(entry, grading=Grading(time.time(), fingerprint,
                                               report.to_json() if report is not None else None, seconds, failure))
        self.entries[task.fid] = entry
        self.book.graded(entry)
        self.publish({task.student})

    # selection -----------------------------------------------------------------------
    def task_of(self, entry: FileEntry) -> Task:
        return Task(Path(entry.path), entry.student, entry.sha256, worksheet=self.by_id.get(entry.worksheet or ""),
                    reason=entry.reason, submitted=entry.handed_in or 0.0, lms_late=entry.lms_late,
                    language=entry.language, source=entry.handed_in_source)

    def result(self, entry: FileEntry) -> GradingResult:
        """The result of a kept grading (built once per grading)."""
        grading = entry.grading or Grading(0.0)
        key = (entry.path, grading.graded, entry.student, entry.worksheet)
        if self._results.get(entry.fid, (None,))[0] != key:
            self._results[entry.fid] = (key, result_of(self.task_of(entry), kept_report(entry), grading.seconds,
                                                       grading.failure, self.options, self.root))
        return self._results[entry.fid][1]

    def groups(self, students: set[str] | None = None) -> dict[tuple[str, str], list[FileEntry]]:
        found: dict[tuple[str, str], list[FileEntry]] = {}
        for entry in self.entries.values():
            if students is None or entry.student in students:
                found.setdefault((entry.student, entry.grp), []).append(entry)
        return found

    def choose(self, entries: list[FileEntry]) -> FileEntry | None:
        """The copy that counts: of the files still there (else of the gone ones), the newest
        (by hand-in time, then path), or the best."""
        graded = [e for e in entries if e.grading is not None]
        present = [e for e in graded if Path(e.path).exists()]
        graded = present or graded
        if not graded:
            return None
        if self.options.rule == "best":
            return max(graded, key=lambda e: (self.result(e).score, self.age(e)))
        return max(graded, key=self.age)

    @staticmethod
    def age(entry: FileEntry) -> tuple[float, str]:
        """What orders the copies: the hand-in time, else the file's time (which decides no lateness)."""
        try:
            moment = entry.handed_in or Path(entry.path).stat().st_mtime
        except OSError:
            moment = 0.0
        return (moment, entry.path)

    def newest(self, entries: list[FileEntry]) -> FileEntry:
        present = [e for e in entries if Path(e.path).exists()]
        return max(present or entries, key=self.age)

    def chosen(self, students: set[str] | None = None) -> dict[str, GradingResult]:
        """One result per student and worksheet, by key; the other copies named in it."""
        chosen = {}
        for (student, group), entries in self.groups(students).items():
            entry = self.choose(entries)
            if entry is None:
                continue
            others = tuple(sorted(Path(e.path).name for e in entries if e is not entry and Path(e.path).exists()))
            result = replace(self.result(entry), others=others, gone=not Path(entry.path).exists())
            result = self.adjusted(self.late(result, entry))
            chosen[result_key(student, group)] = result
        return chosen

    def late(self, result: GradingResult, entry: FileEntry) -> GradingResult:
        """The result with how late it was handed in, by the rules kept now."""
        days, penalty = late_of(result, self.options)
        if not days and not entry.lms_late:
            return result
        deadline = deadline_of(result.student, result.worksheet or "", self.options) or result.submitted
        return replace(result, late=Late(days, penalty, entry.lms_late, max(0.0, result.submitted - deadline),
                                         entry.handed_in_source))

    def adjusted(self, result: GradingResult) -> GradingResult:
        """The result with the points given or taken by hand on its exercises (within 0 and the maximum)."""
        mine = [a for a in self.adjustments if a.student == result.student and a.exercise in result.exercises]
        if not mine:
            return result
        exercises = dict(result.exercises)
        for change in mine:
            entry = exercises[change.exercise]
            exercises[change.exercise] = replace(entry, score=round(min(entry.max, max(0.0, entry.score
                                                                                        + change.points)), 4))
        return replace(result, exercises=exercises, score=round(sum(e.score for e in exercises.values()), 4),
                       adjustments=tuple({"exercise": a.exercise, "points": a.points, "reason": a.reason,
                                          "who": a.who} for a in mine))

    def selected(self, students: set[str] | None = None) -> dict[str, dict[str, Any]]:
        """The results.json of :meth:`chosen`, by key."""
        return {key: result.to_json() for key, result in self.chosen(students).items()}

    def duplicates(self) -> list[str]:
        """A warning per student and worksheet with more than one copy."""
        lines = []
        for _key, result in sorted(self.chosen().items()):
            if result.others:
                lines.append(f"{result.student}: {Path(result.path).name} counts for {result.worksheet} "
                             f"({result.rule} copy); not counted: {', '.join(result.others)}")
        return lines

    # output ------------------------------------------------------------------------
    def publish(self, students: set[str] | None = None) -> None:
        """Write the selected results and feedback of ``students``; with None, of everyone, and the
        grade books (grades.csv, lms.csv), all from the gradebook."""
        chosen = self.chosen(students)
        for key, result in chosen.items():
            write_json(self.out / RESULTS / f"{key}.json", result.to_json())
            self.published[key] = result.student
        for key, student in list(self.published.items()):
            if key not in chosen and (students is None or student in students or not student):
                (self.out / RESULTS / f"{key}.json").unlink(missing_ok=True)
                del self.published[key]
        mine = by_student(list(chosen.values()))
        for student, results in mine.items():
            write_text(self.out / FEEDBACK / f"{result_key(student, 'x')[:-2]}.md",
                       feedback(student.rpartition("/")[2], results, self.root))
        if students is not None:
            return
        keep = {f"{result_key(s, 'x')[:-2]}.md" for s in mine}
        for path in (self.out / FEEDBACK).glob("*.md"):
            if path.name not in keep:
                path.unlink(missing_ok=True)
        results = list(chosen.values())
        write_text(self.out / GRADES, grades_csv(results, self.sheets))
        write_text(self.out / LMS, lms_csv(results, self.sheets, self.options))
        for student in mine:
            section, _, name = student.rpartition("/")
            self.book.save_student(student, section, name)
            lms_id = dict(self.options.lms_ids)
            if student in lms_id or name in lms_id:
                self.book.set_lms_id(student, lms_id.get(student, lms_id.get(name, "")))
