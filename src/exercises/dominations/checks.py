"""Public checks of worksheet 5, one per exercise: a few examples each, run on the student's code.

Each check holds its examples as rows of data (see :func:`exercises.checks.observed`):
a description, a function of this module that runs the student's code and returns what
it saw, that function's arguments, and the answer expected.
"""

from __future__ import annotations

import functools
import operator
import os
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
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
#: A row of a check: (description, observe, arguments, expected) or (..., hint).
Row = tuple[Any, ...]


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


def _load_copy(load: Callable[[str], Any], lines: list[str]) -> Any:
    """What ``load`` returns for a temporary CSV file that holds ``lines``."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "dominos.csv")
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(lines) + "\n")
        return load(path)


def _loaded_again(load: Callable[[str], Any], lines: list[str], broken: list[str]) -> str:
    """The error of loading a file again after it changed from ``lines`` to ``broken`` (the same path)."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "dominos.csv")
        for text in (lines, broken):
            with open(path, "w", encoding="utf-8") as file:
                file.write("\n".join(text) + "\n")
            message = _error_of(functools.partial(load, path))
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


# ----------------------------------------------------------------------------- load_dominos


def _changed(lines: list[str], index: int, line: str) -> list[str]:
    """The lines of the file with the one at ``index`` replaced by ``line``."""
    return lines[:index] + [line] + lines[index + 1:]


def _load_error(load: Callable[[str], Any], lines: list[str]) -> str:
    """The message of the ValueError that loading a copy holding ``lines`` raises."""
    return _error_of(functools.partial(_load_copy, load, lines))


def _copy_domino(load: Callable[[str], Any], lines: list[str], index: int) -> Any:
    """The domino at ``index`` of a loaded copy holding ``lines``."""
    return _load_copy(load, lines)[index]


def _copy_numbers(load: Callable[[str], Any], lines: list[str], count: int) -> list[Any]:
    """The first ``count`` numbers of a loaded copy holding ``lines``."""
    return [d.number for d in _load_copy(load, lines)][:count]


def _official_type(load: Callable[[str], Any]) -> str:
    """The name of the type that loading the package's file returns."""
    return type(load(DOMINOS_CSV)).__name__


def _official_count(load: Callable[[str], Any]) -> int:
    """How many dominos loading the package's file gives."""
    return len(load(DOMINOS_CSV))


def _official_numbers(load: Callable[[str], Any]) -> list[Any]:
    """The numbers of the dominos of the package's file, in the order loaded."""
    return [d.number for d in load(DOMINOS_CSV)]


def _official_domino(load: Callable[[str], Any], index: int) -> Any:
    """The domino at ``index`` of the package's file."""
    return load(DOMINOS_CSV)[index]


def _official_texts(load: Callable[[str], Any], start: int, stop: int) -> list[str]:
    """The dominos ``start`` to ``stop`` of the package's file, as text."""
    return [str(d) for d in load(DOMINOS_CSV)][start:stop]


def _official_crowns(load: Callable[[str], Any]) -> Any:
    """The crowns of all the dominos of the package's file."""
    return sum(d.first.crowns + d.second.crowns for d in load(DOMINOS_CSV))


def _official_terrains(load: Callable[[str], Any]) -> dict[str, Any]:
    """How many squares of each terrain the package's file holds."""
    return {t: sum((d.first.terrain == t) + (d.second.terrain == t) for d in load(DOMINOS_CSV)) for t in TERRAINS}


@dataclass(frozen=True)
class _NamesLine:
    """A comparison: true when the message names line ``line`` ("ligne 11" is what the French worksheet asks for)."""

    line: int

    def __call__(self, got: Any, expected: Any) -> bool:
        return f"line {self.line}" in got or f"ligne {self.line}" in got


def _naming(rows: list[Row], load: Callable[[str], Any]) -> list[Example]:
    """The examples of rows ``(description, observe, arguments, line[, hint])``: the message names ``line``."""
    examples = []
    for description, observe, arguments, line, *hint in rows:
        expected = _("a ValueError whose message names line {line}").format(line=line)
        examples += observed([(description, observe, arguments, expected, *hint)], load, compare=_NamesLine(line))
    return examples


def _official_file_rows(lines: list[str]) -> list[Row]:
    """Rows on the package's file and on good copies of it."""
    return [
        ("type(load_dominos(DOMINOS_CSV)).__name__", _official_type, (), "list"),
        ("len(load_dominos(DOMINOS_CSV))", _official_count, (), 48),
        ("[d.number for d in load_dominos(DOMINOS_CSV)]", _official_numbers, (), list(range(1, 49))),
        (_("load_dominos(DOMINOS_CSV)[47]  (the first half is terrain1, crowns1)"), _official_domino, (47,),
         _d(48, "W0", "M3")),
        ("[str(d) for d in load_dominos(DOMINOS_CSV)][16:20]", _official_texts, (16, 20),
         ["#17 F0 L0", "#18 F0 G0", "#19 W1 F0", "#20 W1 L0"],
         _("Keep the halves in the order of the file: terrain1, crowns1 first.")),
        (_("total crowns of load_dominos(DOMINOS_CSV)"), _official_crowns, (), 39),
        (_("squares per terrain in load_dominos(DOMINOS_CSV)"), _official_terrains, (),
         {"wheat": 26, "forest": 22, "water": 18, "grassland": 14, "swamp": 10, "mine": 6}),
        (_("load_dominos(a copy of the file whose line 2 is '1,forest,2,swamp,0')[0]"), _copy_domino,
         (_changed(lines, 1, "1,forest,2,swamp,0"), 0), _d(1, "F2", "S0"),
         _("Read the file at `path`, not DOMINOS_CSV.")),
        (_("[d.number for d in load_dominos(a copy of the file with its dominos in reverse order)][:3]"),
         _copy_numbers, ([lines[0], *reversed(lines[1:])], 3), [48, 47, 46],
         _("Return the dominos in the order of the file's lines, not sorted by number.")),
    ]


def _broken_file_rows(lines: list[str]) -> list[Row]:
    """Rows of broken copies of the file: (description, observe, arguments, line named, hint)."""
    return [
        (_("a file whose header has 4 columns"), _load_error, (_changed(lines, 0, "number,terrain1,crowns1,terrain2"),),
         1, _("Line 1 is the header: check its five columns too.")),
        (_("a file whose line 2, the first domino, has the terrain 'desert'"), _load_error,
         (_changed(lines, 1, "1,wheat,0,desert,0"),), 2,
         _("Number the lines as the file does: line 1 is the header, line 2 the first "
           "domino (enumerate(rows, start=1)).")),
        (_("a file whose line 11 is '10,forest,0,forest' (4 columns)"), _load_error,
         (_changed(lines, 10, "10,forest,0,forest"),), 11,
         _("Check that each line has five columns before reading it.")),
        (_("a file whose line 8 has the terrain 'desert'"), _load_error, (_changed(lines, 7, "7,wheat,0,desert,0"),), 8,
         _("Raise ValueError with 'line 8' in its message (line 1 is the header).")),
        (_("a file whose line 31 has the terrain 'castle'"), _load_error, (_changed(lines, 30, "30,castle,0,wheat,0"),),
         31, _("The castle is no terrain of a domino: only the six of TERRAINS are.")),
        (_("a file whose line 4 has 4 crowns"), _load_error, (_changed(lines, 3, "3,forest,0,forest,4"),), 4,
         _("A square has 0 to 3 crowns.")),
        (_("a file whose line 3 has -1 crowns"), _load_error, (_changed(lines, 2, "2,wheat,-1,wheat,0"),), 3,
         _("A square has 0 to 3 crowns: -1 is too few.")),
        (_("a file whose line 45 has the crowns 'one'"), _load_error, (_changed(lines, 44, "44,wheat,one,mine,0"),), 45,
         _("Crowns are a whole number: say which line is wrong rather than let int() fail.")),
        (_("a file whose line 6 has the number 'x5'"), _load_error, (_changed(lines, 5, "x5,wheat,0,forest,0"),), 6,
         _("A domino's number is a whole number: say which line is wrong rather than let int() fail.")),
    ]


def _number_rows(lines: list[str]) -> list[Row]:
    """Rows of copies whose numbers are written in other ways, or whose dominos are too few or too many."""
    return [
        (_("a file whose line 4 has the number '+3'"), _load_error, (_changed(lines, 3, "+3,forest,0,forest,0"),), 4,
         _("A whole number is written with the digits 0 to 9 only: no sign, no point. "
           "Test the text (number.isdigit()) before converting it.")),
        (_("a file whose line 4 has the crowns '+1'"), _load_error, (_changed(lines, 3, "3,forest,+1,forest,0"),), 4,
         _("A whole number is written with the digits 0 to 9 only: no sign, no point. "
           "Test the text (crowns.isdigit()) before converting it.")),
        (_("a file with 47 dominos (ends on line 48)"), _load_error, (lines[:-1],), 48,
         _("Name the last line of the file when there are not 48 dominos.")),
        (_("a file with 49 dominos (ends on line 50)"), _load_error, (lines + ["49,wheat,0,wheat,0"],), 50),
    ]


def check_load_dominos(load_dominos: Callable[[str], list[Any]]) -> CheckResult:
    """Check ``load_dominos(path)`` on the real file and on broken copies of it."""
    lines = _official_lines()
    return check(
        "dominations.load",
        [
            *observed(_official_file_rows(lines), load_dominos),
            *_naming(_broken_file_rows(lines), load_dominos),
            *observed([(_("load_dominos(a copy of the file whose line 4 is '03,forest,01,forest,0')[2]"), _copy_domino,
                        (_changed(lines, 3, "03,forest,01,forest,0"), 2), _d(3, "F1", "F0"),
                        _("03 is a whole number written with digits: 3, and 01 is one crown."))], load_dominos),
            *_naming(_number_rows(lines), load_dominos),
            *observed([(_("a file loaded, then changed to have the number '+3' on line 4 and loaded again"),
                        _loaded_again, (lines, _changed(lines, 3, "+3,forest,0,forest,0")),
                        _("a ValueError whose message names line 4"),
                        _("Read the file at every call: it may have changed since the last one."))],
                      load_dominos, compare=_NamesLine(4)),
        ],
    )


# ----------------------------------------------------------------------------- Kingdom


def _kingdom(Kingdom: Any, text: str, size: int | None) -> Any:
    """``Kingdom.from_text(text)``, or ``Kingdom.from_text(text, size)`` when a size is given."""
    return Kingdom.from_text(text) if size is None else Kingdom.from_text(text, size)


def _new_can_place(Kingdom: Any, domino: Domino, first: tuple[int, int], second: tuple[int, int]) -> Any:
    """What ``Kingdom().can_place`` says of the placement."""
    return Kingdom().can_place(domino, first, second)


def _can_place(Kingdom: Any, text: str, domino: Domino, first: tuple[int, int], second: tuple[int, int],
               size: int | None = None) -> Any:
    """What ``can_place`` of the kingdom written ``text`` says of the placement."""
    return _kingdom(Kingdom, text, size).can_place(domino, first, second)


def _placed(Kingdom: Any, text: str, domino: Domino, first: tuple[int, int], second: tuple[int, int],
            size: int = 5) -> Any:
    """The kingdom written ``text`` after ``place``, as text."""
    kingdom = Kingdom.from_text(text, size)
    kingdom.place(domino, first, second)
    return kingdom.to_text()


def _refused(Kingdom: Any, text: str, domino: Domino, first: tuple[int, int], second: tuple[int, int],
             size: int = 5) -> str:
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


def _connection_rows(wheat_forest: Domino, water: Domino, wheat: Domino) -> list[Row]:
    """Rows on how a domino connects: to the castle, by each half's terrain, by an edge."""
    no = _("refused, unchanged")
    return [
        ("Kingdom().can_place(#13 W0 F0, (4, 5), (4, 6))", _new_can_place, (wheat_forest, (4, 5), (4, 6)), True,
         _("Any terrain may touch the castle.")),
        (_("Kingdom().can_place(#31 L1 L0, (4, 2), (4, 3))  (only the second half touches the castle)"),
         _new_can_place, (water, (4, 2), (4, 3)), True, _("Either half may be the one that touches.")),
        (_("placing #13 W0 F0 on (4, 5), (4, 6): to_text()"), _placed, ("C0", wheat_forest, (4, 5), (4, 6)),
         "C0 W0 F0"),
        (_("placing #13 W0 F0 flipped, first on (4, 6), second on (4, 5): to_text()"), _placed,
         ("C0", wheat_forest, (4, 6), (4, 5)), "C0 F0 W0",
         _("The first square goes on `first`, the second on `second`.")),
        (_("placing #13 W0 F0 turned: first on (3, 4), second above it on (2, 4)"), _placed,
         ("C0", wheat_forest, (3, 4), (2, 4)), "F0\nW0\nC0"),
        (_("'C0 W0' + #31 L1 L0 on (4, 6), (4, 7) (water touches only wheat)"), _can_place,
         ("C0 W0", water, (4, 6), (4, 7)), False),
        (_("'C0 W0' + #13 W0 F0 on (3, 5), (3, 6) (wheat on wheat)"), _can_place,
         ("C0 W0", wheat_forest, (3, 5), (3, 6)), True),
        (_("'F0 F0 C0' + #13 W0 F0 on (2, 2), (3, 2) (the forest half touches forest)"), _can_place,
         ("F0 F0 C0", wheat_forest, (2, 2), (3, 2)), True,
         _("Each half connects by its own terrain: the second square with domino.second.")),
        (_("'W0 W0 C0' + #13 W0 F0 on (2, 2), (3, 2) (the forest half touches only wheat)"), _refused,
         ("W0 W0 C0", wheat_forest, (2, 2), (3, 2)), no,
         _("Each half connects by its own terrain: the second square with domino.second.")),
        (_("'C0 W0' + #1 W0 W0 on (3, 6), (2, 6) (a corner is not a touch)"), _refused,
         ("C0 W0", wheat, (3, 6), (2, 6)), no,
         _("Squares touch by an edge: up, right, down or left, never diagonally.")),
        (_("'C0 W0' + #13 on (4, 5), (3, 5) (square (4, 5) is taken)"), _refused,
         ("C0 W0", wheat_forest, (4, 5), (3, 5)), no,
         _("can_place says False, place raises ValueError and changes nothing.")),
        (_("'C0 W0' + #13 on (3, 4), (4, 4) (the second half on the castle)"), _refused,
         ("C0 W0", wheat_forest, (3, 4), (4, 4)), no, _("Both squares must be free: check the second half too.")),
        (_("Kingdom().place(#13, (4, 5), (4, 7)) (halves not neighbours)"), _refused,
         ("C0", wheat_forest, (4, 5), (4, 7)), no),
    ]


def _area_rows(wheat_forest: Domino, wheat: Domino) -> list[Row]:
    """Rows on the area and on the kingdom's size: 5x5, or 7x7 in the Mighty Duel."""
    no = _("refused, unchanged")
    return [
        (_("Kingdom().place(#1 W0 W0, (-1, 4), (0, 4)) (outside the area)"), _refused, ("C0", wheat, (-1, 4), (0, 4)),
         no, _("grid[-1] is the last row in Python: check that both squares are in the area.")),
        (_("'C0 W0 W0 W0 W0' + #1 W0 W0 on (4, 9), (3, 9) (column 9 is outside the area)"), _refused,
         ("C0 W0 W0 W0 W0", wheat, (4, 9), (3, 9)), no,
         _("The area has rows and columns 0 to 8: check both squares before reading the grid.")),
        (_("'W0 W0 C0 W0' + #1 W0 W0 on (4, 1), (3, 1) (5 wide, 3 columns left of the castle)"), _can_place,
         ("W0 W0 C0 W0", wheat, (4, 1), (3, 1)), True,
         _("The 5x5 square may lie anywhere around the castle: measure the kingdom, "
           "not the distance to the castle.")),
        (_("'W0 C0 W0 W0 W0' + #13 W0 F0 on (4, 8), (3, 8) (6 columns wide)"), _refused,
         ("W0 C0 W0 W0 W0", wheat_forest, (4, 8), (3, 8)), no, _("The kingdom, castle included, must fit in 5x5.")),
        (_("'W0\\nW0\\nC0\\nW0' + #1 W0 W0 on (1, 4), (0, 4) (6 rows high)"), _refused,
         ("W0\nW0\nC0\nW0", wheat, (1, 4), (0, 4)), no, _("The 5x5 rule holds upwards and downwards too.")),
        (_("'W0 W0 C0 .. ..\\n.. .. F0 F0 F0' + #3 F0 F0 on (5, 7), (6, 7) (6 columns wide, far from the "
           "castle)"), _refused, ("W0 W0 C0 .. ..\n.. .. F0 F0 F0", _d(3, "F0", "F0"), (5, 7), (6, 7)), no,
         _("Measure the whole kingdom, not the distance to the castle.")),
        (_("Kingdom.from_text('W0 W0 W0 C0 W0 W0', 7).can_place(#1 W0 W0, (6, 9), (5, 9))  (7 wide in the "
           "Mighty Duel)"), _can_place, ("W0 W0 W0 C0 W0 W0", wheat, (6, 9), (5, 9), 7), True,
         _("In the Mighty Duel (size 7) the kingdom fits in 7x7.")),
        (_("Kingdom.from_text('W0 W0 W0 C0 W0 W0', 7).can_place(#1 W0 W0, (6, 9), (6, 10))  (8 wide)"), _can_place,
         ("W0 W0 W0 C0 W0 W0", wheat, (6, 9), (6, 10), 7), False),
    ]


def _touch_rows() -> list[Row]:
    """Rows of ``touches`` at the edges of the area, and of a turned placement."""
    return [
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
    ]


def check_placement(Kingdom: Any, Domino: Any = Domino) -> CheckResult:
    """Check ``Kingdom.can_place`` and ``Kingdom.place``, one example per rule."""
    wheat_forest = _d(13, "W0", "F0")
    wheat = _d(1, "W0", "W0")
    return check(
        "dominations.placement",
        [
            *observed(_connection_rows(wheat_forest, _d(31, "L1", "L0"), wheat), Kingdom),
            *observed(_area_rows(wheat_forest, wheat), Kingdom),
            *table(_touch_rows(), {"Kingdom": Kingdom, "Domino": Domino, "Square": Square,
                                   "placed": functools.partial(_placed, Kingdom)}),
            *_anew(PLACEMENT_ANEW, Kingdom=Kingdom),
            *generated("dominations.placement", {"Kingdom": Kingdom}),
        ],
    )


FULL_WHEAT = "\n".join(["W0 W0 W0 W0 W0"] * 2 + ["W0 W0 C0 W0 W0"] + ["W0 W0 W0 W0 W0"] * 2)
HOSTILE = "C0 W0 W0 W0 W0\nW0 .. .. .. F0\nW0 .. .. .. F0\nW0 .. .. .. F0\nW0 F0 F0 F0 F0"
#: A kingdom that looking for placements must leave as it is.
UNTOUCHED = "W0 W1 ..\n.. C0 F0"


def _new_legal_count(Kingdom: Any, domino: Domino) -> int:
    """How many placements a new kingdom has for ``domino``."""
    return len(Kingdom().legal_placements(domino))


def _legal_count(Kingdom: Any, text: str, domino: Domino, size: int | None = None) -> int:
    """How many placements the kingdom written ``text`` has for ``domino``."""
    return len(_kingdom(Kingdom, text, size).legal_placements(domino))


def _first_legal(Kingdom: Any, text: str, domino: Domino, count: int) -> list[Any]:
    """The ``count`` smallest placements of ``domino`` in the kingdom written ``text``."""
    return sorted(Kingdom.from_text(text).legal_placements(domino))[:count]


def _legal_list(Kingdom: Any, text: str, domino: Domino) -> list[Any]:
    """The placements of ``domino`` in the kingdom written ``text``, as a list."""
    return list(Kingdom.from_text(text).legal_placements(domino))


def _each_once(Kingdom: Any, text: str, domino: Domino) -> bool:
    """True when no placement comes twice."""
    placements = list(Kingdom.from_text(text).legal_placements(domino))
    return len(placements) == len(set(placements))


def _unchanged_by_legal(Kingdom: Any, text: str, domino: Domino) -> Any:
    """The kingdom written ``text`` after ``legal_placements``, as text."""
    kingdom = Kingdom.from_text(text)
    kingdom.legal_placements(domino)
    return kingdom.to_text()


def _new_is_full(Kingdom: Any) -> Any:
    """Whether a new kingdom is full."""
    return Kingdom().is_full()


def _is_full(Kingdom: Any, text: str, size: int | None = None) -> Any:
    """Whether the kingdom written ``text`` is full."""
    return _kingdom(Kingdom, text, size).is_full()


def _legal_rows() -> list[Row]:
    """Rows of ``legal_placements`` and ``is_full``."""
    full = FULL_WHEAT
    return [
        ("len(Kingdom().legal_placements(#13 W0 F0))", _new_legal_count, (_d(13, "W0", "F0"),), 24,
         _("4 squares touch the castle, 3 ways to lay a domino from each, 2 ways round.")),
        ("sorted(Kingdom.from_text('L0 C0').legal_placements(#31 L1 L0))[:2]", _first_legal,
         ("L0 C0", _d(31, "L1", "L0"), 2), [((2, 3), (3, 3)), ((2, 4), (3, 4))]),
        ("len(Kingdom.from_text('L0 C0').legal_placements(#31 L1 L0))", _legal_count, ("L0 C0", _d(31, "L1", "L0")),
         LEN_L0_C0, _("Every pair (first, second) that can_place accepts: both ways round.")),
        (_("no placement twice in Kingdom.from_text('L0 C0').legal_placements(#31 L1 L0)"), _each_once,
         ("L0 C0", _d(31, "L1", "L0")), True),
        ("len(Kingdom.from_text('W0 W0 W0 C0 W0 W0', 7).legal_placements(#2 W0 W0))", _legal_count,
         ("W0 W0 W0 C0 W0 W0", _d(2, "W0", "W0"), 7), LEN_DUEL,
         _("In the Mighty Duel the area is 13x13: look at every square of it.")),
        (_("Kingdom.from_text({text}) after legal_placements(#20 W1 F0): to_text()").format(text=repr(UNTOUCHED)),
         _unchanged_by_legal, (UNTOUCHED, _d(20, "W1", "F0")), UNTOUCHED,
         _("Try placements without placing them (can_place), or on a copy.")),
        ("Kingdom().is_full()", _new_is_full, (), False),
        (f"Kingdom.from_text({full!r}).is_full()", _is_full, (full,), True,
         _("A kingdom of size x size squares, castle included, is full: count the squares "
           "that are not None and compare with self.size * self.size.")),
        (f"Kingdom.from_text({HOSTILE!r}).is_full()  " + _("(a 5x5 kingdom with 9 empty squares)"), _is_full,
         (HOSTILE,), False,
         _("Full means size x size squares taken, not a kingdom that spans 5 rows and 5 columns.")),
        (f"Kingdom.from_text({full!r}, 7).is_full()  " + _("(the Mighty Duel needs 7x7)"), _is_full, (full, 7),
         False),
        (f"Kingdom.from_text({full!r}).legal_placements(#13 W0 F0)", _legal_list, (full, _d(13, "W0", "F0")), []),
        (f"list(Kingdom.from_text({HOSTILE!r}).legal_placements(#31 L1 L0))", _legal_list,
         (HOSTILE, _d(31, "L1", "L0")), []),
    ]


def check_legal_placements(Kingdom: Any, Domino: Any = Domino) -> CheckResult:
    """Check ``Kingdom.legal_placements`` and ``Kingdom.is_full``."""
    stale = _stale("dominations.legal", "Kingdom", Kingdom, KINGDOM_LEGAL)
    if stale:
        return stale
    return check(
        "dominations.legal",
        [
            *observed(_legal_rows(), Kingdom),
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


def _sorted_property(Kingdom: Any, text: str, position: tuple[int, int]) -> list[Any]:
    """The squares of the property at ``position``, sorted."""
    return sorted(Kingdom.from_text(text).property_of(position))


def _property_list(Kingdom: Any, text: str, position: tuple[int, int]) -> list[Any]:
    """The squares of the property at ``position``, as a list."""
    return list(Kingdom.from_text(text).property_of(position))


def _property_size(Kingdom: Any, text: str, position: tuple[int, int]) -> int:
    """How many squares the property at ``position`` has."""
    return len(Kingdom.from_text(text).property_of(position))


def _crown_row(Kingdom: Any, text: str, row: int, start: int, stop: int) -> list[Any]:
    """Columns ``start`` to ``stop`` of a row of the crown map."""
    return list(Kingdom.from_text(text).crown_map()[row][start:stop])


def _crown_block(Kingdom: Any, text: str, start: int, stop: int) -> list[list[Any]]:
    """Rows and columns ``start`` to ``stop`` of the crown map."""
    return [list(row[start:stop]) for row in Kingdom.from_text(text).crown_map()[start:stop]]


def _property_rows() -> list[Row]:
    """Rows of ``property_of`` and ``crown_map``."""
    return [
        (f"sorted(Kingdom.from_text({EXAMPLE!r}).property_of((3, 3)))", _sorted_property, (EXAMPLE, (3, 3)),
         [(3, 3), (3, 4), (4, 3)]),
        (_("sorted(... .property_of((3, 5)))  (the forest)"), _sorted_property, (EXAMPLE, (3, 5)),
         [(3, 5), (3, 6), (4, 5)]),
        (_("... .property_of((4, 4))  (the castle)"), _property_list, (EXAMPLE, (4, 4)), []),
        (_("... .property_of((0, 0))  (an empty square)"), _property_list, (EXAMPLE, (0, 0)), []),
        (_("sorted(Kingdom.from_text({text}).property_of((3, 4)))  (a wheat U: the search must come "
           "back)").format(text=repr(SHAPES)), _sorted_property, (SHAPES, (3, 4)),
         [(2, 2), (2, 3), (2, 4), (3, 2), (3, 4), (4, 2)],
         _("When a square has no new neighbour, pop it and go on from the square below it "
           "on the stack.")),
        (_("len(property_of((2, 2))) of a 5x5 kingdom all wheat around its castle  (24 squares)"), _property_size,
         (FULL_WHEAT, (2, 2)), 24,
         _("Mark a square as seen when you push it, not when you pop it: in a block of 2x2 "
           "squares a square can be reached twice.")),
        (_("len(... .property_of((2, 2)))  (each square once)"), _property_size, (SHAPES, (2, 2)), 6),
        (_("sorted(... .property_of((6, 6)))  (another wheat property, apart)"), _sorted_property, (SHAPES, (6, 6)),
         [(6, 5), (6, 6)]),
        (_("Kingdom.from_text({text}).property_of((4, 5))  (squares joined by a corner)").format(text=repr(CORNERS)),
         _property_list, (CORNERS, (4, 5)), [(4, 5)],
         _("A property is joined by edges (up, right, down, left), never diagonally.")),
        ("... .crown_map()[3][3:7]", _crown_row, (EXAMPLE, 3, 3, 7), [1, 1, 1, 1]),
        ("... .crown_map()[5][3:7]", _crown_row, (EXAMPLE, 5, 3, 7), [0, 0, 2, 2]),
        ("[row[2:7] for row in Kingdom.from_text(SHAPES).crown_map()[2:7]]", _crown_block, (SHAPES, 2, 7),
         SHAPES_CROWN_MAP),
    ]


def check_properties(Kingdom: Any) -> CheckResult:
    """Check ``Kingdom.property_of`` and ``Kingdom.crown_map``."""
    stale = _stale("dominations.properties", "Kingdom", Kingdom, KINGDOM_PROPERTIES)
    if stale:
        return stale
    return check(
        "dominations.properties",
        [
            *observed(_property_rows(), Kingdom),
            *generated("dominations.properties", {"Kingdom": Kingdom}),
            *_anew(PROPERTIES_ANEW, Kingdom=Kingdom),
        ],
    )


#: A complete kingdom, castle in the middle, and its points without bonus.
COMPLETE = "\n".join(["F1 F0 W0 W0 W0", "F0 F0 W1 W0 W0", "L1 L0 C0 W0 W0", "L0 L0 G0 G2 G0", "M2 M0 S0 S0 S1"])
COMPLETE_POINTS = 4 * 1 + 8 * 1 + 4 * 1 + 3 * 2 + 2 * 2 + 3 * 1


def _new_score(Kingdom: Any, bonuses: dict[str, bool]) -> Any:
    """The score of a new kingdom, with ``bonuses`` as keywords."""
    return Kingdom().score(**bonuses)


def _score(Kingdom: Any, text: str, bonuses: dict[str, bool], size: int | None = None) -> Any:
    """The score of the kingdom written ``text``, with ``bonuses`` as keywords."""
    return _kingdom(Kingdom, text, size).score(**bonuses)


def _unchanged_by_score(Kingdom: Any, text: str) -> Any:
    """The kingdom written ``text`` after ``score(True, True)``, as text."""
    kingdom = Kingdom.from_text(text)
    kingdom.score(True, True)
    return kingdom.to_text()


def _plain_score_rows() -> list[Row]:
    """Rows of ``score`` without bonus, and of a lone castle in the middle."""
    return [
        (f"Kingdom.from_text({EXAMPLE!r}).score()", _score, (EXAMPLE, {}), 10),
        (f"Kingdom.from_text({SHAPES!r}).score()", _score, (SHAPES, {}), 19),
        ("Kingdom().score()", _new_score, ({},), 0),
        (_("Kingdom.from_text('F0 F0 C0 F0 F0\\nF0 F0 .. F0 F0').score()  (no crowns)"), _score,
         ("F0 F0 C0 F0 F0\nF0 F0 .. F0 F0", {}), 0),
        (_("Kingdom.from_text('W1 W0 C0 W1 W0').score()  (two wheat properties)"), _score, ("W1 W0 C0 W1 W0", {}), 4,
         _("Each property is scored on its own: 2 x 1 + 2 x 1.")),
        (_("Kingdom.from_text('W1 C0 W1').score()  (the castle joins nothing)"), _score, ("W1 C0 W1", {}), 2),
        (_("Kingdom.from_text({text}).score()  (joined by a corner only)").format(text=repr(CORNERS)), _score,
         (CORNERS, {}), 2, _("Squares that meet at a corner are two properties: 1 x 1 + 1 x 1.")),
        ("Kingdom().score(middle_kingdom=True)", _new_score, ({"middle_kingdom": True},), 10),
    ]


def _bonus_score_rows() -> list[Row]:
    """Rows of ``score`` with the Middle Kingdom and Harmony bonuses."""
    middle = {"middle_kingdom": True}
    return [
        (_("Kingdom.from_text('C0 W1 W0 W0').score(middle_kingdom=True)  (castle off-centre)"), _score,
         ("C0 W1 W0 W0", middle), 3),
        (_("Kingdom.from_text('W1 C0 W0 W0').score(middle_kingdom=True)  (not complete, centred)"), _score,
         ("W1 C0 W0 W0", middle), 11,
         _("Centred means every square within size // 2 rows and columns of the castle.")),
        ("Kingdom.from_text('W1 W0 W0 C0 W0 W0 W0', 7).score(middle_kingdom=True)", _score,
         ("W1 W0 W0 C0 W0 W0 W0", middle, 7), 13, _("In the Mighty Duel, size // 2 is 3.")),
        (_("a complete kingdom, castle in the middle: score(harmony=True)"), _score, (COMPLETE, {"harmony": True}),
         COMPLETE_POINTS + 5),
        (_("a kingdom with one square missing: score(harmony=True)"), _score,
         (COMPLETE[:-2] + "..", {"harmony": True}), COMPLETE_POINTS - 3),  # the swamp loses its crown
        (_("a complete kingdom, castle in the middle, both bonuses"), _score,
         (COMPLETE, {"middle_kingdom": True, "harmony": True}), COMPLETE_POINTS + 10 + 5),
        (_("Kingdom.from_text({text}) after score(True, True): to_text()").format(text=repr(SHAPES)),
         _unchanged_by_score, (SHAPES,), SHAPES),
    ]


def check_score(Kingdom: Any) -> CheckResult:
    """Check ``Kingdom.score`` with and without the bonuses."""
    stale = _stale("dominations.score", "Kingdom", Kingdom, KINGDOM_SCORE)
    if stale:
        return stale
    return check(
        "dominations.score",
        [
            *observed(_plain_score_rows(), Kingdom),
            *_anew(SCORE_ANEW, Kingdom=Kingdom),
            *observed(_bonus_score_rows(), Kingdom),
            *generated("dominations.score", {"Kingdom": Kingdom}),
        ],
    )


def _largest(players: Any, text: str) -> Any:
    """The largest property of the kingdom written ``text``."""
    return players.Kingdom.from_text(text).largest_property()


def _new_largest(players: Any) -> Any:
    """The largest property of a new kingdom."""
    return players.Kingdom().largest_property()


def _crowns(players: Any, text: str) -> Any:
    """The crowns of the kingdom written ``text``."""
    return players.Kingdom.from_text(text).crowns()


def _rank(players: Any, texts: tuple[str, ...], bonuses: dict[str, bool]) -> Any:
    """``ranking`` of the kingdoms written ``texts``, each group as a list."""
    groups = players.ranking([players.Kingdom.from_text(text) for text in texts], **bonuses)
    return [list(group) for group in groups]  # a group may be any sequence


def _ranking_rows() -> list[Row]:
    """Rows of ``largest_property``, ``crowns`` and ``ranking``."""
    a = "W1 W0 W0 C0"  # 3 points, largest 3, 1 crown
    b = "W1 C0 F1 F0"  # 1 + 2 = 3 points, largest 2
    c = "C0 L3"  # 3 points, largest 1, 3 crowns
    d = "C0 G1 G0"  # 2 points
    e = "W1 W0 W0 C0\n.. F0 F0 F0"  # 3 points, largest 3, 1 crown
    f = "M3 .. .. C0\n.. F0 F0 F0"  # 3 points, largest 3, 3 crowns
    off_centre = "C0 W1 W0 W0 W0"  # 4 points, 4 with the bonus
    centred = "C0 L1 L0"  # 2 points, 12 with the bonus
    return [
        (f"Kingdom.from_text({a!r}).largest_property()", _largest, (a,), 3),
        ("Kingdom().largest_property()", _new_largest, (), 0),
        (f"Kingdom.from_text({b!r}).crowns()", _crowns, (b,), 2),
        (_("ranking of {kingdoms}").format(kingdoms=[a, d]), _rank, ((a, d), {}), [[0], [1]]),
        (_("ranking of {kingdoms}  (3 points each for players 1 and 2: the larger property wins)").format(
            kingdoms=[d, b, a]), _rank, ((d, b, a), {}), [[2], [1], [0]]),
        (_("ranking of {kingdoms} (3 points each; then largest property 2 > 1, whatever the crowns)").format(
            kingdoms=[b, c]), _rank, ((b, c), {}), [[0], [1]],
         _("The largest property counts squares; crowns come only after it.")),
        (_("ranking of {kingdoms} (3 points and largest property 3 each; then 1 crown < 3)").format(
            kingdoms=[e, f]), _rank, ((e, f), {}), [[1], [0]],
         _("After the largest property, the most crowns in the kingdom wins.")),
        (_("ranking of {kingdoms}  (shared victory)").format(kingdoms=[a, a]), _rank, ((a, a), {}), [[0, 1]]),
        (_("ranking of {kingdoms}  (players 0 and 2 share the victory)").format(kingdoms=[a, d, e]), _rank,
         ((a, d, e), {}), [[0, 2], [1]], _("A group holds the players still equal, in increasing order.")),
        (_("ranking of {kingdoms}").format(kingdoms=[off_centre, centred]), _rank, ((off_centre, centred), {}),
         [[0], [1]]),
        (_("ranking of {kingdoms} with middle_kingdom=True").format(kingdoms=[off_centre, centred]), _rank,
         ((off_centre, centred), {"middle_kingdom": True}), [[1], [0]], _("Pass the bonuses on to score.")),
    ]


def check_ranking(Kingdom: Any, ranking: Callable[..., Any]) -> CheckResult:
    """Check ``largest_property``, ``crowns`` and ``ranking`` with its tie-breaks."""
    stale = _stale("dominations.ranking", "Kingdom", Kingdom, KINGDOM_RANKING)
    if stale:
        return stale
    return check(
        "dominations.ranking",
        [
            *observed(_ranking_rows(), SimpleNamespace(Kingdom=Kingdom, ranking=ranking)),
            *generated("dominations.ranking", {"Kingdom": Kingdom, "ranking": ranking}),
        ],
    )


#: a kingdom where the best plain placement of #25 F1 W0 differs from the best one with the bonuses
BONUS_TRAP = "W0 G2 .. ..\nF1 G0 C0 M2\n.. G2 .. S0\n.. L0 L0 F0"
#: The kingdoms the greedy AI plays on.
WHEAT_BY_CASTLE = "W1 C0"
RING = "F0 F0 F0\nF0 C0 F0\nF0 F0 F0"


def _new_greedy_placement(ai: Any, domino: Domino) -> Any:
    """The greedy placement of ``domino`` in a new kingdom."""
    return ai.placement(ai.Kingdom(), domino)


def _greedy_placement(ai: Any, text: str, domino: Domino, size: int | None = None) -> Any:
    """The greedy placement of ``domino`` in the kingdom written ``text``."""
    return ai.placement(_kingdom(ai.Kingdom, text, size), domino)


def _greedy_choice(ai: Any, text: str, line: list[Domino], previous: Domino | None) -> Any:
    """The number of the greedy choice of the line in the kingdom written ``text``."""
    return ai.choice(ai.Kingdom.from_text(text), line, previous).number


def _unchanged_by_greedy(ai: Any, text: str) -> Any:
    """True when the kingdom written ``text`` is the same after both functions (its ``to_text()`` compared)."""
    kingdom = ai.Kingdom.from_text(text)
    ai.placement(kingdom, _d(20, "W1", "F0"))
    ai.choice(kingdom, [_d(3, "F0", "F0"), _d(22, "W1", "L0")], _d(20, "W1", "F0"))
    return kingdom.to_text() == text


def _greedy_placement_rows() -> list[Row]:
    """Rows of ``greedy_placement``: best score now, then closest, then smallest."""
    return [
        (_("greedy_placement(Kingdom(), #1 W0 W0)  (all score 0: closest, then smallest)"), _new_greedy_placement,
         (_d(1, "W0", "W0"),), ((2, 4), (3, 4)),
         _("The closest placements have distance 1 + 2 = 3; then the smallest "
           "(first, second) tuple wins.")),
        (f"greedy_placement(Kingdom.from_text({WHEAT_BY_CASTLE!r}), #20 W1 F0)", _greedy_placement,
         (WHEAT_BY_CASTLE, _d(20, "W1", "F0")), ((3, 3), (3, 4)),
         _("Wheat next to wheat scores 2 squares x 2 crowns = 4; of those placements, "
           "take the closest to the castle.")),
        ("greedy_placement(Kingdom.from_text('W1 C0 F0 F0'), #1 W0 W0)", _greedy_placement,
         ("W1 C0 F0 F0", _d(1, "W0", "W0")), ((3, 3), (3, 4)),
         _("The distance is measured from the castle, not from the kingdom's corner.")),
        ("greedy_placement(Kingdom.from_text('C0 F1\\n.. W0'), #22 W1 S0)", _greedy_placement,
         ("C0 F1\n.. W0", _d(22, "W1", "S0")), ((5, 4), (5, 3)),
         _("Equal scores and distances: the smallest placement (first, second) in Python's "
           "order of tuples, ((5, 4), (5, 3)) before ((5, 4), (6, 4)), whatever order you tried them in.")),
        (f"greedy_placement(Kingdom.from_text({BONUS_TRAP!r}, 5), #25 F1 W0)", _greedy_placement,
         (BONUS_TRAP, _d(25, "F1", "W0"), 5), ((4, 1), (3, 1)),
         _("The plain score decides, score() without the Middle Kingdom or Harmony bonus: "
           "the bonus that ((5, 2), (6, 2)) would earn by keeping the castle in the middle "
           "does not count.")),
        (_("greedy_placement(a complete kingdom, #31 L1 L0)"), _greedy_placement, (FULL_WHEAT, _d(31, "L1", "L0")),
         None),
    ]


def _greedy_choice_rows() -> list[Row]:
    """Rows of ``greedy_choice``: the previous domino placed first, ties toward the castle, then the number."""
    text = WHEAT_BY_CASTLE
    return [
        (f"greedy_choice(Kingdom.from_text({text!r}), [#3 F0 F0, #22 W1 L0], None).number", _greedy_choice,
         (text, [_d(3, "F0", "F0"), _d(22, "W1", "L0")], None), 22),
        (f"greedy_choice(Kingdom.from_text({text!r}), [#22 W1 F0, #30 L1 L0], #31 L1 L0).number", _greedy_choice,
         (text, [_d(22, "W1", "F0"), _d(30, "L1", "L0")], _d(31, "L1", "L0")), 30,
         _("Place the previous domino first (at its greedy placement, on a copy): "
           "then #30 joins its lake.")),
        ("greedy_choice(Kingdom.from_text('C0 F0 F0 F0'), [#3 F0 F0, #1 W0 W0], None).number", _greedy_choice,
         ("C0 F0 F0 F0", [_d(3, "F0", "F0"), _d(1, "W0", "W0")], None), 1,
         _("Equal scores: the domino whose greedy placement is closest to the castle.")),
        ("greedy_choice(Kingdom.from_text('C0 F0 F0 F0'), [#4 F0 F0, #3 F0 F0], None).number", _greedy_choice,
         ("C0 F0 F0 F0", [_d(4, "F0", "F0"), _d(3, "F0", "F0")], None), 3,
         _("Equal scores and distances: the lowest number, wherever it is in the line.")),
        (f"greedy_choice(Kingdom.from_text({RING!r}), [#1 W0 W0, #5 F0 F0], None).number", _greedy_choice,
         (RING, [_d(1, "W0", "W0"), _d(5, "F0", "F0")], None), 5,
         _("A domino that fits nowhere is the farthest of all.")),
        (f"greedy_choice(Kingdom.from_text({RING!r}), [#1 W0 W0, #5 F0 F0], #2 W0 W0).number", _greedy_choice,
         (RING, [_d(1, "W0", "W0"), _d(5, "F0", "F0")], _d(2, "W0", "W0")), 5,
         _("When the previous domino fits nowhere, it is discarded: judge the line on the "
           "kingdom as it is.")),
        (_("neither function changes the kingdom"), _unchanged_by_greedy, (text,), True,
         _("Try placements on kingdom.copy().")),
    ]


def check_greedy(greedy_placement: Callable[..., Any], greedy_choice: Callable[..., Any], Kingdom: Any) -> CheckResult:
    """Check the greedy AI: best score now, ties toward the castle."""
    stale = _stale("dominations.greedy", "Kingdom", Kingdom, KINGDOM_SCORE)
    if stale:
        return stale
    ai = SimpleNamespace(placement=greedy_placement, choice=greedy_choice, Kingdom=Kingdom)
    return check(
        "dominations.greedy",
        [
            *observed(_greedy_placement_rows(), ai),
            *observed(_greedy_choice_rows(), ai),
            *generated("dominations.greedy", {"Kingdom": Kingdom, "greedy_placement": greedy_placement,
                                              "greedy_choice": greedy_choice}),
            *_anew(GREEDY_ANEW, Kingdom=Kingdom, greedy_placement=greedy_placement, greedy_choice=greedy_choice),
        ],
    )



def _numbers(dominos: Any) -> list[int]:
    """The numbers of ``dominos``."""
    return [domino.number for domino in dominos]


def _second_round(Game: Any, discard: bool = False) -> Any:
    """A 4-player game put in a fixed position of round 2 through its attributes.

    The opening's dominos wait to be placed, taken by players 2, 0, 3 and 1 in that order;
    the new line is the next four dominos of the pile. With ``discard``, the kingdom of
    player 2 is full of wheat, so that the domino it places (forest) fits nowhere.
    """
    game = Game(4, random.Random(6))
    first = sorted(game.line, key=operator.attrgetter("number"))
    if discard:
        first[0] = _d(first[0].number, "F0", "F0")
        game.kingdoms[2] = type(game.kingdoms[2]).from_text(FULL_WHEAT)
    game.previous = list(zip(first, [2, 0, 3, 1]))
    game.kings = [2, 0, 3, 1]
    game.claimed = []
    game.turn = 0
    game.line = sorted(game.pile[:4], key=operator.attrgetter("number"))
    game.pile = game.pile[4:]
    return game


def _state(game: Any) -> tuple[Any, ...]:
    """What a refused move must leave as it was: the turn, kings, line, pile, claims and kingdoms."""
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
    game.next_round = functools.partial(calls.append, None)
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



def _new_game(Game: Any, players: int = 4, seed: int = 5, *options: str) -> Any:
    """``Game(players, random.Random(seed))``, with each of ``options`` set to True."""
    return Game(players, random.Random(seed), **dict.fromkeys(options, True))


def _count_of(Game: Any, part: str, players: int, *options: str) -> int:
    """How many items a part of a new game (its kings, line or pile) holds."""
    return len(getattr(_new_game(Game, players, 5, *options), part))


def _sorted_kings(Game: Any, players: int) -> list[Any]:
    """The kings of a new game, sorted."""
    return sorted(_new_game(Game, players).kings)


def _line_apart_from_pile(Game: Any) -> bool:
    """True when a new game's line and pile share no domino."""
    game = _new_game(Game)
    return not set(_numbers(game.line)) & set(_numbers(game.pile))


def _line_sorted(Game: Any) -> bool:
    """True when the numbers of a new game's line are sorted."""
    numbers = _numbers(_new_game(Game).line)
    return numbers == sorted(numbers)


def _kings_vary(Game: Any) -> bool:
    """True when the kings of new games with the seeds 0 to 11 are not all in one order."""
    return len({tuple(_new_game(Game, 4, seed).kings) for seed in range(12)}) > 1


def _next_lines_vary(Game: Any) -> bool:
    """True when a game's next line, drawn with the seeds 0 to 11, is not always the same."""
    return len({tuple(_numbers(_at(_new_game(Game), rng=random.Random(seed)).draw_line()))
                for seed in range(12)}) > 1


def _same_line(Game: Any, players: int, seed: int) -> bool:
    """True when two new games with the same seed have the same line."""
    return _numbers(_new_game(Game, players, seed).line) == _numbers(_new_game(Game, players, seed).line)


def _first_king_plays(Game: Any) -> Any:
    """True when the player of a new game is the first king's."""
    game = _new_game(Game)
    return game.player == game.kings[0]


def _opening_to_place(Game: Any) -> Any:
    """The domino to place in a new game."""
    return _new_game(Game).to_place


def _all_free(Game: Any) -> bool:
    """True when every domino of a new game's line is free."""
    game = _new_game(Game)
    return _numbers(game.free()) == _numbers(game.line)


def _own_lists(Game: Any) -> tuple[Any, ...]:
    """The claimed and previous lists of a new game, after another game added to its own."""
    first = _new_game(Game)
    first.claimed.append((first.line[0], first.player))
    first.previous.append((first.line[1], first.player))
    second = _new_game(Game)
    return (list(second.claimed), list(second.previous))


def _setup_rows() -> list[Row]:
    """Rows of a new game: its kings, line and pile, drawn with its random generator."""
    return [
        ("len(Game(4, random.Random(5)).kings)", _count_of, ("kings", 4), 4),
        (_("sorted(Game(2, random.Random(5)).kings)  (two kings each)"), _sorted_kings, (2,), [0, 0, 1, 1]),
        ("sorted(Game(3, random.Random(5)).kings)", _sorted_kings, (3,), [0, 1, 2]),
        ("len(Game(3, random.Random(5)).line)", _count_of, ("line", 3), 3),
        ("len(Game(2, random.Random(5)).line)", _count_of, ("line", 2), 4),
        (_("len(Game(2, random.Random(5)).pile)  (24 dominos in play, 4 in the line)"), _count_of, ("pile", 2), 20),
        ("len(Game(3, random.Random(5)).pile)", _count_of, ("pile", 3), 33),
        ("len(Game(4, random.Random(5)).pile)", _count_of, ("pile", 4), 44),
        (_("len(Game(2, random.Random(5), mighty_duel=True).pile)  (all 48 dominos)"), _count_of,
         ("pile", 2, "mighty_duel"), 44),
        (_("a new game's line and pile share no domino"), _line_apart_from_pile, (), True,
         _("Take the dominos of the line out of the pile.")),
        (_("numbers of Game(4, random.Random(5)).line are sorted"), _line_sorted, (), True),
        (_("Game(4, random.Random(seed)).kings for seeds 0 to 11 are not all in one order"), _kings_vary, (), True,
         _("Put the kings in a random order with self.rng (rng.shuffle).")),
        (_("the next line of Game(4, random.Random(5)) given rng = random.Random(seed), for seeds 0 to 11, "
           "is not always the same"), _next_lines_vary, (), True,
         _("Draw each line with self.rng when it is needed (self.rng.sample(self.pile, k)), not from "
           "a pile shuffled in advance: a copy given a new rng must not know the future lines.")),
        (_("Game(3, random.Random(77)) twice: the same line"), _same_line, (3, 77), True,
         _("Draw with self.rng only: the same seed gives the same game.")),
        (_("game = Game(4, random.Random(5)): game.player == game.kings[0]"), _first_king_plays, (), True),
        (_("Game(4, random.Random(5)).to_place  (the opening)"), _opening_to_place, (), None),
        (_("game.free() == game.line in a new game"), _all_free, (), True),
        (_("after another game's claimed.append(...) and previous.append(...): "
           "(Game(4, random.Random(5)).claimed, .previous)"), _own_lists, (), ([], []),
         _("Make new lists in __init__: a list written in the class body is shared by every game.")),
    ]


#: Rows of a game's options and of the queries in a chosen position.
SETUP_QUERIES = (
    ("Game(3, random.Random(5)).num_players", 3),
    ("Game(2, random.Random(5), harmony=True).harmony", True),
    ("Game(2, random.Random(5), harmony=True).middle_kingdom", False),
    ("Game(4, random.Random(5), middle_kingdom=True).middle_kingdom", True),
    ("[k.size for k in Game(2, random.Random(5), mighty_duel=True).kingdoms]", [7, 7]),
    ("[k.size for k in Game(3, random.Random(5)).kingdoms]", [5, 5, 5]),
    ("[k.to_text() for k in Game(4, random.Random(5)).kingdoms]", ["C0"] * 4),
)
#: Rows of the players that a game refuses.
REFUSED_GAMES = (
    ("Game(1, random.Random(5))", ValueError),
    ("Game(5, random.Random(5))", ValueError),
    ("Game(3, random.Random(5), mighty_duel=True)", ValueError),
)


def check_game_setup(Game: Any) -> CheckResult:
    """Check ``Game``'s set-up: kings, pile, first line, and the queries of the opening."""
    return check(
        "dominations.game_setup",
        [
            *observed(_setup_rows(), Game),
            *table([
                *SETUP_QUERIES,
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
            *table(REFUSED_GAMES, {"Game": Game, "random": random}),
        ],
        rng=True,
    )


def _opening(Game: Any) -> Any:
    """A new 4-player game, in its opening round."""
    return Game(4, random.Random(5))


def _refused_move(game: Any, move: Any) -> str:
    """What ``game.play(move)`` does: 'refused, unchanged' when it raises ValueError and changes nothing."""
    before = _state(game)
    try:
        game.play(move)
    except ValueError:
        return _("refused, unchanged") if _state(game) == before else _("refused, but the game changed")
    return _("played")


def _opening_placements(Game: Any) -> set[Any]:
    """The placements of the opening's moves."""
    return {placement for _, placement in _opening(Game).legal_moves()}


def _opening_choices(Game: Any) -> bool:
    """True when the opening's choices are the numbers of the line."""
    game = _opening(Game)
    return sorted(c for c, _ in game.legal_moves()) == _numbers(game.line)


def _choose_third(Game: Any) -> tuple[Any, ...]:
    """After the first king takes the third domino: (claimed right, turn, next king acts, still free)."""
    game = _opening(Game)
    player, third = game.player, game.line[2]
    game.play((third.number, None))
    return ([(domino.number, owner) for domino, owner in game.claimed] == [(third.number, player)],
            game.turn, game.player == game.kings[1], third.number in _numbers(game.free()))


def _place_in_opening(Game: Any) -> str:
    """What placing a domino in the opening does."""
    return _refused_move(_opening(Game), (_opening(Game).line[0].number, ((4, 5), (4, 6))))


def _taken_again(Game: Any) -> str:
    """What choosing the domino the first king took does."""
    game = _opening(Game)
    game.play((game.line[0].number, None))
    return _refused_move(game, (game.line[0].number, None))


def _unknown_in_opening(Game: Any) -> str:
    """What choosing domino 99, not in the line, does in the opening."""
    return _refused_move(_opening(Game), (99, None))


def _round_two_moves(Game: Any) -> bool:
    """True when round 2's moves are every free choice with every legal placement, each once."""
    game = _second_round(Game)
    kingdom = game.kingdoms[game.player]
    placements = kingdom.legal_placements(game.to_place)
    moves = list(game.legal_moves())
    return len(moves) == len(set(moves)) and set(moves) == {
        (number, placement) for number in _numbers(game.line) for placement in placements
    }


def _placed_in_round_two(Game: Any) -> tuple[Any, ...]:
    """After a placement in round 2: (player 2's kingdom holds the domino, next player)."""
    game = _second_round(Game)
    domino = game.to_place
    game.play((game.line[0].number, ((4, 5), (4, 6))))
    return (game.kingdoms[2].to_text() == f"C0 {domino.first} {domino.second}", game.player)


def _discard_while_fits(Game: Any) -> str:
    """What discarding the domino to place does in round 2, while it fits."""
    game = _second_round(Game)
    return _refused_move(game, (game.line[0].number, None))


def _unknown_in_round_two(Game: Any) -> str:
    """What choosing domino 99, not in the line, with a legal placement does in round 2."""
    game = _second_round(Game)
    return _refused_move(game, (99, game.legal_moves()[0][1]))


def _unconnected(Game: Any) -> str:
    """What placing the domino where it does not connect does in round 2."""
    game = _second_round(Game)
    return _refused_move(game, (game.line[0].number, ((0, 0), (0, 1))))


def _discarded(Game: Any) -> tuple[Any, ...]:
    """In round 2 with player 2's kingdom full: (placements, kingdom kept, turn after discarding)."""
    game = _second_round(Game, discard=True)
    moves = list(game.legal_moves())
    placements = {placement for _, placement in moves}
    game.play((game.line[1].number, None))
    return (placements, game.kingdoms[2].to_text() == FULL_WHEAT, game.turn)


def _turn_rows() -> list[Row]:
    """Rows of the opening's moves and of moves in a position of round 2."""
    no = _("refused, unchanged")
    return [
        (_("the opening's moves: {placement for _, placement in Game(4, random.Random(5)).legal_moves()}"),
         _opening_placements, (), {None}),
        (_("sorted(choice for choice, _ in Game(4, random.Random(5)).legal_moves()) == numbers of the line"),
         _opening_choices, (), True),
        (_("game.play((game.line[2].number, None)) in the opening: (claimed right, turn, next king acts, still "
           "free)"), _choose_third, (), (True, 1, True, False),
         _("The king stands on the domino chosen: claimed gets (domino, player), turn goes up.")),
        (_("game.play((line[0].number, ((4, 5), (4, 6)))) in the opening"), _place_in_opening, (), no,
         _("There is no domino to place in the opening round.")),
        (_("choosing line[0] again after the first king took it"), _taken_again, (), no,
         _("A king chooses a free domino of the line.")),
        (_("game.play((99, None)) in the opening  (no domino 99 in the line)"), _unknown_in_opening, (), no),
        (_("in round 2 (player 2 places first): legal_moves() == every free choice x every legal placement"),
         _round_two_moves, (), True,
         _("A move is (choice, placement): every free domino with every placement of to_place.")),
        (_("in round 2: game.play((line[0].number, ((4, 5), (4, 6)))): "
           "(player 2's kingdom is 'C0 ' + to_place's squares, next player)"), _placed_in_round_two, (), (True, 0),
         _("Place to_place in the kingdom of the player whose king acts.")),
        (_("in round 2: discarding to_place (None) while it fits"), _discard_while_fits, (), no,
         _("A domino may be discarded only when it fits nowhere.")),
        (_("in round 2: game.play((99, a legal placement))  (no domino 99 in the line)"), _unknown_in_round_two, (),
         no, _("Check the whole move before changing anything: a refused move leaves the "
               "kingdoms as they were.")),
        (_("in round 2: placing to_place where it does not connect"), _unconnected, (), no),
    ]


def _problem_rows() -> list[Row]:
    """Rows of ``problem``, ``legal_moves`` and the end of a round, in chosen positions."""
    return [
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
    ]


def check_game_turn(Game: Any) -> CheckResult:
    """Check ``legal_moves``, ``problem`` and ``play`` on the opening and on a position of round 2."""
    stale = _stale("dominations.game_turn", "Game", Game, GAME_TURN)
    if stale:
        return stale
    return check(
        "dominations.game_turn",
        [
            *observed(_turn_rows(), Game),
            *table(_problem_rows(), {"Game": Game, "random": random, "at": _at, "next_rounds": _next_rounds,
                                     **{f"d{n}": _d(n, "F0", "F0") for n in (5, 6, 7, 8)}, **POSITION_DOMINOS}),
            *observed([(_("in round 2, player 2's kingdom full: (placements in legal_moves(), kingdom kept, turn after "
                          "discarding)"), _discarded, (), ({None}, True, 1),
                        _("A domino that fits nowhere is discarded: the move's placement is None."))], Game),
            *_anew(TURN_ANEW, Game=Game),
        ],
        rng=True,
    )


#: Kingdoms for a final ranking: 3 points each (largest property 2, 3, 1), then 2 points.
TIED = ["W1 C0 F1 F0", "W1 W0 W0 C0", "C0 L3", "C0 G1 G0"]


def _kingdom_class(game: Any) -> Any:
    """The class of the game's kingdoms (the student's ``Kingdom``)."""
    return type(game.kingdoms[0])


def _kingdom_of_game(Game: Any, text: str) -> Any:
    """The student's Kingdom, read from a new game, made from ``text``."""
    return _kingdom_class(Game(2, random.Random(5))).from_text(text)


def _first_move(moves: list[Any]) -> Any:
    """The first of the legal moves."""
    return moves[0]


def _middle_move(moves: list[Any]) -> Any:
    """The legal move in the middle of the list."""
    return moves[len(moves) // 2]


def _highest(move: Any) -> tuple[Any, ...]:
    """The order of moves that puts last the highest choice, with a placement when there is one."""
    return (move[0], move[1] is not None, move[1] or ())


def _played(Game: Any, players: int = 4, seed: int = 5, pick: Callable[[list[Any]], Any] = _first_move,
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


def _ends(Game: Any) -> Any:
    """Whether a 4-player game played with the first legal move ends."""
    return _played(Game)[0].is_over()


def _move_count(Game: Any) -> int:
    """How many moves a 4-player game played with the first legal move has."""
    return len(_played(Game)[1])


def _numbers_seen(Game: Any, players: int) -> int:
    """How many numbers the lines of a whole game show."""
    return len({n for *_, line in _played(Game, players)[1] for n in line})


def _lines_sorted(Game: Any) -> bool:
    """True when every line of a 4-player game is sorted."""
    return all(line == sorted(line) for *_, line in _played(Game)[1])


def _king_order(Game: Any) -> bool:
    """True when, after the opening and round 2, the kings are ordered by the numbers they chose."""
    game = Game(4, random.Random(5))
    for _round in range(2):  # the opening and round 2: every king takes the highest free domino
        chosen = []
        for _king in range(len(game.kings)):
            move = max(game.legal_moves(), key=_highest)
            chosen.append((move[0], game.player))
            game.play(move)
        if list(game.kings) != [player for _, player in sorted(chosen)]:
            return False
    return True


def _owners(Game: Any) -> bool:
    """True when each domino of ``previous`` belongs to the player who chose it."""
    game = Game(4, random.Random(5))
    chosen = {}
    for _round in range(4):
        move = game.legal_moves()[-1]
        chosen[move[0]] = game.player
        game.play(move)
    return chosen[game.to_place.number] == game.player and all(
        chosen[domino.number] == player for domino, player in game.previous)


def _placed_each(Game: Any, players: int, *options: str) -> list[int]:
    """How many dominos each player places in a whole game."""
    _game, record = _played(Game, players, 3, _middle_move, **dict.fromkeys(options, True))
    return [sum(to_place is not None for who, to_place, _, _ in record if who == p) for p in range(players)]


def _last_round(Game: Any) -> tuple[Any, ...]:
    """(the 4 last moves have choice None and an empty line, no other does, legal_moves() at the end)."""
    game, record = _played(Game)
    return (all(move[0] is None and line == [] for _, _, move, line in record[-4:]),
            all(move[0] is not None for _, _, move, _ in record[:-4]), list(game.legal_moves()))


def _bonus_scores(Game: Any) -> bool:
    """True when the scores of a finished game with both bonuses are its kingdoms' ``score(True, True)``."""
    game = _played(Game, 4, 30, middle_kingdom=True, harmony=True)[0]
    return [game.score(p) for p in range(4)] == [k.score(True, True) for k in game.kingdoms]


def _lone_castle_score(Game: Any) -> Any:
    """The score of player 0 in a new game with the Middle Kingdom bonus."""
    return Game(4, random.Random(5), middle_kingdom=True).score(0)


def _final_ranking(Game: Any) -> bool:
    """The groups of game.ranking() hold each player once, equal keys together, best first."""
    game, _record = _played(Game, 4, 30, middle_kingdom=True, harmony=True)
    keys = [(k.score(True, True), k.largest_property(), k.crowns()) for k in game.kingdoms]
    groups = [list(group) for group in game.ranking()]
    return (
        sorted(p for group in groups for p in group) == list(range(4))
        and all(group == sorted(group) and {keys[p] for p in group} == {keys[group[0]]} for group in groups)
        and all(keys[better[0]] > keys[worse[0]] for better, worse in zip(groups, groups[1:]))
    )


def _tied_ranking(Game: Any) -> Any:
    """The final ranking of a game whose kingdoms are TIED."""
    game = Game(4, random.Random(5))
    game.kingdoms = [_kingdom_class(game).from_text(text) for text in TIED]
    return [list(group) for group in game.ranking()]


def _same_lines(Game: Any) -> bool:
    """True when two 3-player games with random.Random(77) show the same lines."""
    return [line for *_, line in _played(Game, 3, 77)[1]] == [line for *_, line in _played(Game, 3, 77)[1]]


def _copy_independent(Game: Any) -> bool:
    """True when playing out a copy of a game leaves the game as it was."""
    game = Game(4, random.Random(9))
    for _round in range(6):
        game.play(game.legal_moves()[0])
    texts = [kingdom.to_text() for kingdom in game.kingdoms]
    other = game.copy()
    while not other.is_over():
        other.play(other.legal_moves()[0])
    return [kingdom.to_text() for kingdom in game.kingdoms] == texts and not game.is_over()


def _whole_game_rows() -> list[Row]:
    """Rows of whole games: their rounds, king order, last round and the dominos each player places."""
    return [
        (_("a 4-player game played with legal_moves()[0] ends: game.is_over()"), _ends, (), True),
        (_("moves of that game  (a choice per domino, then 4 last placements)"), _move_count, (), 52),
        (_("numbers seen in the lines of a 2-player game"), _numbers_seen, (2,), 24),
        (_("numbers seen in the lines of a 3-player game"), _numbers_seen, (3,), 36),
        (_("every line of a 4-player game is sorted"), _lines_sorted, (), True),
        (_("after each round, game.kings lists the owners by the numbers they chose, lowest first"), _king_order, (),
         True, _("next_round orders the kings by the numbers of the dominos they stand on: "
                 "a low number buys an early turn.")),
        (_("after the opening, each domino of game.previous belongs to the player who chose it"), _owners, (), True,
         _("previous holds the (domino, player) pairs that were claimed, sorted by number.")),
        (_("the last round: (4 last moves have choice None and an empty line, no other does, legal_moves() at "
           "the end)"), _last_round, (), (True, True, []),
         _("When the pile is empty the line is []: each king only places its domino, then no king "
           "is left.")),
        (_("dominos each player places in a 3-player game"), _placed_each, (3,), [12, 12, 12]),
        (_("dominos each player places in a 2-player game"), _placed_each, (2,), [12, 12]),
        (_("dominos each player places in the Mighty Duel"), _placed_each, (2, "mighty_duel"), [24, 24]),
    ]


def _end_rows() -> list[Row]:
    """Rows of the end of a game: its scores, its ranking, its random generator and its copies."""
    return [
        (_("game.score(p) of a finished game with both bonuses == its kingdom's score(True, True)"), _bonus_scores,
         (), True, _("score(player) counts the game's bonuses.")),
        (_("Game(4, random.Random(5), middle_kingdom=True).score(0)  (a lone castle is centred)"),
         _lone_castle_score, (), 10, _("score(player) counts the game's bonuses.")),
        (_("game.ranking() of that game sorts by score, largest property, crowns"), _final_ranking, (), True),
        (_("game.ranking() when game.kingdoms are {kingdoms}  (3 points each but the last)").format(kingdoms=TIED),
         _tied_ranking, (), [[1], [0], [2], [3]],
         _("The final ranking breaks ties as ranking does: largest property, then crowns.")),
        (_("two games with random.Random(77): the same lines"), _same_lines, (), True),
        (_("playing out game.copy() leaves game as it was"), _copy_independent, (), True),
    ]


def check_game(Game: Any) -> CheckResult:
    """Check whole games: the rounds, the king order, the last round, the end and its scores."""
    stale = _stale("dominations.game", "Game", Game, GAME_END)
    if stale:
        return stale
    return check(
        "dominations.game",
        [
            *observed(_whole_game_rows(), Game),
            *observed(_end_rows(), Game),
            *table([
                (f"[list(group) for group in at(Game(2, random.Random(5), {bonus}=True), "
                 "kingdoms=[Kingdom.from_text('C0 W1'), Kingdom.from_text('W1 W0 W0 C0')]).ranking()]", groups,
                 _("ranking() uses the game's bonuses, each in its place: ranking(kingdoms, middle_kingdom, harmony)."))
                for bonus, groups in (("middle_kingdom", [[0], [1]]), ("harmony", [[1], [0]]))
            ], {"Game": Game, "random": random, "at": _at,
                # the student's Kingdom, read from a game when the example runs
                "Kingdom": SimpleNamespace(from_text=functools.partial(_kingdom_of_game, Game))}),
            *_anew(GAME_ANEW, Game=Game),
        ],
        rng=True,
    )
