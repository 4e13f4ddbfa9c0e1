"""The captain: every call the card does not script, found by adding my
points to the least partner has shown, choosing a strain by fits, and bidding
to the level the total is worth (game, invitation, slam through RKCB when the
controls allow it, or a part score)."""

from __future__ import annotations

from ...auction import BidState
from ...calls import PASS, Call, CallKind
from ...cards import Strain, Suit
from ...i18n import N_
from ...notation import Message
from .competition import compete_or_pass
from .core import GAME, MAJORS, BidDecision, Context, HandInfo, bid, cheapest_level
from .slam import FOUR_NT, agreed_suit, slam_is_safe, uncontrolled


#: What the total is worth, when the captain places the contract (compared by their templates).
PART_SCORE = N_("a part score")
LOSERS = N_("the losing-trick count: five losers opposite an opening, nine trumps")


def _is(what: Message | None, template: str) -> bool:
    return what is not None and what.template == template


def _and(suits: list[Suit]) -> Message:
    """``spades and hearts``: suits named in words, joined."""
    if len(suits) == 1:
        return Message("{suit:word}", suit=suits[0])
    return Message("{first} and {last:word}", first=_and(suits[:-1]), last=suits[-1])


def captain(ctx: Context, info: HandInfo) -> BidDecision:
    a = ctx.auction
    state = a.last_bid()
    assert state is not None
    ours = state.seat.side is ctx.seat.side
    strain = choose_strain(ctx, info)
    if strain is None:
        if ours and not _below_forced_game(ctx, state):
            return BidDecision(PASS, Message('no fit and no better strain than {call}', call=state.call))
        if ours:
            strain = Strain.NT
        else:
            return compete_or_pass(ctx, info, None, state, info.hcp + ctx.shown[ctx.partner].hcp[0])
    lo, hi, likely = _points(ctx, info, strain)
    if strain.is_minor and 25 <= max(lo, likely) and lo < 29 and stopped(ctx, info) \
            and (min(info.lengths.values()) >= 2 or state.call == bid(3, Strain.NT) and state.seat is ctx.partner):
        strain = Strain.NT   # nine tricks in notrump rather than eleven in a minor (no void or singleton)
        lo, hi, likely = _points(ctx, info, strain)
    strain, lo, hi, likely = _minor_for_slam(ctx, info, strain, lo, hi, likely)
    if state.call.level is not None and state.call.level >= 6 and ours:
        return BidDecision(PASS, Message('we are in slam'))
    target, what = _target(strain, lo, hi, likely, ctx, info)
    if ours and _below_forced_game(ctx, state) and target < GAME[strain]:
        target, what = GAME[strain], Message("game (our auction is forcing to game)")
    if ours and state.seat is ctx.partner and (target < GAME[strain] - 1 or _is(what, PART_SCORE)):
        return _raise_by_total_tricks(ctx, info, strain, state) or _own_long_suit(ctx, info, strain, state) or \
            BidDecision(PASS, Message("no game in sight, partner's {call} will do", call=state.call))
    if target == 0:
        return compete_or_pass(ctx, info, strain, state, lo) if not ours else \
            BidDecision(PASS, Message('content with {call} (about {lo} points together)', call=state.call, lo=lo))
    if target >= 6:
        return _slam(ctx, info, strain, target, lo, state, likely, what or Message("small slam values"))
    if strain.is_minor and target == 4 and ctx.auction.is_legal(bid(3, Strain.NT)) \
            and stopped(ctx, info):
        return BidDecision(bid(3, Strain.NT), Message('about {lo}+ points together, enough for nine tricks in '
                                                      'notrump: no invitation at four of a minor, past 3NT', lo=lo))
    if strain.is_minor and target == 4 and lo >= 26 and ctx.auction.is_legal(bid(5, strain)):
        return BidDecision(bid(5, strain), Message('about {lo}+ points together and their suit not stopped for 3NT: '
                                                   'game in the minor rather than an invitation', lo=lo))
    if _is(what, PART_SCORE):
        target = cheapest_level(state.call, strain)
        if target > 2:
            return compete_or_pass(ctx, info, strain, state, lo) if not ours else \
                BidDecision(PASS, Message('content with {call} (about {lo} points together)', call=state.call, lo=lo))
    return _place(ctx, strain, target, what or Message("game values"), likely, state, info, lo)


def _raise_by_total_tricks(ctx: Context, info: HandInfo, strain: Strain, state: BidState) -> BidDecision | None:
    """They have bid: with nine or more trumps together in partner's suit,
    raise to the level of the fit (as many tricks as trumps), short of game,
    so that they cannot find their own fit cheaply."""
    suit = strain.suit
    if suit is None or not ctx.opp_suits() or state.call.strain is not strain or state.call.level is None:
        return None
    total = ctx.fit_len(info, suit)
    level = min(total - 6, GAME[strain] - 1, 3)
    if total < 9 or level <= state.call.level:
        return None
    call = bid(level, strain)
    return BidDecision(call, Message('{total} {strain:word} together after their interference: to the level of the '
                                     'fit (the law of total tricks)', total=total, strain=strain))


def _own_long_suit(ctx: Context, info: HandInfo, strain: Strain, state: BidState) -> BidDecision | None:
    """No game, but partner's part score is in a misfit: my six-card suit
    plays better than partner's suit or notrump (at the two level, or at the
    three level with 10+ HCP when the suit is new)."""
    suit = strain.suit
    if suit is None or state.call.strain is strain or info.lengths[suit] < 6:
        return None
    theirs = state.call.strain.suit if state.call.strain is not None else None
    if theirs is not None and ctx.fit_len(info, theirs) >= 8:
        return None
    level = cheapest_level(state.call, strain)
    shown = any(c.is_bid and c.strain is strain for _, c in ctx.calls_by(ctx.seat))
    if level > 3 or level == 3 and (info.hcp < 10 or shown):
        return None       # a suit bid again at the three level reads as extra values
    call = bid(level, strain)
    if not ctx.auction.is_legal(call):
        return None
    return BidDecision(call, Message("six or more {strain:word} and a misfit with partner's {call}: my suit plays "
                                     "better (no game in sight)", strain=strain, call=state.call))


def _place(ctx: Context, strain: Strain, target: int, what: Message, likely: int, state: BidState,
           info: HandInfo, lo: int) -> BidDecision:
    ours = state.seat.side is ctx.seat.side
    call = bid(target, strain)
    if ours and state.call.strain is strain and state.call.level is not None and state.call.level >= target:
        return BidDecision(PASS, Message('{call} is where we belong ({what})', call=state.call, what=what))
    if ctx.auction.is_legal(call):
        return BidDecision(call, Message('{what}, about {likely} points together in {strain:word}',
                                         what=what, likely=likely, strain=strain))
    if ours:
        return BidDecision(PASS, Message('content with {call} (about {lo} points together)', call=state.call, lo=lo))
    return compete_or_pass(ctx, info, strain, state, lo)


def _points(ctx: Context, info: HandInfo, strain: Strain) -> tuple[int, int, int]:
    """Our combined points: the least, the most, and the likely total (partner
    in the middle of its range, within the points the others leave)."""
    p = ctx.shown[ctx.partner]
    me = ctx.shown[ctx.seat]
    fit = strain.suit is not None and ctx.fit_len(info, strain.suit) >= 8
    pts = info.hcp + (info.shortness(strain.suit) if fit else 0)
    lo, hi = pts + p.hcp[0], pts + p.hcp[1]
    others = sum(ctx.shown[s].hcp[0] for s in (ctx.seat.lho, ctx.seat.rho))
    room = max(0, 40 - info.hcp - others)
    likely = pts + min((p.hcp[0] + min(p.hcp[1], room)) // 2, room)
    if ctx.invites.get(ctx.partner):
        mid = (me.hcp[0] + me.hcp[1]) / 2 if me.hcp != (0, 37) else 12
        if info.hcp >= mid:
            lo = max(lo, 26 if strain is not Strain.NT else 25)
    return lo, hi, likely


def _minor_for_slam(ctx: Context, info: HandInfo, strain: Strain, lo: int, hi: int,
                    likely: int) -> tuple[Strain, int, int, int]:
    """Notrump was chosen over a minor fit: when the fit with its shortness
    is worth a slam and notrump's points are not, the minor is the strain
    (twelve tricks come from the ruffs and the long suit, and RKCB checks
    the aces)."""
    if strain is not Strain.NT or _target(strain, lo, hi, likely, ctx, info)[0] >= 6:
        return strain, lo, hi, likely
    for suit in (Suit.D, Suit.C):
        if ctx.fit_len(info, suit) >= 8:
            s_lo, s_hi, s_likely = _points(ctx, info, suit.strain)
            if _target(suit.strain, s_lo, s_hi, s_likely, ctx, info)[0] >= 6:
                return suit.strain, s_lo, s_hi, s_likely
    return strain, lo, hi, likely


def _below_forced_game(ctx: Context, state: BidState) -> bool:
    if not ctx.game_forced() or state.call.level is None or state.call.strain is None:
        return False
    return state.call.level < GAME[state.call.strain]


def _slam(ctx: Context, info: HandInfo, strain: Strain, target: int, lo: int, state: BidState,
          likely: int, what: Message) -> BidDecision:
    """Slam values: ask for key cards when a suit is agreed and the controls
    allow it; otherwise bid the slam in notrump, or stop in game."""
    a = ctx.auction
    level = 7 if target == 7 else 6
    if strain is Strain.NT:
        call = bid(level, Strain.NT)
        if lo < 33 and likely < 34 and level == 6 and a.is_legal(FOUR_NT) and FOUR_NT not in a.calls:
            return BidDecision(FOUR_NT, Message('quantitative, invites 6NT (about {lo}-{n2} points together, no '
                                                'suit agreed)', lo=lo, n2=lo + 2))
        return BidDecision(call, (Message('about {lo}+ points together, grand slam', lo=lo) if level == 7 else
                                     Message('about {lo}+ points together, small slam', lo=lo))) \
            if a.is_legal(call) else BidDecision(PASS, Message('{call} is as high as we go', call=state.call))
    suit = strain.suit
    assert suit is not None
    values = what if _is(what, LOSERS) else Message("about {lo}+ points together", lo=lo)
    missing = uncontrolled(info, suit)
    if not slam_is_safe(info, suit):
        game = bid(GAME[strain], strain)
        words = _and(missing)
        if a.is_legal(game):
            return BidDecision(game, Message('slam values ({values}) but no control in {suits}: stop in game',
                                             values=values, suits=words))
        return BidDecision(PASS, Message('no control in {suits}, no slam', suits=words))
    used = FOUR_NT in a.calls
    if a.is_legal(FOUR_NT) and not used and agreed_suit(ctx) is suit:
        return BidDecision(FOUR_NT, Message('RKCB 1430, asks for key cards in {strain:word} (slam likely: {values}, '
                                            'every side suit controlled)', strain=strain, values=values))
    call = bid(6, strain)
    if a.is_legal(call):
        return BidDecision(call, Message('small slam values ({values}) and the controls', values=values))
    return BidDecision(PASS, Message('{call} is as high as we go', call=state.call))


def stopped(ctx: Context, info: HandInfo) -> bool:
    """Their suits are stopped for notrump: I hold a stopper in each, or
    partner bid notrump after they had bid (which shows their suits stopped)."""
    bids = ctx.bids()
    theirs = [i for i, s, _ in bids if s.side is not ctx.seat.side]
    if theirs and any(i > theirs[0] and s is ctx.partner and c.strain is Strain.NT for i, s, c in bids):
        return True
    return all(info.stopper(s) for s in ctx.opp_suits())


def choose_strain(ctx: Context, info: HandInfo) -> Strain | None:
    fits = [(s, ctx.fit_len(info, s)) for s in Suit]
    good = [(s, n) for s, n in fits if n >= 8]
    if good:
        majors = [x for x in good if x[0] in MAJORS]
        best = max(majors or good, key=lambda x: (x[1], x[0]))
        if best[0] in MAJORS:
            return best[0].strain
        if info.balanced and stopped(ctx, info) or ctx.shown[ctx.partner].balanced:
            return Strain.NT
        return best[0].strain
    longest = info.longest()
    if info.lengths[longest] >= 6:
        return longest.strain
    if stopped(ctx, info):
        return Strain.NT
    p = ctx.shown[ctx.partner]
    p_suit = max(Suit, key=lambda s: (p.min_len(s), s))
    if p.min_len(p_suit) >= 5 and info.lengths[p_suit] >= 2:
        return p_suit.strain
    return longest.strain if info.lengths[longest] >= 5 else None


def _target(strain: Strain, lo: int, hi: int, likely: int, ctx: Context, info: HandInfo) -> tuple[int, Message | None]:
    game = GAME[strain]
    need = {3: 25, 4: 26, 5: 29}[game]
    fit = strain.suit is None or ctx.fit_len(info, strain.suit) >= 8
    if (lo >= 37 or likely >= 38 and lo >= 34) and fit:
        return 7, Message("grand slam values")
    if (lo >= 31 or likely >= 32 and lo >= 28) and fit:
        return 6, Message("small slam values")
    if strain.suit is not None and ctx.fit_len(info, strain.suit) >= 9 and ctx.shown[ctx.partner].hcp[0] >= 11 \
            and info.losers() <= 5 and lo >= 26:
        # the losing-trick count: my five losers and an opening's seven leave twelve tricks
        return 6, Message(LOSERS)
    if lo >= need or likely >= need or lo >= need - 1 and hi >= need:
        return game, Message("game values")
    if strain.is_minor and lo >= 25 and info.balanced:
        return 3, Message("game values")
    if hi >= need and lo >= need - 4:
        return game - 1, Message("invites game")
    if likely >= 20 or (strain.suit is not None and ctx.fit_len(info, strain.suit) >= 8):
        return max(1, min(2, game - 1)), Message(PART_SCORE)
    return 0, None


def natural_reason(ctx: Context, call: Call) -> Message:
    """What a call no sequence of the card scripts means: it is natural and
    read with the captain rule (the level says what our points together are
    worth: a part score, an invitation one below game, game, slam)."""
    state = ctx.auction.last_bid()
    if call.kind is CallKind.PASS:
        if state is None:
            return Message("not enough to open")
        if state.seat.side is ctx.seat.side:
            return Message("content with {call} (the captain rule: no better strain or level in view)",
                           call=state.call)
        return Message("nothing more to say over their {call} (the captain rule)", call=state.call)
    if call.kind is CallKind.DOUBLE:
        return Message("for penalties (the captain rule: four or more of their trumps, or 10+ HCP against notrump, "
                       "and about 23+ points together)")
    if call.kind is CallKind.REDOUBLE:
        return Message("we hold the balance of points (the captain rule)")
    assert call.level is not None and call.strain is not None
    strain = call.strain
    game = GAME[strain]
    worth = (Message("a grand slam (about 37 points together)") if call.level == 7 else
             Message("a small slam (about 31-33 points together)") if call.level == 6 else
             (Message("game (about 25-26 points together)") if strain is Strain.NT or strain.is_major
              else Message("game (about 29 points together)")) if call.level >= game else
             Message("invites game") if call.level == game - 1 and call.level >= 3 else
             Message("a part score or a competitive bid"))
    if strain is Strain.NT:
        return Message("natural, to play in no trump: {worth} (the captain rule)", worth=worth)
    assert strain.suit is not None
    partner_named = any(c.is_bid and c.strain is strain for _, c in ctx.calls_by(ctx.partner))
    mine = any(c.is_bid and c.strain is strain for _, c in ctx.calls_by(ctx.seat))
    length = (Message("more {strain:word} than shown before", strain=strain) if mine else
              Message("support for partner's {strain:word} (an eight-card fit)", strain=strain) if partner_named else
              Message("four or more {strain:word}", strain=strain))
    they_acted = any(c.kind is not CallKind.PASS for i, c in enumerate(ctx.auction.calls)
                     if ctx.auction.seat_of(i).side is not ctx.seat.side)
    if they_acted and call.level < game:
        worth = Message("{worth} (or competes: as many tricks as trumps together, the law of total tricks)",
                        worth=worth)
    return Message("natural, {length}: {worth} (the captain rule)", length=length, worth=worth)
