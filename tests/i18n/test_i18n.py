"""exercises.i18n: the package's language, chosen by the notebook."""

from __future__ import annotations

import io

import pytest

import exercises
from exercises import i18n


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


@pytest.mark.parametrize("language", sorted(i18n.STUB_SENTENCES))
def test_a_stub_sentence_of_each_language_is_recognised_with_its_exercise(language):
    sentence = i18n.stub_sentence("dominations.legal_placements", language)
    found = i18n.STUB_PATTERN.fullmatch(sentence)
    assert found and found["exercise"] == "dominations.legal_placements"


def test_the_french_stub_says_it_in_french_and_other_languages_in_english():
    assert i18n.stub_sentence("jass.meld", "fr") == "Exercice jass.meld\u202f: écrivez votre code ici."
    assert i18n.stub_sentence("jass.meld", "de") == i18n.stub_sentence("jass.meld") == (
        "Exercise jass.meld: write your code here.")
    assert not i18n.STUB_PATTERN.fullmatch("Exercise jass.meld: write your code")
    assert not i18n.STUB_PATTERN.fullmatch("Exercise meld: write your code here.")  # an id has a dot


def french_stub_of(exercise):
    def stub(*args):
        raise NotImplementedError(i18n.stub_sentence(exercise, "fr"))
    return stub


def test_a_check_and_a_widget_see_a_french_stub_as_code_not_written_yet():
    from exercises.checks import Example, Status, check
    from exercises.ui import write_first

    exercises.set_language("fr")
    result = check("start.count_pips", [Example("count_pips([1])", french_stub_of("start.count_pips"), 1)])
    assert result.status is Status.NOT_IMPLEMENTED
    other = check("start.total", [Example("total([1])", french_stub_of("start.count_pips"), 1)])
    assert other.status is Status.NOT_IMPLEMENTED and "start.count_pips" in other.lines[-1]
    try:
        french_stub_of("abapa.board")()
    except NotImplementedError as error:
        assert "(exercice abapa.board)" in write_first(error)


def test_the_grader_finds_the_exercise_of_a_french_stub():
    from course.grading.instructor.feedback import root_cause

    message = "NotImplementedError: " + i18n.stub_sentence("dice421.roll_die", "fr")
    assert "`dice421.roll_die`" in root_cause(message)


# ------------------------------------------------------------------------ numbers


NUMBERS = [(94143280, None), (10000, None), (7140, None), (49.125, 1), (0.5, 3), (-64.4, 1), (1234.5678, 2), (3, None)]


@pytest.mark.parametrize("value, decimals", NUMBERS)
def test_a_number_in_english_is_pythons_own_format(value, decimals):
    assert exercises.number(value, decimals) == (f"{value:,}" if decimals is None else f"{value:,.{decimals}f}")
    assert exercises.number(value, decimals, grouping=False) == (
        f"{value}" if decimals is None else f"{value:.{decimals}f}")


@pytest.mark.parametrize("value, decimals", NUMBERS)
def test_a_number_in_french_is_what_babel_writes_for_fr(value, decimals):
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("" if not decimals else "." + "0" * decimals)
    exercises.set_language("fr")
    assert exercises.number(value, decimals) == format_decimal(value, format=pattern, locale="fr")


@pytest.mark.parametrize("value, decimals", [(0.2768, 2), (0.8333, 2), (1, 0), (0.055, 1), (0.0, 0), (0.2233, 2)])
def test_a_percentage_in_each_language(value, decimals):
    from babel.numbers import format_percent

    assert exercises.percent(value, decimals) == f"{value:.{decimals}%}"
    exercises.set_language("fr")
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "") + "\u00a0%"
    assert exercises.percent(value, decimals) == format_percent(value, format=pattern, locale="fr").replace(
        "\u00a0", "\u202f")
    assert exercises.percent(value, decimals).endswith("\u202f%")


def tick_labels(language):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    exercises.set_language(language)
    figure, axes = plt.subplots()
    axes.plot([0, 1], [0.0, 0.25])
    exercises.i18n.decimal_commas(axes)
    figure.canvas.draw()
    labels = [label.get_text() for label in axes.get_yticklabels()]
    plt.close(figure)
    return labels


def test_french_ticks_have_a_decimal_comma_and_english_ones_stay_as_they_are():
    english, french = tick_labels("en"), tick_labels("fr")
    assert any("." in label for label in english) and not any("," in label for label in english)
    assert french == [label.replace(".", ",") for label in english]


def test_a_league_table_writes_its_percentages_for_the_language():
    from exercises.ai import GameResult, LeagueTable

    games = [GameResult((10, 5), (0,), 30, ("a", "b")), GameResult((4, 9), (1,), 30, ("b", "a")),
             GameResult((3, 8), (1,), 30, ("a", "b"))]
    table = LeagueTable(games, ["a", "b"])
    english = str(table)
    exercises.set_language("fr")
    french = str(table)
    assert "67%" in english and "33%" in english and "\u202f" not in english
    assert "67\u202f%" in french and "33\u202f%" in french
    rows = [line.split() for line in french.replace("\u202f%", "%").splitlines()[1:]]
    assert rows == [line.split() for line in english.splitlines()[1:]]


def test_a_number_that_english_never_grouped_is_grouped_in_french_only():
    assert exercises.number(94143280, english_grouping=False) == "94143280"
    exercises.set_language("fr")
    assert exercises.number(94143280, english_grouping=False) == "94\u202f143\u202f280"
