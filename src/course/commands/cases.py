"""``course cases``: its options, and the worksheets whose stored cases it writes or checks
(:mod:`course.grading.instructor.cases` computes them)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import paths


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``course cases``."""
    parser.add_argument("--worksheet", action="append", default=None, metavar="ID",
                        help="only this worksheet (again for more); all by default")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when stored cases are not what the strategies, "
                             "the hidden tests and the reference give")
    parser.add_argument("--root", type=Path, default=Path("."), help="the course folder (default: here)")


def run(args: argparse.Namespace) -> int:
    """Write (or with --check, compare) the stored cases of the worksheets asked."""
    # imported here: it imports pytest and Hypothesis, which every other command (course grade) does without
    from ..grading.grader.spawn import RECORDING_SEED, hash_seed
    from ..grading.instructor.cases import cases_path, hidden_worksheets, record, stale, store_of, worksheets

    try:
        root = paths.folder(args.root, "the course folder (--root)").resolve()
    except paths.BadPath as error:
        print(f"course cases: {error}.", file=sys.stderr)
        return 2
    if not (root / "tests" / "grading").is_dir():
        print(f"course cases: {root} has no tests/grading: run it in the course folder or give --root",
              file=sys.stderr)
        return 2
    known = sorted(set(worksheets(root)) | set(hidden_worksheets(root)))
    chosen = args.worksheet or known
    unknown = [name for name in chosen if name not in known]
    if unknown:
        print(f"course cases: no hidden tests or samples for {', '.join(unknown)} (worksheets: "
              f"{', '.join(known) or 'none'})", file=sys.stderr)
        return 2
    problems = []
    with hash_seed(RECORDING_SEED):  # the reference answers under its own hash seed, not a graded notebook's
        for worksheet in chosen:
            if args.check:
                problems += [f"{worksheet}: {why}" for why in stale(root, worksheet)]
                continue
            before = cases_path(root, worksheet).read_bytes() if cases_path(root, worksheet).exists() else None
            changed, failures = record(root, worksheet)
            problems += [f"{worksheet}: {failure}" for failure in failures]
            if cases_path(root, worksheet).exists() and cases_path(root, worksheet).read_bytes() != before:
                print(f"wrote {cases_path(root, worksheet).relative_to(root)}")
            if changed:
                print(f"wrote {store_of(root, worksheet).relative_to(root)}")
    if problems:
        verb = "stale stored cases" if args.check else "the solution fails its hidden tests, nothing stored"
        print(f"course cases: {verb}: run `course cases`:\n" + "\n".join(problems), file=sys.stderr)
        return 1
    return 0
