#!/bin/sh
# The progress line (issue 43): deals done of the total, then each figure
# labelled, the time left and the time so far; the last line, all done,
# the time taken.  Into a log (not a terminal) a line every tenth.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arb=$BUILD/bezique-arbiter
eng="$BUILD/bezique-engine --level random"
"$arb" match -e "$eng" --name a -e "$eng" --name b -n 10 --seed 4 \
	-o /dev/null >/dev/null 2>"$tmp/match"
grep -E '^deal [0-9]+/10 ' "$tmp/match" >"$tmp/lines"
[ "$(wc -l <"$tmp/lines")" -ge 2 ]
head -n -1 "$tmp/lines" | grep -vqE ', about [0-9]+ s left, [0-9]+ s so far$' &&
	{ echo "progress.sh: a match's line without its labels:"; cat "$tmp/match"; exit 1; }
tail -n 1 "$tmp/lines" | grep -qE '^deal 10/10  a [0-9.]+ - [0-9.]+ b, [0-9]+ s so far$' ||
	{ echo "progress.sh: a match's last line:"; cat "$tmp/match"; exit 1; }
printf '[tournament]\nrounds = 2\nseed = 4\n[engine a]\ncommand = %s\n[engine b]\ncommand = %s\n[engine c]\ncommand = %s\n' \
	"$eng" "$eng" "$eng" >"$tmp/t.ini"
"$arb" tournament "$tmp/t.ini" -o /dev/null >/dev/null 2>"$tmp/t"
grep -E '^deal [0-9]+/' "$tmp/t" >"$tmp/lines"
[ "$(wc -l <"$tmp/lines")" -ge 2 ]
head -n -1 "$tmp/lines" | grep -vqE '^deal [0-9]+/[0-9]+, about [0-9]+ s left, [0-9]+ s so far$' &&
	{ echo "progress.sh: a tournament's line without its labels:"; cat "$tmp/t"; exit 1; }
tail -n 1 "$tmp/lines" | grep -qE '^deal ([0-9]+)/\1, [0-9]+ s so far$' ||
	{ echo "progress.sh: a tournament's last line:"; cat "$tmp/t"; exit 1; }
