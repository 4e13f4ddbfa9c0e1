"""Benchmark: ``bridgekit event`` on a generated session of 100,000 results.

Generates a PBN file of B boards (default 2,000) whose ScoreTables hold R rows
each (default 50: 100,000 results), every row a random contract, declarer and
result with its recorded score, then times in the same run:

* the baseline: the same 100,000 results as one game record each, read and
  scored by ``score_board`` (what ``bridgekit score`` does per board), and
  matchpointed with the pairwise count ``sum(1 for t in scores if t < s)``
  that ``pair_matchpoints`` used (n^2 per board);
* ``bridgekit event``'s library path, ``read_event``: read the ScoreTables,
  check and score every row, compare the recorded scores, matchpoint (one
  sort per board), Neuberg, rank the pairs;
* the same with ``--method butler`` and ``cross-imps``.

Prints wall and CPU time, results per CPU second and the ratio to the
baseline (CPU time, since the machine is shared).
Usage: ``python bench/event.py [--boards B] [--rows R] [--seed S]``.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time

from bridgekit.event import EventOptions, Method, read_event
from bridgekit.formats.pbn import read_pbn
from bridgekit.scoring import score_board
from bridgekit.seats import Vul

CONTRACTS = ["1NT", "2S", "3NT", "4H", "4S", "5D", "6NT", "2HX", "3C", "4SX", "1S", "2D"]
SEATS = "NESW"


def generate(boards: int, rows: int, seed: int) -> tuple[str, str]:
    """(ScoreTable file, the same results as one game record each)."""
    rng = random.Random(seed)
    table: list[str] = []
    games: list[str] = []
    for number in range(1, boards + 1):
        vul = Vul.for_board(number)
        head = [f'[Board "{number}"]', '[Dealer "N"]', f'[Vulnerable "{vul}"]', '[Scoring "MatchPoints"]']
        table.extend(head)
        table.append('[ScoreTable "Table\\2R;PairId_NS\\3R;PairId_EW\\3R;Contract\\4L;Declarer;Result\\2R"]')
        for t in range(1, rows + 1):
            contract = rng.choice(CONTRACTS)
            level = int(contract[0])
            declarer = rng.choice(SEATS)
            tricks = max(0, min(13, level + 6 + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
            table.append(f"{t} {t} {rows + t} {contract} {declarer} {tricks}")
            games.append("\n".join(head + [f'[Table "{t}"]', f'[Contract "{contract}"]',
                                           f'[Declarer "{declarer}"]', f'[Result "{tricks}"]', ""]))
        table.append("")
    return "\n".join(table), "\n".join(games)


def baseline(games: str) -> int:
    """Score one game record per result, then matchpoint pairwise per board."""
    by_board: dict[int | None, list[int]] = {}
    for board in read_pbn(io.StringIO(games), "games.pbn"):
        s = score_board(board)
        if s.ns is not None:
            by_board.setdefault(board.number, []).append(s.ns)
    n = 0
    for scores in by_board.values():
        for s in scores:
            _ = sum(1 for t in scores if t < s) + (sum(1 for t in scores if t == s) - 1) / 2
            n += 1
    return n


def timed(label: str, f, results: int, base: float | None) -> float:  # type: ignore[no-untyped-def]
    """Run ``f`` and print its wall and CPU time, results per CPU second and
    the ratio to the baseline's (CPU time: the machine is shared)."""
    start, cpu = time.perf_counter(), time.process_time()
    got = f()
    took, used = time.perf_counter() - start, time.process_time() - cpu
    rate = results / used
    ratio = f"  {rate / base:.2f}x" if base else "  1.00x"
    print(f"{label:<38} {took:6.2f} s wall {used:6.2f} s CPU {rate:>9,.0f} results/s{ratio}  ({got:,})")
    return rate


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--boards", type=int, default=2000)
    ap.add_argument("--rows", type=int, default=50)
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args(argv)
    results = args.boards * args.rows
    print(f"generating {args.boards:,} boards x {args.rows} results = {results:,} results", file=sys.stderr)
    table, games = generate(args.boards, args.rows, args.seed)

    def event(method: Method) -> int:
        ev = read_event(read_pbn(io.StringIO(table), "event.pbn"), EventOptions(method=method))
        assert not ev.problems, ev.problems[:3]
        return ev.results

    base = timed("baseline: score_board + pairwise MPs", lambda: baseline(games), results, None)
    for method in [m for m in Method if not getattr(m, "for_teams", False)]:   # pair methods: teams need teams
        timed(f"read_event --method {method.value}", lambda: event(method), results, base)
    return 0


if __name__ == "__main__":
    sys.exit(main())
