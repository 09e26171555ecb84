"""The student bundle's pyproject.toml: written with tomli-w from the course's, read back with tomllib.

It keeps what a student's ``pip install`` needs (build system, package, dependencies,
setuptools' settings) and nothing of the instructor's (the ``course`` command, the extras,
pytest's settings); a translated bundle adds its language pack. The bundle's
environment.yml and README install that package alone, from the lock.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import yaml

from conftest import ROOT
from course.release import student_pyproject, write_bundle

COURSE = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def expected(course: dict, *dependencies: str) -> dict:
    """What the bundle's file holds, built from the course's table by table."""
    project = {key: value for key, value in course["project"].items()
               if key not in ("scripts", "optional-dependencies")}
    project["dependencies"] = [*project["dependencies"], *dependencies]
    return {"build-system": course["build-system"], "project": project,
            "tool": {"setuptools": course["tool"]["setuptools"]}}


def test_the_bundles_pyproject_is_the_courses_without_the_instructors_part():
    text = student_pyproject((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert tomllib.loads(text) == expected(COURSE)
    assert "[project.scripts]" not in text and "pytest.ini_options" not in text
    assert student_pyproject(text) == text, "the bundle's file, written again, is the same"


def test_a_translated_bundle_adds_its_language_pack_to_the_dependencies():
    text = student_pyproject((ROOT / "pyproject.toml").read_text(encoding="utf-8"), ("jupyterlab-language-pack-fr-FR",))
    assert tomllib.loads(text) == expected(COURSE, "jupyterlab-language-pack-fr-FR")


def test_keys_and_strings_that_need_quoting_come_back_the_same():
    course = '''
[build-system]
requires = ["setuptools>=77"]
build-backend = "setuptools.build_meta"

[project]
name = "tiny"
version = "1.0"
description = "Jeux de société: \\"Kalah\\", C:\\\\games\\ttab, 日本"
dependencies = []
optional-dependencies = { test = ["pytest>=8"], grade = ["hypothesis"] }
keywords = ["a", "b"]
scripts = { course = "course.commands.main:main" }

[tool.setuptools.package-data]
"*" = ["*.json"]
"a.b" = ["x y.md"]
'''
    table = tomllib.loads(course)
    back = tomllib.loads(student_pyproject(course))
    assert back["project"]["description"] == table["project"]["description"]
    assert back["project"]["dependencies"] == [] and back["project"]["keywords"] == ["a", "b"]
    assert "optional-dependencies" not in back["project"]  # the course's own tests are not a student's
    assert "scripts" not in back["project"]
    assert back["tool"] == {"setuptools": {"package-data": {"*": ["*.json"], "a.b": ["x y.md"]}}}


def test_the_bundle_installs_only_what_a_student_needs_from_the_lock(tmp_path: Path) -> None:
    """environment.yml, the README's pip line and binder/postBuild install the package (its
    dependencies) with the lock, and nothing of the course's tests: no extra to ask for."""
    bundle = tmp_path / "bundle"
    write_bundle(ROOT, {}, bundle)
    environment = yaml.safe_load((bundle / "environment.yml").read_text(encoding="utf-8"))
    [pip] = [entry["pip"] for entry in environment["dependencies"] if isinstance(entry, dict)]
    assert [entry.split("#")[0].split() for entry in pip] == [["-c", "constraints.txt"], ["-e", "."]]
    assert (bundle / "constraints.txt").exists()
    project = tomllib.loads((bundle / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "optional-dependencies" not in project
    wanted = {requirement.split(">")[0].split("=")[0] for requirement in project["dependencies"]}
    assert not wanted & {"pytest", "playwright", "mypy", "ruff", "hypothesis", "nbval"}
    readme = (bundle / "README.md").read_text(encoding="utf-8")
    postbuild = (bundle / "binder" / "postBuild").read_text(encoding="utf-8")
    for text in (readme, postbuild):
        installs = [line.split() for line in text.splitlines() if "pip install" in line]
        assert installs and all("-c" in line and line[line.index("-c") + 1] == "constraints.txt"
                                and line[-1] == "." for line in installs), text
