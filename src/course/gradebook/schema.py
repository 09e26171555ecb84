"""The gradebook's tables in SQLite and the migrations that bring an older gradebook up to date
(the schema's version is SQLite's ``user_version``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

NAME = "gradebook.sqlite"

#: each migration brings the schema from its index to the next version; never edit one, add one
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE students (
        student TEXT PRIMARY KEY,      -- the key: "section/name", or the name when no section
        section TEXT NOT NULL DEFAULT '',
        name TEXT NOT NULL,
        lms_id TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE rules (               -- deadline, late_penalty, visibility, copy, points, weight, handed_in
        rule TEXT NOT NULL,
        target TEXT NOT NULL DEFAULT '',  -- '' (every worksheet), a worksheet, worksheet@student, an exercise
        value TEXT NOT NULL,
        PRIMARY KEY (rule, target)
    );
    CREATE TABLE files (               -- every file ever handed in, and its grading that holds now
        fid TEXT PRIMARY KEY,
        path TEXT NOT NULL,
        student TEXT NOT NULL,
        worksheet TEXT,
        grp TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        handed_in REAL,                -- when it was handed in (NULL: no source says)
        handed_in_source TEXT NOT NULL DEFAULT '',
        lms_late INTEGER NOT NULL DEFAULT 0,
        reason TEXT NOT NULL DEFAULT '',
        language TEXT,
        graded REAL,
        fingerprint TEXT NOT NULL DEFAULT '',
        report TEXT,                   -- the grading process's report, JSON
        seconds REAL NOT NULL DEFAULT 0,
        failure TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE gradings (            -- every grading ever done, in order
        id INTEGER PRIMARY KEY,
        fid TEXT NOT NULL,
        path TEXT NOT NULL,
        student TEXT NOT NULL,
        worksheet TEXT,
        sha256 TEXT NOT NULL,
        graded REAL NOT NULL,
        handed_in REAL,
        handed_in_source TEXT NOT NULL DEFAULT '',
        fingerprint TEXT NOT NULL DEFAULT '',
        report TEXT,
        seconds REAL NOT NULL DEFAULT 0,
        failure TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE adjustments (         -- points given or taken by hand, kept through regrades
        id INTEGER PRIMARY KEY,
        student TEXT NOT NULL,
        exercise TEXT NOT NULL,
        points REAL NOT NULL,
        reason TEXT NOT NULL,
        who TEXT NOT NULL,
        at REAL NOT NULL
    );
    CREATE TABLE history (             -- every run and every change, in order
        id INTEGER PRIMARY KEY,
        at REAL NOT NULL,
        who TEXT NOT NULL,
        action TEXT NOT NULL,
        detail TEXT NOT NULL
    );
    """,
)

VERSION = len(MIGRATIONS)


class NewerGradebook(Exception):
    """A gradebook written by a newer version of the course (its schema is unknown here)."""


def connect(path: Path) -> sqlite3.Connection:
    """Open (or create) the gradebook at ``path`` and migrate it to :data:`VERSION`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    connection.row_factory = sqlite3.Row
    connection.execute("PRAGMA busy_timeout = 10000")
    migrate(connection, path)
    return connection


def migrate(connection: sqlite3.Connection, path: Path) -> int:
    """Run the migrations the gradebook lacks, each in a transaction; the version it had."""
    version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    if version > VERSION:
        raise NewerGradebook(f"{path} was written by a newer version of the course (schema {version}, "
                             f"this one knows {VERSION}); upgrade the course package")
    for number in range(version, VERSION):
        connection.executescript(f"BEGIN; {MIGRATIONS[number]} PRAGMA user_version = {number + 1}; COMMIT;")
    return version
