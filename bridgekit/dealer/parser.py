"""A hand-written parser of dealer's input language (recursive descent).

The grammar and the precedence are those of dealer's yacc grammar
(``defs.y``): ``?:`` lowest and right-associative, then ``||``, ``&&``,
``== !=``, ``< <= > >=``, ``+ -``, ``* / %``, and unary ``!``/``not``
binding tightest.  Statements may come in any order and span lines.  As in
dealer, the first ``generate``/``produce`` counts, the last ``condition``
and ``action`` count, a variable must be defined before it is used and only
once, and ``pointcount``/``altcount`` change the tables every count uses.
A few things dealer rejects are accepted (a unary minus before any operand,
not only a number; ``#`` comments anywhere on a line), never the reverse.

Every error is a ``ScriptError`` naming the line and column of the token
where the script went wrong and what was expected there.
"""

from __future__ import annotations

from itertools import permutations
from typing import cast

import numpy as np

from . import ast as A
from .errors import ScriptError
from .lexer import (CARD, CONTRACT, DISTR, EOF, HOLDING, IDENT, KEYWORD, NUMBER, OP, STRING, Token, card_index,
                    comment_echo, tokenize)
from ..notation import Message

_SEAT_NAMES = ("North", "East", "South", "West")
_SUIT_NAMES = ("Club", "Diamond", "Heart", "Spade")

_FUNCTIONS = {"hcp", "pt", "loser", "control", "cccc", "quality", "shape", "hascard", "tricks",
              "score", "imps", "rnd", "suit"}
_ACTION_WORDS = {"printall", "printew", "printpbn", "printcompact", "printoneline", "print", "printes",
                 "evalcontract", "average", "frequency"}
_STATEMENTS = {"generate", "produce", "dealer", "vulnerable", "predeal", "pointcount", "altcount",
               "condition", "action"}
_BINARY_LEVELS: tuple[tuple[str, ...], ...] = (
    ("||",), ("&&",), ("==", "!="), ("<", "<=", ">", ">="), ("+", "-"), ("*", "/", "%"))
_WORD_OPS = {"and": "&&", "or": "||"}


def parse(text: str) -> A.Program:
    """Parse a whole script.  Raises ScriptError."""
    program = _Parser(text).program()
    program.echo = comment_echo(text)
    return program


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = list(tokenize(text))
        self.i = 0
        self.prog = A.Program()
        self.shapes = 0

    # -- token helpers -------------------------------------------------------------

    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def peek(self, k: int = 1) -> Token:
        return self.tokens[min(self.i + k, len(self.tokens) - 1)]

    def advance(self) -> Token:
        t = self.tokens[self.i]
        if t.kind != EOF:
            self.i += 1
        return t

    def error(self, message: str, tok: Token | None = None) -> ScriptError:
        t = tok or self.tok
        return ScriptError(t.line, t.column, message)

    def expected(self, what: str) -> ScriptError:
        return self.error(Message('expected {what}, found {found}', what=what, found=self.tok.describe()))

    def is_op(self, *ops: str) -> bool:
        t = self.tok
        if t.kind == OP:
            return t.text in ops
        return t.kind == KEYWORD and _WORD_OPS.get(t.category or "") in ops

    def op(self, op: str) -> Token:
        if not self.is_op(op):
            raise self.expected(Message("'{op}'", op=op))
        return self.advance()

    def is_kw(self, *categories: str) -> bool:
        return self.tok.category in categories

    def kw(self, category: str, what: str) -> Token:
        if not self.is_kw(category):
            raise self.expected(what)
        return self.advance()

    def seat(self) -> int:
        return int(self.kw("compass", Message("a seat (north, east, south or west)")).value[1])  # type: ignore[index]

    def suit(self) -> int:
        return int(self.kw("suit", Message("a suit (clubs, diamonds, hearts or spades)")
                           ).value[1])  # type: ignore[index]

    def number(self) -> int:
        """dealer's ``number``: digits, a minus and digits, or four digits."""
        neg = False
        if self.is_op("-") and self.peek().kind in (NUMBER, DISTR):
            self.advance()
            neg = True
        t = self.tok
        if t.kind == NUMBER or (t.kind == DISTR and "x" not in t.text):
            self.advance()
            return -int(t.text) if neg else int(t.text)
        raise self.expected(Message('a number'))

    def at_number(self) -> bool:
        t = self.tok
        if t.kind == NUMBER or (t.kind == DISTR and "x" not in t.text):
            return True
        return self.is_op("-") and self.peek().kind in (NUMBER, DISTR) and "x" not in self.peek().text

    # -- statements ----------------------------------------------------------------

    def program(self) -> A.Program:
        while self.tok.kind != EOF:
            self.statement()
        return self.prog

    def statement(self) -> None:
        t = self.tok
        cat = t.category
        p = self.prog
        if cat == "generate":
            self.advance()
            n = self.number()
            if p.generate is None:
                p.generate = n
        elif cat == "produce":
            self.advance()
            n = self.number()
            if p.produce is None:
                p.produce = n
        elif cat == "dealer":
            self.advance()
            p.dealer = self.seat()
        elif cat == "vulnerable":
            self.advance()
            p.vulnerable = str(self.kw("side", Message("a vulnerability (none, NS, EW or all)")
                                       ).value[1])  # type: ignore[index]
        elif cat == "predeal":
            self.advance()
            self.predeal()
            last = self.tokens[self.i - 1]
            p.predeal_spans.append((t.pos, last.pos + len(last.text)))
        elif cat == "pointcount":
            self.advance()
            self.counts(A.HCP)
        elif cat == "altcount":
            self.advance()
            nt = self.tok
            n = self.number()
            if not 0 <= n <= 9:
                raise self.error(Message('altcount {n}: the alternative counts are numbered 0 to 9', n=n), nt)
            # dealer's altcount N sets its table N (0 is hcp, 1 controls), not the
            # table ptN reads (N + 2): scripts were tuned against that behaviour
            self.counts(n)
        elif cat == "condition":
            self.advance()
            p.condition = self.expr()
        elif cat == "action":
            self.advance()
            p.actions = self.actions()
        elif t.kind == IDENT and self.peek().kind == OP and self.peek().text == "=":
            self.advance()
            self.advance()
            if t.text in p.variables:
                raise self.error(Message("variable '{text}' is defined twice", text=t.text), t)
            p.variables[t.text] = A.Var(t.text, self.expr())
        elif cat in _ACTION_WORDS:
            raise self.error(Message("'{text}' is an action: write it after 'action'", text=t.text))
        else:
            p.condition = self.expr()

    def predeal(self) -> None:
        started = False
        while True:
            if self.is_kw("compass"):
                seat = int(self.advance().value[1])  # type: ignore[index]
                self.holding(seat)
                while self.is_op(","):
                    self.advance()
                    self.holding(seat)
            elif self.is_kw("suit") and self.peek().kind == OP and self.peek().text == "(":
                st = self.tok
                suit = self.suit()
                self.op("(")
                seat = self.seat()
                self.op(")")
                self.op("==")
                n = self.number()
                self.suit_length(seat, suit, n, st)
            elif not started:
                raise self.expected(Message('a seat and its cards (predeal south SAQ542, HKJ87, D32, CAK)'))
            else:
                return
            started = True

    def holding(self, seat: int) -> None:
        t = self.tok
        if t.kind != HOLDING:
            raise self.expected(Message('a holding (a suit letter then its cards: SAQ542)'))
        self.advance()
        for ch in t.text[1:]:
            self.predeal_card(seat, card_index(ch, t.text[0]), t)

    def predeal_card(self, seat: int, card: int, tok: Token) -> None:
        p = self.prog
        if card in p.predeal:
            raise self.error(Message('card {v1} predealt twice', v1=_card_name(card)), tok)
        if sum(1 for s in p.predeal.values() if s == seat) >= 13:
            raise self.error(Message('more than 13 cards for {v1}', v1=_SEAT_NAMES[seat]), tok)
        p.predeal[card] = seat

    def suit_length(self, seat: int, suit: int, n: int, tok: Token) -> None:
        p = self.prog
        if (seat, suit) in p.suit_lengths:
            raise self.error(Message("{v1}'s {v2} suit has length already set to {v3}",
                                     v1=_SEAT_NAMES[seat], v2=_SUIT_NAMES[suit], v3=p.suit_lengths[seat, suit]), tok)
        if not 0 <= n <= 13:
            raise self.error(Message('a suit length is 0 to 13, not {n}', n=n), tok)
        p.suit_lengths[seat, suit] = n
        if sum(v for (s, _), v in p.suit_lengths.items() if s == seat) > 13:
            raise self.error(Message('suit lengths too long for {v1}', v1=_SEAT_NAMES[seat]), tok)
        if sum(v for (_, su), v in p.suit_lengths.items() if su == suit) > 13:
            raise self.error(Message('too many {v1}s', v1=_SUIT_NAMES[suit]), tok)

    def counts(self, table: int) -> None:
        values = [0] * 13
        index = 12            # the ace first, down to the two
        while self.at_number():
            t = self.tok
            v = self.number()
            if index < 0:
                raise self.error(Message('too many pointcount values (13 at most, ace to two)'), t)
            values[index] = v
            index -= 1
        self.prog.tables[table] = values

    # -- actions ---------------------------------------------------------------------

    def actions(self) -> list[A.Action]:
        out: list[A.Action] = []
        if not self.is_kw(*_ACTION_WORDS):
            return out
        out.append(self.action())
        while self.is_op(","):
            self.advance()
            if not self.is_kw(*_ACTION_WORDS):
                break        # dealer accepts a trailing comma
            out.append(self.action())
        return out

    def action(self) -> A.Action:
        t = self.advance()
        cat = t.category
        if cat == "printall":
            return A.PrintAll()
        if cat == "printew":
            return A.PrintEW()
        if cat == "printpbn":
            return A.PrintPBN()
        if cat == "evalcontract":
            return A.EvalContract()
        if cat in ("printcompact", "printoneline"):
            expr = None
            if self.is_op("("):
                self.advance()
                expr = self.expr()
                self.op(")")
            return A.PrintCompact(expr) if cat == "printcompact" else A.PrintOneLine(expr)
        if cat == "print":
            self.op("(")
            seats = [self.seat()]
            while self.is_op(","):
                self.advance()
                seats.append(self.seat())
            self.op(")")
            return A.PrintHands(tuple(sorted(set(seats))))
        if cat == "printes":
            self.op("(")
            items: list[A.Expr | str] = [self.es_item()]
            while self.is_op(","):
                self.advance()
                items.append(self.es_item())
            self.op(")")
            return A.PrintES(tuple(items))
        if cat == "average":
            label = self.optstring()
            return A.Average(label, self.expr())
        assert cat == "frequency"
        label = self.optstring()
        self.op("(")
        e1 = self.expr()
        self.op(",")
        lo, hi = self.bounds()
        if self.is_op(","):
            self.advance()
            e2 = self.expr()
            self.op(",")
            lo2, hi2 = self.bounds()
            self.op(")")
            return A.Frequency2D(label, e1, lo, hi, e2, lo2, hi2)
        self.op(")")
        return A.Frequency(label, e1, lo, hi)

    def bounds(self) -> tuple[int, int]:
        t = self.tok
        lo = self.number()
        self.op(",")
        hi = self.number()
        if hi < lo:
            raise self.error(Message('frequency bounds {lo}, {hi}: the low bound is above the high one', lo=lo, hi=hi),
                             t)
        if hi - lo > 10_000:
            raise self.error(Message('frequency bounds {lo}, {hi}: at most 10001 rows', lo=lo, hi=hi), t)
        return lo, hi

    def optstring(self) -> str | None:
        if self.tok.kind == STRING:
            return str(self.advance().value)
        return None

    def es_item(self) -> A.Expr | str:
        if self.tok.kind == STRING:
            return str(self.advance().value)
        return self.expr()

    # -- expressions -------------------------------------------------------------------

    def expr(self) -> A.Expr:
        test = self.binary(0)
        if self.is_op("?"):
            self.advance()
            then = self.expr()
            self.op(":")
            other = self.expr()
            return A.IfElse(test, then, other)
        return test

    def binary(self, level: int) -> A.Expr:
        if level == len(_BINARY_LEVELS):
            return self.unary()
        ops = _BINARY_LEVELS[level]
        left = self.binary(level + 1)
        while self.is_op(*ops):
            t = self.advance()
            op = _WORD_OPS.get(t.category or "", t.text)
            right = self.binary(level + 1)
            left = _fold(A.Binary(op, left, right))
        return left

    def unary(self) -> A.Expr:
        if self.is_op("!") or self.is_kw("not"):
            self.advance()
            return _fold(A.Unary("!", self.unary()))
        if self.is_op("-"):
            self.advance()
            return _fold(A.Unary("-", self.unary()))
        return self.primary()

    def primary(self) -> A.Expr:
        t = self.tok
        cat = t.category
        if t.kind == NUMBER or (t.kind == DISTR and "x" not in t.text):
            self.advance()
            return A.Num(int(t.text))
        if t.kind == IDENT:
            self.advance()
            if self.is_op("("):
                raise self.error(Message("unknown function '{text}'", text=t.text), t)
            var = self.prog.variables.get(t.text)
            if var is None:
                raise self.error(Message("unknown variable '{text}' (define it first: {text} = ...)", text=t.text), t)
            return var
        if self.is_op("("):
            self.advance()
            e = self.expr()
            self.op(")")
            return e
        if cat == "suit":
            self.advance()
            self.op("(")
            seat = self.seat()
            self.op(")")
            return A.Length(seat, int(t.value[1]))  # type: ignore[index]
        if cat in ("hcp", "pt", "loser", "control"):
            self.advance()
            self.op("(")
            seat = self.seat()
            suit = None
            if self.is_op(","):
                self.advance()
                suit = self.suit()
            self.op(")")
            if cat == "loser":
                return A.Loser(seat, suit)
            table = {"hcp": A.HCP, "control": A.CONTROLS}.get(cat)
            if table is None:
                table = A.PT_TABLE[int(t.value[1])]  # type: ignore[index]
            return A.Count(table, seat, suit)
        if cat == "cccc":
            self.advance()
            self.op("(")
            seat = self.seat()
            self.op(")")
            return A.Cccc(seat)
        if cat == "quality":
            self.advance()
            self.op("(")
            seat = self.seat()
            self.op(",")
            suit = self.suit()
            self.op(")")
            return A.Quality(seat, suit)
        if cat == "shape":
            return self.shape()
        if cat == "hascard":
            self.advance()
            self.op("(")
            seat = self.seat()
            self.op(",")
            if self.tok.kind != CARD:
                raise self.expected(Message('a card (rank then suit: AS, TC)'))
            card = cast(int, self.advance().value)
            self.op(")")
            return A.HasCard(seat, card)
        if cat == "tricks":
            self.advance()
            self.op("(")
            seat = self.seat()
            self.op(",")
            if self.is_kw("suit", "notrump"):
                strain = int(self.advance().value[1])  # type: ignore[index]
            else:
                raise self.expected(Message('a strain (clubs, diamonds, hearts, spades or notrumps)'))
            self.op(")")
            return A.Tricks(seat, strain)
        if cat == "score":
            self.advance()
            self.op("(")
            vul = int(self.kw("vul", Message("a vulnerability (nv or vul)")).value[1])  # type: ignore[index]
            self.op(",")
            if self.tok.kind != CONTRACT:
                raise self.expected(Message('a contract (x3N, x4S, x7C...)'))
            level, strain = cast(tuple[int, int], self.advance().value)
            self.op(",")
            tricks = self.expr()
            self.op(")")
            return A.Score(vul, level, strain, tricks)
        if cat in ("imps", "rnd"):
            self.advance()
            self.op("(")
            e = self.expr()
            self.op(")")
            return A.Imps(e) if cat == "imps" else A.Rnd(e)
        if cat in _ACTION_WORDS:
            raise self.error(Message("'{text}' is an action: write it after 'action'", text=t.text))
        if cat in _STATEMENTS:
            raise self.error(Message("expected an expression, found the statement '{text}'", text=t.text))
        raise self.expected(Message('an expression'))

    def shape(self) -> A.Expr:
        self.advance()
        self.op("(")
        seat = self.seat()
        self.op(",")
        table = np.zeros(14 ** 4, dtype=bool)
        first = self.tok
        count = 0
        while True:
            neg = False
            if self.is_op(",", "+", "-"):
                neg = self.advance().text == "-"
            any_ = False
            if self.is_kw("any"):
                self.advance()
                any_ = True
            t = self.tok
            if t.kind != DISTR:
                if count and self.is_op(")"):
                    break
                raise self.expected(Message('a shape (four digits or x: 4333, 5xxx, any 4432)'))
            self.advance()
            _insert_shape(table, t.text, any_, neg, t)
            count += 1
            if self.is_op(")"):
                break
        self.op(")")
        self.shapes += 1
        text = " ".join(tok.text for tok in self.tokens[self.tokens.index(first):self.i - 1])
        return A.Shape(seat, table, text)


def _insert_shape(table: np.ndarray, pattern: str, any_: bool, neg: bool, tok: Token) -> None:
    """Set (or with ``neg`` clear) the shapes a pattern names: digits for
    spades, hearts, diamonds, clubs; ``x`` any length; ``any`` in any order."""
    fixed = [int(c) for c in pattern if c != "x"]
    free = pattern.count("x")
    if sum(fixed) > 13 or (free == 0 and sum(fixed) != 13):
        raise ScriptError(tok.line, tok.column,
                          Message("wrong number of cards in shape '{pattern}'", pattern=pattern) if free == 0 else
                          Message("too many cards in ambiguous shape '{pattern}'", pattern=pattern))
    shapes: set[tuple[int, ...]] = set()

    def fill(chars: list[str]) -> None:
        if "x" not in chars:
            lens = tuple(int(c) if c.isdigit() else int(c[1:]) for c in chars)
            shapes.add(lens)
            return
        k = chars.index("x")
        left = 13 - sum(int(c) if c.isdigit() else int(c[1:]) for c in chars if c != "x")
        if chars.count("x") == 1:
            chars[k] = f"#{left}"
            fill(chars)
            chars[k] = "x"
            return
        for j in range(left + 1):
            chars[k] = f"#{j}"
            fill(chars)
        chars[k] = "x"

    fill(list(pattern))
    for s in list(shapes):
        if any_:
            shapes.update(permutations(s))
    for sp, he, di, cl in shapes:
        table[((sp * 14 + he) * 14 + di) * 14 + cl] = not neg


def _fold(node: A.Expr) -> A.Expr:
    """Constant folding of operations on numbers (C semantics)."""
    from .evaluate import c_binary, c_unary
    if isinstance(node, A.Binary) and isinstance(node.left, A.Num) and isinstance(node.right, A.Num):
        if node.op in ("/", "%") and node.right.value == 0:
            return node
        return A.Num(int(c_binary(node.op, np.int64(node.left.value), np.int64(node.right.value))))
    if isinstance(node, A.Unary) and isinstance(node.operand, A.Num):
        return A.Num(int(c_unary(node.op, np.int64(node.operand.value))))
    return node


def _card_name(card: int) -> str:
    return "CDHS"[card // 13] + "23456789TJQKA"[card % 13]
