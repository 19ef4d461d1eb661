#!/usr/bin/env python3
"""Records files that collide or lie (issue 21, items 4 to 6).

lock: a second writer on a records file (match, --resume, tournament,
play) is refused in one line while the first runs, and the file stays intact.
resume: --resume with another seed (key), variant, rules, deal count, pairing
or the engines' names swapped refuses in one line naming the field and
both values, and leaves the file as it was.
forged: a line given twice, two records of one deal, a deal index of
10^12, a deal moved to another index, players swapped in a record (the
first or another): each is reported by verify, that record alone,
refused by --resume, and by rate (which counts a record given twice
once: `rate f f` is `rate f`).
Prints one line per case; exits 1 if any failed.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.join(BUILD, "bezique-arbiter")
ENG = os.path.join(BUILD, "bezique-engine")


def match(records, names=("a", "b"), extra=()):
    """Duplicate deals (--duplicate; a later --no-duplicate undoes it):
    the checks below are of pairs."""
    return [ARB, "match", "-e", ENG + " --level random", "--name", names[0],
            "-e", ENG + " --level greedy", "--name", names[1],
            "--seed", "integrity's seed 5", "-q", "-o", records,
            "--duplicate"] + list(extra)


def run(args, timeout=120):
    p = subprocess.run(args, capture_output=True, text=True,
                       timeout=timeout, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def lines_of(path):
    with open(path, "rb") as f:
        return f.read().splitlines()


def one_line(err):
    return len(err.strip().splitlines()) == 1


def case_lock(tmp):
    rec = os.path.join(tmp, "lock.jsonl")
    ini = os.path.join(tmp, "lock.ini")
    with open(ini, "w") as f:
        f.write("[tournament]\nrounds = 1\n[engine x]\ncommand = %s\n"
                "[engine y]\ncommand = %s\n" % (ENG, ENG))
    first = subprocess.Popen(match(rec, extra=["-n", "4000"]),
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while (not os.path.exists(rec) or len(lines_of(rec)) < 2) and \
                time.monotonic() < deadline and first.poll() is None:
            time.sleep(0.02)
        seconds = [match(rec, ("c", "d"), ["-n", "2"]),
                   match(rec, extra=["-n", "4000", "--resume", rec]),
                   [ARB, "tournament", ini, "-o", rec, "-q"],
                   [ARB, "play", "--engine", ENG, "--records", rec]]
        for cmd in seconds:
            rc, _, err = run(cmd)
            if first.poll() is not None:
                return "the first run ended before the second was tried"
            if rc == 0 or "another run" not in err or rec not in err \
                    or not one_line(err):
                return "second writer %s: exit %d, %r" % (cmd[1:3], rc,
                                                          err)
    finally:
        first.send_signal(signal.SIGINT)
        _, err = first.communicate(timeout=60)
    if first.returncode != 128 + signal.SIGINT:	# stopped early
        return "the first run failed (exit %d): %s" % (first.returncode,
                                                        err)
    recs = [json.loads(x) for x in lines_of(rec)]
    deals = [r["deal"] for r in recs]
    if len(set(deals)) != len(deals) or not all(1 <= d <= 4000
                                                 for d in deals):
        return "the file holds other deals than the first run's"
    if any(r["players"] not in (["a", "b"], ["b", "a"]) for r in recs):
        return "a second writer's record is in the file"
    rc, out, err = run([ARB, "verify", rec])
    if rc != 0:
        return "verify: " + err
    return None


def base_file(tmp):
    """Six deals of random ('a') against greedy ('b'), seed 5, recorded in
    the schedule's order (a process a game: otherwise a process plays the
    three decks before their twins), which the forgeries below count on."""
    rec = os.path.join(tmp, "base.jsonl")
    if not os.path.exists(rec):
        rc, _, err = run(match(rec, extra=["-n", "6",
                                           "--games-per-process", "1"]))
        if rc != 0:
            raise RuntimeError("the base match failed: " + err)
    return rec


def refuses(cmd, rec, words):
    """cmd exits non-zero with one line holding every word, and leaves
    rec as it was."""
    before = open(rec, "rb").read()
    rc, _, err = run(cmd)
    if rc == 0 or not one_line(err) or any(w not in err for w in words):
        return "exit %d, %r (want one line with %r)" % (rc, err, words)
    if open(rec, "rb").read() != before:
        return "the file changed"
    return None


def case_resume(tmp):
    base = base_file(tmp)
    rec = os.path.join(tmp, "again.jsonl")
    with open(rec, "wb") as f:
        f.write(open(base, "rb").read())
    fine = match(rec, extra=["-n", "6", "--resume", rec])
    rc, _, err = run(fine)
    if rc != 0 or open(rec, "rb").read() != open(base, "rb").read():
        return "the same command does not resume: " + err
    wrong = [
        (["--seed", "integrity's seed 6"], None,
         ["commit: the file's ", "another --seed or --key"]),
        (["--variant", "six-pack"], None,
         ["variant: the file's 'rubicon', the command's 'six-pack'"]),
        (["--rule", "carte_blanche=100"], None,
         ["rules: the file's 'carte_blanche=50', the command's "
          "'carte_blanche=100'"]),
        ([], ("b", "a"), ["players: the file's deal 1 seats 'a', 'b', "
                          "the command's 'b', 'a'"]),
        (["--no-duplicate"], None, ["duplicate: the file's deal 2 is in "
                                    "pair 1, the command's in pair 2"]),
    ]
    for extra, names, words in wrong:
        cmd = match(rec, names or ("a", "b"), ["-n", "6", "--resume", rec]
                    + extra)
        line = 2 if "--no-duplicate" in extra else 1
        why = refuses(cmd, rec, words + ["%s:%d: " % (rec, line)])
        if why:
            return "%s: %s" % (" ".join(extra) or "names swapped", why)
    why = refuses(match(rec, extra=["-n", "4", "--resume", rec]), rec,
                  ["deals: the file has deal 5, the command 4 deals"])
    return "-n 4: " + why if why else None


def forge(tmp, name, edit):
    """A copy of the base file, its records (dicts) passed to edit."""
    recs = [json.loads(x) for x in lines_of(base_file(tmp))]
    recs = edit(recs)
    path = os.path.join(tmp, name + ".jsonl")
    with open(path, "w") as f:
        for r in recs:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
    return path


def swap_players(recs):
    recs[2]["players"].reverse()
    return recs


def swap_first(recs):
    recs[0]["players"].reverse()
    return recs


def claim(recs):
    recs.append(dict(recs[3], deal=3))
    return recs


def move(recs):
    recs[5]["deal"], recs[5]["pair"] = 1002, 500
    return recs


FORGED = [
    ("line-twice", lambda r: r + [r[0]], "deal 1 repeats line 1"),
    ("one-deal-twice", claim, "deal 3 is recorded twice, here and at "
     "line 3, differently"),
    ("huge-index", lambda r: r[:5] + [dict(r[5], deal=10 ** 12)],
     "deal 1000000000000 of pair 2: not a deal number"),
    ("moved", move, "deal 1002 (pair 501) is not dealt by the schedule"),
    ("swapped", swap_players, "deal 3 seats 'b', 'a' in another order "
     "than the schedule and deal 1"),
    ("swapped-first", swap_first, "deal 1 seats 'b', 'a' in another "
     "order than the schedule and deal 2"),
]


def case_forged(tmp):
    base = base_file(tmp)
    _, whole, _ = run([ARB, "rate", base])
    for name, edit, words in FORGED:
        path = forge(tmp, name, edit)
        rc, out, err = run([ARB, "verify", path])
        if rc == 0 or words not in err:
            return "%s: verify exit %d, %r (want %r)" % (name, rc, err,
                                                        words)
        # The record that is wrong, and no other (the records after a
        # swapped one were blamed with it).
        if len(err.splitlines()) != 1 or (name.startswith("swapped") and
                                          "5 records verified, 1 bad"
                                          not in out):
            return "%s: verify names more than the record: %r %r" % (
                name, out, err)
        why = refuses(match(path, extra=["-n", "6", "--resume", path]),
                      path, ["not this match's records", path + ":"])
        if why and name != "huge-index":
            return "%s: --resume: %s" % (name, why)
        rc, out, err = run([ARB, "rate", path])
        if name == "line-twice":
            if rc != 0 or out != whole or "1 record given twice" not in err:
                return "rate of a line given twice: exit %d, %r" % (rc,
                                                                   err)
        elif rc == 0 or words not in err:
            return "%s: rate exit %d, %r" % (name, rc, err)
    rc, out, err = run([ARB, "rate", base, base])
    if rc != 0 or out != whole or "6 records given twice" not in err:
        return "rate f f is not rate f: %r" % err
    return None


def case_tournament(tmp):
    """A tournament's records and its shards verify: each deck follows
    the schedule of rounds of three pairings."""
    ini = os.path.join(tmp, "t.ini")
    with open(ini, "w") as f:
        f.write("[tournament]\nrounds = 2\nseed = integrity's seed 9\n")
        for name, level in (("x", "random"), ("y", "greedy"),
                            ("z", "random")):
            f.write("[engine %s]\ncommand = %s --level %s\n" % (name, ENG,
                                                               level))
    files = []
    for shard in ("", "1/2", "2/2"):
        rec = os.path.join(tmp, "t%s.jsonl" % shard.replace("/", "-"))
        cmd = [ARB, "tournament", ini, "-o", rec, "-q"]
        rc, _, err = run(cmd + (["--shard", shard] if shard else []))
        if rc != 0:
            return "tournament %s: %s" % (shard, err)
        rc, _, err = run([ARB, "verify", rec])
        if rc != 0:
            return "verify %s: %s" % (rec, err)
        files.append(rec)
    # Resumed as another tournament: the engines in another order, or a
    # gauntlet: refused, naming the seats.
    for name, text in (("order", open(ini).read().replace(
            "[engine x]", "[engine w]").replace("[engine y]", "[engine x]")
            .replace("[engine w]", "[engine y]")),
                       ("gauntlet", open(ini).read().replace(
                           "rounds = 2", "rounds = 3\nformat = gauntlet"))):
        other = os.path.join(tmp, name + ".ini")
        with open(other, "w") as f:
            f.write(text)
        why = refuses([ARB, "tournament", other, "--resume", files[0],
                       "-q"], files[0], ["players: the file's deal"])
        if why:
            return "resumed as %s: %s" % (name, why)
    rc, whole, err = run([ARB, "rate", files[0]])
    rc2, merged, err2 = run([ARB, "rate", files[1], files[2], files[1]])
    if rc != 0 or rc2 != 0 or whole != merged:
        return "shards (one given twice) do not rate as the whole: %r" % (
            err + err2)
    return None


def case_person(tmp):
    """A person's deals (play, serve: single deals, the person keeping
    one seat) verify as a whole too.  Made from single deals whose odd
    deals seat the engines back as the even ones (`play --deals 2` dies
    at its second deal today, in table.c)."""
    rec = os.path.join(tmp, "single.jsonl")
    rc, _, err = run(match(rec, extra=["-n", "3", "--no-duplicate"]))
    if rc != 0:
        return "match: " + err
    recs = [json.loads(x) for x in lines_of(rec)]
    for r in recs:
        r["players"] = ["a", "b"]
    with open(rec, "w") as f:
        for r in recs:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
    rc, _, err = run([ARB, "verify", rec])
    return "verify: " + err if rc != 0 else None


CASES = [("lock", case_lock), ("resume", case_resume),
         ("forged", case_forged), ("tournament", case_tournament),
         ("person", case_person)]


def main():
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, fn in CASES:
            why = fn(tmp)
            print("%-24s %s" % (name, "ok" if why is None else
                                "FAILED: " + why))
            bad += why is not None
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
