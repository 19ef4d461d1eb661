#!/usr/bin/env python3
"""Remote seats (doc/network.md): bots that connect to the arbiter's
--listen port on loopback, through tests/fixtures/netbot.py.

  - a match with a remote seat completes, verifies, and deals and plays
    exactly what the same match with both engines local does (greedy is
    deterministic, --seed fixes the decks);
  - a tournament file's `command = remote:NAME`;
  - the tokens file is made (mode 0600) and read back;
  - wrong token, unknown seat, a bad hello, a hello line too long and a
    silent client are each refused with one line, and the run goes on;
  - a connection dropped mid-deal comes back (resume=1) within the grace
    and the deal ends normally, the drop in its reconnects (no failure);
  - under a game clock the time a seat is away is charged to it, its
    turn fallen due while away or not;
  - a drop past the grace is `disconnect` and forfeits the deal; the next
    deal waits for the seat's bot, which connects again;
  - TLS: the arbiter makes its certificate (key mode 0600) and prints its
    fingerprint, the same on the next run; bezique-connect --pin plays
    through it, comes back through it after a cut, and refuses another
    certificate in one line; a plain connection from another address of
    this machine is refused unless --insecure;
  - a bot of bots/lib/python connects by itself (bzp.run(remote=...)),
    in TLS pinned to the arbiter and in plain TCP;
  - the network's round trip (isready to readyok), up to --net-allowance,
    is not a remote bot's time: through a proxy that holds every line to
    the bot 800 ms, a 300 ms movetime (300 ms margin) is kept with the
    allowance and lost on time without it;
  - serve's opponent a remote bot: the page plays it, and a new game
    from the page meets the same bot;
  - a tournament's remote bot is told quit once, at the end (not when a
    pairing leaves it out), and a drop between its deals costs the deal
    in play nothing; remote seats with duplicate deals are refused;
  - remote:NAME without --listen and --listen with no remote seat are
    one-line errors.
  - 256 remote bots at once: 128 tables of two remote seats, every
    connection one instance, all deals played and verified;
  - build/bezique-connect seats an unchanged stdio bot, comes back by
    itself (resume=1) when a proxy cuts its connection mid-deal, and
    exits 0 after the arbiter's quit; a wrong token is exit 1 with the
    arbiter's refusal in one line.
"""
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.abspath("tests/fixtures"))
from netline import read_until  # noqa: E402

BUILD = os.environ.get("BUILD", "build")
ARB = os.path.abspath(f"{BUILD}/bezique-arbiter")
ENG = os.path.abspath(f"{BUILD}/bezique-engine")
NETBOT = os.path.abspath("tests/fixtures/netbot.py")
CONNECT = os.path.abspath(f"{BUILD}/bezique-connect")
GREEDY = [ENG, "--level", "greedy"]
failures = 0
children = []


def check(ok, what):
    global failures
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures += 1


def start(args, tmp, name="run", any_addr=False):
    """The arbiter with args; returns (process, port, its stderr file)."""
    err = open(os.path.join(tmp, name + ".err"), "w+")
    p = subprocess.Popen([ARB] + args, stdout=subprocess.DEVNULL,
                         stderr=err, cwd=tmp)
    children.append(p)
    t0 = time.time()
    while time.time() - t0 < 60:
        err.seek(0)
        m = re.search(r"listening on [0-9.]+:(\d+)", err.read())
        if m:
            return p, int(m.group(1)), err
        if p.poll() is not None:
            break
        time.sleep(0.05)
    err.seek(0)
    raise SystemExit("net_seats.py: no listening line: " + err.read())


def token(path, name):
    for line in open(path):
        f = line.split()
        if len(f) == 2 and f[0] == name:
            return f[1]
    raise SystemExit(f"net_seats.py: no token for {name} in {path}")


def netbot(port, name, tok, *extra, cmd=GREEDY):
    p = subprocess.Popen([sys.executable, NETBOT, f"127.0.0.1:{port}", name,
                          tok, *extra, "--"] + cmd,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    children.append(p)
    return p


def finish(p, what, limit=120):
    try:
        return p.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        check(False, what + ": still running after %d s" % limit)
        return None


def records(path):
    return [json.loads(l) for l in open(path) if l.strip()]


def moves(path):
    return [(r["deck"], [(a["seat"], a["action"]) for a in r["actions"]])
            for r in records(path)]


def verify(path):
    return subprocess.run([ARB, "verify", path], capture_output=True,
                          text=True).returncode == 0


def same_as_local(tmp):
    p, port, err = start(["match", "-e", "remote:alice", "-e",
                          " ".join(GREEDY), "-n", "2", "--seed",
                          "net seats same deals", "--listen",
                          "127.0.0.1:0", "-o", "r.jsonl", "-q"], tmp, "same")
    tokens = os.path.join(tmp, "r.jsonl.tokens")
    check(os.stat(tokens).st_mode & 0o777 == 0o600,
          "the tokens file is made with mode 0600")
    err.seek(0)
    check("tokens in " in err.read(), "its path is said on stderr")
    b = netbot(port, "alice", token(tokens, "alice"))
    check(finish(p, "remote match") == 0, "a match with a remote seat ends 0")
    finish(b, "its bot")
    check(verify(os.path.join(tmp, "r.jsonl")), "its records verify")
    q = subprocess.run([ARB, "match", "-e", " ".join(GREEDY), "--name",
                        "alice", "-e", " ".join(GREEDY), "-n", "2", "--seed",
                        "net seats same deals", "-o", "l.jsonl", "-q"],
                       cwd=tmp, capture_output=True, text=True)
    check(q.returncode == 0, "the same match, both local, ends 0")
    check(moves(os.path.join(tmp, "r.jsonl")) ==
          moves(os.path.join(tmp, "l.jsonl")),
          "remote and local seats deal and play the same deals")
    check(all(r["players"][0] == "alice" or r["players"][1] == "alice"
              for r in records(os.path.join(tmp, "r.jsonl"))),
          "the remote seat plays as its name, alice")


def refusals(tmp):
    with open(os.path.join(tmp, "t.tokens"), "w") as f:
        f.write("# two seats\nbob 0123456789abcdef0123\n"
                "carol abcdefabcdefabcdefab\n")
    os.chmod(os.path.join(tmp, "t.tokens"), 0o600)
    p, port, err = start(["match", "-e", "remote:bob", "-e", "remote:carol",
                          "-n", "1", "--listen", "127.0.0.1:0", "--tokens",
                          "t.tokens", "-o", "ref.jsonl", "-q"], tmp, "ref")

    def answer(line, wait=True):
        s = socket.create_connection(("127.0.0.1", port))
        if line is not None:
            s.sendall(line)
        s.settimeout(30)
        try:
            got = read_until(s)
        except socket.timeout:
            got = b""
        s.close()
        return got.decode(errors="replace").strip()

    cases = [
        (b"hello bzp=1 name=bob token=wrongwrongwrongwrong\n",
         "refused wrong token for that seat", "a wrong token"),
        (b"hello bzp=1 name=dave token=0123456789abcdef0123\n",
         "refused no seat of that name", "an unknown seat"),
        # ("GET " would be a WebSocket upgrade: net_ws.py.)
        (b"HEAD / HTTP/1.0\n", "refused the first line must be 'hello",
         "a line that is not hello"),
        (b"hello bzp=2 name=bob token=0123456789abcdef0123\n",
         "refused this arbiter speaks bzp=1", "another protocol version"),
        (b"x" * 5000, "refused a hello line over 1024 bytes",
         "a hello line too long"),
    ]
    for line, want, what in cases:
        got = answer(line)
        check(got.startswith(want), f"{what} is refused: {got!r}")
    got = answer(None)
    check(got == "refused no hello within 10 s", f"a silent client is refused "
          f"after 10 s: {got!r}")
    bots = [netbot(port, n, t) for n, t in
            (("bob", "0123456789abcdef0123"), ("carol", "abcdefabcdefabcdefab"))]
    check(finish(p, "refusals' match") == 0,
          "the run goes on after every refusal, and ends 0")
    for b in bots:
        finish(b, "a bot")
    err.seek(0)
    text = err.read()
    check(text.count("wrong token") == 1, "each cause is said once on stderr")
    check(verify(os.path.join(tmp, "ref.jsonl")), "two remote seats' records verify")


def drops(tmp):
    p, port, err = start(["match", "-e", "remote:dora", "-e", " ".join(GREEDY),
                          "-n", "2", "--listen", "127.0.0.1:0", "-o",
                          "d.jsonl", "-q"], tmp, "drop")
    tok = token(os.path.join(tmp, "d.jsonl.tokens"), "dora")
    first = netbot(port, "dora", tok, "--drop-after", "12")
    finish(first, "the dropping bot")
    back = netbot(port, "dora", tok, "--resume")
    check(finish(p, "drop match") == 0, "a match whose bot dropped and came back ends 0")
    finish(back, "the bot back")
    rs = records(os.path.join(tmp, "d.jsonl"))
    check(all(r["termination"] == "normal" for r in rs),
          "within the grace, no deal is lost: %s" % [r["termination"] for r in rs])
    check(any(r.get("reconnects") for r in rs) and
          not any(r.get("incidents") for r in rs),
          "the drop is in the deal's reconnects, not a failure")
    check(verify(os.path.join(tmp, "d.jsonl")), "its records verify")

    p, port, err = start(["match", "-e", "remote:ed", "-e", " ".join(GREEDY),
                          "-n", "2", "--listen", "127.0.0.1:0",
                          "--reconnect-grace", "500", "-o", "g.jsonl", "-q"],
                         tmp, "grace")
    tok = token(os.path.join(tmp, "g.jsonl.tokens"), "ed")
    finish(netbot(port, "ed", tok, "--drop-after", "12"), "the dropping bot")
    time.sleep(1.5)
    later = netbot(port, "ed", tok)
    check(finish(p, "grace match") == 0, "past the grace the match goes on and ends 0")
    finish(later, "the later bot")
    rs = records(os.path.join(tmp, "g.jsonl"))
    check([r["termination"] for r in rs] == ["disconnect", "normal"],
          "past the grace the deal is lost as 'disconnect', the next is "
          "played by the bot that connects again: %s" %
          [r["termination"] for r in rs])
    check(verify(os.path.join(tmp, "g.jsonl")), "its records verify")


def both_drop(tmp):
    """Both remote seats drop at once in a deal and come back one after
    the other: each rejoins on its own (one table-wide flag once let only
    the first back in, and the deal waited for ever on the second)."""
    p, port, _ = start(["match", "-e", "remote:ann", "-e", "remote:bob",
                        "-n", "1", "--listen", "127.0.0.1:0", "-o",
                        "b.jsonl", "-q"], tmp, "both")
    toks = os.path.join(tmp, "b.jsonl.tokens")
    cut = freezing_proxy(port, 3000)
    for name in ("ann", "bob"):
        netbot(cut.port, name, token(toks, name))
    check(cut.frozen.wait(60), "the deal got under way")
    for c in children[-2:]:
        finish(c, "a bot cut")
    back = [netbot(port, "ann", token(toks, "ann"), "--resume")]
    time.sleep(1)   # ann is seated again, and asked if it is her turn
    back.append(netbot(port, "bob", token(toks, "bob"), "--resume"))
    check(finish(p, "both-drop match", 60) == 0,
          "both seats dropped and came back one after the other: ends 0")
    for b in back:
        finish(b, "a bot back")
    rs = records(os.path.join(tmp, "b.jsonl"))
    check([r["termination"] for r in rs] == ["normal"] and
          sorted(x["seat"] for x in rs[0].get("reconnects", [])) == [0, 1],
          "the deal is played out, both drops in its reconnects: %s" %
          [(r["termination"], r.get("reconnects")) for r in rs])
    check(verify(os.path.join(tmp, "b.jsonl")), "its records verify")


def away_charged(tmp):
    """Under a game clock, a seat's time runs while it is away: its bot
    cut right after its 6th move, a lead (the other seat's turn as it
    drops: its own falls due while it is away, which was once never
    charged), back 2 s later; its clock in the first request after the
    rejoin is at least 1.5 s less than before."""
    p, port, _ = start(["match", "-e", "remote:ann", "-e", " ".join(GREEDY),
                        "-n", "1", "--listen", "127.0.0.1:0", "--time",
                        "60000", "--seed", "away charged, one fixed deck",
                        "-o", "away.jsonl", "-q"], tmp, "away")
    tok = token(os.path.join(tmp, "away.jsonl.tokens"), "ann")
    logs = [os.path.join(tmp, "away%d.in" % k) for k in (0, 1)]
    spies = []
    for log in logs:
        spy = log + ".sh"
        with open(spy, "w") as f:
            f.write("#!/bin/sh\ntee -a '%s' | exec '%s' --level greedy\n"
                    % (log, ENG))
        os.chmod(spy, 0o755)
        spies.append(spy)
    finish(netbot(port, "ann", tok, "--drop-after-move", "6",
                  cmd=[spies[0]]), "the bot cut after its move")
    time.sleep(2)
    back = netbot(port, "ann", tok, "--resume", cmd=[spies[1]])
    check(finish(p, "away match", 60) == 0, "the match with a drop ends 0")
    finish(back, "the bot back")

    def clocks(log):
        with open(log) as f:
            return [int(m.group(1)) for m in
                    re.finditer(r"^go .*? time=(\d+) ", f.read(), re.M)]
    before, after = clocks(logs[0]), clocks(logs[1])
    check(len(before) >= 6 and after and after[0] <= before[-1] - 1500,
          "the time away is charged: %s before the drop, %s after" %
          (before[-1:], after[:1]))
    rs = records(os.path.join(tmp, "away.jsonl"))
    check([r["termination"] for r in rs] == ["normal"] and
          rs[0].get("reconnects"), "the deal is played out, the drop in "
          "its reconnects")


def tournament(tmp):
    """Three entrants, one remote through bezique-connect: the remote bot
    is told quit once, at the end, not when a pairing leaves it out (its
    bezique-connect would exit and the next pairing wait in vain)."""
    ini = os.path.join(tmp, "net.ini")
    with open(ini, "w") as f:
        f.write(f"""[tournament]
format = round-robin
rounds = 2
listen = 127.0.0.1:0
records = tn.jsonl
tokens = tn.tokens
connect_timeout = 60000

[engine far]
command = remote:far

[engine near]
command = {ENG} --level random

[engine mid]
command = {ENG} --level greedy
""")
    p, port, err = start(["tournament", ini, "-q"], tmp, "tourn")
    c = subprocess.Popen([CONNECT, f"127.0.0.1:{port}", "--name", "far",
                          "--token-file", os.path.join(tmp, "tn.tokens"),
                          "--"] + GREEDY, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    children.append(c)
    check(finish(p, "tournament") == 0, "a tournament with a remote entrant ends 0")
    check(finish(c, "its bezique-connect", 30) == 0,
          "the remote bot's bezique-connect exits 0, at the end")
    rs = records(os.path.join(tmp, "tn.jsonl"))
    far = [r for r in rs if "far" in r["players"]]
    check(len(rs) == 6 and len(far) == 4 and
          all(r["termination"] == "normal" for r in rs),
          "every pairing plays, far's four deals as 'far': %s" %
          [(r["players"], r["termination"]) for r in rs])
    # Its bot drops between its deals, while the others play: the deal
    # in play is not its own, and a new bot takes the seat for the rest.
    os.unlink(os.path.join(tmp, "tn.jsonl"))
    p, port, err = start(["tournament", ini, "-q"], tmp, "tourn2")
    tok = token(os.path.join(tmp, "tn.tokens"), "far")
    b = netbot(port, "far", tok, "--drop-at-gameover", "2")
    finish(b, "far's first bot")
    b = netbot(port, "far", tok)
    check(finish(p, "tournament") == 0, "a tournament whose remote bot "
          "drops between its deals ends 0")
    finish(b, "far's second bot")
    rs = records(os.path.join(tmp, "tn.jsonl"))
    check(len(rs) == 6 and all(r["termination"] == "normal" and
                               not r.get("reconnects") for r in rs),
          "a drop out of its deals costs no deal, and is no one's "
          "reconnect: %s" % [(r["players"], r["termination"],
                              r.get("reconnects")) for r in rs])
    r = subprocess.run([ARB, "tournament", ini, "--duplicate"], cwd=tmp,
                       capture_output=True, text=True, timeout=60)
    lines = r.stderr.strip().splitlines()
    check(r.returncode != 0 and len(lines) == 1 and
          "remote seats cannot play with --duplicate" in lines[0],
          f"remote seats and duplicate deals: one line: {lines}")


def proxy_to(port, wire):
    """A loopback proxy to the arbiter's port: wire(client, upstream, k)
    starts the relay of the k-th connection (from 0); returns its port."""
    ls = socket.socket()
    ls.bind(("127.0.0.1", 0))
    ls.listen(8)

    def serve():
        k = 0
        while True:
            try:
                c, _ = ls.accept()
            except OSError:
                return
            wire(c, socket.create_connection(("127.0.0.1", port)), k)
            k += 1

    threading.Thread(target=serve, daemon=True).start()
    return ls.getsockname()[1]


def freezing_proxy(port, after):
    """A loopback proxy to the arbiter's port that, once one connection
    has had after bytes from the arbiter, stops relaying on every
    connection at once and cuts them all: the arbiter sees every seat
    drop in the same moment of a deal.  Returns an object with .port and
    .frozen (a threading.Event, set once all are cut)."""
    class Cut:
        frozen = threading.Event()
        socks = []
    lock = threading.Lock()

    def freeze():
        with lock:
            if Cut.frozen.is_set():
                return
            for x in Cut.socks:
                try:
                    x.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
            Cut.frozen.set()

    def pipe(a, b, count):
        n = 0
        try:
            while not Cut.frozen.is_set():
                data = a.recv(4096)
                if not data or Cut.frozen.is_set():
                    break
                b.sendall(data)
                n += len(data)
                if count and n >= after:
                    freeze()
        except OSError:
            pass

    def wire(c, u, k):
        with lock:
            Cut.socks.extend((c, u))
        threading.Thread(target=pipe, args=(c, u, False), daemon=True).start()
        threading.Thread(target=pipe, args=(u, c, True), daemon=True).start()

    Cut.port = proxy_to(port, wire)
    return Cut


def cutting_proxy(port, cut_after):
    """A loopback proxy to the arbiter's port that cuts its first
    connection after cut_after bytes from the arbiter; returns its port."""
    def pipe(a, b, limit):
        n = 0
        try:
            while True:
                data = a.recv(4096)
                if not data:
                    break
                b.sendall(data)
                n += len(data)
                if limit is not None and n >= limit:
                    break
        except OSError:
            pass
        for x in (a, b):
            try:
                x.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def wire(c, u, k):
        threading.Thread(target=pipe, args=(c, u, None), daemon=True).start()
        threading.Thread(target=pipe, args=(u, c, None if k else cut_after),
                         daemon=True).start()

    return proxy_to(port, wire)


def bridge(tmp):
    p, port, err = start(["match", "-e", "remote:fay", "-e", " ".join(GREEDY),
                          "-n", "2", "--listen", "127.0.0.1:0", "-o",
                          "c.jsonl", "-q"], tmp, "connect")
    tokens = os.path.join(tmp, "c.jsonl.tokens")
    via = cutting_proxy(port, 3000)
    c = subprocess.Popen([CONNECT, f"127.0.0.1:{via}", "--name", "fay",
                          "--token-file", tokens, "--"] + GREEDY,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    children.append(c)
    check(finish(p, "bridge match") == 0, "a match through bezique-connect ends 0")
    rc = finish(c, "bezique-connect", 30)
    said = c.stderr.read()
    check(rc == 0, f"bezique-connect exits 0 after the quit: {rc} {said!r}")
    check("connected again" in said, "it came back by itself after the cut")
    rs = records(os.path.join(tmp, "c.jsonl"))
    check([r["termination"] for r in rs] == ["normal", "normal"] and
          any(r.get("reconnects") for r in rs),
          "no deal lost to the cut, which is in the reconnects")
    check(verify(os.path.join(tmp, "c.jsonl")), "its records verify")
    with open(os.path.join(tmp, "wrong.tok"), "w") as f:
        f.write("fay 0123456789abcdef0123\n")
    p, port, err = start(["match", "-e", "remote:fay", "-e", " ".join(GREEDY),
                          "-n", "1", "--listen", "127.0.0.1:0", "-o",
                          "w.jsonl", "-q", "--connect-timeout", "3000"], tmp,
                         "wrongtok")
    r = subprocess.run([CONNECT, f"127.0.0.1:{port}", "--name", "fay",
                        "--token-file", os.path.join(tmp, "wrong.tok"), "--",
                        "true"], capture_output=True, text=True, timeout=60)
    lines = r.stderr.strip().splitlines()
    check(r.returncode == 1 and lines == ["bezique-connect: the arbiter "
          "refused: wrong token for that seat"], f"a wrong token: {lines}")
    finish(p, "wrong token's match")


def many(tmp):
    with open(os.path.join(tmp, "many.tokens"), "w") as f:
        f.write("ann 0123456789abcdef0123\nben abcdefabcdefabcdefab\n")
    p, port, err = start(["match", "-e", "remote:ann", "-e", "remote:ben",
                          "-n", "128", "-c", "128", "--listen", "127.0.0.1:0",
                          "--tokens", "many.tokens", "-o", "many.jsonl", "-q",
                          "--connect-timeout", "120000"],
                         tmp, "many")
    bots = subprocess.Popen([sys.executable, os.path.abspath(
        "tests/fixtures/manybots.py"), f"127.0.0.1:{port}", "256",
        "ann:0123456789abcdef0123", "ben:abcdefabcdefabcdefab"],
        stderr=subprocess.PIPE, text=True)
    children.append(bots)
    check(finish(p, "256 seats' match", 300) == 0,
          "a match of 128 tables, 256 remote bots at once, ends 0")
    rc = finish(bots, "the 256 bots", 60)
    check(rc == 0, f"none of the 256 was refused: {bots.stderr.read()[:200]!r}")
    rs = records(os.path.join(tmp, "many.jsonl"))
    check(len(rs) == 128 and all(r["termination"] == "normal" for r in rs),
          "its 128 deals are all played")
    check(verify(os.path.join(tmp, "many.jsonl")), "and verify")


def fingerprint(err):
    err.seek(0)
    m = re.search(r"TLS (sha256:[0-9a-f]{64})", err.read())
    return m.group(1) if m else None


def own_address():
    """A non-loopback address of this machine, or None."""
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.connect(("10.255.255.255", 9))    # no packet is sent
        a = s.getsockname()[0]
        s.close()
        return None if a.startswith("127.") else a
    except OSError:
        return None


def tls(tmp):
    p, port, err = start(["match", "-e", "remote:gus", "-e", " ".join(GREEDY),
                          "-n", "2", "--listen", "127.0.0.1:0", "-o",
                          "t.jsonl", "-q"], tmp, "tls")
    fp = fingerprint(err)
    check(fp is not None, "the listening line gives the TLS fingerprint")
    key = os.path.join(tmp, "t.jsonl.tokens.key")
    check(os.path.exists(key) and os.stat(key).st_mode & 0o777 == 0o600,
          "the TLS key is made with mode 0600")
    bad = subprocess.run([CONNECT, f"127.0.0.1:{port}", "--name", "gus",
                          "--token-file", os.path.join(tmp, "t.jsonl.tokens"),
                          "--pin", "sha256:" + "0" * 64, "--", "true"],
                         capture_output=True, text=True, timeout=60)
    lines = bad.stderr.strip().splitlines()
    check(bad.returncode == 1 and len(lines) == 1 and "not the pinned" in lines[0],
          f"another certificate than the pinned one is refused: {lines}")
    via = cutting_proxy(port, 3000)
    c = subprocess.Popen([CONNECT, f"127.0.0.1:{via}", "--name", "gus",
                          "--token-file", os.path.join(tmp, "t.jsonl.tokens"),
                          "--pin", fp or "", "--"] + GREEDY,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    children.append(c)
    check(finish(p, "TLS match") == 0, "a match over TLS ends 0")
    rc = finish(c, "bezique-connect over TLS", 30)
    said = c.stderr.read()
    check(rc == 0 and "connected again" in said,
          f"over TLS it comes back after a cut and exits 0: {rc} {said!r}")
    rs = records(os.path.join(tmp, "t.jsonl"))
    check([r["termination"] for r in rs] == ["normal", "normal"],
          "no deal lost over TLS")
    p, port, err = start(["match", "-e", "remote:gus", "-e", " ".join(GREEDY),
                          "-n", "1", "--listen", "127.0.0.1:0", "-o",
                          "t.jsonl", "--resume", "t.jsonl", "-q",
                          "--connect-timeout", "1000"], tmp, "tls2")
    check(fingerprint(err) == fp, "the next run keeps the certificate")
    finish(p, "second TLS run")
    addr = own_address()
    if addr is None:
        print("ok   (no address but loopback: the plain-from-afar check is "
              "not run)")
        return
    for extra, want in (([], "refused a plain connection from another "
                          "machine"), (["--insecure"], "welcome gus")):
        p, port, err = start(["match", "-e", "remote:gus", "-e",
                              " ".join(GREEDY), "-n", "1", "--listen",
                              "0.0.0.0:0", "--tokens", "t.jsonl.tokens",
                              "-o", "/dev/null", "-q", "--connect-timeout",
                              "2000"] + extra, tmp, "afar", any_addr=True)
        s2 = socket.create_connection((addr, port))
        s2.sendall(b"hello bzp=1 name=gus token=" +
                   token(os.path.join(tmp, "t.jsonl.tokens"), "gus").encode()
                   + b"\n")
        s2.settimeout(30)
        got = s2.recv(200).decode()
        s2.close()
        check(got.startswith(want), f"plain from {addr} {' '.join(extra)}: {got!r}")
        finish(p, "afar match")


def pylib(tmp):
    bot = os.path.join(tmp, "pyremote.py")
    with open(bot, "w") as f:
        f.write(f"""import sys
sys.path.insert(0, {os.path.abspath("bots/lib/python")!r})
import bzp
bzp.run(lambda r: r["legal"][0], name="pyremote", remote={{
    "address": sys.argv[1], "name": "hal", "token": sys.argv[2],
    "pin": sys.argv[3] or None}})
""")
    for how in ("TLS", "plain"):
        p, port, err = start(["match", "-e", "remote:hal", "-e",
                              " ".join(GREEDY), "-n", "2", "--listen",
                              "127.0.0.1:0", "-o", f"py{how}.jsonl", "-q"],
                             tmp, "py" + how)
        tok = token(os.path.join(tmp, f"py{how}.jsonl.tokens"), "hal")
        pin = fingerprint(err) if how == "TLS" else ""
        b = subprocess.Popen([sys.executable, bot, f"127.0.0.1:{port}", tok,
                              pin], stderr=subprocess.PIPE, text=True)
        children.append(b)
        check(finish(p, f"bzp.py over {how}") == 0,
              f"a match with a bzp.py bot connected by itself ({how}) ends 0")
        rc = finish(b, "the bzp.py bot", 30)
        check(rc == 0, f"the bot exits 0 after quit: {rc} {b.stderr.read()!r}")
        rs = records(os.path.join(tmp, f"py{how}.jsonl"))
        check([r["termination"] for r in rs] == ["normal", "normal"],
              f"its deals are played ({how})")


def slow_proxy(port, delay):
    """A loopback proxy to port that hands each chunk from the arbiter
    to the bot delay seconds after it came (a constant latency)."""
    import queue

    def forward(a, b, hold):
        q = queue.Queue()

        def writer():
            while True:
                due, data = q.get()
                if data is None:
                    break
                time.sleep(max(0.0, due - time.monotonic()))
                try:
                    b.sendall(data)
                except OSError:
                    break
            try:
                b.shutdown(socket.SHUT_WR)
            except OSError:
                pass
        threading.Thread(target=writer, daemon=True).start()
        try:
            while True:
                data = a.recv(65536)
                if not data:
                    break
                q.put((time.monotonic() + hold, data))
        except OSError:
            pass
        q.put((0, None))

    def wire(c, u, k):
        threading.Thread(target=forward, args=(c, u, 0), daemon=True).start()
        threading.Thread(target=forward, args=(u, c, delay),
                         daemon=True).start()

    return proxy_to(port, wire)


def allowance(tmp):
    for allow, want in (("2000", "normal"), ("0", "time")):
        rec = f"a{allow}.jsonl"
        p, port, err = start(["match", "-e", "remote:ida", "-e",
                              " ".join(GREEDY), "-n", "1", "--listen",
                              "127.0.0.1:0", "-o", rec, "-q", "--movetime",
                              "300", "--margin", "300", "--net-allowance",
                              allow], tmp, "allow" + allow)
        # 800 ms each way to the bot: past 600 ms with no allowance, and
        # 600 ms of slack for a loaded machine with it.
        via = slow_proxy(port, 0.8)
        b = netbot(via, "ida", token(os.path.join(tmp, rec + ".tokens"), "ida"))
        check(finish(p, "allowance match", 300) == 0,
              "the slow link's match ends 0")
        finish(b, "its bot", 30)
        rs = records(os.path.join(tmp, rec))
        got = [r["termination"] for r in rs]
        check(got == [want], f"an 800 ms link, movetime 300, margin 300, "
              f"--net-allowance {allow}: {got} (want {want})")


def web(base, path, body=None):
    """A request to serve's API: its JSON answer."""
    req = urllib.request.Request(base + path, method="POST" if body is not None
                                 else "GET", data=None if body is None else
                                 json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def web_deal(base, limit=120):
    """Plays the person's first legal action to the deal's end."""
    t0 = time.time()
    while time.time() - t0 < limit:
        st = web(base, "/api/state")
        if st["result"] is not None and not st["in_deal"]:
            return st
        if st["to_move"]:
            try:
                web(base, "/api/action", {"action": st["view"]["legal"][0]})
            except urllib.error.HTTPError:
                pass    # the state moved on meanwhile
        else:
            time.sleep(0.02)
    raise SystemExit("net_seats.py: serve's deal did not end")


def serve_remote(tmp):
    """serve's opponent a bot that connects: it plays the page's deal, and
    a new game from the page meets the same bot (bezique-connect comes
    back by itself when the first game's connection closes)."""
    err = open(os.path.join(tmp, "serve.err"), "w+")
    p = subprocess.Popen([ARB, "serve", "--port", "0", "--engine",
                          "remote:opp", "--listen", "127.0.0.1:0", "--tokens",
                          "opp.tokens"], cwd=tmp, stdout=subprocess.PIPE,
                         stderr=err, text=True)
    children.append(p)
    line = p.stdout.readline()
    base = line.split()[-1].rstrip("/")
    err.seek(0)
    port = int(re.search(r"listening on [0-9.]+:(\d+)", err.read()).group(1))
    c = subprocess.Popen([CONNECT, f"127.0.0.1:{port}", "--name", "opp",
                          "--token-file", os.path.join(tmp, "opp.tokens"),
                          "--"] + GREEDY, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    children.append(c)
    st = web_deal(base)
    check(st["opponent"] == "opp" and st["result"] is not None and
          not st["broken"], f"the page plays a deal against the remote "
          f"bot: {st['opponent']} {st['broken']!r}")
    web(base, "/api/newgame", {"level": "given", "seat": 1})
    st = web_deal(base)
    check(st["opponent"] == "opp" and st["seat"] == 1 and
          len(st["history"]) == 1 and not st["broken"],
          f"a new game meets the same remote bot: {st['opponent']} "
          f"{st['history']} {st['broken']!r}")
    p.terminate()
    check(finish(p, "serve") == 0, "serve ends on SIGTERM")
    c.kill()
    c.wait()


def errors(tmp):
    for args, want in (
            (["-e", "remote:x", "-e", ENG], "needs --listen"),
            (["-e", ENG, "--name", "a", "-e", ENG, "--name", "b", "--listen",
              "127.0.0.1:0"],
             "no engine is a remote seat"),
            (["-e", "remote:no/slash", "-e", ENG, "--listen", "127.0.0.1:0"],
             "a remote seat's name")):
        r = subprocess.run([ARB, "match", "-n", "1", "-o", "/dev/null"] + args,
                           cwd=tmp, capture_output=True, text=True, timeout=60)
        lines = r.stderr.strip().splitlines()
        check(r.returncode != 0 and len(lines) == 1 and want in lines[0],
              f"one line for {' '.join(args[-2:])}: {lines}")
    for args, want in (
            (["serve", "--connect-timeout", "x"], "a number from 0"),
            (["serve", "--listen"], "--listen needs a value"),
            (["play", "--engine", "remote:x"], "needs --listen"),
            (["serve", "--port", "0", "--listen", "127.0.0.1:0"],
             "no engine is a remote seat")):
        r = subprocess.run([ARB] + args, cwd=tmp, capture_output=True,
                           text=True, timeout=60, stdin=subprocess.DEVNULL)
        lines = r.stderr.strip().splitlines()
        check(r.returncode == 2 and len(lines) == 1 and want in lines[0],
              f"{args[0]}: one line for {' '.join(args[1:])}: {lines}")


def run_all(name, *parts):
    """Runs each part in one temporary directory, stops every child left,
    says how many checks failed; the exit status."""
    with tempfile.TemporaryDirectory() as tmp:
        try:
            for part in parts:
                part(tmp)
        finally:
            for c in children:
                if c.poll() is None:
                    c.kill()
                    c.wait()
    print("%s: %d failed" % (name, failures))
    return 1 if failures else 0


def main():
    return run_all("net_seats.py", same_as_local, refusals, drops, both_drop,
                   away_charged, tournament,
                   bridge, many, tls, pylib, allowance, serve_remote,
                   errors)


if __name__ == "__main__":
    sys.exit(main())
