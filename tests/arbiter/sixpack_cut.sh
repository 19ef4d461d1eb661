#!/bin/sh
# The six-pack's cut (doc/rules.md §5): the arbiter makes it from the run's
# key before the first card (deck_key_cut, game_cut).  With --seed "six-pack
# cut 9" the dealer lifts exactly 24 and scores 250; with "six-pack cut 15"
# the elder hand guesses right and scores 150.  The points are in the
# record's "cut" and in the deal's points (verify replays the cut and
# checks both, and the numbers against the key), show prints the cut, and
# a record whose cut was altered is refused.
set -eu
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for s in 9 15; do
	"$A" match --variant six-pack -e "$BUILD/bezique-engine --level random" \
		--name a -e "$BUILD/bezique-engine --level greedy" --name b \
		-n 2 --seed "six-pack cut $s" -q -o "$tmp/$s.jsonl" >/dev/null
	"$A" verify "$tmp/$s.jsonl" | grep -q '^2 records verified, 0 bad'
	python3 tests/arbiter/recordschema.py "$tmp/$s.jsonl" >/dev/null
done
python3 - "$tmp/9.jsonl" "$tmp/15.jsonl" <<'EOF'
import json, sys
d = json.loads(open(sys.argv[1]).readline())
assert d["cut"] == {"lifted": 24, "guessed": 25, "points": 250}, d["cut"]
e = json.loads(open(sys.argv[2]).readline())
assert e["cut"] == {"lifted": 25, "guessed": 25, "points": 150}, e["cut"]
# The dealer (seat 1) scored the 250, the elder hand (seat 0) the 150
# (verify, which replays the cut, has checked the exact points).
assert d["result"]["points"][1] >= 250, d["result"]
assert e["result"]["points"][0] >= 150, e["result"]
EOF
"$A" show "$tmp/9.jsonl" --deal 1 | grep -q \
	'cut: the dealer lifts 24, the elder hand guesses 25: 250 points'
# An altered cut: a number the key does not give (checked with the run's
# key kept beside the records), or points it does not score, is refused
# with the line and the reason.
sed '1s/"guessed":25/"guessed":26/' "$tmp/9.jsonl" >"$tmp/bad.jsonl"
cp "$tmp/9.jsonl.key" "$tmp/bad.jsonl.key"
if "$A" verify "$tmp/bad.jsonl" >"$tmp/out" 2>&1; then
	echo "an altered cut verified"; exit 1
fi
grep -q ':1: deal 1: cut lifted 24, guessed 26, not the key.s 24, 25' "$tmp/out"
sed '1s/"guessed":25,"points":250}/"guessed":25,"points":0}/' "$tmp/9.jsonl" >"$tmp/bad2.jsonl"
if "$A" verify "$tmp/bad2.jsonl" >"$tmp/out" 2>&1; then
	echo "altered cut points verified"; exit 1
fi
grep -q ':1: cut: 0 points recorded' "$tmp/out"
