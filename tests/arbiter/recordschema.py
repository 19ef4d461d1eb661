"""The record schema (doc/record.schema.json) applied to records files,
with the standard library only: a validator of the JSON Schema keywords
that schema uses, refusing any other keyword so that the schema cannot
say more than is checked.

    python3 tests/arbiter/recordschema.py FILE...   # exit 1 on the first bad
"""
import json
import os
import re
import sys

SCHEMA = os.path.join(os.path.dirname(__file__), "..", "..", "doc",
                      "record.schema.json")
IGNORED = {"$schema", "$id", "title", "description", "$defs"}
TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and
    not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


class Invalid(Exception):
    pass


def _ref(root, ref):
    if not ref.startswith("#/"):
        raise Invalid("unsupported $ref " + ref)
    node = root
    for part in ref[2:].split("/"):
        node = node[part]
    return node


def check(value, schema, root, where="record"):
    """Raises Invalid naming the first place value breaks schema."""
    for key, want in schema.items():
        if key in IGNORED:
            continue
        if key == "$ref":
            check(value, _ref(root, want), root, where)
        elif key == "type":
            if not TYPES[want](value):
                raise Invalid("%s: not %s: %r" % (where, want, value))
        elif key == "const":
            if value != want or type(value) is not type(want):
                raise Invalid("%s: %r is not %r" % (where, value, want))
        elif key == "enum":
            if value not in want or isinstance(value, bool):
                raise Invalid("%s: %r is not one of %r" %
                              (where, value, want))
        elif key == "minimum":
            if TYPES["number"](value) and value < want:
                raise Invalid("%s: %r < %r" % (where, value, want))
        elif key == "maximum":
            if TYPES["number"](value) and value > want:
                raise Invalid("%s: %r > %r" % (where, value, want))
        elif key in ("minItems", "maxItems", "minLength"):
            if isinstance(value, (list, str)):
                n = len(value)
                if (key == "maxItems" and n > want) or \
                        (key != "maxItems" and n < want):
                    raise Invalid("%s: %s %d, has %d" %
                                  (where, key, want, n))
        elif key == "pattern":
            if isinstance(value, str) and not re.search(want, value):
                raise Invalid("%s: %r does not match %s" %
                              (where, value, want))
        elif key == "required":
            if isinstance(value, dict):
                for name in want:
                    if name not in value:
                        raise Invalid("%s: no %s" % (where, name))
        elif key == "properties":
            if isinstance(value, dict):
                for name, sub in want.items():
                    if name in value:
                        check(value[name], sub, root, where + "." + name)
        elif key == "additionalProperties":
            if want is not False:
                raise Invalid("unsupported additionalProperties")
            if isinstance(value, dict):
                extra = set(value) - set(schema.get("properties", {}))
                if extra:
                    raise Invalid("%s: unknown field %s" %
                                  (where, sorted(extra)[0]))
        elif key == "items":
            if isinstance(value, list):
                for i, item in enumerate(value):
                    check(item, want, root, "%s[%d]" % (where, i))
        elif key == "oneOf":
            fits = 0
            for sub in want:
                try:
                    check(value, sub, root, where)
                    fits += 1
                except Invalid:
                    pass
            if fits != 1:
                raise Invalid("%s: %r fits %d of oneOf, not 1" %
                              (where, value, fits))
        else:
            raise Invalid("the schema uses '%s', which this validator "
                          "does not check" % key)


def load_schema():
    with open(SCHEMA) as f:
        return json.load(f)


def check_file(path, schema=None):
    """Every line of a records file against the schema; the first bad
    one raises Invalid with path:line."""
    schema = schema or load_schema()
    n = 0
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                check(json.loads(line), schema, schema)
            except Invalid as e:
                raise Invalid("%s:%d: %s" % (path, lineno, e))
            n += 1
    return n


def main(paths):
    schema = load_schema()
    total = 0
    for p in paths:
        try:
            total += check_file(p, schema)
        except Invalid as e:
            print(e, file=sys.stderr)
            return 1
    print("%d records valid" % total)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
