"""One verdict: every mistake of the corpora costs points and turns its check red; every
correct alternative keeps full marks and green checks; the hint a mistake is shown first
states the rule it breaks.

The corpora are data in tests/corpora/ (one module per worksheet). A mistake is judged on
its own exercise, graded as ``course adequacy`` grades a mutant: that exercise's hidden
tests (the first failure is enough), then that exercise's public check cells, run afresh
after the notebook. A worksheet's correct alternatives are graded by ``course grade
--checks``, which grades every exercise and runs every public check cell afresh after the
hidden tests: a few at a time, each in its own exercise of one notebook, and alone when
that notebook loses anything (:func:`grade_alternatives`). Both use ``--no-cascade``: a
mistake is judged on its own exercise, which its earlier exercises (the solution's) do not
touch, and an alternative has no failure to cascade from (tests/grader/test_cascade.py
tests the cascade itself).

Each mistake declares the rule it breaks: a rule of its hidden test module's
``HINT_RULES``, which names the tests whose hints state that rule. The first failing test
of its verdict (the hint the student reads first) must be one of them.
"""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import corpora
from conftest import ROOT
from course.adequacy.mutants import Mutant
from course.adequacy.run import Job, grade_locally
from course.grading.instructor.discover import worksheets
from course.notebook import exercise_ids
from grader.test_one_verdict import hidden_tests, table

MODULES = {module.NOTEBOOK: module for module in corpora.modules()}
MISTAKES = [(stem, m) for stem, module in MODULES.items() for m in module.MISTAKES]
DECLARED = [(stem, m) for stem, m in MISTAKES if m.rule]
ALTERNATIVES = [(stem, a) for stem, module in MODULES.items() for a in module.ALTERNATIVES]
_GRADED: dict[tuple[str, str], dict[str, dict]] = {}
_FAILED: dict[tuple[str, str], str] = {}
#: A mistake that explodes (a meld "in" the hand when one of its cards is) costs this much
#: in each call of each test, instead of the grader's default 10 s. A correct alternative's
#: check (jass's dynamic programming up the ranks) once took over 4 s at a clean clone's
#: load, so it is 8 s: still under the default, and a mistake that explodes still stops.
CALL_TIMEOUT = 8.0
#: the most one notebook's grading may take (a run of a whole worksheet takes seconds)
NOTEBOOK_SECONDS = 600.0


def graded(stem: str, kind: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """The mistakes' verdicts or the alternatives' results of one worksheet, graded once per
    session: by variant name."""
    key = (stem, kind)
    if key in _FAILED:  # one failed run is enough: every test of the worksheet says why at once
        pytest.fail(_FAILED[key], pytrace=False)
    if key not in _GRADED:
        try:
            folder = tmp_path_factory.mktemp(f"corpus-{stem}-{kind}")
            _GRADED[key] = (grade_mistakes if kind == "mistakes" else grade_alternatives)(stem, folder)
        except (AssertionError, subprocess.TimeoutExpired) as failure:
            _FAILED[key] = f"grading the {stem} corpus's {kind} failed: {failure}"
            raise
    return _GRADED[key]


def grade_mistakes(stem: str, folder: Path) -> dict[str, dict[str, Any]]:
    """Each mistake graded on its own exercise (as a mutant is): its verdict by name."""
    module = MODULES[stem]
    sheet = next(sheet for sheet in worksheets(ROOT) if sheet.stem == stem)
    corpora.write(sheet.solution, module.MISTAKES, folder)
    jobs = {m.name: Job(Mutant(m.exercise, number, "corpus", -1, 0, "", m.name, "", ""), sheet,
                        folder / m.name / sheet.solution.name)
            for number, m in enumerate(module.MISTAKES, 1)}
    grade_locally(ROOT, list(jobs.values()), 2, CALL_TIMEOUT, NOTEBOOK_SECONDS, lambda job: None)
    return {name: job.verdict for name, job in jobs.items()}


def grade_alternatives(stem: str, folder: Path) -> dict[str, dict[str, Any]]:
    """Every alternative of one worksheet graded by ``course grade --checks``: by name, the
    extra_data of a notebook that holds it.

    The alternatives are graded together first, one notebook per group of
    :func:`corpora.together`: each exercise of such a notebook holds one alternative or the
    solution's cell. A notebook that keeps every point, raises in no cell and has every
    check green proves each alternative it holds. The alternatives of any other notebook are
    graded again, each alone in the solution, and judged on that notebook.

    Together, each alternative is graded beside other correct code instead of the
    solution's: its exercise's tests, and those of the exercises that call it, pass with
    what the other exercises' alternatives return. A fault only shows alone when another
    alternative of the same notebook makes up for it exactly; the grading takes about a
    fifth of the time of grading each alone (6 notebooks instead of 28 for tCHu, 4 for
    Domi'Nations).
    """
    module = MODULES[stem]
    solution = ROOT / "solutions" / f"{stem}.ipynb"
    groups = {f"together-{number}": group for number, group in enumerate(corpora.together(module.ALTERNATIVES), 1)}
    corpora.write_together(solution, groups, folder / "together")
    combined = grade(folder, [folder / "together"], "out-together", codes=(0, 1))
    found: dict[str, dict[str, Any]] = {}
    alone: list[corpora.Alternative] = []
    for name, group in groups.items():
        if name in combined and not flaws(combined[name]):
            found.update({alternative.name: combined[name] for alternative in group})
        else:
            alone += group
    if alone:
        corpora.write(solution, alone, folder / "submissions")
        results = grade(folder, [folder / "submissions"], "out", codes=(0, 1))
        # The grader can fail on a file of its own accord on a loaded machine (it then exits
        # 1; the file is kept as not graded). Such files are graded again, alone, and that
        # run must succeed.
        again = [v.name for v in alone if results.get(v.name, {}).get("status") != "graded"]
        if again:
            results.update(grade(folder, [folder / "submissions" / name for name in again], "out-again"))
        found.update({alternative.name: results[alternative.name] for alternative in alone})
    return found


def flaws(data: dict[str, Any]) -> list[str]:
    """What a graded notebook lost: its grading, points, a cell that runs, a green check
    (nothing: it kept everything)."""
    if data["status"] != "graded":
        return [f"not graded: {data['reason']}"]
    found = [f"points lost in {exercise}: {result['score']} of {result['max']}"
             for exercise, result in data["exercises"].items() if result["score"] < result["max"]]
    found += [f"a cell raises: {cell}" for cell in data["cells"]]
    return found + [f"a check is not green: {check}" for check in red_checks(data)]


def grade(folder: Path, submissions: list[Path], out: str, codes: tuple[int, ...] = (0,)) -> dict[str, dict]:
    """``course grade --checks`` on ``submissions``: extra_data by variant name."""
    run = subprocess.run(
        [sys.executable, "-m", "course.commands", "grade", *map(str, submissions),
         "--out", str(folder / out), "--jobs", "2", "--checks", "--root", str(ROOT),
         "--call-timeout", str(CALL_TIMEOUT), "--no-cascade"],
        capture_output=True, text=True, timeout=1200,
    )
    assert run.returncode in codes, run.stderr[-2000:]
    results = {}
    for path in (folder / out / "results").glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))["extra_data"]
        results[data["student"]] = data
    return results


@functools.cache
def hidden_module(stem: str) -> tuple[dict[str, list[str]], dict[str, str], dict[str, str]]:
    """A worksheet's hidden test module, read without running it (once per session): its
    ``HINT_RULES`` (rule to tests), its ``HINTS`` (test to hint) and each test's exercise."""
    sheet = next(sheet for sheet in worksheets(ROOT) if sheet.stem == stem)
    assert sheet.tests is not None, f"{stem} has no hidden tests"
    tree = ast.parse(sheet.tests.read_text(encoding="utf-8"))
    rules = table(tree, "HINT_RULES") or {}
    for rule in table(tree, "RANDOMNESS_RULES") or ():  # stated by the grader's own sentence too
        rules[rule] = [*rules.get(rule, []), DREW_ELSEWHERE]
    return rules, table(tree, "HINTS") or {}, hidden_tests(tree)


#: in a module's rules, the grader's sentence about a call given an rng that draws elsewhere
#: (course.grading.notebook.randomness), which states the rule whatever test it failed in
DREW_ELSEWHERE = "the grader's sentence about the rng"


def first_failed(verdict: dict[str, Any]) -> str:
    """The hidden test whose failure a verdict records, the one whose hint is shown first ("": none)."""
    name = str(verdict.get("by", "")).partition(": ")[0].partition("[")[0]
    return name if name.startswith("test") else ""


def misleading_hint(mistake: corpora.Mistake, verdict: dict[str, Any], rules: dict[str, list[str]],
                    hints: dict[str, str]) -> str:
    """Why the hint ``mistake`` is shown first does not state the rule it breaks ("" when it does)."""
    shown = first_failed(verdict)
    if shown in rules.get(mistake.rule, []):
        return ""
    by = str(verdict.get("by", ""))
    if DREW_ELSEWHERE in rules.get(mistake.rule, []) and " drew from " in by and "random.Random" in by:
        return ""
    stated = ", ".join(rules.get(mistake.rule, [])) or "no test"
    said = f"{shown}'s: {hints.get(shown, 'no hint')}" if shown else f"none (the grading says: {verdict.get('by')})"
    return f"{mistake.name} breaks the rule {mistake.rule!r} (stated by {stated}), but the hint shown first is {said}"


def red_checks(data: dict, exercise: str | None = None) -> list[str]:
    """The check cells (of ``exercise``, or all) that do not say all examples pass."""
    return [
        f"{c['source']}: {c['status']}" for c in data["checks"]
        if (exercise is None or c["exercise"] == exercise) and c["status"] != "passed"
    ]


def test_alternatives_are_graded_together_one_per_exercise(tmp_path: Path) -> None:
    variants = [corpora.Alternative(name, exercise, f"# {name}\n", "") for name, exercise in
                [("a1", "start.a"), ("b1", "start.b"), ("a2", "start.a"), ("a3", "start.a"), ("b2", "start.b")]]
    groups = corpora.together(variants)
    assert [[v.name for v in group] for group in groups] == [["a1", "b1"], ["a2", "b2"], ["a3"]]
    solution = ROOT / "solutions" / "00_start_here.ipynb"
    corpora.write_together(solution, {"first": groups[0]}, tmp_path)
    cells = json.loads((tmp_path / "first" / solution.name).read_text(encoding="utf-8"))["cells"]
    assert ["".join(cell["source"]) for cell in cells[-2:]] == ["# a1\n", "# b1\n"]
    with pytest.raises(ValueError, match="two variants of one exercise"):
        corpora.write_together(solution, {"twice": [variants[0], variants[2]]}, tmp_path)


@pytest.mark.parametrize("stem", sorted(MODULES))
def test_corpus_is_well_formed(stem: str) -> None:
    module = MODULES[stem]
    notebook = json.loads((ROOT / "solutions" / f"{stem}.ipynb").read_text(encoding="utf-8"))
    exercises = set(exercise_ids(notebook))
    names = [v.name for v in [*module.MISTAKES, *module.ALTERNATIVES]]
    assert len(names) == len(set(names)), "two variants share a name"
    for variant in [*module.MISTAKES, *module.ALTERNATIVES]:
        assert variant.exercise in exercises, f"{variant.name}: no exercise {variant.exercise}"
        assert variant.why.strip(), f"{variant.name}: say what it does"
        compile(variant.cell, variant.name, "exec")


@pytest.mark.parametrize("stem", sorted(MODULES))
def test_every_mistake_declares_the_rule_it_breaks(stem: str) -> None:
    """Each rule names tests of the module; each declared rule is one of them, of the mistake's
    exercise; a worksheet whose mistakes do not all declare a rule yet is reported pending."""
    rules, _, tests = hidden_module(stem)
    rules = {rule: [name for name in names if name != DREW_ELSEWHERE] for rule, names in rules.items()}
    problems = [f"HINT_RULES: {rule!r} names {name}, which is no hidden test"
                for rule, names in rules.items() for name in names if name not in tests]
    stated = {name for names in rules.values() for name in names}
    problems += [f"HINT_RULES: the hint of {name} states no rule" for name in tests if rules and name not in stated]
    mistakes = MODULES[stem].MISTAKES
    for mistake in (m for m in mistakes if m.rule):
        if mistake.rule not in rules:
            problems.append(f"{mistake.name} declares the rule {mistake.rule!r}, which HINT_RULES does not name "
                            f"(it names {', '.join(sorted(rules)) or 'none'})")
        elif any(tests.get(name) != mistake.exercise for name in rules[mistake.rule]):
            problems.append(f"{mistake.name} ({mistake.exercise}) declares {mistake.rule!r}, whose tests grade "
                            f"{sorted({tests.get(name, '?') for name in rules[mistake.rule]})}")
    assert not problems, "\n".join(problems)
    pending = [m.name for m in mistakes if not m.rule]
    if pending:
        pytest.skip(f"pending: {len(pending)} of the {len(mistakes)} mistakes of {stem} declare no rule yet")


def test_a_hint_belongs_to_the_rule_that_names_its_test() -> None:
    rules = {"straight-needs-both-steps": ["test_straight_values", "test_straight_like_the_reference"],
             "straight-returns-a-bool": ["test_straight_returns_a_bool"]}
    hints = {"test_straight_values": "Both steps.", "test_straight_returns_a_bool": "Return True or False."}
    mistake = corpora.Mistake("straight-or", "dice421.is_straight", "", "one step is not enough",
                              rule="straight-needs-both-steps")
    assert misleading_hint(mistake, {"by": "test_straight_values: `is_straight(2, 1, 1)` returned True"},
                           rules, hints) == ""
    assert misleading_hint(mistake, {"by": "test_straight_like_the_reference[3]: differs"}, rules, hints) == ""
    wrong = misleading_hint(mistake, {"by": "test_straight_returns_a_bool: AssertionError"}, rules, hints)
    assert "straight-or" in wrong and "'straight-needs-both-steps'" in wrong and "Return True or False." in wrong
    crashed = misleading_hint(mistake, {"by": "no report: the grading crashed"}, rules, hints)
    assert "none (the grading says: no report: the grading crashed)" in crashed
    drew = "test_straight_values: `f(rng)` drew from the module random, but it is given a random.Random: ..."
    assert misleading_hint(mistake, {"by": drew}, rules, hints) == ""  # the rule's own test
    rules["straight-needs-both-steps"] = ["test_straight_returns_a_bool", DREW_ELSEWHERE]
    assert misleading_hint(mistake, {"by": drew.replace("values", "other")}, rules, hints) == ""
    assert misleading_hint(mistake, {"by": "test_straight_other: AssertionError"}, rules, hints)
    unknown = replace(mistake, rule="straight-is-wrong")
    assert "stated by no test" in misleading_hint(unknown, {"by": "test_straight_values: x"}, rules, hints)


@pytest.mark.slow  # each worksheet's mistakes are graded together, in a minute or more
@pytest.mark.parametrize(("stem", "mistake"), MISTAKES, ids=lambda v: getattr(v, "name", v))
def test_mistake_costs_points_and_turns_its_check_red(
    stem: str, mistake: corpora.Mistake, tmp_path_factory: pytest.TempPathFactory
) -> None:
    verdict = graded(stem, "mistakes", tmp_path_factory)[mistake.name]
    assert "timings" in verdict, f"not graded: {verdict['by']}"  # a grading that crashed is no verdict
    assert verdict["by"] != "no hidden test ran", f"{mistake.exercise} has no hidden test"
    # a failing test costs its share of the exercise's points (an optional exercise, worth
    # 0 points, still has tests that must fail)
    assert verdict["killed"], f"the hidden tests pass: {mistake.why}"
    assert verdict["checks"], f"{mistake.exercise} has no public check"
    assert verdict["flagged"], f"every check of {mistake.exercise} passes: {mistake.why}"


@pytest.mark.slow  # the verdicts the test above computed: graded once per session
@pytest.mark.parametrize(("stem", "mistake"), DECLARED, ids=lambda v: getattr(v, "name", v))
def test_mistake_is_shown_the_hint_of_the_rule_it_breaks(
    stem: str, mistake: corpora.Mistake, tmp_path_factory: pytest.TempPathFactory
) -> None:
    verdict = graded(stem, "mistakes", tmp_path_factory)[mistake.name]
    rules, hints, _ = hidden_module(stem)
    misled = misleading_hint(mistake, verdict, rules, hints)
    assert not misled, misled


@pytest.mark.slow
@pytest.mark.parametrize(("stem", "alternative"), ALTERNATIVES, ids=lambda v: getattr(v, "name", v))
def test_alternative_keeps_full_marks_and_green_checks(
    stem: str, alternative: corpora.Alternative, tmp_path_factory: pytest.TempPathFactory
) -> None:
    data = graded(stem, "alternatives", tmp_path_factory)[alternative.name]
    assert not flaws(data), f"{alternative.why}: " + "; ".join(flaws(data))
