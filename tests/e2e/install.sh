#!/bin/sh
# make install into a scratch DESTDIR; then a bot outside the tree builds
# with pkg-config alone and passes the conformance check; the example
# program builds as C and C++; the man pages are installed.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s install BUILD="$BUILD" SANITIZER="${SANITIZER:-}" DESTDIR="$tmp" \
	PREFIX=/usr >/dev/null
root="$tmp/usr"
test -x "$root/bin/bezique-engine" && test -x "$root/bin/bezique-arbiter"
test -f "$root/share/man/man6/bezique-arbiter.6"
# The rule book and the documents the man pages cite, at the paths they
# cite them (the installed pages name this prefix, not /usr/local).
for f in rules.md records.md record.schema.json protocol.md README.md \
    tournaments.md play.md matches.md guarantees.md engine.md strength.md \
    speed.md library.md reproducible.md build.md; do
	test -s "$root/share/doc/bezique/$f" || { echo "no doc $f"; exit 1; }
done
cmp doc/rules.md "$root/share/doc/bezique/rules.md"
# One version everywhere: version.h, pkg-config, the man pages, --version.
version=$(sed -n 's/^#define BEZIQUE_VERSION "\(.*\)"$/\1/p' \
	engine/core/version.h)
test -n "$version"
[ "$(PKG_CONFIG_PATH="$root/lib/pkgconfig" pkg-config --modversion \
	bezique)" = "$version" ] || { echo "bezique.pc: wrong version"; exit 1; }
[ "$("$root/bin/bezique-arbiter" --version)" = "bezique-arbiter $version" ]
test -f "$root/include/bezique/version.h"
for m in bezique-engine.6 bezique-arbiter.6; do
	grep -q "^\.TH .*\"bezique $version\"" "$root/share/man/man6/$m" ||
		{ echo "$m: no version $version"; exit 1; }
done
for m in bezique-engine.6 bezique-arbiter.6; do
	grep -q '/usr/share/doc/bezique/rules.md' "$root/share/man/man6/$m" ||
		{ echo "$m does not cite the installed rule book"; exit 1; }
	! grep -q '/usr/local' "$root/share/man/man6/$m" ||
		{ echo "$m cites /usr/local under PREFIX=/usr"; exit 1; }
	for d in $(grep -o '/usr/share/doc/bezique/[A-Za-z.]*' \
	    "$root/share/man/man6/$m"); do
		test -f "$tmp$d" || { echo "$m cites $d, not installed"; exit 1; }
	done
done
test ! -e "$root/include/bezique/game_int.h"
test ! -e "$root/include/bezique/view_int.h"
cp bots/c-random/bot.c "$tmp/bot.c"
flags=$(PKG_CONFIG_PATH="$root/lib/pkgconfig" pkg-config \
	--define-variable=prefix="$root" --cflags --libs bezique)
# A sanitizer build installs an instrumented library: link likewise.
cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror ${SANITIZER:+-fsanitize=$SANITIZER} \
	-o "$tmp/bot" "$tmp/bot.c" $flags
"$root/bin/bezique-arbiter" check "$tmp/bot" >"$tmp/check.txt" ||
	{ cat "$tmp/check.txt"; exit 1; }

# doc/example.c builds as C and as C++ (the headers' extern "C") with the
# staged copy found the way doc/library.md documents (PKG_CONFIG_SYSROOT_DIR),
# and plays a deal to its end.
staged=$(PKG_CONFIG_SYSROOT_DIR="$tmp" PKG_CONFIG_PATH="$root/lib/pkgconfig" \
	pkg-config --cflags --libs bezique)
cc -std=c11 -Wall -Wextra -Werror ${SANITIZER:+-fsanitize=$SANITIZER} \
	-o "$tmp/example" doc/example.c $staged
c++ -Wall -Wextra -Werror ${SANITIZER:+-fsanitize=$SANITIZER} \
	-o "$tmp/example++" -x c++ doc/example.c -x none $staged
"$tmp/example" 7 >"$tmp/example.txt"
"$tmp/example++" 7 >"$tmp/example++.txt"
cmp "$tmp/example.txt" "$tmp/example++.txt"
grep -Eq '^\.\.\. [0-9]+ actions; .*(wins [0-9]+|a drawn deal)' "$tmp/example.txt"

# The installed arbiter serves its page from no file, from anywhere, and
# finds the installed engine beside it.
(cd "$tmp" && "$root/bin/bezique-arbiter" serve --port 0 >"$tmp/serve.out" &
	echo $! >"$tmp/serve.pid")
for _ in 1 2 3 4 5 6 7 8 9 10; do
	grep -q "serving on" "$tmp/serve.out" 2>/dev/null && break
	sleep 0.2
done
url=$(sed -n 's/^serving on //p' "$tmp/serve.out")
python3 - "$url" <<'PY'
import json, sys, time, urllib.request
url = sys.argv[1]
page = urllib.request.urlopen(url, timeout=10).read().decode()
assert "<script src=\"/app.js\">" in page, page[:200]
assert "EventSource" in urllib.request.urlopen(url + "app.js").read().decode()
for _ in range(50):
    st = json.load(urllib.request.urlopen(url + "api/state"))
    if st["to_move"] or st["broken"]:
        break
    time.sleep(0.1)
assert st["to_move"] and not st["broken"], st
PY
kill -TERM "$(cat "$tmp/serve.pid")"
