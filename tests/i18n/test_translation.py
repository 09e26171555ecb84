"""The course in French: catalogs complete and fresh, a deterministic French release.

The catalogs are locale/fr/LC_MESSAGES/notebooks/NN_name.po, one per solution notebook
(see :mod:`course.i18n.notebooks`).
"""

from __future__ import annotations

import ast
import functools
import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from conftest import ROOT, solution_paths
from course.i18n.catalog import GLOSSARY, read_catalog, write_catalog
from course.i18n.notebooks import (
    README,
    catalog_path,
    cell_units,
    extract,
    problems,
    translate_notebook,
    translated_solutions,
    without_language,
)
from course.notebook import cell_source, course_meta
from course.release import build as build_english
from course.release import build_language as build
from course.release import release_language, translated_readme

SOLUTIONS = solution_paths()
#: what a French stub raises
STUB_ERROR = re.compile(r"^Exercice [a-z0-9_]+\.[a-z0-9_]+\u202f: écrivez votre code ici\.$")


def course_command(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    script = Path(sys.executable).with_name("course")
    return subprocess.run([str(script), *args], cwd=cwd, capture_output=True, text=True, timeout=120)


def names(source: str) -> list[str]:
    """Every Python name of a code cell, in order: variables, attributes, definitions,
    arguments, keywords and imports (IPython magics left out)."""
    lines = [line for line in source.splitlines() if not re.match(r"^\s*[%!]", line)]
    found = []
    for node in ast.walk(ast.parse("\n".join(lines))):
        if isinstance(node, ast.Name):
            found.append(node.id)
        elif isinstance(node, ast.Attribute):
            found.append(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.append(node.name)
        elif isinstance(node, ast.arg) or isinstance(node, ast.keyword) and node.arg:
            found.append(node.arg)
        elif isinstance(node, ast.alias):
            found.append(f"{node.name} as {node.asname}")
    return found


# ------------------------------------------------------------------ the real catalogs


def test_every_unit_of_the_solutions_has_a_fresh_french_translation():
    found = problems(ROOT, "fr")
    assert not found, (
        f"{len(found)} units of solutions/ lack a usable French translation; run "
        "`course translate extract`, translate, remove the fuzzy flags:\n"
        + "\n".join(str(problem) for problem in found[:40])
    )


def test_catalogs_are_up_to_date_with_the_solutions(tmp_path):
    """`course translate extract` would change no catalog (no entry to add or retire)."""
    for path in SOLUTIONS:
        catalog = read_catalog(catalog_path(ROOT, "fr", path.name))
        wanted = {unit.text for cell in json.loads(path.read_text("utf-8"))["cells"] for unit in cell_units(cell)}
        present = {message.id for message in catalog if message.id and message.context != GLOSSARY}
        assert present == wanted, (
            f"{path.name}: run `course translate extract`; "
            f"missing {sorted(wanted - present)[:3]}, gone {sorted(present - wanted)[:3]}"
        )


@pytest.mark.parametrize("name", [path.name for path in SOLUTIONS] + [README],
                         ids=[path.stem for path in SOLUTIONS] + ["student_README"])
def test_translations_keep_the_edges_and_fields_of_the_english(name):
    """A prompt's final space, a docstring's closing indentation, a code block's indent
    and an f-string's fields come back unchanged: only the words between them are
    translated."""
    fields = re.compile(r"\{[^{}]*\}")
    for message in read_catalog(catalog_path(ROOT, "fr", name)):
        if not message.id or not message.string or message.context == GLOSSARY:
            continue
        english, french = message.id, message.string
        where = f"{name}, {message.locations[0][0]}: {english[:40]!r}"
        assert english[len(english.rstrip()):] == french[len(french.rstrip()):], where
        assert english[: len(english) - len(english.lstrip())] == french[: len(french) - len(french.lstrip())], where
        if "```" not in english and "$" not in english:
            assert sorted(fields.findall(english)) == sorted(fields.findall(french)), where


@pytest.mark.parametrize("path", SOLUTIONS, ids=[path.stem for path in SOLUTIONS])
def test_every_french_notebook_has_a_glossary(path):
    from course.i18n.glossary import terms_for

    terms = terms_for(ROOT, "fr", path.name)
    assert len(terms) >= 3, f"{path.name}: the glossary needs the worksheet's main terms"
    released = json.loads((ROOT / "notebooks" / "fr" / path.name).read_text("utf-8"))["cells"][1]
    assert released["id"] == f"{GLOSSARY}-fr"
    assert all(f"| {term} |" in cell_source(released) for _, term in terms)


def test_notebooks_fr_folder_is_a_fresh_french_release():
    released = build(ROOT, "fr")
    on_disk = {path.name: path.read_text(encoding="utf-8") for path in (ROOT / "notebooks" / "fr").glob("*.ipynb")}
    assert sorted(on_disk) == sorted(released), "run `course release --lang fr` and commit notebooks/fr/"
    for name, text in released.items():
        assert on_disk[name] == text, f"notebooks/fr/{name} differs from `course release --lang fr`"


def test_the_french_release_is_deterministic():
    assert build(ROOT, "fr") == build(ROOT, "fr")


def test_the_english_release_does_not_see_the_french_one():
    on_disk = {path.name: path.read_text(encoding="utf-8") for path in (ROOT / "notebooks").glob("*.ipynb")}
    assert on_disk == build_english(ROOT)


@pytest.mark.parametrize("path", SOLUTIONS, ids=[path.stem for path in SOLUTIONS])
def test_french_code_cells_keep_every_python_name(path):
    english = nbformat.read(ROOT / "notebooks" / path.name, as_version=4)
    french = nbformat.read(ROOT / "notebooks" / "fr" / path.name, as_version=4)
    english_code = [cell for cell in english.cells if cell.cell_type == "code"]
    french_code = [cell for cell in french.cells if cell.cell_type == "code"]
    assert len(french_code) == len(english_code)
    assert 'exercises.set_language("fr")' in french_code[0].source
    for en, fr in zip(english_code, french_code):
        assert en.id == fr.id and en.metadata == fr.metadata
        assert names(without_language(fr.source, "fr")) == names(en.source), (
            f"{path.name}, cell {en.id}: the translation changed a Python name"
        )
    assert french.metadata["course"]["language"] == "fr"


@pytest.mark.parametrize("path", SOLUTIONS, ids=[path.stem for path in SOLUTIONS])
def test_french_solutions_keep_every_python_name(path):
    """The French solutions (generated, never committed) differ from the English only in
    words: the regions' comments are translated, not their code."""
    english = json.loads(path.read_text("utf-8"))
    french = dict(translated_solutions(ROOT, "fr"))[path]
    english_code = [cell for cell in english["cells"] if cell["cell_type"] == "code"]
    french_code = [cell for cell in french["cells"] if cell["cell_type"] == "code"]
    for en, fr in zip(english_code, french_code, strict=True):
        assert names(without_language(cell_source(fr), "fr")) == names(cell_source(en)), en["id"]


@pytest.mark.parametrize("path", SOLUTIONS, ids=[path.stem for path in SOLUTIONS])
def test_french_exercise_headings_still_name_their_exercise(path):
    french = nbformat.read(ROOT / "notebooks" / "fr" / path.name, as_version=4)
    headings = []
    for cell in french.cells:
        if cell.cell_type == "markdown":
            headings += [line for line in cell.source.splitlines() if line.startswith("#")]
        exercise = course_meta(cell).get("exercise")
        if exercise:
            assert headings and exercise in headings[-1], (path.name, exercise, headings[-1:])


# ------------------------------------------------------------------------- the tools


def tiny_course(tmp_path: Path, paragraph: str) -> Path:
    (tmp_path / "solutions").mkdir(parents=True, exist_ok=True)
    (tmp_path / "src" / "exercises").mkdir(parents=True, exist_ok=True)
    (tmp_path / "src" / "exercises" / "__init__.py").write_text('"""The package."""\n', "utf-8")
    title = new_markdown_cell("# Tiny\n\nA first paragraph.\n\n" + paragraph)
    title.id = "tiny-00"
    code = new_code_cell(
        'def double(x):\n    """Return twice x."""\n    ### BEGIN SOLUTION\n'
        "    # add x to itself\n    return x + x\n    ### END SOLUTION\n\n"
        'print(f"double of {2} is", double(2))  # an example'
    )
    code.id = "tiny-01"
    code.metadata["course"] = {"exercise": "tiny.double"}
    notebook = new_notebook(cells=[title, code])
    notebook.metadata["course"] = {"worksheet": "tiny"}
    nbformat.write(notebook, tmp_path / "solutions" / "01_tiny.ipynb")
    return tmp_path


FRENCH = {
    "# Tiny": "# Minuscule",
    "A first paragraph.": "Un premier paragraphe.",
    "Sow the seeds.": "Égrainez les graines.",
    "Return twice x.": "Renvoie le double de x.",
    "add x to itself": "ajoute x à lui-même",
    "double of {2} is": "le double de {2} vaut",
    "an example": "un exemple",
}


def tiny_problems(course: Path) -> list:
    """The problems of the tiny notebook (its course has no French student README)."""
    return [problem for problem in problems(course, "fr") if problem.notebook == "01_tiny.ipynb"]


def translate_all(course: Path) -> Path:
    path = catalog_path(course, "fr", "01_tiny")
    catalog = read_catalog(path)
    for message in catalog:
        if message.id in FRENCH:
            message.string = FRENCH[message.id]
    catalog.add("Board", "plateau", context=GLOSSARY)
    write_catalog(catalog, path)
    return path


def test_extract_finds_every_unit_and_names_its_cell(tmp_path):
    course = tiny_course(tmp_path, "Sow the seeds.")
    assert extract(course, "fr")["01_tiny.ipynb"] == (7, True)
    catalog = read_catalog(catalog_path(course, "fr", "01_tiny"))
    assert [message.id for message in catalog if message.id] == list(FRENCH)
    assert catalog["add x to itself"].locations == [("01_tiny.ipynb#tiny-01", None)]
    assert {str(problem).split(":")[0] for problem in tiny_problems(course)} == {
        "01_tiny.ipynb, cell tiny-00", "01_tiny.ipynb, cell tiny-01", "01_tiny.ipynb, cell -"
    }
    assert {changed for _, changed in extract(course, "fr").values()} == {False}, "a second extract changes nothing"


def test_extract_marks_exactly_the_changed_paragraph_stale(tmp_path):
    course = tiny_course(tmp_path, "Sow the seeds.")
    extract(course, "fr")
    translate_all(course)
    assert tiny_problems(course) == []
    before = catalog_path(course, "fr", "01_tiny").read_bytes()

    tiny_course(tmp_path, "Sow all the seeds.")
    extract(course, "fr")
    catalog = read_catalog(catalog_path(course, "fr", "01_tiny"))
    stale = [message for message in catalog if message.id and message.fuzzy]
    assert [(m.id, m.string, m.previous_id) for m in stale] == [
        ("Sow all the seeds.", "Égrainez les graines.", ["Sow the seeds."])
    ]
    assert [str(problem) for problem in tiny_problems(course)] == [
        "01_tiny.ipynb, cell tiny-00: fuzzy: 'Sow all the seeds.'"
    ]
    assert catalog.get("Board", context=GLOSSARY).string == "plateau", "the glossary is kept"
    text = catalog_path(course, "fr", "01_tiny").read_text("utf-8")
    assert '#| msgid "Sow the seeds."' in text and text != before.decode("utf-8")


def test_a_unit_gone_from_the_notebook_becomes_obsolete(tmp_path):
    course = tiny_course(tmp_path, "Sow the seeds.")
    extract(course, "fr")
    translate_all(course)
    notebook = nbformat.read(course / "solutions" / "01_tiny.ipynb", as_version=4)
    notebook.cells[0].source = "# Tiny"
    nbformat.write(notebook, course / "solutions" / "01_tiny.ipynb")
    extract(course, "fr")
    catalog = read_catalog(catalog_path(course, "fr", "01_tiny"))
    assert set(catalog.obsolete) == {"A first paragraph.", "Sow the seeds."}
    assert tiny_problems(course) == []


def test_the_french_release_translates_prose_code_and_stubs_but_no_name(tmp_path):
    course = tiny_course(tmp_path, "Sow the seeds.")
    extract(course, "fr")
    translate_all(course)
    student = json.loads(build(course, "fr")["01_tiny.ipynb"])
    title, glossary, code = student["cells"]
    assert cell_source(title) == "# Minuscule\n\nUn premier paragraphe.\n\nÉgrainez les graines."
    assert "| `Board` | plateau |" in cell_source(glossary)
    assert cell_source(code) == (
        'import exercises\nexercises.set_language("fr")\n'
        'def double(x):\n    """Renvoie le double de x."""\n'
        '    raise NotImplementedError("Exercice tiny.double\u202f: écrivez votre code ici.")\n\n'
        'print(f"le double de {2} vaut", double(2))  # un exemple'
    )
    french_solution = translated_solutions(course, "fr")[0][1]
    assert "    # ajoute x à lui-même\n    return x + x" in cell_source(french_solution["cells"][2])


def test_a_quote_in_a_translation_keeps_the_literal_valid():
    cell = new_code_cell("raise ValueError('the pit is empty')")
    french = translate_notebook(new_notebook(cells=[cell]), None, "fr")
    assert cell_source(french["cells"][0]).endswith("raise ValueError('the pit is empty')")
    from course.i18n.notebooks import translate_source

    source, missing = translate_source(cell, {"the pit is empty": "le trou d'en face est vide"})
    assert missing == []
    assert ast.literal_eval(source.split("ValueError(")[1][:-1]) == "le trou d'en face est vide"


def test_course_release_lang_fr_writes_notebooks_fr_and_a_french_bundle(tmp_path):
    course = tiny_course(tmp_path / "course", "Sow the seeds.")
    assert course_command("translate", "extract", cwd=course).returncode == 0
    assert course_command("translate", "check", cwd=course).returncode == 1
    translate_all(course)
    checked = course_command("translate", "check", cwd=course)
    assert "01_tiny.ipynb" not in checked.stdout and "student_README.md, cell README" in checked.stdout
    completed = course_command("release", "--lang", "fr", "--to", str(tmp_path / "bundle"), cwd=course)
    assert completed.returncode == 0, completed.stderr
    french = (course / "notebooks" / "fr" / "01_tiny.ipynb").read_text("utf-8")
    assert "Égrainez les graines." in french
    assert not (course / "notebooks" / "01_tiny.ipynb").exists(), "the English release is another command"
    assert (tmp_path / "bundle" / "notebooks" / "01_tiny.ipynb").read_text("utf-8") == french
    assert not (tmp_path / "bundle" / "solutions").exists()
    assert (tmp_path / "bundle" / "README.md").read_text("utf-8").startswith("# Tabletop Python: your worksheets"), (
        "an untranslated README stays English"
    )


def test_the_french_bundle_has_a_french_readme_and_the_english_bundle_keeps_its_own(tmp_path):
    from course.release import STUDENT_README, write_bundle
    from course.release import build as build_english_texts

    write_bundle(ROOT, build(ROOT, "fr"), tmp_path / "fr", readme=translated_readme(ROOT, "fr"))
    write_bundle(ROOT, build_english_texts(ROOT), tmp_path / "en")
    assert (tmp_path / "fr" / "README.md").read_text("utf-8").startswith("# Tabletop Python\u202f: vos feuilles")
    assert (tmp_path / "en" / "README.md").read_bytes() == STUDENT_README.read_bytes()


def test_the_french_bundle_installs_and_selects_jupyterlab_in_french(tmp_path):
    """Its pyproject.toml depends on the language pack, its overrides select it, Binder
    installs them; a second release gives the same bytes; the English bundle has none of it."""
    import tomllib

    from course.release import build as build_english_texts
    from course.release import write_bundle

    release_language(ROOT, "fr", tmp_path / "fr")
    first = {path.relative_to(tmp_path / "fr"): path.read_bytes()
             for path in (tmp_path / "fr").rglob("*") if path.is_file() and ".git" not in path.parts}
    project = tomllib.loads((tmp_path / "fr" / "pyproject.toml").read_text("utf-8"))["project"]
    assert "jupyterlab-language-pack-fr-FR" in project["dependencies"]
    overrides = json.loads((tmp_path / "fr" / "etc" / "jupyterlab-overrides.json").read_text("utf-8"))
    assert overrides["@jupyterlab/translation-extension:plugin"] == {"locale": "fr_FR"}
    assert "share/jupyter/lab/settings/overrides.json" in (tmp_path / "fr" / "binder" / "postBuild").read_text("utf-8")
    readme = (tmp_path / "fr" / "README.md").read_text("utf-8")
    assert readme.count(
        "Settings → Language → French (France) - Français (France)") == 1 and readme.endswith("garde ce choix.\n")
    release_language(ROOT, "fr", tmp_path / "fr")
    assert first == {path.relative_to(tmp_path / "fr"): path.read_bytes()
                     for path in (tmp_path / "fr").rglob("*") if path.is_file() and ".git" not in path.parts}
    write_bundle(ROOT, build_english_texts(ROOT), tmp_path / "en")
    assert "language-pack" not in (tmp_path / "en" / "pyproject.toml").read_text("utf-8")
    assert not (tmp_path / "en" / "etc").exists()
    assert "overrides" not in (tmp_path / "en" / "binder" / "postBuild").read_text("utf-8")


def test_release_language_refuses_a_language_without_catalogs(tmp_path):
    course = tiny_course(tmp_path, "Sow the seeds.")
    with pytest.raises(ValueError, match="no catalogs for language 'de'"):
        release_language(course, "de")
    assert not (course / "notebooks").exists()


# ------------------------------------------------------------------- run as a student


@pytest.mark.slow
@pytest.mark.parametrize("path", SOLUTIONS, ids=[path.stem for path in SOLUTIONS])
def test_french_notebook_runs_with_only_stub_errors(path, tmp_path):
    from nbclient import NotebookClient

    notebook = nbformat.read(ROOT / "notebooks" / "fr" / path.name, as_version=4)
    client = NotebookClient(
        notebook, timeout=300, allow_errors=True, kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    problems_found = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        for error in (out for out in cell.outputs if out.output_type == "error"):
            if error.ename != "NotImplementedError" or not STUB_ERROR.match(error.evalue):
                problems_found.append(f"cell {cell.id}: {error.ename}: {error.evalue}")
        if course_meta(cell).get("exercise"):
            assert not any(out.output_type == "error" for out in cell.outputs), cell.id
    assert not problems_found, "\n".join(problems_found)


WRONG = ("    return sum(dice)\n", "    return sum(dice[:7])\n")  #: a wrong count_pips: it stops at the seventh die


def wrong(notebook: dict) -> dict:
    """A notebook of worksheet 00 with a wrong count_pips."""
    cells = []
    for cell in notebook["cells"]:
        source = cell_source(cell)
        cells.append({**cell, "source": source.replace(*WRONG)} if WRONG[0] in source else cell)
    assert cells != notebook["cells"]
    return {**notebook, "cells": cells}


@pytest.fixture(scope="module")
def french_grading(tmp_path_factory) -> Path:
    """The French solutions (never committed) and notebooks/fr, graded in one run, with a
    wrong answer to worksheet 00 in French and in English: the grades folder."""
    from course.release import dumps

    tmp_path = tmp_path_factory.mktemp("french-grades")
    submissions = tmp_path / "submissions"
    for path, notebook in translated_solutions(ROOT, "fr"):
        for kind, text in (("solution", dumps(notebook)),
                           ("stub", (ROOT / "notebooks" / "fr" / path.name).read_text("utf-8"))):
            target = submissions / f"{kind}-{path.stem}" / path.name
            target.parent.mkdir(parents=True)
            target.write_text(text, encoding="utf-8")
        if path.stem == "00_start_here":  # a copy that lost its metadata (cells pasted into a new notebook)
            target = submissions / f"copy-{path.stem}" / "Untitled.ipynb"
            target.parent.mkdir()
            target.write_text(dumps({**notebook, "metadata": {}}), encoding="utf-8")
            english = json.loads(path.read_text("utf-8"))
            for student, text in (("wrong-fr", dumps(wrong(notebook))), ("wrong-en", dumps(wrong(english)))):
                (submissions / student).mkdir()
                (submissions / student / path.name).write_text(text, encoding="utf-8")
    from course.commands.main import main

    assert main(["grade", str(submissions), "--out", str(tmp_path / "out"), "--jobs", "2", "--root", str(ROOT)]) == 0
    return tmp_path / "out"


@pytest.fixture(scope="module")
def french_grades(french_grading) -> dict[str, dict]:
    graded = (json.loads(path.read_text("utf-8"))["extra_data"] for path in (french_grading / "results").glob("*.json"))
    return {result["student"]: result for result in graded}


@pytest.mark.slow
def test_french_solutions_score_full_marks_and_french_stubs_zero(french_grades):
    """The same hidden tests and points in both languages."""
    for path in SOLUTIONS:
        full, stub = french_grades[f"solution-{path.stem}"], french_grades[f"stub-{path.stem}"]
        assert full["status"] == "graded" and stub["status"] == "graded", path.name
        assert full["exercises"] and set(stub["exercises"]) == set(full["exercises"]), path.name
        for exercise, entry in full["exercises"].items():
            assert entry["score"] == entry["max"], (path.name, exercise, entry)
        assert all(entry["score"] == 0 for entry in stub["exercises"].values()), (path.name, stub["exercises"])


@pytest.mark.slow
def test_the_grader_skips_the_french_check_and_demo_cells(french_grades):
    """Recognised by their translation (metadata ``course.language``): no demo runs as graded code."""
    raising = {path.name: french_grades[f"solution-{path.stem}"]["cells"] for path in SOLUTIONS}
    assert not any(raising.values()), raising
    assert french_grades["copy-00_start_here"]["exercises"] == french_grades["solution-00_start_here"]["exercises"]
    assert not french_grades["copy-00_start_here"]["cells"]


@pytest.mark.slow
def test_a_french_submission_gets_french_feedback_with_the_same_points(french_grading):
    """The feedback's sentences, "expected"/"got" and the hints in French; the English
    wrong answer keeps its English feedback; the same tests, statuses and points."""
    from course.i18n.catalog import read_catalog as read
    from course.i18n.grading_text import hints

    french, english = ({test["name"]: test for test in json.loads(
        (french_grading / "results" / f"{student}.start.json").read_text("utf-8"))["tests"]}
        for student in ("wrong-fr", "wrong-en"))
    assert {name: (t["score"], t["status"]) for name, t in french.items()} == \
        {name: (t["score"], t["status"]) for name, t in english.items()}
    assert any(t[
        "status"] == "failed" for t in french.values()) and any(t["status"] == "passed" for t in french.values())
    catalog = read(ROOT / "locale" / "fr" / "LC_MESSAGES" / "grading.po")
    start_hints = {hint for where, hint in hints(ROOT) if where.startswith("test_start.py#")}
    for name, test in french.items():
        if test["status"] == "failed":
            message, _, hint = test["output"].partition("\nIndice\u202f: ")
            assert hint and hint in {catalog[h].string for h in start_hints}, test["output"]
            assert "attendu" in message or "obtenu" in message, message
            assert "\nHint: " in english[name]["output"] and "expected" in english[name]["output"]
    feedback_fr = (french_grading / "feedback" / "wrong-fr.md").read_text("utf-8")
    feedback_en = (french_grading / "feedback" / "wrong-en.md").read_text("utf-8")
    assert feedback_fr.startswith("# Retour pour wrong-fr") and "| exercice | points | tests réussis |" in feedback_fr
    assert "Tests non réussis, par exercice\u202f:" in feedback_fr and "Indice\u202f:" in feedback_fr
    assert re.search(r"\(feuille start\)\u202f: 0,\d+ / 1 points", feedback_fr), feedback_fr
    assert re.search(r"\(worksheet start\): 0\.\d+ / 1 points", feedback_en), feedback_en
    assert not re.search(r"\b(Hint|expected|returned|Tests that did not pass)\b", feedback_fr), feedback_fr
    assert feedback_en.startswith("# Feedback for wrong-en") and "Tests that did not pass, by exercise:" in feedback_en
    assert "Hint:" in feedback_en and "Indice" not in feedback_en


def test_a_french_notebook_skips_the_translated_checks_and_demos():
    """By its metadata, or, for a copy that lost it, by the language its first cell sets."""
    from course.i18n.notebooks import reference_skips
    from course.notebook import language_of, skipped_sources

    changed = [(reference, french) for reference, french in translated_solutions(ROOT, "fr")
               if skipped_sources(french) - skipped_sources(json.loads(reference.read_text("utf-8")))]
    assert changed, "no check or demo cell has French words: nothing to test"
    reference, french = changed[0]
    english_skips = skipped_sources(json.loads(reference.read_text("utf-8")))
    french_skips = skipped_sources(french)
    assert reference_skips(reference, french) == english_skips | french_skips
    copy = {"cells": french["cells"], "metadata": {}}
    assert language_of(copy) == "fr" and reference_skips(reference, copy) == english_skips | french_skips
    assert language_of(json.loads(reference.read_text("utf-8"))) is None
    assert reference_skips(reference, json.loads(reference.read_text("utf-8"))) == english_skips


def test_an_obsolete_entry_comes_back_with_its_translation(tmp_path):
    course = tiny_course(tmp_path, "Sow the seeds.")
    extract(course, "fr")
    translate_all(course)
    tiny_course(tmp_path, "Sow all the seeds.")
    notebook = nbformat.read(course / "solutions" / "01_tiny.ipynb", as_version=4)
    notebook.cells[0].source = "# Tiny\n\nA first paragraph."
    nbformat.write(notebook, course / "solutions" / "01_tiny.ipynb")
    extract(course, "fr")
    assert "Sow the seeds." in read_catalog(catalog_path(course, "fr", "01_tiny")).obsolete

    tiny_course(tmp_path, "Sow the seeds.")
    extract(course, "fr")
    catalog = read_catalog(catalog_path(course, "fr", "01_tiny"))
    assert catalog["Sow the seeds."].string == "Égrainez les graines." and not catalog["Sow the seeds."].fuzzy
    assert "Sow the seeds." not in catalog.obsolete
    assert tiny_problems(course) == []


def test_a_stale_long_paragraph_shows_its_whole_old_english(tmp_path):
    old = "A long paragraph, " + "with many words in it, " * 12 + "and a quote \"here\"\nand a second line."
    course = tiny_course(tmp_path, old)
    extract(course, "fr")
    catalog = read_catalog(catalog_path(course, "fr", "01_tiny"))
    catalog[old].string = "Un long paragraphe."
    write_catalog(catalog, catalog_path(course, "fr", "01_tiny"))
    tiny_course(tmp_path, old.replace("second", "last"))
    extract(course, "fr")
    stale = read_catalog(catalog_path(course, "fr", "01_tiny"))[old.replace("second", "last")]
    assert stale.fuzzy and stale.previous_id == [old] and stale.string == "Un long paragraphe."


@functools.cache
def widget_labels() -> dict[str, str]:
    """English -> French of the widgets' labels and sentences without a field."""
    package = read_catalog(ROOT / "src" / "exercises" / "locale" / "fr" / "LC_MESSAGES" / "exercises.po")
    return {
        message.id: message.string for message in package
        if isinstance(message.id, str) and message.string and message.id != message.string
        and "{" not in message.id and any(place.endswith("/widget.py") for place, _line in message.locations)
    }


@pytest.mark.parametrize("path", SOLUTIONS, ids=[path.stem for path in SOLUTIONS])
def test_the_french_text_names_the_buttons_of_the_french_widgets(path):
    """A French notebook that says "click **Rotate**" under a widget whose button says
    "Tourner" sends the student looking for a button that is not there."""
    labels = widget_labels()
    wrong = [
        f"{path.name}, {message.locations[0][0]}: **{bold}** is **{labels[bold]}** in the French widget"
        for message in read_catalog(catalog_path(ROOT, "fr", path.name)) if message.string
        for bold in re.findall(r"\*\*([^*]+)\*\*", message.string) if bold in labels
    ]
    assert not wrong, "\n".join(wrong)


def test_the_strings_a_student_reads_are_units_and_the_others_are_not():
    cell = new_code_cell(
        'draw_board(cells, caption="Figure 1: player 0 has just played pit 4.")\n'
        'axes.set_xlabel("turns in the game")\n'
        'widgets.Button(description="Throw")\n'
        'print("Your total is", total)\n'
        'board = make_board("fr-CH", mode="strict")\n'
    )
    assert [unit.text for unit in cell_units(cell)] == [
        "Figure 1: player 0 has just played pit 4.", "turns in the game", "Throw", "Your total is",
    ]


def test_every_french_catalog_keeps_the_courses_plural_rule():
    from course.i18n.catalog import PLURAL_FORMS

    paths = [*sorted((ROOT / "locale" / "fr").rglob("*.po")),
             ROOT / "src" / "exercises" / "locale" / "fr" / "LC_MESSAGES" / "exercises.po"]
    assert len(paths) >= 3
    for path in paths:
        assert read_catalog(path).plural_forms == PLURAL_FORMS["fr"], path.name


def test_a_babel_with_other_plural_data_does_not_change_a_new_catalogs_rule(monkeypatch):
    """Babel takes plural rules from its CLDR data, which moves between releases."""
    import babel.messages.catalog

    from course.i18n.catalog import PLURAL_FORMS, empty_catalog

    monkeypatch.setattr(babel.messages.catalog, "get_plural",
                        lambda locale: (3, "(n == 0 || n == 1) ? 0 : n % 1000000 == 0 ? 1 : 2"))
    assert babel.messages.catalog.Catalog(locale="fr").num_plurals == 3  # what Babel alone would write
    catalog = empty_catalog(None, "fr", "# a header\n")
    assert (catalog.num_plurals, catalog.plural_forms) == (2, PLURAL_FORMS["fr"])
