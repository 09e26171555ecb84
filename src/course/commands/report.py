"""``course report``: its options, and the report of a graded class written as HTML, Markdown
and CSV tables (:mod:`course.report` builds it)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..grading.instructor.discover import find_root
from ..report import THRESHOLD, ReportError, build, to_html, to_markdown, write_csvs
from . import paths


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("grades", help="the --out folder of `course grade`")
    parser.add_argument("--out", default=None, help="the HTML page to write (default: GRADES/report.html)")
    parser.add_argument("--threshold", type=float, default=THRESHOLD,
                        help="similarity from which a pair is listed, 0 to 1 (default: %(default)s)")
    parser.add_argument("--root", default=None, help="the course folder, for the released stubs "
                        "(default: found from the current folder)")


def run(args: argparse.Namespace) -> int:
    if not 0 < args.threshold <= 1:
        print("course report: --threshold is a share between 0 and 1 (e.g. 0.8)", file=sys.stderr)
        return 2
    try:
        grades = paths.folder(args.grades, "the grades folder")
    except paths.BadPath as error:
        print(f"course report: {error} (give the --out folder of `course grade`, with its results/).",
              file=sys.stderr)
        return 2
    try:
        if args.root:
            paths.folder(args.root, "the course folder (--root)")
        if args.out:
            paths.output_file(args.out, "the report page (--out)")
    except paths.BadPath as error:
        print(f"course report: {error}.", file=sys.stderr)
        return 2
    root = Path(args.root) if args.root else find_root(Path.cwd().resolve())
    try:
        report = build(grades, args.threshold, root)
    except ReportError as error:
        print(f"course report: {error}", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else grades / "report.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(to_html(report), encoding="utf-8")
    out.with_suffix(".md").write_text(to_markdown(report, tables_folder=f"{out.stem}-tables"), encoding="utf-8")
    write_csvs(report, out.parent / f"{out.stem}-tables")
    print(f"Report of {len(report.cls.students)} students written to {out} "
          f"(and {out.with_suffix('.md').name}, {out.stem}-tables/)")
    return 0
