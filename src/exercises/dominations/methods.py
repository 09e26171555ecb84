"""``add_methods``: how the worksheet's cells add functions to a class as its methods.

The exercise cells after a class (``Kingdom``, ``Game``) define functions with ``self`` as
first argument and add them to the class. A student may also have written a method in
the class body itself; then the exercise cell, left as its released stub, must not
replace that method with the stub. So a stub (a function that only raises the
``NotImplementedError`` of ``course release``) never replaces a method the class has.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

__all__ = ["add_methods"]

_STUB = re.compile(r"^Exercise [a-z0-9_]+\.[a-z0-9_]+: write your code here\.$")


def is_stub(function: Callable[..., Any]) -> bool:
    """True when ``function`` is an exercise's released stub (it raises "write your code here")."""
    code = getattr(function, "__code__", None)
    return code is not None and any(
        isinstance(constant, str) and _STUB.match(constant) for constant in code.co_consts
    )


def add_methods(cls: type, *functions: Callable[..., Any], **named: Callable[..., Any]) -> None:
    """Add each function to ``cls`` as the method of its name (or of its keyword).

    ``add_methods(Kingdom, legal_placements, is_full)`` is ``Kingdom.legal_placements =
    legal_placements`` and ``Kingdom.is_full = is_full``, except that a stub still
    waiting for its code does not replace a method that ``cls`` already has.
    """
    for name, function in [*((f.__name__, f) for f in functions), *named.items()]:
        if is_stub(function) and hasattr(cls, name):
            continue
        setattr(cls, name, function)
