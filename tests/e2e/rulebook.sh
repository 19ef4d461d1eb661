#!/bin/sh
# The rule book (doc/rules.md) and its citations: nothing in the
# repository points outside it; every section cited as doc/rules.md §N
# (or bare §N in the rules core and its unit tests) exists in the book;
# every scenario of the book is checked by a test that names it and every
# scenario a test names is in the book; every rule option of
# engine/core/rules.c is described in the book's §10.
set -eu
cd "$(dirname "$0")/../.."
python3 - <<'PY'
import re, subprocess, sys

def tracked():
    out = subprocess.run(["git", "ls-files"], capture_output=True,
                         text=True, check=True).stdout.split("\n")
    return [f for f in out if f and not f.endswith((".png", ".ico"))]

def read(f):
    try:
        return open(f, encoding="utf-8").read()
    except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
        return ""

errors = []
outside = re.compile(r"\.\./" + "shared|" + "shared/" + "rules\\.md")
for f in tracked():
    for n, line in enumerate(read(f).split("\n"), 1):
        if outside.search(line):
            errors.append(f"{f}:{n}: refers outside the repository")

book = read("doc/rules.md")
sections = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", book, re.M))
scenarios = set(re.findall(r"^\| (S\d+) \|", book, re.M))
if len(scenarios) < 86:
    errors.append(f"doc/rules.md: only {len(scenarios)} scenarios")

# Citations: "doc/rules.md §N, §M" anywhere; bare "§N" in the rules core,
# the engine's rules comments and the unit tests (protocol.md §N is
# protocol.md's own section and is left alone).
cite = re.compile(r"doc/rules\.md ((?:§\d+(?:\.\d+)?(?:[–-]|, | and )?)+)")
bare = re.compile(r"(?<!protocol\.md )§(\d+(?:\.\d+)?)")
rules_files = re.compile(r"^(engine/core/|engine/(endgame|eval)|tests/unit/)")
for f in tracked():
    if f == "doc/rules.md":
        continue
    text = read(f)
    for n, line in enumerate(text.split("\n"), 1):
        found = [s for m in cite.finditer(line)
                 for s in re.findall(r"§(\d+(?:\.\d+)?)", m.group(1))]
        if rules_files.match(f):
            found += bare.findall(line)
        for s in found:
            if s not in sections:
                errors.append(f"{f}:{n}: §{s} is not a section of "
                              "doc/rules.md")
        if f.startswith("tests/"):
            for s in re.findall(r"\bS(\d+)\b", line):
                if "S" + s not in scenarios:
                    errors.append(f"{f}:{n}: S{s} is not a scenario of "
                                  "doc/rules.md")

tests = "\n".join(read(f) for f in tracked()
                  if f.startswith("tests/") and f != "tests/e2e/rulebook.sh")
for s in sorted(scenarios, key=lambda x: int(x[1:])):
    if not re.search(r"\b" + s + r"\b", tests):
        errors.append(f"doc/rules.md: scenario {s} is checked by no test")

opts = re.findall(r'\{ "(\w+)", OPT_', read("engine/core/rules.c"))
ten = book.split("## 10.", 1)[1].split("## 11.", 1)[0]
for o in opts:
    if f"`{o}`" not in ten:
        errors.append(f"doc/rules.md §10: option {o} is not described")
if len(opts) < 30:
    errors.append("engine/core/rules.c: option table not found")

for e in errors:
    print(e)
sys.exit(1 if errors else 0)
PY
