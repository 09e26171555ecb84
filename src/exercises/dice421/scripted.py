"""Scripted keyboards and loaded dice, so that a turn replays exactly.

The worksheet's functions read the keyboard through ``ask(prompt) -> str`` (``input`` by
default) and throw dice through ``rng.randint(1, 6)``. Pass ``answers(["1", "0"])`` as
``ask`` to type those answers in order, and ``ScriptedDice([6, 6, 5])`` as ``rng`` to
throw those faces in order::

    >>> ask = answers(["1", "0"], echo=False)
    >>> ask("Type 1 to throw again? "), ask("Type 1 to throw again? ")
    ('1', '0')
    >>> dice = ScriptedDice([6, 6, 5])
    >>> [dice.randint(1, 6) for _ in range(3)]
    [6, 6, 5]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .pictures import check_face

__all__ = ["ScriptError", "ThrowError", "answers", "ScriptedDice"]


class ScriptError(RuntimeError):
    """A script ran out: the code asked or threw more often than the script expected.

    It is raised by the script, not by the code that called it: a check reports it as a
    rule the code broke ("asked one question too many"), never as a crash. ``kind`` is
    ``"answers"`` or ``"dice"``, ``scripted`` how many the script held, ``number`` the
    question or die that came after them, ``prompt`` that question.
    """

    def __init__(self, message: str, kind: str = "", scripted: int = 0, number: int = 0,
                 prompt: str = "") -> None:
        super().__init__(message)
        self.kind, self.scripted, self.number, self.prompt = kind, scripted, number, prompt


class ThrowError(ScriptError, ValueError):
    """Loaded dice were thrown another way than ``rng.randint(1, 6)``."""


def answers(replies: Iterable[str], echo: bool = True) -> Callable[[str], str]:
    """An ``ask`` function that types ``replies`` in order.

    With ``echo``, each question is printed with its answer, as on a console.
    """
    replies = [str(reply) for reply in replies]
    asked = 0

    def ask(prompt: str = "") -> str:
        nonlocal asked
        if asked >= len(replies):
            raise ScriptError(
                f"the scripted player had {len(replies)} answer(s) and no more, but question "
                f"{asked + 1} came: {str(prompt).strip()!r}",
                "answers", len(replies), asked + 1, str(prompt).strip(),
            )
        reply = replies[asked]
        asked += 1
        if echo:
            print(f"{prompt}{reply}")
        return reply

    return ask


class ScriptedDice:
    """Loaded dice: ``randint(1, 6)`` returns the scripted faces in order."""

    def __init__(self, faces: Iterable[int]) -> None:
        self.faces = [check_face(face) for face in faces]
        self.thrown = 0

    def randint(self, a: int, b: int) -> int:
        """The next scripted face; only ``randint(1, 6)`` is a die."""
        if (a, b) != (1, 6):
            raise ThrowError(
                f"a die is thrown with rng.randint(1, 6), not rng.randint({a}, {b})", "randint",
                len(self.faces), self.thrown + 1,
            )
        if self.thrown >= len(self.faces):
            raise ScriptError(
                f"the scripted dice held {len(self.faces)} throw(s) and no more, but die "
                f"number {self.thrown + 1} was thrown (a throw too many?)",
                "dice", len(self.faces), self.thrown + 1,
            )
        face = self.faces[self.thrown]
        self.thrown += 1
        return face

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(
            f"scripted dice have no {name!r}: throw a die with rng.randint(1, 6)"
        )

    def __repr__(self) -> str:
        return f"ScriptedDice({self.faces!r})"
