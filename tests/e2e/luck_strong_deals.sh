#!/bin/sh
# scripts/luck_strong_deals.sh plays a set's deals the same on every
# run (fresh engine processes, the set's seed), which is what lets
# `luck_model_fit -f` rebuild V from the repository: two runs of the
# second set's first deal, and of the greedy set's (strong against
# greedy), give the same line of deals; an unknown set is one line and
# exit 2.
set -eu
BUILD=${BUILD:-build}
export BUILD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "luck_strong_deals.sh: $*" >&2; exit 1; }

for d in a b; do
	N=1 sh scripts/luck_strong_deals.sh "$tmp/$d" second greedy \
		>"$tmp/log" 2>&1 || fail "run $d: $(cat "$tmp/log")"
done
for set in second greedy; do
	[ "$(wc -l <"$tmp/a/$set.txt")" -eq 1 ] ||
		fail "$set: $(cat "$tmp/a/$set.txt")"
	cmp -s "$tmp/a/$set.txt" "$tmp/b/$set.txt" ||
		fail "two runs of the $set set differ"
done
cmp -s "$tmp/a/second.txt" "$tmp/a/greedy.txt" &&
	fail "the second and greedy sets deal the same deck"
# the greedy set is strong 300 against greedy
grep -q '"players":\["s300","greedy"\]' "$tmp/a/greedy.jsonl" ||
	fail "greedy set: not s300 against greedy: $(head -c 300 \
	    "$tmp/a/greedy.jsonl")"
# the line is a whole Rubicon deal: dealer, deck, actions
awk 'NF < 40 || ($1 != 0 && $1 != 1) { exit 1 }' "$tmp/a/second.txt" ||
	fail "not a deal: $(head -c 200 "$tmp/a/second.txt")"
rc=0
sh scripts/luck_strong_deals.sh "$tmp/c" fifth >"$tmp/err" 2>&1 || rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] ||
	fail "unknown set: rc $rc: $(cat "$tmp/err")"
echo "luck_strong_deals.sh: ok"
