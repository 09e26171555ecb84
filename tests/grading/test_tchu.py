"""Hidden tests of worksheet 4, tCHu: the game loop (rules: ../shared/data/tchu/RULES.md §10).

The notebook's functions are called with recording players (``RecordingPlayer``) that
write down every call, with its arguments and the answer of the player they wrap (a
scripted, random, greedy or styled player). A test's own scripted players (``Keeper``)
are called back from the grader; the seeded games and the generated turns are played in
the notebook's process (inside.tchu, shipped there: one request for all the cases of a
test), their logs coming back as data. States cross by value, so the tests assert on
what the players received and on the states returned, never on the notebook's internals.
Scenario states hold all 110 cards with chosen hands, decks and routes (``made_state``).

The game log is compared in the submission's own language: a French notebook's ``Info``
says "Ada jouera en premier.", so each test builds the expected messages (and reads the log
with the public checks' reader) in the language the submission's package speaks.
"""

import dataclasses
import functools
import random
import re
from collections import Counter

import pytest

from course.grading.grader.calls import call_label
from course.grading.grader.differential import alongside
from course.grading.grader.handle import TRACE
from course.grading.grader.submission import SubmissionFailure
from course.grading.notebook.shipped import raised, ship
from exercises import i18n
from exercises.tchu import (
    Card,
    ChMap,
    Constants,
    GameState,
    GreedyPlayer,
    Info,
    PlayerId,
    RandomPlayer,
    SortedBag,
    Trail,
    TurnKind,
)
from exercises.tchu.checks.messages import MessageKind, additional_cards_messages
from exercises.tchu.checks.order import CallOrder
from exercises.tchu.checks.recording import RecordingPlayer, ScriptedPlayer
from exercises.tchu.checks.scenarios import SINGLE_TRIP_TICKETS, cards, made_state, scarce_state, started_state
from inside import tchu as inside
from inside.tchu import NAMES, P1, P2, read

NOTEBOOK = "04_tchu_game"

#: each exercise's points, shared equally by its tests (a test names only its exercise)
POINTS = {
    "tchu.helpers": 2,
    "tchu.start": 3,
    "tchu.draw_tickets": 2,
    "tchu.draw_cards": 3,
    "tchu.claim_route": 4,
    "tchu.end": 3,
    "tchu.play": 5,
}

#: each test's rule, as the public check shows it (see tests/grader/test_one_verdict.py)
RULES = {
    "test_claim_route_with_exactly_the_cars_it_needs": "when Ada has 2 cars left, as many as BER_NEU_1 needs",
    "test_claim_tunnel_draws_the_cards_there_are_when_fewer_than_three":
        "when the deck holds 1 card and the discards none",
    "test_claim_tunnel_refuses_additional_cards_that_are_no_option": "Ada answers 1 red card, no option",
    "test_tell_all_tells_every_player_once":
        "then tell_all(players, 'Bye!\\n'): each player hears both, once, in order",
    "test_update_all_sends_the_state_and_each_players_own_state": "update_all(players, state) when PLAYER_2 is to play",
    "test_start_calls_init_players_once_each_with_own_id_and_names":
        "start_game(...): init_players(own id, both names) first, once for each player",
    "test_start_first_message_names_the_first_player_of_the_initial_state":
        "the first message names the first player of GameState.initial (seed 2)",
    "test_start_offers_each_player_five_of_the_ten_top_tickets_once":
        "start_game(...): each player is offered 5 of the 10 top tickets, once",
    "test_start_sends_the_state_before_the_initial_choice":
        "start_game(...): the state sent before choose_initial_tickets",
    "test_start_tells_kept_tickets_only_when_both_players_chose":
        "start_game(...): the messages, who plays first, then how many tickets each player kept",
    "test_start_returns_the_state_of_the_first_turn":
        "the state returned: tickets kept, 36 left in the pile, first player to play",
    "test_start_refuses_fewer_than_three_initial_tickets":
        "start_game(...) when Ada keeps only 2 tickets: ValueError naming Ada",
    "test_start_refuses_a_ticket_that_was_not_offered":
        "start_game(...) when Bob keeps a ticket he was not offered: ValueError naming Bob",
    "test_draw_tickets_offers_the_three_top_tickets_once_and_tells_everyone":
        "draw_tickets(...) when Bob is to play and keeps 2 tickets",
    "test_draw_tickets_gives_the_kept_tickets_and_removes_all_three":
        "the state returned by draw_tickets(...) when Ada keeps all 3 tickets",
    "test_draw_tickets_refuses_keeping_no_ticket": "draw_tickets(...) when Ada keeps no ticket: ValueError naming Ada",
    "test_draw_tickets_refuses_a_ticket_that_was_not_drawn":
        "draw_tickets(...) when Ada keeps a ticket she did not draw: ValueError naming Ada",
    "test_draw_cards_face_up_then_deck": "draw_cards(...) when Bob draws face-up slot 2, then the deck",
    "test_draw_cards_leaves_the_turn_to_play": "draw_cards(...) when Bob draws face-up slot 2, then the deck",
    "test_draw_cards_deck_then_face_up": "draw_cards(...) when Bob draws from the deck, then face-up slot 4",
    "test_draw_cards_sends_the_new_state_between_the_two_draws":
        "draw_cards(...) when Ada draws slot 2 twice: both players get the state between the draws",
    "test_draw_cards_recreates_the_deck_before_each_card": "draw_cards(...) from an empty deck, face-up slots 0 then 1",
    "test_draw_cards_refuses_a_bad_slot_naming_player_and_slot":
        "draw_cards(...) when Bob asks for slot 0, then slot 7: ValueError naming Bob and 7",
    "test_claim_route_above_ground": "claim_route(...) when Ada claims FRI_LAU_1 with 3 red cards",
    "test_claim_route_neutral_above_ground_by_player_two":
        "claim_route(...) when Bob claims the neutral route BER_LUC_1 with 4 blue cards",
    "test_claim_tunnel_without_extra_cost": "tunnel BAD_BAL_1 with 3 red, drawn blue, blue, white (no extra cost)",
    "test_claim_tunnel_extra_cost_counts_drawn_cards_like_the_claim_cards": "drawn red, locomotive, blue (2 more",
    "test_claim_tunnel_with_extra_cost_paid": "drawn red, locomotive, blue (2 more, Ada pays with the 2nd option)",
    "test_claim_tunnel_with_extra_cost_refused": "tunnel BAD_BAL_1 with 3 red, drawn red, blue, blue (1 more, refused)",
    "test_claim_tunnel_with_extra_cost_the_player_cannot_pay": "drawn locomotive, blue, red (2 more, cannot pay)",
    "test_claim_tunnel_with_locomotives_only_counts_drawn_locomotives":
        "tunnel AT1_STG_1 with 4 locomotives, drawn red, blue, locomotive (1 more, paid)",
    "test_claim_tunnel_draws_one_card_at_a_time_recreating_the_deck":
        "tunnel BAD_BAL_1 when the deck holds 1 card (then recreated from the discards)",
    "test_claim_route_refuses_a_taken_route":
        "when Bob already owns the twin route FRI_LAU_2: ValueError naming Ada and FRI_LAU_1",
    "test_claim_route_refuses_cards_that_cannot_claim_it":
        "with 3 blue cards on the red route FRI_LAU_1: ValueError naming Ada and FRI_LAU_1",
    "test_claim_route_refuses_a_route_longer_than_the_cars_left":
        "claim_route(...) when Ada has 2 cars left: ValueError naming Ada and FRI_LAU_1",
    "test_end_sends_the_final_state_then_bonus_then_result": "end_game(...) when Ada has the longest trail and wins",
    "test_end_longest_trail_bonus_decides_between_equal_route_points":
        "end_game(...) when the routes are worth as much and Bob's trail is longer",
    "test_end_both_longest_trails_get_the_bonus_and_tie": "end_game(...) when both trails are as long",
    "test_end_counts_ticket_points": "end_game(...) when both hold the ticket Bâle - Berne, which only Ada links",
    "test_end_with_no_routes_gives_both_the_bonus": "end_game(...) when no one has a route: both get the bonus and tie",
    "test_play_refuses_other_than_two_players_and_names": "play(...) with other than 2 players and 2 names: ValueError",
    "test_play_whole_games_follow_the_order_of_the_rules": "a whole game, RandomPlayer against GreedyPlayer (seed 3)",
    "test_play_both_players_receive_the_same_messages": "a whole game, GreedyPlayer against GreedyPlayer (seed 4)",
    "test_play_init_players_once_and_first_three_decisions": "a whole game, RandomPlayer against GreedyPlayer (seed 3)",
    "test_play_every_state_sent_accounts_for_all_cards": "a whole game, RandomPlayer against GreedyPlayer (seed 3)",
    "test_play_update_before_every_next_turn_and_draw_slot": "a whole game, GreedyPlayer against GreedyPlayer (seed 4)",
    "test_play_turn_decisions_match_the_turn_kind": "a whole game, RandomPlayer against GreedyPlayer (seed 3)",
    "test_play_players_take_turns_starting_with_the_first":
        "a whole game with the 34 single-trip tickets (seed 5): its tickets and rng make the first state",
    "test_play_last_turn_message_once_then_exactly_two_turns":
        "a whole game, GreedyPlayer against GreedyPlayer (seed 4)",
    "test_play_last_turn_message_names_the_player_and_its_cars":
        "the last-turn message names the player who just played and its cars",
    "test_play_ends_with_bonus_and_one_result_and_the_right_totals":
        "a whole game, RandomPlayer against GreedyPlayer (seed 3)",
    "test_play_uses_its_tickets_and_rng_for_the_initial_state":
        "a whole game with the 34 single-trip tickets (seed 5): its tickets and rng make the first state",
    "test_play_recreates_the_deck_during_a_long_game":
        "whole games (seeds 3 and 4): the deck runs out and is recreated from the discards",
    "test_play_refuses_an_illegal_move_naming_the_player":
        "or keeps 1 initial ticket, or no ticket: ValueError naming it",
    "test_play_refuses_generated_answers_that_are_no_turn_kind":
        "or keeps 1 initial ticket, or no ticket: ValueError naming it",
    "test_play_whole_games_of_many_players_call_by_call": "the totals and the number of turns",
    "test_play_the_same_seed_replays_the_same_game":
        "the same seed played twice gives the same game (seed 6), call by call",
    "test_start_generated_games_call_by_call":
        "the calls of start_game(players, names, ChMap.all_tickets(), random.Random(1))",
    "test_start_generated_games_with_the_dicts_in_another_order":
        "the calls of start_game(players, names, ChMap.all_tickets(), random.Random(1))",
    "test_start_generated_initial_choices_call_by_call":
        "start_game(...) when Ada keeps only 2 tickets: ValueError naming Ada",
    "test_draw_tickets_generated_turns_call_by_call": "the state returned by draw_tickets(...) when Ada keeps 1 ticket",
    "test_draw_cards_generated_turns_call_by_call": "Bob's hand and the face-up cards",
    "test_claim_route_generated_turns_call_by_call":
        "Ada's routes, the sizes of the deck and the discards, the deck's top cards",
    "test_end_generated_states_call_by_call": "end_game(...) when the totals are equal but the route points are not",
    "test_start_twice_on_the_same_objects_starts_anew":
        "the calls of start_game(players, names, ChMap.all_tickets(), random.Random(1))",
    "test_draw_tickets_twice_on_the_same_objects_plays_anew":
        "the state returned by draw_tickets(...) when Ada keeps 1 ticket",
    "test_draw_cards_twice_on_the_same_objects_plays_anew": "Bob's hand and the face-up cards",
    "test_claim_route_twice_on_the_same_objects_plays_anew":
        "Ada's routes, the sizes of the deck and the discards, the deck's top cards",
    "test_end_twice_on_the_same_objects_ends_anew":
        "end_game(...) when the totals are equal but the route points are not",
    "test_play_twice_on_the_same_objects_plays_a_new_game":
        "the same seed played twice gives the same game (seed 6), call by call",
}

#: what a student who fails each test most likely got wrong (shown in the feedback)
HINTS = {
    "test_claim_route_with_exactly_the_cars_it_needs": (
        "A player needs route.length cars at least: with exactly as many cars left as the route is long, the claim is "
        "legal (compare with <, not <=)."
    ),
    "test_claim_tunnel_draws_the_cards_there_are_when_fewer_than_three": (
        "When the deck, even recreated from the discards, is empty, stop drawing: the tunnel costs only what the cards "
        "there are show."
    ),
    "test_claim_tunnel_refuses_additional_cards_that_are_no_option": (
        "The additional cards must be one of the options (or an empty bag to give up): any other answer raises "
        "ValueError naming the player."
    ),
    "test_tell_all_tells_every_player_once":
        "Send the message to every player of the dict, exactly once each, not only to the first or the current player.",
    "test_update_all_sends_the_state_and_each_players_own_state": (
        "Each player gets the public state first, then its own complete state (the one of its own id): never the whole "
        "state, and never the current player's state for everyone."
    ),
    "test_start_calls_init_players_once_each_with_own_id_and_names": (
        "Before anything else, introduce each player once: its own id, and the dict of both players' names, not only "
        "its own name."
    ),
    "test_start_first_message_names_the_first_player_of_the_initial_state": (
        "The first message says who plays first: the current player of the initial state, not always player 1, and it "
        "comes before any ticket is offered."
    ),
    "test_start_offers_each_player_five_of_the_ten_top_tickets_once": (
        "Offer each player the 5 top tickets once, and take them off the pile before offering the next 5 to the other "
        "player: the two offers must differ."
    ),
    "test_start_sends_the_state_before_the_initial_choice": (
        "Send everyone the state once both offers are off the ticket pile and before asking for the initial tickets: 4 "
        "cards in each hand, no ticket yet."
    ),
    "test_start_tells_kept_tickets_only_when_both_players_chose": (
        "Tell how many tickets each player kept only once both players have chosen, one message for each player; at "
        "the start everyone hears just three messages."
    ),
    "test_start_returns_the_state_of_the_first_turn": (
        "Return the state after both choices, the first player still to play: each player holds the tickets it kept "
        "and its 4 cards, 36 tickets are left. Do not ask for a turn yet."
    ),
    "test_start_refuses_fewer_than_three_initial_tickets": (
        "A player that keeps fewer than 3 of its 5 tickets breaks the rules, whichever player it is: raise ValueError "
        "with that player's name in the message."
    ),
    "test_start_refuses_a_ticket_that_was_not_offered": (
        "The kept tickets must all be among the 5 that this player was offered, not any ticket of the game: otherwise "
        "raise ValueError naming that player."
    ),
    "test_draw_tickets_offers_the_three_top_tickets_once_and_tells_everyone": (
        "Ask only the current player, once, with the 3 top tickets of the pile; everyone hears that it drew 3 tickets "
        "before it chooses, then how many it kept."
    ),
    "test_draw_tickets_gives_the_kept_tickets_and_removes_all_three": (
        "All 3 drawn tickets leave the pile, kept or not; the player adds the kept ones to those it had, and the turn "
        "does not pass to the other player here."
    ),
    "test_draw_tickets_refuses_keeping_no_ticket": (
        "Keeping no ticket breaks the rules: a player keeps at least 1 of the 3 drawn, otherwise raise ValueError "
        "naming the current player."
    ),
    "test_draw_tickets_refuses_a_ticket_that_was_not_drawn": (
        "The kept tickets must all be among the 3 just drawn; a ticket from anywhere else raises ValueError naming the "
        "current player."
    ),
    "test_draw_cards_face_up_then_deck": (
        "Remember the face-up card of the slot before it is replaced, and tell everyone that card; slot -1 takes the "
        "top card of the deck, told as a draw from the deck."
    ),
    "test_draw_cards_leaves_the_turn_to_play": (
        "A turn function plays the current player's turn, and that player is still the current one in the state it "
        "returns: play passes the turn on, not draw_cards."
    ),
    "test_draw_cards_deck_then_face_up": (
        "Ask for a slot before each of the two cards: -1 takes the deck's top card, and a face-up slot, the last one "
        "(4) included, is refilled from the deck."
    ),
    "test_draw_cards_sends_the_new_state_between_the_two_draws": (
        "Between the two draws, send every player, not only the one drawing, the state after the first card, so that "
        "they see the card that replaced the one taken."
    ),
    "test_draw_cards_recreates_the_deck_before_each_card": (
        "Before each of the two cards, face up or from the deck, make the deck again from the discards when it is "
        "empty, with the rng you were given."
    ),
    "test_draw_cards_refuses_a_bad_slot_naming_player_and_slot": (
        "A slot is -1 (the deck) or 0 to 4; any other, at the first or the second draw, raises ValueError whose "
        "message names the player and the slot it asked for."
    ),
    "test_claim_route_above_ground": (
        "A route above ground is claimed at once with the cards shown: they leave the player's hand for the discards, "
        "the deck is not touched, and everyone hears the claim."
    ),
    "test_claim_route_neutral_above_ground_by_player_two": (
        "The claimer is the current player, here the second one: use its name and its hand. A neutral route (no color) "
        "takes cards of any one color, and costs its length in cars."
    ),
    "test_claim_tunnel_without_extra_cost": (
        "Tell the tunnel attempt, draw 3 cards and tell them with their cost; with no extra cost, claim with the "
        "initial cards, and both those cards and the 3 drawn go to the discards."
    ),
    "test_claim_tunnel_extra_cost_counts_drawn_cards_like_the_claim_cards": (
        "Each of the 3 cards this tunnel turns over costs one more card when it is a locomotive or of the claim cards' "
        "color: let the route count it from the claim cards and those 3 cards, not the whole hand."
    ),
    "test_claim_tunnel_with_extra_cost_paid": (
        "When a tunnel costs more and the player can pay, offer the options for that extra count and the initial "
        "cards; claim with the initial cards plus the option chosen, naming them all."
    ),
    "test_claim_tunnel_with_extra_cost_refused": (
        "An empty choice of additional cards means the player gives up: it keeps its cards, gets no route, everyone "
        "hears it did not claim it, and the 3 drawn cards still go to the discards."
    ),
    "test_claim_tunnel_with_extra_cost_the_player_cannot_pay": (
        "When no option can pay the extra cost, do not ask the player to choose: it keeps its cards, does not get the "
        "tunnel, and everyone hears that it did not claim it."
    ),
    "test_claim_tunnel_with_locomotives_only_counts_drawn_locomotives": (
        "When the initial cards are locomotives only, only drawn locomotives cost more: let the route count the extra "
        "cost from the initial and the drawn cards."
    ),
    "test_claim_tunnel_draws_one_card_at_a_time_recreating_the_deck": (
        "Draw the 3 tunnel cards one by one, making the deck again from the discards before each; never take 3 at once "
        "from a deck that may hold fewer."
    ),
    "test_claim_route_refuses_a_taken_route": (
        "A route is taken when it or its twin (the other track of a double route) has an owner: raise ValueError "
        "naming the player and the route."
    ),
    "test_claim_route_refuses_cards_that_cannot_claim_it": (
        "The cards shown must be one of the ways this player can claim the route with its own hand (its color; no "
        "locomotives above ground): otherwise ValueError naming the player and the route."
    ),
    "test_claim_route_refuses_a_route_longer_than_the_cars_left": (
        "Check the player's cars left before its cards: with fewer cars than the route's length, raise your own "
        "ValueError naming the player and the route."
    ),
    "test_end_sends_the_final_state_then_bonus_then_result": (
        "Send everyone the final state first, then the longest-trail bonus, and last the result, the winner's total "
        "before the loser's; return the totals by PlayerId, each the player's final points plus its bonus."
    ),
    "test_end_longest_trail_bonus_decides_between_equal_route_points": (
        "The bonus goes to the longest trail (routes end to end, by their total length), whatever the route points, "
        "and the higher total, bonus included, wins: equal route points do not make equal trails."
    ),
    "test_end_both_longest_trails_get_the_bonus_and_tie": (
        "When both longest trails are as long, both players get the bonus, with a message each; equal totals end with "
        "a tie message, not a win."
    ),
    "test_end_counts_ticket_points": (
        "A total counts the tickets too: a linked ticket adds its points, an unlinked one takes them away. Use the "
        "player's final points, not only its route points."
    ),
    "test_end_with_no_routes_gives_both_the_bonus": (
        "With no routes both longest trails have length 0, so they are as long: both players get the 10-point bonus "
        "and the game ends in a tie."
    ),
    "test_play_refuses_other_than_two_players_and_names": (
        "Check both dicts before the game starts: exactly 2 players and exactly 2 names, otherwise raise ValueError "
        "(one or three of either is wrong)."
    ),
    "test_play_whole_games_follow_the_order_of_the_rules": (
        "Call the players in the order of the rules: each turn, send everyone the state, say whose turn it is, ask "
        "next_turn once, make only that kind's calls; tell the last turn once, at 2 cars or fewer, then each plays "
        "once more."
    ),
    "test_play_both_players_receive_the_same_messages": (
        "Every game message goes to both players, through your helper that tells everyone; never tell only the current "
        "player."
    ),
    "test_play_init_players_once_and_first_three_decisions": (
        "Start the game once, with your start function: each player is introduced once, offered its tickets once, and "
        "chooses them before its first turn."
    ),
    "test_play_every_state_sent_accounts_for_all_cards": (
        "Carry on with the state each turn function returns, and send each player its own state; a tunnel's 3 drawn "
        "cards go to the discards, so no card is lost."
    ),
    "test_play_update_before_every_next_turn_and_draw_slot": (
        "Send everyone the state at the start of every turn, before the player chooses its turn, and again between its "
        "two card draws."
    ),
    "test_play_turn_decisions_match_the_turn_kind": (
        "Play the kind of turn the player chose, with the function of that kind, and ask only the current player "
        "during its turn."
    ),
    "test_play_players_take_turns_starting_with_the_first": (
        "The first turn is the first player's; after each turn the other player plays, and each turn is announced with "
        "whose turn it is."
    ),
    "test_play_last_turn_message_once_then_exactly_two_turns": (
        "Tell that the last turn begins once, after the turn that left a player with 2 cars or fewer; then each player "
        "plays one more turn, that player last, and the game ends."
    ),
    "test_play_last_turn_message_names_the_player_and_its_cars": (
        "The last-turn message names the player who just played and the cars it has left, read before the turn passes "
        "to the other player."
    ),
    "test_play_ends_with_bonus_and_one_result_and_the_right_totals": (
        "After the last turn, end the game once: the final state, the bonus, one result as the very last message; "
        "return the totals of the end of the game."
    ),
    "test_play_uses_its_tickets_and_rng_for_the_initial_state": (
        "Make the initial state from the tickets and the rng that play is given, not from all the map's tickets or a "
        "new random generator."
    ),
    "test_play_recreates_the_deck_during_a_long_game": (
        "Pass the rng that play is given to every turn function, so that an empty deck is made again from the discards "
        "during a long game."
    ),
    "test_play_refuses_an_illegal_move_naming_the_player": (
        "An illegal move stops the game: do not catch the ValueError of a turn or of the start, and name the player "
        "(and the slot, or the turn that is no TurnKind) in its message."
    ),
    "test_play_refuses_generated_answers_that_are_no_turn_kind": (
        "A next_turn() answer that is no TurnKind (None, a number, a word, even a TurnKind's value as text) is an "
        "illegal move: raise ValueError, whatever the answer."
    ),
    "test_play_whole_games_of_many_players_call_by_call": (
        "Every turn, send both players the state before next_turn, play the turn with its function and the rng given, "
        "and tell every message to both players."
    ),
    "test_play_the_same_seed_replays_the_same_game": (
        "A seeded game must replay: every shuffle uses the rng given to play, passed on to every turn function, never "
        "a random generator of your own."
    ),
    "test_start_generated_games_call_by_call": (
        "Make one initial state with the tickets and rng given, offer PLAYER_1 the 5 tickets at the top of the pile, "
        "then PLAYER_2 the next 5, and send the state before the choices."
    ),
    "test_start_generated_games_with_the_dicts_in_another_order": (
        "Deal in the order of PlayerId (PLAYER_1 first), not in the order of the dicts' keys: players and names may "
        "list PLAYER_2 first."
    ),
    "test_start_generated_initial_choices_call_by_call": (
        "Refuse an initial choice with ValueError exactly when it breaks the rules: fewer than 3 tickets, or a ticket "
        "this player was not offered; any other choice is kept."
    ),
    "test_draw_tickets_generated_turns_call_by_call":
        "Offer the 3 top tickets of the pile, keep only those chosen, and tell everyone how many were drawn and kept.",
    "test_draw_cards_generated_turns_call_by_call": (
        "Before each card, recreate the deck with the rng you were given; send both players the state before the "
        "second draw_slot, whatever the first card was."
    ),
    "test_claim_route_generated_turns_call_by_call": (
        "Count a tunnel's extra cost from the claim cards only, recreate the deck with the given rng just before each "
        "tunnel card, and never for a route above ground."
    ),
    "test_end_generated_states_call_by_call": (
        "The bonus goes to the longest trail of both players; the totals decide the winner, bonus included, and equal "
        "totals are a tie whatever the route points."
    ),
    "test_start_twice_on_the_same_objects_starts_anew": (
        "Keep nothing from one call to the next: a second start with the same players and rng calls the players again "
        "and draws a new state."
    ),
    "test_draw_tickets_twice_on_the_same_objects_plays_anew": (
        "Keep nothing from one call to the next: each call asks the player and tells everyone again, even with the "
        "same state and players."
    ),
    "test_draw_cards_twice_on_the_same_objects_plays_anew": (
        "Keep nothing from one call to the next: each call asks for two slots and tells everyone again, even with the "
        "same state and players."
    ),
    "test_claim_route_twice_on_the_same_objects_plays_anew": (
        "Keep nothing from one call to the next: each call asks the player and tells everyone again, even with the "
        "same state and players."
    ),
    "test_end_twice_on_the_same_objects_ends_anew":
        "Keep nothing from one call to the next: each call sends the final state and the result to everyone again.",
    "test_play_twice_on_the_same_objects_plays_a_new_game": (
        "Keep nothing from one game to the next: a second game with the same players and the rng going on is played "
        "anew, turn by turn."
    ),
}

#: rules that a call given an rng drawing from the module random breaks: the grader's own
#: sentence states them, in whichever test of the exercise fails first
RANDOMNESS_RULES = (
    "deck-recreated-with-the-given-rng",
    "tunnel-deck-recreated-with-the-given-rng",
    "play-with-the-rng-given",
)

#: the rules the hints state, in the game's words: each names the tests whose hint states it
#: (a mistake of tests/corpora/ declares the rule it breaks; its first failing test is one of them)
HINT_RULES = {
    "tell-every-player-once": ["test_tell_all_tells_every_player_once"],
    "update-sends-the-public-state": ["test_update_all_sends_the_state_and_each_players_own_state"],
    "update-sends-each-player-its-own-state": ["test_update_all_sends_the_state_and_each_players_own_state"],
    "start-introduces-each-player-first": ["test_start_calls_init_players_once_each_with_own_id_and_names"],
    "start-first-player-of-the-initial-state": [
        "test_start_first_message_names_the_first_player_of_the_initial_state",
        "test_start_generated_games_call_by_call",
    ],
    "start-five-top-tickets-each": [
        "test_start_offers_each_player_five_of_the_ten_top_tickets_once", "test_start_generated_games_call_by_call",
    ],
    "start-player-1-offered-first": [
        "test_start_generated_games_call_by_call", "test_start_generated_games_with_the_dicts_in_another_order",
    ],
    "start-state-before-the-initial-choice": [
        "test_start_sends_the_state_before_the_initial_choice", "test_start_generated_games_call_by_call",
    ],
    "start-kept-tickets-told-once-both-chose": ["test_start_tells_kept_tickets_only_when_both_players_chose"],
    "start-kept-message-counts-the-kept-tickets": ["test_start_tells_kept_tickets_only_when_both_players_chose"],
    "start-returns-the-first-turn-state": ["test_start_returns_the_state_of_the_first_turn"],
    "initial-choice-keeps-at-least-three": [
        "test_start_refuses_fewer_than_three_initial_tickets", "test_start_generated_initial_choices_call_by_call",
    ],
    "initial-choice-only-offered-tickets": [
        "test_start_refuses_a_ticket_that_was_not_offered", "test_start_generated_initial_choices_call_by_call",
    ],
    "start-error-names-the-player": [
        "test_start_refuses_fewer_than_three_initial_tickets", "test_start_refuses_a_ticket_that_was_not_offered",
    ],
    "start-keeps-nothing-between-calls": ["test_start_twice_on_the_same_objects_starts_anew"],
    "drawn-tickets-all-leave-the-pile": ["test_draw_tickets_gives_the_kept_tickets_and_removes_all_three"],
    "draw-tickets-asks-the-current-player": ["test_draw_tickets_offers_the_three_top_tickets_once_and_tells_everyone"],
    "draw-tickets-told-before-the-choice": [
        "test_draw_tickets_offers_the_three_top_tickets_once_and_tells_everyone",
        "test_draw_tickets_generated_turns_call_by_call",
    ],
    "draw-tickets-tells-how-many-kept": [
        "test_draw_tickets_offers_the_three_top_tickets_once_and_tells_everyone",
        "test_draw_tickets_generated_turns_call_by_call",
    ],
    "draw-tickets-keeps-at-least-one": ["test_draw_tickets_refuses_keeping_no_ticket"],
    "draw-tickets-only-drawn-tickets": ["test_draw_tickets_refuses_a_ticket_that_was_not_drawn"],
    "draw-tickets-error-names-the-player": [
        "test_draw_tickets_refuses_keeping_no_ticket", "test_draw_tickets_refuses_a_ticket_that_was_not_drawn",
    ],
    "draw-tickets-keeps-nothing-between-calls": ["test_draw_tickets_twice_on_the_same_objects_plays_anew"],
    "face-up-card-told-before-it-is-replaced": ["test_draw_cards_face_up_then_deck"],
    "deck-card-told-as-a-blind-draw": ["test_draw_cards_face_up_then_deck"],
    "turn-function-leaves-the-turn-to-play": ["test_draw_cards_leaves_the_turn_to_play"],
    "slot-asked-before-each-card": ["test_draw_cards_deck_then_face_up"],
    "face-up-slot-refilled-from-the-deck": ["test_draw_cards_deck_then_face_up"],
    "draw-cards-state-to-everyone-between-the-draws": [
        "test_draw_cards_sends_the_new_state_between_the_two_draws", "test_draw_cards_generated_turns_call_by_call",
    ],
    "deck-recreated-before-each-card": [
        "test_draw_cards_recreates_the_deck_before_each_card", "test_draw_cards_generated_turns_call_by_call",
    ],
    "deck-recreated-with-the-given-rng": [
        "test_draw_cards_recreates_the_deck_before_each_card", "test_draw_cards_generated_turns_call_by_call",
    ],
    "slot-is-the-deck-or-0-to-4": ["test_draw_cards_refuses_a_bad_slot_naming_player_and_slot"],
    "bad-slot-valueerror-names-player-and-slot": ["test_draw_cards_refuses_a_bad_slot_naming_player_and_slot"],
    "draw-cards-keeps-nothing-between-calls": ["test_draw_cards_twice_on_the_same_objects_plays_anew"],
    "claim-cards-go-to-the-discards": ["test_claim_route_above_ground"],
    "claimer-is-the-current-player": ["test_claim_route_neutral_above_ground_by_player_two"],
    "neutral-route-takes-any-one-color": ["test_claim_route_neutral_above_ground_by_player_two"],
    "tunnel-turns-over-its-own-three-cards": [
        "test_claim_tunnel_without_extra_cost", "test_claim_tunnel_extra_cost_counts_drawn_cards_like_the_claim_cards",
        "test_claim_tunnel_draws_one_card_at_a_time_recreating_the_deck",
        "test_claim_route_twice_on_the_same_objects_plays_anew",
    ],
    "tunnel-drawn-cards-go-to-the-discards": [
        "test_claim_tunnel_without_extra_cost", "test_claim_tunnel_with_extra_cost_refused",
    ],
    "extra-cost-counted-from-the-claim-cards": [
        "test_claim_tunnel_extra_cost_counts_drawn_cards_like_the_claim_cards",
        "test_claim_tunnel_with_locomotives_only_counts_drawn_locomotives",
        "test_claim_route_generated_turns_call_by_call",
    ],
    "tunnel-paid-with-the-chosen-option": ["test_claim_tunnel_with_extra_cost_paid"],
    "claim-message-names-every-card-used": ["test_claim_tunnel_with_extra_cost_paid"],
    "empty-choice-gives-up-the-tunnel": ["test_claim_tunnel_with_extra_cost_refused"],
    "no-choice-when-the-player-cannot-pay": ["test_claim_tunnel_with_extra_cost_the_player_cannot_pay"],
    "unclaimed-tunnel-told-to-everyone": [
        "test_claim_tunnel_with_extra_cost_refused", "test_claim_tunnel_with_extra_cost_the_player_cannot_pay",
    ],
    "tunnel-cards-drawn-one-at-a-time": [
        "test_claim_tunnel_draws_one_card_at_a_time_recreating_the_deck",
        "test_claim_route_generated_turns_call_by_call",
    ],
    "tunnel-deck-recreated-with-the-given-rng": ["test_claim_route_generated_turns_call_by_call"],
    "deck-recreated-only-for-tunnel-cards": ["test_claim_route_generated_turns_call_by_call"],
    "twin-route-is-taken": ["test_claim_route_refuses_a_taken_route"],
    "claim-cards-must-claim-the-route": ["test_claim_route_refuses_cards_that_cannot_claim_it"],
    "claim-needs-the-cars": [
        "test_claim_route_refuses_a_route_longer_than_the_cars_left", "test_claim_route_with_exactly_the_cars_it_needs",
    ],
    "cars-checked-before-the-cards": ["test_claim_route_refuses_a_route_longer_than_the_cars_left"],
    "exactly-enough-cars-will-do": ["test_claim_route_with_exactly_the_cars_it_needs"],
    "claim-error-names-player-and-route": [
        "test_claim_route_refuses_a_taken_route", "test_claim_route_refuses_cards_that_cannot_claim_it",
        "test_claim_route_refuses_a_route_longer_than_the_cars_left",
    ],
    "tunnel-draws-the-cards-there-are": ["test_claim_tunnel_draws_the_cards_there_are_when_fewer_than_three"],
    "additional-cards-must-be-an-option": ["test_claim_tunnel_refuses_additional_cards_that_are_no_option"],
    "claim-keeps-nothing-between-calls": ["test_claim_route_twice_on_the_same_objects_plays_anew"],
    "final-state-first": ["test_end_sends_the_final_state_then_bonus_then_result"],
    "end-tells-everyone": ["test_end_sends_the_final_state_then_bonus_then_result"],
    "result-gives-the-winner-total-first": ["test_end_sends_the_final_state_then_bonus_then_result"],
    "totals-by-player-id": ["test_end_sends_the_final_state_then_bonus_then_result"],
    "total-is-final-points-plus-bonus": [
        "test_end_sends_the_final_state_then_bonus_then_result", "test_end_counts_ticket_points",
        "test_end_generated_states_call_by_call",
    ],
    "bonus-to-the-longest-trail": [
        "test_end_longest_trail_bonus_decides_between_equal_route_points", "test_end_generated_states_call_by_call",
    ],
    "higher-total-with-bonus-wins": [
        "test_end_longest_trail_bonus_decides_between_equal_route_points", "test_end_generated_states_call_by_call",
    ],
    "as-long-trails-both-get-the-bonus": [
        "test_end_both_longest_trails_get_the_bonus_and_tie", "test_end_with_no_routes_gives_both_the_bonus",
    ],
    "equal-totals-are-a-tie": [
        "test_end_both_longest_trails_get_the_bonus_and_tie", "test_end_with_no_routes_gives_both_the_bonus",
        "test_end_generated_states_call_by_call",
    ],
    "total-counts-the-tickets": ["test_end_counts_ticket_points"],
    "end-keeps-nothing-between-calls": ["test_end_twice_on_the_same_objects_ends_anew"],
    "two-players-and-two-names": ["test_play_refuses_other_than_two_players_and_names"],
    "state-to-everyone-before-each-turn": [
        "test_play_whole_games_follow_the_order_of_the_rules", "test_play_update_before_every_next_turn_and_draw_slot",
        "test_play_whole_games_of_many_players_call_by_call",
    ],
    "one-next-turn-per-turn": [
        "test_play_whole_games_follow_the_order_of_the_rules", "test_play_turn_decisions_match_the_turn_kind",
    ],
    "last-turn-told-once-at-two-cars": [
        "test_play_whole_games_follow_the_order_of_the_rules",
        "test_play_last_turn_message_once_then_exactly_two_turns",
    ],
    "last-turn-each-plays-once-more": [
        "test_play_whole_games_follow_the_order_of_the_rules",
        "test_play_last_turn_message_once_then_exactly_two_turns",
    ],
    "game-messages-to-both-players": [
        "test_play_both_players_receive_the_same_messages", "test_play_whole_games_of_many_players_call_by_call",
    ],
    "play-starts-the-game-once": ["test_play_init_players_once_and_first_three_decisions"],
    "play-carries-the-returned-state": ["test_play_every_state_sent_accounts_for_all_cards"],
    "turn-played-by-its-kind": [
        "test_play_turn_decisions_match_the_turn_kind", "test_play_whole_games_of_many_players_call_by_call",
    ],
    "players-take-turns": ["test_play_players_take_turns_starting_with_the_first"],
    "last-turn-message-names-the-player-and-its-cars": ["test_play_last_turn_message_names_the_player_and_its_cars"],
    "play-ends-the-game-once": ["test_play_ends_with_bonus_and_one_result_and_the_right_totals"],
    "play-with-the-tickets-given": ["test_play_uses_its_tickets_and_rng_for_the_initial_state"],
    "play-with-the-rng-given": [
        "test_play_uses_its_tickets_and_rng_for_the_initial_state", "test_play_recreates_the_deck_during_a_long_game",
        "test_play_the_same_seed_replays_the_same_game", "test_play_whole_games_of_many_players_call_by_call",
    ],
    "illegal-move-stops-the-game": ["test_play_refuses_an_illegal_move_naming_the_player"],
    "turn-that-is-no-turnkind-is-illegal": [
        "test_play_refuses_an_illegal_move_naming_the_player",
        "test_play_refuses_generated_answers_that_are_no_turn_kind",
    ],
    "play-keeps-nothing-between-games": ["test_play_twice_on_the_same_objects_plays_a_new_game"],
}

route = ChMap.route


@pytest.fixture(scope="module")
def language(sub):
    """The language the submission's package speaks (a French notebook's first cell calls
    ``exercises.set_language("fr")``); English when the notebook's process cannot say."""
    try:
        spoken = sub.eval("__import__('exercises').get_language()")
    except (Exception, SubmissionFailure):  # noqa: BLE001
        return i18n.DEFAULT
    return spoken if isinstance(spoken, str) and re.fullmatch("[a-z]{2}", spoken) else i18n.DEFAULT


@pytest.fixture(scope="module", autouse=True)
def _one_notebook():
    """The games a notebook played (and its reference's) are kept while it is graded, and
    forgotten after its last test: a grading process grades many notebooks in a row, and the
    next one's objects may be given the ids the caches know this one's by."""
    _played.clear()
    _GAMES_PLAYED.clear()
    yield
    _played.clear()
    _GAMES_PLAYED.clear()


@pytest.fixture(autouse=True)
def _speaking(language):
    """Each test makes its expected ``Info`` messages in the submission's language."""
    before = i18n.get_language()
    i18n.set_language(language)
    yield
    i18n.set_language(before)


def recorders(inner1, inner2):
    """Two recording players around ``inner1`` and ``inner2``, sharing one log."""
    log = []
    return {P1: RecordingPlayer(P1, inner1, log), P2: RecordingPlayer(P2, inner2, log)}, log


def calls_of(log, player, method=None):
    return [c for c in log if c.player is player and (method is None or c.method == method)]


def infos(log, player=P1):
    return [c.args[0] for c in calls_of(log, player, "receive_info")]


def decisions(log, player):
    return [c for c in calls_of(log, player) if c.method not in ("receive_info", "update_state", "init_players")]


def both_heard(log, expected):
    for player in PlayerId:
        heard = infos(log, player)
        assert heard == expected, f"{NAMES[player]} should hear {expected!r}, heard {heard!r}"


def total_cards(state):
    cs = state.card_state
    return 5 + cs.deck_size + cs.discards_size + sum(state.player_state(p).card_count for p in PlayerId)


class Keeper:
    """A player whose ticket choices are given: a function from the offer to the kept bag."""

    def __init__(self, choose):
        self.choose = choose
        self.offer = None

    def init_players(self, own_id, names):
        pass

    def receive_info(self, info):
        pass

    def update_state(self, state, own):
        pass

    def set_initial_ticket_choice(self, tickets):
        self.offer = tickets

    def choose_initial_tickets(self):
        return self.choose(self.offer)

    def choose_tickets(self, options):
        return self.choose(options)

    def shown_as(self):
        """The player in the student's terms, as feedback shows the last call."""
        return "a player whose ticket choices the test scripts"


def other_ticket(offer):
    """The first 2 tickets of ``offer`` and one ticket that is not in it."""
    foreign = next(t for t in ChMap.tickets() if t not in offer)
    return SortedBag(tuple(offer)[:2] + (foreign,))


# Exercise 1: tell_all, update_all ------------------------------------------------------------


@pytest.mark.exercise("tchu.helpers")
def test_tell_all_tells_every_player_once(sub):
    players, log = recorders(ScriptedPlayer(), ScriptedPlayer())
    sub.tell_all(players, "first\n")
    sub.tell_all(players, "second\n")
    assert sorted((c.player.name, c.method) for c in log) == [
        ("PLAYER_1", "receive_info"), ("PLAYER_1", "receive_info"),
        ("PLAYER_2", "receive_info"), ("PLAYER_2", "receive_info"),
    ]
    both_heard(log, ["first\n", "second\n"])


@pytest.mark.exercise("tchu.helpers")
@pytest.mark.parametrize("current", [P1, P2])
def test_update_all_sends_the_state_and_each_players_own_state(sub, current):
    state = made_state(current=current, hands={P1: [Card.RED] * 3, P2: [Card.BLUE, Card.WHITE]}, seed=3)
    players, log = recorders(ScriptedPlayer(), ScriptedPlayer())
    sub.update_all(players, state)
    assert sorted(c.player.name for c in log) == ["PLAYER_1", "PLAYER_2"]
    for call in log:
        assert call.method == "update_state", 'update_all should only call update_state'
        public, own = call.args
        assert type(public).__name__ == "PublicGameState" and public == state.public(), (
            'update_state should receive the public state, state.public(), first'
        )
        assert own == state.player_state(call.player), (
            "update_state should receive the player's own state, state.player_state(its id), second"
        )


# Exercise 2: start_game -----------------------------------------------------------------------


#: players that choose without a state: a start that sends none fails only the test of the state
SCRIPTED = [("scripted", {}), ("scripted", {})]


def start(sub, seed=1, inner=None, kinds=(("greedy", 1), ("random", 2))):
    if inner is None:  # the package's players (``kinds``): the game in the notebook's process
        state, log = played(sub, "start_game", list(kinds), ChMap.all_tickets(), random.Random(seed))
        return state, log
    players, log = recorders(*inner)
    state = sub.start_game(players, dict(NAMES), ChMap.all_tickets(), random.Random(seed))
    return state, log


@pytest.mark.exercise("tchu.start")
def test_start_calls_init_players_once_each_with_own_id_and_names(sub):
    _state, log = start(sub, kinds=SCRIPTED)
    for player in PlayerId:
        inits = calls_of(log, player, "init_players")
        assert len(inits) == 1, 'init_players should be called exactly once for each player'
        assert calls_of(log, player)[0].method == "init_players"
        assert inits[0].args[0] is player, 'init_players should tell each player its own id'
        assert dict(inits[0].args[1]) == NAMES, 'init_players should give every player the names of both players'


@pytest.mark.exercise("tchu.start")
@pytest.mark.parametrize("seed", [1, 2, 5, 8])
def test_start_first_message_names_the_first_player_of_the_initial_state(sub, seed):
    _state, log = start(sub, seed, kinds=SCRIPTED)
    first = GameState.initial(ChMap.all_tickets(), random.Random(seed)).current_player_id
    for player in PlayerId:
        assert infos(log, player)[0] == Info(NAMES[first]).will_play_first()
        position = log.index(calls_of(log, player, "receive_info")[0])
        offer = log.index(calls_of(log, player, "set_initial_ticket_choice")[0])
        assert position < offer, 'who plays first (will_play_first) should be told before the tickets are offered'


@pytest.mark.exercise("tchu.start")
def test_start_offers_each_player_five_of_the_ten_top_tickets_once(sub):
    _state, log = start(sub, 3, kinds=SCRIPTED)
    initial = GameState.initial(ChMap.all_tickets(), random.Random(3))
    offers = [calls_of(log, player, "set_initial_ticket_choice") for player in PlayerId]
    assert [len(o) for o in offers] == [1, 1]
    bags = [o[0].args[0] for o in offers]
    assert [len(b) for b in bags] == [5, 5]
    assert Counter(bags[0]) + Counter(bags[1]) == Counter(initial.top_tickets(10)), (
        'the two players should be offered the 10 top tickets of the initial state, 5 each'
    )


@pytest.mark.exercise("tchu.start")
def test_start_sends_the_state_before_the_initial_choice(sub):
    _state, log = start(sub, 4)
    for player in PlayerId:
        mine = calls_of(log, player)
        offer = mine.index(calls_of(log, player, "set_initial_ticket_choice")[0])
        choose = mine.index(calls_of(log, player, "choose_initial_tickets")[0])
        updates = [c for c in mine[offer:choose] if c.method == "update_state"]
        assert updates, (
            f"{NAMES[player]} should receive the state (update_state) after its ticket offer, before choosing"
        )
        public, own = updates[-1].args
        assert own.card_count == 4 and own.ticket_count == 0, (
            'at the initial choice, a player should hold its 4 cards and no ticket yet'
        )
        assert public.card_state.deck_size == 97, 'at the initial choice, 97 cards should be left in the deck'
        offered = [c for c in log[: next(i for i, c in enumerate(log) if c is updates[-1])]
                   if c.method == "set_initial_ticket_choice"]
        assert public.ticket_count == 46 - 5 * len(offered), (
            'the tickets offered should have left the ticket pile (without_top_tickets)'
        )


@pytest.mark.exercise("tchu.start")
def test_start_tells_kept_tickets_only_when_both_players_chose(sub):
    _state, log = start(sub, 5)
    last_choice = max(log.index(c) for c in log if c.method == "choose_initial_tickets")
    kept = {
        player: len(calls_of(log, player, "choose_initial_tickets")[0].result) for player in PlayerId
    }
    expected = {Info(NAMES[p]).kept_tickets(kept[p]) for p in PlayerId}
    for player in PlayerId:
        messages = infos(log, player)
        assert len(messages) == 3, (
            'at the start, each player should hear 3 messages: who plays first, then the tickets kept by each player'
        )
        assert set(messages[1:]) == expected, 'each player should hear how many tickets each player kept'
        first_kept = log.index([c for c in calls_of(log, player, "receive_info")][1])
        assert first_kept > last_choice, 'the kept-tickets messages should come only after both players chose'


@pytest.mark.exercise("tchu.start")
def test_start_returns_the_state_of_the_first_turn(sub):
    state, log = start(sub, 6)
    initial = GameState.initial(ChMap.all_tickets(), random.Random(6))
    assert state.current_player_id is initial.current_player_id, (
        'the state returned should have the first player of the initial state to play'
    )
    assert state.ticket_count == 36, '36 tickets should be left in the pile after dealing 10'
    for player in PlayerId:
        chosen = calls_of(log, player, "choose_initial_tickets")[0].result
        assert state.player_state(player).tickets == chosen, (
            'in the state returned, each player should hold the tickets it chose'
        )
        assert state.player_state(player).cards == initial.player_state(player).cards, (
            'in the state returned, each player should hold its 4 initial cards'
        )
    assert not [c for c in log if c.method == "next_turn"], (
        'start_game should stop before the first turn (no next_turn)'
    )
    order = CallOrder()
    order.read(log)
    assert order.problem is None, order.problem


@pytest.mark.exercise("tchu.start")
@pytest.mark.parametrize("who", [P1, P2])
def test_start_refuses_fewer_than_three_initial_tickets(sub, who):
    inner = {P1: ScriptedPlayer(initial_tickets=3), P2: ScriptedPlayer(initial_tickets=3)}
    inner[who] = ScriptedPlayer(initial_tickets=2)
    with pytest.raises(ValueError) as error:
        start(sub, 1, (inner[P1], inner[P2]))
    assert NAMES[who] in str(error.value), 'the ValueError should name the player who kept too few tickets'


@pytest.mark.exercise("tchu.start")
def test_start_refuses_a_ticket_that_was_not_offered(sub):
    with pytest.raises(ValueError) as error:
        start(sub, 1, (Keeper(lambda offer: SortedBag(tuple(offer)[:3])), Keeper(other_ticket)))
    assert "Bob" in str(error.value), 'the ValueError should name the player who kept a ticket it was not offered'


# Exercise 3: draw_tickets ---------------------------------------------------------------------


def ticket_turn(sub, keep, seed=4, current=None):
    state = started_state(seed, SINGLE_TRIP_TICKETS)
    if current is not None and state.current_player_id is not current:
        state = state.for_next_turn()
    players, log = recorders(Keeper(keep), Keeper(keep))
    return state, sub.draw_tickets(players, dict(NAMES), state, random.Random(0)), log


@pytest.mark.exercise("tchu.draw_tickets")
@pytest.mark.parametrize("keep", [1, 3])
def test_draw_tickets_gives_the_kept_tickets_and_removes_all_three(sub, keep):
    state, new, log = ticket_turn(sub, lambda options: SortedBag(tuple(options)[:keep]))
    current = state.current_player_id
    kept = SortedBag(tuple(state.top_tickets(3))[:keep])
    assert new.player_state(current).tickets == state.player_state(current).tickets.union(kept), (
        'the player should get the tickets it kept, on top of its own'
    )
    assert new.ticket_count == state.ticket_count - 3, 'all 3 drawn tickets should leave the pile'
    assert new.top_tickets(3) == GameState.without_top_tickets(state, 3).top_tickets(3)
    assert new.player_state(current.next()) == state.player_state(current.next()), 'the other player should not change'
    assert new.current_player_id is current, 'the current player should not change during a turn (play changes it)'
    assert new.card_state == state.card_state, 'drawing tickets should not change the cards'


@pytest.mark.exercise("tchu.draw_tickets")
@pytest.mark.parametrize("current", [P1, P2])
def test_draw_tickets_offers_the_three_top_tickets_once_and_tells_everyone(sub, current):
    state, _new, log = ticket_turn(sub, lambda options: SortedBag(tuple(options)[1:]), current=current)
    assert [c.method for c in decisions(log, current)] == ["choose_tickets"]
    assert decisions(log, current.next()) == []
    assert calls_of(log, current, "choose_tickets")[0].args[0] == state.top_tickets(3)
    name = NAMES[current]
    both_heard(log, [Info(name).drew_tickets(3), Info(name).kept_tickets(2)])
    heard = log.index(calls_of(log, current, "receive_info")[0])
    assert heard < log.index(calls_of(log, current, "choose_tickets")[0])


@pytest.mark.exercise("tchu.draw_tickets")
def test_draw_tickets_refuses_keeping_no_ticket(sub):
    with pytest.raises(ValueError) as error:
        ticket_turn(sub, lambda options: SortedBag())
    assert NAMES[started_state(4, SINGLE_TRIP_TICKETS).current_player_id] in str(error.value)


@pytest.mark.exercise("tchu.draw_tickets")
def test_draw_tickets_refuses_a_ticket_that_was_not_drawn(sub):
    with pytest.raises(ValueError) as error:
        ticket_turn(sub, other_ticket)
    assert NAMES[started_state(4, SINGLE_TRIP_TICKETS).current_player_id] in str(error.value)


# Exercise 4: draw_cards -----------------------------------------------------------------------

FACE_UP = [Card.RED, Card.BLUE, Card.GREEN, Card.WHITE, Card.LOCOMOTIVE]


def card_turn(sub, slots, *, deck_top=(Card.YELLOW, Card.ORANGE, Card.VIOLET), deck_size=None, current=P2, seed=5):
    state = made_state(
        current=current, hands={current: [Card.BLACK]}, face_up=FACE_UP,
        deck_top=list(deck_top), deck_size=deck_size, seed=seed,
    )
    inner = [("scripted", {"slots": list(slots)} if pid is current else {}) for pid in PlayerId]
    new, log = played(sub, "draw_cards", inner, state, random.Random(seed))
    return state, new, log


@pytest.mark.exercise("tchu.draw_cards")
def test_draw_cards_face_up_then_deck(sub):
    _state, new, log = card_turn(sub, [2, Constants.DECK_SLOT])
    assert [c.method for c in decisions(log, P2)] == ["draw_slot", "draw_slot"]
    assert decisions(log, P1) == []
    both_heard(log, [Info("Bob").drew_visible_card(Card.GREEN), Info("Bob").drew_blind_card()])
    assert new.player_state(P2).cards == cards(1, Card.BLACK, 1, Card.GREEN, 1, Card.ORANGE)
    assert new.card_state.face_up_cards == (Card.RED, Card.BLUE, Card.YELLOW, Card.WHITE, Card.LOCOMOTIVE)
    assert total_cards(new) == 110, 'all 110 cards should still be there'


@pytest.mark.exercise("tchu.draw_cards")
def test_draw_cards_leaves_the_turn_to_play(sub):
    _state, new, _log = card_turn(sub, [2, Constants.DECK_SLOT])
    assert new.current_player_id is P2, 'the current player should not change during a turn (play changes it)'


@pytest.mark.exercise("tchu.draw_cards")
def test_draw_cards_deck_then_face_up(sub):
    _state, new, log = card_turn(sub, [Constants.DECK_SLOT, 4])
    both_heard(log, [Info("Bob").drew_blind_card(), Info("Bob").drew_visible_card(Card.LOCOMOTIVE)])
    assert new.player_state(P2).cards == cards(1, Card.BLACK, 1, Card.YELLOW, 1, Card.LOCOMOTIVE)
    assert new.card_state.face_up_cards[4] is Card.ORANGE, (
        'the face-up card taken should be replaced by the top card of the deck'
    )


@pytest.mark.exercise("tchu.draw_cards")
def test_draw_cards_sends_the_new_state_between_the_two_draws(sub):
    _state, _new, log = card_turn(sub, [2, 2], current=P1)
    first, second = (log.index(c) for c in calls_of(log, P1, "draw_slot"))
    for player in PlayerId:
        between = [c for c in log[first:second] if c.method == "update_state" and c.player is player]
        assert between, f"{NAMES[player]} should receive the state (update_state) between the two draw_slot calls"
        public, own = between[-1].args
        assert public.card_state.face_up_cards[2] is Card.YELLOW, (
            'before the second draw_slot, the players should see the card that replaced the one taken'
        )
    own = [c for c in log[first:second] if c.method == "update_state" and c.player is P1][-1].args[1]
    assert own.cards == cards(1, Card.BLACK, 1, Card.GREEN)


@pytest.mark.exercise("tchu.draw_cards")
@pytest.mark.parametrize("deck_size, slots", [(1, [-1, -1]), (0, [-1, 3]), (0, [0, 1]), (1, [0, 0])])
def test_draw_cards_recreates_the_deck_before_each_card(sub, deck_size, slots):
    state, new, _log = card_turn(sub, slots, deck_top=[Card.YELLOW][:deck_size], deck_size=deck_size)
    assert new.player_state(P2).card_count == 3, 'the player should hold 2 more cards'
    assert total_cards(new) == 110, 'all 110 cards should still be there'
    before = state.card_state.deck_size + state.card_state.discards_size
    assert new.card_state.deck_size + new.card_state.discards_size == before - 2, (
        '2 cards should have left the deck and the discards'
    )
    assert new.card_state.deck_size > 0 and new.card_state.discards_size == 0, (
        'an empty deck should be recreated from the discards before a card is drawn'
    )


@pytest.mark.exercise("tchu.draw_cards")
@pytest.mark.parametrize("slots", [[5, 0], [-2, 0], [0, 7]])
def test_draw_cards_refuses_a_bad_slot_naming_player_and_slot(sub, slots):
    with pytest.raises(ValueError) as error:
        card_turn(sub, slots)
    bad = next(s for s in slots if s not in range(-1, 5))
    assert "Bob" in str(error.value) and str(bad) in str(error.value), (
        'the ValueError should name the player and the slot'
    )


# Exercise 5: claim_route ----------------------------------------------------------------------

TUNNEL = "BAD_BAL_1"  # Baden - Bâle, red tunnel, length 3
ROAD = "FRI_LAU_1"  # Fribourg - Lausanne, red, above ground, length 3
THREE_RED = cards(3, Card.RED)


def claim(sub, route_id, claim_cards, hand, deck_top=(), additional=(), routes=None, deck_size=None, current=P1):
    state = made_state(
        current=current, hands={current: hand}, deck_top=list(deck_top), routes=routes, deck_size=deck_size, seed=7
    )
    script = {"claims": [(route(route_id), claim_cards)], "additional": list(additional)}
    inner = [("scripted", script if pid is current else {}) for pid in PlayerId]
    new, log = played(sub, "claim_route", inner, state, random.Random(7))
    return state, new, log


@pytest.mark.exercise("tchu.claim_route")
def test_claim_route_above_ground(sub):
    state, new, log = claim(sub, ROAD, THREE_RED, [Card.RED] * 4)
    assert [c.method for c in decisions(log, P1)] == ["claimed_route", "initial_claim_cards"]
    both_heard(log, [Info("Ada").claimed_route(route(ROAD), THREE_RED)])
    assert new.player_state(P1).routes == (route(ROAD),)
    assert new.player_state(P1).cards == cards(1, Card.RED)
    assert new.card_state.discards_size == state.card_state.discards_size + 3, (
        'the claim cards should go to the discards'
    )
    assert new.card_state.deck == state.card_state.deck, 'a route above ground should not touch the deck'
    assert new.current_player_id is P1, 'the current player should not change during a turn (play changes it)'


@pytest.mark.exercise("tchu.claim_route")
def test_claim_route_neutral_above_ground_by_player_two(sub):
    four_blue = cards(4, Card.BLUE)
    _state, new, log = claim(sub, "BER_LUC_1", four_blue, [Card.BLUE] * 4 + [Card.RED], current=P2)
    both_heard(log, [Info("Bob").claimed_route(route("BER_LUC_1"), four_blue)])
    assert new.player_state(P2).routes == (route("BER_LUC_1"),)
    assert new.player_state(P2).cards == cards(1, Card.RED)
    assert new.player_state(P2).car_count == 36, 'claiming a route of 4 should leave 36 cars'


@pytest.mark.exercise("tchu.claim_route")
def test_claim_tunnel_without_extra_cost(sub):
    drawn = [Card.BLUE, Card.BLUE, Card.WHITE]
    state, new, log = claim(sub, TUNNEL, THREE_RED, [Card.RED] * 3, drawn)
    tunnel = route(TUNNEL)
    assert [c.method for c in decisions(log, P1)] == ["claimed_route", "initial_claim_cards"]
    both_heard(log, [
        Info("Ada").attempts_tunnel_claim(tunnel, THREE_RED),
        Info("Ada").drew_additional_cards(SortedBag(drawn), 0),
        Info("Ada").claimed_route(tunnel, THREE_RED),
    ])
    assert new.player_state(P1).routes == (tunnel,)
    assert new.card_state.discards.contains_all(SortedBag(drawn) + THREE_RED), (
        'the claim cards and the 3 drawn cards should go to the discards'
    )
    assert new.card_state.discards_size == state.card_state.discards_size + 6, (
        'the claim cards and the 3 drawn cards should go to the discards'
    )
    assert new.card_state.deck_size == state.card_state.deck_size - 3, (
        '3 cards should be drawn from the deck for a tunnel'
    )
    assert total_cards(new) == 110, 'all 110 cards should still be there'


@pytest.mark.exercise("tchu.claim_route")
@pytest.mark.parametrize("drawn, extra", [
    ([Card.RED, Card.LOCOMOTIVE, Card.BLUE], 2), ([Card.RED, Card.RED, Card.WHITE], 2),
    ([Card.BLUE, Card.BLUE, Card.WHITE], 0),
])
def test_claim_tunnel_extra_cost_counts_drawn_cards_like_the_claim_cards(sub, drawn, extra):
    # Ada cannot pay an extra cost (her blue card is no red): if asked all the same, she gives up.
    _state, _new, log = claim(sub, TUNNEL, THREE_RED, [Card.RED] * 3 + [Card.BLUE], drawn, additional=[None])
    assert infos(log)[1] == Info("Ada").drew_additional_cards(SortedBag(drawn), extra), (
        'each drawn card that is a locomotive or of the color of the claim cards should cost one more card'
    )


@pytest.mark.exercise("tchu.claim_route")
@pytest.mark.parametrize("choice", [0, 1])
def test_claim_tunnel_with_extra_cost_paid(sub, choice):
    drawn = [Card.RED, Card.LOCOMOTIVE, Card.BLUE]
    hand = [Card.RED] * 5 + [Card.LOCOMOTIVE] * 2
    state, new, log = claim(sub, TUNNEL, THREE_RED, hand, drawn, additional=[choice])
    tunnel = route(TUNNEL)
    options = state.player_state(P1).possible_additional_cards(2, THREE_RED)
    asked = calls_of(log, P1, "choose_additional_cards")
    assert [c.method for c in decisions(log, P1)] == ["claimed_route", "initial_claim_cards", "choose_additional_cards"]
    assert list(asked[0].args[0]) == options, (
        'choose_additional_cards should offer possible_additional_cards(count, initial cards)'
    )
    used = THREE_RED.union(options[choice])
    both_heard(log, [
        Info("Ada").attempts_tunnel_claim(tunnel, THREE_RED),
        Info("Ada").drew_additional_cards(SortedBag(drawn), 2),
        Info("Ada").claimed_route(tunnel, used),
    ])
    assert new.player_state(P1).cards == SortedBag(hand).difference(used), (
        "the initial and the additional cards should leave the player's hand"
    )
    assert new.player_state(P1).routes == (tunnel,)
    assert new.card_state.discards_size == state.card_state.discards_size + len(used) + 3, (
        'the claim cards and the 3 drawn cards should go to the discards'
    )
    assert total_cards(new) == 110, 'all 110 cards should still be there'


@pytest.mark.exercise("tchu.claim_route")
def test_claim_tunnel_with_extra_cost_refused(sub):
    drawn = [Card.RED, Card.BLUE, Card.BLUE]
    state, new, log = claim(sub, TUNNEL, THREE_RED, [Card.RED] * 4, drawn, additional=[None])
    tunnel = route(TUNNEL)
    assert len(calls_of(log, P1, "choose_additional_cards")) == 1
    both_heard(log, [
        Info("Ada").attempts_tunnel_claim(tunnel, THREE_RED),
        Info("Ada").drew_additional_cards(SortedBag(drawn), 1),
        Info("Ada").did_not_claim_route(tunnel),
    ])
    assert new.player_state(P1) == state.player_state(P1), (
        'a player who gives up a tunnel keeps its cards and does not get the route'
    )
    assert new.card_state.discards_size == state.card_state.discards_size + 3, (
        'the 3 drawn cards should go to the discards'
    )
    assert new.card_state.deck_size == state.card_state.deck_size - 3, (
        '3 cards should be drawn from the deck for a tunnel'
    )


@pytest.mark.exercise("tchu.claim_route")
def test_claim_tunnel_with_extra_cost_the_player_cannot_pay(sub):
    drawn = [Card.LOCOMOTIVE, Card.BLUE, Card.RED]
    state, new, log = claim(sub, TUNNEL, THREE_RED, [Card.RED] * 3 + [Card.RED, Card.BLUE], drawn)
    tunnel = route(TUNNEL)
    assert calls_of(log, P1, "choose_additional_cards") == []
    both_heard(log, [
        Info("Ada").attempts_tunnel_claim(tunnel, THREE_RED),
        Info("Ada").drew_additional_cards(SortedBag(drawn), 2),
        Info("Ada").did_not_claim_route(tunnel),
    ])
    assert new.player_state(P1) == state.player_state(P1), (
        'a player who cannot pay keeps its cards and does not get the route'
    )
    assert total_cards(new) == 110, 'all 110 cards should still be there'


@pytest.mark.exercise("tchu.claim_route")
def test_claim_tunnel_with_locomotives_only_counts_drawn_locomotives(sub):
    locomotives = cards(4, Card.LOCOMOTIVE)
    drawn = [Card.RED, Card.BLUE, Card.LOCOMOTIVE]
    state, new, log = claim(sub, "AT1_STG_1", locomotives, [Card.LOCOMOTIVE] * 6, drawn, additional=[0])
    asked = calls_of(log, P1, "choose_additional_cards")
    assert len(asked) == 1 and list(asked[0].args[0]) == [cards(1, Card.LOCOMOTIVE)]
    assert infos(log)[1] == Info("Ada").drew_additional_cards(SortedBag(drawn), 1)
    assert new.player_state(P1).cards == cards(1, Card.LOCOMOTIVE)


@pytest.mark.exercise("tchu.claim_route")
@pytest.mark.parametrize("deck_size", [0, 1, 2])
def test_claim_tunnel_draws_one_card_at_a_time_recreating_the_deck(sub, deck_size):
    top = [Card.BLUE, Card.BLUE][:deck_size]
    state, new, log = claim(sub, TUNNEL, THREE_RED, [Card.RED] * 3, top, deck_size=deck_size)
    message = infos(log)[1]
    assert message in additional_cards_messages("Ada"), 'the drawn tunnel cards should be told (drew_additional_cards)'
    assert new.card_state.deck_size == state.card_state.deck_size + state.card_state.discards_size - 3, (
        'the 3 tunnel cards should be drawn one at a time, recreating the deck from the discards when it is empty'
    )
    assert total_cards(new) == 110, 'all 110 cards should still be there'
    assert new.card_state.discards_size in (3, 6)


@pytest.mark.exercise("tchu.claim_route")
@pytest.mark.parametrize(
    "route_id, taken",
    [(ROAD, "FRI_LAU_1"), (ROAD, "FRI_LAU_2"), (TUNNEL, "BAD_BAL_1")],
)
def test_claim_route_refuses_a_taken_route(sub, route_id, taken):
    with pytest.raises(ValueError) as error:
        claim(sub, route_id, THREE_RED, [Card.RED] * 3, [Card.BLUE] * 3, routes={P2: [route(taken)]})
    assert "Ada" in str(error.value), 'the ValueError should name the player'
    assert route_id in str(error.value) or route(route_id).station1.name in str(error.value), (
        'the ValueError should name the route'
    )


@pytest.mark.exercise("tchu.claim_route")
@pytest.mark.parametrize(
    "route_id, claim_cards, hand",
    [
        (ROAD, THREE_RED, [Card.RED] * 2 + [Card.LOCOMOTIVE]),
        (ROAD, cards(3, Card.BLUE), [Card.BLUE] * 3),
        (ROAD, cards(2, Card.RED, 1, Card.LOCOMOTIVE), [Card.RED] * 2 + [Card.LOCOMOTIVE]),
        (TUNNEL, cards(3, Card.LOCOMOTIVE), [Card.LOCOMOTIVE] * 2),
    ],
)
def test_claim_route_refuses_cards_that_cannot_claim_it(sub, route_id, claim_cards, hand):
    with pytest.raises(ValueError) as error:
        claim(sub, route_id, claim_cards, hand, [Card.BLUE] * 3)
    assert "Ada" in str(error.value), 'the ValueError should name the player'
    assert route_id in str(error.value) or route(route_id).station1.name in str(error.value), (
        'the ValueError should name the route'
    )


# Routes of 38 cars in all: their owner has 2 cars left.
THIRTY_EIGHT_CARS = [
    "BRI_LOC_1", "GEN_YVE_1", "BRU_COI_1", "COI_WAS_1", "AT1_STG_1", "BER_LUC_1", "INT_LUC_1", "STG_ZUR_1",
]


@pytest.mark.exercise("tchu.claim_route")
@pytest.mark.parametrize("route_id", [ROAD, TUNNEL])
def test_claim_route_refuses_a_route_longer_than_the_cars_left(sub, route_id):
    routes = {P1: [route(r) for r in THIRTY_EIGHT_CARS]}
    with pytest.raises(ValueError) as error:
        claim(sub, route_id, THREE_RED, [Card.RED] * 3, [Card.BLUE] * 3, routes=routes)
    assert "Ada" in str(error.value), 'the ValueError should name the player'
    assert route_id in str(error.value) or route(route_id).station1.name in str(error.value), (
        'the ValueError should name the route'
    )


@pytest.mark.exercise("tchu.claim_route")
@pytest.mark.parametrize(
    "route_id, claim_cards", [("BER_NEU_1", cards(2, Card.RED)), ("DE5_STG_1", cards(2, Card.BLUE))])
def test_claim_route_with_exactly_the_cars_it_needs(sub, route_id, claim_cards):
    # 38 cars of routes: Ada has 2 cars left, as many as the route is long
    routes = {P1: [route(r) for r in THIRTY_EIGHT_CARS]}
    state, new, log = claim(sub, route_id, claim_cards, list(claim_cards) + [Card.RED], [], routes=routes)
    assert new.player_state(P1).routes[-1:] == (route(route_id),), (
        'a player with route.length cars left (not more) may claim the route'
    )
    assert new.player_state(P1).car_count == 0


def scarce_claim(sub, deck, hand, additional=()):
    """Ada claims the tunnel with 3 red cards when the deck holds ``deck`` and the discards nothing."""
    state = scarce_state(hand, deck, seed=7)
    inner = {P1: ScriptedPlayer(claims=[(route(TUNNEL), THREE_RED)], additional=list(additional)), P2: ScriptedPlayer()}
    players, log = recorders(inner[P1], inner[P2])
    return state, sub.claim_route(players, dict(NAMES), state, random.Random(7)), log


@pytest.mark.exercise("tchu.claim_route")
@pytest.mark.parametrize("deck", [[], [Card.BLUE], [Card.BLUE, Card.WHITE]])
def test_claim_tunnel_draws_the_cards_there_are_when_fewer_than_three(sub, deck):
    state, new, log = scarce_claim(sub, deck, [Card.RED] * 3)
    tunnel = route(TUNNEL)
    both_heard(log, [
        Info("Ada").attempts_tunnel_claim(tunnel, THREE_RED),
        Info("Ada").drew_additional_cards(SortedBag(tuple(deck)), 0),
        Info("Ada").claimed_route(tunnel, THREE_RED),
    ])
    assert new.player_state(P1).routes == (tunnel,), 'the cards there are cost nothing more: Ada claims the tunnel'
    assert new.card_state.deck_size == 0 and new.card_state.discards_size == len(deck) + 3, \
        'the cards drawn and the claim cards should go to the discards'
    assert total_cards(new) == 110, 'all 110 cards should still be there'


@pytest.mark.exercise("tchu.claim_route")
@pytest.mark.parametrize("answer", [cards(1, Card.RED), cards(2, Card.BLUE), cards(3, Card.RED)])
def test_claim_tunnel_refuses_additional_cards_that_are_no_option(sub, answer):
    drawn = [Card.RED, Card.LOCOMOTIVE, Card.BLUE]
    hand = [Card.RED] * 6 + [Card.LOCOMOTIVE] * 2 + [Card.BLUE] * 2
    with pytest.raises(ValueError) as error:
        claim(sub, TUNNEL, THREE_RED, hand, drawn, additional=[answer])
    assert "Ada" in str(error.value), 'the ValueError should name the player'


# Exercise 6: end_game -------------------------------------------------------------------------


def end(sub, routes, tickets=None):
    state = made_state(routes=routes, tickets=tickets, seed=9)
    totals, log = played(sub, "end_game", [("scripted", {}), ("scripted", {})], state)
    return state, totals, log


def expected_totals(state):
    trails = {p: Trail.longest(state.player_state(p).routes).length for p in PlayerId}
    return {
        p: state.player_state(p).final_points() + (10 if trails[p] == max(trails.values()) else 0)
        for p in PlayerId
    }


def bonus(state, player):
    return Info(NAMES[player]).gets_longest_trail_bonus(Trail.longest(state.player_state(player).routes))


@pytest.mark.exercise("tchu.end")
def test_end_sends_the_final_state_then_bonus_then_result(sub):
    routes = {P1: [route("BER_FRI_1"), route("FRI_LAU_1"), route("GEN_LAU_1")], P2: [route("ZOU_ZUR_1")]}
    state, totals, log = end(sub, routes)
    expected = expected_totals(state)
    for player in PlayerId:
        mine = calls_of(log, player)
        assert mine[0].method == "update_state", 'end_game should first send every player the final state'
        assert mine[0].args[1] == state.player_state(player), (
            'the final update_state should give each player its own state'
        )
        assert mine[0].args[0] == state.public(), 'the final update_state should give the public state, state.public()'
    both_heard(log, [bonus(state, P1), Info("Ada").won(expected[P1], expected[P2])])
    assert totals == expected, "end_game should return each player's total: final points plus the bonus"


@pytest.mark.exercise("tchu.end")
def test_end_longest_trail_bonus_decides_between_equal_route_points(sub):
    routes = {
        P1: [route("BER_LUC_1")],
        P2: [route("ZOU_ZUR_1"), route("WIN_ZUR_1"), route("SCE_WIN_1"), route("KRE_SCE_1")],
    }
    state, totals, log = end(sub, routes)
    assert state.player_state(P1).claim_points == state.player_state(P2).claim_points, (
        '(scenario) both players have the same route points'
    )
    assert totals == {P1: 7, P2: 17} == expected_totals(state)
    both_heard(log, [bonus(state, P2), Info("Bob").won(17, 7)])


@pytest.mark.exercise("tchu.end")
def test_end_both_longest_trails_get_the_bonus_and_tie(sub):
    routes = {P1: [route("LUC_ZOU_1"), route("LUC_SCZ_1")], P2: [route("ZOU_ZUR_1"), route("WIN_ZUR_1")]}
    state, totals, log = end(sub, routes)
    expected = expected_totals(state)
    assert expected[P1] == expected[P2] == totals[P1] == totals[P2], 'a tie: both totals should be equal'
    for player in PlayerId:
        heard = infos(log, player)
        assert len(heard) == 3, 'two bonus messages and one result message'
        assert heard[:2] == [bonus(state, P1), bonus(state, P2)] or heard[:2] == [bonus(state, P2), bonus(state, P1)]
        assert heard[2] in (Info.draw(["Ada", "Bob"], expected[P1]), Info.draw(["Bob", "Ada"], expected[P1]))


@pytest.mark.exercise("tchu.end")
def test_end_counts_ticket_points(sub):
    tickets = {P1: [ChMap.ticket("Bâle - Berne (5)")], P2: [ChMap.tickets()[0]]}
    routes = {P1: [route("ZOU_ZUR_1")], P2: [route("SCE_WIN_1")]}
    state, totals, log = end(sub, routes, tickets)
    expected = expected_totals(state)
    assert totals == expected, "end_game should return each player's total: final points plus the bonus"
    assert infos(log)[-1] in (
        Info.draw(["Ada", "Bob"], expected[P1]),
        Info.draw(["Bob", "Ada"], expected[P1]),
        Info(NAMES[max(PlayerId, key=expected.get)]).won(max(expected.values()), min(expected.values())),
    )


@pytest.mark.exercise("tchu.end")
def test_end_with_no_routes_gives_both_the_bonus(sub):
    state, totals, log = end(sub, {})
    assert totals == {P1: 10, P2: 10}
    heard = infos(log)
    assert len(heard) == 3, 'two bonus messages and one result message'
    assert heard[2] in (Info.draw(["Ada", "Bob"], 10), Info.draw(["Bob", "Ada"], 10))


# Exercise 7: play, whole games ----------------------------------------------------------------

# Whole games cross the grader's process boundary call by call: they are played with the
# 34 single-trip tickets, whose states cross quickly. Both games recreate the deck.
GAMES = [(RandomPlayer, GreedyPlayer, 3), (GreedyPlayer, RandomPlayer, 6)]
_played = {}


def games(sub):
    """The logs and totals of the seeded games of GAMES, played once per submission (in its
    process, one request)."""
    key = id(sub)
    if key not in _played:
        found = conversations(sub, "play", [([(KIND[kind1], seed), (KIND[kind2], seed + 1)],
                                             (SINGLE_TRIP_TICKETS, random.Random(seed)))
                                            for kind1, kind2, seed in GAMES])
        results = []
        for (_, _, seed), (log, (how, value)) in zip(GAMES, found):
            # feedback's last call, as when the game was played from here
            TRACE.start(as_called("play", SINGLE_TRIP_TICKETS, random.Random(seed)))
            if how == "raised":  # the tests that use the games fail, each with this error
                results = value
                break
            TRACE.done(value)
            results.append((log, value))
        _played[key] = results
    if isinstance(_played[key], Exception):
        raise AssertionError(f"play raised {type(_played[key]).__name__}: {_played[key]}")
    return _played[key]


#: the kinds of the players of the package, as inside.tchu names them
KIND = {RandomPlayer: "random", GreedyPlayer: "greedy"}


def as_called(function, *args):
    """``function(players, names, *args)`` as feedback names the call (made from here, with
    recording players)."""
    return call_label(function, {pid: RecordingPlayer(pid, None) for pid in PlayerId}, dict(NAMES), *args)


def played(sub, function, inner, *args):
    """What ``function(players, names, *args)`` returned and the log of its calls, the players
    (kinds of inside.tchu.KINDS) playing in the notebook's process (one request); what it
    raised is raised here, feedback naming the call."""
    (log, (how, value)), = conversations(sub, function, [(inner, args)])
    TRACE.start(as_called(function, *args))
    if how == "raised":
        raise value
    TRACE.done(value)
    return value, log


def conversations(target, function: str, cases: list, view=None, again=False, names=NAMES) -> list:
    """:func:`conversations_later`, waited for."""
    return conversations_later(target, function, cases, view, again, names)()


def conversations_later(target, function: str, cases: list, view=None, again=False, names=NAMES):
    """``function(players, names, *args)`` of ``target`` for each case (the kinds of the two
    players, (kind, argument) pairs of inside.tchu.KINDS, and the other arguments), played in
    ``target``'s process with two recording players sharing a log (one request for all the
    cases, each with a call's time): per case the log of calls and ("value", what it returned)
    or ("raised", the exception raised, as a direct call would have raised it here).

    Asked now, where ``target`` can be asked ahead: a function that waits for the answers
    and returns them (see differential.alongside).

    With ``view`` (in_turn, end), the conversation (inside.tchu.conversation) instead of the
    log: what the worksheet fixes of it, made in ``target``'s process, so that only that crosses.
    With ``again``, each case calls ``function`` twice on the same objects (inside.tchu.twice):
    the log of both calls, and the outcome of the second. ``names``: the players' names, whose
    order the dict of players follows."""
    try:
        found = getattr(target, function)
    except AttributeError as error:  # as calling it would say
        empty = [] if view is None else inside.conversation([], *view)
        answers = [(empty, ("raised", error))] * len(cases)
        return lambda: answers
    shipped = ship(target, inside)
    expression = "h.called(g, inner, names, *args)" if view is None else "h.conversed(g, inner, names, *view, *args)"
    expression = f"(lambda g: {expression})(h.twice(f) if again else f)"
    pending = target.eval_cases_later(expression, [
        {"h": shipped, "f": found, "inner": inner, "names": dict(names), "args": list(args), "view": view,
         "again": again}
        for inner, args in cases])
    return lambda: _conversed(target, function, pending())


def _conversed(target, function, answers):
    """The answers of :func:`conversations_later` as it gives them."""
    results = []
    for ok, value in answers:
        if not ok:
            raise value
        log, (how, end) = value
        if how == "raised":
            end = raised(target, end, f"{function}(players, ...)")
            if isinstance(end, SubmissionFailure):
                raise end
        results.append((log, (how, end)))
    return results


def turns(log):
    """The turns of a game: (player, TurnKind, the decisions of that turn)."""
    found = []
    for call in log:
        if call.method == "next_turn":
            found.append((call.player, call.result, []))
        elif found and call.method not in ("receive_info", "update_state"):
            found[-1][2].append(call)
    return found


@pytest.mark.exercise("tchu.play")
@pytest.mark.parametrize("players, names", [(1, 2), (2, 1), (3, 2), (2, 3)])
def test_play_refuses_other_than_two_players_and_names(sub, players, names):
    ids = [P1, P2, P1]
    inner = {f"extra{i}" if i >= 2 else ids[i]: RandomPlayer(i) for i in range(players)}
    named = {f"extra{i}" if i >= 2 else ids[i]: f"N{i}" for i in range(names)}
    with pytest.raises(ValueError):
        sub.play(inner, named, ChMap.all_tickets(), random.Random(1))


@pytest.mark.exercise("tchu.play")
def test_play_whole_games_follow_the_order_of_the_rules(sub):
    for log, _totals in games(sub):
        order = CallOrder(NAMES)
        order.read(log)
        problem = order.finish()
        assert problem is None, problem


@pytest.mark.exercise("tchu.play")
def test_play_both_players_receive_the_same_messages(sub):
    for log, _totals in games(sub):
        assert infos(log, P1) == infos(log, P2)
        assert 100 <= len(infos(log, P1)) <= 2000


@pytest.mark.exercise("tchu.play")
def test_play_init_players_once_and_first_three_decisions(sub):
    for log, _totals in games(sub):
        for player in PlayerId:
            assert [c.method for c in calls_of(log, player, "init_players")] == ["init_players"]
            assert calls_of(log, player)[0].method == "init_players"
            assert [c.method for c in decisions(log, player)[:3]] == [
                "set_initial_ticket_choice", "choose_initial_tickets", "next_turn",
            ]
            assert len(calls_of(log, player, "set_initial_ticket_choice")) == 1


@pytest.mark.exercise("tchu.play")
def test_play_every_state_sent_accounts_for_all_cards(sub):
    # A state sent between the fixed times may show a tunnel's 3 cards turned over, out of
    # the deck and not yet discarded (the text allows an update at every change of the
    # state): the states a player holds when it decides, and at the end, hold all 110 cards.
    for log, _totals in games(sub):
        updates = [c for c in log if c.method == "update_state"]
        assert len(updates) >= 100, 'a whole game should send many state updates'
        held = {}
        for call in log:
            if call.method == "update_state":
                public, own = call.args
                assert public.player_state(call.player) in (own, own.public())
                held[call.player] = public
            elif call.method in ("next_turn", "draw_slot", "choose_initial_tickets"):
                for public in held.values():
                    assert total_cards(public) == 110, (
                        'every state held when a player decides should account for all 110 cards'
                    )
        for public in held.values():
            assert total_cards(public) == 110, 'the final state sent should account for all 110 cards'


@pytest.mark.exercise("tchu.play")
def test_play_update_before_every_next_turn_and_draw_slot(sub):
    for log, _totals in games(sub):
        for call in log:
            if call.method in ("next_turn", "draw_slot", "choose_initial_tickets"):
                assert _updated_since_last_decision(log, call), (
                    f"{call.method}() to {NAMES[call.player]} came without an update_state just before it"
                )


def _updated_since_last_decision(log, call):
    """True if ``call``'s player received a state update after the last decision of any
    player (messages and the other player's updates aside; for ``draw_slot``, the
    ``next_turn`` that opened the turn is not a decision that needs a new update)."""
    index = next(i for i, c in enumerate(log) if c is call)
    for earlier in reversed(log[:index]):
        if earlier.method == "receive_info" or (earlier.method == "update_state" and earlier.player is not call.player):
            continue
        if call.method == "draw_slot" and earlier.method == "next_turn" and earlier.player is call.player:
            continue
        if call.method == "choose_initial_tickets" and earlier.player is not call.player:
            continue
        return earlier.method == "update_state"
    return False


@pytest.mark.exercise("tchu.play")
def test_play_turn_decisions_match_the_turn_kind(sub):
    for log, _totals in games(sub):
        for player, kind, steps in turns(log):
            methods = [c.method for c in steps]
            assert all(c.player is player for c in steps), (
                'only the current player should be asked for the decisions of its turn'
            )
            if kind is TurnKind.DRAW_TICKETS:
                assert methods == ["choose_tickets"], 'a DRAW_TICKETS turn asks choose_tickets once, nothing else'
            elif kind is TurnKind.DRAW_CARDS:
                assert methods == ["draw_slot", "draw_slot"]
            else:
                assert methods in (
                    ["claimed_route", "initial_claim_cards"],
                    ["claimed_route", "initial_claim_cards", "choose_additional_cards"],
                )
                if len(steps) == 3:
                    assert steps[1].result is not None and steps[0].result.is_tunnel, (
                        'choose_additional_cards only comes after a tunnel claim'
                    )
                    assert len(steps[2].args[0]) > 0, 'choose_additional_cards is only called with at least one option'


@pytest.mark.exercise("tchu.play")
def test_play_players_take_turns_starting_with_the_first(sub):
    for (log, _totals), (_k1, _k2, seed) in zip(games(sub), GAMES):
        first = GameState.initial(SINGLE_TRIP_TICKETS, random.Random(seed)).current_player_id
        players = [player for player, _kind, _steps in turns(log)]
        assert players[0] is first, "the first turn should be the first player's"
        assert all(a is not b for a, b in zip(players, players[1:]))
        starts = {Info(NAMES[p]).can_play() for p in PlayerId}
        can_play = [m for m in infos(log) if m in starts]
        assert can_play == [Info(NAMES[p]).can_play() for p in players], (
            'the turns should be announced with can_play, players taking turns'
        )


@pytest.mark.exercise("tchu.play")
def test_play_last_turn_message_once_then_exactly_two_turns(sub):
    for log, _totals in games(sub):
        heard = infos(log)
        last = [i for i, m in enumerate(heard) if read(m) is MessageKind.LAST_TURN]
        assert len(last) == 1, 'the last-turn message should be sent exactly once'
        after = [m for m in heard[last[0]:] if read(m) is MessageKind.CAN_PLAY]
        assert len(after) == 2, 'after the last-turn message, exactly two more turns should be played'
        before = [m for m in heard[: last[0]] if read(m) is MessageKind.CAN_PLAY]
        assert after[1] == before[-1], 'the player who started the last turn should play the last turn'


@pytest.mark.exercise("tchu.play")
def test_play_last_turn_message_names_the_player_and_its_cars(sub):
    for log, _totals in games(sub):
        starts = {Info(NAMES[p]).can_play(): p for p in PlayerId}
        playing, message, cars = None, None, None
        for call in calls_of(log, P1):
            if call.method == "receive_info" and call.args[0] in starts and message is None:
                playing = starts[call.args[0]]
            elif call.method == "receive_info" and read(call.args[0]) is MessageKind.LAST_TURN:
                message = call.args[0]
            elif call.method == "update_state" and message is not None:
                cars = call.args[0].player_state(playing).car_count
                break
        assert message is not None and cars is not None and cars <= 2, (
            'the last-turn message should name a player with 2 cars or fewer'
        )
        assert message == Info(NAMES[playing]).last_turn_begins(cars), (
            'the last-turn message should name the player who just played and its cars'
        )


@pytest.mark.exercise("tchu.play")
def test_play_ends_with_bonus_and_one_result_and_the_right_totals(sub):
    for log, totals in games(sub):
        finals = {p: calls_of(log, p, "update_state")[-1].args for p in PlayerId}
        trails = {p: Trail.longest(finals[p][1].routes) for p in PlayerId}
        longest = max(t.length for t in trails.values())
        expected = {
            p: finals[p][1].final_points() + (10 if trails[p].length == longest else 0) for p in PlayerId
        }
        assert totals == expected, "play should return each player's total: final points plus the bonus"
        heard = infos(log)
        bonus_messages = [m for m in heard if read(m) is MessageKind.BONUS]
        assert 1 <= len(bonus_messages) <= 2, 'one or two longest-trail bonus messages'
        winner = max(PlayerId, key=expected.get)
        if expected[P1] == expected[P2]:
            results = [Info.draw(["Ada", "Bob"], expected[P1]), Info.draw(["Bob", "Ada"], expected[P1])]
        else:
            results = [Info(NAMES[winner]).won(expected[winner], expected[winner.next()])]
        assert heard[-1] in results, 'the last message should be the result'
        assert sum(m in results or read(m) is MessageKind.RESULT for m in heard) == 1, 'exactly one result message'
        last_update = log.index(calls_of(log, P1, "update_state")[-1])
        last_turn = max(i for i, c in enumerate(log) if c.method not in ("receive_info", "update_state"))
        assert last_update > last_turn, 'the final state should be sent after the last turn'


@pytest.mark.exercise("tchu.play")
def test_play_uses_its_tickets_and_rng_for_the_initial_state(sub):
    for (log, _totals), (_k1, _k2, seed) in zip(games(sub), GAMES):
        initial = GameState.initial(SINGLE_TRIP_TICKETS, random.Random(seed))
        for player in PlayerId:
            offer = calls_of(log, player, "set_initial_ticket_choice")[0].args[0]
            assert SINGLE_TRIP_TICKETS.contains_all(offer), "the tickets should be those given to play"
            first_update = calls_of(log, player, "update_state")[0].args[1]
            assert first_update.cards == initial.player_state(player).cards, (
                'the initial state should be made with GameState.initial(tickets, rng)'
            )


@pytest.mark.exercise("tchu.play")
def test_play_recreates_the_deck_during_a_long_game(sub):
    recreated = False
    for log, _totals in games(sub):
        piles = [c.args[0].card_state for c in calls_of(log, P1, "update_state")]
        recreated |= any(b.deck_size > a.deck_size for a, b in zip(piles, piles[1:]))
    assert recreated, "when the deck runs out, it should be recreated from the discards"


@pytest.mark.exercise("tchu.play")
@pytest.mark.parametrize(
    "script, word",
    [
        (dict(turns=[TurnKind.DRAW_CARDS], slots=[9]), "9"),
        (dict(turns=[TurnKind.DRAW_CARDS], slots=[0, -3]), "-3"),
        (dict(turns=[TurnKind.DRAW_CARDS] * 2, slots=[0, 1, 9]), "9"),  # after valid turns
        (dict(initial_tickets=1), None),
        (dict(turns=[TurnKind.DRAW_TICKETS], tickets=[0]), None),
        (dict(turns=["FLY"]), "FLY"),  # a turn that is no TurnKind
        (dict(turns=[TurnKind.DRAW_CARDS, None], slots=[0, 1]), "None"),
    ],
)
def test_play_refuses_an_illegal_move_naming_the_player(sub, script, word):
    with pytest.raises(ValueError) as error:
        played(sub, "play", [("scripted", script), ("scripted", script)], ChMap.all_tickets(), random.Random(2))
    text = str(error.value)
    assert "Ada" in text or "Bob" in text, 'the ValueError should name the player'
    if word:
        assert word in text, 'the ValueError should name the move'


def _bad_turn_run(case):
    script = {"turns": [TurnKind.DRAW_CARDS] * case["before"] + [case["answer"]], "slots": [-1, -1] * case["before"]}
    return [("scripted", script), ("scripted", script)], (SortedBag(tuple(SINGLE_TRIP_TICKETS)),
                                                         random.Random(case["seed"]))


@pytest.mark.exercise("tchu.play")
def test_play_refuses_generated_answers_that_are_no_turn_kind(sub, ref):
    _compare_calls(sub, ref, "play", _drawn("bad_turns", 12), _bad_turn_run,
                   lambda case: f"play(...) when each player draws cards {case['before']} times, then answers "
                                f"next_turn() with {case['answer']!r}", in_turn=False, end=True, refusal_alone=True)


# Whole conversations and turns compared with the reference ---------------------------------
#
# Games between players of many styles (strategies.tchu), seeded, played by the notebook's
# play and by the reference's, call by call: the same decisions asked of each player with
# the same arguments, the same states at the times the worksheet fixes (just before each
# next_turn, the second draw_slot and choose_initial_tickets, and at the end), the same
# messages, the same totals. Where the worksheet leaves the loop free, only what it fixes
# is compared: the order of the players within a broadcast, extra state updates, a message
# before or after the state update, the kept-tickets and bonus messages in either order.

#: how many seeded games of players of drawn styles each whole-game test plays
MATCH_COUNT = 3
#: how many generated turns each turn test plays
TURN_COUNT = 60


@functools.cache
def _drawn(name, count):
    """The generated cases of strategy ``name`` of strategies.tchu (the same at every run),
    after its boundaries; for whole games, ``count`` varied ones of 8 times as many drawn."""
    import strategies.tchu as strategies
    from course.grading.grader.differential import draw

    if name == "matches":
        return tuple(strategies.varied(draw(strategies.matches(), 8 * count), count))
    first = strategies.BOUNDARIES.get(name, [])  # the boundaries the text names come first
    return tuple(draw(getattr(strategies, name)(), 2 * count, boundaries=first)[:len(first) + count])


def _outcome(outcome):
    """An outcome of :func:`conversations` as compared: ("value", value) or ("raised", the
    exception's type name, with its message unless it is a ValueError)."""
    how, value = outcome
    if how == "value":
        return outcome
    return ("raised", type(value).__name__ if isinstance(value, ValueError) else f"{type(value).__name__}: {value}")


def _played_calls_later(target, function, cases, view, again=False, names=NAMES):
    """:func:`conversations_later` (their conversations, ``view``; ``again``: each call made
    twice; the players' ``names``) with each outcome as compared (:func:`_outcome`)."""
    pending = conversations_later(target, function, cases, view, again, names)
    return lambda: [(said, _outcome(outcome)) for said, outcome in pending()]


def _raised_like(mine, theirs):
    """A ValueError is a ValueError (its words are the student's); any other outcome is exact."""
    return mine == theirs or (mine[0] == theirs[0] == "raised" and theirs[1] == "ValueError" == mine[1])


def _first_difference(mine, theirs, what):
    """The first entry of two lists of (time, ...) entries that differ: (time, text), or None."""
    for position, (got, want) in enumerate(zip(mine, theirs)):
        if got[1:] != want[1:]:
            return got[0], what(position, got, want)
    if len(mine) != len(theirs):
        extra, short = (mine, theirs) if len(mine) > len(theirs) else (theirs, mine)
        at = mine[len(short)][0] if len(mine) > len(theirs) else (mine[-1][0] + 1 if mine else 0)
        entry = extra[len(short)]
        return at, (f"made one call too many: {_said(entry)}" if extra is mine else
            f"never made the call {_said(entry)}")
    return None


def _said(entry):
    if len(entry) == 5:  # a decision
        _index, turn, method, args, result = entry
        shown_args = ", ".join(_short(a) for a in args)
        return f"{method}({shown_args})" + (f" at turn {turn}" if turn else " at the start")
    if len(entry) == 3 and isinstance(entry[2], str):
        return repr(entry[2])
    return f"the state {entry[1]}"


def _short(value, limit=90):
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _state_difference(position, got, want):
    _index, moment, mine = got
    theirs = want[2]
    if mine is None:
        return f"had received no state {moment}"
    if theirs is None:
        return f"received a state {moment}, before any state was due"
    field = next(k for k in theirs if mine.get(k) != theirs[k])
    return f"had, {moment}, a state whose {field} was {_short(mine.get(field))}, expected {_short(theirs[field])}"


def _decision_difference(position, got, want):
    return f"was asked {_said(got)} (answering {_short(got[4])}), expected {_said(want)}"


def _info_difference(position, got, want):
    moment = f"at turn {got[1][0]}" if got[1][0] else "at the start"
    if got[2] == want[2]:
        return f"heard {got[2]!r} {moment}, at another time than the rules say"
    return f"heard {got[2]!r} {moment}, expected {want[2]!r}"


def conversation_difference(mine, theirs):
    """The earliest difference between two games' conversations (inside.tchu.conversation:
    what the worksheet fixes of their calls, made in each notebook's process), in one
    sentence, or None."""
    found = []
    for pid in PlayerId:
        for part, what in ((
            "decisions", _decision_difference), ("states", _state_difference), ("infos", _info_difference)):
            difference = _first_difference(mine[pid][part], theirs[pid][part], what)
            if difference:
                found.append((difference[0], f"{NAMES[pid]} {difference[1]}"))
    return min(found)[1] if found else None


_GAMES_PLAYED = {}


def _match_case(match):
    """A match as a case of :func:`conversations`: its players' styles, its tickets and rng."""
    return [("style", dataclasses.asdict(style)) for style in match.styles], (match.tickets, random.Random(match.seed))


def _games(target, matches, again=False):
    """:func:`_games_later`, waited for."""
    return _games_later(target, matches, again)()


def _games_later(target, matches, again=False):
    """``play`` of ``target`` on each match: its log and outcome (totals, or the exception).

    Played once per notebook and match (``again``: once more, for the replay), the games not
    played yet in one request, asked now (see :func:`conversations_later`)."""
    new = [match for match in matches if (id(target), match, again) not in _GAMES_PLAYED]
    pending = _played_calls_later(target, "play", [_match_case(match) for match in new], (False, True)) \
        if new else list

    def played():
        for match, found in zip(new, pending()):
            _GAMES_PLAYED[(id(target), match, again)] = found
        return [_GAMES_PLAYED[(id(target), match, again)] for match in matches]

    return played


def _speaking_as(ref, sub):
    """The reference speaks the submission's language (the grader's, set by ``_speaking``),
    so that the messages of both sides compare."""
    if ref is not sub:
        ref.eval(f"__import__('exercises').set_language({i18n.get_language()!r})")


def _compare_games(sub, ref, matches, replay=False):
    _speaking_as(ref, sub)
    problems = []
    mine, theirs = alongside(sub, ref, lambda target: _games_later(target, matches))
    for _, (want_log, want), (log, got) in zip(matches, theirs, mine):
        problem = conversation_difference(log, want_log)
        if problem is None and not _raised_like(got, want):
            problem = (
                f"play returned {_short(got[1])}, expected {_short(want[1])}"
            ) if got[0] == want[0] == "value" else (
                f"play {'raised ' + got[1] if got[0] == 'raised' else 'returned ' + _short(got[1])}, "
                f"expected it to {'raise ' + want[1] if want[0] == 'raised' else 'return ' + _short(want[1])}")
        problems.append(problem)
    if replay:  # the games that agree with the reference, played once more
        again = [match for match, problem in zip(matches, problems) if problem is None]
        replayed = dict(zip(again, _games(sub, again, again=True)))
        for number, match in enumerate(matches):
            if match in replayed:
                (log, got), (again_log, again_got) = _games(sub, [match])[0], replayed[match]
                problem = conversation_difference(again_log, log)
                if problem is None and again_got != got:
                    problem = f"played again, it returned {_short(again_got[1])}, the first time {_short(got[1])}"
                if problem:
                    problems[number] = "the same seed played twice gave two games: " + problem
    failures = [
        f"game {number} ({match}): {problem}" for number, (match, problem) in enumerate(zip(matches, problems), 1)
                if problem]
    assert not failures, failures[0] + (
        f" ({len(failures) - 1} more of {len(matches)} games differ)" if len(failures) > 1 else "")


@pytest.mark.exercise("tchu.play")
def test_play_whole_games_of_many_players_call_by_call(sub, ref):
    _compare_games(sub, ref, _drawn("matches", MATCH_COUNT))


@pytest.mark.exercise("tchu.play")
def test_play_the_same_seed_replays_the_same_game(sub, ref):
    _compare_games(sub, ref, _drawn("matches", MATCH_COUNT)[1:2], replay=True)


def _game_state_view(state):
    """Every field of a whole GameState, by name (for the first that differs)."""
    view = inside.public_view(state.public())
    view["deck, in order"] = state.card_state.deck.cards
    view["discards"] = state.card_state.discards
    view["ticket pile, in order"] = state.ticket_deck.cards
    for pid in PlayerId:
        own = state.player_state(pid)
        view[f"{NAMES[pid]}'s tickets"], view[f"{NAMES[pid]}'s cards"], view[
            f"{NAMES[pid]}'s routes"] = own.tickets, own.cards, own.routes
    return view


def _outcome_difference(function, got, want):
    """What ``function`` gave against the reference, in one sentence, or None if it agrees."""
    if got[0] == want[0] == "value" and type(got[1]).__name__ == type(want[1]).__name__ == "GameState":
        mine, theirs = _game_state_view(got[1]), _game_state_view(want[1])
        field = next((k for k in theirs if mine[k] != theirs[k]), None)
        if field is None:
            return None
        return f"{function} returned a state whose {field} was {_short(mine[field])}, expected {_short(theirs[field])}"
    if _raised_like(got, want):
        return None
    said_got = f"raised {got[1]}" if got[0] == "raised" else f"returned {_short(got[1])}"
    said_want = f"raise {want[1]}" if want[0] == "raised" else f"return {_short(want[1])}"
    return f"{function} {said_got}, expected it to {said_want}"


def _compare_calls(sub, ref, function, cases, run, describe, in_turn=True, end=False, again=False, names=NAMES,
                   refusal_alone=False):
    """Each case played as ``run(case)`` says (the players' kinds and the other arguments of
    :func:`conversations`; ``again``: twice on the same objects; ``names``, in their order) on
    both sides, each side in one request; fail with the shortest description of a case that differs.
    ``refusal_alone``: where the reference refuses, only the refusal is compared (the text leaves
    free the calls made before it)."""
    _speaking_as(ref, sub)
    failing = []
    plays = [run(case) for case in cases]
    view = (in_turn, end)
    mine, theirs = alongside(sub, ref, lambda target: _played_calls_later(target, function, plays, view, again, names))
    for case, (wanted, want), (said, got) in zip(cases, theirs, mine):
        calls = None if refusal_alone and want[0] == "raised" else conversation_difference(said, wanted)
        problem = calls or _outcome_difference(function, got, want)
        if problem:
            text = describe(case)
            failing.append((len(text), f"{text}: {problem}"))
    if failing:
        failing.sort(key=lambda entry: entry[0])
        more = len(failing) - 1
        pytest.fail(failing[0][1] + (f" ({more} more of {len(cases)} cases differ)" if more else ""), pytrace=False)


def _turn(state, answers, seed=None):
    """A turn's case of :func:`conversations`: scripted players, the current one answering as
    inside.tchu.Answers(**answers), the state and the seeded rng (None: no rng)."""
    inner = [("answers", answers) if pid is state.current_player_id else ("scripted", {}) for pid in PlayerId]
    return inner, (state,) + (() if seed is None else (random.Random(seed),))


def _described(state):
    cs = state.card_state
    return (f"{NAMES[state.current_player_id]} to play holding {list(state.current_player_state().cards)!r}, "
            f"face up {list(cs.face_up_cards)!r}, a deck of {cs.deck_size} and {cs.discards_size} discards")


def _start_described(match):
    return f"start_game(players, names, {len(match.tickets)} tickets, random.Random({match.seed}))"


def _ticket_turn(case):
    return _turn(case["state"], {"keep": case["keep"], "foreign": case["foreign"]}, seed=0)


def _ticket_described(case):
    stray = " and one that was not drawn" if case["foreign"] else ""
    return f"draw_tickets(...) keeping the drawn tickets {case['keep']}{stray}, " + _described(case["state"])


def _card_turn(case, calls=1):
    return _turn(case["state"], {"slots": case["slots"] * calls}, case["seed"])


def _card_described(case):
    return f"draw_cards(..., random.Random({case['seed']})) with slots {case['slots']}, " + _described(case["state"])


def _claim_turn(case, calls=1):
    claims = [(case["route"], case["claim"])] * calls
    return _turn(case["state"], {"claims": claims, "choice": case["choice"]}, case["seed"])


def _claim_described(case):
    return (f"claim_route(..., random.Random({case['seed']})) of {case['route'].id} with {list(case['claim'])!r}"
            f" (additional: {_tunnel_answer(case['choice'])}), "
            + _described(case["state"]))


def _tunnel_answer(choice):
    """How the player answers a tunnel's options, in words."""
    if choice == "more":
        return "one card more than any option"
    return "give up" if choice is None else f"option {choice}"


def _end_run(state):
    return [("scripted", {}), ("scripted", {})], (state,)


def _end_described(state):
    return "end_game(...) when " + " and ".join(
        (
            f"{NAMES[p]} owns {[r.id for r in state.player_state(p).routes]} and holds "
            f"{len(state.player_state(p).tickets)} tickets"
        )
        for p in PlayerId)


@pytest.mark.exercise("tchu.start")
def test_start_generated_games_call_by_call(sub, ref):
    import strategies.tchu as strategies

    starts = (*strategies.STARTS, *_drawn("matches", TURN_COUNT))
    _compare_calls(sub, ref, "start_game", starts, _match_case, _start_described, in_turn=False)


#: the players' names with PLAYER_2 first: the dicts of players and names in another order
BACKWARDS = {P2: NAMES[P2], P1: NAMES[P1]}


@pytest.mark.exercise("tchu.start")
def test_start_generated_games_with_the_dicts_in_another_order(sub, ref):
    # metamorphic: the dicts of players and names with PLAYER_2 first deal the same game (PlayerId order)
    _compare_calls(sub, ref, "start_game", _drawn("matches", AGAIN_COUNT), _match_case,
                   lambda match: _start_described(match) + ", the dicts with PLAYER_2 first", in_turn=False,
                   names=BACKWARDS)


def _initial_run(case):
    inner = [("answers", {"initial": keep, "foreign": foreign})
             for keep, foreign in zip(case["keeps"], case["foreign"])]
    return inner, (SortedBag(tuple(SINGLE_TRIP_TICKETS)), random.Random(case["seed"]))


def _initial_described(case):
    return f"start_game(..., random.Random({case['seed']})) when " + " and ".join(
        f"{NAMES[pid]} keeps the offered tickets at {keep}" + (" and one it was not offered" if foreign else "")
        for pid, keep, foreign in zip(PlayerId, case["keeps"], case["foreign"]))


@pytest.mark.exercise("tchu.start")
def test_start_generated_initial_choices_call_by_call(sub, ref):
    # refused (ValueError) exactly when the reference refuses: fewer than 3 tickets, or one not offered
    _compare_calls(sub, ref, "start_game", _drawn("initial_choices", 24), _initial_run, _initial_described,
                   in_turn=False, refusal_alone=True)


@pytest.mark.exercise("tchu.draw_tickets")
def test_draw_tickets_generated_turns_call_by_call(sub, ref):
    _compare_calls(sub, ref, "draw_tickets", _drawn("ticket_turns", TURN_COUNT), _ticket_turn, _ticket_described)


@pytest.mark.exercise("tchu.draw_cards")
def test_draw_cards_generated_turns_call_by_call(sub, ref):
    _compare_calls(sub, ref, "draw_cards", _drawn("card_turns", TURN_COUNT), _card_turn, _card_described)


@pytest.mark.exercise("tchu.claim_route")
def test_claim_route_generated_turns_call_by_call(sub, ref):
    _compare_calls(sub, ref, "claim_route", _drawn("claim_turns", TURN_COUNT), _claim_turn, _claim_described)


@pytest.mark.exercise("tchu.end")
def test_end_generated_states_call_by_call(sub, ref):
    _compare_calls(sub, ref, "end_game", _drawn("ends", TURN_COUNT), _end_run, _end_described, in_turn=False, end=True)


# The same call twice on the same objects (the players, the names, the state, the rng going
# on): each call plays anew, keeping nothing from the one before.
AGAIN_COUNT = 6


def _twice(describe):
    return lambda case: describe(case) + ", called twice on the same objects"


@pytest.mark.exercise("tchu.start")
def test_start_twice_on_the_same_objects_starts_anew(sub, ref):
    _compare_calls(sub, ref, "start_game", _drawn("matches", AGAIN_COUNT), _match_case, _twice(_start_described),
                   in_turn=False, again=True)


@pytest.mark.exercise("tchu.draw_tickets")
def test_draw_tickets_twice_on_the_same_objects_plays_anew(sub, ref):
    _compare_calls(sub, ref, "draw_tickets", _drawn("ticket_turns", AGAIN_COUNT), _ticket_turn,
                   _twice(_ticket_described), again=True)


@pytest.mark.exercise("tchu.draw_cards")
def test_draw_cards_twice_on_the_same_objects_plays_anew(sub, ref):
    _compare_calls(sub, ref, "draw_cards", _drawn("card_turns", AGAIN_COUNT), lambda case: _card_turn(case, 2),
                   _twice(_card_described), again=True)


@pytest.mark.exercise("tchu.claim_route")
def test_claim_route_twice_on_the_same_objects_plays_anew(sub, ref):
    _compare_calls(sub, ref, "claim_route", _drawn("claim_turns", AGAIN_COUNT), lambda case: _claim_turn(case, 2),
                   _twice(_claim_described), again=True)


@pytest.mark.exercise("tchu.end")
def test_end_twice_on_the_same_objects_ends_anew(sub, ref):
    _compare_calls(sub, ref, "end_game", _drawn("ends", AGAIN_COUNT), _end_run, _twice(_end_described),
                   in_turn=False, end=True, again=True)


@pytest.mark.exercise("tchu.play")
def test_play_twice_on_the_same_objects_plays_a_new_game(sub, ref):
    matches = _drawn("matches", MATCH_COUNT)[:1]
    _compare_calls(sub, ref, "play", matches, _match_case, lambda match:
        f"play(...) of {match}, called twice on the same objects",
                   in_turn=False, end=True, again=True)
