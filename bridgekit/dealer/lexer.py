"""The lexer of dealer's input language.

It follows the rules of dealer's flex scanner (``scan.l``): at each point the
longest match wins, and between matches of the same length the rule listed
first (keywords before holdings, cards, contracts, strings, shapes, numbers
and identifiers).  So ``SAK`` is a holding, ``AS`` a card, ``x3N`` a contract,
``4333`` a shape that is also a number, ``north`` the seat and ``northern``
an identifier.  Every token carries its line and column (both from 1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from .errors import ScriptError
from ..notation import Message

# Token kinds (strings: they appear in "expected ..." messages)
NUMBER = "number"
DISTR = "shape"              # a four-character shape with an x: 5xxx
DISTR_NUMBER = "shape"       # four digits: a shape or a number (4333)
HOLDING = "holding"
CARD = "card"
CONTRACT = "contract"
STRING = "string"
IDENT = "identifier"
KEYWORD = "keyword"
OP = "operator"
EOF = "end of file"

#: keyword -> (category, value).  Categories: the statement, function and
#: action words are their own category; seats, suits, vulnerabilities carry
#: their value (seat and suit numbers as in bridgekit: N=0, clubs=0).
_WORDS: dict[str, tuple[str, object]] = {}


def _kw(category: str, value: object, *spellings: str) -> None:
    for s in spellings:
        _WORDS[s] = (category, value)


for _w in ("generate", "produce", "dealer", "vulnerable", "predeal", "pointcount", "altcount",
           "condition", "action", "print", "printall", "printpbn", "printew", "printcompact",
           "printoneline", "printes", "evalcontract", "average", "frequency", "quality", "cccc",
           "score", "hascard", "shape", "any", "rnd"):
    _kw(_w, _w, _w)
_kw("and", "and", "and")
_kw("or", "or", "or")
_kw("not", "not", "not")
_kw("vul", 0, "nv")
_kw("vul", 1, "vul")
_kw("side", "NS", "ns", "NS")
_kw("side", "EW", "ew", "EW")
_kw("side", "All", "all")
_kw("side", "None", "none")
for _i, _w in enumerate(("north", "east", "south", "west")):
    _kw("compass", _i, _w)
for _i, _w in enumerate(("club", "diamond", "heart", "spade")):
    _kw("suit", _i, _w, _w + "s")
_kw("notrump", 4, "notrump", "notrumps")
_kw("hcp", "hcp", "hcp", "hcps")
for _i, _names in enumerate((("pt0", "ten", "tens"), ("pt1", "jack", "jacks"), ("pt2", "queen", "queens"),
                             ("pt3", "king", "kings"), ("pt4", "ace", "aces"), ("pt5", "top2"),
                             ("pt6", "top3"), ("pt7", "top4"), ("pt8", "top5"), ("pt9", "c13"))):
    _kw("pt", _i, *_names)
_kw("loser", "loser", "loser", "losers")
_kw("control", "control", "control", "controls")
_kw("tricks", "tricks", "trick", "tricks")
_kw("imps", "imps", "imp", "imps")

# The other rules, in scan.l's order (after the keywords).
_RULES: list[tuple[str, re.Pattern[str]]] = [
    (HOLDING, re.compile(r"[CDHS]A?K?Q?J?T?9?8?7?6?5?4?3?2?")),
    (CARD, re.compile(r"[2-9TJQKA][CDHS]")),
    (CONTRACT, re.compile(r"x[1-7][CDHSN]")),
    (STRING, re.compile(r'"[^"]*"')),
    ("newline", re.compile(r"\\n")),
    (DISTR, re.compile(r"[0-9x]{4}")),
    (NUMBER, re.compile(r"[0-9]+")),
    (IDENT, re.compile(r"[a-zA-Z][a-zA-Z0-9_]*")),
]
_WORD = re.compile(r"[a-zA-Z][a-zA-Z0-9_]*")
_OPS = ("&&", "||", "==", "!=", "<=", ">=", "!", "<", ">", "+", "-", "*", "/", "%", "?", ":",
        "(", ")", ",", "=")
_SPACE = re.compile(r"[ \t\r\f\v]+")

_RANKS = "23456789TJQKA"
_SUITS = "CDHS"


@dataclass(frozen=True)
class Token:
    kind: str        #: NUMBER, HOLDING, ..., KEYWORD, OP, EOF
    text: str        #: the text as written
    value: object    #: the value: an int, a string, (category, value) for keywords
    line: int
    column: int
    pos: int = 0     #: offset of the token in the script

    @property
    def category(self) -> str | None:
        """A keyword's category (``compass``, ``suit``, ``hcp``...), else None."""
        if self.kind == KEYWORD:
            return str(self.value[0])  # type: ignore[index]
        return None

    def describe(self) -> str:
        if self.kind == EOF:
            return Message("end of file")
        if self.kind == STRING:
            return Message("string {text}", text=self.text)
        return f"'{self.text}'"


def card_index(rank_char: str, suit_char: str) -> int:
    """The card number dealer uses: suit * 13 + rank (clubs 0, two 0)."""
    return _SUITS.index(suit_char) * 13 + _RANKS.index(rank_char)


def comment_echo(text: str) -> str:
    """What dealer's scanner prints while it reads the script: inside
    ``/* */`` comments its rules leave the characters ``< > E O F`` to
    flex's default action, which copies them to standard output (the rule
    meant to exclude end of file, ``[^*\\n<<EOF>>]``, excludes those letters).
    A comment saying ``SAFE`` makes dealer print ``FE`` before anything else."""
    out: list[str] = []
    for m in re.finditer(r"/\*(.*?)\*/", _strip_line_comments(text), re.DOTALL):
        out.extend(ch for ch in m.group(1) if ch in "<>EOF")
    return "".join(out)


def _strip_line_comments(text: str) -> str:
    """The script with its strings and ``//``/``#`` comments blanked, so that
    a ``/*`` inside them does not open a comment."""
    out: list[str] = []
    pos, n = 0, len(text)
    while pos < n:
        if text.startswith("/*", pos):
            end = text.find("*/", pos + 2)
            end = n if end < 0 else end + 2
            out.append(text[pos:end])
            pos = end
        elif text.startswith("//", pos) or text[pos] == "#":
            end = text.find("\n", pos)
            pos = n if end < 0 else end
        elif text[pos] == '"':
            end = text.find('"', pos + 1)
            pos = n if end < 0 else end + 1
        else:
            out.append(text[pos])
            pos += 1
    return "".join(out)


def tokenize(text: str) -> Iterator[Token]:
    """The tokens of a script, then an EOF token.  Raises ScriptError
    (with line and column) on a character no rule accepts or an unclosed
    comment."""
    pos, line, col0 = 0, 1, 0   # col0: offset of the current line's start
    n = len(text)
    while pos < n:
        ch = text[pos]
        if ch == "\n":
            pos += 1
            line += 1
            col0 = pos
            continue
        m = _SPACE.match(text, pos)
        if m:
            pos = m.end()
            continue
        col = pos - col0 + 1
        if text.startswith("//", pos) or ch == "#":
            end = text.find("\n", pos)
            pos = n if end < 0 else end
            continue
        if text.startswith("/*", pos):
            end = text.find("*/", pos + 2)
            if end < 0:
                raise ScriptError(line, col, Message("comment not closed: '/*' without '*/'"))
            line += text.count("\n", pos, end)
            last_nl = text.rfind("\n", pos, end)
            if last_nl >= 0:
                col0 = last_nl + 1
            pos = end + 2
            continue
        best_len, best_kind = 0, ""
        wm = _WORD.match(text, pos)
        if wm and wm.group() in _WORDS:
            best_len, best_kind = wm.end() - pos, KEYWORD
        for kind, rx in _RULES:
            m = rx.match(text, pos)
            if m and m.end() - pos > best_len:
                best_len, best_kind = m.end() - pos, kind
        if best_len:
            word = text[pos:pos + best_len]
            yield _token(best_kind, word, line, col, pos)
            nl = word.count("\n")   # strings may span lines
            if nl:
                line += nl
                col0 = pos + word.rfind("\n") + 1
            pos += best_len
            continue
        for op in _OPS:
            if text.startswith(op, pos):
                yield Token(OP, op, op, line, col, pos)
                pos += len(op)
                break
        else:
            raise ScriptError(line, col, Message('unexpected character {ch!r}', ch=ch))
    yield Token(EOF, "", None, line, pos - col0 + 1, pos)


def _token(kind: str, word: str, line: int, col: int, pos: int) -> Token:
    value: object
    if kind == KEYWORD:
        value = _WORDS[word]
    elif kind == NUMBER:
        value = int(word)
    elif kind == DISTR:
        value = word
    elif kind == STRING:
        value = word[1:-1]
    elif kind == "newline":
        return Token(STRING, word, "\n", line, col, pos)
    elif kind == CARD:
        value = card_index(word[0], word[1])
    elif kind == CONTRACT:
        value = (int(word[1]), "CDHSN".index(word[2]))
    else:
        value = word
    return Token(kind, word, value, line, col, pos)
