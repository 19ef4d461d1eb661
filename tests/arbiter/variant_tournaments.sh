#!/bin/sh
# A short round robin per variant (tournaments/variants/*.ini, with the
# engines of $BUILD): every record verifies, every engine plays, nothing
# fails; two-hand's games each take several deals and count once; the
# six-pack records carry their cut.  A three-hand tournament (the
# arbiter plays three-hand as a match of three engines) is refused in
# one line.
set -eu
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for v in rubicon two-hand six-pack eight-pack; do
	sed "s#build/#$BUILD/#" "tournaments/variants/$v.ini" >"$tmp/$v.ini"
	"$A" tournament "$tmp/$v.ini" -q -o "$tmp/$v.jsonl" \
		--summary "$tmp/$v.json" >"$tmp/$v.txt"
	n=$(wc -l <"$tmp/$v.jsonl")
	"$A" verify "$tmp/$v.jsonl" | grep -q "^$n records verified, 0 bad"
	python3 tests/arbiter/recordschema.py "$tmp/$v.jsonl" >/dev/null
	python3 - "$v" "$tmp/$v.jsonl" "$tmp/$v.json" <<'PY'
import json, sys
v, recs, summary = sys.argv[1], sys.argv[2], sys.argv[3]
rows = [json.loads(l) for l in open(recs)]
assert all(r["variant"] == v and r["termination"] == "normal"
           for r in rows), v
games = {r["deal"] for r in rows}
assert games == set(range(1, 7)), (v, games)  # 3 pairings x 2 seatings
if v == "two-hand":
    assert len(rows) > 6, len(rows)            # several deals a game
    assert sum(r["series"]["over"] for r in rows) == 6
else:
    assert len(rows) == 6 and all("series" not in r for r in rows)
assert all(("cut" in r) == (v == "six-pack") for r in rows), v
s = json.load(open(summary))
assert s["deals"] == 6, (v, s["deals"])        # games, not deals
assert len(s["engines"]) == 3, v
PY
done
sed 's/^variant = rubicon/variant = three-hand/' "$tmp/rubicon.ini" \
	>"$tmp/three.ini"
if "$A" tournament "$tmp/three.ini" -q -o "$tmp/three.jsonl" \
	2>"$tmp/err"; then
	echo "a three-hand tournament was not refused"; exit 1
fi
[ "$(wc -l <"$tmp/err")" -eq 1 ]
grep -q "three-hand': tournaments seat two; play it as a match of three" \
	"$tmp/err"
