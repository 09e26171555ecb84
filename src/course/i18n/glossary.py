"""The course's glossary: each English term of the course and its one rendering in a
language, ``locale/<lang>/glossary.csv``.

One row per term: ``worksheets`` (the notebooks, by number, whose glossary cell lists it,
e.g. ``03 04``; ``-`` for a term of the whole course that no cell lists), ``english``
(the name in the code or the English word), ``french`` (its one rendering), ``gender``
(``m`` or ``f`` where it matters), ``note`` (said in parentheses in the glossary cell)
and ``avoid`` (other renderings, separated by ``|``, that a French text must not use
where its English says the term: ``aire|zone`` for the area). The glossary cell after a
translated notebook's title comes from it (see
:func:`course.i18n.notebooks.translate_notebook`); ``tests/i18n/test_glossary.py`` keeps the
catalogs and the French notebooks to it.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

COLUMNS = ("worksheets", "english", "french", "gender", "note", "avoid")


@dataclass(frozen=True)
class Term:
    worksheets: tuple[str, ...]
    english: str
    french: str
    gender: str = ""
    note: str = ""
    avoid: str = ""

    @property
    def avoided(self) -> tuple[str, ...]:
        """The renderings a French text must not use for this term."""
        return tuple(part.strip() for part in self.avoid.split("|") if part.strip())

    @property
    def shown(self) -> str:
        """The term as the glossary cell shows it: its rendering and its note."""
        return f"{self.french} ({self.note})" if self.note else self.french


def path(root: Path, lang: str) -> Path:
    return root / "locale" / lang / "glossary.csv"


def read(root: Path, lang: str) -> list[Term]:
    """The glossary's terms in file order ([] without a glossary file); a malformed row
    is a ValueError naming its line."""
    file = path(root, lang)
    if not file.exists():
        return []
    with file.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    if not rows or tuple(rows[0]) != COLUMNS:
        raise ValueError(f"{file}: the first line must be {','.join(COLUMNS)}")
    terms = []
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(COLUMNS) or not row[1].strip() or not row[2].strip() or row[3] not in ("", "m", "f"):
            raise ValueError(f"{file}, line {line}: a term needs {len(COLUMNS)} columns, an English and a "
                             f"French term, and a gender m, f or nothing: {row}")
        worksheets = tuple(part for part in row[0].split() if part != "-")
        terms.append(Term(worksheets, *row[1:]))
    return terms


def terms_for(root: Path, lang: str, notebook: str) -> list[tuple[str, str]] | None:
    """(English, shown) of the glossary cell of ``notebook`` (e.g. ``03_abapa.ipynb``), or
    None when there is no glossary file."""
    if not path(root, lang).exists():
        return None
    number = notebook.split("_", 1)[0]
    return [(term.english, term.shown) for term in read(root, lang) if number in term.worksheets]
