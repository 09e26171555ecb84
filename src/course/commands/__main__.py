"""``python -m course.commands``: the ``course`` command, without its console script
(the Gradescope autograder and the tests run it so)."""

import sys

from .main import main

sys.exit(main())
