"""``course adequacy``: mutation analysis of the course's own hidden tests and checks.

``course adequacy [--exercise ID]... [--operators first-order|student|all] [--jobs N]
[--scheduler ADDRESS] [--sample N --seed S] [--out DIR]`` makes every first-order mutant
of each exercise's solution code (:mod:`.mutants`), or those of the kinds students make
(:mod:`.student`), grades each with the exercise's hidden tests and runs its public
check (:mod:`.run`), and reports per exercise the mutants killed by the hidden tests,
flagged by the check, listed as equivalent (tests/adequacy/equivalent.toml, each with
its reason) and the survivors, as diffs (:mod:`.report`). Exit status 0 when every
non-equivalent mutant is killed, 1 when some survive, 2 when it cannot run.
"""
