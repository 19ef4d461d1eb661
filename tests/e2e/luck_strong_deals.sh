#!/bin/sh
# scripts/luck_strong_deals.sh plays a set's deals the same on every
# run (fresh engine processes, the set's seed), which is what lets
# `luck_model_fit -f` rebuild V from the repository: two runs of the
# second set's first two deals give the same lines of deals, and so does
# the greedy set's (strong against greedy) played whole and resumed from
# its records cut after the first deal (a set played over several
# sittings); an unknown set is one line and exit 2.
set -eu
BUILD=${BUILD:-build}
export BUILD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "luck_strong_deals.sh: $*" >&2; exit 1; }

run() {
	N=2 sh scripts/luck_strong_deals.sh "$tmp/$1" second greedy \
		>"$tmp/log" 2>&1 || fail "run $1: $(cat "$tmp/log")"
}
run a
mkdir "$tmp/b"
head -n 1 "$tmp/a/greedy.jsonl" >"$tmp/b/greedy.jsonl"
cp "$tmp/a/greedy.jsonl.key" "$tmp/b/"
run b
# resumed, not played anew with the cut records put aside (greedy.1.jsonl)
[ -e "$tmp/b/greedy.1.jsonl" ] && fail "the greedy set was played anew"
[ "$(wc -l <"$tmp/b/greedy.jsonl")" -eq 2 ] ||
	fail "the greedy set resumed: $(wc -l <"$tmp/b/greedy.jsonl") records"
for set in second greedy; do
	[ "$(wc -l <"$tmp/a/$set.txt")" -eq 2 ] ||
		fail "$set: $(cat "$tmp/a/$set.txt")"
	cmp -s "$tmp/a/$set.txt" "$tmp/b/$set.txt" ||
		fail "two runs of the $set set differ"
done
# in the order of the deals, not of the records: a match writes each as
# its deal ends, and two deals played side by side end in either order
awk '{ a[NR] = $0 } END { for (i = NR; i > 0; i--) print a[i] }' \
	"$tmp/a/second.jsonl" >"$tmp/reversed.jsonl"
python3 scripts/luck_deals.py "$tmp/reversed.jsonl" >"$tmp/reversed.txt" \
	2>/dev/null
cmp -s "$tmp/reversed.txt" "$tmp/a/second.txt" ||
	fail "luck_deals.py: the deals in the order of the records"
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
