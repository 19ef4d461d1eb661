#!/usr/bin/env python3
"""Engines are confined (doc/guarantees.md, "Engines are confined";
arbiter/proc/sandbox.c).

A hostile engine (badbot --mode burgle, tests/fixtures/burgle/) tries,
at its first request: to read the records file, the tournament file, an
earlier summary, the luck file and its opponent's stderr log; to create a file and overwrite another engine's
program; to connect to a TCP port and an abstract unix socket this test
listens on; to signal the arbiter, open its memory, ptrace and kill -9
its opponent; to talk the way two copies at different tables could: a
UDP datagram, a pathname unix socket this test listens on, System V
shared memory and a message queue, an io_uring (refused by the
system-call filter, arbiter/proc/sysfilter.c).  With the sandbox (the
default) every attempt is refused, the opponent plays every deal, the
files are as they were, and each record says "sandbox": "landlock
N+seccomp", with "+pidns" where the kernel gives each engine a PID
namespace of its own (procview.py tests what that hides).  With --no-sandbox (and a tournament
file's `sandbox = no`) the same attempts succeed: the test can fail.
A kernel without Landlock is played by a seccomp filter that answers
its system calls ENOSYS: the run goes on with files unconfined but
sockets and IPC still refused, says so in one line and records
"sandbox": "seccomp".  A bot that dies because it may not write
its log fails with a reason that says it was confined.  A burglar
(BURGLE_MEM) reads its parent's memory every way Linux has, looking for
the run's key, and opens its descriptors through /proc: confined,
every way is refused; with --no-sandbox and CAP_SYS_PTRACE (root) every
way finds the key (the test can fail); without capabilities, as an
ordinary user runs it, --no-sandbox and a kernel with neither Landlock
nor namespaces are refused too, since the arbiter is not dumpable.  Where the
kernel really has no Landlock the test says "skipped: no Landlock".
"""
import json
import os
import platform
import re
import socket
import subprocess
import sys
import tempfile

import enginelog
from confinelib import capable, check, drop_capabilities, verdict, \
    landlock_abi, pidns_here, refuse_syscalls, sandbox_word

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.abspath(os.path.join(BUILD, "bezique-arbiter"))
BAD = os.path.abspath(os.path.join(BUILD, "fixtures", "badbot"))
PIDNS = pidns_here()


def attempts(errfile):
    """{(verb, target): succeeded} from the burglar's stderr."""
    out = {}
    for line in enginelog.lines(errfile, encoding="utf-8",
                                errors="replace"):
        if not line.startswith("burgle: "):
            continue
        head, _, verdict = line[8:].rstrip("\n").rpartition(": ")
        out[head] = out.get(head, False) or verdict == "ok"
    return out


class Listeners:
    """A TCP port, an abstract and a pathname unix socket and a UDP port
    for the burglar to try."""

    def __init__(self, tmp):
        self.tcp = socket.socket()
        self.tcp.bind(("127.0.0.1", 0))
        self.tcp.listen(16)
        self.name = "bezique-sandbox-test-%d" % os.getpid()
        self.unix = socket.socket(socket.AF_UNIX)
        self.unix.bind("\0" + self.name)
        self.unix.listen(16)
        self.path = os.path.join(tmp, "listener.sock")
        self.named = socket.socket(socket.AF_UNIX)
        self.named.bind(self.path)
        self.named.listen(16)
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", 0))

    def env(self):
        return {"BURGLE_PORT": str(self.tcp.getsockname()[1]),
                "BURGLE_ABSTRACT": self.name, "BURGLE_KILL": "1",
                "BURGLE_UDP": str(self.udp.getsockname()[1]),
                "BURGLE_UNIX": self.path, "BURGLE_IPC": "1"}


def expect(tag, got, confined, abi, reads):
    # An empty records file opened is a success all the same; a memory
    # read may fail where the open did not (no such address).
    kinds = {"read": [h for h in got if h.startswith("read") and
                      h.split()[-1] in reads],
             "create": [h for h in got if h.startswith(("create", "write"))]}
    if abi >= 4 or not confined:
        kinds["connect"] = [h for h in got if h.startswith("connect")]
    if abi >= 6 or not confined:
        kinds["signal"] = [h for h in got if h.startswith(("signal",
                                                            "kill"))]
    kinds["memory"] = [h for h in got if h.startswith(("ptrace",
                                                        "read /proc/"))]
    kinds["talk"] = [h for h in got if h.startswith(("udp", "unix",
                                                     "ipc"))]
    for kind, heads in sorted(kinds.items()):
        if confined:
            check("%s: %s attempts made, every one refused" % (tag, kind),
                  heads and not any(got[h] for h in heads))
        else:
            check("%s: %s attempts succeed" % (tag, kind),
                  heads and all(got[h] for h in heads if not
                                h.startswith(("read /proc/", "read byte"))))


def run(args, env, cwd=None, preexec_fn=None):
    return subprocess.run(args, capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=120, preexec_fn=preexec_fn)


def hide_landlock():
    """In the child before exec: Landlock's system calls (444-446 on
    x86_64) fail with ENOSYS, as on a kernel built without it."""
    refuse_syscalls(444, 446, 38)


def no_landlock_case(tmp, listeners):
    """A kernel without Landlock: files unconfined, sockets and IPC
    refused, said once, recorded."""
    tag = "no Landlock"
    d = os.path.join(tmp, "none")
    os.mkdir(d)
    rec = os.path.join(d, "rec.jsonl")
    env = dict(os.environ, BURGLE_READ=rec,
               BURGLE_WRITE=os.path.join(d, "new"), **listeners.env())
    p = run([ARB, "match", "-e", BAD + " --mode burgle", "--name",
             "burglar", "--stderr", os.path.join(d, "burglar.err"), "-e",
             BAD, "--name", "victim", "-n", "2", "-o", rec, "-q"], env,
            preexec_fn=hide_landlock)
    said = [l for l in p.stderr.splitlines() if "Landlock" in l]
    check("%s: one line says so" % tag, p.returncode == 0 and
          said == ["bezique-arbiter: this kernel has no Landlock: engines "
                   "may read and write any file, only sockets and IPC are "
                   "refused (records say \"sandbox\": \"%s\")" %
                   sandbox_word(0, PIDNS)])
    check("%s: records say sandbox %s" % (tag, sandbox_word(0, PIDNS)),
          records_say(rec) == {sandbox_word(0, PIDNS)})
    check("%s: the engine made a file" % tag,
          os.path.exists(os.path.join(d, "new")))
    got = attempts(os.path.join(d, "burglar.err"))
    talk = [h for h in got if h.startswith(("udp", "unix", "ipc", "connect"))]
    check("%s: sockets and IPC tried, every one refused" % tag,
          len(talk) >= 6 and not any(got[h] for h in talk))


def records_say(path):
    return {json.loads(l).get("sandbox") for l in open(path) if l.strip()}


def match_case(tmp, confined, abi, listeners):
    tag = "match" if confined else "match --no-sandbox"
    d = os.path.join(tmp, "confined" if confined else "free")
    os.mkdir(d)
    rec, victim = os.path.join(d, "rec.jsonl"), os.path.join(d, "victim")
    vlog = os.path.join(d, "victim.err")    # what it says of its hand
    with open(vlog, "w") as f:      # there before the run: logs append
        f.write("an earlier run's hand\n")
    script = "#!/bin/sh\nexec %s\n" % BAD  # a script: no ETXTBSY
    with open(victim, "w") as f:
        f.write(script)
    os.chmod(victim, 0o755)
    env = dict(os.environ, BURGLE_READ=rec + ":" + vlog,
               BURGLE_WRITE=os.path.join(d, "new") + ":" + victim,
               **listeners.env())
    args = [ARB, "match", "-e", BAD + " --mode burgle", "--name", "burglar",
            "--stderr", os.path.join(d, "burglar.err"), "-e", victim,
            "--name", "victim", "--stderr", vlog, "-n", "2", "-o", rec,
            "-q"]
    p = run(args + ([] if confined else ["--no-sandbox"]), env)
    got = attempts(os.path.join(d, "burglar.err"))
    check("%s: the burglar tried the victim's stderr log" % tag,
          any(h.split()[-1] == vlog for h in got))
    expect(tag, got, confined, abi, [rec, vlog])
    v = run([ARB, "verify", rec], env)
    check("%s: records verify" % tag, p.returncode == 0 and
          v.returncode == 0)
    say = records_say(rec)
    check("%s: records say sandbox %s" % (tag, say), say ==
          ({sandbox_word(abi, PIDNS)} if confined else {"off"}))
    if confined:
        check("%s: no file made, the victim's program intact" % tag,
              not os.path.exists(os.path.join(d, "new")) and
              open(victim).read() == script)
        check("%s: the victim plays every deal" % tag,
              "failures of victim                       none" in p.stdout)


def tournament_case(tmp, confined, abi, listeners):
    tag = "tournament" if confined else "tournament sandbox = no"
    d = os.path.join(tmp, "t-confined" if confined else "t-free")
    os.mkdir(d)
    ini = os.path.join(d, "t.ini")
    summary = os.path.join(d, "summary.json")
    luck = os.path.join(d, "t.luck")
    for path in (summary, luck):	# an earlier run's, which it replaces
        with open(path, "w") as f:
            f.write("{}\n")
    with open(ini, "w") as f:
        f.write("[tournament]\nrounds = 1\nseed = 77\nsummary = %s\n"
                "luck_file = %s\n%s"
                "[engine burglar]\ncommand = %s --mode burgle\n"
                "stderr = %s\n[engine victim]\ncommand = %s\n" %
                (summary, luck, "" if confined else "sandbox = no\n", BAD,
                 os.path.join(d, "burglar.err"), BAD))
    rec = os.path.join(d, "t.jsonl")	# the default: FILE.ini -> FILE.jsonl
    # "planted": a new file in its working directory (the tournament's).
    env = dict(os.environ, BURGLE_READ=":".join((ini, rec, summary, luck)),
               BURGLE_WRITE=ini + ":planted", **listeners.env())
    p = run([ARB, "tournament", ini, "-q"], env, cwd=d)
    got = attempts(os.path.join(d, "burglar.err"))
    expect(tag, got, confined, abi, [ini, rec, summary, luck])
    check("%s: it ran (%d)" % (tag, p.returncode), p.returncode == 0)
    if confined:
        check("%s: no file planted, the tournament file intact" % tag,
              not os.path.exists(os.path.join(d, "planted")) and
              "seed = 77" in open(ini).read())
    say = records_say(rec)
    check("%s: records say sandbox %s" % (tag, say), say ==
          ({sandbox_word(abi, PIDNS)} if confined else {"off"}))


def hint_case(tmp, confined):
    """A bot that dies because it may not write its log: the failure's
    reason says it was confined, and only then."""
    tag = "writer" if confined else "writer --no-sandbox"
    d = os.path.join(tmp, "w-confined" if confined else "w-free")
    os.mkdir(d)
    bot = os.path.join(d, "bot.sh")
    with open(bot, "w") as f:
        f.write("#!/bin/sh\necho started >> %s/debug.log || exit 3\n"
                "exit 4\n" % d)
    os.chmod(bot, 0o755)
    rec = os.path.join(d, "rec.jsonl")
    p = run([ARB, "match", "-e", bot, "--name", "writer", "-e", BAD,
             "--name", "other", "-n", "2", "-o", rec, "-q"] +
            ([] if confined else ["--no-sandbox"]), dict(os.environ))
    reasons = {json.loads(l).get("reason", "") for l in open(rec)
               if l.strip()} if os.path.exists(rec) else set()
    want = "exited with status %d" % (3 if confined else 4)
    check("%s: its failure says %s%s" % (tag, want, ", confined" if
                                          confined else ""),
          p.returncode == 0 and reasons and
          all(want in r and ("(confined:" in r) == confined
              for r in reasons))

KEY = "6012345678901234567" + "a5" * 22 + "f"  # the 32 bytes it looks for


def mem_heads(got):
    """The burglar's BURGLE_MEM attempts on its parent, by kind, each
    (what, succeeded): the seed found by a way, its parent's descriptors
    and its own opened, and the ways into its parent's memory."""
    kinds = {"seed": [], "theirs": [], "own": [], "ways": []}
    for h, ok in got.items():
        if h.startswith("mem seed-"):
            kinds["seed"].append((h, ok))
        elif re.match(r"mem open /proc/\d+/fd/", h):
            kinds["theirs"].append((h, ok))
        elif h.startswith("mem open /proc/self/fd/"):
            kinds["own"].append((h, ok))
        elif h.startswith("mem ") and not h.startswith("mem fds") and \
                h != "mem open /proc/self/fd":
            kinds["ways"].append((h, ok))
    return kinds


def memory_run(tmp, name, extra, preexec=None):
    """A burglar reads its parent's memory (the arbiter's, or engine-init's
    in a namespace), looking for the run's key; its attempts."""
    d = os.path.join(tmp, name)
    os.mkdir(d)
    env = dict(os.environ, BURGLE_MEM="ppid", BURGLE_KEY=KEY)
    p = run([ARB, "match", "-e", BAD + " --mode burgle", "--name",
             "burglar", "--stderr", os.path.join(d, "burglar.err"), "-e",
             BAD, "--name", "victim", "-n", "2", "--key", KEY, "-o",
             os.path.join(d, "rec.jsonl"), "-q"] + extra, env,
            preexec_fn=preexec)
    check("memory %s: it ran" % name, p.returncode == 0)
    return mem_heads(attempts(os.path.join(d, "burglar.err")))


def memory_refused(tag, k, unless=()):
    """Every way refused (but those named in unless), no seed, none of its
    parent's descriptors opened, none of its own beyond stderr."""
    ways = [(h, ok) for h, ok in k["ways"] if h.split()[1] not in unless]
    check("%s: %d ways in, every one refused" % (tag, len(ways)),
          len(ways) >= 6 - len(unless) and not any(got for _, got in ways))
    check("%s: the key found by no way" % tag,
          not any(got for _, got in k["seed"]))
    check("%s: none of its parent's descriptors opened" % tag,
          not any(got for _, got in k["theirs"]))
    check("%s: no descriptor of its own past stderr" % tag,
          not k["own"])


def memory_case(tmp):
    """What the arbiter and its copies hold (the seed, every deck) is read
    by no confined engine, nor by any engine without capabilities: the
    arbiter is not dumpable (arbiter/main.c)."""
    # Confined as this test runs (root, here and in CI): Landlock.
    k = memory_run(tmp, "mem-confined", [])
    # Root with CAP_SYS_ADMIN or CAP_PERFMON reads a process's maps and
    # environ through Landlock (Linux 6.18): nothing secret in either.
    root = capable(21) or capable(38)
    memory_refused("memory confined", k, ("maps", "environ") if root
                   else ())
    # --no-sandbox as this test runs: with CAP_SYS_PTRACE every way
    # works and finds the key (the burglar can succeed).
    k = memory_run(tmp, "mem-free", ["--no-sandbox"])
    if capable(19):
        check("memory --no-sandbox, CAP_SYS_PTRACE: each way finds the "
              "key", len(k["ways"]) >= 9 and
              all(got for _, got in k["ways"]) and len(k["seed"]) == 4 and
              all(got for _, got in k["seed"]) and
              any(got for _, got in k["theirs"]))
    else:
        memory_refused("memory --no-sandbox", k)
    # As an ordinary user: no capabilities.
    k = memory_run(tmp, "mem-free-user", ["--no-sandbox"],
                   drop_capabilities)
    memory_refused("memory --no-sandbox, no caps", k)
    if platform.machine() != "x86_64":
        return
    # No Landlock and no namespace (unshare, 272, refused): seccomp only.
    k = memory_run(tmp, "mem-seccomp-user", [], lambda: (
        drop_capabilities(), hide_landlock(),
        refuse_syscalls(272, 272, 1)))
    memory_refused("memory seccomp only, no caps", k)


def main():
    abi = landlock_abi()
    if abi == 0:
        print("skipped: no Landlock")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        listeners = Listeners(tmp)
        for confined in (True, False):
            match_case(tmp, confined, abi, listeners)
            tournament_case(tmp, confined, abi, listeners)
            hint_case(tmp, confined)
        if platform.machine() == "x86_64":
            no_landlock_case(tmp, listeners)
        memory_case(tmp)
    return verdict()


if __name__ == "__main__":
    sys.exit(main())
