#!/bin/sh
# Per-engine resource limits reach the engine process: an engine that
# writes its own limits to its stderr log, then plays (it is the C bot).
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/engine.sh" <<EOT
#!/bin/sh
ulimit -n >&2
ulimit -v >&2
ulimit -t >&2
awk '/^Max processes/ { print \$3 }' /proc/self/limits >&2
exec $PWD/$BUILD/bots/c-random
EOT
chmod +x "$tmp/engine.sh"
"$BUILD/bezique-arbiter" match -e "$tmp/engine.sh" --name limited \
	--stderr "$tmp/err.log" --limit-files 64 --limit-memory 2048 \
	--limit-cpu 300 --limit-processes 4000 \
	-e "$BUILD/bezique-engine --level random" --name random -n 2 -q \
	-o "$tmp/r.jsonl" >/dev/null
[ "$(sed -n 1p "$tmp/err.log")" = 64 ]
[ "$(sed -n 2p "$tmp/err.log")" = $((2048 * 1024)) ]
[ "$(sed -n 3p "$tmp/err.log")" = 300 ]
# Without privilege a limit can only go down: 4000 or the inherited one.
nproc=$(awk '/^Max processes/ { print $3 }' /proc/self/limits)
u=$nproc
{ [ "$u" = unlimited ] || [ "$u" -gt 4000 ]; } && u=4000
[ "$(sed -n 4p "$tmp/err.log")" = "$u" ]
# The defaults: 1024 descriptors; address space, CPU time and processes
# as inherited (ASan's reservations and some runtimes need the address
# space; the clocks bound time; RLIMIT_NPROC counts the whole user).
"$BUILD/bezique-arbiter" match -e "$tmp/engine.sh" --name limited \
	--stderr "$tmp/def.log" \
	-e "$BUILD/bezique-engine --level random" --name random -n 2 -q \
	-o "$tmp/r.jsonl" >/dev/null
[ "$(sed -n 1p "$tmp/def.log")" = 1024 ]
[ "$(sed -n 2p "$tmp/def.log")" = "$(ulimit -v)" ]
[ "$(sed -n 3p "$tmp/def.log")" = "$(ulimit -t)" ]
[ "$(sed -n 4p "$tmp/def.log")" = "$nproc" ]
