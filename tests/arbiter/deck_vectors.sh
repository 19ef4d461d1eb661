#!/bin/sh
# Keyed dealing in bots/lib's Python and JavaScript, against the reference
# vectors (deck_vectors.json; the C ones are test_deck_key.c's).
python3 tests/arbiter/deck_vectors.py || exit 1
node tests/arbiter/deck_vectors.js
