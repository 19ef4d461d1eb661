#!/bin/sh
# 'feature variants=' is enforced (protocol.md §3; issue 33, item 9): a
# bot that never sends it plays rubicon only, so a two-hand match fails
# its start in words and check --variant two-hand fails it; the same bot
# plays rubicon, and one that lists two-hand plays two-hand.
set -u
BUILD=${BUILD:-build}
A=$BUILD/bezique-arbiter
E=$BUILD/bezique-engine
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAILED: $*"; fail=1; }

# shell-first without its feature variants line: rubicon only.
sed 's/ "feature variants=$VARIANTS"//' bots/shell-first/bot.sh \
    >"$tmp/rubicon.sh"
grep -q 'variants' "$tmp/rubicon.sh" && grep -q 'feature variants' \
    "$tmp/rubicon.sh" && bad "the variants line was not removed"
# ... and with two-hand listed.
sed 's/"feature variants=$VARIANTS"/"feature variants=rubicon,two-hand"/' \
    bots/shell-first/bot.sh >"$tmp/two.sh"

"$A" match --variant two-hand -n 2 --seed 5 -q -o "$tmp/m.jsonl" \
    -e "sh $tmp/rubicon.sh" -e "$E" >"$tmp/out" 2>&1
python3 - "$tmp/m.jsonl" <<'PY' || bad "two-hand was dealt to a rubicon bot"
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
assert recs, "no record"
for r in recs:
    assert r["termination"] == "startup", r["termination"]
    assert "does not play two-hand" in json.dumps(r), r
PY

"$A" check --variant two-hand "sh $tmp/rubicon.sh" >"$tmp/check" 2>&1 &&
	bad "check --variant two-hand passed a rubicon-only bot"
grep -q "does not play two-hand: its 'feature variants=' is missing" \
    "$tmp/check" || bad "check does not say why: $(tail -3 "$tmp/check")"

"$A" match -n 2 --seed 5 -q -o "$tmp/r.jsonl" -e "sh $tmp/rubicon.sh" \
    -e "$E" >/dev/null 2>&1 || bad "the rubicon bot failed at rubicon"
"$A" match --variant two-hand -n 2 --seed 5 -q -o "$tmp/t.jsonl" \
    -e "sh $tmp/two.sh" -e "$E" >/dev/null 2>&1 ||
	bad "a bot listing two-hand failed at it"
grep -q '"termination":"startup"' "$tmp/t.jsonl" "$tmp/r.jsonl" &&
	bad "a bot that plays the variant failed at its start"

[ $fail -eq 0 ] && echo "feature_variants.sh: ok"
exit $fail
