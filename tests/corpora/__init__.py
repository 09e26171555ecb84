"""Mistakes and correct alternatives, as data: the proof that checks and grades agree.

Each module (``jass.py``, ``abapa.py``...) sets ``NOTEBOOK`` (the solution notebook's
stem) and two lists; a worksheet may have several modules (``jass_unseen.py``: variants
written from the worksheet's text and rules alone, not from its hidden tests or checks),
whose lists :func:`modules` joins:

* ``MISTAKES``: wrong answers a student could plausibly write. Each is a code cell run
  after every cell of the solution notebook (usually redefining a function or a method),
  with the exercise it must cost and the rule it breaks (``rule``: a rule of the hidden
  test module's ``HINT_RULES``). ``tests/grader/test_corpora.py`` proves that the hidden
  tests take points in that exercise, that the hint shown first states that rule, AND that
  the exercise's public check, run again after the cell, no longer says that all examples
  pass.
* ``ALTERNATIVES``: correct answers written another way (other data structures, identity
  instead of equality, recursion instead of a loop, another legal order of calls...).
  Each keeps full marks in every exercise and every public check green.

A cell is appended to the solution notebook as it is; with ``replace=True`` it replaces
the source of the exercise's own cell instead (for a rewrite that later cells build on).
"""

from __future__ import annotations

import copy
import importlib
import json
import pkgutil
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType


@dataclass(frozen=True)
class Mistake:
    """A wrong answer: the cell that makes it, the exercise it must cost, the rule it breaks."""

    name: str
    exercise: str
    cell: str
    why: str
    replace: bool = False
    #: the rule of the hidden tests' ``HINT_RULES`` that the mistake breaks ("": not declared yet)
    rule: str = ""


@dataclass(frozen=True)
class Alternative:
    """A correct answer written another way: it must keep every point and every check green."""

    name: str
    exercise: str
    cell: str
    why: str
    replace: bool = False


Variant = Mistake | Alternative


def modules() -> list[ModuleType]:
    """The corpus of every worksheet, in the order of the notebooks: one module each, whose
    ``MISTAKES`` and ``ALTERNATIVES`` are those of every module of that notebook."""
    joined: dict[str, ModuleType] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        corpus = joined.setdefault(module.NOTEBOOK, ModuleType(f"{__name__}.{module.NOTEBOOK}"))
        corpus.NOTEBOOK = module.NOTEBOOK
        corpus.MISTAKES = [*getattr(corpus, "MISTAKES", []), *module.MISTAKES]
        corpus.ALTERNATIVES = [*getattr(corpus, "ALTERNATIVES", []), *module.ALTERNATIVES]
    return [joined[notebook] for notebook in sorted(joined)]


def notebook_with(solution: dict, variant: Variant) -> dict:
    """The solution notebook with ``variant``'s cell appended (or put in its exercise's cell)."""
    notebook = copy.deepcopy(solution)
    _put(notebook, variant)
    return notebook


def _put(notebook: dict, variant: Variant) -> None:
    """Append ``variant``'s cell to ``notebook``, or put it in its exercise's cell."""
    if variant.replace:
        cells = [
            cell for cell in notebook["cells"]
            if cell.get("metadata", {}).get("course", {}).get("exercise") == variant.exercise
        ]
        if len(cells) != 1:
            raise ValueError(f"{variant.name}: exercise {variant.exercise} has {len(cells)} cells")
        cells[0]["source"] = variant.cell
        cells[0]["outputs"] = []
        return
    notebook["cells"].append({
        "cell_type": "code", "execution_count": None, "id": f"corpus-{variant.name}",
        "metadata": {}, "outputs": [], "source": variant.cell,
    })


def together(variants: list[Variant]) -> list[list[Variant]]:
    """``variants`` in groups of one per exercise at most: the first group holds the first
    variant of each exercise, the second the second, and so on (in the order given)."""
    groups: list[list[Variant]] = []
    seen: dict[str, int] = {}
    for variant in variants:
        index = seen.get(variant.exercise, 0)
        seen[variant.exercise] = index + 1
        if index == len(groups):
            groups.append([])
        groups[index].append(variant)
    return groups


def write_together(solution: Path, groups: dict[str, list[Variant]], folder: Path) -> None:
    """Write one student folder per group, named by its key: the solution notebook with
    every variant of the group in it (each in its own exercise)."""
    notebook = json.loads(solution.read_text(encoding="utf-8"))
    for name, group in groups.items():
        if len({variant.exercise for variant in group}) != len(group):
            raise ValueError(f"{name}: two variants of one exercise cannot share a notebook")
        combined = copy.deepcopy(notebook)
        for variant in group:
            _put(combined, variant)
        target = folder / name / solution.name
        target.parent.mkdir(parents=True)
        target.write_text(json.dumps(combined, indent=1), encoding="utf-8")


def write(solution: Path, variants: list[Variant], folder: Path) -> None:
    """Write one student folder per variant, named after it, holding its notebook."""
    notebook = json.loads(solution.read_text(encoding="utf-8"))
    for variant in variants:
        target = folder / variant.name / solution.name
        target.parent.mkdir(parents=True)
        target.write_text(json.dumps(notebook_with(notebook, variant), indent=1), encoding="utf-8")
