#!/bin/sh
# Rule options apply whatever their order (issue 35): a --rule given
# before --variant used to be dropped without a word, the variant
# starting from its own defaults; so was a tournament file's [rules]
# before its variant.  Each variant, both orders, and a file.
set -eu
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine --level random"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Every record of file $1 was played with marriage_to_sequence=false.
all_false() {
	[ -s "$1" ] && ! grep -q 'marriage_to_sequence=true' "$1" &&
		grep -q 'marriage_to_sequence=false' "$1"
}
for v in rubicon two-hand six-pack; do
	for order in before after; do
		if [ $order = before ]; then
			set -- --rule marriage_to_sequence=false --variant $v
		else
			set -- --variant $v --rule marriage_to_sequence=false
		fi
		"$A" match "$@" -e "$E" --name a -e "$E" --name b -n 2 \
			--seed 5 -q -o "$tmp/$v-$order.jsonl" >/dev/null
		all_false "$tmp/$v-$order.jsonl" ||
			{ echo "$v, --rule $order --variant: not kept"; exit 1; }
		grep -q "\"variant\":\"$v\"" "$tmp/$v-$order.jsonl"
	done
done
# A tournament file's [rules] before its variant.
printf '[rules]\nmarriage_to_sequence = false\n[tournament]\n' >"$tmp/t.ini"
printf 'variant = six-pack\nrounds = 1\n' >>"$tmp/t.ini"
printf '[engine a]\ncommand = %s\n[engine b]\ncommand = %s\n' "$E" "$E" \
	>>"$tmp/t.ini"
"$A" tournament "$tmp/t.ini" --seed 5 -q -o "$tmp/t.jsonl" >/dev/null
all_false "$tmp/t.jsonl" || { echo "tournament: [rules] not kept"; exit 1; }
