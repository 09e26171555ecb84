"""`course report` on a seeded class graded once: the numbers, clusters and pairs it was built with.

The class: 16 students handing in notebook 00 and the 421 worksheet. Six hand in the
solution; three make the same mistake in ``swap``; two copy each other's unusual
``tokens_of`` (one renamed the variables); two write ``tokens_of`` each their own correct
way; two hand in the released stubs; one leaves ``play_game`` undone. It is graded in one
``course grade`` run; every figure below is derived from that construction.
"""

from __future__ import annotations

import copy
import csv
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from course import report as course_report
from course.commands import report as report_command
from course.notebook import course_meta

pytest.importorskip("copydetect", reason="the report extra is not installed (pip install -e '.[report]')")

TOKENS_COPIED = '''def tokens_of(a, b, c):
    combination = sorted([a, b, c], reverse=True)
    special = {(4, 2, 1): 8}
    if tuple(combination) in special:
        return special[tuple(combination)]
    if combination[0] == combination[1] == combination[2]:
        return 5
    if combination[0] - combination[1] == 1 and combination[1] - combination[2] == 1:
        return 2
    return 1
'''
TOKENS_RENAMED = (TOKENS_COPIED.replace("combination", "dice").replace("special", "table"))
TOKENS_OWN_1 = '''def tokens_of(a, b, c):
    """My own way."""
    if {a, b, c} == {4, 2, 1}:
        return 8
    elif a == b and b == c:
        return 5
    elif a == b + 1 and b == c + 1:
        return 2
    else:
        return 1
'''
TOKENS_OWN_2 = '''def tokens_of(a, b, c):
    for test, tokens in ((is_421, 8), (is_three_of_a_kind, 5), (is_straight, 2)):
        if test(a, b, c):
            return tokens
    return 1
'''
SWAP_WRONG = "def swap(a, b):\n    return (a, b)\n"

SOLUTION = ["s01", "s02", "s03", "s04", "s05", "s06"]
SWAP_MISTAKE = ["s11", "s12", "s13"]
STUBS = ["s14", "s15"]
STUDENTS = [f"s{i:02d}" for i in range(1, 17)]


def with_cell(notebook: dict, exercise: str, source: str) -> dict:
    """``notebook`` with the cell of ``exercise`` holding ``source``."""
    notebook = copy.deepcopy(notebook)
    for cell in notebook["cells"]:
        if course_meta(cell).get("exercise") == exercise:
            cell["source"] = source
            cell["outputs"] = []
    return notebook


def build_class(folder: Path) -> None:
    load = lambda path: json.loads(path.read_text(encoding="utf-8"))  # noqa: E731
    start, dice = load(ROOT / "solutions" / "00_start_here.ipynb"), load(ROOT / "solutions" / "02_dice_421.ipynb")
    start_stub, dice_stub = load(ROOT / "notebooks" /
        "00_start_here.ipynb"), load(ROOT / "notebooks" / "02_dice_421.ipynb")
    stub_cell = next(c for c in dice_stub["cells"] if course_meta(c).get("exercise") == "dice421.play_game")
    notebooks = {}
    for student in STUDENTS:
        notebooks[student] = (start, dice)
    for student in SWAP_MISTAKE:
        notebooks[student] = (start, with_cell(dice, "dice421.swap", SWAP_WRONG))
    notebooks["s07"] = (start, with_cell(dice, "dice421.tokens_of", TOKENS_COPIED))
    notebooks["s08"] = (start, with_cell(dice, "dice421.tokens_of", TOKENS_RENAMED))
    notebooks["s09"] = (start, with_cell(dice, "dice421.tokens_of", TOKENS_OWN_1))
    notebooks["s10"] = (start, with_cell(dice, "dice421.tokens_of", TOKENS_OWN_2))
    for student in STUBS:
        notebooks[student] = (start_stub, dice_stub)
    notebooks["s16"] = (start, with_cell(dice, "dice421.play_game", "".join(stub_cell["source"])))
    for student, (first, second) in notebooks.items():
        (folder / student).mkdir(parents=True)
        (folder / student / "00_start_here.ipynb").write_text(json.dumps(first), encoding="utf-8")
        (folder / student / "02_dice_421.ipynb").write_text(json.dumps(second), encoding="utf-8")


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("class")
    build_class(folder / "hand-in")
    run = subprocess.run(
        [sys.executable, "-m", "course.commands", "grade", str(folder / "hand-in"),
         "--out", str(folder / "grades"), "--jobs", "2", "--root", str(ROOT)],
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return folder / "grades"


@pytest.fixture(scope="module")
def made(graded: Path) -> course_report.Report:
    return course_report.build(graded, root=ROOT)


def row(rows: list[dict], **where) -> dict:
    found = [r for r in rows if all(r[k] == v for k, v in where.items())]
    assert len(found) == 1, (where, found)
    return found[0]


def test_the_class_at_a_glance(made: course_report.Report) -> None:
    assert made.cls.students == STUDENTS
    assert len(made.cls.results) == 32
    start = row(made.tables["worksheets"], worksheet="start")
    assert start["submissions"] == 16
    assert start["mean"] == pytest.approx(14 / 16)
    assert start["median"] == 1


def test_exercise_shares_and_discrimination(made: course_report.Report) -> None:
    swap = row(made.tables["exercises"], exercise="dice421.swap")
    assert swap["students"] == 16
    assert swap["zero"] + swap["partial"] == pytest.approx(5 / 16)  # three mistakes, two stubs
    assert swap["zero"] >= 2 / 16
    assert swap["full"] == pytest.approx(11 / 16)
    assert -1 <= swap["discrimination"] <= 1
    # students who failed swap lost points elsewhere too: the exercise discriminates
    assert swap["discrimination"] > 0.3
    # notebook 00 has one exercise: nothing else to correlate with
    assert row(made.tables["exercises"], exercise="start.count_pips")["discrimination"] is None


def test_tests_failed_most_count_students(made: course_report.Report) -> None:
    swap = [r for r in made.tables["failed_tests"] if r["exercise"] == "dice421.swap"]
    assert swap and swap[0]["students"] == 5


def test_one_mistake_makes_one_cluster(made: course_report.Report) -> None:
    swap = [r for r in made.tables["clusters"] if r["exercise"] == "dice421.swap"]
    assert [r["students"] for r in swap] == [SWAP_MISTAKE, STUBS]
    assert swap[0]["size"] == 3
    assert "not implemented" not in swap[0]["first message"].lower()


def test_copies_are_paired_and_independent_answers_are_not(made: course_report.Report) -> None:
    pairs = {(r["exercise"], r["student"], r["other"]) for r in made.tables["similar"]}
    assert pairs == {("dice421.tokens_of", "s07", "s08")}
    assert made.tables["similar"][0]["similarity"] >= 0.8


def test_command_writes_html_markdown_and_csvs(graded: Path, tmp_path: Path) -> None:
    out = tmp_path / "page" / "report.html"
    run = subprocess.run(
        [sys.executable, "-m", "course.commands", "report", str(graded), "--out", str(out),
         "--root", str(ROOT)],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    page = out.read_text(encoding="utf-8")
    assert "<svg" in page
    assert not re.search(r"""(src|href)=["']https?:""", page), "the page loads something from the network"
    assert "s07" in page and "Clusters of wrong answers" in page
    assert (out.parent / "report.md").read_text(encoding="utf-8").startswith("# Class report")
    for name in course_report.TABLES:
        rows = list(csv.reader((out.parent / "report-tables" / f"{name}.csv").open(encoding="utf-8")))
        assert rows[0] == course_report.TABLES[name]
    similar = list(csv.DictReader((out.parent / "report-tables" / "similar.csv").open(encoding="utf-8")))
    assert [(r["student"], r["other"]) for r in similar] == [("s07", "s08")]


def test_bad_input_gives_a_sentence_or_a_report(graded: Path, tmp_path: Path) -> None:
    def report(folder: Path) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "course.commands", "report", str(folder), "--root", str(ROOT)],
            capture_output=True, text=True, timeout=120,
        )

    missing = report(tmp_path / "nowhere")
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "results/" in missing.stderr
    empty = tmp_path / "empty"
    (empty / "results").mkdir(parents=True)
    answer = report(empty)
    assert answer.returncode == 2 and "no graded submission" in answer.stderr and "Traceback" not in answer.stderr

    messy = tmp_path / "messy"
    shutil.copytree(graded, messy)
    results = messy / "results"
    (results / "broken.json").write_text("{not json", encoding="utf-8")
    (results / "other.json").write_text('{"score": 1}', encoding="utf-8")
    shutil.copy(results / "s01.dice421.json", results / "s01.dice421.2.json")  # a second run
    answer = report(messy)
    assert answer.returncode == 0, answer.stderr
    markdown = (messy / "report.md").read_text(encoding="utf-8")
    assert "broken.json: not a readable results file" in markdown
    assert "other.json: not a results file" in markdown
    assert "two results for worksheet dice421" in markdown
    assert "16 students, 32 graded submissions" in markdown

    alone = tmp_path / "alone"
    (alone / "results").mkdir(parents=True)
    shutil.copy(results / "s01.start.json", alone / "results")
    answer = report(alone)
    assert answer.returncode == 0, answer.stderr
    assert "1 students, 1 graded submissions" in (alone / "report.md").read_text(encoding="utf-8")


@pytest.mark.browser
def test_the_page_opens_in_chromium(graded: Path, tmp_path: Path, page, capsys) -> None:
    from support.accessibility import Audit, zoomed

    out = tmp_path / "report.html"
    assert report_command.run(course_report_args(graded, out)) == 0
    artifacts = ROOT / "test-artifacts" / "report"
    artifacts.mkdir(parents=True, exist_ok=True)
    page.goto(out.as_uri(), timeout=30_000)
    page.get_by_role("heading", name="Similar submissions").wait_for(timeout=30_000)
    assert page.locator("svg").count() >= 2
    assert page.get_by_role("cell", name="s08").count() >= 1
    page.screenshot(path=str(artifacts / "report.png"), full_page=True)
    audit = Audit(page, capsys)
    audit.check(page.locator("body"), "the class report")
    # At 1,280 px and at 200 % zoom (640 CSS px), no table needs a sideways scroll bar.
    for percent in (100, 200):
        zoomed(page, percent)
        wide = page.locator("table").evaluate_all(
            "tables => tables.filter(t => t.getBoundingClientRect().right > document.documentElement.clientWidth + 1)"
            ".map(t => t.querySelector('th').textContent + ': ' + Math.round(t.getBoundingClientRect().width))")
        page_width = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        page.screenshot(path=str(artifacts / f"report-{percent}.png"), full_page=True)
        assert wide == [] and page_width[0] <= page_width[1], (percent, wide, page_width)
    audit.finish()


def course_report_args(graded: Path, out: Path):
    import argparse

    parser = argparse.ArgumentParser()
    report_command.add_arguments(parser)
    return parser.parse_args([str(graded), "--out", str(out), "--root", str(ROOT)])


def test_hints_reach_the_feedback_and_the_report(graded: Path, made: course_report.Report) -> None:
    result = json.loads((graded / "results" / "s11.dice421.json").read_text(encoding="utf-8"))
    failed = [t for t in result["tests"] if t["status"] != "passed"]
    assert failed and all("\nHint: " in t["output"] for t in failed)
    assert "Hint: " in (graded / "feedback" / "s11.md").read_text(encoding="utf-8")
    swap = [r for r in made.tables["failed_tests"] if r["exercise"] == "dice421.swap"]
    assert swap and all(r["hint"] and "Hint:" not in r["message"] for r in swap)


def test_the_markdown_says_which_tables_it_cuts_and_where_they_are_whole() -> None:
    """41 failed tests and 34 pairs: 10 of each shown, with where all of them are; a short
    table is whole and says nothing."""
    def rows(name: str, count: int, **fixed: object) -> list[dict]:
        return [{**{column: f"{column} {n}" for column in course_report.TABLES[name]}, **fixed} for n in range(count)]

    tables = {"worksheets": rows("worksheets", 2), "exercises": rows("exercises", 3),
              "failed_tests": rows("failed_tests", 41),
              "clusters": rows("clusters", 12, size=2) + rows("clusters", 3, size=1),
              "similar": rows("similar", 34)}
    made = course_report.Report(course_report.Class(results=[]), tables, 0.5)
    text = course_report.to_markdown(made, tables_folder="week-tables")
    assert "10 of 41 shown; all in week-tables/failed_tests.csv." in text
    assert "10 of 34 shown; all in week-tables/similar.csv." in text
    assert "10 of 15 shown; all in week-tables/clusters.csv." in text
    assert "test 10 |" not in text and "test 9 |" in text
    assert "exercise 2 |" in text and "exercises.csv" not in text  # a whole table says nothing more
    whole = course_report.to_markdown(made, top=50)
    assert "shown; all in" not in whole.replace("12 of 15 shown; all in report-tables/clusters.csv.", "")
    assert "test 40 |" in whole and "other 33 |" in whole


def test_a_test_failed_in_both_languages_is_one_row_said_in_english(tmp_path: Path) -> None:
    """Three French notebooks and two English ones fail the same test: one row of five
    students, its message and hint in English, the report's language; failed in French
    notebooks only, the row says what they were told."""
    from course.grading.instructor.results import ExerciseScore, GradingResult, TestOutcome

    said = {"fr": ("attendu (2, 1), obtenu (1, 2)", "Indice\u202f: renvoyez la paire échangée"),
            "en": ("expected (2, 1), got (1, 2)", "Hint: return the pair swapped")}

    def write(folder: Path, student: str, language: str) -> None:
        message, hint = said[language]
        failed = TestOutcome(name="dice421.swap: test_swap", score=0.0, max_score=1.0, status="failed",
                             output=f"{message}\n{hint}", tags=("dice421.swap",))
        graded = GradingResult(score=0.0, output="", student=student, worksheet="02_dice_421", path=f"{student}.ipynb",
                               status="graded", tests=(failed,), language=language,
                               exercises={"dice421.swap": ExerciseScore(score=0.0, max=1.0)})
        (folder / "results").mkdir(parents=True, exist_ok=True)
        (folder / "results" / f"{student}.json").write_text(json.dumps(graded.to_json()), encoding="utf-8")

    for n in range(3):
        write(tmp_path / "mixed", f"f{n}", "fr")
        write(tmp_path / "french", f"f{n}", "fr")
    for n in range(2):
        write(tmp_path / "mixed", f"e{n}", "en")
    rows = course_report.failed_tests(course_report.load(tmp_path / "mixed"))
    assert [(r["test"], r["students"], r["message"], r["hint"]) for r in rows] == [
        ("test_swap", 5, "expected (2, 1), got (1, 2)", "return the pair swapped")]
    rows = course_report.failed_tests(course_report.load(tmp_path / "french"))
    assert [(r["students"], r["message"], r["hint"]) for r in rows] == [
        (3, "attendu (2, 1), obtenu (1, 2)", "renvoyez la paire échangée")]


def test_one_mistake_in_french_and_english_notebooks_is_one_cluster_said_in_english(tmp_path: Path) -> None:
    """Three French and two English notebooks return the pair unswapped, a French and an
    English one are the released stub: two clusters, each said in English, the report's
    language, the French messages read back through the grading catalog."""
    from course.grading.instructor.results import ExerciseScore, GradingResult, TestOutcome
    from course.i18n.grading_text import Words
    from exercises.i18n import stub_sentence

    def write(student: str, language: str, message: str) -> None:
        failed = TestOutcome(name="dice421.swap: test_swap", score=0.0, max_score=1.0, status="failed",
                             output=message, tags=("dice421.swap",))
        graded = GradingResult(score=0.0, output="", student=student, worksheet="02_dice_421", path=f"{student}.ipynb",
                               status="graded", tests=(failed,), language=language,
                               exercises={"dice421.swap": ExerciseScore(score=0.0, max=1.0)})
        (tmp_path / "results").mkdir(parents=True, exist_ok=True)
        (tmp_path / "results" / f"{student}.json").write_text(json.dumps(graded.to_json()), encoding="utf-8")

    for language, students in (("fr", ["f0", "f1", "f2"]), ("en", ["e0", "e1"])):
        said = Words(ROOT, language)("`{call}` returned {got}, expected {want}",
                                     call="swap(1, 2)", got="(1, 2)", want="(2, 1)")
        for student in students:
            write(student, language, said)
    write("f3", "fr", f"NotImplementedError: {stub_sentence('dice421.swap', 'fr')}")
    write("e3", "en", f"NotImplementedError: {stub_sentence('dice421.swap', 'en')}")
    rows = course_report.clusters(course_report.load(tmp_path), ROOT)
    assert [(row["size"], row["first message"], row["students"]) for row in rows] == [
        (5, "`swap(1, 2)` returned (1, 2), expected (2, 1)", ["e0", "e1", "f0", "f1", "f2"]),
        (2, "NotImplementedError: Exercise dice421.swap: write your code here.", ["e3", "f3"]),
    ]
