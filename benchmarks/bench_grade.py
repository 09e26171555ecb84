"""How fast ``course grade`` grades a class, next to ``jupyter nbconvert --execute``.

    python benchmarks/bench_grade.py [--copies N] [--jobs J] [--seed S]

Two classes, each graded with ``course grade`` (every notebook in its confined process,
hidden tests included) and executed with ``jupyter nbconvert --to notebook --execute``
(J commands side by side, each executing its share), with the same parallelism J:

* the all-solution class: N copies of every worksheet's solution notebook;
* a realistic class, drawn with ``random.Random(S)``: for each of N students and each
  worksheet, the solution (40 %), the released stub (15 %), partial work (30 %: each
  exercise left as its stub with probability 1/2) or one mistake (15 %: one exercise
  left as its stub, which later exercises call).

Prints, for each class, the wall times, their ratio, and where ``course grade``'s time
went (summed over notebooks from each result's ``extra_data.timings``): pytest's start
and collection, running the notebook's cells (including forking its process), the hidden
tests (of which retries with the given code), the grading process's own share (reading
the task, writing results), the requests sent to notebooks' processes and the callbacks
they made (in all and per notebook), and per worksheet the mean time, hidden tests,
requests and callbacks of a notebook, and the machine's load average (it may be shared) and,
where /proc/stat says it, the CPU it spent during each command (steadier than wall time).
Numbers, not a pass/fail test. With ``--cascades`` it measures instead the points a seeded class loses to
cascades (a mistake costing again in later exercises), without and with them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from bench_one import gradings  # noqa: E402
from course.grading.instructor.discover import worksheets  # noqa: E402
from course.notebook import cell_source, course_meta, strip_solutions  # noqa: E402


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


def stubbed(solution: Path, exercises: set[str]) -> dict:
    """The solution notebook with the given exercises left as their stubs."""
    notebook = json.loads(solution.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        exercise = course_meta(cell).get("exercise")
        if exercise in exercises:
            cell["source"] = strip_solutions(cell_source(cell), exercise, exercise)
    return notebook


def make_realistic_class(folder: Path, students: int, seed: int) -> list[Path]:
    """A seeded mix of solutions, stubs, partial work and mistakes (see the module doc)."""
    rng = random.Random(seed)
    notebooks = []
    for number in range(students):
        for sheet in worksheets(ROOT):
            if sheet.tests is None:
                continue
            target = folder / f"student{number:03d}" / sheet.solution.name
            target.parent.mkdir(parents=True, exist_ok=True)
            kind = rng.choices(["solution", "stub", "partial", "mistake"], [40, 15, 30, 15])[0]
            exercises = list(sheet.exercises)
            if kind == "solution":
                shutil.copy2(sheet.solution, target)
            elif kind == "stub":
                shutil.copy2(ROOT / "notebooks" / sheet.solution.name, target)
            else:
                chosen = {e for e in exercises if rng.random() < 0.5} if kind == "partial" else \
                    {rng.choice(exercises[:-1] or exercises)}
                target.write_text(json.dumps(stubbed(sheet.solution, chosen)), encoding="utf-8")
            notebooks.append(target)
    return notebooks


def cascades(folder: Path, students: int, seed: int, jobs: int) -> None:
    """Points lost on exercises whose own code is right, without and with cascades.

    Each student hands in every worksheet with one exercise (not the last) left as its
    stub, drawn with ``random.Random(seed)``; what they lose elsewhere is a cascade.
    """
    rng = random.Random(seed)
    broken = {}
    for number in range(students):
        for sheet in worksheets(ROOT):
            if sheet.tests is None or len(sheet.exercises) < 2:
                continue
            exercise = rng.choice(list(sheet.exercises[:-1]))
            target = folder / "hand-in" / f"student{number:03d}" / sheet.solution.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(stubbed(sheet.solution, {exercise})), encoding="utf-8")
            broken[(f"student{number:03d}", sheet.id)] = exercise
    for name, options in (("without cascades (--no-cascade)", ["--no-cascade"]), ("with cascades (default)", [])):
        out = folder / name.split()[0]
        subprocess.run([sys.executable, "-m", "course.commands", "grade", str(folder / "hand-in"), "--out",
                        str(out), "--jobs", str(jobs), "--root", str(ROOT), *options],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        lost: dict[str, float] = {}
        hit = set()
        for path in (out / "results").glob("*.json"):
            extra = json.loads(path.read_text(encoding="utf-8"))["extra_data"]
            mine = broken[(extra["student"], extra["worksheet"])]
            points = sum(v["max"] - v["score"] for e, v in extra["exercises"].items() if e != mine)
            lost[extra["worksheet"]] = lost.get(extra["worksheet"], 0.0) + points
            if points > 1e-9:
                hit.add(extra["student"])
        print(f"{name}: {sum(lost.values()):.2f} points lost on exercises whose own code is right, "
              f"{len(hit)} of {students} students; by worksheet: "
              + ", ".join(f"{w} {p:.2f}" for w, p in sorted(lost.items())))


def machine_cpu() -> tuple[float, float] | None:
    """Seconds of CPU the machine has spent busy (all cores) and lost to its hypervisor
    (steal), from /proc/stat; None where there is none. A shared machine's wall times vary
    from run to run; its CPU seconds, much less."""
    try:
        fields = Path("/proc/stat").read_text(encoding="ascii").split("\n", 1)[0].split()[1:]
        user, nice, system, _idle, _iowait, irq, softirq, steal = (int(field) for field in fields[:8])
    except (OSError, ValueError):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq) / tick, steal / tick


def spent(before: tuple[float, float] | None) -> tuple[float, float] | None:
    """The machine's busy CPU seconds since ``before``, and its steal."""
    after = machine_cpu()
    return None if before is None or after is None else (after[0] - before[0], after[1] - before[1])


def cpu_column(cpu: tuple[float, float] | None) -> str:
    """What :func:`spent` measured, as a column of the table (nothing where it measured nothing)."""
    return "" if cpu is None else f"  CPU {cpu[0]:6.1f} s (steal {cpu[1]:.1f} s)"


def time_grading(hand_in: Path, out: Path, jobs: int) -> tuple[float, tuple[float, float] | None]:
    """Wall seconds of ``course grade`` on the whole class, and the machine's CPU meanwhile."""
    cpu = machine_cpu()
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "course.commands", "grade", str(hand_in), "--out", str(out),
         "--jobs", str(jobs), "--root", str(ROOT)],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - started, spent(cpu)


def time_nbconvert(notebooks: list[Path], out: Path, jobs: int) -> tuple[float, tuple[float, float] | None]:
    """Wall seconds of ``jupyter nbconvert --execute`` on the notebooks, ``jobs`` at a time,
    and the machine's CPU meanwhile."""
    jupyter = Path(sys.executable).with_name("jupyter")
    shares = [notebooks[index::jobs] for index in range(jobs)]
    cpu = machine_cpu()
    started = time.perf_counter()
    processes = [
        subprocess.Popen(
            [str(jupyter), "nbconvert", "--to", "notebook", "--execute", "--allow-errors",
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
    return seconds, spent(cpu)


def breakdown(out: Path) -> str:
    """Where grading's time went, summed over the notebooks' results, then per worksheet:
    notebooks, the mean seconds of a notebook (of it the hidden tests) and its requests."""
    sums: dict[str, float] = {}
    sheets: dict[str, list[float]] = {}
    count = collections = 0
    for grading in gradings(out):
        report = grading.report or {}
        timings = report.get("timings", {})
        seconds = grading.seconds
        for key, value in timings.items():
            sums[key] = sums.get(key, 0.0) + value
        sums["total"] = sums.get("total", 0.0) + seconds
        collections += timings.get("collect", 0.0) > 0
        count += 1
        module = str((report.get("notebooks") or [{}])[0].get("module", "?")).removeprefix("test_")
        sheet = sheets.setdefault(module, [0, 0.0, 0.0, 0.0, 0.0])
        for index, value in enumerate((1, seconds, timings.get("tests", 0.0), timings.get("requests", 0),
                                       timings.get("callbacks", 0))):
            sheet[index] += value
    total = sums.get("total", 0.0) or 1.0
    session = sums.get("session", 0.0)
    measured = sum(sums.get(k, 0.0) for k in ("collect", "notebook", "tests", "checks"))
    parts = [
        ("pytest start and collection", sums.get("collect", 0.0)),
        ("notebook cells (fork included)", sums.get("notebook", 0.0)),
        ("hidden tests", sums.get("tests", 0.0) - sums.get("cascade", 0.0)),
        ("retries with the given code", sums.get("cascade", 0.0)),
        ("rest of the pytest session", session - measured),
        ("grading process, results", total - session),
    ]
    lines = [f"    {name:32s} {seconds:7.1f} s  {100 * seconds / total:5.1f} %" for name, seconds in parts]
    overhead = sums.get("collect", 0.0) + (session - measured) + (total - session)
    lines.append(f"    {'overhead per notebook':32s} {overhead / (count or 1):7.2f} s  (start and collection, the rest"
                 f" of the session, the grading process; {collections} collections for {count} notebooks)")
    lines.append(f"    {'requests to notebooks':32s} {int(sums.get('requests', 0)):7d}"
                 f"  {sums.get('requests', 0) / (count or 1):7.0f} per notebook")
    lines.append(f"    {'callbacks from notebooks':32s} {int(sums.get('callbacks', 0)):7d}"
                 f"  {sums.get('callbacks', 0) / (count or 1):7.0f} per notebook")
    lines.append("  per worksheet (mean of a notebook): seconds, of it hidden tests, requests, callbacks")
    for module, (notebooks, seconds, tests, requests, callbacks) in sorted(sheets.items()):
        lines.append(f"    {module:14s} {int(notebooks):3d} notebooks {seconds / notebooks:6.2f} s {tests / notebooks:6.2f} s"
                     f" {requests / notebooks:7.0f} {callbacks / notebooks:7.0f}")
    return "\n".join(lines)


def measure(name: str, folder: Path, notebooks: list[Path], jobs: int) -> float:
    grading, grading_cpu = time_grading(folder / "hand-in", folder / "grades", jobs)
    executing, executing_cpu = time_nbconvert(notebooks, folder / "executed", jobs)
    count = len(notebooks)
    print(f"{name}: {count} submissions, {jobs} jobs, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f} (the last minute's, after measuring)")
    print(f"  course grade (run, isolate, hidden tests): {grading:7.1f} s  {60 * count / grading:7.1f} submissions/min"
          + cpu_column(grading_cpu))
    print(f"  nbconvert --execute (run only):             {executing:7.1f} s  {60 * count / executing:7.1f} submissions/min"
          + cpu_column(executing_cpu))
    print(f"  grading takes {grading / executing:.2f} of nbconvert's time ({executing / grading:.1f}x faster)"
          + (f", {grading_cpu[0] / executing_cpu[0]:.2f} of its CPU" if grading_cpu and executing_cpu else ""))
    print("  where grading's time went (summed over notebooks):")
    print(breakdown(folder / "grades"))
    return grading / executing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=4, help="students (copies of each worksheet)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel processes")
    parser.add_argument("--seed", type=int, default=19, help="seed of the realistic class")
    parser.add_argument("--only", choices=["solutions", "realistic"], help="measure one class only")
    parser.add_argument("--cascades", action="store_true",
                        help="measure points lost to cascades instead of speed (one stubbed exercise per worksheet)")
    args = parser.parse_args()
    if args.cascades:
        with tempfile.TemporaryDirectory(prefix="bench-cascades-") as temporary:
            cascades(Path(temporary), args.copies, args.seed, args.jobs)
        return
    ratios = {}
    with tempfile.TemporaryDirectory(prefix="bench-grade-") as temporary:
        if args.only != "realistic":
            folder = Path(temporary) / "solutions"
            notebooks = make_class(folder / "hand-in", args.copies)
            ratios["all-solution class"] = measure("all-solution class", folder, notebooks, args.jobs)
        if args.only != "solutions":
            folder = Path(temporary) / "realistic"
            notebooks = make_realistic_class(folder / "hand-in", args.copies, args.seed)
            ratios["realistic class"] = measure("realistic class", folder, notebooks, args.jobs)
    print("ratios (course grade / nbconvert --execute): "
          + ", ".join(f"{name} {ratio:.2f}" for name, ratio in ratios.items()) + f" (load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
