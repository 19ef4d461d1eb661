#!/bin/sh
# No engine reads the arbiter's command line (see cmdline.py).
exec python3 tests/arbiter/cmdline.py
