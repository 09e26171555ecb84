"""``course adequacy``: the mutation operators, the grading of mutants, and a seeded sample.

The operators are checked on small sources: each yields the mutants it should, each
mutant compiles, and nothing outside the solution region changes. The machinery is
checked on mutants of the course (one the hidden tests must kill, one the equivalents
file lists); a seeded sample of every worksheet's mutants is graded and its figures
printed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from course.adequacy import report
from course.adequacy.mutants import OPERATORS, cell_mutants, notebook_mutants
from course.adequacy.run import EQUIVALENTS, Refused, analyse, plan, read_listed

SAMPLE = 4  #: mutants per worksheet graded by the sample test (seed 0)


def region(code: str, before: str = "", after: str = "") -> str:
    """A cell: ``before``, then ``code`` in a solution region, then ``after``."""
    body = "\n".join("    " + line for line in code.strip("\n").splitlines())
    return f"{before}def f(a, b, xs):\n    ### BEGIN SOLUTION\n{body}\n    ### END SOLUTION\n{after}"


def mutated(code: str, operator: str) -> set[str]:
    """The changed lines (stripped) of each mutant ``operator`` makes of ``code``; every
    mutant compiles and keeps the lines around the region."""
    source = region(code)
    original = source.splitlines()
    found = set()
    for name, text in cell_mutants(source):
        compile(text, "<mutant>", "exec")
        lines = text.splitlines()
        assert lines[:2] == original[:2] and lines[-1] == original[-1]
        if name == operator:
            found.add("\n".join(line.strip() for line in lines if line not in original))
    return found


@pytest.mark.parametrize("operator, code, expected", [
    ("aor", "return a + b * 2", {"return a - b * 2", "return a + b / 2"}),
    ("aor", "a //= b % 3\nreturn -a", {"a /= b % 3", "a //= b // 3", "return a"}),
    ("aor", "return 'x' + str(a)", set()),  # joining strings is not arithmetic
    ("ror", "return a < b <= 3", {"return a <= b <= 3", "return a < b < 3"}),
    ("ror", "return a in xs and b is not None",
     {"return a not in xs and b is not None", "return a in xs and b is None"}),
    ("lcr", "return a and not b", {"return a or not b", "return a and b"}),
    ("crp", "return a == 0 or True", {"return a == 1 or True", "return a == -1 or True", "return a == 0 or False"}),
    ("slice", "return xs[a:len(xs)]", {"return xs[a + 1:len(xs)]", "return xs[a - 1:len(xs)]",
                                      "return xs[a:len(xs) + 1]", "return xs[a:len(xs) - 1]"}),
    ("ret", "if a:\n    return b\nreturn None", {"return None"}),
    ("exc", "raise ValueError('no')", {"raise TypeError('no')"}),
    ("exc", "raise KeyError(a)", {"raise ValueError(a)"}),
    ("swap", "return max(a, b, a)", {"return max(b, a, a)", "return max(a, a, b)"}),
    ("swap", "return max(a, a)", set()),  # the same argument twice: no mutant
    ("copy", "ys = list(xs)\nzs = xs.copy()\nws = copy.deepcopy(xs)\nvs = xs[:]\nus = list(range(a))",
     {"ys = xs", "zs = xs", "ws = xs", "vs = xs"}),
])
def test_each_operator_yields_its_mutants(operator: str, code: str, expected: set[str]) -> None:
    assert mutated(code, operator) == expected


def test_a_statement_is_removed_but_not_a_def_a_docstring_or_a_last_return() -> None:
    source = region('"""Doc."""\nx = a\nif x:\n    return b\nreturn x')
    removed = [text for name, text in cell_mutants(source) if name == "sdl"]
    assert len(removed) == 3  # x = a; the if (with its body); its return b (not the last return)
    assert all("Doc." in text and "def f" in text for text in removed)
    assert any("    pass\n    return x" in text and "if x" not in text for text in removed)


def test_only_the_solution_region_is_mutated() -> None:
    source = region("return a + 1", before="K = 1 + 2\n", after="L = 3 - 4\n")
    for _, text in cell_mutants(source):
        assert text.startswith("K = 1 + 2\n") and text.endswith("L = 3 - 4\n")
    assert list(cell_mutants("x = 1 + 2\n")) == []  # no region, no mutant


def test_every_operator_makes_mutants_of_the_course() -> None:
    """Each operator finds something to mutate in the solutions, and each mutant compiles."""
    seen = set()
    for path in sorted((ROOT / "solutions").glob("*.ipynb")):
        for mutant in notebook_mutants(json.loads(path.read_text(encoding="utf-8"))):
            seen.add(mutant.operator)
            compile(mutant.source, mutant.id, "exec")
            assert mutant.diff.count("\n-") + mutant.diff.count("\n+") >= 1
    assert seen == set(OPERATORS)


def test_the_equivalents_file_names_each_mutant_with_its_reason() -> None:
    equivalent, unchecked = read_listed(ROOT / EQUIVALENTS)
    assert equivalent and all(entry.reason for entry in equivalent + unchecked)
    # a mutant both families make is named by its first-order operator in an "all" run and
    # by its student one in a "student" run: an entry may name it either way
    every = {(m.exercise, m.operator, m.before, m.after)
             for path in (ROOT / "solutions").glob("*.ipynb")
             for family in ("first-order", "student")
             for m in notebook_mutants(json.loads(path.read_text(encoding="utf-8")), family=family)}
    stale = [entry for entry in equivalent + unchecked
             if (entry.exercise, entry.operator, entry.before.strip(), entry.after.strip()) not in every]
    assert stale == [], "entries that match no mutant of the solutions any more"


def test_a_bad_equivalents_file_is_refused_in_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "equivalent.toml"
    path.write_text('[[equivalent]]\nexercise = "dice421.swap"\noperator = "ret"\n', encoding="utf-8")
    with pytest.raises(Refused, match="number 1 lacks before, after, reason"):
        read_listed(path)
    path.write_text("[[equivalent]\n", encoding="utf-8")
    with pytest.raises(Refused, match="not valid TOML"):
        read_listed(path)


def test_a_killed_mutant_and_an_equivalent_one_are_told_apart() -> None:
    """sort3_desc with its result dropped is killed and flagged; with the arguments of the
    symmetric sort2_desc swapped it is equivalent (the file lists it)."""
    [(sheet, mutants)] = plan(ROOT, ["dice421.sort3_desc"])
    dropped = next(m for m in mutants if m.operator == "ret")
    swapped = next(m for m in mutants if m.operator == "swap")
    result = analyse(ROOT, [], jobs=1, mutants=[(sheet, [dropped, swapped])])
    rows = {row["id"]: row for row in result["mutants"]}
    assert rows[dropped.id]["status"] == "killed" and rows[dropped.id]["check"] == "flagged"
    assert rows[swapped.id]["status"] == "equivalent" and rows[swapped.id]["reason"]
    assert result["baseline"]["dice421.sort3_desc"] == {"killed": False, "by": "", "flagged": False}
    [row] = report.summary(result)
    assert (row["mutants"], row["killed"], row["flagged"], row["equivalent"], row["survivors"]) == (2, 1, 1, 1, 0)
    assert "| dice421.sort3_desc | 2 | 1 | 1 | 1 | 0 | 100 % | 100 % | passes |" in report.markdown(result)


def test_the_graders_own_failure_is_retried_once_then_counted_as_a_survivor_with_why(monkeypatch) -> None:
    """A grading process that cannot start (once, then always) never drops a mutant: a single
    failure is graded again in a fresh process; a lasting one is a survivor (not known to be
    killed) that says why."""
    from course.adequacy import run

    [(sheet, mutants)] = plan(ROOT, ["dice421.sort3_desc"])
    dropped = next(m for m in mutants if m.operator == "ret")
    real, failures = run.MutantProcess.start, []

    def failing(times: int):
        def start(process):
            if len(failures) < times:
                failures.append(process)
                raise BlockingIOError(11, "Resource temporarily unavailable")
            return real(process)
        return start

    monkeypatch.setattr(run.MutantProcess, "start", failing(1))
    [row] = analyse(ROOT, [], jobs=1, mutants=[(sheet, [dropped])])["mutants"]
    assert (row["status"], len(failures)) == ("killed", 1)

    failures.clear()
    monkeypatch.setattr(run.MutantProcess, "start", failing(10**6))
    [row] = analyse(ROOT, [], jobs=1, mutants=[(sheet, [dropped])])["mutants"]
    assert row["status"] == "survived" and "the grader failed" in row["by"]
    assert "Resource temporarily unavailable" in row["by"]


@pytest.fixture(scope="module")
def sample() -> dict:
    """A seeded sample of every worksheet's mutants, graded (its table is printed)."""
    planned = plan(ROOT, [], sample=SAMPLE, seed=0)
    result = analyse(ROOT, [], jobs=2, sample=SAMPLE, seed=0, mutants=planned)
    print(report.markdown(result, "Seeded sample"))
    return {"planned": planned, "result": result}


def test_a_seeded_sample_of_every_worksheet(sample: dict) -> None:
    """The same sample for the same seed, SAMPLE mutants of each worksheet; each graded with
    a verdict of the hidden tests and of its check; every solution passes both."""
    planned, result = sample["planned"], sample["result"]
    dice = [m.id for sheet, found in planned if sheet.id == "dice421" for m in found]
    assert dice == [m.id for _, found in plan(ROOT, ["dice421"], SAMPLE, 0) for m in found]
    assert dice != [m.id for _, found in plan(ROOT, ["dice421"], SAMPLE, 1) for m in found]
    assert all(len(found) == SAMPLE for sheet, found in planned if sheet.id != "start")
    assert {row["id"] for row in result["mutants"]} == {m.id for _, found in planned for m in found}
    assert all(row["status"] in ("killed", "equivalent", "survived") and row["check"] in ("flagged", "passed", "listed")
               for row in result["mutants"])
    assert all(row["check"] == "flagged" for row in result["mutants"] if row["by"].startswith("no report"))
    assert not any(base["killed"] or base["flagged"] for base in result["baseline"].values())


def test_every_sampled_mutant_is_killed(sample: dict) -> None:
    """Every non-equivalent mutant of the sample fails a hidden test of its exercise and turns
    its check red (the whole course's figures, survivors included: docs/ADEQUACY.md)."""
    rows = sample["result"]["mutants"]
    assert [row["id"] for row in rows if row["status"] == "survived"] == []
    assert [row["id"] for row in rows if row["status"] == "killed" and row["check"] not in ("flagged", "listed")] == []


def test_an_unknown_exercise_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "course.commands", "adequacy", "--exercise", "dice421.nope",
                          "--root", str(ROOT), "--out", str(tmp_path / "out")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert run.stderr.startswith("course adequacy: no exercise or worksheet 'dice421.nope'")
    assert not (tmp_path / "out").exists()


@pytest.mark.cluster
def test_on_a_dask_cluster_the_verdicts_are_the_same() -> None:
    """--scheduler grades the mutants on the cluster, through course grade's cluster code."""
    distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")
    [(sheet, mutants)] = plan(ROOT, ["dice421.sort3_desc"])
    chosen = [next(m for m in mutants if m.operator == "ret"), next(m for m in mutants if m.operator == "swap")]
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0", silence_logs=40) as local:
        remote = analyse(ROOT, [], scheduler=local.scheduler_address, mutants=[(sheet, chosen)])
    here = analyse(ROOT, [], jobs=1, mutants=[(sheet, chosen)])
    assert [(r["id"], r["status"], r["check"]) for r in remote["mutants"]] == \
        [(r["id"], r["status"], r["check"]) for r in here["mutants"]] == \
        [(chosen[0].id, "killed", "flagged"), (chosen[1].id, "equivalent", "passed")]


def test_an_unreachable_scheduler_is_one_sentence(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "course.commands", "adequacy", "--exercise", "start.count_pips",
                          "--root", str(ROOT), "--scheduler", "tcp://127.0.0.1:9", "--out", str(tmp_path / "out")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert run.stderr.startswith("course adequacy: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert not (tmp_path / "out").exists()


def test_the_readme_command() -> None:
    """The README's example: every mutant of tokens_of killed, the table printed, status 0."""
    run = subprocess.run([str(Path(sys.executable).parent / "course"), "adequacy", "--exercise", "dice421.tokens_of",
                          "--jobs", "2"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    row = next(line for line in run.stdout.splitlines() if line.startswith("| dice421.tokens_of |"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert int(cells[1]) == len(plan(ROOT, ["dice421.tokens_of"])[0][1]) > 10
    assert cells[5] == "0" and run.returncode == 0, run.stdout


def test_a_mutant_no_check_can_show_is_listed_with_its_reason() -> None:
    """Killed but not flagged: reported, unless [[unchecked]] gives the reason; listed as
    equivalent but killed: reported as stale."""
    from course.adequacy.mutants import Mutant
    from course.adequacy.run import Job, Listed, classify

    [(sheet, mutants)] = plan(ROOT, ["dice421.swap"])
    mutant = mutants[0]
    entry = Listed(mutant.exercise, mutant.operator, mutant.before, mutant.after, "the check cannot call it")
    job = Job(mutant, sheet, sheet.solution, {"killed": True, "by": "test_x: wrong", "flagged": False})
    assert classify(job, [], [])["check"] == "passed"
    row = classify(job, [], [entry])
    assert (row["status"], row["check"], row["reason"]) == ("killed", "listed", "the check cannot call it")
    stale = classify(job, [entry], [])
    assert stale["stale"] and stale["status"] == "killed"
    other = Mutant(mutant.exercise, 2, "crp", 0, 1, "", "x = 1", "x = 2", "")
    assert not entry.matches(other)
    result = {"exercises": [mutant.exercise], "baseline": {}, "mutants": [classify(job, [], []), stale],
              "seconds": 1.0, "gradings": 2}
    text = report.markdown(result)
    assert "## Killed by the hidden tests, not shown by the check" in text and f"- {mutant.id}:" in text
    assert "## Listed as equivalent but killed" in text
    twin = Mutant(mutant.exercise, 99, mutant.operator, mutant.cell, mutant.line + 5,
        "", mutant.before, mutant.after, "")
    same_text = classify(Job(twin, sheet, sheet.solution, {"killed": False, "flagged": None}), [entry], [])
    assert same_text["status"] == "equivalent", "an entry matches every mutant of its text"
    text = report.markdown({**result, "mutants": [stale, same_text]})
    assert "## Listed as equivalent but killed" not in text, "the entry still serves the equivalent twin"
