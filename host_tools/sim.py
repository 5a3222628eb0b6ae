"""The Dealer Box simulator (``make sim``). Placeholder until the UI lands (issue 6).

    python -m host_tools.sim [--game teen-patti|turkish|indian] [--seed N]

Deals one hand of the chosen game with the core's shuffle and prints it.
"""

import argparse
import os
import sys

from dealerbox.cards import format_cards
from dealerbox.deck import full_deck, turkish_deck
from dealerbox.rng import SeededEntropy, shuffle

import host_tools  # noqa: F401  (puts firmware/ on sys.path)

GAMES = ("teen-patti", "turkish", "indian")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host_tools.sim", description="Dealer Box simulator")
    ap.add_argument("--game", choices=GAMES, default="teen-patti")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=None, help="fix the deal (default: os.urandom)")
    a = ap.parse_args(argv)
    read = SeededEntropy(a.seed) if a.seed is not None else os.urandom
    per = {"teen-patti": 3, "turkish": 5, "indian": 1}[a.game]
    deck = turkish_deck(a.players) if a.game == "turkish" else full_deck()
    shuffle(deck, read)
    print("Dealer Box (simulator placeholder) - %s, %d players" % (a.game, a.players))
    for p in range(a.players):
        print("  P%d: %s" % (p + 1, format_cards(deck[p * per:(p + 1) * per], True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
