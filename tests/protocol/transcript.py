#!/usr/bin/env python3
"""Runs protocol transcripts against an engine.

A transcript is a text file:
    engine: build/bezique-engine --level greedy     (the command, once)
    > bzp                                           (a line sent)
    < bzpok                                         (a line expected, exactly)
    ~ option name Level type combo .*               (a line expected, regex)
    ! quiet 0.3                                     (nothing may arrive for 0.3 s)
    # comment
Lines the engine writes are matched in order against the expected ones.
At the end the engine must have exited with status 0 (send quit).
Usage: transcript.py FILE...   Exit status 0 if every transcript passed.
"""
import os
import re
import select
import shlex
import subprocess
import sys
import time

TIMEOUT = 5.0


class Engine:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        self.buf = b""

    def send(self, line):
        self.p.stdin.write(line.encode() + b"\n")
        self.p.stdin.flush()

    def readline(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if not r:
                return None
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace").rstrip("\r")


def run(path):
    build = os.environ.get("BUILD", "build")
    engine = None
    for n, raw in enumerate(open(path, encoding="utf-8"), 1):
        raw = raw.rstrip("\n")
        where = "%s:%d" % (path, n)
        if not raw or raw.startswith("#"):
            continue
        kind, _, text = raw.partition(" ")
        if kind == "engine:":
            argv = shlex.split(text.replace("build/", build + "/", 1))
            engine = Engine(argv)
        elif kind == ">":
            engine.send(text)
        elif kind in ("<", "~"):
            got = engine.readline(TIMEOUT)
            ok = got is not None and (got == text if kind == "<" else
                                      re.fullmatch(text, got) is not None)
            if not ok:
                return "%s: expected %r, got %r" % (where, text, got)
        elif kind == "!":
            wait = float(text.split()[1])
            got = engine.readline(wait)
            if got is not None:
                return "%s: expected nothing, got %r" % (where, got)
        else:
            return "%s: unknown line kind %r" % (where, kind)
    try:
        engine.p.stdin.close()
        rc = engine.p.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        engine.p.kill()
        return "%s: engine did not exit" % path
    if rc != 0:
        return "%s: engine exited with status %d" % (path, rc)
    return None


def main():
    failed = 0
    for path in sys.argv[1:]:
        err = run(path)
        print("%s: %s" % (os.path.basename(path), "ok" if err is None else
                          "FAILED: " + err))
        failed += err is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
