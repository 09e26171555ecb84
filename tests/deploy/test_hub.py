"""The course on a real JupyterHub, reached through an nbgitpuller link, in headless Chromium.

A JupyterHub (PyPI ``jupyterhub``, its proxy the npm package ``configurable-http-proxy``,
dummy login, local process spawner, a temporary database) runs on 127.0.0.1 with the
course package and nbgitpuller installed for the single-user servers, as a class's hub
would. The student bundle is released with ``course release --to DIR --git`` and pushed
to a local bare repository that stands in for the course's git host. A student opens the
link ``course link`` prints: logs in, gets the bundle, lands on notebook 00 in
JupyterLab, runs its check, which says "not implemented yet". Then a second release
(a fixed sentence, a new notebook) is pulled over the student's edited notebook: the
answer stays and the new file arrives.

Needs node, the proxy (the Makefile installs it under .venv/hub-proxy) and Debian's
chromium; skipped with the reason otherwise. Every process the test starts carries a
marker in its environment; none may be left when it ends. The last screenshot of each
page is kept in test-artifacts/hub/.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

from conftest import ROOT
from course.link import nbgitpuller_link
from course.release import commit_bundle, release
from support.lab_server import CHROMIUM, free_port, wait_for_kernel

BIN = Path(sys.executable).parent
PROXY = Path(os.environ.get("TABLETOP_HUB_PROXY", Path(sys.prefix) / "hub-proxy" / "node_modules" / ".bin"
                            / "configurable-http-proxy"))
ARTIFACTS = ROOT / "test-artifacts" / "hub"
TIMEOUT_MS = 90_000
STUDENT = "student"
REPO_NAME = "tabletop-class"
ANSWER = "return sum(dice)  # my answer"
STUB = 'raise NotImplementedError(\\"Exercise start.count_pips: write your code here.\\")'


def missing() -> str | None:
    """Why the hub test cannot run here, or None."""
    if shutil.which("node") is None:
        return "node is not installed (the hub's proxy runs on node)"
    if not PROXY.exists():
        return f"configurable-http-proxy is not installed at {PROXY} (`make test` installs it with npm)"
    if CHROMIUM is None:
        return "Debian's chromium is not installed (.ci/run installs it)"
    for module in ("jupyterhub", "nbgitpuller", "playwright"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[test,hub]')"
    if shutil.which("git") is None:
        return "git is not installed"
    return None


pytestmark = [pytest.mark.hub, pytest.mark.skipif(missing() is not None, reason=missing() or "")]


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True, timeout=60).stdout


def marked_processes(marker: str) -> dict[int, str]:
    """The processes whose environment holds ``marker``: pid and command line."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if marker.encode() in (entry / "environ").read_bytes():
                found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
    return found


def hub_config(folder: Path, port: int, marker: str) -> str:
    """A jupyterhub_config.py: loopback only, dummy login, local single-user servers."""
    settings = folder / "lab-settings"
    for name, value in {
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"checkForUpdates": False,
                                                                           "fetchNews": "false"},
    }.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(json.dumps(value), encoding="utf-8")
    environment = {"TABLETOP_HUB_TEST": marker, "JUPYTERLAB_SETTINGS_DIR": str(settings)}
    args = ["--allow-root"] if os.geteuid() == 0 else []
    return f"""
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {free_port()}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(folder / "home" / "{username}")!r}
c.Spawner.cmd = [{str(BIN / "jupyterhub-singleuser")!r}]
c.Spawner.args = {args!r}
c.Spawner.default_url = "/lab"
c.Spawner.environment = {environment!r}
c.Spawner.start_timeout = 90
c.Spawner.http_timeout = 90
c.LocalProcessSpawner.interrupt_timeout = 5
c.LocalProcessSpawner.term_timeout = 5
c.JupyterHub.db_url = "sqlite:///{folder / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(folder / 'jupyterhub_cookie_secret')!r}
c.JupyterHub.pid_file = {str(folder / 'jupyterhub.pid')!r}
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True
"""


class Hub:
    """A JupyterHub process on 127.0.0.1, started and not yet waited for."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.marker = f"tabletop-hub-test-{uuid.uuid4().hex}"
        port = free_port()
        self.url = f"http://127.0.0.1:{port}/"
        (folder / "jupyterhub_config.py").write_text(hub_config(folder, port, self.marker), encoding="utf-8")
        env = dict(os.environ, TABLETOP_HUB_TEST=self.marker, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
        self.log = open(folder / "jupyterhub.log", "wb")  # noqa: SIM115
        self.process = subprocess.Popen(
            [str(BIN / "jupyterhub"), "-f", str(folder / "jupyterhub_config.py")], cwd=folder, env=env,
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True,
        )

    def wait_ready(self, seconds: float = 90) -> None:
        """Wait until the hub answers through its proxy."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}hub/api/", timeout=5) as answer:
                    if answer.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                pytest.fail("JupyterHub did not start:\n" + self.tail())
            time.sleep(0.25)

    def tail(self) -> str:
        return (self.folder / "jupyterhub.log").read_text(errors="replace")[-4000:]

    def stop(self) -> dict[int, str]:
        """Stop the hub (it stops the single-user servers and its proxy); what was left, killed."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.log.close()
        left: dict[int, str] = {}
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            left = marked_processes(self.marker)
            if not left:
                break
            time.sleep(0.25)
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        return left


@pytest.fixture
def hub(tmp_path):
    """A JupyterHub starting on 127.0.0.1; stopped with everything it started, checked."""
    folder = tmp_path / "hub"
    folder.mkdir()
    started = Hub(folder)
    try:
        yield started
    finally:
        left = started.stop()
        assert not left, f"processes left running after the hub stopped: {left}"


def release_course(course_copy: Path, bundle: Path) -> None:
    """What `course release --to BUNDLE --git` does (tests/instructor/test_release.py runs the command)."""
    release(course_copy, bundle)
    commit_bundle(bundle, "Release")


def copy_course(target: Path) -> Path:
    """The parts of the course a release reads."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("solutions", "src", "binder"):
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, target / folder, ignore=ignore)
    for name in ("pyproject.toml", "constraints.txt", "environment.yml", "LICENSE", "README.md"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, target / name)
    return target


def open_course(page, link: str, kernel: bool = True) -> None:
    """Follow the nbgitpuller link until notebook 00 is open (and its kernel idle)."""
    page.goto(link)
    if "/hub/login" in page.url:
        page.fill("#username_input", STUDENT)
        page.fill("#password_input", "any password")
        page.click("#login_submit")
    page.wait_for_url(re.compile(rf"/user/{STUDENT}/lab/tree/{REPO_NAME}/notebooks/00_start_here\.ipynb"))
    page.locator(".jp-Notebook").first.wait_for()
    if kernel:
        wait_for_kernel(page)


def run_code_cells(page, indexes: list[int]) -> None:
    """Run some code cells of the open notebook, in order (not all: a demo cell raises on the stub)."""
    cells = page.locator(".jp-Notebook .jp-CodeCell")
    for index in indexes:
        cells.nth(index).locator(".jp-InputPrompt").click()
        page.keyboard.press("Shift+Enter")


def test_a_student_opens_the_course_through_an_nbgitpuller_link(hub, chromium, tmp_path, capsys):
    started = time.monotonic()
    lap = started

    def step(name: str) -> None:
        nonlocal lap
        now = time.monotonic()
        timings.append(f"{name} {now - lap:.1f} s")
        lap = now

    timings: list[str] = []
    course_copy = copy_course(tmp_path / "course")
    bundle = tmp_path / "bundle"
    remote = tmp_path / "git-host" / f"{REPO_NAME}.git"
    release_course(course_copy, bundle)
    git("clone", "-q", "--bare", str(bundle), str(remote), cwd=tmp_path)
    link = nbgitpuller_link(hub.url, remote.as_uri())  # what `course link` prints
    clone = hub.folder / "home" / STUDENT / REPO_NAME
    hub.wait_ready()
    step("release, hub start")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "failure.png").unlink(missing_ok=True)

    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        # first visit: log in, the bundle is cloned, notebook 00 opens; its check runs on the stub
        open_course(page, link)
        step("login, spawn, clone, open")
        assert (clone / "notebooks" / "00_start_here.ipynb").exists()
        run_code_cells(page, [0, 1, 3])  # imports, the exercise's stub, its check
        page.get_by_text(re.compile(r"count_pips\(\[4, 2, 1\]\): not implemented yet")).first.wait_for()
        step("check")
        page.screenshot(path=str(ARTIFACTS / "first_visit.png"))
        page.close()

        # the student writes an answer and saves it
        notebook = clone / "notebooks" / "00_start_here.ipynb"
        text = notebook.read_text(encoding="utf-8")
        assert STUB in text
        notebook.write_text(text.replace(STUB, ANSWER), encoding="utf-8")

        # a second release: a fixed sentence in notebook 00, a new notebook
        source = course_copy / "solutions" / "00_start_here.ipynb"
        solution = source.read_text(encoding="utf-8")
        assert "Welcome to **Tabletop Python**" in solution
        source.write_text(solution.replace("Welcome to **Tabletop Python**",
            "Welcome to **Tabletop Python, 2nd release**"),
                          encoding="utf-8")
        shutil.copy(source, course_copy / "solutions" / "06_bonus.ipynb")
        release_course(course_copy, bundle)
        git("push", "-q", str(remote), "main", cwd=bundle)
        step("second release")

        # second visit: the same link merges the release into the student's copy
        page = context.new_page()
        open_course(page, link, kernel=False)
        page.locator(".cm-line", has_text="# my answer").first.wait_for()
        page.locator(".jp-RenderedMarkdown", has_text="Tabletop Python, 2nd release").first.wait_for()
        step("merge, open")
        page.screenshot(path=str(ARTIFACTS / "second_visit.png"))
    except BaseException:
        if not page.is_closed():
            page.screenshot(path=str(ARTIFACTS / "failure.png"))
        raise
    finally:
        context.close()

    merged = (clone / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8")
    assert ANSWER in merged and STUB not in merged
    assert "Tabletop Python, 2nd release" in merged
    assert (clone / "notebooks" / "06_bonus.ipynb").exists()
    assert git("rev-parse", "origin/main", cwd=clone) == git("rev-parse", "main", cwd=bundle)
    with capsys.disabled():
        print(f"\n[hub] link to notebook 00, check, second release merged: {time.monotonic() - started:.1f} s "
              f"({', '.join(timings)})")
