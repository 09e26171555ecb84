"""The package's source holds to its type annotations, and all the project's Python to the
linter's rules.

mypy checks the package's annotations (strict on the instructor's tools, the computer players,
the models and the checks; the widgets and pictures a little less, see pyproject.toml) and
ruff the pyflakes, pycodestyle, isort, bugbear, pyupgrade and simplify rules, on the package
and on its tests alike. Both read their settings, and the paths they check, from
pyproject.toml; a finding fails the test and is printed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

#: seconds: mypy takes about 25 s without its cache on 2 busy cores, a few with it
MYPY_TIMEOUT = 600
RUFF_TIMEOUT = 120


def run(module: str, *arguments: str, timeout: int) -> subprocess.CompletedProcess[str]:
    """``python -m module arguments`` in the project's folder, where pyproject.toml is."""
    return subprocess.run([sys.executable, "-m", module, *arguments], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def sources() -> set[Path]:
    """Every Python module of the package (src/course and src/exercises)."""
    return set((ROOT / "src").rglob("*.py"))


def linted() -> set[Path]:
    """Every Python file ruff must check: the package's modules and the tests' (tests/)."""
    return sources() | set((ROOT / "tests").rglob("*.py"))


def test_mypy_finds_nothing_in_any_module_of_the_package():
    completed = run("mypy", timeout=MYPY_TIMEOUT)
    assert completed.returncode == 0, f"mypy found:\n{completed.stdout}{completed.stderr}"
    checked = re.search(r"no issues found in (\d+) source files", completed.stdout)
    assert checked, completed.stdout
    assert int(checked.group(1)) == len(sources()), "mypy's files in pyproject.toml leave modules out"


def test_ruff_finds_nothing_in_any_module_of_the_package():
    listed = run("ruff", "check", "--show-files", timeout=RUFF_TIMEOUT)
    assert listed.returncode == 0, listed.stderr
    assert {Path(line) for line in listed.stdout.splitlines() if line.endswith(".py")} == linted()
    completed = run("ruff", "check", "--output-format", "concise", timeout=RUFF_TIMEOUT)
    assert completed.returncode == 0, f"ruff found:\n{completed.stdout}{completed.stderr}"
