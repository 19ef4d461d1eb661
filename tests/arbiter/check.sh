#!/bin/sh
# `bezique-arbiter check` passes for the engine's levels and every bundled
# bot (and every variant for the engine), and fails (status 1, naming the step) for a bot that plays an
# illegal card.
BUILD=${BUILD:-build}
arb="$BUILD/bezique-arbiter"
status=0
for engine in "$BUILD/bezique-engine --level random" \
    "$BUILD/bezique-engine --level greedy" \
    "python3 bots/python-random/bot.py" \
    "node bots/js-heuristic/bot.js" \
    "sh bots/shell-first/bot.sh" \
    "$BUILD/bots/c-random"; do
	if ! out=$("$arb" check "$engine" 2>&1); then
		echo "check failed for: $engine"
		echo "$out"
		status=1
	fi
done
# Every variant (issue #8): the engine's greedy level plays whole games
# of each, three-hand at a table of three.
out=$("$arb" check --variant all "$BUILD/bezique-engine --level greedy" 2>&1)
for v in rubicon two-hand six-pack eight-pack three-hand; do
	if ! echo "$out" | grep -q "ok    $v: plays"; then
		echo "check --variant all did not pass $v:"
		echo "$out"
		status=1
	fi
done
if "$arb" check --variant nine-hand "$BUILD/bezique-engine" 2>/dev/null; then
	echo "check accepted an unknown variant"
	status=1
fi
out=$("$arb" check "$BUILD/fixtures/badbot --mode illegal --after 0" 2>&1)
rc=$?
if [ $rc -ne 1 ] || ! echo "$out" | grep -q "FAIL  answers a decision request"; then
	echo "check did not fail an illegal bot (status $rc):"
	echo "$out"
	status=1
fi
# A bot that passes the steps and fails in a deal has that deal named as
# a person counts it (from 1, as show and the page do): the bot's 120th
# action is illegal, in the second deal (one process plays them all: no
# deck is dealt twice).
out=$("$arb" check "$BUILD/fixtures/badbot --mode illegal --after 120" 2>&1)
rc=$?
if [ $rc -ne 1 ] || ! echo "$out" | grep -q "^        deal 2: illegal: "; then
	echo "check did not name the deal the bot failed in (status $rc):"
	echo "$out"
	status=1
fi
# A bot that does not flush stdout gets the likely cause named in one
# line at the handshake's timeout, and no further steps or deals.
out=$(timeout 30 "$arb" check \
    "env -u PYTHONUNBUFFERED python3 tests/fixtures/noflush.py" 2>&1)
rc=$?
if [ $rc -ne 1 ] ||
    ! echo "$out" | grep -q "no answer to bzp within 5 s: is the bot flushing stdout after each line?" ||
    ! echo "$out" | grep -q "skip  the other steps and the deals" ||
    echo "$out" | grep -q "withdrawn\|plays 4 whole games"; then
	echo "check did not diagnose a bot that does not flush (status $rc):"
	echo "$out"
	status=1
fi
# An exit is told in words, a signal by its name.
out=$("$arb" check "sh tests/fixtures/crash.sh" 2>&1)
if ! echo "$out" | grep -A1 "FAIL  answers bzp" |
    grep -q "the engine was killed by signal 11 (Segmentation fault)"; then
	echo "check did not tell a crash in words:"
	echo "$out"
	status=1
fi
# A bot that writes a log file fails check as it would fail a match
# (confined), with the reason said; --no-sandbox passes it, and the
# flags go in any order before the engine.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#!/bin/sh\necho started >> "%s/debug.log" || exit 3\nexec python3 "%s"\n' \
    "$tmp" "$PWD/bots/python-random/bot.py" > "$tmp/logbot.sh"
chmod +x "$tmp/logbot.sh"
out=$("$arb" check "$tmp/logbot.sh" 2>&1)
rc=$?
if [ $rc -ne 1 ] || [ -e "$tmp/debug.log" ] ||
    ! echo "$out" | grep -q "exited with status 3 (confined: it may write .*; log to standard error; --no-sandbox runs it unconfined)"; then
	echo "check did not confine a bot that writes a log (status $rc):"
	echo "$out"
	status=1
fi
out=$("$arb" check --variant two-hand --no-sandbox "$tmp/logbot.sh" 2>&1)
if [ $? -ne 0 ] || [ ! -e "$tmp/debug.log" ] ||
    ! echo "$out" | grep -q "ok    two-hand: plays"; then
	echo "check --no-sandbox did not pass a bot that writes a log:"
	echo "$out"
	status=1
fi
if echo "$out" | grep -q "^records: "; then
	echo "check listed its temporary records file:"
	echo "$out"
	status=1
fi
exit $status
