"""Helpers the hidden tests run inside the graded notebook's process (shipped there by
course.grading.notebook.shipped): recording players and whole games, so that a game is one request."""
