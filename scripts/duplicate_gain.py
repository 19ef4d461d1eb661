#!/usr/bin/env python3
"""How much the duplicate pairs narrow the intervals, from pairs files
(bench_strength -o: seed, score0, score1, value0, value1 a pair): the
variance of a deal's score (and game value) over two independent deals,
divided by its variance over the two deals of one pair.  1.5 means
duplicate deals need two thirds of the deals for the same interval.

    python3 scripts/duplicate_gain.py tournaments/research/*/*.tsv \
        tournaments/results/*/*.tsv
"""
import statistics
import sys


def gain(path):
    rows = [line.split("\t") for line in open(path).read().splitlines()[1:]
            if line.strip()]
    if len(rows) < 40:
        return None
    try:
        cols = [[float(r[i]) for r in rows] for i in range(1, 5)]
    except (ValueError, IndexError):
        return None
    out = []
    for a, b in (cols[0:2], cols[2:4]):
        paired = statistics.pvariance([(x + y) / 2 for x, y in zip(a, b)])
        if paired == 0:
            return None
        out.append(statistics.pvariance(a + b) / 2 / paired)
    return out


def main():
    gains = [g for g in map(gain, sys.argv[1:]) if g]
    if not gains:
        sys.exit("duplicate_gain: no pairs file of 40 pairs or more")
    for k, what in enumerate(("score", "game value")):
        g = sorted(x[k] for x in gains)
        print("%s: variance ratio median %.2f (from %.2f to %.2f) over %d "
              "files" % (what, statistics.median(g), g[0], g[-1], len(g)))


main()
