"""Pictures every worksheet shares: values Jupyter draws, and dice faces.

A picture is a value: Jupyter draws it (``_repr_svg_`` or ``_repr_html_``) and ``print``
or ``repr`` give its short text, so a picture in a check's output or a log stays readable.

    >>> picture = SvgPicture('<svg xmlns="http://www.w3.org/2000/svg"/>', "<Picture empty>")
    >>> picture
    <Picture empty>
    >>> side_by_side(["<svg/>", "<svg/>"]).count("inline-block")
    2
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["DICE_FACES", "HtmlPicture", "SvgPicture", "ink", "side_by_side"]

#: The six faces of a die, as Unicode characters (index 0 is the face with one pip).
DICE_FACES = "⚀⚁⚂⚃⚄⚅"


@dataclass(frozen=True)
class HtmlPicture:
    """HTML for Jupyter, with a plain-text version for ``print`` and ``repr``."""

    html: str
    text: str

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


@dataclass(frozen=True)
class SvgPicture:
    """SVG text for Jupyter, with a plain-text version for ``print`` and ``repr``."""

    svg: str
    text: str

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def side_by_side(pictures: Iterable[str]) -> str:
    """HTML that lays pictures (SVG or HTML text) out in one row."""
    cells = "".join(
        f'<div style="display:inline-block;margin:0 12px 8px 0;vertical-align:top">{picture}</div>'
        for picture in pictures
    )
    return f"<div>{cells}</div>"


def _luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2.1)."""
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink(background: str) -> str:
    """The text colour, black or white, that contrasts most with ``background`` (``#rrggbb``).

        >>> ink("#ffe002"), ink("#186800")
        ('#000000', '#ffffff')
    """
    light = _luminance(background)
    return "#000000" if (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) else "#ffffff"
