#!/usr/bin/env python3
"""A confined engine sees no process but its own (arbiter/proc/pidns.c).

/proc is a channel between processes of one user: each may write its own
name and command line, and any other may read them, and its CPU time.
Two copies of one bot playing the same deck at two tables (duplicate
deals, concurrency 2) could pass their hands through it.  With the
sandbox each engine has a PID namespace and a /proc of its own: a
burglar (badbot --mode burgle, BURGLE_PROC) listing /proc at its first
request finds only the namespace's first process (pid 1, its parent,
which stands for the arbiter) and not the arbiter, its opponent or the
other table's copy of itself; at concurrency 2 with two burglars, neither
sees the other.  With --no-sandbox it sees them all (the test can
fail).  Where the kernel or a container refuses new namespaces (here:
unshare answered EPERM by a seccomp filter) the run goes on without,
and its records say "landlock N+seccomp" without "+pidns".  An engine's
exit, its exit status and its death by a signal reach the arbiter as
before: through the process that waits for it.
"""
import json
import os
import platform
import subprocess
import sys
import tempfile

import enginelog

from confinelib import check, landlock_abi, pidns_here, \
    refuse_syscalls, sandbox_word, verdict

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.abspath(os.path.join(BUILD, "bezique-arbiter"))
BAD = os.path.abspath(os.path.join(BUILD, "fixtures", "badbot"))


def sightings(log):
    """[(pid, ppid)] the burglar saw, and its own (pid, ppid)."""
    seen, me = [], None
    for line in enginelog.lines(log):
        w = line.split()
        if line.startswith("burgle: sees pid "):
            seen.append((int(w[3]), int(w[5])))
        elif line.startswith("burgle: me pid "):
            me = (int(w[3]), int(w[5]))
    return seen, me


def records_say(path):
    return {json.loads(l).get("sandbox") for l in open(path) if l.strip()}


def match(d, extra, preexec=None, concurrency=1):
    """Two burglars, each with its own log; returns (arbiter pid, rc)."""
    os.mkdir(d)
    env = dict(os.environ, BURGLE_PROC="1")
    args = [ARB, "match", "-e", BAD + " --mode burgle", "--name", "a",
            "--stderr", os.path.join(d, "a.err"), "-e",
            BAD + " --mode burgle", "--name", "b", "--stderr",
            os.path.join(d, "b.err"), "-n", "4", "--seed", "7",
            "--concurrency", str(concurrency), "-o",
            os.path.join(d, "rec.jsonl"), "-q"] + extra
    p = subprocess.Popen(args, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True,
                         preexec_fn=preexec)
    p.communicate(timeout=120)
    return p.pid, p.returncode


def confined_case(tmp, word):
    d = os.path.join(tmp, "confined")
    arb, rc = match(d, [], concurrency=2)
    check("confined: the match ran", rc == 0)
    check("confined: records say sandbox %s" % word,
          records_say(os.path.join(d, "rec.jsonl")) == {word})
    for bot in ("a", "b"):
        seen, me = sightings(os.path.join(d, bot + ".err"))
        check("confined: %s is pid 2 of its namespace, its parent pid 1"
              % bot, me == (2, 1))
        check("confined: %s sees only its namespace's first process"
              % bot, seen and all(s == (1, 0) for s in seen))
        check("confined: %s sees neither the arbiter nor another engine"
              % bot, all(p != arb and pp != arb for p, pp in seen))


def free_case(tmp):
    d = os.path.join(tmp, "free")
    arb, rc = match(d, ["--no-sandbox"], concurrency=2)
    seen, me = sightings(os.path.join(d, "a.err"))
    check("--no-sandbox: the match ran", rc == 0)
    check("--no-sandbox: a's parent is the arbiter", me and me[1] == arb)
    check("--no-sandbox: a sees the arbiter and another engine of it",
          any(p == arb for p, _ in seen) and
          any(pp == arb for _, pp in seen))


def refused_case(tmp, abi):
    """unshare(2) (272 on x86_64) refused, as a container may."""
    d = os.path.join(tmp, "refused")
    arb, rc = match(d, [], preexec=lambda: refuse_syscalls(272, 272, 1))
    check("no namespaces: the match ran", rc == 0)
    check("no namespaces: records say sandbox %s" %
          sandbox_word(abi, False),
          records_say(os.path.join(d, "rec.jsonl")) ==
          {sandbox_word(abi, False)})
    seen, me = sightings(os.path.join(d, "a.err"))
    check("no namespaces: a's parent is the arbiter, as before",
          me and me[1] == arb and any(p == arb for p, _ in seen))


def exits_case(tmp):
    """What engines die of is said as it was without a namespace."""
    # A shell dies of its SIGSEGV where a sanitized badbot would exit.
    crash = "sh " + os.path.abspath(os.path.join("tests", "fixtures",
                                                 "crash.sh"))
    for mode, bot, want in (("crash", BAD + " --mode crash",
                             "exited with status 5"),
                            ("segv", crash, "killed by signal 11"),
                            ("close", BAD + " --mode close",
                             "while still running")):
        rec = os.path.join(tmp, mode + ".jsonl")
        subprocess.run([ARB, "match", "-e", bot,
                        "--name", "x", "-e", BAD, "--name", "y", "-n", "2",
                        "--seed", "3", "-o", rec, "-q"],
                       capture_output=True, timeout=120)
        reasons = {json.loads(l).get("reason", "") for l in open(rec)
                   if l.strip()}
        check("%s: the failure says %s" % (mode, want),
              reasons and all(want in r for r in reasons))


def main():
    abi = landlock_abi()
    if not pidns_here():
        print("skipped: no PID namespace for this user here")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        confined_case(tmp, sandbox_word(abi, True))
        free_case(tmp)
        if platform.machine() == "x86_64":
            refused_case(tmp, abi)
        exits_case(tmp)
    return verdict()


if __name__ == "__main__":
    sys.exit(main())
