"""Unit tests of exercises.jass: the given cards, pictures, the hand picker and the checks."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import random
import sys
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import ClassVar

import pytest

from conftest import ROOT
from exercises.checks import Status
from exercises.jass import (
    ALL_OF,
    DECK,
    EXAMPLE_HAND,
    EXAMPLE_LINES,
    HAND_SIZE,
    Card,
    MeldPicker,
    Rank,
    Suit,
    check_hands_without_meld,
    check_meld_all_in,
    check_meld_set,
    check_mutually_disjoint,
    check_print_meld_sets,
    check_quartets,
    check_runs,
    deal,
    parse_cards,
    power_set,
    quartet_points,
    show_hand,
    show_meld_sets,
    validate_hand,
)
from exercises.jass.pictures import card_html, meld_set_html

# ----------------------------------------------------------------------------- a reference
# A small correct answer to the worksheet, written here to drive the checks and the widget.


@dataclass(frozen=True)
class Meld:
    cards: frozenset
    points: int
    ALL: ClassVar[tuple] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", frozenset(self.cards))

    def __str__(self) -> str:
        return "[" + ", ".join(map(str, sorted(self.cards))) + "]"

    @classmethod
    def add_all_quartets_into(cls, melds: list) -> None:
        for rank in Rank:
            if rank >= Rank.NINE:
                melds.append(cls(frozenset(Card(suit, rank) for suit in Suit), quartet_points(rank)))

    @classmethod
    def add_all_suits_into(cls, melds: list) -> None:
        for suit in Suit:
            for size, points in ((3, 20), (4, 50), (5, 100)):
                for start in range(10 - size):
                    melds.append(cls(frozenset(ALL_OF[suit][start : start + size]), points))

    @classmethod
    def all_melds(cls) -> tuple:
        melds: list = []
        cls.add_all_quartets_into(melds)
        cls.add_all_suits_into(melds)
        return tuple(melds)

    @classmethod
    def all_in(cls, hand) -> set:
        hand = validate_hand(hand)
        return {meld for meld in cls.ALL if meld.cards <= hand}


Meld.ALL = Meld.all_melds()


def mutually_disjoint(sets) -> bool:
    union: set = set()
    for s in sets:
        size = len(union)
        union |= s
        if len(union) != size + len(s):
            return False
    return True


@dataclass(frozen=True)
class MeldSet:
    melds: frozenset

    @classmethod
    def of(cls, melds):
        melds = list(melds)
        if not cls.mutually_disjoint(melds):
            shared = min(card for a, b in combinations(melds, 2) for card in a.cards & b.cards)
            raise ValueError(f"two melds share {shared}")
        return cls(frozenset(melds))

    @staticmethod
    def mutually_disjoint(melds) -> bool:
        return mutually_disjoint([meld.cards for meld in melds])

    @classmethod
    def all_in(cls, hand) -> list:
        return [cls(s) for s in power_set(Meld.all_in(hand)) if cls.mutually_disjoint(s)]

    def points(self) -> int:
        return sum(meld.points for meld in self.melds)

    def __str__(self) -> str:
        melds = sorted(self.melds, key=lambda meld: (-meld.points, sorted(meld.cards)))
        return "{" + ", ".join(map(str, melds)) + "}"


def print_meld_sets(hand) -> None:
    for meld_set in sorted(MeldSet.all_in(hand), key=MeldSet.points):
        print(f"{meld_set.points():>3}: {meld_set}")


class StubMeldSet:
    """What the released notebook's MeldSet does before the exercise is written."""

    @classmethod
    def all_in(cls, hand):
        raise NotImplementedError("Exercise jass.meld_set: write your code here.")


# ----------------------------------------------------------------------------- cards


def test_the_deck_has_36_distinct_cards_by_suit_then_rank():
    assert len(DECK) == 36 and len(set(DECK)) == 36
    assert list(DECK) == sorted(DECK)
    assert [str(card) for card in DECK[:10]] == ["♠6", "♠7", "♠8", "♠9", "♠10", "♠J", "♠Q", "♠K", "♠A", "♡6"]
    assert str(DECK[-1]) == "♣A" and repr(DECK[-1]) == "♣A"


def test_all_of_lists_each_suit_by_ascending_rank():
    for suit in Suit:
        assert [card.rank for card in ALL_OF[suit]] == list(Rank)
        assert all(card.suit is suit for card in ALL_OF[suit])
    assert [str(card) for card in ALL_OF[Suit.DIAMOND]][4] == "♢10"


def test_card_parse_reads_every_printed_card_and_the_filled_symbols():
    for card in DECK:
        assert Card.parse(str(card)) == card
    assert Card.parse("♥10") == Card.of(Suit.HEART, Rank.TEN)
    assert Card.parse(" ♦a ") == Card(Suit.DIAMOND, Rank.ACE)


@pytest.mark.parametrize("text", ["♠1", "♠", "X6", "", "6♠", "♠11"])
def test_card_parse_refuses_what_is_not_a_card(text):
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(text)


def test_card_refuses_a_suit_or_rank_of_the_wrong_type():
    with pytest.raises(ValueError):
        Card("♠", Rank.SIX)
    with pytest.raises(ValueError):
        Card(Suit.SPADE, 6)
    with pytest.raises(ValueError):
        Card.parse(6)


def test_cards_are_frozen_values_that_cross_by_their_fields():
    card = Card.of(Suit.CLUB, Rank.JACK)
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = Rank.ACE  # type: ignore[misc]
    fields = dataclasses.fields(Card)
    assert [field.name for field in fields] == ["suit", "rank"] and all(field.init for field in fields)
    assert Card(**{field.name: getattr(card, field.name) for field in fields}) == card
    assert Card.__dataclass_params__.frozen


def test_card_hashes_are_their_place_in_the_deck():
    assert [hash(card) for card in DECK] == list(range(36))


def test_suits_and_ranks_are_ordered():
    assert Rank.NINE < Rank.TEN < Rank.ACE and Rank.SIX <= Rank.SIX and Rank.ACE > Rank.KING
    assert sorted([Suit.CLUB, Suit.SPADE, Suit.DIAMOND]) == [Suit.SPADE, Suit.DIAMOND, Suit.CLUB]
    assert Suit.HEART.is_red and not Suit.CLUB.is_red
    assert repr(Rank.TEN) == "Rank.TEN" and repr(Suit.HEART) == "Suit.HEART"


def test_quartet_points_follow_the_table():
    assert {rank.symbol: quartet_points(rank) for rank in Rank if rank >= Rank.NINE} == {
        "9": 150, "10": 100, "J": 200, "Q": 100, "K": 100, "A": 100,
    }


@pytest.mark.parametrize("rank", [Rank.SIX, Rank.SEVEN, Rank.EIGHT])
def test_there_is_no_quartet_below_nine(rank):
    with pytest.raises(ValueError, match="no quartet"):
        quartet_points(rank)


def test_power_set_holds_every_subset_once():
    assert power_set(set()) == {frozenset()}
    subsets = power_set({1, 2, 3})
    assert len(subsets) == 8 and frozenset({1, 3}) in subsets and frozenset() in subsets
    assert all(type(subset) is frozenset for subset in subsets)
    assert len(power_set(range(10))) == 1024
    given = [3, 1, 3]
    assert len(power_set(given)) == 4 and given == [3, 1, 3]


def test_parse_cards_reads_spaces_and_commas():
    assert parse_cards("♠6, ♠7 ♠8") == [Card(Suit.SPADE, rank) for rank in list(Rank)[:3]]
    assert parse_cards("") == []


def test_validate_hand_returns_the_cards_as_a_frozenset():
    hand = parse_cards("♠6 ♡K ♣9")
    assert validate_hand(hand) == frozenset(hand) and type(validate_hand(hand)) is frozenset
    assert validate_hand(set(DECK)) == frozenset(DECK)
    assert hand == parse_cards("♠6 ♡K ♣9")


@pytest.mark.parametrize(
    "hand, words",
    [
        (parse_cards("♠6 ♠7 ♠6"), "♠6 twice"),
        (["♠6", "♠7"], "cards only"),
        ([Card.parse("♠6"), None], "cards only"),
        (list(DECK) + [DECK[0]], "at most 36"),
        ("♠6 ♠7", "collection of cards"),
        (42, "collection of cards"),
    ],
)
def test_validate_hand_explains_a_bad_hand(hand, words):
    before = list(hand) if isinstance(hand, list) else hand
    with pytest.raises(ValueError, match=words):
        validate_hand(hand)
    assert hand == before


def test_deal_is_seeded_sorted_and_distinct():
    first, second = deal(random.Random(5)), deal(random.Random(5))
    assert first == second == sorted(first) and len(set(first)) == 9
    assert len(deal(random.Random(1), 36)) == 36 and deal(random.Random(1), 0) == []
    with pytest.raises(ValueError):
        deal(random.Random(1), 37)


# ----------------------------------------------------------------------------- pictures


def test_a_hand_picture_shows_each_card_face_red_for_hearts_and_diamonds():
    picture = show_hand(EXAMPLE_HAND)
    assert str(picture) == "♠6 ♠7 ♠8 ♠9 ♡9 ♡K ♢9 ♢A ♣9" and repr(picture) == str(picture)
    assert picture._repr_html_().count('title="') == 9
    assert "#c0392b" in card_html(Card.parse("♡9")) and "#c0392b" not in card_html(Card.parse("♠9"))


def test_meld_sets_are_drawn_most_points_first_with_the_best_highlighted():
    picture = show_meld_sets(MeldSet.all_in(EXAMPLE_HAND))
    lines = str(picture).splitlines()
    assert lines[0] == "170 points (best): [♠9, ♡9, ♢9, ♣9] [♠6, ♠7, ♠8]"
    assert lines[-1] == "  0 points: no meld" and len(lines) == 6
    html = picture._repr_html_()
    assert html.count("(best)") == 1 and html.index("170 points") < html.index("150 points")
    assert "no meld" in meld_set_html(MeldSet.of([]))


def test_pictures_are_the_same_at_every_call():
    assert show_meld_sets(MeldSet.all_in(EXAMPLE_HAND))._repr_html_() == show_meld_sets(
        list(reversed(MeldSet.all_in(EXAMPLE_HAND)))
    )._repr_html_()


# ----------------------------------------------------------------------------- the widget


def test_the_picker_shows_the_meld_sets_of_its_hand():
    picker = MeldPicker(MeldSet, hand=EXAMPLE_HAND)
    assert picker.hand == set(EXAMPLE_HAND)
    assert sorted(meld_set.points() for meld_set in picker.meld_sets) == [0, 20, 20, 50, 150, 170]
    assert picker.best_points == 170 and "6 meld sets" in picker.results.value
    assert sum(button.value for button in picker.buttons.values()) == 9
    assert picker.errors.value == ""


def test_clicking_cards_picks_and_unpicks_them():
    picker = MeldPicker(MeldSet)
    assert picker.best_points == 0 and picker.status.value.startswith("0 of 9")
    for text in ("♢10", "♢J", "♢Q"):
        picker.buttons[Card.parse(text)].value = True
    assert picker.best_points == 20 and picker.status.value.startswith("3 of 9")
    picker.buttons[Card.parse("♢J")].value = False
    assert picker.hand == set(parse_cards("♢10 ♢Q")) and picker.best_points == 0


def test_a_tenth_card_is_refused():
    picker = MeldPicker(MeldSet, hand=EXAMPLE_HAND)
    extra = Card.parse("♣A")
    picker.buttons[extra].value = True
    assert extra not in picker.hand and picker.buttons[extra].value is False
    assert "unpick one" in picker.status.value and len(picker.hand) == HAND_SIZE


def test_deal_and_clear_buttons():
    picker = MeldPicker(MeldSet, seed=7)
    picker.deal_button.click()
    assert picker.hand == set(deal(random.Random(7)))
    picker.clear_button.click()
    assert picker.hand == set() and [m.points() for m in picker.meld_sets] == [0]


def test_the_picker_with_a_stub_is_one_sentence_and_no_button():
    picker = MeldPicker(StubMeldSet, hand=EXAMPLE_HAND)
    assert picker.meld_sets == [] and picker.best_points is None
    assert len(picker.children) == 1
    assert "Write <code>StubMeldSet.all_in</code> first" in picker.children[0].value


def test_the_picker_shows_an_error_raised_later_in_the_panel():
    class LateError(MeldSet):
        @classmethod
        def all_in(cls, hand):
            if len(list(hand)) == 8:
                raise KeyError("oops")
            return MeldSet.all_in(hand)

    picker = MeldPicker(LateError, hand=EXAMPLE_HAND)
    picker.buttons[Card.parse("♠9")].value = False
    assert "KeyError" in picker.errors.value and picker.results.value == ""
    assert len(picker.children) > 1


def test_nine_cards_of_one_suit_hold_18_melds_and_53_meld_sets():
    """What the worksheet says of the slowest hand: 18 melds, so 2**18 subsets to filter."""
    hand = sorted(ALL_OF[Suit.SPADE])
    assert len(Meld.all_in(hand)) == 18
    assert len(MeldSet.all_in(hand)) == 53


def test_the_picker_shows_an_error_of_the_student_points():
    class BrokenPoints(MeldSet):
        def points(self) -> int:
            raise ZeroDivisionError("oops")

        @classmethod
        def all_in(cls, hand):
            return [cls(meld_set.melds) for meld_set in MeldSet.all_in(hand)]

    picker = MeldPicker(BrokenPoints, hand=EXAMPLE_HAND)
    assert "ZeroDivisionError: oops" in picker.errors.value


def test_the_picker_refuses_a_bad_hand():
    picker = MeldPicker(MeldSet)
    with pytest.raises(ValueError):
        picker.set_hand(DECK[:10])
    with pytest.raises(ValueError):
        picker.set_hand(["♠6"])
    assert picker.hand == set()


# ----------------------------------------------------------------------------- the checks


def test_every_check_passes_on_a_correct_answer():
    results = [
        check_quartets(Meld),
        check_runs(Meld),
        check_meld_all_in(Meld),
        check_mutually_disjoint(mutually_disjoint),
        check_meld_set(MeldSet, Meld),
        check_print_meld_sets(print_meld_sets),
        check_hands_without_meld(lambda size: _hands_without_meld_by_ranks()[size]),
    ]
    for result in results:
        assert result.ok, str(result)


def test_every_check_says_not_implemented_on_a_stub():
    def stub(*args):
        raise NotImplementedError("Exercise jass.x: write your code here.")

    class StubMeld(Meld):
        ALL: ClassVar[tuple] = ()
        add_all_quartets_into = classmethod(stub)
        add_all_suits_into = classmethod(stub)
        all_in = classmethod(stub)

    class StubSet(MeldSet):
        of = classmethod(stub)
        all_in = classmethod(stub)
        mutually_disjoint = staticmethod(stub)

    results = [
        check_quartets(StubMeld),
        check_runs(StubMeld),
        check_meld_all_in(StubMeld),
        check_mutually_disjoint(stub),
        check_meld_set(StubSet, StubMeld),
        check_print_meld_sets(stub),
        check_hands_without_meld(stub),
    ]
    for result in results:
        assert result.status is Status.NOT_IMPLEMENTED, str(result)
        assert "not implemented yet" in str(result)


def test_checks_show_the_first_failure_with_expected_and_got():
    class NoNines(Meld):
        @classmethod
        def add_all_quartets_into(cls, melds):
            for rank in Rank:
                if rank > Rank.NINE:
                    melds.append(cls(frozenset(Card(s, rank) for s in Suit), quartet_points(rank)))

    result = check_quartets(NoNines)
    assert result.status is Status.FAILED
    assert "expected: 6" in str(result) and "got:      5" in str(result)

    def consecutive(sets):
        sets = list(sets)
        return all(not a & b for a, b in zip(sets, sets[1:]))

    result = check_mutually_disjoint(consecutive)
    assert result.status is Status.FAILED and "[{1}, {2}, {3, 1}]" in str(result)

    def descending(hand):
        for meld_set in sorted(MeldSet.all_in(hand), key=MeldSet.points, reverse=True):
            print(f"{meld_set.points():>3}: {meld_set}")

    assert check_print_meld_sets(descending).status is Status.FAILED


def test_the_print_check_accepts_equal_points_in_either_order():
    swapped = list(EXAMPLE_LINES)
    swapped[1], swapped[2] = swapped[2], swapped[1]
    def swapping(hand):
        print("\n".join(swapped) if list(hand) == list(EXAMPLE_HAND) else "  0: {}")

    assert check_print_meld_sets(swapping).ok


def test_a_stale_meld_all_is_named_in_one_sentence():
    class Rerun(Meld):  # the class cell ran again: Meld.ALL is empty
        ALL: ClassVar[tuple] = ()

    for result in (check_meld_all_in(Rerun), check_meld_set(MeldSet, Rerun),
                   check_print_meld_sets(print_meld_sets, Rerun)):
        assert result.status is Status.FAILED
        assert result.lines[1] == (
            "  ✗ Meld.ALL is empty: run the cell `Meld.ALL = Meld.all_melds()` after the cell of "
            "class Meld (running the class cell again empties Meld.ALL), then this check again."
        )

    class Partial(Meld):  # Meld.ALL computed when only the quartets were written
        pass

    Partial.ALL = Partial.all_melds()[:6]
    assert "Meld.ALL is out of date (it holds 6 melds" in check_meld_all_in(Partial).lines[1]
    assert check_meld_all_in(Meld).ok and check_print_meld_sets(print_meld_sets, Meld).ok


def test_the_meld_set_check_wants_the_error_to_name_a_shared_card():
    class Vague(MeldSet):
        @classmethod
        def of(cls, melds):
            try:
                return MeldSet.of(melds)
            except ValueError:
                raise ValueError("these melds overlap") from None

    result = check_meld_set(Vague, Meld)
    assert result.status is Status.FAILED
    assert "got:      'ValueError: these melds overlap'" in str(result)
    assert "Name a shared card" in str(result)


def test_a_meld_set_check_catches_a_list_instead_of_a_frozenset():
    @dataclass(frozen=True)
    class ListSet(MeldSet):
        @classmethod
        def of(cls, melds):
            melds = list(melds)  # read once: the check also gives a generator
            MeldSet.of(melds)  # refuses overlapping melds
            return cls(tuple(melds))

    result = check_meld_set(ListSet, Meld)
    assert result.status is Status.FAILED and (
        "MeldSet.of([nines, run678]) == MeldSet.of([run678, nines])"
    ) in str(result)


# ----------------------------------------------------------------------------- the exact counts


def _hands_without_meld_by_ranks() -> list[int]:
    """For each size, the count of the hidden tests (kept there, out of the package)."""
    path = ROOT / "tests" / "grading" / "test_jass.py"
    spec = importlib.util.spec_from_file_location("hidden_test_jass", path)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))  # the hidden tests import their strategies from there
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    return module.hands_without_meld()


def _hands_without_meld_by_brute_force(size: int) -> int:
    masks = [sum(1 << DECK.index(card) for card in meld.cards) for meld in Meld.ALL]
    count = 0
    for hand in combinations(range(36), size):
        bits = sum(1 << index for index in hand)
        count += not any(mask & bits == mask for mask in masks)
    return count


def test_the_counts_of_hands_without_meld_are_right():
    counts = _hands_without_meld_by_ranks()
    for size in range(4):
        assert _hands_without_meld_by_brute_force(size) == counts[size]
    assert counts[3] == comb(36, 3) - 28 and len(counts) == 37 and counts[24] == 1152


def test_nothing_the_package_exports_holds_the_counts_of_hands_without_meld():
    counts = _hands_without_meld_by_ranks()
    unshown = {counts[size] for size in (6, 7, 8, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23)}
    for name in ("exercises.jass", "exercises.jass.model", "exercises.jass.checks",
                 "exercises.jass.pictures", "exercises.jass.widget"):
        module = importlib.import_module(name)
        for attribute, value in vars(module).items():
            if isinstance(value, (tuple, list, set, frozenset)):
                assert not unshown & {v for v in value if type(v) is int}, f"{name}.{attribute}"
            if isinstance(value, dict):
                assert not unshown & {v for v in value.values() if type(v) is int}, f"{name}.{attribute}"


def test_the_released_notebook_shows_the_picker_as_one_sentence():
    from support.browser_steps import released_widget

    picker = released_widget("01_jass_melds", "MeldPicker(MeldSet")
    assert len(picker.children) == 1
    assert "Write <code>MeldSet.all_in</code> first" in picker.children[0].value
