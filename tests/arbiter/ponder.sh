#!/bin/sh
# An engine thinks on its own clock only: off its turn the arbiter stops
# its process group (SIGSTOP, then SIGCONT with its next request), and a
# confined engine cannot leave the group (setsid refused).  badbot --mode
# ponder spins a thread from its first request on and says at quit how
# many SIGCONTs it was sent: against the strong level (50 ms a move) one
# at least for each of the strong level's turns that it waited through
# stopped, none with --ponder; without the sandbox its child's setsid
# succeeds (the test can fail).  The share of CPU it got is printed, not
# asserted: what a loaded machine spares it is not promised (issue 43).
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arb="$BUILD/bezique-arbiter"
run() {	# $1: tag, then flags
	tag=$1
	shift
	"$arb" match -e "$BUILD/fixtures/badbot --mode ponder" \
		--stderr "$tmp/$tag.log" \
		-e "$BUILD/bezique-engine --level strong" --movetime 50 \
		--margin 2000 -n 2 --seed 3 -q -o "$tmp/$tag.jsonl" "$@" \
		>/dev/null 2>&1 || true
	# each line of the engine's after "[PID HH:MM:SS.mmm] "
	sed -i 's/^\[[0-9]* [0-9:.]*\] //' "$tmp/$tag.log"
	# A loaded machine may make a move late, but not by two seconds.
	if [ "$(grep -c '"termination": *"normal"' "$tmp/$tag.jsonl")" -ne 2 ]
	then
		echo "ponder.sh: $tag: not two normal deals:"
		grep -o '"reason": *"[^"]*"' "$tmp/$tag.jsonl"
		exit 1
	fi
}
# The highest share of CPU to wall time over its games, in percent.
share() {
	sed -n 's/^ponder: \([0-9]*\) ms of CPU in \([0-9]*\) ms,.*/\1 \2/p' \
	    "$tmp/$1.log" | awk '$2 > 500 { s = 100 * $1 / $2; if (s > m) m = s }
	    END { printf "%d\n", m + 0 }'
}
# The fewest SIGCONTs of a process, and the most.
continued() {
	sed -n 's/^ponder: .* continued \([0-9]*\) times$/\1/p' "$tmp/$1.log" |
	    sort -n | sed -n "$2"
}
run stopped
run pondering --ponder --no-sandbox
echo "ponder.sh: CPU share stopped $(share stopped)%, pondering $(share pondering)% (not asserted)"
# One report a process (however many deals each played), and as many
# setsid lines.
procs=$(grep -c '^ponder: [0-9]* ms of CPU' "$tmp/stopped.log")
[ "$procs" -ge 1 ]
[ "$(grep -c '^ponder: [0-9]* ms of CPU' "$tmp/pondering.log")" -eq "$procs" ]
# A process waits through the strong level's leads and replies, a dozen
# at least in every deal it plays.
least=$(continued stopped 1p)
echo "ponder.sh: continued $least to $(continued stopped '$p') times a process stopped"
[ "$least" -ge 10 ] || { echo "ponder.sh: stopped and continued only $least times"; exit 1; }
most=$(continued pondering '$p')
[ "$most" -eq 0 ] || { echo "ponder.sh: --ponder, yet continued $most times"; exit 1; }
[ "$(grep -c '^ponder: setsid refused$' "$tmp/stopped.log")" -eq "$procs" ]
[ "$(grep -c '^ponder: setsid ok$' "$tmp/pondering.log")" -eq "$procs" ]
