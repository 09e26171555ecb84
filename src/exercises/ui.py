"""Small pieces every worksheet widget uses: running the student's code safely.

A widget runs the student's own functions. When one of them raises, the widget must
not die: :class:`ErrorPanel` shows the exception, in one short paragraph, inside the
widget, and :meth:`ErrorPanel.call` is the one place where widgets call student code.
"""

from __future__ import annotations

import html
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as widgets

T = TypeVar("T")

__all__ = ["ErrorPanel", "StudentCodeError", "missing_code", "missing_code_html"]


class StudentCodeError(Exception):
    """Raised by :meth:`ErrorPanel.call` after it has shown the student's exception."""


def describe(error: BaseException) -> str:
    """One line on an exception: its type, message and the notebook line it came from."""
    where = ""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if "ipykernel_" in frame.filename or frame.filename.startswith("<"):
            where = f" (in {frame.name}, line {frame.lineno})"
            break
    message = str(error)
    if isinstance(error, NotImplementedError):
        return f"Not implemented yet: {message or 'this exercise still has its stub'}"
    return f"{type(error).__name__}{': ' + message if message else ''}{where}"


class ErrorPanel(widgets.HTML):
    """An HTML widget that shows the last exception raised by the student's code."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(value="", **kwargs)
        self.last_error: BaseException | None = None
        self.add_class("course-error")

    def show(self, error: BaseException, doing: str = "") -> None:
        """Show ``error``, raised while ``doing`` something, in the panel."""
        self.last_error = error
        prefix = f"Your code raised an error while {doing}: " if doing else "Your code raised an error: "
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


def missing_code(error: BaseException) -> str | None:
    """The sentence a widget shows in place of itself when the student's code is still a stub.

    ``error`` is what the student's code raised; for a NotImplementedError (a stub), the
    sentence names the function that raised it (``MeldSet.all_in``, ``play``), otherwise
    None::

        >>> def play(): raise NotImplementedError("Exercise tchu.play: write your code here.")
        >>> try:
        ...     play()
        ... except NotImplementedError as error:
        ...     missing_code(error)
        'Write <code>play</code> first, then run this cell again.'
    """
    if not isinstance(error, NotImplementedError):
        return None
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    name = getattr(tb.tb_frame.f_code, "co_qualname", tb.tb_frame.f_code.co_name) if tb else "this exercise"
    name = name.rsplit("<locals>.", 1)[-1]
    return f"Write <code>{html.escape(name)}</code> first, then run this cell again."


def missing_code_html(sentence: str) -> str:
    """``sentence`` (from :func:`missing_code`) as the one paragraph a widget shows."""
    return f'<p class="course-missing-code" style="margin:4px 0">{sentence}</p>'
