"""When a file was handed in, from the source the instructor names: an LMS export of submission
times (Canvas, Moodle), nbgrader's ``timestamp.txt``, or the file's own time."""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

KINDS = ("canvas", "moodle", "timestamp", "file-time")
#: the columns of an export that name a student, and those that give the submission time
WHO = ("login", "login_id", "sis login id", "sis user id", "user_id", "id", "student", "name", "full name",
       "email", "email address", "identifier", "user")
WHEN = ("submitted_at", "submitted", "submission time", "last modified (submission)", "timecreated")
MOODLE_TIME = ("%A, %d %B %Y, %I:%M %p", "%A, %d %B %Y, %H:%M", "%d %B %Y, %I:%M %p", "%d %B %Y, %H:%M")


class BadSource(ValueError):
    """A hand-in source that cannot be read, in one sentence with the expected form."""


def parse_time(text: str) -> float:
    """Seconds since the epoch of an ISO time (``2026-11-20 13:45:01.5 UTC``; naive is UTC)."""
    text = text.strip()
    if text.endswith(" UTC") or text.endswith("Z"):
        text = (text[:-4] if text.endswith(" UTC") else text[:-1]) + "+00:00"
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def lms_time(text: str) -> float:
    """A time as an LMS export writes it: ISO (Canvas) or Moodle's ``Friday, 27 November 2026, 2:03 PM``."""
    try:
        return parse_time(text)
    except ValueError:
        pass
    for form in MOODLE_TIME:
        try:
            return datetime.strptime(text.strip(), form).replace(tzinfo=UTC).timestamp()
        except ValueError:
            continue
    raise ValueError(text)


@dataclass(frozen=True)
class Source:
    """Where hand-in times come from: its kind, the export's file, the worksheet it is for ('' all)."""

    kind: str
    file: str = ""
    worksheet: str = ""

    def describe(self) -> str:
        where = f"{self.kind}:{self.file}" if self.file else self.kind
        return f"{self.worksheet}={where}" if self.worksheet else where


def parse_source(given: str) -> Source:
    """A ``--handed-in`` value: ``[WORKSHEET=]canvas:FILE``, ``moodle:FILE``, ``timestamp`` or ``file-time``."""
    worksheet, _, rest = given.rpartition("=") if "=" in given else ("", "", given)
    kind, _, file = rest.partition(":")
    if kind not in KINDS or (kind in ("canvas", "moodle")) != bool(file):
        raise BadSource(f"--handed-in {given} is not a source of hand-in times; write canvas:EXPORT.csv, "
                        "moodle:EXPORT.csv, timestamp (nbgrader's timestamp.txt) or file-time, "
                        "optionally after WORKSHEET=")
    return Source(kind, file, worksheet)


def read_export(source: Source) -> dict[str, float]:
    """An LMS export's submission times, by every name a row gives its student (login, id, name, email)."""
    try:
        with open(source.file, encoding="utf-8-sig", newline="") as handle:
            rows = list(csv.DictReader(handle))
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise BadSource(f"the {source.kind} export {source.file} cannot be read ({error})") from None
    times: dict[str, float] = {}
    for number, row in enumerate(rows, start=2):
        columns = {(key or "").strip().lower(): (value or "").strip() for key, value in row.items()}
        when = next((columns[c] for c in WHEN if columns.get(c)), None)
        names = [columns[c] for c in WHO if columns.get(c)]
        if when is None or not names:
            if any(c in columns for c in WHEN):
                continue  # a row of someone who handed nothing in
            raise BadSource(f"the {source.kind} export {source.file} has no column of submission times "
                            f"({', '.join(WHEN)}) or none of students ({', '.join(WHO)})")
        try:
            moment = lms_time(when)
        except ValueError:
            raise BadSource(f"the {source.kind} export {source.file}, line {number}: {when!r} is not a time "
                            "(ISO, as 2026-11-27T14:03:00Z, or Moodle's Friday, 27 November 2026, 2:03 PM)") from None
        for name in names:
            times[name] = moment
            digits = re.search(r"\d+$", name)
            if digits and name.lower().startswith("participant"):  # Moodle's "Participant 4567"
                times[digits.group()] = moment
    return times


def nbgrader_time(path: Path) -> float | None:
    """nbgrader's submission time: ``timestamp.txt`` beside the file or in the folder above."""
    for folder in (path.parent, path.parent.parent):
        stamp = folder / "timestamp.txt"
        if stamp.is_file():
            try:
                return parse_time(stamp.read_text(encoding="utf-8").strip())
            except (OSError, ValueError):
                return None
    return None


def file_time(path: Path) -> float | None:
    try:
        return path.stat().st_mtime
    except OSError:
        return None


class HandIns:
    """The hand-in times of a run, from its sources in order (the first that knows a file wins)."""

    def __init__(self, sources: list[Source]) -> None:
        self.sources = sources
        self.exports = {source: read_export(source) for source in sources if source.file}

    def time_of(self, path: Path, names: list[str], worksheet: str) -> tuple[float | None, str]:
        """When ``path`` (of a student known by ``names``) was handed in, and the source that says so."""
        for source in self.sources:
            if source.worksheet and source.worksheet != worksheet:
                continue
            found: float | None = None
            if source.file:
                found = next((self.exports[source][n] for n in names if n in self.exports[source]), None)
            elif source.kind == "timestamp":
                found = nbgrader_time(path)
            else:
                found = file_time(path)
            if found is not None:
                return found, source.describe()
        if not self.sources:  # by default nbgrader's timestamp.txt, when there is one
            found = nbgrader_time(path)
            if found is not None:
                return found, "timestamp"
        return None, ""
