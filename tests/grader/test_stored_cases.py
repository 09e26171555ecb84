"""The hidden tests' stored cases (course.grading.grader.stored, drawing, differential.draw): drawn
once by ``course cases``, with the reference's answers, then read back by grading without
Hypothesis and without the reference's process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from conftest import ROOT
from course.grading.grader import differential, stored
from course.grading.grader.differential import draw
from course.grading.grader.drawing import key, st
from exercises.dominations import Domino, Square
from exercises.tchu import Card, CardState, Deck, SortedBag

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
        st.integers(0, 2**64),
    ).map(counted)


@pytest.fixture
def recording():
    """A process that records what it draws, then forgets it, as another process would."""
    differential._DRAWN.clear()
    stored.USED = stored.Store()
    yield stored.USED
    stored.USED = None
    stored.ONLY[0] = False
    differential._DRAWN.clear()
    for name in list(stored.DRAWS):
        if name not in KEPT:
            del stored.DRAWS[name]
    stored._READ.clear()  # a stored file read before is read again, its draws with it


KEPT = dict(stored.DRAWS)


def test_a_draw_is_stored_as_data_and_read_back_without_drawing(recording, tmp_path: Path) -> None:
    first = draw(seats(), 25)
    path = tmp_path / "cases" / "seats.json"
    stored.write(path, recording)
    differential._DRAWN.clear()  # as in another grading process
    DRAWN.clear()
    stored.load(path)
    stored.ONLY[0] = True  # nothing may be drawn live
    again = draw(seats(), 25)
    assert DRAWN == []
    assert again == first
    assert type(again[0][0]) is Seat and type(again[0][1]) is Domino


def test_a_recorded_draw_iterates_as_the_draw_read_back_does(recording, tmp_path: Path) -> None:
    """A set drawn by Hypothesis and the same set rebuilt from the file may iterate in two
    orders; the tests that record the reference's answers get the draw as read back, so the
    requests they build (a set sent as a list) are the ones grading builds."""
    colours = st.lists(st.frozensets(st.sampled_from(COLOURS), min_size=3))
    first = [[list(part) for part in case] for case in draw(colours, 30)]
    path = tmp_path / "cases" / "colours.json"
    stored.write(path, recording)
    differential._DRAWN.clear()  # as in another grading process
    stored.load(path)
    stored.ONLY[0] = True
    assert [[list(part) for part in case] for case in draw(colours, 30)] == first


COLOURS = ["red", "blue", "green", "yellow", "black", "white", "orange", "pink", "grey", "brown"]


@dataclass(frozen=True)
class Hand:
    """Fields whose order is not the alphabet's: the first holds what the second refers to."""

    table: tuple
    deck: tuple


def test_a_value_sent_once_then_by_number_reads_back_from_the_file_whatever_its_key_order(
        recording, tmp_path: Path) -> None:
    """A value encoded twice is encoded in full, then by its number. The stored file writes
    an object's keys sorted, so a class whose fields are not in the alphabet's order (tCHu's
    CardState: face_up_cards, deck, discards) reaches a number before the value it names,
    unless the fields are read in the order of the constructor."""
    state = CardState((Card.RED,) * 5, Deck((Card.RED, Card.BLUE)), SortedBag((Card.BLUE,)))
    first = draw(st.builds(Hand, st.just((Card.RED, Card.BLUE)), st.just((Card.BLUE, Card.RED))), 1)
    second = draw(st.just([state, state]), 1)
    path = tmp_path / "cases" / "hands.json"
    stored.write(path, recording)
    assert '"$ref"' in path.read_text(encoding="utf-8")  # the file does refer to values by number
    differential._DRAWN.clear()  # as in another grading process
    stored.load(path)
    stored.ONLY[0] = True
    assert draw(st.builds(Hand, st.just((Card.RED, Card.BLUE)), st.just((Card.BLUE, Card.RED))), 1) == first
    again = draw(st.just([state, state]), 1)
    assert again == second and again[0][0].deck == state.deck


def test_a_draw_comes_small_to_large(recording) -> None:
    found = draw(st.lists(st.integers(0, 9), max_size=6), 40)
    sizes = [len(repr(case)) for case in found]
    assert sizes == sorted(sizes) and sizes[0] < sizes[-1]


def test_the_boundaries_a_text_names_come_first_then_the_draw_without_them(recording) -> None:
    drawn = draw(st.integers(0, 30), 20)
    found = draw(st.integers(0, 30), 20, boundaries=[25, 0, 24])
    assert found[:3] == [25, 0, 24]
    assert found[3:] == [case for case in drawn if case not in (25, 0, 24)]


def test_a_draw_the_stored_cases_lack_names_the_command_that_refreshes_them(recording) -> None:
    stored.ONLY[0] = True
    with pytest.raises(stored.Stale, match="run `course cases`"):
        draw(st.integers(0, 5).map(lambda n: n * 3), 10)


def test_a_key_changes_with_the_strategy_and_not_with_the_process() -> None:
    def scaled(factor):
        return st.integers(0, 9).map(lambda n: n * factor)

    assert key(scaled(2)) == key(scaled(2))
    assert key(scaled(2)) != key(scaled(3))  # the closure's value is part of the key
    assert key(st.integers(0, 9).map(lambda n: n + 1)) != key(st.integers(0, 9).map(lambda n: n - 1))
    assert key(st.sampled_from([1, 2])) != key(st.sampled_from([2, 1]))
    assert key(st.just(frozenset({"a", "b", "c"}))) == key(st.just(frozenset({"c", "b", "a"})))


def test_a_key_names_a_data_file_by_its_content_not_by_the_folder_of_the_course(tmp_path: Path) -> None:
    here, there = tmp_path / "a" / "dominos.csv", tmp_path / "b" / "dominos.csv"
    for path in (here, there):
        path.parent.mkdir()
        path.write_text("1,wheat,0\n", encoding="utf-8")
    assert key(st.just(str(here))) == key(st.just(there))  # another clone of the course: the same draws
    there.write_text("1,water,0\n", encoding="utf-8")
    assert key(st.just(str(here))) != key(st.just(there))


def blocked(tmp_path: Path) -> dict[str, str]:
    """An environment in which ``import hypothesis`` fails."""
    (tmp_path / "block" / "hypothesis").mkdir(parents=True)
    (tmp_path / "block" / "hypothesis" / "__init__.py").write_text("raise ImportError('no Hypothesis here')\n")
    return {**os.environ, "PYTHONPATH": str(tmp_path / "block")}


def test_a_stored_draw_is_read_in_a_process_without_hypothesis(tmp_path: Path) -> None:
    program = (
        "import sys; sys.path.insert(0, 'tests/grading')\n"
        "from pathlib import Path\n"
        "from course.grading.grader import stored\n"
        "from course.grading.grader.differential import draw\n"
        "from strategies import dice421\n"
        "stored.load(Path('tests/grading/cases/dice421.json'))\n"
        "print(draw(dice421.games(), 30)[:3])\n"
        "print('hypothesis' in sys.modules)\n"
    )
    run = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env=blocked(tmp_path), check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    first, imported = run.stdout.splitlines()
    assert first.startswith("[{'tokens': ") and imported == "False"


@pytest.mark.parametrize("worksheet", sorted(path.stem for path in (ROOT / "tests/grading/cases").glob("*.json")))
def test_every_solution_gets_full_marks_from_the_stored_cases_without_hypothesis(worksheet, tmp_path):
    """The committed stored cases are fresh: each solution passes every hidden test with
    Hypothesis unimportable and no reference process (a missing draw or answer fails)."""
    # in a process of its own, as `course cases --check` runs: this process's draws and
    # stored cases, which other tests change, are not a grading process's
    program = ("import json, sys; from pathlib import Path; from course.grading.instructor import cases; "
               "print(json.dumps(cases.stale(Path(sys.argv[1]), sys.argv[2])))")
    run = subprocess.run([sys.executable, "-c", program, str(ROOT), worksheet], cwd=ROOT, capture_output=True,
                         text=True, timeout=900, env=blocked(tmp_path), check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout.splitlines()[-1]) == [], "run `course cases` to refresh the stored cases"


def test_a_changed_strategy_makes_the_check_fail_and_name_the_command(tmp_path: Path) -> None:
    root = tmp_path / "course"
    shutil.copytree(ROOT / "solutions", root / "solutions")
    shutil.copytree(ROOT / "tests" / "grading", root / "tests" / "grading",
                    ignore=shutil.ignore_patterns("__pycache__"))
    strategies = root / "tests" / "grading" / "strategies" / "start.py"
    text = strategies.read_text(encoding="utf-8")
    assert "st.integers(1, 6)" in text
    strategies.write_text(text.replace("st.integers(1, 6)", "st.integers(1, 7)", 1), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "course.commands", "cases", "--check", "--worksheet", "start",
                          "--root", str(root)], capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 1
    assert "run `course cases`" in run.stderr and "start" in run.stderr


def test_a_stored_answer_is_one_line_of_data(tmp_path: Path) -> None:
    store = stored.Store(draws={"integers(0, 9) #0 ×3": [0, 1, 2]}, answers={"ab": {"ok": 1}})
    path = tmp_path / "x.json"
    assert stored.write(path, store) is True
    assert stored.write(path, store) is False  # the same text: not written again
    assert json.loads(path.read_text(encoding="utf-8"))["answers"] == {"ab": {"ok": 1}}
    assert len(path.read_text(encoding="utf-8").splitlines()) == 9


def test_the_stored_cases_travel_in_both_grading_bundles() -> None:
    import io
    import tarfile

    from course.gradescope import course_files
    from course.grading import wire

    stored_files = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "tests/grading/cases").glob("*.json"))
    assert "tests/grading/cases/dice421.json" in stored_files
    assert set(stored_files) <= {name for name, _ in course_files(ROOT)}
    data, _ = wire.pack(ROOT)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        assert set(stored_files) <= set(archive.getnames())
