"""The paths a ``course`` command is given, checked before it writes anything: each refusal is
one sentence naming the path (:class:`BadPath`; the command exits with status 2)."""

from __future__ import annotations

import csv
from pathlib import Path


class BadPath(Exception):
    """A path the command cannot use, said in one sentence."""


def existing(given: str | Path, what: str) -> Path:
    """``given``, which must exist (a file or a folder)."""
    path = Path(given)
    if not path.exists():
        raise BadPath(f"{what} {path} does not exist")
    return path


def folder(given: str | Path, what: str) -> Path:
    """``given``, which must be an existing folder."""
    path = existing(given, what)
    if not path.is_dir():
        raise BadPath(f"{what} {path} is a file, not a folder")
    return path


def file(given: str | Path, what: str) -> Path:
    """``given``, which must be an existing file."""
    path = existing(given, what)
    if path.is_dir():
        raise BadPath(f"{what} {path} is a folder, not a file")
    return path


def output_folder(given: str | Path, what: str, inputs: list[Path] = (),  # type: ignore[assignment]
                  kind: str = "the hand-in folder") -> Path:
    """``given``, a folder to write into: not a file, and outside every input folder (``kind``)."""
    path = Path(given)
    if path.exists() and not path.is_dir():
        raise BadPath(f"{what} {path} is a file, not a folder")
    outside(path, what, inputs, kind)
    return path


def output_file(given: str | Path, what: str) -> Path:
    """``given``, a file to write: not a folder, and its folder not a file."""
    path = Path(given)
    if path.is_dir():
        raise BadPath(f"{what} {path} is a folder, not a file")
    for parent in path.resolve().parents:
        if parent.exists():
            if not parent.is_dir():
                raise BadPath(f"{what} {path} is inside {parent}, which is a file")
            break
    return path


def outside(path: Path, what: str, inputs: list[Path], kind: str = "the hand-in folder") -> None:
    """Refuse ``path`` when it is one of the input folders or inside one."""
    resolved = path.resolve()
    for given in inputs:
        if given.is_dir():
            base = given.resolve()
            if resolved == base or base in resolved.parents:
                raise BadPath(f"{what} {path} is inside {kind} {given}; write it elsewhere")


def mapping(given: str | Path, what: str) -> dict[str, str]:
    """A two-column CSV (a name, an id) that parses and names at least one student."""
    path = file(given, what)
    found = {}
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            for row in csv.reader(handle):
                if len(row) >= 2 and row[0].strip() and row[1].strip():
                    found[row[0].strip()] = row[1].strip()
    except (UnicodeDecodeError, csv.Error) as error:
        raise BadPath(f"{what} {path} is not a UTF-8 CSV file ({type(error).__name__})") from None
    except OSError as error:
        raise BadPath(f"{what} {path} cannot be read ({error.strerror})") from None
    if not found:
        raise BadPath(f"{what} {path} names no one (it needs rows of two columns: a name and an id)")
    return found
