"""Reading arbiter records in tests: each deal by its index, without the
fields that vary run to run (the time of each action, engines' info)."""
import json


def canonical(path):
    out = {}
    for line in open(path):
        r = json.loads(line)
        for a in r["actions"]:
            a.pop("ms", None)
            a.pop("info", None)
        out[r["deal"]] = r
    return out
