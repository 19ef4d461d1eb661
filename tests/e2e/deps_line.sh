#!/bin/sh
# scripts/deps.sh for a user who may not install (not root, sudo asks a
# password or is absent): the one line it prints must be a command that
# works on a machine with no package lists yet, so apt-get update comes
# first (issue 43: "Unable to locate package tmux").  Run with a PATH
# that lacks tmux and sudo, and an id that says a normal user.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp/bin" <<'PY'
import os, sys
farm = sys.argv[1]
os.mkdir(farm)
for d in os.environ["PATH"].split(":"):
    if not os.path.isdir(d):
        continue
    for name in os.listdir(d):
        path = os.path.join(d, name)
        if name in ("tmux", "sudo", "id") or os.path.exists(
                os.path.join(farm, name)) or not os.access(path, os.X_OK):
            continue
        os.symlink(path, os.path.join(farm, name))
with open(os.path.join(farm, "id"), "w") as f:
    f.write("#!/bin/sh\necho 1000\n")
os.chmod(os.path.join(farm, "id"), 0o755)
PY
rc=0
PATH="$tmp/bin" sh scripts/deps.sh >"$tmp/out" 2>&1 || rc=$?
want="deps: missing Debian packages; run: sudo apt-get update && sudo apt-get install -y tmux"
if [ $rc -ne 1 ] || [ "$(cat "$tmp/out")" != "$want" ]; then
	echo "deps_line.sh: rc $rc, said:"; cat "$tmp/out"
	echo "wanted: $want"; exit 1
fi
