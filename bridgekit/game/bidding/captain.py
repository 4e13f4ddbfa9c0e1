"""The captain: every call the card does not script, found by adding my
points to the least partner has shown, choosing a strain by fits, and bidding
to the level the total is worth (game, invitation, slam through RKCB when the
controls allow it, or a part score)."""

from __future__ import annotations

from ...auction import BidState
from ...calls import PASS, Call, CallKind
from ...cards import Strain, Suit
from .competition import compete_or_pass
from .core import GAME, MAJORS, BidDecision, Context, HandInfo, bid, cheapest_level
from .slam import FOUR_NT, agreed_suit, slam_is_safe, uncontrolled


def captain(ctx: Context, info: HandInfo) -> BidDecision:
    a = ctx.auction
    state = a.last_bid()
    assert state is not None
    ours = state.seat.side is ctx.seat.side
    strain = choose_strain(ctx, info)
    if strain is None:
        if ours and not _below_forced_game(ctx, state):
            return BidDecision(PASS, f"Pass: no fit and no better strain than {state.call}")
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
        return BidDecision(PASS, "Pass: we are in slam")
    target, what = _target(strain, lo, hi, likely, ctx, info)
    if ours and _below_forced_game(ctx, state) and target < GAME[strain]:
        target, what = GAME[strain], "game (our auction is forcing to game)"
    if ours and state.seat is ctx.partner and (target < GAME[strain] - 1 or what == "a part score"):
        return _raise_by_total_tricks(ctx, info, strain, state) or _own_long_suit(ctx, info, strain, state) or \
            BidDecision(PASS, f"Pass: no game in sight, partner's {state.call} will do")
    if target == 0:
        return compete_or_pass(ctx, info, strain, state, lo) if not ours else \
            BidDecision(PASS, f"Pass: content with {state.call} (about {lo} points together)")
    if target >= 6:
        return _slam(ctx, info, strain, target, lo, state, likely, what)
    if strain.is_minor and target == 4 and ctx.auction.is_legal(bid(3, Strain.NT)) \
            and stopped(ctx, info):
        return BidDecision(bid(3, Strain.NT), f"3NT: about {lo}+ points together, enough for nine tricks in"
                                              " notrump: no invitation at four of a minor, past 3NT")
    if strain.is_minor and target == 4 and lo >= 26 and ctx.auction.is_legal(bid(5, strain)):
        return BidDecision(bid(5, strain), f"5{strain.name}: about {lo}+ points together and their suit not"
                                           " stopped for 3NT: game in the minor rather than an invitation")
    if what == "a part score":
        target = cheapest_level(state.call, strain)
        if target > 2:
            return compete_or_pass(ctx, info, strain, state, lo) if not ours else \
                BidDecision(PASS, f"Pass: content with {state.call} (about {lo} points together)")
    return _place(ctx, strain, target, what, likely, state, info, lo)


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
    return BidDecision(call, f"{call}: {total} {strain.word} together after their interference: to the level of"
                             " the fit (the law of total tricks)")


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
    return BidDecision(call, f"{call}: six or more {strain.word} and a misfit with partner's {state.call}:"
                             " my suit plays better (no game in sight)")


def _place(ctx: Context, strain: Strain, target: int, what: str, likely: int, state: BidState,
           info: HandInfo, lo: int) -> BidDecision:
    ours = state.seat.side is ctx.seat.side
    call = bid(target, strain)
    if ours and state.call.strain is strain and state.call.level is not None and state.call.level >= target:
        return BidDecision(PASS, f"Pass: {state.call} is where we belong ({what})")
    if ctx.auction.is_legal(call):
        return BidDecision(call, f"{call}: {what}, about {likely} points together in {strain.word}")
    if ours:
        return BidDecision(PASS, f"Pass: content with {state.call} (about {lo} points together)")
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
          likely: int, what: str = "") -> BidDecision:
    """Slam values: ask for key cards when a suit is agreed and the controls
    allow it; otherwise bid the slam in notrump, or stop in game."""
    a = ctx.auction
    level = 7 if target == 7 else 6
    if strain is Strain.NT:
        call = bid(level, Strain.NT)
        if lo < 33 and likely < 34 and level == 6 and a.is_legal(FOUR_NT) and FOUR_NT not in a.calls:
            return BidDecision(FOUR_NT, f"4NT: quantitative, invites 6NT (about {lo}-{lo + 2} points together,"
                                        " no suit agreed)")
        return BidDecision(call, f"{call}: about {lo}+ points together, {'grand' if level == 7 else 'small'} slam") \
            if a.is_legal(call) else BidDecision(PASS, f"Pass: {state.call} is as high as we go")
    suit = strain.suit
    assert suit is not None
    values = what if "losing-trick" in what else f"about {lo}+ points together"
    missing = uncontrolled(info, suit)
    if not slam_is_safe(info, suit):
        game = bid(GAME[strain], strain)
        words = " and ".join(s.word for s in missing)
        if a.is_legal(game):
            return BidDecision(game, f"{game}: slam values ({values}) but no control in {words}: stop in game")
        return BidDecision(PASS, f"Pass: no control in {words}, no slam")
    used = FOUR_NT in a.calls
    if a.is_legal(FOUR_NT) and not used and agreed_suit(ctx) is suit:
        return BidDecision(FOUR_NT, f"4NT: RKCB 1430, asks for key cards in {strain.word} (slam likely: {values},"
                                    " every side suit controlled)")
    call = bid(6, strain)
    if a.is_legal(call):
        return BidDecision(call, f"{call}: small slam values ({values}) and the controls")
    return BidDecision(PASS, f"Pass: {state.call} is as high as we go")


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


def _target(strain: Strain, lo: int, hi: int, likely: int, ctx: Context, info: HandInfo) -> tuple[int, str]:
    game = GAME[strain]
    need = {3: 25, 4: 26, 5: 29}[game]
    fit = strain.suit is None or ctx.fit_len(info, strain.suit) >= 8
    if (lo >= 37 or likely >= 38 and lo >= 34) and fit:
        return 7, "grand slam values"
    if (lo >= 31 or likely >= 32 and lo >= 28) and fit:
        return 6, "small slam values"
    if strain.suit is not None and ctx.fit_len(info, strain.suit) >= 9 and ctx.shown[ctx.partner].hcp[0] >= 11 \
            and info.losers() <= 5 and lo >= 26:
        # the losing-trick count: my five losers and an opening's seven leave twelve tricks
        return 6, "the losing-trick count: five losers opposite an opening, nine trumps"
    if lo >= need or likely >= need or lo >= need - 1 and hi >= need:
        return game, "game values"
    if strain.is_minor and lo >= 25 and info.balanced:
        return 3, "game values"
    if hi >= need and lo >= need - 4:
        return game - 1, "invites game"
    if likely >= 20 or (strain.suit is not None and ctx.fit_len(info, strain.suit) >= 8):
        return max(1, min(2, game - 1)), "a part score"
    return 0, ""


def natural_reason(ctx: Context, call: Call) -> str:
    """What a call no sequence of the card scripts means: it is natural and
    read with the captain rule (the level says what our points together are
    worth: a part score, an invitation one below game, game, slam)."""
    state = ctx.auction.last_bid()
    if call.kind is CallKind.PASS:
        if state is None:
            return "Pass: not enough to open"
        if state.seat.side is ctx.seat.side:
            return f"Pass: content with {state.call} (the captain rule: no better strain or level in view)"
        return f"Pass: nothing more to say over their {state.call} (the captain rule)"
    if call.kind is CallKind.DOUBLE:
        return (f"X: for penalties (the captain rule: four or more of their trumps, or 10+ HCP against"
                f" notrump, and about 23+ points together)")
    if call.kind is CallKind.REDOUBLE:
        return "XX: we hold the balance of points (the captain rule)"
    assert call.level is not None and call.strain is not None
    strain = call.strain
    game = GAME[strain]
    worth = ("a grand slam (about 37 points together)" if call.level == 7 else
             "a small slam (about 31-33 points together)" if call.level == 6 else
             "game" + (" (about 25-26 points together)" if strain is Strain.NT or strain.is_major
                       else " (about 29 points together)") if call.level >= game else
             "invites game" if call.level == game - 1 and call.level >= 3 else "a part score or a competitive bid")
    if strain is Strain.NT:
        return f"{call}: natural, to play in no trump: {worth} (the captain rule)"
    assert strain.suit is not None
    partner_named = any(c.is_bid and c.strain is strain for _, c in ctx.calls_by(ctx.partner))
    mine = any(c.is_bid and c.strain is strain for _, c in ctx.calls_by(ctx.seat))
    length = ("more " + strain.word + " than shown before" if mine else
              f"support for partner's {strain.word} (an eight-card fit)" if partner_named else
              f"four or more {strain.word}")
    they_acted = any(c.kind is not CallKind.PASS for i, c in enumerate(ctx.auction.calls)
                     if ctx.auction.seat_of(i).side is not ctx.seat.side)
    if they_acted and call.level < game:
        worth += " (or competes: as many tricks as trumps together, the law of total tricks)"
    return f"{call}: natural, {length}: {worth} (the captain rule)"
