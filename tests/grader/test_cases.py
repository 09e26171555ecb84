"""The checks' generated examples: computed from the reference, kept as data in the package."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT
from course.grading.instructor import cases
from exercises import checks
from exercises.jass.model import Card, Rank, Suit
from exercises.start import check_count_pips


@pytest.mark.parametrize("worksheet", cases.worksheets(ROOT))
def test_the_committed_cases_are_what_the_reference_gives(worksheet):
    committed = cases.cases_path(ROOT, worksheet).read_text(encoding="utf-8")
    # computed in a process of its own, as `course cases` computes them: a draw of this
    # process (where other tests drew and loaded other cases) may not be the stored one
    program = ("import sys; from pathlib import Path; from course.grading.instructor import cases; "
               "sys.stdout.write(cases.text(cases.compute(Path(sys.argv[1]), sys.argv[2])))")
    run = subprocess.run([sys.executable, "-c", program, str(ROOT), worksheet], cwd=ROOT, capture_output=True,
                         text=True, timeout=900, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert committed == run.stdout, (
        f"src/exercises/{worksheet}/cases.json is stale: run `course cases --worksheet {worksheet}`")


def test_every_worksheet_with_samples_has_a_check_that_reads_them():
    for worksheet in cases.worksheets(ROOT):
        table = json.loads(cases.cases_path(ROOT, worksheet).read_text(encoding="utf-8"))
        assert table, worksheet
        for exercise, entries in table.items():
            assert entries and all("expected" in entry or "raises" in entry for entry in entries), exercise
            assert len(checks.generated(exercise, {})) == len(entries)


@pytest.mark.parametrize("value", [
    None, True, 7, -2.5, "♠6", [1, [2, 3]], (4, 2, 1), {3, 1}, frozenset({(1, 2)}), {(1, 2): [3]},
    {"a": {"b"}}, Suit.SPADE, Card(Suit.HEART, Rank.ACE), frozenset({Card(Suit.CLUB, Rank.SIX)}),
])
def test_a_value_comes_back_from_the_data_as_it_went_in(value):
    data = json.loads(json.dumps(cases.encode(value)))
    back = checks._decode(data)
    assert back == value and type(back) is type(value)


def test_only_plain_data_and_the_packages_values_are_written():
    class Student:
        pass

    with pytest.raises(ValueError, match="Student"):
        cases.encode([Student()])


def test_data_naming_another_module_is_refused():
    with pytest.raises(ValueError, match="not the package's"):
        checks._decode({"$enum": ["os:PathLike", "X"]})


def test_a_mistake_the_written_examples_miss_fails_a_generated_one_smallest_first():
    def first_three_only(dice):  # right on the four written examples, wrong from four dice on
        return sum(list(dice)[:3])

    table = json.loads(cases.cases_path(ROOT, "start").read_text(encoding="utf-8"))
    wrong = [entry["call"] for entry in table["start.count_pips"]
             if first_three_only(checks._decode(entry["names"]["dice"])) != entry["expected"]]
    assert wrong, "the generated examples hold no throw of four dice or more"
    result = check_count_pips(first_three_only)
    assert not result.ok
    failing = [line for line in result.lines if line.startswith("  ✗")]
    assert failing == [f"  ✗ {min(wrong, key=len)}"]


def test_a_right_answer_passes_every_generated_example_without_a_line_each():
    result = check_count_pips(lambda dice: sum(dice))
    generated = len(checks.generated("start.count_pips", {}))
    assert result.ok and result.total == 4 + generated
    assert sum(line.startswith("  ✓") for line in result.lines) == 4 + 1
