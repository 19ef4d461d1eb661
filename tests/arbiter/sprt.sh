#!/bin/sh
# sprt stops as soon as the test decides, on the deals by default (every
# deal a deck of its own: before, the test read only duplicate pairs and
# without them never decided) and on the pairs with --duplicate: greedy
# is far stronger than random (H1 when greedy is first, H0 when it is
# second); invalid bounds are refused with one line.
set -eu
BUILD=${BUILD:-build}
arb="$BUILD/bezique-arbiter"
g="$BUILD/bezique-engine --level greedy"
r="$BUILD/bezique-engine --level random"
out=$("$arb" sprt -e "$g" --name greedy -e "$r" --name random \
	--elo0 0 --elo1 20 -q -o /dev/null)
echo "$out" | grep -q "H1 accepted"
deals=$(echo "$out" | sed -n 's/^greedy *\([0-9]*\) .*/\1/p')
[ "$deals" -ge 2 ] && [ "$deals" -le 200 ]	# it stopped early
out=$("$arb" sprt -e "$r" --name random -e "$g" --name greedy \
	--elo0 0 --elo1 20 -q -o /dev/null)
echo "$out" | grep -q "H0 accepted"
out=$("$arb" sprt -e "$g" --name greedy -e "$r" --name random \
	--elo0 0 --elo1 20 -q -o /dev/null --duplicate 2>/dev/null)
echo "$out" | grep -q "H1 accepted"
echo "$out" | grep -q "Elo (pairs)"
if err=$("$arb" sprt -e "$g" -e "$r" --elo0 10 --elo1 5 2>&1); then
	echo "invalid bounds accepted"; exit 1
fi
echo "$err" | grep -q "sprt: SPRT:"
