#!/usr/bin/env python3
"""Tournaments: a seeded tournament's records and table are identical run
to run; shards played apart and merged with `rate` give the whole run's
table (with duplicate and common deals); by default no deck is dealt
twice; a bad tournament file gets one line naming the file, line and
key.
"""
import json
import os
import subprocess
import sys
import tempfile

from recordlib import canonical

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.join(BUILD, "bezique-arbiter")

INI = """[tournament]
format = round-robin
rounds = 2
seed = 77
concurrency = 2

[engine greedy]
command = {b}/bezique-engine --level greedy

[engine random]
command = {b}/bezique-engine --level random
option.Seed = 3

[engine first]
command = {b}/fixtures/badbot --mode good
"""


def run(args):
    p = subprocess.run([ARB] + args, capture_output=True, text=True,
                       timeout=300)
    return p.returncode, p.stdout, p.stderr


def check(tmp):
    plain = os.path.join(tmp, "plain.ini")
    open(plain, "w").write(INI.format(b=BUILD))
    ini = os.path.join(tmp, "t.ini")
    open(ini, "w").write(INI.format(b=BUILD).replace(
        "concurrency = 2\n",
        "concurrency = 2\nduplicate = yes\ncommon_deals = yes\n"))
    tables = []
    for k in range(2):
        rec = os.path.join(tmp, "r%d.jsonl" % k)
        rc, out, err = run(["tournament", ini, "-o", rec, "-q"])
        if rc != 0:
            return "tournament failed: " + err
        tables.append(out)
    if len(canonical(os.path.join(tmp, "r0.jsonl"))) != 12:
        return "not 12 deals (3 pairings x 2 decks x 2 seats)"
    if canonical(os.path.join(tmp, "r0.jsonl")) != \
            canonical(os.path.join(tmp, "r1.jsonl")):
        return "records differ run to run"
    if tables[0] != tables[1]:
        return "tables differ run to run"
    shards = []
    for i in (1, 2):
        rec = os.path.join(tmp, "s%d.jsonl" % i)
        rc, _, err = run(["tournament", ini, "-o", rec, "-q",
                          "--shard", "%d/2" % i])
        if rc != 0:
            return "shard %d failed: %s" % (i, err)
        shards.append(rec)
    merged = {**canonical(shards[0]), **canonical(shards[1])}
    if merged != canonical(os.path.join(tmp, "r0.jsonl")):
        return "the shards together are not the whole tournament"
    _, whole, _ = run(["rate", os.path.join(tmp, "r0.jsonl")])
    _, parts, _ = run(["rate"] + shards)
    if whole != parts:
        return "rate of the shards differs from rate of the whole"
    # Cut after a few deals (as SIGKILL would, mid-line), then resume.
    cut = os.path.join(tmp, "cut.jsonl")
    lines = open(os.path.join(tmp, "r0.jsonl")).read().splitlines(True)
    with open(cut, "w") as f:
        f.writelines(lines[:5])
        f.write(lines[5][:40])
    rc, resumed, err = run(["tournament", ini, "--resume", cut, "-q"])
    if rc != 0 or canonical(cut) != canonical(os.path.join(tmp, "r0.jsonl")):
        return "resume did not give the whole tournament: " + err
    if resumed != tables[0]:
        return "the resumed table differs from the uninterrupted one"
    rc, anchored, _ = run(["tournament", ini, "-o", os.path.join(tmp,
                           "a.jsonl"), "-q", "--anchor", "random",
                           "--anchor-elo", "1000"])
    if rc != 0 or not any(l.split()[1:3] == ["random", "+1000"]
                          for l in anchored.splitlines() if l[:1].isdigit()):
        return "anchor not applied:\n" + anchored
    err = check_single_decks(tmp, plain)
    if err:
        return err
    bad = os.path.join(tmp, "bad.ini")
    open(bad, "w").write("[tournament]\nformat = round-robin\nrouds = 3\n")
    rc, _, err = run(["tournament", bad])
    if rc != 2 or err.strip() != bad + ":3: unknown key 'rouds' in " \
            "[tournament]":
        return "bad file: status %d, message %r" % (rc, err)
    return None


def seeds(path):
    """The deck of each deal, in deal order (records come as deals end)."""
    recs = [json.loads(l) for l in open(path)]
    return [r["seed"] for r in sorted(recs, key=lambda r: r["deal"])]


def check_single_decks(tmp, ini):
    """By default no deck is dealt twice (no keys, or duplicate = no and
    common_deals = no), the records rate, and a resume with the wrong
    flag is told which; with --common-deals alone the pairings of a round
    share its deck."""
    shared = os.path.join(tmp, "shared.jsonl")
    single = os.path.join(tmp, "single.jsonl")
    rc, _, err = run(["tournament", ini, "-o", shared, "-q",
                      "--common-deals"])
    if rc != 0 or len(set(seeds(shared))) != 2:
        return "--common-deals: not 2 decks for 6 deals: " + err
    if "common deals: each deck is dealt more than once" not in err:
        return "--common-deals: no line on what it allows: " + err
    rc, _, err = run(["tournament", ini, "-o", single, "-q"])
    if rc != 0 or len(seeds(single)) != 6 or len(set(seeds(single))) != 6:
        return "the default: not 6 decks for 6 deals: " + err
    if "dealt more than once" in err:
        return "the default warns of decks dealt twice: " + err
    keyed = os.path.join(tmp, "keyed.ini")
    with open(keyed, "w") as f:
        f.write(open(ini).read().replace(
            "concurrency = 2\n",
            "concurrency = 2\nduplicate = no\ncommon_deals = no\n"))
    rc, _, err = run(["tournament", keyed, "-o",
                      os.path.join(tmp, "keyed.jsonl"), "-q",
                      "--no-duplicate", "--no-common-deals"])
    if rc != 0 or seeds(os.path.join(tmp, "keyed.jsonl")) != seeds(single):
        return "common_deals = no in the file: not the default's deals: " + \
            err
    rc, _, err = run(["rate", single])
    if rc != 0:
        return "rate of a run without common deals: " + err
    rc, _, err = run(["tournament", ini, "--resume", single, "-q",
                      "--common-deals"])
    if rc == 0 or "(without --common-deals?)" not in err:
        return "resume with --common-deals: status %d, %r" % (rc, err)
    rc, _, err = run(["tournament", ini, "--resume", shared, "-q"])
    if rc == 0 or "--common-deals?)" not in err:
        return "resume without --common-deals: status %d, %r" % (rc, err)
    return None


def main():
    with tempfile.TemporaryDirectory() as tmp:
        err = check(tmp)
    print(err or "tournament: deterministic, shards merge, single decks, bad "
          "file named")
    return 1 if err else 0


if __name__ == "__main__":
    sys.exit(main())
