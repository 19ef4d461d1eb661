#!/bin/sh
# A tournament's engines and outputs (issue 33, item 9):
#  - an engine's name may be as long as match's --name (100 bytes) with
#    a `name =` key, where its section's is cut at 41 bytes by libinih;
#    a section name too long says how to give the long one; a name over
#    100 bytes, empty or with a control character, and two engines of
#    one name, are refused in one line;
#  - with -o the file's summary and chart follow the records (they
#    overwrote the demo's files); given on the command line, they stay.
set -u
BUILD=${BUILD:-build}
ARB=$BUILD/bezique-arbiter
ENG=$BUILD/bezique-engine
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAILED: $*"; fail=1; }

long=$(printf 'an engine with a name longer than forty-one bytes, %s' \
    'as a long-lived bot may have one')	# 84 bytes
cat >"$tmp/t.ini" <<EOF
[tournament]
rounds = 1
records = $tmp/file.jsonl
summary = $tmp/file-summary.json
svg = $tmp/file.svg

[engine long]
name = $long
command = $ENG --level random

[engine greedy]
command = $ENG --level greedy
EOF

# -o: the records there, the summary and chart beside them, nothing at
# the file's paths.
"$ARB" tournament "$tmp/t.ini" -q -o "$tmp/other.jsonl" >"$tmp/out" 2>&1 ||
	bad "the tournament with -o failed: $(cat "$tmp/out")"
for f in other.jsonl other-summary.json other.svg; do
	[ -s "$tmp/$f" ] || bad "-o: no $f"
done
for f in file.jsonl file-summary.json file.svg; do
	[ -e "$tmp/$f" ] && bad "-o: the file's $f was written"
done
grep -q "summary: $tmp/other-summary.json" "$tmp/out" ||
	bad "the run does not say where its summary went: $(cat "$tmp/out")"
# The long name is the engine's in the records and the summary.
python3 - "$tmp/other.jsonl" "$tmp/other-summary.json" "$long" <<'PY' ||
import json, sys
names = set()
for line in open(sys.argv[1]):
    names.update(json.loads(line)["players"])
assert sys.argv[3] in names, names
assert sys.argv[3] in open(sys.argv[2]).read()
PY
	bad "the long name is not in the records or the summary"

# Given on the command line as well, the summary stays where it is told.
"$ARB" tournament "$tmp/t.ini" -q -o "$tmp/third.jsonl" \
    --summary "$tmp/mine.json" >/dev/null 2>&1
[ -s "$tmp/mine.json" ] || bad "--summary with -o was not kept"
[ -e "$tmp/third-summary.json" ] && bad "--summary with -o was moved"

# refuse NAME TEXT SECTION-LINES: one line on stderr matching TEXT.
refuse() {
	printf '[tournament]\nrounds = 1\n%b' "$3" >"$tmp/$1.ini"
	"$ARB" tournament "$tmp/$1.ini" -q -o "$tmp/$1.jsonl" \
	    >/dev/null 2>"$tmp/err"
	rc=$?
	if [ $rc -eq 0 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] ||
	    ! grep -q "$2" "$tmp/err"; then
		bad "$1: exit $rc: $(cat "$tmp/err")"
	else
		echo "ok     $1: $(cat "$tmp/err")"
	fi
}
e2="[engine b]\ncommand = $ENG\n"
refuse section "give the engine a short section.*'name = \.\.\.'" \
    "[engine $long]\ncommand = $ENG\n$e2"
refuse toolong "1 to 100 bytes" \
    "[engine a]\nname = $long$long\ncommand = $ENG\n$e2"
refuse empty "1 to 100 bytes" "[engine a]\nname =\ncommand = $ENG\n$e2"
refuse control "control character" \
    "[engine a]\nname = a\tb\ncommand = $ENG\n$e2"
refuse twice "two engines are named 'b'" \
    "[engine a]\nname = b\ncommand = $ENG\n$e2"

[ $fail -eq 0 ] && echo "tournament_names.sh: ok"
exit $fail
