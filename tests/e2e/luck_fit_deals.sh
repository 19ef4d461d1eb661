#!/bin/sh
# luck_model_fit -f: V fitted on deals of other engines too (doc/luck.md,
# tools/luck_deals_io.h).  scripts/luck_deals.py turns records into
# deals (Rubicon deals of two played to their end; the rest counted and
# left out); the fit reads them after its own, they change the weights,
# and its recipe names the file.  A file that is not such deals stops it
# with one line naming the file, the line and what is wrong.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
fit="$BUILD/tools/luck_model_fit"
fail() { echo "luck_fit_deals.sh: $*" >&2; exit 1; }

"$A" match -e "$E --level club" -e "$E --level greedy" -n 6 -q \
	-o "$tmp/r.jsonl" --no-luck >/dev/null 2>&1
"$A" match -e "$E --level greedy" -e "$E --level random" -n 1 -q \
	--variant two-hand -o "$tmp/t.jsonl" --no-luck >/dev/null 2>&1
python3 scripts/luck_deals.py "$tmp/r.jsonl" "$tmp/t.jsonl" \
	>"$tmp/deals.txt" 2>"$tmp/err"
[ "$(wc -l <"$tmp/deals.txt")" -eq 6 ] || fail "$(cat "$tmp/err")"
grep -q "^luck_deals.py: 6 deals, [0-9]* left out (not a Rubicon deal of two)$" \
	"$tmp/err" || fail "$(cat "$tmp/err")"

"$fit" -n 10 -e 1 -t 1 -o "$tmp/own.h" 2>/dev/null
"$fit" -n 10 -e 1 -t 1 -f "$tmp/deals.txt" -o "$tmp/with.h" 2>"$tmp/log"
grep -q "^16 deals, " "$tmp/log" || fail "not 16 deals: $(cat "$tmp/log")"
grep -q "luck_model_fit -n 10 .* -f $tmp/deals.txt:" "$tmp/with.h" ||
	fail "the recipe: $(sed -n 3p "$tmp/with.h")"
if cmp -s "$tmp/own.h" "$tmp/with.h"; then
	fail "the deals read changed nothing"
fi

# Bad files: a card twice, an action that does not replay, a deal cut.
head -n 1 "$tmp/deals.txt" >"$tmp/one"
awk '{ split($2, c, ","); $2 = c[1] "," $2; print }' "$tmp/one" >"$tmp/twice"
awk '{ $NF = "7C#9"; print }' "$tmp/one" >"$tmp/wrong"
awk '{ NF = NF - 2; print }' "$tmp/one" >"$tmp/cut"
for bad in "twice:a card twice" "wrong:an action that does not replay: 7C#9" \
	"cut:a deal not played to its end"; do
	f=${bad%%:*} why=${bad#*:} rc=0
	"$fit" -n 10 -f "$tmp/$f" 2>"$tmp/e" >/dev/null || rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] &&
		grep -q "^luck_model_fit: $tmp/$f:1: $why" "$tmp/e" ||
		fail "$f: rc $rc: $(cat "$tmp/e")"
done
echo "luck fit deals: ok"
