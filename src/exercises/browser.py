"""What the package does differently in a browser's Python (Pyodide, the JupyterLite site):
no threads, and matplotlib only when the page can fetch it.

* :func:`start_background` runs a widget's long step (the computer's turn) in a thread, or,
  where there is none, on the kernel's event loop once the click that asked for it has
  been answered: the page first shows "thinking", then the step runs.
* :func:`require_matplotlib` imports matplotlib, or raises :class:`NoMatplotlib`, whose
  message is the one sentence a picture's place shows when the browser cannot fetch it
  (Pyodide's matplotlib comes from its CDN; the site starts fetching it then).
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable

from .i18n import N_, _

__all__ = ["THREADS", "NoMatplotlib", "require_matplotlib", "start_background", "wait_background"]

#: Whether this Python can start a thread (Pyodide's cannot: ``Thread.start`` raises).
THREADS = sys.platform != "emscripten"

NO_MATPLOTLIB = N_(
    "This picture needs matplotlib, which the browser fetches from the internet: "
    "connect, then run this cell again."
)
_fetching: list[object] = []  # the fetch of matplotlib started in the browser (once)


class NoMatplotlib(ImportError):
    """matplotlib is not there (in the browser: not fetched yet, or no network)."""


def require_matplotlib() -> None:
    """Import matplotlib, or raise :class:`NoMatplotlib` saying why a picture is missing
    (in the browser, after starting to fetch it for the next run of the cell)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as error:
        if sys.platform == "emscripten" and not _fetching:
            import pyodide_js  # type: ignore[import-not-found]

            promise = pyodide_js.loadPackage("matplotlib")
            promise.catch(lambda _error: _fetching.clear())  # offline: try again next time
            _fetching.append(promise)
        raise NoMatplotlib(_(NO_MATPLOTLIB)) from error


def start_background(step: Callable[[], None], name: str) -> threading.Thread | None:
    """Run ``step`` in a thread (returned); without threads, on the running event loop, after
    the handler that called this has returned (None)."""
    if THREADS:
        thread = threading.Thread(target=step, name=name)
        thread.start()
        return thread
    asyncio.get_event_loop().call_soon(step)
    return None


def wait_background(thread: threading.Thread | None, timeout: float | None) -> None:
    """Wait for a step :func:`start_background` started: join its thread, or, without one,
    let an event loop that is not running (a script's, a test's) run what is scheduled."""
    if thread is not None:
        thread.join(timeout)
        return
    loop = asyncio.get_event_loop()
    if not loop.is_running():
        loop.run_until_complete(asyncio.sleep(0))
