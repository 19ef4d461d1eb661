#!/bin/sh
# Issue 33's smaller items of the command line, each failing before:
# an unknown flag named once ("--frob: unknown flag '--frob'" before);
# help match without the tournament's flags (--rounds, --no-common-deals)
# and with a default -n that three-hand takes (-n 2 was refused: "give a
# multiple of 3"); a busy port's reason ("cannot listen on ..." alone).
set -eu
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "small_items.sh: $*"; exit 1; }

"$A" match --frob -e "$E" -e "$E" 2>"$tmp/err" && fail "--frob accepted"
[ "$(wc -l <"$tmp/err")" = 1 ] && [ "$(grep -o -- '--frob' "$tmp/err" | wc -l)" = 1 ] ||
	fail "unknown flag: $(cat "$tmp/err")"

"$A" help match >"$tmp/help"
if grep -q -- "--rounds\|--no-common-deals" "$tmp/help"; then
	fail "help match lists a tournament's flag"
fi
grep -q "default 2)" "$tmp/help" && fail "help match: -n's default 2"
"$A" match --rounds 3 -e "$E" -e "$E" 2>"$tmp/err" && fail "match took --rounds"
grep -q "^bezique-arbiter: --rounds: a tournament's flag" "$tmp/err" ||
	fail "match --rounds: $(cat "$tmp/err")"
"$A" match -q -e "$E" --name a -e "$E" --name b -e "$E" --name c \
	--variant three-hand -o "$tmp/t.jsonl" >/dev/null 2>"$tmp/err" ||
	fail "three-hand with the default -n: $(cat "$tmp/err")"

python3 - "$A" <<'PY'
import socket, subprocess, sys
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen()
port = s.getsockname()[1]
r = subprocess.run([sys.argv[1], "serve", "--port", str(port)],
                   capture_output=True, text=True, timeout=30)
last = r.stderr.strip().splitlines()[-1]
assert r.returncode != 0 and last.endswith(
    f"cannot listen on 127.0.0.1:{port}: Address already in use"), last
PY
echo "small_items.sh: ok"
