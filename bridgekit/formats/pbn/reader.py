"""The PBN reader: games from PBN 2.1 text (import format), tags kept as
read, sections parsed on demand, problems noted per board."""

from __future__ import annotations

import io
import itertools
import os
import re
from typing import IO, Callable, Iterable, Iterator, Union

from ...board import (MANDATORY_TAGS, MAX_PROBLEMS, more_problems, parse_result, quote, small_int, SUFFIX_NAGS,
                     AuctionRecord, Board, CallEntry, CardEntry, PlayRecord, Problem, Table, Tag)
from ...calls import ALL_CALLS, PASS, Call
from ...cards import ALL_CARDS, Card
from ...contract import end_position_strain
from ...deal import Deal
from ...errors import BridgekitError, FileFormatError
from ...play import trick_winner
from ...seats import Seat

Source = Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]

__all__ = ["read_pbn", "decode_lines", "Source"]

#: Tags whose value may not use ``#`` / ``##`` inheritance (PBN 4.8).
NO_INHERIT = frozenset(("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"))

_CHUNK = 1 << 20

# The kinds of a section's raw items ``(line, text, kind)``: section data, a
# comment, a ``%`` line (its place is the count of entries before it).
_DATA, _COMMENT, _ESCAPE = 0, 1, 2

# -- decoding ---------------------------------------------------------------


def _pick_codepage(raw: bytes) -> str:
    """The 8-bit code page under which ``raw`` reads as the most letters."""
    best, best_score = "latin-1", -1
    for enc in ("cp1252", "cp1250"):
        try:
            text = raw.decode(enc)
        except UnicodeDecodeError:
            continue
        score = sum(1 for ch in text if ord(ch) > 127 and ch.isalpha())
        if score > best_score:
            best, best_score = enc, score
    return best


class _Decoder:
    """Splits a binary stream into text lines (without line ends)."""

    def __init__(self, stream: IO[bytes], name: str | None) -> None:
        self.stream = stream
        self.name = name
        self.codepage: str | None = None
        self.encoding = "utf-8"

    def _decode_block(self, block: bytes) -> str:
        try:
            return block.decode(self.encoding)
        except UnicodeDecodeError:
            pass
        if self.codepage is None:
            self.codepage = _pick_codepage(bytes(b for b in block if b > 127))
        out = []
        for raw in block.split(b"\n"):
            try:
                out.append(raw.decode("utf-8"))
            except UnicodeDecodeError:
                out.append(raw.decode(self.codepage, errors="replace"))
        return "\n".join(out)

    def lines(self) -> Iterator[str]:
        first = self.stream.read(_CHUNK)
        if not first:
            raise FileFormatError("empty file", self.name)
        if first.startswith(b"\xef\xbb\xbf"):
            first = first[3:]
        elif first.startswith((b"\xff\xfe", b"\xfe\xff")):
            rest = self.stream.read()
            try:
                text = (first + rest).decode("utf-16")
            except UnicodeDecodeError:
                raise FileFormatError("not a text file (bad UTF-16)", self.name) from None
            yield from _split_text(text)
            return
        if b"\x00" in first:
            raise FileFormatError("not a text file (binary data: NUL bytes)", self.name)
        buf = first
        while True:
            chunk = self.stream.read(_CHUNK) if buf is not first or len(first) == _CHUNK else b""
            if not chunk:
                if buf:
                    yield from _split_text(self._decode_block(buf))
                return
            buf += chunk
            cut = buf.rfind(b"\n")
            if cut < 0:
                continue
            block, buf = buf[:cut], buf[cut + 1:]
            if block.endswith(b"\r"):
                block = block[:-1]  # the CR of a CRLF cut at the chunk boundary (not an empty line)
            if b"\x00" in block:
                raise FileFormatError("not a text file (binary data: NUL bytes)", self.name)
            yield from _split_text(self._decode_block(block))


def _split_text(text: str) -> list[str]:
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def decode_lines(source: Source, name: str | None = None) -> Iterator[str]:
    """The text lines of ``source`` (path, text, bytes, text or binary stream),
    decoded as described in the module docstring.  Raises FileFormatError for a
    missing, unreadable, empty or binary file."""
    if isinstance(source, str) and _looks_like_path(source):
        source = os.fspath(source)
        yield from _lines_of_path(source, name or source)
        return
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        yield from _lines_of_path(path, name or str(path))
        return
    if isinstance(source, str):
        if not source:
            raise FileFormatError("empty input", name)
        if source.startswith("\ufeff"):
            source = source[1:]
        if "\x00" in source:
            raise FileFormatError("not a text file (binary data: NUL bytes)", name)
        yield from _split_text(source)
        return
    if isinstance(source, (bytes, bytearray)):
        yield from _Decoder(io.BytesIO(bytes(source)), name).lines()
        return
    if isinstance(source, io.TextIOBase) or not _is_binary_stream(source):
        first = True
        any_line = False
        for line in source:
            text = str(line)
            if first and text.startswith("\ufeff"):
                text = text[1:]
            first = False
            if "\x00" in text:
                raise FileFormatError("not a text file (binary data: NUL bytes)", name)
            any_line = True
            if text.endswith("\n"):
                text = text[:-1]
            if "\r" in text:
                yield from _split_text(text[:-1] if text.endswith("\r") else text)
            else:
                yield text
        if not any_line:
            raise FileFormatError("empty input", name)
        return
    yield from _Decoder(source, name).lines()  # type: ignore[arg-type]


def _is_binary_stream(stream: object) -> bool:
    mode = getattr(stream, "mode", None)
    if isinstance(mode, str):
        return "b" in mode
    return isinstance(stream, (io.BufferedIOBase, io.RawIOBase))


def _looks_like_path(text: str) -> bool:
    return bool(text) and "\n" not in text and "\r" not in text and text[0] not in "[%{;" and len(text) < 4096


def _lines_of_path(path: str, name: str) -> Iterator[str]:
    if os.path.isdir(path):
        raise FileFormatError("is a directory, not a file", name)
    try:
        stream = open(path, "rb")
    except FileNotFoundError:
        raise FileFormatError("no such file", name) from None
    except (OSError, ValueError) as e:
        raise FileFormatError(f"cannot open: {getattr(e, 'strerror', None) or e}", name) from None
    with stream:
        try:
            yield from _Decoder(stream, name).lines()
        except OSError as e:
            raise FileFormatError(f"cannot read: {e.strerror or e}", name) from None


# -- scanning ---------------------------------------------------------------

_TAG_LINE = re.compile(r'\s*\[\s*([A-Za-z0-9_]+)\s*"([^"\\]*+(?:\\.[^"\\]*+)*+)"\s*\]\s*$')
_SPECIAL = re.compile(r'[\[\]{};]')
_SCAN_ITEMS = r'''
    (?P<ws>\s+)
  | (?P<tag>\[\s*(?P<name>[A-Za-z0-9_]+)\s*"(?P<value>[^"\\]*+(?:\\.[^"\\]*+)*+)"\s*\])
  | ;(?P<semi>.*)
  | \{(?P<brace>[^}]*)\}
  | \{(?P<open>.*)
  | (?P<str>"[^"\\]*+(?:\\.[^"\\]*+)*+")
  | (?P<lbr>\[)
  | (?P<tok>[^\s\[\]{};"]+)
  | (?P<other>.)
'''
_SCAN = re.compile(_SCAN_ITEMS, re.VERBOSE)
# The rest of a line after a '"' that no '"' closes: no tag value or string can
# close there either, so they are not tried again (each try would scan to the
# end of the line: quadratic).
_SCAN_UNQUOTED = re.compile("\n".join(line for line in _SCAN_ITEMS.split("\n") if "<tag>" not in line
                                      and "<str>" not in line), re.VERBOSE)
#: Tags, comments and stray characters read on one line (a 10 MB line of
#: '{x}' would otherwise keep a million comments).
_LINE_ITEMS = 10_000
#: Lines read per game (the longest real games, with commentary, have hundreds).
_GAME_LINES = 100_000
_LOOSE_HEAD = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"')
_QUOTE_BRACKET = re.compile(r'"\s*\]')
_STRING_END = re.compile(r'[^"\\]*+(?:\\.[^"\\]*+)*+"')
#: PBN 2.3: a line holds at most 255 characters, its end of line included.
MAX_LINE = 254
_UNESCAPE = re.compile(r'\\([\\"])')


def _unescape(value: str) -> str:
    return _UNESCAPE.sub(r"\1", value) if "\\" in value else value


def _new_board(file: str | None, line: int | None) -> Board:
    """``Board(file=file, line=line)``, built without running the field
    setters (the reader makes one per game; ``tests/test_pbn.py`` checks that
    both are the same)."""
    board = object.__new__(Board)
    board.__dict__.update(tags={}, _auction=None, _play=None, _tables={}, comments=[], _problems=[], file=file,
                          line=line, escapes=[], _notes=[], _escape_places=[])
    return board


class _Game:
    """A game being scanned: the board plus the raw sections left for later."""

    __slots__ = ("board", "sections", "current", "notes", "scan_problems", "dropped", "last", "has_tag", "cut", "start",
                 "anchor", "places")

    def __init__(self, name: str | None, line: int) -> None:
        self.board = _new_board(name, line)
        self.sections: dict[str, list[tuple[int, str, int]]] = {}
        self.current: list[tuple[int, str, int]] | None = None  # raw items of the open section
        self.notes: list[tuple[str, int, str]] = []  # (section, line, value)
        self.scan_problems: list[tuple[str, str, int | None, str]] = []
        self.dropped = 0  # problems beyond MAX_PROBLEMS, only counted
        self.last: Tag | None = None
        self.has_tag = False
        self.cut = False  # lines over _GAME_LINES are skipped
        self.start = line
        self.anchor = ""  # the last tag read (not a Note): a '%' line that follows stands after it
        # where each '%' line of the game stood: (tag, entries before it), None when the
        # section's parser counts them (the line is then among the section's raw items)
        self.places: list[tuple[str, int | None]] = []

    def escape(self, line: str, lineno: int) -> None:
        """A ``%`` line inside the game, kept at its place."""
        self.board.escapes.append(line)
        current = self.current
        if current and self.sections.get(self.anchor) is current:
            current.append((lineno, line, _ESCAPE))
            self.places.append((self.anchor, None))
        else:
            self.places.append((self.anchor, 0))

    def note(self, code: str, message: str, line: int | None, severity: str) -> None:
        """Record a problem found while scanning (the first MAX_PROBLEMS are kept)."""
        if len(self.scan_problems) < MAX_PROBLEMS:
            self.scan_problems.append((code, message, line, severity))
        else:
            self.dropped += 1


class _Reader:
    def __init__(self, name: str | None) -> None:
        self.name = name
        self.previous: dict[str, Tag] = {}     # tags of the previous games, for "#"
        self.defaults: dict[str, str] = {}     # "##" values for all following games
        self.prev_deal: dict[str, Tag] | None = None  # tags of the game just before, when it has a Deal
        self.long_lines: list[int] = []        # lines over PBN's 255 characters, for the game they are in
        self.export = False                    # the file said '% EXPORT': its layout rules apply

    # The scanner works line by line; a game ends at a blank line outside a
    # brace comment.  Brace comments spanning lines are gathered in ``pending``
    # so that an unterminated one can be undone at the end of the file.

    def games(self, lines: Iterable[str]) -> Iterator[Board]:
        name = self.name
        defaults = self.defaults
        tag_line = _TAG_LINE.match
        special = _SPECIAL.search
        game: _Game | None = None
        carry_comments: list[str] = []
        carry_escapes: list[str] = []
        carry_line: int | None = None
        comment: list[str] | None = None       # open brace comment lines
        comment_start = 0
        comment_buffer: list[tuple[int, str]] = []  # raw lines since the brace opened
        comment_owner: object = None
        partial: tuple[int, str, int] | None = None  # a tag spanning lines: first line, text, lines joined
        source: Iterator[tuple[int, str]] = enumerate(lines, 1)
        fast_game: _Game | None = None  # the game whose tags and sections are cached below
        fast_tags: dict[str, Tag] = {}
        fast_sections: dict[str, list[tuple[int, str, int]]] = {}
        partial_count = 0
        yielded = 0  # games finished
        text_seen = False  # a line that is not blank: a header alone is a file of zero games
        held: Board | None = None  # the last game finished, yielded once the next one is (or at the end)
        reread_until = 0  # lines after an unclosed '{' are read again up to this one: none holds a '}'

        long_lines = self.long_lines
        while True:
            for lineno, line in source:
                if len(line) > MAX_LINE and len(long_lines) < 20:  # a few name the problem
                    long_lines.append(lineno)
                if game is not None and lineno - game.start > _GAME_LINES and comment is None and line \
                        and not line.isspace():
                    if not game.cut:  # a hostile game (a million '{' lines): the rest is skipped, not kept
                        game.cut = True
                        game.note("long-game", f"the game holds more than {_GAME_LINES:,} lines: lines from "
                                  f"{lineno} to the next empty line are not read", lineno, "error")
                    continue
                if comment is None and partial is None and game is not None:
                    # fast paths for the two most common lines: a plain new tag
                    # on its own line, and a section line without specials
                    first = line[:1]
                    if first == "[":
                        m = tag_line(line)
                        if m is not None:
                            tname, value = m.groups()
                            if game is not fast_game:
                                fast_game, fast_tags, fast_sections = game, game.board.tags, game.sections
                            if (tname not in fast_tags and game.has_tag and tname not in defaults and tname != "Note"
                                    and value[:1] != "#" and "\\" not in value):
                                tag = Tag(tname, value, lineno)
                                fast_tags[tname] = tag
                                game.last = tag
                                game.anchor = tname
                                game.current = fast_sections[tname] = []
                                partial_count = 0
                                continue
                    elif (first and first not in " \t%{;" and game.current is not None
                          and special(line) is None):
                        game.current.append((lineno, line, _DATA))
                        partial_count = 0
                        continue
                if comment is not None:
                    comment_buffer.append((lineno, line))
                    end = line.find("}")
                    if end < 0:
                        comment.append(line)
                        if len(comment_buffer) > _GAME_LINES:
                            break  # too long to be a comment: taken as unclosed, its lines read again
                        continue
                    comment.append(line[:end])
                    if game is None:
                        game = _Game(name, comment_start)
                    swallowed = sum(1 for text in comment[1:] if tag_line(text) is not None)
                    if swallowed:
                        game.note("comment-swallows-tags", f"the '{{' comment of line {comment_start} runs to line "
                                  f"{lineno} and holds {swallowed} tag line(s): a missing '}}'?", comment_start,
                                  "warning")
                    self._attach_comment(game, comment_owner, "\n".join(comment))
                    comment = None
                    comment_buffer = []
                    rest = line[end + 1:]
                    if not rest.strip():
                        continue
                    line = " " * (end + 1) + rest
                elif partial is not None:
                    if not line.strip() or line.startswith("%") or line.lstrip().startswith("["):
                        assert game is not None
                        game.note("bad-tag", f"unterminated tag {quote(partial[1].strip())}", partial[0], "error")
                        partial = None
                        partial_count = 0
                    else:
                        lineno, text, joined = partial
                        partial = None
                        line = text + " " + line.strip()
                        partial_count = joined
                else:
                    partial_count = 0
                if not line or line.isspace():
                    if game is not None and game.has_tag:
                        yielded += 1
                        done = self._finish(game)
                        if held is not None:
                            yield held
                        held = done
                        game = None
                    continue
                text_seen = True
                if line[0] == "%":
                    if line[1:].strip() == "EXPORT":
                        self.export = True
                    if game is not None:
                        game.escape(line, lineno)
                    elif yielded or not _is_header_escape(line):  # the file's own header is not a game's
                        if carry_line is None:
                            carry_line = lineno
                        carry_escapes.append(line)
                    continue
                m = tag_line(line)
                if m is not None:
                    if game is None:
                        game = self._new_game(lineno, carry_comments, carry_escapes, carry_line)
                        carry_comments, carry_escapes, carry_line = [], [], None
                    tname, value = m.groups()
                    tags = game.board.tags
                    if (game.has_tag and tname not in tags and tname not in defaults and tname != "Note"
                            and value[:1] != "#" and "\\" not in value):
                        # the common case, inline: a new plain tag
                        tag = Tag(tname, value, lineno)
                        tags[tname] = tag
                        game.last = tag
                        game.anchor = tname
                        game.current = game.sections[tname] = []
                        continue
                    if self._tag(game, tname, value, lineno):
                        yielded += 1
                        done = self._finish(game, missing_blank=lineno)
                        if held is not None:
                            yield held
                        held = done
                        game = self._new_game(lineno, [], [], None)
                        self._tag(game, m.group(1), m.group(2), lineno)
                    continue
                if game is None:
                    game = self._new_game(lineno, carry_comments, carry_escapes, carry_line)
                    carry_comments, carry_escapes, carry_line = [], [], None
                if game.current is not None and special(line) is None:
                    game.current.append((lineno, line, _DATA))
                    continue
                # general tokenizer
                pos = 0
                n = len(line)
                scan = _SCAN
                last_close: re.Match[str] | None | bool = False  # the line's last '"]' (found when first needed)
                run = -1  # start of the run of section tokens being read (kept as one slice of the line)
                run_end = 0
                items = 0
                while True:
                    if pos >= n or items == _LINE_ITEMS:
                        if run >= 0 and game.current is not None:
                            game.current.append((lineno, line[run:run_end], _DATA))
                        if pos < n:
                            game.note("long-line", f"line {lineno} holds more than {_LINE_ITEMS:,} tags, comments "
                                      "or stray characters: the rest of it is not read", lineno, "error")
                        break
                    m = scan.match(line, pos)
                    assert m is not None
                    pos = m.end()
                    kind = m.lastgroup
                    if kind == "ws":
                        continue
                    if kind == "other" and game.current is not None and m.group(kind) == '"':
                        scan = _SCAN_UNQUOTED  # an unclosed '"' in a section: kept with its tokens
                        kind = "tok"
                    if kind == "str" or kind == "tok":
                        if game.current is None:
                            game.note("bad-token", f"text {quote(m.group(kind))} outside any tag or section",
                                      lineno, "warning")
                        elif run < 0:
                            run, run_end = m.start(), pos
                        else:
                            run_end = pos
                        continue
                    if run >= 0:
                        if game.current is not None:
                            game.current.append((lineno, line[run:run_end], _DATA))
                        run = -1
                    items += 1
                    if kind == "tag":
                        if self.export:
                            game.note("export-format", f"tag {m.group('name')} is not alone at the start "
                                      "of its line (PBN 3.3, export format)", lineno, "warning")
                        if self._tag(game, m.group("name"), m.group("value"), lineno):
                            yielded += 1
                            done = self._finish(game, missing_blank=lineno)
                            if held is not None:
                                yield held
                            held = done
                            game = self._new_game(lineno, [], [], None)
                            self._tag(game, m.group("name"), m.group("value"), lineno)
                    elif kind == "semi":
                        self._comment(game, m.group("semi"), lineno)
                    elif kind == "brace":
                        self._comment(game, m.group("brace"), lineno)
                    elif kind == "open":
                        if lineno <= reread_until:  # no '}' follows: this '{' is unclosed too (linear, not quadratic)
                            game.note("unterminated-comment", "'{' comment is never closed; it is taken "
                                      "to end at its line", lineno, "error")
                            self._comment(game, m.group("open"), lineno)
                            break
                        comment = [m.group("open")]
                        comment_start = lineno
                        comment_buffer = [(lineno, line)]
                        comment_owner = self._comment_owner(game)
                        break
                    elif kind == "lbr":
                        start = m.start()
                        head = _LOOSE_HEAD.match(line, start)
                        if head is not None:
                            if last_close is False:
                                last_close = None
                                for last_close in _QUOTE_BRACKET.finditer(line):
                                    pass
                            if isinstance(last_close, re.Match) and last_close.start() >= head.end():
                                # '[Name "value"]' read as far as the line's last '"]'
                                game.note("bad-tag", f"malformed tag {quote(line[start:last_close.end()])} "
                                          "(unescaped quote?), read as far as its last quote", lineno, "warning")
                                value = line[head.end():last_close.start()].replace('"', '\\"')
                                if self._tag(game, head.group(1), value, lineno):
                                    game.note("duplicate-tag", f"repeated tag {head.group(1)} ignored", lineno,
                                              "warning")
                                pos = last_close.end()
                                continue
                            if _STRING_END.match(line, head.end()) is None:
                                scan = _SCAN_UNQUOTED
                        close = line.find("]", start)
                        if close < 0 and partial_count < 8:
                            partial = (lineno, line[start:], partial_count + 1)
                            break
                        game.note("bad-tag", f"malformed tag {quote(line[start:close + 1 if close >= 0 else n])}",
                                  lineno, "error")
                        if close < 0:
                            break
                        pos = close + 1
                    else:  # a stray ']', '}' or '"'
                        other = m.group("other")
                        if other == '"':
                            scan = _SCAN_UNQUOTED
                        game.note("bad-token", f"stray {other!r}", lineno, "warning")
            if comment is None:
                break
            # end of file (or _GAME_LINES lines) inside a "{": keep its first line as the comment, read
            # the rest again
            if game is None:
                game = _Game(name, comment_start)
            game.note("unterminated-comment", "'{' comment is never closed; it is taken to end at its line",
                      comment_start, "error")
            self._attach_comment(game, comment_owner, comment[0])
            comment = None
            reread_until = comment_buffer[-1][0]
            source = itertools.chain(comment_buffer[1:], source)
            comment_buffer = []
        if partial is not None and game is not None:
            game.note("truncated", f"file ends inside a tag {quote(partial[1].strip())}", partial[0], "error")
        if game is not None and game.has_tag:
            yielded += 1
            done = self._finish(game)
            if held is not None:
                yield held
            held = done
        elif game is not None and game.scan_problems:
            # text after the last game that is no game (a truncated tag, stray text, an
            # unclosed '{'): the last game is still held back, so they go on it
            if not yielded:
                code, message, at, _severity = game.scan_problems[0]
                raise FileFormatError(f"no PBN game found ({code}: {message})", name, at)
            pending = held.__dict__.get("_pbn_game") if held is not None else None
            if pending is not None:
                for code, message, at, severity in game.scan_problems:
                    pending.note(code, message, at, severity)
                pending.dropped += game.dropped
        if held is not None:
            yield held
        if not yielded and not text_seen:
            raise FileFormatError("empty file (blank lines only)", name)
        # PBN 2.1 (3): a file holds zero or more games, so a file with only its
        # '%' header (or comments) is valid and has no boards

    # -- pieces of the scanner --------------------------------------------

    def _new_game(self, lineno: int, comments: list[str], escapes: list[str], first: int | None) -> _Game:
        game = _Game(self.name, first if first is not None and not comments else lineno)
        game.board.comments.extend(comments)
        game.board.escapes.extend(escapes)
        game.places.extend([("", 0)] * len(escapes))
        return game

    def _tag(self, game: _Game, name: str, value: str, lineno: int) -> bool:
        """Add a tag to ``game``; True when it belongs to a new game instead
        (a game that was not ended by a blank line)."""
        board = game.board
        if "\\" in value:
            value = _unescape(value)
        if not game.has_tag:
            game.has_tag = True
            board.line = lineno
        if name == "Note":
            section = "Play" if game.current is not None and game.current is game.sections.get("Play") else "Auction"
            game.notes.append((section, lineno, value))
            game.last = None
            return False
        if name in board.tags:
            if name in ("Event", "Board") and "Deal" in board.tags:
                return True  # the caller starts a new game here
            game.note("duplicate-tag", f"repeated tag {name} ignored", lineno, "warning")
            game.current = []  # its section data is ignored too
            game.last = None
            return False
        if value and value[0] == "#":
            if name in NO_INHERIT:
                game.note("bad-inheritance", f"{name} may not inherit a value with '#'", lineno, "error")
            elif value == "#":
                prev = self.previous.get(name)
                value = prev.value if prev is not None else ""
            elif value.startswith("##"):
                value = value[2:]
                self.defaults[name] = value
        elif name in self.defaults:
            self.defaults[name] = value
        tag = Tag(name, value, lineno)
        board.tags[name] = tag
        game.last = tag
        game.anchor = name
        raw: list[tuple[int, str, int]] = []
        game.sections[name] = raw
        game.current = raw
        return False

    def _comment_owner(self, game: _Game) -> object:
        if game.current is not None and game.last is not None \
                and (game.last.name in ("Auction", "Play") or game.current):
            return game.current  # a section's data, or a table's once it has elements (PBN 5.1)
        if game.last is not None:
            return game.last
        if game.has_tag and game.current is not None:
            return game.current
        return game.board

    def _attach_comment(self, game: _Game, owner: object, text: str) -> None:
        if isinstance(owner, list):
            owner.append((0, text, _COMMENT))
        elif isinstance(owner, Tag):
            owner.comments.append(text)
        else:
            game.board.comments.append(text)

    def _comment(self, game: _Game, text: str, lineno: int) -> None:
        owner = self._comment_owner(game)
        if isinstance(owner, list):
            owner.append((lineno, text, _COMMENT))
        else:
            self._attach_comment(game, owner, text)

    def _finish(self, game: _Game, missing_blank: int | None = None) -> Board:
        board = game.board
        if self.long_lines:
            for n in self.long_lines:
                game.note("line-too-long", f"line {n} is longer than PBN's 255 characters "
                          "(end of line included)", n, "warning")
            self.long_lines.clear()
        if missing_blank is not None:
            game.note("missing-blank-line", f"a new game starts at line {missing_blank} "
                      "without an empty line before it", missing_blank, "warning")
        tags = board.tags
        if self.export:
            _export_tag_rules(game, self.defaults)
        for name, value in self.defaults.items():
            if name not in tags:
                tags[name] = Tag(name, value, None)
        # rpbridge.net and club files omit the deal on the second table of a board
        # (only from the game just before, and only for a game that has no
        # Board, Deal, Dealer or Vulnerable but records a table's result)
        if ("Deal" not in tags and self.prev_deal is not None
                and not any(k in tags for k in ("Board", "Dealer", "Vulnerable"))
                and sum(1 for k in ("Auction", "Play", "Contract", "Declarer", "Result") if k in tags) >= 2):
            for key in ("Board", "Dealer", "Vulnerable", "Deal"):
                tag = self.prev_deal.get(key)
                if tag is not None:
                    tags[key] = Tag(key, tag.value, None)
            game.note("inherited-deal", "no Deal tag: board, dealer, vulnerability and "
                      "deal taken from the previous game", board.line, "warning")
        self.previous.update(tags)
        self.prev_deal = tags if "Deal" in tags else None
        board.__dict__["_pbn_game"] = game
        board.__dict__["_loader"] = _materialize
        return board


def _export_tag_rules(game: _Game, defaults: dict[str, str]) -> None:
    """PBN 3.4 in a file that says '% EXPORT': the 15 mandatory tags, in
    their order (a tag given with '##' earlier may be left out)."""
    tags = game.board.tags
    missing = [n for n in MANDATORY_TAGS if n not in tags and n not in defaults]
    if missing:
        game.note("export-format", f"mandatory tag{'s' if len(missing) > 1 else ''} "
                  f"{', '.join(missing)} missing (PBN 3.4, export format)", game.board.line, "warning")
    order = [n for n in tags if n in _MANDATORY_RANK]
    for a, b in zip(order, order[1:]):
        if _MANDATORY_RANK[a] > _MANDATORY_RANK[b]:
            game.note("export-format", f"tag {b} comes after {a} (PBN 3.4: the mandatory "
                      "tags in their order, export format)", tags[b].line, "warning")
            break


_MANDATORY_RANK = {name: i for i, name in enumerate(MANDATORY_TAGS)}


def _is_header_escape(line: str) -> bool:
    text = line[1:].strip().upper()
    return text.startswith("PBN ") or text in ("EXPORT", "IMPORT")


# -- materializing (lazy) ---------------------------------------------------

_SEC_TOKEN = re.compile(r'[A-Za-z0-9]+\*(?!\S)|"[^"\\]*+(?:\\.[^"\\]*+)*+"?|=\d+=|\$\d+|[!?]{1,2}|\^[A-Za-z]|[*+]|[^\s!?=$*+^"]+|\S')
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
_cards_get = _CARDS.get
# The tokens of a plain call or card (fixed: ``_CALLS`` and ``_CARDS`` also
# cache other spellings, and failures as None).  A section line made of these
# alone is turned into entries in one step.
_PLAIN_CALLS: dict[str, Call] = {text: call for text, call in _CALLS.items() if call is not None}
_PLAIN_CALL_TOKENS = frozenset(_PLAIN_CALLS)
_PLAIN_CARDS = frozenset(_CARDS) | {"-"}  # '-': a card not known or not played


def _call_of(token: str) -> Call | None:
    try:
        return _CALLS[token]
    except KeyError:
        pass
    call: Call | None
    if token in ("-",):
        call = None
    else:
        try:
            call = Call.parse(token)
        except BridgekitError:
            call = None
    if len(token) <= 8 and len(_CALLS) < _CACHE_SIZE:  # a file's junk tokens are not kept for ever
        _CALLS[token] = call
    return call


def _card_of(token: str) -> Card | None:
    try:
        return _CARDS[token]
    except KeyError:
        pass
    card: Card | None
    try:
        card = Card.parse(token)
    except BridgekitError:
        card = None
    if len(token) <= 8 and len(_CARDS) < _CACHE_SIZE:
        _CARDS[token] = card
    return card


_CACHE_SIZE = 4096
#: Calls (or cards) kept per Auction (or Play) section: far more than any
#: auction or play holds, few enough that a 10 MB line of calls stays small.
MAX_ENTRIES = 10_000
#: Elements kept per table.
MAX_CELLS = 100_000
#: Section lines longer than this are tokenized lazily (no list of their tokens).
_LONG_LINE = 4096


def _materialize(board: Board) -> None:
    game: _Game = board.__dict__.pop("_pbn_game")
    problems: list[Problem] = []
    board.__dict__["_problems"] = problems
    label = board.label
    file = board.file

    dropped = game.dropped

    def problem(code: str, message: str, line: int | None, severity: str = "error", *,
                call_index: int | None = None, card_index: int | None = None) -> None:
        nonlocal dropped
        if len(problems) >= MAX_PROBLEMS:
            dropped += 1
            return
        # an inherited tag has no line of its own: the game's first line stands for it
        problems.append(Problem(code, message, file, line if line is not None else board.line, label,
                                call_index, card_index, severity))

    for code, message, line, severity in game.scan_problems:
        problem(code, message, line, severity)
    tags = board.tags
    _check_values(board, problem)
    tables: dict[str, Table] = {}
    board.__dict__["_tables"] = tables
    alerted: list[CallEntry] = []
    places = game.places
    board.__dict__["_escape_places"] = escape_places = [(name, 0) for name, _ in places]
    for name, raw in game.sections.items():
        escaped: list[int] = []  # the places of the section's '%' lines, in entries
        if name == "Auction":
            board.__dict__["_auction"] = _parse_auction(board, tags[name], raw, problem, alerted, escaped)
        elif name == "Play":
            board.__dict__["_play"] = _parse_play(board, tags[name], raw, problem, escaped)
        elif raw or name.endswith("Table"):
            _parse_table(tags[name], raw, tables, problem, escaped)
        if escaped:
            counted = iter(escaped)
            for k, (anchor, at) in enumerate(places):
                if anchor == name and at is None:
                    escape_places[k] = (name, next(counted, 0))
    auction = board.__dict__.get("_auction")
    play = board.__dict__.get("_play")
    for section, line, value in game.notes:
        number, sep, text = value.partition(":")
        found = small_int(number.strip(), 3)
        n = found if found is not None else -1
        if not sep or n < 0:
            problem("bad-note", f"Note {quote(value)} is not 'number:text'", line, "warning")
            board.notes.append(value)
            continue
        target = play if section == "Play" and play is not None else auction
        if target is None:
            target = play
        if target is None:
            problem("bad-note", f"Note {n} belongs to no Auction or Play section", line, "warning")
            board.notes.append(value)
            continue
        if n in target.notes:
            problem("duplicate-note", f"Note {n} given twice; the first is kept", line, "warning")
            continue
        target.notes[n] = text
    if alerted and auction is not None:
        used = set(auction.notes) | {e.note for e in auction.calls if e.note is not None}
        n = max(used, default=0) + 1
        auction.notes[n] = "alert"
        for entry in alerted:
            if entry.note is None:
                entry.note = n
        problem("alert-mark", f"'*' after a call read as an alert mark (note {n}), not as the end of the "
                f"auction, since calls follow it", alerted[0].line, "warning")
    if len(problems) > 1:
        problems.sort(key=lambda p: p.line if p.line is not None else 0)
    if dropped:
        problems.append(more_problems(dropped, file, problems[-1].line, label))


def _value_error(name: str, value: str) -> str | None:
    """The problem with a Dealer/Vulnerable/Declarer/Contract value, or None."""
    key = (name, value)
    try:
        return _VALUE_ERRORS[key]
    except KeyError:
        pass
    error: str | None = None
    text = value.strip()
    if text not in ("", "?"):
        if name == "Declarer" and text.startswith("^"):
            text = text[1:]
        try:
            _VALUE_PARSERS[name](text)
        except BridgekitError as e:
            if not (name == "Contract" and end_position_strain(text) is not None):
                error = f"{name}: {e}"  # (a strain alone is an end position's contract, PBN 3.10)
    if len(_VALUE_ERRORS) > 4096:
        _VALUE_ERRORS.clear()
    _VALUE_ERRORS[key] = error
    return error


_VALUE_ERRORS: dict[tuple[str, str], str | None] = {}
_UNSEEN = "unseen"


def _check_values(board: Board, problem: Callable[..., None]) -> None:
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
                problem("bad-value", f"Result: {e}", tag.line)
    tag = tags.get("Score")
    if tag is not None:
        long_number = _LONG_NUMBER.search(tag.value)
        if long_number is not None:
            problem("bad-value", f"Score: a number of {len(long_number.group(0))} digits in {quote(tag.value)}",
                    tag.line)
    tag = tags.get("Deal")
    if tag is not None:
        value = tag.value.strip()
        if value not in ("", "?") and not _deal_is_sound(value):
            try:
                deal = Deal.parse(value)
            except BridgekitError as e:
                problem("bad-deal", str(e), tag.line)
                return
            if "Hidden" in tags:
                shown = deal.hiding(board.hidden)
                if shown is not deal:
                    seats = [seat.full_name for seat in Seat if deal[seat] is not None and shown[seat] is None]
                    problem("hidden-hand", f"{' and '.join(seats)} written '...' and named in the Hidden tag: "
                            "read as unknown hand" + ("s" if len(seats) > 1 else ""), tag.line, "warning")
                    deal = shown
            for code, message in Deal.repeats(value) + deal.problems(allow_end_position=True):
                problem(code, message, tag.line)


_LONG_NUMBER = re.compile(r"[0-9]{7,}")  # more digits than any score


def _seat(text: str) -> Seat:
    return Seat.parse(text)


def _vul(text: str) -> object:
    from ...seats import Vul
    return Vul.parse(text)


def _contract(text: str) -> object:
    from ...contract import Contract
    return Contract.parse(text)


_VALUE_PARSERS: dict[str, Callable[[str], object]] = {
    "Dealer": _seat, "Vulnerable": _vul, "Declarer": _seat, "Contract": _contract}

_HAND = re.compile(r"^([AKQJT2-9]*)\.([AKQJT2-9]*)\.([AKQJT2-9]*)\.([AKQJT2-9]*)$")


def _deal_is_sound(value: str) -> bool:
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


_COMPLEX = re.compile(r'[=$!?^+"]')  # tokens not split by white space alone


def _parse_auction(board: Board, tag: Tag, raw: list[tuple[int, str, int]],
                   problem: Callable[..., None], alerted: list[CallEntry], escaped: list[int]) -> AuctionRecord:
    """The Auction section; calls marked with a glued ``*`` followed by more
    calls (``4C* P``, a de-facto alert mark) are added to ``alerted``, the
    places of its ``%`` lines (calls before them) to ``escaped``."""
    try:
        found = _SEATS.get(tag.value)
        first = found if found is not None else Seat.parse(tag.value)
    except BridgekitError:
        first = board.dealer if board.dealer is not None else Seat.N
        problem("bad-value", f"Auction: invalid first caller {tag.value!r} (taken as {first.name})", tag.line)
    rec = AuctionRecord(first, line=tag.line)
    calls = rec.calls
    last: CallEntry | None = None
    flag: str | None = None
    ended = False
    starred: CallEntry | None = None  # "4C*": an alert mark if more calls follow
    full = False
    for index, (line, text, item) in enumerate(raw):
        if full:
            break
        if item == _ESCAPE:
            escaped.append(len(calls))
            continue
        if item:
            if last is not None:
                last.comments.append(text)
            else:
                rec.comments.append(text)
            continue
        toks: Iterable[str] = text.split() if len(text) <= _LONG_LINE else _Tokens(text)
        if flag is None and starred is None and not ended and isinstance(toks, list):
            if _PLAIN_CALL_TOKENS.issuperset(toks):  # plain calls only: the common case
                calls.extend([CallEntry(_PLAIN_CALLS[tok], line) for tok in toks])
                if calls:
                    last = calls[-1]
                continue
            # the last line of many auctions: plain calls, then AP ("5C AP")
            if toks[-1].upper() == "AP" and _PLAIN_CALL_TOKENS.issuperset(toks[:-1]):
                calls.extend([CallEntry(_PLAIN_CALLS[tok], line) for tok in toks[:-1]])
                last = _all_pass(rec, line)
                ended = True
                continue
        if isinstance(toks, list) and _COMPLEX.search(text) is not None:
            toks = _SEC_TOKEN.findall(text)
        for k, tok in enumerate(toks):
            if len(calls) >= MAX_ENTRIES:
                full = True
                problem("too-many-calls", f"the auction holds more than {MAX_ENTRIES:,} calls: the rest, from "
                        f"line {line}, is not kept", line, call_index=len(calls))
                break
            entry_call = _CALLS.get(tok)
            if entry_call is not None and flag is None and starred is None and not ended:
                last = CallEntry(entry_call, line)
                calls.append(last)
                continue
            if len(tok) > 1 and tok[-1] == "*" and not ended:
                call = _call_of(tok[:-1])
                if call is not None:
                    if starred is not None:
                        alerted.append(starred)
                    last = starred = CallEntry(call, line)
                    if flag is not None:
                        last.flag, flag = flag, None
                    calls.append(last)
                    continue
            if ended:
                if rec.continue_marker:  # PBN 3.5: '+' stands for the next call, the last token
                    problem("continuation-mark", f"{quote(tok)} after '+' (the next call to make)", line,
                            call_index=len(calls))
                else:
                    problem("bad-call", f"{quote(tok)} after the end of the auction ('*' or 'AP')", line,
                            call_index=len(calls))
                continue
            c = tok[0]
            if c == "=" and len(tok) > 2 and tok[-1] == "=":
                if last is None:
                    problem("bad-call", f"note reference {quote(tok)} before any call", line, "warning", call_index=0)
                elif last.note is not None:
                    problem("bad-call", f"second note reference {quote(tok)} on one call", line, "warning",
                            call_index=len(calls) - 1)
                elif small_int(tok[1:-1], 3) is None:
                    problem("bad-note", f"note reference {quote(tok)} is not a number from 0 to 999", line,
                            call_index=len(calls) - 1)
                else:
                    last.note = small_int(tok[1:-1], 3)
                continue
            if c == "$" and tok[1:].isdigit():
                if small_int(tok[1:], 3) is None:
                    problem("bad-nag", f"NAG {quote(tok)} is not a number from 0 to 999", line, "warning",
                            call_index=max(0, len(calls) - 1))
                elif last is None:
                    problem("bad-call", f"NAG {quote(tok)} before any call", line, "warning", call_index=0)
                else:
                    last.nags.append(int(tok[1:]))  # at most 3 ASCII digits
                continue
            if c in "!?" and tok in SUFFIX_NAGS:
                if last is None or last.suffix is not None:
                    problem("bad-call", f"misplaced suffix {quote(tok)}", line, "warning", call_index=max(0, len(calls) - 1))
                else:
                    last.suffix = tok
                continue
            if c == "^":
                kind = tok[1:].upper()
                if kind == "S":
                    rec.skipped.append(len(calls))
                elif kind == "I":
                    flag = "^I"
                else:
                    problem("bad-call", f"irregularity {quote(tok)} is not allowed in an auction", line,
                            call_index=len(calls))
                continue
            if tok == "*":
                rec.incomplete_marker = True
                ended = True
                continue
            if tok == "+":
                rec.continue_marker = True
                ended = True
                continue
            if tok == "-" and not calls and not rec.skipped:
                rec.first = rec.first.next()
                continue
            up = tok.upper()
            if up == "AP":
                if starred is not None:
                    alerted.append(starred)
                    starred = None
                last = _all_pass(rec, line)
                ended = True
                continue
            call = _call_of(tok)
            if call is None:
                # not a call (prose such as "3NT or 4D", "____", "1Z"): the calls
                # stop here and the rest of the section is kept as written
                rest = [toks.rest()] if isinstance(toks, _Tokens) else list(toks)[k:]
                rec.unread = _unread_text(rest, line, raw[index + 1:])
                escaped.extend(len(calls) for _, _, kind in raw[index + 1:] if kind == _ESCAPE)
                problem("bad-call", f"{quote(tok)} is not a call: the Auction section is kept as text from there "
                        f"({quote(' '.join(rec.unread), 40)})", line, call_index=len(calls))
                if starred is not None:
                    alerted.append(starred)
                return rec
            if starred is not None:
                alerted.append(starred)
                starred = None
            last = CallEntry(call, line)
            if flag is not None:
                last.flag, flag = flag, None
            calls.append(last)
    if starred is not None:  # "3NT*" at the very end: the standard's '*'
        rec.incomplete_marker = True
    if not rec.complete_marker and len(calls) >= 4:
        tail = calls[-3:]
        if all(e.call is PASS for e in tail) and (len(calls) > 3):
            rec.complete_marker = True
    return rec


def _unread_text(toks: list[str], at: int, rest: list[tuple[int, str, int]]) -> list[str]:
    """The lines of a section from a token on (``toks``, the rest of line
    ``at``), then the following lines as written (comments in braces)."""
    lines = [" ".join(toks)]
    current: int | None = at
    for line, text, kind in rest:
        if kind == _ESCAPE:
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


_WORD = re.compile(r"\S+")


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


def _parse_play(board: Board, tag: Tag, raw: list[tuple[int, str, int]],
                problem: Callable[..., None], escaped: list[int]) -> PlayRecord | None:
    """The Play section; the places of its ``%`` lines (entries before them,
    in seat columns) are added to ``escaped``."""
    value = tag.value.strip()
    if not value:
        # [Play ""]: no play (passed out or not recorded); keep nothing but the tag
        if raw and any(c == _DATA for _, _, c in raw):
            problem("bad-card", "cards after an empty Play tag are ignored", tag.line, "warning")
        return None
    try:
        found = _SEATS.get(value)
        leader = found if found is not None else Seat.parse(value)
    except BridgekitError:
        problem("bad-value", f"Play: invalid opening leader {tag.value!r}", tag.line)
        return None
    rec = PlayRecord(leader, line=tag.line)
    tricks = rec.tricks
    row: list[CardEntry | None] = []

    def here() -> int:
        """The played position of the next entry of the section (its trick's
        leader found from the trump of the Contract tag when it can be read)."""
        if not row or len(row) == 4:
            return _played_index(rec, board, len(tricks), 0)
        return _played_index(rec, board, len(tricks) - 1, len(row))

    last: CardEntry | None = None
    flag: str | None = None
    ended = False
    full = False
    for line, text, item in raw:
        if full:
            break
        if item == _ESCAPE:
            escaped.append((len(tricks) - 1) * 4 + len(row) if tricks else 0)
            continue
        if item:
            if last is not None:
                last.comments.append(text)
            else:
                rec.comments.append(text)
            continue
        toks: Iterable[str] = text.split() if len(text) <= _LONG_LINE else _Tokens(text)
        if (isinstance(toks, list) and len(toks) == 4 and (not row or len(row) == 4) and flag is None and not ended
                and _PLAIN_CARDS.issuperset(toks)):
            # a whole trick on its line (cards or '-'): the common case
            row = [CardEntry(_cards_get(tok), line) for tok in toks]
            tricks.append(row)
            last = row[3]
            continue
        if isinstance(toks, list) and _COMPLEX.search(text) is not None:
            toks = _SEC_TOKEN.findall(text)
        for tok in toks:
            if tricks and (len(tricks) - 1) * 4 + len(tricks[-1]) >= MAX_ENTRIES:
                full = True
                problem("too-many-cards", f"the play holds more than {MAX_ENTRIES:,} cards: the rest, from line "
                        f"{line}, is not kept", line)
                break
            card = _CARDS.get(tok)
            if card is not None and flag is None and not ended:
                last = CardEntry(card, line)
                if len(row) == 4 or not row:
                    row = []
                    tricks.append(row)
                row.append(last)
                continue
            if ended:
                problem("bad-card", f"{quote(tok)} after the end of the play ('*')", line, card_index=here())
                continue
            c = tok[0]
            if c == "=" and len(tok) > 2 and tok[-1] == "=":
                if last is None or last.note is not None:
                    problem("bad-card", f"misplaced note reference {quote(tok)}", line, "warning", card_index=max(0, here() - 1))
                elif small_int(tok[1:-1], 3) is None:
                    problem("bad-note", f"note reference {quote(tok)} is not a number from 0 to 999", line,
                            card_index=max(0, here() - 1))
                else:
                    last.note = small_int(tok[1:-1], 3)
                continue
            if c == "$" and tok[1:].isdigit():
                if small_int(tok[1:], 3) is None:
                    problem("bad-nag", f"NAG {quote(tok)} is not a number from 0 to 999", line, "warning",
                            card_index=max(0, here() - 1))
                elif last is None:
                    problem("bad-card", f"NAG {quote(tok)} before any card", line, "warning", card_index=0)
                else:
                    last.nags.append(int(tok[1:]))  # at most 3 ASCII digits
                continue
            if c in "!?" and tok in SUFFIX_NAGS:
                if last is None or last.suffix is not None:
                    problem("bad-card", f"misplaced suffix {quote(tok)}", line, "warning", card_index=max(0, here() - 1))
                else:
                    last.suffix = tok
                continue
            if c == "^":
                kind = tok[1:].upper()
                if kind in ("R", "L"):
                    flag = "^" + kind
                else:
                    problem("bad-card", f"irregularity {quote(tok)} is not allowed in the play", line, card_index=here())
                continue
            if tok == "*":
                rec.incomplete_marker = True
                ended = True
                continue
            if tok == "+" or tok.strip("-") == "":
                last = CardEntry(None, line)
                if tok == "+":
                    last.flag = "+"
            else:
                card = _card_of(tok)
                if card is None:
                    problem("bad-card", f"invalid card {quote(tok)}", line, card_index=here())
                    last = CardEntry(None, line)
                else:
                    last = CardEntry(card, line)
                if flag is not None:
                    last.flag, flag = flag, None
            if len(row) == 4 or not row:
                row = []
                tricks.append(row)
            row.append(last)
    if len(tricks) > 13:
        problem("bad-card", f"{len(tricks)} tricks in the Play section (at most 13)", tag.line)
    return rec


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


def _parse_table(tag: Tag, raw: list[tuple[int, str, int]], tables: dict[str, Table],
                 problem: Callable[..., None], escaped: list[int]) -> None:
    columns = tag.value.split(";") if tag.value else []
    width = max(1, len(columns))
    for column in columns:
        if not _COLUMN.fullmatch(column):
            problem("bad-table", f"{tag.name}: column {column[:40]!r} is not a name with an optional "
                    "'+'/'-' before it and a width such as '\\12R' after it (PBN 3.2)", tag.line)
            break
    elements: list[str] = []
    lines: list[int] = []
    for line, tok, kind in raw:
        if len(elements) >= MAX_CELLS:
            break
        if kind == _ESCAPE:
            escaped.append(len(elements) // width)  # rows before it
            continue
        if kind:
            tag.comments.append(tok)
            if elements:
                problem("bad-table", f"{tag.name}: a comment among the table's elements (only the "
                        "tag may be followed by a comment, PBN 5.1)", line or lines[-1])
            continue
        for m in _TABLE_TOKEN.finditer(tok):
            if len(elements) >= MAX_CELLS:
                problem("too-many-cells", f"{tag.name}: more than {MAX_CELLS:,} elements: the rest, from line "
                        f"{line}, is not kept", line)
                break
            text = m.group(0)
            if text[0] == '"':
                text = _unescape(text[1:-1] if len(text) > 1 and text.endswith('"') else text[1:])
            elif _FORBIDDEN_IN_ELEMENT.search(text):
                problem("bad-table", f"{tag.name}: the element {text[:40]!r} holds a character a table "
                        "element may not ([ ] { } ; % or a quote; PBN 3.2)", line)
            elements.append(text)
            lines.append(line)
    rows = [elements[i:i + width] for i in range(0, len(elements), width)]
    if rows and len(rows[-1]) != width:
        problem("bad-table", f"{tag.name}: {len(elements)} elements do not fill rows of {width} columns",
                tag.line, "warning")
    tables[tag.name] = Table(columns, rows, lines[::width])


#: A column name token (PBN 3.2): an optional order mark, a name without ';',
#: and an optional minimum width with its alignment.
_COLUMN = re.compile(r"[+-]?[^;\\]+(?:\\\d+[LR]?)?")
_FORBIDDEN_IN_ELEMENT = re.compile(r'[\[\]{};%"]')
_TABLE_TOKEN = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?|[^\s"]+')


def read_pbn(source: Source, name: str | None = None) -> Iterator[Board]:
    """Read the games of a PBN file one at a time.

    ``source`` is a path (``str`` without a line break, or ``os.PathLike``),
    PBN text (``str`` holding a line break or starting with ``[``, ``%``,
    ``{`` or ``;``), ``bytes``, or an open text or binary stream.  ``name``
    names the file in problems (default: the path).

    Raises FileFormatError (lazily, while iterating) when the input cannot be
    read at all: missing file, directory, binary data, empty, or no game.
    Problems inside games never raise: they are in ``board.problems``.
    """
    if name is None and isinstance(source, (str, os.PathLike)) and (
            not isinstance(source, str) or _looks_like_path(source)):
        name = os.fspath(source)
    if name is None:
        name = getattr(source, "name", None) if not isinstance(source, (str, bytes)) else None
        if not isinstance(name, str):
            name = None
    return _Reader(name).games(decode_lines(source, name))
