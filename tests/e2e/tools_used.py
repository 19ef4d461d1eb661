#!/usr/bin/env python3
"""tools_used.py: every program the tests, scripts, CI and Makefile run,
checked against scripts/deps.sh's table, so that a fresh Debian machine
that ran the deps step has all of them (issue 33: tmux was missing and
play_tty.sh failed with "tmux: not found").

A command counts when it is the first word of a simple command in a shell
script (after ; | && || ( { ! $( ` then do else if while until, and after
wrappers such as timeout or env), or the first element of a
subprocess.run([...]) list in a Python test.  Shell builtins and
keywords, functions the script defines, variables and paths are not
programs to install.  Each remaining name must be in deps.sh's TOOLS
(command:package, installed when missing) or its BASE list (commands of
Debian's Essential or required packages, present in the smallest root
debootstrap makes; checked here with dpkg when dpkg is present).

  tools_used.py            check; one line per problem, exit 1 if any
  tools_used.py --list     every command found, with where
"""
import glob
import os
import re
import shutil
import subprocess
import sys

BUILTINS = set("""
. : [ alias bg break cd command continue echo eval exec exit export false
fg getopts hash jobs kill local printf pwd read readonly return set shift
test times trap true type ulimit umask unalias unset wait
case esac do done elif else fi for function if in then until while
""".split())
# Words that run the next word as the command.
WRAPPERS = {"timeout", "env", "exec", "command", "nice", "setsid",
            "sudo", "$sudo", "nohup", "stdbuf", "xargs", "unshare"}
SEPARATORS = re.compile(r"\|\||&&|[;|&(){}!`\n]")


def shell_words(text):
    """The command-position text of a shell script: comments, quoted
    text (but the commands inside "$(...)") and here-documents taken
    out.  Returns a list of (line, segment) pairs."""
    out, line, i, n = [], 1, 0, len(text)
    cur, heredoc, start = [], None, 1
    stack = ["code"]
    while i < n:
        c = text[i]
        state = stack[-1]
        if c == "\n":
            line += 1
            if heredoc and state == "code":
                end = text.find("\n" + heredoc + "\n", i)
                end = n if end < 0 else end + len(heredoc) + 1
                line += text.count("\n", i + 1, end)
                i, heredoc = end, None
                cur.append("\n")
                continue
        if state == "squote":
            if c == "'":
                stack.pop()
            i += 1
            continue
        if state == "dquote":
            if c == "\\":
                i += 2
                continue
            if c == '"':
                stack.pop()
            elif text.startswith("$(", i) and not text.startswith("$((", i):
                stack.append("code")
                out.append((start, "".join(cur)))
                cur, start = [], line
                i += 2
                continue
            i += 1
            continue
        # code
        if c == "\\":
            cur.append(" " if text[i + 1:i + 2] == "\n" else text[i:i + 2])
            i += 2
            continue
        if c == "#" and (i == 0 or text[i - 1] in " \t\n;"):
            while i < n and text[i] != "\n":
                i += 1
            continue
        if c == "'":
            stack.append("squote")
            cur.append("Q")
        elif c == '"':
            stack.append("dquote")
            cur.append("Q")
        elif text.startswith("$((", i):
            j = text.find("))", i)
            i = n if j < 0 else j + 2
            cur.append("N")
            continue
        elif text.startswith("$(", i):
            stack.append("code")
            cur.append(";")
            i += 2
            continue
        elif text.startswith("${", i):
            j = text.find("}", i)
            i = n if j < 0 else j + 1
            cur.append("V")
            continue
        elif c == ")" and len(stack) > 1:
            stack.pop()
            cur.append(";")
        elif text.startswith("<<", i):
            m = re.match(r"<<-?\s*['\"]?(\w+)['\"]?", text[i:])
            if m:
                heredoc = m.group(1)
                i += m.end()
                continue
            cur.append(c)
        else:
            cur.append(c)
        i += 1
    out.append((start, "".join(cur)))
    return out


def commands_of_shell(path):
    text = open(path, encoding="utf-8").read()
    funcs = set(re.findall(r"^\s*([A-Za-z_][\w-]*)\s*\(\)", text, re.M))
    found = []
    for line, seg in shell_words(text):
        # A case's patterns ("quit)", "*:*)") are not commands.
        seg = re.sub(r"(?m)^[ \t]*[^\s()]+\)", " ", seg)
        for part in SEPARATORS.split(seg):
            words = part.split()
            while words and (re.match(r"^\w+=", words[0]) or
                             words[0] in ("then", "do", "else", "if",
                                          "while", "until", "time")):
                words.pop(0)
            while words and words[0] in WRAPPERS:
                w = words.pop(0)
                while words and (words[0].startswith("-") or
                                 re.match(r"^[\d.]+[smh]?$", words[0]) or
                                 (w == "env" and "=" in words[0])):
                    words.pop(0)
            if not words:
                continue
            w = words[0]
            if (w in BUILTINS or w in funcs or
                    not re.match(r"^[A-Za-z][\w.+-]*$", w) or
                    w in ("Q", "V", "N")):
                continue
            found.append((w, f"{path}:{line + seg[:seg.find(part)].count(chr(10))}"))
    return found


def commands_of_python(path):
    text = open(path, encoding="utf-8").read()
    return [(m.group(1), f"{path}:{text.count(chr(10), 0, m.start()) + 1}")
            for m in re.finditer(
                r'subprocess\.\w+\(\s*\[\s*"([\w.+-]+)"', text)]


def deps_lists(path="scripts/deps.sh"):
    text = open(path, encoding="utf-8").read()

    def value(name):
        m = re.search(r'^%s="([^"]*)"' % name, text, re.M | re.S)
        return m.group(1).split() if m else []
    tools = dict(t.split(":", 1) for name in ("TOOLS", "BROWSER_TOOLS",
                                               "FUZZ_TOOLS")
                 for t in value(name))
    return tools, set(value("BASE"))


def base_problems(base):
    """Each BASE command comes from a package every Debian root has."""
    if shutil.which("dpkg-query") is None:
        return []
    problems = []
    for cmd in sorted(base):
        where = shutil.which(cmd)
        if where is None:
            problems.append(f"deps.sh BASE: '{cmd}' is not installed here")
            continue
        pkg = None
        for p in {where, os.path.realpath(where),
                  where.replace("/usr/bin/", "/bin/"),
                  where.replace("/usr/sbin/", "/sbin/")}:
            r = subprocess.run(["dpkg-query", "-S", p], capture_output=True,
                               text=True)
            owners = [ln.split(":")[0].split(",")[0]
                      for ln in r.stdout.splitlines()
                      if not ln.startswith("diversion by")]
            if r.returncode == 0 and owners:
                pkg = owners[0]
                break
        if pkg is None:
            problems.append(f"deps.sh BASE: '{cmd}' ({where}) is in no "
                            "Debian package")
            continue
        r = subprocess.run(["dpkg-query", "-W", "-f",
                            "${Essential} ${Priority}", pkg],
                           capture_output=True, text=True)
        if "yes" not in r.stdout.split() and "required" not in r.stdout:
            problems.append(f"deps.sh BASE: '{cmd}' comes from {pkg}, "
                            "neither Essential nor required: move it to "
                            "TOOLS")
    return problems


def main():
    files = sorted(set(glob.glob("tests/**/*.sh", recursive=True) +
                       glob.glob("scripts/*.sh") + [".ci/run"]))
    found = []
    for f in files:
        if os.path.exists(f):
            found += commands_of_shell(f)
    for f in sorted(glob.glob("tests/**/*.py", recursive=True) +
                    glob.glob("scripts/*.py")):
        found += commands_of_python(f)
    if "--list" in sys.argv:
        for cmd, where in sorted(found):
            print(f"{cmd}\t{where}")
        return 0
    tools, base = deps_lists()
    problems, seen = [], set()
    for cmd, where in found:
        if cmd in tools or cmd in base or cmd in seen:
            continue
        seen.add(cmd)
        problems.append(f"{where}: runs '{cmd}', which scripts/deps.sh "
                        "neither installs (TOOLS) nor lists as present "
                        "on every Debian (BASE)")
    problems += base_problems(base)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
