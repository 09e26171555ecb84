"""Public checks of worksheet 5, one per exercise: a few examples each, run on the student's code."""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable
from typing import Any

from ..checks import CheckResult, Example, check
from .tiles import DOMINOS_CSV, Domino, Square

__all__ = [
    "check_load_dominos",
    "check_placement",
    "check_legal_placements",
    "check_properties",
    "check_score",
    "check_ranking",
    "check_greedy",
    "check_game",
]

HEADER = "number,terrain1,crowns1,terrain2,crowns2"


def _d(number: int, first: str, second: str) -> Domino:
    """A domino from two squares written as text: ``_d(19, "W1", "F0")``."""
    return Domino(number, Square.from_text(first), Square.from_text(second))


def _error_of(call: Callable[[], Any]) -> str:
    """The message of the ValueError raised by ``call`` (other exceptions pass through)."""
    try:
        call()
    except ValueError as error:
        return str(error)
    return "no ValueError"


def _with_csv(lines: list[str], load: Callable[[str], Any]) -> Callable[[], Any]:
    """A call that writes ``lines`` to a temporary CSV file and loads it."""

    def call() -> Any:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "dominos.csv")
            with open(path, "w", encoding="utf-8") as file:
                file.write("\n".join(lines) + "\n")
            return load(path)

    return call


def _official_lines() -> list[str]:
    with open(DOMINOS_CSV, encoding="utf-8") as file:
        return file.read().splitlines()


def check_load_dominos(load_dominos: Callable[[str], list[Any]]) -> CheckResult:
    """Check ``load_dominos(path)`` on the real file and on broken copies of it."""
    lines = _official_lines()
    bad_terrain = lines[:7] + ["7,wheat,0,desert,0"] + lines[8:]
    bad_crowns = lines[:3] + ["3,forest,0,forest,4"] + lines[4:]
    return check(
        "dominations.load",
        [
            Example("len(load_dominos(DOMINOS_CSV))", lambda: len(load_dominos(DOMINOS_CSV)), 48),
            Example(
                "[d.number for d in load_dominos(DOMINOS_CSV)]",
                lambda: [d.number for d in load_dominos(DOMINOS_CSV)],
                list(range(1, 49)),
            ),
            Example(
                "load_dominos(DOMINOS_CSV)[47]",
                lambda: load_dominos(DOMINOS_CSV)[47],
                _d(48, "W0", "M3"),
            ),
            Example(
                "total crowns of load_dominos(DOMINOS_CSV)",
                lambda: sum(d.first.crowns + d.second.crowns for d in load_dominos(DOMINOS_CSV)),
                39,
            ),
            Example(
                "a file whose line 8 has the terrain 'desert'",
                lambda: "line 8" in _error_of(_with_csv(bad_terrain, load_dominos)),
                True,
                hint="Raise ValueError with 'line 8' in its message (line 1 is the header).",
            ),
            Example(
                "a file whose line 4 has 4 crowns",
                lambda: "line 4" in _error_of(_with_csv(bad_crowns, load_dominos)),
                True,
                hint="A square has 0 to 3 crowns.",
            ),
            Example(
                "a file with 47 dominos",
                _with_csv(lines[:-1], load_dominos),
                raises=ValueError,
            ),
        ],
    )


def check_placement(Kingdom: Any, Domino: Any = Domino) -> CheckResult:
    """Check ``Kingdom.can_place`` and ``Kingdom.place``, one example per rule."""
    wheat_forest = _d(13, "W0", "F0")
    water = _d(31, "L1", "L0")

    def placed(text: str, domino: Domino, first: tuple, second: tuple) -> str:
        kingdom = Kingdom.from_text(text)
        kingdom.place(domino, first, second)
        return kingdom.to_text()

    def refused_and_unchanged(text: str, domino: Domino, first: tuple, second: tuple) -> bool:
        kingdom = Kingdom.from_text(text)
        try:
            kingdom.place(domino, first, second)
        except ValueError:
            return kingdom.to_text() == Kingdom.from_text(text).to_text()
        return False

    return check(
        "dominations.placement",
        [
            Example(
                "Kingdom().can_place(#13 W0 F0, (4, 5), (4, 6))",
                lambda: Kingdom().can_place(wheat_forest, (4, 5), (4, 6)),
                True,
                hint="Any terrain may touch the castle.",
            ),
            Example(
                "placing #13 W0 F0 on (4, 5), (4, 6): to_text()",
                lambda: placed("C0", wheat_forest, (4, 5), (4, 6)),
                "C0 W0 F0",
            ),
            Example(
                "placing #13 W0 F0 turned: first on (3, 4), second above it on (2, 4)",
                lambda: placed("C0", wheat_forest, (3, 4), (2, 4)),
                "F0\nW0\nC0",
            ),
            Example(
                "'C0 W0' + #31 L1 L0 on (4, 6), (4, 7) (water touches only wheat)",
                lambda: Kingdom.from_text("C0 W0").can_place(water, (4, 6), (4, 7)),
                False,
            ),
            Example(
                "'C0 W0' + #13 W0 F0 on (3, 5), (3, 6) (wheat on wheat)",
                lambda: Kingdom.from_text("C0 W0").can_place(wheat_forest, (3, 5), (3, 6)),
                True,
            ),
            Example(
                "'C0 W0' + #13 on (4, 5), (3, 5) (square (4, 5) is taken)",
                lambda: refused_and_unchanged("C0 W0", wheat_forest, (4, 5), (3, 5)),
                True,
                hint="place raises ValueError and changes nothing.",
            ),
            Example(
                "Kingdom().place(#13, (4, 5), (4, 7)) (halves not neighbours)",
                lambda: refused_and_unchanged("C0", wheat_forest, (4, 5), (4, 7)),
                True,
            ),
            Example(
                "'W0 C0 W0 W0 W0' + #13 W0 F0 on (4, 8), (3, 8) (6 columns wide)",
                lambda: refused_and_unchanged("W0 C0 W0 W0 W0", wheat_forest, (4, 8), (3, 8)),
                True,
                hint="The kingdom, castle included, must fit in 5x5.",
            ),
        ],
    )


FULL_WHEAT = "\n".join(["W0 W0 W0 W0 W0"] * 2 + ["W0 W0 C0 W0 W0"] + ["W0 W0 W0 W0 W0"] * 2)


def check_legal_placements(Kingdom: Any, Domino: Any = Domino) -> CheckResult:
    """Check ``Kingdom.legal_placements`` and ``Kingdom.is_full``."""
    full = FULL_WHEAT
    return check(
        "dominations.legal",
        [
            Example(
                "len(Kingdom().legal_placements(#13 W0 F0))",
                lambda: len(Kingdom().legal_placements(_d(13, "W0", "F0"))),
                24,
                hint="4 squares touch the castle, 3 ways to lay a domino from each, 2 ways round.",
            ),
            Example(
                "sorted(Kingdom.from_text('L0 C0').legal_placements(#31 L1 L0))[:2]",
                lambda: sorted(Kingdom.from_text("L0 C0").legal_placements(_d(31, "L1", "L0")))[:2],
                [((2, 3), (3, 3)), ((2, 4), (3, 4))],
            ),
            Example("Kingdom().is_full()", lambda: Kingdom().is_full(), False),
            Example("a complete 5x5 kingdom is_full()", lambda: Kingdom.from_text(full).is_full(), True),
            Example(
                "a complete kingdom's legal_placements(#13)",
                lambda: list(Kingdom.from_text(full).legal_placements(_d(13, "W0", "F0"))),
                [],
            ),
        ],
    )


EXAMPLE = "W0 W1 F0 F1\nW0 C0 F0 ..\nS0 S0 L2 L0"


def check_properties(Kingdom: Any) -> CheckResult:
    """Check ``Kingdom.property_of`` and ``Kingdom.crown_map``."""
    return check(
        "dominations.properties",
        [
            Example(
                f"sorted(Kingdom.from_text({EXAMPLE!r}).property_of((3, 3)))",
                lambda: sorted(Kingdom.from_text(EXAMPLE).property_of((3, 3))),
                [(3, 3), (3, 4), (4, 3)],
            ),
            Example(
                "sorted(... .property_of((3, 5)))  (the forest)",
                lambda: sorted(Kingdom.from_text(EXAMPLE).property_of((3, 5))),
                [(3, 5), (3, 6), (4, 5)],
            ),
            Example(
                "... .property_of((4, 4))  (the castle)",
                lambda: list(Kingdom.from_text(EXAMPLE).property_of((4, 4))),
                [],
            ),
            Example(
                "... .crown_map()[3][3:7]",
                lambda: list(Kingdom.from_text(EXAMPLE).crown_map()[3][3:7]),
                [1, 1, 1, 1],
            ),
            Example(
                "... .crown_map()[5][3:7]",
                lambda: list(Kingdom.from_text(EXAMPLE).crown_map()[5][3:7]),
                [0, 0, 2, 2],
            ),
        ],
    )


def check_score(Kingdom: Any) -> CheckResult:
    """Check ``Kingdom.score`` with and without the bonuses."""
    full = "\n".join(["F1 F0 W0 W0 W0", "F0 F0 W1 W0 W0", "L1 L0 C0 W0 W0", "L0 L0 G0 G2 G0", "M2 M0 S0 S0 S1"])
    return check(
        "dominations.score",
        [
            Example(f"Kingdom.from_text({EXAMPLE!r}).score()", lambda: Kingdom.from_text(EXAMPLE).score(), 10),
            Example("Kingdom().score()", lambda: Kingdom().score(), 0),
            Example(
                "Kingdom().score(middle_kingdom=True)",
                lambda: Kingdom().score(middle_kingdom=True),
                10,
            ),
            Example(
                "Kingdom.from_text('C0 W1 W0 W0').score(middle_kingdom=True)  (castle off-centre)",
                lambda: Kingdom.from_text("C0 W1 W0 W0").score(middle_kingdom=True),
                3,
            ),
            Example(
                "a complete kingdom, castle in the middle, both bonuses",
                lambda: Kingdom.from_text(full).score(middle_kingdom=True, harmony=True),
                4 * 1 + 8 * 1 + 4 * 1 + 3 * 2 + 2 * 2 + 3 * 1 + 10 + 5,
            ),
        ],
    )


def check_ranking(Kingdom: Any, ranking: Callable[..., Any]) -> CheckResult:
    """Check ``largest_property``, ``crowns`` and ``ranking`` with its tie-breaks."""
    a = "W1 W0 W0 C0"  # 3 points, largest 3, 1 crown
    b = "W1 C0 F1 F0"  # 1 + 2 = 3 points, largest 2
    c = "C0 L3"  # 3 points, largest 1, 3 crowns
    d = "C0 G1 G0"  # 2 points
    return check(
        "dominations.ranking",
        [
            Example(f"Kingdom.from_text({a!r}).largest_property()", lambda: Kingdom.from_text(a).largest_property(), 3),
            Example(f"Kingdom.from_text({b!r}).crowns()", lambda: Kingdom.from_text(b).crowns(), 2),
            Example(
                f"ranking of {[a, d]}",
                lambda: ranking([Kingdom.from_text(a), Kingdom.from_text(d)]),
                [[0], [1]],
            ),
            Example(
                f"ranking of {[d, b, a]}  (3 points each for b and a: larger property wins)",
                lambda: ranking([Kingdom.from_text(d), Kingdom.from_text(b), Kingdom.from_text(a)]),
                [[2], [1], [0]],
            ),
            Example(
                f"ranking of {[a, a]}  (shared victory)",
                lambda: ranking([Kingdom.from_text(a), Kingdom.from_text(a)]),
                [[0, 1]],
            ),
            Example(
                f"ranking of {[b, c]} (3 points each; then largest property 2 > 1)",
                lambda: ranking([Kingdom.from_text(b), Kingdom.from_text(c)]),
                [[0], [1]],
            ),
        ],
    )


def check_greedy(greedy_placement: Callable[..., Any], greedy_choice: Callable[..., Any], Kingdom: Any) -> CheckResult:
    """Check the greedy AI: best score now, ties toward the castle."""
    kingdom_text = "W1 C0"

    def unchanged() -> bool:
        kingdom = Kingdom.from_text(kingdom_text)
        greedy_placement(kingdom, _d(20, "W1", "F0"))
        greedy_choice(kingdom, [_d(3, "F0", "F0"), _d(22, "W1", "L0")], _d(20, "W1", "F0"))
        return kingdom.to_text() == kingdom_text

    return check(
        "dominations.greedy",
        [
            Example(
                "greedy_placement(Kingdom(), #1 W0 W0)  (all score 0: closest, then smallest)",
                lambda: greedy_placement(Kingdom(), _d(1, "W0", "W0")),
                ((2, 4), (3, 4)),
                hint="The closest placements have distance 1 + 2 = 3; then the smallest "
                "(first, second) tuple wins.",
            ),
            Example(
                f"greedy_placement(Kingdom.from_text({kingdom_text!r}), #20 W1 F0)",
                lambda: greedy_placement(Kingdom.from_text(kingdom_text), _d(20, "W1", "F0")),
                ((3, 3), (3, 4)),
                hint="Wheat next to wheat scores 2 squares x 2 crowns = 4; of those placements, "
                "take the closest to the castle.",
            ),
            Example(
                "greedy_placement(a complete kingdom, #31 L1 L0)",
                lambda: greedy_placement(Kingdom.from_text(FULL_WHEAT), _d(31, "L1", "L0")),
                None,
            ),
            Example(
                f"greedy_choice(Kingdom.from_text({kingdom_text!r}), [#3 F0 F0, #22 W1 L0], None).number",
                lambda: greedy_choice(
                    Kingdom.from_text(kingdom_text), [_d(3, "F0", "F0"), _d(22, "W1", "L0")], None
                ).number,
                22,
            ),
            Example(
                "neither function changes the kingdom", unchanged, True,
                hint="Try placements on kingdom.copy().",
            ),
        ],
    )


def check_game(Game: Any) -> CheckResult:
    """Check the set-up of ``Game`` and a whole game played with the first legal move."""

    def first_moves_game(players: int) -> Any:
        game = Game(players, random.Random(5))
        for _ in range(200):
            if game.is_over():
                break
            game.play(game.legal_moves()[0])
        return game

    def squares(kingdom: Any) -> int:
        return sum(cell not in ("..", "C0") for cell in kingdom.to_text().split())

    return check(
        "dominations.game",
        [
            Example("len(Game(4, random.Random(5)).kings)", lambda: len(Game(4, random.Random(5)).kings), 4),
            Example("len(Game(2, random.Random(5)).kings)", lambda: len(Game(2, random.Random(5)).kings), 4),
            Example("len(Game(3, random.Random(5)).line)", lambda: len(Game(3, random.Random(5)).line), 3),
            Example(
                "numbers of Game(4, random.Random(5)).line are sorted",
                lambda: (lambda n: n == sorted(n))([d.number for d in Game(4, random.Random(5)).line]),
                True,
            ),
            Example(
                "the opening's moves have no placement",
                lambda: {placement for _, placement in Game(4, random.Random(5)).legal_moves()},
                {None},
            ),
            Example(
                "Game(1, random.Random(5))",
                lambda: Game(1, random.Random(5)),
                raises=ValueError,
            ),
            Example(
                "a 4-player game played with legal_moves()[0] ends",
                lambda: first_moves_game(4).is_over(),
                True,
            ),
            Example(
                "squares placed in each kingdom of that game (at most 24 each)",
                lambda: all(squares(k) <= 24 for k in first_moves_game(4).kingdoms),
                True,
            ),
        ],
    )
