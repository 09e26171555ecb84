"""The hidden tests' stored cases: what Hypothesis drew and what the reference answered.

``course cases`` runs a worksheet's hidden tests once on its solution and keeps, in
tests/grading/cases/<worksheet>.json (beside the hidden tests, in the grading bundle):

* ``draws``: the examples of every strategy a test drew, under the strategy's key
  (:func:`course.grading.grader.drawing.key` and the count), as data, small to large;
* ``answers``: every answer of the reference's process, under the digest of its
  conversation up to that request (:mod:`course.grading.grader.journal`): values, exceptions,
  printed text, whole games, whatever the tests asked.

Grading reads the file of the worksheet it grades and takes a draw or an answer from it
when its key is there: no Hypothesis and no reference process. A key that is not there
(a strategy, a hidden test or the solution changed since) is drawn or asked live, or, with
:data:`ONLY` set, fails with a sentence that names ``course cases``.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: the command that refreshes the stored cases
REFRESH = "course cases"
#: the folder of the stored cases, beside the hidden test modules
FOLDER = "cases"


class Stale(Exception):
    """A draw or an answer the stored cases do not hold, when nothing else may give it."""


@dataclass
class Store:
    """One worksheet's stored cases."""

    draws: dict[str, Any] = field(default_factory=dict)
    answers: dict[str, Any] = field(default_factory=dict)


#: the draws and answers of the stored files read in this process
DRAWS: dict[str, Any] = {}
#: the reference's answers as the file holds them (JSON data), by the conversation's digest in hex
ANSWERS: dict[str, Any] = {}
#: when set, a missing draw or answer raises :class:`Stale` (``course cases --check``)
ONLY: list[bool] = [False]
#: when recording (``course cases``): every draw and answer used, to be written
USED: Store | None = None
_READ: dict[str, tuple[int, bool]] = {}


def store_path(module: Path) -> Path:
    """Where the stored cases of a hidden test module (tests/grading/test_x.py) live."""
    return module.parent / FOLDER / f"{module.stem.removeprefix('test_')}.json"


def read(path: Path) -> Store:
    """A stored cases file (an empty store when there is none)."""
    if not path.is_file():
        return Store()
    data = json.loads(path.read_text(encoding="utf-8"))
    return Store(draws=data.get("draws", {}), answers=data.get("answers", {}))


def load(path: Path, answers: bool = True) -> None:
    """Make a stored cases file's draws (and answers) available to this process (once per version)."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return
    if _READ.get(str(path)) == (stamp, answers):
        return
    store = read(path)
    DRAWS.update(store.draws)
    if answers:
        ANSWERS.update(store.answers)
    _READ[str(path)] = (stamp, answers)


def answer(chain: bytes) -> Any:
    """The stored answer to the conversation whose digest is ``chain`` (JSON data, never
    changed by its reader), or None."""
    return ANSWERS.get(chain.hex())


def stale(what: str) -> Stale:
    """The error of a missing draw or answer."""
    return Stale(f"the stored cases do not hold {what}: run `{REFRESH}` to refresh them")


def text(store: Store) -> str:
    """The file's text: one draw and one answer a line, in key order (diffs stay readable)."""
    def block(table: dict[str, Any]) -> str:
        lines = [f"  {json.dumps(name, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)}"
                 for name, value in sorted(table.items())]
        return "{\n" + ",\n".join(lines) + "\n }" if lines else "{}"

    return (f'{{\n "refresh": {json.dumps(REFRESH)},\n "draws": {block(store.draws)},\n'
            f' "answers": {block(store.answers)}\n}}\n')


def write(path: Path, store: Store) -> bool:
    """Write a stored cases file; True when it changed."""
    new = text(store)
    if path.is_file() and path.read_text(encoding="utf-8") == new:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    partial.write_text(new, encoding="utf-8")
    os.replace(partial, path)
    return True
