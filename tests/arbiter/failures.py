#!/usr/bin/env python3
"""The arbiter against misbehaving bots (tests/fixtures/badbot.c).

For each way a bot can fail: the deal is recorded with the right
termination and seat, the match goes on to its last deal, it ends in
bounded time with status 0, the records verify, and no bot process is
left behind.  Prints one line per case; exits 1 if any failed.
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
BAD = os.path.join(BUILD, "fixtures", "badbot")
ENGINE = os.path.join(BUILD, "bezique-engine") + " --level random"

# mode -> (termination expected in the records, extra arbiter flags)
CASES = {
    "good": ("normal", []),
    "crash-start": ("startup", []),
    "crash": ("crash", []),
    # A sanitizer's report of the fault, under load, can outlast the
    # 500 ms cap: the crash is what is tested, not the clock.
    "segv": ("crash", ["--cap", "5000"]),
    "hang": ("time", []),
    "late": ("time", []),
    "illegal": ("illegal", []),
    "garbage": ("malformed", []),
    "flood": ("overlong", []),
    # Its stdout is a socket of its own: closing it while running is a
    # crash at once, not a hang charged with time after the full limit.
    "close": ("crash", []),
    "noquit": ("time", []),
    "grandchild": ("crash", []),
    "stale": ("time", []),
    # A handshake without the engine's name or with another protocol
    # version: the engine cannot play (as check says).
    "noname": ("startup", []),
    "protocol99": ("startup", []),
    # Request ids are random: one guessed from the last is never the one
    # outstanding, so a bot cannot answer before it has read the request.
    "guess": ("time", []),
    # A child that leaves the bot's process group and session (setsid) is
    # killed all the same once the bot is gone (no process left behind).
    "escape": ("normal", []),
    # With --on-failure restart the deal survives: the engine is started
    # again and resumes from its seat view; the failure is an incident.
    "crash restart": ("normal", ["--on-failure", "restart"]),
    "illegal restart": ("normal", ["--on-failure", "restart"]),
}


def leftovers(tag):
    # "--": the tag starts with a dash, which pgrep took for an option
    # (and, failing, reported nothing left behind).
    out = subprocess.run(["pgrep", "-f", "--", tag], capture_output=True,
                         text=True).stdout.split()
    return [p for p in out if int(p) != os.getpid()]


def run_case(mode, want, extra, tmp):
    restart = mode.endswith(" restart")
    mode = mode.split()[0]
    rec = os.path.join(tmp, mode + ("-r" if restart else "") + ".jsonl")
    tag = "--after %d --mode %s" % (30 if restart else 2, mode)
    cmd = [ARB, "match", "-e", BAD + " " + tag, "--name", "badbot",
           "-e", ENGINE, "--name", "random", "-n", "2", "--seed", "7",
           "-o", rec, "--cap", "500", "--startup-timeout", "1000",
           "--quit-timeout", "300", "-q"] + extra
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "did not finish in 30 s"
    secs = time.monotonic() - t0
    if p.returncode != 0:
        return "exit status %d: %s" % (p.returncode, p.stderr.strip())
    lines = open(rec).read().splitlines()
    if len(lines) != 2:
        return "%d records, not 2 (the match did not go on)" % len(lines)
    for line in lines:
        r = json.loads(line)
        seat = r["players"].index("badbot")
        if r["termination"] != want:
            return "deal %d ended '%s' (%s), not '%s'" % (
                r["deal"], r["termination"], r["reason"], want)
        if want != "normal" and r["fault_seat"] != seat:
            return "fault seat %s, not badbot's %d" % (r["fault_seat"],
                                                      seat)
        if want != "normal" and r["result"]["winner"] == seat:
            return "the failing bot won the deal"
        if restart and not any(i["seat"] == seat and i["class"] == mode
                               for i in r.get("incidents", [])):
            return "deal %d: no %s incident recorded" % (r["deal"], mode)
    v = subprocess.run([ARB, "verify", rec], capture_output=True, text=True)
    if v.returncode != 0:
        return "verify failed: " + v.stderr.strip()
    time.sleep(0.2)
    left = leftovers(tag)
    if left:
        for pid in left:    # the ids found, none by name
            try:
                os.kill(int(pid), signal.SIGKILL)
            except (OSError, ValueError):
                pass
        return "processes left behind: " + " ".join(left)
    return "ok (%.1f s)" % secs


def main():
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for mode, (want, extra) in CASES.items():
            res = run_case(mode, want, extra, tmp)
            ok = res.startswith("ok")
            failed += not ok
            print("%-12s %s" % (mode, res))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
