"""How fast ``course grade`` grades one submission alone (what Gradescope does), next to
``jupyter nbconvert --execute`` on the same notebook.

    python benchmarks/bench_one.py [--repeat R]

For each worksheet with hidden tests, its solution notebook is graded alone (``course grade``
on a folder holding that one notebook, ``--jobs 1``, a fresh output folder: the grading
process, its pytest session, the notebook's process and the hidden tests all start from
nothing) and executed alone with ``jupyter nbconvert --to notebook --execute``. Prints the
wall seconds of each, their ratio, where the grading's time went (the result's
``timings``: pytest's start and collection, the notebook's cells, the hidden tests, the
rest of the session, and the time outside it), and the machine's load average at each
line, since the machine may be shared. With ``--repeat`` each figure is the best of R runs.
Numbers, not a pass/fail test.
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

from course.gradebook.store import Gradebook, Grading  # noqa: E402
from course.grading.instructor.discover import worksheets  # noqa: E402


def gradings(out: Path) -> list[Grading]:
    """The last grading of every file the gradebook of ``out`` keeps."""
    book = Gradebook(out)
    try:
        return [entry.grading for entry in book.files().values() if entry.grading is not None]
    finally:
        book.close()


def load() -> str:
    """The machine's load average over the last minute."""
    return f"load {os.getloadavg()[0]:.1f}"


def grade_alone(solution: Path, folder: Path) -> tuple[float, dict]:
    """Wall seconds of ``course grade`` on one notebook, and its grading's timings."""
    hand_in = folder / "hand-in" / "student"
    hand_in.mkdir(parents=True)
    shutil.copy2(solution, hand_in / solution.name)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "course.commands", "grade", str(folder / "hand-in"), "--out",
                    str(folder / "out"), "--jobs", "1", "--root", str(ROOT)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    timings: dict = {}
    for grading in gradings(folder / "out"):
        timings = dict((grading.report or {}).get("timings", {}), total=grading.seconds)
    return seconds, timings


def execute_alone(solution: Path, folder: Path) -> float:
    """Wall seconds of ``jupyter nbconvert --execute`` on one notebook."""
    jupyter = Path(sys.executable).with_name("jupyter")
    started = time.perf_counter()
    subprocess.run([str(jupyter), "nbconvert", "--to", "notebook", "--execute", "--allow-errors",
                    "--ExecutePreprocessor.store_widget_state=False", "--output-dir", str(folder / "executed"),
                    str(solution)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def split(timings: dict, wall: float) -> str:
    """Where one grading's time went, as ``timings`` splits it."""
    session = timings.get("session", 0.0)
    measured = sum(timings.get(k, 0.0) for k in ("collect", "notebook", "tests", "checks"))
    parts = [("collect", timings.get("collect", 0.0)), ("notebook", timings.get("notebook", 0.0)),
             ("tests", timings.get("tests", 0.0)), ("rest of session", session - measured),
             ("outside the session", wall - session)]
    return ", ".join(f"{name} {seconds:.2f} s" for name, seconds in parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs of each figure (the best is kept)")
    args = parser.parse_args()
    print(f"{'solution notebook':24s} {'course grade':>12s} {'nbconvert':>10s} {'ratio':>6s}")
    ratios = {}
    with tempfile.TemporaryDirectory(prefix="bench-one-") as temporary:
        for sheet in worksheets(ROOT):
            if sheet.tests is None:
                continue
            graded, executed, timings = float("inf"), float("inf"), {}
            for run in range(args.repeat):
                folder = Path(temporary) / f"{sheet.id}-{run}"
                seconds, found = grade_alone(sheet.solution, folder)
                if seconds < graded:
                    graded, timings = seconds, found
                executed = min(executed, execute_alone(sheet.solution, folder))
            ratios[sheet.id] = graded / executed
            print(f"{sheet.solution.stem:24s} {graded:10.1f} s {executed:8.1f} s {graded / executed:6.2f}  ({load()})")
            print(f"    {split(timings, graded)}")
    print("ratios (course grade / nbconvert --execute, one notebook alone): "
          + ", ".join(f"{name} {ratio:.2f}" for name, ratio in ratios.items()) + f" ({load()})")


if __name__ == "__main__":
    main()
