#!/bin/sh
# Training rows from records: tests/arbiter/export.py.
exec python3 "$(dirname "$0")/export.py"
