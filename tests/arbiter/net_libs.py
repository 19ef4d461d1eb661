#!/usr/bin/env python3
"""The bot libraries at remote seats (bots/lib/python/bzp_remote.py,
bots/lib/js/bzp_remote.js): an unchanged library bot, given
BEZIQUE_CONNECT, BEZIQUE_SEAT and BEZIQUE_TOKEN, connects by itself.

  - python-random and js-heuristic play a match against each other, both
    remote, each through a proxy that cuts its first connection mid-deal:
    each comes back with resume=1, no deal is lost (the cuts are the
    records' reconnects), both exit 0 after the quit;
  - a wrong token is exit 1 with the arbiter's refusal in one line;
  - over TLS (a loopback server with the arbiter's own ECDSA P-256
    certificate): the right pin is welcome and plays the handshake to the
    quit; a wrong pin is exit 1 with one line naming both fingerprints.
"""
import hashlib
import os
import socket
import ssl
import subprocess
import sys
import threading

sys.path.insert(0, os.path.abspath("tests/arbiter"))
import net_seats as ns  # noqa: E402  (start, token, finish, cutting_proxy)

BOTS = {
    "py": [sys.executable, os.path.abspath("bots/python-random/bot.py")],
    "js": ["node", os.path.abspath("bots/js-heuristic/bot.js")],
}


def bot(kind, port, seat, tok, **extra):
    env = dict(os.environ, BEZIQUE_CONNECT=f"127.0.0.1:{port}",
               BEZIQUE_SEAT=seat, BEZIQUE_TOKEN=tok, BEZIQUE_RETRY_FOR="30",
               **extra)
    p = subprocess.Popen(BOTS[kind], env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    ns.children.append(p)
    return p


def match(tmp):
    p, port, _ = ns.start(["match", "-e", "remote:py", "-e", "remote:js",
                           "-n", "2", "--listen", "127.0.0.1:0", "-o",
                           "m.jsonl", "-q"], tmp, "libs")
    tokens = os.path.join(tmp, "m.jsonl.tokens")
    bots = {k: bot(k, ns.cutting_proxy(port, 3000), k, ns.token(tokens, k))
            for k in BOTS}
    ns.check(ns.finish(p, "libs match", 180) == 0,
             "a match of the two library bots, both remote, ends 0")
    for k, b in bots.items():
        rc = ns.finish(b, k, 30)
        said = b.stderr.read()
        ns.check(rc == 0 and "the connection dropped" in said,
                 f"{k}: cut, came back by itself, exit 0: {rc} {said!r}")
    rs = ns.records(os.path.join(tmp, "m.jsonl"))
    ns.check([r["termination"] for r in rs] == ["normal", "normal"] and
             any(r.get("reconnects") for r in rs),
             "no deal lost to the two cuts, which are in the reconnects")
    ns.check(ns.verify(os.path.join(tmp, "m.jsonl")), "its records verify")


def wrong_token(tmp):
    with open(os.path.join(tmp, "w.tokens"), "w") as f:
        f.write("py 0123456789abcdef0123\njs abcdefabcdefabcdefab\n")
    p, port, _ = ns.start(["match", "-e", "remote:py", "-e", "remote:js",
                           "-n", "1", "--listen", "127.0.0.1:0", "--tokens",
                           "w.tokens", "-o", "w.jsonl", "-q",
                           "--connect-timeout", "3000"], tmp, "wrong")
    for k, lib in (("py", "bzp.py"), ("js", "bzp.js")):
        b = bot(k, port, k, "wrongwrongwrongwrong")
        rc = ns.finish(b, k + " wrong token", 60)
        lines = b.stderr.read().strip().splitlines()
        ns.check(rc == 1 and lines == [f"{lib}: the arbiter refused: wrong "
                                       "token for that seat"],
                 f"{k}: a wrong token is exit 1 and one line: {lines}")
    ns.finish(p, "wrong token's match")


def tls_server(tmp):
    """A loopback TLS server that welcomes, asks bzp then quits; returns
    (port, fingerprint, the lines it got)."""
    # The arbiter's own identity, made as it listens (then it goes).
    p, _, _ = ns.start(["match", "-e", "remote:x", "-e", " ".join(ns.GREEDY),
                        "-n", "1", "--listen", "127.0.0.1:0", "--tokens",
                        "a.tokens", "-o", "a.jsonl", "-q"], tmp, "identity")
    p.kill()
    p.wait()
    cert = os.path.join(tmp, "a.tokens.crt")
    key = os.path.join(tmp, "a.tokens.key")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    der = ssl.PEM_cert_to_DER_cert(open(cert).read())
    ls = socket.socket()
    ls.bind(("127.0.0.1", 0))
    ls.listen(8)
    got = []

    def talk(s, f):
        hello = f.readline().decode().strip()
        if not hello:
            return      # a client gone at its pin check
        got.append(hello)
        s.sendall(b"welcome tls\nbzp\n")
        while True:
            line = f.readline().decode().strip()
            got.append(line)
            if line in ("bzpok", ""):
                break
        s.sendall(b"quit\n")

    def serve():
        while True:
            try:
                c, _ = ls.accept()
                s = ctx.wrap_socket(c, server_side=True)
            except (OSError, ssl.SSLError):
                continue    # a client that refused our certificate
            f = s.makefile("rb")
            try:
                talk(s, f)
            except (OSError, ssl.SSLError):
                pass
            f.close()   # the socket closes with its last file
            s.close()

    threading.Thread(target=serve, daemon=True).start()
    return ls.getsockname()[1], "sha256:" + hashlib.sha256(der).hexdigest(), got


def pinned(tmp):
    port, fp, got = tls_server(tmp)
    for k, lib in (("py", "bzp.py"), ("js", "bzp.js")):
        del got[:]
        b = bot(k, port, "tls", "0123456789abcdef0123", BEZIQUE_PIN=fp)
        rc = ns.finish(b, k + " over TLS", 60)
        ns.check(rc == 0 and got[:1] == ["hello bzp=1 name=tls token="
                                         "0123456789abcdef0123 resume=0"]
                 and got[-1] == "bzpok",
                 f"{k}: TLS with the right pin: hello, handshake, quit: "
                 f"{rc} {got[:1]}")
        wrong = "sha256:" + "0" * 64
        b = bot(k, port, "tls", "0123456789abcdef0123", BEZIQUE_PIN=wrong)
        rc = ns.finish(b, k + " wrong pin", 60)
        lines = b.stderr.read().strip().splitlines()
        ns.check(rc == 1 and lines == [f"{lib}: the arbiter's certificate "
                                       f"is {fp}, not the pinned {wrong}"],
                 f"{k}: a wrong pin is exit 1 and one line: {lines}")


def main():
    return ns.run_all("net_libs.py", match, wrong_token, pinned)


if __name__ == "__main__":
    sys.exit(main())
