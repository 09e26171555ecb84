"""A mistake costs once: an exercise that calls an earlier, failing exercise is graded with
the course's code in its place, which reaches the notebook as code objects, never source."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import ROOT
from support.notebooks import DICE, variant

SORT3_THAT_LOOKS = '''def sort3_desc(a, b, c):
    import inspect
    try:
        inspect.getsource(sort2_desc)
        return (0, 0, 0)  # the given code came as source text: this must never happen
    except (OSError, TypeError):
        pass
    a, b = sort2_desc(a, b)
    b, c = sort2_desc(b, c)
    a, b = sort2_desc(a, b)
    return (a, b, c)
'''


def test_a_later_exercise_is_graded_with_the_given_code_which_has_no_source(tmp_path: Path) -> None:
    notebook = variant(DICE, {
        "dice421.sort2_desc": "def sort2_desc(a, b):\n    return (min(a, b), max(a, b))\n",
        "dice421.sort3_desc": SORT3_THAT_LOOKS,
    })
    target = tmp_path / "hand-in" / "ann" / "02_dice_421.ipynb"
    target.parent.mkdir(parents=True)
    target.write_text(json.dumps(notebook), encoding="utf-8")
    scores = {}
    for name, options in (("on", []), ("off", ["--no-cascade"])):
        run = subprocess.run(
            [sys.executable, "-m", "course.commands", "grade", str(tmp_path / "hand-in"),
             "--out", str(tmp_path / name), "--root", str(ROOT), *options],
            capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stderr[-2000:]
        result = json.loads((tmp_path / name / "results" / "ann.dice421.json").read_text(encoding="utf-8"))
        scores[name] = {e: v["score"] for e, v in result["extra_data"]["exercises"].items()}
    assert scores["on"]["dice421.sort2_desc"] == scores["off"]["dice421.sort2_desc"] == 0
    assert scores["off"]["dice421.sort3_desc"] < 1  # only "returns a tuple" passes
    assert scores["on"]["dice421.sort3_desc"] == 2  # the given sort2_desc, and no source to read
    feedback = (tmp_path / "on" / "feedback" / "ann.md").read_text(encoding="utf-8")
    assert "dice421.sort3_desc: graded with the given `sort2_desc` because yours fails its tests" in feedback
