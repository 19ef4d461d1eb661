#!/usr/bin/env python3
"""Deals of arbiter records as luck_model_fit -f reads them.

    scripts/luck_deals.py RECORDS... > deals.txt

Writes a line per deal: the dealer, the deck, the actions
(tools/luck_deals_io.h), each file's in the order of its deals (deal,
then hand of a game), not of its lines: a match writes a record as its
deal ends, so deals played side by side come in an order of the
machine's timing, and luck_model_fit holds out every fifth deal by its
place in the file.  Takes the Rubicon deals of two seats played
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


def deal_order(r):
    """Where a record's deal comes in the match: its deal, then its hand
    in a game of several."""
    return int(r["deal"]), int(r.get("series", {}).get("hand", 0))


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: luck_deals.py RECORDS... > deals.txt")
    kept, left = 0, {}
    for path in sys.argv[1:]:
        deals = []
        with open(path) as f:
            for n, text in enumerate(f, 1):
                try:
                    r = json.loads(text)
                    line, why = deal_line(r)
                    if line is not None:
                        deals.append((deal_order(r), line))
                except (ValueError, KeyError, TypeError) as e:
                    sys.exit("luck_deals.py: %s:%d: not a record (%s)" %
                             (path, n, e))
                if line is None:
                    left[why] = left.get(why, 0) + 1
        deals.sort(key=lambda d: d[0])
        for _, line in deals:
            print(line)
        kept += len(deals)
    print("luck_deals.py: %d deals%s" % (kept, "".join(
        ", %d left out (%s)" % (k, w) for w, k in left.items())),
        file=sys.stderr)


if __name__ == "__main__":
    main()
