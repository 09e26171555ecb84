"""``course grade --scheduler``: the same grades on a real Dask cluster, nothing lost to faults.

A ``LocalCluster`` of worker processes on 127.0.0.1 (started and closed by the fixture)
grades a small class that local grading also grades; the two outputs must be the same.

The clusters here keep a worker whose process died: distributed's ``LocalCluster`` closes
the nanny of a worker that has been gone from the scheduler for
``distributed.deploy.lost-worker-timeout`` (15 s), and it checks that with a timer set at
each death that looks for the worker by name. A worker that dies again while that timer
of an earlier death runs out (a poisoned notebook kills its workers over and over) is then
closed for good although its nanny is bringing it back, and the cluster goes on with one
worker less. The tests set the timeout beyond their own length (:data:`KEEP_WORKERS`).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")

import dask  # noqa: E402

from conftest import ROOT  # noqa: E402
from course.grading import wire  # noqa: E402
from course.grading.instructor import cluster, discover  # noqa: E402
from support.commands import course  # noqa: E402

pytestmark = pytest.mark.cluster

#: a nanny keeps bringing its worker back as long as the cluster lives (see the module's docstring)
KEEP_WORKERS = {"distributed.deploy.lost-worker-timeout": "1h"}

ESCAPE = '''
import glob, tempfile
def escaped():
    for path in glob.glob(tempfile.gettempdir() + "/tabletop-grading/*/tests/grading/test_start.py"):
        try:
            open(path).read()
            return True
        except OSError:
            pass
    return False

def count_pips(dice):
    return sum(dice) if escaped() else None
'''


def notebook(source: str) -> str:
    data = json.loads((ROOT / "solutions" / "00_start_here.ipynb").read_text(encoding="utf-8"))
    for cell in data["cells"]:
        if cell.get("metadata", {}).get("course", {}).get("exercise") == "start.count_pips":
            cell["source"] = source
    return json.dumps(data)


def make_class(folder: Path) -> Path:
    """Three students: every kind of result of both worksheets, 00 and 02 (7 files).

    student0 hands in the stubs, student1 the solution of 02 and a mistake in 00, student2
    the solutions and a file that is not a notebook: solutions, stubs, a mistake and a
    refused file, each graded once (copies of them would prove nothing more).
    """
    hand_in = folder / "hand-in"
    for number in range(3):
        student = hand_in / f"student{number}"
        student.mkdir(parents=True)
        source = "solutions" if number else "notebooks"
        for stem in ("00_start_here", "02_dice_421"):
            (student / f"{stem}.ipynb").write_bytes((ROOT / source / f"{stem}.ipynb").read_bytes())
    (hand_in / "student1" / "00_start_here.ipynb").write_text(
        notebook("def count_pips(dice):\n    return max(dice)\n"), encoding="utf-8")
    (hand_in / "student2" / "notes.txt").write_text("not a notebook", encoding="utf-8")
    return hand_in


@pytest.fixture(scope="module")
def scheduler():
    """A real Dask cluster of two worker processes on 127.0.0.1; its address."""
    with dask.config.set(KEEP_WORKERS), distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0",
            silence_logs=40) as local:
        yield local.scheduler_address


def outputs(out: Path) -> dict[str, str]:
    """grades.csv and every feedback file, as text."""
    files = {"grades.csv": (out / "grades.csv").read_text(encoding="utf-8")}
    for path in sorted((out / "feedback").glob("*.md")):
        files[path.name] = path.read_text(encoding="utf-8")
    return files


def test_a_cluster_gives_the_same_grades_and_feedback(scheduler: str, tmp_path: Path) -> None:
    hand_in = make_class(tmp_path)
    local = course("grade", str(hand_in), "--out", str(tmp_path / "local"), "--jobs", "2", "--root", str(ROOT))
    assert local.returncode == 0, local.stderr
    remote = course("grade", str(hand_in), "--out", str(tmp_path / "cluster"), "--scheduler", scheduler,
                    "--root", str(ROOT))
    assert remote.returncode == 0, remote.stderr
    assert outputs(tmp_path / "cluster") == outputs(tmp_path / "local")
    again = course("grade", str(hand_in), "--out", str(tmp_path / "cluster"), "--scheduler", scheduler,
                   "--root", str(ROOT))
    assert again.returncode == 0 and "7 of 7 already graded" in again.stderr


def test_a_worker_killed_mid_run_loses_nothing(scheduler: str, tmp_path: Path) -> None:
    hand_in = make_class(tmp_path)
    out = tmp_path / "out"
    with distributed.Client(scheduler, timeout=15) as client:
        pids = client.run(os.getpid)  # each worker's address -> its process
        run = subprocess.Popen(
            [sys.executable, "-m", "course.commands", "grade", str(hand_in), "--out", str(out),
             "--scheduler", scheduler, "--root", str(ROOT)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        try:
            # mid-run: a first result is written, and a worker is grading a notebook now
            deadline = time.monotonic() + 120
            grading: list[str] = []
            while not grading and run.poll() is None and time.monotonic() < deadline:
                if list((out / "results").glob("*.json")):
                    grading = [worker for worker, keys in client.processing().items()
                               if any(str(key).startswith("grade-") for key in keys)]
                time.sleep(0.05)
            assert grading, "no worker was grading a notebook while the run went on"
            os.kill(pids[grading[0]], signal.SIGKILL)
            _, errors = run.communicate(timeout=600)
        finally:
            run.kill()
            run.wait()
        assert run.returncode == 0, errors
        client.wait_for_workers(2, timeout=180)  # the nanny restarted it (slowly on a busy machine)
    results = [json.loads(p.read_text()) for p in (out / "results").glob("*.json")]
    assert len(results) == 7
    graded = [r for r in results if r["extra_data"]["status"] == "graded"]
    assert len(graded) == 6, [r["extra_data"]["reason"] for r in results if r not in graded]


def test_a_submission_that_kills_every_worker_is_reported_and_the_batch_completes(tmp_path: Path) -> None:
    hand_in = make_class(tmp_path)  # the third of six notebooks kills its worker: some before it, some after
    (hand_in / "student1" / "00_start_here.ipynb").write_text(notebook("# POISON\n" +
        "def count_pips(d):\n    return sum(d)\n"))
    root = ROOT

    def poisoned(bundle, digest, module, name, data, *rest):
        if b"POISON" in data:
            os._exit(1)  # the worker process dies, as on a crash or out of memory
        return cluster.grade_remote(bundle, digest, module, name, data, *rest)

    sheets = discover.worksheets(root)
    tasks = [discover.prepare(path, folder, sheets) for path, folder in discover.expand([str(hand_in)])]
    tasks = [t for t in tasks if not t.reason]
    ended: dict[str, str] = {}
    # a cluster of its own: the workers it kills restart at their own pace, and no other test waits for them
    with dask.config.set(KEEP_WORKERS):
        local = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                         dashboard_address="127.0.0.1:0", silence_logs=40)
        try:
            with distributed.Client(local, timeout=15) as client:
                started = time.monotonic()
                cluster.grade_on_cluster(
                    client, root, tasks, lambda task: wire.GradingOptions(call_seconds=10, memory_mb=1024),
                    lambda task, data, seconds, failure: ended.__setitem__(
                        f"{task.student}.{task.worksheet.id}", failure or str(data is not None)),
                    function=poisoned,
                )
                assert time.monotonic() - started < 300
                # a nanny still restarting its worker when the cluster closes fails in distributed's
                # own close ("can only join a started process"): let both workers come back first,
                # for as long as a loaded machine may need (KEEP_WORKERS: no nanny is closed meanwhile)
                with contextlib.suppress(TimeoutError):
                    client.wait_for_workers(2, timeout=180)
        finally:
            with contextlib.suppress(AssertionError):  # that close, when a worker did not come back
                local.close()
    assert len(ended) == 6
    assert "died" in ended["student1.start"]
    assert all(value == "True" for key, value in ended.items() if key != "student1.start"), ended


def test_the_hidden_tests_stay_unreadable_on_a_worker(scheduler: str, tmp_path: Path) -> None:
    hand_in = tmp_path / "hand-in" / "mallory"
    hand_in.mkdir(parents=True)
    (hand_in / "00_start_here.ipynb").write_text(notebook(ESCAPE), encoding="utf-8")
    run = course("grade", str(hand_in.parent), "--out", str(tmp_path / "out"), "--scheduler", scheduler,
                 "--root", str(ROOT))
    assert run.returncode == 0, run.stderr
    _, digest = wire.pack(ROOT)
    import tempfile

    assert (Path(tempfile.gettempdir()) / "tabletop-grading" / digest / "tests" / "grading" / "test_start.py").exists()
    result = json.loads((tmp_path / "out" / "results" / "mallory.start.json").read_text())
    if not result["extra_data"]["confinement"].get("landlock_abi"):
        pytest.skip("this kernel has no Landlock (see docs/GRADING.md)")
    assert result["score"] == 0, "the notebook read the hidden tests on the worker"


def test_grading_unconfined_is_one_runs_choice_on_a_worker(tmp_path: Path, monkeypatch) -> None:
    """A run that lets a worker grade unconfined (where a notebook's process cannot be kept
    from starting others) lets it for its own tasks: the worker's environment is left as it
    was, and its grading processes of that run are never lent to a run that did not."""
    from course.grading.grader.process import GradingProcess
    from course.grading.grader.spawn import UNCONFINED

    monkeypatch.delenv(UNCONFINED, raising=False)
    monkeypatch.setattr(cluster, "_idle", [])
    monkeypatch.setattr(wire, "unpack", lambda bundle, digest: tmp_path)
    monkeypatch.setattr(wire, "read_report", lambda path: None)
    started: list[tuple[GradingProcess, dict[str, str]]] = []
    monkeypatch.setattr(GradingProcess, "grade", lambda self, task, seconds: started.append(
        (self, self._environment())))
    options = wire.GradingOptions(call_seconds=10.0, memory_mb=1024)
    try:
        for unconfined in (True, False, True):
            cluster.grade_remote(b"", "digest", "test_start.py", "a.ipynb", b"{}", options, 5.0, unconfined)
            assert UNCONFINED not in os.environ
    finally:
        for process in {process for process, _ in started}:
            shutil.rmtree(process.scratch, ignore_errors=True)
    (allowed, allowed_env), (refused, refused_env), (again, _) = started
    assert allowed_env[UNCONFINED] == "1" and UNCONFINED not in refused_env
    assert refused is not allowed and again is allowed  # each run's own processes, reused within it


def test_an_unreachable_scheduler_is_one_sentence_and_writes_nothing(tmp_path: Path) -> None:
    hand_in = make_class(tmp_path)
    run = course("grade", str(hand_in), "--out", str(tmp_path / "out"), "--scheduler", "tcp://127.0.0.1:9",
                 "--root", str(ROOT), timeout=120)
    assert run.returncode == 2
    assert run.stderr.startswith("course grade: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert not (tmp_path / "out").exists()


def test_the_bundle_is_the_same_for_the_same_files_and_checked(tmp_path: Path, monkeypatch) -> None:
    import tempfile

    first, digest = wire.pack(ROOT)
    assert wire.pack(ROOT) == (first, digest)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with pytest.raises(ValueError, match="checksum"):
        wire.unpack(first[:-1] + bytes([first[-1] ^ 1]), digest)
    assert not (tmp_path / "tabletop-grading" / digest).exists()
    folder = wire.unpack(first, digest)
    assert (folder / "tests" / "grading" / "test_start.py").read_bytes() == \
        (ROOT / "tests" / "grading" / "test_start.py").read_bytes()


def test_without_a_scheduler_dask_is_not_imported(tmp_path: Path) -> None:
    hand_in = tmp_path / "hand-in" / "ada"
    hand_in.mkdir(parents=True)
    (hand_in / "00_start_here.ipynb").write_bytes((ROOT / "solutions" / "00_start_here.ipynb").read_bytes())
    code = ("import sys; from course.commands.main import main; "
            f"main(['grade', {str(hand_in.parent)!r}, '--out', {str(tmp_path / 'out')!r}, '--root', {str(ROOT)!r}]); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('distributed', 'dask')))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "[]"
