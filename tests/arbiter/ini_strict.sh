#!/bin/sh
# Tournament files: what libinih accepts silently is refused with
# FILE:LINE (issue 21, item 8): a section given twice (an engine would
# vanish), a key given twice (the last would win), an indented line
# after a key (inih's multi-line value: "rounds = 1" then "  3" made
# three rounds), a line longer than inih reads (the rest would be read as
# a line of its own), a bad value for a key read as a flag (once), such a
# key with no value.  A well-formed file is still read.
set -u
BUILD=${BUILD:-build}
ARB=$BUILD/bezique-arbiter
ENG=$BUILD/bezique-engine
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# refuse NAME LINE TEXT FILE-CONTENT: exit non-zero with the one line
# "FILE:LINE: ...TEXT...", and no record written.
refuse() {
	printf '%b' "$4" >"$tmp/$1.ini"
	"$ARB" tournament "$tmp/$1.ini" -q -o "$tmp/$1.jsonl" \
	    >/dev/null 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 0 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] ||
	    ! grep -q "^$tmp/$1.ini:$2: .*$3" "$tmp/err" ||
	    [ -s "$tmp/$1.jsonl" ]; then
		echo "FAILED $1: exit $rc: $(cat "$tmp/err")"
		fail=1
	else
		echo "ok     $1: $(cat "$tmp/err")"
	fi
}

head="[tournament]\nrounds = 1\nseed = ini_strict's own seed\n"
engines="[engine a]\ncommand = $ENG\n\n[engine b]\ncommand = $ENG --level random\n"

refuse section 11 "\[engine a\] appears twice (first at line 5)" \
    "$head\n$engines\n[engine a]\ndir = /tmp\n"
refuse section-empty 5 "\[tournament\] appears twice (first at line 1)" \
    "$head\n[tournament]\nconcurrency = 1\n$engines"
refuse bool 4 "bad value 'maybe' for 'common_deals' (yes or no)" \
    "$head""common_deals = maybe\n\n$engines"
# A key that maps to a flag says what was wrong once, under the file's
# name and line, not also under the flag's.
refuse number 4 "bad value for 'max_failures': not a number in range 'x'" \
    "$head""max_failures = x\n\n$engines"
# A key of the flags with nothing after '=': said, not read as a file
# named "" (luck_file, summary: they followed -o) or as 0.
refuse empty 4 "no value for 'luck_file'" "$head""luck_file =\n\n$engines"
refuse empty-summary 4 "no value for 'summary'" "$head""summary =\n\n$engines"
refuse seed 3 "bad value for 'key': needs 64 hex digits" \
    "[tournament]\nrounds = 1\nkey = zz\n\n$engines"
refuse key 4 "'rounds' in \[tournament\] is given twice (first at line 2)" \
    "${head}rounds = 3\n$engines"
refuse engine-key 6 "'command' in \[engine a\] is given twice" \
    "$head[engine a]\ncommand = $ENG\ncommand = $ENG --level greedy\n[engine b]\ncommand = $ENG\n"
refuse option 6 "'option.Seed' in \[engine a\] is given twice" \
    "$head[engine a]\noption.Seed = 1\noption.Seed = 2\ncommand = $ENG\n[engine b]\ncommand = $ENG\n"
refuse continued 3 "'rounds' in \[tournament\] is continued on an indented line" \
    "[tournament]\nrounds = 1\n  3\nseed = 4\n$engines"
refuse continued-key 3 "'rounds' in \[tournament\] is continued on an indented line" \
    "[tournament]\nrounds = 1\n\tseed = 4\n$engines"
long=$(printf '%0300d' 0)
refuse long 5 "a line longer than" \
    "$head[engine a]\ncommand = $ENG --name $long\n[engine b]\ncommand = $ENG\n"

# Indentation before the first key of a section is no continuation.
printf '%b' "[tournament]\n  rounds = 2\n[engine a]\n  command = $ENG\n[engine b]\ncommand = $ENG --level random\n" >"$tmp/ok.ini"
if ! "$ARB" tournament "$tmp/ok.ini" -q -o "$tmp/ok.jsonl" >/dev/null \
    2>"$tmp/err" || [ "$(wc -l <"$tmp/ok.jsonl")" -ne 2 ]; then
	echo "FAILED ok: a well-formed file: $(cat "$tmp/err")"
	fail=1
fi
exit $fail
