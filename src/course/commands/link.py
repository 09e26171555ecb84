"""``course link``: its options, and the nbgitpuller or Binder link printed
(:mod:`course.link` builds it)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..link import BINDERHUB, DEFAULT_NOTEBOOK, binder_link, check_notebook, nbgitpuller_link


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``course link``."""
    parser.add_argument("--repo", required=True, metavar="URL", help="the student bundle's git repository")
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--hub", metavar="URL", help="the JupyterHub's address (an nbgitpuller link)")
    target.add_argument("--binder", nargs="?", const=BINDERHUB, metavar="URL",
                        help=f"a Binder launch link instead (default BinderHub: {BINDERHUB})")
    parser.add_argument("--branch", default="main", help="the bundle's branch (default: %(default)s)")
    parser.add_argument("--notebook", default=DEFAULT_NOTEBOOK, metavar="NAME",
                        help="the notebook to open: a path in the bundle or a name like 01_jass_melds "
                             "(default: %(default)s)")
    parser.add_argument("--root", default=None,
                        help="the course folder, whose solutions/ name the notebooks (default: found from here)")


def notebook_names(root: str | None) -> list[str]:
    """The stems of the course's notebooks (00_start_here...); none outside a course folder."""
    from ..grading.instructor.discover import find_root

    folder = Path(root).resolve() if root else find_root(Path.cwd().resolve())
    return sorted(path.stem for path in (folder / "solutions").glob("*.ipynb")) if folder else []


def run(args: argparse.Namespace) -> int:
    """Print the link."""
    try:
        check_notebook(args.notebook, notebook_names(args.root))
        if args.hub:
            print(nbgitpuller_link(args.hub, args.repo, args.branch, args.notebook))
        else:
            print(binder_link(args.repo, args.branch, args.notebook, args.binder))
    except ValueError as error:
        print(f"course link: {error}", file=sys.stderr)
        return 2
    return 0
