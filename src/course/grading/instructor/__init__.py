"""The instructor's room of grading: what runs in the ``course grade`` process (finding the
files, deciding what to grade, the gradebook's views) and in ``course cases``."""
