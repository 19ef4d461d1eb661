#!/bin/sh
# scripts/deal_anatomy.py on two hand-made deals of one deck, seats
# swapped, whose figures are known: each side's declarations by kind (a
# sequence in trumps told from a plain one), the stock tricks (a trick
# followed by a declare step or marked declare_skipped; not the end
# phase's), who fixed trump and the player's wins then, the pair whose
# same hand fixed trump twice, the same figures split by who fixed
# trump; version 3's decks told apart by commit, round and hand; a deal of
# three seats left out; a player of no deal, a command
# line without records, a deal missing a field the tally reads and a line
# that is not JSON refused in one line (the last two with FILE:LINE).
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/r.jsonl" <<'JSON'
{"type":"deal","seed":"7","variant":"rubicon","dealer":1,"players":["strong","greedy"],"trump":"H","actions":[{"seat":0,"kind":"lead","action":"AS#1","points":0},{"seat":1,"kind":"reply","action":"7S#1","points":0,"won_by":0},{"seat":0,"kind":"declare","action":"marriage:KH#1+QH#1","points":40,"trump":"H"},{"seat":0,"kind":"lead","action":"8C#1","points":0},{"seat":1,"kind":"reply","action":"9C#1","points":0,"won_by":1,"declare_skipped":true},{"seat":1,"kind":"lead","action":"7D#1","points":0},{"seat":0,"kind":"reply","action":"8D#1","points":0,"won_by":0}],"result":{"winner":0,"points":[1200,500],"brisques":[10,20]},"termination":"normal"}
{"type":"deal","seed":"7","variant":"rubicon","dealer":1,"players":["greedy","strong"],"trump":"H","actions":[{"seat":1,"kind":"lead","action":"AS#1","points":0},{"seat":0,"kind":"reply","action":"TS#1","points":0,"won_by":0},{"seat":0,"kind":"declare","action":"marriage:KH#2+QH#2","points":40,"trump":"H"},{"seat":0,"kind":"lead","action":"8C#1","points":0},{"seat":1,"kind":"reply","action":"9C#1","points":0,"won_by":1},{"seat":1,"kind":"declare","action":"sequence:AH#1+TH#1+KH#1+QH#1+JH#1","points":250},{"seat":1,"kind":"lead","action":"JS#1","points":0},{"seat":0,"kind":"reply","action":"7C#2","points":0,"won_by":1},{"seat":1,"kind":"declare","action":"sequence:AC#1+TC#1+KC#1+QC#1+JC#1","points":150}],"result":{"winner":1,"points":[900,1300],"brisques":[30,40]},"termination":"normal"}
{"type":"deal","seed":"8","variant":"three-hand","dealer":0,"players":["strong","greedy","other"],"actions":[],"result":{"winner":0,"points":[0,0,0],"brisques":[0,0,0]}}
JSON
python3 scripts/deal_anatomy.py "$tmp/r.jsonl" >"$tmp/out"
cat "$tmp/out"
grep -qx 'strong: 2 deals, won 2, lost 0, drawn 0 (1 more left out: three seats, or not ended normally)' "$tmp/out"
# Won deals, a deal: strong's sequences 250 in trumps and 150 plain, one
# each over two deals; each side one marriage of 40 over two deals.
grep -q '^sequence (trumps) *125/0.5 *0/0.0 ' "$tmp/out"
grep -q '^sequence (plain) *75/0.5 *0/0.0 ' "$tmp/out"
grep -q '^marriage *20/0.5 *20/0.5 ' "$tmp/out"
# Stock tricks: strong 1 (deal 1: the first; deal 2: the second and the
# third), the other 2; the end phase's last trick of deal 1 not counted.
grep -q '^(stock tricks won) *1.5 *1.0 ' "$tmp/out"
grep -q "^(deal's points) *1250 *700 " "$tmp/out"
grep -q '^trump fixed by strong  *1 deals, strong won 100.0%$' "$tmp/out"
grep -q '^trump fixed by the other side  *1 deals, strong won 100.0%$' "$tmp/out"
grep -qx 'duplicate pairs 1; the same hand fixed trump in both deals: 1 (100%); strong won both 1, one 0, none 0 of those' "$tmp/out"
# Split by who fixed trump: strong in deal 1, the other in deal 2.
python3 scripts/deal_anatomy.py --by-trump "$tmp/r.jsonl" >"$tmp/t"
grep -q '^ *strong fixed trump *the other fixed it$' "$tmp/t"
grep -q '^marriage *40/1.0 *0/0.0 *0/0.0 *40/1.0$' "$tmp/t"
grep -q '^sequence (trumps) *0/0.0 *0/0.0 *250/1.0 *0/0.0$' "$tmp/t"
grep -q '^trump fixed by strong  *1 deals, strong won 100.0%$' "$tmp/t"
python3 scripts/deal_anatomy.py --player greedy "$tmp/r.jsonl" >"$tmp/g"
grep -qx 'greedy: 2 deals, won 0, lost 2, drawn 0 (1 more left out: three seats, or not ended normally)' "$tmp/g"
if python3 scripts/deal_anatomy.py --player nobody "$tmp/r.jsonl" 2>"$tmp/err"; then
	echo "a player of no deal was accepted" >&2; exit 1
fi
grep -q "deal_anatomy: $tmp/r.jsonl: no deal played by nobody" "$tmp/err"
if python3 scripts/deal_anatomy.py --by-trump 2>"$tmp/err"; then
	echo "no records file was accepted" >&2; exit 1
fi
grep -q "usage: deal_anatomy.py" "$tmp/err"
# Records of version 3 name their deck by the run key's commitment, round
# and hand (doc/reproducible.md): the same pair, and no pair once the
# second deal's round is another.
for r2 in 0 1; do
	sed -e '3d' -e 's/"seed":"7"/"commit":"abababababababababababababababababababababababababababababababab","round":0,"hand":0/' \
	    -e "2s/\"round\":0/\"round\":$r2/" "$tmp/r.jsonl" >"$tmp/r3.jsonl"
	python3 scripts/deal_anatomy.py "$tmp/r3.jsonl" >"$tmp/o3"
	if [ $r2 = 0 ]; then
		grep -q '^duplicate pairs 1;' "$tmp/o3"
	elif grep -q '^duplicate pairs' "$tmp/o3"; then
		echo "two decks of version 3 taken for a pair" >&2; exit 1
	fi
done
printf '%s\n' '{"type":"deal","players":["a","b"],"dealer":0,"actions":[],"result":{"winner":0,"points":[0,0]}}' >"$tmp/bad.jsonl"
if python3 scripts/deal_anatomy.py "$tmp/bad.jsonl" 2>"$tmp/err"; then
	echo "a result without brisques was read" >&2; exit 1
fi
grep -q "deal_anatomy: $tmp/bad.jsonl:1: a deal's result without 'brisques'" "$tmp/err"
printf '%s\n' '{"type":"deal"' >>"$tmp/r.jsonl"
if python3 scripts/deal_anatomy.py "$tmp/r.jsonl" 2>"$tmp/err"; then
	echo "a line that is not JSON was read" >&2; exit 1
fi
grep -q "deal_anatomy: $tmp/r.jsonl:4: not JSON" "$tmp/err"
