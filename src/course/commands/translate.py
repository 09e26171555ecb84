"""``course translate extract|check``: its options, and the catalogs of the notebooks, of the
grader and of the package brought up to date or checked (:mod:`course.i18n`)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..i18n import grading_text, package
from ..i18n.notebooks import LANGUAGES, catalog_path, extract, problems
from . import paths


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``course translate``."""
    parser.add_argument("action", choices=("extract", "check"),
                        help="extract: update the catalogs from solutions/ and src/exercises; "
                             "check: list what is untranslated or stale")
    parser.add_argument("--lang", default="fr", choices=LANGUAGES, help="the language (default: fr)")
    parser.add_argument("--root", default=".", help="the course folder (default: .)")


def run(args: argparse.Namespace) -> int:
    """Run ``course translate`` (the notebooks' catalogs and the grader's, :mod:`course.i18n.grading_text`)."""
    try:
        root = paths.folder(args.root, "the course folder (--root)")
    except paths.BadPath as error:
        print(f"course translate: {error}.", file=sys.stderr)
        return 2
    if not (root / "solutions").is_dir():
        print(f"course translate: {root.resolve()} has no solutions/ folder", file=sys.stderr)
        return 2
    has_package = (root / package.PACKAGE).is_dir()
    if args.action == "extract":
        for name, (entries, changed) in extract(root, args.lang).items():
            state = "updated" if changed else "unchanged"
            print(f"{catalog_path(root, args.lang, name)}: {entries} entries, {state}")
        entries, changed = grading_text.extract(root, args.lang)
        state = "updated" if changed else "unchanged"
        print(f"{grading_text.catalog_file(root, args.lang)}: {entries} entries, {state}")
        if has_package:
            entries, changed = package.extract(root, args.lang)
            state = "updated" if changed else "unchanged"
            print(f"{package.catalog_path(root, args.lang)}: {entries} entries, {state}")
    found: list[Any] = [*problems(root, args.lang), *grading_text.problems(root, args.lang)]
    if has_package:
        found += package.problems(root, args.lang)
    for problem in found:
        print(problem)
    print(f"{len(found)} units to translate or review")
    return 1 if found and args.action == "check" else 0
