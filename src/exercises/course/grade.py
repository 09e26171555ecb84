"""`course grade`: grade many student notebooks with the hidden tests."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``course grade``."""
    parser.add_argument("submissions", nargs="+", help="student notebooks or folders")
    parser.add_argument("--out", required=True, help="where grades and feedback are written")
    parser.add_argument("--jobs", type=int, default=None, help="parallel gradings (default: all cores)")
    parser.add_argument("--force", action="store_true", help="grade again what is already graded")


def run(args: argparse.Namespace) -> int:
    """Grade the submissions."""
    raise SystemExit("course grade: not available yet")
