#!/usr/bin/env python3
"""No seat learns a deck that is still to be played (doc/guarantees.md,
"No seat learns a deck").  Spy engines (tests/fixtures/spy.py) log every
line each of their processes receives, with the time; the records say which deck
(seed) each deal used.  A process that sees a deal must not have seen,
before it, another deal of the same deck (it would know the other seat's
hand and the stock), nor a gameover's deck= of it; and no two processes
dealt one deck may live at the same time, even one that lingers after
its quit (two copies of an engine could otherwise tell each other the
hands and the stock as they play).  Checked for a duplicate match
(--duplicate) at concurrency 1 and 3, processes playing several games (three each, and
renewed) and one each, a round robin (--common-deals across pairings),
two-hand's games of several deals and three-hand's rotations, and
the default (every deal a deck of its own, shown at its end); with
--reuse-engines the first check must find the leak, and the second must
find processes of one deck together where decks are not shared (the
tests can fail)."""
import atexit
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

import enginelog

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.join(BUILD, "bezique-arbiter")
SPY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                   "fixtures", "spy.py")


def fields(words):
    return dict(w.split("=", 1) for w in words if "=" in w)


def log_lines(log):
    """(pid, time, words) for each line of the spies' log."""
    for line in enginelog.lines(log, encoding="utf-8"):
        pid, when, text = line.rstrip("\n").split(" ", 2)
        yield pid, float(when), text.split()


def deals_by_process(log):
    """pid -> [(game, hand, deck revealed at its end or None)] in order."""
    seen = collections.defaultdict(list)
    for pid, _, words in log_lines(log):
        if not words:
            continue
        f = fields(words[1:])
        if words[0] == "newgame":
            seen[pid].append([int(f["deal"]), int(f["hand"]), None])
        elif words[0] == "gameover" and "deck" in f and seen[pid]:
            seen[pid][-1][2] = f["deck"]
    return seen


def decks(records):
    """(game, hand) -> (the deck's name: commit, round, hand; the deck)
    from a records file."""
    out = {}
    for line in open(records, encoding="utf-8"):
        r = json.loads(line)
        hand = r.get("series", {}).get("hand", 0)
        out[(r["deal"], hand)] = ((r["commit"], r["round"], r["hand"]),
                                  ",".join(r["deck"])
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


def lifetimes(log):
    """pid -> [first time, last time, games dealt to it]."""
    life = {}
    for pid, when, words in log_lines(log):
        span = life.setdefault(pid, [when, when, set()])
        span[1] = when
        if words and words[0] == "newgame":
            span[2].add(int(fields(words[1:])["deal"]))
    return life


def together(log, records):
    """Decks of which two deals were under way at once: two processes
    alive at the same time that were dealt two deals of one deck."""
    deck_of = decks(records)
    spans = [(first, last, {(deck_of[(g, 0)][0], g) for g in games})
             for first, last, games in lifetimes(log).values()]
    found = []
    for i, (a0, a1, da) in enumerate(spans):
        for b0, b1, db in spans[i + 1:]:
            if a0 < b1 and b0 < a1:
                found += [sa for sa, ga in da for sb, gb in db
                          if sa == sb and ga != gb]
    return found


def run(tmp, tag, args, players=2, ini=None, other=None, linger=0,
        think=0):
    log = os.path.join(tmp, tag + ".log")
    rec = os.path.join(tmp, tag + ".jsonl")
    if ini is None:
        cmd = [ARB, "match", "-q", "-o", rec] + args
        for i in range(players):
            # Logged through the engine's stderr: the sandbox lets it
            # write no file.
            engine = "python3 %s - spy%d %s %s" % (SPY, i, linger, think)
            if other and i == players - 1:
                engine = other
            cmd += ["-e", engine, "--name", "spy%d" % i, "--stderr", log]
    else:
        path = os.path.join(tmp, tag + ".ini")
        with open(path, "w") as f:
            f.write(ini.format(rec=rec))
            for i in range(3):
                f.write("[engine spy%d]\ncommand = python3 %s - spy%d %s\n"
                        "stderr = %s\n" % (i, SPY, i, linger, log))
        cmd = [ARB, "tournament", path, "-q"] + args
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, timeout=300)
    if p.returncode != 0 and not (other and p.returncode == 3):
        sys.exit("%s: %s exited %d: %s" % (tag, cmd, p.returncode, p.stderr))
    most = max([len(g) for _, _, g in lifetimes(log).values()] or [0])
    return leaks(log, rec) + (together(log, rec), most)


TOURNAMENT = """[tournament]
format = round-robin
rounds = 1
seed = 5
concurrency = 2
records = {rec}
"""


def main():
    tmp = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    # Decks dealt more than once only where asked (--duplicate,
    # --common-deals): the guard's cases; the default deals each deck
    # once and shows it at the end.
    dup = ["--duplicate"]
    cases = [
        ("match", dup + ["-n", "6", "--seed", "3"], 2, None, 0),
        ("match-3", dup + ["-n", "6", "--concurrency", "3", "--seed", "3"],
         2, None, 0.3),
        ("several", dup + ["-n", "24", "--concurrency", "2", "--seed", "5",
                           "--games-per-process", "3"], 2, None, 0.2),
        ("one-each", dup + ["-n", "6", "--concurrency", "2", "--seed", "5",
                            "--games-per-process", "1"], 2, None, 0),
        ("nodup", ["--no-duplicate", "-n", "6", "--seed", "3"], 2, None,
         0),
        ("default", ["-n", "6", "--seed", "3"], 2, None, 0),
        ("roundrobin", dup + ["--common-deals"], 3, TOURNAMENT, 0.2),
        ("roundrobin-nodup", ["--common-deals"], 3, TOURNAMENT, 0),
        ("single-decks", [], 3, TOURNAMENT, 0),
        ("two-hand", dup + ["--variant", "two-hand", "-n", "2", "--seed",
                            "4", "--concurrency", "2"], 2, None, 0.2),
        ("three-hand", dup + ["--variant", "three-hand", "-n", "3",
                              "--seed", "4", "--concurrency", "3"], 3, None,
         0.2),
        ("three-hand-once", ["--variant", "three-hand", "-n", "3",
                             "--seed", "4", "--concurrency", "3"], 3, None,
         0),
    ]
    bad = 0
    for tag, args, players, ini, linger in cases:
        found, shown, met, most = run(tmp, tag, args, players, ini,
                                      linger=linger)
        # A process plays several games, of decks it never meets again,
        # unless told to play one.
        if most != (1 if tag == "one-each" else most) or (
                tag in ("several", "match") and most < 2):
            print("%s: a process played at most %d games" % (tag, most))
            bad += 1
        # No deck repeats: one process an engine plays the whole run.
        if tag == "default" and most != 6:
            print("default: a process played %d games of 6, not all"
                  % most)
            bad += 1
        once = tag in ("nodup", "default", "single-decks",
                       "three-hand-once")
        if found or (shown and not once):
            print("%s: %d deals played by a process that knew their deck "
                  "(%s), %d decks shown" % (tag, len(found), found[:3],
                                             shown))
            bad += 1
        if once and not shown:
            print("%s: a deck played once is not shown at its end" % tag)
            bad += 1
        if met:
            print("%s: %d times two processes dealt one deck lived at "
                  "once (deck %s)" % (tag, len(met), met[0]))
            bad += 1
    # An engine slow to play beside its start-up (100 ms an action, some
    # 60 a game) gets a process a game (bot_worn: its games took 20
    # times its start), though two decks would let one play two.  At 10
    # ms an action a loaded machine's slow Python start-up (over 30 ms)
    # let a process play two; at 40 ms one of over 120 ms did (beside
    # another test and a match).  At 100 ms it takes one of 300 ms.
    found, _, met, most = run(tmp, "slow", dup + ["-n", "2", "--seed", "3"],
                              think=0.1)
    if found or met or most != 1:
        print("slow: a process played %d games (%d leaks, %d met)"
              % (most, len(found), len(met)))
        bad += 1
    # A voided deal is dealt again: neither its deck nor the processes
    # that saw part of it may reach the replay (a deck played once is
    # otherwise shown, and processes kept, without duplicates).
    crasher = "%s --mode crash --after 3" % os.path.join(BUILD, "fixtures",
                                                          "badbot")
    found, shown, _, _ = run(tmp, "void", ["--no-duplicate", "-n", "2",
                                           "--on-failure", "void"],
                             other=crasher)
    if found:
        print("void: %d deals replayed by a process that saw them (%s)"
              % (len(found), found[:3]))
        bad += 1
    # The opt-out for trusted engines keeps processes (both checks see
    # it, the second at two tables at once).
    found, _, _, _ = run(tmp, "reuse", dup + ["-n", "4", "--reuse-engines"])
    _, _, met, _ = run(tmp, "reuse-2", dup + ["-n", "4", "--reuse-engines",
                                              "--concurrency", "2"])
    if not found:
        print("--reuse-engines: the spy check found no process that "
              "played a deck twice (the check cannot fail?)")
        bad += 1
    if not met:
        print("--reuse-engines: no two processes dealt one deck lived at "
              "once (the check cannot fail?)")
        bad += 1
    sys.exit(1 if bad else 0)


main()
