"""Openings, and the strong 2C opening with its follow-ups."""

from __future__ import annotations

from ...calls import PASS
from ...cards import Strain, Suit
from ...notation import Message
from .core import Context, Rule, bid, longest_test, rule_of_20

S, H, D, C = Suit.S, Suit.H, Suit.D, Suit.C
TWO_C, TWO_D = bid(2, Strain.C), bid(2, Strain.D)


def opening(ctx: Context) -> list[Rule] | None:
    """Nobody has bid yet."""
    if ctx.bids():
        return None
    return [
        Rule(bid(2, Strain.C), Message('strong and artificial, 22+ HCP (forcing; {wait} waits)', wait=TWO_D),
             (22, 37),
             forcing=True),
        Rule(bid(2, Strain.NT), Message('20-21 HCP, balanced'), (20, 21), balanced=True),
        Rule(bid(1, Strain.NT), Message('15-17 HCP, balanced'), (15, 17), balanced=True),
        Rule(bid(1, Strain.S), Message('opening values with five or more spades'), (11, 21), {S: (5, 13)},
             test=lambda i: rule_of_20(i) and i.lengths[S] >= i.lengths[H]),
        Rule(bid(1, Strain.H), Message('opening values with five or more hearts'), (11, 21), {H: (5, 13)},
             test=rule_of_20),
        Rule(bid(1, Strain.D), Message('opening values, no five-card major, diamonds the longer minor'),
             (11, 21), {D: (3, 13), H: (0, 4), S: (0, 4)},
             test=lambda i: rule_of_20(i) and (i.lengths[D] > i.lengths[C] or i.lengths[D] == i.lengths[C] >= 4)),
        Rule(bid(1, Strain.C), Message('opening values, no five-card major, clubs the longer minor'),
             (11, 21), {C: (3, 13), H: (0, 4), S: (0, 4)}, test=rule_of_20),
        Rule(bid(1, Strain.C), Message('opening values, no five-card major (short clubs possible)'),
             (11, 21), {H: (0, 4), S: (0, 4)}, test=rule_of_20),
        *(Rule(bid(2, s.strain), Message('weak two, six {s:word} and 6-10 HCP', s=s), (6, 10),
               {s: (6, 6)}) for s in (S, H, D)),
        *(Rule(bid(3, s.strain), Message('preempt, seven {s:word} and 5-10 HCP', s=s), (5, 10),
               {s: (7, 8)}) for s in (S, H, D, C)),
        Rule(PASS, Message('not enough to open (fewer than 12 HCP)'), (0, 12)),
    ]


# ---------------------------------------------------------------------------
# Strong 2C


def strong_two_clubs(ctx: Context) -> list[Rule] | None:
    """2C and what follows it while the opponents pass: 2D waiting or a
    positive answer, opener's rebid, responder's second call."""
    seq = ctx.sequence()
    if seq is None or seq[:1] != ("2C",):
        return None
    if seq == ("2C",):
        return _two_club_answers()
    if seq == ("2C", "2D"):
        return _two_club_rebids()
    if len(seq) == 3 and seq[:2] == ("2C", "2D") and seq[2] not in ("2NT", "3NT"):
        return _after_two_club_rebid(seq[2])
    return None


def _two_club_answers() -> list[Rule]:
    positive = [
        Rule(bid(2 if s in (H, S) else 3, s.strain),
             Message('positive answer to {strong}, five or more {s:word} and 8+ HCP, forcing to game',
                     s=s, strong=TWO_C), (8, 37), {s: (5, 13)}, test=longest_test(s), forcing=True)
        for s in (S, H, D, C)]
    return [
        *positive,
        Rule(bid(2, Strain.NT), Message('positive answer to {strong}, 8+ HCP balanced, forcing to game', strong=TWO_C),
             (8, 37),
             balanced=True, forcing=True),
        Rule(bid(2, Strain.D), Message('waiting answer to {strong} (artificial): anything without a positive answer',
                                       strong=TWO_C),
             (0, 37)),
    ]


def _two_club_rebids() -> list[Rule]:
    natural = [
        Rule(bid(2 if s in (H, S) else 3, s.strain),
             Message('after {strong}-{wait}, five or more {s:word}, forcing to game', s=s, strong=TWO_C, wait=TWO_D),
             (22, 37), {s: (5, 13)}, test=longest_test(s), forcing=True)
        for s in (S, H, D, C)]
    return [
        Rule(bid(2, Strain.NT), Message('after {strong}-{wait}, 22-24 HCP balanced (Stayman and transfers on)',
                                        strong=TWO_C, wait=TWO_D),
             (22, 24), balanced=True),
        Rule(bid(3, Strain.NT), Message('after {strong}-{wait}, 25-27 HCP balanced', strong=TWO_C, wait=TWO_D),
             (25, 27), balanced=True),
        *natural,
        Rule(bid(2, Strain.NT), Message('after {strong}-{wait}, 22-24 HCP, no five-card suit',
                                        strong=TWO_C, wait=TWO_D), (22, 24)),
        Rule(bid(3, Strain.NT), Message('after {strong}-{wait}, 25+ HCP, no five-card suit', strong=TWO_C, wait=TWO_D),
             (25, 37)),
    ]


def _after_two_club_rebid(rebid: str) -> list[Rule]:
    """Responder's second call after 2C-2D and opener's suit."""
    suit = Suit[rebid[1]]
    level = int(rebid[0])
    rules: list[Rule] = []
    if suit in (H, S):
        rules += [
            Rule(bid(3, suit.strain), Message('three or more {suit:word} and some values (4+ HCP), slam may be on',
                                              suit=suit), (4, 37), {suit: (3, 13)}),
            Rule(bid(4, suit.strain), Message('three or more {suit:word} and a bare hand (0-3 HCP)', suit=suit),
                 (0, 3), {suit: (3, 13)}),
        ]
    else:
        rules.append(Rule(bid(4, suit.strain), Message('four or more {suit:word} for partner', suit=suit),
                          (0, 37), {suit: (4, 13)}, test=lambda i: i.lengths[H] < 5 and i.lengths[S] < 5))
    for s in (S, H, D, C):
        if s is suit:
            continue
        lvl = level if s > suit else level + 1
        if lvl <= 3:
            rules.append(Rule(bid(lvl, s.strain), Message('five or more {s:word}, natural', s=s), (3, 37),
                              {s: (5, 13)}, test=longest_test(s)))
    nt = bid(2, Strain.NT) if level == 2 else bid(3, Strain.NT)
    rules.append(Rule(nt, Message('no fit and nothing to show yet'), (0, 37)))
    return rules
