"""The review offered when a deal at the table ends.

A summary first, read at a glance: the contract and its score against
double-dummy par (in IMPs), the tricks taken against double dummy, **your**
cards that cost tricks (one line each: trick, card, what was best), the
computer's costly cards apart, and the auction's first call after which par
could no longer be reached, with its reason.  The trick-by-trick detail
follows on request (``full``): every card with the player who chose it, each
computer card's reason and each costly card's double-dummy cost.

Every card is charged to whoever chose it (``GameRecord.chosen_by_human``):
your own cards, dummy's when you declare, North's and yours when North
declares and you play both hands; with ``--watch`` the computer's.  The
figures come from the same post-mortem ``bridgekit analyse`` makes
(``bridgekit.analysis.postmortem``) and from DDS's par.  Lines fit 80
columns.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.postmortem import CardVerdict, PostMortem, analyse_play
from ..auction import Auction
from ..calls import Call
from ..cards import Card
from ..contract import Contract, Doubling, Result
from ..dds import DDTable, Par, ParContract, dd_table, dds_par
from ..rules import find_profile
from ..notation import contract_text, par_contract_text, seat_letter, seat_name, verdict_text
from ..rules.imps import imps
from ..i18n import _, _n
from ..render import call_text, card_text, reason_text, visible_len
from ..seats import Seat
from .bidding import Bidder
from .session import GameRecord, wrap


# -- the figures ------------------------------------------------------------------

@dataclass(frozen=True)
class CostlyCard:
    """A card that cost its side tricks double dummy."""

    trick: int
    seat: Seat
    card: Card
    best: tuple[Card, ...]
    cost: int
    by_you: bool


@dataclass(frozen=True)
class Summary:
    """What the review's summary says, as data (rendered by ``summary_lines``).
    Scores are for North-South; ``imps_from_par`` is the table's score against
    par from North-South's (your side's) point of view."""

    contract: Contract | None
    declarer: Seat | None
    tricks: int | None              # declarer's side at the table (None: play unfinished)
    score_ns: int | None            # at the table
    dd_tricks: int | None           # the contract's tricks double dummy, before the lead
    dd_score_ns: int | None         # the contract scored with those tricks
    par: Par
    costly: tuple[CostlyCard, ...]
    off_par: int | None             # the first call after which par could not be reached
    off_par_reason: str | None

    @property
    def imps_from_par(self) -> int | None:
        return None if self.score_ns is None else imps(self.score_ns - self.par.score)


def first_call_off_par(auction: Auction, par: Par) -> int | None:
    """The index of the first call after which none of ``par``'s contracts
    could be the final contract any more, or None when the auction reached
    par.  A bid past par is charged to its bidder; an auction that ends short
    of par (or with the wrong declarer) to the par side's last call, and a
    sacrifice left undoubled to the doubling side's last call: the pass that
    ends an auction is rarely the one that missed par."""
    prefix = Auction(auction.dealer)
    for i, call in enumerate(auction.calls):
        prefix.push(call)
        if _par_reachable(prefix, par.contracts):
            continue
        if not prefix.is_complete() or not par.contracts:
            return i
        last = prefix.last_bid()
        target = par.contracts[0]
        side = target.side
        if (last is not None and last.call.strain is not None and last.seat.side is side
                and (last.call.level, last.call.strain) == (target.contract.level, target.contract.strain)
                and last.doubling is not target.contract.doubling):
            wanted = target.contract.doubling
            # too little doubling: the opponents failed to double; too much: a
            # double by the opponents, or the declaring side's redouble
            side = side if last.doubling > wanted and wanted is not Doubling.UNDOUBLED else side.opponents
        return max(k for k in range(i + 1) if prefix.seat_of(k).side is side)
    return None


def _par_reachable(a: Auction, targets: tuple[ParContract, ...]) -> bool:
    last = a.last_bid()
    if not targets:                       # par is a pass-out: any bid leaves it
        return last is None
    for pc in targets:
        assert pc.contract.strain is not None
        bid = Call.bid(pc.contract.level, pc.contract.strain)
        if last is None or last.call.rank < bid.rank:
            if not a.is_complete():
                return True
        elif last.call == bid and last.seat.side is pc.side:
            if not a.is_complete():
                return True
            if a.declarer() in pc.declarers and last.doubling is pc.contract.doubling:
                return True
    return False


def summarise(record: GameRecord, table: DDTable | None = None, pm: PostMortem | None = None) -> Summary:
    """The summary's figures (solves the DD table and the play unless given)."""
    auction = record.auction
    deal = record.deal
    table = table if table is not None else dd_table(deal)
    par = dds_par(table, record.vul, auction.dealer)
    contract, declarer, play = auction.contract(), auction.declarer(), record.play
    profile = find_profile("contract")
    tricks = score_ns = dd_tricks = dd_score = None
    costly: tuple[CostlyCard, ...] = ()
    if contract is not None and contract.is_passed_out:
        score_ns = dd_score = 0
    elif contract is not None and declarer is not None and contract.strain is not None:
        dd_tricks = table.tricks(declarer, contract.strain)
        dd_score = profile.score(Result(contract, declarer, dd_tricks), record.vul, deal).ns
        if play is not None and play.is_complete():
            tricks = play.declarer_tricks()
            score_ns = profile.score(Result(contract, declarer, tricks), record.vul, deal).ns
        if play is not None and play.cards:
            if pm is None:
                pm = analyse_play(deal, contract.strain, declarer, list(play.cards), contract=str(contract))
            costly = tuple(CostlyCard(v.trick, v.seat, v.card, v.best, v.cost, v.seat in record.chosen_by_human)
                           for v in pm.verdicts if v.cost > 0)
    off = None if dd_score == par.score else first_call_off_par(auction, par)
    reason = None
    if off is not None:
        reason = record.call_reasons.get(off)
        if reason is None:
            reason = Bidder().explain(auction, off, record.vul)
    return Summary(contract, declarer, tricks, score_ns, dd_tricks, dd_score, par, costly, off, reason)


# -- rendering ---------------------------------------------------------------------

@dataclass(frozen=True)
class _Style:
    """How the review renders: the notation (``ascii``, ``colour``) and the language."""

    ascii: bool = False
    colour: bool = False
    lang: str = "en"

    def card(self, card: Card) -> str:
        return card_text(card, self.ascii, self.colour, self.lang)

    def cards(self, cards: tuple[Card, ...] | list[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def call(self, call: Call) -> str:
        return call_text(call, self.ascii, self.colour, self.lang)

    def seat(self, seat: Seat) -> str:
        return seat_name(seat, self.lang)

    def reason(self, reason: str) -> str:
        """The computer's reason (kept in the record in English, calls and cards in letters) as shown."""
        return reason_text(reason, self.ascii, self.colour, self.lang)


def _tricks(n: int, lang: str) -> str:
    return _n(lang, "{n} trick", "{n} tricks", n)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def _par_text(par: Par, st: _Style) -> str:
    if not par.contracts:
        return _(st.lang, "a pass-out (0)")
    shown = [par_contract_text(pc, st.ascii, st.lang, colour=st.colour, by=True) for pc in par.contracts]
    return _(st.lang, "N-S {score} ({contracts})", score=_signed(par.score), contracts="; ".join(shown))


def _who(seat: Seat, record: GameRecord, lang: str) -> str:
    """The seat, and who chose its cards when that is not obvious."""
    chosen = seat in record.chosen_by_human
    if seat is record.human and not chosen:
        return _(lang, "{seat} (computer)", seat=seat_name(seat, lang))   # --watch: the computer played your hand
    return _(lang, "{seat} (you)", seat=seat_name(seat, lang)) if chosen else seat_name(seat, lang)


def _costly_line(c: CostlyCard, record: GameRecord, st: _Style) -> str:
    L = st.lang
    if not c.by_you:
        text = _(L, "Trick {n}  {seat} {card}, best {best}: cost {tricks}", n=f"{c.trick:>2}", seat=st.seat(c.seat),
                 card=st.card(c.card), best=st.cards(c.best), tricks=_tricks(c.cost, L))
    elif c.seat is record.human:
        text = _(L, "Trick {n}  {card}, best {best}: cost {tricks}", n=f"{c.trick:>2}", card=st.card(c.card),
                 best=st.cards(c.best), tricks=_tricks(c.cost, L))
    else:
        text = _(L, "Trick {n}  {card} from {seat}, best {best}: cost {tricks}", n=f"{c.trick:>2}",
                 card=st.card(c.card), seat=st.seat(c.seat), best=st.cards(c.best), tricks=_tricks(c.cost, L))
    return wrap("  " + text, indent=14)


def _label(text: str) -> str:
    """A summary line's label in its column (11 characters)."""
    return f"{text:<10} "


def summary_lines(record: GameRecord, s: Summary, ascii_: bool = False, colour: bool = False,
                  lang: str = "en") -> list[str]:
    """The summary, at most 80 columns a line, in ``lang``."""
    st = _Style(ascii_, colour, lang)
    L = lang
    lines = [_(L, "Review of the deal."), ""]
    c, d = s.contract, s.declarer
    if c is None:
        lines.append(_(L, "The auction did not end."))
    elif c.is_passed_out:
        lines.append(_label(_(L, "Contract")) + _(L, "passed out: 0 for both sides."))
    elif d is not None:
        contract = contract_text(c, ascii_, L, colour=colour)
        if s.tricks is None:
            text = _(L, "{contract} by {declarer} (the play did not end).", contract=contract, declarer=st.seat(d))
        else:
            text = _(L, "{contract} by {declarer}, {tricks}: {verdict}, N-S {score}.", contract=contract,
                     declarer=st.seat(d), tricks=_tricks(s.tricks, L),
                     verdict=verdict_text(s.tricks - c.tricks_needed, long=True, lang=L),
                     score=_signed(s.score_ns or 0))
        lines.append(wrap(_label(_(L, "Contract")) + text, indent=11))
    par_line = _label(_(L, "Par")) + _par_text(s.par, st)
    if s.imps_from_par is not None:
        n = s.imps_from_par
        if s.score_ns == s.par.score:
            par_line += _(L, ": par reached.")
        else:
            against = _(L, "(N-S {score} against {par})", score=_signed(s.score_ns or 0), par=_signed(s.par.score))
            par_line += (_n(L, ": {n} IMP above par {against}.", ": {n} IMPs above par {against}.", abs(n),
                            against=against) if n > 0 else
                         _(L, ": level with par in IMPs {against}.", against=against) if n == 0 else
                         _n(L, ": {n} IMP below par {against}.", ": {n} IMPs below par {against}.", abs(n),
                            against=against))
    lines.append(wrap(par_line, indent=11))
    if c is not None and d is not None and s.dd_tricks is not None:
        taken = _(L, "{n} taken", n=s.tricks) if s.tricks is not None else _(L, "play unfinished")
        lines.append(wrap(_label(_(L, "Tricks")) + _(L, "{taken}; double dummy {n} for {declarer} before the "
                                                         "opening lead.", taken=taken, n=s.dd_tricks,
                                                         declarer=st.seat(d)), indent=11))
        yours = [x for x in s.costly if x.by_you]
        theirs = [x for x in s.costly if not x.by_you]
        if not record.chosen_by_human:
            lines.append(_label(_(L, "Your cards")) + _(L, "none: the computer played your side's cards."))
        elif not yours:
            lines.append(_label(_(L, "Your cards")) + _(L, "none cost a trick double dummy."))
        else:
            total = sum(x.cost for x in yours)
            lines.append(_n(L, "Your cards that cost tricks double dummy ({n} trick in all):",
                             "Your cards that cost tricks double dummy ({n} tricks in all):", total))
            lines += [_costly_line(x, record, st) for x in yours]
        if theirs:
            total = sum(x.cost for x in theirs)
            lines.append(_n(L, "The computer's cards that cost tricks ({n} trick in all):",
                         "The computer's cards that cost tricks ({n} tricks in all):", total))
            lines += [_costly_line(x, record, st) for x in theirs]
    if s.off_par is None:
        if c is not None and s.dd_score_ns == s.par.score:
            lines.append(_label(_(L, "Auction")) + _(L, "reached par."))
    else:
        seat = record.auction.seat_of(s.off_par)
        who = _(L, "{seat} (you)", seat=st.seat(seat)) if seat is record.human else st.seat(seat)
        call = st.call(record.auction.calls[s.off_par])
        lines.append(wrap(_label(_(L, "Auction")) + _(L, "left par with {who}'s {call} (call {n}): {reason}",
                                                       who=who, call=call, n=s.off_par + 1,
                                                       reason=st.reason(s.off_par_reason or "")), indent=11))
    return lines


def detail_lines(record: GameRecord, pm: PostMortem, ascii_: bool = False, colour: bool = False,
                 lang: str = "en") -> list[str]:
    """The auction with the computer's reasons, then the play trick by trick:
    each card with who chose it, the computer's reasons and every cost."""
    st = _Style(ascii_, colour, lang)
    L = lang
    auction = record.auction
    human = record.human
    lines = [_(L, "The auction:")]
    for i, call in enumerate(auction.calls):
        seat = auction.dealer.next(i)
        who = _(L, "{seat} (you)", seat=st.seat(seat)) if seat is human else st.seat(seat)
        reason = record.call_reasons.get(i)
        shown = st.call(call)
        shown += " " * max(0, 5 - visible_len(shown))   # colour codes take no room
        text = f"  {who:<11} {shown}" + (f" {st.reason(reason)}" if reason else "")
        lines.append(wrap(text, indent=20))
    play = record.play
    assert play is not None
    tricks = play.tricks()
    for t in range(0, len(pm.verdicts), 4):
        trick = pm.verdicts[t:t + 4]
        cards = "  ".join(f"{seat_letter(v.seat, L)} {st.card(v.card)}" for v in trick)
        won = ""
        winner = tricks[t // 4].winner if t // 4 < len(tricks) else None
        if winner is not None:
            won = f"  -> {st.seat(winner)}"
        lines.append("")
        lines.append(_(L, "Trick {n}: {cards}", n=f"{t // 4 + 1:>2}", cards=cards) + won)
        for v in trick:
            lines.append(wrap(f"  {_who(v.seat, record, L):<20} {_card_note(v, record, st)}", indent=23))
    return lines


def _card_note(v: CardVerdict, record: GameRecord, st: _Style) -> str:
    L = st.lang
    card = st.card(v.card)
    cost = _(L, "cost {tricks} (best {best})", tricks=_tricks(v.cost, L), best=st.cards(v.best)) if v.cost else ""
    if v.seat in record.chosen_by_human:
        return _(L, "{card}: {cost}", card=card, cost=cost or _(L, "no trick lost"))
    reason = record.card_reasons.get(v.index)
    text = card if reason is None else st.reason(reason)
    return f"{text} [{cost}]" if cost else text


def solve(record: GameRecord) -> tuple[Summary, PostMortem | None]:
    """The summary and the play's post-mortem (None when no card was played):
    solves the deal's DD table and every position of the play with DDS."""
    contract, declarer, play = record.auction.contract(), record.auction.declarer(), record.play
    pm = None
    if (contract is not None and contract.strain is not None and declarer is not None and play is not None
            and play.cards):
        pm = analyse_play(record.deal, contract.strain, declarer, list(play.cards), contract=str(contract))
    return summarise(record, pm=pm), pm


def review_lines(record: GameRecord, ascii_: bool = False, colour: bool = False, full: bool = False,
                 lang: str = "en") -> list[str]:
    """The review: the summary, and with ``full`` the trick-by-trick detail."""
    summary, pm = solve(record)
    lines = summary_lines(record, summary, ascii_, colour, lang)
    if full and pm is not None:
        lines += ["", *detail_lines(record, pm, ascii_, colour, lang)]
    return lines
