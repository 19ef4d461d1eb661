#!/bin/sh
# Keyed dealing with commit and reveal (keyed.py).
exec python3 tests/arbiter/keyed.py
