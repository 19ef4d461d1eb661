#!/bin/sh
# The strength scripts: scripts/strength_table.sh writes one row per cell
# into its results file, each cell's pairs beside it, and between the
# markers of the document that shows the table (doc/strength.md; nothing
# else of it changes), refuses a bad cell, a table not named .md (its
# pairs go into a directory of its name) and a document without markers;
# bench_strength fails, saying so, when a worker dies;
# Rubicon's rows carry the share won with the luck out (two-hand's a dash);
# scripts/paired.sh gives one run's own figures as the benchmark printed
# them, a zero difference for one run against itself,
# the run's own figure against a run with strong held to 1 playout, and
# refuses a file that is not bench_strength's.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bench="$BUILD/bench/bench_strength"

printf 'intro\n<!-- strength-table begin -->\nold row\n<!-- strength-table end -->\ntail\n' \
	>"$tmp/README.md"
export BUILD
sh scripts/strength_table.sh -j 1 -o "$tmp/t.md" -R "$tmp/README.md" \
	rubicon:2:1 two-hand:2:1 2>"$tmp/err"
grep -q '^| rubicon | 2 ms | 2 | ' "$tmp/t.md"
grep -q '^| two-hand | 2 ms | 2 | .* | – | ' "$tmp/t.md"
# The share won with the luck out, its interval's ratio in brackets, for
# Rubicon; none for two-hand.  With the luck out one pair's share may be
# below 0 or above 100% (a deal lost with the cards for it).
grep -q '^| rubicon | 2 ms | 2 | [0-9.]*% ± [0-9.]* | -\{0,1\}[0-9.]*% ± [0-9.]* ([0-9.-]*) | ' \
	"$tmp/t.md"
grep -q '^| two-hand | 2 ms | 2 | [0-9.]*% ± [0-9.]* | – | ' "$tmp/t.md"
# Each cell's pairs beside the table, for scripts/paired.sh.
head -n 1 "$tmp/t/rubicon-2ms.tsv" | grep -q '^seed	score0'
[ "$(wc -l <"$tmp/t/two-hand-2ms.tsv")" -eq 2 ]
grep -q '^| rubicon | 2 ms | 2 | ' "$tmp/README.md"
if grep -q 'old row' "$tmp/README.md"; then
	echo "the old table was left between the markers" >&2; exit 1
fi
[ "$(head -n 1 "$tmp/README.md")" = intro ]
[ "$(tail -n 1 "$tmp/README.md")" = tail ]
if sh scripts/strength_table.sh -R - rubicon:2 2>"$tmp/err"; then
	echo "a cell without pairs was accepted" >&2; exit 1
fi
grep -q "bad cell 'rubicon:2'" "$tmp/err"
if sh scripts/strength_table.sh -o "$tmp/t.txt" rubicon:2:1 2>"$tmp/err"; then
	echo "a table that is not .md was accepted" >&2; exit 1
fi
grep -qx "strength_table.sh: -o '$tmp/t.txt' is not a .md file" "$tmp/err"
echo plain >"$tmp/plain.md"
if sh scripts/strength_table.sh -o "$tmp/t2.md" -R "$tmp/plain.md" \
    rubicon:2:1 2>"$tmp/err"; then
	echo "a document without markers was accepted" >&2; exit 1
fi
grep -q "has no '<!-- strength-table begin -->' line" "$tmp/err"

"$bench" -n 3 -p 30 -j 1 -s 5 -o "$tmp/a.tsv" >"$tmp/a.txt"
# One file: the run's own figures, as the benchmark printed them.
won=$(awk '/deals won:/ { print $3 " ± " $5 }' "$tmp/a.txt")
value=$(awk '/game value \/ deal:/ { print $5 " ± " $7 }' "$tmp/a.txt")
sh scripts/paired.sh "$tmp/a.tsv" >"$tmp/alone"
grep -qx "3 pairs (6 deals): deals won $won, game value $value a deal" \
	"$tmp/alone" || { cat "$tmp/a.txt" "$tmp/alone" >&2; exit 1; }
"$bench" -n 3 -p 1 -j 1 -s 5 -o "$tmp/b.tsv" >/dev/null
sh scripts/paired.sh "$tmp/a.tsv" "$tmp/a.tsv" >"$tmp/same"
grep -q '^3 pairs (B less A): deals won +0.0 ± 0.0 points, game value +0 ± 0 a deal$' "$tmp/same"
# B less A, by hand from the two files: the mean of the seats' scores.
want=$(awk -F '\t' 'FNR == 1 { f++; next }
	{ s[f] += ($2 + $3) / 2 } END { printf "%+.1f", 100 * (s[2] - s[1]) / 3 }' \
	"$tmp/a.tsv" "$tmp/b.tsv")
sh scripts/paired.sh "$tmp/a.tsv" "$tmp/b.tsv" | grep -q "deals won $want "
if sh scripts/paired.sh "$tmp/a.tsv" "$tmp/README.md" 2>"$tmp/err"; then
	echo "paired.sh read a file that is not bench_strength's" >&2; exit 1
fi
grep -q 'README.md:1: not a bench_strength -o file' "$tmp/err"
# A worker that dies leaves partial figures: the benchmark says so and
# fails, rather than print them as a result.
"$bench" -n 40 -p 2000 -j 2 -s 5 >"$tmp/partial" 2>"$tmp/err" &
pid=$!
# Both workers forked (the first alone was once killed, the second not).
until [ "$(pgrep -c -P "$pid")" -ge 2 ]; do sleep 0.1; done
pkill -KILL -P "$pid"
if wait "$pid"; then
	echo "bench_strength exited 0 after its workers were killed" >&2; exit 1
fi
grep -q 'pairs played, 2 worker(s) failed: the figures above are partial' \
	"$tmp/err"
echo "strength scripts: ok"
