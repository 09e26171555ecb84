"""Pictures of cards, hands, melds and meld sets, as small HTML card faces.

``show_hand(cards)`` and ``show_meld_sets(meld_sets)`` return an :class:`~exercises.display.HtmlPicture`, which
Jupyter draws (``_repr_html_``) and which prints as plain text elsewhere. Melds and meld
sets are the student's own objects: a picture only reads ``meld.cards``,
``meld.points``, ``meld_set.melds`` and ``meld_set.points()``.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from ..display import HtmlPicture
from ..i18n import _
from .model import Card

__all__ = ["card_html", "hand_html", "meld_html", "meld_set_html", "show_hand", "show_meld_sets"]

RED = "#c0392b"
BLACK = "#1d1d1d"


def card_html(card: Card, *, selected: bool = False) -> str:
    """One card face: its rank above its suit, red for hearts and diamonds."""
    colour = RED if card.suit.is_red else BLACK
    border = "2px solid #1f6feb" if selected else "1px solid #888"
    return (
        f'<span title="{card}" style="display:inline-flex;flex-direction:column;'
        "align-items:center;justify-content:center;width:30px;height:42px;margin:1px;"
        f"border:{border};border-radius:4px;background:#fff;color:{colour};"
        'font:600 13px/1.1 sans-serif">'
        f"<span>{html.escape(card.rank.symbol)}</span>"
        f'<span style="font-size:17px">{card.suit.symbol}</span></span>'
    )


def hand_html(cards: Iterable[Card]) -> str:
    """The cards of a hand side by side, sorted."""
    cards = sorted(cards)
    faces = "".join(card_html(card) for card in cards)
    label = html.escape(_("hand: {cards}").format(cards=" ".join(str(card) for card in cards) or _("no card")))
    return (f'<div role="img" aria-label="{label}" style="display:flex;flex-wrap:wrap;align-items:center">'
            f"{faces}</div>")


def _sorted_cards(meld: Any) -> list[Card]:
    return sorted(meld.cards)


def meld_text(meld: Any) -> str:
    """A meld as the seed prints it: ``[♠6, ♠7, ♠8]``."""
    return "[" + ", ".join(str(card) for card in _sorted_cards(meld)) + "]"


def meld_html(meld: Any) -> str:
    """A meld: its cards in a thin frame, with its points."""
    faces = "".join(card_html(card) for card in _sorted_cards(meld))
    return (
        '<span style="display:inline-flex;align-items:center;gap:2px;margin:2px 6px 2px 0;'
        'padding:2px 4px;border:1px solid #bbb;border-radius:6px;background:#f3f6ee">'
        f'{faces}<span style="font:12px sans-serif;margin-left:4px">{int(meld.points)}</span></span>'
    )


def _melds_by_points(meld_set: Any) -> list[Any]:
    return sorted(meld_set.melds, key=lambda meld: (-meld.points, _sorted_cards(meld)))


def meld_set_html(meld_set: Any, *, best: bool = False) -> str:
    """A row: the meld set's points, then its melds (most points first)."""
    points = int(meld_set.points())
    melds = _melds_by_points(meld_set)
    body = "".join(meld_html(meld) for meld in melds) or (
        '<span style="font:13px sans-serif;color:#666">' + _("no meld") + "</span>"
    )
    style = "background:#fff4c2;border-left:4px solid #d4a200" if best else "border-left:4px solid transparent"
    return (
        f'<div style="display:flex;flex-wrap:wrap;align-items:center;padding:2px 6px;{style}">'
        f'<span style="font:600 13px monospace;width:11em;white-space:nowrap">{_points(points, best)}</span>'
        f"{body}</div>"
    )


def _meld_set_key(meld_set: Any) -> str:
    """The melds of a meld set as text, to order meld sets of equal points."""
    return " ".join(meld_text(meld) for meld in _melds_by_points(meld_set))


def meld_set_line(meld_set: Any, *, best: bool = False) -> str:
    """A row of the picture as text: ``170 points (best): [♠9, ♡9, ♢9, ♣9] [♠6, ♠7, ♠8]``."""
    return _("{points}: {melds}").format(points=_points(int(meld_set.points()), best),
                                         melds=_meld_set_key(meld_set) or _("no meld"))


def _points(points: int, best: bool) -> str:
    """``170 points (best)``: a meld set's points, right-aligned on three places."""
    if best:
        return _("{points:>3} points (best)").format(points=points)
    return _("{points:>3} points").format(points=points)


def show_hand(cards: Iterable[Card]) -> HtmlPicture:
    """A picture of a hand."""
    cards = sorted(cards)
    return HtmlPicture(hand_html(cards), " ".join(str(card) for card in cards))


def _most_points_first(meld_sets: Iterable[Any]) -> list[Any]:
    """Meld sets, most points first; equal points in the order of their text.

    (The worksheet's print_meld_sets sorts the other way, by increasing points, and
    prints each meld set with its own ``__str__``; this order is the pictures'.)
    """
    return sorted(meld_sets, key=lambda meld_set: (-meld_set.points(), _meld_set_key(meld_set)))


def show_meld_sets(meld_sets: Iterable[Any]) -> HtmlPicture:
    """The meld sets of a hand, most points first, the best one highlighted."""
    ordered = _most_points_first(meld_sets)
    rows = [meld_set_html(meld_set, best=(index == 0)) for index, meld_set in enumerate(ordered)]
    lines = [meld_set_line(meld_set, best=(index == 0)) for index, meld_set in enumerate(ordered)]
    return HtmlPicture("<div>" + "".join(rows) + "</div>", "\n".join(lines))
