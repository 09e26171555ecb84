"""Tests of the project itself: the import layers and module sizes, and what the README and docs say."""
