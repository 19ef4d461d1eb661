#!/bin/sh
# A short tournament among every bundled bot and every engine level: no
# failure of any engine, and the records verify.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed "s|build/|$BUILD/|g" tournaments/demo.ini >"$tmp/t.ini"
cat >>"$tmp/t.ini" <<EOT

[engine random]
command = $BUILD/bezique-engine --level random

[engine c-random]
command = $BUILD/bots/c-random
EOT
"$BUILD/bezique-arbiter" tournament "$tmp/t.ini" --rounds 2 -q \
	--records "$tmp/r.jsonl" --summary "$tmp/s.json" --svg "$tmp/s.svg" \
	>"$tmp/table.txt"
"$BUILD/bezique-arbiter" verify "$tmp/r.jsonl" >/dev/null
# 7 engines: 21 pairings, 2 deals each; no failures in the table.
[ "$(wc -l <"$tmp/r.jsonl")" -eq 42 ]
if grep -E '^[0-9]+ ' "$tmp/table.txt" | grep -vE ' -$'; then
	echo "an engine failed:"; cat "$tmp/table.txt"; exit 1
fi
grep -q '<svg' "$tmp/s.svg"
