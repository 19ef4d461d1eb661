#!/bin/sh
# Records written to a full disk (/dev/full): the match and the
# tournament stop with exit status 1 and one clear line naming the file
# and the cause; the summary counts only what was recorded (none); no
# sanitizer report; `timeout` turns a hang into a failure.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -w /dev/full ] || { echo "no /dev/full here"; exit 1; }
eng="$BUILD/bezique-engine --level random"
check() {	# $1: the exit status
	[ "$1" -eq 1 ]
	grep -q "^bezique-arbiter: /dev/full: cannot write the record: No space left on device$" "$tmp/err"
	grep -q "^bezique-arbiter: 0 of [0-9]* deals recorded" "$tmp/err"
	! grep -q "Sanitizer\|runtime error" "$tmp/err"
}
rc=0
timeout 60 "$BUILD/bezique-arbiter" match -e "$eng" --name a -e "$eng" \
	--name b -n 4 -c 2 -q -o /dev/full >/dev/null 2>"$tmp/err" || rc=$?
check $rc
cat >"$tmp/t.ini" <<EOT
[tournament]
rounds = 2
concurrency = 2
[engine a]
command = $eng
[engine b]
command = $eng
[engine c]
command = $BUILD/bots/c-random
EOT
rc=0
timeout 60 "$BUILD/bezique-arbiter" tournament "$tmp/t.ini" -q \
	-o /dev/full >/dev/null 2>"$tmp/err" || rc=$?
check $rc
