"""The house rules of the package, checked on its source (no module is imported).

* Every worksheet package has the same layout: ``model``, ``pictures``, ``widget`` and
  ``checks`` (each a module, or a package when it is large), and an ``__init__`` that only
  re-exports.
* A worksheet imports only itself and the shared layer (``exercises.checks``,
  ``exercises.display``, ``exercises.ui``, ``exercises.ai``, ``exercises.i18n``,
  ``exercises.browser``); the shared layer imports no worksheet; nothing a student
  installs imports the instructor's tools (``course``).
* The modules of the package import each other without a cycle, lazy imports (inside a
  function) included. The one exception is python-chess's: a value's ``_repr_*_`` method
  may import its picture lazily, on a line that says so ("import cycle").

And the instructor's package ``course``, in rooms:

* the layers ``commands`` -> ``release`` / ``grading`` / ``report`` / ``gradescope`` /
  ``link`` -> ``i18n`` -> ``notebook``: a module imports its own room and the rooms below,
  and of the rooms beside it only those :data:`SIDEWAYS` names;
* no import cycle, lazy imports included;
* every module opens with a docstring whose first paragraph says its job in two lines,
  and none is much over 600 lines (docs/GRADING.md's map of the files is kept by
  tests/project/test_readme.py).

And the tests, laid out like the code: each in a folder named for what it tests (the
README's layout lists them), helpers in ``tests/support/`` only, and ``ROOT`` from
``conftest`` only.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGE = ROOT / "src" / "exercises"
COURSE = ROOT / "src" / "course"
WORKSHEETS = ("start", "jass", "dice421", "abapa", "tchu", "dominations")
SHARED = ("exercises", "exercises.checks", "exercises.display", "exercises.ui", "exercises.ai",
          "exercises.i18n", "exercises.browser")
PARTS = ("model", "pictures", "widget", "checks")
#: Notebook 00 gives no model and draws no picture of its own.
OPTIONAL = {"start": {"model", "pictures"}}


@dataclass(frozen=True)
class Import:
    """One import statement: the module it names, where it is, and whether it is lazy."""

    module: str
    line: int
    lazy: bool
    in_repr: bool
    text: str


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT / "src").with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of a package (the student's by default), by dotted name."""
    return {module_name(path): path for path in sorted(package.rglob("*.py"))}


def resolve(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` statement of module ``name`` reads."""
    if not node.level:
        return node.module or ""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports(name: str, path: Path) -> list[Import]:
    """The imports of a module, each marked lazy when it sits inside a function."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found: list[Import] = []

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Import):
                targets = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = resolve(name, path, child)
                # ``from . import model`` reads the submodule ``model``
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in EVERY else base
                           for alias in child.names]
            else:
                visit(child, inner)
                continue
            for target in targets:
                found.append(Import(target, child.lineno, function is not None,
                                    bool(function and function.startswith("_repr_")),
                                    lines[child.lineno - 1]))

    visit(ast.parse(source), None)
    return found


def owner(module: str) -> str | None:
    """The worksheet a module of the package belongs to, or None for the shared layer."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "exercises" and parts[1] in WORKSHEETS else None


ALL = modules()
INSTRUCTOR = modules(COURSE)
EVERY = {**ALL, **INSTRUCTOR}


@pytest.mark.parametrize("worksheet", WORKSHEETS)
def test_every_worksheet_has_the_same_layout(worksheet):
    folder = PACKAGE / worksheet
    names = {path.stem for path in folder.glob("*.py")} | {
        path.name for path in folder.iterdir() if (path / "__init__.py").is_file()
    }
    expected = {"__init__", *PARTS} - OPTIONAL.get(worksheet, set())
    assert names == expected, f"exercises.{worksheet} holds {sorted(names)}, the layout is {sorted(expected)}"


def lazy_widget(node: ast.stmt) -> bool:
    """True for the two statements that re-export a worksheet's widget when first asked for:
    ``WIDGET = ("Name", ...)`` and a ``__getattr__`` that only hands it to ``widget_name``."""
    if isinstance(node, ast.Assign):
        names = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
        return ([getattr(t, "id", None) for t in node.targets] == ["WIDGET"]
                and all(isinstance(name, ast.Constant) and isinstance(name.value, str) for name in names))
    return (isinstance(node, ast.FunctionDef) and node.name == "__getattr__" and len(node.body) == 1
            and ast.unparse(node.body[0]) == "return widget_name(__name__, WIDGET, name)")


@pytest.mark.parametrize("worksheet", WORKSHEETS)
def test_a_worksheet_init_only_re_exports(worksheet):
    tree = ast.parse((PACKAGE / worksheet / "__init__.py").read_text(encoding="utf-8"))
    for index, node in enumerate(tree.body):
        docstring = index == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        exports = isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["__all__"]
        assert docstring or exports or lazy_widget(node) or isinstance(node, (ast.Import, ast.ImportFrom)), (
            f"exercises/{worksheet}/__init__.py line {node.lineno} does more than re-export"
        )


@pytest.mark.parametrize("name", sorted(ALL))
def test_imports_follow_the_layers(name):
    mine = owner(name)
    for item in imports(name, ALL[name]):
        where = f"{name} line {item.line}: {item.text.strip()}"
        assert not (item.module == "course" or item.module.startswith(("course.", "exercises.course"))), (
            f"{where}: nothing students install imports the instructor's tools"
        )
        if not item.module.startswith("exercises"):
            continue
        theirs = owner(item.module)
        if mine is None:
            assert theirs is None, f"{where}: the shared layer imports no worksheet"
        else:
            assert theirs in (None, mine), f"{where}: a worksheet imports only itself and the shared layer"
            assert theirs == mine or item.module in SHARED or item.module.startswith("exercises.ai"), (
                f"{where}: {item.module} is not part of the shared layer"
            )


@pytest.mark.parametrize("name", sorted(ALL))
def test_lazy_imports_are_the_commented_rich_display_cycles(name):
    for item in imports(name, ALL[name]):
        if item.lazy and item.module.startswith("exercises"):
            assert item.in_repr and "import cycle" in item.text, (
                f"{name} line {item.line}: a lazy import of the package belongs in a _repr_*_ method "
                f"and says '# import cycle' (or it moves to the top of the module)"
            )


def import_graph(found: dict[str, Path]) -> dict[str, list[str]]:
    """Who imports whom among ``found``, lazy imports included (not the commented ``_repr_*_`` ones)."""
    return {
        name: sorted({item.module for item in imports(name, path)
                      if item.module in found and not (item.in_repr and "import cycle" in item.text)} - {name})
        for name, path in found.items()
    }


def cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """An import cycle of the graph (its modules, the first one again at the end), or None."""
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> list[str] | None:
        if name in path:
            return [*path[path.index(name):], name]
        if name not in done:
            for target in graph[name]:
                found = visit(target, (*path, name))
                if found:
                    return found
            done.add(name)
        return None

    return next((found for name in graph if (found := visit(name, ()))), None)


@pytest.mark.parametrize("package", [PACKAGE, COURSE], ids=["exercises", "course"])
def test_the_package_imports_itself_without_a_cycle(package):
    found = cycle(import_graph(modules(package)))
    assert found is None, "import cycle: " + " -> ".join(found or [])


def test_a_cycle_is_found_and_a_lazy_import_counts(tmp_path):
    graph = {"a": ["b"], "b": ["c"], "c": []}
    assert cycle(graph) is None
    assert cycle({**graph, "c": ["a"]}) == ["a", "b", "c", "a"]
    module = tmp_path / "cluster.py"
    module.write_text("def grade():\n    from .run import Batch\n", encoding="utf-8")
    found = imports("course.grading.instructor.cluster", module)
    assert [(item.module, item.lazy) for item in found] == [("course.grading.instructor.run", True)]
    assert cycle({"course.grading.instructor.cluster": ["course.grading.instructor.run"],
                  "course.grading.instructor.run": ["course.grading.instructor.cluster"]}) is not None


def test_the_rules_see_a_wrong_import():
    """The checker itself: a worksheet reaching into another one is reported."""
    tree = ast.parse("from ..jass.model import Card\nfrom .. import course\n")
    resolved = [resolve(
        "exercises.dominations.model", PACKAGE / "dominations" / "model.py", node) for node in tree.body]
    assert resolved == ["exercises.jass.model", "exercises"]
    assert owner("exercises.jass.model") == "jass" and owner("exercises.display") is None


# ----------------------------------------------------------------------------- course

#: the rooms of the instructor's package, by layer: a module imports its own room and lower layers
LAYERS = {
    "course.commands": 4,
    "course.adequacy": 3,
    "course.release": 2, "course.grading": 2, "course.report": 2,
        "course.gradescope": 2, "course.link": 2, "course.lite": 2,
    "course.i18n": 1, "course.gradebook": 1,
    "course.notebook": 0,
}
#: the imports between rooms of one layer, and why
SIDEWAYS = {
    ("course.report", "course.grading"): "the report finds the course folder as course grade does",
    ("course.gradescope", "course.grading"): "the autograder grades the worksheets course grade finds",
}
#: "no module over about 600 lines"
MAX_LINES = 620


def room(module: str) -> str:
    """The room of a module of ``course``: ``course.grading`` for ``course.grading.wire``."""
    return ".".join(module.split(".")[:2])


def test_every_module_of_course_is_in_a_room():
    assert set(LAYERS) == {room(name) for name in INSTRUCTOR if name != "course"}


@pytest.mark.parametrize("name", sorted(INSTRUCTOR))
def test_course_imports_follow_the_layers(name):
    mine = room(name)
    for item in imports(name, INSTRUCTOR[name]):
        if not item.module.startswith("course.") or name == "course":
            continue
        theirs = room(item.module)
        where = f"{name} line {item.line}: {item.text.strip()}"
        assert theirs in LAYERS, f"{where}: {item.module} is in no room"
        assert theirs == mine or LAYERS[theirs] < LAYERS[mine] or (mine, theirs) in SIDEWAYS, (
            f"{where}: {mine} (layer {LAYERS[mine]}) may not import {theirs} (layer {LAYERS[theirs]})"
        )


#: grading's rooms, named for the process their modules run in, and the rooms each may import
GRADING_ROOMS = {
    "wire": set(),  # every message between the processes, and how a value crosses
    "notebook": {"wire"},  # the zygote and a graded notebook's confined process
    "grader": {"wire", "notebook"},  # a grading process: pytest and the hidden tests' plugin
    "instructor": {"wire", "notebook", "grader"},  # the course grade process, and course cases
}
#: imports against the rooms' order, and why
GRADING_EXCEPTIONS = {
    ("course.grading.notebook.many", "course.grading.grader.spawn"):
        "the batch's two halves live in one module; the grader's half raises the grader's failures",
    ("course.grading.notebook.shipped", "course.grading.grader.handle"):
        "the helpers' grader half reads the trace switch of the tests' side, lazily",
}


def grading_room(module: str) -> str | None:
    """The room of a module of ``course.grading`` (``wire`` for the package ``course.grading.wire``)."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["course", "grading"] else None


def test_every_grading_module_is_in_a_room():
    loose = [name for name in INSTRUCTOR if name.startswith(
        "course.grading.") and grading_room(name) not in GRADING_ROOMS]
    assert loose == []


@pytest.mark.parametrize("name", sorted(name for name in INSTRUCTOR if grading_room(name)))
def test_grading_imports_follow_its_rooms(name):
    """The notebook's process loads no instructor code: a room imports only its own and the rooms it may."""
    mine = grading_room(name)
    for item in imports(name, INSTRUCTOR[name]):
        theirs = grading_room(item.module)
        if theirs is None or theirs == mine or (name, item.module) in GRADING_EXCEPTIONS:
            continue
        assert theirs in GRADING_ROOMS[mine], f"{name} line {item.line}: the {mine} room may not import {item.module}"


@pytest.mark.parametrize("name", sorted(name for name in INSTRUCTOR if grading_room(name)))
def test_argparse_stays_in_the_commands(name):
    """``course grade`` turns argparse's answer into a typed request; no grading module sees a Namespace."""
    found = [item for item in imports(name, INSTRUCTOR[name]) if item.module.split(".")[0] == "argparse"]
    assert not found, f"{name} line {found[0].line}: {found[0].text.strip()}" if found else ""


@pytest.mark.parametrize("name", sorted(INSTRUCTOR))
def test_a_course_module_says_its_job_and_stays_short(name):
    path = INSTRUCTOR[name]
    source = path.read_text(encoding="utf-8")
    docstring = ast.get_docstring(ast.parse(source), clean=False)
    assert docstring, f"{path.relative_to(ROOT)} opens with no docstring"
    assert len(docstring.strip().split("\n\n")[0].splitlines()) <= 2, (
        f"{path.relative_to(ROOT)}: the docstring's first paragraph says the module's job in two lines"
    )
    assert len(source.splitlines()) <= MAX_LINES, f"{path.relative_to(ROOT)} has over {MAX_LINES} lines"



# ---- the tests' own layout ------------------------------------------------------------
TESTS = ROOT / "tests"
#: folders of data, not of tests: the corpora of mistakes, attack notebooks, equivalent mutants
DATA = {"corpora", "attacks", "adequacy"}


def readme_test_folders() -> set[str]:
    """The folders under tests/ that the README's layout names."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = text[text.index("tests/            "):].splitlines()[1:]
    nested = lines[:next(i for i, line in enumerate(lines) if not line.startswith("  "))]
    return {word.rstrip("/") for line in nested for word in line.split() if word.endswith("/")}


def test_the_tests_are_in_folders_the_readme_names():
    assert sorted(p.name for p in TESTS.glob("test_*.py")) == [], "a test module lies loose in tests/"
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and not p.name.startswith((".", "__"))}
    assert folders == readme_test_folders()
    for folder in folders - DATA - {"grading", "support"}:
        assert list((TESTS / folder).glob("test_*.py")), f"tests/{folder} holds no test"


def test_test_helpers_live_in_support_and_root_comes_from_conftest():
    for path in sorted(TESTS.rglob("*.py")):
        relative = path.relative_to(TESTS)
        if relative.parts[0] in DATA or relative.parts[0] == "grading" or path.name == "conftest.py":
            continue  # data, and the hidden tests (bundled for the grader, with their strategies)
        if relative.parts[0] != "support":
            assert path.name.startswith("test_") or path.name == "__init__.py", (
                f"{relative}: a helper outside tests/support"
            )
        tree = ast.parse(path.read_text(encoding="utf-8"))
        computed = [node.lineno for node in tree.body if isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "ROOT" for t in node.targets)]
        assert computed == [], f"{relative}:{computed}: ROOT is computed here; import it from conftest"
