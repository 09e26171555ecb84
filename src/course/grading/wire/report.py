"""The grading report: what the pytest plugin says of one notebook's grading, and how it
crosses to ``course grade`` (a JSON file) as frozen dataclasses, converted at the edge."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class TestReport:
    """One hidden test's verdict: its exercise and points, and what the student reads."""

    nodeid: str
    name: str
    exercise: str
    points: float
    outcome: str = "passed"  #: "passed", "failed" or "skipped"
    message: str = ""
    hint: str = ""
    given: str = ""  #: the note of a test that ran on the given code (the cascade), "" if none

    @property
    def passed(self) -> bool:
        return self.outcome == "passed"

    def to_json(self) -> dict[str, Any]:
        found = {"nodeid": self.nodeid, "name": self.name, "exercise": self.exercise, "points": self.points,
                 "outcome": self.outcome, "message": self.message, "hint": self.hint}
        return {**found, "given": self.given} if self.given else found

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TestReport:
        return cls(nodeid=str(data.get("nodeid", data["name"])), name=str(data["name"]),
                   exercise=str(data["exercise"]), points=float(data.get("points", 0.0)),
                   outcome=str(data.get("outcome", "passed")), message=str(data.get("message", "")),
                   hint=str(data.get("hint") or ""), given=str(data.get("given", "")))


@dataclass(frozen=True)
class NotebookReport:
    """One run of the graded notebook: the cells that raised, its restarts, its confinement,
    and the public checks' verdicts (each ``{"exercise", "source", "status"}``)."""

    path: str
    module: str
    cells: tuple[dict[str, Any], ...] = ()  #: each ``{"index", "cell", "error"}``
    restarts: int = 0
    confinement: dict[str, Any] = field(default_factory=dict)
    checks: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "module": self.module, "cells": list(self.cells), "restarts": self.restarts,
                "confinement": self.confinement, "checks": list(self.checks)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NotebookReport:
        return cls(path=str(data.get("path", "")), module=str(data.get("module", "")),
                   cells=tuple(dict(cell) for cell in data.get("cells", ())), restarts=int(data.get("restarts", 0)),
                   confinement=dict(data.get("confinement") or {}),
                   checks=tuple(dict(check) for check in data.get("checks", ())))


@dataclass(frozen=True)
class GradingReport:
    """A notebook's grading by the hidden tests: every test's verdict, the notebook's runs,
    where the time went (seconds, and the requests and callbacks counted) and pytest's exit."""

    tests: tuple[TestReport, ...] = ()
    notebooks: tuple[NotebookReport, ...] = ()
    timings: dict[str, float] = field(default_factory=dict)
    exitstatus: int = 0
    language: str | None = None  #: the graded notebook's language, when it says
    checks: tuple[dict[str, Any], ...] = ()  #: an exercise's checks run after its tests (``course adequacy``)

    def all_checks(self) -> list[dict[str, Any]]:
        """Every check verdict of the grading: the notebooks' and the ones run after the tests."""
        return [*self.checks, *(check for notebook in self.notebooks for check in notebook.checks)]

    def only(self, exercise: str, kept: GradingReport) -> GradingReport:
        """This grading's tests of ``exercise``, with ``kept``'s tests of every other exercise."""
        tests = [t for t in kept.tests if t.exercise != exercise] + [t for t in self.tests if t.exercise == exercise]
        return replace(self, tests=tuple(tests))

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"tests": [t.to_json() for t in self.tests],
                                 "notebooks": [n.to_json() for n in self.notebooks],
                                 "timings": dict(self.timings), "exitstatus": self.exitstatus}
        if self.language:
            found["language"] = self.language
        if self.checks:
            found["checks"] = list(self.checks)
        return found

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GradingReport:
        """A report read back (KeyError, TypeError, ValueError or AttributeError when it is not one)."""
        return cls(tests=tuple(TestReport.from_json(t) for t in data.get("tests", ())),
                   notebooks=tuple(NotebookReport.from_json(n) for n in data.get("notebooks", ())),
                   timings=dict(data.get("timings") or {}),
                   exitstatus=int(data.get("exitstatus", 0)), language=data.get("language") or None,
                   checks=tuple(dict(check) for check in data.get("checks", ())))


def write_report(path: Path, report: GradingReport) -> None:
    """Write the grading report of a pytest session, all of it or nothing."""
    temporary = f"{path}.part{os.getpid()}"
    Path(temporary).write_text(json.dumps(report.to_json(), indent=1), encoding="utf-8")
    os.replace(temporary, path)


def read_report(path: Path) -> GradingReport | None:
    """The grading report a session wrote at ``path``, then removed; None if there is none
    (or what is there is not a report)."""
    try:
        report = GradingReport.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        report = None
    Path(path).unlink(missing_ok=True)
    return report
