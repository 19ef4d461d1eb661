#!/usr/bin/env python3
"""Ordinary bot code works confined (arbiter/proc/pidns.c, sysfilter.c).

A confined engine has a temporary directory of its own, TMPDIR (a tmpfs
at /dev/shm in its mount namespace, --limit-temp MB), and locks succeed
without locking anything.  Two copies of tests/fixtures/tempbot.py, one
a seat, each make a temporary file, a SQLite database in the temporary
directory, read a read-only SQLite book beside them (in the build tree:
not in /tmp, which the test's engines read as the machine's) and use
multiprocessing's Lock and Pool, and a 2 MiB file, then play.  Every
probe must succeed, each copy must see only what it made itself, and
nothing it wrote may be left on the machine's /dev/shm after the run.
With --limit-temp 1 the 2 MiB file is refused (ENOSPC) and the bot plays
on.  Before this, SQLite
said "database is locked" and tempfile "No usable temporary directory".
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

import enginelog
from confinelib import check, landlock_abi, pidns_here, verdict

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.abspath(os.path.join(BUILD, "bezique-arbiter"))
BOT = "python3 " + os.path.abspath("tests/fixtures/tempbot.py")
PROBES = ("tmpdir", "tempfile", "sqlite-temp", "sqlite-book",
          "multiprocessing", "big", "after")
BIG = str(2 << 20)


def reports(log):
    """{probe: [(ok, text)]} of a tempbot's log."""
    got = {}
    for line in enginelog.lines(log):
        w = line.rstrip("\n").split(" ", 3)
        if len(w) >= 3 and w[0] == "tempbot:":
            got.setdefault(w[1], []).append((w[2] == "ok",
                                             w[3] if len(w) > 3 else ""))
    return got


def main():
    if landlock_abi() == 0 or not pidns_here():
        print("skipped: no Landlock or no PID namespace for this user")
        return 0
    shm_before = set(os.listdir("/dev/shm")) if os.path.isdir(
        "/dev/shm") else set()
    book_dir = tempfile.mkdtemp(prefix="tempdir-book-",
                                dir=os.path.abspath(BUILD))
    tmp = tempfile.mkdtemp(prefix="tempdir-")
    try:
        book = os.path.join(book_dir, "book.db")
        c = sqlite3.connect(book)
        c.execute("create table book(x)")
        c.executemany("insert into book values (?)", [(1,), (2,)])
        c.commit()
        c.close()
        os.chmod(book, 0o444)
        logs = [os.path.join(tmp, "a.log"), os.path.join(tmp, "b.log")]
        p = subprocess.run(
            [ARB, "match", "-e", BOT, "--name", "a", "--stderr", logs[0],
             "-e", BOT, "--name", "b", "--stderr", logs[1], "-n", "2",
             "-q", "-o", os.path.join(tmp, "r.jsonl")],
            capture_output=True, text=True, timeout=300,
            env=dict(os.environ, TEMPBOT_BOOK=book, TEMPBOT_BIG=BIG))
        check("the match of two tempbots ends well", p.returncode == 0)
        recs = [json.loads(l) for l in open(os.path.join(tmp, "r.jsonl"))]
        check("... every deal normal", recs and all(
            r["termination"] == "normal" for r in recs))
        for log in logs:
            got = reports(log)
            name = os.path.basename(log)
            for probe in PROBES:
                check("%s: %s works" % (name, probe), got.get(probe) and
                      all(ok for ok, _ in got[probe]))
            check("%s: TMPDIR is its own (/dev/shm)" % name,
                  all(t == "/dev/shm" for _, t in got.get("tmpdir", [])))
            # Its own directory of sqlite-temp, and nothing of the other's.
            check("%s: sees only what it made" % name, all(
                t.count("tempbot-") == 1 for _, t in got.get("after", [])))
        log = os.path.join(tmp, "small.log")
        p = subprocess.run(
            [ARB, "match", "-e", BOT, "--name", "a", "--stderr", log,
             "-e", BOT, "--name", "b", "-n", "1", "--limit-temp", "1", "-q",
             "-o", os.path.join(tmp, "small.jsonl")],
            capture_output=True, text=True, timeout=300,
            env=dict(os.environ, TEMPBOT_BOOK=book, TEMPBOT_BIG=BIG))
        said = reports(log).get("big", [])
        check("--limit-temp 1: the 2 MiB file refused, the deal played",
              p.returncode == 0 and said and
              all(not ok and "No space" in t for ok, t in said))
        left = set(os.listdir("/dev/shm")) - shm_before if os.path.isdir(
            "/dev/shm") else set()
        check("nothing left on the machine's /dev/shm: %s" % sorted(left),
              not any(n.startswith("tempbot-") for n in left))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(book_dir, ignore_errors=True)
    return verdict()


if __name__ == "__main__":
    sys.exit(main())
