#!/usr/bin/env python3
"""Bytes that are not UTF-8 (issue 21, item 7).

An engine name or an [engine NAME] section that is not UTF-8 is refused
at start-up in one line (file:line for the .ini), before any record; an
engine's lines that are not UTF-8 (tests/fixtures/badbot.c --mode latin1:
an info line, then an action with a Latin-1 byte) are kept in the
record's reason, evidence and info with the bad byte written \\xNN, so
that every failure has its reason and `show` reads every record.
"""
import json
import os
import subprocess
import sys
import tempfile

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.join(BUILD, "bezique-arbiter").encode()
ENG = os.path.join(BUILD, "bezique-engine").encode()
BAD = os.path.join(BUILD, "fixtures", "badbot").encode()


def run(args):
    p = subprocess.run([ARB] + args, capture_output=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def refused(rc, err, what):
    lines = err.strip().splitlines()
    if rc == 0 or len(lines) != 1 or b"caf\\xe9" not in err or \
            b"not UTF-8" not in err:
        return "%s: exit %d, %r (want one line naming caf\\xe9)" % (
            what, rc, err)
    return None


def names(tmp):
    rec = os.path.join(tmp, "n.jsonl").encode()
    rc, _, err = run([b"match", b"-e", ENG, b"--name", b"caf\xe9", b"-e",
                      ENG, b"-n", b"2", b"-q", b"-o", rec])
    why = refused(rc, err, "--name caf\\xe9")
    if why is None and os.path.exists(rec) and os.path.getsize(rec) > 0:
        why = "records written for a refused match"
    return why


def section(tmp):
    ini = os.path.join(tmp, "t.ini").encode()
    with open(ini, "wb") as f:
        f.write(b"[tournament]\nrounds = 1\n\n[engine b]\ncommand = %s\n"
                b"\n[engine caf\xe9]\ncommand = %s\n" % (ENG, ENG))
    rc, _, err = run([b"tournament", ini, b"-q"])
    why = refused(rc, err, "[engine caf\\xe9]")
    if why is None and not err.startswith(ini + b":7: "):
        why = "no file:line in %r" % err
    return why


def answers(tmp):
    rec = os.path.join(tmp, "a.jsonl")
    rc, _, err = run([b"match", b"-e", BAD + b" --mode latin1", b"--name",
                      b"bad", b"-e", ENG, b"--name", b"eng", b"-n", b"2",
                      b"-q", b"-o", rec.encode(), b"--cap", b"500"])
    if rc != 0:
        return "the match failed: %r" % err
    recs = [json.loads(x) for x in open(rec, encoding="utf-8")]
    if len(recs) != 2:
        return "%d records, not 2" % len(recs)
    for r in recs:
        if r["termination"] != "malformed" or \
                "caf\\xe9" not in r.get("reason", ""):
            return "deal %d: reason %r" % (r["deal"], r.get("reason"))
        if not any(e.endswith(" caf\\xe9") for e in r["evidence"]):
            return "deal %d: evidence %r" % (r["deal"], r["evidence"])
        if not any(a.get("info") == "info string caf\\xe9 au lait"
                   for a in r["actions"]):
            return "deal %d: info lines lost" % r["deal"]
    rc, out, err = run([b"show", rec.encode()])
    if rc != 0 or err or out.count(b"deal ended: malformed (unreadable "
                                   b"action 'caf\\xe9'") != 2:
        return "show: exit %d, %r" % (rc, err)
    rc, out, err = run([b"verify", rec.encode()])
    if rc != 0:
        return "verify: %r" % err
    return None


def main():
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for fn in (names, section, answers):
            why = fn(tmp)
            print("%-12s %s" % (fn.__name__, "ok" if why is None else
                                "FAILED: " + why))
            bad += why is not None
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
