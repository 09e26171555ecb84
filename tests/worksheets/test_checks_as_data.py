"""A check example is a row of data, not a closure: no lambda in a worksheet's checks, no
function defined inside a ``check_*`` function, and no function of the checks longer than
about a screen."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGE = ROOT / "src" / "exercises"
#: the worksheets' checks modules (the machinery, exercises/checks.py, builds its rows' calls)
WORKSHEETS = sorted([*PACKAGE.glob("*/checks.py"), *PACKAGE.glob("*/checks/*.py")])
#: the longest a function of the checks may be, in lines
LONGEST = 60
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [node for node in ast.walk(tree) if isinstance(node, FUNCTIONS)]


@pytest.mark.parametrize("path", WORKSHEETS, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_a_worksheets_checks_hold_their_examples_as_rows(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lambdas = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Lambda)]
    inner = [f"{outer.name}.{node.name}" for outer in functions(tree) if outer.name.startswith("check_")
             for node in functions(outer) if node is not outer]
    assert lambdas == [], f"lambdas on lines {lambdas}: a row's call is its text, or a function of the module"
    assert inner == [], f"functions defined inside a check: {inner}"


@pytest.mark.parametrize("path", [*WORKSHEETS, PACKAGE / "checks.py"], ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_function_of_the_checks_is_longer_than_a_screen(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    long = {node.name: node.end_lineno - node.lineno + 1 for node in functions(tree)
            if node.end_lineno is not None and node.end_lineno - node.lineno + 1 > LONGEST}
    assert long == {}, f"longer than {LONGEST} lines: {long}"
