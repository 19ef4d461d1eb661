#!/usr/bin/env python3
"""The arbiter killed with SIGKILL in the middle of a tournament, its
record file then cut in the middle of its last line (as a crash while
writing leaves it): --resume repairs the file, keeps every finished deal
as it was, plays the rest, and ends with the same records (timings aside)
and the same printed results as an uninterrupted run.  The engines are
deterministic (seeded random, greedy, first-legal), so equal means right.
No engine outlives the killed arbiter."""
import os
import signal
import subprocess
import sys
import tempfile
import time

from recordlib import canonical

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.join(BUILD, "bezique-arbiter")


def ini(tmp):
    path = os.path.join(tmp, "t.ini")
    # Through a link in tmp, so that every engine's command names tmp.
    eng = os.path.join(tmp, "engine")
    os.symlink(os.path.abspath(os.path.join(BUILD, "bezique-engine")), eng)
    with open(path, "w") as f:
        f.write("""[tournament]
rounds = 4
seed = 77
concurrency = 2
[engine a]
command = %(eng)s --level random
option.Seed = 3
[engine b]
command = %(eng)s --level greedy
[engine c]
command = %(eng)s --level random
option.Seed = 5
[engine d]
command = %(bad)s --mode good --spy %(tmp)s/spy
""" % {"eng": eng, "bad": os.path.join(BUILD, "fixtures", "badbot"),
           "tmp": tmp})
    return path


def run(args):
    return subprocess.run([ARB, "tournament"] + args, capture_output=True,
                          text=True, timeout=120)


def lines(path):
    return open(path, "rb").read().split(b"\n")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        t = ini(tmp)
        whole = os.path.join(tmp, "whole.jsonl")
        cut = os.path.join(tmp, "cut.jsonl")
        w = run([t, "-q", "-o", whole])
        if w.returncode != 0:
            print("uninterrupted run failed: " + w.stderr)
            return 1
        total = len(canonical(whole))
        p = subprocess.Popen([ARB, "tournament", t, "-q", "-o", cut],
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        while p.poll() is None and (not os.path.exists(cut) or
                                    len(lines(cut)) - 1 < total // 4):
            time.sleep(0.005)
        p.send_signal(signal.SIGKILL)
        p.wait()
        if p.returncode != -signal.SIGKILL:
            print("the arbiter ended before SIGKILL (status %d)" %
                  p.returncode)
            return 1
        time.sleep(0.3)
        left = subprocess.run(["pgrep", "-f", tmp], capture_output=True,
                              text=True).stdout.split()
        if left:
            for pid in left:    # the ids found, none by name
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except (OSError, ValueError):
                    pass
            print("engines outlived the arbiter: " + " ".join(left))
            return 1
        # Cut the last finished line in its middle.
        data = open(cut, "rb").read()
        body = data.rstrip(b"\n")
        last = body.rfind(b"\n") + 1
        half = last + (len(body) - last) // 2
        with open(cut, "r+b") as f:
            f.truncate(half)
        kept = lines(cut)[:-1]		# the finished deals before the cut
        r = run([t, "-q", "--resume", cut, "-o", cut])
        if r.returncode != 0:
            print("resume failed: " + r.stderr)
            return 1
        if lines(cut)[:len(kept)] != kept:
            print("a finished deal was lost or rewritten by resume")
            return 1
        a, b = canonical(whole), canonical(cut)
        if len(b) != total or sorted(a) != sorted(b):
            print("resumed records hold %d deals, want %d" % (len(b),
                                                              total))
            return 1
        for k in a:
            if a[k] != b[k]:
                print("deal %d differs after resume" % k)
                return 1
        if r.stdout != w.stdout:
            print("resumed results differ:\n" + r.stdout + "\nwant:\n" +
                  w.stdout)
            return 1
        v = subprocess.run([ARB, "verify", cut], capture_output=True,
                           text=True)
        if v.returncode != 0:
            print("verify: " + v.stderr)
            return 1
    print("killed after %d of %d deals, cut mid-line; resumed run equals "
          "the whole run" % (len(kept), total))
    return 0


if __name__ == "__main__":
    sys.exit(main())
