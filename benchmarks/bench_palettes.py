"""How far apart the pictures' colours stay for people with a colour vision deficiency.

    python benchmarks/bench_palettes.py

For every palette whose colours carry a meaning (Kingdomino terrains and players, tCHu
route and card colours, tCHu players): the smallest CAM02-UCS distance between two of its
colours with normal vision and under simulated protanopia, deuteranopia and tritanopia
(colorspacious, full severity), and which two colours they are. Then the WCAG 2.1
contrast ratio of each text colour on its background. Numbers, not a pass/fail test
(tests/worksheets/test_palettes.py keeps the thresholds). Needs the test extra (colorspacious).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from support.colour_vision import VISIONS, contrast, palettes, smallest_distance, text_pairs  # noqa: E402


def main() -> None:
    print("Smallest CAM02-UCS distance between two colours of a palette (the closest pair)")
    print(f"{'palette':<22}" + "".join(f"{vision:>30}" for vision in VISIONS))
    for name, palette in palettes().items():
        cells = []
        for vision in VISIONS:
            gap, first, second = smallest_distance(palette, vision)
            cells.append(f"{gap:5.1f} ({first}/{second})")
        print(f"{name:<22}" + "".join(f"{cell:>30}" for cell in cells))
    print("\nWCAG 2.1 contrast ratio of text on its background (AA: 4.5 or more)")
    for name, (text, background) in text_pairs().items():
        print(f"  {name:<28} {text} on {background}: {contrast(text, background):5.2f}")


if __name__ == "__main__":
    main()
