#!/usr/bin/env python3
"""Records of games of several deals (series.sh, three_hand.sh).

series_key.py FILE: prints, sorted, what identifies each deal: game,
deal in the game, its deck (commit, round, hand), dealer, players, totals after it and whether it
ended the game.  Two runs that played the same deals print the same
lines, timings and the order deals finished in aside.

series_key.py --chain FILE GAMES: checks that FILE holds games 1 ..
GAMES, each deal k of a game following deal k-1 (its "before" is the
totals after k-1) and only the last deal ending it."""
import json
import sys


def key(path):
    rows = []
    for line in open(path):
        r = json.loads(line)
        s = r["series"]
        rows.append("%d %d %s %d %s %s %s" % (
            r["deal"], s["hand"], (r["commit"], r["round"], r["hand"]),
            r["dealer"], r["players"],
            s["totals"], s["over"]))
    print("\n".join(sorted(rows)))


def chain(path, ngames):
    games = {}
    for line in open(path):
        r = json.loads(line)
        games.setdefault(r["deal"], []).append(r["series"])
    assert sorted(games) == list(range(1, ngames + 1)), sorted(games)
    for g, deals in games.items():
        deals.sort(key=lambda s: s["hand"])
        assert [s["hand"] for s in deals] == list(range(len(deals))), g
        for a, b in zip(deals, deals[1:]):
            assert b["before"] == a["totals"] and not a["over"], (g, a, b)
        assert deals[-1]["over"], g


if sys.argv[1] == "--chain":
    chain(sys.argv[2], int(sys.argv[3]))
else:
    key(sys.argv[1])
