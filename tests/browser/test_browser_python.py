"""The package in a Python without threads and without matplotlib, as the browser's
(Pyodide, the JupyterLite site of ``course lite``) is: checked here on CPython, with
threads switched off (``exercises.browser.THREADS``) and matplotlib made unimportable."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import textwrap
import threading

import pytest

from conftest import ROOT
from course.notebook import solution_namespace
from exercises import browser
from exercises.i18n import set_language
from worksheets.test_abapa_package import RandomPlayer, solution  # noqa: F401 (the fixture)
from worksheets.test_tchu_game_package import play_some_turns


@pytest.fixture
def no_threads(monkeypatch):
    """No threads for the widgets, as in Pyodide: their steps run on an event loop.

    Returns a runner for the test's body: it runs in a thread of its own, on a fresh loop,
    because the session's browser (Playwright's sync API, conftest's ``playwright``) keeps a
    loop marked as running in the main thread once any browser test ran in this process,
    and a step scheduled on that loop would never run here."""
    monkeypatch.setattr(browser, "THREADS", False)

    def run(body) -> None:
        failures: list[BaseException] = []

        def target() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            try:
                body()
            except BaseException as failure:  # noqa: BLE001 (raised again in the test's thread)
                failures.append(failure)
            finally:
                asyncio.set_event_loop(None)
                loop.close()

        thread = threading.Thread(target=target, name="browser-like")
        thread.start()
        thread.join(300)
        assert not thread.is_alive(), "the body did not end within 300 s"
        if failures:
            raise failures[0]

    return run


@pytest.fixture
def no_matplotlib(monkeypatch):
    """matplotlib cannot be imported, as in the browser before (or without) its download."""
    monkeypatch.setitem(sys.modules, "matplotlib", None)


@pytest.fixture(scope="module")
def tchu_play():
    return solution_namespace(ROOT / "solutions" / "04_tchu_game.ipynb")["play"]


def test_every_worksheet_imports_without_threads_or_matplotlib():
    script = textwrap.dedent("""
        import sys, threading
        sys.modules["matplotlib"] = None  # no matplotlib
        def refuse(self):
            raise RuntimeError("can't start new thread")
        threading.Thread.start = refuse  # no threads
        import exercises.start, exercises.jass, exercises.dice421, exercises.abapa
        import exercises.tchu, exercises.dominations, exercises.ai
        print(sorted(m for m in sys.modules if m.startswith("matplotlib") and sys.modules[m]))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_abapa_computer_answers_on_the_event_loop_without_threads(no_threads, solution):  # noqa: F811
    def body() -> None:
        from exercises.abapa import AbapaGame

        widget = AbapaGame(solution["Board"], opponent=RandomPlayer(random.Random(3)))
        rng = random.Random(4)
        widget.pits.click(2)
        assert widget.thinking and "thinking" in widget.status.value  # the page is told first
        assert widget.pits.enabled() == []
        widget.pits.click(3)  # refused while the computer thinks
        assert widget._thread is None and widget.wait(30)
        assert widget.history[0] == (0, 2) and widget.history[1][0] == 1 and len(widget.history) == 2
        for _ in range(300):
            legal = widget.pits.enabled()
            if not legal:
                break
            widget.pits.click(rng.choice(legal))
            assert widget.wait(30)
        assert widget.board.is_over() and "Click New game" in widget.status.value

    no_threads(body)


def test_tchu_game_without_threads_is_the_same_game_as_with_one(tchu_play, monkeypatch):
    from exercises.tchu import TchuGame

    threaded = TchuGame(tchu_play, seed=12, opponent="random", draw_map=False)
    asked = play_some_turns(threaded, 10_000)
    threaded.thread.join(20)
    monkeypatch.setattr(browser, "THREADS", False)
    replayed = TchuGame(tchu_play, seed=12, opponent="random", draw_map=False)
    assert replayed.thread is None
    assert play_some_turns(replayed, 10_000) == asked
    assert "choose_additional_cards" in asked and "draw_slot" in asked
    assert replayed.result == threaded.result and set(replayed.result)
    assert replayed.player.infos == threaded.player.infos
    assert replayed.game_log.value == threaded.game_log.value
    assert replayed.hand.value == threaded.hand.value
    assert replayed.status.value == threaded.status.value and "Game over." in replayed.status.value
    assert replayed.errors.value == ""


def test_tchu_new_game_without_threads_starts_afresh(tchu_play, monkeypatch):
    from exercises.tchu import TchuGame

    monkeypatch.setattr(browser, "THREADS", False)
    game = TchuGame(tchu_play, seed=8, draw_map=False)
    assert game.wait(1).method == "choose_initial_tickets"
    assert game.keep_tickets((0, 1, 2))
    assert game.wait(1) is not None
    game.new_game()
    assert game.wait(1).method == "choose_initial_tickets" and game.games == 2


def test_tchu_map_says_in_one_sentence_that_it_needs_the_network(tchu_play, no_matplotlib, monkeypatch):
    from exercises.tchu import TchuGame

    monkeypatch.setattr(browser, "THREADS", False)
    game = TchuGame(tchu_play, seed=6)
    assert game.wait(1).method == "choose_initial_tickets"
    assert "needs matplotlib" in game.map_note.value and game.map_note.value.count(".") == 1
    assert game.picture.layout.display == "none" and game.errors.value == ""


def test_state_and_league_pictures_say_so_without_matplotlib(no_matplotlib, capsys, solution):  # noqa: F811
    from exercises.ai import league, plot_league
    from exercises.tchu import ChMap, GameState

    state = GameState.initial(ChMap.all_tickets(), random.Random(2021))
    assert state._repr_png_() is None
    table = league(solution["Board"], {"a": RandomPlayer, "b": RandomPlayer}, games=2, seed=1)
    assert plot_league(table) is None
    lines = capsys.readouterr().out.splitlines()
    assert lines == [browser.NO_MATPLOTLIB] * 2


def test_the_sentence_is_french_in_french(no_matplotlib):
    set_language("fr")
    with pytest.raises(browser.NoMatplotlib) as missing:
        browser.require_matplotlib()
    assert str(missing.value) != browser.NO_MATPLOTLIB and "matplotlib" in str(missing.value)
