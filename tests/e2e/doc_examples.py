#!/usr/bin/env python3
"""doc_examples.py: every shell example of README.md and the guides
runs, exactly as printed (issue 33: README's export example failed).

The examples are read from the Markdown, so a changed example is a
tested example.  A code block (indented, or fenced with no language or
sh) is an example when its first line is a command: `make`, `build/...`,
`python3`, `cc`, ... or a `$ ` prompt (then only the prompted lines are
commands, the rest output).  Commands run one by one, in order, in a
temporary copy of the tree (its files linked, build/ holding links to
the built programs), each to exit 0.  Every document's run in that one
tree, README.md first, as a newcomer goes on from README to the guides
on one build directory (issue 43: a command run again, such as a
match's `-o build/m.jsonl`, must not fail).

An example that cannot run here is left out only by a marker next to it,
an HTML comment on the lines just above its block, which this reads:
  <!-- example: not run (WHY) -->          the whole block
  <!-- example: skip "PREFIX" (WHY) -->     its commands that start so
  <!-- example: run "TEXT" as "OTHER" (WHY) -->  a command changed so
and one that runs while the rest of its document does:
  <!-- example: background "FILE" (WHY) -->  its commands started, their
      output to FILE; the next block waits for its "listening on" line
      (an arbiter's remote seats), and the document's end for exit 0
In OTHER, {port} (or {port2}, ...) is a free port of this machine, the
same throughout the document (an organiser's example listens on it, an
entrant's connects to it).
A marker that matches no command of its block is an error too.

  doc_examples.py BUILD [FILE.md...]
"""
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

DOCS = (["README.md", "protocol.md", "tournaments/README.md",
         "bots/README.md"] +
        sorted("doc/" + f for f in os.listdir("doc") if f.endswith(".md")))
COMMAND = re.compile(r"^(\$ |make\b|sudo\b|man\b|cc\b|c\+\+\b|python3\b|"
                     r"node\b|sh\b|parallel\b|pkg-config\b|printf\b|"
                     r"build/|scripts/|\./|#!/bin/sh|[A-Z_]+=)")
MARKER = re.compile(r"<!--\s*example:\s*(.*?)\s*-->")


def blocks(path):
    """(line, text lines, markers) of each code block of path."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i, markers = [], 0, []
    while i < len(lines):
        line = lines[i]
        m = MARKER.search(line)
        if m:
            markers.append((i + 1, m.group(1)))
            i += 1
            continue
        fence = re.match(r"^\s*```(\w*)", line)
        if fence:
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith("```"):
                j += 1
            if fence.group(1) in ("", "sh", "shell", "console"):
                out.append((i + 2, lines[i + 1:j], markers))
            markers, i = [], j + 1
            continue
        if line.startswith("    ") and (i == 0 or not lines[i - 1].strip()):
            j = i
            while j < len(lines) and (lines[j].startswith("    ") or
                                      not lines[j].strip()):
                j += 1
            out.append((i + 1, [l[4:] for l in lines[i:j]], markers))
            markers, i = [], j
            continue
        if line.strip():
            markers = []
        i += 1
    return out


def commands(start, text):
    """(line, command) of a block: continuation lines joined."""
    prompted = any(l.startswith("$ ") for l in text)
    out, cur, first = [], None, 0
    for k, l in enumerate(text):
        if cur is None:
            if prompted and not l.startswith("$ "):
                continue
            if not l.strip() or l.lstrip().startswith("#"):
                continue
            cur, first = l[2:] if prompted else l, start + k
        else:
            cur += "\n" + l
        if not cur.endswith("\\"):
            out.append((first, cur))
            cur = None
    return out


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def plan(path):
    """The commands of path's examples, each with what its markers say:
    (line, command or None if skipped, why, background output file or
    None); and the stale markers."""
    steps, problems, ports = [], [], {}
    for start, text, markers in blocks(path):
        first = next((l for l in text if l.strip()), "")
        if not COMMAND.match(first.lstrip()):
            if markers:
                problems.append(f"{path}:{markers[0][0]}: a marker above "
                                "a block that is no shell example")
            continue
        cmds = commands(start, text)
        used = set()
        for line, cmd in cmds:
            why, run, bg = None, cmd, None
            for mline, m in markers:
                b = re.match(r'background "(.*?)"', m)
                if b:
                    bg = b.group(1)
                    used.add(mline)
                if m.startswith("not run"):
                    why = m
                    used.add(mline)
                    continue
                sk = re.match(r'skip "(.*?)"\s*(.*)', m)
                if sk and cmd.startswith(sk.group(1)):
                    why = sk.group(2) or "skipped"
                    used.add(mline)
                ra = re.match(r'run "(.*?)" as "(.*?)"', m)
                if ra and ra.group(1) in run:
                    other = ra.group(2)
                    for name in set(re.findall(r"\{(port\d*)\}", other)):
                        ports.setdefault(name, free_port())
                        other = other.replace("{%s}" % name,
                                              str(ports[name]))
                    run = run.replace(ra.group(1), other)
                    used.add(mline)
            steps.append((line, None if why else run, why or "", bg))
        for mline, m in markers:
            if mline not in used:
                problems.append(f"{path}:{mline}: marker '{m}' matches no "
                                "command of the block below it")
    return steps, problems


def tree(build, where):
    """A copy of the tree in where: its files linked, build/ a folder of
    links to what was built, its programs and folders (outputs of the
    examples land there).  The build's data files (a demo's records, a
    match's) are not linked: an example writing build/demo.jsonl must
    neither add to the real one nor find one there."""
    for name in os.listdir("."):
        if name not in ("build", ".git") and not name.startswith("build-"):
            os.symlink(os.path.abspath(name), os.path.join(where, name))
    os.mkdir(os.path.join(where, "build"))
    for name in os.listdir(build):
        path = os.path.abspath(os.path.join(build, name))
        if os.path.isdir(path) or os.access(path, os.X_OK):
            os.symlink(path, os.path.join(where, "build", name))


def said(path, line, rc, cmd, output):
    print(f"{path}:{line}: exit {rc}: {cmd}\n" + "".join(
        "  | " + l + "\n" for l in output.splitlines()[-8:]))


def start_background(where, line, cmd, out):
    """Starts cmd with its output to out (in where), and waits (60 s at
    most) for its listening line or its end: (line, cmd, process, path)."""
    path = os.path.join(where, out)
    with open(path, "w") as f:
        p = subprocess.Popen(["sh", "-c", cmd], cwd=where, stdout=f,
                             stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL)
    t0 = time.time()
    while time.time() - t0 < 60 and p.poll() is None:
        if "listening on" in open(path).read():
            break
        time.sleep(0.05)
    return line, cmd, p, path


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    docs = sys.argv[2:] or [d for d in DOCS if os.path.exists(d)]
    failures = ran = skipped = 0
    with tempfile.TemporaryDirectory() as where:
        tree(build, where)
        for path in docs:
            steps, problems = plan(path)
            for p in problems:
                print(p)
                failures += 1
            background = []
            for line, cmd, why, bg in steps:
                if cmd is None:
                    skipped += 1
                    continue
                ran += 1
                if bg is not None:
                    background.append(start_background(where, line, cmd, bg))
                    continue
                r = subprocess.run(["sh", "-c", cmd], cwd=where,
                                   capture_output=True, text=True,
                                   stdin=subprocess.DEVNULL, timeout=600)
                if r.returncode != 0:
                    failures += 1
                    said(path, line, r.returncode, cmd, r.stdout + r.stderr)
            for line, cmd, p, out in background:
                try:
                    rc = p.wait(timeout=300)
                except subprocess.TimeoutExpired:
                    p.kill()
                    rc = p.wait()
                if rc != 0:
                    failures += 1
                    said(path, line, rc, cmd, open(out).read())
    print(f"doc_examples: {ran} commands run, {skipped} skipped by their "
          f"markers, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
