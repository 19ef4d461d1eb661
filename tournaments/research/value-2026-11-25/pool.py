#!/usr/bin/env python3
# pool.py A1 B1 A2 B2 ...: bench_strength -o files compared pair by pair
# (B less A), the per-pair differences of every file pair pooled into one
# mean with a 95% interval (value-2026-11-25.md).
import sys, math
ds, dv = [], []
args = sys.argv[1:]
for a, b in zip(args[::2], args[1::2]):
    def load(f):
        d = {}
        for line in open(f).read().splitlines()[1:]:
            x = line.split('\t')
            d[x[0]] = ((float(x[1]) + float(x[2])) / 2, (float(x[3]) + float(x[4])) / 2)
        return d
    A, B = load(a), load(b)
    for k in A:
        if k in B:
            ds.append(B[k][0] - A[k][0]); dv.append(B[k][1] - A[k][1])
def ci(x):
    n = len(x); m = sum(x) / n
    s = math.sqrt(sum((y - m) ** 2 for y in x) / (n - 1))
    return m, 1.96 * s / math.sqrt(n)
m, h = ci(ds); mv, hv = ci(dv)
print("%d pairs (B less A): deals won %+.1f ± %.1f points, game value %+.0f ± %.0f a deal" % (len(ds), 100 * m, 100 * h, mv, hv))
