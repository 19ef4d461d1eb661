"""`bezique-arbiter serve` driven through HTTP with urllib.

Starts the server on a free port, plays a whole deal against the greedy
engine by always taking the first legal action, with an event stream
open; sends malformed requests on the way (each must get its 4xx and a
one-line error, and the server must go on); drops the event stream and
the state mid-deal and comes back (the deal goes on); checks that no
state and no event ever named a card of the engine's concealed hand (by
the deal replayed with every card shown, after the deal); then SIGTERM:
the server exits 0 and its engines are gone.
"""
import atexit
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

BUILD = os.environ.get("BUILD", "build")
ARB = os.environ.get("SERVE_ARBITER", os.path.join(BUILD, "bezique-arbiter"))
ENGINE = os.path.join(BUILD, "bezique-engine") + " --level greedy"


def fail(msg):
    print("serve.py: FAIL:", msg)
    sys.exit(1)


def request(base, path, method="GET", body=None, raw=None):
    data = raw if raw is not None else (
        json.dumps(body).encode() if body is not None else None)
    req = urllib.request.Request(base + path, data=data, method=method)
    if method == "POST":
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def expect(base, path, code, method="GET", body=None, raw=None):
    status, text = request(base, path, method, body, raw)
    if status != code:
        fail(f"{method} {path}: {status}, want {code}: {text!r}")
    if code >= 400:
        if text.count("\n") > 1 or "error" not in json.loads(text):
            fail(f"{method} {path}: not a one-line error: {text!r}")
    return text


class Stream(threading.Thread):
    """The event stream on a socket of its own (closed at once, as a
    page is): keeps every data payload."""

    def __init__(self, base):
        super().__init__(daemon=True)
        host, port = base.split("//")[1].split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        self.sock.sendall(b"GET /api/events HTTP/1.1\r\n"
                          b"Host: 127.0.0.1\r\n\r\n")
        self.payloads = []

    def run(self):
        buf = b""
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    break
                buf += data
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    if line.startswith(b"data: "):
                        self.payloads.append(line[6:].decode())
        except OSError:
            pass

    def close(self):
        self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def refused(url, data, header, value, code):
    req = urllib.request.Request(url, data=data)
    req.add_header(header, value)
    try:
        urllib.request.urlopen(req, timeout=10)
        fail(f"{header}: {value} was answered")
    except urllib.error.HTTPError as e:
        if e.code != code:
            fail(f"{header}: {value}: {e.code}, want {code}")


def raw_http(base, data):
    """Sends bytes as they are; returns the replies: (status, headers,
    body) each, in order, until the server closes."""
    host, port = base.split("//")[1].split(":")
    with socket.create_connection((host, int(port)), timeout=10) as s:
        s.sendall(data)
        buf = b""
        while True:
            got = s.recv(65536)
            if not got:
                break
            buf += got
    replies = []
    while buf:
        head, _, rest = buf.partition(b"\r\n\r\n")
        lines = head.decode().split("\r\n")
        headers = dict(h.lower().split(": ", 1) for h in lines[1:])
        n = int(headers.get("content-length", "0"))
        replies.append((int(lines[0].split()[1]), headers,
                        rest[:n].decode()))
        buf = rest[n:]
    return replies


def json_error(what, reply, codes):
    """A reply that libevent itself makes (the request never reaches
    the router) is a one-line JSON error too, not an HTML page."""
    status, headers, body = reply
    if status not in codes:
        fail(f"{what}: {status}, want one of {codes}")
    if headers.get("content-type") != "application/json":
        fail(f"{what}: Content-Type {headers.get('content-type')}: {body!r}")
    if body.count("\n") != 1 or not json.loads(body).get("error"):
        fail(f"{what}: not a one-line JSON error: {body!r}")


def bad_http(base):
    host = b"Host: 127.0.0.1\r\n"
    r = raw_http(base, b"NOT HTTP AT ALL\r\n\r\n")
    json_error("a request line that is not HTTP", r[-1], (400,))
    r = raw_http(base, b"POST /api/action HTTP/1.1\r\n" + host +
                 b"Content-Type: application/json\r\n"
                 b"Content-Length: 100000\r\n\r\n" + b"x" * 100000)
    json_error("a body over the limit", r[-1], (413,))
    r = raw_http(base, b"GET /api/state HTTP/1.1\r\n" + host +
                 b"X-Big: " + b"y" * 20000 + b"\r\n\r\n")
    json_error("headers over the limit", r[-1], (400, 413))
    # After a good reply on the same connection: that one is untouched.
    r = raw_http(base, b"GET /api/state HTTP/1.1\r\n" + host + b"\r\n"
                 b"GET /api/state HTTP/1.1\r\nBad Header\r\n\r\n")
    if len(r) != 2 or r[0][0] != 200 or "mode" not in json.loads(r[0][2]):
        fail(f"pipelined: {r!r}")
    json_error("a bad header after a good request", r[1], (400,))


def bad_requests(base):
    expect(base, "/no/such/page", 404)
    expect(base, "/api/state", 405, method="POST", raw=b"")
    expect(base, "/api/action", 405)
    expect(base, "/api/state?x=1", 400)
    expect(base, "/api/action", 400, method="POST", raw=b'{"action": ')
    expect(base, "/api/action", 400, method="POST", raw=b'{"act": "QS"}')
    expect(base, "/api/action", 409, method="POST", body={"action": "ZZ"})
    expect(base, "/api/action", 409, method="POST", body={"action": "999"})
    expect(base, "/api/replay?deal=x", 400)
    expect(base, "/api/action", 413, method="POST",
           raw=b'{"action":"' + b"x" * 10000 + b'"}')
    bad_http(base)
    # What another web page could send: a form's type, a foreign Host.
    refused(base + "/api/action", b'{"action": "1"}', "Content-Type",
            "text/plain", 415)
    refused(base + "/api/state", None, "Host", "evil.example:80", 421)
    status, _ = request(base, "/api/action", "DELETE", raw=b"")
    if status < 400 or status >= 500:
        fail(f"DELETE: {status}")


def key(view, me):
    """What identifies a moment of the deal from the person's side."""
    return json.dumps([view["hands"][me]["cards"], view["tables"],
                       view["trick"], view["stock"], view["points"]])


def check_hidden(seen, replay, me):
    """No payload seen names a concealed card of the other seat."""
    hidden = {}
    for step in replay["steps"]:
        known = set()
        opp = step["hands"][1 - me]["cards"]
        hidden.setdefault(key(step, me), set()).update(set(opp) - known)
    checked = 0
    for text in seen:
        st = json.loads(text)
        v = st.get("view")
        if not v:
            continue
        shown = set(v["hands"][1 - me]["cards"])
        k = key(v, me)
        if k not in hidden:
            fail("a state that the replay does not have: " + k[:200])
        for card in hidden[k] - shown:
            if f'"{card}"' in text:
                fail(f"the opponent's concealed {card} was sent")
        checked += 1
    if checked < 50:
        fail(f"only {checked} states checked")
    return checked


def analyse(base, steps):
    """The engine weighs every decision of the recorded deal: one
    evaluation per position with a choice, the seat to move's chance."""
    expect(base, "/api/analyse?deal=7", 404, method="POST", raw=b"")
    expect(base, "/api/analyse?deal=0", 202, method="POST", raw=b"")
    deadline = time.time() + 90
    while time.time() < deadline:
        a = json.loads(expect(base, "/api/analysis", 200))
        if a.get("error"):
            fail(f"analysis: {a['error']}")
        if a["deal"] == 0 and a["done"] == a["total"]:
            break
        time.sleep(0.2)
    else:
        fail(f"the analysis did not end in 90 s: {a['done']} of {a['total']}")
    if a["total"] != steps - 1 or len(a["steps"]) != steps:
        fail(f"analysis of {a['total']} actions, {len(a['steps'])} steps; "
             f"the replay has {steps} steps")
    got = [s for s in a["steps"] if s is not None]
    if len(got) < 30:
        fail(f"only {len(got)} positions analysed")
    for s in got:
        if s["seat"] not in (0, 1) or not 0 <= s["win"] <= 1:
            fail(f"a bad evaluation: {s}")
    return len(got)


def start(*args):
    proc = subprocess.Popen([ARB, "serve", "--port", "0", *args],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    while line and "serving on" not in line:
        line = proc.stdout.readline()
    return proc, line.split()[-1].rstrip("/")


def play_out(base, limit=30):
    """Takes the first legal action until the deal is over."""
    deadline = time.time() + limit
    while time.time() < deadline:
        st = json.loads(expect(base, "/api/state", 200))
        if st["result"] is not None and not st["in_deal"]:
            return st
        if st["to_move"]:
            request(base, "/api/action", "POST",
                    {"action": st["view"]["legal"][0]})
        else:
            time.sleep(0.02)
    fail("the deal did not end")


def failures():
    """An engine that stalls loses the deal by forfeit within the stall
    limit (seconds), in words, and the game goes on; one that exits
    mid-deal too; the new game dialog's request starts another game."""
    bot = os.path.join(BUILD, "fixtures", "badbot")
    proc, base = start("--deals", "3", "--stall-limit", "1", "--engine",
                       bot + " --mode hang --after 3")
    try:
        t0 = time.time()
        st = play_out(base)
        r = st["result"]
        if time.time() - t0 > 10 or r["termination"] != "stall":
            fail(f"a stall: {time.time() - t0:.1f} s, {r}")
        name = st["opponent"]
        if r.get("failure") != f"{name} did not answer in time" or \
                "forfeit" not in (r.get("arithmetic") or "") or \
                st["broken"] is not None:
            fail(f"a stall not told in words: {r} {st['broken']}")
        if st["history"] != [r]:
            fail(f"no match history: {st['history']}")
        expect(base, "/api/next", 200, method="POST", raw=b"")
        st = play_out(base)
        if len(st["history"]) != 2:
            fail(f"the second deal: {st['history']}")
        expect(base, "/api/newgame", 400, method="POST",
               body={"level": "sh -c id"})
        expect(base, "/api/newgame", 200, method="POST",
               body={"level": "random", "seat": 1, "skill": 50})
        st = json.loads(expect(base, "/api/state", 200))
        if st["seat"] != 1 or st["players"][0] != "random (skill 50)" or \
                st["history"] or st["broken"]:
            fail(f"the new game: {st['players']} seat {st['seat']}")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=5)
    proc, base = start("--deals", "1", "--engine",
                       bot + " --mode crash --after 3")
    try:
        st = play_out(base)
        log = st["log"]
        over = [i for i, l in enumerate(log) if l.startswith("gameover")]
        if not over or over[0] != len(log) - 1:
            fail(f"lines after the gameover: {log[-3:]}")
        if "stopped" not in (st["result"].get("failure") or ""):
            fail(f"an exit mid-deal: {st['result']}")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=5)


def main():
    tmp = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    records = os.path.join(tmp, "r.jsonl")
    proc = subprocess.Popen([ARB, "serve", "--port", "0", "--deals", "1",
                             "--seed", "9", "--engine", ENGINE,
                             "--records", records],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    while line and "serving on" not in line:    # a debugger's lines
        line = proc.stdout.readline()
    if "serving on http://127.0.0.1:" not in line:
        fail("no address: " + line)
    base = line.split()[-1].rstrip("/")
    me = 0
    stream = Stream(base)
    stream.start()
    page = expect(base, "/", 200)
    if "<script" not in page:
        fail("the page is not served")
    bad_requests(base)
    seen = []
    streams = []
    moves = 0
    reconnected = False
    deadline = time.time() + 40
    while time.time() < deadline:
        st = json.loads(expect(base, "/api/state", 200))
        seen.append(json.dumps(st))
        if st["result"] is not None and not st["in_deal"]:
            break
        if not st["to_move"]:
            time.sleep(0.01)
            continue
        if moves == 20 and not reconnected:
            # The page is closed mid-deal, then opened again.
            stream.close()
            time.sleep(0.2)
            streams.append(stream)
            stream = Stream(base)
            stream.start()
            reconnected = True
            expect(base, "/api/hint", 202, method="POST", raw=b"")
            for _ in range(100):
                hint = json.loads(expect(base, "/api/state", 200))["hint"]
                if hint and "action" in hint:
                    break
                time.sleep(0.05)
            if not hint or hint["action"] not in st["view"]["legal"]:
                fail(f"no legal hint: {hint}")
            # The hint engine's value of every action: its choice
            # first, then best first; a choice valued below another says
            # which it was kept over.
            values = [a["value"] for a in hint.get("actions", [])]
            if len(values) < 2 or values[1:] != sorted(values[1:],
                                                       reverse=True) or \
                    hint["actions"][0]["action"] != hint["action"] or \
                    hint["value"] != values[0] or \
                    (values[0] < values[1]) != ("kept_over" in hint):
                fail(f"the hint's list and choice disagree: {hint}")
            if any(a["action"] not in st["view"]["legal"] or
                   not 0 <= a["win"] <= 1 for a in hint["actions"]):
                fail(f"a hint action not legal or a bad win chance: {hint}")
        for a in st["view"]["legal"]:
            if ":" in a and st["view"]["declare_points"].get(a, 0) <= 0:
                fail(f"no points for the declaration {a}: {st['view']}")
        expect(base, "/api/action", 200, method="POST",
               body={"action": st["view"]["legal"][0]})
        moves += 1
        if os.environ.get("SERVE_DEBUG"):
            print(moves, time.time(), flush=True)
    else:
        fail("the deal did not end in 40 s")
    if moves < 30:
        fail(f"only {moves} moves")
    time.sleep(0.7)    # the records file is read every 500 ms
    expect(base, "/api/action", 409, method="POST", body={"action": "1"})
    expect(base, "/api/next", 409, method="POST", raw=b"")
    rec = json.loads(expect(base, "/api/records", 200))
    if len(rec["deals"]) != 1:
        fail(f"records: {rec}")
    replay = json.loads(expect(base, "/api/replay?deal=0&view=all", 200))
    analysed = analyse(base, len(replay["steps"]))
    for s in streams + [stream]:
        if len(s.payloads) < 5:
            fail(f"an event stream got {len(s.payloads)} states")
        seen += [p for p in s.payloads if '"in_deal":true' in p]
    n = check_hidden(seen, replay, me)
    kids = children(proc.pid)
    if not kids:
        fail("no engine process under the server")
    proc.send_signal(signal.SIGTERM)
    try:
        rc = proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail("no exit 5 s after SIGTERM")
    if rc != 0:
        fail(f"exit status {rc} after SIGTERM")
    time.sleep(0.2)
    for k in kids:
        if os.path.exists(f"/proc/{k}") and "Z" not in open(
                f"/proc/{k}/stat").read().split()[2]:
            fail(f"engine {k} still runs")
    # (checked once the server is gone: a failure leaves nothing running)
    # Each step says the decision it answered and what it scored, as
    # the record does (a pass: a declaration or carte blanche declined).
    for step in replay["steps"][1:]:
        if step.get("kind") not in ("lead", "reply", "declare",
                                "carte-blanche") or \
                not isinstance(step.get("scored"), int) or \
                (step["action"] == "pass" and
                 step["kind"] not in ("declare", "carte-blanche")):
            fail(f"replay step without its kind or points: {step}")
    failures()
    print(f"serve.py: {moves} moves, {n} states checked, "
          f"{analysed} positions analysed, ok")


main()
