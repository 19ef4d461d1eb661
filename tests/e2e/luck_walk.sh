#!/bin/sh
# doc/luck.md's worked deal: every line of its output block (the deal's
# luck, the draws it shows, the totals and the adjusted result) is a
# line that build/tools/luck_walk prints for the same deal, to the
# digit.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
doc=doc/luck.md

# The block after the command line, up to the first line not indented.
awk '/^    build\/tools\/luck_walk 1025 0$/ { cmd = 1; next }
	cmd && /^    (deal|trick|luck|result)/ { sub(/^    /, ""); print; got = 1; next }
	got && !/^    / && !/^$/ { exit }' "$doc" >"$tmp/want"
[ "$(wc -l <"$tmp/want")" -ge 9 ] || {
	echo "luck_walk.sh: $doc has no worked deal block to check" >&2
	exit 1; }
"$BUILD/tools/luck_walk" 1025 0 >"$tmp/got"
bad=0
while IFS= read -r line; do
	grep -qxF "$line" "$tmp/got" || {
		echo "luck_walk.sh: $doc shows a line luck_walk does not print:" \
		    "$line" >&2
		bad=1; }
done <"$tmp/want"
[ $bad -eq 0 ] || { echo "luck_walk printed:" >&2; cat "$tmp/got" >&2
	exit 1; }
echo "luck walk: ok ($(wc -l <"$tmp/want") lines)"
