#!/bin/sh
# paired.sh before.tsv after.tsv: two runs of bench_strength -o on the same
# seeds compared pair by pair: the mean difference (after less before) of
# the share of deals won, in points, and of the game value a deal, each
# with its 95% interval over the pairs.
set -eu
[ $# -eq 2 ] || { echo "usage: paired.sh before.tsv after.tsv" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tail -n +2 "$1" | sort -n >"$tmp/a"
tail -n +2 "$2" | sort -n >"$tmp/b"
paste "$tmp/a" "$tmp/b" | awk -F'\t' '
$1 != $6 { print "paired.sh: seed " $1 " against " $6 ": not the same seeds" >"/dev/stderr"; bad = 1; exit 1 }
{ d = ($7 + $8 - $2 - $3) / 2 * 100; v = ($9 + $10 - $4 - $5) / 2
  n++; s += d; ss += d * d; t += v; tt += v * v }
END { if (bad || n < 2) exit 1; m = s / n; mv = t / n
  printf "paired over %d pairs: won %+.1f +- %.1f points, value %+.0f +- %.0f\n",
      n, m, 1.96 * sqrt((ss / n - m * m) * n / (n - 1) / n), mv,
      1.96 * sqrt((tt / n - mv * mv) * n / (n - 1) / n) }'
