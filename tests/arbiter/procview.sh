#!/bin/sh
# A confined engine sees no process but its own (see procview.py).
exec python3 tests/arbiter/procview.py
