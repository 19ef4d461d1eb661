#!/usr/bin/env python3
"""Information-leak audit: nothing sent to a seat names a card it may not see.

A spy bot (badbot --mode good --spy FILE) plays many seeded deals against
the random engine and logs every line it receives.  For each line:
- `event deal` is the spy's own seat;
- `event draw` of the other seat never names the card (`card=??`);
- the view in each `go` is the spy's seat, has no `stockcards`, and shows
  of the other hand only `??` or cards shown by carte blanche (listed as
  the other seat's carte-blanche entries in `decls`).
The last card the other seat drew (`drawn`) is shown only if carte
blanche showed it.  The deck in `gameover` is allowed: the deal is over.

    leak_audit.py [DEALS]	(default: $LEAK_DEALS, else 200 for make test)
"""
import os
import subprocess
import sys
import tempfile

import enginelog

BUILD = os.environ.get("BUILD", "build")
DEALS = int(sys.argv[1]) if len(sys.argv) > 1 else \
    int(os.environ.get("LEAK_DEALS", "200"))


def fields(text):
    out = {}
    for tok in text.split():
        k, _, v = tok.partition("=")
        out[k] = v
    return out


def audit_view(view, seat, where):
    f = fields(view)
    if f.get("seat") != str(seat):
        return "%s: view of seat %s sent to seat %d" % (where, f.get("seat"),
                                                       seat)
    if "stockcards" in f:
        return "%s: the stock order was sent" % where
    other = 1 - seat
    shown = set()
    if f.get("decls", "-") != "-":
        for d in f["decls"].split(","):
            s, combo, cards, _ = d.split(":")
            if combo == "carte-blanche" and int(s) == other:
                shown.update(cards.split("+"))
    for card in f.get("hand%d" % other, "-").split(","):
        if card not in ("??", "-") and card not in shown:
            return "%s: opponent's concealed %s revealed" % (where, card)
    drawn = f.get("drawn", "-,-").split(",")
    if len(drawn) != 2:
        return "%s: drawn= has %d seats" % (where, len(drawn))
    if drawn[other] != "-" and drawn[other] not in shown:
        return "%s: opponent's drawn %s revealed" % (where, drawn[other])
    return None


def audit(path):
    seat = None
    views = 0
    for n, line in enumerate(enginelog.lines(path), 1):
        line = line.rstrip("\n")
        where = "%s:%d" % (path, n)
        words = line.split()
        if not words:
            continue
        if words[0] == "newgame":
            seat = int(fields(line)["seat"])
        elif words[:2] == ["event", "deal"]:
            if fields(line)["seat"] != str(seat):
                return "%s: another seat's hand dealt to us" % where
        elif words[:2] == ["event", "draw"]:
            f = fields(line)
            if f["seat"] != str(seat) and f["card"] != "??":
                return "%s: the other seat's draw was named" % where
        elif words[0] == "go":
            views += 1
            err = audit_view(line.split(" view ", 1)[1], seat, where)
            if err:
                return err
    return None if views > 0 else "no request was seen"


def main():
    with tempfile.TemporaryDirectory() as tmp:
        spy = os.path.join(tmp, "spy.log")
        cmd = [os.path.join(BUILD, "bezique-arbiter"), "match",
               # logged through its stderr: it writes no file of its own
               "-e", "%s/fixtures/badbot --mode good --spy -" % BUILD,
               "--name", "spy", "--stderr", spy,
               "-e", "%s/bezique-engine --level random" % BUILD,
               "--name", "random", "-n", str(DEALS), "--seed", "4242",
               "-c", "1", "-q", "-o", os.path.join(tmp, "r.jsonl")]
        # one spy process: one log in order
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=max(600, DEALS))
        if p.returncode != 0:
            print("match failed: " + p.stderr)
            return 1
        err = audit(spy)
        lines = sum(1 for _ in open(spy))
    if err:
        print("LEAK: " + err)
        return 1
    print("%d deals, %d lines sent to the spy: no leak" % (DEALS, lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
