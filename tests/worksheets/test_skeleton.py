"""Every worksheet has the same skeleton (docs/AUTHORING.md, "The skeleton of a worksheet").

The title and the goals at the top, sections numbered 1, 2, 3..., exercises numbered in
order under `### Exercise N:` headings, a closing summary, and code cells short enough to
read: at most 40 lines as a student receives them. Kept on the solutions and on the
released notebooks, in English and in French.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from conftest import ROOT, solution_paths
from course.notebook import cell_source, course_meta, read_notebook
from course.release import release_notebook

SOLUTIONS = solution_paths()
MAX_LINES = 40

#: Exercise cells longer than MAX_LINES as released: for each, its length today in each
#: language (it may not grow) and why it is not shorter. Remove an entry once its cell is short.
LONGER = {
    ("01_jass_melds", "jass.meld"): (
        {"en": 55, "fr": 56},
        "one frozen dataclass of eight members, three of them the exercise's: shorter only "
        "by splitting the exercise jass.meld in two, which changes its points and its tests",
    ),
}


@dataclass(frozen=True)
class Words:
    """The words of the skeleton in one language."""

    goals: str
    exercise: str
    summary: str


WORDS = {
    "en": Words(goals="**Goals.**", exercise="Exercise", summary="Summary"),
    "fr": Words(goals="**Objectifs.**", exercise="Exercice", summary="Résumé"),
}


def exercise_heading(words: Words, lang: str) -> re.Pattern[str]:
    """`### Exercise 3: ...` (a qualifier may follow the number: `### Exercise 10 (bonus): ...`)."""
    colon = "\u202f:" if lang == "fr" else ":"
    return re.compile(rf"^### {words.exercise} (\d+)(?: \([^)]*\))?{colon} \S")


def headings(cell: dict) -> list[str]:
    """The Markdown heading lines of a cell, outside fenced code blocks."""
    found, fenced = [], False
    for line in cell_source(cell).splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#+ ", line):
            found.append(line)
    return found


def has_list_after(text: str, start: str) -> bool:
    """Whether a Markdown list follows the first line of `text` that starts with `start`."""
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.startswith(start)), None)
    return first is not None and any(re.match(r"([-*]|\d+\.) \S", line) for line in lines[first + 1:])


def skeleton_problems(notebook: dict, lang: str = "en") -> list[str]:
    """What breaks the skeleton in a notebook, each in a sentence (none: it follows it)."""
    words = WORDS[lang]
    cells = notebook["cells"]
    problems = []
    if not cells or cells[0]["cell_type"] != "markdown" or not cell_source(cells[0]).startswith("# "):
        return ["the first cell is not a Markdown cell that starts with the title, `# ...`"]
    if not has_list_after(cell_source(cells[0]), words.goals):
        problems.append(f"the first cell has no goals: a paragraph {words.goals} and a list after it")
    code = [cell for cell in cells if cell["cell_type"] == "code"]
    if not code or not cell_source(code[0]).startswith("%xmode Minimal"):
        problems.append("the first code cell does not start with %xmode Minimal")

    pattern = exercise_heading(words, lang)
    sections: list[tuple[int, str]] = []  # (cell index, heading)
    exercise_headings: list[tuple[int, str]] = []
    last_heading: dict[int, str] = {}  # code cell index -> the last heading above it
    current = ""
    for index, cell in enumerate(cells):
        if cell["cell_type"] == "code":
            last_heading[index] = current
            continue
        for line in headings(cell):
            current = line
            if line.startswith("# ") and index > 0:
                problems.append(f"cell {index}: a second title {line!r}")
            elif line.startswith("## "):
                sections.append((index, line))
            elif line.startswith(f"### {words.exercise}"):
                if not pattern.match(line):
                    problems.append(f"cell {index}: {line!r} is not of the form "
                                    f"'### {words.exercise} N: ...'")
                elif not sections:
                    problems.append(f"cell {index}: {line!r} comes before section 1")
                exercise_headings.append((index, line))

    for number, (index, line) in enumerate(sections, start=1):
        if not line.startswith(f"## {number}. "):
            problems.append(f"cell {index}: {line!r} should be section {number}, '## {number}. ...'")
    if sections:
        index, line = sections[-1]
        if line != f"## {len(sections)}. {words.summary}":
            problems.append(f"the last section is {line!r}, not '## {len(sections)}. {words.summary}'")
        elif index != len(cells) - 1 or not has_list_after(cell_source(cells[index]), line):
            problems.append(f"the summary is not a list in the last cell of the notebook (cell {index})")
    else:
        problems.append("no numbered section")

    exercises = [(i, course_meta(cell)["exercise"]) for i, cell in enumerate(cells)
                 if cell["cell_type"] == "code" and course_meta(cell).get("exercise")]
    numbers = [int(m.group(1)) for _, line in exercise_headings if (m := pattern.match(line))]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"the exercises are numbered {numbers}, not 1, 2, 3... in order")
    if len(exercise_headings) != len(exercises):
        problems.append(f"{len(exercise_headings)} exercise headings for {len(exercises)} exercise cells")
    for (index, exercise), (_, line) in zip(exercises, exercise_headings):
        if last_heading[index] != line or f"(`{exercise}`)" not in line:
            problems.append(f"cell {index}: exercise {exercise} is not under its own heading "
                            f"'### {words.exercise} N: ... (`{exercise}`)' (the heading above it: "
                            f"{last_heading[index]!r})")
    return problems


def long_cells(student: dict) -> dict[tuple[int, str | None], int]:
    """The code cells of a student notebook over MAX_LINES: (index, exercise id) -> lines."""
    return {
        (index, course_meta(cell).get("exercise")): len(cell_source(cell).splitlines())
        for index, cell in enumerate(student["cells"])
        if cell["cell_type"] == "code" and len(cell_source(cell).splitlines()) > MAX_LINES
    }


def length_problems(student: dict, stem: str, lang: str = "en") -> list[str]:
    """The code cells too long for the skeleton (LONGER's cells may keep their length)."""
    problems = []
    for (index, exercise), lines in long_cells(student).items():
        allowed = LONGER.get((stem, exercise or ""), ({lang: MAX_LINES}, ""))[0][lang]
        if lines > allowed:
            problems.append(f"{stem}, cell {index} ({exercise or 'given code'}): {lines} lines, "
                            f"more than {allowed}")
    return problems


def ids(paths: list[Path]) -> list[str]:
    return [path.stem for path in paths]


RELEASED = [(lang, ROOT / folder / path.name)
            for lang, folder in (("en", "notebooks"), ("fr", "notebooks/fr")) for path in SOLUTIONS]


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_solution_follows_the_skeleton(path):
    assert skeleton_problems(read_notebook(path)) == []


@pytest.mark.parametrize(("lang", "path"), RELEASED, ids=[f"{lang}-{path.stem}" for lang, path in RELEASED])
def test_released_notebook_follows_the_skeleton(lang, path):
    assert skeleton_problems(read_notebook(path), lang) == []


@pytest.mark.parametrize("path", SOLUTIONS, ids=ids(SOLUTIONS))
def test_code_cells_are_short_as_students_receive_them(path):
    """Given code and demos as written, an exercise cell as its stub (its solution may be longer)."""
    student = release_notebook(read_notebook(path), path.name)
    assert length_problems(student, path.stem) == []


@pytest.mark.parametrize(("lang", "path"), RELEASED, ids=[f"{lang}-{path.stem}" for lang, path in RELEASED])
def test_released_code_cells_are_short(lang, path):
    assert length_problems(read_notebook(path), path.stem, lang) == []


def test_every_longer_cell_is_still_longer():
    """An entry of LONGER whose cell has become short is removed, so the list only shrinks."""
    found = {}
    for path in SOLUTIONS:
        student = release_notebook(read_notebook(path), path.name)
        found.update({(path.stem, exercise): lines for (_, exercise), lines in long_cells(student).items()})
    assert {key: found.get(key) for key in LONGER} == {key: lines["en"] for key, (lines, _) in LONGER.items()}


# ---- the checker itself, on small notebooks ------------------------------------------------

GOOD = [
    "# Worksheet 9: a game\n\nThe game.\n\n**Goals.** You will:\n\n- write `double`;\n- check it.",
    "## 1. Doubling\n\n### Exercise 1: `double` (`tiny.double`)\n\nWrite it.",
    ("code", "%xmode Minimal\nfrom exercises import checks"),
    ("exercise", 'def double(x):\n    """Twice x."""\n'
                 "    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION"),
    "### Exercise 2 (bonus): `triple` (`tiny.triple`)",
    ("exercise", "def triple(x):\n    ### BEGIN SOLUTION\n" + "    x = x\n" * 60
                 + "    return 3 * x\n    ### END SOLUTION"),
    "## 2. Summary\n\n- doubling is easy.",
]


def tiny(cells: list) -> dict:
    """A notebook of `cells`: Markdown text, or (kind, source) for a code cell."""
    made = []
    for cell in cells:
        if isinstance(cell, str):
            made.append(new_markdown_cell(cell))
        else:
            kind, source = cell
            made.append(new_code_cell(source))
            if kind == "exercise":
                name = re.search(r"def (\w+)", source).group(1)
                made[-1].metadata["course"] = {"exercise": f"tiny.{name}"}
    return nbformat.from_dict(new_notebook(cells=made, metadata={"course": {"worksheet": "tiny"}}))


def test_a_notebook_with_the_skeleton_passes():
    notebook = tiny(GOOD)
    assert skeleton_problems(notebook) == []
    # the triple's solution is 63 lines, its stub 3: the student reads a short cell
    assert length_problems(release_notebook(notebook, "tiny"), "99_tiny") == []


@pytest.mark.parametrize(("change", "problem"), [
    (lambda c: c.__setitem__(0, "# Worksheet 9: a game\n\nNo goals here."), "has no goals"),
    (lambda c: c.__setitem__(1, c[1].replace("## 1. Doubling", "## Doubling")), "should be section 1"),
    (lambda c: c.__setitem__(6, "## 3. Summary\n\n- doubling is easy."), "should be section 2"),
    (lambda c: c.__setitem__(6, "## 2. What we saw\n\n- doubling is easy."), "the last section is"),
    (lambda c: c.append("A last word."), "the summary is not a list in the last cell"),
    (lambda c: c.__setitem__(4, "### Exercise 3 (bonus): `triple` (`tiny.triple`)"), "numbered [1, 3]"),
    (lambda c: c.__setitem__(4, "### Exercise two: `triple` (`tiny.triple`)"), "is not of the form"),
    (lambda c: c.__setitem__(4, "### Bonus: `triple` (`tiny.triple`)"), "1 exercise headings for 2"),
    (lambda c: c.__setitem__(4, "### Exercise 2: `triple` (`tiny.other`)"), "not under its own heading"),
    (lambda c: c.__setitem__(2, ("code", "from exercises import checks")), "%xmode Minimal"),
    (lambda c: c.insert(1, "# A second title"), "a second title"),
])
def test_a_notebook_without_the_skeleton_fails(change, problem):
    cells = list(GOOD)
    change(cells)
    assert any(problem in found for found in skeleton_problems(tiny(cells))), skeleton_problems(tiny(cells))


def test_a_heading_inside_a_code_block_is_not_a_heading():
    cells = list(GOOD)
    cells[1] = cells[1] + "\n\n```python\n# a comment\n## 7. not a section\n```"
    assert skeleton_problems(tiny(cells)) == []


def test_a_long_given_cell_or_stub_is_too_long():
    cells = [*GOOD[:3], ("code", "x = 1\n" * 41), *GOOD[3:]]
    cells[4] = ("exercise", "def double(x):\n" + "    # a given line\n" * 40
                + "    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION")
    problems = length_problems(release_notebook(tiny(cells), "tiny"), "99_tiny")
    assert problems == ["99_tiny, cell 3 (given code): 41 lines, more than 40",
                        "99_tiny, cell 4 (tiny.double): 42 lines, more than 40"]


def test_french_words():
    cells = [
        "# Feuille 9 : un jeu\n\n**Objectifs.** Vous allez :\n\n- écrire `double`.",
        "## 1. Doubler\n\n### Exercice 1\u202f: `double` (`tiny.double`)",
        ("code", "%xmode Minimal"),
        ("exercise", "def double(x):\n    ### BEGIN SOLUTION\n    return 2 * x\n    ### END SOLUTION"),
        "## 2. Résumé\n\n- doubler est facile.",
    ]
    assert skeleton_problems(tiny(cells), "fr") == []
    assert skeleton_problems(tiny(cells), "en") != []
