#!/bin/sh
# SIGKILL mid-tournament, a record cut mid-line, then --resume (see
# killresume.py).
exec python3 tests/arbiter/killresume.py
