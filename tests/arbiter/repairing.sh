#!/bin/sh
# A tournament whose next pairing wants back an engine that is still
# quitting (it takes a second): the engine is started again once reaped,
# and the tournament finishes (it used to wait forever).
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/t.ini" <<EOT
[tournament]
rounds = 4
concurrency = 1
quit_timeout = 3000
[engine a]
command = $BUILD/fixtures/badbot --mode slowquit
[engine b]
command = $BUILD/fixtures/badbot --mode slowquit
[engine c]
command = $BUILD/fixtures/badbot --mode slowquit
EOT
timeout 60 "$BUILD/bezique-arbiter" tournament "$tmp/t.ini" -q \
	-o "$tmp/r.jsonl" >/dev/null
[ "$(wc -l <"$tmp/r.jsonl")" -eq 12 ]
"$BUILD/bezique-arbiter" verify "$tmp/r.jsonl" >/dev/null
