"""When the opponents opened: overcalls, takeout doubles and partner's
answers; and in any later round, the competitive rule (the law of total
tricks: compete to as many tricks as trumps, sacrifice when it pays) and the
penalty double."""

from __future__ import annotations

from ...auction import BidState
from ...calls import DOUBLE, PASS, Call, CallKind
from ...cards import Strain, Suit
from ...notation import Message
from .core import (SUITS_DESC, BidDecision, Context, HandInfo, Rule, bid, cheapest_level, longest_test,
                   points_test)


def _their_opening(ctx: Context) -> tuple[int, Call] | None:
    bids = ctx.bids()
    if not bids or bids[0][1].side is ctx.seat.side:
        return None
    return bids[0][0], bids[0][2]


def overcalls(ctx: Context) -> list[Rule] | None:
    """They opened and our side has not acted yet."""
    found = _their_opening(ctx)
    if found is None:
        return None
    first, opening = found
    ours = [c for i, c in ctx.calls_by(ctx.seat) + ctx.calls_by(ctx.partner) if i > first]
    if any(c.kind is not CallKind.PASS for c in ours) or [c for i, c in ctx.calls_by(ctx.seat) if i > first]:
        return None
    bids = ctx.bids()
    last = bids[-1][2]
    if len(bids) > 1 or opening.strain is None or opening.level is None or opening.level > 3:
        # they have bid twice (or a high preempt): only strong actions
        opp = ctx.opp_suits()
        return [Rule(DOUBLE, Message('takeout, 13+ HCP and short in their suits'), (13, 37),
                     test=lambda i: all(i.lengths[s] <= 2 for s in opp))] \
            if last.level is not None and last.level <= 3 else []
    if ctx.auction.calls[-2:] == [PASS, PASS] and ctx.auction.calls[-3] == opening:
        return balancing(opening) + _direct_actions(opening)
    return _direct_actions(opening)


def balancing(opening: Call) -> list[Rule]:
    """In the pass-out seat after their opening: partner may hold values,
    so act with about three points fewer than in the direct seat."""
    assert opening.strain is not None and opening.level is not None
    theirs = opening.strain.suit
    if theirs is None or opening.level > 2:
        return []
    unbid = [s for s in Suit if s is not theirs]
    rules = [Rule(DOUBLE, Message('balancing takeout double, 11+ HCP, short in {theirs:word}', theirs=theirs),
                  (11, 37), {theirs: (0, 2)},
                  test=lambda i: all(i.lengths[s] >= 3 for s in unbid))]
    for s in SUITS_DESC:
        if s is theirs:
            continue
        lvl = cheapest_level(opening, s.strain)
        low = 7 if lvl == 1 else 9
        rules.append(Rule(bid(lvl, s.strain), Message('balancing, five or more {s:word}, {low}-14 HCP', s=s, low=low),
                          (low, 14), {s: (5, 13)}, test=longest_test(s)))
    return rules


def _direct_actions(opening: Call) -> list[Rule]:
    assert opening.strain is not None and opening.level is not None
    theirs = opening.strain.suit
    rules: list[Rule] = []
    unbid = [s for s in Suit if s is not theirs]
    if theirs is not None:
        rules.append(Rule(DOUBLE, Message('takeout double, 12+ HCP, short in {theirs:word}, support for the others',
                                          theirs=theirs),
                          (12, 37), {theirs: (0, 2)}, test=lambda i: all(i.lengths[s] >= 3 for s in unbid)
                          and i.lengths[theirs] <= 2))
        if opening.level == 1:
            rules.append(Rule(bid(1, Strain.NT), Message('15-18 HCP balanced with a stopper in their suit'),
                              (15, 18), balanced=True, test=lambda i: i.stopper(theirs)))
    for s in SUITS_DESC:
        if s is theirs:
            continue
        lvl = cheapest_level(opening, s.strain)
        if lvl > 3:
            continue
        low = 8 if lvl == 1 else 10
        rules.append(Rule(bid(lvl, s.strain), Message('overcall, five or more {s:word}, {low}-16 HCP', s=s, low=low),
                          (low, 16), {s: (5 if lvl == 1 else 6, 13)}, test=longest_test(s)))
        if lvl + 1 <= 3 and opening.level == 1:
            rules.append(Rule(bid(lvl + 1, s.strain), Message('weak jump overcall, six {s:word}, 6-10 HCP', s=s),
                              (6, 10), {s: (6, 13)}))
    rules.append(Rule(DOUBLE, Message('17+ HCP, too strong to overcall'), (17, 37)))
    rules.append(Rule(PASS, Message('nothing worth showing over their opening'), (0, 16)))
    return rules


def advances(ctx: Context) -> list[Rule] | None:
    """They opened, partner acted (once), I have not."""
    found = _their_opening(ctx)
    if found is None:
        return None
    first, _ = found
    p_acts = [c for i, c in ctx.calls_by(ctx.partner) if i > first and c.kind is not CallKind.PASS]
    my_acts = [c for i, c in ctx.calls_by(ctx.seat) if i > first and c.kind is not CallKind.PASS]
    if len(p_acts) != 1 or my_acts:
        return None
    state = ctx.auction.last_bid()
    if state is None:
        return []
    if p_acts[0].kind is CallKind.DOUBLE:
        return _answer_takeout_double(ctx, state)
    if p_acts[0].is_bid:
        pc, opening = p_acts[0], found[1]
        weak = pc.strain is not None and pc.strain.suit is not None and opening.strain is not None \
            and pc.level is not None and pc.level > cheapest_level(opening, pc.strain)
        return _raise_overcall(pc, weak)
    return []


def doubler_rebids(ctx: Context) -> list[Rule] | None:
    """They opened, I made a takeout double (my only action) and the auction
    came back to me: a double followed by a suit shows a hand too strong to
    overcall (six cards, 15+ HCP), a double followed by notrump 18-20
    balanced with their suit stopped.  Other hands are left to the captain."""
    found = _their_opening(ctx)
    state = ctx.auction.last_bid()
    if found is None or state is None:
        return None
    mine = [c for i, c in ctx.calls_by(ctx.seat) if i > found[0] and c.kind is not CallKind.PASS]
    if mine != [DOUBLE]:
        return None
    theirs = ctx.opp_suits()
    p_suits = [c.strain.suit for _, c in ctx.calls_by(ctx.partner) if c.is_bid and c.strain is not None]
    rules: list[Rule] = []
    for s in SUITS_DESC:
        lvl = cheapest_level(state.call, s.strain)
        if s in theirs or s in p_suits or lvl > (4 if s in (Suit.H, Suit.S) else 3):
            continue
        low = 15 if lvl <= 3 else 17
        rules.append(Rule(bid(lvl, s.strain), Message('six or more {s:word} after my takeout double, {low}+ HCP '
                                                      '(too strong to overcall)', s=s, low=low),
                          (low, 37), {s: (6, 13)}, test=longest_test(s)))
    rules += _doubler_raises(ctx, state)
    lvl = cheapest_level(state.call, Strain.NT)
    if lvl <= 2 and theirs and state.seat.side is ctx.seat.side:
        rules.append(Rule(bid(lvl, Strain.NT), Message('18-20 HCP balanced after my takeout double, their {n1:word} '
                                                       'stopped', n1=theirs[0]), (18, 20), balanced=True,
                          test=lambda i: all(i.stopper(t) for t in theirs)))
    return rules


def _doubler_raises(ctx: Context, state: BidState) -> list[Rule]:
    """Partner answered my double in a suit (up to 0-8 HCP): with four of it,
    raise once with 16-18 points counting shortness (invites game), to game
    with 19+."""
    suit = state.call.strain.suit if state.call.strain is not None else None
    if suit is None or state.seat is not ctx.partner or state.call.level is None or ctx.shown[ctx.partner].hcp[1] > 8:
        return []
    game = 4 if suit in (Suit.H, Suit.S) else 5
    rules = [Rule(bid(game, suit.strain), Message("four {suit:word} for partner's answer and 19+ points counting "
                                                  "shortness, game", suit=suit),
                  (15, 37), {suit: (4, 13)}, test=points_test(suit, 19))]
    if state.call.level + 1 < game:
        rules.append(Rule(bid(state.call.level + 1, suit.strain), Message("four {suit:word} for partner's answer "
                                                                          "and 16-18 points counting shortness, "
                                                                          "invites game", suit=suit), (13, 18),
                          {suit: (4, 13)}, test=points_test(suit, 16, 18), invite=True))
    return rules


def _answer_takeout_double(ctx: Context, state: BidState) -> list[Rule]:
    if state.seat.side is ctx.seat.side:
        return []
    theirs = ctx.opp_suits()
    unbid = [s for s in SUITS_DESC if s not in theirs]
    free = ctx.auction.calls[-1].is_bid   # they bid over the double: no need to answer
    rules: list[Rule] = []
    for s in unbid:
        lvl = cheapest_level(state.call, s.strain)
        if lvl > 4:
            continue
        game = 4 if s in (Suit.H, Suit.S) else 5
        def longest_unbid(i: HandInfo, s: Suit = s) -> bool:
            return bool(i.lengths[s] == max(i.lengths[x] for x in unbid)
                        and i.lengths[s] > max([i.lengths[x] for x in unbid if x > s] or [0]))
        if game >= lvl and s in (Suit.H, Suit.S):
            rules.append(Rule(bid(game, s.strain), Message('game opposite the takeout double, 12+ HCP, four+ '
                                                           '{s:word}', s=s),
                              (12, 37), {s: (4, 13)}, test=longest_unbid))
        if free:
            rules.append(Rule(bid(lvl, s.strain), Message('a free bid over their {call}, my longest unbid suit '
                                                          '({s:word}), 6-11 HCP', call=state.call, s=s),
                              (6, 11), {s: (4, 13)}, test=longest_unbid))
            continue
        if lvl + 1 <= 4:
            rules.append(Rule(bid(lvl + 1, s.strain), Message('jump answer to the double, 9-11 HCP, four+ {s:word}',
                                                              s=s),
                              (9, 11), {s: (4, 13)}, test=longest_unbid, invite=True))
        rules.append(Rule(bid(lvl, s.strain), Message('answers the double with my longest unbid suit ({s:word}), '
                                                      '0-8 HCP', s=s), (0, 8), {s: (3, 13)}, test=longest_unbid))
    if theirs and not free:
        rules[0:0] = _notrump_advances(state, theirs, unbid)
    if theirs:
        rules.insert(0, Rule(PASS, Message('converts the double to penalties with a long, strong holding in their '
                                           'suit (five cards and three honours, or six and two)'),
                             (6, 37), {theirs[0]: (5, 13)},
                             test=lambda i: i.strong_trumps(theirs[0])))
    if free:
        rules.append(Rule(PASS, Message("they bid over partner's double, nothing to add"), (0, 5)))
    return rules


def _raise_overcall(pc: Call, weak: bool = False) -> list[Rule]:
    """Partner overcalled: raise with three cards (6-12 points once, 13+ to
    game); opposite a weak jump overcall (6-10) game needs 16+."""
    assert pc.strain is not None and pc.level is not None
    ps = pc.strain.suit
    if ps is None:
        return [Rule(bid(3, Strain.NT), Message("game opposite partner's 1NT overcall"), (9, 37)),
                Rule(PASS, Message('no game opposite 15-18'), (0, 8))]
    game = 4 if ps in (Suit.H, Suit.S) else 5
    need = 16 if weak else 13
    return [
        Rule(bid(game, pc.strain), Message("support and {need}+ points, game opposite a weak jump overcall",
                                           need=need)
             if weak else Message("support and {need}+ points, game", need=need), (9, 37), {ps: (3, 13)},
             test=lambda i: i.hcp + i.shortness(ps) >= need),
        Rule(bid(pc.level + 1, pc.strain), Message("raise, three or more {ps:word} for partner's overcall, 6-12 "
                                                   "points", ps=ps), (5, 12), {ps: (3, 13)},
             test=lambda i: i.hcp + i.shortness(ps) >= 6),
        Rule(PASS, Message("nothing to add to partner's overcall"), (0, 12)),
    ]


# ---------------------------------------------------------------------------
# The competitive rule, in any round


def _favourable(ctx: Context) -> int:
    """+1 when only they are vulnerable, -1 when only we are, else 0."""
    return int(ctx.vul.is_vulnerable(ctx.seat.lho)) - int(ctx.vul.is_vulnerable(ctx.seat))


def compete_or_pass(ctx: Context, info: HandInfo, strain: Strain | None, state: BidState, lo: int) -> BidDecision:
    """They hold the contract: double them, compete by the law of total
    tricks, sacrifice against their game, or pass."""
    a = ctx.auction
    their = state.call.strain
    assert their is not None and state.call.level is not None
    if state.doubling == 0 and state.call.level >= 2:
        trumps = info.lengths[their.suit] if their.suit is not None else 0
        if lo >= 23 and (trumps >= 4 or their is Strain.NT and info.hcp >= 10) and a.is_legal(DOUBLE):
            return BidDecision(DOUBLE, Message('penalty double, {trumps} of their trumps and about {lo} points '
                                               'together', trumps=trumps, lo=lo))
    if strain is not None and strain.suit is not None:
        total = ctx.fit_len(info, strain.suit)
        lvl = cheapest_level(state.call, strain)
        call = bid(lvl, strain) if lvl <= 7 else PASS
        if total >= 8 and lvl <= total - 6 and lvl <= 4 and a.is_legal(call):
            return BidDecision(call, Message('competes with {total} {strain:word} together (the law of total '
                                             'tricks: as many tricks as trumps)', total=total, strain=strain))
        own = _own_suit(ctx, info, strain, lvl, state)
        if own is not None and a.is_legal(call):
            return BidDecision(call, own)
        sacrifice = _sacrifice(ctx, total, lvl, state, lo)
        if sacrifice and a.is_legal(call):
            return BidDecision(call, Message('sacrifice against their {call}: {total} {strain:word} together and '
                                             '{sacrifice}',
                                             call=state.call, total=total, strain=strain, sacrifice=sacrifice))
    return BidDecision(PASS, Message('no good bid over {call}', call=state.call))


def _own_suit(ctx: Context, info: HandInfo, strain: Strain, level: int, state: BidState) -> Message | None:
    """We opened and they hold a part score in a suit at the two level: my
    own suit competes at the two level without a fit, with six cards (8+
    HCP) or five and extra values (14+ HCP)."""
    suit = strain.suit
    assert suit is not None
    if level > 2 or state.call.level != 2 or state.call.strain is Strain.NT or suit in ctx.opp_suits() \
            or ctx.bids()[0][1].side is not ctx.seat.side:
        return None
    n = info.lengths[suit]
    if n >= 6 and info.hcp >= 8 or n >= 5 and info.hcp >= 14:
        return Message('competes in my own suit over their part score: {n} {strain:word} and {hcp} HCP (six cards '
                       'and 8+ HCP, or five and 14+)', n=n, strain=strain, hcp=info.hcp)
    return None


def _sacrifice(ctx: Context, total: int, level: int, state: BidState, lo: int) -> Message | None:
    """A sacrifice pays when their game or slam is likely to make (we hold
    little defence) and the law of total tricks puts us at most two down
    (one when vulnerable against not)."""
    call = state.call
    assert call.level is not None and call.strain is not None
    their_game = call.level >= (3 if call.strain is Strain.NT else 4 if call.strain.is_major else 5)
    if not their_game or level > 5 or lo > 21:
        return None
    down = level + 6 - total
    fav = _favourable(ctx)
    allowed = {1: 2, 0: 1, -1: 0}[fav]
    if down > allowed:
        return None
    if fav > 0:
        return Message("at most {n} down at favourable vulnerability", n=down)
    return Message("at most {n} down", n=down)


def _notrump_advances(state: BidState, theirs: list[Suit], unbid: list[Suit]) -> list[Rule]:
    """Partner's takeout double answered in notrump: a stopper in their suit,
    no four-card unbid major and no singleton.  Over a one-level opening 1NT
    7-10, 2NT 11-12 (invites), 3NT 13+; over a two-level opening 2NT 9-12
    (invites), 3NT 13+; over a three-level opening 3NT 10+."""
    lvl = cheapest_level(state.call, Strain.NT)
    ranges = {1: [(1, (7, 10)), (2, (11, 12)), (3, (13, 37))], 2: [(2, (9, 12)), (3, (13, 37))],
              3: [(3, (10, 37))]}.get(lvl, [])
    majors = [m for m in (Suit.S, Suit.H) if m in unbid]

    def test(i: HandInfo) -> bool:
        return all(i.stopper(t) for t in theirs) and min(i.lengths.values()) >= 2 \
            and all(i.lengths[m] < 4 for m in majors)
    return [Rule(bid(level, Strain.NT), (Message('answers the takeout double in notrump, {lo}+ HCP, their '
                                                 '{suit:word} stopped, no four-card major', lo=lo, suit=theirs[0])
                                         if hi >= 37 else
                                         Message('answers the takeout double in notrump, {lo}-{hi} HCP, their '
                                                 '{suit:word} stopped, no four-card major', lo=lo, hi=hi,
                                                 suit=theirs[0])),
                 (lo, hi), test=test, invite=level < 3) for level, (lo, hi) in ranges]
