#!/bin/sh
# Every shell example of README.md and the guides runs as printed, but
# those its Markdown marks as not run (tests/e2e/doc_examples.py).
set -eu
exec python3 tests/e2e/doc_examples.py "${BUILD:-build}"
