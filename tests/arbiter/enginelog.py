"""An engine's stderr log as the arbiter writes it (arbiter/proc/
engine_log.h): each line after "[PID HH:MM:SS.mmm] "."""
import re

PREFIX = re.compile(r"^\[(\d+) (\d\d):(\d\d):(\d\d)\.(\d{3})\] ")


def lines(path, **kw):
    """The engine's own lines, prefix removed (a line without one is kept
    as it is)."""
    with open(path, **kw) as f:
        for line in f:
            yield PREFIX.sub("", line, count=1)
