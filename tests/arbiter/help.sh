#!/bin/sh
# Help and version: every arbiter command answers --help (and -h, and
# `help COMMAND`) with its own synopsis, every flag its parser knows, and
# an example; both programs print the version of engine/core/version.h;
# `make help` lists every target; the man page lists every command and
# has an OPTIONS section.
set -eu
BUILD=${BUILD:-build}
ARB=$BUILD/bezique-arbiter
ENG=$BUILD/bezique-engine
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "help.sh: $*"; exit 1; }

version=$(sed -n 's/^#define BEZIQUE_VERSION "\(.*\)"$/\1/p' \
	engine/core/version.h)
[ -n "$version" ] || fail "no version in engine/core/version.h"
[ "$($ARB --version)" = "bezique-arbiter $version" ] || fail "arbiter --version"
[ "$($ENG --version)" = "bezique-engine $version" ] || fail "engine --version"
$ENG --help >"$tmp/eng" || fail "engine --help failed"
grep -q '^example:' "$tmp/eng" || fail "engine --help has no example"
grep -q -- '--version' "$tmp/eng" || fail "engine --help omits --version"

$ARB help >"$tmp/overview" || fail "help failed"
commands="match sprt tournament verify rate export check show serve play help"
for c in $commands; do
	grep -q "^  $c " "$tmp/overview" || fail "help omits $c"
	$ARB "$c" --help >"$tmp/$c" 2>"$tmp/err" ||
		fail "$c --help: status $? $(cat "$tmp/err")"
	head -n 1 "$tmp/$c" | grep -q "^usage: bezique-arbiter $c" ||
		fail "$c --help: not its synopsis: $(head -n 1 "$tmp/$c")"
	grep -q '^options:' "$tmp/$c" || fail "$c --help: no options"
	grep -q "^example:" "$tmp/$c" || fail "$c --help: no example"
	grep -A1 '^example:' "$tmp/$c" | grep -q "bezique-arbiter $c" ||
		fail "$c --help: the example is not of $c"
	$ARB help "$c" | cmp -s - "$tmp/$c" || fail "help $c differs"
	$ARB "$c" -h | cmp -s - "$tmp/$c" || fail "$c -h differs"
	cmp -s "$tmp/$c" "$tmp/overview" && fail "help $c is the overview"
	grep -q "^\.B bezique-arbiter $c" doc/bezique-arbiter.6 ||
		fail "the man page's synopsis omits $c"
done
! $ARB help nosuch 2>/dev/null || fail "help of an unknown command"
grep -q '^\.SH OPTIONS' doc/bezique-arbiter.6 || fail "man page: no OPTIONS"

# Every flag the parsers know is in its command's help.
flags() { grep -o '"--[a-z0-9-]*"' "$@" | tr -d '"' | sort -u; }
# (but a tournament's own, which match refuses)
for f in $(flags arbiter/base/config.c | grep -v -e --rounds -e common-deals); do
	grep -q -- "$f" "$tmp/match" || fail "help match omits $f"
	grep -q -- "$f" "$tmp/sprt" || fail "help sprt omits $f"
done
for f in $(flags arbiter/main.c | grep -v -e --help -e --version); do
	grep -q -- "$f" "$tmp/sprt" || fail "help sprt omits $f"
done
# Each command's parser, where the house keeps it (a file moved must be
# named here again, not skipped: flags of a missing file are none).
for cf in rate:arbiter/rating/rate.c show:arbiter/record/show.c \
    check:arbiter/check.c serve:arbiter/play/serve.c; do
	c=${cf%%:*} file=${cf#*:}
	[ -f "$file" ] || fail "help.sh: $c's parser $file is not there"
	n=0
	for f in $(flags "$file"); do
		grep -q -- "$f" "$tmp/$c" || fail "help $c omits $f"
		n=$((n + 1))
	done
	[ $n -gt 0 ] || fail "help.sh: no flag found in $file"
done
for f in $(flags arbiter/play/humangame.c); do
	grep -q -- "$f" "$tmp/play" || fail "help play omits $f"
done
# The tournament file's keys: [tournament] keys, engine keys.
keys=$(grep -o '{ "[a-z_]*", "--' arbiter/tournament.c | cut -d'"' -f2)
for k in $keys format duplicate reuse_engines sandbox command dir stderr \
    option. --duplicate --common-deals; do
	grep -q -- "$k" "$tmp/tournament" || fail "help tournament omits $k"
done

# make help names every target of .PHONY (but the internal deps-*).
targets=$(awk '/\\$/ { sub(/\\$/, ""); printf "%s", $0; next } 1' \
	Makefile | sed -n 's/^\.PHONY://p' | tr ' \t' '\n\n' |
	grep -v -e '^$' -e '^deps-')
make -s help >"$tmp/make"
for t in $targets; do
	[ "$t" = all ] && continue
	grep -q "make $t " "$tmp/make" || fail "make help omits $t"
done
echo "help: ok"
