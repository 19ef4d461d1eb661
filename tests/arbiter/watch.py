"""`serve --watch FILE`: a records file followed as a match appends to it.

A match writes two deals; the file is given to the server with its
second line cut short (a deal being written): only the first deal is
listed; the rest of the line is appended and the server lists both.  A
deal replayed from seat 0's view never names a card of seat 1's
concealed hand at the same step (the "all cards" replay says which), and
every step of the all-cards replay shows both hands.  No game is played:
posting an action is refused.
"""
import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.join(BUILD, "bezique-arbiter")


def fail(msg):
    print("watch.py: FAIL:", msg)
    sys.exit(1)


def get(base, path, method="GET", data=None):
    req = urllib.request.Request(base + path, data=data, method=method)
    if method == "POST":
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def wait_count(base, n):
    for _ in range(50):
        status, rec = get(base, "/api/records")
        if len(rec["deals"]) == n:
            return rec
        time.sleep(0.1)
    fail(f"the server lists {len(rec['deals'])} deals, not {n}")


def feed(deal, steps, table=0):
    return "".join(json.dumps({"live": 1, "table": table, "deal": deal,
                               "step": k, "players": ["a", "b"],
                               "seat": None if k == 0 else k % 2,
                               "action": None if k == 0 else f"x{k}",
                               "view": {"n": k}}) + "\n"
                   for k in steps)


def wait_live(base, deal, n):
    for _ in range(50):
        got = get(base, "/api/live")[1]
        if got.get("deal") == deal and len(got.get("steps", [])) == n:
            return got
        time.sleep(0.1)
    fail(f"/api/live: {got}, want deal {deal} with {n} steps")


def live(base, path):
    """FILE.live, a match's --live feed: the newest deal, from its step
    0, other tables' lines left out; a feed emptied and written again
    past where it was read is read again from its start."""
    with open(path, "w") as f:
        f.write(feed(4, range(3)))
    wait_live(base, 4, 3)
    with open(path, "a") as f:
        f.write(feed(9, range(2), table=1) + feed(4, [3]))
    got = wait_live(base, 4, 4)
    if [st["action"] for st in got["steps"]] != [None, "x1", "x2", "x3"]:
        fail(f"live steps: {got['steps']}")
    with open(path, "w") as f:     # a new deal, longer than the old feed
        f.write(feed(5, range(12)))
    wait_live(base, 5, 12)


def main():
    tmp = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    full = os.path.join(tmp, "full.jsonl")
    path = os.path.join(tmp, "live.jsonl")
    eng = os.path.join(BUILD, "bezique-engine")
    subprocess.run([ARB, "match", "-e", eng + " --level random", "-e",
                    eng + " --level greedy", "-n", "2", "--seed", "3", "-q",
                    "-o", full], check=True, stdout=subprocess.DEVNULL)
    lines = open(full).read().splitlines(keepends=True)
    cut = len(lines[1]) // 2
    with open(path, "w") as f:
        f.write(lines[0] + lines[1][:cut])
    proc = subprocess.Popen([ARB, "serve", "--port", "0", "--watch", path],
                            stdout=subprocess.PIPE, text=True)
    try:
        base = proc.stdout.readline().split()[-1].rstrip("/")
        st = get(base, "/api/state")[1]
        if st["mode"] != "watch":
            fail(f"mode {st['mode']}")
        wait_count(base, 1)
        with open(path, "a") as f:
            f.write(lines[1][cut:])
        rec = wait_count(base, 2)
        if rec["deals"][1]["deal"] != 2:
            fail(f"second deal: {rec['deals'][1]}")
        status, _ = get(base, "/api/action", "POST", b'{"action": "1"}')
        if status != 409:
            fail(f"an action while watching: {status}")
        if get(base, "/api/replay?deal=5&view=0")[0] != 404:
            fail("a deal not in the file")
        every = get(base, "/api/replay?deal=0&view=all")[1]["steps"]
        seat0 = get(base, "/api/replay?deal=0&view=0")[1]["steps"]
        if len(every) != len(seat0) or len(every) < 100:
            fail(f"{len(every)} and {len(seat0)} steps")
        for i, (a, s) in enumerate(zip(every, seat0)):
            if a["seat"] != "all" or s["seat"] != 0:
                fail(f"step {i}: seats {a['seat']} {s['seat']}")
            shown = set(s["hands"][1]["cards"])
            text = json.dumps(s)
            for card in set(a["hands"][1]["cards"]) - shown:
                if f'"{card}"' in text:
                    fail(f"step {i}: seat 0's view shows {card}")
        live(base, path + ".live")
        print(f"watch.py: {len(every)} steps checked, ok")
    finally:
        proc.send_signal(signal.SIGTERM)
        if proc.wait(timeout=5) != 0:
            fail("exit status after SIGTERM")


main()
