#!/bin/sh
# Engines confined by Landlock against a hostile one (see sandbox.py).
exec python3 tests/arbiter/sandbox.py
