#!/bin/sh
# No channel between engine processes, root or not (see channels.py).
exec python3 tests/arbiter/channels.py
