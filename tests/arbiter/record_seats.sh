#!/bin/sh
# A record whose winner or dealer is not a seat is refused by every reader
# (found by fuzzing: resuming a match from one read past the players).
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arb="$BUILD/bezique-arbiter"
eng="$BUILD/bezique-engine --level random"
"$arb" match -e "$eng" --name a -e "$eng" --name b -n 2 -q \
	-o "$tmp/good.jsonl" >/dev/null
sed '1s/"winner": *[-0-9]*/"winner":7/' "$tmp/good.jsonl" >"$tmp/w.jsonl"
sed '1s/"dealer": *[0-9]*/"dealer":9/' "$tmp/good.jsonl" >"$tmp/d.jsonl"
for f in w d; do
	if cmp -s "$tmp/good.jsonl" "$tmp/$f.jsonl"; then
		exit 1	# the edit did not take
	fi
	if "$arb" verify "$tmp/$f.jsonl" >/dev/null 2>"$tmp/err"; then
		exit 1
	fi
	grep -q "is not a seat" "$tmp/err"
	if "$arb" match -e "$eng" --name a -e "$eng" --name b -n 4 -q \
	    --resume "$tmp/$f.jsonl" -o "$tmp/$f.jsonl" >/dev/null \
	    2>"$tmp/err"; then
		exit 1
	fi
	grep -q "$f.jsonl:1: .*is not a seat" "$tmp/err"
done
