"""A 36-card picker: build a Jass hand and see its meld sets, found by the student's MeldSet.

Click cards to pick them (at most 9, a Jass hand), or click *Deal* for a random hand
drawn from ``random.Random(seed)``. After every change the widget calls the student's
``MeldSet.all_in(hand)`` and lists the meld sets it returns, most points first, the best
one highlighted. An exception raised by the student's code is shown inside the widget;
while ``MeldSet.all_in`` (or what it calls) is still a stub, the widget is one sentence
that names the function to write, with no card to click.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from ..i18n import _, ngettext
from ..ui import ErrorPanel, StudentCodeError, focus_outline, write_first, write_first_html
from .model import ALL_OF, Card, Suit, deal
from .pictures import _most_points_first, hand_html, meld_set_html

__all__ = ["MeldPicker", "HAND_SIZE"]

#: The number of cards of a Jass hand.
HAND_SIZE = 9


class MeldPicker(widgets.VBox):
    """Pick a hand among the 36 cards and see the meld sets the student's ``MeldSet`` finds."""

    def __init__(self, meld_set_class: Any, seed: int = 36, hand: Iterable[Card] = ()) -> None:
        self.meld_set_class = meld_set_class
        self.rng = random.Random(seed)
        self.hand: set[Card] = set()
        self.meld_sets: list[Any] = []
        self._updating = False
        self.buttons: dict[Card, widgets.ToggleButton] = {}
        rows = []
        for suit in Suit:
            row = []
            for card in ALL_OF[suit]:
                button = widgets.ToggleButton(
                    value=False,
                    description=str(card),
                    tooltip=_("pick {card}").format(card=card),
                    layout=widgets.Layout(width="46px", padding="0"),
                )
                button.style.text_color = "#c0392b" if suit.is_red else "#1d1d1d"
                button.observe(self._on_toggle(card), names="value")
                self.buttons[card] = button
                row.append(button)
            rows.append(widgets.HBox(row))
        self.deal_button = widgets.Button(description=_("Deal"), icon="random", button_style="primary")
        self.clear_button = widgets.Button(description=_("Clear"), icon="times")
        self.deal_button.on_click(lambda _button: self.deal())
        self.clear_button.on_click(lambda _button: self.clear())
        self.status = widgets.Label(value="")
        self.picture = widgets.HTML(value="")
        self.results = widgets.HTML(value="")
        self.errors = ErrorPanel()
        super().__init__(
            [
                widgets.VBox(rows),
                widgets.HBox([self.deal_button, self.clear_button, self.status]),
                self.picture,
                self.results,
                self.errors,
                focus_outline(self),  # and rows of cards that wrap on a narrow page (200 % zoom)
            ]
        )
        self.set_hand(hand)
        sentence = write_first(self.errors.last_error) if self.errors.last_error else None
        if sentence is not None:  # a stub: nothing to click until it is written
            self.children = (widgets.HTML(write_first_html(sentence)),)

    def _on_toggle(self, card: Card) -> Callable[[dict[str, Any]], None]:
        def toggled(change: dict[str, Any]) -> None:
            if self._updating:
                return
            if change["new"]:
                self.pick(card)
            else:
                self.unpick(card)

        return toggled

    def pick(self, card: Card) -> None:
        """Add ``card`` to the hand (refused, with a message, when the hand is full)."""
        if card in self.hand:
            return
        if len(self.hand) >= HAND_SIZE:
            self._show_buttons()
            self.status.value = _("A hand has {size} cards: unpick one before picking {card}.").format(
                size=HAND_SIZE, card=card
            )
            return
        self.hand.add(card)
        self._changed()

    def unpick(self, card: Card) -> None:
        """Take ``card`` out of the hand."""
        self.hand.discard(card)
        self._changed()

    def deal(self) -> None:
        """Replace the hand by 9 cards drawn with the widget's random generator."""
        self.set_hand(deal(self.rng, HAND_SIZE))

    def clear(self) -> None:
        """Empty the hand."""
        self.set_hand(())

    def set_hand(self, cards: Iterable[Card]) -> None:
        """Make ``cards`` the hand (at most 9 distinct cards)."""
        cards = list(cards)
        if len(cards) > HAND_SIZE or len(set(cards)) != len(cards):
            raise ValueError(
                _("a hand holds at most {size} distinct cards, not {cards}").format(size=HAND_SIZE, cards=cards)
            )
        for card in cards:
            if not isinstance(card, Card):
                raise ValueError(_("a hand holds cards only, not {card!r}").format(card=card))
        self.hand = set(cards)
        self._changed()

    def _show_buttons(self) -> None:
        self._updating = True
        try:
            for card, button in self.buttons.items():
                button.value = card in self.hand
        finally:
            self._updating = False

    def _changed(self) -> None:
        self._show_buttons()
        self.status.value = _("{count} of {size} cards picked.").format(count=len(self.hand), size=HAND_SIZE)
        self.picture.value = hand_html(self.hand)
        self.refresh()

    def refresh(self) -> None:
        """Ask the student's ``MeldSet.all_in`` for the meld sets of the hand and list them."""
        self.meld_sets = []
        hand = sorted(self.hand)
        try:
            meld_sets = self.errors.call(
                lambda: list(self.meld_set_class.all_in(hand)),
                doing=_("finding the meld sets of the hand with MeldSet.all_in"),
            )
            rows = self.errors.call(
                self._rows, meld_sets, doing=_("drawing the meld sets (meld_set.points(), .melds)")
            )
        except StudentCodeError:
            self.results.value = ""
            return
        self.meld_sets = meld_sets
        count = len(meld_sets)
        title = ngettext(
            "<b>{count} meld set</b> (most points first)",
            "<b>{count} meld sets</b> (most points first)",
            count,
        ).format(count=count)
        self.results.value = f"<div>{title}{rows}</div>"

    def _rows(self, meld_sets: list[Any]) -> str:
        ordered = _most_points_first(meld_sets)
        return "".join(
            meld_set_html(meld_set, best=(index == 0)) for index, meld_set in enumerate(ordered)
        )

    @property
    def best_points(self) -> int | None:
        """The points of the best meld set found, or None when there is none."""
        if not self.meld_sets:
            return None
        return max(meld_set.points() for meld_set in self.meld_sets)

