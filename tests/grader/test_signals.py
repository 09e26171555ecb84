"""SIGTERM and SIGHUP stop ``course grade`` as Ctrl-C does: within 5 seconds no process it
started is left, the results already written are kept, and no temporary folder remains."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil
import pytest

from conftest import ROOT
from support.commands import rows

SOLUTION = ROOT / "solutions" / "00_start_here.ipynb"
DICE = ROOT / "solutions" / "02_dice_421.ipynb"
STOP_SECONDS = 5.0


def hand_in(folder: Path, quick: int, slow: int, solution: Path = SOLUTION) -> Path:
    """``quick`` solution notebooks, then ``slow`` ones whose last cell sleeps 30 s."""
    notebook = json.loads(solution.read_text(encoding="utf-8"))
    hand = folder / "hand-in"
    hand.mkdir()
    for number in range(quick):
        (hand / f"a{number}.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    notebook["cells"].append({"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                              "source": "import time\ntime.sleep(30)"})
    for number in range(slow):
        (hand / f"b{number}.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    return hand


def started_by(temporary: Path) -> list[psutil.Process]:
    """The processes whose temporary folder is in ``temporary``: every process a grading run starts
    (grading processes, their zygotes, the notebooks' processes) has TMPDIR there."""
    found = []
    for process in psutil.process_iter():
        try:
            if process.environ().get("TMPDIR", "").startswith(str(temporary)):
                found.append(process)
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
    return found


def still_running(processes: list[psutil.Process], seconds: float) -> list[psutil.Process]:
    """The processes that have not ended within ``seconds``. A zombie has ended: it waits only
    for its parent to read its status, and an orphan's new parent may be an init that never does
    (a container's first process)."""
    deadline = time.monotonic() + seconds
    while True:
        alive = []
        for process in processes:
            with contextlib.suppress(psutil.NoSuchProcess):
                if process.is_running() and process.status() != psutil.STATUS_ZOMBIE:
                    alive.append(process)
        if not alive or time.monotonic() >= deadline:
            return alive
        time.sleep(0.05)


def results(out: Path) -> list[str]:
    return sorted(path.name for path in (out / "results").glob("*.json"))


def stop_mid_run(tmp_path: Path, number: int, quick: int, slow: int, *extra: str,
                 before: Callable[[], Any] = lambda: None, solution: Path = SOLUTION) -> dict:
    """Start ``course grade``, send ``number`` once ``quick`` results are written and the
    slow notebooks are being graded; what was left and how long it took."""
    hand = hand_in(tmp_path, quick, slow, solution)
    out = tmp_path / "out"
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    command = [sys.executable, "-m", "course.commands", "grade", str(hand), "--out", str(out),
               "--root", str(ROOT), "--submission-timeout", "300", "--call-timeout", "120", *extra]
    grader = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "TMPDIR": str(temporary)})
    try:
        me = psutil.Process(grader.pid)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and grader.poll() is None and len(results(out)) < quick:
            time.sleep(0.05)
        assert len(results(out)) == quick, "the quick notebooks were graded before the signal"
        time.sleep(1.5)  # the slow notebooks' cells are running
        descendants = me.children(recursive=True)
        seen = before()
        assert grader.poll() is None, (grader.communicate()[1], results(out))
        sent = time.monotonic()
        grader.send_signal(number)
        _, stderr = grader.communicate(timeout=30)
        alive = still_running(descendants, max(0.0, sent + STOP_SECONDS - time.monotonic()))
        leftover = still_running(started_by(temporary), 0.0)
        seconds = time.monotonic() - sent
    finally:
        if grader.poll() is None:
            grader.kill()
            grader.wait()
    for process in started_by(temporary):  # nothing should be here; never leave one behind
        process.kill()
    return {"code": grader.returncode, "stderr": stderr, "out": out, "temporary": temporary,
            "descendants": descendants, "seen": seen, "alive": alive, "leftover": leftover, "seconds": seconds}


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_stops_every_process_and_keeps_the_results(tmp_path: Path, number: int) -> None:
    stopped = stop_mid_run(tmp_path, number, 2, 2, "--jobs", "2")
    print(f"stopped in {stopped['seconds']:.2f} s")
    assert stopped["code"] == 128 + number, stopped["stderr"]
    assert "interrupted: every notebook graded so far is kept" in stopped["stderr"]
    assert len(stopped["descendants"]) >= 4, "grading processes and notebooks were running"
    assert stopped["alive"] == [] and stopped["leftover"] == [], "no process of the run is left"
    assert stopped["seconds"] < STOP_SECONDS
    assert results(stopped["out"]) == ["a0.start.json", "a1.start.json"]
    assert {row["student"]: row["total"] for row in rows(stopped["out"])} == {"a0": "1", "a1": "1"}
    assert list(stopped["temporary"].iterdir()) == [], "no temporary folder is left"


@pytest.fixture(scope="module")
def scheduler():
    """A real Dask cluster of two worker processes on 127.0.0.1 (the test's, not the grader's)."""
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0", silence_logs=40) as local:
        yield local


def notebooks_of(cluster) -> list[psutil.Process]:
    """The notebooks' processes running on the cluster's workers (children of their zygotes)."""
    found = []
    for worker in psutil.Process().children(recursive=True):
        try:
            if "course.grading.notebook.worker" in " ".join(worker.cmdline()):
                found += worker.children()
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
    return found


@pytest.mark.cluster
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_stops_a_cluster_run_and_frees_the_workers(tmp_path: Path, scheduler, number: int) -> None:
    import distributed

    stopped = stop_mid_run(tmp_path, number, 2, 1, "--scheduler", scheduler.scheduler_address,
                           before=lambda: notebooks_of(scheduler), solution=DICE)
    assert stopped["code"] == 128 + number, stopped["stderr"]
    assert stopped["alive"] == [] and stopped["leftover"] == [], "the grader left no process"
    assert stopped["seconds"] < STOP_SECONDS
    assert results(stopped["out"]) == ["a0.dice421.json", "a1.dice421.json"]
    assert list(stopped["temporary"].iterdir()) == [], "no temporary folder is left"
    assert stopped["seen"], "a notebook was running on a worker"
    assert still_running(stopped["seen"], STOP_SECONDS) == [], "the cancelled grading stopped on its worker"
    with distributed.Client(scheduler.scheduler_address, timeout=15) as client:  # the cluster is usable
        workers = list(client.scheduler_info()["workers"])
        answers = [client.submit(sum, [index, 1], workers=[worker], pure=False) for index, worker in
                   enumerate(workers)]
        assert [answer.result(timeout=10) for answer in answers] == [1, 2]
