#!/bin/sh
# Records a verifier can check on its own (see record_schema.py).
exec python3 tests/arbiter/record_schema.py
