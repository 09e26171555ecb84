"""Attacks on the grader, graded in one batch: each scores what it deserves, the batch completes.

The attack notebooks are built by :mod:`attacks` from the start notebook's solution and
graded with ``course grade`` exactly as an instructor would (short time limits, to keep
the run fast).
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys

import pytest

import attacks
from conftest import ROOT

CALL_TIMEOUT = "1.5"


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Grade every attack in one ``course grade`` run; its outputs."""
    folder = tmp_path_factory.mktemp("attacks")
    out = folder / "out"
    attacks.write_all(ROOT, folder / "submissions", out)
    run = subprocess.run(
        [sys.executable, "-m", "course.commands", "grade", str(folder / "submissions"),
         "--out", str(out), "--jobs", "2", "--call-timeout", CALL_TIMEOUT, "--root", str(ROOT)],
        capture_output=True, text=True, timeout=600,
    )
    rows = list(csv.DictReader((out / "grades.csv").open(encoding="utf-8")))
    return {"run": run, "out": out, "rows": {row["student"]: row for row in rows}}


def test_the_batch_completes_with_a_row_per_attack(batch: dict) -> None:
    assert batch["run"].returncode == 0, batch["run"].stderr[-2000:]
    assert sorted(batch["rows"]) == sorted(attack.name for attack in attacks.ATTACKS)
    for row in batch["rows"].values():
        assert row["notes"] == "", row


@pytest.mark.parametrize("attack", attacks.ATTACKS, ids=lambda attack: attack.name)
def test_each_attack_scores_what_it_deserves(batch: dict, attack: attacks.Attack) -> None:
    lacking = attacks.missing(attack)
    if lacking:
        pytest.skip(f"this kernel lacks {', '.join(lacking)} (see docs/GRADING.md)")
    row = batch["rows"][attack.name]
    assert float(row["start.count_pips"]) == pytest.approx(attack.expected, abs=0.01), attack.description
    result = json.loads((batch["out"] / "results" / f"{attack.name}.start.json").read_text())
    assert result["extra_data"]["status"] == "graded"


def test_forged_results_never_reach_the_output(batch: dict) -> None:
    if attacks.sandbox.landlock_abi() < 1:
        pytest.skip("this kernel has no Landlock (see docs/GRADING.md)")
    out = batch["out"]
    assert not (out / "results" / "mallory.start.json").exists()
    assert "mallory" not in (out / "grades.csv").read_text()
    assert not (ROOT / "results.json").exists()


def test_failures_are_explained_to_the_student(batch: dict) -> None:
    feedback = batch["out"] / "feedback"
    expected = {
        "loop_in_function": "ran longer than 1.5 s",
        "loop_ignoring_timeout": "the notebook's process was stopped",
        "os_exit_in_function": "exited with status 0",
        "sys_exit_in_function": "called sys.exit(0)",
        "memory_10gb_in_function": "MemoryError",
        "keyboard_interrupt": "KeyboardInterrupt",
        "huge_return": "too large to send",
        "loop_in_cell": "the cell ran longer than 1.5 s",
        "fork_bomb": "PermissionError",
    }
    for name, words in expected.items():
        assert words in (feedback / f"{name}.md").read_text(), name
