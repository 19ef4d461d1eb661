#!/usr/bin/env python3
"""net_soak.py: remote seats under network faults (issue 44, doc/network.md).

    scripts/net_soak.py [DEALS [DIR]]      (default 10000 deals, build/soak)

A match of DEALS deals between two random engines, the first at a remote
seat through build/bezique-connect, whose connection goes through a
proxy of this script's that delays lines (0-20 ms, one chunk in ten) and
cuts every connection after a random amount of traffic (on average
every 256 KiB from the arbiter, about one deal in five).  The bridge
comes back by itself; the arbiter forgives a drop within its grace.
Prints the deals played, how they ended, the drops the records keep as
reconnects, and verify's verdict.  No deal may be lost to the network:
every termination "normal".  Exit status 0 when that holds and the
records verify.
"""
import json
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time

DEALS = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
DIR = sys.argv[2] if len(sys.argv) > 2 else "build/soak"
BUILD = os.environ.get("BUILD", "build")
ARB = os.path.abspath(f"{BUILD}/bezique-arbiter")
ENG = os.path.abspath(f"{BUILD}/bezique-engine")
CONNECT = os.path.abspath(f"{BUILD}/bezique-connect")
rng = random.Random(44)
cuts = 0


def pipe(a, b, budget):
    """a to b; cut both after budget bytes (None: never)."""
    global cuts
    n = 0
    try:
        while True:
            data = a.recv(4096)
            if not data:
                break
            if rng.random() < 0.1:
                time.sleep(rng.random() * 0.02)
            b.sendall(data)
            n += len(data)
            if budget is not None and n >= budget:
                cuts += 1
                break
    except OSError:
        pass
    for x in (a, b):
        try:
            x.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def proxy(port):
    ls = socket.socket()
    ls.bind(("127.0.0.1", 0))
    ls.listen(16)

    def serve():
        while True:
            c, _ = ls.accept()
            u = socket.create_connection(("127.0.0.1", port))
            budget = int(rng.expovariate(1 / 262144)) + 512
            threading.Thread(target=pipe, args=(c, u, None), daemon=True).start()
            threading.Thread(target=pipe, args=(u, c, budget), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    return ls.getsockname()[1]


def main():
    os.makedirs(DIR, exist_ok=True)
    rec = os.path.join(DIR, "soak.jsonl")
    for f in (rec, rec + ".tokens", rec + ".key", rec + ".tokens.crt",
              rec + ".tokens.key"):
        if os.path.exists(f):
            os.unlink(f)
    err = open(os.path.join(DIR, "soak.err"), "w+")
    t0 = time.time()
    arb = subprocess.Popen([ARB, "match", "-e", "remote:far", "-e",
                            f"{ENG} --level random", "-n", str(DEALS),
                            "--listen", "127.0.0.1:0", "-o", rec, "-q"],
                           stdout=subprocess.DEVNULL, stderr=err)
    port = None
    while port is None and arb.poll() is None:
        err.seek(0)
        m = re.search(r"listening on 127\.0\.0\.1:(\d+), TLS (sha256:\w+)",
                      err.read())
        if m:
            port, pin = int(m.group(1)), m.group(2)
        time.sleep(0.05)
    via = proxy(port)
    bridge = subprocess.Popen([CONNECT, f"127.0.0.1:{via}", "--name", "far",
                               "--token-file", rec + ".tokens", "--pin", pin,
                               "--", ENG, "--level", "random"],
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    rc = arb.wait()
    bridge.wait(timeout=60)
    wall = time.time() - t0
    rs = [json.loads(l) for l in open(rec)]
    ends = {}
    for r in rs:
        ends[r["termination"]] = ends.get(r["termination"], 0) + 1
    drops = sum(len(r.get("reconnects", [])) for r in rs)
    ok = subprocess.run([ARB, "verify", rec], capture_output=True,
                        text=True)
    print(f"{len(rs)} of {DEALS} deals in {wall:.0f} s through TLS and a "
          f"faulty proxy: {cuts} connections cut, {drops} drops waited for "
          f"(reconnects); terminations {ends}; arbiter exit {rc}; "
          f"verify: {ok.stdout.strip() or ok.stderr.strip()}")
    good = (rc == 0 and len(rs) == DEALS and ends == {"normal": DEALS} and
            ok.returncode == 0)
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
