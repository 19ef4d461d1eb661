#!/bin/sh
# shell-first: answers every decision with the first action of its legal
# list.  It needs no rules and no memory; it shows how low the floor is.
# POSIX sh: runs under dash, bash and other POSIX shells.
#
# Only protocol lines go to standard output (printf, one line each: the
# shell writes each printf out at once, so there is nothing to flush);
# messages for humans go to standard error.

cr=$(printf '\r')
# It plays from the legal lists, so every variant (protocol.md §3).
VARIANTS=rubicon,two-hand,six-pack,eight-pack,three-hand
set -f                  # no globbing when we split a line into words

# "|| [ -n "$line" ]" also handles a last line that has no LF.
while IFS= read -r line || [ -n "$line" ]; do
	line=${line%"$cr"}              # CR LF: drop the CR
	# shellcheck disable=SC2086   # (splitting into words is the point)
	set -- $line                    # split on spaces and tabs
	case ${1-} in
	bzp)
		printf '%s\n' 'id name shell-first' 'id author The Bezique project' \
		    'protocol 1' 'feature legal' 'feature noevents' \
		    "feature variants=$VARIANTS" 'bzpok'
		;;
	isready)
		printf 'readyok\n'
		;;
	go)
		# Read the request's key=value words up to "view" (the seat
		# view after it is of no use to us).
		id='' legal=''
		shift
		for word; do
			case $word in
			view) break ;;
			id=*) id=${word#id=} ;;
			legal=*) legal=${word#legal=} ;;
			esac
		done
		if [ -z "$id" ]; then
			:               # "go infinite" (analysis): not for us
		elif [ -n "$legal" ]; then
			printf 'action id=%s %s\n' "$id" "${legal%%,*}"
		else
			echo "shell-first: go id=$id has no legal list" >&2
		fi
		;;
	quit)
		exit 0
		;;
	esac                            # anything else is ignored
done
exit 0
