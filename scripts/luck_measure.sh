#!/bin/sh
# Issue 42's measurement (doc/luck.md): N Rubicon deals of club against
# greedy (seed 42) and of greedy against itself (seed 43), a deck per
# deal (the arbiter's default), each rated with the luck taken out: the
# raw and adjusted score, Elo and game value per deal with 95%
# intervals, and the ratio of the adjusted interval to the raw one.
#
#	scripts/luck_measure.sh [N [DIR]]	(default 2000 deals, build/luck)
#
# The records and summaries stay in DIR.  Everything runs at nice 19:
# 2,000 deals take about a minute on two cores, 20,000 about ten.
# STRONG=P also plays the strong level at 300 playouts against itself
# at 30 and against greedy, P duplicate pairs each (doc/luck.md's 1,000:
# about half an hour on two cores).  PLAY=0 rates the records already in
# DIR again (another V, the same deals; BUILD names the build whose
# arbiter rates them).
set -eu
N=${1:-2000}
DIR=${2:-build/luck}
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
case $N in ''|*[!0-9]*) echo "luck_measure.sh: N must be a whole number, not '$N'" >&2; exit 2;; esac
STRONG=${STRONG:-0}
case $STRONG in ''|*[!0-9]*) echo "luck_measure.sh: STRONG must be a whole number, not '$STRONG'" >&2; exit 2;; esac
mkdir -p "$DIR"
if [ "${PLAY:-1}" != 0 ]; then
	rm -f "$DIR/club-greedy.jsonl" "$DIR/greedy-greedy.jsonl"
	# --no-luck: rate takes the luck out below, once.
	nice -n 19 "$A" match -e "$E --level club" -e "$E --level greedy" \
		-n "$N" --seed 42 --reuse-engines -q \
		-o "$DIR/club-greedy.jsonl" --no-luck >/dev/null
	nice -n 19 "$A" match -e "$E --level greedy" -e "$E --level greedy" \
		--name greedy2 -n "$N" --seed 43 --no-duplicate \
		--reuse-engines -q -o "$DIR/greedy-greedy.jsonl" --no-luck \
		>/dev/null
fi
matches="club-greedy greedy-greedy"
[ "$STRONG" -gt 0 ] && matches="$matches s300-s30 s300-greedy"
# Each deal a fresh engine (no --reuse-engines): the deals replay.
strong() {	# NAME SEED FLAGS...: STRONG pairs of s300 against FLAGS
	name=$1 seed=$2
	shift 2
	[ "${PLAY:-1}" != 0 ] || return 0
	rm -f "$DIR/$name.jsonl"
	nice -n 19 "$A" match -e "$E --level strong" --option Playouts=300 \
		--name s300 "$@" -n $((2 * STRONG)) --duplicate \
		--concurrency 2 --time 600000 --seed "$seed" -q \
		-o "$DIR/$name.jsonl" --no-luck >/dev/null
}
if [ "$STRONG" -gt 0 ]; then
	strong s300-s30 "luck V evaluation, strong 300 against 30 playouts" \
		-e "$E --level strong" --option Playouts=30 --name s30
	strong s300-greedy "luck V evaluation, strong 300 against greedy" \
		-e "$E --level greedy" --name greedy
fi
for m in $matches; do
	case $m in s300-*) n=$((2 * STRONG)) ;; *) n=$N ;; esac
	echo "== $m, $n deals"
	nice -n 19 "$A" rate "$DIR/$m.jsonl" --summary "$DIR/$m.json" \
		--luck-file "$DIR/$m.luck.jsonl" | sed -n '/^luck out/,$p'
	# Seat 0's luck: its mean is 0 within its interval (over duplicate
	# pairs, whose two deals share the deck, where a run has them; or
	# deals).
	python3 - "$DIR/$m.luck.jsonl" "$DIR/$m.json" <<'PY'
import json, math, sys
a = json.load(open(sys.argv[2]))["engines"][0]["adjusted"]
ratio = lambda k: ("%.3f" % (a[k] / a["raw"][k]) if a[k] and a["raw"][k]
                   else "- (no interval)")
print(f"interval ratios: score {ratio('score_ci95')},"
      f" value {ratio('value_ci95')}")
pairs = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    pairs.setdefault(r["pair"], []).append(r)
for key in ("luck_score", "luck_value"):
    x = [sum(r[key] for r in p) / len(p) for p in pairs.values()]
    n = len(x); m = sum(x) / n
    ci = ("± %.4f" % (1.96 * math.sqrt(sum((v - m) ** 2 for v in x) /
                                       (n - 1) / n)) if n > 1 else
          "(no interval)")
    print(f"seat 0's {key}: mean {m:+.4f} {ci} over {n} units")
PY
done
