#!/bin/sh
# Information-leak audit (see leak_audit.py).
exec python3 tests/arbiter/leak_audit.py
