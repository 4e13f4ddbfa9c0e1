"""Judgement by simulation: the close calls a system card cannot settle.

The system card (``bidding``) gives every call a rule, and rules are blunt
where bridge is close: whether to bid on over the opponents' part score, to
double them, or to sacrifice over their game.  Good players decide those by
judgement; strong bridge programs by *simulation*, and so does this module:

1. At a **judgement point** (a function of the auction as the seat to call
   reads it, registered in ``POINTS``) the point names a few candidate calls
   (Pass, Double, our fit one level higher...); the system card's own call is
   always one of them.
2. Layouts of the three unseen hands are dealt consistent with what the
   auction showed (``Bidder.infer``: HCP ranges and suit lengths), by the
   card player's sampler (``cardplay.layout_stream``), so a layout that fits
   the auction better is dealt more often.
3. On each layout, the auction is finished after each candidate with the
   system card for all four players (partner and the opponents answer as the
   card says they would), and the final contract is solved double dummy
   (``dds.dd_strain_tricks``: only the strains the auctions ended in).
4. Each candidate's duplicate score for our side is compared, layout by
   layout, with the card's own call's, in IMPs.  The best candidate replaces
   the card's call only when it gains more than ``MARGIN`` IMPs a deal on
   average: judgement overrules the card when the layouts clearly say so.

Every such call is explained in plain words (what it gains and on how many
layouts); the system card still explains everybody's calls as the card reads
them (``explain``), and what a judged call shows is read the card's way.

The layouts are dealt from a seed made of the hand, the auction and the
vulnerability: the same position always gets the same call.
"""

from __future__ import annotations

import random
import statistics
import zlib
from dataclasses import dataclass
from itertools import islice
from typing import Callable

from .. import dds
from ..auction import Auction
from ..calls import PASS, Call
from ..cards import Strain, Suit
from ..contract import Contract, Doubling, Result
from ..deal import Deal, Hand
from ..notation import Message
from ..play import Play
from ..rules.duplicate import CONTRACT
from ..rules.imps import imps
from ..seats import Seat, Vul
from .bidding import BidDecision, Bidder
from ..i18n import N_
from .bidding.core import GAME, Context, HandInfo
from .bidding.slam import FOUR_NT, agreed_suit
from .cardplay import layout_stream

__all__ = ["JudgingBidder", "Judgement", "POINTS", "SAMPLES", "MARGIN", "simulate"]

#: Layouts dealt for one judgement.
SAMPLES = 16
#: IMPs a deal a candidate must gain over the card's call, on average over the
#: layouts, to replace it.
MARGIN = 0.5
#: The longest an auction is finished on a layout (a safety net: the card's
#: auctions end long before).
_MAX_CALLS = 48


@dataclass(frozen=True)
class Judgement:
    """One judgement point: ``candidates(ctx, info, card_call)`` returns the
    calls to compare with the card's call, or None when the point does not
    apply to this position."""

    name: str
    candidates: Callable[[Context, HandInfo, Call], list[Call] | None]
    #: The judged call's reason in plain words (from the best outcome and the
    #: card's call); None: the general sentence with the figures.
    explain: Callable[["Outcome", Call], Message] | None = None
    #: IMPs a deal this point's best candidate must gain (None: the bidder's margin).
    margin: float | None = None


@dataclass(frozen=True)
class Outcome:
    """What simulation found for one candidate: its mean gain in IMPs over the
    card's call, and on how many layouts it scored more, the same, less."""

    call: Call
    gain: float
    better: int
    same: int
    worse: int


def simulate(bidder: Bidder, auction: Auction, hand: Hand, vul: Vul, candidates: list[Call],
             samples: int = SAMPLES) -> list[Outcome]:
    """Each candidate against the first one (the card's call), over ``samples``
    layouts consistent with ``auction`` as ``bidder`` reads it."""
    seat = auction.turn
    rng = random.Random(zlib.crc32(f"{hand} {' '.join(map(str, auction.calls))} {auction.dealer} {vul}".encode()))
    shown = bidder.infer(auction, vul)
    partial = Deal([hand if s is seat else None for s in Seat])
    stream, _level = layout_stream(Play(partial, None, seat), shown, rng)
    layouts = list(islice(stream, samples))
    finals: list[list[tuple[Contract, Seat | None]]] = []
    wanted: dict[tuple[int, Strain, Seat], int] = {}
    for n, layout in enumerate(layouts):
        row = []
        for call in candidates:
            a = auction.copy()
            a.push(call)
            while not a.is_complete() and len(a.calls) < _MAX_CALLS:
                hand_now = layout[a.turn]
                assert hand_now is not None   # a layout is a complete deal
                a.push(Bidder.decide(bidder, a, hand_now, vul).call)
            contract, declarer = a.current_contract(), a.current_declarer()
            if declarer is not None and contract.strain is not None:
                wanted.setdefault((n, contract.strain, declarer), len(wanted))
            row.append((contract, declarer))
        finals.append(row)
    keys = list(wanted)
    solved = dict(zip(keys, dds.dd_contract_tricks([(layouts[n], strain, decl) for n, strain, decl in keys])))
    scores = [[_our_score(contract, declarer, solved.get((n, contract.strain, declarer)) if declarer is not None
                          and contract.strain is not None else None, vul, seat) for contract, declarer in row]
              for n, row in enumerate(finals)]
    out = []
    for k, call in enumerate(candidates):
        diffs = [imps(row[k] - row[0]) for row in scores]
        out.append(Outcome(call, statistics.fmean(diffs) if diffs else 0.0,
                           sum(d > 0 for d in diffs), sum(d == 0 for d in diffs), sum(d < 0 for d in diffs)))
    return out


def _our_score(contract: Contract, declarer: Seat | None, tricks: int | None, vul: Vul, seat: Seat) -> int:
    """Our side's duplicate score (the contract as the auction left it)."""
    if contract.is_passed_out:
        return 0
    if declarer is None or tricks is None:   # every contract played was solved: never a made-up 0
        raise AssertionError(f"{contract} by {declarer} was not solved")
    ns = CONTRACT.score(Result(contract, declarer, tricks), vul).ns
    return ns if seat in (Seat.N, Seat.S) else -ns


class JudgingBidder(Bidder):
    """The system card's bidder, with judgement by simulation at the points of
    ``points`` (default ``POINTS``): ``decide`` returns the card's call unless
    a candidate clearly beats it over layouts consistent with the auction."""

    def __init__(self, samples: int = SAMPLES, margin: float = MARGIN,
                 points: tuple[Judgement, ...] | None = None) -> None:
        self.samples = samples
        self.margin = margin
        self.points = POINTS if points is None else points

    def decide(self, auction: Auction, hand: Hand, vul: Vul = Vul.NONE) -> BidDecision:
        card = super().decide(auction, hand, vul)
        if not self.points or auction.is_complete():
            return card
        ctx = self._context(auction, vul)
        info = HandInfo.of(hand)
        for point in self.points:
            named = point.candidates(ctx, info, card.call)
            if named:
                break
        else:
            return card
        candidates = [c for c in dict.fromkeys([card.call, *named]) if auction.is_legal(c)]
        if len(candidates) < 2:
            return card
        outcomes = simulate(self, auction, hand, vul, candidates, self.samples)
        best = max(outcomes[1:], key=lambda o: o.gain)
        if best.gain <= (self.margin if point.margin is None else point.margin):
            return card
        if point.explain is not None:
            return BidDecision(best.call, point.explain(best, card.call))
        n = best.better + best.same + best.worse
        return BidDecision(best.call, Message(
            'judgement: on {n} layouts that fit the auction it scores {gain:.1f} IMPs a deal more than '
            '{card}, the call of the system card (better on {better}, worse on {worse})',
            n=n, gain=best.gain, card=card.call, better=best.better, worse=best.worse))


# -- the judgement points ----------------------------------------------------------
#
# Competitive decisions (the lead): both sides have bid a suit and the
# opponents hold the contract; we may pass or bid our fit.  And the part
# score we hold: stop, or bid game.


def _side_bids(ctx: Context, ours: bool) -> list[tuple[int, Seat, Call]]:
    return [(i, s, c) for i, s, c in ctx.bids() if (s.side is ctx.seat.side) == ours]


def _our_fit(ctx: Context, info: HandInfo) -> tuple[Suit, int] | None:
    """Our side's longest known fit among the suits we bid: the suit and my
    length plus the least partner has shown."""
    best: tuple[Suit, int] | None = None
    for _, _, c in _side_bids(ctx, True):
        if c.strain is None or c.strain.suit is None:
            continue
        suit = c.strain.suit
        n = ctx.fit_len(info, suit)
        if best is None or n > best[1]:
            best = (suit, n)
    return best


def competitive(ctx: Context, info: HandInfo, card_call: Call) -> list[Call] | None:
    """Both sides have bid and they hold the contract, undoubled, at the two
    level or higher: pass, or our best fit at the cheapest level (up to
    five).  Not double: penalty doubles judged this way lost (see
    bench/RESULTS.md), the layouts being too few and too loose for them."""
    auction = ctx.auction
    last = auction.last_bid()
    if last is None or last.seat.side is ctx.seat.side or last.doubling is not Doubling.UNDOUBLED:
        return None
    level = last.call.level
    if level is None or level < 2:
        return None
    if not _side_bids(ctx, True):
        return None
    if card_call.is_bid and card_call.strain is Strain.NT and card_call.level == 4:
        return None   # Blackwood: the card's conventions are not judged
    out: list[Call] = [PASS]
    fit = _our_fit(ctx, info)
    if fit is not None and fit[1] >= 8:
        strain = fit[0].strain
        assert last.call.strain is not None
        lvl = level if strain > last.call.strain else level + 1
        if lvl <= 5:
            out.append(Call.bid(lvl, strain))
    return out


def _game_bids(ctx: Context, info: HandInfo) -> list[Call]:
    """Game in our best known fit (eight cards or more) and 3NT."""
    out: list[Call] = []
    fit = _our_fit(ctx, info)
    if fit is not None and fit[1] >= 8:
        strain = fit[0].strain
        out.append(Call.bid(GAME[strain], strain))
    out.append(Call.bid(3, Strain.NT))
    return out


def part_score(ctx: Context, info: HandInfo, card_call: Call) -> list[Call] | None:
    """We hold the contract below game and the card would stop (pass) or bid
    game: stop, or bid game in our fit or in notrump."""
    last = ctx.auction.last_bid()
    if last is None or last.seat.side is not ctx.seat.side or last.doubling is not Doubling.UNDOUBLED:
        return None
    if _is_game(last.call):
        return None
    if card_call == PASS:
        return _game_bids(ctx, info)
    if card_call.is_bid and card_call.level is not None and card_call.strain is not None \
            and card_call.level == GAME[card_call.strain]:
        return [PASS]
    return None


# -- constructive judgement points (judge2) ------------------------------------------
#
# The opponents have only passed and both of us have bid naturally: whether to
# stop in a part score or bid game (accepting or declining an invitation, the
# captain placing the contract), and whether to bid slam over game.  The card
# places these contracts by adding points; simulation looks at the layouts the
# auction allows.  Conventional sequences (Stayman, transfers, a strong 2C,
# key cards) are the card's alone.

#: Likely points together (mine and the middle of partner's range) from which a
#: game decision is worth a simulation, and a slam decision.
LIKELY_GAME = 21
LIKELY_SLAM = 29
#: IMPs a deal a constructive candidate must gain to replace the card's call.
#: On the tuning seeds (8000-8599, each decision's candidates also played out
#: on the real deal) a smaller margin switched more often to lose: the
#: layouts read partner's range as evenly spread, and close game and slam
#: decisions then look better than they are.
CONSTRUCTIVE_MARGIN = 2.0


def _quiet(ctx: Context) -> bool:
    """The opponents have made no call but passes."""
    a = ctx.auction
    return all(c == PASS for i, c in enumerate(a.calls) if a.seat_of(i).side is not ctx.seat.side)


def _natural(ctx: Context, seat: Seat, call: Call) -> bool:
    """A bid that shows the suit it names (three cards or more), or notrump:
    not Stayman, a transfer, a strong 2C or a waiting 2D."""
    if call.strain is Strain.NT:
        return True
    return call.strain is not None and call.strain.suit is not None \
        and ctx.shown[seat].min_len(call.strain.suit) >= 3


def _is_game(call: Call) -> bool:
    return call.is_bid and call.level is not None and call.strain is not None and call.level >= GAME[call.strain]


def _likely(ctx: Context, info: HandInfo) -> float:
    """My HCP and the middle of partner's range (within what is left)."""
    lo, hi = ctx.shown[ctx.partner].hcp
    return info.hcp + (lo + min(hi, 40 - info.hcp)) / 2


def _constructive(ctx: Context, card_call: Call) -> list[tuple[int, Seat, Call]] | None:
    """Our side's bids when the position is constructive: the opponents silent,
    both of us have bid, our last two bids natural, no key-card auction."""
    if not _quiet(ctx):
        return None
    ours = [(i, s, c) for i, s, c in ctx.bids() if s.side is ctx.seat.side]
    if len(ours) < 2 or {s for _, s, _ in ours} != {ctx.seat, ctx.partner}:
        return None
    if FOUR_NT in [c for _, _, c in ours] or card_call == FOUR_NT:
        return None
    if not all(_natural(ctx, s, c) for _, s, c in ours[-2:]):
        return None
    return ours


def _placing(ours: list[tuple[int, Seat, Call]], call: Call) -> bool:
    """A call that places the contract rather than describes: pass, notrump,
    or a suit our side has bid already (a raise, a preference, a rebid)."""
    if call == PASS or call.strain is Strain.NT:
        return True
    return call.is_bid and any(c.strain is call.strain for _, _, c in ours)


def game_or_part(ctx: Context, info: HandInfo, card_call: Call) -> list[Call] | None:
    """The card stops below game (passes partner's part score, signs off or
    invites): game in that strain is the other candidate (and 3NT over a
    minor).  The card bids game over partner's natural part score, not forced
    to: passing it is the other."""
    ours = _constructive(ctx, card_call)
    state = ctx.auction.last_bid()
    if ours is None or state is None or _is_game(state.call) or not _placing(ours, card_call):
        return None
    if _likely(ctx, info) < LIKELY_GAME:
        return None
    if _is_game(card_call):
        if card_call.level is None or card_call.level > 5 or state.seat is not ctx.partner or ctx.game_forced():
            return None
        return [PASS, *_other_games(ctx, info, card_call)]
    strain = card_call.strain if card_call.is_bid else state.call.strain
    assert strain is not None
    out = [Call.bid(GAME[strain], strain)]
    if strain.is_minor:
        out.append(Call.bid(3, Strain.NT))
    return out


def _other_games(ctx: Context, info: HandInfo, card_call: Call) -> list[Call]:
    """Games in another strain than the card's: 3NT instead of a suit game
    (with no singleton or void in my hand), four of a major with seven cards
    or more known between us instead of 3NT, five of a minor with eight."""
    assert card_call.strain is not None
    out: list[Call] = []
    if card_call.strain is not Strain.NT and min(info.lengths.values()) >= 2:
        out.append(Call.bid(3, Strain.NT))
    if card_call.strain is Strain.NT:
        for suit in (Suit.S, Suit.H, Suit.D, Suit.C):
            if ctx.fit_len(info, suit) >= (7 if suit.strain.is_major else 8):
                out.append(Call.bid(GAME[suit.strain], suit.strain))
                break
    return [c for c in out if ctx.auction.is_legal(c)]


def strain_of_game(ctx: Context, info: HandInfo, card_call: Call) -> list[Call] | None:
    """The card bids game: game in another strain is the other candidate
    (3NT rather than four of a major or five of a minor, or the other way)."""
    ours = _constructive(ctx, card_call)
    if ours is None or not _is_game(card_call) or card_call.level is None or card_call.level > 5:
        return None
    return _other_games(ctx, info, card_call) or None


def slam_or_game(ctx: Context, info: HandInfo, card_call: Call) -> list[Call] | None:
    """The card bids game or passes partner's game with slam in view (likely
    points together ``LIKELY_SLAM`` or more): six of that strain is the other
    candidate, and key cards when the suit is agreed.  The card bids a small
    slam directly: game is the other."""
    ours = _constructive(ctx, card_call)
    state = ctx.auction.last_bid()
    if ours is None or state is None:
        return None
    if card_call.is_bid and card_call.level == 6 and card_call.strain is not None:
        game = Call.bid(GAME[card_call.strain], card_call.strain)
        return [game] if ctx.auction.is_legal(game) else [PASS]
    if _is_game(card_call) and card_call.level is not None and card_call.level <= 5:
        game = card_call
    elif card_call == PASS and _is_game(state.call) and state.call.level is not None and state.call.level <= 5:
        game = state.call
    else:
        return None
    if _likely(ctx, info) < LIKELY_SLAM or game.strain is None:
        return None
    out = [Call.bid(6, game.strain)]
    if game.strain.suit is not None and agreed_suit(ctx) is game.strain.suit and ctx.auction.is_legal(FOUR_NT):
        out.append(FOUR_NT)
    return out


def _say(template: str) -> Callable[[Outcome, Call], Message]:
    """The plain-words reason of a judged call: ``template`` with ``better``
    (layouts where the judged call scores more), ``n`` (layouts dealt) and
    ``card`` (the card's call)."""
    def why(best: Outcome, card: Call) -> Message:
        return Message(template, better=best.better, n=best.better + best.same + best.worse, card=card)
    return why


GAME_WHY = N_("game: on {better} of {n} layouts that fit the auction, game scores more than {card}")
PART_WHY = N_("a part score: on {better} of {n} layouts that fit the auction, game would fail")
SLAM_WHY = N_("slam: on {better} of {n} layouts that fit the auction, twelve tricks make")
ASK_WHY = N_("asks for key cards: on {better} of {n} layouts that fit the auction, slam is there to find")
STRAIN_WHY = N_("the better game: on {better} of {n} layouts that fit the auction, it scores more than {card}")
NO_SLAM_WHY = N_("game, not slam: on {better} of {n} layouts that fit the auction, slam would fail")


def constructive_why(best: Outcome, card: Call) -> Message:
    """Which sentence fits the judged call: game, a part score, slam, key cards."""
    call = best.call
    if call == FOUR_NT:
        template = ASK_WHY
    elif call.is_bid and call.level is not None and call.level >= 6:
        template = SLAM_WHY
    elif card.is_bid and card.level is not None and card.level >= 6:
        template = NO_SLAM_WHY
    elif _is_game(call) and _is_game(card):
        template = STRAIN_WHY
    elif _is_game(call):
        template = GAME_WHY
    else:
        template = PART_WHY
    return _say(template)(best, card)


POINTS: tuple[Judgement, ...] = (
    Judgement("competitive", competitive),
    Judgement("slam or game", slam_or_game, constructive_why, CONSTRUCTIVE_MARGIN),
    Judgement("game or part score", game_or_part, constructive_why, CONSTRUCTIVE_MARGIN),
    Judgement("strain of game", strain_of_game, constructive_why, CONSTRUCTIVE_MARGIN),
    Judgement("part score", part_score),
)
