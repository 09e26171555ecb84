"""Attack notebooks: the start notebook's solution turned into what a cheater would submit.

Each :class:`Attack` rewrites the exercise cell ``start.count_pips`` and may add cells
before or after it. ``expected`` is the share of the exercise's point it deserves:
1 when the attack sits next to a correct function (the grader must not lose the
student's honest work), 0 when it replaces the function or when it only earns points
by escaping the sandbox (``cheat`` attacks return ``sum(dice)`` only if the escape
worked, so a full mark means the sandbox failed). ``{root}`` and ``{out}`` in a source
are replaced by the course folder and the grading output folder, so the attacks aim at
the real paths.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path

from course.grading.notebook import sandbox

CORRECT = "def count_pips(dice):\n    return sum(dice)\n"


@dataclass(frozen=True)
class Attack:
    """One attack: the exercise cell's new source, cells around it, what it deserves."""

    name: str
    description: str
    exercise: str = CORRECT
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    expected: float = 0.0
    needs: tuple[str, ...] = ()  #: kernel facilities the expected score relies on


CHEAT_IF = """
def count_pips(dice):
    if escaped():
        return sum(dice)
    raise NotImplementedError("the sandbox held")
"""

ATTACKS = [
    Attack("loop_in_function", "count_pips loops forever",
           exercise="def count_pips(dice):\n    while True:\n        pass\n"),
    Attack("loop_in_cell", "a helper cell loops forever; count_pips is right",
           after=("while True:\n    pass\n",), expected=1),
    Attack("loop_ignoring_timeout", "count_pips loops and swallows the grader's timeout",
           exercise="def count_pips(dice):\n    while True:\n        try:\n            while True:\n"
                    "                pass\n        except BaseException:\n            pass\n"),
    Attack("memory_10gb_in_cell", "a cell allocates 10 GB; count_pips is right",
           after=("hog = bytearray(10 * 1024 ** 3)\n",), expected=1),
    Attack("memory_10gb_in_function", "count_pips allocates 10 GB first",
           exercise="def count_pips(dice):\n    hog = bytearray(10 * 1024 ** 3)\n    return sum(dice)\n"),
    Attack("os_exit_on_empty", "count_pips kills its process on [] only: the other tests "
           "get a fresh process", exercise="def count_pips(dice):\n    if not dice:\n"
           "        import os\n        os._exit(0)\n    return sum(dice)\n", expected=0),  # [] is in both tests
    Attack("loop_on_empty", "count_pips loops on [] only, swallowing the timeout",
           exercise="def count_pips(dice):\n    while not dice:\n        try:\n"
                    "            while True:\n                pass\n        except BaseException:\n"
                    "            pass\n    return sum(dice)\n", expected=0),  # [] is in both tests
    Attack("sys_exit_in_cell", "a cell before count_pips calls sys.exit(0)",
           before=("import sys\nsys.exit(0)\n",), expected=1),
    Attack("sys_exit_in_function", "count_pips calls sys.exit(0)",
           exercise="def count_pips(dice):\n    import sys\n    sys.exit(0)\n"),
    Attack("os_exit_in_cell", "a cell before count_pips calls os._exit(0)",
           before=("import os\nos._exit(0)\n",), expected=1),
    Attack("os_exit_in_function", "count_pips calls os._exit(0)",
           exercise="def count_pips(dice):\n    import os\n    os._exit(0)\n"),
    Attack("print_100mb", "cells and count_pips print 100 MB; count_pips is right",
           after=("for _ in range(100):\n    print('x' * 1_000_000)\n",),
           exercise="def count_pips(dice):\n    print('y' * 10_000_000)\n    return sum(dice)\n",
           expected=1),
    Attack("fork_bomb", "a cell forks in a loop; count_pips cheats if fork or exec work",
           before=("import os\nwhile True:\n    os.fork()\n",
                   "import os, subprocess\n"
                   "def escaped():\n"
                   "    try:\n"
                   "        pid = os.fork()\n"
                   "    except OSError:\n"
                   "        pass\n"
                   "    else:\n"
                   "        if pid == 0:\n"
                   "            os._exit(0)\n"
                   "        return True\n"
                   "    try:\n"
                   "        subprocess.run(['true'])\n"
                   "        return True\n"
                   "    except OSError:\n"
                   "        return os.system('true') == 0\n"),
           exercise=CHEAT_IF, needs=("seccomp",)),
    Attack("eq_always_true", "count_pips returns an object equal to everything",
           exercise="class Liar:\n    def __eq__(self, other):\n        return True\n"
                    "    def __hash__(self):\n        return 0\n\n"
                    "def count_pips(dice):\n    return Liar()\n"),
    Attack("int_that_lies", "count_pips returns an int subclass equal to everything",
           exercise="class FakeInt(int):\n    def __eq__(self, other):\n        return True\n"
                    "    __hash__ = int.__hash__\n\n"
                    "def count_pips(dice):\n    return FakeInt(0)\n"),
    Attack("len_and_hash_lie", "count_pips returns a list subclass whose len, hash and == lie",
           exercise="class Bag(list):\n    def __len__(self):\n        return 0\n"
                    "    def __hash__(self):\n        return hash(0)\n"
                    "    def __eq__(self, other):\n        return True\n\n"
                    "def count_pips(dice):\n    return Bag()\n"),
    Attack("patch_builtins_and_checks", "a stub plus patched builtins and check helpers",
           after=("import builtins, exercises.checks, exercises.start\n"
                  "builtins.sum = lambda *args, **kwargs: 0\n"
                  "builtins.type = lambda *args: int\n"
                  "builtins.isinstance = lambda *args: True\n"
                  "builtins.AssertionError = Exception\n"
                  "exercises.checks.check = lambda *args, **kwargs: 'All examples pass.'\n"
                  "exercises.start.check_count_pips = lambda *args: 'All examples pass.'\n",),
           exercise="def count_pips(dice):\n    raise NotImplementedError('stub')\n"),
    Attack("return_zero", "honest control: count_pips returns 0 (what patching the grader buys)",
           exercise="def count_pips(dice):\n    return 0\n", expected=0),  # both tests ask for the total
    Attack("patch_grader_in_own_process", "a stub plus the grader's own worker code patched "
           "to answer 0 to every call", exercise="def count_pips(dice):\n    raise NotImplementedError\n",
           after=("import sys\n"
                  "sys.modules['__main__'].Server.op_call = lambda self, message: 0\n",),
           expected=0),
    Attack("patch_batch_in_own_process", "a stub plus the worker's calls and batches of cases patched "
           "to answer 0 to every call and case", exercise="def count_pips(dice):\n    raise NotImplementedError\n",
           after=("import sys\n"
                  "server = sys.modules['__main__'].Server\n"
                  "server.op_call = lambda self, message: 0\n"
                  "server.op_eval_cases = lambda self, message: [{'ok': 0}] * len(message['cases'])\n",),
           expected=0),  # what returning 0 earns: nothing, every test asks for the total
    Attack("fake_results_file", "writes forged results and grades; count_pips cheats if it could",
           before=("import json, os\n"
                   "def escaped():\n"
                   "    wrote = False\n"
                   "    forged = {'score': 1, 'tests': [], 'extra_data': {'student': 'mallory'} }\n"
                   "    for path in ['{out}/results/mallory.start.json', '{out}/grades.csv',\n"
                   "                 '{root}/results.json', '/tmp/results.json', '../results.json']:\n"
                   "        try:\n"
                   "            with open(path, 'w') as file:\n"
                   "                json.dump(forged, file)\n"
                   "            wrote = True\n"
                   "        except OSError:\n"
                   "            pass\n"
                   "    with open('results.json', 'w') as file:  # its own work folder: allowed\n"
                   "        json.dump(forged, file)\n"
                   "    return wrote\n",),
           exercise=CHEAT_IF, needs=("landlock",)),
    Attack("read_solutions_and_tests", "reads solutions/ and tests/grading/; cheats if it could",
           before=("import glob, os\n"
                   "def escaped():\n"
                   "    for path in ['{root}/solutions/00_start_here.ipynb',\n"
                   "                 '{root}/tests/grading/test_start.py',\n"
                   "                 f'/proc/{{os.getppid()}}/environ', f'/proc/{{os.getppid()}}/cmdline']:\n"
                   "        try:\n"
                   "            open(path).read()\n"
                   "            return True\n"
                   "        except OSError:\n"
                   "            pass\n"
                   "    names = glob.glob('{root}/solutions/*') + glob.glob('{root}/tests/grading/*')\n"
                   "    text = ' '.join(str(v) for v in os.environ.values()) + os.getcwd()\n"
                   "    return bool(names) or '{root}' in text\n",),
           exercise=CHEAT_IF, needs=("landlock",)),
    Attack("signal_and_network", "signals the grader, opens sockets; cheats if it could",
           before=("import os, socket\n"
                   "def escaped():\n"
                   "    for pid in {{os.getppid(), 1}}:\n"
                   "        try:\n"
                   "            os.kill(pid, 0)\n"
                   "            return True\n"
                   "        except OSError:\n"
                   "            pass\n"
                   "    try:\n"
                   "        socket.socket(socket.AF_INET, socket.SOCK_STREAM).close()\n"
                   "        return True\n"
                   "    except OSError:\n"
                   "        return False\n",),
           exercise=CHEAT_IF, needs=("landlock-signals", "seccomp")),
    Attack("keyboard_interrupt", "count_pips raises KeyboardInterrupt to stop the grader",
           exercise="def count_pips(dice):\n    raise KeyboardInterrupt\n"),
    Attack("huge_return", "count_pips returns a 100 MB string",
           exercise="def count_pips(dice):\n    return 'x' * 100_000_000\n"),
    Attack("honest", "control: the solution", expected=1),
    Attack("stub", "control: the released stub",
           exercise="def count_pips(dice):\n    raise NotImplementedError('Exercise start.count_pips')\n"),
]


def missing(attack: Attack) -> list[str]:
    """The facilities an attack's expected score needs that this machine lacks."""
    import platform

    have = {
        "seccomp": platform.machine() in ("x86_64", "aarch64"),
        "landlock": sandbox.landlock_abi() >= 1,
        "landlock-signals": sandbox.landlock_abi() >= 6,
    }
    return [need for need in attack.needs if not have[need]]


def build(attack: Attack, root: Path, out: Path) -> dict:
    """The attack's notebook, made from the start notebook's solution."""
    notebook = json.loads((root / "solutions" / "00_start_here.ipynb").read_text(encoding="utf-8"))

    def fill(source: str) -> str:
        source = source.replace("{root}", str(root)).replace("{out}", str(out))
        return source.replace("{{", "{").replace("}}", "}")

    cells = []
    for cell in notebook["cells"]:
        if cell.get("metadata", {}).get("course", {}).get("exercise") == "start.count_pips":
            cells += [_code(fill(source)) for source in attack.before]
            new = copy.deepcopy(cell)
            new["source"] = fill(attack.exercise)
            cells.append(new)
            cells += [_code(fill(source)) for source in attack.after]
        else:
            cells.append(cell)
    notebook["cells"] = cells
    return notebook


def _code(source: str) -> dict:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}


def write_all(root: Path, folder: Path, out: Path) -> dict[str, Path]:
    """Write every attack as ``folder/<name>/00_start_here.ipynb``; paths by attack name."""
    paths = {}
    for attack in ATTACKS:
        path = folder / attack.name / "00_start_here.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(build(attack, root, out), indent=1), encoding="utf-8")
        paths[attack.name] = path
    return paths
