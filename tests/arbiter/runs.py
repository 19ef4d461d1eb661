#!/usr/bin/env python3
"""Runs that end whatever an engine does (doc/guarantees.md, "Every run ends"):

- --on-failure void replays a deal at most twice, records each voided
  attempt (marked "voided", counted as a failure, never as a result) and
  withdraws the engine at --max-failures; --resume counts the voids;
- a withdrawn engine's deals are not played, every other pairing is,
  the exit status is 3, and --resume keeps it withdrawn, in one line;
- with no clock a hung engine is a stall after --stall-timeout;
- the first SIGTERM waits for the deal in play, the second ends the run
  at once (engines killed, records kept), exit status 128 + signal.

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
BAD = os.path.join(BUILD, "fixtures", "badbot")
ENG = os.path.join(BUILD, "bezique-engine")


class Fail(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Fail(what)


def records(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def run(cmd, status, timeout=60):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Fail("did not end within %d s: %s" % (timeout, " ".join(cmd)))
    check(p.returncode == status, "exit status %d, not %d: %s" % (
        p.returncode, status, p.stderr.strip()))
    return p


def verify(path, n):
    p = run([ARB, "verify", path], 0)
    check(p.stdout.startswith("%d record%s verified, 0 bad" % (
        n, "" if n == 1 else "s")),
          "verify: " + p.stdout.strip())


def summary(path, tmp):
    """rate's figures by engine: deals, and failures as its table says."""
    out = os.path.join(tmp, "summary.json")
    table = run([ARB, "rate", path, "--summary", out, "--bootstrap", "0"],
                0).stdout.splitlines()
    with open(out) as f:
        engines = json.load(f)["engines"]
    for e in engines:
        e["deals"] = e["wins"] + e["losses"] + e["draws"]
        row = [l for l in table if l.split()[1:2] == [e["name"]]][0]
        e["failures"] = row.split("%")[-1].split(None, 3)[-1].strip()
    return {e["name"]: e for e in engines}


def void_match(rec, deals, extra=()):
    return [ARB, "match", "-e", BAD + " --mode crash --after 2", "--name",
            "bad", "-e", ENG + " --level random", "--name", "random",
            "-n", str(deals), "--seed", "3", "--cap", "500",
            "--on-failure", "void", "-q", "-o", rec] + list(extra)


def case_void_withdraws(tmp):
    """Two voids a deal, then a forfeit; withdrawn at 5 failures."""
    rec = os.path.join(tmp, "void.jsonl")
    t0 = time.monotonic()
    p = run(void_match(rec, 4), 3, timeout=30)
    rows = records(rec)
    voided = [r for r in rows if r.get("voided")]
    # The replay comes first; then the next deal (each a deck of its
    # own: no twin to keep from the random engine's process).
    attempts = [(r["deal"], bool(r.get("voided"))) for r in rows]
    check(attempts == [(1, True), (1, True), (1, False), (2, True),
                       (2, True)],
          "records %s" % [(r["deal"], r.get("voided")) for r in rows])
    for r in rows:
        seat = r["players"].index("bad")
        check(r["termination"] == "crash" and r["fault_seat"] == seat,
              "deal %d: %s by seat %s" % (r["deal"], r["termination"],
                                          r["fault_seat"]))
    check(all(r["evidence"] and r["reason"] for r in voided),
          "a voided attempt without its evidence")
    check("engine 'bad' withdrawn after 5 failures" in p.stderr,
          "no withdrawal line: " + p.stderr)
    verify(rec, 5)
    eng = summary(rec, tmp)
    check(eng["bad"]["deals"] == 1 and eng["random"]["deals"] == 1,
          "rate counts %d deals, not 1" % eng["bad"]["deals"])
    check(eng["bad"]["failures"] == "crash 5",
          "rate counts failures %s" % eng["bad"]["failures"])
    show = run([ARB, "show", rec], 0).stdout
    check(show.count("voided") == 4, "show marks %d voided attempts, not 4"
          % show.count("voided"))
    # Resumed, the engine stays withdrawn, in one line, and nothing
    # is played.
    p = run(void_match(rec, 4, ["--resume", rec]), 3, timeout=30)
    said = [l for l in p.stderr.splitlines() if "stays withdrawn" in l]
    check(len(said) == 1 and "'bad'" in said[0],
          "resume did not say the engine stays withdrawn: " + p.stderr)
    check(len(records(rec)) == 5, "resume played a withdrawn engine")
    return "%d records, 4 voided, ended in %.1f s" % (
        len(rows), time.monotonic() - t0)


def case_void_resume(tmp):
    """The replay limit alone; a resume counts the voids recorded."""
    whole = os.path.join(tmp, "whole.jsonl")
    cut = os.path.join(tmp, "cut.jsonl")
    more = ["--max-failures", "100"]
    run(void_match(whole, 2, more), 0, timeout=30)
    rows = records(whole)
    check(len(rows) == 6 and sum(bool(r.get("voided")) for r in rows) == 4,
          "%d records, not 2 voids and a forfeit a deal" % len(rows))
    eng = summary(whole, tmp)
    check(eng["bad"]["deals"] == 2 and eng["bad"]["failures"] ==
          "crash 6", "rate: %s" % eng["bad"])
    # Stopped after deal 0's two voids: resumed, deal 0 is a forfeit at
    # once and the file ends as the whole run's.
    with open(whole) as f, open(cut, "w") as g:
        g.writelines(f.readlines()[:2])
    run(void_match(cut, 2, more + ["--resume", cut]), 0, timeout=30)
    got = [(r["deal"], bool(r.get("voided"))) for r in records(cut)]
    want = [(r["deal"], bool(r.get("voided"))) for r in rows]
    check(got == want, "resumed %s, not %s" % (got, want))
    verify(cut, 6)
    return "2 voids and a forfeit a deal, resumed alike"


def case_tournament_withdrawal(tmp):
    """A crasher withdrawn; every other pairing plays to the end."""
    ini = os.path.join(tmp, "t.ini")
    rec = os.path.join(tmp, "t.jsonl")
    with open(ini, "w") as f:
        # No clock: the stall guard of the file bounds each decision.
        f.write("[tournament]\nrounds = 8\nseed = 5\ntime = 0\n"
                "stall_timeout = 5000\n"
                "[engine crasher]\ncommand = %s --mode crash --after 2\n"
                "[engine greedy]\ncommand = %s --level greedy\n"
                "[engine random]\ncommand = %s --level random\n"
                % (BAD, ENG, ENG))
    p = run([ARB, "tournament", ini, "-o", rec, "-q"], 3)
    check("engine 'crasher' withdrawn after 5 failures" in p.stderr,
          "no withdrawal line: " + p.stderr)
    rows = records(rec)
    others = [r for r in rows if "crasher" not in r["players"]]
    check(len(others) == 8, "greedy vs random: %d of 8 deals" % len(others))
    check(sorted(r["deal"] for r in others) ==
          sorted(set(r["deal"] for r in others)), "a deal twice")
    crasher = [r for r in rows if "crasher" in r["players"]]
    check(len(crasher) == 5 and all(r["termination"] == "crash"
                                    for r in crasher),
          "the crasher played %d deals, not its 5 failures" % len(crasher))
    verify(rec, 13)
    p = run([ARB, "tournament", ini, "--resume", rec, "-q"], 3)
    said = [l for l in p.stderr.splitlines() if "stays withdrawn" in l]
    check(len(said) == 1 and "'crasher'" in said[0],
          "resume did not keep the crasher withdrawn: " + p.stderr)
    check(len(records(rec)) == 13, "resume played the withdrawn engine")
    return "13 of 24 deals, the 11 of the crasher left"


def case_forged_voids(tmp):
    """A "voided" mark that is not true/false, or on a deal that ended
    normally, is refused (the files of the cases above)."""
    bad = os.path.join(tmp, "forged.jsonl")
    voided = records(os.path.join(tmp, "void.jsonl"))[0]
    normal = [r for r in records(os.path.join(tmp, "t.jsonl"))
              if r["termination"] == "normal"][0]
    for row, why in ((dict(voided, voided="yes"), "voided: not true or "
                      "false"), (dict(normal, voided=True), "a voided "
                      "attempt without a failure")):
        with open(bad, "w") as f:
            f.write(json.dumps(row) + "\n")
        p = run([ARB, "verify", bad], 1)
        check(why in p.stderr, "verify did not say '%s': %s" % (
            why, p.stderr.strip()))
    return "both refused"


def case_stall(tmp):
    """No clock: a hung engine is a stall after --stall-timeout."""
    rec = os.path.join(tmp, "stall.jsonl")
    run([ARB, "match", "-e", BAD + " --mode hang", "--name", "bad", "-e",
         ENG + " --level random", "-n", "2", "--time", "0",
         "--stall-timeout", "300", "-q", "-o", rec], 0, timeout=30)
    rows = records(rec)
    check(len(rows) == 2 and all(r["termination"] == "stall" and
                                 r["fault_seat"] == r["players"].index("bad")
                                 for r in rows),
          "records %s" % [(r["termination"], r["reason"]) for r in rows])
    verify(rec, 2)
    return rows[0]["reason"]


def leftovers(tag):
    out = subprocess.run(["pgrep", "-f", tag], capture_output=True,
                         text=True).stdout.split()
    return [p for p in out if int(p) != os.getpid()]


def case_two_signals(tmp):
    """SIGTERM waits for the hung deal; a second one ends the run."""
    rec = os.path.join(tmp, "sig.jsonl")
    tag = "--mode hang --after 100"
    p = subprocess.Popen([ARB, "match", "-e", BAD + " " + tag, "--name",
                          "bad", "-e", ENG + " --level random", "-n", "6",
                          "--time", "0", "-q", "-o", rec,
                          # one process across deals: it hangs in the
                          # second, after a deal is recorded
                          "--reuse-engines"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    try:
        deadline = time.monotonic() + 30
        while (not os.path.exists(rec) or os.path.getsize(rec) == 0) and \
                time.monotonic() < deadline and p.poll() is None:
            time.sleep(0.02)
        time.sleep(0.3)		# into the deal that hangs
        p.send_signal(signal.SIGTERM)
        time.sleep(1)
        check(p.poll() is None, "the first SIGTERM did not wait for the "
              "deal in play")
        p.send_signal(signal.SIGTERM)
        t0 = time.monotonic()
        try:
            err = p.communicate(timeout=10)[1]
        except subprocess.TimeoutExpired:
            raise Fail("no exit within 10 s of the second SIGTERM")
        secs = time.monotonic() - t0
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    check(p.returncode == 128 + signal.SIGTERM, "exit status %d, not %d" %
          (p.returncode, 128 + signal.SIGTERM))
    check("--resume" in err, "no resume hint: " + err)
    n = len(records(rec))
    check(n >= 1, "the deal played before the signals was lost")
    verify(rec, n)
    time.sleep(0.2)
    left = leftovers(tag)
    if left:
        for pid in left:    # the ids found, none by name
            try:
                os.kill(int(pid), signal.SIGKILL)
            except (OSError, ValueError):
                pass
        raise Fail("engines left behind: " + " ".join(left))
    return "%d record(s) kept, ended %.2f s after the second" % (n, secs)


def main():
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for case in (case_void_withdraws, case_void_resume,
                     case_tournament_withdrawal, case_forged_voids,
                     case_stall,
                     case_two_signals):
            name = case.__name__[5:]
            try:
                print("%-22s ok: %s" % (name, case(tmp)))
            except Fail as e:
                failed += 1
                print("%-22s FAILED: %s" % (name, e))
            sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
