"""Play tCHu against the computer inside the notebook, with the student's ``play``.

``TchuGame(play)`` starts a game between you (a :class:`RemotePlayer`, answered by the
widget's controls) and a computer player, run by **your** ``play`` in a background
thread. The map is redrawn when the game asks you something (and at its end); the
three actions of a turn are three rows of controls (draw tickets; draw a card from a
face-up slot or the deck; claim a route with the cards to use); choosing tickets and
paying for a tunnel open small dialogs; the game log shows the newest messages first.
An exception raised by ``play`` (or by anything it calls) is shown in the widget's error
panel and ends that game.

The widget itself only shows what the game sends to your player and turns clicks into
answers; the rules are the model's, and the order of the game is your ``play``'s.

A player whose decisions come from somewhere else: the widget, while ``play`` runs.

The student's ``play`` calls its players one method at a time and waits for each answer.
To play against the computer in a notebook, ``play`` runs in a background thread; the
human's seat is a :class:`RemotePlayer`. When ``play`` asks it a question
(``next_turn()``, ``draw_slot()``...), the player shows the question (``on_question``)
and blocks until the widget calls :meth:`RemotePlayer.answer` from a button click.

One click may answer several questions in a row: "draw the face-up card in slot 2"
answers ``next_turn()`` with ``TurnKind.DRAW_CARDS`` and *plans* the answer of the
following ``draw_slot()``. Planned answers are given without waiting.

Starting a new game abandons the old one: :meth:`RemotePlayer.abandon` makes the
waiting question (and any later call of the player: an update, an info) raise
:class:`GameAbandoned`, which ends the old thread (it is a ``BaseException``, so the
student's code and the error panel do not catch it). A new ``TchuGame`` (the cell run
again) stops the games of the older ones, and so does the end of the process, so that
no thread is left drawing a map while Python shuts down.

With a ``play`` that is still a stub, the widget is one sentence: write ``play`` first.

Where Python has no threads (Pyodide, the course's JupyterLite site), ``play`` cannot wait
for a click in a thread of its own. There the widget runs ``play`` in the kernel until the
human's first question, where the player stops it (:class:`_Suspended`); each answer is
recorded, and ``play`` runs again from the start with the same seeds, given the recorded
answers (what it sends meanwhile is not shown again), up to the next question. A seeded
game is the same game every time, so the game goes on as if ``play`` had waited. This needs
no change to the student's ``play`` (asyncio would make it a coroutine, a generator would
make every call a ``yield``), and no browser feature that the kernel lacks (Pyodide's
``run_sync`` needs stack switching and a kernel that takes messages while a cell waits).
"""

from __future__ import annotations

import atexit
import base64
import functools
import html
import queue
import random
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from .. import browser
from ..i18n import N_, _, get_language, ngettext
from ..ui import Announcer, ErrorPanel, StudentCodeError, focus_outline, write_first, write_first_html
from .model import (
    Card,
    ChMap,
    Constants,
    GreedyPlayer,
    Info,
    PlayerId,
    RandomPlayer,
    SortedBag,
    Ticket,
    TurnKind,
    claimable_routes,
)
from .pictures import map_png, map_text, player_state_html

__all__ = ["GameAbandoned", "Question", "RemotePlayer", "TchuGame"]

OPPONENTS = {"greedy": GreedyPlayer, "random": RandomPlayer}
#: how the computer's name says its kind: "Computer (greedy)"
OPPONENT_NAMES = {"greedy": N_("greedy"), "random": N_("random")}
LOG_LINES = 40
#: The map on the page: 800 px wide at most (as drawn), its station names 10 points (11 px).
MAP_WIDTH_PX = 800
MAP_LABEL_POINTS = 10.0


def _cards_text(cards: SortedBag[Card]) -> str:
    """Cards as the game log writes them: "2 red and 1 locomotive"."""
    parts = [f"{n} {Info.card_name(card, n)}" for card, n in SortedBag(tuple(cards)).counts().items()]
    last = _(" and ")
    return last.join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + last + parts[-1]


class GameAbandoned(BaseException):
    """The game was abandoned (a new game started) while ``play`` waited for an answer."""


@dataclass(frozen=True)
class Question:
    """A question ``play`` asks the remote player: the method and what it offers."""

    method: str
    options: Any = None


_ABANDON = object()


class _Suspended(BaseException):
    """``play`` stops at a question (no threads): it runs again once the question is answered."""


@functools.lru_cache(maxsize=8)
def _unclaimed_tunnels(name: str, language: str) -> dict[str, Any]:
    """The message saying that ``name`` did not claim a tunnel, in ``language`` (the current
    one), for each tunnel: the route it is about (the first of a double route's two)."""
    tunnels: dict[str, Any] = {}
    for route in ChMap.routes():
        if route.is_tunnel:
            tunnels.setdefault(Info(name).did_not_claim_route(route), route)
    return tunnels


def _ignore(*_args: Any) -> None:
    return None


class RemotePlayer:
    """A Player that forwards what it receives and waits for each decision."""

    def __init__(
        self,
        on_question: Callable[[Question], None] = _ignore,
        on_update: Callable[[Any, Any], None] = _ignore,
        on_info: Callable[[str], None] = _ignore,
        recorded: list[Any] | None = None,
        plan: dict[str, Any] | None = None,
    ) -> None:
        self.on_question = on_question
        self.on_update = on_update
        self.on_info = on_info
        self.own_id: PlayerId | None = None
        self.player_names: dict[PlayerId, str] = {}
        self.state: Any = None
        self.own_state: Any = None
        self.infos: list[str] = []
        self.initial_offer: SortedBag[Ticket] | None = None
        self.question: Question | None = None
        self.plan: dict[str, Any] = dict(plan or {})
        # Without threads: every answer given so far, given again in order when ``play`` runs
        # again from the start (the player never waits); None: the player waits for answers.
        self.recorded = recorded
        self._replayed = 0
        self._answers: queue.Queue[Any] = queue.Queue()
        self._waiting = threading.Event()
        self.abandoned = False

    # What the widget calls ------------------------------------------------------

    def answer(self, value: Any, **plan: Any) -> None:
        """Answer the waiting question with ``value`` and plan the next answers."""
        self.plan = dict(plan)
        if self.recorded is not None:  # play runs again, given this answer (TchuGame._replay)
            self.recorded.append(value)
            self.question = None
            self._waiting.clear()
            return
        self._waiting.clear()
        self._answers.put(value)

    def abandon(self) -> None:
        """Make the waiting (or next) question, or any later call, end the game with GameAbandoned."""
        self.abandoned = True
        self._waiting.clear()
        self._answers.put(_ABANDON)

    def _check(self) -> None:
        if self.abandoned:
            raise GameAbandoned()

    def wait_for_question(self, timeout: float) -> Question | None:
        """The waiting question, after waiting up to ``timeout`` seconds for one."""
        self._waiting.wait(timeout)
        return self.question

    # The Player protocol ----------------------------------------------------------

    def replaying(self) -> bool:
        """Whether ``play`` is still being given the answers recorded before (no threads)."""
        return self.recorded is not None and self._replayed < len(self.recorded)

    def _ask(self, question: Question) -> Any:
        self._check()
        if self.replaying():
            self._replayed += 1
            return self.recorded[self._replayed - 1]  # type: ignore[index]
        if question.method in self.plan:
            answer = self.plan.pop(question.method)
        else:
            self.plan = {}
            self.question = question
            self.on_question(question)  # shown before it counts as waiting: the controls are ready
            self._waiting.set()
            if self.recorded is not None:
                raise _Suspended()
            answer = self._answers.get()
            self.question = None
            if answer is _ABANDON:
                raise GameAbandoned()
        if self.recorded is not None:
            self.recorded.append(answer)
            self._replayed += 1
        return answer

    def init_players(self, own_id: PlayerId, player_names: dict[PlayerId, str]) -> None:
        self._check()
        self.own_id = own_id
        self.player_names = dict(player_names)

    def receive_info(self, info: str) -> None:
        self._check()
        self.infos.append(info)
        if not self.replaying():
            self.on_info(info)

    def update_state(self, new_state: Any, own_state: Any) -> None:
        self._check()
        self.state, self.own_state = new_state, own_state
        if not self.replaying():
            self.on_update(new_state, own_state)

    def set_initial_ticket_choice(self, tickets: SortedBag[Ticket]) -> None:
        self.initial_offer = tickets

    def choose_initial_tickets(self) -> SortedBag[Ticket]:
        return self._ask(Question("choose_initial_tickets", self.initial_offer))

    def next_turn(self) -> TurnKind:
        return self._ask(Question("next_turn"))

    def choose_tickets(self, options: SortedBag[Ticket]) -> SortedBag[Ticket]:
        return self._ask(Question("choose_tickets", options))

    def draw_slot(self) -> int:
        return self._ask(Question("draw_slot"))

    def claimed_route(self) -> Any:
        return self._ask(Question("claimed_route"))

    def initial_claim_cards(self) -> SortedBag[Card]:
        return self._ask(Question("initial_claim_cards"))

    def choose_additional_cards(self, options: Sequence[SortedBag[Card]]) -> SortedBag[Card]:
        return self._ask(Question("choose_additional_cards", list(options)))


class TchuGame(widgets.VBox):
    """A game of tCHu against the computer, run by the student's ``play``.

    ``play(players, player_names, tickets, rng)`` is the student's function; ``seed``
    seeds the game and the computer player; ``opponent`` is "greedy" or "random".
    """

    def __init__(
        self,
        play: Callable[..., Any],
        seed: int = 2021,
        opponent: str = "greedy",
        your_name: str = "Human",
        start: bool = True,
        draw_map: bool = True,
    ) -> None:
        if opponent not in OPPONENTS:
            raise ValueError(_("opponent is 'greedy' or 'random', got {opponent!r}").format(opponent=opponent))
        self.play = play
        self.seed = seed
        self.opponent = opponent
        self.your_name = _("Human") if your_name == "Human" else your_name
        self.draw_map = draw_map
        self.games = 0
        self.thread: threading.Thread | None = None
        self.player: RemotePlayer | None = None
        self.result: Any = None
        self._lock = threading.Lock()

        # the live region: what the game asks, after the moves played since it last asked
        self.status = Announcer(html=True)
        self._said = 0  # the game's messages (player.infos) said so far
        self.errors = ErrorPanel()
        self.map_options = {"label_size": MAP_LABEL_POINTS}
        # the map: a PNG in an <img> with its text alternative (ipywidgets' Image has no alt)
        self.picture = widgets.HTML(
            layout=widgets.Layout(width=f"{MAP_WIDTH_PX}px", max_width="100%", display="none")
        )
        self.map_note = widgets.HTML()  # in the browser, offline: why the map is missing
        self.hand = widgets.HTML()
        self.game_log = widgets.HTML(layout=widgets.Layout(height="420px", width="auto", overflow="auto"))
        self.game_log.add_class("tchu-game-log")
        self._failed_route: str | None = None
        self._notice = ""
        self._drawn: Any = None

        self.tickets_button = widgets.Button(description=_("Draw 3 tickets"), icon="ticket")
        self.slot = widgets.Dropdown(description=_("Card:"), layout=widgets.Layout(width="260px"))
        self.cards_button = widgets.Button(description=_("Draw cards"), icon="clone")
        self.route = widgets.Dropdown(description=_("Route:"), layout=widgets.Layout(width="330px"))
        self.claim_cards = widgets.Dropdown(description=_("With:"), layout=widgets.Layout(width="330px"))
        self.claim_button = widgets.Button(description=_("Claim"), icon="train")
        wrap = dict(layout=widgets.Layout(flex_flow="row wrap"))  # narrow pages (200 % zoom): no sideways scroll
        self.actions = widgets.VBox(
            [
                widgets.HBox([self.tickets_button]),
                widgets.HBox([self.slot, self.cards_button], **wrap),
                widgets.HBox([self.route, self.claim_cards, self.claim_button], **wrap),
            ]
        )

        self.ticket_choice = widgets.SelectMultiple(
            # its 2 px margins inside the page's width
            description=_("Keep:"), rows=5, layout=widgets.Layout(width="620px", max_width="calc(100% - 4px)")
        )
        self.keep_button = widgets.Button(description=_("Keep these"), icon="check", button_style="primary")
        self.ticket_note = widgets.Label()
        # what the game has of your choice: a keyboard's quick picks reach it one by one
        self.ticket_count = widgets.Label()
        self.ticket_choice.observe(lambda change: self._count_tickets(len(change["new"])), names="value")
        self.ticket_dialog = widgets.VBox([self.ticket_note, self.ticket_choice, self.ticket_count, self.keep_button])

        self.tunnel_note = widgets.HTML()
        self.tunnel_options = widgets.Dropdown(description=_("Add:"), layout=widgets.Layout(width="330px"))
        self.pay_button = widgets.Button(description=_("Pay"), icon="check", button_style="primary")
        self.give_up_button = widgets.Button(description=_("Give up"), icon="times")
        self.tunnel_dialog = widgets.VBox(
            [self.tunnel_note, widgets.HBox([self.tunnel_options, self.pay_button, self.give_up_button], **wrap)]
        )

        self.new_button = widgets.Button(description=_("New game"), icon="refresh")

        self.tickets_button.on_click(lambda _b: self.draw_tickets())
        self.cards_button.on_click(lambda _b: self.draw_card(self.slot.value))
        self.claim_button.on_click(lambda _b: self.claim(self.route.value, self.claim_cards.value))
        self.route.observe(lambda _change: self._fill_claim_cards(), names="value")
        self.keep_button.on_click(lambda _b: self.keep_tickets(self.ticket_choice.value))
        self.pay_button.on_click(lambda _b: self.pay(self.tunnel_options.value))
        self.give_up_button.on_click(lambda _b: self.pay(None))
        self.new_button.on_click(lambda _b: self.new_game())

        controls = widgets.VBox([self.status, self.actions, self.ticket_dialog, self.tunnel_dialog, self.errors])
        # The log stands beside the map when the page is wide enough, under it otherwise.
        side = widgets.VBox(
            [widgets.HTML(_("<b>Game log</b> (newest first)")), self.game_log, self.new_button],
            layout=widgets.Layout(flex="1 1 300px", min_width="min(300px, 100%)", max_width="100%"),
        )
        self.board = widgets.HBox([self.picture, self.map_note, side], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([controls, self.board, self.hand])
        self.children: tuple[Any, ...] = (controls, focus_outline(self), self.board,
                                          self.hand)  # a visible focus on the lists
        self._show_question(None)
        _GAMES.add(self)
        if start:
            self.new_game()

    # Running a game ----------------------------------------------------------------

    def stop(self, timeout: float = 5.0) -> None:
        """Abandon the game in progress, if any, and wait (up to ``timeout`` s) for its thread."""
        if self.player is not None:
            self.player.abandon()
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(timeout=timeout)

    def new_game(self) -> None:
        """Abandon the game in progress, if any, and those of other widgets; start a new one."""
        for game in list(_GAMES):  # one game against the computer at a time: the cell run again
            if game is not self:
                game.stop()
        self.stop()
        self._failed_route, self._notice, self._drawn = None, "", None
        self.errors.clear()
        self.result = None
        self.games += 1
        self._game_seed = self.seed + self.games - 1
        self.player = RemotePlayer(self._on_question, self._on_update, self._on_info,
                                   recorded=None if browser.THREADS else [])
        self.game_log.value = ""
        self._said = 0
        self.hand.value = ""
        self.status.value = _("<b>The game starts...</b>")
        self._launch(self.player)

    def _launch(self, player: RemotePlayer) -> None:
        """Run ``play`` with ``player`` in a thread, or (no threads) up to its next question."""
        seed = self._game_seed
        computer = OPPONENTS[self.opponent](random.Random(seed))
        players = {PlayerId.PLAYER_1: player, PlayerId.PLAYER_2: computer}
        names = {PlayerId.PLAYER_1: self.your_name,
                 PlayerId.PLAYER_2: _("Computer ({opponent})").format(opponent=_(OPPONENT_NAMES[self.opponent]))}
        if player.recorded is not None:
            self._run(player, players, names, random.Random(seed))
            return
        self.thread = threading.Thread(
            target=self._run, args=(player, players, names, random.Random(seed)), daemon=True
        )
        self.thread.start()

    def _replay(self, answered: RemotePlayer) -> None:
        """No threads: run ``play`` again from the start with every answer so far."""
        self.player = RemotePlayer(self._on_question, self._on_update, self._on_info,
                                   recorded=answered.recorded, plan=answered.plan)
        self._launch(self.player)

    def _run(self, player: RemotePlayer, players: dict[PlayerId, Any], names: dict[PlayerId, str], rng: random.Random
             ) -> None:
        try:
            result = self.errors.call(self.play, players, names, ChMap.all_tickets(), rng, doing=_("playing the game"))
        except StudentCodeError:
            if player is self.player:
                sentence = write_first(self.errors.last_error) if self.errors.last_error else None
                if sentence is not None:  # a stub: the widget is one sentence, no dead button
                    self.children = (widgets.HTML(write_first_html(sentence)),)
                    return
                self.status.value = _("<b>The game stopped:</b> your <code>play</code> raised an error (below).")
                self._show_question(None)
            return
        except (GameAbandoned, _Suspended):
            return
        if player is self.player:
            self.result = result
            self._draw_map()
            last = html.escape(player.infos[-1].strip()) if player.infos else ""
            # the game's last message is in the sentence itself
            self._ask(_("<b>Game over.</b> {last} Click <i>New game</i> to play again.").format(last=last), -1)
            self._show_question(None)

    def wait(self, timeout: float = 10.0) -> Question | None:
        """Wait until the game asks you something (the question) or is over (None)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            player = self.player
            if player is not None and player.question is not None and player._waiting.is_set():
                return player.question
            if self.thread is None or not self.thread.is_alive():
                return None
            time.sleep(0.005)
        return None

    # What the game sends ---------------------------------------------------------------

    def _on_info(self, info: str) -> None:
        assert self.player is not None
        self._notice_tunnel(info)
        recent = reversed(self.player.infos[-LOG_LINES:])
        text = "\n".join(message.strip("\n") for message in recent)
        label = html.escape(_("game log"))
        self.game_log.value = (  # focusable (tabindex): the keyboard scrolls the log too
            f'<div tabindex="0" role="region" aria-label="{label}" '
            'style="font-family:monospace;font-size:12px;line-height:1.3;white-space:pre-wrap;'
            'overflow-wrap:anywhere">'
            + html.escape(text)
            + "</div>"
        )

    def _notice_tunnel(self, info: str) -> None:
        """Keep a notice when your tunnel was not claimed (said again with your next turn)."""
        player = self.player
        if player is None or player.own_id is None:
            return
        name = player.player_names.get(player.own_id, self.your_name)
        route = _unclaimed_tunnels(name, get_language()).get(info)
        if route is not None:
            cost = player.infos[-2].strip() if len(player.infos) >= 2 else ""
            self._failed_route = route.id
            self._notice = _(
                "<b>Your tunnel {route} was not claimed:</b> {cost} You did not pay them, so "
                "your turn ended; your cards are still in your hand.<br>"
            ).format(route=html.escape(route.description), cost=html.escape(cost))

    def _on_update(self, state: Any, own_state: Any) -> None:
        self.hand.value = _hand_html(own_state)

    def _draw_map(self) -> None:
        """Draw the map of the last state sent when you are asked or the game ends, if its
        routes or your tickets changed (not at every update: a turn sends several)."""
        player = self.player
        if not self.draw_map or player is None or player.state is None:
            return
        shown = _safe(lambda: (tuple(tuple(ps.routes) for ps in player.state.player_states),
                               tuple(player.own_state.tickets)), player.state)
        if shown == self._drawn:  # same routes, same tickets: the same map
            return
        self._drawn = shown
        try:
            png = map_png(player.state, own_state=player.own_state,
                          player_names=player.player_names, **self.map_options)
            alt = html.escape(map_text(player.state, player.player_names, player.own_state.tickets))
            self.picture.value = (f'<img src="data:image/png;base64,{base64.b64encode(png).decode()}" '
                                  f'alt="{alt}" style="display:block;width:100%;height:auto">')
            self.picture.layout.display = ""
            self.map_note.value = ""
        except browser.NoMatplotlib as missing:  # in the browser, offline: say so, draw it later
            self._drawn = None
            self.map_note.value = f"<p>{html.escape(str(missing))}</p>"
        except Exception as error:  # a state that is not a state: show it, go on
            self.errors.show(error, _("drawing the map of the state sent to update_state"))

    def _on_question(self, question: Question) -> None:
        self._draw_map()
        self._show_question(question)

    # The controls ---------------------------------------------------------------------

    def _show(self, box: widgets.Widget, visible: bool) -> None:
        box.layout.display = "" if visible else "none"

    def _show_question(self, question: Question | None) -> None:
        method = question.method if question else None
        self._show(self.actions, method in ("next_turn", "draw_slot"))
        self._show(self.ticket_dialog, method in ("choose_initial_tickets", "choose_tickets"))
        self._show(self.tunnel_dialog, method == "choose_additional_cards")
        if question is None or method is None:
            return
        player = self.player
        assert player is not None
        state, own = player.state, player.own_state
        if method == "next_turn":
            notice, self._notice = self._notice, ""
            self._ask(notice + _("<b>Your turn:</b> draw tickets, draw cards, or claim a route."))
            self._fill_slots(state)
            self._fill_routes(state, own)
            self.tickets_button.disabled = not _safe(lambda: state.can_draw_tickets(), False)
            self.cards_button.disabled = not _safe(lambda: state.can_draw_cards(), False)
            self.route.disabled = self.claim_cards.disabled = False
        elif method == "draw_slot":
            self._ask(_("<b>Your second card:</b> choose a face-up card or the deck."))
            self._fill_slots(state)
            self.tickets_button.disabled = True
            self.cards_button.disabled = False
            self.route.disabled = self.claim_cards.disabled = self.claim_button.disabled = True
        elif method in ("choose_initial_tickets", "choose_tickets"):
            least = 3 if method == "choose_initial_tickets" else 1
            self._ask(_("<b>Choose your tickets.</b>"))
            self.ticket_note.value = _("Keep at least {least} of these tickets (click, Ctrl-click for more):").format(
                least=least
            )
            tickets = list(question.options or ())
            self.ticket_choice.options = [(t.text, i) for i, t in enumerate(tickets)]
            self.ticket_choice.value = ()
        elif method == "choose_additional_cards":
            options = list(question.options or ())
            self._ask(_("<b>Your tunnel costs more cards.</b>"))
            drawn = player.infos[-1].strip() if player.infos else ""
            self.tunnel_note.value = html.escape(drawn) + _("<br>Pay with one of these sets of cards, or give up:")
            self.tunnel_options.options = [(_cards_text(option), i) for i, option in enumerate(options)]
            self.tunnel_options.value = 0 if options else None
        else:  # claimed_route / initial_claim_cards without a plan: answered by the last claim
            self._ask(_("<b>The game asks:</b> {method}()").format(method=html.escape(method)))
        # the keyboard's focus goes to the question's first control (the one pressed may be hidden now)
        first = {"next_turn": self.slot if self.tickets_button.disabled else self.tickets_button,
                 "draw_slot": self.slot, "choose_initial_tickets": self.ticket_choice,
                 "choose_tickets": self.ticket_choice, "choose_additional_cards": self.tunnel_options}.get(method)
        if first is not None:
            first.focus()

    def _ask(self, markup: str, upto: int | None = None) -> None:
        """Show (and have read aloud) what the game asks, after what was played since it
        last asked (up to message ``upto``): the computer's moves and the effects of yours,
        as the game log writes them. The news and the question are a line each: the
        question still starts its own line ("Your turn: ...")."""
        player = self.player
        news = [info.strip() for info in player.infos[self._said:upto]] if player is not None else []
        self._said = len(player.infos) if player is not None else 0
        said = f'<div class="tchu-news">{html.escape(" ".join(news))}</div>' if news else ""
        self.status.say(f"{said}<div>{markup}</div>")

    def _count_tickets(self, count: int) -> None:
        self.ticket_count.value = ngettext("{count} ticket selected", "{count} tickets selected", count).format(
            count=count)

    def _fill_slots(self, state: Any) -> None:
        options = []
        face_up = _safe(lambda: list(state.card_state.face_up_cards), [])
        for slot, card in enumerate(face_up):
            options.append((_("face-up {slot}: {card}").format(slot=slot, card=Info.card_name(card, 1)), slot))
        options.append((_("the top of the deck"), Constants.DECK_SLOT))
        self.slot.options = options
        self.slot.value = Constants.DECK_SLOT

    def _fill_routes(self, state: Any, own: Any) -> None:
        routes = _safe(lambda: claimable_routes(state, own), [])
        failed, self._failed_route = self._failed_route, None

        def label(r: Any) -> str:
            kind = _(", tunnel") if r.is_tunnel else ""
            note = _(" - tunnel not claimed last turn") if r.id == failed else ""
            return f"{r.description} ({r.length}{kind}){note}"

        self.route.options = [(label(r), r.id) for r in routes]
        others = [r for r in routes if r.id != failed]  # the tunnel just failed is not chosen again for you
        self.route.value = (others or routes)[0].id if routes else None
        self.claim_button.disabled = not routes
        self._fill_claim_cards()

    def _fill_claim_cards(self) -> None:
        player = self.player
        if player is None or self.route.value is None or player.own_state is None:
            self.claim_cards.options = []
            return
        route = ChMap.route(self.route.value)
        options = _safe(lambda: player.own_state.possible_claim_cards(route), [])
        self.claim_cards.options = [(_cards_text(option), i) for i, option in enumerate(options)]
        self.claim_cards.value = 0 if options else None

    # Answers (what a click does) --------------------------------------------------------

    def _answer(self, expected: tuple[str, ...], value: Any, **plan: Any) -> bool:
        player = self.player
        if player is None or player.question is None or player.question.method not in expected:
            self.status.say(_("<b>Wait:</b> the game is not asking for that now."))
            return False
        self._show_question(None)
        self.status.value = _("<i>The computer is playing...</i>")
        player.answer(value, **plan)
        if player.recorded is not None:
            self._replay(player)
        return True

    def draw_tickets(self) -> bool:
        """Answer the turn with DRAW_TICKETS."""
        return self._answer(("next_turn",), TurnKind.DRAW_TICKETS)

    def draw_card(self, slot: int) -> bool:
        """Draw the card of ``slot`` (-1: the deck): a turn's first card, or its second."""
        player = self.player
        if player is not None and player.question is not None and player.question.method == "draw_slot":
            return self._answer(("draw_slot",), slot)
        return self._answer(("next_turn",), TurnKind.DRAW_CARDS, draw_slot=slot)

    def claim(self, route_id: str | None, option: int | None) -> bool:
        """Claim route ``route_id`` with the ``option``-th set of its possible claim cards."""
        player = self.player
        if route_id is None or option is None or player is None or player.own_state is None:
            self.status.say(_("<b>Choose</b> a route and the cards to claim it with."))
            return False
        route = ChMap.route(route_id)
        cards = player.own_state.possible_claim_cards(route)[option]
        return self._answer(("next_turn",), TurnKind.CLAIM_ROUTE, claimed_route=route, initial_claim_cards=cards)

    def keep_tickets(self, indices: tuple[int, ...]) -> bool:
        """Keep the tickets at these positions of the offer."""
        player = self.player
        if player is None or player.question is None:
            return False
        offer = list(player.question.options or ())
        least = 3 if player.question.method == "choose_initial_tickets" else 1
        if len(indices) < least:
            self.ticket_note.value = ngettext(
                "Keep at least {least} ticket: {selected} selected.",
                "Keep at least {least} tickets: {selected} selected.",
                least,
            ).format(least=least, selected=len(indices))
            reason = self.ticket_note.value.rstrip(".")
            self.status.say(_("Refused: {reason}.").format(reason=html.escape(reason[:1].lower() + reason[1:])))
            return False
        kept = SortedBag(tuple(offer[i] for i in indices))
        return self._answer(("choose_initial_tickets", "choose_tickets"), kept)

    def pay(self, option: int | None) -> bool:
        """Pay for the tunnel with the ``option``-th set of cards, or give up (None)."""
        player = self.player
        if player is None or player.question is None or player.question.method != "choose_additional_cards":
            return False
        options = list(player.question.options or ())
        chosen = SortedBag() if option is None else options[option]
        return self._answer(("choose_additional_cards",), chosen)


#: Every TchuGame of this process (a new one stops the older ones' games; so does exit).
_GAMES: weakref.WeakSet[TchuGame] = weakref.WeakSet()


@atexit.register
def _stop_all_games() -> None:
    """Stop every game's thread before Python shuts down (none left drawing a map)."""
    for game in list(_GAMES):
        game.stop(timeout=10)


def _safe(compute: Callable[[], Any], default: Any) -> Any:
    """``compute()``, or ``default`` if the state sent by ``play`` does not allow it."""
    try:
        return compute()
    except Exception:
        return default


def _hand_html(own: Any) -> str:
    """Your cards, cars, points and tickets, as a line of HTML."""
    try:
        return player_state_html(own)
    except Exception:
        return html.escape(repr(own))
