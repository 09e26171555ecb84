"""``course cases``: its options, and the worksheets whose generated examples it writes
(:mod:`course.grading.instructor.cases` computes them)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..grading.instructor.cases import cases_path, compute, text, worksheets, write
from . import paths


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``course cases``."""
    parser.add_argument("--worksheet", action="append", default=None, metavar="ID",
                        help="only this worksheet (again for more); all by default")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a cases.json is not what the reference gives")
    parser.add_argument("--root", type=Path, default=Path("."), help="the course folder (default: here)")


def run(args: argparse.Namespace) -> int:
    """Write (or with --check, compare) the cases.json of the worksheets asked."""
    try:
        root = paths.folder(args.root, "the course folder (--root)").resolve()
    except paths.BadPath as error:
        print(f"course cases: {error}.", file=sys.stderr)
        return 2
    if not (root / "tests" / "grading").is_dir():
        print(f"course cases: {root} has no tests/grading: run it in the course folder or give --root",
              file=sys.stderr)
        return 2
    known = worksheets(root)
    chosen = args.worksheet or known
    unknown = [name for name in chosen if name not in known]
    if unknown:
        print(f"course cases: no samples for {', '.join(unknown)} (worksheets with samples: "
              f"{', '.join(known) or 'none'})", file=sys.stderr)
        return 2
    stale = []
    for worksheet in chosen:
        if args.check:
            path = cases_path(root, worksheet)
            if not path.exists() or path.read_text(encoding="utf-8") != text(compute(root, worksheet)):
                stale.append(worksheet)
        elif write(root, worksheet):
            print(f"wrote {cases_path(root, worksheet).relative_to(root)}")
    if stale:
        print(f"course cases: stale cases.json for {', '.join(stale)}: run `course cases`", file=sys.stderr)
        return 1
    return 0
