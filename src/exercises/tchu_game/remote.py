"""A player whose decisions come from somewhere else: the widget, while ``play`` runs.

The student's ``play`` calls its players one method at a time and waits for each answer.
To play against the computer in a notebook, ``play`` runs in a background thread; the
human's seat is a :class:`RemotePlayer`. When ``play`` asks it a question
(``next_turn()``, ``draw_slot()``...), the player shows the question (``on_question``)
and blocks until the widget calls :meth:`RemotePlayer.answer` from a button click.

One click may answer several questions in a row: "draw the face-up card in slot 2"
answers ``next_turn()`` with ``TurnKind.DRAW_CARDS`` and *plans* the answer of the
following ``draw_slot()``. Planned answers are given without waiting.

Starting a new game abandons the old one: :meth:`RemotePlayer.abandon` makes the
waiting question raise :class:`GameAbandoned`, which ends the old thread (it is a
``BaseException``, so the student's code and the error panel do not catch it).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from exercises.tchu import PlayerId, SortedBag, TurnKind

__all__ = ["GameAbandoned", "Question", "RemotePlayer"]


class GameAbandoned(BaseException):
    """The game was abandoned (a new game started) while ``play`` waited for an answer."""


@dataclass(frozen=True)
class Question:
    """A question ``play`` asks the remote player: the method and what it offers."""

    method: str
    options: Any = None


_ABANDON = object()


def _ignore(*_args: Any) -> None:
    return None


class RemotePlayer:
    """A Player that forwards what it receives and waits for each decision."""

    def __init__(
        self,
        on_question: Callable[[Question], None] = _ignore,
        on_update: Callable[[Any, Any], None] = _ignore,
        on_info: Callable[[str], None] = _ignore,
    ) -> None:
        self.on_question = on_question
        self.on_update = on_update
        self.on_info = on_info
        self.own_id: PlayerId | None = None
        self.player_names: dict[PlayerId, str] = {}
        self.state: Any = None
        self.own_state: Any = None
        self.infos: list[str] = []
        self.initial_offer: SortedBag | None = None
        self.question: Question | None = None
        self.plan: dict[str, Any] = {}
        self._answers: queue.Queue[Any] = queue.Queue()
        self._waiting = threading.Event()

    # What the widget calls ------------------------------------------------------

    def answer(self, value: Any, **plan: Any) -> None:
        """Answer the waiting question with ``value`` and plan the next answers."""
        self.plan = dict(plan)
        self._waiting.clear()
        self._answers.put(value)

    def abandon(self) -> None:
        """Make the waiting (or next) question end the game with GameAbandoned."""
        self._waiting.clear()
        self._answers.put(_ABANDON)

    def wait_for_question(self, timeout: float) -> Question | None:
        """The waiting question, after waiting up to ``timeout`` seconds for one."""
        self._waiting.wait(timeout)
        return self.question

    # The Player protocol ----------------------------------------------------------

    def _ask(self, question: Question) -> Any:
        if question.method in self.plan:
            return self.plan.pop(question.method)
        self.plan = {}
        self.question = question
        self._waiting.set()
        self.on_question(question)
        answer = self._answers.get()
        self.question = None
        if answer is _ABANDON:
            raise GameAbandoned()
        return answer

    def init_players(self, own_id: PlayerId, player_names: dict[PlayerId, str]) -> None:
        self.own_id = own_id
        self.player_names = dict(player_names)

    def receive_info(self, info: str) -> None:
        self.infos.append(info)
        self.on_info(info)

    def update_state(self, new_state: Any, own_state: Any) -> None:
        self.state, self.own_state = new_state, own_state
        self.on_update(new_state, own_state)

    def set_initial_ticket_choice(self, tickets: SortedBag) -> None:
        self.initial_offer = tickets

    def choose_initial_tickets(self) -> SortedBag:
        return self._ask(Question("choose_initial_tickets", self.initial_offer))

    def next_turn(self) -> TurnKind:
        return self._ask(Question("next_turn"))

    def choose_tickets(self, options: SortedBag) -> SortedBag:
        return self._ask(Question("choose_tickets", options))

    def draw_slot(self) -> int:
        return self._ask(Question("draw_slot"))

    def claimed_route(self) -> Any:
        return self._ask(Question("claimed_route"))

    def initial_claim_cards(self) -> SortedBag:
        return self._ask(Question("initial_claim_cards"))

    def choose_additional_cards(self, options: Sequence[SortedBag]) -> SortedBag:
        return self._ask(Question("choose_additional_cards", list(options)))
