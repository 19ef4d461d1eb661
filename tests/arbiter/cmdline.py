#!/usr/bin/env python3
"""No engine reads the arbiter's command line (arbiter/base/cmdline.h).

/proc/PID/cmdline is readable by every process, and the process a
confined engine sees as its pid 1 (or, unconfined, its parent) is a copy
of the arbiter.  Its command line named the records file, the engines'
logs and the seed.  The arbiter keeps only "bezique-arbiter match" there:
a burglar (badbot --mode burgle, BURGLE_CMDLINE) reads its parent's
command line and must find the command but none of the paths or the
seed, sandboxed or not.
"""
import os
import subprocess
import sys
import tempfile

import enginelog

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.abspath(os.path.join(BUILD, "bezique-arbiter"))
ENG = os.path.abspath(os.path.join(BUILD, "bezique-engine"))
BAD = os.path.abspath(os.path.join(BUILD, "fixtures", "badbot"))

failed = []


def check(what, ok):
    print("%s: %s" % ("ok" if ok else "FAILED", what))
    if not ok:
        failed.append(what)


def burgle(tmp, sandbox):
    log = os.path.join(tmp, "secret-log-3k1.log")
    rec = os.path.join(tmp, "secret-records-9q7.jsonl")
    env = dict(os.environ, BURGLE_CMDLINE="1")
    argv = [ARB, "match", "-e", BAD + " --mode burgle", "--stderr", log,
            "-e", ENG + " --level random", "-n", "2",
            "--seed", "4242424242", "-q", "-o", rec]
    if not sandbox:
        argv.append("--no-sandbox")
    p = subprocess.run(argv, cwd=tmp, capture_output=True, text=True,
                       timeout=120, env=env)
    seen = [l for l in enginelog.lines(log)
            if l.startswith("burgle: cmdline ")]
    os.remove(log)
    os.remove(rec)
    return p, seen


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for sandbox in (True, False):
            how = "confined" if sandbox else "--no-sandbox"
            p, seen = burgle(tmp, sandbox)
            check("%s: the burglar read its parent's command line: %s" %
                  (how, seen[:1]), p.returncode == 0 and seen and
                  "bezique-arbiter match" in seen[0])
            for secret in ("secret-records-9q7", "secret-log-3k1",
                           "4242424242", "--seed", "-o"):
                # Flags as words, the rest anywhere in the line.
                check("%s: ... without %s" % (how, secret),
                      seen and not any(secret in l.split() if
                                       secret.startswith("-") else
                                       secret in l for l in seen))
    print("%d failed" % len(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
