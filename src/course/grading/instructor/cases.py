"""The public checks' generated examples, computed from the reference (`course cases`).

A worksheet's strategies module (tests/grading/strategies/<worksheet>.py, shared with its
hidden tests) lists the samples its checks show::

    SAMPLES = [Sample("dice421.tokens_of", "tokens_of(a, b, c)", throws(), count=12)]

Each sample's strategy draws the names of one call (a dict); `course cases` draws
``count`` of them (derandomized, as the hidden tests do), evaluates each call in the
reference solution, and writes calls and answers as data into the package, in
src/exercises/<worksheet>/cases.json. The check reads them with
:func:`exercises.checks.generated`: the package holds a sample of examples, never code
that computes an answer, and never a whole small domain.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import enum
import importlib
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..grader.differential import call_text, draw, outcomes
from ..grader.submission import Submission

#: where the generated examples of a worksheet live, in the package
CASES_FILE = "cases.json"
PACKAGE = "exercises"


@dataclass(frozen=True)
class Sample:
    """The generated examples of one exercise's check: ``count`` calls of ``expression``."""

    exercise: str
    expression: str
    strategy: Any  #: a Hypothesis strategy of dicts: the names of one call
    count: int = 12


# ----------------------------------------------------------------------------- the data


def encode(value: Any) -> Any:
    """``value`` as the JSON of cases.json (read back by ``exercises.checks``).

    Plain data, tuples, sets, frozensets and dicts of it, and the package's enums and
    dataclasses; anything else is refused with a ValueError naming its type.
    """
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is list:
        return [encode(item) for item in value]
    if kind is tuple:
        return {"$tuple": [encode(item) for item in value]}
    if kind in (set, frozenset):
        items = sorted((encode(item) for item in value), key=lambda item: json.dumps(item, sort_keys=True))
        return {"$set" if kind is set else "$frozenset": items}
    if kind is dict:
        return {"$dict": [[encode(key), encode(item)] for key, item in value.items()]}
    module = kind.__module__
    if module == PACKAGE or module.startswith(PACKAGE + "."):
        name = f"{module}:{kind.__qualname__}"
        if isinstance(value, enum.Enum):
            return {"$enum": [name, value.name]}
        if dataclasses.is_dataclass(value):
            fields = {field.name: encode(getattr(value, field.name))
                      for field in dataclasses.fields(value) if field.init}
            return {"$data": [name, fields]}
    raise ValueError(f"a generated case cannot hold a {kind.__name__} ({value!r:.60})")


# ----------------------------------------------------------------------------- the worksheets


def notebook_of(root: Path, worksheet: str) -> str:
    """The NOTEBOOK a worksheet's hidden test module names (read, not imported)."""
    module = root / "tests" / "grading" / f"test_{worksheet}.py"
    for node in ast.parse(module.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "NOTEBOOK" for t in node.targets):
            return str(ast.literal_eval(node.value))
    raise ValueError(f"{module} names no NOTEBOOK")


def worksheets(root: Path) -> list[str]:
    """The worksheets whose strategies module lists samples, in name order."""
    folder = root / "tests" / "grading" / "strategies"
    return sorted(path.stem for path in folder.glob("*.py") if path.stem != "__init__"
                  and "SAMPLES" in path.read_text(encoding="utf-8"))


@contextlib.contextmanager
def _importable(folder: Path) -> Iterator[None]:
    sys.path.insert(0, str(folder))
    try:
        yield
    finally:
        sys.path.remove(str(folder))


def samples(root: Path, worksheet: str) -> list[Sample]:
    """The samples of a worksheet's strategies module."""
    with _importable(root / "tests" / "grading"):
        module = importlib.import_module(f"strategies.{worksheet}")
    found = list(getattr(module, "SAMPLES", []))
    for sample in found:
        if not (isinstance(sample, Sample) and sample.exercise.startswith(worksheet + ".")):
            raise ValueError(f"strategies.{worksheet}.SAMPLES holds {sample!r}, not a Sample of {worksheet}")
    return found


def compute(root: Path, worksheet: str) -> dict[str, list[dict[str, Any]]]:
    """Every sample of ``worksheet``: its calls and the reference's answers, as cases.json holds them."""
    wanted = samples(root, worksheet)
    table: dict[str, list[dict[str, Any]]] = {}
    if not wanted:
        return table
    solution = root / "solutions" / f"{notebook_of(root, worksheet)}.ipynb"
    reference = Submission(solution, reference=solution)
    try:
        for sample in wanted:
            used = {node.id for node in ast.walk(ast.parse(sample.expression, mode="eval"))
                    if isinstance(node, ast.Name)}
            cases = [{name: value for name, value in case.items() if name in used}
                     for case in draw(sample.strategy, sample.count)]
            entries = table.setdefault(sample.exercise, [])
            for case, outcome in zip(cases, outcomes(reference, sample.expression, cases)):
                entry: dict[str, Any] = {"call": call_text(sample.expression, case),
                                         "expression": sample.expression,
                                         "names": {name: encode(value) for name, value in case.items()}}
                if outcome.raised is not None:
                    entry["raises"] = outcome.raised.__name__
                else:
                    entry["expected"] = encode(outcome.value)
                entries.append(entry)
    finally:
        reference.close()
    return table


def cases_path(root: Path, worksheet: str) -> Path:
    return root / "src" / PACKAGE / worksheet / CASES_FILE


def text(table: dict[str, Any]) -> str:
    """cases.json's text: one exercise after another, one case a line (diffs stay readable)."""
    blocks = []
    for exercise, entries in sorted(table.items()):
        lines = ",\n".join("  " + json.dumps(entry, ensure_ascii=False, sort_keys=True) for entry in entries)
        blocks.append(f" {json.dumps(exercise)}: [\n{lines}\n ]")
    return "{\n" + ",\n".join(blocks) + "\n}\n"


def write(root: Path, worksheet: str) -> bool:
    """Write the worksheet's cases.json; True when it changed."""
    path = cases_path(root, worksheet)
    new = text(compute(root, worksheet))
    if path.exists() and path.read_text(encoding="utf-8") == new:
        return False
    path.write_text(new, encoding="utf-8")
    return True
