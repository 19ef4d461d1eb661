#!/bin/sh
# Three-hand through the arbiter: a match of three engines, each deck
# played in the three rotations (--duplicate) so that every engine sits
# in every seat;
# each game goes to 3000 over several deals, the deal passing to the
# left; every record has three players and verifies; the ratings count
# each game as three pairwise results (the winner beats both others, the
# two others ranked by their totals); a game cut off mid-way resumes at
# its next deal with the three totals; show prints three players.
set -eu
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
play() {
	"$A" match --variant three-hand \
		-e "$BUILD/bezique-engine --level greedy" --name greedy \
		-e "$BUILD/bezique-engine --level random" --name r1 \
		-e "$BUILD/bezique-engine --level random" --name r2 \
		--option Seed=2 -n 3 --seed 3 --duplicate -q "$@"
}
play -o "$tmp/full.jsonl" --summary "$tmp/sum.json" >"$tmp/out.txt"
n=$(wc -l <"$tmp/full.jsonl")
"$A" verify "$tmp/full.jsonl" | grep -q "^$n records verified, 0 bad"
python3 tests/arbiter/recordschema.py "$tmp/full.jsonl" >/dev/null
python3 - "$tmp/full.jsonl" <<'EOF'
import json, sys
games = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    assert len(r["players"]) == 3 and len(r["result"]["points"]) == 3
    games.setdefault(r["deal"], []).append(r)
assert sorted(games) == [1, 2, 3], games.keys()
seats = {name: set() for name in ("greedy", "r1", "r2")}
for g, deals in games.items():
    before = [0, 0, 0]
    for k, r in enumerate(deals):
        s = r["series"]
        assert s["hand"] == k and s["before"] == before, (g, k, s)
        assert r["dealer"] == (2 + k) % 3, (g, k, r["dealer"])
        before = s["totals"]
        for seat, name in enumerate(r["players"]):
            seats[name].add(seat)
    last = deals[-1]["series"]
    assert last["over"] and max(last["totals"]) >= 3000, last
    assert last["totals"][last["winner"]] == max(last["totals"]), last
# Every engine sat in every seat; the three games share their decks.
assert all(s == {0, 1, 2} for s in seats.values()), seats
assert len({(games[g][0]["commit"], games[g][0]["round"])
            for g in games}) == 1
EOF
# The tally: three games, each engine in all three.
grep -q '3 deals' "$tmp/out.txt"
grep -q '^1   greedy .* 6 ' "$tmp/out.txt"
python3 - "$tmp/sum.json" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))
assert s["deals"] == 3, s["deals"]
assert {e["name"] for e in s["engines"]} == {"greedy", "r1", "r2"}
EOF
"$A" rate "$tmp/full.jsonl" | grep -q '^1   greedy .* 6 '
"$A" show "$tmp/full.jsonl" --deal 1 | head -n 2 >"$tmp/show.txt"
grep -q '^Game 1, deal 1: greedy (seat 0, elder hand), r1 (seat 1) against r2 (seat 2, dealer)$' "$tmp/show.txt"
grep -q 'totals 0-0-0 before it' "$tmp/show.txt"

# Cut off after the second deal of the first game, then resumed.
head -n 2 "$tmp/full.jsonl" >"$tmp/cut.jsonl"
play --resume "$tmp/cut.jsonl" >/dev/null
"$A" verify "$tmp/cut.jsonl" | grep -q "^$n records verified, 0 bad"
python3 tests/arbiter/series_key.py "$tmp/full.jsonl" >"$tmp/a"
python3 tests/arbiter/series_key.py "$tmp/cut.jsonl" >"$tmp/b"
cmp "$tmp/a" "$tmp/b"

# A tournament of three-hand is refused in one line.
printf '[tournament]\nvariant = three-hand\n[engine a]\ncommand = x\n' \
	>"$tmp/t.ini"
if "$A" tournament "$tmp/t.ini" 2>"$tmp/err"; then
	echo "a three-hand tournament was not refused"; exit 1
fi
[ "$(wc -l <"$tmp/err")" -eq 1 ]
grep -q "t.ini:2: .*three-hand.*match of three engines" "$tmp/err"

# Shards of a duplicate three-hand match split whole decks: each shard
# plays the three rotations of its decks (pair = (deal - 1) / 3), and together
# the shards play every game once (they split by twos before).
for i in 1 2; do
	play -n 6 --shard $i/2 -o "$tmp/shard$i.jsonl" >/dev/null 2>&1
done
python3 - "$tmp/shard1.jsonl" "$tmp/shard2.jsonl" <<'PYEOF'
import json, sys
games = []
for shard, path in enumerate(sys.argv[1:]):
    for line in open(path):
        r = json.loads(line)
        assert r["pair"] % 2 == shard, (path, r["deal"], r["pair"])
        assert r["pair"] == (r["deal"] - 1) // 3, (r["deal"], r["pair"])
        games.append(r["deal"])
assert sorted(set(games)) == list(range(1, 7)), sorted(set(games))
PYEOF
