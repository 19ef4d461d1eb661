#!/bin/sh
# The web front end in a real browser: headless Chromium (Debian's
# chromium, driven by playwright-core from npm) plays a whole deal by
# clicking; the screenshot is $BUILD/gui-deal.png.  Without chromium this
# fails (make deps installs it): it is never skipped.
set -eu
BUILD=${BUILD:-build}
if ! [ -x /usr/bin/chromium ]; then
	echo "browser.sh: /usr/bin/chromium is missing (scripts/deps.sh installs it)"
	exit 1
fi
dir="$BUILD/browser"
mkdir -p "$dir"
cp tests/browser/package.json tests/browser/package-lock.json \
	tests/browser/deal.js tests/browser/watch.js "$dir/"
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
"$BUILD/bezique-arbiter" serve --port 0 --deals 1 --seed 4 \
	--records "$dir/deals.jsonl" \
	--engine "$BUILD/bezique-engine --level greedy" >"$out" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$out"' EXIT
wait_url
rm -f "$BUILD/gui-deal.png"
node "$dir/deal.js" "$url" "$BUILD/gui-deal.png"
[ -s "$BUILD/gui-deal.png" ]
kill -TERM $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 0 ] || { echo "browser.sh: the server exited $rc after SIGTERM"; exit 1; }
trap 'rm -f "$out"' EXIT

# serve --watch follows a records file while a match writes it.
rm -f "$dir/watched.jsonl"
# Emptied here, not by the server's redirection, which may come after
# wait_url has read the first server's address (a refused connection).
: >"$out"
"$BUILD/bezique-arbiter" serve --port 0 --watch "$dir/watched.jsonl" >"$out" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$out"' EXIT
wait_url
eng="$BUILD/bezique-engine"
node "$dir/watch.js" "$url" "$BUILD/bezique-arbiter" match -e "$eng --level random" \
	-e "$eng --level greedy" -n 2 --seed 8 -q -o "$dir/watched.jsonl"
kill -TERM $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 0 ] || { echo "browser.sh: the watching server exited $rc"; exit 1; }
trap 'rm -f "$out"' EXIT
