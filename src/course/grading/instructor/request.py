"""What one ``course grade`` is asked to do: the command line's options, typed, once
(``course.commands.grade`` makes it from argparse's answer; nothing here sees argparse)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..wire import GradingOptions


@dataclass(frozen=True)
class GradeRequest:
    """One ``course grade`` run, as asked."""

    submissions: tuple[str, ...]  #: notebooks or folders of notebooks
    out: Path  #: the output folder (resolved)
    call_seconds: float  #: the limits, whose defaults are the command line's (the sandbox's Limits)
    memory_mb: int
    submission_seconds: float  #: the most one notebook's grading may take
    root: Path | None = None  #: the course folder (None: found from the current folder)
    jobs: int | None = None  #: grading processes (None: one per core)
    force: bool = False  #: grade again what is already graded
    checks: bool = False
    cascade: bool = True
    only: str | None = None  #: grade this exercise again, keeping the others' results
    scheduler: str | None = None  #: a Dask scheduler's address (None: grade here)
    best: bool = False  #: of several notebooks of one worksheet, keep the best (else the newest)
    students: str | None = None  #: the students mapping's CSV
    lms_ids: str | None = None  #: the LMS ids' CSV
    visibility: str | None = None
    deadlines: tuple[str, ...] = ()
    late_penalty: float | None = None
    handed_in: tuple[str, ...] = ()
    section: str = ""
    wait: bool = False  #: wait for the output folder instead of refusing

    def grading_options(self, only: str | None = None) -> GradingOptions:
        """How each grading process grades a notebook of this run (``only``: its one exercise)."""
        return GradingOptions(call_seconds=self.call_seconds, memory_mb=self.memory_mb, checks=self.checks,
                              cascade=self.cascade, only=only)

    def command(self) -> str:
        """The run as the lock and the history name it."""
        return "course grade " + " ".join(self.submissions)
