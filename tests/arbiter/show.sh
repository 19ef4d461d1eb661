#!/bin/sh
# `show` replays records readably, in the page's words (cards without
# copy numbers, declarations named, hands sorted, names in a column),
# deals numbered from 1; with --seat it hides the other hand.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$BUILD/bezique-arbiter" match -e "$BUILD/bezique-engine --level random" \
	--name alice -e "$BUILD/bezique-engine --level greedy" --name bob \
	-n 2 --seed 5 -q -o "$tmp/r.jsonl" >/dev/null
"$BUILD/bezique-arbiter" show "$tmp/r.jsonl" >"$tmp/all.txt"
"$BUILD/bezique-arbiter" show "$tmp/r.jsonl" --seat 0 --deal 2 >"$tmp/s0.txt"
grep -q '^Deal 1: alice (seat 0' "$tmp/all.txt"
grep -q '^Deal 2: ' "$tmp/s0.txt"
if grep -q '#[0-9]' "$tmp/all.txt"; then
	echo "show.sh: a copy number shown"; grep '#[0-9]' "$tmp/all.txt" | head -3
	exit 1
fi
grep -q 'trick 64 to' "$tmp/all.txt"
grep -q 'wins [0-9]*' "$tmp/all.txt"
[ "$(grep -c '^Deal ' "$tmp/s0.txt")" -eq 1 ]
[ "$(grep -c ' holds ' "$tmp/s0.txt")" -eq 1 ]	# only its own hand
grep -q 'as seat 0 saw it' "$tmp/s0.txt"
other=$(sed -n 's/.*against \([a-z]*\) (seat 1.*/\1/p' "$tmp/s0.txt")
if grep -Eq "^  $other +draws" "$tmp/s0.txt"; then
	echo "seat 0's view shows $other's draws"
	exit 1
fi

# What show cannot do, it says in one line and a non-zero status: a line
# that is not a record (file:line; the others are still shown), a deal
# the file does not hold, a seat no deal has.
err() {	# $1: the status wanted, $2: the line wanted; then show's arguments
	want=$1 line=$2
	shift 2
	rc=0
	"$BUILD/bezique-arbiter" show "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
	[ $rc -eq "$want" ] || { echo "show $*: exit $rc"; exit 1; }
	[ "$(cat "$tmp/err")" = "$line" ] ||
		{ echo "show $*: $(cat "$tmp/err")"; exit 1; }
}
{ head -1 "$tmp/r.jsonl"; echo '{"deal": 1, "torn'; } >"$tmp/bad.jsonl"
err 1 "$tmp/bad.jsonl:2: not a readable deal record" "$tmp/bad.jsonl"
[ "$(grep -c '^Deal ' "$tmp/out")" -eq 1 ]
err 1 "$tmp/r.jsonl: no record of deal 99" "$tmp/r.jsonl" --deal 99
[ ! -s "$tmp/out" ]
err 2 "bezique-arbiter: show: --seat wants a number from 0 to 2, not '7'" \
	"$tmp/r.jsonl" --seat 7
err 1 "$tmp/r.jsonl:1: --seat 2, but the deal has seats 0 to 1" \
	"$tmp/r.jsonl" --seat 2
[ ! -s "$tmp/out" ]
err 2 "bezique-arbiter: show: --deal wants a number from 1 to 1073741824, not '0'" \
	"$tmp/r.jsonl" --deal 0

# A fixed deal (a record kept in tests/fixtures; a name of two-byte
# characters): what a person reads, word for word.
show=$("$BUILD/bezique-arbiter" show tests/fixtures/show_deal.jsonl)
got=$(printf '%s\n' "$show" | sed -n '1,12p'
	printf '%s\n' "$show" | grep -E 'declares|trump is' | head -5
	printf '%s\n' "$show" | grep -E 'exhausted|last trick|^  points')
want=$(cat <<'EOF'
Deal 1: Zoë (seat 0, elder hand) against greedy (seat 1, dealer)
  Zoë    holds A♠ J♠ 8♠ K♥ 8♥ 7♥ A♦ A♦ 9♦
  greedy holds Q♠ J♠ Q♥ 8♥ 10♣ J♣ 10♦ Q♦ 7♦
  Zoë    plays A♠
  greedy plays 7♦
         trick 1 to Zoë
  Zoë    draws Q♣
  greedy draws 7♥
  Zoë    plays 8♥
  greedy plays 7♥
         trick 2 to Zoë
  Zoë    draws 8♣
  greedy declares royal marriage K♦ Q♦ for 40
         trump is diamonds
  Zoë    declares common marriage K♣ Q♣ for 20
  greedy declares four kings K♦ K♥ K♥ K♣ for 80
  greedy declares bézique Q♠ J♦ for 40
         the stock is exhausted: the last tricks
  greedy scores 50 for the last trick
  points 40-1,010, brisques 150-170: greedy wins 2,400 (rubicon)
EOF
)
[ "$got" = "$want" ] || { echo "show.sh: the fixed deal reads"; printf '%s\n' "$got"
	printf '%s\n' "$show" | head -40; exit 1; }
if printf '%s\n' "$show" | grep -q '#[0-9]'; then
	echo "show.sh: a copy number in the fixed deal"; exit 1
fi
# Every line of a player starts its verb in the same column, counted in
# characters (Zoë's ë, two bytes, as one: awk counts bytes).
printf '%s\n' "$show" | sed 's/Zoë/Zoe/g' | awk '/^  (Zoe|greedy) / { c = index($0, " " $2 " ")
	if (col && c != col) { print "unaligned: " $0; bad = 1 } col = c }
	END { exit bad }'
