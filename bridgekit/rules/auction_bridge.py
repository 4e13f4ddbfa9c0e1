"""The Auction Bridge profiles: ``auction-1920`` (*Laws of Auction Bridge, New
York Whist Club, 1920*, the American code) and ``auction-classic`` (*How to
Play Auction Bridge*, the later fixed-value honours).

Both share (and the code shares):

* trick values per odd trick (trick over six): clubs 6, diamonds 7, hearts 8,
  spades 9, no trump 10;
* when the contract makes, *every* odd trick taken counts below the line, bid
  or not; x2 doubled, x4 redoubled; nothing below when it fails;
* undertricks: 50 / 100 / 200 each (undoubled / doubled / redoubled) above the
  line to the defenders; no vulnerability;
* slams: 50 above for any side that actually takes 12 tricks, 100 for 13,
  whatever the contract (even a defeated seven keeps its small slam, and the
  defenders can score one), never doubled;
* honours: counted from the original hands for whichever side holds them, even
  when the contract fails, above the line, never doubled; trump A K Q J 10, or
  the four aces at no trump; none on a passed-out deal or without the hands.

They differ only by data:

* the bonus for making a doubled contract: 1920, 50 plus 50 per overtrick
  (100 and 100 redoubled); classic, a flat 50 (100 redoubled);
* the honours table (a function of how the honours lie, below);
* four passes: 1920, no score and the next dealer deals; classic, no score and
  the same dealer deals again.

Honours tables.  1920 (multiples of the trump's trick value v): three held by a
side 2v; four split 4v; four in one hand 8v; five split 3+2 5v; five split
4+1 9v; five in one hand 10v.  No trump: three aces held by a side 30, four
split 40, four in one hand 100.  Classic: 10 for each honour when a side holds
three or more (3 = 30, 4 = 40, 5 = 50); four in one hand 80; four in one hand
and the fifth in partner's 90; five in one hand 100.  No trump: 10 per ace for
three or more, four aces in one hand 100.  Reading chosen for classic: "three
or more between the two hands" counts the side's honours wherever they lie, so
three honours all in one hand score 30 (as in the later laws' "simple honours").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from ..cards import Card, Rank, Strain, Suit
from ..contract import Doubling, Result
from ..deal import Deal
from ..errors import BridgekitError
from ..seats import Seat, Side, Vul
from .base import ABOVE, BELOW, Ledger, PassedOut, Profile, Score, ScoreItem, register
from .duplicate import GRAND_SLAM, SMALL_SLAM, TRICKS, UNDERTRICKS
from ..notation import Message

#: Points per odd trick, undoubled.
TRICK_VALUE: dict[Strain, int] = {Strain.C: 6, Strain.D: 7, Strain.H: 8, Strain.S: 9, Strain.NT: 10}
UNDERTRICK: dict[Doubling, int] = {Doubling.UNDOUBLED: 50, Doubling.DOUBLED: 100, Doubling.REDOUBLED: 200}
HONOURS = "honours"
DOUBLED_MADE = "doubled contract made"
REDOUBLED_MADE = "redoubled contract made"

#: How honours lie for one side: the counts in each of its two hands, larger first.
Split = tuple[int, int]
#: An honours table: (strain, split of the side holding the most) -> points.
HonoursTable = Callable[[Strain, Split], int]


def honours_1920(strain: Strain, split: Split) -> int:
    """The 1920 honours table (*Laws of Auction Bridge, New York Whist Club, 1920*, section 07)."""
    big, small = split
    held = big + small
    if strain is Strain.NT:
        if big == 4:
            return 100
        return {3: 30, 4: 40}.get(held, 0)
    v = TRICK_VALUE[strain]
    if held == 5:
        return v * {5: 10, 4: 9, 3: 5}[big]
    if held == 4:
        return v * (8 if big == 4 else 4)
    if held == 3:
        return 2 * v
    return 0


def honours_classic(strain: Strain, split: Split) -> int:
    """The later fixed-value honours table (*How to Play Auction Bridge*, "Scoring", 6)."""
    big, small = split
    held = big + small
    if strain is Strain.NT:
        if big == 4:
            return 100
        return 10 * held if held >= 3 else 0
    if big == 5:
        return 100
    if big == 4:
        return 90 if small == 1 else 80
    return 10 * held if held >= 3 else 0


def doubled_bonus_1920(doubling: Doubling, overtricks: int) -> int:
    """50 for making doubled plus 50 per overtrick; 100 and 100 redoubled."""
    unit = 50 if doubling is Doubling.DOUBLED else 100
    return unit * (1 + overtricks)


def doubled_bonus_classic(doubling: Doubling, overtricks: int) -> int:
    """A flat 50 for making doubled, 100 redoubled."""
    return 50 if doubling is Doubling.DOUBLED else 100


@dataclass(frozen=True)
class AuctionRules:
    """What distinguishes one Auction Bridge profile from the other."""

    honours: HonoursTable
    doubled_bonus: Callable[[Doubling, int], int]


def _honour_cards(strain: Strain) -> list[Card]:
    if strain is Strain.NT:
        return [Card(s, Rank.ACE) for s in Suit]
    suit = strain.suit
    assert suit is not None
    return [Card(suit, r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)]


def honours_held(deal: Deal, strain: Strain) -> tuple[Side, Split] | None:
    """Which side holds the most honours of ``strain`` and how they lie
    (counts in its two hands, larger first), or None when a holder is unknown."""
    counts = {seat: 0 for seat in Seat}
    for card in _honour_cards(strain):
        holder = deal.holder(card)
        if holder is None:
            return None
        counts[holder] += 1
    best: tuple[Side, Split] | None = None
    for side in Side:
        a, b = (counts[s] for s in side.seats)
        split = (max(a, b), min(a, b))
        if best is None or sum(split) > sum(best[1]):
            best = (side, split)
    return best


def _usable(deal: Deal | None) -> Deal | None:
    """The deal with a single unknown hand filled in, when that is possible."""
    if deal is None:
        return None
    if any(h is None for h in deal.hands):
        deal = deal.complete_last_hand()
    return deal


@lru_cache(maxsize=65536)
def _honours(rules: AuctionRules, deal: Deal, strain: Strain) -> tuple[ScoreItem, ...]:
    held = honours_held(deal, strain)
    if held is None:
        return ()
    side, split = held
    points = rules.honours(strain, split)
    if not points:
        return ()
    what = "aces" if strain is Strain.NT else "honours"
    return (ScoreItem(side, HONOURS, points, ABOVE, count=sum(split), unit=what, split=split),)


@lru_cache(maxsize=None)  # a finite domain of results
def _play_score(rules: AuctionRules, result: Result) -> tuple[ScoreItem, ...]:
    contract = result.contract
    if result.tricks is None:
        raise BridgekitError(Message('cannot score {contract}: the number of tricks is unknown', contract=contract))
    assert contract.strain is not None and result.declarer is not None
    side = result.declarer.side
    items: list[ScoreItem] = []
    needed = contract.tricks_needed
    if result.tricks >= needed:
        odd = result.tricks - 6
        items.append(ScoreItem(side, TRICKS, odd * TRICK_VALUE[contract.strain] * contract.doubling.multiplier,
                               BELOW, count=odd, unit="odd"))
        if contract.doubling is not Doubling.UNDOUBLED:
            name = DOUBLED_MADE if contract.doubling is Doubling.DOUBLED else REDOUBLED_MADE
            items.append(ScoreItem(side, name, rules.doubled_bonus(contract.doubling, result.tricks - needed),
                                   ABOVE))
    else:
        down = needed - result.tricks
        items.append(ScoreItem(side.opponents, UNDERTRICKS, down * UNDERTRICK[contract.doubling], ABOVE,
                               count=down))
    for who, tricks in ((side, result.tricks), (side.opponents, 13 - result.tricks)):
        if tricks == 13:
            items.append(ScoreItem(who, GRAND_SLAM, 100, ABOVE))
        elif tricks == 12:
            items.append(ScoreItem(who, SMALL_SLAM, 50, ABOVE))
    return tuple(items)


def honours_known(deal: Deal | None, strain: Strain) -> bool:
    """Whether ``deal`` tells where every honour of ``strain`` lies (three
    known hands always do; fewer when they hold all the honours)."""
    full = _usable(deal)
    return full is not None and honours_held(full, strain) is not None


RULES_1920 = AuctionRules(honours=honours_1920, doubled_bonus=doubled_bonus_1920)
RULES_CLASSIC = AuctionRules(honours=honours_classic, doubled_bonus=doubled_bonus_classic)


@dataclass(frozen=True, eq=False, repr=False)
class AuctionProfile(Profile):
    """An Auction Bridge profile: scored above and below the line on a rubber
    pad, no vulnerability, honours from the hands; ``rules`` holds what tells
    one code from the other."""

    rules: AuctionRules = RULES_1920

    def score(self, result: Result, vul: Vul, deal: Deal | None = None) -> Score:
        """Auction Bridge score of one deal, itemised above/below the line.

        ``vul`` is ignored (no vulnerability in Auction Bridge).  Honours need
        ``deal`` (three known hands are enough); without it they are left out.
        Raises BridgekitError when the contract is not passed out and the
        number of tricks is unknown.
        """
        if result.contract.is_passed_out:
            return Score(())
        items = _play_score(self.rules, result)
        full = _usable(deal)
        if full is not None:
            assert result.contract.strain is not None
            items = items + _honours(self.rules, full, result.contract.strain)
        return Score(items)

    def score_notes(self, result: Result, deal: Deal | None) -> list[str]:
        strain = result.contract.strain
        if strain is not None and not honours_known(deal, strain):
            return [Message("honours not counted: the hands are unknown")]
        return []


AUCTION_1920 = register(AuctionProfile(
    name="auction-1920",
    title="Auction Bridge, 1920 American code",
    passed_out=PassedOut.NEXT_DEALER,
    ledger=Ledger.RUBBER,
    aliases=("auction1920", "auction_1920", "1920", "auction"),
    pbn_scoring=("Auction-1920", "Auction1920", "Auction"),
    game_threshold=30,
    rubber_bonus=250,
    vulnerability=False,
    counterpart_name="auction-classic",
    rules=RULES_1920,
))

AUCTION_CLASSIC = register(AuctionProfile(
    name="auction-classic",
    title="Auction Bridge, classic (fixed-value honours)",
    passed_out=PassedOut.SAME_DEALER,
    ledger=Ledger.RUBBER,
    aliases=("auctionclassic", "auction_classic", "classic"),
    pbn_scoring=("Auction-Classic", "AuctionClassic"),
    game_threshold=30,
    rubber_bonus=250,
    vulnerability=False,
    counterpart_name="auction-1920",
    rules=RULES_CLASSIC,
))
