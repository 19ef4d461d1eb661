#!/bin/sh
# Every two-seat variant plays through the arbiter: a short match per
# variant between greedy and random, every record replayed by verify and
# shown by show; the greedy engine wins more of them.  Three-hand with two
# engines is refused in one line, and a record of two players that claims
# three-hand is refused by verify (three_hand.sh plays three-hand).
set -eu
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for v in two-hand six-pack eight-pack; do
	"$A" match --variant "$v" -e "$BUILD/bezique-engine --level greedy" \
		--name greedy -e "$BUILD/bezique-engine --level random" \
		--name random -n 4 --seed 3 -q -o "$tmp/$v.jsonl" >"$tmp/$v.txt"
	# Two-hand plays 4 games of several deals each (series.sh).
	n=$(wc -l <"$tmp/$v.jsonl")
	if [ "$v" = two-hand ]; then [ "$n" -gt 4 ]; else [ "$n" -eq 4 ]; fi
	grep -q "\"variant\":\"$v\"" "$tmp/$v.jsonl"
	"$A" verify "$tmp/$v.jsonl" | grep -q "^$n records verified, 0 bad"
	python3 tests/arbiter/recordschema.py "$tmp/$v.jsonl" >/dev/null
	# --deal N: the Nth game, each of its deals said as "Game N, deal H"
	# where a game has several (issue 43: "Deal 1, 1, 1" before).
	"$A" show "$tmp/$v.jsonl" --deal 1 >"$tmp/show.txt"
	if [ "$v" = two-hand ]; then
		k=$(grep -c '^Game 1, deal [0-9]*:' "$tmp/show.txt" || true)
		[ "$k" -ge 2 ] && [ "$(grep -c '^Deal ' "$tmp/show.txt" || true)" -eq 0 ] &&
		    grep -q "^Game 1, deal $k:" "$tmp/show.txt" ||
		    { echo "variants.sh: two-hand's show:"; grep -E '^(Game|Deal) ' "$tmp/show.txt"; exit 1; }
	else
		grep -q '^Deal 1:' "$tmp/show.txt"
	fi
	grep -q 'failures of greedy *none' "$tmp/$v.txt"
	grep -q 'failures of random *none' "$tmp/$v.txt"
done
# Three-hand takes three engines: two are refused in one line.
if "$A" match --variant three-hand -e x -e y -n 3 2>"$tmp/err"; then
	echo "three-hand with two engines was not refused"; exit 1
fi
[ "$(wc -l <"$tmp/err")" -eq 1 ]
grep -q "three-hand takes three engines with -e (got 2)" "$tmp/err"
sed 's/"variant":"two-hand"/"variant":"three-hand"/' "$tmp/two-hand.jsonl" \
	>"$tmp/forged.jsonl"
if "$A" verify "$tmp/forged.jsonl" >"$tmp/out" 2>&1; then
	echo "a forged three-hand record verified"; exit 1
fi
grep -q "has 3 seats" "$tmp/out"
