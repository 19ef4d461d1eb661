#!/bin/sh
# Every program the tests, scripts and CI run is installed by the deps
# step on a fresh Debian (tests/e2e/tools_used.py); and the check sees a
# program it is not told of: a copy of a test that runs one is refused.
set -eu
python3 tests/e2e/tools_used.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tests/e2e" "$tmp/scripts" "$tmp/.ci"
cp scripts/deps.sh "$tmp/scripts/"
printf '#!/bin/sh\nx=$(frobnicate --now | grep y)\n' >"$tmp/tests/e2e/new.sh"
if (cd "$tmp" && python3 "$OLDPWD/tests/e2e/tools_used.py") >"$tmp/out"; then
	echo "tools_used.sh: a test running 'frobnicate' passed the check"
	exit 1
fi
grep -q "tests/e2e/new.sh:2: runs 'frobnicate'" "$tmp/out" ||
	{ echo "tools_used.sh: unexpected report:"; cat "$tmp/out"; exit 1; }
