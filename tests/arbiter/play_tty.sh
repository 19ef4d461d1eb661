#!/bin/sh
# `play` on a terminal (script(1) gives it one): Unicode suits, and red
# hearts and diamonds unless NO_COLOR is set.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmd="$BUILD/bezique-arbiter play --engine '$BUILD/bezique-engine --level greedy' --seed 2"
esc=$(printf '\033')

printf '1\n' | timeout 10 script -qec "$cmd" /dev/null >"$tmp/color" 2>&1 || true
grep -q "your hand: .*[♠♥♦♣]" "$tmp/color"
grep -q "${esc}\[31m" "$tmp/color"

printf '1\n' | NO_COLOR=1 timeout 10 script -qec "$cmd" /dev/null \
	>"$tmp/plain" 2>&1 || true
grep -q "your hand: .*[♠♥♦♣]" "$tmp/plain"
if grep -q "${esc}\[31m" "$tmp/plain"; then
	echo "play_tty.sh: colour despite NO_COLOR"; exit 1
fi
