"""Hypothesis strategies of each worksheet, shared by its hidden tests and its benchmark."""
