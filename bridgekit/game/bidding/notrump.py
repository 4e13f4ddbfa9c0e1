"""Over our notrump openings (1NT 15-17, 2NT 20-21, 2C-2D-2NT 22-24), while
the opponents pass: Stayman, Jacoby transfers, the minor-suit puppet (over
1NT), natural notrump raises, and each side's follow-ups."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...calls import PASS
from ...cards import Strain, Suit
from ...notation import Message
from .core import HandInfo, Context, Rule, bid, length_test, points_test

S, H, D, C = Suit.S, Suit.H, Suit.D, Suit.C
NT = Strain.NT


@dataclass(frozen=True)
class NoTrump:
    """Our notrump opening: its level, the opener's range and its name."""

    level: int
    lo: int
    hi: int
    name: str

    @property
    def invite(self) -> tuple[int, int] | None:
        """Responder's invitational range (only over 1NT: there is room for 2NT)."""
        return (25 - self.hi, 24 - self.lo) if self.level == 1 else None

    @property
    def game(self) -> tuple[int, int]:
        """Responder's range for game and no slam."""
        low = 25 - self.lo if self.level == 1 else max(0, 25 - self.hi)
        return low, 32 - self.hi

    @property
    def weak(self) -> tuple[int, int]:
        return 0, self.game[0] - 1 if self.level > 1 else 24 - self.hi

    @property
    def top(self) -> tuple[int, int]:
        """Opener's upper range: accepts an invitation."""
        return (self.lo + 1, self.hi) if self.hi - self.lo >= 2 else (self.hi, self.hi)

    @property
    def bottom(self) -> tuple[int, int]:
        return self.lo, self.top[0] - 1

    def stayman(self) -> str:
        return f"{self.level + 1}C"

    def transfer(self, major: Suit) -> str:
        return f"{self.level + 1}{'D' if major is H else 'H'}"


def _notrump(seq: tuple[str, ...]) -> tuple[NoTrump, tuple[str, ...]] | None:
    if seq[:1] == ("1NT",):
        return NoTrump(1, 15, 17, "1NT"), seq[1:]
    if seq[:1] == ("2NT",):
        return NoTrump(2, 20, 21, "2NT"), seq[1:]
    if seq[:3] == ("2C", "2D", "2NT"):
        return NoTrump(2, 22, 24, "2C-2D-2NT"), seq[3:]
    return None


def notrump_card(ctx: Context) -> list[Rule] | None:
    """The notrump structure, by how far the auction has gone after the opening."""
    seq = ctx.sequence()
    found = _notrump(seq) if seq is not None else None
    if found is None:
        return None
    nt, rest = found
    if not rest:
        return responses(nt)
    r1 = rest[0]
    if len(rest) == 1:
        return _opener_answer(nt, r1)
    if r1 == nt.stayman():
        return _after_stayman(nt, rest[1:])
    for major in (H, S):
        if r1 == nt.transfer(major):
            return _after_transfer(nt, major, rest[1:])
    if rest[:2] == ("2S", "3C") and nt.level == 1 and len(rest) == 2:
        return [Rule(PASS, Message('my long suit is clubs, to play'), (0, 37), {C: (6, 13)}),
                Rule(bid(3, Strain.D), Message('my long suit is diamonds, to play'), (0, 37), {D: (6, 13)})]
    return None


# ---------------------------------------------------------------------------
# Responder's first call


def _stayman_test(nt: NoTrump) -> Callable[[HandInfo], bool]:
    def test(i: HandInfo) -> bool:
        h, s = i.lengths[H], i.lengths[S]
        return (h == 4 or s == 4) and max(h, s) <= 5 and not (max(h, s) == 5 and min(h, s) < 4)
    return test


def responses(nt: NoTrump) -> list[Rule]:
    lvl = nt.level
    weak, game = nt.weak, nt.game
    low = nt.invite[0] if nt.invite else game[0]
    rules = [
        Rule(bid(lvl + 1, Strain.H), Message('Jacoby transfer, five or more spades (asks partner to bid {ask})',
                                             ask=bid(lvl + 1, Strain.S)),
             (0, 37), {S: (5, 13)}, test=lambda i: i.lengths[S] >= i.lengths[H]
             and not (i.lengths[S] == 5 and i.lengths[H] == 4 and i.hcp >= low)),
        Rule(bid(lvl + 1, Strain.D), Message('Jacoby transfer, five or more hearts (asks partner to bid {ask})',
                                             ask=bid(lvl + 1, Strain.H)), (0, 37), {H: (5, 13)},
             test=lambda i: not (i.lengths[H] == 5 and i.lengths[S] == 4 and i.hcp >= low)),
        Rule(bid(lvl + 1, Strain.C), Message('Stayman, asks for a four-card major; a four-card major and {low}+ HCP',
                                             low=low), (low, 37), test=_stayman_test(nt)),
    ]
    if lvl == 1:
        # garbage Stayman: any answer (2D, 2H, 2S) is a better part score than 1NT
        rules.append(Rule(bid(2, Strain.C), Message('Stayman with a weak hand (0-{n1} HCP), four spades, four '
                                                    'hearts and at most one club: I pass any answer', n1=low - 1),
                          (0, low - 1),
                          {S: (4, 4), H: (4, 4), C: (0, 1)}))
        rules.append(Rule(bid(2, Strain.S), Message('asks partner to bid {ask}: a weak hand with six or more clubs '
                                                    'or diamonds, to play', ask=bid(3, Strain.C)),
                          (0, 7), test=lambda i: max(i.lengths[C], i.lengths[D]) >= 6))
    rules.append(Rule(PASS, Message('{n1}-{n2} HCP, no game opposite {lo}-{hi}',
                                    n1=weak[0], n2=weak[1], lo=nt.lo, hi=nt.hi), weak))
    if nt.invite:
        rules.append(Rule(bid(2, NT), Message('{n1}-{n2} HCP, invites 3NT', n1=nt.invite[0], n2=nt.invite[1]),
                          nt.invite,
                          invite=True))
    q_lo, q_hi = 33 - nt.hi, 32 - nt.lo
    rules += [
        Rule(bid(3, NT), Message('{n1}-{n2} HCP, game opposite {lo}-{hi}', n1=game[0], n2=game[1], lo=nt.lo, hi=nt.hi),
             game),
        Rule(bid(4, NT), Message('{q_lo}-{q_hi} HCP, quantitative slam try: bid 6NT with a maximum',
                                 q_lo=q_lo, q_hi=q_hi),
             (q_lo, q_hi), invite=True),
        Rule(bid(6, NT), Message('{n1}-{n2} HCP, small slam opposite {lo}-{hi}',
                                 n1=33 - nt.lo, n2=35 - nt.lo, lo=nt.lo, hi=nt.hi),
             (33 - nt.lo, 35 - nt.lo)),
        Rule(bid(7, NT), Message('{n1}+ HCP, grand slam opposite {lo}-{hi}', n1=36 - nt.lo, lo=nt.lo, hi=nt.hi),
             (36 - nt.lo, 37)),
    ]
    return rules


# ---------------------------------------------------------------------------
# Opener's answer


def _opener_answer(nt: NoTrump, r1: str) -> list[Rule]:
    lvl, rng = nt.level, (nt.lo, nt.hi)
    if r1 == nt.stayman():
        return [
            Rule(bid(lvl + 1, Strain.H), Message('answers Stayman, four or more hearts'), rng, {H: (4, 13)}),
            Rule(bid(lvl + 1, Strain.S), Message('answers Stayman, four or more spades, not four hearts'),
                 rng, {S: (4, 13), H: (0, 3)}),
            Rule(bid(lvl + 1, Strain.D), Message('answers Stayman, no four-card major'), rng,
                 {H: (0, 3), S: (0, 3)}),
        ]
    for major in (H, S):
        if r1 == nt.transfer(major):
            rules = [Rule(bid(lvl + 1, major.strain), Message('completes the transfer to {major:word}', major=major),
                          rng)]
            if lvl == 1:
                rules.insert(0, Rule(bid(3, major.strain), Message('super-accepts the transfer: four {major:word} '
                                                                   'and a maximum ({hi})', major=major, hi=nt.hi),
                                     (nt.hi, nt.hi), {major: (4, 5)}))
            return rules
    if r1 == "2S" and lvl == 1:
        return [Rule(bid(3, Strain.C), Message('as asked by {ask} (partner passes or bids {other})',
                                               ask=bid(2, Strain.S), other=bid(3, Strain.D)), rng)]
    # a five-card suit counts a point when accepting an invitation
    upper = (nt.top[0] - 1, nt.top[1])
    if r1 == "2NT":
        return [Rule(bid(3, NT), Message('accepts the invitation with {n1}-{n2} (a five-card suit counting a point)',
                                         n1=nt.top[0], n2=nt.top[1]), upper, test=length_test(nt.top[0])),
                Rule(PASS, Message('a minimum {lo}, declines the invitation', lo=nt.lo), nt.bottom)]
    if r1 == "4NT":
        return [Rule(bid(6, NT), Message('accepts the slam try with {n1}-{n2} (a five-card suit counting a point)',
                                         n1=nt.top[0], n2=nt.top[1]), upper, test=length_test(nt.top[0])),
                Rule(PASS, Message('a minimum {lo}, declines the slam try', lo=nt.lo), nt.bottom)]
    return [Rule(PASS, Message('partner placed the contract'), rng)]


# ---------------------------------------------------------------------------
# After Stayman


def _after_stayman(nt: NoTrump, rest: tuple[str, ...]) -> list[Rule] | None:
    answer = rest[0]
    if answer not in tuple(f"{nt.level + 1}{s}" for s in "DHS"):
        return None   # not an answer the card gives (3NT by a human): the captain reads on
    if len(rest) == 1:
        return _responder_after_stayman(nt, answer)
    if len(rest) == 2:
        return _opener_after_stayman(nt, answer, rest[1])
    return None


def _responder_after_stayman(nt: NoTrump, answer: str) -> list[Rule]:
    inv, game = nt.invite, nt.game
    shown = Suit[answer[1]]
    rules: list[Rule] = []
    if shown in (H, S):
        # with the fit found, shortness counts: points are HCP plus shortness
        rules.append(Rule(bid(4, shown.strain), Message('a {shown:word} fit and game values (points counting '
                                                        'shortness)', shown=shown),
                          (game[0] - 3, game[1]), {shown: (4, 13)},
                          test=points_test(shown, game[0])))
        if inv:
            rules.append(Rule(bid(3, shown.strain), Message('a {shown:word} fit, invites game', shown=shown), inv,
                              {shown: (4, 13)}, invite=True))
    if shown is H and inv:
        rules.append(Rule(bid(2, Strain.S), Message('four spades (no heart fit), invites game'), inv, {S: (4, 4)},
                          invite=True))
    if shown is D:
        for major in (S, H):
            rules.append(Rule(bid(3, major.strain), Message('five {major:word} (and four of the other major), '
                                                            'forcing: choose game', major=major),
                              game, {major: (5, 5)}))
    if inv:
        rules.append(Rule(bid(2, NT), Message('no fit, invites 3NT'), inv, invite=True))
    rules.append(Rule(bid(3, NT), Message('no fit found, game values'), game))
    if inv:
        rules.append(Rule(PASS, Message('a weak hand with both majors (0-{n1} HCP), {answer} is the contract',
                                        n1=inv[0] - 1, answer=answer), (0, inv[0] - 1)))
    return rules


def _opener_after_stayman(nt: NoTrump, answer: str, r2: str) -> list[Rule]:
    top, bottom = nt.top, nt.bottom
    if answer in ("2H", "3H") and r2 in ("2S",):
        return [Rule(bid(4, Strain.S), Message('four spades too and a maximum'), top, {S: (4, 4)}),
                Rule(bid(3, Strain.S), Message('four spades too, a minimum'), bottom, {S: (4, 4)}),
                Rule(bid(3, NT), Message('no spade fit, accepts the invitation'), top),
                Rule(bid(2, NT), Message('no spade fit, a minimum'), bottom)]
    if r2 in ("3H", "3S") and answer[1] == r2[1]:
        m = Suit[r2[1]]
        return [Rule(bid(4, m.strain), Message('accepts the invitation with {n1}-{n2}', n1=top[0], n2=top[1]), top),
                Rule(PASS, Message('a minimum, declines the invitation'), bottom)]
    if r2 in ("3H", "3S"):
        m = Suit[r2[1]]
        return [Rule(bid(4, m.strain), Message("three or more {m:word} for partner's five", m=m), (nt.lo, nt.hi),
                     {m: (3, 5)}),
                Rule(bid(3, NT), Message('only two {m:word}', m=m), (nt.lo, nt.hi))]
    if r2 == "2NT":
        return [Rule(bid(3, NT), Message('accepts the invitation with {n1}-{n2}', n1=top[0], n2=top[1]), top),
                Rule(PASS, Message('a minimum, declines the invitation'), bottom)]
    if r2 == "3NT" and answer[1] == "H":
        return [Rule(bid(4, Strain.S), Message("partner's Stayman showed four spades, and I have four too"),
                     (nt.lo, nt.hi), {S: (4, 4)}),
                Rule(PASS, Message('no spade fit, 3NT it is'), (nt.lo, nt.hi))]
    if r2 in ("3NT", "4H", "4S"):
        return [Rule(PASS, Message('partner placed the contract'), (nt.lo, nt.hi))]
    return []


# ---------------------------------------------------------------------------
# After a transfer


def _after_transfer(nt: NoTrump, major: Suit, rest: tuple[str, ...]) -> list[Rule] | None:
    if len(rest) == 1:
        return _responder_after_transfer(nt, major, super_accept=rest[0] == f"3{major.name}" and nt.level == 1)
    if len(rest) == 2:
        return _opener_after_transfer(nt, major, rest[1])
    return None


def _responder_after_transfer(nt: NoTrump, major: Suit, super_accept: bool) -> list[Rule]:
    inv, game = nt.invite, nt.game
    if super_accept:
        return [Rule(PASS, Message('nothing for game even opposite the super-accept (0-3 HCP)'), (0, 3)),
                Rule(bid(4, major.strain), Message('game opposite the super-accept'), (4, game[1]))]
    weak = (0, inv[0] - 1) if inv else (0, game[0] - 1)
    # a long suit and shape make game with few HCP: seven losers or fewer
    # opposite the notrump opening's seven (the losing-trick count)
    rules = [Rule(bid(4, major.strain), Message('six or more {major:word} and seven losers or fewer (the '
                                                'losing-trick count), game', major=major),
                  (0, game[1]), {major: (6, 13)}, test=lambda i: i.losers() <= 7)]
    rules += [Rule(PASS, Message('a weak hand ({lo}-{hi} HCP), {contract} is the contract',
                                 lo=weak[0], hi=weak[1], contract=bid(nt.level + 1, major.strain)), weak)]
    if inv:
        rules += [Rule(bid(3, major.strain), Message('six or more {major:word}, invites game', major=major),
                       inv, {major: (6, 13)},
                       invite=True),
                  Rule(bid(2, NT), Message('five {major:word}, invites game (opener chooses)', major=major),
                       inv, {major: (5, 5)},
                       invite=True)]
    rules += [Rule(bid(4, major.strain), Message('six or more {major:word}, game', major=major),
                   game, {major: (6, 13)}),
              Rule(bid(3, NT), Message('five {major:word}, game: opener chooses {nt} or {suit}',
                                       major=major, nt=bid(3, NT), suit=bid(4, major.strain)), game, {major: (5, 5)},
                   test=lambda i: min(i.lengths.values()) >= 2),
              Rule(bid(4, major.strain), Message('five {major:word} and a short suit, game', major=major),
                   game, {major: (5, 5)})]
    return rules


def _opener_after_transfer(nt: NoTrump, major: Suit, r2: str) -> list[Rule]:
    m = major.name
    top, bottom, full = nt.top, nt.bottom, (nt.lo, nt.hi)
    if r2 == "2NT":
        return [Rule(bid(4, major.strain), Message('three {major:word} and a maximum, game', major=major),
                     top, {major: (3, 5)}),
                Rule(bid(3, NT), Message('two {major:word} and a maximum', major=major), top, {major: (2, 2)}),
                Rule(bid(3, major.strain), Message('three {major:word}, a minimum', major=major),
                     bottom, {major: (3, 5)}),
                Rule(PASS, Message('two {major:word} and a minimum', major=major), bottom)]
    if r2 == f"3{m}":
        return [Rule(bid(4, major.strain), Message('accepts the invitation with {n1}-{n2}', n1=top[0], n2=top[1]),
                     top),
                Rule(PASS, Message('a minimum, declines the invitation'), bottom)]
    if r2 == "3NT":
        return [Rule(bid(4, major.strain), Message("three or more {major:word} for partner's five", major=major),
                     full, {major: (3, 5)}),
                Rule(PASS, Message('only two {major:word}, 3NT it is', major=major), full)]
    if r2 in (f"4{m}", "6NT", f"6{m}"):
        return [Rule(PASS, Message('partner placed the contract'), full)]
    return []
