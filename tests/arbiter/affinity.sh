#!/bin/sh
# --affinity: each table's engines run on one CPU, a different one for
# each table, and a confined engine cannot move itself off it (an
# engine that spins threads on its turn then slows no other table).  An
# engine writes the CPUs it may run on, and whether taskset could widen
# them, to its stderr log, then plays (it is the C bot).
set -eu
BUILD=${BUILD:-build}
ncpu=$(nproc)
if [ "$ncpu" -lt 2 ]; then
	echo "affinity.sh: skipped: one CPU"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/engine.sh" <<EOT
#!/bin/sh
cpus=\$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
if taskset -a -p -c 0-$((ncpu - 1)) \$\$ >/dev/null 2>&1; then
	echo "\$cpus moved" >&2
else
	echo "\$cpus stayed" >&2
fi
exec $PWD/$BUILD/bots/c-random
EOT
chmod +x "$tmp/engine.sh"
run() {	# log, flags...
	log=$1
	shift
	"$BUILD/bezique-arbiter" match -e "$tmp/engine.sh" --name a \
		--stderr "$tmp/$log" -e "$tmp/engine.sh" --name b \
		--stderr "$tmp/$log" -n 8 --concurrency 2 --seed 3 -q \
		-o "$tmp/$log.jsonl" "$@" >/dev/null 2>&1
	unprefix "$tmp/$log"
}
# The arbiter writes each line of an engine's as "[PID HH:MM:SS.mmm] ...".
unprefix() { sed -i 's/^\[[0-9]* [0-9:.]*\] //' "$@"; }
run pinned.log --affinity
# Every engine on a single CPU, the two tables on two, and none moved.
! grep -v '^[0-9]* stayed$' "$tmp/pinned.log"
[ "$(cut -d' ' -f1 "$tmp/pinned.log" | sort -u | wc -l)" = 2 ]
# The tournament key does the same.
cat >"$tmp/t.ini" <<EOT
[tournament]
format = round-robin
rounds = 2
concurrency = 2
affinity = yes
seed = 4
records = $tmp/t.jsonl
[engine a]
command = $tmp/engine.sh
stderr = $tmp/ini.log
[engine b]
command = $tmp/engine.sh
stderr = $tmp/ini.log
EOT
"$BUILD/bezique-arbiter" tournament "$tmp/t.ini" -q >/dev/null 2>&1
unprefix "$tmp/ini.log"
! grep -v '^[0-9]* stayed$' "$tmp/ini.log"
# Without it, every CPU; unconfined, an engine may move (so the test
# sees a move where one is allowed).
run free.log
[ "$(sort -u "$tmp/free.log")" = "$(sed -n \
	's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status) stayed" ]
run loose.log --affinity --no-sandbox
grep -q '^[0-9]* moved$' "$tmp/loose.log"
