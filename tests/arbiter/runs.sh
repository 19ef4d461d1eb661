#!/bin/sh
# Runs that end whatever an engine does: voids, withdrawals, stalls,
# signals (see runs.py).
exec python3 tests/arbiter/runs.py
