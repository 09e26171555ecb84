"""The ``course`` command's argparse code: one module per command, each its options and
``run``; the work itself is in the rooms (grading, i18n, release, report, ...)."""
