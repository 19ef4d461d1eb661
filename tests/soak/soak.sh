#!/bin/sh
# Soak: a long tournament among random-ish engines at concurrency 2, the
# arbiter built under AddressSanitizer (its LeakSanitizer reports leaks at
# exit).  Samples the arbiter's RSS, open descriptors and children
# (zombies among them) every few seconds, then prints the figures.
# Not part of `make test`: it runs for a long time.  Run it niced:
#
#	nice -n 19 tests/soak/soak.sh [DEALS]		(default 100000)
#
# Environment: SAMPLE (seconds between samples, 10), SOAK_DIR (where the
# records, samples and logs go; kept), VERIFY=0 to skip verifying the
# records at the end.  Engines come from build/ (not sanitized: the
# arbiter is under test, not them).  To stop early, send the arbiter
# SIGINT: it finishes the deals in play and exits, and the figures follow.
set -eu
cd "$(dirname "$0")/../.."
DEALS=${1:-100000}
SAMPLE=${SAMPLE:-10}
VERIFY=${VERIFY:-1}
dir=${SOAK_DIR:-$(mktemp -d /tmp/soak.XXXXXX)}
mkdir -p "$dir"
make -s -j2 all >/dev/null
make -s -j2 BUILD=build-asan OPT="-O1 -g" SANITIZER=address,undefined \
	build-asan/bezique-arbiter >/dev/null

# Four engines, a round robin: 6 pairings, each deck played twice.
rounds=$(( (DEALS + 11) / 12 ))
cat >"$dir/soak.ini" <<EOT
[tournament]
rounds = $rounds
seed = 31337
concurrency = 2
time = 60000
cap = 5000
[engine greedy]
command = $PWD/build/bezique-engine --level greedy
[engine random]
command = $PWD/build/bezique-engine --level random
option.Seed = 7
[engine c-random]
command = $PWD/build/bots/c-random
[engine c-random-2]
command = $PWD/build/bots/c-random
EOT

rm -f "$dir/records.jsonl"
# A small quarantine: ASan keeps up to 256 MB of freed memory by default,
# which would look like growth in the RSS figures.
ASAN_OPTIONS=detect_leaks=1:quarantine_size_mb=4 \
	build-asan/bezique-arbiter tournament "$dir/soak.ini" -q \
	-o "$dir/records.jsonl" >"$dir/out.txt" 2>"$dir/err.txt" &
pid=$!
start=$(date +%s)

# One sample: seconds deals rss_kb fds children zombies
sample() {
	rss=$(sed -n 's/^VmRSS:[^0-9]*\([0-9]*\).*/\1/p' /proc/$pid/status \
		2>/dev/null) || return 1
	[ -n "$rss" ] || return 1
	fds=$(ls /proc/$pid/fd 2>/dev/null | wc -l)
	states=$(ps --ppid $pid -o pid=,stat= 2>/dev/null || true)
	kids=$(echo "$states" | grep -c . || true)
	zomb=$(echo "$states" | awk '$2 ~ /^Z/' | grep -c . || true)
	# A child is a zombie for an instant between its exit and the
	# reaper; one still a zombie a whole sample later was not reaped.
	now=$(echo "$states" | awk '$2 ~ /^Z/ { print $1 }')
	for z in $now; do
		echo " $before " | grep -q " $z " && stuck=$((stuck + 1))
	done
	before=$(echo $now)
	deals=$(wc -l <"$dir/records.jsonl" 2>/dev/null || echo 0)
	echo "$(( $(date +%s) - start )) $deals $rss $fds $kids $zomb"
}

stuck=0 before=""
echo "# seconds deals rss_kb fds children zombies" >"$dir/samples.txt"
while kill -0 $pid 2>/dev/null; do
	sample >"$dir/sample.txt" && cat "$dir/sample.txt" >>"$dir/samples.txt"
	sleep "$SAMPLE"
done
rc=0
wait $pid || rc=$?
secs=$(( $(date +%s) - start ))
deals=$(wc -l <"$dir/records.jsonl")

# Figures: the first sample with deals played, the middle one, the last.
awk -v secs="$secs" -v deals="$deals" -v rc="$rc" '
	/^#/ || $2 < deals / 100 || $2 == 0 { next }
	{ n++; s[n] = $0; if ($4 > fmax) fmax = $4; if (fmin == "" || $4 < fmin) fmin = $4
	  if ($6 > zmax) zmax = $6; if ($5 > kmax) kmax = $5 }
	END {
		printf "deals %d in %d s (%.1f/s), arbiter exit status %d\n",
		    deals, secs, deals / (secs ? secs : 1), rc
		if (n == 0) { print "no samples"; exit }
		split(s[1], a); split(s[int((n + 1) / 2)], m); split(s[n], e)
		printf "rss_kb start %d (deal %d), middle %d (deal %d), end %d (deal %d)\n",
		    a[3], a[2], m[3], m[2], e[3], e[2]
		printf "fds start %d, end %d, min %d, max %d\n", a[4], e[4], fmin, fmax
		printf "children max %d; zombies max %d, at the last sample %d (%d samples)\n",
		    kmax, zmax, e[6], n
	}' "$dir/samples.txt" | tee "$dir/report.txt"
echo "zombies still there a sample later (not reaped): $stuck" |
	tee -a "$dir/report.txt"
echo "deals by termination:" $(grep -o '"termination": *"[a-z]*"' \
	"$dir/records.jsonl" | sed 's/.*"\([a-z]*\)"$/\1/' | sort | uniq -c) |
	tee -a "$dir/report.txt"
if grep -q "LeakSanitizer" "$dir/err.txt"; then
	echo "LEAKS:" | tee -a "$dir/report.txt"
	grep -A3 "SUMMARY: AddressSanitizer" "$dir/err.txt" | tee -a "$dir/report.txt"
else
	echo "LeakSanitizer: no leak reported" | tee -a "$dir/report.txt"
fi
grep -q "ERROR: AddressSanitizer\|runtime error" "$dir/err.txt" &&
	echo "SANITIZER ERRORS: see $dir/err.txt" | tee -a "$dir/report.txt"
if [ "$VERIFY" = 1 ]; then
	build/bezique-arbiter verify "$dir/records.jsonl" 2>&1 | tail -1 |
		tee -a "$dir/report.txt"
fi
echo "files in $dir"
[ "$rc" = 0 ]
