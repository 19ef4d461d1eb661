#!/bin/sh
# Bytes that are not UTF-8 (see notutf8.py).
exec python3 tests/arbiter/notutf8.py
