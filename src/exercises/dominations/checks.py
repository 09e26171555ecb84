"""Public checks of worksheet 5, one per exercise: a few examples each, run on the student's code."""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from ..checks import CheckResult, Example, Status, check, generated, observed, table
from ..i18n import _
from .model import DOMINOS_CSV, TERRAINS, Domino, Square

__all__ = [
    "check_load_dominos",
    "check_placement",
    "check_legal_placements",
    "check_properties",
    "check_score",
    "check_ranking",
    "check_greedy",
    "check_game_setup",
    "check_game_turn",
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
    return _("no ValueError")


def _with_csv(lines: list[str], load: Callable[[str], Any]) -> Callable[[], Any]:
    """A call that writes ``lines`` to a temporary CSV file and loads it."""

    def call() -> Any:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "dominos.csv")
            with open(path, "w", encoding="utf-8") as file:
                file.write("\n".join(lines) + "\n")
            return load(path)

    return call


def _loaded_again(load: Callable[[str], Any], lines: list[str], broken: list[str]) -> str:
    """The error of loading a file again after it changed from ``lines`` to ``broken`` (the same path)."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "dominos.csv")
        for text in (lines, broken):
            with open(path, "w", encoding="utf-8") as file:
                file.write("\n".join(text) + "\n")
            message = _error_of(lambda: load(path))
    return message


def _official_lines() -> list[str]:
    with open(DOMINOS_CSV, encoding="utf-8") as file:
        return file.read().splitlines()


#: The methods that the cells after the ``Kingdom`` class add to it, exercise by exercise.
KINGDOM_LEGAL = ("legal_placements", "is_full")
KINGDOM_PROPERTIES = (*KINGDOM_LEGAL, "property_of", "crown_map")
KINGDOM_SCORE = (*KINGDOM_PROPERTIES, "score")
KINGDOM_RANKING = (*KINGDOM_SCORE, "largest_property", "crowns")
#: The methods that the cells after the ``Game`` class add to it.
GAME_TURN = ("legal_moves", "problem", "play")
GAME_END = (*GAME_TURN, "next_round", "is_over", "score", "ranking")


def _stale(exercise: str, name: str, cls: Any, methods: tuple[str, ...]) -> CheckResult | None:
    """A failed check naming the first of ``methods`` that ``cls`` lacks (None if it has them all).

    Re-running a class cell makes a new class: the methods that later cells added to the
    old one are gone, and every call to them would fail with an AttributeError.
    """
    missing = [method for method in methods if not hasattr(cls, method)]
    if not missing:
        return None
    return CheckResult(exercise, Status.FAILED, [
        _("Checking {exercise}").format(exercise=exercise),
        "  ✗ " + _("{name} has no method {method}: run the cells after the {name} class again.").format(
            name=name, method=missing[0]),
    ], total=1)


def check_load_dominos(load_dominos: Callable[[str], list[Any]]) -> CheckResult:
    """Check ``load_dominos(path)`` on the real file and on broken copies of it."""
    lines = _official_lines()

    def changed(index: int, line: str) -> list[str]:
        return lines[:index] + [line] + lines[index + 1:]

    def message(broken: list[str]) -> Callable[[], str]:
        return lambda: _error_of(_with_csv(broken, load_dominos))

    def names(line: int) -> Callable[[str, Any], bool]:
        # "ligne 11" is what the French worksheet asks for
        return lambda got, _: f"line {line}" in got or f"ligne {line}" in got

    def naming(description: str, broken: list[str], line: int, hint: str = "") -> Example:
        """The message of the ValueError that loading ``broken`` raises names ``line``."""
        return Example(description, message(broken), _("a ValueError whose message names line {line}").format(
            line=line), compare=names(line), hint=hint)

    return check(
        "dominations.load",
        [
            Example(
                "type(load_dominos(DOMINOS_CSV)).__name__",
                lambda: type(load_dominos(DOMINOS_CSV)).__name__,
                "list",
            ),
            Example("len(load_dominos(DOMINOS_CSV))", lambda: len(load_dominos(DOMINOS_CSV)), 48),
            Example(
                "[d.number for d in load_dominos(DOMINOS_CSV)]",
                lambda: [d.number for d in load_dominos(DOMINOS_CSV)],
                list(range(1, 49)),
            ),
            Example(
                _("load_dominos(DOMINOS_CSV)[47]  (the first half is terrain1, crowns1)"),
                lambda: load_dominos(DOMINOS_CSV)[47],
                _d(48, "W0", "M3"),
            ),
            Example(
                "[str(d) for d in load_dominos(DOMINOS_CSV)][16:20]",
                lambda: [str(d) for d in load_dominos(DOMINOS_CSV)][16:20],
                ["#17 F0 L0", "#18 F0 G0", "#19 W1 F0", "#20 W1 L0"],
                hint=_("Keep the halves in the order of the file: terrain1, crowns1 first."),
            ),
            Example(
                _("total crowns of load_dominos(DOMINOS_CSV)"),
                lambda: sum(d.first.crowns + d.second.crowns for d in load_dominos(DOMINOS_CSV)),
                39,
            ),
            Example(
                _("squares per terrain in load_dominos(DOMINOS_CSV)"),
                lambda: {t: sum((d.first.terrain == t) + (d.second.terrain == t)
                                for d in load_dominos(DOMINOS_CSV)) for t in TERRAINS},
                {"wheat": 26, "forest": 22, "water": 18, "grassland": 14, "swamp": 10, "mine": 6},
            ),
            Example(
                _("load_dominos(a copy of the file whose line 2 is '1,forest,2,swamp,0')[0]"),
                lambda: _with_csv(changed(1, "1,forest,2,swamp,0"), load_dominos)()[0],
                _d(1, "F2", "S0"),
                hint=_("Read the file at `path`, not DOMINOS_CSV."),
            ),
            Example(
                _("[d.number for d in load_dominos(a copy of the file with its dominos in reverse order)][:3]"),
                lambda: [d.number for d in _with_csv([lines[0], *reversed(lines[1:])], load_dominos)()][:3],
                [48, 47, 46],
                hint=_("Return the dominos in the order of the file's lines, not sorted by number."),
            ),
            naming(_("a file whose header has 4 columns"), changed(0, "number,terrain1,crowns1,terrain2"), 1,
                   hint=_("Line 1 is the header: check its five columns too.")),
            naming(_("a file whose line 2, the first domino, has the terrain 'desert'"),
                   changed(1, "1,wheat,0,desert,0"), 2,
                   hint=_("Number the lines as the file does: line 1 is the header, line 2 the first "
                          "domino (enumerate(rows, start=1)).")),
            naming(_("a file whose line 11 is '10,forest,0,forest' (4 columns)"), changed(10, "10,forest,0,forest"), 11,
                   hint=_("Check that each line has five columns before reading it.")),
            naming(_("a file whose line 8 has the terrain 'desert'"), changed(7, "7,wheat,0,desert,0"), 8,
                   hint=_("Raise ValueError with 'line 8' in its message (line 1 is the header).")),
            naming(_("a file whose line 31 has the terrain 'castle'"), changed(30, "30,castle,0,wheat,0"), 31,
                   hint=_("The castle is no terrain of a domino: only the six of TERRAINS are.")),
            naming(_("a file whose line 4 has 4 crowns"), changed(3, "3,forest,0,forest,4"), 4,
                   hint=_("A square has 0 to 3 crowns.")),
            naming(_("a file whose line 3 has -1 crowns"), changed(2, "2,wheat,-1,wheat,0"), 3,
                   hint=_("A square has 0 to 3 crowns: -1 is too few.")),
            naming(_("a file whose line 45 has the crowns 'one'"), changed(44, "44,wheat,one,mine,0"), 45,
                   hint=_("Crowns are a whole number: say which line is wrong rather than let int() fail.")),
            naming(_("a file whose line 6 has the number 'x5'"), changed(5, "x5,wheat,0,forest,0"), 6,
                   hint=_("A domino's number is a whole number: say which line is wrong rather than let int() fail.")),
            Example(
                _("load_dominos(a copy of the file whose line 4 is '03,forest,01,forest,0')[2]"),
                lambda: _with_csv(changed(3, "03,forest,01,forest,0"), load_dominos)()[2],
                _d(3, "F1", "F0"),
                hint=_("03 is a whole number written with digits: 3, and 01 is one crown."),
            ),
            naming(_("a file whose line 4 has the number '+3'"), changed(3, "+3,forest,0,forest,0"), 4,
                   hint=_("A whole number is written with the digits 0 to 9 only: no sign, no point. "
                          "Test the text (number.isdigit()) before converting it.")),
            naming(_("a file whose line 4 has the crowns '+1'"), changed(3, "3,forest,+1,forest,0"), 4,
                   hint=_("A whole number is written with the digits 0 to 9 only: no sign, no point. "
                          "Test the text (crowns.isdigit()) before converting it.")),
            naming(_("a file with 47 dominos (ends on line 48)"), lines[:-1], 48,
                   hint=_("Name the last line of the file when there are not 48 dominos.")),
            naming(_("a file with 49 dominos (ends on line 50)"), lines + ["49,wheat,0,wheat,0"], 50),
            *observed([(_("a file loaded, then changed to have the number '+3' on line 4 and loaded again"),
                        _loaded_again, (lines, changed(3, "+3,forest,0,forest,0")),
                        _("a ValueError whose message names line 4"),
                        _("Read the file at every call: it may have changed since the last one."))],
                      load_dominos, compare=names(4)),
        ],
    )


def check_placement(Kingdom: Any, Domino: Any = Domino) -> CheckResult:
    """Check ``Kingdom.can_place`` and ``Kingdom.place``, one example per rule."""
    wheat_forest = _d(13, "W0", "F0")
    water = _d(31, "L1", "L0")
    wheat = _d(1, "W0", "W0")

    def placed(text: str, domino: Domino, first: tuple[int, int], second: tuple[int, int], size: int = 5) -> Any:
        kingdom = Kingdom.from_text(text, size)
        kingdom.place(domino, first, second)
        return kingdom.to_text()

    def refused(text: str, domino: Domino, first: tuple[int, int], second: tuple[int, int], size: int = 5) -> str:
        """What happens: 'refused, unchanged' when can_place says False and place raises."""
        kingdom = Kingdom.from_text(text, size)
        if kingdom.can_place(domino, first, second) is not False:
            return _("can_place does not say False")
        try:
            kingdom.place(domino, first, second)
        except ValueError:
            if kingdom.to_text() != Kingdom.from_text(text, size).to_text():
                return _("place raised ValueError but changed the kingdom")
            return _("refused, unchanged")
        return _("place did not raise ValueError")

    no = _("refused, unchanged")
    return check(
        "dominations.placement",
        [
            Example(
                "Kingdom().can_place(#13 W0 F0, (4, 5), (4, 6))",
                lambda: Kingdom().can_place(wheat_forest, (4, 5), (4, 6)),
                True,
                hint=_("Any terrain may touch the castle."),
            ),
            Example(
                _("Kingdom().can_place(#31 L1 L0, (4, 2), (4, 3))  (only the second half touches the castle)"),
                lambda: Kingdom().can_place(water, (4, 2), (4, 3)),
                True,
                hint=_("Either half may be the one that touches."),
            ),
            Example(
                _("placing #13 W0 F0 on (4, 5), (4, 6): to_text()"),
                lambda: placed("C0", wheat_forest, (4, 5), (4, 6)),
                "C0 W0 F0",
            ),
            Example(
                _("placing #13 W0 F0 flipped, first on (4, 6), second on (4, 5): to_text()"),
                lambda: placed("C0", wheat_forest, (4, 6), (4, 5)),
                "C0 F0 W0",
                hint=_("The first square goes on `first`, the second on `second`."),
            ),
            Example(
                _("placing #13 W0 F0 turned: first on (3, 4), second above it on (2, 4)"),
                lambda: placed("C0", wheat_forest, (3, 4), (2, 4)),
                "F0\nW0\nC0",
            ),
            Example(
                _("'C0 W0' + #31 L1 L0 on (4, 6), (4, 7) (water touches only wheat)"),
                lambda: Kingdom.from_text("C0 W0").can_place(water, (4, 6), (4, 7)),
                False,
            ),
            Example(
                _("'C0 W0' + #13 W0 F0 on (3, 5), (3, 6) (wheat on wheat)"),
                lambda: Kingdom.from_text("C0 W0").can_place(wheat_forest, (3, 5), (3, 6)),
                True,
            ),
            Example(
                _("'F0 F0 C0' + #13 W0 F0 on (2, 2), (3, 2) (the forest half touches forest)"),
                lambda: Kingdom.from_text("F0 F0 C0").can_place(wheat_forest, (2, 2), (3, 2)),
                True,
                hint=_("Each half connects by its own terrain: the second square with domino.second."),
            ),
            Example(
                _("'W0 W0 C0' + #13 W0 F0 on (2, 2), (3, 2) (the forest half touches only wheat)"),
                lambda: refused("W0 W0 C0", wheat_forest, (2, 2), (3, 2)),
                no,
                hint=_("Each half connects by its own terrain: the second square with domino.second."),
            ),
            Example(
                _("'C0 W0' + #1 W0 W0 on (3, 6), (2, 6) (a corner is not a touch)"),
                lambda: refused("C0 W0", wheat, (3, 6), (2, 6)),
                no,
                hint=_("Squares touch by an edge: up, right, down or left, never diagonally."),
            ),
            Example(
                _("'C0 W0' + #13 on (4, 5), (3, 5) (square (4, 5) is taken)"),
                lambda: refused("C0 W0", wheat_forest, (4, 5), (3, 5)),
                no,
                hint=_("can_place says False, place raises ValueError and changes nothing."),
            ),
            Example(
                _("'C0 W0' + #13 on (3, 4), (4, 4) (the second half on the castle)"),
                lambda: refused("C0 W0", wheat_forest, (3, 4), (4, 4)),
                no,
                hint=_("Both squares must be free: check the second half too."),
            ),
            Example(
                _("Kingdom().place(#13, (4, 5), (4, 7)) (halves not neighbours)"),
                lambda: refused("C0", wheat_forest, (4, 5), (4, 7)),
                no,
            ),
            Example(
                _("Kingdom().place(#1 W0 W0, (-1, 4), (0, 4)) (outside the area)"),
                lambda: refused("C0", wheat, (-1, 4), (0, 4)),
                no,
                hint=_("grid[-1] is the last row in Python: check that both squares are in the area."),
            ),
            Example(
                _("'C0 W0 W0 W0 W0' + #1 W0 W0 on (4, 9), (3, 9) (column 9 is outside the area)"),
                lambda: refused("C0 W0 W0 W0 W0", wheat, (4, 9), (3, 9)),
                no,
                hint=_("The area has rows and columns 0 to 8: check both squares before reading the grid."),
            ),
            Example(
                _("'W0 W0 C0 W0' + #1 W0 W0 on (4, 1), (3, 1) (5 wide, 3 columns left of the castle)"),
                lambda: Kingdom.from_text("W0 W0 C0 W0").can_place(wheat, (4, 1), (3, 1)),
                True,
                hint=_("The 5x5 square may lie anywhere around the castle: measure the kingdom, "
                "not the distance to the castle."),
            ),
            Example(
                _("'W0 C0 W0 W0 W0' + #13 W0 F0 on (4, 8), (3, 8) (6 columns wide)"),
                lambda: refused("W0 C0 W0 W0 W0", wheat_forest, (4, 8), (3, 8)),
                no,
                hint=_("The kingdom, castle included, must fit in 5x5."),
            ),
            Example(
                _("'W0\\nW0\\nC0\\nW0' + #1 W0 W0 on (1, 4), (0, 4) (6 rows high)"),
                lambda: refused("W0\nW0\nC0\nW0", wheat, (1, 4), (0, 4)),
                no,
                hint=_("The 5x5 rule holds upwards and downwards too."),
            ),
            Example(
                _("'W0 W0 C0 .. ..\\n.. .. F0 F0 F0' + #3 F0 F0 on (5, 7), (6, 7) (6 columns wide, far from the "
                  "castle)"),
                lambda: refused("W0 W0 C0 .. ..\n.. .. F0 F0 F0", _d(3, "F0", "F0"), (5, 7), (6, 7)),
                no,
                hint=_("Measure the whole kingdom, not the distance to the castle."),
            ),
            Example(
                _("Kingdom.from_text('W0 W0 W0 C0 W0 W0', 7).can_place(#1 W0 W0, (6, 9), (5, 9))  (7 wide in the "
                  "Mighty Duel)"),
                lambda: Kingdom.from_text("W0 W0 W0 C0 W0 W0", 7).can_place(wheat, (6, 9), (5, 9)),
                True,
                hint=_("In the Mighty Duel (size 7) the kingdom fits in 7x7."),
            ),
            Example(
                _("Kingdom.from_text('W0 W0 W0 C0 W0 W0', 7).can_place(#1 W0 W0, (6, 9), (6, 10))  (8 wide)"),
                lambda: Kingdom.from_text("W0 W0 W0 C0 W0 W0", 7).can_place(wheat, (6, 9), (6, 10)),
                False,
            ),
            *table([
                ("Kingdom().touches((0, 0), Square('wheat', 0))", False,
                 _("touches returns True or False, never None.")),
                ("Kingdom.from_text('.. W0\\nF0 ..\\nF0 ..\\nF0 ..\\nC0 ..').touches((1, 5), Square('wheat', 0))", True,
                 _("Row 0 and column 0 are squares of the area too.")),
                ("Kingdom.from_text('F0 F0 F0 F0 C0\\nW0 .. .. .. ..').touches((5, 1), Square('wheat', 0))", True),
                ("Kingdom.from_text('C0\\nF0\\nF0\\nF0\\nW0').touches((0, 4), Square('wheat', 0))", False,
                 _("A neighbour outside the area does not count: grid[-1] is the last row, not a neighbour.")),
                ("Kingdom.from_text('C0 F0 F0 F0 W0').touches((4, 0), Square('wheat', 0))", False),
                ("Kingdom.from_text('C0\\nF0\\nF0\\nF0').touches((8, 4), Square('wheat', 0))", False),
                ("Kingdom.from_text('C0 F0 F0 F0').touches((4, 8), Square('wheat', 0))", False),
                ("placed('C0 W0', Domino(7, Square('wheat', 0), Square('forest', 0)), (3, 5), (2, 5))",
                 ".. F0\n.. W0\nC0 W0", _("The first square goes on `first`, the second on `second`.")),
            ], {"Kingdom": Kingdom, "Domino": Domino, "Square": Square, "placed": placed}),
            *_anew(PLACEMENT_ANEW, Kingdom=Kingdom),
            *generated("dominations.placement", {"Kingdom": Kingdom}),
        ],
    )


FULL_WHEAT = "\n".join(["W0 W0 W0 W0 W0"] * 2 + ["W0 W0 C0 W0 W0"] + ["W0 W0 W0 W0 W0"] * 2)
HOSTILE = "C0 W0 W0 W0 W0\nW0 .. .. .. F0\nW0 .. .. .. F0\nW0 .. .. .. F0\nW0 F0 F0 F0 F0"


def check_legal_placements(Kingdom: Any, Domino: Any = Domino) -> CheckResult:
    """Check ``Kingdom.legal_placements`` and ``Kingdom.is_full``."""
    stale = _stale("dominations.legal", "Kingdom", Kingdom, KINGDOM_LEGAL)
    if stale:
        return stale
    full = FULL_WHEAT
    text = "W0 W1 ..\n.. C0 F0"

    def unchanged() -> Any:
        kingdom = Kingdom.from_text(text)
        kingdom.legal_placements(_d(20, "W1", "F0"))
        return kingdom.to_text()

    def each_once() -> bool:
        placements = list(Kingdom.from_text("L0 C0").legal_placements(_d(31, "L1", "L0")))
        return len(placements) == len(set(placements))

    return check(
        "dominations.legal",
        [
            Example(
                "len(Kingdom().legal_placements(#13 W0 F0))",
                lambda: len(Kingdom().legal_placements(_d(13, "W0", "F0"))),
                24,
                hint=_("4 squares touch the castle, 3 ways to lay a domino from each, 2 ways round."),
            ),
            Example(
                "sorted(Kingdom.from_text('L0 C0').legal_placements(#31 L1 L0))[:2]",
                lambda: sorted(Kingdom.from_text("L0 C0").legal_placements(_d(31, "L1", "L0")))[:2],
                [((2, 3), (3, 3)), ((2, 4), (3, 4))],
            ),
            Example(
                "len(Kingdom.from_text('L0 C0').legal_placements(#31 L1 L0))",
                lambda: len(Kingdom.from_text("L0 C0").legal_placements(_d(31, "L1", "L0"))),
                LEN_L0_C0,
                hint=_("Every pair (first, second) that can_place accepts: both ways round."),
            ),
            Example(
                _("no placement twice in Kingdom.from_text('L0 C0').legal_placements(#31 L1 L0)"),
                each_once, True,
            ),
            Example(
                "len(Kingdom.from_text('W0 W0 W0 C0 W0 W0', 7).legal_placements(#2 W0 W0))",
                lambda: len(Kingdom.from_text("W0 W0 W0 C0 W0 W0", 7).legal_placements(_d(2, "W0", "W0"))),
                LEN_DUEL,
                hint=_("In the Mighty Duel the area is 13x13: look at every square of it."),
            ),
            Example(
                _("Kingdom.from_text({text}) after legal_placements(#20 W1 F0): to_text()").format(text=repr(text)),
                unchanged, text,
                hint=_("Try placements without placing them (can_place), or on a copy."),
            ),
            Example("Kingdom().is_full()", lambda: Kingdom().is_full(), False),
            Example(f"Kingdom.from_text({full!r}).is_full()", lambda: Kingdom.from_text(full).is_full(), True,
                    hint=_("A kingdom of size x size squares, castle included, is full: count the squares "
                           "that are not None and compare with self.size * self.size.")),
            Example(
                f"Kingdom.from_text({HOSTILE!r}).is_full()  " + _("(a 5x5 kingdom with 9 empty squares)"),
                lambda: Kingdom.from_text(HOSTILE).is_full(),
                False,
                hint=_("Full means size x size squares taken, not a kingdom that spans 5 rows and 5 columns."),
            ),
            Example(
                f"Kingdom.from_text({full!r}, 7).is_full()  " + _("(the Mighty Duel needs 7x7)"),
                lambda: Kingdom.from_text(full, 7).is_full(),
                False,
            ),
            Example(
                f"Kingdom.from_text({full!r}).legal_placements(#13 W0 F0)",
                lambda: list(Kingdom.from_text(full).legal_placements(_d(13, "W0", "F0"))),
                [],
            ),
            Example(
                f"list(Kingdom.from_text({HOSTILE!r}).legal_placements(#31 L1 L0))",
                lambda: list(Kingdom.from_text(HOSTILE).legal_placements(_d(31, "L1", "L0"))),
                [],
            ),
            *table([
                (f"{placement} in Kingdom.from_text({text!r}).legal_placements(Domino(1, Square('wheat', 0), "
                 "Square('wheat', 0)))", True,
                 _("Try the squares of the whole area: row 0, column 0 and the last row and column too."))
                for text, placement in (("W0\nW0\nW0\nW0\nC0", ((0, 3), (0, 2))),
                                        ("C0\nW0\nW0\nW0\nW0", ((8, 3), (8, 2))),
                                        ("W0 W0 W0 W0 C0", ((3, 0), (2, 0))), ("C0 W0 W0 W0 W0", ((3, 8), (2, 8))))
            ], {"Kingdom": Kingdom, "Domino": Domino, "Square": Square}),
            *generated("dominations.legal", {"Kingdom": Kingdom}),
            *_anew(LEGAL_ANEW, Kingdom=Kingdom),
        ],
    )


EXAMPLE = "W0 W1 F0 F1\nW0 C0 F0 ..\nS0 S0 L2 L0"
SHAPES = "W0 W0 W1 F0 F0\nW0 L0 W0 F1 ..\nW0 L1 C0 F0 S0\nM2 L0 L0 L0 S0\nM0 G0 G0 W0 W0"
CORNERS = "C0 W1\nW1 .."
#: The crown map of SHAPES, rows 2 to 6 (columns 2 to 6).
SHAPES_CROWN_MAP = [[1, 1, 1, 1, 1], [1, 1, 1, 1, 0], [1, 1, 0, 1, 0], [2, 1, 1, 1, 0], [2, 0, 0, 0, 0]]
LEN_L0_C0 = 32
LEN_DUEL = 60


def check_properties(Kingdom: Any) -> CheckResult:
    """Check ``Kingdom.property_of`` and ``Kingdom.crown_map``."""
    stale = _stale("dominations.properties", "Kingdom", Kingdom, KINGDOM_PROPERTIES)
    if stale:
        return stale
    return check(
        "dominations.properties",
        [
            Example(
                f"sorted(Kingdom.from_text({EXAMPLE!r}).property_of((3, 3)))",
                lambda: sorted(Kingdom.from_text(EXAMPLE).property_of((3, 3))),
                [(3, 3), (3, 4), (4, 3)],
            ),
            Example(
                _("sorted(... .property_of((3, 5)))  (the forest)"),
                lambda: sorted(Kingdom.from_text(EXAMPLE).property_of((3, 5))),
                [(3, 5), (3, 6), (4, 5)],
            ),
            Example(
                _("... .property_of((4, 4))  (the castle)"),
                lambda: list(Kingdom.from_text(EXAMPLE).property_of((4, 4))),
                [],
            ),
            Example(
                _("... .property_of((0, 0))  (an empty square)"),
                lambda: list(Kingdom.from_text(EXAMPLE).property_of((0, 0))),
                [],
            ),
            Example(
                _("sorted(Kingdom.from_text({text}).property_of((3, 4)))  (a wheat U: the search must come "
                  "back)").format(
                    text=repr(SHAPES)),
                lambda: sorted(Kingdom.from_text(SHAPES).property_of((3, 4))),
                [(2, 2), (2, 3), (2, 4), (3, 2), (3, 4), (4, 2)],
                hint=_("When a square has no new neighbour, pop it and go on from the square below it "
                "on the stack."),
            ),
            Example(
                _("len(property_of((2, 2))) of a 5x5 kingdom all wheat around its castle  (24 squares)"),
                lambda: len(Kingdom.from_text(FULL_WHEAT).property_of((2, 2))),
                24,
                hint=_("Mark a square as seen when you push it, not when you pop it: in a block of 2x2 "
                "squares a square can be reached twice."),
            ),
            Example(
                _("len(... .property_of((2, 2)))  (each square once)"),
                lambda: len(Kingdom.from_text(SHAPES).property_of((2, 2))),
                6,
            ),
            Example(
                _("sorted(... .property_of((6, 6)))  (another wheat property, apart)"),
                lambda: sorted(Kingdom.from_text(SHAPES).property_of((6, 6))),
                [(6, 5), (6, 6)],
            ),
            Example(
                _("Kingdom.from_text({text}).property_of((4, 5))  (squares joined by a corner)").format(
                    text=repr(CORNERS)),
                lambda: list(Kingdom.from_text(CORNERS).property_of((4, 5))),
                [(4, 5)],
                hint=_("A property is joined by edges (up, right, down, left), never diagonally."),
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
            Example(
                "[row[2:7] for row in Kingdom.from_text(SHAPES).crown_map()[2:7]]",
                lambda: [list(row[2:7]) for row in Kingdom.from_text(SHAPES).crown_map()[2:7]],
                SHAPES_CROWN_MAP,
            ),
            *generated("dominations.properties", {"Kingdom": Kingdom}),
            *_anew(PROPERTIES_ANEW, Kingdom=Kingdom),
        ],
    )


def check_score(Kingdom: Any) -> CheckResult:
    """Check ``Kingdom.score`` with and without the bonuses."""
    stale = _stale("dominations.score", "Kingdom", Kingdom, KINGDOM_SCORE)
    if stale:
        return stale
    full = "\n".join(["F1 F0 W0 W0 W0", "F0 F0 W1 W0 W0", "L1 L0 C0 W0 W0", "L0 L0 G0 G2 G0", "M2 M0 S0 S0 S1"])
    full_points = 4 * 1 + 8 * 1 + 4 * 1 + 3 * 2 + 2 * 2 + 3 * 1

    def unchanged() -> Any:
        kingdom = Kingdom.from_text(SHAPES)
        kingdom.score(True, True)
        return kingdom.to_text()

    return check(
        "dominations.score",
        [
            Example(f"Kingdom.from_text({EXAMPLE!r}).score()", lambda: Kingdom.from_text(EXAMPLE).score(), 10),
            Example(f"Kingdom.from_text({SHAPES!r}).score()", lambda: Kingdom.from_text(SHAPES).score(), 19),
            Example("Kingdom().score()", lambda: Kingdom().score(), 0),
            Example(
                _("Kingdom.from_text('F0 F0 C0 F0 F0\\nF0 F0 .. F0 F0').score()  (no crowns)"),
                lambda: Kingdom.from_text("F0 F0 C0 F0 F0\nF0 F0 .. F0 F0").score(),
                0,
            ),
            Example(
                _("Kingdom.from_text('W1 W0 C0 W1 W0').score()  (two wheat properties)"),
                lambda: Kingdom.from_text("W1 W0 C0 W1 W0").score(),
                4,
                hint=_("Each property is scored on its own: 2 x 1 + 2 x 1."),
            ),
            Example(
                _("Kingdom.from_text('W1 C0 W1').score()  (the castle joins nothing)"),
                lambda: Kingdom.from_text("W1 C0 W1").score(),
                2,
            ),
            Example(
                _("Kingdom.from_text({text}).score()  (joined by a corner only)").format(text=repr(CORNERS)),
                lambda: Kingdom.from_text(CORNERS).score(),
                2,
                hint=_("Squares that meet at a corner are two properties: 1 x 1 + 1 x 1."),
            ),
            Example(
                "Kingdom().score(middle_kingdom=True)",
                lambda: Kingdom().score(middle_kingdom=True),
                10,
            ),
            *_anew(SCORE_ANEW, Kingdom=Kingdom),
            Example(
                _("Kingdom.from_text('C0 W1 W0 W0').score(middle_kingdom=True)  (castle off-centre)"),
                lambda: Kingdom.from_text("C0 W1 W0 W0").score(middle_kingdom=True),
                3,
            ),
            Example(
                _("Kingdom.from_text('W1 C0 W0 W0').score(middle_kingdom=True)  (not complete, centred)"),
                lambda: Kingdom.from_text("W1 C0 W0 W0").score(middle_kingdom=True),
                11,
                hint=_("Centred means every square within size // 2 rows and columns of the castle."),
            ),
            Example(
                "Kingdom.from_text('W1 W0 W0 C0 W0 W0 W0', 7).score(middle_kingdom=True)",
                lambda: Kingdom.from_text("W1 W0 W0 C0 W0 W0 W0", 7).score(middle_kingdom=True),
                13,
                hint=_("In the Mighty Duel, size // 2 is 3."),
            ),
            Example(
                _("a complete kingdom, castle in the middle: score(harmony=True)"),
                lambda: Kingdom.from_text(full).score(harmony=True),
                full_points + 5,
            ),
            Example(
                _("a kingdom with one square missing: score(harmony=True)"),
                lambda: Kingdom.from_text(full[:-2] + "..").score(harmony=True),
                full_points - 3,  # the swamp loses its crown
            ),
            Example(
                _("a complete kingdom, castle in the middle, both bonuses"),
                lambda: Kingdom.from_text(full).score(middle_kingdom=True, harmony=True),
                full_points + 10 + 5,
            ),
            Example(
                _("Kingdom.from_text({text}) after score(True, True): to_text()").format(text=repr(SHAPES)),
                unchanged, SHAPES,
            ),
            *generated("dominations.score", {"Kingdom": Kingdom}),
        ],
    )


def check_ranking(Kingdom: Any, ranking: Callable[..., Any]) -> CheckResult:
    """Check ``largest_property``, ``crowns`` and ``ranking`` with its tie-breaks."""
    stale = _stale("dominations.ranking", "Kingdom", Kingdom, KINGDOM_RANKING)
    if stale:
        return stale
    a = "W1 W0 W0 C0"  # 3 points, largest 3, 1 crown
    b = "W1 C0 F1 F0"  # 1 + 2 = 3 points, largest 2
    c = "C0 L3"  # 3 points, largest 1, 3 crowns
    d = "C0 G1 G0"  # 2 points
    e = "W1 W0 W0 C0\n.. F0 F0 F0"  # 3 points, largest 3, 1 crown
    f = "M3 .. .. C0\n.. F0 F0 F0"  # 3 points, largest 3, 3 crowns
    off_centre = "C0 W1 W0 W0 W0"  # 4 points, 4 with the bonus
    centred = "C0 L1 L0"  # 2 points, 12 with the bonus

    def rank(*texts: str, **bonuses: bool) -> Any:
        groups = ranking([Kingdom.from_text(text) for text in texts], **bonuses)
        return [list(group) for group in groups]  # a group may be any sequence

    return check(
        "dominations.ranking",
        [
            Example(f"Kingdom.from_text({a!r}).largest_property()", lambda: Kingdom.from_text(a).largest_property(), 3),
            Example("Kingdom().largest_property()", lambda: Kingdom().largest_property(), 0),
            Example(f"Kingdom.from_text({b!r}).crowns()", lambda: Kingdom.from_text(b).crowns(), 2),
            Example(_("ranking of {kingdoms}").format(kingdoms=[a, d]), lambda: rank(a, d), [[0], [1]]),
            Example(
                _("ranking of {kingdoms}  (3 points each for players 1 and 2: the larger property wins)").format(
                    kingdoms=[d, b, a]),
                lambda: rank(d, b, a),
                [[2], [1], [0]],
            ),
            Example(
                _("ranking of {kingdoms} (3 points each; then largest property 2 > 1, whatever the crowns)").format(
                    kingdoms=[b, c]),
                lambda: rank(b, c),
                [[0], [1]],
                hint=_("The largest property counts squares; crowns come only after it."),
            ),
            Example(
                _("ranking of {kingdoms} (3 points and largest property 3 each; then 1 crown < 3)").format(
                    kingdoms=[e, f]),
                lambda: rank(e, f),
                [[1], [0]],
                hint=_("After the largest property, the most crowns in the kingdom wins."),
            ),
            Example(_("ranking of {kingdoms}  (shared victory)").format(kingdoms=[a, a]), lambda: rank(a, a), [[0, 1]]),
            Example(
                _("ranking of {kingdoms}  (players 0 and 2 share the victory)").format(kingdoms=[a, d, e]),
                lambda: rank(a, d, e),
                [[0, 2], [1]],
                hint=_("A group holds the players still equal, in increasing order."),
            ),
            Example(_("ranking of {kingdoms}").format(kingdoms=[off_centre, centred]),
                    lambda: rank(off_centre, centred), [[0], [1]]),
            Example(
                _("ranking of {kingdoms} with middle_kingdom=True").format(kingdoms=[off_centre, centred]),
                lambda: rank(off_centre, centred, middle_kingdom=True),
                [[1], [0]],
                hint=_("Pass the bonuses on to score."),
            ),
            *generated("dominations.ranking", {"Kingdom": Kingdom, "ranking": ranking}),
        ],
    )


#: a kingdom where the best plain placement of #25 F1 W0 differs from the best one with the bonuses
BONUS_TRAP = "W0 G2 .. ..\nF1 G0 C0 M2\n.. G2 .. S0\n.. L0 L0 F0"


def check_greedy(greedy_placement: Callable[..., Any], greedy_choice: Callable[..., Any], Kingdom: Any) -> CheckResult:
    """Check the greedy AI: best score now, ties toward the castle."""
    stale = _stale("dominations.greedy", "Kingdom", Kingdom, KINGDOM_SCORE)
    if stale:
        return stale
    kingdom_text = "W1 C0"
    ring = "F0 F0 F0\nF0 C0 F0\nF0 F0 F0"

    def unchanged() -> Any:  # the student's to_text() compared
        kingdom = Kingdom.from_text(kingdom_text)
        greedy_placement(kingdom, _d(20, "W1", "F0"))
        greedy_choice(kingdom, [_d(3, "F0", "F0"), _d(22, "W1", "L0")], _d(20, "W1", "F0"))
        return kingdom.to_text() == kingdom_text

    def choice(text: str, line: list[Domino], previous: Domino | None) -> Any:
        return greedy_choice(Kingdom.from_text(text), line, previous).number

    return check(
        "dominations.greedy",
        [
            Example(
                _("greedy_placement(Kingdom(), #1 W0 W0)  (all score 0: closest, then smallest)"),
                lambda: greedy_placement(Kingdom(), _d(1, "W0", "W0")),
                ((2, 4), (3, 4)),
                hint=_("The closest placements have distance 1 + 2 = 3; then the smallest "
                "(first, second) tuple wins."),
            ),
            Example(
                f"greedy_placement(Kingdom.from_text({kingdom_text!r}), #20 W1 F0)",
                lambda: greedy_placement(Kingdom.from_text(kingdom_text), _d(20, "W1", "F0")),
                ((3, 3), (3, 4)),
                hint=_("Wheat next to wheat scores 2 squares x 2 crowns = 4; of those placements, "
                "take the closest to the castle."),
            ),
            Example(
                "greedy_placement(Kingdom.from_text('W1 C0 F0 F0'), #1 W0 W0)",
                lambda: greedy_placement(Kingdom.from_text("W1 C0 F0 F0"), _d(1, "W0", "W0")),
                ((3, 3), (3, 4)),
                hint=_("The distance is measured from the castle, not from the kingdom's corner."),
            ),
            Example(
                "greedy_placement(Kingdom.from_text('C0 F1\\n.. W0'), #22 W1 S0)",
                lambda: greedy_placement(Kingdom.from_text("C0 F1\n.. W0"), _d(22, "W1", "S0")),
                ((5, 4), (5, 3)),
                hint=_("Equal scores and distances: the smallest placement (first, second) in Python's "
                       "order of tuples, ((5, 4), (5, 3)) before ((5, 4), (6, 4)), whatever order you tried them in."),
            ),
            Example(
                f"greedy_placement(Kingdom.from_text({BONUS_TRAP!r}, 5), #25 F1 W0)",
                lambda: greedy_placement(Kingdom.from_text(BONUS_TRAP, 5), _d(25, "F1", "W0")),
                ((4, 1), (3, 1)),
                hint=_("The plain score decides, score() without the Middle Kingdom or Harmony bonus: "
                       "the bonus that ((5, 2), (6, 2)) would earn by keeping the castle in the middle "
                       "does not count."),
            ),
            Example(
                _("greedy_placement(a complete kingdom, #31 L1 L0)"),
                lambda: greedy_placement(Kingdom.from_text(FULL_WHEAT), _d(31, "L1", "L0")),
                None,
            ),
            Example(
                f"greedy_choice(Kingdom.from_text({kingdom_text!r}), [#3 F0 F0, #22 W1 L0], None).number",
                lambda: choice(kingdom_text, [_d(3, "F0", "F0"), _d(22, "W1", "L0")], None),
                22,
            ),
            Example(
                f"greedy_choice(Kingdom.from_text({kingdom_text!r}), [#22 W1 F0, #30 L1 L0], #31 L1 L0).number",
                lambda: choice(kingdom_text, [_d(22, "W1", "F0"), _d(30, "L1", "L0")], _d(31, "L1", "L0")),
                30,
                hint=_("Place the previous domino first (at its greedy placement, on a copy): "
                "then #30 joins its lake."),
            ),
            Example(
                "greedy_choice(Kingdom.from_text('C0 F0 F0 F0'), [#3 F0 F0, #1 W0 W0], None).number",
                lambda: choice("C0 F0 F0 F0", [_d(3, "F0", "F0"), _d(1, "W0", "W0")], None),
                1,
                hint=_("Equal scores: the domino whose greedy placement is closest to the castle."),
            ),
            Example(
                "greedy_choice(Kingdom.from_text('C0 F0 F0 F0'), [#4 F0 F0, #3 F0 F0], None).number",
                lambda: choice("C0 F0 F0 F0", [_d(4, "F0", "F0"), _d(3, "F0", "F0")], None),
                3,
                hint=_("Equal scores and distances: the lowest number, wherever it is in the line."),
            ),
            Example(
                f"greedy_choice(Kingdom.from_text({ring!r}), [#1 W0 W0, #5 F0 F0], None).number",
                lambda: choice(ring, [_d(1, "W0", "W0"), _d(5, "F0", "F0")], None),
                5,
                hint=_("A domino that fits nowhere is the farthest of all."),
            ),
            Example(
                f"greedy_choice(Kingdom.from_text({ring!r}), [#1 W0 W0, #5 F0 F0], #2 W0 W0).number",
                lambda: choice(ring, [_d(1, "W0", "W0"), _d(5, "F0", "F0")], _d(2, "W0", "W0")),
                5,
                hint=_("When the previous domino fits nowhere, it is discarded: judge the line on the "
                "kingdom as it is."),
            ),
            Example(
                _("neither function changes the kingdom"), unchanged, True,
                hint=_("Try placements on kingdom.copy()."),
            ),
            *generated("dominations.greedy", {"Kingdom": Kingdom, "greedy_placement": greedy_placement,
                                              "greedy_choice": greedy_choice}),
            *_anew(GREEDY_ANEW, Kingdom=Kingdom, greedy_placement=greedy_placement, greedy_choice=greedy_choice),
        ],
    )


def _numbers(dominos: Any) -> list[int]:
    return [domino.number for domino in dominos]


def _second_round(Game: Any, discard: bool = False) -> Any:
    """A 4-player game put in a fixed position of round 2 through its attributes.

    The opening's dominos wait to be placed, taken by players 2, 0, 3 and 1 in that order;
    the new line is the next four dominos of the pile. With ``discard``, the kingdom of
    player 2 is full of wheat, so that the domino it places (forest) fits nowhere.
    """
    game = Game(4, random.Random(6))
    first = sorted(game.line, key=lambda domino: domino.number)
    if discard:
        first[0] = _d(first[0].number, "F0", "F0")
        game.kingdoms[2] = type(game.kingdoms[2]).from_text(FULL_WHEAT)
    game.previous = list(zip(first, [2, 0, 3, 1]))
    game.kings = [2, 0, 3, 1]
    game.claimed = []
    game.turn = 0
    game.line = sorted(game.pile[:4], key=lambda domino: domino.number)
    game.pile = game.pile[4:]
    return game


def _state(game: Any) -> tuple[Any, ...]:
    return (
        game.turn, list(game.kings), _numbers(game.line), _numbers(game.pile),
        [(domino.number, player) for domino, player in game.claimed],
        [kingdom.to_text() for kingdom in game.kingdoms],
    )


def _at(game: Any, **attributes: Any) -> Any:
    """``game`` put in a position: its attributes set as given (the checks' ``at``)."""
    for name, value in attributes.items():
        setattr(game, name, value)
    return game


#: Dominos the positions of the game checks are made of, named by number.
POSITION_DOMINOS = {f"d{n}": _d(n, first, second) for n, first, second in
                    ((12, "W0", "F0"), (30, "L1", "W0"), (41, "G0", "M2"), (45, "S1", "W0"))}
def _next_rounds(game: Any, move: Any) -> int:
    """How many times ``game.play(move)`` calls ``next_round`` (recorded, not run)."""
    calls: list[None] = []
    game.next_round = lambda: calls.append(None)
    game.play(move)
    return len(calls)


#: In round 2 of a 4-player game: the kings of players 2, 0, 3, 1 stand on d12, d30, d41, d45.
ROUND = "previous=[(d12, 2), (d30, 0), (d41, 3), (d45, 1)], kings=[2, 0, 3, 1]"

ALMOST_FULL = "\n".join(["W0 W0 W0 W0 W0"] * 2 + ["W0 W0 C0 W0 W0", "W0 W0 W0 W0 W0", "W0 W0 W0 .. .."])


def _anew(rows: list[tuple[Any, ...]], **names: Any) -> list[Example]:
    """The examples of rows that ask again, with the student's ``names`` and the dominos they use."""
    dominos = {f"d{n}": _d(n, first, second) for n, first, second in
               ((1, "W0", "W0"), (3, "F0", "F0"), (20, "W1", "F0"), (21, "W0", "W1"), (22, "W1", "L0"))}
    return table(rows, {"Domino": Domino, "Square": Square, "random": random, "at": _at,
                        "ALMOST_FULL": ALMOST_FULL, **POSITION_DOMINOS, **dominos, **names})


#: Rows that ask the same objects again after a change: a kept answer shows as a stale one.
ANEW = _("Work the answer out from the object as it is now at every call: do not keep an earlier answer.")
PLACEMENT_ANEW = [
    ("(lambda k, a, b, near: [k.problem(d20, a, b), k.can_place(d20, a, b), k.touches(near, d20.first), "
     "k.place(d20, a, b), k.problem(d20, a, b) is None, k.can_place(d20, a, b), k.touches(near, d20.first)])"
     "(Kingdom(), (4, 5), (4, 6), (3, 5))", [None, True, False, None, False, False, True], ANEW),
]
LEGAL_ANEW = [
    ("(lambda k: [len(k.legal_placements(d1)), k.is_full(), k.place(d1, (6, 5), (6, 6)), "
     "len(k.legal_placements(d1)), k.is_full()])(Kingdom.from_text(ALMOST_FULL))", [2, False, None, 0, True], ANEW),
]
PROPERTIES_ANEW = [
    ("(lambda k: [k.crown_map()[4][3], len(k.property_of((4, 3))), k.place(d21, (3, 3), (3, 4)), "
     "k.crown_map()[4][3], len(k.property_of((4, 3)))])(Kingdom.from_text('W1 C0'))", [1, 1, None, 2, 3], ANEW),
    ("(lambda k: [k.place(Domino(21, Square(''.join('wheat'), 0), Square('wheat', 1)), (3, 3), (3, 4)), "
     "len(k.property_of((4, 3)))])(Kingdom.from_text('W1 C0'))", [None, 3],
     _("Compare terrains with ==: two equal texts are not always one object, and `is` asks for one object.")),
]
SCORE_ANEW = [
    ("(lambda k: [k.score(), k.place(d21, (3, 3), (3, 4)), k.score()])(Kingdom.from_text('W1 C0'))", [1, None, 6],
     ANEW),
]
GREEDY_ANEW = [
    ("(lambda k, line: [greedy_placement(k, d20), greedy_choice(k, line, d20).number, "
     "k.place(d20, *greedy_placement(k, d20)), line.pop(0).number, greedy_placement(k, d20), "
     "greedy_choice(k, line, d20).number])(Kingdom.from_text('W1 C0'), [d22, d3, d30])",
     [((3, 3), (3, 4)), 22, None, 22, ((5, 3), (5, 4)), 30], ANEW),
]
SETUP_ANEW = [
    ("(lambda game: [game.kingdoms[0].place(d30, (4, 5), (4, 6)), [k.to_text() for k in game.kingdoms]])"
     "(Game(2, random.Random(5)))", [None, ["C0 L1 W0", "C0"]],
     _("Give each player a kingdom of their own (Kingdom() once per player): [Kingdom()] * n is one kingdom "
       "shared by everyone.")),
    ("[Game(4, random.Random(seed)).kings == Game(4, random.Random(seed)).kings for seed in (77, 78, 79)]",
     [True, True, True], _("Draw with self.rng only: the same seed gives the same game.")),
    ("(lambda game: [game.player, game.to_place.number, setattr(game, 'turn', 1), game.player, "
     f"game.to_place.number])(at(Game(4, random.Random(5)), {ROUND}))", [2, 12, None, 0, 30], ANEW),
    ("(lambda game: [len(game.free()), game.claimed.append((game.line[0], 0)), len(game.free())])"
     "(Game(4, random.Random(5)))", [4, None, 3], ANEW),
]
TURN_ANEW = [
    ("(lambda game: [len(game.legal_moves()), game.play(game.legal_moves()[0]), len(game.legal_moves())])"
     "(Game(4, random.Random(5)))", [4, None, 3], ANEW),
]
GAME_ANEW = [
    ("(lambda game: [[sorted(group) for group in game.ranking()], game.kingdoms[0].place(d30, (4, 5), (4, 6)), "
     "game.score(0), [sorted(group) for group in game.ranking()]])(Game(2, random.Random(5)))",
     [[[0, 1]], None, 1, [[0], [1]]], ANEW),
]


def check_game_setup(Game: Any) -> CheckResult:
    """Check ``Game``'s set-up: kings, pile, first line, and the queries of the opening."""

    def new(players: int = 4, seed: int = 5, **options: bool) -> Any:
        return Game(players, random.Random(seed), **options)

    def own_lists() -> tuple[Any, ...]:
        first = new()
        first.claimed.append((first.line[0], first.player))
        first.previous.append((first.line[1], first.player))
        second = new()
        return (list(second.claimed), list(second.previous))

    def line_from_pile() -> bool:
        game = new()
        return not set(_numbers(game.line)) & set(_numbers(game.pile))

    return check(
        "dominations.game_setup",
        [
            Example("len(Game(4, random.Random(5)).kings)", lambda: len(new(4).kings), 4),
            Example(_("sorted(Game(2, random.Random(5)).kings)  (two kings each)"), lambda: sorted(new(2).kings),
                    [0, 0, 1, 1]),
            Example("sorted(Game(3, random.Random(5)).kings)", lambda: sorted(new(3).kings), [0, 1, 2]),
            Example("len(Game(3, random.Random(5)).line)", lambda: len(new(3).line), 3),
            Example("len(Game(2, random.Random(5)).line)", lambda: len(new(2).line), 4),
            Example(
                _("len(Game(2, random.Random(5)).pile)  (24 dominos in play, 4 in the line)"),
                lambda: len(new(2).pile), 20,
            ),
            Example("len(Game(3, random.Random(5)).pile)", lambda: len(new(3).pile), 33),
            Example("len(Game(4, random.Random(5)).pile)", lambda: len(new(4).pile), 44),
            Example(
                _("len(Game(2, random.Random(5), mighty_duel=True).pile)  (all 48 dominos)"),
                lambda: len(new(2, mighty_duel=True).pile), 44,
            ),
            Example(
                _("a new game's line and pile share no domino"),
                line_from_pile, True,
                hint=_("Take the dominos of the line out of the pile."),
            ),
            Example(
                _("numbers of Game(4, random.Random(5)).line are sorted"),
                lambda: (lambda n: n == sorted(n))(_numbers(new().line)),
                True,
            ),
            Example(
                _("Game(4, random.Random(seed)).kings for seeds 0 to 11 are not all in one order"),
                lambda: len({tuple(new(4, seed).kings) for seed in range(12)}) > 1,
                True,
                hint=_("Put the kings in a random order with self.rng (rng.shuffle)."),
            ),
            Example(
                _("the next line of Game(4, random.Random(5)) given rng = random.Random(seed), for seeds 0 to 11, "
                  "is not always the same"),
                lambda: len({tuple(_numbers(_at(new(), rng=random.Random(seed)).draw_line()))
                             for seed in range(12)}) > 1,
                True,
                hint=_("Draw each line with self.rng when it is needed (self.rng.sample(self.pile, k)), not from "
                "a pile shuffled in advance: a copy given a new rng must not know the future lines."),
            ),
            Example(
                _("Game(3, random.Random(77)) twice: the same line"),
                lambda: _numbers(new(3, 77).line) == _numbers(new(3, 77).line),
                True,
                hint=_("Draw with self.rng only: the same seed gives the same game."),
            ),
            Example(
                _("game = Game(4, random.Random(5)): game.player == game.kings[0]"),
                lambda: (lambda game: game.player == game.kings[0])(new()),
                True,
            ),
            Example(_("Game(4, random.Random(5)).to_place  (the opening)"), lambda: new().to_place, None),
            Example(
                _("game.free() == game.line in a new game"),
                lambda: (lambda game: _numbers(game.free()) == _numbers(game.line))(new()),
                True,
            ),
            Example(
                _("after another game's claimed.append(...) and previous.append(...): "
                "(Game(4, random.Random(5)).claimed, .previous)"),
                own_lists, ([], []),
                hint=_("Make new lists in __init__: a list written in the class body is shared by every game."),
            ),
            *table([
                ("Game(3, random.Random(5)).num_players", 3),
                ("Game(2, random.Random(5), harmony=True).harmony", True),
                ("Game(2, random.Random(5), harmony=True).middle_kingdom", False),
                ("Game(4, random.Random(5), middle_kingdom=True).middle_kingdom", True),
                ("[k.size for k in Game(2, random.Random(5), mighty_duel=True).kingdoms]", [7, 7]),
                ("[k.size for k in Game(3, random.Random(5)).kingdoms]", [5, 5, 5]),
                ("[k.to_text() for k in Game(4, random.Random(5)).kingdoms]", ["C0"] * 4),
                ("at(Game(4, random.Random(5)), pile=[]).draw_line()", [],
                 _("When the pile is empty there is no new line: draw_line returns [].")),
                ("at(Game(4, random.Random(5)), turn=4).player", None),
                ("at(Game(2, random.Random(5)), kings=[1, 0, 0, 1], turn=3).player", 1),
                (f"at(Game(4, random.Random(5)), {ROUND}, turn=1).to_place", POSITION_DOMINOS["d30"]),
                (f"at(Game(4, random.Random(5)), {ROUND}, turn=4).to_place", None),
                ("at(Game(4, random.Random(5)), line=[d12, d30, d41, d45], claimed=[(d30, 1)]).free()",
                 [POSITION_DOMINOS[name] for name in ("d12", "d41", "d45")]),
            ], {"Game": Game, "random": random, "at": _at, **POSITION_DOMINOS}),
            *_anew(SETUP_ANEW, Game=Game),
            Example("Game(1, random.Random(5))", lambda: Game(1, random.Random(5)), raises=ValueError),
            Example("Game(5, random.Random(5))", lambda: Game(5, random.Random(5)), raises=ValueError),
            Example(
                "Game(3, random.Random(5), mighty_duel=True)",
                lambda: Game(3, random.Random(5), mighty_duel=True),
                raises=ValueError,
            ),
        ],
    )


def check_game_turn(Game: Any) -> CheckResult:
    """Check ``legal_moves``, ``problem`` and ``play`` on the opening and on a position of round 2."""
    stale = _stale("dominations.game_turn", "Game", Game, GAME_TURN)
    if stale:
        return stale

    def opening() -> Any:
        return Game(4, random.Random(5))

    def choose_third() -> tuple[Any, ...]:
        game = opening()
        player, third = game.player, game.line[2]
        game.play((third.number, None))
        return ([(domino.number, owner) for domino, owner in game.claimed] == [(third.number, player)],
                game.turn, game.player == game.kings[1], third.number in _numbers(game.free()))

    def refused(game: Any, move: Any) -> str:
        before = _state(game)
        try:
            game.play(move)
        except ValueError:
            return _("refused, unchanged") if _state(game) == before else _("refused, but the game changed")
        return _("played")

    def taken_again() -> str:
        game = opening()
        game.play((game.line[0].number, None))
        return refused(game, (game.line[0].number, None))

    def placed() -> tuple[Any, ...]:
        game = _second_round(Game)
        domino = game.to_place
        game.play((game.line[0].number, ((4, 5), (4, 6))))
        return (game.kingdoms[2].to_text() == f"C0 {domino.first} {domino.second}", game.player)

    def discarded() -> tuple[Any, ...]:
        game = _second_round(Game, discard=True)
        moves = list(game.legal_moves())
        placements = {placement for _, placement in moves}
        game.play((game.line[1].number, None))
        return (placements, game.kingdoms[2].to_text() == FULL_WHEAT, game.turn)

    def round_two_moves() -> bool:
        game = _second_round(Game)
        kingdom = game.kingdoms[game.player]
        placements = kingdom.legal_placements(game.to_place)
        moves = list(game.legal_moves())
        return len(moves) == len(set(moves)) and set(moves) == {
            (number, placement) for number in _numbers(game.line) for placement in placements
        }

    return check(
        "dominations.game_turn",
        [
            Example(
                _("the opening's moves: {placement for _, placement in Game(4, random.Random(5)).legal_moves()}"),
                lambda: {placement for _, placement in opening().legal_moves()},
                {None},
            ),
            Example(
                _("sorted(choice for choice, _ in Game(4, random.Random(5)).legal_moves()) == numbers of the line"),
                lambda: (lambda game: sorted(c for c, _ in game.legal_moves()) == _numbers(game.line))(opening()),
                True,
            ),
            Example(
                _("game.play((game.line[2].number, None)) in the opening: (claimed right, turn, next king acts, still "
                  "free)"),
                choose_third,
                (True, 1, True, False),
                hint=_("The king stands on the domino chosen: claimed gets (domino, player), turn goes up."),
            ),
            Example(
                _("game.play((line[0].number, ((4, 5), (4, 6)))) in the opening"),
                lambda: refused(opening(), (opening().line[0].number, ((4, 5), (4, 6)))),
                _("refused, unchanged"),
                hint=_("There is no domino to place in the opening round."),
            ),
            Example(
                _("choosing line[0] again after the first king took it"),
                taken_again,
                _("refused, unchanged"),
                hint=_("A king chooses a free domino of the line."),
            ),
            Example(
                _("game.play((99, None)) in the opening  (no domino 99 in the line)"),
                lambda: refused(opening(), (99, None)),
                _("refused, unchanged"),
            ),
            Example(
                _("in round 2 (player 2 places first): legal_moves() == every free choice x every legal placement"),
                round_two_moves,
                True,
                hint=_("A move is (choice, placement): every free domino with every placement of to_place."),
            ),
            Example(
                _("in round 2: game.play((line[0].number, ((4, 5), (4, 6)))): "
                "(player 2's kingdom is 'C0 ' + to_place's squares, next player)"),
                placed,
                (True, 0),
                hint=_("Place to_place in the kingdom of the player whose king acts."),
            ),
            Example(
                _("in round 2: discarding to_place (None) while it fits"),
                lambda: (lambda game: refused(game, (game.line[0].number, None)))(_second_round(Game)),
                _("refused, unchanged"),
                hint=_("A domino may be discarded only when it fits nowhere."),
            ),
            Example(
                _("in round 2: game.play((99, a legal placement))  (no domino 99 in the line)"),
                lambda: (lambda game: refused(game, (99, game.legal_moves()[0][1])))(_second_round(Game)),
                _("refused, unchanged"),
                hint=_("Check the whole move before changing anything: a refused move leaves the "
                "kingdoms as they were."),
            ),
            Example(
                _("in round 2: placing to_place where it does not connect"),
                lambda: (lambda game: refused(game, (game.line[0].number, ((0, 0), (0, 1)))))(_second_round(Game)),
                _("refused, unchanged"),
            ),
            *table([
                ("at(Game(4, random.Random(5)), line=[d12, d30, d41, d45]).problem(12) is None", False),
                ("at(Game(4, random.Random(5)), line=[d12, d30, d41, d45]).problem((12, None, None)) is None",
                 False),
                ("at(Game(4, random.Random(5)), line=[d12, d30, d41, d45]).problem((None, None)) is None", False,
                 _("While the line has free dominos the king must choose one: the choice is None only in the "
                   "last round, when there is no line.")),
                (f"at(Game(4, random.Random(5)), {ROUND}, line=[d5]).problem((None, ((4, 5), (4, 6)))) is None",
                 False),
                (f"at(Game(4, random.Random(5)), {ROUND}, line=[]).problem((7, ((4, 5), (4, 6)))) is None", False,
                 _("In the last round there is no line: the choice must be None.")),
                (f"at(Game(4, random.Random(5)), {ROUND}, line=[]).problem((None, ((4, 5), (4, 6)))) is None", True),
                (f"at(Game(4, random.Random(5)), {ROUND}, line=[d5]).problem((5, ((4, 5),))) is None", False,
                 _("A placement is a pair (first, second) of squares: refuse anything else with a sentence.")),
                (f"at(Game(4, random.Random(5)), {ROUND}, line=[d5]).problem((5, ((4, 5), (4, 6), (4, 7)))) is None",
                 False),
                (f"at(Game(4, random.Random(5)), {ROUND}, line=[d5]).problem((5, ((0, 0), (0, 1)))) is None",
                 False, _("Check the placement with the kingdom's problem: it must touch the castle or its terrain.")),
                (f"{{choice for choice, _ in at(Game(4, random.Random(5)), {ROUND}, line=[]).legal_moves()}}", {None},
                 _("In the last round there is no line, but each king still places its domino: every move is "
                   "(None, placement).")),
                ("at(Game(4, random.Random(5)), turn=4).legal_moves()", [],
                 _("When every king has acted there is no legal move: []")),
                ("at(Game(4, random.Random(5)), line=[d12, d30, d41, d45], turn=4).problem((12, None)) is None",
                 False, _("When every king has acted the game refuses every move.")),
                (f"next_rounds(at(Game(4, random.Random(5)), {ROUND}, line=[d5, d6, d7, d8], "
                 "claimed=[(d5, 2), (d6, 0)], turn=2), (7, ((4, 5), (4, 6))))", 0),
                (f"next_rounds(at(Game(4, random.Random(5)), {ROUND}, line=[d5, d6, d7, d8], "
                 "claimed=[(d5, 2), (d6, 0), (d7, 3)], turn=3), (8, ((4, 5), (4, 6))))", 1,
                 _("When the last king of the round has acted, play calls self.next_round(), once.")),
            ], {"Game": Game, "random": random, "at": _at, "next_rounds": _next_rounds,
                **{f"d{n}": _d(n, "F0", "F0") for n in (5, 6, 7, 8)}, **POSITION_DOMINOS}),
            Example(
                _("in round 2, player 2's kingdom full: (placements in legal_moves(), kingdom kept, turn after "
                  "discarding)"),
                discarded,
                ({None}, True, 1),
                hint=_("A domino that fits nowhere is discarded: the move's placement is None."),
            ),
            *_anew(TURN_ANEW, Game=Game),
        ],
    )


#: Kingdoms for a final ranking: 3 points each (largest property 2, 3, 1), then 2 points.
TIED = ["W1 C0 F1 F0", "W1 W0 W0 C0", "C0 L3", "C0 G1 G0"]


def _kingdom_class(game: Any) -> Any:
    """The class of the game's kingdoms (the student's ``Kingdom``)."""
    return type(game.kingdoms[0])


def check_game(Game: Any) -> CheckResult:
    """Check whole games: the rounds, the king order, the last round, the end and its scores."""
    stale = _stale("dominations.game", "Game", Game, GAME_END)
    if stale:
        return stale

    def played(players: int = 4, seed: int = 5, pick: Callable[[list[Any]], Any] = lambda moves: moves[0],
               **options: bool) -> tuple[Any, list[tuple[Any, Any, Any, list[int]]]]:
        """A game played to its end; its moves as (player, to_place, move, line numbers)."""
        game = Game(players, random.Random(seed), **options)
        record = []
        for _draw in range(300):
            if game.is_over():
                break
            player, to_place, moves = game.player, game.to_place, list(game.legal_moves())
            move = pick(moves)
            record.append((player, to_place, move, _numbers(game.line)))
            game.play(move)
        return game, record

    def king_order() -> bool:
        game = Game(4, random.Random(5))
        for _round in range(2):  # the opening and round 2: every king takes the highest free domino
            chosen = []
            for _king in range(len(game.kings)):
                move = max(game.legal_moves(), key=lambda m: (m[0], m[1] is not None, m[1] or ()))
                chosen.append((move[0], game.player))
                game.play(move)
            if list(game.kings) != [player for _, player in sorted(chosen)]:
                return False
        return True

    def owners() -> bool:
        game = Game(4, random.Random(5))
        chosen = {}
        for _round in range(4):
            move = game.legal_moves()[-1]
            chosen[move[0]] = game.player
            game.play(move)
        return chosen[game.to_place.number] == game.player and all(
            chosen[domino.number] == player for domino, player in game.previous)

    def placed_each(players: int, **options: bool) -> list[int]:
        _game, record = played(players, 3, lambda moves: moves[len(moves) // 2], **options)
        return [sum(to_place is not None for who, to_place, _, _ in record if who == p) for p in range(players)]

    def last_round() -> tuple[Any, ...]:
        game, record = played()
        return (all(move[0] is None and line == [] for _, _, move, line in record[-4:]),
                all(move[0] is not None for _, _, move, _ in record[:-4]), list(game.legal_moves()))

    def final_ranking() -> bool:
        """The groups of game.ranking() hold each player once, equal keys together, best first."""
        game, _record = played(4, 30, middle_kingdom=True, harmony=True)
        keys = [(k.score(True, True), k.largest_property(), k.crowns()) for k in game.kingdoms]
        groups = [list(group) for group in game.ranking()]
        return (
            sorted(p for group in groups for p in group) == list(range(4))
            and all(group == sorted(group) and {keys[p] for p in group} == {keys[group[0]]} for group in groups)
            and all(keys[better[0]] > keys[worse[0]] for better, worse in zip(groups, groups[1:]))
        )

    def tied_ranking() -> Any:
        game = Game(4, random.Random(5))
        game.kingdoms = [_kingdom_class(game).from_text(text) for text in TIED]
        return [list(group) for group in game.ranking()]

    def copy_independent() -> bool:
        game = Game(4, random.Random(9))
        for _round in range(6):
            game.play(game.legal_moves()[0])
        texts = [kingdom.to_text() for kingdom in game.kingdoms]
        other = game.copy()
        while not other.is_over():
            other.play(other.legal_moves()[0])
        return [kingdom.to_text() for kingdom in game.kingdoms] == texts and not game.is_over()

    return check(
        "dominations.game",
        [
            Example(
                _("a 4-player game played with legal_moves()[0] ends: game.is_over()"),
                lambda: played()[0].is_over(), True,
            ),
            Example(_("moves of that game  (a choice per domino, then 4 last placements)"), lambda: len(played()[1]),
                    52),
            Example(
                _("numbers seen in the lines of a 2-player game"),
                lambda: len({n for *_, line in played(2)[1] for n in line}), 24,
            ),
            Example(
                _("numbers seen in the lines of a 3-player game"),
                lambda: len({n for *_, line in played(3)[1] for n in line}), 36,
            ),
            Example(
                _("every line of a 4-player game is sorted"),
                lambda: all(line == sorted(line) for *_, line in played()[1]), True,
            ),
            Example(
                _("after each round, game.kings lists the owners by the numbers they chose, lowest first"),
                king_order, True,
                hint=_("next_round orders the kings by the numbers of the dominos they stand on: "
                "a low number buys an early turn."),
            ),
            Example(
                _("after the opening, each domino of game.previous belongs to the player who chose it"),
                owners, True,
                hint=_("previous holds the (domino, player) pairs that were claimed, sorted by number."),
            ),
            Example(
                _("the last round: (4 last moves have choice None and an empty line, no other does, legal_moves() at "
                  "the end)"),
                last_round, (True, True, []),
                hint=_("When the pile is empty the line is []: each king only places its domino, then no king "
                       "is left."),
            ),
            Example(_("dominos each player places in a 3-player game"), lambda: placed_each(3), [12, 12, 12]),
            Example(_("dominos each player places in a 2-player game"), lambda: placed_each(2), [12, 12]),
            Example(
                _("dominos each player places in the Mighty Duel"),
                lambda: placed_each(2, mighty_duel=True), [24, 24],
            ),
            Example(
                _("game.score(p) of a finished game with both bonuses == its kingdom's score(True, True)"),
                lambda: (lambda game: [game.score(p) for p in range(4)] == [
                    k.score(True, True) for k in game.kingdoms])(played(4, 30, middle_kingdom=True, harmony=True)[0]),
                True,
                hint=_("score(player) counts the game's bonuses."),
            ),
            Example(
                _("Game(4, random.Random(5), middle_kingdom=True).score(0)  (a lone castle is centred)"),
                lambda: Game(4, random.Random(5), middle_kingdom=True).score(0),
                10,
                hint=_("score(player) counts the game's bonuses."),
            ),
            Example(
                _("game.ranking() of that game sorts by score, largest property, crowns"),
                final_ranking, True,
            ),
            Example(
                _("game.ranking() when game.kingdoms are {kingdoms}  (3 points each but the last)").format(
                    kingdoms=TIED),
                tied_ranking, [[1], [0], [2], [3]],
                hint=_("The final ranking breaks ties as ranking does: largest property, then crowns."),
            ),
            Example(
                _("two games with random.Random(77): the same lines"),
                lambda: [line for *_, line in played(3, 77)[1]] == [line for *_, line in played(3, 77)[1]],
                True,
            ),
            Example(_("playing out game.copy() leaves game as it was"), copy_independent, True),
            *table([
                (f"[list(group) for group in at(Game(2, random.Random(5), {bonus}=True), "
                 "kingdoms=[Kingdom.from_text('C0 W1'), Kingdom.from_text('W1 W0 W0 C0')]).ranking()]", groups,
                 _("ranking() uses the game's bonuses, each in its place: ranking(kingdoms, middle_kingdom, harmony)."))
                for bonus, groups in (("middle_kingdom", [[0], [1]]), ("harmony", [[1], [0]]))
            ], {"Game": Game, "random": random, "at": _at,
                # the student's Kingdom, read from a game when the example runs
                "Kingdom": SimpleNamespace(
                    from_text=lambda text: _kingdom_class(Game(2, random.Random(5))).from_text(text))}),
            *_anew(GAME_ANEW, Game=Game),
        ],
    )
