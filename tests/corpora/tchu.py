"""Worksheet 4, the tCHu game loop: mistakes and alternatives of its seven exercises.

Most cells are the solution's own exercise cell with one change (:func:`changed`), so that
each mistake reads as the one slip a student makes; a few are rewritten whole. Mistakes
redefine the function after the notebook ran (``play`` keeps the solution's turns, since
``TURNS`` holds them); alternatives replace the exercise's cell, so that ``play`` runs them.
"""

import json
from pathlib import Path

from corpora import Alternative, Mistake

NOTEBOOK = "04_tchu_game"

_CELLS = {
    cell["metadata"]["course"]["exercise"]: "".join(cell["source"])
    for cell in json.loads(
        (Path(__file__).resolve().parents[2] / "solutions" / f"{NOTEBOOK}.ipynb").read_text(encoding="utf-8")
    )["cells"]
    if cell.get("metadata", {}).get("course", {}).get("exercise")
}


def changed(exercise: str, *pairs: str) -> str:
    """The solution's cell of ``exercise`` with each ``old`` replaced by its ``new`` (pairs)."""
    source = _CELLS[exercise]
    for old, new in zip(pairs[::2], pairs[1::2]):
        if old not in source:
            raise ValueError(f"{exercise}: {old!r} is not in the solution's cell")
        source = source.replace(old, new, 1)
    return source


def only(exercise: str, name: str, *pairs: str) -> str:
    """Like :func:`changed`, keeping only the definition of ``name`` (a helper of a pair)."""
    source = changed(exercise, *pairs)
    start = source.index(f"def {name}(")
    end = source.find("\ndef ", start + 1)
    return source[start:] if end == -1 else source[start:end]


H, S, T, C, R, E, P = (
    "tchu.helpers", "tchu.start", "tchu.draw_tickets", "tchu.draw_cards", "tchu.claim_route", "tchu.end", "tchu.play",
)

MISTAKES = [
    # Exercise 1: tell_all, update_all
    Mistake("tchu-tell-all-forgets-the-last-player", H,
            only(H, "tell_all", "for player in players.values():", "for player in list(players.values())[:-1]:"),
            "a message goes to every player: a broadcast that forgets one player", rule="tell-every-player-once"),
    Mistake("tchu-update-all-sends-the-whole-state", H,
            only(H, "update_all", "player.update_state(public_state,", "player.update_state(state,"),
            "players receive the public state, state.public(), never the whole state with the other's cards",
            rule="update-sends-the-public-state"),
    Mistake("tchu-update-all-current-players-state-to-all", H,
            only(H, "update_all", "state.player_state(player_id))", "state.current_player_state())"),
            "each player receives its own state, not the current player's",
            rule="update-sends-each-player-its-own-state"),
    Mistake("tchu-update-all-own-state-made-public", H,
            only(H, "update_all", "state.player_state(player_id))", "state.player_state(player_id).public())"),
            "a player's own state is complete (its cards and tickets), not its public part",
            rule="update-sends-each-player-its-own-state"),
    # Exercise 2: start_game
    Mistake("tchu-start-no-state-before-the-choice", S,
            changed(S, "    update_all(players, state)\n", ""),
            "every player receives the state (its 4 cards) before choosing its initial tickets",
            rule="start-state-before-the-initial-choice"),
    Mistake("tchu-start-kept-told-before-both-chose", S,
            changed(S,
                    "        state = state.with_initially_chosen_tickets(player_id, chosen)\n",
                    "        state = state.with_initially_chosen_tickets(player_id, chosen)\n"
                    "        tell_all(players, Info(player_names[player_id]).kept_tickets(len(chosen)))\n",
                    "    for player_id in PlayerId:\n        kept = state.player_state(player_id).ticket_count\n"
                    "        tell_all(players, Info(player_names[player_id]).kept_tickets(kept))\n", ""),
            "the kept-tickets messages come only once both players chose, so the last gets no advantage",
            rule="start-kept-tickets-told-once-both-chose"),
    Mistake("tchu-start-init-players-with-own-name-only", S,
            changed(S, "player.init_players(player_id, player_names)",
                    "player.init_players(player_id, {player_id: player_names[player_id]})"),
            "init_players gives every player the names of both players", rule="start-introduces-each-player-first"),
    Mistake("tchu-start-player-one-always-first", S,
            changed(S, "Info(player_names[state.current_player_id]).will_play_first()",
                    "Info(player_names[PlayerId.PLAYER_1]).will_play_first()"),
            "the first player is the one GameState.initial drew, not always PLAYER_1",
            rule="start-first-player-of-the-initial-state"),
    Mistake("tchu-start-same-five-tickets-to-both", S,
            changed(S,
                    "        state = state.without_top_tickets(Constants.INITIAL_TICKETS_COUNT)\n        players",
                    "        players",
                    "    update_all(players, state)\n",
                    (
                        "    state = state.without_top_tickets(2 * Constants.INITIAL_TICKETS_COUNT)\n    "
                        "update_all(players, state)\n"
                    )),
            "each player is offered its own 5 of the 10 top tickets, taken off the pile in turn",
            rule="start-five-top-tickets-each"),
    Mistake("tchu-start-two-tickets-are-enough", S,
            changed(S, "least = Constants.INITIAL_TICKETS_COUNT - Constants.DISCARDABLE_TICKETS_COUNT", "least = 2"),
            "a player keeps at least 3 of its 5 initial tickets", rule="initial-choice-keeps-at-least-three"),
    Mistake("tchu-start-error-without-the-name", S,
            changed(S, 'f"{player_names[player_id]} kept the tickets', 'f"A player kept the tickets'),
            "the ValueError for too few tickets names the player", rule="start-error-names-the-player"),
    Mistake("tchu-start-accepts-a-ticket-not-offered", S,
            changed(S, "if len(chosen) < least or not offers[player_id].contains_all(chosen):",
                "if len(chosen) < least:"),
            "a player keeps only tickets it was offered", rule="initial-choice-only-offered-tickets"),
    Mistake("tchu-start-tells-five-kept", S,
            changed(S, "kept = state.player_state(player_id).ticket_count", "kept = Constants.INITIAL_TICKETS_COUNT"),
            "the kept-tickets message says how many tickets the player kept, not how many it was offered",
            rule="start-kept-message-counts-the-kept-tickets"),
    Mistake("tchu-start-from-the-packages-scenario", S,
            "from exercises.tchu.checks.scenarios import started_state\n\n"
            "def start_game(players, player_names, tickets, rng):\n"
            "    return started_state(rng.randrange(1000), tickets)\n",
            "the package's scenario state is no start of a game: the players must be introduced, offered and asked",
            rule="start-introduces-each-player-first"),
    Mistake("tchu-start-first-message-before-init-players", S,
            changed(S,
                    "    for player_id, player in players.items():\n        player.init_players(player_id, "
                    "player_names)\n"
                    "    tell_all(players, Info(player_names[state.current_player_id]).will_play_first())\n",
                    "    tell_all(players, Info(player_names[state.current_player_id]).will_play_first())\n"
                    "    for player_id, player in players.items():\n        player.init_players(player_id, "
                    "player_names)\n"),
            "init_players comes first, before any message", rule="start-introduces-each-player-first"),
    # Exercise 3: draw_tickets
    Mistake("tchu-tickets-keeping-none-allowed", T,
            changed(T, "if len(chosen) < 1 or", "if len(chosen) < 0 or"),
            "a player keeps at least 1 of the 3 tickets it draws", rule="draw-tickets-keeps-at-least-one"),
    Mistake("tchu-tickets-only-kept-ones-leave-the-pile", T,
            changed(T, "state.with_chosen_additional_tickets(drawn, chosen)",
                "state.with_chosen_additional_tickets(chosen, chosen)"),
            "all 3 drawn tickets leave the pile, the kept ones and the others",
            rule="drawn-tickets-all-leave-the-pile"),
    Mistake("tchu-tickets-always-player-one", T,
            changed(T, "name = player_names[state.current_player_id]\n    player = players[state.current_player_id]",
                    "name = player_names[PlayerId.PLAYER_1]\n    player = players[PlayerId.PLAYER_1]"),
            "the current player draws the tickets, not always PLAYER_1", rule="draw-tickets-asks-the-current-player"),
    Mistake("tchu-tickets-kept-message-says-three", T,
            changed(T, "Info(name).kept_tickets(len(chosen))",
                "Info(name).kept_tickets(Constants.IN_GAME_TICKETS_COUNT)"),
            "the kept-tickets message counts the tickets kept, not those drawn",
            rule="draw-tickets-tells-how-many-kept"),
    Mistake("tchu-tickets-error-without-the-name", T,
            changed(T, 'f"{name} kept the tickets {list(chosen)}: keep', 'f"Kept the tickets {list(chosen)}: keep'),
            "the ValueError for a bad ticket choice names the player", rule="draw-tickets-error-names-the-player"),
    # Exercise 4: draw_cards
    Mistake("tchu-cards-no-state-between-the-draws", C,
            changed(C, "        if draw == 1:\n            update_all(players, state)\n", ""),
            "players receive the new state before the second draw_slot",
            rule="draw-cards-state-to-everyone-between-the-draws"),
    Mistake("tchu-cards-state-to-the-current-player-only", C,
            changed(C, "            update_all(players, state)\n",
                    "            player.update_state(state.public(), state.current_player_state())\n"),
            "the state between the two draws goes to every player: a broadcast that forgets one player",
            rule="draw-cards-state-to-everyone-between-the-draws"),
    Mistake("tchu-cards-deck-recreated-before-the-first-card-only", C,
            changed(C, "        state = state.with_cards_deck_recreated_if_needed(rng)\n        if draw == 1:",
                    (
                        "        if draw == 0:\n            state = state.with_cards_deck_recreated_if_needed(rng)\n   "
                        "     if draw == 1:"
                    )),
            "the deck is recreated from the discards before each card, the second one too",
            rule="deck-recreated-before-each-card"),
    Mistake("tchu-cards-deck-recreated-for-blind-draws-only", C,
            changed(C, "        state = state.with_cards_deck_recreated_if_needed(rng)\n        if draw == 1:",
                "        if draw == 1:",
                    "            state = state.with_blindly_drawn_card()",
                    (
                        "            state = state.with_cards_deck_recreated_if_needed(rng)\n            state = "
                        "state.with_blindly_drawn_card()"
                    )),
            "a face-up card is replaced from the deck, so the deck is recreated before a face-up draw too",
            rule="deck-recreated-before-each-card"),
    Mistake("tchu-cards-replacement-card-told", C,
            changed(C, (
                "            card = state.card_state.face_up_card(slot)\n            state = "
                "state.with_drawn_face_up_card(slot)\n"
            ),
                    (
                        "            state = state.with_drawn_face_up_card(slot)\n            card = "
                        "state.card_state.face_up_card(slot)\n"
                    )),
            "the message names the face-up card taken, read before it is replaced",
            rule="face-up-card-told-before-it-is-replaced"),
    Mistake("tchu-cards-bad-slot-not-named", C,
            changed(C, 'f"{name} chose to draw from slot {slot!r}: a slot is -1 (the deck) or 0 to 4"',
                    'f"{name} chose a slot that does not exist"'),
            "the ValueError for a bad slot names the player and the slot",
            rule="bad-slot-valueerror-names-player-and-slot"),
    Mistake("tchu-cards-bad-slot-assertion", C,
            changed(C, "        else:\n            raise ValueError(",
                "        else:\n            raise AssertionError("),
            "a bad slot is refused with a ValueError, not another kind of error",
            rule="bad-slot-valueerror-names-player-and-slot"),
    Mistake("tchu-cards-turn-passed-on", C,
            changed(C, "    return state\n    ### END SOLUTION",
                "    return state.for_next_turn()\n    ### END SOLUTION"),
            "a turn function leaves the current player as it is: play passes the turn on",
            rule="turn-function-leaves-the-turn-to-play"),
    # Exercise 5: claim_route
    Mistake("tchu-claim-twin-route-not-checked", R,
            changed(R, "if not state.is_route_free(route):", "if state.route_owner(route) is not None:"),
            "once one track of a double route is taken, its twin is blocked", rule="twin-route-is-taken"),
    Mistake("tchu-claim-cars-not-checked", R,
            changed(R, "if own.car_count < route.length or cards not in", "if cards not in"),
            "a player needs as many cars as the route is long; the model's own error names neither player nor route",
            rule="claim-needs-the-cars"),
    Mistake("tchu-claim-cards-only-held", R,
            changed(R, "cards not in own.possible_claim_cards(route)", "not own.cards.contains_all(cards)"),
            "the cards must be able to claim the route (its color, its length), not only be in the hand",
            rule="claim-cards-must-claim-the-route"),
    Mistake("tchu-claim-tunnel-deck-recreated-once", R,
            changed(R, (
                "    drawn = []\n    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):\n        state = "
                "state.with_cards_deck_recreated_if_needed(rng)\n"
            ),
                    (
                        "    drawn = []\n    state = state.with_cards_deck_recreated_if_needed(rng)\n    for _ in "
                        "range(Constants.ADDITIONAL_TUNNEL_CARDS):\n"
                    )),
            "the 3 tunnel cards are drawn one at a time, the deck recreated before each",
            rule="tunnel-cards-drawn-one-at-a-time"),
    Mistake("tchu-claim-tunnel-pays-the-first-option", R,
            changed(R, "extra = player.choose_additional_cards(options) if options else SortedBag()",
                    "extra = options[0] if options and player.choose_additional_cards(options) else SortedBag()"),
            "a tunnel is paid with the option the player chose", rule="tunnel-paid-with-the-chosen-option"),
    Mistake("tchu-claim-tunnel-drawn-cards-kept-out", R,
            changed(R, "    return state.with_more_discarded_cards(drawn)", "    return state"),
            "the 3 drawn tunnel cards go to the discards: all 110 cards stay in the game",
            rule="tunnel-drawn-cards-go-to-the-discards"),
    Mistake("tchu-claim-tunnel-asks-a-player-who-cannot-pay", R,
            changed(R, "if options else SortedBag()", ""),
            "a player who cannot pay the extra cost is not asked to choose additional cards",
            rule="no-choice-when-the-player-cannot-pay"),
    Mistake("tchu-claim-tunnel-message-initial-cards-only", R,
            changed(R, "tell_all(players, info.claimed_route(route, all_cards))",
                "tell_all(players, info.claimed_route(route, cards))"),
            "the claim message names all the cards used, the additional ones too",
            rule="claim-message-names-every-card-used"),
    Mistake("tchu-claim-tunnel-cost-counts-locomotives-only", R,
            changed(R, "extra_count = route.additional_claim_cards_count(cards, drawn)",
                    "extra_count = sum(card.name == 'LOCOMOTIVE' for card in drawn)"),
            "a drawn card of a color used in the claim costs one more card, as a locomotive does",
            rule="extra-cost-counted-from-the-claim-cards"),
    Mistake("tchu-claim-error-without-the-route", R,
            changed(R, 'f"{name} tried to claim route {route.id} ({route}): it is taken"',
                'f"{name} cannot claim a route that is taken"'),
            "the ValueError for a taken route names the player and the route",
            rule="claim-error-names-player-and-route"),
    # Exercise 6: end_game
    Mistake("tchu-end-bonus-to-one-player-on-a-tie", E,
            changed(E, "        if trails[pid].length == longest:\n",
                    "        if pid is max(PlayerId, key=lambda p: trails[p].length):\n"),
            "both players get the bonus when their longest trails are as long",
            rule="as-long-trails-both-get-the-bonus"),
    Mistake("tchu-end-route-points-only", E,
            changed(E, "state.player_state(pid).final_points()", "state.player_state(pid).claim_points"),
            "a total counts the tickets too: final_points(), not claim_points", rule="total-counts-the-tickets"),
    Mistake("tchu-end-won-points-swapped", E,
            changed(E, ".won(totals[winner], totals[loser])", ".won(totals[loser], totals[winner])"),
            "the result message gives the winner's points, then the loser's",
            rule="result-gives-the-winner-total-first"),
    Mistake("tchu-end-no-final-state", E,
            changed(E, "    update_all(players, state)\n", ""),
            "every player receives the final state before the bonus and the result", rule="final-state-first"),
    Mistake("tchu-end-tie-announced-as-a-win", E,
            changed(E, "if totals[first] == totals[second]:", "if False:"),
            "equal totals are a tie (Info.draw), not a win of the first player", rule="equal-totals-are-a-tie"),
    Mistake("tchu-end-bonus-told-to-ada-only", E,
            changed(E, "            tell_all(players, Info(player_names[pid]).gets_longest_trail_bonus(trails[pid]))",
                    "            players[PlayerId.PLAYER_1].receive_info("
                    "Info(player_names[pid]).gets_longest_trail_bonus(trails[pid]))"),
            "the bonus message goes to every player: a broadcast that forgets one player", rule="end-tells-everyone"),
    Mistake("tchu-end-totals-by-name", E,
            changed(E, "    return totals\n",
                "    return {player_names[pid]: points for pid, points in totals.items()}\n"),
            "end_game returns the totals by PlayerId, as the exercise says", rule="totals-by-player-id"),
    # Exercise 7: play
    Mistake("tchu-play-names-not-counted", P,
            changed(P, "if len(players) != 2 or len(player_names) != 2:", "if len(players) != 2:"),
            "a game has exactly two players and two names", rule="two-players-and-two-names"),
    Mistake("tchu-play-last-round-one-turn-short", P,
            changed(P, "        if player_id == state.last_player:", "        if state.last_player is not None:"),
            "after the last-turn message each player plays once more, the one who triggered it included",
            rule="last-turn-each-plays-once-more"),
    Mistake("tchu-play-no-state-before-the-turn", P,
            changed(P, "        update_all(players, state)\n", ""),
            "every player receives the state before the current player is asked for its turn",
            rule="state-to-everyone-before-each-turn"),
    Mistake("tchu-play-last-turn-message-every-turn", P,
            changed(P, "        if state.last_turn_begins():",
                "        if state.last_turn_begins() or state.last_player is not None:"),
            "the last-turn message is sent once, when a player first ends a turn with 2 cars or fewer",
            rule="last-turn-told-once-at-two-cars"),
    Mistake("tchu-play-all-tickets-whatever-given", P,
            changed(P, "state = start_game(players, player_names, tickets, rng)",
                    "state = start_game(players, player_names, ChMap.all_tickets(), rng)"),
            "the game is played with the tickets given to play", rule="play-with-the-tickets-given"),
    Mistake("tchu-play-own-random-generator", P,
            changed(P, "state = start_game(players, player_names, tickets, rng)",
                    "rng = random.Random(2021)\n    state = start_game(players, player_names, tickets, rng)"),
            "the initial state and every reshuffle use the rng given to play", rule="play-with-the-rng-given"),
    Mistake("tchu-play-last-turn-names-the-other-cars", P,
            changed(P, "car_count = state.current_player_state().car_count",
                    "car_count = state.player_state(player_id.next()).car_count"),
            "the last-turn message gives the cars left to the player who just played",
            rule="last-turn-message-names-the-player-and-its-cars"),
    Mistake("tchu-play-last-turn-below-two-cars", P,
            changed(P, "        if state.last_turn_begins():",
                    "        if state.last_player is None and state.current_player_state().car_count < 2:"),
            (
                "the last turn begins at 2 cars or fewer, not below 2: an off-by-one seen only in games that end at 2 "
                "cars"
            ), rule="last-turn-told-once-at-two-cars"),
    Mistake("tchu-play-illegal-move-skipped", P,
            changed(P, "        state = TURNS[kind](players, player_names, state, rng)\n",
                    "        try:\n            state = TURNS[kind](players, player_names, state, rng)\n"
                    "        except ValueError:\n            pass\n"),
            "an illegal move stops the game with its ValueError; it is not skipped",
            rule="illegal-move-stops-the-game"),
    Mistake("tchu-play-unknown-turn-not-refused", P,
            changed(P, "        if kind not in TURNS:\n"
                       "            raise ValueError(f\"{name} chose the turn {kind!r}: choose a TurnKind\")\n", ""),
            "a next_turn() answer that is no TurnKind is an illegal move: ValueError naming the player and the answer, "
            "not the KeyError of TURNS[kind]", rule="turn-that-is-no-turnkind-is-illegal"),
    Mistake("tchu-claim-cars-one-too-many", R,
            changed(R, "if own.car_count < route.length", "if own.car_count <= route.length"),
            "a player needs route.length cars at least: exactly as many as the route is long will do",
            rule="exactly-enough-cars-will-do"),
    Mistake("tchu-claim-tunnel-draws-past-an-empty-deck", R,
            changed(R, "        if state.card_state.is_deck_empty:\n            break\n", ""),
            "when the deck and the discards hold fewer than 3 cards, the cards there are are drawn, no more",
            rule="tunnel-draws-the-cards-there-are"),
    Mistake("tchu-claim-tunnel-trusts-the-additional-cards", R,
            changed(R, (
                '        elif extra not in options:\n            raise ValueError(\n                f"{name} chose the '
                'additional cards {list(extra)} for tunnel {route.id}: "\n                "choose one of the options, '
                'or none to give up"\n            )\n'
            ), ""),
            "the additional cards the player answers must be one of the options: another answer is refused",
            rule="additional-cards-must-be-an-option"),
    Mistake("tchu-claim-tunnel-any-other-answer-gives-up", R,
            changed(R, "if len(extra) == 0:", "if extra not in options:"),
            "only an empty bag gives up; an answer that is no option is refused with ValueError",
            rule="additional-cards-must-be-an-option"),
]

ALTERNATIVES = [
    Alternative("tchu-alt-helpers-by-player-id", H,
                "def tell_all(players: dict, info: str) -> None:\n"
                "    for player_id in PlayerId:\n"
                "        players[player_id].receive_info(info)\n\n\n"
                "def update_all(players: dict, state: GameState) -> None:\n"
                "    for player_id in sorted(players, key=lambda p: p.value, reverse=True):\n"
                "        players[player_id].update_state(state.public(), state.player_state(player_id))\n",
                "players reached by id, in another order, with the public state made for each", replace=True),
    Alternative("tchu-alt-start-offer-update-choose-per-player", S,
                changed(S,
                        "        players[player_id].set_initial_ticket_choice(offers[player_id])\n\n"
                        "    update_all(players, state)\n    for player_id in PlayerId:\n",
                        "        players[player_id].set_initial_ticket_choice(offers[player_id])\n"
                        "        update_all(players, state)\n"),
                "each player in turn is offered, updated and asked (another legal order of calls)", replace=True),
    Alternative("tchu-alt-start-update-again-and-kept-in-reverse", S,
                changed(S,
                        "    for player_id in PlayerId:\n        kept = state.player_state(player_id).ticket_count\n",
                        "    update_all(players, state)\n    for player_id in reversed(PlayerId):\n"
                        "        kept = state.player_state(player_id).ticket_count\n"),
                "a second state update after the choices, and the kept tickets told in the other order", replace=True),
    Alternative("tchu-alt-tickets-keep-count-from-the-state", T,
                changed(T,
                        "    state = state.with_chosen_additional_tickets(drawn, chosen)\n"
                        "    tell_all(players, Info(name).kept_tickets(len(chosen)))\n",
                        "    before = state.current_player_state().ticket_count\n"
                        "    state = state.with_chosen_additional_tickets(drawn, chosen)\n"
                        "    tell_all(players, Info(name).kept_tickets(state.current_player_state().ticket_count - "
                        "before))\n",
                        "if len(chosen) < 1 or not drawn.contains_all(chosen):",
                        (
                            "if chosen.is_empty() or not set(chosen) <= set(drawn) or any(chosen.count(t) > "
                            "drawn.count(t) for t in chosen):"
                        )),
                "the kept count read back from the state, and the subset tested with sets and counts", replace=True),
    Alternative("tchu-alt-cards-two-draws-written-out", C,
                "def _draw_one(players, name, state, rng):\n"
                "    slot = players[state.current_player_id].draw_slot()\n"
                "    if slot is Constants.DECK_SLOT or slot == -1:\n"
                "        state = state.with_cards_deck_recreated_if_needed(rng)\n"
                "        tell_all(players, Info(name).drew_blind_card())\n"
                "        return state.with_blindly_drawn_card()\n"
                "    if slot not in range(5):\n"
                "        raise ValueError(f'{name} asked for slot {slot}, which is neither -1 nor 0..4')\n"
                "    state = state.with_cards_deck_recreated_if_needed(rng)\n"
                "    tell_all(players, Info(name).drew_visible_card(state.card_state.face_up_cards[slot]))\n"
                "    return state.with_drawn_face_up_card(slot)\n\n\n"
                "def draw_cards(players, player_names, state, rng):\n"
                "    name = player_names[state.current_player_id]\n"
                "    state = _draw_one(players, name, state, rng)\n"
                "    update_all(players, state)\n"
                "    return _draw_one(players, name, state, rng)\n",
                "each card drawn by a helper, the deck recreated right after draw_slot, the message before the move",
                replace=True),
    Alternative("tchu-alt-claim-level-while-and-plus", R,
                changed(R,
                        "    if not route.is_tunnel:\n",
                        "    if route.level is not Level.UNDERGROUND:\n",
                        "    drawn = []\n    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):\n"
                        "        state = state.with_cards_deck_recreated_if_needed(rng)\n"
                        "        if state.card_state.is_deck_empty:\n            break\n",
                        "    drawn = []\n    while len(drawn) < 3:\n"
                        "        state = state.with_cards_deck_recreated_if_needed(rng)\n"
                        "        if state.card_state.deck_size == 0:\n            break\n",
                        "            all_cards = cards.union(extra)\n",
                        "            all_cards = cards + extra\n",
                        "def claim_route(",
                        "from exercises.tchu import Level\n\n\ndef claim_route("),
                "the route's level, a while loop and the bag's + instead of is_tunnel, for and union", replace=True),
    Alternative("tchu-alt-end-sorted-and-reversed-names", E,
                "def end_game(players, player_names, state):\n"
                "    update_all(players, state)\n"
                "    lengths = {pid: Trail.longest(state.player_state(pid).routes).length for pid in PlayerId}\n"
                "    totals = {}\n"
                "    for pid in reversed(PlayerId):\n"
                "        totals[pid] = state.player_state(pid).final_points()\n"
                "        if lengths[pid] >= max(lengths.values()):\n"
                "            totals[pid] += 10\n"
                "            tell_all(players, "
                "Info(player_names[pid]).gets_longest_trail_bonus(Trail.longest(state.player_state(pid).routes)))\n"
                "    ranked = sorted(PlayerId, key=lambda pid: totals[pid], reverse=True)\n"
                "    if totals[ranked[0]] == totals[ranked[1]]:\n"
                "        tell_all(players, Info.draw([player_names[pid] for pid in reversed(PlayerId)], "
                "totals[ranked[0]]))\n"
                "    else:\n"
                "        tell_all(players, Info(player_names[ranked[0]]).won(totals[ranked[0]], totals[ranked[1]]))\n"
                "    return {pid: totals[pid] for pid in PlayerId}\n",
                "the bonus told for PLAYER_2 first, the ranking by sorting, the tie's names in the other order",
                replace=True),
    Alternative("tchu-alt-play-turn-told-then-state-recursively", P,
                changed(P,
                        "    state = start_game(players, player_names, tickets, rng)\n    while True:\n"
                        "        player_id = state.current_player_id\n        name = player_names[player_id]\n"
                        "        update_all(players, state)\n        tell_all(players, Info(name).can_play())\n",
                        "    return _turns(players, player_names, start_game(players, player_names, tickets, rng), "
                        "rng)\n\n\n"
                        "def _turns(players, player_names, state, rng):\n    if True:\n"
                        "        player_id = state.current_player_id\n        name = player_names[player_id]\n"
                        "        tell_all(players, Info(name).can_play())\n        update_all(players, state)\n",
                        "        if player_id == state.last_player:\n            return end_game(players, "
                        "player_names, state)\n"
                        "        state = state.for_next_turn()\n",
                        "        if state.last_player is not None and player_id is state.last_player:\n"
                        "            return end_game(players, player_names, state)\n"
                        "        return _turns(players, player_names, state.for_next_turn(), rng)\n"),
                "whose turn it is told before the state, and the turns played by recursion with identity tests",
                replace=True),
]

# Mistakes of another kind (issue 24): a fresh or reused random generator, a broadcast that
# forgets a player, a decision made on a stale state, off-by-one and wrong tie-breaks, the
# whole hand where the claim cards are meant, the first player instead of the best one.
MISTAKES += [
    Mistake("tchu-play-state-to-the-current-player-only", P,
            changed(P, "        update_all(players, state)\n        tell_all(players, Info(name).can_play())\n",
                    "        players[player_id].update_state(state.public(), state.player_state(player_id))\n"
                    "        tell_all(players, Info(name).can_play())\n"),
            "before next_turn, update_state of both players: the other player too sees the state",
            rule="state-to-everyone-before-each-turn"),
    Mistake("tchu-play-state-sent-after-next-turn", P,
            changed(P, "        update_all(players, state)\n        tell_all(players, Info(name).can_play())\n"
                       "        kind = players[player_id].next_turn()\n",
                    "        tell_all(players, Info(name).can_play())\n        kind = players[player_id].next_turn()\n"
                    "        update_all(players, state)\n"),
            "the state comes just before next_turn, so the player chooses knowing it",
            rule="state-to-everyone-before-each-turn"),
    Mistake("tchu-cards-deck-reshuffled-with-a-fresh-generator", C,
            changed(C, "state = state.with_cards_deck_recreated_if_needed(rng)",
                    "state = state.with_cards_deck_recreated_if_needed(random.Random())"),
            "the deck is recreated with the rng given, so that a seeded game replays",
            rule="deck-recreated-with-the-given-rng"),
    Mistake("tchu-claim-tunnel-deck-reshuffled-with-seed-zero", R,
            changed(R, "state = state.with_cards_deck_recreated_if_needed(rng)",
                    "state = state.with_cards_deck_recreated_if_needed(random.Random(0))"),
            "the deck is recreated with the rng given to the turn, not a generator of its own",
            rule="tunnel-deck-recreated-with-the-given-rng"),
    Mistake("tchu-claim-tunnel-empty-deck-tested-before-recreating", R,
            changed(R, "        state = state.with_cards_deck_recreated_if_needed(rng)\n"
                       "        if state.card_state.is_deck_empty:\n            break\n",
                    "        if state.card_state.is_deck_empty:\n            break\n"
                    "        state = state.with_cards_deck_recreated_if_needed(rng)\n"),
            "an empty deck is made again from the discards before a tunnel card is drawn, not taken as the end",
            rule="tunnel-cards-drawn-one-at-a-time"),
    Mistake("tchu-claim-tunnel-cost-counted-on-the-whole-hand", R,
            changed(R, "extra_count = route.additional_claim_cards_count(cards, drawn)",
                    "extra_count = route.additional_claim_cards_count(own.cards, drawn)"),
            "the extra cost counts the drawn cards of the kinds of the claim cards, not of the whole hand",
            rule="extra-cost-counted-from-the-claim-cards"),
    Mistake("tchu-claim-deck-recreated-for-every-claim", R,
            changed(R, "    route = player.claimed_route()\n",
                    "    state = state.with_cards_deck_recreated_if_needed(rng)\n    route = player.claimed_route()\n"),
            "the deck is recreated only before a card is drawn: a route above ground draws none",
            rule="deck-recreated-only-for-tunnel-cards"),
    Mistake("tchu-cards-state-between-draws-after-a-face-up-card-only", C,
            changed(C, "        if draw == 1:\n            update_all(players, state)\n",
                    "        if draw == 1 and slot != Constants.DECK_SLOT:\n            update_all(players, state)\n"),
            "the state goes to everyone before the second draw_slot, whatever the first card was",
            rule="draw-cards-state-to-everyone-between-the-draws"),
    Mistake("tchu-start-initial-state-drawn-twice", S,
            changed(S, "tell_all(players, Info(player_names[state.current_player_id]).will_play_first())",
                    (
                        "tell_all(players, Info(player_names[GameState.initial(tickets, "
                        "rng).current_player_id]).will_play_first())"
                    )),
            "one initial state, made once with rng: who plays first is its current player",
            rule="start-first-player-of-the-initial-state"),
    Mistake("tchu-end-bonus-measured-against-player-one", E,
            changed(E, "longest = max(trail.length for trail in trails.values())",
                    "longest = trails[PlayerId.PLAYER_1].length"),
            "the bonus goes to the longest trail of both, not to the trails as long as the first player's",
            rule="bonus-to-the-longest-trail"),
    Mistake("tchu-end-winner-before-the-bonus", E,
            changed(E, "        winner = max(PlayerId, key=totals.get)\n",
                    "        winner = max(PlayerId, key=lambda pid: state.player_state(pid).final_points())\n"),
            "the winner has the higher total, the bonus included", rule="higher-total-with-bonus-wins"),
    Mistake("tchu-end-tie-broken-by-route-points", E,
            changed(E, "if totals[first] == totals[second]:",
                    (
                        "if totals[first] == totals[second] and state.player_state(first).claim_points == "
                        "state.player_state(second).claim_points:"
                    )),
            "equal totals are a tie, whatever the route points", rule="equal-totals-are-a-tie"),
]

ALTERNATIVES += [
    Alternative("tchu-alt-play-state-after-every-turn-too", P,
                changed(P, "        state = TURNS[kind](players, player_names, state, rng)\n",
                        (
                            "        state = TURNS[kind](players, player_names, state, rng)\n        "
                            "update_all(players, state)\n"
                        )),
                "an extra state update after every turn (the state may be sent at every change)", replace=True),
    Alternative("tchu-alt-cards-state-after-every-card", C,
                changed(C, "        if draw == 1:\n            update_all(players, state)\n", "",
                        "            )\n    return state\n    ### END SOLUTION",
                        "            )\n        update_all(players, state)\n    return state\n    ### END SOLUTION"),
                "the state sent after each card drawn, so before the second draw_slot too", replace=True),
    Alternative("tchu-alt-claim-one-tunnel-card-helper", R,
                changed(R,
                        "    drawn = []\n    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):\n"
                        "        state = state.with_cards_deck_recreated_if_needed(rng)\n"
                        "        if state.card_state.is_deck_empty:\n            break\n"
                        "        drawn.append(state.top_card())\n        state = state.without_top_card()\n",
                        "    drawn = []\n    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):\n"
                        "        state, card = _one_card(state, rng)\n"
                        "        if card is None:\n            break\n        drawn.append(card)\n",
                        "def claim_route(",
                        "def _one_card(state, rng):\n    state = state.with_cards_deck_recreated_if_needed(rng)\n"
                        "    if state.card_state.deck_size == 0:\n        return state, None\n"
                        "    return state.without_top_card(), state.top_card()\n\n\ndef claim_route("),
                "each tunnel card drawn by a helper that recreates the deck first", replace=True),
    Alternative("tchu-claim-tunnel-while-loop-and-cars-compared-the-other-way", R,
                changed(R, "if own.car_count < route.length", "if route.length > own.car_count",
                        (
                            '    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):\n        state = '
                            'state.with_cards_deck_recreated_if_needed(rng)\n        if '
                            'state.card_state.is_deck_empty:\n            break\n        '
                            'drawn.append(state.top_card())\n        state = state.without_top_card()\n'
                        ),
                        "    while len(drawn) < Constants.ADDITIONAL_TUNNEL_CARDS:\n"
                        "        state = state.with_cards_deck_recreated_if_needed(rng)\n"
                        "        if state.card_state.deck_size == 0:\n            break\n"
                        "        drawn.append(state.top_card())\n        state = state.without_top_card()\n",
                        "elif extra not in options:", "elif not any(extra == option for option in options):"),
                "a while loop over the cards drawn, the cars compared the other way, the options searched by =="),
]

# Decisions of the statement held by the corpus: where the text leaves a choice free, a
# correct answer takes the other choice; where it fixes one, a mistake takes another.
MISTAKES += [
    Mistake("tchu-start-first-player-offered-the-top-tickets", S,
            changed(S, "    for player_id in PlayerId:\n        offers[player_id] = state.top_tickets(",
                    "    for player_id in (state.current_player_id, state.current_player_id.next()):\n"
                    "        offers[player_id] = state.top_tickets("),
            "PLAYER_1 gets the 5 tickets at the top of the pile, then PLAYER_2 the next 5, whoever plays first",
            rule="start-player-1-offered-first"),
    # What a program keeps across calls: a list of the module kept from one tunnel to the next,
    # a flag of the module that outlives the game that set it.
    Mistake("tchu-claim-tunnel-cards-in-a-list-of-the-module", R,
            changed(R, "    drawn = []\n", "    drawn = TURNED_OVER\n",
                    "def claim_route(", "TURNED_OVER = []\n\n\ndef claim_route("),
            "each tunnel turns over its own 3 cards: a list kept by the module keeps the cards of earlier tunnels",
            rule="tunnel-turns-over-its-own-three-cards"),
    Mistake("tchu-play-last-turn-told-once-per-process", P,
            changed(P, "        if state.last_turn_begins():\n",
                    (
                        "        if state.last_turn_begins() and not LAST_TURN_TOLD:\n            "
                        "LAST_TURN_TOLD.append(True)\n"
                    ),
                    "def play(", "LAST_TURN_TOLD = []\n\n\ndef play("),
            "every game tells its own last turn: a flag of the module outlives the game that set it",
            rule="last-turn-told-once-at-two-cars"),
]

ALTERNATIVES += [
    Alternative("tchu-alt-cards-state-sent-before-the-deck-is-recreated", C,
                changed(C, "        state = state.with_cards_deck_recreated_if_needed(rng)\n"
                           "        if draw == 1:\n            update_all(players, state)\n",
                        "        if draw == 1:\n            update_all(players, state)\n"
                        "        state = state.with_cards_deck_recreated_if_needed(rng)\n"),
                "the state sent before the second draw_slot, then the deck recreated: the text allows both orders",
                replace=True),
]
