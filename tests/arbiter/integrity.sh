#!/bin/sh
# Records files that collide or lie (see integrity.py).
exec python3 tests/arbiter/integrity.py
