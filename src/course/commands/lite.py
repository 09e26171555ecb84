"""``course lite``: its options, and where the site went and how big it is
(:mod:`course.lite` builds it)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..lite import LiteError, build_site, site_size


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The options of ``course lite``."""
    command.add_argument("--to", metavar="DIR", required=True, help="the folder the site is written into")
    command.add_argument("--lang", default="en", choices=("en", "fr"),
                         help="the notebooks' language: fr takes notebooks/fr/ (default: en)")
    command.add_argument("--root", default=".", help="the course folder (default: .)")
    command.add_argument("--cache", metavar="DIR", help="what `make lite-deps` fetched (default: .venv/lite)")


def run(args: argparse.Namespace) -> int:
    """``course lite``: build the site, say where it is and how big."""
    try:
        site = build_site(Path(args.root), Path(args.to), args.lang, Path(args.cache) if args.cache else None)
    except LiteError as error:
        print(f"course lite: {error}", file=sys.stderr)
        return 1
    print(f"Site written to {site} ({site_size(site) / 1e6:.1f} MB): serve the folder from any web host")
    return 0
