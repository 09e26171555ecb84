"""French typography of the course's French text, as a rule a test keeps.

The convention: one no-break space, the NARROW NO-BREAK SPACE U+202F, wherever French
typography puts a space that must not break the line:

- before ``:``, ``;``, ``!`` and ``?`` (``Feuille 2\u202f: le 421``);
- inside guillemets (``«\u202fbonjour\u202f»``);
- between a number and its unit or ``%`` (``27,68\u202f%``, ``10\u202fs``), and between
  the groups of a large number (``94\u202f143\u202f280``, as Babel's ``fr`` locale writes it);
- around ``×`` in a dimension (``9\u202f×\u202f9``, never ``9x9``).

Code is not French: Markdown code spans and blocks, ``{fields}`` of a template, URLs and
LaTeX are left out before the rules are applied (a ``:`` in code is not punctuation), and
so are quotations in straight quotes, which stand for what a program reads or prints
(:mod:`course.i18n.quotes`).

:func:`faults` names what is wrong in one text; :func:`fixed` mends what can be mended
mechanically (an ordinary space made narrow, a missing one added). Run this file with
``--fix`` to mend every French catalog of the course in place, then
``course release --lang fr``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from course.i18n.quotes import QUOTED

NNBSP = "\u202f"
#: the spaces that are wrong where a no-break space belongs
_SPACE = "[ \u00a0\t]"

# What is not French prose: masked (same length) before the rules look at a text.
_MASKS = [
    re.compile(r"^(```|~~~)[^\n]*\n.*?^\1[^\n]*$", re.DOTALL | re.MULTILINE),  # code blocks
    re.compile(r"(`+)(?:(?!\1).)+?\1", re.DOTALL),  # code spans
    re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$", re.DOTALL),  # LaTeX
    re.compile(r"(?:\b[fr])?'[^'\n]*\{[^'\n]*'|\b[fr]\"[^\"\n]*\""),  # quoted Python: f'{x}: {y}', '170: {...}'
    QUOTED,  # a quoted input or output, kept byte for byte: '  0: {}', "Nombre? "
    re.compile(r"\{\{|\}\}"),  # escaped braces of a template
    re.compile(r"\{[^{}\n]*\}"),  # a template's fields
    re.compile(r"<[a-zA-Z/][^<>\n]*>"),  # HTML tags
    re.compile(r"\]\([^()\s]*\)"),  # a Markdown link's target
    re.compile(r"\b(?:https?|file|ftp)://\S+"),  # URLs
    re.compile(r"!\["),  # a Markdown image
    re.compile(r"[\w.]+\([^()\n]*\)(?:\.\w+\([^()\n]*\))*;"),  # a call then ";"
    re.compile(r"!=|:=|::|->|<=|>=|==|\?\?"),  # operators
    re.compile(r"^\s*#+:?", re.MULTILINE),  # a comment's or heading's marks
]


def masked(text: str) -> str:
    """``text`` with code, fields, URLs and LaTeX replaced by ``\\x00`` (same length)."""
    for pattern in _MASKS:
        text = pattern.sub(lambda match: "\x00" * len(match.group()), text)
    return text


#: (name, pattern on the masked text, what to write instead); group "space" is the
#: ordinary space (or the missing one) the rule is about.
RULES = [
    ("space before a high punctuation mark",
     re.compile(rf"(?<=[^\s(\[])(?P<space>{_SPACE}*)(?=[:;!?](?:[\s)»\x00*_\"']|$))"),
     NNBSP),
    ("space before a high punctuation mark at a line's start",
     re.compile(r"(?<=\S)(?P<space>\n)(?=[:;!?](?:[\s)»\x00*_\"']|$))"), None),
    ("space after «", re.compile(rf"«(?P<space>[{NNBSP} \u00a0\t]*)"), NNBSP),
    ("space before »", re.compile(rf"(?P<space>[{NNBSP} \u00a0\t]*)»"), NNBSP),
    ("space between a number and its unit",
     re.compile(rf"(?<![\w.,\x00])\d+(?:[,.]\d+)?(?P<space>{_SPACE}*)(?=(?:%|€|°|ms|cm|mm|km|Go|Mo|ko|s|h|min)(?![\w\x00'’]))"),
     NNBSP),
    ("space between a template's field and %", re.compile(r"(?<=\x00)(?P<space>[ \u00a0\t]+)(?=%(?!\w))"), NNBSP),
    ("ordinary space between a number's groups",
     re.compile(rf"(?<![\w.,\x00])\d{{1,3}}(?P<space>{_SPACE})(?=\d{{3}}(?![\w,.\x00]))"), NNBSP),
    ("number in English format", re.compile(r"(?<![\w.,\x00])\d{1,3}(?:,\d{3})+(?![\w\x00])(?P<space>)"), None),
    ("x for a dimension", re.compile(r"(?<![\w\x00])\d+(?P<space> ?[x×] ?)(?=\d+(?![\w\x00]))"), f"{NNBSP}×{NNBSP}"),
]


def faults(text: str) -> list[str]:
    """What breaks the convention in ``text``: one line per fault, with its context."""
    found = []
    plain = masked(text)
    for name, pattern, wanted in RULES:
        for match in pattern.finditer(plain):
            space = match.group("space")
            if wanted is not None and space == wanted:
                continue
            start = max(0, match.start() - 25)
            context = text[start : match.end() + 15].replace("\n", "⏎")
            found.append(f"{name}: {context!r}")
    return found


def fixed(text: str) -> str:
    """``text`` with every mechanical fault mended (the others are left to a person)."""
    plain = masked(text)
    edits = []
    for _name, pattern, wanted in RULES:
        for match in pattern.finditer(plain):
            space = match.group("space")
            if wanted is None:
                if space == "\n":  # "word\n: more" -> "word\u202f:\nmore"
                    punctuation_end = match.end("space") + 1
                    rest = text[punctuation_end:]
                    skip = len(rest) - len(rest.lstrip(" "))
                    edits.append((match.start("space"), punctuation_end + skip,
                                  NNBSP + text[match.end("space")] + "\n"))
                continue
            if space != wanted:
                edits.append((match.start("space"), match.end("space"), wanted))
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


# ------------------------------------------------------------------ the course's French


def french_catalogs(root: Path) -> list[Path]:
    """Every French catalog of the course: notebooks, README, grader, package."""
    folder = root / "locale" / "fr" / "LC_MESSAGES"
    return sorted(folder.glob("notebooks/*.po")) + [
        folder / "grading.po",
        root / "src" / "exercises" / "locale" / "fr" / "LC_MESSAGES" / "exercises.po",
    ]


def strings(message) -> list[str]:
    """The French strings of a catalog entry (one, or one per plural form)."""
    string = message.string
    return [text for text in (string if isinstance(string, (tuple, list)) else [string]) if text]


def is_french(message) -> bool:
    """An entry with a French text of its own (one that repeats its English is code)."""
    return bool(message.id) and bool(message.string) and message.string != message.id


def fix_catalog(path: Path) -> int:
    """Mend ``path`` in place; the number of entries changed."""
    from course.i18n import package as package_translation
    from course.i18n.catalog import read_catalog, write_catalog

    package = path.name == "exercises.po"
    catalog = package_translation.read(path) if package else read_catalog(path)
    changed = 0
    for message in catalog:
        if not is_french(message):
            continue
        if isinstance(message.string, (tuple, list)):
            new = tuple(fixed(text) for text in message.string)
        else:
            new = fixed(message.string)
        if new != message.string:
            message.string = new
            changed += 1
    if changed:
        if package:
            path.write_bytes(package_translation.po_bytes(catalog))
            package_translation.compile_catalog(path)
        else:
            write_catalog(catalog, path)
    return changed


if __name__ == "__main__":
    if sys.argv[1:] != ["--fix"]:
        sys.exit("usage: python tests/support/french_typography.py --fix")
    here = Path(__file__).resolve().parents[2]
    for catalog_file in french_catalogs(here):
        print(f"{catalog_file.relative_to(here)}: {fix_catalog(catalog_file)} entries mended")
