"""Records a verifier can check on its own (doc/records.md): every record
written by matches of every variant, a failing engine (forfeit, voided,
restarted), a tournament and `play` validates against
doc/record.schema.json; from the records alone (no rules core) each
seat's points add up, every pass says what it declined, a trick's winner
with no declare step is marked, the trump and the last trick agree, `ms`
has at most three decimals; verify refuses each fact tampered with, reads
version 1 and refuses version 5 in one line; bicycle's rules say 320."""
import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import recordschema  # noqa: E402

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.join(BUILD, "bezique-arbiter")
GREEDY = os.path.join(BUILD, "bezique-engine") + " --level greedy"
RANDOM = os.path.join(BUILD, "bezique-engine") + " --level random"
BAD = os.path.join(BUILD, "fixtures", "badbot")
tmp = tempfile.mkdtemp()
atexit.register(shutil.rmtree, tmp, ignore_errors=True)
failures = []


def fail(what):
    failures.append(what)
    print("FAIL:", what)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=120,
                          **kw)


def match(name, *extra, engines=(GREEDY, RANDOM)):
    path = os.path.join(tmp, name + ".jsonl")
    args = [ARB, "match", "-n", "2", "--seed", "3", "-q", "-o", path]
    for i, e in enumerate(engines):
        args += ["-e", e, "--name", "p%d" % i]
    r = run(args + list(extra))
    if not os.path.exists(path):
        fail("%s: no records (%s)" % (name, r.stderr.strip()))
    return path


def write(path, records):
    with open(path, "w") as f:
        for r in records:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def on_its_own(path):
    """What a reader checks from the record alone."""
    text = open(path).read()
    for ms in re.findall(r'"ms":([-0-9.eE+]+)', text):
        if not re.fullmatch(r"[0-9]+(\.[0-9]{1,3})?", ms):
            fail("%s: ms %s is not to the microsecond" % (path, ms))
    for r in load(path):
        where = "%s deal %d" % (path, r["deal"])
        n = len(r["players"])
        total = list(r["opening_points"])
        fixed = None
        acts = r["actions"]
        for i, a in enumerate(acts):
            total[a["seat"]] += a["points"]
            if "last_trick" in a:
                total[a["last_trick"]["seat"]] += a["last_trick"]["points"]
            if "trump" in a:
                fixed = a["trump"]
            if a["action"] == "pass" and a["kind"] not in (
                    "declare", "carte-blanche"):
                fail("%s: a pass of kind %s" % (where, a["kind"]))
            nxt = acts[i + 1] if i + 1 < len(acts) else None
            # A declare step comes only to a trick's winner, and never
            # after the step was skipped (nothing to declare).
            if nxt is not None and nxt["kind"] == "declare" and (
                    a.get("won_by", nxt["seat"]) != nxt["seat"] or
                    a.get("declare_skipped") or
                    ("won_by" not in a and a["kind"] != "declare")):
                fail("%s: action %d: a declare step out of place" %
                     (where, i + 2))
        if r["termination"] == "normal" and total != r["result"]["points"]:
            fail("%s: points %s add up to %s" % (where,
                 r["result"]["points"], total))
        if fixed is not None and r["trump"] != fixed:
            fail("%s: trump %s, fixed as %s" % (where, r["trump"], fixed))
        last = [a["last_trick"] for a in acts if "last_trick" in a]
        if r["termination"] == "normal" and r["last_trick"] != last[-1]:
            fail("%s: last_trick %s, the actions' %s" % (where,
                 r["last_trick"], last))
        w = r["writer"]
        if w["program"] != "bezique-arbiter" or not w["build"]:
            fail("%s: writer %s" % (where, w))
        if len(total) != n:
            fail("%s: %d opening points" % (where, len(total)))


def valid(path):
    try:
        return recordschema.check_file(path)
    except recordschema.Invalid as e:
        fail(str(e))
        return 0


def verify(path):
    return run([ARB, "verify", path])


# Every writer: every variant, failures of each kind, a tournament, play.
paths = [match(v, "--variant", v)
         for v in ("rubicon", "two-hand", "six-pack", "eight-pack")]
paths.append(match("three-hand", "--variant", "three-hand", "-n", "3",
                   engines=(GREEDY, RANDOM, RANDOM)))
paths.append(match("bicycle", "--rule", "rubicon_mode=bicycle"))
paths.append(match("crash", "--on-failure", "forfeit",
                   engines=(BAD + " --mode crash", GREEDY)))
paths.append(match("void", "--on-failure", "void",
                   engines=(BAD + " --mode illegal", GREEDY)))
paths.append(match("restart", "--on-failure", "restart",
                   engines=(BAD + " --mode crash --after 5", GREEDY)))
ini = os.path.join(tmp, "t.ini")
with open("tournaments/variants/rubicon.ini") as f:
    open(ini, "w").write(f.read().replace("build/", BUILD + "/"))
tour = os.path.join(tmp, "tour.jsonl")
run([ARB, "tournament", ini, "-q", "-o", tour])
paths.append(tour)
played = os.path.join(tmp, "play.jsonl")
run([ARB, "play", "--engine", GREEDY, "--deals", "1", "--seed", "3",
     "--records", played], input="1\n" * 300)
paths.append(played)
count = 0
for p in paths:
    if not os.path.exists(p) or not load(p):
        fail("%s: no records written" % p)
        continue
    count += valid(p)
    on_its_own(p)
    v = verify(p)
    if v.returncode != 0:
        fail("verify %s: %s" % (p, v.stderr.strip()))
print("%d records valid in %d files" % (count, len(paths)))
if not any(r["termination"] == "crash" for r in load(paths[6])):
    fail("the crash match recorded no crash")
if not any(r.get("voided") for r in load(paths[7])):
    fail("the void match recorded no voided attempt")
if not any(r.get("incidents") for r in load(paths[8])):
    fail("the restart match recorded no incident")

# Bicycle's rules say what a rubicon pays.
if "rubicon_brisque_bonus=320" not in load(paths[5])[0]["rules"]:
    fail("bicycle records rubicon_brisque_bonus other than 320")

# Every fact is checked by verify: each tampered with is refused.
good = load(paths[0])[0]
acts = good["actions"]
i_decl = next(i for i, a in enumerate(acts) if a["kind"] == "declare")
i_last = next(i for i, a in enumerate(acts) if "last_trick" in a)
i_skip = next(i for i, a in enumerate(acts) if a.get("declare_skipped"))
i_trump = next(i for i, a in enumerate(acts) if "trump" in a)


def tampered(name, change, want):
    r = json.loads(json.dumps(good))
    change(r)
    path = os.path.join(tmp, "bad-%s.jsonl" % name)
    write(path, [r])
    v = verify(path)
    err = v.stderr.strip()
    if v.returncode == 0 or want not in err or len(err.splitlines()) != 1:
        fail("verify of %s: rc %d, %r (wanted %r)" % (name, v.returncode,
             err, want))


def setkey(i, key, value):
    def f(r):
        r["actions"][i][key] = value
    return f


def delkey(i, key):
    def f(r):
        del r["actions"][i][key]
    return f


tampered("kind", setkey(i_decl, "kind", "lead"),
         "action %d: kind \"lead\" recorded, the replay's \"declare\""
         % (i_decl + 1))
tampered("points", setkey(i_decl, "points", acts[i_decl]["points"] + 10),
         "action %d: points" % (i_decl + 1))
tampered("trump", setkey(i_trump, "trump",
                         "H" if acts[i_trump]["trump"] != "H" else "S"),
         "action %d: trump" % (i_trump + 1))
tampered("skip", delkey(i_skip, "declare_skipped"),
         "action %d: declare_skipped not recorded" % (i_skip + 1))
tampered("last", setkey(i_last, "last_trick", {"seat": 0, "points": 0}),
         "action %d: last_trick" % (i_last + 1))
tampered("deal-trump", lambda r: r.update(trump=None), "deal: trump")
tampered("deal-last", lambda r: r.update(last_trick=None),
         "deal: last_trick")
tampered("writer", lambda r: r.pop("writer"), "writer: no program")
tampered("sandbox", lambda r: r.update(sandbox="chroot"),
         'sandbox: not "landlock N+seccomp", "seccomp" (each perhaps '
         '+pidns), "off"')
tampered("sandbox-suffix", lambda r: r.update(sandbox="landlock 7+chroot"),
         'sandbox: not "landlock N+seccomp"')
tampered("sandbox-type", lambda r: r.update(sandbox=7), "sandbox: not")
tampered("sandbox-pidns", lambda r: r.update(sandbox="landlock 7+pidns"),
         'sandbox: not "landlock N+seccomp"')
# How the engines were confined: said by every match (arbiter/proc/sandbox.c),
# optional (records before it lack it, and verify takes them).
if good.get("sandbox") not in ("landlock %d+seccomp%s" % (n, ns)
                               for n in range(1, 100)
                               for ns in ("", "+pidns")):
    if good.get("sandbox") not in ("seccomp", "seccomp+pidns"):
        fail("a match's record says sandbox %r" % good.get("sandbox"))
# Every word an arbiter writes or wrote verifies.
for old in ("landlock 7", "none", "landlock 7+seccomp", "seccomp",
            "landlock 7+seccomp+pidns", "seccomp+pidns"):
    older = json.loads(json.dumps(good))
    older["sandbox"] = old
    write(os.path.join(tmp, "older.jsonl"), [older])
    if verify(os.path.join(tmp, "older.jsonl")).returncode != 0:
        fail("a record saying sandbox %r" % old)
nosb = json.loads(json.dumps(good))
nosb.pop("sandbox")
write(os.path.join(tmp, "nosandbox.jsonl"), [nosb])
v = verify(os.path.join(tmp, "nosandbox.jsonl"))
if v.returncode != 0:
    fail("a record without sandbox: %s" % v.stderr.strip())
tampered("opening", lambda r: r.update(opening_points=[10, 0]),
         "opening_points")
tampered("version", lambda r: r.update(version=5),
         "not a record of version 1 to 4")

# The schema refuses what it should: a record without an action's kind.
r = json.loads(json.dumps(good))
del r["actions"][0]["kind"]
try:
    recordschema.check(r, recordschema.load_schema(),
                       recordschema.load_schema())
    fail("the schema took an action without its kind")
except recordschema.Invalid as e:
    if "record.actions[0]: no kind" not in str(e):
        fail("schema: %s" % e)

# A version-1 record (no facts, no writer) is still read and verified:
# dealt by a seed (version 2's fixture), as version 3's no longer are.
old = load(os.path.join(os.path.dirname(__file__), "..", "fixtures",
                        "show_deal.jsonl"))
for r in old:
    r["version"] = 1
    for k in ("writer", "opening_points", "trump", "last_trick"):
        r.pop(k, None)
    for a in r["actions"]:
        for k in ("kind", "points", "trump", "won_by", "last_trick",
                  "declare_skipped"):
            a.pop(k, None)
v1 = os.path.join(tmp, "v1.jsonl")
write(v1, old)
v = verify(v1)
if v.returncode != 0 or "%d record%s verified, 0 bad" % (
        len(old), "" if len(old) == 1 else "s") not in v.stdout:
    fail("version 1: %s %s" % (v.stdout, v.stderr))

# A version-1 bicycle record said 300 while its rubicons paid 320: its
# rules are refused in one line naming the option (doc/records.md).
b1 = json.loads(json.dumps(load(paths[5])[0]))
b1["version"] = 1
b1["seed"] = "1"    # versions 1 and 2 name their deck by a seed
for k in ("commit", "round", "hand"):
    del b1[k]
b1["rules"] = b1["rules"].replace("rubicon_brisque_bonus=320",
                                  "rubicon_brisque_bonus=300")
write(os.path.join(tmp, "b1.jsonl"), [b1])
v = verify(os.path.join(tmp, "b1.jsonl"))
if v.returncode == 0 or len(v.stderr.strip().splitlines()) != 1 or \
        "rubicon_mode=bicycle pays 320 for the brisques, not 300" \
        not in v.stderr:
    fail("a version-1 bicycle record: %r" % v.stderr)

subprocess.run(["rm", "-rf", tmp])
if failures:
    sys.exit(1)
print("ok")
