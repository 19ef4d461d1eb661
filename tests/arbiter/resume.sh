#!/bin/sh
# Interrupt and resume (see resume.py).
exec python3 tests/arbiter/resume.py
