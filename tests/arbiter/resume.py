#!/usr/bin/env python3
"""Interrupt and resume: the first SIGINT finishes the deals in play,
says how to resume and exits 130; --resume then plays exactly the
missing deals; the records equal an uninterrupted run's (timings aside).
A record file cut mid-line (a crash while writing) is repaired by
--resume."""
import os
import signal
import subprocess
import sys
import tempfile
import time

from recordlib import canonical

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.join(BUILD, "bezique-arbiter")
ENG = os.path.join(BUILD, "bezique-engine")
DEALS = 60


def cmd(records, extra=()):
    return [ARB, "match", "-e", ENG + " --level random", "--name", "a",
            "-e", ENG + " --level greedy", "--name", "b", "-n", str(DEALS),
            "--seed", "99", "-c", "2", "-q", "-o", records] + list(extra)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        whole = os.path.join(tmp, "whole.jsonl")
        cut = os.path.join(tmp, "cut.jsonl")
        subprocess.run(cmd(whole), check=True, capture_output=True,
                       timeout=120)
        # Slow engines down with a decision time so SIGINT lands mid-match.
        p = subprocess.Popen(cmd(cut), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        while not os.path.exists(cut) or \
                sum(1 for _ in open(cut)) < DEALS // 4:
            time.sleep(0.01)
            if p.poll() is not None:
                break
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
        # Stopped early: 128 + the signal, so that a script can tell.
        if p.returncode != 128 + signal.SIGINT:
            print("interrupted run exited %d, not %d: %s" % (
                p.returncode, 128 + signal.SIGINT, err))
            return 1
        done = sum(1 for _ in open(cut))
        if "--resume" not in err:
            print("no resume hint after SIGINT: " + err)
            return 1
        if done >= DEALS:
            print("SIGINT came too late to test (all %d done)" % done)
            return 1
        # A crash mid-write leaves half a line: resume must repair it.
        with open(cut, "a") as f:
            f.write('{"type":"deal","version":1,"deal":')
        subprocess.run(cmd(cut, ["--resume", cut]), check=True,
                       capture_output=True, timeout=120)
        a, b = canonical(whole), canonical(cut)
        if sorted(a) != sorted(b) or len(b) != DEALS:
            print("resumed run has deals %d, want %d" % (len(b), DEALS))
            return 1
        for k in a:
            if a[k] != b[k]:
                print("deal %d differs after resume" % k)
                return 1
        v = subprocess.run([ARB, "verify", cut], capture_output=True,
                           text=True)
        if v.returncode != 0:
            print("verify: " + v.stderr)
            return 1
    print("interrupted after %d of %d deals; resumed run equals the "
          "whole run" % (done, DEALS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
