#!/usr/bin/env python3
"""Remote seats over WebSocket (arbiter/net/ws_relay.h): a bot in a
browser tab connects to the same --listen port with an RFC 6455 upgrade,
through tests/fixtures/wsbot.py.

  - a match with a WebSocket seat completes, verifies, and plays exactly
    what the same match with both engines local does;
  - a wrong token is refused with the same one line, as a text frame,
    then a close frame;
  - a bad upgrade is answered 400 with the line saying what was wrong;
  - a message over 64 KiB is answered with close code 1009 and the line
    saying why, and the run goes on;
  - WebSocket over TLS (wss://): the upgrade is read inside TLS, then
    the hello is welcome and the session begins with bzp.
"""
import os
import socket
import ssl
import struct
import subprocess
import sys

sys.path.insert(0, os.path.abspath("tests/fixtures"))
sys.path.insert(0, os.path.abspath("tests/arbiter"))
import net_seats as ns  # noqa: E402  (check, start, token, finish)
import wsbot  # noqa: E402

ARB, GREEDY = ns.ARB, ns.GREEDY
WSBOT = os.path.abspath("tests/fixtures/wsbot.py")
SEED = "net ws same deals"
check, token, finish = ns.check, ns.token, ns.finish


def start(args, tmp, name):
    """The arbiter with args; returns (process, port)."""
    return ns.start(args, tmp, name)[:2]


def connect(port):
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(30)
    return s


def play(tmp):
    p, port = start(["match", "-e", "remote:web", "-e", " ".join(GREEDY),
                     "-n", "2", "--seed", SEED, "--listen", "127.0.0.1:0",
                     "-o", "r.jsonl", "-q"], tmp, "play")
    tok = token(os.path.join(tmp, "r.jsonl.tokens"), "web")
    # First a wrong token and two bad clients: the run goes on.
    s = connect(port)
    check(wsbot.upgrade(s, "x").startswith("HTTP/1.1 101"), "the upgrade")
    s.sendall(wsbot.frame(b"hello bzp=1 name=web token=wrongwrongwrongwrong"))
    r = wsbot.Reader(s)
    check(r.frame() == (1, b"refused wrong token for that seat\n"),
          "a wrong token: one refusal line in one text frame")
    check(r.frame() == (8, struct.pack(">H", 1000)), "then a close frame")
    s.close()
    s = connect(port)
    s.sendall(b"GET /bzp HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
              b"Connection: Upgrade\r\nSec-WebSocket-Version: 8\r\n\r\n")
    got = s.recv(4096).decode(errors="replace")
    check(got.startswith("HTTP/1.1 400 Bad Request\r\n") and
          got.endswith("\r\n\r\nwebsocket upgrade: "
                       "Sec-WebSocket-Version is not 13\n"),
          "a bad upgrade: 400 and the line saying what was wrong")
    s.close()
    s = connect(port)
    wsbot.upgrade(s, "x")
    s.sendall(wsbot.frame(b"x" * 70000))
    f = wsbot.Reader(s).frame()
    check(f is not None and f[0] == 8 and f[1][:2] == struct.pack(">H", 1009)
          and b"message over 64 KiB" in f[1],
          "a message over 64 KiB: close 1009 and why")
    s.close()
    b = subprocess.Popen([sys.executable, WSBOT, f"127.0.0.1:{port}", "web",
                          tok, "--"] + GREEDY, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True)
    ns.children.append(b)
    check(finish(p, "ws match") == 0, "a match with a WebSocket seat ends 0")
    finish(b, "its bot")
    check(b.stderr.read().startswith("welcome web"), "its bot was welcome")
    r_path = os.path.join(tmp, "r.jsonl")
    check(subprocess.run([ARB, "verify", r_path], capture_output=True)
          .returncode == 0, "its records verify")
    q = subprocess.run([ARB, "match", "-e", " ".join(GREEDY), "--name", "web",
                        "-e", " ".join(GREEDY), "-n", "2", "--seed", SEED,
                        "-o", "l.jsonl", "-q"], cwd=tmp, capture_output=True)
    check(q.returncode == 0, "the same match, both local, ends 0")
    check(len(ns.moves(r_path)) == 2 and
          ns.moves(r_path) == ns.moves(os.path.join(tmp, "l.jsonl")),
          "WebSocket and local seats deal and play the same deals")


def secure(tmp):
    p, port = start(["match", "-e", "remote:web", "-e", " ".join(GREEDY),
                     "-n", "1", "--listen", "127.0.0.1:0", "-o", "s.jsonl",
                     "-q"], tmp, "wss")
    tok = token(os.path.join(tmp, "s.jsonl.tokens"), "web")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE     # the pin is net_seats.py's part
    s = ctx.wrap_socket(connect(port))
    check(wsbot.upgrade(s, "x").startswith("HTTP/1.1 101"),
          "wss: the upgrade inside TLS")
    s.sendall(wsbot.frame(f"hello bzp=1 name=web token={tok}".encode()))
    r = wsbot.Reader(s)
    check((r.frame(), r.frame()) == ((1, b"welcome web\n"), (1, b"bzp\n")),
          "wss: welcome, then the session's bzp")
    s.close()
    p.kill()
    p.wait()


def main():
    return ns.run_all("net_ws.py", play, secure)


if __name__ == "__main__":
    sys.exit(main())
