#!/bin/sh
# `show` replays records readably; with --seat it hides the other hand.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$BUILD/bezique-arbiter" match -e "$BUILD/bezique-engine --level random" \
	--name alice -e "$BUILD/bezique-engine --level greedy" --name bob \
	-n 2 --seed 5 -q -o "$tmp/r.jsonl" >/dev/null
"$BUILD/bezique-arbiter" show "$tmp/r.jsonl" >"$tmp/all.txt"
"$BUILD/bezique-arbiter" show "$tmp/r.jsonl" --seat 0 --deal 1 >"$tmp/s0.txt"
grep -q '^Deal 0: alice (seat 0' "$tmp/all.txt"
grep -q 'trick 64 to' "$tmp/all.txt"
grep -q 'wins [0-9]*' "$tmp/all.txt"
[ "$(grep -c '^Deal ' "$tmp/s0.txt")" -eq 1 ]
[ "$(grep -c ' holds ' "$tmp/s0.txt")" -eq 1 ]	# only its own hand
grep -q 'as seat 0 saw it' "$tmp/s0.txt"
! grep -q "^    $(sed -n 's/.*against \([a-z]*\) (seat 1.*/\1/p' "$tmp/s0.txt") draws" "$tmp/s0.txt"
