#!/bin/sh
# match, sprt and tournament take the luck out as rate does (doc/luck.md):
# the "luck out" table at the end and, in --summary, each engine's
# "adjusted" object with rate's keys; --no-luck (a tournament's luck =
# no) leaves both out.  A resumed match counts the deals read back: its
# adjusted figures are the whole run's.  sprt --adjusted decides on the
# adjusted scores, and is refused in one line with --no-luck.  verify
# --luck-file passes on rate's luck file and names an edited line;
# match --luck-file writes rate's lines as it goes (also on --resume;
# Rubicon, six-pack's cut, two-hand's games).
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
fail() { echo "luck_runs.sh: $*"; exit 1; }

# The summary's engines each carry "adjusted" with rate's keys (deals:
# the deals each played), or none at all.
keys() {
	python3 - "$@" <<'PY'
import json, sys
path, want = sys.argv[1], sys.argv[2]
s = json.load(open(path))
for e in s["engines"]:
    if want == "none":
        assert "adjusted" not in e, (path, e["name"])
        continue
    a = e["adjusted"]
    for k in ("elo", "ci95_pairs", "value_per_deal", "value_ci95", "score",
              "score_ci95", "deals", "raw"):
        assert k in a and k in (a["raw"] if k != "raw" else a), (path, k)
    assert a["deals"] == int(want), (path, e["name"], a["deals"])
PY
}

"$A" match -e "$E --level greedy" --name g -e "$E --level random" --name r \
	-n 6 --seed "luck runs match seed 1" -q -o "$tmp/m.jsonl" \
	--summary "$tmp/m.json" >"$tmp/m.txt" 2>"$tmp/m.err"
grep -q '^luck out (doc/luck.md)' "$tmp/m.txt" || fail "match: no luck table"
grep -q '^g  *6 ' "$tmp/m.txt" || fail "match: no line for g: $(cat "$tmp/m.txt")"
keys "$tmp/m.json" 6 || fail "match: summary"
"$A" match -e "$E --level greedy" --name g -e "$E --level random" --name r \
	-n 6 --seed "luck runs match seed 1" -q -o "$tmp/n.jsonl" \
	--summary "$tmp/n.json" --no-luck >"$tmp/n.txt" 2>&1
grep -q '^luck out' "$tmp/n.txt" && fail "match --no-luck printed the luck table"
keys "$tmp/n.json" none || fail "match --no-luck: summary"

# --resume: three deals read back, three played; the same figures as
# the run played at once (the luck is the records', not the clocks').
head -n 3 "$tmp/m.jsonl" >"$tmp/r.jsonl"
cp "$tmp/m.jsonl.key" "$tmp/r.jsonl.key"
"$A" match -e "$E --level greedy" --name g -e "$E --level random" --name r \
	-n 6 -q --resume "$tmp/r.jsonl" --summary "$tmp/r.json" \
	>"$tmp/r.txt" 2>&1
python3 - "$tmp/m.json" "$tmp/r.json" <<'PY' || fail "resume: $(cat "$tmp/r.txt")"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
for x, y in zip(a["engines"], b["engines"]):
    assert y["adjusted"]["deals"] == 6, y
    assert abs(x["adjusted"]["score"] - y["adjusted"]["score"]) < 1e-9, (x, y)
PY

# verify --luck-file: rate's file passes; an edited luck and a missing
# line are named, file:line, and fail.
"$A" rate "$tmp/m.jsonl" --luck-file "$tmp/m.luck" >/dev/null
"$A" verify "$tmp/m.jsonl" --luck-file "$tmp/m.luck" >"$tmp/v.txt" 2>&1 ||
	fail "verify --luck-file on rate's own file: $(cat "$tmp/v.txt")"
grep -q "6 lines of luck checked against 6 records, 0 wrong" "$tmp/v.txt" ||
	fail "verify: $(cat "$tmp/v.txt")"
python3 - "$tmp/m.luck" "$tmp/bad.luck" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
d = json.loads(lines[1])
d["luck_value"] += 0.5
lines[1] = json.dumps(d)
open(sys.argv[2], "w").write("\n".join(lines[:-1]) + "\n")
PY
if "$A" verify "$tmp/m.jsonl" --luck-file "$tmp/bad.luck" >"$tmp/v.txt" 2>&1
then
	fail "verify --luck-file passed an edited file"
fi
grep -q "bad.luck:2: deal 2: luck" "$tmp/v.txt" || fail "no LUCK:line: $(cat "$tmp/v.txt")"
grep -q "m.jsonl:6: deal 6 has no line" "$tmp/v.txt" || fail "no FILE:line: $(cat "$tmp/v.txt")"

# sprt --adjusted: the test on the adjusted scores, said in its line.
"$A" sprt -e "$E --level greedy" --name g -e "$E --level random" --name r \
	--elo0 0 --elo1 20 --adjusted -q -o /dev/null >"$tmp/s.txt" 2>&1
grep -q "SPRT (logistic, adjusted scores, .*: H1 accepted" "$tmp/s.txt" ||
	fail "sprt --adjusted: $(cat "$tmp/s.txt")"
grep -q '^luck out' "$tmp/s.txt" || fail "sprt: no luck table"
rc=0
"$A" sprt -e "$E --level greedy" -e "$E --level random" --adjusted \
	--no-luck -q -o /dev/null >"$tmp/s.txt" 2>&1 || rc=$?
[ "$rc" -eq 2 ] || fail "sprt --adjusted --no-luck: status $rc"
grep -q "sprt: --adjusted needs the luck" "$tmp/s.txt" ||
	fail "sprt --adjusted --no-luck: $(cat "$tmp/s.txt")"

# A tournament of three: the table and the summary; luck = no: neither.
cat >"$tmp/t.ini" <<EOF
[tournament]
rounds = 2
seed = luck runs tournament seed
[engine g]
command = $E --level greedy
[engine r]
command = $E --level random
[engine g2]
command = $E --level greedy
EOF
"$A" tournament "$tmp/t.ini" -q -o "$tmp/t.jsonl" --summary "$tmp/t.json" \
	>"$tmp/t.txt" 2>&1
grep -q '^luck out (doc/luck.md)' "$tmp/t.txt" || fail "tournament: no table"
keys "$tmp/t.json" 4 || fail "tournament: summary"
# --report-every: the luck table with the report on the way, then at
# the end (6 deals: a report after 4).
"$A" tournament "$tmp/t.ini" -q -o "$tmp/rep.jsonl" --report-every 4 \
	>"$tmp/rep.txt" 2>&1
[ "$(grep -c '^luck out (doc/luck.md)' "$tmp/rep.txt")" -eq 2 ] ||
	fail "tournament --report-every 4: not 2 luck tables: $(cat "$tmp/rep.txt")"
sed 's/^\[tournament\]$/[tournament]\nluck = no/' "$tmp/t.ini" >"$tmp/u.ini"
"$A" tournament "$tmp/u.ini" -q -o "$tmp/u.jsonl" --summary "$tmp/u.json" \
	>"$tmp/u.txt" 2>&1
grep -q '^luck out' "$tmp/u.txt" && fail "luck = no printed the luck table"
keys "$tmp/u.json" none || fail "luck = no: summary"

# --luck-file: the match writes each deal's luck as rate does (its
# lines rate's but for the record's line number), also the deals read
# back by --resume; verify checks it; with --no-luck, or the records'
# own file, it is refused in one line and nothing is written over.
same_luck() {
	python3 - "$1" "$2" <<'PY'
import json, sys
a, b = ([json.loads(l) for l in open(p)] for p in sys.argv[1:])
for x in a + b:
    x.pop("line", None)
    x.pop("file")
key = lambda x: (x["deal"], x["pair"])
assert len(a) == len(b) > 0 and sorted(a, key=key) == sorted(b, key=key), (a, b)
PY
}
"$A" match -e "$E --level greedy" --name g -e "$E --level club" --name c \
	-n 6 --seed "luck runs luck file" -q -o "$tmp/lf.jsonl" \
	--luck-file "$tmp/lf.luck" >"$tmp/lf.txt" 2>&1 ||
	fail "match --luck-file: $(cat "$tmp/lf.txt")"
"$A" rate "$tmp/lf.jsonl" --luck-file "$tmp/lf-rate.luck" >/dev/null
same_luck "$tmp/lf.luck" "$tmp/lf-rate.luck" ||
	fail "match --luck-file is not rate's"
"$A" verify "$tmp/lf.jsonl" --luck-file "$tmp/lf.luck" >"$tmp/v.txt" 2>&1 ||
	fail "verify the match's luck file: $(cat "$tmp/v.txt")"
# The match counts the record it holds, rate reads the line back: the
# same to the bit also where the deal is cut (six-pack) and where a game
# has several deals (two-hand).
for v in six-pack two-hand; do
	"$A" match -e "$E --level greedy" --name g -e "$E --level club" \
		--name c --variant $v -n 4 --seed "luck runs $v" -q \
		-o "$tmp/$v.jsonl" --luck-file "$tmp/$v.luck" >"$tmp/v.txt" 2>&1 ||
		fail "$v match --luck-file: $(cat "$tmp/v.txt")"
	"$A" rate "$tmp/$v.jsonl" --luck-file "$tmp/$v-rate.luck" >/dev/null
	same_luck "$tmp/$v.luck" "$tmp/$v-rate.luck" ||
		fail "$v: match --luck-file is not rate's"
done
head -n 2 "$tmp/lf.jsonl" >"$tmp/lr.jsonl"
cp "$tmp/lf.jsonl.key" "$tmp/lr.jsonl.key"
"$A" match -e "$E --level greedy" --name g -e "$E --level club" --name c \
	-n 6 -q --resume "$tmp/lr.jsonl" --luck-file "$tmp/lr.luck" \
	>"$tmp/lr.txt" 2>&1 || fail "resume --luck-file: $(cat "$tmp/lr.txt")"
same_luck "$tmp/lr.luck" "$tmp/lf-rate.luck" ||
	fail "resumed --luck-file: $(cat "$tmp/lr.luck")"
for how in "--no-luck --luck-file $tmp/nl.luck" "--luck-file $tmp/lr.jsonl"; do
	rc=0
	# shellcheck disable=SC2086
	"$A" match -e "$E --level greedy" --name g -e "$E --level club" \
		--name c -n 6 -q --resume "$tmp/lr.jsonl" $how \
		>"$tmp/no.txt" 2>&1 || rc=$?
	[ $rc -ne 0 ] && [ "$(wc -l <"$tmp/no.txt")" -eq 1 ] &&
		grep -q -- "--luck-file" "$tmp/no.txt" ||
		fail "$how: rc $rc: $(cat "$tmp/no.txt")"
done
[ ! -e "$tmp/nl.luck" ] || fail "--no-luck wrote a luck file"
[ "$(wc -l <"$tmp/lr.jsonl")" -ge 6 ] || fail "the records were written over"

# A tournament's luck_file = key: the file it names, listed at the end
# with the others; with -o elsewhere it follows the records (RECORDS.luck)
# as the summary does; a second run on the same records keeps the first
# one's records and luck file together, numbered.
{
	echo "[tournament]"
	echo "luck_file = $tmp/tk.luck"
	echo "records = $tmp/tk.jsonl"
	sed 1d "$tmp/t.ini"
} >"$tmp/tk.ini"
"$A" tournament "$tmp/tk.ini" -q >"$tmp/tk.txt" 2>&1 ||
	fail "luck_file =: $(cat "$tmp/tk.txt")"
grep -qx "luck: *$tmp/tk.luck" "$tmp/tk.txt" ||
	fail "luck_file = not listed: $(cat "$tmp/tk.txt")"
"$A" verify "$tmp/tk.jsonl" --luck-file "$tmp/tk.luck" >"$tmp/v.txt" 2>&1 ||
	fail "verify the tournament's luck file: $(cat "$tmp/v.txt")"
"$A" tournament "$tmp/tk.ini" -q -o "$tmp/to.jsonl" >"$tmp/to.txt" 2>&1 ||
	fail "luck_file = with -o: $(cat "$tmp/to.txt")"
[ -s "$tmp/to.luck" ] && grep -qx "luck: *$tmp/to.luck" "$tmp/to.txt" ||
	fail "luck_file = did not follow -o: $(cat "$tmp/to.txt")"
cp "$tmp/tk.luck" "$tmp/first.luck"
"$A" tournament "$tmp/tk.ini" -q >"$tmp/tk2.txt" 2>&1 ||
	fail "again: $(cat "$tmp/tk2.txt")"
cmp -s "$tmp/tk.1.luck" "$tmp/first.luck" && [ -s "$tmp/tk.1.jsonl" ] ||
	fail "the first run's luck file was not kept beside its records: $(ls "$tmp")"
"$A" verify "$tmp/tk.1.jsonl" --luck-file "$tmp/tk.1.luck" >"$tmp/v.txt" 2>&1 ||
	fail "the kept pair does not verify: $(cat "$tmp/v.txt")"
echo "luck_runs.sh: ok"
