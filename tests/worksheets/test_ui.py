"""The plain-text form of exercises.ui's grid: what a student sees where the widget cannot be drawn."""

from __future__ import annotations

from exercises.ui import Grid, grid_cell


def pits(seeds: list[int]) -> Grid:
    """Abapa's six pits of one side (their seeds in the names only, as the widget draws them)."""
    return Grid(print, label="your pits", columns=6,
                cells=[grid_cell(f"pit {i}", f"pit {i}: {n} seeds") for i, n in enumerate(seeds)])


def test_a_grid_says_its_name_its_size_and_what_its_cells_show():
    assert repr(pits([4, 4, 0, 5, 5, 5])) == (
        "<Grid 'your pits': 1 row of 6 cells showing pit 0, pit 1, pit 2, pit 3, pit 4, pit 5>")
    # a cell's text on two lines reads as one
    assert "showing 4 seeds, 0 seeds>" in repr(Grid(print, label="pits", columns=2, cells=[
        grid_cell("4\nseeds", "pit 0"), grid_cell("0\nseeds", "pit 1")]))
    dice = Grid(print, label="your dice", columns=3,
                cells=[grid_cell(face, f"die {i}", pressed=i < 2) for i, face in enumerate("⚂⚁⚃")])
    assert repr(dice) == "<Grid 'your dice': 1 row of 3 cells showing ⚂, ⚁, ⚃; 2 pressed>"
    assert "object at 0x" not in repr(dice) and repr(dice) == dice._repr_mimebundle_()[0]["text/plain"]


def test_a_large_grid_counts_its_cells_instead_of_listing_them():
    kingdom = Grid(print, label="your kingdom", columns=9,
                   cells=[grid_cell("F" if i % 5 == 0 else "", f"square {i}") for i in range(81)])
    assert repr(kingdom) == "<Grid 'your kingdom': 9 rows of 9 cells 17 of them showing something>"
    empty = Grid(print, label="your kingdom", columns=3, cells=[grid_cell("", "square") for _ in range(9)])
    assert repr(empty) == "<Grid 'your kingdom': 3 rows of 3 cells all empty>"
