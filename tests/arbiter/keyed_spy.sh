#!/bin/sh
# An engine that says on stderr (its log) what it was given: its command
# line, environment and the files of its working directory; then plays as
# the bezique-engine ENGINE.  keyed.py looks for the run's key in them.
# Usage: keyed_spy.sh ENGINE
eng=$1
{
	cat /proc/$$/cmdline | tr '\0' ' '
	echo
	env
	for f in * .*; do [ -f "$f" ] && cat "$f"; done
} >&2
exec "$eng" --level random
