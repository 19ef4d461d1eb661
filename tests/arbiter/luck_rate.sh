#!/bin/sh
# `rate` takes the luck out (doc/luck.md): beside the raw figures, each
# engine's adjusted score, Elo and game value with intervals, in the
# table and as "adjusted" in --summary; each deal's luck in --luck-file.
# Greedy against itself in duplicate pairs plays each deck the same way
# twice, seats swapped: seat 0's luck is the same in both deals of a
# pair, so each engine's luck cancels and adjusted equals raw (1/2).
# Against random, the adjusted figures stay within the raw ones'
# intervals; the six-pack's deals are measured; and a record that does
# not replay is named by file:line.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
"$A" match -e "$E --level greedy" --name g1 -e "$E --level greedy" \
	--name g2 -n 20 --seed 5 --duplicate -q -o "$tmp/self.jsonl" \
	>/dev/null 2>&1
"$A" rate "$tmp/self.jsonl" --summary "$tmp/self.json" \
	--luck-file "$tmp/self.luck" >"$tmp/self.txt"
grep -q '^luck out (doc/luck.md)' "$tmp/self.txt"
[ "$(wc -l <"$tmp/self.luck")" -eq 20 ]
python3 - "$tmp/self.json" "$tmp/self.luck" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
for e in s["engines"]:
    a = e["adjusted"]
    for k in ("elo", "ci95_pairs", "value_per_deal", "value_ci95", "score",
              "score_ci95", "deals", "raw"):
        assert k in a, (e["name"], k)
    assert a["deals"] == 20, a
    assert abs(a["score"] - 0.5) < 1e-9, a
    assert abs(a["raw"]["value_per_deal"] - e["value_per_deal"]) < 1e-6, a
    assert abs(a["value_per_deal"] - a["raw"]["value_per_deal"]) < 1e-6, a
luck = {}
for line in open(sys.argv[2]):
    d = json.loads(line)
    luck.setdefault(d["pair"], []).append(d["luck_score"])
assert len(luck) == 10, luck
for p, l in luck.items():
    assert len(l) == 2 and abs(l[0] - l[1]) < 1e-9, (p, l)
# not every deal's luck is 0: there was luck to cancel
assert any(abs(l[0]) > 0.01 for l in luck.values()), luck
PY

"$A" match -e "$E --level random" --name r -e "$E --level greedy" \
	--name g -n 40 --seed 8 -q -o "$tmp/rg.jsonl" >/dev/null
"$A" rate "$tmp/rg.jsonl" --summary "$tmp/rg.json" >/dev/null
python3 - "$tmp/rg.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
for e in s["engines"]:
    a, r = e["adjusted"], e["adjusted"]["raw"]
    assert abs(a["score"] - r["score"]) <= a["score_ci95"] + r["score_ci95"], a
    assert abs(a["score"] - 0.5) > 0.05, a   # the stronger shows
PY
"$A" rate "$tmp/rg.jsonl" --no-luck >"$tmp/none.txt"
if grep -q '^luck out' "$tmp/none.txt"; then
	echo "luck_rate.sh: --no-luck still printed the luck table"; exit 1
fi

# The six-pack is measured too: its cut (the players' lift and guess) is
# made after the deal's luck is counted, as the players' own choice.
"$A" match -e "$E --level greedy" -e "$E --level random" --variant six-pack \
	-n 4 --seed 3 -q -o "$tmp/six.jsonl" >/dev/null
"$A" rate "$tmp/six.jsonl" --luck-file "$tmp/six.luck" >"$tmp/six.txt"
[ "$(wc -l <"$tmp/six.luck")" -eq 4 ] || { echo "six-pack not measured"; cat "$tmp/six.txt"; exit 1; }

# A record whose actions do not replay: rate names it, file:line.
python3 - "$tmp/rg.jsonl" "$tmp/bad.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
d = json.loads(lines[1])
d["actions"][5]["action"] = "pass-the-salt"
lines[1] = json.dumps(d)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
rc=0
"$A" rate "$tmp/bad.jsonl" >"$tmp/out" 2>"$tmp/err" || rc=$?
grep -q "bad.jsonl:2: " "$tmp/err" || { echo "no file:line"; cat "$tmp/err"; exit 1; }
echo "luck_rate.sh: ok"
