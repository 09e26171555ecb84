"""Tests of the grader: discovery, the graded process, scoring, feedback, the corpora of mistakes, attacks,
the cluster."""
