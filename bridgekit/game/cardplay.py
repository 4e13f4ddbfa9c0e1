"""The computer's card play: single-dummy and honest.

The player is handed a ``TableView``, built from what its seat can see at the
table and nothing more: its own hand, dummy once the opening lead is faced
(declarer sees both of its hands), every card played so far and the auction.
It deals the unseen cards at random many times, keeping only layouts that agree
with what it has seen: cards already played by each player, suits a player has
shown out of, and (unless ``use_auction`` is off) the HCP ranges and suit
lengths each player's calls showed (``bridgekit.game.bidding.Bidder.infer``).
Each layout is solved double dummy (``bridgekit.dds.solve_positions``, one
batch per decision) and the card that takes the most tricks for its side,
summed over the layouts, is played; among equally good cards the lowest.

When the auction's ranges cannot all be met (a human's calls outside the
system, or a layout the system did not foresee), the sampler relaxes them:
first the HCP ranges are widened, then only the lengths are kept, then only
what the play itself proves.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..auction import Auction
from ..cards import ALL_CARDS, Card, Strain, Suit
from ..deal import Deal, Hand
from ..errors import BridgekitError
from ..play import Play
from ..seats import Seat, Vul
from .bidding import Bidder, Shown

#: Layouts solved per decision by default.
DEFAULT_SAMPLES = 16
#: Seconds after which a decision stops solving more layouts (the opening lead
#: at no trump can take DDS a tenth of a second per layout): with the solver's
#: start-up this keeps the default decision under 2 seconds on 2 cores.
DEFAULT_THINK = 1.0
#: Layouts given to DDS in one call (it spreads them over its threads).
CHUNK = 2


@dataclass
class TableView:
    """What one seat may know when it chooses a card.

    ``play`` runs on a *partial* deal: hands the seat cannot see are ``None``,
    so the player cannot look at them even by mistake.  ``seat`` is who
    decides (declarer decides for dummy), ``auction`` the complete auction.
    """

    seat: Seat
    play: Play
    auction: Auction
    vul: Vul = Vul.NONE

    @classmethod
    def for_seat(cls, deal: Deal, play: Play, auction: Auction, vul: Vul = Vul.NONE) -> "TableView":
        """The view of the player who chooses the next card of ``play``:
        declarer for dummy's cards.  Hides every hand that player cannot see."""
        turn = play.turn
        seat = play.declarer if turn is play.dummy else turn
        visible = {seat}
        if seat is play.declarer or len(play.cards) >= 1:
            visible.add(play.dummy)  # dummy is faced after the opening lead
        hidden = Deal(deal[s] if s in visible else None for s in Seat)
        return cls(seat, Play(hidden, play.strain, play.declarer, play.cards), auction, vul)


@dataclass(frozen=True)
class CardDecision:
    """A computer card and the reason it gives when asked."""

    card: Card
    reason: str
    values: dict[Card, float] = field(default_factory=dict, compare=False)


class CardPlayer:
    """Chooses cards by sampling layouts and solving them double dummy.

    ``samples`` layouts per decision; ``use_auction`` reads the auction to
    deal only layouts that fit it; ``rng`` makes the choices reproducible;
    ``think`` (seconds) stops solving further layouts once spent (at least one
    batch is always solved; ``None`` solves them all).
    """

    def __init__(self, samples: int = DEFAULT_SAMPLES, use_auction: bool = True,
                 rng: random.Random | None = None, bidder: Bidder | None = None,
                 think: float | None = DEFAULT_THINK) -> None:
        if samples < 1:
            raise BridgekitError(f"samples must be at least 1, not {samples}")
        self.samples = samples
        self.think = think
        self.use_auction = use_auction
        self.rng = rng or random.Random()
        self.bidder = bidder or Bidder()

    def decide(self, view: TableView) -> CardDecision:
        """The card to play for ``view.play.turn``.  Raises BridgekitError only
        if the view itself is inconsistent (which the session never builds)."""
        from .. import dds

        play = view.play
        legal = list(play.legal_cards)
        if len(legal) == 1:
            return CardDecision(legal[0], f"{legal[0]}: the only legal card")
        if _all_equivalent(play, legal):
            card = min(legal, key=lambda c: c.rank)
            return CardDecision(card, f"{card}: all the legal cards are equivalent")
        shown = self.bidder.infer(view.auction, view.vul) if self.use_auction else None
        layouts, level = sample_layouts(play, shown, self.samples, self.rng)
        strain = play.strain if play.strain is not None else Strain.NT
        leader = play.declarer.lho
        positions = [(d, strain, leader, tuple(play.cards)) for d in layouts]
        results: list[dict[Card, int]] = []
        start = time.perf_counter()
        for i in range(0, len(positions), CHUNK):
            t0 = time.perf_counter()
            results += dds.solve_positions(positions[i:i + CHUNK])
            spent = time.perf_counter() - start
            if self.think is not None and spent + (time.perf_counter() - t0) > self.think:
                break
        totals: dict[Card, float] = {c: 0.0 for c in legal}
        best_count: dict[Card, int] = {c: 0 for c in legal}
        for values in results:
            top = max((values.get(c, 0) for c in legal), default=0)
            for c in legal:
                v = values.get(c, 0)
                totals[c] += v
                if v == top:
                    best_count[c] += 1
        n = len(results)
        card = max(legal, key=lambda c: (totals[c], best_count[c], -int(c.rank), -int(c.suit)))
        avg = {c: totals[c] / n for c in legal}
        won_before = _side_tricks(play, play.turn)
        what = ("the play and the auction" if level == 0 else
                "the play and the auction (ranges widened)" if level == 1 else
                "the play and the lengths shown" if level == 2 else "the play so far")
        reason = (f"{card}: best in {best_count[card]} of {n} layouts consistent with {what}; "
                  f"our side expects {won_before + avg[card]:.1f} tricks in all")
        return CardDecision(card, reason, avg)


def _side_tricks(play: Play, seat: Seat) -> int:
    return sum(1 for t in play.tricks() if t.winner is not None and t.winner.side is seat.side)


def _all_equivalent(play: Play, legal: list[Card]) -> bool:
    """True when the legal cards form one run in one suit: every rank between
    two of them is ours or was played to a *completed* trick (any of them
    then does the same).

    A card of the trick in progress still counts: K-6 facing a 9 led to this
    trick are not equivalent, the king wins the trick and the six does not.
    """
    suits = {c.suit for c in legal}
    if len(suits) != 1:
        return False
    suit = suits.pop()
    ranks = sorted(int(c.rank) for c in legal)
    done = len(play.cards) - len(play.current_trick())
    gone = {int(c.rank) for c in play.cards[:done] if c.suit is suit}
    return all(r in gone for r in range(ranks[0] + 1, ranks[-1]) if r not in ranks)


# -- dealing the unseen cards --------------------------------------------------

def sample_layouts(play: Play, shown: dict[Seat, Shown] | None, count: int,
                   rng: random.Random) -> tuple[list[Deal], int]:
    """``count`` complete deals (original 13-card hands) consistent with what
    ``play``'s partial deal shows, the cards played and the voids revealed, and
    with ``shown`` (what the auction showed) as far as possible.

    Returns the deals and the relaxation level used: 0 all the auction's
    ranges, 1 HCP ranges widened by 3, 2 lengths only, 3 the play only.

    Without auction ranges each layout is dealt afresh at random (voids
    respected).  With them, a random deal is first repaired by swapping cards
    between the unseen hands until every range holds, then the layouts are
    taken from a random walk of such swaps that never leaves the ranges (a
    Markov chain whose layouts are spread evenly over those that fit).
    """
    deal = play.deal
    hidden = [s for s in Seat if deal[s] is None]
    played_by: dict[Seat, list[Card]] = {s: [] for s in Seat}
    for i, card in enumerate(play.cards):
        played_by[play.seat_of(i)].append(card)
    known: set[Card] = set(play.cards)
    for s in Seat:
        hand = deal[s]
        if hand is not None:
            known |= hand.cards
    pool = [c for c in ALL_CARDS if c not in known]
    need = {s: 13 - len(played_by[s]) for s in hidden}
    voids = {s: play.shown_out(s) for s in hidden}
    if not hidden:
        return [deal] * count, 0

    def fresh() -> dict[Seat, list[Card]]:
        while True:
            hands = _deal_once(pool, hidden, need, voids, rng)
            if hands is not None:
                return hands

    if shown is not None and len(hidden) >= 2:
        for level in (0, 1, 2):
            limits = _limits(shown, hidden, played_by, level)
            walk = _Walk(fresh(), limits, voids, rng)
            if walk.repair(4000):
                layouts = []
                steps = 8 * len(pool)
                for _ in range(count):
                    walk.wander(steps)
                    layouts.append(_complete(deal, walk.hands, played_by))
                return layouts, level
    return [_complete(deal, fresh(), played_by) for _ in range(count)], 3


_HCP = {r: max(0, int(r) - 10) for r in range(2, 15)}


#: Per unseen seat: HCP low, HCP high, and the low-high length range of each suit.
_Limits = tuple[int, int, dict[Suit, tuple[int, int]]]


def _limits(shown: dict[Seat, Shown], hidden: list[Seat], played_by: dict[Seat, list[Card]],
            level: int) -> dict[Seat, _Limits]:
    """Per unseen seat, the HCP and length ranges its *unplayed* cards must meet."""
    out = {}
    for s in hidden:
        sh = shown[s]
        widen = 3 if level >= 1 else 0
        lo, hi = (sh.hcp[0] - widen, sh.hcp[1] + widen) if level < 2 else (0, 40)
        gone_hcp = sum(_HCP[int(c.rank)] for c in played_by[s])
        lens = {}
        for suit in Suit:
            gone = sum(1 for c in played_by[s] if c.suit is suit)
            a, b = sh.lengths[suit]
            lens[suit] = (a - gone, b - gone)
        out[s] = (lo - gone_hcp, hi - gone_hcp, lens)
    return out


class _Walk:
    """Unseen hands changed by swapping cards between them, scored by how far
    they are from the ranges the auction showed (0: every range holds)."""

    def __init__(self, hands: dict[Seat, list[Card]], limits: dict[Seat, _Limits], voids: dict[Seat, set[Suit]],
                 rng: random.Random) -> None:
        self.hands = hands
        self.limits = limits
        self.voids = voids
        self.rng = rng
        self.seats = list(hands)
        self.hcp = {s: sum(_HCP[int(c.rank)] for c in h) for s, h in hands.items()}
        self.lens = {s: {suit: 0 for suit in Suit} for s in hands}
        for s, h in hands.items():
            for c in h:
                self.lens[s][c.suit] += 1

    def _cost(self, s: Seat, hcp: int, lens: dict[Suit, int]) -> int:
        lo, hi, limits = self.limits[s]
        cost = max(0, lo - hcp) + max(0, hcp - hi)
        for suit, (a, b) in limits.items():
            n = lens[suit]
            cost += 2 * (max(0, a - n) + max(0, n - b))
        return cost

    def cost(self) -> int:
        return sum(self._cost(s, self.hcp[s], self.lens[s]) for s in self.seats)

    def _try_swap(self, need_zero: bool) -> bool:
        rng = self.rng
        a, b = rng.sample(self.seats, 2)
        ha, hb = self.hands[a], self.hands[b]
        if not ha or not hb:
            return False
        i, j = rng.randrange(len(ha)), rng.randrange(len(hb))
        ca, cb = ha[i], hb[j]
        if ca.suit in self.voids[b] or cb.suit in self.voids[a]:
            return False
        old = self._cost(a, self.hcp[a], self.lens[a]) + self._cost(b, self.hcp[b], self.lens[b])
        la, lb = dict(self.lens[a]), dict(self.lens[b])
        la[ca.suit] -= 1
        la[cb.suit] += 1
        lb[cb.suit] -= 1
        lb[ca.suit] += 1
        pa = self.hcp[a] - _HCP[int(ca.rank)] + _HCP[int(cb.rank)]
        pb = self.hcp[b] - _HCP[int(cb.rank)] + _HCP[int(ca.rank)]
        new = self._cost(a, pa, la) + self._cost(b, pb, lb)
        if (need_zero and new > 0) or new > old:
            return False
        ha[i], hb[j] = cb, ca
        self.lens[a], self.lens[b] = la, lb
        self.hcp[a], self.hcp[b] = pa, pb
        return True

    def repair(self, steps: int) -> bool:
        """Swap until every range holds (True) or ``steps`` run out (False)."""
        cost = self.cost()
        for _ in range(steps):
            if cost == 0:
                return True
            if self._try_swap(False):
                cost = self.cost()
        return cost == 0

    def wander(self, steps: int) -> None:
        """Random swaps that keep every range, to move to an independent-ish layout."""
        for _ in range(steps):
            self._try_swap(True)


def _deal_once(pool: list[Card], hidden: list[Seat], need: dict[Seat, int],
               voids: dict[Seat, set[Suit]], rng: random.Random) -> dict[Seat, list[Card]] | None:
    cards = list(pool)
    rng.shuffle(cards)
    # cards that fewer seats may take go first, so the deal rarely gets stuck
    cards.sort(key=lambda c: sum(1 for s in hidden if c.suit not in voids[s]))
    left = dict(need)
    hands: dict[Seat, list[Card]] = {s: [] for s in hidden}
    for card in cards:
        seats = [s for s in hidden if left[s] > 0 and card.suit not in voids[s]]
        if not seats:
            return None
        total = sum(left[s] for s in seats)
        pick = rng.randrange(total)
        for s in seats:
            pick -= left[s]
            if pick < 0:
                break
        hands[s].append(card)
        left[s] -= 1
    return hands


def _complete(deal: Deal, hands: dict[Seat, list[Card]], played_by: dict[Seat, list[Card]]) -> Deal:
    out: list[Hand | None] = []
    for s in Seat:
        h = deal[s]
        out.append(h if h is not None else Hand(hands[s] + played_by[s]))
    return Deal(out)
