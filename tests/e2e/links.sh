#!/bin/sh
# The documents' links: every relative link and image in README.md,
# protocol.md, doc/*.md, bots/**/*.md and tournaments/**/*.md names a file
# or folder of the repository (tracked, not a build product, not outside
# the tree), and every #anchor names a heading (or an <a id/name>) of the
# file it points into, spelled as GitHub makes a heading's anchor.  Links
# inside code spans and fenced blocks are text, not links: the arbiter's
# source files are named that way.
#   sh tests/e2e/links.sh [FILE.md ...]    (default: the documents above)
set -eu
cd "$(dirname "$0")/../.."
python3 - "$@" <<'PY'
import os, re, subprocess, sys, urllib.parse

tracked = subprocess.run(["git", "ls-files"], capture_output=True,
                         text=True, check=True).stdout.split("\n")
tracked = {f for f in tracked if f}
dirs = set()
for f in tracked:
    parts = f.split("/")
    for i in range(1, len(parts)):
        dirs.add("/".join(parts[:i]))

if len(sys.argv) > 1:
    docs = sys.argv[1:]
else:
    docs = sorted(f for f in tracked if f.endswith(".md") and (
        f in ("README.md", "protocol.md")
        or re.fullmatch(r"doc/[^/]+\.md", f)
        or f.startswith(("tournaments/", "bots/"))))

fence = re.compile(r"^\s*(```|~~~)")
code = re.compile(r"(`+).*?\1")
inline = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?"
                    r"(?:\s+\"[^\"]*\")?\s*\)")
refdef = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")


def lines(path):
    """The file's lines with fenced blocks blanked, numbered from 1."""
    out, infence = [], False
    for n, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        if fence.match(line):
            infence = not infence
            continue
        if not infence:
            out.append((n, line))
    return out


def slug(text):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: their text
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"(?<!\w)_+|_+(?!\w)", "", text)
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


anchors_of = {}


def anchors(path):
    if path not in anchors_of:
        seen, found = {}, set()
        for _, line in lines(path):
            m = re.match(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$", line)
            if m:
                base = slug(m.group(2))
                k = seen.get(base, 0)
                seen[base] = k + 1
                found.add(base if k == 0 else f"{base}-{k}")
            for a in re.findall(r"<a\s+(?:id|name)=\"([^\"]+)\"", line):
                found.add(a)
        anchors_of[path] = found
    return anchors_of[path]


errors = []
for doc in docs:
    if not os.path.isfile(doc):
        errors.append(f"{doc}: no such document")
        continue
    for n, line in lines(doc):
        text = code.sub("", line)
        targets = inline.findall(text)
        m = refdef.match(text)
        if m:
            targets.append(m.group(1))
        for t in targets:
            where = f"{doc}:{n}: {t}"
            if not t or re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", t):
                continue  # a URL (http:, mailto:) is not the repository's
            path, _, anchor = t.partition("#")
            path = urllib.parse.unquote(path)
            if path.startswith("/"):
                errors.append(f"{where}: an absolute path")
                continue
            if path:
                full = os.path.normpath(os.path.join(os.path.dirname(doc), path))
                if full == ".." or full.startswith("../"):
                    errors.append(f"{where}: points outside the repository")
                    continue
                if full not in tracked and full not in dirs and full != ".":
                    errors.append(f"{where}: no such file or folder")
                    continue
            else:
                full = doc
            if anchor:
                if full in dirs or not full.endswith(".md"):
                    errors.append(f"{where}: an anchor into a non-Markdown target")
                elif urllib.parse.unquote(anchor) not in anchors(full):
                    errors.append(f"{where}: no heading #{anchor} in {full}")

for e in errors:
    print(e)
if not docs:
    print("links.sh: no documents found")
    sys.exit(1)
sys.exit(1 if errors else 0)
PY
