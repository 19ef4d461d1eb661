#!/bin/sh
# Check what the build needs and install what is missing from Debian's
# packages.  Run as root (or with sudo available) it installs; otherwise it
# stops with one line naming the exact command to run.
#   scripts/deps.sh [--quiet] [--fuzz] [--browser]
# --fuzz also wants clang and libFuzzer's runtime (make fuzz); --browser
# Chromium and npm for the web front end's browser test (make test).
quiet=0
fuzz=0
browser=0
for a in "$@"; do
	[ "$a" = "--browser" ] && browser=1
	[ "$a" = "--quiet" ] && quiet=1
	[ "$a" = "--fuzz" ] && fuzz=1
done

# Every program a test, script or the CI runs: COMMAND:PACKAGE, installed
# when the command is missing (tests/e2e/tools_used.py checks that the
# tests run no other program than these and BASE's).
TOOLS="cc:build-essential c++:build-essential make:build-essential
nm:binutils pkg-config:pkg-config python3:python3 node:nodejs xxd:xxd
tmux:tmux ps:procps pgrep:procps pkill:procps git:git"
BROWSER_TOOLS="chromium:chromium npm:npm"
FUZZ_TOOLS="clang:clang"
# Commands of Debian's Essential or required packages, in every root
# (debootstrap --variant=minbase included): nothing to install.
BASE="apt-get awk basename cat chmod cmp cp cut date dirname dpkg-query
find grep head id ls mkdir mkfifo mktemp mv nproc rm script sed sh sleep
sort tail tee touch tr uniq unshare wc yes"

missing=""
want() {
	for t in $1; do
		command -v "${t%%:*}" >/dev/null 2>&1 || missing="$missing ${t#*:}"
	done
}
want "$TOOLS"
if ! command -v pkg-config >/dev/null 2>&1; then
	missing="$missing pkg-config libevent-dev libjansson-dev libinih-dev libcmocka-dev libseccomp-dev libssl-dev"
else
	pkg-config --exists libevent libevent_openssl ||
		missing="$missing libevent-dev"
	pkg-config --exists jansson || missing="$missing libjansson-dev"
	pkg-config --exists inih || missing="$missing libinih-dev"
	pkg-config --exists cmocka || missing="$missing libcmocka-dev"
	pkg-config --exists libseccomp || missing="$missing libseccomp-dev"
	pkg-config --exists libcrypto libssl || missing="$missing libssl-dev"
fi
[ $browser = 1 ] && want "$BROWSER_TOOLS"
if [ $fuzz = 1 ]; then
	want "$FUZZ_TOOLS"
	ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a \
		>/dev/null 2>&1 || missing="$missing libclang-rt-dev"
fi

if [ -z "$missing" ]; then
	[ $quiet = 1 ] || echo "deps: everything needed is installed"
	exit 0
fi
missing=$(echo $missing | tr ' ' '\n' | sort -u | tr '\n' ' ')
if [ "$(id -u)" = 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	sudo="sudo"
else
	# A machine may have no package lists yet: update first.
	echo "deps: missing Debian packages; run: sudo apt-get update && sudo apt-get install -y ${missing% }" >&2
	exit 1
fi
echo "deps: installing $missing"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null || { echo "deps: apt-get update failed" >&2; exit 1; }
$sudo apt-get install -y -qq $missing >/dev/null ||
	{ echo "deps: apt-get install -y $missing failed" >&2; exit 1; }
