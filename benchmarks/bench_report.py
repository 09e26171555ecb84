"""How long ``course report`` takes on a large class of stored results.

    python benchmarks/bench_report.py [--students 200] [--seed 1]

Grades every worksheet's solution and released stub once with ``course grade`` (timed:
that gives the grading time of one submission), then writes the stored results of a
class of N students x every worksheet: each student's result is the solution's or the
stub's with a seeded share of its tests failed, and each notebook's exercise cells are
the solution's with the variables renamed per student (so similarity has real work).
Then times ``course report`` on that folder, similarity included, and prints the
report's time next to the time grading that class would take at the measured rate.
Numbers, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from course import report  # noqa: E402
from course.grading.instructor.discover import worksheets  # noqa: E402
from course.grading.instructor.results import scores  # noqa: E402
from course.notebook import course_meta  # noqa: E402


def grade_references(folder: Path) -> tuple[dict[str, dict], float]:
    """The solution and stub results of every worksheet, and the seconds per submission."""
    hand_in = folder / "references"
    sheets = [s for s in worksheets(ROOT) if s.tests is not None]
    for sheet in sheets:
        for kind, source in (("solution", sheet.solution), ("stub", ROOT / "notebooks" / sheet.solution.name)):
            target = hand_in / kind / sheet.solution.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "course.commands", "grade", str(hand_in), "--out",
                    str(folder / "reference-grades"), "--jobs", "2", "--root", str(ROOT)],
                   check=True, capture_output=True)
    seconds = time.perf_counter() - started
    results = {}
    for path in (folder / "reference-grades" / "results").glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        results[f"{data['extra_data']['student']}.{data['extra_data']['worksheet']}"] = data
    return results, seconds / (2 * len(sheets))


def student_result(reference: dict, student: str, path: Path, rng: random.Random) -> dict:
    """A reference result with some of its tests failed at random."""
    result = copy.deepcopy(reference)
    fail_share = rng.choice([0.0, 0.0, 0.1, 0.3, 0.6])
    tests = []
    for test in result["tests"]:
        if test["status"] == "passed" and rng.random() < fail_share:
            test.update(status="failed", score=0.0, output="AssertionError: expected (2, 1), got (1, 2)")
        exercise = test["tags"][0]
        tests.append({"exercise": exercise, "points": result["extra_data"]["exercises"][exercise]["max"],
                      "outcome": test["status"]})
    result["extra_data"].update(student=student, path=str(path), exercises=scores(tests))
    result["score"] = round(sum(e["score"] for e in result["extra_data"]["exercises"].values()), 4)
    return result


def student_notebook(solution: dict, rng: random.Random) -> dict:
    """The solution with its exercise cells' names changed, as one student might write them."""
    notebook = copy.deepcopy(solution)
    suffix = "_" + "".join(rng.choice("abcdefgh") for _ in range(3))
    for cell in notebook["cells"]:
        if course_meta(cell).get("exercise"):
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            for word in ("result", "total", "cells", "board", "player", "value", "dice"):
                source = source.replace(f"{word} =", f"{word}{suffix} =")
            cell["source"] = source
    return notebook


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        references, per_submission = grade_references(folder)
        sheets = [s for s in worksheets(ROOT) if s.tests is not None]
        solutions = {s.id: json.loads(s.solution.read_text(encoding="utf-8")) for s in sheets}
        results = folder / "grades" / "results"
        results.mkdir(parents=True)
        count = 0
        for number in range(args.students):
            student = f"student{number:03d}"
            for sheet in sheets:
                kind = "stub" if rng.random() < 0.1 else "solution"
                path = folder / "hand-in" / student / sheet.solution.name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(student_notebook(solutions[sheet.id], rng)), encoding="utf-8")
                result = student_result(references[f"{kind}.{sheet.id}"], student, path, rng)
                (results / f"{student}.{sheet.id}.json").write_text(json.dumps(result), encoding="utf-8")
                count += 1
        parser = argparse.ArgumentParser()
        report.add_arguments(parser)
        started = time.perf_counter()
        code = report.run(parser.parse_args([str(folder / "grades"), "--root", str(ROOT)]))
        seconds = time.perf_counter() - started
        assert code == 0
        built = report.build(folder / "grades", root=ROOT)
    grading = per_submission * count
    print(f"course report: {args.students} students, {count} stored results: {seconds:.2f} s "
          f"(similarity included; {len(built.tables['similar'])} similar pairs, "
          f"{len(built.tables['clusters'])} clusters)")
    print(f"grading that class at the measured {per_submission:.2f} s per submission (2 jobs): "
          f"{grading:.0f} s; the report adds {100 * seconds / (grading + seconds):.1f} % of the whole")


if __name__ == "__main__":
    main()
