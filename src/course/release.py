"""`course release`: the student notebooks, generated from the solution notebooks.

For each solutions/NN_name.ipynb, notebooks/NN_name.ipynb gets the same cells with
every solution region replaced by a stub (see :mod:`course.notebook`),
outputs and execution counts cleared, instructor-only cells dropped. Every notebook is
checked before anything is written: a format error names the file, the cell and the
exercise, and leaves every file as it was. The output is deterministic, so running the
release twice changes nothing, and a test compares notebooks/ with a fresh release.

``course release --to DIR`` also writes the student bundle: the notebooks, the
package's source (``src/exercises``, never the grader ``src/course``), a student README,
a pyproject.toml without the instructor's command and extras, an environment.yml that
installs the package alone from the lock (constraints.txt), the lock and binder/; never
solutions/ or tests/. With ``--git`` the bundle is a git repository (branch ``main``)
and each release that changes something is one more commit on top of the last: students
pull it with nbgitpuller, whose merge brings the new files and keeps their answers (a bundle's
history is never rewritten, or nbgitpuller could not merge).
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from .i18n.catalog import read_catalog, translations
from .i18n.lab_language import lab_packages, localize_bundle
from .i18n.notebooks import (
    README,
    STUDENT_README,
    catalog_path,
    readme_notebook,
    translated_solutions,
)
from .i18n.units import translate_source
from .notebook import (
    NotebookFormatError,
    cell_source,
    course_meta,
    read_notebook,
    solution_regions,
    strip_solutions,
    validate_exercise_id,
)

#: files of the course folder copied into the bundle as they are
BUNDLE_FILES = ("constraints.txt", "LICENSE")
#: the extras of the course a student may install: none (the checks run in the notebooks;
#: pytest, playwright, mypy and ruff are the course's own tests')
STUDENT_EXTRAS: tuple[str, ...] = ()
#: the bundle's environment.yml: the package and its dependencies, at the versions of the lock
STUDENT_ENVIRONMENT = """\
# conda env create -f environment.yml   (Binder reads binder/environment.yml instead)
name: tabletop-python
channels:
  - conda-forge
dependencies:
  - python=3.11
  - pip
  - pip:
      - -c constraints.txt  # the lock: the versions the course was tested with
      - -e .
"""
BUNDLE_FOLDERS = ("binder",)
#: what git leaves out of a bundle repository (what Jupyter and pip write next to it)
GITIGNORE = """.ipynb_checkpoints/
__pycache__/
*.egg-info/
build/
.venv/
"""
BRANCH = "main"
#: who signs a release commit where git has no user configured
RELEASER = {"GIT_AUTHOR_NAME": "Tabletop Python release", "GIT_AUTHOR_EMAIL": "release@tabletop-python.invalid"}


def release_notebook(notebook: Any, name: str, lang: str = "en") -> Any:
    """The student version of a solution notebook (``name`` is used in error messages;
    the stubs speak ``lang``)."""
    student = copy.deepcopy(notebook)
    cells = []
    seen: dict[str, int] = {}
    for index, cell in enumerate(notebook.get("cells", [])):
        meta = course_meta(cell)
        where = f"{name}, cell {index}"
        if meta.get("instructor"):
            continue
        new = copy.deepcopy(cell)
        if cell.get("cell_type") == "code":
            source = cell_source(cell)
            regions = solution_regions(source, where)
            exercise = meta.get("exercise")
            if regions and exercise is None:
                raise NotebookFormatError(
                    f"{where}: the cell has a solution region but no exercise id "
                    "(set metadata course.exercise)"
                )
            if exercise is not None:
                validate_exercise_id(exercise, where)
                if exercise in seen:
                    raise NotebookFormatError(
                        f"{where}: exercise id {exercise!r} is already used by cell "
                        f"{seen[exercise]}"
                    )
                seen[exercise] = index
                if not regions:
                    raise NotebookFormatError(
                        f"{where}: exercise {exercise!r} has no solution region"
                    )
                new["source"] = strip_solutions(source, exercise, where, lang)
            new["outputs"] = []
            new["execution_count"] = None
            new.get("metadata", {}).pop("execution", None)
        cells.append(new)
    student["cells"] = cells
    metadata = student.setdefault("metadata", {})
    metadata.pop("widgets", None)
    return student


def dumps(notebook: Any) -> str:
    """A notebook as text, the same way every time (as Jupyter writes it)."""
    import nbformat

    text: str = nbformat.writes(nbformat.from_dict(notebook), version=4)
    return text


def solution_notebooks(root: Path) -> list[Path]:
    """The solution notebooks of a course checkout, in order."""
    return sorted((root / "solutions").glob("*.ipynb"))


def build(root: Path) -> dict[str, str]:
    """The text of every student notebook, by file name; NotebookFormatError on a bad source."""
    released = {}
    for path in solution_notebooks(root):
        try:
            notebook = read_notebook(path)
        except json.JSONDecodeError as error:
            raise NotebookFormatError(f"{path.name}: not valid JSON ({error})") from None
        released[path.name] = dumps(release_notebook(notebook, path.name))
    return released


def write_notebooks(released: dict[str, str], target: Path) -> None:
    """Write the student notebooks into ``target``, replacing whatever notebooks it held."""
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("*.ipynb"):
        if old.name not in released:
            old.unlink()
    for name, text in released.items():
        path = target / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def student_pyproject(text: str, dependencies: tuple[str, ...] = ()) -> str:
    """The bundle's pyproject.toml, from the course's: the same package, version and
    dependencies (and ``dependencies``), without the ``course`` command, the instructor's
    extras and the course's own pytest settings."""
    try:
        import tomli_w
    except ImportError:
        raise NotebookFormatError("tomli-w is not installed: pip install the course's extra i18n (make does)") from None
    config = tomllib.loads(text)
    project = {key: value for key, value in config["project"].items()
               if key not in ("scripts", "gui-scripts", "entry-points", "optional-dependencies")}
    if dependencies:
        project["dependencies"] = [*project.get("dependencies", []), *dependencies]
    extras = config["project"].get("optional-dependencies", {})
    if any(name in extras for name in STUDENT_EXTRAS):
        project["optional-dependencies"] = {name: extras[name] for name in STUDENT_EXTRAS if name in extras}
    kept = {"build-system": config["build-system"], "project": project,
            "tool": {"setuptools": config.get("tool", {}).get("setuptools", {})}}
    return tomli_w.dumps(kept)


def release(root: Path, bundle: Path | None = None) -> list[str]:
    """Regenerate notebooks/ (and the bundle at ``bundle``); the names of the notebooks."""
    released = build(root)  # raises before anything is written
    if bundle is not None:
        write_bundle(root, released, bundle)
    write_notebooks(released, root / "notebooks")
    return sorted(released)


def is_bundle(folder: Path) -> bool:
    """True for a folder that a release may replace: missing, empty, or an earlier bundle."""
    if not folder.exists():
        return True
    if not folder.is_dir():
        return False
    entries = {entry.name for entry in folder.iterdir()}
    return not entries or {"notebooks", "src", "README.md"} <= entries and (folder / "src" / "exercises").is_dir()


def write_bundle(root: Path, released: dict[str, str], bundle: Path, readme: str | None = None,
                 dependencies: tuple[str, ...] = ()) -> None:
    """Write the student bundle at ``bundle``, all of it or nothing; keep its ``.git``.

    ``readme`` replaces the student README's text, ``dependencies`` are added to its
    pyproject.toml's (a translated bundle's, its JupyterLab language pack)."""
    bundle = bundle.resolve()
    for forbidden in (root / "solutions", root / "tests"):
        if bundle == forbidden.resolve() or forbidden.resolve() in bundle.parents:
            raise NotebookFormatError(f"the bundle cannot be written inside {forbidden}")
    if not is_bundle(bundle):
        raise NotebookFormatError(
            f"{bundle} is not a student bundle (nor empty): choose another folder for --to"
        )
    bundle.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".bundle-", dir=bundle.parent))
    history = bundle / ".git"
    try:
        write_notebooks(released, staging / "notebooks")
        shutil.copytree(
            root / "src" / "exercises",
            staging / "src" / "exercises",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
        for name in BUNDLE_FILES:
            if (root / name).exists():
                shutil.copy2(root / name, staging / name)
        for name in BUNDLE_FOLDERS:
            if (root / name).is_dir():
                shutil.copytree(root / name, staging / name, ignore=shutil.ignore_patterns("__pycache__"))
        if readme is None:
            shutil.copy2(STUDENT_README, staging / "README.md")
        else:
            (staging / "README.md").write_text(readme, encoding="utf-8")
        if (root / "pyproject.toml").exists():
            pyproject = student_pyproject((root / "pyproject.toml").read_text(encoding="utf-8"), dependencies)
            (staging / "pyproject.toml").write_text(pyproject, encoding="utf-8")
        (staging / "environment.yml").write_text(STUDENT_ENVIRONMENT, encoding="utf-8")
        (staging / ".gitignore").write_text(GITIGNORE, encoding="utf-8")
        if history.is_dir():
            history.rename(staging / ".git")
        try:
            if bundle.exists():
                shutil.rmtree(bundle)
            staging.rename(bundle)
        except BaseException:
            if (staging / ".git").is_dir() and not history.exists():
                history.parent.mkdir(parents=True, exist_ok=True)
                (staging / ".git").rename(history)
            raise
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _git(bundle: Path, *args: str) -> str:
    """Run git in the bundle; its output (CalledProcessError when git fails)."""
    env = dict(os.environ)
    configured = subprocess.run(
        ["git", "config", "user.email"], cwd=bundle, capture_output=True, text=True
    ).stdout.strip()
    if not configured:
        env.update(RELEASER)
        env.update(
            GIT_COMMITTER_NAME=RELEASER["GIT_AUTHOR_NAME"], GIT_COMMITTER_EMAIL=RELEASER["GIT_AUTHOR_EMAIL"]
        )
    completed = subprocess.run(
        ["git", *args], cwd=bundle, env=env, capture_output=True, text=True, check=True
    )
    return completed.stdout


def commit_bundle(bundle: Path, message: str) -> str | None:
    """Commit the bundle as it is now on branch ``main``; the new commit, or None if nothing changed."""
    if not (bundle / ".git").is_dir():
        _git(bundle, "init", "-q")
        _git(bundle, "symbolic-ref", "HEAD", f"refs/heads/{BRANCH}")
    _git(bundle, "add", "--all")
    if not _git(bundle, "status", "--porcelain"):
        return None
    _git(bundle, "commit", "-q", "-m", message)
    return _git(bundle, "rev-parse", "HEAD").strip()


def build_language(root: Path, lang: str) -> dict[str, str]:
    """The text of every student notebook in ``lang``, by file name."""
    released = {}
    for path, notebook in translated_solutions(root, lang):
        released[path.name] = dumps(release_notebook(notebook, path.name, lang))
    return released


def translated_readme(root: Path, lang: str) -> str:
    """The student README in ``lang`` (English where its catalog has no translation)."""
    target = catalog_path(root, lang, README)
    catalog = read_catalog(target) if target.exists() else None
    cell = readme_notebook()["cells"][0]
    return translate_source(cell, translations(catalog) if catalog is not None else {})[0]


def release_language(root: Path, lang: str, bundle: Path | None = None) -> list[str]:
    """Write notebooks/<lang>/ (and the bundle at ``bundle``); the names of the notebooks.

    notebooks/ itself (the English release) is left as it is.
    """
    released = build_language(root, lang)  # raises before anything is written
    if bundle is not None:
        write_bundle(root, released, bundle, readme=translated_readme(root, lang), dependencies=lab_packages(lang))
        localize_bundle(root, bundle, lang)
    write_notebooks(released, root / "notebooks" / lang)
    return sorted(released)
