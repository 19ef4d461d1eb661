#!/usr/bin/env python3
"""A pool of one engine's scores, raw and adjusted, deal by deal.

    scripts/luck_pool.py RECORDS LUCK NAME > pool.txt

RECORDS is a match's records, LUCK the luck of its deals (`rate RECORDS
--luck-file LUCK`), NAME one of its two engines.  Each line of the
output is a deal: the engine's raw score (1, 1/2 or 0) and its adjusted
score (less its luck), in the records' order.  The SPRT's simulations
draw deals from such a pool (tests/arbiter/test_sprt_luck.c; the pool
of greedy against itself there is tests/fixtures/luck_pool_greedy.txt,
made as doc/luck.md says).
"""
import json
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: luck_pool.py RECORDS LUCK NAME")
    luck = {}
    for n, line in enumerate(open(sys.argv[2]), 1):
        d = json.loads(line)
        luck[d["deal"]] = d["luck_score"]
    name = sys.argv[3]
    for n, line in enumerate(open(sys.argv[1]), 1):
        r = json.loads(line)
        if r["deal"] not in luck:
            sys.exit("%s:%d: deal %d has no luck in %s" % (
                sys.argv[1], n, r["deal"], sys.argv[2]))
        if name not in r["players"]:
            sys.exit("%s:%d: no player %s" % (sys.argv[1], n, name))
        seat = r["players"].index(name)
        winner = r["result"]["winner"]
        score0 = 0.5 if winner is None else float(winner == 0)
        sign = 1 if seat == 0 else -1
        raw = score0 if seat == 0 else 1 - score0
        print("%g %.9f" % (raw, raw - sign * luck[r["deal"]]))


if __name__ == "__main__":
    main()
