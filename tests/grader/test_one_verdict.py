"""One rule, two places: every rule a hidden test enforces has a public example, and a hint.

Each hidden test module in tests/grading/ holds ``RULES``, a dict from each of its test
functions to the description of the public example that shows the same rule through the
same entry point (a substring of a ``✓`` line that the exercise's check prints on the
solution). This test reads the solution notebooks' stored check outputs (which nbval
keeps true) and fails when a hidden test has no entry, or its entry is not shown by the
check of the test's own exercise.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from conftest import ROOT
from course.grading.instructor.discover import notebook_of_module
from course.notebook import cell_source, course_meta

MODULES = sorted((ROOT / "tests" / "grading").glob("test_*.py"))


def hidden_tests(tree: ast.Module) -> dict[str, str]:
    """Each test function of a hidden test module and the exercise its marker names."""
    tests = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            for decorator in node.decorator_list:
                call = decorator if isinstance(decorator, ast.Call) else None
                if call and ast.unparse(call.func).endswith("mark.exercise") and call.args:
                    tests[node.name] = ast.literal_eval(call.args[0])
    return tests


def table(tree: ast.Module, name: str) -> dict[str, str] | None:
    """The module's dict ``name`` (``RULES``, ``HINTS``), read without importing the module."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            return ast.literal_eval(node.value)
    return None


def shown_examples(stem: str) -> dict[str, list[str]]:
    """Per exercise, the passing example lines its checks print on the solution."""
    notebook = json.loads((ROOT / "solutions" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    shown: dict[str, list[str]] = {}
    for cell in notebook["cells"]:
        exercise = course_meta(cell).get("check")
        if not exercise:
            continue
        for output in cell.get("outputs", []):
            text = cell_source({"source": output.get("data", {}).get("text/plain", "")})
            shown.setdefault(exercise, []).extend(
                line.strip()[2:] for line in text.splitlines() if line.strip().startswith("✓ ")
            )
    return shown


@pytest.mark.parametrize("module", MODULES, ids=lambda path: path.stem)
def test_every_hidden_rule_has_a_public_example(module: Path) -> None:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    tests = hidden_tests(tree)
    rules = table(tree, "RULES")
    assert rules is not None, f"{module.name} has no RULES table"
    shown = shown_examples(notebook_of_module(module))
    problems = [f"{name}: no entry in RULES" for name in tests if name not in rules]
    problems += [f"RULES names {name}, which is no hidden test" for name in rules if name not in tests]
    for name, example in rules.items():
        if name in tests and not any(example in line for line in shown.get(tests[name], [])):
            problems.append(
                f"{name} ({tests[name]}): no passing example of its check shows {example!r}"
            )
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("module", MODULES, ids=lambda path: path.stem)
def test_every_hidden_test_has_a_hint(module: Path) -> None:
    """A failed test's feedback carries a hint naming the likely mistake (never the test's code)."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    tests = hidden_tests(tree)
    hints = table(tree, "HINTS")
    assert hints is not None, f"{module.name} has no HINTS table"
    problems = [f"{name}: no hint" for name in tests if not str(hints.get(name, "")).strip()]
    problems += [f"HINTS names {name}, which is no hidden test" for name in hints if name not in tests]
    problems += [f"{name}: the hint shows code of the test" for name, hint in hints.items()
                 if "sub." in hint or "assert " in hint]
    problems += [f"{name}: a hint is one or two sentences (at most 240 characters)"
                 for name, hint in hints.items() if len(hint) > 240]
    assert not problems, "\n".join(problems)
