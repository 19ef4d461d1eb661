#!/usr/bin/env python3
"""Arbiter records (match -o, duplicate deals) as a bench_strength -o
pairs file, for one player: each deck's seed, that player's score and
game value in the deal where it sat in seat 0 and in seat 1; then, on
standard error, its share of the deals won and game value a deal, each
with a 95% interval over the pairs.

    records_pairs.py PLAYER records.jsonl > pairs.tsv
"""
import json
import math
import sys


def main():
    player, path = sys.argv[1], sys.argv[2]
    pairs = {}
    for line in open(path):
        d = json.loads(line)
        if d.get("type") != "deal":
            continue
        seat = d["players"].index(player)
        res = d["result"]
        won = res["winner"]
        score = 0.5 if won is None or won < 0 else float(won == seat)
        value = 0 if won is None or won < 0 else \
            res["value"] if won == seat else -res["value"]
        pairs.setdefault(d["pair"], [d["seed"], {}])[1][seat] = \
            (score, value)
    print("seed\tscore0\tscore1\tvalue0\tvalue1")
    s, v = [], []
    for _, (seed, seats) in sorted(pairs.items()):
        if len(seats) != 2:
            continue
        print("%s\t%.2f\t%.2f\t%.0f\t%.0f" % (seed, seats[0][0],
              seats[1][0], seats[0][1], seats[1][1]))
        s.append((seats[0][0] + seats[1][0]) / 2)
        v.append((seats[0][1] + seats[1][1]) / 2)
    for name, x, k in (("deals won", s, 100), ("game value", v, 1)):
        m = sum(x) / len(x)
        h = 1.96 * math.sqrt(sum((y - m) ** 2 for y in x) /
                             (len(x) - 1) / len(x))
        print("%s: %s %.1f +- %.1f over %d pairs" % (player, name, k * m,
              k * h, len(x)), file=sys.stderr)


main()
