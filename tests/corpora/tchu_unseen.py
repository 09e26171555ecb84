"""tCHu's game loop: mistakes and alternatives written from the worksheet's text and the rules
alone (shared/rules), not from its hidden tests or its checks."""

from corpora import Alternative, Mistake

NOTEBOOK = "04_tchu_game"

MISTAKES = [
    Mistake((
        "tchu-unseen-update-sends-whole-state"
    ), "tchu.helpers", '''def tell_all(players: dict[PlayerId, Player], info: str) -> None:
    """Send the game-log message `info` to every player, once each."""
    for player in players.values():
        player.receive_info(info)


def update_all(players: dict[PlayerId, Player], state: GameState) -> None:
    """Send every player the public state of the game and its own complete state."""
    for player_id, player in players.items():
        player.update_state(state, state.player_state(player_id))
''',
            (
                "update_all must send state.public(), 'Not the whole state: it would show each player the other's "
                "cards'"
            ), replace=True, rule="update-sends-the-public-state"),
    Mistake((
        "tchu-unseen-update-sends-current-hand-to-all"
    ), "tchu.helpers", '''def tell_all(players: dict[PlayerId, Player], info: str) -> None:
    """Send the game-log message `info` to every player, once each."""
    for player in players.values():
        player.receive_info(info)


def update_all(players: dict[PlayerId, Player], state: GameState) -> None:
    """Send every player the public state of the game and its own complete state."""
    public_state = state.public()
    own_state = state.current_player_state()
    for player in players.values():
        player.update_state(public_state, own_state)
''',
            (
                "update_all must send each player 'its own complete state, state.player_state(player_id)', not the "
                "current player's"
            ), replace=True, rule="update-sends-each-player-its-own-state"),
    Mistake("tchu-unseen-first-player-told-before-init", "tchu.start", '''def start_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> GameState:
    """Start a game and return the state in which the first player begins its first turn."""
    state = GameState.initial(tickets, rng)
    first_name = player_names[state.current_player_id]
    tell_all(players, Info(first_name).will_play_first())
    for player_id, player in players.items():
        player.init_players(player_id, player_names)

    offers = {}
    for player_id in PlayerId:
        offers[player_id] = state.top_tickets(Constants.INITIAL_TICKETS_COUNT)
        state = state.without_top_tickets(Constants.INITIAL_TICKETS_COUNT)
        players[player_id].set_initial_ticket_choice(offers[player_id])

    update_all(players, state)
    for player_id in PlayerId:
        chosen = players[player_id].choose_initial_tickets()
        if len(chosen) < 3 or not offers[player_id].contains_all(chosen):
            raise ValueError(
                f"{player_names[player_id]} kept {len(chosen)} tickets: "
                "keep at least 3 of the 5 tickets offered"
            )
        state = state.with_initially_chosen_tickets(player_id, chosen)

    for player_id in PlayerId:
        kept = state.player_state(player_id).ticket_count
        tell_all(players, Info(player_names[player_id]).kept_tickets(kept))
    return state
''',
            "init_players comes 'before the game really begins', before receive_info(will_play_first)", replace=True,
            rule="start-introduces-each-player-first"),
    Mistake("tchu-unseen-kept-tickets-told-before-both-chose", "tchu.start", '''def start_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> GameState:
    """Start a game and return the state in which the first player begins its first turn."""
    state = GameState.initial(tickets, rng)
    for player_id, player in players.items():
        player.init_players(player_id, player_names)
    tell_all(players, Info(player_names[state.current_player_id]).will_play_first())

    offers = {}
    for player_id in PlayerId:
        offers[player_id] = state.top_tickets(Constants.INITIAL_TICKETS_COUNT)
        state = state.without_top_tickets(Constants.INITIAL_TICKETS_COUNT)
        players[player_id].set_initial_ticket_choice(offers[player_id])

    update_all(players, state)
    for player_id in PlayerId:
        name = player_names[player_id]
        chosen = players[player_id].choose_initial_tickets()
        if len(chosen) < 3 or not offers[player_id].contains_all(chosen):
            raise ValueError(f"{name} kept {len(chosen)} tickets: keep at least 3 of the 5 tickets offered")
        state = state.with_initially_chosen_tickets(player_id, chosen)
        tell_all(players, Info(name).kept_tickets(len(chosen)))
    return state
''',
            (
                "kept_tickets is sent 'only when *both* have chosen, so that the last to choose gets no advantage'"
            ), replace=True, rule="start-kept-tickets-told-once-both-chose"),
    Mistake("tchu-unseen-initial-keep-two-accepted", "tchu.start", '''def start_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> GameState:
    """Start a game and return the state in which the first player begins its first turn."""
    state = GameState.initial(tickets, rng)
    for player_id, player in players.items():
        player.init_players(player_id, player_names)
    tell_all(players, Info(player_names[state.current_player_id]).will_play_first())

    offers = {}
    for player_id in PlayerId:
        offers[player_id] = state.top_tickets(Constants.INITIAL_TICKETS_COUNT)
        state = state.without_top_tickets(Constants.INITIAL_TICKETS_COUNT)
        players[player_id].set_initial_ticket_choice(offers[player_id])

    update_all(players, state)
    for player_id in PlayerId:
        chosen = players[player_id].choose_initial_tickets()
        # a player may throw away DISCARDABLE_TICKETS_COUNT tickets: it keeps at least that many
        least = Constants.DISCARDABLE_TICKETS_COUNT
        if len(chosen) < least or not offers[player_id].contains_all(chosen):
            raise ValueError(
                f"{player_names[player_id]} kept {len(chosen)} tickets: keep at least "
                f"{least} of the 5 tickets offered, and only those"
            )
        state = state.with_initially_chosen_tickets(player_id, chosen)

    for player_id in PlayerId:
        kept = state.player_state(player_id).ticket_count
        tell_all(players, Info(player_names[player_id]).kept_tickets(kept))
    return state
''',
            (
                "each player must choose 'at least 3 of its 5 tickets' (confused with DISCARDABLE_TICKETS_COUNT = 2)"
            ), replace=True, rule="initial-choice-keeps-at-least-three"),
    Mistake("tchu-unseen-draw-tickets-keep-none-accepted", "tchu.draw_tickets", '''def draw_tickets(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_TICKETS turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    tell_all(players, Info(name).drew_tickets(Constants.IN_GAME_TICKETS_COUNT))
    drawn = state.top_tickets(Constants.IN_GAME_TICKETS_COUNT)
    chosen = player.choose_tickets(drawn)
    if not drawn.contains_all(chosen):
        raise ValueError(f"{name} kept the tickets {list(chosen)}, which were not drawn")
    state = state.with_chosen_additional_tickets(drawn, chosen)
    tell_all(players, Info(name).kept_tickets(len(chosen)))
    return state
''',
            (
                "'Keeping no ticket ... raises ValueError naming the player': this cell accepts an empty choice"
            ), replace=True, rule="draw-tickets-keeps-at-least-one"),
    Mistake("tchu-unseen-drew-tickets-told-after-choice", "tchu.draw_tickets", '''def draw_tickets(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_TICKETS turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    drawn = state.top_tickets(Constants.IN_GAME_TICKETS_COUNT)
    chosen = player.choose_tickets(drawn)
    if len(chosen) < 1 or not drawn.contains_all(chosen):
        raise ValueError(
            f"{name} kept the tickets {list(chosen)}: keep at least 1 of the 3 tickets drawn, "
            "and only those"
        )
    state = state.with_chosen_additional_tickets(drawn, chosen)
    tell_all(players, Info(name).drew_tickets(len(drawn)))
    tell_all(players, Info(name).kept_tickets(len(chosen)))
    return state
''',
            (
                "'draw_tickets tells everyone that the current player draws 3 tickets, asks the player...': the "
                "message comes before choose_tickets"
            ), replace=True, rule="draw-tickets-told-before-the-choice"),
    Mistake("tchu-unseen-deck-recreated-only-for-deck-slot", "tchu.draw_cards", '''def draw_cards(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_CARDS turn of the current player (two cards); return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    for draw in range(2):
        if draw == 1:
            update_all(players, state)
        slot = player.draw_slot()
        if slot == Constants.DECK_SLOT:
            # the deck may be empty: make it again from the discards before drawing from it
            state = state.with_cards_deck_recreated_if_needed(rng)
            state = state.with_blindly_drawn_card()
            tell_all(players, Info(name).drew_blind_card())
        elif slot in Constants.FACE_UP_CARD_SLOTS:
            card = state.card_state.face_up_card(slot)
            state = state.with_drawn_face_up_card(slot)
            tell_all(players, Info(name).drew_visible_card(card))
        else:
            raise ValueError(f"{name} chose to draw from slot {slot!r}: a slot is -1 (the deck) or 0 to 4")
    return state
''',
            (
                "advice 1: recreate the deck 'before every single card you draw' (a face-up card is replaced from the "
                "deck too), and before the second update_state"
            ), replace=True, rule="deck-recreated-before-each-card"),
    Mistake("tchu-unseen-face-up-card-named-after-replacement", "tchu.draw_cards", '''def draw_cards(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_CARDS turn of the current player (two cards); return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    for draw in range(2):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if draw == 1:
            update_all(players, state)
        slot = player.draw_slot()
        if slot == Constants.DECK_SLOT:
            state = state.with_blindly_drawn_card()
            tell_all(players, Info(name).drew_blind_card())
        elif slot in Constants.FACE_UP_CARD_SLOTS:
            state = state.with_drawn_face_up_card(slot)
            tell_all(players, Info(name).drew_visible_card(state.card_state.face_up_card(slot)))
        else:
            raise ValueError(f"{name} chose to draw from slot {slot!r}: a slot is -1 (the deck) or 0 to 4")
    return state
''',
            "drew_visible_card must name the card taken: 'remember it *before* it is replaced'", replace=True,
            rule="face-up-card-told-before-it-is-replaced"),
    Mistake("tchu-unseen-any-negative-slot-is-deck", "tchu.draw_cards", '''def draw_cards(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_CARDS turn of the current player (two cards); return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    for draw in range(2):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if draw == 1:
            update_all(players, state)
        slot = player.draw_slot()
        if slot < 0:
            state = state.with_blindly_drawn_card()
            tell_all(players, Info(name).drew_blind_card())
        elif slot < Constants.FACE_UP_CARDS_COUNT:
            card = state.card_state.face_up_card(slot)
            state = state.with_drawn_face_up_card(slot)
            tell_all(players, Info(name).drew_visible_card(card))
        else:
            raise ValueError(f"{name} chose to draw from slot {slot!r}: a slot is -1 (the deck) or 0 to 4")
    return state
''',
            (
                "only Constants.DECK_SLOT (-1) means the deck: 'Another slot raises ValueError naming the player and "
                "the slot'"
            ), replace=True, rule="slot-is-the-deck-or-0-to-4"),
    Mistake("tchu-unseen-claim-cards-asked-before-cars", "tchu.claim_route", '''def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    own = state.current_player_state()
    if not state.is_route_free(route):
        raise ValueError(f"{name} tried to claim route {route.id} ({route}): it is taken")
    if cards not in own.possible_claim_cards(route) or own.car_count < route.length:
        raise ValueError(
            f"{name} tried to claim route {route.id} ({route}) with {list(cards)}: "
            "not enough cars, or these cards cannot claim it"
        )
    if not route.is_tunnel:
        tell_all(players, info.claimed_route(route, cards))
        return state.with_claimed_route(route, cards)

    tell_all(players, info.attempts_tunnel_claim(route, cards))
    drawn = []
    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if state.card_state.is_deck_empty:
            break
        drawn.append(state.top_card())
        state = state.without_top_card()
    drawn = SortedBag(drawn)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, info.drew_additional_cards(drawn, extra_count))
    if extra_count == 0:
        tell_all(players, info.claimed_route(route, cards))
        state = state.with_claimed_route(route, cards)
    else:
        options = state.current_player_state().possible_additional_cards(extra_count, cards)
        extra = player.choose_additional_cards(options) if options else SortedBag()
        if len(extra) == 0:
            tell_all(players, info.did_not_claim_route(route))
        elif extra not in options:
            raise ValueError(f"{name} chose the additional cards {list(extra)} for tunnel {route.id}")
        else:
            all_cards = cards.union(extra)
            tell_all(players, info.claimed_route(route, all_cards))
            state = state.with_claimed_route(route, all_cards)
    return state.with_more_discarded_cards(drawn)
''',
            (
                "possible_claim_cards is asked 'only once the cars are checked: with too few cars it raises its own "
                "error' (which does not name the player)"
            ), replace=True, rule="cars-checked-before-the-cards"),
    Mistake("tchu-unseen-tunnel-cards-discarded-only-on-failure", "tchu.claim_route", '''def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    own = state.current_player_state()
    if not state.is_route_free(route):
        raise ValueError(f"{name} tried to claim route {route.id} ({route}): it is taken")
    if own.car_count < route.length or cards not in own.possible_claim_cards(route):
        raise ValueError(
            f"{name} tried to claim route {route.id} ({route}) with {list(cards)}: "
            "not enough cars, or these cards cannot claim it"
        )
    if not route.is_tunnel:
        tell_all(players, info.claimed_route(route, cards))
        return state.with_claimed_route(route, cards)

    tell_all(players, info.attempts_tunnel_claim(route, cards))
    drawn = []
    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if state.card_state.is_deck_empty:
            break
        drawn.append(state.top_card())
        state = state.without_top_card()
    drawn = SortedBag(drawn)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, info.drew_additional_cards(drawn, extra_count))
    if extra_count == 0:
        tell_all(players, info.claimed_route(route, cards))
        return state.with_claimed_route(route, cards)
    options = state.current_player_state().possible_additional_cards(extra_count, cards)
    extra = player.choose_additional_cards(options) if options else SortedBag()
    if len(extra) == 0:
        tell_all(players, info.did_not_claim_route(route))
        # the tunnel is not taken: the turned-over cards go to the discards
        return state.with_more_discarded_cards(drawn)
    if extra not in options:
        raise ValueError(f"{name} chose the additional cards {list(extra)} for tunnel {route.id}")
    all_cards = cards.union(extra)
    tell_all(players, info.claimed_route(route, all_cards))
    return state.with_claimed_route(route, all_cards)
''',
            (
                "'In every case the 3 drawn cards end in the discards'; here they vanish when the tunnel is taken"
            ), replace=True, rule="tunnel-drawn-cards-go-to-the-discards"),
    Mistake("tchu-unseen-additional-cards-asked-without-options", "tchu.claim_route", '''def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    own = state.current_player_state()
    if not state.is_route_free(route):
        raise ValueError(f"{name} tried to claim route {route.id} ({route}): it is taken")
    if own.car_count < route.length or cards not in own.possible_claim_cards(route):
        raise ValueError(
            f"{name} tried to claim route {route.id} ({route}) with {list(cards)}: "
            "not enough cars, or these cards cannot claim it"
        )
    if not route.is_tunnel:
        tell_all(players, info.claimed_route(route, cards))
        return state.with_claimed_route(route, cards)

    tell_all(players, info.attempts_tunnel_claim(route, cards))
    drawn = []
    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if state.card_state.is_deck_empty:
            break
        drawn.append(state.top_card())
        state = state.without_top_card()
    drawn = SortedBag(drawn)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, info.drew_additional_cards(drawn, extra_count))
    if extra_count == 0:
        tell_all(players, info.claimed_route(route, cards))
        state = state.with_claimed_route(route, cards)
    else:
        options = state.current_player_state().possible_additional_cards(extra_count, cards)
        extra = player.choose_additional_cards(options)
        if len(extra) == 0:
            tell_all(players, info.did_not_claim_route(route))
        elif extra not in options:
            raise ValueError(f"{name} chose the additional cards {list(extra)} for tunnel {route.id}")
        else:
            all_cards = cards.union(extra)
            tell_all(players, info.claimed_route(route, all_cards))
            state = state.with_claimed_route(route, all_cards)
    return state.with_more_discarded_cards(drawn)
''',
            (
                "choose_additional_cards only 'if ... the player holds the cards to pay'; with no option the player "
                "cannot pay and is not asked"
            ), replace=True, rule="no-choice-when-the-player-cannot-pay"),
    Mistake("tchu-unseen-tunnel-claim-message-initial-cards", "tchu.claim_route", '''def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    own = state.current_player_state()
    if not state.is_route_free(route):
        raise ValueError(f"{name} tried to claim route {route.id} ({route}): it is taken")
    if own.car_count < route.length or cards not in own.possible_claim_cards(route):
        raise ValueError(
            f"{name} tried to claim route {route.id} ({route}) with {list(cards)}: "
            "not enough cars, or these cards cannot claim it"
        )
    if not route.is_tunnel:
        tell_all(players, info.claimed_route(route, cards))
        return state.with_claimed_route(route, cards)

    tell_all(players, info.attempts_tunnel_claim(route, cards))
    drawn = []
    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if state.card_state.is_deck_empty:
            break
        drawn.append(state.top_card())
        state = state.without_top_card()
    drawn = SortedBag(drawn)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, info.drew_additional_cards(drawn, extra_count))
    if extra_count == 0:
        tell_all(players, info.claimed_route(route, cards))
        state = state.with_claimed_route(route, cards)
    else:
        options = state.current_player_state().possible_additional_cards(extra_count, cards)
        extra = player.choose_additional_cards(options) if options else SortedBag()
        if len(extra) == 0:
            tell_all(players, info.did_not_claim_route(route))
        elif extra not in options:
            raise ValueError(f"{name} chose the additional cards {list(extra)} for tunnel {route.id}")
        else:
            tell_all(players, info.claimed_route(route, cards))
            state = state.with_claimed_route(route, cards.union(extra))
    return state.with_more_discarded_cards(drawn)
''',
            "claimed_route must name 'all the cards it used (initial and additional ones for a tunnel)'", replace=True,
            rule="claim-message-names-every-card-used"),
    Mistake("tchu-unseen-tunnel-always-draws-three", "tchu.claim_route", '''def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    own = state.current_player_state()
    if not state.is_route_free(route):
        raise ValueError(f"{name} tried to claim route {route.id} ({route}): it is taken")
    if own.car_count < route.length or cards not in own.possible_claim_cards(route):
        raise ValueError(
            f"{name} tried to claim route {route.id} ({route}) with {list(cards)}: "
            "not enough cars, or these cards cannot claim it"
        )
    if not route.is_tunnel:
        tell_all(players, info.claimed_route(route, cards))
        return state.with_claimed_route(route, cards)

    tell_all(players, info.attempts_tunnel_claim(route, cards))
    drawn = []
    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):
        state = state.with_cards_deck_recreated_if_needed(rng)
        drawn.append(state.top_card())
        state = state.without_top_card()
    drawn = SortedBag(drawn)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, info.drew_additional_cards(drawn, extra_count))
    if extra_count == 0:
        tell_all(players, info.claimed_route(route, cards))
        state = state.with_claimed_route(route, cards)
    else:
        options = state.current_player_state().possible_additional_cards(extra_count, cards)
        extra = player.choose_additional_cards(options) if options else SortedBag()
        if len(extra) == 0:
            tell_all(players, info.did_not_claim_route(route))
        elif extra not in options:
            raise ValueError(f"{name} chose the additional cards {list(extra)} for tunnel {route.id}")
        else:
            all_cards = cards.union(extra)
            tell_all(players, info.claimed_route(route, all_cards))
            state = state.with_claimed_route(route, all_cards)
    return state.with_more_discarded_cards(drawn)
''',
            (
                "'Should the deck and the discards together hold fewer than 3 cards, draw those there are'; here "
                "top_card fails on the empty deck"
            ), replace=True, rule="tunnel-draws-the-cards-there-are"),
    Mistake("tchu-unseen-longest-bonus-one-player-on-tie", "tchu.end", '''def end_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
) -> dict[PlayerId, int]:
    """End the game in `state`: send the final state, the bonus and the result to everyone."""
    update_all(players, state)
    trails = {pid: Trail.longest(state.player_state(pid).routes) for pid in PlayerId}
    totals = {pid: state.player_state(pid).final_points() for pid in PlayerId}
    best = max(PlayerId, key=lambda pid: trails[pid].length)
    totals[best] += Constants.LONGEST_TRAIL_BONUS_POINTS
    tell_all(players, Info(player_names[best]).gets_longest_trail_bonus(trails[best]))
    first, second = PlayerId
    if totals[first] == totals[second]:
        names = [player_names[pid] for pid in PlayerId]
        tell_all(players, Info.draw(names, totals[first]))
    else:
        winner = max(PlayerId, key=totals.get)
        loser = winner.next()
        tell_all(players, Info(player_names[winner]).won(totals[winner], totals[loser]))
    return totals
''',
            (
                "'the player with the longest, or both if their trails are as long, get LONGEST_TRAIL_BONUS_POINTS and "
                "a message each'"
            ), replace=True, rule="as-long-trails-both-get-the-bonus"),
    Mistake("tchu-unseen-final-state-sent-after-bonus", "tchu.end", '''def end_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
) -> dict[PlayerId, int]:
    """End the game in `state`: send the final state, the bonus and the result to everyone."""
    trails = {pid: Trail.longest(state.player_state(pid).routes) for pid in PlayerId}
    longest = max(trail.length for trail in trails.values())
    totals = {pid: state.player_state(pid).final_points() for pid in PlayerId}
    for pid in PlayerId:
        if trails[pid].length == longest:
            totals[pid] += Constants.LONGEST_TRAIL_BONUS_POINTS
            tell_all(players, Info(player_names[pid]).gets_longest_trail_bonus(trails[pid]))
    # the players see the final state just before they learn the result
    update_all(players, state)
    first, second = PlayerId
    if totals[first] == totals[second]:
        names = [player_names[pid] for pid in PlayerId]
        tell_all(players, Info.draw(names, totals[first]))
    else:
        winner = max(PlayerId, key=totals.get)
        loser = winner.next()
        tell_all(players, Info(player_names[winner]).won(totals[winner], totals[loser]))
    return totals
''',
            (
                "update_state 'at the end of the game, before the bonus and the result'; end_game 'sends everyone the "
                "final state, then finds each player's longest trail'"
            ), replace=True, rule="final-state-first"),
    Mistake("tchu-unseen-size-check-and-not-or", "tchu.play", '''TURNS = {
    TurnKind.DRAW_TICKETS: draw_tickets,
    TurnKind.DRAW_CARDS: draw_cards,
    TurnKind.CLAIM_ROUTE: claim_route,
}


def play(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> dict[PlayerId, int]:
    """Play a whole game of tCHu between `players`; return each player's total points."""
    if len(players) != 2 and len(player_names) != 2:
        raise ValueError(
            f"a game has exactly 2 players and 2 names, got {len(players)} players "
            f"and {len(player_names)} names"
        )
    state = start_game(players, player_names, tickets, rng)
    while True:
        player_id = state.current_player_id
        name = player_names[player_id]
        update_all(players, state)
        tell_all(players, Info(name).can_play())
        kind = players[player_id].next_turn()
        state = TURNS[kind](players, player_names, state, rng)
        if state.last_turn_begins():
            car_count = state.current_player_state().car_count
            tell_all(players, Info(name).last_turn_begins(car_count))
        if player_id == state.last_player:
            return end_game(players, player_names, state)
        state = state.for_next_turn()
''',
            (
                "'It raises ValueError unless both dicts have exactly two entries' (one dict of the wrong size is "
                "enough)"
            ), replace=True, rule="two-players-and-two-names"),
    Mistake("tchu-unseen-last-turn-skips-trigger-player", "tchu.play", '''TURNS = {
    TurnKind.DRAW_TICKETS: draw_tickets,
    TurnKind.DRAW_CARDS: draw_cards,
    TurnKind.CLAIM_ROUTE: claim_route,
}


def play(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> dict[PlayerId, int]:
    """Play a whole game of tCHu between `players`; return each player's total points."""
    if len(players) != 2 or len(player_names) != 2:
        raise ValueError(
            f"a game has exactly 2 players and 2 names, got {len(players)} players "
            f"and {len(player_names)} names"
        )
    state = start_game(players, player_names, tickets, rng)
    while True:
        player_id = state.current_player_id
        name = player_names[player_id]
        update_all(players, state)
        tell_all(players, Info(name).can_play())
        kind = players[player_id].next_turn()
        state = TURNS[kind](players, player_names, state, rng)
        if state.last_turn_begins():
            car_count = state.current_player_state().car_count
            tell_all(players, Info(name).last_turn_begins(car_count))
        elif state.last_player is not None:
            # the last turn had begun: this was the last move of the game
            return end_game(players, player_names, state)
        state = state.for_next_turn()
''',
            (
                "'each player, the one who just ended its turn with 2 cars or fewer included, plays one more turn'; "
                "here the game ends after the opponent's turn"
            ), replace=True, rule="last-turn-each-plays-once-more"),
]
ALTERNATIVES = [
    Alternative((
        "tchu-unseen-alt-helpers-by-key"
    ), "tchu.helpers", '''def tell_all(players: dict[PlayerId, Player], info: str) -> None:
    """Send the game-log message `info` to every player, once each."""
    for _player_id, player in players.items():
        player.receive_info(info)


def update_all(players: dict[PlayerId, Player], state: GameState) -> None:
    """Send every player the public state of the game and its own complete state."""
    for player_id in players:
        players[player_id].update_state(state.public(), state.player_state(player_id))
''',
                "iterates over the dict's keys and builds state.public() for each player", replace=True),
    Alternative((
        "tchu-unseen-alt-start-deal-helper"
    ), "tchu.start", '''def _deal_tickets(state: GameState) -> tuple[GameState, dict[PlayerId, SortedBag[Ticket]]]:
    """Take 5 tickets off the pile for each player, PLAYER_1 first."""
    count = Constants.INITIAL_TICKETS_COUNT
    offers = {}
    for player_id in PlayerId:
        offers[player_id] = state.top_tickets(count)
        state = state.without_top_tickets(count)
    return state, offers


def start_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> GameState:
    """Start a game and return the state in which the first player begins its first turn."""
    state = GameState.initial(tickets, rng)
    for player_id in players:
        players[player_id].init_players(player_id, player_names)
    tell_all(players, Info(player_names[state.current_player_id]).will_play_first())

    state, offers = _deal_tickets(state)
    for player_id in PlayerId:
        players[player_id].set_initial_ticket_choice(offers[player_id])

    update_all(players, state)
    kept = {}
    for player_id in PlayerId:
        chosen = players[player_id].choose_initial_tickets()
        not_offered = SortedBag(tuple(chosen)).difference(offers[player_id])
        if len(chosen) < 3:
            raise ValueError(
                f"{player_names[player_id]} kept {len(chosen)} tickets: "
                "keep at least 3 of the 5 tickets offered"
            )
        if not not_offered.is_empty():
            raise ValueError(
                f"{player_names[player_id]} kept {list(not_offered)}, which it was not offered"
            )
        state = state.with_initially_chosen_tickets(player_id, chosen)
        kept[player_id] = len(chosen)

    for player_id in PlayerId:
        tell_all(players, Info(player_names[player_id]).kept_tickets(kept[player_id]))
    return state
''',
                (
                    "deals the 10 tickets in a helper, checks 'not offered' with a bag difference, and counts kept "
                    "tickets from the choices"
                ), replace=True),
    Alternative("tchu-unseen-alt-tickets-two-checks", "tchu.draw_tickets", '''def draw_tickets(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_TICKETS turn of the current player; return the new state."""
    info = Info(player_names[state.current_player_id])
    count = Constants.IN_GAME_TICKETS_COUNT
    tell_all(players, info.drew_tickets(count))
    options = state.top_tickets(count)
    kept = players[state.current_player_id].choose_tickets(options)
    if len(kept) == 0:
        raise ValueError(f"{info.player_name} kept no ticket: keep at least 1 of the 3 drawn")
    if not options.contains_all(kept):
        raise ValueError(f"{info.player_name} kept {list(kept)}: only the drawn tickets may be kept")
    tell_all(players, info.kept_tickets(len(kept)))
    return state.with_chosen_additional_tickets(options, kept)
''',
                (
                    "two separate checks with their own messages; the kept message is sent before the new state is "
                    "computed (no call in between)"
                ), replace=True),
    Alternative((
        "tchu-unseen-alt-cards-unrolled"
    ), "tchu.draw_cards", '''def _draw_one(player_name: str, slot: int, state: GameState) -> tuple[GameState, str]:
    """The state after the current player draws from `slot`, and the message that says so."""
    info = Info(player_name)
    if slot == Constants.DECK_SLOT:
        return state.with_blindly_drawn_card(), info.drew_blind_card()
    if slot in Constants.FACE_UP_CARD_SLOTS:
        taken = state.card_state.face_up_card(slot)
        return state.with_drawn_face_up_card(slot), info.drew_visible_card(taken)
    raise ValueError(f"{player_name} asked for slot {slot!r}, but a slot is -1 (deck) or 0..4")


def draw_cards(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_CARDS turn of the current player (two cards); return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]

    state = state.with_cards_deck_recreated_if_needed(rng)
    state, message = _draw_one(name, player.draw_slot(), state)
    tell_all(players, message)

    state = state.with_cards_deck_recreated_if_needed(rng)
    update_all(players, state)
    state, message = _draw_one(name, player.draw_slot(), state)
    tell_all(players, message)
    return state
''',
                "the two draws unrolled, one helper that returns the new state and the message", replace=True),
    Alternative((
        "tchu-unseen-alt-claim-recursive-tunnel"
    ), "tchu.claim_route", '''def _turn_over_tunnel_cards(state: GameState, rng: random.Random, count: int):
    """Draw up to `count` cards from the deck, one at a time; return the state and the cards."""
    if count == 0:
        return state, SortedBag()
    state = state.with_cards_deck_recreated_if_needed(rng)
    if state.card_state.is_deck_empty:
        return state, SortedBag()
    card = state.top_card()
    state, rest = _turn_over_tunnel_cards(state.without_top_card(), rng, count - 1)
    return state, rest.union([card])


def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    player_id = state.current_player_id
    name = player_names[player_id]
    player = players[player_id]
    route = player.claimed_route()
    initial = player.initial_claim_cards()
    me = state.player_state(player_id)
    legal = (
        state.is_route_free(route)
        and me.car_count >= route.length
        and initial in me.possible_claim_cards(route)
    )
    if not legal:
        raise ValueError(f"{name} cannot claim route {route.id} ({route}) with {list(initial)}")

    used = initial
    drawn = None
    if route.is_tunnel:
        tell_all(players, Info(name).attempts_tunnel_claim(route, initial))
        state, drawn = _turn_over_tunnel_cards(state, rng, Constants.ADDITIONAL_TUNNEL_CARDS)
        cost = route.additional_claim_cards_count(initial, drawn)
        tell_all(players, Info(name).drew_additional_cards(drawn, cost))
        if cost > 0:
            options = state.player_state(player_id).possible_additional_cards(cost, initial)
            extra = SortedBag()
            if options:
                extra = player.choose_additional_cards(options)
                if len(extra) != 0 and extra not in options:
                    raise ValueError(f"{name} chose {list(extra)}, not one of the options, for {route.id}")
            used = None if len(extra) == 0 else initial.union(extra)

    if used is None:
        tell_all(players, Info(name).did_not_claim_route(route))
    else:
        tell_all(players, Info(name).claimed_route(route, used))
        state = state.with_claimed_route(route, used)
    if drawn is not None:
        state = state.with_more_discarded_cards(drawn)
    return state
''',
                (
                    "one legality test, a recursive helper turning the tunnel cards over one at a time, a single "
                    "claim/give-up exit"
                ), replace=True),
    Alternative("tchu-unseen-alt-end-explicit-players", "tchu.end", '''def end_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
) -> dict[PlayerId, int]:
    """End the game in `state`: send the final state, the bonus and the result to everyone."""
    update_all(players, state)
    p1, p2 = PlayerId.PLAYER_1, PlayerId.PLAYER_2
    trail1 = Trail.longest(state.player_state(p1).routes)
    trail2 = Trail.longest(state.player_state(p2).routes)
    total1 = state.player_state(p1).final_points()
    total2 = state.player_state(p2).final_points()
    if trail1.length >= trail2.length:
        total1 += Constants.LONGEST_TRAIL_BONUS_POINTS
        tell_all(players, Info(player_names[p1]).gets_longest_trail_bonus(trail1))
    if trail2.length >= trail1.length:
        total2 += Constants.LONGEST_TRAIL_BONUS_POINTS
        tell_all(players, Info(player_names[p2]).gets_longest_trail_bonus(trail2))
    if total1 > total2:
        tell_all(players, Info(player_names[p1]).won(total1, total2))
    elif total2 > total1:
        tell_all(players, Info(player_names[p2]).won(total2, total1))
    else:
        tell_all(players, Info.draw([player_names[p1], player_names[p2]], total1))
    return {p1: total1, p2: total2}
''',
                "two explicit players and >= comparisons for the bonus instead of a max over a dict", replace=True),
    Alternative("tchu-unseen-alt-play-turn-helper", "tchu.play", '''TURNS = {
    TurnKind.DRAW_TICKETS: draw_tickets,
    TurnKind.DRAW_CARDS: draw_cards,
    TurnKind.CLAIM_ROUTE: claim_route,
}


def _play_turn(players, player_names, state, rng):
    """One turn of the current player, and the last-turn message if it begins now."""
    player_id = state.current_player_id
    info = Info(player_names[player_id])
    update_all(players, state)
    tell_all(players, info.can_play())
    kind = players[player_id].next_turn()
    if kind not in TURNS:
        raise ValueError(f"{player_names[player_id]} answered next_turn() with {kind!r}, not a TurnKind")
    state = TURNS[kind](players, player_names, state, rng)
    if state.last_turn_begins():
        tell_all(players, info.last_turn_begins(state.player_state(player_id).car_count))
    return state


def play(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> dict[PlayerId, int]:
    """Play a whole game of tCHu between `players`; return each player's total points."""
    for what, table in (("players", players), ("player names", player_names)):
        if len(table) != 2:
            raise ValueError(f"play needs exactly 2 {what}, got {len(table)}")
    state = _play_turn(players, player_names, start_game(players, player_names, tickets, rng), rng)
    while state.current_player_id != state.last_player:
        state = _play_turn(players, player_names, state.for_next_turn(), rng)
    return end_game(players, player_names, state)
''',
                (
                    "a helper plays one turn; the loop runs while the player who just played is not the last player"
                ), replace=True),
]


# More of them, of other kinds than those above.
MISTAKES += [
    Mistake((
        "tchu-unseen-own-state-is-public-player-state"
    ), "tchu.helpers", '''def tell_all(players: dict[PlayerId, Player], info: str) -> None:
    """Send the game-log message `info` to every player, once each."""
    for player in players.values():
        player.receive_info(info)


def update_all(players: dict[PlayerId, Player], state: GameState) -> None:
    """Send every player the public state of the game and its own complete state."""
    public_state = state.public()
    for player_id, player in players.items():
        # only public parts: no player may see more than the public state
        player.update_state(public_state, public_state.player_state(player_id))
''',
            (
                "update_all sends 'its own complete state, state.player_state(player_id)'; here only the public part "
                "of it (no tickets, no cards)"
            ), replace=True, rule="update-sends-each-player-its-own-state"),

    Mistake("tchu-unseen-both-dealt-same-tickets", "tchu.start", '''def start_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> GameState:
    """Start a game and return the state in which the first player begins its first turn."""
    state = GameState.initial(tickets, rng)
    for player_id, player in players.items():
        player.init_players(player_id, player_names)
    tell_all(players, Info(player_names[state.current_player_id]).will_play_first())

    offers = {}
    for player_id in PlayerId:
        offers[player_id] = state.top_tickets(Constants.INITIAL_TICKETS_COUNT)
        players[player_id].set_initial_ticket_choice(offers[player_id])
    # the dealt tickets leave the pile
    state = state.without_top_tickets(Constants.INITIAL_TICKETS_COUNT)

    update_all(players, state)
    for player_id in PlayerId:
        chosen = players[player_id].choose_initial_tickets()
        if len(chosen) < 3 or not offers[player_id].contains_all(chosen):
            raise ValueError(
                f"{player_names[player_id]} kept {len(chosen)} tickets: "
                "keep at least 3 of the 5 tickets offered, and only those"
            )
        state = state.with_initially_chosen_tickets(player_id, chosen)

    for player_id in PlayerId:
        kept = state.player_state(player_id).ticket_count
        tell_all(players, Info(player_names[player_id]).kept_tickets(kept))
    return state
''',
            (
                "each player receives '5 tickets from the top of the ticket pile' and 'the tickets dealt to a player "
                "are taken off the pile': here both get the same 5 and only 5 leave the pile"
            ), replace=True, rule="start-five-top-tickets-each"),

    Mistake("tchu-unseen-init-players-own-name-only", "tchu.start", '''def start_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> GameState:
    """Start a game and return the state in which the first player begins its first turn."""
    state = GameState.initial(tickets, rng)
    for player_id, player in players.items():
        player.init_players(player_id, {player_id: player_names[player_id]})
    tell_all(players, Info(player_names[state.current_player_id]).will_play_first())

    offers = {}
    for player_id in PlayerId:
        offers[player_id] = state.top_tickets(Constants.INITIAL_TICKETS_COUNT)
        state = state.without_top_tickets(Constants.INITIAL_TICKETS_COUNT)
        players[player_id].set_initial_ticket_choice(offers[player_id])

    update_all(players, state)
    for player_id in PlayerId:
        chosen = players[player_id].choose_initial_tickets()
        if len(chosen) < 3 or not offers[player_id].contains_all(chosen):
            raise ValueError(
                f"{player_names[player_id]} kept {len(chosen)} tickets: "
                "keep at least 3 of the 5 tickets offered, and only those"
            )
        state = state.with_initially_chosen_tickets(player_id, chosen)

    for player_id in PlayerId:
        kept = state.player_state(player_id).ticket_count
        tell_all(players, Info(player_names[player_id]).kept_tickets(kept))
    return state
''',
            (
                "init_players gets 'its own id and the names of all players, its own included'; here each player only "
                "learns its own name"
            ), replace=True, rule="start-introduces-each-player-first"),

    Mistake("tchu-unseen-state-sent-before-dealing", "tchu.start", '''def start_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> GameState:
    """Start a game and return the state in which the first player begins its first turn."""
    state = GameState.initial(tickets, rng)
    for player_id, player in players.items():
        player.init_players(player_id, player_names)
    tell_all(players, Info(player_names[state.current_player_id]).will_play_first())
    # the players see their 4 cards before they look at their tickets
    update_all(players, state)

    offers = {}
    for player_id in PlayerId:
        offers[player_id] = state.top_tickets(Constants.INITIAL_TICKETS_COUNT)
        state = state.without_top_tickets(Constants.INITIAL_TICKETS_COUNT)
        players[player_id].set_initial_ticket_choice(offers[player_id])

    for player_id in PlayerId:
        chosen = players[player_id].choose_initial_tickets()
        if len(chosen) < 3 or not offers[player_id].contains_all(chosen):
            raise ValueError(
                f"{player_names[player_id]} kept {len(chosen)} tickets: "
                "keep at least 3 of the 5 tickets offered, and only those"
            )
        state = state.with_initially_chosen_tickets(player_id, chosen)

    for player_id in PlayerId:
        kept = state.player_state(player_id).ticket_count
        tell_all(players, Info(player_names[player_id]).kept_tickets(kept))
    return state
''',
            (
                "update_state comes 'just before choose_initial_tickets', after set_initial_ticket_choice; here it "
                "comes before the tickets are dealt (a state whose ticket pile still holds them)"
            ), replace=True, rule="start-state-before-the-initial-choice"),

    Mistake("tchu-unseen-kept-count-is-ticket-total", "tchu.draw_tickets", '''def draw_tickets(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_TICKETS turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    tell_all(players, Info(name).drew_tickets(Constants.IN_GAME_TICKETS_COUNT))
    drawn = state.top_tickets(Constants.IN_GAME_TICKETS_COUNT)
    chosen = player.choose_tickets(drawn)
    if len(chosen) < 1 or not drawn.contains_all(chosen):
        raise ValueError(
            f"{name} kept the tickets {list(chosen)}: keep at least 1 of the 3 tickets drawn, "
            "and only those"
        )
    state = state.with_chosen_additional_tickets(drawn, chosen)
    kept = state.current_player_state().ticket_count
    tell_all(players, Info(name).kept_tickets(kept))
    return state
''',
            (
                "'tells everyone how many it kept' (of the 3 drawn); here the message gives all the tickets the player "
                "now holds, as start_game's count does"
            ), replace=True, rule="draw-tickets-tells-how-many-kept"),

    Mistake("tchu-unseen-ticket-error-names-player-id", "tchu.draw_tickets", '''def draw_tickets(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_TICKETS turn of the current player; return the new state."""
    player_id = state.current_player_id
    name = player_names[player_id]
    tell_all(players, Info(name).drew_tickets(Constants.IN_GAME_TICKETS_COUNT))
    drawn = state.top_tickets(Constants.IN_GAME_TICKETS_COUNT)
    chosen = players[player_id].choose_tickets(drawn)
    if len(chosen) < 1 or not drawn.contains_all(chosen):
        raise ValueError(
            f"{player_id.name} kept the tickets {list(chosen)}: keep at least 1 of the 3 "
            "tickets drawn, and only those"
        )
    state = state.with_chosen_additional_tickets(drawn, chosen)
    tell_all(players, Info(name).kept_tickets(len(chosen)))
    return state
''',
            (
                "'Keeping no ticket, or a ticket that was not drawn, raises ValueError naming the player': the message "
                "names PLAYER_1/PLAYER_2, not the player's name"
            ), replace=True, rule="draw-tickets-error-names-the-player"),

    Mistake("tchu-unseen-fresh-rng-for-deck", "tchu.draw_cards", '''def draw_cards(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_CARDS turn of the current player (two cards); return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    for draw in range(2):
        # shuffle the discards into a new deck if the deck is empty
        state = state.with_cards_deck_recreated_if_needed(random.Random())
        if draw == 1:
            update_all(players, state)
        slot = player.draw_slot()
        if slot == Constants.DECK_SLOT:
            state = state.with_blindly_drawn_card()
            tell_all(players, Info(name).drew_blind_card())
        elif slot in Constants.FACE_UP_CARD_SLOTS:
            card = state.card_state.face_up_card(slot)
            state = state.with_drawn_face_up_card(slot)
            tell_all(players, Info(name).drew_visible_card(card))
        else:
            raise ValueError(f"{name} chose to draw from slot {slot!r}: a slot is -1 (the deck) or 0 to 4")
    return state
''',
            (
                "'rng, a random.Random, is used ... to shuffle the discards into a new deck': a new unseeded generator "
                "makes seeded games irreproducible"
            ), replace=True, rule="deck-recreated-with-the-given-rng"),

    Mistake("tchu-unseen-deck-card-revealed", "tchu.draw_cards", '''def draw_cards(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_CARDS turn of the current player (two cards); return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    for draw in range(2):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if draw == 1:
            update_all(players, state)
        slot = player.draw_slot()
        if slot == Constants.DECK_SLOT:
            card = state.top_card()
            state = state.with_blindly_drawn_card()
        elif slot in Constants.FACE_UP_CARD_SLOTS:
            card = state.card_state.face_up_card(slot)
            state = state.with_drawn_face_up_card(slot)
        else:
            raise ValueError(f"{name} chose to draw from slot {slot!r}: a slot is -1 (the deck) or 0 to 4")
        # tell everyone which card was drawn
        tell_all(players, Info(name).drew_visible_card(card))
    return state
''',
            (
                "a card from the deck is told with drew_blind_card ('from the deck or face up'); here everyone is told "
                "the hidden card with drew_visible_card"
            ), replace=True, rule="deck-card-told-as-a-blind-draw"),

    Mistake("tchu-unseen-both-slots-asked-first", "tchu.draw_cards", '''def draw_cards(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_CARDS turn of the current player (two cards); return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    first_slot = player.draw_slot()
    update_all(players, state)
    second_slot = player.draw_slot()
    for slot in (first_slot, second_slot):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if slot == Constants.DECK_SLOT:
            state = state.with_blindly_drawn_card()
            tell_all(players, Info(name).drew_blind_card())
        elif slot in Constants.FACE_UP_CARD_SLOTS:
            card = state.card_state.face_up_card(slot)
            state = state.with_drawn_face_up_card(slot)
            tell_all(players, Info(name).drew_visible_card(card))
        else:
            raise ValueError(f"{name} chose to draw from slot {slot!r}: a slot is -1 (the deck) or 0 to 4")
    return state
''',
            (
                "the first card is drawn (and told) before the second draw_slot, whose update_state shows 'which card "
                "replaced the face-up card it took first'; here both slots are asked before any card is drawn"
            ), replace=True, rule="draw-cards-state-to-everyone-between-the-draws"),

    Mistake("tchu-unseen-exactly-enough-cars-refused", "tchu.claim_route", '''def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    own = state.current_player_state()
    if not state.is_route_free(route):
        raise ValueError(f"{name} tried to claim route {route.id} ({route}): it is taken")
    if own.car_count <= route.length:
        raise ValueError(f"{name} has {own.car_count} cars: too few to claim route {route.id} ({route})")
    if cards not in own.possible_claim_cards(route):
        raise ValueError(f"{name} cannot claim route {route.id} ({route}) with {list(cards)}")
    if not route.is_tunnel:
        tell_all(players, info.claimed_route(route, cards))
        return state.with_claimed_route(route, cards)

    tell_all(players, info.attempts_tunnel_claim(route, cards))
    drawn = []
    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if state.card_state.is_deck_empty:
            break
        drawn.append(state.top_card())
        state = state.without_top_card()
    drawn = SortedBag(drawn)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, info.drew_additional_cards(drawn, extra_count))
    if extra_count == 0:
        tell_all(players, info.claimed_route(route, cards))
        state = state.with_claimed_route(route, cards)
    else:
        options = state.current_player_state().possible_additional_cards(extra_count, cards)
        extra = player.choose_additional_cards(options) if options else SortedBag()
        if len(extra) == 0:
            tell_all(players, info.did_not_claim_route(route))
        elif extra not in options:
            raise ValueError(f"{name} chose the additional cards {list(extra)} for tunnel {route.id}")
        else:
            all_cards = cards.union(extra)
            tell_all(players, info.claimed_route(route, all_cards))
            state = state.with_claimed_route(route, all_cards)
    return state.with_more_discarded_cards(drawn)
''',
            (
                "the player needs 'route.length cars at least': a player with exactly that many cars (e.g. 2 cars, a "
                "route of 2) is refused"
            ), replace=True, rule="exactly-enough-cars-will-do"),

    Mistake("tchu-unseen-twin-route-not-checked", "tchu.claim_route", '''def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    own = state.current_player_state()
    if route in state.claimed_routes():
        raise ValueError(f"{name} tried to claim route {route.id} ({route}): it is taken")
    if own.car_count < route.length or cards not in own.possible_claim_cards(route):
        raise ValueError(
            f"{name} tried to claim route {route.id} ({route}) with {list(cards)}: "
            "not enough cars, or these cards cannot claim it"
        )
    if not route.is_tunnel:
        tell_all(players, info.claimed_route(route, cards))
        return state.with_claimed_route(route, cards)

    tell_all(players, info.attempts_tunnel_claim(route, cards))
    drawn = []
    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if state.card_state.is_deck_empty:
            break
        drawn.append(state.top_card())
        state = state.without_top_card()
    drawn = SortedBag(drawn)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, info.drew_additional_cards(drawn, extra_count))
    if extra_count == 0:
        tell_all(players, info.claimed_route(route, cards))
        state = state.with_claimed_route(route, cards)
    else:
        options = state.current_player_state().possible_additional_cards(extra_count, cards)
        extra = player.choose_additional_cards(options) if options else SortedBag()
        if len(extra) == 0:
            tell_all(players, info.did_not_claim_route(route))
        elif extra not in options:
            raise ValueError(f"{name} chose the additional cards {list(extra)} for tunnel {route.id}")
        else:
            all_cards = cards.union(extra)
            tell_all(players, info.claimed_route(route, all_cards))
            state = state.with_claimed_route(route, all_cards)
    return state.with_more_discarded_cards(drawn)
''',
            (
                "'state.is_route_free(route) (neither the route nor its twin ... is taken)': only the route itself is "
                "checked, so a blocked twin is announced and attempted before any error"
            ), replace=True, rule="twin-route-is-taken"),

    Mistake("tchu-unseen-silent-when-tunnel-unpayable", "tchu.claim_route", '''def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    own = state.current_player_state()
    if not state.is_route_free(route):
        raise ValueError(f"{name} tried to claim route {route.id} ({route}): it is taken")
    if own.car_count < route.length or cards not in own.possible_claim_cards(route):
        raise ValueError(
            f"{name} tried to claim route {route.id} ({route}) with {list(cards)}: "
            "not enough cars, or these cards cannot claim it"
        )
    if not route.is_tunnel:
        tell_all(players, info.claimed_route(route, cards))
        return state.with_claimed_route(route, cards)

    tell_all(players, info.attempts_tunnel_claim(route, cards))
    drawn = []
    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if state.card_state.is_deck_empty:
            break
        drawn.append(state.top_card())
        state = state.without_top_card()
    drawn = SortedBag(drawn)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, info.drew_additional_cards(drawn, extra_count))
    if extra_count == 0:
        tell_all(players, info.claimed_route(route, cards))
        state = state.with_claimed_route(route, cards)
    else:
        options = state.current_player_state().possible_additional_cards(extra_count, cards)
        if options:
            extra = player.choose_additional_cards(options)
            if len(extra) == 0:
                tell_all(players, info.did_not_claim_route(route))
            elif extra not in options:
                raise ValueError(f"{name} chose the additional cards {list(extra)} for tunnel {route.id}")
            else:
                all_cards = cards.union(extra)
                tell_all(players, info.claimed_route(route, all_cards))
                state = state.with_claimed_route(route, all_cards)
    return state.with_more_discarded_cards(drawn)
''',
            (
                "a message 'when a player cannot, or will not, play the additional cards': here did_not_claim_route is "
                "sent only when the player gives up, not when it cannot pay"
            ), replace=True, rule="unclaimed-tunnel-told-to-everyone"),

    Mistake("tchu-unseen-tunnel-deck-recreated-once", "tchu.claim_route", '''def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    own = state.current_player_state()
    if not state.is_route_free(route):
        raise ValueError(f"{name} tried to claim route {route.id} ({route}): it is taken")
    if own.car_count < route.length or cards not in own.possible_claim_cards(route):
        raise ValueError(
            f"{name} tried to claim route {route.id} ({route}) with {list(cards)}: "
            "not enough cars, or these cards cannot claim it"
        )
    if not route.is_tunnel:
        tell_all(players, info.claimed_route(route, cards))
        return state.with_claimed_route(route, cards)

    tell_all(players, info.attempts_tunnel_claim(route, cards))
    # make sure there is a deck to turn the 3 cards over from
    state = state.with_cards_deck_recreated_if_needed(rng)
    drawn = []
    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):
        if state.card_state.is_deck_empty:
            break
        drawn.append(state.top_card())
        state = state.without_top_card()
    drawn = SortedBag(drawn)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, info.drew_additional_cards(drawn, extra_count))
    if extra_count == 0:
        tell_all(players, info.claimed_route(route, cards))
        state = state.with_claimed_route(route, cards)
    else:
        options = state.current_player_state().possible_additional_cards(extra_count, cards)
        extra = player.choose_additional_cards(options) if options else SortedBag()
        if len(extra) == 0:
            tell_all(players, info.did_not_claim_route(route))
        elif extra not in options:
            raise ValueError(f"{name} chose the additional cards {list(extra)} for tunnel {route.id}")
        else:
            all_cards = cards.union(extra)
            tell_all(players, info.claimed_route(route, all_cards))
            state = state.with_claimed_route(route, all_cards)
    return state.with_more_discarded_cards(drawn)
''',
            (
                "advice 1: recreate the deck 'before every single card', 'the three cards of a tunnel are drawn one "
                "after the other': recreated once, a deck of 1 or 2 cards gives fewer than 3 cards although the "
                "discards hold more"
            ), replace=True, rule="tunnel-cards-drawn-one-at-a-time"),

    Mistake("tchu-unseen-claim-cards-discarded-twice", "tchu.claim_route", '''def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    own = state.current_player_state()
    if not state.is_route_free(route):
        raise ValueError(f"{name} tried to claim route {route.id} ({route}): it is taken")
    if own.car_count < route.length or cards not in own.possible_claim_cards(route):
        raise ValueError(
            f"{name} tried to claim route {route.id} ({route}) with {list(cards)}: "
            "not enough cars, or these cards cannot claim it"
        )
    if not route.is_tunnel:
        tell_all(players, info.claimed_route(route, cards))
        # the cards the player used go to the discards
        return state.with_claimed_route(route, cards).with_more_discarded_cards(cards)

    tell_all(players, info.attempts_tunnel_claim(route, cards))
    drawn = []
    for _ in range(Constants.ADDITIONAL_TUNNEL_CARDS):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if state.card_state.is_deck_empty:
            break
        drawn.append(state.top_card())
        state = state.without_top_card()
    drawn = SortedBag(drawn)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, info.drew_additional_cards(drawn, extra_count))
    if extra_count == 0:
        tell_all(players, info.claimed_route(route, cards))
        state = state.with_claimed_route(route, cards)
    else:
        options = state.current_player_state().possible_additional_cards(extra_count, cards)
        extra = player.choose_additional_cards(options) if options else SortedBag()
        if len(extra) == 0:
            tell_all(players, info.did_not_claim_route(route))
        elif extra not in options:
            raise ValueError(f"{name} chose the additional cards {list(extra)} for tunnel {route.id}")
        else:
            all_cards = cards.union(extra)
            tell_all(players, info.claimed_route(route, all_cards))
            state = state.with_claimed_route(route, all_cards)
    return state.with_more_discarded_cards(drawn)
''',
            (
                "'state.with_claimed_route(route, cards)' already moves the cards to the discards; discarding them "
                "again creates cards (more than 110 in the game)"
            ), replace=True, rule="claim-cards-go-to-the-discards"),

    Mistake("tchu-unseen-winner-decided-before-bonus", "tchu.end", '''def end_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
) -> dict[PlayerId, int]:
    """End the game in `state`: send the final state, the bonus and the result to everyone."""
    update_all(players, state)
    points = {pid: state.player_state(pid).final_points() for pid in PlayerId}
    first, second = PlayerId
    tie = points[first] == points[second]
    winner = max(PlayerId, key=points.get)

    totals = dict(points)
    trails = {pid: Trail.longest(state.player_state(pid).routes) for pid in PlayerId}
    longest = max(trail.length for trail in trails.values())
    for pid in PlayerId:
        if trails[pid].length == longest:
            totals[pid] += Constants.LONGEST_TRAIL_BONUS_POINTS
            tell_all(players, Info(player_names[pid]).gets_longest_trail_bonus(trails[pid]))
    if tie:
        names = [player_names[pid] for pid in PlayerId]
        tell_all(players, Info.draw(names, totals[first]))
    else:
        tell_all(players, Info(player_names[winner]).won(totals[winner], totals[winner.next()]))
    return totals
''',
            (
                "'A player's total is its final_points() (routes and tickets) plus its bonus' and the winner has more "
                "points: here the winner (or the tie) is decided before the bonus is added"
            ), replace=True, rule="higher-total-with-bonus-wins"),

    Mistake("tchu-unseen-no-bonus-without-routes", "tchu.end", '''def end_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
) -> dict[PlayerId, int]:
    """End the game in `state`: send the final state, the bonus and the result to everyone."""
    update_all(players, state)
    trails = {pid: Trail.longest(state.player_state(pid).routes) for pid in PlayerId}
    longest = max(trail.length for trail in trails.values())
    totals = {pid: state.player_state(pid).final_points() for pid in PlayerId}
    for pid in PlayerId:
        # an empty trail is no trail: nobody earns the bonus with no route
        if longest > 0 and trails[pid].length == longest:
            totals[pid] += Constants.LONGEST_TRAIL_BONUS_POINTS
            tell_all(players, Info(player_names[pid]).gets_longest_trail_bonus(trails[pid]))
    first, second = PlayerId
    if totals[first] == totals[second]:
        names = [player_names[pid] for pid in PlayerId]
        tell_all(players, Info.draw(names, totals[first]))
    else:
        winner = max(PlayerId, key=totals.get)
        loser = winner.next()
        tell_all(players, Info(player_names[winner]).won(totals[winner], totals[loser]))
    return totals
''',
            (
                "'both if their trails are as long, get LONGEST_TRAIL_BONUS_POINTS': two players with no route have "
                "trails as long (0) and both get the bonus"
            ), replace=True, rule="as-long-trails-both-get-the-bonus"),

    Mistake("tchu-unseen-next-turn-asked-per-kind", "tchu.play", '''TURNS = {
    TurnKind.DRAW_TICKETS: draw_tickets,
    TurnKind.DRAW_CARDS: draw_cards,
    TurnKind.CLAIM_ROUTE: claim_route,
}


def play(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> dict[PlayerId, int]:
    """Play a whole game of tCHu between `players`; return each player's total points."""
    if len(players) != 2 or len(player_names) != 2:
        raise ValueError(
            f"a game has exactly 2 players and 2 names, got {len(players)} players "
            f"and {len(player_names)} names"
        )
    state = start_game(players, player_names, tickets, rng)
    while True:
        player_id = state.current_player_id
        name = player_names[player_id]
        player = players[player_id]
        update_all(players, state)
        tell_all(players, Info(name).can_play())
        if player.next_turn() == TurnKind.DRAW_TICKETS:
            state = draw_tickets(players, player_names, state, rng)
        elif player.next_turn() == TurnKind.DRAW_CARDS:
            state = draw_cards(players, player_names, state, rng)
        else:
            state = claim_route(players, player_names, state, rng)
        if state.last_turn_begins():
            car_count = state.current_player_state().car_count
            tell_all(players, Info(name).last_turn_begins(car_count))
        if player_id == state.last_player:
            return end_game(players, player_names, state)
        state = state.for_next_turn()
''',
            (
                "'asks the current player for its next_turn()' once per turn: an if/elif chain calls next_turn() again "
                "for each kind it tests"
            ), replace=True, rule="one-next-turn-per-turn"),

    Mistake("tchu-unseen-last-turn-told-every-turn", "tchu.play", '''TURNS = {
    TurnKind.DRAW_TICKETS: draw_tickets,
    TurnKind.DRAW_CARDS: draw_cards,
    TurnKind.CLAIM_ROUTE: claim_route,
}


def play(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> dict[PlayerId, int]:
    """Play a whole game of tCHu between `players`; return each player's total points."""
    if len(players) != 2 or len(player_names) != 2:
        raise ValueError(
            f"a game has exactly 2 players and 2 names, got {len(players)} players "
            f"and {len(player_names)} names"
        )
    state = start_game(players, player_names, tickets, rng)
    while True:
        player_id = state.current_player_id
        name = player_names[player_id]
        update_all(players, state)
        tell_all(players, Info(name).can_play())
        kind = players[player_id].next_turn()
        state = TURNS[kind](players, player_names, state, rng)
        car_count = state.current_player_state().car_count
        if car_count <= 2:
            tell_all(players, Info(name).last_turn_begins(car_count))
        if player_id == state.last_player:
            return end_game(players, player_names, state)
        state = state.for_next_turn()
''',
            (
                "the message goes out 'when the last turn begins', once ('if state.last_turn_begins()'); testing the "
                "cars alone repeats it on every later turn of a player with 2 cars or fewer"
            ), replace=True, rule="last-turn-told-once-at-two-cars"),
]

ALTERNATIVES += [
    Alternative("tchu-unseen-alt-start-subsets-check", "tchu.start", '''def start_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> GameState:
    """Start a game and return the state in which the first player begins its first turn."""
    state = GameState.initial(tickets, rng)
    for player_id in PlayerId:
        players[player_id].init_players(player_id, dict(player_names))
    first = Info(player_names[state.current_player_id])
    tell_all(players, first.will_play_first())

    count = Constants.INITIAL_TICKETS_COUNT
    least = count - Constants.DISCARDABLE_TICKETS_COUNT
    offers = {}
    for player_id in PlayerId:
        offers[player_id] = state.top_tickets(count)
        state = state.without_top_tickets(count)
    for player_id, offered in offers.items():
        players[player_id].set_initial_ticket_choice(offered)

    update_all(players, state)
    choices = {}
    for player_id, offered in offers.items():
        chosen = SortedBag(tuple(players[player_id].choose_initial_tickets()))
        allowed = [bag for size in range(least, count + 1) for bag in offered.subsets_of_size(size)]
        if chosen not in allowed:
            raise ValueError(
                f"{player_names[player_id]} kept {len(chosen)} tickets ({list(chosen)}): "
                f"keep {least} to {count} of the tickets offered"
            )
        choices[player_id] = chosen
    for player_id, chosen in choices.items():
        state = state.with_initially_chosen_tickets(player_id, chosen)
    for player_id, chosen in choices.items():
        tell_all(players, Info(player_names[player_id]).kept_tickets(len(chosen)))
    return state
''',
                (
                    "legal choices listed with subsets_of_size (a multiset test), every choice checked before any is "
                    "applied, kept counts from the choices"
                ), replace=True),

    Alternative("tchu-unseen-alt-tickets-count-difference", "tchu.draw_tickets", '''def draw_tickets(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_TICKETS turn of the current player; return the new state."""
    player_id = state.current_player_id
    info = Info(player_names[player_id])
    tell_all(players, info.drew_tickets(Constants.IN_GAME_TICKETS_COUNT))
    drawn = state.top_tickets(Constants.IN_GAME_TICKETS_COUNT)
    chosen = players[player_id].choose_tickets(drawn)
    legal = len(chosen) > 0 and all(chosen.count(ticket) <= drawn.count(ticket) for ticket in chosen)
    if not legal:
        raise ValueError(f"{player_names[player_id]} may keep 1 to 3 of the tickets drawn, not {list(chosen)}")
    before = state.player_state(player_id).ticket_count
    state = state.with_chosen_additional_tickets(drawn, chosen)
    after = state.player_state(player_id).ticket_count
    tell_all(players, info.kept_tickets(after - before))
    return state
''',
                (
                    "counts each ticket to test the choice, and tells the number kept as the growth of the player's "
                    "ticket count"
                ), replace=True),

    Alternative("tchu-unseen-alt-cards-model-slot-check", "tchu.draw_cards", '''def draw_cards(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a DRAW_CARDS turn of the current player (two cards); return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    for second in (False, True):
        state = state.with_cards_deck_recreated_if_needed(rng)
        if second:
            update_all(players, state)
        slot = player.draw_slot()
        if slot == Constants.DECK_SLOT:
            state = state.with_blindly_drawn_card()
            tell_all(players, info.drew_blind_card())
            continue
        try:
            card = state.card_state.face_up_card(slot)
        except ValueError:
            raise ValueError(f"{name} asked for slot {slot!r}; slots are -1 (the deck) and 0 to 4") from None
        state = state.with_drawn_face_up_card(slot)
        tell_all(players, info.drew_visible_card(card))
    return state
''',
                (
                    "lets the model's face_up_card reject a bad slot and re-raises a ValueError naming the player and "
                    "the slot; the deck case ends its iteration with continue"
                ), replace=True),

    Alternative((
        "tchu-unseen-alt-claim-helpers"
    ), "tchu.claim_route", '''def _check_claim(name: str, state: GameState, route, cards: SortedBag) -> None:
    """Raise ValueError, naming the player and the route, unless the claim is legal."""
    own = state.current_player_state()
    if not state.is_route_free(route):
        raise ValueError(f"{name}: route {route.id} ({route}) or its twin is already taken")
    if own.car_count < route.length:
        raise ValueError(f"{name}: {own.car_count} cars are too few for route {route.id} ({route})")
    if cards not in own.possible_claim_cards(route):
        raise ValueError(f"{name}: {list(cards)} cannot claim route {route.id} ({route})")


def _turn_over(state: GameState, rng: random.Random) -> tuple[GameState, SortedBag]:
    """Turn over up to 3 cards from the deck, one at a time, recreating it before each."""
    drawn = []
    while len(drawn) < Constants.ADDITIONAL_TUNNEL_CARDS:
        state = state.with_cards_deck_recreated_if_needed(rng)
        if state.card_state.is_deck_empty:
            break
        drawn.append(state.top_card())
        state = state.without_top_card()
    return state, SortedBag(tuple(drawn))


def claim_route(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
    rng: random.Random,
) -> GameState:
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    info = Info(name)
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    _check_claim(name, state, route, cards)
    if not route.is_tunnel:
        tell_all(players, info.claimed_route(route, cards))
        return state.with_claimed_route(route, cards)

    tell_all(players, info.attempts_tunnel_claim(route, cards))
    state, drawn = _turn_over(state, rng)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, info.drew_additional_cards(drawn, extra_count))
    state = state.with_more_discarded_cards(drawn)
    used = cards
    if extra_count > 0:
        options = state.current_player_state().possible_additional_cards(extra_count, cards)
        extra = player.choose_additional_cards(options) if len(options) > 0 else SortedBag()
        if len(extra) == 0:
            tell_all(players, info.did_not_claim_route(route))
            return state
        if extra not in options:
            raise ValueError(f"{name}: {list(extra)} is not one of the options for tunnel {route.id}")
        used = cards.union(extra)
    tell_all(players, info.claimed_route(route, used))
    return state.with_claimed_route(route, used)
''',
                (
                    "legality in a helper with one message per reason, a while loop turning cards over, the drawn "
                    "cards discarded as soon as they are counted, early returns"
                ), replace=True),

    Alternative("tchu-unseen-alt-end-sorted-ranking", "tchu.end", '''def end_game(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    state: GameState,
) -> dict[PlayerId, int]:
    """End the game in `state`: send the final state, the bonus and the result to everyone."""
    update_all(players, state)
    totals = {}
    trails = {}
    for pid in PlayerId:
        own = state.player_state(pid)
        totals[pid] = own.final_points()
        trails[pid] = Trail.longest(own.routes)
    for pid in PlayerId:
        if not trails[pid].length < trails[pid.next()].length:
            totals[pid] = totals[pid] + Constants.LONGEST_TRAIL_BONUS_POINTS
            tell_all(players, Info(player_names[pid]).gets_longest_trail_bonus(trails[pid]))
    best, other = sorted(PlayerId, key=lambda pid: totals[pid], reverse=True)
    if totals[best] > totals[other]:
        result = Info(player_names[best]).won(totals[best], totals[other])
    else:
        result = Info.draw([player_names[pid] for pid in PlayerId], totals[best])
    tell_all(players, result)
    return totals
''',
                (
                    "one pass for points and trails, the bonus when a trail is not shorter than the other's, the "
                    "winner from a sorted ranking"
                ), replace=True),

    Alternative("tchu-unseen-alt-play-match", "tchu.play", '''TURNS = {
    TurnKind.DRAW_TICKETS: draw_tickets,
    TurnKind.DRAW_CARDS: draw_cards,
    TurnKind.CLAIM_ROUTE: claim_route,
}


def play(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> dict[PlayerId, int]:
    """Play a whole game of tCHu between `players`; return each player's total points."""
    if any(len(table) != 2 for table in (players, player_names)):
        raise ValueError(f"play needs 2 players and 2 names, got {len(players)} and {len(player_names)}")
    state = start_game(players, player_names, tickets, rng)
    game_over = False
    while not game_over:
        player_id = state.current_player_id
        info = Info(player_names[player_id])
        update_all(players, state)
        tell_all(players, info.can_play())
        match players[player_id].next_turn():
            case TurnKind.DRAW_TICKETS:
                state = draw_tickets(players, player_names, state, rng)
            case TurnKind.DRAW_CARDS:
                state = draw_cards(players, player_names, state, rng)
            case TurnKind.CLAIM_ROUTE:
                state = claim_route(players, player_names, state, rng)
            case other:
                raise ValueError(f"{info.player_name} chose {other!r}, which is not a TurnKind")
        if state.last_turn_begins():
            tell_all(players, info.last_turn_begins(state.player_state(player_id).car_count))
        game_over = state.last_player is player_id
        if not game_over:
            state = state.for_next_turn()
    return end_game(players, player_names, state)
''',
                (
                    "a match statement on the TurnKind instead of the TURNS dict, and a game_over flag instead of "
                    "return inside the loop"
                ), replace=True),
    Alternative("tchu-unseen-alt-turn-told-before-state", "tchu.play", '''TURNS = {
    TurnKind.DRAW_TICKETS: draw_tickets,
    TurnKind.DRAW_CARDS: draw_cards,
    TurnKind.CLAIM_ROUTE: claim_route,
}


def play(
    players: dict[PlayerId, Player],
    player_names: dict[PlayerId, str],
    tickets: SortedBag[Ticket],
    rng: random.Random,
) -> dict[PlayerId, int]:
    """Play a whole game of tCHu between `players`; return each player's total points."""
    if len(players) != 2 or len(player_names) != 2:
        raise ValueError(
            f"a game has exactly 2 players and 2 names, got {len(players)} players "
            f"and {len(player_names)} names"
        )
    state = start_game(players, player_names, tickets, rng)
    while True:
        player_id = state.current_player_id
        name = player_names[player_id]
        tell_all(players, Info(name).can_play())
        update_all(players, state)
        kind = players[player_id].next_turn()
        if kind not in TURNS:
            raise ValueError(f"{name} answered the turn {kind!r}, which is no TurnKind")
        state = TURNS[kind](players, player_names, state, rng)
        if state.last_turn_begins():
            car_count = state.current_player_state().car_count
            tell_all(players, Info(name).last_turn_begins(car_count))
        if player_id == state.last_player:
            return end_game(players, player_names, state)
        state = state.for_next_turn()
''',
            (
                "can_play is told before the state is sent: update_state is still just before next_turn, and the text "
                "fixes no order between the two"
            ), replace=True),

]

# The alternative the last round left refused: the number of tunnel cards counted from the
# deck and the discards first, and one more state update after the claim, before the drawn
# cards reach the discards (the text allows an update at every change of the state).
ALTERNATIVES += [
    Alternative((
        "tchu-unseen-alt-tunnel-cards-counted-first-and-updated-after"
    ), "tchu.claim_route", '''def claim_route(players, player_names, state, rng):
    """Play a CLAIM_ROUTE turn of the current player; return the new state."""
    name = player_names[state.current_player_id]
    player = players[state.current_player_id]
    route = player.claimed_route()
    cards = player.initial_claim_cards()
    own = state.current_player_state()
    if not state.is_route_free(route):
        raise ValueError(f"{name} cannot claim {route.id}: it is taken")
    if own.car_count < route.length or cards not in own.possible_claim_cards(route):
        raise ValueError(f"{name} cannot claim {route.id} with {list(cards)}")
    if not route.is_tunnel:
        tell_all(players, Info(name).claimed_route(route, cards))
        return state.with_claimed_route(route, cards)
    tell_all(players, Info(name).attempts_tunnel_claim(route, cards))
    count = min(Constants.ADDITIONAL_TUNNEL_CARDS, state.card_state.deck_size + state.card_state.discards_size)
    drawn = []
    for _ in range(count):
        state = state.with_cards_deck_recreated_if_needed(rng)
        drawn.append(state.top_card())
        state = state.without_top_card()
    drawn = SortedBag(drawn)
    extra_count = route.additional_claim_cards_count(cards, drawn)
    tell_all(players, Info(name).drew_additional_cards(drawn, extra_count))
    used = cards
    if extra_count > 0:
        options = state.current_player_state().possible_additional_cards(extra_count, cards)
        extra = player.choose_additional_cards(options) if options else SortedBag()
        if extra and extra not in options:
            raise ValueError(f"{name} chose {list(extra)} for {route.id}: not an option")
        used = cards.union(extra) if extra else None
    if used is None:
        tell_all(players, Info(name).did_not_claim_route(route))
    else:
        tell_all(players, Info(name).claimed_route(route, used))
        state = state.with_claimed_route(route, used)
    update_all(players, state)
    return state.with_more_discarded_cards(drawn)
''',
                "'draw those there are' counted first, min(3, deck + discards), and an update after the tunnel "
                "while its 3 cards are still turned over", replace=True),
]
