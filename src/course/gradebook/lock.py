"""One command at a time on an output folder: ``course grade`` and ``course adequacy`` hold a
lock on ``DIR/.lock`` (``fcntl.flock``), and the lock file names the command that holds it.

The kernel drops the lock when its process ends, however it ends, so a killed run leaves
no stale lock. On a local disk this always holds. On NFS, Linux emulates ``flock`` with
the server's byte-range locks (NFSv4, or NFSv3 with lockd): the lock holds between
machines. It does not on a share mounted with ``nolock``, nor on SSHFS or most other FUSE
file systems, where it only keeps out commands of the same machine.
"""

from __future__ import annotations

import fcntl
import json
import os
import socket
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

LOCK = ".lock"
POLL = 0.5  #: seconds between two tries while waiting


class Busy(Exception):
    """Another command holds the output folder (one sentence naming it)."""


def holder(path: Path) -> str:
    """The command the lock file names, in words."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        started = datetime.fromtimestamp(float(data["started"]), UTC).strftime("%Y-%m-%d %H:%M UTC")
        return f"`{data['command']}` (process {data['pid']} on {data['host']}, started {started})"
    except (OSError, ValueError, KeyError, TypeError):
        return "another command"


@contextmanager
def hold(out: Path, command: str, wait: bool = False) -> Iterator[None]:
    """Hold the lock of the output folder ``out`` while the block runs.

    Busy when another command holds it, unless ``wait``: then wait for it (Ctrl-C stops waiting).
    """
    out.mkdir(parents=True, exist_ok=True)
    path = out / LOCK
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        said = False
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if not wait:
                    raise Busy(f"{out} is in use by {holder(path)}; wait for it to end, "
                               "or add --wait to start when it does") from None
                if not said:
                    print(f"waiting for {holder(path)} to end", file=sys.stderr)
                    said = True
                time.sleep(POLL)
        os.ftruncate(handle, 0)
        os.write(handle, json.dumps({"command": command, "pid": os.getpid(), "host": socket.gethostname(),
                                     "started": time.time()}).encode())
        yield
    finally:
        os.close(handle)  # closing the file releases the lock
