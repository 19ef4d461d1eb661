#!/usr/bin/env python3
"""The CPU time of one process alone, its children's left out.

    scripts/arbiter_cpu.py COMMAND [ARG...]

Runs the command (its output passes through), waits for it to end without
reaping it, and reads its own user and system time from /proc/PID/stat
while it is a zombie: the time /usr/bin/time gives includes every child
the process waited for (a match's engines).  Prints one line on stderr,

    cpu: user 1.23 s, system 0.45 s, total 1.68 s (the process alone)

and exits with the command's status.  Measures the arbiter's own cost,
such as the luck of each deal (doc/luck.md).
"""
import os
import subprocess
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: arbiter_cpu.py COMMAND [ARG...]")
    proc = subprocess.Popen(sys.argv[1:])
    # Ended but not reaped: its /proc/PID/stat still holds its times.
    os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT)
    with open("/proc/%d/stat" % proc.pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    user, system = int(fields[11]) / tick, int(fields[12]) / tick
    rc = proc.wait()
    print("cpu: user %.2f s, system %.2f s, total %.2f s (the process "
          "alone)" % (user, system, user + system), file=sys.stderr)
    sys.exit(rc if rc >= 0 else 128 - rc)


if __name__ == "__main__":
    main()
