#!/usr/bin/env python3
"""A random bot: plays a uniformly random action of each legal list."""
import os, random, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib", "python"))
import bzp  # noqa: E402  (bots/lib/python/bzp.py)

rng = random.Random()
seed = None


def on_option(name, value):  # "setoption name Seed value 42"
    global seed
    if name.lower() == "seed" and value and value.isdigit():
        seed = int(value)


def on_newgame(fields):  # a seeded bot plays each deal the same way
    if seed is not None:
        rng.seed("%d/%s" % (seed, fields.get("deal", "")))


bzp.run(lambda request: rng.choice(request["legal"]),
        name="python-random", author="The Bezique project",
        options=["name Seed type spin default 0 min 0 max 4294967295"],
        on_option=on_option, on_newgame=on_newgame)
