"""Public checks of the Jass worksheet: a few examples per exercise, first failure shown.

Each check takes the student's class or function, calls it only inside an example, and
turns what comes back into plain text (a meld becomes ``"♠6 ♠7 ♠8: 20"``), so a failure
reads as expected-versus-got in one line.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import io
from collections import Counter
from collections.abc import Callable, Iterable
from math import comb
from typing import Any

from ..checks import CheckResult, Example, Status, check, generated, observed, short_repr, table
from ..i18n import N_, _, number
from .model import DECK, Card, parse_cards

__all__ = [
    "EXAMPLE_HAND",
    "EXAMPLE_LINES",
    "check_quartets",
    "check_runs",
    "check_meld_all_in",
    "check_mutually_disjoint",
    "check_meld_set",
    "check_print_meld_sets",
    "check_hands_without_meld",
    "meld_text",
]

#: The seed's example hand.
EXAMPLE_HAND: tuple[Card, ...] = tuple(parse_cards("♠6 ♠7 ♠8 ♠9 ♡9 ♡K ♢9 ♢A ♣9"))

#: What ``print_meld_sets(EXAMPLE_HAND)`` prints (the two 20-point lines in either order).
EXAMPLE_LINES: tuple[str, ...] = (
    "  0: {}",
    " 20: {[♠6, ♠7, ♠8]}",
    " 20: {[♠7, ♠8, ♠9]}",
    " 50: {[♠6, ♠7, ♠8, ♠9]}",
    "150: {[♠9, ♡9, ♢9, ♣9]}",
    "170: {[♠9, ♡9, ♢9, ♣9], [♠6, ♠7, ♠8]}",
)


def meld_text(meld: Any) -> str:
    """A meld as plain text: its sorted cards and its points, ``"♠6 ♠7 ♠8: 20"``."""
    return " ".join(str(card) for card in sorted(meld.cards)) + f": {meld.points}"


def _deck_order(meld: Any) -> tuple[list[Card], Any]:
    """Where a meld comes among others: by its cards in the deck's order, then its points."""
    return sorted(meld.cards), meld.points


def _texts(melds: Iterable[Any]) -> list[str]:
    """The melds as text, in the deck's order of their cards."""
    return [meld_text(meld) for meld in sorted(melds, key=_deck_order)]


def _cards(text: str) -> frozenset[Card]:
    """The cards written in ``text``, as a frozenset (the cards of a meld)."""
    return frozenset(parse_cards(text))


def _added(Meld: Any, method: str) -> list[Any]:
    """The melds that ``Meld.<method>(melds)`` adds to an empty list ``melds``."""
    melds: list[Any] = []
    getattr(Meld, method)(melds)
    return melds


def _stale_all(exercise: str, Meld: Any) -> CheckResult | None:
    """A one-sentence verdict when ``Meld.ALL`` is not what ``Meld.all_melds()`` makes now.

    That happens when the class cell ran again (which empties ``Meld.ALL``) or changed,
    and the cell ``Meld.ALL = Meld.all_melds()`` did not run after it. None when
    ``Meld.ALL`` is up to date, or when ``Meld.all_melds()`` itself fails or does not make
    78 melds (the examples then say what is wrong with the class).
    """
    try:
        fresh = Counter(map(meld_text, Meld.all_melds()))
        if sum(fresh.values()) != 78 or len(fresh) != 78:
            return None
        stored = list(getattr(Meld, "ALL", None) or ())
        if not hasattr(Meld, "ALL"):
            problem = _("Meld has no attribute ALL")
        elif not stored:
            problem = _("Meld.ALL is empty")
        elif not all(isinstance(meld, Meld) for meld in stored):
            problem = _("Meld.ALL holds melds made by an earlier run of the class cell")
        elif Counter(map(meld_text, stored)) != fresh:
            problem = _(
                "Meld.ALL is out of date (it holds {count} melds, not the 78 that "
                "Meld.all_melds() makes now)"
            ).format(count=len(stored))
        else:
            return None
    except Exception:
        return None
    return CheckResult(
        exercise,
        Status.FAILED,
        [
            _("Checking {exercise}").format(exercise=exercise),
            "  ✗ " + _(
                "{problem}: run the cell `Meld.ALL = Meld.all_melds()` after the cell of "
                "class Meld (running the class cell again empties Meld.ALL), then this check again."
            ).format(problem=problem),
        ],
    )


class _Message(str):
    """An expected value that is a message of the catalog, said in the check's language."""


def _say(words: Any) -> str:
    """``words`` in the current language: a message, a message and the values it is formatted
    with (``(message, {"cards": ...})``), or messages said one after the other (a tuple)."""
    if isinstance(words, str):
        return _(words) if words else ""
    if len(words) == 2 and isinstance(words[1], dict):
        return _(words[0]).format(**words[1])
    return "".join(_(part) for part in words)


def _rows(rows: Iterable[tuple[Any, ...]], subject: Any, *, hint: Any = "",
          compare: Callable[[Any, Any], bool] | None = None) -> list[Example]:
    """The examples of a table of observations (see :func:`observed`), said in the current
    language by :func:`_say`; an exception class as expected means the observation raises it."""
    examples: list[Example] = []
    for description, observe, arguments, expected, *more in rows:
        text, shown_hint = _say(description), _say(more[0] if more else hint)
        if isinstance(expected, type) and issubclass(expected, BaseException):
            examples.append(Example(text, functools.partial(observe, subject, *arguments), raises=expected,
                                    hint=shown_hint))
        else:
            said = str(_(expected)) if isinstance(expected, _Message) else expected
            examples += observed([(text, observe, arguments, said, shown_hint)], subject, compare=compare)
    return examples


def _table(rows: Iterable[tuple[Any, ...]], names: dict[str, Any], *, view: Callable[[Any], Any] | None = None,
           hint: Any = "") -> list[Example]:
    """:func:`table`, each row's hint (and ``hint``) said in the current language by :func:`_say`."""
    said = [(call, expected, *map(_say, more)) for call, expected, *more in rows]
    return table(said, names, view=view, hint=_say(hint))


def _value_of(names: dict[str, Any], call: str, view: Callable[[Any], Any] | None = None) -> Any:
    """What ``call`` returns (seen through ``view``), run with ``names`` bound (the student's classes,
    the check's melds). The call is the check's own code, not the student's: a failure names no line of it."""
    value = eval(compile(call, __name__, "eval"), dict(names))  # noqa: S307 - the check's own text
    return view(value) if view is not None else value


def _calls(rows: Iterable[tuple[Any, ...]], names: dict[str, Any], *, view: Callable[[Any], Any] | None = None,
           hint: Any = "") -> list[Example]:
    """The examples of a table of calls ``(call, expected[, hint])`` of the check's own code, each
    described by its call (see :func:`_value_of`); an exception class as expected means it raises it."""
    examples = []
    for call, expected, *more in rows:
        raises = expected if isinstance(expected, type) and issubclass(expected, BaseException) else None
        examples.append(Example(call, functools.partial(_value_of, names, call, view), None if raises else expected,
                                raises=raises, hint=_say(more[0] if more else hint)))
    return examples


#: The six quartets as text.
_QUARTET_TEXTS = [
    "♠9 ♡9 ♢9 ♣9: 150",
    "♠10 ♡10 ♢10 ♣10: 100",
    "♠J ♡J ♢J ♣J: 200",
    "♠Q ♡Q ♢Q ♣Q: 100",
    "♠K ♡K ♢K ♣K: 100",
    "♠A ♡A ♢A ♣A: 100",
]


def _first_card(text: str) -> Card:
    """The first card of a meld written as text."""
    return Card.parse(text.split()[0])


#: The six quartets as text, in the deck's order of their first cards.
_QUARTETS_IN_ORDER = sorted(_QUARTET_TEXTS, key=_first_card)

#: The runs of three spades as text.
_SPADE_RUNS_OF_3 = [
    "♠6 ♠7 ♠8: 20",
    "♠7 ♠8 ♠9: 20",
    "♠8 ♠9 ♠10: 20",
    "♠9 ♠10 ♠J: 20",
    "♠10 ♠J ♠Q: 20",
    "♠J ♠Q ♠K: 20",
    "♠Q ♠K ♠A: 20",
]

_RUN_POINTS = {3: 20, 4: 50, 5: 100}

_ADD_HINT = N_("Add to the list `melds` you are given (melds.append(...)); do not make a new list.")


def _added_count(Meld: Any, method: str) -> int:
    """How many melds ``Meld.<method>(melds)`` adds to an empty list."""
    return len(_added(Meld, method))


def _added_texts(Meld: Any, method: str) -> list[str]:
    """The melds ``Meld.<method>(melds)`` adds, as text in the deck's order."""
    return _texts(_added(Meld, method))


def _added_are_melds(Meld: Any, method: str) -> bool:
    """True when every element ``Meld.<method>(melds)`` adds is a ``Meld``."""
    return all(isinstance(m, Meld) for m in _added(Meld, method))


#: check_quartets: (description, observation of Meld, its arguments, expected[, hint])
_QUARTET_ROWS: tuple[tuple[Any, ...], ...] = (
    (N_("len(melds) after Meld.add_all_quartets_into(melds)"), _added_count, ("add_all_quartets_into",), 6,
     (N_("Quartets exist for 9, 10, J, Q, K and A only. "), _ADD_HINT)),
    (N_("the quartets added (cards: points)"), _added_texts, ("add_all_quartets_into",), _QUARTETS_IN_ORDER,
     N_("Use quartet_points(rank) for the points.")),
    (N_("every element added is a Meld"), _added_are_melds, ("add_all_quartets_into",), True),
)


def check_quartets(Meld: Any) -> CheckResult:
    """Check ``Meld.add_all_quartets_into(melds)``."""
    return check("jass.meld", _rows(_QUARTET_ROWS, Meld))


def _is_run(meld: Any) -> bool:
    """True when ``meld`` holds 3 to 5 cards of one suit with consecutive ranks."""
    cards = sorted(meld.cards)
    indices = [card.rank.index for card in cards]
    return (
        3 <= len(cards) <= 5
        and len({card.suit for card in cards}) == 1
        and indices == list(range(indices[0], indices[0] + len(cards)))
    )


def _spade_run_of_3(text: str) -> bool:
    """True when a meld written as text is three spades."""
    cards = text.split(":")[0].split()
    return len(cards) == 3 and all(card.startswith("♠") for card in cards)


def _runs(Meld: Any) -> list[Any]:
    """The melds ``Meld.add_all_suits_into(melds)`` adds to an empty list."""
    return _added(Meld, "add_all_suits_into")


def _run_sizes(Meld: Any) -> dict[int, int]:
    """How many runs of each size the runs added hold, smallest size first."""
    return dict(sorted(Counter(len(m.cards) for m in _runs(Meld)).items()))


def _spade_runs(Meld: Any) -> list[str]:
    """The runs of 3 spades added, as text."""
    return [text for text in _texts(_runs(Meld)) if _spade_run_of_3(text)]


def _not_runs(Meld: Any) -> list[str]:
    """The melds added that are not 3 to 5 cards in a row of one suit, as text."""
    return [text for meld, text in zip(_runs(Meld), map(meld_text, _runs(Meld))) if not _is_run(meld)]


def _runs_twice(Meld: Any) -> list[str]:
    """The runs added more than once, as text."""
    return sorted(text for text, count in Counter(map(meld_text, _runs(Meld))).items() if count > 1)


def _wrong_run_points(Meld: Any) -> list[str]:
    """The runs added whose points are not those of their size, as text."""
    return [meld_text(m) for m in _runs(Meld) if m.points != _RUN_POINTS.get(len(m.cards))]


#: check_runs: (description, observation of Meld, its arguments, expected[, hint])
_RUN_ROWS: tuple[tuple[Any, ...], ...] = (
    (N_("len(melds) after Meld.add_all_suits_into(melds)"), _added_count, ("add_all_suits_into",), 72,
     (N_("7 runs of 3, 6 runs of 4 and 5 runs of 5 in each of the 4 suits. "), _ADD_HINT)),
    (N_("how many runs of 3, 4 and 5 cards"), _run_sizes, (), {3: 28, 4: 24, 5: 20}),
    (N_("the runs of 3 spades (cards: points)"), _spade_runs, (), _SPADE_RUNS_OF_3,
     N_("A run never wraps from the ace to the 6; a run of 3 is worth 20.")),
    (N_("the melds added that are not 3 to 5 cards in a row of one suit"), _not_runs, (), [],
     N_("Take the cards of a run from ALL_OF[suit], between two indices.")),
    (N_("the runs added twice"), _runs_twice, (), []),
    (N_("the runs whose points are not 20, 50, 100 for 3, 4, 5 cards"), _wrong_run_points, (), []),
)


def check_runs(Meld: Any) -> CheckResult:
    """Check ``Meld.add_all_suits_into(melds)``: the count, the shapes, the points."""
    return check("jass.meld", _rows(_RUN_ROWS, Meld))


def _hand_after(call: Callable[[list[Card]], Any], hand: list[Card]) -> list[str]:
    """The cards of ``hand`` (as text, in order) after ``call(hand)``."""
    call(hand)
    return [str(card) for card in hand]


def _hand_after_all_in(Meld: Any, cards: str) -> list[str]:
    """The cards written in ``cards`` (as text, in order) after ``Meld.all_in`` of them."""
    return _hand_after(Meld.all_in, parse_cards(cards))


def _all_in_cards(kind: Any, cards: str) -> Any:
    """``kind.all_in`` of the cards written in ``cards`` (kind: Meld or MeldSet)."""
    return kind.all_in(parse_cards(cards))


def _all_in_list(Meld: Any, items: tuple[Any, ...]) -> Any:
    """``Meld.all_in`` of a new list of ``items``."""
    return Meld.all_in(list(items))


#: check_meld_all_in, Meld.ALL: (call, expected, hint) with Meld
_ALL_MELDS_ROWS: tuple[tuple[Any, ...], ...] = (
    ("len(Meld.all_melds())", 78, N_("Meld.all_melds() adds the quartets, then the runs: check_quartets(Meld) "
                                     "and check_runs(Meld) show which of the two is wrong.")),
    ("len(Meld.ALL)", 78, N_("Run the cell `Meld.ALL = Meld.all_melds()` after your class.")),
    ("all(Meld(meld.cards, meld.points) in set(Meld.ALL) for meld in Meld.ALL)", True, N_(
        "Two melds with the same cards and points are equal and have the same hash: keep Meld a frozen dataclass.")),
    ("len(set(Meld.ALL))", 78, N_(
        "Two melds with the same cards and points are equal and have the same hash: keep Meld a frozen dataclass.")),
)

#: check_meld_all_in, a meld is immutable
_IMMUTABLE_MELD_ROWS: tuple[tuple[Any, ...], ...] = (
    ("setattr(Meld(parse_cards('♠6 ♠7 ♠8'), 20), 'points', 0)", AttributeError, N_(
        "A meld is immutable: keep @dataclass(frozen=True) above class Meld, so that "
        "changing a field raises an error.")),
)

#: check_meld_all_in, the melds in a hand, shown as text
_MELDS_IN_HAND_ROWS: tuple[tuple[Any, ...], ...] = (
    ("Meld.all_in(EXAMPLE_HAND)", ["♠6 ♠7 ♠8: 20", "♠6 ♠7 ♠8 ♠9: 50", "♠7 ♠8 ♠9: 20", "♠9 ♡9 ♢9 ♣9: 150"]),
    ("Meld.all_in([])", []),
    ("Meld.all_in(parse_cards('♠J ♡J ♢J ♣J'))", ["♠J ♡J ♢J ♣J: 200"], N_(
        "A meld is in the hand when all its cards are, also when they are the "
        "whole hand: meld.cards <= hand, not <.")),
    ("Meld.all_in(card for card in EXAMPLE_HAND)", ["♠6 ♠7 ♠8: 20", "♠6 ♠7 ♠8 ♠9: 50",
                                                   "♠7 ♠8 ♠9: 20", "♠9 ♡9 ♢9 ♣9: 150"], N_(
        "The hand may be a generator, which can be read only once: "
        "hand = validate_hand(hand), then use only that frozenset.")),
)

#: check_meld_all_in, how many melds a hand holds
_MELD_COUNT_ROWS: tuple[tuple[Any, ...], ...] = (
    ("len(Meld.all_in(set(parse_cards('♡10 ♡J ♡Q ♡K ♡A'))))", 6,
     N_("3 runs of 3, 2 runs of 4, 1 run of 5; meld.cards <= hand, not <.")),
    ("len(Meld.all_in(DECK))", 78),
)

#: A hand whose cards are not in the deck's order.
_UNSORTED = "♢10 ♢J ♢Q ♢K ♣10 ♠10 ♡10 ♣6 ♠A"

#: check_meld_all_in, the hand left alone and the hands refused: observations of Meld
_HAND_ROWS: tuple[tuple[Any, ...], ...] = (
    ((N_("hand after Meld.all_in(hand), hand = parse_cards('{cards}')"), {"cards": _UNSORTED}),
     _hand_after_all_in, (_UNSORTED,), _UNSORTED.split(),
     N_("Leave the hand you are given as it was: validate_hand(hand) makes a "
        "frozenset of its cards for you to work on.")),
    (N_("Meld.all_in(parse_cards('♠6 ♠7 ♠6')), a card twice"), _all_in_cards, ("♠6 ♠7 ♠6",), ValueError,
     N_("Start with hand = validate_hand(hand).")),
    (N_("Meld.all_in(['♠6', '♠7', '♠8']), strings, not cards"), _all_in_list, (("♠6", "♠7", "♠8"),), ValueError,
     N_("Start with hand = validate_hand(hand).")),
)


def check_meld_all_in(Meld: Any) -> CheckResult:
    """Check ``Meld.ALL`` and ``Meld.all_in(hand)``."""
    stale = _stale_all("jass.meld", Meld)
    if stale is not None:
        return stale
    names = {"Meld": Meld, "EXAMPLE_HAND": list(EXAMPLE_HAND), "DECK": list(DECK), "parse_cards": parse_cards}
    return check(
        "jass.meld",
        [
            *_calls(_ALL_MELDS_ROWS, names),
            *_table(_IMMUTABLE_MELD_ROWS, names),
            *_table(_MELDS_IN_HAND_ROWS, names, view=_texts),
            *_table(_MELD_COUNT_ROWS, names),
            *_rows(_HAND_ROWS, Meld),
            *generated("jass.meld", {"Meld": Meld, "parse_cards": parse_cards}),
        ],
    )


def _unchanged(function: Callable[[Any], Any], argument: list[set[Any]]) -> Any:
    """``function(argument)``, failing when it changes the list or its sets."""
    before = [set(item) for item in argument]
    result = function(argument)
    if [set(item) for item in argument] != before:
        return _("{result}, but the sets became {sets}").format(
            result=short_repr(result), sets=short_repr(argument)
        )
    return result


def _unchanged_sets(mutually_disjoint: Callable[[Any], Any], sets: str) -> Any:
    """``mutually_disjoint`` of a new list of the sets written in ``sets``, failing when it changes them."""
    return _unchanged(mutually_disjoint, ast.literal_eval(sets))


_DISJOINT_HINT = N_("Two sets are disjoint when |A ∪ B| = |A| + |B|; keep a running union "
                    "(and do not change the sets you are given); return True or False.")

#: check_mutually_disjoint, a list of sets left unchanged: (the sets as written, expected)
_DISJOINT_SETS: tuple[tuple[str, bool], ...] = (
    ("[]", True),
    ("[{1, 2}]", True),
    ("[{1, 2}, {3}]", True),
    ("[{1, 2}, {2, 3}]", False),
    ("[{1, 2}, {1, 2}]", False),
    ("[{1}, {2}, {3, 1}]", False),
    ("[set(), set()]", True),
    ("[{1}, {2}, {3}, {4, 5}]", True),
)

#: check_mutually_disjoint, the sets as other collections: (call, expected[, hint])
_DISJOINT_CALLS: tuple[tuple[Any, ...], ...] = (
    ("mutually_disjoint(s for s in [{1, 2}, {3}])", True),
    ("mutually_disjoint(s for s in [{1, 2}, {3}, {2}])", False),
    ("mutually_disjoint({frozenset({1}), frozenset({2, 3})})", True),
    ("mutually_disjoint(({1}, set(), {4, 1}))", False),
    ("mutually_disjoint([set(range(300)), set(range(300, 600))])", True,
     N_("Compare sizes with == (or !=), never with is: two equal ints above 256 are not always "
        "the same object.")),
)

_SETS_ONCE_HINT = N_("The sets may come as a generator, read only once, or as a set of frozensets, "
                     "which has no [0]: go through them once with a for loop.")


def check_mutually_disjoint(mutually_disjoint: Callable[[Iterable[set[Any]]], bool]) -> CheckResult:
    """Check ``mutually_disjoint(sets)``."""
    rows = [(f"mutually_disjoint({sets})", _unchanged_sets, (sets,), expected) for sets, expected in _DISJOINT_SETS]
    return check(
        "jass.disjoint",
        _rows(rows, mutually_disjoint, hint=_DISJOINT_HINT)
        + _table(_DISJOINT_CALLS, {"mutually_disjoint": mutually_disjoint}, hint=_SETS_ONCE_HINT)
        + generated("jass.disjoint", {"mutually_disjoint": mutually_disjoint}),
    )


def _refusal(names: dict[str, Any], call: str) -> str:
    """What ``call`` did: ``"ValueError: <its message>"``, or what it returned."""
    try:
        got = _value_of(names, call)
    except ValueError as error:
        return f"ValueError: {error}"
    return _("returned {value}").format(value=short_repr(got))


def _names_a_card(cards: str, got: str, expected: str) -> bool:
    """A comparison: the refusal is a ValueError whose message names one of ``cards``."""
    return got.startswith("ValueError: ") and any(card in got for card in cards.split())


def _melds_after_of(names: dict[str, Any], melds: tuple[str, ...]) -> list[str]:
    """The melds named (as text, in order) after MeldSet.of of a list of them, made or refused."""
    given = [names[name] for name in melds]
    with contextlib.suppress(ValueError):
        names["MeldSet"].of(given)
    return [meld_text(meld) for meld in given]


def _points_in_hand(MeldSet: Any, hand: tuple[Card, ...]) -> list[int]:
    """The points of the meld sets of a new list of the cards of ``hand``, ascending."""
    return sorted(meld_set.points() for meld_set in MeldSet.all_in(list(hand)))


def _points_as_listed(MeldSet: Any, hand: tuple[Card, ...]) -> list[int]:
    """The points of the meld sets of a new list of the cards of ``hand``, in their order."""
    return [meld_set.points() for meld_set in MeldSet.all_in(list(hand))]


def _points_in(MeldSet: Any, cards: str) -> list[int]:
    """The points of the meld sets in the cards written in ``cards``, ascending."""
    return sorted(s.points() for s in MeldSet.all_in(parse_cards(cards)))


#: The check's melds, made with the student's Meld: (name, cards, points)
_MELDS: tuple[tuple[str, str, int], ...] = (
    ("run678", "♠6 ♠7 ♠8", 20),
    ("run789", "♠7 ♠8 ♠9", 20),
    ("nines", "♠9 ♡9 ♢9 ♣9", 150),
    ("clubs789", "♣7 ♣8 ♣9", 20),
    ("hearts678", "♡6 ♡7 ♡8", 20),
    ("run8910", "♠8 ♠9 ♠10", 20),
)

_LIST_UNCHANGED_HINT = N_("Leave the list you are given as it was: work on list(melds) or a set.")
_MELDS_ONCE_HINT = N_("The melds may come as a generator or a set: go through them once (melds = list(melds) "
                      "first).")

#: check_meld_set, a meld set is immutable: (call, expected, hint) with MeldSet, Meld and the melds
_IMMUTABLE_SET_ROWS: tuple[tuple[Any, ...], ...] = (
    ("setattr(MeldSet.of([run678]), 'melds', frozenset())", AttributeError, N_(
        "A meld set is immutable: keep @dataclass(frozen=True) above class MeldSet, "
        "so that changing its field raises an error.")),
)

#: check_meld_set, MeldSet.mutually_disjoint: (call, expected[, hint])
_DISJOINT_MELDS_ROWS: tuple[tuple[Any, ...], ...] = (
    ("MeldSet.mutually_disjoint([])", True),
    ("MeldSet.mutually_disjoint([nines, run678])", True),
    ("MeldSet.mutually_disjoint([nines, run789])", False,
     N_("Compare the cards of the melds: mutually_disjoint of their card sets.")),
)

#: check_meld_set, a meld far from its neighbour: an observation of the names
_FAR_APART_ROWS: tuple[tuple[Any, ...], ...] = (
    (N_("MeldSet.mutually_disjoint([run678, hearts678, run8910]), ♠8 in the first and last"), _value_of,
     ("MeldSet.mutually_disjoint([run678, hearts678, run8910])",), False,
     N_("Compare every meld with all the others, not only with its neighbour.")),
)

#: check_meld_set, the melds as other collections
_DISJOINT_ONCE_ROWS: tuple[tuple[Any, ...], ...] = (
    ("MeldSet.mutually_disjoint({nines, run678})", True),
    ("MeldSet.mutually_disjoint({nines, run789})", False),
    ("MeldSet.mutually_disjoint(meld for meld in [run678, hearts678, run789])", False),
)

#: check_meld_set, the points of a meld set
_POINTS_ROWS: tuple[tuple[Any, ...], ...] = (
    ("MeldSet.of([]).points()", 0, N_("points() is an int, the sum of the points of the melds: 0 for no meld.")),
    ("MeldSet.of([nines, run678]).points()", 170, N_("points() is the sum of the points of the melds, an int.")),
)

#: check_meld_set, melds that share cards: observations of the names
_SHARED_ROWS: tuple[tuple[Any, ...], ...] = (
    (N_("MeldSet.of([run678, run789]), ♠7 and ♠8 in both"), _value_of, ("MeldSet.of([run678, run789])",),
     ValueError, N_("When MeldSet.mutually_disjoint(melds) is False, raise ValueError(...): "
                    "not assert, nor another exception.")),
    (N_("MeldSet.of([run678, run678]), the same meld twice"), _value_of, ("MeldSet.of([run678, run678])",),
     ValueError, N_("The melds are taken as given: a meld given twice shares its cards with itself. "
                    "Check the list before making a set of it.")),
)

#: check_meld_set, the message of a refusal that must name ♠7 or ♠8
_SPADES_REFUSAL_ROWS: tuple[tuple[Any, ...], ...] = (
    (N_("the message of MeldSet.of([run678, run789])"), _refusal, ("MeldSet.of([run678, run789])",),
     _Message(N_("a ValueError naming ♠7 or ♠8")), N_("Name a shared card in the message, e.g. "
                                                      "ValueError(f'two of these melds share {card}').")),
    (N_("the message of MeldSet.of([hearts678, run678, run789])"), _refusal,
     ("MeldSet.of([hearts678, run678, run789])",), _Message(N_("a ValueError naming ♠7 or ♠8")),
     N_("Name a card that two of the melds share: with three melds, no card need be "
        "in all of them.")),
)

#: check_meld_set, the message of a refusal that must name ♣9
_CLUBS_REFUSAL_ROWS: tuple[tuple[Any, ...], ...] = (
    (N_("the message of MeldSet.of([nines, clubs789]), ♣9 in both"), _refusal, ("MeldSet.of([nines, clubs789])",),
     _Message(N_("a ValueError naming ♣9")),
     N_("Name a card that is in both melds, not just any card of one of them.")),
)

#: check_meld_set, the lists of melds MeldSet.of must leave as they were (their names)
_GIVEN_LISTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (N_("melds after MeldSet.of(melds), melds = [nines, run678]"), ("nines", "run678")),
    (N_("melds after MeldSet.of(melds), melds = [run789, nines, run678]"), ("run789", "nines", "run678")),
)

#: check_meld_set, a meld set's melds, equality and hash
_SAME_SET_ROWS: tuple[tuple[Any, ...], ...] = (
    ("MeldSet.of([nines, run678]) == MeldSet.of([run678, nines])", True, N_("Store the melds in a frozenset.")),
    ("hash(MeldSet.of([nines, run678])) == hash(MeldSet.of([run678, nines]))", True,
     N_("Store the melds in a frozenset.")),
    ("MeldSet.of([run678]) == MeldSet.of([run789])", False,
     N_("Two meld sets are equal when they hold the same melds, not the same points.")),
)

#: check_meld_set, the meld sets of the example hand: an observation of MeldSet
_EXAMPLE_SETS_ROWS: tuple[tuple[Any, ...], ...] = (
    (N_("points of MeldSet.all_in(EXAMPLE_HAND)"), _points_in_hand, (EXAMPLE_HAND,), [0, 20, 20, 50, 150, 170],
     N_("Take the power set of Meld.all_in(hand) (the empty subset included) and "
        "keep the mutually disjoint subsets, each once.")),
)

#: check_meld_set, what MeldSet.all_in returns
_LIST_ROWS: tuple[tuple[Any, ...], ...] = (
    ("isinstance(MeldSet.all_in(EXAMPLE_HAND), list)", True,
     N_("MeldSet.all_in returns a list of meld sets, not a set or a generator.")),
)

_THREE_MELDS = "♠6 ♠7 ♠8 ♡10 ♡J ♡Q ♣Q ♣K ♣A"
_LONG_SUIT = "♡6 ♡7 ♡8 ♡9 ♡10 ♡J ♣J ♢J ♠J"

#: check_meld_set, the meld sets of other hands: observations of MeldSet
_HAND_SETS_ROWS: tuple[tuple[Any, ...], ...] = (
    (N_("points of MeldSet.all_in([])"), _points_as_listed, ((),), [0],
     N_("The empty meld set is in every hand, once.")),
    ((N_("points of MeldSet.all_in(parse_cards('{cards}'))"), {"cards": _THREE_MELDS}), _points_in, (_THREE_MELDS,),
     [0, 20, 20, 20, 40, 40, 40, 60], N_("A meld set may hold any number of melds: three runs here.")),
    ((N_("points of MeldSet.all_in(parse_cards('{cards}'))"), {"cards": _LONG_SUIT}), _points_in, (_LONG_SUIT,),
     [0, 20, 20, 20, 20, 40, 50, 50, 50, 100, 100, 200, 220, 220, 220, 250, 250, 300],
     N_("Six hearts in a row hold runs of 3, 4 and 5 that overlap: keep every "
        "subset of Meld.all_in(hand) whose melds share no card.")),
)

#: check_meld_set, larger hands: (call, expected, hint)
_LARGE_HAND_ROWS: tuple[tuple[Any, ...], ...] = (
    ("sorted(s.points() for s in MeldSet.all_in(card for card in EXAMPLE_HAND))", [0, 20, 20, 50, 150, 170], N_(
        "The hand may be a generator, which can be read only once: pass it on to "
        "Meld.all_in once, and do not read it before.")),
    ("len(MeldSet.all_in(parse_cards('♠6 ♠7 ♠8 ♡6 ♡7 ♡8 ♢6 ♢7 ♢8 ♣6 ♣7 ♣8')))", 16, N_(
        "Four runs that share no card make 2 ** 4 = 16 meld sets: a hand of up to 36 "
        "cards may hold more than three melds together.")),
)

#: check_meld_set, a hand refused: an observation of MeldSet
_REFUSED_HAND_ROWS: tuple[tuple[Any, ...], ...] = (
    (N_("MeldSet.all_in(parse_cards('♠6 ♠6')), a card twice"), _all_in_cards, ("♠6 ♠6",), ValueError,
     N_("Check the hand first: validate_hand(hand), or Meld.all_in(hand) does it.")),
)


def _meld_set_names(MeldSet: Any, Meld: Any) -> dict[str, Any]:
    """The names the examples of check_meld_set run with: the classes, the example hand, the melds."""
    names = {"MeldSet": MeldSet, "Meld": Meld, "EXAMPLE_HAND": list(EXAMPLE_HAND), "parse_cards": parse_cards}
    names.update({name: Meld(_cards(cards), points) for name, cards, points in _MELDS})
    return names


def check_meld_set(MeldSet: Any, Meld: Any) -> CheckResult:
    """Check ``MeldSet.of``, ``points``, ``mutually_disjoint`` and ``all_in``."""
    stale = _stale_all("jass.meld_set", Meld)
    if stale is not None:
        return stale
    names = _meld_set_names(MeldSet, Meld)
    given = [(description, _melds_after_of, (melds,), [meld_text(names[name]) for name in melds])
             for description, melds in _GIVEN_LISTS]
    return check(
        "jass.meld_set",
        [
            *_table(_IMMUTABLE_SET_ROWS, names),
            *_calls(_DISJOINT_MELDS_ROWS, names),
            *_rows(_FAR_APART_ROWS, names),
            *_table(_DISJOINT_ONCE_ROWS, names, hint=_MELDS_ONCE_HINT),
            *_calls(_POINTS_ROWS, names),
            *_rows(_SHARED_ROWS, names),
            *_rows(_SPADES_REFUSAL_ROWS, names, compare=functools.partial(_names_a_card, "♠7 ♠8")),
            *_table([("MeldSet.of(meld for meld in [nines, run678]).points()", 170)], names, hint=_MELDS_ONCE_HINT),
            *_rows(_CLUBS_REFUSAL_ROWS, names, compare=functools.partial(_names_a_card, "♣9")),
            *_rows(given, names, hint=_LIST_UNCHANGED_HINT),
            *_calls([("MeldSet.of([nines, run678]).melds", ["♠6 ♠7 ♠8: 20", "♠9 ♡9 ♢9 ♣9: 150"])], names,
                    view=_texts),
            *_calls(_SAME_SET_ROWS, names),
            *_rows(_EXAMPLE_SETS_ROWS, MeldSet),
            *_table(_LIST_ROWS, names),
            *_rows(_HAND_SETS_ROWS, MeldSet),
            *_table(_LARGE_HAND_ROWS, names),
            *_rows(_REFUSED_HAND_ROWS, MeldSet),
            *generated("jass.meld_set", {"MeldSet": MeldSet, "parse_cards": parse_cards}),
        ],
    )


def _points_of_line(line: str) -> int:
    """The points a printed line of meld sets starts with."""
    return int(line.split(":")[0])


def _same_lines(got: list[str], expected: list[str]) -> bool:
    """Same lines, points ascending; lines with equal points may come in any order."""
    try:
        ascending = all(_points_of_line(a) <= _points_of_line(b) for a, b in zip(got, got[1:]))
    except ValueError:
        return False
    return ascending and sorted(got) == sorted(expected)


def _printed(print_meld_sets: Callable[[Iterable[Card]], None], hand: Iterable[Card]) -> list[str]:
    """The lines ``print_meld_sets(hand)`` prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        print_meld_sets(hand)
    return out.getvalue().splitlines()


def _printed_list(print_meld_sets: Callable[[Iterable[Card]], None], hand: tuple[Card, ...]) -> list[str]:
    """The lines ``print_meld_sets`` prints for a new list of the cards of ``hand``."""
    return _printed(print_meld_sets, list(hand))


def _printed_generator(print_meld_sets: Callable[[Iterable[Card]], None], hand: tuple[Card, ...]) -> list[str]:
    """The lines ``print_meld_sets`` prints for a generator of the cards of ``hand``."""
    return _printed(print_meld_sets, (card for card in hand))


def _printed_cards(print_meld_sets: Callable[[Iterable[Card]], None], cards: str) -> list[str]:
    """The lines ``print_meld_sets`` prints for the cards written in ``cards``."""
    return _printed(print_meld_sets, parse_cards(cards))


#: check_print_meld_sets: (description, observation of print_meld_sets, its arguments, expected, hint)
_PRINTED_ROWS: tuple[tuple[Any, ...], ...] = (
    (N_("print_meld_sets(EXAMPLE_HAND) prints"), _printed_list, (EXAMPLE_HAND,), list(EXAMPLE_LINES),
     N_("Sort by points (key=MeldSet.points) and print f'{points:>3}: {meld_set}'.")),
    (N_("print_meld_sets(card for card in EXAMPLE_HAND) prints"), _printed_generator, (EXAMPLE_HAND,),
     list(EXAMPLE_LINES), N_("The hand may be a generator, which can be read only once: pass it on to "
                             "MeldSet.all_in once, and do not read it before.")),
    (N_("print_meld_sets(parse_cards('♣J ♡6')) prints"), _printed_cards, ("♣J ♡6",), ["  0: {}"],
     N_("The empty meld set is in every hand: print it too.")),
)


def check_print_meld_sets(print_meld_sets: Callable[[Iterable[Card]], None], Meld: Any = None) -> CheckResult:
    """Check ``print_meld_sets(hand)`` on the seed's example hand (and ``Meld.ALL``, if given)."""
    if Meld is not None:
        stale = _stale_all("jass.print_meld_sets", Meld)
        if stale is not None:
            return stale
    return check("jass.print_meld_sets", _rows(_PRINTED_ROWS, print_meld_sets, compare=_same_lines))


def check_hands_without_meld(count_hands_without_meld: Callable[[int], int]) -> CheckResult:
    """Check the optional challenge ``count_hands_without_meld(size)`` on a few sizes.

    Seven sizes: the empty hand, the first runs (3 and 5 cards), the worksheet's hand (9), a
    large count (15), the last size with such a hand (24) and the first without (25). A
    method that takes half a second per size, as the statement allows ("well under a
    second"), runs the whole check in under four seconds, within the grader's time limit
    of one cell even on a loaded machine.
    """
    expected = {0: 1, 3: 7112, 5: 362784, 9: 68081916, 15: 806168348, 24: 1152, 25: 0}
    return check(
        "jass.hands_without_meld",
        table(
            [
                (f"count_hands_without_meld({size})", count,
                 (_("There are comb(36, {size}) = {count} hands of {size} cards; 28 of them are "
                    "runs of 3.") if size == 3 else
                  _("There are comb(36, {size}) = {count} hands of {size} cards.")).format(
                      size=size, count=number(comb(36, size), english_grouping=False)))
                for size, count in expected.items()
            ],
            {"count_hands_without_meld": count_hands_without_meld},
        ),
    )
