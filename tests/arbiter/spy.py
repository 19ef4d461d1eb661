#!/usr/bin/env python3
"""No seat learns a deck that is still to be played (README.md,
"Reliability").  Spy engines (tests/fixtures/spy.py) log every line each
of their processes receives; the records say which deck (seed) each deal
used.  A process that sees a deal must not have seen, before it, another
deal of the same deck (it would know the other seat's hand and the
stock), nor a gameover's deck= of it.  Checked for a duplicate match, a
round robin (common deals across pairings), two-hand's games of several
deals and three-hand's rotations; with --reuse-engines the check must
find the leak (the test can fail)."""
import collections
import json
import os
import subprocess
import sys
import tempfile

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.join(BUILD, "bezique-arbiter")
SPY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                   "fixtures", "spy.py")


def fields(words):
    return dict(w.split("=", 1) for w in words if "=" in w)


def deals_by_process(log):
    """pid -> [(game, hand, deck revealed at its end or None)] in order."""
    seen = collections.defaultdict(list)
    for line in open(log, encoding="utf-8"):
        pid, _, text = line.rstrip("\n").partition(" ")
        words = text.split()
        if not words:
            continue
        f = fields(words[1:])
        if words[0] == "newgame":
            seen[pid].append([int(f["deal"]), int(f["hand"]), None])
        elif words[0] == "gameover" and "deck" in f and seen[pid]:
            seen[pid][-1][2] = f["deck"]
    return seen


def decks(records):
    """(game, hand) -> (seed, deck) from a records file."""
    out = {}
    for line in open(records, encoding="utf-8"):
        r = json.loads(line)
        hand = r.get("series", {}).get("hand", 0)
        out[(r["deal"], hand)] = (r["seed"], ",".join(r["deck"])
                                  if isinstance(r["deck"], list)
                                  else r["deck"])
    return out


def leaks(log, records):
    """Deals some process played knowing their deck; and deck= lines."""
    deck_of = decks(records)
    found, shown = [], 0
    for pid, deals in deals_by_process(log).items():
        seeds, cards = set(), set()
        for game, hand, revealed in deals:
            seed, deck = deck_of[(game, hand)]
            if seed in seeds or deck in cards:
                found.append((pid, game, hand))
            seeds.add(seed)
            if revealed:
                shown += 1
                cards.add(revealed)
    return found, shown


def run(tmp, tag, args, players=2, ini=None, other=None):
    log = os.path.join(tmp, tag + ".log")
    rec = os.path.join(tmp, tag + ".jsonl")
    if ini is None:
        cmd = [ARB, "match", "-q", "-o", rec] + args
        for i in range(players):
            # Logged through the engine's stderr: the sandbox lets it
            # write no file.
            engine = "python3 %s - spy%d" % (SPY, i)
            if other and i == players - 1:
                engine = other
            cmd += ["-e", engine, "--name", "spy%d" % i, "--stderr", log]
    else:
        path = os.path.join(tmp, tag + ".ini")
        with open(path, "w") as f:
            f.write(ini.format(rec=rec))
            for i in range(3):
                f.write("[engine spy%d]\ncommand = python3 %s - spy%d\n"
                        "stderr = %s\n" % (i, SPY, i, log))
        cmd = [ARB, "tournament", path, "-q"] + args
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, timeout=300)
    if p.returncode != 0 and not (other and p.returncode == 3):
        sys.exit("%s: %s exited %d: %s" % (tag, cmd, p.returncode, p.stderr))
    return leaks(log, rec)


TOURNAMENT = """[tournament]
format = round-robin
rounds = 1
seed = 5
concurrency = 2
records = {rec}
"""


def main():
    tmp = tempfile.mkdtemp()
    cases = [
        ("match", ["-n", "6", "--seed", "3"], 2, None),
        ("match-2", ["-n", "6", "--concurrency", "2", "--seed", "3"], 2,
         None),
        ("nodup", ["--no-duplicate", "-n", "6", "--seed", "3"], 2, None),
        ("roundrobin", [], 3, TOURNAMENT),
        ("roundrobin-nodup", ["--no-duplicate"], 3, TOURNAMENT),
        ("two-hand", ["--variant", "two-hand", "-n", "2", "--seed", "4"],
         2, None),
        ("three-hand", ["--variant", "three-hand", "-n", "3", "--seed",
                        "4"], 3, None),
    ]
    bad = 0
    for tag, args, players, ini in cases:
        found, shown = run(tmp, tag, args, players, ini)
        if found or (shown and tag != "nodup"):
            print("%s: %d deals played by a process that knew their deck "
                  "(%s), %d decks shown" % (tag, len(found), found[:3],
                                             shown))
            bad += 1
        if tag == "nodup" and not shown:
            print("nodup: a deck played once is not shown at its end")
            bad += 1
    # A voided deal is dealt again: neither its deck nor the processes
    # that saw part of it may reach the replay (a deck played once is
    # otherwise shown, and processes kept, without duplicates).
    crasher = "%s --mode crash --after 3" % os.path.join(BUILD, "fixtures",
                                                          "badbot")
    found, shown = run(tmp, "void", ["--no-duplicate", "-n", "2",
                                     "--on-failure", "void"], other=crasher)
    if found:
        print("void: %d deals replayed by a process that saw them (%s)"
              % (len(found), found[:3]))
        bad += 1
    # The opt-out for trusted engines keeps processes: the check sees it.
    found, _ = run(tmp, "reuse", ["-n", "4", "--reuse-engines"])
    if not found:
        print("--reuse-engines: the spy check found no process that "
              "played a deck twice (the check cannot fail?)")
        bad += 1
    sys.exit(1 if bad else 0)


main()
