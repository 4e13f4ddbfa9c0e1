"""Finding the games of a PBN file.

The scanner reads decoded lines and hands what it finds to the game being
read (:class:`GameText`, the visitor of python-chess's ``read_game``): tags,
comments, ``%`` lines and the raw text of sections.  A game ends at an empty
line outside a ``{`` comment (or, without one, at a repeated ``Event`` or
``Board`` tag once the game has a Deal).  The sections are parsed only when
the board is first used (:func:`.sections.parse_game`): scanning stays cheap.
"""

from __future__ import annotations

import itertools
import re
from typing import Iterable, Iterator

from ...board import MANDATORY_TAGS, MAX_PROBLEMS, Board, Tag, quote
from ...errors import FileFormatError
from .sections import COMMENT, DATA, ESCAPE, RawItem, parse_game, unescape
from ...notation import Message

#: Tags whose value may not use ``#`` / ``##`` inheritance (PBN 4.8).
NO_INHERIT = frozenset(("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"))

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
#: Short tag lines remembered by the scanner (Event, Site, Dealer... repeat
#: from game to game: a dictionary look-up instead of a regular expression).
_KNOWN_TAG_LINES = 1024
_LOOSE_HEAD = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"')
_QUOTE_BRACKET = re.compile(r'"\s*\]')
_STRING_END = re.compile(r'[^"\\]*+(?:\\.[^"\\]*+)*+"')
#: PBN 2.3: a line holds at most 255 characters, its end of line included.
MAX_LINE = 254
_MANDATORY_RANK = {name: i for i, name in enumerate(MANDATORY_TAGS)}


def is_header_escape(line: str) -> bool:
    """``% PBN 2.1``, ``% EXPORT``, ``% IMPORT``: a file header line."""
    text = line[1:].strip().upper()
    return text.startswith("PBN ") or text in ("EXPORT", "IMPORT")


class GameText:
    """One game as scanned: its board (tags, comments, ``%`` lines) and what
    is left for the per-game parser: the raw items of each section, the notes
    and the problems found while scanning."""

    __slots__ = ("board", "sections", "current", "notes", "scan_problems", "dropped", "last", "has_tag", "cut",
                 "start", "places")

    def __init__(self, name: str | None, line: int, comments: list[str] | None = None,
                 escapes: list[str] | None = None) -> None:
        self.board = Board.deferred(self.parse, name, line)  # parsed on first use, once the game is read
        self.sections: dict[str, list[RawItem]] = {}
        self.current: list[RawItem] | None = None  # raw items of the open section
        self.notes: list[tuple[str, int, str]] = []  # (section, line, value)
        self.scan_problems: list[tuple[str, str, int | None, str]] = []
        self.dropped = 0  # problems beyond MAX_PROBLEMS, only counted
        self.last: Tag | None = None  # the tag a comment after it belongs to
        self.has_tag = False
        self.cut = False  # lines over _GAME_LINES are skipped
        self.start = line
        # where each '%' line stood: (tag, entries before it); None when the section's
        # parser counts the entries (the line is then among the section's raw items)
        self.places: list[tuple[str, int | None]] = []
        if comments:
            self.board.comments.extend(comments)
        for escape in escapes or ():
            self.escape(escape, line)

    def parse(self, board: Board) -> None:
        """The board's loader: parse the sections and check the values."""
        parse_game(board, self)

    def note(self, code: str, message: str, line: int | None, severity: str) -> None:
        """Record a problem found while scanning (the first MAX_PROBLEMS are kept)."""
        if len(self.scan_problems) < MAX_PROBLEMS:
            self.scan_problems.append((code, message, line, severity))
        else:
            self.dropped += 1

    def take_problems(self, other: GameText) -> None:
        """The problems of text after the last game (no game itself)."""
        for code, message, at, severity in other.scan_problems:
            self.note(code, message, at, severity)
        self.dropped += other.dropped

    def escape(self, line: str, lineno: int) -> None:
        """A ``%`` line, kept at its place."""
        self.board.escapes.append(line)
        current = self.current
        anchor = next(reversed(self.board.tags), "")  # the last tag read (a Note is not one)
        if current and self.sections.get(anchor) is current:
            current.append((lineno, line, ESCAPE))
            self.places.append((anchor, None))
        else:
            self.places.append((anchor, 0))

    def add_tag(self, name: str, value: str, lineno: int) -> None:
        """A tag (its value final) that opens its section."""
        self.board.tags[name] = self.last = Tag(name, value, lineno)
        self.current = self.sections[name] = []

    def add_note(self, value: str, lineno: int) -> None:
        """A Note tag: it belongs to the section it follows."""
        section = "Play" if self.current is not None and self.current is self.sections.get("Play") else "Auction"
        self.notes.append((section, lineno, value))
        self.last = None

    def comment(self, text: str, lineno: int) -> None:
        self.attach_comment(self.comment_owner(), text, lineno)

    def comment_owner(self) -> object:
        """What a comment starting now belongs to (PBN 5.1)."""
        if self.current is not None and self.last is not None \
                and (self.last.name in ("Auction", "Play") or self.current):
            return self.current  # a section's data, or a table's once it has elements
        if self.last is not None:
            return self.last
        if self.has_tag and self.current is not None:
            return self.current
        return self.board

    def attach_comment(self, owner: object, text: str, lineno: int = 0) -> None:
        if isinstance(owner, list):
            owner.append((lineno, text, COMMENT))
        elif isinstance(owner, Tag):
            owner.comments.append(text)
        else:
            self.board.comments.append(text)


class _OpenComment:
    """A ``{`` comment spanning lines: its text so far, where it started, the
    raw lines since (read again if it is never closed) and its owner."""

    __slots__ = ("text", "start", "lines", "owner")

    def __init__(self, text: str, start: int, line: str, owner: object) -> None:
        self.text = [text]
        self.start = start
        self.lines: list[tuple[int, str]] = [(start, line)]
        self.owner = owner


class Scanner:
    """Finds the games of a file's lines (:meth:`games`) and applies the
    rules that span games: ``#``/``##`` inheritance, a Deal left out on a
    second table, the export format's tag rules."""

    def __init__(self, name: str | None) -> None:
        self.name = name
        self.previous: dict[str, Tag] = {}     # tags of the previous games, for "#"
        self.defaults: dict[str, str] = {}     # "##" values for all following games
        self.prev_deal: dict[str, Tag] | None = None  # tags of the game just before, when it has a Deal
        self.long_lines: list[int] = []        # lines over PBN's 255 characters, for the game they are in
        self.export = False                    # the file said '% EXPORT': its layout rules apply
        self.game: GameText | None = None
        self.carry_comments: list[str] = []    # comments and '%' lines before a game's first tag
        self.carry_escapes: list[str] = []
        self.carry_line: int | None = None
        self.comment: _OpenComment | None = None
        self.partial: tuple[int, str, int] | None = None  # a tag spanning lines: first line, text, lines joined
        self.partial_count = 0
        self.finished: list[GameText] = []     # games ended by the line just read
        self.count = 0                         # games finished
        self.text_seen = False                 # a line that is not blank
        self.reread_until = 0                  # lines after an unclosed '{' read again: none holds a '}'

    def games(self, lines: Iterable[str]) -> Iterator[GameText]:
        """Each game once it has ended; last, when text after the last game
        gave problems, a GameText without tags that holds them.  Raises
        FileFormatError for a file of blank lines, or one whose only text
        is no game and has problems."""
        source: Iterator[tuple[int, str]] = enumerate(lines, 1)
        tag_line = _TAG_LINE.match
        special = _SPECIAL.search
        defaults = self.defaults
        finished = self.finished
        known: dict[str, tuple[str, str]] = {}  # short tag lines read, as (name, value): most repeat
        while True:
            # the game the two most common lines go to directly (None: every line goes to
            # self._line): a plain new tag alone on its line, a section line without specials
            game: GameText | None = None
            tags: dict[str, Tag] = {}
            current: list[RawItem] | None = None
            last = 0  # the game's last line read (a longer game is cut, in self._line)
            for lineno, line in source:
                if len(line) > MAX_LINE and len(self.long_lines) < 20:  # a few name the problem
                    self.long_lines.append(lineno)
                if game is not None and lineno <= last:
                    first = line[:1]
                    if first == "[":
                        parsed = known.get(line)
                        if parsed is None and (m := tag_line(line)) is not None:
                            parsed = (m[1], m[2])
                            if len(line) <= 40:
                                if len(known) >= _KNOWN_TAG_LINES:
                                    known.clear()
                                known[line] = parsed
                        if parsed is not None:
                            name, value = parsed
                            if (name not in tags and name not in defaults and name != "Note" and value[:1] != "#"
                                    and "\\" not in value):
                                tags[name] = game.last = Tag(name, value, lineno)  # as game.add_tag, inline
                                current = game.current = game.sections[name] = []
                                continue
                    elif first and first not in " \t%{;" and current is not None and special(line) is None:
                        current.append((lineno, line, DATA))
                        continue
                self._line(lineno, line)
                if finished:
                    yield from finished
                    finished.clear()
                if self.comment is not None:
                    if len(self.comment.lines) > _GAME_LINES:
                        break  # too long to be a comment: taken as unclosed, its lines read again
                    game = None
                    continue
                game = self.game
                if game is not None and game.has_tag and self.partial is None:
                    tags, current, last = game.board.tags, game.current, game.start + _GAME_LINES
                else:
                    game = None
            if self.comment is None:
                break
            source = self._unclosed_comment(source)
        self._end()
        yield from finished

    # -- one line --------------------------------------------------------

    def _line(self, lineno: int, line: str) -> None:
        game = self.game
        if (game is not None and self.comment is None and lineno - game.start > _GAME_LINES
                and self._cut(game, lineno, line)):
            return
        if self.comment is not None:
            rest = self._in_comment(lineno, line)
            if rest is None:
                return
            line = rest
        elif self.partial is not None:
            lineno, line = self._join_partial(lineno, line)
        else:
            self.partial_count = 0
        if not line or line.isspace():
            game = self.game
            if game is not None and game.has_tag:
                self._finish(game)
                self.game = None
            return
        self.text_seen = True
        if line[0] == "%":
            self._escape(line, lineno)
            return
        m = _TAG_LINE.match(line)
        if m is not None:
            self._tag(self._game(lineno), m.group(1), m.group(2), lineno)
            return
        game = self._game(lineno)
        if game.current is not None and _SPECIAL.search(line) is None:
            game.current.append((lineno, line, DATA))
        else:
            self._tokenize(game, lineno, line)

    def _cut(self, game: GameText, lineno: int, line: str) -> bool:
        """True for a line skipped: a hostile game (a million '{' lines) is
        not kept beyond _GAME_LINES lines, to its next empty line."""
        if not line or line.isspace():
            return False
        if not game.cut:
            game.cut = True
            game.note("long-game", Message('the game holds more than {GAME_LINES:,} lines: lines from {lineno} to '
                                           'the next empty line are not read', GAME_LINES=_GAME_LINES, lineno=lineno),
                      lineno, "error")
        return True

    def _game(self, lineno: int) -> GameText:
        """The game being read, or a new one (with the comments and ``%``
        lines read before its first tag)."""
        game = self.game
        if game is None:
            first = self.carry_line if self.carry_line is not None and not self.carry_comments else lineno
            game = self.game = GameText(self.name, first, self.carry_comments, self.carry_escapes)
            self.carry_comments, self.carry_escapes, self.carry_line = [], [], None
        return game

    def _escape(self, line: str, lineno: int) -> None:
        if line[1:].strip() == "EXPORT":
            self.export = True
        if self.game is not None:
            self.game.escape(line, lineno)
        elif self.count or not is_header_escape(line):  # the file's own header is not a game's
            if self.carry_line is None:
                self.carry_line = lineno
            self.carry_escapes.append(line)

    def _tag(self, game: GameText, name: str, raw: str, lineno: int) -> None:
        """Add a tag to ``game``, or start a new game with it (a repeated
        Event or Board once the game has a Deal: no empty line between)."""
        value = unescape(raw) if "\\" in raw else raw
        if not game.has_tag:
            game.has_tag = True
            game.board.line = lineno
        if name == "Note":
            game.add_note(value, lineno)
            return
        tags = game.board.tags
        if name in tags:
            if name in ("Event", "Board") and "Deal" in tags:
                self._finish(game, missing_blank=lineno)
                self.game = None
                self._tag(self._game(lineno), name, raw, lineno)
                return
            game.note("duplicate-tag", Message('repeated tag {name} ignored', name=name), lineno, "warning")
            game.current = []  # its section data is ignored too
            game.last = None
            return
        if value[:1] == "#":
            value = self._inherited(game, name, value, lineno)
        elif name in self.defaults:
            self.defaults[name] = value
        game.add_tag(name, value, lineno)

    def _inherited(self, game: GameText, name: str, value: str, lineno: int) -> str:
        """A ``#`` (previous game's value) or ``##`` (this value from now on) tag value."""
        if name in NO_INHERIT:
            game.note("bad-inheritance", Message("{name} may not inherit a value with '#'", name=name),
                      lineno, "error")
            return value
        if value == "#":
            prev = self.previous.get(name)
            return prev.value if prev is not None else ""
        if value.startswith("##"):
            value = value[2:]
            self.defaults[name] = value
        return value

    # -- comments and tags over several lines ----------------------------

    def _in_comment(self, lineno: int, line: str) -> str | None:
        """A line inside a ``{`` comment: None while it goes on, else the rest
        of the line after its ``}`` (blanked to the brace, so columns stay)."""
        comment = self.comment
        assert comment is not None
        comment.lines.append((lineno, line))
        end = line.find("}")
        if end < 0:
            comment.text.append(line)
            return None
        comment.text.append(line[:end])
        game = self.game
        if game is None:
            game = self.game = GameText(self.name, comment.start)
        swallowed = sum(1 for text in comment.text[1:] if _TAG_LINE.match(text) is not None)
        if swallowed:
            game.note("comment-swallows-tags",
                      Message.plural("the '{{' comment of line {start} runs to line {lineno} and holds a tag line: "
                                     "a missing '}}'?", "the '{{' comment of line {start} runs to line {lineno} and "
                                     "holds {n} tag lines: a missing '}}'?", swallowed, start=comment.start,
                                     lineno=lineno),
                      comment.start, "warning")
            # and where it ends: a '}' there may have been meant as text (PBN 3.8: it closes the comment)
            game.note("comment-swallows-tags",
                      Message.plural("this '}}' closes the '{{' comment of line {start}: a tag line before it was "
                                     "read as comment", "this '}}' closes the '{{' comment of line {start}: {n} tag "
                                     "lines before it were read as comment", swallowed, start=comment.start),
                      lineno, "warning")
        game.attach_comment(comment.owner, "\n".join(comment.text))
        self.comment = None
        rest = line[end + 1:]
        return " " * (end + 1) + rest if rest.strip() else None

    def _join_partial(self, lineno: int, line: str) -> tuple[int, str]:
        """A line after a tag left open (``[Name "value`` with no ``]``): the
        two joined, at the tag's line, or the line alone when it cannot go on
        the tag."""
        first, text, joined = self.partial  # type: ignore[misc]
        self.partial = None
        if not line.strip() or line.startswith("%") or line.lstrip().startswith("["):
            assert self.game is not None
            self.game.note("bad-tag", Message('unterminated tag {v1}', v1=quote(text.strip())), first, "error")
            self.partial_count = 0
            return lineno, line
        self.partial_count = joined
        return first, text + " " + line.strip()

    def _unclosed_comment(self, source: Iterator[tuple[int, str]]) -> Iterator[tuple[int, str]]:
        """End of file (or _GAME_LINES lines) inside a ``{``: its first line is
        the comment, the lines after it are read again."""
        comment = self.comment
        assert comment is not None
        game = self.game
        if game is None:
            game = self.game = GameText(self.name, comment.start)
        game.note("unterminated-comment", Message("'{{' comment is never closed; it is taken to end at its line"),
                  comment.start, "error")
        game.attach_comment(comment.owner, comment.text[0])
        self.comment = None
        self.reread_until = comment.lines[-1][0]
        return itertools.chain(comment.lines[1:], source)

    # -- the general tokenizer -------------------------------------------

    def _tokenize(self, game: GameText, lineno: int, line: str) -> None:
        """A line holding more than one tag, comments, or stray text."""
        pos = 0
        n = len(line)
        scan = _SCAN
        run = -1  # start of the run of section tokens being read (kept as one slice of the line)
        run_end = 0
        items = 0
        last_close: re.Match[str] | None | bool = False  # the line's last '"]' (found when first needed)
        while pos < n and items < _LINE_ITEMS:
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
                if game.current is None:   # stray text: counts toward the line's bound as a stray ']' does
                    game.note("bad-token", Message('text {v1} outside any tag or section', v1=quote(m.group(kind))),
                              lineno,
                              "warning")
                    items += 1
                elif run < 0:
                    run, run_end = m.start(), pos
                else:
                    run_end = pos
                continue
            if run >= 0 and game.current is not None:
                game.current.append((lineno, line[run:run_end], DATA))
            run = -1
            items += 1
            if kind == "tag":
                if self.export:
                    game.note("export-format", Message('tag {v1} is not alone at the start of its line (PBN 3.3, '
                                                       'export format)', v1=m.group('name')), lineno, "warning")
                self._tag(game, m.group("name"), m.group("value"), lineno)
                game = self._game(lineno)  # a new one when the tag started it
            elif kind == "semi" or kind == "brace":
                game.comment(m.group(kind), lineno)
            elif kind == "open":
                self._open_comment(game, lineno, line, m.group("open"))
                return
            elif kind == "lbr":
                if last_close is False:
                    last_close = None
                    for last_close in _QUOTE_BRACKET.finditer(line):
                        pass
                at = self._bracket(game, lineno, line, m.start(), last_close)
                if at is None:
                    return
                pos, unquoted = at
                if unquoted:
                    scan = _SCAN_UNQUOTED
            else:  # a stray ']', '}' or '"'
                other = m.group("other")
                if other == '"':
                    scan = _SCAN_UNQUOTED
                game.note("bad-token", Message('stray {other!r}', other=other), lineno, "warning")
        if run >= 0 and game.current is not None:
            game.current.append((lineno, line[run:run_end], DATA))
        if pos < n:
            game.note("long-line", Message('line {lineno} holds more than {LINE_ITEMS:,} tags, comments or stray '
                                           'characters: the rest of it is not read',
                                           lineno=lineno, LINE_ITEMS=_LINE_ITEMS), lineno, "error")

    def _open_comment(self, game: GameText, lineno: int, line: str, text: str) -> None:
        if lineno <= self.reread_until:  # no '}' follows: this '{' is unclosed too (linear, not quadratic)
            game.note("unterminated-comment", Message("'{{' comment is never closed; it is taken to end at its line"),
                      lineno, "error")
            game.comment(text, lineno)
        else:
            self.comment = _OpenComment(text, lineno, line, game.comment_owner())

    def _bracket(self, game: GameText, lineno: int, line: str, start: int,
                 last_close: re.Match[str] | None | bool) -> tuple[int, bool] | None:
        """A ``[`` that is not a well-formed tag: a tag with an unescaped quote
        (read as far as the line's last ``"]``, ``last_close``), a tag going on
        to the next line, or a malformed tag.  Returns where to go on in the
        line and whether the rest is unquoted, or None when the line ends here."""
        head = _LOOSE_HEAD.match(line, start)
        unquoted = False
        if head is not None:
            if isinstance(last_close, re.Match) and last_close.start() >= head.end():
                game.note("bad-tag", Message('malformed tag {v1} (unescaped quote?), read as far as its last quote',
                                             v1=quote(line[start:last_close.end()])), lineno, "warning")
                value = line[head.end():last_close.start()].replace('"', '\\"')
                self._loose_tag(game, head.group(1), value, lineno)
                return last_close.end(), False
            unquoted = _STRING_END.match(line, head.end()) is None
        close = line.find("]", start)
        if close < 0 and self.partial_count < 8:
            self.partial = (lineno, line[start:], self.partial_count + 1)
            return None
        game.note("bad-tag", Message('malformed tag {v1}',
                                     v1=quote(line[start:close + 1 if close >= 0 else len(line)])),
                  lineno, "error")
        return (close + 1, unquoted) if close >= 0 else None

    def _loose_tag(self, game: GameText, name: str, value: str, lineno: int) -> None:
        """A tag read from a malformed line: it never starts a new game."""
        tags = game.board.tags
        if name in tags and name in ("Event", "Board") and "Deal" in tags:
            game.note("duplicate-tag", Message('repeated tag {name} ignored', name=name), lineno, "warning")
            return
        self._tag(game, name, value, lineno)

    # -- the end of a game and of the file -------------------------------

    def _finish(self, game: GameText, missing_blank: int | None = None) -> None:
        """Apply the rules that span games, leave the sections to the board's
        first use, and queue the game."""
        board = game.board
        if self.long_lines:
            for n in self.long_lines:
                game.note("line-too-long", Message("line {n} is longer than PBN's 255 characters (end of line "
                                                   "included)", n=n), n, "warning")
            self.long_lines.clear()
        if missing_blank is not None:
            game.note("missing-blank-line", Message('a new game starts at line {missing_blank} without an empty '
                                                    'line before it', missing_blank=missing_blank),
                      missing_blank, "warning")
        tags = board.tags
        if self.export:
            _export_tag_rules(game, self.defaults)
        for name, value in self.defaults.items():
            if name not in tags:
                tags[name] = Tag(name, value, None)
        self._inherit_deal(game)
        self.previous.update(tags)
        self.prev_deal = tags if "Deal" in tags else None
        self.count += 1
        self.finished.append(game)

    def _inherit_deal(self, game: GameText) -> None:
        """rpbridge.net and club files omit the deal on the second table of a
        board: only from the game just before, and only for a game that has
        no Board, Deal, Dealer or Vulnerable but records a table's result."""
        tags = game.board.tags
        if ("Deal" not in tags and self.prev_deal is not None
                and not any(k in tags for k in ("Board", "Dealer", "Vulnerable"))
                and sum(1 for k in ("Auction", "Play", "Contract", "Declarer", "Result") if k in tags) >= 2):
            for key in ("Board", "Dealer", "Vulnerable", "Deal"):
                tag = self.prev_deal.get(key)
                if tag is not None:
                    tags[key] = Tag(key, tag.value, None)
            game.note("inherited-deal", Message('no Deal tag: board, dealer, vulnerability and deal taken from the '
                                                'previous game'), game.board.line, "warning")

    def _end(self) -> None:
        game = self.game
        if self.partial is not None and game is not None:
            game.note("truncated", Message('file ends inside a tag {v1}', v1=quote(self.partial[1].strip())),
                      self.partial[0],
                      "error")
        if game is not None and game.has_tag:
            self._finish(game)
        elif game is not None and game.scan_problems:
            # text after the last game that is no game (a truncated tag, stray text, an unclosed '{')
            if not self.count:
                code, message, at, _severity = game.scan_problems[0]
                raise FileFormatError(Message('no PBN game found ({code}: {message})', code=code, message=message),
                                      self.name, at)
            self.finished.append(game)
        if not self.count and not self.text_seen:
            raise FileFormatError(Message('empty file (blank lines only)'), self.name)
        # PBN 2.1 (3): a file holds zero or more games, so a file with only its
        # '%' header (or comments) is valid and has no boards


def _export_tag_rules(game: GameText, defaults: dict[str, str]) -> None:
    """PBN 3.4 in a file that says '% EXPORT': the 15 mandatory tags, in
    their order (a tag given with '##' earlier may be left out)."""
    tags = game.board.tags
    if tuple(itertools.islice(tags, len(MANDATORY_TAGS))) == MANDATORY_TAGS:
        return  # the common case: all of them first, in order
    missing = [n for n in MANDATORY_TAGS if n not in tags and n not in defaults]
    if missing:
        game.note("export-format", Message.plural("mandatory tag {tags} missing (PBN 3.4, export format)",
                                                  "mandatory tags {tags} missing (PBN 3.4, export format)",
                                                  len(missing), tags=", ".join(missing)),
                  game.board.line, "warning")
    order = [n for n in tags if n in _MANDATORY_RANK]
    for a, b in zip(order, order[1:]):
        if _MANDATORY_RANK[a] > _MANDATORY_RANK[b]:
            game.note("export-format", Message('tag {b} comes after {a} (PBN 3.4: the mandatory tags in their '
                                               'order, export format)', b=b, a=a), tags[b].line, "warning")
            break


def read_games(lines: Iterable[str], name: str | None) -> Iterator[Board]:
    """The boards of ``lines``, one per game.  Each is handed out once the
    next game is found, so that problems of text after the last game go on
    the last board."""
    held: GameText | None = None
    for game in Scanner(name).games(lines):
        if not game.has_tag:
            assert held is not None
            held.take_problems(game)
            continue
        if held is not None:
            yield held.board
        held = game
    if held is not None:
        yield held.board
