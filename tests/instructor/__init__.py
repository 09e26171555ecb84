"""Tests of the instructor's other commands: release, report, gradescope, link, adequacy, and the paths every
command refuses."""
