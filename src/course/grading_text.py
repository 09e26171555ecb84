"""The grader's words in the student's language.

A notebook in another language (metadata ``course.language``, set by ``course release
--lang``) gets its feedback in that language: the grader's own sentences (:data:`MESSAGES`,
the templates of :mod:`course.plugin` and of the feedback file), "expected"/"got", and
the hints of the hidden tests (the ``HINTS`` table of each ``tests/grading/test_*.py``).
Their translations live in one catalog per language,
``locale/<lang>/LC_MESSAGES/grading.po``, brought up to date by ``course translate
extract`` and checked by ``course translate check`` like the notebooks' catalogs. The
points and the tests are the same in every language; a sentence without a (fresh)
translation stays English.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

CATALOG = "grading"
HEADER = """\
# Translation ({lang}) of the grader's feedback and of the hidden tests' hints
# (the HINTS tables of tests/grading/test_*.py) of Tabletop Python.
# Updated by `course translate extract`; a "fuzzy" entry's English changed since
# it was translated (its old English is the "#|" line): review it, then remove
# the flag. Keep every {{field}} of the English.
#"""

#: every sentence the grader writes for a student, as a template of named fields
MESSAGES = (
    # course.plugin: what failed
    "`{call}` returned {value}, a {got}; expected a {want}",
    "expected a {want}, got a {got}",
    " (from `{call}`)",
    "`{call}` returned {got}, expected {want}",
    "expected {want}, got {got}",
    " (last call: `{call}`)",
    "expected something other than {want}, got {got}",
    " from `{call}`",
    "expected {left} {op} {right}",
    "the notebook does not define `{name}`; the test expected it",
    "a false value",
    "a true value",
    "AssertionError: a check of this test failed",
    " after `{call}`",
    "`{call}` raised {name}: {message}",
    "`{call}` raised {name}",
    "the notebook could not be graded: ",
    "graded with the given {names} because yours fails its tests",
    "graded with the given {names} because yours fail their tests",
    # course.grade: the feedback file
    "\nHint: {hint}",
    "`{exercise}` is not done yet (its code still raises NotImplementedError)",
    "your notebook does not define `{name}`",
    "cell {cell}",
    "code cell {number} (not counting checks and demos)",
    "# Feedback for {student}",
    "Not graded: {reason}.",
    "## {name} (worksheet {worksheet}): {score} / {total} points",
    "Note: {reason}.",
    "the best",
    "the newest",
    "Several notebooks of this worksheet were handed in: {name} counts ({rule}); not counted: {others}.",
    "Handed in {days} day(s) late: {percent}% of the points are taken off in the grade book.",
    "Nothing of this worksheet can be graded yet: {tests} tests of {exercises} exercises fail because:",
    "- not done yet (the code still raises NotImplementedError): {names}",
    "- not defined in your notebook (is its cell there, and run?): {names}",
    "Cells of your notebook that raised an error when run from the top:",
    "| exercise | points | tests passed |",
    "| {exercise} | {score} / {total} | {passed} of {count} |",
    "A mistake costs once: these exercises were graded with the course's code in place "
    "of an earlier exercise of yours that fails its tests:",
    "- {exercise}: {note} (1 test).",
    "- {exercise}: {note} ({count} tests).",
    "First, what other failures come from:",
    "- {cause}: its {count} tests fail on it.",
    "- {cause}: its one test fails on it.",
    "- {cause}: 1 test of 1 exercise needs it ({names}).",
    "- {cause}: {count} tests of 1 exercise need it ({names}).",
    "- {cause}: {count} tests of {exercises} exercises need it ({names}).",
    "Tests that did not pass, by exercise:",
    "Cells of your notebook that raised an error when run from the top "
    "(counted from the top, text cells included):",
)


def catalog_file(root: Path, lang: str) -> Path:
    return Path(root) / "locale" / lang / "LC_MESSAGES" / f"{CATALOG}.po"


def hints(root: Path) -> list[tuple[str, str]]:
    """Every hint of the hidden tests: (``test_x.py#test_name``, hint), read without importing."""
    found = []
    for module in sorted((Path(root) / "tests" / "grading").glob("test_*.py")):
        for node in ast.parse(module.read_text(encoding="utf-8")).body:
            if (isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "HINTS" for t in node.targets)
                    and isinstance(node.value, ast.Dict)):
                table = ast.literal_eval(node.value)
                found += [(f"{module.name}#{name}", str(hint)) for name, hint in table.items()]
    return found


def units(root: Path) -> list[tuple[str, str]]:
    """What the catalog holds: (location, English), the sentences then the hints."""
    return [("course/grading_text.py", message) for message in MESSAGES] + hints(root)


@lru_cache(maxsize=8)
def _table(path: str, mtime: int) -> dict[str, str]:
    from .translation import read_catalog, translations

    return translations(read_catalog(Path(path)))


def table(root: Path, lang: str | None) -> dict[str, str]:
    """The fresh translations of the grading catalog of ``lang`` (empty for English)."""
    if not lang or lang == "en":
        return {}
    path = catalog_file(root, lang)
    if not path.exists():
        return {}
    return _table(str(path), path.stat().st_mtime_ns)


class Words:
    """The grader's sentences in one language: ``say(template, **fields)``."""

    def __init__(self, root: Path | None, lang: str | None) -> None:
        self.lang = lang if lang and lang != "en" else None
        self.table = table(root, self.lang) if root is not None and self.lang else {}

    def __call__(self, template: str, **fields: object) -> str:
        text = self.table.get(template, template)
        return text.format(**fields) if fields else text

    def hint(self, hint: str) -> str:
        return self.table.get(hint, hint)


ENGLISH = Words(None, None)


# ------------------------------------------------------------------------------ catalog


def update(old, root: Path, lang: str):
    """The grading catalog of ``lang`` for today's sentences and hints: ``old``'s
    translations kept; an entry whose English changed keeps its old translation as fuzzy,
    with the old English (``#| msgid``), when its location is the same."""
    from babel.messages.catalog import Catalog

    header: dict = {"last_translator": "", "language_team": f"Tabletop Python <{lang}>"}
    if old is not None:  # the dates change when a translator says so, not at each extraction
        header = {"creation_date": old.creation_date, "revision_date": old.revision_date,
                  "last_translator": old.last_translator, "language_team": old.language_team}
    catalog = Catalog(locale=lang, project="Tabletop Python", version=None, copyright_holder="Tabletop Python",
                      msgid_bugs_address="", fuzzy=False, header_comment=HEADER.format(lang=lang), **header)
    if old is None:
        catalog.revision_date = catalog.creation_date
    previous = {}
    if old is not None:
        for message in old:
            if message.id:
                for location in message.locations:
                    previous.setdefault(location[0], message)
    for location, text in units(root):
        kept = old.get(text) if old is not None else None
        if kept is not None and kept.string:
            catalog.add(text, kept.string, locations=[(location, None)], flags=kept.flags)
            continue
        before = previous.get(location) if location != "course/grading_text.py" else None
        if before is not None and before.string:
            catalog.add(text, before.string, locations=[(location, None)], flags={"fuzzy"},
                        previous_id=[before.id])
        else:
            catalog.add(text, "", locations=[(location, None)])
    return catalog


def extract(root: Path, lang: str) -> tuple[int, bool]:
    """Bring ``locale/<lang>/LC_MESSAGES/grading.po`` up to date: (entries, changed)."""
    from .translation import read_catalog, write_catalog

    target = catalog_file(root, lang)
    catalog = update(read_catalog(target) if target.exists() else None, root, lang)
    return sum(1 for message in catalog if message.id), write_catalog(catalog, target)


def problems(root: Path, lang: str) -> list[str]:
    """Every sentence or hint without a fresh ``lang`` translation: where, state, English."""
    from .translation import read_catalog

    target = catalog_file(root, lang)
    catalog = read_catalog(target) if target.exists() else None
    found = []
    for location, text in units(root):
        message = catalog.get(text) if catalog is not None else None
        state = "missing" if message is None else "fuzzy" if message.fuzzy else \
            "untranslated" if not message.string else ""
        if state:
            found.append(f"{CATALOG}.po, {location}: {state}: {text[:70]!r}")
    return found
