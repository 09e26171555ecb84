"""SortedBag: an immutable, hashable, sorted multiset (the original's ``SortedBag``).

A bag holds elements with repetitions; the order in which they are given does not
matter, iteration is always in sorted order (cards in ``Card`` order, tickets by their
text). Bags are values: ``SortedBag([RED, RED, WHITE]) == SortedBag([WHITE, RED, RED])``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ...i18n import _

E = TypeVar("E")

__all__ = ["SortedBag"]


@dataclass(frozen=True)
class SortedBag(Generic[E]):
    """An immutable multiset whose elements are kept sorted.

    >>> SortedBag([3, 1, 3])
    SortedBag([1, 3, 3])
    """

    elements: tuple[E, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "elements", tuple(sorted(self.elements)))

    @classmethod
    def of(cls, *counts_and_elements: Any) -> SortedBag[E]:
        """The bag with these (count, element) pairs: ``SortedBag.of(2, RED, 1, WHITE)``."""
        if len(counts_and_elements) % 2:
            raise ValueError(
                _("SortedBag.of takes (count, element) pairs, got {count} arguments").format(
                    count=len(counts_and_elements)
                )
            )
        items: list[E] = []
        for count, element in zip(counts_and_elements[::2], counts_and_elements[1::2]):
            if type(count) is not int or count < 0:
                raise ValueError(_("a count must be an int >= 0, got {count!r}").format(count=count))
            items.extend([element] * count)
        return cls(tuple(items))

    @classmethod
    def from_counts(cls, counts: Mapping[E, int]) -> SortedBag[E]:
        """The bag holding each key of ``counts`` that many times."""
        return cls.of(*itertools.chain.from_iterable((n, e) for e, n in counts.items()))

    def __len__(self) -> int:
        return len(self.elements)

    @property
    def size(self) -> int:
        """The number of elements, repetitions included."""
        return len(self.elements)

    def is_empty(self) -> bool:
        """True if the bag holds no element."""
        return not self.elements

    def __iter__(self) -> Iterator[E]:
        return iter(self.elements)

    def __getitem__(self, index: int) -> E:
        return self.elements[index]

    def __contains__(self, element: object) -> bool:
        return element in self.elements

    def count(self, element: E) -> int:
        """How many times ``element`` is in the bag (0 if it is not)."""
        return self.elements.count(element)

    def counts(self) -> dict[E, int]:
        """Each distinct element with its count, in sorted order."""
        counts = self.__dict__.get("_counts")
        if counts is None:
            counts = dict(Counter(self.elements))
            self.__dict__["_counts"] = counts
        return dict(counts)

    def distinct(self) -> tuple[E, ...]:
        """The distinct elements, in sorted order."""
        return tuple(dict.fromkeys(self.elements))

    def contains_all(self, other: Iterable[E]) -> bool:
        """True if ``other`` (a bag or any iterable) is a sub-multiset of this bag."""
        mine = self.counts()
        return all(mine.get(e, 0) >= n for e, n in Counter(other).items())

    def union(self, other: Iterable[E]) -> SortedBag[E]:
        """The bag with the elements of both bags (counts add up)."""
        return SortedBag(self.elements + tuple(other))

    __add__ = union

    def difference(self, other: Iterable[E]) -> SortedBag[E]:
        """This bag minus the elements of ``other``, counts never below zero."""
        remaining = Counter(self.elements)
        remaining.subtract(Counter(other))
        return SortedBag(tuple(remaining.elements()))

    __sub__ = difference

    def subsets_of_size(self, size: int) -> list[SortedBag[E]]:
        """Every distinct sub-bag with ``size`` elements, in sorted order of their elements."""
        if size < 0:
            raise ValueError(_("a subset size must be >= 0, got {size}").format(size=size))
        return [SortedBag(c) for c in dict.fromkeys(itertools.combinations(self.elements, size))]

    def __repr__(self) -> str:
        return f"SortedBag({list(self.elements)!r})"
