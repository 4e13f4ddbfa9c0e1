"""The pieces every part of the system card uses: hand evaluation (``HandInfo``),
what calls have shown (``Shown``), one line of the card (``Rule``) and the
auction as the seat to call reads it (``Context``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ...auction import Auction
from ...calls import Call, CallKind
from ...cards import Rank, Strain, Suit
from ...deal import Hand
from ...notation import Message
from ...seats import Seat, Vul

SUITS_DESC = (Suit.S, Suit.H, Suit.D, Suit.C)
MAJORS = (Suit.S, Suit.H)
GAME = {Strain.NT: 3, Strain.S: 4, Strain.H: 4, Strain.D: 5, Strain.C: 5}


def bid(level: int, strain: Strain) -> Call:
    return Call.bid(level, strain)


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

    def losers(self) -> int:
        """The losing-trick count: in each suit's first three cards, each of
        the ace, king and queen missing is a loser."""
        total = 0
        for s in Suit:
            ranks = sorted(self.hand.ranks(s), reverse=True)[:3]
            top = (Rank.ACE, Rank.KING, Rank.QUEEN)[:len(ranks)]
            total += sum(1 for r in top if r not in ranks)
        return total

    def aces(self) -> int:
        return sum(1 for c in self.hand.cards if c.rank is Rank.ACE)

    def keycards(self, trumps: Suit) -> int:
        """Roman key cards: the four aces and the king of trumps."""
        return self.aces() + int(Rank.KING in self.hand.ranks(trumps))

    def has_queen(self, trumps: Suit) -> bool:
        return Rank.QUEEN in self.hand.ranks(trumps)

    def controls(self, suit: Suit) -> bool:
        """First- or second-round control: the ace or king, a void or a singleton."""
        ranks = self.hand.ranks(suit)
        return len(ranks) <= 1 or Rank.ACE in ranks or Rank.KING in ranks

    def stopper(self, suit: Suit) -> bool:
        """A guard in ``suit``: A, Kx, Qxx or Jxxx."""
        ranks = self.hand.ranks(suit)
        n = len(ranks)
        return (Rank.ACE in ranks or (Rank.KING in ranks and n >= 2) or (Rank.QUEEN in ranks and n >= 3)
                or (Rank.JACK in ranks and n >= 4))

    def strong_trumps(self, suit: Suit) -> bool:
        """A holding to defend at their trump suit: five or more cards with
        three of the five top honours (KQT94, AJT83), or six with two."""
        ranks = self.hand.ranks(suit)
        honours = sum(1 for r in ranks if r >= Rank.TEN)
        return len(ranks) >= 5 and honours >= 3 or len(ranks) >= 6 and honours >= 2


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


@dataclass(frozen=True)
class Rule:
    """One line of the system card: a call, what it shows, why, and an extra
    test.  ``why`` is what the call says (``four spades for partner, 6-9
    points``), a Message rendered in the reader's language and notation;
    ``reason`` puts the call first (``2♠: four spades...``)."""

    call: Call
    why: Message
    hcp: tuple[int, int] = (0, 37)
    lengths: dict[Suit, tuple[int, int]] = field(default_factory=dict)
    balanced: bool = False
    test: Callable[[HandInfo], bool] | None = None
    invite: bool = False  # an invitation partner accepts with the top of its range
    forcing: bool = False  # forces our side to game

    def matches(self, info: HandInfo) -> bool:
        if not self.hcp[0] <= info.hcp <= self.hcp[1]:
            return False
        if any(not lo <= info.lengths[s] <= hi for s, (lo, hi) in self.lengths.items()):
            return False
        if self.balanced and not info.balanced:
            return False
        return self.test is None or self.test(info)

    @property
    def reason(self) -> Message:
        return reason(self.call, self.why)


def reason(call: Call, why: Message) -> Message:
    """A call and what it says: ``2♣: Stayman, asks for a four-card major``."""
    return Message("{call}: {why}", call=call, why=why)


@dataclass(frozen=True)
class BidDecision:
    """A computer call and the reason it gives when asked (``?``)."""

    call: Call
    why: Message

    @property
    def reason(self) -> Message:
        return reason(self.call, self.why)


# ---------------------------------------------------------------------------
# Reading the auction


@dataclass
class Context:
    """The auction as the seat to call reads it."""

    auction: Auction              # the auction before the call
    seat: Seat                    # who is to call
    shown: dict[Seat, Shown]      # what each seat has shown so far
    invites: dict[Seat, bool]     # whether a seat's last call was an invitation
    vul: Vul
    forced: dict[Seat, bool] = field(default_factory=dict)  # a call of the side forced to game

    @property
    def partner(self) -> Seat:
        return self.seat.partner

    def calls_by(self, seat: Seat) -> list[tuple[int, Call]]:
        return [(i, c) for i, c in enumerate(self.auction.calls) if self.auction.seat_of(i) is seat]

    def bids(self) -> list[tuple[int, Seat, Call]]:
        a = self.auction
        return [(i, a.seat_of(i), c) for i, c in enumerate(a.calls) if c.is_bid]

    def opp_suits(self) -> list[Suit]:
        out: list[Suit] = []
        for _, s, c in self.bids():
            if s.side is not self.seat.side and c.strain is not None and c.strain.suit is not None:
                if c.strain.suit not in out:
                    out.append(c.strain.suit)
        return out

    def sequence(self) -> tuple[str, ...] | None:
        """Our side's calls from our opening on (``("1NT", "2C", "2H")``) when
        we opened and the opponents have only passed; otherwise None."""
        bids = self.bids()
        if not bids or bids[0][1].side is not self.seat.side:
            return None
        first = bids[0][0]
        out: list[str] = []
        for i, call in enumerate(self.auction.calls[first:], start=first):
            if self.auction.seat_of(i).side is self.seat.side:
                out.append(str(call))
            elif call.kind is not CallKind.PASS:
                return None
        return tuple(out)

    def game_forced(self) -> bool:
        """Whether a call of our side has forced us to game."""
        return any(self.forced.get(s, False) for s in (self.seat, self.partner))

    def fit_len(self, info: HandInfo, suit: Suit) -> int:
        """My length in ``suit`` and the least partner has shown."""
        return info.lengths[suit] + self.shown[self.partner].min_len(suit)


def cheapest_level(over: Call, strain: Strain) -> int:
    assert over.level is not None and over.strain is not None
    return over.level if strain > over.strain else over.level + 1


# ---------------------------------------------------------------------------
# Tests several lines of the card share


def rule_of_20(i: HandInfo) -> bool:
    a, b = sorted(i.lengths.values(), reverse=True)[:2]
    return i.hcp >= 12 or i.hcp + a + b >= 20


def longest_outside_test(s: Suit, trump: Suit) -> Callable[[HandInfo], bool]:
    """``s`` is at least as long as every suit other than ``trump``."""
    def test(i: HandInfo) -> bool:
        return i.lengths[s] >= max(i.lengths[x] for x in Suit if x is not trump)
    return test


def longest_test(s: Suit) -> Callable[[HandInfo], bool]:
    """``s`` is at least as long as every suit."""
    def test(i: HandInfo) -> bool:
        return i.lengths[s] >= max(i.lengths.values())
    return test


def points_test(trump: Suit, lo: int, hi: int = 40) -> Callable[[HandInfo], bool]:
    """HCP plus shortness (support points with ``trump``) between lo and hi."""
    def test(i: HandInfo) -> bool:
        return lo <= i.hcp + i.shortness(trump) <= hi
    return test


def length_test(lo: int) -> Callable[[HandInfo], bool]:
    """HCP plus a point for every card beyond four in a suit (a five-card
    suit is a source of tricks in notrump) of at least ``lo``."""
    def test(i: HandInfo) -> bool:
        return i.hcp + sum(max(0, n - 4) for n in i.lengths.values()) >= lo
    return test
