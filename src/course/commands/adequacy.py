"""``course adequacy``: its options, and the table it prints and writes
(:mod:`course.adequacy` analyses)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .grade import seconds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``course adequacy``."""
    parser.add_argument("--exercise", action="append", default=[], metavar="ID",
                        help="an exercise (dice421.tokens_of) or a worksheet (dice421); repeatable (default: all)")
    parser.add_argument("--jobs", type=int, default=None, help="grading processes (default: all cores)")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="grade the mutants on the Dask cluster of this scheduler, as course grade does")
    parser.add_argument("--operators", default="first-order", choices=("first-order", "student", "all"),
                        help="the mutation operators: first-order ones, those of the kinds students make, "
                             "or both (default: %(default)s; docs/ADEQUACY.md)")
    parser.add_argument("--sample", type=int, default=None, metavar="N",
                        help="a seeded sample of N mutants per worksheet (default: every mutant)")
    parser.add_argument("--seed", type=int, default=0, help="the sample's seed (default: %(default)s)")
    parser.add_argument("--out", default=None, metavar="DIR", help="write adequacy.md and adequacy.json here")
    parser.add_argument("--wait", action="store_true",
                        help="if another command is using --out, wait for it to end instead of refusing")
    parser.add_argument("--root", default=None, help="the course folder (default: found from the current folder)")
    parser.add_argument("--call-timeout", type=seconds, default=5.0, metavar="SECONDS",
                        help="time limit of one cell or one call of a test on a mutant (default: %(default)s)")


def run(args: argparse.Namespace) -> int:
    """Analyse, print the table, write the files asked for (holding --out's lock, as course grade does,
    once the names given are known: a refused name writes nothing)."""
    import os
    from contextlib import nullcontext

    from ..adequacy import report
    from ..adequacy.run import Refused, analyse, plan
    from ..gradebook.lock import Busy, hold
    from ..grading.instructor.discover import find_root

    root = Path(args.root).resolve() if args.root else find_root(Path.cwd().resolve())
    if root is None or not (root / "solutions").is_dir():
        print("course adequacy: no course folder (with solutions/ and tests/grading/) here or above; use --root",
              file=sys.stderr)
        return 2
    if (args.jobs is not None and args.jobs < 1) or (args.sample is not None and args.sample < 1):
        print("course adequacy: --jobs and --sample take a positive number", file=sys.stderr)
        return 2

    def progress(done: int, total: int) -> None:
        sys.stderr.write(f"\rmutants graded: {done}/{total}")
        sys.stderr.flush()

    out = Path(args.out).resolve() if args.out else None
    made = out is not None and not out.exists()
    try:
        # a bad name is refused before anything runs or is written
        mutants = plan(root, args.exercise, args.sample, args.seed, args.operators)
        with hold(out, "course adequacy", wait=args.wait) if out is not None else nullcontext():
            result = analyse(root, args.exercise, jobs=args.jobs or os.cpu_count() or 1, scheduler=args.scheduler,
                             sample=args.sample, seed=args.seed, call_seconds=args.call_timeout,
                             progress=progress, mutants=mutants)
            sys.stderr.write("\n")
            print(report.markdown(result), end="")
            if args.out:
                for path in report.write(result, Path(args.out)):
                    print(f"written: {path}", file=sys.stderr)
    except (Refused, Busy) as error:
        if made and out is not None and out.is_dir() and [path.name for path in out.iterdir()] == [".lock"]:
            (out / ".lock").unlink()  # a refused run (an unreachable scheduler) leaves no folder behind
            out.rmdir()
        print(f"course adequacy: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ncourse adequacy: interrupted; nothing was written", file=sys.stderr)
        return 130
    return 1 if any(m["status"] == "survived" for m in result["mutants"]) else 0
