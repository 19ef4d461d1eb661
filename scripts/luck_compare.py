#!/usr/bin/env python3
"""Compares two luck estimators on the same deals (doc/luck.md, "Measured").

    scripts/luck_compare.py A.luck.jsonl B.luck.jsonl [--engine NAME]
        [--bootstrap N] [--seed S]

A and B are `bezique-arbiter rate --luck-file` outputs of the same record
files, rated by two builds (two V); the records are read from the paths
the luck files name.  For each estimator it prints the interval ratio of
the score and of the game value (the adjusted figure's standard deviation
over the raw one's, over duplicate pairs where the records have them,
else over deals or games: what `rate` prints as "ratio"), and B's ratio
less A's with a 95% interval from resampling the units (the same units
for both, so the difference is far narrower than either ratio's own
spread).  The figures are NAME's (default: the first engine named).
"""
import argparse
import json
import math
import os
import random
import sys


def fail(msg):
    sys.exit(f"luck_compare.py: {msg}")


def read_jsonl(path):
    try:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    yield n, json.loads(line)
                except ValueError as e:
                    fail(f"{path}:{n}: not JSON ({e})")
    except OSError as e:
        fail(f"{path}: {e.strerror}")


def outcome(rec, where):
    """Seat 0's score (1, 0.5, 0) and game value: the game's where a
    record closes a game of several deals, else the deal's."""
    s = rec.get("series")
    r = s if isinstance(s, dict) and s.get("over") else rec.get("result")
    try:
        w, v = int(r["winner"]), int(r["value"])
    except (TypeError, KeyError, ValueError):
        fail(f"{where}: no result with a winner and a value")
    return (1.0, v) if w == 0 else (0.0, -v) if w == 1 else (0.5, 0)


def outcomes_of(paths, luckf):
    """Each record's result and series by file and line (only those are
    kept: a strong match's records are tens of kilobytes each)."""
    def small(r):
        return ({k: r.get(k) for k in ("result", "series")}
                if isinstance(r, dict) else {})
    for p in paths:
        if not os.path.exists(p):
            fail(f"{luckf}: its records {p} are not there (the path is as "
                 "rate was given it: run from where rate ran)")
    return {p: {n: small(r) for n, r in read_jsonl(p)} for p in paths}


def luck_lines(path):
    out = {}
    for n, x in read_jsonl(path):
        try:
            key = (x["file"], int(x["line"]))
            out[key] = (x["players"], x.get("pair"), float(x["luck_score"]),
                        float(x["luck_value"]))
        except (KeyError, TypeError, ValueError):
            fail(f"{path}:{n}: not a line of rate --luck-file")
    if not out:
        fail(f"{path}: no deals")
    return out


def units_of(a, b, recs, engine, names):
    """Per unit (pair or deal): raw score, raw value and each luck, all
    from engine's side, averaged over the unit's deals."""
    units = {}
    for key, (players, pair, ls, lv) in a.items():
        if key not in b:
            fail(f"{names[1]}: no line for {key[0]}:{key[1]}, "
                 f"which {names[0]} rates (not the same records)")
        out = recs[key[0]].get(key[1])
        if out is None:
            fail(f"{key[0]}:{key[1]}: no such record (the luck files are "
                 "of other records)")
        if engine not in players:
            fail(f"{key[0]}:{key[1]}: {engine} did not play this deal")
        sign = 1 if players[0] == engine else -1
        score, value = outcome(out, f"{key[0]}:{key[1]}")
        if sign < 0:
            score = 1 - score
        _, _, ls_b, lv_b = b[key]
        u = units.setdefault(pair if pair is not None else key, [])
        u.append((score, sign * value, sign * ls, sign * lv, sign * ls_b,
                  sign * lv_b))
    if len(b) != len(a):
        fail(f"{names[1]}: {len(b)} lines against {len(a)} in {names[0]} "
             "(not the same records)")
    paired = any(len(u) > 1 for u in units.values())
    return [tuple(sum(c) / len(u) for c in zip(*u))
            for u in units.values()], paired


def ratios(units, idx):
    """(score, value) interval ratios of A and B over units[idx]."""
    n = len(idx)
    sums = [0.0] * 6
    sq = [0.0] * 6
    for i in idx:
        s, v, las, lav, lbs, lbv = units[i]
        col = (s, v, s - las, v - lav, s - lbs, v - lbv)
        for k in range(6):
            sums[k] += col[k]
            sq[k] += col[k] * col[k]
    var = [max(sq[k] - sums[k] * sums[k] / n, 0.0) for k in range(6)]
    def r(k, raw):
        return math.sqrt(var[k] / var[raw]) if var[raw] > 0 else float("nan")
    return (r(2, 0), r(3, 1)), (r(4, 0), r(5, 1))


def main():
    ap = argparse.ArgumentParser(
        description="two luck estimators' interval ratios on the same deals")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--engine")
    ap.add_argument("--bootstrap", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    o = ap.parse_args()
    if o.bootstrap < 0:
        fail("--bootstrap wants a number of 0 or more")
    a, b = luck_lines(o.a), luck_lines(o.b)
    recs = outcomes_of(sorted({k[0] for k in a}), o.a)
    engine = o.engine or next(iter(a.values()))[0][0]
    units, paired = units_of(a, b, recs, engine, (o.a, o.b))
    if len(units) < 2:
        fail("fewer than two units: no interval")
    (sa, va), (sb, vb) = ratios(units, range(len(units)))
    print(f"{len(units)} {'duplicate pairs' if paired else 'deals (games)'}"
          f", {engine}'s figures")
    print(f"{'':<8}{'score ratio':>12}{'value ratio':>13}")
    print(f"{'A':<8}{sa:>12.4f}{va:>13.4f}   {o.a}")
    print(f"{'B':<8}{sb:>12.4f}{vb:>13.4f}   {o.b}")
    line = f"{'B - A':<8}{sb - sa:>+12.4f}{vb - va:>+13.4f}"
    if o.bootstrap > 0:
        rng = random.Random(o.seed)
        n = len(units)
        d = []
        for _ in range(o.bootstrap):
            idx = [rng.randrange(n) for _ in range(n)]
            (xa, ya), (xb, yb) = ratios(units, idx)
            d.append((xb - xa, yb - ya))
        lo = int(0.025 * len(d))
        hi = max(int(math.ceil(0.975 * len(d))) - 1, lo)
        ds = sorted(t[0] for t in d)
        dv = sorted(t[1] for t in d)
        line += (f"   95%: score [{ds[lo]:+.4f}, {ds[hi]:+.4f}], "
                 f"value [{dv[lo]:+.4f}, {dv[hi]:+.4f}] "
                 f"({o.bootstrap} resamples)")
    print(line)


if __name__ == "__main__":
    main()
