"""Refusal reasons: why an action is not allowed now, the text shown to the player (docs/engine.md).

Only a refused action needs these messages, so the engines do not keep them loaded:
``engine._reason(name, *args)`` imports this module, calls ``name(*args)`` and drops the
module again (on the box the texts take no RAM while the game is played). Each function
returns a str; ``betting`` may return None (the action is legal after all).
"""

from micropython import const

_MAX_REBUY = const(1000000)


def basic(e, action):
    """The hand is not waiting for an action, or ``action`` is not an action with a whole amount."""
    if e.phase == "idle":
        return "no hand has started"
    if e.phase == "over" or e.to_act is None:
        return "the hand is over"
    if not hasattr(action, "cards"):
        return "not an action"
    return "an amount is a whole number of chips"


def rebuy(e, chips):
    """A mid-hand rebuy (seed 001) refused."""
    if not e._rebuy_allowed(e.to_act):
        return "no rebuy in the middle of a hand"
    return "a rebuy is 1 to %d chips, not %d" % (_MAX_REBUY, chips)


def amount(o, chips):
    """``chips`` is not an amount the offered option ``o`` allows."""
    if o.max == 0 and o.amounts is None:
        return "%s takes no amount" % o.kind
    if o.amounts is not None:
        return "%s is %s chips, not %d" % (o.kind, " or ".join(str(a) for a in o.amounts), chips)
    return "%s is %d to %d chips, not %d" % (o.kind, o.min, o.max, chips)


def teen_patti(e, seat, kind):
    """Why Teen Patti does not offer ``kind`` to ``seat`` now (RULES.md, Teen Patti; seeds 004, 000, 001)."""
    seen = e.seen[seat]
    if e.phase == "sideshow":
        if kind == "refuse":
            return "the third sideshow request cannot be refused"
        return "answer the sideshow: accept or refuse"
    if kind == "see":
        return "your cards are already seen"
    if kind == "blind":
        if seen:
            return "a seen player bets with chaal, not blind"
        return "blind limit reached (%d): see your cards or pack" % e.rules["blind_limit"]
    if kind == "chaal":
        return "a blind player bets blind (or sees first)"
    if kind in ("accept", "refuse"):
        return "there is no sideshow to answer"
    live = e.live_seats()
    if kind == "show":
        if e.must_bet == seat:
            return "sideshow refused: chaal or pack"
        if len(live) != 2:
            return "a show only when two players remain"
        other = live[0] if live[1] == seat else live[1]
        if not seen and e._blind_limit_hit(seat):
            return "blind limit reached: see your cards or pack"
        if e.rules["show"] == "001" and not seen:
            return "a blind player cannot ask for the show: see first"
        if seen and not e.seen[other]:
            return "a seen player cannot ask a blind one for the show: chaal or pack"
        return "no show now"
    if kind == "sideshow":
        rule = e.rules["sideshow"]
        if rule == "off":
            return "no sideshow at this table"
        if not seen:
            return "a blind player cannot ask for a sideshow"
        if e.must_bet == seat:
            return "sideshow refused: chaal or pack"
        if len(live) < 3:
            return "a sideshow needs three players in; ask for the show"
        t = e.last_bettor
        if t is None or t == seat or not e.is_live(t):
            return "nobody has bet before you"
        if not e.seen[t]:
            return "the previous player is blind"
        if rule == "004":
            return "a sideshow only when every player still in is seen"
        return "not enough chips for the sideshow"
    if kind == "rebuy":
        return "no rebuy now"
    return "%s is not a Teen Patti action" % kind


_RANK_NAMES = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
               "queens", "kings", "aces")


def openers_text(e):
    """``"a pair of kings or better"`` (or jacks/aces, from the Turkish house rules)."""
    from dealerbox.games.turkish import OPENERS
    return "a pair of %s or better" % _RANK_NAMES[OPENERS[e.rules["openers"]]]


def turkish_draw(e, action):
    """A draw that is not one (wrong kind, chips, positions), or cards named outside the draw."""
    if e.phase != "draw":
        return "only a draw names cards"
    if action.kind != "draw":
        return "it is the draw: discard 0 to 4 cards (draw)"
    if action.amount != 0:
        return "a draw takes no chips"
    pos = action.cards
    if not isinstance(pos, list):
        return "say which cards to discard (positions 0-4)"
    if len(pos) > 4:
        return "discard 0 to 4 cards, not %d" % len(pos)
    seen = []
    for p in pos:
        if not isinstance(p, int) or isinstance(p, bool) or p < 0 or p > 4:
            return "no card at position %r (positions are 0-4)" % (p,)
        if p in seen:
            return "card %d given twice" % p
        seen.append(p)
    return "no draw now"


def turkish(e, seat, kind):
    """Why Turkish Poker does not offer ``kind`` to ``seat`` now (RULES.md, Turkish Poker; seed 002)."""
    rnd = e.round
    stacks = e.table.stacks
    if kind == "draw":
        return "the draw comes after the betting before the draw"
    if not e.looked[seat]:
        if kind == "karanlik":
            return "nobody left to call a blind bet"
        return "Karanlık: bet blind (karanlik) or look at your cards first"
    if kind == "look":
        return "you have seen your cards"
    if kind == "karanlik":
        if not e.rules["karanlik"]:
            return "Karanlık (the blind bet) is not played at this table"
        return "only the first player may bet blind (Karanlık), before looking"
    if e.street == 0:
        if kind == "open":
            if rnd.high > 0:
                return "the pot is open: call, raise or fold"
            if not e.has_openers(seat):
                return "you need openers to open: %s; check" % openers_text(e)
            return "nobody left to call a bet"
        if kind == "bet":
            return "before the draw the first bet is the open"
        if kind == "check" and rnd.high == 0:
            return "check is not allowed now"
    elif kind == "open":
        return "the pot was opened before the draw: bet"
    if kind in ("check", "bet", "call", "raise", "fold"):
        return betting(rnd, seat, kind, 0, stacks[seat], stacks, e.pb.total())
    return "no such action in Turkish Poker: %s" % kind


def indian(e, seat, kind):
    """Why Indian Poker does not offer ``kind`` to ``seat`` now (RULES.md, Indian Poker; seed 003);
    ``kind`` None: cards were named (there is no draw)."""
    if kind is None:
        return "Indian Poker has no draw"
    if e.phase == "party":
        return "party mode has no betting: look at the others' cards and pass (check)"
    if kind in ("check", "bet", "call", "raise", "fold"):
        stacks = e.table.stacks
        return betting(e.round, seat, kind, 0, stacks[seat], stacks, e.pb.total())
    return "no such action in Indian Poker: %s" % kind


def betting(rnd, seat, kind, amount, stack, stacks, pot):
    """``BettingRound.why_not``'s reason (dealerbox.engine.betting): None when the action is legal after all."""
    if rnd.to_act is None:
        return "the betting round is over"
    if seat != rnd.to_act:
        return "it is not your turn"
    call = rnd.high - rnd.bets[seat]
    for k, lo, hi in rnd.options(seat, stack, stacks, pot):
        if k == kind:
            if kind in ("check", "fold", "call"):
                return None
            if not isinstance(amount, int) or amount < lo or amount > hi:
                if lo == hi:
                    return "a %s here is exactly %d chips" % (kind, lo)
                return "a %s here is %d to %d chips" % (kind, lo, hi)
            return None
    if kind == "check":
        return "you must call %d, raise or fold" % call
    if kind == "fold":
        return "nothing to call: check instead"
    if kind == "call":
        return "nothing to call"
    if kind == "bet":
        if rnd.high > 0:
            return "there is already a bet: call, raise or fold"
        return "nobody left to call a bet"
    if kind == "raise":
        if rnd.high == 0:
            return "nothing to raise: bet instead"
        if not rnd._others_can_answer(seat, stacks):
            return "nobody left to call a raise"
        if stack <= call:
            return "you do not have the chips to raise"
        if rnd.structure == "fixed" and rnd.raises >= rnd.cap:
            return "the betting is capped at %d bets and raises" % rnd.cap
        if rnd.checked[seat] and not rnd.check_raise:
            return "check-raise is not allowed"
        return "an all-in for less than a raise does not reopen the raising"
    return "no such action: %s" % kind
