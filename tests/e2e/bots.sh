#!/bin/sh
# tests/e2e/bots.sh: the example bots of bots/ speak the protocol.
#
# Each bot is fed the scripted session tests/e2e/bots.session (handshake,
# options, two deals of `go` requests with real seat views, events, junk
# lines, quit) three ways:
#   quit  the session ending in `quit`, with standard input kept open
#         afterwards: the bot must exit on `quit` alone;
#   crlf  the same with every line ended by CR LF;
#   eof   the session without `quit`: the bot must exit at end of input.
# Each time it must exit with status 0 within $LIMIT seconds, and its
# standard output must be exactly: the handshake (id, option, protocol 1,
# feature legal, bzpok), then `readyok` for each `isready` and
# `action id=N <one of the legal actions>` for each `go`, in order.
# Some bots have more to prove (see EXPECT below).
#
# One line per bot; exit status 0 only if every bot passed.  Run from
# anywhere: sh tests/e2e/bots.sh
cd "$(dirname "$0")/../.." || exit 1

LIMIT=${LIMIT:-10}
SESSION=tests/e2e/bots.session
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

grep -v '^#' "$SESSION" >"$tmp/session"
grep -v '^quit' "$tmp/session" >"$tmp/session.eof"
awk '{ printf "%s\r\n", $0 }' "$tmp/session" >"$tmp/session.crlf"

# check.awk SESSION OUTPUT: prints one line per problem in OUTPUT.
# expect: "first" (each answer is the first legal action) and/or
# "<id>=<action>|<action>..." words (the answer to go id must be one of
# those).
cat >"$tmp/check.awk" <<'EOF'
function fail(msg) { if (++bad <= 5) printf "%s\n", msg }
BEGIN {
	k = 1; inhs = 0
	m = split(expect, words, " ")
	for (i = 1; i <= m; i++)
		if (words[i] == "first") first = 1
		else if ((j = index(words[i], "=")) > 0)
			only[substr(words[i], 1, j - 1)] = substr(words[i], j + 1)
}
FNR == NR {	# the session: what the bot must answer, in order
	if ($1 == "bzp") want[++n] = "handshake"
	else if ($1 == "isready") want[++n] = "readyok"
	else if ($1 == "go") {
		id = ""; legal = ""
		for (i = 2; i <= NF && $i != "view"; i++) {
			if ($i ~ /^id=/) id = substr($i, 4)
			if ($i ~ /^legal=/) legal = substr($i, 7)
		}
		if (id != "") { want[++n] = "action"; goid[n] = id; golegal[n] = legal }
	}
	next
}
/\r/ { fail("line " FNR " has a CR: " $0); next }
inhs {		# inside the handshake, until bzpok
	if ($0 == "bzpok") {
		inhs = 0
		if (!hs["name"]) fail("handshake without 'id name'")
		if (!hs["protocol"]) fail("handshake without 'protocol 1'")
		if (!hs["legal"]) fail("handshake without 'feature legal'")
	} else if ($0 ~ /^id name ./) hs["name"] = 1
	else if ($0 == "protocol 1") hs["protocol"] = 1
	else if ($0 == "feature legal") hs["legal"] = 1
	else if ($0 !~ /^(id (author|version) .|option name .|feature .)/)
		fail("unexpected line in the handshake: " $0)
	next
}
k > n { fail("unexpected line " FNR ": " $0); next }
want[k] == "handshake" {
	if ($0 ~ /^id name ./) hs["name"] = 1
	else fail("the handshake does not start with 'id name': " $0)
	inhs = 1; k++; next
}
want[k] == "readyok" {
	if ($0 != "readyok") fail("expected readyok, got: " $0)
	k++; next
}
{	# want[k] == "action"
	id = goid[k]; nl = split(golegal[k], acts, ",")
	if ($1 != "action" || $2 != "id=" id || NF != 3) {
		fail("expected 'action id=" id " <action>', got: " $0); k++; next
	}
	ok = 0
	for (i = 1; i <= nl; i++) if ($3 == acts[i]) ok = 1
	if (!ok) fail("go id=" id ": " $3 " is not in the legal list " golegal[k])
	if (first && $3 != acts[1]) fail("go id=" id ": " $3 " is not the first legal action " acts[1])
	if (id in only) {
		n2 = split(only[id], allowed, "|"); ok = 0
		for (i = 1; i <= n2; i++) if ($3 == allowed[i]) ok = 1
		if (!ok) fail("go id=" id ": expected " only[id] ", got " $3)
	}
	k++
}
END {
	if (inhs) fail("no bzpok")
	if (k <= n) fail("missing answers: expected " want[k] (want[k] == "action" ? " for go id=" goid[k] : "") " next")
	if (bad > 5) printf "... and %d more problems\n", bad - 5
	exit bad > 0
}
EOF

# run_bot INPUT NAME CMD...: runs CMD with INPUT on its standard input,
# its output in $tmp/NAME.out and .err; kills it after $LIMIT seconds.
# Sets rc (the exit status; "killed" if it had to be killed).
run_bot() {
	input=$1 name=$2
	shift 2
	"$@" <"$input" >"$tmp/$name.out" 2>"$tmp/$name.err" &
	pid=$!
	(
		trap 'kill "$nap" 2>/dev/null; wait "$nap"; exit 0' TERM
		sleep "$LIMIT" & nap=$!
		wait "$nap"
		kill -9 "$pid" 2>/dev/null && : >"$tmp/$name.killed"
	) >/dev/null 2>&1 &
	watchdog=$!
	wait "$pid" 2>/dev/null
	rc=$?
	kill "$watchdog" 2>/dev/null
	[ -f "$tmp/$name.killed" ] && rc=killed
}

# test_bot NAME EXPECT CMD...: the three runs; prints the bot's line.
test_bot() {
	bot=$1 expect=$2
	shift 2
	problems=""
	for mode in quit crlf eof; do
		name=$bot.$mode
		case $mode in
		quit)	# the session, then stdin stays open: only `quit` ends it
			mkfifo "$tmp/$name.fifo"
			(cat "$tmp/session"; exec sleep $((LIMIT + 5))) \
			    >"$tmp/$name.fifo" &
			holder=$!
			run_bot "$tmp/$name.fifo" "$name" "$@"
			kill "$holder" 2>/dev/null
			wait "$holder" 2>/dev/null
			input=$tmp/session ;;
		crlf)	input=$tmp/session.crlf
			run_bot "$input" "$name" "$@" ;;
		eof)	input=$tmp/session.eof
			run_bot "$input" "$name" "$@" ;;
		esac
		if [ "$rc" != 0 ]; then
			problems="$problems
  $mode: exit status $rc$( [ "$rc" = killed ] && echo " (no exit within $LIMIT s)")"
		fi
		if ! out=$(awk -v expect="$expect" -f "$tmp/check.awk" \
		    "$tmp/session" "$tmp/$name.out" 2>&1) || [ -n "$out" ]; then
			problems="$problems
$(printf '%s\n' "$out" | sed "s/^/  $mode: /")"
		fi
	done
	# The session sets `Seed`: even the random bot must answer the same
	# way twice (the LF and the CR LF runs).
	if ! cmp -s "$tmp/$bot.quit.out" "$tmp/$bot.crlf.out"; then
		problems="$problems
  the same session (Seed 42) gave other answers the second time"
	fi
	if [ -z "$problems" ]; then
		printf '%-14s ok\n' "$bot:"
	else
		printf '%-14s FAILED%s\n' "$bot:" "$problems"
		for f in "$tmp/$bot".*.err; do
			[ -s "$f" ] && { echo "  stderr of ${f##*/}:"; sed 's/^/    /' "$f"; }
		done
		failed=$((failed + 1))
	fi
}

failed=0

# What each bot must also get right, on top of legality (EXPECT):
#   python-random: nothing more (and, seeded, the same answers each time);
#   js-heuristic claims carte blanche (go 1, 4), makes the declaration
#   (55, 77), leads its lowest card (2) and throws a low card (22, 109,
#   125, 135), but wins cheaply when it holds a marriage (208: JD#2 heads
#   the 9D led, and KD QD can then be declared);
#   shell-first always answers the first legal action.
if command -v python3 >/dev/null 2>&1; then
	test_bot python-random "" python3 bots/python-random/bot.py
else
	printf '%-14s FAILED: python3 not found (install python3)\n' python-random:
	failed=$((failed + 1))
fi

if command -v node >/dev/null 2>&1; then
	test_bot js-heuristic "1=carte-blanche 4=carte-blanche 2=7D#2 \
22=8H#1|8C#2 55=four-aces:AH#1+AC#2+AC#3+AC#4 77=bezique:QS#2+JD#3 \
109=7H#4|7C#4 125=8D#4 135=7C#4 208=JD#2" node bots/js-heuristic/bot.js
else
	printf '%-14s FAILED: node not found: install Node.js (make deps does it)\n' js-heuristic:
	failed=$((failed + 1))
fi

test_bot shell-first "first" sh bots/shell-first/bot.sh

[ "$failed" -eq 0 ]
