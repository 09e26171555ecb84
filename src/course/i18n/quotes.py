"""What a text quotes as something to type or something a program prints: its code spans
(`` `...` ``, code blocks) and its ``'...'`` and ``"..."`` quotations.

A translation keeps them byte for byte: a French hint that quotes ``'170: {}'`` with a
French space before the colon asks for output the hidden test refuses. A quotation may
change in one way only: into what the package prints in that language for the same
English (``'Current combination = 665'`` is ``'Combinaison actuelle = 665'`` in a French
notebook, where the check prints it so). French quotes prose with « », never with these.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from .grading_text import FIELD, fields_of, fill, pattern_of

#: a Markdown code span or block: as many backticks close it as opened it
CODE = re.compile(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)
#: a quotation in straight quotes; an apostrophe inside a word ("l'état") opens none
QUOTED = re.compile(r"(?<![\w'’])'([^'\n]+?)'(?![\w])|(?<![\w\"])\"([^\"\n]+)\"(?![\w])")


def spans(text: str) -> list[tuple[int, int]]:
    """Where ``text``'s quotations are, quotes and backticks included."""
    found = [match.span() for match in CODE.finditer(text)]
    rest = CODE.sub(lambda match: " " * len(match.group()), text)
    return sorted(found + [match.span() for match in QUOTED.finditer(rest)])


def quotations(text: str) -> list[str]:
    """What ``text`` quotes, without its quotes or backticks, in order."""
    found = []
    for start, end in spans(text):
        quoted = text[start:end]
        match = CODE.fullmatch(quoted)
        found.append(match.group(2) if match else quoted[1:-1])
    return found


def _plain(quotation: str) -> str:
    """A quotation as a reader compares it: a catalog's line breaks are not its text."""
    return re.sub(r"[ \t]*\n[ \t]*", " ", quotation.strip("\n"))


_pattern = lru_cache(maxsize=None)(pattern_of)


def printed(english: str, package: Mapping[str, str]) -> set[str]:
    """What the package prints, in the translated language, where it prints ``english``:
    the translation of the message it comes from (``package``: English template to its
    translation), with the same field values."""
    found = set()
    for template, translation in package.items():
        if not translation or not re.search(r"[A-Za-z]{2}", FIELD.sub("", template)):
            continue  # "{where}: {what}" would turn any colon French
        match = _pattern(template).fullmatch(english)
        if match is None:
            continue
        names = list(dict.fromkeys(fields_of(template)))
        try:
            found.add(fill(translation, {name: match.group(f"f{i}") for i, name in enumerate(names)}))
        except IndexError:
            continue
    return found


def _said(english: str, package: Mapping[str, str]) -> set[str]:
    """The forms a quoted line may take: itself, what the package prints for it, or for
    its question with the answer typed after it (``Value of die 3 = 5? 1``)."""
    found = {english} | printed(english, package)
    for cut in (match.end() for match in re.finditer(r"[?:] ", english)):
        found |= {said + english[cut:] for said in printed(english[:cut], package)}
    return found


def _allowed(english: str, translated: str, package: Mapping[str, str]) -> bool:
    """``translated`` is ``english`` or what the package prints for it, line by line."""
    if _plain(translated) == _plain(english) or translated in _said(english, package):
        return True
    lines, theirs = translated.split("\n"), english.split("\n")
    return len(lines) > 1 and len(lines) == len(theirs) and \
        all(line in _said(their, package) for line, their in zip(lines, theirs))


def changed(english: str, translated: str, package: Mapping[str, str] | None = None,
            accepted: Iterable[str] = ()) -> list[str]:
    """The quotations of ``translated`` that are none of ``english``'s, nor what the package
    prints for one of them (``package``: English to translation), nor one of ``accepted``."""
    theirs = quotations(english)
    same = {_plain(q) for q in accepted} | {_plain(q) for q in theirs}
    return [q for q in quotations(translated) if _plain(q) not in same
            and not any(_allowed(their, q, package or {}) for their in theirs)]
