#!/bin/sh
# `play` at a terminal deal after deal (issue 43): three deals of Rubicon
# as either seat and a whole two-hand game to 1,000, the person typing
# the first choice at every decision.  The input is typed ahead as fast
# as the terminal takes it (play keeps each line for its decision), then
# ^D: a play that stops answering ends there, not at the time limit,
# which is for a hang only, far above what the slowest machine needs.
set -eu
BUILD=${BUILD:-build}
command -v script >/dev/null 2>&1 || { echo "play_deals.sh: script is not installed (util-linux)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arb=$BUILD/bezique-arbiter

# play FLAGS...: plays at a terminal (script(1)), typing "1" at every
# decision; the screen in $tmp/log.
play() {
	rc=0
	{ yes 1 | head -n 20000; printf '\004'; } | timeout 600 script -qfec "stty -echo; NO_COLOR=1 $arb play --engine '$BUILD/bezique-engine --level random' $*" \
		"$tmp/raw" >/dev/null 2>&1 || rc=$?
	tr -d '\r' <"$tmp/raw" >"$tmp/log"
	if [ $rc -ne 0 ] || grep -q 'not your turn' "$tmp/log"; then
		echo "play_deals.sh: play $* (rc $rc):"; tail -n 30 "$tmp/log"; exit 1
	fi
}
for seat in 0 1; do
	play --seat $seat --deals 3 --seed 3 --records "$tmp/r$seat.jsonl"
	n=$(grep -c '^deal over: ' "$tmp/log")
	[ "$n" -eq 3 ] || { echo "play_deals.sh: seat $seat: $n deals over of 3"; tail -n 30 "$tmp/log"; exit 1; }
	grep -q "^3 deals recorded in $tmp/r$seat.jsonl" "$tmp/log"
	"$arb" verify "$tmp/r$seat.jsonl" >/dev/null
done

# Two-hand: a whole game to 1,000, deal after deal.  The game's deals and
# its totals are said, then who won it; the person types the first
# choice until the game is over, then quits.
rc=0
{ i=0
  while [ $i -lt 20000 ] && ! grep -q '^game over: ' "$tmp/raw" 2>/dev/null; do
	printf '1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n' || break
	i=$((i + 10))
	sleep 0.05
  done
  printf 'quit\n'; sleep 1; printf '\004'; } |
	timeout 600 script -qfec "stty -echo; NO_COLOR=1 $arb play --engine '$BUILD/bezique-engine --level random' --variant two-hand --seed 5 --seat 1 --records $tmp/two.jsonl" \
	"$tmp/raw" >/dev/null 2>&1 || rc=$?
tr -d '\r' <"$tmp/raw" >"$tmp/log"
if [ $rc -ne 0 ] || grep -q 'not your turn' "$tmp/log" || ! grep -q '^game over: ' "$tmp/log"; then
	echo "play_deals.sh: two-hand (rc $rc):"; tail -n 30 "$tmp/log"; exit 1
fi
# Each deal of the game numbered from 1 in its game, the dealer
# alternating; the totals after the last deal are the game's result.
n=$(grep -c '^deal over: ' "$tmp/log")
[ "$n" -ge 2 ]
[ "$(grep -c '^new deal (game 1, deal [0-9]*): ' "$tmp/log")" -ge "$n" ]
grep -q '^new deal (game 1, deal 1): you are seat 1, the dealer: bezique-engine leads first$' "$tmp/log"
grep -q '^new deal (game 1, deal 2): you are seat 1, the elder hand: you lead first$' "$tmp/log"
last=$(grep '^game: ' "$tmp/log" | tail -n 1)
over=$(grep '^game over: ' "$tmp/log")
python3 - "$last" "$over" <<'PY'
import re, sys
last, over = sys.argv[1], sys.argv[2]
m = re.match(r"game: you ([\d,]+), bezique-engine ([\d,]+) \(the game is to 1,000\)$", last)
assert m, last
you, eng = (int(x.replace(",", "")) for x in m.groups())
assert max(you, eng) >= 1000, last
hi, lo = max(you, eng), min(you, eng)
who = "you win the game" if you > eng else "bezique-engine wins the game"
want = "game over: %s, %s to %s" % (who, format(hi, ","), format(lo, ","))
assert over == want, (over, want)
PY
"$arb" verify "$tmp/two.jsonl" >/dev/null
