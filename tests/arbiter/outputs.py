#!/usr/bin/env python3
"""Outputs you can find, ratings that mean what they say (issue 19, 4-5).

- A tournament without `records =` keeps its records in FILE.jsonl where
  it is run, lists every file written at the end (records, summary,
  chart) and never touches that file again: a second run stops with one
  line naming --resume.  A match without -o keeps match-*.jsonl.
- Tables keep long names whole and their columns aligned.
- A match names an engine by --name, else its id name (when no other
  player has it), else its command, and says so in the last case.
- `rate` over players that never met warns in one line and rates each
  group on its own, each with mean 0.
- An engine that lost every deal has a ±pairs interval no narrower than
  the fit's (the bootstrap collapsed to 31 where the fit said 458).
- Each engine's gap to the next below it, with its interval, in the
  table and the summary; the last has none.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

BUILD = os.path.abspath(os.environ.get("BUILD", "build"))
ARB = os.path.join(BUILD, "bezique-arbiter")
ENG = os.path.join(BUILD, "bezique-engine")
LONG = "an-engine-whose-name-is-over-twenty"

INI = """[tournament]
rounds = 4
seed = the outputs test's seed
time = 0
max_failures = 1000
[engine greedy]
command = {b}/bezique-engine --level greedy
[engine {long}]
command = {b}/bezique-engine --level random
[engine loser]
command = {b}/fixtures/badbot --mode illegal
"""


def run(args, cwd, code=0):
    p = subprocess.run([ARB] + args, cwd=cwd, capture_output=True,
                       text=True, timeout=120)
    if p.returncode != code:
        sys.exit("%s: exit %d, not %d: %s" % (args, p.returncode, code,
                                              p.stderr))
    return p.stdout, p.stderr


def digest(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def table(out):
    """The rows of the first standings table: {name: fields}."""
    rows, seen = {}, False
    for line in out.splitlines():
        if line.startswith("#   engine"):
            seen = True
            header = line
        elif seen and line[:1].isdigit():
            f = line.split()
            rows[f[1]] = f
            # The Elo column ends where its heading ends.
            end = header.index("Elo") + 3
            if line[end - 1] == " " or line[end] != " ":
                sys.exit("Elo column misaligned:\n%s\n%s" % (header, line))
        elif seen:
            break
    return rows


def default_records(tmp):
    ini = os.path.join(tmp, "t.ini")
    open(ini, "w").write(INI.format(b=BUILD, long=LONG))
    out, err = run(["tournament", "t.ini", "-q", "--summary", "s.json",
                    "--svg", "c.svg"], tmp)
    rec = os.path.join(tmp, "t.jsonl")
    if not os.path.exists(rec) or sum(1 for _ in open(rec)) != 12:
        sys.exit("no t.jsonl of 12 records beside the run")
    for line in ("records: t.jsonl", "summary: s.json", "chart:   c.svg"):
        if line not in err.splitlines():
            sys.exit("the end does not list %r:\n%s" % (line, err))
    # The draw parameter only for deals drawn, then said in words.
    drawn = sum(1 for l in open(rec) if json.loads(l)["result"]["winner"]
                == -1)
    line = next(l for l in out.splitlines()
                if l.startswith("elder-hand advantage"))
    if (drawn == 0) != ("nu =" not in line) or (drawn and not re.search(
            r"draws: nu = [0-9.]+ \(two equals would draw [0-9]+% of their "
            r"deals\)", line)):
        sys.exit("%d deals drawn, yet: %s" % (drawn, line))
    if ("Elo centred on the mean: match's Elo is a gap between two, from "
            "the score alone") not in out:
        sys.exit("the table does not say how its Elo is match's:\n" + out)
    before = digest(rec)
    # Run again: the earlier run is kept, not appended to (two runs in
    # one file verify as neither) nor a reason to fail (issue 43), and
    # said in one line; the new run has the file to itself.
    kept_as = ("bezique-arbiter: t.jsonl held an earlier run's records: "
               "kept as t.%d.jsonl (--resume continues a run instead)")
    _, err = run(["tournament", "t.ini", "-q"], tmp)
    if err.splitlines()[0] != kept_as % 1:
        sys.exit("second run: the earlier run not kept in one line: %r"
                 % err)
    kept = os.path.join(tmp, "t.1.jsonl")
    if not os.path.exists(kept) or digest(kept) != before:
        sys.exit("the second run touched the first run's records")
    if sum(1 for _ in open(rec)) != 12:
        sys.exit("the second run's records are not 12 in t.jsonl")
    # Named with -o, the same, under the next free number, with the
    # summary that goes with it.
    open(os.path.join(tmp, "t-summary.json"), "w").write("earlier\n")
    _, err = run(["tournament", "t.ini", "-q", "-o", "t.jsonl"], tmp)
    if open(os.path.join(tmp, "t.2-summary.json")).read() != "earlier\n":
        sys.exit("the earlier run's summary not kept beside its records")
    if err.splitlines()[0] != kept_as % 2:
        sys.exit("-o over a run's records: not kept in one line: %r" % err)
    if digest(kept) != before or sum(1 for _ in open(os.path.join(
            tmp, "t.2.jsonl"))) != 12:
        sys.exit("a run with -o lost an earlier run's records")
    run(["verify", "t.jsonl"], tmp)
    run(["tournament", "t.ini", "-q", "--resume", "t.jsonl"], tmp)
    rows = table(out)
    if LONG not in rows:
        sys.exit("the long name is cut in the table:\n" + out)
    for part in ("crosstable", "likelihood"):
        block = out[out.index(part):]
        if ("\n" + LONG + " ") not in block:
            sys.exit("the long name is cut in the %s" % part)
    # The chart's plot starts after the longest name (8 px a letter).
    svg = open(os.path.join(tmp, "c.svg")).read()
    grid = [int(m) for m in re.findall(r'<line x1="(\d+)" y1="35"', svg)]
    if not grid or min(grid) < 8 * len(LONG):
        sys.exit("the chart's plot overlaps the long name: %s" % grid[:1])
    # libinih keeps 49 bytes of a section's name: a name that may have
    # been cut (49 bytes or more with "engine ") is refused.
    too = "x" * 41 + "y"
    open(os.path.join(tmp, "long.ini"), "w").write(
        INI.format(b=BUILD, long=too))
    _, err = run(["tournament", "long.ini", "-q", "-o", "/dev/null"], tmp, 2)
    if len(err.splitlines()) != 1 or "long.ini:" not in err:
        sys.exit("a name libinih cuts was not refused: %r" % err)
    open(os.path.join(tmp, "fits.ini"), "w").write(
        INI.format(b=BUILD, long="x" * 41))
    out, _ = run(["tournament", "fits.ini", "-q", "-o", "/dev/null"], tmp)
    if "x" * 41 + " " not in out:
        sys.exit("a 41-letter name is not whole:\n" + out)
    # A match without -o keeps its records too.
    run(["match", "-e", ENG + " --level greedy", "--name", "a", "-e",
         ENG + " --level random", "--name", "b", "-n", "2", "-q"], tmp)
    kept = [f for f in os.listdir(tmp) if f.startswith("match-") and
            not f.endswith(".key")]
    if len(kept) != 1 or sum(1 for _ in open(os.path.join(tmp, kept[0]))) \
            != 2:
        sys.exit("a match without -o kept %s" % kept)
    return rows


def edge_interval(rows):
    # loser lost all 8 of its deals (illegal at once): every deal of it
    # is identical, and the bootstrap alone cannot see any spread.
    f = rows["loser"]
    fit, pairs = float(f[3]), float(f[4])
    if pairs < fit:
        sys.exit("loser lost every deal: ±pairs %g narrower than ±fit %g"
                 % (pairs, fit))


def gap_to_next(rows, tmp):
    s = json.load(open(os.path.join(tmp, "s.json")))
    ranked = sorted(s["engines"], key=lambda e: -e["elo"])
    for above, below in zip(ranked, ranked[1:] + [None]):
        f = rows[above["name"]]
        if below is None:
            if "next" in above or f[5] != "-":
                sys.exit("the last engine has a gap: %s" % f)
            continue
        nx = above.get("next")
        if not nx or nx["name"] != below["name"] or \
                abs(nx["gap"] - (above["elo"] - below["elo"])) > 1e-6 or \
                not nx["gap_ci95"] > 0:
            sys.exit("%s: next %s, not %s below it" % (above["name"], nx,
                                                       below["name"]))
        if f[5:8] != ["%+.0f" % nx["gap"], "±", "%.0f" % nx["gap_ci95"]]:
            sys.exit("%s: table says %s, summary %s" % (above["name"],
                                                      f[5:8], nx))


def players(path):
    with open(path) as f:
        return set(json.loads(f.readline())["players"])


def naming(tmp):
    c_random = os.path.join(BUILD, "bots", "c-random")
    rec = os.path.join(tmp, "n1.jsonl")
    out, _ = run(["match", "-e", ENG + " --level greedy", "-e", c_random,
                  "-n", "2", "-q", "-o", rec], tmp)
    if players(rec) != {"bezique-engine", "c-random"}:
        sys.exit("id names not used: %s" % players(rec))
    # The names are the engines' own: nothing to say (issue 43: a long
    # notice opened every plain match).
    if "names" in out:
        sys.exit("a notice for names that are the engines' own:\n" + out)
    # Two engines that give the same id name are named by the words
    # their commands differ in: the levels, as the page names them
    # (issue 43), and said in one short line.
    rec = os.path.join(tmp, "n2.jsonl")
    out, _ = run(["match", "-e", ENG + " --level greedy", "-e",
                  ENG + " --level random", "-n", "2", "-q", "-o", rec], tmp)
    if players(rec) != {"greedy", "random"}:
        sys.exit("shared id name: %s" % players(rec))
    said = [l for l in out.splitlines() if l.startswith("names")]
    if said != ["names from commands: 'greedy', 'random' (id name "
                "'bezique-engine' shared); --name NAME names an engine"]:
        sys.exit("why the command names is not said in one short line:\n"
                 + out)
    # One command in two directories: told apart by their id names, and
    # refused in one line when those are alike too.
    py = os.path.join(os.path.dirname(BUILD), "bots", "python-random",
                      "bot.py")
    for d, target in (("a", "python3 " + py), ("b", c_random),
                      ("c", c_random)):
        os.makedirs(os.path.join(tmp, d), exist_ok=True)
        with open(os.path.join(tmp, d, "bot.sh"), "w") as f:
            f.write("exec %s\n" % target)
    rec = os.path.join(tmp, "n4.jsonl")
    run(["match", "-e", "sh bot.sh", "--dir", os.path.join(tmp, "a"), "-e",
         "sh bot.sh", "--dir", os.path.join(tmp, "b"), "-n", "2", "-q",
         "-o", rec], tmp)
    if players(rec) != {"python-random", "c-random"}:
        sys.exit("one command, two id names: %s" % players(rec))
    _, err = run(["match", "-e", "sh bot.sh", "--dir", os.path.join(tmp, "b"),
                  "-e", "sh bot.sh", "--dir", os.path.join(tmp, "c"), "-n",
                  "2", "-q", "-o", rec], tmp, 2)
    if len(err.splitlines()) != 1 or "give --name" not in err:
        sys.exit("two players named alike: %r" % err)
    # An id name longer than records keep whole (127 bytes) is not used.
    lib = os.path.join(os.path.dirname(BUILD), "bots", "lib", "python")
    with open(os.path.join(tmp, "longname.py"), "w") as f:
        f.write("import sys\nsys.path.insert(0, %r)\nimport bzp\n"
                "bzp.run(lambda r: bzp.rng.choice(r['legal']), "
                "name='n' * 150)\n" % lib)
    rec = os.path.join(tmp, "n5.jsonl")
    out, _ = run(["match", "-e", "python3 longname.py", "-e", c_random,
                  "-n", "2", "-q", "-o", rec], tmp)
    if players(rec) != {"python3 longname.py", "c-random"} or \
            "id name over 100 bytes" not in out:
        sys.exit("a long id name: %s\n%s" % (players(rec), out))
    # Names are at most 100 bytes (records are read back with 127): a
    # longer --name is refused, a longer command name is cut.
    _, err = run(["match", "-e", c_random, "--name", "m" * 101, "-e",
                  ENG, "-n", "2", "-q", "-o", rec], tmp, 2)
    if len(err.splitlines()) != 1 or "--name" not in err:
        sys.exit("a 101-byte --name: %r" % err)
    rec = os.path.join(tmp, "n6.jsonl")
    run(["match", "-e", "python3 longname.py " + "a" * 150, "-e", c_random,
         "-n", "2", "-q", "-o", rec], tmp)
    if players(rec) != {("python3 longname.py " + "a" * 150)[:100],
                        "c-random"}:
        sys.exit("a long command name not cut to 100: %s" % players(rec))
    # --name comes first.
    rec = os.path.join(tmp, "n3.jsonl")
    out, _ = run(["match", "-e", c_random, "--name", "mine", "-e",
                  ENG + " --level random", "-n", "2", "-q", "-o", rec], tmp)
    if players(rec) != {"mine", "bezique-engine"}:
        sys.exit("--name not first: %s" % players(rec))


def groups(tmp):
    for k, (a, b) in enumerate((("g1", "r1"), ("g2", "r2"))):
        run(["match", "-e", ENG + " --level greedy", "--name", a, "-e",
             ENG + " --level random", "--name", b, "-n", "4", "-q", "-o",
             "m%d.jsonl" % k, "--seed", "outputs seed %d of two" % k], tmp)
    out, err = run(["rate", "m0.jsonl", "m1.jsonl", "--summary",
                    "g.json"], tmp)
    if len(err.splitlines()) != 1 or "2 groups that never met" not in err:
        sys.exit("no one-line warning for groups: %r" % err)
    if "group 1 of 2" not in out or "group 2 of 2" not in out:
        sys.exit("groups not rated apart:\n" + out)
    s = json.load(open(os.path.join(tmp, "g.json")))
    if s["type"] != "standings-groups" or len(s["groups"]) != 2:
        sys.exit("summary of groups: %s" % s["type"])
    for g in s["groups"]:
        mean = sum(e["elo"] for e in g["engines"]) / len(g["engines"])
        if abs(mean) > 0.5 or len(g["engines"]) != 2:
            sys.exit("a group is not on its own scale: %s" % g)
    # One group: no warning, one table.
    out, err = run(["rate", "m0.jsonl"], tmp)
    if err or "group" in out:
        sys.exit("a connected set was split: %r" % err)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        rows = default_records(tmp)
        edge_interval(rows)
        gap_to_next(rows, tmp)
        naming(tmp)
        groups(tmp)
    print("outputs: default records, long names, naming, groups, edges, "
          "gaps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
