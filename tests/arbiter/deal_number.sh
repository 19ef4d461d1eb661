#!/bin/sh
# One number for a deal everywhere (issue 43 item 7): the first deal of a
# match is deal 1 in its record, in the protocol's newgame and gameover
# lines an engine reads, in the live feed, in `show`, in `export --deal 1`'s
# rows; `show --deal N` finds every N that `show` lists; a version 3 file
# (deal counted from 0) still verifies, shows and exports its first deal
# as deal 1.
set -eu
BUILD=${BUILD:-build}
ARB="$BUILD/bezique-arbiter"
SPY="$(dirname "$0")/../fixtures/spy.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "deal_number.sh: $*"; exit 1; }

"$ARB" match -q -n 2 -o "$tmp/r.jsonl" --live \
	-e "python3 $SPY - spy" --name spy --stderr "$tmp/spy.log" \
	-e "$BUILD/bezique-engine --level random" --name rnd >/dev/null \
	2>"$tmp/match.err" || { cat "$tmp/match.err"; fail "the match failed"; }

# The records: deals 1 and 2, version 4.
got=$(python3 -c 'import json,sys
print(" ".join("%d:%d" % (r["version"], r["deal"]) for r in
    map(json.loads, open(sys.argv[1]))))' "$tmp/r.jsonl" | tr ' ' '\n' | sort | tr '\n' ' ')
[ "$got" = "4:1 4:2 " ] || fail "records' version:deal are '$got', not 4:1 4:2"

# The protocol: the spy's first newgame and gameover name deal 1 (game 1).
first=$(grep -o 'newgame deal=[0-9]*' "$tmp/spy.log" | head -n 1)
[ "$first" = "newgame deal=1" ] || fail "first newgame says '$first'"
over=$(grep -o 'gameover deal=[0-9]*' "$tmp/spy.log" | head -n 1)
[ "$over" = "gameover deal=1" ] || fail "first gameover says '$over'"
grep -q 'newgame deal=1 .* game=1 hand=0 ' "$tmp/spy.log" ||
	fail "newgame deal=1 is not game=1 hand=0"
grep -q 'newgame deal=0 ' "$tmp/spy.log" && fail "a newgame says deal=0"

# `show` lists Deal 1 and Deal 2, and --deal N finds each.
"$ARB" show "$tmp/r.jsonl" >"$tmp/all.txt"
listed=$(sed -n 's/^Deal \([0-9]*\):.*/\1/p' "$tmp/all.txt" | sort -n | tr '\n' ' ')
[ "$listed" = "1 2 " ] || fail "show lists deals '$listed'"
for n in $listed; do
	"$ARB" show "$tmp/r.jsonl" --deal "$n" | grep -q "^Deal $n:" ||
		fail "show --deal $n does not show deal $n"
done

# `export --deal 1`: rows of deal 1 only, and they say so.
"$ARB" export --deal 1 "$tmp/r.jsonl" -o "$tmp/x.jsonl" 2>/dev/null
deals=$(python3 -c 'import json,sys
print(sorted({json.loads(l)["deal"] for l in open(sys.argv[1])}))' "$tmp/x.jsonl")
[ "$deals" = "[1]" ] || fail "export --deal 1 wrote rows of deals $deals"

# The live feed (which keeps the deal in play only): the last is deal 2.
live=$(python3 -c 'import json,sys
print(sorted({json.loads(l)["deal"] for l in open(sys.argv[1])}))' "$tmp/r.jsonl.live")
[ "$live" = "[2]" ] || fail "the live feed's last deal is $live, not [2]"

# A version 3 file: the same deals counted from 0, the version 3.
python3 -c 'import json,sys
for l in open(sys.argv[1]):
    r = json.loads(l); r["version"] = 3; r["deal"] -= 1
    print(json.dumps(r, separators=(",", ":")))' "$tmp/r.jsonl" >"$tmp/v3.jsonl"
cp "$tmp/r.jsonl.key" "$tmp/v3.jsonl.key"
"$ARB" verify "$tmp/v3.jsonl" >"$tmp/verify.txt" 2>&1 ||
	{ cat "$tmp/verify.txt"; fail "a version 3 file does not verify"; }
"$ARB" show "$tmp/v3.jsonl" --deal 1 | grep -q '^Deal 1:' ||
	fail "show --deal 1 of a version 3 file"
"$ARB" show "$tmp/v3.jsonl" | cmp -s - "$tmp/all.txt" ||
	fail "show of a version 3 file differs from its version 4 twin"
"$ARB" export --deal 1 "$tmp/v3.jsonl" -o "$tmp/x3.jsonl" 2>/dev/null
sed 's/"file":"[^"]*",//' "$tmp/x.jsonl" >"$tmp/x.rows"
sed 's/"file":"[^"]*",//' "$tmp/x3.jsonl" | cmp -s - "$tmp/x.rows" ||
	fail "export --deal 1 of a version 3 file differs from version 4's"
"$ARB" rate "$tmp/v3.jsonl" >/dev/null 2>&1 || fail "rate of a version 3 file"

# Two-hand: a deal is "Game N, deal H" (N the records' "deal", the
# protocol's game=), no name twice; --deal N shows game N's deals, all.
"$ARB" match -q -n 2 --variant two-hand -o "$tmp/t.jsonl" \
	-e "$BUILD/bezique-engine --level random" \
	-e "$BUILD/bezique-engine --level greedy" >/dev/null 2>"$tmp/match.err" ||
	{ cat "$tmp/match.err"; fail "the two-hand match failed"; }
"$ARB" show "$tmp/t.jsonl" | grep '^Game ' | sed 's/:.*//' >"$tmp/names"
[ "$(wc -l <"$tmp/names")" -eq "$(wc -l <"$tmp/t.jsonl")" ] ||
	fail "show names $(wc -l <"$tmp/names") of $(wc -l <"$tmp/t.jsonl") two-hand deals"
[ "$(sort -u "$tmp/names" | wc -l)" -eq "$(wc -l <"$tmp/names")" ] ||
	fail "show names a two-hand deal twice: $(tr '\n' ' ' <"$tmp/names")"
sed -n 's/^Game \([0-9]*\),.*/\1/p' "$tmp/names" | sort -un >"$tmp/games"
[ "$(tr '\n' ' ' <"$tmp/games")" = "1 2 " ] ||
	fail "two-hand games numbered $(tr '\n' ' ' <"$tmp/games")"
for n in 1 2; do
	"$ARB" show "$tmp/t.jsonl" --deal "$n" | grep '^Game ' |
		sed 's/:.*//' >"$tmp/one"
	grep "^Game $n," "$tmp/names" | cmp -s - "$tmp/one" ||
		fail "show --deal $n shows $(tr '\n' ' ' <"$tmp/one")"
done

# A version 4 record numbering a deal 0 is refused in one line.
python3 -c 'import json,sys
r = json.loads(open(sys.argv[1]).readline()); r["deal"] = 0
print(json.dumps(r))' "$tmp/r.jsonl" >"$tmp/zero.jsonl"
if "$ARB" verify "$tmp/zero.jsonl" >"$tmp/zero.txt" 2>&1; then
	fail "a version 4 deal 0 verifies"
fi
grep -q 'not a deal number (from 1)' "$tmp/zero.txt" ||
	{ cat "$tmp/zero.txt"; fail "deal 0's refusal does not say why"; }
echo "deal_number.sh: ok"
