#!/bin/sh
# Engines that exhaust their memory or their descriptors under the
# per-engine limits (tests/fixtures/exhaust.py): the limit holds (the
# engine got less than it and hit the limit's error), the engine recovers
# and plays, the arbiter is unaffected: every deal ends normally and
# verifies.  The limits apply to both engines: the opponent is the Python
# bot too, since an engine built with ASan cannot start under 256 MB.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arb="$BUILD/bezique-arbiter"
bot="$PWD/bots/python-random/bot.py"
play() {	# $1: mem|fds, then flags
	what=$1
	shift
	timeout 120 "$arb" match \
		-e "python3 tests/fixtures/exhaust.py $what $bot" --name x \
		--stderr "$tmp/$what.log" "$@" \
		-e "python3 $bot" --name random \
		-n 2 -q -o "$tmp/$what.jsonl" >/dev/null
	[ "$(grep -c '"termination": *"normal"' "$tmp/$what.jsonl")" -eq 2 ]
	# each line of the engine's after "[PID HH:MM:SS.mmm] "
	sed -i 's/^\[[0-9]* [0-9:.]*\] //' "$tmp/$what.log"
	"$arb" verify "$tmp/$what.jsonl" >/dev/null
}
# 256 MB of address space: Python itself takes some, so it gets less
# than 256 one-megabyte blocks, but most of them.
play mem --limit-memory 256
n=$(sed -n 's/^mem //p' "$tmp/mem.log" | head -n 1)
[ "$n" -gt 100 ] && [ "$n" -lt 256 ]
# 32 descriptors: fewer than 32 opened, then EMFILE (24).
play fds --limit-files 32
set -- $(sed -n 's/^fds //p' "$tmp/fds.log" | head -n 1)
[ "$1" -gt 16 ] && [ "$1" -lt 32 ] && [ "$2" -eq 24 ]
