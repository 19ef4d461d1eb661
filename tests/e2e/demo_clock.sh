#!/bin/sh
# The demo's clocks (tournaments/demo.ini) leave room for a loaded
# machine: its strong level plays a few deals with the file's playouts,
# and the file's per-decision cap and per-deal time must each be at least
# 50 times what it took at most (a decision, a deal).  A 2 s cap was 16 to 40
# times, and lost deals on a busy machine (issue 33).
set -eu
BUILD=${BUILD:-build}
# Under AddressSanitizer the engine plays several times slower than the
# demo's build does: its times say nothing of the demo's clocks.
if grep -q libasan "$BUILD/bezique-engine"; then
	echo "skipped: a sanitizer build times no demo"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
key() { sed -n "s/^$1 *= *\([0-9]*\).*/\1/p" tournaments/demo.ini | head -n 1; }
cap=$(key cap)
time=$(key time)
playouts=$(sed -n '/^\[engine strong\]/,/^\[/s/^option.Playouts *= *\([0-9]*\).*/\1/p' \
	tournaments/demo.ini)
[ -n "$cap" ] && [ -n "$time" ] && [ -n "$playouts" ] ||
	{ echo "demo_clock.sh: no cap, time or strong Playouts in demo.ini"; exit 1; }
"$BUILD/bezique-arbiter" match -q -n 4 --seed 5 -o "$tmp/m.jsonl" \
	-e "$BUILD/bezique-engine --level strong" --option "Playouts=$playouts" \
	--name strong -e "$BUILD/bezique-engine --level greedy" --name greedy \
	>/dev/null
python3 - "$tmp/m.jsonl" "$cap" "$time" <<'PY'
import json, sys
path, cap, time = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
worst_move = worst_deal = 0
for line in open(path):
    r = json.loads(line)
    seat = r["players"].index("strong")
    ms = [a["ms"] for a in r["actions"]
          if a.get("seat") == seat and a.get("ms") is not None]
    worst_move = max([worst_move] + ms)
    worst_deal = max(worst_deal, sum(ms))
print(f"strong: slowest decision {worst_move:.0f} ms, slowest deal "
      f"{worst_deal:.0f} ms; demo.ini: cap {cap}, time {time}")
bad = []
if cap < 50 * worst_move:
    bad.append(f"cap = {cap} is under 50 x {worst_move:.0f} ms")
if time < 50 * worst_deal:
    bad.append(f"time = {time} is under 50 x {worst_deal:.0f} ms")
for b in bad:
    print("demo_clock.sh: tournaments/demo.ini: " + b)
sys.exit(1 if bad else 0)
PY
