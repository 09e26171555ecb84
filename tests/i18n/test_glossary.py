"""One glossary, locale/fr/glossary.csv, kept by the French catalogs: one rendering per
English term, its gender agreed with, no other rendering, and no English left in French.

The glossary cells of the French notebooks come from it (see :mod:`course.i18n.glossary`).
"""

from __future__ import annotations

import re

import pytest

from conftest import ROOT, load
from course.i18n.catalog import read_catalog
from course.i18n.glossary import path as glossary_path
from course.i18n.glossary import read
from support.french_typography import french_catalogs, is_french, masked, strings

TERMS = read(ROOT, "fr")
CATALOGS = french_catalogs(ROOT)

#: determiners that say a noun's gender ("son", "mon", "ton" go before any vowel)
DETERMINERS = {"m": ("le", "du", "au", "un", "ce", "cet"), "f": ("la", "une", "cette")}
#: renderings that are verbs too: "le défausse" is "discards it", not a wrong gender
VERBS_TOO = {"défausse", "pioche", "lancer", "prise", "manche"}
#: English words that have no business in French prose (code is masked out first; a
#: menu path of an English JupyterLab, "Kernel → Restart Kernel and ...", is quoted)
ENGLISH = re.compile(
    r"(?<![\w.'’-])(the|and|with|keep first|hunt 421|wins|ties|turns|greedy|vs|minor|"
    r"straight|three of a kind|not implemented|yet|should|returned|expected|got)(?![\w.(-])",
)
MENU_PATH = re.compile(r"\w+ → [^()*\n]*")


def plain(text: str) -> str:
    """A French text as the rules read it: code masked, emphasis left out ("*petite* combinaison")."""
    return re.sub(r"(?<!\w)[*_]+|[*_]+(?!\w)", "", masked(text))


def french_entries():
    """(file, location, English, masked French) of every French text of the course: the
    catalogs' entries, then the French notebooks' text cells (beside their English cell)."""
    for path in CATALOGS:
        for message in read_catalog(path):
            if not is_french(message):
                continue
            english = message.id if isinstance(message.id, str) else " ".join(message.id)
            where = message.locations[0][0] if message.locations else "?"
            for text in strings(message):
                yield path.relative_to(ROOT), where, english, plain(text)
    for path in sorted((ROOT / "notebooks" / "fr").glob("*.ipynb")):
        english = {cell["id"]: "".join(cell["source"]) for cell in load(ROOT / "notebooks" / path.name)["cells"]}
        for cell in load(path)["cells"]:
            if cell["cell_type"] == "markdown":
                yield (path.relative_to(ROOT), cell["id"], english.get(cell["id"], ""),
                       plain("".join(cell["source"])))


ENTRIES = list(french_entries())


def mentions(english: str, term: str) -> bool:
    return re.search(rf"(?<![\w`]){re.escape(term.lower())}s?(?![\w`])", english.lower()) is not None


# ------------------------------------------------------------------------ the file


def test_the_glossary_has_the_worksheets_terms_and_one_rendering_per_term():
    assert len(TERMS) > 50
    renderings: dict[str, set[str]] = {}
    for term in TERMS:
        renderings.setdefault(term.english, set()).add(term.french)
    assert {english: french for english, french in renderings.items() if len(french) > 1} == {}
    for number in ("00", "01", "02", "03", "04", "05"):
        assert sum(number in term.worksheets for term in TERMS) >= 3, number


def test_a_malformed_glossary_is_refused_with_its_line(tmp_path):
    target = glossary_path(tmp_path, "fr")
    target.parent.mkdir(parents=True)
    target.write_text("worksheets,english,french,gender,note,avoid\n03,kalah,kalah,x,,\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 2"):
        read(tmp_path, "fr")
    target.write_text("english,french\n", encoding="utf-8")
    with pytest.raises(ValueError, match="first line"):
        read(tmp_path, "fr")


# ------------------------------------------------------------------- the catalogs


@pytest.mark.parametrize("term", [term for term in TERMS if term.avoid], ids=lambda term: term.english)
def test_no_catalog_renders_a_listed_term_another_way(term):
    avoid = re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, term.avoided))})(?!\w)", re.IGNORECASE)
    found = [f"{path}, {where}, entry {english[:60]!r}: {avoid.search(french).group()!r}"
             for path, where, english, french in ENTRIES
             if mentions(english, term.english) and avoid.search(french)]
    assert not found, (f"{term.english!r} is {term.french!r} in French (locale/fr/glossary.csv), "
                       f"not {term.avoid!r}:\n" + "\n".join(found[:20]))


def agreements(term) -> re.Pattern[str]:
    """What a reader sees as the other gender of ``term``: a determiner, an adjective
    agreed with it ("son propre kalah", "kalahs compris"), "l'un ou l'autre", a pronoun
    that stands for it ("votre kalah moins celui de l'autre")."""
    noun, other = re.escape(term.french), "f" if term.gender == "m" else "m"
    determiners = [d for d in DETERMINERS[other] if term.french not in VERBS_TOO or d not in ("le", "la")]
    adjectives = ADJECTIVES[other]
    return re.compile("|".join([
        rf"\b(?:{'|'.join(determiners)}) (?:(?:plus )?(?:propre|{adjectives}) )?{noun}\b",
        rf"\b(?:{POSSESSIVES[other]}) (?:plus )?(?:propre|{adjectives}) {noun}\b",
        rf"\b(?:{ONE_OR_OTHER[other]}) {noun}\b",
        rf"\b{noun}s? (?:{INCLUDED[other]})\b",
        rf"\b{noun}\b(?: du joueur(?: qui joue)?)? (?:moins|devance le plus) {PRONOUN[other]}\b",
    ]), re.IGNORECASE)


#: what agrees with a noun of each gender
POSSESSIVES = {"m": "son|mon|ton", "f": "sa|ma|ta"}
ADJECTIVES = {"m": "grand|petit|premier|dernier|nouveau|seul", "f": "grande|petite|première|dernière|nouvelle|seule"}
ONE_OR_OTHER = {"m": "l'un ou l'autre|l'un des|chacun des", "f": "l'une ou l'autre|l'une des|chacune des"}
INCLUDED = {"m": "compris|entier", "f": "comprises|entière"}
PRONOUN = {"m": "celui", "f": "celle"}


@pytest.mark.parametrize("term", [term for term in TERMS if term.gender and " " not in term.french],
                         ids=lambda term: term.english)
def test_a_listed_term_keeps_its_gender(term):
    wrong = agreements(term)
    found = [f"{path}, {where}, entry {english[:60]!r}: {wrong.search(french).group()!r}"
             for path, where, english, french in ENTRIES if wrong.search(french)]
    assert not found, (f"{term.french!r} is {'feminine' if term.gender == 'f' else 'masculine'}:\n"
                       + "\n".join(found[:20]))


@pytest.mark.parametrize("text", [
    "la dernière graine dans le kalah 6", "son propre kalah", "l'un ou l'autre kalah a 25 graines",
    "12 cases, kalahs compris", "votre kalah moins celui de l'autre", "le plus grand kalah",
    "la kalah du joueur qui joue devance le plus celui de l'autre",
])
def test_the_gender_rule_sees_a_masculine_kalah_as_a_reader_does(text):
    kalah = next(term for term in TERMS if term.english == "kalah")
    assert agreements(kalah).search(text), text
    feminine = (text.replace("le kalah", "la kalah").replace("son propre", "sa propre").replace("l'un ou", "l'une ou")
                .replace("compris", "comprises").replace("celui", "celle").replace("le plus grand", "la plus grande"))
    assert not agreements(kalah).search(feminine), feminine


def test_no_english_words_are_left_in_the_french_text():
    found = [f"{path}, {where}, entry {english[:60]!r}: {ENGLISH.search(prose).group()!r}"
             for path, where, english, french in ENTRIES
             for prose in [MENU_PATH.sub("", french)] if ENGLISH.search(prose)]
    assert not found, f"{len(found)} French texts with English words:\n" + "\n".join(found[:40])


def test_the_avoid_rule_sees_another_rendering_where_the_english_says_the_term():
    package = next(term for term in TERMS if term.english == "package")
    assert mentions("The package gives `power_set(s)`", package.english)
    assert not mentions("`exercises.package`", package.english)
    assert re.search(rf"(?<!\w){package.avoid}(?!\w)", masked("Le paquet fournit `power_set(s)`"))
    assert not re.search(rf"(?<!\w){package.avoid}(?!\w)", masked("Le module fournit `paquet(s)`"))
