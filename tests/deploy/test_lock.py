"""The lock: constraints.txt pins every version an install of the course resolves.

`make lock` writes it (uv's universal resolution, for every extra and every Python the
course supports); every way the course is installed reads it, so the course a class gets
in week 12 is the course that was tested in week 1.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from importlib import metadata

import pytest
import yaml
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from conftest import ROOT
from course.gradescope import SETUP_SH, course_files
from course.release import BUNDLE_FILES

LOCK = ROOT / "constraints.txt"


def pins(lock=LOCK) -> dict[str, tuple[str, Marker | None]]:
    """The lock's pins: canonical name -> (version, marker or None)."""
    found: dict[str, tuple[str, Marker | None]] = {}
    for line in lock.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        requirement = Requirement(line)
        (specifier,) = requirement.specifier
        assert specifier.operator == "==", f"not a pin: {line}"
        found[canonicalize_name(requirement.name)] = (specifier.version, requirement.marker)
    return found


def requirements() -> list[Requirement]:
    """What pyproject.toml asks for: the dependencies and every extra's."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    listed = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        listed += extra
    return [Requirement(text) for text in listed]


def assert_complete(locked):
    assert len(locked) >= 50
    for requirement in requirements():
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{requirement.name} is not in constraints.txt: run `make lock`"
        version, _ = locked[name]
        assert requirement.specifier.contains(version, prereleases=True), (
            f"constraints.txt pins {requirement.name}=={version}, outside {requirement.specifier}: run `make lock`")


def test_every_dependency_of_every_extra_is_pinned_within_what_pyproject_allows():
    assert_complete(pins())


@pytest.mark.slow
def test_make_lock_writes_a_complete_lock(tmp_path):
    """`make lock` resolves anew from the package index (the newest releases that fit)."""
    if shutil.which("make") is None:
        pytest.skip("make is missing")
    target = tmp_path / "constraints.txt"
    completed = subprocess.run(["make", "lock", f"LOCK={target}"], cwd=ROOT, capture_output=True, text=True,
                               timeout=300)
    assert completed.returncode == 0, completed.stdout[-2000:] + completed.stderr[-2000:]
    assert_complete(pins(target))


def test_the_environment_running_the_tests_is_the_locked_one():
    mismatched = []
    for name, (version, marker) in pins().items():
        if marker is not None and not marker.evaluate():
            continue
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue  # an extra this environment does not install
        if installed != version:
            mismatched.append(f"{name} {installed} (locked {version})")
    assert mismatched == [], "installed without the lock: " + ", ".join(mismatched)


def test_the_lock_covers_every_python_the_course_supports():
    """One universal lock: where a dependency differs by Python version, both sides are there."""
    text = LOCK.read_text(encoding="utf-8")
    assert "python_full_version" in text or "python_version" in text
    for marker in re.findall(r";\s*(.+)$", text, flags=re.M):
        Marker(marker)  # every marker parses


def test_every_install_of_the_course_reads_the_lock():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^LOCK := constraints\.txt$", makefile, flags=re.M)
    assert re.search(r"pip install .*-c \$\(LOCK\) -e", makefile)
    assert re.search(r"^python -m pip install .*-c constraints\.txt \.$",
                     (ROOT / "binder" / "postBuild").read_text(encoding="utf-8"), flags=re.M)
    pip = [entry for entry in yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))["dependencies"]
           if isinstance(entry, dict)][0]["pip"]
    assert pip[0].split("#")[0].split() == ["-c", "constraints.txt"]
    assert '-c "$SOURCE/constraints.txt"' in SETUP_SH
    assert "constraints.txt" in [name for name, _ in course_files(ROOT)]
    assert "constraints.txt" in BUNDLE_FILES
