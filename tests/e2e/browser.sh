#!/bin/sh
# The web front end in a real browser: headless Chromium (Debian's
# chromium, driven by playwright-core from npm) plays a whole deal by
# clicking, replays and analyses it, and follows a tournament; the
# screenshots are $BUILD/gui-*.png.  Without chromium this fails (make
# deps installs it): it is never skipped.
set -eu
BUILD=${BUILD:-build}
if ! [ -x /usr/bin/chromium ]; then
	echo "browser.sh: /usr/bin/chromium is missing (scripts/deps.sh installs it)"
	exit 1
fi
dir="$BUILD/browser"
mkdir -p "$dir"
cp tests/browser/package.json tests/browser/package-lock.json \
	tests/browser/deal.js tests/browser/watch.js tests/browser/failure.js \
	tests/browser/twohand.js tests/browser/forfeit.js tests/browser/pace.js \
	tests/browser/open.js tests/browser/tabbot.js "$dir/"
# npm ci only when the lock file changed (it empties node_modules).
if ! cmp -s tests/browser/package-lock.json "$dir/installed.lock"; then
	(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
	cp tests/browser/package-lock.json "$dir/installed.lock"
fi
out=$(mktemp)
# Waits up to 10 s for a line matching $1 in $out.
wait_for() {
	i=0
	while ! grep -q "$1" "$out" && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# Waits for the server's address in $out, into $url.
wait_url() {
	wait_for "serving on"
	url=$(sed -n 's/^serving on //p' "$out")
	[ -n "$url" ] || { echo "browser.sh: the server did not start"; exit 1; }
}
# Starts serve with these flags: its address in $url, its pid in $pid.
start() {
	# Emptied here, not by the background redirection, which may come
	# after wait_url has read the last server's address.
	: >"$out"
	"$BUILD/bezique-arbiter" serve --port 0 "$@" >"$out" &
	pid=$!
	trap 'kill $pid 2>/dev/null; rm -f "$out"' EXIT
	wait_url
}
# Stops it: SIGTERM, and it must exit 0.
stop() {
	kill -TERM $pid
	rc=0
	wait $pid || rc=$?
	[ $rc -eq 0 ] || { echo "browser.sh: the server exited $rc after SIGTERM"; exit 1; }
	trap 'rm -f "$out"' EXIT
}
rm -f "$dir/deals.jsonl"
# The default opponent: the engine beside the arbiter, "greedy".
start --deals 1 --seed 4 --records "$dir/deals.jsonl"
rm -f "$BUILD"/gui-*.png
node "$dir/deal.js" "$url" "$BUILD/gui"
for s in deal declare hint summary replay phone rules newgame match; do
	[ -s "$BUILD/gui-$s.png" ] || { echo "browser.sh: no gui-$s.png"; exit 1; }
done
stop
# The deals of both games in one file pass the project's own checks: a
# new game goes on numbering the deals, never recording one twice.
"$BUILD/bezique-arbiter" verify "$dir/deals.jsonl" >"$out" 2>&1 ||
	{ cat "$out"; echo "browser.sh: the page's records fail verify"; exit 1; }
"$BUILD/bezique-arbiter" rate "$dir/deals.jsonl" >"$out" 2>&1 ||
	{ cat "$out"; echo "browser.sh: the page's records fail rate"; exit 1; }

# Two-hand: one game to 1,000, deal after deal, to its end.
start --variant two-hand --deals 1 --seed 6
node "$dir/twohand.js" "$url" "$BUILD/gui"
stop

# Deals lost by a crash and by an illegal move, replayed: said in words.
rm -f "$dir/failed.jsonl" "$dir/failed2.jsonl"
for m in "crash --after 3" "illegal --after 2"; do
	"$BUILD/bezique-arbiter" match -n 2 --seed 5 -o "$dir/failed2.jsonl" \
		-e "$BUILD/fixtures/badbot --mode $m" \
		-e "$BUILD/bezique-engine --level greedy" >/dev/null 2>&1 || true
	cat "$dir/failed2.jsonl" >>"$dir/failed.jsonl"
	rm -f "$dir/failed2.jsonl"
done
start --watch "$dir/failed.jsonl"
node "$dir/forfeit.js" "$url" "$BUILD/gui"
stop

# An engine that stops answering: a forfeit in words within the stall
# limit, and the next deal.
start --deals 2 --stall-limit 2 \
	--engine "$BUILD/fixtures/badbot --mode hang --after 3"
node "$dir/failure.js" "$url" "$BUILD/gui"
stop

# serve --watch follows a records file while a tournament writes it.
rm -f "$dir/watched.jsonl" "$dir/watched.jsonl.live"
start --watch "$dir/watched.jsonl"
eng="$BUILD/bezique-engine"
cat >"$dir/watch.ini" <<INI
[tournament]
format = round-robin
rounds = 1
seed = 8
concurrency = 1
records = $dir/watched.jsonl
live = yes
[engine strong]
command = $eng --level strong
# 40 ms a decision: deals slow enough to be seen move by move.
option.MoveTime = 40
[engine greedy]
command = $eng --level greedy
[engine random]
command = $eng --level random
INI
node "$dir/watch.js" "$url" "$BUILD/gui-watch.png" "$BUILD/bezique-arbiter" \
	tournament "$dir/watch.ini"
[ -s "$BUILD/gui-watch.png" ]
stop

# A bot in a browser tab (bots/browser/index.html) at a remote seat:
# over WebSocket it plays a whole match to the arbiter's quit.
rm -f "$dir/tab.jsonl" "$dir/tab.jsonl.tokens"
: >"$out"
"$BUILD/bezique-arbiter" match -e remote:tab -e "$BUILD/bezique-engine --level greedy" \
	-n 2 --listen 127.0.0.1:0 -o "$dir/tab.jsonl" -q 2>"$out" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$out"' EXIT
wait_for "listening on"
port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$out")
tok=$(awk '$1 == "tab" { print $2 }' "$dir/tab.jsonl.tokens")
[ -n "$port" ] && [ -n "$tok" ] || { cat "$out"; echo "browser.sh: no port or token for the tab"; exit 1; }
node "$dir/tabbot.js" "file://$PWD/bots/browser/index.html?addr=127.0.0.1:$port&name=tab&token=$tok&go=1" \
	"$BUILD/gui-tabbot.png"
wait $pid || { cat "$out"; echo "browser.sh: the tab's match did not end 0"; exit 1; }
trap 'rm -f "$out"' EXIT
"$BUILD/bezique-arbiter" verify "$dir/tab.jsonl" >"$out" 2>&1 ||
	{ cat "$out"; echo "browser.sh: the tab's records fail verify"; exit 1; }
