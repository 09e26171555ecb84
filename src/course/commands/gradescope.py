"""``course gradescope``: its options, and the autograder zip written
(:mod:`course.gradescope` builds it)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..gradescope import VISIBILITIES, write_autograder
from . import paths
from .grade import seconds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``course gradescope``."""
    parser.add_argument("--to", required=True, metavar="ZIP", help="the autograder zip to write")
    parser.add_argument("--root", default=".", help="the course folder (default: .)")
    parser.add_argument("--visibility", default="visible", choices=VISIBILITIES,
                        help="when students see the results of a test that does not say (default: %(default)s)")
    parser.add_argument("--submission-timeout", type=seconds, default=600, metavar="SECONDS",
                        help="time limit to grade one notebook (default: %(default)s)")
    parser.add_argument("--worksheet", default="", metavar="ID",
                        help="grade only this worksheet's notebooks (one assignment per worksheet), e.g. jass")


def run(args: argparse.Namespace) -> int:
    """Write the autograder zip."""
    try:
        paths.folder(args.root, "the course folder (--root)")
        paths.output_file(args.to, "the autograder zip (--to)")
    except paths.BadPath as error:
        print(f"course gradescope: {error}.", file=sys.stderr)
        return 2
    try:
        names = write_autograder(Path(args.root), Path(args.to), args.visibility, args.submission_timeout,
                                 args.worksheet)
    except ValueError as error:
        print(f"course gradescope: {error}", file=sys.stderr)
        return 2
    print(f"Wrote {args.to}: setup.sh, run_autograder and {len(names) - 2} course files; "
          "upload it as the autograder of a Gradescope programming assignment")
    return 0
