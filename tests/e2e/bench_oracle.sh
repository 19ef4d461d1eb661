#!/bin/sh
# bench_strength -O (strong.h, oracle): the summary says what the oracle
# sees; every pair is played (strong's actions legal) and seeing the
# cards changes strong's play on the same seeds (its pairs file differs
# from the honest run's); a level other than 0, 1 or
# 2 is refused with a one-line error.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bench="$BUILD/bench/bench_strength"

"$bench" -n 3 -p 30 -j 1 -s 5 -o "$tmp/honest.tsv" >"$tmp/honest"
if grep -q oracle "$tmp/honest"; then
	echo "the honest run says it is an oracle" >&2; exit 1
fi
for o in 1 2; do
	"$bench" -O $o -n 3 -p 30 -j 1 -s 5 -o "$tmp/o$o.tsv" >"$tmp/o$o" \
	    2>"$tmp/err"
	if [ -s "$tmp/err" ] || [ "$(wc -l <"$tmp/o$o.tsv")" -ne 4 ]; then
		echo "-O $o did not play its 3 pairs cleanly:" >&2
		cat "$tmp/err" >&2; exit 1
	fi
	if cmp -s "$tmp/honest.tsv" "$tmp/o$o.tsv"; then
		echo "-O $o played the honest run's deals" >&2; exit 1
	fi
done
grep -q '^  oracle: sees every card (the other hands and the stock order)$' \
	"$tmp/o1"
grep -q '^  oracle: sees the other hands (the stock order shuffled)$' \
	"$tmp/o2"
if "$bench" -O 3 -n 1 -p 1 2>"$tmp/err"; then
	echo "-O 3 was accepted" >&2; exit 1
fi
grep -q '^bench_strength: -O 3: not 0, 1 or 2$' "$tmp/err"
echo "bench oracle: ok"
