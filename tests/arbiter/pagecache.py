#!/usr/bin/env python3
"""The page cache tells a bot nothing about a deal it plays when every
deal has a deck of its own (the default; issue 41, doc/guarantees.md).

Two hostile bots (tests/fixtures/pagebot.py) play eight deals at one
table.  In deals 1, 3, 5, 7 (the first of each would-be duplicate pair)
each reads one page of a large file for each card of its hand; in deals
2, 4, 6, 8 each asks which of the other seat's pages are cached
(mincore: no timing, and no page read) and guesses those cards are its
opponent's.  The file is this test's own, written to the disk and
dropped from the cache, in a directory every engine may read (any large
file would do; the test's own keeps runs apart).

By default the marks do arrive (the bots see the cached pages: the
channel is open, it is what the deck carries that matters), yet the
guesses hit the opponent's hand, and find it whole, no more often than
chance says for cards of an unrelated deal.  Where the kernel caches
far more than the page read (large folios, a large read_ahead_kb), a
probe could find every page cached: a guess of every card holds any
hand, and chance counts it so.  Under --duplicate the second deal of a pair
deals the first's deck again and the same bots read the opponent's
hand: the test checks that they find it more often than chance (else
the default's pass would show nothing) and prints what they found
(allowed: the option is for trusted engines).  Nothing here is timed."""
import math
import os
import re
import subprocess
import sys
import tempfile
import time

from confinelib import check, verdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "fixtures"))
from residency import Mapping  # noqa: E402

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.abspath(os.path.join(BUILD, "bezique-arbiter"))
BOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                   "fixtures", "pagebot.py")
DEALS = 8
SIZE = (DEALS // 2) * 2 * 32 * 32 * 4096 + (1 << 20)
LINE = re.compile(r"pagebot: deal=(\d+) seat=(\d) (hand|cached)=(\S*)$")


def cached_pages(path):
    """How many of the file's pages are in the cache (residency.py: a
    question that reads nothing)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        mapping = Mapping(fd, SIZE)
        try:
            return sum(mapping.resident())
        finally:
            mapping.close()
    except OSError as e:
        sys.exit("pagecache.py: %s: %s" % (path, e))
    finally:
        os.close(fd)


def evict(path):
    """Drops the file from the cache: True once none of its pages is in
    (never in a temp dir in memory: tmpfs pages are always in).  Pages
    still being written back are dropped only once written: it asks
    again, for up to five seconds."""
    fd = os.open(path, os.O_RDONLY)
    try:
        for _ in range(50):
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            if cached_pages(path) == 0:
                return True
            time.sleep(0.1)
        return False
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
    if not evict(path):
        sys.exit("pagecache.py: %s stays in the page cache" % path)
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


def whole_by_chance(guessed, own, opp):
    """The chance that a guess of `guessed` cards, any of those not in
    our own hand (`own` kinds of 32), holds all `opp` cards of the
    opponent's that we do not hold ourselves."""
    others = 32 - own
    if opp == 0 or guessed < opp:
        return 0.0
    return math.comb(others - opp, guessed - opp) / math.comb(others,
                                                              guessed)


def score(said):
    """(probes made, pages seen cached, guesses, hits, hits expected by
    chance, opponent's hands found whole, whole hands expected by
    chance) over the probing deals."""
    probes = seen = guesses = hits = whole = 0
    expected = whole_expected = 0.0
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
        # A guess of nearly every card holds the hand whatever the
        # cache says: where the kernel reads far ahead of a page (large
        # folios, a large read_ahead_kb), a probe may find a whole
        # region cached.
        whole_expected += whole_by_chance(len(guess), len(own),
                                          len(opp - own))
    return probes, seen, guesses, hits, expected, whole, whole_expected


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
        probes, seen, guesses, hits, expected, whole, by_chance = \
            score(said)
        check("default: the match ran (status %d)" % p.returncode,
              p.returncode == 0)
        check("default: %d probes made" % probes, probes == DEALS)
        print("default: %d pages seen cached, %d guesses, %d hits "
              "(chance %.1f), %d whole hands (chance %.1f)"
              % (seen, guesses, hits, expected, whole, by_chance))
        if seen == 0:
            print("skipped: the page cache carried no mark here (the "
                  "bots could not read or probe the file)")
            return verdict()
        check("default: no more hits than chance (%d, chance %.1f)"
              % (hits, expected),
              hits <= expected + 4 * math.sqrt(expected) + 2)
        check("default: no more opponent's hands found whole than "
              "chance (%d, chance %.1f)" % (whole, by_chance),
              whole <= by_chance + 4 * math.sqrt(by_chance) + 1)
        check("default: no warning on stderr", "page cache" not in
              p.stderr and "deals:" not in p.stderr)
        # The opt-in for trusted engines: allowed to leak, and said so.
        p, said = play(d, path, ["--duplicate"])
        probes, seen, guesses, hits, expected, whole, by_chance = \
            score(said)
        check("--duplicate: the match ran (status %d)" % p.returncode,
              p.returncode == 0)
        check("--duplicate: one line on stderr says what it allows",
              len([ln for ln in p.stderr.splitlines()
                   if "page cache" in ln]) == 1)
        # The channel is open: the same bots do find the hand where the
        # deck repeats (else the default's pass above would say nothing).
        check("--duplicate: the bots find their opponents' cards (%d, "
              "chance %.1f)" % (hits, expected),
              hits > expected + 4 * math.sqrt(expected) + 2)
        print("--duplicate (allowed, not a failure): the bots found %d of "
              "their opponents' cards in %d guesses (chance %.1f), %d "
              "whole hands of %d" % (hits, guesses, expected, whole,
                                     probes))
    finally:
        subprocess.run(["rm", "-rf", d])
    return verdict()


if __name__ == "__main__":
    sys.exit(main())
