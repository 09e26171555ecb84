"""Small pieces every worksheet widget uses: running the student's code safely, a live
region that screen readers read aloud, and grids walked with the arrow keys.

A widget runs the student's own functions. When one of them raises, the widget must
not die: :class:`ErrorPanel` shows the exception, in one short paragraph, inside the
widget, and :meth:`ErrorPanel.call` is the one place where widgets call student code.

:class:`Announcer` is a status line that is also a polite live region: its element stays
in the page and only its text changes, so that screen readers read each new sentence.
:class:`Grid` is a grid of buttons after the WAI-ARIA grid pattern: one Tab stop (roving
tabindex), the arrow keys, Home and End inside it (they never reach JupyterLab, whose
shortcuts would move the notebook), each cell named by its position and content. Both are
anywidget widgets, a small ES module each: ipywidgets alone can neither set an element's
``tabindex`` and ``aria-*`` attributes nor keep a key from JupyterLab.
"""

from __future__ import annotations

import html
import re
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

import anywidget
import ipywidgets as widgets
import traitlets

from .i18n import STUB_PATTERN, _

T = TypeVar("T")

__all__ = ["Announcer", "ErrorPanel", "Grid", "StudentCodeError", "focus_outline", "grid_cell", "scrolls_sideways",
           "spoken", "write_first", "write_first_html"]

#: JupyterLab's lists and drop-downs show their keyboard focus by a faint border alone (a
#: rule of its own removes their outline): inside a widget of class ``course-focus``, they
#: get the outline its buttons have.
FOCUS_CSS = (".course-focus select:focus { outline: 2px solid var(--jp-brand-color1, #1976d2) !important; "
             "outline-offset: 1px; }")


def focus_outline(widget: widgets.DOMWidget) -> widgets.HTML:
    """Mark ``widget`` so that its lists and drop-downs show the keyboard's focus; the style
    sheet that does it, an HTML widget to put among its children (it shows nothing). The
    sheet also lets the widget reflow on a narrow page (:data:`REFLOW_CSS`)."""
    widget.add_class("course-focus")
    return widgets.HTML(f"<style>{FOCUS_CSS}{REFLOW_CSS}</style>", layout=widgets.Layout(display="none"))


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
            '<div style="border-left:4px solid #b42318;padding:2px 8px">'
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


def spoken(markup: str) -> str:
    """What a screen reader says of ``markup``: its text, each picture by its text alternative.

        >>> spoken('<b>Ann</b> kept <svg role="img"><title>dice 4 2 1</title><circle/></svg>.<br>Done')
        'Ann kept dice 4 2 1. Done'
    """
    def picture(match: re.Match[str]) -> str:
        opening = re.match(r"<svg\b[^>]*>", match.group(0))
        label = (re.search(r'aria-label="([^"]*)"', opening.group(0)) if opening else None) or re.search(
            r"<title>(.*?)</title>", match.group(0), flags=re.DOTALL)
        return f" {label.group(1)}" if label else " "

    text = re.sub(r"<svg\b.*?</svg>", picture, markup, flags=re.DOTALL)
    text = re.sub(r"<br\s*/?>|</div>|</p>", " ", text)
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return re.sub(r"\s+", " ", text).replace(" .", ".").strip()


#: The live region: one element, made once; a new sentence replaces its text in place.
LIVE_ESM = """
function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "course-live";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  const show = () => {
    if (model.get("html")) region.innerHTML = model.get("value");
    else region.textContent = model.get("value");
  };
  show();
  model.on("change:value", show);
  model.on("change:said", show);
  el.appendChild(region);
}
export default { render };
"""

#: Reflow: inside a widget of class ``course-focus``, a row of controls wraps onto the next
#: line and a control never runs past its box, a button's or a label's text wraps rather
#: than being cut, and so does a list's option (200 % zoom beside the file browser, 400 %).
REFLOW_CSS = """
.course-focus .widget-hbox, .course-focus .widget-inline-hbox { flex-wrap: wrap; }
.course-focus .widget-box, .course-focus .widget-inline-hbox, .course-focus .widget-inline-hbox select {
  max-width: 100%; min-width: 0; }
.course-focus .jupyter-button { flex: 0 1 auto; max-width: 100%; height: auto; white-space: normal;
  overflow-wrap: anywhere; line-height: 1.3; padding-top: calc((var(--jp-widgets-inline-height, 28px) - 1.3em) / 2);
  padding-bottom: calc((var(--jp-widgets-inline-height, 28px) - 1.3em) / 2); }
.course-focus .widget-label { white-space: normal; overflow-wrap: anywhere; height: auto; line-height: 1.4; }
.course-focus select option { white-space: normal; overflow-wrap: anywhere; }
"""

LIVE_CSS = REFLOW_CSS + """
.course-focus .jupyter-button:focus, .course-focus .jupyter-button:focus-visible {
  outline: 2px solid var(--jp-brand-color1, #1976d2) !important; outline-offset: 1px; }
.course-focus select:focus { outline: 2px solid var(--jp-brand-color1, #1976d2) !important; outline-offset: 1px; }
.course-live { font-family: var(--jp-ui-font-family); font-size: var(--jp-widgets-font-size, 13px);
  color: var(--jp-widgets-color, var(--jp-ui-font-color1)); line-height: 1.4; margin: 2px 0;
  overflow-wrap: anywhere; min-height: 1.4em; }
"""


class Announcer(anywidget.AnyWidget):
    """A status line that is a polite live region: screen readers read each sentence shown.

    ``value`` is its text (HTML when ``html`` is true); :meth:`say` shows a sentence and
    has it read again even when it is the one already shown. Its style sheet also gives
    the buttons of a widget of class ``course-focus`` a focus outline of 3:1 or more (ipywidgets'
    own is 1 px of light blue, 2.2:1).
    """

    _esm = LIVE_ESM
    _css = LIVE_CSS
    value = traitlets.Unicode("").tag(sync=True)
    html = traitlets.Bool(False).tag(sync=True)
    said = traitlets.Int(0).tag(sync=True)

    def say(self, sentence: str) -> None:
        """Show ``sentence`` and have it read aloud (again, if it is already shown)."""
        if sentence == self.value:
            self.said += 1
        self.value = sentence


#: The grid: rows of cells, each a button; one of them (the active one) is the Tab stop.
GRID_ESM = """
const KEYS = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", "End"];

function render({ model, el }) {
  const board = document.createElement("div");
  const picture = document.createElement("div");
  const grid = document.createElement("div");
  grid.className = "course-grid";
  grid.setAttribute("role", "grid");
  board.append(picture, grid);
  el.appendChild(board);
  const frame = () => {
    picture.innerHTML = model.get("picture");
    picture.hidden = !model.get("picture");
    const name = model.get("scrolls");
    board.className = name ? "course-board course-scrolls" : "course-board";
    if (name) { board.setAttribute("role", "region"); board.setAttribute("aria-label", name); }
    else { board.removeAttribute("role"); board.removeAttribute("aria-label"); }
  };
  frame();
  model.on("change:picture", frame);
  model.on("change:scrolls", frame);
  let buttons = [];

  const move = (index, focus) => {
    if (index < 0 || index >= buttons.length) return;
    buttons.forEach((button, i) => button.setAttribute("tabindex", i === index ? "0" : "-1"));
    if (focus) buttons[index].focus();
    if (model.get("active") !== index) { model.set("active", index); model.save_changes(); }
  };

  const build = () => {
    const cells = model.get("cells"), columns = Math.max(1, model.get("columns"));
    if (buttons.length !== cells.length) {
      grid.replaceChildren();
      buttons = [];
      for (let start = 0; start < cells.length; start += columns) {
        const row = document.createElement("div");
        row.setAttribute("role", "row");
        row.className = "course-grid-row";
        for (let i = start; i < Math.min(start + columns, cells.length); i++) {
          const cell = document.createElement("div");
          cell.setAttribute("role", "gridcell");
          const button = document.createElement("button");
          button.type = "button";
          button.className = "course-grid-cell";
          button.addEventListener("click", () => { move(i, false); model.send({ activate: i }); });
          button.addEventListener("focus", () => move(i, false));
          cell.appendChild(button);
          row.appendChild(cell);
          buttons.push(button);
        }
        grid.appendChild(row);
      }
    }
    grid.setAttribute("aria-label", model.get("label"));
    grid.style.setProperty("--course-cell", model.get("cell_size"));
    grid.style.marginLeft = model.get("indent");
    grid.style.setProperty("--course-cell-font", model.get("font_size"));
    cells.forEach((cell, i) => {
      const button = buttons[i];
      button.textContent = cell.text;
      button.setAttribute("aria-label", cell.label);
      button.title = cell.label;
      if (cell.pressed === null || cell.pressed === undefined) button.removeAttribute("aria-pressed");
      else button.setAttribute("aria-pressed", cell.pressed ? "true" : "false");
      button.setAttribute("aria-disabled", cell.disabled ? "true" : "false");
      button.style.background = cell.background || "";
      button.style.color = cell.color || "";
      button.classList.toggle("course-grid-mark", !!cell.mark);
    });
    const active = Math.min(Math.max(model.get("active"), 0), buttons.length - 1);
    buttons.forEach((button, i) => button.setAttribute("tabindex", i === active ? "0" : "-1"));
  };

  grid.addEventListener("keydown", (event) => {
    if (!KEYS.includes(event.key)) {
      if (event.key === "Enter" || event.key === " ") event.stopPropagation();
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    const columns = Math.max(1, model.get("columns")), last = buttons.length - 1;
    const index = Math.max(0, buttons.indexOf(document.activeElement));
    const first = index - (index % columns), end = Math.min(first + columns - 1, last);
    const next = {
      ArrowRight: Math.min(index + 1, end),
      ArrowLeft: Math.max(index - 1, first),
      ArrowDown: index + columns <= last ? index + columns : index,
      ArrowUp: index - columns >= 0 ? index - columns : index,
      Home: event.ctrlKey ? 0 : first,
      End: event.ctrlKey ? last : end,
    }[event.key];
    move(next, true);
  });

  build();
  model.on("change:cells", build);
  model.on("change:columns", build);
  model.on("change:label", build);
  model.on("change:indent", build);
  model.on("change:active", build);
  model.on("change:focused", () => {
    const active = model.get("active");
    if (buttons[active]) buttons[active].focus();
  });
}
export default { render };
"""

GRID_CSS = """
.course-scrolls { overflow-x: auto; max-width: 100%; }
.course-grid { display: inline-flex; flex-direction: column; gap: 1px; margin: 2px 0; }
.course-grid-row { display: flex; gap: 1px; }
.course-grid-cell { box-sizing: border-box; width: var(--course-cell); height: var(--course-cell); padding: 0;
  margin: 0; border: 1px solid var(--jp-border-color1, #9e9e9e); border-radius: 2px; cursor: pointer;
  font-family: var(--jp-ui-font-family); font-size: var(--course-cell-font, var(--jp-widgets-font-size, 13px));
  line-height: 1; background: var(--jp-layout-color2, #eeeeee); color: var(--jp-ui-font-color1, #000000);
  overflow: hidden; white-space: nowrap; }
.course-grid-cell[aria-pressed="true"], .course-grid-cell.course-grid-mark {
  box-shadow: inset 0 0 0 3px var(--jp-ui-font-color1, #000000); }
.course-grid-cell[aria-disabled="true"] { cursor: default; }
.course-grid-cell:focus-visible, .course-grid-cell:focus {
  outline: 3px solid var(--jp-brand-color1, #1976d2); outline-offset: 1px; position: relative; z-index: 1; }
"""


def scrolls_sideways(name: str) -> str:
    """The name of a board that scrolls sideways when the page is narrow (a :class:`Grid`'s ``scrolls``)."""
    return _("{name}: it scrolls sideways on a narrow page").format(name=name)


def grid_cell(text: str, label: str, *, pressed: bool | None = None, disabled: bool = False,
              background: str = "", color: str = "", mark: bool = False) -> dict[str, Any]:
    """One cell of a :class:`Grid`: what it shows, the name a screen reader says, its state."""
    return {"text": text, "label": label, "pressed": pressed, "disabled": disabled,
            "background": background, "color": color, "mark": mark}


class Grid(anywidget.AnyWidget):
    """Buttons in rows after the WAI-ARIA grid pattern; ``on_activate(index)`` runs when a
    cell is clicked (or Enter or Space is pressed on it), disabled or not: the widget says
    why it refuses.

    ``cells`` are :func:`grid_cell` values, ``columns`` a row's length, ``label`` the grid's
    name; ``active`` is the cell that holds the grid's Tab stop. ``picture`` (HTML) is shown
    above the cells, which stand ``indent`` (a CSS length) right of its left edge. A board
    that cannot shrink to a narrow page gets a name in ``scrolls``: picture and cells then
    scroll sideways inside a region of that name (the arrow keys scroll it too, as they
    move the focus).
    """

    _esm = GRID_ESM
    _css = GRID_CSS
    label = traitlets.Unicode("").tag(sync=True)
    columns = traitlets.Int(1).tag(sync=True)
    cells = traitlets.List(traitlets.Dict()).tag(sync=True)
    active = traitlets.Int(0).tag(sync=True)
    cell_size = traitlets.Unicode("30px").tag(sync=True)
    font_size = traitlets.Unicode("").tag(sync=True)
    focused = traitlets.Int(0).tag(sync=True)
    picture = traitlets.Unicode("").tag(sync=True)
    scrolls = traitlets.Unicode("").tag(sync=True)
    indent = traitlets.Unicode("0px").tag(sync=True)

    def __init__(self, on_activate: Callable[[int], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_activate = on_activate
        self.on_msg(self._message)

    def __repr__(self) -> str:
        """The grid in a few words: its name, its size, what its cells show and how many are pressed.

            >>> Grid(print, label="your dice", columns=3, cells=[grid_cell("⚂", "die 1: 3", pressed=True),
            ...      grid_cell("⚁", "die 2: 2", pressed=False), grid_cell("⚃", "die 3: 4", pressed=False)])
            <Grid 'your dice': 1 row of 3 cells showing ⚂, ⚁, ⚃; 1 pressed>
        """
        columns = max(1, self.columns)
        rows = -(-len(self.cells) // columns)
        shown = [" ".join(cell["text"].split()) for cell in self.cells if cell["text"].strip()]
        if not shown:
            content = "all empty"
        elif len(shown) <= 12:
            content = "showing " + ", ".join(shown)
        else:
            content = f"{len(shown)} of them showing something"
        pressed = sum(cell.get("pressed") is True for cell in self.cells)
        return (f"<Grid {self.label!r}: {rows} row{'s' if rows != 1 else ''} of {columns} cells {content}"
                f"{f'; {pressed} pressed' if pressed else ''}>")

    def _message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("activate"), int):
            self.click(content["activate"])

    def click(self, index: int) -> None:
        """What a click on cell ``index`` does (tests call it too)."""
        if 0 <= index < len(self.cells):
            self.active = index
            self.on_activate(index)

    def enabled(self) -> list[int]:
        """The cells not disabled, by index."""
        return [index for index, cell in enumerate(self.cells) if not cell["disabled"]]

    def focus(self, index: int | None = None) -> None:
        """Give the keyboard's focus to cell ``index`` (the active cell by default)."""
        if index is not None:
            self.active = index
        self.focused += 1
