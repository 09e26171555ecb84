"""The processes that run graded notebooks: a zygote, and one confined child per run.

The grader starts ``python -s -P -m course.grading.notebook.worker FD`` once (the *zygote*) with
a scrubbed environment (``PYTHONHASHSEED`` its only Python setting) and a temporary
working folder. The zygote imports what
notebooks use (the course package, matplotlib with the Agg backend, ipywidgets,
IPython's input transformer) and then waits on the control socket ``FD``, a
``SOCK_SEQPACKET`` socket. Each ``spawn`` request carries a socket of its own; the
zygote forks a child for it, which

* moves into a fresh work folder (its cwd, HOME and TMPDIR) and closes stdin; its
  output goes to a capped buffer, never to the grader's terminal or pipes;
* confines itself (:mod:`course.grading.notebook.sandbox`): limits, no privileges, Landlock,
  seccomp;
* serves the grader's requests on its socket (:mod:`course.grading.wire`): run a
  cell, read a global, call, iterate... and sends back plain values or handles; a call
  given a ``random.Random`` that draws from another source fails (:mod:`.randomness`).

The zygote never reads the course's solutions or tests, so a child has nothing of them
in memory either. It also kills children and reports how they ended (``status``).
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import gc
import os
import shutil
import signal
import socket
import sys
import tempfile
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

from ...i18n.grading_text import reason as english
from ...notebook import Shell
from .. import wire
from ..wire import Channel, codec
from ..wire.codec import ProtocolError
from . import many, randomness, sandbox, shipped

PRELOAD = [
    "collections", "dataclasses", "enum", "fractions", "functools", "heapq", "itertools",
    "math", "random", "re", "statistics", "string", "typing", "json", "copy", "textwrap",
    "IPython.core.inputtransformer2", "matplotlib", "matplotlib.pyplot", "ipywidgets",
    "IPython.display",
]


# ---------------------------------------------------------------------------- child

#: the requests that run no call of the notebook's code that could be given an rng: its
#: cells, the grader's code, its names (a batch of cases is watched case by case, :mod:`.many`)
UNWATCHED = frozenset({"cell", "define", "global", "defines", "eval_cases"})


class GradingTimeout(BaseException):
    """Raised in a notebook's code when a cell or a call runs past its time."""


class CappedOutput:
    """Stands for stdout and stderr: keeps the first ``limit`` characters, drops the rest."""

    encoding = "utf-8"
    errors = "replace"

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.kept: list[str] = []
        self.size = 0

    def write(self, text: Any) -> int:
        text = str(text) if type(text) is not str else text
        if self.size < self.limit:
            self.kept.append(text[: self.limit - self.size])
        self.size += len(text)
        return len(text)

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return False

    def writable(self) -> bool:
        return True


def describe(error: BaseException) -> str:
    """``Type: message`` of an exception raised by a notebook (never fails, truncated)."""
    try:
        message = str(error)
    except BaseException:  # noqa: BLE001 - the notebook's __str__ may raise anything
        message = "(its message could not be shown)"
    text = f"{type(error).__name__}: {message}" if message else type(error).__name__
    return text if len(text) <= wire.MESSAGE_CHARS else text[:wire.MESSAGE_CHARS] + "..."


def _grader_error(name: str, message: str) -> BaseException:
    return RuntimeError(message or "the grader's object raised an error")


class CallbackProxy:
    """An object of the grader (a test's player, say) as the notebook sees it."""

    __slots__ = ("_server", "_number", "_methods")

    def __init__(self, server: Server, number: int) -> None:
        object.__setattr__(self, "_server", server)
        object.__setattr__(self, "_number", number)
        object.__setattr__(self, "_methods", {})

    def _ask(self, op: str, **fields: Any) -> Any:
        return self._server.callback(op, target=self._number, **fields)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        method = self._methods.get(name)
        if method is None:
            method = self._ask("getattr", name=name)
            if type(method) is MethodProxy:
                self._methods[name] = method
        return method

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("the grader's objects cannot be changed")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        server = self._server
        return self._ask("call", args=[server.encode(a) for a in args],
                         kwargs={str(k): server.encode(v) for k, v in kwargs.items()})

    def __iter__(self) -> Iterator[Any]:
        iterator = self._ask("iter")
        while True:
            try:
                yield iterator._ask("next")
            except StopIteration:
                return

    # len, str, repr and bool are answered by the builtins on the grader's side: their types hold
    def __len__(self) -> int:
        return cast(int, self._ask("len"))

    def __getitem__(self, key: Any) -> Any:
        return self._ask("getitem", key=self._server.encode(key))

    def __str__(self) -> str:
        return cast(str, self._ask("str"))

    def __repr__(self) -> str:
        return cast(str, self._ask("repr"))

    def __bool__(self) -> bool:
        return cast(bool, self._ask("bool"))

    def __eq__(self, other: Any) -> bool:
        return other is self

    def __hash__(self) -> int:
        return hash(("callback", self._number))


class MethodProxy(CallbackProxy):
    """A method of one of the grader's objects (kept, so that calling it again is one request)."""

    __slots__ = ()


class Server(codec.Codec):
    """The notebook's side: its namespace, the objects handed out, the requests served."""

    def __init__(self, sock: socket.socket, limits: sandbox.Limits) -> None:
        super().__init__()
        self.channel = Channel(sock, self.handle)
        self.limits = limits
        self.namespace: dict[str, Any] = {
            "__name__": "__main__",
            "__builtins__": builtins,
            "get_ipython": Shell(self.run),
            "display": lambda *args, **kwargs: None,
        }
        self.objects: dict[int, Any] = {}
        self.numbers: dict[int, int] = {}
        self.proxies: dict[int, CallbackProxy] = {}
        self.depth = 0
        self.timed_out = False
        self.transformer: Any = None
        #: the draws of the request running now from other sources than its rng
        self.watch = randomness.Watch()
        #: whether the request running now was given a random.Random (:mod:`.randomness`)
        self.given_rng = False
        signal.signal(signal.SIGALRM, self._on_alarm)

    # values -------------------------------------------------------------------
    def handle_of(self, value: Any) -> dict[str, Any]:
        key = id(value)
        number = self.numbers.get(key)
        if number is None or self.objects.get(number) is not value:
            number = len(self.objects) + 1
            self.objects[number] = value
            self.numbers[key] = number
        return {"$handle": number, "type": str(getattr(type(value), "__name__", "object"))[:100]}

    def encode_reference(self, value: Any, kind: type) -> dict[str, Any] | None:
        if kind is CallbackProxy or kind is MethodProxy:
            return {"$callback": object.__getattribute__(value, "_number")}
        return None

    def encode_other(self, value: Any) -> dict[str, Any]:
        return self.handle_of(value)

    def load_reference(self, tag: str, payload: Any) -> Any:
        if tag == "$handle":
            number = payload.get("$handle") if type(payload) is dict else payload
            if type(number) is not int or number not in self.objects:
                raise ProtocolError("an unknown handle")
            value = self.objects[number]
            self.given_rng = self.given_rng or randomness.holds_rng(value)
            return value
        if tag == "$callback" or tag == "$method":
            if type(payload) is not int:
                raise ProtocolError("a bad callback")
            if payload not in self.proxies:
                kind = MethodProxy if tag == "$method" else CallbackProxy
                self.proxies[payload] = kind(self, payload)
            return self.proxies[payload]
        raise ProtocolError(f"unknown tag {tag!r}")

    def load_random(self, payload: Any) -> Any:
        self.given_rng = True
        return super().load_random(payload)

    def drew_elsewhere(self) -> dict[str, Any] | None:
        """The answer of a request that was given an rng and drew from another source, or None."""
        if self.given_rng and self.watch.drew:
            return {"error": {"kind": "randomness", "source": self.watch.drew}}
        return None

    # time -----------------------------------------------------------------------
    def _on_alarm(self, signum: int, frame: Any) -> None:
        if self.channel.in_io:
            self.timed_out = True  # raised once the message is complete
            return
        raise GradingTimeout

    def callback(self, op: str, **fields: Any) -> Any:
        """Ask the grader about one of its objects (a callback from the notebook's code)."""
        answer = self.channel.request(op, **fields)
        if self.timed_out:
            self.timed_out = False
            raise GradingTimeout
        if "error" in answer:
            error = answer["error"]
            if error.get("kind") == "stop":
                raise StopIteration
            raise wire.rebuild_exception(error, _grader_error)
        return self.load(answer.get("ok"))

    # requests -------------------------------------------------------------------
    def handle(self, message: dict[str, Any]) -> dict[str, Any]:
        """Serve one request of the grader (with the time limit when it is not nested)."""
        op = message["op"]
        method = getattr(self, "op_" + op, None)
        if method is None:
            return {"error": {"kind": "protocol", "message": f"unknown op {op!r}"}}
        top = self.depth == 0
        watched = top and op not in UNWATCHED
        self.depth += 1
        try:
            if top:
                self.timed_out = False
                self.given_rng = False
                signal.setitimer(signal.ITIMER_REAL, self.limits.call_seconds)
            try:
                if not watched:
                    return {"ok": method(message)}
                try:
                    with self.watch:
                        answer = {"ok": method(message)}
                except ProtocolError:
                    raise
                except Exception as error:  # noqa: BLE001 - the notebook's exception, unless it drew elsewhere
                    answer = wire.error_answer(error)
                return self.drew_elsewhere() or answer
            finally:
                if top:
                    signal.setitimer(signal.ITIMER_REAL, 0)
        except ProtocolError:
            raise
        except GradingTimeout:
            return {"error": {"kind": "timeout"}}
        except BaseException as error:  # noqa: BLE001 - everything the notebook raises
            return wire.error_answer(error)
        finally:
            self.depth -= 1

    def target(self, message: dict[str, Any]) -> Any:
        number = message.get("target")
        if number not in self.objects:
            raise ProtocolError("an unknown handle")
        value = self.objects[number]
        self.given_rng = self.given_rng or randomness.holds_rng(value)
        return value

    def run(self, source: str, name: str = "<cell>") -> None:
        """Run a cell's source (IPython syntax) in the notebook's namespace."""
        if self.transformer is None:
            from IPython.core.inputtransformer2 import TransformerManager

            self.transformer = TransformerManager()
        # dont_inherit: the cell runs as in Jupyter, without this module's `from __future__ import
        # annotations` (under it, a dataclass in a cell took `ALL: ClassVar[...]` for a field)
        exec(compile(self.transformer.transform_cell(source), name, "exec", dont_inherit=True), self.namespace)

    def op_cell(self, message: dict[str, Any]) -> Any:
        """Run one cell; its error as ``Type: message``, or None."""
        try:
            self.run(message["source"], f"<cell {message.get('index')}>")
        except GradingTimeout:
            return f"the cell ran longer than {self.limits.call_seconds:g} s and was stopped"
        except SystemExit as error:
            return f"the cell called sys.exit({error.code!r})"[:200]
        except BaseException as error:  # noqa: BLE001 - a cell that raises does not stop the others
            return describe(error)
        return None

    def op_global(self, message: dict[str, Any]) -> Any:
        name = message["name"]
        if name not in self.namespace:
            return [False]
        return [True, self.encode(self.namespace[name])]

    def op_defines(self, message: dict[str, Any]) -> Any:
        return message["name"] in self.namespace

    def op_eval(self, message: dict[str, Any]) -> Any:
        scope = dict(self.namespace)
        scope.update({str(key): self.load(value) for key, value in message["names"].items()})
        return self.encode(eval(message["expression"], scope))

    def op_eval_cases(self, message: dict[str, Any]) -> Any:
        """``expression`` for each case of ``cases``, each with a call's time (:mod:`.many`)."""
        return many.serve(self, message, GradingTimeout)

    def op_getattr(self, message: dict[str, Any]) -> Any:
        return self.encode(getattr(self.target(message), message["name"]))

    def op_call(self, message: dict[str, Any]) -> Any:
        args = [self.load(item) for item in message["args"]]
        kwargs = {str(key): self.load(item) for key, item in message["kwargs"].items()}
        return self.encode(self.target(message)(*args, **kwargs))

    def op_iter(self, message: dict[str, Any]) -> Any:
        return self.handle_of(iter(self.target(message)))

    def op_next(self, message: dict[str, Any]) -> Any:
        return self.encode(next(self.target(message)))

    def op_len(self, message: dict[str, Any]) -> Any:
        return len(self.target(message))

    def op_getitem(self, message: dict[str, Any]) -> Any:
        return self.encode(self.target(message)[self.load(message["key"])])

    def op_str(self, message: dict[str, Any]) -> Any:
        text = str(self.target(message))
        if type(text) is not str:
            raise TypeError("__str__ returned a non-string")
        return text

    def op_define(self, message: dict[str, Any]) -> Any:
        """Run the grader's compiled code (a reference exercise) in the namespace.

        It comes as marshalled code objects from the grading process (never source text),
        only after the notebook's own cells have run; the notebook's code never sends
        anything that this process unmarshals.
        """
        import base64
        import marshal

        before = dict(self.namespace)
        exec(marshal.loads(base64.b64decode(message["code"])), self.namespace)  # noqa: S102
        replaced = {id(old): (old, self.namespace[name]) for name, old in before.items()
                    if self.namespace.get(name) is not old}
        for old, new in replaced.values():
            # methods the notebook's later cells added to its own class stay on the given one
            if isinstance(old, type) and isinstance(new, type):
                for key, value in list(vars(old).items()):
                    if key not in vars(new) and not key.startswith("__"):
                        with contextlib.suppress(AttributeError, TypeError):
                            setattr(new, key, value)
        for value in list(self.namespace.values()):
            if type(value) is dict:  # a table of the notebook's own functions (TURNS = {...: f})
                for key, item in list(value.items()):
                    if id(item) in replaced and replaced[id(item)][0] is item:
                        value[key] = replaced[id(item)][1]
        return None

    def op_ship(self, message: dict[str, Any]) -> Any:
        """Run a module of the hidden tests' helpers, sent as marshalled code (:mod:`.shipped`)."""
        return shipped.serve(self, message)

    def op_repr(self, message: dict[str, Any]) -> Any:
        text = repr(self.target(message))
        if type(text) is not str:
            raise TypeError("__repr__ returned a non-string")
        return text

    def serve(self) -> None:
        """Serve the grader until it says goodbye or goes away."""
        while True:
            message = self.channel.receive()
            if message.get("op") == "bye":
                return
            self.channel.serve_one(message)


def readable_paths(forbidden: list[Path]) -> list[Path]:
    """The folders a confined child may read: interpreter, packages, system libraries."""
    import exercises

    candidates = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix)}
    candidates |= {Path(entry) for entry in sys.path if entry and os.path.isabs(entry)}
    candidates |= {Path(path).parent for path in exercises.__path__}
    candidates |= {Path(p) for p in ("/usr", "/lib", "/lib32", "/lib64", "/etc", "/proc/self",
                                     "/sys/devices/system/cpu")}
    allowed = []
    for path in sorted(candidates):
        real = Path(os.path.realpath(path))
        if not real.exists() or real == Path("/"):
            continue
        if any(real == bad or real in bad.parents or bad in real.parents for bad in forbidden):
            continue
        allowed.append(path)
    return allowed


def child_main(sock: socket.socket, limits: sandbox.Limits, workdir: Path, forbidden: list[Path]) -> None:
    """Confine this freshly forked process and serve the grader on ``sock``."""
    os.chdir(workdir)
    os.environ.clear()
    os.environ.update(
        HOME=str(workdir), TMPDIR=str(workdir), MPLBACKEND="Agg", MPLCONFIGDIR=str(workdir),
        PATH="/usr/bin:/bin", LANG="C.UTF-8",
    )
    tempfile.tempdir = None
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - input() sees end of file
    sys.stdout = sys.stderr = CappedOutput(limits.output_bytes)
    wire.standard_writer()  # its memory is limited: orjson would end it where json raises MemoryError
    confinement = sandbox.confine(limits, workdir, readable_paths(forbidden))
    server = Server(sock, limits)
    server.channel.send({"hello": dataclasses.asdict(confinement), "pid": os.getpid()})
    server.serve()


# ---------------------------------------------------------------------------- zygote


def preload() -> None:
    """Import what notebooks use, so that a child starts in milliseconds."""
    import importlib
    import pkgutil

    os.environ.setdefault("MPLBACKEND", "Agg")
    for name in PRELOAD:
        with contextlib.suppress(Exception):  # a missing optional module only costs time
            importlib.import_module(name)
    import exercises

    for info in pkgutil.walk_packages(exercises.__path__, "exercises."):
        with contextlib.suppress(Exception):
            importlib.import_module(info.name)
    try:
        from IPython.core.inputtransformer2 import TransformerManager

        TransformerManager().transform_cell("%xmode Minimal\nx = 1\n")
    except Exception:  # noqa: BLE001
        pass


def exit_status(status: int) -> str:
    """How a process ended, in words."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        name = signal.Signals(number).name if number in signal.Signals._value2member_map_ else str(number)
        reason = {
            "SIGKILL": "killed (time or memory limit) by {signal}",
            "SIGXCPU": "stopped at its CPU time limit by {signal}",
            "SIGSEGV": "crashed (segmentation fault) by {signal}",
            "SIGSYS": "stopped by the sandbox (forbidden system call) by {signal}",
            "SIGABRT": "aborted by {signal}",
        }.get(name, "killed by {signal}")
        return english(reason, signal=name)
    if os.WIFEXITED(status):
        return english("exited with status {status} (os._exit or a crash)", status=os.WEXITSTATUS(status))
    return english("ended with status {status}", status=status)


class Zygote:
    """The zygote's loop: fork children on request, kill them, tell how they ended."""

    def __init__(self, control: socket.socket) -> None:
        self.control = control
        self.base = Path(tempfile.mkdtemp(prefix="children-"))
        self.children: dict[int, Path] = {}
        self.ended: dict[int, int] = {}

    def reap(self, pid: int = -1, block: bool = False) -> None:
        while self.children:
            try:
                done, status = os.waitpid(pid, 0 if block else os.WNOHANG)
            except ChildProcessError:
                return
            if done == 0:
                return
            self.ended[done] = status
            shutil.rmtree(self.children.pop(done, self.base / "none"), ignore_errors=True)
            if pid != -1:
                return

    def spawn(self, message: dict[str, Any], fds: list[int]) -> dict[str, Any]:
        if len(fds) != 1:
            for fd in fds:
                os.close(fd)
            return {"error": "spawn takes one socket"}
        limits = sandbox.Limits(**message.get("limits", {}))
        forbidden = [Path(p) for p in message.get("forbidden", [])]
        workdir = Path(tempfile.mkdtemp(dir=self.base))
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                self.control.close()
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                child_main(socket.socket(fileno=fds[0]), limits, workdir, forbidden)
            except BaseException:  # noqa: BLE001 - a child never returns into the zygote
                code = 3
                with contextlib.suppress(BaseException):
                    traceback.print_exc(file=sys.__stderr__)
            os._exit(code)
        os.close(fds[0])
        self.children[pid] = workdir
        return {"pid": pid}

    def status(self, pid: int) -> dict[str, Any]:
        import time

        deadline = time.monotonic() + 1.0
        while pid in self.children and time.monotonic() < deadline:
            self.reap(pid)
            if pid in self.children:
                time.sleep(0.01)
        if pid in self.children:
            os.kill(pid, signal.SIGKILL)
            self.reap(pid, block=True)
        status = self.ended.pop(pid, None)
        return {"status": exit_status(status) if status is not None else "unknown"}

    def kill(self, pid: int) -> dict[str, Any]:
        if pid in self.children:
            os.kill(pid, signal.SIGKILL)
            self.reap(pid, block=True)
        return {"status": exit_status(self.ended.pop(pid)) if pid in self.ended else "unknown"}

    def run(self) -> None:
        wire.send_packet(self.control, {"ready": True, "landlock": sandbox.landlock_abi()})
        try:
            while True:
                try:
                    message, fds = wire.receive_packet(self.control)
                except ProtocolError as error:
                    wire.send_packet(self.control, {"error": str(error)})
                    continue
                if message is None:
                    return
                self.reap()
                try:
                    op = message.get("op")
                    if op == "spawn":
                        answer = self.spawn(message, fds)
                    elif op == "kill":
                        answer = self.kill(int(message["pid"]))
                    elif op == "status":
                        answer = self.status(int(message["pid"]))
                    else:
                        answer = {"error": f"unknown op {op!r}"}
                except (ValueError, KeyError, TypeError, OSError) as error:
                    answer = {"error": str(error)}
                wire.send_packet(self.control, answer)
        finally:
            for pid in list(self.children):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            self.reap(block=True)
            shutil.rmtree(self.base, ignore_errors=True)


def main(argv: list[str]) -> None:
    """Run the zygote on the control socket whose descriptor is ``argv[0]``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    control = socket.socket(fileno=int(argv[0]))
    preload()
    gc.freeze()  # what the children inherit: their collections never walk it (nor write to its pages)
    Zygote(control).run()


if __name__ == "__main__":
    main(sys.argv[1:])
