"""Turkish Poker (Türk Pokeri) ranking: 5 cards from a short deck of 24, 28, 32 or 36.

Categories, best first (RULES.md, Turkish Poker; seed 002): royal flush > straight flush
> minor straight flush > four of a kind > flush > full house > three of a kind >
straight > minor straight > two pair > pair > high card. The minor straight is the ace
with the deck's four lowest ranks (A-9-10-J-Q in 24 cards, A-8-9-10-J in 28, A-7-8-9-10
in 32, A-6-7-8-9 in 36); it ranks below every straight. Ties inside a category follow
standard poker: the rank of the set, then kickers high to low; suits never rank.

House rules: ``no-minor`` (the ace is strictly high: A-6-7-8-9 is an ace-high hand, or a
flush when suited) and ``standard-ranking`` (full house over flush and straight over
three of a kind, as in standard poker; the minor straight stays just below the straight).

Score: an int, higher wins, equal ties; ``score >> 9`` is the index of the category in
``categories``. One table per deck holds the default ranking's scores of
every non-flush rank pattern; flush hands and the house rules go through a 12-entry
delta tuple (``dealerbox/eval/codes.py``).

This module holds what a hand needs (the scorer); ``build_tk.py`` reads the house rules and
builds the ranking (``make_ranking``).
"""


def scorer(values, table, fl, plain, flush, royal):
    """The 5-card scorer: hand (sequence of 5 card ints of the deck) -> int. Allocates nothing.

    ``values``: the 52 card values, ``table``: the packed table (a ``build.u16`` view, its first 256 words the
    row offsets), ``fl``: the
    flush table (bytes); ``plain``: None when the table entries are the scores (the default
    ranking), else the deltas by code; ``flush``: the deltas for flush hands; ``royal``: (entry of A-K-Q-J-T,
    its royal flush score: the one flush the deltas cannot tell from a straight flush).
    Tables are bound as default arguments: locals are the fastest reads in MicroPython,
    and no closure cells (see base.py on frame size). Call it with the hand only.
    Row bits: codes.TK_ROW_BITS = 8 (row = R & 255, column = R >> 8, R = x >> 8).
    """
    rt, rs = royal

    def flush_score(t, df=flush, rt=rt, rs=rs):
        return rs if t == rt else t + df[t >> 9]

    if plain is None:

        def score_default(h, v=values, u=table, fl=fl, fs=flush_score):
            x = v[h[0]] + v[h[1]] + v[h[2]] + v[h[3]] + v[h[4]]
            t = u[u[(x >> 8) & 255] + (x >> 16)]  # the row's offset plus the column
            if fl[x & 255]:
                return fs(t)
            return t

        return score_default

    def remap(t, f, d=plain, fs=flush_score):
        return fs(t) if f else t + d[t >> 9]

    def score_house(h, v=values, u=table, fl=fl, r=remap):
        x = v[h[0]] + v[h[1]] + v[h[2]] + v[h[3]] + v[h[4]]
        t = u[u[(x >> 8) & 255] + (x >> 16)]
        x = fl[x & 255]
        return r(t, x)

    return score_house
