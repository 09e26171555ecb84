"""Limits and kernel restrictions applied to a graded notebook's process before it runs.

:func:`confine` is called in the freshly forked process that will run a student's
notebook, before any of the student's code. In order, it

* sets resource limits: CPU seconds, address space (memory), size of a written file,
  open files, no core dumps (``resource.setrlimit``);
* forbids gaining privileges (``PR_SET_NO_NEW_PRIVS``) and, when running as root, drops
  every capability, so root in the sandbox cannot mount, trace, load modules or ignore
  file permissions;
* restricts file access with Landlock (Linux 5.13 and later): read-only access to the
  interpreter, the installed packages and the course package's folder, read-write
  access to one fresh work folder, nothing else; no TCP, no signals to and no abstract
  sockets of processes outside the sandbox (where the kernel's Landlock ABI has them);
* installs a seccomp filter: no new processes (``fork``, ``vfork``, ``clone`` without
  ``CLONE_THREAD``, ``clone3``), no ``execve``, no sockets, no ``ptrace`` and none of
  the system administration calls. Threads stay allowed.

Each step reports whether the kernel gave it (:class:`Confinement`); what remains
possible without a facility is written in docs/GRADING.md. Root ignores
``RLIMIT_NPROC``, which is why processes are refused by seccomp and not by rlimits.
"""

from __future__ import annotations

import ctypes
import math
import os
import platform
import resource
import signal
import struct
from dataclasses import dataclass, field
from pathlib import Path

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
PR_CAPBSET_DROP = 24
SECCOMP_MODE_FILTER = 2

# Landlock (include/uapi/linux/landlock.h); the syscall numbers are the same on every arch.
SYS_LANDLOCK_CREATE_RULESET, SYS_LANDLOCK_ADD_RULE, SYS_LANDLOCK_RESTRICT_SELF = 444, 445, 446
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1
FS_EXECUTE, FS_WRITE_FILE, FS_READ_FILE, FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
FS_TRUNCATE, FS_IOCTL_DEV = 1 << 14, 1 << 15
NET_BIND_TCP, NET_CONNECT_TCP = 1 << 0, 1 << 1
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1

#: Rights on files (a rule on a file, not a folder, may only hold these).
_FILE_RIGHTS = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | FS_IOCTL_DEV


def _fs_rights(abi: int) -> int:
    """Every file-system right that Landlock ABI ``abi`` knows."""
    rights = (1 << 13) - 1  # ABI 1: execute .. make_sym
    if abi >= 2:
        rights |= 1 << 13  # refer
    if abi >= 3:
        rights |= FS_TRUNCATE
    if abi >= 5:
        rights |= FS_IOCTL_DEV
    return rights


@dataclass(frozen=True)
class Limits:
    """The limits of one graded notebook's process."""

    call_seconds: float = 10.0  #: wall time of one cell or one call from a test
    cpu_seconds: int = 120  #: CPU time of the whole process
    memory_bytes: int = 1 << 30  #: address space on top of what the grader preloads
    file_bytes: int = 16 << 20  #: largest file the notebook may write
    output_bytes: int = 64 << 10  #: printed output kept (the rest is dropped)
    open_files: int = 256

    def __post_init__(self) -> None:
        if not (math.isfinite(self.call_seconds) and self.call_seconds > 0):
            raise ValueError(f"a call's time limit is a number of seconds above 0, not {self.call_seconds!r}")


@dataclass
class Confinement:
    """What :func:`confine` could apply on this kernel."""

    landlock_abi: int = 0
    seccomp: bool = False
    capabilities_dropped: bool = False
    rlimits: bool = False
    processes_limited: bool = False  #: RLIMIT_NPROC stands in for a missing seccomp filter
    notes: list[str] = field(default_factory=list)


def landlock_abi() -> int:
    """The kernel's Landlock ABI version, 0 when Landlock is missing or disabled."""
    version = _libc.syscall(SYS_LANDLOCK_CREATE_RULESET, None, 0, LANDLOCK_CREATE_RULESET_VERSION)
    return max(int(version), 0)


def set_limits(limits: Limits) -> None:
    """Apply the resource limits (memory counted from the current address space)."""
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 2))
    resource.setrlimit(resource.RLIMIT_AS, (_address_space() + limits.memory_bytes,) * 2)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_bytes, limits.file_bytes))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_NOFILE, (limits.open_files, limits.open_files))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a too large write fails, it does not kill


def _address_space() -> int:
    """The current process's virtual memory size in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


def _check(result: int, what: str) -> int:
    if result < 0:
        error = ctypes.get_errno()
        raise OSError(error, f"{what}: {os.strerror(error)}")
    return result


def landlock(read: list[Path], write: list[Path], devices: list[Path]) -> int:
    """Restrict this process's file access to the given folders; the ABI used (0: none)."""
    abi = landlock_abi()
    if abi < 1:
        return 0
    handled = _fs_rights(abi)
    attr = struct.pack("QQQ", handled, NET_BIND_TCP | NET_CONNECT_TCP if abi >= 4 else 0,
                       SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8
    buffer = ctypes.create_string_buffer(attr[:size], size)
    ruleset = _check(_libc.syscall(SYS_LANDLOCK_CREATE_RULESET, buffer, ctypes.c_size_t(size), 0),
                     "landlock_create_ruleset")
    read_rights = FS_EXECUTE | FS_READ_FILE | FS_READ_DIR
    device_rights = read_rights | FS_WRITE_FILE | (handled & (FS_TRUNCATE | FS_IOCTL_DEV))
    try:
        for paths, rights in ((read, read_rights), (devices, device_rights), (write, handled)):
            for path in paths:
                _allow(ruleset, path, rights & handled)
        _check(_libc.syscall(SYS_LANDLOCK_RESTRICT_SELF, ruleset, 0), "landlock_restrict_self")
    finally:
        os.close(ruleset)
    return abi


def _allow(ruleset: int, path: Path, rights: int) -> None:
    """Add a rule giving ``rights`` beneath ``path`` (skipped when it does not exist)."""
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return
    try:
        if not os.path.isdir(path):
            rights &= _FILE_RIGHTS
        rule = ctypes.create_string_buffer(struct.pack("=Qi", rights, fd), 12)
        _check(_libc.syscall(SYS_LANDLOCK_ADD_RULE, ruleset, LANDLOCK_RULE_PATH_BENEATH, rule, 0),
               f"landlock_add_rule {path}")
    finally:
        os.close(fd)


# seccomp: the system calls refused, by architecture (errno EPERM unless said otherwise).
_AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
_SYSCALLS = {
    "x86_64": {
        "fork": 57, "vfork": 58, "execve": 59, "execveat": 322, "clone": 56, "clone3": 435,
        "ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311, "socket": 41,
        "socketpair": 53, "mount": 165, "umount2": 166, "pivot_root": 155, "chroot": 161,
        "reboot": 169, "kexec_load": 246, "kexec_file_load": 320, "init_module": 175,
        "finit_module": 313, "delete_module": 176, "setns": 308, "unshare": 272,
        "swapon": 167, "swapoff": 168, "settimeofday": 164, "clock_settime": 227,
        "sethostname": 170, "setdomainname": 171, "bpf": 321, "perf_event_open": 298,
        "userfaultfd": 323, "keyctl": 250, "add_key": 248, "request_key": 249,
        "iopl": 172, "ioperm": 173, "io_uring_setup": 425, "pidfd_getfd": 438, "kcmp": 312,
        "open_tree": 428, "move_mount": 429, "fsopen": 430, "fsmount": 432,
    },
    "aarch64": {
        "execve": 221, "execveat": 281, "clone": 220, "clone3": 435, "ptrace": 117,
        "process_vm_readv": 270, "process_vm_writev": 271, "socket": 198, "socketpair": 199,
        "mount": 40, "unshare": 97, "setns": 268, "io_uring_setup": 425,
    },
}
CLONE_THREAD = 0x00010000
_RET_ALLOW, _RET_KILL = 0x7FFF0000, 0x80000000
_EPERM, _ENOSYS = 1, 38


def _bpf(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k)


def _load(offset: int) -> bytes:
    return _bpf(0x20, 0, 0, offset)  # BPF_LD | BPF_W | BPF_ABS


def _ret(value: int) -> bytes:
    return _bpf(0x06, 0, 0, value)  # BPF_RET | BPF_K


def seccomp_program(machine: str) -> bytes | None:
    """The BPF program that refuses new processes and dangerous calls (None: unknown arch)."""
    if machine not in _SYSCALLS:
        return None
    numbers = dict(_SYSCALLS[machine])

    def errno(code: int) -> int:
        return 0x00050000 | code  # SECCOMP_RET_ERRNO
    program = [_load(4), _bpf(0x15, 1, 0, _AUDIT_ARCH[machine]), _ret(_RET_KILL), _load(0)]
    if machine == "x86_64":  # the x32 ABI numbers its calls from 0x40000000
        program += [_bpf(0x35, 0, 1, 0x40000000), _ret(errno(_EPERM))]
    clone = numbers.pop("clone")
    clone3 = numbers.pop("clone3")
    program += [_bpf(0x15, 0, 1, clone3), _ret(errno(_ENOSYS))]  # glibc falls back to clone
    for number in numbers.values():
        program += [_bpf(0x15, 0, 1, number), _ret(errno(_EPERM))]
    # clone: allowed only for a thread (CLONE_THREAD in the low word of the first argument)
    program += [
        _bpf(0x15, 0, 4, clone),
        _load(16),
        _bpf(0x45, 0, 1, CLONE_THREAD),  # BPF_JMP | BPF_JSET | BPF_K
        _ret(_RET_ALLOW),
        _ret(errno(_EPERM)),
        _ret(_RET_ALLOW),
    ]
    return b"".join(program)


def seccomp() -> bool:
    """Install the seccomp filter; False when this architecture has no filter here."""
    program = seccomp_program(platform.machine())
    if program is None:
        return False
    count = len(program) // 8
    filters = ctypes.create_string_buffer(program, len(program))

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    fprog = SockFprog(count, ctypes.addressof(filters))
    _check(_libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0), "seccomp")
    return True


def drop_capabilities() -> bool:
    """Drop every capability of this process (it stays uid 0 but without root's powers)."""
    for capability in range(64):
        if _libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) < 0 and ctypes.get_errno() == 22:
            break  # EINVAL: no such capability
    header = struct.pack("=Ii", 0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = bytes(24)  # two (effective, permitted, inheritable) triples, all empty
    _check(_libc.capset(ctypes.create_string_buffer(header, 8),
                        ctypes.create_string_buffer(data, 24)), "capset")
    return True


def confine(limits: Limits, workdir: Path, readable: list[Path]) -> Confinement:
    """Confine this process: limits, no privileges, Landlock, seccomp (see module doc)."""
    done = Confinement()
    set_limits(limits)
    done.rlimits = True
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
    if os.geteuid() == 0:
        try:
            done.capabilities_dropped = drop_capabilities()
        except OSError as error:
            done.notes.append(f"capabilities kept: {error}")
    try:
        done.landlock_abi = landlock(readable, [workdir], [Path("/dev")])
    except OSError as error:
        done.notes.append(f"Landlock not applied: {error}")
    if not done.landlock_abi:
        done.notes.append("no Landlock: the notebook can read what the grader's user can read")
    try:
        done.seccomp = seccomp()
    except OSError as error:
        done.notes.append(f"seccomp not applied: {error}")
    if not done.seccomp:
        done.notes.append("no seccomp filter: new processes limited by RLIMIT_NPROC only")
        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
        done.processes_limited = os.geteuid() != 0  # root ignores RLIMIT_NPROC
    return done
