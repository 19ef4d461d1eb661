#!/bin/sh
# What the documents quote stays what the programs say (issue 43): the
# output bots/README.md shows for its hand-typed session is the Python
# bot's, line for line; README's count of the rule book's worked
# scenarios is §13's.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The block after the "$ printf 'bzp..." line, to its closing fence.
awk '/^\$ printf .bzp/ { on = 1; getline; next } on && /^```/ { exit } on' \
	bots/README.md >"$tmp/shown"
printf 'bzp\nisready\ngo id=1 decision=lead legal=9C#2,AS#1 view bzv/1\nquit\n' |
	python3 bots/python-random/bot.py | sed 's/^action id=1 AS#1$/action id=1 9C#2/' >"$tmp/said"
cmp -s "$tmp/shown" "$tmp/said" || {
	echo "doc_samples.sh: bots/README.md's sample session is not the bot's:"
	cat "$tmp/shown"; echo "--- the bot said:"; cat "$tmp/said"; exit 1; }
last=$(grep -oE '\bS[0-9]+\b' doc/rules.md | tr -d S | sort -n | tail -n 1)
grep -q "with its sources and $last worked scenarios (§13, S1–S$last)" README.md || {
	echo "doc_samples.sh: README does not count §13's $last scenarios:"
	grep -n "worked scenarios" README.md; exit 1; }
