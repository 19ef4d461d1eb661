#!/usr/bin/env python3
"""Keyed dealing with commit and reveal (arbiter/record/deck_key.h,
record/keyfile.h, match/seed.h, doc/reproducible.md):
- --seed TEXT deals the same decks twice; a text one could guess gets
  one warning line on stderr, a long one none;
- every record carries the key's commitment, round and hand, never the
  key; the key is kept in RECORDS.key, mode 0600, and nowhere an engine
  reads it (its command line, environment, working directory);
- the key kept re-derives every deck (verify, and bots/lib/python);
- verify refuses a record whose deck was moved to another round or
  hand, and a key whose commitment is not the records'; without a key it says the
  decks were not checked, and that is no error;
- --resume continues with the same key (the key file's), refuses another.
"""
import hashlib
import json
import os
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bots", "lib", "python"))
import bzp  # noqa: E402

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.abspath(os.path.join(BUILD, "bezique-arbiter"))
ENG = os.path.abspath(os.path.join(BUILD, "bezique-engine"))
SPY = os.path.join(HERE, "..", "fixtures", "keyed_spy.sh")
failed = []


def check(what, ok):
    print("%-64s %s" % (what, "ok" if ok else "FAILED"))
    if not ok:
        failed.append(what)


def match(tmp, records, extra=(), deals=2, first=()):
    argv = [ARB, "match"] + (list(first) or
                             ["-e", ENG + " --level random"]) + [
            "--name", "a", "-e", ENG + " --level greedy", "--name", "b",
            "-n", str(deals), "-q", "-o", records] + list(extra)
    return subprocess.run(argv, cwd=tmp, capture_output=True, text=True,
                          timeout=300)


def records(path):
    """The file's records ([] when it was not written)."""
    if not os.path.exists(path):
        return []
    return [json.loads(line) for line in open(path)]


def verify(*args):
    return subprocess.run([ARB, "verify"] + list(args), capture_output=True,
                          text=True, timeout=300)


def warned(p):
    return [l for l in p.stderr.splitlines() if "could guess it" in l]


def main():
    with tempfile.TemporaryDirectory() as tmp:
        text = "a long text nobody guesses 7f3a"
        a, b = (os.path.join(tmp, n) for n in ("a.jsonl", "b.jsonl"))
        pa, pb = match(tmp, a, ["--seed", text]), match(tmp, b,
                                                        ["--seed", text])
        ra, rb = records(a), records(b)
        check("--seed TEXT twice: the same decks, the same commitment",
              pa.returncode == 0 and pb.returncode == 0 and
              ra and [r["deck"] for r in ra] == [r["deck"] for r in rb] and
              ra[0].get("commit") == rb[0].get("commit"))
        key = bzp.run_key_from_text(text)
        check("records of version 4 commit to SHA-256 of the text's key",
              ra and all(r["version"] == 4 and r.get("commit") ==
                  hashlib.sha256(key).hexdigest() for r in ra))
        check("a long --seed text gets no warning", not warned(pa))
        c = os.path.join(tmp, "c.jsonl")
        pc = match(tmp, c, ["--seed", "2026"])
        check("a guessable --seed (2026) gets one warning line",
              pc.returncode == 0 and len(warned(pc)) == 1 and
              "an engine's author could guess it" in warned(pc)[0])
        pd = match(tmp, os.path.join(tmp, "d.jsonl"),
                   ["--seed", "2026-11-28 19:45"])
        check("... so does a date, however long", len(warned(pd)) == 1)

        # A drawn key: where it is, and where it is not.
        e, seen = os.path.join(tmp, "e.jsonl"), os.path.join(tmp, "spy.log")
        work = os.path.join(tmp, "work")
        os.mkdir(work)
        pe = match(tmp, e, deals=4, first=("-e", "sh %s %s" % (SPY, ENG),
                                           "--dir", work, "--stderr", seen))
        kfile = e + ".key"
        hexkey = open(kfile).read().strip() if os.path.exists(kfile) else ""
        check("a drawn key is kept in RECORDS.key, mode 0600",
              pe.returncode == 0 and len(hexkey) == 64 and
              stat.S_IMODE(os.stat(kfile).st_mode) == 0o600)
        check("... it is the key printed at the end",
              hexkey and "--key %s deals them again" % hexkey in pe.stderr)
        re_ = records(e)
        check("no record holds the key; each its commitment, round, hand",
              hexkey and hexkey not in open(e).read() and
              all(r.get("commit") == hashlib.sha256(bytes.fromhex(hexkey))
                  .hexdigest() and "round" in r and "hand" in r and
                  "seed" not in r for r in re_))
        spied = open(seen, errors="replace").read() if os.path.exists(
            seen) else ""
        check("an engine's command line, environment and directory hold "
              "no key", "PATH=" in spied and hexkey and hexkey not in spied)
        check("the kept key re-derives every deck (bots/lib/python)",
              hexkey and all(",".join(bzp.card_text(x) for x in
                                      bzp.deal_deck(bytes.fromhex(hexkey),
                                                    r.get("round", 0),
                                                    r.get("hand", 0)))
                             == r["deck"] for r in re_))
        v = verify(e)
        check("verify checks every deck with the key file: no word of "
              "unchecked decks", v.returncode == 0 and
              "4 records verified, 0 bad" in v.stdout and
              "not checked" not in v.stdout)
        os.rename(kfile, kfile + ".aside")
        v = verify(e)
        check("without a key verify says the decks were not checked, "
              "exit 0", v.returncode == 0 and
              "4 decks not checked against a key" in v.stdout)
        v = verify("--key", hexkey, e)
        check("verify --key KEY checks them",
              v.returncode == 0 and "not checked" not in v.stdout)
        v = verify("--key", "ab" * 32, e)
        check("verify --key with another key: refused, naming the deal",
              v.returncode == 1 and "deal 1: its commit" in v.stderr and
              "is not the key's" in v.stderr)
        os.rename(kfile + ".aside", kfile)
        lines = open(e).read().splitlines()
        moved = json.loads(lines[0])
        moved["round"] = moved.get("round", 0) + 5
        f = os.path.join(tmp, "f.jsonl")
        with open(f, "w") as out:
            out.write("\n".join([json.dumps(moved)] + lines[1:]) + "\n")
        with open(f + ".key", "w") as out:
            out.write(hexkey + "\n")
        v = verify(f)
        check("verify refuses a deck the key does not deal for its round",
              v.returncode == 1 and "deal %d: the deck is not the one the "
              "key deals for round %d" % (moved["deal"], moved["round"])
              in v.stderr)

        other = json.loads(lines[0])
        other["hand"] = 1
        with open(f, "w") as out:
            out.write("\n".join([json.dumps(other)] + lines[1:]) + "\n")
        v = verify(f)
        check("verify refuses a hand other than the deal's in its game",
              v.returncode == 1 and "deal %d: hand 1, not its deal's number"
              % other["deal"] in v.stderr)

        # Resume: the same key, from the key file; another refused.
        r = os.path.join(tmp, "r.jsonl")
        p1 = match(tmp, r, deals=2)
        p2 = match(tmp, r, ["--resume", r], deals=4)
        rr = records(r)
        check("--resume continues with the key file's key",
              p1.returncode == 0 and p2.returncode == 0 and len(rr) == 4
              and len({x.get("commit") for x in rr}) == 1 and
              "drawn at random" not in p2.stderr and
              verify(r).returncode == 0)
        p3 = match(tmp, r, ["--resume", r, "--seed", text], deals=6)
        check("--resume with another key: refused, naming the commit",
              p3.returncode != 0 and "commit: the file's" in p3.stderr and
              len(records(r)) == 4)
        os.rename(r + ".key", r + ".gone")
        p4 = match(tmp, r, ["--resume", r], deals=6)
        check("--resume without the key file: refused in one line",
              p4.returncode != 0 and "key is not in" in p4.stderr and
              len(p4.stderr.strip().splitlines()) == 1)
    print("%d failed" % len(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
