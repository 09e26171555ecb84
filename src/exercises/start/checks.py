"""The public check of notebook 00's warm-up exercise, ``count_pips``."""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import _
from ..checks import CheckResult, Example, check, generated

__all__ = ["check_count_pips"]


def check_count_pips(count_pips: Callable[[list[int]], int]) -> CheckResult:
    """Check the warm-up exercise ``count_pips(dice)``."""
    return check(
        "start.count_pips",
        [
            Example("count_pips([4, 2, 1])", lambda: count_pips([4, 2, 1]), 7),
            Example("count_pips([6, 6, 6])", lambda: count_pips([6, 6, 6]), 18),
            Example("count_pips([3])", lambda: count_pips([3]), 3),
            Example(
                "count_pips([])", lambda: count_pips([]), 0, hint=_("No dice show no pips.")
            ),
            *generated("start.count_pips", {"count_pips": count_pips},
                       hint=_("Add every die of the list, the first and the last included.")),
        ],
    )
