#!/bin/sh
# Runs every fuzz target of BUILD/fuzz for SECONDS each, with its
# dictionary and seed corpus (tests/fuzz/NAME.dict, tests/fuzz/corpus/NAME);
# what a run finds goes to BUILD/fuzz-corpus/NAME (kept between runs), a
# crash to BUILD/fuzz-crashes/.  Prints one line per target: executions,
# seconds, and whether it crashed.  Exits 1 if any target crashed.  The
# per-input timeout is wall time: generous, for runs under nice on a busy
# machine (a 10 s one fired on a 6 ms input there).
#	tests/fuzz/run.sh BUILD SECONDS
BUILD=${1:-build-fuzz}
SECONDS_EACH=${2:-10}
status=0
mkdir -p "$BUILD/fuzz-crashes"
for bin in "$BUILD"/fuzz/fuzz_*; do
	[ -x "$bin" ] || continue
	name=$(basename "$bin")
	t=${name#fuzz_}
	corpus="$BUILD/fuzz-corpus/$t"
	mkdir -p "$corpus"
	dict=""
	[ -f "tests/fuzz/$t.dict" ] && dict="-dict=tests/fuzz/$t.dict"
	seeds=""
	[ -d "tests/fuzz/corpus/$t" ] && seeds="tests/fuzz/corpus/$t"
	log="$BUILD/fuzz-$t.log"
	# stderr of the code under test is closed (-close_fd_mask=2):
	# readers print a line for each bad input; reports still show.
	"$bin" $dict -max_total_time="$SECONDS_EACH" -timeout=60 \
		-rss_limit_mb=2048 -close_fd_mask=2 -print_final_stats=1 \
		-artifact_prefix="$BUILD/fuzz-crashes/$t-" \
		"$corpus" $seeds >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" |
		tail -n 1)
	secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' \
		"$log" | tail -n 1)
	if [ $rc -ne 0 ]; then
		status=1
		printf '%-12s CRASH (exit %d) after %s executions: see %s\n' \
			"$t" $rc "${runs:-?}" "$log"
		grep -m1 -E "ERROR|runtime error|SUMMARY" "$log"
	else
		printf '%-12s %10s executions in %s s, no crash\n' "$t" \
			"${runs:-?}" "${secs:-$SECONDS_EACH}"
	fi
done
exit $status
