#!/usr/bin/env python3
"""What decides the deals of a player, from records files (JSON Lines,
doc/records.md): its declarations and the other side's a deal, in the
deals it won and in those it lost; the stock tricks each side took; who
fixed the trump suit and how often the player won then; and, over the
duplicate pairs (one deck dealt twice with the seats swapped), how often
the same hand fixed trump both times, so that the cards rather than the
players chose it.  Two-seat deals ended normally; others are counted and
left out.

    python3 scripts/deal_anatomy.py [--player NAME] [--by-trump] RECORDS.jsonl ...

NAME defaults to the first player of the first deal.  --by-trump splits
the deals by who fixed trump rather than by who won them.  Exit status 1 with
FILE:LINE: WHY for a line that is not a deal record.
"""
import argparse
import collections
import json
import signal
import sys

SUITS = "SHDC"


def fail(where, why):
    sys.stderr.write("deal_anatomy: %s: %s\n" % (where, why))
    sys.exit(1)


def read_deals(paths):
    for path in paths:
        try:
            lines = open(path, encoding="utf-8").read().splitlines()
        except OSError as e:
            fail(path, e.strerror)
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
            except ValueError as e:
                fail("%s:%d" % (path, n), "not JSON (%s)" % e)
            if not isinstance(r, dict) or r.get("type") != "deal":
                continue
            why = malformed(r)
            if why:
                fail("%s:%d" % (path, n), why)
            yield r


def malformed(r):
    """What a deal record lacks that the tally reads, or None."""
    for key in ("players", "actions", "result", "dealer"):
        if key not in r:
            return "a deal without '%s'" % key
    for key in ("winner", "points", "brisques"):
        if key not in r["result"]:
            return "a deal's result without '%s'" % key
    for a in r["actions"]:
        if not isinstance(a, dict) or any(k not in a for k in
                                          ("seat", "kind", "action")):
            return "an action without seat, kind or action"
    return None


def kind_of(action, trump):
    """A scoring action's kind; a sequence says whether it was in trumps."""
    text = action["action"]
    kind = text.split(":")[0]
    if kind == "sequence":
        suit = text.split(":")[1][1:2]
        kind += " (trumps)" if suit == trump else " (plain)"
    return kind


def stock_tricks(actions):
    """The seat that won each trick of the stock phase: a trick followed by
    a declare step, or whose winner had nothing to declare."""
    won = []
    for i, a in enumerate(actions):
        if "won_by" not in a:
            continue
        nxt = actions[i + 1] if i + 1 < len(actions) else None
        if a.get("declare_skipped") or (nxt is not None and
                                        nxt["kind"] == "declare"):
            won.append(a["won_by"])
    return won


def trump_fixer(actions):
    for a in actions:
        if "trump" in a:
            return a["seat"]
    return None


class Tally:
    def __init__(self):
        self.deals = collections.Counter()    # (who fixed, outcome)
        self.points = collections.defaultdict(collections.Counter)
        self.count = collections.defaultdict(collections.Counter)
        self.pairs = {}                       # deck -> [(fixer's hand, outcome)]
        self.left_out = 0

    def add(self, r, me, by_trump):
        seat = r["players"].index(me)
        winner = r["result"].get("winner")
        outcome = "drawn" if winner == -1 else \
            "won" if winner == seat else "lost"
        fixer = trump_fixer(r["actions"])
        who = None if fixer is None else "me" if fixer == seat else "other"
        self.deals[(who, outcome)] += 1
        group = who if by_trump else outcome
        for a in r["actions"]:
            if a.get("points", 0) > 0:
                side = "me" if a["seat"] == seat else "other"
                k = kind_of(a, r.get("trump"))
                self.points[(group, side)][k] += a["points"]
                self.count[(group, side)][k] += 1
        for w in stock_tricks(r["actions"]):
            side = "me" if w == seat else "other"
            self.count[(group, side)]["(stock tricks won)"] += 1
        for s, side in ((seat, "me"), (1 - seat, "other")):
            self.points[(group, side)]["(deal's points)"] += \
                r["result"]["points"][s]
            self.points[(group, side)]["(brisques)"] += \
                r["result"]["brisques"][s]
        hand = None if fixer is None else (fixer - r["dealer"]) % 2
        # The deck: its seed (records of version 1, 2) or its run key's
        # commitment, round and hand (version 3, doc/reproducible.md).
        deck = (r.get("seed"), r.get("commit"), r.get("round"),
                r.get("hand"), r.get("variant"), tuple(sorted(r["players"])))
        self.pairs.setdefault(deck, []).append((hand, outcome))


    def n(self, group):
        """Deals in a column group: an outcome, or who fixed trump."""
        return sum(v for (who, outcome), v in self.deals.items()
                   if group in (who, outcome))

    def outcomes(self, outcome):
        return sum(v for (_, o), v in self.deals.items() if o == outcome)


def per_deal(total, n):
    return total / n if n else 0.0


def print_kinds(t, me, groups):
    rows = sorted(set(k for c in list(t.points.values()) +
                      list(t.count.values()) for k in c))
    titles = {"won": "in the deals won", "lost": "in the deals lost",
              "me": "%s fixed trump" % me[:9],
              "other": "the other fixed it"}
    print("%-22s %19s   %19s" % ("", titles[groups[0]], titles[groups[1]]))
    print("%-22s %9s %9s   %9s %9s" % ("a deal", me[:9], "other", me[:9],
                                       "other"))
    for k in rows:
        cells = []
        for group in groups:
            n = t.n(group)
            for side in ("me", "other"):
                if k.startswith("(stock"):
                    v = per_deal(t.count[(group, side)][k], n)
                    cells.append("%9.1f" % v)
                else:
                    v = per_deal(t.points[(group, side)][k], n)
                    c = per_deal(t.count[(group, side)][k], n)
                    cells.append("%9.0f" % v if k.startswith("(") else
                                 "%5.0f/%-3.1f" % (v, c))
        print("%-22s %s %s   %s %s" % ((k,) + tuple(cells)))
    print("(declarations: points/times a deal; stock tricks: a deal)")


def print_trump(t, me):
    for who, name in (("me", me), ("other", "the other side"), (None, "")):
        n = sum(t.deals[(who, o)] for o in ("won", "lost", "drawn"))
        if n == 0:
            continue
        won = t.deals[(who, "won")] + 0.5 * t.deals[(who, "drawn")]
        label = "no trump fixed" if who is None else "trump fixed by " + name
        print("%-34s %5d deals, %s won %.1f%%" % (label, n, me,
                                                  100.0 * won / n))


def print_pairs(t, me):
    pairs = [p for p in t.pairs.values() if len(p) == 2]
    if not pairs:
        return
    same = [p for p in pairs if p[0][0] is not None and p[0][0] == p[1][0]]
    both = collections.Counter(sum(o == "won" for _, o in p) for p in same)
    print("duplicate pairs %d; the same hand fixed trump in both deals: "
          "%d (%.0f%%); %s won both %d, one %d, none %d of those" %
          (len(pairs), len(same), 100.0 * len(same) / len(pairs), me,
           both[2], both[1], both[0]))


def main(argv):
    ap = argparse.ArgumentParser(
        prog="deal_anatomy.py",
        description="What decides a player's deals, from records.")
    ap.add_argument("--player", metavar="NAME",
                    help="the player (default: the first of the first deal)")
    ap.add_argument("--by-trump", action="store_true",
                    help="split by who fixed trump, not by who won")
    ap.add_argument("records", nargs="+", metavar="RECORDS.jsonl")
    args = ap.parse_args(argv)
    me, by_trump = args.player, args.by_trump
    t = Tally()
    for r in read_deals(args.records):
        if me is None:
            me = r["players"][0]
        if me not in r["players"]:
            continue
        if (len(r["players"]) != 2 or
                r.get("termination", "normal") != "normal" or
                r.get("voided")):
            t.left_out += 1
            continue
        t.add(r, me, by_trump)
    n = sum(t.deals.values())
    if n == 0 and t.left_out == 0:
        fail(args.records[0], "no deal played by %s" % me)
    if n == 0:
        fail(args.records[0], "no two-seat deal of %s ended normally" % me)
    print("%s: %d deals, won %d, lost %d, drawn %d (%d more left out: "
          "three seats, or not ended normally)" %
          (me, n, t.outcomes("won"), t.outcomes("lost"),
           t.outcomes("drawn"), t.left_out))
    print_kinds(t, me, ("me", "other") if by_trump else ("won", "lost"))
    print_trump(t, me)
    print_pairs(t, me)
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)    # quiet into head
    sys.exit(main(sys.argv[1:]))
