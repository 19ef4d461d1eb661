#!/bin/sh
# `serve`: a whole deal through HTTP, bad requests, a reconnect, SIGTERM
# (see serve.py).
exec python3 tests/arbiter/serve.py
