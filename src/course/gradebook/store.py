"""Reading and writing the gradebook: files and their gradings, students, rules, hand-made
changes and the history, each change kept at once (a killed run loses nothing written)."""

from __future__ import annotations

import getpass
import json
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .schema import NAME, connect

#: the columns of a file's row, as a kept entry names them
FILE_COLUMNS = ("fid", "path", "student", "worksheet", "grp", "sha256", "handed_in", "handed_in_source",
                "lms_late", "reason", "language", "graded", "fingerprint", "report", "seconds", "failure")
GRADING_COLUMNS = ("fid", "path", "student", "worksheet", "sha256", "graded", "handed_in", "handed_in_source",
                   "fingerprint", "report", "seconds", "failure")


def bound(value: Any) -> Any:
    """A value as SQLite keeps it: text that UTF-8 cannot encode (a lone surrogate of a file name)
    as its bytes."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return value.encode("utf-8", "surrogatepass")
    return value


def unbound(value: Any) -> Any:
    """A value read back: bytes are text that UTF-8 could not encode."""
    return value.decode("utf-8", "surrogatepass") if isinstance(value, bytes) else value


def someone() -> str:
    """Who runs this command: the login's name."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


@dataclass(frozen=True)
class Grading:
    """A file's last grading as the gradebook keeps it: when, by what (the fingerprint of the
    hidden tests, the solution, the options and the package), the grading process's report
    (its JSON; None when none came), how long it took and why it failed ("")."""

    graded: float
    fingerprint: str = ""
    report: dict[str, Any] | None = None
    seconds: float = 0.0
    failure: str = ""


@dataclass(frozen=True)
class FileEntry:
    """A file ever handed in, by its id: where it is, whose and which worksheet it is, its
    content's digest, when it was handed in (and the source of that time), and its last grading."""

    fid: str
    path: str
    student: str
    worksheet: str | None
    grp: str  #: the group its copies share: the worksheet, or the file itself
    sha256: str
    handed_in: float | None = None
    handed_in_source: str = ""
    lms_late: bool = False
    reason: str = ""  #: why it is not graded ("": it is)
    language: str | None = None
    grading: Grading | None = None

    def row(self) -> dict[str, Any]:
        """The entry as the columns of its row (:data:`FILE_COLUMNS`)."""
        grading = self.grading
        return {"fid": self.fid, "path": self.path, "student": self.student, "worksheet": self.worksheet,
                "grp": self.grp, "sha256": self.sha256, "handed_in": self.handed_in,
                "handed_in_source": self.handed_in_source, "lms_late": int(self.lms_late), "reason": self.reason,
                "language": self.language, "graded": grading.graded if grading else None,
                "fingerprint": grading.fingerprint if grading else "",
                "report": json.dumps(grading.report) if grading and grading.report is not None else None,
                "seconds": grading.seconds if grading else 0.0, "failure": grading.failure if grading else ""}

    @classmethod
    def of_row(cls, row: dict[str, Any]) -> FileEntry:
        """An entry read back from its row's columns (its report read back from JSON)."""
        grading = None
        if row.get("graded") is not None:
            grading = Grading(float(row["graded"]), row.get("fingerprint") or "",
                              json.loads(row["report"]) if row.get("report") else None,
                              float(row.get("seconds") or 0.0), row.get("failure") or "")
        return cls(fid=row["fid"], path=row["path"], student=row["student"], worksheet=row.get("worksheet"),
                   grp=row.get("grp") or "", sha256=row.get("sha256") or "", handed_in=row.get("handed_in"),
                   handed_in_source=row.get("handed_in_source") or "", lms_late=bool(row.get("lms_late")),
                   reason=row.get("reason") or "", language=row.get("language"), grading=grading)


@dataclass(frozen=True)
class Adjustment:
    """Points given (or taken, when negative) by hand on one student's exercise, and why."""

    student: str
    exercise: str
    points: float
    reason: str
    who: str
    at: float


@dataclass(frozen=True)
class Event:
    """A line of the history: a run or a change, when, by whom."""

    at: float
    who: str
    action: str
    detail: str


class Gradebook:
    """The gradebook of one output folder (``DIR/gradebook.sqlite``)."""

    def __init__(self, out: Path) -> None:
        self.path = out / NAME
        self.db = connect(self.path)
        self.lock = threading.RLock()

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """Statements that are kept together or not at all."""
        with self.lock:
            self.db.execute("BEGIN")
            try:
                yield self.db
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    # files and gradings ----------------------------------------------------------------
    def files(self) -> dict[str, FileEntry]:
        """Every file ever handed in, by id."""
        with self.lock:
            rows = self.db.execute("SELECT * FROM files ORDER BY fid").fetchall()
        entries = (FileEntry.of_row({column: unbound(row[column]) for column in FILE_COLUMNS}) for row in rows)
        return {entry.fid: entry for entry in entries}

    def save_file(self, entry: FileEntry) -> None:
        """Keep a file's entry (a grading it holds is in the list of gradings already: :meth:`graded`)."""
        self._save(entry, graded=False)

    def graded(self, entry: FileEntry) -> None:
        """Keep a file's entry with its new grading, and add that grading to the list of gradings."""
        assert entry.grading is not None, "only an entry with a grading is graded"
        self._save(entry, graded=True)

    def _save(self, entry: FileEntry, graded: bool) -> None:
        values = entry.row()
        names = ", ".join(FILE_COLUMNS)
        marks = ", ".join("?" for _ in FILE_COLUMNS)
        with self.transaction() as db:
            db.execute(f"INSERT OR REPLACE INTO files ({names}) VALUES ({marks})",
                       [bound(values[column]) for column in FILE_COLUMNS])
            if graded:
                db.execute(f"INSERT INTO gradings ({', '.join(GRADING_COLUMNS)}) "
                           f"VALUES ({', '.join('?' for _ in GRADING_COLUMNS)})",
                           [bound(values[column]) for column in GRADING_COLUMNS])

    def forget_files(self, fids: list[str]) -> None:
        """Remove files from the results (their gradings stay in the list of gradings)."""
        with self.transaction() as db:
            db.executemany("DELETE FROM files WHERE fid = ?", [(fid,) for fid in fids])

    def gradings(self, student: str | None = None) -> list[dict[str, Any]]:
        """Every grading, oldest first (of one student when named), without its report."""
        query = "SELECT id, path, student, worksheet, sha256, graded, handed_in, handed_in_source, failure " \
                "FROM gradings" + (" WHERE student = ?" if student is not None else "") + " ORDER BY id"
        with self.lock:
            rows = self.db.execute(query, (bound(student),) if student is not None else ()).fetchall()
        return [{key: unbound(value) for key, value in zip(row.keys(), row, strict=True)} for row in rows]

    # students ------------------------------------------------------------------------
    def save_student(self, student: str, section: str, name: str) -> None:
        with self.lock:
            self.db.execute("INSERT OR IGNORE INTO students (student, section, name) VALUES (?, ?, ?)",
                            (bound(student), bound(section), bound(name)))

    def students(self) -> dict[str, dict[str, str]]:
        """Every student, by key: section, name and LMS id."""
        with self.lock:
            rows = self.db.execute("SELECT * FROM students ORDER BY student").fetchall()
        return {unbound(row["student"]): {"section": unbound(row["section"]), "name": unbound(row["name"]),
                                          "lms_id": row["lms_id"]} for row in rows}

    def set_lms_id(self, student: str, lms_id: str) -> None:
        with self.lock:
            self.db.execute("UPDATE students SET lms_id = ? WHERE student = ?", (lms_id, bound(student)))

    # rules ---------------------------------------------------------------------------
    def rules(self) -> dict[tuple[str, str], str]:
        """Every rule, by (rule, target): its value as stored."""
        with self.lock:
            return {(row["rule"], row["target"]): row["value"]
                    for row in self.db.execute("SELECT * FROM rules ORDER BY rule, target")}

    def set_rule(self, rule: str, target: str, value: str | None, who: str, why: str) -> None:
        """Store a rule (None: remove it) and log the change."""
        with self.transaction() as db:
            if value is None:
                db.execute("DELETE FROM rules WHERE rule = ? AND target = ?", (rule, target))
            else:
                db.execute("INSERT OR REPLACE INTO rules (rule, target, value) VALUES (?, ?, ?)",
                           (rule, target, value))
            self._log(db, who, "rule", why)

    # hand-made changes and the history ------------------------------------------------
    def adjust(self, student: str, exercise: str, points: float, reason: str, who: str) -> None:
        with self.transaction() as db:
            db.execute("INSERT INTO adjustments (student, exercise, points, reason, who, at) VALUES (?, ?, ?, ?, ?, ?)",
                       (bound(student), exercise, points, reason, who, time.time()))
            self._log(db, who, "adjust", f"{student} {exercise} {points:+g}: {reason}")

    def adjustments(self) -> list[Adjustment]:
        with self.lock:
            rows = self.db.execute("SELECT * FROM adjustments ORDER BY id").fetchall()
        return [Adjustment(unbound(row["student"]), row["exercise"], row["points"], row["reason"], row["who"],
                           row["at"]) for row in rows]

    def log(self, who: str, action: str, detail: str) -> None:
        """Add a line to the history."""
        with self.lock:
            self._log(self.db, who, action, detail)

    @staticmethod
    def _log(db: sqlite3.Connection, who: str, action: str, detail: str) -> None:
        db.execute("INSERT INTO history (at, who, action, detail) VALUES (?, ?, ?, ?)",
                   (time.time(), who, action, bound(detail)))

    def history(self) -> list[Event]:
        with self.lock:
            rows = self.db.execute("SELECT * FROM history ORDER BY id").fetchall()
        return [Event(row["at"], row["who"], row["action"], unbound(row["detail"])) for row in rows]

    # the cache of earlier versions ---------------------------------------------------------
    def take_old_cache(self, folder: Path) -> int:
        """Move the entries of the cache earlier versions kept (``DIR/.cache``) into the gradebook."""
        taken = 0
        for path in sorted(folder.glob("*.json")):
            try:
                entry = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if not isinstance(entry, dict) or "path" not in entry or "student" not in entry:
                continue
            entry.update(fid=path.stem, grp=entry.get("group") or entry.get("worksheet") or "",
                         sha256=entry.get("sha256") or "", handed_in=entry.get("submitted"),
                         handed_in_source="file time" if entry.get("submitted") else "",
                         report=json.dumps(entry["report"]) if entry.get("report") is not None else None)
            kept = FileEntry.of_row(entry)
            self._save(kept, graded=kept.grading is not None)
            taken += 1
        self.log(someone(), "migrate", f"{taken} files taken from the cache of an earlier version")
        shutil.rmtree(folder, ignore_errors=True)
        return taken
