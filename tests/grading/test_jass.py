"""Hidden tests of worksheet 1, "Jass melds": one test per rule, named after it.

The melds and meld sets are the student's objects: a test turns them into plain values
(a meld becomes its sorted card names and its points) inside the notebook's process, with
``sub.eval`` or :func:`run`, and compares those with an independent brute force written
here. Cards are the package's and cross by value.

The differential tests compare the notebook with the reference solution on cases drawn
from ``strategies.jass``: hands of any size given as a list, a tuple, a set or a
generator (the text types them ``Iterable[Card]``), melds that overlap anywhere, sets of
sets with empty and equal sets. A failure names the call the student can type.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations

import pytest

from course.grading.grader.differential import compare, draw, outcomes
from exercises.jass import ALL_OF, DECK, EXAMPLE_LINES, Card, Rank, Suit, parse_cards
from strategies import jass as drawn

#: An expression that runs the statements ``code`` in a copy of the notebook's namespace
#: (with the case's names bound) and gives the value they leave in ``out``: one request
#: per case, however many calls the statements make.
RUN = "(lambda scope: (exec(code, scope), scope.get('out'))[1])(globals())"

NOTEBOOK = "01_jass_melds"

#: each exercise's points, shared equally by its tests (a test names only its exercise)
POINTS = {
    "jass.meld": 6,
    "jass.disjoint": 2,
    "jass.meld_set": 6,
    "jass.print_meld_sets": 2,
    "jass.hands_without_meld": 0,
}

#: each test's rule, as the public check shows it (see tests/grader/test_one_verdict.py)
RULES = {
    "test_add_all_into_adds_to_the_list_it_is_given": "len(melds) after Meld.add_all_quartets_into(melds) == 6",
    "test_all_holds_the_78_melds_exactly_once": "len(Meld.ALL) == 78",
    "test_quartets_only_for_nine_to_ace_worth_150_100_200": "the quartets added (cards: points)",
    "test_runs_of_3_4_5_in_each_suit_worth_20_50_100": "how many runs of 3, 4 and 5 cards",
    "test_runs_never_wrap_from_ace_to_six": "the runs of 3 spades (cards: points)",
    "test_melds_of_all_are_equal_by_value_to_new_melds":
        "all(Meld(meld.cards, meld.points) in set(Meld.ALL) for meld in Meld.ALL) == True",
    "test_a_meld_is_immutable": "setattr(Meld(parse_cards('♠6 ♠7 ♠8'), 20), 'points', 0)",
    "test_meld_all_in_the_seed_hand_finds_its_four_melds": "Meld.all_in(EXAMPLE_HAND)",
    "test_meld_all_in_matches_brute_force_on_random_hands": "len(Meld.all_in(DECK)) == 78",
    "test_meld_all_in_finds_a_meld_whose_cards_are_the_whole_hand": "Meld.all_in(parse_cards('♠J ♡J ♢J ♣J'))",
    "test_meld_all_in_takes_a_set_or_a_list_and_leaves_it_unchanged": "hand after Meld.all_in(hand)",
    "test_meld_all_in_refuses_a_card_twice_a_non_card_or_37_cards":
        "Meld.all_in(parse_cards('♠6 ♠7 ♠6')), a card twice raises ValueError",
    "test_no_sets_are_mutually_disjoint": "mutually_disjoint([]) == True",
    "test_one_set_is_mutually_disjoint": "mutually_disjoint([{1, 2}]) == True",
    "test_equal_sets_are_not_disjoint_unless_empty": "mutually_disjoint([{1, 2}, {1, 2}]) == False",
    "test_only_the_first_and_last_of_three_sets_overlap": "mutually_disjoint([{1}, {2}, {3, 1}]) == False",
    "test_mutually_disjoint_matches_pairwise_checks_on_random_sets": "mutually_disjoint([{1, 2}, {2, 3}]) == False",
    "test_mutually_disjoint_leaves_its_sets_unchanged": "mutually_disjoint([{1}, {2}, {3}, {4, 5}]) == True",
    "test_mutually_disjoint_of_large_sets": "mutually_disjoint([{1}, {2}, {3}, {4, 5}]) == True",
    "test_meld_set_points_of_meld_sets_made_one_after_another": "MeldSet.of([nines, run678]).points() == 170",
    "test_meld_set_points_add_up_the_melds": "MeldSet.of([nines, run678]).points() == 170",
    "test_a_meld_set_is_immutable": "setattr(MeldSet.of([run678]), 'melds', frozenset())",
    "test_meld_set_of_keeps_the_melds_given": "MeldSet.of([nines, run678]).melds",
    "test_meld_set_of_overlapping_melds_raises_value_error_naming_a_shared_card":
        "the message of MeldSet.of([run678, run789])",
    "test_meld_set_of_leaves_its_argument_untouched": "melds after MeldSet.of(melds), melds = [run789, nines, run678]",
    "test_meld_set_of_the_same_meld_twice_raises_value_error": "MeldSet.of([run678, run678]), the same meld twice",
    "test_meld_sets_are_equal_and_hashable_by_value": "MeldSet.of([run678]) == MeldSet.of([run789]) == False",
    "test_meld_set_mutually_disjoint_compares_the_cards_of_melds":
        "MeldSet.mutually_disjoint([run678, hearts678, run8910])",
    "test_meld_set_all_in_the_seed_hand_finds_its_six_meld_sets": "points of MeldSet.all_in(EXAMPLE_HAND)",
    "test_meld_set_all_in_always_includes_the_empty_meld_set": "points of MeldSet.all_in([]) == [0]",
    "test_meld_set_all_in_returns_a_list": "isinstance(MeldSet.all_in(EXAMPLE_HAND), list) == True",
    "test_meld_set_all_in_matches_brute_force_on_random_hands": "points of MeldSet.all_in(EXAMPLE_HAND)",
    "test_meld_set_all_in_finds_the_overlapping_runs_of_a_long_suit":
        "points of MeldSet.all_in(parse_cards('♡6 ♡7 ♡8 ♡9 ♡10 ♡J ♣J ♢J ♠J'))",
    "test_meld_set_all_in_combines_three_disjoint_melds":
        "points of MeldSet.all_in(parse_cards('♠6 ♠7 ♠8 ♡10 ♡J ♡Q ♣Q ♣K ♣A'))",
    "test_meld_set_all_in_refuses_a_card_twice_a_non_card_or_37_cards":
        "MeldSet.all_in(parse_cards('♠6 ♠6')), a card twice raises ValueError",
    "test_print_meld_sets_prints_the_seed_example_line_for_line": "print_meld_sets(EXAMPLE_HAND) prints",
    "test_print_meld_sets_sorts_by_increasing_points": "print_meld_sets(EXAMPLE_HAND) prints",
    "test_print_meld_sets_of_a_hand_without_meld_prints_only_the_empty_set":
        "print_meld_sets(parse_cards('♣J ♡6')) prints",
    "test_count_hands_without_meld_for_every_size": "count_hands_without_meld(9) == 68081916",
    "test_meld_all_in_like_the_reference_for_any_hand_in_any_form": "Meld.all_in(card for card in EXAMPLE_HAND)",
    "test_mutually_disjoint_like_the_reference_for_any_sets_in_any_form":
        "mutually_disjoint(s for s in [{1, 2}, {3}, {2}])",
    "test_meld_set_mutually_disjoint_like_the_reference_for_any_melds_in_any_form":
        "MeldSet.mutually_disjoint({nines, run789})",
    "test_meld_set_of_and_points_like_the_reference_for_any_melds_in_any_form":
        "MeldSet.of(meld for meld in [nines, run678]).points()",
    "test_meld_set_of_names_a_card_that_two_of_the_melds_share":
        "the message of MeldSet.of([hearts678, run678, run789])",
    "test_meld_set_all_in_like_the_reference_for_any_hand_in_any_form":
        "len(MeldSet.all_in(parse_cards('♠6 ♠7 ♠8 ♡6 ♡7 ♡8 ♢6 ♢7 ♢8 ♣6 ♣7 ♣8')))",
    "test_print_meld_sets_like_the_reference_for_any_hand_in_any_form":
        "print_meld_sets(card for card in EXAMPLE_HAND) prints",
    "test_meld_all_in_refuses_drawn_bad_hands_like_the_reference":
        "Meld.all_in(parse_cards('♠6 ♠7 ♠6')), a card twice raises ValueError",
    "test_meld_set_all_in_refuses_drawn_bad_hands_like_the_reference":
        "MeldSet.all_in(parse_cards('♠6 ♠6')), a card twice raises ValueError",
}

#: what a student who fails each test most likely got wrong (shown in the feedback)
HINTS = {
    "test_add_all_into_adds_to_the_list_it_is_given": (
        "add_all_quartets_into(melds) and add_all_suits_into(melds) add their melds to the very list they are given "
        "(melds.append), keeping what it holds: a new list, or one emptied first, never reaches Meld.all_melds."
    ),
    "test_all_holds_the_78_melds_exactly_once": (
        "Meld.ALL must hold the 72 runs and the 6 quartets, each once: see that neither method skips a meld or adds "
        "one twice, and run the cell that sets Meld.ALL again after changing the class."
    ),
    "test_quartets_only_for_nine_to_ace_worth_150_100_200": (
        "Quartets exist only for the 9s, 10s, jacks, queens, kings and aces, never the 6s, 7s or 8s; take each one's "
        "points from quartet_points(rank): 150 for the 9s, 200 for the jacks, 100 for the others."
    ),
    "test_runs_of_3_4_5_in_each_suit_worth_20_50_100": (
        "Each suit has 7 runs of 3 cards (20 points), 6 of 4 (50) and 5 of 5 (100): let your slice of the suit's cards "
        "reach the ace, and give each size of run its own points."
    ),
    "test_runs_never_wrap_from_ace_to_six": (
        "A run is cards of consecutive ranks, in the order 6, 7, 8, 9, 10, J, Q, K, A, and it stops at the ace: no run "
        "holds both the ace and the 6, while the queen, king and ace of a suit still make a run of 3."
    ),
    "test_melds_of_all_are_equal_by_value_to_new_melds": (
        "Two melds with the same cards and points must be equal and hash alike: keep Meld a frozen dataclass of a "
        "frozenset of cards and its points, and let Meld.ALL hold 78 different melds."
    ),
    "test_a_meld_is_immutable": (
        "A Meld is a frozen dataclass: keep @dataclass(frozen=True) above the class, so that setting meld.cards or "
        "meld.points raises an error instead of changing a meld that may already be in a set."
    ),
    "test_meld_all_in_the_seed_hand_finds_its_four_melds": (
        "The example hand holds 4 melds: the runs ♠6 to ♠8, ♠7 to ♠9 and ♠6 to ♠9, and the four 9s. Keep every meld "
        "whose cards are all in the hand, even melds that share cards."
    ),
    "test_meld_all_in_matches_brute_force_on_random_hands": (
        "Return each meld of Meld.ALL whose cards all lie in the hand, once, for hands of any size: no card, 3, 9, 12, "
        "20 or all 36 cards."
    ),
    "test_meld_all_in_finds_a_meld_whose_cards_are_the_whole_hand": (
        "A meld is in the hand when all its cards are, also when its cards are the whole hand: test for a subset, not "
        "a strict (proper) subset."
    ),
    "test_meld_all_in_takes_a_set_or_a_list_and_leaves_it_unchanged": (
        "The hand may come as a list or as a set: work on the frozenset that validate_hand returns, and never add, "
        "remove or reorder cards in the collection you were given."
    ),
    "test_meld_all_in_refuses_a_card_twice_a_non_card_or_37_cards": (
        "Pass the hand through validate_hand before anything else: it raises ValueError for a card given twice, a text "
        "such as '♠6' instead of a Card, or more than 36 cards."
    ),
    "test_no_sets_are_mutually_disjoint":
        "With no sets at all, no two of them share an element: return True (a bool, not None) for an empty collection.",
    "test_one_set_is_mutually_disjoint":
        "A single set, even an empty one, has no other set to share an element with: the answer is True.",
    "test_equal_sets_are_not_disjoint_unless_empty": (
        "Two equal sets that are not empty share all their elements, so they are not disjoint, while empty sets share "
        "nothing: compare the elements (the size of the union), not whether the sets differ."
    ),
    "test_only_the_first_and_last_of_three_sets_overlap": (
        "An element in any two of the sets is enough to answer False, whether the two are neighbours or not and even "
        "if the other sets lack it: check each set against a running union of every set seen so far."
    ),
    "test_mutually_disjoint_matches_pairwise_checks_on_random_sets": (
        "No element may be in two of the sets, however many sets there are and whatever their sizes (empty ones "
        "included): check each set against the union of all the earlier ones, and return a bool."
    ),
    "test_mutually_disjoint_leaves_its_sets_unchanged": (
        "Leave the collection and its sets as you got them: take no set out of it, add no element into them, and start "
        "the running union from a new empty set of your own, not from the first set."
    ),
    "test_mutually_disjoint_of_large_sets":
        "Compare sizes with == (or !=), never with is: two equal ints above 256 are not always the same object.",
    "test_meld_set_points_of_meld_sets_made_one_after_another": (
        "points() adds the points of this meld set's melds at each call: keep no total from an earlier meld set, whose "
        "place in memory a new one may take."
    ),
    "test_meld_set_points_add_up_the_melds": (
        "points() is the sum of the points of the set's melds: 0 for a meld set with no meld, and a whole number "
        "(int), not a float or a list."
    ),
    "test_a_meld_set_is_immutable": (
        "A MeldSet is a frozen dataclass: keep @dataclass(frozen=True) above the class, so that setting meld_set.melds "
        "raises an error instead of changing a meld set that may already be in a set."
    ),
    "test_meld_set_of_keeps_the_melds_given": (
        "MeldSet.of keeps exactly the melds it is given, as a frozenset of those melds: not their cards, not only the "
        "best one, and with their own points."
    ),
    "test_meld_set_of_overlapping_melds_raises_value_error_naming_a_shared_card": (
        "When two melds share a card, raise ValueError and name one of the shared cards in its message: for the runs "
        "♠6 to ♠8 and ♠7 to ♠9, that is ♠7 or ♠8."
    ),
    "test_meld_set_of_leaves_its_argument_untouched": (
        "MeldSet.of must not sort, remove from or add to the list of melds it gets, whether it makes a meld set or "
        "raises: read it, or make your own copy of it."
    ),
    "test_meld_set_of_the_same_meld_twice_raises_value_error": (
        "The melds are taken as given: the same meld twice shares its cards with itself, so MeldSet.of([m, m]) raises "
        "ValueError and MeldSet.mutually_disjoint([m, m]) is False. Do not turn them into a set before checking."
    ),
    "test_meld_sets_are_equal_and_hashable_by_value": (
        "Meld sets with the same melds, in any order, are equal and hash alike; sets with other melds differ, even at "
        "equal points. Keep MeldSet a frozen dataclass of a frozenset of melds."
    ),
    "test_meld_set_mutually_disjoint_compares_the_cards_of_melds": (
        "Any two of the melds clash when their cards overlap, neighbours or not, not when the melds themselves are "
        "equal: give mutually_disjoint the card sets of all the melds, not the melds."
    ),
    "test_meld_set_all_in_the_seed_hand_finds_its_six_meld_sets": (
        "The example hand has 6 meld sets (0, 20, 20, 50, 150 and 170 points): take the power set of the hand's melds "
        "and keep only the subsets whose melds share no card."
    ),
    "test_meld_set_all_in_always_includes_the_empty_meld_set": (
        "The empty meld set (0 points) is in the list of every hand exactly once, also for a hand with no meld or with "
        "no card at all."
    ),
    "test_meld_set_all_in_returns_a_list": (
        "MeldSet.all_in returns the list of the meld sets, as the text says: a list, not a set, a tuple or a generator."
    ),
    "test_meld_set_all_in_matches_brute_force_on_random_hands": (
        "List each valid meld set of the hand once: every subset of the hand's melds in which no two melds share a "
        "card, for hands of 5, 9 or 12 cards."
    ),
    "test_meld_set_all_in_finds_the_overlapping_runs_of_a_long_suit": (
        "Six hearts in a row hold several overlapping runs of 3, 4 and 5, and ♡J is also in the four jacks: keep every "
        "combination that shares no card, like the four jacks with ♡6 to ♡10."
    ),
    "test_meld_set_all_in_combines_three_disjoint_melds": (
        "A meld set holds any number of melds that share no card, up to all the melds of the hand: these three runs "
        "together make a meld set of 60 points. Take the subsets of every size."
    ),
    "test_meld_set_all_in_refuses_a_card_twice_a_non_card_or_37_cards": (
        "MeldSet.all_in must refuse a bad hand with ValueError too: a card given twice, a text instead of a Card, more "
        "than 36 cards. Validate the hand as given, before turning it into a set."
    ),
    "test_print_meld_sets_prints_the_seed_example_line_for_line": (
        "Print one line per meld set and nothing else: the points right-aligned on 3 characters, a colon, a space, "
        "then the meld set as it prints, like '170: {[♠9, ♡9, ♢9, ♣9], [♠6, ♠7, ♠8]}'."
    ),
    "test_print_meld_sets_sorts_by_increasing_points": (
        "Sort by each meld set's total points, smallest first (not by its text or its number of melds), and print "
        "every meld set of the hand, the empty one included."
    ),
    "test_print_meld_sets_of_a_hand_without_meld_prints_only_the_empty_set": (
        "A hand with no meld still has the empty meld set: print exactly one line, '  0: {}', the 0 right-aligned on 3 "
        "characters."
    ),
    "test_count_hands_without_meld_for_every_size": (
        "Answer every size from 0 to 36 (the empty hand counts once). A meld-free hand has no 3 cards in a row in a "
        "suit and no four 9s, 10s, jacks, queens, kings or aces; four 6s, 7s or 8s are allowed."
    ),
    "test_meld_all_in_like_the_reference_for_any_hand_in_any_form": (
        "The hand is any Iterable of cards, a generator too, which can be read only once: read it once, hand = "
        "validate_hand(hand), and use that frozenset from then on."
    ),
    "test_mutually_disjoint_like_the_reference_for_any_sets_in_any_form": (
        "The sets come as any Iterable (a list, a tuple, a set of frozensets, a generator read only once): go through "
        "them once with a for loop, keeping a running union; no len, no [0]."
    ),
    "test_meld_set_mutually_disjoint_like_the_reference_for_any_melds_in_any_form": (
        "The melds come as any Iterable, a set or a generator too: go through them once (a for loop, or "
        "mutually_disjoint of their card sets); no len, no [i]."
    ),
    "test_meld_set_of_and_points_like_the_reference_for_any_melds_in_any_form": (
        "MeldSet.of reads its melds once (melds = list(melds) first: a generator gives nothing the second time); "
        "points() adds the points of every meld, two runs of 20 make 40."
    ),
    "test_meld_set_of_names_a_card_that_two_of_the_melds_share": (
        "Name a card that two of the melds share, found among all pairs of melds: with three melds or more, no card "
        "may be in all of them."
    ),
    "test_meld_set_all_in_like_the_reference_for_any_hand_in_any_form": (
        "A hand of up to 36 cards, given as any Iterable (a generator too), may hold four melds or more that share no "
        "card: keep every subset of Meld.all_in(hand) whose melds are disjoint, and pass the hand on only once."
    ),
    "test_print_meld_sets_like_the_reference_for_any_hand_in_any_form": (
        "The hand may be a generator, which can be read only once: hand it to MeldSet.all_in once, and print every "
        "meld set, sorted by points."
    ),
    "test_meld_all_in_refuses_drawn_bad_hands_like_the_reference": (
        "Start with hand = validate_hand(hand): a card twice, something that is no card (a text, a number, None) "
        "anywhere in the hand, or more than 36 cards raise ValueError, whatever the form of the hand."
    ),
    "test_meld_set_all_in_refuses_drawn_bad_hands_like_the_reference": (
        "MeldSet.all_in refuses a bad hand as Meld.all_in does, with ValueError: a card twice or something that is no "
        "card anywhere in the hand, whatever its form."
    ),
}


#: each rule of the worksheet that the hints state (a short name in the game's words) and the tests whose hint
#: states it: a mistake of the corpora declares the rule it breaks, and the first test it fails is one of these
HINT_RULES = {
    "melds-added-into-the-list-given": ["test_add_all_into_adds_to_the_list_it_is_given"],
    "quartets-nine-to-ace-only": ["test_quartets_only_for_nine_to_ace_worth_150_100_200"],
    "quartet-points-150-200-100": ["test_quartets_only_for_nine_to_ace_worth_150_100_200"],
    "runs-of-consecutive-ranks": ["test_runs_never_wrap_from_ace_to_six"],
    "runs-never-wrap": ["test_runs_never_wrap_from_ace_to_six"],
    "runs-reach-the-ace": ["test_runs_never_wrap_from_ace_to_six", "test_runs_of_3_4_5_in_each_suit_worth_20_50_100"],
    "runs-of-3-4-5-in-every-suit": ["test_runs_of_3_4_5_in_each_suit_worth_20_50_100"],
    "run-points-20-50-100": ["test_runs_of_3_4_5_in_each_suit_worth_20_50_100"],
    "all-holds-the-78-melds-once": ["test_all_holds_the_78_melds_exactly_once"],
    "melds-equal-by-value": ["test_melds_of_all_are_equal_by_value_to_new_melds"],
    "meld-is-frozen": ["test_a_meld_is_immutable"],
    "meld-in-hand-when-all-its-cards-are": [
        "test_meld_all_in_the_seed_hand_finds_its_four_melds", "test_meld_all_in_matches_brute_force_on_random_hands",
    ],
    "meld-of-the-whole-hand-is-in-it": ["test_meld_all_in_finds_a_meld_whose_cards_are_the_whole_hand"],
    "meld-all-in-leaves-the-hand-unchanged": ["test_meld_all_in_takes_a_set_or_a_list_and_leaves_it_unchanged"],
    "meld-all-in-refuses-a-bad-hand": [
        "test_meld_all_in_refuses_a_card_twice_a_non_card_or_37_cards",
        "test_meld_all_in_refuses_drawn_bad_hands_like_the_reference",
    ],
    "meld-all-in-reads-any-hand-once": [
        "test_meld_all_in_takes_a_set_or_a_list_and_leaves_it_unchanged",
        "test_meld_all_in_like_the_reference_for_any_hand_in_any_form",
    ],
    "disjoint-no-set-or-one-set-is-true": ["test_no_sets_are_mutually_disjoint", "test_one_set_is_mutually_disjoint"],
    "disjoint-returns-a-bool": [
        "test_no_sets_are_mutually_disjoint", "test_mutually_disjoint_matches_pairwise_checks_on_random_sets",
    ],
    "disjoint-equal-sets-share-their-elements": ["test_equal_sets_are_not_disjoint_unless_empty"],
    "disjoint-no-element-in-two-sets": [
        "test_only_the_first_and_last_of_three_sets_overlap",
        "test_mutually_disjoint_matches_pairwise_checks_on_random_sets",
    ],
    "disjoint-sizes-compared-by-value": ["test_mutually_disjoint_of_large_sets"],
    "disjoint-leaves-the-sets-unchanged": ["test_mutually_disjoint_leaves_its_sets_unchanged"],
    "disjoint-reads-any-iterable-once": ["test_mutually_disjoint_like_the_reference_for_any_sets_in_any_form"],
    "melds-clash-by-their-cards": ["test_meld_set_mutually_disjoint_compares_the_cards_of_melds"],
    "melds-compared-two-by-two": ["test_meld_set_mutually_disjoint_compares_the_cards_of_melds"],
    "melds-disjoint-of-any-iterable": [
        "test_meld_set_mutually_disjoint_like_the_reference_for_any_melds_in_any_form",
    ],
    "points-add-up-every-meld": [
        "test_meld_set_points_add_up_the_melds",
        "test_meld_set_of_and_points_like_the_reference_for_any_melds_in_any_form",
    ],
    "points-is-an-int": ["test_meld_set_points_add_up_the_melds"],
    "points-of-this-meld-set-at-each-call": ["test_meld_set_points_of_meld_sets_made_one_after_another"],
    "meld-set-keeps-the-melds-given": ["test_meld_set_of_keeps_the_melds_given"],
    "of-refuses-melds-that-share-a-card": [
        "test_meld_set_of_overlapping_melds_raises_value_error_naming_a_shared_card",
    ],
    "of-names-a-shared-card": [
        "test_meld_set_of_overlapping_melds_raises_value_error_naming_a_shared_card",
        "test_meld_set_of_names_a_card_that_two_of_the_melds_share",
    ],
    "of-a-meld-twice-shares-its-cards": ["test_meld_set_of_the_same_meld_twice_raises_value_error"],
    "of-leaves-its-melds-unchanged": ["test_meld_set_of_leaves_its_argument_untouched"],
    "of-reads-any-iterable-once": ["test_meld_set_of_and_points_like_the_reference_for_any_melds_in_any_form"],
    "meld-set-is-frozen": ["test_a_meld_set_is_immutable"],
    "meld-sets-equal-by-their-melds": ["test_meld_sets_are_equal_and_hashable_by_value"],
    "meld-set-of-any-number-of-melds": [
        "test_meld_set_all_in_combines_three_disjoint_melds",
        "test_meld_set_all_in_matches_brute_force_on_random_hands",
        "test_meld_set_all_in_like_the_reference_for_any_hand_in_any_form",
    ],
    "empty-meld-set-once-in-every-hand": ["test_meld_set_all_in_always_includes_the_empty_meld_set"],
    "meld-sets-are-the-disjoint-subsets": [
        "test_meld_set_all_in_the_seed_hand_finds_its_six_meld_sets",
        "test_meld_set_all_in_finds_the_overlapping_runs_of_a_long_suit",
        "test_meld_set_all_in_matches_brute_force_on_random_hands",
    ],
    "meld-set-all-in-returns-a-list": ["test_meld_set_all_in_returns_a_list"],
    "meld-set-all-in-refuses-a-bad-hand": [
        "test_meld_set_all_in_refuses_a_card_twice_a_non_card_or_37_cards",
        "test_meld_set_all_in_refuses_drawn_bad_hands_like_the_reference",
    ],
    "meld-set-all-in-reads-any-hand-once": ["test_meld_set_all_in_like_the_reference_for_any_hand_in_any_form"],
    "print-points-on-3-characters-then-the-meld-set": ["test_print_meld_sets_prints_the_seed_example_line_for_line"],
    "print-one-line-per-meld-set": [
        "test_print_meld_sets_prints_the_seed_example_line_for_line",
        "test_print_meld_sets_sorts_by_increasing_points",
        "test_print_meld_sets_of_a_hand_without_meld_prints_only_the_empty_set",
    ],
    "print-by-increasing-points": [
        "test_print_meld_sets_sorts_by_increasing_points",
        "test_print_meld_sets_like_the_reference_for_any_hand_in_any_form",
    ],
    "print-reads-any-hand-once": ["test_print_meld_sets_like_the_reference_for_any_hand_in_any_form"],
    "count-every-size-from-0-to-36": ["test_count_hands_without_meld_for_every_size"],
    "count-no-run-of-three-in-a-suit": ["test_count_hands_without_meld_for_every_size"],
    "count-no-quartet-of-9-to-ace": ["test_count_hands_without_meld_for_every_size"],
    "count-four-6s-7s-8s-allowed": ["test_count_hands_without_meld_for_every_size"],
}


EXAMPLE = parse_cards("♠6 ♠7 ♠8 ♠9 ♡9 ♡K ♢9 ♢A ♣9")

# A meld as plain data, computed in the notebook's process: (card names, points).
MELD = "(tuple(str(c) for c in sorted(m.cards)), m.points)"
MELD_SET = f"frozenset({MELD} for m in s.melds)"


def run(sub, code: str, **names):
    """Run statements in (a copy of) the notebook's namespace; the value they put in ``out``."""
    return sub.eval(
        "(lambda scope: (exec(code, scope), scope.get('out'))[1])(dict(globals()))",
        code=code,
        **names,
    )


# ----------------------------------------------------------------------------- brute force

RANKS = list(Rank)
QUARTETS = {Rank.NINE: 150, Rank.TEN: 100, Rank.JACK: 200, Rank.QUEEN: 100, Rank.KING: 100, Rank.ACE: 100}


def plain(cards, points: int) -> tuple[tuple[str, ...], int]:
    """A meld as the tests compare it."""
    return tuple(str(card) for card in sorted(cards)), points


def expected_runs() -> list[tuple[tuple[str, ...], int]]:
    """The 72 runs, written from the rules."""
    runs = []
    for suit in Suit:
        for size, points in ((3, 20), (4, 50), (5, 100)):
            for low in range(len(RANKS) - size + 1):
                runs.append(plain([Card(suit, rank) for rank in RANKS[low : low + size]], points))
    return runs


def expected_quartets() -> list[tuple[tuple[str, ...], int]]:
    """The 6 quartets, written from the rules."""
    return [plain([Card(suit, rank) for suit in Suit], points) for rank, points in QUARTETS.items()]


ALL_MELDS = expected_runs() + expected_quartets()


def melds_in(hand) -> list[tuple[tuple[str, ...], int]]:
    """The melds whose cards are all in ``hand``."""
    names = {str(card) for card in hand}
    return [meld for meld in ALL_MELDS if set(meld[0]) <= names]


def meld_sets_in(hand) -> Counter:
    """Every set of melds of ``hand`` no two of which share a card, counted once each."""
    melds = melds_in(hand)
    found: Counter = Counter()
    for size in range(len(melds) + 1):
        for chosen in combinations(melds, size):
            if all(not set(a[0]) & set(b[0]) for a, b in combinations(chosen, 2)):
                found[frozenset(chosen)] += 1
    return found


def random_hands(count: int, seed: int, sizes=(9,)) -> list[list[Card]]:
    """``count`` seeded random hands, their sizes taken from ``sizes``."""
    rng = random.Random(seed)
    return [rng.sample(DECK, rng.choice(sizes)) for _ in range(count)]


def meld_of(text: str, points: int) -> tuple[list[Card], int]:
    return parse_cards(text), points


# ----------------------------------------------------------------------------- Exercise 1

#: how many times a method of Meld left in the list a mark put there before, and the list's length
ADDED = """
earlier = object()
melds = [earlier]
getattr(Meld, method)(melds)
out = sum(meld is earlier for meld in melds), len(melds)
"""


@pytest.mark.exercise("jass.meld")
def test_add_all_into_adds_to_the_list_it_is_given(sub):
    for method in ("add_all_quartets_into", "add_all_suits_into"):
        kept, size = run(sub, ADDED, method=method)
        assert (kept, size > 1) == (1, True), method


@pytest.mark.exercise("jass.meld")
def test_quartets_only_for_nine_to_ace_worth_150_100_200(sub):
    melds = run(sub, f"melds = []\nMeld.add_all_quartets_into(melds)\nout = [{MELD} for m in melds]")
    assert sorted(melds) == sorted(expected_quartets())
    ranks = {name[1:] for cards, _ in melds for name in cards}
    assert not ranks & {"6", "7", "8"}


@pytest.mark.exercise("jass.meld")
def test_runs_never_wrap_from_ace_to_six(sub):
    melds = run(sub, f"melds = []\nMeld.add_all_suits_into(melds)\nout = [{MELD} for m in melds]")
    assert plain(parse_cards("♠Q ♠K ♠A"), 20) in melds
    for suit in Suit:  # a run of 5 cards or fewer that holds both wraps (longer runs are the next test's question)
        ace, six = str(ALL_OF[suit][-1]), str(ALL_OF[suit][0])
        assert not [cards for cards, _ in melds if ace in cards and six in cards and len(cards) <= 5]


@pytest.mark.exercise("jass.meld")
def test_runs_of_3_4_5_in_each_suit_worth_20_50_100(sub):
    melds = run(sub, f"melds = []\nMeld.add_all_suits_into(melds)\nout = [{MELD} for m in melds]")
    assert len(melds) == 72
    assert Counter(melds) == Counter(expected_runs())


@pytest.mark.exercise("jass.meld")
def test_all_holds_the_78_melds_exactly_once(sub):
    melds = sub.eval(f"[{MELD} for m in Meld.ALL]")
    assert len(melds) == 78
    assert Counter(melds) == Counter(ALL_MELDS)


@pytest.mark.exercise("jass.meld")
def test_melds_of_all_are_equal_by_value_to_new_melds(sub):
    nines = frozenset(parse_cards("♠9 ♡9 ♢9 ♣9"))
    run678 = frozenset(parse_cards("♡6 ♡7 ♡8"))
    assert sub.eval("Meld(nines, 150) in set(Meld.ALL)", nines=nines) is True
    assert sub.eval("Meld(run, 20) in set(Meld.ALL)", run=run678) is True
    assert sub.eval("len(set(Meld.ALL))") == 78


FROZEN = """
try:
    setattr(value, field, changed)
    out = "changed"
except AttributeError:
    out = "refused"
"""


@pytest.mark.exercise("jass.meld")
def test_a_meld_is_immutable(sub):
    for field, changed in (("points", 0), ("cards", frozenset())):
        value = sub.eval("Meld(cards, 20)", cards=frozenset(parse_cards("♠6 ♠7 ♠8")))
        assert run(sub, FROZEN, value=value, field=field, changed=changed) == "refused", field
    assert run(sub, FROZEN, value=sub.eval("next(iter(Meld.ALL))"), field="points", changed=0) == "refused"


@pytest.mark.exercise("jass.meld")
def test_meld_all_in_the_seed_hand_finds_its_four_melds(sub):
    melds = sub.Meld.all_in(list(EXAMPLE))
    got = sorted(plain(meld.cards, meld.points) for meld in melds)
    assert got == sorted(
        [
            plain(parse_cards("♠6 ♠7 ♠8"), 20),
            plain(parse_cards("♠7 ♠8 ♠9"), 20),
            plain(parse_cards("♠6 ♠7 ♠8 ♠9"), 50),
            plain(parse_cards("♠9 ♡9 ♢9 ♣9"), 150),
        ]
    )


@pytest.mark.exercise("jass.meld")
def test_meld_all_in_finds_a_meld_whose_cards_are_the_whole_hand(sub):
    # A meld is in the hand when all its cards are: a subset, not a proper subset.
    for text in ("♠6 ♠7 ♠8", "♠J ♡J ♢J ♣J", "♡10 ♡J ♡Q ♡K ♡A"):
        hand = parse_cards(text)
        melds = sub.eval(f"[{MELD} for m in Meld.all_in(hand)]", hand=hand)
        whole = [meld for meld in melds_in(hand) if len(meld[0]) == len(hand)]
        assert len(whole) == 1 and whole[0] in melds, text
        assert Counter(melds) == Counter(melds_in(hand)), text


@pytest.mark.exercise("jass.meld")
def test_meld_all_in_takes_a_set_or_a_list_and_leaves_it_unchanged(sub):
    hand = parse_cards("♢10 ♢J ♢Q ♢K ♣10 ♠10 ♡10 ♣6 ♠A")
    expected = Counter(melds_in(hand))
    code = f"melds = [{MELD} for m in Meld.all_in(hand)]\nout = list(hand), melds"
    after, melds = run(sub, code, hand=list(hand))
    assert after == hand and Counter(melds) == expected
    melds = sub.eval(f"[{MELD} for m in Meld.all_in(hand)]", hand=set(hand))
    assert Counter(melds) == expected


@pytest.mark.exercise("jass.meld")
def test_meld_all_in_refuses_a_card_twice_a_non_card_or_37_cards(sub):
    with pytest.raises(ValueError):
        sub.Meld.all_in(parse_cards("♠6 ♠7 ♠8 ♠6"))
    with pytest.raises(ValueError):
        sub.Meld.all_in(["♠6", "♠7", "♠8"])
    with pytest.raises(ValueError):
        sub.Meld.all_in(list(DECK) + [DECK[0]])


@pytest.mark.exercise("jass.meld")
def test_meld_all_in_matches_brute_force_on_random_hands(sub):
    hands = random_hands(300, seed=1, sizes=(9, 9, 9, 0, 3, 12, 20, 36))
    got = sub.eval(f"[[{MELD} for m in Meld.all_in(hand)] for hand in hands]", hands=hands)
    for hand, melds in zip(hands, got):
        assert Counter(melds) == Counter(melds_in(hand)), sorted(map(str, hand))


# ----------------------------------------------------------------------------- Exercise 2


@pytest.mark.exercise("jass.disjoint")
def test_no_sets_are_mutually_disjoint(sub):
    assert sub.mutually_disjoint([]) is True


@pytest.mark.exercise("jass.disjoint")
def test_one_set_is_mutually_disjoint(sub):
    assert sub.mutually_disjoint([{1, 2, 3}]) is True
    assert sub.mutually_disjoint([frozenset()]) is True


@pytest.mark.exercise("jass.disjoint")
def test_equal_sets_are_not_disjoint_unless_empty(sub):
    assert sub.mutually_disjoint([{1, 2}, {1, 2}]) is False
    assert sub.mutually_disjoint([frozenset({"a"}), frozenset({"a"})]) is False
    assert sub.mutually_disjoint([set(), set(), {1}]) is True


@pytest.mark.exercise("jass.disjoint")
def test_only_the_first_and_last_of_three_sets_overlap(sub):
    assert sub.mutually_disjoint([{1, 2}, {3, 4}, {5, 1}]) is False
    assert sub.mutually_disjoint([{1, 2}, {3, 4}, {5, 6}]) is True


@pytest.mark.exercise("jass.disjoint")
def test_mutually_disjoint_matches_pairwise_checks_on_random_sets(sub):
    rng = random.Random(2)
    collections = [
        [set(rng.sample(range(30), rng.randint(0, 5))) for _ in range(rng.randint(0, 6))]
        for _ in range(200)
    ]
    got = sub.eval("[mutually_disjoint(sets) for sets in collections]", collections=collections)
    expected = [all(not a & b for a, b in combinations(sets, 2)) for sets in collections]
    assert got == expected


@pytest.mark.exercise("jass.disjoint")
def test_mutually_disjoint_of_large_sets(sub):
    # sizes above 256: CPython keeps one object for each small int only, so sizes compare by value
    assert sub.eval("mutually_disjoint([set(range(300)), set(range(300, 700))])") is True
    assert sub.eval("mutually_disjoint([set(range(300)), set(range(299, 700))])") is False


@pytest.mark.exercise("jass.disjoint")
def test_mutually_disjoint_leaves_its_sets_unchanged(sub):
    sets = [{1, 2}, {3}, {4, 5}]
    answer, after = run(sub, "out = mutually_disjoint(sets), sets", sets=sets)
    assert answer is True and after == [{1, 2}, {3}, {4, 5}]
    answer, after = run(sub, "out = mutually_disjoint(sets), sets", sets=[{1}, {2}, {1, 3}])
    assert answer is False and after == [{1}, {2}, {1, 3}]


# ----------------------------------------------------------------------------- Exercise 3

OF = "MeldSet.of([Meld(cards, points) for cards, points in melds])"


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_mutually_disjoint_compares_the_cards_of_melds(sub):
    cases = [
        ([], True),
        ([meld_of("♠9 ♡9 ♢9 ♣9", 150)], True),
        ([meld_of("♠9 ♡9 ♢9 ♣9", 150), meld_of("♠6 ♠7 ♠8", 20)], True),
        ([meld_of("♠9 ♡9 ♢9 ♣9", 150), meld_of("♠7 ♠8 ♠9", 20)], False),
        ([meld_of("♠6 ♠7 ♠8", 20), meld_of("♡6 ♡7 ♡8", 20), meld_of("♠8 ♠9 ♠10", 20)], False),
    ]
    for melds, expected in cases:
        got = sub.eval("MeldSet.mutually_disjoint([Meld(c, p) for c, p in melds])", melds=melds)
        assert got is expected, melds


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_points_add_up_the_melds(sub):
    melds = [meld_of("♠9 ♡9 ♢9 ♣9", 150), meld_of("♠6 ♠7 ♠8", 20), meld_of("♢J ♢Q ♢K ♢A", 50)]
    assert sub.eval(f"{OF}.points()", melds=melds) == 220
    assert sub.eval(f"{OF}.points()", melds=[]) == 0
    assert sub.eval(f"type({OF}.points()) is int", melds=melds[:1]) is True


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_points_of_meld_sets_made_one_after_another(sub):
    # each meld set (a frozen dataclass: MeldSet(melds) makes one) is dropped before the next
    # is made, which may take its place in memory
    melds = [meld_of("♠9 ♡9 ♢9 ♣9", 150), meld_of("♠6 ♠7 ♠8", 20), meld_of("♢J ♢Q ♢K ♢A", 50),
             meld_of("♣10 ♣J ♣Q ♣K ♣A", 100)]
    got = sub.eval("(lambda made: [MeldSet(group).points() for group in made for _ in range(2)])"
                   "([frozenset([Meld(cards, points)]) for cards, points in melds])", melds=melds)
    assert got == [150, 150, 20, 20, 50, 50, 100, 100]


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_of_keeps_the_melds_given(sub):
    melds = [meld_of("♠9 ♡9 ♢9 ♣9", 150), meld_of("♠6 ♠7 ♠8", 20)]
    got = sub.eval(f"(lambda s: {MELD_SET})({OF})", melds=melds)
    assert got == frozenset(plain(cards, points) for cards, points in melds)


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_of_overlapping_melds_raises_value_error_naming_a_shared_card(sub):
    melds = [meld_of("♠6 ♠7 ♠8", 20), meld_of("♠7 ♠8 ♠9", 20)]
    with pytest.raises(ValueError) as raised:
        sub.eval(OF, melds=melds)
    assert "♠7" in str(raised.value) or "♠8" in str(raised.value)
    with pytest.raises(ValueError):
        sub.eval(OF, melds=[meld_of("♠9 ♡9 ♢9 ♣9", 150), meld_of("♣7 ♣8 ♣9", 20)])


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_of_the_same_meld_twice_raises_value_error(sub):
    # the melds are taken as given: a meld twice shares its cards with itself
    for cards, points in [("♠6 ♠7 ♠8", 20), ("♠9 ♡9 ♢9 ♣9", 150)]:
        twice = [meld_of(cards, points)] * 2
        made = run(sub, f"try:\n    {OF}\n    out = 'made'\nexcept ValueError:\n    out = 'refused'\n", melds=twice)
        assert made == "refused", f"MeldSet.of([m, m]) with m the meld of {cards} was not refused with a ValueError"
        assert sub.eval("MeldSet.mutually_disjoint([Meld(c, p) for c, p in melds])", melds=twice) is False, (
            f"MeldSet.mutually_disjoint([m, m]) with m the meld of {cards} is not False")


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_of_leaves_its_argument_untouched(sub):
    code = (
        "given = [Meld(cards, points) for cards, points in melds]\n"
        "before = list(given)\n"
        "try:\n"
        "    MeldSet.of(given)\n"
        "    outcome = 'made'\n"
        "except ValueError:\n"
        "    outcome = 'refused'\n"
        "out = outcome, given == before and all(a is b for a, b in zip(given, before))\n"
    )
    overlapping = [meld_of("♡6 ♡7 ♡8", 20), meld_of("♠7 ♠8 ♠9", 20), meld_of("♠6 ♠7 ♠8", 20)]
    assert run(sub, code, melds=overlapping) == ("refused", True)
    disjoint = [meld_of("♡6 ♡7 ♡8", 20), meld_of("♣K ♣A ♣Q", 20), meld_of("♠6 ♠7 ♠8", 20)]
    assert run(sub, code, melds=disjoint) == ("made", True)


@pytest.mark.exercise("jass.meld_set")
def test_a_meld_set_is_immutable(sub):
    value = sub.eval(OF, melds=[meld_of("♠6 ♠7 ♠8", 20)])
    assert run(sub, FROZEN, value=value, field="melds", changed=frozenset()) == "refused"


@pytest.mark.exercise("jass.meld_set")
def test_meld_sets_are_equal_and_hashable_by_value(sub):
    nines, run678, run789 = meld_of("♠9 ♡9 ♢9 ♣9", 150), meld_of("♠6 ♠7 ♠8", 20), meld_of("♠7 ♠8 ♠9", 20)
    a = sub.eval(OF, melds=[nines, run678])
    b = sub.eval(OF, melds=[run678, nines])
    c = sub.eval(OF, melds=[nines])
    d = sub.eval(OF, melds=[run789])
    e = sub.eval(OF, melds=[run678])
    assert sub.eval("a == b and hash(a) == hash(b) and len({a, b}) == 1", a=a, b=b) is True
    assert sub.eval("a != c and not (a == c) and len({a, c}) == 2", a=a, c=c) is True
    assert sub.eval("c != d and len({c, d}) == 2", c=c, d=d) is True
    assert sub.eval("d != e and not (d == e) and len({d, e}) == 2", d=d, e=e) is True  # equal points


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_all_in_combines_three_disjoint_melds(sub):
    hand = parse_cards("♠6 ♠7 ♠8 ♡10 ♡J ♡Q ♣Q ♣K ♣A")
    got = sub.eval(f"[{MELD_SET} for s in MeldSet.all_in(hand)]", hand=hand)
    three = frozenset(plain(cards, 20) for cards in (hand[:3], hand[3:6], hand[6:]))
    assert three in got


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_all_in_always_includes_the_empty_meld_set(sub):
    for hand in ([], parse_cards("♠6 ♡8 ♢10 ♣Q ♠K ♡A"), list(EXAMPLE)):
        got = sub.eval(f"[{MELD_SET} for s in MeldSet.all_in(hand)]", hand=hand)
        assert got.count(frozenset()) == 1, hand
    assert sub.eval(f"[{MELD_SET} for s in MeldSet.all_in([])]") == [frozenset()]


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_all_in_the_seed_hand_finds_its_six_meld_sets(sub):
    meld_sets = sub.MeldSet.all_in(list(EXAMPLE))
    got = Counter(
        frozenset(plain(meld.cards, meld.points) for meld in meld_set.melds) for meld_set in meld_sets
    )
    assert got == meld_sets_in(EXAMPLE)
    assert sorted(meld_set.points() for meld_set in meld_sets) == [0, 20, 20, 50, 150, 170]


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_all_in_finds_the_overlapping_runs_of_a_long_suit(sub):
    hand = parse_cards("♡6 ♡7 ♡8 ♡9 ♡10 ♡J ♣J ♢J ♠J")
    got = sub.eval(f"[{MELD_SET} for s in MeldSet.all_in(hand)]", hand=hand)
    assert Counter(got) == meld_sets_in(hand)
    best = sub.eval("max(s.points() for s in MeldSet.all_in(hand))", hand=hand)
    assert best == 200 + 100  # four jacks and the run ♡6 to ♡10


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_all_in_returns_a_list(sub):
    for hand in ([], list(EXAMPLE), parse_cards("♡6 ♡7 ♡8 ♡9 ♡10 ♡J ♣J ♢J ♠J")):
        assert sub.eval("isinstance(MeldSet.all_in(hand), list)", hand=hand) is True, hand


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_all_in_refuses_a_card_twice_a_non_card_or_37_cards(sub):
    with pytest.raises(ValueError):
        sub.MeldSet.all_in(parse_cards("♠6 ♠7 ♠8 ♠6"))
    with pytest.raises(ValueError):
        sub.MeldSet.all_in([Card(Suit.SPADE, Rank.SIX), "♠7", "♠8"])
    with pytest.raises(ValueError):
        sub.MeldSet.all_in(list(DECK) + [DECK[5]])


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_all_in_matches_brute_force_on_random_hands(sub):
    hands = random_hands(300, seed=3, sizes=(9, 9, 9, 5, 12))
    for start in range(0, len(hands), 100):
        chunk = hands[start : start + 100]
        got = sub.eval(f"[[{MELD_SET} for s in MeldSet.all_in(hand)] for hand in hands]", hands=chunk)
        for hand, meld_sets in zip(chunk, got):
            assert Counter(meld_sets) == meld_sets_in(hand), sorted(map(str, hand))


# ----------------------------------------------------------------------------- the example

PRINTED = (
    "import contextlib, io\n"
    "buffer = io.StringIO()\n"
    "with contextlib.redirect_stdout(buffer):\n"
    "    print_meld_sets(hand)\n"
    "out = buffer.getvalue().splitlines()\n"
)

def points_of(line: str) -> int:
    return int(line.split(":")[0])


@pytest.mark.exercise("jass.print_meld_sets")
def test_print_meld_sets_prints_the_seed_example_line_for_line(sub):
    lines = run(sub, PRINTED, hand=list(EXAMPLE))
    assert sorted(lines) == sorted(EXAMPLE_LINES)  # their order is the next test's question


@pytest.mark.exercise("jass.print_meld_sets")
def test_print_meld_sets_sorts_by_increasing_points(sub):
    for hand in [list(EXAMPLE), *random_hands(20, seed=4)]:
        lines = run(sub, PRINTED, hand=hand)
        points = [points_of(line) for line in lines]
        assert points == sorted(points) and len(lines) == sum(meld_sets_in(hand).values())
        assert points == sorted(sum(meld[1] for meld in meld_set) for meld_set in meld_sets_in(hand))


@pytest.mark.exercise("jass.print_meld_sets")
def test_print_meld_sets_of_a_hand_without_meld_prints_only_the_empty_set(sub):
    assert run(sub, PRINTED, hand=parse_cards("♠6 ♡8 ♢10 ♣Q ♠K ♡A ♣7 ♢6 ♠9")) == ["  0: {}"]


# ----------------------------------------------------------------------------- the challenge


@cache  # the same for every notebook a session grades (it imports this module once)
def hands_without_meld() -> tuple[int, ...]:
    """How many hands of each size, 0 to 36, hold no meld: counted rank by rank, 6 to ace.

    The state after a rank is, per suit, how many cards in a row the hand holds just
    below (0, 1 or 2: three would be a run), and how many cards it holds so far; at a rank
    from 9 up, the hand must not hold all four suits (a quartet).
    """
    counts: Counter = Counter({((0, 0, 0, 0), 0): 1})
    for rank in Rank:
        following: Counter = Counter()
        for (streaks, held), ways in counts.items():
            for chosen in range(16):
                picked = [(chosen >> suit) & 1 for suit in range(4)]
                if all(picked) and rank in QUARTETS:
                    continue
                new = tuple(streak + 1 if p else 0 for streak, p in zip(streaks, picked))
                if max(new) < 3:
                    following[(new, held + sum(picked))] += ways
        counts = following
    by_size: Counter = Counter()
    for (_, held), ways in counts.items():
        by_size[held] += ways
    return tuple(by_size[size] for size in range(len(DECK) + 1))


@pytest.mark.exercise("jass.hands_without_meld")
def test_count_hands_without_meld_for_every_size(sub):
    sizes = list(range(len(DECK) + 1))
    got = sub.eval("[count_hands_without_meld(size) for size in sizes]", sizes=sizes)
    assert got == list(hands_without_meld())


# ----------------------------------------------------------------------------- differential


def typed(hand) -> str:
    """A hand as the student types it."""
    return "parse_cards('" + " ".join(map(str, hand)) + "')"


def melds_typed(melds) -> str:
    return "[" + ", ".join(f"Meld({typed(sorted(cards))}, {points})" for cards, points in melds) + "]"


def given(form: str, text: str) -> str:
    """``text`` (a collection) in one of the forms a function may receive it."""
    return drawn.FORMS[form].format(text)


#: "the hand ♠6 ♠7 ♠8 ♠9 ♡9 ♡K ♢9 ♢A ♣9 holds the six meld sets below"; "Runs never wrap
#: around: the ace and the 6 are not consecutive. There is no quartet of 6s, 7s or 8s";
#: "a hand holding the 7, 8 and 9 of spades and the 9 of hearts, diamonds and clubs";
#: "at most the 36 of the deck" (and none: "every hand holds at least" the empty meld set)
HANDS_THE_TEXT_NAMES = [
    ("list", EXAMPLE),
    ("generator", parse_cards("♠Q ♠K ♠A ♠6 ♠7")),
    ("tuple", parse_cards("♠8 ♡8 ♢8 ♣8 ♠7 ♡7 ♢7 ♣7")),
    ("set", parse_cards("♠7 ♠8 ♠9 ♡9 ♢9 ♣9 ♡6 ♢A ♣Q")),
    ("list", []),
    ("generator", list(DECK)),
]


@cache
def hands_given() -> list[dict]:
    """Hands of any size, each in a form, drawn once for every test of the module."""
    return [{"form": form, "hand": hand}
            for form, hand in draw(drawn.hands_in_forms(), 100, boundaries=HANDS_THE_TEXT_NAMES)]


@cache
def small_hands_given() -> list[dict]:
    """Hands whose power set of melds stays small (10 melds at most), and hands of four
    disjoint runs."""
    few = [case for case in hands_given() if len(melds_in(case["hand"])) <= 10]
    runs = draw(drawn.hands_in_forms().flatmap(
        lambda drawn_case: drawn.disjoint_runs().map(lambda hand: (drawn_case[0], hand))), 12)
    return few[:48] + [{"form": form, "hand": hand} for form, hand in runs]


PLAIN_MELDS = "sorted((tuple(sorted(m.cards)), m.points) for m in {})"


@pytest.mark.exercise("jass.meld")
def test_meld_all_in_like_the_reference_for_any_hand_in_any_form(sub, ref):
    cases = [dict(case, code="out = " + PLAIN_MELDS.format(f"Meld.all_in({given(case['form'], 'hand')})"))
             for case in hands_given()]
    compare(sub, ref, RUN, cases,
            shown=lambda case: f"Meld.all_in({given(case['form'], typed(case['hand']))})")


#: "mutually_disjoint([{1, 2}, {1, 2}]) is False (but mutually_disjoint([set(), set()]) is
#: True)", the docstring's two examples, and "also for zero or one set"
SETS_THE_TEXT_NAMES = [
    ("list", [frozenset({1, 2}), frozenset({1, 2})]),
    ("generator", [frozenset({1, 2}), frozenset({1, 2})]),
    ("list", [frozenset(), frozenset()]),
    ("list", [frozenset({1, 2}), frozenset({3})]),
    ("tuple", [frozenset({1, 2}), frozenset({3}), frozenset({2})]),
    ("generator", []),
    ("list", [frozenset({1, 2})]),
]


def bad_hands_given(count: int, code: str, too_long: bool = True) -> list[dict]:
    """Drawn bad hands in their forms, each run through ``code`` (a call of ``hand``)."""
    return [{"form": form, "hand": hand, "code": "out = " + code.format(given(form, "hand"))}
            for form, hand in draw(drawn.bad_hands(too_long), count)]


@pytest.mark.exercise("jass.meld")
def test_meld_all_in_refuses_drawn_bad_hands_like_the_reference(sub, ref):
    # "Your all_in methods start by calling it, so a bad hand is refused with a clear sentence"
    compare(sub, ref, RUN, bad_hands_given(24, PLAIN_MELDS.format("Meld.all_in({})")),
            shown=lambda case: f"Meld.all_in({given(case['form'], repr(case['hand']))})")


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_all_in_refuses_drawn_bad_hands_like_the_reference(sub, ref):
    # no hand longer than the deck here: a MeldSet.all_in that forgets to refuse it would
    # try the 2**78 subsets of its melds
    compare(sub, ref, RUN, bad_hands_given(16, "len(MeldSet.all_in({}))", too_long=False),
            shown=lambda case: f"MeldSet.all_in({given(case['form'], repr(case['hand']))})")


@pytest.mark.exercise("jass.disjoint")
def test_mutually_disjoint_like_the_reference_for_any_sets_in_any_form(sub, ref):
    cases = [{"form": form, "sets": sets, "code": f"out = mutually_disjoint({given(form, 'sets')})"}
             for form, sets in draw(drawn.st.tuples(drawn.st.sampled_from(sorted(drawn.FORMS)),
                                                    drawn.collections_of_sets()), 100, boundaries=SETS_THE_TEXT_NAMES)]
    compare(sub, ref, RUN, cases,
            shown=lambda case: f"mutually_disjoint({given(case['form'], repr(case['sets']))})")


#: the melds of a case made in the notebook, from (cards, points)
MADE = "[Meld(frozenset(cards), points) for cards, points in melds]"


def text_meld(text: str, points: int) -> tuple[frozenset[Card], int]:
    """A meld as a strategy draws it, from the text of its cards."""
    return frozenset(parse_cards(text)), points


NINES, SPADES_678, SPADES_789 = text_meld("♠9 ♡9 ♢9 ♣9", 150), text_meld("♠6 ♠7 ♠8", 20), text_meld("♠7 ♠8 ♠9", 20)
#: "The four 9s and a run of three spades go together; two runs sharing ♠7 and ♠8 do not";
#: "MeldSet.of([m, m]) raises ValueError too"; the empty meld set (0 points)
MELDS_THE_TEXT_NAMES = [
    ("list", [NINES, SPADES_678]),
    ("list", [SPADES_678, SPADES_789]),
    ("list", [NINES, NINES]),
    ("generator", [SPADES_678, SPADES_678]),
    ("list", []),
]


def meld_cases(strategy, count: int, code: str, boundaries=()) -> list[dict]:
    return [{"form": form, "melds": melds, "code": code.format(given(form, MADE))}
            for form, melds in draw(drawn.st.tuples(drawn.st.sampled_from(sorted(drawn.FORMS)), strategy), count,
                                    boundaries=boundaries)]


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_mutually_disjoint_like_the_reference_for_any_melds_in_any_form(sub, ref):
    cases = meld_cases(drawn.meld_lists(), 80, "out = MeldSet.mutually_disjoint({})", MELDS_THE_TEXT_NAMES)
    compare(sub, ref, RUN, cases,
            shown=lambda case: f"MeldSet.mutually_disjoint({given(case['form'], melds_typed(case['melds']))})")


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_of_and_points_like_the_reference_for_any_melds_in_any_form(sub, ref):
    code = "s = MeldSet.of({})\nout = " + PLAIN_MELDS.format("s.melds") + ", s.points()"
    cases = meld_cases(drawn.meld_lists(), 80, code, MELDS_THE_TEXT_NAMES)
    compare(sub, ref, RUN, cases,
            shown=lambda case: f"MeldSet.of({given(case['form'], melds_typed(case['melds']))})")


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_of_names_a_card_that_two_of_the_melds_share(sub):
    code = "try:\n    MeldSet.of({})\n    out = None\nexcept ValueError as error:\n    out = str(error)"
    cases = meld_cases(drawn.overlapping_melds(), 40, code, MELDS_THE_TEXT_NAMES[1:4])
    for case, outcome in zip(cases, outcomes(sub, RUN, cases)):
        melds = [cards for cards, _ in case["melds"]]
        shared = {str(card) for a, b in combinations(melds, 2) for card in a & b}
        message = outcome.value if outcome.raised is None else None
        call = f"MeldSet.of({given(case['form'], melds_typed(case['melds']))})"
        assert isinstance(message, str) and any(card in message for card in shared), (
            f"`{call}` should raise a ValueError naming a card two of the melds share "
            f"({', '.join(sorted(shared))}); it gave {outcome}")


@pytest.mark.exercise("jass.meld_set")
def test_meld_set_all_in_like_the_reference_for_any_hand_in_any_form(sub, ref):
    plain = "sorted(" + PLAIN_MELDS.format("s.melds") + " for s in MeldSet.all_in({}))"
    cases = [dict(case, code="out = " + plain.format(given(case["form"], "hand"))) for case in small_hands_given()]
    compare(sub, ref, RUN, cases,
            shown=lambda case: f"MeldSet.all_in({given(case['form'], typed(case['hand']))})")


def printed_lines(lines: list[str]) -> tuple[list[str], list[int]]:
    """What the text fixes of the printed lines: the lines, and their points in order
    (meld sets of equal points may come in either order)."""
    return sorted(lines), [int(line.split(":")[0]) for line in lines]


@pytest.mark.exercise("jass.print_meld_sets")
def test_print_meld_sets_like_the_reference_for_any_hand_in_any_form(sub, ref):
    cases = [dict(case, code=PRINTED.replace("print_meld_sets(hand)",
        f"print_meld_sets({given(case['form'], 'hand')})"))
             for case in small_hands_given()[::2]]
    compare(sub, ref, RUN, cases, prepare=printed_lines,
            shown=lambda case: f"print_meld_sets({given(case['form'], typed(case['hand']))})")
