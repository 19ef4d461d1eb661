#!/bin/sh
# `serve --watch`: following a records file (see watch.py).
exec python3 tests/arbiter/watch.py
