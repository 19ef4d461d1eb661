#!/bin/sh
# Runs every test program and test script, TEST_JOBS at a time (default:
# the machine's cores), the longest first (by the seconds each took in
# this build's last run, $BUILD/tests/.seconds, or in tests/seconds, a
# run on a two-core machine, for a build that has none); the last line
# is "N passed, N failed" (counting cmocka tests one by one, scripts as
# one test each), then ", N skipped" if any was: a cmocka test that
# called skip(), or a script whose output has a line "skipped: WHY"
# (what this machine cannot test, such as Landlock on an older kernel).
# Each test's line is printed as it ends, with the seconds it took; a
# failed test's output follows all the lines.  Exit status 0 only when
# nothing failed.
#
# Most of the scripts wait on processes more than they compute (a clock,
# a browser, a remote seat), so running two at a time roughly halves the
# run.  Every test makes its own temporary files and ports, and must pass
# on a loaded machine anyway.
#
#	tests/run.sh            all of them
#	tests/run.sh --one T    one test (a program or a script), its result
#	                        in $RESULTS (internal: xargs calls it so)
BUILD=${BUILD:-build}
export BUILD

# One test: its output to $RESULTS/ID.log, "passed failed skipped
# seconds" to $RESULTS/ID.res, its line to stdout (one write, so lines
# of tests ending together do not mix).
id_of() { echo "$1" | tr '/' '_'; }

run_one() {
	t=$1
	id=$(id_of "$t")
	log="$RESULTS/$id.log"
	t0=$(date +%s)
	case $t in
	*.sh) sh "$t" >"$log" 2>&1 ;;
	*) CMOCKA_MESSAGE_OUTPUT=stdout "$t" >"$log" 2>&1 ;;
	esac
	rc=$?
	took=$(($(date +%s) - t0))
	case $t in
	*.sh)
		p=0; f=0; k=0; why=
		if [ $rc -ne 0 ]; then f=1
		elif grep -q "^skipped: " "$log"; then
			k=1; why=$(sed -n 's/^skipped: //p' "$log" | head -n 1)
		else p=1
		fi ;;
	*)
		p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
		f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
		k=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
		p=${p:-0}; f=${f:-0}; k=${k:-0}; why=
		if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi ;;
	esac
	echo "$p $f $k $took" >"$RESULTS/$id.res"
	if [ -n "$why" ]; then extra=", $k skipped ($why)"
	elif [ "$k" -gt 0 ]; then extra=", $k skipped"
	else extra=
	fi
	printf '%-28s %4d passed, %d failed%s (%d s)\n' "$(basename "$t")" \
	    "$p" "$f" "$extra" "$took"
}

if [ "${1:-}" = --one ]; then
	run_one "$2"
	exit 0
fi

RESULTS=$(mktemp -d)
export RESULTS
trap 'rm -rf "$RESULTS"' EXIT
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
times="$BUILD/tests/.seconds"
known=$times
[ -s "$known" ] || known=tests/seconds

# The tests, each after its seconds in the last run (a new one as if
# long, so it starts early), longest first.
for t in "$BUILD"/tests/test_* tests/protocol/*.sh tests/arbiter/*.sh \
    tests/e2e/*.sh; do
	case $t in *.sh) [ -f "$t" ] ;; *) [ -x "$t" ] ;; esac || continue
	s=$(awk -v t="$(basename "$t")" '$2 == t { print $1; exit }' \
	    "$known" 2>/dev/null)
	echo "${s:-999} $t"
done | sort -k1,1nr -k2 | cut -d' ' -f2- >"$RESULTS/list"

xargs -P "$jobs" -n 1 sh "$0" --one <"$RESULTS/list"

passed=0; failed=0; skipped=0; failures=""
: >"$RESULTS/seconds"
while read -r t; do
	id=$(id_of "$t")
	if [ -f "$RESULTS/$id.res" ]; then
		read -r p f k took <"$RESULTS/$id.res"
	else
		p=0; f=1; k=0; took=0
		echo "$t: no result (the runner was stopped?)" >>"$RESULTS/$id.log"
	fi
	passed=$((passed + p)); failed=$((failed + f))
	skipped=$((skipped + k))
	echo "$took $(basename "$t")" >>"$RESULTS/seconds"
	if [ "$f" -ne 0 ]; then
		failures="$failures $t"
		echo "=== $t"
		cat "$RESULTS/$id.log"
	fi
done <"$RESULTS/list"
cp "$RESULTS/seconds" "$times" 2>/dev/null

[ -n "$failures" ] && echo "failed:$failures"
echo "$passed passed, $failed failed$([ $skipped -gt 0 ] && echo ", $skipped skipped")"
[ $failed -eq 0 ]
