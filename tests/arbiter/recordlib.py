"""Reading arbiter records in tests: each deal by its index, without the
fields that vary run to run (the time of each action, engines' info).
Every record read is first checked against doc/record.schema.json."""
import json

import recordschema

SCHEMA = recordschema.load_schema()


def canonical(path):
    out = {}
    for lineno, line in enumerate(open(path), 1):
        r = json.loads(line)
        try:
            recordschema.check(r, SCHEMA, SCHEMA)
        except recordschema.Invalid as e:
            raise AssertionError("%s:%d: %s" % (path, lineno, e))
        for a in r["actions"]:
            a.pop("ms", None)
            a.pop("info", None)
        out[r["deal"]] = r
    return out
