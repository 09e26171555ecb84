"""The output folder of ``course grade``: every file's grading kept in a cache, the copy that
counts chosen per student and worksheet, and results, grade books and feedback published."""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from .discover import Task, Worksheet
from .feedback import feedback
from .results import (
    GradingResult,
    Late,
    Options,
    by_student,
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
CACHE = ".cache"


def fingerprints(root: Path, sheets: list[Worksheet], options: dict[str, Any]) -> dict[str, str]:
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
    grader = Path(__file__).resolve().parent.parent  # the package course
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
        "grading/plugin", "grading/submission", "grading/worker", "grading/wire", "grading/sandbox", "grading/shipped",
        "grading/journal", "grading/calls", "grading/many", "grading/codec", "grading/differential", "notebook",
        "i18n/catalog", "i18n/notebooks", "i18n/grading_text")]
    hidden = root / "tests" / "grading"
    helpers = [p for p in hidden.rglob("*.py") if not p.name.startswith("test_")]
    helpers += [p for p in (root / "tests" / "conftest.py",) if p.exists()]
    helpers += sorted((root / "locale").glob("*/LC_MESSAGES/grading.po"))
    common = digest_of(shared + helpers)
    common.update(json.dumps([version, options], sort_keys=True).encode())
    found = {}
    for sheet in sheets:
        digest = common.copy()
        own = [e for e in entries if owner(e) == sheet.id]
        catalogs = sorted((root / "locale").glob(f"*/LC_MESSAGES/notebooks/{sheet.solution.stem}.po"))
        digest.update(digest_of(own + [sheet.solution] + ([sheet.tests] if sheet.tests else []) + catalogs).digest())
        found[sheet.id] = digest.hexdigest()[:32]
    return found


class Report:
    """The output folder: every file's grading kept in a cache, one result per student and worksheet.

    ``DIR/.cache/<file id>.json`` keeps, for every file ever given (by its absolute
    path), its student, worksheet, content digest, submission time, the fingerprint of
    what graded it and the plugin's raw report. ``DIR/results/`` holds exactly the
    selected results (:meth:`selected`), ``grades.csv``, ``lms.csv`` and ``feedback/``
    are written from them.
    """

    def __init__(self, out: Path, sheets: list[Worksheet], options: Options = Options()) -> None:
        self.out = out
        self.sheets = sheets
        self.by_id = {sheet.id: sheet for sheet in sheets}
        self.root = sheets[0].solution.parent.parent if sheets else None  #: for the feedback's catalogs
        self.options = options
        self._results: dict[int, tuple[Any, GradingResult]] = {}
        self.entries: dict[str, dict[str, Any]] = {}
        for path in sorted((out / CACHE).glob("*.json")):
            try:
                entry = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(entry, dict) and "path" in entry:
                self.entries[path.stem] = entry
        self.published: dict[str, str] = {}  # results/<key>.json -> its student
        for path in sorted((out / RESULTS).glob("*.json")):
            try:
                published = GradingResult.from_json(json.loads(path.read_text(encoding="utf-8")))
                self.published[path.stem] = published.student
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                self.published[path.stem] = ""

    # the cache ----------------------------------------------------------------------
    def prune(self) -> list[dict[str, Any]]:
        """Forget the files that are gone: their results leave the totals."""
        gone = [fid for fid, entry in self.entries.items() if not Path(entry["path"]).exists()]
        for fid in gone:
            (self.out / CACHE / f"{fid}.json").unlink(missing_ok=True)
        return [self.entries.pop(fid) for fid in gone]

    def known_students(self) -> dict[str, str]:
        return {fid: entry["student"] for fid, entry in self.entries.items()}

    def _save(self, fid: str) -> None:
        write_json(self.out / CACHE / f"{fid}.json", self.entries[fid])

    def register(self, task: Task) -> None:
        """Note a file of this run (its grading, if any, is kept while its content is the same)."""
        entry = self.entries.get(task.fid)
        fresh = {"path": str(Path(os.path.abspath(task.path))), "student": task.student,
                 "worksheet": task.worksheet.id if task.worksheet else None, "group": task.group,
                 "sha256": task.digest, "submitted": task.submitted, "lms_late": task.lms_late,
                 "reason": task.reason, **({"language": task.language} if task.language else {})}
        if entry is not None and entry.get("sha256") == task.digest and "graded" in entry:
            fresh.update({k: entry[k] for k in ("graded", "fingerprint", "report", "seconds", "failure")})
        if fresh != entry:
            self.entries[task.fid] = fresh
            self._save(task.fid)

    def current(self, task: Task, fingerprint: str) -> bool:
        """Whether the file's kept grading holds: same content, same tests, options and package."""
        entry = self.entries.get(task.fid)
        return entry is not None and bool(entry) and "graded" in entry and entry.get("sha256") == task.digest \
            and entry.get("fingerprint") == fingerprint and not entry.get("failure")

    def add(self, task: Task, report: dict[str, Any] | None, seconds: float, failure: str = "",
            fingerprint: str = "", only: str | None = None) -> None:
        """Keep a file's grading (with ``only``, that exercise's tests replace the kept ones)."""
        self.register(task)
        entry = self.entries[task.fid]
        if only and report is not None and entry.get("report") and entry.get("sha256") == task.digest:
            kept = [t for t in entry["report"].get("tests", []) if t["exercise"] != only]
            new = [t for t in report.get("tests", []) if t["exercise"] == only]
            report = {**report, "tests": kept + new}
            fingerprint = entry.get("fingerprint", fingerprint)
        entry.update({"graded": time.time(), "fingerprint": fingerprint, "report": report,
                      "seconds": seconds, "failure": failure})
        self._save(task.fid)
        self.publish({task.student})

    # selection -----------------------------------------------------------------------
    def task_of(self, entry: dict[str, Any]) -> Task:
        return Task(Path(entry["path"]), entry["student"], entry["sha256"],
                    worksheet=self.by_id.get(entry.get("worksheet") or ""), reason=entry.get("reason", ""),
                    submitted=entry.get("submitted", 0.0), lms_late=entry.get("lms_late", False),
                    language=entry.get("language"))

    def result(self, entry: dict[str, Any]) -> GradingResult:
        """The result of a kept grading (built once per grading)."""
        key = (entry["path"], entry.get("graded"), entry.get("student"), entry.get("worksheet"))
        if self._results.get(id(entry), (None,))[0] != key:
            self._results[id(entry)] = (key, result_of(
                self.task_of(entry), entry.get("report"), entry.get("seconds", 0.0),
                entry.get("failure", ""), self.options, self.root))
        return self._results[id(entry)][1]

    def groups(self, students: set[str] | None = None) -> dict[tuple[str, str], list[dict[str, Any]]]:
        found: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for entry in self.entries.values():
            if students is None or entry["student"] in students:
                found.setdefault((entry["student"], entry["group"]), []).append(entry)
        return found

    def choose(self, entries: list[dict[str, Any]]) -> dict[str, Any] | None:
        """The copy that counts: the newest (by submission time, then path), or the best."""
        graded = [e for e in entries if "graded" in e]
        if not graded:
            return None

        def newest(e: dict[str, Any]) -> tuple[float, str]:
            return (e.get("submitted", 0.0), e["path"])
        if self.options.rule == "best":
            return max(graded, key=lambda e: (self.result(e).score, newest(e)))
        return max(graded, key=newest)

    def newest(self, entries: list[dict[str, Any]]) -> dict[str, Any]:
        return max(entries, key=lambda e: (e.get("submitted", 0.0), e["path"]))

    def chosen(self, students: set[str] | None = None) -> dict[str, GradingResult]:
        """One result per student and worksheet, by key; the other copies named in it."""
        chosen = {}
        for (student, group), entries in self.groups(students).items():
            entry = self.choose(entries)
            if entry is None:
                continue
            others = tuple(sorted(Path(e["path"]).name for e in entries if e is not entry))
            result = replace(self.result(entry), others=others)
            days, penalty = late_of(result, self.options)
            if days or entry.get("lms_late"):
                result = replace(result, late=Late(days, penalty, bool(entry.get("lms_late"))))
            chosen[result_key(student, group)] = result
        return chosen

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
        """Write the selected results of ``students`` (None: everyone), feedback and grade books."""
        chosen = self.chosen(students)
        for key, result in chosen.items():
            write_json(self.out / RESULTS / f"{key}.json", result.to_json())
            self.published[key] = result.student
        for key, student in list(self.published.items()):
            if key not in chosen and (students is None or student in students or not student):
                (self.out / RESULTS / f"{key}.json").unlink(missing_ok=True)
                del self.published[key]
        everyone = self.chosen() if students is not None else chosen
        mine = by_student(list(chosen.values()))
        for student in (students if students is not None else set(mine)):
            safe = result_key(student, "x")[:-2]
            if mine.get(student):
                write_text(self.out / FEEDBACK / f"{safe}.md", feedback(student, mine[student], self.root))
            else:
                (self.out / FEEDBACK / f"{safe}.md").unlink(missing_ok=True)
        if students is None:  # feedback of students who are gone
            keep = {f"{result_key(s, 'x')[:-2]}.md" for s in mine}
            for path in (self.out / FEEDBACK).glob("*.md"):
                if path.name not in keep:
                    path.unlink(missing_ok=True)
        results = list(everyone.values())
        write_text(self.out / GRADES, grades_csv(results, self.sheets))
        write_text(self.out / LMS, lms_csv(results, self.sheets, self.options))
