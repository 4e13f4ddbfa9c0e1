"""The board record: one game of a PBN or LIN file, as read, with every tag,
section, comment and note kept, and parsed views of the tags the rest of
bridgekit needs (dealer, vulnerability, deal, auction, play, contract...).

A Board is a mutable record (the reader fills it, ``dd -o`` and ``score -o``
add tags); the values it hands out are the immutable model types.  Problems
found while reading are kept on the board (``problems``) with their line
numbers: reading never stops for one bad board.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Callable, Generic, Iterator, TypeVar, overload

from .auction import Auction
from .calls import Call
from .cards import Card, Strain
from .contract import Contract
from .deal import Deal
from .errors import BridgekitError, IllegalCallError, IllegalCardError, ParseError
from .i18n import _
from .notation import Message, render_message
from .play import Play, trick_winner
from .seats import Seat, Vul, dealer_for_board

_SEATS = tuple(Seat)


#: Problems a reader keeps per board; the rest are counted in one last
#: ``more-problems`` problem (a line of 5 million stray tokens is one board).
MAX_PROBLEMS = 50
#: Longest excerpt of file text quoted in a problem message.
MAX_QUOTE = 60
#: Longest problem message; a longer one keeps its start and its end.
MAX_MESSAGE = 200


def where_text(file: str | None, line: int | None, board: str | None, lang: str = "en") -> str:
    """Where a problem is: ``file, line N, board B`` (the parts known)."""
    parts = [file, _(lang, "line {n}", n=line) if line is not None else None,
             _(lang, "board {board}", board=board) if board is not None else None]
    return ", ".join(p for p in parts if p)


def quote(text: str, limit: int = MAX_QUOTE) -> str:
    """``repr(text)`` of at most ``limit`` characters of ``text`` (``…`` marks a
    cut): how problem messages quote what a file holds."""
    if len(text) > limit:
        return repr(text[:limit - 1] + "\u2026")
    return repr(text)


def small_int(text: str, digits: int = 4) -> int | None:
    """``text`` as an int when it is at most ``digits`` ASCII digits, else None
    (no 5,000-digit conversions, no superscripts)."""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


@dataclass
class Problem:
    """Something wrong with a board, located as precisely as the input allows.

    ``code`` is stable (``duplicate-card``, ``insufficient-bid``, ``revoke``...);
    ``message`` is for people.  ``call_index`` / ``card_index`` are 0-based
    positions in the auction / in the order the cards were played.
    """

    code: str
    message: str
    file: str | None = None
    line: int | None = None
    board: str | None = None
    call_index: int | None = None
    card_index: int | None = None
    severity: str = "error"  # "error" or "warning"

    def __post_init__(self) -> None:
        message = self.message
        if len(message) > MAX_MESSAGE:  # a long value quoted by a parser: keep the start and the end
            self.message = message[:MAX_MESSAGE - 61] + "\u2026" + message[-60:]

    def where(self, lang: str = "en") -> str:
        """``file, line N, board B`` (``fichier, ligne N, donne B`` in French)."""
        return where_text(self.file, self.line, self.board, lang)

    def __str__(self) -> str:
        """``file, line N, board B: code: message`` (``warning: code`` for a warning)."""
        return self.render()

    def render(self, ascii: bool = False, lang: str = "en") -> str:
        """:meth:`__str__` in the output's notation (``ascii``: letters for
        suits) and language (the message through the catalogue; the code,
        a stable name, as it is)."""
        message = render_message(self.message, ascii, lang)
        if self.severity == "warning":
            what = _(lang, "warning: {code}: {message}", code=self.code, message=message)
        else:
            what = _(lang, "{code}: {message}", code=self.code, message=message)
        where = self.where(lang)
        return _(lang, "{where}: {what}", where=where, what=what) if where else what

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"file": self.file, "line": self.line, "board": self.board,
                                  "code": self.code, "message": self.message, "severity": self.severity}
        if self.call_index is not None:
            out["call_index"] = self.call_index
        if self.card_index is not None:
            out["card_index"] = self.card_index
        return out


class ProblemLog:
    """The problems of one board as they are found: the one place problems
    are built (readers and ``check`` alike).

    ``add`` locates each problem on ``board``: its file and label, the
    ``line`` given, else the line of the tag ``tag``, else the board's first
    line (without a board, a problem has no place).  At most ``limit``
    problems are kept (``MAX_PROBLEMS`` by default; None keeps all): the rest
    are only counted, and ``close`` adds one ``more-problems`` for them (a
    line of 5 million stray tokens is one board).
    """

    def __init__(self, board: Board | None = None, problems: list[Problem] | None = None, *,
                 limit: int | None = MAX_PROBLEMS, dropped: int = 0) -> None:
        self.board = board
        self.problems: list[Problem] = [] if problems is None else problems
        self.limit = limit
        self.dropped = dropped  # problems found beyond the limit

    def add(self, code: str, message: str, tag: str | None = None, *, line: int | None = None,
            severity: str = "error", call_index: int | None = None,
            card_index: int | None = None) -> Problem | None:
        """Build, keep and return a problem (None when over the limit)."""
        if self.limit is not None and len(self.problems) >= self.limit:
            self.dropped += 1
            return None
        b = self.board
        if b is not None and line is None:
            line = b.line_of(tag) if tag else b.line
        p = Problem(code, message, b.file if b is not None else None, line, b.label if b is not None else None,
                    call_index, card_index, severity)
        self.problems.append(p)
        return p

    def close(self) -> list[Problem]:
        """The problems kept, then one ``more-problems`` for those dropped."""
        if self.dropped:
            count, kept = self.dropped, self.limit
            self.dropped, self.limit = 0, None
            self.add("more-problems", Message.plural("and {n} more problem on this board (only the first {kept} "
                                                     "are listed)", "and {n} more problems on this board (only "
                                                     "the first {kept} are listed)", count, kept=kept),
                     line=self.problems[-1].line if self.problems else None, severity="warning")
        return self.problems


class _Commented:
    """A part of a record that comments may follow: a tag, a call, a card.
    Its ``comments`` list is made on first use (most have none, and a file
    of 20,000 games holds over a million of them).  Compares and prints as a
    dataclass of its ``_FIELDS`` does (a list never used equals ``[]``)."""

    __slots__ = ("_comments",)
    _FIELDS: tuple[str, ...] = ()
    _comments: list[str] | None

    @property
    def comments(self) -> list[str]:
        comments = self._comments
        if comments is None:
            comments = self._comments = []
        return comments

    @comments.setter
    def comments(self, value: list[str]) -> None:
        self._comments = value

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Commented) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass with eq

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={v!r}' for n, v in zip(self._FIELDS, self._values()))})"


class Tag(_Commented):
    """One tag as read: its value, the line it was on, and comments after it."""

    __slots__ = ("name", "value", "line")
    _FIELDS = ("name", "value", "line", "comments")

    def __init__(self, name: str, value: str, line: int | None = None, comments: list[str] | None = None) -> None:
        self.name = name
        self.value = value
        self.line = line
        self._comments = comments


class _Entry(_Commented):
    """What a recorded call and a recorded card share: the line it was read
    on and the annotations written around it (``nags``, like ``comments``, a
    list made on first use)."""

    __slots__ = ("line", "suffix", "note", "flag", "_nags")

    line: int | None
    suffix: str | None   # ! ? !! ?? !? ?! (or $n NAG as "$n")
    note: int | None     # =n= reference
    flag: str | None
    _nags: list[int] | None

    @property
    def nags(self) -> list[int]:
        nags = self._nags
        if nags is None:
            nags = self._nags = []
        return nags

    @nags.setter
    def nags(self, value: list[int]) -> None:
        self._nags = value

    def is_bare(self) -> bool:
        """True when nothing is written around the entry: no suffix, note
        reference, NAG, comment or irregularity."""
        return (self.suffix is None and self.note is None and self.flag is None and not self._nags
                and not self._comments)


class CallEntry(_Entry):
    """One call of a recorded auction with what was written around it."""

    __slots__ = ("call", "alert")
    _FIELDS = ("call", "line", "suffix", "note", "nags", "comments", "alert", "flag")

    def __init__(self, call: Call, line: int | None = None, suffix: str | None = None, note: int | None = None,
                 nags: list[int] | None = None, comments: list[str] | None = None, alert: str | None = None,
                 flag: str | None = None) -> None:
        self.call = call
        self.line = line
        self.suffix = suffix
        self.note = note
        self._nags = nags
        self._comments = comments
        self.alert = alert  # LIN alert text
        self.flag = flag    # PBN irregularity before the call: ``^I`` (insufficient, condoned)


@dataclass
class AuctionRecord:
    """The ``Auction`` section: calls from ``first`` (normally the dealer)."""

    first: Seat
    calls: list[CallEntry] = field(default_factory=list)
    complete_marker: bool = False   # ``AP`` or the auction visibly ended
    incomplete_marker: bool = False  # ``*``: recorded auction stops early
    notes: dict[int, str] = field(default_factory=dict)
    line: int | None = None
    comments: list[str] = field(default_factory=list)
    irregular: list[str] = field(default_factory=list)
    ap_index: int | None = None      # calls from this index on were written ``AP``
    continue_marker: bool = False    # ``+``: the auction is to be continued
    skipped: list[int] = field(default_factory=list)  # ``^S`` before calls[i] (call out of rotation)
    #: The section's text from its first token that is not a call on, as written
    #: (prose such as "3NT or 4D"): never turned into calls, written back as is.
    unread: list[str] = field(default_factory=list)

    def call_list(self) -> list[Call]:
        return [c.call for c in self.calls]


class CardEntry(_Entry):
    """One card in the Play section, in its seat column."""

    __slots__ = ("card",)
    _FIELDS = ("card", "line", "suffix", "note", "nags", "comments", "flag")

    def __init__(self, card: Card | None, line: int | None = None, suffix: str | None = None,
                 note: int | None = None, nags: list[int] | None = None, comments: list[str] | None = None,
                 flag: str | None = None) -> None:
        self.card = card  # None for '-' (unknown or not played) and '+'
        self.line = line
        self.suffix = suffix
        self.note = note
        self._nags = nags
        self._comments = comments
        self.flag = flag  # ``^R`` revoke, ``^L`` lead out of turn, ``+`` next card to play


@dataclass(frozen=True)
class RecordedTrick:
    """One trick of a recorded play: ``cards`` by seat, ``order`` as played from
    ``leader`` (None when the order cannot be known), ``winner`` when complete
    and the trump suit is known."""

    number: int
    cards: dict[Seat, CardEntry]
    leader: Seat | None
    order: tuple[Card, ...] | None
    winner: Seat | None


@dataclass
class PlayRecord:
    """The ``Play`` section: one trick per row, cards in fixed seat columns
    starting with the opening leader (not in the order played)."""

    leader: Seat
    tricks: list[list[CardEntry | None]] = field(default_factory=list)
    incomplete_marker: bool = False  # ``*``: play stops early (claim)
    notes: dict[int, str] = field(default_factory=dict)
    line: int | None = None
    comments: list[str] = field(default_factory=list)

    def replay(self, play: Play) -> Iterator[ReplayStep]:
        """Drive ``play`` through the recorded cards in the order they were
        played, the one replay of a Play section: each trick's leader comes
        from the engine, a lead marked ``^L`` out of turn is accepted, a revoke
        stands and play goes on from it.  Yields a ``ReplayStep`` per card
        (``error`` set when the engine refused it), a ``lead-out-of-turn`` step
        before a lead marked ``^L``, and ends with a ``gap`` step at the first
        ``-`` (the order after it cannot be known), a ``play-ended`` step for
        cards after the 13th trick, or after a card refused for anything but
        a revoke."""
        opening = int(self.leader)
        cards = play.cards
        push = play.push
        for row in self.tricks:
            n = len(cards)
            by_seat: list[CardEntry | None] = [None] * 4
            out_of_turn: tuple[Seat, CardEntry] | None = None
            for k, e in enumerate(row[:4]):
                seat = _SEATS[(opening + k) % 4]
                by_seat[seat] = e
                if out_of_turn is None and e is not None and e.flag and "^L" in e.flag.upper():
                    out_of_turn = (seat, e)
            if n >= 52:
                entry = next((e for e in row if e is not None and e.card is not None), None)
                if entry is not None:
                    yield "play-ended", n, None, entry, None
                return
            if out_of_turn is not None:
                seat, entry = out_of_turn
                yield "lead-out-of-turn", n, seat, entry, None
                if seat is not play.leader:
                    play.accept_lead_out_of_turn(seat)
            leader = int(play.leader)  # the seats of a trick go clockwise from its leader
            for k in range(4):
                seat = _SEATS[(leader + k) % 4]
                entry = by_seat[seat]
                card = entry.card if entry is not None else None
                if card is None:
                    yield "gap", n + k, seat, entry, None
                    return
                try:
                    push(card)
                except IllegalCardError as e:
                    yield "card", n + k, seat, entry, e
                    if e.code != "revoke":
                        return
                    play.push_irregular(card)
                else:
                    yield "card", n + k, seat, entry, None

    def played_order(self, strain: Strain | None) -> list[tuple[Seat, Card, CardEntry]]:
        """Cards in the order they were played (``replay`` with the hands
        unknown): each trick's leader from the trump and the winner of the
        previous trick.  Stops at the first gap (``-``) and at a card the rules
        refuse other than a revoke."""
        play = Play(Deal([None] * 4), strain, self.leader.rho)
        return [(seat, entry.card, entry) for kind, _, seat, entry, _ in self.replay(play)
                if kind == "card" and seat is not None and entry is not None and entry.card is not None]

    def recorded_tricks(self, contract: Contract | None) -> list[RecordedTrick]:
        """The tricks of a Play section with leaders and winners worked out from the
        contract's strain (PBN rows are in fixed seat columns, not in played order)
        by the one replay of a recorded play, :meth:`replay`.  Without a
        contract only the first trick's leader is known and no winner; after a
        ``-`` gap (or a card the replay refuses) leaders and winners are None."""
        known = contract is not None and not contract.is_passed_out
        engine = Play(Deal([None] * 4), contract.strain if known and contract is not None else None, self.leader.rho)
        for step in self.replay(engine):
            if not known and len(engine) > 4:
                break  # the next trick's leader depends on the trump suit
        played = engine.tricks()[:None if known else 1]
        out: list[RecordedTrick] = []
        for t, row in enumerate(self.tricks):
            cards = {self.leader.next(i): entry for i, entry in enumerate(row[:4])
                     if entry is not None and entry.card is not None}
            leader: Seat | None = None
            order: tuple[Card, ...] | None = None
            winner: Seat | None = None
            if t < len(played):
                trick = played[t]
                leader = trick.leader
                order = trick.cards if len(trick.cards) == len(cards) else None
                if known and len(trick.cards) == 4:  # (not the next leader: a lead out of turn may follow)
                    winner = trick_winner(trick.cards, trick.leader, engine.strain)
            elif t == len(played) and len(engine) == 4 * t and (known or t == 0):
                leader = engine.leader  # the trick the replay stopped before
                order = () if not cards else None  # (a row of '-' only: no card, in a known order)
            out.append(RecordedTrick(t + 1, cards, leader, order, winner))
        return out


#: One step of ``PlayRecord.replay``: ``(kind, card_index, seat, entry,
#: error)``.  ``kind`` is ``card``, ``lead-out-of-turn``, ``gap`` or
#: ``play-ended``; ``card_index`` the card's place in played order; ``error``
#: the engine's refusal of a card.  A plain tuple: a play yields 52 of them,
#: and building an object for each took a third of the time of checking a play.
ReplayStep = tuple[str, int, "Seat | None", "CardEntry | None", "IllegalCardError | None"]


@dataclass
class Table:
    """A PBN table (``OptimumResultTable``...): column specs and rows of cells."""

    columns: list[str]
    rows: list[list[str]]
    row_lines: list[int] = field(default_factory=list)   # line of each row's first element, when read

    def row_line(self, index: int) -> int | None:
        """The line row ``index`` starts on in the file read, or None."""
        return self.row_lines[index] if index < len(self.row_lines) else None

    def column_names(self) -> list[str]:
        """Column names without the ``\\10R``-style width and ``+``/``-`` order marks."""
        return [c.lstrip("+-").split("\\")[0] for c in self.columns]

    def records(self) -> list[dict[str, str]]:
        names = self.column_names()
        return [dict(zip(names, row)) for row in self.rows]


T = TypeVar("T")


class Parsed(Generic[T]):
    """A field of :class:`Board` that the PBN reader parses on first use: a
    data descriptor the dataclass takes as the field (``dataclasses.fields``
    lists it with its type).  Reading it runs the board's loader first, if
    one is pending; ``None`` given to ``__init__`` (the field's default) is a
    fresh ``empty()`` (a new list or dict, or None)."""

    def __init__(self, empty: Callable[[], T] | None) -> None:
        self.empty = empty

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.private = "_" + name

    @overload
    def __get__(self, board: None, owner: type) -> None: ...
    @overload
    def __get__(self, board: "Board", owner: type) -> T: ...

    def __get__(self, board: "Board | None", owner: type) -> T | None:
        if board is None:
            return None    # the dataclass's default: replaced by a fresh empty() in __set__
        if board.__dict__.get("_loader") is not None:
            board.materialize()
        return board.__dict__[self.private]

    def __set__(self, board: "Board", value: T | None) -> None:
        if value is None and self.empty is not None:
            value = self.empty()
        board.__dict__[self.private] = value


@dataclass
class Board:
    """One game record.  ``tags`` keeps every tag in file order (sections and
    tables included, by name); parsed views are properties."""

    # The PBN reader fills ``tags`` at once and leaves the sections (Auction,
    # Play, tables), the notes and the checks of the deal and tag values to a
    # loader run on first access of one of the ``Parsed`` fields below (or
    # ``materialize``): scanning a big file for tags stays cheap, and a
    # board's problems are complete whenever read.  ``dataclasses.fields``
    # lists them as the fields they are.

    tags: dict[str, Tag] = field(default_factory=dict)
    auction: Parsed[AuctionRecord | None] = Parsed(None)
    play: Parsed[PlayRecord | None] = Parsed(None)
    tables: Parsed[dict[str, Table]] = Parsed(dict)
    comments: list[str] = field(default_factory=list)        # comments before the first tag
    problems: Parsed[list[Problem]] = Parsed(list)
    file: str | None = None
    line: int | None = None                                   # first line of the game
    escapes: list[str] = field(default_factory=list)          # ``%`` lines kept with the game
    #: Where each of ``escapes`` stood: ``(tag, index)``, after the tag named
    #: (``""``: before the first tag) and ``index`` entries of its section
    #: (calls, cards in seat columns, table rows); a missing place is ``("", 0)``.
    escape_places: Parsed[list[tuple[str, int]]] = Parsed(list)
    notes: Parsed[list[str]] = Parsed(list)                   # Note values that belong to no section

    @classmethod
    def deferred(cls, loader: Callable[["Board"], None], file: str | None = None,
                 line: int | None = None) -> "Board":
        """An empty board, as ``Board(file=file, line=line)``, whose sections,
        tables, notes and problems ``loader`` fills on their first access (or
        ``materialize``): the PBN reader's board, one per game, so built
        without running the field setters of ``__init__`` (a test checks that
        both give the same board)."""
        board = cls.__new__(cls)
        board.__dict__.update(tags={}, _auction=None, _play=None, _tables={}, comments=[], _problems=[], file=file,
                              line=line, escapes=[], _escape_places=[], _notes=[], _loader=loader)
        return board

    def materialize(self) -> "Board":
        """Parse whatever the reader left for later (idempotent); returns self."""
        loader = self.__dict__.get("_loader")
        if loader is not None:
            self.__dict__["_loader"] = None
            loader(self)
        return self

    def escape_places_padded(self) -> list[tuple[str, int]]:
        """``escape_places`` with one place for each of ``escapes``."""
        places = self.escape_places
        return places[:len(self.escapes)] + [("", 0)] * (len(self.escapes) - len(places))

    # -- comparison --------------------------------------------------------

    def canonical(self) -> dict[str, object]:
        """Everything the record says, normalised as the PBN writer writes it,
        as plain data: two boards are the same game record when their
        ``canonical()`` are equal (used for round-trip tests).

        Normalisations: a missing mandatory tag equals ``?``; Dealer,
        Vulnerable, Declarer and Contract compare by meaning (``Love`` ==
        ``None``); the deal compares by its hands (any first seat, any rank
        order); call and card suffixes compare as their NAGs; problems, line
        numbers and the file name are not part of the record.
        """
        tags: dict[str, str] = {}
        for name in MANDATORY_TAGS:
            tags[name] = "?"
        for name, tag in self.tags.items():
            if (name == "Auction" and self.auction is not None) or (name == "Play" and self.play is not None):
                continue  # compared as sections below
            tags[name] = normalized_tag_value(name, tag.value)
        if "Result" in self.tags:
            tags["Result"] = self.export_result()
        tag_comments = {name: _clean(tag.comments) for name, tag in self.tags.items()
                        if tag.comments and name not in ("Auction", "Play")}
        out: dict[str, object] = {
            "tags": tags,
            "tag_comments": tag_comments,
            "comments": _clean(self.comments),
            "escapes": [(export_escape(e), place) for e, place in zip(self.escapes, self.escape_places_padded())],
            "notes": list(self.notes),
            "tables": {name: (list(t.columns), [list(r) for r in t.rows]) for name, t in self.tables.items()},
        }
        rec = self.auction
        if rec is not None:
            out["auction"] = {
                "first": rec.first.name,
                "calls": [(str(e.call), e.note, tuple(sorted(_nags(e.suffix, e.nags, 0))), e.flag, tuple(_clean(e.comments)))
                          for e in rec.calls],
                "incomplete": rec.incomplete_marker, "continue": rec.continue_marker,
                "skipped": list(rec.skipped),
                "unread": list(rec.unread),
                "notes": sorted(rec.notes.items()), "comments": _clean(rec.comments),
            }
        play = self.play
        if play is not None:
            out["play"] = {
                "leader": play.leader.name,
                "tricks": [[None if e is None else
                            (None if e.card is None else str(e.card), e.note,
                             tuple(sorted(_nags(e.suffix, e.nags, 6))), e.flag, tuple(_clean(e.comments)))
                            for e in row] for row in play.tricks],
                "incomplete": play.incomplete_marker,
                "notes": sorted(play.notes.items()), "comments": _clean(play.comments),
            }
        return out

    # -- raw tags ----------------------------------------------------------

    def get(self, name: str) -> str | None:
        """The tag's value, or None when absent, ``?`` (unknown) or empty."""
        tag = self.tags.get(name)
        if tag is None:
            return None
        value = tag.value.strip()
        return None if value in ("", "?") else value

    def set(self, name: str, value: str) -> None:
        tag = self.tags.get(name)
        if tag is None:
            self.tags[name] = Tag(name, value)
        else:
            tag.value = value

    def line_of(self, name: str) -> int | None:
        tag = self.tags.get(name)
        return tag.line if tag is not None else self.line

    @property
    def label(self) -> str | None:
        """The board as named in the file (``Board`` tag), for messages."""
        return self.get("Board")

    def problem(self, code: str, message: str, tag: str | None = None, *, line: int | None = None,
                severity: str = "error", call_index: int | None = None,
                card_index: int | None = None) -> Problem:
        """Record and return a problem located at ``tag``'s line (or ``line``)."""
        p = ProblemLog(self, self.problems, limit=None).add(code, message, tag, line=line, severity=severity,
                                                            call_index=call_index, card_index=card_index)
        assert p is not None  # no limit
        return p

    # -- parsed views (None when absent or unreadable) ---------------------

    @property
    def number(self) -> int | None:
        value = self.get("Board")
        if value is None:
            return None
        try:
            return int(value)
        except ValueError:
            return None

    @property
    def dealer(self) -> Seat | None:
        return _parse_or_none(Seat.parse, self.get("Dealer"))

    @property
    def vulnerable(self) -> Vul | None:
        tag = self.tags.get("Vulnerable")
        if tag is None or tag.value.strip() == "?":
            return None
        return _parse_or_none(Vul.parse, tag.value)

    @property
    def deal(self) -> Deal | None:
        """The ``Deal`` tag; a hand written ``...`` on a seat the ``Hidden``
        tag names is unknown (BridgeComposer's hidden hands)."""
        deal = _parse_or_none(Deal.parse, self.get("Deal"))
        if deal is not None and "Hidden" in self.tags:
            deal = deal.hiding(self.hidden)
        return deal

    @property
    def hidden(self) -> frozenset[Seat]:
        """The seats the ``Hidden`` tag names (BridgeComposer: ``EW``, ``WNE``)."""
        value = (self.get("Hidden") or "").upper()
        return frozenset(Seat.parse(ch) for ch in value if ch in "NESW")

    @property
    def contract(self) -> Contract | None:
        """The ``Contract`` tag (``PASSED_OUT`` for ``Pass``)."""
        return _parse_or_none(Contract.parse, self.get("Contract"))

    @property
    def declarer(self) -> Seat | None:
        value = self.get("Declarer")
        if value is not None and value.startswith("^"):
            value = value[1:]
        return _parse_or_none(Seat.parse, value)

    @property
    def result(self) -> int | None:
        """Tricks taken by declarer's side per the ``Result`` tag (any of the
        PBN forms ``9``, ``NS 9``, ``EW 4 NS 9``, ``^9``), None when absent,
        unreadable, or given per side without a declarer."""
        return self.result_tricks(self.declarer)

    def result_tricks(self, declarer: Seat | None) -> int | None:
        """Tricks taken by ``declarer``'s side per the ``Result`` tag (the
        declarer may come from the auction rather than the ``Declarer`` tag);
        None when absent, unreadable, or given per side without a declarer."""
        value = self.get("Result")
        if value is None:
            return None
        try:
            _caret, plain, by_side = parse_result(value)
        except BridgekitError:
            return None
        if plain is not None:
            return plain
        if declarer is None:
            return None
        if declarer.side.value in by_side:
            return by_side[declarer.side.value]
        return 13 - by_side[declarer.side.opponents.value]

    def export_result(self) -> str:
        """The ``Result`` value as PBN export writes it: declarer's tricks
        (``^`` kept) when they can be told, else the value as read."""
        tag = self.tags.get("Result")
        if tag is None:
            return "?"
        value = tag.value.strip()
        try:
            caret, plain, _ = parse_result(value)
        except BridgekitError:
            return value
        tricks = plain if plain is not None else self.result
        if tricks is None:
            return value
        return ("^" if caret else "") + str(tricks)

    @property
    def room(self) -> str | None:
        return self.get("Room")

    def auction_engine(self) -> tuple[Auction, list[tuple[int, BridgekitError]]]:
        """Replay the recorded auction through the engine.  Returns the auction
        and the illegal calls found as (index, error).  An illegal call is kept
        as made at the table (``Auction.push_irregular``) and the rest is still
        checked from there; calls after the end of the auction are reported once
        (``auction-ended``) and not replayed."""
        rec = self.auction
        if rec is not None:
            first = rec.first
        else:
            dealer = self.dealer
            first = dealer if dealer is not None else Seat.N
        auction = Auction(first)
        errors: list[tuple[int, BridgekitError]] = []
        if rec is None:
            return auction, errors
        for i, entry in enumerate(rec.calls):
            if auction.is_complete():
                try:
                    auction.check(entry.call)
                except IllegalCallError as e:
                    errors.append((i, e))
                break  # calls after the end are not part of the auction
            try:
                auction.push(entry.call)
            except IllegalCallError as e:
                errors.append((i, e))
                auction.push_irregular(entry.call)  # as made at the table: keeps positions aligned
        return auction, errors

    def play_engine(self, strain: Strain | None, declarer: Seat) -> tuple[Play, list[tuple[int, BridgekitError]]]:
        """Replay the recorded play (``PlayRecord.replay``) through the engine:
        the engine and the cards it refused, by index in played order (a
        revoke is kept and play goes on; any other illegal card ends it)."""
        play = Play(self.deal or Deal([None] * 4), strain, declarer)
        if self.play is None:
            return play, []
        return play, [(index, error) for _, index, _, _, error in self.play.replay(play) if error is not None]


#: The 15 tags of PBN's mandatory tag set, in export order.
MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                  "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")

#: Suffix -> NAG offset 1..6 (``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!``); cards add 6.
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}


def _clean(comments: list[str]) -> list[str]:
    """Comments as the export format writes them: no tabs."""
    return [c.replace("\t", " ") for c in comments]


def _nags(suffix: str | None, nags: list[int], offset: int) -> list[int]:
    out = list(nags)
    if suffix is not None and suffix in SUFFIX_NAGS:
        n = SUFFIX_NAGS[suffix] + offset
        if n not in out:
            out.append(n)
    return out


_CHARSET = re.compile(r"(charset\s*=\s*)[\"']?[A-Za-z0-9_.:-]+[\"']?", re.IGNORECASE)


def export_escape(line: str) -> str:
    """A ``%`` line as the PBN writer writes it back: the writer writes UTF-8,
    so a ``%Content-type: ...; charset=ISO-8859-1`` it copies says UTF-8."""
    if "charset" not in line.lower():
        return line
    return _CHARSET.sub(lambda m: m.group(1) + "UTF-8", line)


def export_nags(suffix: str | None, nags: list[int], card: bool) -> list[int]:
    """The NAGs the PBN export format writes for an entry: the suffix as its
    NAG ($1-$6 for calls, $7-$12 for cards) merged with the others, sorted."""
    return sorted(_nags(suffix, nags, 6 if card else 0))


def normalized_tag_value(name: str, value: str) -> str:
    """A tag value as the PBN export format writes it: Dealer, Vulnerable,
    Declarer and Contract in their canonical spelling when they parse, the Deal
    from North (any readable deal), other values unchanged (None, which a
    ``Tag`` should not hold, is ``?``).  Never raises."""
    if value is None:
        return "?"
    if name not in _NORMALIZED:
        if "\t" in value or "\n" in value or "\r" in value:
            value = value.replace("\r\n", " ").replace("\t", " ").replace("\n", " ").replace("\r", " ")
        return value
    text = value.strip()
    if text in ("", "?"):
        return text
    try:
        if name == "Dealer":
            return Seat.parse(text).name
        if name == "Vulnerable":
            return str(Vul.parse(text))
        if name == "Declarer":
            if text.startswith("^"):
                return "^" + Seat.parse(text[1:]).name
            return Seat.parse(text).name
        if name == "Contract":
            return str(Contract.parse(text))
        if name == "Deal":
            return str(Deal.parse(text))
    except BridgekitError:
        return text
    return text


_NORMALIZED = frozenset(("Dealer", "Vulnerable", "Declarer", "Contract", "Deal", "Result", "Board"))


def parse_result(value: str) -> tuple[bool, int | None, dict[str, int]]:
    """Parse a PBN ``Result`` value: ``(caret, declarer_tricks, {side: tricks})``,
    e.g. ``"^NS 9 EW 4"`` -> ``(True, None, {"NS": 9, "EW": 4})``.  Raises
    ParseError for anything else (or two sides not adding up to 13)."""
    text = value.strip()
    caret = text.startswith("^")
    if caret:
        text = text[1:].strip()
    parts = text.replace(":", " ").split()
    tricks = small_int(parts[0], 2) if len(parts) == 1 else None
    if tricks is not None and tricks <= 13:
        return caret, tricks, {}
    by_side: dict[str, int] = {}
    if len(parts) in (2, 4):
        for i in range(0, len(parts), 2):
            side, n = parts[i].upper(), parts[i + 1]
            count = small_int(n, 2)
            if side not in ("NS", "EW") or side in by_side or count is None or count > 13:
                by_side = {}
                break
            by_side[side] = count
    if not by_side or (len(by_side) == 2 and sum(by_side.values()) != 13):
        raise ParseError(Message("invalid result {value} (expected declarer's tricks 0-13, or e.g. 'NS 9')",
                                 value=quote(value)))
    return caret, None, by_side


_T = TypeVar("_T")


def _parse_or_none(parse: Callable[[str], _T], value: str | None) -> _T | None:
    if value is None:
        return None
    try:
        return parse(value)
    except BridgekitError:
        return None


def deal_boards(count: int, seed: int | str, first: int = 1, event: str | None = None) -> list[Board]:
    """``count`` boards numbered from ``first`` with dealer and vulnerability by
    board number (1 N None, 2 E NS, 3 S EW, 4 W All, the 16-board cycle) and
    random complete deals from ``seed`` (the same seed gives the same boards).
    Raises BridgekitError for a count or first board below 1."""
    if count < 1:
        raise BridgekitError(Message("cannot deal {n} boards (at least 1)", n=count))
    if first < 1:
        raise BridgekitError(Message("invalid first board {n} (boards start at 1)", n=first))
    rng = random.Random(f"bridgekit-deal:{seed}")
    boards: list[Board] = []
    for number in range(first, first + count):
        board = Board()
        board.set("Event", event or "bridgekit deal")
        board.set("Site", "?")
        board.set("Date", "?")
        board.set("Board", str(number))
        for seat in ("West", "North", "East", "South"):
            board.set(seat, "?")
        board.set("Dealer", dealer_for_board(number).name)
        board.set("Vulnerable", str(Vul.for_board(number)))
        board.set("Deal", str(Deal.random(rng)))
        board.set("Scoring", "IMP")
        board.set("Declarer", "?")
        board.set("Contract", "?")
        board.set("Result", "?")
        board.set("Generator", f"bridgekit deal --seed {seed}")
        boards.append(board)
    return boards
