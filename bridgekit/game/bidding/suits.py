"""After an opening of one of a suit or a preempt by our side: responder's
first call and opener's rebid."""

from __future__ import annotations

from typing import Callable

from ...calls import DOUBLE, PASS, REDOUBLE, Call, CallKind
from ...cards import Strain, Suit
from ...notation import Message
from .core import (Context, HandInfo, Rule, bid, cheapest_level, longest_outside_test, points_test)

S, H, D, C = Suit.S, Suit.H, Suit.D, Suit.C
NT = Strain.NT


def _major_response_test(s: Suit) -> Callable[[HandInfo], bool]:
    """A 1H/1S response over a minor: 1H with hearts at least as long as
    spades; 1S with more spades than hearts, or fewer than four hearts."""
    def test(i: HandInfo) -> bool:
        if s is H:
            return i.lengths[H] >= i.lengths[S]
        return i.lengths[S] > i.lengths[H] or i.lengths[H] < 4
    return test


def responses(ctx: Context) -> list[Rule] | None:
    """Partner opened with a suit; my first call."""
    bids = ctx.bids()
    _, opener, opening = bids[0]
    if opener is not ctx.partner or opening.strain is None or opening.strain is NT:
        return None
    if opening == bid(2, Strain.C):
        return None
    if [c for i, c in ctx.calls_by(ctx.seat) if i > bids[0][0]]:
        return None
    assert opening.level is not None
    rho = ctx.auction.calls[-1]
    if opening.level >= 2:
        return preempt_responses(opening)
    trump = opening.strain.suit
    assert trump is not None
    rules: list[Rule] = []
    if rho.kind is CallKind.DOUBLE:
        rules.append(Rule(REDOUBLE, Message('10+ HCP after their takeout double; we hold the balance of power'),
                          (10, 37), test=lambda i: i.lengths[trump] <= 3))
    if rho.is_bid:
        rules += negative_double(trump, rho)
    passed = any(c.kind is CallKind.PASS for i, c in ctx.calls_by(ctx.seat) if i < bids[0][0])
    rules += major_raises(trump, passed) if trump in (H, S) else []
    rules += one_level_responses(trump, passed)
    rules += two_over_one(trump, passed)
    rules += minor_raises(trump) if trump in (C, D) else []
    rules += notrump_responses()
    if rho.is_bid:
        rules.append(Rule(PASS, Message('nothing to add after their overcall'), (0, 9)))
    else:
        rules.append(Rule(PASS, Message('0-5 HCP, too weak to respond'), (0, 5)))
    return rules


def negative_double(trump: Suit, rho: Call) -> list[Rule]:
    """Partner opened, right-hand opponent overcalled: X shows the unbid major(s)."""
    opp = rho.strain.suit if rho.strain is not None else None
    if opp is None or rho.level is None or rho.level > 3:
        return []
    unbid = [m for m in (H, S) if m is not trump and m is not opp]
    if not unbid:
        return []
    what = Message("four {suit:word}", suit=unbid[0]) if len(unbid) == 1 else Message("four cards in a major")
    major_opening = trump in (H, S)
    return [Rule(DOUBLE, Message('negative double, 6+ HCP and {what} (after their {rho} overcall)',
                                 what=what, rho=rho),
                 (6, 37), {unbid[0]: (4, 13)} if len(unbid) == 1 else {},
                 test=lambda i: any(i.lengths[m] >= 4 for m in unbid)
                 and not (major_opening and i.lengths[trump] >= 3))]


def _new_suit_strength(low: int, passed: bool) -> tuple[tuple[int, int], Message]:
    """The range and its words for a new suit by responder: forcing from an
    unpassed hand; from a passed hand (11 HCP at most) not forcing."""
    if passed:
        return (low, 11), Message("{low}-11 HCP, not forcing (a passed hand)", low=low)
    return (low, 37), Message("{low}+ HCP, forcing", low=low)


def major_raises(trump: Suit, passed: bool = False) -> list[Rule]:
    st = trump.strain
    rules = [
        Rule(bid(4, st), Message('three or more {trump:word} and 13-15 points', trump=trump),
             (11, 15), {trump: (3, 13)},
             test=points_test(trump, 13, 15)),
        Rule(bid(3, st), Message('limit raise, four or more {trump:word}, 10-12 points, invites game', trump=trump),
             (8, 12),
             {trump: (4, 13)}, test=points_test(trump, 10, 12), invite=True),
        Rule(bid(2, st), Message('simple raise, three or more {trump:word}, 6-9 points', trump=trump),
             (5, 9), {trump: (3, 13)},
             test=points_test(trump, 6, 9)),
    ]
    if trump is H:
        hcp, words = _new_suit_strength(6, passed)
        rules.append(Rule(bid(1, Strain.S), Message('four or more spades, {words}', words=words), hcp, {S: (4, 13)}))
    return rules


def one_level_responses(trump: Suit, passed: bool = False) -> list[Rule]:
    if trump in (H, S):
        return []
    hcp, words = _new_suit_strength(6, passed)
    rules = [Rule(bid(1, s.strain), Message('four or more {s:word}, {words}', s=s, words=words), hcp, {s: (4, 13)},
                  test=_major_response_test(s)) for s in (H, S)]
    if trump is C:
        rules.append(Rule(bid(1, Strain.D), Message('four or more diamonds, no four-card major, {words}', words=words),
                          hcp, {D: (4, 13), H: (0, 3), S: (0, 3)}))
    return rules


def two_over_one(trump: Suit, passed: bool = False) -> list[Rule]:
    """Strong hands without a fit: a new suit at the two level."""
    rules = []
    hcp, words = _new_suit_strength(10, passed)
    for s in (C, D, H, S):
        if s >= trump:
            continue
        need = 5 if s is H else 4
        rules.append(Rule(bid(2, s.strain), Message('{need}+ {s:word} and {words}', need=need, s=s, words=words), hcp,
                          {s: (need, 13)}, test=longest_outside_test(s, trump)))
    return rules


def minor_raises(trump: Suit) -> list[Rule]:
    st = trump.strain
    return [
        Rule(bid(3, st), Message('five or more {trump:word}, 10-12 HCP, invites game', trump=trump), (10, 12),
             {trump: (5, 13), H: (0, 3), S: (0, 3)}, invite=True),
        Rule(bid(2, st), Message('five or more {trump:word}, 6-9 HCP', trump=trump),
             (6, 9), {trump: (5, 13), H: (0, 3), S: (0, 3)}),
    ]


def notrump_responses() -> list[Rule]:
    return [
        Rule(bid(3, NT), Message('13-15 HCP, balanced, no fit'), (13, 15), balanced=True),
        Rule(bid(2, NT), Message('11-12 HCP, balanced, invites 3NT'), (11, 12), balanced=True, invite=True),
        Rule(bid(1, NT), Message('6-9 HCP, nothing better to say'), (6, 10)),
    ]


def preempt_responses(opening: Call) -> list[Rule]:
    """Partner's weak two or three-level preempt: raise by the law of total
    tricks (as many tricks as trumps between us), game with values."""
    suit = opening.strain.suit if opening.strain is not None else None
    if suit is None or opening.level is None or opening.level > 3:
        return []
    shown = 6 if opening.level == 2 else 7
    game = 4 if suit in (H, S) else 5
    st = suit.strain
    rules = [
        Rule(bid(game, st), Message('support and game values opposite a preempt (15+ points counting shortness)'),
             (12, 37), {suit: (2, 13)}, test=points_test(suit, 15)),
        Rule(bid(3, NT), Message('game values with stoppers opposite a preempt'), (16, 37),
             test=lambda i: all(i.stopper(s) for s in Suit if s is not suit)),
    ]
    for extra in (4, 3):
        level = shown + extra - 6
        if opening.level < level <= game:
            rules.append(Rule(bid(level, st), Message('{extra} {suit:word} for partner: {n3} trumps together, bid '
                                                      'to {level} (the law of total tricks)',
                                                      extra=extra, suit=suit, n3=shown + extra, level=level), (0, 14),
                              {suit: (extra, 13)}))
    rules.append(Rule(PASS, Message('no game and no fit to raise the preempt'), (0, 37)))
    return rules


# ---------------------------------------------------------------------------
# Opener's rebid


def rebids(ctx: Context) -> list[Rule] | None:
    """I opened one of a suit, partner bid, the opponents passed or not."""
    bids = ctx.bids()
    _, opener, opening = bids[0]
    if opener is not ctx.seat or opening.strain is None or opening.strain is NT or opening.level != 1:
        return None
    mine = [c for i, c in ctx.calls_by(ctx.seat) if i > bids[0][0]]
    theirs = [c for i, c in ctx.calls_by(ctx.partner) if i > bids[0][0]]
    last = ctx.auction.last_bid()
    if not mine and len(theirs) == 1 and theirs[0].kind is CallKind.DOUBLE and last is not None \
            and last.seat.side is not ctx.seat.side and last.doubling == 1:
        return after_negative_double(opening, last.call)
    if not mine and len(theirs) == 1 and theirs[0].kind is CallKind.DOUBLE and last is not None \
            and last.seat is ctx.seat.rho and last.doubling == 0 and ctx.auction.calls[-1] == last.call \
            and len(bids) == 3:
        return after_negative_double(opening, last.call, free=True)
    if mine or len(theirs) != 1 or not theirs[0].is_bid or last is None or last.seat is not ctx.partner:
        return None
    trump = opening.strain.suit
    resp = theirs[0]
    assert trump is not None and resp.strain is not None and resp.level is not None
    if resp.strain is opening.strain:
        return _after_raise(trump, resp.level)
    if resp.strain is NT:
        return _after_notrump(trump, resp.level)
    rules = _after_new_suit(trump, resp)
    passed = any(c.kind is CallKind.PASS for i, c in ctx.calls_by(ctx.partner) if i < bids[0][0])
    if passed:
        # a passed hand's new suit is not forcing: a minimum with three cards
        # in it and no four-card raise lets it play there
        ps = resp.strain.suit
        assert ps is not None
        rules.insert(3, Rule(PASS, Message('a minimum, {resp} from a passed hand is not forcing', resp=resp),
                             (11, 14),
                             {ps: (3, 13)}, test=lambda i: i.lengths[ps] >= 3 and i.lengths[trump] <= 5))
    return rules


def after_negative_double(opening: Call, theirs: Call, free: bool = False) -> list[Rule]:
    """Partner's negative double of their overcall: show a major partner
    asked for, notrump with their suit stopped, a six-card suit, or a new suit.
    When right-hand opponent bid over the double (``free``), I need not speak:
    the major partner asked for is still shown (up to the three level, a fit
    of eight), a six-card suit rebid, a new suit needs 15+, and a minimum
    with nothing to show passes."""
    own = opening.strain.suit if opening.strain is not None else None
    opp = theirs.strain.suit if theirs.strain is not None else None
    if own is None or opp is None:
        return []
    if free:
        return _free_after_negative_double(own, theirs)
    rules: list[Rule] = []
    for m in (S, H):
        if m in (own, opp):
            continue
        lvl = cheapest_level(theirs, m.strain)
        rules += [Rule(bid(lvl + 1, m.strain), Message('four {m:word} for the negative double, 16-18 HCP', m=m),
                       (16, 18), {m: (4, 13)}, invite=True),
                  Rule(bid(lvl, m.strain), Message('four {m:word} for the negative double, a minimum', m=m),
                       (11, 15), {m: (4, 13)})]
    nt = cheapest_level(theirs, NT)
    rules += [
        Rule(PASS, Message('converts the negative double to penalties, a strong holding in {opp:word}', opp=opp),
             (11, 21),
             {opp: (5, 13)}, test=lambda i: i.stopper(opp)),
        Rule(bid(nt, NT), Message('{opp:word} stopped, 12-14 HCP', opp=opp), (11, 14), balanced=True,
             test=lambda i: i.stopper(opp)),
        Rule(bid(nt + 1, NT), Message('{opp:word} stopped, 18-19 HCP', opp=opp), (18, 19), balanced=True,
             test=lambda i: i.stopper(opp)),
        Rule(bid(cheapest_level(theirs, own.strain), own.strain), Message('six or more {own:word}', own=own),
             (11, 21), {own: (6, 13)}),
    ]
    for s in (C, D, H, S):
        if s not in (own, opp):
            lvl = cheapest_level(theirs, s.strain)
            rules.append(Rule(bid(lvl, s.strain), Message('four or more {s:word}, a second suit', s=s), (11, 21),
                              {s: (4, 13)}))
    lvl = cheapest_level(theirs, own.strain)
    rules.append(Rule(bid(lvl, own.strain), Message('nothing else to show for the negative double'),
                      (11, 21)))
    return rules


def _free_after_negative_double(own: Suit, theirs: Call) -> list[Rule]:
    """1X (overcall) X (their bid) ?: the auction is theirs
    to pass out, so a call shows something."""
    rules: list[Rule] = []
    for m in (H, S):
        lvl = cheapest_level(theirs, m.strain)
        if m is own or theirs.strain is m.strain or lvl > 3:
            continue
        if lvl + 1 <= 4:
            rules.append(Rule(bid(lvl + 1, m.strain), Message('four {m:word} for the negative double over their '
                                                              '{theirs}, 16-18 HCP', m=m, theirs=theirs),
                              (16, 18), {m: (4, 13)}, invite=lvl + 1 < 4))
        low = 11 if lvl <= 2 else 16
        rules.append(Rule(bid(lvl, m.strain), Message('four {m:word} for the negative double over their {theirs}, '
                                                      '{low}-15 HCP', m=m, theirs=theirs, low=low),
                          (low, 15), {m: (4, 13)}))
    opp = [s.suit for s in (theirs.strain,) if s is not None and s.suit is not None]
    nt = cheapest_level(theirs, NT)
    lvl_own = cheapest_level(theirs, own.strain)
    if nt <= 2:
        rules.append(Rule(bid(nt, NT), Message('their suit stopped, 12-14 HCP balanced over their {theirs}',
                                               theirs=theirs),
                          (11, 14), balanced=True, test=lambda i: all(i.stopper(o) for o in opp)))
    if nt <= 3:
        rules.append(Rule(bid(3, NT), Message('their suit stopped, 18-19 HCP balanced over their {theirs}',
                                              theirs=theirs),
                          (18, 19), balanced=True, test=lambda i: all(i.stopper(o) for o in opp)))
    if lvl_own <= 3:
        rules.append(Rule(bid(lvl_own, own.strain), Message('six or more {own:word} over their {theirs}',
                                                            own=own, theirs=theirs), (11, 17), {own: (6, 13)}))
    for s in (C, D, H, S):
        lvl = cheapest_level(theirs, s.strain)
        if s is not own and s not in opp and s not in (H, S) and lvl <= 3:
            rules.append(Rule(bid(lvl, s.strain), Message('four or more {s:word}, a second suit, 15+ HCP over their '
                                                          '{theirs}', s=s, theirs=theirs), (15, 21), {s: (4, 13)}))
    rules.append(Rule(PASS, Message('a minimum with nothing to show over their {theirs}', theirs=theirs), (11, 15)))
    return rules


def _after_raise(trump: Suit, level: int) -> list[Rule]:
    st = trump.strain
    if level == 2 and trump in (H, S):
        # or by the losing-trick count: a simple raise has nine losers
        return [Rule(bid(4, st), Message('19+ points or five losers, game opposite a simple raise'), (11, 37),
                     test=lambda i: points_test(trump, 19, 23)(i) or i.losers() <= 5),
                Rule(bid(3, st), Message('game try with 16-18 points or six losers: partner bids game with a good '
                                         'raise'),
                     (11, 18), test=lambda i: points_test(trump, 16)(i) or i.losers() <= 6, invite=True),
                Rule(PASS, Message('12-15 points, no game opposite a simple raise'), (11, 15))]
    if level == 3 and trump in (H, S):
        return [Rule(bid(4, st), Message('accepts the limit raise with 14+ points'), (11, 37),
                     test=points_test(trump, 14, 19)),
                Rule(PASS, Message('declines the limit raise with a minimum'), (11, 13))]
    if level == 3:
        return [Rule(bid(3, NT), Message('accepts the raise with 14+ and stoppers'), (14, 37),
                     test=lambda i: sum(i.stopper(s) for s in Suit) >= 3),
                Rule(PASS, Message('declines the invitation'), (11, 37))]
    return [Rule(PASS, Message("partner's raise shows no game opposite my hand"), (11, 15))]


def _after_notrump(trump: Suit, level: int) -> list[Rule]:
    st = trump.strain
    if level == 1:
        return [
            Rule(bid(2, NT), Message('18-19 HCP balanced, invites 3NT'), (18, 19), balanced=True, invite=True),
            Rule(bid(3, st), Message('six or more {trump:word}, 16-18 HCP, invites game', trump=trump),
                 (16, 18), {trump: (6, 13)},
                 invite=True),
            Rule(bid(2, st), Message('six or more {trump:word}, minimum', trump=trump), (11, 15), {trump: (6, 13)}),
            *(Rule(bid(2, s.strain), Message('a second suit, four or more {s:word}, minimum', s=s), (11, 17),
                   {s: (4, 13)}) for s in (C, D, H) if s < trump),
            Rule(PASS, Message('a minimum, balanced enough for 1NT'), (11, 14)),
            Rule(bid(3, NT), Message('20+ HCP'), (20, 37)),
            Rule(bid(2, st), Message('a minimum with nothing else to say'), (11, 17)),
        ]
    if level == 2:
        return [Rule(bid(3, NT), Message('accepts the invitation with 13+'), (13, 37)),
                Rule(bid(3, st), Message('six or more {trump:word}, a minimum', trump=trump),
                     (11, 12), {trump: (6, 13)}),
                Rule(PASS, Message('a minimum, declines 2NT'), (11, 12))]
    return [Rule(PASS, Message('partner placed the contract'), (11, 37))]


def _after_new_suit(trump: Suit, resp: Call) -> list[Rule]:
    assert resp.strain is not None and resp.level is not None
    ps, rl, rs = resp.strain.suit, resp.level, resp.strain
    assert ps is not None
    game = 4 if ps in (H, S) else min(rl + 2, 5)
    rules = [
        Rule(bid(game, rs), Message('four {ps:word} for partner and 19+ points', ps=ps), (17, 37), {ps: (4, 13)},
             test=points_test(ps, 19)),
        Rule(bid(rl + 2, rs), Message('four {ps:word} for partner and 16-18 points, invites game', ps=ps),
             (14, 18), {ps: (4, 13)}, test=points_test(ps, 16), invite=True),
        Rule(bid(rl + 1, rs), Message('four {ps:word} for partner, a minimum', ps=ps), (11, 16), {ps: (4, 13)}),
    ]
    if rl == 1:
        rules.append(Rule(bid(1, NT), Message('12-14 HCP balanced'), (11, 14), balanced=True))
        if ps is not S and trump is not S:
            rules.append(Rule(bid(1, Strain.S), Message('four spades, showing another suit on the way'), (11, 18),
                              {S: (4, 13)}))
        rules.append(Rule(bid(2, NT), Message('18-19 HCP balanced, invites 3NT'), (18, 19), balanced=True,
                          invite=True))
    else:
        rules.append(Rule(bid(2, NT), Message('12-14 HCP balanced'), (11, 14), balanced=True))
        rules.append(Rule(bid(3, NT), Message('15-19 HCP balanced'), (15, 19), balanced=True))
    if rl == 2:
        # the two-level answer shows 10+: 16+ and a six-card suit is game, and slam when the answer has extras
        rules.append(Rule(bid(3, trump.strain), Message('six or more {trump:word} and 16+ HCP opposite the two-level '
                                                        'answer: game values, slam if partner has extras',
                                                        trump=trump), (16, 37), {trump: (6, 13)}, forcing=True))
    rules += [
        Rule(bid(3, trump.strain), Message('six or more {trump:word} and 16-18 HCP, invites game', trump=trump),
             (16, 18),
             {trump: (6, 13)}, invite=True),
        Rule(bid(2, trump.strain), Message('six or more {trump:word}, a minimum', trump=trump),
             (11, 15), {trump: (6, 13)}),
    ]
    for s in (C, D, H, S):
        if s is not trump and s is not ps and s < trump:
            rules.append(Rule(bid(2, s.strain), Message('a second suit, four or more {s:word}', s=s), (11, 18),
                              {s: (4, 13)}))
    rules += [
        Rule(bid(2, trump.strain), Message('a minimum, nothing else to say'), (11, 15)),
        Rule(bid(2, NT) if rl == 1 else bid(3, NT), Message('a strong hand without a fit'),
             (15, 37)),
    ]
    return rules
