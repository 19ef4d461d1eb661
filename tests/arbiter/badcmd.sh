#!/bin/sh
# Engines that cannot start.  Before anything runs: a program that does
# not exist, one that is not executable, a name not in PATH, a directory,
# a command that does not split, a stderr log that cannot be opened: one
# line naming the engine and the cause, exit status 1, no record file.
# While running: an engine whose program disappears after its first start
# (it moves itself away, then crashes) is forfeited by `startup` on every
# later deal, and the tournament finishes (it used to crash the arbiter).
# (Unconfined, sandbox = no: a confined engine cannot move a file.)
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
arb="$BUILD/bezique-arbiter"
eng="$BUILD/bezique-engine --level random"
touch "$tmp/noexec"
one() {	# $1: engine command, $2: the line wanted; then more flags
	cmd=$1 want=$2
	shift 2
	rc=0
	timeout 30 "$arb" match -e "$cmd" --name x "$@" -e "$eng" --name y \
		-n 2 -q -o "$tmp/r.jsonl" >/dev/null 2>"$tmp/err" || rc=$?
	[ $rc -eq 1 ] || { echo "$cmd: exit $rc"; exit 1; }
	[ "$(cat "$tmp/err")" = "bezique-arbiter: $want" ] ||
		{ echo "$cmd: $(cat "$tmp/err")"; exit 1; }
	[ ! -e "$tmp/r.jsonl" ]
}
one "$tmp/nothere" "engine '$tmp/nothere': not found"
one "$tmp/noexec --level x" "engine '$tmp/noexec': not executable"
one "no-such-engine-$$" "engine 'no-such-engine-$$': not found in PATH"
one "$tmp" "engine '$tmp': not executable"
one "'$tmp" "unterminated single quote (opened at column 1)"
one "$eng" "engine '$BUILD/bezique-engine': stderr log '$tmp/no/log': No such file or directory" \
	--stderr "$tmp/no/log"

cat >"$tmp/vanish.sh" <<EOT
#!/bin/sh
mv "\$0" "\$0.gone"
exec $PWD/$BUILD/fixtures/badbot --mode crash --after 3
EOT
chmod +x "$tmp/vanish.sh"
cat >"$tmp/t.ini" <<EOT
[tournament]
rounds = 2
concurrency = 1
sandbox = no
[engine a]
command = $tmp/vanish.sh
[engine b]
command = $eng
[engine c]
command = $eng
EOT
timeout 60 "$arb" tournament "$tmp/t.ini" -q -o "$tmp/t.jsonl" >/dev/null \
	2>"$tmp/err"
[ -e "$tmp/vanish.sh.gone" ]
[ "$(wc -l <"$tmp/t.jsonl")" -eq 6 ]
[ "$(grep -c '"termination": *"startup"' "$tmp/t.jsonl")" -eq 3 ]
[ "$(grep -c '"termination": *"crash"' "$tmp/t.jsonl")" -eq 1 ]
"$arb" verify "$tmp/t.jsonl" >/dev/null
