"""Benchmark: ``bridgekit check`` (read + check every deal, auction and card)
against endplay only parsing the same PBN file.

Generates N boards (default 10,000) with random deals, full legal auctions and
52-card legal plays with the bridgekit model, writes them with the PBN writer
into a temporary directory, then times in the same run:

* endplay ``endplay.parsers.pbn.load`` (parse only: the baseline),
* bridgekit reading only (``read_boards`` and touching the auction and play),
* bridgekit reading and checking everything (``check_board``), and
* checking alone on boards already in memory (the engines' share).

Prints boards per second for each and the ratio to endplay's parse-only speed
(wall time, and CPU time beside it); the repeats interleave the four.
Usage: ``python bench/check.py [N] [--repeat R]``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from bridgekit.auction import Auction
from bridgekit.board import AuctionRecord, Board, CallEntry, CardEntry, PlayRecord, Tag
from bridgekit.calls import PASS, Call
from bridgekit.check import check_board
from bridgekit.deal import Deal
from bridgekit.formats import read_boards
from bridgekit.formats.pbn import write_pbn
from bridgekit.play import Play
from bridgekit.seats import Seat, Vul, dealer_for_board


def random_auction(rng: random.Random, dealer: Seat) -> Auction:
    """A random legal auction that ends in a contract: a few bids, sometimes a
    double or redouble, then three passes."""
    a = Auction(dealer)
    while True:
        legal = list(a.legal_calls)
        if not legal:
            break
        bid_started = a.last_bid() is not None
        if not bid_started:
            call = rng.choice([c for c in legal if c.is_bid and c.level is not None and c.level <= 2]) \
                if rng.random() < 0.6 else PASS
            if len(a) == 3 and call == PASS:
                call = Call.parse("1NT")
        elif rng.random() < 0.55 or (a.last_bid() is not None and a.last_bid().call.level == 7):  # type: ignore[union-attr]
            call = PASS
        else:
            others = [c for c in legal if c != PASS and (not c.is_bid or (c.level or 0) <= 5)]
            call = rng.choice(others) if others else PASS
        a.push(call)
    return a


def make_board(number: int, rng: random.Random) -> Board:
    deal = Deal.random(rng)
    dealer = dealer_for_board(number)
    auction = random_auction(rng, dealer)
    contract = auction.contract()
    declarer = auction.declarer()
    assert contract is not None and declarer is not None
    play = Play(deal, contract.strain, declarer)
    while not play.is_complete():
        held = play.remaining(play.turn) or set()
        trick = play.current_trick()
        follow = [c for c in held if trick and c.suit is trick[0].suit]
        play.push(rng.choice(sorted(follow or held, key=lambda c: c.index)))
    b = Board()
    for name, value in (("Event", "bench"), ("Site", "?"), ("Date", "2026.11.29"), ("Board", str(number)),
                        ("West", "W"), ("North", "N"), ("East", "E"), ("South", "S"),
                        ("Dealer", dealer.name), ("Vulnerable", str(Vul.for_board(number))),
                        ("Deal", deal.str_from(dealer)), ("Scoring", "IMP"), ("Declarer", declarer.name),
                        ("Contract", str(contract)), ("Result", str(play.declarer_tricks()))):
        b.tags[name] = Tag(name, value)
    b.auction = AuctionRecord(dealer, [CallEntry(c) for c in auction.calls])
    rec = PlayRecord(declarer.lho)
    for trick in play.tricks():
        rec.tricks.append([CardEntry(trick.card_of(declarer.lho.next(k))) for k in range(4)])
    b.play = rec
    return b


def timed(fn):  # type: ignore[no-untyped-def]
    """``fn()``'s result, wall time and CPU time."""
    t, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - t, time.process_time() - c


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3, help="best of R runs (default 3)")
    args = parser.parse_args()

    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "bench.pbn")
        (boards, gen_s, _) = timed(lambda: [make_board(i + 1, rng) for i in range(args.n)])
        with open(path, "w", encoding="utf-8", newline="") as f:
            write_pbn(boards, f)
        size = Path(path).stat().st_size
        print(f"generated {args.n} boards (full auctions, 52-card plays) in {gen_s:.1f}s; "
              f"file {size / 1e6:.1f} MB")
        # sanity: the generated file is clean
        problems = [p for b in read_boards(path) for p in check_board(b)]
        print(f"problems found in the generated file: {len(problems)}")
        for p in problems[:5]:
            print(f"  {p}")

        def endplay_parse() -> int:
            from endplay.parsers import pbn as ep_pbn
            with open(path, encoding="utf-8") as f:
                return len(ep_pbn.load(f))

        def bk_read() -> int:
            n = 0
            for b in read_boards(path):
                _ = b.auction, b.play
                n += 1
            return n

        def bk_check() -> int:
            n = 0
            for b in read_boards(path):
                check_board(b)
                n += 1
            return n

        in_memory = list(read_boards(path))
        for b in in_memory:
            _ = b.auction, b.play, b.problems

        def bk_check_only() -> int:
            for b in in_memory:
                check_board(b)
            return len(in_memory)

        from endplay.parsers import pbn as _warm  # noqa: F401  import cost is not parse cost

        # Rounds interleave the four (best of R each): load from other jobs on
        # a shared machine falls on all of them alike.  CPU time is printed too.
        jobs = (("endplay parse only", endplay_parse), ("bridgekit read", bk_read),
                ("bridgekit read + check", bk_check), ("bridgekit check only (in memory)", bk_check_only))
        wall = {name: float("inf") for name, _ in jobs}
        cpu = dict(wall)
        counts = {}
        for _ in range(args.repeat):
            for name, fn in jobs:
                counts[name], w, c = timed(fn)
                wall[name], cpu[name] = min(wall[name], w), min(cpu[name], c)
        base, base_cpu = counts["endplay parse only"] / wall["endplay parse only"], \
            counts["endplay parse only"] / cpu["endplay parse only"]
        print(f"\n{'':34}{'boards/s':>10}{'vs endplay parse':>18}{'(CPU time)':>12}")
        for name, _ in jobs:
            rate, rate_cpu = counts[name] / wall[name], counts[name] / cpu[name]
            print(f"{name:34}{rate:10.0f}{rate / base:17.2f}x{rate_cpu / base_cpu:11.2f}x")
        print(f"\npython {sys.version.split()[0]}, {os.cpu_count()} CPUs; best of {args.repeat}")


if __name__ == "__main__":
    main()
