"""Grading: find each hand-in's student and worksheet, grade it with the hidden tests in
confined processes (here or on Dask), keep the results and write results, grade books, feedback."""
