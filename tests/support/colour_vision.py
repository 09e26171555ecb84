"""The palettes of the pictures as people with a colour vision deficiency see them.

``smallest_distance(colours, vision)`` is the smallest CAM02-UCS distance between two
colours of a palette once simulated (colorspacious: protanopia, deuteranopia and
tritanopia at full severity); ``contrast(a, b)`` is the WCAG 2.1 contrast ratio of two
colours. The test extra installs colorspacious; benchmarks/bench_palettes.py prints the
numbers, tests/worksheets/test_palettes.py keeps their thresholds.
"""

from __future__ import annotations

import itertools

VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")


def rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as three channels from 0 to 255."""
    colour = colour.lstrip("#")
    return tuple(int(colour[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def seen(colour: str, vision: str) -> tuple[float, float, float]:
    """``colour`` as seen with ``vision`` (sRGB, 0 to 255, clipped)."""
    from colorspacious import cspace_convert

    if vision == "normal":
        return rgb(colour)
    # colorspacious names the deficiencies by their mild forms; severity 100 is the -opia
    space = {"name": "sRGB1+CVD", "cvd_type": vision.replace("opia", "omaly"), "severity": 100}
    simulated = cspace_convert([c / 255 for c in rgb(colour)], space, "sRGB1")
    return tuple(min(255.0, max(0.0, float(c) * 255)) for c in simulated)  # type: ignore[return-value]


def distance(a: str, b: str, vision: str = "normal") -> float:
    """The CAM02-UCS distance of ``a`` and ``b`` as seen with ``vision``."""
    from colorspacious import deltaE

    return float(deltaE(seen(a, vision), seen(b, vision), input_space="sRGB255", uniform_space="CAM02-UCS"))


def smallest_distance(palette: dict[str, str], vision: str) -> tuple[float, str, str]:
    """The closest two colours of ``palette`` (names to colours) seen with ``vision``:
    their distance and their names."""
    return min((distance(palette[a], palette[b], vision), a, b) for a, b in itertools.combinations(palette, 2))


def luminance(colour: str) -> float:
    """The relative luminance of WCAG 2.1."""
    def channel(value: float) -> float:
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG 2.1 contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def palettes() -> dict[str, dict[str, str]]:
    """Every palette whose colours carry a meaning in the pictures."""
    from exercises.dominations.model import COLORS, TERRAINS
    from exercises.dominations.pictures import PLAYER_COLORS
    from exercises.tchu.pictures import CARD_RGB, COLOR_RGB, PLAYER_RGB

    return {
        "Kingdomino terrains": {terrain: COLORS[terrain] for terrain in TERRAINS},
        "Kingdomino players": dict(zip(("pink", "yellow", "green", "blue"), PLAYER_COLORS)),
        "tCHu routes": {(c.name.lower() if c else "neutral"): rgb_ for c, rgb_ in COLOR_RGB.items()},
        "tCHu cards": {card.name.lower(): rgb_ for card, rgb_ in CARD_RGB.items()},
        "tCHu players": {pid.name.lower(): rgb_ for pid, rgb_ in PLAYER_RGB.items()},
    }


def text_pairs() -> dict[str, tuple[str, str]]:
    """The text and background colours of the pictures and widgets (name: (text, background))."""
    from exercises.display import ink
    from exercises.dominations.model import COLORS
    from exercises.jass.pictures import BLACK, RED
    from exercises.tchu.pictures import CARD_RGB, card_text_rgb

    pairs = {f"tCHu card {card.name.lower()}": (card_text_rgb(card), rgb_) for card, rgb_ in CARD_RGB.items()}
    pairs.update({f"Kingdomino {terrain} letter": (ink(colour), colour) for terrain, colour in COLORS.items()})
    pairs.update({"Jass red suit": (RED, "#ffffff"), "Jass black suit": (BLACK, "#ffffff"),
                  "Jass best meld set": (BLACK, "#fff4c2")})
    return pairs
