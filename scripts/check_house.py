#!/usr/bin/env python3
"""The house rules a reader relies on (make check-house, run by make test).

  - no C file (.c or .h) in engine/ or arbiter/ over 600 lines, the
    generated weight headers (*_weights.h) aside;
  - no circle between C files: a file never calls, through any chain of
    calls, a file that calls it back (read from the built objects with
    nm: who defines a symbol and who uses it);
  - the arbiter's includes run one way, from the commands at the top
    down through its parts to the rules core:
        top -> play -> match -> rating -> record -> net -> proc -> base
        -> engine
    and nothing in engine/ includes the arbiter;
  - README.md is a front door: at most 250 lines.

Usage: check_house.py [BUILD]   (default build; the objects must exist)
Prints one line per breach and exits 1, or "house: ok ..." and exits 0.
"""
import os
import re
import subprocess
import sys

MAX_LINES = 600
MAX_README = 250
# Lowest first: a part may include its own headers and those of parts
# below it, never above.
PARTS = ["base", "proc", "net", "record", "rating", "match", "play"]
TOP = len(PARTS)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def c_files(root):
    for top in ("engine", "arbiter"):
        for d, _, names in os.walk(os.path.join(root, top)):
            for n in sorted(names):
                if n.endswith((".c", ".h")):
                    yield os.path.relpath(os.path.join(d, n), root)


def long_files(root):
    for f in c_files(root):
        if f.endswith("_weights.h"):
            continue
        with open(os.path.join(root, f), encoding="utf-8") as fh:
            n = sum(1 for _ in fh)
        if n > MAX_LINES:
            yield f"{f}: {n} lines (at most {MAX_LINES})"


def rank(path):
    """The part of an arbiter file, as a rank (TOP for arbiter/*.c)."""
    parts = path.split("/")
    if len(parts) == 2:
        return TOP
    return PARTS.index(parts[1]) if parts[1] in PARTS else None


def wrong_includes(root):
    for f in c_files(root):
        with open(os.path.join(root, f), encoding="utf-8") as fh:
            text = fh.read()
        for inc in INCLUDE.findall(text):
            head = inc.split("/")[0]
            if f.startswith("engine/"):
                if head in PARTS:
                    yield f"{f}: includes the arbiter's {inc}"
                continue
            if rank(f) is None:
                yield f"{f}: in no part of the arbiter ({', '.join(PARTS)})"
                break
            if "/" not in inc:
                continue        # the rules core, or a generated header
            if head not in PARTS:
                continue
            if PARTS.index(head) > rank(f):
                yield (f"{f}: includes {inc}, a part above its own "
                       f"(the order is {' -> '.join(reversed(PARTS))})")


def symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True,
                         check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        f = line.split()
        if len(f) == 2 and f[0] == "U":
            used.add(f[1])
        elif len(f) == 3 and f[1] in "TDBRVWC" and f[1].isupper():
            defined.add(f[2])
    return defined, used


def circles(root, build):
    objs = {}
    for top in ("engine", "arbiter"):
        base = os.path.join(root, build, "obj", top)
        for d, _, names in os.walk(base):
            for n in names:
                if n.endswith(".o"):
                    o = os.path.join(d, n)
                    src = os.path.relpath(o, os.path.join(root, build, "obj"))
                    objs[src[:-2] + ".c"] = symbols(o)
    if not objs:
        sys.exit(f"check_house: no objects under {build}/obj: build first")
    owner = {}
    for f, (defined, _) in objs.items():
        for s in defined:
            owner[s] = f
    calls = {f: sorted({owner[s] for s in used if s in owner} - {f})
             for f, (_, used) in objs.items()}
    for comp in strongly_connected(calls):
        if len(comp) > 1:
            yield "a circle of calls: " + " <-> ".join(sorted(comp))


def strongly_connected(graph):
    """Tarjan's algorithm, iterative (the graph has ~200 nodes)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = counter[0]
                counter[0] += 1
                stack.append(v)
                on.add(v)
            edges = graph.get(v, [])
            if i < len(edges):
                work.append((v, i + 1))
                w = edges[i]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(comp)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return out


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    breaches = list(long_files(root)) + list(wrong_includes(root))
    breaches += list(circles(root, build))
    with open(os.path.join(root, "README.md"), encoding="utf-8") as fh:
        n = sum(1 for _ in fh)
    if n > MAX_README:
        breaches.append(f"README.md: {n} lines (at most {MAX_README}: "
                        "the rest belongs in doc/)")
    for b in breaches:
        print(f"house: {b}")
    if breaches:
        print(f"house: {len(breaches)} breach(es)")
        return 1
    print(f"house: ok (files <= {MAX_LINES} lines, no circle, includes "
          f"one way, README <= {MAX_README} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
