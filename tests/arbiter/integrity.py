#!/usr/bin/env python3
"""Records files that collide or lie (issue 21, items 4 to 6).

lock: a second writer on a records file (match, --resume, tournament)
is refused in one line while the first runs, and the file stays intact.
Prints one line per case; exits 1 if any failed.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.join(BUILD, "bezique-arbiter")
ENG = os.path.join(BUILD, "bezique-engine")


def match(records, names=("a", "b"), extra=()):
    return [ARB, "match", "-e", ENG + " --level random", "--name", names[0],
            "-e", ENG + " --level greedy", "--name", names[1],
            "--seed", "5", "-q", "-o", records] + list(extra)


def run(args, timeout=120):
    p = subprocess.run(args, capture_output=True, text=True,
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def lines_of(path):
    with open(path, "rb") as f:
        return f.read().splitlines()


def one_line(err):
    return len(err.strip().splitlines()) == 1


def case_lock(tmp):
    rec = os.path.join(tmp, "lock.jsonl")
    ini = os.path.join(tmp, "lock.ini")
    with open(ini, "w") as f:
        f.write("[tournament]\nrounds = 1\n[engine x]\ncommand = %s\n"
                "[engine y]\ncommand = %s\n" % (ENG, ENG))
    first = subprocess.Popen(match(rec, extra=["-n", "4000"]),
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while (not os.path.exists(rec) or len(lines_of(rec)) < 2) and \
                time.monotonic() < deadline and first.poll() is None:
            time.sleep(0.02)
        seconds = [match(rec, ("c", "d"), ["-n", "2"]),
                   match(rec, extra=["-n", "4000", "--resume", rec]),
                   [ARB, "tournament", ini, "-o", rec, "-q"]]
        for cmd in seconds:
            rc, _, err = run(cmd)
            if first.poll() is not None:
                return "the first run ended before the second was tried"
            if rc == 0 or "another run" not in err or rec not in err \
                    or not one_line(err):
                return "second writer %s: exit %d, %r" % (cmd[1:3], rc,
                                                          err)
    finally:
        first.send_signal(signal.SIGINT)
        _, err = first.communicate(timeout=60)
    if first.returncode != 0:
        return "the first run failed: " + err
    recs = [json.loads(x) for x in lines_of(rec)]
    if sorted(r["deal"] for r in recs) != list(range(len(recs))):
        return "the file holds other deals than the first run's"
    if any(r["players"] not in (["a", "b"], ["b", "a"]) for r in recs):
        return "a second writer's record is in the file"
    rc, out, err = run([ARB, "verify", rec])
    if rc != 0:
        return "verify: " + err
    return None


CASES = [("lock", case_lock)]


def main():
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, fn in CASES:
            why = fn(tmp)
            print("%-24s %s" % (name, "ok" if why is None else
                                "FAILED: " + why))
            bad += why is not None
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
