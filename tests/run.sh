#!/bin/sh
# Runs every test program and test script; the last line is
# "N passed, N failed" (counting cmocka tests one by one, scripts as one
# test each), then ", N skipped" if any was: a cmocka test that called
# skip(), or a script whose output has a line "skipped: WHY" (what this
# machine cannot test, such as Landlock on an older kernel).  Each line
# ends with the seconds its test took.  Exit status 0 only when nothing
# failed.
BUILD=${BUILD:-build}
export BUILD
passed=0
failed=0
skipped=0
failures=""
log=$(mktemp)
trap 'rm -f "$log"' EXIT

for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	t0=$(date +%s)
	CMOCKA_MESSAGE_OUTPUT=stdout "$t" >"$log" 2>&1
	rc=$?
	took=$(($(date +%s) - t0))
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
	k=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
	p=${p:-0}; f=${f:-0}; k=${k:-0}
	skipped=$((skipped + k))
	if [ $rc -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
	passed=$((passed + p)); failed=$((failed + f))
	if [ "$f" -ne 0 ]; then
		failures="$failures $(basename "$t")"
		cat "$log"
	fi
	printf '%-28s %4d passed, %d failed%s (%d s)\n' "$(basename "$t")" \
	    "$p" "$f" "$([ "$k" -gt 0 ] && echo ", $k skipped")" "$took"
done

for s in tests/protocol/*.sh tests/arbiter/*.sh tests/e2e/*.sh; do
	[ -f "$s" ] || continue
	t0=$(date +%s)
	sh "$s" >"$log" 2>&1
	rc=$?
	took=$(($(date +%s) - t0))
	if [ $rc -eq 0 ] && grep -q "^skipped: " "$log"; then
		skipped=$((skipped + 1))
		printf '%-28s    0 passed, 0 failed, 1 skipped (%s) (%d s)\n' \
		    "$(basename "$s")" \
		    "$(sed -n 's/^skipped: //p' "$log" | head -n 1)" "$took"
	elif [ $rc -eq 0 ]; then
		passed=$((passed + 1))
		printf '%-28s    1 passed, 0 failed (%d s)\n' "$(basename "$s")" \
		    "$took"
	else
		failed=$((failed + 1)); failures="$failures $s"
		cat "$log"
		printf '%-28s    0 passed, 1 failed (%d s)\n' "$(basename "$s")" \
		    "$took"
	fi
done

[ -n "$failures" ] && echo "failed:$failures"
echo "$passed passed, $failed failed$([ $skipped -gt 0 ] && echo ", $skipped skipped")"
[ $failed -eq 0 ]
