#!/bin/sh
# The page cache tells a bot nothing by default (see pagecache.py).
exec python3 "$(dirname "$0")/pagecache.py"
