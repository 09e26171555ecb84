"""The given code of a solution's exercises, compiled in the grader: what each defines and
calls, for retrying a test with the given code of the exercises it builds on."""

from __future__ import annotations

import ast
import base64
import marshal
import types
from dataclasses import dataclass
from pathlib import Path

from ...notebook import cell_source, read_solution


@dataclass(frozen=True)
class Given:
    """An exercise's reference code, compiled in the grader: what it defines and calls."""

    exercise: str
    names: tuple[str, ...]  #: top-level names its cells define
    uses: frozenset[str]  #: every name its code mentions (globals, attributes, nested code)
    code: str  #: base64 of the marshalled code object of its cells


def mentioned(code: types.CodeType) -> set[str]:
    """Every name a code object (and the code inside it) mentions: globals, attributes."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= mentioned(const)
    return names


_GIVEN: dict[tuple[Path, int], dict[str, Given]] = {}


def given_code(reference: Path) -> dict[str, Given]:
    """The reference code of every exercise of a solution notebook, in notebook order."""
    key = (reference, reference.stat().st_mtime_ns)
    if key not in _GIVEN:
        from IPython.core.inputtransformer2 import TransformerManager

        transformer = TransformerManager()
        notebook = read_solution(reference)  # checked when it is released
        sources: dict[str, list[str]] = {}
        for cell in notebook.get("cells", []):
            exercise = cell.get("metadata", {}).get("course", {}).get("exercise")
            if cell.get("cell_type") == "code" and exercise:
                sources.setdefault(exercise, []).append(transformer.transform_cell(cell_source(cell)))
        found = {}
        for exercise, parts in sources.items():
            source = "\n".join(parts)
            code = compile(source, f"<the given {exercise}>", "exec", dont_inherit=True)  # as a notebook cell runs
            names = []
            for node in ast.parse(source).body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.append(node.name)
                elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    names += [t.id for t in targets if isinstance(t, ast.Name)]
            found[exercise] = Given(exercise, tuple(names), frozenset(mentioned(code)),
                                    base64.b64encode(marshal.dumps(code)).decode("ascii"))
        _GIVEN[key] = found
    return _GIVEN[key]


def needed(given: dict[str, Given], exercise: str) -> list[str]:
    """The earlier exercises that ``exercise``'s reference code calls, directly or not."""
    order = list(given)
    if exercise not in given:
        return []
    earlier = order[: order.index(exercise)]
    found: list[str] = []
    todo = [exercise]
    while todo:
        uses = given[todo.pop()].uses
        for other in earlier:
            if other not in found and set(given[other].names) & uses:
                found.append(other)
                todo.append(other)
    return [e for e in order if e in found]
