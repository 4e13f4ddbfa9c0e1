"""Responder's rebid: partner opened one of a suit, I answered with a new suit
or 1NT, partner rebid, and the opponents have only passed.

Preference and sign-offs, the calls a learner makes first: back to partner's
first suit at the cheapest level (simple preference, with at least as many
cards there as in partner's second suit; false preference with a doubleton
when the lengths are equal), a pass of partner's second suit with more cards
in it, a six-card suit rebid to play, a raise of partner's rebid suit, and
the invitations (2NT with the unbid suit stopped, jump preference, three of
my suit, three of partner's) with 10-12.  Game values are the captain's.
Reverses and jump rebids by opener are the captain's too (they are strong
and forcing: a preference there is not a sign-off).
"""

from __future__ import annotations

from dataclasses import replace

from ...calls import PASS, Call, CallKind
from ...cards import Strain, Suit
from ...seats import Seat
from ...notation import Message
from .core import Context, HandInfo, Rule, bid, cheapest_level, points_test

NT = Strain.NT


def passed_hand(ctx: Context, seat: Seat, before: int) -> bool:
    """Whether ``seat`` passed before call ``before`` (a passed hand: fewer than 12 HCP)."""
    return any(c.kind is CallKind.PASS for i, c in ctx.calls_by(seat) if i < before)


def responder_rebids(ctx: Context) -> list[Rule] | None:
    """My second call after partner's opening of one of a suit, my answer and
    partner's rebid, the opponents silent; None when the auction is not this.
    A shapely hand (five losers or fewer: twelve tricks or more opposite an
    opening's seven) is the captain's, whatever its points; a six-loser hand
    signs off or invites like any other (passing partner's rebid with a
    six-card suit of my own and a misfit lost more than it gained)."""
    rules = _responder_rebids(ctx)
    return None if rules is None else [_not_shapely(r) for r in rules]


def _not_shapely(rule: Rule) -> Rule:
    test = rule.test

    def combined(i: HandInfo) -> bool:
        return i.losers() >= 6 and (test is None or test(i))
    return replace(rule, test=combined)


def _responder_rebids(ctx: Context) -> list[Rule] | None:
    seq = ctx.sequence()
    if seq is None:
        return None
    calls = [Call.parse(c) for c in seq]
    bids = [c for c in calls if c.kind is not CallKind.PASS]
    if len(calls) != 3 or len(bids) != 3:
        return None
    opening, answer, rebid = calls
    opener_seat = ctx.partner
    first = ctx.bids()[0]
    if first[1] is not opener_seat or opening.level != 1 or opening.strain in (None, NT):
        return None
    if answer.strain is None or answer.strain is opening.strain or answer.level != 1:
        return None                          # after a two-level answer (10+) the captain judges
    x = opening.strain.suit if opening.strain is not None else None
    assert x is not None and rebid.strain is not None and rebid.level is not None
    if answer.strain is NT:
        return _after_1nt_answer(x, rebid) if answer.level == 1 else None
    y = answer.strain.suit
    assert y is not None
    if rebid.strain is NT:
        return _after_notrump_rebid(x, y, rebid) if rebid.level == cheapest_level(answer, NT) else None
    z = rebid.strain.suit
    assert z is not None
    if z is y:
        return _after_raise(y, rebid.level)
    if z is x:
        return _after_suit_rebid(x, y, rebid) if rebid.level == cheapest_level(answer, x.strain) else None
    if rebid.level != cheapest_level(answer, rebid.strain):
        return None                          # a jump shift: strong and forcing
    if rebid.level == 2 and z > x:
        return None                          # a reverse: 16+ and forcing
    return _after_new_suit(x, y, z, rebid)


def _unbid(*suits: Suit) -> list[Suit]:
    return [s for s in Suit if s not in suits]


def _after_new_suit(x: Suit, y: Suit, z: Suit, rebid: Call) -> list[Rule]:
    """1X - 1Y - 1Z/2Z (a new suit, not a reverse): preference or pass."""
    rules: list[Rule] = []
    lvl_x = cheapest_level(rebid, x.strain)
    lvl_y = cheapest_level(rebid, y.strain)
    fourth = _unbid(x, y, z)
    if rebid.level == 1:
        rules.append(Rule(bid(2, z.strain), Message('four {z:word} for partner, 6-9 points', z=z),
                          (6, 9), {z: (4, 13)},
                          test=points_test(z, 6, 9)))
        rules.append(Rule(bid(1, NT), Message('6-10 HCP, no fit, nothing more to say'), (6, 10),
                          test=lambda i: i.lengths[z] <= 3 and i.lengths[x] <= 3 and i.lengths[y] <= 5
                          and min(i.lengths.values()) >= 2))
    rules.append(Rule(bid(lvl_y, y.strain), Message('six or more {y:word}, 6-9 HCP: to play', y=y), (6, 9),
                      {y: (6, 13)}, test=lambda i: i.lengths[x] <= 2 and i.lengths[z] <= 3))
    if lvl_x == 2:
        rules.append(Rule(bid(2, x.strain), Message("preference back to partner's first suit, 6-9 HCP, at least as "
                                                    "many {x:word} as {z:word}: to play", x=x, z=z),
                          (6, 9), {x: (2, 13)},
                          test=lambda i: i.lengths[x] >= max(2, i.lengths[z]) and i.hcp <= 9))
    if rebid.level == 2:
        rules.append(Rule(PASS, Message("6-9 HCP, more {z:word} than {x:word}: partner's second suit will do",
                                        z=z, x=x), (6, 9),
                          {z: (3, 13)}, test=lambda i: i.lengths[z] > i.lengths[x]))
    stop = fourth
    rules += [
        Rule(bid(3, x.strain), Message('jump preference, three or more {x:word} and 10-12 points, invites game', x=x),
             (10, 12), {x: (3, 13)}, test=points_test(x, 10, 12), invite=True),
        Rule(bid(3, z.strain), Message('four {z:word} for partner and 10-12 points, invites game', z=z), (10, 12),
             {z: (4, 13)}, test=points_test(z, 10, 12), invite=True),
        Rule(bid(3, y.strain), Message('six or more {y:word} and 10-12 HCP, invites game', y=y), (10, 12),
             {y: (6, 13)}, invite=True),
        Rule(bid(2, NT), Message('10-12 HCP, the unbid suit stopped, invites 3NT'), (10, 12),
             test=lambda i: all(i.stopper(s) for s in stop)
             and i.lengths[x] <= 2, invite=True),
    ]
    if lvl_x == 2:
        rules.append(Rule(bid(2, x.strain), Message('false preference with two {x:word}, 6-9 HCP: to play', x=x),
                          (6, 9), {x: (2, 13)}, test=lambda i: i.lengths[x] >= 2))
    rules.append(Rule(PASS, Message("6-9 HCP, partner's {rebid} will do", rebid=rebid), (6, 9),
                      test=lambda i: i.lengths[z] >= 3 or rebid.level == 2))
    return rules


def _after_notrump_rebid(x: Suit, y: Suit, rebid: Call) -> list[Rule]:
    """1X - 1Y - 1NT (12-14 balanced), or 2NT after a two-level answer."""
    major_x = x in (Suit.H, Suit.S)
    if rebid.level == 1:
        rules = [
            Rule(bid(3, y.strain), Message('six or more {y:word}, 9 HCP and six losers, invites game', y=y), (9, 9),
                 {y: (6, 13)}, test=lambda i: i.losers() <= 6, invite=True),
            Rule(bid(2, y.strain), Message('six or more {y:word}, 6-9 HCP: to play', y=y), (6, 9), {y: (6, 13)}),
            Rule(bid(2, x.strain), Message('three {x:word} for partner, 6-9 HCP: to play', x=x), (6, 9),
                 {x: (3, 13)}, test=lambda i: major_x and i.lengths[x] >= 3 and not i.balanced),
            Rule(PASS, Message('6-10 HCP, 1NT will do'), (6, 10)),
            *([Rule(bid(2, _new_minor(x).strain), Message('new minor forcing (artificial), five {y:word} and 11+ '
                                                          'HCP: asks partner for three {y:word}', y=y),
                    (11, 37), {y: (5, 5)})]
              if y in (Suit.H, Suit.S) else []),
            *([Rule(bid(4, y.strain), Message('six or more {y:word}, 12-15 HCP: game', y=y), (12, 15), {y: (6, 13)})]
              if y in (Suit.H, Suit.S) else []),
            Rule(bid(3, y.strain), Message('six or more {y:word}, 10-11 HCP, invites game', y=y),
                 (10, 11), {y: (6, 13)},
                 invite=True),
            Rule(bid(3, x.strain), Message('three {x:word} for partner and 10-12 points, invites game', x=x),
                 (10, 12), {x: (3, 13)}, test=lambda i: major_x and points_test(x, 10, 12)(i), invite=True),
            Rule(bid(2, NT), Message('11-12 HCP, invites 3NT'), (11, 12), invite=True),
            Rule(bid(3, NT), Message('13-17 HCP, game opposite 12-14'), (13, 17),
                 test=lambda i: not (major_x and i.lengths[x] >= 3) and i.lengths[y] <= 5),
        ]
        return rules
    return [Rule(bid(3, NT), Message("12+ HCP, game opposite partner's 12-14"), (12, 37)),
            Rule(PASS, Message('10-11 HCP, 2NT will do opposite 12-14'), (10, 11))]


def _after_suit_rebid(x: Suit, y: Suit, rebid: Call) -> list[Rule]:
    """1X - 1Y - 2X (six or more X, a minimum)."""
    major = x in (Suit.H, Suit.S)
    rules = []
    if rebid.level == 2 and y > x:
        rules.append(Rule(bid(2, y.strain), Message('six or more {y:word}, 6-9 HCP: to play', y=y), (6, 9),
                          {y: (6, 13)}, test=lambda i: i.lengths[x] <= 1))
    stop = _unbid(x, y)
    notrump = Rule(bid(2, NT), Message('10-12 HCP, the unbid suits stopped, invites 3NT'), (10, 12),
                   test=lambda i: (i.lengths[x] <= 1 or not major) and all(i.stopper(s) for s in stop),
                   invite=True)
    rules += [
        Rule(PASS, Message("6-9 points, no game opposite partner's minimum {rebid}", rebid=rebid), (6, 9),
             test=points_test(x, 0, 9)),
        *([] if major else [notrump]),
        Rule(bid(3, x.strain), (Message('two or more {x:word} and 10-12 points, invites game', x=x) if major
                                else Message('three or more {x:word} and 10-12 points, invites game', x=x)),
             (10, 12), {x: (2 if major else 3, 13)},
             test=lambda i: i.lengths[x] >= (2 if major else 3) and points_test(x, 10, 12)(i), invite=True),
        *([notrump] if major else []),
    ]
    if major:
        rules.append(Rule(bid(4, x.strain), Message('two or more {x:word} and 13-16 points: game, no slam interest',
                                                    x=x),
                          (12, 16), {x: (2, 13)}, test=lambda i: i.lengths[x] >= 2 and points_test(x, 13, 16)(i)))
    return rules


def _after_raise(y: Suit, level: int) -> list[Rule]:
    """1X - 1Y - 2Y (a minimum raise) or 3Y (an invitation)."""
    game = 4 if y in (Suit.H, Suit.S) else 5
    if level == 2:
        return [
            Rule(PASS, Message('6-9 points, no game opposite a minimum raise'), (6, 9), test=points_test(y, 0, 9)),
            Rule(bid(3, y.strain), Message('10-12 points, invites game'), (10, 12), test=points_test(y, 10, 12),
                 invite=True),
            *([Rule(bid(4, y.strain), Message('13-16 points, game opposite the raise, no slam interest'),
                    (11, 16), test=points_test(y, 13, 16))] if game == 4 else []),
        ]
    if level == 3:
        return [
            *([Rule(bid(4, y.strain), Message('accepts the invitation with 8+ points'), (7, 37),
                    test=points_test(y, 8))] if game == 4 else []),
            Rule(PASS, Message('a bare minimum, declines the invitation in {y:word}', y=y), (6, 7)),
        ]
    return [Rule(PASS, Message('partner bid game in {y:word}', y=y), (0, 37))] if level == game else []


def _after_1nt_answer(x: Suit, rebid: Call) -> list[Rule] | None:
    """1X - 1NT - 2X (six or more X) or 2Y (a second suit): preference."""
    z = rebid.strain.suit if rebid.strain is not None else None
    if z is None or rebid.level != 2:
        return None
    if z is x:
        return [Rule(PASS, Message("6-9 HCP, partner's {rebid} will do", rebid=rebid), (6, 9)),
                Rule(bid(3, x.strain), Message('10 HCP and a fit, invites game'), (10, 10), {x: (2, 13)},
                     invite=True)]
    if z > x:
        return None                          # a reverse
    return [
        Rule(PASS, Message('more {z:word} than {x:word}, 6-9 HCP', z=z, x=x), (6, 9), {z: (3, 13)},
             test=lambda i: i.lengths[z] > i.lengths[x]),
        Rule(bid(2, x.strain), Message("preference back to partner's first suit, at least as many {x:word} as "
                                       "{z:word}: to play", x=x, z=z), (6, 10), {x: (2, 13)},
             test=lambda i: i.lengths[x] >= i.lengths[z] and i.lengths[x] >= 2),
        Rule(PASS, Message("6-9 HCP, partner's {rebid} will do", rebid=rebid), (6, 9)),
    ]


def _new_minor(x: Suit) -> Suit:
    """The minor responder borrows after 1X - 1M - 1NT: the one opener did not bid (clubs after 1H)."""
    return Suit.C if x is not Suit.C else Suit.D


def new_minor_forcing(ctx: Context) -> list[Rule] | None:
    """1X - 1M - 1NT - 2m (new minor forcing, five M and 11+): opener shows
    three-card support (2M) or denies it (2NT); responder then places the
    contract: with the fit 3M invites (11-12) and 4M is game, without it
    2NT is passed (11-12) or raised to 3NT."""
    seq = ctx.sequence()
    if seq is None or len(seq) not in (4, 5) or any(c == "Pass" for c in seq[:4]):
        return None
    opening, answer, rebid, ask = (Call.parse(c) for c in seq[:4])
    first = ctx.bids()[0]
    if opening.level != 1 or opening.strain in (None, NT) or rebid != bid(1, NT) or answer.level != 1:
        return None
    x = opening.strain.suit if opening.strain is not None else None
    y = answer.strain.suit if answer.strain is not None else None
    if x is None or y not in (Suit.H, Suit.S) or ask != bid(2, _new_minor(x).strain):
        return None
    if len(seq) == 4:
        if first[1] is not ctx.seat:
            return None
        return [Rule(bid(2, y.strain), Message("three {y:word} for partner's new minor forcing, 12-14", y=y),
                     (12, 14),
                     {y: (3, 3)}),
                Rule(bid(2, NT), Message("no three {y:word} for partner's new minor forcing, 12-14", y=y), (12, 14),
                     {y: (0, 2)})]
    if first[1] is ctx.seat:
        return None
    reply = Call.parse(seq[4])
    if reply == bid(2, y.strain):
        return [Rule(bid(4, y.strain), Message('the eight-card fit found, 13+ HCP: game'), (13, 37)),
                Rule(bid(3, y.strain), Message('the eight-card fit found, 11-12 HCP: invites game'), (11, 12),
                     invite=True)]
    if reply == bid(2, NT):
        return [Rule(bid(3, NT), Message('no major fit, 13+ HCP: game'), (13, 37)),
                Rule(PASS, Message('no major fit, 11-12 HCP: 2NT will do'), (11, 12))]
    return None
