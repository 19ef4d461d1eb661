#!/bin/sh
# One command-line grammar for the record commands (issue 33): flags
# anywhere among the files (export took every word after the first file
# for a file: "export: -o: No such file or directory"), --player by a
# word of a player's name (names of several words: "engine greedy"), a
# warning when a filter
# matches nothing, and one line naming an unknown flag and the command.
# Also export's "ms" to three decimals (records.md), not
# 0.067000000000000004.
set -eu
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "grammar.sh: $*"; exit 1; }

"$A" match -q -n 2 --seed 1 -o "$tmp/m.jsonl" -e "$E --level greedy" \
	--name "engine greedy" -e "$E --level random" --name "engine random" \
	>/dev/null 2>&1

# Flags after the file, --player by a word: rows of greedy's seat only.
"$A" export --player greedy "$tmp/m.jsonl" -o "$tmp/t.jsonl" 2>"$tmp/err" ||
	fail "export with -o after the file failed: $(cat "$tmp/err")"
[ -s "$tmp/t.jsonl" ] || fail "no rows for --player greedy"
python3 - "$tmp/t.jsonl" <<'PY'
import json, re, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert {r["player"] for r in rows} == {"engine greedy"}, \
    {r["player"] for r in rows}
for line in open(sys.argv[1]):
    for ms in re.findall(r'"ms":([^,}]*)', line):
        assert ms == "null" or re.fullmatch(r"\d+(\.\d{1,3})?", ms), ms
PY
# The same with the flags in another order, and --deal as show's.
"$A" export "$tmp/m.jsonl" --deal 2 --player 'engine random' \
	>"$tmp/t2.jsonl" 2>/dev/null
python3 -c "
import json, sys
rows = [json.loads(l) for l in open('$tmp/t2.jsonl')]
assert rows and {(r['deal'], r['player']) for r in rows} == \
    {(2, 'engine random')}, rows[:1]"

# A filter that matches nothing: a warning naming the players.
"$A" export --player nobody "$tmp/m.jsonl" >/dev/null 2>"$tmp/err"
grep -q "warning: --player 'nobody' matches no player of the records (they are 'engine greedy', 'engine random')" \
	"$tmp/err" || fail "no warning for --player nobody: $(cat "$tmp/err")"
"$A" export --deal 7 "$tmp/m.jsonl" >/dev/null 2>"$tmp/err"
grep -q "warning: --deal 7 matches no record" "$tmp/err" ||
	fail "no warning for --deal 7: $(cat "$tmp/err")"
# A word of both names: refused, naming both.
if "$A" export --player engine "$tmp/m.jsonl" >/dev/null 2>"$tmp/err"; then
	fail "an ambiguous --player passed"
fi
grep -q "give the whole name" "$tmp/err" || fail "ambiguity: $(cat "$tmp/err")"

# Unknown flags: one line, the command and the flag, exit 2, for each.
for cmd in export rate verify show; do
	set +e
	"$A" $cmd "$tmp/m.jsonl" --frob >/dev/null 2>"$tmp/err"
	rc=$?
	set -e
	[ $rc = 2 ] || fail "$cmd --frob: exit $rc"
	[ "$(cat "$tmp/err")" = "bezique-arbiter: $cmd: unknown flag '--frob' (try 'bezique-arbiter help $cmd')" ] ||
		fail "$cmd --frob said: $(cat "$tmp/err")"
done
# rate and verify with flags anywhere.
"$A" rate --bootstrap 0 "$tmp/m.jsonl" --summary "$tmp/s.json" >/dev/null
[ -s "$tmp/s.json" ] || fail "rate --summary after the file wrote nothing"
"$A" show --deal 1 "$tmp/m.jsonl" --seat 1 >/dev/null
"$A" export --bootstrap=3 "$tmp/m.jsonl" >/dev/null 2>&1 &&
	fail "export took rate's --bootstrap"
"$A" export --deal=1 "$tmp/m.jsonl" -o "$tmp/t3.jsonl" 2>/dev/null
[ -s "$tmp/t3.jsonl" ] || fail "--deal=1 wrote nothing"
echo "grammar.sh: ok"
