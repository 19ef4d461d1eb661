#!/bin/sh
# Outputs you can find and ratings that mean what they say (outputs.py).
exec python3 tests/arbiter/outputs.py
