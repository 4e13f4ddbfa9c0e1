"""Running a dealer script: deal in batches, keep the deals the condition
accepts, run the actions, report as dealer does.

Batches grow with the acceptance rate (a rare condition tests 65,536 deals a
batch, a common one with a small ``produce`` only a few hundred) and stop at
the deal that reaches ``produce``: ``Generated N hands`` counts the deals up
to that one, as in dealer.  Memory does not grow with ``generate``; it grows
only with what the script keeps (``print(...)`` keeps every produced deal,
as dealer does).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, cast

import numpy as np

from . import ast as A
from . import output as O
from .evaluate import Batch, Context, TricksSource, evaluate, uses_tricks
from .shuffle import Shuffler

DEFAULT_GENERATE = 10_000_000   # dealer's default (its manual says a million; the program says ten)
MAX_BATCH = 65_536
MAX_BATCH_DD = 2_048

Write = Callable[[str], Any]
#: on_deal(hands (4 ints), board index from 0): every produced deal, in order
DealSink = Callable[[tuple[int, ...], int], None]
#: progress(generated, produced, max_generate, max_produce)
Progress = Callable[[int, int, int, int], None]


@dataclass
class Options:
    """What the command line adds to a script (dealer's flags)."""

    generate: int | None = None     #: -g / --generate: overrides the script
    produce: int | None = None      #: -p / --produce: overrides the script
    seed: int | None = None         #: -s / --seed; None: the clock, as dealer
    quiet: bool = False             #: -q: printpbn prints nothing
    verbose: bool = True            #: statistics lines (dealer's -v toggles them)
    swapping: int = 0               #: -0, -2, -3
    time_limit: float | None = None  #: -t: stop after so many seconds if nothing was produced
    input_name: str = "(null)"      #: the script's name in printpbn's Event tag
    tricks: TricksSource | None = None
    progress: Progress | None = None
    on_deal: DealSink | None = None
    print_deals: bool = True        #: False: actions' reports only (-o writes the deals)


@dataclass
class Result:
    generated: int
    produced: int
    seed: int
    seconds: float
    max_generate: int
    max_produce: int
    dd: list[np.ndarray] = field(default_factory=list)


def limits(program: A.Program, opts: Options) -> tuple[int, int]:
    """(generate, produce) as dealer decides them."""
    gen = opts.generate or program.generate or DEFAULT_GENERATE
    prod = opts.produce or program.produce or (40 if program.prints else gen)
    return gen, prod


def run(program: A.Program, opts: Options, write: Write) -> Result:
    """Run a parsed script; everything dealer prints goes to ``write``."""
    start = time.perf_counter()
    seed = opts.seed if opts.seed is not None else int(time.time())
    max_gen, max_prod = limits(program, opts)
    shuffler = Shuffler(program.predeal, seed & (2**64 - 1), program.suit_lengths)
    rnd = np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed & (2**64 - 1), 0x726E64])))
    ctx = Context(program, opts.tricks, rnd)
    actions = _Actions(program, opts, write, seed)
    if program.echo and opts.print_deals:
        write(program.echo)
    costly = uses_tricks(program.condition)
    cap = MAX_BATCH_DD if costly else MAX_BATCH
    size = 64 if costly else 1024
    ngen = nprod = 0
    condition = program.condition
    always = isinstance(condition, A.Num) and condition.value != 0
    while ngen < max_gen and nprod < max_prod:
        if opts.time_limit is not None and nprod == 0 and time.perf_counter() - start > opts.time_limit:
            break
        n = min(size, max_gen - ngen)
        if always:
            n = min(n, max_prod - nprod)
        hands = _swapped(shuffler, n, opts.swapping)
        batch = Batch(hands, ctx)
        if always:
            idx = np.arange(n)
        else:
            idx = np.flatnonzero(evaluate(condition, batch))
        room = max_prod - nprod
        if len(idx) >= room:
            idx = idx[:room]
            ngen += int(idx[-1]) + 1
        else:
            ngen += n
        if len(idx):
            actions.produced(batch if len(idx) == n else batch.take(idx), nprod)
            nprod += len(idx)
        if opts.progress is not None:
            opts.progress(ngen, nprod, max_gen, max_prod)
        # next batch: enough deals for what is left to produce at the rate so far
        rate = (nprod + 1) / (ngen + 1)
        want = int((max_prod - nprod) / rate * 1.2) + 16
        size = max(min(want, cap, size * 4), 16) // 2 * 2   # even: whole generator words
    seconds = time.perf_counter() - start
    actions.finish(nprod)
    verbose = opts.verbose != (actions.pbn_printed % 2 == 1)   # dealer's printpbn toggles -v
    if verbose:
        write(O.statistics(ngen, nprod, seed, seconds))
    return Result(ngen, nprod, seed, seconds, max_gen, max_prod)


def _swapped(shuffler: Shuffler, n: int, swapping: int) -> np.ndarray:
    """dealer's -2 and -3: each shuffled deal followed by its deals with E/W
    (and S) exchanged."""
    if swapping not in (2, 3):
        return shuffler.deal(n)
    per = 2 if swapping == 2 else 6
    base = shuffler.deal(-(-n // per))
    # dealer swaps the previous deal in place: E<->W; then S<->W, E<->S, E<->W, S<->W
    orders = [[0, 1, 2, 3]]
    swaps = [(1, 3)] if per == 2 else [(1, 3), (2, 3), (1, 2), (1, 3), (2, 3)]
    cur = [0, 1, 2, 3]
    for a, b in swaps:
        cur = cur.copy()
        cur[a], cur[b] = cur[b], cur[a]
        orders.append(cur)
    out = np.stack([base[:, o] for o in orders], axis=1).reshape(-1, 4)
    return out[:n]


class _Actions:
    """The action list, run on each batch of produced deals."""

    def __init__(self, program: A.Program, opts: Options, write: Write, seed: int) -> None:
        self.program, self.opts, self.write, self.seed = program, opts, write, seed
        self.actions = program.action_list
        self.pbn_printed = 0
        self.per_deal = [a for a in self.actions if isinstance(a, (A.PrintAll, A.PrintEW, A.PrintPBN,
                                                                  A.PrintCompact, A.PrintOneLine, A.PrintES))]
        self.kept: list[tuple[int, ...]] = []        # for print(...)
        self.state: dict[int, object] = {}
        for i, a in enumerate(self.actions):
            if isinstance(a, A.Average):
                self.state[i] = 0
            elif isinstance(a, A.Frequency):
                self.state[i] = [np.zeros(a.high - a.low + 1, dtype=np.int64), 0, 0]
            elif isinstance(a, A.Frequency2D):
                self.state[i] = np.zeros((a.high - a.low + 3) * (a.high2 - a.low2 + 3), dtype=np.int64)
            elif isinstance(a, A.EvalContract):
                self.state[i] = np.zeros((2, 5, 14), dtype=np.int64)

    def produced(self, b: Batch, first: int) -> None:
        for i, a in enumerate(self.actions):
            if isinstance(a, A.Average):
                self.state[i] = int(self.state[i]) + int(evaluate(a.expr, b).sum())  # type: ignore[call-overload]
            elif isinstance(a, A.Frequency):
                v = evaluate(a.expr, b)
                st = self.state[i]
                inside = (v >= a.low) & (v <= a.high)
                st[0] += np.bincount(v[inside] - a.low, minlength=a.high - a.low + 1)  # type: ignore[index]
                st[1] += int((v < a.low).sum())  # type: ignore[index]
                st[2] += int((v > a.high).sum())  # type: ignore[index]
            elif isinstance(a, A.Frequency2D):
                r = _bin(evaluate(a.expr, b), a.low, a.high)
                c = _bin(evaluate(a.expr2, b), a.low2, a.high2)
                cols = a.high2 - a.low2 + 3
                grid = self.state[i]
                grid += np.bincount(r * cols + c, minlength=len(grid))  # type: ignore[operator,arg-type]
            elif isinstance(a, A.EvalContract):
                dd = b.tricks()
                res = self.state[i]
                for d, seat in enumerate((0, 2)):
                    for s in range(5):
                        res[d, s] += np.bincount(dd[:, seat, s], minlength=14)  # type: ignore[index]
        hands = [tuple(h) for h in b.hands.tolist()]
        if any(isinstance(a, A.PrintHands) for a in self.actions):
            self.kept.extend(hands)
        if self.opts.on_deal is not None:
            for k, h in enumerate(hands):
                self.opts.on_deal(h, first + k)
        if not self.per_deal or not self.opts.print_deals:
            return
        values: dict[int, list[int]] = {}
        for a in self.per_deal:
            exprs: list[A.Expr] = []
            if isinstance(a, (A.PrintCompact, A.PrintOneLine)) and a.expr is not None:
                exprs = [a.expr]
            elif isinstance(a, A.PrintES):
                exprs = [x for x in a.items if not isinstance(x, str)]
            for e in exprs:
                values[id(e)] = evaluate(e, b).tolist()
        out: list[str] = []
        p = self.program
        for k, h in enumerate(hands):
            number = first + k
            for a in self.per_deal:
                if isinstance(a, A.PrintAll):
                    out.append(O.printall(h, number + 1))
                elif isinstance(a, A.PrintEW):
                    out.append(O.printew(h))
                elif isinstance(a, A.PrintCompact):
                    out.append(O.compact(h, oneline=False))
                    if a.expr is not None:
                        out.append(f"{values[id(a.expr)][k]}\n")
                elif isinstance(a, A.PrintOneLine):
                    out.append(O.compact(h, oneline=True))
                    if a.expr is not None:
                        out.append(str(values[id(a.expr)][k]))
                    out.append("\n")
                elif isinstance(a, A.PrintES):
                    out.append("".join(x if isinstance(x, str) else str(values[id(x)][k]) for x in a.items))
                elif isinstance(a, A.PrintPBN):
                    if not self.opts.quiet:
                        self.pbn_printed += 1
                        out.append(O.printpbn(h, number, p.dealer, p.vulnerable, self.opts.input_name, self.seed))
            if len(out) > 256:
                self.write("".join(out))
                out.clear()
        if out:
            self.write("".join(out))

    def finish(self, produced: int) -> None:
        out: list[str] = []
        for i, a in enumerate(self.actions):
            if isinstance(a, A.PrintHands) and self.opts.print_deals:
                out.append(O.print_hands(a.seats, self.kept))
            elif isinstance(a, A.Average):
                out.append(O.average(a.label, int(self.state[i]), produced))  # type: ignore[call-overload]
            elif isinstance(a, A.Frequency):
                counts, under, over = cast(list[Any], self.state[i])
                out.append(O.frequency(a.label, a.low, counts.tolist(), under, over))
            elif isinstance(a, A.Frequency2D):
                rows, cols = a.high - a.low + 3, a.high2 - a.low2 + 3
                grid = np.asarray(self.state[i]).reshape(rows, cols).tolist()
                out.append(O.frequency2d(a.label, a.low, a.high, a.low2, a.high2, grid))
            elif isinstance(a, A.EvalContract):
                out.append(O.evalcontract(np.asarray(self.state[i]).tolist(), produced, _score))
        if out:
            self.write("".join(out))


def _bin(v: np.ndarray, low: int, high: int) -> np.ndarray:
    """dealer's 2-D frequency cell: 0 below ``low``, then one per value, last above ``high``."""
    return np.where(v > high, high - low + 2, np.maximum(v - low + 1, 0)).astype(np.int64)


def _score(vul: int, strain: int, level: int, tricks: int) -> int:
    from .evaluate import score_table
    return int(score_table(vul, level, strain)[min(max(tricks, 0), 13)])
