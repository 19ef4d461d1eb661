"""bzp.py: a tiny client library for the Bezique protocol (bzp, protocol.md).

It does the talking so that a bot only has to decide.  A bot is a function
`choose(request) -> action` and one call:

    import bzp
    bzp.run(lambda req: req["legal"][0], name="FirstBot")

What run() does for you:

  * answers `bzp` with the handshake: `id name/author[/version]`, your
    `option` lines, `protocol 1`, your `feature` lines (by default
    `feature legal`, `feature noevents` and `feature variants=` every
    variant) and `bzpok`;
  * answers `isready` with `readyok`;
  * passes `setoption name N value V` to your `on_option(name, value)`
    (value is None for a button);
  * passes the fields of `newgame` and `gameover` as dicts to your
    `on_newgame(fields)` and `on_gameover(fields)`, if you give them;
  * with offer_seed=True, offers the protocol's reserved `Seed` option and
    reseeds `bzp.rng` (a random.Random) from it at each `newgame`, so
    that a seeded bot plays each deal the same way every time;
  * turns each `go` line into a request dict (see parse_go) and writes
    `action id=<id> <your answer>`;
  * ignores every other line (`newgame`, `event`, `gameover`, unknown
    commands, blank lines), as the protocol asks;
  * exits with status 0 on `quit` or at the end of the input.

Only protocol lines go to standard output, each flushed at once; messages
for humans go to standard error (see log()).  Standard library only.
"""

import os
import random
import sys

PROTOCOL_VERSION = 1
# The variants a bot of the legal lists plays: every one (protocol.md §3).
VARIANTS = "rubicon,two-hand,six-pack,eight-pack,three-hand"

# The random numbers for your bot; reseeded per deal if offer_seed=True
# and the arbiter sets the Seed option, else seeded by the system.
rng = random.Random()
SEED_OPTION = "name Seed type spin default 0 min 0 max 4294967295"


def log(*args):
    """Print a message for humans on standard error (never on stdout)."""
    print(*args, file=sys.stderr, flush=True)


# Where protocol lines go: standard output, or the arbiter's connection
# when the bot is seated remotely (run(..., remote=...)).
_out = None


def send(line):
    """Write one protocol line to the arbiter (stdout) and flush it."""
    out = _out or sys.stdout.buffer
    out.write((line + "\n").encode())
    out.flush()


def card_list(value):
    """Split a card list of a view ("AS#1,TS#2", or "-" when empty)."""
    if not value or value == "-":
        return []
    return value.split(",")


def parse_fields(tokens):
    """The key=value tokens of a list as a dict (other tokens are skipped)."""
    fields = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if sep:
            fields[key] = value
    return fields


def parse_view(text):
    """Parse a seat view (protocol.md section 8) into a dict of its fields.

    Every value stays a string, exactly as sent ("hand0": "AS#1,??",
    "points": "0,40"); use card_list() and split(",") as you need.  The
    first token (the format, "bzv/1") is stored under "format".
    """
    tokens = text.split()
    view = parse_fields(tokens)
    if tokens and "=" not in tokens[0]:
        view["format"] = tokens[0]
    return view


def parse_go(line):
    """Parse a `go` line into a request dict, or return None if it has no id.

    go id=7 decision=lead time=60000 ... legal=9C#2,AS#1 view bzv/1 ...

    gives
        {"id": "7",                  # echo it exactly in the answer
         "decision": "lead",         # lead, reply, declare, carte-blanche
         "clocks": {"time": 60000, "otime": 60000, "inc": 0, ...},
         "legal": ["9C#2", "AS#1"],  # [] if the line has no legal=
         "view_text": "bzv/1 ...",   # the seat view, raw
         "view": {"seat": "0", "trump": "-", ...}}   # parse_view(view_text)
    """
    tokens = line.split()
    # Everything after the token "view" is the seat view; the key=value
    # pairs of the request itself come before it.
    if "view" in tokens:
        at = tokens.index("view")
        head, view_text = tokens[1:at], " ".join(tokens[at + 1:])
    else:
        head, view_text = tokens[1:], ""
    fields = parse_fields(head)
    if "id" not in fields:
        return None  # e.g. "go infinite" of the analysis mode: not for us
    clocks = {}
    for key in ("time", "otime", "inc", "cap", "movetime"):
        if fields.get(key, "").isdigit():
            clocks[key] = int(fields[key])
    legal = fields.get("legal")
    return {
        "id": fields["id"],
        "decision": fields.get("decision", ""),
        "clocks": clocks,
        "legal": legal.split(",") if legal else [],
        "view_text": view_text,
        "view": parse_view(view_text),
    }


def parse_setoption(line):
    """`setoption name <Name> [value <Value>]` -> (name, value or None)."""
    tokens = line.split()[1:]
    if not tokens or tokens[0] != "name":
        return None, None
    rest = tokens[1:]
    if "value" not in rest:
        return " ".join(rest), None
    at = rest.index("value")
    return " ".join(rest[:at]), " ".join(rest[at + 1:])


def _lines(stream):
    """The lines of a binary stream as text, without LF or CR LF."""
    for raw in stream:
        yield raw.decode("utf-8", errors="replace").rstrip("\r\n")


def run(choose, name="python-bot", author="anonymous", version=None,
        options=(), on_option=None, on_newgame=None, on_gameover=None,
        offer_seed=False, features=("legal", "noevents", "variants=" + VARIANTS),
        stdin=None, remote=None):
    """Play the protocol on stdin/stdout until `quit` or end of input.

    remote: instead, a dict seating the bot at an arbiter's remote seat
        (doc/network.md): {"address": "HOST:PORT", "name": SEAT,
        "token": TOKEN, "pin": "sha256:HEX" or None (then plain TCP),
        "retry_for": seconds (60)}.  A dropped connection is tried again
        as the same bot (resume=1) until retry_for has passed.

    choose(request) -> action string: called for each `go` (see parse_go).
    options: the text after "option " of each option you offer, e.g.
        "name Seed type spin default 0 min 0 max 4294967295".
    on_option(name, value): called for each `setoption`.
    on_newgame(fields), on_gameover(fields): called with the key=value
        fields of each `newgame` / `gameover` line, as strings.
    offer_seed: offer the `Seed` option and reseed `rng` with it per deal.
    features: the `feature` lines to send; keep "legal" unless your bot
        knows the rules itself, and "variants=..." lists what it plays
        (by default every variant, as a bot of the legal lists can; the
        arbiter deals none other).
    """
    if offer_seed:
        options = [SEED_OPTION] + list(options)
    state = {"seed": None}
    args = (choose, name, author, version, options, on_option, on_newgame,
            on_gameover, offer_seed, features, state)
    if remote is None and os.environ.get("BEZIQUE_CONNECT"):
        remote = _remote_from_env()
    if remote is not None:
        sys.exit(_run_remote(remote, args))
    _serve(stdin or sys.stdin.buffer, *args)
    sys.exit(0)


def _serve(stdin, choose, name, author, version, options, on_option,
           on_newgame, on_gameover, offer_seed, features, state):
    """The protocol on one stream: "quit", or "end" at end of input."""
    try:
        for line in _lines(stdin):
            tokens = line.split()
            command = tokens[0] if tokens else ""
            if command == "bzp":
                send("id name " + name)
                send("id author " + author)
                if version:
                    send("id version " + version)
                for option in options:
                    send("option " + option)
                send("protocol %d" % PROTOCOL_VERSION)
                for feature in features:
                    send("feature " + feature)
                send("bzpok")
            elif command == "isready":
                send("readyok")
            elif command == "setoption":
                opt_name, value = parse_setoption(line)
                if (offer_seed and opt_name and opt_name.lower() == "seed"
                        and value and value.isdigit()):
                    state["seed"] = int(value)
                if opt_name and on_option:
                    on_option(opt_name, value)
            elif command == "newgame":
                fields = parse_fields(tokens[1:])
                if state["seed"] is not None:  # the same Seed, deal: the same play
                    rng.seed("%d/%s" % (state["seed"], fields.get("deal", "")))
                if on_newgame:
                    on_newgame(fields)
            elif command == "gameover" and on_gameover:
                on_gameover(parse_fields(tokens[1:]))
            elif command == "go":
                request = parse_go(line)
                if request is not None:
                    _answer(choose, request)
            elif command == "quit":
                return "quit"
            # Anything else (event lines, unknown commands) is ignored.
    except BrokenPipeError:
        if _out is not None:
            return "end"    # a connection dropped: seat it again
        # The arbiter has gone: nobody is left to talk to.  Point stdout
        # at /dev/null so that Python's final flush does not complain.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (ConnectionError, OSError) as e:
        if _out is None:
            raise
        log("bzp.py: the connection: %s" % e)
    except KeyboardInterrupt:
        return "quit"
    return "end"


def _remote_from_env():
    """The remote seat of an unchanged bot (doc/network.md): from
    BEZIQUE_CONNECT=HOST:PORT, BEZIQUE_SEAT, BEZIQUE_TOKEN and, if set,
    BEZIQUE_PIN and BEZIQUE_RETRY_FOR."""
    env = os.environ
    remote = {"address": env["BEZIQUE_CONNECT"],
              "name": env.get("BEZIQUE_SEAT"),
              "token": env.get("BEZIQUE_TOKEN"), "pin": env.get("BEZIQUE_PIN")}
    try:
        remote["retry_for"] = float(env.get("BEZIQUE_RETRY_FOR", "60"))
    except ValueError:
        remote["retry_for"] = None
    if not remote["name"] or not remote["token"] or remote["retry_for"] is None:
        log("bzp.py: BEZIQUE_CONNECT needs BEZIQUE_SEAT, BEZIQUE_TOKEN and "
            "a BEZIQUE_RETRY_FOR of seconds")
        sys.exit(1)
    return remote


def _seat(remote, resume):
    """Connects and says hello: the connection's (reader, writer), or
    raises OSError; a refusal raises PermissionError."""
    import hashlib
    import socket
    import ssl
    host, port = remote["address"].rsplit(":", 1)
    sock = socket.create_connection((host.strip("[]"), int(port)), timeout=10)
    if remote.get("pin"):
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        ctx.check_hostname = False
        ctx.verify_mode = ssl.CERT_NONE     # the pin is the check
        sock = ctx.wrap_socket(sock)
        got = "sha256:" + hashlib.sha256(
            sock.getpeercert(binary_form=True)).hexdigest()
        if got != remote["pin"].lower():
            sock.close()
            raise PermissionError("the arbiter's certificate is %s, not the "
                                  "pinned %s" % (got, remote["pin"]))
    sock.sendall(("hello bzp=1 name=%s token=%s resume=%d\n" % (
        remote["name"], remote["token"], 1 if resume else 0)).encode())
    reader = sock.makefile("rb")
    answer = reader.readline().decode(errors="replace").strip()
    if not answer.startswith("welcome "):
        sock.close()
        raise PermissionError("the arbiter " + (
            "refused: " + answer[8:] if answer.startswith("refused ")
            else "answered: %r" % answer))
    sock.settimeout(None)
    return reader, sock.makefile("wb")


def _run_remote(remote, args):
    """Seats the bot, again after each drop: the exit status."""
    import time
    global _out
    resume, down_since = False, time.monotonic()
    wait = 0.2
    while True:
        try:
            reader, _out = _seat(remote, resume)
        except PermissionError as e:
            log("bzp.py: %s" % e)
            return 1
        except OSError as e:
            if time.monotonic() - down_since > remote.get("retry_for", 60):
                log("bzp.py: %s: %s (gave up)" % (remote["address"], e))
                return 1
            time.sleep(wait)
            wait = min(wait * 2, 5)
            continue
        if _serve(reader, *args) == "quit":
            return 0
        log("bzp.py: the connection dropped: trying again")
        resume, down_since, wait = True, time.monotonic(), 0.2


def _answer(choose, request):
    """Ask the bot and send its answer; a bug in the bot is logged (on
    stderr) and answered with the first legal action, if there is one."""
    try:
        action = choose(request)
    except Exception:
        # Imported here: it is a third of the bot's start-up, and a bot
        # process is started every few games (the arbiter's
        # --games-per-process).
        import traceback
        log("bzp.py: choose() failed on go id=%s:" % request["id"])
        log(traceback.format_exc().rstrip())
        action = request["legal"][0] if request["legal"] else None
    if action:
        send("action id=%s %s" % (request["id"], action))
    else:
        log("bzp.py: no action for go id=%s" % request["id"])


# Keyed dealing (doc/reproducible.md, arbiter/record/deck_key.h): every
# deck of a run from its 256-bit key, for checking a run's records once
# its key is published.  hashlib and hmac are imported only when used.

RANKS, SUITS = "789JQKTA", "SHDC"


def run_key_from_text(text):
    """The key --seed TEXT gives: SHA-256("bezique run key v1" NUL TEXT)."""
    import hashlib
    return hashlib.sha256(b"bezique run key v1\0" + text.encode()).digest()


def _keyed_below(key, label, round_, hand):
    """rng_below(n) on the words of HMAC-SHA-256(key, label || u64be(round)
    || u32be(hand) || u32be(j)), j = 0, 1, ..., each block four
    little-endian 64-bit words."""
    import hashlib
    import hmac
    import struct
    words = []
    state = {"j": 0}

    def below(n):
        while True:
            if not words:
                block = hmac.new(key, label + struct.pack(
                    ">QII", round_, hand, state["j"]), hashlib.sha256).digest()
                state["j"] += 1
                words.extend(struct.unpack("<4Q", block))
            x = words.pop(0)
            if x >= (1 << 64) % n:  # rejects x < 2^64 mod n: no bias
                return x % n
    return below


def deal_deck(key, round_, hand=0, packs=4):
    """The deck of (round, hand): card ids (copy*32 + suit*8 + rank), in
    dealing order, shuffled by Fisher-Yates from the top."""
    deck = list(range(packs * 32))
    below = _keyed_below(key, b"bezique deck v1", round_, hand)
    for i in range(len(deck) - 1, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_cut(key, round_, hand, cut_cards):
    """The six-pack's cut of (round, hand): (lifted, guessed)."""
    low = cut_cards - 4 if cut_cards > 4 else 1
    below = _keyed_below(key, b"bezique cut v1", round_, hand)
    lifted = low + below(9)
    return lifted, low + below(9)


def card_text(card):
    """A card id as the records write it: "QS#2"."""
    return "%s%s#%d" % (RANKS[card & 7], SUITS[(card >> 3) & 3],
                        (card >> 5) + 1)
