"""Tests of the package `exercises`: each worksheet's model, pictures, widget and checks, the AI, the notebooks
as released."""
