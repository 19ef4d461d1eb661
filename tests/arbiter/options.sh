#!/bin/sh
# Engine options that cannot be sent as one setoption line are refused
# before anything runs, in one line naming the option, from the command
# line and from a tournament file (file:line): a control character in the
# name or value (a newline would smuggle a second command, and used to
# trip an assertion), a value over 1024 bytes (used to be cut at 511
# without a word), a name of two words.  A value at the limit is sent
# whole.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arb="$BUILD/bezique-arbiter"
eng="$BUILD/bezique-engine --level random"
long=$(head -c 1025 /dev/zero | tr '\0' v)
refused() {	# $1: the --option argument, $2: the line wanted
	rc=0
	timeout 30 "$arb" match -e "$eng" --name a --option "$1" \
		-e "$eng" --name b -n 2 -q -o "$tmp/r.jsonl" \
		>/dev/null 2>"$tmp/err" || rc=$?
	[ $rc -eq 2 ] || { echo "--option: exit $rc"; cat "$tmp/err"; exit 1; }
	[ "$(cat "$tmp/err")" = "bezique-arbiter: --option: $2" ] ||
		{ echo "--option: got: $(cat "$tmp/err")"; exit 1; }
	[ ! -e "$tmp/r.jsonl" ]
}
refused "Level=random
quit" "option 'Level': control character 0x0a in the value, at byte 7"
refused "$(printf 'Le\033vel=x')" \
	"option name: control character 0x1b at byte 3"
refused "Level=$long" "option 'Level': value of 1025 bytes, over 1024"
refused "Skill level=3" "option 'Skill level': a name is one word, with no blank"
refused "=3" "an option with no name"

# At the limit the value reaches the engine whole.
max=$(head -c 1024 /dev/zero | tr '\0' w)
# (What it receives it logs to its stderr: a confined engine writes no
# file.)
"$arb" match -e "$BUILD/fixtures/badbot --mode good --spy -" \
	--stderr "$tmp/spy" --option "Note=$max" -e "$eng" -n 2 -q \
	-o "$tmp/ok.jsonl" >/dev/null
sed -i 's/^\[[0-9]* [0-9:.]*\] //' "$tmp/spy"	# each line after "[PID HH:MM:SS.mmm] "
grep -qx "setoption name Note value $max" "$tmp/spy"

printf '[tournament]\nrounds = 1\n[engine a]\ncommand = %s\n' "$eng" \
	>"$tmp/t.ini"
printf 'option.Note = a\001b\n[engine b]\ncommand = %s\n' "$eng" >>"$tmp/t.ini"
rc=0
"$arb" tournament "$tmp/t.ini" -q -o "$tmp/t.jsonl" >/dev/null \
	2>"$tmp/err" || rc=$?
[ $rc -ne 0 ] && [ ! -e "$tmp/t.jsonl" ]
[ "$(cat "$tmp/err")" = "$tmp/t.ini:5: option 'Note': control character 0x01 in the value, at byte 2" ] ||
	{ echo "tournament: got: $(cat "$tmp/err")"; exit 1; }
