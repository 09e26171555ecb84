"""Tests of where the course is taught: the lock, Binder's postBuild, a real JupyterHub with nbgitpuller."""
