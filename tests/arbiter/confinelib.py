"""What the kernel lets the arbiter confine engines with, and a way to
take some of it away, for the sandbox tests (sandbox.py, procview.py)."""
import ctypes
import os
import struct
import subprocess

failed = []


def check(what, ok, width=64):
    """One line per check; what failed is kept in failed."""
    print("%-*s %s" % (width, what, "ok" if ok else "FAILED"))
    if not ok:
        failed.append(what)


def verdict():
    """The exit status of a test of checks: 1 if any failed, saying how
    many."""
    if failed:
        print("FAILED: %d" % len(failed))
        return 1
    return 0


def landlock_abi():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    v = libc.syscall(444, None, ctypes.c_size_t(0), ctypes.c_uint(1))
    return max(v, 0)


def pidns_here():
    """Whether this user may have a PID namespace with its own /proc, as
    util-linux's unshare(1) finds it (arbiter/proc/pidns.c asks the same)."""
    user = [] if os.geteuid() == 0 else ["--user", "--map-current-user"]
    try:
        return subprocess.run(["unshare"] + user + ["--pid", "--fork",
                              "--mount-proc", "true"], capture_output=True,
                              timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def sandbox_word(abi, pidns):
    """What a confined run's records say in "sandbox"."""
    word = "landlock %d+seccomp" % abi if abi else "seccomp"
    return word + ("+pidns" if pidns else "")


def refuse_syscalls(first, last, errno):
    """In the child before exec: system calls first..last (x86_64
    numbers) fail with errno, as on a kernel or in a container that
    refuses them."""
    libc = ctypes.CDLL(None, use_errno=True)
    code = [(0x20, 0, 0, 0),                      # A = syscall number
            (0x35, 0, 2, first),                  # A >= first, else allow
            (0x35, 1, 0, last + 1),               # A > last: allow
            (0x06, 0, 0, 0x00050000 | errno),     # ERRNO(errno)
            (0x06, 0, 0, 0x7fff0000)]             # ALLOW
    prog = b"".join(struct.pack("HBBI", *c) for c in code)
    buf = ctypes.create_string_buffer(prog)
    fprog = struct.pack("HxxxxxxQ", len(code), ctypes.addressof(buf))
    fbuf = ctypes.create_string_buffer(fprog)
    ul = ctypes.c_ulong
    if libc.prctl(38, ul(1), ul(0), ul(0), ul(0)) != 0 or \
            libc.prctl(22, ul(2), ul(ctypes.addressof(fbuf)), ul(0),
                       ul(0)) != 0:
        os._exit(97)    # PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP filter


def drop_capabilities():
    """In the child before exec: every capability out of the bounding set,
    so that root runs the arbiter and its engines as an ordinary user
    would, without CAP_SYS_PTRACE (an ordinary user has none to drop:
    the calls fail, harmlessly)."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in range(64):
        libc.prctl(24, ctypes.c_ulong(cap), ctypes.c_ulong(0),
                   ctypes.c_ulong(0), ctypes.c_ulong(0))  # PR_CAPBSET_DROP


def capable(cap):
    """Whether this process holds capability number cap (19
    CAP_SYS_PTRACE, 21 CAP_SYS_ADMIN, 38 CAP_PERFMON)."""
    for line in open("/proc/self/status"):
        if line.startswith("CapEff:"):
            return bool(int(line.split()[1], 16) >> cap & 1)
    return False
