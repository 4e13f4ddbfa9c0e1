"""Vectorised evaluation of dealer expressions over a batch of deals.

A batch holds ``n`` deals as an ``(n, 4)`` array of 52-bit masks, one per
seat (bit ``suit * 13 + rank``, clubs and the two first).  An expression
evaluates to an ``int64`` array of ``n`` values, with C's integer semantics
(division truncates toward zero, ``%`` takes the dividend's sign, a
comparison or a logical operator gives 0 or 1).

``&&``, ``||`` and ``?:`` evaluate their later operands only on the deals
that need them when those operands are costly or can fail (double-dummy
``tricks()``, ``rnd()``, a division): a deal that fails the cheap half of
``hcp(north) >= 20 && tricks(north, spades) >= 12`` is never solved, and
``x != 0 && y / x > 2`` never divides by zero, exactly as in dealer.
Cheap operands are evaluated over the whole batch, which is faster.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

import numpy as np

from . import ast as A
from . import tables as T
from ..errors import BridgekitError
from ..notation import Message

#: (m, 4) hand masks -> (m, 4, 5) double-dummy tricks (declarer, strain C D H S NT)
TricksSource = Callable[[np.ndarray], np.ndarray]

_MASK13 = np.uint64(0x1FFF)


class EvaluationError(BridgekitError):
    """A script fails on a deal (a division by zero, tricks() without a solver)."""


class Context:
    """What every batch of a run shares: the count tables, the solver, the
    random numbers of ``rnd()``."""

    def __init__(self, program: A.Program, tricks: TricksSource | None = None,
                 rng: np.random.Generator | None = None) -> None:
        self.counts = [T.count_table(tuple(t)) for t in program.tables]
        self.losers = T.loser_table(tuple(program.tables[A.CONTROLS]), tuple(program.tables[8]))
        self.tricks = tricks
        self.rng = rng if rng is not None else np.random.default_rng()
        self.score_tables: dict[tuple[int, int, int], np.ndarray] = {}


class Batch:
    """A batch of deals and what has been computed about them."""

    def __init__(self, hands: np.ndarray, ctx: Context) -> None:
        self.hands = hands
        self.n = len(hands)
        self.ctx = ctx
        self._memo: dict[object, np.ndarray] = {}

    def take(self, idx: np.ndarray) -> "Batch":
        """The deals at ``idx`` (indices), as a new batch."""
        return Batch(self.hands[idx], self.ctx)

    def memo(self, key: object, compute: Callable[[], np.ndarray]) -> np.ndarray:
        v = self._memo.get(key)
        if v is None:
            v = self._memo[key] = compute()
        return v

    def holding(self, seat: int, suit: int) -> np.ndarray:
        """The 13-bit holdings of a seat in a suit, as indices (intp)."""
        return self.memo(("h", seat, suit), lambda: (
            (self.hands[:, seat] >> np.uint64(13 * suit)) & _MASK13).astype(np.intp))

    def length(self, seat: int, suit: int) -> np.ndarray:
        return self.memo(("len", seat, suit), lambda: T.LENGTH[self.holding(seat, suit)])

    def per_suit(self, name: str, table: np.ndarray, seat: int, suit: int | None) -> np.ndarray:
        if suit is not None:
            return self.memo((name, seat, suit), lambda: table[self.holding(seat, suit)])

        def total() -> np.ndarray:
            out = table[self.holding(seat, 0)].copy()
            for s in (1, 2, 3):
                out += table[self.holding(seat, s)]
            return out
        return self.memo((name, seat, None), total)

    def has_card(self, seat: int, card: int) -> np.ndarray:
        return ((self.hands[:, seat] >> np.uint64(card)) & np.uint64(1)).astype(np.int64)

    def tricks(self) -> np.ndarray:
        """(n, 4, 5) double-dummy tricks of every deal of the batch."""
        def solve() -> np.ndarray:
            if self.ctx.tricks is None:
                raise EvaluationError(Message('tricks() needs the double-dummy solver'))
            return self.ctx.tricks(self.hands)
        return self.memo("dd", solve)


def evaluate(node: A.Expr, batch: Batch) -> np.ndarray:
    """The values of an expression on every deal of the batch (int64, shape n)."""
    v = _eval(node, batch)
    if np.ndim(v) == 0:
        return np.full(batch.n, int(v), dtype=np.int64)
    return v


def _eval(expr: A.Expr, b: Batch) -> Any:
    node: Any = expr
    t = type(node)
    if t is A.Num:
        return np.int64(node.value)
    if t is A.Var:
        return b.memo(node, lambda: _eval(node.expr, b))
    if t is A.Binary:
        return _binary(node, b)
    if t is A.Unary:
        return c_unary(node.op, _eval(node.operand, b))
    if t is A.IfElse:
        return _if(node, b)
    if t is A.Length:
        return b.length(node.seat, node.suit)
    if t is A.Count:
        return b.per_suit(f"c{node.table}", b.ctx.counts[node.table], node.seat, node.suit)
    if t is A.Loser:
        return b.per_suit("loser", b.ctx.losers, node.seat, node.suit)
    if t is A.Quality:
        return b.per_suit("quality", T.QUALITY, node.seat, node.suit)
    if t is A.Cccc:
        return b.memo(("cccc", node.seat), lambda: _cccc(b, node.seat))
    if t is A.Shape:
        return _shape(node, b)
    if t is A.HasCard:
        return b.has_card(node.seat, node.card)
    if t is A.Tricks:
        return b.tricks()[:, node.seat, node.strain].astype(np.int64)
    if t is A.Score:
        return _score(node, b)
    if t is A.Imps:
        return imps(_eval(node.operand, b))
    if t is A.Rnd:
        limit = np.asarray(_eval(node.operand, b), dtype=np.int64)
        u = b.ctx.rng.random(b.n)
        return np.trunc(limit * u).astype(np.int64)
    raise TypeError(f"not an expression: {node!r}")


def _shape(node: A.Shape, b: Batch) -> np.ndarray:
    def compute() -> np.ndarray:
        s = node.seat
        idx = ((b.length(s, 3) * 14 + b.length(s, 2)) * 14 + b.length(s, 1)) * 14 + b.length(s, 0)
        return node.table[idx].astype(np.int64)
    return b.memo(node, compute)


def _cccc(b: Batch, seat: int) -> np.ndarray:
    ev = b.per_suit("cccc_suit", T.CCCC_SUIT, seat, None).copy()
    short = T.SHORT_POINTS[b.length(seat, 0)] + T.SHORT_POINTS[b.length(seat, 1)] \
        + T.SHORT_POINTS[b.length(seat, 2)] + T.SHORT_POINTS[b.length(seat, 3)]
    return ev + np.where(short == 0, -50, short - 100)


def is_costly(node: Any, _seen: dict[int, bool] | None = None) -> bool:
    """Whether evaluating a node solves deals, draws random numbers or can
    divide by zero (then ``&&``, ``||`` and ``?:`` evaluate it only where C would)."""
    seen = {} if _seen is None else _seen
    key = id(node)
    if key in seen:
        return seen[key]
    t = type(node)
    if t in (A.Tricks, A.Rnd):
        r = True
    elif t is A.Binary:
        r = node.op in ("/", "%") or is_costly(node.left, seen) or is_costly(node.right, seen)
    elif t is A.Var:
        r = is_costly(node.expr, seen)
    elif t is A.Unary:
        r = is_costly(node.operand, seen)
    elif t is A.IfElse:
        r = any(is_costly(x, seen) for x in (node.test, node.then, node.other))
    elif t in (A.Score, A.Imps):
        r = is_costly(node.tricks if t is A.Score else node.operand, seen)
    else:
        r = False
    seen[key] = r
    return r


def uses_tricks(node: Any) -> bool:
    """Whether an expression calls tricks()."""
    t = type(node)
    if t is A.Tricks:
        return True
    if t is A.Binary:
        return uses_tricks(node.left) or uses_tricks(node.right)
    if t is A.Var:
        return uses_tricks(node.expr)
    if t is A.Unary:
        return uses_tricks(node.operand)
    if t is A.IfElse:
        return any(uses_tricks(x) for x in (node.test, node.then, node.other))
    if t is A.Score:
        return uses_tricks(node.tricks)
    if t in (A.Imps, A.Rnd):
        return uses_tricks(node.operand)
    return False


def _subset_eval(node: A.Expr, b: Batch, mask: np.ndarray) -> np.ndarray:
    """``node`` evaluated only where ``mask`` holds (0 elsewhere)."""
    out = np.zeros(b.n, dtype=np.int64)
    idx = np.flatnonzero(mask)
    if len(idx) == b.n:
        return evaluate(node, b)
    if len(idx):
        out[idx] = evaluate(node, b.take(idx))
    return out


def _binary(node: A.Binary, b: Batch) -> Any:
    op = node.op
    if op in ("&&", "||"):
        left = np.asarray(_eval(node.left, b)) != 0
        if is_costly(node.right):
            if np.ndim(left) == 0:
                if bool(left) == (op == "||"):
                    return np.int64(1 if op == "||" else 0)
                return (np.asarray(_eval(node.right, b)) != 0).astype(np.int64)
            need = left if op == "&&" else ~left
            right = _subset_eval(node.right, b, need) != 0
        else:
            right = np.asarray(_eval(node.right, b)) != 0
        return ((left & right) if op == "&&" else (left | right)).astype(np.int64)
    left = _eval(node.left, b)
    right = _eval(node.right, b)
    if op in ("/", "%") and np.any(np.asarray(right) == 0):
        raise EvaluationError(Message("division by zero ('{op}' with a right operand of 0)", op=op))
    return c_binary(op, left, right)


def _if(node: A.IfElse, b: Batch) -> Any:
    test = np.asarray(_eval(node.test, b)) != 0
    if np.ndim(test) == 0:
        return _eval(node.then if bool(test) else node.other, b)
    if is_costly(node.then) or is_costly(node.other):
        return np.where(test, _subset_eval(node.then, b, test), _subset_eval(node.other, b, ~test))
    return np.where(test, _eval(node.then, b), _eval(node.other, b)).astype(np.int64)


def c_binary(op: str, a: Any, c: Any) -> Any:
    """A binary operator of C on int64 values."""
    if op == "+":
        return a + c
    if op == "-":
        return a - c
    if op == "*":
        return a * c
    if op == "/":
        q = np.abs(a) // np.abs(c)
        return np.where((a < 0) != (c < 0), -q, q)
    if op == "%":
        r = np.abs(a) % np.abs(c)
        return np.where(a < 0, -r, r)
    if op == "==":
        return (a == c).astype(np.int64)
    if op == "!=":
        return (a != c).astype(np.int64)
    if op == "<":
        return (a < c).astype(np.int64)
    if op == "<=":
        return (a <= c).astype(np.int64)
    if op == ">":
        return (a > c).astype(np.int64)
    if op == ">=":
        return (a >= c).astype(np.int64)
    if op == "&&":
        return ((a != 0) & (c != 0)).astype(np.int64)
    if op == "||":
        return ((a != 0) | (c != 0)).astype(np.int64)
    raise ValueError(op)


def c_unary(op: str, a: Any) -> Any:
    if op == "!":
        return (a == 0).astype(np.int64)
    return -a


# -- scoring -----------------------------------------------------------------------

@lru_cache(maxsize=None)
def score_table(vulnerable: int, level: int, strain: int) -> np.ndarray:
    """Declarer's duplicate score of an undoubled contract for 0 to 13 tricks,
    from bridgekit's contract scoring (positive made, negative defeated)."""
    from ..cards import Strain
    from ..contract import Contract, Result
    from ..rules import find_profile
    from ..seats import Seat, Side, Vul
    profile = find_profile("contract")
    contract = Contract(level, Strain(strain))
    vul = Vul.NS if vulnerable else Vul.NONE
    out = np.empty(14, dtype=np.int64)
    for tricks in range(14):
        s = profile.score(Result(contract, Seat.N, tricks), vul)
        out[tricks] = s.total(Side.NS) - s.total(Side.EW)
    return out


def _score(node: A.Score, b: Batch) -> Any:
    key = (node.vulnerable, node.level, node.strain)
    table = b.ctx.score_tables.get(key)
    if table is None:
        table = b.ctx.score_tables[key] = score_table(*key)
    tricks = np.asarray(_eval(node.tricks, b), dtype=np.int64)
    return table[np.clip(tricks, 0, 13)]


def imps(diff: Any) -> Any:
    """IMPs of score differences, with their sign (bridgekit's IMP table)."""
    from ..rules.imps import IMP_BOUNDS
    d = np.asarray(diff, dtype=np.int64)
    n = np.searchsorted(np.asarray(IMP_BOUNDS), np.abs(d), side="right").astype(np.int64)
    return np.where(d < 0, -n, n)
