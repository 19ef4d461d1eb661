#!/bin/sh
# The README's main job: the demo tournament among the bundled players
# (tournaments/demo.ini), its standings, and a check of its records.
# Usage: scripts/demo.sh BUILD_DIR [FLAG...]   (flags for the tournament,
# e.g. --rounds 1: tests/e2e/doc_examples.py runs README's make demo so)
set -eu
build=${1:-build}
[ $# -eq 0 ] || shift
rm -f "$build/demo.jsonl"
echo "Demo tournament: tournaments/demo.ini (5 players in 4 languages, a round robin)"
"$build/bezique-arbiter" tournament tournaments/demo.ini \
	--records "$build/demo.jsonl" --summary "$build/demo-summary.json" "$@"
"$build/bezique-arbiter" verify "$build/demo.jsonl"
# The arbiter listed the files it wrote (records, summary, chart).  The
# command suggested is run first, so that the hint cannot go stale.
"$build/bezique-arbiter" show "$build/demo.jsonl" --deal 1 >/dev/null
echo "try: $build/bezique-arbiter show $build/demo.jsonl --deal 1"
