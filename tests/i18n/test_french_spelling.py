"""Every word of the French text is French: the Hunspell French dictionary (Debian's
hunspell-fr, read by spylls), the course's own words (locale/fr/words.txt), and the words
its English says too (Python's names, people's names, a game's title).

Skipped, with the reason, where spylls or the dictionary is missing (.ci/run installs
the dictionary; the test extra brings spylls).
"""

from __future__ import annotations

import json
import re
from functools import cache, lru_cache
from pathlib import Path

import pytest

from conftest import ROOT
from course.i18n.catalog import read_catalog
from course.i18n.glossary import read as read_glossary
from support.french_typography import french_catalogs, is_french, masked, strings

DICTIONARIES = [Path("/usr/share/hunspell") / name for name in ("fr_FR", "fr")]
#: a word, with its inner apostrophes and hyphens ("l'état", "peut-être"), not after a digit ("1er")
WORD = re.compile(r"(?<![\d\w])[A-Za-zÀ-ÖØ-öø-ÿœŒæÆ]+(?:['’-][A-Za-zÀ-ÖØ-öø-ÿœŒæÆ]+)*")
#: Python's names in prose: dotted, with an underscore, in camel case
CODE_NAME = re.compile(r"\b\w+(?:\.\w+)+\b|\b\w*_\w*\b|\b\w*[a-z][A-Z]\w*\b")


@lru_cache(maxsize=1)
def dictionary():
    spylls = pytest.importorskip("spylls.hunspell", reason="spylls (the test extra) is not installed")
    found = next((path for path in DICTIONARIES if path.with_suffix(".dic").exists()), None)
    if found is None:
        pytest.skip("no Hunspell French dictionary in /usr/share/hunspell (apt-get install hunspell-fr)")
    return spylls.Dictionary.from_files(str(found))


COURSE_WORDS = {line.strip() for line in (ROOT / "locale" / "fr" / "words.txt").read_text("utf-8").splitlines()
                if line.strip() and not line.startswith("#")}


def pieces(word: str) -> list[str]:
    """A word's parts: "l'état" is "l'" and "état", "peut-être" is "peut" and "être"."""
    return [part for part in re.split(r"(?<=['’])|-", word) if part]


def known(word: str, english: set[str]) -> bool:
    """A French word, a word of the course, or one the English says too (a name)."""
    if word in english or word in COURSE_WORDS or pieces(word)[-1] in english | COURSE_WORDS:
        return True
    return _in_dictionary(word)


@cache
def _in_dictionary(word: str) -> bool:
    lookup = dictionary().lookup
    if lookup(word) or all(lookup(part) or part in COURSE_WORDS for part in pieces(word)):
        return True
    return word[:2].lower() == "ré" and lookup(word[2:])  # réexécuter: ré- and a French verb


#: the English side of the glossary cell: its English terms
GLOSSARY_ENGLISH = " ".join(f"{term.english} {term.note}" for term in read_glossary(ROOT, "fr"))


def texts():
    """(file, location, English, French) of every French text: catalogs, then notebooks' cells."""
    for path in french_catalogs(ROOT):
        for message in read_catalog(path):
            if is_french(message):
                english = message.id if isinstance(message.id, str) else " ".join(message.id)
                where = message.locations[0][0] if message.locations else "?"
                for text in strings(message):
                    yield path.relative_to(ROOT).as_posix(), where, english, text
    for path in sorted((ROOT / "notebooks" / "fr").glob("*.ipynb")):
        english = {c["id"]: "".join(c["source"])
                   for c in json.loads((ROOT / "notebooks" / path.name).read_text("utf-8"))["cells"]}
        english["glossary-fr"] = GLOSSARY_ENGLISH  # the glossary cell names the English terms
        for cell in json.loads(path.read_text("utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                source = "".join(cell["source"])
                yield path.relative_to(ROOT).as_posix(), cell["id"], english.get(cell["id"], ""), source


def unknown_words(english: str, french: str) -> list[str]:
    said = set(WORD.findall(english))
    prose = CODE_NAME.sub(" ", masked(french))
    return [word for word in WORD.findall(prose) if not known(word, said)]


FILES = sorted({path.relative_to(ROOT).as_posix() for path in french_catalogs(ROOT)} |
               {path.relative_to(ROOT).as_posix() for path in (ROOT / "notebooks" / "fr").glob("*.ipynb")})


def test_the_dictionary_knows_french_and_refuses_a_misspelling():
    dictionary()
    assert unknown_words("", "Les graines sont égrenées dans les trous, kalahs comprises.") == []
    assert unknown_words("", "kalahs compriseses") == ["compriseses"]
    assert unknown_words("the `play` function", "la fonction play") == []
    assert unknown_words("", "Réexécutez la cellule") == []


@pytest.mark.parametrize("name", FILES)
def test_every_word_of_the_french_text_is_spelt_right(name):
    dictionary()
    found = [f"{where}: {word!r}" for path, where, english, french in texts() if path == name
             for word in unknown_words(english, french)]
    assert not found, (f"{len(found)} words that neither the French dictionary nor locale/fr/words.txt knows:\n"
                       + "\n".join(found[:40]))
