"""Hand records: the pages a club director prints or posts after a session.

One model, :class:`HandRecord`, holds everything both writers need, already
computed and as text: for each board the hands, the high-card points, the
double-dummy table, the par, and (when asked) each room's auction, play and
commentary.  :mod:`bridgekit.handrecord.html` and
:mod:`bridgekit.handrecord.pdf` render it; :mod:`bridgekit.handrecord.layout`
is the page geometry they share.

Points of view: ``DDTable.tricks(declarer, strain)`` is the tricks of the
declaring side; ``Par.score`` is for North-South.

A file of a team match holds each deal once per room: the hand record shows
the deal once, with the rooms' auctions and play under it when asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from ..analysis.ddtags import BoardTable, board_par, board_vul_dealer
from ..board import Board
from ..cards import PBN_SUIT_ORDER, Strain, Suit
from ..dds import DDTable, Par
from ..deal import Deal, Hand
from ..errors import BridgekitError
from ..i18n import N_, _
from ..notation import (Message, card_text, letters, par_contract_text, ranks_text, render_message, seat_letter,
                        side_pair, suit_text)
from ..rules import DEFAULT, Profile
from ..seats import Seat, Side, Vul

__all__ = ["HandRecord", "BoardRecord", "RoomRecord", "build_hand_record", "hand_record",
           "hand_record_tables", "suit_line", "par_lines", "DD_STRAINS", "DD_DECLARERS"]

#: Columns and rows of the printed DD table: strains in bidding order, declarers N S E W.
DD_STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)
DD_DECLARERS = (Seat.N, Seat.S, Seat.E, Seat.W)

@dataclass(frozen=True)
class RoomRecord:
    """What one table did with the deal: room name, contract line, auction
    cells (West North East South columns from the first row), play summary
    and commentary, each as printable text."""

    room: str | None
    result: str | None = None
    auction: tuple[str, ...] = ()
    auction_notes: tuple[str, ...] = ()
    play: tuple[str, ...] = ()
    commentary: tuple[str, ...] = ()
    #: the play as a table: one row a trick, (number, leader, West, North,
    #: East, South), the winning card marked ``*``
    tricks: tuple[tuple[str, ...], ...] = ()


@dataclass
class BoardRecord:
    """One deal of the hand record.  ``table`` and ``par`` are None (with
    ``note`` saying why) when the deal cannot be solved; ``deal`` hands may be
    None (unknown) in a partial deal."""

    label: str
    dealer: Seat | None
    vulnerable: Vul | None
    deal: Deal
    table: DDTable | None = None
    table_from: str | None = None          # BoardTable.source: solved, cache, tag, recorded
    par: Par | None = None
    profile: Profile | None = None
    note: str | None = None
    rooms: list[RoomRecord] = field(default_factory=list)
    file: str | None = None
    line: int | None = None
    lang: str = "en"                       # the language its text is printed in

    def hcp(self, seat: Seat) -> int | None:
        """High-card points of ``seat`` (None for an unknown hand)."""
        hand = self.deal[seat]
        return hand.hcp() if hand is not None else None

    def hand(self, seat: Seat) -> Hand | None:
        return self.deal[seat]


@dataclass
class HandRecord:
    """A session's hand record: a title block and the boards in order."""

    title: str
    subtitle: str
    boards: list[BoardRecord]
    options: frozenset[str] = frozenset()   # "auction", "play", "commentary" shown
    lang: str = "en"                        # the language of its labels (en, fr)


# -- text pieces both writers print ----------------------------------------------

def suit_line(hand: Hand | None, suit: Suit, ascii: bool = False, lang: str = "en") -> str:
    """``♠ AKJ75`` (``S AKJ75`` with ``ascii``; ``♠ ARV75``, ``P ARV75`` in
    French): ranks high to low, ``10`` for the ten as hand records print it,
    ``—`` (``-``) for a void, ``?`` when the hand is unknown."""
    symbol = suit_text(suit, ascii, lang)
    if hand is None:
        return f"{symbol} ?"
    ranks = ranks_text(hand.ranks(suit), lang, tens=True)
    return f"{symbol} {ranks or ('-' if ascii else chr(0x2014))}"


def hand_lines(hand: Hand | None, ascii: bool = False, lang: str = "en") -> list[str]:
    """The four suit lines of a hand, spades first."""
    return [suit_line(hand, suit, ascii, lang) for suit in PBN_SUIT_ORDER]


def par_lines(par: Par, profile: Profile | None = None, ascii: bool = False, lang: str = "en") -> list[str]:
    """``Par N-S +420`` (``Par N-S +420 (auction-1920)`` under another profile
    than the default) then one line a contract, ``4♠= by N/S``, or ``Passed out``."""
    score = par.score
    head = _(lang, "Par 0") if score == 0 else \
        _(lang, "Par {side} +{score}", side="-".join(side_pair(Side.NS if score > 0 else Side.EW, lang)),
          score=abs(score))
    if profile is not None and profile is not DEFAULT:
        head += f" ({profile.name})"
    lines = [head]
    if not par.contracts:
        lines.append(_(lang, "Passed out"))
    lines += [par_contract_text(c, ascii, lang, by=True) for c in par.contracts]
    return lines


# -- building the model ----------------------------------------------------------

def _commentary(board: Board) -> tuple[str, ...]:
    """The ``{ }`` comments a board carries, in file order: before the tags,
    after tags, in the auction and in the play."""
    out: list[str] = list(board.comments)
    for tag in board.tags.values():
        out.extend(tag.comments)
    if board.auction is not None:
        out.extend(board.auction.comments)
        for call in board.auction.calls:
            out.extend(call.comments)
    if board.play is not None:
        out.extend(board.play.comments)
        for row in board.play.tricks:
            for entry in row:
                if entry is not None:
                    out.extend(entry.comments)
    return tuple(" ".join(c.split()) for c in out if c.strip())


def _room(board: Board, options: frozenset[str], ascii: bool, lang: str = "en") -> RoomRecord:
    from ..render import auction_cells, render_result

    auction: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    play: tuple[str, ...] = ()
    if "auction" in options and board.auction is not None:
        cells, note_list = auction_cells(board.auction, ascii=ascii, lang=lang)
        auction, notes = tuple(cells), tuple(board.auction.unread) + tuple(note_list)
    tricks: tuple[tuple[str, ...], ...] = ()
    if "play" in options and board.play is not None and board.play.tricks:
        play = tuple(_play_summary(board, ascii, lang))
        tricks = tuple(_trick_rows(board, ascii, lang))
    result = render_result(board, ascii=ascii, lang=lang) if ("auction" in options or "play" in options) else None
    commentary = _commentary(board) if "commentary" in options else ()
    if ascii:
        commentary = tuple(letters(c) for c in commentary)
    return RoomRecord(board.room, result, auction, notes, play, commentary, tricks)


def _play_summary(board: Board, ascii: bool, lang: str = "en") -> list[str]:
    """One item a trick: ``1 E: ♠2 ♠3 ♠8 ♠J``, cards in the order played from
    the leader (the seats' columns when the order cannot be known)."""
    assert board.play is not None
    out = []
    for t in board.play.recorded_tricks(board.contract):
        if t.order is not None and t.leader is not None:
            cards = " ".join(card_text(c, ascii, lang, tens=True) for c in t.order)
            out.append(_(lang, "{n} {seat}: {cards}", n=t.number, seat=seat_letter(t.leader, lang), cards=cards))
        else:
            cards = " ".join(f"{seat_letter(s, lang)} {card_text(e.card, ascii, lang, tens=True)}"
                             for s, e in t.cards.items() if e.card is not None)
            out.append(_(lang, "{n}: {cards}", n=t.number, cards=cards))
    return out


def _trick_rows(board: Board, ascii: bool, lang: str = "en") -> list[tuple[str, ...]]:
    """One row a trick: its number, its leader, then each seat's card in
    West North East South columns (``10`` for the ten), the winner's
    marked ``*``."""
    assert board.play is not None
    rows = []
    for t in board.play.recorded_tricks(board.contract):
        cells = [str(t.number), seat_letter(t.leader, lang) if t.leader is not None else ""]
        for seat in (Seat.W, Seat.N, Seat.E, Seat.S):
            entry = t.cards.get(seat)
            if entry is None or entry.card is None:
                cells.append("")
                continue
            card = entry.card
            cells.append(card_text(card, ascii, lang, tens=True) + ("*" if t.winner is seat else ""))
        rows.append(tuple(cells))
    return rows


def _same_deal(record: BoardRecord, board: Board) -> bool:
    deal = board.deal
    return deal is not None and str(deal) == str(record.deal)


def build_hand_record(tables: Iterable[BoardTable], *, rules: Profile | None = None,
                      options: Iterable[str] = (), ascii: bool = False, title: str | None = None,
                      on_problem: Callable[[Board, str], None] | None = None, lang: str = "en") -> HandRecord:
    """The hand record of a stream of boards with their DD tables (what
    ``bridgekit.analysis.ddtags.solve_boards`` yields).

    Boards with the same label and the same deal (the rooms of a team match)
    make one entry, in the order of their first appearance.  A board without a
    deal is left out; a board whose deal cannot be solved or has no par is
    kept with ``note`` saying why (the solver's stream reports the boards it
    could not solve; ``on_problem(board, message)`` hears of those without
    par).  ``rules`` is the profile for par (default: each board's
    ``Scoring`` tag).  ``options`` names what else to show: ``auction``,
    ``play``, ``commentary``.  ``title`` overrides the title block taken from
    the first board's ``Event``, ``Site`` and ``Date``.
    """
    opts = frozenset(options)
    records: list[BoardRecord] = []
    by_label: dict[str, list[BoardRecord]] = {}
    head: Board | None = None
    for bt in tables:
        board = bt.board
        if head is None:
            head = board
        label = (board.label or "").strip() or "?"
        deal = board.deal
        if deal is None:
            continue
        same = next((r for r in by_label.get(label, []) if _same_deal(r, board)), None)
        if same is not None:
            same.rooms.append(_room(board, opts, ascii, lang))
            continue
        vul, dealer = board_vul_dealer(board)
        rec = BoardRecord(label, dealer, vul, deal if deal.is_complete else _completed(deal),
                          rooms=[_room(board, opts, ascii, lang)], file=board.file, line=board.line, lang=lang)
        if bt.table is None:
            rec.note = render_message(Message("no double dummy: {why}", why=bt.error), ascii, lang)
        else:
            rec.table, rec.table_from = bt.table, bt.source
            try:
                rec.profile, rec.par = board_par(board, bt.table, rules)
            except BridgekitError as e:
                rec.note = render_message(Message("no par: {why}", why=e), ascii, lang)
                if on_problem is not None:
                    on_problem(board, Message("no par: {why}", why=e))
        records.append(rec)
        by_label.setdefault(label, []).append(rec)
    main_title, subtitle = _title_block(head, lang)
    return HandRecord(title if title is not None else main_title, subtitle, records, opts, lang)


def _completed(deal: Deal) -> Deal:
    """A deal with its single missing hand filled in (the diagram shows it)."""
    done = deal.complete_last_hand()
    return done if done.is_complete else deal


_MONTHS = (N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"), N_("July"),
           N_("August"), N_("September"), N_("October"), N_("November"), N_("December"))


def format_date(value: str, lang: str = "en") -> str:
    """PBN ``2026.11.29`` -> ``29 November 2026`` (``29 novembre 2026``,
    ``1er novembre 2026``); partial dates (``2026.??.??``) as far as known;
    anything else as written."""
    m = re.match(r"^(\d{4}|\?{4})\.(\d{2}|\?{2})\.(\d{2}|\?{2})$", value.strip())
    if m is None:
        return value.strip()
    year, month, day = m.groups()
    if "?" in year:
        return ""
    if "?" in month or not 1 <= int(month) <= 12:
        return year
    name = _(lang, _MONTHS[int(month) - 1])
    if "?" in day:
        return f"{name} {year}"
    if int(day) == 1:   # le 1er novembre
        return _(lang, "1 {month} {year}", month=name, year=year)
    return f"{int(day)} {name} {year}"


#: The Event ``bridgekit deal`` writes without ``--event``: a placeholder, no title.
_PLACEHOLDER_EVENTS = frozenset({"", "?", "bridgekit deal"})
_SEED = re.compile(r"^bridgekit deal --seed (.+)$")


def _title_block(board: Board | None, lang: str = "en") -> tuple[str, str]:
    """The title (the Event, else "Hand record") and the subtitle (Site and
    Date; for boards ``bridgekit deal`` dealt without them, the seed)."""
    if board is None:
        return _(lang, "Hand record"), ""
    event = (board.get("Event") or "").strip()
    parts = [(board.get("Site") or "").strip(), format_date(board.get("Date") or "", lang)]
    parts = [p for p in parts if p and p != "?"]
    seed = _SEED.match((board.get("Generator") or "").strip())
    if not parts and seed is not None:
        parts = [_(lang, "Boards dealt by bridgekit, seed {seed}", seed=seed.group(1))]
    return (event if event not in _PLACEHOLDER_EVENTS else _(lang, "Hand record")), " \u00b7 ".join(parts)


# -- from boards ---------------------------------------------------------------------

def recorded_policy(trust_tags: bool) -> str:
    """What a hand record does with a DoubleDummyTricks tag another program
    wrote: solve the deal again (``solve``, as ``par`` does), or with
    ``trust_tags`` take the table as recorded (``show``).  Tags bridgekit
    wrote for the very deal are used either way."""
    return "show" if trust_tags else "solve"


def hand_record_tables(boards: Iterable[Board], *, trust_tags: bool = False, force: bool = False,
                       progress: Callable[[int, int], None] | None = None,
                       solver: Any = None) -> Iterator[BoardTable]:
    """Every board with its DD table for a hand record (see
    ``recorded_policy``), from ``solver`` (``bridgekit.analysis.solving``:
    this machine or a Dask cluster, through the deal cache) or DDS here."""
    if solver is not None:
        return solver.solve_boards(boards, force=force, progress=progress, recorded=recorded_policy(trust_tags))
    return _solved_here(boards, force, progress, recorded_policy(trust_tags))


def _solved_here(boards: Iterable[Board], force: bool, progress: Callable[[int, int], None] | None,
                 recorded: str) -> Iterator[BoardTable]:
    from ..analysis.solving import open_solver
    with open_solver(use_cache=False) as solver:
        yield from solver.solve_boards(boards, force=force, progress=progress, recorded=recorded)


def hand_record(boards: Iterable[Board], *, rules: Profile | None = None, trust_tags: bool = False,
                force: bool = False, options: Iterable[str] = (), ascii: bool = False,
                title: str | None = None, lang: str = "en") -> HandRecord:
    """The hand record of ``boards``, solving what needs solving here (the
    command line goes through ``build_hand_record`` with its own solver
    stream and progress bar)."""
    return build_hand_record(hand_record_tables(boards, trust_tags=trust_tags, force=force),
                             rules=rules, options=options, ascii=ascii, title=title, lang=lang)
