#!/usr/bin/env python3
"""No channel between engine processes (issue 31; arbiter/proc/).

Two probing engines (badbot --mode probe, tests/fixtures/probe/) play a
duplicate match (--duplicate) of four deals at concurrency 2: eight processes, two
alive at a time at each of two tables, the second deal of each pair
played by processes started after the first's ended.  At its first
request each process tries every way it knows to leave a mark another
process could read (capabilities, the host name, SCHED_FIFO and a
negative nice; the kernel's keyrings; System V and POSIX IPC; byte-range
locks, flock, leases and /proc/locks on a file every engine may read;
dnotify, inotify and fanotify; that file's mode, owner, times, xattrs
and flags (chattr, file_setattr); /dev/shm; abstract unix socket
names; the size of its own stderr log, which is a pipe the arbiter
drains, so that the log's lines are each "[PID HH:MM:SS.mmm] ..."), holds the live ones a moment and looks for the others'.
Confined (the default), as this test runs (root, in CI) and, where it
runs as root, as the user nobody, every way is closed or harmless (locks
succeed and lock nothing; /dev/shm is each engine's own) and no process
sees another's mark; with --no-sandbox the probes see each other's
locks, names and keys (the test can fail).
"""
import ctypes
import os
import pwd
import re
import shutil
import subprocess
import sys
import tempfile

from confinelib import check, verdict

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.abspath(os.path.join(BUILD, "bezique-arbiter"))
BAD = os.path.abspath(os.path.join(BUILD, "fixtures", "badbot"))
PROCESSES = 8

# Every way the probe tries, as it names them.
WAYS = ["capabilities", "sethostname", "setdomainname", "SCHED_FIFO",
        "negative nice", "keyring @u", "keyring @s", "System V shm",
        "System V msg", "System V sem", "POSIX mqueue", "stderr size",
        "inotify", "fanotify", "abstract name", "OFD lock", "POSIX lock",
        "flock", "lease", "dnotify", "chmod", "chown", "utimensat",
        "xattr", "file flags", "file_setattr", "/dev/shm"]
# Ways whose calls succeed by design and carry nothing: locks that lock
# nothing (sysfilter.c) and a /dev/shm of each engine's own (pidns.c).
# "open" is no fault there; a mark seen is.
HARMLESS = {"OFD lock", "POSIX lock", "flock", "/dev/shm"}
LINE = re.compile(r"probe: (.+): (open|closed|seen) \((.*)\)$")


def reports(d):
    """[(way, verdict, detail)] from both engines' stderr, and how many
    processes said they were done."""
    out, done = [], 0
    for name in ("p.err", "q.err"):
        for line in open(os.path.join(d, name), errors="replace"):
            line = line.rstrip("\n")
            done += line.endswith("probe: done")
            m = LINE.search(line)
            if m:
                out.append(m.groups())
    return out, done


def run(d, tag, extra, preexec=None):
    target = os.path.join(d, "target")
    env = dict(os.environ, PROBE_TAG=tag, PROBE_FILE=target)
    probe = BAD + " --mode probe"
    p = subprocess.run([ARB, "match", "-e", probe, "--name", "p", "--stderr",
                        os.path.join(d, "p.err"), "-e", probe, "--name", "q",
                        "--stderr", os.path.join(d, "q.err"), "-n", "4",
                        "-c", "2", "--seed", "31", "--duplicate", "-o",
                        os.path.join(d, "rec.jsonl"), "-q"] + extra,
                       capture_output=True, text=True, env=env, timeout=120,
                       preexec_fn=preexec)
    return p


def make_dir(tmp, name, owner=None):
    d = os.path.join(tmp, name)
    os.mkdir(d)
    with open(os.path.join(d, "target"), "w") as f:
        f.write("a file every engine may read\n")
    os.chmod(os.path.join(d, "target"), 0o644)
    if owner is not None:
        for p in (d, os.path.join(d, "target")):
            os.chown(p, owner, owner)
    return d


def confined_case(tmp, tag, label, owner=None, preexec=None):
    d = make_dir(tmp, label.replace(" ", "-"), owner)
    p = run(d, tag, [], preexec)
    got, done = reports(d)
    check("%s: it ran, %d probes done" % (label, done),
          p.returncode == 0 and done == PROCESSES)
    for way in WAYS:
        said = [(v, x) for w, v, x in got if w == way]
        bad = [x for v, x in said if v != "closed" and not
               (v == "open" and way in HARMLESS)]
        tried = len([1 for v, _ in said if v != "seen"])
        ok = tried == PROCESSES and not bad
        check("%s: %s %s" % (label, way, "harmless" if way in HARMLESS
                                 else "closed"), ok)
        if not ok:
            print("    %d tried; %s" % (tried, "; ".join(sorted(
                set(v + " " + x for v, x in said if v != "closed")))))
    seen = sorted({(w, x) for w, v, x in got if v == "seen"})
    check("%s: no mark of another process seen" % label, not seen)
    for w, x in seen[:8]:
        print("    %s: %s" % (w, x))


def free_case(tmp, tag):
    """--no-sandbox: the probes see each other (the test can fail)."""
    d = make_dir(tmp, "free")
    p = run(d, tag, ["--no-sandbox"])
    got, done = reports(d)
    check("--no-sandbox: it ran, %d probes done" % done,
          p.returncode == 0 and done == PROCESSES)
    seen = {w for w, v, _ in got if v == "seen"}
    for way in ("abstract name", "/proc/locks", "xattr", "/dev/shm") + \
            (("keyring @u",) if os.geteuid() == 0 else ()):
        check("--no-sandbox: a mark seen through %s" % way, way in seen)


def forget_keys(tag):
    """The probes' keys in this user's and session's keyrings, gone."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    for ring in (-4, -3):
        while True:
            key = libc.syscall(250, ctypes.c_long(10), ctypes.c_long(ring),
                               b"user", ("bzprobe:" + tag).encode(),
                               ctypes.c_long(0))         # KEYCTL_SEARCH
            if key < 0:
                break
            libc.syscall(250, ctypes.c_long(21), ctypes.c_long(key))
            # KEYCTL_INVALIDATE


def as_nobody(uid):
    def become():
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
    return become


def nobody_can_run():
    """The user nobody, and this tree's programs open to it."""
    try:
        uid = pwd.getpwnam("nobody").pw_uid
    except KeyError:
        return None
    # Under a home of mode 700 (root's) nobody cannot even exec it.
    try:
        probe = subprocess.run([BAD, "--mode", "crash-start"],
                               preexec_fn=as_nobody(uid),
                               capture_output=True)
    except OSError:
        return None
    return uid if probe.returncode == 3 else None


def main():
    tag = "t%d" % os.getpid()
    tmp = tempfile.mkdtemp(prefix="channels-")
    os.chmod(tmp, 0o755)
    try:
        confined_case(tmp, tag + "a", "confined")
        uid = nobody_can_run() if os.geteuid() == 0 else None
        if uid is not None:
            confined_case(tmp, tag + "b", "confined as nobody", uid,
                          as_nobody(uid))
        elif os.geteuid() == 0:
            print("(as nobody: not run, this tree is not open to nobody)")
        free_case(tmp, tag + "c")
    finally:
        for t in ("a", "b", "c"):
            forget_keys(tag + t)
        # A probe killed before its look leaves its /dev/shm file on the
        # machine's /dev/shm where unconfined.
        for n in os.listdir("/dev/shm") if os.path.isdir("/dev/shm") else []:
            if n.startswith("bzprobe-" + tag):
                os.remove(os.path.join("/dev/shm", n))
        shutil.rmtree(tmp, ignore_errors=True)
    return verdict()


if __name__ == "__main__":
    sys.exit(main())
