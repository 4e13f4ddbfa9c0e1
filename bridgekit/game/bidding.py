"""The computer's bidding: a small natural system, written down, with a reason
for every call and the inferences a listener draws from each call.

The system (what the computer bids, and what it assumes you bid)
-----------------------------------------------------------------
High-card points (HCP): A 4, K 3, Q 2, J 1.  *Balanced*: no void, no
singleton, at most one doubleton (4-3-3-3, 4-4-3-2, 5-3-3-2).

Openings
  * 2NT: 20-22 balanced.  1NT: 15-17 balanced (a five-card suit allowed).
  * One of a suit with 12-22 HCP (11 with two long suits: HCP plus the two
    longest suits make 20 or more; 23+ also opens at the one level and jumps
    later).  Five-card majors: 1S or 1H needs five cards (the longer major,
    spades with 5-5); otherwise the longer minor, 1D with 4-4, 1C with 3-3.
  * Weak two (2D, 2H, 2S): a six-card suit and 6-10 HCP.
  * Three of a suit: a seven-card suit and 5-10 HCP.
  * Pass: fewer than 12 HCP (or 11 without shape).

Responses to one of a suit (opponents silent)
  * A major raised: 2M simple raise (3+ cards, 6-9 points counting shortness),
    3M limit raise (4+ cards, 10-12), 4M (3+ cards, 13-15).
  * A new suit at the one level: 4+ cards, 6+ HCP, forcing (1H over 1m with
    4-4 in the majors).  At the two level: 10+ HCP and 4+ cards (5+ for hearts).
  * 1NT 6-9 (no fit, nothing at the one level); 2NT 11-12 balanced;
    3NT 13-15 balanced.  A minor raised: 2m 6-9, 3m 10-12 with 5+ cards.
  * Pass: 0-5 HCP.

Responses to 1NT
  * 2D/2H/2S: 5+ cards, 0-7 HCP, to play.  3H/3S: 5+ cards, 10+, forcing
    (opener bids 4M with three-card support, else 3NT).  4H/4S: six cards,
    10-15.  2NT 8-9 balanced (opener goes on with 16-17), 3NT 10-15,
    4NT 16-17 (quantitative slam try: opener bids 6NT with 16-17),
    6NT 18-20.  Pass with 0-7.

Opener's rebid
  * After a simple raise of a major: pass 12-15, 3M with 16-18 (a game try:
    partner bids game with the top of the raise), 4M with 19+.
  * After a limit raise: game with 14+.  After 1NT: pass balanced, rebid a
    six-card suit, show a second suit, or 2NT with 18-19 balanced.
  * After a new suit: raise with four-card support (2 level 12-15, 3 level
    16-18, game 19+), 1NT 12-14 balanced, a new suit at the one level,
    2NT 18-19 balanced, rebid a six-card suit (jump with 16-18), or a second
    suit.

Competition
  * Overcall: a five-card suit with 8-16 HCP (10+ at the two level);
    1NT overcall 15-18 balanced with a stopper; a jump overcall is weak
    (six cards, 6-10).
  * Takeout double of an opening: 12+ HCP, at most two cards in their suit
    and three or more in each unbid suit; or any 17+ hand.  Partner answers
    in the longest unbid suit, jumping with 9-11 and bidding game with 12+.
  * Negative double (partner opened, right-hand opponent overcalled):
    6+ HCP and four cards in an unbid major.  Redouble after their takeout
    double: 10+ HCP.
  * Penalty double: their contract at the two level or higher, four or more
    of their trumps, and our side holding 23+ HCP between us.

Later rounds (the "captain" rule)
  Each player adds its own points to the minimum partner has shown.  With an
  eight-card fit it bids that suit (majors first), otherwise no trump when
  balanced: game with 26 combined (25 for 3NT, 29 for a minor game),
  an invitation one level below game when partner's maximum would make game,
  a small slam with 33 and a grand slam with 37.  Suit slams go through
  Blackwood 4NT (5C 0 or 4 aces, 5D 1, 5H 2, 5S 3); the asker bids six when
  at most one ace is missing and stops at five otherwise.  In competition the
  side with a fit bids on to as many tricks as it has trumps (the law of
  total tricks), no further.

Inferences
----------
Every call is read with the same rules: the rule that would produce it tells a
listener an HCP range and suit lengths for the caller (``infer``).  The card
player uses them to deal only layouts that fit the auction.  Calls outside the
system (a human bidding something else) are read only for the length they
name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..auction import Auction, BidState
from ..calls import DOUBLE, PASS, REDOUBLE, Call, CallKind
from ..cards import Rank, Strain, Suit
from ..deal import Hand
from ..seats import Seat, Vul

SUITS_DESC = (Suit.S, Suit.H, Suit.D, Suit.C)


# ---------------------------------------------------------------------------
# Hand evaluation


@dataclass(frozen=True)
class HandInfo:
    """Counts the bidding rules test: HCP, suit lengths, shape."""

    hand: Hand
    hcp: int
    lengths: dict[Suit, int]

    @classmethod
    def of(cls, hand: Hand) -> "HandInfo":
        return cls(hand, hand.hcp(), {s: hand.length(s) for s in Suit})

    @property
    def balanced(self) -> bool:
        shape = sorted(self.lengths.values())
        return shape[0] >= 2 and shape[1] >= 3 or shape == [2, 3, 3, 5] or shape == [2, 3, 4, 4]

    def longest(self, among: tuple[Suit, ...] = SUITS_DESC) -> Suit:
        """The longest of ``among`` (the higher-ranking one when equal)."""
        return max(among, key=lambda s: (self.lengths[s], s))

    def shortness(self, trumps: Suit | None) -> int:
        """Support points: void 3, singleton 2, doubleton 1 outside trumps."""
        pts = 0
        for s in Suit:
            if s is trumps:
                continue
            pts += {0: 3, 1: 2, 2: 1}.get(self.lengths[s], 0)
        return pts

    def aces(self) -> int:
        return sum(1 for c in self.hand.cards if c.rank is Rank.ACE)

    def stopper(self, suit: Suit) -> bool:
        """A guard in ``suit``: A, Kx, Qxx or Jxxx."""
        ranks = self.hand.ranks(suit)
        n = len(ranks)
        return (Rank.ACE in ranks or (Rank.KING in ranks and n >= 2) or (Rank.QUEEN in ranks and n >= 3)
                or (Rank.JACK in ranks and n >= 4))


# ---------------------------------------------------------------------------
# What a call shows


@dataclass
class Shown:
    """What a player's calls have shown: an HCP range and a length range per suit."""

    hcp: tuple[int, int] = (0, 37)
    lengths: dict[Suit, tuple[int, int]] = field(default_factory=lambda: {s: (0, 13) for s in Suit})
    balanced: bool = False

    def add(self, hcp: tuple[int, int] | None = None, lengths: dict[Suit, tuple[int, int]] | None = None,
            balanced: bool = False) -> None:
        """Narrow by what one more call shows.  A call that contradicts what was
        shown before (a human outside the system) keeps the newer range."""
        if hcp is not None:
            lo, hi = max(self.hcp[0], hcp[0]), min(self.hcp[1], hcp[1])
            self.hcp = (lo, hi) if lo <= hi else hcp
        for suit, (a, b) in (lengths or {}).items():
            lo, hi = max(self.lengths[suit][0], a), min(self.lengths[suit][1], b)
            self.lengths[suit] = (lo, hi) if lo <= hi else (a, b)
        if balanced:
            self.balanced = True
            for suit in Suit:
                lo, hi = self.lengths[suit]
                self.lengths[suit] = (max(lo, 2), min(hi, 5)) if max(lo, 2) <= min(hi, 5) else (lo, hi)

    def min_len(self, suit: Suit) -> int:
        return self.lengths[suit][0]

    def fits(self, hcp: int, lengths: dict[Suit, int]) -> bool:
        """Whether a hand with these counts agrees with what was shown."""
        if not self.hcp[0] <= hcp <= self.hcp[1]:
            return False
        return all(self.lengths[s][0] <= lengths[s] <= self.lengths[s][1] for s in Suit)

    def describe(self) -> str:
        parts = [f"{self.hcp[0]}-{self.hcp[1]} HCP" if self.hcp != (0, 37) else ""]
        for s in SUITS_DESC:
            lo, hi = self.lengths[s]
            if (lo, hi) != (0, 13) and not (self.balanced and (lo, hi) == (2, 5)):
                parts.append(f"{lo}+ {s.word}" if hi >= 13 else f"{lo}-{hi} {s.word}")
        if self.balanced:
            parts.append("balanced")
        return ", ".join(p for p in parts if p) or "nothing yet"


@dataclass(frozen=True)
class Rule:
    """One line of the system: a call, what it shows, why, and an extra test."""

    call: Call
    reason: str
    hcp: tuple[int, int] = (0, 37)
    lengths: dict[Suit, tuple[int, int]] = field(default_factory=dict)
    balanced: bool = False
    test: Callable[[HandInfo], bool] | None = None
    invite: bool = False  # an invitation partner accepts with the top of its range

    def matches(self, info: HandInfo) -> bool:
        if not self.hcp[0] <= info.hcp <= self.hcp[1]:
            return False
        if any(not lo <= info.lengths[s] <= hi for s, (lo, hi) in self.lengths.items()):
            return False
        if self.balanced and not info.balanced:
            return False
        return self.test is None or self.test(info)


def _major_response_test(s: Suit) -> Callable[[HandInfo], bool]:
    """A 1H/1S response over a minor: 1H with hearts at least as long as
    spades; 1S with more spades than hearts, or fewer than four hearts."""
    def test(i: HandInfo) -> bool:
        if s is Suit.H:
            return i.lengths[Suit.H] >= i.lengths[Suit.S]
        return i.lengths[Suit.S] > i.lengths[Suit.H] or i.lengths[Suit.H] < 4
    return test


def _longest_outside_test(s: Suit, trump: Suit) -> Callable[[HandInfo], bool]:
    """``s`` is at least as long as every suit other than ``trump``."""
    def test(i: HandInfo) -> bool:
        return i.lengths[s] >= max(i.lengths[x] for x in Suit if x is not trump)
    return test


def _longest_test(s: Suit) -> Callable[[HandInfo], bool]:
    """``s`` is at least as long as every suit."""
    def test(i: HandInfo) -> bool:
        return i.lengths[s] >= max(i.lengths.values())
    return test


@dataclass(frozen=True)
class BidDecision:
    """A computer call and the reason it gives when asked (``?``)."""

    call: Call
    reason: str


def _bid(level: int, strain: Strain) -> Call:
    return Call.bid(level, strain)


# ---------------------------------------------------------------------------
# Reading the auction


@dataclass
class _Context:
    auction: Auction              # the auction before the call
    seat: Seat                    # who is to call
    shown: dict[Seat, Shown]      # what each seat has shown so far
    invites: dict[Seat, bool]     # whether a seat's last call was an invitation
    vul: Vul

    @property
    def partner(self) -> Seat:
        return self.seat.partner

    def calls_by(self, seat: Seat) -> list[tuple[int, Call]]:
        return [(i, c) for i, c in enumerate(self.auction.calls) if self.auction.seat_of(i) is seat]

    def bids(self) -> list[tuple[int, Seat, Call]]:
        a = self.auction
        return [(i, a.seat_of(i), c) for i, c in enumerate(a.calls) if c.is_bid]

    def our_strains(self, seat: Seat) -> list[Strain]:
        return [c.strain for _, s, c in self.bids() if s is seat and c.strain is not None]

    def opp_suits(self) -> list[Suit]:
        out: list[Suit] = []
        for _, s, c in self.bids():
            if s.side is not self.seat.side and c.strain is not None and c.strain.suit is not None:
                if c.strain.suit not in out:
                    out.append(c.strain.suit)
        return out


def _situation(ctx: _Context) -> str:
    """Name the bidding situation for the seat to call: ``open``, ``respond``
    (partner opened), ``rebid`` (opener's second call), ``overcall`` (they
    opened, our side silent), ``advance`` (partner acted over their opening)
    or ``later`` (the captain rule)."""
    bids = ctx.bids()
    seat = ctx.seat
    if not bids:
        return "open"
    first_i, opener, _opening = bids[0]
    mine = ctx.calls_by(seat)
    partners = ctx.calls_by(seat.partner)
    mine_after = [c for i, c in mine if i > first_i]
    if opener.side is seat.side:
        if opener is seat:
            p_after = [c for i, c in partners if i > first_i]
            if len(mine_after) == 0 and len(p_after) == 1 and p_after[0].is_bid:
                return "rebid"
            return "later"
        return "respond" if not mine_after else "later"
    # the opponents opened
    ours = [c for i, c in mine + partners if i > first_i and c.kind is not CallKind.PASS]
    if not ours and not mine_after:
        return "overcall"
    p_acts = [(i, c) for i, c in partners if i > first_i and c.kind is not CallKind.PASS]
    my_acts = [c for c in mine_after if c.kind is not CallKind.PASS]
    if p_acts and not my_acts and len(p_acts) == 1:
        return "advance"
    return "later"


def _rules(ctx: _Context) -> list[Rule]:
    """The system's rules for the situation, in order of preference."""
    sit = _situation(ctx)
    if sit == "open":
        return _opening_rules()
    if sit == "respond":
        return _response_rules(ctx)
    if sit == "rebid":
        return _rebid_rules(ctx)
    if sit == "overcall":
        return _overcall_rules(ctx)
    if sit == "advance":
        return _advance_rules(ctx)
    return []


def _rule_of_20(i: HandInfo) -> bool:
    a, b = sorted(i.lengths.values(), reverse=True)[:2]
    return i.hcp >= 12 or i.hcp + a + b >= 20


def _opening_rules() -> list[Rule]:
    S, H, D, C = Suit.S, Suit.H, Suit.D, Suit.C
    return [
        Rule(_bid(2, Strain.NT), "2NT: 20-22 HCP, balanced", (20, 22), balanced=True),
        Rule(_bid(1, Strain.NT), "1NT: 15-17 HCP, balanced", (15, 17), balanced=True),
        Rule(_bid(1, Strain.S), "1S: opening values with five or more spades", (11, 37), {S: (5, 13)},
             test=lambda i: _rule_of_20(i) and i.lengths[S] >= i.lengths[H]),
        Rule(_bid(1, Strain.H), "1H: opening values with five or more hearts", (11, 37), {H: (5, 13)},
             test=_rule_of_20),
        Rule(_bid(1, Strain.D), "1D: opening values, no five-card major, diamonds the longer minor",
             (11, 37), {D: (3, 13), H: (0, 4), S: (0, 4)},
             test=lambda i: _rule_of_20(i) and (i.lengths[D] > i.lengths[C] or i.lengths[D] == i.lengths[C] >= 4)),
        Rule(_bid(1, Strain.C), "1C: opening values, no five-card major, clubs the longer minor",
             (11, 37), {C: (3, 13), H: (0, 4), S: (0, 4)}, test=_rule_of_20),
        Rule(_bid(1, Strain.C), "1C: opening values, no five-card major (short clubs possible)",
             (11, 37), {H: (0, 4), S: (0, 4)}, test=_rule_of_20),
        *(Rule(_bid(2, s.strain), f"2{s.name}: weak two, six {s.word} and 6-10 HCP", (6, 10),
               {s: (6, 6)}) for s in (S, H, D)),
        *(Rule(_bid(3, s.strain), f"3{s.name}: preempt, seven {s.word} and 5-10 HCP", (5, 10),
               {s: (7, 8)}) for s in (S, H, D, C)),
        Rule(PASS, "Pass: not enough to open (fewer than 12 HCP)", (0, 12)),
    ]


def _response_rules(ctx: _Context) -> list[Rule]:
    bids = ctx.bids()
    _, opener, opening = bids[0]
    last_i, last_seat, last_call = bids[-1]
    rho_call = ctx.auction.calls[-1] if ctx.auction.calls else PASS
    assert opening.strain is not None and opening.level is not None
    S, H, D, C = Suit.S, Suit.H, Suit.D, Suit.C
    rules: list[Rule] = []
    interfered = last_seat is not opener or rho_call.kind is CallKind.DOUBLE
    if opening.level == 1 and opening.strain is Strain.NT and not interfered:
        return [
            *(Rule(_bid(2, s.strain), f"2{s.name}: five or more {s.word}, weak (0-7 HCP), to play",
                   (0, 7), {s: (5, 13)}) for s in (S, H, D)),
            *(Rule(_bid(4, s.strain), f"4{s.name}: six or more {s.word}, game values (10-15 HCP)",
                   (10, 15), {s: (6, 13)}) for s in (S, H)),
            *(Rule(_bid(3, s.strain), f"3{s.name}: five {s.word}, game values, forcing: choose 4{s.name} or 3NT",
                   (10, 37), {s: (5, 5)}) for s in (S, H)),
            Rule(PASS, "Pass: 0-7 HCP, no game opposite 15-17", (0, 7)),
            Rule(_bid(2, Strain.NT), "2NT: 8-9 HCP, invites 3NT", (8, 9), invite=True),
            Rule(_bid(3, Strain.NT), "3NT: 10-15 HCP, game opposite 15-17", (10, 15)),
            Rule(_bid(4, Strain.NT), "4NT: 16-17 HCP, slam try: bid 6NT with a maximum", (16, 17), invite=True),
            Rule(_bid(6, Strain.NT), "6NT: 18-20 HCP, small slam opposite 15-17", (18, 20)),
            Rule(_bid(7, Strain.NT), "7NT: 21+ HCP, grand slam opposite 15-17", (21, 37)),
        ]
    if opening.level == 2 and opening.strain is Strain.NT and not interfered:
        return [
            Rule(PASS, "Pass: 0-3 HCP, no game opposite 20-22", (0, 3)),
            *(Rule(_bid(4, s.strain), f"4{s.name}: six or more {s.word}, game", (4, 10), {s: (6, 13)})
              for s in (S, H)),
            Rule(_bid(3, Strain.NT), "3NT: 4-10 HCP, game opposite 20-22", (4, 10)),
            Rule(_bid(6, Strain.NT), "6NT: 11-14 HCP, small slam opposite 20-22", (11, 14)),
        ]
    if opening.strain is Strain.NT and (interfered or opening.level >= 3):
        return []
    if opening.level >= 2:
        suit = opening.strain.suit
        if suit is None:
            return []
        game = 4 if suit in (S, H) else 5
        return [
            Rule(_bid(game, opening.strain), f"{game}{suit.name}: support and game values opposite a preempt",
                 (15, 37), {suit: (2, 13)}),
            Rule(_bid(3, Strain.NT), "3NT: game values with stoppers opposite a preempt", (16, 37),
                 test=lambda i: all(i.stopper(s) for s in Suit if s is not suit)),
        ] if opening.level <= 3 else []
    # one of a suit opened
    trump = opening.strain.suit
    assert trump is not None
    major = trump in (S, H)
    n = opening.strain.name
    if rho_call.kind is CallKind.DOUBLE and last_seat is opener:
        rules.append(Rule(REDOUBLE, "XX: 10+ HCP after their takeout double; we hold the balance of power",
                          (10, 37), test=lambda i: i.lengths[trump] <= 3))
    if major:
        rules += [
            Rule(_bid(4, opening.strain), f"4{n}: three or more {trump.word} and 13-15 points", (11, 15),
                 {trump: (3, 13)}, test=lambda i: 13 <= i.hcp + i.shortness(trump) <= 15),
            Rule(_bid(3, opening.strain), f"3{n}: limit raise, four or more {trump.word}, 10-12 points, invites game",
                 (8, 12), {trump: (4, 13)}, test=lambda i: 10 <= i.hcp + i.shortness(trump) <= 12, invite=True),
            Rule(_bid(2, opening.strain), f"2{n}: simple raise, three or more {trump.word}, 6-9 points",
                 (5, 9), {trump: (3, 13)}, test=lambda i: 6 <= i.hcp + i.shortness(trump) <= 9),
        ]
        if trump is H:
            rules.append(Rule(_bid(1, Strain.S), "1S: four or more spades, 6+ HCP, forcing", (6, 37), {S: (4, 13)}))
    else:
        for s in (H, S):
            rules.append(Rule(_bid(1, s.strain), f"1{s.name}: four or more {s.word}, 6+ HCP, forcing",
                              (6, 37), {s: (4, 13)},
                              test=_major_response_test(s)))
        if trump is C:
            rules.append(Rule(_bid(1, Strain.D), "1D: four or more diamonds, 6+ HCP, no four-card major, forcing",
                              (6, 37), {D: (4, 13), H: (0, 3), S: (0, 3)}))
    # strong hands without a fit: a new suit at the two level
    for s in (C, D, H, S):
        call = _bid(1, s.strain) if s > trump else _bid(2, s.strain)
        if call.level == 1 or s is trump:
            continue
        need = 5 if s is H else 4
        rules.append(Rule(call, f"2{s.name}: {need}+ {s.word} and 10+ HCP, forcing", (10, 37),
                          {s: (need, 13)}, test=_longest_outside_test(s, trump)))
    if not major:
        rules += [
            Rule(_bid(3, opening.strain), f"3{n}: five or more {trump.word}, 10-12 HCP, invites game",
                 (10, 12), {trump: (5, 13), H: (0, 3), S: (0, 3)}, invite=True),
            Rule(_bid(2, opening.strain), f"2{n}: five or more {trump.word}, 6-9 HCP",
                 (6, 9), {trump: (5, 13), H: (0, 3), S: (0, 3)}),
        ]
    rules += [
        Rule(_bid(3, Strain.NT), "3NT: 13-15 HCP, balanced, no fit", (13, 15), balanced=True),
        Rule(_bid(2, Strain.NT), "2NT: 11-12 HCP, balanced, invites 3NT", (11, 12), balanced=True, invite=True),
        Rule(_bid(1, Strain.NT), "1NT: 6-9 HCP, nothing better to say", (6, 10)),
    ]
    if interfered and rho_call.is_bid:
        opp = rho_call.strain.suit if rho_call.strain is not None else None
        unbid_majors = [m for m in (H, S) if m is not trump and m is not opp]
        if unbid_majors and opp is not None:
            rules.insert(0, Rule(DOUBLE, "X: negative double, 6+ HCP and four cards in the unbid major",
                                 (6, 37), {unbid_majors[0]: (4, 13)} if len(unbid_majors) == 1 else {}, test=lambda i: any(i.lengths[m] >= 4 for m in unbid_majors)
                                 and not (major and i.lengths[trump] >= 3)))
        rules.append(Rule(PASS, "Pass: nothing to add after their overcall", (0, 9)))
    else:
        rules.append(Rule(PASS, "Pass: 0-5 HCP, too weak to respond", (0, 5)))
    return rules


def _rebid_rules(ctx: _Context) -> list[Rule]:
    bids = ctx.bids()
    _, opener, opening = bids[0]
    resp = [c for i, c in ctx.calls_by(ctx.partner) if i > bids[0][0]][0]
    S, H, D, C = Suit.S, Suit.H, Suit.D, Suit.C
    assert opening.strain is not None and opening.level is not None
    rs, rl = resp.strain, resp.level
    assert rs is not None and rl is not None
    if opening.strain is Strain.NT and opening.level == 1:
        if rl == 3 and rs.suit in (H, S):
            s = rs.suit
            return [Rule(_bid(4, rs), f"4{s.name}: three or more {s.word} for partner's five", (15, 17),
                         {s: (3, 13)}),
                    Rule(_bid(3, Strain.NT), f"3NT: only two {s.word}", (15, 17), {s: (2, 2)})]
        if rs is Strain.NT and rl == 2:
            return [Rule(_bid(3, Strain.NT), "3NT: accepts the invitation with 16-17", (16, 17)),
                    Rule(PASS, "Pass: a minimum 15, declines the invitation", (15, 15))]
        if rs is Strain.NT and rl == 4:
            return [Rule(_bid(6, Strain.NT), "6NT: accepts the slam try with 16-17", (16, 17)),
                    Rule(PASS, "Pass: a minimum 15, declines the slam try", (15, 15))]
        return [Rule(PASS, "Pass: partner's bid is to play", (15, 17))]
    if opening.strain is Strain.NT:
        return []
    trump = opening.strain.suit
    assert trump is not None
    n = trump.name
    rules: list[Rule] = []
    if rs is opening.strain:
        if rl == 2 and trump in (H, S):
            return [Rule(_bid(4, rs), f"4{n}: 19+ points, game opposite a simple raise", (17, 37),
                         test=lambda i: i.hcp + i.shortness(trump) >= 19),
                    Rule(_bid(3, rs), f"3{n}: game try with 16-18 points: partner bids game with a good raise",
                         (14, 18), test=lambda i: i.hcp + i.shortness(trump) >= 16, invite=True),
                    Rule(PASS, "Pass: 12-15 points, no game opposite a simple raise", (11, 15))]
        if rl == 3 and trump in (H, S):
            return [Rule(_bid(4, Strain.NT), "4NT: Blackwood, slam values opposite a limit raise (23+ points)",
                         (19, 37), test=lambda i: i.hcp + i.shortness(trump) >= 23),
                    Rule(_bid(4, rs), f"4{n}: accepts the limit raise with 14+", (14, 37)),
                    Rule(PASS, "Pass: declines the limit raise with a minimum", (11, 13))]
        if rl == 3:
            return [Rule(_bid(3, Strain.NT), "3NT: accepts the raise with 14+ and stoppers", (14, 37),
                         test=lambda i: sum(i.stopper(s) for s in Suit) >= 3),
                    Rule(PASS, "Pass: declines the invitation", (11, 37))]
        return [Rule(PASS, "Pass: partner's raise shows no game opposite my hand", (11, 15))]
    if rs is Strain.NT:
        if rl == 1:
            return [
                Rule(_bid(2, Strain.NT), "2NT: 18-19 HCP balanced, invites 3NT", (18, 19), balanced=True,
                     invite=True),
                Rule(_bid(3, opening.strain), f"3{n}: six or more {trump.word}, 16-18 HCP, invites game",
                     (16, 18), {trump: (6, 13)}, invite=True),
                Rule(_bid(2, opening.strain), f"2{n}: six or more {trump.word}, minimum", (11, 15),
                     {trump: (6, 13)}),
                *(Rule(_bid(2, s.strain), f"2{s.name}: a second suit, four or more {s.word}, minimum",
                       (11, 17), {s: (4, 13)}) for s in (C, D, H) if s < trump),
                Rule(PASS, "Pass: a minimum, balanced enough for 1NT", (11, 14)),
                Rule(_bid(3, Strain.NT), "3NT: 20+ HCP", (20, 37)),
                Rule(_bid(2, opening.strain), f"2{n}: a minimum with nothing else to say", (11, 17)),
            ]
        if rl == 2:
            return [Rule(_bid(3, Strain.NT), "3NT: accepts the invitation with 13+", (13, 37)),
                    Rule(_bid(3, opening.strain), f"3{n}: six or more {trump.word}, a minimum",
                         (11, 12), {trump: (6, 13)}),
                    Rule(PASS, "Pass: a minimum, declines 2NT", (11, 12))]
        return [Rule(PASS, "Pass: partner placed the contract", (11, 37))]
    # a new suit by partner
    ps = rs.suit
    assert ps is not None
    pn = ps.name
    raise1 = _bid(rl + 1, rs)
    rules += [
        Rule(_bid(4, rs) if ps in (H, S) else _bid(min(rl + 2, 5), rs),
             f"{4 if ps in (H, S) else min(rl + 2, 5)}{pn}: four {ps.word} for partner and 19+ points",
             (17, 37), {ps: (4, 13)}, test=lambda i: i.hcp + i.shortness(ps) >= 19),
        Rule(_bid(rl + 2, rs), f"{rl + 2}{pn}: four {ps.word} for partner and 16-18 points, invites game",
             (14, 18), {ps: (4, 13)}, test=lambda i: i.hcp + i.shortness(ps) >= 16, invite=True),
        Rule(raise1, f"{rl + 1}{pn}: four {ps.word} for partner, a minimum", (11, 16), {ps: (4, 13)}),
    ]
    if rl == 1:
        rules.append(Rule(_bid(1, Strain.NT), "1NT: 12-14 HCP balanced", (11, 14), balanced=True))
        if ps is not S and trump is not S:
            rules.append(Rule(_bid(1, Strain.S), "1S: four spades, showing another suit on the way", (11, 18),
                              {S: (4, 13)}))
        rules.append(Rule(_bid(2, Strain.NT), "2NT: 18-19 HCP balanced, invites 3NT", (18, 19), balanced=True,
                          invite=True))
    else:
        rules.append(Rule(_bid(2, Strain.NT), "2NT: 12-14 HCP balanced", (11, 14), balanced=True))
        rules.append(Rule(_bid(3, Strain.NT), "3NT: 15-19 HCP balanced", (15, 19), balanced=True))
    rules += [
        Rule(_bid(3, opening.strain), f"3{n}: six or more {trump.word} and 16-18 HCP, invites game",
             (16, 18), {trump: (6, 13)}, invite=True),
        Rule(_bid(2, opening.strain), f"2{n}: six or more {trump.word}, a minimum", (11, 15),
             {trump: (6, 13)}),
    ]
    for s in (C, D, H, S):
        if s is trump or s is ps:
            continue
        call = _bid(2, s.strain) if s < trump else None
        if call is not None:
            rules.append(Rule(call, f"2{s.name}: a second suit, four or more {s.word}", (11, 18),
                              {s: (4, 13)}))
    rules += [
        Rule(_bid(2, opening.strain), f"2{n}: a minimum, nothing else to say", (11, 15)),
        Rule(_bid(2, Strain.NT) if rl == 1 else _bid(3, Strain.NT),
             f"{2 if rl == 1 else 3}NT: a strong hand without a fit", (15, 37)),
    ]
    return rules


def _overcall_rules(ctx: _Context) -> list[Rule]:
    bids = ctx.bids()
    _, opener, opening = bids[0]
    last = bids[-1][2]
    if len(bids) > 1 or opening.strain is None or opening.level is None or opening.level > 3:
        # they have bid twice (or a high preempt): only strong actions
        opp = ctx.opp_suits()
        return [Rule(DOUBLE, "X: takeout, 13+ HCP and short in their suits", (13, 37),
                     test=lambda i: all(i.lengths[s] <= 2 for s in opp))] if last.level is not None and last.level <= 3 else []
    theirs = opening.strain.suit
    rules: list[Rule] = []
    unbid = [s for s in Suit if s is not theirs]
    if theirs is not None:
        rules.append(Rule(DOUBLE, f"X: takeout double, 12+ HCP, short in {theirs.word}, support for the others",
                          (12, 37), {theirs: (0, 2)}, test=lambda i: all(i.lengths[s] >= 3 for s in unbid)
                          and i.lengths[theirs] <= 2))
        if opening.level == 1:
            rules.append(Rule(_bid(1, Strain.NT), "1NT: 15-18 HCP balanced with a stopper in their suit",
                              (15, 18), balanced=True, test=lambda i: i.stopper(theirs)))
    for s in (Suit.S, Suit.H, Suit.D, Suit.C):
        if s is theirs:
            continue
        lvl = opening.level if s.strain.value > opening.strain.value else opening.level + 1
        if lvl > 3:
            continue
        rules.append(Rule(_bid(lvl, s.strain),
                          f"{lvl}{s.name}: overcall, five or more {s.word}, {8 if lvl == 1 else 10}-16 HCP",
                          (8 if lvl == 1 else 10, 16), {s: (5 if lvl == 1 else 6, 13) if lvl > 1 else (5, 13)},
                          test=_longest_test(s)))
        if lvl + 1 <= 3 and opening.level == 1:
            rules.append(Rule(_bid(lvl + 1, s.strain),
                              f"{lvl + 1}{s.name}: weak jump overcall, six {s.word}, 6-10 HCP",
                              (6, 10), {s: (6, 13)}))
    rules.append(Rule(DOUBLE, "X: 17+ HCP, too strong to overcall", (17, 37)))
    rules.append(Rule(PASS, "Pass: nothing worth showing over their opening", (0, 16)))
    return rules


def _advance_rules(ctx: _Context) -> list[Rule]:
    bids = ctx.bids()
    partner_calls = [c for i, c in ctx.calls_by(ctx.partner) if i > bids[0][0] and c.kind is not CallKind.PASS]
    pc = partner_calls[0]
    a = ctx.auction
    state = a.last_bid()
    if state is None:
        return []
    theirs = [s for s in ctx.opp_suits()]
    rules: list[Rule] = []
    if pc.kind is CallKind.DOUBLE:
        if state.seat.side is ctx.seat.side:
            return []
        if a.calls[-1].is_bid:
            # they bid over partner's double: free bids only
            pass
        unbid = [s for s in (Suit.S, Suit.H, Suit.D, Suit.C) if s not in theirs]
        for s in unbid:
            lvl = _cheapest_level(state.call, s.strain)
            if lvl > 4:
                continue
            game = 4 if s in (Suit.H, Suit.S) else 5
            longest_unbid = (lambda i, s=s: i.lengths[s] == max(i.lengths[x] for x in unbid)
                             and (i.lengths[s] > max([i.lengths[x] for x in unbid if x > s] or [0])))
            if game >= lvl and s in (Suit.H, Suit.S):
                rules.append(Rule(_bid(game, s.strain), f"{game}{s.name}: game opposite the takeout double, 12+ HCP, four+ {s.word}",
                                  (12, 37), {s: (4, 13)}, test=longest_unbid))
            if lvl + 1 <= 4:
                rules.append(Rule(_bid(lvl + 1, s.strain), f"{lvl + 1}{s.name}: jump answer to the double, 9-11 HCP, four+ {s.word}",
                                  (9, 11), {s: (4, 13)}, test=longest_unbid, invite=True))
            rules.append(Rule(_bid(lvl, s.strain), f"{lvl}{s.name}: answers the double with my longest unbid suit ({s.word}), 0-8 HCP",
                              (0, 8), {s: (3, 13)}, test=longest_unbid))
        if theirs:
            rules.insert(0, Rule(PASS, "Pass: converts the double to penalties with a long, strong holding in their suit",
                                 (6, 37), {theirs[0]: (5, 13)}, test=lambda i: i.stopper(theirs[0])))
        if a.calls[-1].is_bid:
            rules.append(Rule(PASS, "Pass: they bid over partner's double, nothing to add", (0, 8)))
        return rules
    if pc.is_bid and pc.strain is not None:
        ps = pc.strain.suit
        if ps is None:
            return [Rule(_bid(3, Strain.NT), "3NT: game opposite partner's 1NT overcall", (9, 37)),
                    Rule(PASS, "Pass: no game opposite 15-18", (0, 8))]
        game = 4 if ps in (Suit.H, Suit.S) else 5
        rules += [
            Rule(_bid(game, pc.strain), f"{game}{ps.name}: support and 13+ points, game", (12, 37), {ps: (3, 13)},
                 test=lambda i: i.hcp + i.shortness(ps) >= 13),
            Rule(_bid(pc.level + 1, pc.strain) if pc.level is not None else PASS,
                 f"{(pc.level or 0) + 1}{ps.name}: raise, three or more {ps.word} for partner's overcall, 6-12 points", (5, 12), {ps: (3, 13)},
                 test=lambda i: i.hcp + i.shortness(ps) >= 6),
            Rule(PASS, "Pass: nothing to add to partner's overcall", (0, 12)),
        ]
    return rules


def _cheapest_level(over: Call, strain: Strain) -> int:
    assert over.level is not None and over.strain is not None
    return over.level if strain > over.strain else over.level + 1


# ---------------------------------------------------------------------------
# The captain: later rounds, by counting combined points and fits


_GAME = {Strain.NT: 3, Strain.S: 4, Strain.H: 4, Strain.D: 5, Strain.C: 5}


def _blackwood_answer(aces: int) -> Call:
    return _bid(5, (Strain.C, Strain.D, Strain.H, Strain.S, Strain.C)[aces])


def _captain(ctx: _Context, info: HandInfo) -> BidDecision:
    a = ctx.auction
    state = a.last_bid()
    p = ctx.shown[ctx.partner]
    me = ctx.shown[ctx.seat]
    my_calls = [c for _, c in ctx.calls_by(ctx.seat)]
    p_calls = [c for _, c in ctx.calls_by(ctx.partner)]
    assert state is not None
    ours = state.seat.side is ctx.seat.side
    # Blackwood
    if ours and state.seat is ctx.partner and state.call == _bid(4, Strain.NT) and _suit_agreed(ctx) is not None:
        aces = info.aces()
        answer = _blackwood_answer(aces)
        words = ("no aces (or four)", "one ace", "two aces", "three aces", "four aces (or none)")[aces]
        return BidDecision(answer, f"{answer}: answers Blackwood, {words}")
    if ours and my_calls and my_calls[-1] == _bid(4, Strain.NT) and state.seat is ctx.partner \
            and state.call.level == 5 and state.call.strain is not None and state.call.strain.suit is not None \
            and _suit_agreed(ctx) is not None:
        trump = _suit_agreed(ctx)
        assert trump is not None
        resp = int(state.call.strain)  # 5C 0, 5D 1, 5H 2, 5S 3
        partner_aces = resp if resp else (4 if info.aces() == 0 else 0)
        total = info.aces() + partner_aces
        if total >= 3:
            return BidDecision(_bid(6, trump.strain),
                               f"6{trump.name}: {total} aces between us after Blackwood, small slam")
        call = _bid(5, trump.strain)
        if a.is_legal(call):
            return BidDecision(call, f"{call}: only {total} aces between us, stop at the five level")
        return BidDecision(PASS, f"Pass: only {total} aces between us, stop here")
    # fits and strain
    strain = _choose_strain(ctx, info)
    if strain is None:
        if ours:
            return BidDecision(PASS, f"Pass: no fit and no better strain than {state.call}")
        return _compete_or_pass(ctx, info, None, state, ours, info.hcp + p.hcp[0])
    pts = info.hcp + (info.shortness(strain.suit) if strain.suit is not None and _fit_len(ctx, info, strain.suit) >= 8 else 0)
    lo, hi = pts + p.hcp[0], pts + p.hcp[1]
    # what partner probably holds: the middle of its range, within the points left
    others = sum(ctx.shown[s].hcp[0] for s in (ctx.seat.lho, ctx.seat.rho))
    room = max(0, 40 - info.hcp - others)
    likely = pts + min((p.hcp[0] + min(p.hcp[1], room)) // 2, room)
    # accept or decline partner's invitation
    if ctx.invites.get(ctx.partner) and ours:
        mid = (me.hcp[0] + me.hcp[1]) / 2 if me.hcp != (0, 37) else 12
        if info.hcp >= mid:
            lo = max(lo, 26 if strain is not Strain.NT else 25)
    if state.call.level is not None and state.call.level >= 6 and ours:
        return BidDecision(PASS, "Pass: we are in slam")
    target, what = _target(strain, lo, hi, likely, ctx, info)
    if ours and state.seat is ctx.partner and (target < _GAME[strain] - 1 or what == "a part score"):
        return BidDecision(PASS, f"Pass: no game in sight, partner's {state.call} will do")
    if target == 0:
        return _compete_or_pass(ctx, info, strain, state, ours, lo)
    # slam through Blackwood
    if target >= 6 and strain is not Strain.NT and a.is_legal(_bid(4, Strain.NT)) \
            and _bid(4, Strain.NT) not in my_calls and _bid(4, Strain.NT) not in p_calls:
        return BidDecision(_bid(4, Strain.NT), f"4NT: Blackwood, asks for aces (slam likely: about {lo}+ points together"
                                                f" in {strain.word})")
    if what == "a part score":
        target = _cheapest_level(state.call, strain)
        if target > 2:
            return _compete_or_pass(ctx, info, strain, state, ours, lo)
    call = _bid(target, strain)
    if ours and state.call.strain is strain and state.call.level is not None and state.call.level >= target:
        return BidDecision(PASS, f"Pass: {state.call} is where we belong ({what})")
    if a.is_legal(call):
        return BidDecision(call, f"{call}: {what}, about {likely} points together in {strain.word}")
    return _compete_or_pass(ctx, info, strain, state, ours, lo)


def _fit_len(ctx: _Context, info: HandInfo, suit: Suit) -> int:
    return info.lengths[suit] + ctx.shown[ctx.partner].min_len(suit)


def _suit_agreed(ctx: _Context) -> Suit | None:
    """A suit both partners have bid (the last named one), if any."""
    mine = {c.suit for c in ctx.our_strains(ctx.seat) if c.suit is not None}
    his = [c.suit for c in ctx.our_strains(ctx.partner) if c.suit is not None]
    for s in reversed(his):
        if s in mine:
            return s
    for s in reversed(his + list(mine)):
        if ctx.shown[ctx.seat].min_len(s) + ctx.shown[ctx.partner].min_len(s) >= 8:
            return s
    return None


def _choose_strain(ctx: _Context, info: HandInfo) -> Strain | None:
    fits = [(s, _fit_len(ctx, info, s)) for s in Suit]
    good = [(s, n) for s, n in fits if n >= 8]
    if good:
        majors = [x for x in good if x[0] in (Suit.H, Suit.S)]
        best = max(majors or good, key=lambda x: (x[1], x[0]))
        if best[0] in (Suit.H, Suit.S):
            return best[0].strain
        opp = ctx.opp_suits()
        if info.balanced and all(info.stopper(s) for s in opp) or ctx.shown[ctx.partner].balanced:
            return Strain.NT
        return best[0].strain
    longest = info.longest()
    if info.lengths[longest] >= 6:
        return longest.strain
    opp = ctx.opp_suits()
    if all(info.stopper(s) for s in opp):
        return Strain.NT
    p = ctx.shown[ctx.partner]
    p_suit = max(Suit, key=lambda s: (p.min_len(s), s))
    if p.min_len(p_suit) >= 5 and info.lengths[p_suit] >= 2:
        return p_suit.strain
    return longest.strain if info.lengths[longest] >= 5 else None


def _target(strain: Strain, lo: int, hi: int, likely: int, ctx: _Context, info: HandInfo) -> tuple[int, str]:
    game = _GAME[strain]
    need = {3: 25, 4: 26, 5: 29}[game]
    fit = strain.suit is None or _fit_len(ctx, info, strain.suit) >= 8
    if (lo >= 37 or likely >= 38 and lo >= 34) and fit:
        return 7, "grand slam values"
    if (lo >= 33 or likely >= 34 and lo >= 30) and fit:
        return 6, "small slam values"
    if lo >= need or likely >= need + 1:
        return game, "game values"
    if strain.is_minor and lo >= 25 and info.balanced:
        return 3, "game values"
    if hi >= need + 2 and lo >= need - 3:
        return game - 1, "invites game"
    if likely >= 20 or (strain.suit is not None and _fit_len(ctx, info, strain.suit) >= 8):
        return max(1, min(2, game - 1)), "a part score"
    return 0, ""


def _compete_or_pass(ctx: _Context, info: HandInfo, strain: Strain | None, state: BidState, ours: bool,
                     lo: int) -> BidDecision:
    a = ctx.auction
    if ours:
        return BidDecision(PASS, f"Pass: content with {state.call} (about {lo} points together)")
    their = state.call.strain
    # penalty double
    if their is not None and state.doubling == 0 and state.call.level is not None and state.call.level >= 2:
        trumps = info.lengths[their.suit] if their.suit is not None else 0
        if lo >= 23 and (trumps >= 4 or their is Strain.NT and info.hcp >= 10) and a.is_legal(DOUBLE):
            return BidDecision(DOUBLE, f"X: penalty double, {trumps} of their trumps and about {lo} points together")
    # law of total tricks
    if strain is not None and strain.suit is not None:
        total = _fit_len(ctx, info, strain.suit)
        if total >= 8:
            lvl = _cheapest_level(state.call, strain)
            if lvl <= total - 6 and lvl <= 4:
                call = _bid(lvl, strain)
                if a.is_legal(call):
                    return BidDecision(call, f"{call}: competes with {total} {strain.word} together "
                                             f"(as many tricks as trumps)")
    return BidDecision(PASS, f"Pass: no good bid over {state.call}")


# ---------------------------------------------------------------------------
# The public interface


class Bidder:
    """The computer's bidding, and the reading of anyone's calls, in one system.

    ``decide(auction, hand, vul)`` returns the computer's call with its reason;
    ``infer(auction, vul)`` returns what each seat's calls have shown.
    Neither raises for any legal auction.
    """

    def decide(self, auction: Auction, hand: Hand, vul: Vul = Vul.NONE) -> BidDecision:
        """The call for the seat to call, with a reason.  Always a legal call."""
        ctx = self._context(auction, vul)
        info = HandInfo.of(hand)
        for rule in _rules(ctx):
            if rule.matches(info) and auction.is_legal(rule.call):
                return BidDecision(rule.call, rule.reason)
        if auction.last_bid() is None:
            return BidDecision(PASS, "Pass: nothing to open")
        decision = _captain(ctx, info)
        if not auction.is_legal(decision.call):
            return BidDecision(PASS, f"Pass: {decision.call} is not available")
        return decision

    def infer(self, auction: Auction, vul: Vul = Vul.NONE) -> dict[Seat, Shown]:
        """What every seat has shown, reading each call with the system."""
        return self._read(auction, vul)[0]

    def explain(self, auction: Auction, index: int, vul: Vul = Vul.NONE) -> str:
        """What call ``index`` of ``auction`` means in the system (for ``?`` on any call)."""
        prefix = Auction(auction.dealer, auction.calls[:index])
        ctx = self._context(prefix, vul)
        call = auction.calls[index]
        for rule in _rules(ctx):
            if rule.call == call and prefix.is_legal(call):
                return rule.reason
        return f"{call}: outside the opening rounds, read with the captain rule"

    # -- internals ---------------------------------------------------------

    def _context(self, auction: Auction, vul: Vul) -> _Context:
        shown, invites = self._read(auction, vul)
        return _Context(auction, auction.turn, shown, invites, vul)

    def _read(self, auction: Auction, vul: Vul) -> tuple[dict[Seat, Shown], dict[Seat, bool]]:
        shown = {s: Shown() for s in Seat}
        invites = {s: False for s in Seat}
        prefix = Auction(auction.dealer)
        for call in auction.calls:
            seat = prefix.turn
            ctx = _Context(prefix, seat, shown, invites, vul)
            rule = next((r for r in _rules(ctx) if r.call == call and prefix.is_legal(call)), None)
            if rule is not None:
                shown[seat].add(rule.hcp, rule.lengths, rule.balanced)
                invites[seat] = rule.invite
            else:
                invites[seat] = False
                if call.is_bid and call.strain is not None and call.strain.suit is not None:
                    suit = call.strain.suit
                    partner_named = suit in [c.suit for c in ctx.our_strains(seat.partner)]
                    if not (call.level == 5 and _bid(4, Strain.NT) in [c for _, c in ctx.calls_by(seat.partner)]):
                        shown[seat].add(lengths={suit: (3 if partner_named else 4, 13)})
            prefix.push_irregular(call)
        return shown, invites
