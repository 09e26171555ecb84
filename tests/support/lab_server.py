"""A real JupyterLab on 127.0.0.1 for the tests, and headless Chromium to drive it.

``running_lab(root, scratch)`` starts a JupyterLab server serving ``root`` (its own
settings, workspaces and runtime under ``scratch``), waits until it answers, and stops
it, with every kernel it started, when the ``with`` block ends. The browser tests share
one server (the ``lab`` fixture of conftest.py); the Binder test starts one from the
environment it built. Chromium is Debian's (``.ci/run`` installs it), driven by
Playwright's Python package through ``executable_path``.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
#: The bound of every wait in the page (milliseconds).
TIMEOUT_MS = 60_000
#: A student's screen: JupyterLab 1280 px wide with its side bar open.
VIEWPORT = {"width": 1280, "height": 900}
TOKEN = "tabletop-test-token"


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def write_settings(folder: Path) -> None:
    """JupyterLab user settings: render every cell, no update checks or news."""
    settings = {
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
            "checkForUpdates": False,
            "fetchNews": "false",
        },
    }
    for name, value in settings.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")


@dataclass(frozen=True)
class Lab:
    """A running JupyterLab: its address, token and the folder it serves."""

    url: str
    token: str
    root: Path

    def notebook_url(self, path: str) -> str:
        """The address that opens the notebook ``path`` (relative to ``root``)."""
        return f"{self.url}/lab/tree/{path}?token={self.token}"


def wait_until_answering(url: str, process: subprocess.Popen, seconds: float = 90) -> bytes:
    """The body of ``url`` once it answers 200; AssertionError if the server died or time ran out."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                if answer.status == 200:
                    return answer.read()
        except (urllib.error.URLError, OSError):
            pass
        assert process.poll() is None, "JupyterLab exited before it answered"
        assert time.monotonic() < deadline, f"JupyterLab did not answer {url} within {seconds} s"
        time.sleep(0.3)


def stop(process: subprocess.Popen) -> None:
    """Stop a server started in its own session, and everything it started."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@contextlib.contextmanager
def running_lab(root: Path, scratch: Path, jupyter: list[str] | None = None,
                env: dict[str, str] | None = None) -> Iterator[Lab]:
    """A JupyterLab serving ``root`` on 127.0.0.1, stopped when the block ends.

    ``jupyter`` is the command that starts it (this Python's ``jupyterlab`` by default);
    its log is ``scratch/lab.log``.
    """
    scratch.mkdir(parents=True, exist_ok=True)
    write_settings(scratch / "settings")
    port = free_port()
    env = dict(os.environ if env is None else env)
    env.update(
        JUPYTERLAB_SETTINGS_DIR=str(scratch / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(scratch / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(scratch / "runtime"),
        JUPYTER_CONFIG_DIR=str(scratch / "config"),
    )
    command = [*(jupyter or [sys.executable, "-m", "jupyterlab"]), "--no-browser", "--ip=127.0.0.1",
               f"--port={port}", f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}",
               "--ServerApp.port_retries=0"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    with open(scratch / "lab.log", "wb") as log:
        server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            url = f"http://127.0.0.1:{port}"
            try:
                wait_until_answering(f"{url}/api/status?token={TOKEN}", server)
            except AssertionError as error:
                raise AssertionError(f"{error}\n" + (scratch / "lab.log").read_text(errors="replace")[-3000:]) from None
            yield Lab(url, TOKEN, root)
        finally:
            stop(server)


def open_notebook(page, lab: Lab, path: str) -> None:
    """Open a notebook as the page's only tab and wait until its kernel is idle.

    ``reset``: the shared server's workspace forgets the notebooks that earlier tests
    opened, which would come back as hidden tabs.
    """
    page.goto(lab.notebook_url(path) + "&reset")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for()
    wait_for_kernel(page)


#: True when notebook panel number ``index`` (the last one shown when null) has its own
#: kernel, connected and idle. The status bar is no proof: just after a notebook opens it
#: still shows the previous panel's "| Idle", and a panel says "idle" before it has a
#: kernel ("No Kernel"); a cell run then asks for a kernel and the run is lost.
KERNEL_READY = """index => {
    const panels = [...document.querySelectorAll('.jp-NotebookPanel')];
    const panel = index === null ? panels.filter(p => !p.classList.contains('lm-mod-hidden')).pop()
                                 : panels[index];
    if (!panel) return false;
    const status = panel.querySelector('.jp-Notebook-ExecutionIndicator');
    const name = (panel.querySelector('.jp-Toolbar-kernelName')?.textContent ?? '').trim();
    return status?.dataset.status === 'idle' && name !== '' && !/^(No Kernel|Aucun noyau)$/.test(name);
}"""


def wait_for_kernel(page, index: int | None = None) -> None:
    """Wait (bounded by the page's timeout) until notebook panel ``index`` (the one shown
    when None) has an idle kernel of its own."""
    page.wait_for_function(KERNEL_READY, arg=index)


def stop_kernels(lab: Lab) -> None:
    """Shut down every kernel the server runs: the next test gets the CPU."""
    with urllib.request.urlopen(f"{lab.url}/api/kernels?token={lab.token}", timeout=10) as answer:
        kernels = json.load(answer)
    for kernel in kernels:
        request = urllib.request.Request(f"{lab.url}/api/kernels/{kernel['id']}?token={lab.token}", method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()


def run_all_cells(page) -> None:
    """Run > Run All Cells, as a student would from the menu."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
