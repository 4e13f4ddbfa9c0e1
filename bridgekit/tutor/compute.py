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
from ..rules.imps import imps as imps_of
from ..rules.rubber import SessionDeal, keep_score
from ..scoring import score_boards, team_match
from ..seats import Seat, Side, Vul, dealer_for_board
from .loader import lessons_dir
from .model import LessonError


class PositionError(LessonError):
    """A step's position is malformed or illegal."""


@dataclass
class Computed:
    """What bridgekit computed for one step: named values and display lines."""

    values: dict[str, Any] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


T = TypeVar("T")

# -- value formatting -------------------------------------------------------

def show_value(value: Any, ascii: bool = False) -> str:
    """A computed value as a learner reads it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Seat):
        return value.full_name
    if isinstance(value, Side):
        return value.label
    if isinstance(value, (Contract, Card, Call)):
        return value.symbol(ascii)
    if isinstance(value, Strain):
        return "no trump" if value is Strain.NT else value.symbol(ascii)
    if isinstance(value, (list, tuple)):
        return ", ".join(show_value(v, ascii) for v in value)
    return str(value)




def side_name(side: Side) -> str:
    return side.label


# -- position parsing -------------------------------------------------------

def _get(pos: dict[str, Any], key: str) -> Any:
    if key not in pos:
        raise PositionError(f"the position needs '{key}'")
    return pos[key]


def _parse(parse: Callable[[str], Any], pos: dict[str, Any], key: str) -> Any:
    value = _get(pos, key)
    try:
        return parse(str(value))
    except BridgekitError as e:
        raise PositionError(f"{key}: {e}") from None


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
        raise PositionError("deal: " + "; ".join(msg for _code, msg in problems))
    return deal


def _pos_words(pos: dict[str, Any], key: str, parse: Callable[[str], T]) -> list[T]:
    """The space-separated words of ``pos[key]`` parsed one by one; raises
    PositionError naming the key and the first word that does not parse."""
    out = []
    for word in str(pos.get(key, "")).split():
        try:
            out.append(parse(word))
        except BridgekitError as e:
            raise PositionError(f"{key}: {e}") from None
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
            raise PositionError(f"auction: call {i + 1} is illegal: {e}") from None
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
        raise PositionError("tricks must be a whole number")
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
    raise PositionError("the position needs 'trump' or 'contract'")


def pos_profile(pos: dict[str, Any]) -> Profile:
    try:
        return find_profile(str(pos.get("rules", "contract")))
    except BridgekitError as e:
        raise PositionError(str(e)) from None


# -- the computations -------------------------------------------------------

def compute_seat(pos: dict[str, Any], ascii: bool) -> Computed:
    seat = pos_seat(pos, "seat")
    values = {"seat": seat, "partner": seat.partner, "lho": seat.lho, "rho": seat.rho, "side": seat.side}
    lines = [f"{seat.full_name}: partner {seat.partner.full_name}, left-hand opponent "
             f"{seat.lho.full_name}, right-hand opponent {seat.rho.full_name}, side {side_name(seat.side)}"]
    return Computed(values, lines)


def compute_board(pos: dict[str, Any], ascii: bool) -> Computed:
    number = _get(pos, "board")
    if not isinstance(number, int) or number < 1:
        raise PositionError("board must be a number from 1")
    dealer, vul = dealer_for_board(number), Vul.for_board(number)
    vul_text = {Vul.NONE: "nobody", Vul.NS: "N/S", Vul.EW: "E/W", Vul.ALL: "both sides"}[vul]
    return Computed({"dealer": dealer, "vul": vul},
                    [f"Board {number}: {dealer.full_name} deals, {vul_text} vulnerable"])


def compute_deal(pos: dict[str, Any], ascii: bool) -> Computed:
    deal = pos_deal(pos)
    values: dict[str, Any] = {}
    lines: list[str] = []
    if deal is not None:
        values["complete"] = deal.is_complete
        lines.append(f"Deal complete (13 cards each, all 52 cards once): {show_value(deal.is_complete)}")
        if "card" in pos:
            card = _parse(Card.parse, pos, "card")
            holder = deal.holder(card)
            values["holder"] = holder
            lines.append(f"{card.symbol(ascii)} is held by {show_value(holder)}")
    if "dealer" in pos:
        dealer = pos_dealer(pos)
        pack = sorted(ALL_CARDS, key=lambda c: (-c.suit, -c.rank))
        dealt = Deal.dealt_from(pack, dealer.lho)
        first, last = dealt.holder(pack[0]), dealt.holder(pack[-1])
        values.update(first_card_to=first, last_card_to=last,
                      cards_each=min(len(h) for h in dealt.hands if h is not None))
        lines.append(f"Dealing one card at a time clockwise from the dealer's left: the first card goes to "
                     f"{show_value(first)}, the last to {show_value(last)} (the dealer); "
                     f"{values['cards_each']} cards each")
        values["next_dealer"] = dealer.next()
        lines.append(f"The next deal is dealt by {dealer.next().full_name}")
    if not values:
        raise PositionError("a 'deal' computation needs 'deal' or 'dealer'")
    return Computed(values, lines)


def compute_contract(pos: dict[str, Any], ascii: bool) -> Computed:
    auction = pos_auction(pos)
    complete = auction.is_complete()
    values: dict[str, Any] = {"complete": complete}
    if not complete:
        return Computed(values, [f"The auction is still open: {auction.turn.full_name} to call"])
    contract = auction.contract()
    declarer = auction.declarer()
    assert contract is not None
    values["contract"] = contract
    values["passed_out"] = contract.is_passed_out
    if contract.is_passed_out:
        return Computed(values, ["Four passes: no contract"])
    assert declarer is not None and contract.strain is not None
    state = auction.last_bid()
    assert state is not None
    values.update(declarer=declarer, dummy=declarer.partner, leader=declarer.lho, last_bidder=state.seat,
                  tricks_needed=contract.tricks_needed)
    lines = [f"Contract {contract.symbol(ascii)} by {declarer.full_name} ({contract.tricks_needed} tricks needed); "
             f"dummy {declarer.partner.full_name}; {declarer.lho.full_name} makes the opening lead"]
    if state.seat is not declarer:
        lines.append(f"The last bid was {state.call.symbol(ascii)} by {state.seat.full_name}, but "
                     f"{declarer.full_name} named {contract.strain.word} first for the side")
    return Computed(values, lines)


def compute_legal(pos: dict[str, Any], ascii: bool) -> Computed:
    auction = pos_auction(pos)
    call = _parse(Call.parse, pos, "call")
    turn = auction.turn
    try:
        auction.check(call)
    except IllegalCallError as e:
        return Computed({"legal": False, "code": e.code, "turn": turn},
                        [f"Illegal: {e}"])
    return Computed({"legal": True, "code": "", "turn": turn},
                    [f"{call.symbol(ascii)} by {turn.full_name} is legal"])


def compute_lowest(pos: dict[str, Any], ascii: bool) -> Computed:
    """The lowest legal bid in ``strain`` after the auction so far."""
    auction = pos_auction(pos)
    strain: Strain = _parse(Strain.parse, pos, "strain")
    for level in range(1, 8):
        bid = Call.bid(level, strain)
        if auction.is_legal(bid):
            return Computed({"lowest": bid, "turn": auction.turn},
                            [f"The lowest legal bid in {strain.word} for {auction.turn.full_name} "
                             f"is {bid.symbol(ascii)}"])
    return Computed({"lowest": None, "turn": auction.turn},
                    [f"No bid in {strain.word} is legal now"])


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
            raise PositionError(f"play: card {i + 1} is illegal: {e}") from None
    return play


def compute_trick(pos: dict[str, Any], ascii: bool) -> Computed:
    """A trick of four cards; with a deal and declarer, the cards are also
    checked through the play engine (following suit, right hands)."""
    cards = pos_cards(pos)
    if len(cards) != 4:
        raise PositionError(f"a trick has four cards, not {len(cards)}")
    strain = pos_strain(pos)
    if "declarer" in pos:
        play = _play(pos)
        leader = play.tricks()[-1].leader
        if "leader" in pos and pos_seat(pos, "leader") is not leader:
            raise PositionError(f"leader {pos['leader']} is not who leads ({leader.full_name})")
    else:
        leader = pos_seat(pos, "leader")
        if len(set(cards)) != 4:
            raise PositionError("a card appears twice in the trick")
    winner = trick_winner(cards, leader, strain)
    card = cards[(winner - leader) % 4]
    played = "  ".join(f"{leader.next(i).name} {c.symbol(ascii)}" for i, c in enumerate(cards))
    trump = "no trump" if strain is None or strain is Strain.NT else f"{show_value(strain)} trumps"
    return Computed({"winner": winner, "winning_card": card, "next_leader": winner},
                    [f"{played}  ({trump}): {winner.full_name} wins with {card.symbol(ascii)} "
                     f"and leads to the next trick"])


def compute_card(pos: dict[str, Any], ascii: bool) -> Computed:
    """Whether ``card`` may be played now, after the play so far."""
    play = _play(pos)
    card = _parse(Card.parse, pos, "card")
    turn = play.turn
    values: dict[str, Any] = {"turn": turn, "leader": play.leader, "dummy": play.dummy}
    try:
        play.check(card)
    except IllegalCardError as e:
        values.update(legal=False, code=e.code)
        return Computed(values, [f"{card.symbol(ascii)} by {turn.full_name} is illegal: {e}"])
    values.update(legal=True, code="")
    return Computed(values, [f"{card.symbol(ascii)} by {turn.full_name} is legal"])


def compute_claim(pos: dict[str, Any], ascii: bool) -> Computed:
    """Whether declarer's side can end with ``claim`` tricks after the play so far."""
    play = _play(pos)
    claim = _get(pos, "tricks")
    if not isinstance(claim, int):
        raise PositionError("tricks (the number claimed) must be a whole number")
    won = play.declarer_tricks()
    left = 13 - sum(1 for t in play.tricks() if t.winner is not None)
    possible = play.claim_is_possible(claim)
    return Computed({"won": won, "left": left, "possible": possible},
                    [f"Declarer's side has won {won} trick{'' if won == 1 else 's'} with {left} to play: a claim of "
                     f"{claim} in all is {'possible' if possible else 'impossible'}"])


def compute_dd(pos: dict[str, Any], ascii: bool) -> Computed:
    """Double-dummy tricks for declarer in the trump strain (needs the solver)."""
    from ..dds import dd_table
    deal = pos_deal(pos)
    if deal is None:
        raise PositionError("double dummy needs a complete deal")
    declarer = pos_seat(pos, "declarer")
    strain = pos_strain(pos)
    if strain is None:
        strain = Strain.NT
    tricks = dd_table(deal).tricks(declarer, strain)
    return Computed({"tricks": tricks},
                    [f"Double dummy, {declarer.full_name} takes {tricks} tricks in {strain.word} "
                     f"whatever the contract's level"])


def _is_honours(item: str) -> bool:
    low = item.lower()
    return "honour" in low or "honor" in low


def compute_score(pos: dict[str, Any], ascii: bool) -> Computed:
    profile = pos_profile(pos)
    result = pos_result(pos)
    vul = pos_vul(pos)
    deal = pos_deal(pos)
    try:
        score = profile.score(result, vul, deal)
    except BridgekitError as e:
        raise PositionError(f"cannot score: {e}") from None
    values: dict[str, Any] = {"score_ns": score.ns, "score_ew": -score.ns}
    honours = [i for i in score.items if _is_honours(i.item)]
    values["honours"] = sum(i.points for i in honours)
    values["trick_points"] = sum(i.points for i in score.items if i.item.lower().startswith("trick points"))
    if result.declarer is not None:
        mine, theirs = result.declarer.side, result.declarer.side.opponents
        values.update(
            declarer_total=score.total(mine), defenders_total=score.total(theirs),
            declarer_net=score.total(mine) - score.total(theirs),
            declarer_below=score.on_line(mine, BELOW), declarer_above=score.on_line(mine, ABOVE),
            defenders_below=score.on_line(theirs, BELOW), defenders_above=score.on_line(theirs, ABOVE),
            declarer_non_honours=sum(i.points for i in score.items if i.side is mine and not _is_honours(i.item)),
        )
    tricks = "" if result.tricks is None else f", {result.tricks} tricks"
    who = "" if result.declarer is None else f" by {result.declarer.full_name}"
    conditions = profile.conditions(vul)
    lines = [f"{result.contract.symbol(ascii)}{who}{tricks}{', ' + conditions if conditions else ''}, "
             f"rules: {profile.name}"]
    for item in score.items:
        where = f" {item.line:<5}" if item.line else ""
        lines.append(f"  {side_name(item.side)}{where}  {item.item:<34} {item.points:>5}")
    if not score.items:
        lines.append("  no score for either side")
    lines.append(f"  {profile.summary(score)}")
    return Computed(values, lines)


def compute_imps(pos: dict[str, Any], ascii: bool) -> Computed:
    if "scores" in pos:
        scores = _get(pos, "scores")
        if not (isinstance(scores, list) and len(scores) == 2 and all(isinstance(s, int) for s in scores)):
            raise PositionError("scores must be the two tables' N/S scores, e.g. [420, 170]")
        diff = scores[0] - scores[1]
        lines = [f"Table 1 N/S {scores[0]:+d}, table 2 N/S {scores[1]:+d}: difference {diff:+d}"]
    else:
        diff = _get(pos, "diff")
        if not isinstance(diff, int):
            raise PositionError("diff must be a whole number")
        lines = []
    imps = imps_of(diff)
    lines.append(f"A difference of {diff:+d} is {imps:+d} IMP{'' if abs(imps) == 1 else 's'}")
    return Computed({"diff": diff, "imps": imps}, lines)


def compute_passed_out(pos: dict[str, Any], ascii: bool) -> Computed:
    profile = pos_profile(pos)
    score = profile.score(Result(PASSED_OUT), pos_vul(pos), None)
    values: dict[str, Any] = {"meaning": profile.passed_out.value, "score_ns": score.ns}
    lines = [f"Under {profile.name}, after four passes: {profile.passed_out.meaning} (score {score.ns})"]
    dealer = pos_dealer(pos)
    redealer = profile.passed_out.redealer(dealer)
    if redealer is not None:
        values["next_dealer"] = redealer
        lines.append(f"{dealer.full_name} dealt; {values['next_dealer'].full_name} deals next")
    return Computed(values, lines)


def compute_profile(pos: dict[str, Any], ascii: bool) -> Computed:
    profile = pos_profile(pos)
    values = {"name": profile.name, "game_threshold": profile.game_threshold,
              "rubber_bonus": profile.rubber_bonus, "rubber": profile.keeps_rubbers,
              "passed_out": profile.passed_out.value}
    lines = [f"{profile.name} ({profile.title}): game at {profile.game_threshold} trick points below the line"
             + (f", rubber bonus {profile.rubber_bonus}" if profile.rubber_bonus else "")]
    return Computed(values, lines)


def compute_game(pos: dict[str, Any], ascii: bool) -> Computed:
    """A sequence of deals in one rubber profile, kept on the pad by the same
    code as ``bridgekit rubber``: the running trick points below the line for
    each side, and the deal that completes a game."""
    profile = pos_profile(pos)
    results = _get(pos, "results")
    if not isinstance(results, list) or not results:
        raise PositionError("results must be a list of deals, e.g. [{contract = '1S', declarer = 'S', tricks = 8}]")
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
        lines.append(f"Deal {n}: {result.contract.symbol(ascii)} by {show_value(result.declarer)}, "
                     f"{result.tricks} tricks: below the line N/S {below[Side.NS]}, E/W {below[Side.EW]}")
        if note.game_won is not None:
            if not values["game_deal"]:
                values.update(game_deal=n, game_side=note.game_won,
                              below_ns=below[Side.NS], below_ew=below[Side.EW])
            lines.append(f"  {side_name(note.game_won)} reaches {profile.game_threshold}: game.")
            lines.append("  A line is drawn; both sides start the next game from zero.")
            below = {Side.NS: 0, Side.EW: 0}
    rubber = rubbers[0]
    values.update(games_ns=rubber.games_won(Side.NS), games_ew=rubber.games_won(Side.EW),
                  rubber_finished=rubber.finished, total_ns=rubber.total(Side.NS),
                  total_ew=rubber.total(Side.EW), margin=rubber.margin,
                  rubber_winner=rubber.winner, rubber_games_side=None)
    if rubber.finished:
        two = Side.NS if rubber.games_won(Side.NS) == 2 else Side.EW
        values["rubber_games_side"] = two
        lines.append(f"  {side_name(two)} have two games: rubber, {profile.rubber_bonus} above the line.")
        ns, ew = rubber.total(Side.NS), rubber.total(Side.EW)
        for side in Side:
            lines.append(f"  {side_name(side)}: {rubber.line_total(side, BELOW)} below the line + "
                         f"{rubber.line_total(side, ABOVE)} above = {rubber.total(side)}")
        if rubber.winner is None:
            lines.append(f"  Totals {ns} to {ew}: a draw.")
        else:
            lines.append(f"  {side_name(rubber.winner)} win the rubber by {rubber.margin} points"
                         + (f", although {side_name(two)} won two games" if rubber.winner is not two else "") + ".")
    return Computed(values, lines)


def compute_match(pos: dict[str, Any], ascii: bool) -> Computed:
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
        raise PositionError(f"cannot read {path}: {e}") from None
    except OSError as e:
        raise PositionError(f"cannot read {path}: {e.strerror}") from None
    if match.unpaired or not match.boards:
        raise PositionError(f"{path}: not every board is played in both rooms ({', '.join(match.unpaired)})")
    values: dict[str, Any] = {}
    lines = [f"{'Board':>5} {'Open N/S':>9} {'Closed N/S':>11} {'Diff':>6} {'IMPs':>5}"]
    for mb in match.boards:
        if mb.diff is None or mb.imps is None or mb.open_ns is None or mb.closed_ns is None:
            raise PositionError(f"{path}: board {mb.number} cannot be scored")
        values[f"diff_{mb.number}"] = mb.diff
        values[f"imps_{mb.number}"] = mb.imps
        lines.append(f"{mb.number:>5} {mb.open_ns:>+9d} {mb.closed_ns:>+11d} {mb.diff:>+6d} {mb.imps:>+5d}")
    total = match.total_imps
    values["total_imps"] = total
    values["winner"] = "A" if total > 0 else "B" if total < 0 else "draw"
    lines.append(f"Total {total:+d} IMPs for team A: "
                 + ("team A wins" if total > 0 else "team B wins" if total < 0 else "a draw"))
    return Computed(values, lines)


def compute_par(pos: dict[str, Any], ascii: bool) -> Computed:
    """Double-dummy par under the step's profile (needs the solver)."""
    from ..analysis.par import par_of_deal
    profile = pos_profile(pos)
    deal = pos_deal(pos)
    if deal is None:
        raise PositionError("par needs a complete deal")
    result = par_of_deal(deal, pos_vul(pos), pos_dealer(pos), profile.score)
    contracts = [str(c) for c in result.contracts]
    return Computed({"score_ns": result.score, "contracts": contracts},
                    [f"Double-dummy par under {profile.name}: N/S {result.score:+d} "
                     f"({', '.join(contracts) if contracts else 'passed out'})"])


def _figure(x: float | None) -> int | float | None:
    """A point figure as a lesson states it: 2, 1.5, 5.33."""
    if x is None:
        return None
    return int(x) if float(x).is_integer() else round(x, 2)


def compute_traveller(pos: dict[str, Any], ascii: bool) -> Computed:
    """One board played at several tables (``results``, table by table),
    scored by the same library code as ``bridgekit event``: each N/S score,
    matchpoints (1 per result beaten, 1/2 per tie), the Butler datum and
    IMPs against it, and cross-IMPs."""
    from ..event import EventOptions, Method, score_traveller
    profile = pos_profile(pos)
    vul = pos_vul(pos)
    raw = _get(pos, "results")
    if not isinstance(raw, list) or len(raw) < 2:
        raise PositionError("results must list the tables' results, e.g. "
                            "[{contract = '4S', declarer = 'N', tricks = 10}, ...]")
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
    lines = ["Table  result      N/S score   MP N/S  MP E/W   Butler  cross-IMPs"]
    for i, (a, b, c) in enumerate(zip(mp.results, butler.results, cross.results), start=1):
        played = "passed out" if a.contract is None or a.contract.is_passed_out else \
            f"{a.contract.symbol(ascii)} {a.declarer.name if a.declarer is not None else '?'} {a.tricks}"
        lines.append(f"{i:>5}  {played:<10} {a.score_ns:>+10}   {_figure(a.points_ns)!s:>6}  "
                     f"{_figure(a.points_ew)!s:>6}   {_figure(b.points_ns)!s:>6}  {_figure(c.points_ns)!s:>10}")
    lines.append(f"Matchpoint top {values['top']}; Butler datum {datum:+d} (the mean, rounded to 10)"
                 if datum is not None else f"Matchpoint top {values['top']}")
    return Computed(values, lines)


COMPUTATIONS: dict[str, Callable[[dict[str, Any], bool], Computed]] = {
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


def compute(what: str, pos: dict[str, Any], ascii: bool = False) -> Computed:
    """Run one computation; raises PositionError (bad position or unknown ``what``)."""
    fn = COMPUTATIONS.get(what)
    if fn is None:
        raise PositionError(f"unknown computation {what!r} (known: {', '.join(COMPUTATIONS)})")
    return fn(pos, ascii)
