"""A real JupyterLab in headless Chromium: open notebook 00, run it, click the widget.

Needs Debian's ``chromium`` (``.ci/run`` installs it) and Playwright's Python package,
which drives that browser through ``executable_path``. The screenshot of the last state
is kept in test-artifacts/browser/, on failure as well.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARTIFACTS = ROOT / "test-artifacts" / "browser"
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
TIMEOUT_MS = 60_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run installs it)"),
]


def free_port() -> int:
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


@pytest.fixture
def lab(tmp_path):
    """A JupyterLab server on 127.0.0.1 serving a copy of notebook 00; yields its URL."""
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(ROOT / "solutions" / "00_start_here.ipynb", work / "00_start_here.ipynb")
    write_settings(tmp_path / "settings")
    port, token = free_port(), "tabletop-test-token"
    env = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
    )
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1",
        f"--port={port}", f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={work}", "--ServerApp.port_retries=0",
    ]
    if os.geteuid() == 0:
        command.append("--allow-root")
    log = open(tmp_path / "lab.log", "wb")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail("JupyterLab did not start:\n" + (tmp_path / "lab.log").read_text(errors="replace")[-3000:])
            time.sleep(0.2)
        yield f"{url}/lab/tree/00_start_here.ipynb?token={token}"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()


def test_run_notebook_00_and_click_the_dice_roller(lab):
    sync_api = pytest.importorskip("playwright.sync_api")
    rng = random.Random(421)
    dice = [rng.randint(1, 6) for _ in range(3)]
    expected = f"Dice {dice}: total = {sum(dice)}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(TIMEOUT_MS)
        try:
            page.goto(lab)
            page.locator(".jp-Notebook").first.wait_for()
            page.get_by_text(re.compile(r"\| Idle$")).first.wait_for()

            page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
            page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()

            page.get_by_text("All 4 examples pass.").first.wait_for()
            roll = page.locator(".widget-button", has_text="Roll")
            roll.wait_for()
            page.get_by_text("Click Roll to throw three dice.").wait_for()
            roll.click()
            page.get_by_text(expected).wait_for()
            roll.scroll_into_view_if_needed()
        finally:
            page.screenshot(path=str(ARTIFACTS / "00_start_here.png"))
            browser.close()
