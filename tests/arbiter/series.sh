#!/bin/sh
# Two-hand is played to 1000 over several deals: each deal is one record
# with a "series" object (the totals before and after it, the deal
# passing), the last one with the game's winner and value (1 or 2 games),
# and the tallies count games, not deals.  A game cut off after its
# second deal resumes at its third deal from the recorded totals, and
# the records then match an uninterrupted run.  verify refuses a record
# whose totals do not add up.  A forfeit ends the game (a double game).
set -eu
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() {
	"$A" match --variant two-hand -e "$BUILD/bezique-engine --level greedy" \
		--name greedy -e "$BUILD/bezique-engine --level random" \
		--name random -n 2 --seed 3 -q "$@"
}
run -o "$tmp/full.jsonl" >"$tmp/full.txt"
n=$(wc -l <"$tmp/full.jsonl")
[ "$n" -gt 2 ] || { echo "two games in $n deals"; exit 1; }
"$A" verify "$tmp/full.jsonl" | grep -q "^$n records verified, 0 bad"
python3 tests/arbiter/recordschema.py "$tmp/full.jsonl" >/dev/null
# Two games counted, each won once by greedy.
grep -q '^greedy  *2  *2  *0  *0 ' "$tmp/full.txt"
python3 - "$tmp/full.jsonl" <<'EOF'
import json, sys
games = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    games.setdefault(r["deal"], []).append(r)
assert len(games) == 2, games.keys()
for g, deals in games.items():
    before = [0, 0]
    for k, r in enumerate(deals):
        s = r["series"]
        assert s["hand"] == k and s["before"] == before, (g, k, s)
        res = r["result"]
        add = [res["points"][i] + res["brisques"][i] for i in (0, 1)]
        assert s["totals"] == [before[i] + add[i] for i in (0, 1)], s
        assert r["dealer"] == (1 if k % 2 == 0 else 0), (g, k)
        assert s["over"] == (k == len(deals) - 1), (g, k, s)
        before = s["totals"]
    last = deals[-1]["series"]
    assert max(last["totals"]) >= 1000 and last["value"] in (1, 2), last
    assert last["value"] == (2 if min(last["totals"]) < 500 else 1), last
EOF
# The game's standing reaches the engines: newgame game= hand= totals=.
# (The spy's tee writes a file: unconfined, --no-sandbox.)
cat >"$tmp/spy.sh" <<EOF
#!/bin/sh
tee -a "$tmp/in.log" | exec "$PWD/$BUILD/bezique-engine" --level random
EOF
chmod +x "$tmp/spy.sh"
"$A" match --variant two-hand -e "$tmp/spy.sh" --name spy \
	-e "$BUILD/bezique-engine --level random" --name random -n 2 --seed 3 \
	--no-sandbox -q -o "$tmp/spy.jsonl" >/dev/null
grep -q '^newgame deal=1 .* game=1 hand=0 totals=0,0$' "$tmp/in.log"
t=$(python3 -c '
import json, sys
r = json.loads(open(sys.argv[1]).readline())
print("%d,%d" % tuple(r["series"]["totals"]))' "$tmp/spy.jsonl")
grep -q "^newgame deal=1 .* game=1 hand=1 totals=$t\$" "$tmp/in.log"
grep -Eq "^gameover deal=1 .* hand=0 totals=$t gameover=0( |$)" "$tmp/in.log"

# Cut off after the second deal of the first game, then resume.
head -n 2 "$tmp/full.jsonl" >"$tmp/cut.jsonl"
run --resume "$tmp/cut.jsonl" >/dev/null
[ "$(wc -l <"$tmp/cut.jsonl")" -eq "$n" ]
"$A" verify "$tmp/cut.jsonl" | grep -q "^$n records verified, 0 bad"
python3 tests/arbiter/series_key.py "$tmp/full.jsonl" >"$tmp/a"
python3 tests/arbiter/series_key.py "$tmp/cut.jsonl" >"$tmp/b"
cmp "$tmp/a" "$tmp/b"

# A record whose totals were altered is refused, naming the series.
python3 - "$tmp/full.jsonl" "$tmp/bad.jsonl" <<'EOF'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
r = json.loads(lines[1])
r["series"]["totals"][0] += 10
lines[1] = json.dumps(r, separators=(",", ":"))
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
EOF
if "$A" verify "$tmp/bad.jsonl" >"$tmp/out" 2>&1; then
	echo "altered totals verified"; exit 1
fi
grep -q ':2: series: recorded totals' "$tmp/out"
# rate counts the games: two results, not one per deal.
"$A" rate "$tmp/full.jsonl" >"$tmp/rate.txt"
grep -q '^1   greedy .*  2  100.0%' "$tmp/rate.txt"

# A failure ends the game: an engine that plays an illegal card in the
# second deal forfeits that deal and the game, a double game (value 2)
# to the other; the next game starts afresh at its first deal.
"$A" match --variant two-hand \
	-e "$BUILD/fixtures/badbot --mode illegal --after 40" --name bad \
	-e "$BUILD/bezique-engine --level greedy" --name greedy -n 2 --seed 3 \
	-q -o "$tmp/forfeit.jsonl" >"$tmp/forfeit.txt"
"$A" verify "$tmp/forfeit.jsonl" | grep -q '^4 records verified, 0 bad'
python3 tests/arbiter/recordschema.py "$tmp/forfeit.jsonl" >/dev/null
python3 - "$tmp/forfeit.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
for g in (1, 2):
    deals = [r for r in rows if r["deal"] == g]
    assert [r["series"]["hand"] for r in deals] == [0, 1], deals
    last = deals[-1]
    bad = last["players"].index("bad")
    assert last["termination"] == "illegal" and last["fault_seat"] == bad
    s = last["series"]
    assert s["over"] and s["winner"] == 1 - bad and s["value"] == 2, s
PY
grep -q '^bad  *2  *0  *2  *0 ' "$tmp/forfeit.txt"

# One SIGINT stops a game at the end of the deal in play, not at the end
# of the game (two strong engines, 20 ms a decision: games of several
# deals, each long enough); --resume then continues that game at its
# next deal from the recorded totals, and every game ends once.
"$A" match --variant two-hand -e "$BUILD/bezique-engine --level strong" \
	--name strong --option MoveTime=20 \
	-e "$BUILD/bezique-engine --level strong" --name strong2 \
	--option MoveTime=20 -n 2 --seed 3 -q -o "$tmp/int.jsonl" \
	>/dev/null 2>"$tmp/int.err" &
pid=$!
i=0
while [ ! -s "$tmp/int.jsonl" ] && [ $i -lt 600 ]; do
	sleep 0.05; i=$((i + 1))
done
kill -INT $pid
wait $pid || true
grep -q 'stopping after the 1 deal(s) in play' "$tmp/int.err"
python3 - "$tmp/int.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
# SIGINT came during the second deal (the first took as long): that deal
# ends, no other begins, whether or not it ended the game.
assert 2 <= len(rows) <= 3 and all(r["deal"] == 1 for r in rows), \
    [(r["deal"], r["series"]["hand"]) for r in rows]
PY
"$A" match --variant two-hand -e "$BUILD/bezique-engine --level strong" \
	--name strong --option MoveTime=1 \
	-e "$BUILD/bezique-engine --level strong" --name strong2 \
	--option MoveTime=1 -n 2 --seed 3 -q --resume "$tmp/int.jsonl" >/dev/null
m=$(wc -l <"$tmp/int.jsonl")
"$A" verify "$tmp/int.jsonl" | grep -q "^$m records verified, 0 bad"
python3 tests/arbiter/series_key.py --chain "$tmp/int.jsonl" 2
