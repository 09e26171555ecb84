"""One pytest session, many notebooks: a grading process collects a hidden test module once
and grades every notebook sent for it in a row (:class:`Served`, the session's own loop).

pytest starts and collects once per module, not once per notebook: a run of a class sent in
worksheet order (``course grade`` sends it so) collects each module about once per
grading process. Each notebook still gets its own fixtures (its notebook's process, the
reference's), set up before its first test and torn down after its last; its report is
written and answered before the next task is read. A task for another module (or course
folder) ends the session; :func:`course.grading.grader.process.serve` starts the next one.
"""

from __future__ import annotations

import pytest

from .. import wire
from .plugin import finish_report, only_exercise, serve_task


class Served:
    """The session's loop: grade ``task``, answer it, read the next task, while it is for
    the module this session collected. Registered as a plugin of that session."""

    def __init__(self, task: wire.GradingTask, tasks: int, answers: int) -> None:
        self.first = task
        self.task = task  #: the task being graded
        self.answered = False  #: ``task`` is answered
        self.pending: wire.GradingTask | None = None  #: the next task, for another session
        self.tasks, self.answers = tasks, answers

    def same_session(self, task: wire.GradingTask) -> bool:
        """Whether ``task`` can be graded by this session (its module and course are the
        ones collected; its options may differ)."""
        return task.module == self.first.module and task.root == self.first.root

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> bool | None:
        config = session.config
        if (session.testsfailed and not config.option.continue_on_collection_errors) or config.option.collectonly:
            return None  # pytest's own loop says why the module could not be collected
        items = list(session.items)
        reporter = config.pluginmanager.get_plugin("terminalreporter")
        while True:
            serve_task(config, self.task, first=self.task is self.first)
            failed = session.testsfailed
            chosen = only_exercise(items, self.task.options.only)
            for number, item in enumerate(chosen):
                following = chosen[number + 1] if number + 1 < len(chosen) else None
                item.ihook.pytest_runtest_protocol(item=item, nextitem=following)
                # pytest's own ``-x`` cannot be undone for the next notebook: it ends the
                # session, whose end writes this notebook's report (``--first-failure`` stops a notebook)
                if session.shouldfail:
                    raise session.Failed(session.shouldfail)
                if session.shouldstop:
                    raise session.Interrupted(session.shouldstop)
            code = pytest.ExitCode.TESTS_FAILED if session.testsfailed > failed else (
                pytest.ExitCode.OK if chosen else pytest.ExitCode.NO_TESTS_COLLECTED)
            finish_report(config, int(code))
            wire.write_frame(self.answers, {"exit": int(code)})
            self.answered = True
            if reporter is not None:
                reporter.stats.clear()  # the terminal's tally, never shown here, would only grow
            task = next_task(self.tasks)
            if task is None:
                return True
            if not self.same_session(task):
                self.pending = task
                return True
            self.task, self.answered = task, False


def next_task(tasks: int) -> wire.GradingTask | None:
    """The next task a grading process is sent on ``tasks``, or None when its sender closed it."""
    message = wire.read_frame(tasks)
    return wire.GradingTask.of_message(message) if message is not None else None
