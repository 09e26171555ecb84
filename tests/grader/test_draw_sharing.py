"""The grading processes of one run share their draws (course.grading.grader.differential.share_draws):
a strategy drawn by one is read as data by the others, with the same cases."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import strategies as st

from course.grading.grader import differential
from course.grading.grader.differential import draw, share_draws
from exercises.dominations import Domino, Square
from exercises.tchu import Card, SortedBag

DRAWN = []


@dataclass(frozen=True)
class Seat:
    """A frozen dataclass of the tests' own, as the strategies build (tchu's Match)."""

    name: str
    cards: SortedBag
    seed: int


def counted(value):
    DRAWN.append(value)
    return value


def seats():
    squares = st.builds(Square, st.sampled_from(["water", "forest"]), st.integers(0, 3))
    return st.tuples(
        st.builds(Seat, st.text("ab", max_size=3), st.lists(st.sampled_from(list(Card)), max_size=3).map(
            lambda cards: SortedBag(tuple(cards))), st.integers(0, 9)),
        st.builds(Domino, st.integers(1, 48), squares, squares),
        st.dictionaries(st.integers(0, 3), st.sets(st.integers(0, 3)), max_size=2),
        st.integers(0, 9).map(random.Random),
        st.integers(0, 2**64),
    ).map(counted)


@pytest.fixture
def shared(tmp_path: Path):
    share_draws(tmp_path / "draws")
    differential._DRAWN.clear()
    yield tmp_path / "draws"
    differential.SHARED.clear()
    differential._DRAWN.clear()


def test_a_draw_is_kept_as_data_and_read_back_without_drawing(shared: Path) -> None:
    first = draw(seats(), 25)
    assert len(list(shared.glob("*.json"))) == 1
    differential._DRAWN.clear()  # as in another grading process of the run
    DRAWN.clear()
    again = draw(seats(), 25)
    assert DRAWN == []  # nothing drawn: read from the run's folder
    assert [case[:3] for case in again] == [case[:3] for case in first]
    assert [case[3].getstate() for case in again] == [case[3].getstate() for case in first]
    assert type(again[0][0]) is Seat and type(again[0][1]) is Domino


def test_what_is_not_data_is_drawn_in_each_process(shared: Path) -> None:
    class Open:  # not a frozen dataclass: no way to keep it as data
        pass

    assert len(draw(st.builds(Open), 3)) >= 1
    assert list(shared.glob("*.json")) == []


def test_a_damaged_file_is_drawn_again(shared: Path) -> None:
    first = draw(st.integers(0, 99), 20)
    path, = shared.glob("*.json")
    path.write_text(json.dumps({"not": "a draw"}), encoding="utf-8")
    differential._DRAWN.clear()
    assert draw(st.integers(0, 99), 20) == first
    assert json.loads(path.read_text(encoding="utf-8")) != {"not": "a draw"}  # kept again
