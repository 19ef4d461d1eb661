#!/bin/sh
# Remote seats over loopback (see net_seats.py).
exec python3 tests/arbiter/net_seats.py
