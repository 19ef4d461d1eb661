#!/bin/sh
# The policy's learning tools (make weights-policy): self-play data is the
# same whatever the number of workers, the fit reads it and writes weights
# and a header the engine's build reads, a weights file it wrote is read
# back, and a bad weights file is refused with its file and line.
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
