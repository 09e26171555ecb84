"""The public check of notebook 00's warm-up exercise, ``count_pips``."""

from __future__ import annotations

from collections.abc import Callable

from ..checks import CheckResult, check, generated, table
from ..i18n import _

__all__ = ["check_count_pips"]


def check_count_pips(count_pips: Callable[[list[int]], int]) -> CheckResult:
    """Check the warm-up exercise ``count_pips(dice)``."""
    return check(
        "start.count_pips",
        [
            *table(
                [
                    ("count_pips([4, 2, 1])", 7),
                    ("count_pips([6, 6, 6])", 18),
                    ("count_pips([3])", 3),
                    ("count_pips([])", 0, _("No dice show no pips.")),
                ],
                {"count_pips": count_pips},
            ),
            *generated("start.count_pips", {"count_pips": count_pips},
                       hint=_("Add every die of the list, the first and the last included.")),
        ],
    )
