#!/bin/sh
# `play` on a terminal: script(1) gives it one for the colours, tmux for
# typing as a person does (help, hint, moves typed before their turn).
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
sock="play_tty$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$tmp"' EXIT
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

# A person at tmux.  What is typed is echoed where the output happens
# to be, so lines are looked for anywhere.  Waits up to 20 s (the machine may be loaded) for
# the screen to show what grep -E $1 finds, $2 times.
tmux -L "$sock" new-session -d -x 160 -y 50 \
	"NO_COLOR=1 script -qfec \"$cmd --hint-engine '$BUILD/bezique-engine --level strong' --seat 1\" $tmp/raw; sleep 30"
screen() { tmux -L "$sock" capture-pane -p -S -5000; }
type_() { tmux -L "$sock" send-keys -l "$1"; tmux -L "$sock" send-keys Enter; }
wait_for() {
	i=0
	while ! { tr -d '\r' <"$tmp/raw" >"$tmp/log" 2>/dev/null &&
		[ "$(grep -oE "$1" "$tmp/log" | wc -l)" -ge "${2:-1}" ]; }; do
		i=$((i + 1))
		[ $i -lt 200 ] || { echo "play_tty.sh: no '$1' x${2:-1}:"; cat "$tmp/log"; exit 1; }
		sleep 0.1
	done
}
# Moves typed before the first decision wait for theirs: three leads or
# replies, each taken once (the next decision shows after the third).
type_ 1; type_ 1; type_ 1
wait_for 'your (lead|reply|declare):' 4
sleep 0.5
tr -d '\r' <"$tmp/raw" >"$tmp/log"
[ "$(grep -oE 'you (play|declare) ' "$tmp/log" | wc -l)" -eq 3 ]
n=$(grep -oE 'your (lead|reply|declare|carte-blanche):' "$tmp/log" | wc -l)
[ "$n" -eq 4 ] || { echo "play_tty.sh: $n decisions for 3 lines typed ahead"; cat "$tmp/log"; exit 1; }
# The trump suit is named once fixed (seed 2: the engine fixes spades).
grep -q "trump is spades$" "$tmp/log"
grep -q "trump spades, stock" "$tmp/log"
type_ help
wait_for '  hint   the engine'
type_ hint
wait_for 'hint: '
# Every action weighed, in words: the engine's choice first (hint.h),
# then the others best first.
wait_for ' +[-+][0-9]+  win +[0-9]+%  [AKQJT987][♠♥♦♣]' 2
awk '/^hint: / { on = 1; next } on && /win/ { v = $1 + 0; if (n++ > 1 && v > last) bad = 1; last = v }
	END { exit bad }' "$tmp/log"
type_ quit
