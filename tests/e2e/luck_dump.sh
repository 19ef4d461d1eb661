#!/bin/sh
# luck_dump -f: the bands' luck of deals played elsewhere (a match's
# records through scripts/luck_deals.py), the data that fits V's scales
# on other engines' play.  Each line's result is its record's, and its
# bands' luck times luck.c's scales is the luck `rate` gives the deal,
# but for the deal's mean (a constant for each dealer: luck_dump samples
# it, rate reads luck.c's table); without -f the tool's greedy deals are
# as before (their lines do not depend on the files); a bad deals file or
# argument is one line.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
dump="$BUILD/tools/luck_dump"
fail() { echo "luck_dump.sh: $*" >&2; exit 1; }

"$A" match -e "$E --level club" -e "$E --level greedy" -n 8 -q \
	--seed "luck_dump test, club against greedy" \
	-o "$tmp/r.jsonl" --no-luck >/dev/null 2>&1 || fail "the match failed"
"$A" rate "$tmp/r.jsonl" --luck-file "$tmp/r.luck" >/dev/null 2>&1 ||
	fail "rate failed"
python3 scripts/luck_deals.py "$tmp/r.jsonl" >"$tmp/deals.txt" 2>/dev/null
"$dump" 3 5000000 >"$tmp/own.txt" || fail "luck_dump 3 5000000 failed"
"$dump" -f "$tmp/deals.txt" 3 5000000 >"$tmp/with.txt" ||
	fail "luck_dump -f failed"
[ "$(wc -l <"$tmp/with.txt")" -eq 11 ] || fail "not 3 + 8 lines"
head -n 3 "$tmp/with.txt" | cmp -s - "$tmp/own.txt" ||
	fail "the greedy deals changed with -f"
python3 - "$tmp" <<'PY' || fail "the bands do not add up to rate's luck"
import json, re, sys
t = sys.argv[1]
src = open("engine/ai/luck.c").read()
table = src[src.index("luck_scales[LUCK_BANDS][2] = {"):]
scales = [tuple(map(float, m)) for m in
          re.findall(r"\{ ([-0-9.]+), ([-0-9.]+) \}", table)][:8]
recs = sorted((json.loads(l) for l in open(t + "/r.jsonl")),
              key=lambda r: r["deal"])
luck = {json.loads(l)["deal"]: json.loads(l) for l in open(t + "/r.luck")}
rows = [list(map(float, l.split())) for l in open(t + "/with.txt")][3:]
assert len(rows) == len(recs) == 8, (len(rows), len(recs))
gap = {}
for rec, row in zip(recs, rows):
    res = rec["result"]
    w = res["winner"]
    want = (1.0 if w == 0 else 0.0 if w == 1 else 0.5,
            res["value"] if w == 0 else -res["value"] if w == 1 else 0)
    assert (row[0], row[1]) == want, (rec["deal"], row[:2], want)
    # rate's luck is the first-named engine's; seat 0's here
    sign = 1 if rec["players"][0] == luck[rec["deal"]]["players"][0] else -1
    for k, key, tol in ((0, "luck_score", 1e-3), (1, "luck_value", 1.0)):
        mine = sum(scales[b][k] * row[2 + 2 * b + k] for b in range(8))
        d = mine - sign * luck[rec["deal"]][key]
        g = gap.setdefault((rec["dealer"], k), d)
        assert abs(d - g) < tol, (rec["deal"], key, d, g)
PY
printf 'x\n' >"$tmp/bad.txt"
if "$dump" -f "$tmp/bad.txt" 0 0 >/dev/null 2>"$tmp/err"; then
	fail "a bad deals file accepted"
fi
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "bad.txt:1" "$tmp/err" ||
	fail "bad deals file: $(cat "$tmp/err")"
for args in "x 1" "0 1" "3 -1" "3 s" "3" "-f"; do
	if "$dump" $args >/dev/null 2>"$tmp/err"; then
		fail "luck_dump $args accepted"
	fi
	[ "$(wc -l <"$tmp/err")" -eq 1 ] &&
		grep -Eq "^luck_dump: ((N|SEED) wants a whole number|usage:)" "$tmp/err" ||
		fail "luck_dump $args: $(cat "$tmp/err")"
done
echo "luck_dump.sh: ok"
