"""``course grade`` locally and on a Dask cluster, in one run: what the cluster costs.

    python benchmarks/bench_cluster.py [--copies N]

Makes N students handing in every worksheet's solution, then grades the class
(``--force`` each time, into separate folders):

* locally with ``--jobs 1`` and ``--jobs 2``;
* on a ``LocalCluster`` on 127.0.0.1 of 1 worker, then of 2 workers, 1 thread each,
  twice: once on the new cluster (its workers import the grader and start their grading
  processes), once more on the warm cluster (as every batch after the first).

Prints submissions per minute for each and the cluster's overhead per submission
(1 worker against ``--jobs 1``: the same parallelism), as a share of a submission's
grading time. On one machine the cluster cannot be faster; the overhead is the figure.
Numbers, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from bench_grade import make_class  # noqa: E402


def timed(hand_in: Path, out: Path, *options: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "course.commands", "grade", str(hand_in), "--out", str(out),
                    "--force", "--root", str(ROOT), *options], check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    import distributed

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        count = len(make_class(folder / "hand-in", args.copies))
        times = {}
        for jobs in (1, 2):
            times[f"local --jobs {jobs}"] = timed(folder / "hand-in", folder / f"local{jobs}", "--jobs", str(jobs))
        for workers in (1, 2):
            with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                          host="127.0.0.1", dashboard_address=None, silence_logs=50) as cluster:
                for run in ("cold", "warm"):  # a new cluster's workers import and start their processes once
                    times[f"cluster, {workers} worker(s), {run}"] = timed(
                        folder / "hand-in", folder / f"cluster{workers}", "--scheduler", cluster.scheduler_address)
    for name, seconds in times.items():
        print(f"{name:28s} {count} submissions in {seconds:6.1f} s: {60 * count / seconds:6.1f} per minute")
    local = times["local --jobs 1"] / count
    for run in ("cold", "warm"):
        remote = times[f"cluster, 1 worker(s), {run}"] / count
        print(f"cluster overhead per submission ({run} cluster): {remote - local:+.2f} s, "
              f"{100 * (remote - local) / local:+.1f} % of a submission's grading time ({local:.2f} s)")


if __name__ == "__main__":
    main()
