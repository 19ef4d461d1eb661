#!/usr/bin/env python3
"""The page cache tells a bot nothing about a deal it plays when every
deal has a deck of its own (the default; issue 41, doc/guarantees.md).

Two hostile bots (tests/fixtures/pagebot.py) play eight deals at one
table.  In deals 0, 2, 4, 6 each reads one page of a large file for each
card of its hand; in deals 1, 3, 5, 7 each asks which of the other
seat's pages are cached (preadv2 with RWF_NOWAIT: no timing) and guesses
those cards are its opponent's.  The file is this test's own, written
to the disk and dropped from the cache, in a directory every engine may
read (any large file would do; the test's own keeps runs apart).

By default the marks do arrive (the bots see the cached pages: the
channel is open, it is what the deck carries that matters), yet the
guesses hit the opponent's hand no more often than chance says for
cards of an unrelated deal.  Under --duplicate the second deal of a
pair deals the first's deck again and the same bots may read the
opponent's hand: the test prints what they found, and that is not a
failure (the option is for trusted engines).  Nothing here is timed."""
import math
import os
import re
import subprocess
import sys
import tempfile

from confinelib import check, verdict

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.abspath(os.path.join(BUILD, "bezique-arbiter"))
BOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                   "fixtures", "pagebot.py")
DEALS = 8
SIZE = (DEALS // 2) * 2 * 32 * 32 * 4096 + (1 << 20)
LINE = re.compile(r"pagebot: deal=(\d+) seat=(\d) (hand|cached)=(\S*)$")


def evict(path):
    """Drops the file from the cache: True if its pages are then out
    (not so in a temp dir in memory: tmpfs pages are always in)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        try:    # the last page, which no bot asks about
            os.preadv(fd, [bytearray(1)], SIZE - 4096, os.RWF_NOWAIT)
            return False
        except BlockingIOError:
            return True
    finally:
        os.close(fd)


def big_file(d):
    """The file, written to the disk; None where its cache cannot be
    seen."""
    path = os.path.join(d, "big")
    with open(path, "wb") as f:
        block = b"\0" * (1 << 20)
        for _ in range(SIZE >> 20):
            f.write(block)
        f.flush()
        os.fsync(f.fileno())
    os.chmod(path, 0o644)
    return path if evict(path) else None


def play(d, path, extra):
    logs = [os.path.join(d, n) for n in ("p.err", "q.err")]
    for log in logs:
        if os.path.exists(log):
            os.unlink(log)
    evict(path)
    cmd = [ARB, "match", "-q", "-n", str(DEALS), "-c", "1", "--seed",
           "41", "-o",
           os.path.join(d, "rec-%d.jsonl" % len(os.listdir(d)))]
    for name, log in zip(("p", "q"), logs):
        cmd += ["-e", "python3 %s %s" % (BOT, path), "--name", name,
                "--stderr", log]
    p = subprocess.run(cmd + extra, capture_output=True, text=True,
                       timeout=300)
    said = {}
    for log in filter(os.path.exists, logs):
        for line in open(log, errors="replace"):
            m = LINE.search(line.rstrip("\n"))
            if m:
                deal, seat, what, cards = m.groups()
                said[(int(deal), int(seat), what)] = set(
                    cards.split(",")) - {""}
    return p, said


def score(said):
    """(probes made, pages seen cached, guesses, hits, hits expected by
    chance, opponent's cards found in all) over the probing deals."""
    probes = seen = guesses = hits = whole = 0
    expected = 0.0
    for (deal, seat, what), cached in said.items():
        if what != "cached":
            continue
        own = said.get((deal, seat, "hand"), set())
        opp = said.get((deal, 1 - seat, "hand"), set())
        guess = cached - own
        probes += 1
        seen += len(cached)
        guesses += len(guess)
        hits += len(guess & opp)
        # A card of an unrelated deal is the opponent's (and not ours)
        # with this chance.
        expected += len(guess) * len(opp - own) / (32 - len(own))
        whole += bool(opp - own) and opp - own <= guess
    return probes, seen, guesses, hits, expected, whole


def main():
    for base in ("/var/tmp", "/tmp"):
        d = tempfile.mkdtemp(prefix="pagecache-", dir=base)
        os.chmod(d, 0o755)
        path = big_file(d)
        if path:
            break
        subprocess.run(["rm", "-rf", d])
    else:
        print("skipped: no temporary directory on a disk (the page cache "
              "of tmpfs cannot be seen)")
        return 0
    try:
        p, said = play(d, path, [])
        probes, seen, guesses, hits, expected, whole = score(said)
        check("default: the match ran (status %d)" % p.returncode,
              p.returncode == 0)
        check("default: %d probes made" % probes, probes == DEALS)
        print("default: %d pages seen cached, %d guesses, %d hits "
              "(chance %.1f), %d whole hands" % (seen, guesses, hits,
                                                 expected, whole))
        if seen == 0:
            print("skipped: the page cache carried no mark here (the "
                  "bots could not read or probe the file)")
            return verdict()
        check("default: no more hits than chance (%d, chance %.1f)"
              % (hits, expected),
              hits <= expected + 4 * math.sqrt(expected) + 2)
        check("default: no opponent's hand found whole (%d)" % whole,
              whole == 0)
        check("default: no warning on stderr", "page cache" not in
              p.stderr and "deals:" not in p.stderr)
        # The opt-in for trusted engines: allowed to leak, and said so.
        p, said = play(d, path, ["--duplicate"])
        probes, seen, guesses, hits, expected, whole = score(said)
        check("--duplicate: the match ran (status %d)" % p.returncode,
              p.returncode == 0)
        check("--duplicate: one line on stderr says what it allows",
              len([ln for ln in p.stderr.splitlines()
                   if "page cache" in ln]) == 1)
        print("--duplicate (allowed, not a failure): the bots found %d of "
              "their opponents' cards in %d guesses (chance %.1f), %d "
              "whole hands of %d" % (hits, guesses, expected, whole,
                                     probes))
    finally:
        subprocess.run(["rm", "-rf", d])
    return verdict()


if __name__ == "__main__":
    sys.exit(main())
