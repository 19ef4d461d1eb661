#!/bin/sh
# The strong level's deals for fitting the luck's V (doc/luck.md,
# tournaments/research/luck-2026-11-28.md, fifth to eighth rounds): the
# strong level at 300 playouts against itself at 30 (sets second, third,
# fourth) or against greedy (set greedy), Rubicon, in sets of fixed seeds, each deal a fresh engine process (no --reuse-engines),
# so that a set is the same deals, action for action, on every run; then
# the deals as luck_model_fit -f reads them.
#
#	scripts/luck_strong_deals.sh [DIR [SET...]]
#		(default build/luck-strong, sets second third fourth)
#
# Writes DIR/SET.jsonl (the records) and DIR/SET.txt (the deals).  The
# sets: second 5,000 deals, third 3,000, fourth 8,000 (about 3 deals a
# second on two cores: an hour and a half for the three), greedy 8,000
# (about 4 a second).  A set whose
# .txt is there already is kept; one whose records were cut short (the
# run stopped, the machine gone down) is resumed where it stopped, so a
# set can be played over several sittings.  N=K plays only each set's
# first K deals (the same deals as the whole set's first K).  Then, for
# example:
#
#	build/tools/luck_model_fit -n 10000 -s 6000000 -h 32 -e 3 -t 5 -l 50 \
#	    -f DIR/second.txt -f DIR/third.txt -f DIR/fourth.txt -o w.h
set -eu
DIR=${1:-build/luck-strong}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- second third fourth
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
mkdir -p "$DIR"
# $other and $opt are words to split; the rest are one word each
play() {
	"$A" match -e "$E --level strong" --option Playouts=300 --name s300 \
		-e "$E $other" $opt --name $name -n "$n" --concurrency 2 \
		--time 600000 --seed "$seed" -q --no-luck "$@" >/dev/null
}
for set in "$@"; do
	case $set in
	second) n=5000 ;;
	third) n=3000 ;;
	fourth) n=8000 ;;
	greedy) n=8000 ;;
	*) echo "luck_strong_deals.sh: no set '$set' (second, third," \
	    "fourth, greedy)" >&2; exit 2 ;;
	esac
	if [ "$set" = greedy ]; then
		other="--level greedy"; opt=; name=greedy
		seed="luck V training deals, strong 300 against greedy"
	else
		other="--level strong"; opt="--option Playouts=30"; name=s30
		seed="luck V training deals, strong 300 against 30 playouts, $set set"
	fi
	n=${N:-$n}
	[ -s "$DIR/$set.txt" ] && continue
	if [ -s "$DIR/$set.jsonl" ] && [ -s "$DIR/$set.jsonl.key" ]; then
		play --resume "$DIR/$set.jsonl"
	else
		play -o "$DIR/$set.jsonl"
	fi
	scripts/luck_deals.py "$DIR/$set.jsonl" >"$DIR/$set.txt.tmp"
	mv "$DIR/$set.txt.tmp" "$DIR/$set.txt"
done
