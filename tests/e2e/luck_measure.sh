#!/bin/sh
# scripts/luck_measure.sh (doc/luck.md, "Measured"): with STRONG=P it
# plays the two strong matches as well, P duplicate pairs each, and
# prints the four matches' figures; the strong matches' deals are the
# same on every run (fresh engines, fixed seeds), so the doc's 1,000
# pairs can be played again; a bad N or STRONG is one line and exit 2.
set -eu
BUILD=${BUILD:-build}
export BUILD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "luck_measure.sh: $*" >&2; exit 1; }
acts() {	# a records file's deals as deal number and actions
	python3 -c '
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    print(r["deal"], r["players"],
          [(a["seat"], a["kind"], a["action"]) for a in r["actions"]])
' "$1" | sort
}

for d in a b; do
	STRONG=1 sh scripts/luck_measure.sh 4 "$tmp/$d" >"$tmp/$d.out" \
		2>"$tmp/$d.err" || fail "run $d: $(cat "$tmp/$d.err")"
done
for m in club-greedy greedy-greedy s300-s30 s300-greedy; do
	grep -q "^== $m, [24] deals$" "$tmp/a.out" ||
		fail "no $m: $(cat "$tmp/a.out")"
done
[ "$(grep -c '^interval ratios: score ' "$tmp/a.out")" -eq 4 ] &&
	[ "$(grep -c "^seat 0's luck_score: mean" "$tmp/a.out")" -eq 4 ] ||
	fail "not four matches' figures: $(cat "$tmp/a.out")"
grep -q '^s300 ' "$tmp/a.out" && grep -q '^s30 ' "$tmp/a.out" ||
	fail "the strong players are not named: $(cat "$tmp/a.out")"
for m in s300-s30 s300-greedy; do
	acts "$tmp/a/$m.jsonl" >"$tmp/a.acts"
	acts "$tmp/b/$m.jsonl" >"$tmp/b.acts"
	[ "$(wc -l <"$tmp/a.acts")" -eq 2 ] && cmp -s "$tmp/a.acts" "$tmp/b.acts" ||
		fail "$m: two runs played other deals"
done
for bad in "STRONG=x" "STRONG=-1"; do
	rc=0
	env "$bad" sh scripts/luck_measure.sh 4 "$tmp/c" >"$tmp/err" 2>&1 || rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] ||
		fail "$bad: rc $rc: $(cat "$tmp/err")"
done
echo "luck_measure.sh: ok"
