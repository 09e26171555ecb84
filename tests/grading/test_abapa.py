"""Hidden tests of worksheet 3, Abapa: one test per rule, on explicit boards.

Cells are numbered in sowing order: player 0's pits 0..5, kalah 6, player 1's pits
7..12, kalah 13. Pits are numbered 0..5 from the mover's side. The rules written once on
the test side (strategies.abapa) replay seeded random games. The differential tests
compare the notebook with the reference solution on positions drawn from the whole
domain the rules allow (strategies.abapa), and whole games call by call.
"""

from __future__ import annotations

import functools
import random
import re
from collections import Counter

import pytest

from course.grading.grader.calls import call_label
from course.grading.grader.differential import compare, draw
from course.grading.grader.drawing import st
from course.grading.grader.submission import SubmissionFailure
from course.grading.notebook.shipped import Replay, raised, ship
from inside import abapa as inside
from strategies.abapa import (
    bad_positions,
    captures,
    ends,
    far_moves,
    games,
    keyboards,
    mirrored,
    moves,
    no_numbers,
    playable,
    plays,
    positions,
    races,
    rules_legal,
    rules_play,
    seeded_positions,
    sowings,
)

NOTEBOOK = "03_abapa"

#: each exercise's points, shared equally by its tests (a test names only its exercise)
POINTS = {
    "abapa.display": 1,
    "abapa.sowing": 2,
    "abapa.capture": 3,
    "abapa.feeding": 2,
    "abapa.end": 2,
    "abapa.board": 1,
    "abapa.board_play": 2,
    "abapa.players": 2,
    "abapa.game": 2,
    "abapa.greedy": 1,
}

#: each test's rule, as the public check shows it (see tests/grader/test_one_verdict.py)
RULES = {
    "test_board_copy_shares_no_legal_moves_with_its_board": "twin.legal_moves().clear(), then board.legal_moves()",
    "test_board_legal_moves_hands_out_a_new_list":
        "board.legal_moves().clear(), then board.legal_moves() and board.is_over()",
    "test_game_run_plays_each_turn_with_play_turn": "the calls of play_turn() that run() makes",
    "test_board_play_refuses_any_other_whole_number_with_value_error":
        "Board(figure 1, 1).play(7), .play(14) and .play(-20)",
    "test_game_run_ends_on_a_line_with_the_winner_and_scores": "the last line run() prints on two boards",
    "test_display_of_figure_1_exactly": "board_text([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0])",
    "test_display_of_the_start": "board_text([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0])",
    "test_display_with_two_digit_counts": "board_text([0, 1, 2, 3, 0, 0, 20, 0, 0, 0, 0, 1, 11, 10])",
    "test_plain_sowing": "sow([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 4)",
    "test_sowing_through_both_kalahs": "sow([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 3, 1], 12)",
    "test_last_seed_in_a_kalah": "sow([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0], 2)",
    "test_fourteen_or_more_seeds_skip_the_origin": "sow([1, 1, 15, 1, 1, 1, 10, 1, 1, 1, 1, 1, 1, 12], 2)",
    "test_sowing_leaves_its_argument_unchanged": "sow(cells, 4) leaves cells unchanged",
    "test_capture_of_two": "capture([4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3], 8, 0)",
    "test_capture_of_three": "capture([4, 4, 4, 0, 0, 0, 8, 1, 2, 3, 2, 5, 4, 11], 10, 0)",
    "test_no_capture_of_one_or_four": "capture([4, 4, 2, 3, 4, 4, 10, 4, 4, 0, 0, 0, 0, 9], 3, 1)",
    "test_capture_chain_backwards_over_several_pits": "capture([4, 4, 4, 0, 0, 0, 8, 1, 2, 3, 2, 5, 4, 11], 10, 0)",
    "test_capture_chain_stops_at_a_pit_without_two_or_three":
        "capture([4, 4, 2, 3, 4, 4, 10, 4, 4, 0, 0, 0, 0, 9], 3, 1)",
    "test_capture_chain_stops_at_the_movers_own_camp": "capture([2, 3, 0, 0, 0, 2, 10, 3, 2, 4, 4, 4, 4, 10], 8, 0)",
    "test_no_capture_when_the_last_seed_is_in_the_movers_camp_or_a_kalah":
        "capture([4, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4, 2, 0], 4, 0)",
    "test_no_capture_because_grand_slam": "capture([10, 10, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 3], 8, 0)",
    "test_capture_leaves_its_argument_unchanged": "capture(cells, 8, 0) leaves cells unchanged",
    "test_legal_pits_are_the_non_empty_ones": "legal_pits([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0], 0)",
    "test_feeding_only_feeding_moves_are_legal": "legal_pits([0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22], 0)",
    "test_feeding_no_feeding_move_no_legal_pit": "legal_pits([0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 0, 24], 1)",
    "test_feeds_tells_whether_the_seeds_reach_the_opponent": "for pit in range(6)]: each one seed short",
    "test_end_at_twenty_five": "game_over([0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5], 1)",
    "test_end_when_the_mover_cannot_feed": "game_over([0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 0, 24], 1)",
    "test_end_the_mover_takes_the_remaining_seeds": "take_remaining([0, 0, 1, 0, 0, 0, 24, 0, 2, 0, 0, 0, 0, 21], 1)",
    "test_board_start_position": "Board(): is_over(), winner(), score(0), score(1), legal_moves()",
    "test_board_of_a_position_and_its_text": "Board(figure 1, 1): is_over(), winner(), score(0), score(1): 1 to 0",
    "test_board_cells_are_a_copy": "board.cells.append(99), then board.cells",
    "test_board_rejects_bad_positions": "Board([-1, 9, 4, ...], 0): a negative count",
    "test_board_legal_moves_of_a_position": "Board(hungry, 0).legal_moves(): only the pits that feed player 1",
    "test_board_over_when_a_kalah_has_twenty_five": "Board([...25 in kalah 6...], 1): over, player 0 wins",
    "test_board_over_a_24_24_draw": "Board([0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24], 0): over, a draw",
    "test_board_copy_has_the_same_position": "Board(figure 1, 1).copy(): .cells, .player",
    "test_board_play_of_figure_1": "str(board) after Board().play(4)",
    "test_board_sows_through_both_kalahs": "9 seeds through both kalahs",
    "test_board_fourteen_or_more_seeds_skip_the_origin": "14 seeds, a full lap that skips pit 2",
    "test_board_plays_player_1_pits_from_their_side": "Board(figure 1, 1).play(3): player 1's pit 3 is cell 10",
    "test_board_sows_and_captures": "play(4): captures 3 + 2",
    "test_board_capture_chain_stops_at_a_pit_without_two_or_three": "the chain stops at a pit of 4",
    "test_board_grand_slam_is_played_without_capture": "play(5): a grand slam captures nothing",
    "test_board_feeding_only_feeding_moves_are_legal": "Board(hungry, 0).play(1): you must feed, the board unchanged",
    "test_board_no_feeding_move_the_mover_takes_the_remaining_seeds": "play(5): player 1 cannot feed",
    "test_board_end_at_twenty_five": "play(5): 26 in kalah 6, the end",
    "test_board_a_24_24_draw": "play(5): 24 to 24",
    "test_board_illegal_moves_leave_the_board_unchanged": "Board().play(6) and Board().play(-1): pits go from 0 to 5",
    "test_board_refusals_say_why": "the ValueError of Board(figure 1, 0).play(4) says why",
    "test_board_copy_is_independent": "twin = Board().copy(); twin.play(4): board and twin",
    "test_board_seeded_random_games_match_the_rules":
        "a game from Board(), each move random.Random(2).choice(board.legal_moves())",
    "test_board_termination_no_position_comes_back":
        "a game from Board(), each move random.Random(3).choice(board.legal_moves())",
    "test_human_player_returns_the_pit_typed": "HumanPlayer(ask answering '2').choose_move(Board())",
    "test_human_player_asks_again_until_the_pit_is_legal":
        "HumanPlayer answering '9', 'four', '4' (asks again until legal)",
    "test_human_player_of_player_1_uses_their_side": "HumanPlayer answering '0', then '2', as player 1",
    "test_human_player_asks_anew_for_each_move": "HumanPlayer(ask answering '2').choose_move(Board())",
    "test_random_player_plays_legal_moves": "RandomPlayer(random.Random(1)) on Board(hungry, 0): only pit 5 feeds",
    "test_random_player_is_reproducible_with_its_rng":
        "issubclass(HumanPlayer, Player) and issubclass(RandomPlayer, Player)",
    "test_random_player_draws_pits_until_one_is_legal":
        "RandomPlayer(random.Random(8)): 10 moves on Board(figure 1, 0)",
    "test_game_starts_from_the_start_or_the_given_board": "Game(p0, p1, Board(figure 1, 1)).board.cells, .player",
    "test_game_each_new_game_has_a_board_of_its_own":
        "after a turn of one Game(p0, p1), a new Game(p0, p1).board.cells",
    "test_game_turns_ask_the_player_to_move": "two play_turn(): player 0 chooses pit 4, then player 1 pit 3",
    "test_game_shows_the_player_a_copy_of_the_board": "play_turn() with a player that plays on the board it is shown",
    "test_game_run_shows_each_player_a_copy": "run() there, with a player 0 that plays on the board it is shown",
    "test_game_run_plays_to_the_end_and_returns_the_winner":
        "run() on a board where player 0 plays pit 5 and player 1 cannot feed",
    "test_game_run_shows_the_board_before_and_after_each_turn":
        "what run() prints there: the board before the move, then after it",
    "test_game_run_a_draw_returns_none": "run() on Board([...], 0) where it ends 24 to 24: a draw",
    "test_game_run_between_random_players": "run() on a board where player 0 plays pit 5 and player 1 cannot feed",
    "test_greedy_takes_the_biggest_capture":
        "GreedyPlayer().choose_move(Board([4, 4, 4, 0, 4, 0, 8, 1, 2, 1, 2, 5, 4, 9], 0))",
    "test_greedy_counts_the_seeds_sown_into_the_opponents_kalah":
        "GreedyPlayer().choose_move(Board([13, 0, 0, 3, 0, 0, 5, 4, 4, 4, 4, 4, 4, 3], 0))",
    "test_greedy_breaks_ties_by_the_lowest_pit":
        "GreedyPlayer().choose_move(Board([4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0], 1))",
    "test_greedy_leaves_the_board_unchanged": "GreedyPlayer().choose_move(board) leaves board unchanged",
    "test_display_of_drawn_positions": "board_text([10, 0, 12, 0, 0, 1, 3, 2, 0, 0, 4, 0, 0, 16])",
    "test_sowing_of_drawn_pits": "sow([2, 2, 2, 2, 2, 2, 5, 2, 2, 13, 2, 2, 2, 8], 9)",
    "test_capture_of_drawn_sowings": "capture([4, 4, 4, 4, 4, 4, 2, 4, 4, 4, 4, 3, 2, 3], 13, 0)",
    "test_feeding_of_drawn_positions": "legal_pits([0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22], 0)",
    "test_end_of_drawn_positions": "game_over([1, 4, 4, 4, 0, 0, 4, 1, 1, 1, 1, 1, 1, 25], 1)",
    "test_sowing_of_drawn_pits_seen_from_the_other_side": "sow([2, 2, 2, 2, 2, 2, 5, 2, 2, 13, 2, 2, 2, 8], 9)",
    "test_capture_of_drawn_sowings_seen_from_the_other_side":
        "capture([4, 4, 4, 4, 4, 4, 2, 4, 4, 4, 4, 3, 2, 3], 13, 0)",
    "test_feeding_of_drawn_positions_seen_from_the_other_side":
        "legal_pits([0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22], 0)",
    "test_end_of_drawn_positions_seen_from_the_other_side": "game_over([1, 4, 4, 4, 0, 0, 4, 1, 1, 1, 1, 1, 1, 25], 1)",
    "test_board_of_drawn_positions": "(b := Board([1, 4, 4, 4, 0, 0, 4, 1, 1, 1, 1, 1, 1, 25], 1)).is_over()",
    "test_board_refuses_drawn_bad_positions": "Board([4] * 14, 0): 56 seeds",
    "test_board_refuses_drawn_cells_that_are_no_number": "Board([-1, 9, 4, ...], 0): a negative count",
    "test_board_play_of_drawn_moves": "((b := Board([0, 0, 0, 0, 0, 2, 22, 1, 2, 3, 4, 1, 1, 12], 0)).play(5)",
    "test_board_play_of_drawn_sequences": "a game from Board(), each move random.Random(2).choice(board.legal_moves())",
    "test_human_player_of_drawn_answers": "HumanPlayer answering ' 3 ' on Board(): spaces around the pit",
    "test_random_player_of_drawn_positions": "RandomPlayer(random.Random(8)): 10 moves on Board(figure 1, 0)",
    "test_random_player_draws_even_when_one_pit_is_legal":
        "rng = random.Random(3); RandomPlayer(rng).choose_move(Board(hungry, 0)), then rng.random()",
    "test_game_of_drawn_whole_games_call_by_call": "Game(p0, p1, Board(figure 1, 1)).play_turn(): player 1 is to move",
    "test_greedy_of_drawn_positions":
        "GreedyPlayer().choose_move(Board([0, 0, 0, 2, 2, 2, 24, 2, 1, 3, 0, 0, 1, 11], 0))",
    "test_greedy_of_drawn_whole_games_call_by_call":
        "GreedyPlayer().choose_move(Board([0, 0, 0, 0, 0, 0, 0, 2, 2, 19, 21, 1, 2, 1], 1))",
}

#: what a student who fails each test most likely got wrong (shown in the feedback)
HINTS = {
    "test_board_copy_shares_no_legal_moves_with_its_board": (
        "copy() must give the twin lists of its own, the legal moves too (copy.copy shares them): or return a new list "
        "from legal_moves()."
    ),
    "test_board_legal_moves_hands_out_a_new_list": (
        "legal_moves() returns a new list each time (return list(self._legal)): a caller who clears it must not change "
        "the board's moves, nor end its game."
    ),
    "test_game_run_plays_each_turn_with_play_turn":
        "run() plays each turn by calling self.play_turn(), once per move, not by a copy of play_turn's code.",
    "test_board_play_refuses_any_other_whole_number_with_value_error": (
        "Check that the pit is from 0 to 5 before using it: pit 7 of player 1 or pit 20 would be a cell beyond the "
        "board, and must raise ValueError, not IndexError."
    ),
    "test_game_run_ends_on_a_line_with_the_winner_and_scores": (
        "run() ends with show_winner(): one line that says who won (0 or 1), or that it is a draw, and both scores, "
        "e.g. Player 1 wins, 21 to 27."
    ),
    "test_display_of_figure_1_exactly": (
        "Count the spaces: top line 3 spaces then pits 12 down to 7 in 4 characters each; bottom line kalah 13 "
        "left-aligned in 4, pits 0 to 5 in 4 each, kalah 6 in 7. No newline at the end."
    ),
    "test_display_of_the_start": (
        "The top row is player 1's camp read from cell 12 down to 7, with kalah 13 on the left of the bottom row and "
        "kalah 6 on its right; the empty kalahs show 0."
    ),
    "test_display_with_two_digit_counts": (
        "Give each count a fixed width (right-aligned in 4, kalah 13 left-aligned in 4, kalah 6 in 7) instead of "
        "adding fixed spaces, so that counts like 10, 11 or 20 keep the columns in line."
    ),
    "test_plain_sowing": (
        "Empty the start cell, put one seed in each following cell starting with the next one, and return a tuple of "
        "the new list and the cell where the last seed fell."
    ),
    "test_sowing_through_both_kalahs":
        "Sow into both kalahs, the opponent's too, and go back to cell 0 after cell 13: the 14 cells make a cycle.",
    "test_last_seed_in_a_kalah": (
        "A kalah receives a seed like any cell: when the last seed falls in kalah 6, the last cell returned is 6, not "
        "the pit before or after it."
    ),
    "test_fourteen_or_more_seeds_skip_the_origin": (
        "With 14 seeds or more the sowing goes round the board: skip the emptied cell every time you pass it, and go "
        "on until every seed is sown, even over two laps."
    ),
    "test_sowing_leaves_its_argument_unchanged":
        "Sow on a copy of the list you are given: emptying and filling cells must not change the caller's list.",
    "test_capture_of_two": (
        "When the last seed leaves 2 seeds in an opponent pit, empty that pit into the mover's kalah (6 for player 0, "
        "13 for player 1) and return the new cells."
    ),
    "test_capture_of_three": (
        "An opponent pit holding 3 seeds is captured just like one holding 2; the pit before it, with 4, ends the "
        "chain."
    ),
    "test_no_capture_of_one_or_four": (
        "Capture only a pit holding exactly 2 or 3 seeds: with 1, 4 or 5 seeds in the last pit nothing is taken and "
        "the cells come back as they were."
    ),
    "test_capture_chain_backwards_over_several_pits": (
        "After capturing the last pit, step back one cell and keep capturing while it is an opponent pit with 2 or 3 "
        "seeds; for player 1 the opponent's camp is cells 0 to 5."
    ),
    "test_capture_chain_stops_at_a_pit_without_two_or_three": (
        "The chain stops for good at the first pit that does not hold 2 or 3 seeds: do not skip over it to capture "
        "pits further back."
    ),
    "test_capture_chain_stops_at_the_movers_own_camp": (
        "Walking backwards, stop as soon as you leave the opponent's camp: a kalah and the mover's own pits are never "
        "captured, even when they hold 2 or 3 seeds."
    ),
    "test_no_capture_when_the_last_seed_is_in_the_movers_camp_or_a_kalah": (
        "Capture only when the last seed is in the opponent's camp: a last seed in the mover's own pits or in either "
        "kalah takes nothing, whatever the count there."
    ),
    "test_no_capture_because_grand_slam": (
        "Grand slam: when the pits of the chain hold every seed left in the opponent's camp, capture none of them; "
        "compare the chain with the whole camp."
    ),
    "test_capture_leaves_its_argument_unchanged": (
        "Copy the cells before moving seeds into the kalah: capture returns a new list and leaves the list it was "
        "given as it was."
    ),
    "test_legal_pits_are_the_non_empty_ones": (
        "Return the numbers 0 to 5 of the player's non-empty pits, in increasing order; for player 1 look at cells 7 "
        "to 12 but return pit numbers, not cell numbers."
    ),
    "test_feeding_only_feeding_moves_are_legal": (
        "When the opponent's camp is empty, keep only the non-empty pits whose seeds reach it (pit i, counted from the "
        "mover's side, needs at least 7 - i seeds), for either player; otherwise every non-empty pit is legal."
    ),
    "test_feeding_no_feeding_move_no_legal_pit": (
        "When the opponent's camp is empty and no pit holds enough seeds to reach it, there is no legal pit: return an "
        "empty list, not the non-empty pits."
    ),
    "test_feeds_tells_whether_the_seeds_reach_the_opponent": (
        "Pit i is followed by 5 - i more pits of the mover, then their kalah: it feeds only from 7 - i seeds (one "
        "fewer stops in the kalah). Count the pit from the mover's side and return True or False."
    ),
    "test_end_at_twenty_five": (
        "The game is over as soon as either kalah, 6 or 13, holds 25 seeds or more, whoever is to move; 24 is not "
        "enough."
    ),
    "test_end_when_the_mover_cannot_feed": (
        "The game also ends when the player to move has no legal pit (the opponent's camp is empty and none of their "
        "pits can reach it); if one pit can feed, it goes on."
    ),
    "test_end_the_mover_takes_the_remaining_seeds": (
        "Move the seeds of all 12 pits, both camps, into the kalah of the player given, leave the other kalah alone, "
        "and work on a copy of the list."
    ),
    "test_board_start_position": (
        "Board() with no arguments is the start: 4 seeds in each of the 12 pits, both kalahs empty, player 0 to move, "
        "all six pits legal, not over (is_over() is False, not 0), no winner, scores 0."
    ),
    "test_board_of_a_position_and_its_text": (
        "Keep the cells and the player you are given; str(board) returns board_text of the cells, score(p) is the "
        "content of p's kalah (cell 6 for player 0, 13 for player 1), and winner() is None while the game goes on, "
        "whoever leads."
    ),
    "test_board_cells_are_a_copy": (
        "Store a copy of the list given to Board, and make cells a property that returns a new list each time: "
        "changing either list must leave the board as it was."
    ),
    "test_board_rejects_bad_positions": (
        "Check the position in the constructor: raise ValueError unless there are 14 cells, each an int of 0 or more "
        "seeds (a float is refused, even 4.0), adding up to 48, and the player is 0 or 1."
    ),
    "test_board_legal_moves_of_a_position": (
        "legal_moves lists the mover's pits 0 to 5 counted from their own side (player 1's pit 0 is cell 7), non-empty "
        "and feeding when the opponent's camp is empty, in increasing order."
    ),
    "test_board_over_when_a_kalah_has_twenty_five": (
        "A board with 25 or more seeds in a kalah is over as soon as it is made: no legal moves, and the winner is the "
        "player with the bigger kalah, not the player to move."
    ),
    "test_board_over_a_24_24_draw": (
        "With every pit empty the mover has no legal pit, so the game is over with no legal moves; 24 to 24 is a draw, "
        "for which winner() gives None."
    ),
    "test_board_copy_has_the_same_position":
        "copy() returns a new Board object with the same cells and the same player to move, not the board itself.",
    "test_board_play_of_figure_1": (
        "play sows the mover's pit and then hands the move to the other player: after player 0 plays pit 4 from the "
        "start, player 1 is to move and the board is figure 1."
    ),
    "test_board_sows_through_both_kalahs": (
        "In play, sow into both kalahs, the opponent's included, and wrap from cell 13 back to cell 0, for either "
        "player."
    ),
    "test_board_fourteen_or_more_seeds_skip_the_origin": (
        "With 14 seeds or more play goes round the board: never put a seed back into the pit just emptied, and sow "
        "every seed, even over two laps."
    ),
    "test_board_plays_player_1_pits_from_their_side": (
        "Pits are counted from the mover's side: when player 1 plays pit 3, empty cell 10 (their camp starts at cell "
        "7), not cell 3; then player 0 is to move."
    ),
    "test_board_sows_and_captures": (
        "After sowing, capture from the cell of the last seed and put the seeds taken into the mover's kalah, so that "
        "the scores include them."
    ),
    "test_board_capture_chain_stops_at_a_pit_without_two_or_three": (
        "In play, the capture chain walks back from the last seed and stops at the first cell that is not an opponent "
        "pit with 2 or 3 seeds (a pit of 4, or the end of their camp)."
    ),
    "test_board_grand_slam_is_played_without_capture": (
        "A grand slam is still a legal move: sow the seeds and pass the turn, but capture nothing; do not refuse the "
        "move or undo the sowing."
    ),
    "test_board_feeding_only_feeding_moves_are_legal": (
        "When the opponent's camp is empty, play must refuse a pit whose seeds cannot reach it with ValueError, before "
        "changing anything, and accept a pit that feeds."
    ),
    "test_board_no_feeding_move_the_mover_takes_the_remaining_seeds": (
        "After a move, if the player now to move has no legal pit (they cannot feed), they take every seed left in the "
        "pits into their own kalah and the game is over."
    ),
    "test_board_end_at_twenty_five": (
        "Once a move brings a kalah to 25 or more (exactly 25 too) the game is over at once: no legal moves, and "
        "nobody takes the seeds left in the pits."
    ),
    "test_board_a_24_24_draw": (
        "When the player now to move cannot feed, they take the remaining seeds even if that makes 24 to 24; the game "
        "is then over and a draw, with no winner."
    ),
    "test_board_illegal_moves_leave_the_board_unchanged": (
        "Refuse with ValueError a pit outside 0 to 5, an empty pit, or any move once the game is over, and check all "
        "of it before changing the cells or the player."
    ),
    "test_board_refusals_say_why": (
        "Give every ValueError of play a message saying what is wrong and what is allowed (an empty pit, pits 0 to 5, "
        "you must feed, the game is over), never an empty one."
    ),
    "test_board_copy_is_independent": (
        "copy() must give the twin a list of cells of its own: playing on the copy must not change the original, nor "
        "playing on the original change the copy."
    ),
    "test_board_seeded_random_games_match_the_rules": (
        "Whole games drift when one rule slips: in play, sow, capture (with the grand slam), switch the player, then "
        "apply the end at 25 and the feeding rule; all 48 seeds must stay on the board."
    ),
    "test_board_termination_no_position_comes_back": (
        "Games near the end must finish: is_over must be True exactly when there is no legal move, and no move may "
        "take seeds out of a kalah or send them backwards."
    ),
    "test_human_player_returns_the_pit_typed": (
        "The answer typed is text: turn it into an int before returning it, and ask only once when the first answer is "
        "already a legal pit."
    ),
    "test_human_player_asks_again_until_the_pit_is_legal": (
        "Keep asking while the answer is not a legal pit: a number outside 0 to 5, a word, an empty answer or an empty "
        "pit must neither crash nor be returned."
    ),
    "test_human_player_asks_anew_for_each_move": (
        "Ask at every call, on the board as it is then: an answer kept from an earlier call is a move of another "
        "position."
    ),
    "test_human_player_of_player_1_uses_their_side": (
        "Check the answer against the board's legal moves, which count pits from the mover's side: for player 1, an "
        "empty pit 0 (cell 7) must be refused and asked again."
    ),
    "test_random_player_plays_legal_moves": (
        "Return only pits among the board's legal moves: draw again when the pit is empty or does not feed, and let "
        "every legal pit come up."
    ),
    "test_random_player_is_reproducible_with_its_rng": (
        "Draw with the random.Random given to the constructor (self.rng), not the random module itself, and make "
        "HumanPlayer and RandomPlayer subclasses of Player."
    ),
    "test_random_player_draws_pits_until_one_is_legal": (
        "Roll the die as the exercise says: one randrange of 6 from self.rng per try, again until the pit is legal; "
        "choosing among the legal moves, or any extra draw, gives other moves."
    ),
    "test_game_starts_from_the_start_or_the_given_board": (
        "Keep the board you are given in self.board, or a new start Board when none is given, and let the game's "
        "is_over ask that board."
    ),
    "test_game_each_new_game_has_a_board_of_its_own": (
        "A default value in the def line is made once and shared by every game: default the board to None and make a "
        "fresh start board in the constructor."
    ),
    "test_game_turns_ask_the_player_to_move": (
        "play_turn asks the player whose turn it is (the board's player: the first or the second player), plays that "
        "pit on the game's board, and returns the pit."
    ),
    "test_game_shows_the_player_a_copy_of_the_board": (
        "Give choose_move a copy of the board, not the game's own board: a player that plays on the board it is shown "
        "must not change the game."
    ),
    "test_game_run_shows_each_player_a_copy": (
        "In run, play every turn through play_turn, so that each player is shown a copy of the board, and return the "
        "winner at the end."
    ),
    "test_game_run_plays_to_the_end_and_returns_the_winner": (
        "run loops while the game is not over, playing a turn each time, and returns the board's winner (0, 1 or "
        "None), not the printed text."
    ),
    "test_game_run_shows_the_board_before_and_after_each_turn": (
        "run prints the board (as board_text draws it) once before the loop and again after every turn, so the first "
        "and the final position both appear, in that order."
    ),
    "test_game_run_a_draw_returns_none": (
        "When the game ends 24 to 24, run returns None: return the board's winner, not the last player to move or a "
        "default of 0 or 1."
    ),
    "test_game_run_between_random_players": (
        "A game between two RandomPlayers must reach the end: loop until the board is over, return its winner, and "
        "keep all 48 seeds on the board."
    ),
    "test_greedy_takes_the_biggest_capture": (
        "Play each legal pit on a copy and keep the one after which the mover's kalah leads the other's by the most; "
        "measure for the player who moved, not the one to move after it."
    ),
    "test_greedy_counts_the_seeds_sown_into_the_opponents_kalah": (
        "Score a pit by the lead (mover's kalah minus the opponent's), not by the mover's kalah alone: seeds sown into "
        "the opponent's kalah count against the move."
    ),
    "test_greedy_breaks_ties_by_the_lowest_pit": (
        "When several pits give the same lead, play the lowest: replace your best pit only when a later one leads by "
        "strictly more."
    ),
    "test_greedy_leaves_the_board_unchanged": (
        "Try each pit on a copy of the board, never on the board you are given: after choosing, its cells and its "
        "player to move must be as before."
    ),
    "test_display_of_drawn_positions": (
        "Every count is right-aligned in 4 characters, two-digit pits of both rows too; kalah 13 left-aligned in 4, "
        "kalah 6 right-aligned in 7."
    ),
    "test_sowing_of_drawn_pits": (
        "Sow one seed per following cell, kalahs included, skipping start on every lap (13 seeds do not reach it); "
        "return the new cells and the last cell, and leave the list given unchanged."
    ),
    "test_capture_of_drawn_sowings": (
        "Capture only from the opponent's pits (never a kalah, theirs included), backwards while they hold 2 or 3; "
        "nothing when that would empty their camp. Leave the list given unchanged."
    ),
    "test_feeding_of_drawn_positions": (
        "feeds is True or False: pit i reaches the opponent with 7 - i seeds; legal_pits lists the non-empty pits in "
        "increasing order, only the feeding ones when the opponent's camp is empty."
    ),
    "test_end_of_drawn_positions": (
        "The game is over when either kalah holds 25 or more (the mover's too) or the mover has no legal pit; "
        "take_remaining moves every pit's seeds to that player's kalah, on a copy."
    ),
    "test_sowing_of_drawn_pits_seen_from_the_other_side": (
        "Both players sow the same way: from any pit cell, one seed in each following cell, both kalahs included, "
        "going back to cell 0 after cell 13; no cell number written for player 0 only."
    ),
    "test_capture_of_drawn_sowings_seen_from_the_other_side": (
        "Player 1 captures in player 0's pits (cells 0 to 5) into kalah 13, as player 0 captures in cells 7 to 12 "
        "into kalah 6: compute the opponent's camp and the kalah from player."
    ),
    "test_feeding_of_drawn_positions_seen_from_the_other_side": (
        "Player 1's pit i is cell 7 + i and feeds player 0 from 7 - i seeds, as player 0's pit i (cell i) does: "
        "compute the cells from player."
    ),
    "test_end_of_drawn_positions_seen_from_the_other_side": (
        "The end and the seeds left are the same for both players: 25 in either kalah, or a mover with no legal pit "
        "who takes the seeds of every pit into their own kalah (cell 13 for player 1)."
    ),
    "test_board_of_drawn_positions": (
        "A board is over when either kalah holds 25 or the mover has no legal pit; then legal_moves() is [] and "
        "winner() the larger kalah (None for 24-24), and str(board) is board_text."
    ),
    "test_board_refuses_drawn_bad_positions": (
        "Refuse with ValueError any position that is not 14 whole numbers, 0 or more, adding up to 48 (a float such "
        "as 4.0 or 2.5 too), or a player other than 0 and 1."
    ),
    "test_board_refuses_drawn_cells_that_are_no_number": (
        "Refuse a cell that is no number at all, such as \"4\" or None, with ValueError (or TypeError): check each "
        "cell's type before adding the cells up."
    ),
    "test_board_play_of_drawn_moves": (
        "play sows, captures and passes the turn; 25 (exactly 25 too) ends the game at once, without taking the "
        "remaining seeds; an illegal pit raises ValueError."
    ),
    "test_board_play_of_drawn_sequences": (
        "Keep the board's state right move after move: its cells, the player to move, its legal moves and its end, so "
        "that every later move is played on the right position."
    ),
    "test_human_player_of_drawn_answers": (
        "Strip the spaces of each answer, accept only a pit of board.legal_moves() (feeding counts), return it as an "
        "int, and ask no more once a legal pit is typed."
    ),
    "test_random_player_of_drawn_positions": (
        "Draw self.rng.randrange(6) until the pit is one of board.legal_moves() (feeding included), one draw per try, "
        "nothing else drawn from the rng."
    ),
    "test_random_player_draws_even_when_one_pit_is_legal": (
        "Draw self.rng.randrange(6) until the pit is legal even when only one pit is: returning it without drawing "
        "leaves the rng where a replay does not."
    ),
    "test_game_of_drawn_whole_games_call_by_call": (
        "Ask players[board.player] (the board says who is to move, player 1 too), show it a copy, play its pit, until "
        "the board is over; return the board's winner."
    ),
    "test_greedy_of_drawn_positions": (
        "Try every legal pit on a copy and keep the biggest lead after it, even among pits that win or capture; on a "
        "tie, the lowest pit."
    ),
    "test_greedy_of_drawn_whole_games_call_by_call": (
        "Every move of a game: try every legal pit, keep the biggest lead (your kalah minus the other's), the lowest "
        "pit on a tie; no shortcut for captures or wins."
    ),
}

#: rules that a call given an rng drawing from the module random breaks: the grader's own
#: sentence states them, in whichever test of the exercise fails first
RANDOMNESS_RULES = (
    "random-draws-with-its-own-rng",
)

#: the rules the hints state, in the game's words: each names the tests whose hint states it
#: (a mistake of tests/corpora/ declares the rule it breaks; its first failing test is one of them)
HINT_RULES = {
    "display-player-1-from-pit-12-down-to-7": ["test_display_of_figure_1_exactly", "test_display_of_the_start"],
    "display-kalah-13-left-kalah-6-right": [
        "test_display_of_figure_1_exactly", "test_display_of_the_start", "test_display_of_drawn_positions",
    ],
    "display-no-newline-at-the-end": ["test_display_of_figure_1_exactly"],
    "display-counts-in-fixed-widths": [
        "test_display_of_figure_1_exactly", "test_display_with_two_digit_counts", "test_display_of_drawn_positions",
    ],
    "sow-one-seed-in-each-following-cell": [
        "test_plain_sowing", "test_sowing_of_drawn_pits", "test_sowing_of_drawn_pits_seen_from_the_other_side",
    ],
    "sow-returns-a-tuple-of-cells-and-last-cell": ["test_plain_sowing", "test_sowing_of_drawn_pits"],
    "sow-into-both-kalahs": [
        "test_sowing_through_both_kalahs", "test_last_seed_in_a_kalah", "test_sowing_of_drawn_pits",
        "test_sowing_of_drawn_pits_seen_from_the_other_side",
    ],
    "sow-skips-the-emptied-pit": ["test_fourteen_or_more_seeds_skip_the_origin", "test_sowing_of_drawn_pits"],
    "sow-13-seeds-do-not-reach-the-emptied-pit": ["test_sowing_of_drawn_pits"],
    "sow-leaves-the-cells-given-unchanged": ["test_sowing_leaves_its_argument_unchanged", "test_sowing_of_drawn_pits"],
    "capture-a-pit-of-2-or-3": [
        "test_capture_of_two", "test_capture_of_three", "test_no_capture_of_one_or_four",
        "test_capture_of_drawn_sowings",
    ],
    "capture-chain-goes-backwards": ["test_capture_chain_backwards_over_several_pits", "test_capture_of_drawn_sowings"],
    "capture-chain-stops-at-the-first-other-pit": [
        "test_capture_of_three", "test_capture_chain_stops_at_a_pit_without_two_or_three",
    ],
    "capture-only-the-opponents-pits": [
        "test_capture_chain_stops_at_the_movers_own_camp",
        "test_no_capture_when_the_last_seed_is_in_the_movers_camp_or_a_kalah", "test_capture_of_drawn_sowings",
        "test_capture_of_drawn_sowings_seen_from_the_other_side",
    ],
    "grand-slam-captures-nothing": ["test_no_capture_because_grand_slam", "test_capture_of_drawn_sowings"],
    "capture-leaves-the-cells-given-unchanged": [
        "test_capture_leaves_its_argument_unchanged", "test_capture_of_drawn_sowings",
    ],
    "legal-pits-non-empty-in-increasing-order": [
        "test_legal_pits_are_the_non_empty_ones", "test_feeding_of_drawn_positions",
    ],
    "pits-counted-from-the-movers-side": [
        "test_legal_pits_are_the_non_empty_ones", "test_feeding_only_feeding_moves_are_legal",
        "test_feeds_tells_whether_the_seeds_reach_the_opponent",
        "test_feeding_of_drawn_positions_seen_from_the_other_side",
    ],
    "must-feed-an-empty-camp": [
        "test_feeding_only_feeding_moves_are_legal", "test_feeding_no_feeding_move_no_legal_pit",
        "test_feeding_of_drawn_positions",
    ],
    "pit-i-feeds-from-7-minus-i-seeds": [
        "test_feeding_only_feeding_moves_are_legal", "test_feeds_tells_whether_the_seeds_reach_the_opponent",
        "test_feeding_of_drawn_positions",
    ],
    "feeds-returns-a-bool": [
        "test_feeds_tells_whether_the_seeds_reach_the_opponent", "test_feeding_of_drawn_positions",
    ],
    "over-at-25-in-either-kalah": [
        "test_end_at_twenty_five", "test_end_of_drawn_positions",
        "test_end_of_drawn_positions_seen_from_the_other_side",
    ],
    "over-when-the-mover-cannot-feed": ["test_end_when_the_mover_cannot_feed", "test_end_of_drawn_positions"],
    "the-mover-takes-every-seed-left-into-their-kalah": [
        "test_end_the_mover_takes_the_remaining_seeds", "test_end_of_drawn_positions",
        "test_end_of_drawn_positions_seen_from_the_other_side",
    ],
    "take-remaining-on-a-copy": ["test_end_the_mover_takes_the_remaining_seeds", "test_end_of_drawn_positions"],
    "board-starts-with-4-seeds-a-pit": ["test_board_start_position"],
    "board-keeps-its-position-and-scores": ["test_board_of_a_position_and_its_text", "test_board_of_drawn_positions"],
    "board-text-is-board-text": ["test_board_of_a_position_and_its_text", "test_board_of_drawn_positions"],
    "board-cells-are-a-copy": ["test_board_cells_are_a_copy"],
    "board-refuses-bad-positions": [
        "test_board_rejects_bad_positions", "test_board_refuses_drawn_bad_positions",
        "test_board_refuses_drawn_cells_that_are_no_number",
    ],
    "board-legal-moves-from-the-movers-side-in-order": [
        "test_board_legal_moves_of_a_position", "test_board_of_drawn_positions",
    ],
    "board-over-at-25": ["test_board_over_when_a_kalah_has_twenty_five", "test_board_of_drawn_positions"],
    "board-over-when-the-mover-cannot-feed": ["test_board_over_a_24_24_draw", "test_board_of_drawn_positions"],
    "board-winner-the-larger-kalah": ["test_board_over_when_a_kalah_has_twenty_five", "test_board_of_drawn_positions"],
    "board-24-24-is-a-draw": ["test_board_over_a_24_24_draw", "test_board_of_drawn_positions"],
    "board-no-winner-while-the-game-goes-on": [
        "test_board_start_position", "test_board_of_a_position_and_its_text", "test_board_of_drawn_positions",
    ],
    "board-is-over-true-or-false": ["test_board_start_position"],
    "board-copy-same-position-new-board": ["test_board_copy_has_the_same_position"],
    "board-copy-shares-no-list": ["test_board_copy_shares_no_legal_moves_with_its_board"],
    "legal-moves-a-new-list-each-time": [
        "test_board_legal_moves_hands_out_a_new_list", "test_board_copy_shares_no_legal_moves_with_its_board",
    ],
    "play-sows-and-passes-the-turn": ["test_board_play_of_figure_1", "test_board_play_of_drawn_moves"],
    "play-sows-into-both-kalahs": ["test_board_sows_through_both_kalahs"],
    "play-skips-the-emptied-pit": ["test_board_fourteen_or_more_seeds_skip_the_origin"],
    "play-counts-pits-from-the-movers-side": ["test_board_plays_player_1_pits_from_their_side"],
    "play-captures": [
        "test_board_sows_and_captures", "test_board_capture_chain_stops_at_a_pit_without_two_or_three",
        "test_board_play_of_drawn_moves",
    ],
    "play-grand-slam-captures-nothing": ["test_board_grand_slam_is_played_without_capture"],
    "play-must-feed": ["test_board_feeding_only_feeding_moves_are_legal"],
    "play-the-mover-who-cannot-feed-takes-the-rest": [
        "test_board_no_feeding_move_the_mover_takes_the_remaining_seeds", "test_board_a_24_24_draw",
    ],
    "play-ends-at-25": ["test_board_end_at_twenty_five", "test_board_play_of_drawn_moves"],
    "play-refuses-illegal-moves-before-changing-anything": [
        "test_board_feeding_only_feeding_moves_are_legal", "test_board_illegal_moves_leave_the_board_unchanged",
        "test_board_play_of_drawn_moves",
    ],
    "play-pit-is-0-to-5": [
        "test_board_illegal_moves_leave_the_board_unchanged",
        "test_board_play_refuses_any_other_whole_number_with_value_error",
    ],
    "play-refuses-any-move-after-the-end": ["test_board_illegal_moves_leave_the_board_unchanged"],
    "play-refusals-say-why": ["test_board_refusals_say_why"],
    "play-copy-is-independent": ["test_board_copy_is_independent"],
    "play-keeps-the-rules-move-after-move": [
        "test_board_seeded_random_games_match_the_rules", "test_board_termination_no_position_comes_back",
        "test_board_play_of_drawn_sequences",
    ],
    "human-returns-the-pit-as-an-int": [
        "test_human_player_returns_the_pit_typed", "test_human_player_of_drawn_answers",
    ],
    "human-asks-again-until-a-legal-pit": [
        "test_human_player_asks_again_until_the_pit_is_legal", "test_human_player_of_player_1_uses_their_side",
        "test_human_player_of_drawn_answers",
    ],
    "human-legal-is-one-of-the-boards-legal-moves": [
        "test_human_player_of_player_1_uses_their_side", "test_human_player_of_drawn_answers",
    ],
    "human-asks-anew-for-each-move": ["test_human_player_asks_anew_for_each_move"],
    "human-strips-the-spaces": ["test_human_player_of_drawn_answers"],
    "random-plays-only-legal-moves": ["test_random_player_plays_legal_moves"],
    "random-draws-with-its-own-rng": [
        "test_random_player_is_reproducible_with_its_rng", "test_random_player_of_drawn_positions",
    ],
    "players-are-subclasses-of-player": ["test_random_player_is_reproducible_with_its_rng"],
    "random-rolls-randrange-6-until-legal": [
        "test_random_player_draws_pits_until_one_is_legal", "test_random_player_of_drawn_positions",
        "test_random_player_draws_even_when_one_pit_is_legal",
    ],
    "game-board-given-or-a-new-start": [
        "test_game_starts_from_the_start_or_the_given_board", "test_game_each_new_game_has_a_board_of_its_own",
    ],
    "game-default-board-made-anew": ["test_game_each_new_game_has_a_board_of_its_own"],
    "game-player-to-move-chooses": [
        "test_game_turns_ask_the_player_to_move", "test_game_of_drawn_whole_games_call_by_call",
    ],
    "play-turn-returns-the-pit": ["test_game_turns_ask_the_player_to_move"],
    "game-shows-the-player-a-copy": [
        "test_game_shows_the_player_a_copy_of_the_board", "test_game_run_shows_each_player_a_copy",
        "test_game_of_drawn_whole_games_call_by_call",
    ],
    "run-returns-the-winner": [
        "test_game_run_plays_to_the_end_and_returns_the_winner", "test_game_run_a_draw_returns_none",
        "test_game_run_between_random_players", "test_game_of_drawn_whole_games_call_by_call",
    ],
    "run-shows-the-board-before-and-after-each-turn": ["test_game_run_shows_the_board_before_and_after_each_turn"],
    "run-ends-with-the-winner-and-scores": ["test_game_run_ends_on_a_line_with_the_winner_and_scores"],
    "run-plays-each-turn-with-play-turn": [
        "test_game_run_shows_each_player_a_copy", "test_game_run_plays_each_turn_with_play_turn",
    ],
    "greedy-biggest-lead": [
        "test_greedy_takes_the_biggest_capture", "test_greedy_counts_the_seeds_sown_into_the_opponents_kalah",
        "test_greedy_of_drawn_positions", "test_greedy_of_drawn_whole_games_call_by_call",
    ],
    "greedy-lead-is-own-kalah-minus-the-others": [
        "test_greedy_counts_the_seeds_sown_into_the_opponents_kalah", "test_greedy_of_drawn_whole_games_call_by_call",
    ],
    "greedy-lead-of-the-player-who-moved": ["test_greedy_takes_the_biggest_capture"],
    "greedy-lowest-pit-on-a-tie": [
        "test_greedy_breaks_ties_by_the_lowest_pit", "test_greedy_of_drawn_positions",
        "test_greedy_of_drawn_whole_games_call_by_call",
    ],
    "greedy-tries-every-legal-pit": ["test_greedy_of_drawn_positions", "test_greedy_of_drawn_whole_games_call_by_call"],
    "greedy-leaves-the-board-unchanged": ["test_greedy_leaves_the_board_unchanged", "test_greedy_of_drawn_positions"],
}

START = [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0]
FIGURE_1 = [4, 4, 4, 4, 0, 5, 1, 5, 5, 4, 4, 4, 4, 0]
FIGURE_1_TEXT = "      4   4   4   4   5   5\n0      4   4   4   4   0   5      1"


def unchanged_after(sub, call: str, cells: list[int]) -> list[int]:
    """``cells`` as they are after the notebook evaluates ``call`` on them."""
    return sub.eval(f"[cells, {call}][0]", cells=list(cells))


def sowing(sub, cells: list[int], start: int) -> tuple[list[int], int]:
    """What ``sow`` returns: a tuple of the new list of cells and the last cell."""
    return sub.sow(list(cells), start)


def assert_refused(board, pit, cells: list[int], player: int) -> None:
    """``board.play(pit)`` raises ValueError and leaves the board as it was."""
    with pytest.raises(ValueError):
        board.play(pit)
    assert board.cells == cells
    assert board.player == player


# --- abapa.display ------------------------------------------------------------------


@pytest.mark.exercise("abapa.display")
def test_display_of_figure_1_exactly(sub):
    assert sub.board_text(list(FIGURE_1)) == FIGURE_1_TEXT


@pytest.mark.exercise("abapa.display")
def test_display_of_the_start(sub):
    assert sub.board_text(list(START)) == (
        "      4   4   4   4   4   4\n0      4   4   4   4   4   4      0"
    )


@pytest.mark.exercise("abapa.display")
def test_display_with_two_digit_counts(sub):
    cells = [0, 1, 2, 3, 0, 0, 20, 0, 0, 0, 0, 1, 11, 10]
    assert sub.board_text(cells) == (
        "     11   1   0   0   0   0\n10     0   1   2   3   0   0     20"
    )


# --- abapa.sowing -------------------------------------------------------------------


@pytest.mark.exercise("abapa.sowing")
def test_plain_sowing(sub):
    assert sowing(sub, START, 0) == ([0, 5, 5, 5, 5, 4, 0, 4, 4, 4, 4, 4, 4, 0], 4)
    assert sowing(sub, START, 4) == (FIGURE_1, 8)


@pytest.mark.exercise("abapa.sowing")
def test_sowing_through_both_kalahs(sub):
    cells = [4, 4, 4, 4, 4, 9, 0, 4, 4, 4, 4, 4, 1, 2]
    # 9 seeds from cell 5: kalah 6, cells 7..12, kalah 13, cell 0.
    assert sowing(sub, cells, 5) == ([5, 4, 4, 4, 4, 0, 1, 5, 5, 5, 5, 5, 2, 3], 0)
    cells = [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 3, 1]
    assert sowing(sub, cells, 12) == ([5, 5, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 0, 2], 1)


@pytest.mark.exercise("abapa.sowing")
def test_last_seed_in_a_kalah(sub):
    assert sowing(sub, START, 2) == ([4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0], 6)


@pytest.mark.exercise("abapa.sowing")
def test_fourteen_or_more_seeds_skip_the_origin(sub):
    cells = [1, 1, 14, 1, 1, 1, 11, 1, 1, 1, 1, 1, 1, 12]
    # 14 seeds from cell 2: cells 3..13 (11), 0, 1 (13), skip 2, then 3.
    assert sowing(sub, cells, 2) == ([2, 2, 0, 3, 2, 2, 12, 2, 2, 2, 2, 2, 2, 13], 3)
    cells = [0, 0, 0, 0, 0, 0, 10, 30, 0, 0, 0, 0, 0, 8]
    # 30 seeds from cell 7: two laps over the 13 other cells (26), then cells 8..11.
    assert sowing(sub, cells, 7) == ([2, 2, 2, 2, 2, 2, 12, 0, 3, 3, 3, 3, 2, 10], 11)


@pytest.mark.exercise("abapa.sowing")
def test_sowing_leaves_its_argument_unchanged(sub):
    assert unchanged_after(sub, "sow(cells, 4)", START) == START


# --- abapa.capture ------------------------------------------------------------------


@pytest.mark.exercise("abapa.capture")
def test_capture_of_two(sub):
    cells = [4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3]
    assert sub.capture(cells, 8, 0) == [4, 4, 4, 4, 0, 5, 3, 5, 0, 4, 4, 4, 4, 3]


@pytest.mark.exercise("abapa.capture")
def test_capture_of_three(sub):
    cells = [4, 4, 4, 4, 0, 5, 1, 5, 4, 3, 4, 4, 4, 2]
    assert sub.capture(cells, 9, 0) == [4, 4, 4, 4, 0, 5, 4, 5, 4, 0, 4, 4, 4, 2]


@pytest.mark.exercise("abapa.capture")
def test_no_capture_of_one_or_four(sub):
    for seeds in (1, 4, 5):
        cells = [4, 4, 4, 4, 0, 5, 1, 5, 4, seeds, 4, 4, 4, 6 - seeds]
        assert sub.capture(list(cells), 9, 0) == cells


@pytest.mark.exercise("abapa.capture")
def test_capture_chain_backwards_over_several_pits(sub):
    cells = [4, 4, 4, 0, 0, 0, 8, 1, 2, 3, 2, 5, 4, 11]
    assert sub.capture(cells, 10, 0) == [4, 4, 4, 0, 0, 0, 15, 1, 0, 0, 0, 5, 4, 11]
    cells = [3, 2, 2, 3, 1, 4, 10, 4, 4, 0, 0, 0, 0, 15]
    assert sub.capture(cells, 3, 1) == [0, 0, 0, 0, 1, 4, 10, 4, 4, 0, 0, 0, 0, 25]


@pytest.mark.exercise("abapa.capture")
def test_capture_chain_stops_at_a_pit_without_two_or_three(sub):
    cells = [4, 4, 4, 0, 0, 0, 8, 2, 4, 3, 2, 5, 4, 8]
    assert sub.capture(cells, 10, 0) == [4, 4, 4, 0, 0, 0, 13, 2, 4, 0, 0, 5, 4, 8]


@pytest.mark.exercise("abapa.capture")
def test_capture_chain_stops_at_the_movers_own_camp(sub):
    cells = [2, 3, 0, 0, 0, 2, 10, 3, 2, 4, 4, 4, 4, 10]
    assert sub.capture(cells, 8, 0) == [2, 3, 0, 0, 0, 2, 15, 0, 0, 4, 4, 4, 4, 10]
    cells = [2, 3, 4, 4, 4, 4, 9, 3, 2, 0, 0, 0, 2, 11]
    assert sub.capture(cells, 1, 1) == [0, 0, 4, 4, 4, 4, 9, 3, 2, 0, 0, 0, 2, 16]


@pytest.mark.exercise("abapa.capture")
def test_no_capture_when_the_last_seed_is_in_the_movers_camp_or_a_kalah(sub):
    cells = [4, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4, 2, 0]
    assert sub.capture(list(cells), 4, 0) == cells
    assert sub.capture(list(cells), 12, 1) == cells
    cells = [2, 4, 4, 4, 4, 4, 3, 4, 4, 4, 4, 4, 2, 1]
    assert sub.capture(list(cells), 6, 0) == cells
    assert sub.capture(list(cells), 13, 1) == cells


@pytest.mark.exercise("abapa.capture")
def test_no_capture_because_grand_slam(sub):
    cells = [10, 10, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 3]
    assert sub.capture(list(cells), 8, 0) == cells
    cells = [2, 3, 2, 0, 0, 0, 11, 5, 4, 4, 0, 0, 0, 17]
    assert sub.capture(list(cells), 2, 1) == cells


@pytest.mark.exercise("abapa.capture")
def test_capture_leaves_its_argument_unchanged(sub):
    cells = [4, 4, 4, 4, 0, 5, 1, 5, 2, 4, 4, 4, 4, 3]
    assert unchanged_after(sub, "capture(cells, 8, 0)", cells) == cells


# --- abapa.feeding ------------------------------------------------------------------


@pytest.mark.exercise("abapa.feeding")
def test_legal_pits_are_the_non_empty_ones(sub):
    assert sub.legal_pits(list(START), 0) == [0, 1, 2, 3, 4, 5]
    assert sub.legal_pits(list(FIGURE_1), 0) == [0, 1, 2, 3, 5]
    assert sub.legal_pits([4, 4, 4, 4, 4, 4, 0, 0, 9, 0, 7, 0, 8, 0], 1) == [1, 3, 5]


@pytest.mark.exercise("abapa.feeding")
def test_feeding_only_feeding_moves_are_legal(sub):
    hungry = [0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22]
    assert sub.legal_pits(list(hungry), 0) == [5]
    hungry = [0, 0, 0, 0, 0, 0, 20, 7, 0, 6, 1, 0, 0, 14]
    assert sub.legal_pits(list(hungry), 1) == [0, 2]
    assert sub.legal_pits([4, 4, 4, 4, 4, 4, 22, 0, 0, 0, 0, 0, 0, 2], 0) == [3, 4, 5]


@pytest.mark.exercise("abapa.feeding")
def test_feeding_no_feeding_move_no_legal_pit(sub):
    assert sub.legal_pits([0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 0, 24], 1) == []


@pytest.mark.exercise("abapa.feeding")
def test_feeds_tells_whether_the_seeds_reach_the_opponent(sub):
    cells = [6, 5, 4, 3, 2, 1, 10, 0, 0, 0, 0, 0, 0, 17]
    assert all(sub.feeds(list(cells), 0, pit) is False for pit in range(6))
    cells = [7, 6, 5, 4, 3, 2, 6, 0, 0, 0, 0, 0, 0, 15]
    assert all(sub.feeds(list(cells), 0, pit) is True for pit in range(6))
    cells = [0, 0, 0, 0, 0, 0, 20, 6, 6, 0, 0, 3, 1, 12]
    assert [sub.feeds(list(cells), 1, pit) for pit in range(6)] == [
        False, True, False, False, True, False,
    ]


# --- abapa.end ----------------------------------------------------------------------


@pytest.mark.exercise("abapa.end")
def test_end_at_twenty_five(sub):
    assert sub.game_over([0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5], 1) is True
    assert sub.game_over([0, 4, 4, 4, 0, 0, 5, 1, 1, 1, 1, 1, 1, 25], 0) is True
    assert sub.game_over([0, 4, 4, 4, 0, 0, 7, 1, 1, 1, 1, 1, 0, 24], 0) is False
    assert sub.game_over(list(START), 0) is False


@pytest.mark.exercise("abapa.end")
def test_end_when_the_mover_cannot_feed(sub):
    assert sub.game_over([0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 0, 24], 1) is True
    assert sub.game_over([0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 6, 18], 1) is False


@pytest.mark.exercise("abapa.end")
def test_end_the_mover_takes_the_remaining_seeds(sub):
    cells = [0, 0, 1, 0, 0, 0, 24, 0, 2, 0, 0, 0, 0, 21]
    assert sub.take_remaining(list(cells), 1) == [0] * 6 + [24] + [0] * 6 + [24]
    assert sub.take_remaining(list(cells), 0) == [0] * 6 + [27] + [0] * 6 + [21]
    assert unchanged_after(sub, "take_remaining(cells, 1)", cells) == cells


# --- abapa.board: a position and its queries ------------------------------------------


@pytest.mark.exercise("abapa.board")
def test_board_start_position(sub):
    board = sub.Board()
    assert board.cells == START
    assert board.player == 0
    assert sorted(board.legal_moves()) == [0, 1, 2, 3, 4, 5]
    assert board.is_over() is False
    assert board.winner() is None
    assert (board.score(0), board.score(1)) == (0, 0)


@pytest.mark.exercise("abapa.board")
def test_board_of_a_position_and_its_text(sub):
    board = sub.Board(list(FIGURE_1), 1)
    assert board.cells == FIGURE_1
    assert board.player == 1
    assert str(board) == FIGURE_1_TEXT
    assert (board.score(0), board.score(1)) == (1, 0)
    assert board.is_over() is False
    assert board.winner() is None


@pytest.mark.exercise("abapa.board")
def test_board_cells_are_a_copy(sub):
    board = sub.Board(list(FIGURE_1), 1)
    assert sub.eval("[board.cells.append(99), board.cells][1]", board=board) == FIGURE_1
    cells = list(FIGURE_1)
    assert sub.eval("[(new := Board(cells, 1)), cells.append(99), new.cells][2]", cells=cells) == FIGURE_1


@pytest.mark.exercise("abapa.board")
def test_board_rejects_bad_positions(sub):
    for cells, player in [
        ([4] * 14, 0),  # 56 seeds
        ([4] * 12, 0),  # 12 cells
        ([-1, 9] + START[2:], 0),  # a negative count
        (list(START), 2),
        (list(START), -1),
        ([2.5, 5.5] + START[2:], 0),  # a fractional count, 48 in all
        ([4.0] * 12 + [0, 0], 0),  # floats that are whole, 48 in all
    ]:
        with pytest.raises(ValueError):
            sub.Board(cells, player)
    # a cell that is no number at all: the text allows TypeError as well
    for cells in (["4"] * 12 + ["0", "0"], [None] + START[1:]):
        with pytest.raises((ValueError, TypeError)):
            sub.Board(cells, 0)


@pytest.mark.exercise("abapa.board")
def test_board_legal_moves_of_a_position(sub):
    assert list(sub.Board(list(FIGURE_1), 0).legal_moves()) == [0, 1, 2, 3, 5]
    assert list(sub.Board([4, 4, 4, 4, 4, 4, 0, 0, 9, 0, 7, 0, 8, 0], 1).legal_moves()) == [1, 3, 5]
    hungry = [0, 0, 0, 0, 0, 0, 20, 7, 0, 6, 1, 0, 0, 14]
    assert list(sub.Board(hungry, 1).legal_moves()) == [0, 2]


@pytest.mark.exercise("abapa.board")
def test_board_over_when_a_kalah_has_twenty_five(sub):
    won = sub.Board([1, 4, 4, 4, 4, 4, 25, 0, 0, 1, 0, 1, 0, 0], 1)
    assert won.is_over() is True
    assert won.winner() == 0
    assert list(won.legal_moves()) == []
    won = sub.Board([0, 0, 1, 0, 0, 0, 20, 0, 0, 0, 0, 1, 0, 26], 0)
    assert won.is_over() is True
    assert won.winner() == 1


@pytest.mark.exercise("abapa.board")
def test_board_over_a_24_24_draw(sub):
    board = sub.Board([0] * 6 + [24] + [0] * 6 + [24], 1)
    assert board.is_over() is True
    assert board.winner() is None
    assert list(board.legal_moves()) == []


@pytest.mark.exercise("abapa.board")
def test_board_copy_has_the_same_position(sub):
    board = sub.Board(list(FIGURE_1), 1)
    twin = board.copy()
    assert twin.cells == FIGURE_1
    assert twin.player == 1
    assert sub.eval("twin is not board", twin=twin, board=board) is True


# --- abapa.board_play: the moves ----------------------------------------------------


@pytest.mark.exercise("abapa.board_play")
def test_board_play_of_figure_1(sub):
    board = sub.Board()
    board.play(4)
    assert board.cells == FIGURE_1
    assert board.player == 1
    assert str(board) == FIGURE_1_TEXT


@pytest.mark.exercise("abapa.board_play")
def test_board_sows_through_both_kalahs(sub):
    board = sub.Board([3, 3, 4, 4, 4, 9, 0, 4, 4, 4, 4, 4, 1, 0], 0)
    board.play(5)  # cells 6..13, then 0
    assert board.cells == [4, 3, 4, 4, 4, 0, 1, 5, 5, 5, 5, 5, 2, 1]
    board = sub.Board([4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 3, 1], 1)
    board.play(5)  # cell 12: kalah 13, cells 0 and 1
    assert board.cells == [5, 5, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 0, 2]


@pytest.mark.exercise("abapa.board_play")
def test_board_fourteen_or_more_seeds_skip_the_origin(sub):
    board = sub.Board([1, 1, 14, 1, 1, 1, 11, 1, 1, 1, 1, 1, 1, 12], 0)
    board.play(2)
    assert board.cells == [2, 2, 0, 3, 2, 2, 12, 2, 2, 2, 2, 2, 2, 13]
    board = sub.Board([0, 0, 0, 0, 0, 0, 10, 30, 0, 0, 0, 0, 0, 8], 1)
    board.play(0)  # two laps over the 13 other cells, then cells 8..11
    assert board.cells == [2, 2, 2, 2, 2, 2, 12, 0, 3, 3, 3, 3, 2, 10]


@pytest.mark.exercise("abapa.board_play")
def test_board_plays_player_1_pits_from_their_side(sub):
    board = sub.Board(list(FIGURE_1), 1)
    board.play(3)  # cell 10
    assert board.cells == [5, 4, 4, 4, 0, 5, 1, 5, 5, 4, 0, 5, 5, 1]
    assert board.player == 0


@pytest.mark.exercise("abapa.board_play")
def test_board_sows_and_captures(sub):
    board = sub.Board([4, 4, 4, 0, 4, 0, 8, 1, 2, 1, 2, 5, 4, 9], 0)
    board.play(4)  # cells 5, 6, 7, 8: captures 3 + 2
    assert board.cells == [4, 4, 4, 0, 0, 1, 14, 0, 0, 1, 2, 5, 4, 9]
    assert (board.score(0), board.score(1)) == (14, 9)


@pytest.mark.exercise("abapa.board_play")
def test_board_capture_chain_stops_at_a_pit_without_two_or_three(sub):
    board = sub.Board([0, 0, 0, 0, 0, 5, 10, 2, 3, 1, 1, 5, 4, 17], 0)
    board.play(5)  # cells 10 and 9 hold 2, cell 8 holds 4
    assert board.cells == [0, 0, 0, 0, 0, 0, 15, 3, 4, 0, 0, 5, 4, 17]
    board = sub.Board([2, 1, 2, 1, 4, 4, 10, 4, 4, 4, 4, 0, 3, 5], 1)
    board.play(5)  # cells 13, 0, 1: cells 1 and 0 captured, then the camp ends
    assert board.cells == [0, 0, 2, 1, 4, 4, 10, 4, 4, 4, 4, 0, 0, 11]


@pytest.mark.exercise("abapa.board_play")
def test_board_grand_slam_is_played_without_capture(sub):
    board = sub.Board([1, 0, 0, 0, 0, 3, 19, 1, 2, 0, 0, 0, 0, 22], 0)
    board.play(5)  # cells 6, 7, 8: 2 and 3 would take every seed of player 1
    assert board.cells == [1, 0, 0, 0, 0, 0, 20, 2, 3, 0, 0, 0, 0, 22]
    assert board.player == 1


@pytest.mark.exercise("abapa.board_play")
def test_board_feeding_only_feeding_moves_are_legal(sub):
    cells = [0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22]
    board = sub.Board(list(cells), 0)
    assert list(board.legal_moves()) == [5]
    assert_refused(board, 1, cells, 0)
    assert_refused(board, 4, cells, 0)
    board.play(5)
    assert board.cells == [0, 3, 0, 0, 1, 0, 21, 1, 0, 0, 0, 0, 0, 22]


@pytest.mark.exercise("abapa.board_play")
def test_board_no_feeding_move_the_mover_takes_the_remaining_seeds(sub):
    board = sub.Board([0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], 0)
    board.play(5)  # player 0's camp is now empty, and player 1 cannot feed it
    assert board.is_over() is True
    assert board.cells == [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27]
    assert board.winner() == 1
    assert list(board.legal_moves()) == []


@pytest.mark.exercise("abapa.board_play")
def test_board_end_at_twenty_five(sub):
    board = sub.Board([0, 0, 0, 0, 0, 2, 23, 1, 2, 3, 4, 1, 0, 12], 0)
    board.play(5)  # kalah 6 gets 24, then cell 7 has 2: captured, 26
    assert board.cells == [0, 0, 0, 0, 0, 0, 26, 0, 2, 3, 4, 1, 0, 12]
    assert board.is_over() is True
    assert board.winner() == 0
    assert list(board.legal_moves()) == []
    board = sub.Board([0, 0, 0, 0, 0, 1, 24, 1, 0, 0, 0, 0, 0, 22], 0)
    board.play(5)  # exactly 25 in kalah 6: over, and player 1, who cannot feed, takes nothing
    assert board.cells == [0, 0, 0, 0, 0, 0, 25, 1, 0, 0, 0, 0, 0, 22]
    assert board.is_over() is True
    assert board.winner() == 0


@pytest.mark.exercise("abapa.board_play")
def test_board_a_24_24_draw(sub):
    board = sub.Board([0, 0, 0, 0, 0, 1, 23, 0, 2, 0, 0, 0, 0, 22], 0)
    board.play(5)  # 24 in kalah 6; player 1 cannot feed and takes 2: 24
    assert board.is_over() is True
    assert (board.score(0), board.score(1)) == (24, 24)
    assert board.winner() is None


@pytest.mark.exercise("abapa.board_play")
def test_board_illegal_moves_leave_the_board_unchanged(sub):
    board = sub.Board(list(FIGURE_1), 0)
    for pit in (4, -1, 6, 7, 13):
        assert_refused(board, pit, FIGURE_1, 0)
    over = [0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5]
    board = sub.Board(list(over), 1)
    for pit in range(6):
        assert_refused(board, pit, over, 1)


def refusal(board, pit) -> str:
    """The message of the ValueError that ``board.play(pit)`` raises."""
    with pytest.raises(ValueError) as error:
        board.play(pit)
    return str(error.value)


@pytest.mark.exercise("abapa.board_play")
def test_board_refusals_say_why(sub):
    assert refusal(sub.Board(list(FIGURE_1), 0), 4).strip()
    assert refusal(sub.Board(list(FIGURE_1), 0), 6).strip()
    assert refusal(sub.Board([0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22], 0), 1).strip()
    assert refusal(sub.Board([0, 4, 4, 4, 0, 0, 25, 1, 1, 1, 1, 1, 1, 5], 1), 0).strip()


@pytest.mark.exercise("abapa.board_play")
def test_board_copy_is_independent(sub):
    board = sub.Board()
    twin = board.copy()
    twin.play(4)
    assert board.cells == START and board.player == 0
    assert twin.cells == FIGURE_1 and twin.player == 1
    board.play(0)
    assert twin.cells == FIGURE_1


def replays(target, loop: str, cases: list[dict]) -> list[Replay]:
    """The values the loop ``inside.abapa.<loop>`` read in ``target``'s process, one case after
    the other (one request; each case with a call's time), each given back in order by a
    Replay as the call that read it."""
    shipped = ship(target, inside)
    names = sorted({name for case in cases for name in case})
    arguments = ", ".join(f"{name}={name}" for name in names)
    found = target.eval_cases(f"h.taped(h.{loop}, {arguments})", [{"h": shipped, **case} for case in cases])
    for ok, value in found:
        if not ok:
            raise value
    return [Replay(target, recorded) for _, recorded in found]


@pytest.mark.exercise("abapa.board_play")
def test_board_seeded_random_games_match_the_rules(sub):
    # the seeded games of the rules, each played in the notebook's process with the same pits
    plans = []
    for seed in range(12):
        rng, cells, player, pits = random.Random(seed), list(START), 0, []
        while legal := rules_legal(cells, player):
            pits.append(rng.choice(legal))
            cells, player = rules_play(cells, player, pits[-1]), 1 - player
        plans.append(pits)
    games = replays(sub, "rules_game", [{"Board": sub.Board, "pits": pits} for pits in plans])
    for seed, (pits, tape) in enumerate(zip(plans, games)):
        tape("Board()")
        cells, player = list(START), 0
        for pit in [*pits, None]:
            legal = rules_legal(cells, player)
            assert sorted(tape("Board().legal_moves()")) == legal, (seed, cells, player)
            if not legal:
                break
            tape(f"Board().play({pit})")
            cells, player = rules_play(cells, player, pit), 1 - player
            assert tape() == cells, (seed, pit)
            assert sum(tape()) == 48
            assert tape() == player
        assert tape("Board().is_over()") is True
        expected = None if cells[6] == cells[13] else (0 if cells[6] > cells[13] else 1)
        assert tape("Board().winner()") == expected


@pytest.mark.exercise("abapa.board_play")
def test_board_termination_no_position_comes_back(sub):
    # The guard of the rules: seeds never leave a kalah, so (seeds in kalahs, sum of the
    # pit numbers of the seeds in pits) grows at every move, and every game ends.
    def progress(cells: list[int]) -> tuple[int, int]:
        pits = sum((c % 7) * cells[c] for c in list(range(6)) + list(range(7, 13)))
        return (cells[6] + cells[13], pits)

    start, seeds = [0, 0, 1, 2, 0, 1, 20, 0, 1, 0, 2, 1, 1, 19], range(100, 106)
    walks = replays(sub, "random_walk", [{"Board": sub.Board, "cells": start, "seed": seed} for seed in seeds])
    label = call_label("Board", start, 0)
    for seed, tape in zip(seeds, walks):
        rng = random.Random(seed)
        tape(label)
        seen = set()
        while tape(f"{label}.is_over()") is False:
            cells = tape()
            key = (tuple(cells), tape())
            assert key not in seen
            seen.add(key)
            tape(call_label(f"{label}.play", rng.choice(list(tape(f"{label}.legal_moves()")))))
            assert progress(tape()) > progress(cells)
        assert len(seen) < 49 * 241


# --- abapa.players ------------------------------------------------------------------


class Keyboard:
    """Answers ``ask(prompt)`` from a list, and records the prompts."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str = "") -> str:
        self.prompts.append(str(prompt))
        return self.answers.pop(0)

    def shown_as(self) -> str:
        """The keyboard in the student's terms, as feedback shows the last call."""
        return f"an ask typing {', '.join(map(repr, self.answers)) or 'nothing more'}"


@pytest.mark.exercise("abapa.players")
def test_human_player_returns_the_pit_typed(sub):
    keyboard = Keyboard(["3"])
    move = sub.HumanPlayer(ask=keyboard).choose_move(sub.Board())
    assert move == 3 and type(move) is int
    assert keyboard.answers == []


@pytest.mark.exercise("abapa.players")
def test_human_player_asks_again_until_the_pit_is_legal(sub):
    keyboard = Keyboard(["6", "-1", "pit", "4", "", "5", "1"])
    move = sub.HumanPlayer(ask=keyboard).choose_move(sub.Board(list(FIGURE_1), 0))
    assert move == 5
    assert keyboard.answers == ["1"]


@pytest.mark.exercise("abapa.players")
def test_human_player_of_player_1_uses_their_side(sub):
    keyboard = Keyboard(["0", "2"])
    board = sub.Board([4, 4, 4, 4, 4, 4, 0, 0, 4, 4, 4, 4, 8, 0], 1)
    assert sub.HumanPlayer(ask=keyboard).choose_move(board) == 2


@pytest.mark.exercise("abapa.players")
def test_human_player_asks_anew_for_each_move(sub):
    # one player and one board through three moves: each call asks for the board as it is then
    keyboard = Keyboard(["2", "3", "1"])
    player, board = sub.HumanPlayer(ask=keyboard), sub.Board()
    moves = []
    for _ in range(3):
        moves.append(player.choose_move(board))
        board.play(moves[-1])
    assert moves == [2, 3, 1]
    assert keyboard.answers == []


def random_moves(sub, seed: int, boards: list, count: int, fresh: bool):
    """``RandomPlayer(random.Random(seed))``'s moves, ``count`` on each board (cells and player
    to move, None for ``Board()``), on one board each (``fresh``: a new board each time),
    played in the notebook's process (one request); given back board after board."""
    tape, = replays(sub, "random_moves", [{"RandomPlayer": sub.RandomPlayer, "Board": sub.Board,
                                           "rng": random.Random(seed), "boards": boards, "count": count,
                                           "fresh": fresh}])
    tape("RandomPlayer(<Random>)")
    for position in boards:
        board = "Board()" if position is None else call_label("Board", list(position[0]), position[1])
        if not fresh:
            tape(board)
        moves = []
        for _ in range(count):
            if fresh:
                tape(board)
            moves.append(tape(f"RandomPlayer(<Random>).choose_move({board})"))
        yield moves


@pytest.mark.exercise("abapa.players")
def test_random_player_plays_legal_moves(sub):
    positions = [
        (START, 0, {0, 1, 2, 3, 4, 5}),
        (FIGURE_1, 0, {0, 1, 2, 3, 5}),
        ([0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22], 0, {5}),
        ([4, 4, 4, 4, 4, 4, 0, 0, 9, 0, 7, 0, 8, 0], 1, {1, 3, 5}),
    ]
    played = random_moves(sub, 5, [(cells, mover) for cells, mover, _ in positions], 150, fresh=False)
    for (_, _, legal), pits in zip(positions, played):
        assert set(pits) == legal  # every legal pit comes up, and nothing else


@pytest.mark.exercise("abapa.players")
def test_random_player_is_reproducible_with_its_rng(sub):
    def moves(seed: int) -> list[int]:
        return next(random_moves(sub, seed, [None], 30, fresh=True))

    assert moves(11) == moves(11)
    assert moves(11) != moves(12)
    assert sub.eval("issubclass(HumanPlayer, Player) and issubclass(RandomPlayer, Player)") is True


def die_until(rng: random.Random, legal: list[int]) -> int:
    """A pit drawn with ``rng.randrange(6)``, drawn again until it is one of ``legal``."""
    pit = rng.randrange(6)
    while pit not in legal:
        pit = rng.randrange(6)
    return pit


@pytest.mark.exercise("abapa.players")
def test_random_player_draws_pits_until_one_is_legal(sub):
    for seed, cells, player_to_move, legal in [
        (21, START, 0, [0, 1, 2, 3, 4, 5]),
        (22, FIGURE_1, 0, [0, 1, 2, 3, 5]),
        (23, [4, 4, 4, 4, 4, 4, 0, 0, 9, 0, 7, 0, 8, 0], 1, [1, 3, 5]),
    ]:
        moves = next(random_moves(sub, seed, [(cells, player_to_move)], 12, fresh=True))
        rng = random.Random(seed)
        assert moves == [die_until(rng, legal) for _ in range(12)]


# --- abapa.game ---------------------------------------------------------------------


class Scripted:
    """Plays the given pits in order, and records the boards it was shown."""

    def __init__(self, pits: list[int]) -> None:
        self.pits = list(pits)
        self.seen: list[tuple[list[int], int]] = []

    def choose_move(self, board) -> int:
        self.seen.append((list(board.cells), board.player))
        return self.pits.pop(0)

    def shown_as(self) -> str:
        """The player in the student's terms, as feedback shows the last call."""
        return f"a player choosing pits {self.pits}"


@pytest.mark.exercise("abapa.game")
def test_game_starts_from_the_start_or_the_given_board(sub):
    game = sub.Game(Scripted([]), Scripted([]))
    assert game.board.cells == START and game.board.player == 0
    assert game.is_over() is False
    game = sub.Game(Scripted([]), Scripted([]), sub.Board(list(FIGURE_1), 1))
    assert game.board.cells == FIGURE_1 and game.board.player == 1


@pytest.mark.exercise("abapa.game")
def test_game_each_new_game_has_a_board_of_its_own(sub):
    sub.Game(Scripted([4]), Scripted([])).play_turn()
    game = sub.Game(Scripted([2]), Scripted([]))
    assert game.board.cells == START
    game.play_turn()
    assert sub.Game(Scripted([]), Scripted([])).board.cells == START


@pytest.mark.exercise("abapa.game")
def test_game_turns_ask_the_player_to_move(sub):
    first, second = Scripted([4, 5]), Scripted([3])
    game = sub.Game(first, second)
    assert game.play_turn() == 4
    assert game.board.cells == FIGURE_1
    assert game.play_turn() == 3
    assert game.board.cells == [5, 4, 4, 4, 0, 5, 1, 5, 5, 4, 0, 5, 5, 1]
    assert first.seen == [(START, 0)]
    assert second.seen == [(FIGURE_1, 1)]
    assert game.board.player == 0


class Cheater:
    """Plays pit 0 on the board it is shown, then asks for pit 4."""

    def choose_move(self, board) -> int:
        board.play(0)
        return 4

    def shown_as(self) -> str:
        """The player in the student's terms, as feedback shows the last call."""
        return "a player that plays pit 0 on the board it is given, then chooses pit 4"


@pytest.mark.exercise("abapa.game")
def test_game_shows_the_player_a_copy_of_the_board(sub):
    game = sub.Game(Cheater(), Scripted([]))
    game.play_turn()
    assert game.board.cells == FIGURE_1
    assert game.board.player == 1


@pytest.mark.exercise("abapa.game")
def test_game_run_plays_to_the_end_and_returns_the_winner(sub):
    board = sub.Board([0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], 0)
    game = sub.Game(Scripted([5]), Scripted([]), board)
    assert game.run() == 1
    assert game.is_over() is True
    assert game.board.cells == [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27]


class CheaterAtTheEnd:
    """Plays the first legal pit on the board it is shown, then answers 5."""

    def choose_move(self, board) -> int:
        board.play(list(board.legal_moves())[0])
        return 5

    def shown_as(self) -> str:
        """The player in the student's terms, as feedback shows the last call."""
        return "a player that plays a pit on the board it is given, then chooses pit 5"


@pytest.mark.exercise("abapa.game")
def test_game_run_shows_each_player_a_copy(sub):
    board = sub.Board([0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], 0)
    game = sub.Game(CheaterAtTheEnd(), Scripted([]), board)
    assert game.run() == 1
    assert game.board.cells == [0, 0, 0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 27]


@pytest.mark.exercise("abapa.game")
def test_game_run_shows_the_board_before_and_after_each_turn(sub):
    board = sub.Board([0, 0, 0, 0, 0, 1, 20, 1, 1, 1, 0, 0, 0, 24], 0)
    game = sub.Game(Scripted([5]), Scripted([]), board)
    printed = sub.eval(
        "[(out := __import__('io').StringIO()),"
        " __import__('unittest.mock', fromlist=['patch']).patch('sys.stdout', out)(game.run)(),"
        " out.getvalue()][-1]",
        game=game,
    )
    first = "      0   0   0   1   1   1\n24     0   0   0   0   0   1     20"
    last = "      0   0   0   0   0   0\n27     0   0   0   0   0   0     21"
    assert first in printed and last in printed
    assert printed.index(first) < printed.index(last)


@pytest.mark.exercise("abapa.game")
def test_game_run_a_draw_returns_none(sub):
    board = sub.Board([0, 0, 0, 0, 0, 1, 23, 0, 2, 0, 0, 0, 0, 22], 0)
    assert sub.Game(Scripted([5]), Scripted([]), board).run() is None


@pytest.mark.exercise("abapa.game")
def test_game_run_between_random_players(sub):
    for seed in range(3):
        game = sub.Game(sub.RandomPlayer(random.Random(seed)), sub.RandomPlayer(random.Random(seed + 50)))
        winner = game.run()
        assert game.board.is_over() is True
        assert winner == game.board.winner()
        assert sum(game.board.cells) == 48


# --- abapa.greedy -------------------------------------------------------------------


@pytest.mark.exercise("abapa.greedy")
def test_greedy_takes_the_biggest_capture(sub):
    board = sub.Board([4, 4, 4, 0, 4, 0, 8, 1, 2, 1, 2, 5, 4, 9], 0)
    assert sub.GreedyPlayer().choose_move(board) == 4
    board = sub.Board([1, 2, 1, 4, 4, 4, 10, 0, 0, 4, 0, 4, 0, 14], 1)
    assert sub.GreedyPlayer().choose_move(board) == 4


@pytest.mark.exercise("abapa.greedy")
def test_greedy_counts_the_seeds_sown_into_the_opponents_kalah(sub):
    board = sub.Board([13, 0, 0, 3, 0, 0, 5, 4, 4, 4, 4, 4, 4, 3], 0)
    assert sub.GreedyPlayer().choose_move(board) == 3
    board = sub.Board([4, 4, 4, 4, 4, 4, 3, 13, 0, 0, 0, 3, 0, 5], 1)
    assert sub.GreedyPlayer().choose_move(board) == 4


@pytest.mark.exercise("abapa.greedy")
def test_greedy_breaks_ties_by_the_lowest_pit(sub):
    assert sub.GreedyPlayer().choose_move(sub.Board()) == 2
    assert sub.GreedyPlayer().choose_move(sub.Board(list(FIGURE_1), 1)) == 1


@pytest.mark.exercise("abapa.greedy")
def test_greedy_leaves_the_board_unchanged(sub):
    board = sub.Board(list(FIGURE_1), 1)
    sub.GreedyPlayer().choose_move(board)
    assert board.cells == FIGURE_1 and board.player == 1


# --- every exercise against the reference, on positions drawn from the whole rules --------


@functools.cache
def drawn(strategy, count: int) -> list:
    """``draw(strategy, count)``, drawn once for the tests that share a strategy."""
    return draw(strategy, count)


def named(strategy, count: int, *names: str, boundaries: list = ()) -> list[dict]:
    """The ``boundaries`` (the examples the text names), then ``count`` drawn examples, each
    a tuple bound to ``names`` (the same ones at every run)."""
    examples = draw(strategy, count, boundaries=boundaries) if boundaries else drawn(strategy, count)
    return [dict(zip(names, example)) for example in examples]


#: "player 1's camp is empty: only pit 5 of player 0 feeds it"
HUNGRY = [0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22]
#: "The game ends when a kalah holds 25 seeds or more": the mover's own kalah holds 25
OVER_AT_25 = [1, 4, 4, 4, 0, 0, 4, 1, 1, 1, 1, 1, 1, 25]
#: "a draw": both kalahs hold 24 and the pits are empty
DRAW_24_24 = [0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 24]
#: "the player to move has no legal pit (they cannot feed their opponent)": player 1 to move
CANNOT_FEED = [0, 0, 0, 0, 0, 0, 22, 1, 1, 0, 0, 0, 0, 24]
#: player 0's pit 5 sows into the kalah and captures 2 and 3: 26 seeds, a win
PIT_5_WINS = [0, 0, 0, 0, 0, 2, 23, 1, 2, 3, 4, 1, 0, 12]
#: "With 14 seeds or more the sowing goes all the way round": 14 seeds in pit 0, and 13
LAP = [14, 0, 0, 0, 0, 0, 10, 4, 4, 4, 4, 4, 4, 0]
SHORT_OF_A_LAP = [13, 0, 0, 0, 0, 0, 11, 4, 4, 4, 4, 4, 4, 0]
#: pit 5's 3 seeds make cells 7 and 8 hold 2 and 3: captured, cell 9 keeps a seed; without
#: it, the captures would take all the opponent's seeds ("Grand slam")
CHAIN = [0, 0, 0, 0, 0, 3, 20, 1, 2, 1, 0, 0, 0, 21]
GRAND_SLAM = [0, 0, 0, 0, 0, 3, 21, 1, 2, 0, 0, 0, 0, 21]

#: Section 1 and 5-7: "At the start, each of the 12 pits holds 4 seeds", Figure 1, "when a
#: kalah holds 25 seeds or more" (25 in either kalah, and 24), "when it holds at least 7 - i
#: of them" (7 - i exactly and one short, from both seats), a camp that cannot be fed, a draw
POSITIONS_THE_TEXT_NAMES = [
    (START, 0),
    (FIGURE_1, 1),
    (OVER_AT_25, 1),
    ([1, 1, 1, 1, 1, 1, 25, 1, 4, 4, 4, 0, 0, 4], 1),
    ([2, 2, 2, 2, 2, 2, 24, 2, 2, 2, 0, 0, 0, 6], 0),
    (HUNGRY, 0),
    ([7, 0, 0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 21], 0),
    ([0, 0, 0, 0, 0, 0, 21, 7, 0, 0, 0, 0, 0, 20], 1),
    ([6, 0, 0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 22], 0),
    (CANNOT_FEED, 1),
    (DRAW_24_24, 0),
    (PIT_5_WINS, 0),
]
#: Section 3: "going back to cell 0 after cell 13 and never putting a seed into start itself";
#: "With 14 seeds or more the sowing goes all the way round" (13, 14 and 27 seeds, both camps)
SOWINGS_THE_TEXT_NAMES = [
    (START, 0),
    (START, 12),
    (SHORT_OF_A_LAP, 0),
    (LAP, 0),
    (LAP[7:] + LAP[:7], 7),
    ([27, 0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3, 3], 0),
]
#: Section 4: "while the cell is a pit of the opponent's camp holding 2 or 3 seeds" (a chain
#: that stops at the kalah, at a pit of 1, at a last pit of 4), "if the captures would leave
#: the opponent's camp empty, capture nothing", "The last seed in a kalah or in the mover's own
#: camp captures nothing"; player 1 capturing too
CAPTURES_THE_TEXT_NAMES = [
    ([4, 4, 4, 4, 0, 0, 10, 2, 3, 1, 4, 4, 4, 4], 8, 0),
    ([4, 4, 4, 4, 4, 4, 5, 1, 3, 2, 3, 2, 3, 5], 12, 0),
    ([4, 4, 4, 4, 4, 4, 19, 2, 3, 0, 0, 0, 0, 0], 8, 0),
    ([4, 4, 4, 4, 4, 4, 8, 2, 3, 4, 1, 1, 1, 4], 9, 0),
    ([4, 4, 4, 4, 4, 4, 2, 2, 3, 4, 1, 1, 1, 10], 6, 0),
    ([4, 4, 4, 2, 4, 4, 6, 2, 3, 1, 4, 4, 4, 2], 3, 0),
    ([2, 3, 1, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 10], 1, 1),
]
#: Section 7: "An illegal pit (not 0 to 5, empty, not feeding when it must, or any move after
#: the end) raises ValueError"; sowing a lap and one seed short of it; a capture chain, a
#: grand slam, a winning move
MOVES_THE_TEXT_NAMES = [
    (START, 0, 0),
    (START, 0, 5),
    (START, 0, -1),
    (START, 0, 6),
    (FIGURE_1, 1, 0),
    (FIGURE_1, 0, 4),
    (HUNGRY, 0, 5),
    (HUNGRY, 0, 1),
    (OVER_AT_25, 1, 0),
    (DRAW_24_24, 0, 0),
    (LAP, 0, 0),
    (SHORT_OF_A_LAP, 0, 0),
    (CHAIN, 0, 5),
    (GRAND_SLAM, 0, 5),
    (PIT_5_WINS, 0, 5),
]
#: Section 7: "the other player is to move; if that player has no legal pit (and no kalah has
#: 25), they take the remaining seeds and the game ends": moves after the start, after a lap,
#: a hungry camp fed, a grand slam and a capture that end the game
PLAYS_THE_TEXT_NAMES = [
    (START, 0, [5, 0]),
    (LAP, 0, [0, 0]),
    (HUNGRY, 0, [5, 0]),
    (GRAND_SLAM, 0, [5]),
    (CHAIN, 0, [5]),
]
#: Section 8: "It draws even when only one pit is legal", "the same seed gives the same moves"
RANDOM_PLAYERS_THE_TEXT_NAMES = [((HUNGRY, 0), 3), ((START, 0), 0), ((FIGURE_1, 1), 8)]
#: Section 8: "asks ... until the answer is a legal pit, and returns it as an int": pits out of
#: 0 to 5, a word, then a legal pit with spaces; a pit that does not feed, then the one that does
KEYBOARDS_THE_TEXT_NAMES = [
    (START, 0, ["6", "-1", "x", " 5 ", "0"]),
    (HUNGRY, 0, ["1", "4", "5", "0"]),
]
#: Section 11: "between pits that lead by as much, it plays the lowest" (at the start pits 2
#: to 5 all lead by 1), Figure 1, one legal pit only, a winning move
GREEDY_THE_TEXT_NAMES = [(START, 0), (FIGURE_1, 1), (HUNGRY, 0), (PIT_5_WINS, 0)]
#: Section 9: "who won ... or that it is a draw": a game over from the start on a 24-24 draw,
#: one the mover ends by taking the seeds left, one a winning move ends
GAMES_THE_TEXT_NAMES = [((DRAW_24_24, 0), 1, 2), ((CANNOT_FEED, 1), 3, 4), ((PIT_5_WINS, 0), 5, 6)]
#: Section 7: "not 0 to 5": the whole numbers just outside, and far beyond the 14 cells
FAR_MOVES_THE_TEXT_NAMES = [(START, 0, 6), (START, 0, -1), (START, 1, 7), (START, 1, 13), (START, 0, 14)]


@pytest.mark.exercise("abapa.display")
def test_display_of_drawn_positions(sub, ref):
    compare(sub, ref, "board_text(cells)",
            named(positions, 100, "cells", "player", boundaries=POSITIONS_THE_TEXT_NAMES))


@pytest.mark.exercise("abapa.sowing")
def test_sowing_of_drawn_pits(sub, ref):
    # the new cells, the last cell, and the list given afterwards (left unchanged)
    compare(sub, ref, "(sow(cells, start), cells)", named(sowings(), 120, "cells", "start",
                                                                  boundaries=SOWINGS_THE_TEXT_NAMES))


@pytest.mark.exercise("abapa.capture")
def test_capture_of_drawn_sowings(sub, ref):
    compare(sub, ref, "(capture(cells, last, player), cells)", named(captures, 150, "cells", "last", "player",
                                                                             boundaries=CAPTURES_THE_TEXT_NAMES))


@pytest.mark.exercise("abapa.feeding")
def test_feeding_of_drawn_positions(sub, ref):
    compare(sub, ref, "([feeds(cells, player, pit) for pit in range(6)], legal_pits(cells, player))",
            named(positions, 100, "cells", "player", boundaries=POSITIONS_THE_TEXT_NAMES))


@pytest.mark.exercise("abapa.end")
def test_end_of_drawn_positions(sub, ref):
    compare(sub, ref, "(game_over(cells, player), take_remaining(cells, player), cells)",
            named(positions, 100, "cells", "player", boundaries=POSITIONS_THE_TEXT_NAMES)
            + named(ends, 60, "cells", "player"))


# --- the same positions seen from the other side: the camps and kalahs swapped -------------
#
# The rules are the same for both players: a drawn position, its cells turned by 7 (player 1's
# camp and kalah become player 0's) and the other player to move, is the same position seen
# from the other seat. Each test below asks the notebook and the reference about the turned
# cases: a program that treats one seat otherwise (a cell number written for player 0) fails.


def other_side(cases: list[dict]) -> list[dict]:
    """The cases with their cells turned, their cell numbers moved by 7 and the other player."""
    sides = []
    for case in cases:
        side = dict(case, cells=mirrored((case["cells"], 0))[0])
        for cell in ("start", "last"):
            if cell in case:
                side[cell] = (case[cell] + 7) % 14
        if "player" in case:
            side["player"] = 1 - case["player"]
        sides.append(side)
    return sides


@pytest.mark.exercise("abapa.sowing")
def test_sowing_of_drawn_pits_seen_from_the_other_side(sub, ref):
    compare(sub, ref, "(sow(cells, start), cells)",
            other_side(named(sowings(), 120, "cells", "start", boundaries=SOWINGS_THE_TEXT_NAMES)[:30]))


@pytest.mark.exercise("abapa.capture")
def test_capture_of_drawn_sowings_seen_from_the_other_side(sub, ref):
    compare(sub, ref, "(capture(cells, last, player), cells)",
            other_side(named(captures, 150, "cells", "last", "player", boundaries=CAPTURES_THE_TEXT_NAMES)[:40]))


@pytest.mark.exercise("abapa.feeding")
def test_feeding_of_drawn_positions_seen_from_the_other_side(sub, ref):
    compare(sub, ref, "([feeds(cells, player, pit) for pit in range(6)], legal_pits(cells, player))",
            other_side(named(positions, 100, "cells", "player", boundaries=POSITIONS_THE_TEXT_NAMES)[:30]))


@pytest.mark.exercise("abapa.end")
def test_end_of_drawn_positions_seen_from_the_other_side(sub, ref):
    compare(sub, ref, "(game_over(cells, player), take_remaining(cells, player), cells)",
            other_side(named(positions, 100, "cells", "player", boundaries=POSITIONS_THE_TEXT_NAMES)[:20]
                       + named(ends, 60, "cells", "player")[:20]))


#: what a board says of itself: its position, text, end, winner, scores and legal moves
QUERIES = "b.cells, b.player, str(b), b.is_over(), b.winner(), b.score(0), b.score(1), list(b.legal_moves())"


@pytest.mark.exercise("abapa.board")
def test_board_of_drawn_positions(sub, ref):
    compare(sub, ref, f"((b := Board(cells, player)), {QUERIES})[1:]",
            named(positions, 100, "cells", "player", boundaries=POSITIONS_THE_TEXT_NAMES)
            + named(ends, 60, "cells", "player"))


@pytest.mark.exercise("abapa.board")
def test_board_refuses_drawn_bad_positions(sub, ref):
    compare(sub, ref, "Board(cells, player)", named(bad_positions, 48, "cells", "player"))


#: ``Board(cells, player)`` made in the notebook: "refused" for a ValueError or a TypeError
#: (the text allows either for a cell that is no number), else "accepted"
REFUSED = "try:\n    Board(cells, player)\n    out = 'accepted'\nexcept (ValueError, TypeError):\n    out = 'refused'"


@pytest.mark.exercise("abapa.board")
def test_board_refuses_drawn_cells_that_are_no_number(sub, ref):
    compare(sub, ref, RUN, [dict(case, code=REFUSED) for case in named(no_numbers, 16, "cells", "player")],
            shown=lambda case: f"Board({case['cells']}, {case['player']})")


@pytest.mark.exercise("abapa.board_play")
def test_board_play_of_drawn_moves(sub, ref):
    # a legal pit is played (or an illegal one refused with ValueError), then the board asked
    compare(sub, ref, f"((b := Board(cells, player)).play(pit), {QUERIES})[1:]",
            named(moves(), 120, "cells", "player", "pit", boundaries=MOVES_THE_TEXT_NAMES))


@pytest.mark.exercise("abapa.board_play")
def test_board_play_of_drawn_sequences(sub, ref):
    compare(sub, ref, f"((b := Board(cells, player)), [b.play(pit) for pit in pits], {QUERIES})[2:]",
            named(plays(), 80, "cells", "player", "pits", boundaries=PLAYS_THE_TEXT_NAMES))


@pytest.mark.exercise("abapa.players")
def test_human_player_of_drawn_answers(sub, ref):
    # the pit returned, and the answers left unread: asked until the first legal pit, no more
    compare(sub, ref, "(HumanPlayer(ask=lambda prompt='': typed.pop(0)).choose_move(Board(cells, player)), typed)",
            named(keyboards(), 60, "cells", "player", "typed", boundaries=KEYBOARDS_THE_TEXT_NAMES))


@pytest.mark.exercise("abapa.players")
def test_random_player_of_drawn_positions(sub, ref):
    compare(sub, ref, "[chooser.choose_move(Board(cells, player)) "
                      "for chooser in [RandomPlayer(random.Random(seed))] for _ in range(8)]",
            [{"cells": cells, "player": player, "seed": seed}
             for (cells, player), seed in draw(seeded_positions, 40, boundaries=RANDOM_PLAYERS_THE_TEXT_NAMES)])


@pytest.mark.exercise("abapa.players")
def test_random_player_draws_even_when_one_pit_is_legal(sub, ref):
    # player 1's camp is empty: only pit 5 of player 0 feeds it
    hungry = [0, 3, 0, 0, 1, 2, 20, 0, 0, 0, 0, 0, 0, 22]
    compare(sub, ref, "(rng := random.Random(seed), RandomPlayer(rng).choose_move(Board(cells, 0)), rng.random())[1:]",
            [{"cells": hungry, "seed": seed} for seed in range(10)],
            shown=lambda case:
                f"rng = random.Random({case['seed']}); RandomPlayer(rng).choose_move(Board({hungry}, 0)), "
                               "then rng.random()")


@pytest.mark.exercise("abapa.greedy")
def test_greedy_of_drawn_positions(sub, ref):
    # the pit chosen, and the board it was given afterwards (left unchanged)
    compare(sub, ref, "(GreedyPlayer().choose_move(b := Board(cells, player)), b.cells, b.player)",
            named(playable, 80, "cells", "player", boundaries=GREEDY_THE_TEXT_NAMES)
            + named(races(), 120, "cells", "player"))


# --- whole games, call by call ------------------------------------------------------------


def whole_games(target, games: list) -> list[tuple[list, str]]:
    """For each game (cells, player to move, the two players' seeds), the calls the players got
    in ``target``'s game, and how the game ended (or what it raised).

    The games are played in ``target``'s process (one request, each game with a call's time)
    between two players of inside.abapa that play ``random.Random(seed).choice(board.legal_moves())``
    and write down every call they get: who was asked, the board's cells, its player to move
    and its legal moves.
    """
    shipped, found = ship(target, inside), []
    for ok, value in target.eval_cases("h.whole_game(Game, Board, cells, player, seeds)", [
            {"h": shipped, "cells": list(cells), "player": player, "seeds": list(seeds)}
            for cells, player, seeds in games]):
        if not ok:  # a name the notebook lacks: no call was made
            found.append(([], type(value).__name__))
            continue
        log, (how, end) = value
        if how == "raised":
            error = raised(target, end, "Game(p0, p1, Board(cells, player)).run()")
            if isinstance(error, SubmissionFailure):
                raise error
            found.append((log, type(error).__name__))
        else:
            found.append((log, repr(end)))
    return found


def assert_same_game(got: list, got_end: str, want: list, want_end: str, cells: list[int], player: int,
                     seeds: tuple[int, int]) -> None:
    """The notebook's game from ``Board(cells, player)`` is the reference's, call by call."""
    call = (f"Game(p0, p1, Board({cells}, {player})).run(), p0 and p1 playing "
            f"random.Random({seeds[0]}) and random.Random({seeds[1]}).choice(board.legal_moves())")
    for number, (mine, theirs) in enumerate(zip(got, want), start=1):
        if mine != theirs:
            pytest.fail(f"`{call}`: call {number} went to {mine[0]} with Board({mine[1]}, {mine[2]}) and its "
                        f"legal moves {mine[3]}; expected {theirs[0]} with Board({theirs[1]}, {theirs[2]}) "
                        f"and its legal moves {theirs[3]}", pytrace=False)
    if len(got) > len(want):
        pytest.fail(f"`{call}`: the players were asked {len(got)} times instead of {len(want)}: call "
                    f"{len(want) + 1} went to {got[len(want)][0]} after the end", pytrace=False)
    if len(got) < len(want):
        pytest.fail(f"`{call}`: the players were asked {len(got)} times instead of {len(want)}: call "
                    f"{len(got) + 1} to {want[len(got)][0]} never came", pytrace=False)
    if got_end != want_end:
        pytest.fail(f"`{call}`: run(), then game.board.cells, .player and game.is_over() gave {got_end}, "
                    f"expected {want_end}", pytrace=False)


@pytest.mark.exercise("abapa.game")
def test_game_of_drawn_whole_games_call_by_call(sub, ref):
    # each drawn game, and the same game with the seats swapped (player 1 to move first)
    drawn = [(cells, player, (first, second))
             for position, first, second in draw(games, 6, boundaries=GAMES_THE_TEXT_NAMES)
             for (cells, player), first, second in ((position, first, second), (mirrored(position), second, first))]
    wanted = whole_games(ref, drawn)  # the reference's games first, all in one request
    for game, (want, want_end) in zip(drawn, wanted):
        (got, got_end), = whole_games(sub, [game])  # the notebook's, one game a request, until one differs
        assert_same_game(got, got_end, want, want_end, *game)
    once, again = whole_games(sub, [drawn[-1], drawn[-1]])
    assert once == again, "the same seeds must replay the same game, call by call"


@pytest.mark.exercise("abapa.greedy")
def test_greedy_of_drawn_whole_games_call_by_call(sub, ref):
    starts = [(position, seed) for position, seed, _ in draw(games, 3)] \
        + draw(st.tuples(races(), st.integers(0, 99)), 3)
    # every position the reference's greedy player (player 0) is asked about in a game against
    # random.Random(seed).choice(board.legal_moves()), played in the reference's process
    played = ref.eval_cases("h.greedy_game(Board, GreedyPlayer, cells, player, seed)",
                           [{"h": ship(ref, inside), "cells": cells, "player": player, "seed": seed}
                            for (cells, player), seed in starts])
    asked = [case for _, found in played for case in found]
    compare(sub, ref, "GreedyPlayer().choose_move(Board(cells, player))", asked)


# --- copies, far pits and the winner's line -----------------------------------------------


#: clear the list ``legal_moves()`` returns (when it is a list) of a board's copy, then of the
#: board with a fresh copy made before: neither may change the other board's moves or end
COPIES = ("(lambda b, t: ((getattr(t.legal_moves(), 'clear', lambda: None)(), list(b.legal_moves()), b.is_over())[1:],"
          " (u := b.copy(), getattr(b.legal_moves(), 'clear', lambda: None)(), list(u.legal_moves()), u.is_over())[2:])"
          ")(b := Board(cells, player), b.copy())")


@pytest.mark.exercise("abapa.board")
def test_board_copy_shares_no_legal_moves_with_its_board(sub, ref):
    compare(sub, ref, COPIES, named(positions, 40, "cells", "player") + named(ends, 10, "cells", "player"),
            shown=lambda case: f"twin = Board({case['cells']}, {case['player']}).copy(); "
                               f"twin.legal_moves().clear(), then the board's legal_moves() and is_over() "
                               f"(and the other way round)")


#: clear the list ``legal_moves()`` returns (when it is a list), then ask the board again
OWN_MOVES = ("(b := Board(cells, player), getattr(b.legal_moves(), 'clear', lambda: None)(),"
             " list(b.legal_moves()), b.is_over())[2:]")


@pytest.mark.exercise("abapa.board")
def test_board_legal_moves_hands_out_a_new_list(sub, ref):
    compare(sub, ref, OWN_MOVES, named(positions, 30, "cells", "player"),
            shown=lambda case: f"board = Board({case['cells']}, {case['player']}); board.legal_moves().clear(), "
                               f"then board.legal_moves() and board.is_over()")


@pytest.mark.exercise("abapa.board_play")
def test_board_play_refuses_any_other_whole_number_with_value_error(sub, ref):
    compare(sub, ref, "((b := Board(cells, player)).play(pit), b.cells)",
            named(far_moves, 60, "cells", "player", "pit", boundaries=FAR_MOVES_THE_TEXT_NAMES))


#: statements that run a whole game in the notebook, p0 and p1 choosing with their own
#: random.Random, and keep run()'s winner and the last non-blank line it printed
WINNER = """
import contextlib as _contextlib, io as _io, random as _random
class _Chooser:
    def __init__(self, seed):
        self.rng = _random.Random(seed)
    def choose_move(self, board):
        return self.rng.choice(list(board.legal_moves()))
_printed = _io.StringIO()
with _contextlib.redirect_stdout(_printed):
    _winner = Game(_Chooser(first), _Chooser(second), Board(cells, player)).run()
_lines = [line for line in _printed.getvalue().splitlines() if line.strip()]
out = (_winner, _lines[-1] if _lines else "")
"""
RUN = "(lambda scope: (exec(code, scope), scope.get('out'))[1])(dict(globals()))"
#: statements that run a whole game as WINNER does, with the game's own play_turn counted:
#: ``out`` is (the calls of play_turn, the moves the players chose)
TURNS = """
import contextlib as _contextlib, io as _io, random as _random
_chosen = []
class _Chooser:
    def __init__(self, seed):
        self.rng = _random.Random(seed)
    def choose_move(self, board):
        _chosen.append(board.player)
        return self.rng.choice(list(board.legal_moves()))
_game = Game(_Chooser(first), _Chooser(second), Board(cells, player))
_turns = []
_play_turn = _game.play_turn
def _counted_turn():
    _turns.append(1)
    return _play_turn()
_game.play_turn = _counted_turn
with _contextlib.redirect_stdout(_io.StringIO()):
    _game.run()
out = (len(_turns), len(_chosen))
"""


def shows_the_winner(mine: tuple, theirs: tuple) -> bool:
    """The same winner, and a last line that shows every number of the reference's (who
    won and both scores), in any words and order: the words are the student's."""
    def numbers(line: str) -> Counter:
        return Counter(int(n) for n in re.findall(r"\d+", line)) if isinstance(line, str) else Counter()

    return mine[0] == theirs[0] and numbers(theirs[1]) <= numbers(mine[1])


@pytest.mark.exercise("abapa.game")
def test_game_run_ends_on_a_line_with_the_winner_and_scores(sub, ref):
    cases = [{"cells": cells, "player": player, "first": first, "second": second, "code": WINNER}
             for (cells, player), first, second in draw(games, 12, boundaries=GAMES_THE_TEXT_NAMES)]
    compare(sub, ref, RUN, cases, same=shows_the_winner,
            shown=lambda case: (f"Game(p0, p1, Board({case['cells']}, {case['player']})).run() and the last line "
                                f"it prints, p0 and p1 playing random.Random({case['first']}) and "
                                f"random.Random({case['second']}).choice(board.legal_moves())"))


@pytest.mark.exercise("abapa.game")
def test_game_run_plays_each_turn_with_play_turn(sub):
    cases = [{"cells": cells, "player": player, "first": first, "second": second, "code": TURNS}
             for (cells, player), first, second in draw(games, 12)[:4]]
    for case in cases:
        turns, moves = sub.eval(RUN, **case)
        assert turns == moves, (
            f"Game(p0, p1, Board({case['cells']}, {case['player']})).run() called play_turn() {turns} times "
            f"for {moves} moves")
