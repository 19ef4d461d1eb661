#!/usr/bin/env python3
"""`bezique-arbiter export`: a row per decision of every deal that ended
normally: the mover's own view (the other hand hidden), the legal list
holding the action taken, the outcome from the mover's side; --player
keeps one player's rows, --all keeps forfeited deals, and a line that is
not a record is named with its file and line."""
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.join(BUILD, "bezique-arbiter")
ENG = os.path.join(BUILD, "bezique-engine")
BAD = os.path.join(BUILD, "fixtures", "badbot")


def run(args, ok=(0,)):
    p = subprocess.run([ARB] + args, capture_output=True, text=True,
                       timeout=120)
    if p.returncode not in ok:
        sys.exit("%s: exit %d: %s" % (args, p.returncode, p.stderr))
    return p


def rows(args):
    return [json.loads(l) for l in run(["export"] + args).stdout.splitlines()]


def shown_by_carte_blanche(view, seat):
    """A carte blanche is shown to the other player (doc/rules.md), and
    so is each card drawn and shown after it to score again: then the
    hand may be in the view, but only cards of those declarations."""
    fields = dict(f.split("=", 1) for f in view.split()[1:] if "=" in f)
    shown = fields.get("hand%d" % seat, "").split(",")
    cards = set()
    for d in fields.get("decls", "-").split(","):
        parts = d.split(":")
        if len(parts) >= 3 and parts[0] == str(seat) and \
                parts[1] == "carte-blanche":
            cards |= set(parts[2].split("+"))
    return bool(cards) and set(shown) <= cards | {"??"}


def main():
    tmp = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    rec = os.path.join(tmp, "m.jsonl")
    # This seed deals a carte blanche (found with bots/lib/python's
    # deal_deck), so the check below meets it.
    run(["match", "-e", ENG + " --level greedy", "--name", "g", "-e",
         ENG + " --level random", "--name", "r", "-n", "4", "-q", "-o", rec,
         "--seed", "carte blanche 24"])
    records = [json.loads(l) for l in open(rec)]
    by_deal = {r["deal"]: r for r in records}
    every = rows([rec])
    shown = 0
    assert len(every) == sum(len(r["actions"]) for r in records), \
        "a row per action"
    for x in every:
        assert x["action"] in x["legal"], x
        other = 1 - x["seat"]
        assert "hand%d=??" % other in x["view"] or \
            "hand%d=-" % other in x["view"] or \
            shown_by_carte_blanche(x["view"], other), "the other hand shows"
        assert " seat=%d " % x["seat"] in x["view"], x["view"][:80]
        shown += shown_by_carte_blanche(x["view"], other)
        r = by_deal[x["deal"]]
        assert x["player"] == r["players"][x["seat"]]
        w, v = r["result"]["winner"], r["result"]["value"]
        want = 0 if w < 0 else (v if w == x["seat"] else -v)
        assert x["outcome"]["for_seat"] == want, x["outcome"]
    assert shown, "no view showed a carte blanche (its seed should)"
    g, r_ = rows(["--player", "g", rec]), rows(["--player", "r", rec])
    assert g and r_ and len(g) + len(r_) == len(every)
    assert all(x["player"] == "g" for x in g)

    # A forfeited deal teaches nothing about play: skipped unless --all.
    bad = os.path.join(tmp, "bad.jsonl")
    run(["match", "-e", BAD + " --mode crash --after 3", "--name", "c",
         "-e", ENG + " --level random", "--name", "r", "-n", "2", "-q",
         "-o", bad])
    p = run(["export", bad])
    assert p.stdout == "" and "2 deals that did not end normally" in \
        p.stderr, p.stderr
    assert rows(["--all", bad]), "--all keeps forfeited deals"

    # Not a record: file and line named, status 1.
    broken = os.path.join(tmp, "broken.jsonl")
    with open(broken, "w") as f:
        f.write(open(rec).readline())
        f.write("{\"type\": \"deal\"\n")
    p = run(["export", broken], ok=(1,))
    assert p.stderr.count("\n") == 2 and "broken.jsonl:2: " in p.stderr, \
        p.stderr
    print("export: %d rows, filters, forfeits and errors as documented"
          % len(every))


main()
