"""Tests of the French course: catalogs, notebooks, checks and grading feedback in French, typography and
the glossary."""
