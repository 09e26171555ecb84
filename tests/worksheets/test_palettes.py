"""The pictures' colours for people with a colour vision deficiency, and their text contrast.

Every palette whose colours carry a meaning (Kingdomino terrains and players, tCHu route
and card colours, tCHu players) keeps its two closest colours at least ``MIN_DISTANCE``
apart in CAM02-UCS under simulated protanopia, deuteranopia and tritanopia (colorspacious;
benchmarks/bench_palettes.py prints the numbers). Text on a coloured background (tCHu
cards, Kingdomino squares' letters, Jass cards) has a WCAG 2.1 contrast of at least 4.5:1.
"""

from __future__ import annotations

import pytest

from support.colour_vision import VISIONS, contrast, distance, palettes, smallest_distance, text_pairs

pytest.importorskip("colorspacious", reason="the test extra is not installed (pip install -e '.[test]')")

#: The smallest CAM02-UCS distance between two colours of a palette, whatever the vision
#: (the palettes' closest pair was 5.0 apart under protanopia before they were chosen again).
MIN_DISTANCE = 14.0
#: WCAG 2.1 AA, normal text.
MIN_CONTRAST = 4.5


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", sorted(palettes()))
def test_every_palette_is_told_apart(name, vision):
    gap, first, second = smallest_distance(palettes()[name], vision)
    assert gap >= MIN_DISTANCE, f"{name}, {vision}: {first} and {second} are {gap:.1f} apart"


def test_the_measure_tells_close_colours_from_far_ones():
    assert distance("#ff0000", "#ff0000", "protanopia") == pytest.approx(0, abs=1e-6)
    # red and green, far apart with normal vision, come close under deuteranopia
    assert distance("#d62728", "#2ca02c") > 2 * distance("#d62728", "#2ca02c", "deuteranopia")
    assert distance("#000000", "#ffffff", "tritanopia") > 90


@pytest.mark.parametrize("name", sorted(text_pairs()))
def test_text_contrasts_with_its_background(name):
    text, background = text_pairs()[name]
    assert contrast(text, background) >= MIN_CONTRAST, f"{name}: {contrast(text, background):.2f}"


def test_contrast_is_the_wcag_ratio():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#ffffff", "#777777") == contrast("#777777", "#ffffff")
