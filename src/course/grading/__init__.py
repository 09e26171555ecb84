"""Grading: find each hand-in's student and worksheet, grade it with the hidden tests in
confined processes (here or on Dask), keep the results and write results, grade books, feedback.

Its modules live in rooms named for the process they run in: ``instructor`` (the
``course grade`` process), ``grader`` (a grading process: pytest and the hidden tests'
plugin), ``notebook`` (the zygote and a graded notebook's confined process) and ``wire``
(every message between them, and how a value crosses)."""
