"""Hypothesis strategies of each worksheet, shared by its hidden tests, `course cases` and benchmarks."""
