#!/bin/sh
# The policy's learning tools (make weights-policy): self-play data is the
# same whatever the number of workers, the fit reads it and writes weights
# and a header the engine's build reads, a weights file it wrote is read
# back, and a bad weights file is refused with its file and line; the
# benches refuse a bad -W, -X or -b list in one line; bench_eval -k fits
# the evaluation to the mean of simulations, not the deals' outcomes, and
# refuses a count that is not a number.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sp="$BUILD/tools/policy_selfplay"
fit="$BUILD/tools/policy_fit"
"$sp" -n 5 -p 20 -s 7 -j 1 -o "$tmp/a.bin"
"$sp" -n 5 -p 20 -s 7 -j 2 -o "$tmp/b.bin"
cmp "$tmp/a.bin" "$tmp/b.bin"
[ ! -e "$tmp/b.bin.part0" ]
"$fit" -i "$tmp/a.bin" -t "$tmp/w.txt" -o "$tmp/h.h" >"$tmp/out.txt"
grep -q 'hand-set (rollout_weights) *held-out accuracy 0\.' "$tmp/out.txt"
grep -q '^  fitted  *held-out accuracy 0\.' "$tmp/out.txt"
[ "$(grep -c , "$tmp/h.h")" -ge 30 ]
grep -q '^win_declare ' "$tmp/w.txt"
# A second round simulates with those weights and starts from them.
"$sp" -n 5 -p 20 -s 8 -w "$tmp/w.txt" -o "$tmp/c.bin"
"$fit" -i "$tmp/c.bin" -w "$tmp/w.txt" | grep -q '^  start (-w) '
if cmp -s "$tmp/a.bin" "$tmp/c.bin"; then	# set -e ignores "! cmd"
	echo "the second round's data equal the first's" >&2; exit 1
fi
sed 's/^bezique /bezik /' "$tmp/w.txt" >"$tmp/bad.txt"
if "$fit" -i "$tmp/a.bin" -w "$tmp/bad.txt" 2>"$tmp/err.txt"; then
	exit 1
fi
grep -q "bad.txt:2: want \"bezique <number>\"" "$tmp/err.txt"
# The search's values of every candidate (-V): the same file whatever
# -j, larger than the choices alone; the fit to them at each temperature
# (-T) keeps one and writes its weights; -T wants data with values and a
# list of positive temperatures.
"$sp" -n 5 -p 20 -s 7 -j 1 -V -o "$tmp/v1.bin"
"$sp" -n 5 -p 20 -s 7 -j 2 -V -o "$tmp/v2.bin"
cmp "$tmp/v1.bin" "$tmp/v2.bin"
[ "$(wc -c <"$tmp/v1.bin")" -gt "$(wc -c <"$tmp/a.bin")" ]
"$fit" -i "$tmp/v1.bin" -T 10,40 -t "$tmp/v.txt" >"$tmp/vout.txt"
grep -q '^T 10:' "$tmp/vout.txt"
grep -q '^T 40:' "$tmp/vout.txt"
grep -q '^  fitted  *held-out cross-entropy [0-9.]*, best value 0\.' \
    "$tmp/vout.txt"
grep -q '^kept: T [14]0 ' "$tmp/vout.txt"
grep -q '^win_declare ' "$tmp/v.txt"
if "$fit" -i "$tmp/a.bin" -T 10 2>"$tmp/err.txt"; then exit 1; fi
grep -q 'a.bin: -T: these data hold no values' "$tmp/err.txt"
if "$fit" -i "$tmp/v1.bin" -T 10,x 2>"$tmp/err.txt"; then exit 1; fi
grep -q -- '-T x: not a list of positive temperatures' "$tmp/err.txt"
# The benchmark simulates with the weights of a file (-F): the committed
# header's weights as text play as -L 1 does, pair for pair.
sed -n 's/^\t\([-0-9.e]*\),\t\/\* \([a-z_0-9]*\) \*\/ \\$/\2 \1/p' \
    engine/ai/policy_weights.h >"$tmp/header.txt"
bs="$BUILD/bench/bench_strength"
"$bs" -n 2 -p 20 -s 5 -j 1 -L 1 -o "$tmp/l1.tsv" >/dev/null
"$bs" -n 2 -p 20 -s 5 -j 1 -F "$tmp/header.txt" -o "$tmp/f.tsv" >/dev/null
cmp "$tmp/l1.tsv" "$tmp/f.tsv"
# The benches refuse a bad list in one line naming the flag and the part.
bp="$BUILD/bench/bench_policy"
if "$bp" -n 1 -W rank=1,foo=2 2>"$tmp/err.txt"; then exit 1; fi
[ "$(wc -l <"$tmp/err.txt")" -eq 1 ]
grep -q -- '^-W foo=2: not name=whole number, the names being rank, ' "$tmp/err.txt"
if "$bp" -n 1 -C -X deny=x 2>"$tmp/err.txt"; then exit 1; fi
grep -q -- '^-X deny=x: not name=whole number, .*deny_from, rubicon$' "$tmp/err.txt"
if "$BUILD/bench/bench_converge" -b 300,0 2>"$tmp/err.txt"; then exit 1; fi
grep -q "^bench_converge: -b: '0' is not a number of playouts" "$tmp/err.txt"
be="$BUILD/bench/bench_eval"
cp engine/ai/eval_weights.h "$tmp/k0.h"
cp engine/ai/eval_weights.h "$tmp/k2.h"
"$be" -v rubicon -n 20 -s 1 -o "$tmp/k0.h" >"$tmp/k0.txt"
"$be" -v rubicon -n 20 -k 2 -s 1 -o "$tmp/k2.h" >"$tmp/k2.txt"
grep -q '^ \*   rubicon: 20 deals of .*, fitted to the mean of 2 simulations$' \
	"$tmp/k2.h"
# Other targets, other weights; the held-out deals scored alike.
if cmp -s "$tmp/k0.h" "$tmp/k2.h"; then
	echo "bench_eval -k fitted the deals' own outcomes" >&2; exit 1
fi
[ "$(grep 'current weights' "$tmp/k0.txt")" = \
    "$(grep 'current weights' "$tmp/k2.txt")" ]
if "$be" -k x 2>"$tmp/err.txt"; then exit 1; fi
[ "$(wc -l <"$tmp/err.txt")" -eq 1 ]
grep -q "^bench_eval: -k: 'x' is not a whole number" "$tmp/err.txt"
