"""The per-game parser of PBN: a game's sections (Auction, Play, tables) and
notes from the raw items the scanner kept, and the checks of its deal and tag
values.  Run once, on the board's first use (``Board.defer``)."""

from __future__ import annotations

import re
from itertools import chain, repeat
from typing import Callable, Iterable, Iterator, Protocol, TypeVar, Union

from ...board import (SUFFIX_NAGS, AuctionRecord, Board, CallEntry, CardEntry, PlayRecord, Problem, ProblemLog,
                      Table, Tag, parse_result, quote, small_int)
from ...calls import ALL_CALLS, PASS, Call
from ...cards import ALL_CARDS, Card
from ...contract import Contract, end_position_strain
from ...deal import Deal
from ...errors import BridgekitError, message_of
from ...play import trick_winner
from ...seats import Seat, Vul
from ...notation import Message

#: The kinds of a section's raw items ``(line, text, kind)``: section data, a
#: comment, a ``%`` line (placed by the count of entries before it).
DATA, COMMENT, ESCAPE = 0, 1, 2
RawItem = tuple[int, str, int]


class ScannedGame(Protocol):
    """What the scanner leaves for :func:`parse_game` (its ``GameText``,
    described here so that this module does not import the scanner back)."""

    dropped: int
    scan_problems: list[tuple[str, str, int | None, str]]
    places: list[tuple[str, int | None]]
    sections: dict[str, list[RawItem]]
    notes: list[tuple[str, int, str]]

_SEC_TOKEN = re.compile(r'[A-Za-z0-9]+\*(?!\S)|"[^"\\]*+(?:\\.[^"\\]*+)*+"?|=\d+=|\$\d+|[!?]{1,2}|\^[A-Za-z]|[*+]'
                        r'|[^\s!?=$*+^"]+|\S')
_COMPLEX = re.compile(r'[=$!?^+"]')  # tokens not split by white space alone
_WORD = re.compile(r"\S+")
_CALLS: dict[str, Call | None] = {}
_CARDS: dict[str, Card | None] = {}
for _card in ALL_CARDS:
    for _text in (str(_card), str(_card).lower()):
        _CARDS[_text] = _card
for _call in ALL_CALLS:
    for _text in (str(_call), str(_call).lower(), str(_call).upper()):
        _CALLS[_text] = _call
_CALLS.update({"P": PASS, "p": PASS, "-": None})
_SEATS = {s.name: s for s in Seat}
# The tokens of a plain call or card (fixed: ``_CALLS`` and ``_CARDS`` also
# cache other spellings, and failures as None).  A section line made of these
# alone is turned into entries in one step.
_PLAIN_CALLS: dict[str, Call] = {text: call for text, call in _CALLS.items() if call is not None}
_PLAIN_CALL_TOKENS = frozenset(_PLAIN_CALLS)
_PLAIN_CARDS = frozenset(_CARDS) | {"-"}  # '-': a card not known or not played
#: Spellings kept in ``_CALLS``/``_CARDS``, the fixed ones and those parsed
#: (failures included): a file's junk tokens fill it once, never more.
_CACHE_SIZE = 4096
#: Calls (or cards) kept per Auction (or Play) section: far more than any
#: auction or play holds, few enough that a 10 MB line of calls stays small.
MAX_ENTRIES = 10_000
#: Elements kept per table.
MAX_CELLS = 100_000
#: Section lines longer than this are tokenized lazily (no list of their tokens).
_LONG_LINE = 4096


_UNESCAPE = re.compile(r'\\([\\"])')


def unescape(value: str) -> str:
    """A quoted value with its ``\\"`` and ``\\\\`` escapes undone."""
    return _UNESCAPE.sub(r"\1", value) if "\\" in value else value


_T = TypeVar("_T")


def _parsed(cache: dict[str, _T | None], parse: Callable[[str], _T], token: str) -> _T | None:
    """``parse(token)``, None when it fails, remembered in ``cache`` (short
    tokens, until it holds _CACHE_SIZE: a file's junk is not kept for ever)."""
    try:
        return cache[token]
    except KeyError:
        pass
    value: _T | None
    try:
        value = parse(token)
    except BridgekitError:
        value = None
    if len(token) <= 8 and len(cache) < _CACHE_SIZE:
        cache[token] = value
    return value


def _call_of(token: str) -> Call | None:
    return _parsed(_CALLS, Call.parse, token)


def _card_of(token: str) -> Card | None:
    return _parsed(_CARDS, Card.parse, token)


class _Problems:
    """Problems of one board, said the parsers' way: ``problem(code, message,
    line, severity, call_index=..., card_index=...)``, built and kept by the
    board's :class:`~bridgekit.board.ProblemLog`."""

    def __init__(self, board: Board, dropped: int) -> None:
        self.log = ProblemLog(board, dropped=dropped)

    def __call__(self, code: str, message: str, line: int | None, severity: str = "error", *,
                 call_index: int | None = None, card_index: int | None = None) -> None:
        self.log.add(code, message, line=line, severity=severity, call_index=call_index, card_index=card_index)

    def done(self) -> list[Problem]:
        """The problems in line order, with one for those not kept."""
        kept = self.log.problems
        if len(kept) > 1:
            kept.sort(key=lambda p: p.line if p.line is not None else 0)
        return self.log.close()


def parse_game(board: Board, game: ScannedGame) -> None:
    """Parse what the scanner left in ``game`` onto ``board``: sections,
    tables, notes, the places of ``%`` lines in sections, and every problem."""
    problem = _Problems(board, game.dropped)
    for code, message, line, severity in game.scan_problems:
        problem(code, message, line, severity)
    _check_values(board, problem)
    tags = board.tags
    alerted: list[CallEntry] = []
    places = game.places
    board.escape_places = [(name, 0) for name, _ in places]
    for name, raw in game.sections.items():
        if not raw and name != "Auction" and name != "Play" and not name.endswith("Table"):
            continue  # a tag without a section (most of them)
        escaped: list[int] = []  # the places of the section's '%' lines, in entries
        if name == "Auction":
            board.auction = _AuctionParser(board, tags[name], problem, alerted, escaped).parse(raw)
        elif name == "Play":
            board.play = _PlayParser(board, tags[name], problem, escaped).parse(raw)
        else:
            _parse_table(tags[name], raw, board.tables, problem, escaped)
        if escaped:
            _place_escapes(board, places, name, escaped)
    _attach_notes(board, game.notes, problem)
    if alerted and board.auction is not None:
        _alert_marks(board.auction, alerted, problem)
    board.problems = problem.done()


def _place_escapes(board: Board, places: list[tuple[str, int | None]], name: str, escaped: list[int]) -> None:
    """The places of the ``%`` lines in section ``name`` (entries before them),
    in the order the parser met them."""
    counted = iter(escaped)
    for k, (anchor, at) in enumerate(places):
        if anchor == name and at is None:
            board.escape_places[k] = (name, next(counted, 0))


def _attach_notes(board: Board, notes: list[tuple[str, int, str]], problem: _Problems) -> None:
    """``Note`` tags to the notes of the section they follow (the Auction when
    the game has no Play); one that is not ``number:text`` or has no section
    is kept on the board."""
    auction, play = board.auction, board.play
    for section, line, value in notes:
        number, sep, text = value.partition(":")
        n = small_int(number.strip(), 3)
        if not sep or n is None:
            problem("bad-note", Message("Note {v1} is not 'number:text'", v1=quote(value)), line, "warning")
            board.notes.append(value)
            continue
        target = play if section == "Play" and play is not None else auction
        if target is None:
            target = play
        if target is None:
            problem("bad-note", Message('Note {n} belongs to no Auction or Play section', n=n), line, "warning")
            board.notes.append(value)
        elif n in target.notes:
            problem("duplicate-note", Message('Note {n} given twice; the first is kept', n=n), line, "warning")
        else:
            target.notes[n] = text


def _alert_marks(auction: AuctionRecord, alerted: list[CallEntry], problem: _Problems) -> None:
    """Calls written with a glued ``*`` and followed by more calls: the ``*``
    is an alert mark, given a note of its own."""
    used = set(auction.notes) | {e.note for e in auction.calls if e.note is not None}
    n = max(used, default=0) + 1
    auction.notes[n] = "alert"
    for entry in alerted:
        if entry.note is None:
            entry.note = n
    problem("alert-mark", Message("'*' after a call read as an alert mark (note {n}), not as the end of the "
                                  "auction, since calls follow it", n=n), alerted[0].line, "warning")


# -- entries and their annotations ------------------------------------------

Entry = Union[CallEntry, CardEntry]


def _before_any(kind: str, tok: str, what: str) -> Message:
    """An annotation ``tok`` misplaced: a note reference (``note``) or a NAG
    (``nag``) with no ``what`` (call or card) before it, or a ``second`` note
    reference on one."""
    if kind == "note":
        return (Message("note reference {v1} before any call", v1=quote(tok)) if what == "call" else
                Message("note reference {v1} before any card", v1=quote(tok)))
    if kind == "second":
        return (Message("second note reference {v1} on one call", v1=quote(tok)) if what == "call" else
                Message("second note reference {v1} on one card", v1=quote(tok)))
    return (Message("NAG {v1} before any call", v1=quote(tok)) if what == "call" else
            Message("NAG {v1} before any card", v1=quote(tok)))


def _annotation(tok: str, last: Entry | None, what: str, line: int, problem: _Problems,
                index: Callable[[], int]) -> bool:
    """Apply ``tok`` to the entry before it (``last``, a ``what``: ``call`` or
    ``card``) when ``tok`` is an annotation: a note reference ``=n=``, a NAG
    ``$n`` or a suffix (``!`` ``?`` ``!!`` ``??`` ``!?`` ``?!``).  False when
    it is none.  ``index()`` is the index of ``last`` for problems."""
    c = tok[0]
    if c == "=" and len(tok) > 2 and tok[-1] == "=":
        number = small_int(tok[1:-1], 3)
        if last is None:
            message, code, severity = _before_any("note", tok, what), "bad-" + what, "warning"
        elif last.note is not None:
            message, code, severity = _before_any("second", tok, what), "bad-" + what, "warning"
        elif number is None:
            message, code, severity = Message("note reference {v1} is not a number from 0 to 999", v1=quote(tok)), \
                "bad-note", "error"
        else:
            last.note = number
            return True
    elif c == "$" and tok[1:].isdigit():
        number = small_int(tok[1:], 3)
        if number is None:
            message, code, severity = Message("NAG {v1} is not a number from 0 to 999", v1=quote(tok)), "bad-nag", "warning"
        elif last is None:
            message, code, severity = _before_any("nag", tok, what), "bad-" + what, "warning"
        else:
            last.nags.append(number)
            return True
    elif c in "!?" and tok in SUFFIX_NAGS:
        if last is None or last.suffix is not None:
            message, code, severity = Message("misplaced suffix {v1}", v1=quote(tok)), "bad-" + what, "warning"
        else:
            last.suffix = tok
            return True
    else:
        return False
    problem(code, message, line, severity, **{what + "_index": max(0, index())})
    return True


def _tokens(text: str) -> Iterable[str]:
    """The tokens of a section line: split at white space, by ``_SEC_TOKEN``
    when annotations may be glued to them (``1S!``), one at a time for a long
    line."""
    if len(text) > _LONG_LINE:
        return _Tokens(text)
    if _COMPLEX.search(text) is not None:
        return _SEC_TOKEN.findall(text)
    return text.split()


class _AuctionParser:
    """The Auction section: calls from the first caller with their
    annotations, comments, notes and irregularities (PBN 3.5)."""

    def __init__(self, board: Board, tag: Tag, problem: _Problems, alerted: list[CallEntry],
                 escaped: list[int]) -> None:
        self.problem = problem
        self.alerted = alerted  # calls with a glued '*' followed by more calls (a de-facto alert mark)
        self.escaped = escaped  # the places of the section's '%' lines: calls before them
        try:
            found = _SEATS.get(tag.value)
            first = found if found is not None else Seat.parse(tag.value)
        except BridgekitError:
            first = board.dealer if board.dealer is not None else Seat.N
            problem("bad-value", Message('Auction: invalid first caller {value!r} (taken as {name})',
                                         value=tag.value, name=first.name), tag.line)
        self.rec = AuctionRecord(first, line=tag.line)
        self.last: CallEntry | None = None
        self.flag: str | None = None  # '^I' before the next call
        self.ended = False  # after '*', '+' or 'AP'
        self.starred: CallEntry | None = None  # "4C*": an alert mark if more calls follow

    def parse(self, raw: list[RawItem]) -> AuctionRecord:
        rec = self.rec
        calls = rec.calls
        plain = _PLAIN_CALLS.__getitem__
        for index, (line, text, kind) in enumerate(raw):
            if kind == ESCAPE:
                self.escaped.append(len(calls))
                continue
            if kind == COMMENT:
                (self.last.comments if self.last is not None else rec.comments).append(text)
                continue
            if self.flag is None and self.starred is None and not self.ended and len(text) <= _LONG_LINE:
                toks = text.split()
                if _PLAIN_CALL_TOKENS.issuperset(toks):  # plain calls only: the common case
                    calls.extend(map(CallEntry, map(plain, toks), repeat(line)))
                    if calls:
                        self.last = calls[-1]
                    continue
                # the last line of many auctions: plain calls, then AP ("5C AP")
                if toks[-1].upper() == "AP" and _PLAIN_CALL_TOKENS.issuperset(toks[:-1]):
                    calls.extend(map(CallEntry, map(plain, toks[:-1]), repeat(line)))
                    self.last = _all_pass(rec, line)
                    self.ended = True
                    continue
            tokens = _tokens(text)
            for k, tok in enumerate(tokens):
                if len(calls) >= MAX_ENTRIES:
                    self.problem("too-many-calls", Message('the auction holds more than {MAX_ENTRIES:,} calls: the '
                                                           'rest, from line {line}, is not kept',
                                                           MAX_ENTRIES=MAX_ENTRIES, line=line),
                                 line, call_index=len(calls))
                    return self._end()
                if not self._token(tok, line):  # not a call: the rest of the section is kept as text
                    rest = [tokens.rest()] if isinstance(tokens, _Tokens) else list(tokens)[k:]
                    self._unread(tok, rest, line, raw[index + 1:])
                    return rec
        return self._end()

    def _token(self, tok: str, line: int) -> bool:
        """Read one token; False when it is not a call."""
        calls = self.rec.calls
        call = _CALLS.get(tok)
        if call is not None and self.flag is None and self.starred is None and not self.ended:
            if tok not in _PLAIN_CALL_TOKENS:
                self._spelling(tok, call, line)
            self.last = CallEntry(call, line)
            calls.append(self.last)
            return True
        if len(tok) > 1 and tok[-1] == "*" and not self.ended:
            call = _call_of(tok[:-1])
            if call is not None:
                if self.starred is not None:
                    self.alerted.append(self.starred)
                self.starred = self._call(call, line)
                return True
        if self.ended:
            if self.rec.continue_marker:  # PBN 3.5: '+' stands for the next call, the last token
                self.problem("continuation-mark", Message("{v1} after '+' (the next call to make)", v1=quote(tok)),
                             line,
                             call_index=len(calls))
            else:
                self.problem("bad-call", Message("{v1} after the end of the auction ('*' or 'AP')", v1=quote(tok)),
                             line,
                             call_index=len(calls))
            return True
        if _annotation(tok, self.last, "call", line, self.problem, lambda: len(calls) - 1) or self._marker(tok, line):
            return True
        call = _call_of(tok)
        if call is None:
            return False
        if self.starred is not None:
            self.alerted.append(self.starred)
            self.starred = None
        self._spelling(tok, call, line)
        self._call(call, line)
        return True

    def _spelling(self, tok: str, call: Call, line: int) -> None:
        """A call read in a spelling PBN does not have (``1N``, ``1♠``: 3.5.1
        spells ``1NT``, ``1S``): read, and a warning (``P`` for Pass is left
        alone, as every program writes it)."""
        if tok not in _PLAIN_CALL_TOKENS and tok not in ("P", "p"):
            self.problem("nonstandard-call", Message('{v1} read as {call} (PBN 3.5.1 spells it {call})',
                                                     v1=quote(tok), call=call), line,
                         call_index=len(self.rec.calls), severity="warning")

    def _call(self, call: Call, line: int) -> CallEntry:
        entry = self.last = CallEntry(call, line)
        if self.flag is not None:
            entry.flag, self.flag = self.flag, None
        self.rec.calls.append(entry)
        return entry

    def _marker(self, tok: str, line: int) -> bool:
        """``^S`` ``^I`` (irregularities), ``*`` ``+`` (the end), ``-`` (a
        first caller skipped) or ``AP`` (all pass); False for anything else."""
        rec = self.rec
        if tok[0] == "^":
            kind = tok[1:].upper()
            if kind == "S":
                rec.skipped.append(len(rec.calls))
            elif kind == "I":
                self.flag = "^I"
            else:
                self.problem("bad-call", Message('irregularity {v1} is not allowed in an auction', v1=quote(tok)),
                             line,
                             call_index=len(rec.calls))
        elif tok == "*":
            rec.incomplete_marker = self.ended = True
        elif tok == "+":
            rec.continue_marker = self.ended = True
        elif tok == "-" and not rec.calls and not rec.skipped:
            rec.first = rec.first.next()
        elif tok.upper() == "AP":
            if self.starred is not None:
                self.alerted.append(self.starred)
                self.starred = None
            self.last = _all_pass(rec, line)
            self.ended = True
        else:
            return False
        return True

    def _unread(self, tok: str, rest: list[str], line: int, after: list[RawItem]) -> None:
        """Prose such as "3NT or 4D", "____", "1Z": the calls stop at ``tok``
        and the rest of the section is kept as written."""
        rec = self.rec
        rec.unread = _unread_text(rest, line, after)
        self.escaped.extend(len(rec.calls) for _, _, kind in after if kind == ESCAPE)
        self.problem("bad-call", Message('{v1} is not a call: the Auction section is kept as text from there ({v2})',
                                         v1=quote(tok), v2=quote(' '.join(rec.unread), 40)),
                     line, call_index=len(rec.calls))
        if self.starred is not None:
            self.alerted.append(self.starred)

    def _end(self) -> AuctionRecord:
        rec = self.rec
        if self.starred is not None:  # "3NT*" at the very end: the standard's '*'
            rec.incomplete_marker = True
        calls = rec.calls
        if not rec.complete_marker and len(calls) >= 4 and all(e.call is PASS for e in calls[-3:]):
            rec.complete_marker = True
        return rec


def _plain_tricks(raw: list[RawItem]) -> list[list[CardEntry | None]] | None:
    """The tricks of a Play section written the common way, each line a
    whole trick of four plain cards (or ``-``) and nothing else; None for
    any other section (read token by token)."""
    lines: list[int] = []
    toks: list[str] = []
    for line, text, kind in raw:
        if kind or len(text) > _LONG_LINE:
            return None
        row = text.split()
        if len(row) != 4:
            return None
        toks += row
        lines.append(line)
    if not _PLAIN_CARDS.issuperset(toks):
        return None
    entries: list[CardEntry | None] = list(map(CardEntry, map(_CARDS.get, toks),
                                               chain.from_iterable(zip(lines, lines, lines, lines))))
    return [entries[i:i + 4] for i in range(0, len(entries), 4)]


class _PlayParser:
    """The Play section: one trick a row in seat columns from the opening
    leader, with annotations, comments, notes and irregularities (PBN 3.6)."""

    def __init__(self, board: Board, tag: Tag, problem: _Problems, escaped: list[int]) -> None:
        self.board = board
        self.tag = tag
        self.problem = problem
        self.escaped = escaped  # the places of the section's '%' lines: entries before them
        self.rec: PlayRecord | None = None
        self.row: list[CardEntry | None] = []
        self.last: CardEntry | None = None
        self.flag: str | None = None  # '^R' or '^L' before the next card
        self.ended = False  # after '*'

    def parse(self, raw: list[RawItem]) -> PlayRecord | None:
        tag, problem = self.tag, self.problem
        value = tag.value.strip()
        if not value:
            # [Play ""]: no play (passed out or not recorded); keep nothing but the tag
            if any(kind == DATA for _, _, kind in raw):
                problem("bad-card", Message('cards after an empty Play tag are ignored'), tag.line, "warning")
            return None
        try:
            found = _SEATS.get(value)
            leader = found if found is not None else Seat.parse(value)
        except BridgekitError:
            problem("bad-value", Message('Play: invalid opening leader {value!r}', value=tag.value), tag.line)
            return None
        rec = self.rec = PlayRecord(leader, line=tag.line)
        tricks = rec.tricks
        card = _CARDS.get
        plain = _plain_tricks(raw)
        if plain is not None:
            tricks.extend(plain)
            raw = []
        whole = True  # a line may be a whole trick: the last one is complete, no '^R'/'^L' or '*' before
        for line, text, kind in raw:
            if not kind and whole and len(text) <= _LONG_LINE:
                toks = text.split()
                if len(toks) == 4 and _PLAIN_CARDS.issuperset(toks):
                    # a whole trick on its line (cards or '-'): the common case
                    a, b, c, d = toks
                    row: list[CardEntry | None] = [CardEntry(card(a), line), CardEntry(card(b), line),
                                                   CardEntry(card(c), line), CardEntry(card(d), line)]
                    self.row = row
                    tricks.append(row)
                    self.last = row[3]
                    continue
            if kind == ESCAPE:
                self.escaped.append(self._count())
            elif kind == COMMENT:
                (self.last.comments if self.last is not None else rec.comments).append(text)
            elif not self._tokens(_tokens(text), line):
                break
            whole = self.flag is None and not self.ended and len(self.row) % 4 == 0
        if len(tricks) > 13:
            problem("bad-card", Message('{v1} tricks in the Play section (at most 13)', v1=len(tricks)), tag.line)
        return rec

    def _count(self) -> int:
        """Entries read so far (cards and gaps, in seat columns)."""
        tricks = self.rec.tricks if self.rec is not None else []
        return (len(tricks) - 1) * 4 + len(tricks[-1]) if tricks else 0

    def _tokens(self, toks: Iterable[str], line: int) -> bool:
        """Read the tokens of a line; False when the play is full."""
        for tok in toks:
            if self._count() >= MAX_ENTRIES:
                self.problem("too-many-cards", Message('the play holds more than {MAX_ENTRIES:,} cards: the rest, '
                                                       'from line {line}, is not kept',
                                                       MAX_ENTRIES=MAX_ENTRIES, line=line), line)
                return False
            card = _CARDS.get(tok)
            if card is not None and self.flag is None and not self.ended:
                self._put(CardEntry(card, line))
            elif self.ended:
                self.problem("bad-card", Message("{v1} after the end of the play ('*')", v1=quote(tok)), line,
                             card_index=self._here())
            elif _annotation(tok, self.last, "card", line, self.problem, lambda: self._here() - 1):
                pass
            elif tok[0] == "^":
                kind = tok[1:].upper()
                if kind in ("R", "L"):
                    self.flag = "^" + kind
                else:
                    self.problem("bad-card", Message('irregularity {v1} is not allowed in the play', v1=quote(tok)),
                                 line,
                                 card_index=self._here())
            elif tok == "*":
                self.rec.incomplete_marker = self.ended = True  # type: ignore[union-attr]
            else:
                self._other(tok, line)
        return True

    def _other(self, tok: str, line: int) -> None:
        """``+`` (the next card to play), ``-`` (a card not known), a card
        after an irregularity, or a token that is no card."""
        if tok == "+" or tok.strip("-") == "":
            entry = CardEntry(None, line)
            if tok == "+":
                entry.flag = "+"
        else:
            card = _card_of(tok)
            if card is None:
                self.problem("bad-card", Message('invalid card {v1}', v1=quote(tok)), line, card_index=self._here())
            entry = CardEntry(card, line)
            if self.flag is not None:
                entry.flag, self.flag = self.flag, None
        self._put(entry)

    def _put(self, entry: CardEntry) -> None:
        self.last = entry
        if len(self.row) == 4 or not self.row:
            self.row = []
            self.rec.tricks.append(self.row)  # type: ignore[union-attr]
        self.row.append(entry)

    def _here(self) -> int:
        """The played position of the next entry of the section (its trick's
        leader found from the trump of the Contract tag when it can be read)."""
        rec = self.rec
        assert rec is not None
        row = self.row
        if not row or len(row) == 4:
            return _played_index(rec, self.board, len(rec.tricks), 0)
        return _played_index(rec, self.board, len(rec.tricks) - 1, len(row))


# -- tag values and the deal -----------------------------------------------


def _value_error(name: str, value: str) -> str | None:
    """The problem with a Dealer/Vulnerable/Declarer/Contract value, or None."""
    key = (name, value)
    try:
        return _VALUE_ERRORS[key]
    except KeyError:
        pass
    error: Message | None = None
    text = value.strip()
    if text not in ("", "?"):
        if name == "Declarer" and text.startswith("^"):
            text = text[1:]
        try:
            _VALUE_PARSERS[name](text)
        except BridgekitError as e:
            if not (name == "Contract" and end_position_strain(text) is not None):
                error = Message("{name}: {e}", name=name, e=e)
                    # (a strain alone is an end position's contract, PBN 3.10)
    if len(_VALUE_ERRORS) > 4096:
        _VALUE_ERRORS.clear()
    _VALUE_ERRORS[key] = error
    return error


_VALUE_ERRORS: dict[tuple[str, str], Message | None] = {}
_UNSEEN = "unseen"


def _check_values(board: Board, problem: _Problems) -> None:
    tags = board.tags
    known = _VALUE_ERRORS
    for name in _VALUE_PARSERS:
        tag = tags.get(name)
        if tag is None:
            continue
        error = known.get((name, tag.value), _UNSEEN)
        if error is _UNSEEN:
            error = _value_error(name, tag.value)
        if error is not None:
            problem("bad-value", error, tag.line)
    tag = tags.get("Result")
    if tag is not None:
        value = tag.value.strip()
        tricks = small_int(value, 2)
        if value not in ("", "?") and not (tricks is not None and tricks <= 13):
            try:
                parse_result(value)
            except BridgekitError as e:
                problem("bad-value", Message('Result: {e}', e=e), tag.line)
    tag = tags.get("Score")
    if tag is not None:
        long_number = _LONG_NUMBER.search(tag.value)
        if long_number is not None:
            problem("bad-value", Message('Score: a number of {v1} digits in {v2}',
                                         v1=len(long_number.group(0)), v2=quote(tag.value)),
                    tag.line)
    tag = tags.get("Deal")
    if tag is not None:
        value = tag.value.strip()
        if value not in ("", "?") and not deal_is_sound(value):
            try:
                deal = Deal.parse(value)
            except BridgekitError as e:
                problem("bad-deal", message_of(e), tag.line)
                return
            if "Hidden" in tags:
                shown = deal.hiding(board.hidden)
                if shown is not deal:
                    seats = [seat for seat in Seat if deal[seat] is not None and shown[seat] is None]
                    problem("hidden-hand", Message.plural("{seats:&} written '...' and named in the Hidden tag: read "
                                                          "as unknown hand", "{seats:&} written '...' and named in the "
                                                          "Hidden tag: read as unknown hands", len(seats),
                                                          seats=seats), tag.line, "warning")
                    deal = shown
            # a Hidden tag names the hands a file hides: another hand written empty is then a mistake
            partial = "Hidden" not in tags
            for code, message in Deal.repeats(value) + deal.problems(allow_end_position=True, empty_hands=partial):
                problem(code, message, tag.line)
            form = deal.form(partial)
            if form is not None:   # an end position (3.10) or a teaching file's diagram: said once, a warning
                problem(form[0], form[1], tag.line, "warning")


_LONG_NUMBER = re.compile(r"[0-9]{7,}")  # more digits than any score


_VALUE_PARSERS: dict[str, Callable[[str], object]] = {
    "Dealer": Seat.parse, "Vulnerable": Vul.parse, "Declarer": Seat.parse, "Contract": Contract.parse}


def deal_is_sound(value: str) -> bool:
    """Fast check of the common case: a complete deal of 4 x 13 distinct cards
    in upper case.  False means "look closer", not necessarily wrong.  The
    deals found sound are remembered (a deal is played at many tables)."""
    if value in _SOUND_DEALS:
        return True
    if not _deal_looks_sound(value):
        return False
    if len(_SOUND_DEALS) > 1024:
        _SOUND_DEALS.clear()
    _SOUND_DEALS.add(value)
    return True


_SOUND_DEALS: set[str] = set()


def _deal_looks_sound(value: str) -> bool:
    if len(value) != 69 or value[1] != ":" or value[0] not in "NESW":
        return False
    hands = value[2:].split()
    if len(hands) != 4 or not len(hands[0]) == len(hands[1]) == len(hands[2]) == len(hands[3]) == 16:
        return False
    a, b, c, d = [h.split(".") for h in hands]
    if not len(a) == len(b) == len(c) == len(d) == 4:
        return False
    for i in range(4):
        suit = a[i] + b[i] + c[i] + d[i]
        if len(suit) != 13 or set(suit) != _RANKSET:
            return False
    return True


_RANKSET = frozenset("AKQJT98765432")


# -- section helpers ------------------------------------------------------


def _unread_text(toks: list[str], at: int, rest: list[RawItem]) -> list[str]:
    """The lines of a section from a token on (``toks``, the rest of line
    ``at``), then the following lines as written (comments in braces)."""
    lines = [" ".join(toks)]
    current: int | None = at
    for line, text, kind in rest:
        if kind == ESCAPE:
            continue  # kept with the game's '%' lines
        piece = "{" + text + "}" if kind else text
        if line == current and line:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
        current = line
    return lines


class _Tokens:
    """The tokens of a long section line, one at a time (no list of millions);
    ``rest()`` is the line from the last token given on."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.start = 0

    def __iter__(self) -> Iterator[str]:
        pattern = _SEC_TOKEN if _COMPLEX.search(self.text) is not None else _WORD
        for m in pattern.finditer(self.text):
            self.start = m.start()
            yield m.group()

    def rest(self) -> str:
        return self.text[self.start:]


def _all_pass(rec: AuctionRecord, line: int) -> CallEntry | None:
    """``AP`` (all pass) at ``line``: adds the passes that end the auction and
    returns the last call."""
    calls = rec.calls
    rec.ap_index = len(calls)
    trailing = 0
    for e in reversed(calls):
        if e.call is not PASS:
            break
        trailing += 1
    has_call = trailing < len(calls)  # a call other than pass stopped the count
    need = max(0, (3 if has_call else 4) - trailing)
    for _ in range(need):
        calls.append(CallEntry(PASS, line))
    rec.complete_marker = True
    return calls[-1] if calls else None


def _played_index(rec: PlayRecord, board: Board, trick: int, column: int) -> int:
    """The 0-based position in the order played of the card in ``column`` (seat
    columns from the opening leader) of ``trick``: its trick's leader comes
    from the winners of the tricks before, under the trump of the Contract tag;
    without a readable contract the column order is taken."""
    contract = board.contract
    if trick == 0 or contract is None or contract.strain is None:
        return 4 * trick + column
    leader = rec.leader
    for row in rec.tricks[:trick]:
        cards = []
        for k in range(4):
            entry = row[(leader - rec.leader + k) % 4] if len(row) == 4 else None
            if entry is None or entry.card is None:
                return 4 * trick + column
            cards.append(entry.card)
        leader = trick_winner(cards, leader, contract.strain)
    return 4 * trick + (column - (leader - rec.leader)) % 4


def _parse_table(tag: Tag, raw: list[RawItem], tables: dict[str, Table], problem: _Problems,
                 escaped: list[int]) -> None:
    columns = tag.value.split(";") if tag.value else []
    width = max(1, len(columns))
    for column in columns:
        if not _COLUMN.fullmatch(column):
            problem("bad-table", Message("{name}: column {v2!r} is not a name with an optional '+'/'-' before it "
                                         "and a width such as '\\12R' after it (PBN 3.2)",
                                         name=tag.name, v2=column[:40]), tag.line)
            break
    elements: list[str] = []
    lines: list[int] = []
    for line, tok, kind in raw:
        if len(elements) >= MAX_CELLS:
            break
        if kind == ESCAPE:
            escaped.append(len(elements) // width)  # rows before it
            continue
        if kind:
            tag.comments.append(tok)
            if elements:
                problem("bad-table", Message("{name}: a comment among the table's elements (only the tag may be "
                                             "followed by a comment, PBN 5.1)", name=tag.name), line or lines[-1])
            continue
        for m in _TABLE_TOKEN.finditer(tok):
            if len(elements) >= MAX_CELLS:
                problem("too-many-cells", Message('{name}: more than {MAX_CELLS:,} elements: the rest, from line '
                                                  '{line}, is not kept',
                                                  name=tag.name, MAX_CELLS=MAX_CELLS, line=line), line)
                break
            text = m.group(0)
            if text[0] == '"':
                text = unescape(text[1:-1] if len(text) > 1 and text.endswith('"') else text[1:])
            elif _FORBIDDEN_IN_ELEMENT.search(text):
                problem("bad-table", Message('{name}: the element {v2!r} holds a character a table element may not '
                                             '([ ] {{ }} ; % or a quote; PBN 3.2)', name=tag.name, v2=text[:40]),
                        line)
            elements.append(text)
            lines.append(line)
    rows = [elements[i:i + width] for i in range(0, len(elements), width)]
    if rows and len(rows[-1]) != width:
        problem("bad-table", Message.plural("{name}: {n} element does not fill rows of {width} columns",
                                           "{name}: {n} elements do not fill rows of {width} columns", len(elements),
                                           name=tag.name, width=width),
                tag.line, "warning")
    _check_order(tag, columns, rows, lines[::width], problem)
    tables[tag.name] = Table(columns, rows, lines[::width])


def _check_order(tag: Tag, columns: list[str], rows: list[list[str]], starts: list[int],
                 problem: _Problems) -> None:
    """PBN 5.2: a column named ``+Name`` lists its values highest first,
    ``-Name`` lowest first; the first row out of that order is an error
    (unknown ``?``, irrelevant ``-`` and an artificial ``^`` mark are passed over)."""
    for i, column in enumerate(columns):
        if column[:1] not in "+-" or not column[1:2]:
            continue
        descending = column[0] == "+"
        before: float | None = None
        for r, row in enumerate(rows):
            if i >= len(row):
                break
            text = row[i].lstrip("^")
            try:
                value = float(text)
            except ValueError:
                continue   # ?, -, a name: no order to judge
            if before is not None and (value > before if descending else value < before):
                name = column[1:].split("\\", 1)[0]
                problem("bad-table", Message('{name}: column {v2} is marked {v3!r} ({v4} first, PBN 5.2) but {v5} '
                                             'comes after {before:g}',
                                             name=tag.name, v2=name, v3=column[0], v4='highest' if descending else 'lowest', v5=row[i], before=before),
                        starts[r] if r < len(starts) else tag.line)
                break
            before = value


#: A column name token (PBN 3.2): an optional order mark, a name without ';',
#: and an optional minimum width with its alignment.
_COLUMN = re.compile(r"[+-]?[^;\\]+(?:\\\d+[LR]?)?")
_FORBIDDEN_IN_ELEMENT = re.compile(r'[\[\]{};%"]')
_TABLE_TOKEN = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?|[^\s"]+')
