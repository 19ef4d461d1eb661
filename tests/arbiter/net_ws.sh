#!/bin/sh
# Remote seats over WebSocket on loopback (see net_ws.py).
exec python3 tests/arbiter/net_ws.py
