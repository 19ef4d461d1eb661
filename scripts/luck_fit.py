#!/usr/bin/env python3
"""Fits the scales of V by band (engine/ai/luck.c's luck_scales).

    build/tools/luck_dump 20000 5000000 > dump.txt
    python3 scripts/luck_fit.py dump.txt

luck_dump prints, a deal a line, seat 0's score and game value and each
band's luck at scale 1.  The adjusted result is the result less the sum
of the bands' luck times their scales; least squares of the result on
the bands' columns (with an intercept) gives the scales that leave the
least variance.  Prints the table to paste and the interval ratio the
scales give on the fitting deals (the honest figure is measured on other
decks: scripts/luck_measure.sh).
"""
import math
import sys


def solve(a, b):
    """Gaussian elimination with partial pivoting: a x = b."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            m[c][c] = 1e-12
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(ys, xs):
    """Coefficients of y on [1] + x, ridge 1e-6 keeping empty bands 0."""
    rows = [[1.0] + x for x in xs]
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (1e-6 if i == j else 0)
          for j in range(k)] for i in range(k)]
    b = [sum(r[i] * y for r, y in zip(rows, ys)) for i in range(k)]
    return solve(a, b)


def sd(v):
    m = sum(v) / len(v)
    return math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: luck_fit.py DUMP")
    rows = [list(map(float, line.split())) for line in open(sys.argv[1])]
    if not rows:
        sys.exit(f"luck_fit.py: {sys.argv[1]}: no deals")
    bands = (len(rows[0]) - 2) // 2
    out = []
    for col in (0, 1):
        ys = [r[col] for r in rows]
        xs = [[r[2 + 2 * b + col] for b in range(bands)] for r in rows]
        c = fit(ys, xs)[1:]
        # A band with no luck at all (its outcome never varies) keeps 1.
        c = [v if any(x[b] for x in xs) else 1.0 for b, v in enumerate(c)]
        adj = [y - sum(ci * xi for ci, xi in zip(c, x))
               for y, x in zip(ys, xs)]
        print(f"{('score', 'value')[col]}: ratio {sd(adj) / sd(ys):.3f}"
              f" on {len(rows)} fitting deals", file=sys.stderr)
        out.append(c)
    print("static const double luck_scales[LUCK_BANDS][2] = {")
    for b in range(bands):
        v = out[1][b]
        print(f"\t{{ {out[0][b]:.3f}, {v:.0f} }}," if abs(v) >= 100 else
              f"\t{{ {out[0][b]:.3f}, {v:.3f} }},")
    print("};")


main()
