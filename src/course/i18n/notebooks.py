"""The course in other languages: one gettext catalog per solution notebook.

solutions/ stays the single source, in English. A language's text lives in catalogs
``locale/<lang>/LC_MESSAGES/notebooks/NN_name.po`` (read and written with Babel, edited
with any gettext tool: Poedit, Weblate, a text editor). An entry is one *unit*:

* in a markdown cell, one paragraph, list, table or heading (blocks between blank lines;
  the items of one list stay together); a fenced block (a sample session) is a unit
  when it holds words, and is kept as it is otherwise;
* in a code cell, a comment (consecutive full-line comments are one unit), a docstring,
  or a string literal that a student reads: an argument of ``print``, ``input`` or
  ``ask`` (the worksheets' keyboard), the message of a ``raise``, a plot's title or
  label, or a string assigned to a name that one of these uses in the same function
  (``scores = f"{a} to {b}"`` then ``print("A draw, " + scores)``). Python names are
  never units, and an f-string's ``{fields}`` must come back unchanged in its translation.

Each entry's location (``#:``) is ``NN_name.ipynb#<cell id>``: where a translator finds
the English in the notebook. Units of the solution regions are units too: the French
solution notebook is the English one with every unit translated, and the French student
notebook is made from it by the ordinary release, so both come from one catalog.

``course translate extract`` brings the catalogs up to date with solutions/: a new
unit is a new, empty entry; a unit whose English changed keeps its old translation,
marked ``fuzzy``, with the old English as ``#| msgid`` (what the translator compares);
a unit gone from the notebook becomes obsolete (``#~``), and gets its translation back
if its English returns (a translation may so wait, obsolete, for a text on its way from
another branch). The glossary of a notebook
(English name in the code -> the worksheet's own French term) is kept in the same
catalog, as entries of context ``glossary``; the release writes it as a table in a
markdown cell after the title.

``course release --lang fr`` writes notebooks/fr/ from solutions/ and the catalogs; the
result is deterministic: the same sources and catalogs give the same bytes. With
``--to DIR`` the bundle gets the French notebooks and the student README translated by
its own catalog, ``locale/fr/LC_MESSAGES/notebooks/student_README.po``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Babel comes with the i18n extra, imported where it is used
    from babel.messages.catalog import Catalog

from ..notebook import cell_source, language_of, read_notebook, read_solution, skipped_sources
from .catalog import (
    GLOSSARY,
    empty_catalog,
    glossary,
    merge,
    read_catalog,
    translations,
    write_catalog,
)
from .glossary import terms_for as glossary_terms
from .units import MAGIC, cell_units, notebook_units, translate_source

#: the languages a release can be made in, besides English
LANGUAGES = ("fr",)
#: the lines a translated notebook's first code cell gets, after its magics
LANGUAGE_LINES = ("import exercises", 'exercises.set_language("{lang}")')
#: the glossary cell's own words, per language
GLOSSARY_TEXT = {
    "fr": (
        "**Glossaire.** Le code garde ses noms anglais (ce sont eux que le correcteur "
        "appelle)\u202f; voici les termes français qui correspondent aux noms et aux mots "
        "anglais de cette feuille.",
        "en anglais",
        "en français",
    ),
}
HEADER_COMMENT = """\
# Translation ({lang}) of the notebook solutions/{notebook} of Tabletop Python.
# Updated by `course translate extract`; a "fuzzy" entry's English changed since it was
# translated (its old English is the "#|" line): review it, then remove the flag.
# The notebook's glossary cell comes from locale/{lang}/glossary.csv.
#"""


#: the catalog of the student README of a translated bundle
README = "student_README.md"
#: the student README of the bundle (its English text)
STUDENT_README = Path(__file__).resolve().parent.parent / README


def readme_notebook() -> dict[str, Any]:
    """The student README as a notebook of one markdown cell (id ``README``)."""
    text = STUDENT_README.read_text(encoding="utf-8")
    return {"cells": [{"cell_type": "markdown", "id": "README", "metadata": {}, "source": text}]}


def sources(root: Path) -> list[tuple[str, Any]]:
    """(name, notebook) of everything a language's catalogs translate: the solution
    notebooks, in order, then the student README."""
    found = [
        (path.name, read_notebook(path))
        for path in sorted((root / "solutions").glob("*.ipynb"))
    ]
    return [*found, (README, readme_notebook())]


def catalog_folder(root: Path, lang: str) -> Path:
    """The folder of a language's notebook catalogs."""
    return root / "locale" / lang / "LC_MESSAGES" / "notebooks"


def catalog_path(root: Path, lang: str, notebook: str) -> Path:
    """The catalog of one notebook (``notebook``: its file name or stem)."""
    return catalog_folder(root, lang) / (Path(notebook).stem + ".po")


# --------------------------------------------------------------------------- units


# ----------------------------------------------------------------------- rewriting


# --------------------------------------------------------------------------- catalogs


def update_catalog(old: Catalog | None, notebook: Any, name: str, lang: str) -> Catalog:
    """A catalog for ``notebook``: ``old``'s translations kept, changed ones fuzzy (matched
    within their cell), the glossary entries kept (see :func:`~.catalog.merge`)."""
    new = empty_catalog(old, lang, HEADER_COMMENT.format(notebook=name, lang=lang))
    if old is None:
        new.revision_date = new.creation_date
    for text, location in notebook_units(notebook, name):
        new.add(text, "", locations=[(location, None)])  # type: ignore[list-item]  # Babel writes None
    if old is None:
        return new
    for message in old:
        if message.context == GLOSSARY:
            new.add(message.id, context=GLOSSARY)
    return merge(old, new, cutoff=0.4)


def extract(root: Path, lang: str) -> dict[str, tuple[int, bool]]:
    """Bring every catalog of ``lang`` up to date with solutions/.

    Returns, per notebook, (number of entries, whether the file changed).
    """
    report = {}
    for name, notebook in sources(root):
        target = catalog_path(root, lang, name)
        old = read_catalog(target) if target.exists() else None
        catalog = update_catalog(old, notebook, name, lang)
        report[name] = (sum(1 for message in catalog if message.id), write_catalog(catalog, target))
    return report


@dataclass(frozen=True)
class Problem:
    """A unit without a usable translation."""

    notebook: str
    cell: str
    state: str  # "untranslated", "fuzzy" or "missing" (not in the catalog at all)
    text: str

    def __str__(self) -> str:
        first = self.text.strip().splitlines()[0] if self.text.strip() else ""
        return f"{self.notebook}, cell {self.cell}: {self.state}: {first[:70]!r}"


def problems(root: Path, lang: str) -> list[Problem]:
    """Every unit of solutions/ without a usable ``lang`` translation, in order."""
    found = []
    for name, notebook in sources(root):
        target = catalog_path(root, lang, name)
        catalog = read_catalog(target) if target.exists() else None
        for cell in notebook.get("cells", []):
            for unit in cell_units(cell):
                message = catalog.get(unit.text) if catalog is not None else None
                if message is None:
                    state = "missing"
                elif message.fuzzy:
                    state = "fuzzy"
                elif not message.string:
                    state = "untranslated"
                else:
                    continue
                found.append(Problem(name, cell.get("id", ""), state, unit.text))
        if catalog is not None and name != README and not (glossary_terms(root, lang, name) or glossary(catalog)):
            found.append(Problem(name, "-", "no glossary", ""))
    return found


# ---------------------------------------------------------------------------- release


def translate_notebook(notebook: Any, catalog: Catalog | None, lang: str,
                       terms: list[tuple[str, str]] | None = None) -> Any:
    """The notebook in ``lang``: units translated, glossary cell (``terms``, else the
    catalog's glossary entries), language set."""
    table = translations(catalog) if catalog is not None else {}
    result = copy.deepcopy(notebook)
    cells = []
    for cell in result.get("cells", []):
        source, _ = translate_source(cell, table)
        if source != cell_source(cell):
            cell["source"] = source
        cells.append(cell)
    first_code = next((cell for cell in cells if cell.get("cell_type") == "code"), None)
    if first_code is not None:
        first_code["source"] = with_language(cell_source(first_code), lang)
    if terms is None:
        terms = glossary(catalog) if catalog is not None else []
    if terms and cells:
        cells.insert(1, glossary_cell(terms, lang))
    result["cells"] = cells
    metadata = result.setdefault("metadata", {})
    metadata.setdefault("course", {})["language"] = lang
    metadata["language"] = lang
    return result


def with_language(source: str, lang: str) -> str:
    """A first code cell that sets the package's language, after its magics."""
    lines = source.split("\n")
    position = 0
    while position < len(lines) and MAGIC.match(lines[position]):
        position += 1
    added = [line.format(lang=lang) for line in LANGUAGE_LINES]
    return "\n".join(lines[:position] + added + lines[position:])


def without_language(source: str, lang: str) -> str:
    """The inverse of :func:`with_language` (for tests and tools)."""
    added = [line.format(lang=lang) for line in LANGUAGE_LINES]
    lines = source.split("\n")
    for position in range(len(lines) - len(added) + 1):
        if lines[position : position + len(added)] == added:
            return "\n".join(lines[:position] + lines[position + len(added) :])
    return source


def glossary_cell(terms: list[tuple[str, str]], lang: str) -> dict[str, Any]:
    """The markdown cell of a translated notebook's glossary."""
    intro, code_head, term_head = GLOSSARY_TEXT[lang]
    rows = [intro, "", f"| {code_head} | {term_head} |", "|---|---|"]
    rows += [f"| {', '.join(f'`{part}`' for part in name.split(', '))} | {term} |" for name, term in terms]
    return {"cell_type": "markdown", "id": f"{GLOSSARY}-{lang}", "metadata": {}, "source": "\n".join(rows)}


def translated_solutions(root: Path, lang: str) -> list[tuple[Path, Any]]:
    """Every solution notebook translated into ``lang`` (for the release and the tests)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no catalogs for language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    result = []
    for path in sorted((root / "solutions").glob("*.ipynb")):
        notebook = read_notebook(path)
        target = catalog_path(root, lang, path.name)
        catalog = read_catalog(target) if target.exists() else None
        result.append((path, translate_notebook(notebook, catalog, lang, glossary_terms(root, lang, path.name))))
    return result


# ---------------------------------------------------------------------------- grading


def reference_skips(reference: Path, notebook: Any) -> set[str]:
    """The cells the grader skips in ``notebook``, graded against the solution ``reference``:
    the reference's checks and demos (:func:`skipped_sources`), and, for a notebook in
    another language with a catalog, the same cells as that language's release writes them.
    """
    source = read_solution(Path(reference))  # checked when it is released
    skip = skipped_sources(source)
    language = language_of(notebook)
    if language is None:
        return skip
    root = Path(reference).resolve().parent.parent
    catalog = catalog_path(root, language, Path(reference).name)
    if language not in LANGUAGES or not catalog.exists():
        return skip
    return skip | skipped_sources(translate_notebook(source, read_catalog(catalog), language))
