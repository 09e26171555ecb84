"""Strategies of worksheet 00: dice throws of any length."""

from course.grading.grader.drawing import st
from course.grading.instructor.cases import Sample


def dice(min_size: int = 0, max_size: int = 8):
    """A list of dice faces, 1 to 6."""
    return st.lists(st.integers(1, 6), min_size=min_size, max_size=max_size)


SAMPLES = [Sample("start.count_pips", "count_pips(dice)", st.fixed_dictionaries({"dice": dice()}), count=6)]
