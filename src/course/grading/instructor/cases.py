"""The stored cases (`course cases`): the public checks' generated examples, computed from
the reference, and the hidden tests' draws and reference answers (:mod:`.stored`).

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
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import wire
from ..grader import stored
from ..grader.differential import call_text, draw, outcomes
from ..grader.process import environment, pytest_arguments
from ..grader.spawn import HASH_SEED, RECORDING_SEED
from ..grader.submission import Submission
from ..notebook.sandbox import Limits

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
    stored.load(store_of(root, worksheet))
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


# ----------------------------------------------------------------------------- the hidden tests' cases


def hidden_worksheets(root: Path) -> list[str]:
    """The worksheets with a hidden test module, in name order."""
    return sorted(path.stem.removeprefix("test_") for path in (root / "tests" / "grading").glob("test_*.py"))


#: the time limit of a call when the stored cases are made or checked (the reference's
#: answers do not depend on it; a loaded machine must not make them fail)
CALL_SECONDS = 120.0


def run_hidden_tests(root: Path, worksheet: str, *flags: str) -> list[str]:
    """Run a worksheet's hidden tests on its solution with ``flags`` (the plugin's); the
    sentences of the tests that did not pass (none: all passed)."""
    module = root / "tests" / "grading" / f"test_{worksheet}.py"
    solution = root / "solutions" / f"{notebook_of(root, worksheet)}.ipynb"
    with tempfile.TemporaryDirectory(prefix="cases-") as scratch:
        report = Path(scratch) / "report.json"
        options = wire.GradingOptions(call_seconds=CALL_SECONDS, memory_mb=Limits.memory_bytes >> 20, cascade=False)
        arguments = pytest_arguments(wire.GradingTask(root, module, solution, report, options))
        run = subprocess.run([sys.executable, "-m", "pytest", *arguments, *flags], cwd=root,
                             capture_output=True, text=True, check=False,
                             env=environment(PYTHONHASHSEED="0", **{HASH_SEED: RECORDING_SEED}))
        if not report.exists():
            return [f"the hidden tests of {worksheet} did not run: {run.stdout[-600:]}{run.stderr[-600:]}"]
        found = wire.read_report(report)
    if found is None:
        return [f"the hidden tests of {worksheet} wrote no report that reads as one"]
    return [f"{test.name}: {test.message}" for test in found.tests if not test.passed]


def store_of(root: Path, worksheet: str) -> Path:
    """The stored cases file of a worksheet's hidden tests."""
    return stored.store_path(root / "tests" / "grading" / f"test_{worksheet}.py")


def record(root: Path, worksheet: str) -> tuple[bool, list[str]]:
    """Draw and ask once: store every draw and reference answer the worksheet's hidden tests
    use on its solution, and the public checks' draws (:func:`compute`, run first).
    Whether the file changed, and the tests that failed (then nothing is written)."""
    path = store_of(root, worksheet)
    stored.load(path)
    stored.USED = stored.Store()
    try:
        if worksheet in worksheets(root):
            write(root, worksheet)
        checks = stored.USED.draws
    finally:
        stored.USED = None
    with tempfile.TemporaryDirectory(prefix="cases-") as scratch:
        fresh = Path(scratch) / "cases.json"
        failures = run_hidden_tests(root, worksheet, "--record-cases", str(fresh))
        if failures:
            return False, failures
        new = stored.read(fresh)
    new.draws.update(checks)
    if not new.draws and not new.answers:
        return False, []
    return stored.write(path, new), []


def stale(root: Path, worksheet: str) -> list[str]:
    """Why a worksheet's stored cases are out of date (nothing: they are not): a draw or an
    answer they lack, or a cases.json that is not what the reference gives."""
    stored.load(store_of(root, worksheet))
    found = []
    if worksheet in worksheets(root):
        stored.ONLY[0] = True
        try:
            path = cases_path(root, worksheet)
            if not path.exists() or path.read_text(encoding="utf-8") != text(compute(root, worksheet)):
                found.append(f"{path.name} is not what the reference gives")
        except stored.Stale as error:
            found.append(str(error))
        finally:
            stored.ONLY[0] = False
    if store_of(root, worksheet).exists():
        found += run_hidden_tests(root, worksheet, "--stored-only")
    return found
