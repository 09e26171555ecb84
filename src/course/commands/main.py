"""The ``course`` command: ``release``, ``grade``, ``report``, ``link``, ``gradescope`` and
``translate``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..notebook import NotebookFormatError
from . import paths


def _release(args: argparse.Namespace) -> int:
    import subprocess

    from ..release import commit_bundle, release, release_language

    try:
        root = paths.folder(args.root, "the course folder (--root)")
        if args.to:
            paths.output_folder(args.to, "the bundle folder (--to)", [root / "solutions"], "the solutions folder")
    except paths.BadPath as error:
        print(f"course release: {error}.", file=sys.stderr)
        return 2
    if not (root / "solutions").is_dir():
        print(f"course release: {root.resolve()} has no solutions/ folder", file=sys.stderr)
        return 2
    if args.git and not args.to:
        print("course release: --git needs --to DIR (the bundle to commit)", file=sys.stderr)
        return 2
    try:
        if args.lang == "en":
            names = release(root, Path(args.to) if args.to else None)
        else:
            names = release_language(root, args.lang, Path(args.to) if args.to else None)
    except NotebookFormatError as error:
        print(f"course release: {error}; nothing was written", file=sys.stderr)
        return 1
    folder = root / "notebooks" if args.lang == "en" else root / "notebooks" / args.lang
    print(f"Released {len(names)} notebooks into {folder}")
    if args.to:
        print(f"Student bundle written to {args.to}")
    if args.git:
        try:
            commit = commit_bundle(Path(args.to), args.message or f"Release the course ({len(names)} notebooks)")
        except (OSError, subprocess.CalledProcessError) as error:
            detail = getattr(error, "stderr", "") or error
            print(f"course release: git could not commit the bundle: {detail}", file=sys.stderr)
            return 1
        if commit is None:
            print("Bundle repository: nothing changed since the last release, no commit")
        else:
            print(f"Bundle repository: committed {commit[:12]} on branch main")
    return 0


def parser() -> argparse.ArgumentParser:
    """The command line of ``course``."""
    return _parsers()[0]


def _parsers() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The command line of ``course`` and each command's own parser, by name."""
    main_parser = argparse.ArgumentParser(
        prog="course", description="Instructor tools of Tabletop Python."
    )
    commands = main_parser.add_subparsers(dest="command", required=True)

    release = commands.add_parser(
        "release", help="generate the student notebooks (and bundle) from solutions/"
    )
    release.add_argument("--root", default=".", help="the course folder (default: .)")
    release.add_argument("--to", metavar="DIR", help="also write the student bundle into DIR")
    release.add_argument("--git", action="store_true",
                         help="keep the bundle as a git repository: one commit per release (for nbgitpuller)")
    release.add_argument("--message", metavar="TEXT", help="the release commit's message (with --git)")
    release.add_argument("--lang", default="en", choices=("en", "fr"),
                         help="the language: fr writes notebooks/fr/ from the catalogs in locale/ (default: en)")
    release.set_defaults(run=_release, usage_of=release)
    found = {"release": release}

    from . import adequacy, cases, grade, gradebook, gradescope, link, lite, report, translate

    for name, module, text in (
        ("grade", grade, "grade student notebooks with the hidden tests"),
        ("gradebook", gradebook, "the gradebook of an output folder: history, rules, changes by hand"),
        ("report", report, "what the class misunderstood, from the grades"),
        ("link", link, "print the nbgitpuller (or Binder) link that opens the course"),
        ("gradescope", gradescope, "write a Gradescope autograder zip"),
        ("translate", translate, "update the notebooks' translation catalogs (locale/)"),
        ("cases", cases, "compute the checks' generated examples from the reference (src/exercises/*/cases.json)"),
        ("lite", lite, "build the course as a JupyterLite site (JupyterLab in the browser)"),
        ("adequacy", adequacy, "mutation analysis: do the hidden tests and checks kill each exercise's mutants"),
    ):
        command = commands.add_parser(name, help=text)
        module.add_arguments(command)
        command.set_defaults(run=module.run, usage_of=command)
        found[name] = command
    return main_parser, found


def _unknown_options(command: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """The ``--options`` of ``argv`` that ``command`` does not know (nor abbreviate)."""
    known = [option for action in command._actions for option in action.option_strings]
    words = argv[:argv.index("--")] if "--" in argv else argv
    return [word for word in words if word.startswith("--")
            and not any(option.startswith(word.split("=")[0]) for option in known)]


def _refuse_unknown(command: argparse.ArgumentParser, unknown: list[str]) -> None:
    """Exit with the command's own usage and the first unknown option (and the option it may mean)."""
    import difflib

    word = next((item for item in unknown if item.startswith("-")), unknown[0])
    known = [option for action in command._actions for option in action.option_strings]
    close = difflib.get_close_matches(word.split("=")[0], known, n=1)
    hint = f" (did you mean {close[0]}?)" if close else f"; its options: {', '.join(known)}"
    command.error(f"no option {word}{hint}")


def main(argv: list[str] | None = None) -> int:
    """Run the ``course`` command."""
    main_parser, commands = _parsers()
    words = sys.argv[1:] if argv is None else argv
    name = next((word for word in words if not word.startswith("-")), "")
    if name in commands:  # before the command's own checks: its usage and the misspelt option, not a missing one
        misspelt = _unknown_options(commands[name], words[words.index(name) + 1:])
        if misspelt:
            _refuse_unknown(commands[name], misspelt)
    args, unknown = main_parser.parse_known_args(argv)
    if unknown:
        _refuse_unknown(args.usage_of, unknown)
    code: int = args.run(args)  # each command's run(args) -> int
    return code


if __name__ == "__main__":
    sys.exit(main())
