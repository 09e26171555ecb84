"""What the hidden tests of worksheet 4, tCHu, run inside the notebook's process: the players
of the games (styled, scripted, random, greedy), each wrapped in a player that records every
call, and the notebook's game functions called with them.

Shipped by course.grading.notebook.shipped, which gives this module ``snapshot`` and ``caught``. A
recording player writes down each call with its arguments as they would have crossed to the
grader at that moment (a snapshot), and gives its player that copy, as a player of the grader
would have received it. The strategies (strategies.tchu) import :class:`Style` and
:class:`StylePlayer` from here: the same players on both sides.
"""

import functools
import random
from dataclasses import dataclass

from exercises import i18n
from exercises.tchu import Card, ChMap, Constants, GreedyPlayer, Info, PlayerId, RandomPlayer, SortedBag, TurnKind
from exercises.tchu.checks.messages import MessageKind, MessageReader
from exercises.tchu.checks.recording import RecordingPlayer, ScriptedPlayer
from exercises.tchu.model.players import claimable_routes

P1, P2 = PlayerId.PLAYER_1, PlayerId.PLAYER_2
NAMES = {P1: "Ada", P2: "Bob"}


@dataclass(frozen=True)
class Style:
    """How a :class:`StylePlayer` plays: the weights of its turns and its preferences."""

    claim: int = 4
    cards: int = 4
    tickets: int = 1
    keep: str = "any"
    slots: str = "any"
    routes: str = "any"
    tunnels: str = "any"
    seed: int = 0

    def __str__(self) -> str:
        return (f"Style(claim={self.claim}, cards={self.cards}, tickets={self.tickets}, keep={self.keep!r}, "
                f"slots={self.slots!r}, routes={self.routes!r}, tunnels={self.tunnels!r}, seed={self.seed})")


class StylePlayer:
    """A legal player whose choices come from ``style`` and its own ``random.Random``.

    It remembers the last state it received (``update_state``) and decides from it, as a
    real player does: a game loop that sends stale states gets other decisions.
    """

    def __init__(self, style: Style) -> None:
        self.style = style
        self.rng = random.Random(style.seed)
        self.state = self.own = None
        self.offer = SortedBag()
        self.route = None

    def init_players(self, own_id, player_names):
        pass

    def receive_info(self, info):
        pass

    def update_state(self, new_state, own_state):
        self.state, self.own = new_state, own_state

    def set_initial_ticket_choice(self, tickets):
        self.offer = tickets

    def _kept(self, options, least):
        options = list(options)
        count = {"fewest": least, "most": len(options)}.get(self.style.keep) or self.rng.randint(least, len(options))
        return SortedBag(tuple(self.rng.sample(options, count)))

    def choose_initial_tickets(self):
        return self._kept(self.offer, Constants.INITIAL_TICKETS_COUNT - Constants.DISCARDABLE_TICKETS_COUNT)

    def choose_tickets(self, options):
        return self._kept(options, 1)

    def next_turn(self):
        state, own = self.state, self.own
        routes = claimable_routes(state, own) if own is not None else []
        weights = {
            TurnKind.CLAIM_ROUTE: self.style.claim if routes else 0,
            TurnKind.DRAW_CARDS: self.style.cards if state.can_draw_cards() else 0,
            TurnKind.DRAW_TICKETS: self.style.tickets if state.can_draw_tickets() else 0,
        }
        if not any(weights.values()):  # the style's moves are all impossible: any legal one
            weights = {kind: 1 for kind, ok in [
                (TurnKind.CLAIM_ROUTE, bool(routes)), (TurnKind.DRAW_CARDS, state.can_draw_cards()),
                (TurnKind.DRAW_TICKETS, state.can_draw_tickets())] if ok} or {TurnKind.DRAW_CARDS: 1}
        kinds = list(weights)
        kind = self.rng.choices(kinds, [weights[k] for k in kinds])[0]
        self.route = self._route(routes) if kind is TurnKind.CLAIM_ROUTE else None
        return kind

    def _route(self, routes):
        preference = self.style.routes
        if preference == "longest":
            best = max(r.length for r in routes)
            routes = [r for r in routes if r.length == best]
        elif preference == "shortest":
            best = min(r.length for r in routes)
            routes = [r for r in routes if r.length == best]
        elif preference == "tunnels" and any(r.is_tunnel for r in routes):
            routes = [r for r in routes if r.is_tunnel]
        return self.rng.choice(routes)

    def draw_slot(self):
        cards = self.state.card_state
        if cards.total_size == 0:  # no deck and no discards: only the face-up cards are left
            return self.rng.randrange(Constants.FACE_UP_CARDS_COUNT)
        if self.style.slots == "deck":
            return Constants.DECK_SLOT
        if self.style.slots == "face_up":
            return self.rng.randrange(Constants.FACE_UP_CARDS_COUNT)
        if self.style.slots == "locomotives" and Card.LOCOMOTIVE in cards.face_up_cards:
            return cards.face_up_cards.index(Card.LOCOMOTIVE)
        return self.rng.choice([Constants.DECK_SLOT, *Constants.FACE_UP_CARD_SLOTS])

    def claimed_route(self):
        return self.route

    def initial_claim_cards(self):
        return self.rng.choice(self.own.possible_claim_cards(self.route))

    def choose_additional_cards(self, options):
        tunnels = self.style.tunnels
        if tunnels == "cheapest":
            return options[0]
        if tunnels == "dearest":
            return options[-1]
        # giving up only while cards can still be drawn: once no card can be drawn, a player
        # who always gave up its tunnels would leave a game that never ends
        if (tunnels == "give_up" and self.state.can_draw_cards()) or self.rng.random() < 0.25:
            return SortedBag()
        return self.rng.choice(options)


class Answers(ScriptedPlayer):
    """A scripted current player whose tunnel choice and kept tickets are positions; its
    initial choice keeps the offered tickets at positions ``initial`` (all 5 when None).
    With ``foreign`` every choice of tickets adds one that was not offered; the tunnel
    choice "more" answers a bag one card larger than the options (no option)."""

    def __init__(self, slots=(), claims=(), choice=None, keep=(), initial=None, foreign=False):
        super().__init__(slots=list(slots), claims=list(claims))
        self.choice, self.keep = choice, tuple(keep)
        self.initial, self.foreign = initial, foreign

    def choose_initial_tickets(self):
        offered = super().choose_initial_tickets() if self.initial is None else SortedBag(
            tuple(t for i, t in enumerate(self.offer) if i in self.initial))
        return self._with_foreign(offered, self.offer)

    def _with_foreign(self, kept, offer):
        """``kept``, with one ticket that is not in ``offer`` when the player is ``foreign``."""
        if not self.foreign:
            return kept
        return SortedBag((*kept, next(t for t in ChMap.tickets() if t not in offer)))

    def choose_additional_cards(self, options):
        self._count("choose_additional_cards")
        if self.choice == "more":
            return SortedBag((Card.LOCOMOTIVE,) * (len(options[0]) + 1))
        return SortedBag() if self.choice is None else options[self.choice % len(options)]

    def choose_tickets(self, options):
        return self._with_foreign(SortedBag(tuple(t for i, t in enumerate(options) if i in self.keep)), options)


class Recording(RecordingPlayer):
    """A recording player whose log (and player) get each call's arguments as they would have
    crossed to the grader at the time of the call."""

    def _record(self, method, *args):
        return super()._record(method, *snapshot(args))


#: the players a test names by kind: ("style", Style's fields), ("scripted", ScriptedPlayer's
#: arguments), ("answers", Answers' arguments), ("random", seed), ("greedy", seed)
KINDS = {
    "style": lambda fields: StylePlayer(Style(**fields)),
    "scripted": lambda arguments: ScriptedPlayer(**arguments),
    "answers": lambda arguments: Answers(**arguments),
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}


def called(function, inner, names, *args):
    """``function(players, names, *args)`` with two recording players sharing one log around the
    players ``inner`` names (two (kind, argument) pairs): the log, and ("value", what it
    returned) or ("raised", the exception) at the end. The players' dict has the order of ``names``."""
    log = []
    kinds = dict(zip((P1, P2), inner))
    players = {pid: Recording(pid, KINDS[kinds[pid][0]](kinds[pid][1]), log) for pid in names}
    try:
        return log, ("value", function(players, names, *args))
    except Exception as error:  # the notebook's exception is the outcome compared
        return log, ("raised", caught(error))


def twice(function):
    """``function`` that, called, calls ``function`` twice with the same players, names and
    arguments (its rng going on), and returns what the second call returned."""

    def again(players, names, *args):
        function(players, names, *args)
        return function(players, names, *args)

    return again


def conversed(function, inner, names, in_turn, end, *args):
    """:func:`called`, with the game's conversation (:func:`conversation`) in place of its log."""
    log, outcome = called(function, inner, names, *args)
    return conversation(log, in_turn, end), outcome


# --- what the worksheet fixes of a conversation ------------------------------------------------


@functools.cache
def reader(language):
    """The public checks' reader of Ada and Bob's messages in ``language`` (the current one)."""
    return MessageReader(NAMES)


def read(message):
    """The kind of ``message`` (one of ``Info``'s, about Ada or Bob) in the current language."""
    return reader(i18n.get_language()).read(message).kind


def public_view(public, drop=()):
    fields = {
        "tickets in the pile": public.ticket_count,
        "face-up cards": public.card_state.face_up_cards,
        "deck size": public.card_state.deck_size,
        "discards size": public.card_state.discards_size,
        "deck and discards": public.card_state.deck_size + public.card_state.discards_size,
        "player to play": public.current_player_id,
        "last player": public.last_player,
    }
    for pid in PlayerId:
        ps = public.player_state(pid)
        fields[f"{NAMES[pid]}'s tickets, cards and routes (public)"] = (ps.ticket_count, ps.card_count, ps.routes)
    return {k: v for k, v in fields.items() if k not in drop}


def state_view(args, drop=()):
    """The fields of a state sent with update_state that the worksheet fixes at that time."""
    if args is None:
        return None
    public, own = args
    view = public_view(public, drop)
    view["own tickets"], view["own cards"], view["own routes"] = own.tickets, own.cards, own.routes
    return view


#: at each time the worksheet fixes a state: who must have it, and what of it may differ.
#: Before the initial choice only the chooser's own state and the cards: the pile may still
#: hold the other's offer, and the other may have chosen already (offer, update and choice
#: player after player is as good as offers, update, choices).
#: Before the second draw_slot the deck may be recreated before or after that draw_slot.
CHECKPOINTS = {
    "choose_initial_tickets": ("chooser", ("tickets in the pile", "last player", *(
        f"{name}'s tickets, cards and routes (public)" for name in NAMES.values()))),
    "next_turn": ("both", ("deck and discards",)),
    "draw_slot": ("both", ("deck size", "discards size")),
    "end": ("both", ("deck and discards",)),
}


def conversation(log, in_turn=False, end=True):
    """What the worksheet fixes of a game's calls, for each player, each with its time.

    ``decisions``: the calls asking the player something (and init_players), with their
    arguments and answers; ``states``: the state the player had at each time the worksheet
    fixes one; ``infos``: the messages, each with the moment it came (the start: how many
    of its own decisions came before; a turn: the turn and the decisions of that turn).
    """
    view = {pid: {"decisions": [], "states": [], "infos": []} for pid in PlayerId}
    last = {pid: None for pid in PlayerId}
    turn = step = 0
    if in_turn:  # a turn function: next_turn was answered before it was called
        turn = step = 1
    own = dict.fromkeys(PlayerId, 0)
    for index, call in enumerate(log):
        pid = call.player
        if call.method == "update_state":
            last[pid] = call.args
        elif call.method == "receive_info":
            when = (turn, step) if turn else (0, own[pid])
            view[pid]["infos"].append((index, when, call.args[0]))
        else:
            if call.method == "next_turn":
                turn, step = turn + 1, 0
            point = call.method if call.method != "draw_slot" or step == 2 else None
            if point in CHECKPOINTS:
                who, drop = CHECKPOINTS[point]
                moment = f"before {NAMES[pid]}'s {call.method}()" + (f" at turn {turn}" if turn else "")
                for other in [pid] if who == "chooser" else PlayerId:
                    view[other]["states"].append((index, moment, state_view(last[other], drop)))
            view[pid]["decisions"].append((index, turn, call.method, call.args, call.result))
            own[pid] += 1
            step += 1
    for pid in PlayerId:
        if end:
            view[pid]["states"].append((len(log),
                "at the end of the game", state_view(last[pid], CHECKPOINTS["end"][1])))
        view[pid]["infos"] = normal_infos(view[pid]["infos"])
    return view


def normal_infos(infos):
    """The messages with the freedoms the worksheet leaves: kept-tickets and bonus messages
    in any order within their run, and a tie's two names in either order."""
    kinds = [read(text) for _i, _w, text in infos]
    normal, run = [], []

    def flush():
        normal.extend(sorted(run, key=lambda entry: entry[2]))
        run.clear()

    for entry, kind in zip(infos, kinds):
        index, when, text = entry
        if kind is MessageKind.RESULT:
            text = tie_canonical(text)
        if kind in (MessageKind.KEPT_TICKETS, MessageKind.BONUS) and (
                not run or run[-1][1] == when and read(run[-1][2]) is kind):
            run.append((index, when, text))
            continue
        flush()
        if kind in (MessageKind.KEPT_TICKETS, MessageKind.BONUS):
            run.append((index, when, text))
        else:
            normal.append((index, when, text))
    flush()
    return normal


def tie_canonical(text):
    """A tie message with the two names in the order of PlayerId (the other order is as good)."""
    return ties(i18n.get_language()).get(text, text)


@functools.cache
def ties(language):
    """The tie messages of -500 to 500 points with Bob named first, and each with Ada first, in
    ``language`` (the current one)."""
    return {Info.draw([NAMES[P2], NAMES[P1]], points): Info.draw([NAMES[P1], NAMES[P2]], points)
            for points in range(-500, 501)}
