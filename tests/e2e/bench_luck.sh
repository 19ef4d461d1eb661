#!/bin/sh
# bench_strength's luck (tests/bench/bench_luck.h, doc/luck.md): strong
# against itself at the same playouts plays each pair's two deals alike,
# seats swapped, so strong's luck in one is minus its luck in the other
# and the luck-out share is exactly 50% (a luck counted from the wrong
# seat would not cancel); a run gives the same luck whatever its
# workers; over a seeded sample seat 0's luck a deal is near 0 (it has
# mean 0 whatever V is); the summary's luck-out figures are the raw ones
# less the -o file's luck columns, and scripts/paired.sh reads the same
# figures from that file; two-hand and three-hand say they have none.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bench="$BUILD/bench/bench_strength"

"$bench" -n 4 -p 20 -r 20 -y -j 1 -s 5 -o "$tmp/self.tsv" >"$tmp/self"
grep -q '^  luck out won:        50.0% +- 0.0 ' "$tmp/self" || {
	echo "strong against itself: its luck did not cancel" >&2
	cat "$tmp/self" "$tmp/self.tsv" >&2; exit 1; }
awk -F '\t' 'NR == 1 { if ($6 != "luck_score0" || $9 != "luck_value1")
		bad = "header: " $0; next }
	$6 + $7 != 0 || $8 + $9 != 0 { bad = "pair " $1 " does not cancel" }
	$6 > 0.01 || $6 < -0.01 { some = 1 }
	END { if (!some) bad = bad " no luck at all"
		if (bad != "") { print "self-play: " bad; exit 1 } }' \
	"$tmp/self.tsv" >&2

# The same luck from one worker or two (rows in another order).
"$bench" -n 6 -p 20 -j 1 -s 40 -o "$tmp/j1.tsv" >"$tmp/j1"
"$bench" -n 6 -p 20 -j 2 -s 40 -o "$tmp/j2.tsv" >/dev/null
[ "$(sort "$tmp/j1.tsv")" = "$(sort "$tmp/j2.tsv")" ] || {
	echo "the luck differs between -j 1 and -j 2" >&2
	cat "$tmp/j1.tsv" "$tmp/j2.tsv" >&2; exit 1; }

# The summary's luck-out figures are the raw ones less the luck, and
# paired.sh reads them from the file.
want=$(awk -F '\t' 'NR > 1 { n++
		s += ($2 - $6 + $3 - $7) / 2; v += ($4 - $8 + $5 - $9) / 2 }
	END { printf "%.1f%% %+.0f", 100 * s / n, v / n }' "$tmp/j1.tsv")
got=$(awk '/luck out won:/ { w = $4 } /luck out value:/ { v = $4 }
	END { print w, v }' "$tmp/j1")
[ "$want" = "$got" ] || {
	echo "luck out: the summary says $got, the file $want" >&2; exit 1; }
won=$(awk '/luck out won:/ { print $4 " ± " $6 }' "$tmp/j1")
value=$(awk '/luck out value:/ { print $4 " ± " $6 }' "$tmp/j1")
sh scripts/paired.sh "$tmp/j1.tsv" | grep -q \
    "^luck out: deals won $won, game value $value a deal (interval ratio " \
	|| { sh scripts/paired.sh "$tmp/j1.tsv" >&2; cat "$tmp/j1" >&2; exit 1; }
sh scripts/paired.sh "$tmp/j1.tsv" "$tmp/j2.tsv" | grep -q \
    '^luck out (B less A): deals won +0.0 ± 0.0 points, game value +0 ± 0 a deal'

# Mean 0: seat 0's luck a deal (strong's in its deal in seat 0, less its
# luck in seat 1) over 60 deals, within three standard errors of 0.
"$bench" -n 30 -p 10 -j 2 -s 700 -o "$tmp/many.tsv" >/dev/null
awk -F '\t' 'NR > 1 { x[++n] = $6; x[++n] = -$7 }
	END { for (k = 1; k <= n; k++) s += x[k]; m = s / n
		for (k = 1; k <= n; k++) ss += (x[k] - m) ^ 2
		se = sqrt(ss / (n - 1) / n)
		if (m > 3 * se || m < -3 * se || se == 0) {
			printf "seat 0 luck %.4f a deal, standard error %.4f\n", \
			    m, se; exit 1 } }' "$tmp/many.tsv" >&2

for v in two-hand three-hand; do
	"$bench" -v $v -n 1 -p 10 -j 1 -s 5 -o "$tmp/$v.tsv" >"$tmp/$v"
	grep -q '^  luck out:           none (' "$tmp/$v"
	if grep -q luck "$tmp/$v.tsv"; then
		echo "$v: luck columns without a luck" >&2; exit 1
	fi
done
echo "bench luck: ok"
