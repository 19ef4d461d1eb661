#!/bin/sh
# The arbiter against misbehaving bots (see failures.py).
exec python3 tests/arbiter/failures.py
