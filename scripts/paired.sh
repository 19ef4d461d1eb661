#!/bin/sh
# paired.sh: two bench_strength -o files of the same seeds compared pair
# by pair: the mean difference (B less A) of strong's share of the deals
# won and of its game value a deal, each with a 95% interval over the
# pairs.  Pairs present in only one file are left out (and counted).
# With one file, that run's own figures, as bench_strength printed them:
# so runs of one setting on consecutive seeds can be joined and read as
# one (tournaments/results/time-scaling.md).
#
#	scripts/paired.sh [A.tsv] B.tsv
set -eu
[ $# -eq 1 ] || [ $# -eq 2 ] || {
	echo "usage: scripts/paired.sh [A.tsv] B.tsv" >&2; exit 2; }
for f in "$@"; do
	head -n 1 "$f" | grep -q '^seed	score0' || { echo "paired.sh: $f:1:" \
	    "not a bench_strength -o file" >&2; exit 1; }
done
awk -F '\t' '
	function mean(row, first, n,   s, k) {
		s = 0
		for (k = 0; k < n; k++)
			s += row[first + k]
		return s / n
	}
	FNR == 1 { seats = NF == 7 ? 3 : 2; file++; next }
	{
		split($0, f, "\t")
		sc[0] = f[2]; sc[1] = f[3]; va[0] = f[4]; va[1] = f[5]
		if (seats == 3) { sc[2] = f[6]; va[2] = f[7] }
		s = 0; v = 0
		for (k = 0; k < seats; k++) { s += sc[k]; v += va[k] }
		if (file == 1) { a_s[$1] = s / seats; a_v[$1] = v / seats; next }
		if (!($1 in a_s)) { only++; next }
		ds = s / seats - a_s[$1]; dv = v / seats - a_v[$1]
		n++; ss += ds; sss += ds * ds; sv += dv; svv += dv * dv
		seen[$1] = 1
	}
	END {
		if (file == 1) { alone(); exit }
		for (k in a_s) if (!(k in seen)) only++
		if (n < 2) { print "paired.sh: fewer than two common pairs" > "/dev/stderr"; exit 1 }
		ms = ss / n; mv = sv / n
		hs = 1.96 * sqrt((sss / n - ms * ms) * n / (n - 1) / n)
		hv = 1.96 * sqrt((svv / n - mv * mv) * n / (n - 1) / n)
		printf "%d pairs (B less A): deals won %+.1f ± %.1f points, game value %+.0f ± %.0f a deal", n, 100 * ms, 100 * hs, mv, hv
		if (only) printf " (%d pairs in one file only, left out)", only
		printf "\n"
	}
	# One file: the mean over its pairs of the share of the deals
	# won and of the game value, with the intervals bench_strength gives.
	function alone(   k, n, ss, sss, sv, svv, ms, mv, hs, hv) {
		for (k in a_s) {
			n++; ss += a_s[k]; sss += a_s[k] * a_s[k]
			sv += a_v[k]; svv += a_v[k] * a_v[k]
		}
		if (n < 2) { print "paired.sh: fewer than two pairs" > "/dev/stderr"; exit 1 }
		ms = ss / n; mv = sv / n
		hs = sss - n * ms * ms; hv = svv - n * mv * mv
		hs = hs > 0 ? 1.96 * sqrt(hs / (n - 1) / n) : 0
		hv = hv > 0 ? 1.96 * sqrt(hv / (n - 1) / n) : 0
		printf "%d pairs (%d deals): deals won %.1f%% ± %.1f, game value %+.0f ± %.0f a deal\n", n, n * seats, 100 * ms, 100 * hs, mv, hv
	}' "$@"
