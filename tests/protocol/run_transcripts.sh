#!/bin/sh
# Protocol transcript tests of the engine (tests/protocol/transcripts).
exec python3 tests/protocol/transcript.py tests/protocol/transcripts/*.bzt
