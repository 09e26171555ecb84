"""The course's worksheets and the files of a hand-in: which student, which worksheet, when
handed in, or why a file cannot be graded (``course grade``'s first step)."""

from __future__ import annotations

import ast
import csv
import functools
import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...i18n.grading_text import reason as english
from ...notebook import (
    cell_source,
    exercise_ids,
    language_of,
    normalized,
    read_notebook,
    worksheet_of,
)


@dataclass(frozen=True)
class Worksheet:
    """A worksheet of the course: its solution notebook and hidden test module."""

    id: str
    stem: str
    solution: Path
    tests: Path | None
    exercises: tuple[str, ...]
    cells: frozenset[str]


def find_root(start: Path) -> Path | None:
    """The course folder (with solutions/ and tests/grading/) at or above ``start``."""
    for folder in [start, *start.parents]:
        if (folder / "solutions").is_dir() and (folder / "tests" / "grading").is_dir():
            return folder
    return None


def module_tree(path: Path) -> ast.Module:
    """A hidden test module's syntax tree, parsed once for each version of the file (not
    to be changed): a command reads its ``NOTEBOOK``, then its ``POINTS``."""
    status = path.stat()
    return _parsed(path, status.st_mtime_ns, status.st_size)


@functools.lru_cache(maxsize=32)
def _parsed(path: Path, mtime_ns: int, size: int) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def notebook_of_module(path: Path) -> str | None:
    """The ``NOTEBOOK = "..."`` a hidden test module names, read without importing it."""
    try:
        tree = module_tree(path)
    except (SyntaxError, UnicodeDecodeError):
        return None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "NOTEBOOK" for target in node.targets
        ) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return node.value.value
    return None


def worksheets(root: Path) -> list[Worksheet]:
    """The worksheets of the course, in order."""
    modules = {}
    for module in sorted((root / "tests" / "grading").glob("test_*.py")):
        stem = notebook_of_module(module)
        if stem:
            modules[stem] = module
    found = []
    for solution in sorted((root / "solutions").glob("*.ipynb")):
        notebook = read_notebook(solution, check=False)  # the course's own: checked when it is released
        cells = frozenset(
            normalized(cell_source(cell))
            for cell in notebook.get("cells", [])
            if normalized(cell_source(cell)) and not cell.get("metadata", {}).get("course", {}).get("exercise")
        )
        found.append(
            Worksheet(
                id=worksheet_of(notebook) or solution.stem,
                stem=solution.stem,
                solution=solution,
                tests=modules.get(solution.stem),
                exercises=tuple(exercise_ids(notebook)),
                cells=cells,
            )
        )
    return found


def grades_exercise(sheet: Worksheet, exercise: str) -> bool:
    """Whether a worksheet's notebook or hidden tests name ``exercise``."""
    if exercise in sheet.exercises:
        return True
    try:
        text = sheet.tests.read_text(encoding="utf-8") if sheet.tests else ""
    except OSError:
        return False
    return f'"{exercise}"' in text or f"'{exercise}'" in text


#: Canvas: ``login_[LATE_]userid_submissionid_filename`` (a resubmission may add ``-1``)
CANVAS = re.compile(r"^(?P<student>[a-z0-9]+)_(?P<late>LATE_)?(?P<user>\d+)_(?P<submission>\d+)_(?P<file>.+)$")
#: Moodle: ``Full Name_participantid_assignsubmission_file_`` (a folder, or a file name's start)
MOODLE = re.compile(r"^(?P<student>.+?)_(?P<user>\d+)_assignsubmission_(?:file|onlinetext)_(?P<file>.*)$")
#: files of an LMS download that are not hand-ins: nbgrader's submission time, macOS litter
IGNORED = {"timestamp.txt", ".DS_Store", "Thumbs.db"}
SIMILAR = 0.5  #: share of a worksheet's cells a notebook must hold to match by content
SIMILAR_WEAK = 0.2


@dataclass
class Task:
    """One file to grade (or to report as not gradable)."""

    path: Path
    student: str
    digest: str
    worksheet: Worksheet | None = None
    reason: str = ""
    key: str = ""
    submitted: float = 0.0  #: when it was handed in (0: no source says; see :mod:`course.gradebook.handin`)
    source: str = ""  #: the source of the hand-in time (an LMS export, nbgrader's timestamp.txt, the file time)
    lms_late: bool = False  #: the LMS marked it late (Canvas's ``LATE_``)
    language: str | None = None  #: the notebook's language when not English (its metadata)

    @property
    def fid(self) -> str:
        """The file's id in the gradebook: its absolute path, hashed."""
        return file_id(self.path)

    @property
    def group(self) -> str:
        """What one grade is kept for: the worksheet, or the file itself when it has none."""
        return self.worksheet.id if self.worksheet else "file:" + self.path.name


def file_id(path: Path) -> str:
    return hashlib.sha256(str(Path(os.path.abspath(path))).encode("utf-8", "surrogatepass")).hexdigest()[:24]


def expand(paths: list[str]) -> list[tuple[Path, Path | None]]:
    """Every file to grade, with the folder it was found in (None: named directly)."""
    files: list[tuple[Path, Path | None]] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            for file in sorted(path.rglob("*")):
                parts = file.relative_to(path).parts
                if file.is_file() and not any(p.startswith(".") for p in parts) and file.name not in IGNORED:
                    files.append((file, path))
        elif path.name not in IGNORED:
            files.append((path, None))
    return files


def _looks_like_worksheet(stem: str, sheets: list[Worksheet]) -> bool:
    lowered = stem.lower()
    return bool(re.match(r"^\d\d_", lowered)) or any(
        lowered == sheet.stem.lower() or lowered == sheet.id.lower() for sheet in sheets
    )


def lms_student(path: Path) -> tuple[str, bool] | None:
    """The student an LMS download names (Canvas, Moodle, nbgrader's submitted/), and late."""
    parts = Path(os.path.abspath(path)).parts
    if "submitted" in parts[:-1]:  # nbgrader: submitted/<student>/<assignment>/<notebook>
        index = len(parts) - 1 - parts[::-1].index("submitted")
        if len(parts) - index == 4:
            return parts[index + 1], False
    for part in reversed(parts[-2:]):
        stem = Path(part).stem if part == parts[-1] else part
        found = MOODLE.match(stem)
        if found:
            return found["student"].strip(), False
        found = CANVAS.match(stem)
        if found and part == parts[-1]:
            return found["student"], bool(found["late"])
    return None


def single_student_folder(folder: Path, sheets: list[Worksheet]) -> bool:
    """A folder given on the command line that is one student's hand-in, not a class.

    It has no sub-folders holding notebooks, and at least one notebook named like a
    worksheet (``03_abapa.ipynb``): its other notebooks (``Untitled.ipynb``) are that
    student's too.
    """
    files = [f for f in folder.iterdir() if not f.name.startswith(".")] if folder.is_dir() else []
    if any(f.is_dir() and any(f.rglob("*.ipynb")) for f in files):
        return False
    return any(f.suffix == ".ipynb" and _looks_like_worksheet(f.stem, sheets) for f in files)


def student_of(path: Path, folder: Path | None, sheets: list[Worksheet],
               mapping: dict[str, str] | None = None, known: dict[str, str] | None = None) -> str:
    """The student's id of a file (rules in order, the first that applies):

    1. the mapping file (``--students``): a path part, the file's name or an LMS id;
    2. an LMS download's name: nbgrader's ``submitted/<student>/``, Canvas's
       ``login_userid_subid_file``, Moodle's ``Full Name_id_assignsubmission_file_``;
    3. the student this file was graded for before (a rerun of one student's folder);
    4. the top folder under a given folder; a given folder that is one student's
       hand-in (:func:`single_student_folder`); a file named like a worksheet is named
       by its folder; else the file's name.
    """
    lms = lms_student(path)
    if mapping:
        candidates = [*Path(os.path.abspath(path)).parts[::-1], path.stem]
        if lms:
            candidates.insert(0, lms[0])
        found = CANVAS.match(path.stem) or MOODLE.match(path.stem) or MOODLE.match(path.parent.name)
        if found:
            candidates.insert(0, found["user"])
        for candidate in candidates:
            if candidate in mapping:
                return mapping[candidate]
    if lms:
        return lms[0]
    if known and file_id(path) in known:
        return known[file_id(path)]
    if folder is not None:
        parts = path.relative_to(folder).parts
        if len(parts) > 1:
            return parts[0]
        if single_student_folder(folder, sheets) and Path(os.path.abspath(folder)).name:
            return Path(os.path.abspath(folder)).name
    if _looks_like_worksheet(path.stem, sheets) and path.resolve().parent.name:
        return path.resolve().parent.name
    return path.stem


def match_worksheet(notebook: Any, path: Path, sheets: list[Worksheet]) -> Worksheet | None:
    """The worksheet of a notebook: its metadata, else its cells, else its file name."""
    by_id = {sheet.id: sheet for sheet in sheets}
    claimed = worksheet_of(notebook)
    if claimed in by_id:
        return by_id[claimed]
    sources = {
        normalized(cell_source(cell))
        for cell in notebook.get("cells", [])
        if isinstance(cell, dict) and isinstance(cell_source(cell), str)
    }
    shares = sorted(
        ((len(sheet.cells & sources) / max(len(sheet.cells), 1), index) for index, sheet in enumerate(sheets)),
        reverse=True,
    )
    if shares and shares[0][0] >= SIMILAR:
        return sheets[shares[0][1]]
    stem = path.stem.lower()
    for sheet in sheets:
        if stem.startswith(sheet.stem.lower()) or re.search(rf"(^|[^a-z]){re.escape(sheet.id)}([^a-z]|$)", stem):
            return sheet
    if shares and shares[0][0] >= SIMILAR_WEAK:
        return sheets[shares[0][1]]
    return None


def prepare(path: Path, folder: Path | None, sheets: list[Worksheet],
            mapping: dict[str, str] | None = None, known: dict[str, str] | None = None) -> Task:
    """A task for one file: its student, worksheet, or why it cannot be graded."""
    student = student_of(path, folder, sheets, mapping, known)
    lms = lms_student(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        return Task(path, student, "", reason=english("cannot be read ({error})", error=error.strerror))
    task = Task(path, student, hashlib.sha256(data).hexdigest(), lms_late=bool(lms and lms[1]))
    if path.suffix.lower() != ".ipynb":
        task.reason = english("not a notebook (a {suffix}, not a .ipynb)", suffix=path.suffix) if path.suffix \
            else english("not a notebook (a file without extension, not a .ipynb)")
        return task
    try:
        notebook = read_notebook(data, check=False)
    except (UnicodeDecodeError, ValueError) as error:
        task.reason = english("not valid JSON ({error})", error=str(error)[:120])
        return task
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        task.reason = english("not a notebook (valid JSON without a list of cells)")
        return task
    task.language = language_of(notebook)
    task.worksheet = match_worksheet(notebook, path, sheets)
    if task.worksheet is None:
        task.reason = english("matches no worksheet of the course")
    elif task.worksheet.tests is None:
        task.reason = english("worksheet {worksheet} has no hidden tests", worksheet=task.worksheet.id)
    return task


def prepare_safely(path: Path, folder: Path | None, sheets: list[Worksheet],
                   mapping: dict[str, str] | None = None, known: dict[str, str] | None = None) -> Task:
    """:func:`prepare`, with a malformed notebook reported instead of stopping the batch."""
    try:
        return prepare(path, folder, sheets, mapping, known)
    except (TypeError, AttributeError, ValueError, RecursionError) as error:
        student = student_of(path, folder, sheets, mapping, known)
        return Task(path, student, "",
                    reason=english("not a well-formed notebook ({error})", error=type(error).__name__))


def read_mapping(path: str | None) -> dict[str, str]:
    """A CSV of two columns, what a file or LMS names (a folder, file, login or id) and an id."""
    if not path:
        return {}
    mapping = {}
    with open(path, encoding="utf-8-sig", newline="") as handle:
        for row in csv.reader(handle):
            if len(row) >= 2 and row[0].strip() and row[1].strip():
                mapping[row[0].strip()] = row[1].strip()
    return mapping
