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
# lines TAG FILE LAST: FILE's progress lines labelled, the last as LAST.
lines() {
	grep -E '^deal [0-9]+/' "$2" >"$tmp/lines" || true
	if [ "$(wc -l <"$tmp/lines")" -lt 2 ] ||
	    head -n -1 "$tmp/lines" | grep -vqE ', about [0-9]+ s left, [0-9]+ s so far$' ||
	    ! tail -n 1 "$tmp/lines" | grep -qE "$3"; then
		echo "progress.sh: $1's lines:"; cat "$2"; exit 1
	fi
}
"$arb" match -e "$eng" --name a -e "$eng" --name b -n 10 --seed 4 \
	-o /dev/null >/dev/null 2>"$tmp/match"
lines "a match" "$tmp/match" '^deal 10/10  a [0-9.]+ - [0-9.]+ b, [0-9]+ s so far$'
printf '[tournament]\nrounds = 2\nseed = 4\n[engine a]\ncommand = %s\n[engine b]\ncommand = %s\n[engine c]\ncommand = %s\n' \
	"$eng" "$eng" "$eng" >"$tmp/t.ini"
"$arb" tournament "$tmp/t.ini" -o /dev/null >/dev/null 2>"$tmp/t"
lines "a tournament" "$tmp/t" '^deal ([0-9]+)/\1, [0-9]+ s so far$'
