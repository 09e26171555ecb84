"""The course's notebook format, shared by `course release` and `course grade`.

A solution notebook (solutions/NN_name.ipynb) is the single source of a worksheet.

* Notebook metadata ``course.worksheet`` names the worksheet (``"jass"``); the file
  name gives its order and name (``01_jass_melds``).
* A code cell holding student code carries ``course.exercise`` in its metadata (an id
  such as ``"jass.quartets"``); inside it, each solution region sits between a line
  ``### BEGIN SOLUTION`` and a line ``### END SOLUTION``. The release replaces each
  region by a stub that raises ``NotImplementedError`` naming the exercise.
* ``course.check`` (an exercise id) marks a cell that runs a public check;
  ``course.demo`` (true) a cell that plays or simulates (widgets, long runs). The grader
  skips both, recognising them by their source in the instructor's notebook, or in its
  translation for a notebook in another language (:func:`reference_skips`).
* ``course.instructor`` (true) marks a cell that students never see.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
_EXERCISE_ID = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")


class NotebookFormatError(ValueError):
    """A solution notebook breaks the course's format; the message names file and cell."""


def read_notebook(source: Path | bytes, check: bool = True) -> Any:
    """A notebook (format 4, an older one upgraded by nbformat) from its file or its bytes:
    its cells and metadata, as JSON's dicts and lists.

    Text that is not JSON raises ValueError (with json's own message), bytes that are not
    UTF-8 UnicodeDecodeError. With ``check`` (the course's own notebooks, when they are
    written or released), a notebook the format's schema refuses raises NotebookFormatError;
    a student's hand-in, and a solution read to grade it, are read without
    (``check=False``): a notebook Jupyter opens is graded.

    nbformat is imported only to upgrade an older format or to check: importing it imports
    jsonschema, whose IRI checker compiles dozens of grammars (seconds, in every grading
    process and in ``course grade`` itself), and a format-4 notebook read as JSON is the same
    cells and metadata.
    """
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source.decode("utf-8")
    notebook = json.loads(text)
    if isinstance(notebook, dict) and isinstance(notebook.get("nbformat"), int) and notebook["nbformat"] < 4:
        import nbformat  # an older format, upgraded as Jupyter does on opening it

        notebook = nbformat.convert(nbformat.from_dict(notebook), 4)
    if check:
        import nbformat  # the instructor's extras have it; the zygote, which imports this module, needs it not

        try:
            nbformat.validate(notebook)
        except nbformat.ValidationError as error:
            name = source.name if isinstance(source, Path) else "the notebook"
            raise NotebookFormatError(f"{name}: not a valid notebook ({error.message})") from None
    return notebook


def read_solution(path: Path) -> Any:
    """A notebook of the course itself (a solution), read as :func:`read_notebook` reads it
    without checking, once per version of its file in this process: every reader of one
    grading (and of the next, in the same grading process) shares it, so none may change it."""
    stat = path.stat()
    return _read_solution(str(path.resolve()), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=16)
def _read_solution(path: str, stamp: int, size: int) -> Any:
    return read_notebook(Path(path), check=False)


def course_meta(cell_or_notebook: Any) -> dict[str, Any]:
    """The ``course`` metadata of a cell or notebook (empty when there is none)."""
    meta = cell_or_notebook.get("metadata", {}).get("course", {})
    return meta if isinstance(meta, dict) else {}


def cell_source(cell: Any) -> str:
    """A cell's source as one string (nbformat allows a list of lines on disk)."""
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def normalized(source: str) -> str:
    """A cell's source with trailing blanks and blank edges removed, for matching cells."""
    return "\n".join(line.rstrip() for line in source.strip().splitlines())


def stub_line(exercise: str, indent: str, lang: str = "en") -> str:
    """The line that replaces a solution region, its sentence in ``lang``."""
    from exercises.i18n import stub_sentence

    return f'{indent}raise NotImplementedError("{stub_sentence(exercise, lang)}")'


@dataclass(frozen=True)
class Region:
    """A solution region: lines ``begin`` to ``end`` (the marker lines) of a cell."""

    begin: int
    end: int
    indent: str


def solution_regions(source: str, where: str) -> list[Region]:
    """The solution regions of a cell's source; NotebookFormatError when unbalanced."""
    regions: list[Region] = []
    begin: int | None = None
    indent = ""
    for number, line in enumerate(source.splitlines()):
        stripped = line.strip()
        if stripped == BEGIN:
            if begin is not None:
                raise NotebookFormatError(
                    f"{where}: line {number + 1} opens a solution region inside the one "
                    f"opened at line {begin + 1} (regions cannot be nested)"
                )
            begin, indent = number, line[: len(line) - len(line.lstrip())]
        elif stripped == END:
            if begin is None:
                raise NotebookFormatError(
                    f"{where}: line {number + 1} closes a solution region that was never opened"
                )
            regions.append(Region(begin, number, indent))
            begin = None
        elif stripped.startswith("### BEGIN") or stripped.startswith("### END"):
            raise NotebookFormatError(
                f"{where}: line {number + 1} looks like a marker but is not one: {stripped!r}"
            )
    if begin is not None:
        raise NotebookFormatError(
            f"{where}: the solution region opened at line {begin + 1} is never closed"
        )
    return regions


def strip_solutions(source: str, exercise: str, where: str, lang: str = "en") -> str:
    """``source`` with each solution region replaced by its stub (saying it in ``lang``)."""
    lines = source.splitlines()
    out: list[str] = []
    position = 0
    for region in solution_regions(source, where):
        out.extend(lines[position : region.begin])
        out.append(stub_line(exercise, region.indent, lang))
        position = region.end + 1
    out.extend(lines[position:])
    return "\n".join(out)


def skipped_sources(notebook: Any) -> set[str]:
    """Normalized sources of the cells the grader skips: checks and demos."""
    return {
        normalized(cell_source(cell))
        for cell in notebook.get("cells", [])
        if cell.get("cell_type") == "code"
        and (course_meta(cell).get("demo") or course_meta(cell).get("check"))
    }


_SET_LANGUAGE = re.compile(r"""exercises\.set_language\(\s*["']([a-z]{2})["']\s*\)""")


def language_of(notebook: Any) -> str | None:
    """The language a notebook is in when not English: its metadata ``course.language``,
    else the language its cells set (a copy whose metadata was lost); None for English."""
    language = course_meta(notebook).get("language") if isinstance(notebook, dict) else None
    if isinstance(language, str) and language and language != "en":
        return language
    cells = notebook.get("cells", []) if isinstance(notebook, dict) else []
    for cell in cells if isinstance(cells, list) else []:
        if isinstance(cell, dict) and cell.get("cell_type") == "code":
            try:
                found = _SET_LANGUAGE.search(cell_source(cell))
            except TypeError:
                continue
            if found and found[1] != "en":
                return found[1]
    return None


def check_cells(notebook: Any) -> list[tuple[str, str]]:
    """The public check cells of a notebook: (exercise id, source), in order."""
    return [
        (course_meta(cell)["check"], cell_source(cell))
        for cell in notebook.get("cells", [])
        if cell.get("cell_type") == "code" and course_meta(cell).get("check")
    ]


def graded_cells(notebook: Any, skip: set[str]) -> list[str]:
    """The sources the grader runs: every code cell not in ``skip``, in order."""
    return [source for _, source in graded_cell_positions(notebook, skip)]


def graded_cell_positions(notebook: Any, skip: set[str]) -> list[tuple[int, str]]:
    """The cells the grader runs, each with its number in the notebook (1: the first cell,
    text cells counted), as a student finds it scrolling from the top."""
    found = []
    cells = notebook.get("cells", []) if isinstance(notebook, dict) else []
    for position, cell in enumerate(cells if isinstance(cells, list) else [], start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        try:
            source = cell_source(cell)
            if not isinstance(source, str) or normalized(source) in skip:
                continue
            if course_meta(cell).get("instructor"):
                continue
        except (TypeError, AttributeError):  # malformed source or metadata: not a cell to run
            continue
        found.append((position, source))
    return found


class Shell:
    """Stands in for IPython's ``get_ipython()`` where a notebook runs without a kernel.

    ``%time`` and the cell magics ``%%time`` and ``%%capture`` run their code once with
    ``run`` (as in Jupyter, what it defines exists afterwards); every other magic and
    shell command (``%matplotlib``, ``%%timeit``, ``!ls``) does nothing.
    """

    def __init__(self, run: Callable[[str], None]) -> None:
        self.run = run

    def __call__(self) -> Shell:
        return self  # the notebook's get_ipython()

    def run_line_magic(self, name: str, line: str, *args: Any, **kwargs: Any) -> None:
        if name == "time":
            self.run(line)

    def run_cell_magic(self, name: str, line: str, cell: str, *args: Any, **kwargs: Any) -> None:
        if name in ("time", "capture"):
            self.run(cell)

    def system(self, *args: Any, **kwargs: Any) -> None:
        return None

    def getoutput(self, *args: Any, **kwargs: Any) -> list[str]:
        return []


def solution_namespace(path: Path) -> dict[str, Any]:
    """Run the graded cells of a trusted notebook in this process; its global names.

    For benchmarks and the package's own tests, which need a solution's functions at full
    speed. What the cells print is dropped. Never use it on a student's notebook: the
    grader runs those in a confined process (:mod:`course.grading.grader.submission`).
    """
    import contextlib
    import io

    from IPython.core.inputtransformer2 import TransformerManager

    notebook = read_notebook(Path(path))
    transformer = TransformerManager()

    def run(source: str) -> None:
        exec(compile(transformer.transform_cell(source), f"<{Path(path).name}>", "exec", dont_inherit=True), namespace)

    namespace: dict[str, Any] = {"__name__": "__main__", "get_ipython": Shell(run)}
    for source in graded_cells(notebook, skipped_sources(notebook)):
        with contextlib.redirect_stdout(io.StringIO()):
            run(source)
    return namespace


def exercise_ids(notebook: Any) -> list[str]:
    """The exercise ids of a notebook, in order of appearance."""
    ids = []
    for cell in notebook.get("cells", []):
        exercise = course_meta(cell).get("exercise")
        if exercise and exercise not in ids:
            ids.append(exercise)
    return ids


def worksheet_of(notebook: Any, path: Path | None = None) -> str | None:
    """The worksheet id of a notebook: its metadata, else its file name (``01_jass_melds``)."""
    worksheet = course_meta(notebook).get("worksheet")
    if isinstance(worksheet, str) and worksheet:
        return worksheet
    return None


def validate_exercise_id(exercise: Any, where: str) -> str:
    """``exercise`` if it is a well-formed id, else NotebookFormatError."""
    if not isinstance(exercise, str) or not _EXERCISE_ID.match(exercise):
        raise NotebookFormatError(
            f"{where}: exercise id {exercise!r} is not of the form 'worksheet.name' "
            "(lower case letters, digits and underscores)"
        )
    return exercise
