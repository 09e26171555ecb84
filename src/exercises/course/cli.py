"""The ``course`` command: ``course release``, ``course grade`` and ``course report``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .notebook import NotebookFormatError


def _release(args: argparse.Namespace) -> int:
    from .release import release

    root = Path(args.root)
    if not (root / "solutions").is_dir():
        print(f"course release: {root.resolve()} has no solutions/ folder", file=sys.stderr)
        return 2
    try:
        names = release(root, Path(args.to) if args.to else None)
    except NotebookFormatError as error:
        print(f"course release: {error}; nothing was written", file=sys.stderr)
        return 1
    print(f"Released {len(names)} notebooks into {root / 'notebooks'}")
    if args.to:
        print(f"Student bundle written to {args.to}")
    return 0


def parser() -> argparse.ArgumentParser:
    """The command line of ``course``."""
    main_parser = argparse.ArgumentParser(
        prog="course", description="Instructor tools of Tabletop Python."
    )
    commands = main_parser.add_subparsers(dest="command", required=True)

    release = commands.add_parser(
        "release", help="generate the student notebooks (and bundle) from solutions/"
    )
    release.add_argument("--root", default=".", help="the course folder (default: .)")
    release.add_argument("--to", metavar="DIR", help="also write the student bundle into DIR")
    release.set_defaults(run=_release)

    from . import grade

    grade_parser = commands.add_parser("grade", help="grade student notebooks with the hidden tests")
    grade.add_arguments(grade_parser)
    grade_parser.set_defaults(run=grade.run)

    from . import report

    report_parser = commands.add_parser("report", help="what the class misunderstood, from the grades")
    report.add_arguments(report_parser)
    report_parser.set_defaults(run=report.run)
    return main_parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``course`` command."""
    args = parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
