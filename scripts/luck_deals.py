#!/usr/bin/env python3
"""Deals of arbiter records as luck_model_fit -f reads them.

    scripts/luck_deals.py RECORDS... > deals.txt

Writes a line per deal: the dealer, the deck, the actions
(tools/luck_deals_io.h).  Takes the Rubicon deals of two seats played
to their end ("normal"); leaves out the rest (voided, forfeited, other
variants, the six-pack's cut), and says on stderr how many of each.  A
line that is not a record stops it, naming the file and the line.
"""
import json
import sys


def deal_line(r):
    """The deal's line, or why it is left out."""
    if r.get("type") != "deal":
        return None, "not a deal"
    if r.get("voided") or r.get("termination") != "normal":
        return None, "not played to its end"
    if r.get("variant") != "rubicon" or len(r.get("players", [])) != 2:
        return None, "not a Rubicon deal of two"
    acts = [a["action"] for a in r["actions"]]
    return "%d %s %s" % (r["dealer"], r["deck"], " ".join(acts)), None


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: luck_deals.py RECORDS... > deals.txt")
    kept, left = 0, {}
    for path in sys.argv[1:]:
        with open(path) as f:
            for n, text in enumerate(f, 1):
                try:
                    line, why = deal_line(json.loads(text))
                except (ValueError, KeyError, TypeError) as e:
                    sys.exit("luck_deals.py: %s:%d: not a record (%s)" %
                             (path, n, e))
                if line is None:
                    left[why] = left.get(why, 0) + 1
                    continue
                print(line)
                kept += 1
    print("luck_deals.py: %d deals%s" % (kept, "".join(
        ", %d left out (%s)" % (k, w) for w, k in left.items())),
        file=sys.stderr)


if __name__ == "__main__":
    main()
