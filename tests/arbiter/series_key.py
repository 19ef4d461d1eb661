#!/usr/bin/env python3
"""Prints, sorted, what identifies each deal of a records file of games
of several deals (series.sh, three_hand.sh): game, deal in the game,
seed, dealer, players, totals after it and whether it ended the game.
Two runs that played the same deals print the same lines, timings and
the order deals finished in aside."""
import json
import sys

rows = []
for line in open(sys.argv[1]):
    r = json.loads(line)
    s = r["series"]
    rows.append("%d %d %s %d %s %s %s" % (r["deal"], s["hand"], r["seed"],
                r["dealer"], r["players"], s["totals"], s["over"]))
print("\n".join(sorted(rows)))
