"""The grader's words in the student's language.

A notebook in another language (metadata ``course.language``, set by ``course release
--lang``) gets its feedback in that language: the grader's own sentences (:data:`MESSAGES`,
the templates of :mod:`course.grading.grader.plugin` and of the feedback file), "expected"/"got", and
the hints of the hidden tests (the ``HINTS`` table of each ``tests/grading/test_*.py``),
the messages of their ``assert`` and ``raise`` statements, and the reasons a file is not
graded (:data:`REASONS`). The hidden tests stay plain Python: an ``assert`` message that
is a string is extracted as it is; an f-string as a template whose fields are named by
their source (``f"{NAMES[player]} heard {heard!r}"`` gives the template
``{NAMES[player]} heard {heard!r}``). :meth:`Words.sentence` finds the template a
finished message came from (a regular expression made from the template), and writes its
translation with the same field values. A message that is only a value (``assert ok,
dice``) is not extracted: it stays as it is. Their translations live in one catalog per
language, ``locale/<lang>/LC_MESSAGES/grading.po``, brought up to date by ``course
translate extract`` and checked by ``course translate check`` like the notebooks'
catalogs (a message named by its file and line). The points and the tests are the same in
every language; a sentence without a (fresh) translation stays English.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .catalog import empty_catalog, merge, read_catalog, translations, write_catalog

if TYPE_CHECKING:  # Babel comes with the i18n extra, imported where it is used
    from babel.messages.catalog import Catalog

CATALOG = "grading"
HEADER = """\
# Translation ({lang}) of the grader's feedback and of the hidden tests' hints (the
# HINTS tables of tests/grading/test_*.py) and messages (of their assert and raise
# statements; a {{field}} is the source of an f-string's field) of Tabletop Python.
# Updated by `course translate extract`; a "fuzzy" entry's English changed since
# it was translated (its old English is the "#|" line): review it, then remove
# the flag. Keep every {{field}} of the English.
#"""

#: every sentence the grader writes for a student, as a template of named fields
MESSAGES = (
    # course.grading.grader.plugin: what failed
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
    "{name} is not a {worksheet} notebook",
    "skipped: {reason}",
    # course.grading.instructor.feedback: the feedback file
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
    "This notebook was not in the last hand-in; its result is kept.",
    "Handed in {days} day(s) late ({late} after the deadline): {percent}% of the points are "
    "taken off in the grade book.",
    "Handed in {days} day(s) late ({late} after the deadline).",
    "Points changed by hand on {exercise}: {points} ({reason}).",
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
    "Graded by the hidden tests.",
    # course.gradescope: the summary of a Gradescope submission
    "{name} (worksheet {worksheet}): {score} / {total} points",
    "  note: {reason}",
    "{other}: not counted: {name} is the notebook of this worksheet that counts ({rule})",
    "{name} (worksheet {worksheet}): {score} points, not counted: another notebook of "
    "this worksheet scored as much or more",
    "{name}: not graded: {reason}",
    "nothing was submitted",
    "no file of the submission is a notebook of this course that could be graded",
    "Nothing could be graded: {why}. Hand in your worksheet's .ipynb file "
    "(File > Download in JupyterLab), as it is, without renaming its cells.",
)

#: why a file is not graded, or its grading failed (course.grading, course.gradescope), how
#: the notebook's process failed (course.grading.grader.submission, course.grading.notebook.worker), and pytest's own
#: sentences that reach a student: written in English where they arise (``reason(...)``;
#: results.json's ``reason`` and the grade book stay English) and translated where a
#: student reads them (:meth:`Words.sentence`)
REASONS = (
    "cannot be read ({error})",
    "not a notebook (a {suffix}, not a .ipynb)",
    "not a notebook (a file without extension, not a .ipynb)",
    "not valid JSON ({error})",
    "not a notebook (valid JSON without a list of cells)",
    "matches no worksheet of the course",
    "worksheet {worksheet} has no hidden tests",
    "not a well-formed notebook ({error})",
    "the hidden tests did not run (their module failed to load: run pytest on it to see why)",
    "grading stopped after {seconds} s or its process ended",
    "the hidden tests could not run on this notebook",
    "the grader failed on this notebook ({error}); grade it again",
    "it is worksheet {worksheet}; this assignment grades worksheet {expected}",
    "the autograder failed (course grade exited with {code})",
    "DID NOT RAISE {exception}",
    "DID NOT RAISE any exception",
    # course.grading.grader.differential: the submission against the reference on one generated case
    "`{call}` returned {got}, expected {want}",
    "`{call}` raised {got}, expected {want}",
    "`{call}` gave {got}, expected {want} to be raised",
    "`{call}` returned {got}, a {got_type}; expected {want}, a {want_type}",
    "{failure} ({more} more of {total} cases fail)",
    # course.grading.grader.submission: what went wrong in the notebook's process
    "the notebook defines no {name} (is the cell that defines it run?)",
    "the notebook raised {name}, which a test does not accept",
    "{what} ran longer than {seconds} s: the notebook's process was stopped",
    "{what} ran longer than {seconds} s and was stopped",
    "{what} called sys.exit({code})",
    "{what} drew from the module random, but it is given a random.Random: "
    "every draw must come from that rng, so that a seeded game replays",
    "{what} drew from secrets, random.SystemRandom or os.urandom, but it is given a "
    "random.Random: every draw must come from that rng, so that a seeded game replays",
    "the notebook's process {status} during {what}",
    "the notebook's process did not start ({error})",
    "the notebook's process was closed",
    "a handle from an earlier run of the notebook was used",
    "code cell {number}",
    "the given code",
    "an added cell",
    # course.grading.notebook.worker: how the notebook's process ended ({status} above)
    "killed (time or memory limit) by {signal}",
    "stopped at its CPU time limit by {signal}",
    "crashed (segmentation fault) by {signal}",
    "stopped by the sandbox (forbidden system call) by {signal}",
    "aborted by {signal}",
    "killed by {signal}",
    "exited with status {status} (os._exit or a crash)",
    "ended with status {status}",
)


def one_line(text: str) -> str:
    """``text`` on one line: its runs of spaces, tabs and newlines made one space (a French
    no-break space before ``:`` is kept: it is not a line's whitespace)."""
    return re.sub(r"[ \t\r\n]+", " ", text).strip()


def reason(template: str, **fields: object) -> str:
    """A sentence of :data:`REASONS` with its fields, in English."""
    return template.format(**fields) if fields else template


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


@dataclass(frozen=True)
class Said:
    """The message of an ``assert`` or ``raise`` of a hidden test module, as a template."""

    module: str  #: e.g. test_tchu.py
    line: int
    function: str  #: the function it is in ("" at the top of the module)
    template: str

    @property
    def location(self) -> str:
        return f"{self.module}#{self.function}" if self.function else self.module


def _escaped(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def template_of(node: ast.expr) -> str | None:
    """A message's template: a string as it is (braces doubled), an f-string with each field
    named by its source (``{expected!r}``); None for anything else, or a field that a
    template cannot name (braces in it, a format spec with fields)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _escaped(node.value)
    if not isinstance(node, ast.JoinedStr):
        return None
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(_escaped(str(value.value)))
            continue
        if not isinstance(value, ast.FormattedValue):  # nothing else is in an f-string
            return None
        field = ast.unparse(value.value)
        if value.conversion != -1:
            field += "!" + chr(value.conversion)
        if value.format_spec is not None:
            spec = value.format_spec.values if isinstance(value.format_spec, ast.JoinedStr) else []
            constants = [v for v in spec if isinstance(v, ast.Constant)]
            if len(constants) != len(spec):
                return None
            field += ":" + "".join(str(v.value) for v in constants)
        if "{" in field or "}" in field:
            return None
        parts.append("{" + field + "}")
    return "".join(parts)


def _sentence(template: str) -> bool:
    """A message worth translating: it has words, not only fields; or it joins sentences
    with a colon or the like (``{where}: {what}``), which French spaces otherwise."""
    joined = len(fields_of(template)) > 1 and bool(re.search(r"[:;!?]", FIELD.sub("", template)))
    return _has_words(template) or joined


def _has_words(template: str) -> bool:
    return bool(re.search(r"[A-Za-z]{2}", FIELD.sub("", template)))


def said(module: Path) -> list[Said]:
    """The messages of a hidden test module: of its ``assert`` statements, of the first
    argument of what it raises (``raise AssertionError(...)``) or ``pytest.fail``s, and the
    pieces of messages it marks with ``sentence(...)``."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    found = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            inside = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and not function \
                else function
            message = None
            if isinstance(child, ast.Assert):
                message = child.msg
            elif isinstance(child, ast.Raise) and isinstance(child.exc, ast.Call) and child.exc.args:
                message = child.exc.args[0]
            elif (isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) and child.func.attr == "fail"
                  and isinstance(child.func.value, ast.Name) and child.func.value.id == "pytest" and child.args):
                message = child.args[0]
            elif isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id == "sentence" \
                    and len(child.args) == 1:
                message = child.args[0]  # a piece of a message, marked by course.grading.grader.differential.sentence
            template = template_of(message) if message is not None else None
            if template is not None and _sentence(template) and isinstance(child, (ast.stmt, ast.expr)):
                found.append(Said(module.name, child.lineno, function, template))
            visit(child, inside)

    visit(tree, "")
    return sorted(found, key=lambda s: s.line)


def messages_of_tests(root: Path) -> list[Said]:
    """The messages of every hidden test module, in file and line order."""
    return [s for module in sorted((Path(root) / "tests" / "grading").glob("test_*.py")) for s in said(module)]


def entries(root: Path) -> list[tuple[str, str, str]]:
    """(location in the catalog, where a problem is named, English): the grader's sentences
    and reasons, the hints, then the hidden tests' messages (named by file and line)."""
    return [("course/grading_text.py", "course/grading_text.py", m) for m in MESSAGES + REASONS] + \
        [(where, where, hint) for where, hint in hints(root)] + \
        [(s.location, f"{s.module}:{s.line}", s.template) for s in messages_of_tests(root)]


def units(root: Path) -> list[tuple[str, str]]:
    """What the catalog holds: (location, English)."""
    return [(location, text) for location, _, text in entries(root)]


# ------------------------------------------------------------------------------ templates

#: a field of a template (``{{`` and ``}}`` are literal braces)
FIELD = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")


def pattern_of(template: str) -> re.Pattern[str]:
    """The regular expression of the texts a template gives: each field any text (the same
    text where a field comes back)."""
    parts: list[str] = []
    groups: dict[str, str] = {}
    end = 0
    for match in FIELD.finditer(template):
        parts.append(re.escape(template[end:match.start()]))
        end = match.end()
        if match.group(1) is None:
            parts.append(re.escape(match.group(0)[0]))
        elif match.group(1) in groups:
            parts.append(f"(?P={groups[match.group(1)]})")
        else:
            groups[match.group(1)] = f"f{len(groups)}"
            parts.append(f"(?P<{groups[match.group(1)]}>.*?)")
    parts.append(re.escape(template[end:]))
    return re.compile("".join(parts), re.DOTALL)


def fields_of(template: str) -> list[str]:
    return [m.group(1) for m in FIELD.finditer(template) if m.group(1) is not None]


def fill(template: str, values: dict[str, str]) -> str:
    """A template with its fields replaced by ``values`` (by the field's own text)."""
    def one(match: re.Match[str]) -> str:
        if match.group(1) is None:
            return match.group(0)[0]
        return values.get(match.group(1), match.group(0))
    return FIELD.sub(one, template)


#: (template, regular expression, fields) of the sentences a template reading knows
Readings = tuple[tuple[str, re.Pattern[str], tuple[str, ...]], ...]


@lru_cache(maxsize=8)
def _patterns(root: str, stamp: tuple[tuple[str, int], ...]) -> Readings:
    return _readings(tuple(dict.fromkeys([*REASONS, *(s.template for s in messages_of_tests(Path(root)))])))


@lru_cache(maxsize=8)
def _readings(templates: tuple[str, ...]) -> Readings:
    """The readings of ``templates``, the most specific first (more words than another that also matches)."""
    ordered = sorted(dict.fromkeys(templates), key=lambda t: -len(FIELD.sub("", t)))
    return tuple((template, pattern_of(template), tuple(dict.fromkeys(fields_of(template)))) for template in ordered)


@lru_cache(maxsize=8)
def _reverse(pairs: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """A table of translations read the other way: translation -> English."""
    return {translated: english for english, translated in pairs}


def patterns(root: Path) -> Readings:
    """(template, regular expression, fields) of every sentence :meth:`Words.sentence` translates."""
    modules = sorted((Path(root) / "tests" / "grading").glob("test_*.py"))
    return _patterns(str(root), tuple((m.name, m.stat().st_mtime_ns) for m in modules))


@lru_cache(maxsize=8)
def _table(path: str, mtime: int) -> dict[str, str]:
    return translations(read_catalog(Path(path)))


def table(root: Path, lang: str | None) -> dict[str, str]:
    """The fresh translations of the grading catalog of ``lang`` (empty for English)."""
    if not lang or lang == "en":
        return {}
    path = catalog_file(root, lang)
    if not path.exists():
        return {}
    return _table(str(path), path.stat().st_mtime_ns)


#: the fields that hold a number (a score "0.33", a penalty "12.5"), and a decimal one
_NUMBERS, _DECIMAL = {"score", "total", "percent", "seconds"}, re.compile(r"^(-?\d+)\.(\d+)$")


class Words:
    """The grader's sentences in one language: ``say(template, **fields)``."""

    def __init__(self, root: Path | None, lang: str | None) -> None:
        self.lang = lang if lang and lang != "en" else None
        self.root = root
        self.table = table(root, self.lang) if root is not None and self.lang else {}

    def __call__(self, template: str, **fields: object) -> str:
        text = self.table.get(template, template)
        if self.lang == "fr":  # a score or a percentage written as French writes it: 0,33
            fields = {name: _DECIMAL.sub(r"\1,\2", value) if name in _NUMBERS and isinstance(value, str) else value
                      for name, value in fields.items()}
        return text.format(**fields) if fields else text

    def hint(self, hint: str) -> str:
        return self.table.get(hint, hint)

    def sentence(self, text: str) -> str:
        """A finished English sentence (a hidden test's message, a reason of :data:`REASONS`)
        in this language: the translation of the template it came from, with the same
        field values; ``text`` itself in English or without a (fresh) translation."""
        if not self.table or not text or self.root is None:
            return text
        return self._parse(text, 0, patterns(self.root), self.table)[1]

    def english(self, text: str) -> str:
        """A finished sentence of this language back in English (what :meth:`sentence`
        made of it, read the other way); ``text`` itself when no translation gives it."""
        if not self.table or not text:
            return text
        return self._parse(text, 0, _readings(tuple(self.table.values())), _reverse(tuple(self.table.items())))[1]

    def _parse(self, text: str, depth: int, readings: Readings, table: dict[str, str]) -> tuple[int, str]:
        """The reading of ``text`` that explains most of it, and its translation.

        A field's value may itself be a sentence ("the notebook's process {status} ...", a
        piece marked with ``sentence(...)``), read the same way two levels down. Of the
        templates that match, the one whose words, with its fields' own, cover the most
        characters of the text wins: ``{where}: {what}`` read as two sentences beats the
        last field of ``where``'s template taking the colon and the rest. A template
        without words (``{where}: {what}``) counts only when one of its fields is a sentence.
        """
        best: tuple[int, str] = (0, text)
        for template, pattern, names in readings:
            if template not in table:
                continue
            match = pattern.fullmatch(text)
            if not match:
                continue
            values = {name: match.group(f"f{i}") for i, name in enumerate(names)}
            read = {name: self._parse(value, depth + 1, readings, table) if depth < 2 else (0, value)
                    for name, value in values.items()}
            inside = sum(covered for covered, _ in read.values())
            if not _has_words(template) and inside == 0:
                continue  # it would only respace a value (an error's own "Expecting value: line 1")
            covered = len(fill(template, {name: "" for name in names})) + inside
            if covered > best[0]:
                best = (covered, fill(table[template], {name: said for name, (_, said) in read.items()}))
        return best


ENGLISH = Words(None, None)


# ------------------------------------------------------------------------------ catalog


def update(old: Catalog | None, root: Path, lang: str) -> Catalog:
    """The grading catalog of ``lang`` for today's sentences and hints: ``old``'s
    translations kept; an entry whose English changed keeps its old translation as fuzzy,
    with the old English (``#| msgid``), when its location (a hint's test, a message's
    function) is the same; no obsolete entries (see :func:`~.catalog.merge`)."""
    catalog = empty_catalog(old, lang, HEADER.format(lang=lang))
    if old is None:  # the dates change when a translator says so, not at each extraction
        catalog.revision_date = catalog.creation_date
    for location, text in units(root):
        catalog.add(text, "", locations=[(location, None)])  # type: ignore[list-item]  # Babel writes None
    return catalog if old is None else merge(old, catalog, cutoff=0.5, keep_obsolete=False)


def extract(root: Path, lang: str) -> tuple[int, bool]:
    """Bring ``locale/<lang>/LC_MESSAGES/grading.po`` up to date: (entries, changed)."""
    target = catalog_file(root, lang)
    catalog = update(read_catalog(target) if target.exists() else None, root, lang)
    return sum(1 for message in catalog if message.id), write_catalog(catalog, target)


def problems(root: Path, lang: str) -> list[str]:
    """Every sentence or hint without a fresh ``lang`` translation: where, state, English."""
    target = catalog_file(root, lang)
    catalog = read_catalog(target) if target.exists() else None
    found = []
    for _, location, text in entries(root):
        message = catalog.get(text) if catalog is not None else None
        state = "missing" if message is None else "fuzzy" if message.fuzzy else \
            "untranslated" if not message.string else ""
        if state:
            found.append(f"{CATALOG}.po, {location}: {state}: {text[:70]!r}")
    return found
