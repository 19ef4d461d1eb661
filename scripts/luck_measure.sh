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
# PLAY=0 rates the records already in DIR again (another V, the same
# deals; BUILD names the build whose arbiter rates them).
set -eu
N=${1:-2000}
DIR=${2:-build/luck}
BUILD=${BUILD:-build}
A="$BUILD/bezique-arbiter"
E="$BUILD/bezique-engine"
case $N in ''|*[!0-9]*) echo "luck_measure.sh: N must be a whole number, not '$N'" >&2; exit 2;; esac
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
for m in club-greedy greedy-greedy; do
	echo "== $m, $N deals"
	nice -n 19 "$A" rate "$DIR/$m.jsonl" --summary "$DIR/$m.json" \
		--luck-file "$DIR/$m.luck.jsonl" | sed -n '/^luck out/,$p'
	# Seat 0's luck: its mean is 0 within its interval (over duplicate
	# pairs, whose two deals share the deck, where a run has them; or
	# deals).
	python3 - "$DIR/$m.luck.jsonl" "$DIR/$m.json" <<'PY'
import json, math, sys
a = json.load(open(sys.argv[2]))["engines"][0]["adjusted"]
print(f"interval ratios: score {a['score_ci95'] / a['raw']['score_ci95']:.3f},"
      f" value {a['value_ci95'] / a['raw']['value_ci95']:.3f}")
pairs = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    pairs.setdefault(r["pair"], []).append(r)
for key in ("luck_score", "luck_value"):
    x = [sum(r[key] for r in p) / len(p) for p in pairs.values()]
    n = len(x); m = sum(x) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in x) / (n - 1))
    print(f"seat 0's {key}: mean {m:+.4f} ± {1.96 * sd / math.sqrt(n):.4f}"
          f" over {n} units")
PY
done
