"""`course release`: student notebooks generated from the solutions, and the bundle."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from conftest import ROOT, load, solution_paths
from course.notebook import BEGIN, END, NotebookFormatError, solution_regions
from course.release import build, release, release_notebook


def course_command(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """Run the ``course`` console script of this environment."""
    script = Path(sys.executable).with_name("course")
    return subprocess.run([str(script), *args], cwd=cwd, capture_output=True, text=True)


def exercise_cell(source: str, exercise: str | None, **extra) -> nbformat.NotebookNode:
    cell = new_code_cell(source)
    meta = dict(extra)
    if exercise is not None:
        meta["exercise"] = exercise
    if meta:
        cell.metadata["course"] = meta
    return cell


def tiny_course(tmp_path: Path, cells: list, name: str = "01_tiny.ipynb") -> Path:
    """A course folder with one solution notebook made of ``cells``."""
    (tmp_path / "solutions").mkdir(parents=True)
    notebook = new_notebook(cells=cells)
    notebook.metadata["course"] = {"worksheet": "tiny"}
    nbformat.write(notebook, tmp_path / "solutions" / name)
    return tmp_path


GOOD_CELL = f"""def double(x):
    \"\"\"Return twice x.\"\"\"
    {BEGIN}
    result = x + x
    return result
    {END}"""


def test_notebooks_folder_is_a_fresh_release():
    released = build(ROOT)
    on_disk = {path.name: path.read_text(encoding="utf-8") for path in (ROOT / "notebooks").glob("*.ipynb")}
    assert sorted(on_disk) == sorted(released), "run `course release` and commit notebooks/"
    for name, text in released.items():
        assert on_disk[name] == text, f"notebooks/{name} differs from `course release`: run it and commit"


def test_every_solution_has_a_student_notebook():
    assert [path.name for path in solution_paths()] == sorted(
        path.name for path in (ROOT / "notebooks").glob("*.ipynb")
    )


def test_a_region_becomes_a_stub_at_its_indentation():
    notebook = new_notebook(cells=[exercise_cell(GOOD_CELL, "tiny.double")])
    student = release_notebook(notebook, "01_tiny.ipynb")
    assert student.cells[0].source.splitlines() == [
        "def double(x):",
        '    """Return twice x."""',
        '    raise NotImplementedError("Exercise tiny.double: write your code here.")',
    ]


def test_outputs_are_cleared_and_instructor_cells_dropped():
    cell = exercise_cell(GOOD_CELL, "tiny.double")
    cell.outputs = [nbformat.v4.new_output("stream", text="hello\n")]
    cell.execution_count = 3
    secret = exercise_cell("ANSWER = 42", None, instructor=True)
    notebook = new_notebook(cells=[new_markdown_cell("# Tiny"), cell, secret])
    student = release_notebook(notebook, "01_tiny.ipynb")
    assert len(student.cells) == 2
    assert student.cells[1].outputs == [] and student.cells[1].execution_count is None


def test_release_is_deterministic_and_idempotent(tmp_path):
    course = tiny_course(tmp_path, [exercise_cell(GOOD_CELL, "tiny.double")])
    release(course)
    first = (course / "notebooks" / "01_tiny.ipynb").read_bytes()
    release(course)
    assert (course / "notebooks" / "01_tiny.ipynb").read_bytes() == first


@pytest.mark.parametrize(
    ("cells", "words"),
    [
        ([exercise_cell(f"def f():\n    {BEGIN}\n    return 1\n", "tiny.f")], ["never closed", "cell 0"]),
        ([exercise_cell(f"def f():\n    return 1\n    {END}\n", "tiny.f")], ["never opened", "cell 0"]),
        (
            [exercise_cell(f"{BEGIN}\n{BEGIN}\nx = 1\n{END}\n{END}\n", "tiny.f")],
            ["nested", "cell 0"],
        ),
        (
            [exercise_cell(GOOD_CELL, "tiny.double"), exercise_cell(GOOD_CELL, "tiny.double")],
            ["'tiny.double'", "already used", "cell 1"],
        ),
        ([exercise_cell(GOOD_CELL, None)], ["no exercise id", "cell 0"]),
        ([exercise_cell(GOOD_CELL, "Double It")], ["'Double It'", "cell 0"]),
    ],
    ids=["unclosed", "unopened", "nested", "duplicate-id", "no-id", "bad-id"],
)
def test_a_bad_source_stops_the_release_and_writes_nothing(tmp_path, cells, words):
    course = tiny_course(tmp_path, cells, name="02_bad.ipynb")
    good = new_notebook(cells=[exercise_cell(GOOD_CELL, "other.double")])
    nbformat.write(good, course / "solutions" / "01_good.ipynb")
    (course / "notebooks").mkdir()
    (course / "notebooks" / "00_old.ipynb").write_text("{}", encoding="utf-8")
    before = sorted(path.name for path in (course / "notebooks").iterdir())

    with pytest.raises(NotebookFormatError) as error:
        release(course, course / "bundle")
    message = str(error.value)
    assert "02_bad.ipynb" in message
    for word in words:
        assert word in message

    assert sorted(path.name for path in (course / "notebooks").iterdir()) == before
    assert not (course / "bundle").exists()

    completed = course_command("release", "--to", "bundle", cwd=course)
    assert completed.returncode == 1
    assert "02_bad.ipynb" in completed.stderr and "nothing was written" in completed.stderr
    assert sorted(path.name for path in (course / "notebooks").iterdir()) == before


# A line of a solution region that is a bare keyword, a trivial statement or a name
# returned can stand in any program: the bundle test looks for the others.
GENERIC_LINE = re.compile(
    r"^(pass|continue|break|else:|try:|finally:|while True:|return|return [\w.]+|return \[\]|"
    r"yield [\w.]+|raise \w+\(|"
    r"[\w.]+ = (0|1|\[\]|\{\}|set\(\)|None|True|False|\"\"|'')|[\)\]\}]+,?|.{0,8})$"
)

# Lines that a solution shares with the package, read one by one: each is a plain use of
# the given model (a loop over the players, a call of the student's own helper, a move
# tried on a copy), not a piece of an answer.
REVIEWED_LINES = {
    "for player_id in PlayerId:",
    "for pid in PlayerId:",
    "offers[player_id] = state.top_tickets(Constants.INITIAL_TICKETS_COUNT)",
    "state = state.without_top_tickets(Constants.INITIAL_TICKETS_COUNT)",
    "info = Info(name)",
    "player = self.player",
    "update_all(players, state)",
    "if not route.is_tunnel:",
    "for domino in line:",
    "for placement in kingdom.legal_placements(domino):",
    "first, second = (row, column), (row + dr, column + dc)",
    "state = state.for_next_turn()",
}


def code_lines(cell: dict) -> list[str]:
    source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    return source.splitlines()


def test_student_bundle_holds_no_solution(tmp_path):
    copy = tmp_path / "course"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "test-artifacts", "__pycache__"))
    completed = course_command("release", "--to", str(tmp_path / "bundle"), cwd=copy)
    assert completed.returncode == 0, completed.stderr
    bundle = tmp_path / "bundle"
    assert (bundle / "README.md").exists() and (bundle / "environment.yml").exists()
    assert (bundle / "src" / "exercises" / "__init__.py").exists()
    assert sorted(p.name for p in (bundle / "notebooks").glob("*.ipynb")) == [p.name for p in solution_paths()]
    assert not (bundle / "solutions").exists() and not (bundle / "tests").exists()

    secrets, given = set(), set()
    for path in solution_paths():
        for cell in load(path)["cells"]:
            source = "\n".join(code_lines(cell))
            if cell["cell_type"] != "code":
                given.update(line.strip() for line in source.splitlines())
                continue
            if cell.get("metadata", {}).get("course", {}).get("instructor"):
                secrets.update(line.strip() for line in source.splitlines())
                continue
            inside = {
                number
                for region in solution_regions(source, path.name)
                for number in range(region.begin, region.end + 1)
            }
            for number, line in enumerate(source.splitlines()):
                (secrets if number in inside else given).add(line.strip())
    # A line the instructor also shows in given code or prose (the seed's own loop in a
    # "spot the bug" cell, say) is no secret.
    secrets = {
        line for line in secrets - given - REVIEWED_LINES
        if line and not line.startswith("#") and not GENERIC_LINE.match(line)
    }
    assert secrets, "the solutions have solution regions"

    leaks = []
    for path in bundle.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            if path.suffix == ".ipynb":
                text = "\n".join(
                    "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                    for c in json.loads(text)["cells"]
                )
            lines = {line.strip() for line in text.splitlines()}
            leaks += [f"{path.relative_to(bundle)}: {line}" for line in sorted(secrets & lines)]
    assert leaks == [], "\n".join(leaks)


# ----------------------------------------------------------------------------- the bundle as a git repository


def git(*args: str, cwd: Path) -> str:
    completed = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return completed.stdout


def bundle_course(tmp_path: Path, cells: list) -> Path:
    """A tiny course with a package, ready for ``course release --to``."""
    course = tiny_course(tmp_path / "course", cells)
    (course / "src" / "exercises").mkdir(parents=True)
    (course / "src" / "exercises" / "__init__.py").write_text('"""The package."""\n', encoding="utf-8")
    return course


def test_release_git_commits_each_release_and_keeps_history(tmp_path):
    course = bundle_course(tmp_path, [exercise_cell(GOOD_CELL, "tiny.double")])
    bundle = tmp_path / "bundle"
    completed = course_command("release", "--to", str(bundle), "--git", cwd=course)
    assert completed.returncode == 0, completed.stderr
    assert "committed" in completed.stdout
    assert git("rev-parse", "--abbrev-ref", "HEAD", cwd=bundle).strip() == "main"
    assert git("status", "--porcelain", cwd=bundle) == ""
    assert "notebooks/01_tiny.ipynb" in git("ls-files", cwd=bundle).split()
    assert ".gitignore" in git("ls-files", cwd=bundle).split()

    # the same release again changes nothing and makes no commit
    completed = course_command("release", "--to", str(bundle), "--git", cwd=course)
    assert completed.returncode == 0, completed.stderr
    assert "nothing changed" in completed.stdout
    assert git("rev-list", "--count", "HEAD", cwd=bundle).strip() == "1"

    # a new worksheet reaches the bundle as a second commit on top of the first
    nbformat.write(new_notebook(cells=[exercise_cell(GOOD_CELL, "two.double")]), course / "solutions" / "02_two.ipynb")
    completed = course_command("release", "--to", str(bundle), "--git", "--message", "Add worksheet two", cwd=course)
    assert completed.returncode == 0, completed.stderr
    assert git("rev-list", "--count", "HEAD", cwd=bundle).strip() == "2"
    assert git("log", "-1", "--format=%s", cwd=bundle).strip() == "Add worksheet two"
    assert git("diff", "--name-status", "HEAD~1", "HEAD", cwd=bundle).split() == ["A", "notebooks/02_two.ipynb"]
    assert git("status", "--porcelain", cwd=bundle) == ""


def test_release_git_refuses_a_folder_that_is_not_a_bundle(tmp_path):
    course = bundle_course(tmp_path, [exercise_cell(GOOD_CELL, "tiny.double")])
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work", encoding="utf-8")
    completed = course_command("release", "--to", str(precious), "--git", cwd=course)
    assert completed.returncode == 1
    assert "not a student bundle" in completed.stderr
    assert (precious / "thesis.tex").read_text(encoding="utf-8") == "years of work"


def test_a_bundle_clone_takes_a_later_release_without_losing_a_students_answer(tmp_path):
    course = bundle_course(tmp_path, [new_markdown_cell(
        "# Tiny, with a tpyo"), exercise_cell(GOOD_CELL, "tiny.double")])
    bundle = tmp_path / "bundle"
    assert course_command("release", "--to", str(bundle), "--git", cwd=course).returncode == 0
    student = tmp_path / "student"
    git("clone", "-q", bundle.as_uri(), str(student), cwd=tmp_path)
    notebook = student / "notebooks" / "01_tiny.ipynb"
    answer = notebook.read_text(encoding="utf-8").replace(
        'raise NotImplementedError(\\"Exercise tiny.double: write your code here.\\")', "return 2 * x"
    )
    assert "return 2 * x" in answer
    notebook.write_text(answer, encoding="utf-8")

    source = course / "solutions" / "01_tiny.ipynb"
    source.write_text(source.read_text(encoding="utf-8").replace("tpyo", "typo"), encoding="utf-8")
    assert course_command("release", "--to", str(bundle), "--git", cwd=course).returncode == 0
    # what nbgitpuller does: commit the student's changes, merge keeping theirs on conflict
    git("-c", "user.name=s", "-c", "user.email=s@x", "commit", "-qam", "student", cwd=student)
    git("fetch", "-q", "origin", cwd=student)
    git("-c", "user.name=s", "-c", "user.email=s@x", "merge", "-q", "-Xours", "origin/main", cwd=student)
    merged = notebook.read_text(encoding="utf-8")
    assert "return 2 * x" in merged and "typo" in merged and "tpyo" not in merged
