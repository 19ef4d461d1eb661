#!/bin/sh
# paired.sh: two bench_strength -o files of the same seeds compared pair
# by pair: the mean difference (B less A) of strong's share of the deals
# won and of its game value a deal, each with a 95% interval over the
# pairs.  Pairs present in only one file are left out (and counted).
# With one file, that run's own figures, as bench_strength printed them:
# so runs of one setting on consecutive seeds can be joined and read as
# one (tournaments/results/time-scaling.md).  When the files (or the one
# file) carry each deal's luck (bench_strength's luck_* columns), a
# second line gives the same figures with the luck out (doc/luck.md) and
# the ratio of their intervals to the raw ones.
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
	# 95% half-width of a mean from the sum and sum of squares of n.
	function half(s, ss, n,   d) {
		d = ss - s * s / n
		return d > 0 ? 1.96 * sqrt(d / (n - 1) / n) : 0
	}
	function ratio(a, b) { return b > 0 ? a / b : 0 }
	FNR == 1 {
		file++; delete col
		for (k = 1; k <= NF; k++) col[$k] = k
		seats = "score2" in col ? 3 : 2
		lucky[file] = "luck_score0" in col
		next
	}
	{
		s = 0; v = 0; as = 0; av = 0
		for (k = 0; k < seats; k++) {
			s += $col["score" k]; v += $col["value" k]
			if (lucky[file]) {
				as += $col["score" k] - $col["luck_score" k]
				av += $col["value" k] - $col["luck_value" k]
			}
		}
		s /= seats; v /= seats; as /= seats; av /= seats
		if (file == 1) {
			a_s[$1] = s; a_v[$1] = v; a_as[$1] = as; a_av[$1] = av
			next
		}
		if (!($1 in a_s)) { only++; next }
		add(s - a_s[$1], v - a_v[$1], as - a_as[$1], av - a_av[$1])
		seen[$1] = 1
	}
	# One pair (or difference of pairs): raw score and value, adjusted.
	function add(x0, x1, x2, x3) {
		n++; t[0] += x0; t[1] += x1; t[2] += x2; t[3] += x3
		q[0] += x0 * x0; q[1] += x1 * x1; q[2] += x2 * x2
		q[3] += x3 * x3
	}
	function h(k) { return half(t[k], q[k], n) }
	END {
		if (file == 1) { alone(); exit }
		for (k in a_s) if (!(k in seen)) only++
		if (n < 2) { print "paired.sh: fewer than two common pairs" > "/dev/stderr"; exit 1 }
		printf "%d pairs (B less A): deals won %+.1f ± %.1f points, game value %+.0f ± %.0f a deal", n, 100 * t[0] / n, 100 * h(0), t[1] / n, h(1)
		if (only) printf " (%d pairs in one file only, left out)", only
		printf "\n"
		if (lucky[1] && lucky[2])
			printf "luck out (B less A): deals won %+.1f ± %.1f points, game value %+.0f ± %.0f a deal (interval ratio %.2f, %.2f)\n", 100 * t[2] / n, 100 * h(2), t[3] / n, h(3), ratio(h(2), h(0)), ratio(h(3), h(1))
	}
	# One file: the mean over its pairs of the share of the deals
	# won and of the game value, with the intervals bench_strength gives.
	function alone(   k) {
		for (k in a_s) add(a_s[k], a_v[k], a_as[k], a_av[k])
		if (n < 2) { print "paired.sh: fewer than two pairs" > "/dev/stderr"; exit 1 }
		printf "%d pairs (%d deals): deals won %.1f%% ± %.1f, game value %+.0f ± %.0f a deal\n", n, n * seats, 100 * t[0] / n, 100 * h(0), t[1] / n, h(1)
		if (lucky[1])
			printf "luck out: deals won %.1f%% ± %.1f, game value %+.0f ± %.0f a deal (interval ratio %.2f, %.2f)\n", 100 * t[2] / n, 100 * h(2), t[3] / n, h(3), ratio(h(2), h(0)), ratio(h(3), h(1))
	}' "$@"
