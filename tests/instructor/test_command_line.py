"""``course``'s command line: a misspelt option gets its command's usage and its name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

COURSE = Path(sys.executable).with_name("course")


@pytest.mark.parametrize("argv, misspelt, meant", [
    (["grade", "hand-in", "--jbos", "2"], "--jbos", "--jobs"),  # before --out is found missing
    (["link", "--hub", "https://hub.example.edu", "--repo", "https://github.com/c/b", "--notebok", "x"],
     "--notebok", "--notebook"),
    (["adequacy", "--exercize", "dice421"], "--exercize", "--exercise"),
])
def test_a_misspelt_option_shows_its_commands_usage_and_names_it(argv, misspelt, meant, tmp_path) -> None:
    completed = subprocess.run([str(COURSE), *argv], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert completed.returncode == 2 and completed.stdout == ""
    assert completed.stderr.startswith(f"usage: course {argv[0]} ")
    last = completed.stderr.strip().splitlines()[-1]
    assert last == f"course {argv[0]}: error: no option {misspelt} (did you mean {meant}?)"
    assert not any(tmp_path.iterdir())  # nothing written


def test_an_option_nothing_resembles_is_named_with_the_commands_options(tmp_path) -> None:
    completed = subprocess.run([str(COURSE), "link", "--zzz"], capture_output=True, text=True, cwd=tmp_path,
                               timeout=60)
    assert completed.returncode == 2
    assert "no option --zzz; its options: -h, --help, --repo" in completed.stderr
