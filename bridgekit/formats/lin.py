"""BBO's LIN format (read only), converted to the same :class:`~bridgekit.board.Board`
records as PBN.

A LIN file is a flat run of ``key|value|`` pairs.  Single-table files (BBO hand
records) hold ``pn`` (players), ``md`` (dealer digit and hands), ``ah`` (board
label), ``sv`` (vulnerability), ``mb`` (calls, ``!`` for an alert) with ``an``
(alert text), ``pc`` (cards in the order played) and ``mc`` (a claim: declarer's
total tricks).  Vugraph archives add ``vg`` (event, segment, scoring, boards,
teams), ``rs`` (one result per board and room), eight names in ``pn`` (open room
then closed room, each S W N E), ``qx`` (``o12``/``c12``: room and board
number) and ``nt`` (commentary, kept as comments).  ``pg``, ``st`` and ``rh``
are display commands and are skipped.

The reader is tolerant: a bad token or a bad board is recorded as a problem on
the board (with its line) and reading goes on.  Only input that cannot be read
at all (empty, binary, no LIN pairs) raises :class:`FileFormatError`.
"""

from __future__ import annotations

import itertools
import os
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Protocol, Union

from ..auction import Auction
from ..board import (MAX_PROBLEMS, AuctionRecord, Board, CallEntry, CardEntry, PlayRecord, ProblemLog, Tag,
                     quote)
from ..calls import Call
from ..cards import ALL_CARDS, Card, Strain
from ..contract import Contract, Doubling
from ..deal import Deal, Hand
from ..errors import BridgekitError, FileFormatError, IllegalCallError, ParseError
from .text import Source, line_blocks
from ..play import trick_winner
from ..seats import Seat, Vul, dealer_for_board
from ..notation import Message



class _ProblemSink(Protocol):
    """Records a problem of the board being read (code, message, line, severity)."""

    def __call__(self, code: str, message: str, line: int | None, severity: str = ...) -> None: ...


#: Sets a tag of the board being read (name, value, line).
_TagSink = Callable[[str, str, Union[int, None]], None]


#: ``md`` dealer digit -> seat.
LIN_DEALERS = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
#: Seats in the order LIN lists hands and names.
LIN_SEAT_ORDER = (Seat.S, Seat.W, Seat.N, Seat.E)
#: ``sv`` value -> vulnerability.
LIN_VUL = {"o": Vul.NONE, "0": Vul.NONE, "-": Vul.NONE, "": Vul.NONE,
           "n": Vul.NS, "e": Vul.EW, "b": Vul.ALL}
#: ``vg`` scoring letter -> PBN ``Scoring`` value.
LIN_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}

# Keys that carry nothing for the board record (display and header commands).
# ``sa`` (BridgeComposer and bridge-wrangler: whether to show the auction) is one of them.
_SKIPPED = {"pg", "st", "rh", "sk", "hs", "at", "lb", "ha", "pf", "cr", "up", "bt", "tl", "sa"}
_KEY_RE = re.compile(r"^[A-Za-z]{2}$")
_RS_RE = re.compile(r"^([1-7])([CDHSN])([NESW])(X{0,2})([=+-]\d{0,2})?$", re.IGNORECASE)
_SUIT_ALIAS_RE = re.compile(r"[!@]([SHDCshdc])")
#: Calls, cards and nt| comments kept per board (no auction or play has more).
MAX_ENTRIES = 10_000
#: Characters of alert text kept per call.
_MAX_ALERT = 2_000


def read_lin(source: Source, name: str | None = None) -> Iterator[Board]:
    """Read the boards of a LIN file, one :class:`Board` per ``md`` record.

    ``source`` is LIN text (``str``), raw ``bytes``, a path (``os.PathLike``) or
    an open text or binary file.  ``name`` names the file in problems and errors.
    Bytes are decoded as every text format's are (``formats.text``).

    The file is read in blocks and its boards are yielded as they end: memory
    does not grow with the file.  Raises FileFormatError when the input cannot
    be read, is empty, binary, or holds no ``key|value|`` pairs (at once when
    its first two blocks tell, else when the end is reached); every other
    problem is recorded on the board it belongs to (``board.problems``).
    """
    if name is None and isinstance(source, os.PathLike):
        name = os.fspath(source)
    elif name is None and not isinstance(source, (str, bytes, bytearray)):
        found = getattr(source, "name", None)
        name = found if isinstance(found, str) else None
    chunks = (chunk for chunk in _chunks(source, name) if chunk)
    head = list(itertools.islice(chunks, 2))
    if len(head) < 2:  # the whole input is read: the checks of a whole file
        why = lin_text_problems("".join(head))
        if why is not None:
            raise FileFormatError(why, name)
    return _Reader(name).boards(_tokenize(itertools.chain(head, chunks)))


def lin_text_problems(text: str) -> Message | None:
    """Why ``text`` cannot be a LIN file (None when it might be)."""
    if not text.strip():
        return Message("empty file")
    if "\x00" in text:
        return Message("binary file (NUL bytes)")
    if not re.search(r"(^|\|)\s*[A-Za-z]{2}\|", text):
        return Message("not a LIN file (no key|value| pairs)")
    return None


# -- input -----------------------------------------------------------------

def _chunks(source: Source, name: str | None) -> Iterator[str]:
    """The text of ``source`` in blocks of about a megabyte (the first one
    read when the generator is first advanced): LIN text as it is; bytes, a
    path or a stream through the text formats' one decoder (``formats.text``,
    as PBN), whole lines at a time."""
    if isinstance(source, str):
        if "\x00" in source:
            raise FileFormatError(Message('not a text file (binary data: NUL bytes)'), name)
        yield source[1:] if source.startswith("\ufeff") else source
        return
    if isinstance(source, os.PathLike):
        source = os.fspath(source)
        name = name or source
    for lines in line_blocks(source, name):
        yield "\n".join(lines) + "\n"


@dataclass(slots=True)
class _Token:
    key: str
    value: str
    line: int


def _tokenize(chunks: Iterable[str]) -> Iterator[_Token]:
    """Split ``key|value|`` pairs, with the line each key starts on.  A key that
    is not two letters is kept (the reader reports it on its board).  Text is
    taken in chunks; a pair cut by a chunk's end waits for the next ones."""
    pending: list[str] = []  # text of an unfinished pair
    bars = 0  # '|' in pending (0 or 1)
    line = 1  # line where pending starts
    for chunk in chunks:
        if not chunk:
            continue
        if bars + min(2, chunk.count("|")) < 2:
            pending.append(chunk)
            bars += chunk.count("|")
            continue
        text = "".join(pending) + chunk if pending else chunk
        pos = 0
        while True:
            bar = text.find("|", pos)
            end = text.find("|", bar + 1) if bar >= 0 else -1
            if end < 0:
                break
            raw_key = text[pos:bar]
            stripped = raw_key.lstrip()
            line += raw_key.count("\n", 0, len(raw_key) - len(stripped))
            key_line = line
            line += stripped.count("\n")
            value = text[bar + 1:end]
            line += value.count("\n")
            yield _Token(stripped.strip(), value, key_line)
            pos = end + 1
        rest = text[pos:]
        pending = [rest] if rest else []
        bars = rest.count("|")
    rest = "".join(pending)
    if rest.strip():
        line += rest.count("\n", 0, len(rest) - len(rest.lstrip()))
        yield _Token("", rest.strip(), line)  # truncated: an unclosed pair


# -- the reader --------------------------------------------------------------

@dataclass
class _Pending:
    """A board being assembled from its tokens."""

    line: int
    room: str | None = None
    number: str | None = None
    number_line: int | None = None
    label: str | None = None
    label_line: int | None = None
    names: list[str] | None = None
    names_line: int | None = None
    md: str | None = None
    md_line: int | None = None
    sv: str | None = None
    sv_line: int | None = None
    calls: list[CallEntry] = field(default_factory=list)
    cards: list[CardEntry] = field(default_factory=list)
    claim: str | None = None
    claim_line: int | None = None
    comments: list[str] = field(default_factory=list)
    auction_comments: list[str] = field(default_factory=list)
    problems: list[tuple[str, str, int, str]] = field(default_factory=list)
    dropped: int = 0  # problems over MAX_PROBLEMS, only counted
    extra_calls: int = 0  # calls over MAX_ENTRIES, only counted
    extra_cards: int = 0
    comment_count: int = 0
    #: where each unreadable ``mb`` / ``pc`` stood: the number of calls / cards
    #: read before it, in the order of the lin-bad-call / lin-bad-card problems
    bad_call_at: list[int] = field(default_factory=list)
    bad_card_at: list[int] = field(default_factory=list)

    def note(self, code: str, message: str, line: int, severity: str) -> bool:
        """Record a problem of this board; False when it is only counted."""
        if len(self.problems) >= MAX_PROBLEMS:
            self.dropped += 1
            return False
        self.problems.append((code, message, line, severity))
        return True

    @property
    def started(self) -> bool:
        """The auction or play has begun (a new header token means a new board)."""
        return bool(self.calls or self.cards or self.claim is not None)

    @property
    def empty(self) -> bool:
        return self.md is None and not self.started and self.sv is None and self.label is None


class _Reader:
    def __init__(self, name: str | None) -> None:
        self.name = name
        self.names: list[str] = []        # current pn
        self.vg: list[str] | None = None
        self.rs: list[str] = []
        self.board_index = 0              # boards yielded so far (for numbering)
        self.orphans = _Pending(0)  # problems before any board: given to the first board
        self.seen_pair = False  # a two-letter key was read

    def boards(self, tokens: Iterable[_Token]) -> Iterator[Board]:
        cur: _Pending | None = None
        orphan = self.orphans
        for tok in tokens:
            key = tok.key.lower()
            value = tok.value
            if not _KEY_RE.match(key):
                what = (Message("truncated file: {value} is not a closed key|value| pair", value=quote(value, 30))
                        if key == "" else
                        Message("unexpected text {text} where a two-letter LIN key was expected",
                                text=quote(tok.key, 30)))
                (cur if cur is not None else orphan).note("lin-syntax", what, tok.line, "error")
                continue
            self.seen_pair = True
            if key == "qx":
                if cur is not None and not cur.empty:
                    yield self._finish(cur)
                cur = _Pending(tok.line)
                self._set_qx(cur, value, tok.line)
                continue
            if key in ("md", "ah", "sv") and cur is not None and (
                    cur.started or (key == "md" and cur.md is not None)
                    or (key == "ah" and cur.label is not None) or (key == "sv" and cur.sv is not None)):
                yield self._finish(cur)
                cur = None
            if key == "vg":
                self.vg = [v.strip() for v in value.split(",")]
                continue
            if key == "rs":
                self.rs = [v.strip() for v in value.split(",")]
                continue
            if key == "pn":
                self.names = [v.strip() for v in value.split(",")]
                if cur is not None and not cur.started:
                    cur.names, cur.names_line = self.names, tok.line
                continue
            if key == "nt":
                text = _clean_comment(value)
                if not text:
                    continue
                if cur is None:
                    continue  # commentary between boards: nowhere to keep it
                cur.comment_count += 1
                if cur.comment_count > MAX_ENTRIES:
                    if cur.comment_count == MAX_ENTRIES + 1:
                        cur.note("lin-too-many-comments", Message('more than {MAX_ENTRIES:,} nt| comments on this '
                                                                  'board: the rest are not kept',
                                                                  MAX_ENTRIES=MAX_ENTRIES), tok.line, "warning")
                    continue
                if cur.cards:
                    cur.cards[-1].comments.append(text)
                elif cur.calls:
                    cur.calls[-1].comments.append(text)
                else:
                    cur.comments.append(text)
                continue
            if key in _SKIPPED:
                continue
            if cur is None:
                if key not in ("md", "ah", "sv", "mb", "an", "pc", "mc"):
                    continue  # an unknown key outside any board: nothing to attach it to
                cur = _Pending(tok.line)
            self._token(cur, key, value, tok.line)
        if cur is not None and not cur.empty:
            yield self._finish(cur)
        elif self.board_index == 0 and not self.seen_pair:
            # nothing but garbage: not readable as LIN at all
            if orphan.problems:
                code, message, line, _sev = orphan.problems[0]
                raise FileFormatError(message, self.name, line)
            raise FileFormatError(Message('not a LIN file (no key|value| pairs)'), self.name)

    # -- tokens of one board -------------------------------------------------

    def _set_qx(self, cur: _Pending, value: str, line: int) -> None:
        """``o12`` / ``c12``: room and board; BridgeComposer and bridge-wrangler
        add a label after a comma (``o1,BOARD 1``): the board is still 1."""
        v, _, label = value.strip().partition(",")
        if v[:1].lower() in ("o", "c"):
            cur.room = "Open" if v[0].lower() == "o" else "Closed"
            v = v[1:]
        v = v.strip()
        if not v:  # no number before the comma: the label's number, if it has one
            m = re.search(r"\d+", label)
            v = m.group(0) if m is not None else label.strip()
        if v:
            cur.number, cur.number_line = v, line

    def _token(self, cur: _Pending, key: str, value: str, line: int) -> None:
        if key == "md":
            cur.md, cur.md_line = value.strip(), line
            if cur.names is None and self.names:
                cur.names, cur.names_line = self.names, line
        elif key == "ah":
            cur.label, cur.label_line = value.strip(), line
        elif key == "sv":
            cur.sv, cur.sv_line = value.strip(), line
        elif key == "mb":
            raw = value.strip()
            alerted = raw.endswith("!")
            text = raw.rstrip("!").strip()
            try:
                call = Call.parse(text)
            except BridgekitError:
                if cur.note("lin-bad-call", Message('unreadable call {v1} in mb|{v2}|', v1=quote(raw), v2=raw[:60]),
                            line, "error"):
                    cur.bad_call_at.append(len(cur.calls))
                return
            if len(cur.calls) >= MAX_ENTRIES:
                cur.extra_calls += 1
                return
            entry = CallEntry(call, line=line)
            if alerted:
                entry.alert = ""
            cur.calls.append(entry)
        elif key == "an":
            text = _clean_note(value)
            if not cur.calls:
                cur.note("lin-orphan-alert", Message('alert text {v1} before any call', v1=quote(text)),
                         line, "warning")
                return
            last = cur.calls[-1]
            if last.alert is not None and len(last.alert) > _MAX_ALERT:
                cur.note("lin-long-alert", Message('the alert of call {v1} is over {MAX_ALERT:,} characters: the '
                                                   'rest is not kept', v1=len(cur.calls), MAX_ALERT=_MAX_ALERT),
                         line, "warning")
                return
            last.alert = (last.alert + " " + text).strip() if last.alert else text
        elif key == "pc":
            raw = value.strip()
            try:
                card = Card.parse(raw)
            except BridgekitError:
                if cur.note("lin-bad-card", Message('unreadable card {v1} in pc|{v2}|', v1=quote(raw), v2=raw[:60]),
                            line, "error"):
                    cur.bad_card_at.append(len(cur.cards))
                return
            if len(cur.cards) >= MAX_ENTRIES:
                cur.extra_cards += 1
                return
            cur.cards.append(CardEntry(card, line=line))
        elif key == "mc":
            cur.claim, cur.claim_line = value.strip(), line
        else:
            cur.note("lin-unknown-key", Message('unknown LIN key {key!r} (value {v2}) ignored',
                                                key=key, v2=quote(value.strip(), 30)), line,
                     "warning")

    # -- assembling the board --------------------------------------------------

    def _finish(self, cur: _Pending) -> Board:
        """The board of the tokens read for it: its tags in PBN order, the
        auction, the play, the result and the problems."""
        self.board_index += 1
        board = Board(file=self.name, line=cur.line)

        def tag(name: str, value: str, line: int | None) -> None:
            board.tags[name] = Tag(name, value, line)

        log = ProblemLog(board, board.problems, dropped=cur.dropped)

        def problem(code: str, message: str, line: int | None, severity: str = "error") -> None:
            log.add(code, message, line=line, severity=severity)

        self._event_tags(tag, ("Event", "Stage"), cur.line)
        tag("Board", *self._board_number(cur))
        self._player_tags(cur, tag)
        dealer, deal = self._deal_tags(cur, board, tag, problem)
        self._event_tags(tag, ("Scoring", "HomeTeam", "VisitTeam"), cur.line)
        contract, declarer = None, None
        if cur.calls:
            board.auction, contract, declarer = _auction(cur.calls, dealer if dealer is not None else Seat.N)
        # results from the vugraph rs| list, a fallback when the record stops early
        rs_contract, rs_declarer, rs_tricks = self._rs_result(cur)
        if contract is None and rs_contract is not None:
            contract, declarer = rs_contract, rs_declarer
        elif rs_contract is not None and (rs_contract, rs_declarer) != (contract, declarer):
            problem("lin-result-mismatch", Message("the vugraph results (rs|) give {rs_contract} by {rs_declarer:letter}, "
                                                   "the auction gives {contract} by {declarer:letter}",
                                                   rs_contract=rs_contract, rs_declarer=rs_declarer, contract=contract,
                                                   declarer=declarer),
                    cur.line, "warning")
        if contract is not None:
            tag("Contract", str(contract), board.auction.line if board.auction else cur.line)
            if declarer is not None:
                tag("Declarer", declarer.name, board.auction.line if board.auction else cur.line)
        tricks_taken: int | None = None
        if cur.cards:
            board.play, tricks_taken = self._play(cur, deal, contract, declarer, problem)
        # result: a claim, else a finished play, else the vugraph result
        result = _claimed(cur, problem)
        if result is None and tricks_taken is not None:
            result = tricks_taken
        if result is None and rs_tricks is not None and contract == rs_contract:
            result = rs_tricks
        if result is not None and contract is not None and not contract.is_passed_out:
            tag("Result", str(result), cur.claim_line if cur.claim is not None else cur.line)
        if cur.room is not None:
            tag("Room", cur.room, cur.number_line)
        board.comments = cur.comments
        self._report(cur, board, log)
        return board

    def _event_tags(self, tag: _TagSink, names: tuple[str, ...], line: int | None) -> None:
        """The tags of the vugraph ``vg|`` record among ``names``: Event,
        Stage, Scoring (from its scoring letter), HomeTeam, VisitTeam."""
        vg = self.vg
        if vg is None:
            return
        values = {"Event": vg[0] if vg else "", "Stage": vg[1] if len(vg) > 1 else "",
                  "Scoring": LIN_SCORING.get(vg[2].upper(), "") if len(vg) > 2 else "",
                  "HomeTeam": vg[5] if len(vg) > 5 else "", "VisitTeam": vg[7] if len(vg) > 7 else ""}
        for name in names:
            if values[name]:
                tag(name, values[name], line)

    def _board_number(self, cur: _Pending) -> tuple[str, int | None]:
        """The board's number and its line: from ``qx|``, else the number
        ending the ``ah|`` label (or the label), else the board's place in the file."""
        if cur.number is not None:
            return cur.number, cur.number_line
        if cur.label is not None:
            m = re.search(r"(\d+)\s*$", cur.label)
            return (m.group(1) if m else cur.label), cur.label_line
        return str(self.board_index), cur.line

    def _player_tags(self, cur: _Pending, tag: _TagSink) -> None:
        """The players of ``pn|`` (its last four names for the closed room
        when it lists eight)."""
        names = cur.names or []
        if len(names) >= 8 and cur.room == "Closed":
            names = names[4:8]
        for seat, pname in zip(LIN_SEAT_ORDER, names[:4]):
            if pname:
                tag(seat.full_name, pname, cur.names_line)

    def _deal_tags(self, cur: _Pending, board: Board, tag: _TagSink,
                   problem: _ProblemSink) -> tuple[Seat | None, Deal | None]:
        """Dealer, Vulnerable and Deal from ``md|`` and ``sv|`` (the dealer
        from the board number when ``md|`` does not give it); returns the
        dealer and the deal."""
        dealer: Seat | None = None
        deal: Deal | None = None
        fast = _fast_md(cur.md) if cur.md is not None else None
        if fast is not None:
            # the common case, a dealer and a whole deal as BBO writes them: no
            # objects built unless the play needs the deal (a third of the reading time)
            dealer, text = fast
            tag("Dealer", dealer.name, cur.md_line)
            self._vul_tag(cur, tag, problem)
            tag("Deal", text, cur.md_line)
            return dealer, (Deal.parse(text) if cur.cards else None)
        if cur.md is None:
            problem("lin-no-deal", Message('no md| record: the board has no deal'), cur.line)
        else:
            dealer, deal = self._parse_md(cur.md, cur.md_line, problem)
        if dealer is None and board.number is not None and board.number >= 1:
            dealer = dealer_for_board(board.number)
        if dealer is not None:
            tag("Dealer", dealer.name, cur.md_line)
        self._vul_tag(cur, tag, problem)
        if deal is not None:
            tag("Deal", deal.str_from(dealer if dealer is not None else Seat.N), cur.md_line)
            # an impossible deal is an error, as in PBN; hands all of one size
            # under 13 are an end position (a lesson or a problem), not an error
            for code, message in deal.problems(allow_end_position=True):
                problem(code, message, cur.md_line)
            form = deal.form()
            if form is not None:
                problem(form[0], form[1], cur.md_line, "warning")
        return dealer, deal

    @staticmethod
    def _vul_tag(cur: _Pending, tag: _TagSink, problem: _ProblemSink) -> None:
        if cur.sv is not None:
            vul = LIN_VUL.get(cur.sv.lower())
            if vul is None:
                problem("lin-bad-vulnerability", Message('unknown vulnerability sv|{sv}| (expected o, n, e or b)',
                                                         sv=cur.sv),
                        cur.sv_line)
            else:
                tag("Vulnerable", str(vul), cur.sv_line)

    def _report(self, cur: _Pending, board: Board, log: ProblemLog) -> None:
        """The board's problems, in the order found (the text before the first
        board's on it), each bad call or card with its index; then closes ``log``."""
        if self.board_index == 1:
            cur.problems[:0] = self.orphans.problems
            log.dropped += self.orphans.dropped
        if cur.extra_calls:
            cur.problems.append(("lin-too-many-calls", Message('{v1:,} calls: only the first {MAX_ENTRIES:,} are '
                                                               'kept',
                                                               v1=MAX_ENTRIES + cur.extra_calls, MAX_ENTRIES=MAX_ENTRIES),
                                 cur.calls[-1].line or cur.line, "error"))
        if cur.extra_cards:
            cur.problems.append(("lin-too-many-cards", Message('{v1:,} cards: only the first {MAX_ENTRIES:,} are '
                                                               'kept',
                                                               v1=MAX_ENTRIES + cur.extra_cards, MAX_ENTRIES=MAX_ENTRIES),
                                 cur.cards[-1].line or cur.line, "error"))
        calls_at, cards_at = iter(cur.bad_call_at), iter(cur.bad_card_at)
        for code, message, line, severity in cur.problems:
            kept = len(board.problems)
            log.add(code, message, line=line, severity=severity)
            if len(board.problems) == kept:
                continue
            if code == "lin-bad-call":
                board.problems[-1].call_index = next(calls_at, None)
            elif code == "lin-bad-card":
                board.problems[-1].card_index = next(cards_at, None)
        log.close()

    def _parse_md(self, md: str, line: int | None, problem: _ProblemSink) -> tuple[Seat | None, Deal | None]:
        text = md.strip()
        dealer: Seat | None = None
        if text[:1].isdigit():
            dealer = LIN_DEALERS.get(text[0])
            if dealer is None:
                problem("lin-bad-dealer", Message('unknown dealer digit {v1!r} in md| (expected 1=S 2=W 3=N 4=E)',
                                                  v1=text[0]), line)
            text = text[1:]
        parts = text.split(",")
        if len(parts) > 4 and any(p.strip() for p in parts[4:]):
            problem("lin-bad-deal", Message('md| has {v1} hands, expected at most 4', v1=len(parts)), line)
        hands: list[Hand | None] = [None] * 4
        ok = True
        for seat, part in zip(LIN_SEAT_ORDER, parts[:4]):
            part = part.strip()
            if not part:
                continue
            try:
                hand = _parse_lin_hand(part)
                hands[seat] = hand if len(hand) else None  # "S" alone (no cards) is an unknown hand
            except BridgekitError as e:
                problem("lin-bad-deal", Message("{seat}'s hand in md|: {e}", seat=seat, e=e), line)
                ok = False
        if not ok or all(h is None for h in hands):
            return dealer, None
        deal = Deal(hands)
        unknown = [s for s in Seat if hands[s] is None]
        if len(unknown) == 1:
            deal = deal.complete_last_hand()
        return dealer, deal

    def _rs_result(self, cur: _Pending) -> tuple[Contract | None, Seat | None, int | None]:
        """The board's entry of the vugraph ``rs|`` list (board and room order of ``vg``)."""
        if not self.rs or self.vg is None or len(self.vg) < 5 or cur.number is None:
            return None, None, None
        try:
            first = int(self.vg[3])
            number = int(cur.number)
        except ValueError:
            return None, None, None
        index = 2 * (number - first) + (1 if cur.room == "Closed" else 0)
        if not 0 <= index < len(self.rs):
            return None, None, None
        m = _RS_RE.match(self.rs[index].strip())
        if m is None:
            return None, None, None
        level = int(m.group(1))
        strain = Strain.NT if m.group(2).upper() == "N" else Strain.parse(m.group(2))
        contract = Contract(level, strain, Doubling(len(m.group(4))))
        delta = m.group(5) or "="
        tricks = level + 6 + (0 if delta[0] == "=" else int(delta[1:] or 0) * (1 if delta[0] == "+" else -1))
        if not 0 <= tricks <= 13:
            return contract, Seat.parse(m.group(3)), None
        return contract, Seat.parse(m.group(3)), tricks

    def _play(self, cur: _Pending, deal: Deal | None, contract: Contract | None, declarer: Seat | None,
              problem: _ProblemSink) -> tuple[PlayRecord, int | None]:
        """Put the cards (in played order) into PBN seat columns.  Each card goes
        to the column of the hand that holds it; where the deal does not say,
        to the seat whose turn it is (the next leader being the trick's winner)."""
        strain = contract.strain if contract is not None and not contract.is_passed_out else None
        entries = cur.cards
        first_card = entries[0].card
        owner: dict[Card, Seat] = {}
        if deal is not None:
            for seat in Seat:
                hand = deal[seat]
                if hand is not None:
                    for card in hand.cards:
                        owner.setdefault(card, seat)
        holder0 = owner.get(first_card) if first_card is not None else None
        if declarer is not None:
            opening = declarer.lho
            if holder0 is not None and holder0 is not opening:
                problem("lin-wrong-leader", Message("the opening lead {card} is from {holder}, but {leader} is on lead against {declarer}",
                                                             card=first_card, holder=holder0, leader=opening,
                                                             declarer=declarer), entries[0].line)
        elif holder0 is not None:
            opening = holder0
        else:
            opening = Seat.W
            problem("lin-unknown-leader", Message('cannot tell who led: no contract and no deal'), entries[0].line)
        rec = PlayRecord(leader=opening, line=entries[0].line)
        leader: Seat | None = opening
        declarer_tricks = 0
        known_winners = True
        for t in range(0, len(entries), 4):
            trick = entries[t:t + 4]
            cards = [e.card for e in trick if e.card is not None]
            seats: list[Seat] = []
            if deal is not None:
                held = [owner.get(c) for c in cards]
                if all(h is not None for h in held) and len(set(held)) == len(held):
                    seats = [h for h in held if h is not None]
            if not seats:
                if leader is None:
                    problem("lin-play-order", Message("cannot place trick {v1}: the previous trick's winner is "
                                                      "unknown", v1=t // 4 + 1), trick[0].line)
                    break
                seats = [leader.next(i) for i in range(len(trick))]
            row: list[CardEntry | None] = [None] * 4
            for seat, entry in zip(seats, trick):
                row[(seat - opening) % 4] = entry
            rec.tricks.append(row)
            if len(trick) == 4:
                trick_leader = seats[0]
                if strain is not None:
                    leader = trick_winner(cards, trick_leader, strain)
                else:
                    leader = None
                    known_winners = False
                if leader is not None and declarer is not None and leader.side is declarer.side:
                    declarer_tricks += 1
        if len(entries) < 52:
            rec.incomplete_marker = True
        if len(entries) > 52:
            problem("lin-too-many-cards", Message('{v1} cards played (at most 52)', v1=len(entries)),
                    entries[52].line)
        done = len(entries) == 52 and known_winners and declarer is not None
        return rec, (declarer_tricks if done else None)


_CARDS_BY_LETTERS = {(c.suit.name, c.rank.letter): c for c in ALL_CARDS}


def _auction(calls: list[CallEntry], first: Seat) -> tuple[AuctionRecord, Contract | None, Seat | None]:
    """The Auction section of the calls of ``mb|`` from ``first``: each
    alerted call given a note (its ``an|`` text, or "alerted"), the end marked
    when the calls are legal; with the contract and declarer of a finished
    auction (None otherwise)."""
    rec = AuctionRecord(first=first, calls=calls, line=calls[0].line)
    note = 0
    for entry in calls:
        if entry.alert is not None:
            note += 1
            entry.note = note
            rec.notes[note] = entry.alert if entry.alert else "alerted"
    engine = Auction(first)
    try:
        for entry in calls:
            engine.push(entry.call)
    except IllegalCallError:
        return rec, None, None
    if engine.is_complete():
        rec.complete_marker = True
        return rec, engine.contract(), engine.declarer()
    rec.incomplete_marker = True
    return rec, None, None


def _claimed(cur: _Pending, problem: _ProblemSink) -> int | None:
    """The tricks of the claim ``mc|``, None without one or when it is no
    number of tricks (a problem then)."""
    if cur.claim is None:
        return None
    try:
        result = int(cur.claim)
        if not 0 <= result <= 13:
            raise ValueError
    except ValueError:
        problem("lin-bad-claim", Message('unreadable claim mc|{claim}| (expected 0 to 13 tricks)', claim=cur.claim),
                cur.claim_line)
        return None
    return result


_FAST_SUITS = {"S": 0, "H": 13, "D": 26, "C": 39}
_FAST_RANKS = {r: i for i, r in enumerate("AKQJT98765432")}


def _fast_md(md: str) -> tuple[Seat, str] | None:
    """Dealer and PBN deal text of an ``md|`` value in BBO's own spelling (a
    dealer digit, three or four hands of 13 cards ``S..H..D..C..`` in upper
    case, every card once); None for anything else (the full parser then
    reads it and says what is wrong)."""
    from .dealfile import hand_text
    text = md.strip()
    dealer = LIN_DEALERS.get(text[:1])
    if dealer is None:
        return None
    parts = text[1:].split(",")
    if not 3 <= len(parts) <= 4:
        return None
    hands: list[list[int] | None] = [None, None, None, None]
    seen = 0
    for seat, part in zip(LIN_SEAT_ORDER, parts):
        if not part:
            continue
        base = -1
        cards: list[int] = []
        for ch in part:
            b = _FAST_SUITS.get(ch)
            if b is not None:
                base = b
                continue
            r = _FAST_RANKS.get(ch)
            if r is None or base < 0:
                return None
            bit = 1 << (base + r)
            if seen & bit:
                return None
            seen |= bit
            cards.append(base + r)
        if len(cards) != 13:
            return None
        hands[seat] = cards
    missing = [s for s in range(4) if hands[s] is None]
    if len(missing) > 1:
        return None
    if missing:
        hands[missing[0]] = [c for c in range(52) if not seen & (1 << c)]
    return dealer, f"{dealer.name}:" + " ".join(hand_text(hands[dealer.next(i)] or []) for i in range(4))


def _parse_lin_hand(text: str) -> Hand:
    """``SAKQHJT9D8765C432`` (suit letter then ranks, any order and case, ``10`` allowed).

    Raises ParseError for a rank before any suit, an unknown character or a
    card given twice."""
    cards: list[Card] = []
    suit: str | None = None
    for ch in text.upper().replace("10", "T"):
        if ch in "SHDC":
            suit = ch
        elif ch.isspace():
            continue
        else:
            if suit is None:
                raise ParseError(Message('rank {ch!r} before any suit letter in {text!r}', ch=ch, text=text))
            card = _CARDS_BY_LETTERS.get((suit, ch))
            if card is None:
                raise ParseError(Message('invalid rank {ch!r} in {text!r}', ch=ch, text=text))
            cards.append(card)
    hand = Hand(cards)
    if len(hand) != len(cards):
        raise ParseError(Message('a card appears twice in {text!r}', text=text))
    return hand


def _clean_note(text: str) -> str:
    """Alert text: BBO's ``!S``/``@S`` suit marks as letters, one line, no braces."""
    text = _SUIT_ALIAS_RE.sub(lambda m: m.group(1).upper(), text)
    return " ".join(text.replace("{", "(").replace("}", ")").split())


def _clean_comment(text: str) -> str:
    return _clean_note(text)


def read_lin_text(text: str, name: str | None = None) -> list[Board]:
    """All boards of LIN ``text`` as a list (a convenience for tests and small files)."""
    return list(read_lin(text, name))


__all__ = ["read_lin", "read_lin_text", "LIN_DEALERS", "LIN_SEAT_ORDER", "LIN_VUL"]
