"""Grading on a Dask cluster: ``course grade SUBMISSIONS --out DIR --scheduler ADDRESS``.

Each submission is one task of a Dask (``distributed``) cluster. The instructor's machine
keeps the bookkeeping of a local run: it skips what is already graded (same SHA-256),
writes each results.json, the feedback and grades.csv as results arrive, and keeps all of
it on Ctrl-C.

What travels with the run: the hidden tests, the solution notebooks and the pytest
configuration are packed once into a deterministic tar archive, checksummed, and sent to
every worker once (:func:`course.grading.wire.pack`). A worker unpacks it once into its temporary
folder, under the archive's checksum (:func:`course.grading.wire.unpack`), and grades there: it needs the course
package installed (``pip install 'tabletop-python[cluster]'``), never the instructor's
folders. Each submission is graded by the same code as locally (a grading process that
runs the hidden tests, the notebook in the same sandbox), so a worker refuses to grade
unconfined unless told to, as local grading does (``TABLETOP_GRADE_UNCONFINED=1`` on the
instructor's machine is passed on).

Faults: a worker that dies mid-task loses nothing, since the scheduler gives its tasks
to other workers. A submission that kills every worker it meets is given up after the
scheduler's ``distributed.scheduler.allowed-failures`` deaths (3 by default) and gets a
row with that reason; the batch completes. No more notebooks are sent than the workers
have threads: a death counts against every task assigned to the worker, and a notebook
that only waited there must not share it. A scheduler that cannot be reached stops the
run with one sentence.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import socket
import tempfile
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import wire
from ..grader.spawn import UNCONFINED

if TYPE_CHECKING:  # distributed comes with the cluster extra; the grading process only on a worker
    from distributed import Client

    from ..grader.process import GradingProcess

CONNECT_SECONDS = 15.0


# ----------------------------------------------------------------------------- on a worker


def _same(value: Any) -> Any:
    return value


_idle: list[GradingProcess] = []  #: this worker's grading processes not grading now (started once, reused)
_idle_lock = threading.Lock()
_busy: dict[str, Any] = {}  #: the task's key -> the grading process grading it now


def _task_key() -> str:
    """The key of the Dask task this thread runs ("" outside one)."""
    try:
        from distributed import get_worker

        return str(get_worker().get_current_task() or "")
    except (ImportError, ValueError, AttributeError):
        return ""


def stop_tasks(keys: list[str]) -> int:
    """On a worker: kill the grading processes of these (cancelled) tasks; how many there were.

    Dask cannot stop a running task's thread: without this, a cancelled grading would go
    on in its notebook's long cell until its time limit. The task then ends at once (its
    grading process gone) and the worker is free; its next task starts a new process.
    """
    import signal

    with _idle_lock:
        processes = [_busy[key] for key in keys if key in _busy]
    for grading in processes:
        running = grading.process
        if running is not None and running.poll() is None:
            with contextlib.suppress(OSError):
                os.killpg(running.pid, signal.SIGKILL)
    return len(processes)


def _grading_process(unconfined: bool) -> GradingProcess:
    """A grading process of this worker that no other task is using, allowed to grade
    unconfined exactly when ``unconfined`` (a run's choice: not the next run's)."""
    from ..grader.process import GradingProcess

    with _idle_lock:
        for process in _idle:
            if process.unconfined is unconfined:
                _idle.remove(process)
                return process
    return GradingProcess(Path(tempfile.mkdtemp(prefix="course-grade-worker-")), unconfined=unconfined)


def grade_remote(bundle: bytes, digest: str, module: str, name: str, notebook: bytes,
                 options: wire.GradingOptions, seconds: float, unconfined: bool = False) -> dict[str, Any]:
    """Grade one notebook on this worker; the hidden tests' report (as JSON, or None) and the time."""
    root = wire.unpack(bundle, digest)
    process = _grading_process(unconfined)
    key = _task_key()
    with _idle_lock:
        _busy[key] = process
    with tempfile.TemporaryDirectory(dir=process.scratch) as work:
        path = Path(work) / name
        path.write_bytes(notebook)
        report = Path(work) / "report.json"
        started = time.monotonic()
        answer = process.grade(wire.GradingTask(root, root / "tests" / "grading" / module, path, report, options),
                               seconds)
        elapsed = time.monotonic() - started
        data = wire.read_report(report)
    with _idle_lock:
        _busy.pop(key, None)
        _idle.append(process)
    return {"answered": answer is not None, "report": data.to_json() if data else None, "seconds": elapsed}


# ----------------------------------------------------------------------------- on the instructor's machine


class SchedulerUnreachable(Exception):
    """The scheduler did not answer (said in one sentence)."""


def connect(address: str) -> Client:
    """A Dask client of the scheduler at ``address``.

    A ``tcp://host:port`` address is tried with one plain connection first: a refused one
    (no scheduler there) is said at once, where distributed would retry for
    :data:`CONNECT_SECONDS`.
    """
    from distributed import Client

    try:
        if address.startswith("tcp://"):
            host, _, port = address.removeprefix("tcp://").rpartition(":")
            with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS):
                pass
        return Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise SchedulerUnreachable(
            f"cannot reach the Dask scheduler at {address} ({type(error).__name__}"
            f"{': ' + str(error).splitlines()[0] if str(error) else ''}); start one with "
            "`dask scheduler` and give its address, e.g. tcp://10.0.0.5:8786"
        ) from error


def grade_on_cluster(client: Client, root: Path, tasks: list[Any], message: Callable[[Any], wire.GradingOptions],
                     done: Callable[[Any, wire.GradingReport | None, float, str], None], seconds: float = 600,
                     function: Callable[..., dict[str, Any]] = grade_remote) -> None:
    """Send every task to the cluster; call ``done(task, report, seconds, failure)`` as each ends.

    ``message(task)`` gives the grading options of a task (as for a local grading
    process); ``seconds`` bounds one notebook's grading. On KeyboardInterrupt (Ctrl-C,
    SIGTERM, SIGHUP) the tasks not yet finished are cancelled, the grading processes of
    those already running are killed on their workers (:func:`stop_tasks`), and the
    interrupt goes on.
    """
    from distributed import as_completed

    bundle, digest = wire.pack(root)
    # A task, not scattered data: if every worker holding it dies, the scheduler makes it again.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "large object in task graph": sent once, on purpose
        shared = client.submit(_same, bundle, key=f"tabletop-bundle-{digest}", pure=False)
    unconfined = os.environ.get(UNCONFINED) == "1"
    waiting = iter(tasks)
    futures: dict[Any, Any] = {}
    running = as_completed(loop=client.loop)

    def send() -> None:  # as many as the threads of the workers there are now, at least one
        for task in itertools.islice(waiting, max(0, max(1, threads_of(client)) - running.count())):
            future = client.submit(
                function, shared, digest, task.worksheet.tests.name, task.path.name, task.path.read_bytes(),
                message(task), seconds, unconfined, key=f"grade-{task.fid}-{task.digest[:12]}", pure=False,
            )
            futures[future] = task
            running.add(future)

    # No more notebooks on the cluster than it has threads: the scheduler counts a worker's
    # death against every task assigned to it, so a notebook that only waited on a worker that
    # another one killed would share its deaths and could be given up with it.
    send()
    try:
        for future in running:
            task = futures[future]
            send()
            try:
                answer = future.result()
            except Exception as error:  # noqa: BLE001 - a worker's death, or an error on it
                done(task, None, 0.0, _failure(error))
                continue
            report = wire.GradingReport.from_json(answer["report"]) if answer["report"] is not None else None
            failure = ""
            if not answer["answered"]:
                failure = f"grading stopped after {seconds:g} s or its process ended"
            elif report is None:
                failure = "the hidden tests could not run on this notebook"
            done(task, report, answer["seconds"], failure)
    except KeyboardInterrupt:
        client.cancel(list(futures))
        stop_running(client, [str(future.key) for future in futures])  # the keys given above
        raise


def threads_of(client: Client) -> int:
    """The threads of the cluster's workers now."""
    return sum(int(count) for count in client.nthreads().values())


def stop_running(client: Client, keys: list[str], seconds: float = 3.0) -> None:
    """Ask every worker to kill the grading processes of these cancelled tasks (bounded wait)."""

    def ask() -> None:
        # a worker gone or unreachable: nothing left to stop there
        with contextlib.suppress(Exception):
            client.run(stop_tasks, keys)

    asking = threading.Thread(target=ask, daemon=True)
    asking.start()
    asking.join(seconds)


def _failure(error: BaseException) -> str:
    if type(error).__name__ == "KilledWorker":
        return ("every cluster worker that graded this notebook died (it was given up after the "
                "scheduler's allowed failures)")
    return f"the cluster could not grade this notebook ({type(error).__name__}: {str(error)[:200]})"
