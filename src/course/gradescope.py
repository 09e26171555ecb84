"""`course gradescope`: a Gradescope autograder that runs `course grade`.

``course gradescope --to autograder.zip`` writes the zip an instructor uploads to a
Gradescope programming assignment. Its root holds

* ``setup.sh``: run once, as root, when Gradescope builds the autograder's image (an
  Ubuntu image): installs Python 3.11 or newer if the image lacks it, then the course
  package and what grading needs (``pip install ".[grade]"``) into a virtual
  environment, ``/autograder/venv``;
* ``run_autograder``: run for each submission: grades every file of
  ``/autograder/submission/`` with ``course grade`` and writes
  ``/autograder/results/results.json`` in Gradescope's format (score, one test per
  hidden test with name, score, max_score, status, output and visibility,
  execution_time, and an ``output`` that says what was graded or why nothing could be);
* what ``course grade`` needs: ``pyproject.toml``, ``src/exercises/`` (the package) and
  ``src/course/`` (the grader),
  ``solutions/`` (to recognise a worksheet and its check cells) and ``tests/grading/``
  (the hidden tests). Gradescope never shows these files to students.

Paths can be moved for a test: ``AUTOGRADER`` (default ``/autograder``),
``AUTOGRADER_SOURCE``, ``AUTOGRADER_VENV``, ``AUTOGRADER_SUBMISSION``,
``AUTOGRADER_RESULTS``. The zip is the same bytes for the same course.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

from .grading.instructor.results import GradingResult
from .i18n.grading_text import ENGLISH, Words
from .i18n.grading_text import reason as english

VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")
#: a zip entry's time (zip cannot store earlier dates): the same zip for the same course
ZIP_TIME = (1980, 1, 1, 0, 0, 0)

SETUP_SH = r"""#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu).
# It installs Python 3.11 or newer where the image has none, then the course and what
# grading needs into a virtual environment.
set -euo pipefail
SOURCE="${AUTOGRADER_SOURCE:-/autograder/source}"
VENV="${AUTOGRADER_VENV:-/autograder/venv}"

usable() {  # a Python 3.11 or newer that can make a virtual environment
    command -v "$1" >/dev/null 2>&1 &&
        "$1" -c 'import sys, ensurepip; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1
}

PYTHON=""
for candidate in python3 python3.13 python3.12 python3.11; do
    if usable "$candidate"; then PYTHON="$candidate"; break; fi
done
if [ -z "$PYTHON" ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq python3 python3-venv python3-pip || true
    if usable python3; then
        PYTHON=python3
    else
        # Ubuntu 22.04 ships 3.10 as python3 and 3.11 beside it; older images need deadsnakes.
        if ! apt-get install -y -qq python3.11 python3.11-venv; then
            apt-get install -y -qq software-properties-common
            add-apt-repository -y ppa:deadsnakes/ppa
            apt-get update -qq
            apt-get install -y -qq python3.11 python3.11-venv
        fi
        PYTHON=python3.11
    fi
fi
echo "Using $("$PYTHON" --version) for the autograder"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
# The lock: the versions the course was tested with (a course without one resolves anew).
LOCK=()
[ -f "$SOURCE/constraints.txt" ] && LOCK=(-c "$SOURCE/constraints.txt")
"$VENV/bin/python" -m pip install --quiet "${LOCK[@]}" "$SOURCE[grade]"
"$VENV/bin/python" -c "import course.grading.grader.process, pytest"
echo "The course is installed in $VENV"
"""

RUN_AUTOGRADER = r"""#!/usr/bin/env bash
# Gradescope runs this for each submission: `course grade` grades every file in
# /autograder/submission/ and /autograder/results/results.json gets the result.
set -uo pipefail
AUTOGRADER="${AUTOGRADER:-/autograder}"
SOURCE="${AUTOGRADER_SOURCE:-$AUTOGRADER/source}"
VENV="${AUTOGRADER_VENV:-$AUTOGRADER/venv}"
cd "$AUTOGRADER"
exec "$VENV/bin/python" -m course.gradescope \
    --source "$SOURCE" \
    --submission "${AUTOGRADER_SUBMISSION:-$AUTOGRADER/submission}" \
    --results "${AUTOGRADER_RESULTS:-$AUTOGRADER/results/results.json}" \
    --visibility "${AUTOGRADER_VISIBILITY:-@VISIBILITY@}" \
    --worksheet "${AUTOGRADER_WORKSHEET:-@WORKSHEET@}" \
    --submission-timeout "${AUTOGRADER_SUBMISSION_TIMEOUT:-@TIMEOUT@}"
"""


# ----------------------------------------------------------------------------- the zip


def course_files(root: Path) -> list[tuple[str, Path]]:
    """The course files the autograder needs: (name in the zip, file), in order."""
    files: list[tuple[str, Path]] = []
    for name in ("pyproject.toml", "constraints.txt", "README.md", "LICENSE"):
        if (root / name).is_file():
            files.append((name, root / name))
    for folder, pattern in (("src/exercises", "*"), ("src/course", "*"), ("solutions", "*.ipynb"),
                            ("tests/grading", "*")):
        for path in sorted((root / folder).rglob(pattern)):
            parts = path.relative_to(root).parts
            hidden = "__pycache__" in parts or any(p.startswith(".") for p in parts)
            if path.is_file() and not hidden and path.suffix != ".pyc":
                files.append((path.relative_to(root).as_posix(), path))
    return files


def _entry(zf: zipfile.ZipFile, name: str, data: bytes, executable: bool = False) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o100755 if executable else 0o100644) << 16
    zf.writestr(info, data)


def write_autograder(root: Path, to: Path, visibility: str = "visible", timeout: float = 600,
                     worksheet: str = "") -> list[str]:
    """Write the autograder zip at ``to``; the names it holds.

    With ``worksheet``, only that worksheet's notebooks score (one assignment per worksheet).
    """
    if visibility not in VISIBILITIES:
        raise ValueError(f"visibility must be one of {', '.join(VISIBILITIES)} (got {visibility!r})")
    for needed in ("solutions", "tests/grading", "src/exercises", "src/course", "pyproject.toml"):
        if not (root / needed).exists():
            raise ValueError(f"{root.resolve()} has no {needed}: run in the course folder or use --root")
    if worksheet:
        from .grading.instructor.discover import worksheets

        known = [sheet.id for sheet in worksheets(root)]
        if worksheet not in known:
            raise ValueError(f"no worksheet {worksheet!r} in this course (its worksheets: {', '.join(known)})")
    run_script = (RUN_AUTOGRADER.replace("@VISIBILITY@", visibility).replace("@TIMEOUT@", f"{timeout:g}")
                  .replace("@WORKSHEET@", worksheet))
    names = []
    to.parent.mkdir(parents=True, exist_ok=True)
    partial = to.with_name(f".{to.name}.part")
    with zipfile.ZipFile(partial, "w") as zf:
        _entry(zf, "setup.sh", SETUP_SH.encode(), executable=True)
        _entry(zf, "run_autograder", run_script.encode(), executable=True)
        names += ["setup.sh", "run_autograder"]
        for name, path in course_files(root):
            _entry(zf, name, path.read_bytes())
            names.append(name)
    os.replace(partial, to)
    return names


# ----------------------------------------------------------------------------- grading one submission


def submitted_files(submission: Path) -> list[Path]:
    """The files a student handed in (hidden files and folders left out)."""
    if not submission.is_dir():
        return []
    return sorted(
        path for path in submission.rglob("*")
        if path.is_file() and not any(part.startswith(".") for part in path.relative_to(submission).parts)
    )


def _points(value: float) -> str:
    return f"{round(value, 2):g}"


def merge(results: list[GradingResult], visibility: str, seconds: float, problem: str = "",
          root: Path | None = None) -> dict[str, Any]:
    """One Gradescope results.json from ``course grade``'s results (one per file).

    Several notebooks of one worksheet count once: the best of them. The summary is in
    the language of the notebooks (the first that has one; its catalog under ``root``).
    """
    language = next((r.language for r in results if r.language), None)
    say = Words(root, language) if language else ENGLISH
    graded = [r for r in results if r.status == "graded" or r.tests]
    best: dict[str, GradingResult] = {}
    for result in sorted(graded, key=lambda r: r.path):
        sheet = result.worksheet or result.path
        if sheet not in best or (result.score or 0) > (best[sheet].score or 0):
            best[sheet] = result
    counted = list(best.values())
    counted_ids = {id(r) for r in counted}
    graded_ids = {id(r) for r in graded}
    lines: list[str] = []
    tests: list[dict[str, Any]] = []
    several = len(counted) > 1
    for result in sorted(results, key=lambda r: r.path):
        name = Path(result.path or "submission").name
        maximum = sum(test.max_score or 0 for test in result.tests)
        if id(result) in counted_ids:
            lines.append(say("{name} (worksheet {worksheet}): {score} / {total} points", name=name,
                             worksheet=result.worksheet, score=_points(result.score or 0), total=_points(maximum)))
            if result.reason:
                lines.append(say("  note: {reason}", reason=say.sentence(result.reason)))
            rule = say("the best") if result.rule == "best" else say("the newest")
            for other in result.others:
                lines.append(say("{other}: not counted: {name} is the notebook of this worksheet that counts ({rule})",
                                 other=other, name=name, rule=rule))
            for test in result.tests:
                entry = {**test.to_json(), "visibility": test.visibility or visibility}
                if several:
                    entry["name"] = f"{name}: {entry['name']}"
                tests.append(entry)
        elif id(result) in graded_ids:
            lines.append(say("{name} (worksheet {worksheet}): {score} points, not counted: another notebook of "
                             "this worksheet scored as much or more", name=name, worksheet=result.worksheet,
                             score=_points(result.score or 0)))
        else:
            lines.append(say("{name}: not graded: {reason}", name=name,
                             reason=say.sentence(result.reason or result.output)))
    if not counted:
        why = say.sentence(problem) if problem else say("nothing was submitted") if not results else \
            say("no file of the submission is a notebook of this course that could be graded")
        output = say("Nothing could be graded: {why}. Hand in your worksheet's .ipynb file "
                     "(File > Download in JupyterLab), as it is, without renaming its cells.", why=why)
        if lines:
            output += "\n\n" + "\n".join(lines)
    else:
        output = "\n".join(lines)
        if problem:
            output += f"\n\n{say.sentence(problem)}"
    return {
        "score": round(sum(r.score or 0 for r in counted), 4),
        "execution_time": round(seconds, 2),
        "output": output,
        "visibility": visibility,
        "stdout_visibility": "hidden",
        "tests": tests,
        "extra_data": {"notebooks": [r.to_json()["extra_data"] for r in results]},
    }


def write_results(path: Path, results: dict[str, Any]) -> None:
    """Write results.json atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.part")
    partial.write_text(json.dumps(results, indent=1, ensure_ascii=False), encoding="utf-8")
    os.replace(partial, path)


def other_worksheet(result: GradingResult, worksheet: str) -> GradingResult:
    """A result turned into "not graded": the notebook is not this assignment's worksheet."""
    reason = english("it is worksheet {worksheet}; this assignment grades worksheet {expected}",
                     worksheet=result.worksheet, expected=worksheet)
    return dataclasses.replace(result, score=0.0, tests=(), status="not graded", reason=reason, exercises={})


def autograde(source: Path, submission: Path, results_path: Path, visibility: str = "visible",
              submission_timeout: float = 600, worksheet: str = "") -> dict[str, Any]:
    """Grade ``submission`` with ``course grade``; write and return results.json.

    With ``worksheet``, a notebook of another worksheet scores nothing and is named.
    """
    started = time.monotonic()
    files = submitted_files(submission)
    results: list[GradingResult] = []
    problem = ""
    if files:
        with tempfile.TemporaryDirectory(prefix="gradescope-") as out:
            completed = subprocess.run(
                [sys.executable, "-m", "course.commands", "grade", str(submission), "--out", out,
                 "--root", str(source), "--submission-timeout", f"{submission_timeout:g}",
                 "--visibility", visibility],
                capture_output=True, text=True, cwd=out,
            )
            sys.stdout.write(completed.stdout)
            sys.stdout.write(completed.stderr)  # the instructor sees run_autograder's output
            for path in sorted((Path(out) / "results").glob("*.json")):
                try:
                    results.append(GradingResult.from_json(json.loads(path.read_text(encoding="utf-8"))))
                except (OSError, ValueError, KeyError, TypeError, AttributeError):
                    continue
            if completed.returncode != 0 and not results:
                problem = english("the autograder failed (course grade exited with {code})", code=completed.returncode)
    if worksheet:
        results = [
            other_worksheet(r, worksheet) if r.worksheet not in (None, worksheet) else r
            for r in results
        ]
    merged = merge(results, visibility, time.monotonic() - started, problem, source)
    write_results(results_path, merged)
    return merged


# ----------------------------------------------------------------------------- command


def main(argv: list[str] | None = None) -> int:
    """What run_autograder calls: grade one submission, write results.json."""
    parser = argparse.ArgumentParser(prog="python -m course.gradescope")
    parser.add_argument("--source", required=True)
    parser.add_argument("--submission", required=True)
    parser.add_argument("--results", required=True)
    parser.add_argument("--visibility", default="visible", choices=VISIBILITIES)
    parser.add_argument("--submission-timeout", type=float, default=600)
    parser.add_argument("--worksheet", default="")
    args = parser.parse_args(argv)
    result = autograde(Path(args.source), Path(args.submission), Path(args.results), args.visibility,
                       args.submission_timeout, args.worksheet)
    print(f"score {result['score']}; results in {args.results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
