"""The gradebook of an output folder: one SQLite database that keeps the class, its sections,
each worksheet's rules, every grading, every hand-made change and the history of runs."""
