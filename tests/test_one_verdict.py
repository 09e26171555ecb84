"""One rule, two places: every rule a hidden test enforces has a public example.

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

from exercises.course.grade import notebook_of_module
from exercises.course.notebook import cell_source, course_meta

ROOT = Path(__file__).resolve().parents[1]
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


def rules_of(tree: ast.Module) -> dict[str, str] | None:
    """The module's ``RULES`` dict, read without importing the module."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "RULES" for t in node.targets
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
    rules = rules_of(tree)
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
