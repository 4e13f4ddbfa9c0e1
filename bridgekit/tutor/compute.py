"""Live computations for lesson steps, made with bridgekit's own engines.

Each ``what`` of a ``[[steps.compute]]`` maps to one function here that takes
the step's position (a dict of TOML values) and returns a ``Computed``: the
values (keyed by name, compared with the figures the lesson states) and the
lines a learner sees (a score breakdown, a trick, a contract).

An illegal or malformed position raises ``PositionError`` (a ``LessonError``)
whose message says what is wrong: a repeated card, an illegal call, a revoke.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, TypeVar

from ..auction import Auction
from ..calls import Call
from ..cards import ALL_CARDS, Card, Strain
from ..contract import PASSED_OUT, Contract, Result
from ..deal import Deal
from ..errors import BridgekitError, IllegalCallError, IllegalCardError
from ..play import Play, trick_winner
from ..formats import read_boards
from ..rules import ABOVE, BELOW, Profile, find_profile
from ..rules.auction_bridge import HONOURS
from ..rules.duplicate import TRICKS
from ..rules.imps import imps as imps_of
from ..rules.rubber import SessionDeal, keep_score
from ..event.matches import team_match
from ..scoring import score_boards
from ..seats import Seat, Side, Vul, dealer_for_board
from ..i18n import N_, _, _n, number
from ..notation import (call_text, card_text, contract_text, illegal_call_reason, illegal_card_reason, par_contract_text,
                        played_text, seat_letter,
                        seat_name, side_text, strain_text, strain_word)
from .i18n import vul_name
from .loader import lessons_dir
from .model import LessonError
from ..notation import Message
from ..render import item_label


class PositionError(LessonError):
    """A step's position is malformed or illegal."""


@dataclass
class Computed:
    """What bridgekit computed for one step: named values and display lines."""

    values: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


T = TypeVar("T")

# -- value formatting -------------------------------------------------------

def show_value(value: Any, ascii: bool = False, lang: str = "en") -> str:
    """A computed value as a learner reads it, in ``lang``."""
    if isinstance(value, bool):
        return _(lang, "yes") if value else _(lang, "no")
    if isinstance(value, Seat):
        return seat_name(value, lang)
    if isinstance(value, Side):
        return side_text(value, lang)
    if isinstance(value, Contract):
        return contract_text(value, ascii, lang)
    if isinstance(value, Card):
        return card_text(value, ascii, lang, tens=not ascii)
    if isinstance(value, Call):
        return call_text(value, ascii, lang)
    if isinstance(value, Strain):
        return strain_word(value, lang) if value is Strain.NT else strain_text(value, ascii, lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(show_value(v, ascii, lang) for v in value)
    if isinstance(value, float):
        return number(value, lang)
    if value == "draw":
        return _(lang, "draw")
    return str(value)


_VUL_LINES = {Vul.NONE: N_("Board {board}: {dealer} deals, nobody vulnerable"),
              Vul.NS: N_("Board {board}: {dealer} deals, N/S vulnerable"),
              Vul.EW: N_("Board {board}: {dealer} deals, E/W vulnerable"),
              Vul.ALL: N_("Board {board}: {dealer} deals, both sides vulnerable")}
PASSED_OUT_MEANING = {"zero": N_("zero for both sides"), "next-dealer": N_("no score; the next dealer deals"),
                      "same-dealer": N_("no score; the same dealer deals again")}

def score_rows(score: Any, lang: str, width: int = 34) -> list[str]:
    """A score breakdown, one row per item: side, line (above/below), item, points."""
    rows = []
    for item in score.items:
        where = ""
        if item.line:
            where = (_(lang, "above") if item.line == ABOVE else _(lang, "below"))
            where = f"{where:<10} "
        rows.append(f"  {side_text(item.side, lang):<4} {where}{item_label(item, lang):<{width}} "
                    f"{item.points:>5}")
    if not score.items:
        rows.append("  " + _(lang, "no score for either side"))
    return rows


def score_summary(profile: Profile, score: Any, lang: str) -> str:
    """``N/S +420, E/W -420``; ``N/S 120 below, 50 above; E/W 0 below, 0 above``."""
    ew = side_text(Side.EW, lang)
    if profile.keeps_rubbers:
        ns_part, ew_part = (_(lang, "{side} {below} below, {above} above", side=side_text(side, lang),
                              below=score.on_line(side, BELOW), above=score.on_line(side, ABOVE)) for side in Side)
        return _(lang, "{first}; {second}", first=ns_part, second=ew_part)
    ns = score.ns
    return f"N/S {ns:+d}, {ew} {-ns:+d}" if ns else f"N/S 0, {ew} 0"


# -- position parsing -------------------------------------------------------

def _get(pos: dict[str, Any], key: str) -> Any:
    if key not in pos:
        raise PositionError(Message("the position needs '{key}'", key=key))
    return pos[key]


def _parse(parse: Callable[[str], Any], pos: dict[str, Any], key: str) -> Any:
    value = _get(pos, key)
    try:
        return parse(str(value))
    except BridgekitError as e:
        raise PositionError(Message('{key}: {e}', key=key, e=e)) from None


def pos_seat(pos: dict[str, Any], key: str) -> Seat:
    seat: Seat = _parse(Seat.parse, pos, key)
    return seat


def pos_dealer(pos: dict[str, Any]) -> Seat:
    if "dealer" in pos:
        return pos_seat(pos, "dealer")
    if "board" in pos:
        return dealer_for_board(int(pos["board"]))
    return Seat.N


def pos_vul(pos: dict[str, Any]) -> Vul:
    if "vul" in pos:
        vul: Vul = _parse(Vul.parse, pos, "vul")
        return vul
    if "board" in pos:
        return Vul.for_board(int(pos["board"]))
    return Vul.NONE


def pos_deal(pos: dict[str, Any]) -> Deal | None:
    """The deal, or None when the position has none; raises PositionError when
    it is malformed or has problems (a repeated, missing or extra card)."""
    if "deal" not in pos:
        return None
    deal: Deal = _parse(Deal.parse, pos, "deal")
    problems = deal.problems()
    if problems:
        raise PositionError(Message("deal: {problems}", problems="; ".join(msg for _code, msg in problems)))
    return deal


def _pos_words(pos: dict[str, Any], key: str, parse: Callable[[str], T]) -> list[T]:
    """The space-separated words of ``pos[key]`` parsed one by one; raises
    PositionError naming the key and the first word that does not parse."""
    out = []
    for word in str(pos.get(key, "")).split():
        try:
            out.append(parse(word))
        except BridgekitError as e:
            raise PositionError(Message('{key}: {e}', key=key, e=e)) from None
    return out


def pos_calls(pos: dict[str, Any], key: str = "auction") -> list[Call]:
    return _pos_words(pos, key, Call.parse)


def pos_auction(pos: dict[str, Any]) -> Auction:
    """The auction so far; raises PositionError naming the first illegal call."""
    auction = Auction(pos_dealer(pos))
    for i, call in enumerate(pos_calls(pos)):
        try:
            auction.push(call)
        except IllegalCallError as e:
            raise PositionError(Message('auction: call {n} is illegal: {e}', n=i + 1, e=e)) from None
    return auction


def pos_cards(pos: dict[str, Any], key: str = "play") -> list[Card]:
    return _pos_words(pos, key, Card.parse)


def pos_contract(pos: dict[str, Any]) -> Contract:
    contract: Contract = _parse(Contract.parse, pos, "contract")
    return contract


def pos_result(pos: dict[str, Any]) -> Result:
    contract = pos_contract(pos)
    if contract.is_passed_out:
        return Result(PASSED_OUT)
    declarer = pos_seat(pos, "declarer")
    tricks = _get(pos, "tricks")
    if not isinstance(tricks, int):
        raise PositionError(Message('tricks must be a whole number'))
    try:
        return Result(contract, declarer, tricks)
    except BridgekitError as e:
        raise PositionError(str(e)) from None


def pos_strain(pos: dict[str, Any]) -> Strain | None:
    """The trump strain: ``trump`` if given, else the contract's strain."""
    if "trump" in pos:
        strain: Strain = _parse(Strain.parse, pos, "trump")
        return strain
    if "contract" in pos:
        return pos_contract(pos).strain
    raise PositionError(Message("the position needs 'trump' or 'contract'"))


def pos_profile(pos: dict[str, Any]) -> Profile:
    try:
        return find_profile(str(pos.get("rules", "contract")))
    except BridgekitError as e:
        raise PositionError(str(e)) from None


# -- the computations -------------------------------------------------------

def compute_seat(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    seat = pos_seat(pos, "seat")
    values = {"seat": seat, "partner": seat.partner, "lho": seat.lho, "rho": seat.rho, "side": seat.side}
    name = lambda s: seat_name(s, lang)  # noqa: E731
    lines = [_(lang, "{seat}: partner {partner}, left-hand opponent {lho}, right-hand opponent {rho}, side {side}",
               seat=name(seat), partner=name(seat.partner), lho=name(seat.lho), rho=name(seat.rho),
               side=side_text(seat.side, lang))]
    return Computed(values, lines)


def compute_board(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    number = _get(pos, "board")
    if not isinstance(number, int) or number < 1:
        raise PositionError(Message('board must be a number from 1'))
    dealer, vul = dealer_for_board(number), Vul.for_board(number)
    text = _(lang, _VUL_LINES[vul], board=number, dealer=seat_name(dealer, lang))
    return Computed({"dealer": dealer, "vul": vul}, [text])


def compute_deal(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    deal = pos_deal(pos)
    values: dict[str, Any] = {}
    lines: list[str] = []
    if deal is not None:
        values["complete"] = deal.is_complete
        lines.append(_(lang, "Deal complete (13 cards each, all 52 cards once): {answer}",
                       answer=show_value(deal.is_complete, ascii, lang)))
        if "card" in pos:
            card = _parse(Card.parse, pos, "card")
            holder = deal.holder(card)
            values["holder"] = holder
            lines.append(_(lang, "{card} is held by {seat}", card=card_text(card, ascii, lang, tens=not ascii),
                           seat=show_value(holder, ascii, lang)))
    if "dealer" in pos:
        dealer = pos_dealer(pos)
        pack = sorted(ALL_CARDS, key=lambda c: (-c.suit, -c.rank))
        dealt = Deal.dealt_from(pack, dealer.lho)
        first, last = dealt.holder(pack[0]), dealt.holder(pack[-1])
        values.update(first_card_to=first, last_card_to=last,
                      cards_each=min(len(h) for h in dealt.hands if h is not None))
        lines.append(_(lang, "Dealing one card at a time clockwise from the dealer's left: the first card goes "
                             "to {first}, the last to {last} (the dealer); {n} cards each",
                       first=show_value(first, ascii, lang), last=show_value(last, ascii, lang), n=values["cards_each"]))
        values["next_dealer"] = dealer.next()
        lines.append(_(lang, "The next deal is dealt by {seat}", seat=seat_name(dealer.next(), lang)))
    if not values:
        raise PositionError(Message("a 'deal' computation needs 'deal' or 'dealer'"))
    return Computed(values, lines)


def compute_contract(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    auction = pos_auction(pos)
    complete = auction.is_complete()
    values: dict[str, Any] = {"complete": complete}
    if not complete:
        return Computed(values, [_(lang, "The auction is still open: {seat} to call",
                                   seat=seat_name(auction.turn, lang))])
    contract = auction.contract()
    declarer = auction.declarer()
    assert contract is not None
    values["contract"] = contract
    values["passed_out"] = contract.is_passed_out
    if contract.is_passed_out:
        return Computed(values, [_(lang, "Four passes: no contract")])
    assert declarer is not None and contract.strain is not None
    state = auction.last_bid()
    assert state is not None
    values.update(declarer=declarer, dummy=declarer.partner, leader=declarer.lho, last_bidder=state.seat,
                  tricks_needed=contract.tricks_needed)
    lines = [_(lang, "Contract {contract} by {declarer} ({n} tricks needed); dummy {dummy}; {leader} makes the "
                     "opening lead", contract=contract_text(contract, ascii, lang),
               declarer=seat_name(declarer, lang), n=contract.tricks_needed,
               dummy=seat_name(declarer.partner, lang), leader=seat_name(declarer.lho, lang))]
    if state.seat is not declarer:
        lines.append(_(lang, "The last bid was {call} by {seat}, but {declarer} named {strain} first for the side",
                       call=call_text(state.call, ascii, lang), seat=seat_name(state.seat, lang),
                       declarer=seat_name(declarer, lang), strain=strain_word(contract.strain, lang)))
    return Computed(values, lines)


def compute_legal(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    auction = pos_auction(pos)
    call = _parse(Call.parse, pos, "call")
    turn = auction.turn
    try:
        auction.check(call)
    except IllegalCallError as e:
        return Computed({"legal": False, "code": e.code, "turn": turn},
                        [_(lang, "{call} by {seat} is illegal: {reason}", call=call_text(call, ascii, lang),
                           seat=seat_name(turn, lang), reason=illegal_call_reason(e, auction, ascii, lang))])
    return Computed({"legal": True, "code": "", "turn": turn},
                    [_(lang, "{call} by {seat} is legal", call=call_text(call, ascii, lang),
                       seat=seat_name(turn, lang))])


def compute_lowest(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    """The lowest legal bid in ``strain`` after the auction so far."""
    auction = pos_auction(pos)
    strain: Strain = _parse(Strain.parse, pos, "strain")
    for level in range(1, 8):
        bid = Call.bid(level, strain)
        if auction.is_legal(bid):
            return Computed({"lowest": bid, "turn": auction.turn},
                            [_(lang, "The lowest legal bid in {strain} for {seat} is {call}",
                               strain=strain_word(strain, lang), seat=seat_name(auction.turn, lang),
                               call=call_text(bid, ascii, lang))])
    return Computed({"lowest": None, "turn": auction.turn},
                    [_(lang, "No bid in {strain} is legal now", strain=strain_word(strain, lang))])


def _play(pos: dict[str, Any]) -> Play:
    """A Play from the position's deal, trump, declarer and cards so far."""
    deal = pos_deal(pos)
    if deal is None:
        deal = Deal([None] * 4)
    strain = pos_strain(pos)
    declarer = pos_seat(pos, "declarer")
    play = Play(deal, strain, declarer)
    for i, card in enumerate(pos_cards(pos)):
        try:
            play.push(card)
        except IllegalCardError as e:
            raise PositionError(Message('play: card {n} is illegal: {e}', n=i + 1, e=e)) from None
    return play


def compute_trick(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    """A trick of four cards; with a deal and declarer, the cards are also
    checked through the play engine (following suit, right hands)."""
    cards = pos_cards(pos)
    if len(cards) != 4:
        raise PositionError(Message('a trick has four cards, not {n}', n=len(cards)))
    strain = pos_strain(pos)
    if "declarer" in pos:
        play = _play(pos)
        leader = play.tricks()[-1].leader
        if "leader" in pos and pos_seat(pos, "leader") is not leader:
            raise PositionError(Message('leader {given} is not who leads ({seat})', given=pos['leader'], seat=leader))
    else:
        leader = pos_seat(pos, "leader")
        if len(set(cards)) != 4:
            raise PositionError(Message('a card appears twice in the trick'))
    winner = trick_winner(cards, leader, strain)
    card = cards[(winner - leader) % 4]
    played = "  ".join(f"{seat_letter(leader.next(i), lang)} {card_text(c, ascii, lang, tens=not ascii)}"
                       for i, c in enumerate(cards))
    trump = _(lang, "no trump") if strain is None or strain is Strain.NT else \
        _(lang, "{suit} trumps", suit=strain_text(strain, ascii, lang))
    return Computed({"winner": winner, "winning_card": card, "next_leader": winner},
                    [_(lang, "{played}  ({trump}): {seat} wins with {card} and leads to the next trick",
                       played=played, trump=trump, seat=seat_name(winner, lang), card=card_text(card, ascii, lang, tens=not ascii))])


def compute_card(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    """Whether ``card`` may be played now, after the play so far."""
    play = _play(pos)
    card = _parse(Card.parse, pos, "card")
    turn = play.turn
    values: dict[str, Any] = {"turn": turn, "leader": play.leader, "dummy": play.dummy}
    try:
        play.check(card)
    except IllegalCardError as e:
        values.update(legal=False, code=e.code)
        return Computed(values, [_(lang, "{card} by {seat} is illegal: {reason}",
                                   card=card_text(card, ascii, lang, tens=not ascii), seat=seat_name(turn, lang),
                                   reason=illegal_card_reason(e, play, ascii, lang))])
    values.update(legal=True, code="")
    return Computed(values, [_(lang, "{card} by {seat} is legal", card=card_text(card, ascii, lang, tens=not ascii),
                               seat=seat_name(turn, lang))])


def compute_claim(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    """Whether declarer's side can end with ``claim`` tricks after the play so far."""
    play = _play(pos)
    claim = _get(pos, "tricks")
    if not isinstance(claim, int):
        raise PositionError(Message('tricks (the number claimed) must be a whole number'))
    won = play.declarer_tricks()
    left = 13 - sum(1 for t in play.tricks() if t.winner is not None)
    possible = play.claim_is_possible(claim)
    # the largest total a record may claim here, from the play's one claim rule
    most = max((n for n in range(14) if play.claim_is_possible(n)), default=None)
    return Computed({"won": won, "left": left, "possible": possible, "most_tricks": most},
                    [_n(lang, "Declarer's side has won {n} trick with {left} to play: ",
                        "Declarer's side has won {n} tricks with {left} to play: ", won, left=left)
                     + (_(lang, "a claim of {claim} in all is possible", claim=claim) if possible
                        else _(lang, "a claim of {claim} in all is impossible", claim=claim))])


def compute_dd(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    """Double-dummy tricks for declarer in the trump strain (needs the solver)."""
    from ..dds import dd_table
    deal = pos_deal(pos)
    if deal is None:
        raise PositionError(Message('double dummy needs a complete deal'))
    declarer = pos_seat(pos, "declarer")
    strain = pos_strain(pos)
    if strain is None:
        strain = Strain.NT
    tricks = dd_table(deal).tricks(declarer, strain)
    return Computed({"tricks": tricks},
                    [_n(lang, "Double dummy, {seat} takes {n} trick in {strain} whatever the contract's level",
                        "Double dummy, {seat} takes {n} tricks in {strain} whatever the contract's level",
                        tricks, seat=seat_name(declarer, lang), strain=strain_word(strain, lang))])


def compute_score(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    profile = pos_profile(pos)
    result = pos_result(pos)
    vul = pos_vul(pos)
    deal = pos_deal(pos)
    try:
        score = profile.score(result, vul, deal)
    except BridgekitError as e:
        raise PositionError(Message('cannot score: {e}', e=e)) from None
    values: dict[str, Any] = {"score_ns": score.ns, "score_ew": -score.ns}
    values["honours"] = sum(i.points for i in score.items if i.kind == HONOURS)
    values["trick_points"] = sum(i.points for i in score.items if i.kind == TRICKS)
    if result.declarer is not None:
        mine, theirs = result.declarer.side, result.declarer.side.opponents
        values.update(
            declarer_total=score.total(mine), defenders_total=score.total(theirs),
            declarer_net=score.total(mine) - score.total(theirs),
            declarer_below=score.on_line(mine, BELOW), declarer_above=score.on_line(mine, ABOVE),
            defenders_below=score.on_line(theirs, BELOW), defenders_above=score.on_line(theirs, ABOVE),
            declarer_non_honours=sum(i.points for i in score.items if i.side is mine and i.kind != HONOURS),
        )
    head = contract_text(result.contract, ascii, lang)
    if result.declarer is not None:
        head = _(lang, "{contract} by {seat}", contract=head, seat=seat_name(result.declarer, lang))
    if result.tricks is not None:
        head += ", " + _n(lang, "{n} trick", "{n} tricks", result.tricks)
    if profile.vulnerability:
        head += ", " + _(lang, "vulnerable: {vul}", vul=vul_name(vul, lang))
    lines = [head + ", " + _(lang, "rules: {rules}", rules=profile.name)]
    lines += score_rows(score, lang)
    lines.append("  " + score_summary(profile, score, lang))
    return Computed(values, lines)


def compute_imps(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    if "scores" in pos:
        scores = _get(pos, "scores")
        if not (isinstance(scores, list) and len(scores) == 2 and all(isinstance(s, int) for s in scores)):
            raise PositionError(Message("scores must be the two tables' N/S scores, e.g. [420, 170]"))
        diff = scores[0] - scores[1]
        lines = [_(lang, "Table 1 N/S {s1}, table 2 N/S {s2}: difference {diff}", s1=f"{scores[0]:+d}",
                   s2=f"{scores[1]:+d}", diff=f"{diff:+d}")]
    else:
        diff = _get(pos, "diff")
        if not isinstance(diff, int):
            raise PositionError(Message('diff must be a whole number'))
        lines = []
    imps = imps_of(diff)
    lines.append(_n(lang, "A difference of {diff} is {imps} IMP", "A difference of {diff} is {imps} IMPs",
                    abs(imps), diff=f"{diff:+d}", imps=f"{imps:+d}"))
    return Computed({"diff": diff, "imps": imps}, lines)


def compute_passed_out(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    profile = pos_profile(pos)
    score = profile.score(Result(PASSED_OUT), pos_vul(pos), None)
    values: dict[str, Any] = {"meaning": profile.passed_out.value, "score_ns": score.ns}
    lines = [_(lang, "Under {rules}, after four passes: {meaning} (score {score})", rules=profile.name,
               meaning=_(lang, PASSED_OUT_MEANING[profile.passed_out.value]), score=score.ns)]
    dealer = pos_dealer(pos)
    redealer = profile.passed_out.redealer(dealer)
    if redealer is not None:
        values["next_dealer"] = redealer
        lines.append(_(lang, "{dealer} dealt; {next} deals next", dealer=seat_name(dealer, lang),
                       next=seat_name(redealer, lang)))
    return Computed(values, lines)


def compute_profile(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    profile = pos_profile(pos)
    values = {"name": profile.name, "game_threshold": profile.game_threshold,
              "rubber_bonus": profile.rubber_bonus, "rubber": profile.keeps_rubbers,
              "passed_out": profile.passed_out.value}
    lines = [_(lang, "{rules} ({title}): game at {points} trick points below the line", rules=profile.name,
               title=profile.title, points=profile.game_threshold)
             + (_(lang, ", rubber bonus {points}", points=profile.rubber_bonus) if profile.rubber_bonus else "")]
    return Computed(values, lines)


def compute_game(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    """A sequence of deals in one rubber profile, kept on the pad by the same
    code as ``bridgekit rubber``: the running trick points below the line for
    each side, and the deal that completes a game."""
    profile = pos_profile(pos)
    results = _get(pos, "results")
    if not isinstance(results, list) or not results:
        raise PositionError(Message("results must be a list of deals, e.g. [{{contract = '1S', declarer = 'S', "
                                    "tricks = 8}}]"))
    session = []
    for raw in results:
        sub = dict(pos)
        sub.update(raw)
        session.append(SessionDeal(pos_result(sub), deal=pos_deal(sub)))
    try:
        rubbers = keep_score(session, profile)
    except BridgekitError as e:
        raise PositionError(str(e)) from None
    entries = [e for r in rubbers for e in r.entries]
    notes = [d for r in rubbers for d in r.deals]
    below = {Side.NS: 0, Side.EW: 0}
    values: dict[str, Any] = {"game_deal": 0, "game_side": ""}
    lines = []
    for n, (sd, note) in enumerate(zip(session, notes), start=1):
        for entry in entries:
            if entry.deal == n and entry.line == BELOW:
                below[entry.side] += entry.points
        result = sd.result
        lines.append(_n(lang, "Deal {deal}: {contract} by {seat}, {n} trick: below the line N/S {ns}, {ew_side} {ew}",
                        "Deal {deal}: {contract} by {seat}, {n} tricks: below the line N/S {ns}, {ew_side} {ew}",
                        result.tricks or 0, deal=n, contract=contract_text(result.contract, ascii, lang),
                        seat=show_value(result.declarer, ascii, lang), ns=below[Side.NS],
                        ew_side=side_text(Side.EW, lang), ew=below[Side.EW]))
        if note.game_won is not None:
            if not values["game_deal"]:
                values.update(game_deal=n, game_side=note.game_won,
                              below_ns=below[Side.NS], below_ew=below[Side.EW])
            lines.append("  " + _(lang, "{side} reach {points}: game.", side=side_text(note.game_won, lang),
                                  points=profile.game_threshold))
            lines.append("  " + _(lang, "A line is drawn; both sides start the next game from zero."))
            below = {Side.NS: 0, Side.EW: 0}
    rubber = rubbers[0]
    values.update(games_ns=rubber.games_won(Side.NS), games_ew=rubber.games_won(Side.EW),
                  rubber_finished=rubber.finished, total_ns=rubber.total(Side.NS),
                  total_ew=rubber.total(Side.EW), margin=rubber.margin,
                  rubber_winner=rubber.winner, rubber_games_side=None)
    if rubber.finished:
        two = Side.NS if rubber.games_won(Side.NS) == 2 else Side.EW
        values["rubber_games_side"] = two
        lines.append("  " + _(lang, "{side} have two games: rubber, {points} above the line.",
                              side=side_text(two, lang), points=profile.rubber_bonus))
        ns, ew = rubber.total(Side.NS), rubber.total(Side.EW)
        for side in Side:
            lines.append("  " + _(lang, "{side}: {below} below the line + {above} above = {total}",
                                  side=side_text(side, lang), below=rubber.line_total(side, BELOW),
                                  above=rubber.line_total(side, ABOVE), total=rubber.total(side)))
        if rubber.winner is None:
            lines.append("  " + _(lang, "Totals {ns} to {ew}: a draw.", ns=ns, ew=ew))
        elif rubber.winner is not two:
            lines.append("  " + _(lang, "{side} win the rubber by {points} points, although {other} won two games.",
                                  side=side_text(rubber.winner, lang), points=rubber.margin,
                                  other=side_text(two, lang)))
        else:
            lines.append("  " + _(lang, "{side} win the rubber by {points} points.",
                                  side=side_text(rubber.winner, lang), points=rubber.margin))
    return Computed(values, lines)


def compute_match(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    """A team match from a file, computed by the same library code as
    ``bridgekit match``: boards paired by number and room, open room (team A
    N/S) minus closed room, the difference in IMPs, and the total."""
    profile = pos_profile(pos)
    path = Path(str(_get(pos, "file")))
    if not path.is_absolute():
        # a file named relative to the project (samples/match.pbn): next to the
        # lessons, else in the source tree around the package
        candidates = [lessons_dir().parent / path, Path(__file__).resolve().parents[2] / path]
        path = next((c for c in candidates if c.is_file()), candidates[0])
    try:
        match = team_match(score_boards(read_boards(str(path)), profile))
    except BridgekitError as e:
        raise PositionError(Message('cannot read {path}: {e}', path=path, e=e)) from None
    except OSError as e:
        raise PositionError(Message('cannot read {path}: {strerror}', path=path, strerror=e.strerror)) from None
    if match.unpaired or not match.boards:
        raise PositionError(Message('{path}: not every board is played in both rooms ({boards})',
                                    path=path, boards=', '.join(match.unpaired)))
    values: dict[str, Any] = {}
    for mb in match.boards:
        if mb.diff is None or mb.imps is None or mb.open_ns is None or mb.closed_ns is None:
            raise PositionError(Message('{path}: board {number} cannot be scored', path=path, number=mb.number))
        values[f"diff_{mb.number}"] = mb.diff
        values[f"imps_{mb.number}"] = mb.imps
    total = match.total_imps
    values["total_imps"] = total
    values["winner"] = "A" if total > 0 else "B" if total < 0 else "draw"
    # the table bridgekit match prints (the lesson says so)
    from ..render import render_match
    return Computed(values, render_match(match, ascii, lang).splitlines())


def compute_par(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    """Double-dummy par under the step's profile (needs the solver)."""
    from ..analysis.par import par_of_deal
    profile = pos_profile(pos)
    deal = pos_deal(pos)
    if deal is None:
        raise PositionError(Message('par needs a complete deal'))
    result = par_of_deal(deal, pos_vul(pos), pos_dealer(pos), profile.score)
    contracts = [str(c) for c in result.contracts]
    shown = [par_contract_text(c, ascii, lang) for c in result.contracts]
    return Computed({"score_ns": result.score, "contracts": contracts},
                    [_(lang, "Double-dummy par under {rules}: N/S {score} ({contracts})", rules=profile.name,
                       score=f"{result.score:+d}", contracts=", ".join(shown) if shown else _(lang, "passed out"))])


def _figure(x: float | None) -> int | float | None:
    """A point figure as a lesson states it: 2, 1.5, 5.33."""
    if x is None:
        return None
    return int(x) if float(x).is_integer() else round(x, 2)


def compute_traveller(pos: dict[str, Any], ascii: bool, lang: str = "en") -> Computed:
    """One board played at several tables (``results``, table by table),
    scored by the same library code as ``bridgekit event``: each N/S score,
    matchpoints (1 per result beaten, 1/2 per tie), the Butler datum and
    IMPs against it, and cross-IMPs."""
    from ..event import EventOptions, Method, score_traveller
    profile = pos_profile(pos)
    vul = pos_vul(pos)
    raw = _get(pos, "results")
    if not isinstance(raw, list) or len(raw) < 2:
        raise PositionError(Message("results must list the tables' results, e.g. [{{contract = '4S', declarer = "
                                    "'N', tricks = 10}}, ...]"))
    results = []
    for r in raw:
        sub = dict(pos)
        sub.update(r)
        results.append(pos_result(sub))
    mp = score_traveller(results, vul, profile)
    butler = score_traveller(results, vul, profile, EventOptions(method=Method.BUTLER))
    cross = score_traveller(results, vul, profile, EventOptions(method=Method.CROSS_IMPS))
    datum = butler.datum.get(None)
    values: dict[str, Any] = {
        "scores": [r.score_ns for r in mp.results], "top": _figure(mp.top),
        "mp_ns": [_figure(r.points_ns) for r in mp.results], "mp_ew": [_figure(r.points_ew) for r in mp.results],
        "datum": datum, "imps_ns": [_figure(r.points_ns) for r in butler.results],
        "cross_ns": [_figure(r.points_ns) for r in cross.results]}
    # one table's matchpoints as a figure of its own (a quiz asks for one number)
    values.update({f"mp_ns_{i}": _figure(r.points_ns) for i, r in enumerate(mp.results, start=1)})
    ew = side_text(Side.EW, lang)
    lines = [f"{_(lang, 'Table'):<5}  {_(lang, 'result'):<10} {_(lang, 'N/S score'):>10}   {'MP N/S':>6}  "
             f"{'MP ' + ew:>6}   {'Butler':>6}  {_(lang, 'cross-IMPs'):>10}"]

    def fig(x: float | None) -> str:
        f = _figure(x)
        return "None" if f is None else number(f, lang)

    for i, (a, b, c) in enumerate(zip(mp.results, butler.results, cross.results), start=1):
        played = _(lang, "passed out") if a.contract is None else \
            played_text(a.contract, a.declarer, a.tricks, ascii, lang, passed_out=N_("passed out"))
        lines.append(f"{i:>5}  {played:<10} {a.score_ns:>+10}   {fig(a.points_ns):>6}  "
                     f"{fig(a.points_ew):>6}   {fig(b.points_ns):>6}  {fig(c.points_ns):>10}")
    top = number(values["top"], lang)
    lines.append(_(lang, "Matchpoint top {top}; Butler datum {datum} (the mean, rounded to 10)", top=top,
                   datum=f"{datum:+d}") if datum is not None else _(lang, "Matchpoint top {top}", top=top))
    return Computed(values, lines)


COMPUTATIONS: dict[str, Callable[[dict[str, Any], bool, str], Computed]] = {
    "seat": compute_seat,
    "board": compute_board,
    "deal": compute_deal,
    "contract": compute_contract,
    "legal": compute_legal,
    "lowest": compute_lowest,
    "trick": compute_trick,
    "card": compute_card,
    "score": compute_score,
    "imps": compute_imps,
    "passed_out": compute_passed_out,
    "profile": compute_profile,
    "game": compute_game,
    "match": compute_match,
    "par": compute_par,
    "claim": compute_claim,
    "dd": compute_dd,
    "traveller": compute_traveller,
}


def compute(what: str, pos: dict[str, Any], ascii: bool = False, lang: str = "en") -> Computed:
    """Run one computation, its lines in ``lang``; raises PositionError (bad
    position or unknown ``what``)."""
    fn = COMPUTATIONS.get(what)
    if fn is None:
        raise PositionError(Message('unknown computation {what!r} (known: {known})',
                                    what=what, known=', '.join(COMPUTATIONS)))
    return fn(pos, ascii, lang)
