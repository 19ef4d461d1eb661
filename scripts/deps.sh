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

PKGS="build-essential pkg-config libevent-dev libjansson-dev libinih-dev libcmocka-dev libseccomp-dev python3 nodejs xxd"

missing=""
command -v cc >/dev/null 2>&1 || missing="$missing build-essential"
command -v make >/dev/null 2>&1 || missing="$missing build-essential"
command -v c++ >/dev/null 2>&1 || missing="$missing build-essential"
if ! command -v pkg-config >/dev/null 2>&1; then
	missing="$missing pkg-config libevent-dev libjansson-dev libinih-dev libcmocka-dev libseccomp-dev"
else
	pkg-config --exists libevent || missing="$missing libevent-dev"
	pkg-config --exists jansson || missing="$missing libjansson-dev"
	pkg-config --exists inih || missing="$missing libinih-dev"
	pkg-config --exists cmocka || missing="$missing libcmocka-dev"
	pkg-config --exists libseccomp || missing="$missing libseccomp-dev"
fi
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v xxd >/dev/null 2>&1 || missing="$missing xxd"
if [ $browser = 1 ]; then
	[ -x /usr/bin/chromium ] || missing="$missing chromium"
	command -v npm >/dev/null 2>&1 || missing="$missing npm"
fi
if [ $fuzz = 1 ]; then
	command -v clang >/dev/null 2>&1 || missing="$missing clang"
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
	echo "deps: missing Debian packages; run: sudo apt-get install -y $missing" >&2
	exit 1
fi
echo "deps: installing $missing"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null || { echo "deps: apt-get update failed" >&2; exit 1; }
$sudo apt-get install -y -qq $missing >/dev/null ||
	{ echo "deps: apt-get install -y $missing failed" >&2; exit 1; }
