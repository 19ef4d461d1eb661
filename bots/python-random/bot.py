#!/usr/bin/env python3
"""python-random: plays a uniformly random action of each legal list."""
import os
import sys

# The client library, bots/lib/python/bzp.py, does all the talking.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib", "python"))
import bzp  # noqa: E402  (it must come after the path is set)


def choose(request):
    """Called for each `go`: return one action of its legal list."""
    return bzp.rng.choice(request["legal"])


bzp.run(choose, name="python-random", author="The Bezique project",
        offer_seed=True)
