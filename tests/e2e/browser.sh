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
	tests/browser/open.js "$dir/"
# npm ci only when the lock file changed (it empties node_modules).
if ! cmp -s tests/browser/package-lock.json "$dir/installed.lock"; then
	(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
	cp tests/browser/package-lock.json "$dir/installed.lock"
fi
out=$(mktemp)
# Waits up to 10 s for the server's address in $out, into $url.
wait_url() {
	i=0
	while ! grep -q "serving on" "$out" && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	url=$(sed -n 's/^serving on //p' "$out")
	[ -n "$url" ] || { echo "browser.sh: the server did not start"; exit 1; }
}
rm -f "$dir/deals.jsonl"
# The default opponent: the engine beside the arbiter, "Greedy".
"$BUILD/bezique-arbiter" serve --port 0 --deals 1 --seed 4 \
	--records "$dir/deals.jsonl" >"$out" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$out"' EXIT
wait_url
rm -f "$BUILD"/gui-*.png
node "$dir/deal.js" "$url" "$BUILD/gui"
for s in deal declare hint summary replay phone rules newgame match; do
	[ -s "$BUILD/gui-$s.png" ] || { echo "browser.sh: no gui-$s.png"; exit 1; }
done
kill -TERM $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 0 ] || { echo "browser.sh: the server exited $rc after SIGTERM"; exit 1; }
trap 'rm -f "$out"' EXIT

# An engine that stops answering: a forfeit in words within the stall
# limit, and the next deal.
: >"$out"
"$BUILD/bezique-arbiter" serve --port 0 --deals 2 --stall-limit 2 \
	--engine "$BUILD/fixtures/badbot --mode hang --after 3" >"$out" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$out"' EXIT
wait_url
node "$dir/failure.js" "$url" "$BUILD/gui"
kill -TERM $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 0 ] || { echo "browser.sh: the server exited $rc after SIGTERM"; exit 1; }
trap 'rm -f "$out"' EXIT

# serve --watch follows a records file while a tournament writes it.
rm -f "$dir/watched.jsonl" "$dir/watched.jsonl.live"
# Emptied here, not by the background redirection, which may come after
# wait_url has read the first server's address.
: >"$out"
"$BUILD/bezique-arbiter" serve --port 0 --watch "$dir/watched.jsonl" >"$out" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$out"' EXIT
wait_url
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
kill -TERM $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 0 ] || { echo "browser.sh: the watching server exited $rc"; exit 1; }
trap 'rm -f "$out"' EXIT
