"""The grading process's room: pytest with the hidden tests' plugin, the tests' side of a
notebook (``sub``, ``ref``), the zygote's client and the reference's journal."""
