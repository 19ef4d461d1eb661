#!/bin/sh
# The README's main job: a short demo among the bundled players, with its
# results table.  Usage: scripts/demo.sh BUILD_DIR
set -eu
build=${1:-build}
out="$build/demo.jsonl"
rm -f "$out"
echo "Demo: 40 duplicate deals, greedy against random, seed 2026"
echo "(records: $out; check them with: $build/bezique-arbiter verify $out)"
"$build/bezique-arbiter" match \
	-e "$build/bezique-engine --level greedy" --name greedy \
	-e "$build/bezique-engine --level random" --name random \
	-n 40 --seed 2026 --concurrency 2 -o "$out"
"$build/bezique-arbiter" verify "$out"
