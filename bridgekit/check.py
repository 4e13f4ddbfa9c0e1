"""Checking boards: legality of the deal, the auction and the play, and whether
the recorded ``Contract``, ``Declarer`` and ``Result`` agree with them.

``check_board(board)`` returns every problem of one board as ``Problem``
records (file, line, board, stable code, message, ``call_index`` or
``card_index``); it never raises for bad input and never changes the board.
``check_auction`` and ``check_play`` are the quick forms for one auction or one
play typed at the shell: they stop at the first illegal call or card.

Codes (stable; the README lists them with their meaning):

deal
    ``duplicate-card``, ``hand-size``, ``missing-card`` (and whatever the reader
    recorded on ``board.problems``, e.g. ``bad-deal``, ``bad-call``)
auction
    ``insufficient-bid``, ``double-nothing``, ``double-own-side``,
    ``double-doubled``, ``redouble-not-doubled``, ``redouble-redoubled``, ``redouble-own-double``,
    ``auction-ended`` (calls after the end), ``auction-incomplete`` (not ended
    and not marked ``*``), ``missing-dealer``, ``dealer-mismatch``,
    ``call-out-of-rotation`` (PBN ``^S``, a warning)
play
    ``wrong-hand``, ``already-played``, ``revoke``, ``play-ended``,
    ``wrong-leader`` (the Play section starts with another seat than declarer's
    left-hand opponent), ``lead-out-of-turn`` (PBN ``^L``, a warning), ``play-without-contract`` (cards on a passed-out
    deal), ``claim-impossible`` (a Result no continuation of a partial play
    can reach)
consistency
    ``contract-mismatch``, ``declarer-mismatch``, ``result-mismatch``,
    ``missing-contract``, ``missing-declarer`` (warnings when the tag is
    absent; the declarer is then taken from the opening leader if there is play)

tag values, notes, marks and layout (PBN 2.1 as a validator)
    ``bad-date``, ``bad-score``... (``tagsyntax``), ``missing-note``,
    ``unused-note``, ``revoke-mark``, ``insufficient-mark``,
    ``continuation-mark``, ``missing-deal``, ``result-without-contract``, and
    from the reader ``bad-table``, ``line-too-long``, ``export-format``

Severity: an irregularity the file itself marks with PBN's ``^`` (an accepted
insufficient bid ``^I``, a revoke ``^R``, a ``Result`` or ``Declarer`` prefixed
with ``^``) is reported as a ``warning``; everything else is an ``error``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Iterable, Sequence

from .auction import Auction
from .board import AuctionRecord, Board, CallEntry, CardEntry, PlayRecord, Problem, ProblemLog
from .calls import PASS, Call
from .cards import Card
from .contract import Contract, end_position_strain
from .deal import Deal
from .errors import IllegalCallError, IllegalCardError
from .i18n import N_, _, _n
from .notation import Message
from .play import Play
from .seats import Seat
from .tagsyntax import tag_name_problem, tag_problems

_SEATS = tuple(Seat)

#: Every code ``check_board`` can produce itself, in README order.
CODES = (
    "duplicate-card", "hand-size", "missing-card", "bad-deal",
    "insufficient-bid", "double-nothing", "double-own-side", "double-doubled",
    "redouble-not-doubled", "redouble-redoubled", "redouble-own-double", "auction-ended", "auction-incomplete",
    "missing-dealer", "dealer-mismatch", "call-out-of-rotation",
    "wrong-hand", "already-played", "revoke", "play-ended", "wrong-leader", "lead-out-of-turn",
    "play-without-contract", "claim-impossible",
    "contract-mismatch", "declarer-mismatch", "result-mismatch", "missing-contract",
    "missing-declarer",
    # the tag values' syntax (tagsyntax), notes, marks and layout
    "bad-date", "nonstandard-date", "bad-time", "bad-board-number", "bad-round", "bad-vulnerable",
    "bad-seat", "bad-scoring", "unknown-scoring", "bad-score", "bad-rubber-history",
    "rubber-history-vulnerable", "bad-room", "bad-frenchmp", "bad-hidden", "bad-dd-tricks",
    "bad-time-control", "bad-number", "unusual-value", "padded-value", "bad-character",
    "missing-note", "bad-note", "unused-note", "revoke-mark", "insufficient-mark", "continuation-mark",
    "missing-deal", "result-without-contract", "bad-table", "line-too-long", "export-format",
    # conventions outside the standard's letter, and forms of a deal short of 52 cards (warnings)
    "board-label", "unknown-tag", "bad-tag-name", "partial-deal",
)


# -- quick forms ------------------------------------------------------------


@dataclass
class AuctionCheck:
    """Outcome of ``check_auction``: the auction as far as it is legal, and the
    first illegal call (as a one-element ``problems`` list) if any."""

    auction: Auction
    problems: list[Problem] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)   # as given, the illegal one and any after it included

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, object]:
        """``check --auction --json``: the calls, whether they are legal and
        complete, the contract and declarer, who calls next, the problems."""
        a = self.auction
        contract, declarer = a.contract(), a.declarer()
        return {"dealer": a.dealer.name, "calls": [str(c) for c in self.calls], "legal": self.ok,
                "complete": a.is_complete(), "contract": None if contract is None else str(contract),
                "declarer": None if declarer is None else declarer.name,
                "next": None if a.is_complete() or not self.ok else a.turn.name,
                "problems": [p.to_dict() for p in self.problems]}


@dataclass
class PlayCheck:
    """Outcome of ``check_play``: the play as far as it is legal, and the first
    illegal card (as a one-element ``problems`` list) if any."""

    play: Play
    problems: list[Problem] = field(default_factory=list)
    contract: Contract | None = None
    cards: list[Card] = field(default_factory=list)   # as given, the illegal one and any after it included

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, object]:
        """``check --play --json``: the cards, whether they are legal and
        complete, each trick with its leader and winner, the tricks of each
        side, who plays next, the problems."""
        play = self.play
        return {"contract": str(self.contract), "declarer": play.declarer.name, "cards": [str(c) for c in self.cards],
                "legal": self.ok, "complete": play.is_complete(),
                "tricks": [{"leader": t.leader.name, "cards": [str(c) for c in t.cards],
                            "winner": None if t.winner is None else t.winner.name} for t in play.tricks()],
                "declarer_tricks": play.declarer_tricks(), "defence_tricks": play.defence_tricks(),
                "next": None if play.is_complete() or not self.ok else play.turn.name,
                "problems": [p.to_dict() for p in self.problems]}


def check_auction(calls: Iterable[Call], dealer: Seat) -> AuctionCheck:
    """Replay ``calls`` from ``dealer``; stop at the first illegal call and
    report it (code, message, ``call_index``).  Never raises for bad calls."""
    auction = Auction(dealer)
    out = ProblemLog()
    calls = list(calls)
    for i, call in enumerate(calls):
        try:
            auction.push(call)
        except IllegalCallError as e:
            out.add(e.code, Message("call {n}: {error}", n=i + 1, error=e.args[0]), call_index=i)
            break
    return AuctionCheck(auction, out.problems, calls)


def check_play(deal: Deal, contract: Contract, declarer: Seat, cards: Iterable[Card]) -> PlayCheck:
    """Replay ``cards`` (in the order played) on ``deal`` for ``contract`` by
    ``declarer``; stop at the first illegal card and report it (code, message,
    ``card_index``).  Deal problems (duplicate cards...) come first.  Never
    raises for bad cards."""
    play = Play(deal, contract.strain, declarer)
    out = ProblemLog(limit=None)
    cards = list(cards)
    for code, message in deal.problems():
        out.add(code, message)
    for i, card in enumerate(cards):
        try:
            play.push(card)
        except IllegalCardError as e:
            out.add(e.code, e.args[0], card_index=i)
            break
    return PlayCheck(play, out.problems, contract, cards)


# -- whole boards -------------------------------------------------------------


#: The export format's layout rules (PBN 2.3, 3.3, 3.4): warnings, errors
#: with ``strict``.
EXPORT_CODES = frozenset({"line-too-long", "export-format"})
#: What ``--strict`` makes errors: the export format's rules, and the
#: standard's conventions a reader does not need (a Board label, not a number).
STRICT_CODES = EXPORT_CODES | {"board-label"}


def check_board(board: Board, strict: bool = False, tags_seen: dict[str, set[str]] | None = None) -> list[Problem]:
    """Every problem of ``board``: what the reader recorded, each tag value
    against its syntax, notes, then the deal, the auction, the play and the
    consistency of the recorded outcome.  ``strict`` makes the export
    format's rules and the standard's conventions (``STRICT_CODES``)
    errors.  ``tags_seen`` (file -> tag names), kept across the boards of a
    run, says a tag the standard does not define once a file rather than on
    every board.  Never raises for bad input; does not modify the board."""
    problems = _check_board(board, tags_seen)
    if strict:
        problems = [replace(p, severity="error") if p.code in STRICT_CODES else p for p in problems]
    return problems


def _check_board(board: Board, tags_seen: dict[str, set[str]] | None = None) -> list[Problem]:
    out = ProblemLog(board, list(board.problems), limit=None)
    reader_codes = {p.code for p in board.problems}

    _check_tag_names(board, out, None if tags_seen is None else tags_seen.setdefault(board.file or "", set()))
    _check_tag_values(board, out)
    _check_notes(board, out)
    _check_sections_present(board, out)
    deal = _check_deal(board, out, reader_codes)
    auction = _check_auction(board, out)
    contract, declarer = _check_outcome(board, auction, out)
    _check_play(board, deal, contract, declarer, out)
    return out.problems


def check_boards(boards: Iterable[Board], strict: bool = False) -> Iterable[tuple[Board, list[Problem]]]:
    """``check_board`` over a stream of boards, one at a time (a new tag
    said once a file)."""
    seen: dict[str, set[str]] = {}
    for board in boards:
        yield board, check_board(board, strict, seen)


def _check_tag_names(board: Board, out: ProblemLog, seen: set[str] | None) -> None:
    """Tag names outside the standard (``tagsyntax.tag_name_problem``); a new
    tag once in ``seen``'s file."""
    for name in board.tags:
        if seen is not None and name in seen:
            continue
        found = tag_name_problem(name)
        if found is not None:
            code, message, severity = found
            if seen is not None and code == "unknown-tag" and len(seen) < 1000:
                seen.add(name)
            out.add(code, message, name, severity=severity)


def _check_tag_values(board: Board, out: ProblemLog) -> None:
    """Each tag value against its syntax in the standard (``tagsyntax``),
    except on a line where the reader has already found a problem."""
    said = {p.line for p in board.problems}
    for code, message, name, severity in tag_problems(board):
        line = board.line_of(name)
        if line is None or line not in said:
            out.add(code, message, name, severity=severity)


_NOTE_REF = re.compile(r"=(\d{1,4})=")


def _check_notes(board: Board, out: ProblemLog) -> None:
    """PBN 3.5.4-3.6.5: note indexes lie between 1 and 32; every reference
    ``=n=`` has its Note; a Note nobody refers to is a warning."""
    for name, rec in (("Auction", board.auction), ("Play", board.play)):
        if rec is None:
            continue
        entries: list[CallEntry | CardEntry | None] = list(rec.calls) if isinstance(rec, AuctionRecord) \
            else [e for row in rec.tricks for e in row]
        used: set[int] = set()
        if isinstance(rec, AuctionRecord) and rec.unread:  # text kept as written may refer to notes
            used.update(int(n) for n in _NOTE_REF.findall(" ".join(rec.unread)))
        for i, e in enumerate(entries):
            if e is None or e.note is None:
                continue
            used.add(e.note)
            if e.note not in rec.notes:
                out.add("missing-note", Message("{section}: the note reference ={note}= has no Note {note}",
                                                section=name, note=e.note),
                        line=e.line if e.line is not None else rec.line,
                        call_index=i if name == "Auction" else None)
        for n in sorted(rec.notes):
            if not 1 <= n <= 32:
                # past 32 bridgekit still reads it (its own game records note every
                # computer card): a warning; 0 is no note number at all
                out.add("bad-note", Message("{section}: note {note} is not numbered between 1 and 32", section=name,
                                            note=n), name, line=rec.line,
                        severity="error" if n < 1 else "warning")
            elif n not in used:
                out.add("unused-note", Message("{section}: Note {note} is referred to by no call or card",
                                               section=name, note=n), name,
                        line=rec.line, severity="warning")


def _check_sections_present(board: Board, out: ProblemLog) -> None:
    """What a Play section and a Result need: a deal, a contract, a declarer."""
    tags = board.tags
    if "Play" in tags:
        if "Deal" not in tags:
            out.add("missing-deal", Message("a Play section but no Deal tag: the cards cannot be followed"), "Play",
                    severity="warning")
        if "Contract" not in tags and "Auction" not in tags:
            out.add("missing-contract", Message("a Play section but no Contract tag (nor an auction): "
                                                "the trumps are unknown"), "Play", severity="warning")
    result = tags["Result"].value.strip() if "Result" in tags else ""
    if result not in ("", "?"):
        contract = tags["Contract"].value.strip() if "Contract" in tags else ""
        declarer = tags["Declarer"].value if "Declarer" in tags else None
        if contract.upper() == "PASS" or (declarer is not None and not declarer.strip() and not contract):
            template = (N_("Result {result!r} but the deal was passed out (PBN 3.4.15: the Result is then empty)")
                        if contract else
                        N_("Result {result!r} but the Declarer tag is empty (PBN 3.4.15: the Result is then empty)"))
            out.add("result-without-contract", Message(template, result=result), "Result",
                    severity="warning" if result == "0" else "error")  # '0' takes no trick: harmless
    rec = board.play
    if rec is not None:
        marks = [e for row in rec.tricks for e in row if e is not None and e.flag == "+"]
        if len(marks) > 1:
            out.add("continuation-mark", Message("more than one '+' in the Play section (it marks the one next "
                                                 "card to play)"), line=marks[1].line)


def _after_continuation(rec: PlayRecord, seat: Seat | None, play: Play, out: ProblemLog) -> None:
    """A card played after the '+' that marks ``seat``'s next card (PBN 3.6):
    later in the same trick, or in a later row."""
    start = next(i for i, row in enumerate(rec.tricks) if any(e is not None and e.flag == "+" for e in row))
    row = rec.tricks[start]
    opening = int(rec.leader)
    left = 3 - len(play.current_trick())  # cards still to come in this trick after seat's
    rest = [] if seat is None else [row[k] for j in range(1, left + 1)
                                    if (k := (int(seat.next(j)) - opening) % 4) < len(row)]
    later = rest + [e for r in rec.tricks[start + 1:] for e in r]
    card = next((e for e in later if e is not None and e.card is not None), None)
    if card is not None and card.card is not None:
        out.add("continuation-mark", Message("the {card:name} comes after '+' (the next card to play): the "
                                             "play continues from the '+'", card=card.card), line=card.line if card.line is not None else rec.line)


def _check_deal(board: Board, out: ProblemLog, reader_codes: set[str]) -> Deal | None:
    if board.get("Deal") is None:
        return None
    deal = board.deal
    if deal is None:
        if not reader_codes & {"bad-deal", "bad-tag"}:
            out.add("bad-deal", Message("the Deal tag {value!r} cannot be read", value=board.get("Deal")), "Deal")
        return None
    hands = deal.hands
    if all(h is not None and len(h.cards) == 13 for h in hands) \
            and len(frozenset().union(*(h.cards for h in hands if h is not None))) == 52:
        return deal  # the common case, quickly: four hands of 13, 52 distinct cards
    for code, message in deal.problems(allow_end_position=True):
        if code in reader_codes:
            continue  # the reader said it already, with its own line
        out.add(code, message, "Deal")
    return deal


def _flag(entry: CallEntry | CardEntry) -> str:
    """The PBN irregularity mark of a call/card entry (``^I``, ``^R``, ``^L``...)
    as the reader recorded it in ``flag``; empty when none."""
    return entry.flag.upper() if entry.flag else ""


def _check_auction(board: Board, out: ProblemLog) -> Auction | None:
    rec = board.auction
    dealer = board.dealer
    if rec is None:
        return None
    if any(p.code == "bad-call" and p.severity == "error" for p in board.problems):
        return None  # a call could not be read: positions after it are unknown (the reader said so)
    if dealer is None:
        has_tag = "Dealer" in board.tags
        out.add("missing-dealer", Message("there is an auction but no valid Dealer tag: "
                                          "assuming the auction starts with {seat}", seat=rec.first),
                "Dealer" if has_tag else None, line=None if has_tag else rec.line)
    elif rec.first is not dealer and rec.calls:
        out.add("dealer-mismatch", Message("the auction starts with {seat} but the dealer is {dealer}, who must "
                                           "call first", seat=rec.first, dealer=dealer), "Auction", line=rec.line)
    auction = Auction(rec.first)
    skipped = rec.skipped
    for i, entry in enumerate(rec.calls):
        line = entry.line if entry.line is not None else rec.line
        for _skip in range(skipped.count(i)):
            if auction.is_complete():
                break
            # ^S: a call out of rotation, accepted; the skipped player lost the turn
            out.add("call-out-of-rotation", Message("call {n}: {seat} was skipped by a call out of rotation "
                                                    "(marked ^S in the file)", n=i + 1, seat=auction.turn),
                    line=line, call_index=i, severity="warning")
            auction.push_irregular(PASS)
        if auction.is_complete():
            extra = len(rec.calls) - i
            out.add("auction-ended", Message.plural("call {call}: {n} call recorded after the auction had ended "
                                                    "with {ending}",
                                                    "call {call}: {n} calls recorded after the auction had ended "
                                                    "with {ending}", extra, call=i + 1, ending=_ended(auction)),
                    line=line, call_index=i)
            break
        try:
            auction.push(entry.call)
            if entry.flag and "^I" in _flag(entry):
                out.add("insufficient-mark", Message("call {n}: {call} is marked ^I (an insufficient bid "
                                                     "accepted) but it is sufficient", n=i + 1, call=entry.call),
                        line=line, call_index=i)
        except IllegalCallError as e:
            marked = "^I" in _flag(entry)
            template = N_("call {n}: {error}; marked ^I in the file: accepted by the opponents") if marked \
                else N_("call {n}: {error}")
            out.add(e.code, Message(template, n=i + 1, error=e.args[0]),
                    line=line, call_index=i, severity="warning" if marked else "error")
            auction.push_irregular(entry.call)
    if not auction.is_complete() and not rec.incomplete_marker and not rec.continue_marker:
        # PBN 3.5 recommends '+' for an auction to be continued but does not
        # require it: with no contract recorded either (a lesson's question),
        # the unfinished auction is a warning
        open_question = board.get("Contract") is None
        if open_question:
            message = Message.plural("the auction stops after {n} call without ending and without the '*' or "
                                     "'+' mark; {seat} was to call; no contract is recorded (an auction to be "
                                     "continued?)",
                                     "the auction stops after {n} calls without ending and without the '*' or "
                                     "'+' mark; {seat} was to call; no contract is recorded (an auction to be "
                                     "continued?)", len(rec.calls), seat=auction.turn)
        else:
            message = Message.plural("the auction stops after {n} call without ending and without the '*' or "
                                     "'+' mark; {seat} was to call",
                                     "the auction stops after {n} calls without ending and without the '*' or "
                                     "'+' mark; {seat} was to call", len(rec.calls), seat=auction.turn)
        out.add("auction-incomplete", message,
                "Auction", line=rec.line, call_index=len(rec.calls),
                severity="warning" if open_question else "error")
    return auction


def _ended(auction: Auction) -> Message:
    """How a finished auction ended: ``four passes``, ``4♠ by South``."""
    contract = auction.contract()
    declarer = auction.declarer()
    if contract is None:
        return Message("no contract")
    if contract.is_passed_out:
        return Message("four passes")
    if declarer is None:
        return Message("{contract} by ?", contract=contract)
    return Message("{contract} by {declarer}", contract=contract, declarer=declarer)


def _check_outcome(board: Board, auction: Auction | None,
                   out: ProblemLog) -> tuple[Contract | None, Seat | None]:
    """Compare the Contract and Declarer tags with the auction; return the
    contract and declarer to check the play with (tags first, else auction)."""
    tag_contract = board.contract
    raw_declarer = board.get("Declarer")
    tag_declarer = board.declarer
    swapped = raw_declarer is not None and raw_declarer.startswith("^")
    if tag_contract is None and board.get("Contract") is not None and "Contract" in board.tags:
        value = board.get("Contract") or ""
        said = any(p.line is not None and p.line == board.line_of("Contract") for p in board.problems)
        if not said and end_position_strain(value) is None:  # end positions: strain only (PBN 3.10)
            out.add("missing-contract", Message("the Contract tag {value!r} cannot be read", value=value), "Contract")
    complete = auction is not None and auction.is_complete()
    contract = tag_contract
    declarer = tag_declarer
    if complete:
        assert auction is not None
        a_contract = auction.contract()
        a_declarer = auction.declarer()
        if tag_contract is not None and a_contract is not None and tag_contract != a_contract:
            out.add("contract-mismatch", Message("the Contract tag says {tag} but the auction ends in {auction}",
                                                 tag=tag_contract, auction=a_contract), "Contract")
        if tag_contract is None and board.get("Contract") is None and a_contract is not None \
                and not a_contract.is_passed_out:
            out.add("missing-contract", Message("no Contract tag; the auction ends in {contract}",
                                                contract=a_contract),
                    "Contract" if "Contract" in board.tags else None, severity="warning")
        same_contract = tag_contract is None or a_contract is None or tag_contract.strain is a_contract.strain
        if a_declarer is not None and tag_declarer is not None and same_contract:
            if swapped and tag_declarer is a_declarer.partner:
                out.add("declarer-mismatch", Message("the Declarer tag marks {tag} with ^: declarer and dummy "
                                                     "were swapped (the auction makes {auction} declarer)",
                                                     tag=tag_declarer, auction=a_declarer),
                        "Declarer", severity="warning")
            elif swapped:
                out.add("declarer-mismatch", Message("the Declarer tag ^{letter} says declarer and dummy were "
                                                     "swapped, so {tag} should be the partner of the declarer the "
                                                     "auction gives, but that declarer is {auction}",
                                                     letter=tag_declarer.name, tag=tag_declarer,
                                                     auction=a_declarer), "Declarer")
            elif tag_declarer is not a_declarer:
                last = auction.last_bid()
                if last is not None and last.seat is not a_declarer and last.call.strain is not None:
                    message = Message("the Declarer tag says {tag} but the auction makes {auction} declarer "
                                      "({auction} was first of the side to name {strain:word}; {bidder} made the "
                                      "last bid)", tag=tag_declarer, auction=a_declarer, strain=last.call.strain,
                                      bidder=last.seat)
                else:
                    message = Message("the Declarer tag says {tag} but the auction makes {auction} declarer",
                                      tag=tag_declarer, auction=a_declarer)
                out.add("declarer-mismatch", message, "Declarer")
        if contract is None:
            contract = a_contract
        if declarer is None:
            declarer = a_declarer
    if contract is not None and not contract.is_passed_out and declarer is None \
            and (board.get("Result") is not None or board.play is not None):
        said = any(p.line is not None and p.line == board.line_of("Declarer") for p in board.problems)
        if board.play is not None:
            declarer = board.play.leader.rho  # the opening leader sits on declarer's left
            if not said:
                out.add("missing-declarer", Message("contract {contract} has no declarer; taking {seat}, on the "
                                                    "right of the opening leader", contract=contract, seat=declarer),
                        "Declarer",
                        severity="warning")
        elif not said:
            out.add("missing-declarer", Message("contract {contract} has no declarer", contract=contract), "Declarer",
                    severity="warning")
    return contract, declarer


def _line(entry: CardEntry | None, rec: PlayRecord) -> int | None:
    """The line of a card of the Play section (the section's when unknown)."""
    return entry.line if entry is not None and entry.line is not None else rec.line


def _play_has_cards(board: Board) -> bool:
    rec = board.play
    if rec is None:
        return False
    return any(e is not None and e.card is not None for row in rec.tricks for e in row)


def _check_play(board: Board, deal: Deal | None, contract: Contract | None, declarer: Seat | None,
                out: ProblemLog) -> None:
    rec = board.play
    result = board.result
    has_cards = _play_has_cards(board)
    if contract is not None and contract.is_passed_out:
        if has_cards:
            out.add("play-without-contract", Message("cards are recorded but the deal was passed out"), "Play",
                    card_index=0)
        return
    if contract is None or declarer is None:
        return  # nothing says whose play it is (book files show a lead with no contract)
    if rec is None or not has_cards:
        return
    if rec.leader is not declarer.lho:
        out.add("wrong-leader", Message("the play starts with {seat} but the opening lead belongs to {leader}, on "
                                        "the left of declarer ({declarer})", seat=rec.leader, leader=declarer.lho,
                                        declarer=declarer),
                "Play", line=rec.line, card_index=0)
        return
    play = Play(deal if deal is not None else Deal([None] * 4), contract.strain, declarer)
    stopped = gap = False
    for kind, n, seat, entry, error in rec.replay(play):
        if kind == "card" and error is None:  # a legal card: the common case
            if entry is not None and entry.flag and entry.card is not None and "^R" in _flag(entry):
                out.add("revoke-mark", Message("trick {trick}: the {card:name} is marked ^R (a revoke) but it "
                                               "follows the rules", trick=n // 4 + 1, card=entry.card),
                        line=_line(entry, rec), card_index=n)
            continue
        line = _line(entry, rec)
        if kind == "play-ended":
            out.add("play-ended", Message("cards are recorded after the 13th trick"), line=line, card_index=n)
            stopped = True
        elif kind == "lead-out-of-turn":
            assert seat is not None
            if seat is play.leader:
                out.add("lead-out-of-turn", Message("trick {trick}: the lead is marked ^L (out of turn) but {seat} "
                                                    "was on lead", trick=n // 4 + 1, seat=seat),
                        line=line, card_index=n)
            else:
                out.add("lead-out-of-turn", Message("trick {trick}: {seat} led out of turn instead of {leader} "
                                                    "(marked ^L in the file: accepted)", trick=n // 4 + 1,
                                                    seat=seat, leader=play.leader),
                        line=line, card_index=n, severity="warning")
        elif kind == "gap":
            gap = True
            if entry is not None and entry.flag == "+":
                _after_continuation(rec, seat, play, out)
        elif error is not None:
            marked = entry is not None and "^R" in _flag(entry)
            out.add(error.code, Message("{error}; marked ^R in the file", error=error.args[0]) if marked
                    else error.args[0],
                    line=line, card_index=n, severity="warning" if marked else "error")
            stopped = error.code != "revoke"
    if stopped:
        return
    if gap and sum(1 for row in rec.tricks for e in row if e is not None and e.card is not None) > len(play):
        return  # a gap ('-') hides the order of later cards: nothing more can be counted
    if result is None:
        return
    counted = play.declarer_tricks()
    caret = (board.get("Result") or "").startswith("^")
    sev = "warning" if caret else "error"

    def noted(message: Message) -> Message:
        return Message("{message} (the file marks it with ^ as differing)", message=message) if caret else message

    if play.is_complete():
        if result != counted:
            out.add("result-mismatch", noted(Message.plural(
                "the Result tag gives declarer {n} trick but the play gives {seat}'s side {counted}",
                "the Result tag gives declarer {n} tricks but the play gives {seat}'s side {counted}",
                result, seat=declarer, counted=counted)), "Result", severity=sev)
    elif not play.claim_is_possible(result):
        done = len(play.cards) // 4
        left = 13 - done
        text = Message("the Result tag gives declarer {result} but after {done} declarer's side has {counted} "
                       "and {left}", result=_tricks(result), done=_tricks(done), counted=counted,
                       left=Message.plural("{n} remains", "{n} remain", left))
        if counted <= result <= counted + left:   # within the count: the master trump decides
            master = play.master_trump()
            assert master is not None
            card, seat = master
            out.add("claim-impossible", noted(Message("{head}, one of which goes to {seat}'s {card:name}, the "
                                                      "highest trump left, whatever is played", head=text,
                                                      seat=seat, card=card)), "Result", severity=sev)
        else:
            out.add("claim-impossible", noted(text), "Result", severity=sev)


def _tricks(n: int) -> Message:
    """``1 trick``, ``2 tricks``."""
    return Message.plural("{n} trick", "{n} tricks", n)


def summarize(problems: Sequence[Problem]) -> dict[str, int]:
    """Problems counted by code, most frequent first."""
    tally = CheckTally()
    tally.codes.update(p.code for p in problems)
    return tally.by_code()


@dataclass
class CheckTally:
    """What a check of many boards found, counted as the boards go by (the
    problems themselves are not kept): boards checked, boards with errors,
    boards with warnings only, problems by code."""

    boards: int = 0
    with_errors: int = 0
    with_warnings: int = 0
    codes: Counter[str] = field(default_factory=Counter)

    def add(self, problems: Sequence[Problem]) -> None:
        self.boards += 1
        if any(p.severity == "error" for p in problems):
            self.with_errors += 1
        elif problems:
            self.with_warnings += 1
        self.codes.update(p.code for p in problems)

    def by_code(self) -> dict[str, int]:
        """Problems counted by code, most frequent first."""
        return dict(sorted(self.codes.items(), key=lambda kv: (-kv[1], kv[0])))

    def __str__(self) -> str:
        """``12 boards checked, 2 with problems (1 with warnings only): code 3, ...``."""
        return self.render()

    def render(self, lang: str = "en") -> str:
        """:meth:`__str__` in ``lang``."""
        text = _n(lang, "{n} board checked, {problems} with problems", "{n} boards checked, {problems} with problems",
                  self.boards, problems=self.with_errors + self.with_warnings)
        if self.with_warnings:
            text += " " + _(lang, "({n} with warnings only)", n=self.with_warnings)
        if self.codes:
            codes = ", ".join(f"{code} {count}" for code, count in self.by_code().items())
            text = _(lang, "{summary}: {codes}", summary=text, codes=codes)
        return text


__all__ = ["AuctionCheck", "CheckTally", "PlayCheck", "CODES", "check_auction", "check_play", "check_board",
           "check_boards", "summarize"]
