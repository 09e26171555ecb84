"""Tabletop Python: given code, pictures, widgets and checks for five game worksheets.

Each worksheet has a subpackage (``exercises.jass``, ``exercises.dice421``,
``exercises.abapa``, ``exercises.tchu``, ``exercises.dominations``) holding the code a
worksheet gives, its pictures, its widget and its public checks. ``exercises.checks``
is the check machinery they share and ``exercises.course`` the instructor's tools.
The package never holds the solution of an exercise.
"""

__version__ = "0.1.0"
