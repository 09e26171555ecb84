"""Nothing the package exports answers an exercise.

For each exercise, every function and class a student can import from the packages its
notebook uses (and the generic game layer ``exercises.ai``) is plugged in, in place of
each name the exercise defines, when it could stand there (a function for a function
taking as many arguments, a class for a class). The exercise's hidden tests are then
called against the notebook: none may pass them all. The notebook runs in the grader's
sandbox, afresh after each export plugged in; the same hidden tests on the notebook's own
definitions must pass, in their file's order, which proves the harness. The draws of
the hidden tests are the worksheet's stored cases, as grading reads them.

A candidate is done at its first failing test, and it starts with the tests that failed
the candidates before it in the same exercise (the rest follow in the file's order):
the wrong stand-ins of a name mostly fail the same test, often one that comes late.

Adapters (a method that returns what a package player chooses) are mistakes in the
corpora (tests/corpora/), graded the usual way.
"""

from __future__ import annotations

import ast
import enum
import functools
import importlib
import importlib.util
import inspect
import itertools
import json
import pkgutil
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from conftest import ROOT
from course.grading.grader import stored
from course.grading.grader.submission import REQUESTS, Submission, SubmissionFailure
from course.grading.instructor.discover import notebook_of_module
from course.grading.notebook.sandbox import Limits
from course.notebook import cell_source, course_meta

HIDDEN = {notebook_of_module(path): path for path in (ROOT / "tests" / "grading").glob("test_*.py")}
GENERIC = ("exercises.ai",)


def packages_used(notebook: dict) -> list[str]:
    """The course packages a notebook imports (``exercises.jass``...), and the generic ones."""
    from IPython.core.inputtransformer2 import TransformerManager

    transformer = TransformerManager()  # a magic (the setup cells' `%xmode Minimal`) as the kernel runs it
    used = set(GENERIC)
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        try:
            tree = ast.parse(transformer.transform_cell(cell_source(cell)))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            used.update(".".join(n.split(".")[:2]) for n in names if n.startswith("exercises."))
    return sorted(name for name in used if importlib.util.find_spec(name))


@functools.cache
def exports(package: str) -> tuple[tuple[str, object], ...]:
    """Every public function and class of the course defined in ``package`` or below it."""
    module = importlib.import_module(package)
    modules = [module]
    if hasattr(module, "__path__"):
        modules += [importlib.import_module(info.name)
                    for info in pkgutil.walk_packages(module.__path__, f"{package}.")]
    found = []
    for module in modules:
        for name, value in vars(module).items():
            if name.startswith("_") or not (inspect.isfunction(value) or inspect.isclass(value)):
                continue
            if getattr(value, "__module__", "") == module.__name__:
                found.append((f"{module.__name__}:{value.__qualname__}", value))
    return tuple(found)


def required(function: Callable) -> int:
    """How many positional arguments a function needs."""
    parameters = inspect.signature(function).parameters.values()
    return sum(p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
               for p in parameters)


def definitions(cell: dict) -> list[tuple[str, str, int]]:
    """The top-level (kind, name, arity) an exercise cell defines."""
    found = []
    for node in ast.parse(cell_source(cell)).body:
        if isinstance(node, ast.FunctionDef):
            found.append(("function", node.name, len(node.args.args) - len(node.args.defaults)))
        elif isinstance(node, ast.ClassDef):
            found.append(("class", node.name, 0))
    return found


def candidates(kind: str, arity: int, packages: list[str]) -> list[str]:
    """The exports that could stand in for a definition of that kind."""
    found = []
    for package in packages:
        for where, value in exports(package):
            if (kind == "function" and inspect.isfunction(value) and required(value) == arity
                    or kind == "class" and inspect.isclass(value)
                    and not issubclass(value, (enum.Enum, BaseException))):
                found.append(where)
    return sorted(set(found))


def hidden_module(module_path: Path) -> ModuleType:
    """A hidden test module, imported once for all the exercises of its worksheet (as pytest does)."""
    if str(module_path.parent) not in sys.path:  # as pytest does: `from strategies.<ws> import ...`
        sys.path.insert(0, str(module_path.parent))
    spec = importlib.util.spec_from_file_location(f"hidden_{module_path.stem}", module_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def hidden_tests(module: ModuleType, exercise: str) -> list[tuple[str, Callable, dict]]:
    """The hidden tests of one exercise, each with every set of its parameters."""
    tests = []
    for name, function in vars(module).items():
        if not name.startswith("test_") or not callable(function):
            continue
        marks = getattr(function, "pytestmark", [])
        if not any(m.name == "exercise" and m.args and m.args[0] == exercise for m in marks):
            continue
        grids = []
        for mark in marks:
            if mark.name == "parametrize":
                names = [n.strip() for n in (mark.args[0].split(
                    ",") if isinstance(mark.args[0], str) else mark.args[0])]
                rows = []
                for value in mark.args[1]:
                    value = value.values if hasattr(value, "values") and hasattr(value, "marks") else value
                    rows.append(dict(zip(names, value if len(names) > 1 else (value,))))
                grids.append(rows)
        for combination in itertools.product(*grids) if grids else [()]:
            arguments = {k: v for row in combination for k, v in row.items()}
            tests.append((name, function, arguments))
    return tests


#: the cell that puts an export in place of a name, and of the methods that name was attached as
PLUG = """\
import functools as _f, importlib as _i
_was = {name}
{name} = _f.reduce(getattr, {qualname!r}.split("."), _i.import_module({module!r}))
for _class in [v for v in list(globals().values()) if isinstance(v, type)]:
    for _key, _value in list(vars(_class).items()):
        if _value is _was:
            setattr(_class, _key, {name})
"""


def passes(sub: Submission, test: tuple[str, Callable, dict]) -> bool:
    """True when one test passes against the notebook as it is now (its process revived if it failed)."""
    _, function, arguments = test
    if "ref" in inspect.signature(function).parameters:  # a differential test: the notebook is its own reference
        arguments = {**arguments, "ref": sub}
    try:
        function(sub, **arguments)
    except (Exception, SubmissionFailure):  # noqa: BLE001 - any failure is a failed test
        sub.revive()
        return False
    return True


def passes_all(sub: Submission, tests: list) -> bool:
    """True when every test passes against the notebook as it is now, run in the file's order."""
    return all(passes(sub, test) for test in tests)


def first_failure(sub: Submission, tests: list, suspects: list[int]) -> int | None:
    """The index of a test that fails against the notebook as it is now, or None when all pass:
    the ``suspects`` are run first, in their order, then the other tests in the file's order."""
    rest = [index for index in range(len(tests)) if index not in suspects]
    return next((index for index in suspects + rest if not passes(sub, tests[index])), None)


SOLUTIONS = [path for path in sorted((ROOT / "solutions").glob("*.ipynb")) if path.stem in HIDDEN]


@pytest.mark.slow  # hundreds of exports, each in a notebook's process of its own: about a minute
@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda path: path.stem)
def test_no_export_passes_an_exercise(solution: Path) -> None:
    notebook = json.loads(solution.read_text(encoding="utf-8"))
    packages = packages_used(notebook)
    assert set(packages) - set(GENERIC), f"no course package found in the imports of {solution.name}"
    stored.load(stored.store_path(HIDDEN[solution.stem]))  # the draws grading reads (pytest loads them too)
    module = hidden_module(HIDDEN[solution.stem])
    requests = REQUESTS[0]
    sub = Submission(solution, reference=solution, limits=Limits(call_seconds=3))
    answers, tried, plugged = [], 0, False
    try:
        for cell in notebook["cells"]:
            exercise = course_meta(cell).get("exercise")
            if not exercise:
                continue
            tests = hidden_tests(module, exercise)
            assert tests, f"{exercise} has no hidden tests"
            if plugged:  # the notebook's own definitions again, in a fresh process
                sub.rerun()
                plugged = False
            assert passes_all(sub, tests), f"the solution fails the hidden tests of {exercise}"
            suspects: list[int] = []  # the tests that failed this exercise's candidates, the latest first
            for kind, name, arity in definitions(cell):
                for where in candidates(kind, arity, packages):
                    if plugged:
                        sub.rerun()
                    tried += 1
                    module_name, qualname = where.split(":")
                    error = sub.run(PLUG.format(name=name, module=module_name, qualname=qualname))
                    assert error is None, f"{where} could not be plugged in: {error}"
                    plugged = True
                    failed = first_failure(sub, tests, suspects)
                    if failed is None:
                        answers.append(f"{where} as {name} passes {exercise}")
                    else:
                        suspects = [failed] + [other for other in suspects if other != failed]
    finally:
        sub.close()
    print(f"{solution.stem}: {tried} exports tried, {REQUESTS[0] - requests} requests")
    assert not answers, "\n".join(answers)
