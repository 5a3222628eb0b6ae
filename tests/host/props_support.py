"""Shared pieces of the engines' property tests (CPython, hypothesis): no tests here.

``examples`` sizes a test for ``make test`` or ``make soak``; ``house_rules`` draws a random subset of
a game's house-rule choices; ``pick_option`` a weighted
random legal option; ``restore`` a snapshot round trip through JSON; ``assert_refused`` that an
illegal action is refused with the engine unchanged.
"""

import json
import os

from dealerbox.engine.base import IllegalAction
from dealerbox.engine.table import Table
from dealerbox.rng import randbelow
from hypothesis import strategies as st

SOAK = os.environ.get("DEALERBOX_SOAK") == "1"


def examples(n):
    """Hypothesis examples of a property test: ``n`` in ``make test``, 10 * ``n`` in ``make soak``
    (DEALERBOX_SOAK=1). Derandomized: the same sessions every run."""
    return n * 10 if SOAK else n


@st.composite
def house_rules(draw, choices, highs, rare=()):
    """A dict of house rules: each key of ``choices`` (rules.py ``choices``) set or left at its default.

    ``highs``: the highest value drawn for each integer range; ``rare``: switches drawn on one time in six.
    """
    r = {}
    for k, spec in choices.items():
        if not draw(st.booleans()):
            continue
        if spec == "bool":
            r[k] = draw(st.integers(0, 5)) == 0 if k in rare else draw(st.booleans())
        elif isinstance(spec, list):
            r[k] = draw(st.integers(spec[0], highs[k]))
        else:
            r[k] = draw(st.sampled_from(spec))
    return r


def pick_option(e, weights, read):
    """One of ``e.legal_actions()``, chosen at random with ``weights`` (kind -> int) from entropy ``read``."""
    opts = e.legal_actions()
    x = randbelow(sum(weights[o.kind] for o in opts), read)
    for o in opts:
        x -= weights[o.kind]
        if x < 0:
            return o
    return opts[-1]


def restore(e):
    """A new engine and table from ``e``'s snapshot, through JSON text as the store keeps it."""
    t = Table.from_state(json.loads(json.dumps(e.table.to_state())))
    return type(e).from_state(t, json.loads(json.dumps(e.to_state())), e.entropy)


def assert_refused(e, bad):
    """``bad`` (an illegal Action) is refused with a reason, and the engine's state is unchanged."""
    assert e.why_illegal(bad) is not None
    before = json.dumps(e.to_state())
    try:
        e.apply(bad)
        raise AssertionError("illegal action applied")
    except IllegalAction:
        pass
    assert json.dumps(e.to_state()) == before
