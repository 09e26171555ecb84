"""`course report`: what a class misunderstood, from what `course grade` wrote.

``course report GRADES_DIR [--out report.html] [--threshold 0.8]`` reads
``GRADES_DIR/results/*.json`` and writes one self-contained HTML page (plots inline as
SVG, no network), its short Markdown twin (``report.md``) and one CSV per table
(``report-tables/``):

* the class at a glance: students, submissions, mean and median total, a histogram per
  worksheet;
* per exercise: mean score, share of full marks / partial / zero, a small histogram, and
  its discrimination: the correlation of the exercise's score with the rest of the
  worksheet's score (PrairieLearn's measure: near 0 or negative, the exercise does not
  tell strong students from weak ones);
* per exercise, the hidden tests that failed most, with their message, their hint and how
  many students;
* clusters of wrong answers: students with the same set of failed tests and the same
  first failure message (read in English, whatever the notebook's language), largest
  first, so that one explanation reaches a whole group;
* similar submissions: per exercise, pairs of students whose code in that exercise's
  cells is unusually alike.

Similarity follows MOSS and copydetect: the code of an exercise (its cells, docstrings
removed) is tokenized and its names and strings are replaced by placeholders
(copydetect's filter, so renaming variables changes nothing), cut into k-grams of
characters, hashed and winnowed (copydetect's winnowing). Fingerprints of the released
stub, and fingerprints that more than a third of the class shares, are common code, not
evidence, and are dropped. Two students' similarity is the share of the smaller set of
fingerprints that the other holds; pairs at or above ``--threshold`` are listed, with
their score, when both answers are long enough to tell apart. A listed pair is a reason
to look at two notebooks, never a verdict.

Each (student, worksheet) counts once: where the folder holds several results for the
same pair (two runs, or copies), the one ``course grade`` marks as counted is used, else
the newest file; the others are named under "Input". A missing or corrupt file is named
there too and left out.
"""

from __future__ import annotations

import csv
import functools
import html
import io
import json
import keyword
import math
import re
import statistics
import tokenize
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from exercises.i18n import STUB_PATTERN, stub_sentence

from .grading.instructor.results import GradingResult
from .i18n.grading_text import Words, one_line
from .notebook import cell_source, course_meta, read_notebook

K = 20  #: characters of filtered code in one fingerprint (copydetect's noise threshold)
WINDOW = 4  #: winnowing window: every shared run of K + WINDOW - 1 characters is seen
COMMON_SHARE = 1 / 3  #: a fingerprint held by more than this share of the class is common code
COMMON_MIN = 4  #: ... and by more than this many students
MIN_FINGERPRINTS = 8  #: answers with fewer fingerprints are too short to compare
THRESHOLD = 0.8


# ----------------------------------------------------------------------------- input


@dataclass
class Test:
    """One hidden test's outcome in one submission."""

    exercise: str
    name: str
    passed: bool
    message: str
    hint: str = ""
    language: str = "en"  #: the language of the notebook, so of its message and hint


@dataclass
class Result:
    """One graded submission, as `course grade` stored it."""

    student: str
    worksheet: str
    path: str
    score: float
    exercises: dict[str, dict[str, float]]
    tests: list[Test]
    file: Path
    counted: bool | None = None

    @property
    def maximum(self) -> float:
        return sum(entry["max"] for entry in self.exercises.values())


@dataclass
class Class:
    """The results of a class, one per (student, worksheet), and what was left out."""

    results: list[Result]
    notes: list[str] = field(default_factory=list)

    @property
    def students(self) -> list[str]:
        return sorted({r.student for r in self.results})

    def worksheets(self) -> list[str]:
        return sorted({r.worksheet for r in self.results})

    def of(self, worksheet: str) -> list[Result]:
        return sorted((r for r in self.results if r.worksheet == worksheet), key=lambda r: r.student)


class ReportError(Exception):
    """The grades folder cannot give a report (said in one sentence)."""


def _result(path: Path, graded: GradingResult) -> Result:
    tests = []
    for test in graded.tests:
        exercise, _, name = test.name.partition(": ")
        message, hint = re.split(r"\n(?:Hint: |Indice[ \u202f]: )", test.output + "\nHint: ", maxsplit=1)
        hint = hint.removesuffix("\nHint: ")  # a French notebook's hint is "Indice\u202f: " (course.i18n.grading_text)
        passed = test.passed or (test.score or 0) >= (1 if test.max_score is None else test.max_score)
        tests.append(Test(exercise=(test.tags or (exercise,))[0], name=name or exercise, passed=passed,
                          message=one_line(message), hint=one_line(hint), language=graded.language or "en"))
    exercises = {exercise: {"score": entry.score, "max": entry.max} for exercise, entry in graded.exercises.items()}
    return Result(
        student=graded.student, worksheet=str(graded.worksheet), path=graded.path,
        score=float(graded.score if graded.score is not None else sum(e["score"] for e in exercises.values())),
        exercises=exercises, tests=tests, file=path, counted=graded.counted,
    )


def load(grades: Path) -> Class:
    """The graded submissions in ``grades`` (a `course grade --out` folder)."""
    folder = grades / "results"
    if not folder.is_dir():
        raise ReportError(f"{grades} has no results/ folder: is it the --out folder of `course grade`?")
    notes: list[str] = []
    kept: dict[tuple[str, str], Result] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            graded = GradingResult.from_json(json.loads(path.read_text(encoding="utf-8")))
            result = _result(path, graded)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            notes.append(f"{path.name}: not a readable results file ({type(error).__name__}), left out")
            continue
        except (KeyError, TypeError, AttributeError):
            notes.append(f"{path.name}: not a results file of `course grade`, left out")
            continue
        if graded.status != "graded" or not result.exercises:
            reason = graded.reason or "not graded"
            notes.append(f"{result.student}: {Path(result.path).name or path.name} was not graded ({reason})")
            continue
        key = (result.student, result.worksheet)
        if key in kept:
            winner, loser = _prefer(kept[key], result)
            notes.append(f"{result.student}: two results for worksheet {result.worksheet}; "
                         f"{winner.file.name} counts, {loser.file.name} is left out")
            kept[key] = winner
        else:
            kept[key] = result
    if not kept:
        raise ReportError(f"{folder} holds no graded submission")
    return Class(sorted(kept.values(), key=lambda r: (r.worksheet, r.student)), notes)


def _prefer(a: Result, b: Result) -> tuple[Result, Result]:
    """The result that counts, then the other: the grader's mark, else the newer file."""
    if a.counted is not b.counted and None not in (a.counted, b.counted):
        return (a, b) if a.counted else (b, a)
    return (a, b) if a.file.stat().st_mtime_ns >= b.file.stat().st_mtime_ns else (b, a)


# ----------------------------------------------------------------------------- statistics


def correlation(xs: list[float], ys: list[float]) -> float | None:
    """Pearson's r, or None where it is undefined (fewer than 3 values, or no spread)."""
    if len(xs) < 3:
        return None
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def exercise_order(cls: Class) -> list[tuple[str, str]]:
    """(worksheet, exercise) in the order the results list them."""
    order: dict[tuple[str, str], None] = {}
    for result in cls.results:
        for exercise in result.exercises:
            order.setdefault((result.worksheet, exercise), None)
    return list(order)


def overview(cls: Class) -> list[dict[str, Any]]:
    """One row per worksheet: submissions, mean and median total, maximum."""
    rows = []
    for worksheet in cls.worksheets():
        totals = [r.score for r in cls.of(worksheet)]
        rows.append({
            "worksheet": worksheet, "submissions": len(totals),
            "mean": statistics.fmean(totals), "median": statistics.median(totals),
            "maximum": max(r.maximum for r in cls.of(worksheet)),
        })
    return rows


def exercise_rows(cls: Class) -> list[dict[str, Any]]:
    """One row per exercise: mean, shares of full / partial / zero, discrimination."""
    rows = []
    for worksheet, exercise in exercise_order(cls):
        graded = [r for r in cls.of(worksheet) if exercise in r.exercises]
        scores = [r.exercises[exercise]["score"] for r in graded]
        top = max(r.exercises[exercise]["max"] for r in graded)
        rest = [r.score - r.exercises[exercise]["score"] for r in graded]
        n = len(scores)
        rows.append({
            "worksheet": worksheet, "exercise": exercise, "students": n, "points": top,
            "mean": statistics.fmean(scores),
            "full": sum(s >= top for s in scores) / n,
            "partial": sum(0 < s < top for s in scores) / n,
            "zero": sum(s <= 0 for s in scores) / n,
            "discrimination": correlation(scores, rest),
            "scores": scores,
        })
    return rows


def failed_tests(cls: Class, most: int = 5) -> list[dict[str, Any]]:
    """Per exercise, the hidden tests that failed for most students, with message and hint.

    A test counts every student who failed it, whatever the language of their notebook;
    its message and hint are said in English (the report's language) when an English
    notebook failed it too, else in the language of those that did."""
    rows = []
    for worksheet, exercise in exercise_order(cls):
        graded = [r for r in cls.of(worksheet) if exercise in r.exercises]
        failing: dict[str, list[Test]] = defaultdict(list)
        for result in graded:
            for test in result.tests:
                if test.exercise == exercise and not test.passed:
                    failing[test.name].append(test)
        ranked = sorted(failing.items(), key=lambda item: (-len(item[1]), item[0]))[:most]
        for name, tests in ranked:
            said = [t for t in tests if t.language == "en"] or tests
            message, _ = Counter(t.message for t in said).most_common(1)[0]
            rows.append({
                "worksheet": worksheet, "exercise": exercise, "test": name,
                "students": len(tests), "share": len(tests) / len(graded),
                "message": message, "hint": next((t.hint for t in said if t.hint), ""),
            })
    return rows


def clusters(cls: Class, root: Path | None = None) -> list[dict[str, Any]]:
    """Students grouped by the same failed tests and first message, per exercise, largest first.

    A student's first message is compared as the report says it, in English: a French
    notebook's message is read back through the grading catalog of the course at ``root``
    (and a French stub's sentence as the English stub's), so that one mistake makes one
    group whatever the language of the notebooks."""
    rows = []
    for worksheet, exercise in exercise_order(cls):
        groups: dict[tuple[tuple[str, ...], str], list[str]] = defaultdict(list)
        for result in cls.of(worksheet):
            failed = [t for t in result.tests if t.exercise == exercise and not t.passed]
            if failed:
                key = (tuple(sorted(t.name for t in failed)), in_english(failed[0], root))
                groups[key].append(result.student)
        for (tests, message), students in sorted(groups.items(), key=lambda g: (-len(g[1]), g[0])):
            rows.append({
                "worksheet": worksheet, "exercise": exercise, "size": len(students),
                "failed tests": list(tests), "first message": message, "students": sorted(students),
            })
    return rows


def in_english(test: Test, root: Path | None) -> str:
    """A test's message in English: as it is from an English notebook, else read back
    through the course's grading catalog of the notebook's language (itself when none)."""
    if test.language == "en":
        return test.message
    message = STUB_PATTERN.sub(lambda stub: stub_sentence(stub["exercise"]), test.message)
    return Words(root, test.language).english(message) if root is not None else message


# ----------------------------------------------------------------------------- similarity


def answer_code(notebook: dict[str, Any], exercise: str) -> str:
    """The code of an exercise's cells in a notebook."""
    return "\n".join(
        cell_source(cell) for cell in notebook.get("cells", [])
        if cell.get("cell_type") == "code" and course_meta(cell).get("exercise") == exercise
    )


@functools.cache
def filtered(code: str) -> str:
    """Python code as copydetect compares it: names become V, strings S, docstrings,
    comments and layout gone (copydetect's filter, on Python's own tokenizer)."""
    out = []
    start_of_statement = True
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            kind, text = token.type, token.string
            if kind in (tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING):
                continue
            if kind in (tokenize.NEWLINE, tokenize.ENDMARKER):
                start_of_statement = True
                continue
            if kind == tokenize.STRING and start_of_statement:
                continue  # a docstring, or a string standing alone
            if kind == tokenize.NAME and not keyword.iskeyword(text):
                out.append("V")
            elif kind == tokenize.STRING:
                out.append("S")
            else:
                out.append(text)
            start_of_statement = False
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass  # a cell that does not tokenize to the end: compare what did
    return "".join(out)


def fingerprints(code: str) -> frozenset[int]:
    """The winnowed fingerprints of Python code (copydetect's k-gram hashing and winnowing)."""
    return _winnowed(filtered(code))


@functools.cache
def _winnowed(text: str) -> frozenset[int]:
    from copydetect.utils import get_document_fingerprints

    if len(text) < K:
        return frozenset()
    hashes, _ = get_document_fingerprints(text, K, WINDOW, [])
    return frozenset(int(h) for h in hashes)


def similar_pairs(cls: Class, threshold: float = THRESHOLD, stubs: dict[str, str] | None = None
                  ) -> list[dict[str, Any]]:
    """Per exercise, pairs of students whose answers are unusually alike, most alike first."""
    rows = []
    notebooks: dict[str, dict[str, Any] | None] = {}
    for worksheet in cls.worksheets():
        results = cls.of(worksheet)
        for result in results:
            if result.path not in notebooks:
                try:
                    notebooks[result.path] = read_notebook(Path(result.path), check=False)
                except (OSError, ValueError):
                    notebooks[result.path] = None
        exercises = [e for w, e in exercise_order(cls) if w == worksheet]
        for exercise in exercises:
            prints = {
                r.student: fingerprints(answer_code(notebook, exercise))
                for r in results if (notebook := notebooks.get(r.path))
            }
            common = set(fingerprints((stubs or {}).get(exercise, "")))
            held = Counter(h for hashes in prints.values() for h in hashes)
            limit = max(COMMON_MIN, COMMON_SHARE * len(prints))
            common |= {h for h, n in held.items() if n > limit}
            rare = {s: hashes - common for s, hashes in prints.items()}
            owners: dict[int, list[str]] = defaultdict(list)
            for student, hashes in rare.items():
                for h in hashes:
                    owners[h].append(student)
            shared: Counter[tuple[str, ...]] = Counter()
            for students in owners.values():
                for i, a in enumerate(students):
                    for b in students[i + 1:]:
                        shared[tuple(sorted((a, b)))] += 1
            for (a, b), count in shared.items():
                smaller = min(len(rare[a]), len(rare[b]))
                if smaller >= MIN_FINGERPRINTS and count / smaller >= threshold:
                    rows.append({"worksheet": worksheet, "exercise": exercise, "student": a,
                                 "other": b, "similarity": count / smaller, "shared": count})
    return sorted(rows, key=lambda r: (-r["similarity"], r["exercise"], r["student"], r["other"]))


def stub_sources(root: Path | None) -> dict[str, str]:
    """The released stub of each exercise (from notebooks/), to ignore as given code."""
    stubs: dict[str, str] = {}
    if root is None:
        return stubs
    for path in sorted((root / "notebooks").glob("*.ipynb")):
        try:
            notebook = read_notebook(path)
        except (OSError, ValueError):
            continue
        for cell in notebook.get("cells", []):
            exercise = course_meta(cell).get("exercise")
            if exercise:
                stubs[exercise] = stubs.get(exercise, "") + "\n" + cell_source(cell)
    return stubs


# ----------------------------------------------------------------------------- output


def _fmt(value: Any) -> str:
    if value is None:
        return "n/a"
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def histogram_svg(values: list[float], maximum: float, title: str) -> str:
    """A histogram of totals as inline SVG, drawn by matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(4, 2.2))
    bins = [maximum * i / 10 for i in range(11)] if maximum > 0 else 10
    axes.hist(values, bins=bins, color="#3b6ea8", edgecolor="white")
    axes.set_title(title, fontsize=10)
    axes.set_xlabel("points", fontsize=8)
    axes.set_ylabel("students", fontsize=8)
    axes.tick_params(labelsize=7)
    figure.tight_layout()
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none"}):  # text as text: smaller, faster
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def bars_svg(values: list[float], maximum: float, bins: int = 5) -> str:
    """A small inline histogram of one exercise's scores (5 bins from 0 to its points)."""
    counts = [0] * bins
    for value in values:
        index = min(bins - 1, int(bins * value / maximum)) if maximum > 0 else 0
        counts[index] += 1
    top = max(counts) or 1
    bars = "".join(
        f'<rect x="{i * 12}" y="{20 - 20 * c / top:.1f}" width="10" height="{20 * c / top:.1f}" fill="#3b6ea8">'
        f"<title>{c}</title></rect>"
        for i, c in enumerate(counts)
    )
    return f'<svg width="{bins * 12}" height="20" role="img" aria-label="scores">{bars}</svg>'


TABLES = {
    "worksheets": ["worksheet", "submissions", "mean", "median", "maximum"],
    "exercises": ["worksheet", "exercise", "students", "points", "mean", "full", "partial", "zero", "discrimination"],
    "failed_tests": ["worksheet", "exercise", "test", "students", "share", "message", "hint"],
    "clusters": ["worksheet", "exercise", "size", "failed tests", "first message", "students"],
    "similar": ["worksheet", "exercise", "student", "other", "similarity", "shared"],
}


@dataclass
class Report:
    """Everything the page shows."""

    cls: Class
    tables: dict[str, list[dict[str, Any]]]
    threshold: float


def build(grades: Path, threshold: float = THRESHOLD, root: Path | None = None) -> Report:
    """Compute the report of the grades folder."""
    cls = load(grades)
    tables = {
        "worksheets": overview(cls),
        "exercises": exercise_rows(cls),
        "failed_tests": failed_tests(cls),
        "clusters": clusters(cls, root),
        "similar": similar_pairs(cls, threshold, stub_sources(root)),
    }
    return Report(cls, tables, threshold)


def write_csvs(report: Report, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, columns in TABLES.items():
        with (folder / f"{name}.csv").open("w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(columns)
            for row in report.tables[name]:
                writer.writerow([_fmt(row[c]) for c in columns])


def _html_table(rows: list[dict[str, Any]], columns: list[str], extra: dict[str, Any] | None = None) -> str:
    if not rows:
        return "<p><em>None.</em></p>"
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns + list(extra or {}))
    body = []
    for row in rows:
        cells = "".join(f"<td>{html.escape(_fmt(row[c]))}</td>" for c in columns)
        cells += "".join(f"<td>{make(row)}</td>" for make in (extra or {}).values())
        body.append(f"<tr>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #1d1d1f; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ddd; padding-bottom: .2em; margin-top: 2em; }
table { border-collapse: collapse; margin: .5em 0 1em; font-size: .9em; }
th, td { border: 1px solid #ddd; padding: .25em .6em; text-align: left; vertical-align: top; }
th, td { overflow-wrap: anywhere; } td { max-width: 24em; }
th { background: #f3f5f8; } .plots { display: flex; flex-wrap: wrap; gap: 1em; }
.note { color: #555; font-size: .9em; }
"""


def to_html(report: Report) -> str:
    cls, tables = report.cls, report.tables
    plots = "".join(
        "<figure>" + histogram_svg([r.score for r in cls.of(row["worksheet"])], row["maximum"], row["worksheet"])
        + "</figure>"
        for row in tables["worksheets"]
    )
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        "<title>Class report</title>", f"<style>{STYLE}</style></head><body>",
        "<h1>Class report</h1>",
        f"<p>{len(cls.students)} students, {len(cls.results)} graded submissions. "
        "Means and medians are in points; shares are of the students who handed the worksheet in.</p>",
        "<h2>The class at a glance</h2>",
        _html_table(tables["worksheets"], TABLES["worksheets"]),
        f'<div class="plots">{plots}</div>',
        "<h2>Exercises</h2>",
        '<p class="note">Discrimination: the correlation of the exercise\'s score with the rest of the '
        "worksheet. Near 0 or below, the exercise does not tell strong students from weak ones.</p>",
        _html_table(tables["exercises"], TABLES["exercises"], {
            "histogram": lambda row: bars_svg(row["scores"], row["points"]),
        }),
        "<h2>Hidden tests failed most</h2>",
        _html_table(tables["failed_tests"], TABLES["failed_tests"]),
        "<h2>Clusters of wrong answers</h2>",
        '<p class="note">Students with the same failed tests and the same first message: one explanation '
        "reaches the whole group.</p>",
        _html_table(tables["clusters"], TABLES["clusters"]),
        "<h2>Similar submissions</h2>",
        f'<p class="note">Pairs whose code in one exercise shares at least {report.threshold:.0%} of its '
        "uncommon fingerprints (names and strings ignored, the given stub and code most of the class "
        "shares left out). A reason to look at two notebooks, never a verdict.</p>",
        _html_table(tables["similar"], TABLES["similar"]),
        "<h2>Input</h2>",
        "<ul>" + "".join(f"<li>{html.escape(n)}</li>" for n in cls.notes) + "</ul>" if cls.notes
        else "<p>Every results file was read.</p>",
        "</body></html>",
    ]
    return "\n".join(parts)


def _md_table(rows: list[dict[str, Any]], columns: list[str]) -> list[str]:
    if not rows:
        return ["None.", ""]
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(_fmt(row[c]).replace("|", "\\|") for c in columns) + " |" for row in rows]
    return lines + [""]


def _md_cut(rows: list[dict[str, Any]], columns: list[str], everything: int, csv_file: str) -> list[str]:
    """A table of the first rows, and when some are left out, where they all are."""
    lines = _md_table(rows, columns)
    if len(rows) < everything:
        lines += [f"{len(rows)} of {everything} shown; all in {csv_file}.", ""]
    return lines


def to_markdown(report: Report, top: int = 10, tables_folder: str = "report-tables") -> str:
    """The report in Markdown: whole tables, or the first ``top`` rows and where all of them are."""
    cls, tables = report.cls, report.tables
    lines = ["# Class report", "", f"{len(cls.students)} students, {len(cls.results)} graded submissions.", ""]
    lines += ["## Worksheets", ""] + _md_table(tables["worksheets"], TABLES["worksheets"])
    lines += ["## Exercises", ""] + _md_table(tables["exercises"], TABLES["exercises"])
    for title, name, rows in (
        ("Hidden tests failed most", "failed_tests", tables["failed_tests"]),
        ("Largest clusters of wrong answers (two students or more)", "clusters",
         [row for row in tables["clusters"] if row["size"] > 1]),
        ("Similar submissions", "similar", tables["similar"]),
    ):
        lines += [f"## {title}", ""] + _md_cut(rows[:top], TABLES[name], len(tables[name]),
                                               f"{tables_folder}/{name}.csv")
    if cls.notes:
        lines += ["## Input", ""] + [f"- {note}" for note in cls.notes] + [""]
    return "\n".join(lines)


