"""The computer's bidding: a modern natural system, written down as a system
card, with a reason for every call and the inferences a listener draws from
each call.

The system card (what the computer bids, and what it assumes you bid)
---------------------------------------------------------------------
High-card points (HCP): A 4, K 3, Q 2, J 1.  *Balanced*: no void, no
singleton, at most one doubleton (4-3-3-3, 4-4-3-2, 5-3-3-2).

Openings (``openings.py``)
  * 2C: 22+ HCP, strong and artificial.  2NT: 20-21 balanced.  1NT: 15-17
    balanced (a five-card suit allowed).
  * One of a suit with 12-21 HCP (11 with two long suits: HCP plus the two
    longest suits make 20 or more).  Five-card majors: 1S or 1H needs five
    cards (the longer major, spades with 5-5); otherwise the longer minor,
    1D with 4-4, 1C with 3-3.
  * Weak two (2D, 2H, 2S): a six-card suit and 6-10 HCP.  Three of a suit: a
    seven-card suit and 5-10 HCP.  Pass: fewer than 12 HCP (11 without shape).

Strong 2C (``openings.py``)
  2D waiting (artificial); 2H, 2S, 3C, 3D positive: five cards and 8+ HCP;
  2NT positive balanced.  After 2C-2D: 2NT 22-24 balanced (Stayman and
  transfers on, as over 2NT), 3NT 25-27, a suit natural and forcing to game.
  Responder then raises a major to three with values (4+), to four with a
  bare hand, shows a five-card suit, or bids notrump.  Positive answers and
  opener's suit rebids force to game.

Over our 1NT and 2NT (``notrump.py``)
  * 2C (3C over 2NT) Stayman: a four-card major and invitational values or
    more.  Opener: 2H with four hearts, 2S with four spades (not four
    hearts), 2D none.  Responder then raises with a fit (3M invites, 4M
    game), bids 2S over 2H with four spades (invitational), 2NT or 3NT
    without a fit (opener corrects 3NT to 4S with the other major), or 3M
    over 2D with a five-card major (5-4).  Over 1NT, 2C also with a weak
    hand holding four cards in each major and at most one club (garbage
    Stayman): responder passes any answer.
  * 2D/2H (3D/3H) Jacoby transfers: five or more hearts/spades, any
    strength.  Opener completes, or over 1NT super-accepts at the three
    level with four trumps and a maximum (17).  Responder passes (weak),
    invites (2NT with five cards, 3M with six), bids game (3NT with five
    cards, opener chooses; 4M with six, or with six cards and seven losers
    or fewer by the losing-trick count) or goes on towards slam.
  * After Stayman finds a fit, responder counts shortness (HCP plus
    shortness) for game.  Opener accepts 2NT or a quantitative 4NT with the
    upper range, a five-card suit counting a point.
  * 2S over 1NT: a weak hand with a six-card minor; opener bids 3C, responder
    passes or bids 3D.
  * 2NT 8-9 invites; 3NT game values; 4NT quantitative (opener bids 6NT in
    the upper half of the range); 6NT and 7NT to play.

Responses to one of a suit and opener's rebid (``suits.py``)
  * A major raised: 2M simple raise (3+ cards, 6-9 points counting
    shortness), 3M limit raise (4+ cards, 10-12), 4M (3+ cards, 13-15).
  * A new suit at the one level: 4+ cards, 6+ HCP, forcing.  At the two
    level: 10+ HCP and 4+ cards (5+ for hearts).  From a passed hand a new
    suit is 6-11 (10-11 at the two level) and not forcing: opener passes it
    with a minimum and three cards in it.  1NT 6-9; 2NT 11-12
    balanced; 3NT 13-15 balanced.  A minor raised: 2m 6-9, 3m 10-12.
  * Opener: after a simple raise, pass 12-15, game try 16-18 (or six
    losers), game 19+ (or five losers);
    after a limit raise, game with 14+; after 1NT, pass balanced, rebid a
    six-card suit, a second suit, or 2NT with 18-19; after a new suit, raise
    with four-card support (by strength), 1NT 12-14, a new suit, 2NT 18-19,
    or a six-card suit; after a two-level answer (10+), a six-card suit
    with 16+ jumps to three (forcing to game: slam when the answer has
    extras).
  * Over partner's preempt: game with 15+ and support, 3NT with stoppers,
    (15+ points counting shortness), otherwise raise by the law of total
    tricks (three trumps: to the nine tricks we hold together, four trumps:
    to ten).

Responder's rebid (``responder.py``), the opponents silent
  * After opener's new suit (not a reverse or a jump): back to opener's
    first suit at the two level with at least as many cards there (simple
    preference, 6-9; false preference with a doubleton), pass with more
    cards in the second suit, raise a one-level second suit with four, 1NT
    6-10 (no six-card suit, no singleton), rebid a six-card suit to play; with 10-12 jump preference, raise
    the second suit to three, 2NT with the unbid suit stopped, or three of
    my six-card suit.
  * After 1NT (12-14): pass 6-10, two of my six-card suit or of opener's
    major with three cards to play, 2NT 11-12, three of my six-card suit
    10-12, 3NT 13-17.  New minor forcing: with a five-card major and 11+,
    two of the unbid minor (clubs after 1H-1S-1NT) asks opener for three
    cards in my major: 2M with three, 2NT without; then 3M invites (11-12)
    or 4M is game, and 2NT is passed (11-12) or raised to 3NT.  After opener's suit rebid: pass 6-9, raise to three
    with 10-12, 2NT 10-12 without a fit, four of a major with 13+.  After
    a raise: pass 6-9, invite 10-12, game 13+; over a jump raise, game with
    8+.  A six-card suit with 9 HCP and six losers invites over 1NT.  A hand
    of five losers or fewer is the captain's.  After 1NT and opener's rebid: pass, or preference to the first
    suit.  Game values and strong rebids (reverses, jumps) are the captain's.

Competition (``competition.py``, ``suits.py``)
  * Overcall: a five-card suit with 8-16 HCP (a six-card suit and 10+ at the
    two level); 1NT overcall 15-18 balanced with a stopper; a jump overcall
    is weak (six cards, 6-10).  Partner raises an overcall with three
    cards: once with 6-12 points counting shortness, to game with 13+
    (16+ opposite a weak jump overcall).
    Takeout double: 12+ HCP, short in their suit, three or more in the
    others, or any 17+.  Partner answers in the
    longest unbid suit, jumping with 9-11 and bidding game with 12+; or in
    notrump with their suit stopped, no four-card major and no singleton:
    over one of a suit 1NT 7-10, 2NT 11-12, 3NT 13+; over a weak two 2NT
    9-12, 3NT 13+; over a three-level preempt 3NT 10+.  Partner passes the
    double for penalties only with a trump stack: five of their suit with
    three of the five top honours, or six with two.
  * Negative double (partner opened one of a suit, right-hand opponent
    overcalled up to the three level): 6+ HCP and four cards in the unbid
    major (or in a major when both are unbid).  Opener then shows that major
    (jumping with 16-18), bids notrump with their suit stopped, rebids a
    six-card suit or shows a second one, or passes for penalties with five
    strong cards in their suit.  When their partner bids over the double
    (1C 1D X 2D), opener is free: the asked-for major with 11-15 at the two
    level (16+ at the three), a jump with 16-18, notrump with their suit
    stopped, a six-card suit, a new minor with 15+, or pass with a minimum
    and nothing to show.  Redouble after their takeout double: 10+ HCP.
  * Balancing: in the pass-out seat after their one- or two-level opening,
    a takeout double with 11+ and an overcall with 7+ (9+ at the two level).
  * Over partner's takeout double when they bid again: a free bid (6-11)
    or pass; no forced answer.
  * The doubler's rebid: a six-card suit shows 15+ HCP (too strong to
    overcall; 17+ at the four level), notrump 18-20 balanced with their suit
    stopped; four cards in partner's minimum answer: raise once with 16-18
    points, to game with 19+.
  * After their interference, a nine-card fit is raised to the level of the
    fit (the law of total tricks), short of game.
  * The competitive rule (the law of total tricks): with a fit of N trumps
    our side bids on to the level N - 6, no higher.  A sacrifice over their
    game: when we hold little defence (21 or fewer points together) and the
    law puts us at most two down at favourable vulnerability, one at equal,
    none when only we are vulnerable.
  * We opened and they hold a part score in a suit at the two level (their
    overcall raised, their answer to a takeout double): my own suit
    competes at the two level without a fit, with six cards and 8+ HCP or
    five and 14+ (1S X P 2H P: 2S with AQJ53 and 17 HCP).
  * Penalty double: their contract at the two level or higher, four or more
    of their trumps (or 10+ HCP against notrump), and 23+ HCP between us.

Slams (``slam.py``)
  * Roman Key-Card Blackwood 1430: 4NT asks for the five key cards (the
    four aces and the king of trumps) when a suit is agreed: 5C one or four,
    5D none or three, 5H two without the trump queen, 5S two with it.  The
    asker signs off in five of the trump suit with two key cards missing;
    with one missing and the queen in doubt, it asks for the queen with the
    next step (not the trump suit; only while five of the trump suit is
    still available): six of the trump suit with the queen, five without.
    Small slam with at most one key card missing; grand slam with none
    missing, the queen, and 35+ HCP between us.
  * Slam control: slam values (33+ points together) are not enough.  The
    hand that would ask must control (ace, king, singleton or void) every
    side suit but one; otherwise it stops in game.
  * 4NT when no suit is agreed is quantitative: bid 6NT in the upper half of
    the range shown, otherwise pass.

Later rounds: the captain (``captain.py``)
  Each player adds its own points to the minimum partner has shown, and
  judges the likely total (partner in the middle of its range).  With an
  eight-card fit it bids that suit (majors first), otherwise no trump when
  balanced; 3NT rather than five of a minor with 25-28 (not with a void or
  singleton, unless partner bid 3NT); a minor fit worth a slam is played in
  the minor rather than 3NT.  Their suits count as stopped when partner
  has bid notrump over them.  With no game in sight and a misfit for
  partner's part score (fewer than eight cards together), my own six-card
  suit is bid at the two level (the three level with 10+ HCP when the suit
  is new).  No invitation at four of a minor, past 3NT:
  with their suits stopped, 3NT; without, five of the minor with 26+.  Game with 26
  combined (25 for 3NT, 29 for a minor game, or one point fewer when
  partner's maximum reaches it), an invitation one level below game when
  partner's maximum would make game, a small slam with 31 sure or 32 likely
  (through RKCB in a suit; 4NT quantitative in notrump when unsure) and a
  grand slam with 37.  With nine trumps opposite partner's opening, five
  losers (the losing-trick count: twelve tricks opposite an opening's
  seven) and 26 points together are slam values too.  A forcing auction (2C, a positive answer) never
  stops below game.

Inferences
----------
Every call is read with the same card: the rule that would produce it tells
a listener an HCP range and suit lengths for the caller (``infer``).  The card
player uses them to deal only layouts that fit the auction.  Calls outside
the card (a human bidding something else) are read only for the length they
name, and explained as natural calls under the captain rule: the length the
suit promises (four cards, three in partner's suit) and what the level is
worth (a part score or competitive bid, an invitation, game, slam).
"""

from __future__ import annotations

from typing import Callable

from ...auction import Auction
from ...calls import PASS, Call
from ...deal import Hand
from ...seats import Seat, Vul
from . import competition, notrump, openings, responder, slam, suits
from .captain import captain, natural_reason
from ...notation import Message
from .core import BidDecision, Context, HandInfo, Rule, Shown, reason

__all__ = ["BidDecision", "Bidder", "HandInfo", "Rule", "Shown", "SYSTEM_CARD"]

#: The system card in the order it is read: the first part that knows the
#: auction gives the rules (in order of preference) for the seat to call.
#: A part answers None when the auction is not its own; an empty list leaves
#: the call to the captain.
SYSTEM_CARD: tuple[Callable[[Context], list[Rule] | None], ...] = (
    openings.opening,
    slam.slam_card,
    openings.strong_two_clubs,
    notrump.notrump_card,
    suits.responses,
    suits.rebids,
    responder.responder_rebids,
    responder.new_minor_forcing,
    competition.overcalls,
    competition.advances,
    competition.doubler_rebids,
)


def rules_for(ctx: Context) -> list[Rule]:
    """The system's rules for the seat to call, in order of preference."""
    for part in SYSTEM_CARD:
        rules = part(ctx)
        if rules is not None:
            return rules
    return []


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
        for rule in rules_for(ctx):
            if rule.matches(info) and auction.is_legal(rule.call):
                return BidDecision(rule.call, rule.why)
        if auction.last_bid() is None:
            return BidDecision(PASS, Message('nothing to open'))
        decision = captain(ctx, info)
        if not auction.is_legal(decision.call):
            return BidDecision(PASS, Message('{call} is not available', call=decision.call))
        return decision

    def infer(self, auction: Auction, vul: Vul = Vul.NONE) -> dict[Seat, Shown]:
        """What every seat has shown, reading each call with the system."""
        return self._read(auction, vul).shown

    def explain(self, auction: Auction, index: int, vul: Vul = Vul.NONE) -> Message:
        """What call ``index`` of ``auction`` means in the system (for ``?`` on any call)."""
        prefix = Auction(auction.dealer, auction.calls[:index])
        ctx = self._context(prefix, vul)
        call = auction.calls[index]
        for rule in rules_for(ctx):
            if rule.call == call and prefix.is_legal(call):
                return rule.reason
        if not prefix.is_legal(call):
            return reason(call, Message("not a legal call here"))
        return reason(call, natural_reason(ctx, call))

    # -- internals ---------------------------------------------------------

    def _context(self, auction: Auction, vul: Vul) -> Context:
        ctx = self._read(auction, vul)
        return Context(auction, auction.turn, ctx.shown, ctx.invites, vul, ctx.forced)

    def _read(self, auction: Auction, vul: Vul) -> Context:
        """Replay ``auction`` call by call, reading each with the card."""
        ctx = Context(Auction(auction.dealer), auction.dealer, {s: Shown() for s in Seat},
                      {s: False for s in Seat}, vul, {s: False for s in Seat})
        for call in auction.calls:
            seat = ctx.auction.turn
            ctx.seat = seat
            rule = next((r for r in rules_for(ctx) if r.call == call and ctx.auction.is_legal(call)), None)
            if rule is not None:
                ctx.shown[seat].add(rule.hcp, rule.lengths, rule.balanced)
                ctx.invites[seat] = rule.invite
                ctx.forced[seat] = ctx.forced[seat] or rule.forcing
            else:
                ctx.invites[seat] = False
                _read_natural(ctx, seat, call)
            ctx.auction.push_irregular(call)
        return ctx


def _read_natural(ctx: Context, seat: Seat, call: Call) -> None:
    """A call outside the card names a suit: four cards, or three when
    partner has bid the suit (no length from an answer to 4NT)."""
    if not (call.is_bid and call.strain is not None and call.strain.suit is not None):
        return
    suit = call.strain.suit
    partner_calls = [c for _, c in ctx.calls_by(seat.partner)]
    if call.level == 5 and slam.FOUR_NT in partner_calls:
        return
    partner_named = any(c.strain is call.strain for c in partner_calls if c.is_bid)
    again = any(c.strain is call.strain for _, c in ctx.calls_by(seat) if c.is_bid)
    least = ctx.shown[seat].min_len(suit) + 1 if again else 3 if partner_named else 4
    ctx.shown[seat].add(lengths={suit: (min(least, 7), 13)})
