#!/bin/sh
# UBCG's no_repeat_trump (doc/rules.md §10, issue 35): refused in one
# line where no deal bars the next (a game of one deal, or trump turned
# up), as is barred_trump given by hand (the arbiter sets it from the
# last deal; it used to be ignored without a word); in a two-hand game
# whose trump is declared (EB11) each deal bars the last one's trump.
set -eu
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine --level random"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Refused in one line, before anything runs.
refused() {	# $1: the line wanted; the rest: flags
	want=$1
	shift
	rc=0
	"$A" match "$@" -e "$E" --name a -e "$E" --name b -n 2 -q \
		-o "$tmp/no.jsonl" >/dev/null 2>"$tmp/err" || rc=$?
	[ $rc -eq 2 ] && [ ! -e "$tmp/no.jsonl" ] &&
		[ "$(cat "$tmp/err")" = "bezique-arbiter: match: $want" ] ||
		{ echo "$*: exit $rc: $(cat "$tmp/err")"; exit 1; }
}
why="option 'no_repeat_trump' needs a game of several deals whose trump"
why="$why is declared (game_target > 0, turnup=false)"
refused "$why; six-pack has one deal a game" \
	--variant six-pack --rule no_repeat_trump=true
refused "$why; rubicon has one deal a game" --rule no_repeat_trump=true
refused "$why; two-hand has a turn-up" \
	--rule no_repeat_trump=true --variant two-hand
refused "option 'barred_trump' is not set by hand: no_repeat_trump bars \
the last deal's trump" --variant six-pack --rule barred_trump=D
printf '[tournament]\nvariant = six-pack\nrounds = 1\n[rules]\n' >"$tmp/b.ini"
printf 'barred_trump = D\n[engine a]\ncommand = %s\n' "$E" >>"$tmp/b.ini"
printf '[engine b]\ncommand = %s\n' "$E" >>"$tmp/b.ini"
if "$A" tournament "$tmp/b.ini" -q -o "$tmp/b.jsonl" >/dev/null \
	2>"$tmp/err"; then
	echo "tournament: barred_trump by hand accepted"; exit 1
fi
grep -q "^$tmp/b.ini: option 'barred_trump' is not set by hand" "$tmp/err"

# Two-hand, trump declared (EB11): each deal bars the last one's trump.
"$A" match --rule no_repeat_trump=true --variant two-hand \
	--rule turnup=false -e "$E" --name a -e "$E" --name b -n 2 --seed 5 \
	-q -o "$tmp/bar.jsonl" >/dev/null
python3 - "$tmp/bar.jsonl" <<'PY'
import json, re, sys
barred = 0
last = None
for line in open(sys.argv[1]):
    d = json.loads(line)
    if d.get("type") != "deal":
        continue
    bar = re.search(r"barred_trump=(.)", d["rules"]).group(1)
    want = "-" if d["series"]["hand"] == 0 or last is None else last
    assert bar == want, (d["deal"], bar, want)
    assert d.get("trump") is None or d["trump"] != bar, d["deal"]
    barred += bar != "-"
    last = d.get("trump")
assert barred > 0, "no deal barred a suit"
PY
