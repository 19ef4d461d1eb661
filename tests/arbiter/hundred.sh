#!/bin/sh
# A hundred engines at once: a match of 100 deals at concurrency 50 runs
# 50 tables of two engines.  Each engine (a wrapper around the C bot)
# marks its start, then waits until it sees 100 marks before it plays, so
# the match can only finish if all 100 were running together (else the
# wrappers give up after a minute and report fewer).  Generous start-up
# and ping timeouts: the machine may be loaded; --reuse-engines keeps
# one process per engine and table (else each game starts new ones);
# --no-sandbox, since the marks are files the engines make.  Every deal ends
# normally and verifies; no engine is left behind.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/marks"
cat >"$tmp/engine.sh" <<EOT
#!/bin/sh
: >"$tmp/marks/\$\$"
i=0
set -- "$tmp"/marks/*
while [ \$# -lt 100 ] && [ \$i -lt 300 ]; do
	sleep 0.2
	i=\$((i + 1))
	set -- "$tmp"/marks/*
done
echo "saw \$#" >&2
exec $PWD/$BUILD/bots/c-random
EOT
chmod +x "$tmp/engine.sh"
timeout 120 "$BUILD/bezique-arbiter" match \
	-e "$tmp/engine.sh" --name a --stderr "$tmp/a.log" \
	-e "$tmp/engine.sh" --name b --stderr "$tmp/b.log" \
	-n 100 -c 50 --startup-timeout 90000 --ping-timeout 60000 -q \
	--reuse-engines --no-sandbox \
	-o "$tmp/r.jsonl" >/dev/null
# each line of the engines' after "[PID HH:MM:SS.mmm] "
sed -i 's/^\[[0-9]* [0-9:.]*\] //' "$tmp/a.log" "$tmp/b.log"
# Each engine saw at least 100 running (a loaded machine may have had
# one restarted: more marks, as many "saw" lines).
n=$(ls "$tmp/marks" | wc -l)
[ "$n" -ge 100 ]
[ "$(cat "$tmp/a.log" "$tmp/b.log" | grep -c '^saw 1[0-9][0-9]$')" -eq "$n" ]
[ "$(grep -c '"termination": *"normal"' "$tmp/r.jsonl")" -eq 100 ] || {
	echo "$n engines; deals:"
	grep -o '"termination": *"[a-z]*", *"reason": *"[^"]*"' "$tmp/r.jsonl"
	exit 1
}
[ "$(wc -l <"$tmp/r.jsonl")" -eq 100 ]
"$BUILD/bezique-arbiter" verify "$tmp/r.jsonl" >/dev/null
sleep 0.3
! pgrep -f "$tmp/engine.sh" >/dev/null
