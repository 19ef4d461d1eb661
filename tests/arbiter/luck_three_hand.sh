#!/bin/sh
# Three-hand's luck (doc/luck.md, engine/ai/luck_game.h): a game of
# three counts as three results of two, one a pair of its players, and
# each pair's luck is the game's for it, the sum of its deals' on the
# game's scale, counted at its last deal.  rate writes one luck line a
# game (three players; each pair's score, the value twice it); each
# engine's adjusted score is its raw pair results less their luck
# (checked here from the records and the luck lines); the match's own
# table is rate's, and its --luck-file rate's lines; verify --luck-file
# checks each game again, and names an edited line (and one whose
# values are not twice its scores).  A game whose first
# deal is missing has no figure (counted raw, said).  sprt --adjusted
# refuses three-hand (luck_two_hand.sh).
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
fail() { echo "luck_three_hand.sh: $*" >&2; exit 1; }

"$A" match --variant three-hand -e "$E --level greedy" --name greedy \
	-e "$E --level club" --name club -e "$E --level greedy" --name g2 \
	-n 9 --seed 11 -q -o "$tmp/m.jsonl" --luck-file "$tmp/match.luck" \
	>"$tmp/match.txt" 2>&1 ||
	fail "match: $(cat "$tmp/match.txt")"
"$A" rate "$tmp/m.jsonl" --summary "$tmp/m.json" \
	--luck-file "$tmp/m.luck" >"$tmp/rate.txt" 2>&1 ||
	fail "rate: $(cat "$tmp/rate.txt")"
sed -n '/^luck out/,/^ratio/p' "$tmp/match.txt" >"$tmp/a"
sed -n '/^luck out/,/^ratio/p' "$tmp/rate.txt" >"$tmp/b"
[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b" ||
	fail "the match's luck table is not rate's: $(cat "$tmp/a" "$tmp/b")"
grep -q "no deal measured\|nan" "$tmp/rate.txt" &&
	fail "not measured: $(cat "$tmp/rate.txt")"
# The match's own luck file: rate's lines, but for the line numbers.
python3 - "$tmp/match.luck" "$tmp/m.luck" <<'PY' || fail "match --luck-file"
import json, sys
a, b = ([json.loads(l) for l in open(p)] for p in sys.argv[1:])
for x in b:
    del x["line"]
assert a == b and len(a) == 9, (a, b)
PY

python3 - "$tmp/m.jsonl" "$tmp/m.json" "$tmp/m.luck" <<'PY'
import json, sys
last = {}
for i, line in enumerate(open(sys.argv[1]), 1):
    r = json.loads(line)
    if r["series"]["over"]:
        last[r["deal"]] = (i, r)
assert len(last) == 9, last
raw, adj = {}, {}
n = 0
for line in open(sys.argv[3]):
    d = json.loads(line)
    i, r = last[d["deal"]]
    assert d["line"] == i, d                    # at the game's last deal
    assert d["players"] == r["players"], d
    s, v = d["luck_score"], d["luck_value"]
    assert len(s) == 3 and all(abs(v[k] - 2 * s[k]) < 1e-12 for k in range(3))
    w, tot = r["series"]["winner"], r["series"]["totals"]
    for k, (a, b) in enumerate([(0, 1), (0, 2), (1, 2)]):
        x = 1 if w == a else 0 if w == b else \
            1 if tot[a] > tot[b] else 0 if tot[a] < tot[b] else 0.5
        for p, y, l in ((a, x, s[k]), (b, 1 - x, -s[k])):
            name = r["players"][p]
            raw.setdefault(name, []).append(y)
            adj.setdefault(name, []).append(y - l)
    n += 1
assert n == 9, n
assert any(abs(x) > 0.01 for line in open(sys.argv[3])
           for x in json.loads(line)["luck_score"])
for e in json.load(open(sys.argv[2]))["engines"]:
    a, name = e["adjusted"], e["name"]
    assert a["deals"] == 9, a                   # a game counted once
    want = sum(adj[name]) / len(adj[name])
    assert abs(a["score"] - want) < 1e-9, (name, a["score"], want)
    want = sum(raw[name]) / len(raw[name])
    assert abs(a["raw"]["score"] - want) < 1e-9, (name, a["raw"], want)
PY

"$A" verify "$tmp/m.jsonl" --luck-file "$tmp/m.luck" >"$tmp/v.txt" \
	2>&1 || fail "verify --luck-file: $(cat "$tmp/v.txt")"
grep -q "9 lines of luck checked against [0-9]* records, 0 wrong" \
	"$tmp/v.txt" || fail "verify: $(cat "$tmp/v.txt")"
python3 - "$tmp/m.luck" "$tmp/bad.luck" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
d = json.loads(lines[4])
d["luck_score"][2] += 0.25
d["luck_value"][2] += 0.5
lines[4] = json.dumps(d)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
if "$A" verify "$tmp/m.jsonl" --luck-file "$tmp/bad.luck" \
	>"$tmp/v.txt" 2>&1; then
	fail "verify passed an edited game's luck"
fi
grep -q "bad.luck:5: deal [0-9]*: luck .* (the pairs' scores)" "$tmp/v.txt" ||
	fail "no LUCK:line: $(cat "$tmp/v.txt")"

# A line of three whose values are not twice its scores is not a line
# of luck: named, file:line.
python3 - "$tmp/m.luck" "$tmp/odd.luck" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
d = json.loads(lines[1])
d["luck_value"][0] += 0.5
lines[1] = json.dumps(d)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
if "$A" verify "$tmp/m.jsonl" --luck-file "$tmp/odd.luck" \
	>"$tmp/v.txt" 2>&1; then
	fail "verify passed a line whose value is not twice its score"
fi
grep -q "odd.luck:2: not a line of luck" "$tmp/v.txt" ||
	fail "odd line not named: $(cat "$tmp/v.txt")"

# Without game 1's first deal, game 1 has no figure: said, counted raw.
sed 1d "$tmp/m.jsonl" >"$tmp/cut.jsonl"
"$A" rate "$tmp/cut.jsonl" --luck-file "$tmp/cut.luck" >"$tmp/cut.txt" \
	2>"$tmp/cut.err" || true
[ "$(wc -l <"$tmp/cut.luck")" -eq 8 ] || fail "$(cat "$tmp/cut.luck")"
grep -q "; 1 deal not measured (three seats in one deal, or a game missing a deal)" \
	"$tmp/cut.txt" || fail "not said: $(cat "$tmp/cut.txt")"
echo "luck_three_hand.sh: ok"
