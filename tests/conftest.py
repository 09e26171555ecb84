"""Shared fixtures of the course's own tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# The hidden tests' `sub` fixture and `exercise` marker (`course grade` passes -p course.plugin).
pytest_plugins = ["course.plugin"]

# Notebooks kept under tests/ are test data (attacks, broken sources), not stored outputs.
collect_ignore_glob = ["*.ipynb"]


def solution_paths() -> list[Path]:
    """Every solution notebook of the course, in order."""
    return sorted((ROOT / "solutions").glob("*.ipynb"))


def load(path: Path) -> dict:
    """A notebook file as a dict."""
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def root() -> Path:
    """The course checkout."""
    return ROOT
