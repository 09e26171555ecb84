"""How fast ``course grade`` grades a class, next to ``jupyter nbconvert --execute``.

    python benchmarks/bench_grade.py [--copies N] [--jobs J]

Makes N student copies of every worksheet's solution notebook (the worksheets that have
hidden tests), then, in the same run and with the same parallelism J:

* grades them all with ``course grade`` (every notebook in its confined process, hidden
  tests included), wall time from the command's start to its end;
* executes the same notebooks with ``jupyter nbconvert --to notebook --execute``
  (J commands side by side, each executing its share), which only runs them.

Prints submissions per minute for both and their ratio. Numbers, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from exercises.course.grade import worksheets  # noqa: E402


def make_class(folder: Path, copies: int) -> list[Path]:
    """``copies`` students, each handing in every worksheet that has hidden tests."""
    notebooks = []
    for sheet in worksheets(ROOT):
        if sheet.tests is None:
            continue
        for number in range(copies):
            target = folder / f"student{number:03d}" / sheet.solution.name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(sheet.solution, target)
            notebooks.append(target)
    return notebooks


def time_grading(hand_in: Path, out: Path, jobs: int) -> float:
    """Wall seconds of ``course grade`` on the whole class."""
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "exercises.course.cli", "grade", str(hand_in), "--out", str(out),
         "--jobs", str(jobs), "--root", str(ROOT)],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def time_nbconvert(notebooks: list[Path], out: Path, jobs: int) -> float:
    """Wall seconds of ``jupyter nbconvert --execute`` on the notebooks, ``jobs`` at a time."""
    jupyter = Path(sys.executable).with_name("jupyter")
    shares = [notebooks[index::jobs] for index in range(jobs)]
    started = time.perf_counter()
    processes = [
        subprocess.Popen(
            [str(jupyter), "nbconvert", "--to", "notebook", "--execute",
             "--ExecutePreprocessor.store_widget_state=False", "--output-dir", str(out / str(index)),
             *[str(path) for path in share]],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        for index, share in enumerate(shares) if share
    ]
    codes = [process.wait() for process in processes]
    seconds = time.perf_counter() - started
    if any(codes):
        print(f"warning: nbconvert exited with {codes}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=4, help="students (copies of each worksheet)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel processes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-grade-") as temporary:
        folder = Path(temporary)
        notebooks = make_class(folder / "hand-in", args.copies)
        count = len(notebooks)
        print(f"{count} submissions ({args.copies} of each of {count // max(args.copies, 1)} worksheets), "
              f"{args.jobs} jobs, {os.cpu_count()} cores")
        grading = time_grading(folder / "hand-in", folder / "grades", args.jobs)
        executing = time_nbconvert(notebooks, folder / "executed", args.jobs)
    print(f"course grade (run, isolate, hidden tests): {grading:7.1f} s  {60 * count / grading:7.1f} submissions/min")
    print(f"nbconvert --execute (run only):             {executing:7.1f} s  {60 * count / executing:7.1f} submissions/min")
    print(f"grading takes {grading / executing:.2f} of nbconvert's time ({executing / grading:.1f}x faster)")


if __name__ == "__main__":
    main()
