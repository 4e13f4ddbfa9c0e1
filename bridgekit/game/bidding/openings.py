"""Openings, and the strong 2C opening with its follow-ups."""

from __future__ import annotations

from ...calls import PASS
from ...cards import Strain, Suit
from .core import Context, Rule, bid, longest_test, rule_of_20

S, H, D, C = Suit.S, Suit.H, Suit.D, Suit.C


def opening(ctx: Context) -> list[Rule] | None:
    """Nobody has bid yet."""
    if ctx.bids():
        return None
    return [
        Rule(bid(2, Strain.C), "2C: strong and artificial, 22+ HCP (forcing; 2D waits)", (22, 37),
             forcing=True),
        Rule(bid(2, Strain.NT), "2NT: 20-21 HCP, balanced", (20, 21), balanced=True),
        Rule(bid(1, Strain.NT), "1NT: 15-17 HCP, balanced", (15, 17), balanced=True),
        Rule(bid(1, Strain.S), "1S: opening values with five or more spades", (11, 21), {S: (5, 13)},
             test=lambda i: rule_of_20(i) and i.lengths[S] >= i.lengths[H]),
        Rule(bid(1, Strain.H), "1H: opening values with five or more hearts", (11, 21), {H: (5, 13)},
             test=rule_of_20),
        Rule(bid(1, Strain.D), "1D: opening values, no five-card major, diamonds the longer minor",
             (11, 21), {D: (3, 13), H: (0, 4), S: (0, 4)},
             test=lambda i: rule_of_20(i) and (i.lengths[D] > i.lengths[C] or i.lengths[D] == i.lengths[C] >= 4)),
        Rule(bid(1, Strain.C), "1C: opening values, no five-card major, clubs the longer minor",
             (11, 21), {C: (3, 13), H: (0, 4), S: (0, 4)}, test=rule_of_20),
        Rule(bid(1, Strain.C), "1C: opening values, no five-card major (short clubs possible)",
             (11, 21), {H: (0, 4), S: (0, 4)}, test=rule_of_20),
        *(Rule(bid(2, s.strain), f"2{s.name}: weak two, six {s.word} and 6-10 HCP", (6, 10),
               {s: (6, 6)}) for s in (S, H, D)),
        *(Rule(bid(3, s.strain), f"3{s.name}: preempt, seven {s.word} and 5-10 HCP", (5, 10),
               {s: (7, 8)}) for s in (S, H, D, C)),
        Rule(PASS, "Pass: not enough to open (fewer than 12 HCP)", (0, 12)),
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
             f"{2 if s in (H, S) else 3}{s.name}: positive answer to 2C, five or more {s.word} and 8+ HCP,"
             f" forcing to game", (8, 37), {s: (5, 13)}, test=longest_test(s), forcing=True)
        for s in (S, H, D, C)]
    return [
        *positive,
        Rule(bid(2, Strain.NT), "2NT: positive answer to 2C, 8+ HCP balanced, forcing to game", (8, 37),
             balanced=True, forcing=True),
        Rule(bid(2, Strain.D), "2D: waiting answer to 2C (artificial): anything without a positive answer",
             (0, 37)),
    ]


def _two_club_rebids() -> list[Rule]:
    natural = [
        Rule(bid(2 if s in (H, S) else 3, s.strain),
             f"{2 if s in (H, S) else 3}{s.name}: after 2C-2D, five or more {s.word}, forcing to game",
             (22, 37), {s: (5, 13)}, test=longest_test(s), forcing=True)
        for s in (S, H, D, C)]
    return [
        Rule(bid(2, Strain.NT), "2NT: after 2C-2D, 22-24 HCP balanced (Stayman and transfers on)",
             (22, 24), balanced=True),
        Rule(bid(3, Strain.NT), "3NT: after 2C-2D, 25-27 HCP balanced", (25, 27), balanced=True),
        *natural,
        Rule(bid(2, Strain.NT), "2NT: after 2C-2D, 22-24 HCP, no five-card suit", (22, 24)),
        Rule(bid(3, Strain.NT), "3NT: after 2C-2D, 25+ HCP, no five-card suit", (25, 37)),
    ]


def _after_two_club_rebid(rebid: str) -> list[Rule]:
    """Responder's second call after 2C-2D and opener's suit."""
    suit = Suit[rebid[1]]
    level = int(rebid[0])
    rules: list[Rule] = []
    if suit in (H, S):
        rules += [
            Rule(bid(3, suit.strain), f"3{suit.name}: three or more {suit.word} and some values (4+ HCP),"
                 " slam may be on", (4, 37), {suit: (3, 13)}),
            Rule(bid(4, suit.strain), f"4{suit.name}: three or more {suit.word} and a bare hand (0-3 HCP)",
                 (0, 3), {suit: (3, 13)}),
        ]
    else:
        rules.append(Rule(bid(4, suit.strain), f"4{suit.name}: four or more {suit.word} for partner",
                          (0, 37), {suit: (4, 13)}, test=lambda i: i.lengths[H] < 5 and i.lengths[S] < 5))
    for s in (S, H, D, C):
        if s is suit:
            continue
        lvl = level if s > suit else level + 1
        if lvl <= 3:
            rules.append(Rule(bid(lvl, s.strain), f"{lvl}{s.name}: five or more {s.word}, natural", (3, 37),
                              {s: (5, 13)}, test=longest_test(s)))
    nt = bid(2, Strain.NT) if level == 2 else bid(3, Strain.NT)
    rules.append(Rule(nt, f"{nt}: no fit and nothing to show yet", (0, 37)))
    return rules
