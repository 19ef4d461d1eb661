#!/bin/sh
# make install into a scratch DESTDIR; then a bot outside the tree builds
# with pkg-config alone and passes the conformance check; the man pages
# are installed.
set -eu
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s install BUILD="$BUILD" SANITIZER="${SANITIZER:-}" DESTDIR="$tmp" \
	PREFIX=/usr >/dev/null
root="$tmp/usr"
test -x "$root/bin/bezique-engine" && test -x "$root/bin/bezique-arbiter"
test -f "$root/share/man/man6/bezique-arbiter.6"
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
