"""Seconds the default card player takes for the opening lead (issue 17: at
most 2 s a decision), on seeded deals, in their par contracts and in the
contracts bridgekit's bidding reaches, as ``bench/ai.py`` plays them (same
tasks, DDS on one thread in each of ``--jobs`` processes).

The opening lead is the slowest decision: one layout can take DDS well over a
second there.  Printed for each setting: mean, maximum and how many leads
took over 2 s of wall clock; with ``--baseline``, the same leads solved
without the worker (every DDS call in the player's own process, none
abandoned: the code before the worker), timed in the same run, on the same
deals, interleaved, and the ratio of the means.

    .venv/bin/python bench/leadtime.py --deals 200 --jobs 2 --baseline
    .venv/bin/python bench/leadtime.py --seeds 13,135,194 --show   # a few leads, each printed
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai import PlayTask, auction_for, job_pool, par_task  # noqa: E402
from bridgekit import dds  # noqa: E402
from bridgekit.game import Bidder, CardPlayer, TableView, deal_cards  # noqa: E402
from bridgekit.game.worker import SHARED  # noqa: E402
from bridgekit.play import Play  # noqa: E402
from bridgekit.seats import Vul  # noqa: E402

LIMIT = 2.0


def lead_time(task: PlayTask, in_process: bool) -> tuple[float, str]:
    """Seconds for the default player's opening lead in ``task``, and its reason."""
    contract, declarer = task.auction.contract(), task.auction.declarer()
    assert contract is not None and contract.strain is not None and declarer is not None
    player = CardPlayer(use_auction=task.read_auction, rng=random.Random(task.seed), bidder=Bidder(),
                        worker=None if in_process else SHARED)
    view = TableView.for_seat(task.deal, Play(task.deal, contract.strain, declarer), task.auction, task.vul)
    t0 = time.perf_counter()
    decision = player.decide(view)
    return time.perf_counter() - t0, decision.reason


def run(job: tuple[PlayTask, bool]) -> tuple[PlayTask, dict[str, tuple[float, str]], tuple[int, int]]:
    """The lead of one task timed with the worker (and in-process, with
    ``baseline``), and (this process, the calls its worker has abandoned)."""
    task, baseline = job
    out = {"worker": lead_time(task, False)}
    if baseline:
        out["in-process"] = lead_time(task, True)
    return task, out, (os.getpid(), SHARED.abandoned)


def summary(name: str, times: list[float], unsolved: int) -> str:
    over = sum(1 for t in times if t > LIMIT)
    return (f"  {name:<11} mean {statistics.mean(times):.3f} s  max {max(times):.2f} s  "
            f"over {LIMIT:.0f} s: {over} of {len(times)}; no layout solved: {unsolved}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--seeds", help="these seeds (comma separated) instead of --deals/--first-seed")
    ap.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--baseline", action="store_true", help="also time the leads solved in-process")
    ap.add_argument("--show", action="store_true", help="print each lead's time")
    args = ap.parse_args()
    seeds = ([int(s) for s in args.seeds.split(",")] if args.seeds
             else list(range(args.first_seed, args.first_seed + args.deals)))
    deals = [deal_cards(seed) for seed in seeds]
    tables = dds.dd_tables(deals)
    bidder = Bidder()
    tasks: list[PlayTask] = []
    for seed, deal, table in zip(seeds, deals, tables):
        vul = Vul.for_board(seed % 16 + 1)
        task = par_task(seed, deal, table, vul)
        if task is not None:
            tasks.append(task)
        auction = auction_for(deal, vul, bidder)
        if auction.declarer() is not None:   # not passed out
            tasks.append(PlayTask(seed, "bid", deal, auction, vul, True))
    times: dict[tuple[str, str], list[float]] = {}
    unsolved: dict[tuple[str, str], int] = {}
    abandoned: dict[int, int] = {}
    start = time.perf_counter()
    with job_pool(args.jobs) as pool:
        futures = [pool.submit(run, (task, args.baseline)) for task in tasks]
        for i, future in enumerate(as_completed(futures), 1):
            task, out, (pid, calls) = future.result()
            abandoned[pid] = max(abandoned.get(pid, 0), calls)
            for how, (seconds, reason) in out.items():
                times.setdefault((task.setting, how), []).append(seconds)
                unsolved[task.setting, how] = unsolved.get((task.setting, how), 0) + ("no layout" in reason)
                if args.show:
                    print(f"  seed {task.seed:>3} {task.setting} {task.auction.contract()} {how:<10} "
                          f"{seconds:.2f} s  {reason}")
            print(f"  leads: {i}/{len(tasks)}", file=sys.stderr, flush=True)
    print(f"Opening leads of the default player, seeds {seeds[0]}-{seeds[-1]} ({len(seeds)} deals), "
          f"{args.jobs} process(es), {time.perf_counter() - start:.0f} s; "
          f"DDS calls abandoned at the deadline: {sum(abandoned.values())}")
    for setting in ("par", "bid"):
        print(f"{setting} contracts:")
        for how in ("worker", "in-process"):
            if (setting, how) in times:
                print(summary(how, times[setting, how], unsolved[setting, how]))
        if (setting, "in-process") in times:
            ratio = statistics.mean(times[setting, "worker"]) / statistics.mean(times[setting, "in-process"])
            print(f"  mean worker / in-process: {ratio:.2f}")


if __name__ == "__main__":
    main()
