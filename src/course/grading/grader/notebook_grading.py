"""One notebook's grading in a pytest session: what it was asked (:class:`Asked`) and its
report as the session builds it (:class:`Reporting`), each kept in the config's stash."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from .. import wire
from ..notebook.sandbox import Limits

REPORT = pytest.StashKey["Reporting"]()  #: the report of the notebook being graded
ASKED = pytest.StashKey["Asked"]()  #: what its grading was asked


@dataclass(frozen=True)
class Asked:
    """What the grading of the notebook being graded was asked: the command line's options
    (a session grades one notebook), or a served task's
    (:func:`course.grading.grader.plugin.serve_task`)."""

    submission: Path | None  #: the graded notebook (None: the solution itself)
    report: Path | None  #: where its grading report is written (None: nowhere)
    checks: bool = False  #: run its public checks afresh after the hidden tests
    cascade: bool = True  #: retry a failed test with the given code of the earlier exercises
    only: str | None = None  #: the one exercise graded (None: all of them)
    limits: Limits = Limits()

    @classmethod
    def of_options(cls, config: pytest.Config) -> Asked:
        submission, report = config.getoption("--submission"), config.getoption("--grading-report")
        return cls(Path(submission) if submission is not None else None, Path(report) if report else None,
                   bool(config.getoption("--run-checks")), not config.getoption("--no-cascade"),
                   config.getoption("--only-exercise"),
                   Limits(call_seconds=config.getoption("--call-timeout"),
                          memory_bytes=config.getoption("--memory-limit") << 20))

    @classmethod
    def of_task(cls, task: wire.GradingTask) -> Asked:
        options = task.options
        return cls(task.notebook, task.report, options.checks, options.cascade, options.only,
                   Limits(call_seconds=options.call_seconds, memory_bytes=options.memory_mb << 20))


def asked(config: pytest.Config) -> Asked:
    """What the grading of the notebook being graded was asked."""
    return config.stash[ASKED]


#: where a grading session's time goes (seconds), reported as ``timings``
TIMINGS = ("collect", "notebook", "tests", "cascade", "checks", "session")


@dataclass
class Reporting:
    """The grading report of the notebook being graded, as its session builds it."""

    tests: dict[str, wire.TestReport] = field(default_factory=dict)  #: by node id, in the order they ran
    notebooks: list[wire.NotebookReport] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=lambda: dict.fromkeys(TIMINGS, 0.0))
    language: str | None = None
    checks: list[dict[str, Any]] = field(default_factory=list)  #: checks run after the tests (``course adequacy``)
    written: bool = False  #: the report is written (a served task's, before its session ends)
    stopped: bool = False  #: a test failed under ``--first-failure``: the notebook's other tests do not run

    def failed(self) -> set[str]:
        """The exercises with a failed test so far."""
        return {test.exercise for test in self.tests.values() if test.outcome == "failed"}

    def frozen(self, exitstatus: int) -> wire.GradingReport:
        """The report as it crosses to ``course grade``."""
        return wire.GradingReport(tuple(self.tests.values()), tuple(self.notebooks), dict(self.timings),
                                  exitstatus, self.language, tuple(self.checks))
