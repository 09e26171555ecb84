"""The course's JupyterLite site (``course lite``) served on 127.0.0.1, and Chromium pages
that cannot leave the machine: the lite tests and ``benchmarks/bench_lite.py`` share them.

``build(to)`` builds the site of the English release, with the solution notebooks under
``solutions/`` (the games need answers), offline from what ``make lite-deps`` fetched.
``serving(site)`` serves it with the standard library's HTTP server. ``guard(context)``
aborts every request of a browser context that is not for 127.0.0.1 and records it.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from conftest import ROOT
from support.lab_server import CHROMIUM, KERNEL_READY

CACHE = ROOT / ".venv" / "lite"
LOOPBACK = re.compile(r"^(https?|wss?)://127\.0\.0\.1(:\d+)?/")
#: The bound of a page's waits (ms): a kernel starts in 20 s here, 60 s under load.
TIMEOUT_MS = 120_000


#: The tCHu game of worksheet 04, its five initial tickets kept before any click.
TCHU_WIDGET = "TchuGame(play"
TCHU_GAME = ("game = TchuGame(play, seed=2021, your_name='Ada', draw_map={draw_map})\n"
             "game.keep_tickets((0, 1, 2, 3, 4))\ngame")


def missing() -> str | None:
    """Why the site cannot be built and driven here (None when it can)."""
    if CHROMIUM is None:
        return "Debian's chromium is not installed (.ci/run installs it)"
    if not (CACHE / "node_modules" / "pyodide" / "pyodide-lock.json").is_file():
        if shutil.which("npm") is None:
            return "npm is missing: make lite-deps cannot fetch Pyodide's core"
        return "Pyodide's core is missing from .venv/lite: run make lite-deps (npm could not install it)"
    if not any((CACHE / "wheels").glob("*.whl")):
        return "the site's wheels are missing from .venv/lite/wheels: run make lite-deps"
    return None


def build(to: Path) -> Path:
    """The site of the English release, the solutions under ``solutions/``."""
    from course.lite import build_site

    solutions = {f"solutions/{p.name}": p for p in sorted((ROOT / "solutions").glob("*.ipynb"))}
    return build_site(ROOT, to, also=solutions)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json"}

    def log_message(self, *args: object) -> None:
        return None


@contextlib.contextmanager
def serving(site: Path) -> Iterator[str]:
    """The site's address on 127.0.0.1 while the block runs (a static server, as any host)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, name="lite-site", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)


def guard(context, outside: list[str] | None = None) -> list[str]:
    """Abort every request of ``context`` not for 127.0.0.1; the list of those requests
    (``outside``, when given)."""
    outside = [] if outside is None else outside

    def route(request_route) -> None:
        url = request_route.request.url
        if LOOPBACK.match(url) or url.startswith(("data:", "blob:")):
            request_route.continue_()
        else:
            outside.append(url)
            request_route.abort()

    context.route("**/*", route)
    return outside


def open_site(page, url: str) -> float:
    """Open ``url`` (the site, or a notebook of it: lab/index.html?path=...), wait until its
    notebook's kernel is idle; the seconds that took."""
    start = time.perf_counter()
    page.goto(url)
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for()
    page.wait_for_function(KERNEL_READY, arg=None)
    return time.perf_counter() - start


def notebook_url(url: str, path: str) -> str:
    """The address that opens notebook ``path`` of the site."""
    return f"{url}lab/index.html?path={path}"
