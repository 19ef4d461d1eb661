#!/bin/sh
# Bans the C library calls that have no bounds or no error reporting, in
# the manner of curl's checksrc: number parsing goes through the checked
# helpers (bzp_parse_int, strtol with end-pointer checks), formatting
# through snprintf.
status=0
files=$(find engine arbiter bots tests -name '*.c' -o -name '*.h' | sort)
for f in $files; do
	grep -nE '\b(atoi|atol|atoll|atof|sprintf|vsprintf|strcpy|strcat|gets|strtok|sscanf|strncpy)\s*\(' "$f" |
	    grep -vE '\b(snprintf|vsnprintf)\s*\(' | while IFS= read -r hit; do
		echo "$f:$hit: banned call (see scripts/checksrc.sh)"
	done | grep . && status=1
done
[ $status -eq 0 ] && echo "checksrc: no banned calls"
exit $status
