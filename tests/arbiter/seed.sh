#!/bin/sh
# The seed of a run: drawn at random unless given, kept from the engines (seed.py).
exec python3 tests/arbiter/seed.py
