"""Text renderings of deals, auctions, play and results: pure functions that
return strings.

There is no global display state: every function takes ``ascii`` (letters
``S H D C`` instead of suit symbols) and ``colour`` (red hearts and diamonds
with ANSI codes) as parameters; the command line decides them.  Everything
fits in 80 columns.

``render_deal``, ``render_auction`` and ``render_tricks`` work on the model
objects (a :class:`Deal`, a list of :class:`Call` with a dealer or an
:class:`Auction`, a :class:`Play`) as well as on what a file holds (a Board's
``AuctionRecord`` and ``PlayRecord``), so lessons and the ``play`` command
reuse them.
"""

from __future__ import annotations

import itertools
import re
import textwrap
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from .auction import Auction
from .board import AuctionRecord, Board, CallEntry, PlayRecord
from .calls import Call
from .cards import Card, Strain, Suit, PBN_SUIT_ORDER
from .contract import Contract
from .deal import Deal, Hand
from .errors import BridgekitError
from . import notation
from .notation import Message
from .i18n import N_, _, _n
from .play import Play
from .printable import printable, visible_len
from .rules import ABOVE, BELOW, ScoreItem
from .rules.rubber import PadEntry, Rubber
from .seats import Seat, Side, Vul

if TYPE_CHECKING:
    from .analysis.postmortem import PostMortem

WIDTH = 80
_RED, _RESET = notation.RED, notation.RESET
_BBO_SUIT = re.compile(r"!([SHDCshdc])(?![a-z])")
_RED_SUITS = re.compile("[\u2665\u2666]")
#: Auction and trick columns, as printed on score sheets.
COLUMNS = (Seat.W, Seat.N, Seat.E, Seat.S)


# -- small pieces --------------------------------------------------------------


def _wrap(text: str, width: int, *, subsequent_indent: str = "") -> list[str]:
    """``textwrap.wrap`` in linear time: a word longer than a line (a 10 MB
    comment of one token) is cut into line-long pieces first, since textwrap
    cuts it one line at a time, copying the rest each time (quadratic)."""
    room = max(1, width - len(subsequent_indent))
    if len(text) > room and _LONG_WORD.search(text) is not None:
        text = _LONG_WORD.sub(lambda m: " ".join(m[0][i:i + room] for i in range(0, len(m[0]), room)), text)
    return textwrap.wrap(text, width, subsequent_indent=subsequent_indent)


_LONG_WORD = re.compile(r"\S{81,}")


def table_line(cells: Sequence[str], widths: Sequence[int], align: Sequence[str]) -> str:
    """One line of a table: cells two spaces apart, each padded to its
    column's width (screen columns: colour codes take none) on the left or
    the right as ``align`` says, no trailing spaces."""
    parts = []
    for text, width, side in zip(cells, widths, align):
        room = " " * max(0, width - visible_len(text))
        parts.append(room + text if side == "right" else text + room)
    return "  ".join(parts).rstrip()


def text_table(rows: Sequence[Sequence[object]], headers: Sequence[str],
               align: Sequence[str] | None = None) -> str:
    """A table held in memory (rankings, a match, a score breakdown, a
    post-mortem, the lessons' tables) as text: a header, a rule of dashes
    under each column, columns two spaces apart, each cell left or right as
    ``align`` says (header included), cells made printable.  The command
    line's streaming writer (``cli/output.py``) prints unbounded row streams
    in the same layout with :func:`table_line`.  No rows, no table: an empty
    string."""
    if not rows:
        return ""
    sides = list(align) if align else ["left"] * len(headers)
    cells = [[printable("" if v is None else str(v)) for v in row] for row in rows]
    widths = [max([visible_len(h)] + [visible_len(row[i]) for row in cells]) for i, h in enumerate(headers)]
    lines = [table_line(headers, widths, sides), "  ".join("-" * w for w in widths)]
    lines += [table_line(row, widths, sides) for row in cells]
    return "\n".join(lines)


def pad(text: str, width: int) -> str:
    """``text`` left-justified to ``width`` screen columns (colour codes ignored)."""
    return text + " " * max(0, width - visible_len(text))


def suit_text(suit: Suit, ascii: bool = False, colour: bool = False, lang: str = "en") -> str:
    """``♠`` (or ``S``, ``P`` in French); hearts and diamonds in red when
    ``colour``: :func:`bridgekit.notation.suit_text` with the diagrams'
    argument order."""
    return notation.suit_text(suit, ascii, lang, colour=colour)


def strain_text(strain: Strain, ascii: bool = False, colour: bool = False, lang: str = "en") -> str:
    return notation.strain_text(strain, ascii, lang, colour=colour)


def card_text(card: Card, ascii: bool = False, colour: bool = False, lang: str = "en") -> str:
    """``♠A`` / ``SA``; ``♥R`` / ``CR`` in French."""
    return notation.card_text(card, ascii, lang, colour=colour)


def call_text(call: Call, ascii: bool = False, colour: bool = False, lang: str = "en") -> str:
    """``1♠``, ``3NT``, ``Pass``, ``X``, ``XX`` (``3SA``, ``Passe`` in French)."""
    return notation.call_text(call, ascii, lang, colour=colour)


def reason_text(reason: str, ascii: bool = False, colour: bool = False, lang: str = "en") -> str:
    """The computer's reason for a call or a card as shown: a
    :class:`~bridgekit.notation.Message` (every reason the bidder and the card
    player give) rendered from its data in the notation and language; plain
    text (a note read back from a file) as written, suits as letters with
    ``ascii``."""
    if isinstance(reason, Message):
        return reason.render(ascii, lang, colour=colour)
    return notation.letters(reason) if ascii else reason


#: The score items' labels (``rules``), each followed by an optional detail in
#: brackets: ``overtricks (2)``, ``trick points (4 odd)``.
ITEM_LABELS = [N_("trick points"), N_("overtricks"), N_("undertricks"), N_("part-score bonus"), N_("game bonus"),
               N_("small slam bonus"), N_("grand slam bonus"), N_("making doubled"), N_("making redoubled"),
               N_("doubled contract made"), N_("redoubled contract made"), N_("rubber bonus"), N_("honours")]


def item_label(item: ScoreItem, lang: str = "en", *, short: bool = False) -> str:
    """A score item's label in ``lang``, from its kind and data: ``overtricks
    (2)``, ``trick points (4 odd)``, ``honours (4 honours, 3+1)``; in French
    ``points de levées (4 plis impairs)``, ``(4 impairs)`` when ``short`` (the
    score pad's two columns fit 80)."""
    if lang == "en":
        return item.item
    if item.count is None:
        return _(lang, item.kind)
    n = item.count
    if item.unit == "odd":
        detail = _n(lang, "{n} odd", "{n} odd", n) if short else _n(lang, "{n} odd trick", "{n} odd tricks", n)
    elif item.unit == "honours":
        detail = _n(lang, "{n} honour", "{n} honours", n)
    elif item.unit == "aces":
        detail = _n(lang, "{n} ace", "{n} aces", n)
    else:
        detail = str(n)
    if item.split is not None:
        detail += f", {item.split[0]}+{item.split[1]}"
    return f"{_(lang, item.kind)} ({detail})"


_VUL_SHORT = {Vul.NONE: N_("None"), Vul.NS: N_("N-S"), Vul.EW: N_("E-W"), Vul.ALL: N_("Both")}


def vul_text(vul: Vul | None, lang: str = "en") -> str:
    return "?" if vul is None else _(lang, _VUL_SHORT[vul])


# -- the hand diagram ------------------------------------------------------------

def render_hand(hand: Hand | None, ascii: bool = False, colour: bool = False, lang: str = "en", *,
                tens: bool = False) -> list[str]:
    """Four lines, spades first: ``♠ AKQ``; ``-``/``—`` for a void; ``?`` lines
    for an unknown hand; tens as ``10`` with ``tens``."""
    lines = []
    for suit in PBN_SUIT_ORDER:
        if hand is None:
            ranks = "?"
        else:
            ranks = notation.ranks_text(hand.ranks(suit), lang, tens=tens) or ("-" if ascii else "\u2014")
        lines.append(f"{suit_text(suit, ascii, colour, lang)} {ranks}")
    return lines


def render_deal(deal: Deal | None, *, board: str | None = None, dealer: Seat | None = None,
                vulnerable: Vul | None = None, names: Mapping[Seat, str] | None = None,
                hidden: Iterable[Seat] = (), ascii: bool = False, colour: bool = False, lang: str = "en",
                show_unknown: bool = True, tens: bool = False) -> str:
    """The hand diagram: North on top, West left, East right, South below, with
    the board, dealer and vulnerability in the top-left corner (``?`` when
    unknown, or nothing without ``show_unknown``).  ``hidden``
    seats are left blank (a player's view); unknown hands show ``?``; tens as
    ``10`` with ``tens``."""
    hidden_set = set(hidden)
    names = names or {}
    col = {Seat.W: 0, Seat.N: 24, Seat.S: 24, Seat.E: 48}
    width = 24

    def block(seat: Seat) -> list[str]:
        who = notation.seat_name(seat, lang)
        name = names.get(seat)
        if name:
            who = f"{who} {_shorten(printable(name), width - len(who) - 2, ascii)}"
        if seat in hidden_set:
            return [who, "", "", "", ""]
        hand = deal[seat] if deal is not None else None
        return [who] + render_hand(hand, ascii, colour, lang, tens=tens)

    corner = []
    if board is not None:
        corner.append(_(lang, "Board {board}", board=board))
    if dealer is not None or show_unknown:
        corner.append(_(lang, "Dealer {seat}", seat=notation.seat_name(dealer, lang) if dealer is not None else "?"))
    if vulnerable is not None or show_unknown:
        corner.append(_(lang, "Vul {vul}", vul=vul_text(vulnerable, lang)))
    rows: list[str] = []
    north = block(Seat.N)
    for i in range(5):
        left = corner[i][:col[Seat.N] - 1] if i < len(corner) else ""  # a long board label is cut
        rows.append(pad(left, col[Seat.N]) + north[i])
    west, east = block(Seat.W), block(Seat.E)
    for i in range(5):
        rows.append(pad(west[i], col[Seat.E]) + east[i])
    south = block(Seat.S)
    for i in range(5):
        rows.append(" " * col[Seat.S] + south[i])
    return "\n".join(r.rstrip() for r in rows)


def _shorten(text: str, width: int, ascii: bool = False) -> str:
    width = max(width, 6)
    text = text.strip()
    if len(text) + 2 <= width:
        return f"({text})"
    more = "..." if ascii else "\u2026"
    return f"({text[:width - 2 - len(more)]}{more})"


# -- the auction -------------------------------------------------------------------

def auction_cells(auction: Auction | AuctionRecord | Sequence[Call | CallEntry], dealer: Seat | None = None, *,
                  notes: Mapping[int, str] | None = None, ascii: bool = False,
                  colour: bool = False, lang: str = "en") -> tuple[list[str], list[str]]:
    """The auction as cells in West North East South order (``-`` before the
    dealer's column; note references as ``(n)`` after the call; ``All pass``
    and ``...`` markers as the record has them) and the notes as ``(n) text``.

    ``auction`` is an :class:`Auction`, a board's :class:`AuctionRecord`, or a
    sequence of calls (``dealer`` required).  Raises ValueError when ``dealer``
    is needed and missing.
    """
    entries: list[Call | CallEntry]
    all_pass = False
    incomplete = False
    if isinstance(auction, Auction):
        first = auction.dealer
        entries = list(auction.calls)
    elif isinstance(auction, AuctionRecord):
        first = auction.first
        entries = list(auction.calls)
        notes = auction.notes if notes is None else notes
        incomplete = auction.incomplete_marker
        engine = Auction(first)
        for recorded in auction.calls:
            engine.push_irregular(recorded.call)
        all_pass = auction.complete_marker and not engine.is_complete()
    else:
        if dealer is None:
            raise ValueError(Message('render_auction needs the dealer for a plain list of calls'))
        first = dealer
        entries = list(auction)
    cells: list[str] = ["-"] * COLUMNS.index(first)
    for e in entries:
        call = e.call if isinstance(e, CallEntry) else e
        text = call_text(call, ascii, colour, lang)
        if isinstance(e, CallEntry):
            if e.suffix:
                text += e.suffix
            if e.note is not None:
                text += f"({e.note})"
        cells.append(text)
    if all_pass:
        cells.append(_(lang, "All pass"))
    if incomplete:
        cells.append("...")
    # BBO writes suits in explanations as !S !H !D !C
    note_lines = [f"({number}) " + _BBO_SUIT.sub(lambda m: suit_text(Suit[m.group(1).upper()], ascii, False),
                                                 printable(text.strip()))
                  for number, text in sorted((notes or {}).items())]
    return cells, note_lines


def render_auction(auction: Auction | AuctionRecord | Sequence[Call | CallEntry], dealer: Seat | None = None, *,
                   notes: Mapping[int, str] | None = None, ascii: bool = False, colour: bool = False,
                   lang: str = "en") -> str:
    """The auction in West North East South columns starting at the dealer's
    column (cells before it are ``-``), note references as ``(n)`` after the
    call and the notes listed below, wrapped to 80 columns.

    ``auction`` is an :class:`Auction`, a board's :class:`AuctionRecord`, or a
    sequence of calls (``dealer`` required).  Raises ValueError when ``dealer``
    is needed and missing.
    """
    cells, note_lines = auction_cells(auction, dealer, notes=notes, ascii=ascii, colour=colour, lang=lang)
    cell = 9
    header = "".join(pad(notation.seat_name(s, lang), cell) for s in COLUMNS).rstrip()
    lines = [header]
    for i in range(0, len(cells), 4):
        lines.append("".join(pad(c, cell) for c in cells[i:i + 4]).rstrip())
    unread = auction.unread if isinstance(auction, AuctionRecord) else []
    if all(c in ("-", "...") for c in cells) and not unread:
        lines.append(_(lang, "(no calls)"))
    for text in unread:  # what the file has where calls were expected (prose), as written
        lines.extend(_wrap(printable(text), WIDTH) or [""])
    for text in note_lines:
        number, _sep, rest = text.partition(" ")
        wrapped = _wrap(f"{number} {rest}", WIDTH - 2, subsequent_indent="    ") or [number]
        if colour:
            wrapped = [_RED_SUITS.sub(lambda m: f"{_RED}{m.group(0)}{_RESET}", w) for w in wrapped]
        lines.extend(wrapped)
    return "\n".join(lines)


# -- the play ------------------------------------------------------------------------

def render_tricks(play: Play | PlayRecord, contract: Contract | None = None, *, ascii: bool = False,
                  colour: bool = False, lang: str = "en", tens: bool = False) -> str:
    """The play trick by trick in West North East South columns: ``Lead`` is
    the seat on lead, the winning card is marked ``*`` and ``Won`` names the
    winner, with the running trick count (declarer's side first when known).

    ``play`` is a :class:`Play` (the engine) or a board's :class:`PlayRecord`
    (then ``contract`` gives the trump suit; without it leaders and winners
    after the first trick cannot be known and are shown as ``?``).
    """
    rows: list[tuple[int, Seat | None, dict[Seat, Card], Seat | None]] = []
    if isinstance(play, Play):
        for n, trick in enumerate(play.tricks(), start=1):
            cards = {trick.seat_of(i): c for i, c in enumerate(trick.cards)}
            rows.append((n, trick.leader, cards, trick.winner))
    else:
        for t in play.recorded_tricks(contract):
            cards = {s: e.card for s, e in t.cards.items() if e.card is not None}
            rows.append((t.number, t.leader, cards, t.winner))
    cell = 6
    header = (pad(_(lang, "Trick"), 7) + pad(_(lang, "Lead"), 6)
              + "".join(pad(notation.seat_name(s, lang)[:5], cell) for s in COLUMNS) + pad(_(lang, "Won"), 5)
              + "  ".join(notation.side_pair(side, lang) for side in (Side.NS, Side.EW)))
    lines = [header]
    won = {"NS": 0, "EW": 0}
    for number, leader, cards, winner in rows:
        cols = []
        for seat in COLUMNS:
            card = cards.get(seat)
            text = notation.card_text(card, ascii, lang, colour=colour, tens=tens) if card is not None else ""
            if card is not None and winner is seat:
                text += "*"
            cols.append(pad(text, cell))
        if winner is not None:
            won[winner.side.value] += 1
        tally = f"{won['NS']:>2}  {won['EW']:>2}" if winner is not None else ""
        lines.append(f"{number:>5}  {pad(notation.seat_letter(leader, lang) if leader is not None else '?', 6)}"
                     + "".join(cols) + pad(notation.seat_letter(winner, lang) if winner is not None else "", 5)
                     + tally)
    if not rows:
        lines.append(_(lang, "(no cards played)"))
    return "\n".join(line.rstrip() for line in lines)


# -- contract, result, score ----------------------------------------------------------

def render_result(board: Board, *, ascii: bool = False, colour: bool = False, lang: str = "en") -> str:
    """Contract, declarer, tricks and score as the file records them
    (``Contract 4♥ by South, 10 tricks (made)``), in ``lang``."""
    contract = board.contract
    parts: list[str] = []
    if contract is None:
        raw = board.get("Contract")
        parts.append(_(lang, "Contract ?") if raw is None else _(lang, "Contract {text} (unreadable)", text=raw))
    elif contract.is_passed_out:
        parts.append(_(lang, "Passed out"))
    else:
        decl = board.declarer
        shown = notation.contract_text(contract, ascii, lang, colour=colour)
        parts.append(_(lang, "Contract {contract} by {seat}", contract=shown, seat=notation.seat_name(decl, lang))
                     if decl is not None else _(lang, "Contract {contract}", contract=shown))
        tricks = board.result
        if tricks is not None:
            how = notation.verdict_text(tricks - contract.tricks_needed, lang=lang)
            parts.append(_n(lang, "{n} trick ({verdict})", "{n} tricks ({verdict})", tricks, verdict=how))
        elif board.get("Result") is not None:
            parts.append(_(lang, "result {text} (unreadable)", text=board.get("Result")))
    score = board.get("Score")
    if score is not None:
        parts.append(_(lang, "score {text}", text=score))
    return ", ".join(parts)


def render_board(board: Board, *, ascii: bool = False, colour: bool = False, lang: str = "en") -> str:
    """Everything ``bridgekit show`` prints for one board: a title line, the hand
    diagram, the auction, the play and the result.

    Text from the file (tag values, names, notes, comments, problems) has its
    control characters shown as escapes (:func:`bridgekit.printable.printable`)
    before the colours are added: a file cannot send the terminal a sequence."""
    title = []
    label = None if board.label is None else printable(board.label)
    title.append(_(lang, "Board {board}", board=label if label is not None else "?"))
    room = board.room
    if room:
        title.append(_(lang, "{room} room", room=printable(room)))
    event = board.get("Event")
    if event:
        title.append(printable(event))
    where = printable(board.file or "")
    head = " | ".join(title)
    if where:
        loc = f"{where}" + (f":{board.line}" if board.line is not None else "")
        head = f"{head}  [{loc}]"
    sections = ["\n".join(_wrap(head, WIDTH) or [head])]
    sections.append(_commentary(board.comments))  # what the file says before the board's tags
    names = {s: n for s in Seat if (n := board.get(s.full_name))}
    sections.append(render_deal(board.deal, board=label, dealer=board.dealer, vulnerable=board.vulnerable,
                                names=names, ascii=ascii, colour=colour, lang=lang))
    sections.append(_commentary([c for tag in board.tags.values() if tag.name not in ("Auction", "Play")
                                 for c in tag.comments]))
    sections.append(_recorded_analysis(board, lang))
    if board.auction is not None:
        sections.append(render_auction(board.auction, ascii=ascii, colour=colour, lang=lang))
        said = itertools.chain(board.auction.comments, (
            _(lang, "after {call} (call {n}): {text}", call=call_text(e.call, ascii, False, lang), n=i + 1, text=c)
            for i, e in enumerate(board.auction.calls) for c in e.comments))
        sections.append(_commentary(said))
    if board.play is not None and board.play.tricks:
        sections.append(render_tricks(board.play, board.contract, ascii=ascii, colour=colour, lang=lang))
        said = itertools.chain(board.play.comments, (
            _(lang, "trick {n}, {card}: {text}", n=n + 1, card="-" if e.card is None else
              notation.card_text(e.card, ascii, lang), text=c)
            for n, row in enumerate(board.play.tricks) for e in row if e is not None for c in e.comments))
        sections.append(_commentary(said))
    sections.append(render_result(board, ascii=ascii, colour=colour, lang=lang))
    if board.problems:
        lines: list[str] = []
        for p in board.problems:
            kind = _(lang, "warning") if p.severity == "warning" else _(lang, "error")
            lines.extend(_wrap(_(lang, "{kind}: {code}: {message}", kind=kind, code=p.code,
                                 message=notation.render_message(p.message, ascii, lang)), WIDTH,
                               subsequent_indent="  "))
        sections.append("\n".join(lines))
    # what the file said and was not made printable above (a raw Contract or
    # Score value, a problem quoting the file): escaped here; the colour codes
    # are bridgekit's own
    return printable("\n\n".join(s for s in sections if s), colour=colour)


def _commentary(comments: Iterable[str]) -> str:
    """Commentary from ``{ }`` (vugraph commentary, a lesson's text), wrapped to
    the width, each where the file said it.  The comments come one at a time
    (a game of half a million comments is not copied into a list first)."""
    lines: list[str] = []
    for text in comments:
        for para in printable(text).replace("\\n", "\n").splitlines():
            if para.strip():
                lines.extend(_wrap(para.strip(), WIDTH) or [""])
    return "\n".join(lines)


def _recorded_analysis(board: Board, lang: str = "en") -> str:
    """What the file records of double dummy and par (another program's
    figures, shown as written): OptimumScore, ParContract and the
    OptimumResultTable as a grid of tricks by declarer and strain."""
    lines = []
    score, contracts = board.get("OptimumScore"), board.get("ParContract")
    if score or contracts:
        lines.append(_(lang, "Par (recorded): {text}", text="; ".join(v for v in (score, contracts) if v)))
    table = board.tables.get("OptimumResultTable")
    if table is not None and table.rows:
        grid: dict[str, dict[str, str]] = {}
        for rec in table.records():
            seat, strain, tricks = rec.get("Declarer", ""), rec.get("Denomination", ""), rec.get("Result", "")
            grid.setdefault(seat.upper(), {})[strain.upper().replace("NT", "N")] = tricks
        strains = ["C", "D", "H", "S", "N"]
        label = _(lang, "Double dummy (recorded):")
        lines.append(label + " " + " ".join(f"{s if s != 'N' else 'NT':>3}" for s in strains))
        for seat in ("N", "S", "E", "W"):   # the tricks under their strains, whatever the label's length
            if seat in grid:
                lines.append(" " * (len(label) - 1) + f"{seat} "
                             + " ".join(f"{grid[seat].get(s, '?'):>3}" for s in strains)[1:])
    return "\n".join(lines)


# -- the rubber score pad ------------------------------------------------------

def render_pad(rubber: Rubber, ascii: bool = False, lang: str = "en") -> str:
    """The score pad as players keep it: WE (N/S) and THEY (E/W) columns,
    premiums above the line (the latest highest), the line, trick points below
    in order with a line drawn under each game, then totals and the outcome."""
    L = lang

    def label(e: PadEntry) -> str:
        return item_label(e.source, L, short=True) if e.source is not None else e.item

    width = max([len(f"(d{e.deal}) {label(e)} {e.points}") for e in rubber.entries]
                + [len(_(L, "total {points}", points=99999)), 12])
    bar = "|" if ascii else "\u2502"
    rule = "=" if ascii else "\u2550"
    thin = "-" if ascii else "\u2500"

    def row(ns: str, ew: str) -> str:
        return f"{ns:>{width}} {bar} {ew:<{width}}".rstrip()

    def cell(e: PadEntry) -> str:
        return f"{e.points} {label(e)} (d{e.deal})"

    def cell_left(e: PadEntry) -> str:
        return f"(d{e.deal}) {label(e)} {e.points}"

    we, they = _(L, "WE"), _(L, "THEY")
    lines: list[str] = []
    lines.append(_(L, "Rubber {n} ({profile}, finished)", n=rubber.number, profile=rubber.profile) if rubber.finished
                 else _(L, "Rubber {n} ({profile}, unfinished)", n=rubber.number, profile=rubber.profile))
    lines.append(row(f"{we} ({notation.side_text(Side.NS, L)})", f"{they} ({notation.side_text(Side.EW, L)})"))
    above = [e for e in rubber.entries if e.line == ABOVE]
    ns_above = [e for e in above if e.side is Side.NS][::-1]
    ew_above = [e for e in above if e.side is Side.EW][::-1]
    for i in range(max(len(ns_above), len(ew_above))):
        lines.append(row(cell_left(ns_above[i]) if i < len(ns_above) else "",
                         cell(ew_above[i]) if i < len(ew_above) else ""))
    lines.append(rule * width + rule + ("+" if ascii else "\u256a") + rule + rule * width)
    games = max([e.game for e in rubber.entries], default=0)
    for g in range(1, games + 1):
        below = [e for e in rubber.entries if e.line == BELOW and e.game == g]
        ns_b = [e for e in below if e.side is Side.NS]
        ew_b = [e for e in below if e.side is Side.EW]
        for i in range(max(len(ns_b), len(ew_b))):
            lines.append(row(cell_left(ns_b[i]) if i < len(ns_b) else "",
                             cell(ew_b[i]) if i < len(ew_b) else ""))
        if g <= len(rubber.games):
            who = we if rubber.games[g - 1] is Side.NS else they
            lines.append(f" {_(L, 'game {n}: {who}', n=g, who=who)} ".center(2 * width + 3, thin))
    lines.append(row(_(L, "total {points}", points=rubber.total(Side.NS)),
                     _(L, "{points} total", points=rubber.total(Side.EW))))
    winner = rubber.winner
    games_txt = _(L, "games {we} {ns}, {they} {ew}", we=we, they=they, ns=rubber.games_won(Side.NS),
                  ew=rubber.games_won(Side.EW))
    if winner is None:
        outcome = _(L, "a draw") if rubber.finished else _(L, "level")
    else:
        who = f"{we} ({notation.side_text(Side.NS, L)})" if winner is Side.NS else \
            f"{they} ({notation.side_text(Side.EW, L)})"
        outcome = (_(L, "{who} win by {n}", who=who, n=rubber.margin) if rubber.finished else
                   _(L, "{who} lead by {n}", who=who, n=rubber.margin))
    lines.append(_(L, "{games}; {outcome}", games=games_txt, outcome=outcome))
    if not rubber.finished:
        lines[-1] += _(L, " (rubber unfinished)")
    for d in rubber.deals:
        for n in d.notes:
            where = _(L, "deal {n} (board {label})", n=d.deal, label=d.label) if d.label else \
                _(L, "deal {n}", n=d.deal)
            lines.append("  " + _(L, "{where}: {note}", where=where, note=notation.render_message(n, ascii, L)))
    return printable("\n".join(lines))


# -- a team match -----------------------------------------------------------------

def _signed(value: int | None) -> str:
    return "-" if value is None else f"{value:+d}" if value else "0"


def _room_played(r: Any, ascii: bool, lang: str) -> str:
    """What one room played (an ``EventResult``): ``4♠X W 10``, ``passed out``, ``-``."""
    return notation.played_text(r.contract, r.declarer, r.tricks, ascii, lang, passed_out=N_("passed out"))


def _imps_for(n: int | None, a: str, b: str) -> str:
    if n is None:
        return "-"
    if n == 0:
        return "0"
    team = a if n > 0 else b
    return f"{abs(n)} {team if len(team) <= 12 else team[:11] + '~'}"   # the table in 80 columns


def render_match(match: Any, ascii: bool = False, lang: str = "en") -> str:
    """A team match (``bridgekit.event.Match``) as ``bridgekit match`` and
    the lessons show it: each board's contract and N/S score in both rooms,
    the difference, the IMPs and to whom, the running total; then the result."""
    a, b = match.team_a, match.team_b
    if not match.boards:
        return printable(_(lang, "{team_a} v {team_b}: no board played at both tables", team_a=a, team_b=b))
    ns = notation.side_text(Side.NS, lang)
    text = text_table([[mb.number, _room_played(mb.open, ascii, lang), _signed(mb.open_ns),
                        _room_played(mb.closed, ascii, lang), _signed(mb.closed_ns), _signed(mb.diff),
                        _imps_for(mb.imps, a, b), _signed(mb.running)] for mb in match.boards],
                      [_(lang, "board"), _(lang, "open room"), ns, _(lang, "closed room"), ns, _(lang, "diff"),
                       _(lang, "IMPs"), _(lang, "running")],
                      ["left", "left", "right", "left", "right", "right", "left", "right"])
    total = match.total_imps
    result = _(lang, "a draw") if match.winner == "draw" else \
        _n(lang, "{team} wins by {n} IMP", "{team} wins by {n} IMPs", abs(total), team=match.winner)
    line = _(lang, "{team_a} (N/S in the open room) {imps_a}, {team_b} {imps_b}: {result}", team_a=a, team_b=b,
             imps_a=_n(lang, "{n} IMP", "{n} IMPs", match.imps_a), imps_b=_n(lang, "{n} IMP", "{n} IMPs", match.imps_b),
             result=result)
    return text + "\n" + printable(textwrap.fill(line, WIDTH))


# -- analyse ---------------------------------------------------------------------

def render_postmortem(pm: "PostMortem", ascii: bool = False, lang: str = "en") -> str:
    """``bridgekit analyse``'s text for one board: the contract and the
    double-dummy totals, what each side threw away, a table of the tricks
    with each mistake (its cost and the best cards), each player's first
    mistake."""
    L = lang
    try:
        contract = notation.contract_text(Contract.parse(pm.contract), ascii, L)
    except BridgekitError:
        contract = pm.contract
    who = notation.seat_name(pm.declarer, L)
    name = _(L, "Board {board} ({room} room)", board=pm.board or "?", room=pm.room) if pm.room else \
        _(L, "Board {board}", board=pm.board or "?")
    n = len(pm.verdicts)
    if n == 52:
        when = _(L, "at the end")
    elif n % 4 == 0:
        when = _(L, "after trick {n} (the last recorded)", n=n // 4)
    else:
        when = _(L, "after card {card} of trick {n} (the last recorded)", card=n % 4, n=n // 4 + 1)
    head = _(L, "{name}: {contract} by {declarer}. Double dummy {start} tricks for declarer's side at the start, "
                "{end} {when}", name=name, contract=contract, declarer=who, start=pm.start, end=pm.end, when=when)
    head += _(L, "; recorded result {n}.", n=pm.recorded) if pm.recorded is not None else "."
    lines = textwrap.wrap(head, 80)
    if n < 52 and pm.recorded is not None and pm.recorded != pm.end:
        lines += textwrap.wrap(_n(L, "The play stops with a claim or concession of {n} trick for declarer's side; "
                                     "double dummy gives {end} from there.",
                                  "The play stops with a claim or concession of {n} tricks for declarer's side; "
                                  "double dummy gives {end} from there.", pm.recorded, end=pm.end), 80)
    lines.append(_(L, "Declarer's side threw away {declarer}, the defence {defence}.",
                   declarer=_n(L, "{n} trick", "{n} tricks", pm.declarer_cost),
                   defence=_n(L, "{n} trick", "{n} tricks", pm.defence_cost)))

    def card(c: Card) -> str:
        return notation.card_text(c, ascii, L)
    rows = []
    for t in range(0, len(pm.verdicts), 4):
        trick = pm.verdicts[t:t + 4]
        cards = "  ".join(f"{notation.seat_letter(v.seat, L)} {card(v.card)}" + ("?" if v.cost else "")
                          for v in trick)
        mistakes = [_(L, "{seat} {card} cost {n} (best {best})", seat=notation.seat_letter(v.seat, L),
                      card=card(v.card), n=v.cost, best=" ".join(card(c) for c in v.best))
                    for v in trick if v.cost]
        rows.append([trick[0].trick, cards, trick[-1].after, mistakes[0] if mistakes else ""])
        rows.extend(["", "", "", m] for m in mistakes[1:])   # one mistake a line: 80 columns
    lines.append("")
    lines.append(text_table(rows, [_(L, "trick"), _(L, "cards (in order played)"), _(L, "DD"), _(L, "mistakes")],
                            ["right", "left", "right", "left"]))
    firsts = pm.first_mistakes()
    parts = []
    for seat in Seat:
        v = firsts[seat]
        parts.append(_(L, "{seat}: {first}", seat=notation.seat_letter(seat, L),
                       first=_(L, "none") if v is None else
                       _(L, "trick {n}, {card} (cost {cost})", n=v.trick, card=card(v.card), cost=v.cost)))
    lines.append("")
    lines.append(Message("First mistakes: {parts:;}", parts=parts).render(ascii, L))
    return printable("\n".join(lines))
