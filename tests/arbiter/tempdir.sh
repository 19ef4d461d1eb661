#!/bin/sh
# Ordinary bot code works confined (see tempdir.py).
exec python3 tests/arbiter/tempdir.py
