#!/usr/bin/env python3
"""The seed a run deals from is no engine's to know (arbiter/match/seed.h).

Every deck follows from the run's seed by a published recipe, so the
arbiter must not deal from a seed an engine's author can guess:
- without --seed, two runs deal different decks, from a seed drawn at
  random and printed at the end ("--seed S deals them again"), and
  --seed S deals the very same decks;
- --resume of such a run continues from the records' seed (verify
  accepts the whole file as one run), and prints no new one;
- a tournament file without `seed =` draws one; with it, none is drawn;
- --shard without a seed is refused (shards must deal the same decks).
No engine reads the seed from the arbiter's command line: cmdline.py.
"""
import json
import os
import re
import subprocess
import sys
import tempfile


BUILD = os.environ.get("BUILD", "build")
ARB = os.path.abspath(os.path.join(BUILD, "bezique-arbiter"))
ENG = os.path.abspath(os.path.join(BUILD, "bezique-engine"))
DRAWN = re.compile(r"the decks came from seed (\d+), drawn at random; "
                   r"--seed (\d+) deals them again")
failed = []


def check(what, ok):
    print("%-60s %s" % (what, "ok" if ok else "FAILED"))
    if not ok:
        failed.append(what)


def match(tmp, records, extra=(), deals=2, env=None):
    argv = [ARB, "match", "-e", ENG + " --level random", "--name", "a",
            "-e", ENG + " --level greedy", "--name", "b", "-n", str(deals),
            "-q", "-o", records] + list(extra)
    return subprocess.run(argv, cwd=tmp, capture_output=True, text=True,
                          timeout=120, env=env)


def decks(records):
    return [json.loads(line)["seed"] for line in open(records)]


def drawn(p):
    m = DRAWN.search(p.stderr)
    return m.group(1) if m and m.group(1) == m.group(2) else None


def main():
    with tempfile.TemporaryDirectory() as tmp:
        one, two, again = (os.path.join(tmp, n) for n in
                           ("one.jsonl", "two.jsonl", "again.jsonl"))
        p1, p2 = match(tmp, one), match(tmp, two)
        s1, s2 = drawn(p1), drawn(p2)
        check("without --seed: exit 0, the drawn seed printed at the end",
              p1.returncode == 0 and p2.returncode == 0 and s1 and s2)
        check("two runs without --seed deal different decks",
              s1 != s2 and decks(one)[0] != decks(two)[0])
        p3 = match(tmp, again, ["--seed", s1 or "1"])
        check("--seed S deals the decks of the run that drew S",
              p3.returncode == 0 and decks(again) == decks(one))
        check("a seed given is not said again", drawn(p3) is None)

        p4 = match(tmp, one, ["--resume", one], deals=4)
        d = decks(one)
        check("--resume continues from the records' seed",
              p4.returncode == 0 and len(d) == 4 and drawn(p4) is None)
        v = subprocess.run([ARB, "verify", one], capture_output=True,
                           text=True)
        check("verify takes the resumed file as one run",
              v.returncode == 0 and "4 records verified, 0 bad" in v.stdout)

        p5 = match(tmp, os.path.join(tmp, "shard.jsonl"),
                   ["--shard", "1/2"], deals=4)
        check("--shard without a seed refused in one line",
              p5.returncode == 2 and "--shard 1/2 needs --seed" in p5.stderr
              and len(p5.stderr.strip().splitlines()) == 1)

        ini = os.path.join(tmp, "t.ini")
        for seeded in (False, True):
            with open(ini, "w") as f:
                f.write("[tournament]\nrounds = 1\n%s\n"
                        "[engine a]\ncommand = %s --level random\n"
                        "[engine b]\ncommand = %s --level greedy\n" %
                        ("seed = 77" if seeded else "", ENG, ENG))
            rec = os.path.join(tmp, "t%d.jsonl" % seeded)
            p = subprocess.run([ARB, "tournament", ini, "-o", rec, "-q"],
                               cwd=tmp, capture_output=True, text=True,
                               timeout=120)
            check("tournament %s: %s" % ("with seed = 77" if seeded else
                                         "without seed =",
                                         "none drawn" if seeded else
                                         "a seed drawn"),
                  p.returncode == 0 and (drawn(p) is None) == seeded)
    print("%d failed" % len(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
