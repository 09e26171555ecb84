"""The language of the package's messages: English, or French in a French notebook.

A French notebook's first cell calls ``exercises.set_language("fr")``. Messages are
looked up with the standard library's :mod:`gettext` in the package's catalogs,
``exercises/locale/<lang>/LC_MESSAGES/exercises.mo``; a message without a translation
(or a language without a catalog) stays in English. The choice holds for the process:
one notebook, one kernel, one language.

>>> set_language("en"); get_language()
'en'
>>> _("All examples pass")
'All examples pass'
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.ticker import Formatter

DOMAIN = "exercises"
LOCALE_DIR = Path(__file__).with_name("locale")
DEFAULT = "en"
_LANGUAGE_CODE = re.compile(r"^[a-z]{2}$")

_state: dict[str, object] = {"language": DEFAULT, "translations": gettext.NullTranslations()}

#: The sentence a released exercise's stub raises, in each language of the course
#: (``{exercise}`` is the exercise's id). The checks and the grader recognise a stub by it.
STUB_SENTENCES = {
    "en": "Exercise {exercise}: write your code here.",
    "fr": "Exercice {exercise}\u202f: écrivez votre code ici.",
}
#: Any of :data:`STUB_SENTENCES` (unanchored); the group ``exercise`` is the id. A French
#: stub of an older release, with an ordinary space before its colon, is one too.
STUB_PATTERN = re.compile(
    r"(?:Exercise|Exercice) (?P<exercise>[a-z0-9_]+\.[a-z0-9_]+)[ \u00a0\u202f]?: "
    r"(?:write your code here|écrivez votre code ici)\."
)


def stub_sentence(exercise: str, language: str = DEFAULT) -> str:
    """What the stub of ``exercise`` raises in ``language`` (English when it has none).

    >>> stub_sentence("start.count_pips", "fr")
    'Exercice start.count_pips\\u202f: écrivez votre code ici.'
    >>> STUB_PATTERN.fullmatch(stub_sentence("jass.meld"))["exercise"]
    'jass.meld'
    """
    return STUB_SENTENCES.get(language, STUB_SENTENCES[DEFAULT]).format(exercise=exercise)



def set_language(language: str, localedir: Path | str | None = None) -> None:
    """Speak ``language`` (a two-letter code such as ``"fr"``) from now on.

    ``localedir`` replaces the package's catalog folder (for tests and tools).
    """
    if not isinstance(language, str) or not _LANGUAGE_CODE.match(language):
        raise ValueError(f"a language is a two-letter code such as 'en' or 'fr', not {language!r}")
    if language == DEFAULT:
        translations: gettext.NullTranslations = gettext.NullTranslations()
    else:
        translations = gettext.translation(
            DOMAIN, localedir=str(localedir or LOCALE_DIR), languages=[language], fallback=True
        )
    _state["language"] = language
    _state["translations"] = translations


def get_language() -> str:
    """The language the package speaks: ``"en"`` unless set otherwise."""
    return str(_state["language"])


def _(message: str) -> str:
    """``message`` in the current language (itself when there is no translation)."""
    translations = _state["translations"]
    assert isinstance(translations, gettext.NullTranslations)
    return translations.gettext(message)


def N_(message: str) -> str:
    """``message`` itself: marks a constant's English for the catalog; say it with ``_()``."""
    return message


def pgettext(context: str, message: str) -> str:
    """``message`` said in ``context`` (the same English, said otherwise in French: "none"
    is "aucun" for tickets, "aucune" for cards)."""
    translations = _state["translations"]
    assert isinstance(translations, gettext.NullTranslations)
    return translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` for a message of ``context`` (the same English, said otherwise)."""
    translations = _state["translations"]
    assert isinstance(translations, gettext.NullTranslations)
    return translations.npgettext(context, singular, plural, count)


def shown(text: str) -> str:
    """``text`` itself. In a notebook it marks a name that a table or a figure shows
    (``{shown("keep first"): keep_first}``), so that the French notebook shows it in
    French (``course translate`` extracts it as it does a ``print``'s text).

    >>> shown("keep first")
    'keep first'
    """
    return text


#: The space French puts between a number's groups, before ``%``, before ``: ; ! ?`` and
#: inside « » (NARROW NO-BREAK SPACE, as in Babel's ``fr`` locale).
NNBSP = "\u202f"


def number(value: float, decimals: int | None = None, *, grouping: bool = True,
           english_grouping: bool = True) -> str:
    """``value`` written for the current language, with ``decimals`` digits after the
    point (as many as it has when None), its groups of thousands separated unless not
    ``grouping`` (in English, also unless not ``english_grouping``: a line that always
    said ``94143280`` keeps saying it). English is Python's own format
    (``f"{value:,.1f}"``); French writes a decimal comma and separates groups with a
    narrow no-break space, as Babel's ``format_decimal(value, locale="fr")`` does.

    >>> number(94143280), number(49.125, 1)
    ('94,143,280', '49.1')
    >>> set_language("fr"); number(94143280), number(49.125, 1), number(-0.5); set_language("en")
    ('94\\u202f143\\u202f280', '49,1', '-0,5')
    """
    french = get_language() == "fr"
    spec = ("," if grouping and (french or english_grouping) else "") + ("" if decimals is None else f".{decimals}f")
    text = format(value, spec)
    if not french:
        return text
    return text.replace(",", NNBSP).replace(".", ",")


def percent(value: float, decimals: int = 0) -> str:
    """``value`` (a share, 0.2768) as a percentage for the current language: English
    ``f"{value:.2%}"`` (``27.68%``), French ``27,68\u202f%`` (Babel's ``format_percent``).

    >>> percent(0.2768, 2), percent(1)
    ('27.68%', '100%')
    >>> set_language("fr"); percent(0.2768, 2), percent(1); set_language("en")
    ('27,68\\u202f%', '100\\u202f%')
    """
    if get_language() != "fr":
        return format(value, f".{decimals}%")
    return number(value * 100, decimals) + NNBSP + "%"


def decimal_commas(*axes: Axes) -> None:
    """In French, the numbers on the ticks of these matplotlib ``Axes`` get a decimal
    comma (``0,25``; matplotlib's own formatter chooses the digits); in English nothing
    changes. A figure's colour bar is ``colorbar.ax``."""
    if get_language() != "fr":
        return
    from matplotlib.ticker import Formatter

    class Comma(Formatter):
        def __init__(self, inner: Formatter) -> None:
            self.inner = inner

        def set_axis(self, axis: Any) -> None:  # an Axis, or one of matplotlib's private stand-ins
            super().set_axis(axis)
            self.inner.set_axis(axis)

        def set_locs(self, locs: list[float]) -> None:
            self.inner.set_locs(locs)

        def format_ticks(self, values: list[float]) -> list[str]:
            return [text.replace(".", ",") for text in self.inner.format_ticks(values)]

        def __call__(self, x: float, pos: int | None = None) -> str:
            return self.inner(x, pos).replace(".", ",")

        def get_offset(self) -> str:
            return self.inner.get_offset().replace(".", ",")

    for ax in axes:
        for axis in (ax.xaxis, ax.yaxis):
            formatter = axis.get_major_formatter()
            if not isinstance(formatter, Comma) and type(formatter).__name__ == "ScalarFormatter":
                axis.set_major_formatter(Comma(formatter))


def ngettext(singular: str, plural: str, count: int) -> str:
    """``singular`` or ``plural`` for ``count``, in the current language (with its own
    plural rule: French says "1 exemple", "0 exemple", "2 exemples")."""
    translations = _state["translations"]
    assert isinstance(translations, gettext.NullTranslations)
    return translations.ngettext(singular, plural, count)
