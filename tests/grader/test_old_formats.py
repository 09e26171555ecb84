"""A notebook saved in an older format (nbformat 3) is upgraded by nbformat and graded."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import nbformat

from conftest import ROOT


def test_a_format_3_notebook_is_upgraded_and_gets_full_marks(tmp_path: Path) -> None:
    solution = nbformat.read(ROOT / "solutions" / "00_start_here.ipynb", as_version=4)
    hand_in = tmp_path / "hand-in" / "ada"
    hand_in.mkdir(parents=True)
    (hand_in / "00_start_here.ipynb").write_text(nbformat.writes(nbformat.convert(solution, 3), version=3),
                                                 encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "course.commands", "grade", str(tmp_path / "hand-in"),
                          "--out", str(tmp_path / "out"), "--root", str(ROOT), "--jobs", "1"],
                         capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    row, = csv.DictReader((tmp_path / "out" / "grades.csv").open(encoding="utf-8"))
    assert row["student"] == "ada"
    assert float(row["total"]) == float(row["maximum"]) > 0, row
