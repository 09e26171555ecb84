"""Shared fixtures of the course's own tests."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# The hidden tests' `sub` fixture and `exercise` marker (`course grade` passes -p course.grading.grader.plugin).
pytest_plugins = ["course.grading.grader.plugin"]

# Notebooks kept under tests/ are test data (attacks, broken sources), not stored outputs.
collect_ignore_glob = ["*.ipynb"]


def solution_paths() -> list[Path]:
    """Every solution notebook of the course, in order."""
    return sorted((ROOT / "solutions").glob("*.ipynb"))


def load(path: Path) -> dict:
    """A notebook file as a dict."""
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def english_afterwards():
    """Every test leaves the package speaking English, whatever language it set."""
    yield
    from exercises import i18n

    i18n.set_language("en")


@pytest.fixture
def root() -> Path:
    """The course checkout."""
    return ROOT


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """One JupyterLab for the browser tests of a process: it serves copies of the solution
    notebooks (``solutions/``) and of the released student notebooks (``notebooks/``)."""
    from support.lab_server import running_lab

    work = tmp_path_factory.mktemp("lab")
    for folder in ("solutions", "notebooks"):
        (work / "root" / folder).mkdir(parents=True)
        for notebook in sorted((ROOT / folder).glob("*.ipynb")):
            shutil.copy(notebook, work / "root" / folder / notebook.name)
    with running_lab(work / "root", work / "scratch") as server:
        yield server


@pytest.fixture(scope="session")
def chromium():
    """Headless Debian Chromium driven by Playwright (skips when either is missing)."""
    from support.lab_server import CHROMIUM, CHROMIUM_FLAGS

    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed (.ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(chromium):
    """A fresh browser page of a student's size (1280 px wide), every wait bounded."""
    from playwright.sync_api import expect

    from support.lab_server import TIMEOUT_MS, VIEWPORT

    context = chromium.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)  # expect() waits as long as the page's steps, not 5 s
    try:
        yield page
    finally:
        expect.set_options(timeout=None)
        context.close()
