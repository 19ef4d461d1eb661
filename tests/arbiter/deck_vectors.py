#!/usr/bin/env python3
"""bots/lib/python/bzp.py deals keyed decks as the arbiter does: the
reference vectors of doc/reproducible.md (deck_vectors.json)."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bots", "lib", "python"))
import bzp  # noqa: E402

failed = 0


def check(what, ok):
    global failed
    print("%-60s %s" % (what, "ok" if ok else "FAILED"))
    failed += not ok


v = json.load(open(os.path.join(HERE, "deck_vectors.json")))
for t in v["texts"]:
    import hashlib
    key = bzp.run_key_from_text(t["seed"])
    check("--seed %r gives its key" % t["seed"], key.hex() == t["key"])
    check("... and its commitment",
          hashlib.sha256(key).hexdigest() == t["commit"])
for d in v["decks"]:
    deck = bzp.deal_deck(bytes.fromhex(d["key"]), d["round"], d["hand"],
                         d["packs"])
    what = "deck of round %d, hand %d" % (d["round"], d["hand"])
    check(what, deck[:len(d["head"])] == d["head"] and
          sorted(deck) == list(range(32 * d["packs"])))
    if "text" in d:
        check(what + " as card text", ",".join(
            bzp.card_text(c) for c in deck[:len(d["head"])]) == d["text"])
for c in v["cuts"]:
    got = bzp.deal_cut(bytes.fromhex(c["key"]), c["round"], c["hand"],
                       c["cut_cards"])
    check("cut of round %d, hand %d" % (c["round"], c["hand"]),
          got == (c["lifted"], c["guessed"]))
print("%d failed" % failed)
sys.exit(1 if failed else 0)
