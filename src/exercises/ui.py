"""Small pieces every worksheet widget uses: running the student's code safely.

A widget runs the student's own functions. When one of them raises, the widget must
not die: :class:`ErrorPanel` shows the exception, in one short paragraph, inside the
widget, and :meth:`ErrorPanel.call` is the one place where widgets call student code.
"""

from __future__ import annotations

import html
import re
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

from .i18n import STUB_PATTERN, _

T = TypeVar("T")

__all__ = ["ErrorPanel", "StudentCodeError", "focus_outline", "write_first", "write_first_html"]

#: JupyterLab's lists and drop-downs show their keyboard focus by a faint border alone (a
#: rule of its own removes their outline): inside a widget of class ``course-focus``, they
#: get the outline its buttons have.
FOCUS_CSS = (".course-focus select:focus { outline: 2px solid var(--jp-brand-color1, #1976d2) !important; "
             "outline-offset: 1px; }")


def focus_outline(widget: widgets.DOMWidget) -> widgets.HTML:
    """Mark ``widget`` so that its lists and drop-downs show the keyboard's focus; the style
    sheet that does it, an HTML widget to put among its children (it shows nothing)."""
    widget.add_class("course-focus")
    return widgets.HTML(f"<style>{FOCUS_CSS}</style>", layout=widgets.Layout(display="none"))


class StudentCodeError(Exception):
    """Raised by :meth:`ErrorPanel.call` after it has shown the student's exception."""


def describe(error: BaseException) -> str:
    """One line on an exception: its type, message and the notebook line it came from."""
    where = ""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if "ipykernel_" in frame.filename or frame.filename.startswith("<"):
            where = _(" (in {function}, line {line})").format(function=frame.name, line=frame.lineno)
            break
    message = str(error)
    if isinstance(error, NotImplementedError):
        return _("Not implemented yet: {message}").format(
            message=message or _("this exercise still has its stub")
        )
    return f"{type(error).__name__}{': ' + message if message else ''}{where}"


def write_first(error: BaseException) -> str | None:
    """For a stub's NotImplementedError, the one sentence a widget shows instead of a game:
    "Write `Board` first (exercise abapa.board), then run this cell again."; None for any
    other error (a bug, which the widget shows as an error).
    """
    if not isinstance(error, NotImplementedError):
        return None
    last = error.__traceback__
    while last is not None and last.tb_next is not None:
        last = last.tb_next
    name = last.tb_frame.f_code.co_qualname if last is not None else _("your code")
    name = name.rsplit("<locals>.", 1)[-1].removesuffix(".__init__")
    exercise = STUB_PATTERN.search(str(error))
    if exercise:
        return _("Write `{name}` first (exercise {exercise}), then run this cell again.").format(
            name=name, exercise=exercise["exercise"]
        )
    return _("Write `{name}` first, then run this cell again.").format(name=name)


def write_first_html(sentence: str) -> str:
    """``sentence`` (from :func:`write_first`) as the one paragraph a widget shows, names in code.

        >>> write_first_html("Write `play` first, then run this cell again.")  # doctest: +NORMALIZE_WHITESPACE
        '<p class="course-write-first" style="margin:4px 0">Write <code>play</code> first,
        then run this cell again.</p>'
    """
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(sentence))
    return f'<p class="course-write-first" style="margin:4px 0">{text}</p>'


class ErrorPanel(widgets.HTML):
    """An HTML widget that shows the last exception raised by the student's code."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(value="", **kwargs)
        self.last_error: BaseException | None = None
        self.add_class("course-error")

    def show(self, error: BaseException, doing: str = "") -> None:
        """Show ``error``, raised while ``doing`` something, in the panel."""
        self.last_error = error
        prefix = (
            _("Your code raised an error while {doing}: ").format(doing=doing)
            if doing
            else _("Your code raised an error: ")
        )
        self.value = (
            '<div style="color:#b42318;border-left:4px solid #b42318;padding:2px 8px">'
            f"{html.escape(prefix + describe(error))}</div>"
        )

    def clear(self) -> None:
        """Remove the message."""
        self.last_error = None
        self.value = ""

    def call(self, function: Callable[..., T], *args: Any, doing: str = "", **kwargs: Any) -> T:
        """``function(*args, **kwargs)``; on an exception, show it and raise StudentCodeError."""
        try:
            result = function(*args, **kwargs)
        except Exception as error:
            self.show(error, doing)
            raise StudentCodeError(describe(error)) from error
        self.clear()
        return result
