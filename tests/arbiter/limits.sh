#!/bin/sh
# Per-engine resource limits reach the engine process: an engine that
# writes its own limits (and its OOM score) to its stderr log, then plays
# (it is the C bot).
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
# The arbiter writes each line of an engine's as "[PID HH:MM:SS.mmm] ...".
unprefix() { sed -i 's/^\[[0-9]* [0-9:.]*\] //' "$@"; }
"$BUILD/bezique-arbiter" match -e "$tmp/engine.sh" --name limited \
	--stderr "$tmp/err.log" --limit-files 64 --limit-memory 2048 \
	--limit-cpu 300 --limit-processes 4000 \
	-e "$BUILD/bezique-engine --level random" --name random -n 2 -q \
	-o "$tmp/r.jsonl" >/dev/null
unprefix "$tmp/err.log"
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
# space; the clocks bound time; RLIMIT_NPROC counts the whole user
# where the engine has no user namespace of its own).
"$BUILD/bezique-arbiter" match -e "$tmp/engine.sh" --name limited \
	--stderr "$tmp/def.log" \
	-e "$BUILD/bezique-engine --level random" --name random -n 2 -q \
	-o "$tmp/def.jsonl" >/dev/null
unprefix "$tmp/def.log"
[ "$(sed -n 1p "$tmp/def.log")" = 1024 ]
[ "$(sed -n 2p "$tmp/def.log")" = "$(ulimit -v)" ]
[ "$(sed -n 3p "$tmp/def.log")" = "$(ulimit -t)" ]
[ "$(sed -n 4p "$tmp/def.log")" = "$nproc" ]

# Should memory run out, the OOM killer takes an engine before the
# arbiter: each engine starts with oom_score_adj 1000, and a confined one
# cannot lower it (it writes no /proc file).
cat >"$tmp/oom.sh" <<EOT
#!/bin/sh
if { echo 0 >/proc/self/oom_score_adj; } 2>/dev/null; then l=lowered; else l=kept; fi
echo "\$(cat /proc/self/oom_score_adj) \$l" >&2
exec $PWD/$BUILD/bots/c-random
EOT
chmod +x "$tmp/oom.sh"
"$BUILD/bezique-arbiter" match -e "$tmp/oom.sh" --name oom \
	--stderr "$tmp/oom.log" -e "$BUILD/bezique-engine --level random" \
	--name random -n 2 -q -o "$tmp/oom.jsonl" >/dev/null
unprefix "$tmp/oom.log"
[ "$(sort -u "$tmp/oom.log")" = "1000 kept" ]

# An engine's stderr log grows no further than --limit-log (1024 MiB by
# default): a bot that writes 3 MiB there at each start leaves a log of 1
# MiB with --limit-log 1, and still plays every deal to its end.  The
# arbiter writes the log (the engine's stderr is a pipe), in lines of at
# most 4096 of its bytes, each after "[PID HH:MM:SS.mmm] ".
cat >"$tmp/chatty.sh" <<EOT
#!/bin/sh
head -c 3145728 /dev/zero >&2
exec $PWD/$BUILD/bots/c-random
EOT
chmod +x "$tmp/chatty.sh"
for mb in 1 0; do
	"$BUILD/bezique-arbiter" match -e "$tmp/chatty.sh" --name chatty \
		--stderr "$tmp/chatty$mb.log" --limit-log $mb \
		-e "$BUILD/bezique-engine --level random" --name random -n 2 -q \
		-o "$tmp/chatty$mb.jsonl" >/dev/null
	[ "$(grep -c '"termination":"normal"' "$tmp/chatty$mb.jsonl")" = 2 ]
done
[ "$(wc -c <"$tmp/chatty1.log")" = 1048576 ]
# One start: one process plays both deals (no deck is dealt twice).
[ "$(tr -cd '\000' <"$tmp/chatty0.log" | wc -c)" = 3145728 ]
[ "$(grep -ac '^\[[0-9]* [0-2][0-9]:[0-5][0-9]:[0-6][0-9]\.[0-9][0-9][0-9]\] ' \
	"$tmp/chatty0.log")" = $((3145728 / 4096)) ]
[ "$(wc -l <"$tmp/chatty0.log")" = $((3145728 / 4096)) ]

# Confined in a user namespace of its own (pidns.c; not for root, whom
# the kernel never holds to RLIMIT_NPROC), an engine's processes are
# counted there: --limit-processes 20 lets it start about 20 however many
# processes its user has elsewhere (40 here), where unconfined it starts
# none.  Run as nobody when this test is root.
as_user=""
if [ "$(id -u)" = 0 ]; then
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
	chmod 777 "$tmp"
fi
cat >"$tmp/bomb.sh" <<EOT
pids=
for i in \$(seq 40); do sleep 60 & pids="\$pids \$!"; done
for sb in confined --no-sandbox; do
	BURGLE_FORK=30 "$PWD/$BUILD/bezique-arbiter" match \
	    -e "$PWD/$BUILD/fixtures/badbot --mode burgle" --name bomb \
	    --stderr "$tmp/\$sb.err" -e "$PWD/$BUILD/bots/c-random" --name c \
	    -n 2 --seed 1 -q -o "$tmp/\$sb.jsonl" --limit-processes 20 \
	    \$([ \$sb = confined ] || echo --no-sandbox) >/dev/null 2>&1
done
kill \$pids
EOT
if ! $as_user test -x "$PWD/$BUILD/fixtures/badbot"; then
	echo "limits.sh: skipped the process count: nobody cannot run $BUILD"
elif $as_user sh "$tmp/bomb.sh" && ! grep -q '+pidns"' "$tmp/confined.jsonl"
then
	echo "limits.sh: skipped the process count: no user namespace here"
else
	unprefix "$tmp/confined.err" "$tmp/--no-sandbox.err"
	forked=$(sed -n 's/^burgle: forked \([0-9]*\) of 30$/\1/p' \
	    "$tmp/confined.err" | head -n 1)
	[ "$forked" -ge 15 ] && [ "$forked" -le 20 ]
	grep -qx 'burgle: forked 0 of 30' "$tmp/--no-sandbox.err"
fi
