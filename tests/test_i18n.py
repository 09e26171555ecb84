"""exercises.i18n: the package's language, chosen by the notebook."""

from __future__ import annotations

import io

import pytest

import exercises
from exercises import i18n


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def compiled_catalog(folder, language, pairs):
    """A tiny compiled catalog ``exercises.mo`` for ``language`` under ``folder``."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale=language)
    for english, translated in pairs.items():
        catalog.add(english, translated)
    target = folder / language / "LC_MESSAGES"
    target.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    (target / "exercises.mo").write_bytes(buffer.getvalue())
    return folder


def test_the_package_speaks_english_by_default():
    assert exercises.get_language() == "en"
    assert i18n._("not implemented yet") == "not implemented yet"


def test_a_french_notebook_sets_french_with_one_call():
    exercises.set_language("fr")
    assert exercises.get_language() == "fr"


def test_a_message_comes_from_the_catalog_of_the_language(tmp_path):
    folder = compiled_catalog(tmp_path, "fr", {"not implemented yet": "pas encore écrit"})
    i18n.set_language("fr", localedir=folder)
    assert i18n._("not implemented yet") == "pas encore écrit"
    assert i18n._("a message nobody translated") == "a message nobody translated"
    i18n.set_language("en", localedir=folder)
    assert i18n._("not implemented yet") == "not implemented yet"


def test_a_language_without_a_catalog_falls_back_to_english(tmp_path):
    i18n.set_language("de", localedir=tmp_path)
    assert i18n.get_language() == "de"
    assert i18n._("not implemented yet") == "not implemented yet"


@pytest.mark.parametrize("bad", ["french", "FR", "", None, "f"])
def test_a_bad_language_code_is_refused_and_changes_nothing(bad):
    i18n.set_language("fr")
    with pytest.raises(ValueError, match="two-letter code"):
        i18n.set_language(bad)
    assert i18n.get_language() == "fr"
