#!/bin/sh
# The house rules (scripts/check_house.py, make check-house): no C file
# over 600 lines, no circle of calls between C files, the arbiter's
# includes one way, README.md at most 250 lines.
cd "$(dirname "$0")/../.." || exit 1
exec python3 scripts/check_house.py "${BUILD:-build}"
