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


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` for a message of ``context`` (the same English, said otherwise)."""
    translations = _state["translations"]
    assert isinstance(translations, gettext.NullTranslations)
    return translations.npgettext(context, singular, plural, count)


def ngettext(singular: str, plural: str, count: int) -> str:
    """``singular`` or ``plural`` for ``count``, in the current language (with its own
    plural rule: French says "1 exemple", "0 exemple", "2 exemples")."""
    translations = _state["translations"]
    assert isinstance(translations, gettext.NullTranslations)
    return translations.ngettext(singular, plural, count)
