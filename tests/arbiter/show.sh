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
other=$(sed -n 's/.*against \([a-z]*\) (seat 1.*/\1/p' "$tmp/s0.txt")
if grep -q "^    $other draws" "$tmp/s0.txt"; then
	echo "seat 0's view shows $other's draws"
	exit 1
fi

# What show cannot do, it says in one line and a non-zero status: a line
# that is not a record (file:line; the others are still shown), a deal
# the file does not hold, a seat no deal has.
err() {	# $1: the status wanted, $2: the line wanted; then show's arguments
	want=$1 line=$2
	shift 2
	rc=0
	"$BUILD/bezique-arbiter" show "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	[ $rc -eq "$want" ] || { echo "show $*: exit $rc"; exit 1; }
	[ "$(cat "$tmp/err")" = "$line" ] ||
		{ echo "show $*: $(cat "$tmp/err")"; exit 1; }
}
{ head -1 "$tmp/r.jsonl"; echo '{"deal": 1, "torn'; } >"$tmp/bad.jsonl"
err 1 "$tmp/bad.jsonl:2: not a readable deal record" "$tmp/bad.jsonl"
[ "$(grep -c '^Deal ' "$tmp/out")" -eq 1 ]
err 1 "$tmp/r.jsonl: no record of deal 99" "$tmp/r.jsonl" --deal 99
[ ! -s "$tmp/out" ]
err 2 "bezique-arbiter: show: --seat wants a number from 0 to 2, not '7'" \
	"$tmp/r.jsonl" --seat 7
err 1 "$tmp/r.jsonl:1: --seat 2, but the deal has seats 0 to 1" \
	"$tmp/r.jsonl" --seat 2
[ ! -s "$tmp/out" ]
