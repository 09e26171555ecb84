"""The student bundle's pyproject.toml: written with tomli-w from the course's, read back with tomllib.

It keeps what a student's ``pip install`` needs (build system, package, dependencies, the
``test`` extra, setuptools' settings) and nothing of the instructor's (the ``course``
command, the other extras, pytest's settings); a translated bundle adds its language pack.
"""

from __future__ import annotations

import tomllib

from conftest import ROOT
from course.release import student_pyproject

COURSE = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def expected(course: dict, *dependencies: str) -> dict:
    """What the bundle's file holds, built from the course's table by table."""
    project = {key: value for key, value in course["project"].items()
               if key not in ("scripts", "optional-dependencies")}
    project["dependencies"] = [*project["dependencies"], *dependencies]
    project["optional-dependencies"] = {"test": course["project"]["optional-dependencies"]["test"]}
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
    assert back["project"]["optional-dependencies"] == {"test": ["pytest>=8"]}
    assert "scripts" not in back["project"]
    assert back["tool"] == {"setuptools": {"package-data": {"*": ["*.json"], "a.b": ["x y.md"]}}}
