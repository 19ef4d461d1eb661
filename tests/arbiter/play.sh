#!/bin/sh
# `play` fed from a pipe: a whole deal by numbered choices, with a bad
# line and a protocol action text on the way; plain text (not a
# terminal); end of input quits cleanly and the engine is reaped.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arb="$BUILD/bezique-arbiter"
eng="$BUILD/bezique-engine --level greedy"

# A bad line, a number out of range, then the first choice every time.
{ echo "zz"; echo "99"; yes 1 | head -n 300; } |
	timeout 30 "$arb" play --engine "$eng" --deals 1 --seed "play.sh seed 3" \
	--records "$tmp/r.jsonl" >"$tmp/out" 2>"$tmp/err"
grep -q "^deal over: points you [0-9]*, bezique-engine [0-9]*" "$tmp/out"
grep -q "'zz' is not a card" "$tmp/out"
grep -q "no action number 99 " "$tmp/out"
grep -q "^your lead: 1)" "$tmp/out"
# In words: the trump suit named (it printed blank), draws announced,
# declarations named, never a copy number nor a protocol token.
grep -Eq "^trump is (spades|hearts|diamonds|clubs)$" "$tmp/out"
grep -Eq "^you draw (10|[AKQJ987])[SHDC]$" "$tmp/out"
grep -Eq "^bezique-engine draws a card$" "$tmp/out"
grep -Eq "^(you declare|bezique-engine declares) [a-zé ]+ ((10|[AKQJ987])[SHDC] )+for [0-9]+$" "$tmp/out"
if grep -Eq "#[0-9]|event |marriage:|bezique:" "$tmp/out"; then
	echo "play.sh: a protocol token or a copy number shown"; exit 1
fi
# The numbered list is the hand, in its order, a number for each kind of
# card (copies alike are one choice: they play alike): every lead lists
# the whole hand, no card twice.  A card "from your table" is another
# choice than its copy in hand (Rubicon has four KD: one may be in each).
awk '/^your hand:/ { n = 0; for (i = 3; i <= NF; i++) if ($i != $(i - 1)) hw[++n] = $i; h = $0; next }
	/^your lead:/ { c = 0; delete seen
		for (i = 3; i <= NF; i++) if ($i ~ /^[0-9]+\)$/) {
			k = $(i + 1) ($(i + 2) == "from" ? " table" : "")
			c++; if ((c <= n && $(i + 1) != hw[c]) || seen[k]++) {
				print "order: " h " / " $0; bad = 1 } }
		if (c < n) { print "short list: " h " / " $0; bad = 1 } }
	END { exit bad }' "$tmp/out"
if grep -q "$(printf '\033')" "$tmp/out" || grep -q "♠" "$tmp/out"; then
	echo "play.sh: colour or suit symbols into a pipe"; exit 1
fi
[ "$(wc -l <"$tmp/r.jsonl")" -eq 1 ]
# One name per player, the records' (naming.h): the engine's id name,
# not "engine" nor its command, in the terminal, the records and rate.
grep -q '"players": *\["you", *"bezique-engine"\]' "$tmp/r.jsonl"
"$arb" rate "$tmp/r.jsonl" | grep -q "^bezique-engine "
"$arb" verify "$tmp/r.jsonl" >/dev/null
python3 tests/arbiter/recordschema.py "$tmp/r.jsonl" >/dev/null

# The dealer's seat: the engine leads first.
yes 1 | head -n 300 | timeout 30 "$arb" play --engine "$eng" --deals 1 \
	--seat 1 --seed 5 >"$tmp/out1" 2>&1
grep -q "^new deal: you are seat 1" "$tmp/out1"
grep -q "^deal over: " "$tmp/out1"
[ "$(grep -m1 -E '^(you play|bezique-engine plays) ' "$tmp/out1" | cut -d" " -f1)" = bezique-engine ]

# No --seed: each session deals from a key drawn at random, said at the
# end, and --key with it deals the same deck again.
for k in a b c; do
	[ $k = c ] && key=$(sed -n 's/.*--key \([0-9a-f]*\) deals them again$/\1/p' \
	    "$tmp/err_a") || key=
	yes 1 | head -n 300 | timeout 30 "$arb" play --engine "$eng" \
	    --deals 1 ${key:+--key "$key"} --records "$tmp/s_$k.jsonl" \
	    >/dev/null 2>"$tmp/err_$k"
	deck=$(grep -o '"deck": *"[^"]*"' "$tmp/s_$k.jsonl")
	eval "deck_$k=\$deck"
done
grep -q "drawn at random; --key [0-9a-f]\{64\} deals them again$" "$tmp/err_a"
[ -n "$deck_a" ]
[ "$deck_a" != "$deck_b" ]
[ "$deck_a" = "$deck_c" ]
! grep -q "drawn at random" "$tmp/err_c" || exit 1

# Input from a file or /dev/null (which epoll refuses): read as needed,
# no warning from the event library.
timeout 10 "$arb" play --engine "$eng" --seed 5 </dev/null >/dev/null \
    2>"$tmp/err_null"
! grep -q "warn" "$tmp/err_null" || exit 1

# The action's text works as well as its number (this seed deals QH#1 to
# the elder hand: bots/lib/python's deal_deck).
printf 'QH#1\n' | timeout 10 "$arb" play --engine "$eng" --seed "play.sh QH 39" \
	>"$tmp/out2" 2>&1
grep -q "you play QH$" "$tmp/out2"

# End of input in the middle of a deal: exit 0 at once, no engine left.
start=$(date +%s)
printf '1\n1\n' | timeout 10 "$arb" play --engine "$eng" >"$tmp/out3" 2>&1
[ $(($(date +%s) - start)) -le 5 ]
grep -q "you play" "$tmp/out3"

# A bad flag: one line, status 2.
set +e
"$arb" play --seat 3 2>"$tmp/err2"; rc=$?
set -e
[ $rc -eq 2 ]
[ "$(wc -l <"$tmp/err2")" -eq 1 ]

# An engine that cannot start: one line naming it, status 2.
set +e
printf '1\n' | "$arb" play --engine "$tmp/no-such-engine" 2>"$tmp/err3"; rc=$?
set -e
[ $rc -eq 2 ]
grep -q "no-such-engine" "$tmp/err3"

# The engine is confined as in a match (tests/arbiter/sandbox.py): it may
# not read the records nor make a file; with --no-sandbox it may, and the
# records say which.  (Where the kernel has no Landlock, the first half
# is skipped.)
burgle() {	# $1: more flags
	rm -f "$tmp/b.jsonl" "$tmp/planted"
	yes 1 | head -n 300 | BURGLE_WRITE="$tmp/planted" \
	    BURGLE_READ="$tmp/b.jsonl" timeout 30 "$arb" play \
	    --engine "$BUILD/fixtures/badbot --mode burgle" --deals 1 \
	    --seed 3 --records "$tmp/b.jsonl" "$@" >/dev/null 2>"$tmp/err4"
}
burgle --no-sandbox
[ -e "$tmp/planted" ]
grep -q '"sandbox": *"off"' "$tmp/b.jsonl"
burgle
if grep -Eq '"sandbox": *"seccomp(\+pidns)?"' "$tmp/b.jsonl"; then
	echo "play.sh: skipped the sandbox: no Landlock"
else
	[ ! -e "$tmp/planted" ]
	grep -Eq '"sandbox": *"landlock [1-9][0-9]*\+seccomp(\+pidns)?"' \
	    "$tmp/b.jsonl"
fi

# A bot that says 'id name crashy' is crashy, not its command (python3),
# though it fails at its first move.
cat >"$tmp/crashy.py" <<'EOF'
import sys
for line in sys.stdin:
    w = line.split()
    if w and w[0] == "bzp":
        print("id name crashy\nfeature variants=rubicon\nbzpok", flush=True)
    elif w and w[0] == "isready":
        print("readyok", flush=True)
    elif w and w[0] in ("go", "quit"):
        sys.exit(3)
EOF
printf '1\n' | timeout 10 "$arb" play --engine "python3 $tmp/crashy.py" \
	--seat 1 --seed 2 --records "$tmp/c.jsonl" >"$tmp/out5" 2>&1 || true
grep -q "crashy failed" "$tmp/out5"
grep -q '"players": *\["crashy", *"you"\]' "$tmp/c.jsonl"
