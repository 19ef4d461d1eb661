#!/bin/sh
# No seat learns a deck still to be played: tests/arbiter/spy.py.
exec python3 "$(dirname "$0")/spy.py"
