#!/bin/sh
# scripts/luck_compare.py: on a duplicate match rated by `rate`, its
# ratios are rate's own (the summary's adjusted interval over the raw
# one, over the same pairs; in two-hand a unit is a pair of games), the
# same estimator against itself differs by exactly 0, an estimator of no
# luck has ratio 1 and the luck of the result itself ratio 0, and luck
# files of other records, or whose records are not where they say, are
# one line each.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "luck_compare.sh: $*" >&2; exit 1; }
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
# greedy's interval ratios (score, value) as rate's summary FILE gives them
summary_ratios() {
	python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))["engines"]
a = [e for e in a if e["name"] == "greedy"][0]["adjusted"]
print("%.4f %.4f" % (a["score_ci95"] / a["raw"]["score_ci95"],
                     a["value_ci95"] / a["raw"]["value_ci95"]))' "$1"
}
# the ratios of estimator A in luck_compare.py's output $1
ratios_of_a() { echo "$1" | awk '$1 == "A" { print $2, $3 }'; }

"$A" match -e "$E --level greedy" -e "$E --level club" -n 40 --duplicate \
	--seed "luck_compare test, greedy against club" -q \
	-o "$tmp/m.jsonl" --no-luck >/dev/null 2>&1 || fail "the match failed"
"$A" rate "$tmp/m.jsonl" --summary "$tmp/s.json" --luck-file "$tmp/a.luck" \
	>/dev/null 2>&1 || fail "rate failed"
python3 - "$tmp" <<'PY' || fail "could not make the test's luck files"
import json, sys
t = sys.argv[1]
recs = [json.loads(l) for l in open(t + "/m.jsonl")]
with open(t + "/none.luck", "w") as z, open(t + "/all.luck", "w") as w:
    for l in open(t + "/a.luck"):
        x = json.loads(l)
        x["luck_score"] = x["luck_value"] = 0
        z.write(json.dumps(x) + "\n")
        r = recs[x["line"] - 1]["result"]
        s = 1.0 if r["winner"] == 0 else 0.0 if r["winner"] == 1 else 0.5
        v = r["value"] if r["winner"] == 0 else -r["value"] if r["winner"] == 1 else 0
        x["luck_score"], x["luck_value"] = s, v
        w.write(json.dumps(x) + "\n")
PY
out=$(python3 scripts/luck_compare.py "$tmp/a.luck" "$tmp/a.luck") ||
	fail "A against A: $out"
echo "$out" | grep -q '^20 duplicate pairs, greedy' || fail "units: $out"
echo "$out" | grep -Eq '^B - A +\+0\.0000 +\+0\.0000 +95%: score \[\+0\.0000, \+0\.0000\], value \[\+0\.0000, \+0\.0000\]' ||
	fail "A against itself is not 0: $out"
want=$(summary_ratios "$tmp/s.json")
got=$(ratios_of_a "$out")
[ "$got" = "$want" ] || fail "ratios $got, rate's summary $want"
out=$(python3 scripts/luck_compare.py "$tmp/none.luck" "$tmp/all.luck" \
	--bootstrap 0)
echo "$out" | grep -Eq '^A +1\.0000 +1\.0000 ' || fail "no luck: $out"
echo "$out" | grep -Eq '^B +0\.0000 +0\.0000 ' || fail "all luck: $out"
# the other engine's side: the same ratios
out=$(python3 scripts/luck_compare.py "$tmp/a.luck" "$tmp/a.luck" \
	--engine club --bootstrap 0)
[ "$(ratios_of_a "$out")" = "$want" ] ||
	fail "club's side: $out"
# two-hand: a unit is a game of several deals, its result the game's
"$A" match -e "$E --level greedy" -e "$E --level club" --variant two-hand \
	-n 8 --duplicate --seed "luck_compare test, two-hand games" -q \
	-o "$tmp/t.jsonl" --no-luck >/dev/null 2>&1 || fail "two-hand failed"
"$A" rate "$tmp/t.jsonl" --summary "$tmp/t.json" --luck-file "$tmp/t.luck" \
	>/dev/null 2>&1 || fail "rate of two-hand failed"
want=$(summary_ratios "$tmp/t.json")
out=$(python3 scripts/luck_compare.py "$tmp/t.luck" "$tmp/t.luck" \
	--bootstrap 0)
echo "$out" | grep -q '^4 duplicate pairs, greedy' || fail "two-hand: $out"
[ "$(ratios_of_a "$out")" = "$want" ] ||
	fail "two-hand ratios: $out, rate's summary $want"
head -n 5 "$tmp/a.luck" >"$tmp/short.luck"
if python3 scripts/luck_compare.py "$tmp/a.luck" "$tmp/short.luck" \
	>"$tmp/out" 2>&1; then
	fail "luck files of other records accepted"
fi
[ "$(wc -l <"$tmp/out")" -eq 1 ] && grep -q "short.luck: no line for" "$tmp/out" ||
	fail "other records: $(cat "$tmp/out")"
# rate names the records as it was given them: from elsewhere they are
# not found, and the line says where to run from
sed "s|\"file\":\"[^\"]*\"|\"file\":\"m.jsonl\"|" "$tmp/a.luck" >"$tmp/rel.luck"
(cd "$tmp" && python3 "$OLDPWD/scripts/luck_compare.py" rel.luck rel.luck \
	--bootstrap 0 >/dev/null) || fail "records named from their directory"
if (cd / && python3 "$OLDPWD/scripts/luck_compare.py" "$tmp/rel.luck" \
	"$tmp/rel.luck") >"$tmp/out" 2>&1; then
	fail "records not found, and yet no error"
fi
[ "$(wc -l <"$tmp/out")" -eq 1 ] && grep -q "where rate ran" "$tmp/out" ||
	fail "records not found: $(cat "$tmp/out")"
echo "luck_compare.sh: ok"
