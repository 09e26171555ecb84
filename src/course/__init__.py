"""The instructor tools: `course release` and `course grade`."""
