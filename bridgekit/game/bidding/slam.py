"""Slam bidding: Roman Key-Card Blackwood 1430 (the answers, the queen ask and
the sign-off), 4NT as a quantitative try when no suit is agreed, and the rule
that decides whether a hand with slam values may go looking for slam."""

from __future__ import annotations

from ...calls import PASS, Call, CallKind
from ...cards import Strain, Suit
from ...notation import Message
from .core import MAJORS, Context, HandInfo, Rule, bid, length_test

FOUR_NT = Call.bid(4, Strain.NT)


def agreed_suit(ctx: Context) -> Suit | None:
    """The trump suit both partners read from the auction: the suit with the
    most cards shown between them (seven or more; majors first on a tie)."""
    me, p = ctx.shown[ctx.seat], ctx.shown[ctx.partner]
    best = max(Suit, key=lambda s: (me.min_len(s) + p.min_len(s), s in MAJORS, s))
    return best if me.min_len(best) + p.min_len(best) >= 7 else None


def uncontrolled(info: HandInfo, trumps: Suit) -> list[Suit]:
    """Side suits in which I hold neither the ace nor the king nor shortness."""
    return [s for s in Suit if s is not trumps and not info.controls(s)]


def slam_is_safe(info: HandInfo, trumps: Suit) -> bool:
    """Enough for slam: slam values alone are not enough; at most one side
    suit may lack a first- or second-round control in my hand (partner's
    hand will most often cover one, seldom two)."""
    return len(uncontrolled(info, trumps)) <= 1


def _our_tail(ctx: Context, n: int) -> list[Call] | None:
    """Our side's last ``n`` calls, oldest first, when the opponents passed
    after each of them; None otherwise."""
    calls = ctx.auction.calls
    if len(calls) < 2 * n:
        return None
    tail = calls[len(calls) - 2 * n:]
    if any(c.kind is not CallKind.PASS for c in tail[1::2]):
        return None
    return list(tail[0::2])


def slam_card(ctx: Context) -> list[Rule] | None:
    """Whichever step of RKCB (or a quantitative 4NT) the auction is at."""
    trump = agreed_suit(ctx)
    for n in (1, 2, 3, 4):
        t = _our_tail(ctx, n)
        if t is None or t[0] != FOUR_NT:
            continue
        if trump is None:
            return _quantitative_answer(ctx) if n == 1 else None
        if n == 1:
            return keycard_answers(trump)
        if n == 2:
            answer = t[1]
            if not (answer.is_bid and answer.level == 5 and answer.strain is not Strain.NT):
                return None
            return _after_keycard_answer(ctx, trump, answer)
        if n == 3 and t[1].is_bid and t[2] == _queen_ask(trump, t[1]):
            return _queen_answer(trump, t[2])
        return [Rule(PASS, Message('{n1} ends our key-card auction', n1=t[-1]))]
    return None


def keycard_answers(trump: Suit) -> list[Rule]:
    return [
        Rule(bid(5, Strain.C), Message('answers RKCB (1430), one or four key cards in {trump:word}', trump=trump),
             test=lambda i: i.keycards(trump) in (1, 4, 5)),
        Rule(bid(5, Strain.D), Message('answers RKCB (1430), no key card or three in {trump:word}', trump=trump),
             test=lambda i: i.keycards(trump) in (0, 3)),
        Rule(bid(5, Strain.H), Message('answers RKCB (1430), two key cards without the queen of {trump:word}',
                                       trump=trump),
             test=lambda i: i.keycards(trump) == 2 and not i.has_queen(trump)),
        Rule(bid(5, Strain.S), Message('answers RKCB (1430), two key cards and the queen of {trump:word}',
                                       trump=trump),
             test=lambda i: i.keycards(trump) == 2 and i.has_queen(trump)),
    ]


def partner_keycards(mine: int, answer: Call) -> int:
    """Read 5C (1 or 4) and 5D (0 or 3): the higher when the lower would
    leave three or more key cards missing (nobody asks with that)."""
    low = {Strain.C: 1, Strain.D: 0, Strain.H: 2, Strain.S: 2}[answer.strain] if answer.strain is not None else 0
    if answer.strain in (Strain.C, Strain.D) and 5 - mine - low >= 3 and mine + low + 3 <= 5:
        return low + 3
    return low


def _queen_ask(trump: Suit, answer: Call) -> Call | None:
    """The next step after the answer, skipping the trump suit; only when
    the answer can still stop in five of the trump suit."""
    assert answer.strain is not None
    nxt = Strain(int(answer.strain) + 1)
    if nxt is trump.strain:
        nxt = Strain(int(nxt) + 1)
    if nxt is Strain.NT or nxt >= trump.strain:
        return None
    return bid(5, nxt)


def _after_keycard_answer(ctx: Context, trump: Suit, answer: Call) -> list[Rule]:
    """The asker: sign off, ask for the queen, or bid the slam."""
    five, six, seven = bid(5, trump.strain), bid(6, trump.strain), bid(7, trump.strain)
    sign_off = PASS if answer == five else five
    p = ctx.shown[ctx.partner]

    def missing(i: HandInfo) -> int:
        return 5 - i.keycards(trump) - partner_keycards(i.keycards(trump), answer)

    def queen(i: HandInfo) -> bool | None:
        if i.has_queen(trump) or ctx.fit_len(i, trump) >= 10 or answer.strain is Strain.S:
            return True
        return False if answer.strain is Strain.H else None

    ask = _queen_ask(trump, answer)
    rules = [Rule(sign_off, Message('two key cards are missing, stop in five {trump:word}', trump=trump),
                  test=lambda i: missing(i) >= 2),
             Rule(six, Message('two key cards are missing but there is no room to stop lower'),
                  test=lambda i: missing(i) >= 2)]
    if ask is not None:
        rules.append(Rule(ask, Message('asks for the queen of {trump:word} (at most one key card missing)',
                                       trump=trump),
                          test=lambda i: missing(i) <= 1 and queen(i) is None))
    rules += [
        Rule(sign_off, Message('one key card and the queen of {trump:word} are missing, stop in five', trump=trump),
             test=lambda i: missing(i) == 1 and queen(i) is False),
        Rule(seven, Message('all the key cards and the queen of {trump:word}, and the values for a grand slam',
                            trump=trump),
             test=lambda i: missing(i) == 0 and queen(i) is True and i.hcp + p.hcp[0] >= 35),
        Rule(six, Message('at most one key card missing, small slam'), test=lambda i: missing(i) <= 1),
    ]
    return rules


def _queen_answer(trump: Suit, ask: Call) -> list[Rule]:
    return [Rule(bid(6, trump.strain), Message('answers the queen ask, I hold the queen of {trump:word}', trump=trump),
                 test=lambda i: i.has_queen(trump)),
            Rule(bid(5, trump.strain), Message('answers the queen ask, no queen of {trump:word}: stop in five',
                                               trump=trump),
                 test=lambda i: not i.has_queen(trump))]


def _quantitative_answer(ctx: Context) -> list[Rule]:
    """4NT with no suit agreed invites 6NT: accept in the upper half of my range."""
    lo, hi = ctx.shown[ctx.seat].hcp
    hi = min(hi, lo + 8)
    mid = (lo + hi + 1) // 2
    return [Rule(bid(6, Strain.NT), Message('accepts the quantitative 4NT with the upper half of my range ({mid}+, '
                                            'a five-card suit counting a point)', mid=mid),
                 (mid - 1, 37), test=length_test(mid)),
            Rule(PASS, Message('declines the quantitative 4NT, lower half of my range'), (0, mid - 1))]
