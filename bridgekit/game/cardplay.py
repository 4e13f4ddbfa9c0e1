"""The computer's card play: single-dummy and honest.

The player is handed a ``TableView``, built from what its seat can see at the
table and nothing more: its own hand, dummy once the opening lead is faced
(declarer sees both of its hands), every card played so far and the auction.
It deals the unseen cards at random many times, keeping only layouts that agree
with what it has seen (cards already played by each player, suits a player has
shown out of), and *weighting* them by how well they fit what the auction
showed (``bridgekit.game.bidding.Bidder.infer``: HCP ranges and suit lengths)
or, when the auction is not read, what the contract itself says (declarer's
side holds the trumps and the strength for the level).  Weighting, not
filtering: a layout a point or a card outside a range is dealt less often, not
never, so a human's call outside the system or a range the system did not
foresee never leaves the player without layouts.  The defenders' cards are
read the same way, as signals by the agreement of ``cardplay_signals``
(opening lead, attitude, count); a computer defender gives them, choosing
among the cards its layouts find equal.

Each layout is solved double dummy (``bridgekit.dds.solve_positions``, a few
layouts per call) and the card that takes the most tricks for its side,
summed over the layouts, is played; when totals tie, the card best in the
most layouts, then the lowest.  The opening lead and the first three tricks,
where a guess costs most and nothing has been seen yet, get more layouts
(``LEAD_BOOST``, ``EARLY_BOOST``) and more time.

A decision takes at most ``HARD_CAP`` seconds of wall clock whatever the
position: layouts are dealt only as they are solved, the clock is read before
every DDS call and no call is started that the slowest so far says would end
past the budget; the card is chosen from the layouts solved by then.  A DDS
call cannot be interrupted, and in the first three tricks one layout can take
it ten times as long as the next: there the calls are made in a worker process
(``bridgekit.game.worker``), and one still running at ``HARD_CAP`` is
abandoned (the worker is stopped, and another started for the next decision).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from itertools import islice
from typing import Callable, Iterator

from .. import dds
from ..auction import Auction
from ..cards import ALL_CARDS, Card, Strain, Suit
from ..contract import Doubling
from ..deal import Deal, Hand
from ..errors import BridgekitError
from ..notation import Message
from ..play import Play
from ..seats import Seat, Vul
from .bidding import Bidder, Shown
from .cardplay_signals import Signal, choose, describe, kind_of, misfit, signals, wants_high
from .worker import SHARED, SolverWorker

#: Layouts solved per decision by default.
DEFAULT_SAMPLES = 16
#: Seconds after which a decision stops solving more layouts (the opening lead
#: at no trump can take DDS a tenth of a second per layout): with the solver's
#: start-up this keeps the default decision under 2 seconds on 2 cores.
DEFAULT_THINK = 1.0
#: Layouts given to DDS in one call (it spreads them over its threads).
CHUNK = 2
#: The most a decision may take, in seconds of wall clock: the clock is read
#: before every DDS call, and a call is not started when the calls so far say
#: it would end past this (the first call is always made, with one layout
#: while the position is big; see ``CardPlayer._solve``).  A player given a
#: longer ``think`` than this keeps to that instead.  1.5 s, not 1.8: under a
#: load of 4 on 2 cores the wall clock overshoots the cap by up to 0.4 s (one
#: call, the worker's stop), and a card must take at most 2 s (issue 30.5).
HARD_CAP = 1.5
#: Cards played before which a position counts as big (the first three
#: tricks): its DDS calls solve one layout each, not ``CHUNK``, since one
#: layout there can take DDS ten times as long as the next, and are made in
#: the worker process, where a call still running at ``HARD_CAP`` is abandoned.
BIG_POSITION = 12
#: Seconds a big decision waits for the worker while it starts (the first
#: decision after the player is created, or after a worker was stopped); a
#: worker not ready by then leaves the decision to be solved in-process.
STARTUP_WAIT = 0.3
#: Layouts (as a multiple of ``samples``) and thinking time (multiple of
#: ``think``) for the opening lead, and for the rest of the first three tricks.
LEAD_BOOST = (2.0, 1.6)
EARLY_BOOST = (1.5, 1.2)
#: Layouts (a multiple of the above) for a defender: declarer sees all of his
#: side's cards, a defender not his partner's, so a defender's layouts vary
#: more and more of them are needed for the same precision (the time limit
#: stays the same).
DEFENCE_BOOST = 2.0
#: How sharply layouts are weighted by their fit: a layout whose misfit is
#: ``m`` (1 a point of HCP outside a range, 2 a card of length) is dealt
#: ``exp(-m / FIT_TEMPERATURE)`` times as often as one that fits.
FIT_TEMPERATURE = 1.0


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
    """A computer card and why: ``kind`` is ``only`` (the one legal card),
    ``equivalent`` (every legal card alike), ``timeout`` (nothing solved in
    time: the lowest card) or ``sampled`` (best in ``best_in`` of ``solved``
    layouts, dealt to fit ``fit``: the auction, the contract or the play so
    far; ``expected`` tricks for its side).  ``reason`` is the precise form
    (``--verbose``), ``plain()`` the one a club player reads at a glance."""

    card: Card
    kind: str
    values: dict[Card, float] = field(default_factory=dict, compare=False)
    best_in: int = 0
    solved: int = 0
    fit: str = "play"
    expected: float = 0.0
    #: The convention's meaning of the card, when it was chosen as a signal
    #: among equal cards (``cardplay_signals.describe``), and how many of the
    #: defenders' cards the layouts were fitted to as signals.
    signal: str = ""   # a cardplay_signals.describe Message, or empty
    read: int = 0

    @property
    def reason(self) -> Message:
        """The precise form (``--verbose``): how many layouts, fitted to what."""
        card = self.card
        if self.kind == "only":
            return Message("{card}: the only legal card", card=card)
        if self.kind == "equivalent":
            return Message("{card}: all the legal cards are equivalent", card=card)
        if self.kind == "timeout":
            return Message("{card}: no layout solved in time; the lowest card", card=card)
        what = (Message("the play, weighted by their fit to the auction") if self.fit == "auction" else
                Message("the play, weighted by their fit to the contract") if self.fit == "contract" else
                Message("the play so far"))
        if self.read:
            what = Message.plural("{what}, and to {n} defender's card read as signals",
                                  "{what}, and to {n} defender's cards read as signals", self.read, what=what)
        text = Message("{card}: best in {best} of {solved} layouts consistent with {what}; our side expects "
                       "{expected:.1f} tricks in all", card=card, best=self.best_in, solved=self.solved, what=what,
                       expected=self.expected)
        return Message("{reason}; of equal cards, {signal}", reason=text, signal=self.signal) if self.signal else text

    def plain(self) -> Message:
        """The reason in plain words, as a club player reads it at a glance."""
        card = self.card
        if self.kind == "only":
            return Message("{card}: the only card I could play", card=card)
        if self.kind == "equivalent":
            return Message("{card}: my cards were all alike, so the lowest", card=card)
        if self.kind == "timeout":
            return Message("{card}: no time to work it out, so the lowest", card=card)
        tricks = round(self.expected)
        if self.best_in == self.solved:
            where = Message("best however the unseen cards lie (all {n} layouts I tried)", n=self.solved)
        else:
            where = Message("best in {best} of the {n} likely layouts of the unseen cards I tried",
                            best=self.best_in, n=self.solved)
        text = Message.plural("{card}: {where}; we expect about {n} trick", "{card}: {where}; we expect about {n} tricks",
                              tricks, card=card, where=where)
        return Message("{reason}; of equal cards, {signal}", reason=text, signal=self.signal) if self.signal else text


class CardPlayer:
    """Chooses cards by sampling layouts and solving them double dummy.

    ``samples`` layouts per decision; ``use_auction`` reads the auction to
    deal only layouts that fit it; ``rng`` makes the choices reproducible;
    ``think`` (seconds) stops solving further layouts once spent (at least one
    batch is always solved; ``None`` solves them all).  ``worker`` makes the
    DDS calls of big positions when the time is limited (``None``: every call
    in this process, none abandoned); the process's shared worker is started
    with the player.
    """

    def __init__(self, samples: int = DEFAULT_SAMPLES, use_auction: bool = True,
                 rng: random.Random | None = None, bidder: Bidder | None = None,
                 think: float | None = DEFAULT_THINK, plain: bool = False,
                 clock: Callable[[], float] = time.perf_counter,
                 worker: SolverWorker | None = SHARED, signals: bool = True) -> None:
        if samples < 1:
            raise BridgekitError(Message("samples must be at least 1, not {n}", n=samples))
        self.samples = samples
        self.think = think
        self.use_auction = use_auction
        self.rng = rng or random.Random()
        self.bidder = bidder or Bidder()
        #: ``plain``: the same number of layouts at every trick, none weighted
        #: by the contract (the baseline ``bench/ai.py`` compares with).
        self.plain = plain
        #: ``signals``: defends with the convention of ``cardplay_signals``
        #: (lead, attitude, count among equal cards) and reads the defenders'
        #: cards with it (never when ``plain``).
        self.signals = signals and not plain
        #: Read before every DDS call (tests give a clock of their own).
        self.clock = clock
        self.worker = worker
        if worker is not None and think is not None:
            worker.start()   # ready by the first decision, which would wait for it

    def budget(self, play: Play) -> tuple[int, float | None]:
        """Layouts and seconds for the next decision of ``play``: more for the
        opening lead and the first three tricks, and for the defence."""
        n = len(play.cards)
        boost = (1.0, 1.0) if self.plain or n >= 12 else LEAD_BOOST if n == 0 else EARLY_BOOST
        think = None if self.think is None else self.think * boost[1]
        defending = not self.plain and play.turn.side is not play.declarer.side
        return max(1, round(self.samples * boost[0] * (DEFENCE_BOOST if defending else 1.0))), think

    def decide(self, view: TableView) -> CardDecision:
        """The card to play for ``view.play.turn``.  Raises BridgekitError only
        if the view itself is inconsistent (which the session never builds)."""
        play = view.play
        legal = list(play.legal_cards)
        if len(legal) == 1:
            return CardDecision(legal[0], "only")
        if _all_equivalent(play, legal):
            card = min(legal, key=lambda c: c.rank)
            return CardDecision(card, "equivalent")
        start = self.clock()
        shown = self.bidder.infer(view.auction, view.vul) if self.use_auction else None
        samples, think = self.budget(play)
        fit = None if shown is not None or self.plain else contract_fit(view.auction)
        reads = signals(play, view.seat) if self.signals else []
        layouts, level = layout_stream(play, shown, self.rng, fit, reads)
        results = self._solve(play, islice(layouts, samples), start, think)
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
        if n == 0:
            return CardDecision(card, "timeout")
        signal = ""
        if self.signals:
            card, signal = _signal(play, card, [c for c in legal if c.suit is card.suit and totals[c] == totals[card]])
        avg = {c: totals[c] / n for c in legal}
        won_before = _side_tricks(play, play.turn)
        fitted = "auction" if level == 0 else "contract" if level == 1 else "play"
        return CardDecision(card, "sampled", avg, best_count[card], n, fitted, won_before + avg[card],
                            signal, len(reads))


    def _solve(self, play: Play, layouts: Iterator[Deal], start: float,
               think: float | None) -> list[dict[Card, int]]:
        """The values of the legal cards in each layout solved, a DDS call of
        ``CHUNK`` layouts at a time (one while the position is big) until
        ``layouts`` run out or the time does.

        Before each call the clock is read: no call is started that the
        slowest layout so far says would end past ``think`` seconds from
        ``start``, nor past ``HARD_CAP`` (or the player's own ``think``, if
        longer).  The first call is always made (the
        decision needs one layout).  A DDS call cannot be interrupted: at the
        opening lead one layout can take DDS over a second, so there calls
        solve one layout each, in the worker when there is a time limit and
        the worker is ready; one still running at ``HARD_CAP`` (or the
        player's longer ``think``) from ``start`` is abandoned, and the layouts
        solved by then are used.  Without a worker the overrun is one call's.
        """
        strain = play.strain if play.strain is not None else Strain.NT
        leader = play.declarer.lho
        cap = max(HARD_CAP, self.think or 0.0)   # HARD_CAP, or the player's own longer think
        limit = cap if think is None else min(think, cap)
        results: list[dict[Card, int]] = []
        slowest = 0.0  # seconds a layout, the slowest call so far
        big = len(play.cards) < BIG_POSITION
        size = 1 if big else CHUNK
        deadline = start + cap
        worker = self.worker if big and think is not None else None
        if worker is not None and not worker.ready(min(STARTUP_WAIT, deadline - self.clock())):
            worker = None
        while True:
            now = self.clock()
            if results and think is not None and now - start + slowest * size > limit:
                break
            batch = list(islice(layouts, size))
            if not batch:
                break
            positions = [(d, strain, leader, tuple(play.cards)) for d in batch]
            if worker is None:
                results += dds.solve_positions(positions)
            else:
                solved = worker.solve(positions, deadline - now)
                if solved is None:   # abandoned at the deadline
                    break
                results += solved
            slowest = max(slowest, (self.clock() - now) / len(batch))
        return results


def _signal(play: Play, card: Card, tied: list[Card]) -> tuple[Card, str]:
    """The card a defender plays among ``tied`` (``card``'s suit, equal in
    its layouts) by the convention, and what it says; ``card`` and nothing
    when the convention has nothing to say or its card is not among them."""
    if len(tied) < 2:
        return card, ""
    seat = play.turn
    kind = kind_of(play, seat, min(tied, key=lambda c: c.rank))
    hand = play.deal[seat]
    if kind is None or hand is None:
        return card, ""
    gone = set(play.cards)
    holding = [c for c in hand.cards if c.suit is card.suit and c not in gone]
    chosen = choose(kind, tied, holding)
    if chosen is None:
        return card, ""
    return chosen, describe(kind, wants_high(kind, holding))


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

@dataclass(frozen=True)
class SideFit:
    """What a contract says of the declaring side's two hands together:
    ``trumps`` cards of ``suit`` at least (no trump: ``suit`` None) and
    ``hcp`` high-card points at least (0: nothing said, as for a sacrifice)."""

    seats: tuple[Seat, Seat]
    suit: Suit | None
    trumps: int
    hcp: int


#: Combined HCP a contract of each level usually holds (no trump, major and
#: minor games need about the same: 25 for 3NT, 24 for four of a major...).
_LEVEL_HCP = {1: 18, 2: 21, 3: 23, 4: 24, 5: 26, 6: 30, 7: 33}


def contract_fit(auction: Auction) -> SideFit | None:
    """What the final contract of ``auction`` says of declarer's side, read
    when the auction itself is not: an eight-card trump fit, and the points for
    the level (none said of a doubled contract: it may be a sacrifice)."""
    contract, declarer = auction.contract(), auction.declarer()
    if contract is None or declarer is None or contract.strain is None:
        return None
    suit = None if contract.strain is Strain.NT else Suit(int(contract.strain))
    hcp = 0 if contract.doubling is not Doubling.UNDOUBLED else _LEVEL_HCP[contract.level] - (1 if contract.strain is Strain.NT else 0)
    if contract.strain is Strain.NT and contract.level == 3:
        hcp = 25
    return SideFit((declarer, declarer.partner), suit, 8 if suit is not None else 0, hcp)


def sample_layouts(play: Play, shown: dict[Seat, Shown] | None, count: int,
                   rng: random.Random, fit: SideFit | None = None) -> tuple[list[Deal], int]:
    """``count`` layouts of ``layout_stream`` and what weighted them."""
    layouts, level = layout_stream(play, shown, rng, fit)
    return list(islice(layouts, count)), level


def layout_stream(play: Play, shown: dict[Seat, Shown] | None, rng: random.Random,
                  fit: SideFit | None = None, reads: list[Signal] | None = None) -> tuple[Iterator[Deal], int]:
    """Complete deals (original 13-card hands) consistent with what
    ``play``'s partial deal shows, the cards played and the voids revealed,
    dealt more often the better they fit ``shown`` (what the auction showed)
    or, without it, ``fit`` (what the contract says); dealt one at a time, as
    the player asks for them (it may run out of time first).

    Returns the deals and what weighted them: 0 the auction, 1 the contract,
    3 nothing (every consistent layout equally likely).

    Without weights each layout is dealt afresh at random (voids respected).
    With them, layouts are taken from a random walk of swaps between the
    unseen hands (a Metropolis chain: a swap that adds ``m`` to the misfit is
    made with probability ``exp(-m / FIT_TEMPERATURE)``), so each consistent
    layout is dealt in proportion to ``exp(-misfit / FIT_TEMPERATURE)``.
    ``reads``: defenders' cards read as signals (``cardplay_signals``), each
    adding to the misfit of a layout whose holding would have carded otherwise.
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
        return _repeat(deal), 0

    def fresh() -> dict[Seat, list[Card]]:
        while True:
            hands = _deal_once(pool, hidden, need, voids, rng)
            if hands is not None:
                return hands

    def uniform() -> Iterator[Deal]:
        while True:
            yield _complete(deal, fresh(), played_by)

    if len(hidden) >= 2 and (shown is not None or fit is not None or reads):
        limits = _limits(shown, hidden, played_by) if shown is not None else {}
        side = _side_terms(fit, deal, hidden, played_by) if shown is None else None
        read = _signal_terms(reads or [], hidden, play)
        if limits or side is not None or read:
            def walked(walk: _Walk) -> Iterator[Deal]:
                walk.wander(16 * len(pool))
                while True:
                    walk.wander(8 * len(pool))
                    yield _complete(deal, walk.hands, played_by)

            return walked(_Walk(fresh(), limits, voids, rng, side, read)), 0 if shown is not None else 1
    return uniform(), 3


#: Per unseen seat, its cards read as signals: each with the cards of its suit
#: the seat played from then on (that card included), which with the suit's
#: unplayed cards make the holding it carded from.
_SignalTerms = dict[Seat, list[tuple[Signal, list[Card]]]]


def _signal_terms(reads: list[Signal], hidden: list[Seat], play: Play) -> _SignalTerms:
    out: _SignalTerms = {}
    for sig in reads:
        if sig.seat not in hidden:
            continue
        later = [c for i, c in enumerate(play.cards) if i >= sig.index and c.suit is sig.card.suit
                 and play.seat_of(i) is sig.seat]
        out.setdefault(sig.seat, []).append((sig, later))
    return out


def _repeat(deal: Deal) -> Iterator[Deal]:
    while True:
        yield deal


_HCP = {r: max(0, int(r) - 10) for r in range(2, 15)}


#: Per unseen seat: HCP low, HCP high, and the low-high length range of each suit.
_Limits = tuple[int, int, dict[Suit, tuple[int, int]]]


def _limits(shown: dict[Seat, Shown], hidden: list[Seat], played_by: dict[Seat, list[Card]]) -> dict[Seat, _Limits]:
    """Per unseen seat, the HCP and length ranges its *unplayed* cards must meet."""
    out = {}
    for s in hidden:
        sh = shown[s]
        gone_hcp = sum(_HCP[int(c.rank)] for c in played_by[s])
        lens = {}
        for suit in Suit:
            gone = sum(1 for c in played_by[s] if c.suit is suit)
            a, b = sh.lengths[suit]
            lens[suit] = (a - gone, b - gone)
        out[s] = (sh.hcp[0] - gone_hcp, sh.hcp[1] - gone_hcp, lens)
    return out


#: The contract's side term for the walk: the unseen seats of declarer's side,
#: and the trumps and HCP their unplayed cards must add up to.
_SideTerm = tuple[tuple[Seat, ...], Suit | None, int, int]


def _side_terms(fit: SideFit | None, deal: Deal, hidden: list[Seat],
                played_by: dict[Seat, list[Card]]) -> _SideTerm | None:
    if fit is None:
        return None
    seats = tuple(s for s in fit.seats if s in hidden)
    if not seats:
        return None
    trumps, hcp = fit.trumps, fit.hcp
    for s in fit.seats:
        cards = list(played_by[s]) + (list(deal[s].cards) if s not in hidden else [])  # type: ignore[union-attr]
        trumps -= sum(1 for c in cards if c.suit is fit.suit)
        hcp -= sum(_HCP[int(c.rank)] for c in cards)
    return seats, fit.suit, trumps, hcp


class _Walk:
    """Unseen hands changed by swapping cards between them, scored by how far
    they are from the ranges the auction showed (0: every range holds) or from
    what the contract says of declarer's side."""

    def __init__(self, hands: dict[Seat, list[Card]], limits: dict[Seat, _Limits], voids: dict[Seat, set[Suit]],
                 rng: random.Random, side: _SideTerm | None = None, read: _SignalTerms | None = None) -> None:
        self.hands = hands
        self.read = read or {}
        self.read_suits = {s: {sig.card.suit for sig, _ in terms} for s, terms in self.read.items()}
        self.limits = limits
        self.voids = voids
        self.rng = rng
        self.side = side
        self.seats = list(hands)
        self.hcp = {s: sum(_HCP[int(c.rank)] for c in h) for s, h in hands.items()}
        self.lens = {s: {suit: 0 for suit in Suit} for s in hands}
        for s, h in hands.items():
            for c in h:
                self.lens[s][c.suit] += 1

    def _cost(self, s: Seat, hcp: int, lens: dict[Suit, int]) -> int:
        if s not in self.limits:
            return 0
        lo, hi, limits = self.limits[s]
        cost = max(0, lo - hcp) + max(0, hcp - hi)
        for suit, (a, b) in limits.items():
            n = lens[suit]
            cost += 2 * (max(0, a - n) + max(0, n - b))
        return cost

    def _side_cost(self, hcp: dict[Seat, int], lens: dict[Seat, dict[Suit, int]]) -> int:
        if self.side is None:
            return 0
        seats, suit, trumps, points = self.side
        have_hcp = sum(hcp[s] for s in seats)
        have_trumps = sum(lens[s][suit] for s in seats) if suit is not None else trumps
        return 2 * max(0, trumps - have_trumps) + max(0, points - have_hcp)

    def _signal_cost(self, s: Seat, hand: list[Card]) -> float:
        cost = 0.0
        for sig, later in self.read.get(s, ()):
            cost += misfit(sig, [c for c in hand if c.suit is sig.card.suit] + later)
        return cost

    def cost(self) -> float:
        return (sum(self._cost(s, self.hcp[s], self.lens[s]) + self._signal_cost(s, self.hands[s]) for s in self.seats)
                + self._side_cost(self.hcp, self.lens))

    def _try_swap(self) -> None:
        """One Metropolis step: swap a random card of one unseen hand with one
        of another, always if the misfit does not grow, else with probability
        exp(-growth / FIT_TEMPERATURE)."""
        rng = self.rng
        a, b = rng.sample(self.seats, 2)
        ha, hb = self.hands[a], self.hands[b]
        if not ha or not hb:
            return
        i, j = rng.randrange(len(ha)), rng.randrange(len(hb))
        ca, cb = ha[i], hb[j]
        if ca.suit in self.voids[b] or cb.suit in self.voids[a]:
            return  # a rejected proposal: the chain stays where it is
        la, lb = dict(self.lens[a]), dict(self.lens[b])
        la[ca.suit] -= 1
        la[cb.suit] += 1
        lb[cb.suit] -= 1
        lb[ca.suit] += 1
        self._commit(a, b, i, j, ca, cb, la, lb)

    def _commit(self, a: Seat, b: Seat, i: int, j: int, ca: Card, cb: Card,
                la: dict[Suit, int], lb: dict[Suit, int]) -> None:
        pa = self.hcp[a] - _HCP[int(ca.rank)] + _HCP[int(cb.rank)]
        pb = self.hcp[b] - _HCP[int(cb.rank)] + _HCP[int(ca.rank)]
        old: float = self._cost(a, self.hcp[a], self.lens[a]) + self._cost(b, self.hcp[b], self.lens[b])
        new: float = self._cost(a, pa, la) + self._cost(b, pb, lb)
        if self.side is not None:
            old += self._side_cost(self.hcp, self.lens)
            hcp, lens = dict(self.hcp), dict(self.lens)
            hcp[a], hcp[b], lens[a], lens[b] = pa, pb, la, lb
            new += self._side_cost(hcp, lens)
        suits = {ca.suit, cb.suit}
        for s, h, k, c in ((a, self.hands[a], i, cb), (b, self.hands[b], j, ca)):
            if s in self.read and suits & self.read_suits[s]:
                old += self._signal_cost(s, h)
                new += self._signal_cost(s, h[:k] + [c] + h[k + 1:])
        if new > old and self.rng.random() >= math.exp((old - new) / FIT_TEMPERATURE):
            return
        self.hands[a][i], self.hands[b][j] = cb, ca
        self.lens[a], self.lens[b] = la, lb
        self.hcp[a], self.hcp[b] = pa, pb

    def wander(self, steps: int) -> None:
        """``steps`` Metropolis steps: from any start, the layouts visited
        come to be spread in proportion to exp(-misfit / FIT_TEMPERATURE)."""
        for _ in range(steps):
            self._try_swap()


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
