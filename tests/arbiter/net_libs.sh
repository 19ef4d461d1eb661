#!/bin/sh
# The bot libraries' own remote seats (see net_libs.py).
exec python3 tests/arbiter/net_libs.py
