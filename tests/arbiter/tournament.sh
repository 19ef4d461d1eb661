#!/bin/sh
# Tournaments (see tournament.py).
exec python3 tests/arbiter/tournament.py
