#!/bin/sh
# Two-hand's luck (doc/luck.md, engine/ai/luck_game.h): a game of
# several deals has one figure, the sum of its deals' on the game's
# scale, counted at its last deal.  Greedy against itself in duplicate
# pairs plays each game's decks alike with the seats swapped: seat 0's
# luck is the same in both games of a pair, so each engine adjusts to a
# half exactly; rate writes one luck line a game, and the match's own
# table is rate's.  verify --luck-file checks each game's figure again.
# A game whose first deal is missing, or a middle one, has no figure
# (counted raw, said);
# a match cut off inside a game and resumed counts the luck of the
# deals it read back, and ends with the uncut run's table.  Value cells
# show decimals; sprt --adjusted takes two-hand and refuses three-hand.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
fail() { echo "luck_two_hand.sh: $*" >&2; exit 1; }

"$A" match --variant two-hand -e "$E --level greedy" --name g1 \
	-e "$E --level greedy" --name g2 -n 8 --seed 5 --duplicate -q \
	-o "$tmp/self.jsonl" >"$tmp/match.txt" 2>&1
"$A" rate "$tmp/self.jsonl" --summary "$tmp/self.json" \
	--luck-file "$tmp/self.luck" >"$tmp/rate.txt"
sed -n '/^luck out/,/^ratio/p' "$tmp/match.txt" >"$tmp/a"
sed -n '/^luck out/,/^ratio/p' "$tmp/rate.txt" >"$tmp/b"
[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b" ||
	fail "the match's luck table is not rate's: $(cat "$tmp/a" "$tmp/b")"
python3 - "$tmp/self.jsonl" "$tmp/self.json" "$tmp/self.luck" <<'PY'
import json, sys
last = {}
for i, line in enumerate(open(sys.argv[1]), 1):
    r = json.loads(line)
    if r["series"]["over"]:
        last[r["deal"]] = i
assert len(last) == 8, last
for e in json.load(open(sys.argv[2]))["engines"]:
    a = e["adjusted"]
    assert a["deals"] == 8, a
    assert abs(a["score"] - 0.5) < 1e-9 and abs(a["value_per_deal"]) < 1e-9, a
luck = {}
for line in open(sys.argv[3]):
    d = json.loads(line)
    assert d["line"] == last[d["deal"]], d      # at the game's last deal
    luck.setdefault(d["pair"], []).append((d["luck_score"], d["luck_value"]))
assert len(luck) == 4, luck
for p, l in luck.items():
    assert len(l) == 2 and abs(l[0][0] - l[1][0]) < 1e-9, (p, l)
    assert abs(l[0][1] - l[1][1]) < 1e-9, (p, l)
assert any(abs(l[0][0]) > 0.01 for l in luck.values()), luck
PY

"$A" verify "$tmp/self.jsonl" --luck-file "$tmp/self.luck" >"$tmp/v.txt" \
	2>&1 || fail "verify --luck-file: $(cat "$tmp/v.txt")"
grep -q "8 lines of luck checked against [0-9]* records, 0 wrong" \
	"$tmp/v.txt" || fail "verify: $(cat "$tmp/v.txt")"
python3 - "$tmp/self.luck" "$tmp/bad.luck" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
d = json.loads(lines[2])
d["luck_score"] += 0.25
lines[2] = json.dumps(d)
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
if "$A" verify "$tmp/self.jsonl" --luck-file "$tmp/bad.luck" \
	>"$tmp/v.txt" 2>&1; then
	fail "verify passed an edited game's luck"
fi
grep -q "bad.luck:3: deal [0-9]*: luck" "$tmp/v.txt" ||
	fail "no LUCK:line: $(cat "$tmp/v.txt")"

# Without game 1's first deal, game 1 has no figure: said, counted raw.
sed 1d "$tmp/self.jsonl" >"$tmp/cut.jsonl"
"$A" rate "$tmp/cut.jsonl" --luck-file "$tmp/cut.luck" >"$tmp/cut.txt" \
	2>"$tmp/cut.err" || true
[ "$(wc -l <"$tmp/cut.luck")" -eq 7 ] || fail "$(cat "$tmp/cut.luck")"
grep -q "; 1 deal not measured (three seats in one deal, or a game missing a deal)" \
	"$tmp/cut.txt" || fail "not said: $(cat "$tmp/cut.txt")"

# Without a middle deal of a game, the game has no figure either (its
# luck would lack that deal's): said, counted raw, no line.
python3 - "$tmp/self.jsonl" "$tmp/mid.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
k = next(i for i, l in enumerate(lines)
         if json.loads(l)["series"]["hand"] == 1 and
         not json.loads(l)["series"]["over"])
open(sys.argv[2], "w").write("\n".join(lines[:k] + lines[k + 1:]) + "\n")
PY
"$A" rate "$tmp/mid.jsonl" --luck-file "$tmp/mid.luck" >"$tmp/mid.txt" \
	2>"$tmp/mid.err" || true
[ "$(wc -l <"$tmp/mid.luck")" -eq 7 ] || fail "middle deal: $(cat "$tmp/mid.luck")"
grep -q "; 1 deal not measured (three seats in one deal, or a game missing a deal)" \
	"$tmp/mid.txt" || fail "middle deal not said: $(cat "$tmp/mid.txt")"

# Cut off inside game 2, then resumed: the table of the uncut run.
run() {
	"$A" match --variant two-hand -e "$E --level greedy" --name greedy \
		-e "$E --level club" --name club -n 3 --seed 7 -q "$@"
}
run -o "$tmp/full.jsonl" >"$tmp/full.txt" 2>&1
python3 - "$tmp/full.jsonl" "$tmp/part.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
# through game 2's first deal, whose game goes on after it
k = next(i for i, l in enumerate(lines)
         if json.loads(l)["deal"] == 2 and not json.loads(l)["series"]["over"])
open(sys.argv[2], "w").write("\n".join(lines[:k + 1]) + "\n")
PY
run --resume "$tmp/part.jsonl" >"$tmp/resumed.txt" 2>&1
sed -n '/^luck out/,/^ratio/p' "$tmp/full.txt" >"$tmp/a"
sed -n '/^luck out/,/^ratio/p' "$tmp/resumed.txt" >"$tmp/b"
[ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b" ||
	fail "resumed: $(cat "$tmp/a" "$tmp/b")"
# A game's value is 1 or 2 games: its cells show the decimals their
# interval is worth, not "+0 ± 0".
grep -Eq '^club  .* [+-][0-9]+\.[0-9]+ ± [0-9]+\.[0-9]+ +[+-][0-9]+\.[0-9]+ ± [0-9]+\.[0-9]+ ' \
	"$tmp/full.txt" || fail "value cells: $(cat "$tmp/a")"

# sprt --adjusted decides on two-hand's adjusted games; three-hand,
# whose games are three results of two, is refused in one line.
"$A" sprt --variant two-hand -e "$E --level club" --name club \
	-e "$E --level random" --name rnd --adjusted --elo0 0 --elo1 200 \
	-n 200 -q -o /dev/null >"$tmp/s.txt" 2>&1 ||
	fail "sprt --adjusted two-hand: $(cat "$tmp/s.txt")"
grep -q "SPRT (logistic, adjusted scores, .*: H1 accepted" "$tmp/s.txt" ||
	fail "sprt: $(cat "$tmp/s.txt")"
rc=0
"$A" sprt --variant three-hand -e "$E" --name a -e "$E" --name b \
	-e "$E" --name c --adjusted -q -o /dev/null >"$tmp/s.txt" 2>&1 || rc=$?
[ $rc -ne 0 ] && [ "$(wc -l <"$tmp/s.txt")" -eq 1 ] &&
	grep -q "adjusted decides on games of two seats (not three-hand" \
	"$tmp/s.txt" || fail "three-hand sprt --adjusted: rc $rc: $(cat "$tmp/s.txt")"
echo "luck_two_hand.sh: ok"
